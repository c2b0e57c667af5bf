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

import dataclasses
import hashlib
import os
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import shapely

from gamecore import safepath
from gamecore.conditions.objectives import check_objective
from gamecore.conditions.world import ScenarioWorld
from gamecore.errors import GeometryError, ImportFormatError, UnsafePathError, WarroomError
from gamecore.interop.triplea import images as img
from gamecore.interop.triplea import mapfiles as mf
from gamecore.interop.triplea import rulesmap as rm
from gamecore.interop.triplea import unitart
from gamecore.interop.triplea.gamexml import Attachment, Game, read_game
from gamecore.interop.triplea.handbook import apply_handbook, handbook_for_game
from gamecore.interop.triplea.pixelgeom import polygons_to_coverage, territory_geometries
from gamecore.interop.triplea.rulesxlate import translate_rules
from gamecore.interop.triplea.xmlsafe import parse_xml
from gamecore.model import (
    Alliance,
    Facility,
    Link,
    Map,
    Nation,
    Ownership,
    Pack,
    RulesetDoc,
    Scenario,
    UnitStack,
    Zone,
)
from gamecore.validate.handbook import load_handbook

__all__ = ["ImportOptions", "ImportReport", "MapFolder", "find_map", "import_triplea", "slug"]

Progress = Callable[[str, float], None]

#: point files kept per zone in ``zone.props["triplea"]`` (file -> key)
POINT_FILES = {
    "capitols.txt": "capitol",
    "vc.txt": "vc",
    "name_place.txt": "name_place",
    "pu_place.txt": "pu_place",
    "kamikaze_place.txt": "kamikaze_place",
    "convoy.txt": "convoy",
    "comments.txt": "comment",
    "blockade.txt": "blockade",
}
#: map.properties keys Warroom models (the rest is kept verbatim)
MODELLED_PROPERTIES = ("map.width", "map.height", "map.scrollWrapX")
#: key Warroom writes in map.properties: the hash of polygons.txt it wrote
HASH_KEY = "warroom.polygons.sha256"
STATUS_OF_ARCHETYPE = {"war": "war", "allied": "aligned", "neutral": "neutral"}
DEFAULT_COLOURS = (
    "#7f7f7f", "#5a5a5a", "#c8a000", "#3c6e28", "#a01e1e", "#1e3ca0", "#d26e1e", "#6e1ea0",
)  # fmt: skip


@dataclass
class ImportOptions:
    game: str | None = None  # game name or XML file name when the map has several
    gap: float = 4.0  # px: the widest gap between traced neighbours that is closed
    simplify: float = 1.0  # px: Douglas-Peucker tolerance for traced rings
    geometry: str = "auto"  # "auto" | "traced" | "exact"
    images: bool = True  # base/relief tiles, flags and unit icons
    progress: Progress | None = None
    #: the victory rules of a handbook laid over the game (gamecore.interop.triplea.handbook):
    #: "auto" (the bundled handbook whose ``triplea`` part names this map), "none", a
    #: bundled handbook's id or a handbook file
    handbook: str = "auto"
    handbook_length: str = "short"  # "short" | "long": the handbook's round limit


@dataclass
class ImportReport:
    folder: str
    game_file: str
    game_name: str
    geometry_mode: str = "traced"
    zones: int = 0
    sea_zones: int = 0
    geometry: dict[str, int] = field(default_factory=dict)
    geometry_messages: list[str] = field(default_factory=list)
    #: per zone name, the area (px²) its cleaned shape gained (+) or lost (-) against the
    #: traced one
    zone_changes: dict[str, float] = field(default_factory=dict)
    connections: int = 0
    border_connections: int = 0
    links_added: list[str] = field(default_factory=list)
    overrides_added: list[str] = field(default_factory=list)
    adjacency_equal: bool = True
    images: int = 0
    notes: list[str] = field(default_factory=list)
    #: the game's rules mapped to objectives/events: kind -> how many
    rules: dict[str, int] = field(default_factory=dict)
    #: the parts of the game's rules that are not played (named, never silently dropped)
    unmapped: list[str] = field(default_factory=list)
    #: what a handbook laid over the game (None: no handbook applied)
    handbook: dict[str, Any] | None = None
    handbook_lines: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [
            f"imported '{self.game_name}' ({self.game_file}) from {self.folder}",
            f"{self.zones} zones ({self.sea_zones} sea), geometry {self.geometry_mode}",
        ]
        if self.geometry:
            changes = ", ".join(f"{k} {v}" for k, v in sorted(self.geometry.items()))
            out.append(f"geometry changes: {changes}")
        if self.zone_changes:
            top = sorted(self.zone_changes.items(), key=lambda kv: (-abs(kv[1]), kv[0]))[:5]
            out.append(
                "largest area change per zone (px²): "
                + ", ".join(f"'{name}' {area:+.0f}" for name, area in top)
            )
        out.append(
            f"adjacency: {self.connections} connections, {self.border_connections} from shared "
            f"borders, {len(self.links_added)} links added, "
            f"{len(self.overrides_added)} 'not adjacent' overrides"
            + ("" if self.adjacency_equal else " (NOT equal to the XML)")
        )
        out += [f"  + {x}" for x in self.links_added]
        out += [f"  - {x}" for x in self.overrides_added]
        if self.images:
            out.append(f"{self.images} images")
        if self.rules:
            out.append("rules mapped: " + ", ".join(f"{n} {k}" for k, n in self.rules.items()))
        out += self.handbook_lines
        out += [f"not mapped: {u}" for u in self.unmapped]
        out += [f"note: {n}" for n in self.notes]
        return out

    def to_json(self) -> dict[str, Any]:
        out = dict(self.__dict__)
        out.pop("handbook_lines")
        return out


# ---------------------------------------------------------------------------- the folder
@dataclass
class MapFolder:
    root: Path
    content: Path  # where polygons.txt, games/, baseTiles/ ... are
    yml: dict | None
    games: list[tuple[str | None, Path]]  # (name from map.yml or None, XML file)
    notes: list[str] = field(default_factory=list)  # how the games were found, if not by map.yml


