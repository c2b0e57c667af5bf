"""Supply (seeds/001 SUPPLY): the hexes that trace to a friendly production point, and
the supply phase's unsupplied hexes (their armies die, an opponent may capture them)."""

from __future__ import annotations

from collections.abc import Iterable

from gamecore.hgw import geo
from gamecore.hgw.armies import armies_in, armies_of, army_sps, kill
from gamecore.hgw.options import opt
from gamecore.hgw.sea import supply_seas
from gamecore.hgw.state import HgwState
from gamecore.hgw.victory import check_victory
from gamecore.hgw.world import friendly, home, opponents, pp, set_owner


def sources(s: HgwState, nation: str, home_only: bool) -> list[int]:
    hs = home(s, nation)
    g = geo.graph(s)
    heads = [
        z
        for z, head in s.beachhead.items()
        if head.nation == nation and s.round <= head.round + 1 and s.owner.get(z) == nation
    ]
    return heads + [
        z
        for z, o in s.owner.items()
        if o is not None
        and friendly(s, nation, z)
        and (not home_only or g.region.get(z) in hs)
        and pp(s, z) > 0
    ]


def supplied(s: HgwState, nation: str, home_only: bool) -> set[int]:
    """Hexes in full supply (``home_only``: traced to a friendly home-country
    undevastated PP) or defence supply (any friendly undevastated PP)."""
    return geo.trace(
        s,
        sources(s, nation, home_only),
        lambda z: friendly(s, nation, z),
        occupied_by=nation,
        seas=supply_seas(s, nation),
    )


def supply_check(s: HgwState) -> None:
    """seeds/001 SUPPLY, Unsupplied Hexes: at the end of the side's combat phase, its
    hexes that trace to no friendly undevastated PP are unsupplied: its armies there are
    eliminated, and an opponent that traces supply to the hex and has a supplied army
    within 3 hexes captures it."""
    n = s.current_nation
    ok = supplied(s, n, False)
    lost = sorted(z for z, o in s.owner.items() if o == n and z not in ok)
    if not lost:
        return
    for z in lost:
        for a in armies_in(s, z, n):
            k = len(army_sps(s, a))
            for u in army_sps(s, a):
                kill(s, u, "unsupplied")
            s.event("hgw_unsupplied", army=a, zone=z, lost=k)
        for u in [u for u in s.at.get(z, ()) if s.units[u].nation == n]:
            kill(s, u, "unsupplied")  # forts (seeds/001 Effect Of Forts On Combat 5)
    lost_set = set(lost)
    if opt(s, "hgw_unsupplied_capture") == "closest_pp":
        capture_by_closest_pp(s, n, lost)
        check_victory(s)
        return
    for o in opponents(s, n):
        theirs = supplied(s, o, False)
        reach = geo.trace(
            s,
            sources(s, o, False),
            lambda z, o=o: friendly(s, o, z) or z in lost_set,
            occupied_by=o,
            seas=supply_seas(s, o),
        )
        near = geo.within(
            s, sorted({s.armies[a].zone for a in armies_of(s, o) if s.armies[a].zone in theirs}), 3
        )
        for z in lost:
            if z in lost_set and z in reach and z in near and s.owner.get(z) == n:
                set_owner(s, z, o, "unsupplied")
                lost_set.discard(z)
    check_victory(s)


def capture_by_closest_pp(s: HgwState, n: str, lost: Iterable[int]) -> None:
    """seeds/001 SPECIAL RULES FOR THE FALL OF GERMANY 4: an out-of-supply hex becomes
    friendly to the opposing side with the closest undevastated production point; ties
    by a die roll (the highest; still tied: the earlier side in the turn order). Distance
    in hexes over land hexsides and crossing arrows, whoever holds them; a side with no
    undevastated PP on the hex's land mass takes nothing."""
    dist = {}
    for o in opponents(s, n):
        pps = [z for z, w in s.owner.items() if w == o and pp(s, z) > 0]
        dist[o] = geo.within(s, pps, 10**6) if pps else {}
    for z in lost:
        near = [(d[z], o) for o, d in dist.items() if z in d]
        if not near:
            continue
        best = min(k for k, _ in near)
        tied = [o for k, o in near if k == best]
        if len(tied) > 1:
            rolls = {o: s.rng.roll(6) for o in tied}
            top = max(rolls.values())
            s.event("hgw_tie", zone=z, rolls=rolls)
            tied = [o for o in tied if rolls[o] == top]
        set_owner(s, z, tied[0], "unsupplied")
