"""gamecore.rules — rulesets as data (``resources/rulesets/*.toml``) and the rule
mechanisms they parameterise: movement, combat, modifiers, production and income,
control and victory.

``load_ruleset("g40")`` gives a :class:`Ruleset`; ``rs.units["infantry"]`` a
:class:`UnitType`.
"""

from gamecore.rules.ruleset import (
    DEFAULT_OPTIONS,
    DOMAINS,
    KNOWN_PHASES,
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
    "bundled_rulesets",
    "load_ruleset",
    "parse_ruleset",
]
