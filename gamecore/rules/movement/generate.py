"""Movement generation: the legal moves of the phasing nation's unit groups."""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Any

from gamecore.engine.actions import Action
from gamecore.engine.state import (
    ABOARD,
    AMPHIB,
    COMBAT,
    FOUGHT,
    HELD,
    MOVED,
    NEW,
    SUBMERGED,
    UNLOADED,
)
from gamecore.rules import wargame
from gamecore.rules.movement.context import (
    _KEY_FLAGS,
    MoveContext,
    _air_search,
    _emit,
    _land_search,
    _sea_search,
    slow_zones,
)
from gamecore.rules.movement.index import current_index
from gamecore.rules.movement.strategic import (
    _narrow_moves,
    _naval_moves,
    _rail_moves,
    _rail_sea_moves,
)

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


# ---------------------------------------------------------------------- generation
def move_actions(s: GameState, combat: bool) -> list[Action]:
    """The current nation's legal moves: the moves of each group of like units (kept
    between calls and regenerated only where something changed: :mod:`.index`), then
    unloading, then the special moves of the options that are on."""
    return list(chain.from_iterable(move_segments(s, combat)))


def move_segments(s: GameState, combat: bool) -> list[list[Action]]:
    """:func:`move_actions` as parts: the moves of fought units, one part per group (the
    lists the index keeps, never changed), the rest (:mod:`gamecore.engine.legal`)."""
    n = s.current_nation
    ctx = MoveContext(s, n, combat)
    ix = current_index(s, n, combat)
    first: list[Action] = []
    if ix.fought:
        fought = ix.in_order(ix.fought)
        for uid, path in sorted(wargame.follow_moves(s, ctx, fought).items()):
            _emit(first, [uid], path)
    parts = ix.moves(ctx, _group_moves)
    if first:
        parts.insert(0, first)
    out: list[Action] = []
    parts.append(out)
    if ix.cargo:
        cargo: dict[int, dict[str, list[int]]] = {}
        for uid in ix.in_order(ix.cargo):
            u = s.units[uid]
            cargo.setdefault(u.on, {}).setdefault(u.type, []).append(uid)
        for tid, by_type in cargo.items():
            _unload_moves(ctx, out, tid, by_type)
    airborne = combat and ctx.opts.get("airborne_assault")
    narrow = ctx.opts.get("narrow_crossings") and ctx.b.narrow
    rail = not combat and ctx.opts.get("strategic_rail") and ctx.b.rail_edges
    naval = not combat and ctx.opts.rule_on("strategic_naval_moves")
    if airborne or narrow or rail or naval:
        _special_moves(ctx, ix, out, airborne, narrow, rail, naval)
    if _restricting(ctx):
        return [_restricted(ctx, list(chain.from_iterable(parts)))]
    return parts


def _special_moves(ctx: MoveContext, ix, out: list[Action], airborne, narrow, rail, naval) -> None:
    """Airborne assaults, strategic naval moves, rail and narrow crossings (options)."""
    s = ctx.s
    ut = ctx.ut
    groups = ix.groups_in_order()
    if airborne:
        _airborne_moves(ctx, out, groups)
    if naval:
        _naval_moves(ctx, out, groups)
    if rail and ctx.opts.get("rail_sea_units"):
        _rail_sea_moves(ctx, out, groups)
    if narrow or rail:
        for (z0, typ, moves, _fl), ids in groups.items():
            t = ut[typ]
            if t.domain not in ("land", "air") or not s.board.is_land(z0):
                continue
            fresh = [i for i in ids if not s.units[i].flags & MOVED]
            if not fresh:
                continue
            if narrow and t.domain == "land":
                _narrow_moves(ctx, out, fresh, z0, t)
            if rail:  # §10.4 "Land & air units may non-combat move along railroad lines"
                _rail_moves(ctx, out, fresh, z0, moves, t)


