"""The War Game's submarines and the ships around them (seeds/002_48e3fcaf210590a5.txt
"Submarine", "Destroyer", §4.6 "Naval pass-through"; rules-notes/002 §3, §4.6): what the
war_game ruleset had inherited from the A&A submarine and destroyer and the seed does not
give them (issue #41 item 6 and the audit of item 4).

Dice are scripted: a d12 hits on a roll <= the value, so 1 always hits and 12 misses."""

from __future__ import annotations

from tests.gamecore.rules.wg_helpers import to_phase, wg_game


def _ends(s, z, typ, nation="GER"):
    """Sea zones (codes) the nation's ``typ`` may end a move in now."""
    code = {v: k for k, v in z.items()}
    return {
        code[a.path[-1]]
        for a in s.legal_actions()
        if a.kind == "move"
        and all(s.units[u].type == typ and s.units[u].nation == nation for u in a.units)
    }


def test_an_enemy_submarine_stops_ships_and_a_submarine_is_stopped_like_any_ship():
    """seeds/002 §4.6 "Only combat ships force a pass-through. Attacking navies can speed
    right by transports", and "Submarine" names the combat ships: "battleship, destroyer,
    aircraft carrier, or submarine". So an enemy submarine stops a fleet as a destroyer
    does, and a submarine sails past enemy warships no more than any ship (the A&A
    submarine passed every zone without an enemy destroyer, and stopped nobody)."""
    # a German destroyer at 1, a British submarine at 2: the destroyer cannot sail on to 3
    s, z = wg_game(
        ["A1234"],
        {"A": {"owner": "GER"}},
        [("1", "GER", "destroyer", 1), ("2", "UK", "submarine", 1)],
    )
    to_phase(s, "noncombat_move")
    assert _ends(s, z, "destroyer") == set()
    # a German submarine at 1, a British battleship at 2: the sub cannot sail past it
    s, z = wg_game(
        ["A1234"],
        {"A": {"owner": "GER"}},
        [("1", "GER", "submarine", 1), ("2", "UK", "battleship", 1)],
    )
    to_phase(s, "noncombat_move")
    assert _ends(s, z, "submarine") == set()
