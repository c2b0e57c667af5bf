"""What a battle calculation returns, in one shape for the exact and the Monte Carlo
method, with a JSON form and a text report."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from gamecore.sim.battle.prepare import Prepared
from gamecore.sim.battle.sides import StateSpace

OUTCOMES = ("attacker_win", "defender_win", "draw", "retreat", "stalemate")
OUTCOME_TEXT = {
    "attacker_win": "attacker wins",
    "defender_win": "defender wins",
    "draw": "both destroyed",
    "retreat": "attacker retreats",
    "stalemate": "stalemate",
}


@dataclass
class SideOutcome:
    """One side's units before and after the battle (retreats included)."""

    units: dict[str, int]
    initial_cost: float
    expected_units_lost: float
    expected_cost_lost: float
    expected_survivors: dict[str, float]
    #: P(n units survive), n = 0..initial units
    survivor_counts: list[float]
    #: the most likely sets of survivors, most likely first: (units, probability)
    compositions: list[tuple[dict[str, int], float]]
    #: P(this side is in state i at the end), over :attr:`StateSpace.states`
    distribution: np.ndarray = field(repr=False, default_factory=lambda: np.zeros(0))

    def to_dict(self) -> dict:
        return {
            "units": self.units,
            "initial_cost": self.initial_cost,
            "expected_units_lost": self.expected_units_lost,
            "expected_cost_lost": self.expected_cost_lost,
            "expected_survivors": self.expected_survivors,
            "survivor_counts": self.survivor_counts,
            "compositions": [{"units": u, "p": p} for u, p in self.compositions],
        }


@dataclass
class BattleResult:
    """Outcome probabilities (they sum to 1):

    - ``attacker_win``: the defender is destroyed, the attacker has units left;
    - ``defender_win``: the attacker is destroyed, the defender has units left;
    - ``draw``: both are destroyed;
    - ``retreat``: the attacker retreats (by its :class:`Retreat` policy);
    - ``stalemate``: both still have units when the battle stops (nobody can hurt the
      other, e.g. submarines against aircraft without a destroyer, or a round limit).

    ``attacker_captures``: in a land battle, P(the attacker wins with a unit that can take
    the zone). ``rounds[r]``: P(the battle ends after exactly r rounds) (r = 0: before
    round 1, e.g. when AA fire downs every attacking aircraft); ``rounds_tail``: the
    probability of more rounds than listed. ``intervals``: for Monte Carlo, 95%
    intervals of the outcome probabilities and expected losses (Wilson / normal); for the
    exact method each interval is the point itself."""

    method: str  # "exact" | "monte_carlo"
    reason: str
    attacker_win: float
    defender_win: float
    draw: float
    retreat: float
    stalemate: float
    attacker_captures: float | None
    attacker: SideOutcome
    defender: SideOutcome
    rounds: list[float]
    rounds_tail: float
    expected_rounds: float
    states: tuple[int, int]
    samples: int | None = None
    seed: int | None = None
    intervals: dict[str, tuple[float, float]] = field(default_factory=dict)
    elapsed_s: float = 0.0
    sea: bool = False
    #: rules the calculator left out of this battle (the odds are approximate)
    approximations: tuple[str, ...] = ()

    @property
    def outcomes(self) -> dict[str, float]:
        return {k: getattr(self, k) for k in OUTCOMES}

    @property
    def expected_cost_lost(self) -> tuple[float, float]:
        """(attacker, defender) expected cost of the units lost."""
        return (self.attacker.expected_cost_lost, self.defender.expected_cost_lost)

    @property
    def expected_units_lost(self) -> tuple[float, float]:
        return (self.attacker.expected_units_lost, self.defender.expected_units_lost)

    @property
    def tuv_swing(self) -> float:
        """Defender's expected cost lost minus the attacker's (positive favours the
        attacker)."""
        return self.defender.expected_cost_lost - self.attacker.expected_cost_lost

    def to_dict(self) -> dict:
        out = {
            "method": self.method,
            "reason": self.reason,
            "outcomes": self.outcomes,
            "attacker_captures": self.attacker_captures,
            "attacker": self.attacker.to_dict(),
            "defender": self.defender.to_dict(),
            "rounds": self.rounds,
            "rounds_tail": self.rounds_tail,
            "expected_rounds": self.expected_rounds,
            "tuv_swing": self.tuv_swing,
            "states": list(self.states),
            "sea": self.sea,
            "elapsed_ms": round(self.elapsed_s * 1000.0, 3),
        }
        if self.approximations:
            out["approximations"] = list(self.approximations)
        if self.samples is not None:
            out["samples"] = self.samples
            out["seed"] = self.seed
            out["intervals"] = {k: list(v) for k, v in self.intervals.items()}
        return out

    def text(self) -> str:
        lines = []
        how = (
            "exact"
            if self.method == "exact"
            else f"Monte Carlo, {self.samples} battles, seed {self.seed}"
        )
        lines.append(f"method: {how} ({self.reason})")
        for note in self.approximations:
            lines.append(f"approximate: {note}")
        for k in OUTCOMES:
            p = getattr(self, k)
            if k in ("retreat", "stalemate") and p < 5e-7 and k not in self.intervals:
                continue
            iv = self.intervals.get(k)
            extra = f"  [{iv[0] * 100:5.1f}% .. {iv[1] * 100:5.1f}%]" if iv else ""
            lines.append(f"  {OUTCOME_TEXT[k]:<18} {p * 100:6.2f}%{extra}")
        if self.attacker_captures is not None:
            lines.append(f"  {'attacker takes zone':<18} {self.attacker_captures * 100:6.2f}%")
        for name, s in (("attacker", self.attacker), ("defender", self.defender)):
            units = ", ".join(f"{n} {t}" for t, n in s.units.items()) or "nothing"
            lines.append(f"{name}: {units}")
            lines.append(
                f"  expected loss {s.expected_units_lost:.2f} units, "
                f"{s.expected_cost_lost:.2f} of {s.initial_cost:g} cost"
            )
            top = s.compositions[:3]
            if top:
                lines.append(
                    "  most likely survivors: "
                    + "; ".join(f"{_units_text(u)} {p * 100:.1f}%" for u, p in top if p >= 0.0005)
                )
        lines.append(f"expected rounds {self.expected_rounds:.2f}")
        return "\n".join(lines)


