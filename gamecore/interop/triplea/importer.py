"""Import a TripleA map folder (and one of its games) as a Warroom pack.

``import_triplea(folder, ImportOptions(game=...))`` returns ``(pack, report)``. What goes
where (see also :mod:`gamecore.interop.triplea` for the whole picture):

- territories → zones (ids in XML order; water → sea), polygons.txt → geometry (cleaned
  into a pixel coverage, :mod:`.pixelgeom`), centers.txt → label, place.txt → unit-stack
  slots, the other point files → ``zone.props["triplea"]``;
- connections → adjacency: links ("canal", "connection") and "not_adjacent" overrides
  are added until ``map_adjacency(pack.map)`` equals the XML's connections;
- players → nations (colours from map.properties, flags from flags/), alliances and
  relationships → the scenario; territoryAttachment → value, capital, victory city,
  original owner, convoy, naval/air base facilities, impassable, terrain; canalAttachment
  → canal links; factories and bases placed as units → facilities;
- unit types + unitAttachment + production costs + game properties → a ruleset stored in
  the pack that extends the closest bundled ruleset; ownerInitialize / unitInitialize /
  resourceInitialize → the scenario's ownership, unit set-up and banks;
- everything Warroom does not model (triggers, rules and political attachments, tech,
  the step list, notes, production frontiers, unknown elements) is kept verbatim in
  ``scenario.props["triplea"]`` (the :class:`~.gamexml.Game` minus what the model holds)
  and map-skin settings in ``pack.meta["triplea"]``, so the exporter writes them back.
"""

from __future__ import annotations

from pathlib import Path

from gamecore import safepath
from gamecore.errors import ImportFormatError
from gamecore.interop.triplea.gamexml import read_game
from gamecore.interop.triplea.handbook import apply_handbook, handbook_for_game
from gamecore.interop.triplea.import_common import (  # what the exporter and tests import
    HASH_KEY,  # noqa: F401
    MODELLED_PROPERTIES,  # noqa: F401
    POINT_FILES,  # noqa: F401
    ImportOptions,
    ImportReport,
    _prune_base,  # noqa: F401
    slug,
)
from gamecore.interop.triplea.import_folder import MapFolder, _choose_game, find_map
from gamecore.interop.triplea.import_game import _GameImport
from gamecore.interop.triplea.import_map import _MapImport
from gamecore.interop.triplea.xmlsafe import parse_xml
from gamecore.model import Pack
from gamecore.validate.handbook import load_handbook

__all__ = ["ImportOptions", "ImportReport", "MapFolder", "find_map", "import_triplea", "slug"]


# ---------------------------------------------------------------------------- import
def import_triplea(
    path: str | Path, options: ImportOptions | None = None
) -> tuple[Pack, ImportReport]:
    """A pack made of the TripleA map at ``path`` and one of its games."""
    opts = options or ImportOptions()
    progress = opts.progress or (lambda stage, frac: None)
    folder = find_map(path)
    yml_name, game_path = _choose_game(folder, opts.game)
    progress("reading the game XML", 0.02)
    data = _read_bytes(game_path)
    game = read_game(parse_xml(data, game_path))
    pack, report = _Importer(folder, game_path, yml_name, game, opts, progress).run()
    _apply_handbook(pack, report, opts, folder.root.name, game_path.name)
    return pack, report


def _apply_handbook(
    pack: Pack, report: ImportReport, opts: ImportOptions, folder_name: str, xml: str
) -> None:
    """Lay the victory rules of a handbook over the imported scenario: the one asked for,
    or (``auto``) the bundled one whose ``triplea`` part names this map or game file."""
    choice = (opts.handbook or "auto").strip()
    if choice == "none":
        return
    if choice == "auto":
        hb = None
        for sc in pack.scenarios.values():
            tp = sc.props.get("triplea") or {}
            map_name = str(tp.get("map_name") or folder_name)
            hb = hb or handbook_for_game(map_name, xml, report.game_name)
        if hb is None:
            return
    else:
        hb = load_handbook(choice)
    for sc in pack.scenarios.values():
        applied = apply_handbook(pack, sc, hb, opts.handbook_length)
        report.handbook = applied.to_json()
        report.handbook_lines = applied.lines()


def _read_bytes(p: Path) -> bytes:
    safepath.regular_file(p, "game XML")
    try:
        return p.read_bytes()
    except OSError as err:
        raise ImportFormatError(f"cannot read: {err.strerror or err}", p) from None


class _Importer(_MapImport, _GameImport):
    """The import in order: the map's parts (:mod:`.import_map`), then the game's
    (:mod:`.import_game`)."""

    def run(self) -> tuple[Pack, ImportReport]:
        try:
            return self._run()
        except ImportFormatError as err:
            if err.path is None:  # a value deep in the game's options: name the game file
                raise self.fail(err.message) from None
            raise

    def _run(self) -> tuple[Pack, ImportReport]:
        g = self.game
        if g.grids:
            raise self.fail("grid maps (<grid> in <map>) are not supported")
        self._map_properties()
        self._zones()
        self._attachments_index()
        self._geometry()
        self._points()
        self._nations()
        ruleset_id = self._ruleset()
        self._scenario(ruleset_id)
        self._facilities_and_units()
        self._territory_attributes()
        self._canals_and_adjacency()
        if self.opts.images:
            self._images()
        self._meta()
        self.report.zones = len(self.m.zones)
        self.report.sea_zones = sum(1 for z in self.m.zones.values() if z.kind == "sea")
        self.progress("done", 1.0)
        return self.pack, self.report
