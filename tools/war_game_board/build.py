"""The bundled pack "The War Game: World War II — 1942", built reproducibly.

``python -m tools.war_game_board OUT.warroom`` (``make sample``) builds the board of Jeff
Stein's *The War Game: World War II* (seeds/002, rules-notes/002) on the bundled Natural Earth
geography with the machinery of :mod:`tools.sample_world` (:func:`base_map`: the same
projection, coverage, sea-zone generation and stack slots as the World 1939 sample), then
puts on it what the rules name: the 1942 land values (their sums per nation are the
printed table's), Sicily and Hokkaido, Jordan, island groups, the coast-named sea zones and
the ocean codes NP-/SP-/NA-/SA-/I-, the Panama and Suez canals and the Turkish strait,
the hostile-terrain lines, and the scenario ``1942`` on the ``war_game`` ruleset.

The rulebook's map picture and set-up charts are lost; everything the text does not fix
is AUTHORED. Every table in ``data/tables.json`` says in its ``doc`` what is printed and what
is authored, and the pack carries the same marks (``props["authored"]`` on the map, the
scenario and each authored item). Running it twice gives byte-identical ``dump_json``.
"""

from __future__ import annotations

from pathlib import Path

import shapely

from gamecore.model import (
    Alliance,
    Facility,
    Link,
    Nation,
    Ownership,
    Pack,
    Scenario,
    UnitStack,
    border_key,
)
from tools.sample_world.build import (
    CUTS,
    LAND,
    _border,
    _load_tables,
    _ocean_of,
    base_map,
    run_build,
    summary_line,
)

__all__ = ["SCENARIO_ID", "build_board", "land_table", "main", "nation_totals"]

DATA = Path(__file__).resolve().with_name("data")
_T = _load_tables(DATA / "tables.json")
LAND_EDITS = _T["LAND_EDITS"]
ISLAND_GROUPS = _T["ISLAND_GROUPS"]
NATIONS = _T["NATIONS"]
TEAMS = _T["TEAMS"]
TURN_ORDER = _T["TURN_ORDER"]
CAPITALS = _T["CAPITALS"]
PRINTED_TOTALS = _T["PRINTED_TOTALS"]
TERRITORIES = _T["TERRITORIES"]
NAMED_SEAS = _T["NAMED_SEAS"]
OCEAN_PINS = _T["OCEAN_PINS"]
HOSTILE_TERRAIN = _T["HOSTILE_TERRAIN"]
PASSAGES = _T["PASSAGES"]
LAND_LINKS = _T["LAND_LINKS"]
FACTORIES = _T["FACTORIES"]
SETUP = _T["SETUP"]
LEND_LEASE_1942 = _T["LEND_LEASE_1942"]
SHARING = _T["SHARING"]
SEAS = _T["SEAS"]
VICTORY_SETS = _T["VICTORY_SETS"]

SCENARIO_ID = "1942"
RULESET = "war_game"
#: the ocean code prefixes (rules-notes/002 §1.1)
OCEAN_PREFIXES = ("NP", "SP", "NA", "SA", "I")
#: the war_game ruleset's aircraft (they pass canals whoever controls them)
AIRCRAFT = ("fighter", "bomber")
#: zone codes of uncontrolled neutrals' owner
NEUTRAL = "NEU"


def land_table() -> dict:
    """The World 1939 land table with The War Game's edits (LAND_EDITS)."""
    edits = LAND_EDITS
    out: dict[str, list] = {}
    for region, entries in LAND.items():
        rows = []
        for code, name, owner, value, src in entries:
            name = edits["rename"].get(code, name)
            src = edits["source"].get(code, src)
            rows.append((code, name, owner, value, src))
        out[region] = rows
    for region, code, name, src in edits["add"]:
        out[region].append((code, name, NEUTRAL, 0, src))
    return out


def _ocean_prefix(lon: float, lat: float) -> str:
    ocean = _ocean_of(lon, lat)
    if ocean == "indian":
        return "I"
    if ocean == "arctic":
        return "NA" if -100.0 <= lon <= 100.0 else "NP"
    north = lat >= 0.0
    if ocean == "atlantic":
        return "NA" if north else "SA"
    return "NP" if north else "SP"


