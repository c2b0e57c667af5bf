"""Global War production, income, capital loss and placement (seeds/000 §5, §7.3, §9.22,
§9.23, §11.1, §11.2, §11.6; rules-notes/000 §1.11, §2.4, §4.2, §4.7, §4.8)."""

from __future__ import annotations

from gamecore.engine import Action, new_game
from gamecore.engine.bots import make_bots, play
from gamecore.engine.game import replay
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.model import Line
from gamecore.rules import control, economy
from gamecore.rules.world import GameWorld
from tests.gamecore.engine.helpers import finish_turn, to_phase, units_of

#   A B 1 C     A: RED's capital (factory), B RED (coast), C a RED island colony,
#   D D 1 E     D: BLU's, held by RED since before the game; E: BLU's capital
ROWS = ["AB1C", "DD1E"]
NATIONS = {
    "RED": {"alliance": "reds", "capital": "A"},
    "BLU": {"alliance": "blues", "capital": "E"},
}
ZONES = {
    "A": {"owner": "RED", "value": 3},
    "B": {"owner": "RED", "value": 2},
    "C": {"owner": "RED", "value": 2},
    "D": {"owner": "RED", "original": "BLU", "value": 4},
    "E": {"owner": "BLU", "value": 3},
}


def gw(facilities=(), units=(), banks=None, nations=None, relations=None, overrides=None, **kw):
    pack = grid_pack(
        ROWS,
        ZONES,
        nations or NATIONS,
        list(units) + [("E", "BLU", "infantry")],
        facilities=facilities,
        banks=banks or {"RED": 40, "BLU": 10},
        relations=relations,
        ruleset="global_war",
        **kw,
    )
    if overrides:
        pack.scenarios["test"].income_overrides.update(overrides)
    return new_game(pack, "test", seed=7), zone_ids(pack), pack


def kinds(s, kind):
    return [a for a in s.legal_actions() if a.kind == kind]


def to_next_turn_of(s, n):
    finish_turn(s)
    while s.current_nation != n:
        finish_turn(s)


# ---------------------------------------------------------------------- §7.3 production
def test_a_multi_turn_ship_is_paid_one_instalment_a_turn_and_placed_when_paid():
    # §7.3: a Battleship listed 5/5/5 is paid over three turns; starting it needs a legal
    # placement (a Major Shipyard); later stages are optional; it is placed in the Place
    # phase of the turn it reaches the Place Units box
    s, z, _ = gw([("A", "major_factory"), ("B", "major_shipyard")])
    assert Action.buy("battleship") in s.legal_actions()
    bank = s.banks["RED"]
    s.apply(Action.buy("battleship"))
    assert s.banks["RED"] == bank - 5
    (item,) = s.queue
    assert (item.type, item.stage, item.stages) == ("battleship", 1, 3)
    assert kinds(s, "advance") == []  # one instalment a turn
    to_next_turn_of(s, "RED")
    assert kinds(s, "advance") == [Action("advance", target=item.id)]
    to_next_turn_of(s, "RED")  # production may pause: nothing is lost
    assert s.queue[0].stage == 1
    bank = s.banks["RED"]
    s.apply(Action("advance", target=item.id))
    assert s.banks["RED"] == bank - 5 and s.queue[0].stage == 2
    to_next_turn_of(s, "RED")
    s.apply(Action("advance", target=item.id))
    assert s.queue == () and s.pending["RED"] == {"battleship": 1}
    to_phase(s, "place")
    assert Action.place("battleship", z["1"]) in s.legal_actions()
    s.apply(Action.place("battleship", z["1"]))
    assert units_of(s, "RED", "battleship", z["1"])


