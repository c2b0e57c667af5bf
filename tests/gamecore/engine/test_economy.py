"""Purchase, mobilisation, income, objectives and convoy disruption (g40)."""

import pytest

from gamecore.engine import Action
from gamecore.model import Objective
from tests.gamecore.engine.helpers import ScriptedRng, finish_turn, game, to_phase, units_of

ROWS = ["ABC", "123"]


def buys(s):
    return sorted(a.type for a in s.legal_actions() if a.kind == "buy")


def test_income_is_the_value_of_controlled_territory_including_conquests():
    # seeds/004 "Summary of play": collect income including newly conquered territories;
    # rules-notes/004 §4.11
    s, z = game(
        ROWS,
        {
            "A": {"owner": "RED", "value": 5},
            "B": {"owner": "RED", "value": 2},
            "C": {"owner": "BLU", "value": 4},
        },
        units=[("B", "RED", "tank"), ("1", "BLU", "submarine")],
        banks={"RED": 0},
    )
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    finish_turn(s)
    assert s.owner[z["C"]] == "RED"
    assert s.banks["RED"] == 11 and s.income["RED"] == 11


def test_objectives_pay_at_collect_income():
    # seeds/004 "National objective and bonus income": paid in the Collect Income phase;
    # the condition language comes with #8: until then "true"/"false"
    objs = [
        Objective("o1", "always", owner="RED", condition="true", effect="income +5"),
        Objective("o2", "never", owner="RED", condition="false", effect="income +7"),
        Objective("o3", "once", owner="RED", condition="true", effect="income +2", once=True),
        Objective("o4", "theirs", owner="BLU", condition="true", effect="income +3"),
    ]
    s, z = game(
        ROWS,
        {"A": {"owner": "RED", "value": 1}, "C": {"owner": "BLU", "value": 1}},
        units=[("A", "RED", "infantry"), ("C", "BLU", "infantry")],
        objectives=objs,
    )
    finish_turn(s)
    assert s.banks["RED"] == 1 + 5 + 2
    finish_turn(s)  # BLU
    finish_turn(s)  # RED again: the once-only bonus is not paid twice
    assert s.banks["RED"] == 8 + 1 + 5


def test_no_income_and_no_spending_while_the_capital_is_held():
    # rules-notes/004 §4.11 [G]: no income, may not spend IPCs while the capital is enemy-held
    s, z = game(
        ROWS,
        {"A": {"owner": "BLU", "original": "RED", "value": 5}, "B": {"owner": "RED", "value": 3}},
        {"RED": {"alliance": "reds", "capital": "A"}, "BLU": {"alliance": "blues"}},
        units=[("B", "RED", "infantry"), ("A", "BLU", "infantry")],
        facilities=[("B", "minor_ic")],
        banks={"RED": 30},
    )
    assert s.current_nation == "RED" and s.phase != "purchase"
    finish_turn(s)
    assert s.banks["RED"] == 30 and s.income["RED"] == 0


def test_purchase_is_limited_by_money_and_production_capacity():
    # rules-notes/004 §4.1: mobilize at ICs, major up to 10, minor up to 3, minus damage
    s, z = game(
        ROWS,
        {"A": {"owner": "RED", "value": 3}, "C": {"owner": "BLU"}},
        units=[("C", "BLU", "infantry")],
        facilities=[("A", "minor_ic", 1)],
        banks={"RED": 40},
    )
    assert s.phase == "purchase"
    assert "battleship" in buys(s) and "infantry" in buys(s)
    for _ in range(2):
        s.apply(Action.buy("infantry"))
    assert [a for a in s.legal_actions() if a.kind == "buy" and a.type == "infantry"] == []
    assert s.banks["RED"] == 34 and s.pending["RED"] == {"infantry": 2}
    to_phase(s, "place")
    places = {(a.type, a.zone) for a in s.legal_actions() if a.kind == "place"}
    assert places == {("infantry", z["A"])}
    s.apply(Action.place("infantry", z["A"]))
    s.apply(Action.place("infantry", z["A"]))
    assert len(units_of(s, "RED", "infantry", z["A"])) == 2


