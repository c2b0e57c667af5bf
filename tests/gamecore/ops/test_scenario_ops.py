"""Scenario authoring edits: each is exact and invertible (apply then revert gives the
same pack, dict order included), bad input changes nothing."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from editor.demo import demo_pack
from gamecore.model import Alliance, Nation, Objective, Scenario
from gamecore.ops import (
    AddAlliance,
    AddNation,
    AddObjective,
    AddScenario,
    AddUnits,
    CopyZoneSetup,
    EditError,
    RemoveAlliance,
    RemoveNation,
    RemoveObjective,
    RemoveScenario,
    SetAlliance,
    SetBank,
    SetIncomeOverride,
    SetObjective,
    SetOwnerships,
    SetRelation,
    SetScenarioFields,
    SetTurnOrder,
    SetUnits,
    computed_income,
)

SC = "1939"
PACK = demo_pack()


def _pack():
    return copy.deepcopy(PACK)


def _zone(pack, code):
    return pack.map.zone_by_code(code).id


def _roundtrip(pack, edit):
    before = copy.deepcopy(pack)
    change = edit.apply(pack)
    after = copy.deepcopy(pack)
    assert change.scenarios or change.nations
    edit.revert(pack)
    assert pack == before
    edit.apply(pack)  # redo gives the same result
    assert pack == after
    edit.revert(pack)
    assert pack == before
    return after


def test_scenario_fields_and_options():
    pack = _pack()
    after = _roundtrip(pack, SetScenarioFields(SC, "rounds", 6))
    assert after.scenarios[SC].rounds == 6
    after = _roundtrip(pack, SetScenarioFields(SC, "option:kamikaze", False))
    assert after.scenarios[SC].options == {"kamikaze": False}
    after = _roundtrip(pack, SetScenarioFields(SC, "calendar", "season"))
    assert after.scenarios[SC].calendar == "season"
    e = SetScenarioFields(SC, "calendar", "fortnight")
    with pytest.raises(EditError, match="calendar"):
        e.apply(pack)
    assert pack == PACK


def test_add_remove_scenario_and_nation():
    pack = _pack()
    after = _roundtrip(pack, AddScenario(Scenario("1941", "1941")))
    assert list(after.scenarios) == [SC, "1941"]
    after = _roundtrip(pack, RemoveScenario(SC))
    assert not after.scenarios
    after = _roundtrip(pack, AddNation(Nation("SOV", "Soviet Union", "#aa0000")))
    assert "SOV" in after.nations
    with pytest.raises(EditError, match="already used"):
        AddNation(Nation("GER", "Again")).apply(pack)
    after = _roundtrip(pack, RemoveNation("FRA"))
    sc = after.scenarios[SC]
    assert "FRA" not in after.nations
    assert all("FRA" not in slot for slot in sc.turn_order)
    assert all(u.nation != "FRA" for u in sc.units)
    assert all(o.owner != "FRA" for o in sc.ownership.values())
    assert "FRA" not in sc.alliances["allies"].members


def test_alliances_relations_turn_order():
    pack = _pack()
    after = _roundtrip(pack, AddAlliance(SC, Alliance("comintern", "Comintern")))
    assert "comintern" in after.scenarios[SC].alliances
    after = _roundtrip(pack, SetAlliance(SC, "allies", "members", ["UK", "FRA", "ITA"]))
    assert after.scenarios[SC].alliances["axis"].members == ["GER"]
    _roundtrip(pack, RemoveAlliance(SC, "axis"))
    after = _roundtrip(pack, SetRelation(SC, "ITA", "UK", "war", initiated_by="ITA"))
    assert after.scenarios[SC].relation("UK", "ITA").status == "war"
    after = _roundtrip(pack, SetRelation(SC, "GER", "UK", None))
    assert after.scenarios[SC].relation("GER", "UK") is None
    with pytest.raises(EditError, match="relation must be"):
        SetRelation(SC, "GER", "UK", "frenemy").apply(pack)
    after = _roundtrip(pack, SetTurnOrder(SC, [["GER", "ITA"], [], ["UK", "FRA"]]))
    assert after.scenarios[SC].turn_order == [["GER", "ITA"], ["UK", "FRA"]]
    with pytest.raises(EditError, match="twice"):
        SetTurnOrder(SC, [["GER"], ["GER"]]).apply(pack)
    assert pack == PACK


def test_units_ownership_copy():
    pack = _pack()
    rhi, par, bel = _zone(pack, "RHI"), _zone(pack, "PAR"), _zone(pack, "BAV")
    after = _roundtrip(pack, AddUnits(SC, [par, bel], "FRA", "artillery", 2))
    counts = {
        (u.zone, u.unit_type): u.count for u in after.scenarios[SC].units if u.nation == "FRA"
    }
    assert counts[(par, "artillery")] == 2 and counts[(bel, "artillery")] == 2
    after = _roundtrip(pack, SetUnits(SC, [rhi], "GER", "infantry", 0))
    assert not [u for u in after.scenarios[SC].units if (u.zone, u.unit_type) == (rhi, "infantry")]
    after = _roundtrip(pack, CopyZoneSetup(SC, rhi, [par]))
    at_par = sorted((u.nation, u.unit_type, u.count) for u in after.scenarios[SC].units
                    if u.zone == par)  # fmt: skip
    assert at_par == [("GER", "infantry", 4), ("GER", "tank", 2)]
    after = _roundtrip(pack, SetOwnerships(SC, [par], owner="GER"))
    assert after.scenarios[SC].ownership[par].owner == "GER"
    assert after.scenarios[SC].ownership[par].original == "FRA"
    with pytest.raises(EditError, match="no zone"):
        AddUnits(SC, [99999], "GER", "infantry").apply(pack)
    assert pack == PACK


def test_banks_income_objectives():
    pack = _pack()
    after = _roundtrip(pack, SetBank(SC, "GER", 30))
    assert after.scenarios[SC].banks["GER"] == 30
    after = _roundtrip(pack, SetIncomeOverride(SC, "UK", 12))
    assert after.scenarios[SC].income_overrides == {"UK": 12}
    assert computed_income(pack, pack.scenarios[SC], "GER") > 0
    ob = Objective("paris", "Take Paris", owner="GER", condition="controls(GER, {PAR})")
    after = _roundtrip(pack, AddObjective(SC, ob))
    assert after.scenarios[SC].objectives["paris"] == ob
    AddObjective(SC, ob).apply(pack)
    base = copy.deepcopy(pack)
    e = SetObjective(SC, "paris", "condition", "controls(axis, {PAR})")
    _roundtrip(pack, e)
    _roundtrip(pack, RemoveObjective(SC, "paris"))
    with pytest.raises(EditError, match="no nation or alliance"):
        SetObjective(SC, "paris", "owner", "XXX").apply(pack)
    assert pack == base


def test_merge_of_typed_text_keeps_the_first_before():
    pack = _pack()
    AddObjective(SC, Objective("o", "O")).apply(pack)
    base = copy.deepcopy(pack)
    a = SetObjective(SC, "o", "condition", "tr")
    a.apply(pack)
    b = SetObjective(SC, "o", "condition", "true")
    b.apply(pack)
    merged = a.merge(b)
    assert merged is not None
    merged.revert(pack)
    assert pack == base


def _edits(pack):
    zones = sorted(z for z in pack.map.zones)
    nations = sorted(pack.nations)
    n = st.sampled_from(nations)
    z = st.sampled_from(zones)
    return st.one_of(
        st.builds(lambda a, b, s: SetRelation(SC, a, b, s), n, n,
                  st.sampled_from(["war", "peace", "pact", None])),
        st.builds(lambda zs, a, c: AddUnits(SC, zs, a, "infantry", c),
                  st.lists(z, min_size=1, max_size=3), n, st.integers(-3, 3)),
        st.builds(lambda zs, a, c: SetUnits(SC, zs, a, "tank", c),
                  st.lists(z, min_size=1, max_size=3), n, st.integers(0, 4)),
        st.builds(lambda s, ts: CopyZoneSetup(SC, s, ts), z, st.lists(z, max_size=3)),
        st.builds(lambda zs, a: SetOwnerships(SC, zs, owner=a), st.lists(z, max_size=3),
                  st.one_of(st.none(), n)),
        st.builds(lambda a, v: SetBank(SC, a, v), n, st.one_of(st.none(), st.integers(0, 50))),
        st.builds(lambda slots: SetTurnOrder(SC, slots),
                  st.permutations(nations).map(lambda p: [[x] for x in p])),
        st.builds(lambda a: RemoveNation(a), n),
        st.builds(lambda a, ms: SetAlliance(SC, a, "members", ms),
                  st.sampled_from(["axis", "allies"]), st.lists(n, max_size=3)),
        st.builds(lambda k, v: SetScenarioFields(SC, f"option:{k}", v),
                  st.sampled_from(["kamikaze", "scramble"]), st.one_of(st.none(), st.booleans())),
    )  # fmt: skip


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_sequence_of_edits_reverts_exactly(data):
    pack = _pack()
    done = []
    for _ in range(data.draw(st.integers(1, 6))):
        edit = data.draw(_edits(pack))
        before = copy.deepcopy(pack)
        try:
            edit.apply(pack)
        except EditError:
            assert pack == before  # a refused edit changes nothing
            continue
        done.append(edit)
    for edit in reversed(done):
        edit.revert(pack)
    assert pack == PACK
