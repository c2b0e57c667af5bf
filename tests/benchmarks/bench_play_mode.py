"""Play mode against bots: a human seat (UK) against heuristic bots on the sample's
``global-war-1936`` for two rounds, in the real main window (offscreen), driven by the
End phase button, the decision panel's Confirm and the hand-over button like a player.

The bots think on the play mode's worker thread; the window must never freeze. A 5 ms
timer on the GUI thread measures it, from the moment New Game is accepted (the map's own
first paint is done before): ``longest_stall_ms`` is the longest gap between two of its
ticks beyond its interval (the longest the window could not react), ``p99_stall_ms`` the
99th percentile, ``stalls_over_100ms_where`` each long gap with who was to move when it
ended ("bots": a bot's move was applied and drawn; "human": the turn came back to the
player). Also the game's start (built on the worker: ``start_s``), the
bot actions, the redraws of the position (``PlayMode.refresh``) and the wall time.
Goal: ``longest_stall_ms`` <= 100 ms.
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "samples" / "world-1939.warroom"
ROUNDS = 2


def run() -> dict:
    from PySide6.QtCore import QElapsedTimer, QSettings, Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QMessageBox

    import editor  # noqa: F401  (installs the PySide6 workaround first)
    from editor.mainwindow import MainWindow
    from editor.play import new_game
    from editor.play.newgame import NewGameDialog
    from gamecore.sim.session import HUMAN

    app = QApplication.instance() or QApplication([])
    QMessageBox.question = staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes)
    tmp = Path(tempfile.mkdtemp(prefix="bench-play-"))
    try:
        path = tmp / "world.warroom"
        shutil.copy(SAMPLE, path)
        w = MainWindow(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat))
        w.resize(1400, 900)
        w.show()
        w.open_path(path)
        QTest.qWait(1500)  # the map's first paint (the editor's, not play mode's)
        w.validation.wait(120000)  # the validator that runs after open: done before a
        QTest.qWait(200)  # user has found the Game menu
        dlg = NewGameDialog(w.document.pack, "global-war-1936", w)
        dlg.scenario.setCurrentIndex(dlg.scenario.findData("global-war-1936"))
        dlg.rounds.setValue(ROUNDS)
        for row in range(dlg.seats.rowCount()):
            combo = dlg.seats.cellWidget(row, 1)
            n = combo.objectName().removeprefix("seat_")
            combo.setCurrentIndex(combo.findData(HUMAN if n == "UK" else "heuristic"))
        play = w.play
        redraws: list[float] = []
        original = play.refresh

        def timed_refresh() -> None:
            t = time.perf_counter()
            original()
            redraws.append(time.perf_counter() - t)

        play.refresh = timed_refresh
        gaps: list[float] = []
        clock = QElapsedTimer()
        clock.start()
        last = [clock.nsecsElapsed()]

        where = ["starting"]
        long_ones: list[tuple[str, float]] = []

        def tick() -> None:
            now = clock.nsecsElapsed()
            gap = (now - last[0]) / 1e6 - 5.0
            gaps.append(gap)
            if gap > 100:
                long_ones.append((where[0], round(gap, 1)))
            last[0] = now

        timer = QTimer()
        timer.setInterval(5)
        timer.timeout.connect(tick)
        timer.start()
        start = time.perf_counter()
        new_game(w, dlg)
        play.wait_until_started()
        start_s = time.perf_counter() - start
        bot_actions = 0
        human_actions = 0
        deadline = time.monotonic() + 600
        while not play.session.state.is_terminal() and time.monotonic() < deadline:
            s = play.session
            where[0] = "bots" if s.bot_to_move else "human"
            if s.bot_to_move or play._thinking:
                app.processEvents()
                time.sleep(0.001)
                continue
            if play.handing_over:
                QTest.mouseClick(play.panel.handover_btn, Qt.MouseButton.LeftButton)
            elif s.state.decision is not None:
                QTest.mouseClick(play.panel.answer_btn, Qt.MouseButton.LeftButton)
            else:
                QTest.mouseClick(play.panel.end_btn, Qt.MouseButton.LeftButton)
            human_actions += 1
            app.processEvents()
        wall = time.perf_counter() - start
        timer.stop()
        st = play.session.state
        bot_actions = sum(1 for e in st.log if e.get("e") == "action" and e.get("n") != "UK")
        gaps = sorted(gaps)
        out = {
            "scenario": "global-war-1936",
            "rounds": ROUNDS,
            "finished": st.is_terminal(),
            "bot_actions": bot_actions,
            "human_clicks": human_actions,
            "wall_s": round(wall, 2),
            "start_s": round(start_s, 2),
            "stalls_over_100ms": sum(1 for g in gaps if g > 100),
            "median_stall_ms": round(statistics.median(gaps), 1) if gaps else None,
            "longest_stall_ms": round(max(gaps), 1) if gaps else None,
            "p99_stall_ms": round(gaps[int(0.99 * (len(gaps) - 1))], 1) if gaps else None,
            "ticks": len(gaps),
            "stalls_over_100ms_where": long_ones,
            "redraws": len(redraws),
            "redraw_ms_median": round(1000 * statistics.median(redraws), 1) if redraws else None,
            "redraw_ms_max": round(1000 * max(redraws), 1) if redraws else None,
        }
        w.play.stop()
        w.discard_and_close()
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":  # pragma: no cover
    import json

    print(json.dumps(run(), indent=2))
