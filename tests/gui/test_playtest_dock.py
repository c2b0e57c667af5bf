"""The Playtest dock in a plain QMainWindow: background runs with progress, charts,
a clean cancel that keeps finished games, one-line failures."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from PySide6.QtWidgets import QDockWidget, QMainWindow

from editor.docks.playtest import PlaytestPanel, add_playtest_dock
from gamecore.sim.playtest.samples import symmetric_pack
from gamecore.store import write_pack


@pytest.fixture
def window(qtbot, tmp_path):
    pack = symmetric_pack(rounds=2)
    path = tmp_path / "sym.warroom"
    write_pack(pack, path)
    win = QMainWindow()
    win.document = SimpleNamespace(pack=pack, path=path, modified=False, scenario_id="test")
    qtbot.addWidget(win)
    return win


def _panel(win) -> PlaytestPanel:
    dock = add_playtest_dock(win, document=lambda: win.document)
    assert isinstance(dock, QDockWidget) and dock.objectName() == "playtestDock"
    panel = dock.widget()
    assert isinstance(panel, PlaytestPanel)
    return panel


def test_a_run_shows_progress_and_charts(qtbot, window):
    panel = _panel(window)
    assert panel.scenario.currentData() == "test"
    panel.games.setValue(3)
    panel.jobs.setValue(1)
    with qtbot.waitSignal(panel.finished, timeout=120_000) as sig:
        assert panel.start()
        assert panel.running and not panel.run_button.isEnabled()
    summary = sig.args[0]
    assert summary["completed"] == 3 and panel.summary == summary
    assert panel.progress.value() == 3 and panel.progress.maximum() == 3
    assert "3 games" in panel.status.text()
    for name, label in panel.chart_labels.items():
        assert not label.pixmap().isNull(), name
    assert panel.run_button.isEnabled() and not panel.cancel_button.isEnabled()
    # the results sit beside the pack: the same run again resumes at once
    path = window.document.path
    assert list(path.with_name(path.name + ".playtests").glob("*.jsonl"))
    with qtbot.waitSignal(panel.finished, timeout=120_000) as sig:
        panel.start()
    assert sig.args[0]["played_now"] == 0


def test_cancel_stops_cleanly_and_keeps_finished_games(qtbot, window):
    panel = _panel(window)
    panel.games.setValue(500)
    panel.jobs.setValue(1)
    panel.start()
    qtbot.waitUntil(lambda: panel.progress.value() >= 1, timeout=120_000)
    with qtbot.waitSignal(panel.finished, timeout=60_000) as sig:
        panel.cancel()
    kept = sig.args[0]["completed"]
    assert 1 <= kept < 500 and sig.args[0]["cancelled"]
    assert "Stopped" in panel.status.text() and "resumes" in panel.status.text()
    assert not panel.running


def test_a_modified_document_is_played_from_a_snapshot(qtbot, window):
    window.document.modified = True
    window.document.path = None
    panel = _panel(window)
    panel.games.setValue(1)
    panel.jobs.setValue(1)
    with qtbot.waitSignal(panel.finished, timeout=120_000) as sig:
        panel.start()
    assert sig.args[0]["completed"] == 1


def test_bad_settings_fail_with_one_line(qtbot, window):
    panel = _panel(window)
    panel.games.setValue(1)
    panel.bot.setEditText("genius")
    with qtbot.waitSignal(panel.failed, timeout=120_000) as sig:
        panel.start()
    assert "unknown bot 'genius'" in sig.args[0] and "\n" not in sig.args[0]
    assert "Playtest failed" in panel.status.text()


def test_no_document_no_run(qtbot):
    win = QMainWindow()
    qtbot.addWidget(win)
    win.document = None
    panel = _panel(win)
    assert not panel.run_button.isEnabled()
    with qtbot.waitSignal(panel.failed, timeout=1000):
        assert panel.start() is False


def test_the_dock_states_the_round_cap_and_shows_running_games(qtbot, window, monkeypatch):
    panel = _panel(window)
    assert "round limit 2 (the scenario's)" in panel.cap_label.text()
    window.document.pack.scenarios["test"].rounds = None
    panel.refresh()
    assert "round cap 20 (default: the scenario has no round limit" in panel.cap_label.text()
    from PySide6.QtCore import Qt

    for _ in range(5):
        qtbot.keyClick(panel.rounds, Qt.Key.Key_Up)
    assert panel.rounds.value() == 5 and "round limit 5 (set here)" in panel.cap_label.text()
    # the CLI's progress lines, games running and a time estimate, read in words
    from editor.docks.playtest import _progress_text

    assert _progress_text(2, 20, ["75", "3,14"]) == (
        "Playing: 2 of 20 games; running: round 3,14; about 1m15s left"
    )
    assert _progress_text(0, 20, ["?", "-"]) == "Playing: 0 of 20 games"


def test_a_frozen_app_runs_its_own_binary(qtbot, window, monkeypatch):
    import sys

    panel = _panel(window)
    assert panel.program()[1] == ["-m", "gamecore.cli"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    prog, pre = panel.program()
    assert prog == sys.executable and pre == []
    assert panel.command("x.warroom", "rep")[0] == "playtest"


def test_compare_and_bid_from_the_dock(qtbot, window):
    import copy

    from PySide6.QtCore import Qt

    pack = window.document.pack
    twin = copy.deepcopy(pack.scenarios["test"])
    twin.id, twin.name = "twin", "Twin"
    pack.scenarios["twin"] = twin
    write_pack(pack, window.document.path)
    panel = _panel(window)
    window.show()
    qtbot.waitExposed(window)
    assert not panel.against.isVisible() and not panel.bids.isVisible()
    panel.mode.setCurrentIndex(panel.mode.findData("compare"))
    assert panel.against.isVisible() and panel.against.currentData() == "twin"
    panel.games.setValue(2)
    panel.jobs.setValue(1)
    with qtbot.waitSignal(panel.finished, timeout=120_000) as sig:
        qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    out = sig.args[0]
    assert out["identical_games"] == 2 and set(out["sides"]) == {"reds", "blues"}
    assert "test → twin: 2 games each" in panel.status.text()
    assert "95% interval" in panel.status.text()
    panel.mode.setCurrentIndex(panel.mode.findData("bid"))
    assert panel.bids.isVisible() and panel.bid_side.count() == 3  # weaker, Reds, Blues
    panel.bid_side.setCurrentIndex(panel.bid_side.findData("blues"))
    panel.bids.clear()
    qtbot.keyClicks(panel.bids, "0,20")
    # the bid as players use it: set-up units, at most one a zone
    assert panel.bid_form.currentData() == "units" and panel.bid_zone_cap.isVisible()
    qtbot.keyClick(panel.bid_zone_cap, Qt.Key.Key_Up)
    assert panel.bid_zone_cap.value() == 1
    with qtbot.waitSignal(panel.finished, timeout=120_000) as sig:
        qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    out = sig.args[0]
    assert out["side"] == "blues" and [r["bid"] for r in out["bids"]] == [0, 20]
    assert out["form"] == "units" and out["zone_cap"] == 1
    zones = [u["zone"] for u in out["bids"][1]["units"]]
    assert zones and len(zones) == len(set(zones))
    assert "Fair bid for Blues (set-up units)" in panel.status.text()
    assert out["verdict"] in panel.status.text() and "bid 20:" in panel.status.text()
    # the money form stays an option
    panel.bid_form.setFocus()
    qtbot.keyClick(panel.bid_form, Qt.Key.Key_Down)
    assert panel.bid_form.currentData() == "money" and not panel.bid_zone_cap.isVisible()
    with qtbot.waitSignal(panel.finished, timeout=120_000) as sig:
        qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    assert sig.args[0]["form"] == "money"
    assert "Fair bid for Blues (money to BLU)" in panel.status.text()


def test_the_ladder_from_the_dock_and_the_next_run_quotes_it(qtbot, window):
    """Pick "Bot ladder" with the keyboard, type the bots, click Run: each seating and
    the Elo ratings are shown; a balance run afterwards quotes the measured strength."""
    from PySide6.QtCore import Qt

    panel = _panel(window)
    window.show()
    qtbot.waitExposed(window)
    assert not panel.ladder_bots.isVisible()
    panel.mode.setFocus()
    qtbot.keyClick(panel.mode, Qt.Key.Key_End)
    assert panel.mode.currentData() == "ladder"
    assert panel.ladder_bots.isVisible() and not panel.bot.isVisible()
    panel.ladder_bots.selectAll()
    qtbot.keyClicks(panel.ladder_bots, "random,heuristic")
    panel.games.setValue(2)
    panel.jobs.setValue(1)
    with qtbot.waitSignal(panel.finished, timeout=120_000) as sig:
        qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    out = sig.args[0]
    assert out["bots"] == ["random", "heuristic"] and len(out["pairs"]) == 2
    text = panel.status.text()
    assert "Bot ladder, 2 games a seating" in text and "random as Blues vs heuristic" in text
    assert f"heuristic {out['ratings']['heuristic']:.0f}" in text
    qtbot.keyClick(panel.mode, Qt.Key.Key_Home)
    assert panel.mode.currentData() == "balance" and panel.bot.isVisible()
    with qtbot.waitSignal(panel.finished, timeout=120_000) as sig:
        qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    s = sig.args[0]
    assert s["bot_rating"]["measured"] and "Bot strength (ladder, Elo)" in panel.status.text()
    assert s["headline"]["ended"] in panel.status.text()


def test_a_bad_ladder_bot_fails_with_one_line(qtbot, window):
    panel = _panel(window)
    panel.mode.setCurrentIndex(panel.mode.findData("ladder"))
    panel.ladder_bots.setText("heuristic,genius")
    with qtbot.waitSignal(panel.failed, timeout=120_000) as sig:
        panel.start()
    assert "unknown bot 'genius'" in sig.args[0] and "\n" not in sig.args[0]


def test_processes_fork_unless_a_qt_application_runs(qapp, monkeypatch):
    import sys
    import types

    from gamecore.sim.playtest import backends

    # the editor (a QApplication exists) must not fork its threads
    assert backends._mp_context().get_start_method() == "spawn"
    # Qt merely loaded, as PyInstaller's runtime hook does in the frozen CLI: fork is safe
    fake = types.ModuleType("PySide6.QtCore")
    fake.QCoreApplication = types.SimpleNamespace(instance=lambda: None)
    monkeypatch.setitem(sys.modules, "PySide6.QtCore", fake)
    assert backends._mp_context().get_start_method() == "fork"


def test_the_dock_says_where_results_go_and_lets_the_user_pick_the_folder(
    qtbot, window, tmp_path, monkeypatch
):
    """Before any run the dock names the folder beside the pack; "Choose…" (a real
    click) picks another one, and the run writes its results there, nowhere else."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QFileDialog

    panel = _panel(window)
    path = window.document.path
    beside = path.with_name(path.name + ".playtests")
    assert str(beside) in panel.where.text() and not beside.exists()
    picked = tmp_path / "my-results"
    picked.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(picked))
    qtbot.mouseClick(panel.where_button, Qt.MouseButton.LeftButton)
    assert str(picked) in panel.where.text()
    panel.games.setValue(2)
    panel.jobs.setValue(1)
    with qtbot.waitSignal(panel.finished, timeout=120_000):
        assert panel.start()
    assert list(picked.glob("*.jsonl")) and not beside.exists()
    # an unsaved document: the dock says nothing is kept
    panel.results_folder = None
    window.document.modified = True
    panel.refresh()
    assert "temporary" in panel.where.text()
