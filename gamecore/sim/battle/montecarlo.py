"""The Monte Carlo solver: many battles at once, vectorised with numpy over battles.

Every battle is a pair of state indices. Each round, each side's hits per incoming
group are drawn from the exact per-state distributions of :meth:`Prepared.fire_table`
(one uniform number per battle and group, inverted through the cumulative
distribution), then applied through the precomputed successor tables of
:class:`StateSpace`. Seeded with a :class:`numpy.random.Generator`, so a seed always
gives the same figures.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gamecore.sim.battle.prepare import DEATH_A, DEATH_D, STUCK, TRANSIENT, Prepared

#: like the engine's safety limit: a battle still going after this many rounds stops
SAFETY_ROUNDS = 500
#: codes of how a simulated battle ended
ENDED, RETREATED = 0, 1


@dataclass
class MCRaw:
    final_a: np.ndarray  # attacker's final state per battle
    final_d: np.ndarray
    how: np.ndarray  # ENDED or RETREATED
    rounds: np.ndarray  # rounds fought per battle
    samples: int
    seed: int | None


class MonteCarlo:
    def __init__(self, prep: Prepared, value=None):
        """``value``: a function returning the attacker's win chance per pair (the exact
        solver's), needed only by the "below" retreat policy."""
        self.prep = prep
        self.value = value
        self._cdf: dict[int, tuple[np.ndarray, int]] = {}

    def _sampler(self, tab: np.ndarray) -> tuple[np.ndarray, int]:
        """Row x of ``tab``'s cumulative distribution, shifted by x, in one sorted array:
        one ``searchsorted`` then draws from every battle's own row."""
        hit = self._cdf.get(id(tab))
        if hit is None:
            k = tab.shape[1] - 1
            cdf = np.cumsum(tab, axis=1)[:, :-1]
            np.clip(cdf, 0.0, 1.0, out=cdf)
            flat = (cdf + np.arange(tab.shape[0])[:, None]).ravel()
            hit = self._cdf[id(tab)] = (flat, k)
        return hit

    def draw(self, rng: np.random.Generator, tab: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """One draw per entry of ``rows`` from that row's distribution (hits 0..K)."""
        flat, k = self._sampler(tab)
        if k == 0:
            return np.zeros(len(rows), dtype=np.int64)
        u = rng.random(len(rows))
        return np.searchsorted(flat, u + rows, side="right") - rows * k

    def fire(
        self,
        rng: np.random.Generator,
        firer: str,
        stage: int,
        rnd: int,
        x: np.ndarray,
        y: np.ndarray,
    ) -> np.ndarray:
        """The target states ``y`` after the firer (in states ``x``) fired."""
        prep = self.prep
        X, Y = (prep.SA, prep.SD) if firer == "attacker" else (prep.SD, prep.SA)
        dvs = prep.det_values(X, Y)
        out = y.copy()
        for dv in dvs:
            if len(dvs) == 1:
                sel = slice(None)
                xs, ys = x, y
            else:
                sel = np.nonzero(Y.det[y] == dv)[0]
                if not len(sel):
                    continue
                xs, ys = x[sel], y[sel]
            tabs = prep.fire_table(firer, stage, dv, rnd)
            groups = [g for g, t in enumerate(tabs) if t is not None]
            if not groups:
                continue
            hits = {g: self.draw(rng, tabs[g][0], xs) for g in groups}
            if len(groups) == 1:
                g = groups[0]
                pw = Y.power_table(g, tabs[g][1])
                out[sel] = pw[hits[g], ys]
                continue
            new = ys.copy()
            oid = Y.order_id[ys]
            for k, (order, _) in enumerate(Y.orders):
                m = np.nonzero(oid == k)[0]
                if not len(m):
                    continue
                idx = ys[m]
                for g in order:
                    if g in hits:
                        idx = Y.power_table(g, tabs[g][1])[hits[g][m], idx]
                new[m] = idx
            out[sel] = new
        return out

    def run(self, samples: int, seed: int | None = None) -> MCRaw:
        prep = self.prep
        rng = np.random.default_rng(seed)
        comps = prep.components
        p = np.array([c.p for c in comps])
        pick = rng.choice(len(comps), size=samples, p=p / p.sum())
        a = np.array([c.a for c in comps], dtype=np.int64)[pick]
        d = np.array([c.d for c in comps], dtype=np.int64)[pick]
        # bombardment victims are still there: those battles go on into round 1
        doomed = (np.array([bool(c.doomed) for c in comps])[pick] & prep.SA.alive[a]) | (
            np.array([bool(c.doomed_a) for c in comps])[pick] & prep.SD.alive[d]
        )
        final_a = np.empty(samples, dtype=np.int64)
        final_d = np.empty(samples, dtype=np.int64)
        how = np.full(samples, ENDED, dtype=np.int8)
        rounds = np.zeros(samples, dtype=np.int64)
        live = np.arange(samples)
        SA, SD = prep.SA, prep.SD
        pol = prep.retreat
        r = 0
        while True:
            kind = prep.kind_of(a, d)
            fa, fd = a.copy(), d.copy()
            fd[kind == DEATH_D] = SD.empty
            fa[kind == DEATH_A] = SA.empty
            go = kind == TRANSIENT
            if r == 0:
                go |= doomed
            if r >= 1 and prep.retreat_allowed and r >= prep.retreat_from:
                if pol.kind == "after" and r >= pol.value:
                    back = go.copy()
                elif pol.kind == "below":
                    back = go & (self.value()[a, d] < pol.value)
                else:
                    back = None
                if back is not None and back.any():
                    how[live[back]] = RETREATED
                    go &= ~back
            limit = prep.max_rounds or SAFETY_ROUNDS
            if r >= limit:
                go[:] = False  # the round limit: both stay (stalemate)
            end = ~go
            if end.any():
                final_a[live[end]] = fa[end]
                final_d[live[end]] = fd[end]
                rounds[live[end]] = r
            if not go.any():
                break
            live, a, d = live[go], a[go], d[go]
            r += 1
            for stage in prep.stages(r):
                d2 = self.fire(rng, "attacker", stage, r, a, d)
                a = self.fire(rng, "defender", stage, r, d, a)
                d = d2
        return MCRaw(final_a, final_d, how, rounds, samples, seed)


__all__ = ["ENDED", "RETREATED", "MCRaw", "MonteCarlo", "STUCK"]
