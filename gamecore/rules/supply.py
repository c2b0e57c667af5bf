"""Logistics of Global War: supply paths, blockade and lend-lease.

Sources (seeds/000_8004ae29f2fa7391.txt, cited "seeds/000 §x.y"; rules-notes/000 §1.12,
§4.6, §4.8):

- §1.5 Supply Paths: traced any distance, over land along undamaged railways and/or rivers
  (§1.12; Channel Ports §1.21 and the Burma Road §1.17 "as if a railroad"; canals used as
  rivers are drawn as river lines), through zones whose owners give permission; over sea
  the path leaves and enters land at an undamaged Port, Shipyard or Dockyard; enemy units
  do not block it except a blockade. Once back on land it crosses no more sea zones.
- §8.11 Blockade: three or more surface warships in a sea zone blockade every enemy naval
  facility on it: no supply path and no lend-lease through it.
- §7.9, §11.4 Lend-lease: up to half the receiver's current income in IPP (or one land or
  air unit bought this turn and built at a Home Country factory), from a factory in
  the sender's Home Country to the receiver's Home Country along the shortest lend-lease
  supply path; minor naval facilities carry at most 3 IPP; each sea zone of the route with
  an enemy submarine, aircraft (Maritime Air Patrol) or >= 3 surface warships interdicts
  it: D6 against D6, the interdictor rolling higher destroys it.

Choices where the rulebook leaves room (rules-notes/000 §6, also in global_war.toml):
- §6.31 permission: option ``supply_permission`` "aligned" (own, Aligned and controlled
  zones and facilities; default) or "own" (only the nation's own, plus the receiver's).
- §6.33 a facility on two sea zones is blockaded when either of them is blockaded.
- §6.37 a "warship" that blockades or interdicts is a surface warship with an Attack.
- §6.30 "shortest" counts every zone of the path; ties go to the lowest zone ids.

Which facility types carry supply over sea is data: option ``supply_facilities`` maps a
facility type to the most IPP it carries (0: no limit).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.engine.options import OptionSpec
from gamecore.engine.state import NEW, SUBMERGED
from gamecore.errors import RulesError
from gamecore.model import Objective
from gamecore.rules import wargame

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


# ---------------------------------------------------------------------- helpers
def player_of(s: GameState, nation: str) -> str:
    """The player whose per-turn limits a nation uses (§2.3: the Commonwealth entities and
    the two US halves share theirs): the nation's ``props.major_power``, else itself."""
    nat = s.pack.nations.get(nation)
    mp = nat.props.get("major_power") if nat is not None else None
    return mp if isinstance(mp, str) and mp else nation


def home_zones(s: GameState, nation: str) -> frozenset[int]:
    """The Home Country (:func:`gamecore.rules.economy.home_country`, the one definition
    every rule uses)."""
    from gamecore.rules.economy import home_country

    return home_country(s, nation)


def counter(s: GameState, key: str) -> int:
    return s.logistics.get(f"{key}|{s.round}", 0)


def count(s: GameState, key: str, n: int = 1) -> None:
    """Add to this round's counter ``key`` (older rounds' counters are dropped)."""
    rk = f"|{s.round}"
    if any(not k.endswith(rk) for k in s.logistics):
        s.logistics = {k: v for k, v in s.logistics.items() if k.endswith(rk)}
    k = f"{key}{rk}"
    s.logistics[k] = s.logistics.get(k, 0) + n


def is_blockader(t) -> bool:
    """§8.11 / §6.37: a surface warship with an Attack value."""
    return t.is_surface_warship and t.attack > 0


def rail_edge_open(s: GameState, a: int, b: int, cond: str = "", nation: str = "") -> bool:
    """An undamaged rail (or river) edge: no railroad facility on it is damaged, and its
    line's ``open_if`` condition (if any) holds (§1.17 the Burma Road opens when ...)."""
    if cond and not condition_holds(s, cond, nation):
        return False
    fids = s.board.rail_facilities.get((a, b) if a < b else (b, a))
    if not fids:
        return True
    for fid in fids:
        f = s.facilities.get(fid)
        if f is not None and f.damage > 0:
            return False
    return True


