"""TripleA import and export (issue #12).

>>> pack, report = import_triplea("maps/my_map", ImportOptions(game="My Game"))  # doctest: +SKIP
>>> export_triplea(pack, "out/my_map", ExportOptions(scenario="my_game"))      # doctest: +SKIP

A TripleA map is a folder: ``map.yml`` and ``map/`` (or, in older maps, the files at the
top) with ``games/*.xml`` (one XML per game), ``polygons.txt`` and the other point files
in image pixels, ``map.properties``, ``baseTiles/`` and ``flags/``/``units/`` images.
The import turns one game of it into a pack (one scenario, a ruleset that extends the
closest bundled ruleset, the map); the export writes a pack's scenario back as such a
folder, which TripleA's own parser loads (tests/gamecore/interop/test_triplea_java.py).

Untrusted input (docs/architecture.md, Invariant 5): the XML parser refuses entity declarations and
fetches nothing; image headers are checked against size limits before any decoding;
every problem is an :class:`~gamecore.errors.ImportFormatError` naming the file.

The names below are loaded on first use, so that the ``warroom`` command can register
``import triplea`` / ``export triplea`` without importing shapely and pillow at start-up.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "ExportError": "exporter",
    "ExportOptions": "exporter",
    "ExportReport": "exporter",
    "export_triplea": "exporter",
    "Game": "gamexml",
    "read_game": "gamexml",
    "write_game": "gamexml",
    "ImportOptions": "importer",
    "ImportReport": "importer",
    "find_map": "importer",
    "import_triplea": "importer",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'gamecore.interop.triplea' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"gamecore.interop.triplea.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
