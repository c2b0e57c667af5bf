"""The ``hgw`` rule system: Hitler's Global War's Barbarossa rules on the kernel.

Read the package docstring (:mod:`gamecore.hgw`) for the action vocabulary; the rules
and the choices made where the rulebook is silent are in docs/hitlers_global_war.md.
The rules themselves are in the package's modules (state, options, world, armies, sea,
supply, victory, movement, combat, advance, production, turn, describe); this module
puts them together as the :class:`HgwSystem` the kernel plays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamecore.engine.actions import Action
from gamecore.engine.systems import ActionKind, Phase, RuleSystem
from gamecore.hgw.advance import (
    advance_error,
    amph_advance_error,
    announce_legal,
    apply_advance,
    apply_amph_advance,
    apply_attack,
    apply_exploit,
    exploit_error,
    exploitation_exit,
    exploitation_legal,
    initial_enter,
    initial_legal,
)
from gamecore.hgw.combat import (
    apply_assault,
    apply_defend,
    apply_losses,
    assault_error,
    defend_error,
    defend_legal,
    losses_error,
    losses_legal,
)
from gamecore.hgw.describe import describe
from gamecore.hgw.limits import OPTIONS as LIMIT_OPTIONS
from gamecore.hgw.limits import check_limits
from gamecore.hgw.morale import OPTIONS as MORALE_OPTIONS
from gamecore.hgw.morale import check_morale
from gamecore.hgw.morale import combat_end as morale_combat_end
from gamecore.hgw.movement import (
    apply_convert,
    apply_move,
    convert_error,
    move_error,
    movement_exit,
    movement_legal,
)
from gamecore.hgw.options import OPTIONS, check_options
from gamecore.hgw.politics import OPTIONS as POLITICS_OPTIONS
from gamecore.hgw.politics import apply_terms, check_politics, combat_end, terms_error
from gamecore.hgw.production import (
    apply_build,
    apply_lend,
    apply_repair,
    build_error,
    income,
    lend_error,
    production_enter,
    production_exit,
    repair_error,
)
from gamecore.hgw.research import OPTIONS as RESEARCH_OPTIONS
from gamecore.hgw.research import (
    apply_research,
    apply_resolve,
    check_research,
    research_error,
    research_exit,
    research_legal,
)
from gamecore.hgw.sea import apply_invade, invade_error
from gamecore.hgw.sequence import OPTIONS as SEQUENCE_OPTIONS
from gamecore.hgw.sequence import apply_rebase, rebase_error
from gamecore.hgw.state import INF, MECH, SP_TYPES, HgwGameState, HgwState
from gamecore.hgw.strategic import OPTIONS as STRATEGIC_OPTIONS
from gamecore.hgw.strategic import (
    apply_bomb,
    apply_build_air,
    bomb_error,
    build_air_error,
    check_strategic,
    strategic_legal,
)
from gamecore.hgw.supply import supply_check
from gamecore.hgw.turn import begin_turn, setup
from gamecore.hgw.uboats import OPTIONS as UBOAT_OPTIONS
from gamecore.hgw.uboats import (
    apply_build_naval,
    apply_uboat,
    build_naval_error,
    charge_loss,
    check_uboats,
    naval_with_uboats,
    uboat_error,
    with_naval_builds,
)
from gamecore.hgw.victory import end_round, game_end


def _with_decision(
    legal: Callable[[HgwState], list[Action]],
) -> Callable[[HgwState], list[Action]]:
    def wrapped(s: HgwState) -> list[Action]:
        if s.decision is not None and s.decision.kind == "hgw_defend":
            return defend_legal(s)
        if s.decision is not None and s.decision.kind == "hgw_losses":
            return losses_legal(s)
        return legal(s)

    wrapped.__doc__ = legal.__doc__
    return wrapped


def _checked(
    error: Callable[[HgwState, Action], str | None],
) -> Callable[[HgwState, Action, object], bool]:
    def is_legal(s: HgwState, a: Action, legal: object) -> bool:
        return error(s, a) is None

    return is_legal


#: the system's action kinds: (kind, apply, error check or None, doc) (docs/hitlers_global_war.md
#: Action vocabulary)
ACTION_KINDS = (
    ("hgw_move", apply_move, move_error, "units, path (from, to), target: army to join (0 new)"),
    (
        "hgw_invade",
        apply_invade,
        invade_error,
        "units (army), zone: announce an amphibious invasion",
    ),
    (
        "hgw_lend",
        apply_lend,
        lend_error,
        "nation (receiver), count (PP): lend-lease in the production phase",
    ),
    ("hgw_convert", apply_convert, convert_error, "units: amphibious SPs that become infantry"),
    ("hgw_attack", apply_attack, None, "units (army), zone: announce an initial attack"),
    ("hgw_assault", apply_assault, assault_error, "units (armies of one hex), zone"),
    ("hgw_advance", apply_advance, advance_error, "units (army), zone"),
    ("hgw_exploit", apply_exploit, exploit_error, "units (army), zone"),
    (
        "hgw_amph_advance",
        apply_amph_advance,
        amph_advance_error,
        "units (army), zone: an amphibious advance in exploitation",
    ),
    ("hgw_defend", apply_defend, defend_error, "zone, units (armies)"),
    ("hgw_pass", apply_defend, defend_error, "zone: no defensive assault"),
    ("hgw_losses", apply_losses, losses_error, "profile: the SP type lost first (inf, mech)"),
    ("hgw_repair", apply_repair, repair_error, "zone, count (points)"),
    ("hgw_build", apply_build, build_error, "zone, type, count, target (army, 0 new)"),
    (
        "hgw_rebase",
        apply_rebase,
        rebase_error,
        "path (port, new port), count (points): a fleet changes base (Campaign II)",
    ),
    (
        "hgw_research",
        apply_research,
        research_error,
        "type (item), count (1-2 PP): research in the research phase (Campaign II)",
    ),
    ("hgw_resolve", apply_resolve, research_error, "type (item): roll for its research"),
    (
        "hgw_bomb",
        apply_bomb,
        bomb_error,
        "path (the bombers' hex,), zone (target): a bombing raid (Campaign II)",
    ),
    (
        "hgw_build_air",
        apply_build_air,
        build_air_error,
        "type (bomber, escort, air_def), zone, count: strategic air SPs (Campaign II)",
    ),
    (
        "hgw_uboat",
        apply_uboat,
        uboat_error,
        "path (the U-boats' port,), target (route index): a U-boat attack (Campaign II)",
    ),
    (
        "hgw_build_naval",
        apply_build_naval,
        build_naval_error,
        "type (uboat, asw), zone (the port; asw: 0): U-boat or A.S.W. SPs (Campaign II)",
    ),
    (
        "hgw_terms",
        apply_terms,
        terms_error,
        "nation (the surrendering country), count: 1 accept, 0 refuse the offer",
    ),
)


def end_of_combat(s: HgwState) -> None:
    """The end of the side's combat phase: the campaign's alignments and surrenders
    (gamecore.hgw.politics), then the supply check (seeds/001 SUPPLY)."""
    combat_end(s)
    if not s.terminal:
        supply_check(s)
        morale_combat_end(s)  # Campaign II: the combat phase's hexes and the chart


def production_and_losses(s: HgwState) -> None:
    """The production phase's start: income, then what U-boats took (Campaign II)."""
    production_enter(s)
    charge_loss(s)