def test_ships_are_placed_in_a_sea_zone_next_to_the_factory_and_unplaced_units_refunded():
    # rules-notes/004 §4.1: ships go in a sea zone adjacent to the IC; unplaced units
    # are refunded [H/G]
    s, z = game(
        ["AC", "12"],
        {"A": {"owner": "RED", "value": 3}, "C": {"owner": "BLU"}},
        units=[("C", "BLU", "infantry"), ("2", "BLU", "destroyer")],
        facilities=[("A", "minor_ic")],
        banks={"RED": 30},
    )
    s.apply(Action.buy("destroyer"))
    s.apply(Action.buy("infantry"))
    to_phase(s, "place")
    places = {(a.type, a.zone) for a in s.legal_actions() if a.kind == "place"}
    # sea zone 2 holds an enemy warship: no placing there
    assert places == {("destroyer", z["1"]), ("infantry", z["A"])}
    s.apply(Action.place("destroyer", z["1"]))
    bank = s.banks["RED"]
    finish_turn(s)
    assert s.banks["RED"] == bank + 3 + 3  # infantry refunded, income 3
    assert units_of(s, "RED", "destroyer", z["1"])


def test_a_factory_taken_this_turn_produces_nothing_yet():
    s, z = game(
        ROWS,
        {"A": {"owner": "RED", "value": 3}, "B": {"owner": "RED"}, "C": {"owner": "BLU"}},
        units=[("B", "RED", "tank"), ("1", "BLU", "submarine")],
        facilities=[("A", "minor_ic"), ("C", "minor_ic")],
        banks={"RED": 6},
    )
    s.apply(Action.buy("infantry"))
    to_phase(s, "combat_move")
    s.apply(Action.move(units_of(s, "RED", "tank"), (z["B"], z["C"])))
    to_phase(s, "place")
    assert {a.zone for a in s.legal_actions() if a.kind == "place"} == {z["A"]}


def test_china_buys_infantry_and_places_in_its_own_territory_without_factories():
    # seeds/004 "China rules": infantry only, no industrial complexes, placed in any
    # Chinese territory China controls (OOB: up to 3 per territory)
    s, z = game(
        ["ABC"],
        {
            "A": {"owner": "CHN", "original": "CHN"},
            "B": {"owner": "CHN", "original": "JPN"},
            "C": {"owner": "JPN"},
        },
        {"CHN": {"alliance": "allies"}, "JPN": {"alliance": "axis"}},
        units=[("C", "JPN", "infantry")],
        banks={"CHN": 30},
    )
    assert buys(s) == ["infantry"]
    for _ in range(3):
        s.apply(Action.buy("infantry"))
    assert buys(s) == []  # 3 units: the one original zone's limit
    to_phase(s, "place")
    assert {a.zone for a in s.legal_actions() if a.kind == "place"} == {z["A"]}


def test_building_and_upgrading_factories():
    # rules-notes/004 §1.6/§4.10: minor IC on value >= 2; major only on an original
    # territory worth >= 3; upgrade minor -> major costs 20
    s, z = game(
        ["ABCD"],
        {
            "A": {"owner": "RED", "value": 3},
            "B": {"owner": "RED", "value": 1},
            "C": {"owner": "RED", "value": 4, "original": "BLU"},
            "D": {"owner": "BLU"},
        },
        units=[("D", "BLU", "infantry")],
        facilities=[("A", "minor_ic")],
        banks={"RED": 100},
    )
    assert {"minor_ic", "major_ic", "air_base"} <= set(buys(s))
    s.apply(Action.buy("major_ic"))
    s.apply(Action.buy("minor_ic"))
    assert s.banks["RED"] == 100 - 30 - 12
    to_phase(s, "place")
    places = {(a.type, a.zone) for a in s.legal_actions() if a.kind == "place"}
    assert ("major_ic", z["A"]) in places  # upgrade of the minor IC
    assert ("major_ic", z["C"]) not in places  # not an original territory
    assert ("minor_ic", z["C"]) in places and ("minor_ic", z["B"]) not in places
    s.apply(Action.place("major_ic", z["A"]))
    assert s.facilities[1].type == "major_ic"
    assert s.banks["RED"] == 58 + 10  # an upgrade costs 20, not 30