def _group_moves(ctx: MoveContext, key: tuple, ids: list[int]) -> list[Action]:
    """The moves of one group of like units, ``key`` (zone, type, moves left, flags)."""
    z0, typ, moves, _fl = key
    out: list[Action] = []
    t = ctx.ut[typ]
    if t.domain == "land":
        _land_moves(ctx, out, ids, z0, t, moves)
    elif t.domain == "sea":
        if t.transport_capacity and not ctx.combat and _has_unloaded(ctx.s, ids):
            return out
        for path in _sea_search(ctx, z0, moves, typ).values():
            _emit(out, ids, path)
        if ctx.combat and moves >= 2 and ctx.opts.get("wg_pass_through"):
            _pass_moves(ctx, out, ids, z0, typ)
    elif t.domain == "air":
        _air_moves(ctx, out, ids, z0, t, moves)
    return out


def _restricting(ctx: MoveContext) -> bool:
    """Whether :func:`_restricted` may leave moves out now."""
    if ctx.combat and ctx.opts.get("wg_neutral_invasion"):
        return True
    restricted = ctx.opts.get("movement_restrictions")
    return bool(restricted) and ctx.n in restricted


def _restricted(ctx: MoveContext, out: list[Action]) -> list[Action]:
    """``out`` without the moves the nation's ``movement_restrictions`` forbid."""
    if ctx.combat and ctx.opts.get("wg_neutral_invasion"):
        out = wargame.affordable_neutral_moves(ctx.s, out)  # seeds/002 §4.10
    restricted = ctx.opts.get("movement_restrictions")
    n = ctx.s.current_nation
    if restricted and n in restricted and f"movement_free:{n}" not in ctx.s.awards:
        return restrict_paths(out, restricted[n])
    return out


def restrict_paths(actions: list[Action], rule: Any) -> list[Action]:
    """Option ``movement_restrictions`` (TripleA's ``movementRestrictionTerritories`` /
    ``movementRestrictionType``): nation -> ``{"mode": "allowed" | "disallowed", "zones":
    [...]}``; a move may pass and end only in the allowed zones (or in none of the
    disallowed ones). The effect ``lift_movement_restriction(N)`` ends it."""
    if not isinstance(rule, dict):
        return actions
    zones = {int(z) for z in rule.get("zones") or ()}
    if rule.get("mode") == "allowed":
        return [a for a in actions if a.kind != "move" or all(z in zones for z in a.path[1:])]
    return [a for a in actions if a.kind != "move" or not any(z in zones for z in a.path[1:])]


def route_moves(s: GameState, zone: int, via: tuple[int, ...]) -> list[Action]:
    """The current nation's moves from ``zone`` whose route passes through ``via`` in
    that order (a player's waypoints: TripleA's route through chosen territories). The
    same searches and checks as :func:`move_actions`, each zone of a route once; plain
    moves of land, sea and air units (no transport, rail, crossing or special mode: those
    follow their own routes). ``via`` empty: the plain moves of :func:`move_actions`."""
    combat = s.phase == "combat_move"
    n = s.current_nation
    ctx = MoveContext(s, n, combat)
    ut = ctx.ut
    via = tuple(via)
    groups: dict[tuple, list[int]] = {}
    fought: list[int] = []
    for uid in s.units_in(zone):
        u = s.units[uid]
        t = ut[u.type]
        if u.nation != n or t.immobile or t.infrastructure or u.on or u.moves <= 0:
            continue
        if u.flags & (HELD | NEW | UNLOADED | AMPHIB | SUBMERGED | ABOARD):
            continue
        if combat and t.no_combat_move:
            continue
        if not combat and t.domain != "air" and u.flags & (COMBAT | FOUGHT):
            if not u.flags & COMBAT and t.domain == "land" and not via:
                fought.append(u.id)  # seeds/002 artillery may follow its support shot
            continue
        groups.setdefault((u.type, u.moves, u.flags & _KEY_FLAGS), []).append(u.id)
    out: list[Action] = []
    if fought:
        for uid, path in sorted(wargame.follow_moves(s, ctx, fought).items()):
            _emit(out, [uid], path)
    for (typ, moves, _fl), ids in groups.items():
        t = ut[typ]
        ids = sorted(ids)
        if t.domain == "land" and s.board.is_land(zone):
            dests = _land_search(ctx, zone, moves, t.blitz, slow_zones(ctx.b, typ), via)
            for path in dests.values():
                _emit(out, ids, path)
        elif t.domain == "sea":
            if t.transport_capacity and not combat and _has_unloaded(s, ids):
                continue
            for path in _sea_search(ctx, zone, moves, typ, via).values():
                _emit(out, ids, path)
        elif t.domain == "air":
            plain: list[Action] = []
            _air_moves(ctx, plain, ids, zone, t, moves, via)
            out += [a for a in plain if not a.mode]
    return _restricted(ctx, out)


