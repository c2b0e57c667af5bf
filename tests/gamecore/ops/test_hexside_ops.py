"""Hexside features as undoable edits (issue #28, the HGW contract): road, river,
all-sea and impassable hexsides on borders, crossing arrows as strait links."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from gamecore.geometry import hgw_hex_map
from gamecore.model import Pack
from gamecore.ops import (
    AddCrossingArrow,
    EditError,
    RemoveCrossingArrow,
    SetBorderAttrs,
    crossing_arrow_between,
)
from gamecore.validate import validate

BASE = Pack(map=hgw_hex_map((1, 5), (1, 6), 10.0, land=box(0, 0, 60, 100)))


def code(pack, c):
    return pack.map.zone_by_code(c).id


@pytest.fixture
def pack():
    return copy.deepcopy(BASE)


@pytest.mark.parametrize("field", ["road", "all_sea"])
def test_road_and_all_sea_live_in_the_border_props(pack, field):
    a, b = code(pack, "0202"), code(pack, "0203")
    before = copy.deepcopy(pack)
    edit = SetBorderAttrs([(b, a)], field, True)
    change = edit.apply(pack)
    assert pack.map.borders[(a, b)].props == {field: True}
    assert change.borders == {(a, b)} and change.fields == {f"border.{field}"}
    assert SetBorderAttrs.current(pack.map.border(a, b), field) is True
    assert not [i for i in validate(pack).issues if i.code.startswith("HEX")]
    SetBorderAttrs([(a, b)], field, False).apply(pack)
    assert (a, b) not in pack.map.borders  # plain again: not stored
    assert SetBorderAttrs.current(pack.map.border(a, b), field) is False
    edit2 = SetBorderAttrs([(a, b)], field, True)
    edit2.apply(pack)
    edit2.revert(pack)
    assert pack == before


def test_a_road_keeps_the_other_hexside_features(pack):
    a, b = code(pack, "0202"), code(pack, "0203")
    SetBorderAttrs([(a, b)], "river", True).apply(pack)
    SetBorderAttrs([(a, b)], "road", True).apply(pack)
    SetBorderAttrs([(a, b)], "road", False).apply(pack)
    assert pack.map.borders[(a, b)].river and pack.map.borders[(a, b)].props == {}


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_bad_flag_values_are_refused_untouched(pack, value):
    a, b = code(pack, "0202"), code(pack, "0203")
    before = copy.deepcopy(pack)
    with pytest.raises(EditError):
        SetBorderAttrs([(a, b)], "road", value).apply(pack)
    assert pack == before


def test_crossing_arrows_add_and_remove(pack):
    a, b = code(pack, "0101"), code(pack, "0301")
    before = copy.deepcopy(pack)
    add = AddCrossingArrow(a, b, "Kerch")
    change = add.apply(pack)
    link = pack.map.links[add.id]
    assert (link.kind, link.a, link.b, link.name) == ("strait", a, b, "Kerch")
    assert link.props == {"crossing_arrow": True} and change.links == {add.id}
    assert crossing_arrow_between(pack, b, a) is link
    assert not [i for i in validate(pack).issues if i.code.startswith(("HEX", "GRA"))]
    with pytest.raises(EditError, match="one already"):
        AddCrossingArrow(b, a).apply(pack)
    remove = RemoveCrossingArrow(b, a)
    remove.apply(pack)
    assert pack.map.links == before.map.links
    remove.revert(pack)
    assert crossing_arrow_between(pack, a, b) == link
    remove.apply(pack)
    assert pack == before


def test_crossing_arrows_refuse_non_land_and_missing_zones(pack):
    sea = next(z.id for z in pack.map.zones.values() if z.kind == "sea")
    land = code(pack, "0101")
    before = copy.deepcopy(pack)
    for a, b in [(land, sea), (land, land), (land, 10**6)]:
        with pytest.raises(EditError):
            AddCrossingArrow(a, b).apply(pack)
    with pytest.raises(EditError, match="no crossing arrow"):
        RemoveCrossingArrow(land, code(pack, "0301")).apply(pack)
    assert pack == before


LAND = ["0101", "0102", "0103", "0201", "0202", "0203", "0301", "0302", "0303"]
EDITS = st.one_of(
    st.builds(
        lambda a, b, f, on: ("border", a, b, f, on),
        st.sampled_from(LAND),
        st.sampled_from(LAND),
        st.sampled_from(["road", "river", "all_sea", "impassable"]),
        st.booleans(),
    ),
    st.builds(lambda a, b: ("add", a, b), st.sampled_from(LAND), st.sampled_from(LAND)),
    st.builds(lambda a, b: ("remove", a, b), st.sampled_from(LAND), st.sampled_from(LAND)),
)


def _edit(pack, spec):
    kind, a, b = spec[0], code(pack, spec[1]), code(pack, spec[2])
    if kind == "border":
        return SetBorderAttrs([(a, b)], spec[3], spec[4])
    return AddCrossingArrow(a, b) if kind == "add" else RemoveCrossingArrow(a, b)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(EDITS, min_size=1, max_size=12))
def test_do_and_undo_restore_the_exact_pack(specs):
    pack = copy.deepcopy(BASE)
    states, done = [copy.deepcopy(pack)], []
    for spec in specs:
        edit = _edit(pack, spec)
        try:
            edit.apply(pack)
        except EditError:
            assert pack == states[-1]  # refused: nothing changed
            continue
        done.append(edit)
        states.append(copy.deepcopy(pack))
    for edit, state in zip(reversed(done), reversed(states[:-1]), strict=True):
        edit.revert(pack)
        assert pack == state
        assert list(pack.map.borders) == list(state.map.borders)
        assert list(pack.map.links) == list(state.map.links)
    assert pack == BASE
    for edit in done:  # redo
        edit.apply(pack)
    assert pack == states[-1]
