"""The battle calculator on The War Game (seeds/002): units rolling several dice
("Battleship": 8 and 6, damaged only 8), fire modes ("Bomber": bombs 8, 8 on land or sea,
or guns 2 on anything), defending artillery firing at aircraft first ("Artillery").
Exact results are checked against Monte Carlo and against the engine itself."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from gamecore.engine import Action, new_game
from gamecore.engine.testmaps import zone_ids
from gamecore.sim.battle import BattleContext, BattleError, calculate
from tests.gamecore.rules.wg_helpers import wg_pack


def close(exact, mc, n):
    sd = math.sqrt(max(exact * (1 - exact), 1e-9) / n)
    return abs(exact - mc) <= 4 * sd + 1e-3


@pytest.mark.parametrize(
    "att, dfn, ctx",
    [
        ({"battleship": 1}, {"battleship": 1}, {}),
        ({"battleship": 2, "submarine": 1}, {"battleship": 1, "destroyer": 2}, {}),
        ({"bomber": 2, "infantry": 2}, {"infantry": 3, "artillery": 1}, {}),
        (
            {"bomber": 2, "fighter": 1},
            {"fighter": 2, "infantry": 1},
            {"fire_modes": {"bomber": "guns"}},
        ),
        ({"fighter": 2, "armor": 1}, {"artillery": 2}, {}),
    ],
)
def test_exact_agrees_with_monte_carlo(att, dfn, ctx):
    c = BattleContext(**ctx)
    ex = calculate("war_game", att, dfn, c, method="exact")
    mc = calculate("war_game", att, dfn, c, method="monte_carlo", samples=20_000, seed=5)
    for k in ("attacker_win", "defender_win"):
        assert close(ex.outcomes[k], mc.outcomes[k], 20_000), (k, ex.outcomes, mc.outcomes)


def test_a_battleship_duel_by_hand():
    """One round of BB vs BB, by hand: a fresh battleship scores 0, 1 or 2 hits with dice
    at 8 and 6 on a d12; two hits sink it. P(attacker sinks the defender in round 1 and
    is not sunk) = P(2 hits) * P(< 2 hits)."""
    p2 = (8 / 12) * (6 / 12)
    res = calculate("war_game", {"battleship": 1}, {"battleship": 1}, method="exact")
    assert res.method == "exact"
    # over the whole battle the two sides are symmetric except that nobody retreats
    assert res.outcomes["attacker_win"] == pytest.approx(res.outcomes["defender_win"])
    assert res.outcomes["attacker_win"] > p2 * (1 - p2) - 1e-9


def test_bombs_cannot_hit_aircraft_guns_can():
    """seeds/002 "Bomber": bombs hit only land or sea units; guns hit anything."""
    bombs = calculate(
        "war_game", {"bomber": 1}, {"fighter": 1}, BattleContext(fire_modes={"bomber": "bombs"})
    )
    guns = calculate(
        "war_game", {"bomber": 1}, {"fighter": 1}, BattleContext(fire_modes={"bomber": "guns"})
    )
    assert bombs.outcomes["attacker_win"] == 0.0
    assert guns.outcomes["attacker_win"] > 0.0
    default = calculate("war_game", {"bomber": 1}, {"fighter": 1})
    assert default.outcomes == guns.outcomes  # the default policy picks guns here


def test_unknown_fire_mode_is_a_one_line_error():
    with pytest.raises(BattleError, match="no fire mode 'napalm'"):
        calculate(
            "war_game",
            {"bomber": 1},
            {"infantry": 1},
            BattleContext(fire_modes={"bomber": "napalm"}),
        )


def test_defending_artillery_air_first_helps_the_infantry():
    """seeds/002 "Artillery": defending artillery hits go to aircraft first."""
    air = calculate("war_game", {"fighter": 1, "infantry": 3}, {"artillery": 2}, method="exact")
    land = calculate(
        "war_game",
        {"fighter": 1, "infantry": 3},
        {"artillery": 2},
        BattleContext(defender_fire_modes={"artillery": "land"}),
        method="exact",
    )
    assert air.outcomes != land.outcomes
    # the fighter survives less often when the artillery shoots at it first
    assert air.attacker.expected_survivors["fighter"] < land.attacker.expected_survivors["fighter"]


@pytest.mark.parametrize(
    "att, dfn",
    [
        ([("battleship", 1)], [("battleship", 1), ("destroyer", 1)]),
        ([("bomber", 1), ("infantry", 1)], [("infantry", 2)]),
    ],
)
def test_the_engine_agrees_with_the_calculator(att, dfn):
    """The engine's dice resolver fought 300 times must be a plausible draw from the
    calculator's exact win chance."""
    sea = att[0][0] == "battleship"
    rows = ["A12"] if sea else ["AB"]
    src, dst = ("1", "2") if sea else ("A", "B")
    units = [(src, "GER", t, n) for t, n in att] + [(dst, "UK", t, n) for t, n in dfn]
    zones = {"A": {"owner": "GER"}} if sea else {"A": {"owner": "GER"}, "B": {"owner": "UK"}}
    pack = wg_pack(rows, zones, units)
    z = zone_ids(pack)
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    while s.phase != "combat_move":
        s.apply(Action.end_phase())
    while s.phase == "combat_move":
        mv = [a for a in s.legal_actions() if a.kind == "move" and a.path[-1] == z[dst]]
        if not mv:
            s.apply(Action.end_phase())
            break
        s.apply(max(mv, key=lambda a: len(a.units)))
    wins = Counter()
    runs = 300
    for k in range(runs):
        c = s.clone(reseed=500 + k, keep_log=False)
        c.apply([a for a in c.legal_actions() if a.kind == "fight"][0])
        ger = any(c.units[u].nation == "GER" for u in c.units_in(z[dst]))
        uk = any(c.units[u].nation == "UK" for u in c.units_in(z[dst]))
        wins["att" if ger and not uk else "def" if uk and not ger else "none"] += 1
    res = calculate("war_game", dict(att), dict(dfn), method="exact")
    p = res.outcomes["attacker_win"]
    sd = math.sqrt(max(p * (1 - p), 1e-9) / runs)
    assert abs(wins["att"] / runs - p) <= 3.3 * sd + 0.5 / runs, (wins, res.outcomes)


