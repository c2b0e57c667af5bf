"""Take the screenshots of the Designer's Guide (``docs/guide.md``) and of the hex board
views #37 asked for, by driving the real editor window offscreen with mouse and key
events: a new map, a zone drawn, the Inspector, the Scenario dock, the validator, the
legend, a playtest and its report, the Barbarossa board at fit zoom and at 200%.

    QT_QPA_PLATFORM=offscreen python tools/guide_shots.py [OUT_DIR]

OUT_DIR defaults to ``docs/img``; the guide's pictures go to ``OUT_DIR/guide``. Run it
again after a change to the window: the guide's pictures stay true to the program.
The report page is photographed with headless Chromium when it is installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "resources" / "samples"


def main(argv: list[str]) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    from PySide6.QtCore import QCoreApplication, QEventLoop, QPointF, QSettings, Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from editor.controllers.docks import panel_of
    from editor.demo import blank_pack, demo_pack
    from editor.docks.legend import LegendPanel
    from editor.document import Document
    from editor.mainwindow import MainWindow
    from editor.wizards import NewMapDialog
    from gamecore.store import write_pack

    out = Path(argv[0]) if argv else ROOT / "docs" / "img"
    guide = out / "guide"
    guide.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])  # noqa: F841 - kept alive to the end
    QCoreApplication.setOrganizationName("WarroomGuideShots")
    work = Path(tempfile.mkdtemp(prefix="warroom-guide-"))
    settings = QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat)
    w = MainWindow(settings)
    w.resize(1366, 768)
    w.show()

    def settle(ms: int = 80) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def shot(name: str, widget=None) -> None:
        settle()
        (widget or w).grab().save(str(name))
        print(name)

    def click_map(x: float, y: float) -> None:
        at = w.view.mapFromScene(QPointF(x, y))
        QTest.mouseMove(w.view.viewport(), at)
        QTest.mouseClick(
            w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at
        )

    # 1. File › New Map
    settle(200)
    dlg = NewMapDialog(w)
    dlg.show()
    shot(guide / "01-new-map.png", dlg)
    dlg.close()

    # 2-3. a blank map, the Draw Zone tool (D) and a zone drawn by clicks, Enter closes it
    w._set_document(Document(blank_pack(), title="My map"))
    w.fit_map()
    w.activateWindow()
    settle(100)
    w.view.setFocus()
    QTest.keyClick(w.view, Qt.Key.Key_D)
    shot(guide / "02-draw-tool.png")
    m = w.document.pack.map
    pts = [(0.30, 0.25), (0.55, 0.2), (0.62, 0.55), (0.40, 0.70), (0.25, 0.5)]
    for fx, fy in pts:
        click_map(fx * m.width, fy * m.height)
    QTest.keyClick(w.view, Qt.Key.Key_Return)
    QTest.keyClick(w.view, Qt.Key.Key_S)
    shot(guide / "03-zone-drawn.png")

    # 4. a pack with zones: select one, the Inspector shows it (the sketch is dropped)
    w.document.undo_stack.setClean()
    w.document.set_dirty(False)
    path = work / "channel.warroom"
    write_pack(demo_pack(), path)
    w.open_path(path)
    w.fit_map()
    zone = next(z for z in w.document.pack.map.zones.values() if z.kind == "land" and z.value)
    click_map(*w.scene.geom.anchor[zone.id])
    w.inspector_dock.raise_()
    shot(guide / "04-inspector.png")

    # 5. the Scenario dock
    w.scenario_dock.show()
    w.scenario_dock.raise_()
    shot(guide / "05-scenario.png")

    # 6. the validator: Issues dock and the issues map mode
    w.refresh_issues()
    settle(1500)
    w.set_map_mode("issues")
    shot(guide / "06-issues.png")

    # 7. the legend of the political map
    w.set_map_mode("political")
    w.legend_dock.show()
    w.legend_dock.raise_()
    shot(guide / "07-legend.png")
    w.legend_dock.hide()

    # 8. a playtest: two games, then the heat map and the report
    w.show_playtest_dock()
    panel = panel_of(w.playtest_dock)
    panel.games.setValue(4)
    panel.jobs.setValue(1)
    done = QEventLoop()
    panel.finished.connect(lambda _s: done.quit())
    panel.failed.connect(lambda _m: done.quit())
    QTimer.singleShot(300_000, done.quit)
    if panel.start():
        done.exec()
    settle(300)
    shot(guide / "08-playtest.png")
    page = panel.report_page()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if page is not None and chromium:
        subprocess.run(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                f"--screenshot={guide / '09-report.png'}",
                "--window-size=1200,900",
                page.as_uri(),
            ],
            check=False,
            capture_output=True,
            timeout=120,
        )
        print(guide / "09-report.png")

    # the hex board (#37): Barbarossa at fit zoom and at 200%
    copy = work / "hgw-barbarossa.warroom"
    shutil.copyfile(SAMPLES / "hgw-barbarossa.warroom", copy)
    w.open_path(copy)
    w.playtest_dock.hide()
    w.fit_map()
    shot(out / "barbarossa-fit.png")
    w.view.zoom_by(2.0)
    w.view.center_on(QPointF(*w.scene.geom.anchor[w.document.pack.map.zone_by_name("Warsaw").id]))
    shot(out / "barbarossa-200.png")
    # the legend of that board (hexes, stack markers, links, borders)
    legend = LegendPanel(w.scene)
    legend.resize(300, 400)
    legend.resize(300, legend.minimumHeight())
    shot(out / "legend.png", legend)
    w.discard_and_close()
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