def condition_holds(s: GameState, text: str, nation: str = "") -> bool:
    """A condition-language condition over the game now (``self`` = ``nation``)."""

    def run() -> bool:
        obj = Objective("_line_open", "line opens", kind="event", owner=nation or None)
        obj.condition = text
        return bool(s.evaluator.evaluate(s, obj))

    return _cached(s, nation or s.current_nation, ("cond", text, nation), run)


def _damage_token(s: GameState) -> tuple:
    return tuple(sorted((f.id, f.damage) for f in s.facilities.values() if f.damage))


def _cached(s: GameState, nation: str, key: tuple, compute):
    """Per state epoch (and facility damage) for the nation to move; others: fresh (the
    moving nation's own moves do not bump the epoch but change what others see)."""
    if nation != s.current_nation:
        return compute()
    token = (s.epoch, _damage_token(s), s.round)
    slot = s.board.cache.get("supply")
    if slot is None or slot[0] != token:
        slot = (token, {})
        s.board.cache["supply"] = slot
    got = slot[1].get(key)
    if got is None:
        got = slot[1][key] = (compute(),)  # a tuple: None is a result too
    return got[0]


# ---------------------------------------------------------------------- blockade
def blockaded_facilities(s: GameState, nation: str | None = None) -> frozenset[int]:
    """Facility ids under blockade (§8.11): a sea zone holding at least
    ``blockade_warships`` surface warships of one nation blockades every facility serving
    it whose owner that nation is at war with. 0 (the default) turns blockade off."""
    need = s.rules.options["blockade_warships"]
    if not need:
        return frozenset()
    return _cached(s, nation or s.current_nation, ("blockade",), lambda: _blockaded(s, need))


def _blockaded(s: GameState, need: int) -> frozenset[int]:
    b = s.board
    ut = s.rules.units
    fleets: dict[tuple[int, str], int] = {}
    for u in s.units.values():
        if u.on or u.flags & SUBMERGED or not b.is_sea(u.zone):
            continue
        if is_blockader(ut[u.type]):
            k = (u.zone, u.nation)
            fleets[k] = fleets.get(k, 0) + 1
    blockers: dict[int, list[str]] = {}
    for (z, n), c in sorted(fleets.items()):
        if c >= need:
            blockers.setdefault(z, []).append(n)
    if not blockers:
        return frozenset()
    out = set()
    for f in s.facilities.values():
        owner = s.owner.get(f.zone)
        if owner is None:
            continue
        for sz in served(s, f):
            if any(s.at_war(n, owner) for n in blockers.get(sz, ())):
                out.add(f.id)
                break
    return frozenset(out)


def served(s: GameState, f) -> tuple[int, ...]:
    """Sea zones a facility serves: the map's ``serves``, else every adjacent sea zone."""
    return s.board.facility_serves.get(f.id) or s.board.coast.get(f.zone, ())


# ---------------------------------------------------------------------- supply paths
def _ipp_class(s: GameState, max_ipp: int | None):
    """What of ``max_ipp`` a search depends on: the facility limits it exceeds (:func:`_ports`
    drops those facilities). Searches of one class find the same path, so they share a
    cache entry (performance only)."""
    if max_ipp is None:
        return None
    table = s.rules.options.get("supply_facilities") or {}
    return tuple(sorted({v for v in table.values() if v and max_ipp > v}))


def _narrow_ports(b) -> dict[int, list[int]]:
    """Zone -> the zones across its narrow crossings with a channel port (static board
    data, indexed once per board)."""
    got = b.cache.get("narrow_ports")
    if got is None:
        got = {}
        for (x, y), (_lim, port, _via) in b.narrow.items():
            if port:
                got.setdefault(x, []).append(y)
                got.setdefault(y, []).append(x)
        b.cache["narrow_ports"] = got
    return got


