"""Combat (seeds/001 COMBAT): fire strength, defensive assaults, assaults, the losses
of a side (its decision ``hgw_losses``), and the values an advance rolls against."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gamecore.engine.actions import Action
from gamecore.engine.decisions import Decision
from gamecore.errors import RulesError
from gamecore.hgw import geo
from gamecore.hgw.armies import (
    armies_in,
    army_amph,
    army_count,
    army_sps,
    at_sea,
    building,
    can_attack,
    forts_in,
    sp_in,
    take_losses,
)
from gamecore.hgw.morale import morale_mod
from gamecore.hgw.options import opt
from gamecore.hgw.state import AMPH, INF, MECH, SP_TYPES, Exploit, HgwState, PendingLoss
from gamecore.hgw.tables import FRIENDLY, firepower
from gamecore.hgw.world import enemy_hex, friendly, winter_mod


def inflict(s: HgwState, uids: Iterable[int], hits: int, reason: str) -> int:
    """Losses chosen by their owner (seeds/001 Assault Resolution 5): the decision
    ``hgw_losses`` when the game offers it and the choice matters (both types among
    the SPs that may be lost, fewer hits than SPs); else the default policy, infantry
    first. Returns the SPs lost: while the decision is pending, the SPs its answer will
    remove (``hits``: the decision is offered only when fewer hits than SPs), so the
    roll's event can record the real count (``s.pending_loss`` says who is choosing)."""
    uids = list(uids)
    if "hgw_losses" in s.decisions and 0 < hits < len(uids):
        types = {s.units[u].type for u in uids}
        if len(types) > 1:
            owner = s.units[uids[0]].nation
            s.pending_loss = PendingLoss(tuple(sorted(uids)), hits, reason)
            s.decision = Decision(owner, "hgw_losses", reason)
            return hits
    return take_losses(s, uids, hits, reason)


def losses_legal(s: HgwState) -> list[Action]:
    return [Action("hgw_losses", profile=INF), Action("hgw_losses", profile=MECH)]


def losses_error(s: HgwState, a: Action) -> str | None:
    if s.decision is None or s.decision.kind != "hgw_losses" or not s.pending_loss:
        return "no losses are waiting for a decision"
    if a.profile not in SP_TYPES:
        return "profile: inf or mech (the type lost first)"
    return None


def apply_losses(s: HgwState, a: Action) -> None:
    why = losses_error(s, a)
    if why:
        raise RulesError(why)
    uids, hits, reason = s.pending_loss
    s.pending_loss = ()
    s.decision = None
    lost = take_losses(s, [u for u in uids if u in s.units], hits, reason, a.profile)
    s.event("hgw_losses", first=a.profile, lost=lost, reason=reason)
    next_defence(s)  # resume the defensive assaults still queued


def fire_strength(s: HgwState, aids: Sequence[int], target: int | None) -> int:
    """Firing strength of armies (inf + mech; mech may not assault into mountain or
    swamp, halved into jungle), capped at ``hgw_fire_cap``. ``target`` None: a
    defensive assault (every SP fires). Invading armies fire with their amphibious SPs
    only (seeds/001 Invasion Assault 2)."""
    if target is not None and aids and all(at_sea(s, a) for a in aids):
        return min(opt(s, "hgw_fire_cap"), sum(army_amph(s, a) for a in aids))
    inf = mech = 0
    for a in aids:
        i, m = army_count(s, a)
        inf += i
        mech += m
    if target is not None:
        t = geo.graph(s).terrain.get(target)
        if t in ("mountain", "swamp"):
            mech = 0
        elif t == "jungle":
            mech //= 2
    return min(opt(s, "hgw_fire_cap"), inf + mech)


def defence_value(s: HgwState, nation: str, target: int) -> int:
    """What an advance into ``target`` rolls against: FRIENDLY, every SP there (10+ reads
    the last column), its garrison (1) while the hex is empty, or 0."""
    if friendly(s, nation, target):
        return FRIENDLY
    n = sp_in(s, target)
    if n:
        return min(10, n)
    if geo.graph(s).garrison.get(target) and target not in s.no_garrison:
        return 1
    return 0


