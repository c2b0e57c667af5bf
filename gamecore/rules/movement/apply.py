"""Applying moves, and the end-of-phase steps: air landing, carriers, friendly neutrals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.engine.state import (
    ABOARD,
    AIRBORNE,
    AMPHIB,
    ASSAULT,
    COMBAT,
    EVENT_LOGS,
    HELD,
    LOADED,
    MOVED,
    NEW,
    PASSING,
    UNLOADED,
)
from gamecore.rules import control, wargame
from gamecore.rules.movement.context import MoveContext
from gamecore.rules.movement.strategic import _apply_special

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


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
