"""Property tests of the coverage engine (issue #4, docs/architecture.md Invariants 1-2).

Random operation sequences on random coverages must keep ``coverage_is_valid`` true,
every polygon valid, the total area conserved, the incremental adjacency equal to the
adjacency recomputed from scratch, and undoing (applying the inverse change sets in
reverse order) must restore the exact original geometry. A rejected operation
(GeometryError) must leave the coverage untouched.
"""

from __future__ import annotations

import math
import random

import numpy as np
import shapely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamecore.errors import GeometryError
from gamecore.geometry.adjacency import shared_border
from gamecore.geometry.coverage import Coverage
from gamecore.geometry.synthetic import synthetic_coverage

W, H = 1000.0, 600.0
SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)


def _check(cov: Coverage, area: float | None) -> None:
    geoms = list(cov.geoms.values())
    assert all(g.is_valid for g in geoms)
    assert shapely.coverage_is_valid(geoms)
    assert cov.adjacency() == cov.recompute_adjacency()
    if area is not None:
        assert math.isclose(sum(g.area for g in geoms), area, rel_tol=1e-9)


def _pick(cov: Coverage, rng: random.Random) -> int:
    if not len(cov):
        raise GeometryError("no zones")
    return rng.choice(cov.ids())


def _vertices(cov: Coverage, rng: random.Random, zid: int | None = None):
    z = zid if zid is not None else _pick(cov, rng)
    ring = shapely.get_coordinates(
        cov[z].geoms[0].exterior if cov[z].geom_type == "MultiPolygon" else cov[z].exterior
    )[:-1]
    return z, [tuple(p) for p in ring.tolist()]


def _op_move(cov, rng):
    _z, ring = _vertices(cov, rng)
    i = rng.randrange(len(ring))
    p, a, b = ring[i], ring[i - 1], ring[(i + 1) % len(ring)]
    reach = min(math.dist(p, a), math.dist(p, b)) * rng.uniform(0.05, 0.6)
    ang = rng.uniform(0, 2 * math.pi)
    return cov.move_vertex(p, (p[0] + reach * math.cos(ang), p[1] + reach * math.sin(ang)))


def _op_move_run(cov, rng):
    z, ring = _vertices(cov, rng)
    i = rng.randrange(len(ring))
    j = (i + rng.randint(1, 4)) % len(ring)
    path = cov.trace_path(ring[i], ring[j], zone=z)
    inner = path[1:-1] or path[:1]
    step = min(math.dist(ring[i], ring[i - 1]), math.dist(ring[j], ring[(j + 1) % len(ring)]))
    d = step * rng.uniform(0.02, 0.3)
    return cov.move_run(inner, d * rng.choice((-1, 1)), d * rng.choice((-1, 1)))


def _op_insert(cov, rng):
    _z, ring = _vertices(cov, rng)
    i = rng.randrange(len(ring))
    a, b = ring[i], ring[(i + 1) % len(ring)]
    t = rng.uniform(0.2, 0.8)
    pt = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
    return cov.insert_vertex(pt, tol=math.dist(a, b) * 0.05)


def _op_delete(cov, rng):
    _z, ring = _vertices(cov, rng)
    return cov.delete_vertex(rng.choice(ring))


def _op_split(cov, rng):
    z = _pick(cov, rng)
    g = cov[z]
    c = g.representative_point()
    ang = rng.uniform(0, math.pi)
    r = math.hypot(g.bounds[2] - g.bounds[0], g.bounds[3] - g.bounds[1])
    dx, dy = r * math.cos(ang), r * math.sin(ang)
    bend = (c.x + rng.uniform(-0.1, 0.1) * dy, c.y + rng.uniform(-0.1, 0.1) * dx)
    return cov.split_zone(z, [(c.x - dx, c.y - dy), bend, (c.x + dx, c.y + dy)])


def _op_merge(cov, rng):
    z = _pick(cov, rng)
    nb = sorted(cov.neighbours(z))
    if not nb:
        raise GeometryError("no neighbour")
    return cov.merge_zones([z, rng.choice(nb)])


def _op_reshape(cov, rng):
    a = _pick(cov, rng)
    nb = sorted(cov.neighbours(a))
    if not nb:
        raise GeometryError("no neighbour")
    b = rng.choice(nb)
    border = shared_border(cov[a], cov[b])
    if border.is_empty:  # adjacent across the east-west seam only
        raise GeometryError("no shared border")
    line = border if border.geom_type == "LineString" else max(border.geoms, key=lambda g: g.length)
    f0, f1 = sorted((rng.uniform(0, 1), rng.uniform(0, 1)))
    p0, p1 = line.interpolate(f0, normalized=True), line.interpolate(f1, normalized=True)
    mid = line.interpolate((f0 + f1) / 2, normalized=True)
    target = cov[rng.choice((a, b))].representative_point()
    k = rng.uniform(0.05, 0.5)
    m = (mid.x + k * (target.x - mid.x), mid.y + k * (target.y - mid.y))
    return cov.reshape_border(a, b, [(p0.x, p0.y), m, (p1.x, p1.y)], tol=1e-6)


