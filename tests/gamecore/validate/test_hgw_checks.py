"""The Hitler's Global War scenario checks (HGW001..HGW017, HGW030, HGW031; issues #28, #40): each finds what it
is for on a crafted Barbarossa-shaped scenario (rules-notes/001 §5.2, §5.5; seeds/001
BARBAROSSA SCENARIO SET-UP AND SPECIAL RULES, STACKING, SUPPLY, PRODUCTION), the clean
scenario raises none, and hostile scenario data gives issues, never a traceback."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamecore.engine import new_game
from gamecore.engine.actions import Action
from gamecore.hgw import audit
from gamecore.model import Ownership, UnitStack
from gamecore.validate import validate
from gamecore.validate.core import iter_checks
from tests.gamecore.hgw.hexpack import barbarossa_like, code, neighbours, parse

HGW = [c.code for c in iter_checks() if c.code.startswith("HGW")]


@pytest.fixture(scope="module")
def base():
    pack = barbarossa_like()
    sc = pack.scenarios["barbarossa"]
    sc.props["hgw_boxes"] = ["SIB"]
    sc.props["hgw_victory"] = {
        "AXIS": {"hold_all": ["0942", "1144", "1446"]},
        "SOV": {"take_any": ["1237"], "or_at_end": True},
    }
    s, why = audit.start_state(pack, "barbarossa")
    assert why is None
    sc.props["hgw_start_production"] = {n: audit.home_income(s, n) for n in ("AXIS", "SOV")}
    return pack


@pytest.fixture
def pack(base):
    return copy.deepcopy(base)


def scn(pack):
    return pack.scenarios["barbarossa"]


def zid(pack, code):
    return pack.meta["zone_ids"][code]


def found(pack, code):
    return [i for i in validate(pack, select=[code]).issues if i.code == code]


def hgw_issues(pack):
    return [(i.code, i.message) for i in validate(pack, select=HGW).issues]


def ring(c):
    """The six neighbours of hex ``c`` (HGW-CONTRACT odd-r)."""
    return [code(r, k) for r, k in neighbours(*parse(c))]


def add(pack, hex_id, nation, typ, count):
    scn(pack).units.append(UnitStack(zid(pack, hex_id), nation, typ, count))


def test_the_clean_scenario_raises_no_hgw_issue(pack):
    assert hgw_issues(pack) == []
    assert len(HGW) == 19


def test_campaign_options_name_countries_and_hexes_of_the_map(pack):
    """HGW030 (seeds/001 CAMPAIGN GAME I, UNALIGNED COUNTRIES, SURRENDER): a country the
    alignment options name that the map lacks, a capital outside its country, a hex the
    surrender terms name that is not on the map."""
    scn(pack).options["hgw_unaligned"] = ["Atlantis"]
    scn(pack).options["hgw_capitals"] = {"Germany": "0942"}
    scn(pack).options["hgw_surrender"] = {"Germany": {"hexes": ["9999"], "by": ["SOV"]}}
    msgs = [m for c, m in hgw_issues(pack) if c == "HGW030"]
    assert any("'Atlantis', no country of the map" in m for m in msgs), msgs
    assert any("Germany's capital 0942" in m and "lies in USSR" in m for m in msgs), msgs
    assert any("names hex 9999, not on the map" in m for m in msgs), msgs


def test_campaign_2_options_name_hexes_of_the_map(pack):
    """HGW031 (seeds/001 NATIONAL MORALE, U-BOATS): a morale capital, a U-boat port or a
    supply route's end that is not on the map."""
    scn(pack).options["hgw_morale"] = {"pair": ["Germany", "USSR"], "capitals": {"Germany": "99"}}
    scn(pack).options["hgw_uboats"] = {
        "start": {"AXIS": {"8888": 2}},
        "routes": [{"nation": "SOV", "from": "1237", "to": "7777", "kind": "production"}],
    }
    msgs = [m for c, m in hgw_issues(pack) if c == "HGW031"]
    assert any("capitals.Germany names hex '99'" in m for m in msgs), msgs
    assert any("start.AXIS names hex '8888'" in m for m in msgs), msgs
    assert any("routes[0].to names hex '7777'" in m for m in msgs), msgs
    assert not any("routes[0].from" in m for m in msgs), msgs


