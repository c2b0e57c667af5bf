"""Campaign Game II's U-boats and shipping (seeds/001 U-BOATS: U-Boat Attack, Lend-Lease,
Anti-Submarine Warfare; SHIPPING; the FLEET INTERCEPT RANGES table).

``hgw_uboats`` (``{}``: none, every scenario before Campaign Game II):

- ``start``: ``{nation: {port hex: U-boat SPs}}`` (CAMPAIGN GAME II SET-UP: "U-Boat in port
  -> 2 strength points");
- ``routes``: the sea supply routes U-boats may attack, each ``{name, nation, from, to,
  kind, pp}``: ``kind`` "production" (Lend-Lease 2: "The eight production points in Great
  Britain depend upon a supply route to the United States east coast": a loss, at most
  ``pp``, comes off the nation's next production) or "lend_lease" (Lend-Lease 1: only the
  lend-lease in transit to ``receiver`` can be lost); the route runs the shortest sea route
  between the two hexes' seas;
- ``patrol``: the SS patrol range (RANGES: 30).

U-boat SPs (the item ``uboat`` of ``hgw_tech``) and A.S.W. level SPs (``asw``) are built in
the production phase (:mod:`gamecore.hgw.strategic` offers them): U-boats into a fleet in a
port of the side's home country (U-Boat Attack 2), A.S.W. into the side's A.S.W. box
(Anti-Submarine Warfare 1). The record is the state part ``naval``: ``uboats`` {hex:
[nation, SPs]}, ``asw`` {nation: SPs}, ``loss`` {nation: PP lost to U-boats this round,
taken from its next production}, ``done`` [[hex, route, round], ...].

In his naval movement phase the U-boat player attacks a route (``hgw_uboat``: path =
(the fleet's port,), target = the route's index), U-Boat Attack 3-6 and the EXAMPLE OF
U-BOAT WARFARE: the defender's nearest fleet (within the Fleet Intercept line's 12 hexes
of the port; default policy) tries to intercept the U-boats leaving port; if it does,
both fire, its points doubled (Naval Battle Resolution 2), and U-boats left weaker than
the fleet go home. The U-boats then roll on the SS Intercept line for the distance from
their port to the route's nearest hex (at most the patrol range); the route's escort (the
A.S.W. level, when a fleet of its side with capital ships lies at either end, Anti-
Submarine Warfare 2) and the U-boats fire at once (4); the surviving U-boats, doubled, fire
at the route: the hits are the PP lost (6). Each fleet attacks each route once a turn."""

from __future__ import annotations

from collections import deque
from typing import Any

from gamecore.engine.actions import Action
from gamecore.hgw import geo
from gamecore.hgw.options import hgw_option, opt
from gamecore.hgw.production import build_zones
from gamecore.hgw.research import unit_cost
from gamecore.hgw.sequence import fire, naval_legal, port_seas
from gamecore.hgw.state import HgwState
from gamecore.hgw.strategic import with_air_builds
from gamecore.hgw.world import friendly

#: FLEET INTERCEPT RANGES: (the last range of a column, the highest die that intercepts)
FLEET_LINE = ((2, 6), (4, 5), (6, 4), (8, 3), (11, 2), (12, 1))
SS_LINE = ((7, 6), (14, 5), (22, 4), (30, 3))

OPTIONS = (
    hgw_option(
        "hgw_uboats",
        "table",
        {},
        "U-boats and shipping: {start: {nation: {hex: SPs}}, routes: [{name, nation, from, "
        "to, kind, pp, receiver}], patrol: 30} (U-BOATS, SHIPPING); {} none",
    ),
)


def intercept_top(line: tuple, distance: int) -> int:
    """The highest die that intercepts at ``distance`` on a FLEET INTERCEPT RANGES line
    (0: out of range)."""
    for last, top in line:
        if distance <= last:
            return top
    return 0


def _naval(s: HgwState, key: str, default: Any) -> Any:
    return s.naval.get(key, default) if s.naval else default


