"""Rulesets as data (docs/architecture.md, Invariant 6).

A ruleset is a TOML file: dice, unit types, facility types, terrain effects, the phase
list, the rule modules and their options, per-nation rules. ``extends = "g40"`` takes
another ruleset and overrides parts of it: tables merge key by key, arrays and scalars
replace, ``remove = true`` in a unit/facility/terrain table deletes that entry.

Every problem is a :class:`RulesetError` naming the file, the key and the reason.

Modules: :mod:`.parts` (the data classes of a ruleset's parts: dice, unit and facility
types, terrain, border effects, nation rules, technologies, optional rules),
:mod:`.loader` (:class:`Ruleset`, loading, ``extends`` merging, option overrides, the
whole-ruleset build), :mod:`.checker` (key-by-key checking and the tables of known keys),
:mod:`.builders` (building each part from its table). Every name stays importable from
here.
"""

from gamecore.engine.ruleset.checker import (
    MAX_MOVEMENT,
    RulesetChecker,
)
from gamecore.engine.ruleset.loader import (
    OPTIONAL_STATUS,
    Ruleset,
    bundled_rulesets,
    check_overrides,
    load_ruleset,
    parse_ruleset,
)
from gamecore.engine.ruleset.parts import (
    DOMAINS,
    TECH_EFFECT_KINDS,
    UNIT_FLAGS,
    BorderEffect,
    DiceExpr,
    FacilityType,
    FireMode,
    NationRules,
    OptionalRule,
    Support,
    TechEffect,
    Technology,
    Terrain,
    UnitType,
)

__all__ = [
    "MAX_MOVEMENT",
    "DOMAINS",
    "RulesetChecker",
    "UNIT_FLAGS",
    "BorderEffect",
    "DiceExpr",
    "FacilityType",
    "FireMode",
    "NationRules",
    "OptionalRule",
    "Ruleset",
    "Support",
    "TECH_EFFECT_KINDS",
    "TechEffect",
    "Technology",
    "Terrain",
    "UnitType",
    "bundled_rulesets",
    "load_ruleset",
    "parse_ruleset",
    "OPTIONAL_STATUS",
    "check_overrides",
]
