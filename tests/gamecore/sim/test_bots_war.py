"""The heuristic bot's declarations of war under war gates (seeds/000 §5.5: a Major
declares war in its Politics phase when the gates allow it; §14.1 pacts)."""

from __future__ import annotations

import pytest

from gamecore.conditions import rules_to_objectives
from gamecore.engine import new_game
from gamecore.engine.bots import play
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.rules import load_ruleset
from gamecore.sim.bots.heuristic import HeuristicBot, HeuristicParams

# A (Germany) B (Russia) C (Britain, across the sea) in a row of land, 1 the sea
ROWS = [
    "A B 1 C",
    "1 1 1 1",
]
NATIONS = {
    "GER": {"alliance": "axis", "capital": "A"},
    "SOV": {"alliance": "comintern", "capital": "B"},
    "UK": {"alliance": "allies", "capital": "C"},
}
ZONES = {
    "A": {"owner": "GER", "name": "Germany", "value": 10},
    "B": {"owner": "SOV", "name": "Russia", "value": 8},
    "C": {"owner": "UK", "name": "Britain", "value": 8},
}
GATES = """
gate G_ger "Germany may go to war" { owner: GER  check: war_gate
  if: date() >= 1936-01  effect: allow_war({SOV, UK}) }
"""


def game(units, relation="peace", gates=GATES, war_gates=True):
    pack = grid_pack(
        ROWS,
        ZONES,
        NATIONS,
        units,
        relations={("GER", "SOV"): relation, ("GER", "UK"): "peace", ("SOV", "UK"): "peace"},
        ruleset="global_war",
        options={"scenario_events": True, "war_gates": war_gates},
        objectives=rules_to_objectives(gates),
        banks={"GER": 0, "SOV": 0, "UK": 0},
        turn_order=[["GER"], ["SOV"], ["UK"]],
    )
    sc = pack.scenarios["test"]
    sc.start = "1936-01"
    sc.calendar = "6-months"
    sc.rounds = 1
    return new_game(pack, "test", seed=1), zone_ids(pack)


def test_a_major_attacks_an_outnumbered_neighbour_the_gate_allows():
    # seeds/000 §5.5: the gate lets Germany declare war on the USSR and on Britain; the
    # bot opens the land front where its army outnumbers the Soviet border army, not
    # Britain's (no land border: that war comes through the gates' other defaults)
    s, _ = game([("A", "GER", "infantry", 6), ("B", "SOV", "infantry", 1)])
    assert HeuristicBot(1)._border_wars(s, "GER") == {"SOV"}


def test_no_offensive_against_a_strong_border_or_a_closed_gate():
    s, _ = game([("A", "GER", "infantry", 3), ("B", "SOV", "infantry", 6)])
    assert HeuristicBot(1)._border_wars(s, "GER") == set()
    # the gate closed (date before it opens): no declaration whatever the odds
    closed = GATES.replace("1936-01", "1939-07")
    s, _ = game([("A", "GER", "infantry", 6), ("B", "SOV", "infantry", 1)], gates=closed)
    assert HeuristicBot(1)._border_wars(s, "GER") == set()
    # without war gates (g40 and every other ruleset) the bot keeps the old peace
    s, _ = game([("A", "GER", "infantry", 6), ("B", "SOV", "infantry", 1)], war_gates=False)
    assert HeuristicBot(1)._border_wars(s, "GER") == set()
    # and war_ratio = 0 turns the offensives off
    s, _ = game([("A", "GER", "infantry", 6), ("B", "SOV", "infantry", 1)])
    assert HeuristicBot(1, HeuristicParams(war_ratio=0))._border_wars(s, "GER") == set()


def test_a_pact_is_broken_only_with_a_larger_margin():
    # §14.1: a pact partner is attacked only at pact_ratio (2.5) times its border army
    s, _ = game([("A", "GER", "infantry", 4), ("B", "SOV", "infantry", 2)], relation="pact")
    assert HeuristicBot(1)._border_wars(s, "GER") == set()
    s, _ = game([("A", "GER", "infantry", 4), ("B", "SOV", "infantry", 2)])
    assert HeuristicBot(1)._border_wars(s, "GER") == {"SOV"}  # 2x at peace is enough
    s, _ = game([("A", "GER", "infantry", 8), ("B", "SOV", "infantry", 1)], relation="pact")
    assert HeuristicBot(1)._border_wars(s, "GER") == {"SOV"}


def test_the_bot_declares_in_its_politics_phase_and_plays_on():
    s, _ = game([("A", "GER", "infantry", 6), ("B", "SOV", "infantry", 1)])
    play(s, HeuristicBot(1), max_actions=3000)
    assert s.is_terminal()
    assert any(e.get("e") == "declare_war" and e["by"] == "GER" and e["on"] == "SOV" for e in s.log)
    assert s.at_war("GER", "SOV")
    assert not s.at_war("GER", "UK")


def test_an_army_without_a_land_route_to_the_enemy_gets_transports():
    # seeds/000 §1.6, §9: Britain's army (an island, C) reaches Germany only by sea; with
    # global_war's heuristic-bot option ferry_share = 0.5 the bot wants hulls for half of it
    from gamecore.sim.bots.heuristic import _transports_wanted, _View, bot_options

    s, _ = game([("C", "UK", "infantry", 8), ("A", "GER", "infantry", 2)], relation="peace")
    s.set_relation("GER", "UK", "war")
    tr = s.rules.units["naval_transport"]
    v = _View(s, "UK")
    need = 8 * s.rules.units["infantry"].transport_cost * 0.5
    assert _transports_wanted(v, s, tr, 0.5) == -int(-need // tr.transport_capacity)
    assert _transports_wanted(v, s, tr, 0.0) == 0  # the default of other rulesets
    # Germany's army stands next to Russia at war: no ferry wanted by land neighbours
    s.set_relation("GER", "SOV", "war")
    assert _transports_wanted(_View(s, "GER"), s, tr, 0.5) == 0
    # enough hulls at sea already: nothing more
    s2, _ = game(
        [("C", "UK", "infantry", 8), ("A", "GER", "infantry", 2), ("1", "UK", "naval_transport", 4)]
    )
    s2.set_relation("GER", "UK", "war")
    assert _transports_wanted(_View(s2, "UK"), s2, tr, 0.5) == 0
    assert bot_options(s.rules)["ferry_share"] == 0.5
    assert bot_options(load_ruleset("g40"))["ferry_share"] == 0.0  # g40 plays as before
    assert "bot_ferry_share" not in s.rules.options  # a bot knob, not a rule


def test_a_bad_bot_option_names_the_ruleset_and_key():
    from gamecore.errors import RulesetError
    from gamecore.rules import parse_ruleset
    from gamecore.sim.bots.heuristic import bot_options

    rs = parse_ruleset('extends = "g40"\n[bots.heuristic]\nferry_share = "lots"\n', "mine.toml")
    with pytest.raises(RulesetError, match=r"mine.toml.*bots.heuristic.ferry_share.*number"):
        bot_options(rs)
    rs = parse_ruleset('extends = "g40"\n[bots.heuristic]\nferry = 0.5\n', "mine.toml")
    with pytest.raises(RulesetError, match="unknown bot option"):
        bot_options(rs)
