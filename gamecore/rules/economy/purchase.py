"""Purchase: buying and repairing, and multi-turn production (instalments, advancing
and capturing what is under construction)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.engine.state import QItem
from gamecore.errors import RulesError
from gamecore.rules import tech
from gamecore.rules.economy.income import purchase_permissions
from gamecore.rules.economy.placement import (
    _place_rule,
    _rule_room,
    _sites_for,
    _typed,
    _View,
    construction_surcharge,
    facility_sites,
    placement_capacity,
)

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.ruleset import FacilityType
    from gamecore.engine.state import GameState


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
