"""The battle panel with real events (#37 items 1 and 3): the round's dice and hits are on
screen before the player picks the exact units lost; the Confirm button stays put; a
decision with nothing to choose is made for the player; a decision of the player's in a
bot's turn takes the focus with a banner and the map goes to the battle; Close Game and
Load Game ask to save the game; "all other seats: bot".

Rulebook: rules-notes/004 §4.3 (seeds/004 "Conduct Combat"): both sides roll, then each
owner chooses its casualties."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QScrollArea

from editor.play import new_game
from editor.play.newgame import NewGameDialog
from gamecore.engine.actions import Action
from gamecore.sim.session import HUMAN
from tests.gamecore.rules.poland import moves_into_poland

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "samples" / "world-1939.warroom"


@pytest.fixture
def sample_window(make_window, tmp_path):
    path = tmp_path / "world-1939.warroom"
    shutil.copy(SAMPLE, path)
    w = make_window()
    assert w.open_path(path)
    return w


def _start(w, qtbot, seats: dict[str, str], seed: int, others: str | None = None):
    dlg = NewGameDialog(w.document.pack, "1939", w)
    dlg.seed.setValue(seed)
    dlg.rounds.setValue(1)
    if others is not None:  # "You play X, all other seats: Y" by the dialog's own row
        dlg.mine.setCurrentIndex(dlg.mine.findData(next(iter(seats))))
        dlg.others.setCurrentIndex(dlg.others.findData(others))
        qtbot.mouseClick(dlg.set_seats_btn, Qt.MouseButton.LeftButton)
    else:
        for n, kind in seats.items():
            combo = dlg.seat_combo(n)
            combo.setCurrentIndex(combo.findData(kind))
    assert new_game(w, dlg)
    assert w.play.wait_until_started()
    return w.play


def _to_polish_battle(play, qtbot) -> int:
    """Germany (human) ends phases until its combat move, moves every stack next to a
    Polish zone into it, and picks that battle: the first casualty choice is on."""
    END = Action.end_phase()
    s = play.session
    while s.state.phase != "combat_move":
        if play.handing_over:
            qtbot.mouseClick(play.panel.handover_btn, Qt.MouseButton.LeftButton)
        play.act(END)
    dest, moves = moves_into_poland(s)
    for a in moves:
        if all(u in s.state.units for u in a.units):
            play.act(a)
    play.act(END)
    play.act(Action.fight(dest))
    return dest


def _toggle(qtbot, lst, row: int) -> None:
    """A real key press: Space on the row toggles its check box."""
    lst.setCurrentRow(row)
    lst.setFocus()
    qtbot.keyClick(lst.viewport(), Qt.Key.Key_Space)


def test_a_battle_decided_by_picking_units_after_seeing_the_dice(sample_window, qtbot):
    w = sample_window
    seats = {n: HUMAN for slot in w.document.pack.scenarios["1939"].turn_order for n in slot}
    play = _start(w, qtbot, seats, seed=3)
    zone = _to_polish_battle(play, qtbot)
    s = play.session
    st = s.state
    assert st.decision.kind == "casualties" and st.decision.owner == "GER"
    page = play.panel.decision_page
    assert play.panel.pages.currentWidget() is page
    # the dice and hits of round 1 are on screen; the round is not fought yet
    assert not any(e.get("e") == "round" for e in st.log[-5:] if e.get("zone") == zone)
    text = page.text.toPlainText()
    assert "GER rolled: " in text and "POL rolled: " in text and "Hits: GER scores" in text
    view = play.loss_choice()
    assert view.certain and view.need > 0
    assert f"pick the {view.need} unit(s)" in page.pick_note.text()
    # the map went to the battle and marks it
    assert play.marked == zone
    centre = w.view.mapToScene(w.view.viewport().rect().center())
    assert w.scene.geom.rect(zone).adjusted(-50, -50, 50, 50).contains(centre)
    # the profile pre-filled the picks; the player unticks them and ticks its fighters
    lst = page.picks
    default = set(view.profiles[view.default])
    assert set(page.picked()) == default
    for r in range(lst.count()):
        if lst.item(r).checkState() == Qt.CheckState.Checked:
            _toggle(qtbot, lst, r)
    assert page.picked() == () and not page.confirm.isEnabled()  # (pick exactly need)
    wanted = [r for r in range(lst.count()) if lst.item(r).text().startswith(("fighter", "tank"))][
        : view.need
    ]
    for r in wanted:
        _toggle(qtbot, lst, r)
    picks = page.picked()
    assert len(picks) == view.need and not set(picks) & default
    assert page.confirm.isEnabled()
    n = len(st.log)
    qtbot.mouseClick(page.confirm, Qt.MouseButton.LeftButton)
    log = play.session.state.log[n:]
    ger_lost = sorted(e["unit"] for e in log if e.get("e") == "lost" and e.get("nation") == "GER")
    assert ger_lost == sorted(picks)
    rnd = next(e for e in log if e.get("e") == "round")
    assert rnd["hits"] == list(view.hits)  # the hits shown were the hits rolled
    # the defender lost everything: nothing to choose, its answer was made for it
    assert any(
        e.get("e") == "action" and e.get("n") == "POL" and e["a"]["kind"] == "casualties"
        for e in log
    )
    assert "Made for POL" in w.statusBar().currentMessage()
    # the battle is over: its mark is gone
    assert play.marked is None


def _shown(widget, dock) -> bool:
    """Whether ``widget`` is visible whole inside the dock (nothing scrolls it away)."""
    if not widget.isVisible():
        return False
    top_left = widget.mapTo(dock, widget.rect().topLeft())
    return dock.rect().contains(QRect(top_left, widget.size()))


def test_the_dock_fits_1366x768_and_confirm_stays_where_it_is(sample_window, qtbot):
    """At 1366x768 the turn bar (the turn, Undo, End phase) and the Confirm row are on
    screen without scrolling the dock; only the lists inside it scroll. The Issues and
    Overview docks, closed for the game on a short window, come back when it ends. A
    long battle text scrolls in its own box: Confirm does not move."""
    w = sample_window
    w.resize(1366, 768)
    qtbot.wait(20)
    assert w.issues_dock.isVisible() and w.overview_dock.isVisible()
    seats = {n: HUMAN for slot in w.document.pack.scenarios["1939"].turn_order for n in slot}
    play = _start(w, qtbot, seats, seed=3)
    if play.handing_over:  # hot seat: the first player takes the computer (a real click)
        qtbot.mouseClick(play.panel.handover_btn, Qt.MouseButton.LeftButton)
    qtbot.wait(20)
    panel, dock = play.panel, play.dock
    assert not w.issues_dock.isVisible() and not w.overview_dock.isVisible()
    assert panel.pages.currentWidget() is panel.actions_scroll
    # no scroll area: the panel is the dock's widget and fits it, lists scroll inside
    assert dock.widget() is panel and not dock.findChildren(QScrollArea, "playScroll")
    assert panel.minimumSizeHint().height() <= dock.height()
    assert panel.minimumSizeHint().width() <= dock.width()
    for widget in (panel.turn, panel.undo_btn, panel.end_btn, panel.actions):
        assert _shown(widget, dock), widget.objectName()
    assert panel.actions.height() >= 70
    # every action fits the list's width: a long one ("Place infantry in Western
    # Germany") wraps instead of being cut at the edge with a sideways scroll bar
    acts = panel.actions
    acts.addItem("Place infantry in Western Germany, " * 3)  # as long as the place phase's
    qtbot.wait(20)
    assert max(acts.visualItemRect(acts.item(i)).right() for i in range(acts.count())) <= (
        acts.viewport().width()
    )
    assert acts.horizontalScrollBar().maximum() == 0
    # a casualty choice: the dice, the units to pick and Confirm on screen together
    _to_polish_battle(play, qtbot)
    page = panel.decision_page
    qtbot.wait(20)
    assert panel.pages.currentWidget() is page
    assert panel.minimumSizeHint().height() <= dock.height()
    for widget in (panel.turn, page.confirm, page.text, page.picks):
        assert _shown(widget, dock), widget.objectName()
    assert page.picks.height() >= 70
    before = page.confirm.mapTo(dock, QPoint(0, 0))
    # a long battle's text scrolls in its own box: the button does not move down
    page.text.setPlainText("\n".join(f"round {i}: dice and losses" for i in range(200)))
    play.refresh()
    qtbot.wait(20)
    assert page.confirm.mapTo(dock, QPoint(0, 0)) == before
    assert page.text.verticalScrollBar().maximum() > 0
    # the game ends: the docks closed for it come back
    play.stop()
    assert w.issues_dock.isVisible() and w.overview_dock.isVisible()


def test_a_decision_in_a_bots_turn_takes_the_focus(sample_window, qtbot):
    """Poland (human) against heuristic bots, seed 1: Germany attacks Warsaw's
    neighbour and Poland has a real casualty choice in Germany's turn."""
    w = sample_window
    play = _start(w, qtbot, {"POL": HUMAN}, seed=1, others="heuristic")
    s = play.session
    assert s.seats["POL"] == HUMAN and all(
        k == "heuristic" for n, k in s.seats.items() if n != "POL"
    )
    assert play.wait_for_bots(180)
    st = play.session.state
    assert st.decision is not None and st.decision.owner == "POL" and st.current_nation == "GER"
    assert play.interrupting
    page = play.panel.decision_page
    assert "YOUR DECISION (POL), in GER's turn" in page.title.text()
    assert "#d32f2f" in page.title.styleSheet()  # the red banner
    assert page.confirm.hasFocus() or w.focusWidget() is page.confirm
    assert play.marked == st.battle.zone
    # the turn bar is on screen (the dock never scrolls: tests/gui/test_play_dock_fit.py)
    turn = play.panel.turn
    assert turn.isVisible() and play.dock.rect().contains(turn.mapTo(play.dock, QPoint(0, 0)))
    # Enter confirms the preselected losses: the answer is Poland's, naming its units
    n = len(st.log)
    picks = page.picked()
    qtbot.keyClick(page.confirm, Qt.Key.Key_Return)
    answer = next(e for e in play.session.state.log[n:] if e.get("e") == "action")
    assert answer["n"] == "POL" and answer["a"]["kind"] == "casualties"
    assert tuple(answer["a"]["units"]) == picks and picks


