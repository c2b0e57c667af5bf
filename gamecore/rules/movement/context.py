"""Movement context (the board, state and per-phase caches one move generation reads) and
the shortest legal land, sea and air path searches from a zone."""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.engine.board import NEUTRAL
from gamecore.engine.state import (
    ABOARD,
    AIRBORNE,
    AMPHIB,
    COMBAT,
    ESCORT,
    FOUGHT,
    HELD,
    LOADED,
    MOVED,
    NEW,
    SUBMERGED,
    UNLOADED,
)
from gamecore.rules import patrol, wargame

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
        # what each unit type is here, read once (a walk over every unit runs per epoch)
        kinds = {
            k: None if t.infrastructure else (t.is_surface_warship, bool(t.detector))
            for k, t in self.ut.items()
        }
        enemies = self.enemies
        for u in self.s.units.values():
            # ships on escort duty may be ignored when moving (Global War §9.11)
            if u.nation not in enemies or u.flags & (SUBMERGED | ESCORT) or u.on:
                continue
            kind = kinds[u.type]
            if kind is None:
                continue
            enemy_any.add(u.zone)
            if kind[0]:
                enemy_surface.add(u.zone)
            if kind[1]:
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
            s = self.s
            cap: dict[int, int] = {}
            for uid in self._carriers():
                u = s.units[uid]
                if self.b.is_sea(u.zone):
                    c = self.ut[u.type].stat("carrier_capacity", u.damage > 0)
                    cap[u.zone] = cap.get(u.zone, 0) + c
            # the aircraft that use the room: only where there is room (read zone by zone,
            # not unit by unit over the board, #39)
            used: dict[int, int] = {}
            for z in cap:
                for uid in s.units_in(z):
                    u = s.units[uid]
                    t = self.ut[u.type]
                    if t.carrier_capacity or t.domain != "air" or u.flags & ABOARD:
                        continue
                    if self._carrier_user(u.nation):
                        used[z] = used.get(z, 0) + max(1, t.carrier_cost)
            self._carrier_free = {z: c - used.get(z, 0) for z, c in cap.items()}
        return self._carrier_free

    def _carrier_user(self, nation: str) -> bool:
        """Whether ``nation``'s carriers and aircraft count for this nation's landings."""
        own = self.opts.get("wg_carrier_own_only")  # seeds/002 "Aircraft carrier"
        return nation in self.friends and not (own and nation != self.n)

    def _carriers(self) -> tuple[int, ...]:
        """The ids of the carriers whose room this nation's aircraft may use, in unit
        order: no unit comes or goes without a new epoch, so for the nation to move they
        are found once per epoch (their places are read when asked)."""
        got = self._status.get(("carriers",))
        if got is None:
            ut = self.ut
            got = tuple(
                u.id
                for u in self.s.units.values()
                if ut[u.type].carrier_capacity and self._carrier_user(u.nation)
            )
            self._status[("carriers",)] = got
        return got

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
        for uid in self._carriers():
            u = self.s.units[uid]
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
    is_sub = t.stealth_sub
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


_new_action = tuple.__new__


def _emit(out: list[Action], ids: list[int], path: tuple, mode: str = "", target: int = 0) -> None:
    """A move of the whole group and of one unit (``ids`` are sorted)."""
    out.append(_new_action(Action, ("move", "", 0, tuple(ids), path, 0, "", 0, target, mode, "")))
    if len(ids) > 1:
        out.append(
            _new_action(Action, ("move", "", 0, (ids[0],), path, 0, "", 0, target, mode, ""))
        )