def advance_mech(s: HgwState, aid: int) -> int:
    """The army's advance strength: its mech (not counted out of a swamp, halved out of a
    jungle), at most 10. An invading army's: its amphibious SPs and as many of its
    infantry and mechanized (seeds/001 AMPHIBIOUS INVASIONS; rules-notes/001 §4.11: 4
    amph + 2 mech + 3 inf advance with 8)."""
    if at_sea(s, aid):
        inf, mech = army_count(s, aid)
        amph = army_amph(s, aid)
        return min(10, amph + min(amph, inf + mech))
    _, mech = army_count(s, aid)
    return mech_advance_strength(s, s.armies[aid].zone, mech)


def mech_advance_strength(s: HgwState, src: int, mech: int) -> int:
    """The advance strength of ``mech`` mechanized SPs advancing out of hex ``src``
    (seeds/001 SWAMP COMBAT, JUNGLE COMBAT: not counted out of a swamp, halved out of a
    jungle), at most 10 (seeds/001 Advance Resolution 2: 10+ reads 10)."""
    t = geo.graph(s).terrain.get(src)
    if t == "swamp":
        mech = 0
    elif t == "jungle":
        mech //= 2
    return min(10, mech)


def advance_modifier(s: HgwState, nation: str, src: int, target: int, dfn: int, bonus: int) -> int:
    """What is added to the die of ``nation``'s advance from ``src`` into ``target``
    against defence ``dfn`` (:func:`defence_value`): ``bonus`` (seeds/001 Advance
    Resolution 10: +1 per hex the army advanced into this turn), the target's terrain
    (seeds/001 MOUNTAIN / SWAMP / DESERT COMBAT; JUNGLE COMBAT: +1 only into an empty,
    ungarrisoned jungle hex) and the Russian winter of the hex advanced from. The one
    source of the modifier: :func:`apply_advance` rolls with it, :mod:`gamecore.hgw.odds`
    counts the faces with it."""
    terrain = geo.graph(s).terrain.get(target, "clear")
    tmod = int(opt(s, "hgw_terrain_advance").get(terrain, 0))
    if terrain == "jungle" and dfn != 0:
        tmod = 0  # +1 only into an empty, ungarrisoned jungle hex
    return bonus + tmod + winter_mod(s, nation, src) + morale_mod(s, nation)


def attack_targets(s: HgwState, aid: int) -> list[int]:
    """Adjacent hexes the army may attack across a land hexside or a crossing arrow:
    enemy hexes, and friendly ones (seeds/001 Initial Attack 3, Advance Into Friendly
    Hexes); never a hex neither side controls (Barbarossa special rule 1)."""
    n, z = s.armies[aid].nation, s.armies[aid].zone
    return [t for t in geo.graph(s).nbrs.get(z, ()) if friendly(s, n, t) or enemy_hex(s, n, t)]


def pending_invasions(s: HgwState) -> list[int]:
    """Invading armies still to make their (mandatory) invasion advance."""
    return sorted(
        a
        for a in s.invading
        if a in s.armies and not s.advanced.get(a) and a not in s.failed and army_sps(s, a)
    )


def defenders(s: HgwState, target: int) -> list[int]:
    """Armies in ``target`` that may still make their defensive assault."""
    n = s.current_nation
    return [
        a
        for a in armies_in(s, target)
        if s.armies[a].nation != n and a not in s.defended and army_sps(s, a)
    ]


def fort_ready(s: HgwState, target: int) -> list[int]:
    """The completed forts of the defender in ``target`` that have not fired this turn
    (they fire with the hex's first defensive assault: a choice, docs)."""
    if target in s.fort_fired:
        return []
    n = s.current_nation
    return [u for u in forts_in(s, target) if s.units[u].nation != n]


def attackers_of(s: HgwState, target: int) -> list[int]:
    if s.phase == "exploitation":
        xa, xt = s.exploit.army, s.exploit.target
        return [xa] if xt == target and xa in s.armies else []
    return sorted(a for a, t in s.declared.items() if t == target and a in s.armies)


def offer_defence(s: HgwState, targets: Iterable[int]) -> None:
    """Queue the defensive assaults of ``targets`` and answer them: a decision for the
    defender when the game offers ``hgw_defend``, else the default policy (every
    eligible army fires at the first chance)."""
    s.dqueue = tuple(
        t for t in targets if (defenders(s, t) or fort_ready(s, t)) and attackers_of(s, t)
    )
    next_defence(s)


