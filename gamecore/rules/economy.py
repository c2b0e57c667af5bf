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
from gamecore.engine.state import NEW, Fac
from gamecore.errors import RulesError

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.rules.ruleset import FacilityType


# ---------------------------------------------------------------------- production sites
def factories(s: GameState, n: str) -> list[Fac]:
    """Production facilities ``n`` may use this turn (held since the start of the turn)."""
    out = []
    for f in s.facilities.values():
        if s.owner.get(f.zone) == n and s.start_owner.get(f.zone) == n:
            if s.production_capacity(f) > 0:
                out.append(f)
    return sorted(out)


def _hostile_sea(s: GameState, z: int, n: str) -> bool:
    en = s.enemies(n)
    ut = s.rules.units
    return any(
        s.units[u].nation in en and ut[s.units[u].type].is_surface_warship for u in s.units_in(z)
    )


def placement_capacity(s: GameState, n: str) -> tuple[int, set[str]]:
    """Units ``n`` can still mobilise this turn, and the domains it can mobilise."""
    nr = s.rules.nation_rules(n)
    if not nr.uses_factories:
        zones = [z for z in s.zones_of(n) if s.board.original.get(z) == n]
        cap = sum(max(0, nr.place_limit_per_zone - s.placed.get(-z, 0)) for z in zones)
        return cap, {"land"} if cap else set()
    cap = 0
    domains: set[str] = set()
    for f in factories(s, n):
        left = s.production_capacity(f) - s.placed.get(f.id, 0)
        if left <= 0:
            continue
        cap += left
        ft = s.rules.facility_types[f.type]
        for d in ft.places:
            if d == "sea":
                if any(not _hostile_sea(s, z, n) for z in s.board.coast.get(f.zone, ())):
                    domains.add("sea")
            else:
                domains.add(d)
    return cap, domains


def facility_sites(s: GameState, n: str, ft: FacilityType) -> list[int]:
    """Zones where ``n`` may build (or upgrade to) facility type ``ft`` now."""
    out = []
    board = s.board
    for z in sorted(s.zones_of(n)):
        if s.start_owner.get(z) != n or (z, ft.id) in s.built:
            continue
        if board.value[z] < ft.min_value:
            continue
        if ft.needs_original and board.original.get(z) != n:
            continue
        if ft.forbid_island and "island" in board.flags[z]:
            continue
        if ft.needs_coast and not board.coast.get(z):
            continue
        here = [f for f in s.facilities_in(z)]
        types = {f.type for f in here}
        if ft.id in types:
            continue
        if ft.upgrade_from and ft.upgrade_from in types:
            out.append(z)
            continue
        if ft.production:
            prod = [f for f in here if (t := s.rules.facility_types.get(f.type)) and t.production]
            if prod:
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
    bank = s.banks.get(n, 0)
    nr = s.rules.nation_rules(n)
    allowed = None if nr.can_buy is None else set(nr.can_buy) | purchase_permissions(s, n)
    out = []
    cap, domains = placement_capacity(s, n)
    pending = s.pending.get(n, {})
    queued = sum(c for t, c in pending.items() if t in s.rules.units)
    if cap - queued > 0:
        for t in s.rules.units.values():
            if t.cost_for(n) <= 0 or t.cost_for(n) > bank:
                continue
            if allowed is not None and t.id not in allowed:
                continue
            dom = "land" if t.domain == "facility" else t.domain
            if dom in domains:
                out.append(Action.buy(t.id))
    if nr.uses_factories:
        for ft in s.rules.facility_types.values():
            if not ft.buildable or ft.cost <= 0 or ft.cost > bank:
                continue
            if allowed is not None and ft.id not in allowed:
                continue
            if pending.get(ft.id, 0) < len(facility_sites(s, n, ft)):
                out.append(Action.buy(ft.id))
        for f in sorted(s.facilities.values()):
            ft = s.rules.facility_types.get(f.type)
            if f.damage and ft and ft.repair_cost <= bank and s.owner.get(f.zone) == n:
                out.append(Action.repair(f.id))
    return out


def can_buy(s: GameState, typ: str, count: int) -> bool:
    if s.phase != "purchase" or count < 1:
        return False
    n = s.current_nation
    if Action.buy(typ) not in purchase_actions(s):
        return False
    cost = _cost(s, n, typ) * count
    if cost > s.banks.get(n, 0):
        return False
    if typ in s.rules.units:
        cap, _ = placement_capacity(s, n)
        queued = sum(c for t, c in s.pending.get(n, {}).items() if t in s.rules.units)
        return queued + count <= cap
    return True


def _cost(s: GameState, n: str, typ: str) -> int:
    if typ in s.rules.units:
        return s.rules.units[typ].cost_for(n)
    return s.rules.facility_types[typ].cost


def apply_buy(s: GameState, a: Action) -> None:
    n = s.current_nation
    count = max(1, a.count)
    cost = _cost(s, n, a.type) * count
    if cost > s.banks.get(n, 0):
        raise RulesError(f"{n} cannot afford {count} {a.type}")
    s.banks[n] -= cost
    p = dict(s.pending.get(n, {}))  # replaced, never changed in place (clones share it)
    p[a.type] = p.get(a.type, 0) + count
    s.pending[n] = p
    s.event("buy", nation=n, type=a.type, count=count, cost=cost)


