"""Movement legality on tiny hand-drawn boards (each test cites its source)."""

import pytest

from gamecore.engine import Action, new_game
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.errors import RulesError
from gamecore.model import Border
from gamecore.rules import movement
from tests.gamecore.engine.helpers import TWO, dests, game, moves, to_phase, units_of

ROWS = ["ABCD", "EFGH"]


def red_blue(**owners):
    """Zones A..H: RED owns A B E F, BLU owns C D G H unless told otherwise."""
    base = {c: "RED" for c in "ABEF"} | {c: "BLU" for c in "CDGH"}
    base.update(owners)
    return {c: {"owner": o} for c, o in base.items()}


def test_land_unit_stops_on_entering_a_hostile_zone():
    # seeds/004 "Summary of play": combat moves go into hostile spaces;
    # rules-notes/004 §4.2: land units stop in an enemy zone (no blitz for infantry)
    s, z = game(ROWS, red_blue(), units=[("B", "RED", "infantry"), ("C", "BLU", "infantry")])
    assert s.phase == "combat_move" and s.current_nation == "RED"
    inf = units_of(s, "RED", "infantry")[0]
    assert dests(s, inf) == {z["C"]}  # friendly A, F are not combat moves
    to_phase(s, "noncombat_move")
    assert dests(s, inf) == {z["A"], z["F"]}


def test_tank_blitzes_through_an_empty_hostile_zone_and_captures_it():
    # rules-notes/004 §3.2 (tank: blitz), §4.2 "blitz through empty enemy zones"
    s, z = game(ROWS, red_blue(), units=[("B", "RED", "tank"), ("H", "BLU", "infantry")])
    tank = units_of(s, "RED", "tank")[0]
    assert dests(s, tank) == {z["C"], z["D"], z["G"]}
    path = next(a.path for a in moves(s) if a.path[-1] == z["D"])
    assert path == (z["B"], z["C"], z["D"])
    s.apply(Action.move([tank], path))
    assert s.owner[z["C"]] == "RED"  # blitzed through: captured at once
    assert s.owner[z["D"]] == "BLU"  # taken in the combat phase


def test_no_blitz_through_a_defended_zone_and_infantry_never_blitzes():
    s, z = game(
        ROWS,
        red_blue(),
        units=[("B", "RED", "tank"), ("B", "RED", "mech_infantry"), ("C", "BLU", "infantry")],
    )
    tank = units_of(s, "RED", "tank")[0]
    assert dests(s, tank) == {z["C"], z["G"]}  # G via friendly F, never through C
    mech = units_of(s, "RED", "mech_infantry")[0]
    assert dests(s, mech) == {z["C"], z["G"]}


def test_mech_infantry_blitzes_only_paired_with_a_tank():
    # rules-notes/004 §3.2: mech infantry blitzes only when paired with a tank
    s, z = game(
        ROWS,
        red_blue(),
        units=[
            ("B", "RED", "tank"),
            ("B", "RED", "mech_infantry", 2),
            ("H", "BLU", "infantry"),
        ],
    )
    tank = units_of(s, "RED", "tank")[0]
    m1, m2 = units_of(s, "RED", "mech_infantry")
    through_c = (z["B"], z["C"], z["D"])
    assert Action.move([m1, tank], through_c) in s.legal_actions()
    with pytest.raises(RulesError):
        s.apply(Action.move([m1], through_c))  # alone: no blitz
    with pytest.raises(RulesError):
        s.apply(Action.move([m1, m2, tank], through_c))  # one tank for one mech
    s.apply(Action.move([m1, tank], through_c))
    assert s.owner[z["C"]] == "RED" and s.units[m1].zone == z["D"]


def test_impassable_zones_and_borders_are_never_crossed():
    # seeds/004 "Spaces on the game board": impassable may not be moved into or through
    s, z = game(
        ["A#B", "CCC"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "RED"}},
        units=[("A", "RED", "tank"), ("B", "BLU", "infantry")],
    )
    tank = units_of(s, "RED", "tank")[0]
    assert z["#"] not in dests(s, tank)
    assert dests(s, tank) == {z["B"]}  # around, through C
    # an impassable border between A and C closes that way too
    pack = grid_pack(
        ["A#B", "CCC"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "RED"}},
        TWO,
        [("A", "RED", "tank"), ("B", "BLU", "infantry")],
    )
    ids = zone_ids(pack)
    a, c = sorted((ids["A"], ids["C"]))
    pack.map.borders[(a, c)] = Border(a, c, impassable=True)
    s2 = new_game(pack, "test")
    assert dests(s2, units_of(s2, "RED", "tank")[0]) == set()


