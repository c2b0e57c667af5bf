"""The coverage operations on small, hand-checked cases (issue #4)."""

import pytest
import shapely
from shapely.geometry import Polygon, box

from gamecore.errors import GeometryError
from gamecore.geometry import ChangeSet, Coverage, synthetic_coverage, vertex_count


def _two(frame=(0, 0, 4, 2), **kw):
    """Zone 1 = [0,2]x[0,2], zone 2 = [2,4]x[0,2]."""
    return Coverage({1: box(0, 0, 2, 2), 2: box(2, 0, 4, 2)}, frame=frame, **kw)


def _ok(cov):
    geoms = list(cov.geoms.values())
    assert all(g.is_valid for g in geoms) and shapely.coverage_is_valid(geoms)
    assert cov.adjacency() == cov.recompute_adjacency()


def test_split_inserts_the_crossing_into_the_neighbour():
    cov = _two()
    cs = cov.split_zone(1, [(-1, 1), (3, 1)])
    _ok(cov)
    assert sorted(cs.created) == [3] and cs.sources == {3: 1}
    assert set(cs.modified) == {1, 2}  # 2 gets the vertex (2, 1)
    assert cov.zones_at((2, 1)) == {1, 2, 3}
    assert cov[1].area == 2 and cov[3].area == 2
    assert cov.neighbours(3) == {1, 2} and cov.neighbours(2) == {1, 3}


def test_split_rejects_lines_that_do_not_cut():
    cov = _two()
    with pytest.raises(GeometryError, match="does not cross zone 1"):
        cov.split_zone(1, [(5, 5), (6, 6)])
    with pytest.raises(GeometryError, match="does not cut zone 1 in two"):
        cov.split_zone(1, [(-1, 1), (1, 1)])
    with pytest.raises(GeometryError, match="crosses itself"):
        cov.split_zone(1, [(-1, 1), (3, 1), (1, 0.5), (1, 1.5)])
    with pytest.raises(GeometryError, match="no zone 9"):
        cov.split_zone(9, [(0, 0), (1, 1)])


def test_merge_keeps_the_smallest_id_and_reports_absorption():
    cov = _two()
    cs = cov.merge_zones([2, 1])
    _ok(cov)
    assert cov.ids() == [1] and cov[1].area == 8
    assert cs.deleted.keys() == {2} and cs.absorbed == {2: 1} and cs.info["connected"]
    cov.apply(cs.inverse())
    assert cov[1] == box(0, 0, 2, 2) and cov[2] == box(2, 0, 4, 2)


def test_shared_vertex_moves_in_both_zones_and_undo_is_exact():
    cov = _two()
    before = dict(cov.geoms)
    ins = cov.insert_vertex((2.0, 1.0), tol=0.1)
    assert set(ins.modified) == {1, 2} and cov.zones_at((2, 1)) == {1, 2}
    mv = cov.move_vertex((2, 1), (2.5, 1.2))
    _ok(cov)
    assert cov.zones_at((2.5, 1.2)) == {1, 2} and not cov.zones_at((2, 1))
    assert cov[1].area == pytest.approx(4.5) and cov[2].area == pytest.approx(3.5)
    cov.apply(mv.inverse())
    cov.apply(ins.inverse())
    assert all(cov[z] == before[z] for z in before)
    _ok(cov)


def test_frame_vertices_slide_along_the_frame_and_corners_stay():
    cov = _two()
    cs = cov.move_vertex((2, 0), (2.3, 0.4))
    assert cov.zones_at((2.3, 0)) == {1, 2} and "move vertex" in cs.label
    with pytest.raises(GeometryError, match="corner"):
        cov.move_vertex((0, 0), (0.5, 0.5))
    mid = cov.insert_vertex((2.2, 1), tol=0.4).info["point"]
    with pytest.raises(GeometryError, match="outside the map frame"):
        cov.move_vertex(mid, (mid[0], 5))
    with pytest.raises(GeometryError, match="no vertex"):
        cov.move_vertex((1, 1), (1, 1.5))


