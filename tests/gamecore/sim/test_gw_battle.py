"""The battle calculator on Global War's round-1 combat rules, by hand and against the
engine's own dice (seeds/000_8004ae29f2fa7391.txt T 9-1, T 9-2, §12.7, §1.16, §1.23, §9.2;
rules-notes/000 §4.4, §4.9). D12: a unit hits on a roll <= its value."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from gamecore.cli import main
from gamecore.rules import load_ruleset
from gamecore.sim.battle import BattleContext, BattleError, calculate
from tests.gamecore.rules.test_gw_combat import setup

RUNS = 300


@pytest.fixture(scope="module")
def gw():
    return load_ruleset("global_war")


def duel(pa: float, pd: float) -> tuple[float, float, float]:
    """One unit against one, both firing each round: P(attacker wins, defender wins, both
    die) when the battle is fought to the end."""
    a, d, b = pa * (1 - pd), (1 - pa) * pd, pa * pd
    end = a + d + b
    return a / end, d / end, b / end


def test_artillery_first_strike_round_one_then_together_table_9_1(gw):
    # T 9-1 / T 9-2 step 1: round 1, the artillery (3) fires first and its victim does not
    # fire back; from round 2 both fire together
    res = calculate(gw, {"artillery": 1}, {"infantry": 1})
    pa, pd = 3 / 12, 4 / 12
    w, lose, both = duel(pa, pd)
    stay = (1 - pa) * (1 - pd)
    assert res.attacker_win == pytest.approx(pa + stay * w)
    assert res.defender_win == pytest.approx((1 - pa) * pd + stay * lose)
    assert res.draw == pytest.approx(stay * both)
    # every-round first strike (the g40 way) is a different battle
    every = calculate(
        gw.with_options({"first_strike_rounds": 0}), {"artillery": 1}, {"infantry": 1}
    )
    assert every.attacker_win == pytest.approx(pa / (1 - (1 - pa) * (1 - pd)))
    assert every.draw == 0.0


def test_both_first_strikers_fire_together(gw):
    res = calculate(gw, {"artillery": 1}, {"artillery": 1}, BattleContext(max_rounds=1))
    p = 3 / 12
    assert res.draw == pytest.approx(p * p)


def test_air_superiority_round_one_table_9_1(gw):
    # one round: the fighter's hit (6 in 12) must take the defending fighter, not the
    # cheaper infantry
    ctx = BattleContext(max_rounds=1)
    res = calculate(gw, {"fighter": 1}, {"fighter": 1, "infantry": 1}, ctx)
    surv = res.defender.expected_survivors
    assert surv["fighter"] == pytest.approx(0.5) and surv["infantry"] == pytest.approx(1.0)
    off = calculate(
        gw.with_options({"air_superiority_rounds": 0}),
        {"fighter": 1},
        {"fighter": 1, "infantry": 1},
        ctx,
    )
    surv = off.defender.expected_survivors
    assert surv["fighter"] == pytest.approx(1.0) and surv["infantry"] == pytest.approx(0.5)
    # round 2 is ordinary: with two rounds the second hit goes by casualty order
    two = calculate(gw, {"fighter": 1}, {"infantry": 2}, BattleContext(max_rounds=2))
    assert two.defender.expected_survivors["infantry"] < 2.0


def test_fortified_border_first_strike_and_plus_two_section_12_7(gw):
    # round 1: two first-strike rolls at 5 (the armor dies before firing with 1 - (7/12)^2),
    # then armor 6 against infantry 4 + 2; later rounds 6 against 4
    res = calculate(gw, {"medium_armor": 1}, {"infantry": 1}, BattleContext(borders=("fortified",)))
    q = 1 - (7 / 12) ** 2
    pa1, pd1 = 6 / 12, 6 / 12
    w, _, _ = duel(6 / 12, 4 / 12)
    want = (1 - q) * (pa1 * (1 - pd1) + (1 - pa1) * (1 - pd1) * w)
    assert res.attacker_win == pytest.approx(want)


def test_city_and_surrounded_city_section_1_16(gw):
    plain = calculate(gw, {"medium_armor": 1}, {"infantry": 1}, BattleContext(city="city"))
    assert plain.attacker_win == pytest.approx(duel(6 / 12, 5 / 12)[0])
    sur = calculate(gw, {"medium_armor": 1}, {"infantry": 1}, BattleContext(city="surrounded"))
    assert sur.attacker_win == pytest.approx(duel(6 / 12, 3 / 12)[0])
    with pytest.raises(BattleError, match="no city terrain"):
        calculate("g40", {"infantry": 1}, {"infantry": 1}, BattleContext(city="city"))


def test_maginot_double_casualties_section_9_2_and_1_23(gw):
    # one round, 2 infantry against 1 across the Maginot Line: any of its two first-strike
    # dice at 6 takes both attackers (double casualties); else the defender (4 + 3) does
    # on a 7 or less. Both attackers live through it: (1/2)^2 * 5/12
    ctx = BattleContext(borders=("maginot",), max_rounds=1)
    res = calculate(gw, {"infantry": 2}, {"infantry": 1}, ctx)
    assert res.attacker.expected_survivors["infantry"] == pytest.approx(2 * 0.25 * 5 / 12)
    assert res.approximations == ()


def test_g40_calculator_unchanged_submarine_every_round():
    # g40 subs strike first in every round: 1 sub vs 1 destroyer-less cruiser
    res = calculate("g40", {"submarine": 1}, {"cruiser": 1})
    pa, pd = 2 / 6, 3 / 6
    assert res.attacker_win == pytest.approx(pa / (1 - (1 - pa) * (1 - pd)))


def test_cli_city_flag(capsys):
    import json

    code = main(
        [
            "battle",
            "--ruleset",
            "global_war",
            "--json",
            "--attacker",
            "1 medium armor",
            "--defender",
            "1 infantry",
            "--city",
            "city",
            "--border",
            "fortified",
        ]
    )
    out = capsys.readouterr()
    assert code == 0, out.err
    data = json.loads(out.out)
    assert data["method"] == "exact" and 0 < data["outcomes"]["attacker_win"] < 1


# ---------------------------------------------------------------------------- engine dice
def plausible(k: int, n: int, p: float, z: float = 3.2905) -> bool:
    """k of n within a 99.9% normal interval around p."""
    sd = math.sqrt(max(p * (1 - p), 1e-9) / n)
    return abs(k / n - p) <= z * sd + 0.5 / n


CASES = {
    "artillery_fighters_fortification_city": dict(
        # no vehicle attacks: the city's target selection (T 9-1) has nothing to pick
        attackers=[("infantry", 4), ("artillery", 1), ("fighter", 1)],
        defenders=[("infantry", 2), ("artillery", 1), ("fighter", 1)],
        rows=("ABC",),
        zones={"B": {"flags": ["city"]}, "C": {"owner": "BLU"}},
        border={"fortified": True},
        ctx=BattleContext(city="city", borders=("fortified",)),
    ),
    "maginot_line": dict(
        attackers=[("infantry", 4), ("artillery", 1), ("fighter", 1)],
        defenders=[("infantry", 2)],
        border_props={"maginot": True},
        ctx=BattleContext(borders=("maginot",)),
    ),
    "artillery_mountain_river": dict(
        attackers=[("infantry", 3), ("artillery", 2), ("medium_armor", 1)],
        defenders=[("infantry", 3), ("mountain_infantry", 1)],
        zones={"B": {"terrain": "mountain"}},
        border={"river": True},
        ctx=BattleContext(terrain="mountain", borders=("river",)),
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_engine_dice_match_the_calculator(case):
    spec = dict(CASES[case])
    ctx = spec.pop("ctx")
    s, z = setup(spec.pop("attackers"), spec.pop("defenders"), **spec)
    tz = z["B"]
    lineup = {
        n: dict(Counter(s.units[u].type for u in s.units_in(tz) if s.units[u].nation == n))
        for n in ("RED", "BLU")
    }
    seen = Counter()
    for k in range(RUNS):
        c = s.clone(reseed=40_000 + k, keep_log=False)
        act = [a for a in c.legal_actions() if a.kind == "fight" and a.zone == tz]
        c.apply(act[0])
        red = any(c.units[u].nation == "RED" for u in c.units_in(tz))
        blu = any(c.units[u].nation == "BLU" for u in c.units_in(tz))
        seen["attacker_win" if red and not blu else "defender_win" if blu and not red else "x"] += 1
    res = calculate("global_war", lineup["RED"], lineup["BLU"], ctx)
    assert res.method == "exact"
    for k in ("attacker_win", "defender_win"):
        p = getattr(res, k)
        assert plausible(seen[k], RUNS, p), (case, k, seen[k] / RUNS, p)
    assert 0.05 < res.attacker_win < 0.95


def test_target_selection_is_named_as_left_out(gw):
    # T 9-1 target selection is not modelled by the calculator: it says so
    res = calculate(gw, {"tactical_bomber": 1}, {"infantry": 1})
    assert any("target selection" in a for a in res.approximations)
    assert "approximate: target selection" in res.text()
    assert calculate(gw, {"fighter": 1}, {"infantry": 1}).approximations == ()


def test_desert_breakdown_is_named_as_left_out(gw):
    res = calculate(gw, {"medium_armor": 1}, {"infantry": 1}, BattleContext(terrain="desert"))
    assert any("desert breakdown" in a for a in res.approximations)
    inf = calculate(gw, {"infantry": 1}, {"infantry": 1}, BattleContext(terrain="desert"))
    assert inf.approximations == ()


def test_amphibious_round_one_is_named_as_left_out(gw):
    res = calculate(
        gw, {"infantry": 2, "artillery": 1}, {"infantry": 1}, BattleContext(amphibious=True)
    )
    assert any("amphibious round 1" in a for a in res.approximations)
    assert any("double casualties" in a for a in res.approximations)


def test_bombardment_is_first_strike_in_global_war(gw):
    # §9.9: a bombardment victim does not fire back: 1 marine against 1 infantry with a
    # battleship (4) bombarding
    ctx = BattleContext(amphibious=True, bombard={"battleship": 1})
    res = calculate(gw, {"marine": 1}, {"infantry": 1}, ctx)
    pb = 4 / 12
    w, _, _ = duel(2 / 12, 4 / 12)
    assert res.attacker_win == pytest.approx(pb + (1 - pb) * w)


def test_monte_carlo_agrees_with_exact_on_round_one_rules(gw):
    # the two methods share the fire tables; the round-1 stages must be followed by both
    a = {"infantry": 3, "artillery": 2, "fighter": 1}
    d = {"infantry": 3, "fighter": 1, "artillery": 1}
    ctx = BattleContext(borders=("fortified",), city="city")
    ex = calculate(gw, a, d, ctx, method="exact")
    mc = calculate(gw, a, d, ctx, method="monte_carlo", samples=20_000, seed=3)
    for k in ("attacker_win", "defender_win"):
        lo, hi = mc.intervals[k]
        assert lo - 0.01 <= getattr(ex, k) <= hi + 0.01, (k, getattr(ex, k), lo, hi)