def test_powers_not_at_war_do_not_enter_each_others_territory():
    # seeds/004 "Spaces": neutral = controlled by a power you are not at war with;
    # rules-notes/004 §4.2: powers not at war may not enter each other's territory
    s, z = game(
        ROWS,
        red_blue(),
        units=[("B", "RED", "tank"), ("B", "RED", "fighter")],
        relations={("RED", "BLU"): "peace"},
    )
    tank = units_of(s, "RED", "tank")[0]
    assert s.phase == "politics"  # RED may declare war on BLU first
    assert Action.declare_war("BLU") in s.legal_actions()
    to_phase(s, "noncombat_move")
    assert dests(s, tank) == {z["A"], z["E"], z["F"]}
    fighter = units_of(s, "RED", "fighter")[0]
    assert not dests(s, fighter) & {z["C"], z["D"], z["G"], z["H"]}  # no overflight either


def test_declaring_war_opens_the_attack():
    # rules-notes/004 §2.8: a declaration at the start of combat move
    s, z = game(
        ROWS,
        red_blue(),
        units=[("B", "RED", "tank"), ("C", "BLU", "infantry")],
        relations={("RED", "BLU"): "peace"},
    )
    s.apply(Action.declare_war("BLU"))
    assert s.at_war("RED", "BLU")
    to_phase(s, "combat_move")
    assert z["C"] in dests(s, units_of(s, "RED", "tank")[0])
    assert any(e.get("e") == "declare_war" for e in s.log)


def test_neutral_zone_may_be_attacked_but_not_crossed_or_overflown():
    # seeds/004 "Neutral territories": moving into an unfriendly/strict neutral is a
    # combat move; air units may not fly over a neutral unless attacking it
    s, z = game(
        ["ABC"],
        {"A": {"owner": "RED"}, "B": {"owner": None}, "C": {"owner": "BLU"}},
        units=[("A", "RED", "tank"), ("A", "RED", "fighter"), ("C", "BLU", "infantry")],
    )
    tank = units_of(s, "RED", "tank")[0]
    assert dests(s, tank) == {z["B"]}
    fighter = units_of(s, "RED", "fighter")[0]
    assert z["C"] not in dests(s, fighter)


def test_neutrals_impassable_option():
    s, z = game(
        ["ABC"],
        {"A": {"owner": "RED"}, "B": {"owner": None}, "C": {"owner": "BLU"}},
        units=[("A", "RED", "tank"), ("C", "BLU", "infantry")],
        options={"neutrals": "impassable"},
    )
    assert dests(s, units_of(s, "RED", "tank")[0]) == set()


def test_units_that_moved_in_combat_do_not_move_again():
    # seeds/004 "Summary of play": non-combat moves with units that did not take part in combat
    s, z = game(
        ROWS,
        red_blue(),
        units=[("B", "RED", "tank"), ("A", "RED", "infantry"), ("C", "BLU", "aaa")],
    )
    tank = units_of(s, "RED", "tank")[0]
    s.apply(Action.move([tank], (z["B"], z["C"])))
    to_phase(s, "noncombat_move")
    assert s.owner[z["C"]] == "RED" and s.current_nation == "RED"
    assert dests(s, tank) == set()
    assert dests(s, units_of(s, "RED", "infantry")[0])


def test_air_units_attack_only_where_they_can_still_land():
    # rules-notes/004 §4.3 "air units must be able to land"
    s, z = game(
        ["ABCDEFG"],
        {"A": {"owner": "RED"}} | {c: {"owner": "BLU"} for c in "BCDEFG"},
        units=[("A", "RED", "fighter")] + [(c, "BLU", "infantry") for c in "BCDEF"],
    )
    fighter = units_of(s, "RED", "fighter")[0]
    assert dests(s, fighter) == {z["B"], z["C"]}  # 4 moves: out 2, back 2


