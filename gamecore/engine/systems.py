"""The rule-system registry: the kernel's one door for rules.

A :class:`RuleSystem` is what a family of rules adds to the kernel (python-chess's
variants, OpenSpiel's games): its phases, its action kinds, its options, the parts of the
game state it keeps, and the hooks the kernel calls while a game runs. A ruleset file
names its system (``[ruleset] system = "aa"``; the Axis & Allies family when it names none)
and :func:`gamecore.engine.new_game` plays it through that system.

The engine imports no rule system. Systems register themselves (:func:`register_system`)
when their package is imported; the packages bundled with Warroom are listed in
``gamecore.RULE_SYSTEM_PACKAGES`` (the application's configuration, like a web
framework's installed apps) and imported the first time a system is looked up by name.

A system brings its own parts, and the layers above the kernel ask it for them, so no
table of systems stands outside its package: its validator checks
(:meth:`RuleSystem.validator_checks`), its bots (:meth:`RuleSystem.bots`), its income
(:meth:`RuleSystem.income`), its play-mode adapter (:meth:`RuleSystem.play_adapter`,
:mod:`gamecore.engine.playview`) and its New Map wizard layouts
(:meth:`RuleSystem.new_map_layouts`, :mod:`gamecore.engine.newmap`). A system's package
plugs them in when it registers the system (``add_check``, ``add_bot``, ...).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamecore.engine import turns
from gamecore.engine.actions import Action
from gamecore.engine.newmap import NewMapLayout
from gamecore.engine.options import BOARD_OPTIONS, OptionSpec
from gamecore.engine.playview import PlayAdapter
from gamecore.engine.state import GameState
from gamecore.errors import RulesError

END = Action.end_phase()


@dataclass(frozen=True)
class Phase:
    """A phase of a system's sequence of play, registered by name.

    ``legal(state)`` gives the actions the current player may take (``end_phase``
    included when the phase may end); a phase without ``legal`` is automatic: ``run``
    does its work and it ends by itself. ``enter(state)`` runs when the phase begins,
    ``exit(state, nation)`` when it ends (``nation``: whose phase it was). ``segments``,
    when given, is ``legal`` as a list of lists whose concatenation is ``legal(state)``
    (parts kept between calls: :mod:`gamecore.engine.legal`)."""

    name: str
    legal: Callable[[GameState], list[Action]] | None = None
    run: Callable[[GameState], None] | None = None
    enter: Callable[[GameState], None] | None = None
    exit: Callable[[GameState, str], None] | None = None
    doc: str = ""
    segments: Callable[[GameState], list[list[Action]]] | None = None

    @property
    def automatic(self) -> bool:
        return self.legal is None


@dataclass(frozen=True)
class ActionKind:
    """An action kind, registered by name: ``apply(state, action)`` does it;
    ``is_legal(state, action, legal)`` may accept an action that is not literally in the
    legal list (a move of any subset of the units a listed move names)."""

    name: str
    apply: Callable[[GameState, Action], None]
    is_legal: Callable[[GameState, Action, list[Action]], bool] | None = None
    doc: str = ""


@dataclass(frozen=True)
class SystemCheck:
    """A validator check a system brings: ``fn(ctx)`` yields issues
    (``ctx.issue(code, message, ...)``, :mod:`gamecore.validate`) and runs once per
    scenario whose ruleset the system plays."""

    code: str
    severity: str
    title: str
    fn: Callable[[Any], Any]


_SYSTEMS: dict[str, RuleSystem] = {}
_loaded_packages = False


class RuleSystem:
    """Base class of rule systems. A subclass sets :attr:`name`, registers its phases
    (:meth:`add_phase`) and action kinds (:meth:`add_action`) and overrides the hooks it
    needs; the kernel (:mod:`gamecore.engine.turns`) runs the sequence of play: a ruleset's
    phase list in order, for each nation of each turn slot, round after round."""

    #: the id rulesets name (``[ruleset] system = ...``)
    name: str = ""
    #: one line for ``warroom rules list``
    title: str = ""

    def __init__(self) -> None:
        self.phases: dict[str, Phase] = {}
        self.actions: dict[str, ActionKind] = {}
        self.add_action(
            ActionKind("end_phase", lambda s, a: turns.end_phase(s), doc="end the phase")
        )
        self._checks: dict[str, SystemCheck] = {}
        self._bots: dict[str, Callable[[int], Any]] = {}
        self._play: PlayAdapter = PlayAdapter()
        self._layouts: dict[str, NewMapLayout] = {}

    def add_phase(self, phase: Phase) -> Phase:
        if phase.name in self.phases:
            raise ValueError(f"system '{self.name}': phase '{phase.name}' registered twice")
        self.phases[phase.name] = phase
        return phase

    def add_action(self, kind: ActionKind) -> ActionKind:
        if kind.name in self.actions and kind.name != "end_phase":
            raise ValueError(f"system '{self.name}': action kind '{kind.name}' registered twice")
        self.actions[kind.name] = kind
        return kind

    # -- the parts the layers above the kernel ask for ---------------------------------
    def add_check(self, check: SystemCheck) -> SystemCheck:
        """Make the validator run ``check`` on this system's scenarios."""
        old = self._checks.get(check.code)
        if old is not None and old != check:
            raise ValueError(f"system '{self.name}': check {check.code} registered twice")
        self._checks[check.code] = check
        return check

    def validator_checks(self) -> tuple[SystemCheck, ...]:
        """The checks the validator runs on scenarios whose ruleset this system plays."""
        return tuple(self._checks.values())

    def add_bot(self, name: str, factory: Callable[[int], Any]) -> None:
        """Make bot ``name`` (a bot spec's word) play this system's games with
        ``factory(seed)``: it stands in for a bot of that name the simulator provides."""
        self._bots[name] = factory

    def bots(self) -> dict[str, Callable[[int], Any]]:
        """The system's own bots: name -> factory(seed) -> bot."""
        return dict(self._bots)

    def income(self, state: GameState, nation: str) -> int:
        """What ``nation`` would collect now (the playtest's income): the value of the
        zones it holds, unless the system counts its own."""
        return state.territory_income(nation)

    def set_play_adapter(self, adapter: PlayAdapter) -> PlayAdapter:
        self._play = adapter
        return adapter

    def play_adapter(self) -> PlayAdapter:
        """How the editor's play mode shows and clicks this system's games."""
        return self._play

    def add_new_map_layout(self, layout: NewMapLayout) -> NewMapLayout:
        self._layouts[layout.key] = layout
        return layout

    def new_map_layouts(self) -> tuple[NewMapLayout, ...]:
        """The hex layouts this system adds to the New Map wizard."""
        return tuple(self._layouts.values())

    # -- what rulesets of this system may say --------------------------------------
    def phase_names(self) -> tuple[str, ...]:
        """Every phase a ruleset of this system may list (in the default order)."""
        return tuple(self.phases)

    def option_specs(self) -> dict[str, OptionSpec]:
        """Every option this system reads (:class:`~gamecore.engine.options.OptionSpec`):
        the board's (the kernel reads them for every system) and the system's own."""
        return {o.name: o for o in BOARD_OPTIONS}

    def default_options(self) -> dict[str, Any]:
        """Every option this system reads, with its default."""
        cached = self.__dict__.get("_defaults")
        if cached is None:
            cached = self._defaults = {n: o.default for n, o in self.option_specs().items()}
        return cached

    def check_options(self, checker, options: dict[str, Any]) -> None:
        """Check option values (``checker.fail(key, reason)`` raises a RulesetError that
        names the file and the key)."""

    def check_ruleset(self, checker, options, units, facilities, terrain, borders) -> None:
        """Check what options name against the ruleset's tables."""

    # -- a game of this system -------------------------------------------------------
    #: the decisions a game may offer as actions (``new_game(decisions=...)``); the rest
    #: follow the system's default policies
    offered_decisions: tuple[str, ...] = ()
    #: those offered when ``new_game`` names none
    default_decisions: tuple[str, ...] = ()

    def state_class(self) -> type:
        """The GameState class of this system's games (the core one plus its parts:
        :func:`gamecore.engine.parts.state_class`)."""
        return GameState

    def init_state(self, state: GameState) -> None:
        """Set the system's parts of a new game (before the set-up is placed): each
        part's declared initial value."""
        for p in type(state).PARTS:
            setattr(state, p.name, p.new(state))

    def setup(self, state: GameState) -> None:
        """After the scenario's units are placed, before the first turn."""

    def begin(self, state: GameState) -> None:
        """Start the first turn (after the log's start entry)."""
        turns.begin_turn(state)
        turns.auto_advance(state)

    def legal_actions(self, state: GameState) -> list[Action]:
        ph = self.phases.get(state.phase)
        if ph is None or ph.legal is None:
            return [END]
        return ph.legal(state)

    def legal_segments(self, state: GameState) -> list[list[Action]]:
        """:meth:`legal_actions` as lists to read one after the other (a phase's
        ``segments`` when it has them). A system that overrides :meth:`legal_actions`
        overrides this too."""
        ph = self.phases.get(state.phase)
        if ph is not None and ph.segments is not None:
            return ph.segments(state)
        return [self.legal_actions(state)]

    def is_legal(self, state: GameState, action: Action) -> bool:
        legal = state.legal_actions()
        if action in legal:
            return True
        kind = self.actions.get(action.kind)
        return (
            kind is not None and kind.is_legal is not None and kind.is_legal(state, action, legal)
        )

    def apply(self, state: GameState, action: Action) -> None:
        kind = self.actions.get(action.kind)
        if kind is None:
            raise RulesError(f"unknown action kind '{action.kind}'")
        kind.apply(state, action)

    def after_apply(self, state: GameState) -> None:
        """After every action: run the phases that need no decision."""
        turns.auto_advance(state)

    # -- the sequence of play's hooks (gamecore.engine.turns) ---------------------------
    def together(self, state: GameState) -> bool:
        """Whether the nations of a turn slot play it phase by phase (else each takes
        its whole turn in order)."""
        return False

    def begin_turn(self, state: GameState) -> None:
        """A nation's (or a slot's) turn begins."""

    def end_turn(self, state: GameState, nation: str) -> None:
        """After the last phase of ``nation``'s turn."""

    def phase_started(self, state: GameState) -> None:
        """A phase of the current nation begins (after its ``enter``)."""

    def phase_ended(self, state: GameState, nation: str, phase: str) -> None:
        """A phase of ``nation`` ended (after its ``exit``, before the turn's end)."""

    def end_round(self, state: GameState) -> None:
        """After the last turn slot of a round (the round number is not yet advanced)."""
        if state.max_rounds is not None and state.round >= state.max_rounds:
            state.terminal = True
            state.end_reason = "round limit"

    def stalemate(self, state: GameState) -> None:
        """Nobody could act for a whole round of turns."""
        state.terminal = True
        state.end_reason = "stalemate: no nation can act"

    def describe(self, state: GameState, action: Action) -> str | None:
        """One line naming ``action`` for a person (the play mode's action list), or None
        for the play mode's own wording."""
        return None

    def summary(self, state: GameState) -> dict[str, Any]:
        """Facts about a game beyond the core's, for ``warroom play`` (JSON-able)."""
        return {}

    def production_capacity(self, state: GameState, facility) -> int:
        return 0

    def default_evaluator(self):
        """The objective evaluator of a game that names none (None: literal)."""
        return None

    def __repr__(self) -> str:
        return f"<RuleSystem {self.name}>"


