"""Geometry engine speed (issue #4) on a synthetic 1,000-zone / 250,000-vertex coverage.

Goals: move shared vertex <= 5 ms, split <= 20 ms, full adjacency <= 0.5 s, incremental
adjacency after one edit <= 10 ms, clean of a 300-zone gappy import <= 2 s.
Per-edit figures are medians (and maxima) over many random edits.
"""

from __future__ import annotations

import statistics
import time

import numpy as np
import shapely

from gamecore.geometry.adjacency import compute_adjacency
from gamecore.geometry.coverage import Coverage
from gamecore.geometry.synthetic import synthetic_coverage


def _ms(samples: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(samples) * 1000, 3),
        "max": round(max(samples) * 1000, 3),
    }


def gappy_import(n_zones: int = 300, n_vertices: int = 60_000, seed: int = 4):
    """A coverage whose polygons were digitised independently: every vertex jittered
    (gaps and overlaps along every border), plus islands drawn over the sea zone under
    them. Returns (geoms, kinds)."""
    geoms = synthetic_coverage(n_zones, n_vertices, seed, 4000, 2000)
    rng = np.random.default_rng(seed)
    out, kinds = {}, {}
    for zid, poly in geoms.items():
        c = shapely.get_coordinates(poly)
        c = c + rng.normal(0, 0.4, c.shape)
        c[-1] = c[0]
        p = shapely.Polygon(c)
        out[zid] = p if p.is_valid else shapely.make_valid(p)
        kinds[zid] = "sea" if poly.centroid.x < 1200 else "land"
    sea = [z for z in out if kinds[z] == "sea"]
    for k, z in enumerate(sea[:10]):
        c = out[z].representative_point()
        zid = n_zones + 1 + k
        out[zid] = c.buffer(8, quad_segs=4)
        kinds[zid] = "land"
    return out, kinds


def run() -> dict:
    figures: dict = {}
    t = time.perf_counter()
    geoms = synthetic_coverage(1000, 250_000, seed=0)
    figures["synthetic_coverage_s"] = round(time.perf_counter() - t, 3)
    figures["vertices"] = sum(len(g.exterior.coords) - 1 for g in geoms.values())

    samples = []
    for _ in range(3):
        t = time.perf_counter()
        compute_adjacency(geoms)
        samples.append(time.perf_counter() - t)
    figures["full_adjacency_s"] = round(min(samples), 3)

    t = time.perf_counter()
    cov = Coverage(geoms, frame=(0, 0, 4000, 2000))
    figures["coverage_build_s"] = round(time.perf_counter() - t, 3)

    rng = np.random.default_rng(1)
    nodes = [p for p, zs in cov._vindex.items() if len(zs) >= 3]
    move, adj = [], []
    for i in rng.choice(len(nodes), 60, replace=False):
        p = nodes[int(i)]
        q = (p[0] + rng.uniform(-0.3, 0.3), p[1] + rng.uniform(-0.3, 0.3))
        t = time.perf_counter()
        cs = cov.move_vertex(p, q)
        move.append(time.perf_counter() - t)
        t = time.perf_counter()
        cov._update_adjacency(cs.touched())
        adj.append(time.perf_counter() - t)
    figures["move_shared_vertex_ms"] = _ms(move)

    split = []
    for zid in rng.choice(cov.ids(), 40, replace=False):
        zid = int(zid)
        x0, y0, x1, y1 = cov[zid].bounds
        c = cov[zid].representative_point()
        line = [(x0 - 1, c.y + 0.37), (c.x, c.y), (x1 + 1, c.y - 0.41)]
        t = time.perf_counter()
        cs = cov.split_zone(zid, line)
        split.append(time.perf_counter() - t)
        t = time.perf_counter()
        cov._update_adjacency(cs.touched())
        adj.append(time.perf_counter() - t)
    figures["split_ms"] = _ms(split)
    figures["incremental_adjacency_ms"] = _ms(adj)
    figures["adjacency_matches_full"] = cov.adjacency() == cov.recompute_adjacency()

    try:
        from gamecore.geometry.clean import clean_polygons
    except ImportError:  # pragma: no cover - clean not there yet
        return figures
    gappy, kinds = gappy_import()
    t = time.perf_counter()
    report = clean_polygons(gappy, gap_width=3.0, kinds=kinds, frame=(0, 0, 4000, 2000))
    figures["clean_300_s"] = round(time.perf_counter() - t, 3)
    figures["clean_changes"] = len(report.changes)
    figures["clean_valid"] = bool(shapely.coverage_is_valid(list(report.geoms.values())))
    return figures
