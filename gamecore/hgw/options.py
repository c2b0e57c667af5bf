"""The hgw system's options (seeds/001: the scenarios' numbers and switches) and their checks."""

from __future__ import annotations

from typing import Any

from gamecore.engine.options import OptionSpec
from gamecore.engine.state import GameState
from gamecore.hgw.tables import ADVANCE, FIREPOWER, check_tables
from gamecore.model.calendar import parse_date


def hgw_option(name: str, type: str, default: Any, doc: str) -> OptionSpec:
    """An option of the hgw system (the modules that read an option declare it)."""
    return OptionSpec(name, type, default, doc=doc, owner="gamecore.hgw")


_o = hgw_option


OPTIONS = (
    _o("hgw_axis", "str", "AXIS", "the Axis nation"),
    _o("hgw_soviet", "str", "SOV", "the Soviet nation"),
    _o(
        "hgw_home",
        "table",
        {"AXIS": ["Germany"], "SOV": ["USSR", "Siberia"]},
        "nation -> its home countries (Zone.region)",
    ),
    _o(
        "hgw_separate",
        "list",
        [],
        "[[nation, nation], ...]: sides that never share hexes even in one alliance",
    ),
    _o(
        "hgw_sea_capacity",
        "table",
        {},
        "nation -> {sea area: SPs a turn through it, -1 unlimited}; none: no sea movement",
    ),
    _o(
        "hgw_sea_supply",
        "table",
        {},
        "nation -> [sea areas it traces supply through without moving SPs there]",
    ),
    _o(
        "hgw_sea_box_limit",
        "table",
        {},
        'nation -> {"box box ...": SPs a turn moved by sea to or from those boxes}',
    ),
    _o(
        "hgw_lend_lease",
        "table",
        {},
        'lend-lease: {from = "ALL", to = "SOV", max = 4, depots = {hex = PP}}; {} none',
    ),
    _o("hgw_invasion_range", "int", 6, "sea hexes an amphibious invasion route may run"),
    _o(
        "hgw_sea_half_rows",
        "int",
        12,
        "a sea route entering a hex of a lower row number costs half a hex (0: off)",
    ),
    _o(
        "hgw_invasion_extension",
        "int",
        12,
        "hexes more per amph SP expended on an invasion route (0: no extension)",
    ),
    _o(
        "hgw_fleets",
        "table",
        {},
        "nation -> {hex: naval fire points}: the fleets at the start (Fleet Naval Fire 1)",
    ),
    _o("hgw_coastal_air", "list", [6, 10], "coastal air fire: [at a hex, at a box (Axis invader)]"),
    OptionSpec(
        "hgw_victory",
        "str",
        "barbarossa",
        choices=("barbarossa", "fall_of_germany", "campaign", "campaign_2p"),
        doc="the victory conditions (rules-notes/001 §2.8; campaign: seeds/001 CAMPAIGN "
        "GAME I VICTORY CONDITIONS, three players or two)",
        owner="gamecore.hgw",
    ),
    OptionSpec(
        "hgw_unsupplied_capture",
        "str",
        "reach",
        choices=("reach", "closest_pp"),
        doc="who takes an unsupplied hex: an opponent tracing supply with an army within 3 "
        "hexes (reach), or the opponent with the closest undevastated PP (closest_pp: Fall "
        "of Germany special rule 4)",
        owner="gamecore.hgw",
    ),
    _o("hgw_soviet_ratio", "list", [2, 3], "Fall of Germany: Soviet PP >= a/b of the Allied"),
    _o(
        "hgw_victory_levels",
        "table",
        {
            "AXIS": [[0, 1], [1, 3, ">"], [1, 1]],
            "SOV": [[1, 2], [1, 1], [3, 2]],
            "ALL": [[1, 1], [3, 2], [2, 1]],
        },
        "campaign: side -> [marginal, substantial, decisive] ratios [a, b] (or [a, b, '>'] "
        "for 'greater than') of its PP to the other two sides' together",
    ),
    _o("hgw_allies", "str", "ALL", "the Western Allies nation"),
    _o("hgw_stacking", "int", 10, "SPs per hex at the end of movement (boxes: no limit)"),
    _o("hgw_max_armies", "int", 12, "armies per side"),
    OptionSpec(
        "hgw_sp_types",
        "list",
        ["inf", "mech"],
        choices=("inf", "mech", "fort", "amph"),
        doc="the SP types a side may build (fort: forts)",
        owner="gamecore.hgw",
    ),
    _o("hgw_max_forts", "int", 7, "fort counters (hexes with forts) per side"),
    _o("hgw_fire_cap", "int", 10, "SPs of a hex that fire in one assault"),
    _o("hgw_repair_cost", "int", 3, "PP per devastated point repaired"),
    _o(
        "hgw_income_modifier", "table", {"AXIS": -17}, "nation -> PP added to its income every turn"
    ),
    _o("hgw_winter", "list", [4, 2, 1], "Russian winter: +N the 1st, 2nd, later winters"),
    _o("hgw_winter_nations", "list", ["AXIS"], "nations the Russian winter hits"),
    _o("hgw_winter_region", "str", "USSR", "the country whose hexes have the Russian winter"),
    _o(
        "hgw_terrain_advance",
        "table",
        {"mountain": 2, "swamp": 1, "desert": -1, "jungle": 1},
        "terrain -> advance roll modifier into it",
    ),
    _o("hgw_moscow_hex", "str", "1144", "Moscow for the Axis victory (the text: 1142 or 1144)"),
    _o("hgw_leningrad_hex", "str", "0942", "Leningrad (Axis victory)"),
    _o("hgw_stalingrad_hex", "str", "1446", "Stalingrad (Axis victory)"),
    _o("hgw_berlin_hex", "str", "1237", "Berlin (Soviet victory)"),
    _o("hgw_siberia_hex", "str", "SIB", "the Siberia box's hex id"),
    _o("hgw_siberia_moves_from", "date", "1941-09", "Siberian SPs may move from this date"),
    _o(
        "hgw_siberia_income",
        "list",
        [["1941-09", 8], ["1943-01", 12]],
        "[[date, PP], ...]: Siberia's production from each date",
    ),
    _o(
        "hgw_firepower",
        "table",
        FIREPOWER,
        "FIREPOWER TABLE: roll 1..7 -> SPs lost at strength 1..10",
    ),
    _o(
        "hgw_advance", "table", ADVANCE, "ADVANCE TABLE: mech 0..10 -> top roll vs friendly, 0..10+"
    ),
)


