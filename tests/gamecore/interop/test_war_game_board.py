"""The bundled War Game pack (seeds/002, rules-notes/002): reproducible, a valid coverage,
the 1942 land values of the printed table, and the map features the rules name."""

from __future__ import annotations

import copy
import re
from collections import deque

import numpy as np
import pytest
import shapely

from gamecore.geometry.adjacency import map_adjacency
from gamecore.geometry.grid import snap_map
from gamecore.paths import resource
from gamecore.store import read_pack
from gamecore.store.jsonform import dump_json
from tools.war_game_board import build as board

PACK = resource("samples", "war-game-1942.warroom")
MAJORS = ("GER", "ITA", "USSR", "UK", "FRA", "JPN", "USA", "CHN")


@pytest.fixture(scope="module")
def built():
    return board.build_board()


@pytest.fixture(scope="module")
def adjacency(built):
    return map_adjacency(built.map)


def code(pack, c):
    z = pack.map.zone_by_code(c)
    assert z is not None, c
    return z.id


def test_rebuilding_gives_the_committed_pack(built):
    """`make sample` is reproducible: the committed file is what the builder makes."""
    stored = copy.deepcopy(built)
    snap_map(stored.map)
    assert dump_json(stored) == dump_json(read_pack(PACK))


def test_zones_form_a_valid_coverage(built):
    m = built.map
    geoms = np.array([z.geometry for z in m.zones.values()], dtype=object)
    assert shapely.coverage_is_valid(geoms)
    assert all(shapely.is_valid(geoms))
    assert float(shapely.area(geoms).sum()) == pytest.approx(m.width * m.height, rel=1e-9)


def test_land_values_per_nation_equal_the_printed_1942_table(built):
    """seeds/002 set-up, the 1942 land-value table (rules-notes/002 §2.5): recomputed from
    the territories' values, original owners and January 1942 controllers, every nation's
    row (original, controlled neutral, enemy-occupied, conquered, net, total) is the
    printed one."""
    sc = built.scenarios["1942"]
    got = board.nation_totals(built, sc)
    printed = sc.props["printed_land_values"]
    for n in MAJORS:
        assert got[n] == printed[n], n
    assert [got["axis"][5], got["allies"][5]] == [236, 388]
    assert got["axis"] == printed["axis"]


def test_the_printed_allied_row_is_the_known_slip(built):
    """rules-notes/002 §2.5: the printed Allied total row reads 423 / +49 / -35, but its
    nation rows add up to 427 / +43 / -39 (the 1942 total 388 is right); the board follows
    the nation rows."""
    sc = built.scenarios["1942"]
    got = board.nation_totals(built, sc)["allies"]
    printed = sc.props["printed_land_values"]["allies"]
    assert got == [427, 43, -82, 0, -39, 388]
    assert printed == [423, 49, -82, 0, -35, 388]
    sums = [
        sum(sc.props["printed_land_values"][n][i] for n in sc.alliances["allies"].members)
        for i in range(6)
    ]
    assert sums == got


def test_incomes_follow_the_land_values(built):
    """rules-notes/002 §2.6: income = the values of the controlled territories; the
    starting bank is the turn-6 lend-lease (SOV 15, UK 15, FRA 4, §2.4)."""
    from gamecore.ops.scenario import computed_income

    sc = built.scenarios["1942"]
    for n in MAJORS:
        assert computed_income(built, sc, n) == sc.props["printed_land_values"][n][5]
    assert sc.banks == {n: {"USSR": 15, "UK": 15, "FRA": 4}.get(n, 0) for n in MAJORS}


def test_ocean_codes_and_the_codes_the_rules_use(built, adjacency):
    """rules-notes/002 §1.1 and §5.1: sea codes NP-, SP-, NA-, SA-, I- and the codes the
    seed's examples name; the pass-through example's adjacencies (NA-8 next to NA-4,
    NA-5 and NA-7)."""
    m = built.map
    seas = [z for z in m.zones.values() if z.kind == "sea"]
    coded = [z.code for z in seas if z.props.get("ocean_code")]
    assert all(re.fullmatch(r"(NP|SP|NA|SA|I)-\d+", c) for c in coded)
    # the enclosed seas (Mediterranean, Black Sea, ...) are named after their coasts
    oceans = ("atlantic", "pacific", "indian", "arctic")
    assert all(z.region in oceans for z in seas if z.props.get("ocean_code"))
    assert len(set(z.code for z in seas)) == len(seas)
    for c in ("NA-4", "NA-5", "NA-7", "NA-8", "NP-1", "NP-9", "SP-1", "SP-3", "SP-6"):
        assert c in coded
    na8 = code(built, "NA-8")
    assert {code(built, c) for c in ("NA-4", "NA-5", "NA-7")} <= adjacency[na8]
    for name in (
        "North Sea",
        "Sea of Japan",
        "Adriatic Sea",
        "South China Sea",
        "Celebes Sea",
        "Gulf of Thailand",
        "Sea off Hawaii",
    ):
        assert any(z.name == name for z in seas), name


