"""The Global War 1936-1945 ruleset (resources/rulesets/global_war.toml).

Rule tests cite the rulebook seeds/000_8004ae29f2fa7391.txt by section (§x.y) and the
summary rules-notes/000_global_war.md. The worked examples reproduced here, quoted from
seeds/000: §0.3(a) "an infantry defending in a city with a fortification can claim +2 on
the first round of combat ... and then could claim the +1 (for the city) on all subsequent
rounds"; §0.3(b) "a mountain and river in a zone would both subject an Attacking armor to a
-1 Attack, but the Attacker would only suffer -1"; §1.24 (a) Mountain Cities (Madrid),
(b) Mountain Rivers, (c) River City.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.engine import Action, new_game
from gamecore.engine.ruleset import parse_ruleset
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.errors import RulesetError
from gamecore.model import Border
from gamecore.rules import load_ruleset
from gamecore.rules.combat import fire_values
from gamecore.rules.modifiers import POLICIES, combine, modified

TWO = {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}}


@pytest.fixture(scope="module")
def gw():
    return load_ruleset("global_war")


# ---------------------------------------------------------------------------- the data


def test_dice_and_modifier_policy(gw):
    # rules-notes/000 "Dice": D12, a unit hits when its roll is <= its value; seeds/000 §0.3
    assert gw.id == "global_war" and gw.dice == 12
    assert gw.options["modifier_policy"] == "best_and_worst"
    assert gw.options["modifier_floor"] == 1


def test_the_46_unit_types_of_section_12(gw):
    # seeds/000 §12.1-§12.2, rules-notes/000 §3: 34 base + 11 technology + 1 optional type
    doms = {d: sum(1 for u in gw.units.values() if u.domain == d) for d in ("land", "air", "sea")}
    assert doms == {"land": 20, "air": 9, "sea": 17}
    assert len(gw.units) == 46
    classes = {u.props.get("class") for u in gw.units.values() if u.domain == "land"}
    assert classes == {"infantry", "vehicle", "artillery"}
    techs = {u.id for u in gw.units.values() if "tech" in u.props}
    assert len(techs) == 11
    # technology units cost what §7.8 prints and are unlocked by a technology (§7.8;
    # buying them: tests/gamecore/rules/test_gw_tech.py)
    assert all(gw.units[t].cost == gw.units[t].props["tech_cost"] > 0 for t in techs)
    assert set(gw.unit_techs) == techs


@pytest.mark.parametrize(
    "unit, cls, attack, defense, movement, cost",
    [
        # seeds/000 §12.1 land units table
        ("militia", "infantry", 1, 2, 1, 2),
        ("infantry", "infantry", 2, 4, 1, 3),
        ("marine", "infantry", 2, 4, 1, 4),
        ("cavalry", "vehicle", 3, 2, 2, 3),
        ("mech_infantry", "vehicle", 3, 4, 2, 4),
        ("light_armor", "vehicle", 4, 3, 2, 4),
        ("medium_armor", "vehicle", 6, 5, 2, 6),
        ("tank_destroyer", "vehicle", 3, 4, 2, 5),
        ("artillery", "artillery", 3, 3, 1, 4),
        ("sp_artillery", "artillery", 3, 3, 2, 5),
        # §12.2 air and naval units (costs over several turns: the total)
        ("fighter", None, 6, 6, 4, 10),
        ("tactical_bomber", None, 7, 5, 4, 11),
        ("medium_bomber", None, 7, 4, 5, 11),
        ("seaplane", None, 3, 1, 6, 7),
        ("battleship", None, 8, 8, 2, 15),
        ("fleet_carrier", None, 0, 2, 3, 15),
        ("battlecruiser", None, 7, 7, 3, 12),
        ("destroyer", None, 4, 4, 3, 7),
        ("submarine", None, 3, 3, 3, 6),
        ("naval_transport", None, 0, 0, 2, 7),
    ],
)
def test_unit_values(gw, unit, cls, attack, defense, movement, cost):
    u = gw.units[unit]
    assert (u.attack, u.defense, u.movement, u.cost) == (attack, defense, movement, cost)
    assert u.props.get("class") == cls


def test_capital_ships_and_abilities(gw):
    # §12.2: capital ships take 2 hits (Heavy Battleship 3); battlecruisers and light
    # carriers are not capital ships; cost 5/5/5 is paid over three turns (§7.3)
    u = gw.units
    assert u["battleship"].hits == 2 and u["heavy_battleship"].hits == 3
    assert u["battlecruiser"].hits == 1 and u["light_carrier"].hits == 1
    assert u["battleship"].props["cost_schedule"] == [5, 5, 5]
    assert sum(u["battleship"].props["cost_schedule"]) == u["battleship"].cost
    assert (u["fleet_carrier"].carrier_capacity, u["heavy_carrier"].carrier_capacity) == (2, 3)
    assert u["light_carrier"].carrier_capacity == 1
    # §12.1 artillery +1 to one infantry-class; AA: max 3 dice at "3" against aircraft
    sup = u["artillery"].support[0]
    assert (sup.value, sup.count) == (1, 1) and "militia" in sup.targets
    assert "medium_armor" not in sup.targets
    assert (u["aa_artillery"].aa_shots, u["aa_artillery"].aa_value) == (3, 3)
    # §9.3 blitz: medium/heavy armor, paired mech, SP artillery, fighters, tac bombers
    assert u["medium_armor"].blitz and u["heavy_armor"].blitz and not u["light_armor"].blitz
    assert "medium_armor" in u["mech_infantry"].blitz_with
    # §12.2 submarines: first strike unless a destroyer, never hit aircraft
    assert u["submarine"].first_strike and u["destroyer"].detector
    assert "air" in u["submarine"].cannot_target
    # §12.2 shore bombardment values (rules-notes/000 §4.9)
    bombard = {k: u[k].bombard for k in ("light_cruiser", "heavy_cruiser", "battlecruiser")}
    assert bombard == {"light_cruiser": 1, "heavy_cruiser": 2, "battlecruiser": 3}
    assert u["battleship"].bombard == 4 and u["heavy_battleship"].bombard == 5


def test_facilities_with_levels(gw):
    # seeds/000 §12.3-§12.10 (rules-notes/000 §1.11): production, max damage, upgrades
    f = gw.facility_types
    assert {k: f[k].production for k in ("major_factory", "medium_factory", "minor_factory")} == {
        "major_factory": 5,
        "medium_factory": 3,
        "minor_factory": 1,
    }
    assert (f["major_factory"].max_damage, f["major_factory"].inoperative_at) == (20, 0)
    assert (f["medium_factory"].max_damage, f["minor_factory"].max_damage) == (10, 5)
    assert f["major_factory"].upgrade_from == "medium_factory"
    assert f["medium_factory"].upgrade_from == "minor_factory"
    assert f["major_factory"].captured_becomes == "minor_factory"
    assert f["major_shipyard"].props["cost_schedule"] == [4, 3, 3]
    assert f["major_shipyard"].production == 5 and f["minor_shipyard"].production == 1
    assert f["air_base"].scramble == 3 and f["air_base"].max_damage == 5
    assert f["railroad"].max_damage == 1 and f["railroad"].cost == 2
    # maps that say "factory" or "naval_base" find a type
    assert gw.facility_type("factory").id == "major_factory"
    assert gw.facility_type("naval_base").id == "major_dockyard"


def test_terrain_table(gw):
    # seeds/000 §1.8-§1.13, §1.16
    t = gw.terrain
    assert t["mountain"].attack == {"land": -1, "mountain_infantry": 0} and t["mountain"].no_blitz
    assert t["desert"].attack == {"land": -1}
    assert t["jungle"].attack["medium_armor"] == -2 and t["jungle"].defense["cavalry"] == -2
    assert "infantry" not in t["jungle"].attack
    assert t["tundra"].impassable and t["impassable"].impassable
    assert t["city"].defense["infantry"] == 1 and "medium_armor" not in t["city"].defense
    assert gw.borders["river"].rounds == 1 and gw.borders["mountain"].rounds == 1
    # the calculator's `--border-terrain river` and the map's river borders agree
    assert t["river"].attack == gw.borders["river"].attack
    assert gw.borders["river"].attack["marine"] == 0 and gw.borders["river"].attack["land"] == -1


# ---------------------------------------------------------------------------- §0.3 policy


def test_best_and_worst_policy_section_0_3():
    # §0.3 (a) only the highest positive bonus; (b) only the highest negative modifier
    assert combine([2, 1], "best_and_worst") == 2  # fortification +2 and city +1
    assert combine([-1, -1], "best_and_worst") == -1  # mountain and river: -1, not -2
    assert combine([1, -2, -1, 2], "best_and_worst") == 0
    assert combine([], "best_and_worst") == 0
    assert "best_and_worst" in POLICIES


def test_negative_modifiers_never_below_one_section_0_3_d():
    # §0.3 (d) negatives never reduce an Attack below 1; N/A (0) never gains a value
    assert modified(2, [-2], "best_and_worst", floor=1, dice=12) == 1
    assert modified(1, [-1], "best_and_worst", floor=1, dice=12) == 1
    assert modified(0, [2], "best_and_worst", floor=1, dice=12) == 0
    assert modified(6, [-2], "best_and_worst", floor=1, dice=12) == 4
    assert modified(11, [2], "best_and_worst", floor=1, dice=12) == 12
    # without a floor (other rulesets) a penalty may take a value to 0
    assert modified(1, [-1], "sum") == 0


@settings(max_examples=60, deadline=None)
@given(
    base=st.integers(0, 12),
    mods=st.lists(st.integers(-3, 3), max_size=5),
)
def test_policy_properties(base, mods):
    v = modified(base, mods, "best_and_worst", floor=1, dice=12)
    assert 0 <= v <= 12
    if base == 0:
        assert v == 0
    else:
        assert v >= 1
        # never more than the best bonus, never less than the worst penalty
        assert v <= base + max([0, *mods])
        assert v >= min(base, max(1, base + min([0, *mods])))
    # order does not matter
    assert v == modified(base, list(reversed(mods)), "best_and_worst", floor=1, dice=12)


def test_unknown_policy_and_bad_terrain_keys_are_ruleset_errors():
    with pytest.raises(RulesetError, match="modifier_policy"):
        parse_ruleset('extends = "global_war"\n[options]\nmodifier_policy = "max"\n', "x.toml")
    with pytest.raises(RulesetError, match="terrain.swamp.attack.tank"):
        parse_ruleset('extends = "global_war"\n[terrain.swamp]\nattack = { tank = -1 }\n', "x.toml")


# ---------------------------------------------------------------------------- in combat


def _battle(terrain: str, attackers, defenders, river=False, mountain=False, fortified=False):
    """RED in A attacks BLU in B (terrain ``terrain``) across an A-B border with the given
    attributes; returns the state in the combat phase and the zone id of B."""
    units = [("A", "RED", t, n) for t, n in attackers] + [("B", "BLU", t, n) for t, n in defenders]
    pack = grid_pack(
        ["AB"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU", "terrain": terrain}},
        TWO,
        units,
        ruleset="global_war",
    )
    z = zone_ids(pack)
    if river or mountain or fortified:
        a, b = sorted((z["A"], z["B"]))
        pack.map.borders[(a, b)] = Border(a, b, river=river, mountain=mountain, fortified=fortified)
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    while s.phase == "combat_move":
        mv = [a for a in s.legal_actions() if a.kind == "move" and a.path[-1] == z["B"]]
        if not mv:
            break
        s.apply(max(mv, key=lambda a: len(a.units)))
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    assert s.phase == "combat"
    return s, z["B"]


def _values(s, zone, nation, stat, side, rnd):
    us = sorted(
        (s.units[u] for u in s.units_in(zone) if s.units[u].nation == nation),
        key=lambda u: u.type,
    )
    return {(u.type): v for u, v in zip(us, fire_values(s, us, stat, zone, side, rnd), strict=True)}


def test_mountain_zone_every_round_section_1_8():
    # §1.8: "all combat rounds in a mountain zone": attacking land units -1; Mountain
    # Infantry no penalty and +1 Defence
    s, b = _battle(
        "mountain",
        [("infantry", 1), ("mountain_infantry", 1), ("medium_armor", 1)],
        [("mountain_infantry", 1), ("infantry", 1)],
    )
    for rnd in (1, 2, 3):
        att = _values(s, b, "RED", "attack", "att", rnd)
        assert att == {"infantry": 1, "mountain_infantry": 2, "medium_armor": 5}
        dfn = _values(s, b, "BLU", "defense", "def", rnd)
        assert dfn == {"infantry": 4, "mountain_infantry": 5}


def test_river_first_round_only_not_marines_or_artillery_section_1_12():
    # §1.12: "All land units except Marines and Artillery-class units are subject to -1
    # Attack on the first round of combat"
    s, b = _battle(
        "clear",
        [("medium_armor", 1), ("marine", 1), ("artillery", 1), ("militia", 1)],
        [("infantry", 1)],
        river=True,
    )
    r1 = _values(s, b, "RED", "attack", "att", 1)
    r2 = _values(s, b, "RED", "attack", "att", 2)
    # the artillery supports one infantry-class unit (+1), here the marine (first in the
    # list); the militia's 1 - 1 stays 1 (§0.3(d))
    assert r1 == {"artillery": 3, "marine": 3, "medium_armor": 5, "militia": 1}
    assert r2 == {"artillery": 3, "marine": 3, "medium_armor": 6, "militia": 1}


def test_jungle_vehicles_minus_two_attack_and_defence_section_1_10():
    # §1.10: vehicle-class units -2 Attack and -2 Defence; infantry unaffected;
    # §0.3(d) never below 1 (cavalry D2 -> 1, a choice: rules-notes/000 §6.15)
    s, b = _battle(
        "jungle",
        [("medium_armor", 1), ("infantry", 1)],
        [("cavalry", 1), ("light_armor", 1), ("infantry", 1)],
    )
    assert _values(s, b, "RED", "attack", "att", 2) == {"medium_armor": 4, "infantry": 2}
    assert _values(s, b, "BLU", "defense", "def", 2) == {
        "cavalry": 1,
        "light_armor": 1,
        "infantry": 4,
    }


def test_worked_example_section_0_3_a_city_and_fortification():
    # §0.3(a): infantry defending in a city with a fortification claims +2 in round 1
    # (fortification) and +1 (city) in later rounds, never both
    s, b = _battle("city", [("medium_armor", 2)], [("infantry", 1)], fortified=True)
    assert _values(s, b, "BLU", "defense", "def", 1) == {"infantry": 6}
    assert _values(s, b, "BLU", "defense", "def", 2) == {"infantry": 5}


def test_worked_example_section_0_3_b_and_1_24_b_mountain_river():
    # §0.3(b) / §1.24(b): attacking across a river into a mountain is still only -1 in round
    # 1; Mountain Infantry take the river's -1 though mountains do not penalise them
    s, b = _battle(
        "mountain", [("medium_armor", 1), ("mountain_infantry", 1)], [("infantry", 1)], river=True
    )
    assert _values(s, b, "RED", "attack", "att", 1) == {"medium_armor": 5, "mountain_infantry": 1}
    assert _values(s, b, "RED", "attack", "att", 2) == {"medium_armor": 5, "mountain_infantry": 2}


def test_worked_example_section_1_24_a_mountain_city():
    # §1.24(a) Madrid: +1 Defence for infantry-class on all rounds, -1 to the attacker;
    # Mountain Infantry do not gain an additional +1
    s, b = _battle(
        "mountain_city",
        [("infantry", 1), ("medium_armor", 1)],
        [("infantry", 1), ("mountain_infantry", 1), ("light_armor", 1)],
    )
    for rnd in (1, 2):
        assert _values(s, b, "RED", "attack", "att", rnd) == {"infantry": 1, "medium_armor": 5}
        assert _values(s, b, "BLU", "defense", "def", rnd) == {
            "infantry": 5,
            "mountain_infantry": 5,
            "light_armor": 3,
        }


def test_worked_example_section_1_24_c_river_city():
    # §1.24(c): the river gives -1 to the attacker in round 1, the city +1 to the defender
    # on all rounds
    s, b = _battle("city", [("medium_armor", 1)], [("infantry", 1)], river=True)
    assert _values(s, b, "RED", "attack", "att", 1) == {"medium_armor": 5}
    assert _values(s, b, "RED", "attack", "att", 2) == {"medium_armor": 6}
    for rnd in (1, 2):
        assert _values(s, b, "BLU", "defense", "def", rnd) == {"infantry": 5}


def test_border_mountain_first_round_only_section_1_7():
    # §1.7 / §1.8: "Units are subject to Mountain rules on the first round of combat when
    # crossing a mountain border"
    s, b = _battle(
        "clear", [("infantry", 1), ("mountain_infantry", 1)], [("infantry", 1)], mountain=True
    )
    assert _values(s, b, "RED", "attack", "att", 1) == {"infantry": 1, "mountain_infantry": 2}
    assert _values(s, b, "RED", "attack", "att", 2) == {"infantry": 2, "mountain_infantry": 2}


def test_a_d12_battle_is_fought_to_the_end():
    # §9.1: hit = D12 roll <= value; the engine fights the battle out
    s, b = _battle("clear", [("medium_armor", 3)], [("infantry", 2)])
    fight = [a for a in s.legal_actions() if a.kind == "fight" and a.zone == b]
    s.apply(fight[0])
    assert s.battle is None
    sides = {s.units[u].nation for u in s.units_in(b)}
    assert len(sides) == 1
