"""Sea movement and amphibious invasions (seeds/001 SEA MOVEMENT, AMPHIBIOUS INVASIONS):
the seas' capacities, where a move by sea may land, invasion routes, the fleets' and
coastal air's fire at sea."""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from itertools import combinations

from gamecore.engine.actions import Action
from gamecore.hgw import geo
from gamecore.hgw.armies import (
    armies_in,
    army_amph,
    army_count,
    army_sps,
    building,
    can_attack,
    kill,
    take_losses,
)
from gamecore.hgw.limits import attacked
from gamecore.hgw.options import opt
from gamecore.hgw.sequence import fire, fleet_areas
from gamecore.hgw.state import AMPH, Fleet, HgwState
from gamecore.hgw.world import enemy_hex, friendly, g_ports


def sea_caps(s: HgwState, nation: str) -> dict[str, int]:
    """The side's SPs a turn through each sea: ``hgw_sea_capacity``, as changed since by
    alignment or surrender (``hgw_sea_changes``: seeds/001 ENTRY INTO THE WAR, Italy 4;
    SURRENDER, Italy 3)."""
    caps = opt(s, "hgw_sea_capacity").get(nation, {})
    more = s.politics.get("seas", {}).get(nation) if s.politics else None
    return {**caps, **more} if more else caps


def sea_left(s: HgwState, nation: str, area: str) -> float:
    """SPs the side may still move through the sea area this turn (seeds/001 Strength
    Point Movement Across Seas: per side and sea, per turn; -1 is unlimited)."""
    cap = sea_caps(s, nation).get(area, 0)
    if cap < 0:
        return float("inf")
    return cap - s.shipped.get(area, 0)


def supply_seas(s: HgwState, nation: str) -> frozenset:
    """The side's friendly seas (seeds/001 Supply Route 1: a sea it may move at least one
    SP through; Supply Route 3: the Soviet lakes, for supply only)."""
    caps = sea_caps(s, nation)
    extra = opt(s, "hgw_sea_supply").get(nation, ())
    return frozenset([a for a, c in caps.items() if c != 0] + list(extra))


def _epoch_cache(s: HgwState) -> dict:
    """What is kept while the state's epoch stands. Friendly hexes depend only on control
    and relations, and changing either bumps the epoch."""
    cache = s.board.cache.setdefault("hgw_sea_reach", {})
    if cache.get("epoch") != s.epoch:
        cache.clear()
        cache["epoch"] = s.epoch
    return cache


def friendly_components(s: HgwState, nation: str) -> dict[int, int]:
    """:func:`geo.components` of the side's friendly hexes, kept for the epoch: a movement
    phase lists the moves of every army, and each would otherwise label the whole board."""
    cache = _epoch_cache(s)
    comp = cache.get(("components", nation))
    if comp is None:
        comp = cache[("components", nation)] = geo.components(s, lambda x: friendly(s, nation, x))
    return comp


def move_reach(s: HgwState, nation: str, z: int, k: int) -> dict[int, tuple[str, ...]]:
    """Where ``k`` SPs in friendly hex ``z`` may move this phase -> the sea areas the move
    uses (() for a move over land). A move may mix land legs through friendly hexes and
    sea legs through seas with room for ``k`` more SPs this turn, as many as it likes
    (seeds/001 Strength Point Movement Across Seas 2); a sea leg lands only in a friendly
    coastal hex or box. The smallest set of sea areas is charged (ties: in name order)."""
    fr = lambda x: friendly(s, nation, x)  # noqa: E731
    cache = _epoch_cache(s)
    comp = friendly_components(s, nation)
    if z not in comp:
        return {}
    out = {d: () for d, lab in comp.items() if lab == comp[z] and d != z}
    caps = sea_caps(s, nation)
    allowed = sorted(a for a in caps if sea_left(s, nation, a) >= k)
    if not allowed:
        return out
    g = geo.graph(s)
    for size in range(1, len(allowed) + 1):
        for seas in combinations(allowed, size):
            key = (nation, comp[z], seas)
            got = cache.get(key)
            if got is None:
                net = geo.sea_net(s, seas, fr)
                seen = {d for d, lab in comp.items() if lab == comp[z]}
                todo = list(seen)
                while todo:
                    x = todo.pop()
                    for n in (*g.nbrs.get(x, ()), *geo.landings(g, net, x)):
                        if n not in seen and fr(n):
                            seen.add(n)
                            todo.append(n)
                got = cache[key] = frozenset(seen)
            for d in sorted(got):
                if d != z and d not in out:
                    out[d] = seas
    limits = box_limits(s, nation)
    if limits:
        for d in [d for d, seas in out.items() if seas]:
            for key, group, cap in limits:
                if (z in group or d in group) and cap - s.shipped.get(key, 0) < k:
                    del out[d]
                    break
    return out


