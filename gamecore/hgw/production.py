"""The production phase (seeds/001 PRODUCTION, FORTIFICATIONS, ALLIED-SOVIET
CO-OPERATION Lend-Lease): income, repairs, new SPs and forts, lend-lease."""

from __future__ import annotations

from gamecore.engine.actions import Action
from gamecore.engine.state import MOVED
from gamecore.engine.turns import END
from gamecore.errors import RulesError
from gamecore.hgw import geo
from gamecore.hgw.armies import armies_in, armies_of, building, fort_hexes, new_army, sp_in
from gamecore.hgw.limits import adjust, fort_allowed
from gamecore.hgw.options import opt
from gamecore.hgw.politics import production_start, terms_legal
from gamecore.hgw.research import unit_cost
from gamecore.hgw.state import ARMY_TYPES, FORT, HgwState
from gamecore.hgw.supply import supplied
from gamecore.hgw.world import friendly, home, pp, stack_limit


def income(s: HgwState, nation: str) -> int:
    """seeds/001 PRODUCTION: the undevastated PP the side holds that trace supply to a
    friendly home-country undevastated PP, plus its modifier (Barbarossa: Axis -17)."""
    full = supplied(s, nation, True)
    base = adjust(s, nation, full, sum(pp(s, z) for z in full if s.owner.get(z) == nation))
    mod = int(opt(s, "hgw_income_modifier").get(nation, 0))
    return max(0, base + mod)


def production_enter(s: HgwState) -> None:
    n = s.current_nation
    for u in list(s.units.values()):
        if u.nation == n and building(s, u):  # completed: a full season has passed
            s.units[u.id] = u._replace(damage=0)
            s.bump()
    production_start(s)
    amount = income(s, n)
    s.banks[n] = amount  # use it or lose it: nothing carries over
    s.income[n] = amount
    s.event("income", nation=n, amount=amount)
    gift = s.lend.get(n, 0)
    if gift:  # seeds/001 Lend-Lease 3-4: spent in this production phase or lost
        s.lend = {k: v for k, v in s.lend.items() if k != n}
        s.banks[n] = amount + gift
        s.event("hgw_lend_received", nation=n, amount=gift)


def lend_room(s: HgwState, giver: str) -> tuple[str, int]:
    """(receiver, PP the giver may still lend this turn): seeds/001 ALLIED-SOVIET
    CO-OPERATION, Lend-Lease 1-2: up to 4 PP a turn from the Allied budget, each
    lend-lease depot (0646, 1548) still the receiver's taking its share (2)."""
    ll = opt(s, "hgw_lend_lease")
    if not ll or ll.get("from") != giver:
        return "", 0
    to = str(ll.get("to", ""))
    if ll.get("at_war") and not s.at_war(opt(s, "hgw_axis"), to):
        return "", 0  # Lend-Lease 1: once the Axis is at war with the receiver
    g = geo.graph(s)
    share = sum(
        int(pts)
        for code, pts in (ll.get("depots") or {}).items()
        if code in g.code and s.owner.get(g.code[code]) == to
    )
    cap = min(int(ll.get("max", 0)), share)
    return to, max(0, min(cap - s.lend.get(to, 0), s.banks.get(giver, 0)))


def lend_error(s: HgwState, a: Action) -> str | None:
    if s.phase != "production" or s.decision is not None:
        return "lend-lease is given in the production phase"
    to, room = lend_room(s, s.current_nation)
    if not to or a.nation != to or a.count < 1:
        return "no lend-lease from this side to that one"
    if a.count > room:
        return f"at most {room} PP more this turn (the depots held, the budget)"
    return None


def apply_lend(s: HgwState, a: Action) -> None:
    n = s.current_nation
    s.banks[n] = s.banks.get(n, 0) - a.count
    s.lend = {**s.lend, a.nation: s.lend.get(a.nation, 0) + a.count}
    s.event("hgw_lend", nation=n, to=a.nation, amount=a.count)


def production_exit(s: HgwState, nation: str) -> None:
    if "research" in s.rules.phases:
        return  # what is left is the research budget (Campaign II, Research 3)
    left = s.banks.get(nation, 0)
    s.banks[nation] = 0
    if left:
        s.event("hgw_unspent", nation=nation, amount=left)


def build_zones(s: HgwState, nation: str) -> list[int]:
    hs = home(s, nation)
    g = geo.graph(s)
    return sorted(
        z for z, o in s.owner.items() if o == nation and g.region.get(z) in hs and pp(s, z) >= 1
    )


def repairable(s: HgwState, nation: str, z: int) -> int:
    dmg = s.zone_damage.get(z, 0) - s.permanent.get(z, 0)
    return max(0, dmg)


