"""Rules fidelity (issue #23): the g40 and Global War rules a player would catch the
engine getting wrong. Each test cites the rulebook: seeds/004_e79f22d5c6f862ad.txt (the
3G40 handbook, G40 2nd edition; summarised in rules-notes/004_3g40_handbook.md) or
seeds/000_8004ae29f2fa7391.txt (Global War 1936-45; rules-notes/000_global_war.md)."""

from __future__ import annotations

from gamecore.engine import Action
from tests.gamecore.engine.helpers import ScriptedRng, game, to_phase, units_of

# A B C  land
# 1 2 3  sea
ROWS = ["ABC", "123"]
OWN = {"A": {"owner": "RED"}, "B": {"owner": "RED"}, "C": {"owner": "BLU"}}


def fight(s, zone, rolls, mode=""):
    to_phase(s, "combat")
    s.rng = ScriptedRng(rolls)
    s.apply(Action("fight", zone=zone, mode=mode))
    return s.rng


# ------------------------------------------------------------------ g40 point 7
def test_g40_7_liberating_an_allys_capital_returns_it_to_the_ally():
    # rules-notes/004 §4.2 "Liberation vs capture" (retaking an ally's original territory
    # returns it to its owner when that owner holds its capital) and §4.11 (seeds/004
    # "capital"): the capital itself is the ally's to get back; before, the check asked
    # whether the ally held its capital while the enemy still held it, so it stayed
    # with the liberator
    nations = {
        "RED": {"alliance": "reds"},
        "PNK": {"alliance": "reds", "capital": "C"},
        "BLU": {"alliance": "blues"},
    }
    zones = {"A": {"owner": "RED"}, "B": {"owner": "RED"}, "C": {"owner": "BLU", "original": "PNK"}}
    s, z = game(ROWS, zones, nations, units=[("B", "RED", "infantry"), ("C", "BLU", "infantry")])
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    fight(s, z["C"], [1, 6])
    assert s.owner[z["C"]] == "PNK"
    cap = [e for e in s.log if e.get("e") == "capture"][0]
    assert cap["liberated"] is True and cap["by"] == "RED" and cap["owner"] == "PNK"


# ------------------------------------------------------------------ g40 point 8
def test_g40_8_only_fighters_intercept_a_bombing_raid():
    # rules-notes/004 §4.6 "Escorts and interceptors": defending *fighters* in the
    # territory may intercept; seeds/000 T 9-9 step 2-3 the same for Global War. A
    # defending tactical and strategic bomber stay on the ground.
    s, z = game(
        ROWS,
        OWN,
        units=[
            ("A", "RED", "strategic_bomber"),
            ("C", "BLU", "tactical_bomber"),
            ("C", "BLU", "strategic_bomber"),
            ("C", "BLU", "fighter"),
        ],
        facilities=[("C", "major_ic")],
        decisions=("retreat", "intercept"),
    )
    s.apply([a for a in s.legal_actions() if a.mode == "bomb"][0])
    to_phase(s, "combat")
    s.rng = ScriptedRng([6, 6, 6, 3])  # bomber 6, the fighter 6; AA 6; damage 3
    s.apply(Action("fight", zone=z["C"], mode="bomb"))
    assert s.decision.kind == "intercept" and s.decision.owner == "BLU"
    assert [a.count for a in s.legal_actions()] == [0, 1]  # the fighter alone
    s.apply(Action("intercept", count=1))
    raid = [e for e in s.log if e.get("e") == "raid"][-1]
    assert raid["interceptors"] == 1 and raid["air_battle"] == [0, 0]
    assert s.rng.used == [6, 6, 6, 3]


def test_gw_8_only_fighter_types_intercept():
    from gamecore.engine.ruleset import load_ruleset

    for rid, want in (
        ("g40", {"fighter"}),
        ("global_war", {"fighter", "jet_fighter", "early_war_fighter"}),
    ):
        ut = load_ruleset(rid).units
        assert {k for k, t in ut.items() if t.interceptor} == want
