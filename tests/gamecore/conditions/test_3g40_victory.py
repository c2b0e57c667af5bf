"""Victory tokens of seeds/004 ("VICTORY OBJECTIVES & TOKENS")."""

from gamecore.conditions import evaluate_objective, rules_to_objectives
from gamecore.paths import resource

from .world3g40 import LAND, world, zid

TOKENS = {
    o.id: o for o in rules_to_objectives(resource("conditions", "3g40_victory.txt").read_text())
}


def awarded(w, tid):
    r = evaluate_objective(TOKENS[tid], w)
    return r.satisfied and r.vp == 1


def test_nineteen_tokens_all_once():
    assert len(TOKENS) == 19
    assert all(t.once and t.kind == "victory" for t in TOKENS.values())


def test_none_awarded_at_start():
    w = world()
    assert [t for t in TOKENS if awarded(w, t)] == []


def test_axis_london_and_supremacy():
    w = world()
    w.set_owner(zid(w, "United Kingdom"), "GER")
    assert awarded(w, "AX_london")
    assert not awarded(w, "AX_supremacy")
    w.set_owner(zid(w, "Western United States"), "JPN")
    assert awarded(w, "AX_supremacy")


def test_axis_china_needs_every_original_chinese_territory():
    w = world()
    w.set_owner(zid(w, "Yunnan"), "JPN")
    assert not awarded(w, "AX_china")
    w.set_owner(zid(w, "Szechwan"), "JPN")
    assert awarded(w, "AX_china")


def test_axis_europe_seven_victory_cities_on_europe_side():
    w = world()
    # Axis hold Berlin, Warsaw, Rome at start: three.
    for name in ("United Kingdom", "Russia", "Novgorod"):
        w.set_owner(zid(w, name), "GER")
    assert not awarded(w, "AX_europe")  # six
    w.set_owner(zid(w, "Egypt"), "ITA")
    assert awarded(w, "AX_europe")


def test_axis_economy_uses_scenario_parameter():
    w = world()
    w.set_income("GER", 70)
    w.set_income("ITA", 20)
    w.set_income("JPN", 49)
    assert not awarded(w, "AX_economy")
    w.set_income("JPN", 50)
    assert awarded(w, "AX_economy")


def test_axis_pacific_original_american_islands():
    w = world()
    islands = [n for n, v in LAND.items() if v[0] == "USA" and "pacific_islands" in v[3]]
    for name in islands[:-1]:
        w.set_owner(zid(w, name), "JPN")
    assert not awarded(w, "AX_pacific")
    w.set_owner(zid(w, islands[-1]), "JPN")
    assert awarded(w, "AX_pacific")


def test_allied_tokens():
    w = world()
    w.set_owner(zid(w, "Southern Italy"), "UKE")
    assert awarded(w, "AL_rome")
    w.set_owner(zid(w, "Japan"), "USA")
    assert awarded(w, "AL_supremacy")
    assert not awarded(w, "AL_china")  # Kiangsu is Japanese at start
    w.set_owner(zid(w, "Kiangsu"), "CHN")
    assert awarded(w, "AL_china")
    w.log("liberated", by="FRA", zone=zid(w, "France"), to="FRA")
    assert awarded(w, "AL_europe")


def test_allied_africa_excludes_neutrals_and_occupation():
    w = world()
    assert not awarded(w, "AL_africa")  # Libya and Tobruk are Italian
    w.set_owner(zid(w, "Libya"), "UKE")
    w.set_owner(zid(w, "Tobruk"), "FRA")
    assert awarded(w, "AL_africa")
    assert not awarded(w, "AL_occupation")
    w.set_owner(zid(w, "Poland"), "SOV")
    w.set_owner(zid(w, "Finland"), "SOV")
    assert not awarded(w, "AL_occupation")
    w.set_owner(zid(w, "Iraq"), "UKE")
    assert awarded(w, "AL_occupation")


def test_allied_diplomacy_pro_allies_neutrals():
    w = world()
    assert not awarded(w, "AL_diplomacy")  # neutrals are uncontrolled at start
    for name in ("Persia", "Northwest Persia", "Greece"):
        w.set_owner(zid(w, name), "UKE")
    assert awarded(w, "AL_diplomacy")
