"""Movement: legal moves as (unit group, path) and what a move does.

Sources:
- seeds/004 "Spaces on the game board": adjacency, friendly/hostile/neutral territory,
  impassable zones, hostile sea zones = enemy (at-war) surface warships, canals and narrow
  straits by control at the start of the turn (side, not power), subs through Gibraltar,
  air unaffected by canals.
- seeds/004 "Summary of play": combat moves into hostile spaces, non-combat moves only
  with units that took no part in combat.
- rules-notes/004 §4.2: land stops on entering a hostile zone (blitz through empty ones),
  subs pass hostile zones unless an enemy destroyer is there, powers not at war do not
  enter each other's territory, air must be able to land; §4.10: air/naval base +1 move.

To keep the action space small, each group of identical units (same zone, type, moves
left, state) yields two moves per destination: the whole group and a single unit, along
one shortest legal path.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING, Any

from gamecore.engine.actions import Action
from gamecore.engine.board import NEUTRAL
from gamecore.engine.options import OptionSpec
from gamecore.engine.state import (
    ABOARD,
    AIRBORNE,
    AMPHIB,
    ASSAULT,
    COMBAT,
    ESCORT,
    EVENT_LOGS,
    FOUGHT,
    HELD,
    LOADED,
    MOVED,
    NEW,
    PASSING,
    SUBMERGED,
    UNLOADED,
)
from gamecore.rules import control, patrol, wargame

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState

_KEY_FLAGS = AIRBORNE | COMBAT | FOUGHT | AMPHIB | UNLOADED | NEW | HELD | LOADED


class MoveContext:
    """What one nation sees of the board right now (built once per legal-move query)."""

    def __init__(self, s: GameState, nation: str, combat: bool):
        self.s = s
        self.n = nation
        self.combat = combat
        self.b = s.board
        self.ut = s.rules.units
        self.opts = s.rules.options
        self.enemies = s.enemies(nation)
        self.friends = s.friends(nation)
        self.attackable = self.opts.get("neutrals") == "attackable"
        self.side = s.board.alliance_of.get(nation)
        # seeds/004 "Friendly neutrals": moved into by land units of a power at war
        self.may_occupy = any(x in s.board.alliance_of for x in self.enemies)
        # what depends only on control, enemy units and relations is shared by every
        # query (and clone) until one of those changes (GameState.epoch)
        # (only for the nation to move: its own moves do not bump the counter, and they
        # would change what another nation sees)
        if nation == s.current_nation:
            cache = s._mcache
            if cache is None or cache[0] != s.epoch:
                cache = (s.epoch, {})
                s._mcache = cache
            shared = cache[1].get(combat)
            if shared is None:
                shared = self._shared()
                cache[1][combat] = shared
        else:
            shared = self._shared()
        self.enemy_any, self.enemy_surface, self.enemy_detector = shared[0]
        self._status: dict[int, str] = shared[1]
        self._land_cache: dict[tuple, dict[int, tuple]] = shared[2]
        self._sea_cache: dict[tuple, dict[int, tuple]] = shared[3]
        self._air_cache: dict[tuple, dict[int, tuple]] = shared[4]
        self._landing: dict[int, int] | None = None
        self._carrier_free: dict[int, int] | None = None
        self._tp_cache: dict[int, list[tuple[int, int]]] = {}
        self.transportable = s.rules.nation_rules(nation).transportable

    def _shared(self) -> tuple:
        enemy_any: set[int] = set()
        enemy_surface: set[int] = set()
        enemy_detector: set[int] = set()
        for u in self.s.units.values():
            # ships on escort duty may be ignored when moving (Global War §9.11)
            if u.nation in self.enemies and not (u.flags & (SUBMERGED | ESCORT)) and not u.on:
                t = self.ut[u.type]
                if t.infrastructure:
                    continue
                enemy_any.add(u.zone)
                if t.is_surface_warship:
                    enemy_surface.add(u.zone)
                if t.detector:
                    enemy_detector.add(u.zone)
        if self.s.rules.options.get("sub_decline"):
            # Global War §8.9 / seeds/003: submarines pass enemy zones unless the enemy
            # has an aircraft on patrol there (or, house rules, a carrier with aircraft)
            enemy_detector = patrol.hunted_zones(self.s, self.enemies)
        return ((enemy_any, enemy_surface, enemy_detector), {}, {}, {}, {})

    # -- zone status ------------------------------------------------------------
    def status(self, z: int) -> str:
        """Land zone for this nation: F friendly, H hostile (attack), N attackable neutral,
        X closed (impassable, a power at peace, neutral when neutrals are impassable)."""
        st = self._status.get(z)
        if st is not None:
            return st
        b = self.b
        if z in b.impassable:
            st = "X"
        else:
            o = self.s.owner.get(z)
            if o in self.friends and o != self.n and not wargame.shares_land(self.s, self.n, o):
                st = "X"  # seeds/002 §2.3: a friend whose land this nation may not share
                if (
                    not self.combat
                    and wargame.may_take_vacated(self.s, self.n, o)
                    and wargame.vacated(self.s, z)
                ):
                    st = "F"  # ... but whose vacated land it may take (non-combat move)
            elif o in self.friends:
                st = "H" if z in self.enemy_any else "F"
            elif o in self.enemies:
                st = "H"
            elif self.s.is_neutral_owner(o):
                al = self.s.alignment.get(z)
                if self.side is not None and al == f"pro_{self.side}":
                    st = "FN"  # a friendly neutral: occupied by non-combat move only
                else:
                    st = "N" if self.attackable and self._may_attack(o) else "X"
            else:
                st = "X"
        self._status[z] = st
        return st

    def _may_attack(self, neutral: str | None) -> bool:
        """Option war_gates (seeds/000 §5.5): attacking a neutral is a declaration of war
        on it, allowed only where the scenario's war gates allow (gamecore.rules.politics)."""
        if not self.opts.get("war_gates"):
            return True
        from gamecore.rules.politics import war_targets

        if not hasattr(self, "_war_ok"):
            self._war_ok = war_targets(self.s, self.n)
        return self._war_ok is None or (neutral or NEUTRAL) in self._war_ok

    def canal_open(self, a: int, b: int, unit_type: str) -> bool:
        c = self.b.canals.get((a, b) if a < b else (b, a))
        if c is not None and (c.a, c.b) in self.s.closed_links:
            return False  # closed by a scenario event (gamecore.rules.politics)
        if c is None or unit_type in c.exempt:
            return True
        own = self.s.start_owner if self.opts.get("canal_control") == "turn_start" else self.s.owner
        holders = [own.get(z) for z in c.controllers]
        if not holders:
            return True
        if c.free_while_neutral and all(self.s.is_neutral_owner(h) for h in holders):
            return True  # seeds/002 "Turkey": any navy passes while Turkey is neutral
        if c.rule == "any":
            return any(h in self.friends for h in holders)
        return all(h in self.friends for h in holders)

    def strait_open(self, a: int, b: int) -> bool:
        key = (a, b) if a < b else (b, a)
        if key not in self.b.strait_via:
            return True
        if key in self.s.closed_links:
            return False  # closed by a scenario event (gamecore.rules.politics)
        if key in self.b.narrow and self.opts.get("narrow_crossings"):
            return False  # seeds/000 §1.20: crossed only by "cross" moves (_narrow_moves)
        via = self.b.strait_via[key]
        return via is None or via not in self.enemy_surface

    # -- air landing ----------------------------------------------------------------
    def carrier_free(self) -> dict[int, int]:
        """Free carrier slots per sea zone (friendly undamaged carriers minus the friendly
        air already there)."""
        if self._carrier_free is None:
            cap: dict[int, int] = {}
            used: dict[int, int] = {}
            own = self.opts.get("wg_carrier_own_only")  # seeds/002 "Aircraft carrier"
            for u in self.s.units.values():
                if u.nation not in self.friends or (own and u.nation != self.n):
                    continue
                t = self.ut[u.type]
                if t.carrier_capacity and self.b.is_sea(u.zone):
                    c = t.stat("carrier_capacity", u.damage > 0)
                    cap[u.zone] = cap.get(u.zone, 0) + c
                elif t.domain == "air" and self.b.is_sea(u.zone) and not u.flags & ABOARD:
                    used[u.zone] = used.get(u.zone, 0) + max(1, t.carrier_cost)
            self._carrier_free = {z: c - used.get(z, 0) for z, c in cap.items()}
        return self._carrier_free

    def can_land_on(self, z: int) -> bool:
        if self.b.is_sea(z):
            return self.carrier_free().get(z, 0) > 0
        if self.status(z) != "F":
            return False
        o = self.s.owner.get(z)
        if o != self.n and o in self.friends and not wargame.shares_air(self.s, self.n, o):
            return False  # seeds/002 §2.3: the sharing matrix's "air" pairs
        if z in self.s.captured and not self.opts.get("air_lands_in_captured"):
            return False
        return True

    def air_passable(self, z: int) -> bool:
        if z in self.b.impassable:
            return False
        if self.b.is_land(z):
            st = self.status(z)
            if st == "X" and not (
                z not in self.b.impassable and self.s.owner.get(z) in self.friends
            ):
                return False  # (aircraft fly over a friend's land they may not share)
            if st in ("N", "FN") and not self.opts.get("air_over_neutral"):
                return False
        return True

    def landing_distance(self) -> dict[int, int]:
        """Air distance from each zone to the nearest landing spot (shared while the
        landing spots stay the same)."""
        if self._landing is None:
            b = self.b
            land = self._shared_land_spots()
            spots = {z for z, free in self.carrier_free().items() if free > 0}
            if self.combat:
                spots |= self._planned_carrier_zones()
            seas = tuple(sorted(spots))
            key = ("landing", seas)
            dist = self._status.get(key)  # the status memo doubles as the shared cache
            if dist is None:
                dist = {z: 0 for z in land}
                for z in seas:
                    dist[z] = 0
                frontier = list(dist)
                nbrs = b.nbrs
                d = 0
                while frontier:
                    d += 1
                    nxt = []
                    for z in frontier:
                        for y in nbrs[z]:
                            if y not in dist and self.air_passable(y):
                                dist[y] = d
                                nxt.append(y)
                    frontier = nxt
                self._status[key] = dist
            self._landing = dist
        return self._landing

    def _planned_carrier_zones(self) -> set[int]:
        """Combat move: sea zones free of enemies that one of the moving nation's carriers,
        undamaged and not moved yet, can reach in its non-combat move: a fighter may attack
        relying on the carrier coming to pick it up (G40 2E; issue #23 point 6). If the
        carrier does not come, the fighter is lost at the end of the turn."""
        out: set[int] = set()
        for u in self.s.units.values():
            if u.nation != self.n or u.damage or u.on:
                continue
            t = self.ut[u.type]
            if not t.carrier_capacity or u.moves <= 0 or u.flags & (MOVED | COMBAT | FOUGHT):
                continue
            if not self.b.is_sea(u.zone):
                continue
            out.add(u.zone)
            for z in _sea_search(self, u.zone, u.moves, u.type):
                if z not in self.enemy_any:
                    out.add(z)
        return out

    def _shared_land_spots(self) -> list[int]:
        spots = self._status.get(("land_spots",))
        if spots is None:
            spots = [z for z in self.b.zones if self.b.is_land(z) and self.can_land_on(z)]
            self._status[("land_spots",)] = spots
        return spots