def next_defence(s: HgwState) -> None:
    while s.dqueue and not s.terminal:
        t = s.dqueue[0]
        ds = defenders(s, t)
        fs = fort_ready(s, t)
        if not (ds or fs) or not attackers_of(s, t):
            s.dqueue = s.dqueue[1:]
            continue
        owner = s.armies[ds[0]].nation if ds else s.units[fs[0]].nation
        if "hgw_defend" in s.decisions:
            s.decision = Decision(owner, "hgw_defend", s.board.code.get(t) or str(t))
            return
        s.dqueue = s.dqueue[1:]
        defensive_assault(s, t, ds)
        if s.decision is not None:  # the attacker chooses its losses first
            return
    s.decision = None
    xa, xt, done = s.exploit
    if xt and xa not in s.armies:  # the exploiting army died under the defensive assault
        s.exploit = Exploit(0, 0, done | {xa})


def defend_legal(s: HgwState) -> list[Action]:
    t = s.dqueue[0]
    ds = defenders(s, t)
    out = [Action("hgw_defend", units=tuple(ds), zone=t)]  # units=(): the forts alone
    if len(ds) > 1:
        out += [Action("hgw_defend", units=(a,), zone=t) for a in ds]
    return out + [Action("hgw_pass", zone=t)]


def defend_error(s: HgwState, a: Action) -> str | None:
    if s.decision is None or s.decision.kind != "hgw_defend" or not s.dqueue:
        return "no defensive assault is pending"
    if a.zone != s.dqueue[0]:
        return "not the hex whose defensive assault is pending"
    ds = set(defenders(s, a.zone))
    if a.kind == "hgw_defend" and not set(a.units) <= ds:
        return "only armies of the hex that have not fired may fire"
    if a.kind == "hgw_defend" and not a.units and not fort_ready(s, a.zone):
        return "name the armies that fire"
    return None


def apply_defend(s: HgwState, a: Action) -> None:
    why = defend_error(s, a)
    if why:
        raise RulesError(why)
    s.dqueue = s.dqueue[1:]
    s.decision = None
    if a.kind == "hgw_defend":
        defensive_assault(s, a.zone, list(a.units))
        if s.decision is not None:  # the attacker chooses its losses first
            return
    else:
        s.event("hgw_pass", zone=a.zone)
    next_defence(s)


def defensive_assault(s: HgwState, target: int, aids: Sequence[int]) -> None:
    """seeds/001 Assault Resolution: the hex's chosen armies fire once; the losses fall
    on the armies attacking the hex (default policy: infantry first)."""
    forts = fort_ready(s, target)
    owner = s.armies[aids[0]].nation if aids else s.units[forts[0]].nation
    strength = min(opt(s, "hgw_fire_cap"), fire_strength(s, aids, None) + len(forts))
    if forts:
        s.fort_fired = s.fort_fired | {target}
    die = s.rng.roll(6)
    roll = die + winter_mod(s, owner, target)
    hits = firepower(opt(s, "hgw_firepower"), strength, roll)
    s.defended = s.defended | frozenset(aids)
    attackers = attackers_of(s, target)
    pool = [u for a in attackers for u in army_sps(s, a)]
    if any(at_sea(s, a) for a in attackers):
        # at least half the losses of invaders are amphibious SPs (seeds/001 Defensive
        # Assault 3): the default policy takes amphibious SPs first
        lost = take_losses(s, pool, hits, "defensive assault", AMPH)
    else:
        lost = inflict(s, pool, hits, "defensive assault")
    s.event(
        "hgw_fire",
        kind="defensive",
        zone=target,
        armies=list(aids),
        forts=len(forts),
        strength=strength,
        die=die,
        roll=roll,
        hits=hits,
        lost=lost,
        **_chooser(s),
    )


def _chooser(s: HgwState) -> dict:
    """The ``chooser`` field of a roll's event whose losses wait for their owner's
    ``hgw_losses`` decision (the event's ``lost`` is then what the answer removes)."""
    if s.pending_loss and s.decision is not None and s.decision.kind == "hgw_losses":
        return {"chooser": s.decision.owner}
    return {}


