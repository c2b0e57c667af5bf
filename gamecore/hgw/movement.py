"""The movement phase (seeds/001 MOVEMENT, STACKING): regrouping SPs through chains of
friendly hexes (and by sea), converting amphibious SPs, stacking losses."""

from __future__ import annotations

from gamecore.engine.actions import Action
from gamecore.engine.state import MOVED
from gamecore.engine.turns import END
from gamecore.errors import RulesError
from gamecore.hgw.armies import armies_of, army_sps, building, kill, loss_order, new_army, prune
from gamecore.hgw.options import opt
from gamecore.hgw.sea import box_limits, friendly_components, move_reach, sea_caps
from gamecore.hgw.state import AMPH, INF, SP_TYPES, HgwState
from gamecore.hgw.world import friendly, siberian_locked, stack_limit


def movement_legal(s: HgwState) -> list[Action]:
    n = s.current_nation
    comp = friendly_components(s, n)
    by_label: dict[int, list[int]] = {}
    for z, lab in comp.items():
        by_label.setdefault(lab, []).append(z)
    mine = armies_of(s, n)
    at_dest: dict[int, list[int]] = {}
    for a in mine:
        at_dest.setdefault(s.armies[a].zone, []).append(a)
    room = len(mine) < opt(s, "hgw_max_armies")
    out: list[Action] = []
    for a in mine:
        z = s.armies[a].zone
        if a in s.cut or siberian_locked(s, z) or z not in comp:
            continue
        sps = army_sps(s, a)
        free = tuple(sorted(u for u in sps if not s.units[u].flags & MOVED))
        if not free:
            continue
        whole = len(free) == len(sps)
        by_type = {t: tuple(u for u in free if s.units[u].type == t) for t in SP_TYPES}
        for d in sorted(by_label[comp[z]]):
            if d == z:
                continue
            if whole:
                out.append(Action("hgw_move", units=free, path=(z, d), target=a))
            for b in at_dest.get(d, ()):
                out.append(Action("hgw_move", units=free, path=(z, d), target=b))
            if room and not whole:
                out.append(Action("hgw_move", units=free, path=(z, d)))
            if room and all(by_type.values()):
                for t in SP_TYPES:
                    out.append(Action("hgw_move", units=by_type[t], path=(z, d)))
        if sea_caps(s, n):
            out += sea_moves(s, a, z, free, whole, at_dest, room)
    for a in mine:
        amph = tuple(u for u in army_sps(s, a) if s.units[u].type == AMPH)
        if amph:
            out.append(Action("hgw_convert", units=amph))
    return out + [END]


def sea_moves(
    s: HgwState,
    a: int,
    z: int,
    free: tuple[int, ...],
    whole: bool,
    at_dest: dict[int, list[int]],
    room: bool,
) -> list[Action]:
    """The listed moves that need a sea leg: the army's unmoved SPs together, and one SP
    of each type alone (sea capacity is often one SP a turn)."""
    n = s.current_nation
    out = []
    groups = [free]
    for t in SP_TYPES:
        one = [u for u in free if s.units[u].type == t][:1]
        if one and len(free) > 1:
            groups.append(tuple(one))
    for g in groups:
        for d, seas in sorted(move_reach(s, n, z, len(g)).items()):
            if not seas:
                continue
            if g is free and whole:
                out.append(Action("hgw_move", units=g, path=(z, d), target=a))
            for b in at_dest.get(d, ()):
                out.append(Action("hgw_move", units=g, path=(z, d), target=b))
            if room and not (g is free and whole):
                out.append(Action("hgw_move", units=g, path=(z, d)))
    return out


def convert_error(s: HgwState, a: Action) -> str | None:
    if s.phase != "movement" or s.decision is not None:
        return "amphibious SPs convert in the movement phase"
    if not a.units or len(set(a.units)) != len(a.units):
        return "name the amphibious SPs"
    for u in a.units:
        x = s.units.get(u)
        if x is None or x.nation != s.current_nation or x.type != AMPH:
            return "only the side's amphibious SPs convert"
    return None


