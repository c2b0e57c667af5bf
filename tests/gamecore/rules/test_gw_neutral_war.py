"""Global War §5.6, the US penalty for Allied declarations of war on neutrals, as a rule of
the global_war ruleset (gamecore.rules.neutral_war, option neutral_war_income_loss).

seeds/000_8004ae29f2fa7391.txt §5.6 "Allied Declaration of War Penalty": "Until at war
with a Major Power, USA suffers a -8 IPP income decrease each time an Allied power
declares war on a Neutral Minor Power." The example: "USA's current income is at 34 IPP
... USA loses -8 IPP so its income goes down to 26." (rules-notes/000 §2.7)
"""

from __future__ import annotations

from gamecore.engine import new_game
from gamecore.engine.testmaps import grid_pack
from gamecore.paths import sample_pack
from gamecore.rules import load_ruleset, phases, politics
from gamecore.store import read_pack


def _sample(scenario: str = "global-war-1936"):
    s = new_game(read_pack(sample_pack()), scenario, seed=1)
    s.peace_income["USA"] = 34  # the §5.6 example's US income
    return s, {s.board.name[z]: z for z in s.board.original}


def test_the_ruleset_declares_the_penalty():
    assert load_ruleset("global_war").options["neutral_war_income_loss"] == {"allies": {"USA": 8}}
    assert load_ruleset("global_war_house").options["neutral_war_income_loss"] == {
        "allies": {"USA": 8}
    }


def test_each_neutral_minor_of_one_bloc_costs_the_usa_8():
    # Portugal and Norway are both in the sample's NEU bloc: two declarations, -16
    s, z = _sample()
    s.remember("attacked", by="UK", zone=z["Portugal"], against="NEU")
    politics.after_combat(s, "UK")
    assert s.peace_income["USA"] == 26  # the §5.6 example
    s.remember("attacked", by="FRA", zone=z["Norway"], against="NEU")
    politics.after_combat(s, "FRA")
    assert s.peace_income["USA"] == 18
    # the same zone again is not a new declaration
    s.remember("attacked", by="FRA", zone=z["Norway"], against="NEU")
    politics.after_combat(s, "FRA")
    assert s.peace_income["USA"] == 18


def test_declaring_war_on_the_bloc_then_walking_in_counts_each_minor():
    # a declaration on the bloc attacks no minor; walking into Mexico and Portugal does
    s, z = _sample()
    phases.declare_war(s, "UK", "NEU")
    assert s.peace_income["USA"] == 34
    for zone in ("Mexico", "Portugal"):
        s.remember("attacked", by="UK", zone=z[zone], against="NEU")
    politics.after_combat(s, "UK")
    assert s.peace_income["USA"] == 18


def test_axis_attacks_and_former_neutrals_cost_nothing():
    s, z = _sample()
    s.remember("attacked", by="GER", zone=z["Denmark"], against="NEU")
    politics.after_combat(s, "GER")
    # a neutral that has Aligned with Germany is no longer a Neutral Minor Power
    s.remember("attacked", by="UK", zone=z["Hungary"], against="GER")
    politics.after_combat(s, "UK")
    assert s.peace_income["USA"] == 34


def test_no_penalty_once_the_usa_is_at_war_with_a_major():
    s, z = _sample()
    s.set_relation("USA", "JPN", "war", initiated_by="JPN")
    s.remember("attacked", by="UK", zone=z["Portugal"], against="NEU")
    politics.after_combat(s, "UK")
    assert s.peace_income["USA"] == 34


def _minor_pack(other: str, alliance: str, relation: str):
    """UK (allies), ``other`` of ``alliance`` (``relation`` with the UK) and Portugal, a
    minor outside every Alliance, at peace with both."""
    return grid_pack(
        ["A B C", "1 1 1"],
        {
            "A": {"owner": "UK", "value": 8},
            "B": {"owner": other, "value": 10},
            "C": {"owner": "POR", "value": 2},
        },
        {
            "UK": {"alliance": "allies", "capital": "A"},
            other: {"alliance": alliance, "capital": "B"},
            "POR": {"kind": "minor", "capital": "C"},
        },
        relations={("UK", other): relation, ("UK", "POR"): "peace", (other, "POR"): "peace"},
        ruleset="global_war",
        options={"war_gates": False},
    )


def test_declaration_on_a_minor_outside_the_alliances():
    s = new_game(_minor_pack("USA", "allies", "peace"), "test", seed=1)
    s.peace_income["USA"] = 20
    phases.declare_war(s, "UK", "POR")
    assert s.peace_income["USA"] == 12
    assert any(e.get("e") == "neutral_war_penalty" for e in s.log)


def test_the_declarer_pays_10_ipp_for_a_declaration_on_a_neutral_minor():
    # seeds/000 §5.6: "Great Britain and France/Free France must pay a 10 IPP penalty if
    # they declare war on a Neutral Minor Power ... The 10 IPP cost is due immediately".
    # The cost was charged only for neutral zones attacked, not for a declaration on a
    # minor outside the Alliances (issue #41 audit: "each time" rules).
    pack = _minor_pack("GER", "axis", "war")
    s = new_game(pack, "test", seed=1)
    s.banks["UK"], s.banks["GER"] = 30, 30
    phases.declare_war(s, "UK", "POR")
    assert s.banks["UK"] == 20
    paid = [e for e in s.log if e.get("e") == "neutral_attack_cost"]
    assert [(e["nation"], e["paid"]) for e in paid] == [("UK", 10)]
    # an Axis declaration costs nothing (the ruleset charges the Allies: { allies = 10 })
    s2 = new_game(pack, "test", seed=1)
    s2.banks["GER"] = 30
    phases.declare_war(s2, "GER", "POR")
    assert s2.banks["GER"] == 30
