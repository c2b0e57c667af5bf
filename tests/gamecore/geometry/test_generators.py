"""Hex grids, sea-zone generation and zone queries."""

import pytest
import shapely
from shapely.geometry import Point, box

from gamecore.errors import GeometryError
from gamecore.geometry import (
    coast_classes,
    compute_adjacency,
    grid_neighbours,
    hex_grid,
    hex_map,
    label_point,
    sea_zones,
    stack_slots,
)
from gamecore.model import Map, Zone


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_hex_grid_is_a_coverage_with_six_neighbours_inside(orientation):
    g = hex_grid(6, 7, 10.0, orientation)
    polys = list(g.geoms.values())
    assert len(polys) == 42 and shapely.coverage_is_valid(polys)
    assert all(p.area == pytest.approx(1.5 * 3**0.5 * 100) for p in polys)
    pairs = compute_adjacency(g.geoms)
    # the geometric adjacency is exactly the lattice adjacency
    expected = set()
    for zid, (col, row) in g.cells.items():
        for c, r in g.neighbours(col, row):
            if 0 <= c < 7 and 0 <= r < 6:
                other = g.id_of(c, r)
                expected.add((min(zid, other), max(zid, other)))
    assert pairs == expected
    inner = g.id_of(3, 3)
    assert sum(inner in p for p in pairs) == 6


def test_hex_ids_are_column_then_row():
    # seeds/001_a9bbc48cb95a5915.txt (Hitler's Global War), "Stacking": units move
    # "from hex 1337 to hex 1238" - two digits of column, then two of row
    g = hex_grid(40, 15, 5.0)
    by_code = {code: zid for zid, code in g.codes.items()}
    assert g.cells[by_code["1337"]] == (12, 36)
    pairs = compute_adjacency(g.geoms)
    for other in ("1238", "1336", "1338", "1237", "1437", "1438"):
        a, b = by_code["1337"], by_code[other]
        assert (min(a, b), max(a, b)) in pairs
    assert g.codes[1] == "0101"
    even = hex_grid(4, 4, 5.0, shift="even")
    assert grid_neighbours(1, 1, "flat", 1, "even") == even.neighbours(1, 1)


def test_hex_map_and_bad_arguments():
    m = hex_map(3, 4, 20.0, "pointy")
    assert len(m.zones) == 12 and m.zone_by_code("0403") is not None
    assert all(g.geometry.within(box(0, 0, m.width, m.height)) for g in m.zones.values())
    with pytest.raises(GeometryError, match="orientation"):
        hex_grid(2, 2, 1, "round")
    with pytest.raises(GeometryError, match="size"):
        hex_grid(2, 2, -1)


def test_sea_zones_partition_the_water_and_are_numbered():
    water = Point(0, 0).buffer(100).difference(box(-20, -150, 20, 0))  # a bay
    zones = sea_zones(water, 6, seed=3)
    assert sorted(zones) == [1, 2, 3, 4, 5, 6]
    polys = list(zones.values())
    assert shapely.coverage_is_valid(polys) and all(p.is_valid for p in polys)
    assert sum(p.area for p in polys) == pytest.approx(water.area)
    assert shapely.coverage_union_all(polys).symmetric_difference(water).area < 1e-6
    # reading order: the first zone is in the top band
    tops = [label_point(zones[k])[1] for k in (1, 6)]
    assert tops[0] <= tops[1]
    assert sea_zones(water, 6, seed=3)[2] == zones[2]  # deterministic
    with pytest.raises(GeometryError):
        sea_zones(box(0, 0, 1, 1).boundary, 2)


def test_label_point_is_inside_even_for_concave_zones():
    u = box(0, 0, 30, 10).union(box(0, 0, 10, 30))  # an L shape; centroid near the corner
    x, y = label_point(u)
    assert u.contains(Point(x, y))
    assert Point(x, y).distance(u.boundary) > 4


def test_stack_slots_do_not_overlap_and_stay_inside():
    zone = box(0, 0, 100, 40)
    slots = stack_slots(zone, 5, radius=8)
    assert len(slots) == 5
    for i, a in enumerate(slots):
        assert zone.contains(Point(a).buffer(8))
        for b in slots[i + 1 :]:
            assert Point(a).distance(Point(b)) >= 16
    auto = stack_slots(zone, 3)
    assert len(auto) == 3
    with pytest.raises(GeometryError, match="do not fit"):
        stack_slots(zone, 20, radius=15)


def test_coast_classes():
    m = Map(width=40, height=10)
    m.zones[1] = Zone(
        1,
        "1",
        "Sea",
        kind="sea",
        geometry=box(0, 0, 40, 10).difference(box(10, 2, 20, 8)).difference(box(30, 2, 35, 8)),
    )
    m.zones[2] = Zone(2, "A", "West", geometry=box(10, 2, 15, 8))
    m.zones[3] = Zone(3, "B", "East", geometry=box(15, 2, 20, 8))
    m.zones[4] = Zone(4, "C", "Isle", geometry=box(30, 2, 35, 8))
    assert coast_classes(m) == {2: "coastal", 3: "coastal", 4: "island"}
    m.zones[5] = Zone(5, "D", "Inner", geometry=box(12, 4, 13, 5))
    m.zones[2].geometry = m.zones[2].geometry.difference(box(12, 4, 13, 5))
    assert coast_classes(m)[5] == "landlocked"
