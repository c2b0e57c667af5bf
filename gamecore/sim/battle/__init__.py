"""The battle calculator: exact outcome probabilities, or Monte Carlo when the battle is
too large, for the dice rules of any ruleset.

    >>> from gamecore.sim.battle import calculate, BattleContext
    >>> r = calculate("g40", {"infantry": 3, "tank": 2}, {"infantry": 4})
    >>> r.method, round(r.attacker_win, 3)  # doctest: +SKIP

:func:`calculate` parses the units, prepares both sides (:mod:`.prepare`) and picks the
method: exact (:mod:`.exact`, a Markov chain over pairs of side states) when its tensors
are small enough, else Monte Carlo (:mod:`.montecarlo`); the result says which it used
and why. The rules followed are those of the engine's dice resolver
(gamecore.rules.combat): see :mod:`.sides` for the details and their sources.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Mapping

import numpy as np

from gamecore.engine.ruleset import Ruleset, load_ruleset
from gamecore.sim.battle.exact import ExactSolver
from gamecore.sim.battle.exact import solve as solve_exact
from gamecore.sim.battle.model import (
    BattleContext,
    BattleError,
    Modifier,
    Retreat,
    parse_units,
    resolve_unit,
    unit_names,
)
from gamecore.sim.battle.montecarlo import RETREATED, MonteCarlo
from gamecore.sim.battle.prepare import Prepared
from gamecore.sim.battle.result import (
    OUTCOMES,
    BattleResult,
    SideOutcome,
    captures,
    outcome_probs,
    side_outcome,
    wilson,
)
from gamecore.sim.battle.sides import _TooLarge

#: "auto" solves exactly while the effect tensors hold at most this many numbers ...
AUTO_EXACT_CELLS = 3_000_000
#: ... and the estimated multiply-adds stay below this (a fraction of a second)
AUTO_EXACT_WORK = 600_000_000
#: "exact" refuses beyond this (memory: 8 bytes a number, several tensors)
MAX_EXACT_CELLS = 25_000_000
#: states one side may reach before the calculator gives up (either method)
STATE_LIMIT = 200_000
DEFAULT_SAMPLES = 10_000
METHODS = ("auto", "exact", "monte_carlo")
Z95 = 1.959963984540054


_RULES: dict[str, tuple[float, Ruleset]] = {}


def _rules(ruleset: Ruleset | str) -> Ruleset:
    """A Ruleset as is; a bundled ruleset's id loaded once (again when its file changes)."""
    if isinstance(ruleset, Ruleset):
        return ruleset
    from gamecore.paths import rulesets_dir

    try:
        stamp = (rulesets_dir() / f"{ruleset}.toml").stat().st_mtime
    except (OSError, TypeError):
        return load_ruleset(ruleset)  # the loader names the problem
    hit = _RULES.get(ruleset)
    if hit is None or hit[0] != stamp:
        hit = _RULES[ruleset] = (stamp, load_ruleset(ruleset))
    return hit[1]


def prepare(
    ruleset: Ruleset | str,
    attackers: Mapping[str, int] | str,
    defenders: Mapping[str, int] | str,
    context: BattleContext | None = None,
) -> Prepared:
    rules = _rules(ruleset)
    att = parse_units(rules, attackers, "attacker: ")
    dfn = parse_units(rules, defenders, "defender: ")
    try:
        return Prepared(rules, att, dfn, context or BattleContext(), STATE_LIMIT)
    except _TooLarge as err:
        raise BattleError(
            f"the {err.role} can end up in more than {err.limit} different states; "
            "split the battle or use fewer kinds of units"
        ) from None


def exact_cells(prep: Prepared) -> int:
    """Numbers the exact method's effect tensors hold (one round kind)."""
    sa, sd = prep.SA.size, prep.SD.size
    return sa * sd * (sa + sd) * len(prep.stages())


def exact_work(prep: Prepared) -> int:
    """Estimated multiply-adds of the exact method: a round costs (pairs of states)^2 per
    firing stage; about 30 rounds are followed, then one step per hit-point level."""
    pairs = prep.SA.size * prep.SD.size
    levels = int(prep.SA.hp_left.max() + prep.SD.hp_left.max())
    return pairs * pairs * len(prep.stages()) * (30 + levels)


def calculate(
    ruleset: Ruleset | str,
    attackers: Mapping[str, int] | str,
    defenders: Mapping[str, int] | str,
    context: BattleContext | None = None,
    method: str = "auto",
    samples: int | None = None,
    seed: int | None = None,
) -> BattleResult:
    """Outcome of a battle. ``attackers``/``defenders``: ``{unit type: count}`` or text like
    ``"3 infantry, 2 tank"``. ``method``: "auto" (exact when small enough, else Monte
    Carlo), "exact" or "monte_carlo" (``samples`` battles, default 10,000, seeded by
    ``seed``). Bad input raises :class:`BattleError` (a one-line message)."""
    t0 = time.perf_counter()
    if method == "mc":
        method = "monte_carlo"
    if method not in METHODS:
        raise BattleError(f"unknown method {method!r} (one of {', '.join(METHODS)})")
    if samples is not None and samples < 1:
        raise BattleError(f"samples must be >= 1, not {samples}")
    prep = prepare(ruleset, attackers, defenders, context)
    cells = exact_cells(prep)
    pairs = prep.SA.size * prep.SD.size
    if method == "exact":
        if cells > MAX_EXACT_CELLS:
            raise BattleError(
                f"too large for the exact method ({pairs} pairs of states); "
                "use Monte Carlo (--samples N)"
            )
        use_exact, reason = True, f"asked for; {pairs} pairs of states"
    elif method == "monte_carlo":
        use_exact, reason = False, "asked for"
    elif cells <= AUTO_EXACT_CELLS and exact_work(prep) <= AUTO_EXACT_WORK:
        use_exact, reason = True, f"{pairs} pairs of states: small enough to be exact"
    else:
        use_exact, reason = False, f"{pairs} pairs of states: too many to be exact"
    if use_exact:
        res = _exact(prep, reason)
    else:
        value = None
        if prep.retreat_allowed and prep.retreat.kind == "below":
            if cells > MAX_EXACT_CELLS:
                raise BattleError(
                    "retreating below a win chance needs the exact win chances, and this "
                    "battle is too large for them; use 'after:N' rounds instead"
                )
            value = ExactSolver(prep).value
        res = _monte_carlo(prep, samples or DEFAULT_SAMPLES, seed, reason, value)
    res.approximations = tuple(prep.approximations)
    res.elapsed_s = time.perf_counter() - t0
    return res


