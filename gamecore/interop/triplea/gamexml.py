"""The TripleA game XML as plain data: :class:`Game`, read by :func:`read_game` and written
by :func:`write_game` in the element order of TripleA's ``game.dtd``.

The model is close to the XML: every element the DTD knows has a place, attribute values
stay strings, and the few parts that are kept whole (``technology``, elements unknown to
the DTD) are stored as their XML text. ``Game.to_json`` / ``Game.from_json`` give a
JSON-able form, which is how a pack keeps what Warroom does not model.
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

from gamecore.interop.triplea.variables import expand_variables
from gamecore.interop.triplea.xmlsafe import XmlDoc, attr, element_text, text_escape

__all__ = [
    "DTD_ORDER",
    "Attachment",
    "Game",
    "GamePlay",
    "Production",
    "Property",
    "Rule",
    "Step",
    "read_game",
    "write_game",
]

#: top-level elements of <game>, in the order of TripleA's game.dtd
DTD_ORDER = (
    "info",
    "loader",
    "triplea",
    "diceSides",
    "map",
    "resourceList",
    "playerList",
    "unitList",
    "relationshipTypes",
    "territoryEffectList",
    "gamePlay",
    "production",
    "technology",
    "attachmentList",
    "initialize",
    "propertyList",
)
DEFAULT_LOADER = "games.strategy.triplea.TripleA"


@dataclass
class Step:
    attrs: dict[str, str]  # name, delegate, player, maxRunCount, display
    props: list[list[str]] = field(default_factory=list)  # stepProperty [name, value]

    @property
    def name(self) -> str:
        return self.attrs.get("name", "")

    @property
    def delegate(self) -> str:
        return self.attrs.get("delegate", "")

    @property
    def player(self) -> str | None:
        return self.attrs.get("player")


@dataclass
class GamePlay:
    delegates: list[dict[str, str]] = field(default_factory=list)  # name, javaClass, display
    steps: list[Step] = field(default_factory=list)
    offset: str | None = None

    def delegate_class(self, name: str) -> str:
        for d in self.delegates:
            if d.get("name") == name:
                return d.get("javaClass", "")
        return ""

    def player_order(self) -> list[str]:
        """The players in the order of their turns: by their first step that runs every
        round. Steps run once (``maxRunCount``: the bid steps before round 1, which 3G40
        lists in another order) do not set the order; a player with only such steps
        comes after the others."""
        order: list[str] = []
        for once in (False, True):
            for s in self.steps:
                if s.player and s.player not in order and bool(s.attrs.get("maxRunCount")) == once:
                    order.append(s.player)
        return order


@dataclass
class Rule:
    name: str
    costs: list[list[str]] = field(default_factory=list)  # [resource, quantity]
    results: list[list[str]] = field(default_factory=list)  # [resourceOrUnit, quantity]


@dataclass
class Production:
    rules: list[Rule] = field(default_factory=list)
    repair_rules: list[Rule] = field(default_factory=list)
    repair_frontiers: list[list[Any]] = field(default_factory=list)  # [name, [rule, ...]]
    frontiers: list[list[Any]] = field(default_factory=list)  # [name, [rule, ...]]
    player_production: list[list[str]] = field(default_factory=list)  # [player, frontier]
    player_repair: list[list[str]] = field(default_factory=list)


@dataclass
class Attachment:
    name: str
    attach_to: str
    java_class: str
    type: str = "unitType"
    options: list[list[str]] = field(default_factory=list)  # [name, value, count]

    def get(self, option: str, default: str | None = None) -> str | None:
        for o in self.options:
            if o[0] == option:
                return o[1]
        return default

    @property
    def kind(self) -> str:
        """unit / territory / canal / other, by javaClass (or the attachment name)."""
        cls = self.java_class.rsplit(".", 1)[-1]
        if cls == "UnitAttachment" or (not cls and self.name == "unitAttachment"):
            return "unit"
        if cls == "TerritoryAttachment":
            return "territory"
        if cls == "CanalAttachment":
            return "canal"
        return "other"


@dataclass
class Property:
    attrs: dict[str, str]  # name, value, editable, player
    kind: str | None = None  # boolean / string / file / number / color / list / combo
    kind_attrs: dict[str, str] = field(default_factory=dict)
    text: str | None = None  # the <value> child

    @property
    def name(self) -> str:
        return self.attrs.get("name", "")

    @property
    def value(self) -> str:
        return self.text if self.text is not None else self.attrs.get("value", "")


@dataclass
class Game:
    info: dict[str, str] = field(default_factory=lambda: {"name": "", "version": "1.0"})
    loader: str = DEFAULT_LOADER
    min_version: str | None = None
    dice_sides: str | None = None
    territories: list[list[Any]] = field(default_factory=list)  # [name, water: bool]
    connections: list[list[str]] = field(default_factory=list)
    removed_connections: list[list[str]] = field(default_factory=list)
    grids: list[str] = field(default_factory=list)  # XML text (not supported by the importer)
    resources: list[str] = field(default_factory=list)
    players: list[dict[str, str]] = field(default_factory=list)
    alliances: list[list[str]] = field(default_factory=list)  # [player, alliance]
    units: list[str] = field(default_factory=list)
    relationship_types: list[str] = field(default_factory=list)
    territory_effects: list[str] = field(default_factory=list)
    gameplay: GamePlay = field(default_factory=GamePlay)
    production: Production | None = None
    technology: str | None = None  # XML text
    attachments: list[Attachment] = field(default_factory=list)
    owners: list[list[str]] = field(default_factory=list)  # [territory, owner]
    placements: list[dict[str, str]] = field(default_factory=list)
    held_units: list[dict[str, str]] = field(default_factory=list)
    resources_given: list[list[str]] = field(default_factory=list)  # [player, resource, qty]
    relationships: list[dict[str, str]] = field(default_factory=list)
    properties: list[Property] = field(default_factory=list)
    has_initialize: bool = False
    unknown: list[list[str]] = field(default_factory=list)  # [after tag, XML text]

    # -- lookups
    def property(self, name: str) -> Property | None:
        for p in self.properties:
            if p.name == name:
                return p
        return None

    def player_names(self) -> list[str]:
        return [p.get("name", "") for p in self.players]

    # -- JSON form
    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        data = dict(data)
        gp = data.get("gameplay") or {}
        data["gameplay"] = GamePlay(
            delegates=[dict(d) for d in gp.get("delegates", [])],
            steps=[
                Step(dict(s["attrs"]), [list(p) for p in s.get("props", [])])
                for s in gp.get("steps", [])
            ],
            offset=gp.get("offset"),
        )
        prod = data.get("production")
        if prod is not None:
            data["production"] = Production(
                rules=[Rule(**r) for r in prod.get("rules", [])],
                repair_rules=[Rule(**r) for r in prod.get("repair_rules", [])],
                repair_frontiers=prod.get("repair_frontiers", []),
                frontiers=prod.get("frontiers", []),
                player_production=prod.get("player_production", []),
                player_repair=prod.get("player_repair", []),
            )
        data["attachments"] = [Attachment(**a) for a in data.get("attachments", [])]
        data["properties"] = [Property(**p) for p in data.get("properties", [])]
        known = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


# ---------------------------------------------------------------------------- reading
def _req(doc: XmlDoc, el: ET.Element, name: str) -> str:
    v = el.get(name)
    if v is None:
        raise doc.error(el, f"<{el.tag}> has no '{name}' attribute")
    return v


def _bool(v: str | None, default: bool = False) -> bool:
    if v is None:
        return default
    return v.strip().lower() == "true"


def read_game(doc: XmlDoc) -> Game:
    """The :class:`Game` of a parsed game XML (errors name the file and line)."""
    root = doc.root
    if root.tag != "game":
        raise doc.error(root, f"the root element is <{root.tag}>, not <game> (not a TripleA game)")
    expand_variables(doc)  # TripleA 2.x: variables, foreach, short class names
    g = Game()
    g.info = {}
    last_known = ""
    seen: set[str] = set()
    for el in root:
        tag = el.tag
        if not isinstance(tag, str):
            continue
        if tag not in DTD_ORDER:
            g.unknown.append([last_known, element_text(el)])
            continue
        if tag in seen and tag not in ("map",):
            raise doc.error(el, f"<{tag}> appears twice")
        seen.add(tag)
        last_known = tag
        reader = _READERS[tag]
        reader(doc, el, g)
    if "info" not in seen:
        raise doc.error(root, "no <info> element (not a TripleA game)")
    if "map" not in seen:
        raise doc.error(root, "no <map> element")
    return g


def _r_info(doc, el, g: Game) -> None:
    _req(doc, el, "name")
    g.info = dict(el.attrib)


def _r_loader(doc, el, g: Game) -> None:
    g.loader = _req(doc, el, "javaClass")


def _r_triplea(doc, el, g: Game) -> None:
    g.min_version = _req(doc, el, "minimumVersion")


def _r_dice(doc, el, g: Game) -> None:
    g.dice_sides = _req(doc, el, "value")


def _r_map(doc, el, g: Game) -> None:
    for child in el:
        if child.tag == "territory":
            name = _req(doc, child, "name")
            g.territories.append([name, _bool(child.get("water"))])
        elif child.tag == "connection":
            g.connections.append([_req(doc, child, "t1"), _req(doc, child, "t2")])
        elif child.tag == "remove-connection":
            g.removed_connections.append([_req(doc, child, "t1"), _req(doc, child, "t2")])
        elif child.tag == "grid":
            g.grids.append(element_text(child))
        elif isinstance(child.tag, str):
            raise doc.error(child, f"unexpected <{child.tag}> in <map>")


def _names(doc, el, tag: str) -> list[str]:
    out = []
    for child in el:
        if child.tag == tag:
            out.append(_req(doc, child, "name"))
        elif isinstance(child.tag, str):
            raise doc.error(child, f"unexpected <{child.tag}> in <{el.tag}>")
    return out


def _r_resources(doc, el, g: Game) -> None:
    g.resources = _names(doc, el, "resource")


def _r_players(doc, el, g: Game) -> None:
    for child in el:
        if child.tag == "player":
            _req(doc, child, "name")
            g.players.append(dict(child.attrib))
        elif child.tag == "alliance":
            g.alliances.append([_req(doc, child, "player"), _req(doc, child, "alliance")])
        elif isinstance(child.tag, str):
            raise doc.error(child, f"unexpected <{child.tag}> in <playerList>")


def _r_units(doc, el, g: Game) -> None:
    g.units = _names(doc, el, "unit")


def _r_reltypes(doc, el, g: Game) -> None:
    g.relationship_types = _names(doc, el, "relationshipType")


def _r_effects(doc, el, g: Game) -> None:
    g.territory_effects = _names(doc, el, "territoryEffect")


def _r_gameplay(doc, el, g: Game) -> None:
    gp = GamePlay()
    for child in el:
        if child.tag == "delegate":
            _req(doc, child, "name")
            _req(doc, child, "javaClass")
            gp.delegates.append(dict(child.attrib))
        elif child.tag == "sequence":
            for step in child:
                if step.tag != "step":
                    if isinstance(step.tag, str):
                        raise doc.error(step, f"unexpected <{step.tag}> in <sequence>")
                    continue
                _req(doc, step, "name")
                _req(doc, step, "delegate")
                props = [
                    [_req(doc, p, "name"), _req(doc, p, "value")]
                    for p in step
                    if p.tag == "stepProperty"
                ]
                gp.steps.append(Step(dict(step.attrib), props))
        elif child.tag == "offset":
            gp.offset = _req(doc, child, "round")
        elif isinstance(child.tag, str):
            raise doc.error(child, f"unexpected <{child.tag}> in <gamePlay>")
    g.gameplay = gp


def _rule(doc, el) -> Rule:
    r = Rule(_req(doc, el, "name"))
    for c in el:
        if c.tag == "cost":
            r.costs.append([_req(doc, c, "resource"), _req(doc, c, "quantity")])
        elif c.tag == "result":
            r.results.append([_req(doc, c, "resourceOrUnit"), _req(doc, c, "quantity")])
    return r


def _r_production(doc, el, g: Game) -> None:
    p = Production()
    for c in el:
        if c.tag == "productionRule":
            p.rules.append(_rule(doc, c))
        elif c.tag == "repairRule":
            p.repair_rules.append(_rule(doc, c))
        elif c.tag in ("productionFrontier", "repairFrontier"):
            sub = "frontierRules" if c.tag == "productionFrontier" else "repairRules"
            rules = [_req(doc, r, "name") for r in c if r.tag == sub]
            (p.frontiers if c.tag == "productionFrontier" else p.repair_frontiers).append(
                [_req(doc, c, "name"), rules]
            )
        elif c.tag == "playerProduction":
            p.player_production.append([_req(doc, c, "player"), _req(doc, c, "frontier")])
        elif c.tag == "playerRepair":
            p.player_repair.append([_req(doc, c, "player"), _req(doc, c, "frontier")])
        elif isinstance(c.tag, str):
            raise doc.error(c, f"unexpected <{c.tag}> in <production>")
    g.production = p


def _r_technology(doc, el, g: Game) -> None:
    g.technology = element_text(el)


def _r_attachments(doc, el, g: Game) -> None:
    for a in el:
        if a.tag != "attachment":
            if isinstance(a.tag, str):
                raise doc.error(a, f"unexpected <{a.tag}> in <attachmentList>")
            continue
        att = Attachment(
            _req(doc, a, "name"),
            _req(doc, a, "attachTo"),
            _req(doc, a, "javaClass"),
            a.get("type", "unitType"),
        )
        for o in a:
            if o.tag == "option":
                att.options.append(
                    [_req(doc, o, "name"), _req(doc, o, "value"), o.get("count", "")]
                )
        g.attachments.append(att)


def _r_initialize(doc, el, g: Game) -> None:
    g.has_initialize = True
    for part in el:
        if part.tag == "ownerInitialize":
            for t in part:
                if t.tag == "territoryOwner":
                    g.owners.append([_req(doc, t, "territory"), _req(doc, t, "owner")])
        elif part.tag == "unitInitialize":
            for u in part:
                if u.tag == "unitPlacement":
                    for k in ("unitType", "territory", "quantity"):
                        _req(doc, u, k)
                    g.placements.append(dict(u.attrib))
                elif u.tag == "heldUnits":
                    g.held_units.append(dict(u.attrib))
        elif part.tag == "resourceInitialize":
            for r in part:
                if r.tag == "resourceGiven":
                    g.resources_given.append(
                        [_req(doc, r, "player"), _req(doc, r, "resource"), _req(doc, r, "quantity")]
                    )
        elif part.tag == "relationshipInitialize":
            for r in part:
                if r.tag == "relationship":
                    for k in ("player1", "player2", "type"):
                        _req(doc, r, k)
                    g.relationships.append(dict(r.attrib))
        elif isinstance(part.tag, str):
            raise doc.error(part, f"unexpected <{part.tag}> in <initialize>")


def _r_properties(doc, el, g: Game) -> None:
    for p in el:
        if p.tag != "property":
            if isinstance(p.tag, str):
                raise doc.error(p, f"unexpected <{p.tag}> in <propertyList>")
            continue
        _req(doc, p, "name")
        prop = Property(dict(p.attrib))
        for c in p:
            if c.tag == "value":
                prop.text = c.text or ""
            elif isinstance(c.tag, str):
                prop.kind = c.tag
                prop.kind_attrs = dict(c.attrib)
        g.properties.append(prop)


_READERS = {
    "info": _r_info,
    "loader": _r_loader,
    "triplea": _r_triplea,
    "diceSides": _r_dice,
    "map": _r_map,
    "resourceList": _r_resources,
    "playerList": _r_players,
    "unitList": _r_units,
    "relationshipTypes": _r_reltypes,
    "territoryEffectList": _r_effects,
    "gamePlay": _r_gameplay,
    "production": _r_production,
    "technology": _r_technology,
    "attachmentList": _r_attachments,
    "initialize": _r_initialize,
    "propertyList": _r_properties,
}


# ---------------------------------------------------------------------------- writing
def _el(tag: str, attrs: dict[str, Any] | list[tuple[str, Any]], close: bool = True) -> str:
    items = attrs.items() if isinstance(attrs, dict) else attrs
    text = "".join(f" {k}={attr(v)}" for k, v in items if v is not None)
    return f"<{tag}{text}{'/' if close else ''}>"


def _cdata(text: str) -> str:
    if "]]>" in text:
        return text_escape(text)
    return f"<![CDATA[{text}]]>"


def write_game(g: Game) -> str:
    """The XML text of ``g``: elements in DTD order, unknown elements after the element
    they followed, a DOCTYPE naming game.dtd (which TripleA resolves from its own jar)."""
    out: list[str] = ['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE game SYSTEM "game.dtd">']
    out.append("<game>")
    ind = "    "
    extra: dict[str, list[str]] = {}
    for after, xml in g.unknown:
        extra.setdefault(after, []).append(xml)

    def flush(tag: str) -> None:
        for xml in extra.pop(tag, []):
            out.append(ind + xml.strip())

    flush("")
    for tag in DTD_ORDER:
        _WRITERS[tag](g, out, ind)
        flush(tag)
    for rest in extra.values():
        for xml in rest:
            out.append(ind + xml.strip())
    out.append("</game>")
    return "\n".join(out) + "\n"


def _w_info(g: Game, out, ind) -> None:
    info = dict(g.info)
    info.setdefault("name", "")
    info.setdefault("version", "1.0")
    out.append(ind + _el("info", info))


def _w_loader(g: Game, out, ind) -> None:
    out.append(ind + _el("loader", {"javaClass": g.loader or DEFAULT_LOADER}))


def _w_triplea(g: Game, out, ind) -> None:
    if g.min_version is not None:
        out.append(ind + _el("triplea", {"minimumVersion": g.min_version}))


def _w_dice(g: Game, out, ind) -> None:
    if g.dice_sides is not None:
        out.append(ind + _el("diceSides", {"value": g.dice_sides}))


def _w_map(g: Game, out, ind) -> None:
    out.append(ind + "<map>")
    i2 = ind * 2
    for xml in g.grids:
        out.append(i2 + xml.strip())
    for name, water in g.territories:
        attrs = {"name": name}
        if water:
            attrs["water"] = "true"
        out.append(i2 + _el("territory", attrs))
    for a, b in g.connections:
        out.append(i2 + _el("connection", {"t1": a, "t2": b}))
    for a, b in g.removed_connections:
        out.append(i2 + _el("remove-connection", {"t1": a, "t2": b}))
    out.append(ind + "</map>")


def _w_list(tag: str, child: str, names: list[str], out, ind) -> None:
    if not names:
        return
    out.append(ind + f"<{tag}>")
    for n in names:
        out.append(ind * 2 + _el(child, {"name": n}))
    out.append(ind + f"</{tag}>")


def _w_resources(g: Game, out, ind) -> None:
    _w_list("resourceList", "resource", g.resources, out, ind)


def _w_players(g: Game, out, ind) -> None:
    out.append(ind + "<playerList>")
    for p in g.players:
        out.append(ind * 2 + _el("player", p))
    for player, alliance in g.alliances:
        out.append(ind * 2 + _el("alliance", {"player": player, "alliance": alliance}))
    out.append(ind + "</playerList>")


def _w_units(g: Game, out, ind) -> None:
    _w_list("unitList", "unit", g.units, out, ind)


def _w_reltypes(g: Game, out, ind) -> None:
    _w_list("relationshipTypes", "relationshipType", g.relationship_types, out, ind)


def _w_effects(g: Game, out, ind) -> None:
    _w_list("territoryEffectList", "territoryEffect", g.territory_effects, out, ind)


def _w_gameplay(g: Game, out, ind) -> None:
    gp = g.gameplay
    i2, i3, i4 = ind * 2, ind * 3, ind * 4
    out.append(ind + "<gamePlay>")
    for d in gp.delegates:
        out.append(i2 + _el("delegate", d))
    out.append(i2 + "<sequence>")
    for s in gp.steps:
        if s.props:
            out.append(i3 + _el("step", s.attrs, close=False))
            for n, v in s.props:
                out.append(i4 + _el("stepProperty", {"name": n, "value": v}))
            out.append(i3 + "</step>")
        else:
            out.append(i3 + _el("step", s.attrs))
    out.append(i2 + "</sequence>")
    if gp.offset is not None:
        out.append(i2 + _el("offset", {"round": gp.offset}))
    out.append(ind + "</gamePlay>")


def _w_rule(tag: str, r: Rule, out, ind) -> None:
    out.append(ind + _el(tag, {"name": r.name}, close=False))
    for res, q in r.costs:
        out.append(ind * 2 + _el("cost", {"resource": res, "quantity": q}))
    for res, q in r.results:
        out.append(ind * 2 + _el("result", {"resourceOrUnit": res, "quantity": q}))
    out.append(ind + f"</{tag}>")


def _w_production(g: Game, out, ind) -> None:
    p = g.production
    if p is None:
        return
    i2, i3 = ind * 2, ind * 3
    out.append(ind + "<production>")
    for r in p.rules:
        _w_rule("productionRule", r, out, i2)
    for r in p.repair_rules:
        _w_rule("repairRule", r, out, i2)
    for name, rules in p.repair_frontiers:
        out.append(i2 + _el("repairFrontier", {"name": name}, close=False))
        for r in rules:
            out.append(i3 + _el("repairRules", {"name": r}))
        out.append(i2 + "</repairFrontier>")
    for name, rules in p.frontiers:
        out.append(i2 + _el("productionFrontier", {"name": name}, close=False))
        for r in rules:
            out.append(i3 + _el("frontierRules", {"name": r}))
        out.append(i2 + "</productionFrontier>")
    for player, frontier in p.player_production:
        out.append(i2 + _el("playerProduction", {"player": player, "frontier": frontier}))
    for player, frontier in p.player_repair:
        out.append(i2 + _el("playerRepair", {"player": player, "frontier": frontier}))
    out.append(ind + "</production>")


def _w_technology(g: Game, out, ind) -> None:
    if g.technology:
        out.append(ind + g.technology.strip())


def _w_attachments(g: Game, out, ind) -> None:
    if not g.attachments:
        return
    i2, i3 = ind * 2, ind * 3
    out.append(ind + "<attachmentList>")
    for a in g.attachments:
        attrs = {"name": a.name, "attachTo": a.attach_to, "javaClass": a.java_class, "type": a.type}
        out.append(i2 + _el("attachment", attrs, close=False))
        for name, value, count in a.options:
            o = {"name": name, "value": value}
            if count:
                o["count"] = count
            out.append(i3 + _el("option", o))
        out.append(i2 + "</attachment>")
    out.append(ind + "</attachmentList>")


def _w_initialize(g: Game, out, ind) -> None:
    parts = (g.owners, g.placements or g.held_units, g.resources_given, g.relationships)
    if not g.has_initialize and not any(parts):
        return
    i2, i3 = ind * 2, ind * 3
    out.append(ind + "<initialize>")
    if g.owners:
        out.append(i2 + "<ownerInitialize>")
        for t, o in g.owners:
            out.append(i3 + _el("territoryOwner", {"territory": t, "owner": o}))
        out.append(i2 + "</ownerInitialize>")
    if g.placements or g.held_units:
        out.append(i2 + "<unitInitialize>")
        for p in g.placements:
            out.append(i3 + _el("unitPlacement", p))
        for h in g.held_units:
            out.append(i3 + _el("heldUnits", h))
        out.append(i2 + "</unitInitialize>")
    if g.resources_given:
        out.append(i2 + "<resourceInitialize>")
        for player, res, q in g.resources_given:
            out.append(
                i3 + _el("resourceGiven", {"player": player, "resource": res, "quantity": q})
            )
        out.append(i2 + "</resourceInitialize>")
    if g.relationships:
        out.append(i2 + "<relationshipInitialize>")
        for r in g.relationships:
            out.append(i3 + _el("relationship", r))
        out.append(i2 + "</relationshipInitialize>")
    out.append(ind + "</initialize>")


def _w_properties(g: Game, out, ind) -> None:
    if not g.properties:
        return
    i2, i3 = ind * 2, ind * 3
    out.append(ind + "<propertyList>")
    for p in g.properties:
        if p.kind is None and p.text is None:
            out.append(i2 + _el("property", p.attrs))
            continue
        out.append(i2 + _el("property", p.attrs, close=False))
        if p.kind is not None:
            out.append(i3 + _el(p.kind, p.kind_attrs))
        if p.text is not None:
            out.append(i3 + f"<value>{_cdata(p.text)}</value>")
        out.append(i2 + "</property>")
    out.append(ind + "</propertyList>")


_WRITERS = {
    "info": _w_info,
    "loader": _w_loader,
    "triplea": _w_triplea,
    "diceSides": _w_dice,
    "map": _w_map,
    "resourceList": _w_resources,
    "playerList": _w_players,
    "unitList": _w_units,
    "relationshipTypes": _w_reltypes,
    "territoryEffectList": _w_effects,
    "gamePlay": _w_gameplay,
    "production": _w_production,
    "technology": _w_technology,
    "attachmentList": _w_attachments,
    "initialize": _w_initialize,
    "propertyList": _w_properties,
}
