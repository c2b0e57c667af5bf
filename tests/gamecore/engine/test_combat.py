"""Combat mechanisms of the g40 ruleset, with scripted dice (each test cites its source)."""

import pytest

from gamecore.engine import Action
from tests.gamecore.engine.helpers import ScriptedRng, game, to_phase, units_of

# A B  land, 1 2 sea:   A B C
#                       1 2 3
ROWS = ["ABC", "123"]
OWN = {"A": {"owner": "RED"}, "B": {"owner": "RED"}, "C": {"owner": "BLU"}}


def fight(s, zone, rolls, mode=""):
    """Resolve the battle in ``zone`` with scripted dice; returns the dice used."""
    to_phase(s, "combat")
    s.rng = ScriptedRng(rolls)
    s.apply(Action("fight", zone=zone, mode=mode))
    return s.rng


def test_a_round_with_artillery_support_and_capture():
    # rules-notes/004 §4.3: both sides roll, hit on <= value; artillery +1 to one infantry
    # (§3.2: infantry attacks at 2 when paired with artillery); §4.11 control changes at once
    s, z = game(
        ROWS,
        OWN,
        units=[("B", "RED", "infantry"), ("B", "RED", "artillery"), ("C", "BLU", "infantry")],
    )
    ids = units_of(s, "RED")
    s.apply(Action.move(ids, (z["B"], z["C"])))
    rng = fight(s, z["C"], [2, 6, 3])  # infantry 2 (hits at 2), artillery 6, defender 3
    assert rng.used == [2, 6, 3] and not rng.script
    assert units_of(s, "BLU") == []
    assert s.owner[z["C"]] == "RED"
    assert any(e.get("e") == "capture" for e in s.log)


def test_infantry_without_artillery_misses_on_two():
    s, z = game(ROWS, OWN, units=[("B", "RED", "infantry"), ("C", "BLU", "infantry")])
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    fight(s, z["C"], [2, 6])
    assert s.battle is not None and s.decision == ("RED", "retreat", "att")  # nobody hit
    assert Action.retreat(z["B"]) in s.legal_actions()


def test_two_hit_battleship_absorbs_the_first_hit():
    # rules-notes/004 §3.2 battleship 2 hits; §4.3 two-hit units absorb their first hit
    s, z = game(ROWS, OWN, units=[("1", "RED", "destroyer"), ("2", "BLU", "battleship")])
    dd = units_of(s, "RED")[0]
    s.apply(Action.move([dd], (z["1"], z["2"])))
    fight(s, z["2"], [1, 6])  # destroyer hits, battleship misses
    bb = units_of(s, "BLU")[0]
    assert s.units[bb].damage == 1
    s.rng = ScriptedRng([1, 6])
    s.apply(Action.press())
    assert bb not in s.units


def test_damaged_battleship_is_repaired_at_a_naval_base():
    # rules-notes/004 §4.3, §4.10: repaired at the start of the owner's turn at a naval base
    s, z = game(
        ROWS,
        OWN,
        units=[
            ("1", "RED", "battleship", 1, {"damage": 1}),
            ("2", "RED", "battleship", 1, {"damage": 1}),
        ],
        facilities=[("A", "naval_base")],
    )
    by_zone = {s.units[u].zone: s.units[u].damage for u in units_of(s, "RED")}
    assert by_zone == {z["1"]: 0, z["2"]: 1}  # 2 is not next to A


def test_submarine_surprise_strike_victims_do_not_fire_back():
    # rules-notes/004 §3.2 submarine: first strike; §4.3 casualties removed before fire
    s, z = game(ROWS, OWN, units=[("1", "RED", "submarine"), ("2", "BLU", "cruiser")])
    s.apply(Action.move(units_of(s, "RED"), (z["1"], z["2"])))
    rng = fight(s, z["2"], [2])
    assert rng.used == [2]  # the cruiser never rolled
    assert units_of(s, "BLU") == [] and len(units_of(s, "RED")) == 1