# ---------------------------------------------------------------------- searches
def slow_zones(b, unit_type: str) -> frozenset[int]:
    """Zones whose terrain cuts ``unit_type``'s movement to 1 (Global War §1.8-§1.11;
    terrain ``slow``, except the types of its ``slow_exempt``: cavalry in mountains)."""
    if not b.slow:
        return frozenset()
    key = ("slow", unit_type)
    got = b.cache.get(key)
    if got is None:
        got = b.cache[key] = frozenset(z for z, ex in b.slow.items() if unit_type not in ex)
    return got


def _land_search(
    ctx: MoveContext,
    z0: int,
    moves: int,
    blitz: bool,
    slow: frozenset[int] = frozenset(),
    via: tuple[int, ...] = (),
) -> dict[int, tuple]:
    """Destinations of a land unit: dest -> path (cached per context). A zone in ``slow``
    (Global War §1.8-§1.11 "movement reduced to 1") is entered only as the first step of a
    move, which ends there. ``via``: only routes through these zones in this order (a
    player's waypoints), each zone once; the search is the same, over (zone, waypoints
    passed) instead of zones."""
    b = ctx.b
    if blitz and z0 in b.no_blitz_out:
        blitz = False  # Global War T 9-3: no blitzing out of mountains, deserts, jungles, marshes
    key = (z0, moves, blitz, slow, via) if via else (z0, moves, blitz, slow)
    hit = ctx._land_cache.get(key)
    if hit is not None:
        return hit
    out: dict[int, tuple] = {}
    status = ctx.status
    combat = ctx.combat
    straits = b.strait_via
    # seeds/003 MOUNTAIN RULES "BLITZ: can not be done if entering, crossing or leaving a
    # mountain ... border": no blitz into or out of a zone across such a border
    nob = no_blitz_edges(ctx) if blitz and combat else frozenset()

    def blocked(z: int, y: int, path: tuple) -> bool:
        # leaving a zone passed by blitz (not the start, not a friend's) across the border
        return (min(z, y), max(z, y)) in nob and len(path) > 1 and status(z) != "F"

    nv = len(via)
    if b.uniform_cost:
        seen: set = {z0}
        frontier = [(z0, (z0,), 0)]
        for _ in range(moves):
            nxt = []
            for z, path, k in frontier:
                for y in b.land_nbrs[z]:
                    if nv:  # a route through waypoints: (zone, waypoints passed) is the node
                        step = _waypoint_step(via, k, y, path, seen)
                        if step is None:
                            continue
                        k2, seen_key = step
                    else:  # the plain search (the hot path: no call)
                        k2, seen_key = 0, y
                        if y in seen:
                            continue
                    stop = y in slow
                    if stop and len(path) > 1:
                        continue
                    if straits and not ctx.strait_open(z, y):
                        continue
                    if nob and blocked(z, y, path):
                        continue
                    st = status(y)
                    if st == "X":
                        continue
                    seen.add(seen_key)
                    p = (*path, y)
                    done = k2 == nv and y not in out  # every waypoint passed
                    if combat:
                        if st == "F":
                            if not stop:
                                nxt.append((y, p, k2))
                        elif st != "FN":
                            if done:
                                out[y] = p
                            if (
                                blitz
                                and not stop
                                and _blitzable(ctx, y, st)
                                and (min(z, y), max(z, y)) not in nob
                            ):
                                nxt.append((y, p, k2))
                    elif st == "F":
                        if done:
                            out[y] = p
                        if not stop:
                            nxt.append((y, p, k2))
                    elif st == "FN" and ctx.may_occupy and done:
                        out[y] = p  # into, not through
            frontier = nxt
        ctx._land_cache[key] = out
        return out
    cost_of = b.move_cost
    best: dict = {(z0, 0) if nv else z0: 0}
    heap = [(0, z0, (z0,), 0)]
    while heap:
        cost, z, path, k = heapq.heappop(heap)
        if cost > best.get((z, k) if nv else z, 1 << 30):
            continue
        for y in b.land_nbrs[z]:
            if y in path:
                continue
            k2 = k + 1 if k < nv and via[k] == y else k
            stop = y in slow
            if stop and len(path) > 1:
                continue
            c = cost + cost_of[y]
            if c > moves or not ctx.strait_open(z, y):
                continue
            if nob and blocked(z, y, path):
                continue
            st = status(y)
            if st == "X" or (st == "FN" and (combat or not ctx.may_occupy)):
                continue
            p = (*path, y)
            cont = False
            done = k2 == nv  # every waypoint passed
            if st == "FN":
                if done and (y not in out or len(p) < len(out[y])):
                    out[y] = p
            elif combat:
                if st in ("H", "N"):
                    if done and (y not in out or len(p) < len(out[y])):
                        out[y] = p
                    cont = blitz and _blitzable(ctx, y, st) and (min(z, y), max(z, y)) not in nob
                else:
                    cont = True
            elif st == "F":
                if done and (y not in out or len(p) < len(out[y])):
                    out[y] = p
                cont = True
            bk = (y, k2) if nv else y
            if cont and not stop and c < best.get(bk, 1 << 30):
                best[bk] = c
                heapq.heappush(heap, (c, y, p, k2))
    ctx._land_cache[key] = out
    return out


