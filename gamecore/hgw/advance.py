"""Attacks announced and advances (seeds/001 Initial Attack, Advance Resolution,
Exploitation): the announce phase, advancing into a hex (retreat of its defenders), the
initial attack's and exploitation's legal actions."""

from __future__ import annotations

from gamecore.engine.actions import Action
from gamecore.engine.turns import END
from gamecore.errors import RulesError
from gamecore.hgw import geo
from gamecore.hgw.armies import armies_in, armies_of, army_sps, at_sea, can_attack, kill, sp_in
from gamecore.hgw.combat import (
    advance_mech,
    advance_modifier,
    assault_groups,
    attack_targets,
    defence_value,
    offer_defence,
    pending_invasions,
)
from gamecore.hgw.limits import attacked
from gamecore.hgw.options import opt
from gamecore.hgw.politics import on_capture
from gamecore.hgw.sea import invasion_at_sea, invasion_routes, invasion_targets, may_sail
from gamecore.hgw.state import NO_EXPLOIT, Beachhead, Exploit, HgwState
from gamecore.hgw.tables import FRIENDLY, advance_succeeds
from gamecore.hgw.victory import check_victory
from gamecore.hgw.world import friendly, home, set_owner


def announce_legal(s: HgwState) -> list[Action]:
    n = s.current_nation
    out = []
    if all(x in s.invading for x in s.declared):
        for a in armies_of(s, n):
            if a not in s.declared:
                for t in invasion_targets(s, a):
                    out.append(Action("hgw_invade", units=(a,), zone=t))
    for a in armies_of(s, n):
        if a in s.declared or not can_attack(s, a):
            continue
        for t in attack_targets(s, a):
            out.append(Action("hgw_attack", units=(a,), zone=t))
    return out + [END]


def apply_attack(s: HgwState, a: Action) -> None:
    (aid,) = a.units
    s.declared = {**s.declared, aid: a.zone}
    attacked(s, s.current_nation, a.zone)
    s.event("hgw_attack", army=aid, zone=a.zone, nation=s.current_nation)


def advance_error(s: HgwState, a: Action) -> str | None:
    n = s.current_nation
    if len(a.units) != 1:
        return "one army advances at a time"
    (aid,) = a.units
    if aid not in s.armies or s.armies[aid].nation != n:
        return "not an army of the side"
    if not can_attack(s, aid):
        return "the army may not attack"
    invading = at_sea(s, aid)
    if s.phase == "initial":
        if s.declared.get(aid) != a.zone:
            return "the army did not announce an attack on that hex"
        if s.advanced.get(aid):
            return "the army advanced already; it goes on in exploitation"
        if not invading and pending_invasions(s):
            return "amphibious invasions are resolved before any other attack"
    elif s.phase == "exploitation":
        if (s.exploit.army, s.exploit.target) != (aid, a.zone):
            return "only the exploiting army advances into its target"
    else:
        return "not in a combat phase"
    if not invading and a.zone not in geo.graph(s).nbrs.get(s.armies[aid].zone, ()):
        return "the target must be adjacent"
    return None


def advance_ok(s: HgwState, aid: int, mech: int, dfn: int, roll: int) -> bool:
    """Whether army ``aid``'s advance with strength ``mech`` against defence ``dfn``
    succeeds at modified ``roll`` (seeds/001 ADVANCE TABLE); an invasion of a friendly
    coastal hex always does (rules-notes/001 §4.11)."""
    if dfn == FRIENDLY and at_sea(s, aid):
        return True
    return advance_succeeds(opt(s, "hgw_advance"), mech, dfn, roll)


def apply_advance(s: HgwState, a: Action) -> None:
    why = advance_error(s, a)
    if why:
        raise RulesError(f"illegal advance: {why}")
    n = s.current_nation
    (aid,) = a.units
    t = a.zone
    src = s.armies[aid].zone
    mech = advance_mech(s, aid)
    dfn = defence_value(s, n, t)
    mod = advance_modifier(s, n, src, t, dfn, s.advanced.get(aid, 0))
    die = s.rng.roll(6)
    roll = die + mod
    invasion = at_sea(s, aid)
    ok = advance_ok(s, aid, mech, dfn, roll)
    if aid in s.amphibious:
        s.amphibious = s.amphibious - {aid}
    if dfn != FRIENDLY:  # a battle for the playtest statistics: the advance decides it
        s.event("battle", zone=t, attacker=n, defender=s.owner.get(t), kind="battle")
        s.event("battle_end", zone=t, result="attacker" if ok else "defender")
    s.event(
        "hgw_advance",
        army=aid,
        zone=t,
        mech=mech,
        defence="friendly" if dfn == FRIENDLY else dfn,
        die=die,
        roll=roll,
        success=ok,
    )
    if s.phase == "exploitation":
        s.exploit = s.exploit._replace(target=0)
    if not ok:
        s.failed = s.failed | {aid}
        return
    enter(s, aid, t, was_friendly=dfn == FRIENDLY)
    s.advanced = {**s.advanced, aid: s.advanced.get(aid, 0) + 1}
    if invasion:  # seeds/001 Invasion Procedure 4: supply traced to the hex next turn
        s.beachhead = {**s.beachhead, t: Beachhead(n, s.round)}
    check_victory(s)


