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

import hashlib
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import shapely

from gamecore import safepath
from gamecore.errors import UnsafePathError, WarroomError
from gamecore.geometry.adjacency import map_adjacency
from gamecore.interop.triplea import images as img
from gamecore.interop.triplea import mapfiles as mf
from gamecore.interop.triplea import rulesmap as rm
from gamecore.interop.triplea import unitart
from gamecore.interop.triplea.gamexml import (
    Attachment,
    Game,
    GamePlay,
    Production,
    Property,
    Rule,
    Step,
    write_game,
)
from gamecore.interop.triplea.importer import HASH_KEY, MODELLED_PROPERTIES, POINT_FILES, slug
from gamecore.interop.triplea.pixelgeom import (
    coverage_to_rings,
    pixel_extent_problem,
    snap_to_pixels,
)
from gamecore.interop.triplea.triplea19 import fit_attachments, names_of
from gamecore.model import Pack, Scenario, Zone, in_scenario

__all__ = ["ExportOptions", "ExportReport", "export_triplea"]

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


def export_triplea(
    pack: Pack, folder: str | Path, options: ExportOptions | None = None
) -> ExportReport:
    """Write ``pack`` (one scenario of it) as a TripleA map folder."""
    return _Exporter(pack, Path(folder), options or ExportOptions()).run()


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


