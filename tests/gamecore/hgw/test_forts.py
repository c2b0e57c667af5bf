"""Forts (seeds/001 FORTIFICATIONS, a rule module of Fall of Germany and later, switched on
by ``hgw_sp_types`` containing "fort"): fort SPs stand in their hex in no army, are
built into any supplied friendly hex, are under construction for a season, absorb one
loss per fort SP a turn, may be lost to enemy assaults, fire in defensive assault, count
against advances, and die to a successful advance or when unsupplied."""

from __future__ import annotations

import pytest

from gamecore.engine.actions import Action
from gamecore.errors import RulesError
from gamecore.hgw.armies import fort_hexes, forts_in, sp_in
from gamecore.hgw.combat import defence_value
from tests.gamecore.hgw.helpers import army, start, strength, to_phase, z
from tests.gamecore.hgw.hexpack import strip

FORTS = {"hgw_sp_types": ["inf", "mech", "fort"], "hgw_income_modifier": {}}


def test_barbarossa_builds_no_forts():
    """seeds/001 BARBAROSSA: "only infantry and mechanized strength points may be built"."""
    pack = strip(
        units=[("0201", "AXIS", "inf", 1), ("0205", "SOV", "inf", 1)],
        options={"hgw_income_modifier": {}},
    )
    s = start(pack)
    to_phase(s, "AXIS", "production")
    assert any(a.kind == "hgw_build" for a in s.legal_actions())
    assert not any(a.type == "fort" for a in s.legal_actions())
    with pytest.raises(RulesError):
        s.apply(Action("hgw_build", type="fort", count=1, zone=z(s, "0201")))


def test_a_fort_is_built_anywhere_supplied_and_completes_a_season_later():
    """seeds/001 FORTIFICATIONS 3, Fort Strength Under Construction 1-2: fort SPs go to
    any friendly hex in supply (no PP needed), into no army; they count neither in
    battle nor for stacking until the side's next production phase."""
    pack = strip(
        extra={"0202": {"value": 0}},
        units=[("0202", "AXIS", "inf", 10), ("0205", "SOV", "inf", 1)],
        armies=[("A", "AXIS", "0202")],
        options=FORTS,
    )
    s = start(pack)
    to_phase(s, "AXIS", "production")
    hx = z(s, "0202")
    s.apply(Action("hgw_build", type="fort", count=1, zone=hx))  # a full hex: allowed
    fort = next(u for u in s.at[hx] if s.units[u].type == "fort")
    assert fort not in s.army_of
    assert forts_in(s, hx) == [] and sp_in(s, hx) == 10  # under construction
    to_phase(s, "AXIS", "production")  # the next Axis production phase
    assert forts_in(s, hx) == [fort] and sp_in(s, hx) == 11


def test_at_most_seven_fort_counters():
    """seeds/001 FORTIFICATIONS 4: no more than seven fort counters of a side."""
    units = [(f"0{r}0{c}", "AXIS", "fort", 1) for r in (1, 2, 3) for c in (1, 2)]
    units += [("0103", "AXIS", "fort", 1), ("0203", "AXIS", "inf", 1), ("0206", "SOV", "inf", 1)]
    extra = {c: {"owner": "AXIS", "region": "Poland"} for c in ("0103", "0203", "0303")}
    s = start(strip(extra=extra, units=units, options=FORTS))
    to_phase(s, "AXIS", "production")
    assert len(fort_hexes(s, "AXIS")) == 7
    with pytest.raises(RulesError):
        s.apply(Action("hgw_build", type="fort", count=1, zone=z(s, "0203")))
    s.apply(Action("hgw_build", type="fort", count=1, zone=z(s, "0103")))  # an existing fort