def _ports(s: GameState, nation: str, permitted, max_ipp: int | None) -> dict[int, list[int]]:
    """Sea zone -> land zones where a usable supply facility serves it."""
    table = s.rules.options.get("supply_facilities") or {}
    if not table:
        return {}
    out: dict[int, set[int]] = {}
    for lim, zone, seas in _working_ports(s, nation, table):
        if lim and max_ipp is not None and max_ipp > lim:
            continue
        if not permitted(zone):
            continue
        for sz in seas:
            out.setdefault(sz, set()).add(zone)
    return {sz: sorted(zs) for sz, zs in out.items()}


def _working_ports(s: GameState, nation: str, table: dict) -> tuple:
    """(IPP limit, zone, sea zones served) of every supply facility that works now: not
    blockaded, operative, undamaged (what every search of this state reads)."""

    def compute() -> tuple:
        blocked = blockaded_facilities(s, nation)
        out = []
        for f in s.facilities.values():
            lim = table.get(f.type)
            if lim is None or f.id in blocked or not s.facility_operative(f) or f.damage:
                continue
            out.append((lim, f.zone, served(s, f)))
        return tuple(out)

    return _cached(s, nation, ("ports", nation), compute)


def _permission(s: GameState, nation: str, extra: tuple[str, ...] = ()):
    mode = s.rules.options["supply_permission"]
    ok = {nation, *extra}
    if mode != "own":
        ok |= s.friends(nation)
        for x in extra:
            ok |= s.friends(x)
    owner = s.owner
    board = s.board

    def permitted(z: int) -> bool:
        return board.kind[z] == "land" and owner.get(z) in ok

    return permitted


def _canal_ok(s: GameState, a: int, b: int, permitted) -> bool:
    c = s.board.canals.get((a, b) if a < b else (b, a))
    if c is None:
        return True
    if c.free_while_neutral and all(s.is_neutral_owner(s.owner.get(z)) for z in c.controllers):
        return True  # seeds/002 "Turkey": open to all while its controller is neutral
    held = [permitted(z) for z in c.controllers]
    return any(held) if c.rule == "any" else all(held)


def _search(
    s: GameState,
    nation: str,
    sources,
    targets,
    max_ipp: int | None,
    extra: tuple[str, ...] = (),
) -> tuple[int, ...] | None:
    """Breadth-first over (zone, stage): 0 on land before the sea leg, 1 at sea, 2 on
    land after it. The shortest path by zones; ties to the lowest ids."""
    permitted = _permission(s, nation, extra)
    b = s.board
    targets = frozenset(targets)
    narrow_ports = _narrow_ports(b)
    # canals this search may not pass (what _canal_ok answers, decided once per search)
    closed: set[tuple[int, int]] = set()
    for x, y in b.canals:
        if x < y and not _canal_ok(s, x, y, permitted):
            closed.update(((x, y), (y, x)))
    ports = None
    land_ports: dict[int, list[int]] = {}
    start = [z for z in sorted(set(sources)) if permitted(z)]
    prev: dict[tuple[int, int], tuple[int, int] | None] = {}
    q: deque[tuple[int, int]] = deque()
    for z in start:
        prev[(z, 0)] = None
        q.append((z, 0))
    found = None
    while q:
        node = q.popleft()
        z, stage = node
        if stage != 1 and z in targets:
            found = node
            break
        nxt: list[tuple[int, int]] = []
        if stage != 1:
            for y, _g, _k, _cap, cond in b.rail_edges.get(z, ()):
                if permitted(y) and rail_edge_open(s, z, y, cond, nation):
                    nxt.append((y, stage))
            for o in narrow_ports.get(z, ()):
                if permitted(o):
                    nxt.append((o, stage))
            if stage == 0:
                if ports is None:
                    ports = _ports(s, nation, permitted, max_ipp)
                    for sz, zs in ports.items():
                        for lz in zs:
                            land_ports.setdefault(lz, []).append(sz)
                for sz in land_ports.get(z, ()):
                    nxt.append((sz, 1))
        else:
            for y in b.sea_nbrs.get(z, ()):
                if not closed or (z, y) not in closed:
                    nxt.append((y, 1))
            for lz in ports.get(z, ()):
                nxt.append((lz, 2))
        for n2 in sorted(nxt):
            if n2 not in prev:
                prev[n2] = node
                q.append(n2)
    if found is None:
        return None
    path = []
    node = found
    while node is not None:
        path.append(node[0])
        node = prev[node]
    path.reverse()
    return tuple(path)