def test_a_multi_turn_item_needs_a_legal_placement_to_start():
    # §7.3 "you could not start construction of a Fleet Carrier if you did not have a
    # shipyard": no shipyard, no capital ship; a Minor Shipyard takes no capital ship
    s, z, _ = gw([("A", "major_factory")])
    assert Action.buy("battleship") not in s.legal_actions()
    s, z, _ = gw([("A", "major_factory"), ("B", "minor_shipyard")])
    buys = {a.type for a in kinds(s, "buy")}
    assert "battleship" not in buys and "fleet_carrier" not in buys
    assert "destroyer" in buys and "light_cruiser" in buys


def test_facilities_are_built_under_a_marker_and_placed_there_when_finished():
    # §7.3 Facilities / §11.3: the Under-Construction marker shows where it is built; it is
    # placed there when completed
    s, z, _ = gw([("A", "major_factory")])
    start = Action("buy", type="major_port", count=1, zone=z["B"])
    assert start in s.legal_actions()
    s.apply(start)
    assert [(q.type, q.zone) for q in economy.under_construction(s, z["B"])] == [
        ("major_port", z["B"])
    ]
    assert start not in s.legal_actions()  # one marker of a type per zone
    to_next_turn_of(s, "RED")
    s.apply(kinds(s, "advance")[0])
    to_phase(s, "place")
    s.apply(Action.place("major_port", z["B"]))
    assert [f.type for f in s.facilities_in(z["B"])] == ["major_port"]
    assert s.queue == ()


def test_an_upgrade_is_paid_at_once_and_new_factories_wait_a_turn():
    # §7.3 Upgrading / T 12-2: Medium -> Major Factory for 6 IPP, placed in the Place phase;
    # it still produces the old amount that turn, a new factory nothing (§11.1)
    s, z, _ = gw([("A", "medium_factory")])
    bank = s.banks["RED"]
    s.apply(Action("buy", type="major_factory", count=1, zone=z["A"]))
    assert s.banks["RED"] == bank - 6
    s.apply(Action("buy", type="minor_factory", count=1, zone=z["B"]))
    s.apply(Action.buy("infantry"))
    to_phase(s, "place")
    s.apply(Action.place("major_factory", z["A"]))
    (f,) = s.facilities_in(z["A"])
    assert f.type == "major_factory"
    assert economy.site_capacity(s, f) == 3  # §11.1: the old amount this turn
    s.apply(Action.place("minor_factory", z["B"]))
    (new,) = s.facilities_in(z["B"])
    assert economy.site_capacity(s, new) == 0  # §11.1: produces from its next Place phase
    assert {a.zone for a in s.legal_actions() if a.type == "infantry"} == {z["A"]}


def test_facilities_cost_1_more_in_jungle_and_marsh_on_the_first_instalment():
    # §1.10 / §1.11: "Facilities cost +1 IPP to build in Jungle [Marsh]. Cost is added to
    # first turn of construction." (option construction_surcharge)
    pack = grid_pack(
        ROWS,
        dict(ZONES, B=dict(ZONES["B"], terrain="jungle")),
        NATIONS,
        [("E", "BLU", "infantry")],
        facilities=[("A", "major_factory")],
        banks={"RED": 40, "BLU": 0},
        ruleset="global_war",
    )
    s = new_game(pack, "test")
    z = zone_ids(pack)
    s.apply(Action("buy", type="air_base", count=1, zone=z["B"]))  # 3/3 -> 4 now
    s.apply(Action("buy", type="seaplane_base", count=1, zone=z["A"]))  # 2, clear
    assert s.banks["RED"] == 40 - 4 - 2
    to_next_turn_of(s, "RED")
    bank = s.banks["RED"]
    s.apply(kinds(s, "advance")[0])
    assert s.banks["RED"] == bank - 3


def test_technology_units_are_placed_in_the_home_country_only():
    # §11.1 Advanced Technology: units built thanks to a technology go in the Home Country
    s, z, _ = gw([("A", "major_factory"), ("D", "minor_factory")])
    assert economy._sites_for(s, "RED", "jet_fighter") == [z["A"]]
    assert economy._sites_for(s, "RED", "fighter") == [z["A"], z["D"]]


