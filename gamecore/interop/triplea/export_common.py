"""What every part of the TripleA exporter shares: its options, report and error, the
names it writes, and :class:`_ExportBase` (the exporter's state, names and file writing)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamecore import safepath
from gamecore.errors import UnsafePathError, WarroomError
from gamecore.interop.triplea import rulesmap as rm
from gamecore.interop.triplea.gamexml import (
    Game,
    Property,
)
from gamecore.interop.triplea.importer import slug
from gamecore.interop.triplea.pixelgeom import (
    pixel_extent_problem,
)
from gamecore.model import Pack, Scenario, in_scenario

Progress = Callable[[str, float], None]
ATT = "games.strategy.triplea.attachments."
DEL = "games.strategy.triplea.delegate."
ARCHETYPE_OF_STATUS = {
    "war": "war",
    "aligned": "allied",
    "controlled": "allied",
    "peace": "neutral",
    "neutral": "neutral",
    "pact": "neutral",
}
_XML_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9._-]*$")


class ExportError(WarroomError):
    """A pack that cannot be written as a TripleA map."""


@dataclass
class ExportOptions:
    scenario: str | None = None
    scale: float | None = None  # image pixels per map unit (None: from the images, or 1)
    map_name: str | None = None  # the map folder name TripleA knows it by (mapName)
    tiles: bool = True
    force: bool = False  # write into a folder that is not empty
    progress: Progress | None = None


@dataclass
class ExportReport:
    folder: str
    scenario: str
    game_file: str
    territories: int = 0
    connections: int = 0
    tiles: int = 0
    scale: float = 1.0  # image pixels per map unit
    files: list[str] = field(default_factory=list)
    renamed: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: what the pack has that TripleA cannot express (the export plays without it)
    losses: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [
            f"exported scenario '{self.scenario}' to {self.folder}",
            f"{self.territories} territories, {self.connections} connections, "
            f"{self.tiles} base tiles, game file {self.game_file}"
            + (f", {self.scale:g} px per map unit" if self.scale != 1.0 else ""),
        ]
        out += [f"renamed {a!r} -> {b!r}" for a, b in self.renamed.items()]
        out += [f"note: {n}" for n in self.notes]
        if self.losses:
            out.append(f"exported with losses: {len(self.losses)} thing(s) TripleA cannot express")
            out += [f"lost: {x}" for x in self.losses]
        return out

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _xml_name(raw: str, used: set[str], fallback: str) -> str:
    name = raw if _XML_NAME.match(raw or "") else re.sub(r"[^A-Za-z0-9._-]", "_", raw or "")
    if not name or not re.match(r"[A-Za-z_]", name[0]):
        name = f"{fallback}_{name}" if name else fallback
    base, n = name, 2
    while name in used:
        name = f"{base}_{n}"
        n += 1
    used.add(name)
    return name


def _territory_name(raw: str, used: set[str], code: str) -> str:
    name = " ".join(raw.replace("\n", " ").replace("\r", " ").split(" ")).strip()
    name = name.replace("<", "[").replace(">", "]").replace("(", "[").replace(")", "]")
    name = name.replace("|", "/")
    if not name:
        name = code or "Territory"
    base, n = name, 2
    while name in used:
        name = f"{base} - {code}" if n == 2 and code else f"{base} {n}"
        n += 1
    used.add(name)
    return name


def _set_pus(rule, value: int) -> None:
    for c in rule.costs:
        if c[0] == "PUs":
            c[1] = str(value)
            return
    rule.costs.append(["PUs", str(value)])


def _typed_property(name: str, value: str) -> Property:
    """A game property as TripleA 1.9 reads it: a true/false value carries ``<boolean/>``
    and a whole number ``<number/>`` (without them GameParser keeps the text, and the
    engine's ``getProperty(name, false)`` dies casting a String to a Boolean)."""
    attrs = {"name": name, "value": value, "editable": "false"}
    if value in ("true", "false"):
        return Property(attrs, "boolean")
    if re.fullmatch(r"-?\d{1,9}", value):
        n = int(value)
        return Property(attrs, "number", {"min": str(min(0, n)), "max": str(max(1000, n))})
    return Property(attrs)


class _ExportBase:
    """The exporter's state: the scenario, its ruleset, the stored TripleA parts, the
    names written for territories, players and units, and the checked file writer."""

    def __init__(self, pack: Pack, folder: Path, opts: ExportOptions):
        self.pack = pack
        self.m = pack.map
        self.folder = folder
        self.opts = opts
        self.progress = opts.progress or (lambda s, f: None)
        self.sc = self._scenario()
        from gamecore.rules import load_ruleset

        self.rules = load_ruleset(self.sc.ruleset, pack).with_options(self.sc.options)
        stored = self.sc.props.get("triplea") or {}
        self.stored = stored
        self.base = Game.from_json(stored["game"]) if stored.get("game") else None
        xml_file = stored.get("xml_file") or f"{slug(self.sc.name, 'game')}.xml"
        if not isinstance(xml_file, str):
            raise ExportError(f"scenario '{self.sc.name}': the stored game file name is not text")
        try:
            parts = safepath.relative_parts(xml_file, "the scenario's TripleA game file name")
        except UnsafePathError as err:
            raise ExportError(f"scenario '{self.sc.name}': {err.message}") from None
        self.report = ExportReport(str(folder), self.sc.id, "/".join(["games", *parts]))
        self.notes = self.report.notes
        self.losses = self.report.losses
        if opts.scale is not None and opts.scale <= 0:
            raise ExportError("the scale must be positive")
        self.scale = opts.scale if opts.scale is not None else self._auto_scale()
        self.report.scale = self.scale
        geoms = [z.geometry for z in self.m.zones.values()]
        if problem := pixel_extent_problem(self.m.width, self.m.height, geoms, self.scale):
            raise ExportError(problem)

    def _auto_scale(self) -> float:
        """Pixels per map unit: the resolution of the base images, else 1 for maps of a
        reasonable pixel size, else enough to make the longer side 2000 px."""
        import io

        from PIL import Image

        if (self.pack.meta or {}).get("source") == "TripleA":
            return 1.0  # a TripleA map is in image pixels already, whatever its size
        for bg in sorted(self.m.images.values(), key=lambda b: b.id):
            if not bg.visible or not bg.data or bg.width <= 0 or "/" in bg.name.split("Tiles/")[0]:
                continue
            try:
                with Image.open(io.BytesIO(bg.data)) as im:
                    return im.size[0] / bg.width
            except Exception:  # noqa: BLE001 - an unreadable image does not decide
                continue
        longest = max(self.m.width, self.m.height)
        if longest >= 1000 or longest <= 0:
            return 1.0
        return float(round(2000.0 / longest))

    def _scenario(self) -> Scenario:
        scs = self.pack.scenarios
        if self.opts.scenario is not None:
            sc = scs.get(self.opts.scenario)
            if sc is None:
                known = ", ".join(scs) or "none"
                raise ExportError(f"no scenario '{self.opts.scenario}' in the pack ({known})")
            return sc
        if not scs:
            raise ExportError("the pack has no scenario to export")
        if len(scs) > 1:
            raise ExportError(
                f"the pack has {len(scs)} scenarios, choose one with --scenario: " + ", ".join(scs)
            )
        return next(iter(scs.values()))

    # ------------------------------------------------------------------ names
    def _names(self) -> None:
        used: set[str] = set()
        self.tname: dict[int, str] = {}
        for zid in sorted(self.m.zones):
            z = self.m.zones[zid]
            self.tname[zid] = _territory_name(z.name, used, z.code)
            if self.tname[zid] != z.name:
                self.report.renamed[z.name] = self.tname[zid]
        ids: set[str] = set()
        self.pname: dict[str, str] = {}
        for nid in self.pack.nations:
            self.pname[nid] = _xml_name(nid, ids, "Player")
            if self.pname[nid] != nid:
                self.report.renamed[nid] = self.pname[nid]
        self.uname: dict[str, str] = {}
        for uid in self._unit_ids():
            self.uname[uid] = _xml_name(uid, ids, "unit")
            if self.uname[uid] != uid:
                self.report.renamed[uid] = self.uname[uid]
        self.ids_used = ids
        # renames of territories the verbatim parts still call by their old names
        self.token_map: dict[str, str] = {}
        if self.base is not None:
            for i, (old, _water) in enumerate(self.base.territories, 1):
                new = self.tname.get(i)
                if new is not None and new != old:
                    self.token_map[old] = new

    def _unit_ids(self) -> list[str]:
        fac = {
            f.type
            for f in self.m.facilities.values()
            if not f.props.get("triplea") and in_scenario(f.props, self.sc.id)
        }
        order: list[str] = []
        if self.base is not None:
            # facility types of the game stay units even when none is placed at the start
            # (Global 1940's factory_upgrade is only bought): production rules name them
            fac |= {u for u in self.base.units if u in self.rules.facility_types}
            order = [u for u in self.base.units if u in self.rules.units or u in fac]
        order += [u for u in self.rules.units if u not in order]
        order += [t for t in sorted(fac) if t not in order]
        self.facility_units = fac
        return order

    def _rename(self, text: str) -> str:
        if not self.token_map or not text:
            return text
        if text in self.token_map:
            return self.token_map[text]
        if ":" in text:
            return ":".join(self.token_map.get(t, t) for t in text.split(":"))
        return text

    def _prepare_folder(self) -> None:
        f = self.folder
        if f.exists() and not f.is_dir():
            raise ExportError("is not a folder", f)
        try:
            if f.is_dir() and any(f.iterdir()) and not self.opts.force:
                raise ExportError("the folder is not empty (use --force to write into it)", f)
            for sub in ("map/baseTiles", "map/reliefTiles"):
                old = f / sub
                if old.is_symlink():
                    old.unlink()  # a link is replaced, never followed
                elif old.is_dir():
                    shutil.rmtree(old)
            f.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise ExportError(f"cannot prepare the folder: {err.strerror or err}", f) from None

    def _write(self, path: Path, text: str | bytes) -> None:
        """Writes one file of the export. Every path is checked to stay inside the
        export folder (names come partly from the pack, which is untrusted), and an
        existing symbolic link is replaced rather than written through."""
        try:
            safepath.check_inside(self.folder, path.parent, "export")
            path.parent.mkdir(parents=True, exist_ok=True)
            safepath.check_inside(self.folder, path.parent, "export")
            if path.is_symlink():
                path.unlink()
        except UnsafePathError as err:
            raise ExportError(err.message, path) from None
        except OSError as err:
            raise ExportError(f"cannot write: {err.strerror or err}", path) from None
        try:
            if isinstance(text, bytes):
                path.write_bytes(text)
            else:
                path.write_text(text, encoding="utf-8", newline="\n")
        except OSError as err:
            raise ExportError(f"cannot write: {err.strerror or err}", path) from None
        self.report.files.append(path.relative_to(self.folder).as_posix())

    @property
    def map_name(self) -> str:
        if self.opts.map_name:
            return self.opts.map_name
        if self.stored.get("map_name"):
            return str(self.stored["map_name"])
        return slug(self.m.name or self.folder.name, "map")


def _set(options: list[list[str]], name: str, value: str | None) -> None:
    rm._set(options, name, value)