def _op_simplify(cov, rng):
    z = _pick(cov, rng)
    ids = None if rng.random() < 0.3 else [z, *cov.neighbours(z)]
    return cov.simplify(rng.uniform(0.5, 8.0), ids)


def _op_partition(cov, rng):
    return cov.partition_zone(_pick(cov, rng), rng.randint(2, 3), seed=rng.randrange(99))


AREA_OPS = {
    "move": _op_move,
    "move_run": _op_move_run,
    "insert": _op_insert,
    "delete": _op_delete,
    "split": _op_split,
    "merge": _op_merge,
    "reshape": _op_reshape,
    "simplify": _op_simplify,
    "partition": _op_partition,
}


def _run(cov: Coverage, ops, area: float | None):
    original = dict(cov.geoms)
    done = []
    applied = 0
    for name, seed in ops:
        rng = random.Random(seed)
        before = dict(cov.geoms)
        try:
            cs = AREA_OPS.get(name, OTHER_OPS.get(name))(cov, rng)
        except GeometryError as exc:
            assert str(exc)  # a one-line reason
            assert dict(cov.geoms) == before and all(cov.geoms[k] is before[k] for k in before)
            continue
        applied += 1
        done.append(cs)
        _check(cov, area)
    for cs in reversed(done):
        cov.apply(cs.inverse())
    assert sorted(cov.geoms) == sorted(original)
    for k, g in original.items():
        assert cov.geoms[k].equals_exact(g, tolerance=0) and cov.geoms[k] == g
    _check(cov, area)
    return applied


@SETTINGS
@given(
    seed=st.integers(0, 10_000),
    n_zones=st.integers(4, 18),
    density=st.integers(8, 40),
    wrap=st.booleans(),
    ops=st.lists(
        st.tuples(st.sampled_from(sorted(AREA_OPS)), st.integers(0, 2**31)),
        min_size=1,
        max_size=6,
    ),
)
def test_random_edits_keep_the_coverage_valid_and_undo_exactly(seed, n_zones, density, wrap, ops):
    geoms = synthetic_coverage(n_zones, n_zones * density, seed=seed, width=W, height=H)
    cov = Coverage(geoms, frame=(0, 0, W, H), wrap_x=wrap)
    _check(cov, W * H)
    _run(cov, ops, W * H)


def _op_delete_zone(cov, rng):
    return cov.delete_zone(_pick(cov, rng))


def _op_fill(cov, rng):
    # a point in the unassigned area, if any
    union = shapely.coverage_union_all(list(cov.geoms.values()))
    holes = shapely.difference(shapely.box(0, 0, W, H), union)
    if holes.is_empty:
        raise GeometryError("no hole")
    p = holes.representative_point()
    return cov.fill_hole((p.x, p.y))


def _op_add(cov, rng):
    cx, cy = rng.uniform(0, W), rng.uniform(0, H)
    r = rng.uniform(20, 200)
    n = rng.randint(3, 9)
    ring = [
        (
            cx + r * rng.uniform(0.5, 1) * math.cos(2 * math.pi * k / n),
            cy + r * rng.uniform(0.5, 1) * math.sin(2 * math.pi * k / n),
        )
        for k in range(n)
    ]
    return cov.add_zone(ring)


OTHER_OPS = {"delete_zone": _op_delete_zone, "fill": _op_fill, "add": _op_add}


@SETTINGS
@given(
    seed=st.integers(0, 10_000),
    n_zones=st.integers(4, 14),
    ops=st.lists(
        st.tuples(
            st.sampled_from(sorted(OTHER_OPS) + ["split", "move", "merge"]), st.integers(0, 2**31)
        ),
        min_size=1,
        max_size=6,
    ),
)
def test_adding_and_removing_zones_keeps_a_valid_coverage(seed, n_zones, ops):
    geoms = synthetic_coverage(n_zones, n_zones * 15, seed=seed, width=W, height=H)
    cov = Coverage(geoms, frame=(0, 0, W, H))
    _run(cov, ops, None)
    # no zone ever overlaps another: the summed area never exceeds the frame
    assert sum(g.area for g in cov.geoms.values()) <= W * H * (1 + 1e-9)


def test_rejected_operations_change_nothing():
    geoms = synthetic_coverage(12, 600, seed=2, width=W, height=H)
    cov = Coverage(geoms, frame=(0, 0, W, H))
    rng = np.random.default_rng(0)
    ids = cov.ids()
    applied = _run(
        cov,
        [
            (name, int(rng.integers(0, 2**31)))
            for name in sorted(AREA_OPS)
            for _ in range(3)
            for _z in ids[:1]
        ],
        W * H,
    )
    assert applied >= 10
