"""TripleA import and export (issue #12).

>>> pack, report = import_triplea("maps/my_map", ImportOptions(game="My Game"))  # doctest: +SKIP
>>> export_triplea(pack, "out/my_map", ExportOptions(scenario="my_game"))      # doctest: +SKIP

A TripleA map is a folder: ``map.yml`` and ``map/`` (or, in older maps, the files at the
top) with ``games/*.xml`` (one XML per game), ``polygons.txt`` and the other point files
in image pixels, ``map.properties``, ``baseTiles/`` and ``flags/``/``units/`` images.
The import turns one game of it into a pack (one scenario, a ruleset that extends the
closest bundled ruleset, the map); the export writes a pack's scenario back as such a
folder, which TripleA's own parser loads (tests/gamecore/interop/test_triplea_java.py).

Untrusted input (DESIGN.md, Invariant 5): the XML parser refuses entity declarations and
fetches nothing; image headers are checked against size limits before any decoding;
every problem is an :class:`~gamecore.errors.ImportFormatError` naming the file.
"""

from gamecore.interop.triplea.exporter import ExportError, ExportOptions, ExportReport, export_triplea
from gamecore.interop.triplea.gamexml import Game, read_game, write_game
from gamecore.interop.triplea.importer import (
    ImportOptions,
    ImportReport,
    find_map,
    import_triplea,
)

__all__ = [
    "ExportError",
    "ExportOptions",
    "ExportReport",
    "Game",
    "ImportOptions",
    "ImportReport",
    "export_triplea",
    "find_map",
    "import_triplea",
    "read_game",
    "write_game",
]