def test_move_that_would_overlap_is_rejected_and_changes_nothing():
    cov = Coverage({1: box(0, 0, 2, 2), 2: box(2, 0, 4, 2), 3: box(4, 0, 6, 2)})
    before = dict(cov.geoms)
    with pytest.raises(GeometryError, match="overlap|invalid"):
        cov.move_vertex((2, 2), (5, 1))
    assert dict(cov.geoms) == before


def test_delete_vertex_only_inside_a_border():
    cov = _two()
    cov.insert_vertex((2, 1), tol=0.01)
    with pytest.raises(GeometryError, match="borders meet"):
        cov.delete_vertex((2, 0))
    cs = cov.delete_vertex((2, 1))
    assert set(cs.modified) == {1, 2} and not cov.zones_at((2, 1))
    with pytest.raises(GeometryError, match="fewer than 3"):
        Coverage({1: Polygon([(0, 0), (1, 0), (0, 1)])}).delete_vertex((0, 0))


def test_snap_prefers_vertices_then_segments_within_tolerance():
    cov = _two()
    v = cov.snap((2.05, 0.03), 0.1)
    assert v.kind == "vertex" and v.point == (2.0, 0.0) and v.zones == {1, 2}
    s = cov.snap((2.04, 1.0), 0.1)
    assert s.kind == "segment" and s.point == (2.0, 1.0) and s.zones == {1, 2}
    assert cov.snap((1.0, 1.0), 0.1) is None


def test_trace_path_follows_borders():
    cov = _two()
    cov.insert_vertex((2, 1), tol=0.01)
    assert cov.trace_path((2, 0), (2, 2)) == [(2.0, 0.0), (2.0, 1.0), (2.0, 2.0)]
    assert cov.trace_path((2, 1), (4, 2), zone=2) == [(2.0, 1.0), (2.0, 2.0), (4.0, 2.0)]
    with pytest.raises(GeometryError, match="no vertex"):
        cov.trace_path((0, 0), (9, 9))


def test_reshape_moves_area_across_the_border():
    cov = _two()
    cs = cov.reshape_border(1, 2, [(2, 0.5), (3, 1), (2, 1.5)], tol=0.01)
    _ok(cov)
    assert set(cs.modified) == {1, 2}
    assert cov[1].area == pytest.approx(4.5) and cov[2].area == pytest.approx(3.5)
    # from a triple point / frame end of the border as well
    cov2 = _two()
    cov2.reshape_border(1, 2, [(2, 0), (1, 1), (2, 2)], tol=0.01)
    _ok(cov2)
    assert cov2[1].area == pytest.approx(3)
    with pytest.raises(GeometryError, match="inside zones"):
        _two().reshape_border(1, 2, [(2, 0.5), (5, 1), (2, 1.5)], tol=0.01)
    with pytest.raises(GeometryError, match="not on the border"):
        _two().reshape_border(1, 2, [(1, 0.5), (3, 1), (2, 1.5)], tol=0.01)


def test_add_zone_is_clipped_to_existing_zones_and_frame():
    cov = Coverage({1: box(0, 0, 2, 2)}, frame=(0, 0, 4, 2))
    cs = cov.add_zone([(1, 0), (3, 0), (3, 3), (1, 3)])
    _ok(cov)
    new = cs.created[2]
    assert new.equals(box(2, 0, 3, 2)) and cov.neighbours(2) == {1}
    with pytest.raises(GeometryError, match="Self-intersection"):
        cov.add_zone([(3, 0), (4, 2), (4, 0), (3, 2)])
    fixed = cov.add_zone([(3, 0), (4, 2), (4, 0), (3, 2)], repair=True)
    assert "Self-intersection" in fixed.info["repaired"]
    _ok(cov)
    with pytest.raises(GeometryError, match="empty"):
        cov.add_zone([(0.5, 0.5), (1.5, 0.5), (1.5, 1.5)])


def test_fill_hole_takes_the_unassigned_area():
    cov = Coverage({1: box(0, 0, 2, 2)}, frame=(0, 0, 4, 2))
    cs = cov.fill_hole((3, 1))
    _ok(cov)
    assert cs.created[2].equals(box(2, 0, 4, 2))
    with pytest.raises(GeometryError, match="not in an unassigned area"):
        cov.fill_hole((1, 1))
    ring = Coverage({1: box(0, 0, 3, 3).difference(box(1, 1, 2, 2)), 2: box(1.2, 1.2, 1.4, 1.4)})
    cs = ring.fill_hole((1.8, 1.8))
    assert cs.created[3].area == pytest.approx(1 - 0.04)
    _ok(ring)


