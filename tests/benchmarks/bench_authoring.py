"""Authoring: how long the canvas takes to take in one vertex move on the sample pack
(incremental update of the moved zones vs. a full geometry rebuild), and the cost of
the draw-zone operation on a blank canvas."""

from __future__ import annotations

import os
import time


def _best(fn, n: int = 5) -> float:
    best = float("inf")
    for _ in range(n):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def run() -> dict:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])  # noqa: F841
    import editor  # noqa: F401
    from editor.canvas.mapgeom import MapGeometry
    from editor.canvas.scene import MapScene
    from editor.demo import blank_pack
    from gamecore.geometry import Coverage
    from gamecore.ops import ApplyChangeSet
    from gamecore.ops.authoring import draw_zone
    from gamecore.paths import sample_pack
    from gamecore.store import read_pack

    pack = read_pack(sample_pack())
    scene = MapScene()
    scene.set_pack(pack)
    cov = Coverage.from_map(pack.map)
    v = max(cov._vindex, key=lambda p: len(cov._vindex[p]))
    edits = []

    def move():
        p = edits[-1][1] if edits else v
        q = (p[0] + 0.01, p[1] + 0.01)
        cs = Coverage.from_map(pack.map).move_vertex(p, q, dry_run=True)
        e = ApplyChangeSet(cs)
        change = e.apply(pack)
        edits.append((e, q))
        t = time.perf_counter()
        scene.apply_change(change)
        return time.perf_counter() - t

    incremental = min(move() for _ in range(5))
    full = _best(lambda: MapGeometry(pack.map))
    cover = _best(lambda: Coverage.from_map(pack.map), 3)
    blank = blank_pack()
    bcov = Coverage.from_map(blank.map)
    kinds = {z.id: z.kind for z in blank.map.zones.values()}
    draw = _best(lambda: draw_zone(bcov, [(100, 100), (300, 120), (280, 300), (90, 280)], kinds))
    return {
        "zones": len(pack.map.zones),
        "vertex_move_canvas_update_s": round(incremental, 4),
        "full_geometry_rebuild_s": round(full, 4),
        "coverage_from_map_s": round(cover, 4),
        "draw_zone_on_blank_s": round(draw, 4),
    }