def test_checks_run_only_on_hgw_scenarios(pack):
    scn(pack).ruleset = "g40"
    add(pack, "1636", "AXIS", "inf", 11)
    assert hgw_issues(pack) == []


# ----------------------------------------------------------------- §5.2.2 sides
def test_hgw001_a_hex_friendly_to_two_sides(pack):
    """rules-notes/001 §5.2.2: AXIS and SOV allied by a relation row while the turn order
    plays them against each other (their relation must be war): every hex is both's."""
    sc = scn(pack)
    sc.set_relation("AXIS", "SOV", "aligned")
    issues = found(pack, "HGW001")
    assert issues and "friendly to two sides, AXIS and SOV" in issues[0].message
    sc.set_relation("AXIS", "SOV", "war")
    assert found(pack, "HGW001") == []


@pytest.mark.parametrize("pair", [["AXIS", "SOV"], ["SOV", "AXIS"]])
def test_hgw001_sides_kept_apart_by_hgw_separate_are_two_sides(pack, pair):
    """The Fall of Germany two-player variant (seeds/001 SPECIAL RULES FOR THE FALL OF
    GERMANY 1; ALLIED-SOVIET CO-OPERATION 2): one player runs two aligned sides that
    ``hgw_separate`` keeps apart, so their hexes are friendly to one side each."""
    sc = scn(pack)
    sc.set_relation("AXIS", "SOV", "aligned")
    assert found(pack, "HGW001")
    sc.options["hgw_separate"] = [pair]
    assert found(pack, "HGW001") == []
    sc.options["hgw_separate"] = [["AXIS", "ALL"]]  # another pair keeps these two one side
    assert found(pack, "HGW001")


def test_hgw001_a_side_without_friendly_hexes(pack):
    sc = scn(pack)
    for z, own in list(sc.ownership.items()):
        if own.owner == "SOV":
            sc.ownership[z] = Ownership(None, None)
    msgs = [i.message for i in found(pack, "HGW001")]
    assert msgs == ["SOV has no friendly hex at the start (rules-notes/001 §5.2.2)"]


# ----------------------------------------------------------------- §5.2.3 armies
def test_hgw002_a_thirteenth_army(pack):
    """seeds/001 MILITARY RECORD SHEET: up to twelve armies a side, never more. The
    Soviets have 8; five more hexes with SPs make 13."""
    for h in ("1343", "1344", "1345", "1346"):
        add(pack, h, "SOV", "inf", 1)
    assert found(pack, "HGW002") == []  # 12
    add(pack, "1443", "SOV", "inf", 1)
    (issue,) = found(pack, "HGW002")
    assert "SOV sets up 13 armies" in issue.message and "at most 12" in issue.message
    assert zid(pack, "1443") in issue.zones


def test_hgw002_and_hgw003_forts_stand_in_no_army(pack):
    """seeds/001 FORTIFICATIONS: a fort stands in its hex in no army; at most 7 fort
    counters a side (rules-notes/001 §5.2.3), on friendly hexes (§5.2.7)."""
    sc = scn(pack)
    sc.options["hgw_sp_types"] = ["inf", "mech", "fort"]
    for h in ("1236", "1237", "1238", "1336", "1337", "1338", "1436"):
        add(pack, h, "AXIS", "fort", 1)
    assert found(pack, "HGW002") == [] and found(pack, "HGW005") == []
    add(pack, "1437", "AXIS", "fort", 1)
    (issue,) = found(pack, "HGW002")
    assert "AXIS sets up 8 fort counters" in issue.message and "at most 7" in issue.message
    add(pack, "1143", "AXIS", "fort", 1)
    msgs = [i.message for i in found(pack, "HGW003")]
    assert msgs == [
        "an AXIS fort stands in 1143 (Smolensk), a hex held by SOV, not a hex friendly to "
        "AXIS (rules-notes/001 §5.2.7)"
    ]


