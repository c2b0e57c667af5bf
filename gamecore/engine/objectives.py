"""The interface national objectives and victory conditions plug into.

The engine asks an :class:`ObjectiveEvaluator` whether an
:class:`~gamecore.model.Objective` holds, and what it gives:

- ``kind == "objective"``: at its owner's collect-income phase; effects ``income(N)``
  (or ``income +N``) are paid;
- ``kind == "objective"`` with ``props["check"] == "purchase"``: at the owner's purchase
  phase; ``allow_purchase(NATION, type)`` widens what the nation may buy;
- ``kind == "victory"``: at every victory check (after each battle, each turn, each
  round; ``props["check"] == "game_end"``: when the round limit is reached). ``vp(N)``
  awards victory points (3G40 tokens, once), ``declare_winner(SIDE)`` ends the game,
  and a victory condition with no effect makes its owner win.

Evaluators: :class:`LiteralEvaluator` knows the conditions ``"true"`` and ``"false"``;
:class:`ConditionLanguageEvaluator` runs the condition language of #8
(:mod:`gamecore.conditions`) over the game through :class:`~gamecore.engine.world.GameWorld`.
The default is the condition language when it is installed; :func:`set_default_evaluator`
or ``new_game(..., evaluator=...)`` choose another.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from gamecore.errors import WarroomError

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.model import Objective


@runtime_checkable
class ObjectiveEvaluator(Protocol):
    def evaluate(self, state: GameState, objective: Objective) -> bool: ...


@dataclass
class Outcome:
    """What a satisfied objective gives."""

    met: bool
    income: int = 0
    vp: int = 0
    winner: str | None = None
    effects: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)


_CALL = re.compile(r"^\s*([A-Za-z_]\w*)\s*\((.*)\)\s*$")
_SHORT = re.compile(r"^\s*(income|vp)\s*([+-]?\s*\d+)\s*$")


def parse_effects(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """``"income +5, vp(1), declare_winner(allies)"`` -> [(name, args)] (literal args)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    depth = 0
    part = ""
    parts = []
    for ch in text or "":
        if ch == "," and depth == 0:
            parts.append(part)
            part = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        part += ch
    parts.append(part)
    for p in parts:
        if not p.strip():
            continue
        m = _SHORT.match(p)
        if m:
            out.append((m.group(1), (m.group(2).replace(" ", ""),)))
            continue
        m = _CALL.match(p)
        if m:
            args = tuple(a.strip() for a in m.group(2).split(",") if a.strip())
            out.append((m.group(1), args))
        else:
            out.append((p.strip(), ()))
    return out


def _outcome_from(effects: list[tuple[str, tuple[str, ...]]]) -> Outcome:
    out = Outcome(True, effects=effects)
    for name, args in effects:
        try:
            if name == "income" and args:
                out.income += int(float(args[0]))
            elif name == "vp" and args:
                out.vp += int(float(args[0]))
            elif name == "declare_winner" and args:
                out.winner = args[0]
        except ValueError:
            continue
    return out


class LiteralEvaluator:
    """``"true"`` holds, ``"false"`` (and every other text) does not; effects are read
    literally (``income +5``, ``income(5)``, ``vp(1)``, ``declare_winner(axis)``)."""

    def evaluate(self, state: GameState, objective: Objective) -> bool:
        return (objective.condition or "").strip().lower() == "true"

    def outcome(self, state: GameState, objective: Objective) -> Outcome:
        if not self.evaluate(state, objective):
            return Outcome(False)
        return _outcome_from(parse_effects(objective.effect))


class ConditionLanguageEvaluator:
    """The condition language (#8) over the running game. A condition that does not
    compile counts as not met and is reported once in the log (the validator reports it
    before play)."""

    def _impl(self, state: GameState):
        cache = state.board.cache
        impl = cache.get("condition_evaluator")
        if impl is None:
            from gamecore.conditions.objectives import ConditionObjectiveEvaluator
            from gamecore.engine.world import static_world

            impl = ConditionObjectiveEvaluator(static_world(state))
            cache["condition_evaluator"] = impl
        return impl

    def _result(self, state: GameState, objective: Objective):
        from gamecore.engine.world import GameWorld

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


def outcome(state: GameState, objective: Objective) -> Outcome:
    """Ask the game's evaluator (any object with ``evaluate``; ``outcome`` when it has
    one, else effects are read literally)."""
    ev = state.evaluator
    fn = getattr(ev, "outcome", None)
    if fn is not None:
        return fn(state, objective)
    if not ev.evaluate(state, objective):
        return Outcome(False)
    return _outcome_from(parse_effects(objective.effect))


def _initial_default() -> ObjectiveEvaluator:
    try:
        import gamecore.conditions.objectives  # noqa: F401
    except ImportError:  # pragma: no cover - the condition language is not installed
        return LiteralEvaluator()
    return ConditionLanguageEvaluator()


_default: ObjectiveEvaluator = _initial_default()


def default_evaluator() -> ObjectiveEvaluator:
    return _default


def set_default_evaluator(evaluator: ObjectiveEvaluator) -> ObjectiveEvaluator:
    """Install the evaluator new games use; returns the previous one."""
    global _default
    previous = _default
    _default = evaluator
    return previous
