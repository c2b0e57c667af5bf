"""The options of the Axis & Allies family's rule system (``aa``): the typed options its
mechanisms declare (each module's ``OPTIONS``, the board's ``BOARD_OPTIONS``), and the
checks the specs cannot make alone."""

from __future__ import annotations

from typing import Any

from gamecore.engine.options import BOARD_OPTIONS, OptionSpec, specs_by_name
from gamecore.rules import (
    combat,
    control,
    convoy,
    economy,
    modifiers,
    movement,
    neutral_war,
    patrol,
    phases,
    politics,
    supply,
    tech,
    variable_end,
    wargame,
)
from gamecore.rules.combat import RESOLVERS
from gamecore.rules.modifiers import POLICIES

#: options only the scenario checks read (gamecore.validate.checks_gw)
VALIDATION_OPTIONS = (
    OptionSpec(
        "facility_levels",
        "bool",
        True,
        doc="facilities have levels (false: Global War, rules-notes/000 §1.11; check GW006)",
        owner="gamecore.validate.checks_gw",
    ),
    OptionSpec(
        "objective_cities",
        "list",
        [],
        doc="the names of the Objective Cities the map must have (Global War §3.2; check GW008)",
        owner="gamecore.validate.checks_gw",
    ),
)

#: every option the system's mechanisms read, declared by the module that reads it
SPECS: dict[str, OptionSpec] = specs_by_name(
    BOARD_OPTIONS,
    VALIDATION_OPTIONS,
    combat.OPTIONS,
    modifiers.OPTIONS,
    control.OPTIONS,
    economy.OPTIONS,
    phases.OPTIONS,
    movement.OPTIONS,
    politics.OPTIONS,
    neutral_war.OPTIONS,
    supply.OPTIONS,
    tech.OPTIONS,
    convoy.OPTIONS,
    patrol.OPTIONS,
    wargame.OPTIONS,
    variable_end.OPTIONS,
)
#: option -> default, for every ruleset of the system
DEFAULT_OPTIONS: dict[str, Any] = {name: spec.default for name, spec in SPECS.items()}

#: the system's phases (gamecore.rules.phases implements each), in their default order
KNOWN_PHASES = (
    "purchase",
    "politics",
    "combat_move",
    "combat",
    "noncombat_move",
    "place",
    "collect_income",
)


def check_options(c, o: dict) -> None:
    """What the option specs cannot say alone (``c.fail(key, reason)`` names file and key):
    registries that plug-ins extend, and the shape of tables."""
    if o.get("combat_resolver") not in RESOLVERS:
        c.fail(
            "options.combat_resolver",
            f"unknown resolver {o.get('combat_resolver')!r} (known: {', '.join(RESOLVERS)})",
        )
    if o.get("modifier_policy") not in POLICIES:
        c.fail(
            "options.modifier_policy",
            f"must be one of {', '.join(POLICIES)}, not {o.get('modifier_policy')!r}",
        )
    tracks = o.get("tech_tracks")
    if not isinstance(tracks, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in tracks.items()
    ):
        c.fail("options.tech_tracks", "must be a table of nation = nation")
    # seeds/003 (HR) die tables: rows of [up to roll, outcome], rising
    table = o.get("neutral_victim_table") or {}
    for side, row in table.items():
        _check_rows(c, f"options.neutral_victim_table.{side}", row, o.get("neutral_victim_die"))
    fate = o.get("minor_navy_fate") or []
    if fate:
        _check_rows(c, "options.minor_navy_fate", fate, o.get("minor_navy_fate_die"))
        for _, who in fate:
            if who not in ("attacker", "scuttled", "controller"):
                c.fail(
                    "options.minor_navy_fate", f"{who!r} is not attacker, scuttled or controller"
                )
    profiles = o.get("casualty_profiles")
    if not isinstance(profiles, list) or not profiles:
        c.fail("options.casualty_profiles", "must be a non-empty list")


def check_references(c, options, units, facilities, terrain, borders) -> None:
    """Options that name terrain, unit types and facility types of the ruleset."""

    # Global War combat options naming terrain, unit types and facility types
    for k in ("city_terrain", "surrounded_city_terrain"):
        v = options.get(k)
        if not isinstance(v, str) or (v and v not in terrain):
            c.fail(f"options.{k}", f"no [terrain.{v}] table")
    for k, known, what in (
        ("amphibious_double_exempt", units, "unit type"),
        ("city_supply_facilities", facilities, "facility type"),
        ("fortified_lines_fall", borders, "[borders.*] table"),
    ):
        v = options.get(k)
        if not isinstance(v, list):
            c.fail(f"options.{k}", "must be a list")
        for x in v:
            if x not in known:
                c.fail(f"options.{k}", f"unknown {what} {x!r}")
    for x in options.get("border_casualties_first") or []:
        if x not in borders and x not in terrain:
            c.fail("options.border_casualties_first", f"no [borders.{x}] or [terrain.{x}] table")
    if not isinstance(options.get("amphibious_first_round"), list):
        c.fail("options.amphibious_first_round", "must be a list")
    # earmarked money (issue #22): purposes name unit types; income names purposes
    marks = options.get("earmarks") or {}
    for purpose, types in marks.items():
        if not isinstance(types, list) or not types:
            c.fail(f"options.earmarks.{purpose}", "must be a list of unit types")
        for x in types:
            if x not in units:
                c.fail(f"options.earmarks.{purpose}", f"unknown unit type {x!r}")
    for nation, row in (options.get("earmarked_income") or {}).items():
        if not isinstance(row, dict):
            c.fail(f"options.earmarked_income.{nation}", "must be a table of purpose = amount")
        for purpose, amount in row.items():
            if purpose not in marks:
                c.fail(
                    f"options.earmarked_income.{nation}",
                    f"no earmark {purpose!r} in options.earmarks",
                )
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                c.fail(
                    f"options.earmarked_income.{nation}.{purpose}", "must be a whole amount >= 0"
                )


def _check_rows(c, key: str, rows, die) -> None:
    """A die table: a list of [up to roll, outcome] whose numbers rise and end at the die."""
    ok = (
        isinstance(rows, list)
        and rows
        and all(
            isinstance(r, list)
            and len(r) == 2
            and isinstance(r[0], int)
            and not isinstance(r[0], bool)
            and isinstance(r[1], str)
            for r in rows
        )
    )
    if not ok:
        c.fail(key, "must be a list of [up to roll, outcome] pairs")
        return
    tops = [r[0] for r in rows]
    if tops != sorted(set(tops)) or tops[0] < 1 or tops[-1] != die:
        c.fail(key, f"the numbers must rise and end at the die ({die}), not {tops}")