def test_destroyer_cancels_the_surprise_strike():
    # rules-notes/004 §3.2 destroyer: cancels enemy subs' first strike
    s, z = game(ROWS, OWN, units=[("1", "RED", "submarine"), ("2", "BLU", "destroyer")])
    s.apply(Action.move(units_of(s, "RED"), (z["1"], z["2"])))
    fight(s, z["2"], [1, 1])  # both hit in the same general step
    assert units_of(s) == []


def test_defending_submarines_strike_first_too():
    # rules-notes/004 §4.3: defending subs also get the surprise strike [T]
    s, z = game(ROWS, OWN, units=[("1", "RED", "cruiser"), ("2", "BLU", "submarine")])
    s.apply(Action.move(units_of(s, "RED"), (z["1"], z["2"])))
    rng = fight(s, z["2"], [1])  # the sub's first strike sinks the cruiser before it fires
    assert rng.used == [1] and units_of(s, "RED") == []


def test_subs_cannot_hit_air_and_air_cannot_hit_subs_without_a_destroyer():
    # rules-notes/004 §3.2 sub: cannot hit air; §4.3 air may hit subs only with a destroyer
    s, z = game(ROWS, OWN, units=[("B", "RED", "fighter"), ("2", "BLU", "submarine")])
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["2"])))
    rng = fight(s, z["2"], [])
    assert rng.used == []  # nobody can hurt anybody: the battle ends at once
    assert s.battle is None and len(units_of(s)) == 2
    s, z = game(
        ROWS,
        OWN,
        units=[("B", "RED", "fighter"), ("1", "RED", "destroyer"), ("2", "BLU", "submarine")],
    )
    s.apply(Action.move(units_of(s, "RED", "fighter"), (z["B"], z["2"])))
    s.apply(Action.move(units_of(s, "RED", "destroyer"), (z["1"], z["2"])))
    fight(s, z["2"], [6, 1, 6])  # destroyer 6, fighter 1 (hits the sub), sub 6
    assert units_of(s, "BLU") == []


def test_sub_hits_go_to_ships_not_to_air():
    s, z = game(
        ROWS,
        OWN,
        units=[("B", "RED", "fighter"), ("1", "RED", "destroyer"), ("2", "BLU", "submarine")],
    )
    s.apply(Action.move(units_of(s, "RED", "fighter"), (z["B"], z["2"])))
    s.apply(Action.move(units_of(s, "RED", "destroyer"), (z["1"], z["2"])))
    fight(s, z["2"], [6, 6, 1])  # the sub hits: the destroyer goes though it costs more
    assert [s.units[u].type for u in units_of(s, "RED")] == ["fighter"]


def test_aa_fires_before_combat_three_shots_each_hitting_on_one():
    # rules-notes/004 §4.4: one shot per aircraft, up to 3 per gun, hits on 1
    s, z = game(
        ROWS,
        OWN,
        units=[("A", "RED", "fighter", 4), ("C", "BLU", "aaa"), ("C", "BLU", "infantry")],
    )
    s.apply(Action.move(units_of(s, "RED"), (z["A"], z["B"], z["C"])))
    rng = fight(s, z["C"], [1, 1, 6, 6, 6, 6])  # 3 AA shots for 4 planes; then 2 ftr + inf
    assert rng.used[:3] == [1, 1, 6]
    assert len(units_of(s, "RED", "fighter")) == 2
    aa = [e for e in s.log if e.get("e") == "aa"][0]
    assert aa["shots"] == 3 and aa["hits"] == 2