def test_air_lands_only_on_friendly_land_or_a_carrier_with_room():
    # rules-notes/004 §3.2: a carrier takes 2 fighters/tacs, never a strategic bomber
    s, z = game(
        ["A12"],
        {"A": {"owner": "RED"}},
        units=[
            ("1", "RED", "fighter"),
            ("1", "RED", "strategic_bomber"),
            ("2", "RED", "carrier"),
            ("2", "RED", "fighter"),
        ],
    )
    to_phase(s, "noncombat_move")
    bomber = units_of(s, "RED", "strategic_bomber")[0]
    fighter = units_of(s, "RED", "fighter", zone=z["1"])[0]
    assert dests(s, bomber) == {z["A"]}
    assert dests(s, fighter) == {z["A"], z["2"]}  # one free slot on the carrier
    s.apply(Action.move([fighter], (z["1"], z["2"])))
    s.apply(Action.end_phase())
    # the bomber found no landing: lost at the end of non-combat move
    assert bomber not in s.units and fighter in s.units
    assert any(e.get("reason") == "no_landing" for e in s.log)


def test_sea_units_stop_in_hostile_zones_subs_slip_through_unless_a_destroyer():
    # seeds/004 "Sea zones": hostile = enemy surface warships (not subs, not transports);
    # rules-notes/004 §4.2: subs move through hostile zones unless an enemy destroyer is there
    s, z = game(
        ["A1234"],
        {"A": {"owner": "RED"}},
        units=[
            ("1", "RED", "destroyer"),
            ("1", "RED", "submarine"),
            ("2", "BLU", "cruiser"),
        ],
    )
    dd = units_of(s, "RED", "destroyer")[0]
    sub = units_of(s, "RED", "submarine")[0]
    assert dests(s, dd) == {z["2"]}
    assert dests(s, sub) == {z["2"], z["3"]}
    s2, z2 = game(
        ["A1234"],
        {"A": {"owner": "RED"}},
        units=[("1", "RED", "submarine"), ("2", "BLU", "destroyer")],
    )
    assert dests(s2, units_of(s2, "RED", "submarine")[0]) == {z2["2"]}


def test_noncombat_ships_pass_but_do_not_stop_by_enemy_subs():
    s, z = game(
        ["A1234"],
        {"A": {"owner": "RED"}},
        units=[("1", "RED", "destroyer"), ("2", "BLU", "submarine")],
    )
    to_phase(s, "noncombat_move")
    assert dests(s, units_of(s, "RED", "destroyer")[0]) == {z["3"]}


CANAL_ROWS = ["1A2", "DBC"]


def canal_game(owner_a, **kw):
    units = [("1", "RED", "destroyer"), ("1", "RED", "submarine")] + kw.pop("units", [])
    return game(
        CANAL_ROWS,
        {
            "A": {"owner": owner_a},
            "B": {"owner": "RED"},
            "C": {"owner": "BLU"},
            "D": {"owner": "RED"},
        },
        units=units,
        links=[("canal", "1", "2", {"controllers": ["A"], **kw.pop("link", {})})],
        **kw,
    )


def test_canal_passage_needs_control_at_the_start_of_the_turn():
    # seeds/004 "Canals and Narrow Straits": your side must have controlled it at the start
    # of your turn; it is closed when held by a power you are at war with
    s, z = canal_game("RED")
    assert z["2"] in dests(s, units_of(s, "RED", "destroyer")[0])
    s, z = canal_game("BLU")
    assert z["2"] not in dests(s, units_of(s, "RED", "destroyer")[0])
    # taking the canal zone this turn does not open it until next turn
    s, z = canal_game("BLU", units=[("B", "RED", "infantry"), ("B", "RED", "fighter")])
    inf = units_of(s, "RED", "infantry")[0]
    s.apply(Action.move([inf], (z["B"], z["A"])))
    to_phase(s, "noncombat_move")
    assert s.owner[z["A"]] == "RED" and s.round == 1
    assert z["2"] not in dests(s, units_of(s, "RED", "destroyer")[0])


def test_canal_exemption_for_submarines():
    # seeds/004: submarines of any power may always pass the Strait of Gibraltar
    s, z = canal_game("BLU", link={"props": {"exempt": ["submarine"]}})
    assert z["2"] in dests(s, units_of(s, "RED", "submarine")[0])
    assert z["2"] not in dests(s, units_of(s, "RED", "destroyer")[0])


def test_air_ignores_canals():
    # seeds/004: air units are unaffected by canals and straits
    s, z = canal_game("BLU", units=[("1", "RED", "fighter"), ("2", "BLU", "transport")])
    assert z["2"] in dests(s, units_of(s, "RED", "fighter")[0])


