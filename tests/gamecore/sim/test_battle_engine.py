"""The calculator against the real engine: the same battle set up on a toy map and
resolved by the engine's dice resolver (gamecore.rules.combat) a few hundred times with
different seeds; the engine's win frequency must be a plausible draw from the
calculator's exact probability. This keeps the two implementations of the rules honest
(rules-notes/004_3g40_handbook.md §4.3 combat, §4.4 AA fire; seeds/004 "Summary of
play")."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from gamecore.engine import Action, new_game
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.sim.battle import calculate

TWO = {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}}
RUNS = 400


def engine_outcomes(rows, zones, units, target: str, runs: int = RUNS):
    """Move every RED unit that can into ``target`` and let the engine fight there
    ``runs`` times (decisions off: no retreat, the ruleset's casualty profile)."""
    pack = grid_pack(rows, zones, TWO, units)
    z = zone_ids(pack)
    tz = z[target]
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    while s.phase == "combat_move":
        mv = [a for a in s.legal_actions() if a.kind == "move" and a.path[-1] == tz]
        if not mv:
            break
        s.apply(max(mv, key=lambda a: len(a.units)))
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    assert s.phase == "combat"
    lineup = {
        n: dict(Counter(s.units[u].type for u in s.units_in(tz) if s.units[u].nation == n))
        for n in ("RED", "BLU")
    }
    seen = Counter()
    for k in range(runs):
        c = s.clone(reseed=10_000 + k, keep_log=False)
        fight = [a for a in c.legal_actions() if a.kind == "fight" and a.zone == tz]
        c.apply(fight[0])
        assert c.battle is None  # fought to the end
        red = any(c.units[u].nation == "RED" for u in c.units_in(tz))
        blu = any(c.units[u].nation == "BLU" for u in c.units_in(tz))
        seen[
            "attacker_win" if red and not blu else "defender_win" if blu and not red else "other"
        ] += 1
    return lineup, seen


def plausible(k: int, n: int, p: float, z: float = 3.2905) -> bool:
    """k of n within a 99.9% normal interval around p (n is a few hundred)."""
    sd = math.sqrt(max(p * (1 - p), 1e-9) / n)
    return abs(k / n - p) <= z * sd + 0.5 / n


CASES = {
    # support, AA fire at the fighter, the attacker keeps its tank for last
    "land": (
        ["AB"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}},
        [
            ("A", "RED", "infantry", 3),
            ("A", "RED", "artillery", 1),
            ("A", "RED", "tank", 1),
            ("A", "RED", "fighter", 1),
            ("B", "BLU", "infantry", 3),
            ("B", "BLU", "aaa", 1),
            ("B", "BLU", "tank", 1),
        ],
        "B",
    ),
    # first strike, a destroyer on both sides, two-hit ships, a transport taken last
    "sea": (
        ["A12"],
        {"A": {"owner": "RED"}},
        [
            ("A", "RED", "fighter", 1),
            ("1", "RED", "submarine", 2),
            ("1", "RED", "destroyer", 1),
            ("1", "RED", "battleship", 1),
            ("2", "BLU", "submarine", 1),
            ("2", "BLU", "destroyer", 2),
            ("2", "BLU", "carrier", 1),
            ("2", "BLU", "transport", 1),
        ],
        "2",
    ),
    # submarines' surprise strike (no destroyer against them), a transport taken last
    "subs": (
        ["A12"],
        {"A": {"owner": "RED"}},
        [
            ("1", "RED", "submarine", 3),
            ("2", "BLU", "cruiser", 2),
            ("2", "BLU", "transport", 1),
        ],
        "2",
    ),
    # the same with a destroyer: the subs fire with everyone else
    "subs_vs_destroyer": (
        ["A12"],
        {"A": {"owner": "RED"}},
        [("1", "RED", "submarine", 3), ("2", "BLU", "cruiser", 1), ("2", "BLU", "destroyer", 1)],
        "2",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_engine_win_frequency_matches_the_exact_odds(name):
    rows, zones, units, target = CASES[name]
    lineup, seen = engine_outcomes(rows, zones, units, target)
    res = calculate("g40", lineup["RED"], lineup["BLU"])
    assert res.method == "exact"
    n = sum(seen.values())
    for k in ("attacker_win", "defender_win"):
        p = getattr(res, k)
        assert plausible(seen[k], n, p), (name, k, seen[k] / n, p, lineup)
    assert 0.05 < res.attacker_win < 0.95  # a battle whose outcome is in doubt


def test_battle_from_a_game_state_for_the_bots():
    from gamecore.sim.battle.gamestate import battle_from_state

    rows, zones, units, target = CASES["land"]
    pack = grid_pack(rows, zones, TWO, units)
    z = zone_ids(pack)
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    mine = [u for u in s.units.values() if u.nation == "RED"]
    att, dfn, ctx = battle_from_state(s, z[target], mine)
    assert att == {"infantry": 3, "artillery": 1, "tank": 1, "fighter": 1}
    assert dfn == {"infantry": 3, "aaa": 1, "tank": 1}
    assert ctx.sea is False and ctx.attacker_nation == "RED" and ctx.defender_nation == "BLU"
    res = calculate(s.rules, att, dfn, ctx)
    assert res.attacker_win == pytest.approx(calculate("g40", att, dfn).attacker_win)
    # a damaged battleship stays damaged
    rows, zones, units, target = CASES["sea"]
    pack = grid_pack(rows, zones, TWO, units)
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    bb = next(u for u in s.units.values() if u.type == "battleship")
    s.units[bb.id] = bb._replace(damage=1)
    mine = [u for u in s.units.values() if u.nation == "RED"]
    att, dfn, ctx = battle_from_state(s, zone_ids(pack)[target], mine)
    assert ctx.sea and ctx.attacker_damaged == {"battleship": 1}
    assert (
        calculate(s.rules, att, dfn, ctx).attacker_win < calculate(s.rules, att, dfn).attacker_win
    )