def test_amphibious_assault_with_shore_bombardment_whose_victims_fire_back():
    # rules-notes/004 §4.5: one bombarding ship per landed unit; units hit by bombardment
    # still fire back; §4.3 amphibious land units may not retreat
    s, z = game(
        ["ABC", "113"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "BLU"}},
        units=[
            ("A", "RED", "infantry"),
            ("1", "RED", "transport"),
            ("1", "RED", "battleship"),
            ("1", "RED", "cruiser"),
            ("B", "BLU", "infantry", 2),
        ],
    )
    tp = units_of(s, "RED", "transport")[0]
    inf = units_of(s, "RED", "infantry")
    s.apply(Action.move(inf, (z["A"], z["1"]), transport=tp))
    s.apply(Action.move(inf, (z["1"], z["B"])))
    # bombardment (1 ship for 1 landed unit) hits; round 1: infantry 6, defenders 6 and 6
    # (the one hit by bombardment fires too); round 2: infantry 1, defender 6
    rng = fight(s, z["B"], [1, 6, 6, 6, 1, 6])
    assert not rng.script
    bomb = [e for e in s.log if e.get("e") == "bombard"][0]
    assert bomb["ships"] == 1 and bomb["hits"] == 1
    rounds = [e for e in s.log if e.get("e") == "round"]
    assert len(rounds) == 2  # no press/retreat decision: amphibious units cannot retreat
    assert s.owner[z["B"]] == "RED"


def test_attacker_retreats_to_a_zone_it_came_from():
    # rules-notes/004 §4.3: retreat to one adjacent friendly territory attackers came from
    s, z = game(ROWS, OWN, units=[("B", "RED", "infantry", 2), ("C", "BLU", "infantry")])
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    fight(s, z["C"], [6, 6, 6])
    assert s.legal_actions() == [Action.press(), Action.retreat(z["B"])]
    s.apply(Action.retreat(z["B"]))
    assert {s.units[u].zone for u in units_of(s, "RED")} == {z["B"]}
    assert s.owner[z["C"]] == "BLU" and s.battle is None


def test_unescorted_transports_are_lost_without_a_roll():
    # rules-notes/004 §3.2 transport: defenceless; §4.2 [T] "Unescorted Transport Dies"
    s, z = game(ROWS, OWN, units=[("1", "RED", "destroyer"), ("2", "BLU", "transport")])
    s.apply(Action.move(units_of(s, "RED"), (z["1"], z["2"])))
    rng = fight(s, z["2"], [])
    assert rng.used == [] and units_of(s, "BLU") == []


def test_transports_are_taken_last_and_their_cargo_goes_down_with_them():
    s, z = game(
        ROWS,
        OWN,
        units=[
            ("1", "RED", "battleship"),
            ("2", "BLU", "destroyer"),
            ("2", "BLU", "transport"),
            ("2", "BLU", "infantry", 2),
        ],
    )
    s.apply(Action.move(units_of(s, "RED"), (z["1"], z["2"])))
    rng = fight(s, z["2"], [1, 6])  # the hit takes the destroyer, not the cheaper transport
    assert rng.used == [1, 6]
    # the transport was left alone: lost with its cargo without another roll
    assert units_of(s, "BLU") == []
    assert any(e.get("e") == "defenseless_lost" for e in s.log)
    assert sum(1 for e in s.log if e.get("reason") == "cargo") == 2


def test_air_alone_cannot_take_a_territory():
    # rules-notes/004 §4.3 / G40: only land units capture
    s, z = game(ROWS, OWN, units=[("A", "RED", "fighter"), ("C", "BLU", "infantry")])
    s.apply(Action.move(units_of(s, "RED"), (z["A"], z["B"], z["C"])))
    fight(s, z["C"], [1, 6])
    assert units_of(s, "BLU") == [] and s.owner[z["C"]] == "BLU"


def test_bombing_raid_damages_a_factory_up_to_its_cap():
    # rules-notes/004 §4.6: bomber 1d6+2, built-in AA per raider, major IC max damage 20
    s, z = game(
        ROWS,
        OWN,
        units=[("A", "RED", "strategic_bomber"), ("C", "BLU", "infantry")],
        facilities=[("C", "major_ic", 15)],
    )
    bomber = units_of(s, "RED")[0]
    raid = [a for a in s.legal_actions() if a.mode == "bomb"]
    assert raid and raid[0].target == 1
    s.apply(raid[0])
    rng = fight(s, z["C"], [6, 5], mode="bomb")  # AA misses, 5 + 2 = 7 -> capped at 20
    assert rng.used == [6, 5]
    assert s.facilities[1].damage == 20
    assert s.units[bomber].zone == z["C"]  # it flies home in non-combat move