def enter(s: HgwState, aid: int, t: int, was_friendly: bool) -> None:
    """A successful advance (seeds/001 Advance Resolution): the defenders retreat or die,
    the army enters, the hex turns friendly, its production is devastated, an occupation
    marker is placed, its garrison is gone for the phase."""
    n = s.current_nation
    g = geo.graph(s)
    src = s.armies[aid].zone
    if not was_friendly:
        for d in armies_in(s, t):
            if s.armies[d].nation != n:
                retreat(s, d, t)
        for u in [u for u in s.at.get(t, ()) if s.units[u].nation != n]:
            kill(s, u, "displaced")  # SPs outside armies (none in Barbarossa)
    for u in army_sps(s, aid):
        s.move_unit(u, t)
    s.armies[aid] = s.armies[aid]._replace(zone=t)
    if not was_friendly:
        old = s.owner.get(t)
        set_owner(s, t, n, "advance")
        if s.board.value.get(t, 0):
            s.devastate(t, s.board.value[t])
        if g.region.get(t) in home(s, n):
            s.occupied.pop(t, None)
        else:
            s.occupied[t] = n
        s.no_garrison = s.no_garrison | {t}
    s.event("hgw_enter", army=aid, zone=t, **{"from": src})
    if not was_friendly:
        on_capture(s, n, t, old)


def retreat(s: HgwState, aid: int, frm: int) -> None:
    """A displaced army retreats to an adjacent hex friendly to it (not across a crossing
    arrow or an all-sea hexside; over-stacking allowed), or dies. Off-map boxes other
    than those allowing retreat (Siberia) lose their armies. Default policy: the hex
    with the fewest SPs, then the lowest id."""
    g = geo.graph(s)
    nation = s.armies[aid].nation
    options = []
    box = g.box.get(frm)
    if box is None or box.get("retreat"):
        options = [z for z in g.retreat.get(frm, ()) if friendly(s, nation, z)]
    if not options:
        n_sp = len(army_sps(s, aid))
        for u in army_sps(s, aid):
            kill(s, u, "no retreat")
        s.event("hgw_retreat", army=aid, zone=frm, to=None, lost=n_sp)
        return
    dest = min(options, key=lambda z: (sp_in(s, z), z))
    for u in army_sps(s, aid):
        s.move_unit(u, dest)
    s.armies[aid] = s.armies[aid]._replace(zone=dest)
    s.event("hgw_retreat", army=aid, zone=frm, to=dest)


def initial_enter(s: HgwState) -> None:
    for aid in sorted(s.invading):
        if aid in s.armies and aid in s.declared:
            invasion_at_sea(s, aid, s.declared[aid])
    offer_defence(s, sorted(set(s.declared.values())))


def initial_legal(s: HgwState) -> list[Action]:
    inv = pending_invasions(s)
    if inv:  # seeds/001 Invasion Procedure 5, Invasion Resolution step 7: first, and
        # each invading army must attempt its advance
        aid = inv[0]
        t = s.declared[aid]
        out = assault_groups(s, [(aid, t)]) if aid not in s.assaulted else []
        return out + [Action("hgw_advance", units=(aid,), zone=t)]
    fresh = [(a, t) for a, t in sorted(s.declared.items()) if not s.advanced.get(a)]
    out = assault_groups(s, fresh)
    for aid, t in sorted(s.declared.items()):
        if aid in s.armies and not s.advanced.get(aid) and can_attack(s, aid):
            out.append(Action("hgw_advance", units=(aid,), zone=t))
    return out + [END]