class _Exporter:
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

    # ------------------------------------------------------------------ the game
    def _game(self) -> Game:
        base = self.base
        g = Game()
        if base is not None:
            g.info = dict(base.info)
            g.loader = base.loader
            g.min_version = base.min_version
            g.technology = base.technology
            g.unknown = [list(x) for x in base.unknown]
            g.held_units = [dict(h) for h in base.held_units]
        g.info["name"] = self.sc.name
        g.info.setdefault("version", "1.0")
        if self.rules.dice != 6 or (base is not None and base.dice_sides is not None):
            g.dice_sides = str(self.rules.dice)
        zones = self.m.zones
        water = {zid for zid, z in zones.items() if z.is_water}
        g.territories = [[self.tname[zid], zid in water] for zid in sorted(zones)]
        self.report.territories = len(g.territories)
        adj = map_adjacency(self.m)
        pairs = sorted((a, b) for a, nb in adj.items() for b in nb if a < b)
        g.connections = [[self.tname[a], self.tname[b]] for a, b in pairs]
        self.report.connections = len(pairs)
        self.adjacency = adj
        g.resources = list(base.resources) if base is not None and base.resources else []
        if "PUs" not in g.resources:
            g.resources.insert(0, "PUs")
        self._players(g)
        g.units = [self.uname[u] for u in self._unit_ids()]
        self._relationship_types(g)
        self._effects(g)
        self._gameplay(g)
        self._production(g)
        self._attachments(g)
        self._initialize(g)
        self._properties(g)
        # what 1.9's setters and validate() refuse (read from its classes): left out
        self.losses.extend(fit_attachments(g.attachments, names_of(g)))
        g.attachments = [a for a in g.attachments if a.options]
        return g

    def _players(self, g: Game) -> None:
        order: list[str] = []
        if self.base is not None:
            order = [
                p.get("name", "") for p in self.base.players if p.get("name") in self.pack.nations
            ]
        order += [n for n in self.pack.nations if n not in order]
        for nid in order:
            n = self.pack.nations[nid]
            attrs = {"name": self.pname[nid]}
            extra = n.props.get("triplea")
            if isinstance(extra, dict):
                attrs.update({k: str(v) for k, v in extra.items() if k != "name"})
            elif n.kind == "neutral" or not n.playable:
                attrs["defaultType"] = "DoesNothing"
            g.players.append(attrs)
        for al in self.sc.alliances.values():
            for member in al.members:
                if member in self.pname:
                    g.alliances.append([self.pname[member], al.name])

    def _relationship_types(self, g: Game) -> None:
        self.arche: dict[str, str] = {}
        self.rel_attachments: list[Attachment] = []
        if self.base is not None and self.base.relationship_types:
            g.relationship_types = list(self.base.relationship_types)
            for a in self.base.attachments:
                if a.java_class.endswith("RelationshipTypeAttachment"):
                    at = a.get("archeType")
                    if at:
                        self.arche[a.attach_to] = at.strip().lower()
        for archetype, name in (("war", "War"), ("allied", "Allied"), ("neutral", "Neutral")):
            if archetype in self.arche.values():
                continue
            if not self._needs_archetype(archetype):
                continue
            tname = name if name not in self.ids_used else f"{name}_relation"
            self.ids_used.add(tname)
            g.relationship_types.append(tname)
            self.arche[tname] = archetype
            self.rel_attachments.append(
                Attachment(
                    "relationshipTypeAttachment",
                    tname,
                    ATT + "RelationshipTypeAttachment",
                    "relationship",
                    [["archeType", archetype, ""]],
                )
            )

    def _needs_archetype(self, archetype: str) -> bool:
        for (a, b), rel in self.sc.relations.items():
            if a in self.pname and b in self.pname and self._written_relation(a, b, rel.status):
                if ARCHETYPE_OF_STATUS.get(rel.status, "war") == archetype:
                    return True
        return False

    def _default_status(self, a: str, b: str) -> str:
        same = any(a in al.members and b in al.members for al in self.sc.alliances.values())
        return "aligned" if same else "war"

    def _written_relation(self, a: str, b: str, status: str) -> bool:
        key = "|".join(sorted((a, b)))
        stored = (self.stored.get("relationship_types") or {}).get(key)
        if stored and self.arche.get(stored[0]) == ARCHETYPE_OF_STATUS.get(status):
            return True
        return ARCHETYPE_OF_STATUS.get(status) != ARCHETYPE_OF_STATUS[self._default_status(a, b)]

    def _effects(self, g: Game) -> None:
        effects = list(self.base.territory_effects) if self.base is not None else []
        for z in self.m.zones.values():
            for t in [z.terrain, *z.props.get("terrain_effects", [])]:
                if t and t not in effects and t not in ("clear", "sea"):
                    effects.append(t)
        self.effect_name = {}
        for e in effects:
            if self.base is not None and e in self.base.territory_effects:
                self.effect_name[e] = e
                self.ids_used.add(e)
            else:
                self.effect_name[e] = _xml_name(e, self.ids_used, "effect")
        g.territory_effects = [self.effect_name[e] for e in effects]

    # ------------------------------------------------------------------ gamePlay
    def _turn_order(self) -> list[str]:
        return [n for slot in self.sc.turn_order for n in slot if n in self.pname]

    def _gameplay(self, g: Game) -> None:
        base = self.base
        want = self._turn_order()
        if not want:
            want = [
                n for n, nat in self.pack.nations.items() if nat.playable and nat.kind != "neutral"
            ]
        if base is not None and base.gameplay.steps:
            seen = base.gameplay.player_order()
            if seen == [self.pname[n] for n in want if n in self.pname] or not self.sc.turn_order:
                g.gameplay = base.gameplay
                return
            self.notes.append("turn order changed: a standard step list was generated")
        g.gameplay = self._standard_gameplay([self.pname[n] for n in want])

    def _standard_gameplay(self, players: list[str]) -> GamePlay:
        delegates = [
            ("initDelegate", "InitializationDelegate", "Initializing Delegates"),
            ("tech", "TechnologyDelegate", "Research Technology"),
            ("tech_activation", "TechActivationDelegate", "Activate Technology"),
            ("battle", "BattleDelegate", "Combat"),
            ("move", "MoveDelegate", "Combat Move"),
            ("place", "PlaceDelegate", "Place Units"),
            ("purchase", "PurchaseDelegate", "Purchase Units"),
            ("endTurn", "EndTurnDelegate", "Turn Complete"),
            ("endRound", "EndRoundDelegate", "Round Complete"),
            ("politics", "PoliticsDelegate", "Politics"),
        ]
        gp = GamePlay()
        for name, cls, display in delegates:
            gp.delegates.append({"name": name, "javaClass": DEL + cls, "display": display})
        gp.steps.append(Step({"name": "gameInitDelegate", "delegate": "initDelegate"}))
        phases = self.rules.phases
        for p in players:
            key = re.sub(r"[^A-Za-z0-9]", "", p)
            for ph in phases:
                if ph == "purchase":
                    gp.steps.append(
                        Step({"name": f"{key}Purchase", "delegate": "purchase", "player": p})
                    )
                elif ph == "politics":
                    gp.steps.append(
                        Step({"name": f"{key}Politics", "delegate": "politics", "player": p})
                    )
                elif ph == "combat_move":
                    gp.steps.append(
                        Step({"name": f"{key}CombatMove", "delegate": "move", "player": p})
                    )
                elif ph == "combat":
                    gp.steps.append(
                        Step({"name": f"{key}Battle", "delegate": "battle", "player": p})
                    )
                elif ph == "noncombat_move":
                    gp.steps.append(
                        Step(
                            {
                                "name": f"{key}NonCombatMove",
                                "delegate": "move",
                                "player": p,
                                "display": "Non Combat Move",
                            }
                        )
                    )
                elif ph == "place":
                    gp.steps.append(Step({"name": f"{key}Place", "delegate": "place", "player": p}))
                elif ph == "collect_income":
                    gp.steps.append(
                        Step({"name": f"{key}EndTurn", "delegate": "endTurn", "player": p})
                    )
        gp.steps.append(Step({"name": "endRoundStep", "delegate": "endRound"}))
        # step names are XML IDs too
        for s in gp.steps:
            s.attrs["name"] = _xml_name(s.attrs["name"], self.ids_used, "step")
        for d in gp.delegates:
            self.ids_used.add(d["name"])
        return gp

    # ------------------------------------------------------------------ production
    def _production(self, g: Game) -> None:
        rules = self.rules
        buyable = [u for u in self._unit_ids() if u in rules.units and rules.units[u].cost > 0]
        buyable += [
            u
            for u in self._unit_ids()
            if u not in rules.units
            and (ft := rules.facility_type(u))
            and ft.cost > 0
            and ft.buildable
        ]
        if self.base is not None and self.base.production is not None:
            p = Production()
            b = self.base.production
            p.rules = [
                Rule(r.name, [list(c) for c in r.costs], [list(x) for x in r.results])
                for r in b.rules
            ]
            p.repair_rules = b.repair_rules
            p.repair_frontiers = b.repair_frontiers
            p.frontiers = [[n, list(rs)] for n, rs in b.frontiers]
            p.player_production = [
                list(x) for x in b.player_production if x[0] in self.pname.values()
            ]
            p.player_repair = [list(x) for x in b.player_repair if x[0] in self.pname.values()]
            players_of: dict[str, list[str]] = {}
            for pl, fr in p.player_production:
                players_of.setdefault(fr, []).append(pl)

            def pus(r) -> tuple[int | None, int]:
                qty = r.results[0][1] if r.results else "1"
                q = max(1, int(qty) if qty.lstrip("-").isdigit() else 1)
                for c in r.costs:
                    if c[0] == "PUs":
                        v = c[1].strip()
                        return (int(v) if v.lstrip("-").isdigit() else None), q
                return None, q

            # the cost the import read for a unit: its first rule's (per unit bought)
            first = rm.price_rules(b)
            read_cost = {}
            for r in b.rules:
                if len(r.results) == 1 and first.get(r.results[0][0]) == r.name:
                    have, q = pus(r)
                    if have is not None:
                        read_cost[r.results[0][0]] = -(-have // q)
            for r in p.rules:
                if len(r.results) != 1 or r.results[0][0] not in self.uname.values():
                    continue
                uid = next(k for k, v in self.uname.items() if v == r.results[0][0])
                have, qty = pus(r)
                cost = self._cost(uid, None)
                users = [
                    pl
                    for fr, pls in players_of.items()
                    if r.name in dict(p.frontiers).get(fr, [])
                    for pl in pls
                ]
                other = not users or uid not in rules.units  # (facilities: one cost)
                if other and first.get(r.results[0][0]) != r.name and have is not None:
                    # a frontier no player starts with (an industrial-technology discount),
                    # or a nation's own price of a facility: it moves with the unit's
                    # price, the difference stays
                    delta = cost - read_cost.get(r.results[0][0], cost)
                    if delta:
                        _set_pus(r, max(0, have + delta * qty))
                    continue
                costs = {self._cost(uid, self._nation_of(pl)) for pl in users} or {cost}
                if len(costs) == 1:
                    cost = costs.pop()
                if not any(c[0] == "PUs" for c in r.costs):
                    continue  # paid in other resources only: not a price Warroom models
                if have is None or -(-have // qty) != cost:  # the import's reading
                    _set_pus(r, cost * qty)
            have = {r.results[0][0] for r in p.rules if len(r.results) == 1}
            for u in buyable:
                if self.uname[u] not in have:
                    rule = self._rule_for(u, None, p)
                    for fr in p.frontiers:
                        fr[1].append(rule.name)
                    self.notes.append(f"unit '{u}' added to every production frontier")
            g.production = p
            return
        if not buyable:
            return
        p = Production()
        main = []
        for u in buyable:
            main.append(self._rule_for(u, None, p).name)
        frontier = _xml_name("production", self.ids_used, "frontier")
        p.frontiers.append([frontier, main])
        for nid in self.pack.nations:
            nr = rules.nation_rules(nid)
            special = [
                u
                for u in buyable
                if nid in (rules.units[u].nation_costs if u in rules.units else {})
            ]
            if nr.can_buy is None and not special:
                p.player_production.append([self.pname[nid], frontier])
                continue
            allowed = [u for u in buyable if nr.can_buy is None or u in nr.can_buy]
            names = []
            for u in allowed:
                if u in special:
                    names.append(self._rule_for(u, nid, p).name)
                else:
                    names.append(next(r.name for r in p.rules if r.results[0][0] == self.uname[u]))
            fname = _xml_name(f"production{self.pname[nid]}", self.ids_used, "frontier")
            p.frontiers.append([fname, names])
            p.player_production.append([self.pname[nid], fname])
        g.production = p

    def _nation_of(self, player: str) -> str | None:
        for k, v in self.pname.items():
            if v == player:
                return k
        return None

    def _cost(self, uid: str, nation: str | None) -> int:
        t = self.rules.units.get(uid)
        if t is not None:
            return t.cost_for(nation) if nation else t.cost
        ft = self.rules.facility_type(uid)
        return ft.cost if ft is not None else 0

    def _rule_for(self, uid: str, nation: str | None, p: Production) -> Rule:
        base = "buy" + self.uname[uid][:1].upper() + self.uname[uid][1:]
        if nation:
            base += self.pname[nation]
        name = _xml_name(base, self.ids_used, "rule")
        r = Rule(name, [["PUs", str(self._cost(uid, nation))]], [[self.uname[uid], "1"]])
        p.rules.append(r)
        return r

    # ------------------------------------------------------------------ attachments
    def _attachments(self, g: Game) -> None:
        out: list[Attachment] = []
        done_units: set[str] = set()
        done_zones: set[int] = set()
        done_canals: set[int] = set()
        last = {"unit": -1, "territory": -1, "canal": -1}
        zone_of_old = {}
        if self.base is not None:
            for i, (old, _w) in enumerate(self.base.territories, 1):
                zone_of_old[old] = i
        canal_links = {lid: lk for lid, lk in self.m.links.items() if lk.kind == "canal"}
        base_atts = self.base.attachments if self.base is not None else []
        supportable = self._supportable()
        # a game may attach the same attachment twice (Napoleonic Empires' Caucasus):
        # TripleA keeps the last, so only that one is written from the model
        last_of = {(a.kind, a.name, a.attach_to): i for i, a in enumerate(base_atts)}
        for i, a in enumerate(base_atts):
            kind = a.kind
            if (
                kind in ("unit", "territory")
                and a.name in ("unitAttachment", "territoryAttachment")
                and last_of[(kind, a.name, a.attach_to)] != i
            ):
                opts = [[o[0], self._rename(o[1]), o[2]] for o in a.options]
                out.append(
                    Attachment(a.name, self._rename(a.attach_to), a.java_class, a.type, opts)
                )
                continue
            if kind == "unit" and a.name == "unitAttachment":
                uid = a.attach_to
                if uid not in self.uname:
                    self.notes.append(f"unitAttachment of removed unit '{uid}' dropped")
                    continue
                if uid in self.rules.units:
                    opts, notes = rm.unit_options_patch(
                        a.options, self.rules.units[uid], self.rules.dice, supportable
                    )
                    self.losses.extend(notes)
                else:
                    opts = [list(o) for o in a.options]
                out.append(Attachment(a.name, self.uname[uid], a.java_class, a.type, opts))
                done_units.add(uid)
                last["unit"] = len(out) - 1
            elif kind == "territory" and a.name == "territoryAttachment":
                zid = zone_of_old.get(a.attach_to)
                if zid is None or zid not in self.m.zones:
                    self.notes.append(
                        f"territoryAttachment of removed territory '{a.attach_to}' dropped"
                    )
                    continue
                opts = self._territory_options(zid, a.options)
                out.append(Attachment(a.name, self.tname[zid], a.java_class, a.type, opts))
                done_zones.add(zid)
                last["territory"] = len(out) - 1
            elif kind == "canal" and a.name.startswith("canalAttachment"):
                zid = zone_of_old.get(a.attach_to)
                cname = a.get("canalName") or a.name
                link = next(
                    (lk for lk in canal_links.values() if lk.name == cname and zid in (lk.a, lk.b)),
                    None,
                )
                if link is None:
                    self.notes.append(f"canal '{cname}' no longer exists; its attachment dropped")
                    continue
                opts = [list(o) for o in a.options]
                _set(opts, "canalName", link.name or cname)
                _set(
                    opts,
                    "landTerritories",
                    ":".join(self.tname[c] for c in link.controllers if c in self.tname),
                )
                exempt = link.props.get("exempt")
                if exempt:
                    _set(opts, "excludedUnits", ":".join(self.uname.get(u, u) for u in exempt))
                out.append(Attachment(a.name, self.tname[zid], a.java_class, a.type, opts))
                done_canals.add(link.id)
                last["canal"] = len(out) - 1
            else:
                opts = [[o[0], self._rename(o[1]), o[2]] for o in a.options]
                out.append(
                    Attachment(a.name, self._rename(a.attach_to), a.java_class, a.type, opts)
                )
        # new attachments, each family after its last member
        new_units = []
        for uid in self._unit_ids():
            if uid in done_units:
                continue
            if uid in self.rules.units:
                opts, notes = rm.unit_options_patch(
                    [], self.rules.units[uid], self.rules.dice, supportable
                )
                self.losses.extend(notes)
            else:
                opts = self._facility_options(uid)
            new_units.append(
                Attachment(
                    "unitAttachment", self.uname[uid], ATT + "UnitAttachment", "unitType", opts
                )
            )
        known_zones = set(zone_of_old.values())
        new_terr = []
        for zid in sorted(self.m.zones):
            if zid in done_zones:
                continue
            z = self.m.zones[zid]
            opts = self._territory_options(zid, [])
            if opts or (zid not in known_zones and not z.is_water):
                if not opts:
                    opts = [["production", "0", ""]]
                new_terr.append(
                    Attachment(
                        "territoryAttachment",
                        self.tname[zid],
                        ATT + "TerritoryAttachment",
                        "territory",
                        opts,
                    )
                )
        new_canals = []
        for lid, lk in canal_links.items():
            if lid in done_canals or lk.a not in self.tname or lk.b not in self.tname:
                continue
            cname = lk.name or f"Canal {lid}"
            for zid in (lk.a, lk.b):
                opts = [
                    ["canalName", cname, ""],
                    [
                        "landTerritories",
                        ":".join(self.tname[c] for c in lk.controllers if c in self.tname),
                        "",
                    ],
                ]
                if lk.props.get("exempt"):
                    opts.append(
                        [
                            "excludedUnits",
                            ":".join(self.uname.get(u, u) for u in lk.props["exempt"]),
                            "",
                        ]
                    )
                new_canals.append(
                    Attachment(
                        f"canalAttachment{slug(cname).title().replace('_', '')}",
                        self.tname[zid],
                        ATT + "CanalAttachment",
                        "territory",
                        opts,
                    )
                )
            if not lk.controllers:
                self.notes.append(
                    f"canal '{cname}' has no controlling territories (TripleA needs some)"
                )
        # insert from the back so earlier positions stay valid
        inserts = sorted(
            [
                (last["unit"], 0, new_units),
                (max(last["territory"], last["unit"]), 1, new_terr),
                (max(last["canal"], last["territory"], last["unit"]), 2, new_canals),
            ],
            key=lambda t: (t[0], t[1]),
            reverse=True,
        )
        for pos, _k, items in inserts:
            out[pos + 1 : pos + 1] = items
        out = self.rel_attachments + out + self._effect_attachments(base_atts)
        g.attachments = self._known_to_triplea_19(out)

    def _known_to_triplea_19(self, atts: list[Attachment]) -> list[Attachment]:
        """The attachments without the options TripleA 1.9's parser does not know (it
        refuses the whole game for one of them, "misspelled or exist only in a future
        version"): a game written for a newer TripleA, or a Warroom rule such as first
        strike without submerging, loses them, and the report lists each as a loss."""
        dropped: dict[tuple[str, str], list[str]] = {}
        for a in atts:
            known = rm.TRIPLEA_19_OPTIONS.get(a.java_class.rsplit(".", 1)[-1])
            if known is None:
                continue
            keep = [o for o in a.options if o[0] in known]
            if len(keep) != len(a.options):
                for o in a.options:
                    if o[0] not in known:
                        dropped.setdefault((a.java_class.rsplit(".", 1)[-1], o[0]), []).append(
                            a.attach_to
                        )
                a.options = keep
        for (cls, name), where in sorted(dropped.items()):
            shown = ", ".join(sorted(set(where))[:3]) + (" ..." if len(set(where)) > 3 else "")
            self.losses.append(
                f"{cls} option '{name}' ({shown}) is not known to TripleA 1.9: dropped"
            )
        # every unit type needs its unitAttachment (fit_attachments gives an empty one an
        # option that changes nothing)
        return [a for a in atts if a.options or a.java_class.endswith(".UnitAttachment")]

    def _effect_attachments(self, base_atts) -> list[Attachment]:
        """A territoryEffectAttachment for every territory effect the base game did not
        give one (TripleA's battle code asks every effect of a territory for its
        attachment and dies without it): the terrain's combat modifiers per unit type
        and its no-blitz rule; what TripleA cannot express is reported as a loss."""
        have = {a.attach_to for a in base_atts if a.name == "territoryEffectAttachment"}
        out: list[Attachment] = []
        for tid, ename in self.effect_name.items():
            if ename in have:
                continue
            t = self.rules.terrain.get(tid)
            opts: list[list[str]] = []
            if t is not None:
                for option, table in (
                    ("combatOffenseEffect", t.attack),
                    ("combatDefenseEffect", t.defense),
                ):
                    by_value: dict[int, list[str]] = {}
                    for uid in self._unit_ids():
                        u = self.rules.units.get(uid)
                        if u is None:
                            continue
                        v = table.get(uid, table.get(u.domain, 0))
                        if v:
                            by_value.setdefault(v, []).append(self.uname[uid])
                    for v, names in sorted(by_value.items()):
                        opts.append([option, ":".join(names), str(v)])
                if t.no_blitz:
                    blitzers = [
                        self.uname[u]
                        for u in self._unit_ids()
                        if u in self.rules.units and self.rules.units[u].blitz
                    ]
                    if blitzers:
                        opts.append(["noBlitz", ":".join(blitzers), ""])
                lost = [
                    what
                    for what, on in (
                        (f"move cost {t.move_cost}", t.move_cost != 1),
                        ("slow movement", t.slow),
                        ("defender target selection", bool(t.defense_target_selection)),
                        (f"breakdown on {t.breakdown}", bool(getattr(t, "breakdown", 0))),
                    )
                    if on
                ]
                if lost:
                    self.losses.append(f"terrain '{tid}': {', '.join(lost)} (TripleA has none)")
            units = [self.uname[u] for u in self._unit_ids() if u in self.rules.units]
            if not opts and units:  # game.dtd wants an option: "no modifier", said once
                opts.append(["combatOffenseEffect", units[0], "0"])
            out.append(
                Attachment(
                    "territoryEffectAttachment",
                    ename,
                    ATT + "TerritoryEffectAttachment",
                    "territoryEffect",
                    opts,
                )
            )
        return out

    def _extra_capitals(self) -> dict[int, str]:
        """Capitals TripleA needs that the pack does not name (zone -> nation): every
        player that owns territories needs one (TripleA's battle code looks up the
        capital of a territory's owner when the territory is taken, and dies on a player
        without any, such as a neutral nation). Its most valuable zone is used. Only for
        packs not imported from TripleA: an imported game is written as it was."""
        if hasattr(self, "_capitals_added"):
            return self._capitals_added
        added: dict[int, str] = {}
        if self.base is None:
            has = {n for n, nat in self.pack.nations.items() if nat.capital in self.m.zones}
            taken = {nat.capital for nat in self.pack.nations.values()}
            for zid, z in self.m.zones.items():
                if z.has_flag("capital") and z.props.get("capital_of") in self.pack.nations:
                    has.add(z.props["capital_of"])
                    taken.add(zid)
            owned: dict[str, list[int]] = {}
            for zid, o in sorted(self.sc.ownership.items()):
                if o.owner in self.pname and zid in self.m.zones and not self.m.zones[zid].is_water:
                    owned.setdefault(o.owner, []).append(zid)
            for nid, zones in owned.items():
                zones = [z for z in zones if z not in taken]
                if nid in has or not zones:
                    continue
                zid = max(zones, key=lambda z: (self.m.zones[z].value, -z))
                added[zid] = nid
                self.notes.append(
                    f"{nid} has no capital; '{self.m.zones[zid].name}' is its capital in "
                    "TripleA (TripleA needs one for every player that owns territories)"
                )
        self._capitals_added = added
        return added

    def _supportable(self) -> list[str]:
        return []

    def _facility_options(self, ftype: str) -> list[list[str]]:
        ft = self.rules.facility_type(ftype)
        opts = [
            ["movement", "0", ""],
            ["attack", "0", ""],
            ["defense", "0", ""],
            ["isInfrastructure", "true", ""],
            ["isConstruction", "true", ""],
            ["constructionType", ftype, ""],
            ["constructionsPerTerrPerTypePerTurn", "1", ""],
            ["maxConstructionsPerTypePerTerr", "1", ""],
        ]
        if ft is not None:
            if ft.production:
                opts.append(["canProduceUnits", "true", ""])
                opts.append(["canProduceXUnits", str(ft.production), ""])
            if ft.max_damage:
                opts += [["canBeDamaged", "true", ""], ["maxDamage", str(ft.max_damage), ""]]
            if ft.scramble or ft.air_move_bonus:
                opts.append(["isAirBase", "true", ""])
        return opts

    def _territory_options(self, zid: int, options: list[list[str]]) -> list[list[str]]:
        """territoryAttachment options: ``options`` with the modelled ones set from the
        zone (unchanged when they already agree, so a round trip writes them back as they
        were)."""
        z: Zone = self.m.zones[zid]
        out = [[o[0], self._rename(o[1]), o[2]] for o in options]
        have = {o[0]: o[1] for o in out}

        def agree(name: str, value: str | None, implied) -> None:
            if implied(have.get(name)) != implied(value):
                _set(out, name, value)

        as_int = lambda v: int(v) if v and v.strip().lstrip("-").isdigit() else 0  # noqa: E731
        as_bool = lambda v: bool(v) and v.strip().lower() == "true"  # noqa: E731
        agree("production", str(z.value) if z.value else None, as_int)
        cap = None
        for nid, n in self.pack.nations.items():
            if n.capital == zid:
                cap = self.pname[nid]
        if cap is None and zid in self._extra_capitals():
            cap = self.pname[self._extra_capitals()[zid]]
        if cap is None and z.has_flag("capital") and z.props.get("capital_of") in self.pname:
            cap = self.pname[z.props["capital_of"]]
        agree("capital", cap, lambda v: v or None)
        vc = (z.props.get("victory_points") or 1) if z.has_flag("victory_city") else 0

        def vc_of(v):
            if v is None:
                return 0
            if v.strip().lower() in ("true", "false"):
                return 1 if v.strip().lower() == "true" else 0
            return as_int(v)

        agree("victoryCity", str(vc) if vc else None, vc_of)
        own = self.sc.ownership.get(zid)
        orig = self.pname.get(own.original) if own and own.original else None
        agree("originalOwner", orig, lambda v: v or None)
        agree("convoyRoute", "true" if z.has_flag("convoy") else None, as_bool)
        agree("kamikazeZone", "true" if z.props.get("kamikaze") else None, as_bool)
        agree("isImpassable", "true" if z.kind == "impassable" else None, as_bool)
        effects = list(z.props.get("terrain_effects") or [])
        if not effects or effects[0] != z.terrain:
            effects = [z.terrain] if z.terrain and z.terrain not in ("clear", "sea") else []
        names = ":".join(self.effect_name.get(e, e) for e in effects) or None
        agree("territoryEffect", names, lambda v: v or None)
        for opt, ftype in (("navalBase", "naval_base"), ("airBase", "air_base")):
            has = any(
                f.zone == zid and f.type == ftype and f.props.get("triplea") == opt
                for f in self.m.facilities.values()
            )
            agree(opt, "true" if has else None, as_bool)
        return out

    # ------------------------------------------------------------------ initialize
    def _initialize(self, g: Game) -> None:
        sc = self.sc
        g.has_initialize = True
        for zid in sorted(sc.ownership):
            o = sc.ownership[zid]
            if zid in self.tname and o.owner in self.pname:
                g.owners.append([self.tname[zid], self.pname[o.owner]])
        for st in sc.units:
            if (
                st.zone not in self.tname
                or st.nation not in self.pname
                or st.unit_type not in self.uname
            ):
                self.notes.append(
                    f"unit stack {st.count} {st.unit_type} in zone {st.zone} skipped (unknown)"
                )
                continue
            if st.count <= 0:
                continue
            p = {
                "unitType": self.uname[st.unit_type],
                "territory": self.tname[st.zone],
                "quantity": str(st.count),
                "owner": self.pname[st.nation],
            }
            if st.props.get("damage"):
                p["hitsTaken"] = str(int(st.props["damage"]))
            if st.props.get("unit_damage"):
                p["unitDamage"] = str(int(st.props["unit_damage"]))
            g.placements.append(p)
        for fid in sorted(self.m.facilities):
            f = self.m.facilities[fid]
            if f.props.get("triplea") or f.zone not in self.tname or f.type not in self.uname:
                continue
            if not in_scenario(f.props, sc.id):
                continue  # a facility of another scenario on the same map
            p = {"unitType": self.uname[f.type], "territory": self.tname[f.zone], "quantity": "1"}
            owner = f.owner or sc.owner_of(f.zone)
            if owner in self.pname and not f.props.get("unowned"):
                p["owner"] = self.pname[owner]
            if f.props.get("hits_taken"):
                p["hitsTaken"] = str(f.props["hits_taken"])
            if f.damage:
                p["unitDamage"] = str(f.damage)
            g.placements.append(p)
        if self.base is not None:
            for p in self.base.placements:  # units owned by no one, kept verbatim
                q = dict(p)
                q["territory"] = self._rename(q.get("territory", ""))
                g.placements.append(q)
        elif any("standing_army" in z.props for z in self.m.zones.values()):
            typ = self.rules.options.get("standing_army_unit", "infantry")
            if typ in self.uname:
                for zid in sorted(self.m.zones):
                    n = self.m.zones[zid].props.get("standing_army")
                    o = sc.owner_of(zid)
                    if o is not None and o in self.pack.nations:
                        if self.pack.nations[o].kind != "neutral":
                            continue  # as in the engine: only a neutral zone has one
                    if isinstance(n, int) and n > 0:
                        g.placements.append(
                            {
                                "unitType": self.uname[typ],
                                "territory": self.tname[zid],
                                "quantity": str(n),
                            }
                        )
        for nid, amount in sc.banks.items():
            if nid in self.pname:
                g.resources_given.append([self.pname[nid], "PUs", str(amount)])
        if self.base is not None:
            g.resources_given += [list(r) for r in self.base.resources_given if r[1] != "PUs"]
        stored = self.stored.get("relationship_types") or {}
        by_arche: dict[str, str] = {}
        for t in g.relationship_types:
            by_arche.setdefault(self.arche.get(t, ""), t)
        for (a, b), rel in sorted(sc.relations.items()):
            if (
                a not in self.pname
                or b not in self.pname
                or not self._written_relation(a, b, rel.status)
            ):
                continue
            arche = ARCHETYPE_OF_STATUS.get(rel.status, "war")
            key = "|".join(sorted((a, b)))
            typ, rv = stored.get(key, [None, "0"])
            if typ is None or self.arche.get(typ) != arche:
                typ, rv = by_arche.get(arche), "0"
            if typ is None:
                self.notes.append(f"no relationship type for {rel.status} ({a}-{b}); skipped")
                continue
            g.relationships.append(
                {
                    "player1": self.pname[a],
                    "player2": self.pname[b],
                    "type": typ,
                    "roundValue": rv or "0",
                }
            )

    # ------------------------------------------------------------------ properties
    def _properties(self, g: Game) -> None:
        opts = self.rules.options
        props: list[Property] = []
        seen = set()
        base_props = self.base.properties if self.base is not None else []
        for p in base_props:
            q = Property(dict(p.attrs), p.kind, dict(p.kind_attrs), p.text)
            v = rm.option_to_property(p.name, opts)
            key = rm.OPTION_PREFIX + p.name
            generic = rm.generic_option(p)
            if v is None and generic is not None and key in opts and generic[1] != opts[key]:
                v = rm.option_text(opts[key])
            if v is not None and v != p.value.strip().lower():
                if q.text is not None:
                    q.text = v
                else:
                    q.attrs["value"] = v
            props.append(q)
            seen.add(p.name)
        at = min(int(self.stored.get("map_name_index") or 0), len(props))
        props.insert(at, Property({"name": "mapName", "value": self.map_name, "editable": "false"}))
        for name in rm.PROPERTY_OPTIONS:
            if name in seen:
                continue
            v = rm.option_to_property(name, opts)
            key = rm.PROPERTY_OPTIONS[name][0]
            from gamecore.rules.ruleset import DEFAULT_OPTIONS

            if v is not None and (
                key not in DEFAULT_OPTIONS
                or opts.get(key) != DEFAULT_OPTIONS[key]
                or self.base is None
            ):
                if self.base is not None:
                    continue  # not in the original game: TripleA's default stands
                props.append(_typed_property(name, v))
        g.properties = props

    # ------------------------------------------------------------------ files
    def _scaled(self, g):
        s = self.scale
        if s == 1.0 or g is None:
            return g
        return shapely.affinity.scale(g, s, s, origin=(0, 0))

    def _point_files(self, content: Path) -> str:
        s = self.scale
        geoms = {
            zid: self._scaled(z.geometry)
            for zid, z in self.m.zones.items()
            if z.geometry is not None
        }
        kinds = {zid: z.kind for zid, z in self.m.zones.items()}
        xy = shapely.get_coordinates(list(geoms.values())) if geoms else None
        if xy is not None and (xy != np.round(xy)).any():
            # a map not drawn in whole pixels: round it as a coverage (shared vertices alike,
            # crossings the rounding makes repaired locally)
            snapped, ok, _made = snap_to_pixels(geoms, kinds)
            if ok:
                geoms = {z: g for z, g in snapped.items() if g is not None and not g.is_empty}
                lost = sorted(
                    set(self.m.zones)
                    - set(geoms)
                    - {z for z, zz in self.m.zones.items() if zz.geometry is None}
                )
                if lost:
                    names = ", ".join(self.m.zones[z].name for z in lost[:5])
                    self.notes.append(f"zones too small for whole pixels: {names}")
            else:
                self.notes.append("the map could not be snapped to whole pixels; rings rounded")
        rings, notes = coverage_to_rings(geoms, kinds)
        self.notes.extend(notes)
        off = [zid for zid, rs in rings.items() for r in rs if (r < 0).any()]
        if off:
            self.notes.append(
                f"{len(set(off))} zone(s) reach left of or above the map: clipped to 0"
            )
            for zid in set(off):
                rings[zid] = [r.clip(min=0) for r in rings[zid]]
        polys = {self.tname[zid]: rings[zid] for zid in sorted(rings)}
        poly_text = mf.format_polygons(polys)
        self._write(content / "polygons.txt", poly_text)
        centers = {}
        for zid in sorted(self.m.zones):
            z = self.m.zones[zid]
            pt = z.label
            if pt is None and z.geometry is not None:
                from gamecore.geometry.queries import label_point

                pt = label_point(z.geometry)
            if pt is not None:
                centers[self.tname[zid]] = (max(0, round(pt[0] * s)), max(0, round(pt[1] * s)))
        self._write(content / "centers.txt", mf.format_points(centers))
        place = {}
        for zid in sorted(self.m.zones):
            z = self.m.zones[zid]
            tp = z.props.get("triplea") or {}
            if z.slots:
                place[self.tname[zid]] = mf.PlaceEntry(
                    [(round(x * s), round(y * s)) for x, y in z.slots],
                    tp.get("overflow_to_left"),
                )
        self._write(content / "place.txt", mf.format_place(place))
        for fname, key in POINT_FILES.items():
            pts = {}
            for zid in sorted(self.m.zones):
                tp = self.m.zones[zid].props.get("triplea") or {}
                if key in tp:
                    x, y = tp[key]
                    pts[self.tname[zid]] = (round(x * s), round(y * s))
            if pts:
                self._write(content / fname, mf.format_points(pts))
        return poly_text

    def _map_properties(self, content: Path, poly_text: str) -> None:
        s = self.scale
        self.width_px = max(1, round(self.m.width * s))
        self.height_px = max(1, round(self.m.height * s))
        items: list[tuple[str, str]] = [
            ("map.width", str(self.width_px)),
            ("map.height", str(self.height_px)),
            ("map.scrollWrapX", "true" if self.m.wrap_x else "false"),
        ]
        for nid, n in self.pack.nations.items():
            items.append((f"color.{self.pname[nid]}", n.colour.lstrip("#").upper()))
        kept = (self.pack.meta.get("triplea") or {}).get("map_properties") or []
        for k, v in kept:
            if (
                k not in MODELLED_PROPERTIES
                and not k.startswith("warroom.")
                and not (k.startswith("color.") and k[6:] in self.pname.values())
            ):
                items.append((k, v))
        digest = hashlib.sha256(poly_text.encode("utf-8")).hexdigest()
        items.append((HASH_KEY, digest))
        self._write(
            content / "map.properties",
            mf.format_properties(items, header="written by Warroom"),
        )

    def _map_yml(self) -> None:
        meta = (self.pack.meta.get("triplea") or {}).get("map_yml") or {}
        text = mf.format_map_yml(
            self.m.name or self.map_name,
            [(self.sc.name, self.report.game_file)],
            str(meta.get("version") or "1"),
        )
        self._write(self.folder / "map.yml", text)

    def _tiles(self, content: Path) -> None:
        tiles = []
        for col, row, data in img.render_tiles(self.m, self.scale, self.width_px, self.height_px):
            self._write(content / "baseTiles" / f"{col}_{row}.png", data)
            tiles.append((col, row, data))
        self.report.tiles = len(tiles)
        for col, row, data in img.render_tiles(
            self.m, self.scale, self.width_px, self.height_px, layer="relief"
        ):
            self._write(content / "reliefTiles" / f"{col}_{row}.png", data)
        self._write(content / "smallMap.jpeg", img.small_map(tiles, self.width_px, self.height_px))

    def _flags_and_units(self, content: Path) -> None:
        written = set()
        for parts, data in unitart.stored_art(self.m.images.values()):
            self._write(content.joinpath(*parts), data)
            written.add("/".join(parts))
        for nid, n in self.pack.nations.items():
            name = self.pname[nid]
            if f"flags/{name}.png" in written:
                continue
            if n.flag_image is not None and n.flag_image in self.m.images:
                self._write(content / "flags" / f"{name}.png", self.m.images[n.flag_image].data)
                continue
            self._write(content / "flags" / f"{name}.png", img.flag_png(n.colour))
            self._write(content / "flags" / f"{name}_small.png", img.flag_png(n.colour, (16, 12)))
            self._write(content / "flags" / f"{name}_large.png", img.flag_png(n.colour, (64, 48)))
        colours = {self.pname[nid]: n.colour for nid, n in self.pack.nations.items()}
        for parts, data in unitart.unit_images(colours, self.uname.values(), written):
            self._write(content.joinpath(*parts), data)


def _set(options: list[list[str]], name: str, value: str | None) -> None:
    rm._set(options, name, value)