def test_bombing_raid_air_battle_and_facility_aa():
    s, z = game(
        ROWS,
        OWN,
        units=[("A", "RED", "strategic_bomber", 2), ("C", "BLU", "fighter")],
        facilities=[("C", "major_ic")],
    )
    s.apply([a for a in s.legal_actions() if a.mode == "bomb" and len(a.units) == 2][0])
    # air battle at 1: bombers 6, 6; interceptor 1 -> one bomber down; AA 1 -> the other
    fight(s, z["C"], [6, 6, 1, 1], mode="bomb")
    assert units_of(s, "RED") == [] and s.facilities[1].damage == 0


def test_scramble_from_an_air_base_to_defend_the_adjacent_sea_zone():
    # rules-notes/004 §4.7: fighters on an operative air base defend an adjacent sea zone
    s, z = game(
        ROWS,
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "BLU"}},
        units=[("1", "RED", "battleship"), ("2", "BLU", "destroyer"), ("B", "BLU", "fighter", 2)],
        facilities=[("B", "air_base")],
    )
    s.apply(Action.move(units_of(s, "RED"), (z["1"], z["2"])))
    fight(s, z["2"], [6, 6, 6, 6])  # battleship; destroyer + 2 scrambled fighters
    ev = [e for e in s.log if e.get("e") == "scramble"][0]
    assert len(ev["units"]) == 2


def test_kamikaze_strikes_attacking_warships_in_a_kamikaze_zone():
    # rules-notes/004 §4.8: tokens, one die each, hit on <= 2, before the battle
    from gamecore.engine import new_game
    from gamecore.engine.testmaps import grid_pack, zone_ids

    pack = grid_pack(
        ROWS,
        {
            "A": {"owner": "RED"},
            "B": {"owner": "BLU"},
            "C": {"owner": "BLU"},
            "2": {"props": {"kamikaze": "BLU"}},
        },
        {
            "RED": {"alliance": "reds"},
            "BLU": {"alliance": "blues", "props": {"kamikaze_tokens": 6}},
        },
        [("1", "RED", "cruiser"), ("2", "BLU", "destroyer")],
    )
    z = zone_ids(pack)
    s = new_game(pack, "test")
    s.apply(Action.move(units_of(s, "RED"), (z["1"], z["2"])))
    rng = fight(s, z["2"], [2])  # one token (one target), hits on 2: no battle left
    assert rng.used == [2] and units_of(s, "RED") == [] and s.tokens["BLU"] == 5


def test_liberation_returns_an_allys_territory():
    # rules-notes/004 §4.2: retaking an ally's original territory returns it to its owner
    # when that owner holds its capital; seeds/004: neutrals have no original controller
    nations = {
        "RED": {"alliance": "reds"},
        "PNK": {"alliance": "reds", "capital": "A"},
        "BLU": {"alliance": "blues"},
    }
    zones = {
        "A": {"owner": "PNK"},
        "B": {"owner": "RED"},
        "C": {"owner": "BLU", "original": "PNK"},
    }
    s, z = game(ROWS, zones, nations, units=[("B", "RED", "infantry"), ("C", "BLU", "infantry")])
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    fight(s, z["C"], [1, 6])
    assert s.owner[z["C"]] == "PNK"
    cap = [e for e in s.log if e.get("e") == "capture"][0]
    assert cap["liberated"] is True and cap["by"] == "RED"
    # ...but not while the ally's capital is in enemy hands
    zones["A"] = {"owner": "BLU", "original": "PNK"}
    s, z = game(ROWS, zones, nations, units=[("B", "RED", "infantry"), ("C", "BLU", "infantry")])
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    fight(s, z["C"], [1, 6])
    assert s.owner[z["C"]] == "RED"


