"""The editor's edits at real size, measured on the real main window with every dock
open (Issues, Scenario, Zones, Inspector, Overview), driven by real input events:

- ``value_edit``: type a value into the Inspector's value field and press Enter;
- ``vertex_move``: drag a shared vertex with the vertex tool (press, move, release);
- ``undo``: Ctrl+Z on the map after a value edit;
- ``merge``: the merge tool, two clicked zones, Enter; the zones carry units and owners,
  so Enter asks what happens to them and the measured input is the Enter that answers
  the question with its default (``merge_ask_ms``: from the first Enter until the
  question is up); undone between runs (``undo_merge``: Ctrl+Z).

Each figure runs from the input event until the window is idle again with the frame
repainted (events processed until none is pending): ``*_ms`` is the wall-clock median,
``*_ui_cpu_ms`` the CPU time of the GUI thread (the machine may be shared; this is the
cost of our own work). The validator runs after the edit off the GUI thread:
``*_issues_ms`` is the time from the input event until the Issues dock shows its result,
and ``*_cpu_ms`` the whole process's CPU over that time (GUI + validator threads).

Run on the bundled sample (``resources/samples/world-1939.warroom``) and on a synthetic
1,000-zone pack. Goal: every ``*_ms`` <= 50 ms.
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

RUNS = 7


def _synthetic_pack(path: Path, n_zones: int = 1000) -> None:
    from gamecore.geometry.synthetic import synthetic_map
    from gamecore.model import Nation, Ownership, Pack, Scenario, UnitStack
    from gamecore.store import write_pack

    m = synthetic_map(n_zones, n_zones * 200, seed=2)
    pack = Pack(map=m, meta={"title": "bench 1000"})
    names = ["GER", "UK", "FRA", "USSR", "ITA", "USA", "JPN"]
    colours = ["#6e6e6e", "#c49a52", "#4f78b8", "#a33b3b", "#5c8a3c", "#d9822b", "#7b5ea7"]
    for code, colour in zip(names, colours, strict=True):
        pack.nations[code] = Nation(code, code, colour)
    sc = Scenario("1939", "Bench 1939")
    sc.turn_order = [[n] for n in names]
    land = [z for z in m.zones.values() if not z.is_water]
    for i, z in enumerate(land):
        owner = names[int(z.geometry.centroid.x * 7 // m.width) % 7] if i % 11 else None
        sc.ownership[z.id] = Ownership(owner, owner)
        if owner and i % 3 == 0:
            sc.units.append(UnitStack(z.id, owner, "infantry", 1 + i % 5))
    pack.scenarios[sc.id] = sc
    write_pack(pack, path)


class _Meter:
    """Times one user action from its input events to an idle, repainted window."""

    def __init__(self, app, window):
        self.app, self.window = app, window
        self.wall: dict[str, list[float]] = {}
        self.ui_cpu: dict[str, list[float]] = {}
        self.issues: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}
        self._done = False
        window.validation.updated.connect(self._validated)
        window.validation.failed.connect(self._validated)

    def _validated(self, *_):
        self._done = True

    def idle(self) -> None:
        for _ in range(4):  # posted events, then the update requests they posted
            self.app.processEvents()
            self.app.sendPostedEvents()

    def settle(self, timeout: float = 30.0) -> None:
        end = time.perf_counter() + timeout
        self.idle()
        while time.perf_counter() < end:
            v = self.window.validation
            if not v._busy and not v.pending():
                break
            self.app.processEvents()
            time.sleep(0.002)
        self.idle()

    def restart(self) -> None:
        """Start the clocks again: the measured input event comes now (an action that
        first opens a dialog and then answers it)."""
        self._start = time.perf_counter(), time.thread_time(), time.process_time()

    def measure(self, name: str, action) -> None:
        self.settle()
        self._done = False
        self.restart()
        action()
        self.idle()
        w, c, p = self._start
        self.wall.setdefault(name, []).append(1000 * (time.perf_counter() - w))
        self.ui_cpu.setdefault(name, []).append(1000 * (time.thread_time() - c))
        end = time.perf_counter() + 60
        while not self._done and time.perf_counter() < end:
            self.app.processEvents()
            time.sleep(0.001)
        self.idle()
        self.issues.setdefault(name, []).append(1000 * (time.perf_counter() - w))
        self.cpu.setdefault(name, []).append(1000 * (time.process_time() - p))

    def figures(self) -> dict:
        out: dict = {}
        for name in self.wall:
            med = lambda xs: round(statistics.median(xs), 1)  # noqa: E731
            out[f"{name}_ms"] = med(self.wall[name])
            out[f"{name}_ui_cpu_ms"] = med(self.ui_cpu[name])
            out[f"{name}_issues_ms"] = med(self.issues[name])
            out[f"{name}_cpu_ms"] = med(self.cpu[name])
        return out


def open_window(app, settings_path: Path, path: Path, with_scenario: bool) -> tuple:
    """The editor as a user has it: a 1600 x 1000 main window, shown, ``path`` opened
    and the docks shown (the Scenario dock too when ``with_scenario``). Returns the
    window and the ``time.perf_counter()`` at which the open began."""
    from PySide6.QtCore import QSettings

    from editor.mainwindow import MainWindow

    window = MainWindow(QSettings(str(settings_path), QSettings.Format.IniFormat))
    window.resize(1600, 1000)
    window.show()
    app.processEvents()
    t = time.perf_counter()
    window.open_path(path)
    docks = [window.issues_dock, window.zones_dock, window.inspector_dock, window.overview_dock]
    if with_scenario:
        docks.insert(1, window.scenario_dock)
    for dock in docks:
        dock.show()
    return window, t


def _bench_window(path: Path, settings_path: Path) -> dict:
    import shapely
    from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    import editor  # noqa: F401  (installs the PySide6 workaround first)
    from editor.removal import RemovedZonesDialog

    app = QApplication.instance() or QApplication([])
    window, t = open_window(app, settings_path, path, with_scenario=True)
    window.scenario_dock.raise_()  # tabbed with the Inspector: both are visited below
    app.processEvents()
    meter = _Meter(app, window)
    meter.settle()
    doc = window.document
    pack = doc.pack
    out: dict = {"zones": len(pack.map.zones), "open_s": round(time.perf_counter() - t, 2)}
    view, vp = window.view, window.view.viewport()
    window.fit_map()
    meter.idle()

    def on_screen(x: float, y: float) -> QPoint:
        return view.mapFromScene(QPointF(x, y))

    # -- value edit through the Inspector (the Scenario dock stays open beside it)
    land = [z for z in pack.map.zones.values() if z.kind == "land" and z.geometry is not None]
    land.sort(key=lambda z: -z.geometry.area)
    zone = next(z for z in land if z.value > 0)  # the largest zone worth something
    doc.selection.set([("zone", zone.id)])
    window.inspector_dock.raise_()
    meter.idle()
    spin = window.inspector.zone_form.widgets["value"]
    start = zone.value

    def type_value(v: int):
        spin.setFocus()
        spin.selectAll()
        QTest.keyClicks(spin, str(v))
        QTest.keyClick(spin, Qt.Key.Key_Return)

    for i in range(RUNS):
        meter.measure("value_edit", lambda i=i: type_value(start + 1 + i % 3))
    if zone.value == start:
        raise RuntimeError("the value edit did not reach the pack")

    # -- undo (Ctrl+Z on the map) of value edits
    view.setFocus()
    for _ in range(RUNS):
        type_value(start + 5)
        meter.settle()
        view.setFocus()
        meter.measure(
            "undo", lambda: QTest.keyClick(vp, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        )

    # -- vertex drag
    window.set_tool("vertices")
    view.zoom_to(window.scene.selection_rect([("zone", zone.id)]))
    meter.idle()
    coords = shapely.get_coordinates(
        zone.geometry.exterior
        if zone.geometry.geom_type == "Polygon"
        else zone.geometry.geoms[0].exterior
    )[:-1]
    moved = 0
    for i in range(RUNS):
        x, y = coords[(i * 7) % len(coords)]
        a = on_screen(x, y)
        if not vp.rect().contains(a):
            continue
        b = a + QPoint(4 if i % 2 else -4, 3)
        before = doc.undo_stack.count()

        def drag(a=a, b=b):
            QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
            QTest.mouseMove(vp, (a + b) / 2)
            QTest.mouseMove(vp, b)
            QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)

        meter.measure("vertex_move", drag)
        moved += doc.undo_stack.count() > before
        coords = shapely.get_coordinates(
            zone.geometry.exterior
            if zone.geometry.geom_type == "Polygon"
            else zone.geometry.geoms[0].exterior
        )[:-1]
    out["vertex_moves_done"] = moved

    # -- merge two neighbouring land zones, undone between runs
    window.set_tool("merge")
    window.fit_map()
    meter.idle()
    a_zone = zone
    neighbours = [
        z for z in land if z.id != a_zone.id and z.geometry.intersection(a_zone.geometry).length > 0
    ]
    b_zone = neighbours[0]
    pa = a_zone.geometry.representative_point()
    pb = b_zone.geometry.representative_point()
    merged = 0
    ask_ms: list[float] = []
    for _ in range(RUNS):
        QTest.mouseClick(
            vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, on_screen(pa.x, pa.y)
        )
        QTest.mouseClick(
            vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, on_screen(pb.x, pb.y)
        )
        meter.idle()
        before = len(pack.map.zones)
        asked: list[float] = []

        def merge(asked=asked):
            t = time.perf_counter()

            def answer():
                dialog = QApplication.activeModalWidget()
                if not isinstance(dialog, RemovedZonesDialog):
                    QTimer.singleShot(1, answer)
                    return
                asked.append(1000 * (time.perf_counter() - t))
                meter.restart()  # the input that merges: Enter on the question
                QTest.keyClick(dialog, Qt.Key.Key_Return)

            QTimer.singleShot(0, answer)
            QTest.keyClick(vp, Qt.Key.Key_Return)

        meter.measure("merge", merge)
        if not asked:
            raise RuntimeError("the merge did not ask what happens to the units")
        ask_ms.extend(asked)
        merged += len(doc.pack.map.zones) < before
        meter.measure(
            "undo_merge",
            lambda: QTest.keyClick(vp, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier),
        )
    out["merges_done"] = merged
    out["merge_ask_ms"] = round(statistics.median(ask_ms), 1)
    out.update(meter.figures())
    window.discard_and_close()
    app.processEvents()
    return out


def run() -> dict:
    from gamecore.paths import sample_pack

    tmp = Path(tempfile.mkdtemp(prefix="warroom-bench-window-"))
    sample = tmp / "world-1939.warroom"
    shutil.copy(sample_pack(), sample)
    synthetic = tmp / "synthetic-1000.warroom"
    _synthetic_pack(synthetic)
    out = {
        "sample": _bench_window(sample, tmp / "s1.ini"),
        "synthetic_1000": _bench_window(synthetic, tmp / "s2.ini"),
        "goal_ms": 50,
    }
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    out["machine_load_1min"] = round(load, 2) if load is not None else None
    shutil.rmtree(tmp, ignore_errors=True)
    return out


if __name__ == "__main__":  # pragma: no cover
    import json

    print(json.dumps(run(), indent=2))
