"""The Global War layer of the bundled sample pack and its ``global-war-1936`` scenario
(seeds/000_8004ae29f2fa7391.txt §1.6-§1.24 map elements, §3.2 Objective Cities, §4.9
warlords, §13.2-§13.3 the wars running in 1936, T 4-1, T 6-1)."""

from __future__ import annotations

import pytest
import shapely

from gamecore.engine import new_game
from gamecore.geometry.adjacency import map_adjacency
from gamecore.model import in_scenario
from gamecore.paths import sample_pack
from gamecore.rules import load_ruleset
from gamecore.store import read_pack
from tools.sample_world import build as sample_world

GW = "global-war-1936"


@pytest.fixture(scope="module")
def pack():
    return read_pack(sample_pack())


@pytest.fixture(scope="module")
def adjacency(pack):
    return map_adjacency(pack.map)


@pytest.fixture(scope="module")
def gw_state(pack, adjacency):
    return new_game(pack, GW, seed=1, rounds=1, adjacency=adjacency)


@pytest.fixture(scope="module")
def g40_state(pack, adjacency):
    return new_game(pack, "1939", seed=1, rounds=1, adjacency=adjacency)


def code(pack, zid):
    return pack.map.zones[zid].code


def zone(pack, c):
    z = pack.map.zone_by_code(c)
    assert z is not None, c
    return z


def test_every_land_zone_has_a_roundel_inside_it(pack):
    # seeds/000 §1.7: the roundel decides a zone's terrain, so every land zone has one
    for z in pack.map.zones.values():
        if z.kind == "land":
            assert z.roundel is not None, z.code
            assert shapely.contains_xy(z.geometry, *z.roundel), z.code


def test_terrain_areas_and_zone_terrain_from_the_roundel(pack):
    m = pack.map
    gw = load_ruleset("global_war")
    kinds = {t.terrain for t in m.terrain_areas.values()}
    # §1.8-§1.13: mountains, desert, jungle, marsh, tundra and the impassable Himalaya
    assert {"mountain", "desert", "jungle", "marsh", "tundra", "impassable"} <= kinds
    assert kinds <= set(gw.terrain)
    for t in m.terrain_areas.values():
        z = m.zones[t.zone]
        assert z.kind == "land" and t.geometry.area > 0
        # clipped to its zone
        assert shapely.difference(t.geometry, z.geometry).area < 1e-6 * t.geometry.area
    for z in m.zones.values():
        if z.kind != "land":
            continue
        holding = [
            t.terrain
            for t in m.terrain_areas.values()
            if t.zone == z.id and shapely.contains_xy(t.geometry, *z.roundel)
        ]
        # §1.7: the whole zone has the terrain its roundel lies in, else clear
        assert z.terrain == (holding[0] if holding else "clear"), z.code
    expect = {
        "SUI": "mountain",  # the Alps
        "TIB": "mountain",
        "CAU": "mountain",
        "NEP": "impassable",  # the Himalaya
        "LIB": "desert",
        "SAU": "desert",
        "BRM": "jungle",
        "CON": "jungle",
        "EPL": "marsh",  # the Pripet marshes
        "GRL": "tundra",
        "FRN": "clear",
        "MOS": "clear",
    }
    assert {c: zone(pack, c).terrain for c in expect} == expect
    # a terrain area may lie in a zone whose roundel is elsewhere (border terrain, §1.7):
    # the Alps reach into Southern Germany, which stays clear
    sge = zone(pack, "SGE")
    assert sge.terrain == "clear"
    assert any(t.zone == sge.id and t.terrain == "mountain" for t in m.terrain_areas.values())


def test_g40_does_not_see_the_global_war_terrain(pack, g40_state, gw_state):
    # g40 has no terrain effects (terrain_of falls back to a plain terrain): nothing is
    # impassable, nothing stops a blitz in the 1939 scenario
    assert not g40_state.board.impassable and not g40_state.board.no_blitz
    # in Global War the Himalaya and the ice are impassable (§1.13), mountains stop a blitz
    assert {code(pack, z) for z in gw_state.board.impassable} == {"NEP", "GRL", "NWT"}
    assert zone(pack, "SUI").id in gw_state.board.no_blitz