def no_blitz_edges(ctx: MoveContext) -> frozenset[tuple[int, int]]:
    """Borders (ordered zone pairs) a blitz may not cross: those with a flag of the
    option ``no_blitz_borders`` (seeds/003: ``["mountain"]``)."""
    flags = ctx.opts["no_blitz_borders"]
    if not flags:
        return frozenset()
    b = ctx.b
    got = b.cache.get("no_blitz_edges")
    if got is None:
        want = frozenset(flags)
        got = b.cache["no_blitz_edges"] = frozenset(
            k for k, fl in b.border_flags.items() if fl & want
        )
    return got


def _blitzable(ctx: MoveContext, y: int, st: str) -> bool:
    """An empty zone held by an enemy (not a neutral) that blitzing units pass through
    (taking it, with its facilities). Option ``blitz_through_facilities`` false: a zone
    with a facility stops the blitz (TripleA's "Blitz Through Factories And AA
    Restricted"; an AA gun is a unit, so it always does)."""
    return (
        st == "H"
        and y not in ctx.enemy_any
        and ctx.s.owner.get(y) in ctx.enemies
        and y not in ctx.b.no_blitz
        and (ctx.s.rules.options["blitz_through_facilities"] or not ctx.s.facilities_in(y))
    )


def _waypoint_step(via: tuple[int, ...], k: int, y: int, path: tuple, seen: set):
    """A breadth-first search through waypoints steps to ``y`` having passed ``k`` of
    ``via``: ``(waypoints passed, the node's key)``, or None when the node was reached
    already or ``y`` is on the path (a route passes each zone once)."""
    k2 = k + 1 if k < len(via) and via[k] == y else k
    key = (y, k2)
    if key in seen or y in path:
        return None
    return k2, key


