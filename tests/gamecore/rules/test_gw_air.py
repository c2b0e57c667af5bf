"""Global War air operations: carpet bombing (seeds/000 §9.17), raid escorts (§9.16) and
Airborne Assault (§9.15). Carpet bombing (rules-notes/000 §4.4 "Carpet bombing"):
Strategic Bombers (and Heavy ones, and rockets) attack land units only, for one round, 3
dice at "2" (Heavy 5), jungle takes 2 dice off; they face interception and AA Artillery,
no other land unit fires back."""

from __future__ import annotations

from gamecore.engine import Action, new_game
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.rules import load_ruleset
from gamecore.rules.combat import _kill, retreat_zones
from gamecore.rules.state import Battle
from tests.gamecore.rules.test_gw_combat import HIT, MISS, TWO, Script, units_of


def carpet_game(
    defenders, terrain="clear", ruleset="global_war", bombers=(("strategic_bomber", 1),)
):
    units = [("A", "RED", t, n) for t, n in bombers] + [("B", "BLU", t, n) for t, n in defenders]
    zones = {"A": {"owner": "RED"}, "B": {"owner": "BLU", "terrain": terrain}}
    pack = grid_pack(["AB"], zones, TWO, units, ruleset=ruleset)
    z = zone_ids(pack)
    s = new_game(pack, "test", seed=1, decisions=())
    while s.phase != "combat_move":
        s.apply(Action.end_phase())
    return s, z


def carpet_moves(s, z):
    return [a for a in s.legal_actions() if a.kind == "move" and a.mode == "carpet"]


def bomb(s, z, rolls):
    (mv,) = [a for a in carpet_moves(s, z) if a.path[-1] == z["B"]]
    s.apply(mv)
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    assert s.phase == "combat"
    script = Script(rolls)
    s.rng = script
    fight = [a for a in s.legal_actions() if a.kind == "fight" and a.zone == z["B"]]
    s.apply(fight[0])
    while s.phase == "combat" and any(a.kind == "fight" for a in s.legal_actions()):
        s.apply([a for a in s.legal_actions() if a.kind == "fight"][0])
    return script


def test_a_strategic_bomber_rolls_three_dice_at_2_against_land_units_only():
    # §9.17: 3 dice at "2"; the defenders do not fire back (no dice beyond the three)
    s, z = carpet_game([("infantry", 3)])
    script = bomb(s, z, [HIT, HIT, MISS])
    assert script.rolls == [] and script.draws == 3
    assert units_of(s, z["B"], "BLU") == ["infantry"]
    assert units_of(s, z["B"], "RED") == ["strategic_bomber"]  # it survives, lands later
    (ev,) = [e for e in s.log if e.get("e") == "carpet"]
    assert (ev["bombers"], ev["dice"], ev["hits"]) == (1, 3, 2)


def test_jungle_takes_two_dice_off():
    # §9.17: "Jungle takes 2 dice off" (Strategic Bomber 1, Heavy 3)
    s, z = carpet_game([("infantry", 3)], terrain="jungle")
    script = bomb(s, z, [HIT])
    assert script.draws == 1
    assert units_of(s, z["B"], "BLU") == ["infantry", "infantry"]


def test_interception_and_aa_artillery_come_first():
    # §9.17: the bombers face interception and AA Artillery first
    s, z = carpet_game([("infantry", 2), ("fighter", 1)])
    # interception round: the bomber (air battle 1) misses, the fighter (3) hits: no dice
    script = bomb(s, z, [MISS, HIT])
    assert script.rolls == []
    assert units_of(s, z["B"], "RED") == []
    assert units_of(s, z["B"], "BLU") == ["fighter", "infantry", "infantry"]
    s, z = carpet_game([("infantry", 2), ("aa_artillery", 1)])
    # AA artillery: one die at 3 per aircraft; it hits, the bomber is gone before it rolls
    script = bomb(s, z, [HIT])
    assert script.rolls == [] and units_of(s, z["B"], "RED") == []
    assert units_of(s, z["B"], "BLU") == ["aa_artillery", "infantry", "infantry"]


