"""Small synthetic HGW hex maps for the rule tests: pointy-top hexes, odd rows shifted
right ("odd-r"), hex ids RRCC (HGW-CONTRACT). Polygons use integer lattice corners, so
neighbours share identical edges and the map's adjacency follows from the geometry:
hex (row r, col c) is centred at x = 2c + (r odd), y = 3r."""

from __future__ import annotations

from typing import Any

from shapely.geometry import Polygon, box

from gamecore.model import (
    Alliance,
    Border,
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

_CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def code(row: int, col: int) -> str:
    return f"{row:02d}{col:02d}"


def parse(c: str) -> tuple[int, int]:
    return int(c[:2]), int(c[2:])


def hex_polygon(row: int, col: int) -> Polygon:
    cx, cy = 2 * col + (row & 1), 3 * row
    return Polygon([(cx + dx, cy + dy) for dx, dy in _CORNERS])


def neighbours(row: int, col: int) -> list[tuple[int, int]]:
    """The contract's odd-r neighbours (for the tests' own checks)."""
    d = (0, 1) if row & 1 else (-1, 0)
    return [
        (row, col - 1),
        (row, col + 1),
        (row - 1, col + d[0]),
        (row - 1, col + d[1]),
        (row + 1, col + d[0]),
        (row + 1, col + d[1]),
    ]


def hex_pack(
    hexes: dict[str, dict[str, Any]],
    units=(),
    armies=(),
    borders=(),
    links=(),
    boxes: dict[str, dict[str, Any]] | None = None,
    options: dict[str, Any] | None = None,
    rounds: int = 8,
    start: str = "1941-05",
    devastated: dict | None = None,
    ruleset_text: str | None = None,
) -> Pack:
    """A pack with scenario "barbarossa" (ruleset hgw, Axis then Soviet).

    ``hexes``: code -> {kind: land|sea|impassable, region, owner, terrain, value, flags,
    props}; ``boxes``: code -> {region, owner, value, nbrs: [codes], retreat: bool} (off-map
    boxes drawn apart, joined to their neighbours by Border rows); ``borders``: (a, b,
    props); ``links``: crossing arrows (a, b); ``units``: (code, nation, type, count);
    ``armies``: (name, nation, code)."""
    m = Map(name="hgw test", width=200, height=100)
    ids: dict[str, int] = {}
    specs = dict(hexes)
    for i, c in enumerate(sorted(specs), start=1):
        sp = specs[c]
        kind = sp.get("kind", "land")
        r, col = parse(c)
        z = Zone(
            i,
            c,
            sp.get("name", f"Hex {c}"),
            kind=kind,
            geometry=hex_polygon(r, col),
            value=sp.get("value", 0),
            terrain=sp.get("terrain", "sea" if kind == "sea" else "clear"),
            flags=sorted(sp.get("flags", [])),
            region=sp.get("region", ""),
            props={"hex": [r, col], **sp.get("props", {})},
        )
        m.zones[i] = z
        ids[c] = i
    nxt = len(ids) + 1
    for j, (c, sp) in enumerate(sorted((boxes or {}).items())):
        x0 = 150 + 10 * j
        m.zones[nxt] = Zone(
            nxt,
            c,
            sp.get("name", f"Box {c}"),
            kind="offmap",
            geometry=box(x0, 0, x0 + 8, 8),
            value=sp.get("value", 0),
            terrain="clear",
            region=sp.get("region", ""),
            props={"box": {"stacking": None, "retreat": bool(sp.get("retreat"))}},
        )
        ids[c] = nxt
        nxt += 1
    for c, sp in (boxes or {}).items():
        for n in sp.get("nbrs", ()):
            a, b = sorted((ids[c], ids[n]))
            m.borders[(a, b)] = Border(a, b, props={"box_edge": True})
    for a, b, props in borders:
        x, y = sorted((ids[a], ids[b]))
        m.borders[(x, y)] = Border(x, y, props=dict(props))
    for k, (a, b) in enumerate(links, start=1):
        m.links[k] = Link(k, "strait", ids[a], ids[b], props={"crossing_arrow": True})
    pack = Pack(map=m)
    pack.nations["AXIS"] = Nation("AXIS", "Axis", colour="#9a9a9a")
    pack.nations["SOV"] = Nation("SOV", "Soviet Union", colour="#c0392b")
    # the Western Allies hold hexes but sit out Barbarossa (not in the turn order)
    pack.nations["ALL"] = Nation("ALL", "Western Allies", colour="#8b5a2b")
    scn = Scenario(
        "barbarossa",
        "Barbarossa (test map)",
        ruleset="hgw",
        options=dict(options or {}),
        start=start,
        calendar="3-seasons",
        rounds=rounds,
    )
    scn.turn_order = [["AXIS"], ["SOV"]]
    scn.alliances = {
        "axis": Alliance("axis", "Axis", members=["AXIS"]),
        "soviet": Alliance("soviet", "Soviet Union", members=["SOV"]),
    }
    scn.set_relation("AXIS", "SOV", "war")
    for c, sp in {**specs, **(boxes or {})}.items():
        if sp.get("owner"):
            scn.ownership[ids[c]] = Ownership(sp["owner"], sp["owner"])
    for c, nation, typ, count in units:
        scn.units.append(UnitStack(ids[c], nation, typ, count))
    scn.props["hgw_armies"] = [
        {"name": name, "nation": nation, "zone_code": c} for name, nation, c in armies
    ]
    if devastated:
        scn.props["hgw_devastated"] = devastated
    pack.scenarios[scn.id] = scn
    if ruleset_text is not None:
        pack.rulesets["hgw"] = RulesetDoc("hgw", ruleset_text)
    pack.meta["zone_ids"] = ids
    return pack


def ids(pack: Pack) -> dict[str, int]:
    return {z.code: z.id for z in pack.map.zones.values()}


#: victory hexes of the small maps (rows 1-3): Leningrad, Moscow, Stalingrad, Berlin
SMALL_VICTORY = {
    "hgw_leningrad_hex": "0106",
    "hgw_moscow_hex": "0206",
    "hgw_stalingrad_hex": "0306",
    "hgw_berlin_hex": "0201",
}


def strip(axis_cols=(1, 2), sov_cols=(3, 4, 5, 6), rows=(1, 2, 3), extra=None, **kw) -> Pack:
    """A 3-row strip: Germany in the west (cols 1-2), the USSR in the east (3-6); every
    hex worth 1 PP. ``extra`` overrides hex specs."""
    hexes: dict[str, dict] = {}
    for r in rows:
        for c in axis_cols:
            hexes[code(r, c)] = {"region": "Germany", "owner": "AXIS", "value": 1}
        for c in sov_cols:
            hexes[code(r, c)] = {"region": "USSR", "owner": "SOV", "value": 1}
    for c, sp in (extra or {}).items():
        hexes[c] = {**hexes.get(c, {}), **sp}
    options = {**SMALL_VICTORY, **kw.pop("options", {})}
    return hex_pack(hexes, options=options, **kw)


def barbarossa_like(rounds: int = 8) -> Pack:
    """A Barbarossa-shaped map (rows 09-16, cols 36-46) with the scenario's hex ids: the
    Axis in Germany, Poland and Rumania; the Soviets in the Baltic States and the USSR;
    Siberia a box east of the Urals; a mountain hex with a road, a swamp, a desert, an
    all-sea hexside, a crossing arrow over a sea inlet, an impassable hex and two
    neutral hexes (which are never attacked)."""
    hexes: dict[str, dict] = {}
    sea = {"0936", "0937", "1036", "1544", "1644"}
    for r in range(9, 17):
        for c in range(36, 47):
            h = code(r, c)
            if h in sea:
                hexes[h] = {"kind": "sea", "region": "Baltic" if r < 12 else "Black Sea"}
                continue
            if c <= 38:
                spec = {"region": "Germany", "owner": "AXIS", "value": 1}
            elif r >= 14 and c <= 41:
                spec = {"region": "Rumania", "owner": "AXIS", "value": 0}
            elif c <= 40 and r >= 12:
                spec = {"region": "Poland", "owner": "AXIS", "value": 0}
            elif c <= 40:
                spec = {"region": "Baltic States", "owner": "SOV", "value": 0}
            else:
                spec = {"region": "USSR", "owner": "SOV", "value": 1 if (r + c) % 3 == 0 else 0}
            hexes[h] = spec
    # the Rumanian Army's hex (seeds/001 BARBAROSSA SET-UP) is Rumania's, as on the board
    hexes["1642"] = {"region": "Rumania", "owner": "AXIS", "value": 0}
    hexes["1237"].update(value=3, flags=["capital"], name="Berlin")
    hexes["1337"].update(value=2)
    hexes["1436"]["value"] = 2
    hexes["0942"].update(value=2, name="Leningrad")
    hexes["1144"].update(value=3, name="Moscow")
    hexes["1446"].update(value=2, name="Stalingrad")
    hexes["1143"]["name"] = "Smolensk"
    hexes["1636"] = {"kind": "impassable", "region": "Switzerland"}
    hexes["1646"] = {"region": "Turkey", "value": 1}
    hexes["1645"] = {"region": "Turkey", "value": 0}
    hexes["1343"]["terrain"] = "swamp"
    hexes["1643"]["terrain"] = "mountain"
    hexes["1546"]["terrain"] = "desert"
    boxes = {
        "SIB": {
            "region": "USSR",
            "owner": "SOV",
            "value": 0,
            "retreat": True,
            "nbrs": [code(r, 46) for r in range(9, 14)],
        }
    }
    borders = [("1643", "1543", {"road": True}), ("0940", "0941", {"all_sea": True})]
    links = [("1543", "1645")]  # across the Black Sea inlet 1544/1644
    units = [
        ("1240", "AXIS", "inf", 5),
        ("1240", "AXIS", "mech", 5),
        ("1340", "AXIS", "inf", 5),
        ("1339", "AXIS", "inf", 2),
        ("1339", "AXIS", "mech", 8),
        ("1541", "AXIS", "inf", 3),
        ("1541", "AXIS", "mech", 7),
        ("1642", "AXIS", "inf", 6),
        ("1144", "SOV", "inf", 2),
        ("1144", "SOV", "mech", 2),
        ("0942", "SOV", "inf", 3),
        ("1140", "SOV", "inf", 3),
        ("1140", "SOV", "mech", 1),
        ("1241", "SOV", "inf", 3),
        ("1241", "SOV", "mech", 1),
        ("1341", "SOV", "inf", 3),
        ("1341", "SOV", "mech", 1),
        ("1442", "SOV", "inf", 3),
        ("1442", "SOV", "mech", 1),
        ("1542", "SOV", "inf", 3),
        ("1542", "SOV", "mech", 1),
        ("SIB", "SOV", "inf", 2),
        ("SIB", "SOV", "mech", 3),
    ]
    armies = [
        ("Army Group North", "AXIS", "1240"),
        ("Fourth Army", "AXIS", "1340"),
        ("Army Group Center", "AXIS", "1339"),
        ("Army Group South", "AXIS", "1541"),
        ("Rumanian Army", "AXIS", "1642"),
        ("Moscow", "SOV", "1144"),
        ("Leningrad", "SOV", "0942"),
        ("Baltic Military District", "SOV", "1140"),
        ("NW Front", "SOV", "1241"),
        ("Western Military District", "SOV", "1341"),
        ("SW Front", "SOV", "1442"),
        ("Kiev Military District", "SOV", "1542"),
        ("Siberia", "SOV", "SIB"),
    ]
    return hex_pack(
        hexes,
        units=units,
        armies=armies,
        borders=borders,
        links=links,
        boxes=boxes,
        rounds=rounds,
        devastated={"1436": {"points": 1, "permanent": True}},
    )
