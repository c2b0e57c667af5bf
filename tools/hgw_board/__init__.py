"""The builder of the bundled Hitler's Global War pack (``make sample``); see :mod:`tools.hgw_board.build`."""

from tools.hgw_board.build import build_board, main

__all__ = ["build_board", "main"]
