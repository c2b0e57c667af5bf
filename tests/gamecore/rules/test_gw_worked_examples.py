"""Worked examples printed in the Global War rulebook (seeds/000_8004ae29f2fa7391.txt),
replayed in the engine with scripted dice. Each test quotes the example it reproduces.

Other worked examples are reproduced next to the rule they illustrate:
test_global_war.py (§0.3(a), §0.3(b), §1.24(a)-(c)), test_gw_combat.py (T 9-1 Air
Superiority, §9.8 Peking amphibious assault), test_gw_combat_terrain.py (§1.7 Romania).
"""

from __future__ import annotations

from tests.gamecore.rules.test_gw_combat import HIT, MISS, fight, setup, units_of


def test_section_9_1_example_italy_attacks_yugoslavia():
    # §9.1 Example: "Italy Attacks Soviet forces in Yugoslavia with 4 Infantry, 2 Medium
    # Armor, an Artillery and a Fighter. The Soviets have 4 Infantry. Italy uses its
    # artillery first (since it has first strike) and rolls a hit. The Soviet player removes
    # an infantry from the map. Since it does not have first strike it will not get to fire.
    # The Italian player then rolls for the 4 infantry and scores one hit. [...] the two
    # Italian Medium Armor score one more hit. [...] The Defending Soviet player fires back
    # with 3 infantry (1 that is on the board and 2 that are casualties) and causes two hits
    # to the Italians who choose two infantry as causalities and remove them immediately."
    s, z = setup(
        [("infantry", 4), ("medium_armor", 2), ("artillery", 1), ("fighter", 1)],
        [("infantry", 4)],
    )
    rolls = [HIT]  # round 1 first strike: the artillery alone
    rolls += [HIT, MISS, MISS, MISS]  # then the 4 infantry: one hit
    rolls += [HIT, MISS]  # the 2 medium armor: one more
    rolls += [MISS]  # the fighter
    rolls += [HIT, HIT, MISS]  # the 3 Soviet infantry left (2 of them casualties) fire back
    script = fight(s, z["B"], rolls, rounds=1)
    assert script.rolls == []  # exactly these dice: the first-strike victim did not fire
    assert units_of(s, z["B"], "BLU") == ["infantry"]
    assert units_of(s, z["B"], "RED") == [
        "artillery",
        "fighter",
        "infantry",
        "infantry",
        "medium_armor",
        "medium_armor",
    ]
