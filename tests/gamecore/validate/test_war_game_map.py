"""The War Game's map features as undoable edits, checked live (rules-notes/002 §1.1,
§2.3, §5.4, §5.17): hostile-terrain borders, island groups, the sharing matrix."""

from __future__ import annotations

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from gamecore.engine.testmaps import war_game_pack
from gamecore.model.sharing import SHARING_KINDS, shares
from gamecore.ops import EditError, SetBorderAttrs, SetZoneAttrs, SetZoneGeometry
from gamecore.ops.scenario import SetSharing, sharing_matrix
from gamecore.store.jsonform import dump_json
from gamecore.validate import validate

WG = ("WGM001", "WGM002", "WGM003", "WGM004")


@pytest.fixture
def pack():
    return war_game_pack()


def zid(pack, name):
    return next(z.id for z in pack.map.zones.values() if z.name == name)


def codes(pack):
    return [i.code for i in validate(pack, select=list(WG)).issues]


def test_the_mini_board_and_the_bundled_board_are_clean(pack):
    assert codes(pack) == []
    from gamecore.paths import resource
    from gamecore.store import read_pack

    assert codes(read_pack(resource("samples", "war-game-1942.warroom"))) == []


def test_hostile_terrain_border_with_undo(pack):
    """seeds/002 'Hostile Terrain': a land border carries one of the four lines."""
    a, b = sorted((zid(pack, "Egypt"), zid(pack, "India")))
    before = dump_json(pack)
    edit = SetBorderAttrs([(a, b)], "hostile_terrain", "sahara")
    edit.apply(pack)
    assert pack.map.border(a, b).props["hostile_terrain"] == "sahara"
    assert SetBorderAttrs.current(pack.map.border(a, b), "hostile_terrain") == "sahara"
    edit.revert(pack)
    assert dump_json(pack) == before
    with pytest.raises(EditError, match="must be one of"):
        SetBorderAttrs([(a, b)], "hostile_terrain", "jungle").apply(pack)
    assert dump_json(pack) == before


def test_clearing_the_only_attribute_removes_the_border(pack):
    ids = pack.meta["zone_ids"]
    key = tuple(sorted((ids["R"], ids["S"])))
    assert pack.map.borders[key].props == {"hostile_terrain": "siberia"}
    SetBorderAttrs([key], "hostile_terrain", None).apply(pack)
    assert key not in pack.map.borders


def test_hostile_terrain_on_a_coast_is_an_error_with_a_fix(pack):
    """rules-notes/002 §5.4: hostile-terrain tags only on land-land borders."""
    land = zid(pack, "Great Britain")
    sea = next(n for n in sorted(pack.map.zones) if pack.map.zones[n].kind == "sea")
    SetBorderAttrs([(land, sea)], "hostile_terrain", "outback").apply(pack)
    issues = validate(pack, select=["WGM001"]).issues
    assert [i.code for i in issues] == ["WGM001"]
    issues[0].fix.make_edit(pack).apply(pack)
    assert codes(pack) == []


def test_island_group_flag_is_checked(pack):
    """rules-notes/002 §1.1: an island group is several islands, one space."""
    uk = zid(pack, "Great Britain")
    SetZoneAttrs([uk], "flag:island_group", True).apply(pack)
    assert codes(pack) == ["WGM002"]  # one polygon, and it touches land
    # make it two islands apart from every other land zone: a coverage edit is not
    # needed for the check, so set the geometry directly
    g = pack.map.zones[uk].geometry
    x0, y0, x1, y1 = g.bounds
    w, h = (x1 - x0) / 5, (y1 - y0) / 5
    islands = shapely.union_all(
        [
            box(x0 + w, y0 + h, x0 + 2 * w, y0 + 2 * h),
            box(x0 + 3 * w, y0 + 3 * h, x0 + 4 * w, y0 + 4 * h),
        ]
    )
    assert len(shapely.get_parts(islands)) == 2
    edit = SetZoneGeometry({uk: islands})
    edit.apply(pack)
    report = validate(pack, select=["WGM002"])
    touching = [i for i in report.issues if "touches land" in i.message]
    assert not [i for i in report.issues if "only one island" in i.message]
    # the shrunken islands sit inside the old outline: they no longer touch land
    assert touching == []


def test_sharing_matrix_edit_starts_from_the_alliances_and_undoes(pack):
    """seeds/002 'Sharing Territories': Japan and the U.S.S.R. share land with no one."""
    sc = pack.scenarios["mini"]
    assert "sharing" not in sc.props
    assert shares(sc, "land", "GER", "JPN")  # no matrix: one alliance shares
    before = dump_json(pack)
    edit = SetSharing("mini", "land", "JPN", "GER", False)
    edit.apply(pack)
    assert not shares(sc, "land", "GER", "JPN")
    assert shares(sc, "land", "GER", "ITA") and shares(sc, "sea", "GER", "JPN")
    assert set(sc.props["sharing"]) == set(SHARING_KINDS)
    edit.revert(pack)
    assert dump_json(pack) == before
    with pytest.raises(EditError, match="sharing kind"):
        SetSharing("mini", "rail", "GER", "ITA", True).apply(pack)
    with pytest.raises(EditError, match="no nation"):
        SetSharing("mini", "land", "GER", "XXX", True).apply(pack)


def test_liberation_pairs_are_ordered(pack):
    sc = pack.scenarios["mini"]
    SetSharing("mini", "liberate", "CHN", "USSR", False).apply(pack)
    assert not shares(sc, "liberate", "CHN", "USSR")
    assert shares(sc, "liberate", "USSR", "CHN")


def test_sharing_across_alliances_is_an_error(pack):
    SetSharing("mini", "sea", "GER", "UK", True).apply(pack)
    assert "WGM003" in codes(pack)


def test_setup_breaking_the_matrix_is_an_error(pack):
    """rules-notes/002 §5.17: Japan's units never stand on land with an ally's."""
    sc = pack.scenarios["mini"]
    SetSharing("mini", "land", "GER", "JPN", False).apply(pack)
    assert codes(pack) == []
    from gamecore.model import UnitStack

    sc.units.append(UnitStack(zid(pack, "Germany"), "JPN", "infantry", 1))
    assert codes(pack) == ["WGM004"]


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(SHARING_KINDS),
            st.sampled_from(["GER", "ITA", "JPN", "USSR", "UK"]),
            st.sampled_from(["GER", "ITA", "JPN", "USSR", "UK"]),
            st.booleans(),
        ),
        max_size=8,
    )
)
def test_any_sequence_of_sharing_edits_undoes_exactly(steps):
    pack = war_game_pack()
    before = dump_json(pack)
    done = []
    for kind, a, b, allowed in steps:
        if a == b:
            continue
        edit = SetSharing("mini", kind, a, b, allowed)
        edit.apply(pack)
        done.append(edit)
        assert shares(pack.scenarios["mini"], kind, a, b) == allowed
        # the stored matrix is what sharing_matrix() reads back
        assert (
            sharing_matrix(pack, pack.scenarios["mini"]) == pack.scenarios["mini"].props["sharing"]
        )
    for edit in reversed(done):
        edit.revert(pack)
    assert dump_json(pack) == before
