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
:class:`gamecore.rules.objectives.ConditionLanguageEvaluator` runs the condition language
of #8 over the game (the bundled rule systems' default); :func:`set_default_evaluator` or
``new_game(..., evaluator=...)`` choose another.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

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


#: the evaluator games use when new_game names none; None: the rule system's own (the
#: condition language for the bundled systems)
_default: ObjectiveEvaluator | None = None


def default_evaluator() -> ObjectiveEvaluator | None:
    return _default


def set_default_evaluator(evaluator: ObjectiveEvaluator | None) -> ObjectiveEvaluator | None:
    """Install the evaluator new games use (None: each rule system's own); returns the
    previous one."""
    global _default
    previous = _default
    _default = evaluator
    return previous
