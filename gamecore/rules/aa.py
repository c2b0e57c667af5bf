"""The Axis & Allies family as a rule system (``aa``): the system g40 and Global War
1936-1945 (``global_war``) are rulesets of. Its phases, actions, options and the hooks the
kernel calls are the mechanisms of this package (movement, combat, economy, control,
convoys, supply, politics, technologies)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamecore.engine.options import OptionSpec
from gamecore.engine.systems import ActionKind, Phase, RuleSystem, register_system
from gamecore.engine.turns import END
from gamecore.rules import (
    combat,
    convoy,
    economy,
    movement,
    options,
    patrol,
    phases,
    politics,
    supply,
    tech,
    wargame,
)
from gamecore.rules.objectives import ConditionLanguageEvaluator
from gamecore.rules.play import AAPlay
from gamecore.rules.state import AAState

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.actions import Action
    from gamecore.engine.state import Fac, GameState


class AASystem(RuleSystem):
    name = "aa"
    title = "Axis & Allies family: g40, Global War 1936-1945 and their variants"

    def __init__(self) -> None:
        super().__init__()
        self.set_play_adapter(AAPlay())
        P = self.add_phase
        P(
            Phase(
                "purchase",
                phases.purchase_actions,
                enter=phases.enter_purchase,
                doc="buy units and facilities, research",
            )
        )
        P(Phase("politics", phases.politics_phase_actions, doc="declarations of war"))
        P(
            Phase(
                "combat_move",
                phases.combat_move_actions,
                doc="moves into battle, raids",
                segments=phases.combat_move_segments,
            )
        )
        P(
            Phase(
                "combat",
                phases.combat_actions,
                enter=phases.enter_combat,
                exit=phases.exit_combat,
                doc="convoy raids, then each battle to its end",
            )
        )
        P(
            Phase(
                "noncombat_move",
                phases.noncombat_move_actions,
                exit=phases.exit_noncombat_move,
                doc="moves out of battle; aircraft land",
                segments=phases.noncombat_move_segments,
            )
        )
        P(
            Phase(
                "place",
                phases.place_actions,
                exit=phases.exit_place,
                doc="mobilise what was bought, upgrades, lend-lease",
            )
        )
        P(Phase("collect_income", run=phases.collect_income, doc="collect income"))
        A = self.add_action
        A(ActionKind("buy", economy.apply_buy, phases.is_legal_buy, doc="type, count"))
        A(ActionKind("repair", economy.apply_repair, doc="target: facility id"))
        A(ActionKind("research", tech.apply_research, doc="type: technology"))
        A(ActionKind("advance", economy.apply_advance, doc="target: Production Chart item"))
        A(ActionKind("upgrade", economy.apply_upgrade, doc="units, type"))
        A(ActionKind("raid", convoy.apply_raid, doc="units (one), zone: a convoy raid"))
        A(ActionKind("escort", convoy.apply_escort, doc="units (one), zone: escort duty"))
        A(ActionKind("patrol", patrol.apply_patrol, doc="units (one), zone: air patrol (§8.7)"))
        A(ActionKind("declare_war", phases.apply_declare_war, doc="nation"))
        A(ActionKind("move", movement.apply_move, phases.is_legal_move, doc="units, path"))
        A(
            ActionKind(
                "casualties",
                phases.apply_combat,
                combat.is_legal_casualties,
                doc="profile; units: those to take the round's hits, one entry per hit",
            )
        )
        for k in (
            "fight",
            "press",
            "retreat",
            "submerge",
            "air_retreat",
            "scramble",
            "kamikaze",
            "intercept",
            "fire_mode",
            "scorch",
        ):
            A(ActionKind(k, phases.apply_combat, doc="a battle decision"))
        A(
            ActionKind(
                "shell",
                combat.apply_shell,
                doc="units, zone (sea), target: ships shell a facility (seeds/003)",
            )
        )
        A(ActionKind("place", economy.apply_place, doc="type, zone"))
        A(ActionKind("lend_lease", supply.apply_lend_lease, doc="nation, count or type"))
        A(
            ActionKind(
                "reduce_factory",
                wargame.apply_reduce_factory,
                doc="target: facility id, type: what it becomes ('': scrapped) (seeds/002)",
            )
        )

    # -- rulesets ------------------------------------------------------------------
    def option_specs(self) -> dict[str, OptionSpec]:
        return options.SPECS

    def default_options(self) -> dict[str, Any]:
        return options.DEFAULT_OPTIONS

    def check_options(self, checker, opts: dict[str, Any]) -> None:
        options.check_options(checker, opts)

    def check_ruleset(self, checker, opts, units, facilities, terrain, borders) -> None:
        options.check_references(checker, opts, units, facilities, terrain, borders)

    # -- a game --------------------------------------------------------------------
    offered_decisions = (
        "retreat",
        "casualties",
        "scramble",
        "kamikaze",
        "intercept",
        "submerge",
        "fire_mode",
        "scorch",
    )
    default_decisions = ("retreat",)

    def state_class(self) -> type:
        return AAState

    def setup(self, state: GameState) -> None:
        tech.start(state)  # seeds/000 §7.7 head starts on the Technology Chart; §15.9 set-up

    def legal_actions(self, state: GameState) -> list[Action]:
        if phases.surrendered_now(state):
            return [END]  # seeds/000 §9.22: a surrendered nation does nothing
        return super().legal_actions(state)

    def legal_segments(self, state: GameState) -> list[list[Action]]:
        if phases.surrendered_now(state):
            return [[END]]
        return super().legal_segments(state)

    def together(self, state: GameState) -> bool:
        return phases.together(state)

    def begin_turn(self, state: GameState) -> None:
        phases.begin_turn(state)

    def end_turn(self, state: GameState, nation: str) -> None:
        phases.end_turn(state, nation)

    def phase_started(self, state: GameState) -> None:
        politics.on_phase(state, state.phase, "phase_start")

    def phase_ended(self, state: GameState, nation: str, phase: str) -> None:
        politics.on_phase(state, phase, "phase_end", nation)

    def end_round(self, state: GameState) -> None:
        phases.end_round(state)

    def stalemate(self, state: GameState) -> None:
        phases.stalemate(state)

    def summary(self, state: GameState) -> dict[str, Any]:
        techs = tech.developed_by_nation(state)
        return {"technologies": techs} if techs else {}  # seeds/000 §7.8 (Global War)

    def production_capacity(self, state: GameState, facility: Fac) -> int:
        return economy.production_capacity(state, facility)

    def default_evaluator(self):
        return _EVALUATOR


_EVALUATOR = ConditionLanguageEvaluator()
SYSTEM = register_system(AASystem())
