"""The editor on a Hitler's Global War sized hex map (48 rows x 112 columns = 5,376
hexes, issue #28), in the real main window (1600x1000) with its docks open (Issues,
Zones, Inspector, Overview), offscreen:

- ``repaint_ids_<px>px_ms``: a full repaint of the view with hex ids on, zoomed so that
  a hex is <px> pixels wide (28: the smallest width that shows ids, the most hexes on
  screen; 48: a comfortable editing zoom); ``repaint_noids_<px>px_ms`` the same with
  the Hex Ids layer off (the cost of the ids is the difference); ``hexes_drawn_<px>px``
  how many hexes the layer draws;
- ``repaint_fit_ms``: the whole map fitted in the view (ids hidden by level of detail);
- ``paint_stroke_20_ms``: a Hex Paint stroke across 20 hexes (press, 20 moves, release)
  until the window is idle and repainted; ``undo_stroke_ms``: Ctrl+Z of that stroke;
  ``*_issues_ms``: until the Issues dock shows the validator's result.

Medians of several runs; ``*_cpu_ms`` the CPU time of the process over the same span.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROWS, COLS, SIZE = 48, 112, 10.0
RUNS = 7


def make_pack():
    from gamecore.hgw.newmap import hgw_hex_map_pack

    pack = hgw_hex_map_pack(ROWS, COLS, SIZE, first_row=1, first_col=1)
    rnd = random.Random(28)
    terrains = ["clear"] * 5 + ["mountain", "swamp", "desert", "jungle", "island"]
    countries = ["Germany", "USSR", "Poland", "France", "Italy", "Spain", "Turkey"]
    for z in pack.map.zones.values():
        row, col = z.props["hex"]
        if rnd.random() < 0.12:
            z.kind = "sea"
            z.region = "Baltic"
            continue
        z.terrain = rnd.choice(terrains)
        z.value = rnd.choice([0, 0, 0, 1, 2, 3])
        z.region = countries[(col * len(countries)) // (COLS + 1)]
        if rnd.random() < 0.08:
            z.flags = ["coastal"]
    return pack


def _median(xs: list[float]) -> float:
    return round(statistics.median(xs), 2)


def run() -> dict:
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    import editor  # noqa: F401  (installs the PySide6 workaround first)
    from gamecore.store import write_pack
    from tests.benchmarks.editor_window import _Meter, open_window

    app = QApplication.instance() or QApplication([])
    tmp = Path(tempfile.mkdtemp(prefix="bench-hex-"))
    path = tmp / "hexes.warroom"
    pack = make_pack()
    write_pack(pack, path)
    window, t = open_window(app, tmp / "s.ini", path, with_scenario=False)
    meter = _Meter(app, window)
    meter.settle(120)
    out: dict = {"hexes": len(window.document.pack.map.zones)}
    out["open_s"] = round(time.perf_counter() - t, 2)
    view, vp, scene = window.view, window.view.viewport(), window.scene
    layer = scene.layers["hexes"]
    pack = window.document.pack

    def centre(code: str) -> QPointF:
        c = pack.map.zone_by_code(code).geometry.centroid
        return QPointF(c.x, c.y)

    def zoom_hex_px(px: float) -> None:
        """Zoom so that a hex is ``px`` pixels wide, centred on hex 2456."""
        hex_w = 3**0.5 * SIZE
        scale = px / hex_w
        w, h = vp.width() / scale, vp.height() / scale
        c = centre("2456")
        from PySide6.QtCore import QRectF

        view.zoom_to(QRectF(c.x() - w / 2, c.y() - h / 2, w, h))
        view.zoom_by(scale / view.scale_factor())
        view.centerOn(c)
        meter.idle()

    def repaint() -> tuple[float, float]:
        scene.invalidate_static()
        t0, c0 = time.perf_counter(), time.process_time()
        vp.repaint()
        return 1000 * (time.perf_counter() - t0), 1000 * (time.process_time() - c0)

    def figure(key: str) -> None:
        repaint()  # warm the symbol images of this zoom
        runs = [repaint() for _ in range(RUNS)]
        out[f"{key}_ms"] = _median([w for w, _ in runs])
        out[f"{key}_cpu_ms"] = _median([c for _, c in runs])

    for px in (28, 48):
        zoom_hex_px(px)
        shown = view.mapToScene(vp.rect()).boundingRect()
        out[f"hexes_drawn_{px}px"] = len(layer.visible(shown, view.scale_factor()))
        figure(f"repaint_ids_{px}px")
        window.act_hex_ids.trigger()
        figure(f"repaint_noids_{px}px")
        window.act_hex_ids.trigger()
    window.fit_map()
    meter.idle()
    figure("repaint_fit")

    # -- a Hex Paint stroke across 20 hexes of row 24, then its undo
    zoom_hex_px(48)
    window.set_tool("hex_paint")
    tool = window.tool
    tool.brush_combo.setCurrentText("terrain")
    codes = [f"24{c:02d}" for c in range(46, 66)]
    left = Qt.MouseButton.LeftButton
    none = Qt.KeyboardModifier.NoModifier

    def stroke(value: str) -> None:
        tool.value_combo.setCurrentText(value)
        pts = [view.mapFromScene(centre(c)) for c in codes]
        QTest.mousePress(vp, left, none, pts[0])
        for p in pts[1:]:
            QTest.mouseMove(vp, p)
        QTest.mouseRelease(vp, left, none, pts[-1])

    stack = window.document.undo_stack
    for i in range(RUNS):
        before = stack.index()
        meter.measure("paint_stroke_20", lambda i=i: stroke(("mountain", "swamp")[i % 2]))
        if stack.index() != before + 1:
            raise RuntimeError(
                f"the stroke made {stack.index() - before} undo steps: "
                f"{window.statusBar().currentMessage()!r}"
            )
        painted = {
            pack.map.zone_by_code(c).terrain
            for c in codes
            if pack.map.zone_by_code(c).kind == "land"
        }
        if painted != {("mountain", "swamp")[i % 2]}:
            raise RuntimeError(f"the stroke did not paint the 20 hexes: {painted}")
        view.setFocus()
        meter.measure(
            "undo_stroke",
            lambda: QTest.keyClick(vp, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier),
        )
    out.update(meter.figures())
    window.discard_and_close()
    return out
