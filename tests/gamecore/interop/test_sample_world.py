"""The bundled sample "World 1939": reproducible, a valid coverage, plausible, playable."""

from __future__ import annotations

import copy

import numpy as np
import pytest
import shapely

from gamecore.geometry.adjacency import map_adjacency
from gamecore.geometry.grid import snap_map
from gamecore.model import in_scenario
from gamecore.paths import sample_pack
from gamecore.store import read_pack
from gamecore.store.jsonform import dump_json
from tools.sample_world import build as sample_world


@pytest.fixture(scope="module")
def built():
    return sample_world.build_sample()


@pytest.fixture(scope="module")
def adjacency(built):
    return map_adjacency(built.map)


def zone(pack, code):
    z = pack.map.zone_by_code(code)
    assert z is not None, code
    return z


def test_rebuilding_gives_the_committed_pack(built):
    """`make sample` is reproducible: the committed file is what the builder makes."""
    committed = read_pack(sample_pack())
    stored = copy.deepcopy(built)
    snap_map(stored.map)  # what saving it stores: coordinates on the grid (#18)
    assert dump_json(stored) == dump_json(committed)


def test_sample_pack_is_small():
    assert sample_pack().stat().st_size < 3_000_000


def test_zones_form_a_valid_coverage_of_the_frame(built):
    m = built.map
    geoms = np.array([z.geometry for z in m.zones.values()], dtype=object)
    assert shapely.coverage_is_valid(geoms)
    assert all(shapely.is_valid(geoms))
    assert float(shapely.area(geoms).sum()) == pytest.approx(m.width * m.height, rel=1e-9)
    assert m.wrap_x and m.crs.startswith("+proj=mill") and len(m.transform) == 6


def test_counts_in_range(built):
    kinds = [z.kind for z in built.map.zones.values()]
    assert 120 <= kinds.count("land") <= 200
    assert 60 <= kinds.count("sea") <= 100
    assert kinds.count("lake") >= 1  # the Caspian
    codes = [z.code for z in built.map.zones.values()]
    assert len(codes) == len(set(codes))
    seas = sorted(int(z.code) for z in built.map.zones.values() if z.kind == "sea")
    assert seas == list(range(1, len(seas) + 1))
    assert not any(z.name.startswith("Sea Zone") for z in built.map.zones.values())


def test_large_countries_are_split(built):
    regions = {}
    for row in sample_world._rows():
        if row.kind == "seed":
            regions.setdefault(row.group, []).append(row.code)
    for group in ("SU", "USA", "CHN", "CAN", "BRA", "AUS"):
        assert len(regions[group]) >= 4, group
        for code in regions[group]:
            assert zone(built, code).geometry.area > 0


def test_powers_capitals_and_alliances(built):
    sc = built.scenarios["1939"]
    assert sc.ruleset == "g40"
    majors = {"GER", "UK", "FRA", "ITA", "SOV", "JPN", "USA", "CHN"}
    assert majors <= set(built.nations)
    for nid in majors | {"POL"}:
        n = built.nations[nid]
        assert n.capital is not None and sc.owner_of(n.capital) == nid, nid
        assert zone(built, built.map.zones[n.capital].code).has_flag("capital")
    assert {"GER", "ITA", "JPN"} == set(sc.alliances["axis"].members)
    assert sc.relation("GER", "POL").status == "war"
    assert sc.relation("GER", "SOV").status == "pact"
    assert sc.relation("JPN", "CHN").status == "war"
    assert sc.relation("USA", "JPN").status == "peace"
    playing = {n for slot in sc.turn_order for n in slot}
    assert playing == {n.id for n in built.nations.values() if n.playable}
    # neutrals carry their alignment for the condition language
    assert built.nations["NAX"].props["alignment"] == "pro_axis"
    assert sc.owner_of(zone(built, "SWE").id) == "NEU"
    # every land zone is owned; big countries are split among zones of one owner
    land = [z for z in built.map.zones.values() if z.kind == "land"]
    assert all(sc.owner_of(z.id) for z in land)
    assert sum(1 for z in land if sc.owner_of(z.id) == "SOV") >= 20


def test_terrain_cities_and_facilities(built, adjacency):
    m = built.map
    assert zone(built, "SUI").terrain == "mountain"
    assert zone(built, "LIB").terrain == "desert"
    assert zone(built, "BRM").terrain == "jungle"
    victory = [z.code for z in m.zones.values() if z.has_flag("victory_city")]
    assert {"DEU", "GBR", "MOS", "JAP", "EUS"} <= set(victory)
    # the 1939 scenario's facilities are g40 types (the 1936 ones: test_gw1936_map.py)
    types = {f.type for f in m.facilities.values() if in_scenario(f.props, "1939")}
    assert types == {"major_ic", "minor_ic", "naval_base", "air_base"}
    for f in m.facilities.values():
        assert m.zones[f.zone].kind == "land"
        if f.type == "naval_base" or f.serves:
            assert f.serves, f.props
            for s in f.serves:
                assert m.zones[s].kind == "sea" and s in adjacency[f.zone]
    assert zone(built, "MLT").has_flag("island")