def box_limits(s: HgwState, nation: str) -> list[tuple[str, frozenset, int]]:
    """(key, boxes, SPs a turn): seeds/001 ATLANTIC OCEAN, "no more than three strength
    points may travel to or from the U.S. or Canada each turn" (option
    hgw_sea_box_limit = {nation: {"1909 1614": 3}})."""
    out = []
    g = geo.graph(s)
    for key, cap in sorted(opt(s, "hgw_sea_box_limit").get(nation, {}).items()):
        group = frozenset(g.code[c] for c in str(key).split() if c in g.code)
        out.append(("@" + key, group, int(cap)))
    return out


def invasion_targets(s: HgwState, aid: int) -> list[int]:
    """Hexes the army may invade (seeds/001 Invasion Procedure 2-4): it holds at least
    half amphibious SPs and stands in a port (a hex flagged "port" or "naval_port"; on a
    map without ports, any coastal hex); the target is a land hex held by a side, at the
    end of a sea route of at most ``hgw_invasion_range`` hexes through any sea (the
    transport capacities do not apply; controlling hexes do, seeds/001 Sea Route 4)."""
    return sorted(invasion_routes(s, aid)) if may_sail(s, aid) else []


def may_sail(s: HgwState, aid: int) -> bool:
    """Whether the army may invade (or advance amphibiously) now: at least half of its
    SPs amphibious, free to attack, in a port (any coastal hex on a map without ports)."""
    z = s.armies[aid].zone
    sps = army_sps(s, aid)
    if not sps or 2 * army_amph(s, aid) < len(sps) or not can_attack(s, aid):
        return False
    g = geo.graph(s)
    ports = g_ports(s)
    return not (ports and z not in ports) and any(x in g.area for x in g.sea.get(z, ()))


def invasion_range(s: HgwState, aid: int, less: int = 0) -> int:
    """The army's invasion range in half hexes: ``hgw_invasion_range``, plus
    ``hgw_invasion_extension`` for each amph SP it could expend (one is kept), less
    ``less`` hexes (seeds/001 Amphibious Advance: one per hex already advanced)."""
    ext = opt(s, "hgw_invasion_extension")
    rng = opt(s, "hgw_invasion_range") + (ext * max(0, army_amph(s, aid) - 1) if ext else 0)
    return 2 * (rng - less)


