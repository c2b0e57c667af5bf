"""gamecore.ops: every edit applies exactly what it says, reverts to an identical pack,
reports what it touched, refuses bad input without changing anything, and merges."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from gamecore.model import (
    Border,
    Facility,
    Line,
    Link,
    Map,
    Nation,
    Ownership,
    Pack,
    Scenario,
    Zone,
)
from gamecore.ops import (
    AddItem,
    CompositeEdit,
    EditError,
    RemoveItem,
    SetBorderAttrs,
    SetFacilityAttrs,
    SetLineAttrs,
    SetLinkAttrs,
    SetNationAttrs,
    SetOwnership,
    SetZoneAttrs,
    SetZoneGeometry,
)


def grid_pack() -> Pack:
    """3 x 3 zones of 100 x 100: the middle column is sea, the rest land."""
    m = Map(name="grid", width=300, height=300)
    zid = 0
    for row in range(3):
        for col in range(3):
            zid += 1
            sea = col == 1
            m.zones[zid] = Zone(
                zid,
                str(zid) if sea else f"L{zid}",
                f"Zone {zid}",
                "sea" if sea else "land",
                box(col * 100, row * 100, col * 100 + 100, row * 100 + 100),
                value=0 if sea else zid,
                terrain="sea" if sea else "clear",
                flags=["victory_city", "city"] if zid == 4 else [],  # unsorted on purpose
                label=(col * 100 + 50.0, row * 100 + 50.0),
            )
    m.borders[(1, 4)] = Border(1, 4, river=True)
    m.borders[(4, 7)] = Border(4, 7, mountain=True)
    m.links[1] = Link(1, "strait", 1, 3, "Narrows", via=2)
    m.facilities[1] = Facility(1, 4, "factory", level=2)
    m.facilities[2] = Facility(2, 4, "port", serves=[5])
    m.lines[1] = Line(1, "convoy", "Run", [(150.0, 0.0), (150.0, 300.0)], [2, 5, 8], 2, 8, {"A": 3})
    pack = Pack(map=m)
    pack.nations["A"] = Nation("A", "Alpha", "#aa0000")
    pack.nations["B"] = Nation("B", "Beta", "#0000aa")
    sc = Scenario("s1", "Start")
    sc.ownership[1] = Ownership("A", "A")
    sc.ownership[3] = Ownership("B", "B")
    pack.scenarios["s1"] = sc
    return pack


def apply_revert(pack: Pack, edit):
    before = copy.deepcopy(pack)
    change = edit.apply(pack)
    after = copy.deepcopy(pack)
    assert after != before
    edit.revert(pack)
    assert pack == before
    assert list(pack.map.borders) == list(before.map.borders)  # dict order restored too
    assert list(pack.scenarios["s1"].ownership) == list(before.scenarios["s1"].ownership)
    edit.apply(pack)  # and again: apply/revert alternate any number of times
    assert pack == after
    return change


def test_set_zone_value_of_many_zones_reports_them():
    pack = grid_pack()
    change = apply_revert(pack, SetZoneAttrs([1, 3, 4], "value", 9))
    assert [pack.map.zones[z].value for z in (1, 3, 4)] == [9, 9, 9]
    assert change.zones == {1, 3, 4}
    assert change.fields == {"zone.value"}
    assert not change.ownership and not change.geometry


def test_per_zone_values_and_names():
    pack = grid_pack()
    apply_revert(pack, SetZoneAttrs([], "name", values={1: "North", 3: "East"}))
    assert pack.map.zones[1].name == "North" and pack.map.zones[3].name == "East"


def test_flag_edit_restores_the_unsorted_flag_list_exactly():
    pack = grid_pack()
    apply_revert(pack, SetZoneAttrs([4, 6], "flag:capital", True))
    assert pack.map.zones[4].flags == ["capital", "city", "victory_city"]
    assert pack.map.zones[6].flags == ["capital"]
    edit = SetZoneAttrs([4], "flag:city", False)
    edit.apply(pack)
    edit.revert(pack)
    assert pack.map.zones[4].flags == ["capital", "city", "victory_city"]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("code", "NEW"),
        ("terrain", "forest"),
        ("region", "Europe"),
        ("kind", "impassable"),
        ("flags", ["island"]),
        ("label", (10, 20)),
        ("roundel", (5, 6)),
        ("slots", [(1, 2), (3, 4)]),
    ],
)
def test_every_zone_field_round_trips(field, value):
    pack = grid_pack()
    apply_revert(pack, SetZoneAttrs([1], field, value))


def test_points_are_normalised_to_float_tuples():
    pack = grid_pack()
    SetZoneAttrs([1], "label", [10, 20]).apply(pack)
    assert pack.map.zones[1].label == (10.0, 20.0)


@pytest.mark.parametrize(
    ("targets", "field", "value", "message"),
    [
        ([1], "value", -1, "at least 0"),
        ([1], "value", "3", "whole number"),
        ([1], "value", True, "whole number"),
        ([1], "kind", "swamp", "must be one of"),
        ([1], "name", "  ", "must not be empty"),
        ([1], "code", "L3", "already used by zone 3"),
        ([1, 3], "code", "X", "one zone at a time"),
        ([1], "label", (1, float("nan")), "finite"),
        ([1], "colour", "#fff", "no editable field"),
        ([99], "value", 1, "no zone with id 99"),
    ],
)
def test_bad_zone_edits_are_refused_and_change_nothing(targets, field, value, message):
    pack = grid_pack()
    before = copy.deepcopy(pack)
    with pytest.raises(EditError, match=message):
        SetZoneAttrs(targets, field, value).apply(pack)
    assert pack == before


def test_ownership_creates_and_removes_entries_exactly():
    pack = grid_pack()
    change = apply_revert(pack, SetOwnership("s1", [1, 4, 6], "owner", "B"))
    sc = pack.scenarios["s1"]
    assert [sc.owner_of(z) for z in (1, 4, 6)] == ["B", "B", "B"]
    assert sc.ownership[4].original is None
    assert change.ownership == {1, 4, 6} and change.scenarios == {"s1"}
    with pytest.raises(EditError, match="no nation 'Z'"):
        SetOwnership("s1", [1], "owner", "Z").apply(pack)
    with pytest.raises(EditError, match="no scenario"):
        SetOwnership("nope", [1], "owner", "A").apply(pack)


def test_border_attributes_store_only_non_plain_borders():
    pack = grid_pack()
    apply_revert(pack, SetBorderAttrs([(4, 1)], "river", False))  # becomes plain: removed
    assert (1, 4) not in pack.map.borders
    pack = grid_pack()
    edit = SetBorderAttrs([(4, 1)], "river", False)
    edit.apply(pack)
    assert (1, 4) not in pack.map.borders
    edit.revert(pack)
    assert list(pack.map.borders) == [(1, 4), (4, 7)]
    apply_revert(pack, SetBorderAttrs([(2, 3), (5, 6)], "crossing_limit", 2))
    with pytest.raises(EditError, match="two different zones"):
        SetBorderAttrs([(3, 3)], "river", True).apply(pack)


def test_feature_attribute_edits():
    pack = grid_pack()
    assert apply_revert(pack, SetLinkAttrs([1], "kind", "canal")).links == {1}
    apply_revert(pack, SetLinkAttrs([1], "controllers", [4, 6]))
    with pytest.raises(EditError, match="expected sea/lake"):
        SetLinkAttrs([1], "via", 4).apply(pack)
    assert apply_revert(pack, SetFacilityAttrs([1, 2], "level", 3)).facilities == {1, 2}
    apply_revert(pack, SetFacilityAttrs([2], "owner", "B"))
    apply_revert(pack, SetLineAttrs([1], "value:B", 4))
    assert pack.map.lines[1].values == {"A": 3, "B": 4}
    apply_revert(pack, SetLineAttrs([1], "value:A", None))
    with pytest.raises(EditError, match="no nation 'Q'"):
        SetLineAttrs([1], "value:Q", 1).apply(pack)
    apply_revert(pack, SetNationAttrs(["A"], "colour", "#00FF00"))
    assert pack.nations["A"].colour == "#00ff00"


def test_geometry_and_items():
    pack = grid_pack()
    change = apply_revert(pack, SetZoneGeometry({1: box(0, 0, 100, 90)}))
    assert change.geometry == {1}
    add = AddItem("links", Link(0, "not_adjacent", 4, 7))
    apply_revert(pack, add)
    assert add.id == 2
    apply_revert(pack, RemoveItem("facilities", 1))
    pack = grid_pack()
    edit = RemoveItem("facilities", 1)
    edit.apply(pack)
    edit.revert(pack)
    assert list(pack.map.facilities) == [1, 2]


def test_composite_edit_is_one_step_and_rolls_back_on_failure():
    pack = grid_pack()
    apply_revert(
        pack,
        CompositeEdit([SetZoneAttrs([1], "value", 7), SetOwnership("s1", [1], "owner", "B")]),
    )
    before = copy.deepcopy(pack)
    bad = CompositeEdit([SetZoneAttrs([1], "value", 7), SetZoneAttrs([1], "kind", "nope")])
    with pytest.raises(EditError):
        bad.apply(pack)
    assert pack == before


def test_repeated_edits_of_one_field_merge_and_noop_merges_are_detected():
    pack = grid_pack()
    original = copy.deepcopy(pack)
    first = SetZoneAttrs([1, 3], "value", 5)
    second = SetZoneAttrs([1, 3], "value", 6)
    first.apply(pack)
    second.apply(pack)
    merged = first.merge(second)
    assert merged is not None and not merged.is_noop()
    merged.revert(pack)
    assert pack == original
    merged.apply(pack)
    assert pack.map.zones[1].value == 6
    back = SetZoneAttrs([1, 3], "value", 1)  # zone 1 had 1 ... but zone 3 had 3
    back.apply(pack)
    assert not merged.merge(back).is_noop()
    assert first.merge(SetZoneAttrs([1], "value", 2)) is None  # other targets
    assert first.merge(SetZoneAttrs([1, 3], "terrain", "x")) is None  # other field
    o1, o2 = SetOwnership("s1", [1], "owner", "B"), SetOwnership("s1", [1], "owner", "A")
    o1.apply(pack)
    o2.apply(pack)
    assert o1.merge(o2).is_noop()  # back to the start: the undo step can be dropped


ZONE_EDITS = st.one_of(
    st.builds(
        lambda zs, v: SetZoneAttrs(zs, "value", v),
        st.lists(st.integers(1, 9), min_size=1, max_size=4),
        st.integers(0, 20),
    ),
    st.builds(
        lambda zs, f, on: SetZoneAttrs(zs, f"flag:{f}", on),
        st.lists(st.integers(1, 9), min_size=1, max_size=3),
        st.sampled_from(["city", "capital", "island"]),
        st.booleans(),
    ),
    st.builds(
        lambda zs, t: SetZoneAttrs(zs, "terrain", t),
        st.lists(st.integers(1, 9), min_size=1, max_size=3),
        st.sampled_from(["clear", "forest", "hills"]),
    ),
    st.builds(
        lambda zs, n, f: SetOwnership("s1", zs, f, n),
        st.lists(st.integers(1, 9), min_size=1, max_size=3),
        st.sampled_from(["A", "B", None]),
        st.sampled_from(["owner", "original"]),
    ),
    st.builds(
        lambda a, b, f, on: SetBorderAttrs([(a, b)], f, on),
        st.integers(1, 4),
        st.integers(5, 9),
        st.sampled_from(["river", "mountain", "impassable"]),
        st.booleans(),
    ),
    st.builds(lambda lv: SetFacilityAttrs([1, 2], "level", lv), st.integers(0, 5)),
    st.builds(lambda v: SetLineAttrs([1], "value:B", v), st.one_of(st.none(), st.integers(0, 9))),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ZONE_EDITS, min_size=1, max_size=12))
def test_any_sequence_of_edits_reverts_to_the_identical_pack(edits):
    pack = grid_pack()
    original = copy.deepcopy(pack)
    states = [copy.deepcopy(pack)]
    for e in edits:
        e.apply(pack)
        states.append(copy.deepcopy(pack))
    for e, state in zip(reversed(edits), reversed(states[:-1]), strict=True):
        e.revert(pack)
        assert pack == state
    assert pack == original
    assert list(pack.map.borders) == list(original.map.borders)
    assert list(pack.scenarios["s1"].ownership) == list(original.scenarios["s1"].ownership)
    for e in edits:  # redo all
        e.apply(pack)
    assert pack == states[-1]


def test_geometry_change_sets_apply_and_revert_exactly():
    from gamecore.geometry.coverage import Coverage
    from gamecore.ops import ApplyChangeSet

    pack = grid_pack()
    original = copy.deepcopy(pack)
    cov = Coverage.from_map(pack.map)
    split = ApplyChangeSet(cov.split_zone(4, [(-1, 150), (101, 150)]))
    change = split.apply(pack)
    assert change.created_zones and 4 in change.geometry
    new = next(iter(change.created_zones))
    assert pack.map.zones[new].kind == "land" and pack.map.zones[new].code.startswith("L4")
    cov = Coverage.from_map(pack.map)
    merge = ApplyChangeSet(cov.merge_zones([1, 4]), label="merge")
    change = merge.apply(pack)
    assert 1 in change.deleted_zones or 4 in change.deleted_zones
    assert merge.label == "Merge"
    merge.revert(pack)
    split.revert(pack)
    assert pack == original
    assert list(pack.map.zones) == list(original.map.zones)
    assert list(pack.map.borders) == list(original.map.borders)