def _sea_search(
    ctx: MoveContext, z0: int, moves: int, unit_type: str, via: tuple[int, ...] = ()
) -> dict[int, tuple]:
    """Every sea zone a ship reaches: dest -> path (``via``: as for :func:`_land_search`)."""
    key = (z0, moves, unit_type, via) if via else (z0, moves, unit_type)
    hit = ctx._sea_cache.get(key)
    if hit is None:
        hit = ctx._sea_cache[key] = _sea_search_uncached(ctx, z0, moves, unit_type, via)
    return hit


def _sea_search_uncached(ctx: MoveContext, z0: int, moves: int, unit_type: str, via=()):
    t = ctx.ut[unit_type]
    is_sub = t.first_strike and t.submerge
    b = ctx.b
    out: dict[int, tuple] = {}
    nv = len(via)
    seen: set = {z0}
    frontier = [(z0, (z0,), 0)]
    for _ in range(moves):
        nxt = []
        for z, path, k in frontier:
            for y in b.sea_nbrs[z]:
                if nv:  # a route through waypoints: (zone, waypoints passed) is the node
                    step = _waypoint_step(via, k, y, path, seen)
                    if step is None:
                        continue
                    k2, seen_key = step
                else:  # the plain search (the hot path: no call)
                    k2, seen_key = 0, y
                    if y in seen:
                        continue
                if not ctx.canal_open(z, y, unit_type):
                    continue
                seen.add(seen_key)
                p = (*path, y)
                if k2 == nv and y not in out and (ctx.combat or y not in ctx.enemy_any):
                    out[y] = p
                blocked = y in ctx.enemy_detector if is_sub else y in ctx.enemy_surface
                if not blocked:
                    nxt.append((y, p, k2))
        frontier = nxt
    return out


