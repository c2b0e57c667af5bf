"""The bundled Hitler's Global War pack (seeds/001, rules-notes/001): the Barbarossa map and
scenario built by tools/hgw_board: reproducible, the rulebook's hexes at their ids, the
1941 front, the boxes, the start production, and a clean validation."""

from __future__ import annotations

import copy
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamecore.geometry.grid import snap_map
from gamecore.geometry.hexgrid import HexLayout, hex_distance, hex_neighbours
from gamecore.model import border_key
from gamecore.paths import resource
from gamecore.store import read_pack
from gamecore.store.jsonform import dump_json
from tools.hgw_board import build as board

PACK = resource("samples", "hgw-barbarossa.warroom")


@pytest.fixture(scope="module")
def built():
    return board.build_board()


@pytest.fixture(scope="module")
def pack():
    return read_pack(PACK)


def zone(pack, code):
    z = pack.map.zone_by_code(code)
    assert z is not None, code
    return z


def test_rebuilding_gives_the_committed_pack(built, pack):
    """`make sample` is reproducible: the committed file is what the builder makes."""
    stored = copy.deepcopy(built)
    snap_map(stored.map)
    assert dump_json(stored) == dump_json(pack)


def test_every_hex_id_is_unique_and_well_formed(pack):
    m = pack.map
    layout = HexLayout.from_props(m.props["hex"])
    codes = [z.code for z in m.zones.values()]
    assert len(codes) == len(set(codes))
    grid = [z for z in m.zones.values() if "hex" in z.props]
    assert len(grid) == layout.count
    for z in grid:
        row, col = z.props["hex"]
        assert re.fullmatch(r"\d{4}", z.code)
        assert z.code == f"{row:02d}{col:02d}" == layout.code(row, col)
    boxes = {z.code for z in m.zones.values() if z.kind == "offmap"}
    assert boxes == {"1909", "1614", "2828", "4639", "2656", "SIB"}


@pytest.mark.parametrize(
    ("code", "name", "country"),
    [
        ("0942", "Leningrad", "USSR"),
        ("1144", "Moscow", "USSR"),
        ("1446", "Stalingrad", "USSR"),
        ("1143", "Smolensk", "USSR"),
        ("1237", "Berlin", "Germany"),
        ("1236", "Kiel", "Germany"),
        ("1434", "Paris", "France"),
        ("1532", "Saint-Nazaire", "France"),
        ("1735", "Corsica", "France"),
        ("1836", "Sardinia", "Italy"),
        ("1842", "Istanbul", "Turkey"),
        ("2031", "Gibraltar", "Gibraltar"),
        ("2038", "Malta", "Malta"),
        ("2243", "Suez", "Egypt"),
        ("1934", "Algiers", "Algeria"),
        ("0438", "Narvik", "Norway"),
        ("2239", "El Agheila", "Libya"),
        ("1140", "1140", "Baltic States"),
        ("1240", "1240", "Poland"),
    ],
)
def test_the_rulebooks_hexes_are_at_their_ids(pack, code, name, country):
    """rules-notes/001 §1.7 gazetteer: the named places are the land hexes of those ids."""
    z = zone(pack, code)
    assert z.kind == "land"
    assert z.name == name
    assert z.region == country


def test_the_grid_fit_puts_the_cities_in_or_next_to_their_hexes(pack):
    """The least-squares georeference: every named place falls in its hex or in a
    neighbour (the misses are recorded on the map)."""
    fit = board.fit_grid()
    assert fit["places"]
    assert all(p["off_by"] <= 1 for p in fit["places"])
    assert pack.map.props["hgw_fit"]["misses"] == fit["misses"]
    core = {"Leningrad", "Moscow", "Berlin", "Paris", "Kiel", "Istanbul", "Suez", "Malta"}
    assert not core & {p["place"] for p in fit["misses"]}


def test_capitals(pack):
    """seeds/001 SURRENDER and Barbarossa victory: the three Soviet capitals, Berlin."""
    for code, country in [
        ("0942", "USSR"),
        ("1144", "USSR"),
        ("1446", "USSR"),
        ("1237", "Germany"),
    ]:
        z = zone(pack, code)
        assert "capital" in z.flags
        assert z.props["capital_of"] == country


def _adjacent(a: str, b: str) -> bool:
    ra, ca = int(a[:2]), int(a[2:])
    rb, cb = int(b[:2]), int(b[2:])
    return (rb, cb) in hex_neighbours(ra, ca)