@pytest.mark.parametrize(
    "mode, red_gets",
    [("take_bank", 20), ("take_bank_first_time", 20), ("none", 0)],
)
def test_capturing_a_capital_takes_the_treasury(mode, red_gets):
    # rules-notes/004 §4.11 / §2.11: the captor takes the treasury (the first time only
    # under the 3G40 capital purge rule)
    s, z = game(
        ROWS,
        OWN,
        {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues", "capital": "C"}},
        units=[("B", "RED", "infantry"), ("C", "BLU", "infantry"), ("2", "BLU", "submarine")],
        banks={"BLU": 20},
        options={"capital_capture": mode},
    )
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    fight(s, z["C"], [1, 6])
    assert s.owner[z["C"]] == "RED"
    plunder = [e["amount"] for e in s.log if e.get("e") == "plunder"]
    assert plunder == ([20] if red_gets else [])
    assert s.banks["BLU"] == (20 if mode == "none" else 0)
    # RED's turn went on to collect income: 3 zones worth 1 each
    assert s.banks["RED"] == red_gets + 3


def test_captured_major_factory_becomes_minor():
    # rules-notes/004 §1.6: a captured major IC turns into a minor IC
    s, z = game(
        ROWS,
        OWN,
        units=[("B", "RED", "infantry"), ("C", "BLU", "infantry")],
        facilities=[("C", "major_ic", 12)],
    )
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    fight(s, z["C"], [1, 6])
    assert s.facilities[1].type == "minor_ic" and s.facilities[1].damage == 6


def test_casualty_profiles_as_decisions():
    # battle decisions: a casualty profile per side when asked for
    s, z = game(
        ROWS,
        OWN,
        units=[("B", "RED", "infantry"), ("B", "RED", "tank"), ("C", "BLU", "infantry", 2)],
        decisions=("retreat", "casualties"),
    )
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    to_phase(s, "combat")
    s.apply(Action("fight", zone=z["C"]))
    assert s.current_player == "RED"
    assert Action.casualties("preserve_attack") in s.legal_actions()
    s.apply(Action.casualties("preserve_attack"))
    assert s.current_player == "BLU"
    s.rng = ScriptedRng([6, 6, 1, 6])
    s.apply(Action.casualties("cheapest"))
    # RED lost its weakest attacker (the infantry), keeps the tank
    assert [s.units[u].type for u in units_of(s, "RED")] == ["tank"]


def test_highest_only_modifier_policy_changes_support():
    # rules-notes/003 §4.1 (house rule): only the highest modifier applies
    rows = ["ABC"]
    zones = {"A": {"owner": "RED"}, "B": {"owner": "RED"}, "C": {"owner": "BLU", "terrain": "hill"}}
    from gamecore.engine import new_game
    from gamecore.engine.testmaps import grid_pack, zone_ids
    from gamecore.model import RulesetDoc

    pack = grid_pack(
        rows,
        zones,
        {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}},
        [("B", "RED", "infantry"), ("B", "RED", "artillery"), ("C", "BLU", "infantry")],
        ruleset="hills",
    )
    pack.rulesets["hills"] = RulesetDoc(
        "hills",
        'extends = "g40"\n[options]\nmodifier_policy = "highest_only"\n'
        "[terrain.hill]\nattack = { land = 1 }\n",
    )
    z = zone_ids(pack)
    s = new_game(pack, "test")
    from gamecore.rules.combat import fire_values

    red = [s.units[u] for u in units_of(s, "RED")]
    assert fire_values(s, red, "attack", z["C"], "att") == [2, 3]  # +1 and +1: highest only
    s.rules.options["modifier_policy"] = "sum"
    assert fire_values(s, red, "attack", z["C"], "att") == [3, 3]


