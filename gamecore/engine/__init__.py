"""gamecore.engine — the kernel: the core game state, actions, pending decisions, the
sequence of play, the event log and replay, and the registry of rule systems
(:mod:`gamecore.engine.systems`); it imports no rule system (docs/rule-systems.md).

The agent interface of docs/architecture.md ("The game core"): ``new_game`` gives a
:class:`GameState` with ``legal_actions()``, ``apply(action)``, ``clone()``,
``is_terminal()``, ``returns()`` and a JSON-able ``log`` that :func:`replay` turns back into
the same state.
"""

from gamecore.engine.actions import Action
from gamecore.engine.board import Board, build_board
from gamecore.engine.bots import RandomBot, make_bots, play
from gamecore.engine.decisions import Decision
from gamecore.engine.game import new_game, read_log, replay, write_log
from gamecore.engine.objectives import (
    LiteralEvaluator,
    ObjectiveEvaluator,
    default_evaluator,
    set_default_evaluator,
)
from gamecore.engine.options import OptionSpec
from gamecore.engine.parts import Part
from gamecore.engine.state import Fac, GameState, Unit, state_class
from gamecore.engine.systems import ActionKind, Phase, RuleSystem, get_system, register_system

__all__ = [
    "Action",
    "ActionKind",
    "Decision",
    "OptionSpec",
    "Part",
    "Phase",
    "RuleSystem",
    "get_system",
    "register_system",
    "state_class",
    "Board",
    "Fac",
    "GameState",
    "LiteralEvaluator",
    "ObjectiveEvaluator",
    "RandomBot",
    "Unit",
    "build_board",
    "default_evaluator",
    "make_bots",
    "new_game",
    "play",
    "read_log",
    "replay",
    "set_default_evaluator",
    "write_log",
]