def _put(s: HgwState, key: str, value: Any) -> None:
    s.naval = {**s.naval, key: value}


def init_uboats(s: HgwState) -> None:
    """The set-up's U-boats in port."""
    g = geo.graph(s)
    fleets = {}
    for n, ports in sorted((opt(s, "hgw_uboats").get("start") or {}).items()):
        for code, k in sorted(ports.items()):
            if str(code) in g.code:
                fleets[g.code[str(code)]] = [n, int(k)]
    if fleets:
        _put(s, "uboats", fleets)


def uboats(s: HgwState) -> dict[int, list]:
    return _naval(s, "uboats", {})


def asw(s: HgwState, nation: str) -> int:
    return int(_naval(s, "asw", {}).get(nation, 0))


def _sea_dist(s: HgwState, nation: str, starts: list[int], limit: int) -> dict[int, int]:
    """Sea hex -> steps from ``starts`` along sea routes open to ``nation`` (seeds/001 Sea
    Route 2, 4)."""
    g = geo.graph(s)
    fr = lambda x: friendly(s, nation, x)  # noqa: E731
    dist = {x: 0 for x in starts if x in g.area}
    todo = deque(sorted(dist))
    while todo:
        x = todo.popleft()
        if dist[x] >= limit:
            continue
        for y in geo.sea_steps(g, x, fr):
            if y in g.area and y not in dist and (y not in g.control or fr(g.control[y])):
                dist[y] = dist[x] + 1
                todo.append(y)
    return dist


def _ends(s: HgwState, code: str) -> list[int]:
    g = geo.graph(s)
    z = g.code.get(str(code))
    if z is None:
        return []
    own = port_seas(s, z)
    if own:
        return own
    return sorted({x for y in g.nbrs.get(z, ()) for x in port_seas(s, y)})  # one hex inland


def route_hexes(s: HgwState, i: int) -> list[int]:
    """The sea hexes of route ``i``: the shortest sea route between its two ends' seas."""
    r = opt(s, "hgw_uboats")["routes"][i]
    n = str(r.get("nation", ""))
    a, b = _ends(s, r.get("from", "")), set(_ends(s, r.get("to", "")))
    if not a or not b:
        return []
    g = geo.graph(s)
    fr = lambda x: friendly(s, n, x)  # noqa: E731
    parent: dict[int, int | None] = {x: None for x in a}
    todo = deque(a)
    while todo:
        x = todo.popleft()
        if x in b:
            path = [x]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return sorted(path)
        for y in geo.sea_steps(g, x, fr):
            if y in g.area and y not in parent and (y not in g.control or fr(g.control[y])):
                parent[y] = x
                todo.append(y)
    return []


def patrol_distance(s: HgwState, base: int, i: int) -> int | None:
    """Steps from the U-boats' port to route ``i``'s nearest hex (None: beyond patrol)."""
    n = uboats(s)[base][0]
    limit = int(opt(s, "hgw_uboats").get("patrol", 30))
    dist = _sea_dist(s, n, port_seas(s, base), limit)
    got = [dist[x] for x in route_hexes(s, i) if x in dist]
    return min(got) if got else None


def route_room(s: HgwState, i: int) -> int:
    """PP a loss on route ``i`` can take now (U-Boat Attack 6; Lend-Lease 1-2)."""
    r = opt(s, "hgw_uboats")["routes"][i]
    if r.get("kind") == "lend_lease":
        return int(s.lend.get(str(r.get("receiver", "")), 0))
    return max(0, int(r.get("pp", 0)) - int(_naval(s, "loss", {}).get(str(r.get("nation")), 0)))


def uboat_legal(s: HgwState) -> list[Action]:
    n = s.current_nation
    routes = opt(s, "hgw_uboats").get("routes") or []
    done = {(b, r) for b, r, rnd in _naval(s, "done", []) if rnd == s.round}
    out = []
    for base, (owner, k) in sorted(uboats(s).items()):
        if owner != n or k < 1:
            continue
        for i, r in enumerate(routes):
            if (
                (base, i) not in done
                and s.at_war(n, str(r.get("nation")))
                and route_room(s, i) > 0
                and patrol_distance(s, base, i) is not None
            ):
                out.append(Action("hgw_uboat", path=(base,), target=i))
    return out


