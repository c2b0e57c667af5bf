"""The War Game's submarines and the ships around them (seeds/002_48e3fcaf210590a5.txt
"Submarine", "Destroyer", §4.6 "Naval pass-through"; rules-notes/002 §3, §4.6): what the
war_game ruleset had inherited from the A&A submarine and destroyer and the seed does not
give them (issue #41 item 6 and the audit of item 4).

Dice are scripted: a d12 hits on a roll <= the value, so 1 always hits and 12 misses."""

from __future__ import annotations

from gamecore.engine import Action
from tests.gamecore.rules.wg_helpers import Script, attack, to_phase, wg_game


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
    # a German destroyer at 1, a British submarine at 2: the destroyer cannot sail on to 3;
    # a German submarine at 1, a British battleship at 2: the sub cannot sail past it
    for mover, blocker in (("destroyer", "submarine"), ("submarine", "battleship")):
        s, z = wg_game(
            ["A1234"],
            {"A": {"owner": "GER"}},
            [("1", "GER", mover, 1), ("2", "UK", blocker, 1)],
        )
        to_phase(s, "noncombat_move")
        assert _ends(s, z, mover) == set(), (mover, blocker)


def _sea_battle(attackers, defenders, decisions, rolls):
    """GER ``attackers`` (type, zone code) attack the British ``defenders`` at sea zone 2
    of a 2 x 3 grid (A 1 2 / B 3 4); returns the state after the fight action."""
    units = [(c, "GER", t, 1) for t, c in attackers] + [("2", "UK", t, 1) for t in defenders]
    s, z = wg_game(
        ["A12", "B34"], {"A": {"owner": "GER"}, "B": {"owner": "GER"}}, units, decisions=decisions
    )
    attack(s, z, "2")
    s.rng = Script(rolls)
    s.apply([a for a in s.legal_actions() if a.kind == "fight" and a.zone == z["2"]][0])
    return s


def test_a_defending_submarine_submerges_only_from_aircraft_alone():
    """seeds/002 "Retreat": "defending submarines may submerge and dive out of danger from
    aircraft"; "Submarine" (Submerging Subs Controlling Sea Zones): "If the attacker brings
    in any ships, including transports, the defending sub would have to retreat to another
    sea zone or engage the ships." The A&A rule let it submerge whenever no destroyer
    attacked."""
    # aircraft alone: the defender is asked before round 1
    s = _sea_battle([("fighter", "A")], ["submarine"], ("submerge",), [])
    assert s.decision is not None and s.decision.kind == "submerge"
    # a battleship: no submerging; round 1 is fought (the battleship's 1, 1 sink the sub;
    # the sub's 12 misses)
    s = _sea_battle([("battleship", "1")], ["submarine"], ("submerge",), [12, 1, 1])
    assert s.decision is None or s.decision.kind != "submerge"
    assert not [u for u in s.units.values() if u.nation == "UK"]


def test_an_attacking_submarine_never_submerges():
    """seeds/002 "Retreat" gives the submerge to defending submarines only; an attacking
    one retreats like any ship (from round 2, §4.4)."""
    s = _sea_battle([("submarine", "1")], ["transport"], ("retreat",), [12, 12])
    assert s.decision is not None and s.decision.kind == "retreat"
    assert Action.submerge() not in s.legal_actions()


def test_a_destroyer_hit_by_an_attacking_submarine_in_round_1_does_not_fire_back():
    """seeds/002 "Submarine", Attack by Stealth: "A unit hit from an attacking submarine
    on the first round of combat receives no counterattack." Nothing in the seed lets a
    destroyer cancel it (the A&A destroyer's detector did). Round 1: the sub 1 (hit); the
    destroyer is sunk and rolls nothing."""
    s = _sea_battle([("submarine", "1")], ["destroyer"], (), [1])
    assert s.rng.rolls == [] and s.rng.draws == 1
    assert sorted(u.type for u in s.units.values()) == ["submarine"]


def test_a_defending_submarine_has_no_stealth():
    """seeds/002 "Submarine": the stealth is the *attacking* submarine's ("hit from an
    attacking submarine"; rules-notes/002 §3). A battleship attacks a lone sub: both fire
    at once in round 1: the battleship 1 (its 8: hit) and 12 (its 6), the sub 1 (the
    battleship takes its first hit). As a first strike the sub's hit would have left the
    damaged battleship one die, and the battle a second round."""
    s = _sea_battle([("battleship", "1")], ["submarine"], (), [1, 12, 1])
    assert s.rng.rolls == [] and s.battle is None
    (bb,) = s.units.values()
    assert bb.type == "battleship" and bb.damage == 1


def test_the_calculator_gives_the_stealth_odds_of_a_lone_sub_against_a_lone_destroyer():
    """seeds/002 "Submarine" (as above), issue #41: the sub hits on 4 of 12, the destroyer
    on 5. Round 1: the sub's hit wins outright; a miss lets the destroyer fire (7/12 it
    misses too); from round 2 both fire at once, and the sub wins 7/36 of rounds, the
    battle goes on 14/36. So P = 1/3 + 2/3 * 7/12 * (7/36) / (1 - 14/36) = 0.457."""
    from gamecore.sim.battle import calculate

    r = calculate("war_game", {"submarine": 1}, {"destroyer": 1}, method="exact")
    want = 1 / 3 + 2 / 3 * 7 / 12 * (7 / 36) / (1 - 14 / 36)
    assert abs(r.attacker_win - want) < 1e-9 and round(want, 3) == 0.457