def test_repairing_facility_damage():
    # rules-notes/004 §4.6: repair costs 1 IPC per damage point
    s, z = game(
        ROWS,
        {"A": {"owner": "RED", "value": 3}, "C": {"owner": "BLU"}},
        units=[("C", "BLU", "infantry")],
        facilities=[("A", "major_ic", 7)],
        banks={"RED": 5},
    )
    s.apply(Action.repair(1))
    assert s.facilities[1].damage == 2
    assert [e["points"] for e in s.log if e.get("e") == "repair"] == [5]
    assert s.banks["RED"] == 3  # spent everything; then collected its income


def test_convoy_disruption_reduces_income():
    # rules-notes/004 §4.9: enemy units in a convoy zone at the victim's collect income;
    # sub 2 dice, 1-3 lose that many IPCs, capped by the exposed territories' value;
    # seeds/004: China is not subject to convoy disruption
    zones = {
        "A": {"owner": "RED", "value": 4},
        "B": {"owner": "RED", "value": 1},
        "C": {"owner": "BLU", "value": 1},
        "1": {"flags": ["convoy"]},
    }
    s, z = game(
        ["ABC", "11."],
        zones,
        units=[("1", "BLU", "submarine"), ("B", "RED", "infantry")],
    )
    s.rng = ScriptedRng([3, 2])
    finish_turn(s)
    convoy = [e for e in s.log if e.get("e") == "convoy"][0]
    # exposed: A (4) and B (1): 3 + 2 = 5, capped at 5
    assert convoy["dice"] == 2 and convoy["loss"] == 5
    assert s.banks["RED"] == 0
    s, z = game(
        ["ABC", "11."],
        zones,
        units=[("1", "BLU", "submarine"), ("B", "RED", "infantry")],
    )
    s.rng = ScriptedRng([6, 1])
    finish_turn(s)
    assert s.banks["RED"] == 5 - 1


@pytest.mark.parametrize("carry", [True, False])
def test_unspent_money_carries_over_unless_the_ruleset_says_use_it_or_lose_it(carry):
    # issue #22 (Hitler's Global War: use it or lose it): option bank_carry_over
    s, z = game(
        ROWS,
        {"A": {"owner": "RED", "value": 3}, "C": {"owner": "BLU"}},
        units=[("C", "BLU", "infantry")],
        facilities=[("A", "minor_ic", 1)],
        banks={"RED": 40},
        options={"bank_carry_over": carry},
    )
    s.apply(Action.buy("infantry"))
    to_phase(s, "place")
    s.apply(Action.place("infantry", z["A"]))
    finish_turn(s)  # place ends, then income is collected
    lost = [e for e in s.log if e.get("e") == "bank_lost"]
    if carry:
        assert not lost and s.banks["RED"] >= 37
    else:
        assert lost == [{"e": "bank_lost", "nation": "RED", "amount": 37}]
        assert s.banks["RED"] == s.income.get("RED", 0)  # only the income just collected


# ---------------------------------------------------------------------- earmarked money
LEND_LEASE = {"earmarks": {"lend_lease": ["infantry", "tank"]}}


def _aid_game(**options):
    return game(
        ROWS,
        {"A": {"owner": "RED", "value": 3}, "C": {"owner": "BLU"}},
        units=[("C", "BLU", "infantry")],
        facilities=[("A", "minor_ic", 1)],
        banks={"RED": 3},
        options={**LEND_LEASE, **options},
    )


def test_earmarked_money_buys_only_its_unit_types():
    # issue #22: a typed part of the bank (lend-lease money that buys only some classes)
    s, _ = _aid_game()
    assert buys(s) == ["infantry"]  # 3 free: artillery (4) and tanks (6) are too dear
    s.earmark("RED", "lend_lease", 6)
    assert s.banks["RED"] == 9 and s.earmarked("RED") == {"lend_lease": 6}
    assert "tank" in buys(s)  # 3 free + 6 earmarked for tanks
    assert "artillery" not in buys(s) and "fighter" not in buys(s)  # 3 free money only
    assert s.spendable("RED") == 3 and s.spendable("RED", ("lend_lease",)) == 9
    s.apply(Action.buy("infantry"))  # paid from the earmark first
    assert s.banks["RED"] == 6 and s.earmarked("RED") == {"lend_lease": 3}
    assert s.spendable("RED") == 3
    assert s.snapshot()["earmarks"] == {"RED": {"lend_lease": 3}}


