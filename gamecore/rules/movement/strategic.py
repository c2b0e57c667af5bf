"""Global War movement: strategic rail (seeds/000 §10.4, §10.5, §1.12, §1.17), narrow
crossings (§1.20, §1.21) and naval moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.engine.state import (
    COMBAT,
    EVENT_LOGS,
    MOVED,
    UNLOADED,
)
from gamecore.rules import patrol
from gamecore.rules.movement.context import (
    MoveContext,
    _air_search,
    _emit,
    _land_search,
    _sea_search,
    slow_zones,
)

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


# ---------------------------------------------------------------------- Global War
# Strategic rail movement (seeds/000 §10.4, §10.5, §1.12 rivers, §1.17 Burma Road) and
# narrow crossings (§1.20, §1.21 Channel Ports). Per-round counters live in
# GameState.logistics (gamecore.rules.supply.count).


def rail_capacity(s: GameState, region: str) -> int:
    """Units per player per turn that may strategic-rail in ``region`` (§10.4 Figure 10-1:
    option ``rail_capacity``; regions it does not name: ``rail_capacity_default``)."""
    caps = s.rules.options.get("rail_capacity") or {}
    v = caps.get(region)
    if v is None:
        v = s.rules.options["rail_capacity_default"]
    return v


def _rail_ok_zone(ctx: MoveContext, z: int) -> bool:
    """§10.4: a zone possessed since the start of the turn (option ``rail_permission``
    "alliance": also an Aligned nation's zone), with no enemy units."""
    s = ctx.s
    if not ctx.b.is_land(z) or z in ctx.enemy_any:
        return False
    o = s.start_owner.get(z)
    if o != ctx.n and not (ctx.opts.get("rail_permission") == "alliance" and o in ctx.friends):
        return False
    return s.owner.get(z) == o


def rail_reach(ctx: MoveContext, z0: int) -> dict[int, tuple]:
    """Zones a land unit in ``z0`` reaches by strategic rail: dest -> path (shortest by
    zones). Damaged rails are closed; with option ``rail_gauge_stop`` (§10.5) a move
    ends in the first zone after a change of gauge."""
    from gamecore.rules import supply

    key = ("rail", z0)
    hit = ctx._status.get(key)
    if hit is not None:
        return hit
    s = ctx.s
    b = ctx.b
    out: dict[int, tuple] = {}
    if _rail_ok_zone(ctx, z0):
        stop = ctx.opts.get("rail_gauge_stop")
        player = supply.player_of(s, ctx.n)
        seen = {z0}
        frontier = [(z0, (z0,), "")]
        while frontier:
            nxt = []
            for z, path, gauge in frontier:
                for y, g, _kind, cap, cond in b.rail_edges.get(z, ()):
                    if y in seen or not _rail_ok_zone(ctx, y):
                        continue
                    if cap and supply.counter(s, f"road|{z}|{y}|{player}") >= cap:
                        continue
                    if not supply.rail_edge_open(s, z, y, cond, ctx.n):
                        continue
                    seen.add(y)
                    p = (*path, y)
                    out[y] = p
                    if stop and g and gauge and g != gauge:
                        continue  # §10.5: ends in the first zone after the change
                    nxt.append((y, p, g or gauge))
            frontier = nxt
    ctx._status[key] = out
    return out


def rail_room(s: GameState, nation: str, path: tuple) -> int:
    """How many more units may rail along ``path`` this turn: every region it touches
    counts (§10.4 "counts against the limits in both areas"), and so does every edge
    with a capacity of its own (the Burma Road)."""
    from gamecore.rules import supply

    player = supply.player_of(s, nation)
    room = 1 << 30
    for r in sorted({s.board.region.get(z, "") for z in path}):
        room = min(room, rail_capacity(s, r) - supply.counter(s, f"rail|{player}|{r}"))
    for z, y in zip(path, path[1:], strict=False):
        for yy, _g, _k, cap, _c in s.board.rail_edges.get(z, ()):
            if yy == y and cap:
                room = min(room, cap - supply.counter(s, f"road|{z}|{y}|{player}"))
    return max(0, room)


def _rail_moves(ctx: MoveContext, out, ids, z0, moves, t) -> None:
    reach = rail_reach(ctx, z0)
    if not reach:
        return
    if t.domain == "air":
        plain = _air_search(ctx, z0, moves)
    else:
        plain = _land_search(ctx, z0, moves, False, slow_zones(ctx.b, t.id))
    for dest, path in reach.items():
        if dest in plain:
            continue  # an ordinary move gets there without using rail capacity
        k = min(len(ids), rail_room(ctx.s, ctx.n, path))
        if k > 0:
            _emit(out, ids[:k], path, mode="rail")


def _rail_sea_moves(ctx: MoveContext, out, groups) -> None:
    """§10.4: "A coastal submarine may be strategically railed if it starts its movement
    adjacent to a Friendly Major Port/Shipyard/Dockyard, or Submarine Base and must end its
    move in a sea zone adjacent to a land zone with" one (unit types of option
    ``rail_sea_units``, facility types of ``rail_sea_facilities``)."""
    s = ctx.s
    kinds = ctx.opts.get("rail_sea_units") or []
    facs = ctx.opts.get("rail_sea_facilities") or []
    bases = ctx._status.get(("rail_sea_bases",))
    if bases is None:
        bases = set()
        for f in s.facilities.values():
            if f.type in facs and s.owner.get(f.zone) in ctx.friends and not f.damage:
                bases.add(f.zone)
        ctx._status[("rail_sea_bases",)] = bases
    for (z0, typ, moves, _fl), ids in groups.items():
        if typ not in kinds or not ctx.b.is_sea(z0):
            continue
        fresh = [i for i in ids if not s.units[i].flags & MOVED]
        if not fresh:
            continue
        plain = _sea_search(ctx, z0, moves, typ)
        best: dict[int, tuple] = {}
        for l1 in ctx.b.coast[z0]:
            if l1 not in bases:
                continue
            for l2, path in rail_reach(ctx, l1).items():
                if l2 not in bases:
                    continue
                for sz in ctx.b.coast[l2]:
                    p = (z0, *path, sz)
                    if sz != z0 and sz not in plain and sz not in ctx.enemy_any:
                        if sz not in best or len(p) < len(best[sz]):
                            best[sz] = p
        for _sz, p in sorted(best.items()):
            k = min(len(fresh), rail_room(s, ctx.n, p[1:-1]))
            if k > 0:
                _emit(out, fresh[:k], p, mode="rail")


def _narrow_by_zone(b) -> dict[int, list[tuple[int, int, bool, tuple[int, ...]]]]:
    got = b.cache.get("narrow_by_zone")
    if got is None:
        got = {}
        for (a, c), (limit, port, vias) in sorted(b.narrow.items()):
            got.setdefault(a, []).append((c, limit, port, vias))
            got.setdefault(c, []).append((a, limit, port, vias))
        b.cache["narrow_by_zone"] = got
    return got


def narrow_blocked(ctx: MoveContext, vias: tuple[int, ...]) -> bool:
    """§1.20: enemy warships, enemy aircraft (Maritime Air Patrol) or enemy Coastal
    Artillery (facility types of option ``narrow_crossing_blockers``) on a crossed sea
    zone close the crossing."""
    return any(_via_blocked(ctx, v) for v in vias)


def _via_blocked(ctx: MoveContext, via: int) -> bool:
    key = ("narrow_blocked", via)
    got = ctx._status.get(key)
    if got is not None:
        return got
    s = ctx.s
    blocked = via in ctx.enemy_surface
    if not blocked:
        for uid in s.units_in(via):
            u = s.units[uid]
            if u.nation in ctx.enemies and ctx.ut[u.type].domain == "air":
                blocked = True
                break
    if not blocked and s.patrols:  # §1.20: "or aircraft on Maritime Air Patrol"
        blocked = via in patrol.hunted_zones(s, ctx.enemies, carriers=False)
    if not blocked:
        kinds = ctx.opts["narrow_crossing_blockers"]
        for f in s.facilities.values():
            if f.type in kinds and via in ctx.b.coast.get(f.zone, ()):
                if s.owner.get(f.zone) in ctx.enemies and s.facility_operative(f):
                    blocked = True
                    break
    ctx._status[key] = blocked
    return blocked


def narrow_room(s: GameState, nation: str, a: int, b: int) -> int:
    from gamecore.rules import supply

    key = (a, b) if a < b else (b, a)
    limit, _port, _vias = s.board.narrow[key]
    used = supply.counter(s, f"cross|{supply.player_of(s, nation)}|{key[0]}|{key[1]}")
    return max(0, limit - used)


def _narrow_moves(ctx: MoveContext, out, ids, z0, t) -> None:
    """§1.20: combat move, only the unit types of ``narrow_crossing_combat`` (Marines);
    non-combat move, the classes of ``narrow_crossing_classes`` (infantry-class) or, at a
    Channel Port (§1.21), any land unit; from one side straight to the other."""
    opts = ctx.opts
    for y, _limit, port, via in _narrow_by_zone(ctx.b).get(z0, ()):
        st = ctx.status(y)
        if ctx.combat:
            if t.id not in opts["narrow_crossing_combat"] or st not in ("H", "N"):
                continue
        else:
            classes = opts["narrow_crossing_classes"]
            if not port and t.props.get("class") not in classes:
                continue
            if st != "F" and not (st == "FN" and ctx.may_occupy):
                continue
        if narrow_blocked(ctx, via):
            continue
        k = min(len(ids), narrow_room(ctx.s, ctx.n, z0, y))
        if k > 0:
            _emit(out, ids[:k], (z0, y), mode="cross")


def naval_room(s: GameState, nation: str) -> int:
    """§10.6: strategic naval moves left this round (the optional rule
    ``strategic_naval_moves`` switches them on; option ``strategic_naval_allowance``:
    nation -> number, shared by a player's nations)."""
    from gamecore.rules import supply

    table = s.rules.options.get("strategic_naval_allowance") or {}
    player = supply.player_of(s, nation)
    have = table.get(nation, table.get(player, 0))
    return max(0, have - supply.counter(s, f"naval|{player}"))


def _naval_cost(s: GameState, tids) -> int:
    """§10.6 "Each land or naval unit counts as 1": transports and their cargo."""
    return sum(1 + len(s.cargo_of(t)) for t in tids)


def _naval_ports(ctx: MoveContext) -> frozenset[int]:
    """Sea zones served by a friendly, operative naval facility (§10.6 "Major or Minor
    Friendly Shipyard, Dockyard, or Port": the types of option ``supply_facilities``)."""
    from gamecore.rules import supply

    key = ("naval_ports",)
    got = ctx._status.get(key)
    if got is None:
        s = ctx.s
        kinds = ctx.opts.get("supply_facilities") or {}
        zs = set()
        for f in s.facilities.values():
            if f.type in kinds and s.owner.get(f.zone) in ctx.friends and not f.damage:
                if s.facility_operative(f):
                    zs.update(supply.served(s, f))
        got = ctx._status[key] = frozenset(zs)
    return got


def _naval_blocked(ctx: MoveContext, z: int) -> bool:
    """§10.6: no zone with enemy warships, submarines or aircraft (on patrol)."""
    s = ctx.s
    for uid in s.units_in(z):
        u = s.units[uid]
        if u.nation in ctx.enemies and not u.on:
            t = ctx.ut[u.type]
            if t.domain == "air" or t.is_warship:
                return True
    return False


def naval_reach(ctx: MoveContext, z0: int) -> dict[int, tuple]:
    """Port-to-port strategic naval moves from ``z0``: up to ``strategic_naval_range``
    sea zones through open canals and zones free of enemy warships and aircraft."""
    key = ("naval", z0)
    got = ctx._status.get(key)
    if got is not None:
        return got
    ports = _naval_ports(ctx)
    out: dict[int, tuple] = {}
    if z0 in ports and not _naval_blocked(ctx, z0):
        rng = ctx.opts["strategic_naval_range"]
        unit = (ctx.opts.get("strategic_naval_units") or ["naval_transport"])[0]
        seen = {z0}
        frontier = [(z0, (z0,))]
        for _ in range(rng):
            nxt = []
            for z, path in frontier:
                for y in ctx.b.sea_nbrs[z]:
                    if y in seen or not ctx.canal_open(z, y, unit) or _naval_blocked(ctx, y):
                        continue
                    seen.add(y)
                    p = (*path, y)
                    if y in ports:
                        out[y] = p
                    nxt.append((y, p))
            frontier = nxt
    ctx._status[key] = out
    return out


def _naval_moves(ctx: MoveContext, out, groups) -> None:
    """One choice per destination for an empty transport of a group, and for each loaded
    one (its cargo differs)."""
    s = ctx.s
    room = naval_room(s, ctx.n)
    if room <= 0:
        return
    kinds = ctx.opts.get("strategic_naval_units") or ["naval_transport"]
    for (z0, typ, moves, _fl), ids in groups.items():
        if typ not in kinds or not ctx.b.is_sea(z0):
            continue
        reach = None
        empty_done = False
        for tid in ids:
            if s.units[tid].flags & (MOVED | UNLOADED):
                continue
            loaded = bool(s.cargo_of(tid))
            if (not loaded and empty_done) or _naval_cost(s, [tid]) > room:
                continue
            empty_done = empty_done or not loaded
            if reach is None:
                plain = _sea_search(ctx, z0, moves, typ)
                reach = [p for d, p in naval_reach(ctx, z0).items() if d not in plain]
            for path in reach:
                out.append(Action.move([tid], path, mode="naval"))


def _land_part(s: GameState, path: tuple) -> tuple:
    """The land zones of a rail path (a railed coastal sub starts and ends at sea)."""
    return tuple(z for z in path if s.board.is_land(z))


def special_move_ok(s: GameState, a: Action, units) -> bool:
    """Whether the units of a combined "rail", "cross" or "naval" move fit this turn's
    capacity (§10.4, §1.20, §10.6)."""
    if a.mode == "rail":
        return len(units) <= rail_room(s, s.current_nation, _land_part(s, a.path))
    if a.mode == "cross":
        return len(units) <= narrow_room(s, s.current_nation, a.path[0], a.path[-1])
    if a.mode == "naval":
        return _naval_cost(s, units) <= naval_room(s, s.current_nation)
    return True


def _apply_special(s: GameState, a: Action, combat: bool) -> None:
    from gamecore.rules import supply

    n = s.current_nation
    player = supply.player_of(s, n)
    path = a.path
    k = len(a.units)
    if a.mode == "naval":
        supply.count(s, f"naval|{player}", _naval_cost(s, a.units))
        for tid in a.units:
            for cid in s.cargo_of(tid):
                s.move_unit(cid, path[-1])
    elif a.mode == "rail":
        land = _land_part(s, path)
        for r in sorted({s.board.region.get(z, "") for z in land}):
            supply.count(s, f"rail|{player}|{r}", k)
        for z, y in zip(land, land[1:], strict=False):
            for yy, _g, _k, cap, _c in s.board.rail_edges.get(z, ()):
                if yy == y and cap:
                    supply.count(s, f"road|{z}|{y}|{player}", k)
                    s.bump()  # rail_reach (cached per epoch) reads this counter
    else:
        key = (path[0], path[-1]) if path[0] < path[-1] else (path[-1], path[0])
        supply.count(s, f"cross|{player}|{key[0]}|{key[1]}", k)
    base = MOVED | (COMBAT if combat else 0)
    for uid in a.units:
        u = s.units[uid]
        s.move_unit(uid, path[-1], moves=0, flags=u.flags | base)
        s.origins[uid] = path[-2]
    if s.log_mode in EVENT_LOGS:
        s.event("move", units=list(a.units), path=list(path), mode=a.mode)