def _sea_codes(m, proj, seas) -> None:
    """Coast-named sea zones keep their name (code: the name without spaces); every other
    sea zone gets an ocean code, the pinned ones first, the rest numbered north to south
    in 10-degree bands, west to east (east from Japan in the Pacific)."""
    coast_names = {row[0] for row in NAMED_SEAS}
    named = {z.id for z in m.zones.values() if z.kind == "sea" and z.name in coast_names}
    coded: dict[int, str] = {}
    for code, lon, lat in OCEAN_PINS:
        zid = seas.at(lon, lat)
        if zid in named or zid in coded:
            raise ValueError(f"ocean pin {code} falls in an already named sea zone {zid}")
        coded[zid] = code
    by_prefix: dict[str, list[tuple[tuple, int]]] = {p: [] for p in OCEAN_PREFIXES}
    for zid, z in sorted(m.zones.items()):
        if z.kind != "sea" or zid in named or zid in coded:
            continue
        if z.region not in ("atlantic", "pacific", "indian", "arctic"):
            raise ValueError(f"sea zone {z.name} of the {z.region} basin needs a coast name")
        lon, lat = (float(v[0]) for v in proj.inverse([z.label[0]], [z.label[1]]))
        prefix = _ocean_prefix(lon, lat)
        east = (lon - 140.0) % 360.0 if prefix in ("NP", "SP") else lon
        by_prefix[prefix].append(((-round(lat / 10.0), round(east, 3), zid), zid))
    used = set(coded.values())
    for prefix, items in by_prefix.items():
        n = 0
        for _, zid in sorted(items):
            n += 1
            while f"{prefix}-{n}" in used:
                n += 1
            coded[zid] = f"{prefix}-{n}"
            used.add(coded[zid])
    for zid, z in m.zones.items():
        if z.kind != "sea":
            continue
        if zid in coded:
            z.code = z.name = coded[zid]
            z.props["ocean_code"] = True
        else:
            z.code = z.name.replace(" ", "_").replace(".", "")


def _units(text: str) -> list[tuple[str, int, bool]]:
    """'N type, N# type' -> [(type, count, damaged)]: 'N#' is N damaged battleships (one
    hit taken, seed 002 set-up '1/1#')."""
    out = []
    for part in text.split(","):
        count, unit = part.split()
        out.append((unit, int(count.rstrip("#")), count.endswith("#")))
    return out


def nation_totals(pack: Pack, scenario: Scenario) -> dict[str, list[int]]:
    """Per nation, the columns of the printed 1942 table recomputed from the zones:
    [original land, controlled neutral, enemy-occupied (negative), conquered, net, total];
    plus the two teams' sums under their alliance ids."""
    m = pack.map
    nations = [n for n in pack.nations if pack.nations[n].kind == "major"]
    out = {n: [0, 0, 0, 0, 0, 0] for n in nations}
    for zid, o in scenario.ownership.items():
        z = m.zones[zid]
        if z.kind != "land":
            continue
        v, orig, ctrl = z.value, o.original, o.owner
        if orig in out:
            out[orig][0] += v
            if ctrl != orig:
                out[orig][2] -= v
        if ctrl in out:
            out[ctrl][5] += v
            if orig == NEUTRAL or orig is None:
                out[ctrl][1] += v
            elif orig != ctrl:
                out[ctrl][3] += v
    for row in out.values():
        row[4] = row[1] + row[2] + row[3]
    for aid, alliance in scenario.alliances.items():
        out[aid] = [sum(out[n][i] for n in alliance.members) for i in range(6)]
    return out


