"""A battle made ready for the exact and the Monte Carlo solvers: both sides, what happens
before round 1 (AA fire, shore bombardment), the reachable states of each side, when a
battle is over, and the hit distributions of every state.

The rules come from the battle steps the ruleset plays: :class:`Prepared` walks
``steps_for(rules)`` and each step's calculator part fills a
:class:`~gamecore.rules.battle.calc.CalcPlan` (the fires before round 1, first strike,
double casualties, casualty profile, default fire modes, what is left out); this module
keeps the dice arithmetic (docs/architecture.md, "The battle pipeline")."""

from __future__ import annotations

import copy
from collections.abc import Mapping

import numpy as np

from gamecore.engine.ruleset import Ruleset
from gamecore.rules.battle.calc import ATTACKER, DEFENDER, CalcBattle, CalcPlan, Volley, plan_battle
from gamecore.rules.battle.fire import mode_choices
from gamecore.rules.battle.steps import steps_for
from gamecore.rules.battle.terrain import ground_tables
from gamecore.rules.battle.units import amphibious_may_retreat, attacker_retreat_from, eligible
from gamecore.sim.battle.model import BattleContext, BattleError, Modifier
from gamecore.sim.battle.sides import (
    ALL_DOMAINS,
    FS,
    GEN,
    Side,
    StateSpace,
    _conv,
    binom_pmf,
)

#: settle kinds of a pair of states at the end of a round
TRANSIENT, OVER, DEATH_A, DEATH_D, STUCK = 0, 1, 2, 3, 4


def _table_modifiers(side: str, table: Mapping[str, int], rounds: int) -> list[Modifier]:
    """A terrain/border table ``{domain or unit type: modifier}`` as modifiers."""
    own = tuple(k for k in table if k not in ALL_DOMAINS)
    out = []
    for k, v in table.items():
        if not v:
            continue
        if k in ALL_DOMAINS:
            out.append(Modifier(side, v, domains=(k,), exclude=own, rounds=rounds))
        else:
            out.append(Modifier(side, v, units=(k,), rounds=rounds))
    return out


def _add(a: tuple[int, ...] | None, b: tuple[int, ...] | None) -> tuple[int, ...] | None:
    if a is None or b is None:
        return a or b
    return tuple(x + y for x, y in zip(a, b, strict=True))


class Component:
    """One outcome of the fire before round 1: attacker and defender state indices, its
    probability, and the units killed before round 1 that still fire in it, per cell: the
    defender's (``doomed``: bombardment and AA victims) and the attacker's (``doomed_a``:
    AA victims, option ``aa_victims_fire``)."""

    __slots__ = ("a", "d", "p", "doomed", "doomed_a")

    def __init__(
        self,
        a: int,
        d: int,
        p: float,
        doomed: tuple[int, ...] | None,
        doomed_a: tuple[int, ...] | None = None,
    ):
        self.a, self.d, self.p, self.doomed, self.doomed_a = a, d, p, doomed, doomed_a