def test_defender_retreat_when_the_ruleset_allows_it():
    # rules-notes/002 §4.4 (The War Game WWII): the defender may retreat; an option here
    s, z = game(
        ["ABCD"],
        {
            "A": {"owner": "RED"},
            "B": {"owner": "RED"},
            "C": {"owner": "BLU"},
            "D": {"owner": "BLU"},
        },
        units=[("B", "RED", "infantry"), ("C", "BLU", "infantry")],
        options={"defender_retreat": True},
    )
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    fight(s, z["C"], [6, 6])
    assert s.current_player == "RED"
    s.apply(Action.press())
    assert s.current_player == "BLU"
    assert s.legal_actions() == [Action.press(), Action.retreat(z["D"])]
    s.apply(Action.retreat(z["D"]))
    assert s.owner[z["C"]] == "RED"
    assert s.units[units_of(s, "BLU")[0]].zone == z["D"]


def test_g40_defenders_never_retreat():
    s, z = game(
        ["ABCD"],
        {
            "A": {"owner": "RED"},
            "B": {"owner": "RED"},
            "C": {"owner": "BLU"},
            "D": {"owner": "BLU"},
        },
        units=[("B", "RED", "infantry"), ("C", "BLU", "infantry")],
    )
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    fight(s, z["C"], [6, 6])
    s.rng = ScriptedRng([6, 6])
    s.apply(Action.press())
    assert s.current_player == "RED" and s.decision.kind == "retreat"


def test_nations_of_one_turn_slot_may_play_together_and_fight_jointly():
    # rules-notes/002 §2.2, §4.3 (The War Game WWII): paired nations share a turn slot
    # and fight multinational battles; option slot_mode = "together"
    nations = {
        "RED": {"alliance": "reds"},
        "PNK": {"alliance": "reds"},
        "BLU": {"alliance": "blues"},
    }
    s, z = game(
        ["ABC"],
        {"A": {"owner": "PNK"}, "B": {"owner": "RED"}, "C": {"owner": "BLU"}},
        nations,
        units=[("B", "RED", "infantry"), ("A", "PNK", "tank"), ("C", "BLU", "infantry", 2)],
        turn_order=[["RED", "PNK"], ["BLU"]],
        options={"slot_mode": "together"},
    )
    assert (s.current_nation, s.phase) == ("RED", "combat_move")
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    # RED has nothing more to move: same phase, next nation of the slot
    assert (s.current_nation, s.phase) == ("PNK", "combat_move")
    s.apply(Action.move(units_of(s, "PNK"), (z["A"], z["B"], z["C"])))
    assert (s.current_nation, s.phase) == ("RED", "combat")
    s.rng = ScriptedRng([1, 1, 6, 6])  # RED infantry and PNK tank hit; defenders miss
    s.apply(Action("fight", zone=z["C"]))
    assert units_of(s, "BLU") == []
    assert s.owner[z["C"]] in ("RED", "PNK")
    battle = [e for e in s.log if e.get("e") == "battle"][0]
    assert battle["attacker"] == "RED"


def test_river_border_modifier_and_the_modifier_policy():
    # rules-notes/003 §4.1 and §4.3 (house rules): attacking across a river is penalised;
    # only the highest modifier applies (a tie between bonus and penalty: option)
    from gamecore.engine import new_game
    from gamecore.engine.testmaps import grid_pack, zone_ids
    from gamecore.model import Border, RulesetDoc
    from gamecore.rules.combat import fire_values

    pack = grid_pack(
        ["ABC"],
        {"A": {"owner": "RED"}, "B": {"owner": "RED"}, "C": {"owner": "BLU"}},
        {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}},
        [("B", "RED", "infantry"), ("B", "RED", "artillery"), ("C", "BLU", "infantry")],
        ruleset="house",
    )
    pack.rulesets["house"] = RulesetDoc(
        "house",
        'extends = "g40"\n[options]\nmodifier_policy = "highest_only"\n'
        'modifier_tiebreak = "penalty"\n'
        "[borders.river]\nattack = { land = -1 }\ndefense = { land = 1 }\nrounds = 1\n",
    )
    z = zone_ids(pack)
    b, c = sorted((z["B"], z["C"]))
    pack.map.borders[(b, c)] = Border(b, c, river=True)
    s = new_game(pack, "test")
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    red = [s.units[u] for u in units_of(s, "RED")]
    blue = [s.units[u] for u in units_of(s, "BLU")]
    # infantry: +1 artillery and -1 river: a tie, the penalty wins; artillery: -1
    assert fire_values(s, red, "attack", z["C"], "att", 1) == [0, 1]
    assert fire_values(s, blue, "defense", z["C"], "def", 1) == [3]
    assert fire_values(s, red, "attack", z["C"], "att", 2) == [2, 2]  # first round only
    s.rules.options["modifier_policy"] = "sum"
    assert fire_values(s, red, "attack", z["C"], "att", 1) == [1, 1]


