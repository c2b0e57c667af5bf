"""What every part of the TripleA importer shares: its options and report, the
constants and small helpers, and :class:`_ImportBase` (the importer's state)."""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamecore import safepath
from gamecore.errors import ImportFormatError, WarroomError
from gamecore.interop.triplea import images as img
from gamecore.interop.triplea import rulesmap as rm
from gamecore.interop.triplea.gamexml import Attachment, Game
from gamecore.interop.triplea.import_folder import (
    MapFolder,
)
from gamecore.model import Map, Pack

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
#: key Warroom writes in map.properties: the territories whose polygon in polygons.txt is
#: a placeholder it wrote for an off-map box (TripleA needs a polygon for every territory);
#: names separated by "|". The importer reads them back as boxes without a shape.
BOXES_KEY = "warroom.offmap_boxes"
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
    #: game options stored in the pack (``triplea.<property>``) that no rule plays
    unplayed_options: list[str] = field(default_factory=list)
    #: options where the base ruleset's value differed from TripleA's (set to TripleA's)
    defaults_differ: list[str] = field(default_factory=list)
    #: the base ruleset's options TripleA has no property for: played with its values
    base_options: list[str] = field(default_factory=list)
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
        if self.unplayed_options:
            out.append(
                f"{len(self.unplayed_options)} game options stored, not played: "
                + "; ".join(self.unplayed_options)
            )
        out += [f"default: {d}" for d in self.defaults_differ]
        if self.base_options:
            out.append(
                "played with the base ruleset's values (no TripleA property): "
                + ", ".join(self.base_options)
            )
        out += [f"note: {n}" for n in self.notes]
        return out

    def to_json(self) -> dict[str, Any]:
        out = dict(self.__dict__)
        out.pop("handbook_lines")
        return out


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


class _ImportBase:
    """The importer's state, the game file it reads and the checks every part uses."""

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

    def _present(self, path: Path) -> bool:
        """Whether a map file is there to read; one that is there but leads out of the
        map folder, or is not a regular file, stops the import (untrusted input)."""
        if not os.path.lexists(path):
            return False
        safepath.readable_inside(self.folder.root, path, path.name)
        return True


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
    # the base's mechanisms that name its own unit types (Global War's artillery towed by
    # motorized_infantry, seaplanes hitting only some types): TripleA has none of them,
    # and the game may lack the types they name
    t["towed_by"] = []
    t["towed_movement"] = 0
    t["hits_only"] = []
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