class HgwSystem(RuleSystem):
    name = "hgw"
    title = (
        "Hitler's Global War: strength points, Firepower and Advance tables, supply (Barbarossa)"
    )
    offered_decisions = ("hgw_defend", "hgw_losses")
    default_decisions = ()

    def __init__(self) -> None:
        super().__init__()
        ph = self.add_phase
        # Campaign Game II's player-turn sequence (gamecore.hgw.sequence): played where a
        # ruleset lists these phases
        ph(Phase("strategic", strategic_legal, doc="strategic bombing, missile launching"))
        ph(Phase("naval", naval_with_uboats, doc="naval movement: U-boats, fleets change bases"))
        ph(
            Phase(
                "movement", movement_legal, exit=movement_exit, doc="regroup through friendly hexes"
            )
        )
        ph(Phase("announce", announce_legal, doc="announce every initial attack"))
        ph(
            Phase(
                "initial",
                _with_decision(initial_legal),
                enter=initial_enter,
                doc="defensive assaults, then assaults and advances",
            )
        )
        ph(
            Phase(
                "exploitation",
                _with_decision(exploitation_legal),
                exit=exploitation_exit,
                doc="armies that advanced attack on, one at a time",
            )
        )
        ph(
            Phase(
                "supply",
                run=end_of_combat,
                doc="alignments and surrenders; unsupplied hexes: armies die, hexes captured",
            )
        )
        ph(
            Phase(
                "production",
                with_naval_builds,
                enter=production_and_losses,
                exit=production_exit,
                doc="repair, build (use it or lose it)",
            )
        )
        ph(
            Phase(
                "research",
                research_legal,
                exit=research_exit,
                doc="research with what is left of the budget (Campaign II)",
            )
        )
        for name, apply, check, doc in ACTION_KINDS:
            self.add_action(ActionKind(name, apply, check and _checked(check), doc=doc))
        self._specs = {
            **super().option_specs(),
            **{
                o.name: o
                for o in (
                    *OPTIONS,
                    *POLITICS_OPTIONS,
                    *LIMIT_OPTIONS,
                    *SEQUENCE_OPTIONS,
                    *RESEARCH_OPTIONS,
                    *STRATEGIC_OPTIONS,
                    *MORALE_OPTIONS,
                    *UBOAT_OPTIONS,
                )
            },
        }

    def option_specs(self):
        return self._specs

    def state_class(self) -> type:
        return HgwGameState

    def check_options(self, checker, opts) -> None:
        check_options(checker, opts)
        check_politics(checker, opts)
        check_limits(checker, opts)
        check_research(checker, opts)
        check_strategic(checker, opts)
        check_morale(checker, opts)
        check_uboats(checker, opts)

    def check_ruleset(self, checker, options, units, facilities, terrain, borders) -> None:
        for t in (*options["hgw_sp_types"], *SP_TYPES):  # amph only where it is built
            if t not in units:
                checker.fail("units", f"the hgw system needs unit type '{t}' ([units.{t}])")

    def setup(self, state: HgwState) -> None:
        setup(state)

    def begin_turn(self, state: HgwState) -> None:
        begin_turn(state)

    def end_round(self, state: HgwState) -> None:
        end_round(state)

    def stalemate(self, state: HgwState) -> None:
        """Nobody can act for a whole round: nothing will change, so the Axis cannot
        win any more (it would have won at once): the Soviets win, as at the end."""
        game_end(
            state,
            "stalemate: no side can act",
            "stalemate: no side can act, the Axis did not win",
        )

    def describe(self, state: HgwState, action: Action) -> str | None:
        return describe(state, action)

    def income(self, state: HgwState, nation: str) -> int:
        return income(state, nation)  # (production traced to supply, seeds/001 PRODUCTION)

    def summary(self, state: HgwState) -> dict[str, Any]:
        sp: dict[str, dict[str, int]] = {}
        for u in state.units.values():
            d = sp.setdefault(u.nation, {INF: 0, MECH: 0})
            d[u.type] = d.get(u.type, 0) + 1
        arm: dict[str, int] = {}
        for army in state.armies.values():
            arm[army.nation] = arm.get(army.nation, 0) + 1
        return {
            "sp": dict(sorted(sp.items())),
            "armies": dict(sorted(arm.items())),
            "hexes": {
                n: len(state.zones_of(n))
                for n in sorted({n for sl in state.board.turn_slots for n in sl})
            },
        }
