"""Play mode (issue #25): playtesters play a scenario by hand, hot-seat or against bots.

``install_play_actions(window)`` adds the Game menu (New Game…, Load Game…, Save Game…,
Close Game) and ``window.play`` (:class:`~editor.play.mode.PlayMode`)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from editor.play.mode import PlayMode
from editor.play.newgame import NewGameDialog
from gamecore.errors import WarroomError
from gamecore.sim.session import PlaySession

GAME_FILTER = "Warroom games (*.wrgame.json);;All files (*)"


def autosave_path(window) -> Path:
    """Where the game in progress is saved after each phase."""
    from editor.unsaved import unsaved_folder

    folder = unsaved_folder(window.settings)
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "autosave.wrgame.json"


def confirm_drop_game(window, doing: str) -> bool:
    """Before the game on screen is dropped (``doing``: what drops it, in words): when
    it was played since it was last saved or loaded, ask Save / Discard / Cancel.
    True to go on (saved, or discarded)."""
    play = getattr(window, "play", None)
    if play is None or play.session is None or not play.unsaved:
        return True
    answer = QMessageBox.question(
        window,
        "Game in progress",
        f"Save the game in progress before {doing}?",
        QMessageBox.StandardButton.Save
        | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Save,
    )
    if answer == QMessageBox.StandardButton.Save:
        return save_game(window)
    return answer == QMessageBox.StandardButton.Discard


def close_game(window) -> bool:
    """Game › Close Game: ask to save a game played since it was saved, then end it."""
    if window.play.session is None or not confirm_drop_game(window, "closing it"):
        return False
    window.play.stop()
    return True


def new_game(window, dialog: NewGameDialog | None = None) -> bool:
    """Ask for a scenario, seed, rounds and seats; start the game (built on the worker
    thread: ``window.play.starting`` until it runs). ``dialog``: an already answered
    dialog (tests)."""
    doc = window.document
    if doc is None or not doc.pack.scenarios:
        window.show_error("the pack has no scenario to play")
        return False
    dlg = dialog or NewGameDialog(doc.pack, doc.scenario_id, window)
    if dialog is None and dlg.exec() != QDialog.DialogCode.Accepted:
        return False
    if not confirm_drop_game(window, "starting a new one"):
        return False
    scenario, seed, rounds, seats = dlg.settings()
    pack, auto = doc.pack, autosave_path(window)

    def make() -> PlaySession:
        return PlaySession.start(
            pack, scenario, seed=seed, rounds=rounds, seats=seats, autosave=auto
        )

    # built on the worker thread: the ruleset, the board (crossings, borders) and the
    # pack's fingerprint take a few hundred milliseconds the window must not wait for
    window.play.start_async(make)
    return True


def load_game(window, path: str | Path | None = None) -> bool:
    doc = window.document
    if path is None:
        path, _ = QFileDialog.getOpenFileName(window, "Load Game", "", GAME_FILTER)
        if not path:
            return False
    if not confirm_drop_game(window, "loading another"):
        return False
    pack, auto = doc.pack, autosave_path(window)
    window.play.start_async(lambda: PlaySession.load(path, pack, autosave=auto))
    return True


def save_game(window, path: str | Path | None = None) -> bool:
    if window.play.session is None:
        return False
    if path is None:
        path, _ = QFileDialog.getSaveFileName(window, "Save Game", "game.wrgame.json", GAME_FILTER)
        if not path:
            return False
    try:
        window.play.save(path)
    except WarroomError as err:
        window.show_error(str(err))
        return False
    return True


def install_play_actions(window) -> None:
    window.play = PlayMode(window)
    menu = window.menuBar().addMenu("&Game")

    def action(text: str, slot, key: str | None = None) -> QAction:
        a = QAction(text, window)
        if key:
            a.setShortcut(QKeySequence(key))
        a.triggered.connect(lambda _c=False: slot())
        menu.addAction(a)
        return a

    window.act_new_game = action("&New Game…", lambda: new_game(window), "Ctrl+Alt+N")
    window.act_load_game = action("&Load Game…", lambda: load_game(window))
    window.act_save_game = action("&Save Game…", lambda: save_game(window))
    menu.addSeparator()
    window.act_undo_move = action("&Undo Move", window.play.undo, "Ctrl+Alt+Z")
    window.act_end_phase = action("&End Phase", window.play.end_phase, "Ctrl+Return")
    window.act_close_game = action("&Close Game", lambda: close_game(window))
