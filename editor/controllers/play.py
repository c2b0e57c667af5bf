"""Play mode: the Game menu (New Game…, Load Game…, Save Game…, Undo Move, End Phase,
Close Game) and the window's :class:`~editor.play.mode.PlayMode` (``window.play``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMainWindow

from editor.play import install_play_actions

if TYPE_CHECKING:
    from editor.play.mode import PlayMode


class PlayController:
    def __init__(self, window: QMainWindow):
        """``window``: the editor's :class:`~editor.mainwindow.MainWindow` (its map, document
        and status bar), never imported here: the window imports its controllers."""
        install_play_actions(window)  # the Game menu, window.play and window.act_*_game
        self.mode: PlayMode = window.play
        self.actions = [
            window.act_new_game,
            window.act_load_game,
            window.act_save_game,
            window.act_undo_move,
            window.act_end_phase,
            window.act_close_game,
        ]

    def stop(self) -> None:
        """The document is replaced: a game is played on the document it started on."""
        self.mode.stop()

    def shutdown(self) -> None:
        """The window closes: the game and the bots' thread end."""
        self.mode.shutdown()
