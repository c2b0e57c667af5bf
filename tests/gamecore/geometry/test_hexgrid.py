"""The hex layout of Hitler's Global War maps (issue #28; /work/shared HGW contract):
pointy-top, odd rows shifted right ("odd-r"), ids "RRCC", optional east-west wrap."""

from collections import deque

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.errors import GeometryError
from gamecore.geometry import (
    HexCodeError,
    HexLayout,
    compute_adjacency,
    hex_code,
    hex_distance,
    hex_neighbours,
    parse_hex_code,
)

# seeds/001_a9bbc48cb95a5915.txt: "Stacking" moves units "from hex 1337 to hex 1238";
# the Barbarossa set-up and its worked examples pair 1141-1241, 1838-1937, 1240-1339
RULEBOOK_PAIRS = [("1141", "1241"), ("1838", "1937"), ("1337", "1238"), ("1240", "1339")]


@pytest.mark.parametrize(("a", "b"), RULEBOOK_PAIRS)
def test_rulebook_pairs_are_neighbours_and_one_step_apart(a, b):
    ra, rb = parse_hex_code(a), parse_hex_code(b)
    assert rb in hex_neighbours(ra) and ra in hex_neighbours(*rb)
    assert hex_distance(ra, rb) == 1
    # and the polygons of a grid around them share a hexside
    grid = HexLayout((8, 20), (34, 44), 10.0)
    assert grid.shared_edge(ra, rb) is not None


def test_neighbours_follow_the_row_parity():
    assert sorted(hex_neighbours(11, 41)) == [
        (10, 41),
        (10, 42),
        (11, 40),
        (11, 42),
        (12, 41),
        (12, 42),
    ]
    assert sorted(hex_neighbours(12, 40)) == [
        (11, 39),
        (11, 40),
        (12, 39),
        (12, 41),
        (13, 39),
        (13, 40),
    ]


def test_codes_round_trip_and_three_digit_columns():
    assert hex_code(11, 42) == "1142" and hex_code(9, 42) == "0942"
    assert hex_code(15, 107) == "15107" and parse_hex_code("15107") == (15, 107)
    assert parse_hex_code("0942") == (9, 42)


@pytest.mark.parametrize(
    "junk",
    [
        "",
        "12",
        "123456",
        "12a4",
        "１２３４",
        "0042",
        "1200",
        "15099",
        " 1142",
        None,
        1142,
        ["1142"],
        "-142",
    ],
)
def test_junk_codes_are_refused(junk):
    with pytest.raises(HexCodeError) as err:
        parse_hex_code(junk)
    assert isinstance(err.value, ValueError) and isinstance(err.value, GeometryError)


def test_hex_code_refuses_what_has_no_id():
    for row, col in [(0, 5), (100, 5), (5, 1000), (True, 5), (1.5, 3)]:
        with pytest.raises(HexCodeError):
            hex_code(row, col)


def test_distances_on_known_pairs():
    # Berlin 1237 - Moscow 1144: row 12 is even, so its way up leads west (to 1136 or
    # 1137), then 7 columns east: 8 steps; Leningrad 0942 - Moscow 1144: 3 steps
    assert hex_distance((12, 37), (11, 44)) == 8
    assert hex_distance((12, 37), (12, 44)) == 7
    assert hex_distance((9, 42), (11, 44)) == 3
    assert hex_distance((14, 46), (14, 46)) == 0
    assert hex_distance((1, 1), (5, 1)) == 4


def test_wrap_across_the_seam():
    n = 112
    assert (15, 1) in hex_neighbours(15, 112, wrap_cols=n)  # odd row: (r, c+1) wraps
    assert (14, 1) in hex_neighbours(15, 112, wrap_cols=n)
    assert (16, 112) in hex_neighbours(16, 1, wrap_cols=n)
    assert hex_distance((15, 112), (15, 1), wrap_cols=n) == 1
    assert hex_distance((15, 112), (15, 1)) == 111
    assert hex_distance((10, 100), (10, 5), wrap_cols=n) == 17
    # far rows: the seam still shortens a long east-west trip
    assert hex_distance((1, 1), (40, 110), wrap_cols=n) == 39


def _bfs(start, goal, wrap, rows):
    seen, todo = {start: 0}, deque([start])
    while todo:
        cell = todo.popleft()
        if cell == goal:
            return seen[cell]
        for n in hex_neighbours(cell, wrap_cols=wrap):
            if rows[0] <= n[0] <= rows[1] and n not in seen:
                seen[n] = seen[cell] + 1
                todo.append(n)
    raise AssertionError("unreachable")


cells = st.tuples(st.integers(1, 99), st.integers(1, 999))


@given(cells, cells, cells, st.sampled_from([None, 3, 7, 112, 999]))
def test_distance_is_a_metric(a, b, c, wrap):
    if wrap:
        a, b, c = ((r, 1 + (q - 1) % wrap) for r, q in (a, b, c))
    d = hex_distance(a, b, wrap)
    assert d == hex_distance(b, a, wrap) >= 0
    assert (d == 0) == (a == b)
    assert hex_distance(a, c, wrap) <= d + hex_distance(b, c, wrap)


@given(cells, st.sampled_from([None, 3, 5, 112]))
def test_neighbours_are_one_step_and_symmetric(a, wrap):
    if wrap:
        a = (a[0], 1 + (a[1] - 1) % wrap)
    ns = hex_neighbours(a, wrap_cols=wrap)
    assert len(set(ns)) == 6
    for n in ns:
        assert hex_distance(a, n, wrap) == 1
        assert a in hex_neighbours(n, wrap_cols=wrap)