def test_a_captor_takes_over_a_facility_under_construction():
    # §7.3 "Facilities that are captured when under construction can be completed by the
    # capturing player"; rules-notes/000 §4.7
    s, z, _ = gw([("A", "major_factory")])
    s.apply(Action("buy", type="air_base", count=1, zone=z["B"]))
    control.capture(s, z["B"], "BLU")
    assert [q.nation for q in s.queue] == ["BLU"]


# ---------------------------------------------------------------------- §5 / §11.6 income
def test_peacetime_income_until_at_war_with_a_major_then_zones_plus_bonus():
    # §2.4/§5: a nation at peace collects its peacetime income (scenario income override),
    # at war with a Major the zones it holds plus its Wartime Bonus Income (§5.4); income
    # is collected last of all (§11.6)
    nations = {
        "RED": {"alliance": "reds", "capital": "A", "props": {"war_bonus_income": 3}},
        "BLU": {"alliance": "blues", "capital": "E"},
    }
    s, z, _ = gw(
        [("A", "major_factory")],
        nations=nations,
        relations={("RED", "BLU"): "peace"},
        overrides={"RED": 4},
        banks={"RED": 0, "BLU": 0},
    )
    assert economy.at_peace(s, "RED") and economy.income_level(s, "RED") == 4
    assert GameWorld(s).income("RED") == 4  # what conditions (NRS triggers) see
    finish_turn(s)
    assert s.banks["RED"] == 4
    economy.raise_peace_income(s, "RED", 100)  # never above the zones' total (11)
    assert economy.income_level(s, "RED") == 11
    s.set_relation("RED", "BLU", "war")
    assert not economy.at_peace(s, "RED")
    to_next_turn_of(s, "RED")
    before = s.banks["RED"]
    finish_turn(s)
    assert s.banks["RED"] - before == 11 + 3


def test_capturing_at_peace_raises_peacetime_income():
    # rules-notes/000 §6.38 (our choice): a zone captured at peace adds its value to the
    # captor's peacetime income and takes it from the former owner's
    s, z, _ = gw(
        relations={("RED", "BLU"): "peace"},
        overrides={"RED": 4, "BLU": 2},
    )
    control.capture(s, z["E"], "RED")
    assert s.peace_income == {"RED": 7, "BLU": 0}


def test_g40_income_is_unchanged_by_the_peacetime_model():
    pack = grid_pack(
        ROWS, ZONES, NATIONS, [("E", "BLU", "infantry")], relations={("RED", "BLU"): "peace"}
    )
    pack.scenarios["test"].income_overrides["RED"] = 1
    s = new_game(pack, "test")
    assert s.peace_income == {} and economy.income_level(s, "RED") == 11


# ---------------------------------------------------------------------- §9.22-§9.23
def test_a_lost_capital_sends_the_cash_to_the_bank_and_relocates():
    # §9.23: the loser's cash goes to the bank; USA, USSR, Britain and France may relocate
    # (nation props.alt_capital), and move back once the capital is Possessed again
    nations = {
        "RED": {"alliance": "reds", "capital": "A", "props": {"alt_capital": ["C", "B"]}},
        "BLU": {"alliance": "blues", "capital": "E"},
    }
    s, z, _ = gw(nations=nations, banks={"RED": 12, "BLU": 5})
    control.capture(s, z["A"], "BLU")
    assert s.banks == {"RED": 0, "BLU": 5}
    assert s.capital_of("RED") == z["C"] and s.has_capital("RED")
    control.capture(s, z["A"], "RED")
    assert s.capital_of("RED") == z["A"] and s.capitals == {}


