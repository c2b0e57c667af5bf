"""National objectives and victory conditions plugged into the engine (the condition
language of #8 through the World adapter, or any evaluator)."""

from gamecore.engine import Action, LiteralEvaluator, RandomBot, new_game, play
from gamecore.engine.objectives import parse_effects
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.model import Objective
from gamecore.rules.world import GameWorld
from tests.gamecore.engine.helpers import ScriptedRng, finish_turn, to_phase, units_of

ROWS = ["ABC"]
ZONES = {"A": {"owner": "RED"}, "B": {"owner": "RED"}, "C": {"owner": "BLU"}}
NATIONS = {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}}
UNITS = [("B", "RED", "infantry"), ("C", "BLU", "infantry"), ("A", "BLU", "submarine")]


def make(objectives, evaluator=None, rounds=None, options=None):
    pack = grid_pack(
        ["ABC", "1.."],
        ZONES,
        NATIONS,
        [("B", "RED", "infantry"), ("C", "BLU", "infantry"), ("1", "BLU", "submarine")],
        objectives=objectives,
        options=options,
    )
    s = new_game(pack, "test", seed=1, rounds=rounds, evaluator=evaluator)
    return s, zone_ids(pack)


def take_c(s, z):
    s.apply(Action.move(units_of(s, "RED", "infantry"), (z["B"], z["C"])))
    to_phase(s, "combat")
    s.rng = ScriptedRng([1, 6])
    s.apply(Action("fight", zone=z["C"]))


def test_condition_language_objective_pays_income_at_collect_income():
    # seeds/004 national objectives: bonus IPCs in the owner's Collect Income phase
    objs = [
        Objective(
            "hold_c", "Hold C", owner="RED", condition="controls(RED, C)", effect="income(5)"
        ),
        Objective("at_war", "War", owner="RED", condition="at_war(RED, BLU)", effect="income +1"),
    ]
    s, z = make(objs)
    take_c(s, z)  # ...and the rest of RED's turn has nothing to decide: income is collected
    inc = [e for e in s.log if e.get("e") == "income" and e["nation"] == "RED"][0]
    assert inc["territory"] == 3 and sorted(inc["objectives"]) == ["at_war", "hold_c"]
    assert inc["amount"] == 3 + 5 + 1


def test_history_is_visible_to_conditions():
    # rules-notes/004 §6.3: ever(...) queries the game's event log
    s, z = make([])
    take_c(s, z)
    w = GameWorld(s)
    kinds = {e["type"] for e in w.events}
    assert {"attacked", "captured"} <= kinds
    captured = [e for e in w.events if e["type"] == "captured"][0]
    assert captured["by"] == "RED" and captured["zone"] == z["C"] and captured["from"] == "BLU"
    obj = Objective("x", "x", owner="RED", condition="ever(captured(RED, C))")
    assert s.evaluator.evaluate(s, obj)
    assert w.owner(z["C"]) == "RED" and ("RED", "infantry", 1) in list(w.unit_counts(z["C"]))


def test_victory_points_are_awarded_once_and_decide_the_round_limit():
    # seeds/004 "Victory objectives & tokens": awarded once, never lost; more tokens wins
    objs = [
        Objective(
            "tok",
            "C",
            kind="victory",
            owner="reds",
            condition="controls(reds, C)",
            effect="vp(1)",
            once=True,
        ),
    ]
    s, z = make(objs, rounds=2, options={"round_limit_winner": "vp"})
    take_c(s, z)
    assert s.vp == {"reds": 1}
    play(s, RandomBot(1))
    assert s.vp["reds"] == 1  # never twice
    assert s.is_terminal() and s.winner == "reds" and "vp" in s.end_reason


def test_a_plain_victory_condition_ends_the_game():
    objs = [Objective("win", "Take C", kind="victory", owner="reds", condition="controls(RED, C)")]
    s, z = make(objs)
    take_c(s, z)
    assert s.is_terminal() and s.winner == "reds"
    assert s.returns() == {"reds": 1.0, "blues": -1.0}


def test_game_end_rule_declares_the_winner_of_a_tie():
    # rules-notes/004 §6.6: end_rule attrition (a tie is an Allied win)
    objs = [
        Objective(
            "attrition",
            "Attrition",
            kind="victory",
            owner="blues",
            condition="vp(reds) == vp(blues)",
            effect="declare_winner(blues)",
            props={"check": "game_end"},
        ),
    ]
    s, z = make(objs, rounds=1)
    while not s.is_terminal():
        s.apply(
            Action.end_phase() if Action.end_phase() in s.legal_actions() else s.legal_actions()[0]
        )
    assert s.winner == "blues" and "attrition" in s.end_reason


def test_a_bad_condition_counts_as_not_met_and_is_reported():
    objs = [
        Objective(
            "bad", "Bad", owner="RED", condition="controls(RED, Atlantis)", effect="income(5)"
        )
    ]
    s, z = make(objs)
    finish_turn(s)
    assert s.banks["RED"] == 2
    assert [e["objective"] for e in s.log if e.get("e") == "objective_error"] == ["bad"]


def test_any_evaluator_plugs_in_and_is_called_at_income_and_victory_checks():
    calls = []

    class Spy:
        def evaluate(self, state, objective):
            calls.append((state.phase, objective.id))
            return objective.id == "yes"

    objs = [
        Objective("yes", "Yes", owner="RED", condition="whatever", effect="income +4"),
        Objective("no", "No", owner="RED", condition="whatever", effect="income +9"),
        Objective("v", "V", kind="victory", owner="blues", condition="whatever"),
    ]
    s, z = make(objs, evaluator=Spy())
    finish_turn(s)
    assert s.banks["RED"] == 2 + 4
    assert ("collect_income", "yes") in calls and ("collect_income", "no") in calls
    assert any(obj == "v" for _, obj in calls)


def test_literal_evaluator_and_effect_parsing():
    assert parse_effects("income +5, vp(1), declare_winner(allies)") == [
        ("income", ("+5",)),
        ("vp", ("1",)),
        ("declare_winner", ("allies",)),
    ]
    objs = [Objective("o", "o", owner="RED", condition="true", effect="income(3)")]
    s, z = make(objs, evaluator=LiteralEvaluator())
    finish_turn(s)
    assert s.banks["RED"] == 2 + 3


def test_purchase_permission_objective():
    # seeds/004 "China rules": artillery may be bought while the Burma Road is open
    pack = grid_pack(
        ["AB"],
        {"A": {"owner": "CHN", "original": "CHN"}, "B": {"owner": "JPN"}},
        {"CHN": {"alliance": "allies"}, "JPN": {"alliance": "axis"}},
        [("B", "JPN", "infantry")],
        banks={"CHN": 12},
        objectives=[
            Objective(
                "burma",
                "Burma Road",
                owner="CHN",
                condition="controls(CHN, A)",
                effect="allow_purchase(CHN, artillery)",
                props={"check": "purchase"},
            ),
        ],
    )
    s = new_game(pack, "test")
    assert sorted(a.type for a in s.legal_actions() if a.kind == "buy") == ["artillery", "infantry"]