def find_map(path: str | Path) -> MapFolder:
    """The parts of a TripleA map folder (new layout: map.yml + map/, or old: files at
    the top), or a game XML file given directly. Without a usable map.yml (missing, not
    readable as text, or listing no games) the games are looked for in ``games/`` and a
    note says so; a map.yml that is not YAML, or names a game file that is not there, is
    an error (one line, naming the file)."""
    p = Path(path)
    if p.is_file():
        if p.suffix.lower() != ".xml":
            raise ImportFormatError("not a TripleA map folder or game XML file", p)
        content = p.parent.parent if p.parent.name.lower() == "games" else p.parent
        root = content.parent if content.name == "map" else content
        return MapFolder(root, content, None, [(None, p)])
    if not p.is_dir():
        raise ImportFormatError("no such map folder", p)
    notes: list[str] = []
    yml = None
    yml_path = p / "map.yml"
    if os.path.lexists(yml_path):
        safepath.readable_inside(p, yml_path, "map.yml")
        try:
            raw = yml_path.read_bytes()
            text = raw.decode("utf-8-sig")
        except OSError as err:
            notes.append(f"map.yml cannot be read ({err.strerror or err}): games found in games/")
        except UnicodeDecodeError:
            notes.append("map.yml is not UTF-8 text: games found in games/")
        else:
            if len(raw) > mf.MAX_YML_BYTES or "\x00" in text:
                notes.append("map.yml is not a small text file: games found in games/")
            else:
                yml = mf.parse_map_yml(text, yml_path)
                if not yml["games"]:
                    notes.append("map.yml lists no games: games found in games/")
    else:
        notes.append("map.yml is missing: games found in games/")
    content = p / "map" if (p / "map").is_dir() else p
    safepath.check_inside(p, content, "map/")
    games: list[tuple[str | None, Path]] = []
    listed: set[Path] = set()
    if yml:
        for entry in yml["games"]:
            fname = entry.get("file_name") or entry.get("file_path") or ""
            found = _find_game_file(p, content, fname, yml_path)
            if found is None:
                raise ImportFormatError(
                    f"game '{entry.get('game_name', '?')}': file '{fname}' not found", yml_path
                )
            games.append((entry.get("game_name") or None, found))
            listed.add(found.resolve())
    gdir = content / "games"
    if gdir.is_dir():
        for x in sorted(gdir.rglob("*.xml")):
            if not x.is_file() or _outside(p, x):
                continue  # a link out of the folder, or a FIFO: never read
            if x.resolve() not in listed:
                games.append((None, x))
    if not games:
        raise ImportFormatError("no game XML found (map.yml lists none and games/ is empty)", p)
    return MapFolder(p, content, yml, games, notes)


def _find_game_file(root: Path, content: Path, fname: str, yml_path: Path) -> Path | None:
    """The game file a ``map.yml`` entry names, looked for where TripleA looks; the name
    is untrusted: it may not be absolute, climb out with '..' or lead out by a link."""
    if not fname:
        return None
    parts = safepath.relative_parts(fname, "map.yml file_name", yml_path)
    for base in (content, content / "games", content.parent):
        cand = base.joinpath(*parts)
        if cand.is_file():
            return safepath.readable_inside(root, cand, "map.yml file_name")
    for cand in sorted(content.rglob(parts[-1])):
        if cand.is_file() and not _outside(root, cand):
            return cand
    return None


def _outside(root: Path, path: Path) -> bool:
    try:
        safepath.check_inside(root, path)
    except UnsafePathError:
        return True
    return False


def _choose_game(folder: MapFolder, want: str | None) -> tuple[str | None, Path]:
    if want is None:
        if len(folder.games) == 1:
            return folder.games[0]
        choices = "; ".join(f"'{n or _info_name(p) or p.stem}' ({p.name})" for n, p in folder.games)
        raise ImportFormatError(
            f"the map has {len(folder.games)} games, choose one with --game: {choices}",
            folder.root,
        )
    w = want.casefold().strip()
    for name, p in folder.games:
        if w in ((name or "").casefold(), p.stem.casefold(), p.name.casefold()):
            return name, p
    for name, p in folder.games:  # by the name inside the XML
        info = _info_name(p)
        if info and info.casefold() == w:
            return name or info, p
    choices = ", ".join(f"'{n or _info_name(p) or p.stem}'" for n, p in folder.games)
    raise ImportFormatError(f"no game '{want}' in the map (games: {choices})", folder.root)


def _info_name(p: Path) -> str | None:
    try:
        head = p.open("rb").read(8192).decode("utf-8", "replace")
    except OSError:
        return None
    m = re.search(r"<info\b[^>]*\bname\s*=\s*\"([^\"]*)\"", head)
    return m.group(1) if m else None


# ---------------------------------------------------------------------------- helpers
def slug(text: str, fallback: str = "x") -> str:
    """An ASCII identifier: lower case, runs of other characters as '_'."""
    t = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    t = re.sub(r"[^A-Za-z0-9]+", "_", t).strip("_").lower()
    return t or fallback


def _fold(name: str) -> str:
    return " ".join(name.split()).casefold()


class _Names:
    """Resolves territory names from the map files to zones: exactly, else ignoring
    case and repeated spaces (noted in the report)."""

    def __init__(self, zones: dict[str, int]):
        self.exact = zones
        self.folded: dict[str, int | None] = {}
        for name, zid in zones.items():
            k = _fold(name)
            self.folded[k] = None if k in self.folded else zid

    def get(self, name: str, notes: list[str], where: str) -> int | None:
        zid = self.exact.get(name)
        if zid is not None:
            return zid
        zid = self.folded.get(_fold(name))
        if zid is not None:
            notes.append(f"{where}: '{name}' matched territory by loose spelling")
        return zid


def _zone_code(name: str, water: bool, used: set[str]) -> str:
    code = ""
    if water:
        m = re.fullmatch(r"\s*(?:sz|sea\s*zone|seazone)\s*[-_ ]?\s*(\d+)\s*", name, re.I)
        m = m or re.fullmatch(r"\s*(\d+)\s*(?:sea\s*zone|sz)\s*", name, re.I)
        if m:
            code = str(int(m.group(1)))
    if not code:
        code = slug(name, "zone")
    base, n = code, 2
    while code in used:
        code = f"{base}_{n}"
        n += 1
    used.add(code)
    return code


def _int(value: str | None, what: str, path, default: int = 0) -> int:
    if value is None or value == "":
        return default
    try:
        return int(value.strip())
    except ValueError:
        raise ImportFormatError(f"{what}: '{value}' is not a whole number", path) from None


def _options(a: Attachment) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value, _count in a.options:
        out[name] = value
    return out


def _true(v: str | None) -> bool:
    return v is not None and v.strip().lower() == "true"


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


