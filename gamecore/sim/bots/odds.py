"""Battle odds for the bots: the one place the heuristic bot asks "is this attack worth it?".

:func:`battle_odds` is the adapter. With ``exact=True`` it asks the battle calculator of
issue #10 (:func:`gamecore.sim.battle.calculate`: exact odds, every rule of the dice
resolver); by default it runs the bots' fast estimate, a small vectorised Monte Carlo of
the engine's dice battle (about ten times cheaper, for screening many candidate attacks):

- hit values come from the engine itself (:func:`gamecore.rules.combat.fire_values`:
  support, terrain, modifier policy), so they match the rules of the ruleset in play;
- casualties go cheapest first, multi-hit units absorb a first hit, the attacker keeps its
  best land unit for last in a land battle (as the engine's "cheapest" profile does);
- defenceless units (transports) are taken last and die when left alone;
- AA fire before the battle is counted as an expected loss of attacking aircraft.

The estimate ignores first strike and per-domain targeting; the calculator does not, and
the bot confirms each attack it chooses with it. When the calculator refuses a battle
(too large, a unit it does not know) the estimate answers instead. Deterministic: the
dice come from ``seed`` (never the game's generator).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from gamecore.engine.state import SUBMERGED, Unit

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState

MAX_ROUNDS = 12
DEFAULT_TRIALS = 96


@dataclass(frozen=True)
class Odds:
    """Outcome estimate of one battle, from the attacker's point of view."""

    win: float  # the attacker clears the zone (and can take it, for a land zone)
    lose: float  # the attacker is wiped out
    att_loss: float  # expected IPC value the attacker loses
    def_loss: float  # expected IPC value the defender loses
    trials: int = 0  # dice trials of the estimate; -1: the battle calculator's exact odds

    @property
    def draw(self) -> float:
        return max(0.0, 1.0 - self.win - self.lose)

    @property
    def trade(self) -> float:
        """Expected IPC gain of the attacker in units (defender's loss minus its own)."""
        return self.def_loss - self.att_loss


def defenders_in(state: GameState, zone: int, attacker: str) -> list[Unit]:
    """Units that would defend ``zone`` against ``attacker`` (what the engine's battle
    would line up: at war with the attacker, not carried, not submerged, not
    infrastructure)."""
    en = state.enemies(attacker)
    ut = state.rules.units
    out = []
    for uid in state.units_in(zone):
        u = state.units[uid]
        if u.nation in en and not u.on and not u.flags & SUBMERGED:
            if not ut[u.type].infrastructure:
                out.append(u)
    return out


def battle_odds(
    state: GameState,
    zone: int,
    attackers: Sequence[Unit],
    defenders: Sequence[Unit] | None = None,
    trials: int = DEFAULT_TRIALS,
    seed: int = 0,
    extra_defenders: Sequence[str] = (),
    exact: bool = False,
) -> Odds:
    """Odds of ``attackers`` (units of one nation, wherever they are now) attacking
    ``zone``. ``defenders`` default to the enemy units there; ``extra_defenders`` adds
    hypothetical ones by unit type (a neutral's standing army). ``exact`` asks the battle
    calculator (``trials == -1`` in the answer says it did)."""
    if not attackers:
        return Odds(0.0, 1.0, 0.0, 0.0, 0)
    nation = attackers[0].nation
    if defenders is None:
        defenders = defenders_in(state, zone, nation)
    defenders = list(defenders)
    if extra_defenders:
        nid = -1
        for typ in extra_defenders:
            defenders.append(Unit(nid, "_neutral", typ, zone))
            nid -= 1
    if exact:
        odds = _calculator_odds(state, zone, list(attackers), defenders)
        if odds is not None:
            return odds
    return _quick_odds(state, zone, list(attackers), defenders, trials, seed)


