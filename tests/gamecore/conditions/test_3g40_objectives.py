"""Every national objective of seeds/004 (Grasshopper's 3G40 handbook, section "THE
POLITICAL SITUATION", each power's "National Objective and Bonus Income"), encoded in
resources/conditions/3g40_objectives.txt and evaluated on hand-built states."""

import pytest

from gamecore.conditions import evaluate_objective, rules_to_objectives
from gamecore.paths import resource

from .world3g40 import world, zid

OBJECTIVES = {
    o.id: o for o in rules_to_objectives(resource("conditions", "3g40_objectives.txt").read_text())
}


def bonus(w, oid):
    result = evaluate_objective(OBJECTIVES[oid], w)
    return result.income if result.satisfied else 0


def war(w, a, *others):
    for b in others:
        w.set_relation(a, b, "war")


def test_every_power_has_its_objectives():
    owners = {o.owner for o in OBJECTIVES.values()}
    assert owners == {"GER", "UKP", "JPN", "UKE", "ITA", "CHN", "SOV", "USA", "FRA"}
    assert len(OBJECTIVES) == 33


# --- Germany: "When Germany Is Not at War with the Soviet Union" / "... at War ..."
def test_ger_trade_only_while_at_peace_with_soviets():
    w = world()
    assert bonus(w, "GER_trade") == 5
    war(w, "GER", "SOV")
    assert bonus(w, "GER_trade") == 0


def test_ger_soviet_cities_five_per_territory():
    w = world()
    w.set_owner(zid(w, "Novgorod"), "GER")
    assert bonus(w, "GER_soviet_cities") == 0  # not at war yet
    war(w, "GER", "SOV")
    assert bonus(w, "GER_soviet_cities") == 5
    w.set_owner(zid(w, "Russia"), "GER")
    assert bonus(w, "GER_soviet_cities") == 10
    w.set_owner(zid(w, "Volgograd"), "ITA")  # Italian-held does not count: "Germany controls"
    assert bonus(w, "GER_soviet_cities") == 10


def test_ger_caucasus_any_axis_power():
    w = world()
    war(w, "GER", "SOV")
    assert bonus(w, "GER_caucasus") == 0
    w.set_owner(zid(w, "Caucasus"), "ITA")
    assert bonus(w, "GER_caucasus") == 5


def test_ger_egypt_needs_german_land_unit_in_axis_egypt():
    w = world()
    egypt = zid(w, "Egypt")
    w.set_owner(egypt, "ITA")
    assert bonus(w, "GER_egypt") == 0
    w.set_units(egypt, "GER", "fighter", 1)  # air is not a land unit
    assert bonus(w, "GER_egypt") == 0
    w.set_units(egypt, "GER", "infantry", 1)
    assert bonus(w, "GER_egypt") == 5
    w.set_relation("GER", "FRA", "peace")  # "at War with the United Kingdom and France"
    assert bonus(w, "GER_egypt") == 0


def test_ger_iron_ore_sweden_neither_pro_allies_nor_allied():
    w = world()
    assert bonus(w, "GER_iron_ore") == 5  # Sweden strict neutral, Denmark+Norway German
    sweden = zid(w, "Sweden")
    w.zones[sweden].props["alignment"] = "pro_allies"
    assert bonus(w, "GER_iron_ore") == 0
    w.zones[sweden].props["alignment"] = "strict"
    w.set_owner(sweden, "UKE")
    assert bonus(w, "GER_iron_ore") == 0
    w.set_owner(sweden, None)
    w.set_owner(zid(w, "Norway"), "UKE")
    assert bonus(w, "GER_iron_ore") == 0


def test_ger_mideast_oil_two_per_territory():
    w = world()
    assert bonus(w, "GER_mideast_oil") == 0
    w.set_owner(zid(w, "Iraq"), "GER")
    w.set_owner(zid(w, "Persia"), "GER")
    assert bonus(w, "GER_mideast_oil") == 4


# --- UK Pacific: "When United Kingdom Pacific Is at War with Japan"
@pytest.mark.parametrize(
    "oid,zone,taker",
    [
        ("UKP_malaya", "Malaya", "JPN"),
        ("UKP_hongkong", "Kwangtung", "JPN"),
    ],
)
def test_ukp_holdings(oid, zone, taker):
    w = world()
    assert bonus(w, oid) == 0  # not at war with Japan at start
    war(w, "UKP", "JPN")
    assert bonus(w, oid) == 5
    w.set_owner(zid(w, zone), taker)
    assert bonus(w, oid) == 0