class _Importer:
    def __init__(self, folder, game_path, yml_name, game: Game, opts, progress):
        self.folder: MapFolder = folder
        self.gpath: Path = game_path
        self.game = game
        self.opts: ImportOptions = opts
        self.progress = progress
        name = game.info.get("name") or yml_name or game_path.stem
        rel = (
            game_path.relative_to(folder.root)
            if game_path.is_relative_to(folder.root)
            else game_path
        )
        self.report = ImportReport(str(folder.root), str(rel), name)
        self.notes = self.report.notes
        self.notes.extend(folder.notes)
        self.pack = Pack()
        self.m: Map = self.pack.map
        self.zid: dict[str, int] = {}  # territory name -> zone id
        self.attachments = {"unit": {}, "territory": {}, "canal": []}
        self.facility_units: dict[str, list[list[str]]] = {}
        self.props_in: list[tuple[str, str]] = []
        self.frontier_units = {}

    # -- errors naming the game file
    #: production frontier -> the unit types it buys (read with the costs)
    frontier_units: dict[str, set[str]]

    def fail(self, message: str) -> WarroomError:
        return ImportFormatError(message, self.gpath)

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

    def _present(self, path: Path) -> bool:
        """Whether a map file is there to read; one that is there but leads out of the
        map folder, or is not a regular file, stops the import (untrusted input)."""
        if not os.path.lexists(path):
            return False
        safepath.readable_inside(self.folder.root, path, path.name)
        return True

    # -- map.properties and the frame
    def _map_properties(self) -> None:
        p = self.folder.content / "map.properties"
        items: list[tuple[str, str]] = []
        if self._present(p):
            items = mf.parse_properties(mf.read_text(p))
        else:
            self.notes.append("map.properties is missing (defaults used)")
        self.props_in = items
        self.mprops = dict(items)

    # -- territories
    def _zones(self) -> None:
        g = self.game
        used: set[str] = set()
        for i, (name, water) in enumerate(g.territories, 1):
            if name in self.zid:
                raise self.fail(f"territory '{name}' is defined twice")
            self.zid[name] = i
            z = Zone(i, _zone_code(name, water, used), name, "sea" if water else "land")
            z.terrain = "sea" if water else "clear"
            self.m.zones[i] = z
        known = set(self.zid)
        for a, b in g.connections + g.removed_connections:
            for t in (a, b):
                if t not in known:
                    raise self.fail(f"connection {a!r} - {b!r} names unknown territory {t!r}")

    def _attachments_index(self) -> None:
        g = self.game
        units = set(g.units)
        for a in g.attachments:
            kind = a.kind
            if kind == "unit" and a.name == "unitAttachment":
                if a.attach_to not in units:
                    raise self.fail(f"unitAttachment attached to unknown unit '{a.attach_to}'")
                self.attachments["unit"][a.attach_to] = a
            elif kind == "territory" and a.name == "territoryAttachment":
                if a.attach_to not in self.zid:
                    raise self.fail(
                        f"territoryAttachment attached to unknown territory '{a.attach_to}'"
                    )
                self.attachments["territory"][a.attach_to] = a
            elif kind == "canal" and a.name.startswith("canalAttachment"):
                self.attachments["canal"].append(a)
        for uname in g.units:
            ua = self.attachments["unit"].get(uname)
            if ua is not None and rm.is_facility_unit(ua.options):
                self.facility_units[uname] = ua.options
        for tname, ta in self.attachments["territory"].items():
            if _true(_options(ta).get("isImpassable")):
                z = self.m.zones[self.zid[tname]]
                if z.kind == "land":
                    z.kind = "impassable"

    # -- geometry
    def _geometry(self) -> None:
        content = self.folder.content
        ppath = content / "polygons.txt"
        if not self._present(ppath):
            self.notes.append("polygons.txt is missing: zones have no geometry")
            self._frame(None)
            return
        self.progress("reading polygons", 0.1)
        text = mf.read_text(ppath)
        polys, notes = mf.parse_polygons(text, ppath)
        self.notes.extend(f"polygons.txt: {n}" for n in notes)
        names = _Names(self.zid)
        rings_of: dict[int, list] = {}
        orphans = []
        for name, rings in polys.items():
            zid = names.get(name, self.notes, "polygons.txt")
            if zid is None:
                orphans.append(name)
                continue
            rings_of.setdefault(zid, []).extend(rings)
        raw: dict[int, Any] = territory_geometries(rings_of)
        for zid in rings_of:
            if zid not in raw:
                self.notes.append(f"polygons.txt: '{self.m.zones[zid].name}' has no usable polygon")
        if orphans:
            shown = ", ".join(repr(o) for o in orphans[:10])
            more = f" and {len(orphans) - 10} more" if len(orphans) > 10 else ""
            self.notes.append(
                f"polygons.txt: {len(orphans)} orphan polygon(s) ignored: {shown}{more}"
            )
        missing = [self.m.zones[z].name for z in self.m.zones if z not in raw]
        if missing:
            self.notes.append(
                f"{len(missing)} territories have no polygon: "
                + ", ".join(repr(n) for n in missing[:10])
            )
        bounds = shapely.total_bounds(np.array(list(raw.values()), dtype=object)) if raw else None
        self._frame(bounds)
        mode = self.opts.geometry
        if mode == "auto":
            mode = "exact" if self.mprops.get(HASH_KEY) == _sha(text) else "traced"
        if mode not in ("traced", "exact"):
            raise ImportFormatError(f"unknown geometry mode '{mode}' (auto, traced or exact)")
        kinds = {zid: self.m.zones[zid].kind for zid in raw}
        try:
            res = polygons_to_coverage(
                raw,
                kinds,
                (0.0, 0.0, self.m.width, self.m.height),
                mode=mode,
                gap=self.opts.gap,
                simplify=self.opts.simplify,
                progress=self.progress,
            )
        except (GeometryError, shapely.errors.GEOSException, ValueError) as err:
            reason = str(err).splitlines()[0] if str(err) else type(err).__name__
            raise ImportFormatError(f"the polygons cannot be cleaned: {reason}", ppath) from None
        self.report.geometry_mode = mode
        self.report.geometry = res.counts
        self.report.geometry_messages = res.messages
        if mode == "traced":
            self.report.zone_changes = {
                self.m.zones[z].name: round(a, 1) for z, a in res.changed.items()
            }
        for zid, geom in res.geoms.items():
            z = self.m.zones[zid]
            z.geometry = geom
            # a TripleA territory is whatever rings it is drawn in (an island group, or a
            # coast cut by a sea zone's outline): in parts as it is written, and so again
            # when Warroom's export of it is read back
            if geom.geom_type == "MultiPolygon":
                z.props["multipart"] = True
        lost = [self.m.zones[z].name for z in raw if z not in res.geoms]
        if lost:
            self.notes.append(
                f"{len(lost)} territories lost all their area in cleaning: "
                + ", ".join(repr(n) for n in lost[:10])
            )

    def _frame(self, bounds) -> None:
        w = self.mprops.get("map.width")
        h = self.mprops.get("map.height")
        width = height = None
        try:
            width, height = (int(w), int(h)) if w and h else (None, None)
        except ValueError:
            self.notes.append("map.properties: map.width/map.height are not numbers (ignored)")
        if width is None or height is None or width <= 0 or height <= 0:
            size = self._image_size()
            if size is not None:
                width, height = size
            elif bounds is not None:
                width, height = int(np.ceil(bounds[2])), int(np.ceil(bounds[3]))
            else:
                width, height = 1000, 600
        self.m.width, self.m.height = float(width), float(height)
        self.m.wrap_x = self.mprops.get("map.scrollWrapX", "true").strip().lower() == "true"

    def _image_size(self) -> tuple[int, int] | None:
        tiles = self.folder.content / "baseTiles"
        if tiles.is_dir():
            cols = rows = 0
            last = {}
            for p in tiles.iterdir():
                m = re.match(r"^(\d+)_(\d+)\.", p.name)
                if m:
                    c, r = int(m.group(1)), int(m.group(2))
                    cols, rows = max(cols, c), max(rows, r)
                    last[(c, r)] = p
            if last:
                right = last.get((cols, 0), next(iter(last.values())))
                bottom = last.get((0, rows), next(iter(last.values())))
                self._present(right)
                self._present(bottom)
                _f, w, _h = img.probe(right)
                _f, _w, h = img.probe(bottom)
                return cols * img.TILE + w, rows * img.TILE + h
        full = self._full_image()
        if full is not None:
            _f, w, h = img.probe(full, img.MAX_FULL_PIXELS)
            return w, h
        return None

    def _full_image(self) -> Path | None:
        c = self.folder.content
        for name in (
            "baseMap.png",
            "base.png",
            "map.png",
            f"{c.name}.png",
            f"{self.folder.root.name}.png",
        ):
            if self._present(c / name):
                return c / name
        return None

    # -- point files
    def _points(self) -> None:
        content = self.folder.content
        names = _Names(self.zid)
        centers: dict[str, tuple[int, int]] = {}
        p = content / "centers.txt"
        if self._present(p):
            centers, notes = mf.parse_points(mf.read_text(p), p)
            self.notes.extend(notes)
        else:
            self.notes.append("centers.txt is missing: label points computed")
        for name, pt in centers.items():
            zid = names.get(name, self.notes, "centers.txt")
            if zid is not None:
                self.m.zones[zid].label = (float(pt[0]), float(pt[1]))
        from gamecore.geometry.queries import label_point

        for z in self.m.zones.values():
            if z.label is None and z.geometry is not None:
                x, y = label_point(z.geometry)
                z.label = (float(round(x)), float(round(y)))
        p = content / "place.txt"
        if self._present(p):
            place, notes = mf.parse_place(mf.read_text(p), p)
            self.notes.extend(notes)
            for name, entry in place.items():
                zid = names.get(name, self.notes, "place.txt")
                if zid is None:
                    continue
                z = self.m.zones[zid]
                z.slots = [(float(x), float(y)) for x, y in entry.points]
                if entry.overflow_to_left is not None:
                    z.props.setdefault("triplea", {})["overflow_to_left"] = entry.overflow_to_left
        for fname, key in POINT_FILES.items():
            p = content / fname
            if not self._present(p):
                continue
            pts, notes = mf.parse_points(mf.read_text(p), p)
            self.notes.extend(notes)
            for name, pt in pts.items():
                zid = names.get(name, self.notes, fname)
                if zid is not None:
                    self.m.zones[zid].props.setdefault("triplea", {})[key] = [
                        int(pt[0]),
                        int(pt[1]),
                    ]

    # -- nations
    def _nations(self) -> None:
        g = self.game
        for i, p in enumerate(g.players):
            pid = p["name"]
            colour = self.mprops.get(f"color.{pid}")
            if colour and re.fullmatch(r"#?[0-9A-Fa-f]{6}", colour.strip()):
                colour = "#" + colour.strip().lstrip("#").lower()
            else:
                colour = DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]
            neutral = p.get("defaultType") == "DoesNothing" or pid.lower().startswith("neutral")
            extra = {k: v for k, v in p.items() if k != "name"}
            n = Nation(
                pid,
                pid.replace("_", " "),
                colour,
                kind="neutral" if neutral else "major",
                playable=not neutral,
            )
            if extra:
                n.props["triplea"] = extra
            self.pack.nations[pid] = n
        players = set(self.pack.nations)
        for player, _alliance in g.alliances:
            if player not in players:
                raise self.fail(f"alliance names unknown player '{player}'")

    # -- the ruleset
    def _ruleset(self) -> str:
        from gamecore.rules import bundled_rulesets, load_ruleset

        g = self.game
        dice = _int(g.dice_sides, "diceSides", self.gpath, 6) if g.dice_sides else 6
        if not 2 <= dice <= 100:
            raise self.fail(f"diceSides {dice} is out of range (2-100)")
        self.dice = dice
        supportable = [
            u
            for u, a in self.attachments["unit"].items()
            if _true(_options(a).get("artillerySupportable"))
        ]
        unit_set = set(g.units)
        supports: dict[str, list[dict]] = {}
        for a in g.attachments:
            if a.java_class.endswith("UnitSupportAttachment") and a.attach_to in unit_set:
                s = rm.support_from_attachment(a.options, unit_set - set(self.facility_units))
                if s:
                    supports.setdefault(a.attach_to, []).append(s)
        costs, nation_costs, can_buy = self._costs()
        units: dict[str, dict[str, Any]] = {}
        for u in g.units:
            if u in self.facility_units:
                continue
            a = self.attachments["unit"].get(u)
            f = rm.unit_fields(a.options if a else [], dice, supportable)
            f["cost"] = costs.get(u, 0)
            if nation_costs.get(u):
                f["nation_costs"] = nation_costs[u]
            if u in supports:
                f["support"] = f.get("support", []) + supports[u]
            if a is not None and _true(_options(a).get("isSub")):
                f["cannot_target"] = ["air"]
                f["hidden_from"] = ["air"]
            units[u] = f
        bundled = {}
        for rid in bundled_rulesets():
            try:
                rs = load_ruleset(rid)
            except WarroomError:
                continue
            # a base whose units roll several dice or choose a fire mode (The War Game)
            # would lend those mechanisms to TripleA units, which have none
            if not any(t.multi_die for t in rs.units.values()):
                bundled[rid] = rs
        base_id = rm.closest_ruleset(units, bundled) if bundled else "g40"
        base = bundled.get(base_id)
        self.base_ruleset = base_id
        rid = "triplea_" + slug(self.report.game_name, "game")
        sections: list[tuple[str, dict[str, Any]]] = []
        head: dict[str, Any] = {
            "id": rid,
            "name": f"{self.report.game_name} (TripleA)",
            "description": f"Imported from TripleA game '{self.report.game_name}'.",
            "sources": [self.gpath.name],
        }
        sections.append(("ruleset", head))
        top: dict[str, Any] = {"extends": base_id, "dice": dice}
        phases = rm.phases_from_steps(g.gameplay.steps, g.gameplay.delegate_class)
        if phases:
            top["phases"] = phases
        options: dict[str, Any] = {}
        for prop in g.properties:
            mapped = rm.property_to_option(prop.name, prop.value) or rm.generic_option(prop)
            if mapped:
                options[mapped[0]] = mapped[1]
        ownerless = [p for p in g.placements if not p.get("owner")]
        if ownerless:
            types = [p["unitType"] for p in ownerless if p["unitType"] in units]
            if types:
                options["standing_army_unit"] = max(set(types), key=types.count)
        if (
            any(rm.facility_spec(o).get("production") == 99 for o in self.facility_units.values())
            or not self.facility_units
        ):
            options["production_limited_by_value"] = True
        # a ruleset is TOML: top-level keys first, then tables
        doc: list[tuple[str, dict[str, Any]]] = [("", top), *sections]
        if options:
            doc.append(("options", options))
        facility_ids = list(self.facility_units)
        for u, f in units.items():
            if f.get("bombing"):
                f["bombing_targets"] = [
                    fid
                    for fid in facility_ids
                    if rm.facility_spec(self.facility_units[fid]).get("max_damage")
                ]
            doc.append((rm.table_name("units", u), _unit_table(u, f, base)))
        prune: dict[str, dict[str, Any]] = {}
        if base is not None:
            removed = set(base.units) - set(units)
            for old in base.units:
                if old in removed:
                    doc.append((rm.table_name("units", old), {"remove": True}))
            prune = _prune_base(base.raw, removed, set(self.pack.nations))
        for fid, opts in self.facility_units.items():
            spec = rm.facility_spec(opts)
            spec = {"name": fid.replace("_", " ").capitalize(), "cost": costs.get(fid, 0), **spec}
            if base is not None and fid in base.facility_types:
                bt = base.facility_types[fid]
                spec.setdefault("max_damage", 0)
                spec.setdefault("aa_value", 0)
                spec.setdefault("scramble", 0)
                spec.setdefault("repairs_ships", False)
                if bt.aliases:
                    spec["aliases"] = list(bt.aliases)
            doc.append((rm.table_name("facilities", fid), spec))
        effects = list(g.territory_effects)
        for e in effects:
            name = rm.table_name("terrain", e)
            doc.append((name, {**prune.pop(name, {}), "name": e}))
        nation_tables: dict[str, dict[str, Any]] = {
            pid: {"can_buy": allowed} for pid, allowed in can_buy.items()
        }
        for pid, rules in self._placement_rules().items():
            nation_tables.setdefault(pid, {}).update(rules)
        for pid, table in nation_tables.items():
            name = rm.table_name("nations", pid)
            doc.append((name, {**prune.pop(name, {}), **table}))
        kept_options = prune.pop("options", None)
        if kept_options:
            at = next((i for i, (n, _k) in enumerate(doc) if n == "options"), None)
            if at is None:
                doc.insert(1 + len(sections), ("options", kept_options))
            else:
                doc[at] = ("options", {**kept_options, **doc[at][1]})
        doc.extend(prune.items())
        text = rm.toml_document(
            doc, comment=f"Ruleset of the TripleA game '{self.report.game_name}'"
        )
        self.pack.rulesets[rid] = RulesetDoc(rid, text)
        try:
            self.rules = load_ruleset(rid, self.pack)
        except WarroomError as err:  # a bug in the mapping, or a game beyond it
            raise self.fail(f"the game's rules cannot be expressed as a ruleset: {err}") from None
        return rid

    def _costs(self):
        g = self.game
        costs: dict[str, int] = {}
        nation_costs: dict[str, dict[str, int]] = {}
        can_buy: dict[str, list[str]] = {}
        if g.production is None:
            return costs, nation_costs, can_buy
        rules = {r.name: r for r in g.production.rules}

        def unit_cost(r) -> tuple[str, int] | None:
            if len(r.results) != 1:
                return None
            item, qty = r.results[0]
            pus = sum(
                _int(q, f"productionRule {r.name}", self.gpath)
                for res, q in r.costs
                if res == "PUs"
            )
            q = max(1, _int(qty, f"productionRule {r.name}", self.gpath, 1))
            return item, -(-pus // q)

        price_rule = rm.price_rules(g.production)
        for r in g.production.rules:
            uc = unit_cost(r)
            if uc and uc[0] not in costs and price_rule.get(uc[0]) == r.name:
                costs[uc[0]] = uc[1]
        frontiers = {name: rls for name, rls in g.production.frontiers}
        for name, rls in frontiers.items():
            self.frontier_units[name] = {
                uc[0] for rn in rls if (r := rules.get(rn)) and (uc := unit_cost(r))
            }
        every = {u for u in g.units}
        for player, frontier in g.production.player_production:
            rls = frontiers.get(frontier, [])
            bought = []
            for rn in rls:
                r = rules.get(rn)
                uc = unit_cost(r) if r else None
                if uc is None:
                    continue
                bought.append(uc[0])
                if uc[0] in costs and uc[1] != costs[uc[0]]:
                    nation_costs.setdefault(uc[0], {})[player] = uc[1]
            buyable = [u for u in g.units if u in bought]
            # a trigger that changes the player's frontier (G40's Burma Road): what the
            # player buys for good is what every one of its frontiers buys; the rest is
            # bought while the trigger's condition holds (rulesxlate: allow_purchase)
            for fname in self._frontier_triggers().get(player, ()):
                units_of = self.frontier_units.get(fname)
                if units_of is not None:
                    buyable = [u for u in buyable if u in units_of]
            if set(buyable) != every and player in self.pack.nations:
                can_buy[player] = buyable
        return costs, nation_costs, can_buy

    def _placement_rules(self) -> dict[str, dict[str, Any]]:
        """A player's ``rulesAttachment`` ``placementAnyTerritory`` (G40's China: no
        factories, units placed in its own territories, ``placementPerTerritory`` each)
        -> the nation's ``uses_factories = false`` and ``place_limit_per_zone``."""
        out: dict[str, dict[str, Any]] = {}
        if not _true(
            next(
                (p.value for p in self.game.properties if p.name == "Place in Any Territory"), None
            )
        ):
            return out
        for a in self.game.attachments:
            if a.name != "rulesAttachment" or a.attach_to not in self.pack.nations:
                continue
            o = _options(a)
            if not _true(o.get("placementAnyTerritory")):
                continue
            per = _int(o.get("placementPerTerritory"), "placementPerTerritory", self.gpath, 3)
            out[a.attach_to] = {
                "uses_factories": False,
                "place_limit_per_zone": min(max(1, per), 99),
            }
        return out

    def _frontier_triggers(self) -> dict[str, list[str]]:
        """player -> the production frontiers its triggers may give it."""
        out: dict[str, list[str]] = {}
        for a in self.game.attachments:
            if not a.java_class.endswith("TriggerAttachment"):
                continue
            names = [o[1] for o in a.options if o[0] == "frontier"]
            if not names:
                continue
            players = [p for o in a.options if o[0] == "players" for p in o[1].split(":") if p]
            for p in players or [a.attach_to]:
                out.setdefault(p, []).extend(names)
        return out

    # -- the scenario
    def _scenario(self, ruleset_id: str) -> None:
        g = self.game
        sid = slug(self.report.game_name, "triplea")
        sc = Scenario(sid, self.report.game_name, ruleset=ruleset_id)
        self.sc = sc
        self.pack.scenarios[sid] = sc
        # turn order: players in the order of their first step that runs every round
        order = [p for p in g.gameplay.player_order() if p in self.pack.nations]
        sc.turn_order = [[p] for p in order]
        # a player the step list never gives a turn (Global 1940's Dutch and Mongolians,
        # moved by their allies' rules) is not playable: it is not missing from the order
        for pid, n in self.pack.nations.items():
            if pid not in order and n.playable:
                n.playable = False
        for player, alliance in g.alliances:
            aid = slug(alliance, "alliance")
            al = sc.alliances.get(aid)
            if al is None:
                colour = self.pack.nations[player].colour
                al = sc.alliances[aid] = Alliance(aid, alliance, [], colour)
            if player not in al.members:
                al.members.append(player)
        # relationships: explicit ones by their type's archetype, the rest as TripleA does
        arche: dict[str, str] = {}
        takeover: set[str] = set()  # canTakeOverOwnedTerritory: Global 1940's Dutch lands
        for a in g.attachments:
            if a.type == "relationship" or a.java_class.endswith("RelationshipTypeAttachment"):
                props = _options(a)
                at = props.get("archeType")
                if at:
                    arche[a.attach_to] = at.strip().lower()
                if str(props.get("canTakeOverOwnedTerritory", "")).strip().lower() == "true":
                    takeover.add(a.attach_to)
        rel_types: dict[str, list[str]] = {}
        players = list(self.pack.nations)
        for r in g.relationships:
            p1, p2, typ = r["player1"], r["player2"], r["type"]
            for p in (p1, p2):
                if p not in self.pack.nations:
                    raise self.fail(f"relationship names unknown player '{p}'")
            status = STATUS_OF_ARCHETYPE.get(arche.get(typ, "war"), "war")
            sc.set_relation(p1, p2, status)
            key = "|".join(sorted((p1, p2)))
            rel_types[key] = [typ, r.get("roundValue", "")]
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                if sc.relation(a, b) is None:
                    same = bool(_alliances_of(g, a) & _alliances_of(g, b))
                    sc.set_relation(a, b, "aligned" if same else "war")
        # ownership
        owners: dict[int, str] = {}
        for terr, owner in g.owners:
            zid = self.zid.get(terr)
            if zid is None:
                raise self.fail(f"territoryOwner names unknown territory '{terr}'")
            if owner not in self.pack.nations:
                raise self.fail(f"territoryOwner of '{terr}' names unknown player '{owner}'")
            owners[zid] = owner
        originals: dict[int, str] = {}
        for terr, ta in self.attachments["territory"].items():
            oo = _options(ta).get("originalOwner")
            if oo:
                if oo not in self.pack.nations:
                    raise self.fail(f"originalOwner of '{terr}' names unknown player '{oo}'")
                originals[self.zid[terr]] = oo
        for zid in sorted(set(owners) | set(originals)):
            sc.ownership[zid] = Ownership(owners.get(zid), originals.get(zid))
        # banks and other resources
        for player, res, qty in g.resources_given:
            if player not in self.pack.nations:
                raise self.fail(f"resourceGiven names unknown player '{player}'")
            if res == "PUs":
                sc.banks[player] = sc.banks.get(player, 0) + _int(qty, "resourceGiven", self.gpath)
        # politics, national objectives, triggers, victory: the condition language
        tr = translate_rules(
            g,
            self.zid,
            set(self.pack.nations),
            self.facility_units,
            lambda name: slug(name, "alliance"),
            self.frontier_units,
            {p: set(self.rules.nation_rules(p).can_buy or ()) for p in self.pack.nations}
            if self.rules is not None
            else {},
        )
        scope = ScenarioWorld(self.pack, sc, self.rules)
        for obj in tr.objectives:
            errors = check_objective(obj, scope)
            if errors:  # a translation the condition language refuses: named, not played
                tr.unmapped.append(f"{obj.props.get('triplea', obj.id)}: {errors[0]}")
                continue
            sc.objectives[obj.id] = obj
        sc.options.update(tr.options)
        sc.props["relation_types"] = {
            **{k: v[0] for k, v in sorted(rel_types.items())},
            "@status": {t: STATUS_OF_ARCHETYPE.get(a, "war") for t, a in sorted(arche.items())},
        }
        if takeover:
            sc.props["takeover_relation_types"] = sorted(takeover)
        if any(
            _options(ta).get("victoryCity") not in (None, "0", "false")
            for ta in self.attachments["territory"].values()
        ):
            # a game that ends at a round limit without the game's own victory: the
            # side holding more of its victory cities (TripleA's measure of the war)
            sc.options.setdefault("round_limit_winner", "victory_cities")
        kept: dict[str, int] = {}
        for obj in tr.objectives:
            if obj.id in sc.objectives:
                k = (
                    obj.kind
                    if obj.kind != "event"
                    else ("political" if obj.props.get("check") == "political" else "trigger")
                )
                kept[k] = kept.get(k, 0) + 1
        self.report.rules = dict(sorted(kept.items()))
        self.report.unmapped = list(tr.unmapped)
        unplayed = rm.unplayed_unit_options(self.attachments["unit"])
        if unplayed:
            self.report.unmapped.append("unit options not played: " + "; ".join(unplayed))
        # what Warroom does not model, verbatim
        # (a shallow copy: the parts replaced here are rebuilt from the model on export)
        keep = dataclasses.replace(
            g,
            connections=[],
            removed_connections=[],
            owners=[],
            # (ownerless facility units are facilities: written back from the model)
            placements=[
                p
                for p in g.placements
                if not p.get("owner") and p.get("unitType") not in self.facility_units
            ],
            resources_given=[r for r in g.resources_given if r[1] != "PUs"],
            relationships=[],
            properties=[p for p in g.properties if p.name != "mapName"],
        )
        # mapName is the map folder's name: kept only where it is not what the exporter
        # derives from the map's name anyway
        title = (self.folder.yml or {}).get("map_name") or self.folder.root.name
        map_prop = next((i for i, p in enumerate(g.properties) if p.name == "mapName"), None)
        sc.props["triplea"] = {
            "game": keep.to_json(),
            "relationship_types": rel_types,
            "base_ruleset": self.base_ruleset,
            "xml_file": self.gpath.name,
            "map_name": None
            if map_prop is None or g.properties[map_prop].value == slug(title, "map")
            else g.properties[map_prop].value,
            "map_name_index": map_prop or 0,
        }

    # -- units and facilities
    def _facilities_and_units(self) -> None:
        g = self.game
        sc = self.sc
        standing: dict[int, int] = {}
        for i, p in enumerate(g.placements):
            utype, terr = p["unitType"], p["territory"]
            zid = self.zid.get(terr)
            if zid is None:
                raise self.fail(f"unitPlacement {i + 1} names unknown territory '{terr}'")
            if utype not in g.units:
                raise self.fail(f"unitPlacement {i + 1} names unknown unit type '{utype}'")
            owner = p.get("owner")
            if owner and owner not in self.pack.nations:
                raise self.fail(f"unitPlacement {i + 1} names unknown player '{owner}'")
            qty = _int(p.get("quantity"), f"unitPlacement {i + 1} quantity", self.gpath, 1)
            if qty < 0:
                raise self.fail(f"unitPlacement {i + 1}: negative quantity {qty}")
            extra = {
                k: v
                for k, v in p.items()
                if k not in ("unitType", "territory", "quantity", "owner")
            }
            if utype in self.facility_units:
                zone_owner = sc.owner_of(zid)
                for _ in range(qty):
                    fid = self.m.next_id("facilities")
                    f = Facility(fid, zid, utype)
                    f.damage = _int(p.get("unitDamage"), "unitDamage", self.gpath)
                    if not owner:
                        f.props["unowned"] = True
                    elif owner != zone_owner:
                        f.owner = owner
                    if "hitsTaken" in extra:
                        f.props["hits_taken"] = extra["hitsTaken"]
                    self.m.facilities[fid] = f
                continue
            if not owner:
                if self.rules.units.get(utype) and self.rules.units[utype].domain == "land":
                    standing[zid] = standing.get(zid, 0) + qty
                continue
            st = UnitStack(zid, owner, utype, qty)
            ht = _int(p.get("hitsTaken"), "hitsTaken", self.gpath)
            if ht:
                st.props["damage"] = ht
            if p.get("unitDamage"):
                st.props["unit_damage"] = _int(p.get("unitDamage"), "unitDamage", self.gpath)
            sc.units.append(st)
        for zid, n in standing.items():
            self.m.zones[zid].props["standing_army"] = n

    # -- territoryAttachment
    def _territory_attributes(self) -> None:
        for terr, ta in self.attachments["territory"].items():
            zid = self.zid[terr]
            z = self.m.zones[zid]
            o = _options(ta)
            z.value = _int(o.get("production"), f"production of '{terr}'", self.gpath)
            cap = o.get("capital")
            if cap:
                if cap not in self.pack.nations:
                    raise self.fail(f"capital of '{terr}' names unknown player '{cap}'")
                z.set_flag("capital")
                nat = self.pack.nations[cap]
                if z.kind == "impassable":
                    # an impassable territory (Global 1940's Chinese capital in the
                    # Himalayas, "until the engine supports capitals not on the map"):
                    # a capital nobody can take; Warroom plays it as none on the map
                    z.props["capital_of"] = cap
                    self.notes.append(
                        f"the capital of {cap} is '{terr}', impassable: played as no "
                        "capital on the map (never lost)"
                    )
                elif nat.capital is None:
                    nat.capital = zid
                else:
                    z.props["capital_of"] = cap
            vc = (
                _int(o.get("victoryCity"), f"victoryCity of '{terr}'", self.gpath)
                if (o.get("victoryCity", "").strip().lower() not in ("true", "false"))
                else (1 if _true(o.get("victoryCity")) else 0)
            )
            if vc:
                z.set_flag("victory_city")
                if vc != 1:
                    z.props["victory_points"] = vc
            if _true(o.get("convoyRoute")):
                z.set_flag("convoy")
            if _true(o.get("kamikazeZone")):
                z.props["kamikaze"] = True
            effects = [e for e in (o.get("territoryEffect") or "").split(":") if e]
            for e in effects:
                if e not in self.game.territory_effects:
                    raise self.fail(f"territoryEffect of '{terr}' names unknown effect '{e}'")
            if effects:
                z.terrain = effects[0]
                if len(effects) > 1:
                    z.props["terrain_effects"] = effects
            for opt, ftype in (("navalBase", "naval_base"), ("airBase", "air_base")):
                if _true(o.get(opt)):
                    fid = self.m.next_id("facilities")
                    self.m.facilities[fid] = Facility(fid, zid, ftype, props={"triplea": opt})
        for n in self.pack.nations.values():
            n.home_zones = sorted(
                z for z, o in self.sc.ownership.items() if (o.original or o.owner) == n.id
            )

    # -- canals, connections, adjacency
    def _canals_and_adjacency(self) -> None:
        from gamecore.geometry.adjacency import map_adjacency

        g = self.game
        m = self.m
        by_name: dict[str, list[tuple[int, Attachment]]] = {}
        for a in self.attachments["canal"]:
            zid = self.zid.get(a.attach_to)
            if zid is None:
                raise self.fail(f"canalAttachment attached to unknown territory '{a.attach_to}'")
            cname = _options(a).get("canalName") or a.name
            by_name.setdefault(cname, []).append((zid, a))
        for cname, members in by_name.items():
            zones = sorted({z for z, _ in members})
            if len(zones) != 2:
                self.notes.append(
                    f"canal '{cname}' is attached to {len(zones)} sea zone(s), not 2; skipped"
                )
                continue
            land = _options(members[0][1]).get("landTerritories") or ""
            ctrl = []
            for t in land.split(":"):
                if not t:
                    continue
                zid = self.zid.get(t)
                if zid is None:
                    raise self.fail(f"canal '{cname}' names unknown territory '{t}'")
                ctrl.append(zid)
            lid = m.next_id("links")
            link = Link(lid, "canal", zones[0], zones[1], name=cname, controllers=ctrl, rule="all")
            excl = _options(members[0][1]).get("excludedUnits")
            if excl:
                link.props["exempt"] = [u for u in excl.split(":") if u]
            m.links[lid] = link
        # the XML's connections (minus remove-connection)
        want: set[tuple[int, int]] = set()
        for a, b in g.connections:
            za, zb = self.zid[a], self.zid[b]
            if za != zb:
                want.add((min(za, zb), max(za, zb)))
        for a, b in g.removed_connections:
            za, zb = self.zid[a], self.zid[b]
            want.discard((min(za, zb), max(za, zb)))
        self.progress("computing adjacency", 0.8)
        base = map_adjacency(m)
        have = {(a, b) for a, nb in base.items() for b in nb if a < b}
        geo_only = map_adjacency(
            Map(width=m.width, height=m.height, wrap_x=m.wrap_x, zones=m.zones)
        )
        geo = {(a, b) for a, nb in geo_only.items() for b in nb if a < b}
        self.report.connections = len(want)
        self.report.border_connections = len(want & geo)
        name = lambda z: m.zones[z].name  # noqa: E731
        for a, b in sorted(want - have):
            lid = m.next_id("links")
            m.links[lid] = Link(lid, "connection", a, b)
            self.report.links_added.append(f"connection {name(a)!r} - {name(b)!r}")
        for a, b in sorted(have - want):
            lid = m.next_id("links")
            m.links[lid] = Link(lid, "not_adjacent", a, b)
            self.report.overrides_added.append(f"not adjacent {name(a)!r} - {name(b)!r}")
        final = map_adjacency(m)
        got = {(a, b) for a, nb in final.items() for b in nb if a < b}
        self.report.adjacency_equal = got == want
        # naval bases serve the sea zones next to them
        for f in m.facilities.values():
            if f.type == "naval_base" and f.props.get("triplea") == "navalBase":
                f.serves = sorted(z for z in final.get(f.zone, ()) if m.zones[z].is_water)

    # -- images
    def _images(self) -> None:
        content = self.folder.content
        m = self.m
        count = 0
        for sub in ("baseTiles", "reliefTiles"):
            d = content / sub
            if d.is_dir():
                tiles, notes = img.read_tiles(d, m.next_id("images"), self._present)
                self.notes.extend(notes)
                for t in tiles:
                    m.images[t.id] = t
                count += len(tiles)
        if not (content / "baseTiles").is_dir():
            full = self._full_image()
            if full is not None:
                for t in img.tiles_from_image(full, m.next_id("images")):
                    m.images[t.id] = t
                    count += 1
        fdir = content / "flags"
        if fdir.is_dir():
            for p in sorted(fdir.iterdir()):
                if p.suffix.lower() in (".png", ".gif", ".jpg", ".jpeg") and self._present(p):
                    try:
                        bg = img.image_from_file(
                            p, f"flags/{p.name}", m.next_id("images"), visible=False
                        )
                    except img.DamagedImage as err:
                        self.notes.append(f"flags/{p.name}: {err.message}; skipped")
                        continue
                    if _generated_flag(bg.data, p.stem, self.pack.nations):
                        continue  # a plain flag Warroom made on export: made again next time
                    m.images[bg.id] = bg
                    count += 1
                    nat = self.pack.nations.get(p.stem)
                    if nat is not None:
                        nat.flag_image = bg.id
        udir = content / "units"
        colours = {k: n.colour for k, n in self.pack.nations.items()}
        if udir.is_dir():
            for p in sorted(udir.rglob("*")):
                if p.suffix.lower() in (".png", ".gif") and self._present(p):
                    rel = p.relative_to(content).as_posix()
                    try:
                        bg = img.image_from_file(p, rel, m.next_id("images"), visible=False)
                    except img.DamagedImage as err:
                        self.notes.append(f"{rel}: {err.message}; skipped")
                        continue
                    if unitart.is_generated(rel, bg.data, colours):
                        continue  # a chip Warroom drew on export: drawn again next time
                    m.images[bg.id] = bg
                    count += 1
        self.report.images = count
        skipped = [
            d.name
            for d in sorted(content.iterdir())
            if d.is_dir() and d.name not in ("baseTiles", "reliefTiles", "flags", "units", "games")
        ]
        if skipped:
            self.notes.append("folders not imported: " + ", ".join(skipped))

    # -- pack meta
    def _meta(self) -> None:
        yml = self.folder.yml or {}
        self.m.name = yml.get("map_name") or self.folder.root.name
        kept = [
            [k, v]
            for k, v in self.props_in
            if k not in MODELLED_PROPERTIES
            and not k.startswith("color.")
            and not k.startswith("warroom.")
        ]
        colours_missing = [
            k for k, _ in self.props_in if k.startswith("color.") and k[6:] not in self.pack.nations
        ]
        kept += [[k, self.mprops[k]] for k in colours_missing]
        meta: dict[str, Any] = {"map_properties": kept}
        if yml and (str(yml.get("version", "1")) not in ("", "1") or yml.get("extra")):
            meta["map_yml"] = {
                "version": yml.get("version", ""),
                "extra": [list(x) for x in yml.get("extra", [])],
            }
        self.pack.meta["title"] = self.report.game_name
        self.pack.meta["source"] = "TripleA"
        self.pack.meta["triplea"] = meta


def _prune_base(raw: dict, removed: set[str], nations: set[str]) -> dict[str, dict[str, Any]]:
    """Override tables that keep the base ruleset's terrain, border effects and nation
    rules valid once the unit types the game does not have are removed: a modifier for a
    removed unit is removed (``{remove = true}``), a list loses the removed names, and the
    rules of a nation the game does not have go altogether (technologies keep what they
    unlock that is left)."""
    out: dict[str, dict[str, Any]] = {}

    def pruned(value: Any) -> Any:
        if isinstance(value, dict):
            over: dict[str, Any] = {}
            for k, v in value.items():
                if k in removed:
                    over[k] = {"remove": True}
                    continue
                sub = pruned(v)
                if sub is not None:
                    over[k] = sub
            return over or None
        if isinstance(value, list):
            kept = cleaned(value)
            return kept if kept != value else None
        return None

    def cleaned(value: Any) -> Any:  # a list replaces the base's: written out in full
        if isinstance(value, list):
            return [cleaned(x) for x in value if not (isinstance(x, str) and x in removed)]
        if isinstance(value, dict):
            return {k: cleaned(v) for k, v in value.items() if k not in removed}
        return value

    options = raw.get("options")
    if isinstance(options, dict) and removed:
        over = {k: v for k, v in ((k, pruned(v)) for k, v in options.items()) if v is not None}
        if over:
            out["options"] = over
    for section in ("terrain", "borders", "nations", "technologies"):
        tables = raw.get(section)
        if not isinstance(tables, dict):
            continue
        for tid, table in tables.items():
            name = rm.table_name(section, tid)
            if section == "nations" and tid not in nations:
                out[name] = {"remove": True}
                continue
            over = pruned(table) if removed else None
            if over:
                out[name] = over
    return out


def _generated_flag(data: bytes, stem: str, nations: dict) -> bool:
    for suffix, size in (("", (32, 24)), ("_small", (16, 12)), ("_large", (64, 48))):
        if suffix and not stem.endswith(suffix):
            continue
        n = nations.get(stem[: len(stem) - len(suffix)] if suffix else stem)
        if n is not None and data == img.flag_png(n.colour, size):
            return True
    return False


def _alliances_of(g: Game, player: str) -> set[str]:
    return {al for p, al in g.alliances if p == player}


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _unit_table(uid: str, f: dict[str, Any], base) -> dict[str, Any]:
    """The TOML table of one unit: every field given, so nothing of a base unit with the
    same id leaks in (maps are neutralised key by key, a bomber's dice by "0d6")."""
    t: dict[str, Any] = {"name": uid.replace("_", " ").capitalize()}
    for k in (
        "domain",
        "cost",
        "attack",
        "defense",
        "movement",
        "hits",
        "transport_capacity",
        "transport_cost",
        "carrier_capacity",
        "carrier_cost",
        "aa_shots",
        "aa_value",
        "bombard",
    ):
        t[k] = f.get(k, 0)
    t["aa_targets"] = ["air"]
    t["cannot_target"] = f.get("cannot_target", [])
    t["hidden_from"] = f.get("hidden_from", [])
    t["support"] = f.get("support", [])
    t["blitz_with"] = []
    t["bombing_targets"] = f.get("bombing_targets", [])
    t["air_battle"] = 0
    t["convoy_dice"] = 0
    t["flags"] = f.get("flags", [])
    bu = base.units.get(uid) if base is not None else None
    if f.get("bombing"):
        t["bombing"] = f["bombing"]
    elif bu is not None and bu.bombing is not None:
        t["bombing"] = "0d6"
    nc = dict(f.get("nation_costs", {}))
    if bu is not None:
        for k in bu.nation_costs:
            nc.setdefault(k, t["cost"])
        if bu.damaged:
            t["damaged"] = {k: t.get(k, 0) for k in bu.damaged}
    if nc:
        t["nation_costs"] = nc
    return t