def apply_convert(s: HgwState, a: Action) -> None:
    """seeds/001 Amphibious Strength Points 3: amphibious SPs become infantry one for
    one during the side's movement phase, never back."""
    for u in a.units:
        s.units[u] = s.units[u]._replace(type=INF)
    s.bump()
    s.event("hgw_convert", nation=s.current_nation, sps=len(a.units))


def move_error(s: HgwState, a: Action) -> str | None:
    n = s.current_nation
    if s.phase != "movement" or s.decision is not None:
        return "not in the movement phase"
    if len(a.path) != 2 or not a.units:
        return "a move names its SPs and (from, to)"
    z, d = a.path
    aids = {s.army_of.get(u) for u in a.units}
    if len(aids) != 1 or None in aids:
        return "the SPs must belong to one army"
    src = aids.pop()
    if s.armies[src].nation != n or s.armies[src].zone != z:
        return "not an army of the side in that hex"
    if src in s.cut:
        return "an army without full supply may not move"
    if siberian_locked(s, z):
        return "Siberian SPs may not move yet"
    if len(set(a.units)) != len(a.units) or any(s.units[u].flags & MOVED for u in a.units):
        return "an SP moves once a phase"
    if d == z or not friendly(s, n, d) or not friendly(s, n, z):
        return "the move must end in another friendly hex"
    if d not in move_reach(s, n, z, len(a.units)):
        return "no chain of friendly hexes (nor sea route with room) joins the two hexes"
    t = a.target
    if t == src:
        if len(a.units) != len(army_sps(s, src)):
            return "the army moves whole or its SPs join another army"
    elif t:
        if t not in s.armies or s.armies[t].nation != n or s.armies[t].zone != d:
            return "the army to join must be the side's, in the destination hex"
    elif len(armies_of(s, n)) >= opt(s, "hgw_max_armies"):
        return f"no more than {opt(s, 'hgw_max_armies')} armies"
    return None


def apply_move(s: HgwState, a: Action) -> None:
    why = move_error(s, a)
    if why is not None:
        raise RulesError(f"illegal move: {why}")
    n = s.current_nation
    z, d = a.path
    seas = move_reach(s, n, z, len(a.units))[d]
    if seas:
        s.shipped = {**s.shipped, **{x: s.shipped.get(x, 0) + len(a.units) for x in seas}}
        for key, group, _ in box_limits(s, n):
            if z in group or d in group:
                s.shipped = {**s.shipped, key: s.shipped.get(key, 0) + len(a.units)}
    src = s.army_of[a.units[0]]
    if a.target == src:
        dst = src
        s.armies[src] = s.armies[src]._replace(zone=d)
    elif a.target:
        dst = a.target
    else:
        dst = new_army(s, n, d)
    for u in a.units:
        s.army_of[u] = dst
        s.move_unit(u, d, flags=s.units[u].flags | MOVED)
    if dst != src:
        prune(s, src)
    extra = {"seas": list(seas)} if seas else {}
    s.event("hgw_move", nation=n, sps=len(a.units), army=dst, **{"from": z, "to": d}, **extra)


def movement_exit(s: HgwState, nation: str) -> None:
    """Stacking (seeds/001 STACKING): over 10 SPs in a hex at the end of movement, the
    owner eliminates the excess (default policy: infantry first)."""
    for z in sorted({u.zone for u in s.units.values() if u.nation == nation}):
        lim = stack_limit(s, z)
        if lim is None:
            continue
        mine = [
            u
            for u in s.at.get(z, ())
            if s.units[u].nation == nation and not building(s, s.units[u])
        ]
        over = len(mine) - lim
        if over > 0:
            for u in loss_order(s, mine)[:over]:
                kill(s, u, "stacking")
            s.event("hgw_overstack", zone=z, nation=nation, lost=over)
