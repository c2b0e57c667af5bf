"""The Axis & Allies family as a rule system (``aa``): the system g40 and Global War
1936-1945 (``global_war``) are rulesets of. Its phases, actions, options and the hooks the
kernel calls are the mechanisms of this package (movement, combat, economy, control,
convoys, supply, politics, technologies)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamecore.engine.systems import RuleSystem, register_system
from gamecore.rules import economy, options, phases, tech
from gamecore.rules.objectives import ConditionLanguageEvaluator

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.actions import Action
    from gamecore.engine.state import Fac, GameState


class AASystem(RuleSystem):
    name = "aa"
    title = "Axis & Allies family: g40, Global War 1936-1945 and their variants"

    def phase_names(self) -> tuple[str, ...]:
        return options.KNOWN_PHASES

    def default_options(self) -> dict[str, Any]:
        return options.DEFAULT_OPTIONS

    def check_options(self, checker, opts: dict[str, Any]) -> None:
        options.check_options(checker, opts)

    def check_ruleset(self, checker, opts, units, facilities, terrain, borders) -> None:
        options.check_references(checker, opts, units, facilities, terrain, borders)

    def init_state(self, state: GameState) -> None:
        state.peace_income = economy.initial_peace_income(state)

    def setup(self, state: GameState) -> None:
        tech.start(state)  # seeds/000 §7.7 head starts on the Technology Chart; §15.9 set-up

    def begin(self, state: GameState) -> None:
        phases.begin_turn(state)
        phases.auto_advance(state)

    def legal_actions(self, state: GameState) -> list[Action]:
        return phases.legal_actions(state)

    def is_legal(self, state: GameState, action: Action) -> bool:
        return phases.is_legal(state, action)

    def apply(self, state: GameState, action: Action) -> None:
        phases.apply(state, action)

    def after_apply(self, state: GameState) -> None:
        phases.auto_advance(state)

    def production_capacity(self, state: GameState, facility: Fac) -> int:
        return economy.production_capacity(state, facility)

    def default_evaluator(self):
        return _EVALUATOR


_EVALUATOR = ConditionLanguageEvaluator()
SYSTEM = register_system(AASystem())
