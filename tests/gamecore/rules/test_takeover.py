"""Taking over a friend's zone by entering it (TripleA's canTakeOverOwnedTerritory, Global
1940's Custodianship of the Dutch lands): a nation whose relationship type with the zone's
controller is one of the scenario's ``takeover_relation_types`` takes the zone when its
land units enter it, without a battle; the heuristic bot does it when the zone is worth
something to it (issue #24: ANZAC's "Control Strategic Islands" needs Dutch New Guinea)."""

from __future__ import annotations

import pytest

from gamecore.engine import new_game
from gamecore.engine.actions import Action
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.model import Objective
from gamecore.sim.bots.heuristic import HeuristicBot
from gamecore.sim.bots.objective_value import objective_zone_values

NATIONS = {
    "RED": {"alliance": "reds", "capital": "A"},
    "BLU": {"alliance": "blues", "capital": "C"},
    "GRN": {"alliance": "reds", "playable": False},
}
# C (Blue's capital) - X - A (Red's capital) - G (Green's) - H (Green's)
ROWS = ["CXAGH"]
ZONES = {
    "C": {"owner": "BLU", "value": 6},
    "X": {"owner": "BLU", "value": 1},
    "A": {"owner": "RED", "value": 6},
    "G": {"owner": "GRN", "value": 0},
    "H": {"owner": "GRN", "value": 0},
}
UNITS = [
    ("A", "RED", "infantry", 3),
    ("A", "RED", "fighter", 1),
    ("A", "RED", "tank", 1),
    ("C", "BLU", "infantry", 8),
]


def pack_with(rel_type: str = "Custodianship", takeover=("Custodianship",), objectives=()):
    pack = grid_pack(
        ROWS,
        ZONES,
        NATIONS,
        UNITS,
        facilities=[("A", "major_ic"), ("C", "major_ic")],
        turn_order=[["RED"], ["BLU"]],
        objectives=objectives,
        rounds=3,
    )
    sc = pack.scenarios["test"]
    sc.props["relation_types"] = {"GRN|RED": rel_type, "@status": {rel_type: "aligned"}}
    if takeover:
        sc.props["takeover_relation_types"] = list(takeover)
    return pack


def red_noncombat(pack):
    s = new_game(pack, "test", seed=1)
    while not (s.current_nation == "RED" and s.phase == "noncombat_move"):
        s.apply(Action.end_phase())
    return s


def move_to(s, typ: str, dest: int) -> Action:
    return next(
        a
        for a in s.legal_actions()
        if a.kind == "move"
        and a.path[-1] == dest
        and not a.transport
        and s.units[a.units[0]].type == typ
    )


def test_land_units_entering_take_the_zone_over():
    pack = pack_with()
    ids = zone_ids(pack)
    s = red_noncombat(pack)
    assert s.owner[ids["G"]] == "GRN"
    a = move_to(s, "infantry", ids["G"])
    s.apply(Action.move(a.units[:1], a.path))
    assert s.owner[ids["G"]] == "RED"
    assert s.owner[ids["H"]] == "GRN"  # only the zone entered
    ev = [e for e in s.log if e.get("e") == "taken_over"]
    assert ev == [{"e": "taken_over", "zone": ids["G"], "by": "RED", "prev": "GRN"}]
    assert not any(e.get("e") in ("battle", "capture") for e in s.log if e.get("zone") == ids["G"])


def test_zones_passed_through_are_taken_over_too():
    pack = pack_with()
    ids = zone_ids(pack)
    s = red_noncombat(pack)
    a = next(
        a
        for a in s.legal_actions()
        if a.kind == "move"
        and a.path == (ids["A"], ids["G"], ids["H"])
        and s.units[a.units[0]].type == "tank"
    )
    s.apply(a)
    assert s.owner[ids["G"]] == s.owner[ids["H"]] == "RED"


