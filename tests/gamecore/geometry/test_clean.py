"""Cleaning imported polygons into a valid coverage, with every change reported."""

import shapely
from shapely.geometry import Point, Polygon, box

from gamecore.geometry.clean import clean_polygons


def _valid(report):
    geoms = list(report.geoms.values())
    assert all(g.is_valid for g in geoms)
    assert shapely.coverage_is_valid(geoms)


def test_thin_overlap_goes_to_one_zone():
    r = clean_polygons({1: box(0, 0, 10.2, 10), 2: box(10, 0, 20, 10)}, gap_width=1)
    _valid(r)
    assert r.counts() == {"overlap": 1}
    assert abs(r.geoms[1].area + r.geoms[2].area - 200) < 1e-9
    change = r.changes[0]
    assert set(change.zones) == {1, 2} and abs(change.area - 2) < 1e-9


def test_island_is_cut_out_of_the_sea_under_it():
    sea = box(0, 0, 100, 100)
    island = Point(50, 50).buffer(10)
    r = clean_polygons({1: sea, 2: island}, kinds={1: "sea", 2: "land"})
    _valid(r)
    assert r.counts() == {"island_cut": 1}
    assert r.geoms[2].equals(island)
    assert len(r.geoms[1].interiors) == 1
    assert abs(r.geoms[1].area - (10_000 - island.area)) < 1e-6
    assert 1 in r.changeset.modified and 2 not in r.changeset.modified


def test_lake_drawn_over_land_wins_as_smaller_zone():
    r = clean_polygons({1: box(0, 0, 100, 100), 2: box(40, 40, 60, 60)}, gap_width=1)
    _valid(r)
    assert r.geoms[2].area == 400 and r.geoms[1].area == 10_000 - 400


def test_narrow_gap_is_filled_and_wide_gap_left():
    geoms = {1: box(0, 0, 10, 10), 2: box(10.5, 0, 20, 10), 3: box(25, 0, 30, 10)}
    r = clean_polygons(geoms, gap_width=1, frame=(0, 0, 30, 10))
    _valid(r)
    counts = r.counts()
    assert counts["gap_filled"] == 1 and counts["gap_left"] == 1
    total = sum(g.area for g in r.geoms.values())
    assert abs(total - (100 + 95 + 50 + 5)) < 1e-9  # the 0.5 gap is filled, the 5 one not
    left = next(c for c in r.changes if c.kind == "gap_left")
    assert abs(left.area - 50) < 1e-9 and left.zones == (2, 3)


def test_self_intersecting_polygon_is_repaired():
    bowtie = Polygon([(0, 0), (10, 10), (10, 0), (0, 10)])
    r = clean_polygons({1: bowtie, 2: box(20, 0, 30, 10)})
    _valid(r)
    assert r.counts()["repaired"] == 1
    assert "Self-intersection" in r.changes[0].message


def test_sliver_bit_joins_its_neighbour_and_outside_frame_is_dropped():
    a = box(0, 0, 10, 10)
    b = shapely.union(box(10, 0, 20, 10), box(9.8, 0, 10.2, 0.1))  # a tiny bit pokes into a
    r = clean_polygons({1: a, 2: b}, gap_width=0.5, frame=(0, 0, 19, 10))
    _valid(r)
    counts = r.counts()
    assert counts["outside_frame"] == 1
    assert all(g.bounds[2] <= 19 for g in r.geoms.values())
    assert r.geoms[1].geom_type == "Polygon" and r.geoms[2].geom_type == "Polygon"


def test_clean_coverage_is_left_untouched():
    geoms = {1: box(0, 0, 1, 1), 2: box(1, 0, 2, 1)}
    r = clean_polygons(geoms, gap_width=0.1)
    assert r.changes == [] and r.changeset.is_empty()
    assert r.geoms[1] is geoms[1]


def test_detached_sliver_joins_the_neighbour_with_the_longest_border():
    notch = box(0, 10, 0.2, 10.2)
    geoms = {
        1: box(0, 0, 10, 10),
        2: shapely.union(box(10, 0, 20, 10), notch),
        3: shapely.difference(box(0, 10, 30, 20), notch),
    }
    r = clean_polygons(geoms, gap_width=0.5)
    _valid(r)
    assert r.counts() == {"sliver": 1}
    assert r.geoms[2].equals(box(10, 0, 20, 10))
    assert r.geoms[3].equals(box(0, 10, 30, 20))
    assert r.changes[0].zones == (2, 3)