def exploit_candidates(s: HgwState) -> list[int]:
    n = s.current_nation
    done = s.exploit.done
    return [a for a in armies_of(s, n) if s.advanced.get(a) and a not in done and can_attack(s, a)]


def exploitation_legal(s: HgwState) -> list[Action]:
    xa, xt = s.exploit.army, s.exploit.target
    if xt:
        out = assault_groups(s, [(xa, xt)]) if xa not in s.assaulted else []
        return out + [Action("hgw_advance", units=(xa,), zone=xt)]
    out = []
    for a in exploit_candidates(s):
        for t in attack_targets(s, a):
            out.append(Action("hgw_exploit", units=(a,), zone=t))
        for t in amphibious_targets(s, a):
            out.append(Action("hgw_amph_advance", units=(a,), zone=t))
    return out + [END]


def exploit_error(s: HgwState, a: Action) -> str | None:
    if s.phase != "exploitation" or len(a.units) != 1:
        return "not an exploitation attack"
    if s.exploit.target:
        return "the exploiting army must first advance into its target"
    (aid,) = a.units
    if aid not in exploit_candidates(s):
        return "only armies that advanced in the initial attack exploit, one at a time"
    if a.zone not in attack_targets(s, aid):
        return "not an adjacent hex the army may attack"
    return None


def apply_exploit(s: HgwState, a: Action) -> None:
    why = exploit_error(s, a)
    if why:
        raise RulesError(f"illegal exploitation: {why}")
    (aid,) = a.units
    exploit_next(s, aid, a.zone)
    attacked(s, s.current_nation, a.zone)
    s.event("hgw_exploit", army=aid, zone=a.zone)
    offer_defence(s, [a.zone])


def exploit_next(s: HgwState, aid: int, t: int) -> frozenset:
    """Army ``aid`` attacks ``t`` in exploitation; naming another army than the last
    ends the last one's exploitation (seeds/001 Exploitation 2: no return). Returns the
    armies done."""
    xa, done = s.exploit.army, s.exploit.done
    if xa and xa != aid:
        done = done | {xa}
    s.exploit = Exploit(aid, t, done)
    return done


def amphibious_targets(s: HgwState, aid: int) -> list[int]:
    """Hexes army ``aid`` may advance into amphibiously in exploitation (seeds/001
    Amphibious Advance; rules-notes/001 §4.11): an army that invaded successfully this
    turn, still at least half amphibious SPs and in a port, "in lieu of advance
    resolution" along an invasion route shortened by one hex for each hex it advanced
    (an ordinary advance in between counts too); +1 to the die for each such hex, as any
    advance. Otherwise the invasion's rules: fleets intercept, coastal air fires, the
    defenders defensively assault, the amph SPs assault, amph + as many inf/mech advance."""
    if s.phase != "exploitation" or aid not in s.invading or not s.advanced.get(aid):
        return []
    if aid not in exploit_candidates(s) or not may_sail(s, aid):
        return []
    return sorted(invasion_routes(s, aid, s.advanced[aid]))


def amph_advance_error(s: HgwState, a: Action) -> str | None:
    if s.phase != "exploitation" or len(a.units) != 1:
        return "not an exploitation attack"
    if s.exploit.target:
        return "the exploiting army must first advance into its target"
    (aid,) = a.units
    if a.zone not in amphibious_targets(s, aid):
        return (
            "no amphibious advance there (an army that invaded this turn, half amph SPs, "
            "in a port, the route shortened by the hexes advanced)"
        )
    return None


def apply_amph_advance(s: HgwState, a: Action) -> None:
    why = amph_advance_error(s, a)
    if why:
        raise RulesError(f"illegal amphibious advance: {why}")
    (aid,) = a.units
    done = exploit_next(s, aid, a.zone)
    s.amphibious = s.amphibious | {aid}
    s.event("hgw_amph_advance", army=aid, zone=a.zone, advanced=s.advanced[aid])
    invasion_at_sea(s, aid, a.zone, s.advanced[aid])
    if aid not in s.invading or not army_sps(s, aid):  # turned back at sea, or sunk
        s.amphibious = s.amphibious - {aid}
        s.failed = s.failed | {aid}
        s.exploit = Exploit(aid, 0, done)
        return
    offer_defence(s, [a.zone])


def exploitation_exit(s: HgwState, nation: str) -> None:
    s.no_garrison = frozenset()  # garrisons come back at the end of the combat phase
    s.exploit = NO_EXPLOIT
    if s.amphibious:
        s.amphibious = frozenset()