def test_load_game_and_close_game_ask_to_save(sample_window, qtbot, monkeypatch, tmp_path):
    w = sample_window
    seats = {n: HUMAN for slot in w.document.pack.scenarios["1939"].turn_order for n in slot}
    play = _start(w, qtbot, seats, seed=3)
    saved = tmp_path / "start.wrgame.json"
    play.save(saved)
    play.act(Action.end_phase())  # played since the save
    answers = [QMessageBox.StandardButton.Cancel]
    asked = []

    def question(_parent, title, text, *a, **k):
        asked.append((title, text))
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(saved), ""))
    snap = play.session.state.snapshot()
    w.act_load_game.trigger()
    assert asked == [("Game in progress", "Save the game in progress before loading another?")]
    assert not play.starting and play.session.state.snapshot() == snap  # Cancel: it goes on
    # Save: the game is written where the player says, then the other one loads
    out = tmp_path / "kept.wrgame.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    answers.append(QMessageBox.StandardButton.Save)
    w.act_load_game.trigger()
    assert play.wait_until_started()
    assert out.exists() and play.session.state.snapshot() != snap
    # Close Game right after loading: nothing to save, no question
    asked.clear()
    w.act_close_game.trigger()
    assert asked == [] and play.session is None


def test_the_log_in_words_and_its_filter_by_nation(sample_window, qtbot):
    """Poland (human) against heuristic bots, seed 5: Germany's whole turn is played by
    its bot before Poland's; the log tells it in words, with a summary, and the filter
    keeps one nation's lines."""
    w = sample_window
    play = _start(w, qtbot, {"POL": HUMAN}, seed=5, others="heuristic")
    assert play.wait_for_bots(180)
    assert play.session.state.current_nation == "POL"
    lst = play.panel.log

    def texts():
        return [lst.item(i).text() for i in range(lst.count())]

    everything = texts()
    assert "— Round 1: Germany's turn (heuristic bot) —" in everything
    assert any(re.match(r"Germany attacks Poland.* with \d+ infantry", x) for x in everything)
    assert any(re.match(r"Germany moves \d+ \w+.* from .+ to .+", x) for x in everything)
    summary = next(x for x in everything if x.startswith("Summary of Germany's turn 1"))
    assert "(heuristic bot): bought " in summary and "battles: " in summary
    assert not any("units=[" in x or "path=[" in x for x in everything)  # no internal text
    # the filter, by real key presses: Poland only
    combo = play.panel.log_filter
    play.panel.tabs.setCurrentIndex(0)
    combo.setFocus()
    target = combo.findData("POL")
    while combo.currentIndex() < target:
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentData() == "POL"
    polish = texts()
    assert 0 < len(polish) < len(everything)
    lines = play.panel._log_words().filtered("POL")
    assert polish == [x.text for x in lines] and all("POL" in x.nations for x in lines)
    assert not any(x.startswith("Summary of Germany") for x in polish)
    assert any("Poland" in x for x in polish)
    # back to every nation
    while combo.currentIndex() > 0:
        qtbot.keyClick(combo, Qt.Key.Key_Up)
    assert texts() == everything


