"""File → Export: the board out of Warroom (renders: PDF sheets, SVG, PNG, print-and-play
pages, :mod:`editor.export.render`, File › Export › Board, :mod:`editor.export.board_dialog`)
and the document in a foreign format (TripleA map folder, GeoJSON).

:func:`install_export_actions` adds the actions to the File menu's Export submenu (made
when no other part of the editor made it first); each opens its dialog
(:mod:`editor.export.triplea_dialog`, :mod:`editor.export.geojson_dialog`), which runs the
gamecore exporter off the GUI thread and shows what it wrote.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from editor.export.common import export_menu
from editor.export.geojson_dialog import export_geojson_dialog
from editor.export.triplea_dialog import export_triplea_dialog

__all__ = ["export_menu", "install_export_actions"]


def install_export_actions(window, file_menu: QMenu) -> None:
    """Export › TripleA… and Export › GeoJSON… on ``window``'s File menu; they act on
    ``window.document``."""
    menu = export_menu(file_menu)
    window.act_export_triplea = menu.addAction("&TripleA…", lambda: export_triplea_dialog(window))
    window.act_export_geojson = menu.addAction("&GeoJSON…", lambda: export_geojson_dialog(window))