def test_canals_straits_and_convoys(built, adjacency):
    m = built.map
    links = {link.name: link for link in m.links.values()}
    for name in ("Suez Canal", "Panama Canal", "Dardanelles", "Danish Straits"):
        link = links[name]
        assert link.kind == "canal"
        assert m.zones[link.a].kind == "sea" and m.zones[link.b].kind == "sea"
        for c in link.controllers:
            assert link.a in adjacency[c] and link.b in adjacency[c], name
    assert [m.zones[c].code for c in links["Suez Canal"].controllers] == ["EGY"]
    gib = links["Strait of Gibraltar"]
    assert gib.kind == "strait" and {m.zones[gib.a].code, m.zones[gib.b].code} == {"GIB", "MOR"}
    assert m.zones[gib.via].kind == "sea"
    convoys = [line for line in m.lines.values() if line.kind == "convoy"]
    assert len([line for line in convoys if in_scenario(line.props, "1939")]) >= 3
    for line in convoys:
        assert all(m.zones[z].kind == "sea" for z in line.path)
        assert all(b in adjacency[a] for a, b in zip(line.path, line.path[1:], strict=False))
        assert line.start in m.zones and line.end in m.zones
        # every line has a value but Global War's Soviet-Arctic line (seeds/000 §1.6)
        assert line.values or line.name == "Soviet-Arctic line"
    # the Mediterranean, Black Sea and Baltic are their own basins
    med = [z for z in m.zones.values() if z.region == "mediterranean"]
    assert len(med) == 6
    assert [z.name for z in m.zones.values() if z.region == "black_sea"] == ["Black Sea"]


def test_objectives_compile(built):
    from gamecore.conditions import ScenarioWorld, check_objective

    sc = built.scenarios["1939"]
    world = ScenarioWorld(built, sc)
    assert len(sc.objectives) >= 15
    for obj in sc.objectives.values():
        assert check_objective(obj, world) == [], obj.id
    owners = {o.owner for o in sc.objectives.values()}
    assert {"GER", "SOV", "JPN", "USA", "CHN", "UK", "ITA", "FRA"} <= owners


def test_new_game_and_random_rounds(built):
    from gamecore.engine import RandomBot, new_game, play

    state = new_game(built, "1939", seed=7, rounds=2)
    assert not state.is_terminal()
    play(state, RandomBot(seed=3), max_actions=20000)
    assert state.is_terminal()
    assert set(state.returns()) == {"axis", "allies", "comintern"}


def test_shared_borders_have_identical_vertices(built):
    """Every boundary segment off the frame is used by exactly two zones (docs/architecture.md,
    Invariant 1: neighbours share identical vertices)."""
    from gamecore.geometry.adjacency import zone_segments

    m = built.map
    seg, _zone = zone_segments({z.id: z.geometry for z in m.zones.values()})
    swap = (seg[:, 0] > seg[:, 2]) | ((seg[:, 0] == seg[:, 2]) & (seg[:, 1] > seg[:, 3]))
    seg[swap] = seg[swap][:, [2, 3, 0, 1]]
    on_frame = (
        ((seg[:, 0] == 0) & (seg[:, 2] == 0))
        | ((seg[:, 0] == m.width) & (seg[:, 2] == m.width))
        | ((seg[:, 1] == 0) & (seg[:, 3] == 0))
        | ((seg[:, 1] == m.height) & (seg[:, 3] == m.height))
    )
    _uniq, counts = np.unique(seg[~on_frame], axis=0, return_counts=True)
    assert (counts == 2).all()


def test_validator_reports_no_problem(built):
    from gamecore.validate import validate

    report = validate(built)
    problems = [
        f"{i.code} {i.message}" for i in report.issues if i.severity in ("error", "warning")
    ]
    assert problems == []


def test_the_builder_runs_only_with_the_gamecore_of_its_own_tree(tmp_path):
    assert sample_world.tree_mismatch() is None
    problem = sample_world.tree_mismatch(tmp_path)
    assert problem is not None and str(tmp_path / "gamecore") in problem
    assert "\n" not in problem


def test_the_builder_refuses_another_trees_gamecore(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sample_world, "ROOT", tmp_path)
    out = tmp_path / "out.warroom"
    assert sample_world.main([str(out)]) == 2
    assert "run it with this tree's own virtual environment" in capsys.readouterr().err
    assert not out.exists()


def test_tables_are_data_with_rows_as_tuples(tmp_path):
    tables = sample_world._load_tables(sample_world.DATA / "tables.json")
    assert tables["LAND"]["europe"][0] == ("GBR", "United Kingdom", "UK", 8, "GBR")
    assert isinstance(tables["RIVER_NOT"], set) and ("WGE", "SGE") in tables["RIVER_NOT"]
    bad = tmp_path / "tables.json"
    bad.write_text('{"X": {"type": "queue", "value": []}}', encoding="utf-8")
    with pytest.raises(ValueError, match="tables.json: table X has unknown type 'queue'"):
        sample_world._load_tables(bad)