def register_system(system: RuleSystem) -> RuleSystem:
    """Make ``system`` playable by name; returns it. A name registered twice must be the
    same object (re-importing a module must not swap a system under running games)."""
    if not system.name:
        raise ValueError("a rule system needs a name")
    old = _SYSTEMS.get(system.name)
    if old is not None and old is not system and type(old) is not type(system):
        raise ValueError(f"rule system '{system.name}' is registered already")
    _SYSTEMS[system.name] = system
    return system


def _load_bundled() -> None:
    global _loaded_packages
    if _loaded_packages:
        return
    _loaded_packages = True
    import gamecore

    for pkg in getattr(gamecore, "RULE_SYSTEM_PACKAGES", ()):
        importlib.import_module(pkg)


def get_system(name: str) -> RuleSystem:
    """The registered system ``name`` (:class:`RulesError` naming the known ones)."""
    s = _SYSTEMS.get(name)
    if s is None:
        _load_bundled()
        s = _SYSTEMS.get(name)
    if s is None:
        known = ", ".join(sorted(_SYSTEMS)) or "none"
        raise RulesError(f"unknown rule system '{name}' (known: {known})")
    return s


def systems() -> dict[str, RuleSystem]:
    """Every registered system by name (the bundled ones included)."""
    _load_bundled()
    return dict(sorted(_SYSTEMS.items()))