# ----------------------------------------------------------------- §5.2.4 placement
def test_hgw003_an_army_in_switzerland_or_an_enemy_hex(pack):
    """rules-notes/001 §5.2.4: armies stand on friendly hexes or in boxes."""
    sc = scn(pack)
    for stack in sc.units:
        if stack.zone == zid(pack, "1642"):
            stack.zone = zid(pack, "1636")  # the Rumanian Army into Switzerland
    (issue,) = found(pack, "HGW003")
    assert "AXIS army 'Rumanian Army'" not in issue.message  # its row still names 1642
    assert (
        "an AXIS army stands in 1636 (Hex 1636), an impassable hex of Switzerland" in issue.message
    )
    assert issue.zones == [zid(pack, "1636")]
    add(pack, "1645", "AXIS", "inf", 1)  # neutral Turkey
    add(pack, "1143", "AXIS", "inf", 1)  # a Soviet hex
    msgs = sorted(i.message for i in found(pack, "HGW003"))
    assert any("a neutral hex of Turkey" in m for m in msgs)
    assert any("a hex held by SOV" in m for m in msgs)
    # Siberia is a box: any side's SPs may stand there
    assert all("SIB" not in m for m in msgs)
    # and the supply check does not report the same armies again
    assert found(pack, "HGW008") == []


def test_hgw004_eleven_sps_in_a_hex_but_any_number_in_a_box(pack):
    """seeds/001 STACKING 1, 3: ten SPs a hex; no limit in off-map boxes."""
    add(pack, "1240", "AXIS", "inf", 1)  # Army Group North: 5 + 5 + 1
    (issue,) = found(pack, "HGW004")
    assert "1240 (Hex 1240) holds 11 ground SPs" in issue.message
    assert issue.zones == [zid(pack, "1240")]
    pack2 = copy.deepcopy(pack)
    scn(pack2).units = [st for st in scn(pack2).units if st.zone != zid(pack2, "1240")]
    add(pack2, "SIB", "SOV", "inf", 40)
    assert found(pack2, "HGW004") == []


def test_hgw005_only_the_rulesets_sp_types(pack):
    """rules-notes/001 §5.2.5: Barbarossa has infantry and mechanized SPs only."""
    add(pack, "1237", "AXIS", "para", 1)
    add(pack, "1238", "AXIS", "inf", 0)
    add(pack, "1236", "AXIS", "fort", 1)  # Barbarossa builds no forts (hgw_sp_types)
    msgs = [i.message for i in found(pack, "HGW005")]
    assert any("SP type 'para' is not allowed" in m and "inf, mech" in m for m in msgs)
    assert any("SP type 'fort' is not allowed" in m for m in msgs)
    assert any("holds 0 SPs, not a positive whole number" in m for m in msgs)


# ----------------------------------------------------------------- §5.2.9 devastation
def test_hgw006_devastation_above_the_pp_or_off_the_map(pack):
    sc = scn(pack)
    sc.props["hgw_devastated"] = {
        "1237": {"points": 4, "permanent": False},  # Berlin has 3 PP
        "1337": {"points": 1, "permanent": 2},  # more permanent than devastated
        "Q16": {"points": 1},  # an old letter-number hex id
    }
    msgs = sorted(i.message for i in found(pack, "HGW006"))
    assert any("4 devastated points but only 3 PP" in m for m in msgs)
    assert any("permanent devastation 2 is not among its 1" in m for m in msgs)
    assert any("'Q16', which is on no zone" in m for m in msgs)
    sc.props["hgw_devastated"] = {"1237": {"points": 3, "permanent": 3}}
    assert found(pack, "HGW006") == []


