"""Export a pack (one scenario) as a TripleA map folder.

``export_triplea(pack, folder, ExportOptions(scenario=...))`` writes::

    folder/map.yml
    folder/map/games/<game>.xml     the game, in game.dtd's element order
    folder/map/polygons.txt centers.txt place.txt (+ capitols, vc, name_place, ...)
    folder/map/map.properties
    folder/map/baseTiles/<col>_<row>.png  (and reliefTiles/), smallMap.jpeg, flags/, units/

Everything modelled is written from the pack (zones, adjacency, nations, alliances,
relations, ownership, set-up, banks, the ruleset's unit stats, costs and options); what
an import kept verbatim (``scenario.props["triplea"]``) is written back, patched only
where the model now says something else, with renamed territories renamed in it too.
"""

from __future__ import annotations

from pathlib import Path

from gamecore.interop.triplea import unitart
from gamecore.interop.triplea.export_attachments import _AttachmentsExport
from gamecore.interop.triplea.export_common import (
    ExportError,  # noqa: F401 (gamecore.interop.triplea exports it from here)
    ExportOptions,
    ExportReport,
)
from gamecore.interop.triplea.export_files import _FilesExport
from gamecore.interop.triplea.export_game import _GameExport
from gamecore.interop.triplea.gamexml import write_game
from gamecore.model import Pack

__all__ = ["ExportOptions", "ExportReport", "export_triplea"]


def export_triplea(
    pack: Pack, folder: str | Path, options: ExportOptions | None = None
) -> ExportReport:
    """Write ``pack`` (one scenario of it) as a TripleA map folder."""
    return _Exporter(pack, Path(folder), options or ExportOptions()).run()


class _Exporter(_GameExport, _AttachmentsExport, _FilesExport):
    """The export in order: names, the game XML (:mod:`.export_game`,
    :mod:`.export_attachments`), then the map files (:mod:`.export_files`)."""

    # ------------------------------------------------------------------ run
    def run(self) -> ExportReport:
        self._prepare_folder()
        self._names()
        unitart.check_names(self.pack.nations, self.uname)
        self.progress("writing the game", 0.05)
        g = self._game()
        content = self.folder / "map"
        (content / "games").mkdir(parents=True, exist_ok=True)
        xml_path = self.folder / "map" / self.report.game_file
        xml_path.parent.mkdir(parents=True, exist_ok=True)
        self._write(xml_path, write_game(g))
        self.progress("writing polygons and points", 0.3)
        poly_text = self._point_files(content)
        self._map_properties(content, poly_text)
        self._map_yml()
        if self.opts.tiles:
            self.progress("rendering tiles", 0.5)
            self._tiles(content)
        self._flags_and_units(content)
        self.progress("done", 1.0)
        return self.report
