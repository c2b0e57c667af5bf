"""Global War §2.1 Variable End [Optional Rule] (gamecore.rules.variable_end), with
scripted dice.

seeds/000_8004ae29f2fa7391.txt §2.1: "Beginning July 1944, a D12 is rolled at the end of
each calendar turn. The US player rolls the die after its turn is finished. The game ends
on the following rolls: JULY 1944 1, JANUARY 1945 1-2, JULY 1945 1-3, JANUARY 1946 1-5,
EACH TURN THEREAFTER 1-6. Add +1 per Major Power capital that is Enemy-possessed."
"""

from __future__ import annotations

import pytest

from gamecore.engine import new_game
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.paths import sample_pack
from gamecore.rules import load_ruleset, phases
from gamecore.store import read_pack
from tests.gamecore.engine.helpers import ScriptedRng


def _game(start="1944-01", variable_end=True, rolls=()):
    pack = grid_pack(
        ["A B C", "1 1 1"],
        {
            "A": {"owner": "GER", "value": 10},
            "B": {"owner": "FRA", "value": 8},
            "C": {"owner": "USA", "value": 10},
        },
        {
            "GER": {"alliance": "axis", "capital": "A"},
            "FRA": {"alliance": "allies", "capital": "B"},
            "USA": {"alliance": "allies", "capital": "C"},
        },
        ruleset="global_war",
        options={"variable_game_end": variable_end, "war_gates": False},
    )
    sc = pack.scenarios["test"]
    sc.start, sc.calendar, sc.rounds = start, "6-months", 40
    s = new_game(pack, "test", seed=1)
    s.rng = ScriptedRng(rolls)
    return s, zone_ids(pack)


def _end_calendar_turn(s, rnd):
    s.round = rnd
    phases.end_round(s)
    return [e for e in s.log if e.get("e") == "variable_end"]


def test_the_global_war_ruleset_carries_the_table_and_leaves_it_off():
    o = load_ruleset("global_war").options
    assert o["variable_end"] is False and o["variable_end_die"] == 12
    assert o["variable_game_end"] is False  # Appendix C: an optional rule
    assert (
        load_ruleset("global_war").with_options({"variable_game_end": True}).options["variable_end"]
    )
    assert o["variable_end_table"] == [
        ["1944-07", 1],
        ["1945-01", 2],
        ["1945-07", 3],
        ["1946-01", 5],
        ["1946-07", 6],
    ]


def test_no_roll_before_july_1944_nor_with_the_option_off():
    s, _ = _game(rolls=[])  # a roll would run out of script
    assert _end_calendar_turn(s, 1) == [] and not s.terminal  # January 1944
    s, _ = _game(variable_end=False, rolls=[])
    assert _end_calendar_turn(s, 4) == [] and not s.terminal  # January 1945


@pytest.mark.parametrize(
    "rnd, date, top",
    [(2, "1944-07", 1), (3, "1945-01", 2), (4, "1945-07", 3), (5, "1946-01", 5), (9, "1948-01", 6)],
)
def test_the_table(rnd, date, top):
    s, _ = _game(rolls=[top + 1])  # one more than the range: the game goes on
    (ev,) = _end_calendar_turn(s, rnd)
    assert ev["ends_on"] == top and ev["roll"] == top + 1 and not ev["ends"]
    assert not s.terminal
    s, _ = _game(rolls=[top])  # the top of the range ends it
    (ev,) = _end_calendar_turn(s, rnd)
    assert ev["ends"] and s.terminal and s.end_reason.startswith("variable end")


def test_plus_one_per_enemy_possessed_major_capital():
    s, z = _game(rolls=[3])
    s.owner[z["B"]] = "GER"  # Paris held by the Axis
    s.bump()
    (ev,) = _end_calendar_turn(s, 3)  # January 1945: 1-2, +1
    assert ev["capitals"] == 1 and ev["ends_on"] == 3 and s.terminal


def test_usable_in_a_global_war_scenario_of_the_sample():
    pack = read_pack(sample_pack())
    pack.scenarios["global-war-1936"].options["variable_game_end"] = True  # Appendix C
    s = new_game(pack, "global-war-1936", seed=1)
    s.rng = ScriptedRng([1])
    assert _end_calendar_turn(s, 16) == [] and not s.terminal  # January 1944
    (ev,) = _end_calendar_turn(s, 17)  # July 1944: 1 ends it
    assert ev["date"] == "1944-07" and ev["ends"] and s.terminal