def test_ukp_shanghai_must_be_chinese():
    w = world()
    war(w, "UKP", "JPN")
    assert bonus(w, "UKP_shanghai") == 0  # Kiangsu starts Japanese
    w.set_owner(zid(w, "Kiangsu"), "UKP")
    assert bonus(w, "UKP_shanghai") == 0  # "if China controls Shanghai"
    w.set_owner(zid(w, "Kiangsu"), "CHN")
    assert bonus(w, "UKP_shanghai") == 5


def test_ukp_outer_perimeter_land_unit_not_aa_in_dutch_territory():
    w = world()
    war(w, "UKP", "JPN")
    java = zid(w, "Java")
    w.set_units(java, "UKP", "aaa", 1)
    assert bonus(w, "UKP_outer_perimeter") == 0
    w.set_units(java, "UKP", "infantry", 1)
    assert bonus(w, "UKP_outer_perimeter") == 5


# --- Japan
def test_jpn_us_trade_history():
    w = world()
    assert bonus(w, "JPN_us_trade") == 10
    w.log("attacked", by="JPN", zone=zid(w, "French Indo-China"))
    assert bonus(w, "JPN_us_trade") == 0
    w2 = world()
    w2.log("declared_war", by="UKP", against="JPN")  # a UK declaration is not unprovoked
    assert bonus(w2, "JPN_us_trade") == 10
    w2.log("declared_war", by="JPN", against="UKP")
    assert bonus(w2, "JPN_us_trade") == 0
    w3 = world()
    war(w3, "JPN", "USA")
    assert bonus(w3, "JPN_us_trade") == 0


def test_jpn_outer_perimeter_and_resources():
    w = world()
    war(w, "JPN", "UKP")
    for name in ("Guam", "Midway", "Wake Island", "Gilbert Islands"):
        w.set_owner(zid(w, name), "JPN")
    assert bonus(w, "JPN_outer_perimeter") == 0
    w.set_owner(zid(w, "Solomon Islands"), "GER")  # any Axis power
    assert bonus(w, "JPN_outer_perimeter") == 5
    for name in ("Sumatra", "Java", "Borneo"):
        w.set_owner(zid(w, name), "JPN")
    assert bonus(w, "JPN_resources") == 0
    w.set_owner(zid(w, "Celebes"), "JPN")
    assert bonus(w, "JPN_resources") == 5


def test_jpn_power_centres_per_territory_only_at_war_with_western_allies():
    w = world()
    w.set_owner(zid(w, "India"), "JPN")
    w.set_owner(zid(w, "Hawaiian Islands"), "JPN")
    assert bonus(w, "JPN_power_centres") == 0  # only at war with China
    war(w, "JPN", "FRA")  # "United States, United Kingdom Pacific and/or France"
    assert bonus(w, "JPN_power_centres") == 10


# --- UK Europe
def test_uke_africa_and_empire():
    w = world()
    assert bonus(w, "UKE_africa") == 5  # at war with Germany and Italy from the start
    w.set_relation("UKE", "ITA", "peace")
    assert bonus(w, "UKE_africa") == 0
    war(w, "UKE", "ITA")
    assert bonus(w, "UKE_empire") == 5
    w.set_owner(zid(w, "Alexandria"), "ITA")
    assert bonus(w, "UKE_africa") == 0
    assert bonus(w, "UKE_empire") == 5
    w.set_owner(zid(w, "Gibraltar"), "GER")
    assert bonus(w, "UKE_empire") == 0


def test_uke_med_no_axis_warships_but_transports_allowed():
    w = world()
    war(w, "UKE", "GER", "ITA")
    assert bonus(w, "UKE_med") == 5
    w.set_units(zid(w, "95"), "ITA", "transport", 1)
    assert bonus(w, "UKE_med") == 5
    w.set_units(zid(w, "95"), "ITA", "submarine", 1)
    assert bonus(w, "UKE_med") == 0


def test_uke_france_land_unit_in_french_europe():
    w = world()
    war(w, "UKE", "GER", "ITA")
    w.set_units(zid(w, "Morocco"), "UKE", "infantry", 2)  # Africa, not Europe
    assert bonus(w, "UKE_france") == 0
    w.set_units(zid(w, "Southern France"), "UKE", "tank", 1)
    assert bonus(w, "UKE_france") == 5


# --- Italy: "When Italy Is at War"
def test_ita_mare_nostrum_surface_warships_only():
    w = world()
    assert bonus(w, "ITA_mare_nostrum") == 5
    sz = zid(w, "97")
    w.set_units(sz, "UKE", "submarine", 1)
    assert bonus(w, "ITA_mare_nostrum") == 5
    w.set_units(sz, "UKE", "destroyer", 1)
    assert bonus(w, "ITA_mare_nostrum") == 0