def test_heavy_bombers_roll_five_and_only_bombers_may_carpet_bomb():
    s, z = carpet_game([("infantry", 6)], bombers=(("heavy_strategic_bomber", 1),))
    script = bomb(s, z, [HIT, HIT, HIT, MISS, MISS])
    assert script.draws == 5 and units_of(s, z["B"], "BLU") == ["infantry"] * 3
    s, z = carpet_game([("infantry", 1)], bombers=(("fighter", 1), ("medium_bomber", 1)))
    assert carpet_moves(s, z) == []


def test_g40_has_no_carpet_bombing():
    s, z = carpet_game([("infantry", 1)], ruleset="g40", bombers=(("strategic_bomber", 1),))
    assert carpet_moves(s, z) == []


# ------------------------------------------------------------------ §9.16 raid escorts
def raid_game(defenders, ruleset="global_war"):
    units = [("A", "RED", "strategic_bomber", 1), ("A", "RED", "fighter", 1)]
    units += [("B", "BLU", t, n) for t, n in defenders]
    zones = {"A": {"owner": "RED"}, "B": {"owner": "BLU"}}
    pack = grid_pack(
        ["AB"], zones, TWO, units, facilities=[("B", "major_factory")], ruleset=ruleset
    )
    z = zone_ids(pack)
    s = new_game(pack, "test", seed=1, decisions=())
    while s.phase != "combat_move":
        s.apply(Action.end_phase())
    return s, z


def test_fighters_escort_a_declared_raid_and_fight_the_interception_round():
    # §9.16: "The attacker picks escort fighters"; one round of interception with everyone
    # at interception values (T 9-9: Fighter 3, Strategic Bomber 1)
    s, z = raid_game([("fighter", 1), ("infantry", 1)])

    def escorts():
        return [a for a in s.legal_actions() if a.kind == "move" and a.mode == "raid_escort"]

    assert escorts() == []  # nothing to escort yet
    (raid,) = [a for a in s.legal_actions() if a.kind == "move" and a.mode == "bomb"]
    s.apply(raid)
    (esc,) = escorts()
    s.apply(esc)
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    # interception: bomber misses, escort hits, interceptor misses; the factory's AA (one die
    # per bomber) misses; the bomber's 2D6 bombing rolls 3 + 4
    script = Script([MISS, HIT, MISS, MISS, 3, 4])
    s.rng = script
    s.apply([a for a in s.legal_actions() if a.kind == "fight" and a.zone == z["B"]][0])
    (ev,) = [e for e in s.log if e.get("e") == "raid"]
    assert ev["air_battle"] == [1, 0] and ev["raiders"] == 2
    assert units_of(s, z["B"], "BLU") == ["infantry"]  # the interceptor is down
    assert units_of(s, z["B"], "RED") == ["fighter", "strategic_bomber"]
    assert script.rolls == []  # the escort did not bomb, nobody fought the infantry
    (f,) = s.facilities.values()
    assert f.damage == 7


def test_g40_has_no_raid_escorts():
    s, z = raid_game([("fighter", 1)], ruleset="g40")
    for a in [a for a in s.legal_actions() if a.kind == "move" and a.mode == "bomb"][:1]:
        s.apply(a)
    assert not [a for a in s.legal_actions() if a.kind == "move" and a.mode == "raid_escort"]


# ------------------------------------------------------------------ §9.15 airborne assault
def airborne_game(defenders, carrier="air_transport", ruleset="global_war", rows=("ACB",)):
    units = [("A", "RED", carrier, 1), ("A", "RED", "airborne", 1)]
    units += [("B", "BLU", t, n) for t, n in defenders]
    zones = {"A": {"owner": "RED"}, "C": {"owner": "RED"}, "B": {"owner": "BLU"}}
    pack = grid_pack(list(rows), zones, TWO, units, ruleset=ruleset)
    z = zone_ids(pack)
    s = new_game(pack, "test", seed=1, decisions=())
    while s.phase != "combat_move":
        s.apply(Action.end_phase())
    return s, z