def uboat_error(s: HgwState, a: Action) -> str | None:
    if s.phase != "naval":
        return "U-boats sail in the naval movement phase"
    if a not in uboat_legal(s):
        return "no U-boat fleet of the side there that can reach that route this turn"
    return None


def _defender_fleet(s: HgwState, nation: str, base: int) -> tuple[int, int] | None:
    """(port, distance) of the route side's fleet nearest the U-boats' port, within the
    Fleet Intercept line's 12 hexes (default policy: the nearest, then the strongest)."""
    starts = port_seas(s, base)
    best = None
    for z, f in sorted(s.fleet.items()):
        if f.nation != nation or z in s.fleet_spent or f.points < 1:
            continue
        dist = _sea_dist(s, nation, port_seas(s, z), 12)
        d = min((dist[x] for x in starts if x in dist), default=None)
        if d is not None and (best is None or (d, -f.points) < (best[1], -s.fleet[best[0]].points)):
            best = (z, d)
    return best


def resolve(
    s: HgwState,
    subs: int,
    fleet: int,
    fleet_distance: int | None,
    distance: int,
    escort: int,
    room: int,
) -> dict[str, Any]:
    """One U-boat attack on a route (U-Boat Attack 5-6, Anti-Submarine Warfare 4, the
    EXAMPLE OF U-BOAT WARFARE), dice in the example's order: the fleet's interception
    (Fleet line, ``fleet_distance``; None: no fleet), its battle, the U-boats' (SS line,
    ``distance``), the A.S.W. exchange, the attack on the route. Returns what happened:
    ``subs`` / ``escort`` / ``fleet`` left, ``loss`` (PP, at most ``room``), the dice."""
    out: dict[str, Any] = {"dice": {}, "fleet_lost": 0, "loss": 0, "intercepted": False}
    dice = out["dice"]
    if fleet and fleet_distance is not None:
        die = s.rng.roll(6)
        dice["fleet_intercept"] = [die]
        if die <= intercept_top(FLEET_LINE, fleet_distance):
            on_subs, dice["fleet"] = fire(s, 2 * fleet)
            on_fleet, dice["uboats_at_fleet"] = fire(s, 2 * subs)
            subs, out["fleet_lost"] = max(0, subs - on_subs), min(fleet, on_fleet)
            if subs < fleet - out["fleet_lost"] or not subs:
                out.update(subs=subs, escort=escort, turned_back=True)
                return out
    die = s.rng.roll(6)
    dice["uboat_intercept"] = [die]
    if die > intercept_top(SS_LINE, distance):
        out.update(subs=subs, escort=escort)
        return out
    out["intercepted"] = True
    if escort:
        on_subs, dice["asw"] = fire(s, escort)
        on_escort, dice["uboats_at_asw"] = fire(s, subs)
        subs, escort = max(0, subs - on_subs), max(0, escort - on_escort)
    if subs:
        hits, dice["route"] = fire(s, 2 * subs)
        out["loss"] = min(hits, room)
    out.update(subs=subs, escort=escort)
    return out


