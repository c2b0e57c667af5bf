"""Battle calculator figures (issue #10).

- ``exact_20v20_ms``: the exact odds of a 20-against-20 mixed land battle (8 infantry,
  4 artillery, 5 tanks, 2 fighters, 1 bomber against 12 infantry, 2 artillery, 4 tanks,
  2 fighters), a whole ``calculate`` call each time (parsing, state spaces, solve,
  result); goal <= 5 ms.
- ``mc_10000_ms``: 10,000 Monte Carlo battles of the same; goal <= 100 ms.
- ``mc_200_ms`` and ``exact_over_mc200``: our own 200-run Monte Carlo estimate (what
  TripleA's calculator runs by default) and the ratio of the exact time to it; also how
  far 200 runs land from the exact answer (``mc_200_max_error_pp``, worst over 20 seeds).

Times are medians (and the best) of repeated runs on a warm interpreter. The ``*_cpu_ms``
figures are processor time per call (``time.process_time``), which a busy machine's
waiting does not inflate; ``load_average`` says how busy the machine was.
"""

from __future__ import annotations

import os
import statistics
import time

from gamecore.rules import load_ruleset
from gamecore.sim.battle import calculate

ATTACKERS = {"infantry": 8, "artillery": 4, "tank": 5, "fighter": 2, "strategic_bomber": 1}
DEFENDERS = {"infantry": 12, "artillery": 2, "tank": 4, "fighter": 2}


def _times(fn, n: int) -> tuple[list[float], float]:
    """Wall times of ``n`` calls (ms) and the mean processor time per call (ms)."""
    out = []
    cpu = time.process_time()
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000.0)
    return out, (time.process_time() - cpu) * 1000.0 / n


def run() -> dict:
    rules = load_ruleset("g40")
    exact = calculate(rules, ATTACKERS, DEFENDERS, method="exact")
    for _ in range(3):  # warm caches of numpy and the ruleset
        calculate(rules, ATTACKERS, DEFENDERS)
        calculate(rules, ATTACKERS, DEFENDERS, method="monte_carlo", samples=200, seed=0)
    t_exact, cpu_exact = _times(lambda: calculate(rules, ATTACKERS, DEFENDERS, method="exact"), 40)
    t_mc, cpu_mc = _times(
        lambda: calculate(rules, ATTACKERS, DEFENDERS, method="monte_carlo", samples=10_000),
        10,
    )
    seeds = iter(range(1, 10_000))
    t_200, cpu_200 = _times(
        lambda: calculate(
            rules, ATTACKERS, DEFENDERS, method="monte_carlo", samples=200, seed=next(seeds)
        ),
        40,
    )
    worst = 0.0
    for seed in range(20):
        r = calculate(rules, ATTACKERS, DEFENDERS, method="monte_carlo", samples=200, seed=seed)
        for k, p in exact.outcomes.items():
            worst = max(worst, abs(getattr(r, k) - p))
    med_exact = statistics.median(t_exact)
    med_200 = statistics.median(t_200)
    return {
        "exact_20v20_ms": round(med_exact, 3),
        "exact_20v20_best_ms": round(min(t_exact), 3),
        "exact_20v20_cpu_ms": round(cpu_exact, 3),
        "exact_states": list(exact.states),
        "exact_attacker_win": round(exact.attacker_win, 6),
        "exact_defender_win": round(exact.defender_win, 6),
        "exact_draw": round(exact.draw, 6),
        "mc_10000_ms": round(statistics.median(t_mc), 3),
        "mc_10000_best_ms": round(min(t_mc), 3),
        "mc_10000_cpu_ms": round(cpu_mc, 3),
        "mc_200_ms": round(med_200, 3),
        "mc_200_cpu_ms": round(cpu_200, 3),
        "exact_over_mc200": round(med_exact / med_200, 3),
        "exact_over_mc200_cpu": round(cpu_exact / cpu_200, 3),
        "mc_200_max_error_pp": round(worst * 100.0, 2),
        "goal_exact_ms": 5.0,
        "goal_mc_10000_ms": 100.0,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
