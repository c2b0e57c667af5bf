"""Who is lost to the hits of a volley: the casualty order of a profile and the assignment
of each :class:`~gamecore.rules.battle.units.Hit` (rules-notes/004 §4.3 two-hit units,
transports last; Global War T 9-1 air superiority and target selection, §9.2 double
casualties). A ruleset that takes some units first (Global War §9.8 amphibious units,
seeds/003 river and mountain crossers) does so through its own step, which hands the
reordering in (``first``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.state import Unit
from gamecore.rules.battle.units import (
    PROFILE_RANK,
    Casualties,
    Hit,
    _is_of,
    armed_first,
    eligible,
    kept_last,
)

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable, Sequence

    from gamecore.engine.state import GameState


def order_units(s: GameState, units: list[Unit], profile: str, attacker: bool, zone: int):
    """Casualty order: first to go first."""
    ut = s.rules.units
    rank = PROFILE_RANK.get(profile, PROFILE_RANK["cheapest"])
    order = sorted(units, key=lambda u: (*rank(ut[u.type]), u.id))
    if attacker and s.board.is_land(zone):
        # keep the best unit that can take the zone for last
        best = kept_last(order, lambda u: ut[u.type], lambda u: u.id)
        if best is not None:
            order.remove(best)
            order.append(best)
    return order


def assign_hits(
    s: GameState,
    targets: list[Unit],
    hits: list[Hit] | list[tuple],
    profile: str,
    attacker: bool,
    zone: int,
    exclude: set[int] | frozenset[int] = frozenset(),
    double: frozenset[int] = frozenset(),
    first: Sequence[Callable[[list[Unit]], list[Unit]]] = (),
    picks: tuple[int, ...] = (),
) -> Casualties:
    """Owner's casualty choice by ``profile``: returns (killed, {unit: new damage}).
    ``first``: the ruleset's steps' rules of which units are lost first, applied in turn
    (:attr:`gamecore.rules.battle.context.Round.lose_first`: each takes the casualty order
    and gives the units it puts at its head).
    ``picks``: the units the owner named to take the hits, one entry per hit (a unit
    with several hits left may be named more than once); each hit the owner places goes
    to the next named unit it may hit, before the profile's order and before a
    multi-hit unit absorbs it - the owner's own choice (rules-notes/004 §4.3:
    "Casualties are chosen by their owner"). The rules' constraints stand: a hit goes
    only to a unit it may hit, the firing side's target selection and the forced orders
    (``first``: crossers, §9.8 amphibious units) come first, and hits the named units
    cannot take follow the profile.
    A hit with a preferred domain (air superiority) goes to a unit of that domain when
    one is eligible. A hit on a unit of ``double`` takes a second unit of ``double``
    eligible for it (double casualties, Global War §9.2). A plain tuple of the same
    fields is taken as the hit it spells."""
    if not hits or not targets:
        return Casualties([], {})
    hits = [k if type(k) is Hit else Hit(*k) for k in hits]
    ut = s.rules.units
    order = [u for u in order_units(s, targets, profile, attacker, zone) if u.id not in exclude]
    forced: set[int] = set()  # units a rule makes the first casualties (named or not)
    for lost_first in first:
        head = {u.id for u in lost_first(order)}
        forced |= head
        order = [u for u in order if u.id in head] + [u for u in order if u.id not in head]
    hp = {u.id: ut[u.type].hits - u.damage for u in order}
    named: dict[int, int] = {}
    for uid in picks:  # (units gone since, or not among the targets, are ignored)
        if uid in hp and named.get(uid, 0) < hp[uid]:
            named[uid] = named.get(uid, 0) + 1
    absorb = s.rules.options["two_hit_absorb_first"]
    elig_count = {k: sum(eligible(ut[u.type], k) for u in order) for k in set(hits)}
    tie = {k: k.order() for k in elig_count}
    killed: list[Unit] = []
    # target-selection hits first (the firing side picks), then by how few units fit
    for k in sorted(hits, key=lambda k: (k.select is None, elig_count[k], tie[k])):
        alive = [u for u in order if hp[u.id] > 0 and eligible(ut[u.type], k)]
        if not alive:
            continue
        if k.prefer:
            alive = [u for u in alive if ut[u.type].domain == k.prefer] or alive
        target = None
        if k.select is not None:
            # T 9-1: the firing side picks; the engine's pick is the most expensive unit
            # of the classes allowed (a damaged one first, then the lowest id)
            allowed = [u for u in alive if _is_of(ut[u.type], k.select)]
            if allowed:
                target = max(allowed, key=lambda u: (ut[u.type].cost, -hp[u.id], -u.id))
        if target is None and named:
            # (while a unit a rule puts first is alive, only such a unit may be named)
            first_ids = forced & {u.id for u in alive}
            target = next(
                (
                    u
                    for u in alive
                    if named.get(u.id, 0) > 0 and (not first_ids or u.id in first_ids)
                ),
                None,
            )
            if target is not None:
                named[target.id] -= 1
        if target is None:
            armed = armed_first(alive, lambda u: ut[u.type])[0] or alive
            if absorb:
                target = next((u for u in armed if hp[u.id] > 1), None)
            if target is None:
                target = armed[0]
        hp[target.id] -= 1
        if hp[target.id] == 0:
            killed.append(target)
        if target.id in double:
            other = [u for u in order if u.id in double and hp[u.id] > 0 and u is not target]
            second = next((u for u in other if eligible(ut[u.type], k)), None)
            if second is not None:
                hp[second.id] -= 1
                if hp[second.id] == 0:
                    killed.append(second)
    damaged = {
        u.id: ut[u.type].hits - hp[u.id]
        for u in order
        if hp[u.id] > 0 and hp[u.id] < ut[u.type].hits - u.damage
    }
    return Casualties(killed, damaged)