def _air_search(
    ctx: MoveContext, z0: int, moves: int, via: tuple[int, ...] = ()
) -> dict[int, tuple]:
    """Every zone an air unit reaches: dest -> path (passable zones only, except that the
    destination may be an attackable neutral in combat; ``via``: as for
    :func:`_land_search`)."""
    key = (z0, moves, via) if via else (z0, moves)
    hit = ctx._air_cache.get(key)
    if hit is None:
        hit = ctx._air_cache[key] = _air_search_uncached(ctx, z0, moves, via)
    return hit


def _air_search_uncached(ctx: MoveContext, z0: int, moves: int, via=()) -> dict[int, tuple]:
    b = ctx.b
    out: dict[int, tuple] = {}
    nv = len(via)
    seen: set = {z0}
    frontier = [(z0, (z0,), 0)]
    for _ in range(moves):
        nxt = []
        for z, path, k in frontier:
            for y in b.nbrs[z]:
                if nv:  # a route through waypoints: (zone, waypoints passed) is the node
                    step = _waypoint_step(via, k, y, path, seen)
                    if step is None:
                        continue
                    k2, seen_key = step
                else:  # the plain search (the hot path: no call)
                    k2, seen_key = 0, y
                    if y in seen:
                        continue
                if y in b.impassable:
                    continue
                seen.add(seen_key)
                p = (*path, y)
                done = k2 == nv and y not in out
                if ctx.air_passable(y):
                    if done:
                        out[y] = p
                    nxt.append((y, p, k2))
                elif ctx.combat and b.is_land(y) and ctx.status(y) == "N" and done:
                    out[y] = p  # may attack it, not fly over it
        frontier = nxt
    return out


# ---------------------------------------------------------------------- generation
def move_actions(s: GameState, combat: bool) -> list[Action]:
    n = s.current_nation
    ctx = MoveContext(s, n, combat)
    ut = ctx.ut
    groups: dict[tuple, list[int]] = {}
    cargo: dict[int, dict[str, list[int]]] = {}
    fought: list[int] = []
    for u in s.units.values():
        if u.nation != n:
            continue
        t = ut[u.type]
        if t.immobile or t.infrastructure or u.flags & (HELD | NEW | UNLOADED | AMPHIB):
            continue
        if u.on:
            cargo.setdefault(u.on, {}).setdefault(u.type, []).append(u.id)
            continue
        if u.flags & (SUBMERGED | ABOARD):
            continue  # ABOARD: on a damaged carrier, it cannot launch (rides with it)
        if combat:
            if t.no_combat_move:
                continue
        elif t.domain != "air" and u.flags & (COMBAT | FOUGHT):
            if not u.flags & COMBAT and t.domain == "land":
                fought.append(u.id)  # seeds/002 artillery may follow its support shot
            continue
        if u.moves <= 0:
            continue
        groups.setdefault((u.zone, u.type, u.moves, u.flags & _KEY_FLAGS), []).append(u.id)
    out: list[Action] = []
    if fought:
        for uid, path in sorted(wargame.follow_moves(s, ctx, fought).items()):
            _emit(out, [uid], path)
    for (z0, typ, moves, _fl), ids in groups.items():
        t = ut[typ]
        if t.domain == "land":
            _land_moves(ctx, out, ids, z0, t, moves)
        elif t.domain == "sea":
            if t.transport_capacity and not combat and _has_unloaded(s, ids):
                continue
            dests = _sea_search(ctx, z0, moves, typ)
            for path in dests.values():
                _emit(out, ids, path)
            if combat and moves >= 2 and ctx.opts.get("wg_pass_through"):
                _pass_moves(ctx, out, ids, z0, typ)
        elif t.domain == "air":
            _air_moves(ctx, out, ids, z0, t, moves)
    for tid, by_type in cargo.items():
        _unload_moves(ctx, out, tid, by_type)
    if combat and ctx.opts.get("airborne_assault"):
        _airborne_moves(ctx, out, groups)
    narrow = ctx.opts.get("narrow_crossings") and ctx.b.narrow
    rail = not combat and ctx.opts.get("strategic_rail") and ctx.b.rail_edges
    if not combat and ctx.opts.rule_on("strategic_naval_moves"):
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
    return _restricted(ctx, out)


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


_new_action = tuple.__new__


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


def _emit(out: list[Action], ids: list[int], path: tuple, mode: str = "", target: int = 0) -> None:
    """A move of the whole group and of one unit (``ids`` are sorted)."""
    out.append(_new_action(Action, ("move", "", 0, tuple(ids), path, 0, "", 0, target, mode, "")))
    if len(ids) > 1:
        out.append(
            _new_action(Action, ("move", "", 0, (ids[0],), path, 0, "", 0, target, mode, ""))
        )


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


