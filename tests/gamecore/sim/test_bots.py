"""Bots: the registry, the heuristic bot's behaviour and strength, determinism.

Rule sources of the scenarios: g40 ruleset (seeds/004 "Summary of play"; rules-notes/004
§3.2 unit values, §4.2 movement and amphibious assaults, §4.3 air units must land,
§4.11 capitals).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from gamecore.engine import new_game, replay
from gamecore.engine.testmaps import grid_pack
from gamecore.sim.battle import BattleContext, calculate
from gamecore.sim.bots import (
    BotSpecError,
    HeuristicBot,
    RandomBot,
    battle_odds,
    bots_for,
    make_bot,
    parse_spec,
)
from gamecore.sim.playtest import PlaytestParams, binomial_tail, play_game, run_playtest
from gamecore.sim.playtest.samples import symmetric_pack

TWO = {
    "RED": {"alliance": "reds", "capital": "A"},
    "BLU": {"alliance": "blues", "capital": "B"},
}


# ---------------------------------------------------------------------- registry
def test_registry_reexports_the_engines_random_bot():
    from gamecore.engine.bots import RandomBot as EngineRandom

    assert RandomBot is EngineRandom
    assert isinstance(make_bot("random", 3), EngineRandom)
    assert isinstance(make_bot("heuristic", 3), HeuristicBot)


def test_bot_specs_parse_and_bad_ones_are_one_line_errors():
    assert parse_spec("heuristic") == {"*": "heuristic"}
    assert parse_spec("reds=heuristic, blues=random") == {"reds": "heuristic", "blues": "random"}
    with pytest.raises(BotSpecError, match="unknown bot 'clever'"):
        parse_spec("clever")
    with pytest.raises(BotSpecError, match="twice"):
        parse_spec("reds=random,reds=heuristic")
    pack = symmetric_pack()
    s = new_game(pack, "test", seed=1, log="none")
    bots = bots_for("RED=heuristic,*=random", s, 1)
    assert isinstance(bots["RED"], HeuristicBot) and isinstance(bots["BLU"], RandomBot)
    bots = bots_for("blues=heuristic,reds=random", s, 1)
    assert isinstance(bots["BLU"], HeuristicBot)
    with pytest.raises(BotSpecError, match="neither a nation nor an alliance"):
        bots_for("GER=heuristic,*=random", s, 1)
    with pytest.raises(BotSpecError, match="no bot for nation"):
        bots_for("RED=heuristic", s, 1)


# ---------------------------------------------------------------------- odds adapter
def test_fast_odds_agree_with_the_battle_calculator():
    # rules-notes/004 §3.2 (values), §4.3 (rounds, casualties); the calculator is exact
    pack = symmetric_pack()
    s = new_game(pack, "test", seed=1, log="none")
    from gamecore.engine.state import Unit

    cases = [
        (["infantry"] * 3, ["infantry"] * 2),
        (["infantry", "infantry", "artillery", "tank", "tank"], ["infantry"] * 3),
        (["tank"] * 4, ["infantry"] * 4),
    ]
    zone = next(z for z, zn in pack.map.zones.items() if zn.code == "D")
    for att, dfn in cases:
        a = [Unit(i + 1, "RED", t, zone) for i, t in enumerate(att)]
        d = [Unit(100 + i, "BLU", t, zone) for i, t in enumerate(dfn)]
        quick = battle_odds(s, zone, a, d, trials=2000, seed=5)
        exact = battle_odds(s, zone, a, d, exact=True)
        ref = calculate(s.rules, _count(att), _count(dfn), BattleContext(terrain="clear"))
        assert exact.trials == -1
        assert exact.win == pytest.approx(ref.attacker_captures, abs=1e-9)
        assert quick.win == pytest.approx(exact.win, abs=0.05)
        assert quick.att_loss == pytest.approx(exact.att_loss, rel=0.15, abs=0.5)


def _count(types):
    out: dict[str, int] = {}
    for t in types:
        out[t] = out.get(t, 0) + 1
    return out


# ---------------------------------------------------------------------- behaviour
def test_heuristic_keeps_its_capital_safe_when_it_attacks():
    # rules-notes/004 §4.11: losing the capital loses the treasury and all income, so the
    # bot attacks C only with what the capital can spare against the army next door in B
    rows = ["BAC"]
    zones = {
        "A": {"owner": "RED", "value": 6},
        "B": {"owner": "BLU", "value": 3},
        "C": {"owner": "BLU", "value": 6},
    }
    units = [
        ("A", "RED", "infantry", 12),
        ("A", "RED", "tank", 3),
        ("B", "BLU", "tank", 3),
        ("B", "BLU", "infantry", 2),
        ("C", "BLU", "infantry", 1),
    ]
    pack = grid_pack(rows, zones, TWO, units, facilities=[("A", "major_ic")], rounds=3)
    s = new_game(pack, "test", seed=3, log="none")
    bot = HeuristicBot(3)
    a_zone = next(z for z, zn in pack.map.zones.items() if zn.code == "A")
    c_zone = next(z for z, zn in pack.map.zones.items() if zn.code == "C")
    while s.current_nation == "RED" and s.phase == "combat_move":
        s.apply(bot.choose(s))
    moved = [s.units[u] for u in s.units_in(c_zone) if s.units[u].nation == "RED"]
    assert moved, "the bot should attack the weak neighbour"
    left = _count(s.units[u].type for u in s.units_in(a_zone) if s.units[u].nation == "RED")
    threat = calculate(s.rules, {"tank": 3, "infantry": 2}, left, BattleContext(terrain="clear"))
    assert threat.attacker_captures <= HeuristicBot(0).params.capital_safety + 0.05


def test_heuristic_ferries_an_army_across_the_sea():
    # rules-notes/004 §4.2: land units reach land beyond the sea by transport and assault
    # from it (amphibious); the enemy capital B is only reachable that way
    rows = ["AA1BB", "AA1BB", "CC1DD"]
    zones = {
        "A": {"owner": "RED", "value": 5},
        "C": {"owner": "RED", "value": 2},
        "B": {"owner": "BLU", "value": 5},
        "D": {"owner": "BLU", "value": 3},
    }
    units = [
        ("A", "RED", "infantry", 4),
        ("A", "RED", "tank", 2),
        ("1", "RED", "transport", 1),
        ("1", "RED", "destroyer", 1),
        ("C", "RED", "infantry", 2),
        ("B", "BLU", "infantry", 1),
        ("D", "BLU", "infantry", 1),
    ]
    pack = grid_pack(
        rows,
        zones,
        TWO,
        units,
        facilities=[("A", "major_ic"), ("B", "major_ic")],
        banks={"RED": 10, "BLU": 0},
        rounds=4,
    )
    rec = play_game(pack, "test", 1, "reds=heuristic,blues=random", keep_log=True)
    log = rec["log"]
    assert any(e["e"] == "load" for e in log)
    assert any(e["e"] == "unload" and e.get("amphibious") for e in log)
    b_zone = next(z for z, zn in pack.map.zones.items() if zn.code == "B")
    assert any(e["e"] == "capture" and e["zone"] == b_zone and e["by"] == "RED" for e in log)
    assert rec["winner"] == "reds"


def test_heuristic_lands_aircraft_on_a_carrier_when_no_land_is_in_reach():
    # rules-notes/004 §4.3: air units must end the turn where they can land; a fighter at
    # sea 6 zones from home (range 4) can only land on the carrier next to it
    rows = ["A123456B"]
    zones = {"A": {"owner": "RED", "value": 3}, "B": {"owner": "BLU", "value": 3}}
    units = [
        ("A", "RED", "infantry", 2),
        ("6", "RED", "fighter", 1),
        ("5", "RED", "carrier", 1),
        ("B", "BLU", "infantry", 2),
    ]
    pack = grid_pack(rows, zones, TWO, units, rounds=2)
    s = new_game(pack, "test", seed=1)
    bot = HeuristicBot(1)
    fighter = next(u.id for u in s.units.values() if u.type == "fighter")
    while s.current_nation == "RED" and not s.is_terminal():
        s.apply(bot.choose(s))
    assert fighter in s.units, "the fighter was lost for want of a landing spot"
    carrier_zone = next(z for z, zn in pack.map.zones.items() if zn.code == "5")
    assert s.units[fighter].zone == carrier_zone


def test_heuristic_never_loses_aircraft_for_want_of_a_landing_spot():
    # rules-notes/004 §4.3 "air units must be able to land"
    pack = symmetric_pack(rounds=4)
    for seed in (1, 2, 3):
        rec = play_game(pack, "test", seed, "heuristic", keep_log=True)
        lost = [e for e in rec["log"] if e["e"] == "lost" and e.get("reason") == "no_landing"]
        assert lost == []
        assert rec["bot_errors"] == 0 and rec["status"] == "ok"


# ---------------------------------------------------------------------- determinism
def test_heuristic_games_are_reproducible_from_their_seed():
    # docs/architecture.md Invariant 4: same pack + scenario + seed + bots -> the same event log
    pack = symmetric_pack(rounds=3)
    a = play_game(pack, "test", 42, "heuristic", keep_log=True)
    b = play_game(pack, "test", 42, "heuristic")
    c = play_game(pack, "test", 43, "heuristic")
    assert a["digest"] == b["digest"] and a["fights"] == b["fights"]
    assert a["digest"] != c["digest"]
    again = replay(pack, a["log"])
    s = new_game(pack, "test", seed=42)
    bots = bots_for("heuristic", s, 42)
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
    assert again.snapshot() == s.snapshot()


def test_heuristic_games_do_not_depend_on_the_hash_seed():
    # "on any machine": no iteration over hash-ordered sets of strings may steer a bot
    code = (
        "from gamecore.sim.playtest.samples import symmetric_pack\n"
        "from gamecore.sim.playtest import play_game\n"
        "print(play_game(symmetric_pack(rounds=2), 'test', 7, 'heuristic')['digest'])\n"
    )
    out = []
    for hs in ("1", "987"):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        r = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
        )
        assert r.returncode == 0, r.stderr
        out.append(r.stdout.strip())
    assert out[0] == out[1]


# ---------------------------------------------------------------------- strength
@pytest.mark.parametrize("side", ["reds", "blues"])
def test_heuristic_beats_random_in_at_least_95_percent_of_games(side):
    # The bar: the heuristic bot beats the random bot in >= 95% of games from
    # either side of a symmetric scenario. One-sided exact binomial test at 5%: the
    # chance of this many wins if the true rate were only 95% must be below 0.05
    # (60 games: every game must be won; 0.95**60 = 0.046).
    games = 60
    other = "blues" if side == "reds" else "reds"
    pack = symmetric_pack(rounds=6)
    run = run_playtest(
        pack, PlaytestParams("test", f"{side}=heuristic,{other}=random", 11), games, jobs=2
    )
    wins = sum(1 for r in run.records if r["winner"] == side)
    assert len(run.records) == games
    assert all(r["status"] == "ok" and r["bot_errors"] == 0 for r in run.records)
    assert binomial_tail(wins, games, 0.95) < 0.05, f"{side}: {wins}/{games}"
