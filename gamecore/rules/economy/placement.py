"""Production sites and placement: factory capacity, the zones a unit or a facility may be
placed in, and placing them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.engine.state import NEW, Fac
from gamecore.errors import RulesError

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


def construction_surcharge(s: GameState, zone: int) -> int:
    """Option ``construction_surcharge`` (terrain -> IPP): added to the first instalment of a
    facility built there (§1.10 Jungle: +1 IPP in the first turn of construction)."""
    table = s.rules.options.get("construction_surcharge") or {}
    return int(table.get(s.board.terrain.get(zone, ""), 0)) if zone else 0