# ----------------------------------------------------------------- §5.2.10 production
def test_hgw007_declared_production_differs_from_the_income(pack):
    """seeds/001 PRODUCTION 1: the PP counted are those that trace to a home-country PP;
    a PP hex cut off from Germany does not count, and the warning names it."""
    sc = scn(pack)
    want = dict(sc.props["hgw_start_production"])
    sc.props["hgw_start_production"] = {**want, "SOV": want["SOV"] + 2}
    (issue,) = found(pack, "HGW007")
    assert issue.severity == "warning"
    assert f"declared {want['SOV'] + 2} but the game computes {want['SOV']}" in issue.message
    # 2 Axis PP in a Rumanian hex the Soviets cut off from Germany
    pack.map.zones[zid(pack, "1539")].value = 2
    for c in ring("1539"):
        sc.ownership[zid(pack, c)] = Ownership("SOV", "SOV")
    sc.props["hgw_start_production"] = {**want, "AXIS": want["AXIS"] + 2}
    (issue,) = found(pack, "HGW007")
    assert "2 PP AXIS holds are not in full supply" in issue.message and "1539" in issue.message


# ----------------------------------------------------------------- §5.2.11 supply
def test_hgw008_an_army_and_hexes_out_of_supply(pack):
    """seeds/001 SUPPLY 2, 3: a friendly pocket without an undevastated PP. The army there
    is an error (it dies at the first supply check); the empty hex the Soviets take at the
    Axis's first supply check is a warning (seeds/001 SUPPLY, Unsupplied Hexes)."""
    sc = scn(pack)
    # the Soviets own the ring around the Axis hex 1439; 1439 holds an Axis army
    for c in ring("1439"):
        sc.ownership[zid(pack, c)] = Ownership("SOV", "SOV")
    sc.units = [st for st in sc.units if st.zone != zid(pack, "1339")]
    add(pack, "1439", "AXIS", "inf", 1)
    issues = found(pack, "HGW008")
    (army,) = [i for i in issues if "army" in i.message]
    assert army.severity == "error"
    assert "AXIS" in army.message and "in 1439" in army.message
    assert "traces no supply" in army.message and "eliminated" in army.message
    (pocket,) = [i for i in issues if "hex(es) of Rumania" in i.message]
    assert pocket.severity == "warning" and pocket.zones == [zid(pack, "1439")]
    assert "1 AXIS hex(es) of Rumania trace no supply" in pocket.message
    assert "fall to SOV without a fight at AXIS's first supply check" in pocket.message
    # the prediction is the rule system's: the Axis's first supply phase gives 1439 away
    s = new_game(pack, "barbarossa")
    while s.current_nation == "AXIS":
        s.apply(Action.end_phase())
    assert s.owner[zid(pack, "1439")] == "SOV"
    pack.map.zones[zid(pack, "1439")].value = 1  # a PP there: always in defence supply
    assert found(pack, "HGW008") == []
    (warn,) = found(pack, "HGW009")  # but not in full supply (no chain to Germany)
    assert warn.severity == "warning" and "1439" in warn.message


def test_hgw008_a_fort_out_of_supply_is_an_error(pack):
    """seeds/001 FORTIFICATIONS: an unsupplied fort is eliminated like an army."""
    sc = scn(pack)
    sc.options["hgw_sp_types"] = ["inf", "mech", "fort"]
    for c in ring("1439"):
        sc.ownership[zid(pack, c)] = Ownership("SOV", "SOV")
    add(pack, "1439", "AXIS", "fort", 1)
    issues = found(pack, "HGW008")
    (fort,) = [i for i in issues if "fort" in i.message]
    assert fort.severity == "error" and fort.zones == [zid(pack, "1439")]
    assert "AXIS's fort in 1439" in fort.message
    pack.map.zones[zid(pack, "1439")].value = 1
    assert found(pack, "HGW008") == []


