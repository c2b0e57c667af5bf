"""Production and income: purchase and repair, mobilisation at factories, income with
national objectives, convoy disruption.

Sources: seeds/004 "Summary of play" (buy at the start, place at the end, then collect
income including territories taken this turn), "China rules" (no factories, places in
any Chinese territory it controls, keeps its IPCs, immune to convoy disruption);
rules-notes/004 §4.1 (phases; production caps major 10 / minor 3 minus damage; ships in an
adjacent sea zone; unplaced units refunded; no income while the capital is enemy-held),
§4.9 (convoy disruption dice per unit type, 1-3 lose that many IPCs, capped by the
exposed territories' value), §4.10 (facility placement limits), §4.6 (repair 1 IPC a point).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.engine.objectives import outcome
from gamecore.engine.options import OptionSpec
from gamecore.engine.state import NEW, Fac, QItem
from gamecore.errors import RulesError
from gamecore.rules import tech

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.ruleset import FacilityType
    from gamecore.engine.state import GameState


# ---------------------------------------------------------------------- production sites
class _View:
    """What one purchase or placement query reads of the state many times (facilities by
    zone, the nation's production sites and their room left, its zones, hostile sea zones),
    computed on first use and dropped with the query. The query changes nothing, so it
    answers exactly as the plain functions would (performance only, issue #14)."""

    __slots__ = (
        "s",
        "n",
        "_by_zone",
        "_factories",
        "_left",
        "_zones",
        "_hostile",
        "_near",
        "_rows",
        "_surcharge",
    )

    def __init__(self, s: GameState, n: str):
        self.s = s
        self.n = n
        self._by_zone: dict[int, list[Fac]] | None = None
        self._factories: list[Fac] | None = None
        self._left: dict[int, int] = {}
        self._zones: list[int] | None = None
        self._hostile: dict[int, bool] = {}
        self._near: dict[int, bool] = {}
        self._rows: list[tuple] | None = None
        self._surcharge: dict[int, int] = {}

    def facilities_in(self, z: int) -> list[Fac]:
        """Like ``GameState.facilities_in`` (same order)."""
        if self._by_zone is None:
            by: dict[int, list[Fac]] = {}
            for f in self.s.facilities.values():
                by.setdefault(f.zone, []).append(f)
            self._by_zone = by
        return self._by_zone.get(z, [])

    def factories(self) -> list[Fac]:
        if self._factories is None:
            s, n = self.s, self.n
            out = []
            for f in s.facilities.values():
                if s.owner.get(f.zone) == n and s.start_owner.get(f.zone) == n:
                    cap = site_capacity(s, f)
                    if cap > 0:
                        out.append(f)
                        self._left[f.id] = cap - s.placed.get(f.id, 0)
            self._factories = sorted(out)
        return self._factories

    def left(self, f: Fac) -> int:
        """Units factory ``f`` (one of :meth:`factories`) may still place this turn."""
        return self._left[f.id]

    def zones(self) -> list[int]:
        """The nation's zones, sorted."""
        if self._zones is None:
            self._zones = sorted(self.s.zones_of(self.n))
        return self._zones

    def hostile_sea(self, z: int) -> bool:
        h = self._hostile.get(z)
        if h is None:
            h = self._hostile[z] = _hostile_sea(self.s, z, self.n)
        return h

    def site_rows(self) -> list[tuple]:
        """Per zone held since the start of the turn (sorted): (zone, value, originally
        the nation's, island, coastal, facility types there, a land production site
        there) -- what :func:`facility_sites` asks of every facility type."""
        if self._rows is None:
            s, n, board = self.s, self.n, self.s.board
            fts = s.rules.facility_types
            rows = []
            for z in self.zones():
                if s.start_owner.get(z) != n:
                    continue
                here = self.facilities_in(z)
                land_prod = any(
                    (t := fts.get(f.type)) and t.production and "land" in t.places for f in here
                )
                rows.append(
                    (
                        z,
                        board.value[z],
                        board.original.get(z) == n,
                        "island" in board.flags[z],
                        bool(board.coast.get(z)),
                        {f.type for f in here},
                        land_prod,
                    )
                )
            self._rows = rows
        return self._rows

    def surcharge(self, z: int) -> int:
        c = self._surcharge.get(z)
        if c is None:
            c = self._surcharge[z] = construction_surcharge(self.s, z)
        return c

    def factory_near(self, z: int) -> bool:
        h = self._near.get(z)
        if h is None:
            h = self._near[z] = _factory_near(self.s, self.n, z)
        return h


def factories(s: GameState, n: str) -> list[Fac]:
    """Production facilities ``n`` may use this turn (held since the start of the turn)."""
    return list(_View(s, n).factories())


def site_capacity(s: GameState, f: Fac) -> int:
    """Units ``f`` may place this turn. With ``typed_placement`` (seeds/000 §11.1) a factory
    placed this turn produces nothing yet and an upgraded one its old amount."""
    cap = s.production_capacity(f)
    if not s.built or not s.rules.options.get("typed_placement"):
        return cap
    if (f.zone, f.type) not in s.built:
        return cap
    tag = f"from:{f.id}:"
    old = next((k[len(tag) :] for z, k in s.built if z == f.zone and k.startswith(tag)), None)
    if old is None:
        return 0  # new this turn
    return s.production_capacity(f._replace(type=old))


def _hostile_sea(s: GameState, z: int, n: str) -> bool:
    en = s.enemies(n)
    ut = s.rules.units
    return any(
        s.units[u].nation in en and ut[s.units[u].type].is_surface_warship for u in s.units_in(z)
    )


def placement_capacity(s: GameState, n: str, v: _View | None = None) -> tuple[int, set[str]]:
    """Units ``n`` can still mobilise this turn, and the domains it can mobilise."""
    v = v or _View(s, n)
    nr = s.rules.nation_rules(n)
    if not nr.uses_factories:
        zones = [z for z in s.zones_of(n) if s.board.original.get(z) == n]
        cap = sum(max(0, nr.place_limit_per_zone - s.placed.get(-z, 0)) for z in zones)
        return cap, {"land"} if cap else set()
    cap = 0
    domains: set[str] = set()
    for f in v.factories():
        left = v.left(f)
        if left <= 0:
            continue
        cap += left
        ft = s.rules.facility_types[f.type]
        for d in ft.places:
            if d == "sea":
                if any(not v.hostile_sea(z) for z in s.board.coast.get(f.zone, ())):
                    domains.add("sea")
            else:
                domains.add(d)
    return cap, domains


def facility_sites(s: GameState, n: str, ft: FacilityType, v: _View | None = None) -> list[int]:
    """Zones where ``n`` may build (or upgrade to) facility type ``ft`` now."""
    v = v or _View(s, n)
    out = []
    built = s.built
    land_prod = ft.production and "land" in ft.places
    occupied_min = ft.props.get("occupied_min_value")
    for z, value, original, island, coastal, types, has_land_prod in v.site_rows():
        if (z, ft.id) in built or value < ft.min_value:
            continue
        if isinstance(occupied_min, int) and not original and value < occupied_min:
            continue  # seeds/002 §4.8: an occupied territory needs twice the value
        if ft.needs_original and not original:
            continue
        if ft.forbid_island and island:
            continue
        if ft.needs_coast and not coastal:
            continue
        if ft.id in types:
            continue
        if ft.upgrade_from and ft.upgrade_from in types:
            out.append(z)
            continue
        if land_prod and has_land_prod:
            continue
        out.append(z)
    return out


# ---------------------------------------------------------------------- purchase
def _may_spend(s: GameState, n: str) -> bool:
    if s.rules.options.get("income_without_capital"):
        return True
    return s.has_capital(n)


def purchase_actions(s: GameState) -> list[Action]:
    n = s.current_nation
    if not _may_spend(s, n):
        return []
    bank = s.spendable(n)  # free money: earmarked money pays only for its purposes
    nr = s.rules.nation_rules(n)
    allowed = None if nr.can_buy is None else set(nr.can_buy) | purchase_permissions(s, n)
    out = []
    v = _View(s, n)
    cap, domains = placement_capacity(s, n, v)
    pending = s.pending.get(n, {})
    queued = sum(c for t, c in pending.items() if t in s.rules.units and not _place_rule(s, t))
    for t in s.rules.units.values():
        if t.cost_for(n) <= 0 or _cost(s, n, t.id) > _money_for(s, n, t.id, bank):
            continue
        if allowed is not None and t.id not in allowed:
            continue
        rule = _place_rule(s, t.id)
        if rule:
            if _rule_room(s, n, t.id) > 0:
                out.append(Action.buy(t.id))
            continue
        if cap - queued <= 0:
            continue
        dom = "land" if t.domain == "facility" else t.domain
        if dom in domains and (not _typed(s) or _sites_for(s, n, t.id, v)):
            out.append(Action.buy(t.id))
    if nr.uses_factories:
        for ft in s.rules.facility_types.values():
            if not ft.buildable or ft.cost <= 0:
                continue
            if allowed is not None and ft.id not in allowed:
                continue
            if schedule(s, ft.id):
                out += _facility_starts(s, n, ft, bank, v)
                continue
            if ft.cost > bank:
                continue
            if pending.get(ft.id, 0) < len(facility_sites(s, n, ft, v)):
                out.append(Action.buy(ft.id))
        for f in sorted(s.facilities.values()):
            ft = s.rules.facility_types.get(f.type)
            if f.damage and ft and ft.repair_cost <= bank and s.owner.get(f.zone) == n:
                out.append(Action.repair(f.id))
    out += advance_actions(s)
    return out


def can_buy(s: GameState, typ: str, count: int) -> bool:
    if s.phase != "purchase" or count < 1:
        return False
    n = s.current_nation
    if Action.buy(typ) not in purchase_actions(s):
        return False
    cost = _cost(s, n, typ) * count
    if cost > s.spendable(n, purposes(s, typ)):
        return False
    if typ in s.rules.units:
        if _place_rule(s, typ):
            return count <= _rule_room(s, n, typ)
        cap, _ = placement_capacity(s, n)
        queued = sum(
            c
            for t, c in s.pending.get(n, {}).items()
            if t in s.rules.units and not _place_rule(s, t)
        )
        return queued + count <= cap
    return True


def purposes(s: GameState, typ: str) -> tuple[str, ...]:
    """The earmarks (option ``earmarks``: purpose -> the unit types its money may buy)
    that may pay for ``typ``, in name order."""
    marks = s.rules.options.get("earmarks")
    if not marks:
        return ()
    return tuple(p for p, types in sorted(marks.items()) if typ in types)


def _money_for(s: GameState, n: str, typ: str, free: int) -> int:
    """What ``n`` may spend on ``typ``: its free money plus what is earmarked for it."""
    if not s.earmarks:
        return free
    return s.spendable(n, purposes(s, typ))


def _cost(s: GameState, n: str, typ: str) -> int:
    """What buying ``typ`` costs now: the first instalment of a multi-turn item."""
    if schedule(s, typ):
        return instalment(s, n, typ, 0)
    return _full_cost(s, n, typ)


def _full_cost(s: GameState, n: str, typ: str) -> int:
    """The whole price of ``typ`` for ``n`` (technologies included)."""
    if typ in s.rules.units:
        base = s.rules.units[typ].cost_for(n)
    else:
        base = s.rules.facility_types[typ].cost
    return tech.price(s, n, typ, base) if s.techs else base  # §7.8 Improved Construction


def apply_buy(s: GameState, a: Action) -> None:
    n = s.current_nation
    if schedule(s, a.type):
        _start_item(s, n, a)
        return
    count = max(1, a.count)
    cost = _cost(s, n, a.type) * count
    ways = purposes(s, a.type)
    if cost > s.spendable(n, ways):
        raise RulesError(f"{n} cannot afford {count} {a.type}")
    s.pay(n, cost, ways)
    p = dict(s.pending.get(n, {}))  # replaced, never changed in place (clones share it)
    p[a.type] = p.get(a.type, 0) + count
    s.pending[n] = p
    s.event("buy", nation=n, type=a.type, count=count, cost=cost)


def apply_repair(s: GameState, a: Action) -> None:
    n = s.current_nation
    f = s.facilities[a.target]
    ft = s.rules.facility_types[f.type]
    points = min(f.damage, s.spendable(n) // max(1, ft.repair_cost))
    s.pay(n, points * ft.repair_cost)
    s.facilities[f.id] = f._replace(damage=f.damage - points)
    s.event("repair", nation=n, facility=f.id, points=points)


def repair_ships_at_bases(s: GameState, n: str) -> None:
    """Damaged multi-hit ships in a sea zone served by an operative friendly naval base are
    repaired at the start of their owner's turn (rules-notes/004 §4.3, §4.10)."""
    zones: set[int] = set()
    fr = s.friends(n)
    for f in s.facilities.values():
        ft = s.rules.facility_types.get(f.type)
        if ft and ft.repairs_ships and s.owner.get(f.zone) in fr and s.facility_operative(f):
            zones.update(s.board.facility_serves.get(f.id) or s.board.coast.get(f.zone, ()))
    if not zones:
        return
    for u in list(s.units.values()):
        if u.nation == n and u.damage and u.zone in zones:
            s.set_unit(u.id, damage=0)
            s.event("ship_repaired", unit=u.id, zone=u.zone)


# ---------------------------------------------------------------------- placement
def _typed(s: GameState) -> bool:
    """Option ``typed_placement`` (Global War §11.1): facilities' ``props.place_types``,
    ``non_capital_only`` and ``needs_factory_near`` restrict what they place, and units with
    ``props.place`` need no factory."""
    return bool(s.rules.options.get("typed_placement"))


def _place_rule(s: GameState, typ: str) -> str:
    """A unit type's factory-free placement rule (``props.place``): "zone_value" (Militia,
    §11.1: the zone's value per zone, at least 1, 1 in a captured zone) or "colonial"
    (Colonial Infantry: original zones with a value outside the Home Country)."""
    if not _typed(s):
        return ""
    t = s.rules.units.get(typ)
    rule = t.props.get("place", "") if t is not None else ""
    return rule if rule in ("zone_value", "colonial", "recruit") else ""


def home_country(s: GameState, n: str) -> frozenset[int]:
    """The nation's Home Country: its authored home zones, else the land zones originally
    its that are connected by land to its capital through zones originally its (all its
    original land zones when it has no capital). The one definition every rule uses."""
    key = ("home", n)
    hc = s.board.cache.get(key)
    if hc is not None:
        return hc
    hc = s.board.home_zones.get(n) or frozenset()
    if not hc:
        cap = s.board.capital.get(n)
        seen: set[int] = set()
        if cap is not None and s.board.original.get(cap) == n:
            todo = [cap]
            seen.add(cap)
            while todo:
                z = todo.pop()
                for x in s.board.land_nbrs.get(z, ()):
                    if x not in seen and s.board.original.get(x) == n:
                        seen.add(x)
                        todo.append(x)
        else:  # no capital on the map: every land zone originally the nation's
            seen = {z for z, o in s.board.original.items() if o == n and s.board.is_land(z)}
        hc = frozenset(seen)
    s.board.cache[key] = hc
    return hc


def _rule_sites(s: GameState, n: str, typ: str) -> dict[int, int]:
    """Zone -> units of ``typ`` that may still be placed there without a factory."""
    rule = _place_rule(s, typ)
    out: dict[int, int] = {}
    b = s.board
    for z in sorted(s.zones_of(n)):
        if s.start_owner.get(z) != n or not b.is_land(z):
            continue
        if rule == "zone_value":
            limit = max(1, b.value[z]) if b.original.get(z) == n else 1
            left = limit - s.placed.get(-z, 0)
        elif rule == "recruit":
            # seeds/002 §4.8 (rules-notes/002 §4.8): infantry recruited without a factory in
            # a territory held since the start of the turn: up to its value if original,
            # half of it (rounded down, at most wg_recruit_occupied_cap) if occupied
            if s.owner.get(z) != n or _allies_stand(s, n, z):
                continue
            v = b.value[z]
            if b.original.get(z) != n:
                v = min(v // 2, int(s.rules.options.get("wg_recruit_occupied_cap", 4)))
            left = v - s.placed.get(-z, 0)
        else:  # colonial
            if b.value[z] <= 0 or b.original.get(z) != n or z in home_country(s, n):
                continue
            left = 99
        if left > 0:
            out[z] = left
    return out


def _rule_room(s: GameState, n: str, typ: str) -> int:
    rule = _place_rule(s, typ)
    room = sum(_rule_sites(s, n, typ).values())
    queued = sum(c for t, c in s.pending.get(n, {}).items() if _place_rule(s, t) == rule)
    if rule == "recruit":
        # seeds/002 §4.8: factories may build infantry too, on top of the recruiting
        cap, domains = placement_capacity(s, n)
        if "land" in domains:
            others = sum(
                c
                for t, c in s.pending.get(n, {}).items()
                if t in s.rules.units and not _place_rule(s, t)
            )
            room += max(0, cap - others)
    return room - queued


def _factory_near(s: GameState, n: str, z: int) -> bool:
    for f in s.facilities.values():
        if f.zone != z and f.zone not in s.board.land_nbrs.get(z, ()):
            continue
        ft = s.rules.facility_types.get(f.type)
        if ft and ft.production and "land" in ft.places and s.owner.get(f.zone) == n:
            if s.facility_operative(f):
                return True
    return False


def _tech_home_only(s: GameState, typ: str) -> bool:
    """§7.8/§11.1: units a technology unlocks go in the Home Country (the technology
    module's option ``tech_units_home_only``; a unit's ``props.tech`` when the ruleset has
    no technology table)."""
    from gamecore.rules import tech

    if s.rules.unit_techs:
        return tech.home_only(s, typ)
    return bool(s.rules.units[typ].props.get("tech"))


def _accepts(s: GameState, n: str, f: Fac, typ: str, v: _View | None = None) -> bool:
    """Whether production site ``f`` may place a unit of ``typ``."""
    ft = s.rules.facility_types[f.type]
    t = s.rules.units[typ]
    dom = "land" if t.domain == "facility" else t.domain
    if dom not in ft.places:
        return False
    if not _typed(s):
        return True
    kinds = ft.props.get("place_types")
    if kinds and typ not in kinds:
        return False
    if ft.props.get("non_capital_only") and t.props.get("capital"):
        return False
    if t.props.get("capital") and t.domain == "sea" and not ft.props.get("capital_ships", True):
        return False
    if ft.props.get("needs_factory_near") and not (
        v.factory_near(f.zone) if v is not None else _factory_near(s, n, f.zone)
    ):
        return False
    if _tech_home_only(s, typ) and f.zone not in home_country(s, n):
        return False  # §11.1 Advanced Technology units: in the Home Country only
    return True


def _sites_for(s: GameState, n: str, typ: str, v: _View | None = None) -> list[int]:
    """Zones where ``n`` may place a unit of ``typ`` now."""
    rule = _place_rule(s, typ)
    if rule:
        sites = _rule_sites(s, n, typ)
        if rule != "recruit":
            return sorted(sites)
        return sorted(set(sites) | set(_factory_sites(s, n, typ, v or _View(s, n))))
    return _factory_sites(s, n, typ, v)


def _allies_stand(s: GameState, n: str, z: int) -> bool:
    """seeds/002 §2.3: the nations of option ``wg_no_build_with_allies`` (the U.S.S.R.)
    build and place nothing in a territory while another nation's units stand there."""
    if n not in (s.rules.options.get("wg_no_build_with_allies") or ()):
        return False
    return any(s.units[u].nation != n for u in s.units_in(z))


def _factory_sites(s: GameState, n: str, typ: str, v: _View | None = None) -> list[int]:
    v = v or _View(s, n)
    out: set[int] = set()
    sea = s.rules.units[typ].domain == "sea"
    for f in v.factories():
        if v.left(f) <= 0:
            continue
        if not _accepts(s, n, f, typ, v) or _allies_stand(s, n, f.zone):
            continue
        if sea:
            out.update(z for z in s.board.coast.get(f.zone, ()) if not v.hostile_sea(z))
        else:
            out.add(f.zone)
    return sorted(out)


def place_actions(s: GameState) -> list[Action]:
    n = s.current_nation
    out = []
    for q in s.queue:  # finished facilities go where their marker is (§11.3)
        if q.nation == n and q.stage >= q.stages and q.zone and s.owner.get(q.zone) == n:
            out.append(Action.place(q.type, q.zone))
    pend = s.pending.get(n)
    if not pend:
        return sorted(set(out))
    v = _View(s, n)
    sites = None if _typed(s) else _unit_sites(s, n, v)
    for typ in sorted(pend):
        if pend[typ] <= 0:
            continue
        if typ in s.rules.units:
            if sites is None:
                zones = _sites_for(s, n, typ, v)
            else:
                dom = s.rules.units[typ].domain
                zones = sites.get("land" if dom == "facility" else dom, ())
            for z in zones:
                out.append(Action.place(typ, z))
        else:
            ft = s.rules.facility_types.get(typ)
            if ft is not None:
                for z in facility_sites(s, n, ft, v):
                    out.append(Action.place(typ, z))
    return out


def _unit_sites(s: GameState, n: str, v: _View) -> dict[str, list[int]]:
    nr = s.rules.nation_rules(n)
    out: dict[str, set[int]] = {}
    if not nr.uses_factories:
        for z in s.zones_of(n):
            if s.board.original.get(z) == n and s.placed.get(-z, 0) < nr.place_limit_per_zone:
                out.setdefault("land", set()).add(z)
        return {d: sorted(zs) for d, zs in out.items()}
    for f in v.factories():
        if v.left(f) <= 0:
            continue
        ft = s.rules.facility_types[f.type]
        for d in ft.places:
            if d == "sea":
                for z in s.board.coast.get(f.zone, ()):
                    if not v.hostile_sea(z):
                        out.setdefault("sea", set()).add(z)
            else:
                out.setdefault(d, set()).add(f.zone)
    return {d: sorted(zs) for d, zs in out.items()}


def _place_facility(s: GameState, n: str, ft: FacilityType, z: int, refund: bool) -> None:
    here = s.facilities_in(z)
    old = next((f for f in here if f.type == ft.upgrade_from), None) if ft.upgrade_from else None
    if old is not None:
        s.facilities[old.id] = old._replace(type=ft.id)
        s.built.add((z, f"from:{old.id}:{old.type}"))
        back = max(0, ft.cost - ft.upgrade_cost) if refund else 0
        s.banks[n] = s.banks.get(n, 0) + back
        s.event("upgraded", nation=n, zone=z, facility=old.id, type=ft.id, refund=back)
    else:
        fid = s.next_fid
        s.next_fid += 1
        s.facilities[fid] = Fac(fid, z, ft.id, 0)
        s.event("built", nation=n, zone=z, facility=fid, type=ft.id)
    s.built.add((z, ft.id))
    s.bump()


def apply_place(s: GameState, a: Action) -> None:
    n = s.current_nation
    z = a.zone
    done = next(
        (
            q
            for q in s.queue
            if q.nation == n and q.type == a.type and q.zone == z and q.stage >= q.stages
        ),
        None,
    )
    if done is not None:
        if s.owner.get(z) != n:
            raise RulesError(f"{n} does not hold zone {z}")
        s.queue = tuple(q for q in s.queue if q is not done)
        _place_facility(s, n, s.rules.facility_types[a.type], z, refund=False)
        return
    pend = s.pending.get(n, {})
    if pend.get(a.type, 0) <= 0:
        raise RulesError(f"{n} has no {a.type} to place")
    if a.type in s.rules.units:
        t = s.rules.units[a.type]
        nr = s.rules.nation_rules(n)
        rule = _place_rule(s, a.type)
        if rule and (rule != "recruit" or z in _rule_sites(s, n, a.type)):
            if z not in _rule_sites(s, n, a.type):
                raise RulesError(f"{a.type} cannot be placed in zone {z}")
            s.placed[-z] = s.placed.get(-z, 0) + 1
        elif not nr.uses_factories:
            s.placed[-z] = s.placed.get(-z, 0) + 1
        else:
            best = None
            for f in factories(s, n):
                left = site_capacity(s, f) - s.placed.get(f.id, 0)
                if left <= 0:
                    continue
                if _typed(s) and not _accepts(s, n, f, a.type):
                    continue
                ok = f.zone == z if t.domain != "sea" else z in s.board.coast.get(f.zone, ())
                if ok and (best is None or left > best[0]):
                    best = (left, f.id)
            if best is None:
                raise RulesError(f"no factory can place {a.type} in zone {z}")
            s.placed[best[1]] = s.placed.get(best[1], 0) + 1
        uid = s.add_unit(n, a.type, z, flags=NEW, moves=0)
        s.event("placed", nation=n, type=a.type, zone=z, unit=uid)
    else:
        _place_facility(s, n, s.rules.facility_types[a.type], z, refund=True)
    pend = dict(pend)
    pend[a.type] -= 1
    if pend[a.type] == 0:
        del pend[a.type]
    s.pending[n] = pend


# ---------------------------------------------------------------------- multi-turn production
def schedule(s: GameState, typ: str) -> tuple[int, ...]:
    """The per-turn instalments of ``typ`` when option ``multi_turn_production`` is on
    (seeds/000 §7.3): a unit's ``props.cost_schedule`` when it has more than one; every
    facility goes under an Under-Construction marker (its schedule, else its cost)."""
    if not s.rules.options.get("multi_turn_production"):
        return ()
    t = s.rules.units.get(typ) or s.rules.facility_types.get(typ)
    sch = t.props.get("cost_schedule") if t is not None else None
    if isinstance(sch, list) and len(sch) > 1 and all(isinstance(x, int) for x in sch):
        return tuple(sch)
    if typ in s.rules.facility_types and typ not in s.rules.units:
        return (s.rules.facility_types[typ].cost,)
    return ()


def instalment(s: GameState, n: str, typ: str, stage: int) -> int:
    """What ``n`` pays for instalment ``stage`` (0-based) of ``typ``'s schedule: the
    printed amount changed by technologies per production cycle (seeds/000 §7.8 Improved
    Construction: -1 IPP a cycle for facilities and ships), never below 0."""
    price = schedule(s, typ)[stage]
    if s.techs:
        price += tech.cycle_delta(s, n, typ)
    return max(0, price)


def construction_surcharge(s: GameState, zone: int) -> int:
    """Option ``construction_surcharge`` (terrain -> IPP): added to the first instalment of a
    facility built there (§1.10 Jungle: +1 IPP in the first turn of construction)."""
    table = s.rules.options.get("construction_surcharge") or {}
    return int(table.get(s.board.terrain.get(zone, ""), 0)) if zone else 0


def under_construction(s: GameState, zone: int) -> list[QItem]:
    """The Under-Construction markers in ``zone`` (facilities on the Production Chart)."""
    return [q for q in s.queue if q.zone == zone]


def _facility_starts(
    s: GameState, n: str, ft: FacilityType, bank: int, v: _View | None = None
) -> list[Action]:
    """Multi-turn facilities start at a chosen zone (the Under-Construction marker, §7.3);
    an upgrade of a facility there is paid at once (``upgrade_cost``) and placed at the
    Place phase (§7.3 "Upgrading")."""
    v = v or _View(s, n)
    out = []
    busy = {q.zone for q in s.queue if q.type == ft.id}
    first = None  # the first instalment: the same in every zone
    for z in facility_sites(s, n, ft, v):
        if z in busy:
            continue
        upgrade = ft.upgrade_from and any(f.type == ft.upgrade_from for f in v.facilities_in(z))
        if upgrade:
            price = ft.upgrade_cost
        else:
            if first is None:
                first = instalment(s, n, ft.id, 0)
            price = first
        price += v.surcharge(z)
        if price <= bank:
            out.append(Action("buy", type=ft.id, count=1, zone=z))
    return out


def _start_item(s: GameState, n: str, a: Action) -> None:
    sch = schedule(s, a.type)
    qid = 1 + max((q.id for q in s.queue), default=0)
    if a.type in s.rules.units:
        if Action.buy(a.type) not in purchase_actions(s):
            raise RulesError(f"{n} cannot start a {a.type} now")
        first = instalment(s, n, a.type, 0)
        for _ in range(max(1, a.count)):
            if s.banks.get(n, 0) < first:
                raise RulesError(f"{n} cannot afford a {a.type}")
            s.banks[n] -= first
            s.queue = (*s.queue, QItem(qid, n, a.type, 0, 1, len(sch), s.round))
            s.event("buy", nation=n, type=a.type, count=1, cost=first, stage=1, item=qid)
            qid += 1
        return
    ft = s.rules.facility_types[a.type]
    if not a.zone or s.owner.get(a.zone) != n:
        raise RulesError(f"{a.type}: choose a zone {n} holds for the Under-Construction marker")
    upgrade = ft.upgrade_from and any(f.type == ft.upgrade_from for f in s.facilities_in(a.zone))
    price, stage, stages = (
        (ft.upgrade_cost, 1, 1) if upgrade else (instalment(s, n, a.type, 0), 1, len(sch))
    )
    price += construction_surcharge(s, a.zone)
    if s.banks.get(n, 0) < price:
        raise RulesError(f"{n} cannot afford {a.type}")
    s.banks[n] -= price
    s.queue = (*s.queue, QItem(qid, n, a.type, a.zone, stage, stages, s.round))
    s.event("buy", nation=n, type=a.type, zone=a.zone, cost=price, stage=stage, item=qid)


def advance_actions(s: GameState) -> list[Action]:
    """Pay the next instalment of an item (§7.3: optional each turn; production may pause);
    one instalment per item and turn."""
    n = s.current_nation
    bank = s.banks.get(n, 0)
    out = []
    for q in s.queue:
        if q.nation != n or q.stage >= q.stages or q.paid_round == s.round:
            continue
        if q.zone and s.owner.get(q.zone) != n:
            continue
        if instalment(s, n, q.type, q.stage) <= bank:
            out.append(Action("advance", target=q.id))
    return out


def advance_cost(s: GameState, item: int) -> int:
    """The next instalment of Production Chart item ``item``."""
    q = next((q for q in s.queue if q.id == item), None)
    if q is None or q.stage >= q.stages:
        return 0
    return instalment(s, q.nation, q.type, q.stage)


def apply_advance(s: GameState, a: Action) -> None:
    n = s.current_nation
    if a not in advance_actions(s):
        raise RulesError(f"{n} cannot pay for Production Chart item {a.target} now")
    q = next(q for q in s.queue if q.id == a.target)
    price = instalment(s, n, q.type, q.stage)
    s.banks[n] -= price
    nq = q._replace(stage=q.stage + 1, paid_round=s.round)
    s.event("advance", nation=n, item=q.id, type=q.type, stage=nq.stage, cost=price)
    if nq.stage >= nq.stages and q.type in s.rules.units:
        # a unit reaching the Place Units box is placed like any other this turn
        s.queue = tuple(x for x in s.queue if x.id != q.id)
        p = dict(s.pending.get(n, {}))
        p[q.type] = p.get(q.type, 0) + 1
        s.pending[n] = p
        return
    s.queue = tuple(nq if x.id == q.id else x for x in s.queue)


def capture_construction(s: GameState, zone: int, new: str) -> None:
    """Facilities under construction in a captured zone pass to the captor, who may
    finish them (§7.3)."""
    if any(q.zone == zone and q.nation != new for q in s.queue):
        s.queue = tuple(
            q._replace(nation=new) if q.zone == zone and q.nation != new else q for q in s.queue
        )
        s.event("construction_captured", zone=zone, by=new)


# ---------------------------------------------------------------------- unit upgrades
def _supply_to_home_factory(s: GameState, n: str, z: int) -> bool:
    """A land path from ``z`` through zones ``n`` or its friends hold to a factory of ``n``
    in its Home Country (the supply path of §11.2, over land)."""
    home = home_country(s, n)
    fr = s.friends(n)
    goal = set()
    for f in s.facilities.values():
        ft = s.rules.facility_types.get(f.type)
        if ft and ft.production and "land" in ft.places and s.owner.get(f.zone) == n:
            if f.zone in home:
                goal.add(f.zone)
    if not goal:
        return False
    seen = {z}
    todo = [z]
    while todo:
        x = todo.pop()
        if x in goal:
            return True
        for y in s.board.land_nbrs.get(x, ()):
            if y not in seen and s.owner.get(y) in fr:
                seen.add(y)
                todo.append(y)
    return False


def _upgrades_done(s: GameState, typ: str) -> int:
    return sum(1 for z, k in s.built if z == 0 and k.startswith(f"upgrade:{typ}:"))


def upgrade_actions(s: GameState) -> list[Action]:
    """§11.2: a unit whose type has ``props.upgrade_to`` may become that type for
    ``props.upgrade_cost`` IPP, at most ``props.upgrade_limit`` per turn (0: no limit),
    with a supply path from a Home Country factory; ``props.upgrade_option`` names an
    option that must be on (the optional Motorized upgrade)."""
    if s.phase != "place":
        return []
    n = s.current_nation
    bank = s.banks.get(n, 0)
    ut = s.rules.units
    out = []
    ok_zone: dict[int, bool] = {}
    for uid, u in sorted(s.units.items()):
        if u.nation != n or u.on:
            continue
        p = ut[u.type].props
        to = p.get("upgrade_to")
        if not to or to not in ut:
            continue
        opt = p.get("upgrade_option")
        if opt and not s.rules.options.get(opt):
            continue
        if int(p.get("upgrade_cost", 0)) > bank:
            continue
        limit = int(p.get("upgrade_limit", 0))
        if limit and _upgrades_done(s, u.type) >= limit:
            continue
        if u.zone not in ok_zone:
            ok_zone[u.zone] = s.board.is_land(u.zone) and _supply_to_home_factory(s, n, u.zone)
        if ok_zone[u.zone]:
            out.append(Action("upgrade", type=to, units=(uid,)))
    return out


def apply_upgrade(s: GameState, a: Action) -> None:
    n = s.current_nation
    if a not in upgrade_actions(s):
        raise RulesError(f"{n} cannot upgrade unit {a.units} now")
    u = s.units[a.units[0]]
    cost = int(s.rules.units[u.type].props.get("upgrade_cost", 0))
    s.banks[n] -= cost
    s.built.add((0, f"upgrade:{u.type}:{u.id}"))
    s.set_unit(u.id, type=a.type)
    s.bump()
    s.event("unit_upgraded", nation=n, unit=u.id, frm=u.type, to=a.type, cost=cost)


def end_placement(s: GameState, n: str) -> None:
    pend = s.pending.get(n)
    if not pend:
        return
    if s.rules.options.get("unplaced_units") == "refund":
        total = sum(_full_cost(s, n, t) * c for t, c in pend.items())
        s.banks[n] = s.banks.get(n, 0) + total
        s.event("refund", nation=n, amount=total, units=dict(pend))
        s.pending[n] = {}


def lose_unspent(s: GameState, n: str) -> None:
    """Option ``bank_carry_over = false`` (use it or lose it: Hitler's Global War): money
    a nation has not spent when its placement ends is lost."""
    if s.rules.options["bank_carry_over"]:
        return
    left = s.banks.get(n, 0)
    if left > 0:
        s.banks[n] = 0
        s.settle_earmarks(n)  # earmarked money is lost with the rest
        s.event("bank_lost", nation=n, amount=left)


# ---------------------------------------------------------------------- income
def objectives_income(s: GameState, n: str) -> tuple[int, list[str]]:
    """Bonus income of ``n``'s national objectives checked at collect income."""

    total = 0
    met = []
    for obj in s.scenario.objectives.values():
        if obj.kind != "objective" or obj.owner != n:
            continue
        if obj.props.get("check", "collect_income") != "collect_income":
            continue
        if obj.once and f"objective:{obj.id}" in s.awards:
            continue
        out = outcome(s, obj)
        if out.met:
            total += out.income
            met.append(obj.id)
            if obj.once:
                s.awards.add(f"objective:{obj.id}")
    return total, met


def purchase_permissions(s: GameState, n: str) -> set[str]:
    """Unit types objectives checked at purchase allow ``n`` to buy (``allow_purchase``:
    China's artillery while the Burma Road is open, seeds/004 "China rules")."""

    extra: set[str] = set()
    for obj in s.scenario.objectives.values():
        if obj.props.get("check") != "purchase" or obj.owner != n:
            continue
        out = outcome(s, obj)
        if out.met:
            for name, args in out.effects:
                if name == "allow_purchase" and len(args) >= 2 and n in args[0].split(","):
                    extra.update(a.strip() for a in args[1].split(","))
    return extra


def convoy_losses(s: GameState, n: str) -> int:
    """Convoy disruption against ``n`` (rules-notes/004 §4.9): enemy units in a convoy zone
    next to land ``n`` controls roll their ``convoy_dice``; each die of 1..convoy_hit_max
    costs that many IPCs, capped by the value of the exposed territories."""
    opts = s.rules.options
    if not opts.get("convoy_disruption") or s.rules.nation_rules(n).convoy_immune:
        return 0
    en = s.enemies(n)
    ut = s.rules.units
    hit_max = int(opts["convoy_hit_max"])
    total = 0
    for z in s.board.convoy_zones:
        exposed = [x for x in s.board.coast.get(z, ()) if s.owner.get(x) == n]
        cap = sum(s.board.value[x] for x in exposed)
        if cap <= 0:
            continue
        dice = 0
        for uid in s.units_in(z):
            u = s.units[uid]
            if u.nation in en and not u.on:
                dice += ut[u.type].convoy_dice
        if not dice:
            continue
        loss = 0
        for _ in range(dice):
            r = s.rng.roll(s.rules.dice)
            if r <= hit_max:
                loss += r
        loss = min(loss, cap)
        if loss:
            s.event("convoy", zone=z, nation=n, dice=dice, loss=loss)
        total += loss
    return total


def initial_peace_income(s: GameState) -> dict[str, int]:
    """Peacetime income levels at the start (option ``income_model = "peacetime"``,
    seeds/000 §2.4, §5): the scenario's ``income_overrides``, else its
    ``props.peacetime_income`` table, else the nation's ``props.peacetime_income``; nations
    with none collect their zones' values."""
    if s.rules.options.get("income_model") != "peacetime":
        return {}
    out = {}
    table = s.scenario.props.get("peacetime_income")
    table = table if isinstance(table, dict) else {}
    for n in s.board.nations:
        v = s.scenario.income_overrides.get(n)
        if v is None:
            v = table.get(n)
        if v is None:
            nat = s.pack.nations.get(n)
            v = nat.props.get("peacetime_income") if nat is not None else None
        if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
            out[n] = v
    return out


def at_war_with_major(s: GameState, n: str) -> bool:
    return any(s.at_war(n, m) and s.board.nation_kind.get(m) == "major" for m in s.board.nations)


def at_peace(s: GameState, n: str) -> bool:
    """Whether ``n`` collects its peacetime income (§5: until at war with a Major)."""
    return (
        s.rules.options.get("income_model") == "peacetime"
        and n in s.peace_income
        and not at_war_with_major(s, n)
    )


def income_level(s: GameState, n: str) -> int:
    """The income level of ``n`` now (§11.6): the held zones' values at war; at peace the
    peacetime tracker, never more than the held zones' values (its Wartime Income)."""
    base = s.territory_income(n)
    if at_peace(s, n):
        return min(s.peace_income[n], base)
    return base


def raise_peace_income(s: GameState, n: str, amount: int) -> None:
    """A permanent change of ``n``'s peacetime income (§5.3 NRS triggers, per-turn rolls,
    §5.6 the US -8); takes effect at once."""
    if n in s.peace_income:
        s.peace_income[n] = max(0, s.peace_income[n] + amount)
        s.event("peace_income", nation=n, change=amount, level=s.peace_income[n])


def peace_capture(s: GameState, zone: int, prev: str | None, new: str) -> None:
    """Capturing a zone at peace raises the captor's peacetime income by its value and
    lowers the former owner's (rules-notes/000 §6.38)."""
    if s.rules.options.get("income_model") != "peacetime":
        return
    v = s.board.value.get(zone, 0)
    if not v:
        return
    if at_peace(s, new):
        raise_peace_income(s, new, v)
    if prev is not None and prev != new and at_peace(s, prev):
        raise_peace_income(s, prev, -v)


def war_bonus_income(s: GameState, n: str) -> int:
    """Wartime Bonus Income (§5.4): the nation's ``props.war_bonus_income`` while at war
    with a Major."""
    nat = s.pack.nations.get(n)
    v = nat.props.get("war_bonus_income", 0) if nat is not None else 0
    if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
        return 0
    return v if at_war_with_major(s, n) else 0


def collect_income(s: GameState, n: str) -> int:
    if f"surrendered:{n}" in s.awards:  # §9.22 (control.check_surrender)
        s.income[n] = 0
        s.event("income", nation=n, amount=0, reason="surrendered")
        return 0
    if not s.rules.options.get("income_without_capital") and not s.has_capital(n):
        s.income[n] = 0
        s.event("income", nation=n, amount=0, reason="capital held by the enemy")
        return 0
    peace = at_peace(s, n)
    base = income_level(s, n)
    war = war_bonus_income(s, n)
    bonus, met = objectives_income(s, n)
    loss = convoy_losses(s, n)
    amount = max(0, base + war + bonus - loss + s.income_mod.get(n, 0))  # + event changes
    s.banks[n] = s.banks.get(n, 0) + amount
    s.income[n] = amount
    _earmarked_income(s, n)
    if peace or war:
        s.event(
            "income",
            nation=n,
            amount=amount,
            territory=base,
            objectives=met,
            convoy=loss,
            peacetime=peace,
            war_bonus=war,
        )
    else:
        s.event("income", nation=n, amount=amount, territory=base, objectives=met, convoy=loss)
    return amount


def _earmarked_income(s: GameState, n: str) -> None:
    """Option ``earmarked_income`` (nation -> {purpose: amount}): money the nation gets
    each time it collects income that only that purpose may spend (lend-lease aid that
    buys only some unit classes; option ``earmarks`` says which). Paid after the income
    event, so a game without it logs exactly what it did before."""
    for purpose, amount in sorted(
        (s.rules.options.get("earmarked_income") or {}).get(n, {}).items()
    ):
        s.earmark(n, purpose, int(amount))


def production_capacity(s: GameState, f: Fac) -> int:
    """Units a facility may place this turn: its production, less damage (and, with
    ``production_limited_by_value``, at most the zone's value)."""
    ft = s.rules.facility_types.get(f.type)
    if ft is None or not ft.production or not s.facility_operative(f):
        return 0
    prod = ft.production
    if s.techs:  # seeds/000 §7.8 Improved Factories / Construction: the owner's
        prod = tech.facility_value(s, s.owner.get(f.zone), ft, "production")
    cap = max(0, prod - f.damage)
    if s.rules.options.get("production_limited_by_value"):
        value = s.board.value[f.zone]
        if s.rules.options.get("wg_occupied_halves") and s.board.original.get(
            f.zone
        ) != s.owner.get(f.zone):
            value //= 2  # seeds/002 §4.8: an occupied territory's factory makes half
        cap = min(cap, value)
    return cap


# ---------------------------------------------------------------------- options
#: the options this module reads (declared for the rule system: typed, checked at load)
OPTIONS = (
    OptionSpec(
        "earmarks",
        "table",
        {},
        doc="earmarked money: purpose -> the unit types money earmarked for it may buy "
        "(empty: no earmarks; other money buys anything)",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "earmarked_income",
        "table",
        {},
        doc="nation -> {purpose: amount} earmarked for that purpose each time the nation "
        "collects income (lend-lease aid)",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "income_without_capital",
        "bool",
        False,
        doc="a power whose capital is enemy-held collects nothing",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "bank_carry_over",
        "bool",
        True,
        doc="money unspent when a nation's placement ends carries over; false: it is lost (use it or lose it)",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "unplaced_units",
        "str",
        "refund",
        choices=("refund", "keep"),
        doc="units bought but not placed: refunded or kept",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "production_limited_by_value",
        "bool",
        False,
        doc="classic rule: factory output <= zone value",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "convoy_disruption",
        "bool",
        True,
        doc="submarines and surface raiders disrupt income in convoy sea zones",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "convoy_hit_max",
        "int",
        3,
        doc="a convoy die showing 1..this takes that many IPCs",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "multi_turn_production",
        "bool",
        False,
        doc="§7.3 props.cost_schedule paid one instalment a turn",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "income_model",
        "str",
        "territory",
        choices=("territory", "peacetime"),
        doc="'territory' | 'peacetime' (§2.4: tracker until at war)",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "typed_placement",
        "bool",
        False,
        doc="§11.1 shipyards/sub bases place only some types; militia",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "motorized_upgrade",
        "bool",
        False,
        doc="the optional Infantry -> Motorized upgrade (seeds/000 §11.2)",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "construction_surcharge",
        "table",
        {},
        doc="terrain -> IPP on a facility's first instalment (§1.10)",
        owner="gamecore.rules.economy",
    ),
)
