"""The one advance-odds function (gamecore.hgw.odds): the faces it says succeed are
exactly the faces with which the rule system's apply_advance succeeds, for every terrain
modifier (seeds/001 ADVANCE TABLE; MOUNTAIN / SWAMP / DESERT / JUNGLE COMBAT; Advance
Resolution 10), and the heuristic bot's what-if reads the same modifiers."""

from __future__ import annotations

import pytest

from gamecore.engine.actions import Action
from gamecore.hgw.bot import attack_odds
from gamecore.hgw.odds import advance_chance, advance_odds
from gamecore.hgw.tables import FRIENDLY
from tests.gamecore.hgw.helpers import END, Dice, army, start, to_phase, z
from tests.gamecore.hgw.hexpack import strip

# target 0203 of an Axis army in 0202: (spec of 0203, Soviet SPs there)
CASES = {
    "clear, garrison": ({}, 0),
    "clear, no garrison": ({"props": {"garrison": 0}}, 0),
    "clear, held by 2": ({}, 2),
    "mountain +2": ({"terrain": "mountain"}, 0),
    "swamp +1": ({"terrain": "swamp"}, 0),
    "desert -1": ({"terrain": "desert"}, 0),
    "empty jungle +1": ({"terrain": "jungle"}, 0),
    "held jungle +0": ({"terrain": "jungle"}, 1),
}


def _at_initial(spec, held, mech=4):
    units = [("0202", "AXIS", "mech", mech)]
    armies = [("A", "AXIS", "0202")]
    if held:
        units.append(("0203", "SOV", "inf", held))
        armies.append(("R", "SOV", "0203"))
    s = start(strip(units=units, armies=armies, extra={"0203": spec}), seed=0)
    to_phase(s, "AXIS", "announce")
    a = army(s, "A")
    s.apply(Action("hgw_attack", units=(a,), zone=z(s, "0203")))
    if s.phase == "announce":
        s.apply(END)
    while s.decision is not None:  # the defenders' defensive assault, losses
        s.apply(s.legal()[0])
    assert s.phase == "initial"
    return s, a


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_faces_counted_are_the_faces_that_win(case):
    spec, held = CASES[case]
    s, a = _at_initial(spec, held)
    if a not in s.armies:
        pytest.skip("the defensive assault destroyed the army")
    t = z(s, "0203")
    o = advance_odds(s, a, t)
    won = set()
    for face in range(1, 7):
        trial = s.clone()
        trial.rng = Dice([face])
        trial.apply(Action("hgw_advance", units=(a,), zone=t), check=True)
        (e,) = [x for x in trial.log if x.get("e") == "hgw_advance"]
        assert e["roll"] == face + o.modifier and e["mech"] == o.mech
        if e["success"]:
            won.add(face)
    assert len(won) == o.faces, (case, o)
    assert advance_chance(s, a, t) == pytest.approx(len(won) / 6)


def test_terrain_moves_the_modifier_as_the_rulebook_says():
    """+2 mountain, +1 swamp, -1 desert, +1 only into an empty ungarrisoned jungle."""
    mods = {}
    for case in ("clear, no garrison", "mountain +2", "swamp +1", "desert -1"):
        s, a = _at_initial(*CASES[case])
        mods[case] = advance_odds(s, a, z(s, "0203")).modifier
    s, a = _at_initial(*CASES["empty jungle +1"])
    mods["jungle"] = advance_odds(s, a, z(s, "0203")).modifier
    assert mods == {
        "clear, no garrison": 0,
        "mountain +2": 2,
        "swamp +1": 1,
        "desert -1": -1,
        "jungle": 1,
    }


def test_an_advance_into_a_friendly_hex_reads_the_friendly_column():
    """seeds/001 Advance Into Friendly Hexes: 4 mech read 7 in the Friendly column."""
    s = start(strip(units=[("0202", "AXIS", "mech", 4)], armies=[("A", "AXIS", "0202")]))
    to_phase(s, "AXIS", "announce")
    a = army(s, "A")
    s.apply(Action("hgw_attack", units=(a,), zone=z(s, "0201")))
    o = advance_odds(s, a, z(s, "0201"))
    assert o.defence == FRIENDLY and o.faces == 6


@pytest.mark.parametrize("case", ["clear, no garrison", "desert -1", "empty jungle +1", "swamp +1"])
@pytest.mark.parametrize("mech", [1, 3, 5])
def test_the_bots_what_if_is_the_rules_odds_against_an_undefended_hex(case, mech):
    """No defender and no garrison: nothing fires, so the bot's chance of taking the hex
    is the rule's chance of the advance (the same modifiers, the same table)."""
    spec, held = CASES[case]
    if case == "swamp +1":
        spec = {**spec, "props": {"garrison": 0}}
    s, a = _at_initial(spec, held, mech=mech)
    src, t = z(s, "0202"), z(s, "0203")
    assert attack_odds(s, "AXIS", src, t, 0, mech) == pytest.approx(advance_chance(s, a, t))