def test_the_1941_front(pack):
    """seeds/001 Barbarossa set-up: the Axis armies (1240, 1340, 1541, 1642) face the
    Soviet armies (1140, 1241, 1341, 1442, 1542) across hexsides, and each army stands in
    a hex its side holds."""
    sc = pack.scenarios["barbarossa"]
    axis, soviet = ["1240", "1340", "1541", "1642"], ["1140", "1241", "1341", "1442", "1542"]
    for code in axis:
        assert sc.owner_of(zone(pack, code).id) == "AXIS"
    for code in soviet:
        assert sc.owner_of(zone(pack, code).id) == "SOV"
    pairs = [("1240", "1140"), ("1240", "1241"), ("1340", "1241"), ("1340", "1341")]
    pairs += [("1541", "1442"), ("1541", "1542"), ("1642", "1542")]
    for a, b in pairs:
        assert _adjacent(a, b), (a, b)
        key = border_key(zone(pack, a).id, zone(pack, b).id)
        assert not pack.map.borders.get(key) or not pack.map.borders[key].props.get("all_sea")
    # rulebook adjacencies of the contract (the odd-r layout)
    for a, b in [("1141", "1241"), ("1838", "1937"), ("1337", "1238"), ("1240", "1339")]:
        assert _adjacent(a, b)


def test_set_up_armies_and_siberia(pack):
    """seeds/001 Barbarossa set-up: 21 inf + 20 mech Axis, 22 inf + 10 mech Soviet, Siberia
    2 inf + 3 mech in its box; Army Group Center's hex is authored."""
    sc = pack.scenarios["barbarossa"]
    totals: dict[tuple[str, str], int] = {}
    for u in sc.units:
        totals[(u.nation, u.unit_type)] = totals.get((u.nation, u.unit_type), 0) + u.count
    assert totals == {
        ("AXIS", "inf"): 21,
        ("AXIS", "mech"): 20,
        ("SOV", "inf"): 22,
        ("SOV", "mech"): 10,
    }
    sib = zone(pack, "SIB")
    here = {u.unit_type: u.count for u in sc.units if u.zone == sib.id}
    assert here == {"inf": 2, "mech": 3}
    armies = {a["name"]: a for a in sc.props["hgw_armies"]}
    assert len(armies) == 13
    assert armies["Army Group Center"]["authored"] is True
    assert armies["Siberia"]["zone_code"] == "SIB"
    assert all(a["zone_code"] for a in armies.values())


def test_start_production_is_34_and_16(pack):
    """seeds/001 Barbarossa set-up: Axis 34, Soviet 16 undevastated points at the start
    (Siberia's 8 arrive on the second turn); 3 French points permanently devastated, all
    of Yugoslavia's and Greece's devastated but repairable."""
    sc = pack.scenarios["barbarossa"]
    # the rule system's income before the Axis -17: points traced to a home-country point
    assert board.start_income(pack) == {"AXIS": 34, "SOV": 16}
    # Finland's Helsinki point is controlled but traces to no German point: no income
    assert board.side_production(pack, sc) == {"AXIS": 35, "SOV": 16}
    assert zone(pack, "0841").value == 1 and zone(pack, "0841").region == "Finland"
    dev = sc.props["hgw_devastated"]
    french = [d for c, d in dev.items() if zone(pack, c).region == "France"]
    assert sum(d["points"] for d in french) == 3 and all(d["permanent"] for d in french)
    for z in pack.map.zones.values():
        if z.region in ("Yugoslavia", "Greece") and z.value:
            assert dev[z.code] == {"points": z.value, "permanent": False}
    assert zone(pack, "SIB").value == 8
    assert all(0 <= z.value <= 4 for z in pack.map.zones.values() if z.kind == "land")


def test_boxes_and_their_links(pack):
    """seeds/001 Barbarossa special rule 6 and OFF-MAP COMBAT: five boxes reached by sea
    arrows; Siberia borders the eastern land hexes and is the only box one may retreat
    from."""
    m = pack.map
    sib = zone(pack, "SIB")
    assert sib.props["box"] == {"stacking": None, "retreat": True}
    sides = [k for k in m.borders if sib.id in k]
    assert len(sides) >= 10
    cols = m.props["hex"]["cols"]
    for a, b in sides:
        other = m.zones[b if a == sib.id else a]
        assert other.kind == "land" and other.region == "USSR"
        assert other.props["hex"][1] == cols[1]
    for code in ("1909", "1614", "2828", "4639", "2656"):
        box = zone(pack, code)
        assert box.props["box"]["retreat"] is False
        arrows = [lk for lk in m.links.values() if lk.kind == "offmap" and box.id in (lk.a, lk.b)]
        assert arrows
        for lk in arrows:
            target = m.zones[lk.b if lk.a == box.id else lk.a]
            assert target.kind == "sea"
    sc = pack.scenarios["barbarossa"]
    assert sc.owner_of(sib.id) == "SOV"
    assert all(
        sc.owner_of(zone(pack, c).id) is None for c in ("1909", "1614", "2828", "4639", "2656")
    )