def production_legal(s: HgwState) -> list[Action]:
    n = s.current_nation
    bank = s.banks.get(n, 0)
    out: list[Action] = terms_legal(s)
    to, room = lend_room(s, n)
    if room:
        out += [Action("hgw_lend", nation=to, count=c) for c in sorted({1, room})]
    rc = opt(s, "hgw_repair_cost")
    if bank >= rc:
        full = supplied(s, n, True)
        for z in sorted(full):
            if s.owner.get(z) == n and repairable(s, n, z):
                out.append(Action("hgw_repair", zone=z, count=1))
    if FORT in opt(s, "hgw_sp_types") and s.rules.units[FORT].cost <= bank:
        full = supplied(s, n, True)
        forts = fort_hexes(s, n)
        mine = {v.zone for v in s.armies.values() if v.nation == n}
        room_f = len(forts) < opt(s, "hgw_max_forts")
        for z in sorted((mine | forts) & full):
            if friendly(s, n, z) and (z in forts or room_f) and fort_allowed(s, z):
                out.append(Action("hgw_build", type=FORT, count=1, zone=z))
    room = len(armies_of(s, n)) < opt(s, "hgw_max_armies")
    for z in build_zones(s, n):
        lim = stack_limit(s, z)
        if lim is not None and sp_in(s, z) + 1 > lim:
            continue
        for t in ARMY_TYPES:
            cost = unit_cost(s, n, t)
            if t not in opt(s, "hgw_sp_types") or cost is None or cost > bank:
                continue
            for a in armies_in(s, z, n):
                out.append(Action("hgw_build", type=t, count=1, zone=z, target=a))
            if room:
                out.append(Action("hgw_build", type=t, count=1, zone=z))
    return out + [END]


def repair_error(s: HgwState, a: Action) -> str | None:
    n = s.current_nation
    if s.phase != "production":
        return "not in the production phase"
    if a.count < 1 or s.owner.get(a.zone) != n:
        return "repair points in a hex of the side"
    if a.count > repairable(s, n, a.zone):
        return "no more repairable devastation there"
    if a.count * opt(s, "hgw_repair_cost") > s.banks.get(n, 0):
        return "not enough PP"
    if a.zone not in supplied(s, n, True):
        return "the hex is not in supply"
    return None


def apply_repair(s: HgwState, a: Action) -> None:
    why = repair_error(s, a)
    if why:
        raise RulesError(f"illegal repair: {why}")
    n = s.current_nation
    s.banks[n] -= a.count * opt(s, "hgw_repair_cost")
    s.devastate(a.zone, -a.count)
    s.event("hgw_repair", nation=n, zone=a.zone, points=a.count)


def build_error(s: HgwState, a: Action) -> str | None:
    n = s.current_nation
    if s.phase != "production":
        return "not in the production phase"
    if a.type not in opt(s, "hgw_sp_types") or a.count < 1:
        return f"build {' or '.join(opt(s, 'hgw_sp_types'))} SPs"
    if a.type == FORT:
        if a.target:
            return "fort SPs join the hex's fort, never an army"
        if not friendly(s, n, a.zone) or a.zone not in supplied(s, n, True):
            return "forts go to a friendly hex in supply"
        if not fort_allowed(s, a.zone):
            return "no fort SPs there yet (French Fortifications)"
        forts = fort_hexes(s, n)
        if a.zone not in forts and len(forts) >= opt(s, "hgw_max_forts"):
            return f"no more than {opt(s, 'hgw_max_forts')} forts"
        if a.count * s.rules.units[FORT].cost > s.banks.get(n, 0):
            return "not enough PP"
        return None
    if a.zone not in build_zones(s, n):
        return "build in a home-country hex of the side with an undevastated PP"
    lim = stack_limit(s, a.zone)
    if lim is not None and sp_in(s, a.zone) + a.count > lim:
        return f"the hex would hold more than {lim} SPs"
    cost = unit_cost(s, n, a.type, a.count)
    if cost is None:
        return f"no {a.type} SPs at the side's tech level (RESEARCH AND TECHNOLOGY, Item Cost 3)"
    if cost > s.banks.get(n, 0):
        return "not enough PP"
    if a.target:
        army = s.armies.get(a.target)
        if army is None or (army.nation, army.zone) != (n, a.zone):
            return "the army must be the side's, in that hex"
    elif len(armies_of(s, n)) >= opt(s, "hgw_max_armies"):
        return f"no more than {opt(s, 'hgw_max_armies')} armies"
    return None


def apply_build(s: HgwState, a: Action) -> None:
    why = build_error(s, a)
    if why:
        raise RulesError(f"illegal build: {why}")
    n = s.current_nation
    s.banks[n] -= unit_cost(s, n, a.type, a.count) or 0
    if a.type == FORT:  # under construction until the side's next production phase
        for _ in range(a.count):
            s.add_unit(n, FORT, a.zone)
            s.units[s.next_uid - 1] = s.units[s.next_uid - 1]._replace(damage=1)
        s.event("hgw_build", nation=n, zone=a.zone, type=FORT, count=a.count, army=0)
        return
    aid = a.target or new_army(s, n, a.zone)
    for _ in range(a.count):
        u = s.add_unit(n, a.type, a.zone, flags=MOVED)
        s.army_of[u] = aid
    s.event("hgw_build", nation=n, zone=a.zone, type=a.type, count=a.count, army=aid)
