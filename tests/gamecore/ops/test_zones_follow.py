"""gamecore.ops.zones: scenario references follow deleted or merged zones; renaming a
zone rewrites the condition texts that name it (whole names only)."""

from __future__ import annotations

import copy

import pytest

from editor.demo import demo_pack
from gamecore.geometry.coverage import Coverage
from gamecore.model.scenario import Objective
from gamecore.ops.authoring import delete_zone_edit
from gamecore.ops.zones import rename_in_text, rename_zone_edit


@pytest.mark.parametrize(
    ("text", "old", "new", "out"),
    [
        (
            "controls(GER, {Germany, Western Germany})",
            "Germany",
            "Reich",
            "controls(GER, {Reich, Western Germany})",
        ),
        (
            "controls(SOV, {Eastern Poland, Baltic States})",
            "Eastern Poland",
            "Kresy",
            "controls(SOV, {Kresy, Baltic States})",
        ),
        ('owner("Germany") == GER', "Germany", "Reich", 'owner("Reich") == GER'),
        (
            "controls(GER, Germany) and not at_war(GER, SOV)",
            "GER",
            "X",
            "controls(X, Germany) and not at_war(X, SOV)",
        ),
        ("controls(GER, Germanyx)", "Germany", "Reich", "controls(GER, Germanyx)"),
        ("controls(GER, (", "Germany", "Reich", "controls(GER, ("),  # does not parse: kept
    ],
)
def test_rename_in_text_replaces_whole_names_only(text, old, new, out):
    assert rename_in_text(text, old, new) == out


def _pack():
    pack = demo_pack()
    pack.scenarios["1939"].objectives["o1"] = Objective(
        "o1", "Rhine", owner="GER", condition="controls(GER, {Rhineland, Saxony})"
    )
    return pack


def test_delete_moves_units_ownership_capital_and_condition_names_then_undo_is_exact():
    pack = _pack()
    before = copy.deepcopy(pack)
    m = pack.map
    pru = m.zone_by_code("PRU").id  # GER capital, 3 infantry
    edit = delete_zone_edit(Coverage.from_map(m), pack, pru)
    edit.apply(pack)
    assert pru not in m.zones
    target = pack.nations["GER"].capital
    assert target in m.zones and m.zones[target].kind == "land"
    sc = pack.scenarios["1939"]
    assert all(u.zone in m.zones for u in sc.units)
    assert all(z in m.zones for z in sc.ownership)
    assert sum(u.count for u in sc.units if u.unit_type == "infantry" and u.nation == "GER") == sum(
        u.count
        for u in before.scenarios["1939"].units
        if u.unit_type == "infantry" and u.nation == "GER"
    )
    edit.revert(pack)
    assert pack == before
    edit.apply(pack)  # and again, as redo does
    assert pru not in m.zones


def test_deleting_a_zone_named_in_a_condition_renames_it_there():
    pack = _pack()
    m = pack.map
    rhi = m.zone_by_code("RHI").id
    edit = delete_zone_edit(Coverage.from_map(m), pack, rhi)
    edit.apply(pack)
    cond = pack.scenarios["1939"].objectives["o1"].condition
    assert "Rhineland" not in cond
    survivor = [z.name for z in m.zones.values() if z.name in cond]
    assert survivor


def test_rename_zone_edit_is_one_step_and_reverts():
    pack = _pack()
    before = copy.deepcopy(pack)
    rhi = pack.map.zone_by_code("RHI").id
    edit = rename_zone_edit(pack, rhi, "Westmark")
    edit.apply(pack)
    assert pack.scenarios["1939"].objectives["o1"].condition == (
        "controls(GER, {Westmark, Saxony})"
    )
    edit.revert(pack)
    assert pack == before


def _merge_pru_into(pack, policy):
    from gamecore.ops.authoring import geometry_edit

    m = pack.map
    pru, sax = m.zone_by_code("PRU").id, m.zone_by_code("SAX").id
    cs = Coverage.from_map(m).merge_zones([sax, pru], keep=sax, dry_run=True)
    return geometry_edit(cs, None, "Merge", policy), pru, sax


@pytest.mark.parametrize(
    ("units", "ownership", "capital"),
    [
        ("move", "survivor", "move"),
        ("remove", "survivor", "move"),
        ("move", "removed", "move"),
        ("move", "survivor", "clear"),
        ("remove", "removed", "clear"),
    ],
)
def test_the_removed_zone_policy_decides_units_ownership_and_capital(units, ownership, capital):
    from gamecore.model import Ownership
    from gamecore.ops.zones import RemovedZonePolicy, removed_zone_stakes

    pack = _pack()
    m = pack.map
    sc = pack.scenarios["1939"]
    pru, sax = m.zone_by_code("PRU").id, m.zone_by_code("SAX").id
    sc.ownership[sax] = Ownership("ITA", "ITA")  # the survivor has an owner of its own
    before = copy.deepcopy(pack)
    stakes = removed_zone_stakes(pack, [pru])
    pru_units = sum(u.count for u in sc.units if u.zone == pru)
    assert stakes and stakes.units == pru_units > 0 and stakes.capitals == ["GER"]
    assert stakes.owned == [pru]
    sax_units = sum(u.count for u in sc.units if u.zone == sax)
    edit, pru, sax = _merge_pru_into(pack, RemovedZonePolicy(units, ownership, capital))
    edit.apply(pack)
    assert pru not in m.zones
    moved = sum(u.count for u in sc.units if u.zone == sax)
    assert moved == sax_units + (pru_units if units == "move" else 0)
    assert sc.ownership[sax].owner == ("GER" if ownership == "removed" else "ITA")
    assert pack.nations["GER"].capital == (sax if capital == "move" else None)
    assert all(u.zone in m.zones for u in sc.units) and pru not in sc.ownership
    edit.revert(pack)
    assert pack == before  # one step, undone exactly


def test_a_bad_removed_zone_choice_is_an_edit_error():
    from gamecore.ops.base import EditError
    from gamecore.ops.zones import RemovedZonePolicy

    with pytest.raises(EditError, match="units of a removed zone: 'keep'"):
        RemovedZonePolicy(units="keep")