@settings(max_examples=60)
@given(
    st.tuples(st.integers(1, 12), st.integers(1, 9)),
    st.tuples(st.integers(1, 12), st.integers(1, 9)),
    st.sampled_from([None, 9]),
)
def test_distance_is_the_breadth_first_distance(a, b, wrap):
    # rows 1-12 with room around them; without a wrap columns are unbounded
    assert hex_distance(a, b, wrap) == _bfs(a, b, wrap, (-20, 40))


@given(st.integers(1, 99), st.integers(1, 999))
def test_parse_of_code_is_the_cell(row, col):
    assert parse_hex_code(hex_code(row, col)) == (row, col)
    grid = HexLayout((1, 1), (1, 1), 1.0, id_format="ccrr")
    assert grid.parse(grid.code(row, col)) == (row, col)


@pytest.mark.parametrize("first", [(1, 1), (2, 3), (11, 28)])
def test_layout_polygons_are_a_coverage_matching_the_neighbours(first):
    grid = HexLayout((first[0], first[0] + 6), (first[1], first[1] + 7), 10.0, origin=(5.0, 7.0))
    cells = list(grid.cells())
    geoms = {i: grid.polygon(*rc) for i, rc in enumerate(cells)}
    assert shapely.coverage_is_valid(list(geoms.values()))
    index = {rc: i for i, rc in enumerate(cells)}
    expected = {
        (min(index[a], index[b]), max(index[a], index[b])) for a, b in grid.neighbour_pairs()
    }
    assert compute_adjacency(geoms) == expected
    x0, y0, x1, y1 = grid.bounds()
    assert grid.outline().bounds == pytest.approx((x0, y0, x1, y1))
    assert (x0, y0) == (5.0, 7.0)
    assert grid.outline().area == pytest.approx(len(cells) * geoms[0].area)


def test_layout_wrap_pairs_do_not_touch():
    grid = HexLayout((1, 4), (1, 6), 10.0, wrap_cols=6)
    seam = [(a, b) for a, b in grid.neighbour_pairs() if grid.shared_edge(a, b) is None]
    # every row has its (r, 1)-(r, 6) pair; odd rows reach the next rows' column 1 too
    assert ((1, 1), (1, 6)) in seam and ((1, 6), (2, 1)) in seam
    assert all({a[1], b[1]} == {1, 6} for a, b in seam)
    assert len(seam) == 4 + 3
    assert grid.seam_pairs() == set(seam)
    for rows, cols, wrap in [((2, 7), (3, 9), 7), ((1, 5), (1, 6), 9), ((1, 1), (1, 3), 3)]:
        g = HexLayout(rows, cols, 5.0, wrap_cols=wrap)
        expected = {(a, b) for a, b in g.neighbour_pairs() if g.shared_edge(a, b) is None}
        assert g.seam_pairs() == expected
    assert HexLayout((1, 4), (1, 6), 10.0).seam_pairs() == set()
    assert grid.distance((2, 1), (2, 6)) == 1
    assert not grid.on_edge(2, 1) and grid.on_edge(1, 3)


def test_layout_metadata_round_trips_and_refuses_hostile_values():
    grid = HexLayout((1, 24), (28, 60), 20.0, wrap_cols=112)
    props = grid.to_props()
    assert props == {
        "orientation": "pointy",
        "layout": "odd-r",
        "size": 20.0,
        "origin": [0.0, 0.0],
        "rows": [1, 24],
        "cols": [28, 60],
        "id_format": "rrcc",
        "wrap_cols": 112,
    }
    assert HexLayout.from_props(props) == grid
    hostile = [
        "junk",
        None,
        {},
        {**props, "rows": [1, 10**9]},
        {**props, "rows": "1-24"},
        {**props, "rows": [True, 4]},
        {**props, "cols": [5, 2]},
        {**props, "cols": [1, 999], "rows": [1, 99]},  # too many hexes
        {**props, "size": float("nan")},
        {**props, "size": -1},
        {**props, "size": 1e300},
        {**props, "size": 10**400},
        {**props, "origin": [10**400, 0]},
        {**props, "rows": [1, 10**400]},
        {**props, "wrap_cols": 10**400},
        {**props, "size": "20"},
        {**props, "origin": [0]},
        {**props, "origin": [float("inf"), 0]},
        {**props, "layout": "hexagonal"},
        {**props, "layout": ["odd-r"]},
        {**props, "id_format": "xy"},
        {**props, "wrap_cols": 10},  # narrower than the columns
        {**props, "wrap_cols": "112"},
        {**props, "orientation": "flat"},
        {**props, "layout": "odd-q"},  # a wrap needs rows
    ]
    for meta in hostile:
        with pytest.raises(GeometryError):
            HexLayout.from_props(meta)


@settings(max_examples=150)
@given(
    st.sampled_from(["odd-r", "even-r", "odd-q", "even-q"]),
    st.tuples(st.integers(1, 3), st.integers(1, 4)),
    st.floats(0, 1),
    st.floats(0, 1),
)
def test_cell_at_finds_the_hex_under_a_point(layout, first, fx, fy):
    grid = HexLayout((first[0], first[0] + 4), (first[1], first[1] + 5), 7.0, (3.0, 2.0), layout)
    x0, y0, x1, y1 = grid.bounds()
    x, y = x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)
    cell = grid.cell_at(x, y)
    p = shapely.Point(x, y)
    if cell is None:
        assert not grid.outline().buffer(-1e-6).contains(p)
    else:
        assert grid.polygon(*cell).buffer(1e-6).contains(p)
    for rc in grid.cells():
        assert grid.cell_at(*grid.centre(*rc)) == rc
    assert grid.cell_at(float("nan"), 0) is None and grid.cell_at(-100, -100) is None