@pytest.mark.parametrize(
    "rel_type, takeover",
    [("Allied", ("Custodianship",)), ("Custodianship", ())],
    ids=["another relationship type", "no take-over types"],
)
def test_without_a_take_over_relationship_the_zone_stays(rel_type, takeover):
    pack = pack_with(rel_type, takeover)
    ids = zone_ids(pack)
    s = red_noncombat(pack)
    a = move_to(s, "infantry", ids["G"])
    s.apply(a)
    assert s.owner[ids["G"]] == "GRN"
    assert not any(e.get("e") == "taken_over" for e in s.log)


def test_aircraft_do_not_take_over():
    pack = pack_with()
    ids = zone_ids(pack)
    s = red_noncombat(pack)
    s.apply(move_to(s, "fighter", ids["G"]))
    assert s.owner[ids["G"]] == "GRN"


def test_the_objective_worth_of_a_zone_to_take_over():
    # Red's objective wants G in Red's own hands (TripleA directOwnershipTerritories with
    # players: an ally holding it does not count): taking it over is worth the bonus
    o = Objective("o", "o", owner="RED", condition="controls({RED}, G)", effect="income(5)")
    pack = pack_with(objectives=[o])
    s = new_game(pack, "test", seed=1, log="none")
    code = {v: k for k, v in zone_ids(pack).items()}
    assert {code[z]: v for z, v in objective_zone_values(s, "RED").items()} == {"G": 5.0}
    # without the take-over relationship Green's zone is not Red's to take
    s = new_game(pack_with("Allied", objectives=[o]), "test", seed=1, log="none")
    assert objective_zone_values(s, "RED") == {}


def test_the_heuristic_bot_walks_into_a_zone_its_objective_needs():
    o = Objective("o", "o", owner="RED", condition="controls({RED}, G)", effect="income(5)")
    pack = pack_with(objectives=[o])
    ids = zone_ids(pack)
    s = red_noncombat(pack)
    bot = HeuristicBot(1)
    while s.current_nation == "RED" and s.phase == "noncombat_move":
        s.apply(bot.choose(s))
    assert s.owner[ids["G"]] == "RED"
    # one unit is enough: the rest stay
    assert sum(1 for u in s.units.values() if u.zone == ids["G"]) == 1
    # a zone worth nothing to Red is left to Green
    s = red_noncombat(pack_with())
    while s.current_nation == "RED" and s.phase == "noncombat_move":
        s.apply(bot.choose(s))
    assert s.owner[ids["G"]] == "GRN"


# ---------------------------------------------------------------- ferrying past a fleet
# A (Red) - 1 - 2 - 3 - E (Blue's island capital); 4 below 3
SEA_ROWS = ["A123E", "...4."]


def ferry_pack(cruiser: bool):
    units = [("A", "RED", "infantry", 2), ("1", "RED", "transport", 1), ("E", "BLU", "infantry", 1)]
    if cruiser:
        units.append(("4", "BLU", "cruiser", 1))
    return grid_pack(
        SEA_ROWS,
        {"A": {"owner": "RED", "value": 5}, "E": {"owner": "BLU", "value": 5}},
        {"RED": {"alliance": "reds", "capital": "A"}, "BLU": {"alliance": "blues", "capital": "E"}},
        units,
        facilities=[("A", "major_ic"), ("E", "major_ic")],
        rounds=2,
    )


def _transport_after_noncombat(pack):
    s = new_game(pack, "test", seed=1)
    while not (s.current_nation == "RED" and s.phase == "noncombat_move"):
        s.apply(Action.end_phase())
    bot = HeuristicBot(1)
    while s.current_nation == "RED" and s.phase == "noncombat_move":
        s.apply(bot.choose(s))
    tr = next(u for u in s.units.values() if u.type == "transport")
    return tr.zone, len(s.cargo_of(tr.id))


def test_a_loaded_transport_does_not_sail_where_an_enemy_fleet_can_sink_it():
    ids = zone_ids(ferry_pack(False))
    # open sea: it loads the army and sails to the enemy's coast
    assert _transport_after_noncombat(ferry_pack(False)) == (ids["3"], 2)
    # a cruiser that reaches 2 and 3: the transport and its cargo stay home
    assert _transport_after_noncombat(ferry_pack(True)) == (ids["1"], 0)
