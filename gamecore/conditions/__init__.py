"""The condition language of objectives, victory conditions and events.

Parsed into an AST and compiled to closures (never ``eval``); names are checked against
the map and scenario with line/column errors. See ``docs/conditions.md``.
"""

from gamecore.conditions.evaluator import (
    Compiled,
    Effect,
    compile_effects,
    compile_expression,
    evaluate,
)
from gamecore.conditions.objectives import (
    ConditionObjectiveEvaluator,
    ObjectiveResult,
    check_objective,
    compile_objective,
    evaluate_objective,
    rules_to_objectives,
)
from gamecore.conditions.parser import parse_effects, parse_expression, parse_rules
from gamecore.conditions.world import ScenarioWorld, World, classify_units

__all__ = [
    "Compiled",
    "ConditionObjectiveEvaluator",
    "Effect",
    "ObjectiveResult",
    "ScenarioWorld",
    "World",
    "check_objective",
    "classify_units",
    "compile_effects",
    "compile_expression",
    "compile_objective",
    "evaluate",
    "evaluate_objective",
    "parse_effects",
    "parse_expression",
    "parse_rules",
    "rules_to_objectives",
]
