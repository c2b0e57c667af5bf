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
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from gamecore.errors import RulesError

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.actions import Action
    from gamecore.engine.state import GameState

#: the system of a ruleset that names none
DEFAULT_SYSTEM = "aa"

_SYSTEMS: dict[str, RuleSystem] = {}
_loaded_packages = False


class RuleSystem:
    """Base class of rule systems. Subclasses set :attr:`name` and override the hooks;
    the defaults here are those of a system with no phases and no options."""

    #: the id rulesets name (``[ruleset] system = ...``)
    name: str = ""
    #: one line for ``warroom rules list``
    title: str = ""

    # -- what rulesets of this system may say --------------------------------------
    def phase_names(self) -> tuple[str, ...]:
        """Every phase a ruleset of this system may list (in the default order)."""
        return ()

    def default_options(self) -> dict[str, Any]:
        """Every option this system reads, with its default."""
        return {}

    def check_options(self, checker, options: dict[str, Any]) -> None:
        """Check option values (``checker.fail(key, reason)`` raises a RulesetError that
        names the file and the key)."""

    def check_ruleset(self, checker, options, units, facilities, terrain, borders) -> None:
        """Check what options name against the ruleset's tables."""

    # -- a game of this system -------------------------------------------------------
    def init_state(self, state: GameState) -> None:
        """Set the system's parts of a new game (before the set-up is placed)."""

    def setup(self, state: GameState) -> None:
        """After the scenario's units are placed, before the first turn."""

    def begin(self, state: GameState) -> None:
        """Start the first turn (after the log's start entry)."""

    def legal_actions(self, state: GameState) -> list[Action]:
        raise NotImplementedError

    def is_legal(self, state: GameState, action: Action) -> bool:
        return action in state.legal_actions()

    def apply(self, state: GameState, action: Action) -> None:
        raise NotImplementedError

    def after_apply(self, state: GameState) -> None:
        """After every action: run what needs no decision."""

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
