"""The hex-map generator (issue #28): grid metadata, land/sea/coastal classification
from a land geometry, all-sea hexsides, wrap seams; its fresh output validates clean."""

from __future__ import annotations

import warnings

import pytest
import shapely
from shapely.geometry import LineString, Point, Polygon, box

from gamecore.errors import GeometryError
from gamecore.geometry import HexLayout, hex_map, hgw_hex_map
from gamecore.model import Pack
from gamecore.validate import validate


def clean(m):
    report = validate(Pack(map=m))
    assert report.counts["error"] == 0 and report.counts["warning"] == 0, [
        (i.code, i.message) for i in report.issues[:5]
    ]


def test_a_plain_grid_carries_the_contract_metadata():
    m = hgw_hex_map((11, 14), (36, 42), 20.0)
    assert m.props["hex"] == {
        "orientation": "pointy",
        "layout": "odd-r",
        "size": 20.0,
        "origin": [0.0, 0.0],
        "rows": [11, 14],
        "cols": [36, 42],
        "id_format": "rrcc",
        "wrap_cols": None,
    }
    assert len(m.zones) == 4 * 7
    z = m.zone_by_code("1337")
    assert z.props["hex"] == [13, 37] and z.kind == "land"
    assert z.geometry.equals(HexLayout.from_props(m.props["hex"]).polygon(13, 37))
    assert shapely.coverage_is_valid([zz.geometry for zz in m.zones.values()])
    assert not m.links and not m.borders
    clean(m)


def test_land_sea_and_coastal_hexes():
    layout = HexLayout((1, 9), (1, 12), 10.0)
    island = Point(layout.centre(5, 6)).buffer(32)
    m = hgw_hex_map((1, 9), (1, 12), 10.0, land=island)
    kinds = {z.code: z.kind for z in m.zones.values()}
    assert kinds["0506"] == "land" and kinds["0101"] == "sea"
    centre = m.zone_by_code("0506")
    assert "coastal" not in centre.flags  # all land
    ring = [z for z in m.zones.values() if "coastal" in z.flags]
    assert ring and all(z.kind == "land" for z in ring)
    for z in ring:  # each touches water and a sea hex
        assert not island.contains(z.geometry)
    assert {z.terrain for z in m.zones.values() if z.kind == "sea"} == {"sea"}
    clean(m)


def test_all_sea_hexside_between_land_hexes():
    layout = HexLayout((1, 6), (1, 8), 10.0)
    edge = layout.shared_edge((3, 3), (3, 4))
    # all land but a channel along the hexside between 0303 and 0304
    land = layout.outline().difference(edge.buffer(1.0))
    m = hgw_hex_map((1, 6), (1, 8), 10.0, land=land)
    a, b = m.zone_by_code("0303"), m.zone_by_code("0304")
    assert a.kind == b.kind == "land"
    key = (min(a.id, b.id), max(a.id, b.id))
    assert m.borders[key].props == {"all_sea": True}
    assert [k for k, br in m.borders.items() if br.props.get("all_sea")] == [key]
    clean(m)


def test_wrap_seam_pairs_are_connections():
    m = hgw_hex_map((1, 4), (1, 6), 10.0, wrap_cols=6)
    seams = {(m.zones[lk.a].code, m.zones[lk.b].code) for lk in m.links.values()}
    assert all(lk.kind == "connection" and lk.props == {"wrap": True} for lk in m.links.values())
    assert ("0101", "0106") in seams and ("0106", "0201") in seams
    assert len(seams) == 7
    for lk in m.links.values():
        assert not m.zones[lk.a].geometry.touches(m.zones[lk.b].geometry)
    clean(m)


def test_all_sea_across_the_seam():
    layout = HexLayout((1, 4), (1, 6), 10.0, wrap_cols=6)
    # land everywhere but a strip of water along the west edge of the grid
    land = layout.outline().difference(box(-1, -1, 3, 100))
    m = hgw_hex_map((1, 4), (1, 6), 10.0, wrap_cols=6, land=land)
    a, b = m.zone_by_code("0201"), m.zone_by_code("0206")
    assert a.kind == b.kind == "land"
    assert m.border(a.id, b.id).props.get("all_sea") is True
    clean(m)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_the_wizard_grid_keeps_its_ids_and_now_validates(orientation):
    m = hex_map(3, 4, 20.0, orientation)
    assert m.zone_by_code("0403").props["hex"] == [3, 4]  # "CCRR": column 4, row 3
    assert m.props["hex"]["id_format"] == "ccrr"
    clean(m)
    rrcc = hex_map(3, 4, 20.0, "pointy", first=11, first_col=36, id_format="rrcc")
    assert rrcc.zone_by_code("1339") is not None


def _nan_polygon():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # shapely warns while building it
        return Polygon([(0, 0), (float("nan"), 1), (1, 1)])


@pytest.mark.parametrize(
    "make",
    [lambda: "not a geometry", lambda: LineString([(0, 0), (10, 10)]), _nan_polygon],
)
def test_hostile_land(make):
    with pytest.raises(GeometryError):
        hgw_hex_map((1, 3), (1, 3), 10.0, land=make())


def test_an_invalid_land_polygon_is_repaired():
    bowtie = Polygon([(0, 0), (60, 60), (60, 0), (0, 60)])
    m = hgw_hex_map((1, 4), (1, 4), 10.0, land=bowtie)
    clean(m)


@pytest.mark.parametrize(
    ("rows", "cols", "size"),
    [
        ((0, 3), (1, 3), 10.0),
        ((1, 100), (1, 3), 10.0),
        ((3, 1), (1, 3), 10.0),
        ((1, 99), (1, 999), 10.0),
        ((1, 3), (1, 3), 0.0),
        ((1, 3), (1, 3), 1e9),
    ],
)
def test_bad_grids(rows, cols, size):
    with pytest.raises(GeometryError):
        hgw_hex_map(rows, cols, size)


def test_a_sea_hex_all_around_by_land_is_a_lake():
    layout = HexLayout((1, 5), (1, 6), 10.0)
    land = layout.outline().difference(layout.polygon(3, 3))
    m = hgw_hex_map((1, 5), (1, 6), 10.0, land=land)
    lake = m.zone_by_code("0303")
    assert (lake.kind, lake.terrain) == ("lake", "lake")
    # its neighbours have water but no sea beside them: not coastal
    assert not [z.code for z in m.zones.values() if "coastal" in z.flags]
    clean(m)
