"""What taking a zone is worth to a nation's national objectives (the heuristic bot's
"go for objectives", issue #24).

A nation's objectives are read through the condition language, never by parsing a map
format: the zones an objective *names* are the zone sets in its condition and effect (the
arguments of ``controls``, ``units``, ``count``, ... and the sources of comprehensions,
evaluated on the game). For each such land zone not held by the nation's side (or held
by a friend whose zones the nation takes over by entering them), the worth is what the
objective would pay the nation at its next collect income if the side took it together
with the other named zones it lacks, minus what it pays without that one zone (so each
zone of an "all of" objective is worth the whole bonus, each zone of a "per territory"
one its share); an objective that pays now and would not if the nation took the zone
("does not control") makes it worth that much less (a negative worth: better left
alone). Taking a zone only changes its owner in that reckoning:
a condition that also needs units standing there, or a war that is not declared yet,
gives nothing, as it would at income.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from gamecore.conditions.evaluator import EFFECTS, SIGNATURES, Compiler, Zones
from gamecore.conditions.objectives import ConditionObjectiveEvaluator, _owner_env
from gamecore.conditions.parser import Call, Comprehension, Node, parse_effects, parse_expression
from gamecore.errors import WarroomError
from gamecore.rules.control import may_take_over
from gamecore.rules.world import GameWorld, static_world

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.model import Objective


class _Taken(GameWorld):
    """The game, but with some zones owned by someone else (a hypothetical capture)."""

    def __init__(self, state: GameState, taken: dict[int, str]):
        super().__init__(state)
        self._taken = taken

    def owner(self, zone: int) -> str | None:
        return self._taken.get(zone) or self.state.owner.get(zone)


def _zone_nodes(node: Node, out: list[Node]) -> None:
    """Every sub-expression of ``node`` that the language reads as a set of zones."""
    if isinstance(node, Comprehension):
        out.append(node.source)
    if isinstance(node, Call):
        sig = SIGNATURES.get(node.fn)
        params = sig[0] if sig else EFFECTS.get(node.fn, ((), {}))[0]
        kwparams = sig[2] if sig else EFFECTS.get(node.fn, ((), {}))[1]
        for i, arg in enumerate(node.args):
            p = params[min(i, len(params) - 1)] if params else ""
            kind = p.rstrip("?*")
            if kind in ("zones", "zone") or (kind == "comp" and not isinstance(arg, Comprehension)):
                out.append(arg)
        for key, value in node.kwargs:
            if kwparams.get(key) in ("zones", "zone"):
                out.append(value)
    if dataclasses.is_dataclass(node):
        for f in dataclasses.fields(node):
            v = getattr(node, f.name)
            for child in v if isinstance(v, tuple) else (v,):
                if isinstance(child, tuple):  # kwargs: (name, node)
                    child = child[-1]
                if isinstance(child, Node):
                    _zone_nodes(child, out)


def named_zones(objective: Objective, world) -> frozenset[int]:
    """The zones ``objective`` names, on ``world`` (a zone set that depends on a
    comprehension's variable, e.g. ``adjacent(t)``, is left out)."""
    nodes: list[Node] = []
    try:
        _zone_nodes(parse_expression(objective.condition or "true"), nodes)
        for eff in parse_effects(objective.effect or ""):
            _zone_nodes(eff, nodes)
    except WarroomError:
        return frozenset()
    compiler = Compiler(world)
    env = _owner_env(world, objective.owner)
    out: set[int] = set()
    for n in nodes:
        try:
            v = compiler.compile(n, "zones", set())(world, env)
        except (WarroomError, KeyError):
            continue
        if isinstance(v, Zones | frozenset | set):
            out.update(v)
    return frozenset(out)


def _evaluator(state: GameState) -> ConditionObjectiveEvaluator:
    cache = state.board.cache
    impl = cache.get("condition_evaluator")  # the one the engine's evaluator caches
    if impl is None:
        impl = ConditionObjectiveEvaluator(static_world(state))
        cache["condition_evaluator"] = impl
    return impl


def objective_zone_values(state: GameState, nation: str) -> dict[int, float]:
    """Zone -> the income ``nation``'s national objectives would gain from taking it, plus
    (when the game sets the option ``vp_worth``) that many times the victory points its
    side's victory objectives not yet won would gain (3G40's victory tokens)."""
    objectives = [
        o
        for o in state.scenario.objectives.values()
        if o.kind == "objective"
        and o.owner == nation
        and o.props.get("check", "collect_income") == "collect_income"
        and not (o.once and f"objective:{o.id}" in state.awards)
    ]
    out = zone_gains(state, nation, objectives, lambda r: float(r.income))
    worth = float(state.rules.options.get("vp_worth") or 0)
    if worth > 0:
        victories = open_victories(state, nation, "vp(")
        gains = zone_gains(state, nation, victories, lambda r: worth * float(r.vp), alone=True)
        for z, v in gains.items():
            out[z] = out.get(z, 0.0) + v
    return out


def open_victories(state: GameState, nation: str, effect: str) -> list[Objective]:
    """The scenario's victory objectives of the nation or its side whose effect names
    ``effect`` (``vp(``, ``declare_winner``) and that may still be awarded."""
    side = state.side_of(nation)
    return [
        o
        for o in state.scenario.objectives.values()
        if o.kind == "victory"
        and o.owner in (nation, side)
        and effect in (o.effect or "")
        and not (o.once and f"victory:{o.id}" in state.awards)
    ]


def zone_gains(
    state: GameState, nation: str, objectives, gain_of, alone: bool = False
) -> dict[int, float]:
    """Zone -> what ``gain_of`` (of an objective's result) the objectives would gain if
    ``nation`` took it together with the other named zones its side lacks (``alone``:
    or, if more, by taking it alone)."""
    if not objectives:
        return {}
    impl = _evaluator(state)
    b = state.board
    friends = state.friends(nation)
    base_world = GameWorld(state)
    out: dict[int, float] = {}
    for obj in objectives:
        try:
            zones = named_zones(obj, base_world)
        except WarroomError:
            continue
        missing = sorted(
            z
            for z in zones
            if b.is_land(z)
            and z not in b.impassable
            and (state.owner.get(z) not in friends or may_take_over(state, nation, z))
        )
        if not missing:
            continue

        def pays(taken: dict[int, str], obj=obj) -> float:
            try:
                r = impl.result(_Taken(state, taken), obj)
            except WarroomError:
                return 0.0
            return gain_of(r) if r.satisfied else 0.0

        every = {z: nation for z in missing}
        full = pays(every)
        now = pays({})
        if now > 0:
            # an objective that pays now and stops paying if we take the zone ("does
            # not control": Global 1940's Japanese trade with America and French
            # Indo-China): the zone is worth that much less
            for z in missing:
                loss = now - pays({z: nation})
                if loss > 0:
                    out[z] = out.get(z, 0.0) - loss
        if full <= 0:
            continue
        for z in missing:
            gain = full - pays({x: nation for x in missing if x != z})
            if alone:
                # an "any of" condition (3G40's Supremacy: Washington and/or San
                # Francisco): each zone wins it by itself, though none is missed when
                # the others are taken
                gain = max(gain, pays({z: nation}) - now)
            if gain > 0:
                out[z] = out.get(z, 0.0) + gain
    return out
