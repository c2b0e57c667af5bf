"""Global War 1936-1945 combat in the engine (gamecore.rules.combat on global_war.toml).

Rule tests cite the rulebook seeds/000_8004ae29f2fa7391.txt (§x.y, T x-y) and the summary
rules-notes/000_global_war.md §4.4, §4.9. Dice are scripted: a D12 hits on a roll <= the
unit's value, so a 1 always hits and a 12 always misses (no value here reaches 12).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.engine import Action, new_game
from gamecore.engine.state import AMPHIB
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.model import Border
from gamecore.rules import load_ruleset
from gamecore.rules.battle.steps import steps_for
from gamecore.rules.combat import (
    assign_hits,
    city_surrounded,
    crossed_effects,
    fire_values,
)

TWO = {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}}
HIT, MISS = 1, 12


class Script:
    """A die that rolls the given numbers in order (and fails loudly when run dry)."""

    def __init__(self, rolls):
        self.rolls = list(rolls)
        self.draws = 0

    def roll(self, sides: int) -> int:
        assert self.rolls, "the battle rolled more dice than scripted"
        self.draws += 1
        r = self.rolls.pop(0)
        assert 1 <= r <= sides
        return r

    def copy(self):
        return self


def setup(
    attackers,
    defenders,
    rows=("AB",),
    zones=None,
    border=None,
    border_props=None,
    facilities=(),
    fac_props=None,
    ruleset="global_war",
    options=None,
):
    """RED in A attacks BLU in B; returns (state in the combat phase, zone ids)."""
    units = [("A", "RED", t, n) for t, n in attackers] + [("B", "BLU", t, n) for t, n in defenders]
    zs = {"A": {"owner": "RED"}, "B": {"owner": "BLU"}}
    for k, v in (zones or {}).items():
        zs[k] = {**zs.get(k, {}), **v}
    pack = grid_pack(
        list(rows), zs, TWO, units, facilities=facilities, ruleset=ruleset, options=options
    )
    z = zone_ids(pack)
    if border or border_props:
        a, b = sorted((z["A"], z["B"]))
        pack.map.borders[(a, b)] = Border(a, b, **(border or {}), props=dict(border_props or {}))
    for fid, props in (fac_props or {}).items():
        pack.map.facilities[fid].props.update(
            {k: z[v] if k == "border" else v for k, v in props.items()}
        )
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    while s.phase == "combat_move":
        mv = [a for a in s.legal_actions() if a.kind == "move" and a.path[-1] == z["B"]]
        if not mv:
            break
        s.apply(max(mv, key=lambda a: len(a.units)))
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    assert s.phase == "combat"
    return s, z


def fight(s, zone, rolls, rounds=None):
    """Fight the battle in ``zone`` with scripted dice; returns the dice left unused."""
    script = Script(rolls)
    s.rng = script
    if rounds is not None:
        s.rules = s.rules.with_options({"max_combat_rounds": rounds})
    act = [a for a in s.legal_actions() if a.kind == "fight" and a.zone == zone]
    s.apply(act[0])
    return script


def units_of(s, zone, nation):
    return sorted(s.units[u].type for u in s.units_in(zone) if s.units[u].nation == nation)


def values(s, zone, nation, stat, side, rnd):
    us = sorted(
        (s.units[u] for u in s.units_in(zone) if s.units[u].nation == nation),
        key=lambda u: u.type,
    )
    return {u.type: v for u, v in zip(us, fire_values(s, us, stat, zone, side, rnd), strict=True)}


# ---------------------------------------------------------------------------- data
def test_the_ruleset_turns_the_round_one_abilities_on():
    gw = load_ruleset("global_war")
    o = gw.options
    assert o["first_strike_rounds"] == 1 and o["air_superiority_rounds"] == 1
    for t in ("artillery", "sp_artillery", "advanced_artillery", "advanced_sp_artillery"):
        assert gw.units[t].first_strike, t  # §12.1 "Artillery has first strike capability"
    for t in ("submarine", "advanced_submarine", "coastal_submarine"):
        assert gw.units[t].first_strike  # §9.10
    assert not gw.units["aa_artillery"].first_strike
    assert {t for t, u in gw.units.items() if u.air_superiority} == {
        "fighter",
        "jet_fighter",
        "early_war_fighter",
    }  # T 9-2 "Fighters or Jet Fighters"
    assert gw.facility_types["fortification"].border_effect == "fortified"
    f, m = gw.borders["fortified"], gw.borders["maginot"]
    assert (f.first_strike_rolls, f.first_strike_value, f.rounds) == (2, 5, 1)  # §12.7
    assert (m.first_strike_rolls, m.first_strike_value, m.rounds) == (2, 6, 1)  # §1.23 (b)
    assert m.defense == {"land": 3} and m.double_casualties == ("land",)  # §1.23 (a), (c)


def test_g40_keeps_first_strike_every_round_and_no_air_superiority():
    g = load_ruleset("g40")
    assert g.options["first_strike_rounds"] == 0
    assert g.options["air_superiority_rounds"] == 0
    assert not any(u.air_superiority for u in g.units.values())


# ---------------------------------------------------------------------------- first strike
def test_first_strike_victims_do_not_fire_back_section_9_1():
    # §9.1 / T 9-2 step 1: "First strike casualties are removed immediately when hit and do
    # not return fire unless they also have first strike ability"
    s, z = setup([("artillery", 1)], [("infantry", 1)])
    left = fight(s, z["B"], [HIT])
    assert left.draws == 1  # the infantry never rolled
    assert units_of(s, z["B"], "RED") == ["artillery"]
    assert units_of(s, z["B"], "BLU") == []


def test_first_strike_in_round_one_only_table_9_1():
    # T 9-1 "First Round of Combat: First Strike": from round 2 the artillery fires with
    # everyone, so both hits of round 2 land (in A&A's every-round first strike the
    # infantry would die before firing)
    s, z = setup([("artillery", 1)], [("infantry", 1)])
    fight(s, z["B"], [MISS, MISS, HIT, HIT])  # r1: art (fs), inf; r2: art, inf together
    assert units_of(s, z["B"], "RED") == [] and units_of(s, z["B"], "BLU") == []


def test_every_round_first_strike_when_the_option_is_zero():
    # the g40 behaviour kept as the option's default (first_strike_rounds = 0)
    s, z = setup([("artillery", 1)], [("infantry", 1)], options={"first_strike_rounds": 0})
    fight(s, z["B"], [MISS, MISS, HIT])  # round 2: the artillery strikes first again
    assert units_of(s, z["B"], "RED") == ["artillery"] and units_of(s, z["B"], "BLU") == []


def test_both_sides_first_strikers_fire_at_the_same_time_table_9_1():
    # T 9-1: "If units on both sides have first strike, those units all fire at the same
    # time" (the defender's artillery has first strike too: rules-notes/000 §4.4)
    s, z = setup([("artillery", 1)], [("artillery", 1)])
    fight(s, z["B"], [HIT, HIT])
    assert units_of(s, z["B"], "RED") == [] and units_of(s, z["B"], "BLU") == []


def _sea(attackers, defenders):
    units = [("1", "RED", t, n) for t, n in attackers] + [("2", "BLU", t, n) for t, n in defenders]
    pack = grid_pack(["12"], {}, TWO, units, ruleset="global_war")
    z = zone_ids(pack)
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    while s.phase == "combat_move":
        mv = [a for a in s.legal_actions() if a.kind == "move" and a.path[-1] == z["2"]]
        if not mv:
            break
        s.apply(max(mv, key=lambda a: len(a.units)))
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    return s, z["2"]


def test_submarine_first_strike_round_one_unless_destroyer_section_9_10():
    # no destroyer: the sub's round-1 hit sinks the cruiser before it fires
    s, b = _sea([("submarine", 1)], [("light_cruiser", 1)])
    left = fight(s, b, [HIT])
    assert left.draws == 1 and units_of(s, b, "BLU") == []
    # an enemy destroyer: no first strike, both fire together
    s, b = _sea([("submarine", 1)], [("destroyer", 1)])
    fight(s, b, [HIT, HIT])
    assert units_of(s, b, "RED") == [] and units_of(s, b, "BLU") == []


# ---------------------------------------------------------------------------- air superiority
def test_air_superiority_hits_go_to_aircraft_in_round_one_table_9_1():
    # T 9-1 example: "Germany rolls 3 hits with the Fighters. France must select its two
    # aircraft as casualties and the third casualty is applied to an Infantry"
    s, z = setup(
        [("fighter", 3)],
        [("fighter", 1), ("tactical_bomber", 1), ("infantry", 2)],
    )
    # r1: three fighters hit; the defenders (fighter, tac, 2 infantry) all miss
    fight(s, z["B"], [HIT, HIT, HIT, MISS, MISS, MISS, MISS], rounds=1)
    assert units_of(s, z["B"], "BLU") == ["infantry"]


def test_air_superiority_is_round_one_only():
    s, z = setup([("fighter", 1)], [("fighter", 1), ("infantry", 1)])
    # r1: all miss; r2: the fighter hits: the owner's cheapest (the infantry) goes
    fight(s, z["B"], [MISS, MISS, MISS, HIT, MISS, MISS], rounds=2)
    assert units_of(s, z["B"], "BLU") == ["fighter"]


def test_air_superiority_falls_back_to_other_units_without_aircraft():
    s, z = setup([("fighter", 1)], [("infantry", 2)])
    fight(s, z["B"], [HIT, MISS, MISS], rounds=1)
    assert units_of(s, z["B"], "BLU") == ["infantry"]


def test_tactical_bombers_have_no_air_superiority():
    s, z = setup([("tactical_bomber", 1)], [("fighter", 1), ("infantry", 1)])
    fight(s, z["B"], [HIT, MISS, MISS], rounds=1)
    assert units_of(s, z["B"], "BLU") == ["fighter"]  # cheapest: the infantry


# ---------------------------------------------------------------------------- fortifications
def test_fortification_first_strike_and_plus_two_section_12_7():
    # §12.7 "Fortifications Defend the first round of combat on a '5' with two first strike
    # rolls. They add +2 Defense to all other land units in the zone on round one"
    s, z = setup(
        [("medium_armor", 2)],
        [("infantry", 1)],
        facilities=[("B", "fortification")],
        fac_props={1: {"border": "A"}},
    )
    assert values(s, z["B"], "BLU", "defense", "def", 1) == {"infantry": 6}
    assert values(s, z["B"], "BLU", "defense", "def", 2) == {"infantry": 4}
    # r1: fortification rolls 5 (hit) and 6 (miss): one armor gone before it fires; then
    # the other armor misses and the infantry (6) misses
    left = fight(s, z["B"], [5, 6, MISS, MISS], rounds=1)
    assert left.draws == 4
    assert units_of(s, z["B"], "RED") == ["medium_armor"]


def test_fortification_guards_only_its_border_section_12_7():
    # "A Fortification ... provides a benefit against attacks across that border only"
    s, z = setup(
        [("medium_armor", 1)],
        [("infantry", 1)],
        rows=("ABC",),
        zones={"C": {"owner": "BLU"}},
        facilities=[("B", "fortification")],
        fac_props={1: {"border": "C"}},
    )
    assert values(s, z["B"], "BLU", "defense", "def", 1) == {"infantry": 4}
    left = fight(s, z["B"], [MISS, MISS], rounds=1)  # no fortification dice
    assert left.draws == 2


def test_fortification_without_a_border_covers_the_zone_section_12_8():
    # §12.8 special fortification zones: one Fortification covers the whole zone
    s, z = setup([("medium_armor", 1)], [("infantry", 1)], facilities=[("B", "fortification")])
    assert values(s, z["B"], "BLU", "defense", "def", 1) == {"infantry": 6}


def test_fortified_border_attribute_fires_too():
    s, z = setup([("medium_armor", 1)], [("infantry", 1)], border={"fortified": True})
    # two fortification dice (one hit: the armor never fires), the infantry's roll
    left = fight(s, z["B"], [HIT, MISS, MISS], rounds=1)
    assert left.draws == 3 and units_of(s, z["B"], "RED") == []


# ---------------------------------------------------------------------------- Maginot
def test_maginot_line_section_1_23_and_double_casualties_section_9_2():
    # §1.23: (a) double casualties in round 1, (b) two first-strike attacks at "6",
    # (c) defending land units +3 in round 1; §9.2 "one hit causes the Attacker to select
    # any two units as casualties"
    s, z = setup([("infantry", 5)], [("infantry", 1)], border_props={"maginot": True})
    assert values(s, z["B"], "BLU", "defense", "def", 1) == {"infantry": 7}
    assert values(s, z["B"], "BLU", "defense", "def", 2) == {"infantry": 4}
    # r1: Maginot 6 (hit), 7 (miss) -> two infantry; 3 attackers miss; the defender (7)
    # rolls 7: a hit -> two more
    fight(s, z["B"], [6, 7, MISS, MISS, MISS, 7], rounds=1)
    assert units_of(s, z["B"], "RED") == ["infantry"]


def test_no_double_casualties_after_round_one():
    s, z = setup([("infantry", 3)], [("infantry", 1)], border_props={"maginot": True})
    # r1: all miss (2 Maginot, 3 attackers, the defender); r2: the defender hits once
    fight(s, z["B"], [MISS] * 6 + [MISS, MISS, MISS, HIT], rounds=2)
    assert units_of(s, z["B"], "RED") == ["infantry", "infantry"]


def test_double_casualties_only_for_units_that_crossed():
    # a hit on a unit of the double set takes a second one only from that set
    s2, z2 = setup([("infantry", 2)], [("infantry", 1)], border_props={"maginot": True})
    att = [s2.units[u] for u in s2.units_in(z2["B"]) if s2.units[u].nation == "RED"]
    key = ((), "land", False)
    killed, _ = assign_hits(
        s2, att, [key], "cheapest", True, z2["B"], double=frozenset({att[0].id})
    )
    assert len(killed) == 1  # the second unit is not in the double set
    killed, _ = assign_hits(
        s2, att, [key], "cheapest", True, z2["B"], double=frozenset(u.id for u in att)
    )
    assert len(killed) == 2


def test_amphibious_attackers_are_the_first_casualties_section_9_8():
    # §9.8 "If units from adjacent land zones are attacking at the same time as
    # amphibiously assaulting units, amphibiously assaulting units must be chosen as
    # casualties first": global_war's amphibious_casualties_first step. Two infantry
    # attack; the one flagged as landed from the sea would be kept for last (the best
    # unit to take the zone, the higher id) but goes first.
    def battle(step_on: bool) -> tuple[int, int, list[int]]:
        s, z = setup([("infantry", 2)], [("infantry", 1)])
        land, sea = sorted(u for u in s.units_in(z["B"]) if s.units[u].nation == "RED")
        s.set_unit(sea, flags=s.units[sea].flags | AMPHIB)
        s.rules = s.rules.with_options({"amphibious_casualties_first": step_on})
        assert ("amphibious_casualties_first" in {st.name for st in steps_for(s.rules)}) is step_on
        # r1: both attackers miss, the defender hits once
        fight(s, z["B"], [MISS, MISS, HIT], rounds=1)
        return land, sea, [u for u in s.units_in(z["B"]) if s.units[u].nation == "RED"]

    land, _, left = battle(True)
    assert left == [land]
    _, sea, left = battle(False)
    assert left == [sea]


# ---------------------------------------------------------------------------- cities
def test_city_flag_infantry_plus_one_section_1_16():
    # §1.16 "Defending infantry-class units receive +1 Defense on all rounds of combat"
    s, z = setup(
        [("medium_armor", 1)],
        [("infantry", 1), ("light_armor", 1), ("fighter", 1)],
        rows=("ABC",),
        zones={"B": {"flags": ["city"]}, "C": {"owner": "BLU"}},
    )
    for rnd in (1, 2):
        assert values(s, z["B"], "BLU", "defense", "def", rnd) == {
            "infantry": 5,
            "light_armor": 3,
            "fighter": 6,
        }


def test_surrounded_city_minus_one_to_all_defenders_section_1_16():
    # §1.16 a surrounded city loses its bonus and gives -1 to all defending units
    s, z = setup(
        [("medium_armor", 1)],
        [("infantry", 1), ("fighter", 1)],
        rows=("ABC",),
        zones={"B": {"flags": ["city"]}, "C": {"owner": "RED"}},
    )
    assert city_surrounded(s, z["B"])
    assert values(s, z["B"], "BLU", "defense", "def", 1) == {"infantry": 3, "fighter": 5}


def test_city_with_an_air_base_or_a_friendly_neighbour_is_not_surrounded():
    s, z = setup(
        [("medium_armor", 1)],
        [("infantry", 1)],
        rows=("ABC",),
        zones={"B": {"flags": ["city"]}, "C": {"owner": "RED"}},
        facilities=[("B", "air_base")],
    )
    assert not city_surrounded(s, z["B"])
    assert values(s, z["B"], "BLU", "defense", "def", 1) == {"infantry": 5}
    s, z = setup(
        [("medium_armor", 1)],
        [("infantry", 1)],
        rows=("ABC",),
        zones={"B": {"flags": ["city"]}, "C": {"owner": "BLU"}},
    )
    assert not city_surrounded(s, z["B"])


def test_city_next_to_a_neutral_is_never_surrounded_section_1_16():
    s, z = setup(
        [("medium_armor", 1)],
        [("infantry", 1)],
        rows=("ABC",),
        zones={"B": {"flags": ["city"]}, "C": {}},
    )
    assert not city_surrounded(s, z["B"])


@pytest.mark.parametrize("seed", [3, 4])
def test_same_seed_same_battle(seed):
    # docs/architecture.md Invariant 4 with the new round-1 mechanisms in play
    out = []
    for _ in range(2):
        s, z = setup(
            [("infantry", 3), ("artillery", 1), ("fighter", 1)],
            [("infantry", 2), ("artillery", 1), ("fighter", 1)],
            zones={"B": {"flags": ["city"]}},
            border={"fortified": True, "river": True},
        )
        c = s.clone(reseed=seed, keep_log=False)
        act = [a for a in c.legal_actions() if a.kind == "fight" and a.zone == z["B"]]
        c.apply(act[0])
        out.append(sorted((u.nation, u.type) for u in c.units.values()))
    assert out[0] == out[1]


# ---------------------------------------------------------------------------- target selection
def test_tactical_bomber_target_selection_table_9_1():
    # T 9-1: "a unit with an Attack of '7' and a Target Selection of '1-3' would choose
    # which casualty it causes on a '1-3'. On a '4-7' the Defender would choose"; the
    # engine's pick is the most expensive eligible unit
    s, z = setup([("tactical_bomber", 1)], [("infantry", 2), ("medium_armor", 1)])
    fight(s, z["B"], [3, MISS, MISS, MISS], rounds=1)
    assert units_of(s, z["B"], "BLU") == ["infantry", "infantry"]
    s, z = setup([("tactical_bomber", 1)], [("infantry", 2), ("medium_armor", 1)])
    fight(s, z["B"], [4, MISS, MISS, MISS], rounds=1)  # the defender chooses: an infantry
    assert units_of(s, z["B"], "BLU") == ["infantry", "medium_armor"]


def test_tank_destroyer_picks_vehicles_only_table_9_1():
    s, z = setup([("tank_destroyer", 1)], [("infantry", 1), ("light_armor", 1), ("fighter", 1)])
    fight(s, z["B"], [HIT, MISS, MISS, MISS], rounds=1)
    assert units_of(s, z["B"], "BLU") == ["fighter", "infantry"]
    # no vehicle to pick: the owner chooses as usual
    s, z = setup([("tank_destroyer", 1)], [("infantry", 1), ("fighter", 1)])
    fight(s, z["B"], [HIT, MISS, MISS], rounds=1)
    assert units_of(s, z["B"], "BLU") == ["fighter"]


def test_city_infantry_target_selection_against_vehicles_section_1_16():
    # §1.16 / T 9-1 "Defending infantry-class in a city: 1 vs vehicles"
    kw = dict(rows=("ABC",), zones={"B": {"flags": ["city"]}, "C": {"owner": "BLU"}})
    s, z = setup([("infantry", 2), ("light_armor", 1)], [("infantry", 1)], **kw)
    fight(s, z["B"], [MISS, MISS, MISS, 1], rounds=1)
    assert units_of(s, z["B"], "RED") == ["infantry", "infantry"]
    s, z = setup([("infantry", 2), ("light_armor", 1)], [("infantry", 1)], **kw)
    fight(s, z["B"], [MISS, MISS, MISS, 2], rounds=1)  # a plain hit: RED's cheapest goes
    assert units_of(s, z["B"], "RED") == ["infantry", "light_armor"]


def test_submarine_target_selection_section_9_10():
    # §9.10 "Submarines have a Target Selection of '1'"
    s, b = _sea([("submarine", 1)], [("destroyer", 1), ("heavy_cruiser", 1)])
    fight(s, b, [1, MISS, MISS], rounds=1)
    assert units_of(s, b, "BLU") == ["destroyer"]
    s, b = _sea([("submarine", 1)], [("destroyer", 1), ("heavy_cruiser", 1)])
    fight(s, b, [2, MISS, MISS], rounds=1)
    assert units_of(s, b, "BLU") == ["heavy_cruiser"]


# ---------------------------------------------------------------------------- desert, damage, AA
def test_desert_breakdown_section_1_9():
    # §1.9 "An Attacking vehicle-class unit that rolls a '12' during combat must retreat"
    s, z = setup(
        [("medium_armor", 1), ("infantry", 1)],
        [("infantry", 2)],
        zones={"B": {"terrain": "desert"}},
    )
    fight(s, z["B"], [12, MISS, MISS, MISS], rounds=1)  # armor 12, infantry miss; BLU miss
    assert units_of(s, z["B"], "RED") == ["infantry"]
    assert "medium_armor" in units_of(s, z["A"], "RED")
    # infantry rolling 12 stays; armor rolling 11 stays
    s, z = setup(
        [("medium_armor", 1), ("infantry", 1)],
        [("infantry", 2)],
        zones={"B": {"terrain": "desert"}},
    )
    fight(s, z["B"], [11, 12, MISS, MISS], rounds=1)
    assert units_of(s, z["B"], "RED") == ["infantry", "medium_armor"]


def test_no_breakdown_outside_the_desert():
    s, z = setup([("medium_armor", 1)], [("infantry", 2)])
    fight(s, z["B"], [12, MISS, MISS], rounds=1)
    assert units_of(s, z["B"], "RED") == ["medium_armor"]


def test_damaged_capital_ship_fights_at_its_damaged_values():
    # §12.2 damaged capital ships fight at reduced values (rules-notes/000 §6.3: the
    # ruleset's choice, -2 per hit)
    s, b = _sea([("battleship", 1)], [("light_cruiser", 1)])
    bb = next(s.units[u] for u in s.units_in(b) if s.units[u].type == "battleship")
    assert fire_values(s, [bb], "attack", b, "att", 1) == [8]
    s.set_unit(bb.id, damage=1)
    assert fire_values(s, [s.units[bb.id]], "attack", b, "att", 1) == [6]


def test_aa_artillery_fires_once_before_round_one_section_12_1():
    # §12.1 AA Artillery: round 1 only, one die per aircraft, at most 3, hits on 3
    s, z = setup([("fighter", 2)], [("aa_artillery", 1), ("infantry", 1)])
    # AA: 2 dice (3: hit, 4: miss); round 1: both fighters (§12.2: the one shot down still
    # rolls, issue #23 point 12) and the infantry miss; round 2: no AA again, the fighter
    # left and the infantry miss
    left = fight(s, z["B"], [3, 4, MISS, MISS, MISS, MISS, MISS], rounds=2)
    assert left.draws == 7 and units_of(s, z["B"], "RED") == ["fighter"]


# ---------------------------------------------------------------------------- amphibious
def amph(landers, defenders, ships=(("naval_transport", 1),), land_side=(), facilities=()):
    """RED lands ``landers`` from sea zone 1 (with ``ships`` there) into BLU's B, with
    ``land_side`` attackers coming from A at once. Returns (state in combat, zone ids)."""
    units = [("1", "RED", t, n) for t, n in ships]
    units += [("C", "RED", t, n) for t, n in landers]
    units += [("A", "RED", t, n) for t, n in land_side]
    units += [("B", "BLU", t, n) for t, n in defenders]
    pack = grid_pack(
        ["AB", "C1"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "RED"}},
        TWO,
        units,
        facilities=facilities,
        ruleset="global_war",
    )
    z = zone_ids(pack)
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    from gamecore.engine.state import AMPHIB, UNLOADED

    sea = z["1"]
    for uid in list(s.units_in(z["C"])):
        u = s.units[uid]
        s.move_unit(uid, z["B"], flags=u.flags | AMPHIB | UNLOADED, moves=0)
        s.amph_from[uid] = sea
        s.origins[uid] = sea
    for uid in s.units_in(sea):
        u = s.units[uid]
        if s.rules.units[u.type].transport_capacity:
            s.set_unit(uid, flags=u.flags | UNLOADED)
    for uid in list(s.units_in(z["A"])):
        s.move_unit(uid, z["B"], moves=0)
        s.origins[uid] = z["A"]
    s.apply(Action.end_phase())
    assert s.phase == "combat"
    return s, z


def test_amphibious_round_one_only_infantry_and_double_casualties_section_9_8():
    # §9.8 example: "Japan suffers 1 casualty. Japan must choose two (i.e. double
    # casualties) of the amphibiously Attacking Infantry ... It cannot choose the artillery
    # because artillery cannot attack from the transport the first round"
    s, z = amph([("infantry", 3), ("artillery", 1)], [("infantry", 1)])
    # round 1: three infantry miss (the artillery is held out), the defender hits once
    left = fight(s, z["B"], [MISS, MISS, MISS, HIT], rounds=1)
    assert left.draws == 4
    assert units_of(s, z["B"], "RED") == ["artillery", "infantry"]


def test_held_out_units_join_in_round_two():
    s, z = amph([("infantry", 1), ("artillery", 1)], [("infantry", 2)])
    # r1: infantry misses, both defenders miss; r2: artillery (first strike only in
    # round 1, so with everyone) and infantry fire, 4 dice in all
    left = fight(s, z["B"], [MISS, MISS, MISS, MISS, MISS, MISS, MISS], rounds=2)
    assert left.draws == 7 and units_of(s, z["B"], "RED") == ["artillery", "infantry"]


def test_no_infantry_left_sends_the_others_back_aboard_section_9_8():
    # "The amphibiously assaulting artillery may not land on round two because all
    # amphibiously assaulting infantry were eliminated"
    s, z = amph([("infantry", 1), ("artillery", 1)], [("infantry", 2)])
    fight(s, z["B"], [MISS, HIT, MISS])
    assert units_of(s, z["B"], "RED") == []
    back = [s.units[u] for u in s.units_in(z["1"]) if s.units[u].type == "artillery"]
    assert len(back) == 1 and back[0].on  # aboard its transport again
    assert s.battle is None and units_of(s, z["B"], "BLU") == ["infantry", "infantry"]


def test_marines_take_single_casualties_section_9_8():
    s, z = amph([("marine", 3)], [("infantry", 1)])
    fight(s, z["B"], [MISS, MISS, MISS, HIT], rounds=1)
    assert units_of(s, z["B"], "RED") == ["marine", "marine"]


def test_amphibious_attackers_are_casualties_first_section_9_8():
    # "amphibiously assaulting units must be chosen as casualties first"
    s, z = amph([("marine", 1)], [("infantry", 1)], land_side=[("militia", 1)])
    fight(s, z["B"], [MISS, MISS, HIT], rounds=1)  # militia, marine miss; defender hits
    assert units_of(s, z["B"], "RED") == ["militia"]


def test_bombardment_victims_do_not_fire_back_section_9_9():
    # §9.9 "Due to First Strike, casualties from Shore Bombardment ... are removed
    # immediately"
    ships = [("naval_transport", 1), ("battleship", 1)]
    s, z = amph([("marine", 1)], [("infantry", 2)], ships=ships)
    # bombardment hits; round 1: the marine and the one infantry left (3 dice, not 4)
    left = fight(s, z["B"], [HIT, MISS, MISS], rounds=1)
    assert left.draws == 3 and units_of(s, z["B"], "BLU") == ["infantry"]


def test_coastal_artillery_fires_at_bombarding_and_unloading_ships_section_12_9():
    # §12.9: one roll at "3" per attacking ship that bombards or unloads, up to 3 shots;
    # the transport is not kept for last
    s, z = amph(
        [("marine", 1)],
        [("infantry", 1)],
        ships=[("naval_transport", 1), ("light_cruiser", 1)],
        facilities=[("B", "coastal_artillery")],
    )
    # coastal: 2 shots (3 hit, 3 hit); bombardment: the cruiser (1 hit); the marine 12
    fight(s, z["B"], [3, 3, 1, MISS])
    sea = [s.units[u].type for u in s.units_in(z["1"])]
    assert "light_cruiser" not in sea and "naval_transport" not in sea
    assert units_of(s, z["B"], "BLU") == []  # the sunk cruiser still bombarded


def test_fortification_removed_and_fortified_line_falls_on_conquest_section_12_7():
    # §12.7 "It is removed when the zone is conquered"; §1.22 fortified lines "are
    # destroyed the first time the zone they guard is conquered"
    s, z = setup(
        [("medium_armor", 1)],
        [("infantry", 1)],
        border={"fortified": True},
        facilities=[("B", "fortification")],
    )
    # the line and the facility are one effect: 2 dice (miss); the armor hits; the
    # infantry misses
    fight(s, z["B"], [MISS, MISS, HIT, MISS])
    assert s.owner[z["B"]] == "RED"
    assert not any(f.zone == z["B"] for f in s.facilities.values())
    armor = next(s.units[u] for u in s.units_in(z["B"]))
    assert crossed_effects(s, z["B"], armor) == frozenset()


# ---------------------------------------------------------------------------- properties
_LINEUP = st.fixed_dictionaries(
    {t: st.integers(0, 2) for t in ("infantry", "light_armor", "medium_armor", "fighter")}
).filter(lambda d: sum(d.values()) > 0)


@settings(max_examples=25, deadline=None)
@given(_LINEUP, st.integers(1, 3))
def test_property_target_selection_and_double_casualties(lineup, hits):
    # T 9-1: a target-selection hit limited to vehicles takes the most expensive vehicle
    # when there is one; §9.2: each hit on the double set takes two of it (while any left)
    s, z = setup([("infantry", 1)], [(t, n) for t, n in lineup.items() if n])
    dfn = [s.units[u] for u in s.units_in(z["B"]) if s.units[u].nation == "BLU"]
    ut = s.rules.units
    ts_key = ((), "land", False, "", ("vehicle",))
    killed, _ = assign_hits(s, dfn, [ts_key], "cheapest", False, z["B"])
    vehicles = [u for u in dfn if ut[u.type].props.get("class") == "vehicle"]
    assert len(killed) == 1
    if vehicles:
        assert ut[killed[0].type].cost == max(ut[u.type].cost for u in vehicles)
    key = ((), "land", False)
    killed, _ = assign_hits(
        s, dfn, [key] * hits, "cheapest", False, z["B"], double=frozenset(u.id for u in dfn)
    )
    assert len(killed) == min(2 * hits, len(dfn))


@pytest.mark.parametrize(
    "text, where",
    [
        ('[options]\ncity_terrain = "town"\n', "options.city_terrain"),
        ('[options]\namphibious_double_exempt = ["marines"]\n', "amphibious_double_exempt"),
        ('[options]\nfortified_lines_fall = ["wall"]\n', "fortified_lines_fall"),
        ("[borders.wall]\nrounds = 1\n", "borders.wall"),
        ('[facilities.x]\nborder_effect = "wall"\n', "facilities.x.border_effect"),
    ],
)
def test_bad_combat_data_is_a_ruleset_error(text, where):
    from gamecore.engine.ruleset import parse_ruleset
    from gamecore.errors import RulesetError

    with pytest.raises(RulesetError, match=where):
        parse_ruleset('extends = "global_war"\n' + text, "x.toml")


def test_attack_transport_landings_fight_in_round_one_without_double_casualties():
    # §9.8: land units take double casualties in round 1 "unless they are Marines or come
    # from an Attack Transport (any land unit may attack in round 1 from one)"
    from gamecore.engine.state import ASSAULT

    def landing(ship):
        pack = grid_pack(
            ["AB", "C1"],
            {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "RED"}},
            TWO,
            [("1", "RED", ship, 1), ("B", "BLU", "infantry", 2)],
            ruleset="global_war",
        )
        z = zone_ids(pack)
        s = new_game(pack, "test", seed=1, decisions=(), log="none")
        for _ in range(20):  # to RED's purchase phase (the cargo goes aboard then)
            if s.current_nation == "RED" and s.phase == "purchase":
                break
            s.apply(Action.end_phase())
        (tid,) = s.units_in(z["1"])
        for t in ("infantry", "infantry", "artillery"):
            s.add_unit("RED", t, z["1"], on=tid)
        s._legal = None
        s.apply(Action.end_phase())
        assert s.phase == "combat_move" and s.current_nation == "RED"
        (unload,) = [
            a
            for a in s.legal_actions()
            if a.kind == "move" and a.path[-1] == z["B"] and len(a.units) == 3
        ]
        s.apply(unload)
        if s.phase == "combat_move":
            s.apply(Action.end_phase())
        return s, z

    s, z = landing("attack_transport")
    assert all(s.units[u].flags & ASSAULT for u in s.units_in(z["B"]) if s.units[u].nation == "RED")
    # round 1: the artillery's first strike misses, the two infantry miss; one defender
    # hit takes one unit (no double casualties): 4 dice, the artillery not held out
    left = fight(s, z["B"], [MISS, MISS, MISS, HIT, MISS], rounds=1)
    assert left.draws == 5 and len(units_of(s, z["B"], "RED")) == 2
    s, z = landing("naval_transport")
    # from a Naval Transport: the artillery waits, one hit takes both infantry (double
    # casualties), so the artillery goes back aboard (no infantry-class survived)
    left = fight(s, z["B"], [MISS, MISS, HIT, MISS], rounds=1)
    assert left.draws == 4 and units_of(s, z["B"], "RED") == []
    assert [s.units[u].type for u in s.units_in(z["1"]) if s.units[u].on] == ["artillery"]