_CACHE: OrderedDict = OrderedDict()
CACHE_SIZE = 4096


def _freeze(x):
    if isinstance(x, Mapping):
        return tuple(sorted((k, _freeze(v)) for k, v in x.items()))
    if isinstance(x, (list, tuple)):
        return tuple(_freeze(v) for v in x)
    if hasattr(x, "__dataclass_fields__"):
        return (type(x).__name__, *(_freeze(getattr(x, f)) for f in x.__dataclass_fields__))
    return x


def calculate_cached(
    ruleset: Ruleset | str,
    attackers: Mapping[str, int],
    defenders: Mapping[str, int],
    context: BattleContext | None = None,
    method: str = "auto",
    samples: int | None = None,
    seed: int | None = 0,
) -> BattleResult:
    """:func:`calculate`, remembering the last results (for bots that ask about the same
    battles again and again). Results are shared: do not change them. Monte Carlo is
    seeded (``seed`` 0 by default) so a remembered answer is the answer."""
    rules = _rules(ruleset)
    key = (
        id(rules),
        _freeze(attackers),
        _freeze(defenders),
        _freeze(context or BattleContext()),
        method,
        samples,
        seed,
    )
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is rules:
        _CACHE.move_to_end(key)
        return hit[1]
    res = calculate(rules, attackers, defenders, context, method, samples, seed)
    _CACHE[key] = (rules, res)  # holding the ruleset keeps its id from being reused
    if len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return res


def _exact(prep: Prepared, reason: str) -> BattleResult:
    raw = solve_exact(prep)
    probs = outcome_probs(prep, raw.final, raw.retreat)
    ends = raw.final + raw.retreat
    return BattleResult(
        method="exact",
        reason=reason,
        **probs,
        attacker_captures=captures(prep, raw.final),
        attacker=side_outcome(prep.SA, ends.sum(axis=1)),
        defender=side_outcome(prep.SD, ends.sum(axis=0)),
        rounds=raw.rounds,
        rounds_tail=raw.rounds_tail,
        expected_rounds=raw.expected_rounds,
        states=(prep.SA.size, prep.SD.size),
        sea=prep.sea,
    )


def _monte_carlo(prep: Prepared, samples: int, seed, reason: str, value) -> BattleResult:
    raw = MonteCarlo(prep, value).run(samples, seed)
    SA, SD = prep.SA, prep.SD
    n = raw.samples
    fa, fd = raw.final_a, raw.final_d
    ret = raw.how == RETREATED
    aa, ad = SA.alive[fa], SD.alive[fd]
    ended = ~ret
    counts = {
        "attacker_win": int((ended & aa & ~ad).sum()),
        "defender_win": int((ended & ~aa & ad).sum()),
        "draw": int((ended & ~aa & ~ad).sum()),
        "retreat": int(ret.sum()),
        "stalemate": int((ended & aa & ad).sum()),
    }
    intervals = {k: wilson(counts[k], n) for k in OUTCOMES}
    cap = None
    if not prep.sea:
        c = int((ended & aa & ~ad & SA.can_capture[fa]).sum())
        cap = c / n
        intervals["attacker_captures"] = wilson(c, n)
    sides = []
    for name, S, f in (("attacker", SA, fa), ("defender", SD, fd)):
        dist = np.bincount(f, minlength=S.size).astype(float) / n
        so: SideOutcome = side_outcome(S, dist)
        lost = so.initial_cost - S.cost[f]
        half = Z95 * float(lost.std(ddof=1)) / np.sqrt(n) if n > 1 else float("inf")
        mid = so.expected_cost_lost
        intervals[f"{name}_cost_lost"] = (mid - half, mid + half)
        sides.append(so)
    rounds = np.bincount(raw.rounds).astype(float) / n
    return BattleResult(
        method="monte_carlo",
        reason=reason,
        **{k: v / n for k, v in counts.items()},
        attacker_captures=cap,
        attacker=sides[0],
        defender=sides[1],
        rounds=[float(x) for x in rounds],
        rounds_tail=0.0,
        expected_rounds=float(raw.rounds.mean()),
        states=(SA.size, SD.size),
        samples=n,
        seed=seed,
        intervals=intervals,
        sea=prep.sea,
    )


__all__ = [
    "BattleContext",
    "BattleError",
    "BattleResult",
    "Modifier",
    "Prepared",
    "Retreat",
    "SideOutcome",
    "calculate",
    "calculate_cached",
    "exact_cells",
    "exact_work",
    "outcome_probs",
    "parse_units",
    "prepare",
    "resolve_unit",
    "unit_names",
]