def test_rail_lines_follow_land_borders(pack, adjacency):
    # §1.14: rails sit on land borders; each crossed border carries the line's gauge
    m = pack.map
    rails = [line for line in m.lines.values() if line.kind == "rail"]
    assert len(rails) >= 40
    for line in rails:
        assert line.gauge in ("standard", "broad"), line.name
        assert all(m.zones[z].kind == "land" for z in line.path), line.name
        for a, b in zip(line.path, line.path[1:], strict=False):
            assert b in adjacency[a], line.name
            assert m.borders[(min(a, b), max(a, b))].rail_gauge in ("standard", "broad")
    names = {line.name for line in rails}
    assert {"Trans-Siberian railway", "Canadian Pacific (Halifax-Vancouver)"} <= names
    trans_sib = next(line for line in rails if line.name == "Trans-Siberian railway")
    assert code(pack, trans_sib.path[0]) == "MOS" and code(pack, trans_sib.path[-1]) == "VLA"
    assert trans_sib.gauge == "broad"  # §10.5: the Russian gauge
    # the USSR's Eastern Security objective (§3, T 3-1): a rail path Moscow -> Vladivostok
    railed = {k for k, b in m.borders.items() if b.rail_gauge}
    seen, todo = {zone(pack, "MOS").id}, [zone(pack, "MOS").id]
    while todo:
        a = todo.pop()
        for b in adjacency[a]:
            if (min(a, b), max(a, b)) in railed and b not in seen:
                seen.add(b)
                todo.append(b)
    assert zone(pack, "VLA").id in seen
    # rails join the networks of Europe, India, China and North America
    for a, b in (("FRN", "DEU"), ("NWI", "BEN"), ("HOP", "KWA"), ("CUS", "WUS")):
        assert any(
            zone(pack, a).id in line.path and zone(pack, b).id in line.path for line in rails
        ), (a, b)


def test_rivers_as_lines_and_as_border_attributes(pack, gw_state):
    # §1.12: a river is border terrain where it forms the border
    m = pack.map
    rivers = {line.name: line for line in m.lines.values() if line.kind == "river"}
    assert {"Rhine", "Vistula", "Dnieper", "Don", "Volga", "Danube", "Yangtze", "Mississippi"} <= (
        set(rivers)
    )
    along = {
        frozenset((code(pack, a), code(pack, b)))
        for (a, b), border in m.borders.items()
        if border.river
    }
    for pair in (("FRN", "WGE"), ("BUL", "RUM"), ("UKR", "EUK"), ("EUK", "STA"), ("DEU", "PLD")):
        assert frozenset(pair) in along, pair
    assert frozenset(("FRN", "SFR")) not in along  # not every border is a river
    # the engine sees them as the [borders.river] attribute (round-1 penalty)
    key = tuple(sorted((zone(pack, "FRN").id, zone(pack, "WGE").id)))
    assert "river" in gw_state.board.border_flags[key]


def test_narrow_crossings_are_no_links(pack, adjacency):
    # §1.20: the English Channel crossing London-France, limited per turn and blocked from
    # the Channel's sea zone; kept on the border so g40's adjacency does not change
    m = pack.map
    gbr, frn = zone(pack, "GBR").id, zone(pack, "FRN").id
    border = m.borders[(min(gbr, frn), max(gbr, frn))]
    assert border.crossing_limit == 3
    (via,) = border.props["via"]
    assert m.zones[via].kind == "sea" and via in adjacency[gbr] and via in adjacency[frn]
    assert frn not in adjacency[gbr]
    crossings = [b for b in m.borders.values() if b.crossing_limit]
    assert len(crossings) >= 3
    for b in crossings:
        assert all(m.zones[s].kind == "sea" for s in b.props["via"])