def unreachable_reason(s: GameState, zone: int, dest: int, via: tuple[int, ...] = ()) -> str:
    """Why the current nation's units in ``zone`` have no move to ``dest`` (through
    ``via``) this phase, in words: the same searches without the movement limit, and in
    the other movement phase, tell "too far" from "only in combat move" from "blocked".
    (For a player's message; "" when some unit there can get there.)"""
    combat = s.phase == "combat_move"
    n = s.current_nation
    ut = s.rules.units
    if any(a.path[-1] == dest for a in route_moves(s, zone, via)):
        return ""
    names = s.pack.map.zones
    where = names[dest].name if dest in names and names[dest].name else f"zone {dest}"
    units = [s.units[u] for u in s.units_in(zone) if s.units[u].nation == n and not s.units[u].on]
    if not units:
        return f"no unit of {n} there"
    movable = [u for u in units if u.moves > 0 and not ut[u.type].immobile]
    if not movable:
        return "its units have no movement left this turn"
    enemies = s.enemies(n)
    hostile = s.owner.get(dest) in enemies or any(
        s.units[x].nation in enemies for x in s.units_in(dest)
    )
    if not combat and hostile:
        return f"{where} is the enemy's: non-combat moves may not end there (attack in combat move)"
    far = 1 << 10
    reasons: list[str] = []
    for other in (combat, not combat):
        ctx = MoveContext(s, n, other)
        for u in movable:
            t = ut[u.type]
            if t.domain == "land" and s.board.is_land(zone):
                got = _land_search(ctx, zone, far, t.blitz, slow_zones(ctx.b, t.id), via)
            elif t.domain == "sea" and s.board.is_sea(zone):
                got = _sea_search(ctx, zone, far, t.id, via)
            elif t.domain == "air":
                got = _air_search(ctx, zone, far, via)
            else:
                continue
            path = got.get(dest)
            if path is None:
                continue
            steps = len(path) - 1
            if other != combat:
                reasons.append(
                    f"{where} is a combat move's destination (attack it in combat move)"
                    if other
                    else f"{where} may only be entered in non-combat move"
                )
            elif steps > u.moves:
                reasons.append(f"too far: the route takes {steps} moves, {t.id} has {u.moves} left")
            elif t.domain == "air":
                reasons.append(f"{t.id} could not land safely after it (not enough moves left)")
            else:
                reasons.append(f"{t.id} may not end its move there now")
        if reasons:
            return reasons[0]
    return (
        f"no route to {where}: enemy or impassable zones, closed straits or canals, or "
        "terrain these units cannot enter"
    )


def _has_unloaded(s: GameState, ids: list[int]) -> bool:
    return any(s.units[i].flags & UNLOADED for i in ids)


def _pass_moves(ctx: MoveContext, out: list[Action], ids: list[int], z0: int, typ: str) -> None:
    """seeds/002 naval pass-through (rules-notes/002 §4.6): in combat orders, ships go
    through a neighbouring sea zone held by enemy combat ships to the zone beyond (two sea
    zones at most), mode "pass"; the battle in the zone passed decides, after its first
    round, whether they got through (gamecore.rules.combat.resolve_passes)."""
    b = ctx.b
    for z1 in b.sea_nbrs[z0]:
        if z1 not in ctx.enemy_surface or not ctx.canal_open(z0, z1, typ):
            continue
        for z2 in b.sea_nbrs[z1]:
            if z2 != z0 and ctx.canal_open(z1, z2, typ):
                _emit(out, ids, (z0, z1, z2), mode="pass")