def _calculator_odds(
    state: GameState, zone: int, attackers: list[Unit], defenders: list[Unit]
) -> Odds | None:
    """The battle calculator's exact answer, or None when it cannot give one."""
    try:
        from gamecore.sim.battle import BattleContext, BattleError, calculate
    except ImportError:  # pragma: no cover - the calculator is part of gamecore
        return None
    ut = state.rules.units
    att: dict[str, int] = {}
    att_dmg: dict[str, int] = {}
    for u in attackers:
        att[u.type] = att.get(u.type, 0) + 1
        if u.damage:
            att_dmg[u.type] = att_dmg.get(u.type, 0) + 1
    dfn: dict[str, int] = {}
    def_dmg: dict[str, int] = {}
    nations: dict[str, int] = {}
    for u in defenders:
        if ut[u.type].infrastructure:
            continue
        dfn[u.type] = dfn.get(u.type, 0) + 1
        nations[u.nation] = nations.get(u.nation, 0) + 1
        if u.damage:
            def_dmg[u.type] = def_dmg.get(u.type, 0) + 1
    if not dfn or not att:
        return None
    sea = state.board.is_sea(zone)
    ctx = BattleContext(
        sea=sea,
        terrain=state.board.terrain.get(zone, ""),
        amphibious=any(u.on for u in attackers) and not sea,
        attacker_nation=attackers[0].nation,
        defender_nation=max(sorted(nations), key=nations.__getitem__) if nations else "",
        attacker_damaged=att_dmg,
        defender_damaged=def_dmg,
    )
    try:
        r = calculate(state.rules, att, dfn, ctx, method="auto", samples=2000, seed=zone)
    except (BattleError, ValueError, KeyError):
        return None
    win = r.attacker_win if sea or r.attacker_captures is None else r.attacker_captures
    return Odds(
        float(win),
        float(r.defender_win),
        float(r.attacker.expected_cost_lost),
        float(r.defender.expected_cost_lost),
        -1,
    )


# ---------------------------------------------------------------------- the fast estimate
class _Side:
    __slots__ = ("p", "death", "lost_cost", "end", "capture_end", "probs", "alive")

    def __init__(self, p, death, lost_cost, end, capture_end):
        self.p = p  # hit probability per unit
        self.death = death  # index of the unit's last hit point in the casualty sequence
        self.lost_cost = lost_cost  # IPC lost after k hit points are gone (len = hp + 1)
        self.end = end  # hit points until the side counts as gone
        self.capture_end = capture_end  # hit points until no unit that can capture is left
        # units grouped by hit chance: alive[k, g] = units of group g still firing after k
        # hit points are gone (the dice of a group are one binomial draw)
        self.probs = np.array(sorted({float(x) for x in p if x > 0}), dtype=np.float64)
        hp = len(lost_cost) - 1
        alive = np.zeros((hp + 1, len(self.probs)), dtype=np.int64)
        ks = np.arange(hp + 1)[:, None]
        for g, pg in enumerate(self.probs):
            deaths = death[p == pg]
            alive[:, g] = (deaths[None, :] >= ks).sum(axis=1)
        self.alive = alive


def _side(state: GameState, units: list[Unit], stat: str, zone: int, att: bool) -> _Side:
    from gamecore.rules.combat import fire_values

    ut = state.rules.units
    land_battle = state.board.is_land(zone)
    values = fire_values(state, units, stat, zone, "att" if att else "def")
    dice = float(state.rules.dice)

    def key(i: int):
        t = ut[units[i].type]
        return (t.defenseless, t.cost, t.attack + t.defense, units[i].id)

    order = sorted(range(len(units)), key=key)
    if att and land_battle:
        cap = [
            i
            for i in order
            if ut[units[i].type].domain == "land" and not ut[units[i].type].cannot_capture
        ]
        if cap:
            best = max(cap, key=lambda i: (ut[units[i].type].cost, units[i].id))
            order.remove(best)
            order.append(best)
    absorb = state.rules.options["two_hit_absorb_first"]
    seq: list[int] = []  # unit index per hit point, in the order they are lost
    if absorb:
        for i in order:
            extra = ut[units[i].type].hits - units[i].damage - 1
            seq.extend([i] * max(0, extra))
        seq.extend(order)
    else:
        for i in order:
            seq.extend([i] * max(1, ut[units[i].type].hits - units[i].damage))
    death = np.zeros(len(units), dtype=np.int64)
    for k, i in enumerate(seq):
        death[i] = k
    lost = [0.0]
    acc = 0.0
    for k, i in enumerate(seq):
        if death[i] == k:
            acc += ut[units[i].type].cost_for(units[i].nation)
        lost.append(acc)
    end = len(seq)
    if state.rules.options.get("unescorted_transports_die"):
        armed = [k for k, i in enumerate(seq) if not ut[units[i].type].defenseless]
        end = (armed[-1] + 1) if armed else 0  # the defenceless die with the last armed
    capture_end = end
    if att:
        if land_battle:
            caps = [
                int(death[i])
                for i in range(len(units))
                if ut[units[i].type].domain == "land" and not ut[units[i].type].cannot_capture
            ]
            capture_end = (max(caps) + 1) if caps else 0
    p = np.array([min(1.0, v / dice) for v in values], dtype=np.float64)
    return _Side(p, death, np.array(lost, dtype=np.float64), end, min(capture_end, end))