# ---------------------------------------------------------------------- pending decisions
# (issue #22) the defender and a non-phasing nation decide through the same path as
# everyone: a pending decision they own, answered by an action


def test_the_defender_decides_how_many_fighters_scramble():
    # rules-notes/004 §4.7, offered as a decision: BLU (not the phasing nation) owns it
    s, z = game(
        ROWS,
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "BLU"}},
        units=[("1", "RED", "battleship"), ("2", "BLU", "destroyer"), ("B", "BLU", "fighter", 2)],
        facilities=[("B", "air_base")],
        decisions=("retreat", "scramble"),
    )
    s.apply(Action.move(units_of(s, "RED"), (z["1"], z["2"])))
    to_phase(s, "combat")
    s.rng = ScriptedRng([6, 6, 6])
    s.apply(Action("fight", zone=z["2"]))
    assert s.current_nation == "RED" and s.current_player == "BLU"
    assert s.decision.kind == "scramble"
    assert [a.count for a in s.legal_actions()] == [0, 1, 2]
    s.apply(Action("scramble", count=1))
    ev = [e for e in s.log if e.get("e") == "scramble"][0]
    assert len(ev["units"]) == 1  # one fighter stays home
    assert s.rng.used == [6, 6, 6]  # battleship; destroyer + the one scrambled fighter


def test_scramble_not_offered_follows_the_default_policy_all_it_may():
    s, z = game(
        ROWS,
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "BLU"}},
        units=[("1", "RED", "battleship"), ("2", "BLU", "destroyer"), ("B", "BLU", "fighter", 2)],
        facilities=[("B", "air_base")],
    )
    s.apply(Action.move(units_of(s, "RED"), (z["1"], z["2"])))
    fight(s, z["2"], [6, 6, 6, 6])
    assert s.decision is None or s.decision.kind != "scramble"
    assert len([e for e in s.log if e.get("e") == "scramble"][0]["units"]) == 2


def test_the_kamikaze_nation_decides_how_many_tokens_to_spend():
    # rules-notes/004 §4.8, offered as a decision to the kamikaze zone's nation
    from gamecore.engine import new_game
    from gamecore.engine.testmaps import grid_pack, zone_ids

    pack = grid_pack(
        ROWS,
        {
            "A": {"owner": "RED"},
            "B": {"owner": "BLU"},
            "C": {"owner": "BLU"},
            "2": {"props": {"kamikaze": "BLU"}},
        },
        {
            "RED": {"alliance": "reds"},
            "BLU": {"alliance": "blues", "props": {"kamikaze_tokens": 6}},
        },
        [("1", "RED", "cruiser"), ("1", "RED", "destroyer"), ("2", "BLU", "destroyer")],
    )
    z = zone_ids(pack)
    s = new_game(pack, "test", decisions=("retreat", "kamikaze"))
    s.apply(Action.move(units_of(s, "RED"), (z["1"], z["2"])))
    to_phase(s, "combat")
    s.apply(Action("fight", zone=z["2"]))
    assert s.current_player == "BLU" and s.decision.kind == "kamikaze"
    assert [a.count for a in s.legal_actions()] == [0, 1, 2]  # two surface warships
    s.apply(Action("kamikaze", count=0))  # keep the tokens
    assert s.tokens["BLU"] == 6
    assert s.decision is None or s.decision.kind != "kamikaze"
    with pytest.raises(Exception, match="illegal"):
        s.apply(Action("kamikaze", count=1))  # answered already


