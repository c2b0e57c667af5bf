"""Small hand-made boards and synthetic scenarios for tests, benchmarks and demos.

:func:`grid_pack` draws a map from rows of characters, one zone per character (cells with
the same character are one zone; digits are sea zones, letters land, ``#`` impassable,
``.`` outside the map), so a rule test can say exactly what touches what::

    A B 1        A, B land; 1 a sea zone touching both
    C D 1

:func:`synthetic_pack` puts nations, ownership, factories and armies on
:func:`gamecore.geometry.synthetic.synthetic_map` for the ~50- and ~300-zone scenarios.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from shapely.geometry import box
from shapely.ops import unary_union

from gamecore.geometry.adjacency import map_adjacency
from gamecore.geometry.synthetic import synthetic_map
from gamecore.model import (
    Alliance,
    Border,
    Facility,
    Link,
    Map,
    Nation,
    Objective,
    Ownership,
    Pack,
    Scenario,
    UnitStack,
    Zone,
)

NATION_COLOURS = ["#555555", "#b0b0b0", "#e08030", "#a08060", "#806040", "#30a060", "#902020"]


def grid_pack(
    rows: list[str],
    zones: dict[str, dict[str, Any]] | None = None,
    nations: dict[str, dict[str, Any]] | None = None,
    units: Iterable[tuple] = (),
    facilities: Iterable[tuple] = (),
    links: Iterable[tuple] = (),
    banks: dict[str, int] | None = None,
    relations: dict[tuple[str, str], str] | None = None,
    ruleset: str = "g40",
    options: dict[str, Any] | None = None,
    rounds: int | None = None,
    objectives: Iterable[Objective] = (),
    turn_order: list[list[str]] | None = None,
) -> Pack:
    """A pack with one scenario ``"test"``.

    ``zones``: code -> {kind, owner, original, value, flags, terrain, props, name}
    (defaults: digits sea, ``#`` impassable, other characters land worth 1, unowned).
    ``nations``: id -> {alliance, capital (zone code), kind, props}; default turn order is
    the dict order of playable, non-neutral nations. ``units``: (zone code, nation, type,
    count[, props]). ``facilities``: (zone code, type[, damage]). ``links``: (kind, code a,
    code b, {via: code, controllers: [codes], rule, props}). ``relations``: pair -> status;
    by default nations of different alliances are at war.
    """
    zones = zones or {}
    nations = nations or {}
    cells: dict[str, list] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row.replace(" ", "")):
            if ch == ".":
                continue
            cells.setdefault(ch, []).append(box(x, y, x + 1, y + 1))
    m = Map(name="grid", width=max(len(r.replace(" ", "")) for r in rows), height=len(rows))
    ids: dict[str, int] = {}
    for i, ch in enumerate(sorted(cells), start=1):
        spec = zones.get(ch, {})
        kind = spec.get("kind") or (
            "sea" if ch.isdigit() else "impassable" if ch == "#" else "land"
        )
        geom = unary_union(cells[ch])
        z = Zone(
            i,
            ch,
            spec.get("name", f"Zone {ch}"),
            kind=kind,
            geometry=geom,
            value=spec.get("value", 1 if kind == "land" else 0),
            terrain=spec.get("terrain", "sea" if kind == "sea" else "clear"),
            flags=sorted(spec.get("flags", [])),
            props=dict(spec.get("props", {})),
        )
        m.zones[i] = z
        ids[ch] = i
    pack = Pack(map=m)
    for nid, spec in nations.items():
        cap = spec.get("capital")
        pack.nations[nid] = Nation(
            nid,
            spec.get("name", nid),
            colour=spec.get("colour", "#888888"),
            kind=spec.get("kind", "major"),
            playable=spec.get("playable", spec.get("kind", "major") != "neutral"),
            capital=ids[cap] if cap else None,
            props=dict(spec.get("props", {})),
        )
    alliances: dict[str, Alliance] = {}
    for nid, spec in nations.items():
        al = spec.get("alliance")
        if al:
            alliances.setdefault(al, Alliance(al, al.capitalize())).members.append(nid)
    order = turn_order or [[n] for n, sp in nations.items() if sp.get("kind", "major") != "neutral"]
    scn = Scenario("test", "Test", ruleset=ruleset, options=dict(options or {}), rounds=rounds)
    scn.turn_order = order
    scn.alliances = alliances
    nids = list(nations)
    for i, a in enumerate(nids):
        for b in nids[i + 1 :]:
            x, y = nations[a].get("alliance"), nations[b].get("alliance")
            if x and y and x != y:
                scn.set_relation(a, b, "war")
    for (a, b), st in (relations or {}).items():
        scn.set_relation(a, b, st)
    for ch, spec in zones.items():
        if ch in ids and ("owner" in spec or "original" in spec):
            scn.ownership[ids[ch]] = Ownership(
                spec.get("owner"), spec.get("original", spec.get("owner"))
            )
    for st in units:
        code, nation, typ = st[0], st[1], st[2]
        count = st[3] if len(st) > 3 else 1
        props = st[4] if len(st) > 4 else {}
        scn.units.append(UnitStack(ids[code], nation, typ, count, dict(props)))
    fid = 1
    for f in facilities:
        code, typ = f[0], f[1]
        dmg = f[2] if len(f) > 2 else 0
        m.facilities[fid] = Facility(fid, ids[code], typ, damage=dmg)
        fid += 1
    lid = 1
    for lk in links:
        kind, a, b = lk[0], lk[1], lk[2]
        kw = lk[3] if len(lk) > 3 else {}
        m.links[lid] = Link(
            lid,
            kind,
            ids[a],
            ids[b],
            via=ids[kw["via"]] if kw.get("via") else None,
            controllers=[ids[c] for c in kw.get("controllers", [])],
            rule=kw.get("rule", "all"),
            props=dict(kw.get("props", {})),
        )
        lid += 1
    scn.banks = dict(banks or {})
    for obj in objectives:
        scn.objectives[obj.id] = obj
    pack.scenarios[scn.id] = scn
    pack.meta["zone_ids"] = ids
    return pack


def zone_ids(pack: Pack) -> dict[str, int]:
    """Zone code -> id of a :func:`grid_pack`."""
    return {z.code: z.id for z in pack.map.zones.values()}


# ---------------------------------------------------------------------- toy scenario
TOY_ROWS = [
    "AABBCC",
    "AADDCC",
    "11DD22",
    "EEFFGG",
    "EEFFGG",
]


def toy_pack() -> Pack:
    """A two-nation scenario on seven zones: Red (A, E + factories) against Blue (C, G),
    a contested middle (B, D, F) and two sea zones."""
    zones = {
        "A": {"owner": "RED", "value": 5},
        "B": {"owner": "RED", "value": 2},
        "C": {"owner": "BLU", "value": 5},
        "D": {"owner": None, "value": 3},
        "E": {"owner": "RED", "value": 3},
        "F": {"owner": "BLU", "value": 2},
        "G": {"owner": "BLU", "value": 3},
    }
    nations = {
        "RED": {"alliance": "reds", "capital": "A"},
        "BLU": {"alliance": "blues", "capital": "C"},
    }
    units = [
        ("A", "RED", "infantry", 3),
        ("A", "RED", "artillery", 1),
        ("A", "RED", "tank", 1),
        ("A", "RED", "fighter", 1),
        ("B", "RED", "infantry", 2),
        ("E", "RED", "infantry", 2),
        ("1", "RED", "transport", 1),
        ("1", "RED", "destroyer", 1),
        ("C", "BLU", "infantry", 3),
        ("C", "BLU", "artillery", 1),
        ("C", "BLU", "tank", 1),
        ("C", "BLU", "fighter", 1),
        ("F", "BLU", "infantry", 2),
        ("G", "BLU", "infantry", 2),
        ("2", "BLU", "submarine", 1),
        ("2", "BLU", "cruiser", 1),
    ]
    facilities = [("A", "major_ic"), ("C", "major_ic"), ("E", "naval_base"), ("G", "air_base")]
    return grid_pack(
        TOY_ROWS,
        zones,
        nations,
        units,
        facilities,
        banks={"RED": 10, "BLU": 10},
    )


# ---------------------------------------------------------------------- synthetic scenario
def synthetic_pack(
    n_zones: int = 50,
    seed: int = 0,
    n_nations: int = 4,
    vertices_per_zone: int = 24,
    ruleset: str = "g40",
) -> Pack:
    """A scenario ``"synthetic"`` on a synthetic map: ``n_nations`` powers in two
    alliances with contiguous territories, a capital with a major IC each, armies on their
    land, fleets off their capitals, some unowned neutral zones."""
    import numpy as np

    m = synthetic_map(n_zones, n_zones * vertices_per_zone, seed)
    adj = map_adjacency(m)
    rng = np.random.default_rng(seed + 7)
    land = sorted(z for z, zn in m.zones.items() if zn.kind == "land")
    sea = {z for z, zn in m.zones.items() if zn.kind == "sea"}
    nids = [f"N{i + 1}" for i in range(n_nations)]
    pack = Pack(map=m)
    # contiguous territories grown from seeds over land adjacency
    seeds = [land[int(i)] for i in rng.choice(len(land), size=n_nations, replace=False)]
    owner: dict[int, str] = {}
    frontier = {nid: [z] for nid, z in zip(nids, seeds, strict=True)}
    for nid, z in zip(nids, seeds, strict=True):
        owner[z] = nid
    target = int(len(land) * 0.85)
    while len(owner) < target and any(frontier.values()):
        for nid in nids:
            grown = []
            for z in frontier[nid]:
                for y in sorted(adj[z]):
                    if y in owner or y in sea or m.zones[y].kind != "land":
                        continue
                    owner[y] = nid
                    grown.append(y)
                    break
            frontier[nid] = [
                z
                for z in frontier[nid]
                if any(
                    y not in owner and y not in sea and m.zones[y].kind == "land" for y in adj[z]
                )
            ] + grown
            if len(owner) >= target:
                break
    scn = Scenario("synthetic", f"Synthetic {n_zones}", ruleset=ruleset)
    for i, nid in enumerate(nids):
        al = "axis" if i % 2 == 0 else "allies"
        scn.alliances.setdefault(al, Alliance(al, al.capitalize())).members.append(nid)
        pack.nations[nid] = Nation(
            nid, f"Nation {i + 1}", colour=NATION_COLOURS[i % len(NATION_COLOURS)], capital=seeds[i]
        )
    scn.turn_order = [[n] for n in nids]
    for i, a in enumerate(nids):
        for b in nids[i + 1 :]:
            if scn.alliance_of(a) != scn.alliance_of(b):
                scn.set_relation(a, b, "war")
    for z in land:
        o = owner.get(z)
        scn.ownership[z] = Ownership(o, o)
    # a major IC at every capital (the map's own "factory" facilities stay too)
    fid = m.next_id("facilities")
    for cap in seeds:
        if not any(f.zone == cap for f in m.facilities.values()):
            m.facilities[fid] = Facility(fid, cap, "major_ic")
            fid += 1
        m.zones[cap].value = max(m.zones[cap].value, 6)
        m.zones[cap].set_flag("capital")
    land_types = ["infantry", "infantry", "infantry", "artillery", "tank", "mech_infantry"]
    for z in land:
        o = owner.get(z)
        if o is None:
            continue
        k = int(rng.integers(1, 4))
        for _ in range(k):
            t = land_types[int(rng.integers(0, len(land_types)))]
            scn.units.append(UnitStack(z, o, t, 1))
        if z in seeds:
            scn.units.append(UnitStack(z, o, "fighter", 2))
            scn.units.append(UnitStack(z, o, "aaa", 1))
            coast = sorted(y for y in adj[z] if y in sea)
            if coast:
                for t in ("transport", "destroyer", "cruiser", "submarine"):
                    scn.units.append(UnitStack(coast[0], o, t, 1))
    for nid in nids:
        scn.banks[nid] = sum(m.zones[z].value for z, o in owner.items() if o == nid)
    pack.scenarios[scn.id] = scn
    pack.meta["title"] = f"Synthetic {n_zones}-zone scenario #{seed}"
    return pack


# ---------------------------------------------------------------------- every feature
FEATURE_ROWS = [
    "AAB11CC",
    "ADB12CC",
    "EEF22GG",
    "33F#HGJ",
    "3KKLHII",
]


def feature_pack() -> Pack:
    """Three powers (RED and PNK against BLU) on a board with most of what the g40 rules
    know: neutrals of every leaning with standing armies, an impassable zone, a canal, a
    strait, convoy and kamikaze zones, bases and factories, carriers with fighters,
    bombers, transports loaded at sea, subs and every ship type."""
    zones = {
        "A": {"owner": "RED", "value": 6, "flags": ["capital", "victory_city"]},
        "B": {"owner": None, "value": 2, "props": {"alignment": "strict", "standing_army": 2}},
        "C": {"owner": "BLU", "value": 6, "flags": ["capital", "victory_city"]},
        "D": {"owner": None, "value": 1, "props": {"alignment": "pro_reds", "standing_army": 1}},
        "E": {"owner": "PNK", "value": 4, "flags": ["capital"]},
        "F": {"owner": "RED", "value": 2},
        "G": {"owner": "BLU", "value": 3},
        "H": {"owner": None, "value": 2, "props": {"alignment": "pro_blues"}},
        "I": {"owner": "BLU", "value": 2, "original": "PNK"},
        "J": {"owner": "BLU", "value": 1, "flags": ["island"]},
        "K": {"owner": "PNK", "value": 2},
        "L": {"owner": None, "value": 1},
        "1": {"flags": ["convoy"]},
        "2": {"props": {"kamikaze": "BLU"}},
    }
    nations = {
        "RED": {"alliance": "reds", "capital": "A"},
        "PNK": {"alliance": "reds", "capital": "E"},
        "BLU": {"alliance": "blues", "capital": "C", "props": {"kamikaze_tokens": 2}},
    }
    units = [
        ("A", "RED", "infantry", 3),
        ("A", "RED", "artillery", 1),
        ("A", "RED", "tank", 1),
        ("A", "RED", "mech_infantry", 1),
        ("A", "RED", "aaa", 1),
        ("A", "RED", "strategic_bomber", 1),
        ("F", "RED", "infantry", 2),
        ("F", "RED", "fighter", 1),
        ("F", "RED", "tactical_bomber", 1),
        ("1", "RED", "transport", 1),
        ("1", "RED", "infantry", 1),
        ("1", "RED", "tank", 1),
        ("1", "RED", "destroyer", 1),
        ("E", "PNK", "infantry", 3),
        ("E", "PNK", "artillery", 1),
        ("K", "PNK", "infantry", 1),
        ("3", "PNK", "carrier", 1),
        ("3", "PNK", "fighter", 2),
        ("3", "PNK", "submarine", 1),
        ("C", "BLU", "infantry", 4),
        ("C", "BLU", "tank", 2),
        ("C", "BLU", "aaa", 1),
        ("C", "BLU", "fighter", 1),
        ("G", "BLU", "infantry", 2),
        ("G", "BLU", "fighter", 1),
        ("I", "BLU", "infantry", 2),
        ("J", "BLU", "infantry", 1),
        ("2", "BLU", "battleship", 1),
        ("2", "BLU", "cruiser", 1),
        ("2", "BLU", "submarine", 1),
        ("2", "BLU", "transport", 1),
    ]
    facilities = [
        ("A", "major_ic"),
        ("C", "major_ic"),
        ("E", "minor_ic"),
        ("F", "air_base"),
        ("G", "naval_base"),
        ("I", "air_base"),
    ]
    links = [
        ("canal", "1", "2", {"controllers": ["B"]}),
        ("strait", "K", "L", {"via": "3"}),
    ]
    return grid_pack(
        FEATURE_ROWS,
        zones,
        nations,
        units,
        facilities,
        links,
        banks={"RED": 20, "PNK": 12, "BLU": 30},
    )


# ---------------------------------------------------------------- The War Game (seeds/002)
#: a small synthetic War Game board: the eight nations of rules-notes/002 §2.1 with a
#: capital and a factory each, two neutrals (Turkey-like "Y", Spain-like "P"), a hostile
#: terrain border (Siberia) and seven sea zones. Not the real board (issue #27 part B)
WAR_GAME_ROWS = [
    "11UUGGRRSS22",
    "1PFFGgRRSSJ2",
    "33FFIiYRCCJ2",
    "33AAIiYYCCK4",
    "555AA66BBCK4",
    "55MMMM66BB44",
]
WAR_GAME_NATIONS = {
    "GER": {"alliance": "axis", "capital": "G", "name": "Germany"},
    "ITA": {"alliance": "axis", "capital": "I", "name": "Italy"},
    "USSR": {"alliance": "allies", "capital": "R", "name": "U.S.S.R."},
    "UK": {"alliance": "allies", "capital": "U", "name": "United Kingdom"},
    "FRA": {"alliance": "allies", "capital": "F", "name": "France"},
    "JPN": {"alliance": "axis", "capital": "J", "name": "Japan"},
    "USA": {"alliance": "allies", "capital": "M", "name": "U.S.A."},
    "CHN": {"alliance": "allies", "capital": "C", "name": "China"},
}
WAR_GAME_SLOTS = [["GER", "ITA"], ["USSR"], ["UK", "FRA"], ["JPN"], ["USA", "CHN"]]


def war_game_pack(rounds: int | None = 8) -> Pack:
    """A scenario ``"mini"`` of the ``war_game`` ruleset on :data:`WAR_GAME_ROWS`."""
    zones: dict[str, dict[str, Any]] = {
        "U": {"owner": "UK", "value": 8, "name": "Great Britain"},
        "A": {"owner": "UK", "value": 4, "name": "Egypt"},
        "B": {"owner": "UK", "value": 6, "name": "India"},
        "F": {"owner": "FRA", "value": 6, "name": "France"},
        "G": {"owner": "GER", "value": 10, "name": "Germany"},
        "g": {"owner": "GER", "value": 4, "name": "Austria"},
        "I": {"owner": "ITA", "value": 6, "name": "Italy"},
        "i": {"owner": "ITA", "original": None, "value": 2, "name": "Yugoslavia"},
        "R": {"owner": "USSR", "value": 8, "name": "Central Russia"},
        "S": {"owner": "USSR", "value": 2, "name": "Siberia"},
        "J": {"owner": "JPN", "value": 8, "name": "Japan"},
        "K": {"owner": "JPN", "value": 3, "name": "Korea"},
        "C": {"owner": "CHN", "value": 5, "name": "China"},
        "M": {"owner": "USA", "value": 12, "name": "U.S.A."},
        "Y": {"owner": None, "value": 3, "name": "Turkey", "props": {"neutral": True}},
        "P": {"owner": None, "value": 2, "name": "Spain", "props": {"neutral": True}},
    }
    units = [
        ("G", "GER", "infantry", 4),
        ("G", "GER", "armor", 2),
        ("G", "GER", "artillery", 1),
        ("G", "GER", "fighter", 1),
        ("g", "GER", "infantry", 2),
        ("I", "ITA", "infantry", 3),
        ("I", "ITA", "artillery", 1),
        ("i", "ITA", "infantry", 1),
        ("3", "ITA", "destroyer", 1),
        ("R", "USSR", "infantry", 5),
        ("R", "USSR", "armor", 1),
        ("R", "USSR", "artillery", 1),
        ("S", "USSR", "infantry", 2),
        ("U", "UK", "infantry", 2),
        ("U", "UK", "fighter", 1),
        ("1", "UK", "battleship", 1),
        ("1", "UK", "transport", 1),
        ("A", "UK", "infantry", 2),
        ("B", "UK", "infantry", 2),
        ("F", "FRA", "infantry", 3),
        ("F", "FRA", "artillery", 1),
        ("J", "JPN", "infantry", 3),
        ("J", "JPN", "fighter", 1),
        ("2", "JPN", "battleship", 1),
        ("2", "JPN", "carrier", 1),
        ("2", "JPN", "transport", 1),
        ("K", "JPN", "infantry", 3),
        ("K", "JPN", "armor", 1),
        ("C", "CHN", "infantry", 4),
        ("M", "USA", "infantry", 3),
        ("M", "USA", "bomber", 1),
        ("5", "USA", "destroyer", 1),
        ("5", "USA", "transport", 1),
        ("6", "USA", "submarine", 1),
    ]
    facilities = [
        ("G", "major_factory"),
        ("I", "major_factory"),
        ("R", "major_factory"),
        ("U", "major_factory"),
        ("F", "minor_factory"),
        ("J", "major_factory"),
        ("M", "major_factory"),
        ("C", "minor_factory"),
        ("B", "minor_factory"),
    ]
    pack = grid_pack(
        WAR_GAME_ROWS,
        zones,
        WAR_GAME_NATIONS,
        units,
        facilities,
        ruleset="war_game",
        rounds=rounds,
        turn_order=WAR_GAME_SLOTS,
        # rules-notes/002 §2.8 scaled to this board (the real one: 225 and the real homes)
        options={
            "wg_victory": {
                "axis": ["GER", "ITA", "JPN"],
                "allies": ["USSR", "UK", "FRA", "USA", "CHN"],
                "allies_if_axis_land_below": 25,
                "allies_hold": ["Great Britain", "U.S.A."],
                "axis_hold": ["Germany", "Austria", "Italy", "Japan", "Korea"],
                "default_winner": "allies",
            }
        },
    )
    ids = pack.meta["zone_ids"]
    # rules-notes/002 §1.1 hostile-terrain line (Siberia) between Central Russia and Siberia
    a, b = sorted((ids["R"], ids["S"]))
    pack.map.borders[(a, b)] = Border(a, b, props={"hostile_terrain": "siberia"})
    scn = pack.scenarios["test"]
    scn.id = "mini"
    scn.name = "War Game mini board"
    pack.scenarios = {"mini": scn}
    pack.meta["title"] = "The War Game: a small synthetic board"
    return pack