def _aa_loss(state: GameState, attackers: list[Unit], defenders: list[Unit]) -> float:
    ut = state.rules.units
    if not state.rules.options.get("aa_fire"):
        return 0.0
    shots = 0
    value = 0
    domains: set[str] = set()
    for u in defenders:
        t = ut[u.type]
        if t.aa_shots and t.aa_value:
            shots += t.aa_shots
            value = max(value, t.aa_value)
            domains.update(t.aa_targets)
    if not shots:
        return 0.0
    air = [u for u in attackers if ut[u.type].domain in domains]
    if not air:
        return 0.0
    cheapest = min(ut[u.type].cost for u in air)
    return min(shots, len(air)) * value / state.rules.dice * cheapest


class Defence:
    """One zone's defenders, prepared once for many estimates of attacks on it (the bot
    tries several attacking forces against the same defence)."""

    def __init__(
        self,
        state: GameState,
        zone: int,
        defenders: Sequence[Unit],
        extra_defenders: Sequence[str] = (),
    ):
        units = list(defenders)
        for i, typ in enumerate(extra_defenders):
            units.append(Unit(-1 - i, "_neutral", typ, zone))
        self.state = state
        self.zone = zone
        self.units = units
        self.side = _side(state, units, "defense", zone, False) if units else None

    def odds(self, attackers: Sequence[Unit], trials: int = DEFAULT_TRIALS, seed: int = 0) -> Odds:
        """The fast estimate of ``attackers`` against this defence."""
        if not attackers:
            return Odds(0.0, 1.0, 0.0, 0.0, 0)
        return _quick_odds(
            self.state, self.zone, list(attackers), self.units, trials, seed, self.side
        )


def _quick_odds(
    state: GameState,
    zone: int,
    attackers: list[Unit],
    defenders: list[Unit],
    trials: int,
    seed: int,
    d: _Side | None = None,
) -> Odds:
    a = _side(state, attackers, "attack", zone, True)
    aa = _aa_loss(state, attackers, defenders)
    if not defenders:
        win = 1.0 if a.capture_end > 0 else 0.0
        return Odds(win, 0.0, aa, 0.0, 0)
    if d is None:
        d = _side(state, defenders, "defense", zone, False)
    if d.end == 0:  # only defenceless units: they die at once
        win = 1.0 if a.capture_end > 0 else 0.0
        return Odds(win, 0.0, aa, float(d.lost_cost[-1]), 0)
    if not a.p.any() and not d.p.any():
        return Odds(0.0, 0.0, aa, 0.0, 0)
    rng = np.random.default_rng(seed & 0x7FFFFFFFFFFFFFFF)
    ka = np.zeros(trials, dtype=np.int64)
    kd = np.zeros(trials, dtype=np.int64)
    a_max = len(a.lost_cost) - 1
    d_max = len(d.lost_cost) - 1
    for _ in range(MAX_ROUNDS):
        active = (ka < a.end) & (kd < d.end)
        if not active.any():
            break
        hits_a = rng.binomial(a.alive[ka], a.probs).sum(axis=1) if len(a.probs) else 0
        hits_d = rng.binomial(d.alive[kd], d.probs).sum(axis=1) if len(d.probs) else 0
        kd = np.where(active, np.minimum(kd + hits_a, d_max), kd)
        ka = np.where(active, np.minimum(ka + hits_d, a_max), ka)
    d_gone = kd >= d.end
    a_gone = ka >= a.end
    win = float(np.mean(d_gone & (ka < a.capture_end)))
    lose = float(np.mean(a_gone & ~d_gone))
    a_k = np.where(a_gone, len(a.lost_cost) - 1, ka)
    att_loss = float(np.mean(a.lost_cost[a_k])) + aa
    d_k = np.where(d_gone, len(d.lost_cost) - 1, kd)
    def_loss = float(np.mean(d.lost_cost[d_k]))
    return Odds(win, lose, att_loss, def_loss, trials)


def strength(state: GameState, units: Sequence[Unit], stat: str) -> float:
    """A rough fighting strength: expected hits per round times hit points."""
    ut = state.rules.units
    dice = state.rules.dice
    total = 0.0
    for u in units:
        t = ut[u.type]
        total += t.stat(stat, u.damage > 0) / dice * (t.hits - u.damage)
    return total
