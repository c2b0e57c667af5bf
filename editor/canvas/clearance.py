"""Keeping arrows and pennants off the names and hex ids (#37, "markers never cover ids
or names"): the rectangles the names and hex ids take at a zoom level, and the part of
an arrow that runs clear of them (shortened at its ends, or moved a few pixels aside).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QPointF

if TYPE_CHECKING:
    from editor.canvas.scene import MapScene

#: how far an arrow may move aside to clear a label, in screen px (nearest first)
_OFFSETS = (0.0, 7.0, -7.0, 14.0, -14.0, 21.0, -21.0)


def label_boxes(scene: MapScene, scale: float) -> np.ndarray:
    """The names and hex ids drawn at ``scale``, as map rectangles ``(x0, y0, x1, y1)``
    (each name's picture with its halo, each id's text)."""
    out: list[tuple[float, float, float, float]] = []
    layers = scene.layers
    hexes = layers["hexes"]
    on_hex = hexes.hex_ids() if hexes.isVisible() else frozenset()
    if layers["labels"].isVisible():
        zones = scene.pack.map.zones
        for zid, x, y in scene.symbols.get(scale).names:
            z = zones.get(zid)
            if z is None or (zid in on_hex and z.name in (z.code, f"Hex {z.code}")):
                continue  # the hex layer writes that hex's id instead (LabelsLayer.draw)
            w, h = scene.symbols.name_size(zid)
            out.append((x - w / 2 / scale, y - h / 2 / scale, x + w / 2 / scale, y + h / 2 / scale))
    if hexes.isVisible():
        out.extend(hexes.id_boxes(scale))
    return np.array(out, dtype=float).reshape(-1, 4)


def _blocked(p0: np.ndarray, p1: np.ndarray, boxes: np.ndarray) -> list[tuple[float, float]]:
    """The parameter intervals (0..1) of segment p0-p1 inside ``boxes`` (Liang-Barsky)."""
    if not len(boxes):
        return []
    d = p1 - p0
    t0 = np.zeros(len(boxes))
    t1 = np.ones(len(boxes))
    ok = np.ones(len(boxes), dtype=bool)
    for axis in (0, 1):
        lo, hi = boxes[:, axis], boxes[:, axis + 2]
        if abs(d[axis]) < 1e-12:
            ok &= (p0[axis] >= lo) & (p0[axis] <= hi)
            continue
        a = (lo - p0[axis]) / d[axis]
        b = (hi - p0[axis]) / d[axis]
        t0 = np.maximum(t0, np.minimum(a, b))
        t1 = np.minimum(t1, np.maximum(a, b))
    ok &= t0 < t1
    return sorted(zip(t0[ok].tolist(), t1[ok].tolist(), strict=True))


def _longest_free(blocked: list[tuple[float, float]]) -> tuple[float, float]:
    best, at = (0.0, 0.0), 0.0
    for s, e in [*blocked, (1.0, 1.0)]:
        if s - at > best[1] - best[0]:
            best = (at, s)
        at = max(at, e)
    return best


def clear_segment(
    a: QPointF, b: QPointF, boxes: np.ndarray, scale: float, half: float
) -> tuple[QPointF, QPointF]:
    """The arrow from ``a`` to ``b`` kept ``half`` px (its half width with its heads)
    off ``boxes``: the longest clear stretch of the line, or of the line moved a few px
    aside when the line itself keeps less than half its length (at least 12 px). The
    arrow as it was when no stretch of 8 px is clear anywhere (nothing better to draw)."""
    pa, pb = np.array([a.x(), a.y()]), np.array([b.x(), b.y()])
    length = float(np.hypot(*(pb - pa)))
    if length <= 0 or not len(boxes):
        return a, b
    pad = half / scale
    grown = boxes + np.array([-pad, -pad, pad, pad])
    # only the labels near the arrow matter
    lo, hi = np.minimum(pa, pb) - 20 / scale, np.maximum(pa, pb) + 20 / scale
    near = grown[
        (grown[:, 2] >= lo[0])
        & (grown[:, 0] <= hi[0])
        & (grown[:, 3] >= lo[1])
        & (grown[:, 1] <= hi[1])
    ]
    if not len(near):
        return a, b
    normal = np.array([-(pb - pa)[1], (pb - pa)[0]]) / length
    px = length * scale
    need = min(px, max(12.0, 0.5 * px))  # the nearest line that keeps this much wins
    best: tuple[float, np.ndarray, np.ndarray] | None = None
    for off in _OFFSETS:
        q0, q1 = pa + normal * off / scale, pb + normal * off / scale
        s, e = _longest_free(_blocked(q0, q1, near))
        kept = (e - s) * px
        if best is None or kept > best[0]:
            best = (kept, q0 + (q1 - q0) * s, q0 + (q1 - q0) * e)
        if kept >= need - 1e-9:
            break
    assert best is not None
    if best[0] < 8.0:
        return a, b
    return QPointF(*best[1].tolist()), QPointF(*best[2].tolist())
