"""The exact solver: the battle as a Markov chain over pairs of side states.

A round moves probability mass from a pair ``(a, d)`` to pairs ``(a', d')``: the
attacker's fire from ``a`` moves the defender ``d -> d'`` and the defender's fire from
``d`` moves ``a -> a'``, independently, so the transition factors into two *effect*
tensors ``EA[a, d, d']`` and ``ED[d, a, a']`` (one pair per firing stage: first strike,
then general fire). One round on a distribution ``P`` is then one broadcast product and
one matrix product.

Rounds are followed one by one while they differ (round-1 modifiers, bombardment
victims firing back) and while the distribution of rounds is still wanted; then the
rest is solved exactly on the *jump chain*: every round either stays put (probability
``D`` on the diagonal) or takes at least one hit point, so dividing by ``1 - D`` and
stepping level by level absorbs all remaining mass in at most (total hit points) steps —
no truncation of the outcome probabilities.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from gamecore.sim.battle.prepare import (
    DEATH_A,
    DEATH_D,
    OVER,
    STUCK,
    TRANSIENT,
    Prepared,
)
from gamecore.sim.battle.sides import StateSpace

#: stop following single rounds when less mass than this is still fighting
ROUNDS_TOL = 1e-6
#: never follow more single rounds than this before the jump chain
MAX_FORWARD = 100
#: probabilities below this are dropped (far below any figure reported; keeps floats normal)
TINY = 1e-200
#: a pair whose round changes nothing with at least this probability is stuck
STUCK_D = 1.0 - 1e-12


#: products per BLAS call: OpenBLAS runs smaller matrix products on one thread (its
#: threshold is 4 * 65536); bigger ones spread over threads, which on a busy two-core
#: machine made a 2-million-product step twenty times slower
GEMM_CHUNK = 200_000


def mm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a @ b`` in pieces small enough for single-threaded BLAS (see GEMM_CHUNK)."""
    m, k = a.shape
    n = b.shape[1]
    if m * k * n <= GEMM_CHUNK:
        return a @ b
    out = np.empty((m, n))
    cols = max(1, min(n, GEMM_CHUNK // (2 * max(1, k))))
    rows = max(2, GEMM_CHUNK // max(1, k * cols))
    for i in range(0, m, rows):
        for j in range(0, n, cols):
            out[i : i + rows, j : j + cols] = a[i : i + rows] @ b[:, j : j + cols]
    return out


def _flush(P: np.ndarray) -> np.ndarray:
    """Zero probabilities too small to matter: subnormal floats slow arithmetic down a
    hundredfold, and long battles push the tails of the distribution there."""
    P[P < TINY] = 0.0
    return P


def effect(prep: Prepared, firer: str, stage: int, rnd: int) -> np.ndarray:
    """``E[x, y, y']``: P(the target goes from state y to y' | the firer is in state x)."""
    X, Y = (prep.SA, prep.SD) if firer == "attacker" else (prep.SD, prep.SA)
    E = np.zeros((X.size, Y.size, Y.size))
    dvs = prep.det_values(X, Y)
    for dv in dvs:
        tabs = prep.fire_table(firer, stage, dv, rnd)
        ys = np.arange(Y.size) if len(dvs) == 1 else np.nonzero(Y.det == dv)[0]
        _fill(E, Y, ys, tabs)
    return E


def _fill(E: np.ndarray, Y: StateSpace, ys: np.ndarray, tabs) -> None:
    groups = [g for g, t in enumerate(tabs) if t is not None]
    if not groups:
        E[:, ys, ys] += 1.0
        return
    if len(groups) == 1:
        # E[:, y, :] = sum_h tab[:, h] * onehot(succ^h(y)): one matrix product
        g = groups[0]
        tab, K = tabs[g]
        pw = Y.power_table(g, K)[:, ys]  # (K+1, len(ys))
        S = Y.size
        onehot = np.zeros((K + 1, len(ys) * S))
        onehot[np.arange(K + 1)[:, None], np.arange(len(ys)) * S + pw] = 1.0
        E[:, ys, :] += mm(tab, onehot).reshape(-1, len(ys), S)
        return
    pws = {g: Y.power_table(g, tabs[g][1]) for g in groups}
    in_ys = np.zeros(Y.size, dtype=bool)
    in_ys[ys] = True
    for order, ix in Y.orders:
        b = ix[in_ys[ix]]
        if not len(b):
            continue
        seq = [g for g in order if g in pws]
        for combo in itertools.product(*(range(tabs[g][1] + 1) for g in seq)):
            idx = b
            w = None
            for g, h in zip(seq, combo, strict=True):
                idx = pws[g][h, idx]
                col = tabs[g][0][:, h]
                w = col if w is None else w * col
            E[:, b, idx] += w[:, None]


@dataclass
class ExactRaw:
    """What the solver found: final pair distributions and the rounds."""

    final: np.ndarray  # (SA, SD): P(the battle ends with these survivors), not retreats
    retreat: np.ndarray  # (SA, SD): P(the attacker retreats from this pair)
    rounds: list[float]  # P(the battle ends after r rounds), r = 0.. (followed rounds)
    rounds_tail: float  # P(more rounds than listed)
    expected_rounds: float


class ExactSolver:
    def __init__(self, prep: Prepared):
        self.prep = prep
        self._ops: dict = {}
        self.kind = prep.kind.copy()
        self._value: np.ndarray | None = None

    # ------------------------------------------------------------------ one round
    def ops(self, rnd: int) -> list[tuple[np.ndarray, np.ndarray]]:
        key = self.prep.round_key(rnd)
        hit = self._ops.get(key)
        if hit is None:
            hit = []
            for stage in self.prep.stages(rnd):
                ea = effect(self.prep, "attacker", stage, rnd)
                ed = effect(self.prep, "defender", stage, rnd)
                hit.append((ea, np.ascontiguousarray(ed.transpose(1, 0, 2))))
            self._ops[key] = hit
        return hit

    def step(self, P: np.ndarray, ops) -> np.ndarray:
        SA, SD = P.shape
        N = SA * SD
        for ea, edt in ops:
            flat = P.reshape(N)
            rows = np.flatnonzero(flat)
            if 4 * len(rows) < N:  # early rounds: only the few pairs holding mass
                Y = flat[rows, None] * edt.reshape(N, SA)[rows]
                P = mm(Y.T, ea.reshape(N, SD)[rows])
            else:
                Y = P[:, :, None] * edt
                P = mm(Y.reshape(N, SA).T, ea.reshape(N, SD))
        return _flush(P)

    def back(self, f: np.ndarray, ops) -> np.ndarray:
        SA, SD = f.shape
        N = SA * SD
        for ea, edt in reversed(ops):
            W = mm(ea.reshape(N, SD), f.T)
            f = (edt.reshape(N, SA) * W).sum(axis=1).reshape(SA, SD)
        return _flush(f)

    def self_loop(self, ops) -> np.ndarray:
        SA, SD = self.prep.SA.size, self.prep.SD.size
        ia, id_ = np.meshgrid(np.arange(SA), np.arange(SD), indexing="ij")
        D = np.ones((SA, SD))
        for ea, edt in ops:
            D *= ea[ia, id_, id_] * edt[ia, id_, ia]
        return D

    # ------------------------------------------------------------------ retreat
    def value(self) -> np.ndarray:
        """P(attacker wins | pair, fighting to the end) in the homogeneous rounds."""
        if self._value is not None:
            return self._value
        prep = self.prep
        ops = self.ops(prep.homogeneous_from)
        D = self.self_loop(ops)
        kind = self.kind
        trans = kind == TRANSIENT
        win = ((kind == OVER) & prep.SA.alive[:, None] & ~prep.SD.alive[None, :]) | (
            kind == DEATH_D
        )
        V = np.zeros(kind.shape)
        denom = np.where(trans, 1.0 - D, 1.0)
        levels = int(prep.SA.hp_left.max() + prep.SD.hp_left.max()) + 2
        for _ in range(levels):
            end = np.where(trans, V, win.astype(float))
            new = np.where(trans, (self.back(end, ops) - D * V) / denom, 0.0)
            new = np.clip(new, 0.0, 1.0)
            if np.array_equal(new, V):
                break
            V = new
        self._value = V
        return V

    def retreat_mask(self, rnd: int) -> np.ndarray | None:
        """1.0 where the attacker retreats after round ``rnd`` (None: nowhere)."""
        prep = self.prep
        if not prep.retreat_allowed or rnd < prep.retreat_from:
            return None
        pol = prep.retreat
        if pol.kind == "after":
            return self._trans if rnd >= pol.value else None
        if pol.kind == "below":
            if self._below is None:
                self._below = ((self.kind == TRANSIENT) & (self.value() < pol.value)).astype(float)
            return self._below
        return None

    def _masks(self) -> None:
        k = self.kind
        self._done = ((k == OVER) | (k == STUCK)).astype(float)
        self._trans = (k == TRANSIENT).astype(float)
        self._dd = (k == DEATH_D).astype(float) if (k == DEATH_D).any() else None
        self._da = (k == DEATH_A).astype(float) if (k == DEATH_A).any() else None
        self._below = None

    def _absorb(self, P: np.ndarray, rnd: int) -> np.ndarray:
        """Book the pairs of ``P`` (the end of round ``rnd``) that ended the battle;
        returns the part that fights on."""
        self.final += P * self._done
        if self._dd is not None:
            self.final[:, self.prep.SD.empty] += (P * self._dd).sum(axis=1)
        if self._da is not None:
            self.final[self.prep.SA.empty, :] += (P * self._da).sum(axis=0)
        T = P * self._trans
        if rnd >= 1:
            mask = self.retreat_mask(rnd)
            if mask is not None:
                back = T * mask
                self.retreat += back
                T -= back
        return T

    # ------------------------------------------------------------------ solve
    def solve(self, rounds_tol: float = ROUNDS_TOL, max_forward: int = MAX_FORWARD) -> ExactRaw:
        prep = self.prep
        SA, SD = prep.SA, prep.SD
        self.final = np.zeros((SA.size, SD.size))
        self.retreat = np.zeros_like(self.final)
        self._masks()
        P = np.zeros_like(self.final)
        keep = np.zeros_like(self.final)
        for c in prep.components:
            # bombardment victims are still there: the battle goes on into round 1
            if (c.doomed and SA.alive[c.a]) or (c.doomed_a and SD.alive[c.d]):
                keep[c.a, c.d] += c.p
            else:
                P[c.a, c.d] += c.p
        T = self._absorb(P, 0) + keep
        left = float(T.sum())
        rounds = [1.0 - left]
        r = 0
        pol = prep.retreat
        bounded = prep.max_rounds > 0 or (prep.retreat_allowed and pol.kind == "after")
        start_jump = max(
            prep.homogeneous_from,
            prep.retreat_from if (prep.retreat_allowed and pol.kind == "below") else 0,
        )
        while left > 0.0:
            if prep.max_rounds and r >= prep.max_rounds:
                self.final += T  # the round limit: both sides stay (a stalemate)
                rounds[-1] += left
                left = 0.0
                break
            if not bounded and r + 1 >= start_jump and (left < rounds_tol or r >= max_forward):
                break
            r += 1
            T = self._absorb(self.step(T, self.ops(r)), r)
            now = float(T.sum())
            rounds.append(max(0.0, left - now))
            left = now
        expected = sum(i * m for i, m in enumerate(rounds))
        tail = 0.0
        if left > 0.0:
            tail = left
            expected += r * tail + self._jump_chain(T, r)
        return ExactRaw(self.final, self.retreat, rounds, tail, float(expected))

    def _jump_chain(self, T: np.ndarray, r: int, tol: float = 1e-16) -> float:
        """Absorb the rest exactly; returns the expected number of further rounds."""
        prep = self.prep
        ops = self.ops(r + 1)
        D = self.self_loop(ops)
        stuck = (self.kind == TRANSIENT) & (D >= STUCK_D)
        if stuck.any():  # nobody can score a hit any more: a stalemate, like the engine's
            self.kind[stuck] = STUCK
            self._value = None
            self._masks()
            T = self._absorb(T, r)  # mass sitting in newly stuck pairs
        denom = np.where(self.kind == TRANSIENT, 1.0 - D, 1.0)
        levels = int(prep.SA.hp_left.max() + prep.SD.hp_left.max()) + 2
        extra = 0.0
        y = T
        for _ in range(levels):
            z = y / denom
            extra += float(z.sum())
            w = self.step(z, ops) - D * z
            np.clip(w, 0.0, None, out=w)
            y = self._absorb(w, r + 1)
            if y.sum() <= tol:
                break
        if y.any():  # below tol: book it where it stands, as the engine would go on
            self.final += y
        return extra


def solve(prep: Prepared) -> ExactRaw:
    """Exact outcome of a prepared battle. When the fire before round 1 (AA, shore
    bombardment) splits it into several starts whose reachable states barely overlap,
    each start is solved on its own states (the dense work grows with the square of the
    number of pairs) and the results are added up, weighted by their probabilities."""
    if len(prep.starts) > 1:
        joint = (prep.SA.size * prep.SD.size) ** 2
        subs = [prep.restricted(i) for i in range(len(prep.starts))]
        if 2 * sum((s.SA.size * s.SD.size) ** 2 for s in subs) < joint:
            return _combine(prep, subs)
    return ExactSolver(prep).solve()


def _combine(prep: Prepared, subs: list[Prepared]) -> ExactRaw:
    final = np.zeros((prep.SA.size, prep.SD.size))
    retreat = np.zeros_like(final)
    rounds: list[float] = []
    tail = expected = 0.0
    for sub, (_, _, p, _, _) in zip(subs, prep.starts, strict=True):
        raw = ExactSolver(sub).solve()
        ia = np.array([prep.SA.index[s] for s in sub.SA.states], dtype=np.int64)
        id_ = np.array([prep.SD.index[s] for s in sub.SD.states], dtype=np.int64)
        final[np.ix_(ia, id_)] += p * raw.final
        retreat[np.ix_(ia, id_)] += p * raw.retreat
        if len(raw.rounds) > len(rounds):
            rounds.extend([0.0] * (len(raw.rounds) - len(rounds)))
        for r, m in enumerate(raw.rounds):
            rounds[r] += p * m
        tail += p * raw.rounds_tail
        expected += p * raw.expected_rounds
    return ExactRaw(final, retreat, rounds, tail, expected)


__all__ = ["ExactRaw", "ExactSolver", "effect", "solve"]