def invasion_routes(s: HgwState, aid: int, less: int = 0) -> dict[int, tuple[int, ...]]:
    """target -> the sea hexes of the cheapest invasion route from the army's hex
    (seeds/001 Invasion Procedure 3; Sea Route 2: across a crossing-arrow hexside only
    when both its hexes are friendly; Sea Route 7: half a hex for each hex entered above
    row ``hgw_sea_half_rows``); ``less``: hexes the army already advanced this turn."""
    n, z = s.armies[aid].nation, s.armies[aid].zone
    g = geo.graph(s)
    fr = lambda x: friendly(s, n, x)  # noqa: E731
    limit = invasion_range(s, aid, less)
    below = opt(s, "hgw_sea_half_rows")
    cost: dict[int, int] = {}
    parent: dict[int, int | None] = {}
    heap: list[tuple[int, int, int]] = []
    seq = 0
    for x in sorted(g.sea.get(z, ())):
        if x in g.area and (x not in g.control or fr(g.control[x])):
            c = geo.sea_cost(g, x, below)
            if c < limit:
                cost[x], parent[x] = c, None
                heap.append((c, seq, x))
                seq += 1
    heapq.heapify(heap)
    out: dict[int, tuple[int, ...]] = {}
    done: set[int] = set()
    while heap:
        cx, _, x = heapq.heappop(heap)
        if x in done:
            continue
        done.add(x)
        for y in geo.sea_steps(g, x, fr):
            cy = cx + geo.sea_cost(g, y, below)
            if y in g.area:
                if (
                    cy < limit
                    and cy < cost.get(y, limit)
                    and (y not in g.control or fr(g.control[y]))
                ):
                    cost[y], parent[y] = cy, x
                    heapq.heappush(heap, (cy, seq, y))
                    seq += 1
            elif y != z and y not in out and cy <= limit and (fr(y) or enemy_hex(s, n, y)):
                path = [x]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])
                out[y] = tuple(reversed(path))
    return out


def route_cost(s: HgwState, route: Iterable[int], target: int) -> int:
    """Half hexes of an invasion route's sea hexes and its target."""
    g = geo.graph(s)
    below = opt(s, "hgw_sea_half_rows")
    return sum(geo.sea_cost(g, x, below) for x in (*route, target))