def test_simplify_reports_vertex_counts_and_keeps_borders_shared():
    geoms = synthetic_coverage(20, 4000, seed=3, width=1000, height=600)
    cov = Coverage(geoms, frame=(0, 0, 1000, 600))
    cs = cov.simplify(3.0)
    _ok(cov)
    assert cs.info["vertices_before"] == vertex_count(geoms.values())
    assert cs.info["vertices_after"] == cov.vertex_count() < cs.info["vertices_before"]
    assert sum(g.area for g in cov.geoms.values()) == pytest.approx(600_000)
    one = cov.ids()[0]
    sub = cov.simplify(50.0, [one])
    assert set(sub.modified) <= {one}
    _ok(cov)


def test_partition_numbers_pieces_in_reading_order():
    cov = Coverage({1: box(0, 0, 100, 60), 2: box(100, 0, 120, 60)})
    cs = cov.partition_zone(1, 4, seed=1)
    _ok(cov)
    assert cs.info["order"][0] == 1 and sorted(cs.info["order"]) == [1, 3, 4, 5]
    assert sum(cov[z].area for z in cs.info["order"]) == pytest.approx(6000)
    assert cs.sources == {3: 1, 4: 1, 5: 1}


def test_apply_refuses_a_stale_change_set():
    cov = _two()
    cs = cov.move_vertex((2, 0), (2.5, 0))
    with pytest.raises(GeometryError, match="has changed"):
        cov.apply(cs)  # already applied: zone 1 is no longer the "old" geometry
    with pytest.raises(GeometryError, match="already exists"):
        cov.apply(ChangeSet(created={1: box(9, 9, 10, 10)}))


def test_change_set_composition_and_inverse():
    a, b, c = box(0, 0, 1, 1), box(0, 0, 2, 2), box(0, 0, 3, 3)
    one = ChangeSet(modified={1: (a, b)}, created={2: c}, sources={2: 1})
    two = ChangeSet(modified={1: (b, c)}, deleted={2: c})
    both = one.then(two)
    assert both.modified == {1: (a, c)} and not both.created and not both.deleted
    inv = one.inverse()
    assert inv.deleted == {2: c} and inv.modified == {1: (b, a)} and inv.absorbed == {2: 1}
    assert not ChangeSet() and one.touched() == {1, 2}


def test_wrap_x_adjacency_is_incremental_too():
    cov = Coverage(
        {1: box(0, 0, 1, 2), 2: box(1, 0, 3, 2), 3: box(3, 0, 4, 2)},
        frame=(0, 0, 4, 2),
        wrap_x=True,
    )
    assert cov.neighbours(1) == {2, 3}
    cov.split_zone(3, [(2.5, 1), (4.5, 1)])
    assert cov.adjacency() == cov.recompute_adjacency()
    assert cov.neighbours(1) == {2, 3, 4}


def test_multipolygon_zone_split_keeps_the_other_part():
    mp = shapely.MultiPolygon([box(0, 0, 1, 1), box(5, 0, 6, 1)])
    cov = Coverage({1: mp})
    cs = cov.split_zone(1, [(0.5, -1), (0.5, 2)])
    assert cov[1].geom_type == "MultiPolygon" and cov[1].area == pytest.approx(1.5)
    assert cs.created[2].area == pytest.approx(0.5)


def test_polygon_with_hole_and_island_neighbour():
    outer = Polygon([(0, 0), (10, 0), (10, 10), (0, 10)], [[(4, 4), (6, 4), (6, 6), (4, 6)]])
    cov = Coverage({1: outer, 2: box(4, 4, 6, 6)})
    assert cov.neighbours(2) == {1}
    cov.move_vertex((4, 4), (3.5, 3.5))
    _ok(cov)
    assert cov[1].area + cov[2].area == pytest.approx(100)