def apply_uboat(s: HgwState, a: Action) -> None:
    (base,) = a.path
    i = a.target
    r = opt(s, "hgw_uboats")["routes"][i]
    n, defender = s.current_nation, str(r.get("nation"))
    subs = uboats(s)[base][1]
    near = _defender_fleet(s, defender, base)
    fz = near[0] if near else None
    ends = {x for c in (r.get("from"), r.get("to")) for x in [geo.graph(s).code.get(str(c))] if x}
    escorted = any(f.nation == defender and f.points > 0 and z in ends for z, f in s.fleet.items())
    level = asw(s, defender) if escorted else 0
    got = resolve(
        s,
        subs,
        s.fleet[fz].points if fz is not None else 0,
        near[1] if near else None,
        patrol_distance(s, base, i) or 0,
        level,
        route_room(s, i),
    )
    boats = dict(uboats(s))
    if got["subs"]:
        boats[base] = [n, got["subs"]]
    else:
        boats.pop(base, None)
    _put(s, "uboats", boats)
    if fz is not None and got["fleet_lost"]:
        f = s.fleet[fz]
        left = f.points - got["fleet_lost"]
        fleets = {k: v for k, v in s.fleet.items() if k != fz}
        if left:
            fleets[fz] = f._replace(points=left)
        s.fleet = fleets
    if escorted and level != got["escort"]:
        _put(s, "asw", {**_naval(s, "asw", {}), defender: got["escort"]})
    loss = got["loss"]
    if loss and r.get("kind") == "lend_lease":
        rec = str(r.get("receiver", ""))
        s.lend = {**s.lend, rec: s.lend.get(rec, 0) - loss}
    elif loss:
        losses = dict(_naval(s, "loss", {}))
        losses[defender] = int(losses.get(defender, 0)) + loss
        _put(s, "loss", losses)
    _put(s, "done", [*(d for d in _naval(s, "done", []) if d[2] == s.round), [base, i, s.round]])
    s.event(
        "hgw_uboat",
        nation=n,
        base=base,
        route=str(r.get("name", i)),
        uboats=subs,
        fleet=fz or 0,
        escort=level,
        dice=got["dice"],
        intercepted=got["intercepted"],
        uboats_left=got["subs"],
        loss=loss,
    )


def take_loss(s: HgwState, nation: str) -> int:
    """The PP U-boats took from the side's routes since its last production: deducted
    from this production once (U-Boat Attack 7: "A loss is deducted just once")."""
    losses = _naval(s, "loss", {})
    k = int(losses.get(nation, 0))
    if k:
        _put(s, "loss", {m: v for m, v in losses.items() if m != nation})
    return k


def build_port_zones(s: HgwState, nation: str, zones: list[int]) -> list[int]:
    """Of the side's production hexes ``zones``, the ports (U-Boat Attack 2)."""
    return [z for z in zones if port_seas(s, z)]


def add_uboats(s: HgwState, nation: str, z: int, k: int) -> None:
    boats = dict(uboats(s))
    cur = boats.get(z, [nation, 0])
    boats[z] = [nation, cur[1] + k]
    _put(s, "uboats", boats)


def add_asw(s: HgwState, nation: str, k: int) -> None:
    _put(s, "asw", {**_naval(s, "asw", {}), nation: asw(s, nation) + k})


# -- the bots -------------------------------------------------------------------------------
def bot_uboat(s: HgwState) -> Action | None:
    """Attack the route with the most PP at stake, from a port no enemy fleet at least as
    strong as the U-boats can intercept them leaving (they would lose the battle)."""
    routes = opt(s, "hgw_uboats").get("routes") or []

    def safe(a: Action) -> bool:
        near = _defender_fleet(s, str(routes[a.target].get("nation")), a.path[0])
        return near is None or s.fleet[near[0]].points < uboats(s)[a.path[0]][1]

    acts = [a for a in uboat_legal(s) if safe(a)]
    if not acts:
        return None
    return max(acts, key=lambda a: (route_room(s, a.target), -a.target, -a.path[0]))