def test_neutrals_and_switzerland(pack):
    """seeds/001 Barbarossa special rule 1: hexes neither side controls can never be
    attacked (Sweden, Spain, Turkey, Britain ... have no owner); Switzerland is white,
    permanently neutral and never entered."""
    sc = pack.scenarios["barbarossa"]
    owners: dict[str, set] = {}
    for z in pack.map.zones.values():
        if z.kind == "land":
            owners.setdefault(z.region, set()).add(sc.owner_of(z.id))
    for country in ("Sweden", "Spain", "Portugal", "Turkey", "Great Britain", "Eire", "Iran"):
        assert owners[country] == {None}, country
    for country in ("Germany", "Italy", "Finland", "Rumania", "Hungary", "Poland", "France"):
        assert owners[country] == {"AXIS"}, country
    assert owners["USSR"] == owners["Baltic States"] == {"SOV"}
    swiss = [z for z in pack.map.zones.values() if z.region == "Switzerland"]
    assert swiss and all(z.kind == "impassable" for z in swiss)


def test_hexsides_and_authored_marks(pack):
    """All-sea hexsides join land hexes only; roads and crossing arrows are authored and
    marked; the Oresund arrow joins East Denmark 1136 to Sweden."""
    m = pack.map
    for (a, b), bd in m.borders.items():
        if bd.props.get("all_sea"):
            assert m.zones[a].kind == m.zones[b].kind == "land"
        if bd.props.get("road"):
            assert bd.props.get("authored") is True
            assert not bd.props.get("all_sea")
            assert m.zones[a].kind == m.zones[b].kind == "land"
            assert _adjacent(m.zones[a].code, m.zones[b].code)
    straits = [lk for lk in m.links.values() if lk.kind == "strait"]
    assert straits and all(lk.props["crossing_arrow"] for lk in straits)
    oresund = {frozenset((m.zones[lk.a].code, m.zones[lk.b].code)) for lk in straits}
    assert frozenset(("1136", "1137")) in oresund
    assert any(bd.props.get("road") for bd in m.borders.values())
    mountains = [z for z in m.zones.values() if z.terrain == "mountain"]
    assert mountains and all("terrain" in z.props["authored"] for z in mountains)
    assert any(z.terrain == "swamp" for z in m.zones.values())
    assert any(z.terrain == "desert" for z in m.zones.values())
    valued = [z for z in m.zones.values() if z.kind == "land" and z.value]
    assert all("value" in z.props["authored"] for z in valued)


def test_scenario_shape(pack):
    sc = pack.scenarios["barbarossa"]
    assert sc.ruleset == "hgw"
    assert sc.turn_order == [["AXIS"], ["SOV"]]
    assert (sc.start, sc.calendar, sc.rounds) == ("1941-05", "3-seasons", 8)
    assert set(pack.nations) == {"AXIS", "SOV", "ALL"}


def test_the_pack_validates_clean(pack):
    """Issue #28: the Barbarossa scenario on the hgw ruleset validates clean (no error,
    no warning): hex cells, coastal hexes, hexside flags, boxes joined, the scenario."""
    from gamecore.validate import validate

    issues = validate(pack).issues
    assert [i for i in issues if i.severity in ("error", "warning")] == []


def test_no_axis_hex_falls_at_the_first_supply_check(pack):
    """Played, not predicted: after the Axis's first turn (no move) every hex of Finland
    and Norway is still the Axis's (Helsinki's point supplies them: seeds/001 SUPPLY,
    Unsupplied Hexes), and Calabria 1937 traces supply over the road through 1838."""
    from gamecore.engine import new_game
    from gamecore.engine.actions import Action
    from gamecore.hgw.supply import supplied

    s = new_game(pack, "barbarossa", log="none")
    north = [z.id for z in pack.map.zones.values() if z.region in ("Finland", "Norway")]
    assert north and all(s.owner[z] == "AXIS" for z in north)
    before = dict(s.owner)
    while s.current_nation == "AXIS":
        s.apply(Action.end_phase())
    changed = {pack.map.zones[z].code for z, o in s.owner.items() if before.get(z) != o}
    assert changed == set()
    finland = [z for z in north if pack.map.zones[z].region == "Finland"]
    defence = supplied(s, "AXIS", False)
    assert all(z in defence for z in finland)
    assert zone(pack, "1937").id in defence
    road = pack.map.borders[border_key(zone(pack, "1737").id, zone(pack, "1838").id)]
    assert road.props["road"] is True and road.props["authored"] is True


@given(
    st.integers(1, 60),
    st.integers(1, 120),
    st.floats(-0.8, 0.8),
    st.floats(-0.45, 0.45),
)
def test_lattice_hex_finds_the_hex_of_a_point_inside_it(row, col, fx, fy):
    """The builder's point -> hex lookup (used for every place, waypoint and strait shore)
    inverts its hex centres for points well inside the hex (the inscribed circle)."""
    cx, cy = board.hex_centre(row, col)
    assert board.lattice_hex(cx + fx * 0.86, cy + fy) == (row, col)


@given(st.integers(1, 60), st.integers(1, 120), st.integers(1, 60), st.integers(1, 120))
def test_hex_steps_is_gamecores_hex_distance(r1, c1, r2, c2):
    assert board.hex_steps((r1, c1), (r2, c2)) == hex_distance((r1, c1), (r2, c2))