def supply_path(
    s: GameState, nation: str, src: int, dst: int, max_ipp: int | None = None
) -> list[int] | None:
    """The shortest supply path (zone ids, ``src`` first) of ``nation`` from land zone
    ``src`` to land zone ``dst`` (seeds/000 §1.5), or None. ``max_ipp``: the value carried
    (facilities with a lower limit, minor ones in Global War, are not used)."""
    got = _cached(
        s,
        nation,
        ("path", nation, src, dst, _ipp_class(s, max_ipp)),
        lambda: _search(s, nation, (src,), (dst,), max_ipp),
    )
    return list(got) if got is not None else None


def reaches_friendly_land(s: GameState, nation: str, zone: int) -> bool:
    """Whether ``nation`` traces a supply path (rail, or an unblockaded port and the sea)
    from land zone ``zone`` to another land zone of its own or a friend's (seeds/003
    CITIES: "A City is surrounded if it cannot trace a supply path to another friendly
    Land zone as in (Blockaded ports and no rail lines available)")."""
    permitted = _permission(s, nation)
    targets = frozenset(z for z in s.owner if z != zone and permitted(z))
    if not targets:
        return False
    got = _cached(
        s,
        nation,
        ("friendly_land", nation, zone),
        lambda: _search(s, nation, (zone,), targets, None),
    )
    return got is not None


def in_supply(s: GameState, nation: str, dst: int, sources=None) -> bool:
    """A supply path from any of ``sources`` (default: ``nation``'s operative factories in
    its Home Country) to ``dst`` (§11.2 upgrades, T 12-2 minor factories)."""
    if sources is None:
        sources = home_factories(s, nation)
    src = tuple(sorted(set(sources)))
    got = _cached(
        s, nation, ("reach", nation, src, dst), lambda: _search(s, nation, src, (dst,), None)
    )
    return got is not None


def home_factories(s: GameState, nation: str) -> list[int]:
    """Zones of the Home Country held by ``nation`` with an operative production facility
    that makes land units."""
    home = home_zones(s, nation)
    out = set()
    for f in s.facilities.values():
        if f.zone in home and s.owner.get(f.zone) == nation and s.production_capacity(f) > 0:
            ft = s.rules.facility_types.get(f.type)
            if ft is not None and "land" in ft.places:
                out.add(f.zone)
    return sorted(out)


# ---------------------------------------------------------------------- lend-lease
def lend_lease_path(s: GameState, sender: str, receiver: str, amount: int):
    """The shortest lend-lease supply path from a factory in the sender's Home Country to
    the receiver's Home Country (seeds/000 §11.4), or None."""
    return _ll_path(s, sender, receiver, amount, tuple(home_factories(s, sender)), None)


def _ll_path(s: GameState, sender: str, receiver: str, amount: int, src: tuple, dst):
    """:func:`lend_lease_path` from the sender's factories ``src`` (and the receiver's held
    Home Country ``dst``, when known)."""
    if dst is None:
        dst = tuple(sorted(z for z in home_zones(s, receiver) if s.owner.get(z) == receiver))
    if not src or not dst:
        return None
    return _cached(
        s,
        sender,
        ("ll", sender, receiver, _ipp_class(s, amount)),
        lambda: _search(s, sender, src, dst, amount, extra=(receiver,)),
    )