def test_ita_roman_empire_three_of_four():
    w = world()
    w.set_owner(zid(w, "Gibraltar"), "GER")
    w.set_owner(zid(w, "Greece"), "ITA")
    assert bonus(w, "ITA_roman_empire") == 0
    w.set_owner(zid(w, "Egypt"), "ITA")
    assert bonus(w, "ITA_roman_empire") == 5


def test_ita_north_africa_and_oil():
    w = world()
    for name in ("Morocco", "Algeria", "Tunisia", "Alexandria"):
        w.set_owner(zid(w, name), "GER")
    assert bonus(w, "ITA_north_africa") == 5
    w.set_owner(zid(w, "Tobruk"), "UKE")
    assert bonus(w, "ITA_north_africa") == 0
    w.set_owner(zid(w, "Northwest Persia"), "ITA")
    assert bonus(w, "ITA_mideast_oil") == 2


def test_ita_not_at_war_gets_nothing():
    w = world()
    for b in ("FRA", "UKE", "UKP", "DUT"):
        w.set_relation("ITA", b, "peace")
    assert bonus(w, "ITA_mare_nostrum") == 0


# --- China
def test_chn_burma_road():
    w = world()
    assert bonus(w, "CHN_burma_road") == 6
    art = evaluate_objective(OBJECTIVES["CHN_burma_artillery"], w)
    assert art.satisfied and art.effects[0].name == "allow_purchase"
    w.set_owner(zid(w, "Burma"), "JPN")
    assert bonus(w, "CHN_burma_road") == 0
    assert not evaluate_objective(OBJECTIVES["CHN_burma_artillery"], w).satisfied


# --- Soviet Union: "When the Soviet Union Is at War in Europe"
def test_sov_lend_lease():
    w = world()
    assert bonus(w, "SOV_lend_lease") == 0
    war(w, "SOV", "GER")
    assert bonus(w, "SOV_lend_lease") == 5
    w.set_units(zid(w, "Caucasus"), "UKE", "infantry", 1)  # other Allied units on Soviet soil
    assert bonus(w, "SOV_lend_lease") == 0
    w.clear_units(zid(w, "Caucasus"))
    w.set_units(zid(w, "125"), "GER", "submarine", 1)
    assert bonus(w, "SOV_lend_lease") == 0


def test_sov_communism_three_per_territory():
    w = world()
    war(w, "SOV", "GER")
    w.set_owner(zid(w, "Poland"), "SOV")
    w.set_owner(zid(w, "Finland"), "SOV")  # pro-Axis neutral
    w.set_owner(zid(w, "Persia"), "SOV")  # pro-Allies: does not count
    assert bonus(w, "SOV_communism") == 6


def test_sov_berlin_once():
    w = world()
    war(w, "SOV", "GER")
    assert bonus(w, "SOV_berlin") == 0
    w.set_owner(zid(w, "Germany"), "SOV")
    assert bonus(w, "SOV_berlin") == 10
    assert OBJECTIVES["SOV_berlin"].once


# --- United States: "When the United States Is at War"
def test_usa_objectives():
    w = world()
    assert bonus(w, "USA_homeland") == 0
    war(w, "USA", "JPN")
    assert bonus(w, "USA_homeland") == 10
    assert bonus(w, "USA_outer") == 5
    assert bonus(w, "USA_treaties") == 5
    assert bonus(w, "USA_philippines") == 5
    assert bonus(w, "USA_france") == 0
    w.set_units(zid(w, "France"), "USA", "infantry", 1)
    assert bonus(w, "USA_france") == 5
    w.set_owner(zid(w, "Midway"), "JPN")  # not in the outer list
    assert bonus(w, "USA_outer") == 5
    w.set_owner(zid(w, "Line Islands"), "JPN")
    assert bonus(w, "USA_outer") == 0


# --- France: "Troop Bonus"
def test_fra_liberation_places_twelve_ipcs_once():
    w = world()
    obj = OBJECTIVES["FRA_liberation"]
    assert obj.once and obj.props["check"] == "continuous"
    assert not evaluate_objective(obj, w).satisfied
    w.log("liberated", by="UKE", zone=zid(w, "France"), to="FRA")
    result = evaluate_objective(obj, w)
    assert result.satisfied
    (effect,) = result.effects
    assert effect.name == "place_units"
    assert effect.args == (("FRA",), (zid(w, "France"),))
    assert dict(effect.kwargs) == {"budget": 12}