def test_the_aa_dice_are_on_the_panel_before_the_choice(make_window, qtbot, tmp_path):
    """rules-notes/004 §4.4: AA guns fire at attacking aircraft before round 1; their
    dice and hits do not depend on the losses, so the panel shows them before the
    attacker picks (#37: it said it could not show any dice), and Confirm (a real
    click) gives the game those dice."""
    from gamecore.store import write_pack
    from tests.gamecore.rules.test_loss_choice import _aa_battle

    pack, z = _aa_battle()
    path = tmp_path / "aa.warroom"
    write_pack(pack, path)
    w = make_window()
    assert w.open_path(path)
    dlg = NewGameDialog(w.document.pack, "test", w)
    for n in ("RED", "BLU"):
        combo = dlg.seat_combo(n)
        combo.setCurrentIndex(combo.findData(HUMAN))
    assert new_game(w, dlg) and w.play.wait_until_started()
    play = w.play
    s = play.session
    while s.state.phase != "combat_move":
        if play.handing_over:
            qtbot.mouseClick(play.panel.handover_btn, Qt.MouseButton.LeftButton)
        play.act(Action.end_phase())
    for a in sorted(
        (a for a in s.legal() if a.kind == "move" and a.path[-1] == z["B"]),
        key=lambda a: -len(a.units),
    ):
        st = s.state
        if all(u in st.units and st.units[u].zone == z["A"] for u in a.units):
            play.act(a)
    if s.state.phase == "combat_move":
        play.act(Action.end_phase())
    if s.state.decision is None:
        play.act(Action.fight(z["B"]))
    if play.handing_over:
        qtbot.mouseClick(play.panel.handover_btn, Qt.MouseButton.LeftButton)
    page = play.panel.decision_page
    assert play.panel.pages.currentWidget() is page
    text = page.text.toPlainText()
    m = re.search(r"before round 1: AA fire: ([\d ]+) - (\d+) hit", text)
    assert m, text
    assert "The fire above rolls the same whatever you pick" in text
    n = len(s.state.log)
    qtbot.mouseClick(page.confirm, Qt.MouseButton.LeftButton)
    for _ in range(4):  # (hot seat: the defender takes the computer and answers too)
        if any(e.get("e") == "aa" for e in s.state.log[n:]):
            break
        if play.handing_over:
            qtbot.mouseClick(play.panel.handover_btn, Qt.MouseButton.LeftButton)
        elif page.confirm.isVisible() and page.confirm.isEnabled():
            qtbot.mouseClick(page.confirm, Qt.MouseButton.LeftButton)
    aa = next(e for e in s.state.log[n:] if e.get("e") == "aa")
    assert aa["shots"] == len(m.group(1).split()) and aa["hits"] == int(m.group(2))