def test_warroom_battle_takes_fire_modes(capsys):
    from gamecore.cli import main

    assert (
        main(
            [
                "battle",
                "--ruleset",
                "war_game",
                "--attacker",
                "1 bomber",
                "--defender",
                "1 fighter",
                "--fire-mode",
                "bomber=bombs",
                "--json",
            ]
        )
        == 0
    )
    import json

    out = json.loads(capsys.readouterr().out)
    assert out["outcomes"]["attacker_win"] == 0.0  # bombs never hit aircraft
    assert (
        main(
            [
                "battle",
                "--ruleset",
                "war_game",
                "--attacker",
                "1 bomber",
                "--defender",
                "1 fighter",
                "--fire-mode",
                "bomber",
            ]
        )
        == 2
    )
    assert "expected TYPE=MODE" in capsys.readouterr().err


def test_support_shots_by_hand():
    """seeds/002 "Artillery" (rules-notes/002 §3): a gun next door fires once before
    round 1 (5 on a d12); its victim still fires in round 1 (infantry defends at 4), then
    is gone. One infantry against one: with the gun's hit the battle ends after round 1,
    a draw when the doomed defender hits back; without it, the plain battle."""
    plain = calculate("war_game", {"infantry": 1}, {"infantry": 1}, method="exact")
    ctx = BattleContext(support_fire={"artillery": 1})
    res = calculate("war_game", {"infantry": 1}, {"infantry": 1}, ctx, method="exact")
    hit = 5 / 12
    want_win = hit * (8 / 12) + (1 - hit) * plain.outcomes["attacker_win"]
    want_draw = hit * (4 / 12) + (1 - hit) * plain.outcomes["draw"]
    assert res.outcomes["attacker_win"] == pytest.approx(want_win, abs=1e-12)
    assert res.outcomes["draw"] == pytest.approx(want_draw, abs=1e-12)
    assert not res.approximations
    mc = calculate(
        "war_game", {"infantry": 1}, {"infantry": 1}, ctx, method="monte_carlo", samples=20_000
    )
    assert close(res.outcomes["attacker_win"], mc.outcomes["attacker_win"], 20_000)
    with pytest.raises(BattleError, match="support shots"):
        calculate(
            "war_game", {"infantry": 1}, {"infantry": 1}, BattleContext(support_fire={"armor": 1})
        )


def test_the_engine_agrees_with_the_calculator_on_support_shots():
    """Two infantry cross from A into B; the artillery left in A fires its support shot
    (seeds/002 "Artillery"). The engine fought 300 times must be a plausible draw from
    the calculator's exact win chance with the gun as ``support_fire``."""
    pack = wg_pack(
        ["AB"],
        {"A": {"owner": "GER"}, "B": {"owner": "UK"}},
        [("A", "GER", "infantry", 2), ("A", "GER", "artillery", 1), ("B", "UK", "infantry", 2)],
    )
    z = zone_ids(pack)
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    while s.phase != "combat_move":
        s.apply(Action.end_phase())
    inf = {u for u in s.units_in(z["A"]) if s.units[u].type == "infantry"}
    mv = [
        a
        for a in s.legal_actions()
        if a.kind == "move" and a.path[-1] == z["B"] and set(a.units) == inf
    ]
    s.apply(mv[0])
    while s.phase == "combat_move":
        s.apply(Action.end_phase())
    wins = Counter()
    runs = 300
    for k in range(runs):
        c = s.clone(reseed=900 + k, keep_log=False)
        c.apply([a for a in c.legal_actions() if a.kind == "fight"][0])
        ger = any(c.units[u].nation == "GER" for u in c.units_in(z["B"]))
        uk = any(c.units[u].nation == "UK" for u in c.units_in(z["B"]))
        wins["att" if ger and not uk else "def" if uk and not ger else "none"] += 1
    ctx = BattleContext(support_fire={"artillery": 1})
    res = calculate("war_game", {"infantry": 2}, {"infantry": 2}, ctx, method="exact")
    plain = calculate("war_game", {"infantry": 2}, {"infantry": 2}, method="exact")
    assert res.outcomes["attacker_win"] > plain.outcomes["attacker_win"] + 0.05
    p = res.outcomes["attacker_win"]
    sd = math.sqrt(max(p * (1 - p), 1e-9) / runs)
    assert abs(wins["att"] / runs - p) <= 3.3 * sd + 0.5 / runs, (wins, res.outcomes)
