"""Hitler's Global War by hand: the Axis's first movement and announcements on the bundled
Barbarossa pack in the real main window (offscreen), a hot-seat game, driven by mouse
clicks on the map like a player (issue #28).

Each click is timed from the press to the end of its handling (the panel and the map's
highlight redrawn): picking an army's hex (the reachable friendly hexes computed from the
phase's ~650 legal moves), moving SPs to a green hex (one move per army, then the
position redrawn), announcing an attack (army's hex, then target). ``click_ms_max`` is the
longest the window took to answer a click, ``click_ms_median`` the median; ``clicks`` how
many were timed. Goal: ``click_ms_max`` <= 100 ms.
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "samples" / "hgw-barbarossa.warroom"


def run() -> dict:
    from PySide6.QtCore import QPoint, QSettings, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QMessageBox

    import editor  # noqa: F401  (installs the PySide6 workaround first)
    from editor.mainwindow import MainWindow
    from editor.play import new_game
    from editor.play.newgame import NewGameDialog

    app = QApplication.instance() or QApplication([])
    QMessageBox.question = staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes)
    tmp = Path(tempfile.mkdtemp(prefix="bench-hgw-hand-"))
    try:
        path = tmp / SAMPLE.name
        shutil.copy(SAMPLE, path)
        w = MainWindow(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat))
        w.resize(1400, 900)
        w.show()
        w.open_path(path)
        QTest.qWait(1000)
        w.validation.wait(120000)
        dlg = NewGameDialog(w.document.pack, "barbarossa", w)
        dlg.seed.setValue(3)
        t0 = time.perf_counter()
        new_game(w, dlg)  # (every seat human: hot-seat)
        w.play.wait_until_started()
        start_s = time.perf_counter() - t0
        play = w.play
        times: list[float] = []

        def click(zone: int) -> None:
            play.centre_on(zone)
            app.processEvents()
            x, y = w.scene.geom.anchor[zone]
            vp = w.view.mapFromScene(x, y)
            t = time.perf_counter()
            QTest.mouseClick(
                w.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(vp.x(), vp.y())
            )
            app.processEvents()
            times.append((time.perf_counter() - t) * 1000)

        st = play.session.state
        axis = sorted(a for a, v in st.armies.items() if v.nation == "AXIS")
        moves = 0
        for aid in axis:  # each army's hex, then a green hex: the army moves (or joins)
            st = play.session.state
            if aid not in st.armies:
                continue
            src = st.armies[aid].zone
            click(src)
            if play.source != src:
                continue
            dest = min(play.targets(src))
            click(dest)
            moves += 1
            QTest.mouseClick(play.panel.undo_btn, Qt.MouseButton.LeftButton)
        QTest.mouseClick(play.panel.end_btn, Qt.MouseButton.LeftButton)
        announced = 0
        for aid in axis:
            st = play.session.state
            if st.phase != "announce" or aid not in st.armies:
                break
            src = st.armies[aid].zone
            click(src)
            enemy = sorted(z for z in play.targets(src) if st.owner.get(z) == "SOV")
            if enemy:
                click(enemy[0])
                announced += 1
        return {
            "start_s": round(start_s, 3),
            "clicks": len(times),
            "moves": moves,
            "announced": announced,
            "click_ms_max": round(max(times), 1),
            "click_ms_median": round(statistics.median(times), 1),
        }
    finally:
        try:
            w.play.stop()
            w.discard_and_close()
        except Exception:  # noqa: BLE001 - the figures are what matter
            pass
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":  # pragma: no cover
    import json

    print(json.dumps(run(), indent=2))
