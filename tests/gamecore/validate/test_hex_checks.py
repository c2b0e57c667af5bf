"""Checks of hex maps (HEX001..HEX010; issue #28, the HGW contract): each check finds
what it is for on a crafted map, and hostile values give issues, never a traceback."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Polygon, box

from gamecore.geometry import hgw_hex_map
from gamecore.model import Border, Link, Pack, Zone
from gamecore.validate import validate

HEX = [f"HEX{i:03d}" for i in range(1, 12)]


@pytest.fixture(scope="module")
def base():
    # rows 1-6, columns 1-8; the land is the west half (columns 1-4 and a bit)
    return Pack(map=hgw_hex_map((1, 6), (1, 8), 10.0, land=box(0, 0, 75, 200)))


@pytest.fixture
def pack(base):
    return copy.deepcopy(base)


def z(pack, code):
    return pack.map.zone_by_code(code)


def issues(pack, *codes):
    return [(i.code, i.message) for i in validate(pack, select=list(codes or HEX)).issues]


def found(pack, code):
    return [msg for c, msg in issues(pack, code) if c == code]


def test_the_generated_map_is_clean(pack):
    report = validate(pack)
    assert report.counts["error"] == 0 and report.counts["warning"] == 0, report.issues[:3]
    kinds = {zz.kind for zz in pack.map.zones.values()}
    assert kinds == {"land", "sea"}


@pytest.mark.parametrize(
    "meta",
    [
        "junk",
        [1, 2],
        {"layout": "odd-r"},
        {"layout": "odd-r", "size": 10, "rows": [1, 10**12], "cols": [1, 8], "id_format": "rrcc"},
        {"layout": "odd-r", "size": "10", "rows": [1, 6], "cols": [1, 8], "id_format": "rrcc"},
        {"layout": 7, "size": 10, "rows": [1, 6], "cols": [1, 8], "id_format": "rrcc"},
        {
            "layout": "odd-r",
            "size": 10,
            "rows": [1, 6],
            "cols": [1, 8],
            "id_format": "rrcc",
            "origin": "x",
        },
    ],
)
def test_hex001_unusable_metadata(pack, meta):
    pack.map.props["hex"] = meta
    assert found(pack, "HEX001")
    validate(pack)  # every other check copes too


def test_hex001_cells_without_a_grid(pack):
    del pack.map.props["hex"]
    assert found(pack, "HEX001")
    # the older wizard metadata names no layout: not a grid, not an error by itself
    pack.map.props["hex"] = {"orientation": "flat", "rows": 3, "cols": 4, "size": 20.0}
    for zone in pack.map.zones.values():
        zone.props.pop("hex")
    assert not found(pack, "HEX001")


@pytest.mark.parametrize(
    "cell", ["0101", [1], [0, 1], [1, 9], [True, 1], [1.0, 1], [10**30, 1], None, {}]
)
def test_hex002_cells_that_are_not_of_the_grid(pack, cell):
    z(pack, "0203").props["hex"] = cell
    msgs = found(pack, "HEX002")
    assert len(msgs) == 1 and "props.hex" in msgs[0]


@pytest.mark.parametrize("code", ["0302", "203", "junk", "", "0203 "])
def test_hex002_code_not_the_cell_id(pack, code):
    z(pack, "0203").code = code
    msgs = found(pack, "HEX002")
    assert len(msgs) == 1 and "0203" in msgs[0]


def test_hex003_two_zones_on_one_hex(pack):
    z(pack, "0204").props["hex"] = [2, 3]
    assert any("claimed by 2 zones" in m for m in found(pack, "HEX003"))


def test_hex004_polygon_not_its_cell(pack):
    zone = z(pack, "0305")
    zone.geometry = affinity.scale(zone.geometry, 0.9, 0.9)
    assert found(pack, "HEX004") == [
        f"zone 'Hex 0305' (id {zone.id}) is not the hexagon of hex 0305"
    ]
    # the same hexagon from another corner, the other way round, is the cell
    other = z(pack, "0306")
    ring = list(other.geometry.exterior.coords)[:-1]
    other.geometry = Polygon(list(reversed(ring[2:] + ring[:2])))
    assert len(found(pack, "HEX004")) == 1
    # two hexes that swap ids keep valid polygons, but not their own cells
    a, b = z(pack, "0101"), z(pack, "0102")
    a.props["hex"], b.props["hex"] = [1, 2], [1, 1]
    a.code, b.code = "0102", "0101"
    assert len(found(pack, "HEX004")) == 3


def test_hex005_road_and_all_sea_only_between_neighbours(pack):
    a, b, far = z(pack, "0202").id, z(pack, "0203").id, z(pack, "0205").id
    pack.map.borders[(a, b)] = Border(a, b, props={"road": True})
    assert not found(pack, "HEX005")
    pack.map.borders[(a, far)] = Border(a, far, props={"road": True})
    assert any("not neighbouring hexes" in m for m in found(pack, "HEX005"))
    del pack.map.borders[(a, far)]
    pack.map.borders[(a, b)] = Border(a, b, props={"road": "yes", "all_sea": 1})
    assert len(found(pack, "HEX005")) == 2


def test_hex006_all_sea_between_land_hexes_only(pack):
    land, sea = z(pack, "0104"), z(pack, "0105")
    assert (land.kind, sea.kind) == ("land", "sea")
    key = (land.id, sea.id)
    pack.map.borders[key] = Border(*key, props={"all_sea": True})
    assert any("land and sea" in m for m in found(pack, "HEX006"))


def test_hex007_crossing_arrows(pack):
    a, b, sea = z(pack, "0201").id, z(pack, "0403").id, z(pack, "0207").id
    pack.map.links[1] = Link(1, "strait", a, b, "Kerch", props={"crossing_arrow": True})
    assert not found(pack, "HEX007")
    pack.map.links[2] = Link(2, "strait", a, sea, props={"crossing_arrow": True})
    pack.map.links[3] = Link(3, "connection", a, b, props={"crossing_arrow": True})
    pack.map.links[4] = Link(4, "strait", a, b, props={"crossing_arrow": "yes"})
    msgs = found(pack, "HEX007")
    assert len(msgs) == 3
    assert any("land and sea" in m for m in msgs) and any("not a strait" in m for m in msgs)


def test_hex008_coastal_only_beside_sea_or_the_edge(pack):
    inland, edge, sea = z(pack, "0302"), z(pack, "0101"), z(pack, "0307")
    for zone in (inland, edge, sea):
        zone.set_flag("coastal")
    msgs = found(pack, "HEX008")
    assert len(msgs) == 2
    assert any("0302" in m and "touches no sea" in m for m in msgs)
    assert any("0307" in m and "not a land hex" in m for m in msgs)


@pytest.mark.parametrize(
    ("value", "bad"),
    [
        (0, False),
        (1, False),
        (2, True),
        ("1", True),
        (True, True),
        (1.0, True),
        ([1], True),
        (None, True),
    ],
)
def test_hex009_garrison(pack, value, bad):
    z(pack, "0202").props["garrison"] = value
    assert bool(found(pack, "HEX009")) == bad


def test_hex010_offmap_box_joined_to_the_map(pack):
    zid = max(pack.map.zones) + 1
    pack.map.zones[zid] = Zone(
        zid, "SIB", "Siberia", kind="offmap", props={"box": {"stacking": None, "retreat": True}}
    )
    assert found(pack, "HEX010")
    east = z(pack, "0304").id
    pack.map.borders[(east, zid)] = Border(east, zid, props={"road": True})
    assert not found(pack, "HEX010")
    assert not found(pack, "HEX005")  # a road into the box it joins
    del pack.map.borders[(east, zid)]
    pack.map.links[9] = Link(9, "offmap", zid, z(pack, "0308").id)
    assert not found(pack, "HEX010")


def test_a_missing_hex_is_a_hole_in_the_frame(pack):
    # the frame of a hex map is its grid's outline (a fresh map is clean: see above)
    del pack.map.zones[z(pack, "0304").id]
    codes = {i.code for i in validate(pack, select=["MAP"]).issues}
    assert {"MAP003", "MAP011"} <= codes


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats() | st.text(max_size=8),
    lambda kids: (
        st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids, max_size=4)
    ),
    max_leaves=12,
)
META_KEYS = ["orientation", "layout", "size", "origin", "rows", "cols", "id_format", "wrap_cols"]


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.dictionaries(st.sampled_from(META_KEYS), JSON, max_size=8),
    JSON,
    JSON,
    JSON,
)
def test_hostile_values_give_issues_never_a_traceback(base, meta_patch, cell, garrison, flag):
    pack = copy.deepcopy(base)
    pack.map.props["hex"] = {**pack.map.props["hex"], **meta_patch}
    zone = z(pack, "0202")
    zone.props["hex"] = cell
    zone.props["garrison"] = garrison
    a, b = zone.id, z(pack, "0203").id
    pack.map.borders[(a, b)] = Border(a, b, props={"road": flag, "all_sea": flag})
    pack.map.links[1] = Link(1, "strait", a, b, props={"crossing_arrow": flag})
    report = validate(pack)
    assert all(i.code and i.message for i in report.issues)


def test_a_hostile_pack_on_disk_through_the_cli(base, tmp_path, capsys):
    from gamecore.cli import main
    from gamecore.store import write_pack

    pack = copy.deepcopy(base)
    pack.map.props["hex"] = {**pack.map.props["hex"], "rows": [1, 10**15], "size": "big"}
    z(pack, "0101").props["hex"] = ["a", None]
    z(pack, "0102").code = "\x00junk"
    path = tmp_path / "hostile.warroom"
    write_pack(pack, path)
    code = main(["validate", str(path), "--select", "HEX"])
    out = capsys.readouterr()
    assert code == 1 and "HEX001" in out.out and "Traceback" not in out.err


def test_the_fixes_clear_what_they_say(pack):
    inland, a, b, far = z(pack, "0302"), z(pack, "0202").id, z(pack, "0203").id, z(pack, "0205").id
    inland.set_flag("coastal")
    sea = z(pack, "0207").id
    pack.map.borders[(a, far)] = Border(a, far, props={"road": True})
    pack.map.borders[(b, sea)] = Border(b, sea, props={"all_sea": True})
    pack.map.links[5] = Link(5, "strait", a, sea, props={"crossing_arrow": True})
    before = copy.deepcopy(pack)
    report = validate(pack, select=["HEX005", "HEX006", "HEX007", "HEX008"])
    assert {i.code for i in report.issues} == {"HEX005", "HEX006", "HEX007", "HEX008"}
    edits = []
    for issue in report.issues:
        if issue.code == "HEX005" and b in issue.zones:
            continue  # the all-sea flag also breaks HEX005: one fix clears both
        edit = issue.fix.make_edit(pack)
        edit.apply(pack)
        edits.append(edit)
    assert validate(pack, select=["HEX"]).issues == []
    assert "coastal" not in inland.flags and (a, far) not in pack.map.borders
    for edit in reversed(edits):
        edit.revert(pack)
    assert pack == before


def test_live_validation_after_edits_matches_a_full_run(pack):
    from gamecore.ops import SetBorderAttrs, SetZoneAttrs, SetZoneGeometry
    from gamecore.validate import Validator

    v = Validator(pack)
    assert v.run().issues == []
    a, far, inland = z(pack, "0202").id, z(pack, "0205").id, z(pack, "0302").id
    edits = [
        SetBorderAttrs([(a, far)], "road", True),
        SetZoneAttrs([inland], "flag:coastal", True),
        SetZoneGeometry({inland: affinity.translate(pack.map.zones[inland].geometry, 0.5, 0)}),
    ]
    for edit in edits:
        change = edit.apply(pack)
        touched = change.zones | change.geometry | {z for key in change.borders for z in key}
        live = v.update(touched, geometry_changed=bool(change.geometry), fields=change.fields)
        full = validate(pack)
        assert sorted(i.key for i in live.issues) == sorted(i.key for i in full.issues)
    assert {"HEX004", "HEX005", "HEX008"} <= {i.code for i in v.issues}


def test_hex011_wrap_neighbours_joined():
    pack = Pack(map=hgw_hex_map((1, 4), (1, 6), 10.0, wrap_cols=6))
    assert not found(pack, "HEX011")
    first = next(iter(pack.map.links))
    link = pack.map.links.pop(first)
    msgs = found(pack, "HEX011")
    names = (pack.map.zones[link.a].code, pack.map.zones[link.b].code)
    assert len(msgs) == 1 and all(n in msgs[0] for n in names)