# ---------------------------------------------------------------------- apply
def apply_move(s: GameState, a: Action) -> None:
    n = s.current_nation
    combat = s.phase == "combat_move"
    if a.mode in ("rail", "cross", "naval"):
        _apply_special(s, a, combat)
        return
    if a.mode == "airborne":
        _apply_airborne(s, a)
        return
    path = a.path
    dest = path[-1]
    prev = path[-2]
    ut = s.rules.units
    base = MOVED | (COMBAT if combat else 0)
    if a.transport:
        for uid in a.units:
            u = s.units[uid]
            s.move_unit(uid, dest, on=a.transport, moves=0, flags=u.flags | base | LOADED)
        s.event("load", units=list(a.units), transport=a.transport, zone=dest)
        return
    first = s.units[a.units[0]]
    if first.on:
        hostile = s.owner.get(dest) not in s.friends(n)
        contested = combat and any(
            ut[s.units[x].type].is_surface_warship and s.units[x].nation in s.enemies(n)
            for x in s.units_in(path[0])
        )
        for uid in a.units:
            u = s.units[uid]
            fl = u.flags | base | UNLOADED
            if combat and hostile:
                fl |= AMPHIB
                s.amph_from[uid] = path[0]
                if contested:  # lands once the sea battle there is won (combat.landings)
                    s.landing[uid] = u.on
                tr0 = s.units.get(u.on)
                if tr0 is not None and ut[tr0.type].props.get("no_double_casualties"):
                    fl |= ASSAULT  # §9.8: from an Attack Transport
            s.origins[uid] = path[0]
            tid = u.on
            s.move_unit(uid, dest, on=0, moves=0, flags=fl)
            tr = s.units.get(tid)
            if tr is not None:
                s.set_unit(tid, flags=tr.flags | UNLOADED | MOVED | (COMBAT if combat else 0))
        s.event("unload", units=list(a.units), zone=dest, amphibious=combat and hostile)
        control.take_over(s, n, (dest,), a.units)
        return
    t0 = ut[first.type]
    if t0.domain == "land":
        cost = sum(s.board.move_cost[z] for z in path[1:])
    else:
        cost = len(path) - 1
    carried: list[int] = []
    for uid in a.units:
        u = s.units[uid]
        t = ut[u.type]
        if t.carrier_capacity and u.zone != dest:
            carried += _carried_air(s, u, set(a.units))
        s.move_unit(uid, dest, moves=max(0, u.moves - cost), flags=u.flags | base)
        s.origins[uid] = prev
        if t.transport_capacity:
            for cid in _cargo_at(s, uid, path[0]):
                s.move_unit(cid, dest)
        if a.mode == "bomb":
            s.raids[uid] = a.target
        elif a.mode == "carpet":
            s.raids[uid] = 0  # a raid on the zone's land units, not on a facility
        elif a.mode == "raid_escort":
            s.raids[uid] = -1  # fights the raid's air battle only
    for cid in carried:
        c = s.units[cid]
        if c.nation == n:
            s.move_unit(cid, dest, moves=0, flags=c.flags | base)
        else:
            s.move_unit(cid, dest)
        s.origins[cid] = prev
    if a.mode == "pass":  # seeds/002 §4.6: through ``prev``, decided by the battle there
        for uid in (*a.units, *carried):
            u = s.units[uid]
            s.set_unit(uid, flags=u.flags | PASSING)
    if combat and t0.domain == "land":
        for z in path[1:-1]:
            o = s.owner.get(z)
            if o in s.enemies(n) and s.board.is_land(z):
                control.capture(s, z, n)  # blitz through an empty hostile zone
    if s.log_mode in EVENT_LOGS:
        s.event("move", units=list(a.units), path=list(path), mode=a.mode or None)
    if t0.domain == "land":
        control.take_over(s, n, path[1:], a.units)
        wargame.hostile_move_losses(s, a.units, path)  # seeds/002 §4.9
        if wargame.takes_vacated(s, a.units, path):  # seeds/002 §2.3
            prev = s.owner.get(path[-1])
            new = control.capture(s, path[-1], n)
            s.event("vacated_taken", zone=path[-1], by=n, prev=prev, owner=new)


def _apply_airborne(s: GameState, a: Action) -> None:
    """§9.15: the aircraft flies the path; its airborne units drop into the last zone,
    attack there (+1 Attack in round 1) and may not retreat."""
    ut = s.rules.units
    plane = next(u for u in a.units if ut[s.units[u].type].domain == "air")
    apply_move(s, Action.move([plane], a.path))
    dest = a.path[-1]
    for uid in a.units:
        if uid == plane:
            continue
        u = s.units[uid]
        s.move_unit(uid, dest, moves=0, flags=u.flags | MOVED | COMBAT | AIRBORNE)
        s.origins[uid] = a.path[0]
        s.airlift[uid] = plane
    s.event("airborne", zone=dest, aircraft=plane, units=[u for u in a.units if u != plane])


def _cargo_at(s: GameState, tid: int, zone: int) -> list[int]:
    return [i for i in s.units_in(zone) if s.units[i].on == tid]


