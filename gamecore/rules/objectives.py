"""The condition language (:mod:`gamecore.conditions`) as the objective evaluator of the
bundled rule systems: an objective, victory condition or event means the same in a played
game as in the editor and the validator."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamecore.conditions.objectives import ConditionObjectiveEvaluator
from gamecore.engine.objectives import Outcome, _outcome_from
from gamecore.errors import WarroomError
from gamecore.rules.world import GameWorld, static_world

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.model import Objective


class ConditionLanguageEvaluator:
    """The condition language (#8) over the running game. A condition that does not
    compile counts as not met and is reported once in the log (the validator reports it
    before play)."""

    def _impl(self, state: GameState):
        cache = state.board.cache
        impl = cache.get("condition_evaluator")
        if impl is None:
            impl = ConditionObjectiveEvaluator(static_world(state))
            cache["condition_evaluator"] = impl
        return impl

    def _result(self, state: GameState, objective: Objective):
        try:
            return self._impl(state).result(GameWorld(state), objective)
        except WarroomError as err:
            key = f"objective_error:{objective.id}"
            if key not in state.awards:
                state.awards.add(key)
                state.event("objective_error", objective=objective.id, error=str(err))
            return None

    def evaluate(self, state: GameState, objective: Objective) -> bool:
        r = self._result(state, objective)
        return bool(r is not None and r.satisfied)

    def outcome(self, state: GameState, objective: Objective) -> Outcome:
        r = self._result(state, objective)
        if r is None or not r.satisfied:
            return Outcome(False)
        effects = [(e.name, tuple(_plain(a) for a in e.args)) for e in r.effects]
        return _outcome_from(effects)


def _plain(v: Any) -> str:
    include = getattr(v, "include", None)  # a unit filter: the unit types it names
    if include is not None:
        return ",".join(sorted(str(x) for x in include))
    if isinstance(v, (set, frozenset, list, tuple)):
        return ",".join(sorted(str(x) for x in v))
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)
