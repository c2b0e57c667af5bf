"""The interface national objectives and victory conditions plug into.

The condition language arrives with issue #8. Until then the engine asks an
:class:`ObjectiveEvaluator` whether an :class:`~gamecore.model.Objective` holds:
at the owner's collect-income phase (``kind == "objective"``: its ``effect`` such as
"income +5" is paid) and at every victory check (``kind == "victory"``: its owner wins).

:class:`LiteralEvaluator` understands ``"true"`` and ``"false"`` only; anything else is
treated as not met. #8 registers the real evaluator with :func:`set_default_evaluator`
(or a game is given one in ``new_game(..., evaluator=...)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.model import Objective


@runtime_checkable
class ObjectiveEvaluator(Protocol):
    def evaluate(self, state: GameState, objective: Objective) -> bool: ...


class LiteralEvaluator:
    """``"true"`` holds, ``"false"`` (and every other text, for now) does not."""

    def evaluate(self, state: GameState, objective: Objective) -> bool:
        return (objective.condition or "").strip().lower() == "true"


_default: ObjectiveEvaluator = LiteralEvaluator()


def default_evaluator() -> ObjectiveEvaluator:
    return _default


def set_default_evaluator(evaluator: ObjectiveEvaluator) -> ObjectiveEvaluator:
    """Install the evaluator new games use; returns the previous one."""
    global _default
    previous = _default
    _default = evaluator
    return previous