def _carried_air(s: GameState, carrier, moving: set[int]) -> list[int]:
    """Unmoved friendly air on the carrier's zone that rides along (own nation first)."""
    t = s.rules.units[carrier.type]
    damaged = carrier.damage > 0
    # a damaged carrier carries the aircraft aboard it (ABOARD), up to its full capacity
    room = t.carrier_capacity if damaged else t.stat("carrier_capacity", False)
    if room <= 0:
        return []
    fr = s.friends(carrier.nation)
    cand = []
    for uid in s.units_in(carrier.zone):
        u = s.units[uid]
        ut = s.rules.units[u.type]
        if uid in moving or ut.domain != "air" or u.nation not in fr:
            continue
        if bool(u.flags & ABOARD) != damaged or (u.flags & MOVED and not damaged):
            continue
        cand.append((u.nation != carrier.nation, uid, max(1, ut.carrier_cost)))
    cand.sort()
    out = []
    for _, uid, cost in cand:
        if cost <= room:
            out.append(uid)
            room -= cost
    return out


def move_bonus_zones(s: GameState, n: str) -> tuple[dict[int, int], dict[int, int]]:
    """Extra movement for air units starting in a zone with an operative air base, and
    ships starting in a sea zone served by an operative naval base (rules-notes/004 §4.10)."""
    air: dict[int, int] = {}
    sea: dict[int, int] = {}
    fr = s.friends(n)
    for f in s.facilities.values():
        ft = s.rules.facility_types.get(f.type)
        if ft is None or not (ft.air_move_bonus or ft.sea_move_bonus):
            continue
        if s.owner.get(f.zone) not in fr or not s.facility_operative(f):
            continue
        if ft.air_move_bonus:
            air[f.zone] = max(air.get(f.zone, 0), ft.air_move_bonus)
        if ft.sea_move_bonus:
            served = s.board.facility_serves.get(f.id) or s.board.coast.get(f.zone, ())
            for sz in served:
                sea[sz] = max(sea.get(sz, 0), ft.sea_move_bonus)
    return air, sea


def board_damaged_carriers(s: GameState, n: str) -> None:
    """Start of ``n``'s turn: ``n``'s aircraft in a sea zone beyond what the friendly
    carriers there can hold as they are (a damaged g40 carrier holds none: its
    ``damaged`` carrier_capacity 0) stay aboard the damaged carriers, up to their full
    capacity: flag ABOARD, they cannot launch, ride with the carrier and are not lost at
    the end of the turn (rules-notes/004 §3.2 "when damaged, aircraft can neither land on
    it nor leave it"; issue #23 point 5)."""
    ut = s.rules.units
    fr = s.friends(n)
    zones: dict[int, list] = {}
    for u in s.units.values():
        if u.nation in fr and s.board.is_sea(u.zone):
            t = ut[u.type]
            if t.carrier_capacity or (t.domain == "air" and u.nation == n):
                zones.setdefault(u.zone, []).append(u)
    for z, here in zones.items():
        damaged_room = sum(
            ut[u.type].carrier_capacity
            for u in here
            if ut[u.type].carrier_capacity
            and u.damage > 0
            and ut[u.type].stat("carrier_capacity", True) < ut[u.type].carrier_capacity
        )
        if not damaged_room:
            continue
        room = sum(
            ut[u.type].stat("carrier_capacity", u.damage > 0)
            for u in here
            if ut[u.type].carrier_capacity
        )
        # other nations' aircraft (not aboard) use the working room first
        for uid in s.units_in(z):
            o = s.units[uid]
            if o.nation in fr and o.nation != n and ut[o.type].domain == "air":
                if not o.flags & ABOARD:
                    room -= max(1, ut[o.type].carrier_cost)
        air = sorted((u for u in here if ut[u.type].domain == "air"), key=lambda u: u.id)
        for u in air:
            need = max(1, ut[u.type].carrier_cost)
            if need <= room:
                room -= need
            elif need <= damaged_room:
                damaged_room -= need
                s.units[u.id] = u._replace(flags=u.flags | ABOARD)


def land_air_units(s: GameState, n: str) -> None:
    """End of non-combat move: air units of ``n`` with no landing spot are lost
    (rules-notes/004 §4.3 "air units must be able to land")."""
    ctx = MoveContext(s, n, combat=False)
    ut = s.rules.units
    by_sea: dict[int, list[int]] = {}
    lost = []
    for u in list(s.units.values()):
        if u.nation != n or ut[u.type].domain != "air":
            continue
        if s.board.is_sea(u.zone):
            if not u.flags & ABOARD:  # aboard a damaged carrier: stays there
                by_sea.setdefault(u.zone, []).append(u.id)
        elif not ctx.can_land_on(u.zone):
            lost.append(u.id)
    for z, ids in by_sea.items():
        room = 0
        used = 0
        for uid in s.units_in(z):
            u = s.units[uid]
            t = ut[u.type]
            if u.nation in ctx.friends and t.carrier_capacity:
                room += t.stat("carrier_capacity", u.damage > 0)
            elif (
                u.nation in ctx.friends
                and t.domain == "air"
                and u.nation != n
                and not u.flags & ABOARD
            ):
                used += max(1, t.carrier_cost)
        room -= used
        for uid in sorted(ids):
            t = ut[s.units[uid].type]
            need = max(1, t.carrier_cost)
            if t.carrier_cost and not t.no_carrier and need <= room:
                room -= need
            else:
                lost.append(uid)
    for uid in lost:
        u = s.units[uid]
        s.remove_unit(uid, "no_landing")
        s.event("lost", unit=uid, type=u.type, nation=u.nation, zone=u.zone, reason="no_landing")