def build_board(geo_dir: str | Path | None = None, progress=None) -> Pack:
    """The War Game pack, built from the Natural Earth files in ``geo_dir``."""
    m, proj, rows, by_code, adj, seas = base_map(
        geo_dir,
        progress,
        land=land_table(),
        name="The War Game: World War II",
        named_seas=NAMED_SEAS,
        sea_zones=SEAS["zones"],
        cuts=[*CUTS, *SEAS["cuts"]],
        basins=SEAS["basins"],
    )
    m.props["authored"] = (
        "The rulebook's map is lost (rules-notes/002): the territories are the World 1939 "
        "zones with Sicily, Hokkaido and Jordan; values, island groups, sea-zone codes, "
        "hostile-terrain borders and the Danish straits are authored "
        "(tools/war_game_board/data/tables.json says which)."
    )
    m.props["die_sides"] = 12
    missing = sorted(c for c in by_code if by_code[c].kind == "land" and c not in TERRITORIES)
    if missing:
        raise ValueError(f"land zones without a 1942 row: {missing}")

    # land: values (authored, summing to the printed table), island groups, capitals
    for code, (value, _orig, _ctrl) in TERRITORIES.items():
        by_code[code].value = value
    for code in ISLAND_GROUPS:
        z = by_code[code]
        if len(shapely.get_parts(z.geometry)) < 2:
            raise ValueError(f"island group {code} has fewer than two islands")
        z.set_flag("island_group")
        z.props["authored"] = True
    capital_of = {code: nid for nid, code in CAPITALS.items()}
    for code, _nid in sorted(capital_of.items()):
        by_code[code].set_flag("capital")

    # sea: coast names and ocean codes
    _sea_codes(m, proj, seas)

    # canals, the Turkish strait, land links
    for name, pa, pb, controllers, rule, passage in PASSAGES:
        a, b = seas.at(*pa), seas.at(*pb)
        if a == b:
            raise ValueError(f"{name}: both ends lie in sea zone {m.zones[a].code}")
        lid = m.next_id("links")
        # aircraft ignore canal control and fly one space across (seed 002 'Land and
        # Canals'); "exempt": the unit types the kernel lets through whoever holds it
        props = {"passage": passage, "move_cost": 1, "exempt": list(AIRCRAFT)}
        if name == "Danish Straits":
            props["authored"] = True
        m.links[lid] = Link(
            lid,
            "canal",
            min(a, b),
            max(a, b),
            name,
            controllers=[by_code[c].id for c in controllers],
            rule=rule,
            props=props,
        )
    for name, ca, cb in LAND_LINKS:
        a, b = sorted((by_code[ca].id, by_code[cb].id))
        lid = m.next_id("links")
        m.links[lid] = Link(lid, "connection", a, b, name)

    # hostile-terrain lines on land-land borders
    for kind, ca, cb in HOSTILE_TERRAIN:
        a, b = by_code[ca].id, by_code[cb].id
        if b not in adj[a]:
            raise ValueError(f"hostile terrain {kind}: {ca} and {cb} do not share a border")
        border = _border(m, a, b)
        border.props["hostile_terrain"] = kind

    pack = Pack(map=m)
    pack.meta = {
        "title": "The War Game: World War II — 1942",
        "description": (
            "Jeff Stein's The War Game: World War II (basic 1942 rules) on Natural Earth "
            f"1:110m geography: {sum(1 for z in m.zones.values() if z.kind == 'land')} "
            f"territories, {sum(1 for z in m.zones.values() if z.kind == 'sea')} sea zones, "
            "the war_game ruleset. Authored where the rulebook's lost map is silent."
        ),
        "source": "Natural Earth (public domain), see resources/geodata/README.md",
        "built_by": "python -m tools.war_game_board",
    }
    home: dict[str, list[int]] = {}
    for code, (_v, orig, _c) in TERRITORIES.items():
        home.setdefault(orig, []).append(by_code[code].id)
    for nid, name, colour, kind, playable in NATIONS:
        capital = by_code[CAPITALS[nid]].id if nid in CAPITALS else None
        pack.nations[nid] = Nation(
            nid, name, colour, kind, playable, capital, sorted(home.get(nid, []))
        )

    sc = Scenario(SCENARIO_ID, "The War Game: January 1942", ruleset=RULESET)
    sc.start = "1942-01"  # game turn 6 = Jan-Jun 1942 (rules-notes/002 §2.2)
    sc.calendar = "6-months"
    sc.rounds = 8  # game turns 6..13; turn 13 = Jul-Dec 1945 is the last
    sc.turn_order = [list(slot) for slot in TURN_ORDER]
    for aid, name, colour, members in TEAMS:
        sc.alliances[aid] = Alliance(aid, name, list(members), colour)
    teams = {n: aid for aid, _, _, members in TEAMS for n in members}
    majors = [n[0] for n in NATIONS if n[3] == "major"]
    for i, a in enumerate(majors):
        for b in majors[i + 1 :]:
            sc.set_relation(a, b, "aligned" if teams[a] == teams[b] else "war")
    for code, (_v, orig, ctrl) in sorted(TERRITORIES.items()):
        sc.ownership[by_code[code].id] = Ownership(ctrl, orig)
    for nation, entries in SETUP.items():
        for where, units in entries:
            if where.startswith("sea "):
                _, lon, lat = where.split()
                zid = seas.at(float(lon), float(lat))
            else:
                zid = by_code[where].id
            for unit, count, damaged in _units(units):
                props = {"damage": 1} if damaged else {}
                sc.units.append(UnitStack(zid, nation, unit, count, props=props))
    for code, kind, owner in FACTORIES:
        fid = m.next_id("facilities")
        m.facilities[fid] = Facility(
            fid,
            by_code[code].id,
            f"{kind}_factory",
            owner=owner,
            props={"scenarios": [SCENARIO_ID], "authored": True},
        )
    sc.banks = {n: int(LEND_LEASE_1942.get(n, 0)) for n in majors}
    # §2.8 victory is the ruleset's (option wg_victory, checked at the end of each game
    # turn); it names its zones, and "@contiguous_usa" the zones tagged here
    for code in VICTORY_SETS["contiguous_usa"]:
        by_code[code].props["victory_set"] = "contiguous_usa"
    sc.props["sharing"] = {
        kind: sorted([list(p) for p in pairs]) for kind, pairs in sorted(SHARING.items())
    }
    sc.props["starting_lend_lease"] = dict(LEND_LEASE_1942)
    sc.props["game_turn"] = {"start": 6, "end": 13, "turn1_start": "1939-07"}
    sc.props["printed_land_values"] = {k: list(v) for k, v in PRINTED_TOTALS.items()}
    sc.props["authored"] = (
        "set-up, factories and the split of the printed land totals over territories "
        "(the set-up charts are lost)"
    )
    sc.props["sources"] = "seeds/002 (set-up, victory, sharing); rules-notes/002 §2"
    pack.scenarios[sc.id] = sc
    # a border key for every hostile border exists (checked above); keep Map tidy
    assert all(border_key(*k) == k for k in m.borders)
    return pack


def _summary(pack: Pack) -> str:
    m = pack.map
    return summary_line(
        pack,
        {"land": "territories", "sea": "sea zones"},
        {"links": len(m.links), "marked borders": len(m.borders)},
    )


def main(argv: list[str] | None = None) -> int:
    return run_build(
        argv,
        "python -m tools.war_game_board",
        'Build the bundled pack "The War Game: World War II — 1942".',
        build_board,
        _summary,
    )
