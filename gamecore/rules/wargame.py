"""The War Game: World War II (Jeff Stein, seeds/002) as a ruleset of the ``aa`` system:
the mechanisms the A&A family did not have, each switched on by an option of
``resources/rulesets/war_game.toml`` and off (inert) in every other ruleset.

rules-notes/002_war_game_ww2.md §2-§4 summarise the rules; docs/war_game_rules.md says
how each is done here and what is not done."""

from __future__ import annotations

from gamecore.engine.options import OptionSpec

_OWNER = "gamecore.rules.wargame"

OPTIONS = (
    OptionSpec(
        "wg_nations",
        "list",
        [],
        doc="The War Game nations (rules-notes/002 §2.1); empty: not a War Game ruleset",
        owner=_OWNER,
    ),
    OptionSpec("wg_teams", "table", {}, doc="team -> its nations (§2.1)", owner=_OWNER),
    OptionSpec(
        "wg_turn_slots",
        "list",
        [],
        doc="the turn slots of a game turn, each a list of nations that move and fight "
        "together (§2.2, §4.3); a scenario's turn order should match",
        owner=_OWNER,
    ),
    OptionSpec("wg_turn_months", "int", 6, doc="months in a game turn (§2.2)", owner=_OWNER),
    OptionSpec("wg_turn1_start", "date", "1939-07", doc="when game turn 1 starts", owner=_OWNER),
    OptionSpec("wg_start_turn", "int", 6, doc="the game turn the scenario starts", owner=_OWNER),
    OptionSpec("wg_end_turn", "int", 13, doc="the last game turn (§2.8)", owner=_OWNER),
    OptionSpec(
        "wg_recruit_occupied_cap",
        "int",
        4,
        doc="seeds/002 §4.8: infantry recruited in an occupied territory: half its value, "
        "never more than this (unit props.place = \"recruit\", option typed_placement)",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_occupied_halves",
        "bool",
        False,
        doc="seeds/002 §4.8: with production_limited_by_value, a factory in a territory "
        "not originally its holder's makes half the value (rounded down)",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_air_vs_lone_sub",
        "str",
        "",
        choices=("", "half_down", "half_up"),
        doc='seeds/002 "Submarine": aircraft attacking submarines without a combat ship on '
        'their side roll at half their value, rounded down or up ("": the rule is off)',
        owner=_OWNER,
    ),
)
