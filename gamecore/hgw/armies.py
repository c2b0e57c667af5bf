"""Armies and their strength points (seeds/001 ARMIES): which SPs an army holds, forts,
new armies, losses, and whether an army may attack now."""

from __future__ import annotations

from collections.abc import Iterable

from gamecore.engine.state import Unit
from gamecore.hgw.state import AMPH, FORT, INF, MECH, Army, HgwState
from gamecore.hgw.world import siberian_locked


def army_sps(s: HgwState, aid: int) -> list[int]:
    a = s.armies.get(aid)
    if a is None:
        return []
    af = s.army_of
    return [u for u in s.at.get(a.zone, ()) if af.get(u) == aid]


def army_count(s: HgwState, aid: int) -> tuple[int, int]:
    """(infantry, mechanized) SPs of the army (its amphibious SPs: ``army_amph``)."""
    inf = mech = 0
    for u in army_sps(s, aid):
        t = s.units[u].type
        if t == MECH:
            mech += 1
        elif t == INF:
            inf += 1
    return inf, mech


def army_amph(s: HgwState, aid: int) -> int:
    return sum(1 for u in army_sps(s, aid) if s.units[u].type == AMPH)


def armies_of(s: HgwState, nation: str) -> list[int]:
    return sorted(a for a, v in s.armies.items() if v.nation == nation)


def armies_in(s: HgwState, z: int, nation: str | None = None) -> list[int]:
    found = {s.army_of[u] for u in s.at.get(z, ()) if u in s.army_of}
    return sorted(a for a in found if nation is None or s.armies[a].nation == nation)


def building(s: HgwState, u: Unit) -> bool:
    """A fort SP under construction (seeds/001 Fort Strength Under Construction): it
    counts neither in battle nor for stacking until its side's next production phase."""
    return u.type == FORT and u.damage > 0


def sp_in(s: HgwState, z: int) -> int:
    """SPs in the hex that count (for stacking and against an advance)."""
    units = s.units
    return sum(1 for u in s.at.get(z, ()) if not building(s, units[u]))


def forts_in(s: HgwState, z: int, nation: str | None = None) -> list[int]:
    """Completed fort SPs in the hex (of ``nation``)."""
    return [
        u
        for u in s.at.get(z, ())
        if s.units[u].type == FORT
        and not building(s, s.units[u])
        and (nation is None or s.units[u].nation == nation)
    ]


def fort_hexes(s: HgwState, nation: str) -> set[int]:
    return {u.zone for u in s.units.values() if u.type == FORT and u.nation == nation}


def new_army(s: HgwState, nation: str, z: int, name: str = "") -> int:
    aid = s.next_army
    s.next_army = aid + 1
    s.armies[aid] = Army(nation, name or f"Army {aid}", z)
    return aid


def prune(s: HgwState, aid: int) -> None:
    """An army with no SP left vanishes (seeds/001 ARMIES)."""
    if aid in s.armies and not army_sps(s, aid):
        nation, name, z = s.armies.pop(aid)
        s.event("hgw_army_gone", army=aid, name=name, zone=z, nation=nation)


def kill(s: HgwState, uid: int, reason: str) -> None:
    aid = s.army_of.pop(uid, None)
    s.remove_unit(uid, reason)
    if aid is not None:
        prune(s, aid)


def loss_order(s: HgwState, uids: Iterable[int], first: str = INF) -> list[int]:
    """The order SPs are lost in: ``first`` ("inf", the default policy, or "mech") type
    first, from the largest army first."""
    size: dict[int, int] = {}
    for u in uids:
        a = s.army_of.get(u, 0)
        size[a] = size.get(a, 0) + 1
    return sorted(
        uids,
        key=lambda u: (
            2 if s.units[u].type == FORT else int(s.units[u].type != first),
            -size[s.army_of.get(u, 0)],
            s.army_of.get(u, 0),
            u,
        ),
    )


def take_losses(s: HgwState, uids: Iterable[int], hits: int, reason: str, first: str = INF) -> int:
    lost = 0
    for u in loss_order(s, list(uids), first)[: max(0, hits)]:
        kill(s, u, reason)
        lost += 1
    return lost


def can_attack(s: HgwState, aid: int) -> bool:
    if aid not in s.armies:
        return False
    z = s.armies[aid].zone
    return (
        aid not in s.cut
        and aid not in s.failed
        and not siberian_locked(s, z)
        and bool(army_sps(s, aid))
    )


def at_sea(s: HgwState, aid: int) -> bool:
    """Whether the army's attack now is seaborne: its announced invasion, not yet
    advanced, or its amphibious advance in exploitation (seeds/001 Amphibious Advance:
    "follows the same rules for amphibious invasions")."""
    return (aid in s.invading and not s.advanced.get(aid)) or aid in s.amphibious