def test_hgw008_hexes_nobody_can_take_are_information(pack):
    """An empty friendly hex with no supply stays friendly until an opponent can trace
    supply into it and reach it (seeds/001 SUPPLY, Unsupplied Hexes): an Axis hex walled
    in by neutral hexes is no fault, only information (the rulebook's own map has such
    hexes: islands, deserts)."""
    sc = scn(pack)
    pack.map.zones[zid(pack, "1437")].value = 0
    for c in ring("1437"):
        sc.ownership[zid(pack, c)] = Ownership(None, None)
        pack.map.zones[zid(pack, c)].value = 0
    issues = [i for i in found(pack, "HGW008") if zid(pack, "1437") in i.zones]
    (info,) = issues
    assert info.severity == "info" and info.zones == [zid(pack, "1437")]
    assert "no opponent can take them" in info.message
    # the game agrees: the hex is still the Axis's after its first supply check
    s = new_game(pack, "barbarossa")
    while s.current_nation == "AXIS":
        s.apply(Action.end_phase())
    assert s.owner[zid(pack, "1437")] == "AXIS"
    report = validate(pack, select=["HGW008"])
    assert not report.has_errors


# ----------------------------------------------------------------- §5.2.12, §5.5 victory
def test_hgw010_moscow_1142_vs_1144(pack):
    """rules-notes/001 §0.3, §5.5: Moscow is 1142 in the Barbarossa victory text, 1144
    elsewhere. The option naming 1142 while the scenario declares 1144 is caught, and a
    Moscow hex reference that resolves to no zone is an error."""
    sc = scn(pack)
    sc.options["hgw_moscow_hex"] = "1142"
    (issue,) = found(pack, "HGW010")
    assert "one place defined twice" in issue.message and "1142" in issue.message
    assert sorted(issue.zones) == sorted([zid(pack, "1142"), zid(pack, "1144")])
    sc.options["hgw_moscow_hex"] = "Q16"
    msgs = [i.message for i in found(pack, "HGW010")]
    assert any(
        "Moscow (option hgw_moscow_hex) is hex 'Q16', which is on no zone" in m for m in msgs
    )
    sc.options["hgw_moscow_hex"] = "1237"  # Berlin: not a Soviet hex
    msgs = [i.message for i in found(pack, "HGW010")]
    assert any("of Germany, not of USSR" in m for m in msgs)
    sc.options["hgw_moscow_hex"] = "1144"
    sc.props["hgw_victory"]["AXIS"]["hold_all"] = ["0942", "9999", "1446"]
    (issue,) = found(pack, "HGW010")
    assert "'9999'" in issue.message


def test_hgw011_victory_already_won(pack):
    sc = scn(pack)
    sc.ownership[zid(pack, "1237")] = Ownership("SOV", "AXIS")
    (issue,) = found(pack, "HGW011")
    assert "SOV already holds its victory hex(es) 1237 (Berlin)" in issue.message


# ----------------------------------------------------------------- §5.2.20 boxes
def test_hgw012_declared_boxes_exist(pack):
    sc = scn(pack)
    sc.props["hgw_boxes"] = ["SIB", "1909", "1144"]
    msgs = sorted(i.message for i in found(pack, "HGW012"))
    assert len(msgs) == 2
    assert any("'1909', on no zone" in m for m in msgs)
    assert any("1144 (Moscow) an off-map box, but it is a land hex" in m for m in msgs)


