"""The house rules' own battle steps (seeds/003, rules-notes/003, docs/house_rules.md):
submarines strike first in every round (SUBMARINE SPECIAL RULES), river and mountain
crossers are the first casualties (RIVER RULES, MOUNTAIN RULES), a retreating attacker's
units go back where they came from (RETREATING FROM ATTACKS) and ships shell facilities
from the sea (SHORE BOMBARDMENT). Each applies when the ruleset's options
carry its rule (``global_war_house``); so do the attacker's aircraft retreating apart
(RETREATING FROM ATTACKS, an answer to the retreat decision)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.engine.state import FOUGHT, RETREATED
from gamecore.errors import RulesError
from gamecore.rules.battle.context import Step
from gamecore.rules.battle.terrain import border_crossers
from gamecore.rules.battle.units import attacker_retreat_from, sides

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.rules.state import Battle


class SubmarinesEveryRound(Step):
    name = "first_strike_every_round"
    stage = "round"
    doc = "submarines strike first in every round, whatever first_strike_rounds says (seeds/003)"
    option = "first_strike_every_round"

    def run(self, rnd):
        rnd.fs_every = frozenset(rnd.s.rules.options["first_strike_every_round"])

    calc_doc = "these types strike first in every round"

    def calc(self, plan):
        plan.first_strike_every = frozenset(plan.rules.options["first_strike_every_round"])


class CrossersLostFirst(Step):
    name = "border_casualties_first"
    stage = "round"
    doc = "the attacker's land units that crossed a river or mountain border are lost first (seeds/003)"
    option = "border_casualties_first"

    def run(self, rnd):
        s, b = rnd.s, rnd.b
        if not s.board.is_land(b.zone):
            return
        effects = s.rules.options["border_casualties_first"]

        def crossers_first(order):
            # seeds/003 River and Mountain rules: while the effect lasts, the attacker's
            # losses come from the land units that crossed it first
            crossers = border_crossers(s, b.zone, order, effects, b.round)
            return [u for u in order if u.id in crossers]

        rnd.lose_first += (crossers_first,)


class RetreatToOrigins(Step):
    name = "retreat_to_origins"
    stage = "retreat_to"
    doc = "retreating land and naval units each go back where they came from (seeds/003)"
    option = "retreat_to_origins"

    def run(self, rnd):
        # seeds/003 RETREATING FROM ATTACKS: land and naval units "must retreat to any
        # adjacent zone that attackers came from. They do not all need to move to the same
        # location, but all must leave the battle at same time": each goes back where it
        # came from when that is a zone the side may retreat to; the others (and
        # aircraft) go to the zone chosen
        s, b = rnd.s, rnd.b
        ut = s.rules.units
        legal = set(rnd.zones)
        for u in rnd.att:
            o = s.origins.get(u.id)
            if legal and ut[u.type].domain != "air" and o in legal and o != b.zone:
                rnd.where[u.id] = o


def can_air_retreat(s: GameState, b: Battle) -> bool:
    """Seeds/003 RETREATING FROM ATTACKS "AIRCRAFT: May retreat Separate from other unit
    types, in any round instead of rolling, all Aircraft retreat at the same time." (option
    ``air_retreat_apart``): the attacker has aircraft and other units still fighting, and
    may retreat at all this round (``attacker_retreat``, ``attacker_retreat_from_round``)."""
    first = attacker_retreat_from(s.rules)
    if b.kind == "bomb" or first is None or b.round < first:
        return False
    att, dfn = sides(s, b)
    if not dfn:
        return False
    ut = s.rules.units
    air = [u for u in att if ut[u.type].domain == "air"]
    return bool(air) and len(air) < len(att)


def air_retreat(s: GameState, b: Battle) -> None:
    """The attacker's aircraft leave the battle together; the rest fight on. They stay in
    the zone, as aircraft that break off a battle do, and fly to a landing zone "up to
    remaining movement" in non-combat movement."""
    ut = s.rules.units
    air = [u for u in sides(s, b)[0] if ut[u.type].domain == "air"]
    for u in air:
        s.set_unit(u.id, flags=u.flags | RETREATED | FOUGHT)
    s.event("air_retreat", zone=b.zone, nation=b.attacker, units=len(air))


class AirRetreatApart(Step):
    name = "air_retreat_apart"
    stage = "retreat_answers"
    doc = "the attacker's aircraft may retreat together apart from the others (seeds/003)"
    option = "air_retreat_apart"

    def run(self, rnd):
        if can_air_retreat(rnd.s, rnd.b):
            rnd.offers.append(Action("air_retreat"))

    def answer(self, rnd, a):
        air_retreat(rnd.s, rnd.b)


def shell_actions(s: GameState) -> list[Action]:
    """Seeds/003 SHORE BOMBARDMENT "Cruisers and Battleships may Bombard attack an adjacent
    Land zones facilities. This attack may not be intercepted.": one ``shell`` action per
    (sea zone, facility) where the nation to move has ships of the ``shell_facilities``
    types that have not fought this turn, next to a land zone of a nation it is at war
    with whose facility can take more damage."""
    table = s.rules.options["shell_facilities"]
    n = s.current_nation
    fts = s.rules.facility_types
    out = []
    for f in sorted(s.facilities.values(), key=lambda f: f.id):
        ft = fts.get(f.type)
        o = s.owner.get(f.zone)
        if ft is None or not ft.max_damage or f.damage >= ft.max_damage:
            continue
        if o is None or o == n or not s.at_war(n, o):
            continue
        for sz in s.board.coast.get(f.zone, ()):
            ships = tuple(
                uid
                for uid in sorted(s.units_in(sz))
                if s.units[uid].nation == n
                and s.units[uid].type in table
                and not s.units[uid].flags & FOUGHT
            )
            if ships:
                out.append(Action("shell", units=ships, zone=sz, target=f.id))
    return out


def apply_shell(s: GameState, a: Action) -> None:
    """Shell facility ``a.target`` from sea zone ``a.zone`` with ships ``a.units``: each
    rolls a ``shell_die`` (D6), its damage capped at its ``shell_facilities`` value (the
    sheet's "@": Cruiser 2, Battle Cruiser 3, Battleship 4, Heavy Battleship 5); the total
    is added to the facility (at most its ``max_damage``). The ships have fought: they do
    not shell again this turn nor move in non-combat movement."""
    if a not in shell_actions(s):
        raise RulesError(f"cannot shell facility {a.target} from zone {a.zone}")
    table = s.rules.options["shell_facilities"]
    die = int(s.rules.options["shell_die"])
    f = s.facilities[a.target]
    ft = s.rules.facility_types[f.type]
    rolls = []
    for uid in a.units:
        u = s.units[uid]
        rolls.append(min(s.rng.roll(die), int(table[u.type])))
        s.set_unit(uid, flags=u.flags | FOUGHT)
    new = min(ft.max_damage, f.damage + sum(rolls))
    s.facilities[f.id] = f._replace(damage=new)
    s.bump()
    s.event(
        "shelled",
        zone=f.zone,
        facility=f.id,
        by=s.current_nation,
        rolls=rolls,
        damage=new - f.damage,
    )


class ShellFacilities(Step):
    name = "shell_facilities"
    stage = "offers"
    doc = "cruisers and battleships may shell an adjacent enemy facility (seeds/003 SHORE BOMBARDMENT)"
    option = "shell_facilities"

    def run(self, rnd):
        rnd.offers += shell_actions(rnd.s)


STEPS = (
    SubmarinesEveryRound(),
    CrossersLostFirst(),
    AirRetreatApart(),
    RetreatToOrigins(),
    ShellFacilities(),
)
