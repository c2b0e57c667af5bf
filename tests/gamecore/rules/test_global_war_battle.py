"""The battle calculator on the global_war ruleset: D12 battles with zone terrain (every
round) and border terrain (round 1 only), checked by hand and against the engine's own
dice (seeds/000_8004ae29f2fa7391.txt §0.3, §1.7, §1.8, §1.12; rules-notes/000 §1.4)."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest

from gamecore.cli import main
from gamecore.engine import Action, new_game
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.model import Border
from gamecore.sim.battle import BattleContext, calculate

TWO = {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}}
RUNS = 300


def battle_cli(capsys, *argv) -> dict:
    code = main(["battle", "--ruleset", "global_war", "--json", *argv])
    out = capsys.readouterr()
    assert code == 0, out.err
    return json.loads(out.out)


def test_cli_d12_mountain_one_against_one(capsys):
    # §1.8: the attacking infantry's 2 becomes 1 in a mountain zone on every round; the
    # defending Mountain Infantry's 4 becomes 5. Per round (D12, hit on roll <= value):
    # only the attacker hits 1/12 * 7/12, only the defender 11/12 * 5/12, both 5/144.
    data = battle_cli(
        capsys,
        "--attacker",
        "1 infantry",
        "--defender",
        "1 mountain_infantry",
        "--terrain",
        "mountain",
    )
    assert data["dice"] == 12 and data["method"] == "exact"
    a, d, both = 7 / 144, 55 / 144, 5 / 144
    end = a + d + both
    assert data["outcomes"]["attacker_win"] == pytest.approx(a / end)
    assert data["outcomes"]["defender_win"] == pytest.approx(d / end)
    assert data["outcomes"]["draw"] == pytest.approx(both / end)


def test_cli_border_terrain_counts_in_round_one_only(capsys):
    # §1.7: crossing mountains to reach the roundel: -1 in round 1 only. Armor 6 -> 5 in
    # round 1, then 6; the defending infantry 4.
    data = battle_cli(
        capsys,
        "--attacker",
        "1 medium_armor",
        "--defender",
        "1 infantry",
        "--border-terrain",
        "mountain",
    )
    r1 = {"a": 5 / 12 * 8 / 12, "d": 7 / 12 * 4 / 12, "b": 5 / 12 * 4 / 12}
    rn = {"a": 6 / 12 * 8 / 12, "d": 6 / 12 * 4 / 12, "b": 6 / 12 * 4 / 12}
    stay1 = 1 - sum(r1.values())
    endn = sum(rn.values())
    want = r1["a"] + stay1 * rn["a"] / endn
    assert data["outcomes"]["attacker_win"] == pytest.approx(want)
    zone_wide = battle_cli(
        capsys, "--attacker", "1 medium_armor", "--defender", "1 infantry", "--terrain", "mountain"
    )
    plain = battle_cli(capsys, "--attacker", "1 medium_armor", "--defender", "1 infantry")
    assert (
        zone_wide["outcomes"]["attacker_win"]
        < data["outcomes"]["attacker_win"]
        < plain["outcomes"]["attacker_win"]
    )


def engine_outcomes(terrain: str, border: dict, units, runs: int = RUNS):
    pack = grid_pack(
        ["AB"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU", "terrain": terrain}},
        TWO,
        units,
        ruleset="global_war",
    )
    z = zone_ids(pack)
    tz = z["B"]
    if border:
        a, b = sorted((z["A"], z["B"]))
        pack.map.borders[(a, b)] = Border(a, b, **border)
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    while s.phase == "combat_move":
        mv = [a for a in s.legal_actions() if a.kind == "move" and a.path[-1] == tz]
        if not mv:
            break
        s.apply(max(mv, key=lambda a: len(a.units)))
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    lineup = {
        n: dict(Counter(s.units[u].type for u in s.units_in(tz) if s.units[u].nation == n))
        for n in ("RED", "BLU")
    }
    seen = Counter()
    for k in range(runs):
        c = s.clone(reseed=20_000 + k, keep_log=False)
        fight = [a for a in c.legal_actions() if a.kind == "fight" and a.zone == tz]
        c.apply(fight[0])
        red = any(c.units[u].nation == "RED" for u in c.units_in(tz))
        blu = any(c.units[u].nation == "BLU" for u in c.units_in(tz))
        seen["attacker_win" if red and not blu else "defender_win" if blu and not red else "x"] += 1
    return lineup, seen


def plausible(k: int, n: int, p: float, z: float = 3.2905) -> bool:
    """k of n within a 99.9% normal interval around p."""
    sd = math.sqrt(max(p * (1 - p), 1e-9) / n)
    return abs(k / n - p) <= z * sd + 0.5 / n


UNITS = [
    ("A", "RED", "infantry", 3),
    ("A", "RED", "artillery", 1),
    ("A", "RED", "medium_armor", 2),
    ("B", "BLU", "infantry", 3),
    ("B", "BLU", "mountain_infantry", 1),
]


@pytest.mark.parametrize(
    "terrain, border, ctx",
    [
        ("mountain", {}, BattleContext(terrain="mountain")),
        ("clear", {"river": True}, BattleContext(border_terrain=("river",))),
    ],
    ids=["mountain_zone", "river_border"],
)
def test_engine_dice_match_the_calculator(terrain, border, ctx):
    lineup, seen = engine_outcomes(terrain, border, UNITS)
    res = calculate("global_war", lineup["RED"], lineup["BLU"], ctx)
    assert res.method == "exact"
    n = sum(seen.values())
    for k in ("attacker_win", "defender_win"):
        p = getattr(res, k)
        assert plausible(seen[k], n, p), (terrain, k, seen[k] / n, p)
    assert 0.05 < res.attacker_win < 0.95