def test_global_war_convoy_lines_are_scoped_to_the_1936_scenario(pack, gw_state, g40_state):
    # §1.6: named lines with per-nation values; the Soviet-Arctic line has none
    m = pack.map
    gw_lines = {
        line.name: line
        for line in m.lines.values()
        # the Global War scenarios only (1936, its house-rules twin, global-war-1939), not
        # the g40 1939 one
        if line.kind == "convoy"
        and line.props.get("scenarios") == [GW, f"{GW}-house", "global-war-1939"]
    }
    for name in (
        "Soviet-Arctic line",
        "New York-Rio de Janeiro line",
        "East African line",
        "West African line",
        "Mediterranean line",
    ):
        assert name in gw_lines, name
    assert gw_lines["Soviet-Arctic line"].values == {}
    assert all(v > 0 for line in gw_lines.values() for v in line.values.values())
    assert all(set(line.values) <= set(pack.nations) for line in gw_lines.values())
    assert any(len(line.values) > 1 for line in gw_lines.values())  # per-nation values
    assert {code(pack, gw_lines["New York-Rio de Janeiro line"].start)} == {"EUS"}
    assert {code(pack, gw_lines["New York-Rio de Janeiro line"].end)} == {"SEB"}

    # each scenario's board carries its own lines only
    def zones_of(sid):
        return {
            z
            for line in m.lines.values()
            if line.kind == "convoy" and in_scenario(line.props, sid)
            for z in line.path
        }

    assert set(g40_state.board.convoy_zones) == zones_of("1939")
    assert set(gw_state.board.convoy_zones) == zones_of(GW)
    sa = gw_lines["Soviet-Arctic line"]
    assert set(sa.path) <= set(gw_state.board.convoy_zones)


def test_facilities_per_scenario(pack, gw_state, g40_state, adjacency):
    # §12.3-§12.10: Global War facility types in 1936; the 1939 scenario keeps its g40 set
    gw, g40 = load_ruleset("global_war"), load_ruleset("g40")
    gw_types = {f.type for f in gw_state.facilities.values()}
    assert gw_types <= set(gw.facility_types)
    assert {
        "major_factory",
        "medium_factory",
        "minor_factory",
        "major_shipyard",
        "minor_shipyard",
        "major_dockyard",
        "minor_dockyard",
        "major_port",
        "minor_port",
        "air_base",
        "submarine_base",
        "seaplane_base",
    } <= gw_types
    assert {f.type for f in g40_state.facilities.values()} <= set(g40.facility_types)
    # both see the air bases they share, neither sees the other's own facilities
    assert set(g40_state.facilities) != set(gw_state.facilities)
    assert set(g40_state.facilities) & set(gw_state.facilities)
    m = pack.map
    for f in m.facilities.values():
        if f.serves:
            assert all(m.zones[s].kind == "sea" and s in adjacency[f.zone] for s in f.serves)
    # production: Germany builds in 1936 at its major factories (5 each, §12.3)
    ger = {
        code(pack, f.zone): f.type
        for f in gw_state.facilities.values()
        if f.type.endswith("factory") and gw_state.owner[f.zone] == "GER"
    }
    assert ger == {"DEU": "major_factory", "WGE": "major_factory", "SGE": "medium_factory"}


def test_chinese_factions_warlords_and_minors(pack):
    sc = pack.scenarios[GW]
    # T 4-1: the CCP with the Comintern, controlled by the USSR, moving in its slot (T 6-1)
    assert "CCP" in sc.alliances["comintern"].members
    assert ["SOV", "CCP"] in sc.turn_order
    assert sc.owner_of(zone(pack, "SHE").id) == "CCP"
    # §13.3 the Chinese Civil War runs in 1936
    assert sc.relation("CHN", "CCP").status == "war"
    # §4.9 the warlords: neutral groups holding their zones
    warlords = {n for n in pack.nations if n.startswith("W")}
    assert len(warlords) >= 5
    for n in warlords:
        nat = pack.nations[n]
        assert nat.kind == "neutral" and not nat.playable and nat.home_zones
        assert all(sc.owner_of(z) == n for z in nat.home_zones)
        assert all(zone(pack, code(pack, z)).props.get("standing_army") for z in nat.home_zones)
    assert sc.owner_of(zone(pack, "HOP").id) == sc.owner_of(zone(pack, "SUY").id) == "WHC"
    # neutrals with a seat of their own (Spain, Turkey, Sweden) hold their capitals
    for n, c in (("ESP", "SPA"), ("TRK", "TUR"), ("SWD", "SWE")):
        assert pack.nations[n].kind == "neutral"
        assert code(pack, pack.nations[n].capital) == c and sc.owner_of(zone(pack, c).id) == n
    # §13.2 Abyssinia (controlled by France, T 4-1) at war with Italy
    assert sc.owner_of(zone(pack, "ETH").id) == "ABY" and ["FRA", "ABY"] in sc.turn_order
    assert sc.relation("ITA", "ABY").status == "war"
    # the 1939 scenario is untouched: the new nations hold nothing there
    s39 = pack.scenarios["1939"]
    new = {
        n
        for n, nat in pack.nations.items()
        if {GW, f"{GW}-house"} <= set(nat.props.get("scenarios") or [])
    }
    # T 4-1: Abyssinia is of the 1936 scenario only
    assert pack.nations["ABY"].props["scenarios"] == [GW, f"{GW}-house"]
    assert new >= {"CCP", "ABY", "ESP"}
    assert not any(o.owner in new for o in s39.ownership.values())
    assert not any(n in new for slot in s39.turn_order for n in slot)