def test_strait_crossing_for_land_units_blocked_by_enemy_warships():
    # model: a strait link joins two land zones across a sea zone ("via") that blocks it
    kw = {
        "links": [("strait", "A", "B", {"via": "1"})],
        "zones": {"A": {"owner": "RED"}, "B": {"owner": "RED"}},
    }
    s, z = game(["A1B"], units=[("A", "RED", "infantry")], **kw)
    to_phase(s, "noncombat_move")
    assert dests(s, units_of(s, "RED", "infantry")[0]) == {z["B"]}
    units = [("A", "RED", "infantry"), ("A", "RED", "fighter"), ("1", "BLU", "destroyer")]
    s, z = game(["A1B"], units=units, **kw)
    to_phase(s, "noncombat_move")
    assert dests(s, units_of(s, "RED", "infantry")[0]) == set()


def test_transport_loads_by_capacity_and_unloads_amphibiously():
    # rules-notes/004 §3.2: transport capacity 5 (infantry 2, others 3)
    s, z = game(
        ["A1B"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}},
        units=[
            ("A", "RED", "infantry", 2),
            ("A", "RED", "tank"),
            ("1", "RED", "transport"),
            ("B", "BLU", "infantry"),
        ],
    )
    tp = units_of(s, "RED", "transport")[0]
    infs = units_of(s, "RED", "infantry")
    tank = units_of(s, "RED", "tank")[0]
    load = [a for a in moves(s) if a.transport == tp]
    assert Action.move(infs, (z["A"], z["1"]), transport=tp) in load
    s.apply(Action.move(infs, (z["A"], z["1"]), transport=tp))
    assert all(s.units[i].on == tp and s.units[i].zone == z["1"] for i in infs)
    # 4 of 5 points used: no room for a tank (3)
    assert not [a for a in moves(s) if tank in a.units and a.transport]
    unload = Action.move(infs, (z["1"], z["B"]))
    assert unload in s.legal_actions()
    s.apply(unload)
    assert all(s.units[i].zone == z["B"] and s.units[i].on == 0 for i in infs)
    assert s.amph_from == {i: z["1"] for i in infs}
    assert dests(s, tp) == set()  # a transport that unloaded moves no more


def test_transport_carries_its_cargo_and_china_never_rides():
    s, z = game(
        ["A12B", "...C"],
        {"A": {"owner": "RED"}, "B": {"owner": "RED"}, "C": {"owner": "BLU"}},
        units=[("A", "RED", "infantry"), ("1", "RED", "transport")],
    )
    to_phase(s, "noncombat_move")
    tp = units_of(s, "RED", "transport")[0]
    inf = units_of(s, "RED", "infantry")[0]
    s.apply(Action.move([inf], (z["A"], z["1"]), transport=tp))
    s.apply(Action.move([tp], (z["1"], z["2"])))
    assert s.units[inf].zone == z["2"] and s.units[inf].on == tp
    s.apply(Action.move([inf], (z["2"], z["B"])))
    assert s.units[inf].zone == z["B"]
    # seeds/004 "China rules": China never rides transports
    s2, z2 = game(
        ["A1", "B."],
        {"A": {"owner": "CHN"}, "B": {"owner": "JPN"}},
        {"CHN": {"alliance": "allies"}, "JPN": {"alliance": "axis"}},
        units=[("A", "CHN", "infantry"), ("1", "CHN", "transport")],
    )
    assert not [a for a in movement.move_actions(s2, combat=False) if a.transport]


def test_carrier_carries_unmoved_fighters():
    s, z = game(
        ["A123", "...C"],
        {"A": {"owner": "RED"}, "C": {"owner": "BLU"}},
        units=[("1", "RED", "carrier"), ("1", "RED", "fighter", 2)],
    )
    to_phase(s, "noncombat_move")
    cv = units_of(s, "RED", "carrier")[0]
    s.apply(Action.move([cv], (z["1"], z["2"], z["3"])))
    assert {s.units[f].zone for f in units_of(s, "RED", "fighter")} == {z["3"]}
    s.apply(Action.end_phase())
    assert len(units_of(s, "RED", "fighter")) == 2  # still on the carrier: not lost


