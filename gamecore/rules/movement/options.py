"""The movement options of the rule system."""

from __future__ import annotations

from gamecore.engine.options import OptionSpec

# ---------------------------------------------------------------------- options
#: the options this module reads (declared for the rule system: typed, checked at load)
OPTIONS = (
    OptionSpec(
        "movement_restrictions",
        "table",
        {},
        doc="nation -> {mode: allowed|disallowed, zones: [...]}: where its moves may go "
        "(TripleA movementRestrictionTerritories)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "blitz_through_facilities",
        "bool",
        True,
        doc="blitzing units may pass through an empty enemy zone holding only facilities "
        "(industrial complexes, bases), capturing them; false: a facility stops the blitz "
        "(issue #23 point 10)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "strategic_bombing",
        "bool",
        True,
        doc="bombers may raid facilities",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "neutrals",
        "str",
        "attackable",
        choices=("impassable", "attackable"),
        doc="neutral zones: impassable or attackable",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "air_over_neutral",
        "bool",
        False,
        doc="aircraft may fly over neutral zones",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "air_lands_in_captured",
        "bool",
        False,
        doc="may air land in a zone captured this turn",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "no_blitz_borders",
        "list",
        [],
        doc="border flags a blitz may not cross, into or out of a zone passed (seeds/003: mountain borders)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "transport_own_only",
        "bool",
        True,
        doc="transports carry only their own nation's units",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "canal_control",
        "str",
        "turn_start",
        choices=("turn_start", "now"),
        doc="when canal control is checked: at the start of the turn or at once",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "carpet_bombing",
        "bool",
        False,
        doc="'carpet' raids on land units by bombers with props.carpet_dice (seeds/000 §9.17)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "raid_escorts",
        "bool",
        False,
        doc="fighters may escort a declared raid and fight its air battle (seeds/000 §9.16)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "airborne_assault",
        "bool",
        False,
        doc="'airborne' moves of aircraft with props.carries_airborne (seeds/000 §9.15)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "strategic_rail",
        "bool",
        False,
        doc="'rail' moves along rails/rivers in non-combat move",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "rail_capacity",
        "table",
        {},
        doc="region -> units per player per turn",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "rail_capacity_default",
        "int",
        0,
        doc="for regions rail_capacity does not name",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "rail_permission",
        "str",
        "own",
        choices=("own", "alliance"),
        doc="'own' | 'alliance': zones rails may pass through",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "rail_gauge_stop",
        "bool",
        False,
        doc="a change of gauge ends the rail move",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "rail_sea_units",
        "list",
        [],
        doc="sea unit types railed between bases (coastal subs)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "rail_sea_facilities",
        "list",
        [],
        doc="the bases they rail from and to",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "narrow_crossings",
        "bool",
        False,
        doc="limited land-land straits, crossed by 'cross' moves",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "narrow_crossing_combat",
        "list",
        ["marine"],
        doc="unit types that may cross in combat move",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "narrow_crossing_classes",
        "list",
        ["infantry"],
        doc="unit classes (props.class) in non-combat",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "narrow_crossing_blockers",
        "list",
        ["coastal_artillery"],
        doc="enemy facility types that block",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "strategic_naval_allowance",
        "table",
        {},
        doc="nation -> units per round (0/absent: none)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "strategic_naval_range",
        "int",
        5,
        doc="sea zones a strategic naval move may cross (seeds/000 §10.6)",
        owner="gamecore.rules.movement",
    ),
    OptionSpec(
        "strategic_naval_units",
        "list",
        ["naval_transport"],
        doc="unit types that may make strategic naval moves",
        owner="gamecore.rules.movement",
    ),
)