def test_objective_cities_and_peacetime_income(pack):
    from gamecore.conditions import ScenarioWorld, check_objective

    sc = pack.scenarios[GW]
    # §3.2: ten Objective Cities, Nanking (Kiangsu) among them though no capital
    cities = [code(pack, z) for z in sc.props["objective_cities"]]
    assert len(cities) == 10 and "KIA" in cities and sc.owner_of(zone(pack, "KIA").id) == "CHN"
    # the condition language and the validator know them by their city names too
    assert "Berlin" in zone(pack, "DEU").props["aliases"]
    assert "Washington D.C." in zone(pack, "EUS").props["aliases"]
    assert zone(pack, "KIA").has_flag("victory_city")
    world = ScenarioWorld(pack, sc)
    for side in ("axis", "allies", "comintern"):
        obj = sc.objectives[f"GW_{side.upper()}_objective_cities"]
        assert obj.owner == side and check_objective(obj, world) == []
    # §2.4: cash = peacetime income in 1936 (USA 6 of its wartime 63 in the NRS example),
    # wartime income = the value of the starting zones
    assert sc.props["peacetime_income"]["USA"] == sc.banks["USA"] == 6
    assert all(
        sc.props["peacetime_income"][n] <= sc.props["wartime_income"][n]
        for n in sc.props["peacetime_income"]
        if n != "CCP"
    )


def test_the_map_data_tables_are_consistent():
    # every zone code the tables name exists, every terrain id is a global_war terrain
    codes = {r.code for r in sample_world._rows()}
    gw = load_ruleset("global_war")
    assert set(sample_world.ROUNDELS) <= codes
    assert {t for _, t, _ in sample_world.TERRAIN_AREAS} <= set(gw.terrain)
    assert set(sample_world.GW_FACILITIES) <= codes
    for types in sample_world.GW_FACILITIES.values():
        assert set(types.split()) <= set(gw.facility_types)
    assert set(sample_world.GW1936_OWNERS) <= codes
    assert set(sample_world.GW_OBJECTIVE_CITIES) <= codes
    for _name, _values, start, end, _route in sample_world.GW_CONVOYS:
        assert {start, end} <= codes


def test_in_scenario_scopes_map_items():
    # a map item without props["scenarios"] belongs to every scenario
    assert in_scenario({}, "1939") and in_scenario({"scenarios": []}, GW)
    assert in_scenario({"scenarios": [GW]}, GW) and not in_scenario({"scenarios": [GW]}, "1939")
    assert in_scenario({"scenarios": ["1939"]}, None)  # no scenario: the whole map


def test_triplea_export_of_1939_leaves_the_1936_data_out(pack, tmp_path):
    # the 1939 export keeps to its own facilities, and standing armies stand only in
    # zones that are neutral in 1939 (not in Austria, neutral only in 1936)
    from gamecore.interop.triplea.exporter import ExportOptions, export_triplea

    rep = export_triplea(pack, tmp_path, ExportOptions(tiles=False, scenario="1939"))
    xml = (tmp_path / "map" / rep.game_file).read_text(encoding="utf-8", errors="replace")
    assert 'unitType="major_ic"' in xml or 'name="major_ic"' in xml
    for gw_only in ("minor_port", "major_shipyard", "minor_dockyard", "seaplane_base"):
        assert gw_only not in xml, gw_only
    aut = [line for line in xml.splitlines() if 'territory="Austria"' in line]
    assert aut and not any("owner" not in line for line in aut if "unitPlacement" in line)
