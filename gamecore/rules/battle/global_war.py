"""Global War 1936-1945's own battle steps (seeds/000; rules-notes/000 §4.4, §4.9): air
superiority (T 9-1), the fortifications' and the Maginot Line's first-strike dice and
double casualties (§12.7, §1.23, §9.2), the attacker's AA guns (§12.2), artillery that
struck first still supporting its paired infantry (§12.2), coastal artillery (§9.9,
§12.9), amphibious hold-outs in round 1, their double casualties and their losses first
(§9.8), desert breakdown (§1.9). Each applies when the ruleset's options or data carry
its rule; the A&A defaults
leave them all out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.state import AMPHIB, ASSAULT, FOUGHT, RETREATED
from gamecore.rules.battle.before import AAVolley, aa_fire, coastal_fire
from gamecore.rules.battle.calc import ATTACKER, DEFENDER
from gamecore.rules.battle.context import Step
from gamecore.rules.battle.terrain import (
    amphibious_doubles,
    border_first_strike,
    city_terrain,
    double_casualty_units,
    first_strike_key,
)
from gamecore.rules.battle.units import _is_of, _kill, sides
from gamecore.rules.movement import MoveContext

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.rules.state import Battle


def release_waiting(s: GameState, b: Battle) -> None:
    """After round 1 of an amphibious assault (§9.8): the held-out land units join if an
    amphibious unit of the first-round classes survived; otherwise they go back aboard a
    transport of theirs in the sea zone they landed from (a choice), or are lost when none
    is left there."""
    ut = s.rules.units
    first = s.rules.options.get("amphibious_first_round") or ()
    held, b.waiting = b.waiting, ()
    att, _ = sides(s, b)
    if any(u.flags & AMPHIB and _is_of(ut[u.type], first) for u in att):
        s.event("amphibious_join", zone=b.zone, units=list(held))
        return
    back, lost = [], []
    for uid in held:
        u = s.units.get(uid)
        if u is None:
            continue
        sea = s.amph_from.get(uid)
        ship = None
        if sea is not None:
            ship = next(
                (
                    x
                    for x in s.units_in(sea)
                    if s.units[x].nation == u.nation and ut[s.units[x].type].transport_capacity
                ),
                None,
            )
        if ship is None:
            _kill(s, u, "combat")
            lost.append(uid)
            continue
        s.move_unit(uid, sea, on=ship, flags=(u.flags & ~AMPHIB) | RETREATED | FOUGHT)
        s.amph_from.pop(uid, None)
        back.append(uid)
    s.event("amphibious_back", zone=b.zone, units=back, lost=lost)


def _breakdowns(s: GameState, b: Battle, rolled: dict[int, int]) -> None:
    """§1.9 desert breakdown: attackers whose roll reached the ``breakdown`` number of a
    terrain that applies to them (the zone's, or border terrain they crossed this round)
    leave the battle for the friendly land zone they attacked from (a choice: the rulebook
    says "must retreat"; a unit that came from the sea stays and fights on)."""
    rules = s.rules
    zone = b.zone
    zone_ter = [s.board.terrain[zone]]
    extra = city_terrain(s, zone)
    if extra:
        zone_ter.append(extra)
    bt_on = b.round <= int(rules.options["border_terrain_rounds"])
    ctx = None
    gone = []
    for uid in sorted(rolled):
        u = s.units.get(uid)
        if u is None or u.zone != zone:
            continue
        o = s.origins.get(uid)
        names = list(zone_ter)
        if bt_on and o is not None:
            names += sorted(s.board.border_terrain.get((zone, o), ()))
        t = rules.units[u.type]
        broke = False
        for name in names:
            ter = rules.terrain_of(name)
            if ter.breakdown and rolled[uid] >= ter.breakdown and _is_of(t, ter.breakdown_of):
                broke = True
                break
        if not broke or o is None or o == zone or not s.board.is_land(o):
            continue
        if ctx is None:
            ctx = MoveContext(s, b.attacker, combat=False)
        if ctx.status(o) != "F":
            continue
        s.move_unit(uid, o, flags=u.flags | RETREATED | FOUGHT)
        gone.append(uid)
    if gone:
        s.event("breakdown", zone=zone, units=gone)


class AirSuperiority(Step):
    name = "air_superiority"
    stage = "round"
    doc = "hits of air-superiority units go to enemy aircraft first in the first rounds (T 9-1)"
    calc_doc = "the hits of air-superiority units prefer aircraft in rounds 1..N (Side.as_rounds)"
    option = "air_superiority_rounds"

    def run(self, rnd):
        rnd.sup = rnd.b.round <= int(rnd.s.rules.options["air_superiority_rounds"])

    def calc(self, plan):
        plan.air_superiority_rounds = int(plan.rules.options["air_superiority_rounds"])


class BorderDice(Step):
    name = "border_dice"
    stage = "round"
    doc = "fortifications and the Maginot Line roll the defender's first-strike dice (§12.7, §1.23)"

    def applies(self, rules):
        return bool(rules.borders)

    def run(self, rnd):
        if rnd.s.board.is_land(rnd.zone):
            rnd.fixed = border_first_strike(rnd.s, rnd.b, rnd.att)

    calc_doc = "the first-strike dice of the borders crossed, each effect once, for its rounds"

    def calc(self, plan):
        if plan.battle.sea:
            return
        effects = plan.rules.borders
        for name in sorted(set(plan.battle.borders)):
            e = effects.get(name)
            if e is None or not e.first_strike_rolls:
                continue
            die = (e.first_strike_value, first_strike_key(e), e.rounds or 10**9)
            plan.first_strike_dice += [die] * e.first_strike_rolls


class BorderDoubles(Step):
    name = "border_doubles"
    stage = "round"
    doc = "attackers that crossed a double-casualty border lose two per hit (§9.2, §1.23)"

    def applies(self, rules):
        return bool(rules.borders)

    def run(self, rnd):
        rnd.double = double_casualty_units(rnd.s, rnd.b, rnd.att)

    calc_doc = "double casualties of the borders crossed; every attacker crossed them"

    def calc(self, plan):
        if plan.battle.sea:
            return
        effects = plan.rules.borders
        doms: set[str] = set()
        rounds = 0
        for name in plan.battle.borders:
            e = effects.get(name)
            if e is not None and e.double_casualties:
                doms.update(e.double_casualties)
                rounds = max(rounds, e.rounds or 10**9)
        plan.double = (tuple(sorted(doms)), rounds)


class AmphibiousDoubles(Step):
    name = "amphibious_doubles"
    stage = "round"
    doc = "amphibious land units take double casualties in the first rounds (§9.8)"
    option = "amphibious_double_casualties"

    def run(self, rnd):
        rnd.double = rnd.double | amphibious_doubles(rnd.s, rnd.b, rnd.att)

    calc_doc = "left out (said)"
    calc_exact = False

    def calc(self, plan):
        if plan.battle.amphibious and not plan.battle.sea:
            plan.approximate("amphibious double casualties (§9.2) left out")


def _amphibious_first(order: list) -> list:
    return [u for u in order if u.flags & AMPHIB]


class AmphibiousLostFirst(Step):
    name = "amphibious_casualties_first"
    stage = "round"
    doc = "with land-side attackers in the battle, amphibious units are lost first (§9.8)"
    option = "amphibious_casualties_first"

    def run(self, rnd):
        rnd.lose_first += (_amphibious_first,)


def first_strikers_support(rules) -> bool:
    """Does a unit type of ``rules`` both strike first and support others (Global War
    §12.2 artillery)? Then its support is counted from the units alive in the battle,
    not only from those firing in the same volley."""
    return any(t.first_strike and t.support for t in rules.units.values())


class SupportAfterFirstStrike(Step):
    name = "support_after_first_strike"
    stage = "round"
    doc = (
        "artillery that struck first still gives its paired infantry +1 in the general fire (§12.2)"
    )

    def applies(self, rules):
        return first_strikers_support(rules)

    calc_doc = "support offered by every unit present (CalcPlan.support_from_all)"

    def calc(self, plan):
        plan.support_from_all = True

    def run(self, rnd):
        # seeds/000 §12.2 Artillery: "Artillery has first strike capability. The Attacking
        # player may pair infantry-class units on a 1:1 basis to give the paired unit a
        # +1 Attack bonus." The pairing holds while the artillery is in the battle: an
        # artillery that fired first (and lived) still supports; one killed by the
        # enemy's first strike supports nobody. targets_*: the side's units alive now.
        rnd.supporters = {"att": rnd.targets_att, "def": rnd.targets_def}


class Breakdown(Step):
    name = "breakdown"
    stage = "round"
    doc = "attackers rolling the desert's breakdown number leave the battle (§1.9)"

    def applies(self, rules):
        return any(t.breakdown for t in rules.terrain.values())

    def run(self, rnd):
        if rnd.rolled:
            _breakdowns(rnd.s, rnd.b, rnd.rolled)

    calc_doc = "left out (said)"
    calc_exact = False

    def calc(self, plan):
        b = plan.battle
        for name in (b.terrain, *b.border_terrain):
            ter = plan.rules.terrain_of(name) if name else None
            if ter is None or not ter.breakdown:
                continue
            hit = [t.id for t in plan.present(ATTACKER) if _is_of(t, ter.breakdown_of)]
            if hit:
                plan.approximate(
                    f"{name} breakdown (a roll of {ter.breakdown}+ sends the unit away) left "
                    "out: " + ", ".join(hit)
                )


class AttackerAAFire(Step):
    name = "attacker_aa_fire"
    stage = "pre_battle"
    doc = "the attacker's AA guns fire at the defending aircraft too (§12.2)"

    def applies(self, rules):
        return bool(rules.options.get("aa_fire") and rules.options.get("aa_fire_attacker"))

    def run(self, rnd):
        s, b = rnd.s, rnd.b
        if not rnd.aa_fired:
            return
        att, dfn = sides(s, b)
        if att and dfn:
            doom = bool(s.rules.options.get("aa_victims_fire"))
            aa_fire(s, b, dfn, att, attacking_guns=True, doom=doom)

    calc_doc = "the attacker's AA fire at the defender's aircraft, after the defender's"

    def calc(self, plan):
        if plan.battle.aa:
            victims = bool(plan.rules.options["aa_victims_fire"])
            plan.before_round_1.append(AAVolley(ATTACKER, DEFENDER, victims))


def _coastal_guns(rules) -> bool:
    return any(ft.coastal_shots and ft.coastal_value for ft in rules.facility_types.values())


class CoastalFire(Step):
    name = "coastal_fire"
    stage = "pre_battle"
    doc = "coastal artillery fires at the ships of an invasion, with the bombardment (§9.9, §12.9)"

    def applies(self, rules):
        return _coastal_guns(rules)

    def run(self, rnd):
        if rnd.s.board.is_land(rnd.zone):
            rnd.coastal = coastal_fire(rnd.s, rnd.b)


class CoastalLosses(Step):
    name = "coastal_losses"
    stage = "pre_battle"
    doc = "the ships hit by coastal artillery are lost (fired at the same time as the bombardment)"

    def applies(self, rules):
        return _coastal_guns(rules)

    def run(self, rnd):
        if rnd.coastal:
            rnd.take(rnd.coastal)


class AmphibiousHoldOut(Step):
    name = "amphibious_hold_out"
    stage = "pre_battle"
    doc = "only aircraft and the first-round classes attack from the sea in round 1 (§9.8)"
    option = "amphibious_first_round"

    def run(self, rnd):
        s, b = rnd.s, rnd.b
        if not s.board.is_land(b.zone):
            return
        first = s.rules.options["amphibious_first_round"]
        ut = s.rules.units
        b.waiting = tuple(
            sorted(
                u.id
                for u in sides(s, b)[0]
                if u.flags & AMPHIB
                and not u.flags & ASSAULT  # any land unit attacks from an Attack Transport
                and ut[u.type].domain == "land"
                and not _is_of(ut[u.type], first)
            )
        )

    calc_doc = "every land unit fights from round 1 (said)"
    calc_exact = False

    def calc(self, plan):
        if plan.battle.amphibious and not plan.battle.sea:
            plan.approximate(
                "amphibious round 1 (only some classes attack, the rest join in round 2) "
                "left out: every land unit fights from round 1"
            )


class ReleaseWaiting(Step):
    name = "release_waiting"
    stage = "after_round"
    doc = "after round 1 the held-out units join, or go back aboard (§9.8)"
    option = "amphibious_first_round"

    def run(self, rnd):
        if rnd.b.waiting:
            release_waiting(rnd.s, rnd.b)


class ReleaseWaitingAtEnd(ReleaseWaiting):
    name = "release_waiting_at_end"
    stage = "closing"
    doc = "a battle over before round 1 ended releases its held-out units too (§9.8)"