def _land_moves(ctx: MoveContext, out, ids, z0, t, moves) -> None:
    s = ctx.s
    if s.board.is_land(z0):
        dests = _land_search(ctx, z0, moves, t.blitz, slow_zones(ctx.b, t.id))
        for path in dests.values():
            _emit(out, ids, path)
        if ctx.combat and t.blitz_with and not t.blitz:
            _paired_blitz_moves(ctx, out, ids, z0, t, moves, dests)
        if t.towed_by and t.towed_movement > moves and moves == t.movement:
            _towed_moves(ctx, out, ids, z0, t, dests)
        # loading onto a transport in an adjacent sea zone
        if t.transport_cost and ctx.transportable and ctx.b.coast[z0]:
            _load_moves(ctx, out, ids, z0, t)


def _paired_blitz_moves(ctx: MoveContext, out, ids, z0, t, moves, plain) -> None:
    """Units that blitz only together with a partner (mech infantry with a tank,
    rules-notes/004 §3.2), one partner each."""
    s = ctx.s
    partners = [
        u.id
        for u in (s.units[i] for i in s.units_in(z0))
        if u.nation == ctx.n
        and u.type in t.blitz_with
        and not u.on
        and not u.flags & (COMBAT | NEW | HELD)
        and u.moves > 0
    ]
    if not partners:
        return
    for dest, path in _land_search(ctx, z0, moves, True, slow_zones(ctx.b, t.id)).items():
        if dest in plain:
            continue
        cost = sum(ctx.b.move_cost[z] for z in path[1:])
        able = [p for p in partners if s.units[p].moves >= cost]
        k = min(len(ids), len(able))
        if k:
            out.append(Action.move(ids[:k] + able[:k], path))
            if k > 1:
                out.append(Action.move(ids[:1] + able[:1], path))


def _towed_moves(ctx: MoveContext, out, ids, z0, t, plain) -> None:
    """Units towed 1:1 by a partner of ``t.towed_by`` moving with them go up to
    ``t.towed_movement`` (Global War §12.2: Motorized Infantry tows Artillery and AA
    Artillery, which then move 2)."""
    s = ctx.s
    partners = [
        u.id
        for u in (s.units[i] for i in s.units_in(z0))
        if u.nation == ctx.n
        and u.type in t.towed_by
        and not u.on
        and not u.flags & (NEW | HELD | UNLOADED | AMPHIB)
        and (ctx.combat or not u.flags & (COMBAT | FOUGHT))
        and u.moves > 0
    ]
    if not partners:
        return
    dests = _land_search(ctx, z0, t.towed_movement, t.blitz, slow_zones(ctx.b, t.id))
    for dest, path in dests.items():
        if dest in plain:
            continue
        cost = sum(ctx.b.move_cost[z] for z in path[1:])
        able = [p for p in partners if s.units[p].moves >= cost]
        k = min(len(ids), len(able))
        if k:
            out.append(Action.move(ids[:k] + able[:k], path))
            if k > 1:
                out.append(Action.move(ids[:1] + able[:1], path))


def towing_ok(s: GameState, units: list[int], path: tuple) -> bool:
    """Every unit going further than its own movement is towed by its own partner among
    ``units`` (Global War §12.2, 1:1)."""
    ut = s.rules.units
    if s.board.is_sea(path[0]):
        return True
    cost = sum(s.board.move_cost[z] for z in path[1:] if s.board.is_land(z))
    towed = [
        ut[s.units[u].type]
        for u in units
        if ut[s.units[u].type].towed_by and s.units[u].moves < cost
    ]
    if not towed:
        return True
    free = [s.units[u].type for u in units if not ut[s.units[u].type].towed_by]
    for t in towed:
        match = next((p for p in free if p in t.towed_by), None)
        if match is None:
            return False
        free.remove(match)
    return True


def blitz_pairing_ok(s: GameState, units: list[int], path: tuple) -> bool:
    """A combat move through hostile zones: every unit blitzes by itself, or is paired
    one to one with a partner it may blitz with."""
    if len(path) <= 2 or s.phase != "combat_move":
        return True
    ctx_en = s.enemies(s.current_nation)
    if not any(s.owner.get(z) in ctx_en for z in path[1:-1]):
        return True
    ut = s.rules.units
    types = [ut[s.units[u].type] for u in units]
    if any(t.domain != "land" for t in types):
        return True
    free = [t.id for t in types if t.blitz]
    for t in types:
        if t.blitz:
            continue
        match = next((p for p in free if p in t.blitz_with), None)
        if match is None:
            return False
        free.remove(match)
    return True