def check_uboats(checker, opts: dict) -> None:
    """The shape of ``hgw_uboats`` (one line each, never a traceback)."""
    u = opts["hgw_uboats"]
    if not u:
        return
    fail = checker.fail
    start = u.get("start", {})
    if not isinstance(start, dict) or not all(
        isinstance(p, dict)
        and all(isinstance(k, int) and not isinstance(k, bool) and k >= 0 for k in p.values())
        for p in start.values()
    ):
        fail("options.hgw_uboats.start", "must be {nation: {port hex: SPs}}")
    routes = u.get("routes", [])
    if not isinstance(routes, list):
        fail("options.hgw_uboats.routes", "must be a list of routes")
        routes = []
    for i, r in enumerate(routes):
        ok = (
            isinstance(r, dict)
            and all(isinstance(r.get(k), str) for k in ("nation", "from", "to"))
            and r.get("kind") in ("production", "lend_lease")
            and isinstance(r.get("pp", 0), int)
            and not isinstance(r.get("pp", 0), bool)
        )
        if not ok:
            fail(
                f"options.hgw_uboats.routes[{i}]",
                'must be {name, nation, from, to, kind: "production"|"lend_lease", pp}',
            )
    p = u.get("patrol", 30)
    if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p <= 99:
        fail("options.hgw_uboats.patrol", "must be hexes 0..99")


# -- building U-boats and A.S.W. in the production phase --------------------------------
def naval_build_legal(s: HgwState) -> list[Action]:
    """U-boat SPs into a fleet in a home-country port with production (U-Boat Attack 2),
    A.S.W. level SPs into the side's box (Anti-Submarine Warfare 1)."""
    n = s.current_nation
    items = s.tech.get(n, {}) if s.tech and opt(s, "hgw_uboats") else {}
    bank = s.banks.get(n, 0)
    out = []
    if "uboat" in items and (unit_cost(s, n, "uboat") or bank + 1) <= bank:
        for z in build_port_zones(s, n, build_zones(s, n)):
            if not (z in uboats(s) and uboats(s)[z][0] != n):
                out.append(Action("hgw_build_naval", type="uboat", zone=z, count=1))
    if "asw" in items and (unit_cost(s, n, "asw") or bank + 1) <= bank:
        out.append(Action("hgw_build_naval", type="asw", count=1))
    return out


def with_naval_builds(s: HgwState) -> list[Action]:
    """The production phase's actions with the strategic air and the naval builds."""
    base = with_air_builds(s)
    return [*base[:-1], *naval_build_legal(s), base[-1]]


def build_naval_error(s: HgwState, a: Action) -> str | None:
    if s.phase != "production":
        return "not in the production phase"
    if a.count != 1 or Action("hgw_build_naval", type=a.type, zone=a.zone, count=1) not in (
        naval_build_legal(s)
    ):
        return "one U-boat SP in a home port with production, or one A.S.W. SP, if affordable"
    return None


def apply_build_naval(s: HgwState, a: Action) -> None:
    n = s.current_nation
    s.banks[n] -= unit_cost(s, n, a.type) or 0
    if a.type == "uboat":
        add_uboats(s, n, a.zone, a.count)
    else:
        add_asw(s, n, a.count)
    s.event("hgw_build", nation=n, zone=a.zone, type=a.type, count=a.count, army=0)


def charge_loss(s: HgwState) -> None:
    """At the start of the side's production: what U-boats took from its routes comes off
    this turn's budget (U-Boat Attack 6-7)."""
    n = s.current_nation
    k = take_loss(s, n)
    if k:
        took = min(k, s.banks.get(n, 0))
        s.banks[n] = s.banks.get(n, 0) - took
        s.event("hgw_shipping_loss", nation=n, amount=took)


def naval_with_uboats(s: HgwState) -> list[Action]:
    """The naval movement phase: U-boat attacks, then the fleets' base changes."""
    return [*uboat_legal(s), *naval_legal(s)]


def bot_naval_build(s: HgwState) -> Action | None:
    """Build A.S.W. while the enemy's U-boats outnumber the side's A.S.W. level and a
    route of the side is theirs to attack."""
    n = s.current_nation
    builds = [a for a in naval_build_legal(s) if a.type == "asw"]
    enemy = sum(k for o, k in uboats(s).values() if o != n and s.at_war(o, n))
    routes = opt(s, "hgw_uboats").get("routes") or []
    if builds and enemy > asw(s, n) and any(r.get("nation") == n for r in routes):
        return builds[0]
    return None