# ----------------------------------------------------------------- §5.5 set-up rows
def test_hgw013_army_group_center_without_its_hex(pack):
    """rules-notes/001 §0.3, §5.5: the Barbarossa set-up leaves out Army Group Center's
    location; a set-up row missing its hex is caught, as is one naming an empty hex."""
    rows = scn(pack).props["hgw_armies"]
    agc = next(r for r in rows if r["name"] == "Army Group Center")
    agc["zone_code"] = ""
    (issue,) = found(pack, "HGW013")
    assert "'Army Group Center' (AXIS) has no location" in issue.message
    agc["zone_code"] = "1338"  # a hex without Axis SPs
    (issue,) = found(pack, "HGW013")
    assert "has no SP there" in issue.message and issue.zones == [zid(pack, "1338")]
    agc["zone_code"] = "1240"  # Army Group North's hex: two names for one army
    (issue,) = found(pack, "HGW013")
    assert "both name 1240" in issue.message
    del agc["zone_code"]
    agc["nation"] = "ALL"
    (issue,) = found(pack, "HGW013")
    assert "not a nation of the turn order" in issue.message


# ----------------------------------------------------------------- §5.2.1 calendar
def test_hgw014_three_seasons_and_a_turn_range(pack):
    sc = scn(pack)
    sc.calendar = "season"
    sc.start = "1941-06"
    sc.rounds = None
    msgs = [i.message for i in found(pack, "HGW014")]
    assert len(msgs) == 3
    assert any('"3-seasons"' in m for m in msgs)
    assert any("not the first month of a season" in m for m in msgs)
    assert any("not a positive number" in m for m in msgs)


def test_hgw015_siberia_production_needs_its_box(pack):
    sc = scn(pack)
    sc.options["hgw_siberia_hex"] = "1909"
    (issue,) = found(pack, "HGW015")
    assert "'1909' (option hgw_siberia_hex) is on no zone" in issue.message
    sc.options["hgw_siberia_income"] = []
    assert found(pack, "HGW015") == []


def test_hgw016_options_the_system_refuses(pack):
    scn(pack).options["hgw_stacking"] = "ten"
    (issue,) = found(pack, "HGW016")
    assert issue.message.startswith("option hgw_stacking")


def test_hgw017_a_schedule_outside_the_turns(pack):
    sc = scn(pack)
    sc.rounds = 2  # Summer and Winter 1941: Spring 1943's 12 PP never come
    (issue,) = found(pack, "HGW017")
    assert "hgw_siberia_income[1] is dated 1943-01" in issue.message
    assert issue.severity == "warning"


# ----------------------------------------------------------------- hostile data
_JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**18), max_value=10**18)
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(["1144", "1142", "SIB", "Q16", "", "0942", "1237"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
_KEYS = st.sampled_from(
    [
        "hgw_armies",
        "hgw_devastated",
        "hgw_start_production",
        "hgw_boxes",
        "hgw_victory",
        "hgw_siberia",
    ]
)
_OPTS = st.sampled_from(
    [
        "hgw_moscow_hex",
        "hgw_berlin_hex",
        "hgw_stacking",
        "hgw_max_armies",
        "hgw_home",
        "hgw_income_modifier",
        "hgw_siberia_hex",
        "hgw_siberia_income",
        "hgw_axis",
    ]
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    props=st.dictionaries(_KEYS, _JUNK, max_size=4),
    options=st.dictionaries(_OPTS, _JUNK, max_size=3),
    count=st.one_of(st.integers(min_value=-5, max_value=10**12), st.none(), st.text(max_size=3)),
    rounds=st.one_of(st.integers(min_value=-3, max_value=10**9), st.none(), st.text(max_size=3)),
    start=st.one_of(st.text(max_size=8), st.sampled_from(["1941-05", "0000-01", "9999-12"])),
)
def test_hostile_scenario_data_gives_issues_never_a_traceback(
    base, props, options, count, rounds, start
):
    pack = copy.deepcopy(base)
    sc = scn(pack)
    sc.props.update(props)
    sc.options.update(options)
    sc.rounds = rounds
    sc.start = start
    sc.units.append(UnitStack(zid(pack, "1237"), "AXIS", "inf", count))
    issues = validate(pack, select=HGW).issues
    assert all(i.code in HGW and i.message for i in issues)
