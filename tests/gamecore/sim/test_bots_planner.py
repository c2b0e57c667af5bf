"""The planner bot (issue #33): registered next to the heuristic bot, deterministic for a
seed, only legal actions, and no passive powers.

Rule sources of the sample scenario: g40 ruleset (seeds/004 "Summary of play";
rules-notes/004 §4.11 capitals), declarations of war (seeds/000 §5.5).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from gamecore.engine import new_game
from gamecore.engine.actions import Action
from gamecore.errors import RulesetError
from gamecore.paths import sample_pack
from gamecore.sim.bots import HeuristicBot, bots_for, make_bot, parse_spec
from gamecore.sim.bots.planner import PlannerBot
from gamecore.sim.bots.planner.lookahead import Budget, attacks_of
from gamecore.sim.bots.planner.params import params_for, params_from
from gamecore.sim.playtest import play_game
from gamecore.sim.playtest.samples import symmetric_pack
from gamecore.store.packfile import read_pack


@pytest.fixture(scope="module")
def world():
    return read_pack(sample_pack())


def test_planner_is_registered_and_the_heuristic_still_is():
    assert isinstance(make_bot("planner", 1), PlannerBot)
    h = make_bot("heuristic", 1)
    assert isinstance(h, HeuristicBot) and not isinstance(h, PlannerBot)
    assert parse_spec("axis=planner,*=heuristic") == {"axis": "planner", "*": "heuristic"}


def test_planner_plays_only_legal_actions(world):
    s = new_game(world, "1939", seed=5, rounds=2, log="none")
    bots = bots_for("planner", s, 5)
    kinds = set()
    while not s.is_terminal():
        a = bots[s.current_player].choose(s)
        assert a in s.legal_actions() or s.system.is_legal(s, a), (s.phase, a)
        kinds.add(a.kind)
        s.apply(a)
    assert {"buy", "move", "place", "declare_war"} <= kinds


def test_planner_games_are_reproducible_from_their_seed(world):
    a = play_game(world, "1939", 11, "planner", 2)
    b = play_game(world, "1939", 11, "planner", 2)
    c = play_game(world, "1939", 12, "planner", 2)
    assert a["status"] == b["status"] == "ok" and a["bot_errors"] == 0
    assert a["digest"] == b["digest"] and a["fights"] == b["fights"]
    assert a["digest"] != c["digest"]


def test_planner_games_do_not_depend_on_the_hash_seed():
    code = (
        "from gamecore.sim.playtest.samples import symmetric_pack\n"
        "from gamecore.sim.playtest import play_game\n"
        "print(play_game(symmetric_pack(rounds=2), 'test', 7, 'planner')['digest'])\n"
    )
    out = []
    for hs in ("1", "987"):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        r = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
        )
        assert r.returncode == 0, r.stderr
        out.append(r.stdout.strip())
    assert out[0] == out[1]


def test_every_major_power_attacks_by_round_4_in_1939(world):
    # the heuristic leaves Italy, the USA and the Soviets at peace all game (issue #33);
    # the planner brings each major into the war (seeds/000 §5.5 declarations) and attacks
    r = play_game(world, "1939", 3, "planner", 4)
    assert r["status"] == "ok" and r["bot_errors"] == 0
    s = new_game(world, "1939", seed=3, rounds=1, log="none")
    majors = sorted(n for n, k in s.board.nation_kind.items() if k == "major")
    first: dict[str, int] = {}
    for rnd, attacker, _zone, _result in r["fights"]:
        first.setdefault(attacker, rnd)
    late = [n for n in majors if first.get(n, 99) > 4]
    assert not late, (late, first)
    moved = [n for n in ("ITA", "SOV", "USA") if len(set(r["income"][n][:4])) > 1]
    assert moved, r["income"]


def test_the_planner_compares_its_candidate_plans(world):
    s = new_game(world, "1939", seed=2, rounds=1, log="none")
    bot = PlannerBot(2)
    while s.phase != "combat_move":
        s.apply(bot.choose(s))
    bot.choose(s)
    names = [name for name, _score in bot.last_scores]
    assert names == [p.name for p in bot.planner.profiles] and len(names) >= 2
    # out of thinking, the planner plays its first plan without comparing
    small = PlannerBot(2, think_ms=0)
    t = new_game(world, "1939", seed=2, rounds=1, log="none")
    while t.phase != "combat_move":
        t.apply(small.choose(t))
    small.choose(t)
    assert [name for name, _score in small.last_scores] == [bot.planner.profiles[0].name]


def test_attacks_of_reads_where_a_plan_sends_units():
    pack = symmetric_pack(rounds=1)
    s = new_game(pack, "test", seed=1, log="none")
    while s.phase != "combat_move":
        s.apply(make_bot("heuristic", 1).choose(s))
    moves = [a for a in s.legal_actions() if a.kind == "move"][:3]
    got = attacks_of(s, s.current_nation, moves)
    for a in moves:
        assert set(a.units) <= set(got[a.path[-1]])
    b = Budget(3)
    assert b.take(2) and not b.take(2) and b.take(1) and b.spent == 3


def test_weights_merge_scenario_over_ruleset_over_default_and_bad_keys_say_where():
    w = {
        "default": {"think_ms": 100, "heuristic": {"win_threshold": 0.7}},
        "ruleset": {"g40": {"think_ms": 200, "heuristic": {"trials": 32}}},
        "scenario": {"1939": {"think_ms": 300}},
    }
    p = params_for("g40", "1939", w)
    assert p.think_ms == 300 and p.heuristic.win_threshold == 0.7 and p.heuristic.trials == 32
    assert params_for("war_game", "1942", w).think_ms == 100
    assert [x.name for x in p.profiles] == ["base"]
    with pytest.raises(RulesetError, match="thinkk"):
        params_from({"thinkk": 1})
    with pytest.raises(RulesetError, match=r"profiles\[0\]\.win_treshold"):
        params_from({"profiles": [{"name": "bold", "win_treshold": 0.5}]})
    with pytest.raises(RulesetError, match="is not a int"):
        params_from({"think_ms": 1.5})
    bundled = params_for("g40", "1939")
    assert len(bundled.profiles) >= 2 and bundled.think_ms > 0


def test_a_planned_buy_is_cut_to_what_the_rules_allow(world):
    # Global War's earmarked money (seeds/000 §7.3) can leave a planned count too many;
    # the planner buys as many as are legal instead of proposing an illegal action
    from gamecore.sim.bots.planner import _Buy

    s = new_game(world, "1939", seed=1, rounds=1, log="none")
    assert s.phase == "purchase"
    legal = s.legal_actions()
    t = next(a.type for a in legal if a.kind == "buy")
    too_many = Action.buy(t, 10_000)
    assert not s.system.is_legal(s, too_many)
    got = _Buy(too_many)(s, legal)
    assert got is not None and 0 < got.count < 10_000 and s.system.is_legal(s, got)
    assert not s.system.is_legal(s, Action.buy(t, got.count + 1))
