"""Scoring a candidate plan by a short lookahead: what each attack of it is worth by the
battle odds, less the opponent's best reply to the zones it takes.

A combat-move plan is a list of steps (engine actions and the heuristic machinery's
deferred steps); :func:`attacks_of` reads which units it sends where. :func:`score_plan`
then weighs each attack with :func:`gamecore.sim.bots.odds.battle_odds` and, for a land
zone taken, asks how the strongest enemy nation in reach would answer: its odds of taking
the zone back from what is expected to survive, with the battle calculator's exact odds
for the first replies (the budget allowing) and the quick estimate after. Everything is
counted in work units of a :class:`Budget`, so the cut-off is the same on every machine
and a game stays the same for a seed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.sim.bots.odds import battle_odds, defenders_in

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState, Unit


class Budget:
    """Work units left for one decision (a deterministic stand-in for thinking time)."""

    def __init__(self, units: int):
        self.left = int(units)
        self.spent = 0

    def take(self, k: int = 1) -> bool:
        """Spend ``k`` units if that many are left."""
        if self.left < k:
            return False
        self.left -= k
        self.spent += k
        return True


def attacks_of(state: GameState, nation: str, steps: Iterable) -> dict[int, list[int]]:
    """Destination zone -> ids of ``nation``'s units a plan sends there (moves, and the
    cargo of transports it unloads)."""
    out: dict[int, list[int]] = {}
    for st in steps:
        if isinstance(st, Action):
            if st.kind != "move" or not st.path:
                continue
            ids = list(st.units)
            dest = st.path[-1]
        else:
            tid, zone = getattr(st, "tid", None), getattr(st, "zone", None)
            if tid is None or zone is None or getattr(st, "allowed", None) is not None:
                continue
            ids = list(state.cargo_of(tid))
            dest = zone
        got = out.setdefault(dest, [])
        for i in ids:
            u = state.units.get(i)
            if u is not None and u.nation == nation and i not in got:
                got.append(i)
    return out


def _survivors(state: GameState, units: list[Unit], lost_cost: float) -> list[Unit]:
    """The land units expected to stand in a zone after losing ``lost_cost`` worth of
    the attackers, cheapest first (the casualty order of the engine's default)."""
    ut = state.rules.units
    land = sorted(
        (u for u in units if ut[u.type].domain == "land"), key=lambda u: (ut[u.type].cost, u.id)
    )
    left = lost_cost
    out = []
    for u in land:
        c = ut[u.type].cost
        if left >= c * 0.5:
            left -= c
            continue
        out.append(u)
    return out


def score_plan(bot, view, state: GameState, steps: list, budget: Budget, replies: bool = True):
    """(score, attacks counted) of a combat-move plan for the view's nation: per attack
    the expected trade plus the won zone's worth (as the heuristic weighs it), less
    ``counter_weight`` times the opponent's best reply when ``replies``."""
    par = bot.planner
    knobs = bot.params
    n = view.n
    b = state.board
    total = 0.0
    counted = 0
    exact_left = par.exact_replies
    for z, ids in sorted(attacks_of(state, n, steps).items()):
        units = [state.units[i] for i in ids]
        if not units:
            continue
        land = b.is_land(z)
        defenders = defenders_in(state, z, n)
        hostile_land = land and (view.owner(z) in view.enemies or z in view.hostile)
        neutral_land = (
            land and state.is_neutral_owner(view.owner(z)) and view.owner(z) not in view.friends
        )
        if not defenders and not hostile_land and not neutral_land:
            continue  # a move through friendly or empty water, not an attack
        worth = view.zone_worth(z) if land else 0.0
        if land and z in b.capital_of and view.owner(z) in view.enemies:
            worth += knobs.capital_value
        seed = bot._seed(state, 7919 + z)
        if defenders:
            if not budget.take(1):
                break
            o = battle_odds(state, z, units, defenders, trials=48, seed=seed)
            win, lost = o.win, o.att_loss
            gain = o.trade + o.win * knobs.value_weight * worth
        else:
            win, lost = 1.0, 0.0
            gain = knobs.value_weight * worth + 1.0
        counted += 1
        if replies and land and win > 0.2:
            stay = _survivors(state, units, lost)
            reply = _best_reply(
                view,
                state,
                z,
                stay,
                worth,
                knobs,
                budget,
                par.exact_cost if exact_left > 0 else 0,
                seed,
            )
            if reply is None:
                total += gain
                break
            if reply[1]:
                exact_left -= 1
            gain -= par.counter_weight * win * reply[0]
        total += gain
    return total, counted


def _best_reply(view, state, z, stay, worth, knobs, budget, exact_cost, seed):
    """(what the strongest enemy nation's counter-attack on ``z`` costs us, whether the
    exact calculator answered) or None when the budget ran out; ``exact_cost`` 0: the quick
    estimate only."""
    exact = exact_cost > 0
    threats = [u for u in view.threats_at(z) if u.zone != z]
    by_nation: dict[str, list] = {}
    for u in threats:
        by_nation.setdefault(u.nation, []).append(u)
    ut = state.rules.units
    worst = 0.0
    used_exact = False
    for nat in sorted(by_nation):
        us = by_nation[nat]
        if not any(ut[u.type].domain == "land" for u in us):
            continue
        if not stay:
            worst = max(worst, knobs.value_weight * worth)
            continue
        cost = exact_cost if exact else 1
        if not budget.take(cost):
            if not budget.take(1):
                return None
            exact = False
        o = battle_odds(state, z, us, stay, trials=48, seed=seed + 1, exact=exact)
        used_exact = used_exact or exact
        # their win takes the zone back; the units both sides lose count as they are
        loss = o.win * knobs.value_weight * worth + o.def_loss - o.att_loss
        worst = max(worst, loss)
    return worst, used_exact


__all__ = ["Budget", "attacks_of", "score_plan"]