def occupy_friendly_neutrals(s: GameState, n: str) -> None:
    """End of non-combat move: a friendly neutral entered by ``n``'s land units becomes
    ``n``'s; its standing army (and any army left there) joins ``n``, usable from its next
    turn (seeds/004 "Friendly neutrals")."""
    side = s.board.alliance_of.get(n)
    if side is None:
        return
    ut = s.rules.units
    for z in sorted(s.alignment):
        if s.alignment[z] != f"pro_{side}" or not s.is_neutral_owner(s.owner.get(z)):
            continue
        here = [s.units[u] for u in s.units_in(z)]
        if not any(u.nation == n and ut[u.type].domain == "land" for u in here):
            continue
        prev = s.owner.get(z)
        s.owner[z] = n
        s.bump()
        s.captured.add(z)
        del s.alignment[z]
        for u in here:
            if s.is_neutral_owner(u.nation):
                s.set_unit(u.id, nation=n, flags=(u.flags | NEW) & ~HELD)
        army = s.board.standing_army.get(z, 0)
        key = f"activated:{z}"
        typ = s.rules.options["standing_army_unit"]
        if army and key not in s.awards and typ in ut:
            s.awards.add(key)
            for _ in range(army):
                s.add_unit(n, typ, z, flags=NEW)
            s.event("neutral_army", zone=z, nation=n, type=typ, count=army)
        s.event("neutral_joined", zone=z, nation=n, prev=prev)
        s.remember("captured", by=n, zone=z, **{"from": prev})


# ---------------------------------------------------------------------- options
#: the options this module reads (declared for the rule system: typed, checked at load)
OPTIONS = (
    OptionSpec(
        "movement_restrictions",
        "table",
        {},
        doc="nation -> {mode: allowed|disallowed, zones: [...]}: where its moves may go "
        "(TripleA movementRestrictionTerritories)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "blitz_through_facilities",
        "bool",
        True,
        doc="blitzing units may pass through an empty enemy zone holding only facilities "
        "(industrial complexes, bases), capturing them; false: a facility stops the blitz "
        "(issue #23 point 10)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "strategic_bombing",
        "bool",
        True,
        doc="bombers may raid facilities",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "neutrals",
        "str",
        "attackable",
        choices=("impassable", "attackable"),
        doc="neutral zones: impassable or attackable",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "air_over_neutral",
        "bool",
        False,
        doc="aircraft may fly over neutral zones",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "air_lands_in_captured",
        "bool",
        False,
        doc="may air land in a zone captured this turn",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "no_blitz_borders",
        "list",
        [],
        doc="border flags a blitz may not cross, into or out of a zone passed (seeds/003: mountain borders)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "transport_own_only",
        "bool",
        True,
        doc="transports carry only their own nation's units",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "canal_control",
        "str",
        "turn_start",
        choices=("turn_start", "now"),
        doc="when canal control is checked: at the start of the turn or at once",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "carpet_bombing",
        "bool",
        False,
        doc="'carpet' raids on land units by bombers with props.carpet_dice (seeds/000 §9.17)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "raid_escorts",
        "bool",
        False,
        doc="fighters may escort a declared raid and fight its air battle (seeds/000 §9.16)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "airborne_assault",
        "bool",
        False,
        doc="'airborne' moves of aircraft with props.carries_airborne (seeds/000 §9.15)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "strategic_rail",
        "bool",
        False,
        doc="'rail' moves along rails/rivers in non-combat move",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "rail_capacity",
        "table",
        {},
        doc="region -> units per player per turn",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "rail_capacity_default",
        "int",
        0,
        doc="for regions rail_capacity does not name",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "rail_permission",
        "str",
        "own",
        choices=("own", "alliance"),
        doc="'own' | 'alliance': zones rails may pass through",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "rail_gauge_stop",
        "bool",
        False,
        doc="a change of gauge ends the rail move",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "rail_sea_units",
        "list",
        [],
        doc="sea unit types railed between bases (coastal subs)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "rail_sea_facilities",
        "list",
        [],
        doc="the bases they rail from and to",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "narrow_crossings",
        "bool",
        False,
        doc="limited land-land straits, crossed by 'cross' moves",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "narrow_crossing_combat",
        "list",
        ["marine"],
        doc="unit types that may cross in combat move",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "narrow_crossing_classes",
        "list",
        ["infantry"],
        doc="unit classes (props.class) in non-combat",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "narrow_crossing_blockers",
        "list",
        ["coastal_artillery"],
        doc="enemy facility types that block",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "strategic_naval_allowance",
        "table",
        {},
        doc="nation -> units per round (0/absent: none)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "strategic_naval_range",
        "int",
        5,
        doc="sea zones a strategic naval move may cross (seeds/000 §10.6)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "strategic_naval_units",
        "list",
        ["naval_transport"],
        doc="unit types that may make strategic naval moves",
        owner="gamecore.rules.movement",
    ),
)
