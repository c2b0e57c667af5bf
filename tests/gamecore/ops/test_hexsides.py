"""gamecore.ops.hexsides: hexside features (road, all-sea) on borders and the inherent
garrison override on zones (HGW-CONTRACT, rules-notes/001 §1.5) apply, revert exactly,
refuse bad input and merge like the other attribute edits."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from gamecore.model import Border, Map, Pack, Zone
from gamecore.ops import EditError, SetBorderAttrs
from gamecore.ops.hexsides import SetHexsideFeature, SetZoneProp


def _pack() -> Pack:
    m = Map(width=30, height=10)
    for i in range(3):
        m.zones[i + 1] = Zone(
            i + 1, f"{i + 1:04d}", f"Hex {i + 1}", geometry=box(i * 10, 0, i * 10 + 10, 10)
        )
    m.borders[(2, 3)] = Border(2, 3, river=True)
    return Pack(map=m)


def test_road_on_creates_the_border_and_off_removes_it():
    pack = _pack()
    before = copy.deepcopy(pack)
    on = SetHexsideFeature([(2, 1)], "road", True)
    change = on.apply(pack)
    assert pack.map.borders[(1, 2)].props == {"road": True}
    assert change.borders == {(1, 2)} and "border.road" in change.fields
    off = SetHexsideFeature([(1, 2)], "road", False)
    off.apply(pack)
    assert (1, 2) not in pack.map.borders  # a plain hexside is not stored
    off.revert(pack)
    on.revert(pack)
    assert pack == before


def test_all_sea_keeps_the_other_attributes_of_a_border():
    pack = _pack()
    before = copy.deepcopy(pack)
    edit = SetHexsideFeature([(2, 3)], "all_sea", True)
    edit.apply(pack)
    b = pack.map.borders[(2, 3)]
    assert b.river and b.props == {"all_sea": True}
    assert SetHexsideFeature.current(b, "all_sea") is True
    assert SetHexsideFeature.current(b, "road") is False
    edit.revert(pack)
    assert pack == before
    assert list(pack.map.borders) == list(before.map.borders)


def test_hexside_feature_refuses_bad_input_without_change():
    pack = _pack()
    before = copy.deepcopy(pack)
    with pytest.raises(EditError):
        SetHexsideFeature([(1, 2)], "bridge", True)
    with pytest.raises(EditError):
        SetHexsideFeature([(1, 2)], "road", "yes").apply(pack)
    with pytest.raises(EditError):
        SetHexsideFeature([(1, 9)], "road", True).apply(pack)
    assert pack == before


def test_garrison_override_set_and_cleared():
    pack = _pack()
    pack.map.zones[1].props = {"hex": [1, 1]}
    before = copy.deepcopy(pack)
    edit = SetZoneProp([1, 2], "prop:garrison", 0)
    change = edit.apply(pack)
    assert pack.map.zones[1].props == {"hex": [1, 1], "garrison": 0}
    assert pack.map.zones[2].props == {"garrison": 0}
    assert change.zones == {1, 2} and change.fields == {"zone.props"}
    clear = SetZoneProp([1], "prop:garrison", None)
    clear.apply(pack)
    assert pack.map.zones[1].props == {"hex": [1, 1]}
    clear.revert(pack)
    edit.revert(pack)
    assert pack == before


@pytest.mark.parametrize("value", [2, -1, "1", True, 0.5])
def test_garrison_refuses_values_other_than_0_1_or_none(value):
    pack = _pack()
    before = copy.deepcopy(pack)
    with pytest.raises(EditError, match="garrison"):
        SetZoneProp([1], "prop:garrison", value).apply(pack)
    assert pack == before


def test_only_known_zone_props_are_editable():
    with pytest.raises(EditError, match="prop:garrison"):
        SetZoneProp([1], "prop:hex", [1, 2])
    with pytest.raises(EditError):
        SetZoneProp([1], "garrison", 1)


def test_garrison_edits_of_the_same_zones_merge():
    pack = _pack()
    a = SetZoneProp([1], "prop:garrison", 0)
    a.apply(pack)
    b = SetZoneProp([1], "prop:garrison", 1)
    b.apply(pack)
    merged = a.merge(b)
    assert merged is not None
    merged.revert(pack)
    assert pack.map.zones[1].props == {}


EDITS = st.one_of(
    st.builds(
        lambda pair, f, v: ("side", pair, f, v),
        st.sampled_from([(1, 2), (2, 3), (3, 2)]),
        st.sampled_from(["road", "all_sea"]),
        st.booleans(),
    ),
    st.builds(
        lambda zs, v: ("zone", zs, v),
        st.lists(st.sampled_from([1, 2, 3]), min_size=1, max_size=3, unique=True),
        st.sampled_from([None, 0, 1]),
    ),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(EDITS, min_size=1, max_size=10))
def test_any_sequence_of_hex_edits_reverts_to_the_same_pack(steps):
    pack = _pack()
    before = copy.deepcopy(pack)
    done = []
    for step in steps:
        if step[0] == "side":
            edit = SetHexsideFeature([step[1]], step[2], step[3])
        else:
            edit = SetZoneProp(step[1], "prop:garrison", step[2])
        edit.apply(pack)
        done.append(edit)
    for b in pack.map.borders.values():
        assert not b.is_plain()
    for edit in reversed(done):
        edit.revert(pack)
    assert pack == before
    assert list(pack.map.borders) == list(before.map.borders)


def test_border_attrs_still_edit_river_next_to_a_road():
    pack = _pack()
    SetHexsideFeature([(1, 2)], "road", True).apply(pack)
    SetBorderAttrs([(1, 2)], "river", True).apply(pack)
    b = pack.map.borders[(1, 2)]
    assert b.river and b.props["road"] is True


@pytest.mark.parametrize("field", ["road", "river", "all_sea", "impassable"])
def test_hexside_feature_is_the_border_edit_under_its_hexside_name(field):
    """One implementation (issue #28): SetHexsideFeature writes what SetBorderAttrs
    writes, field for field, and only adds its label."""
    via_hexside, via_border = _pack(), _pack()
    hexside = SetHexsideFeature([(1, 2)], field, True)
    assert hexside.apply(via_hexside) == SetBorderAttrs([(1, 2)], field, True).apply(via_border)
    assert via_hexside == via_border
    assert hexside.label == f"Add {field.replace('_', '-')} on 1 hexside"
    assert SetBorderAttrs.current(via_hexside.map.border(1, 2), field) is True


def test_hexside_feature_refuses_the_border_fields_that_are_not_hexside_features():
    with pytest.raises(EditError, match="rail_gauge"):
        SetHexsideFeature([(1, 2)], "rail_gauge", "broad")