def _units_text(units: dict[str, int]) -> str:
    return ", ".join(f"{n} {t}" for t, n in units.items()) or "none"


def side_outcome(S: StateSpace, dist: np.ndarray, top: int = 8) -> SideOutcome:
    """Summary of one side from its final state distribution ``dist`` over ``S.states``."""
    side = S.side
    init = side.unit_type_counts(side.initial)
    init_units = sum(init.values())
    init_cost = float(sum(side.cost_of(side.rules.units[t]) * n for t, n in init.items()))
    total = float(dist.sum()) or 1.0
    dist = dist / total
    exp_units = float(dist @ S.units)
    exp_cost = float(dist @ S.cost)
    counts = np.bincount(S.units, weights=dist, minlength=init_units + 1)
    # the same survivors can be several states (damage): group by units per type
    types = list(init)
    to_type = np.zeros((len(side.slots), len(types)), dtype=np.int64)
    for i, t in enumerate(side.slots):
        to_type[i, types.index(t.id)] = 1
    cand = np.argsort(-dist, kind="stable")[: max(top * 4, 16)]
    cand = cand[dist[cand] > 0.0]
    rows = S.per_slot[cand] @ to_type
    comp: dict[tuple[int, ...], float] = {}
    for r, i in zip(map(tuple, rows.tolist()), cand.tolist(), strict=True):
        comp[r] = comp.get(r, 0.0) + float(dist[i])
    best = sorted(comp.items(), key=lambda kv: -kv[1])[:top]
    per_type = dict(zip(types, (S.per_slot @ to_type).T @ dist, strict=True))
    compositions = [({t: n for t, n in zip(types, r, strict=True) if n}, p) for r, p in best]
    return SideOutcome(
        units=init,
        initial_cost=init_cost,
        expected_units_lost=float(init_units - exp_units),
        expected_cost_lost=float(init_cost - exp_cost),
        expected_survivors={t: float(v) for t, v in per_type.items()},
        survivor_counts=[float(x) for x in counts],
        compositions=compositions,
        distribution=dist,
    )


def outcome_probs(prep: Prepared, final: np.ndarray, retreat: np.ndarray) -> dict[str, float]:
    aa = prep.SA.alive[:, None]
    ad = prep.SD.alive[None, :]
    out = {
        "attacker_win": float(final[aa & ~ad].sum()),
        "defender_win": float(final[~aa & ad].sum()),
        "draw": float(final[~aa & ~ad].sum()),
        "retreat": float(retreat.sum()),
        "stalemate": float(final[aa & ad].sum()),
    }
    return out


def captures(prep: Prepared, final: np.ndarray) -> float | None:
    if prep.sea:
        return None
    win = final[:, ~prep.SD.alive].sum(axis=1)
    return float(win[prep.SA.can_capture].sum())


def wilson(k: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion k/n."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    den = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1.0 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))