def test_japan_hokkaido_sakhalin(built, adjacency):
    """seeds/002 'Miscellaneous': the Sea of Japan and NP-1 are separate zones with a sea
    border between Japan, Hokkaido and Sakhalin; no land link joins the three."""
    jap, hkd, kaf = (code(built, c) for c in ("JAP", "HKD", "KAF"))
    soj, np1 = code(built, "Sea_of_Japan"), code(built, "NP-1")
    assert np1 != soj and np1 in adjacency[soj]
    for land in (jap, hkd, kaf):
        assert soj in adjacency[land] and np1 in adjacency[land]
    assert hkd not in adjacency[jap] and kaf not in adjacency[hkd] and kaf not in adjacency[jap]


def test_canals_strait_and_land_links(built, adjacency):
    """seeds/002 'Land and Canals', 'Turkey': Panama (one controller decides), Suez
    (Egypt and Jordan, both on one side), the Turkish strait (free while Turkey is
    neutral); Italy-Sicily and Egypt-Jordan adjacent by land; nothing at Gibraltar."""
    m = built.map
    links = {link.name: link for link in m.links.values()}
    suez, panama, turk = links["Suez Canal"], links["Panama Canal"], links["Turkish Straits"]
    assert sorted(suez.controllers) == sorted([code(built, "EGY"), code(built, "PAL")])
    assert suez.rule == "all" and suez.props["passage"] == "both_controllers_one_side"
    assert m.zones[code(built, "PAL")].name == "Jordan"
    assert panama.controllers == [code(built, "PAN")]
    assert turk.controllers == [code(built, "TUR")]
    assert turk.props["passage"] == "neutral_free_else_friendly"
    assert {m.zones[turk.a].name, m.zones[turk.b].name} == {"Black Sea", "Aegean Sea"}
    # aircraft ignore canal control
    assert all(set(link.props["exempt"]) == {"fighter", "bomber"} for link in (suez, panama, turk))
    for link in m.links.values():
        assert m.zones[link.a].kind == m.zones[link.b].kind
        assert not {code(built, "GIB"), code(built, "MOR")} & {link.a, link.b, *link.controllers}
    assert code(built, "SIC") in adjacency[code(built, "ITL")]
    assert code(built, "PAL") in adjacency[code(built, "EGY")]


def test_sea_graph_is_connected(built, adjacency):
    """rules-notes/002 §5.3: the sea graph is connected counting canals and straits."""
    m = built.map
    seas = {zid for zid, z in m.zones.items() if z.kind == "sea"}
    start = min(seas)
    seen, todo = {start}, deque([start])
    while todo:
        for n in adjacency[todo.popleft()] & seas:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == seas


def test_hostile_terrain_lines(built, adjacency):
    """seeds/002 'Hostile Terrain' (rules-notes/002 §4.9, §5.4): the four lines exist, on
    land-land borders only."""
    m = built.map
    kinds = set()
    for (a, b), border in m.borders.items():
        kind = border.props.get("hostile_terrain")
        if kind:
            kinds.add(kind)
            assert m.zones[a].kind == m.zones[b].kind == "land"
            assert b in adjacency[a]
    assert kinds == {"sahara", "siberia", "outback", "himalayas"}


def test_island_groups_are_several_islands_one_space(built, adjacency):
    m = built.map
    groups = [z for z in m.zones.values() if "island_group" in z.flags]
    assert {z.code for z in groups} >= {"HAW", "MAR", "CAR", "MSH"}
    for z in groups:
        assert len(shapely.get_parts(z.geometry)) >= 2
        assert all(m.zones[n].kind != "land" for n in adjacency[z.id])


def test_scenario_shape(built):
    """rules-notes/002 §2.1-§2.3, §2.8: teams, the five turn slots, turns 6-13, the
    sharing matrix (Japan and the U.S.S.R. share land with no one), victory."""
    sc = built.scenarios["1942"]
    assert sc.ruleset == "war_game" and sc.rounds == 8 and sc.start == "1942-01"
    assert sc.turn_order == [["GER", "ITA"], ["USSR"], ["UK", "FRA"], ["JPN"], ["USA", "CHN"]]
    land = {frozenset(p) for p in sc.props["sharing"]["land"]}
    assert not any({"JPN"} & p or {"USSR"} & p for p in land)
    assert frozenset({"GER", "ITA"}) in land


def test_the_rulesets_victory_zones_exist(built):
    """seeds/002 'Victory Conditions' (§2.8): the war_game ruleset's victory option names
    Great Britain, the contiguous U.S.A. (a tag) and the Axis home territories; each names
    exactly one land territory of the board, the tag the four U.S. territories, which are
    land-connected (§5.11); neither side has won at the start."""
    import tomllib

    from gamecore.paths import rulesets_dir

    vic = tomllib.loads((rulesets_dir() / "war_game.toml").read_text())["options"]["wg_victory"]
    m = built.map
    adjacency = map_adjacency(m)
    for ref in [*vic["allies_hold"], *vic["axis_hold"]]:
        if ref.startswith("@"):
            tagged = [z for z in m.zones.values() if z.props.get("victory_set") == ref[1:]]
            assert sorted(z.code for z in tagged) == ["CUS", "EUS", "SUS", "WUS"]
            ids = {z.id for z in tagged}
            assert all(adjacency[z] & (ids - {z}) for z in ids)
        else:
            named = [z for z in m.zones.values() if ref in (z.name, z.code)]
            assert len(named) == 1 and named[0].kind == "land", ref
    got = board.nation_totals(built, built.scenarios["1942"])
    assert not got["axis"][5] < vic["allies_if_axis_land_below"]
    assert not got["axis"][5] > got["allies"][5]
