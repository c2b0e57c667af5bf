"""Synthetic coverages and maps for tests and benchmarks.

:func:`synthetic_coverage` builds a valid polygonal coverage of a rectangular frame: the
Voronoi cells of jittered points, clipped to the frame, whose shared edges are densified
once (in a canonical direction) with a wobble, so both neighbours get bit-identical
vertices. The wobble of an edge stays inside the two triangles (edge, site of each cell),
which are inside the two convex cells, so wobbled edges never cross.

:func:`synthetic_map` wraps such a coverage in a :class:`gamecore.model.Map` with sea and
land zones, links, facilities and a convoy line.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import MultiPoint, Polygon, box

from gamecore.model.map import Facility, Line, Link, Map, Zone

__all__ = ["synthetic_coverage", "synthetic_map"]


def _sites(n: int, width: float, height: float, rng: np.random.Generator) -> np.ndarray:
    """n jittered points, one per chosen cell of a grid of about n cells."""
    nx = max(1, round(math.sqrt(n * width / height)))
    ny = max(1, math.ceil(n / nx))
    chosen = np.sort(rng.choice(nx * ny, size=n, replace=False))
    cx, cy = chosen % nx, chosen // nx
    jitter = rng.uniform(0.15, 0.85, size=(n, 2))
    xs = (cx + jitter[:, 0]) * (width / nx)
    ys = (cy + jitter[:, 1]) * (height / ny)
    return np.column_stack([xs, ys])


class _Nodes:
    """Merges coordinates closer than ``tol`` into one node (grid-hash clustering)."""

    def __init__(self, tol: float):
        self.tol = tol
        self.grid: dict[tuple[int, int], list[int]] = {}
        self.xy: list[tuple[float, float]] = []

    def node(self, x: float, y: float) -> int:
        gx, gy = math.floor(x / self.tol), math.floor(y / self.tol)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for i in self.grid.get((gx + dx, gy + dy), ()):
                    px, py = self.xy[i]
                    if abs(px - x) <= self.tol and abs(py - y) <= self.tol:
                        return i
        self.xy.append((x, y))
        self.grid.setdefault((gx, gy), []).append(len(self.xy) - 1)
        return len(self.xy) - 1


def _extent(t: np.ndarray, ts: float, d: float) -> np.ndarray:
    """Distance from the edge axis to the border of triangle (a, b, site) at parameter t,
    where the site projects to parameter ``ts`` at distance ``d`` (> 0)."""
    out = np.full_like(t, np.inf)
    if ts > 0:
        out = np.minimum(out, t / ts)
    if ts < 1:
        out = np.minimum(out, (1.0 - t) / (1.0 - ts))
    return np.clip(out, 0.0, None) * d


def synthetic_coverage(
    n_zones: int,
    n_vertices: int,
    seed: int = 0,
    width: float = 4000.0,
    height: float = 2000.0,
) -> dict[int, Polygon]:
    """A valid coverage of the frame (0, 0, width, height) with ids 1..n_zones and about
    ``n_vertices`` ring vertices in total (each polygon's ring counted separately)."""
    if n_zones < 1:
        raise ValueError("n_zones must be >= 1")
    rng = np.random.default_rng(seed)
    frame = box(0.0, 0.0, width, height)
    if n_zones == 1:
        cells = [frame]
        sites = np.array([[width / 2, height / 2]])
    else:
        sites = _sites(n_zones, width, height, rng)
        vor = shapely.voronoi_polygons(MultiPoint(sites), extend_to=frame, ordered=True)
        cells = list(shapely.intersection(shapely.get_parts(vor), frame))
        cells = list(shapely.orient_polygons(np.array(cells, dtype=object)))
    tol = 1e-9 * max(width, height)
    nodes = _Nodes(tol)
    rings: list[list[int]] = []
    for cell in cells:
        if cell.geom_type != "Polygon":  # a clipped convex cell is always one polygon
            cell = max(shapely.get_parts(cell), key=lambda g: g.area)
        ring: list[int] = []
        for x, y in shapely.get_coordinates(cell.exterior)[:-1]:
            i = nodes.node(float(x), float(y))
            if not ring or ring[-1] != i:
                ring.append(i)
        while len(ring) > 1 and ring[0] == ring[-1]:
            ring.pop()
        rings.append(ring)
    # snap nodes near the frame exactly onto it, so frame edges are straight
    xy = np.array(nodes.xy)
    for col, lim in ((0, 0.0), (0, width), (1, 0.0), (1, height)):
        near = np.abs(xy[:, col] - lim) <= tol * 10
        xy[near, col] = lim

    def on_frame(i: int, j: int) -> bool:
        (x1, y1), (x2, y2) = xy[i], xy[j]
        return (x1 == x2 and x1 in (0.0, width)) or (y1 == y2 and y1 in (0.0, height))

    # the edges, each with the cells on it
    edges: dict[tuple[int, int], list[int]] = {}
    for c, ring in enumerate(rings):
        for k in range(len(ring)):
            a, b = ring[k], ring[(k + 1) % len(ring)]
            edges.setdefault((min(a, b), max(a, b)), []).append(c)
    keys = list(edges)
    lengths = np.array([math.dist(xy[a], xy[b]) for a, b in keys])
    shared = np.array([len(edges[k]) for k in keys])
    base = sum(len(r) for r in rings)
    extra = max(0, n_vertices - base)
    weight = float((lengths * shared).sum()) or 1.0
    rho = extra / weight
    counts = np.floor(lengths * rho + rng.uniform(0, 1, len(keys))).astype(int)

    interior: dict[tuple[int, int], np.ndarray] = {}
    for key, length, k in zip(keys, lengths, counts, strict=True):
        if k <= 0 or length <= 0:
            continue
        a, b = key
        pa, pb = xy[a], xy[b]
        d = (pb - pa) / length
        normal = np.array([-d[1], d[0]])
        t = (np.arange(1, k + 1) + rng.uniform(-0.3, 0.3, k)) / (k + 1)
        pts = pa + np.outer(t, pb - pa)
        cells_on = edges[key]
        if len(cells_on) == 2 and not on_frame(a, b):
            ext = {}
            for c in cells_on:
                rel = sites[c] - pa
                ds = float(rel @ normal)
                ts = float(rel @ d) / length
                if ds != 0.0:
                    ext[ds > 0] = _extent(t, ts, abs(ds))
            if len(ext) == 2:
                m = rng.integers(1, 4)
                f = 0.6 * np.sin(math.pi * m * t + rng.uniform(0, 2 * math.pi))
                f += 0.12 * rng.uniform(-1, 1, k)
                f = np.clip(f, -0.8, 0.8) * 0.8
                w = np.where(f > 0, f * ext[True], f * ext[False])
                pts = pts + np.outer(w, normal)
        interior[key] = pts

    out: dict[int, Polygon] = {}
    empty = np.empty((0, 2))
    for c, ring in enumerate(rings):
        parts = []
        for k in range(len(ring)):
            a, b = ring[k], ring[(k + 1) % len(ring)]
            parts.append(xy[a : a + 1])
            if a < b:
                parts.append(interior.get((a, b), empty))
            else:
                parts.append(interior.get((b, a), empty)[::-1])
        coords = np.concatenate(parts)
        out[c + 1] = Polygon(np.concatenate([coords, coords[:1]]))
    return out


_SYLLABLES = (
    "al",
    "bar",
    "cor",
    "dan",
    "el",
    "fen",
    "gor",
    "hal",
    "ist",
    "jor",
    "kar",
    "lom",
    "mar",
    "nor",
    "os",
    "pra",
    "quin",
    "ros",
    "sal",
    "tor",
    "ul",
    "var",
)
_LAND_TERRAIN = ("clear", "clear", "clear", "forest", "mountain", "desert", "marsh", "urban")


def _name(rng: np.random.Generator) -> str:
    n = int(rng.integers(2, 4))
    return "".join(_SYLLABLES[int(i)] for i in rng.integers(0, len(_SYLLABLES), n)).title()


def synthetic_map(
    n_zones: int,
    n_vertices: int,
    seed: int = 0,
    sea_fraction: float = 0.3,
    width: float = 4000.0,
    height: float = 2000.0,
) -> Map:
    """A map over :func:`synthetic_coverage`: about ``sea_fraction`` of the zones are sea
    (codes "1".."k" in reading order), the rest land (codes "L0001"...), with names,
    values 0-10, terrain, label points, a strait, a canal, facilities and a convoy line."""
    from gamecore.geometry.queries import label_point

    geoms = synthetic_coverage(n_zones, n_vertices, seed, width, height)
    rng = np.random.default_rng(seed + 1)
    ids = sorted(geoms)
    cent = shapely.get_coordinates(shapely.centroid([geoms[i] for i in ids]))
    phase = rng.uniform(0, 2 * math.pi)
    # a western ocean with a wavy coast
    score = cent[:, 0] / width + 0.15 * np.sin(2 * math.pi * 1.5 * cent[:, 1] / height + phase)
    n_sea = min(n_zones, max(0, round(sea_fraction * n_zones)))
    sea_ids = {ids[i] for i in np.argsort(score, kind="stable")[:n_sea]}
    m = Map(name=f"Synthetic {n_zones}/{n_vertices} #{seed}", width=width, height=height)

    def reading_order(zid: int) -> tuple[int, float]:
        x, y = cent[ids.index(zid)]
        return (int(y // (height / 10)), float(x))

    order = {zid: n for n, zid in enumerate(sorted(ids, key=reading_order))}
    sea_no = {zid: k + 1 for k, zid in enumerate(sorted(sea_ids, key=order.__getitem__))}
    land_no = {
        zid: k + 1 for k, zid in enumerate(sorted(set(ids) - sea_ids, key=order.__getitem__))
    }
    for zid in ids:
        g = geoms[zid]
        if zid in sea_ids:
            zone = Zone(
                zid,
                str(sea_no[zid]),
                f"Sea Zone {sea_no[zid]}",
                kind="sea",
                geometry=g,
                terrain="sea",
            )
        else:
            zone = Zone(
                zid,
                f"L{land_no[zid]:04d}",
                _name(rng),
                kind="land",
                geometry=g,
                value=int(rng.integers(0, 11)),
                terrain=_LAND_TERRAIN[int(rng.integers(0, len(_LAND_TERRAIN)))],
            )
        zone.label = label_point(g)
        m.zones[zid] = zone

    from gamecore.geometry.adjacency import compute_adjacency

    pairs = sorted(compute_adjacency(geoms))
    adj: dict[int, set[int]] = {i: set() for i in ids}
    for a, b in pairs:
        adj[a].add(b)
        adj[b].add(a)
    land = sorted(set(ids) - sea_ids)
    sea = sorted(sea_ids)
    # a strait: two land zones both touching one sea zone but not each other
    for s in sea:
        coast = [z for z in sorted(adj[s]) if z not in sea_ids]
        cand = [(a, b) for a in coast for b in coast if a < b and b not in adj[a]]
        if cand:
            a, b = cand[0]
            m.links[1] = Link(1, "strait", a, b, name="Synthetic Strait", via=s)
            break
    # a canal: two sea zones sharing a land neighbour that controls it
    for a in sea:
        for b in sorted(adj[a]):
            ctrl = sorted(z for z in adj[a] & adj[b] if z not in sea_ids)
            if b in sea_ids and a < b and ctrl:
                m.links[2] = Link(2, "canal", a, b, name="Synthetic Canal", controllers=ctrl[:1])
                break
        if 2 in m.links:
            break
    # facilities: factories on the most valuable land, ports on coasts
    fid = 1
    for zid in sorted(land, key=lambda z: (-m.zones[z].value, z))[: max(1, len(land) // 20)]:
        m.facilities[fid] = Facility(fid, zid, "factory")
        fid += 1
    coastal = [z for z in land if adj[z] & sea_ids]
    for zid in coastal[: max(1, len(coastal) // 10)]:
        served = sorted(adj[zid] & sea_ids)[:1]
        m.facilities[fid] = Facility(fid, zid, "port", serves=served)
        fid += 1
    # a convoy line: a walk through adjacent sea zones
    if sea:
        path = [sea[0]]
        while len(path) < 5:
            nxt = [z for z in sorted(adj[path[-1]]) if z in sea_ids and z not in path]
            if not nxt:
                break
            path.append(nxt[0])
        points = [m.zones[z].label for z in path if m.zones[z].label]
        start = next((z for z in sorted(adj[path[0]]) if z not in sea_ids), path[0])
        m.lines[1] = Line(
            1,
            "convoy",
            "Synthetic Convoy",
            points=points,
            path=path,
            start=start,
            end=path[-1],
            values={"UK": 3},
        )
    return m
