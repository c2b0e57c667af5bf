"""Monte Carlo against exact on a battery of random battles, and its seeding.

The battles mix the rules of rules-notes/004_3g40_handbook.md §4.3-§4.4 (support,
two-hit ships, first strike, air vs subs, transports, AA fire)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from gamecore.rules import load_ruleset
from gamecore.sim.battle import BattleContext, Retreat, calculate

G40 = load_ruleset("g40")
LAND = ["infantry", "mech_infantry", "artillery", "tank", "fighter", "tactical_bomber"]
LAND_DEF = [*LAND, "aaa", "strategic_bomber"]
SEA = ["submarine", "destroyer", "cruiser", "carrier", "battleship", "transport", "fighter"]
Z999 = 3.2905267314919255  # two-sided 99.9%


def binomial_plausible(k: int, n: int, p: float, alpha: float = 1e-3) -> bool:
    """Exact two-sided binomial test: is seeing ``k`` of ``n`` plausible when the true
    probability is ``p`` (both tails at least alpha/2)? Unlike a Wilson interval it stays
    right for probabilities very near 0 or 1."""
    if p <= 0.0:
        return k == 0
    if p >= 1.0:
        return k == n
    i = np.arange(n + 1)
    lg = np.array([math.lgamma(x + 1) for x in range(n + 1)])
    logpmf = lg[n] - lg - lg[::-1] + i * math.log(p) + (n - i) * math.log1p(-p)
    pmf = np.exp(logpmf)
    return pmf[: k + 1].sum() >= alpha / 2 and pmf[k:].sum() >= alpha / 2


def battles(n: int, seed: int = 2024):
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        sea = i % 3 == 2
        pool_a, pool_d = (SEA, SEA) if sea else (LAND, LAND_DEF)

        def pick(pool):
            k = int(rng.integers(1, 4))
            return {str(t): int(rng.integers(1, 4)) for t in rng.choice(pool, k, replace=False)}

        a, d = pick(pool_a), pick(pool_d)
        if sea:  # air alone at sea needs a ship; keep every side able to be there
            for side in (a, d):
                if all(G40.units[t].domain == "air" for t in side):
                    side["destroyer"] = 1
        out.append((a, d, BattleContext(sea=sea)))
    return out


def test_exact_and_monte_carlo_agree_on_50_random_battles():
    inside95 = total = 0
    for i, (a, d, ctx) in enumerate(battles(50)):
        exact = calculate(G40, a, d, ctx, method="exact")
        mc = calculate(G40, a, d, ctx, method="monte_carlo", samples=3000, seed=i)
        assert mc.method == "monte_carlo" and mc.samples == 3000
        assert sum(exact.outcomes.values()) == pytest.approx(1.0, abs=1e-9)
        for k in ("attacker_win", "defender_win", "draw", "stalemate"):
            p = getattr(exact, k)
            lo, hi = mc.intervals[k]
            total += 1
            inside95 += lo - 1e-12 <= p <= hi + 1e-12
            seen = round(getattr(mc, k) * mc.samples)
            assert binomial_plausible(seen, mc.samples, p), (i, k, p, seen, a, d)
        for side in ("attacker", "defender"):
            lo, hi = mc.intervals[f"{side}_cost_lost"]
            e = getattr(exact, side).expected_cost_lost
            # normal interval widened to 99.9%; a sample with no spread at all (every
            # battle lost the same) still allows a "rule of three" rare difference
            half = (hi - lo) / 2 * Z999 / 1.96 + getattr(exact, side).initial_cost * 3 / 3000
            assert abs(e - (lo + hi) / 2) <= half + 1e-9, (i, side, e, (lo, hi))
    # the 95% intervals hold the exact value about 95% of the time
    assert inside95 / total >= 0.9, (inside95, total)


def test_monte_carlo_is_seeded():
    a, d = "4 infantry, 2 artillery, 1 tank", "5 infantry, 1 fighter"
    one = calculate(G40, a, d, method="monte_carlo", samples=500, seed=7)
    two = calculate(G40, a, d, method="monte_carlo", samples=500, seed=7)
    other = calculate(G40, a, d, method="monte_carlo", samples=500, seed=8)
    assert one.outcomes == two.outcomes and one.rounds == two.rounds
    assert one.outcomes != other.outcomes
    assert one.seed == 7 and "seed 7" in one.text()
    assert sum(one.rounds) == pytest.approx(1.0)


def test_monte_carlo_follows_retreat_and_bombardment_like_exact():
    ctx = BattleContext(retreat=Retreat.after(2))
    for context in (ctx, BattleContext(amphibious=True, bombard={"battleship": 1})):
        exact = calculate(G40, "2 infantry, 1 tank", "3 infantry", context, method="exact")
        mc = calculate(
            G40, "2 infantry, 1 tank", "3 infantry", context, method="monte_carlo", seed=1
        )
        for k, p in exact.outcomes.items():
            seen = round(getattr(mc, k) * mc.samples)
            assert binomial_plausible(seen, mc.samples, p), (k, p, seen)
