"""Battle dock, standalone on a plain QMainWindow: spin boxes, a calculation off the GUI
thread, the chart, and units taken from a scenario's selected zone."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtWidgets import QDockWidget, QMainWindow, QSpinBox

import editor  # noqa: F401  (the PySide6 workaround before any paint)
import gamecore.sim.battle as battle
from editor.demo import demo_pack
from editor.docks.battle import BattlePanel, add_battle_dock
from editor.document import Document


@pytest.fixture
def dock(qtbot):
    mw = QMainWindow()
    qtbot.addWidget(mw)
    mw.document = None  # a test opens one
    d = add_battle_dock(mw, document=lambda: mw.document)
    mw.resize(700, 900)
    mw.show()
    qtbot.waitExposed(mw)
    yield mw, d, d.widget()
    qtbot.waitUntil(lambda: not d.widget().is_busy(), timeout=10_000)


def test_dock_is_installed_with_spin_boxes_per_unit_and_side(dock):
    mw, d, panel = dock
    assert isinstance(d, QDockWidget) and d.objectName() == "battleDock"
    assert isinstance(panel, BattlePanel)
    assert set(panel.att_spins) == set(panel.def_spins)
    assert {"infantry", "tank", "submarine", "battleship"} <= set(panel.att_spins)
    assert "aaa" in panel.def_spins
    assert all(isinstance(s, QSpinBox) for s in panel.att_spins.values())


def test_calculation_runs_off_the_gui_thread_and_is_charted(dock, qtbot, monkeypatch):
    mw, d, panel = dock
    threads = []
    real = battle.calculate

    def spy(*args, **kwargs):
        threads.append(threading.current_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr("editor.docks.battle.calculate", spy)
    panel.att_spins["infantry"].setValue(1)
    panel.def_spins["infantry"].setValue(1)
    with qtbot.waitSignal(panel.resultReady, timeout=10_000) as blocker:
        panel.calculate()
    res = blocker.args[0]
    assert res.attacker_win == pytest.approx(0.25)  # rules-notes/004 §3.2: 1/6 vs 2/6
    assert threads and all(t is not threading.main_thread() for t in threads)
    assert "Attacker wins 25.0%" in panel.status.text()
    assert panel.chart.result is res
    img = panel.chart.grab()
    assert not img.isNull() and img.width() > 100


def test_changes_recalculate_and_stale_results_are_dropped(dock, qtbot):
    mw, d, panel = dock
    panel.set_units({"infantry": 3, "tank": 1}, {"infantry": 2})
    first = panel.calculate()
    second = panel.calculate()
    assert second == first + 1
    qtbot.waitUntil(lambda: panel.result is not None and not panel.is_busy(), timeout=10_000)
    assert panel.result.attacker.units == {"infantry": 3, "tank": 1}
    # editing a spin box schedules a new calculation by itself
    with qtbot.waitSignal(panel.resultReady, timeout=10_000):
        panel.def_spins["infantry"].setValue(5)
    assert panel.result.defender.units == {"infantry": 5}
    panel.swap()
    with qtbot.waitSignal(panel.resultReady, timeout=10_000):
        panel.calculate()
    assert panel.result.attacker.units == {"infantry": 5}


def test_context_retreat_and_monte_carlo(dock, qtbot):
    mw, d, panel = dock
    panel.set_units({"infantry": 2}, {"infantry": 2})
    panel.retreat_box.setCurrentIndex(panel.retreat_box.findData("after:1"))
    panel.method_box.setCurrentIndex(panel.method_box.findData("monte_carlo"))
    panel.samples.setValue(500)
    assert panel.samples.isEnabled()
    with qtbot.waitSignal(panel.resultReady, timeout=10_000):
        panel.calculate()
    assert panel.result.method == "monte_carlo" and panel.result.samples == 500
    assert panel.result.retreat > 0.3
    assert "Monte Carlo" in panel.status.text()


def test_bad_input_shows_a_one_line_message(dock, qtbot):
    mw, d, panel = dock
    panel.set_units({"infantry": 1, "battleship": 1}, {"infantry": 1})
    with qtbot.waitSignal(panel.failed, timeout=10_000) as blocker:
        panel.calculate()
    assert "cannot fight in a sea battle" in blocker.args[0]
    assert "\n" not in panel.status.text()
    assert panel.take_from_selection() is False  # no document on a plain window
    assert "open a pack" in panel.last_error


def test_take_units_from_the_selected_zone(dock, qtbot):
    mw, d, panel = dock
    pack = demo_pack()
    mw.document = Document(pack, title="demo")
    paris = next(z.id for z in pack.map.zones.values() if z.code == "PAR")
    mw.document.selection.set([("zone", paris)])
    with qtbot.waitSignal(panel.resultReady, timeout=10_000):
        assert panel.take_from_selection() is True
    att, dfn = panel.units()
    assert dfn == {"infantry": 5}  # France's army in Paris
    assert att and panel.nation_box.currentData() == "GER"
    assert panel.result.attacker.units == att
    assert 0.0 < panel.result.attacker_win < 1.0


def test_dock_in_the_editor_main_window(window, pack_path, qtbot):
    # the one line the main window needs: the dock and how it reaches the open document
    d = add_battle_dock(window, document=lambda: window.document)
    panel = d.widget()
    assert window.open_path(pack_path, interactive=False)
    pack = window.document.pack
    rhine = next(z.id for z in pack.map.zones.values() if z.code == "RHI")
    window.selection.set([("zone", rhine)])
    with qtbot.waitSignal(panel.resultReady, timeout=10_000):
        assert panel.take_from_selection() is True
    att, dfn = panel.units()
    assert dfn == {"infantry": 4, "tank": 2}  # Germany's army on the Rhine
    assert att and panel.result.method == "exact"
    qtbot.waitUntil(lambda: not panel.is_busy(), timeout=10_000)
