"""One side of a battle: its units in casualty order, what they fire, where hits land, and
the states it can reach.

The rules are the played battle's (gamecore.rules.battle, which cites
rules-notes/004_3g40_handbook.md §4.3-§4.5), called where both need one - the support
hand-out (``fire.hand_out_support``), the unit kept for last (``units.kept_last``),
armed before defenceless (``units.armed_first``), who a hit may hit (``units.eligible``),
the modified value (``modifiers.modified``) - and otherwise read from the steps' plan
(gamecore.rules.battle.calc); this module applies them to whole states:

- A unit hits when a die of the ruleset's size rolls at most its value: its attack (or
  defence), damaged stats for a damaged multi-hit unit, plus modifiers — support (one
  bonus per unit: artillery +1 to one infantry, fighter or tank +1 to one tactical
  bomber) and terrain/context modifiers — combined by the ruleset's modifier policy, and
  clipped to 0..dice. A unit with value 0 gets no modifier.
- A hit carries a *key* ``(cannot_target, firer domain, firer side has a detector)``: a
  submarine's hits cannot go to air units; air cannot hit submarines (``hidden_from``)
  unless its own side has a destroyer (``detector``).
- The owner takes casualties in a fixed order (a casualty profile or a list of unit
  types), armed units before defenceless ones; with ``two_hit_absorb_first`` a multi-hit
  unit takes damage before anything dies. Hits that fit fewer units are assigned first.

A side's *state* is a tuple of counts per cell ``(slot, hit points left)``; a *slot* is a
unit type at one place in the casualty order (the attacker of a land zone keeps one unit
of its best land type in a slot of its own at the end, as the engine does).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

import numpy as np
from numpy.lib.stride_tricks import as_strided

from gamecore.engine.ruleset import Ruleset, UnitType
from gamecore.rules.battle.calc import CalcBattle, CalcPlan, plan_battle
from gamecore.rules.battle.fire import hand_out_support, support_of, unit_rolls
from gamecore.rules.battle.steps import steps_for
from gamecore.rules.battle.units import (
    CASUALTY_PROFILES,
    PROFILE_RANK,
    armed_first,
    eligible,
    kept_last,
    lone_rules,
    takes_zone,
)
from gamecore.rules.modifiers import modified
from gamecore.sim.battle.model import BattleError, Modifier

Key = tuple  # (cannot_target: tuple[str, ...], firer domain: str, firer side has a detector)
FS, GEN = 0, 1  # firing stages of a round: first strike, general fire
ALL_DOMAINS = ("land", "sea", "facility", "air")


@lru_cache(maxsize=4096)
def binom_pmf(n: int, value: int, dice: int) -> np.ndarray:
    """P(k hits) for ``n`` dice hitting on ``value`` or less on a ``dice``-sided die."""
    p = value / dice
    if n == 0 or p <= 0.0:
        out = np.zeros(n + 1)
        out[0] = 1.0
        return out
    if p >= 1.0:
        out = np.zeros(n + 1)
        out[n] = 1.0
        return out
    k = np.arange(n + 1)
    comb = np.array([math.comb(n, int(i)) for i in k], dtype=float)
    out = comb * p**k * (1.0 - p) ** (n - k)
    out.setflags(write=False)
    return out


@lru_cache(maxsize=1024)
def binom_table(nmax: int, value: int, dice: int) -> np.ndarray:
    """Row n (0..nmax): P(k hits) for n dice hitting on ``value`` (zero-padded)."""
    out = np.zeros((nmax + 1, nmax + 1))
    for n in range(nmax + 1):
        out[n, : n + 1] = binom_pmf(n, value, dice)
    out.setflags(write=False)
    return out


def _conv(a: np.ndarray | None, b: np.ndarray) -> np.ndarray:
    return b if a is None else np.convolve(a, b)


def order_types(types: Sequence[UnitType], order: str | Sequence[str]) -> list[UnitType]:
    """Casualty order of unit types, first to go first: a casualty profile (the played
    battle's ``PROFILE_RANK``, ties by type id) or an explicit
    list of type ids (unlisted types follow, cheapest first)."""

    def cheapest(t: UnitType):
        return (t.cost, t.attack + t.defense, t.id)

    if isinstance(order, str):
        if order not in CASUALTY_PROFILES:
            raise BattleError(
                f"unknown casualty order {order!r} (profiles: {', '.join(CASUALTY_PROFILES)}, "
                "or a list of unit types)"
            )
        by = PROFILE_RANK[order]  # the played battle's order (rules/battle/units.py)
        return sorted(types, key=lambda t: (*by(t), t.id))
    rank = {u: i for i, u in enumerate(order)}
    listed = sorted((t for t in types if t.id in rank), key=lambda t: rank[t.id])
    rest = sorted((t for t in types if t.id not in rank), key=cheapest)
    return listed + rest


class Side:
    """The units of one side and the mechanics of their fire and casualties."""

    def __init__(
        self,
        rules: Ruleset,
        role: str,
        units: Mapping[str, int],
        *,
        damaged: Mapping[str, int] | None = None,
        order: str | Sequence[str] = "",
        keep_land_unit: bool = False,
        modifiers: Iterable[Modifier] = (),
        nation: str = "",
        fixed_first_strike: Sequence[tuple[int, Key, int]] = (),
        double: tuple[tuple[str, ...], int] = ((), 0),
        fire_modes: Mapping[str, str] | None = None,
        plan: CalcPlan | None = None,
    ):
        self.rules = rules
        self.role = role
        self.stat = "attack" if role == "attacker" else "defense"
        self.dice = rules.dice
        opts = rules.options
        # casualties and first strike as the battle's steps say (gamecore.rules.battle.calc)
        if plan is None:
            plan = plan_battle(CalcBattle(rules, False, units, {}), steps_for(rules))
        self.policy = opts["modifier_policy"]
        self.tiebreak = opts["modifier_tiebreak"]
        self.floor = int(opts["modifier_floor"] or 0)
        self.absorb = plan.absorb_first
        #: which units die alone (the engine's ``_settled``): defenceless ones under
        #: ``unescorted_transports_die``, AA guns when ``aa_alone_defends`` is off
        self.lone_rules = lone_rules(rules)
        self.nation = nation
        damaged = dict(damaged or {})
        types = [rules.units[u] for u, n in units.items() if n > 0]
        ordered = order_types(types, order or plan.casualty_order)
        counts = {t.id: int(units[t.id]) for t in ordered}
        slots: list[tuple[UnitType, int, bool]] = [(t, counts[t.id], False) for t in ordered]
        if keep_land_unit:  # the played battle's rule (units.kept_last), per unit type
            best = kept_last(ordered, lambda t: t, lambda t: t.id)
            if best is not None:
                slots = [(t, n - (t is best), False) for t, n, _ in slots]
                slots.append((best, 1, True))
                slots = [s for s in slots if s[1] > 0]
        # armed units are taken before defenceless ones (units.armed_first)
        armed, bare = armed_first(slots, lambda s: s[0])
        slots = armed + bare
        self.slots: list[UnitType] = [s[0] for s in slots]
        self.reserve: list[bool] = [s[2] for s in slots]
        self.slot_count = [s[1] for s in slots]
        # cells: per slot, hit points from full down to 1
        self.cell_slot: list[int] = []
        self.cell_hp: list[int] = []
        self.slot_cells: list[list[int]] = []
        for i, t in enumerate(self.slots):
            cs = []
            for hp in range(t.hits, 0, -1):
                cs.append(len(self.cell_slot))
                self.cell_slot.append(i)
                self.cell_hp.append(hp)
            self.slot_cells.append(cs)
        self.n_cells = len(self.cell_slot)
        init = [0] * self.n_cells
        for i, t in enumerate(self.slots):
            n = self.slot_count[i]
            d = 0
            if t.hits > 1 and not self.reserve[i]:
                d = min(n, int(damaged.get(t.id, 0)))
            init[self.slot_cells[i][0]] += n - d
            if d:
                init[self.slot_cells[i][1]] += d
        for tid, d in damaged.items():
            if d and (tid not in counts or rules.units[tid].hits < 2):
                raise BattleError(f"{role}: only multi-hit units in the battle start damaged")
        self.initial: tuple[int, ...] = tuple(init)
        self.modifiers = [m for m in modifiers if m.side == role]
        #: first strike in the first N rounds only (0: every round; Global War T 9-1)
        self.fs_rounds = plan.first_strike_rounds
        #: unit types that strike first in every round all the same (seeds/003 subs)
        self.fs_every = plan.first_strike_every
        #: air superiority: hits of such units go to aircraft first in the first N rounds
        self.as_rounds = plan.air_superiority_rounds
        if not any(t.air_superiority for t in self.slots):
            self.as_rounds = 0
        #: dice of no unit, fired in the first-strike stage of rounds 1..rounds:
        #: (value, hit key, rounds) (a fortification, Global War §12.7)
        self.fixed_fs = [f for f in fixed_first_strike if f[0] > 0]
        #: per slot: its units strike first (option first_strike_attack_only: these types
        #: only when attacking, the engine's fight_round)
        attack_only = plan.first_strike_attack_only if role == "defender" else frozenset()
        self.slot_fs = [t.first_strike and t.id not in attack_only for t in self.slots]
        self.has_first_strike = any(self.slot_fs) or bool(self.fixed_fs)
        #: double casualties (Global War §9.2): in rounds 1..double_rounds each hit on a
        #: unit of these domains takes a second one of them
        self.double_domains, self.double_rounds = double
        if not self.double_domains:
            self.double_rounds = 0
        #: rounds after this one all fire alike (no round-limited modifier left)
        self.last_special_round = max(
            [m.rounds for m in self.modifiers]
            + [f[2] for f in self.fixed_fs]
            + [self.as_rounds, self.double_rounds]
            + [self.fs_rounds if self.has_first_strike else 0],
            default=0,
        )
        self.has_detector = any(t.detector for t in self.slots)
        self._mods_cache: dict[tuple[int, int], list[int]] = {}
        self._value_cache: dict[tuple[int, int, int | None], int] = {}
        # per cell: what its units are, for the hot loops of dice_of
        self.cell_tid = [self.slots[s].id for s in self.cell_slot]
        self.cell_fs = [self.slot_fs[s] for s in self.cell_slot]
        self.cell_fs_every = [self.slots[s].id in self.fs_every for s in self.cell_slot]
        #: first strikers of this side that strike first in every round
        self.fs_forever = any(
            fs and t.id in self.fs_every for t, fs in zip(self.slots, self.slot_fs, strict=True)
        )
        self.cell_det = [self.slots[s].detector for s in self.cell_slot]
        self.cell_as = [self.slots[s].air_superiority for s in self.cell_slot]
        self.cell_key = [
            (self.slots[s].cannot_target, self.slots[s].domain) for s in self.cell_slot
        ]
        self.cell_base = [
            self.slots[s].stat(self.stat, hp < self.slots[s].hits)
            for s, hp in zip(self.cell_slot, self.cell_hp, strict=True)
        ]
        #: the fire mode of each unit type this side fires with (seeds/002 "Bomber")
        self.fire_modes = dict(fire_modes or {})
        #: per cell, its dice when it rolls several or by a fire mode (seeds/002
        #: "Battleship", "Bomber"): (base value, cannot_target, preferred domain) per
        #: roll; None: one die at the cell's value and key (every other ruleset)
        self.cell_dice: list[list[tuple[int, tuple[str, ...], str]] | None] = []
        for s, hp in zip(self.cell_slot, self.cell_hp, strict=True):
            t = self.slots[s]
            air_first = role == "defender" and bool(t.props.get("defense_air_first"))
            if not (t.multi_die or air_first):
                self.cell_dice.append(None)
                continue
            mode = self.fire_modes.get(t.id, "")
            self.cell_dice.append(unit_rolls(t, self.stat, hp < t.hits, mode, role == "defender"))
        #: Global War §12.2: support counts from every unit present, also those that
        #: fired first (the engine's step support_after_first_strike); else from the
        #: units firing in the same volley
        self.support_from_all = plan.support_from_all
        self.cell_support = [
            tuple(
                (sup.value, sup.count, sup.targets) for sup in support_of(self.slots[s], self.stat)
            )
            for s in self.cell_slot
        ]
        # incoming hit groups (see define_groups)
        self.groups: list[tuple[int, ...]] = []
        self.group_pref: list[str] = []  # "" or the domain its hits go to first
        self.group_double: list[bool] = []  # its hits take two (double casualties)
        self.group_rank: list[str] = []
        self.group_of_key: dict[Key, int | None] = {}
        self._plans: dict[int, tuple] = {}

    # ------------------------------------------------------------------ basics
    def unit_type_counts(self, state: Sequence[int]) -> dict[str, int]:
        out: dict[str, int] = {}
        for c, n in enumerate(state):
            if n:
                t = self.slots[self.cell_slot[c]].id
                out[t] = out.get(t, 0) + n
        return out

    def lineup(self, state: Sequence[int]) -> list[tuple[UnitType, int]]:
        """The units of ``state`` per slot, as (unit type, count) in casualty order (what
        a step's calculator part reads: gamecore.rules.battle.calc.Lineup)."""
        return [
            (t, sum(state[c] for c in cells))
            for t, cells in zip(self.slots, self.slot_cells, strict=True)
        ]

    def cost_of(self, t: UnitType) -> int:
        return t.cost_for(self.nation) if self.nation else t.cost

    def possible_keys(self) -> list[Key]:
        """Every hit key this side's units can ever produce (either detector status)."""
        dets = (False, True) if self.has_detector else (False,)
        keys = []
        for c, dl in enumerate(self.cell_dice):
            if dl is None:
                continue
            t = self.slots[self.cell_slot[c]]
            for _, ct, pref in dl:
                for d in dets:
                    k = (ct, t.domain, d, pref) if pref else (ct, t.domain, d)
                    if k not in keys:
                        keys.append(k)
        for i, t in enumerate(self.slots):
            if all(self.cell_dice[c] is not None for c in self.slot_cells[i]):
                continue
            for d in dets:
                k = (t.cannot_target, t.domain, d)
                if k not in keys:
                    keys.append(k)
                if self.as_rounds and t.air_superiority:
                    k = (t.cannot_target, t.domain, d, "air")
                    if k not in keys:
                        keys.append(k)
        for _, k, _ in self.fixed_fs:
            if k not in keys:
                keys.append(k)
        return keys

    def fs_active(self, rnd: int) -> bool:
        """Do first strikers fire apart in round ``rnd``?"""
        return not self.fs_rounds or rnd <= self.fs_rounds

    # ------------------------------------------------------------------ fire
    def _mods(self, slot: int, rnd: int) -> list[int]:
        key = (slot, rnd)
        m = self._mods_cache.get(key)
        if m is None:
            t = self.slots[slot]
            m = [x.value for x in self.modifiers if x.applies(t, rnd)]
            self._mods_cache[key] = m
        return m

    def bucket(self, rnd: int) -> int:
        """Rounds that fire alike share a bucket (round numbers past every round-limited
        modifier are one bucket)."""
        return min(rnd, self.last_special_round + 1)

    def _value(self, c: int, rnd: int, sup: int | None) -> int:
        """Hit value of a unit in cell ``c`` in round ``rnd`` with support bonus ``sup``."""
        key = (c, self.bucket(rnd), sup)
        v = self._value_cache.get(key)
        if v is None:
            s = self.cell_slot[c]
            mods = self._mods(s, rnd)
            if sup is not None:
                mods = [sup, *mods]
            v = modified(self.cell_base[c], mods, self.policy, self.tiebreak, self.floor, self.dice)
            self._value_cache[key] = v
        return v

    def fire_pmfs(
        self, M: np.ndarray, stage: int, enemy_det: bool, rnd: int, target: Side, n_groups: int
    ) -> list[np.ndarray | None]:
        """Hits scored by every state (row of the cell-count matrix ``M``) in ``stage`` of
        round ``rnd``, per incoming group of ``target``: an array (rows, K+1) with
        P(k hits), or None when no die is rolled at that group. First-strike units fire
        in the FS stage unless the enemy has a detector, and then not again in GEN.

        Support is handed out as the engine does: bigger bonuses first, each unit
        receiving at most one; modifiers combine by the ruleset's policy."""
        S = M.shape[0]
        fs_round = self.fs_active(rnd)
        want_fs = stage == FS
        present = M.any(axis=0).tolist()
        firing = [
            c
            for c in range(self.n_cells)
            if present[c]
            and want_fs
            == (not enemy_det and self.cell_fs[c] and (fs_round or self.cell_fs_every[c]))
        ]
        out: list[np.ndarray | None] = [None] * n_groups
        fixed = [f for f in self.fixed_fs if rnd <= f[2]] if want_fs else []
        if not firing and not fixed:
            return out
        x2 = ("x2",) if target.double_rounds and rnd <= target.double_rounds else ()
        sup_on = bool(self.as_rounds) and rnd <= self.as_rounds
        det_cells = [c for c in firing if self.cell_det[c]]
        det = M[:, det_cells].sum(axis=1) > 0 if det_cells else None
        dets = (False, True) if det is not None else (False,)
        # (cell, support bonus or None, count per state)
        parts: list[tuple[int, int | None, np.ndarray]] = []
        supporters = (
            [c for c in range(self.n_cells) if present[c]] if self.support_from_all else firing
        )
        offers = [
            (v, M[:, c] * k, targets) for c in supporters for v, k, targets in self.cell_support[c]
        ]
        if offers:
            # the played battle's rule (fire.hand_out_support), over every state at once;
            # an offer goes to the unit types in the order it lists them (the calculator
            # holds no unit ids to follow)
            left = {c: M[:, c] for c in firing}
            for c, value, give in hand_out_support(
                offers,
                left,
                lambda targets: [f for tid in targets for f in firing if self.cell_tid[f] == tid],
                np.minimum,
            ):
                if give.any():
                    parts.append((c, value, give))
            parts.extend((c, None, n) for c, n in left.items())
        else:
            parts = [(c, None, M[:, c]) for c in firing]
        # dice per (target group, value)
        cols: dict[tuple[int, int], np.ndarray] = {}
        if fixed:
            alive = M.sum(axis=1) > 0
            for v, key, _ in fixed:
                g = target.group_of_key.get(key + x2)
                if g is None or g >= n_groups:
                    continue
                n = alive.astype(np.int64)
                cols[(g, v)] = cols[(g, v)] + n if (g, v) in cols else n
        for c, sup, n in parts:
            v = self._value(c, rnd, sup)
            if not n.any():
                continue
            dl = self.cell_dice[c]
            if dl is not None:  # several dice, or a fire mode (seeds/002)
                delta = v - self.cell_base[c] if self.cell_base[c] > 0 else 0
                for dv, ct, pref in dl:
                    vv = max(0, min(self.dice, dv + delta))
                    if vv <= 0:
                        continue
                    kb = (ct, self.cell_key[c][1], *((pref,) if pref else ()))
                    for d in dets:
                        g = target.group_of_key.get((kb[0], kb[1], d, *kb[2:], *x2))
                        if g is None or g >= n_groups:
                            continue
                        m = n if det is None else n * (det == d)
                        key = (g, vv)
                        cols[key] = cols[key] + m if key in cols else m
                continue
            if v <= 0:
                continue
            kb = self.cell_key[c]
            if sup_on and self.cell_as[c]:
                kb = (*kb, "air")
            for d in dets:
                g = target.group_of_key.get((kb[0], kb[1], d, *kb[2:], *x2))
                if g is None or g >= n_groups:
                    continue
                m = n if det is None else n * (det == d)
                key = (g, v)
                cols[key] = cols[key] + m if key in cols else m
        per_group: dict[int, list[tuple[int, np.ndarray]]] = {}
        for (g, v), n in cols.items():
            per_group.setdefault(g, []).append((v, n))
        for g, items in per_group.items():
            acc = None
            for v, n in items:
                nmax = int(n.max())
                tab = binom_table(nmax, v, self.dice)[n]  # (S, nmax+1)
                if acc is None:
                    acc = tab
                    continue
                # batched convolution: new[s, i] = sum_k tab[s, k] * acc[s, i - k]
                width = acc.shape[1]
                pad = np.zeros((S, width + 2 * nmax))
                pad[:, nmax : nmax + width] = acc
                st0, st1 = pad.strides
                win = as_strided(pad, (S, width + nmax, nmax + 1), (st0, st1, st1), writeable=False)
                acc = np.matmul(win, tab[:, ::-1, None])[:, :, 0]
            out[g] = acc
        return out

    # ------------------------------------------------------------------ incoming hits
    def define_groups(self, keys: Iterable[Key]) -> None:
        """Group the hit keys the enemy can produce by the slots they may hit here: hits of
        one group are interchangeable. A group's rank (its smallest key repr) orders
        groups hitting equally many units, as the engine orders keys."""
        sig_of: dict[tuple, int] = {
            (sig, self.group_pref[g], self.group_double[g]): g for g, sig in enumerate(self.groups)
        }
        for key in keys:
            if key in self.group_of_key:
                continue
            # a key ending in "x2": the same hit in a double-casualty round
            dbl = key[-1] == "x2"
            base = key[:-1] if dbl else key
            sig = tuple(i for i, t in enumerate(self.slots) if eligible(t, base))
            if not sig:
                self.group_of_key[key] = None
                continue
            pref = base[3] if len(base) > 3 else ""
            if pref and not any(self.slots[i].domain == pref for i in sig):
                pref = ""  # nothing to prefer: an ordinary hit
            dbl = dbl and any(self.slots[i].domain in self.double_domains for i in sig)
            g = sig_of.get((sig, pref, dbl))
            if g is None:
                g = sig_of[(sig, pref, dbl)] = len(self.groups)
                self.groups.append(sig)
                self.group_pref.append(pref)
                self.group_double.append(dbl)
                self.group_rank.append(repr(base))
            else:
                self.group_rank[g] = min(self.group_rank[g], repr(base))
            self.group_of_key[key] = g

    def eligible_units(self, state: Sequence[int], g: int) -> int:
        sig = self.groups[g]
        return sum(state[c] for s in sig for c in self.slot_cells[s])

    def _group_plan(self, g: int):
        """Eligible slots of group ``g`` in casualty order, as (cells, multi-hit) lists:
        armed ones, then defenceless ones."""
        plan = self._plans.get(g)
        if plan is None:
            sig = self.groups[g]
            pref = self.group_pref[g]
            # a preferred domain (air superiority): its units first, while any is left
            tiers = [sig]
            if pref:
                tiers = [
                    [s for s in sig if self.slots[s].domain == pref],
                    [s for s in sig if self.slots[s].domain != pref],
                ]
            parts = []
            for tier in tiers:
                parts.extend(armed_first(tier, lambda s: self.slots[s]))
            plan = tuple([(self.slot_cells[s], self.slots[s].hits > 1) for s in p] for p in parts)
            self._plans[g] = plan
        return plan

    def hit_one(self, counts: list[int], g: int) -> bool:
        """Assign one hit of group ``g`` (the engine's ``assign_hits`` for one hit):
        armed eligible units first (defenceless only when no armed one is left); with
        absorb-first the first multi-hit unit with more than one hit point left takes
        damage; else the first unit in order takes the hit (a damaged one first). In a
        double-casualty group a hit on a unit of the double domains takes one hit point
        more from the first such unit in casualty order (Global War §9.2)."""
        slot = self._hit_slot(counts, g)
        if slot is None:
            return False
        if self.group_double[g] and self.slots[slot].domain in self.double_domains:
            for s in self.groups[g]:
                if self.slots[s].domain not in self.double_domains:
                    continue
                cells = self.slot_cells[s]
                for c in reversed(cells):  # lowest hp first
                    if counts[c]:
                        counts[c] -= 1
                        if c != cells[-1]:
                            counts[c + 1] += 1
                        return True
        return True

    def _hit_slot(self, counts: list[int], g: int) -> int | None:
        """One ordinary hit of group ``g``; the slot it hit (None: nobody to hit)."""
        for part in self._group_plan(g):
            alive = [
                (cells, multi)
                for cells, multi in part
                if (any(counts[c] for c in cells) if multi else counts[cells[0]])
            ]
            if not alive:
                continue
            if self.absorb:
                for cells, multi in alive:
                    if not multi:
                        continue
                    # the most damaged unit with hp > 1 goes on absorbing (it stays first)
                    for c in reversed(cells[:-1]):
                        if counts[c]:
                            counts[c] -= 1
                            counts[c + 1] += 1
                            return self.cell_slot[c]
            cells = alive[0][0]
            for c in reversed(cells):  # lowest hp first
                if counts[c]:
                    counts[c] -= 1
                    if c != cells[-1]:
                        counts[c + 1] += 1
                    return self.cell_slot[c]
        return None

    def apply_hits(self, state: Sequence[int], hits: Mapping[int, int]) -> tuple[int, ...]:
        """The state after a round's hits ``{group: count}``: groups fitting fewer units go
        first (ties by rank), each hit as :meth:`hit_one`."""
        counts = list(state)
        order = sorted(
            (g for g, n in hits.items() if n),
            key=lambda g: (self.eligible_units(state, g), self.group_rank[g]),
        )
        for g in order:
            for _ in range(hits[g]):
                if not self.hit_one(counts, g):
                    break
        return tuple(counts)


class StateSpace:
    """The states a side can reach by the enemy's round hits from its starting states,
    in topological order (each hit takes one hit point, so states are sorted by hit
    points left, most first), with per-state tables for vectorised play."""

    def __init__(
        self,
        side: Side,
        starts: Iterable[tuple[int, ...]],
        limit: int,
        n_groups: int | None = None,
    ):
        self.side = side
        groups = range(len(side.groups) if n_groups is None else n_groups)
        self.n_groups = len(groups)
        empty = (0,) * side.n_cells
        starts = list(dict.fromkeys(starts))
        hp = [side.cell_hp[c] for c in range(side.n_cells)]
        if len(groups) == 1 and len(starts) == 1:
            self._chain(side, starts[0], empty, hp)
            return
        seen: dict[tuple[int, ...], None] = {}
        stack = list(dict.fromkeys([*starts, empty]))
        succ_of: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        while stack:
            st = stack.pop()
            if st in seen:
                continue
            seen[st] = None
            if len(seen) > limit:
                raise _TooLarge(side.role, limit)
            nxt = []
            for g in groups:
                c = list(st)
                if side.hit_one(c, g):
                    t = tuple(c)
                    nxt.append(t)
                    if t not in seen:
                        stack.append(t)
                else:
                    nxt.append(st)
            succ_of[st] = nxt
        states = sorted(seen, key=lambda s: (-sum(n * h for n, h in zip(s, hp, strict=True)), s))
        index = {s: i for i, s in enumerate(states)}
        succ = [np.array([index[succ_of[s][g]] for s in states], dtype=np.int64) for g in groups]
        self._tables(side, states, index, succ, empty, hp)

    def _chain(self, side: Side, start, empty, hp) -> None:
        """One start, one kind of incoming hit: the states are a chain, hit after hit."""
        states = [start]
        c = list(start)
        while side.hit_one(c, 0):
            states.append(tuple(c))
        n = len(states)
        succ = list(range(1, n)) + [n - 1]
        if states[-1] != empty:  # units no hit can reach stay: the empty state apart
            states.append(empty)
            succ.append(n)
        index = {s: i for i, s in enumerate(states)}
        self._tables(side, states, index, [np.array(succ, dtype=np.int64)], empty, hp)

    def _tables(self, side: Side, states, index, succ, empty, hp) -> None:
        groups = range(self.n_groups)
        self.states = states
        self.index = index
        S = self.size = len(self.states)
        self.empty = self.index[empty]
        M = np.array(self.states, dtype=np.int64).reshape(S, side.n_cells)
        self.cells = M
        n_slots = len(side.slots)
        onehot = np.zeros((side.n_cells, n_slots + 2), dtype=np.int64)
        onehot[np.arange(side.n_cells), side.cell_slot] = 1
        onehot[:, n_slots] = hp
        onehot[:, n_slots + 1] = 1
        both = M @ onehot
        per_slot = both[:, :n_slots]
        self.per_slot = per_slot
        self.hp_left = both[:, n_slots]
        self.units = both[:, n_slots + 1]
        self.alive = self.units > 0
        # per state: defenceless units, detectors, cost, units that can take a land zone
        props = np.array(
            [
                (
                    t.defenseless,
                    t.detector,
                    side.cost_of(t),
                    takes_zone(t),
                    t.lone_defenseless(*side.lone_rules),
                )
                for t in side.slots
            ],
            dtype=float,
        ).reshape(n_slots, 5)
        per = per_slot.astype(float) @ props
        # sides that die alone: defenceless units, AA guns (the options say which)
        self.all_defenseless = self.alive & (per[:, 4] == self.units)
        self.det = per[:, 1] > 0
        self.cost = per[:, 2]
        self.can_capture = per[:, 3] > 0
        # one-hit successors per group, and the group order of a round's hits per state
        self.succ = succ
        self._pow: list[list[np.ndarray]] = [[np.arange(S)] for _ in groups]
        elig = np.zeros((len(groups), S), dtype=np.int64)
        for g in groups:
            elig[g] = per_slot[:, list(side.groups[g])].sum(axis=1)
        self.elig_units = elig
        self.order_id = np.zeros(S, dtype=np.int64)
        if len(groups) <= 1:
            self.orders = [(tuple(groups), np.arange(S))]
            return
        orders: dict[tuple[int, ...], list[int]] = defaultdict(list)
        for i in range(S):
            o = tuple(sorted(groups, key=lambda g, i=i: (elig[g, i], side.group_rank[g])))
            orders[o].append(i)
        self.orders = [(o, np.array(ix, dtype=np.int64)) for o, ix in orders.items()]
        for k, (_, ix) in enumerate(self.orders):
            self.order_id[ix] = k

    def power(self, g: int, h: int) -> np.ndarray:
        """State index after ``h`` hits of group ``g`` from every state."""
        p = self._pow[g]
        while len(p) <= h:
            p.append(self.succ[g][p[-1]])
        return p[h]

    def power_table(self, g: int, hmax: int) -> np.ndarray:
        self.power(g, hmax)
        return np.stack(self._pow[g][: hmax + 1])

    def max_useful_hits(self, g: int) -> int:
        """Hits of group ``g`` beyond this many change nothing from any state."""
        sig = self.side.groups[g]
        cells = [c for s in sig for c in self.side.slot_cells[s]]
        hp = np.array([self.side.cell_hp[c] for c in cells], dtype=np.int64)
        return int((self.cells[:, cells] @ hp).max()) if cells else 0

    def composition(self, i: int) -> dict[str, int]:
        return self.side.unit_type_counts(self.states[i])


class _TooLarge(Exception):
    def __init__(self, role: str, limit: int):
        super().__init__(f"the {role}'s states exceed {limit}")
        self.role = role
        self.limit = limit