class Prepared:
    def __init__(
        self,
        rules: Ruleset,
        attackers: Mapping[str, int],
        defenders: Mapping[str, int],
        ctx: BattleContext,
        state_limit: int = 200_000,
    ):
        self.rules = rules
        self.ctx = ctx
        opts = rules.options
        if not any(attackers.values()) and not any(defenders.values()):
            raise BattleError("a battle needs units on at least one side")
        for tid in (*attackers, *defenders):
            if tid not in rules.units:
                raise BattleError(f"unknown unit '{tid}' in ruleset '{rules.id}'")
            t = rules.units[tid]
            if t.domain == "facility" or t.infrastructure:
                raise BattleError(f"'{tid}' does not fight in battles")
        present = [rules.units[t] for t, n in {**attackers, **defenders}.items() if n]
        sea = ctx.sea
        if sea is None:
            sea = any(t.domain == "sea" for t in present)
        self.sea = bool(sea)
        for role, units in (("attacker", attackers), ("defender", defenders)):
            for tid, n in units.items():
                dom = rules.units[tid].domain
                if n and self.sea and dom == "land":
                    raise BattleError(f"{role}: land unit '{tid}' cannot fight in a sea battle")
                if n and not self.sea and dom == "sea":
                    raise BattleError(
                        f"{role}: sea unit '{tid}' cannot fight in a land battle "
                        "(ships support a landing by bombardment)"
                    )
        for tid in ctx.bombard:
            if tid not in rules.units or not rules.units[tid].bombard:
                raise BattleError(f"bombard: '{tid}' is not a unit that bombards")
        for tid, n in ctx.support_fire.items():
            t = rules.units.get(tid)
            if t is None or not t.props.get("support_shot") or n < 0:
                raise BattleError(f"support fire: '{tid}' is not a unit that fires support shots")
        #: rules of the ruleset this battle would follow in the engine but the calculator
        #: leaves out (target selection, desert breakdown, amphibious round 1): said, not
        #: hidden (BattleResult.approximations)
        self.approximations: list[str] = []
        self._check_ground()
        #: the calculator's model of this battle, as the steps the ruleset plays give it
        #: (gamecore.rules.battle.calc): fire before round 1, first strike, doubles
        self.plan: CalcPlan = plan_battle(
            CalcBattle(
                rules,
                self.sea,
                attackers,
                defenders,
                amphibious=ctx.amphibious,
                aa=ctx.aa,
                bombard=dict(ctx.bombard),
                support={t: n for t, n in ctx.support_fire.items() if n},
                borders=tuple(ctx.borders),
                terrain=ctx.terrain,
                city=ctx.city,
                border_terrain=tuple(ctx.border_terrain),
                fire_modes=dict(ctx.fire_modes),
            ),
            steps_for(rules),
        )
        mods = list(ctx.modifiers) + self._terrain_modifiers()
        fixed = self.plan.first_strike_dice
        keep = ctx.keep_land_unit if ctx.keep_land_unit is not None else not self.sea
        att_modes = self._fire_modes(attackers, defenders, ctx.fire_modes, "attacker")
        def_modes = self._fire_modes(defenders, attackers, ctx.defender_fire_modes, "defender")
        #: the fire modes each side fires with (seeds/002 "Bomber", "Artillery")
        self.fire_modes = {"attacker": att_modes, "defender": def_modes}
        self.A = Side(
            rules,
            "attacker",
            attackers,
            damaged=ctx.attacker_damaged,
            order=ctx.attacker_order,
            keep_land_unit=keep,
            modifiers=mods,
            nation=ctx.attacker_nation,
            double=self.plan.double,
            fire_modes=att_modes,
            plan=self.plan,
        )
        self.D = Side(
            rules,
            "defender",
            defenders,
            damaged=ctx.defender_damaged,
            order=ctx.defender_order,
            modifiers=mods,
            nation=ctx.defender_nation,
            fixed_first_strike=fixed,
            fire_modes=def_modes,
            plan=self.plan,
        )
        A, D = self.A, self.D
        self.approximations += self.plan.approximations
        keys = D.possible_keys()
        if A.double_rounds:
            keys = keys + [(*k, "x2") for k in keys]
        A.define_groups(keys)
        D.define_groups(A.possible_keys())
        self.round_groups = (len(A.groups), len(D.groups))
        #: first strike happens in rounds 1..fs_until (None: every round)
        fr = [X.fs_rounds for X in (A, D) if X.has_first_strike and any(X.slot_fs)]
        fixed_until = max((f[2] for f in fixed), default=0)
        if any(r == 0 for r in fr) or A.fs_forever or D.fs_forever:
            self.fs_until: int | None = None
        else:
            self.fs_until = max([*fr, fixed_until], default=0)
        comps_a, comps_d = self._before_round_1()
        #: the outcomes of the fire before round 1: (attacker state, defender state,
        #: probability, defender's victims that fire in round 1, attacker's such victims)
        self.starts = [
            (sa, sd, pa * pd, doomed, doomed_a)
            for sa, pa, doomed_a in comps_a
            for sd, pd, doomed in comps_d
            if pa * pd > 0.0
        ]
        self.state_limit = state_limit
        self.has_fs = A.has_first_strike or D.has_first_strike
        limit = ctx.max_rounds if ctx.max_rounds is not None else opts["max_combat_rounds"]
        self.max_rounds = int(limit or 0)
        self.retreat = ctx.retreat
        # when the attacker may retreat: as the played battle asks (rules/battle/retreat.py)
        first = attacker_retreat_from(rules)
        self.retreat_allowed = (
            ctx.retreat.kind != "never"
            and first is not None
            and (not ctx.amphibious or amphibious_may_retreat(rules))
        )
        self.retreat_from = max(1, first or 1)
        self._spaces(self.starts)

    def _fire_modes(
        self, own: Mapping[str, int], enemy: Mapping[str, int], asked: Mapping[str, str], role: str
    ) -> dict[str, str]:
        """The fire mode of each of ``own``'s unit types that has a choice: the one asked
        for (checked here), else the default policy on the units the battle starts with,
        which the ``fire_modes`` step gives the plan (core.FireModes: the mode with the
        most dice that can hit an enemy there; artillery defends air-first)."""
        rules = self.rules
        out: dict[str, str] = {}
        for tid, mode in asked.items():
            t = rules.units.get(tid)
            if t is None or not own.get(tid):
                raise BattleError(f"fire mode for '{tid}': no such unit on the {role}'s side")
            known = mode_choices(t, role == "attacker")
            if mode not in known:
                what = ", ".join(known) or "none"
                raise BattleError(f"'{tid}' has no fire mode {mode!r} as {role} (modes: {what})")
            out[tid] = mode
        if role == "attacker":  # the others: the default policy's (core.FireModes)
            out.update((t, m) for t, m in self.plan.fire_modes.items() if t not in out)
        return out

    def _spaces(self, starts) -> None:
        """Enumerate the states reachable from ``starts`` and index everything by them."""
        A, D = self.A, self.D
        self.SA = StateSpace(
            A, dict.fromkeys(s[0] for s in starts), self.state_limit, self.round_groups[0]
        )
        self.SD = StateSpace(
            D, dict.fromkeys(s[1] for s in starts), self.state_limit, self.round_groups[1]
        )
        self.components = [
            Component(self.SA.index[sa], self.SD.index[sd], p, doomed, doomed_a)
            for sa, sd, p, doomed, doomed_a in starts
        ]
        self.has_doomed = any(c.doomed or c.doomed_a for c in self.components)
        self.homogeneous_from = max(A.last_special_round, D.last_special_round) + 1
        if self.has_doomed:
            self.homogeneous_from = max(self.homogeneous_from, 2)
        self._settle()
        self._tables: dict = {}

    def restricted(self, i: int) -> Prepared:
        """The same battle started from start ``i`` only (probability 1), on the states
        reachable from there: solving each start apart is cheaper when the fire before
        round 1 splits the battle into several mostly disjoint ones."""
        sub = copy.copy(self)
        sa, sd, _, doomed, doomed_a = self.starts[i]
        sub.starts = [(sa, sd, 1.0, doomed, doomed_a)]
        sub._spaces(sub.starts)
        return sub

    # ------------------------------------------------------------------ context
    def _check_ground(self) -> None:
        """A city must be one the ruleset has a terrain for; a border one it lists."""
        ctx, rules = self.ctx, self.rules
        if ctx.city:
            if ctx.city not in ("city", "surrounded"):
                raise BattleError(f"city must be '', 'city' or 'surrounded', not {ctx.city!r}")
            key = "city_terrain" if ctx.city == "city" else "surrounded_city_terrain"
            if not rules.options.get(key, ""):
                raise BattleError(f"ruleset '{rules.id}' has no {key.replace('_', ' ')}")
        effects = getattr(rules, "borders", {}) or {}
        for name in ctx.borders:
            if name not in effects:
                known = ", ".join(sorted(effects)) or "none"
                raise BattleError(
                    f"unknown border '{name}' in ruleset '{rules.id}' (known: {known})"
                )

    def _terrain_modifiers(self) -> list[Modifier]:
        """The zone's terrain and city (every round), the border terrain (its first
        rounds) and the borders crossed (each for its rounds) as modifiers: the played
        battle's tables (rules/battle/terrain.py ``ground_tables``). A unit type's own
        entry in a table overrides its domain's (Mountain Infantry in the mountains,
        rules-notes/000 §1.4)."""
        out: list[Modifier] = []
        for side, table, rounds in ground_tables(self.rules, self.plan.battle):
            out += _table_modifiers(side, table, rounds)
        return out

    # ------------------------------------------------------------------ before round 1
    def _before_round_1(self) -> tuple[list, list]:
        """The fires before round 1 the steps planned (AA guns, bombardment: the plan's
        ``before_round_1``), in the order the battle plays them, enumerated: per side the
        outcomes (state, probability, its units hit that still fire in round 1 or None)."""
        side = {ATTACKER: self.A, DEFENDER: self.D}
        dist = {role: [(X.initial, 1.0, None)] for role, X in side.items()}
        for fire in self.plan.before_round_1:
            X = side[fire.target]
            firing = side[fire.firer].lineup(side[fire.firer].initial)
            out = []
            for state, p0, doomed in dist[fire.target]:
                v = fire.volley(firing, X.lineup(state))
                if v is None:
                    out.append((state, p0, doomed))
                    continue
                for after, p in self._outcomes(X, state, v):
                    victims = self._victims(X, state, after) if v.victims_fire else None
                    out.append((after, p0 * p, _add(doomed, victims)))
            dist[fire.target] = out
        return dist[ATTACKER], dist[DEFENDER]

    @staticmethod
    def _outcomes(X: Side, state: tuple[int, ...], v: Volley) -> list[tuple[tuple, float]]:
        """The states side ``X`` is left in by volley ``v`` fired at it in ``state``, with
        their probabilities (outcomes alike summed when ``v.pool``)."""
        pmf = None
        for n, value in v.dice:
            pmf = _conv(pmf, binom_pmf(n, value, X.dice))
        X.define_groups([v.key])
        g = X.group_of_key[v.key]
        pooled: dict[tuple[int, ...], float] = {}
        out = []
        for k, p in enumerate(pmf):
            if p <= 0.0:
                continue
            s = X.apply_hits(state, {g: k}) if g is not None else state
            if v.pool:
                pooled[s] = pooled.get(s, 0.0) + float(p)
            else:
                out.append((s, float(p)))
        return list(pooled.items()) if v.pool else out

    @staticmethod
    def _victims(X, before: tuple[int, ...], after: tuple[int, ...]) -> tuple[int, ...] | None:
        """The units of side ``X`` killed between two states, at full strength per cell
        (they fire in round 1 as they were); None when nobody was."""
        doomed = [0] * X.n_cells
        for cells in X.slot_cells:
            killed = sum(before[c] for c in cells) - sum(after[c] for c in cells)
            doomed[cells[0]] += killed
        return tuple(doomed) if any(doomed) else None

    # ------------------------------------------------------------------ end of a round
    @staticmethod
    def _hurt_bits(X: StateSpace, Y: StateSpace) -> tuple[np.ndarray, np.ndarray]:
        """Bit masks over X's hit keys: which keys X's states fire with a positive base
        value, and which keys find a target in Y's states (the engine's ``_can_hurt``)."""
        side, other = X.side, Y.side
        keys = side.possible_keys()
        if len(keys) > 62:  # pragma: no cover - 31 unit types with detectors on one side
            raise BattleError("too many kinds of units on one side")
        index = {k: j for j, k in enumerate(keys)}
        off = np.zeros((side.n_cells, len(keys)))
        on = np.zeros_like(off)
        for c in range(side.n_cells):
            t = side.slots[side.cell_slot[c]]
            dl = side.cell_dice[c]
            if dl is not None:  # seeds/002 several dice or a fire mode: each die's key
                for _, ct, pref in dl:
                    tail = (pref,) if pref else ()
                    off[c, index[(ct, t.domain, False, *tail)]] = 1.0
                    j = index.get((ct, t.domain, True, *tail))
                    if j is not None:
                        on[c, j] = 1.0
                continue
            if side.cell_base[c] <= 0:
                continue
            off[c, index[(t.cannot_target, t.domain, False)]] = 1.0
            j = index.get((t.cannot_target, t.domain, True))
            if j is not None:
                on[c, j] = 1.0
        alive = (X.cells > 0).astype(float)
        fires = np.where(X.det[:, None], alive @ on, alive @ off) > 0  # (S_X, keys)
        powers = np.int64(1) << np.arange(len(keys), dtype=np.int64)
        fire = fires.astype(np.int64) @ powers
        elig = np.array(
            [[eligible(t, k) for k in keys] for t in other.slots], dtype=np.int64
        ).reshape(len(other.slots), len(keys))
        has = ((Y.per_slot > 0).astype(np.int64) @ elig) > 0  # (S_Y, keys)
        target = has.astype(np.int64) @ powers
        return fire, target

    def _settle(self) -> None:
        self._bits_ad = self._hurt_bits(self.SA, self.SD)
        self._bits_da = self._hurt_bits(self.SD, self.SA)
        self._kind: np.ndarray | None = None

    def kind_of(self, a: np.ndarray, d: np.ndarray) -> np.ndarray:
        """Classify pairs of states at the end of a round (the engine's ``_settled``):
        OVER (a side is gone), DEATH_D / DEATH_A (a side of only defenceless units that
        the enemy can hurt dies: unescorted transports, rules-notes/004 §4.3), STUCK
        (nobody can hurt anybody) or TRANSIENT (fighting on). ``a``, ``d`` broadcast."""
        SA, SD = self.SA, self.SD
        both = SA.alive[a] & SD.alive[d]
        fa, td = self._bits_ad
        fd, ta = self._bits_da
        hurt_ad = (fa[a] & td[d]) != 0
        hurt_da = (fd[d] & ta[a]) != 0
        kind = np.where(both, TRANSIENT, OVER).astype(np.int8)
        rest = both
        if any(self.A.lone_rules):
            dd = rest & SD.all_defenseless[d] & hurt_ad
            kind[dd] = DEATH_D
            rest = rest & ~dd
            da = rest & SA.all_defenseless[a] & hurt_da
            kind[da] = DEATH_A
            rest = rest & ~da
        kind[rest & ~hurt_ad & ~hurt_da] = STUCK
        return kind

    @property
    def kind(self) -> np.ndarray:
        """:meth:`kind_of` for every pair, shape (S_A, S_D)."""
        if self._kind is None:
            a = np.arange(self.SA.size)[:, None]
            d = np.arange(self.SD.size)[None, :]
            self._kind = self.kind_of(a, d)
        return self._kind

    # ------------------------------------------------------------------ fire tables
    def det_values(self, X: StateSpace, Y: StateSpace) -> list[bool]:
        """Detector states of the target Y that change X's fire (only first strike cares)."""
        if not X.side.has_first_strike:
            return [False]
        return sorted({bool(v) for v in Y.det})

    def round_key(self, rnd: int) -> tuple[int, int, bool]:
        return (self.A.bucket(rnd), self.D.bucket(rnd), rnd == 1 and self.has_doomed)

    def fire_table(
        self, firer: str, stage: int, dv: bool, rnd: int
    ) -> list[tuple[np.ndarray, int] | None]:
        """Per incoming group of the target: ``(pmf, K)`` with ``pmf`` of shape
        (S_firer, K+1): the hits the firer's every state scores in ``stage`` of round
        ``rnd`` when the target's detector status is ``dv``; None when nobody fires at it.
        Hit counts past what can matter are folded into K."""
        key = (firer, stage, dv, self.round_key(rnd))
        hit = self._tables.get(key)
        if hit is not None:
            return hit
        X, Y = (self.SA, self.SD) if firer == "attacker" else (self.SD, self.SA)
        side, target = X.side, Y.side
        n_groups = self.round_groups[1] if firer == "attacker" else self.round_groups[0]
        pm = side.fire_pmfs(X.cells, stage, dv, rnd, target, n_groups)
        if rnd == 1 and self.has_doomed:
            # bombardment victims fire back in round 1 (rules-notes/004 §4.5), and AA
            # victims under aa_victims_fire (Global War §12.2)
            for c in self.components:
                mine = c.doomed if firer == "defender" else c.doomed_a
                at = c.d if firer == "defender" else c.a
                if mine:
                    cells = X.cells[at] + np.array(mine, dtype=np.int64)
                    row = side.fire_pmfs(cells[None, :], stage, dv, rnd, target, n_groups)
                    for g in range(n_groups):
                        if row[g] is None:
                            continue
                        if pm[g] is None:
                            pm[g] = np.zeros((X.size, 1))
                            pm[g][:, 0] = 1.0
                        w = max(pm[g].shape[1], row[g].shape[1])
                        grown = np.zeros((X.size, w))
                        grown[:, : pm[g].shape[1]] = pm[g]
                        grown[at] = 0.0
                        grown[at, : row[g].shape[1]] = row[g][0]
                        pm[g] = grown
        out: list[tuple[np.ndarray, int] | None] = []
        for g in range(n_groups):
            p = pm[g]
            K = min(p.shape[1] - 1, Y.max_useful_hits(g)) if p is not None else 0
            if K <= 0:
                out.append(None)
                continue
            if p.shape[1] - 1 > K:
                p = np.concatenate([p[:, :K], p[:, K:].sum(axis=1, keepdims=True)], axis=1)
            out.append((p, K))
        self._tables[key] = out
        return out

    def stages(self, rnd: int | None = None) -> tuple[int, ...]:
        """The firing stages of round ``rnd`` (None: of any round)."""
        if not self.has_fs:
            return (GEN,)
        if rnd is not None and self.fs_until is not None and rnd > self.fs_until:
            return (GEN,)
        return (FS, GEN)