def drops(s):
    return [a for a in s.legal_actions() if a.kind == "move" and a.mode == "airborne"]


def drop_and_fight(s, z, rolls, rounds=1):
    (mv,) = [a for a in drops(s) if a.path[-1] == z["B"]]
    s.apply(mv)
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    script = Script(rolls)
    s.rng = script
    s.rules = s.rules.with_options({"max_combat_rounds": rounds})
    s.apply([a for a in s.legal_actions() if a.kind == "fight" and a.zone == z["B"]][0])
    return script


def test_an_air_transport_drops_airborne_two_zones_away():
    # §9.15: "An Air Transport or Strategic Bomber may transport an Airborne Infantry into an
    # Airborne Assault"; B is two zones from A: the airborne unit's own move is 1
    s, z = airborne_game([("infantry", 1)])
    (mv,) = [a for a in drops(s) if a.path[-1] == z["B"]]
    assert len(mv.path) == 3 and len(mv.units) == 2
    assert load_ruleset("g40").options["airborne_assault"] is False


def test_airborne_attack_plus_one_in_round_one_only():
    # §12.1 Airborne: "When airborne assaulting they get +1 Attack on combat round one"
    from gamecore.rules.combat import fire_values

    s, z = airborne_game([("infantry", 1)])
    (mv,) = [a for a in drops(s) if a.path[-1] == z["B"]]
    s.apply(mv)
    (para,) = [s.units[u] for u in s.units_in(z["B"]) if s.units[u].type == "airborne"]
    assert fire_values(s, [para], "attack", z["B"], "att", 1) == [3]
    assert fire_values(s, [para], "attack", z["B"], "att", 2) == [2]


def test_airborne_dies_with_its_aircraft_in_round_one_and_cannot_retreat():
    # §9.15: "If the transporting aircraft is chosen as casualty in the first combat round
    # the Airborne Infantry is eliminated"; "An Airborne Assaulting unit cannot retreat"
    s, z = airborne_game([("infantry", 1)], carrier="strategic_bomber")
    # round 1: the airborne misses (the bomber has no attack); the infantry hits and the
    # attacker's casualty profile gives up the bomber (it has no Attack): the airborne
    # unit it dropped goes with it
    drop_and_fight(s, z, [MISS, HIT])
    lost = [e for e in s.log if e.get("e") == "lost"]
    assert [e.get("type") for e in lost][:1] == ["strategic_bomber"] and len(lost) == 2
    assert units_of(s, z["B"], "RED") == []
    # no retreat: the land attacker that walked in from C could go back, not with an
    # airborne unit in the battle
    s, z = airborne_game([("infantry", 2)], rows=("ACB", "xxD"))
    (mv,) = [a for a in drops(s) if a.path[-1] == z["B"]]
    s.apply(mv)
    s.battle = Battle(z["B"], "RED", "BLU", round=1)
    assert retreat_zones(s, s.battle) == []
    s, z = airborne_game([("infantry", 2)])
    s.add_unit("RED", "infantry", z["C"], moves=1)
    s._legal = None
    walk = [a for a in s.legal_actions() if a.kind == "move" and a.path == (z["C"], z["B"])]
    s.apply(walk[0])
    s.battle = Battle(z["B"], "RED", "BLU", round=1)
    assert retreat_zones(s, s.battle) == [z["C"]]
    # an aircraft lost in round 1 takes its airborne unit along
    s, z = airborne_game([("infantry", 1)])
    (mv,) = [a for a in drops(s) if a.path[-1] == z["B"]]
    s.apply(mv)
    plane = next(s.units[u] for u in s.units_in(z["B"]) if s.units[u].type == "air_transport")
    s.battle = Battle(z["B"], "RED", "BLU", round=1)
    _kill(s, plane, "combat")
    assert units_of(s, z["B"], "RED") == []