def _transports(ctx: MoveContext, sz: int) -> list[tuple[int, int]]:
    """(transport id, free capacity) of the transports land units may board in ``sz``
    (computed once per query)."""
    cache = ctx._tp_cache
    got = cache.get(sz)
    if got is None:
        s = ctx.s
        own_only = ctx.opts["transport_own_only"]
        got = []
        for tid in s.units_in(sz):
            tr = s.units[tid]
            tt = ctx.ut[tr.type]
            if not tt.transport_capacity or tr.flags & UNLOADED or tr.on:
                continue
            if tr.nation != ctx.n and (own_only or tr.nation not in ctx.friends):
                continue
            got.append((tid, tt.transport_capacity - s.cargo_load(tid)))
        cache[sz] = got
    return got


def transport_choices(s: GameState, units, path: tuple) -> list[int]:
    """The transports ``units`` may board on a loading move along ``path`` (land zone,
    sea zone): every transport of that sea zone they may use with room for them all.
    The legal moves offer one transport per sea zone (enough choice for bots); a player
    may name another of these (:func:`gamecore.rules.phases.is_legal_move` accepts it)."""
    if len(path) != 2 or not units or not s.board.is_sea(path[1]):
        return []
    ut = s.rules.units
    if any(u not in s.units for u in units):
        return []
    need = sum(ut[s.units[u].type].transport_cost for u in units)
    ctx = MoveContext(s, s.current_nation, combat=s.phase == "combat_move")
    return [tid for tid, free in _transports(ctx, path[1]) if free >= need]