def test_air_and_naval_bases_give_one_more_move():
    # rules-notes/004 §4.10: +1 move for air starting at an air base, ships next to a naval base
    rows = ["AB123456"]
    zones = {"A": {"owner": "RED"}, "B": {"owner": "RED"}}
    s, z = game(
        rows,
        zones,
        units=[("A", "RED", "fighter"), ("1", "RED", "destroyer")],
        facilities=[("A", "air_base"), ("B", "naval_base")],
    )
    to_phase(s, "noncombat_move")
    f = units_of(s, "RED", "fighter")[0]
    d = units_of(s, "RED", "destroyer")[0]
    assert s.units[f].moves == 5 and s.units[d].moves == 3
    assert z["4"] in dests(s, d) and z["5"] not in dests(s, d)
    # a damaged (inoperative) base gives nothing
    s2, _ = game(
        rows,
        zones,
        units=[("A", "RED", "fighter"), ("1", "RED", "destroyer")],
        facilities=[("A", "air_base", 3), ("B", "naval_base", 3)],
    )
    assert [u.moves for u in sorted(s2.units.values())] == [4, 2]


def test_aa_guns_do_not_move_in_combat():
    # rules-notes/004 §3.2: AA gun cannot move in Combat Move
    s, z = game(ROWS, red_blue(), units=[("B", "RED", "aaa"), ("B", "RED", "infantry")])
    aa = units_of(s, "RED", "aaa")[0]
    assert dests(s, aa) == set()
    to_phase(s, "noncombat_move")
    assert dests(s, aa) == {z["A"], z["F"]}


def test_friendly_neutral_is_occupied_by_a_noncombat_move():
    # seeds/004 "Friendly neutrals": may not be attacked, air may not fly over, land units
    # of a power at war move in (not through) as a non-combat move; at the end of that
    # phase the power takes control and the standing army becomes its units
    s, z = game(
        ["ABCD"],
        {
            "A": {"owner": "RED"},
            "B": {
                "owner": None,
                "value": 2,
                "props": {"alignment": "pro_reds", "standing_army": 2},
            },
            "C": {"owner": None},
            "D": {"owner": "BLU"},
        },
        units=[("A", "RED", "tank"), ("D", "BLU", "infantry")],
    )
    tank = units_of(s, "RED", "tank")[0]
    assert s.phase == "noncombat_move"  # nothing to attack: B is friendly, C unreachable
    assert dests(s, tank) == {z["B"]}  # into, not through
    s.apply(Action.move([tank], (z["A"], z["B"])))
    s.apply(Action.end_phase())
    assert s.owner[z["B"]] == "RED"
    assert len(units_of(s, "RED", "infantry", z["B"])) == 2
    assert z["B"] not in s.alignment


def test_attacking_a_strict_neutral_turns_the_others_against_the_attacker():
    # seeds/004 "Strict neutrals": an attack on one makes all remaining strict neutrals
    # lean to the other side; the invaded one joins that side; its army is placed
    s, z = game(
        ["ABCDE"],
        {
            "A": {"owner": "RED"},
            "B": {"owner": None, "props": {"standing_army": 1, "alignment": "strict"}},
            "C": {"owner": "BLU"},
            "D": {"owner": None, "props": {"alignment": "strict"}},
            "E": {"owner": None, "props": {"alignment": "pro_reds"}},
        },
        units=[("A", "RED", "infantry"), ("C", "BLU", "infantry")],
    )
    inf = units_of(s, "RED", "infantry")[0]
    s.apply(Action.move([inf], (z["A"], z["B"])))
    to_phase(s, "combat")
    from tests.gamecore.engine.helpers import ScriptedRng

    s.rng = ScriptedRng([6, 1])  # RED misses, the neutral army hits
    s.apply(Action("fight", zone=z["B"]))
    assert s.owner[z["B"]] is None
    assert s.alignment[z["B"]] == "pro_blues" and s.alignment[z["D"]] == "pro_blues"
    assert s.alignment[z["E"]] == "pro_reds"  # aligned ones keep their leaning
    assert [e["count"] for e in s.log if e.get("e") == "neutral_army"] == [1]


def test_neutrals_without_an_alignment_are_simply_attackable():
    # a map that says nothing about how a neutral leans has no neutral politics
    s, z = game(
        ["ABCD"],
        {"A": {"owner": "RED"}, "B": {"owner": None}, "C": {"owner": "BLU"}, "D": {"owner": None}},
        units=[("A", "RED", "infantry"), ("C", "BLU", "infantry")],
    )
    s.apply(Action.move(units_of(s, "RED"), (z["A"], z["B"])))
    to_phase(s, "noncombat_move")
    assert s.owner[z["B"]] == "RED" and s.alignment == {}