def test_forts_absorb_one_loss_per_fort_sp_a_turn():
    """seeds/001 Effect Of Forts On Combat 3: "when losses of five strength points are
    demanded of a hex with three fort strength points, only two strength points need be
    removed from that hex" (here 3 + 2 losses by two assaults in one turn)."""
    pack = strip(
        units=[
            ("0202", "AXIS", "inf", 10),
            ("0102", "AXIS", "inf", 5),
            ("0203", "SOV", "inf", 5),
            ("0203", "SOV", "fort", 3),
        ],
        armies=[("A", "AXIS", "0202"), ("B", "AXIS", "0102"), ("D", "SOV", "0203")],
        options=FORTS,
    )
    # D's defensive assault (5 + 3 forts = 8 at a 6: one loss, from A, the largest
    # army, left with 9); A: 9 at a 3: three
    # losses, all absorbed; B: 5 at a 2: two losses, none left to absorb
    s = start(pack, dice=[6, 3, 2])
    a, b, d = army(s, "A"), army(s, "B"), army(s, "D")
    to_phase(s, "AXIS", "announce")
    t = z(s, "0203")
    s.apply(Action("hgw_attack", units=(a,), zone=t))
    s.apply(Action("hgw_attack", units=(b,), zone=t))
    fire = [e for e in s.log if e.get("e") == "hgw_fire"]
    assert (fire[0]["strength"], fire[0]["forts"], fire[0]["hits"]) == (8, 3, 1)
    s.apply(Action("hgw_assault", units=(a,), zone=t))
    assert strength(s, d) == (5, 0) and len(forts_in(s, t)) == 3
    s.apply(Action("hgw_assault", units=(b,), zone=t))
    assert strength(s, d) == (3, 0) and len(forts_in(s, t)) == 3  # infantry first
    assaults = [e for e in s.log if e.get("e") == "hgw_fire" and e["kind"] == "assault"]
    assert [(e["hits"], e["absorbed"], e["lost"]) for e in assaults] == [(3, 3, 0), (2, 0, 2)]


def test_forts_count_against_an_advance_and_die_to_a_successful_one():
    """seeds/001 Effect Of Forts On Combat 1, 4: forts count in the defence against an
    advance; a successful advance destroys the fort and all its SPs."""
    pack = strip(
        units=[("0202", "AXIS", "mech", 10), ("0203", "SOV", "fort", 2)],
        armies=[("A", "AXIS", "0202")],
        options=FORTS,
    )
    s = start(pack, dice=[6, 1])  # the forts' defensive assault (2 at a 6: none), the advance
    a = army(s, "A")
    t = z(s, "0203")
    assert defence_value(s, "AXIS", t) == 2
    to_phase(s, "AXIS", "announce")
    s.apply(Action("hgw_attack", units=(a,), zone=t))
    s.apply(Action("hgw_advance", units=(a,), zone=t))
    assert s.owner[t] == "AXIS" and not any(s.units[u].type == "fort" for u in s.at[t])


def test_unsupplied_forts_are_eliminated():
    """seeds/001 Effect Of Forts On Combat 5: forts die with the armies of a hex found
    unsupplied at the end of their side's combat phase."""
    extra = {
        c: {"owner": "AXIS", "region": "Poland", "value": 0}
        for c in ("0103", "0104", "0204", "0303", "0304")
    }
    extra["0203"] = {"value": 0}
    pack = strip(
        extra=extra,
        units=[("0203", "SOV", "fort", 2), ("0202", "AXIS", "inf", 1), ("0206", "SOV", "inf", 1)],
        options=FORTS,
    )
    s = start(pack)
    to_phase(s, "SOV", "production")
    assert not s.at.get(z(s, "0203")) and s.owner[z(s, "0203")] == "AXIS"


def test_forts_never_move_or_attack():
    """seeds/001 FORTIFICATIONS 5, Effect Of Forts On Combat 1: a side with only forts
    has nothing to move or attack with (its movement and combat pass by themselves)."""
    pack = strip(units=[("0202", "AXIS", "fort", 3), ("0205", "SOV", "inf", 1)], options=FORTS)
    s = start(pack)
    assert (s.current_nation, s.phase) == ("AXIS", "production")
    assert not any(e.get("e") == "action" for e in s.log)
