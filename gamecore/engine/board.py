"""The static board of a game: zones, adjacency split by domain, passages, nations.

Built once per game from the pack, the scenario and the ruleset and shared by every clone
of the game state (bots clone a lot). Nothing here changes during play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gamecore.errors import RulesError
from gamecore.geometry.adjacency import map_adjacency
from gamecore.geometry.terrain import crossing_terrain, roundel_terrain
from gamecore.model import Pack, Scenario, in_scenario
from gamecore.model.map import border_key

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.ruleset import Ruleset

#: the pseudo-nation that owns the armies of uncontrolled neutral zones
NEUTRAL = "_neutral"


@dataclass(frozen=True)
class Canal:
    a: int
    b: int
    controllers: tuple[int, ...]
    rule: str = "all"  # "all": one side must hold every controller; "any"
    exempt: tuple[str, ...] = ()  # unit types that may always pass (subs at Gibraltar)
    #: link props.passage "neutral_free_else_friendly" (seeds/002 "Turkey", rules-notes/002
    #: §1.1): open to every navy while each controller is held by a neutral
    free_while_neutral: bool = False


@dataclass(frozen=True)
class ConvoyLine:
    """A convoy line (seeds/000 §1.6, §9.11): the sea zones it crosses, its end zones
    (land or sea) and the IPP each nation can lose on it per calendar turn."""

    id: int
    name: str
    path: tuple[int, ...]
    ends: tuple[int, ...]
    values: tuple[tuple[str, int], ...]


@dataclass
class Board:
    zones: tuple[int, ...]
    kind: dict[int, str]
    value: dict[int, int]
    terrain: dict[int, str]
    flags: dict[int, frozenset[str]]
    code: dict[int, str]
    name: dict[int, str]
    nbrs: dict[int, tuple[int, ...]]  # every adjacency
    land_nbrs: dict[int, tuple[int, ...]]  # land-land, passable
    sea_nbrs: dict[int, tuple[int, ...]]  # sea-sea
    coast: dict[int, tuple[int, ...]]  # land -> adjacent sea zones; sea -> adjacent land
    canals: dict[tuple[int, int], Canal]
    strait_via: dict[tuple[int, int], int | None]  # land-land crossings over water
    nations: tuple[str, ...]
    nation_kind: dict[str, str]
    alliance_of: dict[str, str | None]
    capital_of: dict[int, str]  # zone -> nation whose capital it is
    capital: dict[str, int | None]
    original: dict[int, str | None]
    turn_slots: tuple[tuple[str, ...], ...]
    impassable: frozenset[int] = frozenset()
    move_cost: dict[int, int] = field(default_factory=dict)  # entering a zone (land units)
    no_blitz: frozenset[int] = frozenset()
    no_blitz_out: frozenset[int] = frozenset()  # a move starting here may not blitz
    # zone -> unit types exempt, for terrain that cuts land movement to 1 (GW §1.8-§1.11)
    slow: dict[int, frozenset[str]] = field(default_factory=dict)
    uniform_cost: bool = True
    standing_army: dict[int, int] = field(default_factory=dict)
    convoy_zones: tuple[int, ...] = ()
    kamikaze_zones: dict[int, str] = field(default_factory=dict)  # zone -> nation
    facility_serves: dict[int, tuple[int, ...]] = field(default_factory=dict)  # map facility
    border_flags: dict[tuple[int, int], frozenset[str]] = field(default_factory=dict)
    # -- logistics (Global War seeds/000 §1.5, §1.12, §1.14, §1.17, §1.20-§1.21, §10.4):
    # rail and river edges: zone -> ((neighbour, gauge, "rail"|"river", units per turn or 0,
    # condition that opens it or ""))
    rail_edges: dict[int, tuple[tuple[int, str, str, int, str], ...]] = field(default_factory=dict)
    # railroad facilities whose damage closes an edge (key: ordered zone pair)
    rail_facilities: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    # land-land narrow crossings: pair -> (units per turn, channel port, crossed sea zones)
    narrow: dict[tuple[int, int], tuple[int, bool, tuple[int, ...]]] = field(default_factory=dict)
    region: dict[int, str] = field(default_factory=dict)
    convoy_lines: tuple[ConvoyLine, ...] = ()
    home_zones: dict[str, frozenset[int]] = field(default_factory=dict)  # nation -> authored
    # map facility id -> the zone beyond the border it stands on (Global War §12.7)
    facility_border: dict[int, int] = field(default_factory=dict)
    # (zone, entered from) -> terrain types crossed between that border and the zone's
    # roundel (Global War §1.7 border terrain; ruleset option roundel_terrain)
    border_terrain: dict[tuple[int, int], frozenset[str]] = field(default_factory=dict)
    cache: dict = field(default_factory=dict, repr=False)  # derived static data, per game

    def is_land(self, z: int) -> bool:
        return self.kind[z] == "land"

    def is_sea(self, z: int) -> bool:
        return self.kind[z] in ("sea", "lake")

    def zone_label(self, z: int) -> str:
        return self.code.get(z) or str(z)


def build_board(
    pack: Pack, scenario: Scenario, rules: Ruleset, adjacency: dict[int, set[int]] | None = None
) -> Board:
    m = pack.map
    if adjacency is None:
        adjacency = map_adjacency(m)
    zones = tuple(sorted(m.zones))
    kind: dict[int, str] = {}
    impassable: set[int] = set()
    for z in zones:
        zn = m.zones[z]
        k = zn.kind
        if k == "offmap":
            k = "land"  # an off-map box is a land-like space reached by links
        kind[z] = k
        if k == "impassable" or rules.terrain_of(zn.terrain).impassable:
            impassable.add(z)
    link_pairs: dict[tuple[int, int], object] = {}
    canals: dict[tuple[int, int], Canal] = {}
    strait_via: dict[tuple[int, int], int | None] = {}
    for link in m.links.values():
        if link.a not in m.zones or link.b not in m.zones:
            continue
        key = (min(link.a, link.b), max(link.a, link.b))
        link_pairs[key] = link
        if link.kind == "canal":
            exempt = link.props.get("exempt", link.props.get("exempt_units", ()))
            if isinstance(exempt, str):
                exempt = (exempt,)
            c = Canal(
                key[0],
                key[1],
                tuple(link.controllers),
                link.rule or "all",
                tuple(exempt),
                link.props.get("passage") == "neutral_free_else_friendly",
            )
            canals[key] = c
        elif link.kind == "strait" and kind.get(link.a) == "land" and kind.get(link.b) == "land":
            strait_via[key] = link.via

    nbrs: dict[int, tuple[int, ...]] = {}
    land_nbrs: dict[int, tuple[int, ...]] = {}
    sea_nbrs: dict[int, tuple[int, ...]] = {}
    coast: dict[int, tuple[int, ...]] = {}
    water = {z for z in zones if kind[z] in ("sea", "lake")}
    dry_lakes = not rules.options["lakes_navigable"]
    for z in zones:
        ns = sorted(n for n in adjacency.get(z, ()) if n in kind and n != z)
        nbrs[z] = tuple(ns)
        if z in impassable:
            land_nbrs[z] = sea_nbrs[z] = coast[z] = ()
            continue
        ln, sn, cn = [], [], []
        for n in ns:
            if n in impassable:
                continue
            if dry_lakes and (kind[z] == "lake" or kind[n] == "lake"):
                continue  # Global War §1.1: a lake is no sea zone (and blocks land moves)
            if z in water and n in water:
                sn.append(n)
            elif z not in water and n not in water:
                b = m.borders.get((min(z, n), max(z, n)))
                if b is not None and b.impassable:
                    continue
                ln.append(n)
            else:
                cn.append(n)
        land_nbrs[z], sea_nbrs[z], coast[z] = tuple(ln), tuple(sn), tuple(cn)

    nations = tuple(sorted(pack.nations))
    nation_kind = {n: pack.nations[n].kind for n in nations}
    nation_kind[NEUTRAL] = "neutral"
    alliance_of: dict[str, str | None] = {n: scenario.alliance_of(n) for n in nations}
    alliance_of[NEUTRAL] = None
    capital: dict[str, int | None] = {}
    capital_of: dict[int, str] = {}
    for n in nations:
        cap = pack.nations[n].capital
        if cap is not None and cap in m.zones:
            capital[n] = cap
            capital_of[cap] = n
        else:
            capital[n] = None
    original = {
        z: (o.original if o.original is not None else o.owner)
        for z, o in scenario.ownership.items()
    }
    slots = tuple(tuple(s) for s in scenario.turn_order if s)
    if not slots:
        slots = tuple(
            (n,) for n in nations if pack.nations[n].playable and nation_kind[n] != "neutral"
        )
    for slot in slots:
        for n in slot:
            if n not in pack.nations:
                raise RulesError(f"scenario '{scenario.id}': turn order names unknown nation '{n}'")
    standing = {}
    convoy: set[int] = set()
    kamikaze: dict[int, str] = {}
    for z in zones:
        zn = m.zones[z]
        sa = zn.props.get("standing_army")
        if isinstance(sa, int) and sa > 0:
            standing[z] = sa
        if "convoy" in zn.flags or zn.props.get("convoy"):
            convoy.add(z)
        kz = zn.props.get("kamikaze")
        if kz:
            kamikaze[z] = kz if isinstance(kz, str) else ""
    lines = []
    for line in sorted(m.lines.values(), key=lambda ln: ln.id):
        # lines scoped to other scenarios (props["scenarios"]) are not on this board
        if line.kind == "convoy" and in_scenario(line.props, scenario.id):
            convoy.update(z for z in line.path if z in water)
            ends = tuple(z for z in (line.start, line.end) if z is not None and z in kind)
            vals = tuple(sorted((n, int(v)) for n, v in line.values.items() if int(v) > 0))
            path = tuple(z for z in line.path if z in water)
            lines.append(ConvoyLine(line.id, line.name, path, ends, vals))
    # Global War §1.7: the terrain area holding the roundel is the zone's terrain, and the
    # terrain crossed from a border to the roundel is border terrain (round 1)
    terr = {z: m.zones[z].terrain for z in zones}
    crossing: dict[tuple[int, int], frozenset[str]] = {}
    if rules.options.get("roundel_terrain") and (m.terrain_areas or m.lines):
        for z, t in roundel_terrain(m).items():
            # the zone's own terrain stands when it agrees (a "<terrain>_city", §1.24)
            if terr[z] not in (t, f"{t}_city"):
                terr[z] = t
        land = [z for z in zones if kind[z] == "land"]
        crossing = crossing_terrain(m, adjacency, land)
    serves = {}
    for f in m.facilities.values():
        if f.serves:
            serves[f.id] = tuple(s for s in f.serves if s in water)
    logistics = _logistics(pack, rules, kind, strait_via, adjacency)
    return Board(
        zones=zones,
        kind=kind,
        value={z: m.zones[z].value for z in zones},
        terrain=terr,
        flags={z: frozenset(m.zones[z].flags) for z in zones},
        code={z: m.zones[z].code for z in zones},
        name={z: m.zones[z].name for z in zones},
        nbrs=nbrs,
        land_nbrs=land_nbrs,
        sea_nbrs=sea_nbrs,
        coast=coast,
        canals=canals,
        strait_via=strait_via,
        nations=nations,
        nation_kind=nation_kind,
        alliance_of=alliance_of,
        capital_of=capital_of,
        capital=capital,
        original=original,
        turn_slots=slots,
        impassable=frozenset(impassable),
        move_cost={z: rules.terrain_of(terr[z]).move_cost for z in zones},
        no_blitz=frozenset(z for z in zones if rules.terrain_of(terr[z]).no_blitz),
        no_blitz_out=frozenset(z for z in zones if rules.terrain_of(terr[z]).no_blitz_out),
        slow={
            z: frozenset(rules.terrain_of(terr[z]).slow_exempt)
            for z in zones
            if rules.terrain_of(terr[z]).slow
        },
        uniform_cost=all(rules.terrain_of(terr[z]).move_cost == 1 for z in zones),
        standing_army=standing,
        convoy_zones=tuple(sorted(convoy)),
        kamikaze_zones=kamikaze,
        facility_serves=serves,
        border_flags=_border_flags(m, rules),
        border_terrain=crossing,
        facility_border={
            f.id: int(f.props["border"])
            for f in m.facilities.values()
            if isinstance(f.props.get("border"), int) and f.props["border"] in m.zones
        },
        convoy_lines=tuple(lines),
        home_zones={n: frozenset(pack.nations[n].home_zones) for n in nations},
        **logistics,
    )


def _border_flags(m, rules: Ruleset) -> dict[tuple[int, int], frozenset[str]]:
    """Border attributes with combat effects: the typed ones (river, mountain, fortified)
    and any boolean border prop the ruleset has a ``prop = true`` effect for
    (Global War §1.23: ``maginot``)."""
    extra = [k for k, e in rules.borders.items() if e.prop]
    out: dict[tuple[int, int], frozenset[str]] = {}
    for k, b in m.borders.items():
        fl = {f for f in ("river", "mountain", "fortified") if getattr(b, f)}
        fl.update(f for f in extra if b.props.get(f) is True)
        if fl:
            out[k] = frozenset(fl)
    return out


def _logistics(
    pack: Pack, rules: Ruleset, kind: dict[int, str], strait_via: dict, adjacency: dict
) -> dict:
    """Rail and river edges, railroad facilities, narrow crossings, regions and Home
    Countries (seeds/000 §1.5, §1.12, §1.14, §1.17, §1.20, §1.21, §10.4).

    Rails come from borders with a ``rail_gauge`` and from ``rail`` lines (consecutive
    zones of ``path``); rivers (and canals used as rivers) from ``river`` lines. A line's
    ``props.capacity`` limits the units per turn (the Burma Road: 1) and ``props.one_way``
    makes it run from the first zone to the last only, ``props.open_if`` (a condition in
    the condition language) opens it only while it holds (the Burma Road). A narrow crossing is a border of two
    land zones with a ``crossing_limit`` (or a land-land strait link with
    ``props.crossing_limit``); ``props.channel_port`` (border or link) marks a Channel
    Port. It crosses the link's ``via`` sea zone, else the sea zones both sides touch."""
    m = pack.map
    edges: dict[int, dict[int, tuple[int, str, str, int, str]]] = {}

    def add(a: int, b: int, gauge: str, k: str, cap: int, one_way: bool, cond: str) -> None:
        if a == b or kind.get(a) != "land" or kind.get(b) != "land":
            return
        for x, y in ((a, b),) if one_way else ((a, b), (b, a)):
            old = edges.setdefault(x, {}).get(y)
            plainer = (old[3] or old[4]) and not (cap or cond) if old else True
            if old is None or plainer or (old[2] == "river" and k == "rail"):
                edges[x][y] = (y, gauge, k, cap, cond)

    for (a, b), bd in sorted(m.borders.items()):
        if bd.rail_gauge:
            add(a, b, bd.rail_gauge, "rail", 0, False, "")
    rivers = rules.options["river_movement"]
    for line in sorted(m.lines.values(), key=lambda x: x.id):
        if line.kind not in ("rail", "river") or (line.kind == "river" and not rivers):
            continue
        cap = line.props.get("capacity", 0)
        cap = cap if isinstance(cap, int) and cap > 0 else 0
        gauge = (line.gauge or "") if line.kind == "rail" else ""
        one_way = bool(line.props.get("one_way"))
        cond = line.props.get("open_if")
        cond = cond.strip() if isinstance(cond, str) else ""
        for a, b in zip(line.path, line.path[1:], strict=False):
            add(a, b, gauge, line.kind, cap, one_way, cond)
    rail_edges = {z: tuple(sorted(d.values())) for z, d in sorted(edges.items())}
    rail_type = rules.options["rail_facility"]
    rail_fac: dict[tuple[int, int], list[int]] = {}
    for f in sorted(m.facilities.values(), key=lambda f: f.id):
        ft = rules.facility_type(f.type)
        if ft is None or ft.id != rail_type:
            continue
        other = f.props.get("border")
        for y in edges.get(f.zone, {}):
            if other is None or other == y:
                rail_fac.setdefault(border_key(f.zone, y), []).append(f.id)
    narrow: dict[tuple[int, int], tuple[int, bool, tuple[int, ...]]] = {}
    coast: dict[int, set[int]] = {}
    for z, ns in (adjacency or {}).items():
        if kind.get(z) == "land":
            coast[z] = {n for n in ns if kind.get(n) in ("sea", "lake")}
    links = {border_key(lk.a, lk.b): lk for lk in m.links.values() if lk.kind == "strait"}
    pairs = set(strait_via) | {k for k, bd in m.borders.items() if bd.crossing_limit is not None}
    for key in sorted(pairs):
        if kind.get(key[0]) != "land" or kind.get(key[1]) != "land":
            continue
        bd = m.borders.get(key)
        link = links.get(key)
        limit = bd.crossing_limit if bd is not None else None
        if limit is None and link is not None:
            limit = link.props.get("crossing_limit")
        if not isinstance(limit, int) or limit < 0:
            continue
        port = bool(
            (link is not None and link.props.get("channel_port"))
            or (bd is not None and bd.props.get("channel_port"))
        )
        via = strait_via.get(key)
        authored = bd.props.get("via") if bd is not None else None
        if isinstance(authored, list) and authored and all(kind.get(z) == "sea" for z in authored):
            vias: tuple[int, ...] = tuple(sorted(authored))  # the border names its sea zones
        elif via is not None:
            vias = (via,)
        else:  # the sea zones both sides touch (else either side's)
            ca, cb = coast.get(key[0], set()), coast.get(key[1], set())
            vias = tuple(sorted((ca & cb) or (ca | cb)))
        narrow[key] = (limit, port, vias)
    for a, b in narrow:  # §1.20 no strategic rail across a narrow crossing
        for x, y in ((a, b), (b, a)):
            if y in edges.get(x, {}):
                del edges[x][y]
    rail_edges = {z: tuple(sorted(d.values())) for z, d in sorted(edges.items()) if d}
    return {
        "rail_edges": rail_edges,
        "rail_facilities": {k: tuple(v) for k, v in rail_fac.items()},
        "narrow": narrow,
        "region": {z: zn.region for z, zn in m.zones.items()},
    }