def lend_lease_cap(s: GameState, receiver: str) -> int:
    """§7.9: up to ``lend_lease_income_percent`` (50) of the receiver's current income
    (bonus income not counted), halves rounded up (§0.2)."""
    pct = s.rules.options["lend_lease_income_percent"]
    income = s.territory_income(receiver)
    return (income * pct + 50) // 100


def lend_lease_actions(s: GameState) -> list:
    """Lend-lease offers of the nation to move (place phase, once per player per round)."""

    if not s.rules.options.get("lend_lease"):
        return []
    n = s.current_nation
    b = s.board
    if b.nation_kind.get(n) != "major" or counter(s, f"ll|{player_of(s, n)}"):
        return []
    bank = s.banks.get(n, 0)
    if bank <= 0:
        return []
    units = _lendable_units(s, n)
    src = tuple(home_factories(s, n))  # the same for every offer
    out = []
    for r in b.nations:
        if r == n or b.nation_kind.get(r) == "neutral" or s.at_war(n, r):
            continue
        if s.relation(n, r) == "controlled" or player_of(s, r) == player_of(s, n):
            continue  # §7.9 not to itself or its Aligned minors
        cap = min(bank, lend_lease_cap(s, r))
        dst = None
        if cap > 0 or units:
            dst = tuple(sorted(z for z in home_zones(s, r) if s.owner.get(z) == r))
        if cap > 0:
            limit = _minor_limit(s)
            for amount in sorted({cap, min(cap, limit)} if limit else {cap}, reverse=True):
                if amount > 0 and _ll_path(s, n, r, amount, src, dst) is not None:
                    out.append(Action.lend_lease(r, amount))
        for typ, cost in units:
            if _ll_path(s, n, r, cost, src, dst) is not None:
                out.append(Action("lend_lease", type=typ, nation=r))
    return out


def _lendable_units(s: GameState, n: str) -> list[tuple[str, int]]:
    """§7.9 "One military unit ... produced at a factory in the Home Country": a bought,
    unplaced land or air unit, while a Home Country factory has room for it."""
    pend = s.pending.get(n) or {}
    if not pend or _home_factory_slot(s, n) is None:
        return []
    out = []
    for typ in sorted(pend):
        t = s.rules.units.get(typ)
        if t is not None and pend[typ] > 0 and t.domain in ("land", "air"):
            out.append((typ, t.cost_for(n)))
    return out


def _home_factory_slot(s: GameState, n: str):
    home = home_zones(s, n)
    for f in sorted(s.facilities.values()):
        if f.zone in home and s.owner.get(f.zone) == n:
            if s.production_capacity(f) - s.placed.get(f.id, 0) > 0:
                return f
    return None


def _minor_limit(s: GameState) -> int:
    table = s.rules.options.get("supply_facilities") or {}
    lims = [v for v in table.values() if isinstance(v, int) and v > 0]
    return min(lims) if lims else 0


def interdictors(s: GameState, sender: str, sea_zone: int) -> list[str]:
    """Nations at war with ``sender`` that interdict lend-lease in ``sea_zone`` (§11.4): a
    submarine, an aircraft (Maritime Air Patrol; carrier aircraft always patrol) or at
    least ``interdiction_warships`` surface warships."""
    ut = s.rules.units
    need = s.rules.options["interdiction_warships"]
    fleets: dict[str, int] = {}
    out = set()
    for uid in s.units_in(sea_zone):
        u = s.units[uid]
        if not s.at_war(sender, u.nation):
            continue
        t = ut[u.type]
        if t.domain == "air" or (t.domain == "sea" and t.submerge and t.first_strike):
            out.add(u.nation)
        elif is_blockader(t) and not u.on:
            fleets[u.nation] = fleets.get(u.nation, 0) + 1
    out |= {x for x, c in fleets.items() if c >= need}
    return sorted(out)


