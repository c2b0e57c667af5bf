"""The battle as the combat phase's actions: the legal actions (a battle to fight, the
answers to a pending decision, what the ruleset's ``offers`` steps add), applying one,
and the resolver object the phase calls (option ``combat_resolver``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.errors import RulesError
from gamecore.rules.battle.answer import answer
from gamecore.rules.battle.context import Round
from gamecore.rules.battle.core import can_submerge
from gamecore.rules.battle.fire import fire_mode_choices
from gamecore.rules.battle.flow import find_battles, run, start_battle
from gamecore.rules.battle.retreat import defender_retreat_zones, retreat_answers, retreat_zones
from gamecore.rules.battle.steps import stage
from gamecore.rules.battle.units import sides

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


class DiceResolver:
    """The per-unit dice resolver of the battle, as a pluggable object."""

    @staticmethod
    def find_battles(s):
        return find_battles(s)

    @staticmethod
    def combat_actions(s):
        return combat_actions(s)

    @staticmethod
    def apply_combat_action(s, a):
        return apply_combat_action(s, a)


#: combat resolvers by name (ruleset option ``combat_resolver``). A firepower-table
#: resolver (Hitler's Global War) registers here with the same three functions.
RESOLVERS: dict[str, object] = {"dice": DiceResolver}


def register_resolver(name: str, resolver: object) -> None:
    RESOLVERS[name] = resolver


def resolver(s) -> DiceResolver:
    return RESOLVERS[s.rules.options["combat_resolver"]]


def combat_actions(s: GameState) -> list[Action]:
    b = s.battle
    if b is None:
        bombs = [x for x in s.battles if x[1] == "bomb"]
        todo = bombs or s.battles
        if s.landing:
            # a landing from a contested sea zone waits for the sea battle there
            seas = {z for z, k in s.battles if s.board.is_sea(z)}
            held = {
                s.units[u].zone for u in s.landing if u in s.units and s.amph_from.get(u) in seas
            }
            todo = [x for x in todo if x[0] not in held] or todo
        queue = stage(s, "queue")
        if queue:  # the ruleset's order (The War Game: passed zones first, seeds/002 §4.6)
            rnd = Round(s, None)
            rnd.todo = list(todo)
            for st in queue:
                st.run(rnd)
            todo = rnd.todo
        fights = [Action("fight", zone=z, mode=k) for z, k in todo]
        offers = stage(s, "offers")  # what else the phase may do (seeds/003: shelling)
        if not offers:
            return fights
        rnd = Round(s, None)
        for st in offers:
            st.run(rnd)
        if rnd.offers and not fights:
            return [*rnd.offers, Action.end_phase()]
        return fights + rnd.offers
    d = s.decision
    if d is None:
        return []
    if d.kind == "casualties":
        return [Action.casualties(p) for p in s.rules.options["casualty_profiles"]]
    if d.kind == "retreat" and d.about == "att":
        acts = [Action.press()] + [Action.retreat(z) for z in retreat_zones(s, b)]
        if can_submerge(s, b):
            acts.append(Action.submerge())
        return acts + retreat_answers(s, b)
    if d.kind == "retreat":
        return [Action.press()] + [Action.retreat(z) for z in defender_retreat_zones(s, b)]
    if d.kind == "fire_mode":  # seeds/002 "Bomber", "Artillery"
        side, typ = d.about.split(":", 1)
        return [Action("fire_mode", type=typ, mode=m) for m in fire_mode_choices(s, b, side, typ)]
    if d.kind == "submerge":  # the defender's submarines stay or submerge
        return [Action.press(), Action.submerge()]
    if d.kind == "scorch":  # seeds/002 §4.8: the defender reduces its factory, or not
        return [Action.press(), Action("scorch")]
    if d.kind in (
        "scramble",
        "kamikaze",
        "intercept",
    ):  # how many fighters / tokens (about: the most)
        return [Action(d.kind, count=k) for k in range(int(d.about) + 1)]
    return []


#: the most units one ``casualties`` answer may name (one per hit: a battle's hits)
MAX_PICKS = 512


def is_legal_casualties(s: GameState, a: Action, legal: list[Action]) -> bool:
    """A ``casualties`` answer naming the units to take the round's hits (``units``,
    one entry per hit; see :func:`~gamecore.rules.battle.casualties.assign_hits`): legal
    when its profile is one of the legal answers and every unit named is of the deciding
    side, in the battle, named at most once per hit it has left."""
    b, d = s.battle, s.decision
    if b is None or d is None or d.kind != "casualties" or len(a.units) > MAX_PICKS:
        return False
    if Action.casualties(a.profile) not in legal:
        return False
    att, dfn = sides(s, b)
    mine = {u.id: u for u in (att if d.about == "att" else dfn)}
    ut = s.rules.units
    for uid in set(a.units):
        u = mine.get(uid)
        if u is None or a.units.count(uid) > ut[u.type].hits - u.damage:
            return False
    return True


def apply_combat_action(s: GameState, a: Action) -> None:
    b = s.battle
    if a.kind == "fight":
        start_battle(s, a.zone, a.mode)
        return
    if b is None:
        raise RulesError(f"no battle in progress for '{a.kind}'")
    answer(s, b, a)
    if s.battle is b:  # on, or waiting for a decision (the driver answers the policy's)
        run(s)
