"""gamecore.rules — the rule systems registered with the kernel (gamecore.engine.systems).

Today one system, ``aa`` (:mod:`gamecore.rules.aa`): the Axis & Allies family that g40 and
Global War 1936-1945 are rulesets of, with its mechanisms (movement, combat, modifiers,
production and income, control and victory, convoys, supply, politics, technologies).

Rulesets themselves are data read by the kernel (:mod:`gamecore.engine.ruleset`),
re-exported here: ``load_ruleset("g40")`` gives a :class:`Ruleset`;
``rs.units["infantry"]`` a :class:`UnitType`.
"""

from gamecore.engine.ruleset import (
    DOMAINS,
    UNIT_FLAGS,
    DiceExpr,
    FacilityType,
    NationRules,
    Ruleset,
    Support,
    Terrain,
    UnitType,
    bundled_rulesets,
    load_ruleset,
    parse_ruleset,
)
from gamecore.rules import aa
from gamecore.rules.options import DEFAULT_OPTIONS, KNOWN_PHASES

__all__ = [
    "DEFAULT_OPTIONS",
    "DOMAINS",
    "KNOWN_PHASES",
    "UNIT_FLAGS",
    "DiceExpr",
    "FacilityType",
    "NationRules",
    "Ruleset",
    "Support",
    "Terrain",
    "UnitType",
    "aa",
    "bundled_rulesets",
    "load_ruleset",
    "parse_ruleset",
]
