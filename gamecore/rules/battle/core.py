"""The steps every ruleset of the family plays (rules-notes/004, seeds/004 "Summary of
play"), each gated by the ruleset's options where the A&A rules make it optional.

The order they run in, with the steps of Global War (:mod:`.global_war`), the house rules
(:mod:`.house`) and The War Game (:mod:`gamecore.rules.wargame_battle`) among them, is the
table of :mod:`.steps`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.board import NEUTRAL
from gamecore.engine.state import AMPHIB
from gamecore.rules.battle.ask import _ask_fire_modes, ask
from gamecore.rules.battle.before import AAVolley, BombardVolley, aa_fire, bombard
from gamecore.rules.battle.calc import ATTACKER, DEFENDER
from gamecore.rules.battle.context import Step
from gamecore.rules.battle.fire import _roll_fixed, best_fire_mode, multi_die
from gamecore.rules.battle.terrain import target_selection_note
from gamecore.rules.battle.units import _kill, sides

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.rules.battle.calc import CalcPlan
    from gamecore.rules.state import Battle


# ------------------------------------------------------------------ the attack begins
def _violate_neutral(s: GameState, zone: int, n: str, o: str | None) -> None:
    target = o if o is not None else NEUTRAL
    s.set_relation(n, target, "war", initiated_by=n)
    # the invaded neutral joins the other side; an attack on a strict neutral turns the
    # remaining strict neutrals against the attacker (seeds/004 "Unfriendly neutrals",
    # "Strict neutrals")
    side = s.board.alliance_of.get(n)
    others = sorted({a for a in s.board.alliance_of.values() if a is not None and a != side})
    if side is not None and len(others) == 1 and zone in s.alignment:
        was = s.alignment[zone]
        s.alignment[zone] = f"pro_{others[0]}"
        s.bump()
        if was == "strict":
            flipped = []
            for z in sorted(s.alignment):
                if z != zone and s.alignment[z] == "strict":
                    s.alignment[z] = f"pro_{others[0]}"
                    flipped.append(z)
            if flipped:
                s.event("neutrals_aligned", zones=flipped, alignment=f"pro_{others[0]}")
    army = s.board.standing_army.get(zone, 0)
    key = f"activated:{zone}"
    if army and key not in s.awards:
        s.awards.add(key)
        typ = s.rules.options["standing_army_unit"]
        if typ in s.rules.units:
            for _ in range(army):
                s.add_unit(target, typ, zone, flags=0)
            s.event("neutral_army", zone=zone, nation=target, type=typ, count=army)
    s.event("neutral_violated", zone=zone, by=n)


class ViolateNeutral(Step):
    name = "violate_neutral"
    stage = "start"
    doc = "attacking a neutral is war on it; it and the strict neutrals turn (seeds/004)"

    def run(self, rnd):
        s, zone, n = rnd.s, rnd.zone, rnd.nation
        o = s.owner.get(zone)
        if s.board.is_land(zone) and s.is_neutral_owner(o) and o not in s.enemies(n):
            _violate_neutral(s, zone, n, o)


# ------------------------------------------------------------------ before each round
def can_submerge(s: GameState, b: Battle) -> bool:
    """The attacker's submarines may submerge instead of retreating: the defender has no
    detector; never under ``submerge_only_from_aircraft`` (seeds/002)."""
    if b.kind == "bomb" or s.rules.options["submerge_only_from_aircraft"]:
        return False
    ut = s.rules.units
    att, dfn = sides(s, b)
    if not dfn or (_detector_blocks(s) and any(ut[u.type].detector for u in dfn)):
        return False
    return any(ut[u.type].submerge for u in att)


def defender_can_submerge(s: GameState, b: Battle) -> bool:
    """The defender has submarines that may submerge: the attacker has no detector
    (destroyer) in the battle; with ``submerge_only_from_aircraft`` (seeds/002), the
    attackers are aircraft alone."""
    if b.kind == "bomb" or not b.defender:
        return False
    ut = s.rules.units
    att, dfn = sides(s, b)
    if not att or (_detector_blocks(s) and any(ut[u.type].detector for u in att)):
        return False
    if s.rules.options["submerge_only_from_aircraft"] and any(
        ut[u.type].domain != "air" for u in att
    ):
        return False
    return any(ut[u.type].submerge for u in dfn)


def _detector_blocks(s: GameState) -> bool:
    return bool(s.rules.options["submerge_blocked_by_detector"])


class DefenderSubmerge(Step):
    # the calculator: a decision, outside the dice (its default policy: they stay)
    name = "defender_submerge"
    stage = "before_round"
    doc = "the defender may submerge its submarines (G40 2E; Global War §9.4, §9.10)"

    def applies(self, rules):
        return any(t.submerge for t in rules.units.values())

    def run(self, rnd):
        s, b = rnd.s, rnd.b
        if (
            "submerge" in s.decisions
            and b.dived <= b.round
            and b.round + 1 >= int(s.rules.options["defender_submerge_from_round"])
            and defender_can_submerge(s, b)
        ):
            # before each round the defender may submerge its submarines (G40 2E, the
            # 3G40 handbook; Global War §9.4, §9.10): issue #23 points 1 and 13
            b.dived = b.round + 1
            rnd.put(b.defender, "submerge", "def")
            return True
        return False


class CasualtyChoice(Step):
    name = "casualty_choice"
    stage = "before_round"
    doc = "each side chooses its casualty profile for the round (decision 'casualties')"

    def run(self, rnd):
        s, b = rnd.s, rnd.b
        if "casualties" in s.decisions and b.chosen <= b.round:
            b.chosen = b.round + 1  # each side chooses its casualties again every round
            ask(s, b, "casualties", "att")
            return True
        return False

    calc_doc = "one casualty profile per side for the whole battle"

    def calc(self, plan: CalcPlan) -> None:
        plan.casualty_order = plan.rules.options["casualty_order"]


class FireModes(Step):
    name = "fire_modes"
    stage = "before_round"
    doc = "each side picks the fire mode of units that have a choice (seeds/002 'Bomber')"

    def applies(self, rules):
        return multi_die(rules)

    def run(self, rnd):
        return _ask_fire_modes(rnd.s, rnd.b)

    calc_doc = "one fire mode per unit type for the whole battle: asked for, or the default's"

    def calc(self, plan: CalcPlan) -> None:
        b = plan.battle
        foes = plan.present(DEFENDER)
        for tid, n in b.attackers.items():
            t = plan.rules.units[tid]
            if not n or not t.fire_modes or tid in b.fire_modes:
                continue
            best = plan.fire_modes[tid] = best_fire_mode(t, foes)
            fm = t.fire_modes[best]
            if fm.targets and any(f.domain not in fm.targets for f in foes):
                plan.approximate(
                    f"{tid} fires '{best}' every round; the engine's default switches "
                    "mode when only units that mode cannot hit are left"
                )


# ------------------------------------------------------------------ before round 1
class AAFire(Step):
    name = "aa_fire"
    stage = "pre_battle"
    doc = "defending AA guns fire at attacking aircraft (rules-notes/004 §4.4)"
    option = "aa_fire"

    def run(self, rnd):
        s, b = rnd.s, rnd.b
        att, dfn = sides(s, b)
        if att and dfn:
            aa_fire(s, b, att, dfn, doom=bool(s.rules.options.get("aa_victims_fire")))
            rnd.aa_fired = True

    calc_doc = "the defender's AA fire before round 1, its victims' fire in round 1"

    def calc(self, plan: CalcPlan) -> None:
        if plan.battle.aa:
            victims = bool(plan.rules.options["aa_victims_fire"])
            plan.before_round_1.append(AAVolley(DEFENDER, ATTACKER, victims))


class Bombard(Step):
    name = "bombard"
    stage = "pre_battle"
    doc = "ships bombard in support of an amphibious assault (rules-notes/004 §4.5)"
    option = "shore_bombardment"

    def run(self, rnd):
        if rnd.s.board.is_land(rnd.zone):
            bombard(rnd.s, rnd.b)

    calc_doc = "shore bombardment by the attacker's best ships, its victims' fire in round 1"

    def calc(self, plan: CalcPlan) -> None:
        b = plan.battle
        if b.sea or not b.amphibious or not b.bombard:
            return
        units = plan.rules.units
        fleet = sorted(
            (units[t] for t, n in b.bombard.items() for _ in range(n)),
            key=lambda t: (-t.bombard, t.id),
        )
        plan.before_round_1.append(BombardVolley(plan.rules, fleet))


# ------------------------------------------------------------------ a round
class FirstStrike(Step):
    name = "first_strike"
    stage = "round"
    doc = (
        "surprise strike: first-strike units fire first unless the enemy has a detector; "
        "their victims are removed before they fire back (rules-notes/004 §4.3)"
    )

    def run(self, rnd):
        s, b = rnd.s, rnd.b
        ut = s.rules.units
        opts = s.rules.options
        att, dfn = rnd.att, rnd.dfn
        att_det = any(ut[u.type].detector for u in att)
        def_det = any(ut[u.type].detector for u in dfn)
        # first strike in every round (A&A subs) or in the first N rounds (Global War
        # T 9-1); ``rnd.fs_every``: types that strike first in every round (house rules)
        fsr = int(opts["first_strike_rounds"] or 0)
        fs_on = not fsr or b.round <= fsr
        every = rnd.fs_every
        attack_only = opts["first_strike_attack_only"]  # first strike only when attacking
        fs_att = [
            u for u in att if ut[u.type].first_strike and not def_det and (fs_on or u.type in every)
        ]
        fs_def = [
            u
            for u in dfn
            if ut[u.type].first_strike
            and u.type not in attack_only
            and not att_det
            and (fs_on or u.type in every)
        ]
        if not (fs_att or fs_def or rnd.fixed):
            return
        h_att = rnd.volley(fs_att, "att", general=False)
        h_def = rnd.volley(fs_def, "def", general=False)
        h_def += _roll_fixed(s, rnd.fixed)
        lost_def = rnd.assign(dfn, h_att, "def")
        lost_att = rnd.assign(att, h_def, "att", double=rnd.double)
        rnd.take(lost_def)
        rnd.take(lost_att)
        rnd.report["first_strike"] = [len(h_att), len(h_def)]
        fired = {u.id for u in fs_att} | {u.id for u in fs_def}
        att = [u for u in att if u.id in s.units and u.id not in fired]
        dfn = [u for u in dfn if u.id in s.units and u.id not in fired]
        rnd.att = [s.units[u.id] for u in att]
        rnd.dfn = [s.units[u.id] for u in dfn]
        now_att, now_def = sides(s, b)
        rnd.targets_att = [s.units[u.id] for u in now_att]
        rnd.targets_def = [s.units[u.id] for u in now_def]

    calc_doc = "first strike in rounds 1..first_strike_rounds, cancelled by a detector"

    def calc(self, plan: CalcPlan) -> None:
        opts = plan.rules.options
        plan.first_strike_rounds = int(opts["first_strike_rounds"] or 0)
        plan.first_strike_attack_only = frozenset(opts["first_strike_attack_only"])


class GeneralFire(Step):
    name = "general_fire"
    stage = "round"
    doc = "every other unit of both sides fires (rules-notes/004 §4.3)"

    def run(self, rnd):
        rnd.h_att = rnd.volley(rnd.att, "att")
        rnd.h_def = rnd.volley(rnd.dfn, "def")

    calc_doc = "the hit distribution of every state (Side.fire_pmfs)"

    def calc(self, plan: CalcPlan) -> None:
        note = target_selection_note(
            plan.rules, plan.present(ATTACKER), plan.present(DEFENDER), plan.battle
        )
        if note:
            plan.approximate(note)


class GeneralCasualties(Step):
    name = "general_casualties"
    stage = "round"
    doc = "each side's owner places the hits it took; the losses go after both fired"

    def run(self, rnd):
        lost_def = rnd.assign(rnd.targets_def, rnd.h_att, "def")
        lost_att = rnd.assign(rnd.targets_att, rnd.h_def, "att", double=rnd.double)
        rnd.take(lost_def)
        rnd.take(lost_att)

    calc_doc = "the casualty order of the profile (Side.apply_hits)"

    def calc(self, plan: CalcPlan) -> None:
        plan.absorb_first = bool(plan.rules.options["two_hit_absorb_first"])


class Doomed(Step):
    name = "doomed"
    stage = "round"
    doc = "units hit before round 1 that fired in it are removed (§4.4, §4.5)"
    calc_doc = "the victims of a Volley with victims_fire fire in round 1 (Component.doomed)"

    def run(self, rnd):
        if rnd.doomed:
            s = rnd.s
            for uid in sorted(rnd.doomed):
                u = s.units.get(uid)
                if u is not None:
                    _kill(s, u, "combat")
            rnd.b.doomed = ()


class RoundReport(Step):
    name = "round_report"
    stage = "round"
    doc = "the round's event: hits of each side (and each die in the play mode's log)"

    def run(self, rnd):
        report = rnd.report
        report["hits"] = [len(rnd.h_att) + len(rnd.h_extra), len(rnd.h_def)]
        if rnd.dice is not None:
            report["dice"] = rnd.dice
        rnd.s.event("round", **report)


# ------------------------------------------------------------------ the end
def landings(s: GameState, sea: int, cleared: bool) -> None:
    """After the sea battle in ``sea``: the land units that landed from it while enemy
    warships held it (option ``contested_landing``, issue #23 point 3) go ahead when the
    attacker cleared the zone; otherwise they go back aboard their transport wherever it
    is now, and are lost with it."""
    mine = sorted(u for u in s.landing if s.amph_from.get(u) == sea)
    back, lost = [], []
    for uid in mine:
        tid = s.landing.pop(uid)
        u = s.units.get(uid)
        if u is None or cleared:
            continue
        tr = s.units.get(tid)
        if tr is None:
            _kill(s, u, "combat")
            lost.append(uid)
            continue
        s.move_unit(uid, tr.zone, on=tid, flags=u.flags & ~AMPHIB)
        s.amph_from.pop(uid, None)
        back.append(uid)
    if back or lost:
        s.event("landing_called_off", zone=sea, units=back, lost=lost)


class DoomedUnfought(Step):
    name = "doomed_unfought"
    stage = "closing"
    doc = "units shot down or bombarded before a round 1 that was never fought are removed"
    calc_doc = "as doomed"

    def run(self, rnd):
        b, s = rnd.b, rnd.s
        if b.doomed:
            for uid in b.doomed:
                u = s.units.get(uid)
                if u is not None:
                    _kill(s, u, "combat")
            b.doomed = ()


class Landings(Step):
    name = "landings"
    stage = "end"
    doc = "landings waiting on this sea battle go ahead or back aboard (G40 2E, issue #23)"

    def run(self, rnd):
        s = rnd.s
        if s.landing and s.board.is_sea(rnd.zone):
            landings(s, rnd.zone, cleared=not rnd.dfn)


# ------------------------------------------------------------------ retreats
class PartialAmphibiousRetreat(Step):
    name = "partial_amphibious_retreat"
    stage = "retreat_stay"
    doc = (
        "with units that landed from the sea, aircraft and the units that came over land "
        "may still retreat; the landed ones fight on (G40 2E, issue #23 point 4)"
    )
    option = "partial_amphibious_retreat"

    def run(self, rnd):
        ut = rnd.s.rules.units
        rnd.stay = [u for u in rnd.att if u.flags & AMPHIB and ut[u.type].domain != "air"]


CORE_STEPS: dict[str, Step] = {
    st.name: st
    for st in (
        DefenderSubmerge(),
        CasualtyChoice(),
        FireModes(),
        AAFire(),
        Bombard(),
        FirstStrike(),
        GeneralFire(),
        GeneralCasualties(),
        Doomed(),
        RoundReport(),
        ViolateNeutral(),
        DoomedUnfought(),
        Landings(),
        PartialAmphibiousRetreat(),
    )
}