def apply_lend_lease(s: GameState, a) -> None:
    """Send ``a.count`` IPP to ``a.nation`` along the lend-lease path; each interdicting sea
    zone rolls D6 against D6 and a higher interdictor roll destroys it (§11.4)."""

    if s.rules.options.get("wg_lend_lease"):
        wargame.apply_lend_lease(s, a)  # seeds/002 §2.7: money, not along a path
        return
    n = s.current_nation
    r = a.nation
    unit = a.type
    if unit:
        t = s.rules.units[unit]
        value = t.cost_for(n)
        f = _home_factory_slot(s, n)
        pend = dict(s.pending.get(n) or {})
        if f is None or pend.get(unit, 0) <= 0:
            raise RulesError(f"{n} has no {unit} to lend-lease")
    else:
        value = a.count
    path = lend_lease_path(s, n, r, value)
    if path is None:
        raise RulesError(f"no lend-lease path from {n} to {r}")
    count(s, f"ll|{player_of(s, n)}")
    if unit:
        s.placed[f.id] = s.placed.get(f.id, 0) + 1  # built at a Home Country factory
        pend[unit] -= 1
        if not pend[unit]:
            del pend[unit]
        s.pending[n] = pend
    else:
        s.banks[n] = s.banks.get(n, 0) - a.count
    die = s.rules.options["lend_lease_die"]
    for z in path:
        if not s.board.is_sea(z):
            continue
        for x in interdictors(s, n, z):
            hit, save = s.rng.roll(die), s.rng.roll(die)
            s.event("interdiction", zone=z, by=x, roll=hit, against=save)
            if hit > save:
                s.event("lend_lease", sender=n, receiver=r, amount=value, unit=unit, lost=True)
                s.remember("lend_lease", sender=n, receiver=r, amount=0)
                return
    if unit:
        # §11.4 "It arrives and stops moving in" the first zone of the receiver's Home
        # Country, "where it becomes" the receiver's unit
        uid = s.add_unit(r, unit, path[-1], flags=NEW, moves=0)
        s.event("placed", nation=r, type=unit, zone=path[-1], unit=uid, lent_by=n)
    else:
        s.banks[r] = s.banks.get(r, 0) + a.count
    s.event("lend_lease", sender=n, receiver=r, amount=value, unit=unit, path=list(path))
    s.remember("lend_lease", sender=n, receiver=r, amount=value)


# ---------------------------------------------------------------------- options
#: the options this module reads (declared for the rule system: typed, checked at load)
OPTIONS = (
    OptionSpec(
        "supply_facilities",
        "table",
        {},
        doc="facility type -> max IPP it carries over sea (0: no limit)",
        owner="gamecore.rules.supply",
    ),
    OptionSpec(
        "supply_permission",
        "str",
        "aligned",
        choices=("aligned", "own"),
        doc="'aligned' | 'own'",
        owner="gamecore.rules.supply",
    ),
    OptionSpec(
        "blockade_warships",
        "int",
        0,
        doc="surface warships that blockade (0: no blockade)",
        owner="gamecore.rules.supply",
    ),
    OptionSpec(
        "lend_lease",
        "bool",
        False,
        doc="nations may send IPP or units to an ally (seeds/000 §11.4)",
        owner="gamecore.rules.supply",
    ),
    OptionSpec(
        "lend_lease_income_percent",
        "int",
        50,
        doc="the share of its income a nation may send",
        owner="gamecore.rules.supply",
    ),
    OptionSpec(
        "lend_lease_die",
        "int",
        6,
        doc="the die of the lend-lease interdiction roll",
        owner="gamecore.rules.supply",
    ),
    OptionSpec(
        "interdiction_warships",
        "int",
        3,
        doc="enemy warships on a lend-lease path that interdict it",
        owner="gamecore.rules.supply",
    ),
)