def apply_repair(s: GameState, a: Action) -> None:
    n = s.current_nation
    f = s.facilities[a.target]
    ft = s.rules.facility_types[f.type]
    points = min(f.damage, s.banks.get(n, 0) // max(1, ft.repair_cost))
    s.banks[n] -= points * ft.repair_cost
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
def place_actions(s: GameState) -> list[Action]:
    n = s.current_nation
    pend = s.pending.get(n)
    if not pend:
        return []
    out = []
    sites = _unit_sites(s, n)
    for typ in sorted(pend):
        if pend[typ] <= 0:
            continue
        if typ in s.rules.units:
            dom = s.rules.units[typ].domain
            dom = "land" if dom == "facility" else dom
            for z in sites.get(dom, ()):
                out.append(Action.place(typ, z))
        else:
            ft = s.rules.facility_types.get(typ)
            if ft is not None:
                for z in facility_sites(s, n, ft):
                    out.append(Action.place(typ, z))
    return out


def _unit_sites(s: GameState, n: str) -> dict[str, list[int]]:
    nr = s.rules.nation_rules(n)
    out: dict[str, set[int]] = {}
    if not nr.uses_factories:
        for z in s.zones_of(n):
            if s.board.original.get(z) == n and s.placed.get(-z, 0) < nr.place_limit_per_zone:
                out.setdefault("land", set()).add(z)
        return {d: sorted(zs) for d, zs in out.items()}
    for f in factories(s, n):
        if s.production_capacity(f) - s.placed.get(f.id, 0) <= 0:
            continue
        ft = s.rules.facility_types[f.type]
        for d in ft.places:
            if d == "sea":
                for z in s.board.coast.get(f.zone, ()):
                    if not _hostile_sea(s, z, n):
                        out.setdefault("sea", set()).add(z)
            else:
                out.setdefault(d, set()).add(f.zone)
    return {d: sorted(zs) for d, zs in out.items()}


def apply_place(s: GameState, a: Action) -> None:
    n = s.current_nation
    pend = s.pending.get(n, {})
    if pend.get(a.type, 0) <= 0:
        raise RulesError(f"{n} has no {a.type} to place")
    z = a.zone
    if a.type in s.rules.units:
        t = s.rules.units[a.type]
        nr = s.rules.nation_rules(n)
        if not nr.uses_factories:
            s.placed[-z] = s.placed.get(-z, 0) + 1
        else:
            best = None
            for f in factories(s, n):
                left = s.production_capacity(f) - s.placed.get(f.id, 0)
                if left <= 0:
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
        ft = s.rules.facility_types[a.type]
        here = s.facilities_in(z)
        old = (
            next((f for f in here if f.type == ft.upgrade_from), None) if ft.upgrade_from else None
        )
        if old is not None:
            s.facilities[old.id] = old._replace(type=ft.id)
            refund = max(0, ft.cost - ft.upgrade_cost)
            s.banks[n] = s.banks.get(n, 0) + refund
            s.event("upgraded", nation=n, zone=z, facility=old.id, type=ft.id, refund=refund)
        else:
            fid = s.next_fid
            s.next_fid += 1
            s.facilities[fid] = Fac(fid, z, ft.id, 0)
            s.event("built", nation=n, zone=z, facility=fid, type=ft.id)
        s.built.add((z, ft.id))
    pend = dict(pend)
    pend[a.type] -= 1
    if pend[a.type] == 0:
        del pend[a.type]
    s.pending[n] = pend


def end_placement(s: GameState, n: str) -> None:
    pend = s.pending.get(n)
    if not pend:
        return
    if s.rules.options.get("unplaced_units") == "refund":
        total = sum(_cost(s, n, t) * c for t, c in pend.items())
        s.banks[n] = s.banks.get(n, 0) + total
        s.event("refund", nation=n, amount=total, units=dict(pend))
        s.pending[n] = {}


# ---------------------------------------------------------------------- income
def objectives_income(s: GameState, n: str) -> tuple[int, list[str]]:
    """Bonus income of ``n``'s national objectives checked at collect income."""
    from gamecore.engine.objectives import outcome

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
    from gamecore.engine.objectives import outcome

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
    hit_max = int(opts.get("convoy_hit_max", 3))
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


def collect_income(s: GameState, n: str) -> int:
    if not s.rules.options.get("income_without_capital") and not s.has_capital(n):
        s.income[n] = 0
        s.event("income", nation=n, amount=0, reason="capital held by the enemy")
        return 0
    base = s.territory_income(n)
    bonus, met = objectives_income(s, n)
    loss = convoy_losses(s, n)
    amount = max(0, base + bonus - loss + s.income_mod.get(n, 0))  # + event changes
    s.banks[n] = s.banks.get(n, 0) + amount
    s.income[n] = amount
    s.event("income", nation=n, amount=amount, territory=base, objectives=met, convoy=loss)
    return amount
