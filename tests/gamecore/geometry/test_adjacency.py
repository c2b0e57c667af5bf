"""Adjacency (docs/architecture.md Invariant 2): shared border of positive length + links - overrides."""

from shapely.geometry import Polygon, box

from gamecore.geometry.adjacency import (
    border_lengths,
    compute_adjacency,
    map_adjacency,
    shared_border,
    wrap_pairs,
)
from gamecore.model import Link, Map, Zone


def _grid():
    # 2x2 squares: diagonal squares touch at a point only
    return {
        1: box(0, 0, 1, 1),
        2: box(1, 0, 2, 1),
        3: box(0, 1, 1, 2),
        4: box(1, 1, 2, 2),
    }


def test_point_touch_is_not_adjacent():
    assert compute_adjacency(_grid()) == {(1, 2), (1, 3), (2, 4), (3, 4)}


def test_border_shorter_than_eps_is_not_adjacent():
    g = {1: box(0, 0, 1, 1), 2: Polygon([(1, 0), (1, 1e-7), (2, 0)])}
    assert border_lengths(g)[(1, 2)] == 1e-7
    assert compute_adjacency(g) == set()
    assert compute_adjacency(g, eps=1e-8) == {(1, 2)}


def test_unmatched_vertices_still_adjacent():
    # zone 2's edge on x=1 has a vertex zone 1 lacks (T-junction, imported data)
    g = {1: box(0, 0, 1, 2), 2: Polygon([(1, 0), (1, 1), (1, 3), (2, 3), (2, 0)])}
    assert border_lengths(g) == {(1, 2): 2.0}


def test_shared_border_merges_segments():
    g = _grid()
    line = shared_border(g[1], g[2])
    assert line.geom_type == "LineString" and line.length == 1
    assert shared_border(g[1], g[4]).is_empty


def _map(wrap=False):
    m = Map(width=2, height=2, wrap_x=wrap)
    for zid, geom in _grid().items():
        m.zones[zid] = Zone(zid, str(zid), f"Z{zid}", geometry=geom)
    m.zones[5] = Zone(5, "5", "Box", kind="offmap")  # no geometry: still a key
    return m


def test_map_adjacency_links_and_overrides():
    m = _map()
    m.links[1] = Link(1, "strait", 1, 4)
    m.links[2] = Link(2, "not_adjacent", 3, 1)
    m.links[3] = Link(3, "offmap", 5, 2)
    adj = map_adjacency(m)
    assert adj == {1: {2, 4}, 2: {1, 4, 5}, 3: {4}, 4: {1, 2, 3}, 5: {2}}


def test_wrap_x_joins_the_seam():
    m = _map(wrap=True)
    adj = map_adjacency(m)
    assert 2 in adj[1] and 1 in adj[2]  # 1 touches x=0, 2 touches x=2 along y 0..1
    assert 4 in adj[3]
    assert 4 not in adj[1]  # y-intervals touch at a point only
    assert wrap_pairs(_grid(), 0, 2) == {(1, 2), (3, 4)}


def test_multipolygon_zones_have_borders_too():
    from shapely.geometry import MultiPolygon

    g = {
        1: MultiPolygon([box(0, 0, 1, 1), box(5, 0, 6, 1)]),
        2: box(6, 0, 7, 1),
        3: box(1, 0, 2, 1),
    }
    assert compute_adjacency(g) == {(1, 2), (1, 3)}