def assault_error(s: HgwState, a: Action) -> str | None:
    n = s.current_nation
    if not a.units:
        return "an assault names its armies"
    zones = set()
    for aid in a.units:
        if aid not in s.armies or s.armies[aid].nation != n:
            return f"army {aid} is not the side's"
        if aid in s.assaulted:
            return f"army {aid} has made its assault this turn"
        if not can_attack(s, aid):
            return f"army {aid} may not attack"
        zones.add(s.armies[aid].zone)
        if s.phase == "initial":
            if s.declared.get(aid) != a.zone:
                return f"army {aid} did not announce an attack on that hex"
            if s.advanced.get(aid):
                return f"army {aid} has entered its target"
        elif s.phase == "exploitation":
            if (s.exploit.army, s.exploit.target) != (aid, a.zone):
                return "only the exploiting army attacks its target"
        else:
            return "not in a combat phase"
    if len(zones) != 1:
        return "the armies of one hex assault together"
    if friendly(s, n, a.zone):
        return "friendly armies never assault one another"
    inv = [at_sea(s, x) for x in a.units]
    if any(inv) and not all(inv):
        return "invading armies assault apart from the others"
    if s.phase == "initial" and not any(inv) and pending_invasions(s):
        return "amphibious invasions are resolved before any other attack"
    if not any(inv) and a.zone not in geo.graph(s).nbrs.get(zones.pop(), ()):
        return "the target must be adjacent"
    return None


def assault_groups(s: HgwState, pairs: Iterable[tuple[int, int]]) -> list[Action]:
    """Assault actions for (army, target) pairs: every army alone, and the armies of a
    hex with one target together."""
    groups: dict[tuple[int, int], list[int]] = {}
    for aid, t in pairs:
        if aid not in s.armies or aid in s.assaulted or not can_attack(s, aid):
            continue
        groups.setdefault((s.armies[aid].zone, t), []).append(aid)
    out = []
    for (_, t), aids in sorted(groups.items()):
        if friendly(s, s.current_nation, t):
            continue
        if (
            fire_strength(s, aids, t) == 0
            and sp_in(s, t) == 0
            and not (geo.graph(s).garrison.get(t) and t not in s.no_garrison)
        ):
            continue
        if len(aids) > 1:
            out.append(Action("hgw_assault", units=tuple(sorted(aids)), zone=t))
        out += [Action("hgw_assault", units=(aid,), zone=t) for aid in sorted(aids)]
    return out


def apply_assault(s: HgwState, a: Action) -> None:
    why = assault_error(s, a)
    if why:
        raise RulesError(f"illegal assault: {why}")
    n = s.current_nation
    aids = list(a.units)
    src = s.armies[aids[0]].zone
    strength = fire_strength(s, aids, a.zone)
    die = s.rng.roll(6)
    roll = die + winter_mod(s, n, src) + morale_mod(s, n)  # NATIONAL MORALE 6
    hits = firepower(opt(s, "hgw_firepower"), strength, roll)
    s.assaulted = s.assaulted | frozenset(aids)
    there = [
        u for u in s.at.get(a.zone, ()) if s.units[u].nation != n and not building(s, s.units[u])
    ]
    # forts absorb one loss per fort SP a turn (seeds/001 Effect Of Forts On Combat 3)
    room = len(forts_in(s, a.zone)) - s.absorbed.get(a.zone, 0)
    absorbed = max(0, min(hits, room))
    if absorbed:
        s.absorbed[a.zone] = s.absorbed.get(a.zone, 0) + absorbed
    lost = inflict(s, there, hits - absorbed, "assault")
    garrison = False
    if there and lost == len(there):
        # a hex emptied by losing its armies has no garrison until the combat phase
        # ends (seeds/001 Assault Resolution 8)
        s.no_garrison = s.no_garrison | {a.zone}
    elif not there and hits > 0 and geo.graph(s).garrison.get(a.zone):
        if a.zone not in s.no_garrison:
            s.no_garrison = s.no_garrison | {a.zone}
            garrison = True
    s.event(
        "hgw_fire",
        kind="assault",
        zone=a.zone,
        armies=aids,
        strength=strength,
        die=die,
        roll=roll,
        hits=hits,
        absorbed=absorbed,
        lost=lost,
        garrison=garrison,
        **_chooser(s),
    )