def test_earmarks_are_state_a_clone_does_not_share():
    s, _ = _aid_game()
    s.earmark("RED", "lend_lease", 4)
    c = s.clone()
    c.pay("RED", 5, ("lend_lease",))
    assert c.earmarked("RED") == {} and c.banks["RED"] == 2
    assert s.earmarked("RED") == {"lend_lease": 4} and s.banks["RED"] == 7


def test_earmarked_income_through_the_ruleset_option():
    s, z = _aid_game(earmarked_income={"RED": {"lend_lease": 5}})
    finish_turn(s)  # RED collects 3 of territory, then 5 of lend-lease
    aid = [e for e in s.log if e.get("e") == "earmark"]
    assert aid == [{"e": "earmark", "nation": "RED", "purpose": "lend_lease", "amount": 5}]
    assert s.banks["RED"] == 3 + s.income["RED"] + 5
    assert s.earmarked("RED") == {"lend_lease": 5}
    assert s.spendable("RED") == 3 + s.income["RED"]


def test_earmarked_money_is_lost_with_the_rest_when_money_does_not_carry_over():
    s, z = _aid_game(bank_carry_over=False)
    s.earmark("RED", "lend_lease", 6)
    finish_turn(s)
    assert [e["amount"] for e in s.log if e.get("e") == "bank_lost"] == [9]
    assert s.earmarked("RED") == {} and "earmarks" not in s.snapshot()


def test_without_earmarks_the_state_has_none():
    s, _ = game(ROWS, {"A": {"owner": "RED", "value": 3}}, banks={"RED": 3})
    assert s.rules.options["earmarks"] == {} and s.rules.options["earmarked_income"] == {}
    assert s.earmarks == {} and "earmarks" not in s.snapshot()
    assert s.spendable("RED") == s.banks["RED"]


@pytest.mark.parametrize(
    "text, where",
    [
        ('[options.earmarks]\nlend_lease = ["panzer"]\n', "options.earmarks.lend_lease"),
        ('[options.earmarks]\nlend_lease = "tank"\n', "options.earmarks.lend_lease"),
        (
            '[options.earmarks]\nlend_lease = ["tank"]\n[options.earmarked_income]\nUK = {aid = 5}\n',
            "options.earmarked_income.UK",
        ),
        (
            '[options.earmarks]\nlend_lease = ["tank"]\n'
            "[options.earmarked_income]\nUK = {lend_lease = -1}\n",
            "options.earmarked_income.UK.lend_lease",
        ),
    ],
)
def test_bad_earmarks_are_a_ruleset_error(text, where):
    from gamecore.engine.ruleset import parse_ruleset
    from gamecore.errors import RulesetError

    with pytest.raises(RulesetError, match=where):
        parse_ruleset('extends = "g40"\n' + text, "x.toml")
    parse_ruleset('extends = "g40"\n[options.earmarks]\nlend_lease = ["tank"]\n', "x.toml")


def test_the_heuristic_bot_plays_with_earmarked_money():
    from gamecore.engine import new_game
    from gamecore.sim.bots import HeuristicBot
    from gamecore.sim.playtest.samples import symmetric_pack

    # aid only for battleships: the bot's plan counts the whole bank, the buy must not
    options = {"earmarks": {"aid": ["battleship"]}, "earmarked_income": {"RED": {"aid": 30}}}
    s = new_game(symmetric_pack(rounds=3), "test", seed=5, options=options)
    bots = {n: HeuristicBot(i) for i, n in enumerate(("RED", "BLU"))}
    while not s.is_terminal():
        s.apply(bots.get(s.current_player, bots["RED"]).choose(s))
    aid = [e for e in s.log if e.get("e") == "earmark"]
    assert aid and all(e["nation"] == "RED" for e in aid)
    assert s.banks["RED"] >= sum(s.earmarked("RED").values())


def test_money_lost_outside_a_purchase_takes_earmarked_money_last():
    s, _ = _aid_game()
    s.earmark("RED", "lend_lease", 6)  # bank 9: 3 free, 6 earmarked
    s.banks["RED"] = 4  # e.g. a convoy raid took 5
    assert s.spendable("RED") == 0
    s.settle_earmarks("RED")
    assert s.earmarked("RED") == {"lend_lease": 4}
    s.banks["RED"] = 0
    s.settle_earmarks("RED")
    assert s.earmarks == {}
