"""Money the planner gives away: The War Game's lend-lease (seeds/002 "Lend-Lease",
rules-notes/002 §2.7).

The heuristic machinery never gives lend-lease, so the U.S. money piles up in an army that
has no land route to the war while the Soviet Union, which faces the German army alone,
runs out. The planner's donor gives ``share`` of what the rules allow this turn to the
recipient whose land faces the strongest enemy land army (its attack power next to the
recipient's land), among those with factories to spend it (room for at least
``MIN_ROOM`` units a turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.rules.economy import placement_capacity

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState

#: a recipient that can place fewer units a turn than this cannot use the money
MIN_ROOM = 4


def land_pressure(state: GameState, n: str) -> float:
    """The attack power (attack times hits, over the dice) of the land units of ``n``'s
    enemies standing next to ``n``'s land."""
    b = state.board
    ut = state.rules.units
    enemies = state.enemies(n)
    mine = {z for z, o in state.owner.items() if o == n and b.is_land(z)}
    near = {y for z in mine for y in b.land_nbrs.get(z, ()) if y not in mine}
    dice = max(1, state.rules.dice)
    return sum(
        ut[u.type].attack * ut[u.type].hits / dice
        for u in state.units.values()
        if u.zone in near
        and u.nation in enemies
        and ut[u.type].domain == "land"
        and not ut[u.type].infrastructure
    )


def lend_lease(state: GameState, legal: list[Action], share: float) -> list[Action]:
    """The lend-lease to give now: at most one gift, to the recipient under the most
    pressure, of ``share`` of the largest amount offered ([] when there is none)."""
    offers = [a for a in legal if a.kind == "lend_lease"]
    if not offers or share <= 0:
        return []
    best = None
    for r in sorted({a.nation for a in offers}):
        if not state.alive(r) or placement_capacity(state, r)[0] < MIN_ROOM:
            continue
        p = land_pressure(state, r)
        if p > 0 and (best is None or p > best[0]):
            best = (p, r)
    if best is None:
        return []
    r = best[1]
    amounts = sorted(a.count for a in offers if a.nation == r)
    want = share * amounts[-1]
    give = max((x for x in amounts if x <= want + 1e-9), default=0)
    return [Action.lend_lease(r, give)] if give > 0 else []


class SpendRest:
    """A purchase step: money the plan left (lend-lease earmarked for hardware, which
    the heuristic mix's infantry cannot use) buys the land unit with the most attack and
    defence for its cost that the rules allow, within the room left to place it."""

    def __call__(self, state: GameState, legal: list[Action]) -> Action | None:
        n = state.current_nation
        ut = state.rules.units
        room = placement_capacity(state, n)[0] - sum(
            c for t, c in state.pending.get(n, {}).items() if t in ut
        )
        if room <= 0:
            return None
        best = None
        for a in legal:
            if a.kind != "buy" or a.type not in ut:
                continue
            t = ut[a.type]
            if t.domain != "land" or t.attack + t.defense <= 0:
                continue
            cost = max(1, t.cost_for(n))
            key = (-(t.attack + t.defense) / cost, cost, a.type)
            if best is None or key < best[0]:
                best = (key, a.type, cost)
        if best is None:
            return None
        _key, typ, cost = best
        for k in range(min(room, state.banks.get(n, 0) // cost), 0, -1):
            a = Action.buy(typ, k)
            if state.system.is_legal(state, a):
                return a
        return None


__all__ = ["MIN_ROOM", "SpendRest", "land_pressure", "lend_lease"]