def test_france_loses_its_cash_to_the_conqueror():
    # §9.23 "with the exception of France (which loses it to the conquering player)":
    # [nations.FRA] capital_bank_to = "conqueror" in global_war.toml
    nations = {
        "FRA": {"alliance": "reds", "capital": "A"},
        "BLU": {"alliance": "blues", "capital": "E"},
    }
    zones = {
        c: dict(v, owner="FRA" if v.get("owner") == "RED" else v["owner"]) for c, v in ZONES.items()
    }
    pack = grid_pack(
        ROWS,
        zones,
        nations,
        [("E", "BLU", "infantry")],
        banks={"FRA": 9, "BLU": 1},
        ruleset="global_war",
    )
    s = new_game(pack, "test")
    control.capture(s, zone_ids(pack)["A"], "BLU")
    assert s.banks == {"FRA": 0, "BLU": 10}


def test_surrender_conditions_are_data_and_reversible():
    # §9.22: surrender when the NRS conditions hold (nation props.surrender_if: these zones
    # enemy-Possessed at its turn); its units leave the board; reversed when they stop
    nations = {
        "RED": {"alliance": "reds", "capital": "A", "props": {"surrender_if": ["A", "B"]}},
        "BLU": {"alliance": "blues", "capital": "E"},
    }
    s, z, _ = gw(
        [("A", "major_factory"), ("B", "major_shipyard")],
        nations=nations,
        units=[("C", "RED", "infantry")],
    )
    s.apply(Action.buy("battleship"))
    s.apply(Action.buy("medium_armor"))
    control.capture(s, z["A"], "BLU")
    control.capture(s, z["B"], "BLU")
    finish_turn(s)  # RED's turn ends; BLU's begins
    assert s.current_nation == "BLU"
    finish_turn(s)  # RED's turn starts surrendered and goes by without a decision
    assert control.surrendered(s, "RED") and units_of(s, "RED") == []
    # §7.3: the conqueror takes over the ships on the Production Chart
    assert [(q.nation, q.type) for q in s.queue] == [("BLU", "battleship")]
    assert s.income.get("RED") == 0 and s.current_nation == "BLU" and s.round == 2
    control.capture(s, z["B"], "RED")
    finish_turn(s)
    assert s.current_nation == "RED" and not control.surrendered(s, "RED")


# ---------------------------------------------------------------------- §11.1 placement
def test_militia_need_no_factory_up_to_the_zone_value():
    # §11.1 Militia: the zone's value per zone (at least 1), 1 in a captured zone, in zones
    # held since the start of the turn
    s, z, _ = gw([("A", "major_factory")], banks={"RED": 60, "BLU": 0})
    sites = economy._rule_sites(s, "RED", "militia")
    assert sites == {z["A"]: 3, z["B"]: 2, z["C"]: 2, z["D"]: 1}
    assert economy.can_buy(s, "militia", 8) and not economy.can_buy(s, "militia", 9)
    s.apply(Action.buy("militia", 8))
    assert Action.buy("infantry") in s.legal_actions()  # the factory is still free
    to_phase(s, "place")
    s.apply(Action.place("militia", z["D"]))
    assert Action.place("militia", z["D"]) not in s.legal_actions()
    assert Action.place("militia", z["A"]) in s.legal_actions()


def test_colonial_infantry_only_in_original_zones_outside_the_home_country():
    # §11.1 Colonial Infantry: zones with a value, outside the Home Country, with the
    # nation's original roundel, held since the start of the turn
    s, z, _ = gw([("A", "major_factory")])
    assert economy.home_country(s, "RED") == {z["A"], z["B"]}
    assert sorted(economy._rule_sites(s, "RED", "colonial_infantry")) == [z["C"]]