def test_an_unknown_decision_names_the_known_ones():
    with pytest.raises(Exception, match=r"unknown decision\(s\): bribe.*scramble"):
        game(ROWS, OWN, decisions=("bribe",))


@pytest.mark.parametrize("seed", [1, 2])
def test_bots_answer_every_offered_decision_and_the_log_replays(seed):
    from gamecore.engine import new_game, play, replay
    from gamecore.paths import sample_pack
    from gamecore.sim.bots import bots_for
    from gamecore.store import read_pack

    pack = read_pack(sample_pack())
    every = ("retreat", "casualties", "scramble", "kamikaze", "intercept")
    s = new_game(pack, "1939", seed=seed, rounds=2, decisions=every)
    owners = set()
    bots = bots_for("random", s, seed)
    while not s.is_terminal():
        if s.decision is not None:
            owners.add((s.decision.kind, s.current_player == s.current_nation))
        s.apply(bots[s.current_player].choose(s))
    assert ("casualties", False) in owners  # a defender chose its casualty profile
    assert replay(pack, s.log).snapshot() == s.snapshot()
    h = new_game(pack, "1939", seed=seed, rounds=1, decisions=every)
    play(h, bots_for("heuristic", h, seed))
    assert h.is_terminal()


def test_casualties_are_chosen_again_every_round():
    # issue #22: a casualty choice per round, by each side (the defender owns its own)
    s, z = game(
        ROWS,
        OWN,
        units=[("B", "RED", "infantry"), ("B", "RED", "tank"), ("C", "BLU", "infantry", 2)],
        decisions=("retreat", "casualties"),
    )
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    to_phase(s, "combat")
    s.rng = ScriptedRng([6, 6, 6, 6, 1, 6, 1, 6])
    s.apply(Action("fight", zone=z["C"]))
    s.apply(Action.casualties("cheapest"))
    s.apply(Action.casualties("cheapest"))  # BLU; round 1: every die misses
    assert s.decision == ("RED", "retreat", "att")
    s.apply(Action.press())
    assert s.decision == ("RED", "casualties", "att") and s.battle.round == 1
    s.apply(Action.casualties("preserve_attack"))
    assert s.decision == ("BLU", "casualties", "def") and s.current_player == "BLU"
    s.apply(Action.casualties("cheapest"))  # round 2: RED's infantry hits, BLU's first hits
    assert s.battle is None or s.battle.round == 2
    assert [s.units[u].type for u in units_of(s, "RED")] == ["tank"]


def test_the_defender_decides_whether_its_fighters_intercept_a_raid():
    # rules-notes/004 §4.9 air battle, offered as a decision: BLU keeps its fighter out
    s, z = game(
        ROWS,
        OWN,
        units=[("A", "RED", "strategic_bomber", 2), ("C", "BLU", "fighter")],
        facilities=[("C", "major_ic")],
        decisions=("retreat", "intercept"),
    )
    s.apply([a for a in s.legal_actions() if a.mode == "bomb" and len(a.units) == 2][0])
    to_phase(s, "combat")
    s.rng = ScriptedRng([6, 6, 1, 1])
    s.apply(Action("fight", zone=z["C"], mode="bomb"))
    assert s.current_player == "BLU" and s.decision.kind == "intercept"
    assert [a.count for a in s.legal_actions()] == [0, 1]
    s.apply(Action("intercept", count=0))
    raid = [e for e in s.log if e.get("e") == "raid"][-1]
    assert raid["interceptors"] == 0 and "air_battle" not in raid
    assert s.rng.used[:2] == [6, 6]  # no air battle: the dice went to AA fire and damage
