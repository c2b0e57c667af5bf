"""The builder of the bundled War Game pack (``make sample``); see :mod:`tools.war_game_board.build`."""

from tools.war_game_board.build import build_board, main

__all__ = ["build_board", "main"]
