"""Geometry engine speed (issue #4) on a synthetic 1,000-zone / 250,000-vertex coverage.

Goals: move shared vertex <= 5 ms, split <= 20 ms, full adjacency <= 0.5 s, incremental
adjacency after one edit <= 10 ms, clean of a 300-zone gappy import <= 2 s.
Per-edit figures are medians (and maxima) over many random edits, as wall-clock time
and as CPU time of this process (``*_cpu``), which other processes on a busy machine
disturb less.
"""

from __future__ import annotations

import gc
import statistics
import time

import numpy as np
import shapely

from gamecore.geometry.adjacency import compute_adjacency
from gamecore.geometry.clean import clean_polygons
from gamecore.geometry.coverage import Coverage
from gamecore.geometry.synthetic import synthetic_coverage


def _ms(samples: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(samples) * 1000, 3),
        "max": round(max(samples) * 1000, 3),
    }


class _Timer:
    """Wall and CPU time of a block."""

    def __enter__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc):
        self.wall = time.perf_counter() - self.wall
        self.cpu = time.process_time() - self.cpu


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

    wall, cpu = [], []
    for _ in range(3):
        with _Timer() as t:
            compute_adjacency(geoms)
        wall.append(t.wall)
        cpu.append(t.cpu)
    figures["full_adjacency_s"] = round(min(wall), 3)
    figures["full_adjacency_cpu_s"] = round(min(cpu), 3)

    t = time.perf_counter()
    cov = Coverage(geoms, frame=(0, 0, 4000, 2000))
    figures["coverage_build_s"] = round(time.perf_counter() - t, 3)

    rng = np.random.default_rng(1)
    nodes = [p for p, zs in cov._vindex.items() if len(zs) >= 3]
    # each edit includes validation, applying, index and adjacency updates; the
    # incremental adjacency figure times that update alone, redone after each edit
    move, move_cpu, adj, adj_cpu = [], [], [], []
    for i in rng.choice(len(nodes), 80, replace=False):
        p = nodes[int(i)]
        q = (p[0] + rng.uniform(-0.3, 0.3), p[1] + rng.uniform(-0.3, 0.3))
        with _Timer() as t:
            cs = cov.move_vertex(p, q)
        move.append(t.wall)
        move_cpu.append(t.cpu)
        with _Timer() as t:
            cov._update_adjacency(cs.touched())
        adj.append(t.wall)
        adj_cpu.append(t.cpu)
    figures["move_shared_vertex_ms"] = _ms(move)
    figures["move_shared_vertex_cpu_ms"] = _ms(move_cpu)

    split, split_cpu = [], []
    for zid in rng.choice(cov.ids(), 40, replace=False):
        zid = int(zid)
        x0, y0, x1, y1 = cov[zid].bounds
        c = cov[zid].representative_point()
        line = [(x0 - 1, c.y + 0.37), (c.x, c.y), (x1 + 1, c.y - 0.41)]
        with _Timer() as t:
            cs = cov.split_zone(zid, line)
        split.append(t.wall)
        split_cpu.append(t.cpu)
        with _Timer() as t:
            cov._update_adjacency(cs.touched())
        adj.append(t.wall)
        adj_cpu.append(t.cpu)
    figures["split_ms"] = _ms(split)
    figures["split_cpu_ms"] = _ms(split_cpu)
    figures["incremental_adjacency_ms"] = _ms(adj)
    figures["incremental_adjacency_cpu_ms"] = _ms(adj_cpu)
    figures["adjacency_matches_full"] = cov.adjacency() == cov.recompute_adjacency()
    figures["coverage_valid_after_edits"] = cov.is_valid()

    # an import starts from a fresh state: drop the big coverage first
    del cov, geoms, nodes
    gc.collect()
    gappy, kinds = gappy_import()
    runs = []
    for _ in range(2):
        with _Timer() as t:
            report = clean_polygons(gappy, gap_width=3.0, kinds=kinds, frame=(0, 0, 4000, 2000))
        runs.append(t)
    figures["clean_300_s"] = round(min(r.wall for r in runs), 3)
    figures["clean_300_cpu_s"] = round(min(r.cpu for r in runs), 3)
    figures["clean_changes"] = len(report.changes)
    figures["clean_valid"] = bool(shapely.coverage_is_valid(list(report.geoms.values())))
    return figures
