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