def test_shipyards_and_sub_bases_place_only_their_kinds():
    # §11.1: factories place no ships; a Minor Shipyard 1 ship or sub (T 12-3: non-capital);
    # a Submarine Base up to 2 submarines; both next to a factory
    s, z, _ = gw(
        [("A", "major_factory"), ("B", "minor_shipyard"), ("B", "submarine_base")],
        banks={"RED": 80, "BLU": 0},
    )
    assert economy._sites_for(s, "RED", "battleship") == []
    assert economy._sites_for(s, "RED", "destroyer") == [z["1"]]
    s.apply(Action.buy("destroyer", 2))
    s.apply(Action.buy("submarine", 2))
    to_phase(s, "place")
    s.apply(Action.place("destroyer", z["1"]))
    assert Action.place("destroyer", z["1"]) not in s.legal_actions()  # yard used
    s.apply(Action.place("submarine", z["1"]))
    s.apply(Action.place("submarine", z["1"]))
    assert len(units_of(s, "RED", None, z["1"])) == 3
    s, z, _ = gw([("C", "minor_shipyard")])  # no factory near: no ships
    assert economy._sites_for(s, "RED", "destroyer") == []


def test_militia_upgrade_to_infantry_costs_2_once_a_turn_with_a_supply_path():
    # §11.2: Militia -> Infantry for 2 IPP, at most 1 a turn, with a Supply Path from a
    # Home Country factory (over land here: the island colony C has none)
    s, z, _ = gw(
        [("A", "major_factory")],
        units=[("B", "RED", "militia", 2), ("C", "RED", "militia")],
    )
    to_phase(s, "place")
    ups = kinds(s, "upgrade")
    assert {s.units[a.units[0]].zone for a in ups} == {z["B"]}
    assert s.phase == "place" and s.banks["RED"] == 40
    s.apply(ups[0])  # nothing else to do: the phase ends and RED collects 11
    assert [e["cost"] for e in s.log if e.get("e") == "unit_upgraded"] == [2]
    assert s.banks["RED"] == 40 - 2 + 11
    assert len(units_of(s, "RED", "infantry", z["B"])) == 1
    assert len(units_of(s, "RED", "militia", z["B"])) == 1  # one a turn


# ---------------------------------------------------------------------- determinism
def test_same_seed_same_game_with_raids_and_production():
    # docs/architecture.md Invariant 4: the log replays to the same state (queue, convoy markers, ...)
    pack = grid_pack(
        ROWS,
        ZONES,
        NATIONS,
        [("E", "BLU", "infantry", 2), ("1", "BLU", "submarine", 2), ("A", "RED", "infantry")],
        facilities=[("A", "major_factory"), ("B", "major_shipyard"), ("E", "major_factory")],
        banks={"RED": 30, "BLU": 30},
        ruleset="global_war",
        rounds=4,
    )
    z = zone_ids(pack)
    pack.map.lines[1] = Line(
        1, "convoy", "l", path=[z["1"]], start=z["B"], end=z["C"], values={"RED": 6}
    )
    s = new_game(pack, "test", seed=11)
    play(s, make_bots("random", s, 11), max_actions=3000)
    kinds_seen = {e["a"]["kind"] for e in s.log if e.get("e") == "action"}
    assert {"buy", "place"} <= kinds_seen
    assert replay(pack, s.log).snapshot() == s.snapshot()


def test_peacetime_income_from_the_scenario_table():
    # §2.4: the scenario set-up gives each nation's peacetime income (the bundled 1936
    # scenario keeps them as a table in the scenario's props); an override still wins
    nations = {"RED": {"alliance": "reds", "capital": "A"}, "BLU": {"alliance": "blues"}}
    pack = grid_pack(
        ROWS,
        ZONES,
        nations,
        [("E", "BLU", "infantry")],
        banks={"RED": 0, "BLU": 0},
        relations={("RED", "BLU"): "peace"},
        ruleset="global_war",
    )
    pack.scenarios["test"].props["peacetime_income"] = {"RED": 2, "BLU": 1}
    s = new_game(pack, "test", seed=7)
    assert economy.income_level(s, "RED") == 2 and economy.income_level(s, "BLU") == 1
    pack.scenarios["test"].income_overrides["RED"] = 5
    assert economy.income_level(new_game(pack, "test", seed=7), "RED") == 5
