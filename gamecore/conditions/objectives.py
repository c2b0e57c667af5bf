"""Objectives, victory conditions and events written in the condition language.

An :class:`~gamecore.model.Objective` stores its ``condition`` (a boolean expression) and
its ``effect`` (a comma-separated list such as ``income(5)``, ``vp(1)``,
``place_units(FRA, France, budget=12)``; ``income +5`` is shorthand). Rule blocks
(``objective ID "name" { owner: … when: … if: … bonus: … }``) are a convenient way to
write many of them at once; :func:`rules_to_objectives` turns blocks into objectives.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gamecore.conditions.evaluator import Compiled, Effect, compile_effects, compile_expression
from gamecore.conditions.parser import Node, parse_rules
from gamecore.errors import ConditionError
from gamecore.model import Objective

_BLOCK_KIND = {
    "objective": "objective",
    "victory": "victory",
    "token": "victory",
    "event": "event",
    "trigger": "event",
    "gate": "event",
}


def rules_to_objectives(text: str) -> list[Objective]:
    """Parse rule blocks into :class:`Objective` records (syntax errors carry line/column)."""
    out = []
    for block in parse_rules(text):
        t = block.texts
        parts = [f"({t[k]})" for k in ("when", "if") if k in t]
        condition = " and ".join(parts) if parts else "true"
        effects = []
        if "bonus" in t:
            effects.append(f"income({t['bonus']})")
        if "vp" in t:
            effects.append(f"vp({t['vp']})")
        if "effect" in t:
            effects.append(t["effect"])
        once_node = block.fields.get("once")
        once = bool(getattr(once_node, "value", False))
        props = {}
        for k in ("check", "phase", "nation"):  # phase, nation: of check phase_start/_end
            if k in t:
                props[k] = t[k]
        out.append(
            Objective(
                id=block.id,
                name=block.name,
                kind=_BLOCK_KIND[block.kind],
                owner=t.get("owner") or t.get("side"),
                condition=condition,
                effect=", ".join(effects),
                once=once,
                props=props,
            )
        )
    return out


@dataclass
class CompiledObjective:
    objective: Objective
    condition: Compiled
    effects: list = field(default_factory=list)


@dataclass
class ObjectiveResult:
    satisfied: bool
    effects: list[Effect]

    @property
    def income(self) -> float:
        return sum(e.args[0] for e in self.effects if e.name == "income")

    @property
    def vp(self) -> float:
        return sum(e.args[0] for e in self.effects if e.name == "vp")


def compile_objective(obj: Objective, scope) -> CompiledObjective:
    """Compile condition and effects; errors name the objective and the field."""
    try:
        cond = compile_expression(obj.condition or "true", scope, "bool")
    except ConditionError as err:
        raise ConditionError(
            f"objective {obj.id!r} condition: {err.reason}", err.line, err.column
        ) from None
    try:
        effects = compile_effects(obj.effect, scope)
    except ConditionError as err:
        raise ConditionError(
            f"objective {obj.id!r} effect: {err.reason}", err.line, err.column
        ) from None
    return CompiledObjective(obj, cond, effects)


def _owner_env(world, owner: str | None) -> dict:
    if owner is None:
        return {}
    from gamecore.conditions.evaluator import _owner_nations

    return {"self": _owner_nations(world, owner)}


def evaluate_objective(obj: Objective | CompiledObjective, world) -> ObjectiveResult:
    """Whether the objective holds in ``world`` and, if so, its evaluated effects."""
    compiled = obj if isinstance(obj, CompiledObjective) else compile_objective(obj, world)
    owner = compiled.objective.owner
    env = _owner_env(world, owner)
    if not compiled.condition.fn(world, env):
        return ObjectiveResult(False, [])
    return ObjectiveResult(True, [eff(world, env) for eff in compiled.effects])


def check_objective(obj: Objective, scope) -> list[ConditionError]:
    """Static errors of an objective (syntax, unknown names), empty when it is fine."""
    try:
        compile_objective(obj, scope)
    except ConditionError as err:
        return [err]
    return []


class ConditionObjectiveEvaluator:
    """The evaluator the engine plugs in for a game: caches compiled objectives."""

    def __init__(self, scope):
        self.scope = scope
        self._cache: dict[str, CompiledObjective] = {}

    def compiled(self, obj: Objective) -> CompiledObjective:
        c = self._cache.get(obj.id)
        if c is None or c.objective != obj:
            c = compile_objective(obj, self.scope)
            self._cache[obj.id] = c
        return c

    def evaluate(self, world, obj: Objective) -> bool:
        return evaluate_objective(self.compiled(obj), world).satisfied

    def result(self, world, obj: Objective) -> ObjectiveResult:
        return evaluate_objective(self.compiled(obj), world)


__all__ = [
    "CompiledObjective",
    "ConditionObjectiveEvaluator",
    "Node",
    "ObjectiveResult",
    "check_objective",
    "compile_objective",
    "evaluate_objective",
    "rules_to_objectives",
]