def _load_moves(ctx: MoveContext, out, ids, z0, t) -> None:
    for sz in ctx.b.coast[z0]:
        for tid, free in _transports(ctx, sz):
            if free < t.transport_cost:
                continue
            fit = min(len(ids), free // t.transport_cost)
            out.append(Action.move(ids[:fit], (z0, sz), transport=tid))
            if fit > 1:
                out.append(Action.move(ids[:1], (z0, sz), transport=tid))
            break  # one transport per sea zone is enough choice


def _unload_moves(ctx: MoveContext, out, tid: int, by_type: dict[str, list[int]]) -> None:
    s = ctx.s
    tr = s.units.get(tid)
    if tr is None:
        return
    sz = tr.zone
    if sz in ctx.enemy_surface and not (ctx.combat and ctx.opts.get("contested_landing")):
        return  # no unloading from a hostile sea zone (fight there first)
    if not ctx.combat:
        # what sailed in combat move lands in combat move (an amphibious assault)
        if tr.flags & (COMBAT | FOUGHT):
            return
        by_type = {
            k: [i for i in ids if not s.units[i].flags & COMBAT] for k, ids in by_type.items()
        }
        by_type = {k: ids for k, ids in by_type.items() if ids}
        if not by_type:
            return
    everything = sorted(i for ids in by_type.values() for i in ids)
    for land in ctx.b.coast[sz]:
        st = ctx.status(land)
        if ctx.combat and st not in ("H", "N"):
            continue
        if not ctx.combat and st != "F" and not (st == "FN" and ctx.may_occupy):
            continue
        path = (sz, land)
        out.append(Action.move(everything, path))
        if len(by_type) > 1 or len(everything) > 1:
            for ids in by_type.values():
                out.append(Action.move(ids[:1], path))


def _airborne_moves(ctx: MoveContext, out: list[Action], groups: dict) -> None:
    """Global War §9.15 Airborne Assault (option ``airborne_assault``): an aircraft whose
    type has ``props.carries_airborne`` (Air Transport, Strategic Bomber) flies airborne
    units (``props.airborne``) that have not moved, from its zone to an enemy land zone in
    its range with a landing spot within what it has left; one "airborne" move carries the
    aircraft and its load."""
    s = ctx.s
    ut = ctx.ut
    paras: dict[int, list[int]] = {}
    for (z0, typ, _moves, _fl), ids in groups.items():
        t = ut[typ]
        if t.domain == "land" and t.props.get("airborne") and ctx.b.is_land(z0):
            paras.setdefault(z0, []).extend(i for i in ids if not s.units[i].flags & MOVED)
    if not any(paras.values()):
        return
    land_d = None
    for (z0, typ, moves, _fl), ids in sorted(groups.items()):
        t = ut[typ]
        cap = t.props.get("carries_airborne", 0)
        if t.domain != "air" or not isinstance(cap, int) or cap <= 0 or not paras.get(z0):
            continue
        planes = [i for i in ids if not s.units[i].flags & MOVED]
        if not planes:
            continue
        load = sorted(paras[z0])[:cap]
        if land_d is None:
            land_d = ctx.landing_distance()
        for dest, path in _air_search(ctx, z0, moves).items():
            if dest == z0 or not ctx.b.is_land(dest):
                continue
            if not (dest in ctx.enemy_any or s.owner.get(dest) in ctx.enemies):
                continue
            if land_d.get(dest, 1 << 20) > moves - (len(path) - 1):
                continue
            out.append(Action.move([planes[0], *load], path, mode="airborne"))


def _raided_zones(ctx: MoveContext) -> set[int]:
    """Zones the moving nation has declared bombing raids on this turn, which fighters may
    escort into (option ``raid_escorts``, Global War §9.16 step 1)."""
    s = ctx.s
    if not ctx.opts.get("raid_escorts"):
        return set()
    n = ctx.n
    return {
        s.units[u].zone
        for u, target in s.raids.items()
        if target >= 0 and u in s.units and s.units[u].nation == n
    }


def _enemy_land_units(ctx: MoveContext, z: int) -> bool:
    """Whether enemy land units (not infrastructure) stand in land zone ``z``."""
    s = ctx.s
    ut = s.rules.units
    for uid in s.units_in(z):
        u = s.units[uid]
        t = ut[u.type]
        if u.nation in ctx.enemies and t.domain == "land" and not t.infrastructure:
            return True
    return False


def _air_moves(ctx: MoveContext, out, ids, z0, t, moves, via: tuple[int, ...] = ()) -> None:
    s = ctx.s
    dests = _air_search(ctx, z0, moves, via)
    if ctx.combat:
        land_d = ctx.landing_distance()
        for dest, path in dests.items():
            left = moves - (len(path) - 1)
            if land_d.get(dest, 1 << 20) > left and not (
                ctx.b.is_sea(dest) and t.carrier_cost and dest in ctx.carrier_free()
            ):
                continue
            if dest in ctx.enemy_any or (ctx.b.is_land(dest) and ctx.status(dest) == "N"):
                _emit(out, ids, path)
            if t.bombing and ctx.opts.get("strategic_bombing") and ctx.b.is_land(dest):
                if s.owner.get(dest) in ctx.enemies:
                    for f in s.facilities_in(dest):
                        ft = s.rules.facility_types.get(f.type)
                        if ft and ft.id in t.bombing_targets and f.damage < ft.max_damage:
                            _emit(out, ids, path, mode="bomb", target=f.id)
            if (
                t.props.get("carpet_dice")
                and ctx.opts.get("carpet_bombing")
                and ctx.b.is_land(dest)
                and _enemy_land_units(ctx, dest)
            ):
                _emit(out, ids, path, mode="carpet")  # Global War §9.17
            if t.air_battle and not t.bombing and dest in _raided_zones(ctx):
                _emit(out, ids, path, mode="raid_escort")  # Global War §9.16 escorts
    else:
        free = ctx.carrier_free()
        for dest, path in dests.items():
            if ctx.b.is_sea(dest):
                if not t.carrier_cost or t.no_carrier:
                    continue
                room = free.get(dest, 0) // t.carrier_cost
                if room <= 0:
                    continue
                take = ids[:room]
                out.append(Action.move(take, path))
                if len(take) > 1:
                    out.append(Action.move(take[:1], path))
            elif ctx.can_land_on(dest):
                _emit(out, ids, path)
        # already on a landing spot: nothing to do; elsewhere the unit must move