def opt(s: GameState, name: str) -> Any:
    """The value of the ruleset's (or the scenario's) option ``name``."""
    return s.rules.options[name]


def check_options(checker, opts: dict) -> None:
    """The hgw options' own checks, beyond their types (``checker.fail`` for each fault)."""
    check_tables(checker, opts)
    for key in ("hgw_stacking", "hgw_max_armies", "hgw_fire_cap", "hgw_repair_cost"):
        if opts[key] < 1:
            checker.fail(f"options.{key}", "must be at least 1")
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in opts["hgw_winter"]):
        checker.fail("options.hgw_winter", "must be whole numbers (+N each winter)")
    for key in ("hgw_income_modifier", "hgw_terrain_advance"):
        for k, v in opts[key].items():
            if not isinstance(v, int) or isinstance(v, bool):
                checker.fail(f"options.{key}.{k}", "must be a whole number")
    for i, pair in enumerate(opts["hgw_separate"]):
        if not (
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)
        ):
            checker.fail(f"options.hgw_separate[{i}]", "must be a pair of nation ids")
    for k, v in opts["hgw_sea_capacity"].items():
        if not isinstance(v, dict) or not all(
            isinstance(c, int) and not isinstance(c, bool) and c >= -1 for c in v.values()
        ):
            checker.fail(
                f"options.hgw_sea_capacity.{k}", "must map sea areas to SPs (-1 unlimited)"
            )
    for k, v in opts["hgw_sea_box_limit"].items():
        if not isinstance(v, dict) or not all(
            isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in v.values()
        ):
            checker.fail(f"options.hgw_sea_box_limit.{k}", 'must map "box ..." to SPs')
    for k, v in opts["hgw_sea_supply"].items():
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            checker.fail(f"options.hgw_sea_supply.{k}", "must be a list of sea areas")
    for k, v in opts["hgw_home"].items():
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            checker.fail(f"options.hgw_home.{k}", "must be a list of country names")
    for k, v in opts["hgw_victory_levels"].items():
        if not (
            isinstance(v, list)
            and all(
                isinstance(r, list)
                and len(r) in (2, 3)
                and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in r[:2])
                and r[1] > 0
                and (len(r) == 2 or r[2] == ">")
                for r in v
            )
        ):
            checker.fail(f"options.hgw_victory_levels.{k}", "must be a list of ratios [a, b]")
    for i, item in enumerate(opts["hgw_siberia_income"]):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or parse_date(str(item[0])) is None
            or not isinstance(item[1], int)
        ):
            checker.fail(f"options.hgw_siberia_income[{i}]", "must be [date, PP]")
