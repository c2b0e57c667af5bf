"""The War Game WWII's own battle steps (seeds/002, rules-notes/002), next to its other
rules in :mod:`gamecore.rules.wargame`.

Each step is a plain object with the attributes of
:class:`gamecore.rules.battle.context.RoundStep` and works only through the
:class:`~gamecore.rules.battle.context.Round` it is given (fire, assign hits, take losses,
put a decision); the battle's step table lists :data:`STEPS` and runs them where their
``stage`` says. So the War Game brings its battle rules itself, and the shared battle
code never calls into the War Game (nor this module into the battle's; it takes only the
calculator's plan types from :mod:`gamecore.rules.battle.calc`, a module of no rules).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.state import FOUGHT, PASSING
from gamecore.rules import wargame
from gamecore.rules.battle.calc import ATTACKER, DEFENDER, Volley
from gamecore.rules.movement import MoveContext

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.ruleset import Ruleset
    from gamecore.engine.state import GameState, Unit


class _Step:
    name = ""
    stage = ""
    doc = ""
    option = ""  # the ruleset option that switches the rule on
    replaces: tuple[str, ...] = ()

    def applies(self, rules: Ruleset) -> bool:
        return bool(rules.options.get(self.option))

    def __repr__(self) -> str:
        return f"<{self.stage} step {self.name}>"


# ------------------------------------------------------------ neutral invasion (§4.10)
class NeutralInvasion(_Step):
    name = "neutral_invasion"
    stage = "start"
    option = "wg_neutral_invasion"
    doc = "attacking a neutral: a fee, the nearest opponent's risk roll (seeds/002 §4.10)"

    def run(self, rnd):
        s, zone = rnd.s, rnd.zone
        if s.board.is_land(zone) and s.is_neutral_owner(s.owner.get(zone)):
            nations = rnd.nations()
            mine = [u for u in s.units_in(zone) if s.units[u].nation in nations]
            wargame.invade_neutral(s, zone, rnd.nation, mine)


# ------------------------------------------------------------ artillery support (§3)
class SupportFire(_Step):
    name = "support_fire"
    stage = "pre_battle"
    option = "wg_support_shots"
    doc = "artillery next door fires once into the attack (seeds/002 'Artillery')"

    def run(self, rnd):
        """Before round 1's casualties, artillery in neighbouring zones fires once into the
        attack (rules-notes/002 §3, §4.2); the victims are chosen by the defender and
        still fire in round 1 (the casualty line). The guns never become casualties and
        count as having fought."""
        s, b = rnd.s, rnd.b
        if not s.board.is_land(b.zone):
            return
        att, dfn = rnd.sides()
        if not dfn:
            return
        guns = wargame.support_artillery(s, b.zone, rnd.nations())
        if not guns:
            return
        ut = s.rules.units
        det = any(ut[u.type].detector for u in att)
        hits = []
        for u in guns:
            t = ut[u.type]
            for v, cannot in t.dice("attack", u.damage > 0):
                if s.rng.roll(s.rules.dice) <= v:
                    hits.append(rnd.hit(cannot, t.domain, det))
            s.set_unit(u.id, flags=u.flags | FOUGHT)
            s.remember("wg_supported", unit=u.id, zone=b.zone)  # it may follow (noncombat)
        if hits:
            killed, damaged = rnd.assign(dfn, hits, "def", exclude=set(b.doomed))
            for uid, d in damaged.items():
                s.set_unit(uid, damage=d)
            b.doomed = tuple(sorted({*b.doomed, *(u.id for u in killed)}))
        s.event("support_fire", zone=b.zone, units=[u.id for u in guns], hits=len(hits))

    calc_doc = (
        "the guns next door (CalcBattle.support) fire once before round 1; their victims "
        "fire in round 1"
    )

    def calc(self, plan):
        b = plan.battle
        if b.sea or not b.support:
            return
        guns = SupportVolley(plan.rules, b.support)
        if guns.keys > 1:
            plan.approximate("support shots with dice of different targets are placed as one")
        plan.before_round_1.append(guns)


class SupportVolley:
    """The calculator's support shots (a :class:`~gamecore.rules.battle.calc.PreFire`):
    ``guns`` ({unit type: count}) next door fire once at the defender before round 1,
    each die at its unmodified attack, the defender placing the hits; the victims still
    fire in round 1 - as :class:`SupportFire` plays them."""

    firer, target = ATTACKER, DEFENDER

    def __init__(self, rules: Ruleset, guns) -> None:
        dice: dict[int, int] = {}
        cannots = set()
        for tid, n in sorted(guns.items()):
            t = rules.units[tid]
            for v, cannot in t.dice("attack", False):
                dice[v] = dice.get(v, 0) + n
                cannots.add((tuple(cannot), t.domain))
        self.dice = tuple((n, v) for v, n in sorted(dice.items()) if n and v > 0)
        self.cannot, self.domain = min(cannots) if cannots else ((), "land")
        self.keys = len(cannots)

    def volley(self, firing, targets):
        if not self.dice or not any(n for _, n in targets):
            return None
        det = any(t.detector for t, n in firing if n)
        return Volley(self.dice, (self.cannot, self.domain, det), True, pool=True)


# ------------------------------------------------------------ scorched earth (§4.8)
class ScorchDecision(_Step):
    name = "scorch_decision"
    stage = "before_round"
    option = "wg_scorched_earth"
    doc = "the defender may declare it reduces its factory (seeds/002 §4.8)"

    def run(self, rnd):
        s, b = rnd.s, rnd.b
        if (
            "scorch" in s.decisions
            and b.scorch_asked <= b.round
            and wargame.may_scorch(s, b.zone, b.defender)
        ):
            b.scorch_asked = b.round + 1
            rnd.put(b.defender, "scorch", "def")
            return True
        return False


class Scorch(_Step):
    name = "scorch"
    stage = "after_round"
    option = "wg_scorched_earth"
    doc = "the declared factory reduction happens if the defender survived the round (§4.8)"

    def run(self, rnd):
        b = rnd.b
        if b.scorch == b.round:
            if rnd.sides()[1]:  # seeds/002 §4.8: it happens if the defender survives
                wargame.scorch(rnd.s, b.zone)
            b.scorch = 0


# ------------------------------------------------------------ amphibious assaults (§4.5)
class LossOfSurprise(_Step):
    name = "loss_of_surprise"
    stage = "round"
    option = "wg_loss_of_surprise"
    doc = "landers whose bombarding ships had to clear the sea do not fire in round 1 (§4.5)"

    def run(self, rnd):
        s, b = rnd.s, rnd.b
        if b.round == 1 and s.board.is_land(b.zone):
            quiet = wargame.surprise_lost(s, rnd.att)  # they may still be hit
            if quiet:
                rnd.att = [u for u in rnd.att if u.id not in quiet]
                s.event("surprise_lost", zone=b.zone, units=sorted(quiet))

    # Not modelled: which landers stay quiet in round 1 depends on the sea battle fought
    # before this one, and once hits fall a lineup of unit types no longer tells the
    # quiet landers from the others (they may be hit all the same)
    calc_doc = "left out (said): every lander fires in round 1"
    calc_exact = False

    def calc(self, plan):
        b = plan.battle
        if b.amphibious and not b.sea:
            plan.approximate(
                "landers whose bombarding ships had to clear the sea first would not fire "
                "in round 1 (loss of surprise): left out"
            )


class NoteCleared(_Step):
    name = "note_cleared"
    stage = "end"
    option = "wg_loss_of_surprise"
    doc = "a sea battle won for a landing remembers the bombarding ships that fought it (§4.5)"

    def run(self, rnd):
        s = rnd.s
        if s.landing and s.board.is_sea(rnd.zone) and not rnd.dfn:
            wargame.note_cleared(s, rnd.zone, rnd.att)


# ------------------------------------------------------------ submarines
class TransportsNoReturn(_Step):
    name = "subs_before_transports"
    stage = "round"
    option = "wg_transports_no_return"
    replaces = ("general_fire",)
    doc = (
        "at sea, a transport hit by a submarine never fires back: the subs' hits are placed "
        "first (seeds/002 'Submarine'); otherwise the general fire"
    )

    def run(self, rnd):
        s = rnd.s
        ut = s.rules.units
        subs = [u for u in rnd.att if ut[u.type].first_strike]
        if not (
            s.board.is_sea(rnd.zone)
            and subs
            and any(ut[u.type].transport_capacity for u in rnd.dfn)
        ):
            rnd.h_att = rnd.volley(rnd.att, "att")
            rnd.h_def = rnd.volley(rnd.dfn, "def")
            return
        rnd.h_extra = rnd.volley(subs, "att")
        lost = rnd.assign(rnd.targets_def, rnd.h_extra, "def")
        sunk = {u.id for u in lost.killed if ut[u.type].transport_capacity}
        rnd.dfn = [u for u in rnd.dfn if u.id not in sunk]
        rnd.att = [u for u in rnd.att if not ut[u.type].first_strike]
        rnd.h_def = rnd.volley(rnd.dfn, "def")
        rnd.take(lost)
        rnd.targets_def = [s.units[u.id] for u in rnd.sides()[1]]
        rnd.h_att = rnd.volley(rnd.att, "att")

    # Not modelled: the subs' hits make a second exchange inside the round whose victims
    # partly fire back (all but the transports); the calculator's round has a first
    # strike (its victims never fire) and one general exchange
    calc_doc = "the general fire (said when subs attack transports: placed as one fire)"
    calc_exact = False

    def calc(self, plan):
        b = plan.battle
        units = plan.rules.units
        subs = any(units[t].first_strike for t, n in b.attackers.items() if n)
        if b.sea and subs and any(units[t].transport_capacity for t, n in b.defenders.items() if n):
            plan.approximate(
                "the submarines' hits placed first, transports sunk before they fire back: "
                "the calculator places them with the other hits"
            )


def _air_vs_lone_sub(rnd, units, side: str) -> str:
    """seeds/002 "Submarine": aircraft attacking a sub without help roll at half their
    value (option ``wg_air_vs_lone_sub``: "half" rounded down, "half_up") unless a combat
    ship (not a transport) fires with them."""
    if side != "att":
        return ""
    s = rnd.s
    ut = s.rules.units
    enemy = rnd.sides()[1]
    if not enemy or not all(ut[u.type].submerge and ut[u.type].first_strike for u in enemy):
        return ""
    if any(ut[u.type].is_warship for u in units):
        return ""
    return s.rules.options["wg_air_vs_lone_sub"]


class AirVsLoneSub(_Step):
    name = "air_vs_lone_sub"
    stage = "round"
    option = "wg_air_vs_lone_sub"
    doc = "aircraft attacking lone submarines without a combat ship roll at half (seeds/002 'Submarine')"

    def run(self, rnd):
        rnd.halving = _air_vs_lone_sub

    calc_doc = "left out (said)"
    calc_exact = False

    def calc(self, plan):
        units = plan.rules.units
        b = plan.battle
        if any(units[t].domain == "air" for t, n in b.attackers.items() if n) and any(
            units[t].submerge for t, n in b.defenders.items() if n
        ):
            plan.approximate("aircraft attacking submarines alone at half value is left out")


# ------------------------------------------------------------ hostile terrain (§4.9)
class HostileTerrain(_Step):
    name = "hostile_terrain"
    stage = "round"
    option = "wg_hostile_terrain"
    doc = "attackers that crossed a hostile-terrain line and rolled 11-12 are lost (§4.9)"

    def run(self, rnd):
        if rnd.rolled:
            wargame.hostile_combat_losses(rnd.s, rnd.zone, rnd.rolled)


# ------------------------------------------------------------ the defender retreats (§4.4)
class DefenderRetreat(_Step):
    name = "defender_retreat"
    stage = "defender_zones"
    option = "defender_retreat"
    doc = "the defender may retreat to a neighbouring friendly zone free of enemies (§4.4)"

    def run(self, rnd):
        """rules-notes/002 §4.4: from round ``defender_retreat_from_round``, the defender
        may retreat to an adjacent zone friendly to it (land) or free of enemies (sea)."""
        s, b = rnd.s, rnd.b
        if b.round < int(s.rules.options["defender_retreat_from_round"]):
            return
        ctx = MoveContext(s, b.defender, combat=False)
        board = s.board
        if board.is_land(b.zone):
            rnd.zones = [z for z in board.land_nbrs[b.zone] if ctx.status(z) == "F"]
        else:
            rnd.zones = [z for z in board.sea_nbrs[b.zone] if z not in ctx.enemy_any]


class HostileBorders(_Step):
    name = "no_retreat_over_hostile_terrain"
    stage = "retreat"
    option = "wg_hostile_terrain"
    doc = "no retreat across a hostile-terrain line (§4.9)"

    def run(self, rnd):
        s, zone = rnd.s, rnd.zone
        if s.board.is_land(zone):
            rnd.zones = [z for z in rnd.zones if not wargame.hostile_border(s, z, zone)]


class SeaRetreatLimits(_Step):
    name = "sea_retreat_limits"
    stage = "retreat"
    option = "wg_sea_retreat_limits"
    doc = "a defending fleet retreats neither where attacking warships came from nor into a battle (seeds/002 'Retreat')"

    def run(self, rnd):
        s, b = rnd.s, rnd.b
        if rnd.side != "def" or not s.board.is_sea(b.zone):
            return
        # seeds/002 "Retreat" (rules-notes/002 §4.4): not where a remaining attacking
        # combat ship came from, nor a zone that had combat this turn
        ut = s.rules.units
        came = {s.origins.get(u.id) for u in rnd.att if ut[u.type].is_warship}
        fought = {
            h.get("zone")
            for h in s.history
            if h.get("type") == "attacked" and h.get("round") == s.round and h.get("zone") != b.zone
        }
        rnd.zones = [z for z in rnd.zones if z not in came and z not in fought]


# ------------------------------------------------------------ naval pass-through (§4.6)
def _passers(s: GameState, nations, zone: int | None = None) -> list[Unit]:
    """Ships of the attacking ``nations`` passing through ``zone`` (any zone: None)."""
    return [
        u
        for u in s.units.values()
        if u.flags & PASSING
        and u.nation in nations
        and (zone is None or s.origins.get(u.id) == zone)
    ]


def _turn_back(s: GameState, units: list[Unit], zone: int) -> list[Unit]:
    """Failed passers go back into the zone they tried to pass, with their cargo."""
    back = []
    for u in units:
        for cid in [i for i in s.units_in(u.zone) if s.units[i].on == u.id]:
            s.move_unit(cid, zone)
        s.move_unit(u.id, zone, flags=(u.flags & ~PASSING) | FOUGHT)
        back.append(s.units[u.id])
    return back


def unassisted_passes(s: GameState, nations) -> None:
    """seeds/002 §4.6: "part of a fleet fights in sea zone 1 so the rest can go on": ships
    of ``nations`` (attacking together) passing a zone where none of their side attacks
    stay there and fight (a failed pass)."""
    by_zone: dict[int, list[Unit]] = {}
    for u in _passers(s, nations):
        by_zone.setdefault(s.origins[u.id], []).append(u)
    for z, units in sorted(by_zone.items()):
        if not any(
            s.units[i].nation in nations and not s.units[i].flags & PASSING for i in s.units_in(z)
        ):
            _turn_back(s, units, z)
            s.event("pass_through", zone=z, units=[u.id for u in units], passed=False)


class PassesFirst(_Step):
    name = "passed_zones_first"
    stage = "queue"
    option = "wg_pass_through"
    doc = "a zone ships are passing into waits for the zone they pass (§4.6)"

    def run(self, rnd):
        waiting = {u.zone for u in _passers(rnd.s, rnd.nations())}
        rnd.todo = [x for x in rnd.todo if x[0] not in waiting] or rnd.todo


class PassThrough(_Step):
    name = "pass_through"
    stage = "after_round"
    option = "wg_pass_through"
    doc = "after round 1, ships passing through got past, or stay and fire here (§4.6)"

    def run(self, rnd):
        """With no enemy combat ship left in the zone being passed (transports do not stop
        a pass), the passing ships got through; else they stay in this zone and fire their
        round-1 shots here at once."""
        s, b = rnd.s, rnd.b
        if b.round != 1:
            return
        passers = _passers(s, rnd.nations(), b.zone)
        if not passers:
            return
        ut = s.rules.units
        dfn = rnd.sides()[1]
        blocked = any(ut[u.type].is_warship and not ut[u.type].transport_capacity for u in dfn)
        if not blocked:
            for u in passers:
                s.set_unit(u.id, flags=u.flags & ~PASSING)
            s.event("pass_through", zone=b.zone, units=[u.id for u in passers], passed=True)
            return
        back = _turn_back(s, passers, b.zone)
        s.event("pass_through", zone=b.zone, units=[u.id for u in back], passed=False)
        hits = rnd.volley(back, "att")
        if hits:
            rnd.take(rnd.assign(dfn, hits, "def"))


#: the War Game's steps, each placed by its ``stage`` (and ``replaces``) in the battle's
#: table (gamecore.rules.battle.steps)
STEPS = (
    NeutralInvasion(),
    SupportFire(),
    AirVsLoneSub(),
    ScorchDecision(),
    LossOfSurprise(),
    TransportsNoReturn(),
    HostileTerrain(),
    Scorch(),
    PassThrough(),
    NoteCleared(),
    DefenderRetreat(),
    HostileBorders(),
    SeaRetreatLimits(),
    PassesFirst(),
)