def replenishment(s: HgwState, route: Iterable[int], target: int, less: int = 0) -> int:
    """Amph SPs an invasion route of these sea hexes into ``target`` expends: one per
    ``hgw_invasion_extension`` hexes (or part) beyond ``hgw_invasion_range`` less ``less``
    (seeds/001 Invasion Procedure 3: the fleet replenishment unit; Amphibious Advance)."""
    over = route_cost(s, route, target) - 2 * (opt(s, "hgw_invasion_range") - less)
    ext = opt(s, "hgw_invasion_extension")
    return -(-over // (2 * ext)) if over > 0 and ext else 0


def invade_error(s: HgwState, a: Action) -> str | None:
    if s.phase != "announce" or len(a.units) != 1:
        return "one army invades, announced in the announce phase"
    (aid,) = a.units
    if aid not in s.armies or s.armies[aid].nation != s.current_nation:
        return "not an army of the side"
    if aid in s.declared:
        return "the army has announced its attack"
    if any(x not in s.invading for x in s.declared):
        return "invasions are declared before the initial attacks"
    if a.zone not in invasion_targets(s, aid):
        return "no invasion route from a port to that hex (half amph SPs, 6 sea hexes)"
    return None


def apply_invade(s: HgwState, a: Action) -> None:
    (aid,) = a.units
    s.declared = {**s.declared, aid: a.zone}
    s.invading = s.invading | {aid}
    attacked(s, s.current_nation, a.zone)
    s.event("hgw_invade", army=aid, zone=a.zone, nation=s.current_nation)


def turn_back(s: HgwState, aid: int, why: str) -> None:
    s.declared = {k: v for k, v in s.declared.items() if k != aid}
    s.invading = s.invading - {aid}
    s.event("hgw_turned_back", army=aid, why=why)


def invasion_at_sea(s: HgwState, aid: int, t: int, less: int = 0) -> None:
    """seeds/001 Invasion Resolution steps 2-4, resolved for each invasion in army order
    at the start of the initial attack: every enemy fleet not Expended based on a sea the
    route enters intercepts (Fleet Naval Fire 2, 5; default policy: all of them); both
    sides double their naval fire points and fire at once; at least half the invaders'
    losses are amph SPs (default policy: amph first); the fleet with more points left
    wins (ties: more losses inflicted, then the defender); a losing fleet is Expended, a
    losing invasion returns to port. Then coastal air (6, 10 at an off-map box invaded by
    the Axis) if the target is adjacent to no hex friendly to the invader and holds a
    garrison or an army with infantry; then the escort (the invader's fleet based in the
    army's port) fires once at the target hex (Fleet Naval Fire 4). ``less``: an
    amphibious advance's hexes already advanced (its range is that much shorter)."""
    n, port = s.armies[aid].nation, s.armies[aid].zone
    g = geo.graph(s)
    route = invasion_routes(s, aid, less).get(t)
    if route is None:
        turn_back(s, aid, "no route")
        return
    areas = {g.area[x] for x in route}
    spend = replenishment(s, route, t, less)
    if spend:
        amph = [u for u in army_sps(s, aid) if s.units[u].type == AMPH][:spend]
        for u in amph:
            kill(s, u, "replenishment")
        s.event("hgw_replenish", army=aid, amph=len(amph), hexes=len(route) + 1)
    esc = s.fleet.get(port)
    escort = esc.points if esc and esc.nation == n else 0
    for fz, (o, pts) in sorted(s.fleet.items()):
        if not army_sps(s, aid):
            return
        if not s.at_war(o, n) or fz in s.fleet_spent or pts < 1 or not fleet_areas(s, fz) & areas:
            continue
        on_inv, d1 = fire(s, 2 * pts)
        on_def, d2 = fire(s, 2 * escort)
        lost = take_losses(s, army_sps(s, aid), on_inv, "naval fire", AMPH)
        left = max(0, pts - on_def)
        s.fleet = (
            {**s.fleet, fz: Fleet(o, left)}
            if left
            else {k: v for k, v in s.fleet.items() if k != fz}
        )
        invader_wins = escort > left or (escort == left and on_def > on_inv)
        s.event(
            "hgw_naval",
            army=aid,
            fleet=fz,
            points=pts,
            escort=escort,
            dice=[*d1, *d2],
            hits=[on_inv, on_def],
            lost=lost,
            winner=n if invader_wins else o,
        )
        if invader_wins:
            if left:
                s.fleet_spent = s.fleet_spent | {fz}
        else:
            if escort:
                s.fleet_spent = s.fleet_spent | {port}
            turn_back(s, aid, "naval battle lost")
            return
    if not army_sps(s, aid):
        return
    o = s.owner.get(t)
    adjacent = any(friendly(s, n, x) for x in g.nbrs.get(t, ()))
    holds_inf = any(army_count(s, a)[0] for a in armies_in(s, t) if s.armies[a].nation == o)
    if not adjacent and enemy_hex(s, n, t) and (g.garrison.get(t) or holds_inf):
        air = opt(s, "hgw_coastal_air")
        strength = air[1] if t in g.box and n == opt(s, "hgw_axis") else air[0]
        hits, dice = fire(s, int(strength))
        lost = take_losses(s, army_sps(s, aid), hits, "coastal air", AMPH)
        s.event(
            "hgw_coastal_air",
            army=aid,
            zone=t,
            strength=strength,
            die=dice[0],
            hits=hits,
            lost=lost,
            **({"dice": dice} if len(dice) > 1 else {}),
        )
    if escort and army_sps(s, aid) and port not in s.fleet_spent and enemy_hex(s, n, t):
        hits, dice = fire(s, escort)
        there = [
            u for u in s.at.get(t, ()) if s.units[u].nation != n and not building(s, s.units[u])
        ]
        lost = take_losses(s, there, hits, "naval fire")
        s.event(
            "hgw_support",
            army=aid,
            zone=t,
            strength=escort,
            die=dice[0],
            hits=hits,
            lost=lost,
            **({"dice": dice} if len(dice) > 1 else {}),
        )
