"""The heuristic bot's deferred plan steps (unload, load, sail, air landing, placement) and
small helpers (power, research, fitting a planned action to the legal ones, ferries)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.rules import movement
from gamecore.sim.bots.heuristic.view import _bfs, _View

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


# ---------------------------------------------------------------------- deferred steps
class _Unload:
    """Unload transport ``tid``'s cargo into ``zone`` (resolved when its turn comes: the
    transport may have just moved)."""

    def __init__(self, tid: int, zone: int):
        self.tid, self.zone = tid, zone

    def __call__(self, state, legal):
        tr = state.units.get(self.tid)
        if tr is None:
            return None
        cargo = set(state.cargo_of(self.tid))
        if not cargo:
            return None
        best = None
        for a in legal:
            if a.kind == "move" and a.path == (tr.zone, self.zone) and set(a.units) <= cargo:
                if best is None or len(a.units) > len(best.units):
                    best = a
        return best


class _Load:
    """Load one more unit (the hardest hitter that fits) of ``allowed`` onto ``tid``."""

    def __init__(self, tid: int, allowed: set[int]):
        self.tid, self.allowed = tid, allowed

    def __call__(self, state, legal):
        ut = state.rules.units
        best = None
        for a in legal:
            if a.kind != "move" or a.transport != self.tid:
                continue
            uid = a.units[0]
            if uid not in self.allowed:
                continue
            t = ut[state.units[uid].type]
            key = (-t.attack, -t.cost, uid)
            if best is None or key < best[0]:
                best = (key, a)
        if best is None:
            return None
        a = best[1]
        uid = a.units[0]
        self.allowed.discard(uid)
        return Action.move([uid], a.path, transport=self.tid)


class _Sail:
    def __init__(self, tid: int, move: Action):
        self.tid, self.move = tid, move

    def __call__(self, state, legal):
        return _fit(self.move, legal, state)


class _AirLand:
    """Land aircraft ``uid`` anywhere safe (after the group move filled a spot)."""

    def __init__(self, uid: int):
        self.uid = uid

    def __call__(self, state, legal):
        cands = [
            a
            for a in legal
            if a.kind == "move" and self.uid in a.units and not a.transport and not a.mode
        ]
        if not cands:
            return None
        a = min(cands, key=lambda a: (state.board.is_sea(a.path[-1]), len(a.path), a.path))
        return Action.move([self.uid], a.path)


class _Place:
    def __init__(self, typ: str, zones: list[int]):
        self.typ, self.zones = typ, zones

    def __call__(self, state, legal):
        ok = {a.zone for a in legal if a.kind == "place" and a.type == self.typ}
        for z in self.zones:
            if z in ok:
                return Action.place(self.typ, z)
        for a in legal:
            if a.kind == "place" and a.type == self.typ:
                return a
        return None


# ---------------------------------------------------------------------- small helpers
def _prefix_power(state, units, stat: str) -> list[float]:
    """:func:`_power` of ``units[:1]``, ``units[:2]``, ... (for the smallest sufficient
    force)."""
    ut = state.rules.units
    dice = state.rules.dice
    rate = 0.0
    hp = 0
    out = []
    for u in units:
        t = ut[u.type]
        rate += t.stat(stat, u.damage > 0) / dice
        hp += t.hits - u.damage
        out.append(rate * hp)
    return out


def _power(state, units, stat: str) -> float:
    """Lanchester fighting power of a force: summed hit chance times summed hit points."""
    ut = state.rules.units
    dice = state.rules.dice
    rate = 0.0
    hp = 0
    for u in units:
        t = ut[u.type]
        rate += t.stat(stat, u.damage > 0) / dice
        hp += t.hits - u.damage
    return rate * hp


def _research_plan(state: GameState, legal: list[Action], bank: int) -> list[Action]:
    """Research rolls to make first (seeds/000 §7.6): as many as the dice and the money
    allow (keeping 10 for units when research costs), easiest stage first."""
    from gamecore.rules import tech

    acts = [a for a in legal if a.kind == "research"]
    if not acts:
        return []
    n = state.current_nation
    cost = int(state.rules.options["research_cost"])
    dice = tech.research_dice(state, n) - len(tech.rolled(state, n))
    if cost:
        dice = min(dice, max(0, bank - 10) // cost)
    techs = state.rules.technologies

    def target(a: Action) -> tuple:
        t = techs[a.type]
        return (t.targets[min(tech.stage(state, n, t.id), t.stages - 1)], a.type)

    return sorted(acts, key=target)[: max(0, dice)]


def _raid_step(state: GameState, legal: list[Action]) -> Action | None:
    """A convoy raid still open at the end of combat move (after the planned moves)."""
    return next((a for a in legal if a.kind == "raid" and not a.mode), None)


def _fit(a: Action, legal: list[Action], state=None) -> Action | None:
    """``a`` if legal now, or the legal move that carries the same units between the same
    zones (its path may differ), or the part of it that can still go, or None."""
    if a in legal:
        return a
    if a.kind == "buy":
        if Action.buy(a.type) not in legal:
            return None
        if state is not None and state.earmarks and not state.system.is_legal(state, a):
            return Action.buy(a.type)  # the plan counted earmarked money this type can't use
        return a
    if a.kind != "move":
        return None
    if state is not None and state.system.is_legal(state, a):
        return a  # groups combined into one move
    want = set(a.units)
    by_path: dict[tuple, set[int]] = {}
    for x in legal:
        if (
            x.kind == "move"
            and x.path[0] == a.path[0]
            and x.path[-1] == a.path[-1]
            and x.transport == a.transport
            and x.mode == a.mode
            and x.target == a.target
        ):
            by_path.setdefault(x.path, set()).update(x.units)
    best = None
    for path, can in sorted(by_path.items(), key=lambda kv: (len(kv[0]), kv[0])):
        ids = sorted(want & can)
        if state is not None:
            ids = _paired(state, ids, path)
        if ids and (best is None or len(ids) > len(best[1])):
            best = (path, ids)
    if best is None:
        return None
    path, ids = best
    return Action.move(ids, path, transport=a.transport, mode=a.mode, target=a.target)


def _paired(state, ids: list[int], path: tuple) -> list[int]:
    """``ids`` less the units that may not blitz along ``path`` without a partner."""
    if movement.blitz_pairing_ok(state, ids, path):
        return ids
    ut = state.rules.units
    keep = [i for i in ids if ut[state.units[i].type].blitz]
    for i in ids:
        if i not in keep and movement.blitz_pairing_ok(state, keep + [i], path):
            keep.append(i)
    return sorted(keep)


def _pick_profile(legal: list[Action]) -> Action:
    profiles = [a for a in legal if a.kind == "casualties"]
    if not profiles:
        return legal[0]
    for p in profiles:
        if p.profile == "cheapest":
            return p
    return profiles[0]


def _roles(units: dict) -> dict[str, str]:
    out: dict[str, str] = {}
    for t, u in sorted(units.items(), key=lambda kv: (kv[1].cost, kv[0])):
        if u.transport_capacity and "transport" not in out:
            out["transport"] = t
    return out


def _needs_ferry(v: _View, state) -> bool:
    """True when there is enemy land our land units cannot reach by land."""
    return bool(_ferry_goals(v, state))


def _ferry_goals(v: _View, state) -> set[int]:
    """Sea zones next to enemy land that our land units cannot reach by land."""
    return v.ferry_goals()


def _transports_wanted(v: _View, state, tr_type, share: float) -> int:
    """How many more transports of ``tr_type`` it takes to carry ``share`` of our land
    units standing where no land route leads to enemy land (counted in transport cost)."""
    cap = max(1, tr_type.transport_capacity)
    if share <= 0:
        return 0
    b = v.b
    ut = v.ut
    enemy = {z: 0 for z in b.zones if v.is_enemy_land(z) and z not in b.impassable}
    reach = _bfs(b.land_nbrs, enemy, allowed={z for z in b.zones if z not in b.impassable})
    stranded = sum(
        ut[u.type].transport_cost
        for z, us in v.mine.items()
        if b.is_land(z) and z not in reach
        for u in us
        if ut[u.type].domain == "land" and ut[u.type].transport_cost and not u.on
    )
    have = sum(ut[u.type].transport_capacity for us in v.mine.values() for u in us)
    missing = share * stranded - have
    return max(0, -int(-missing // cap))


def _fleet_outgunned(v: _View) -> bool:
    b = v.b
    ut = v.ut
    ours = 0.0
    theirs = 0.0
    coast = set()
    for z in v.mine:
        if b.is_land(z):
            coast.update(b.coast.get(z, ()))
    for z in sorted(coast):
        for u in v.friendly_units.get(z, ()):
            if b.is_sea(z) and ut[u.type].is_warship:
                ours += ut[u.type].defense * ut[u.type].hits
        for y in (z, *b.sea_nbrs.get(z, ())):
            for u in v.hostile.get(y, ()):
                if ut[u.type].is_warship:
                    theirs += ut[u.type].attack * ut[u.type].hits
    return theirs > ours * 1.2 and theirs > 0
