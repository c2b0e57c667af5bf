"""The options the battle reads, declared for the rule system (typed, checked at load).

Their owner stays ``gamecore.rules.combat``, the name rulesets, docs and ``warroom rules``
know them by (that module re-exports the battle)."""

from __future__ import annotations

from gamecore.engine.options import OptionSpec
from gamecore.rules.battle.units import CASUALTY_PROFILES

OPTIONS = (
    OptionSpec(
        "combat_resolver",
        "str",
        "dice",
        doc="the combat resolver (gamecore.rules.combat.RESOLVERS): 'dice' rolls per unit, a hit when the roll <= its value",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "casualty_order",
        "str",
        "cheapest",
        choices=CASUALTY_PROFILES,
        doc="default casualty profile (see gamecore.rules.combat)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "casualty_profiles",
        "list",
        ["cheapest", "preserve_attack", "preserve_defense"],
        choices=CASUALTY_PROFILES,
        doc="casualty profiles a side may choose from",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "two_hit_absorb_first",
        "bool",
        True,
        doc="multi-hit units take damage before anything dies",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "aa_alone_defends",
        "bool",
        True,
        doc="false: AA guns (no attack, no defence) alone do not defend a zone; after their "
        "shots at aircraft they are lost without a round and the attacker takes the zone "
        "(G40 2E, issue #23 point 2)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "aa_fire_attacker",
        "bool",
        False,
        doc="the attacker's AA guns fire at the defending aircraft before round 1 too "
        "(after the defender's; Global War §12.2 'An Attacking or Defending AA Artillery')",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "contested_landing",
        "bool",
        False,
        doc="an amphibious assault may unload from a sea zone holding enemy warships: the "
        "sea battle there is fought first; the landing goes ahead if the attacker clears "
        "the zone, else the units go back aboard (or are lost with their transport)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "partial_amphibious_retreat",
        "bool",
        False,
        doc="with amphibious_retreat off: aircraft and the land units that came over land "
        "may still retreat, the units that landed from the sea fight on (G40 2E; TripleA's "
        "'Partial Amphibious Retreat')",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "first_strike_attack_only",
        "list",
        [],
        doc="unit types whose first strike applies only when they attack (Global War §12.2 "
        "artillery: the text does not say; [] is the ruleset's reading, both sides)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "aa_victims_fire",
        "bool",
        False,
        doc="aircraft shot down by AA before round 1 still fire in round 1 and are removed "
        "after it (Global War §12.2 'those aircraft make their Attack/Defense rolls as normal')",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "defender_submerge_from_round",
        "int",
        1,
        doc="decision 'submerge': the first round the defender's submarines may submerge "
        "before (1: before round 1, G40 2E; 2: after one round, Global War §9.4)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "submerge_blocked_by_detector",
        "bool",
        True,
        doc="an enemy detector (destroyer) in the battle forbids submerging (G40 2E); "
        "false: submarines may always submerge (Global War §9.4, §9.10)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "submerge_only_from_aircraft",
        "bool",
        False,
        doc="only the defender's submarines submerge, and only while the attackers are "
        "aircraft alone: any ship, even a transport, makes them fight or leave (The War "
        "Game, seeds/002 'Submarine', 'Retreat'); false: the detector rules above",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "attacker_retreat",
        "bool",
        True,
        doc="the attacker may retreat after a combat round",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "attacker_retreat_from_round",
        "int",
        1,
        doc="may retreat after this many rounds",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "defender_retreat",
        "bool",
        False,
        doc="The War Game: the defender may retreat after a round",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "defender_retreat_from_round",
        "int",
        1,
        doc="the defender may retreat after this many rounds",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "amphibious_retreat",
        "bool",
        False,
        doc="land units landed from the sea may not retreat",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "max_combat_rounds",
        "int",
        0,
        doc="0: until one side is gone or the attacker retreats",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "aa_fire",
        "bool",
        True,
        doc="anti-aircraft guns fire at attacking aircraft before the first round",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "shore_bombardment",
        "bool",
        True,
        doc="warships bombard in support of an amphibious assault",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "bombard_per_landed_unit",
        "bool",
        True,
        doc="at most one bombarding ship per land unit landed",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "unescorted_transports_die",
        "bool",
        True,
        doc="defenceless units left alone against armed enemies are lost",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "first_strike_rounds",
        "int",
        0,
        doc="first-strike units strike first only in the first N rounds (0: every round) (seeds/000 T 9-1)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "shell_facilities",
        "table",
        {},
        doc="seeds/003 shore bombardment of facilities: unit type -> damage cap of its die (empty: no shelling)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "shell_die",
        "int",
        6,
        doc="die of a ship shelling a facility",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "first_strike_every_round",
        "list",
        [],
        doc="unit types whose first strike lasts every round whatever first_strike_rounds says (seeds/003: submarines)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "air_superiority_rounds",
        "int",
        0,
        doc="air-superiority units' hits go to aircraft first in the first N rounds (0: never) (seeds/000 T 9-1)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "city_terrain",
        "str",
        "",
        doc="terrain whose effects a zone flagged city adds to its own ('': none) (seeds/000 §1.16)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "surrounded_city_terrain",
        "str",
        "",
        doc="terrain a surrounded city adds instead ('': none) (seeds/000 §1.16)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "city_supply_facilities",
        "list",
        [],
        doc="facility types that keep a city from being surrounded",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "border_terrain_rounds",
        "int",
        1,
        doc="with roundel_terrain: the terrain crossed to the roundel applies in the first N rounds (seeds/000 §1.7)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "amphibious_first_round",
        "list",
        [],
        doc="unit types, domains or classes of amphibious land units that attack in round 1 ([]: all) (seeds/000 §9.8)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "amphibious_double_casualties",
        "int",
        0,
        doc="amphibious land units take double casualties in the first N rounds (0: never) (seeds/000 §9.9)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "amphibious_double_exempt",
        "list",
        [],
        doc="unit types exempt from amphibious double casualties",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "city_surrounded_by",
        "str",
        "neighbours",
        choices=("neighbours", "supply"),
        doc="when a city is surrounded: 'neighbours' (seeds/000 §1.16: every land neighbour an enemy's, no supply facility) or 'supply' (seeds/003: no supply path by rail or unblockaded port to another friendly land zone)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "air_retreat_apart",
        "bool",
        False,
        doc="seeds/003: the attacker's aircraft may retreat together apart from the other units (an 'air_retreat' answer to the retreat decision)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "retreat_to_origins",
        "bool",
        False,
        doc="seeds/003: a retreating attacker's land and naval units each go back to the zone they came from (when the side may retreat there), not all to one zone",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "border_casualties_first",
        "list",
        [],
        doc="seeds/003 rivers, mountain borders: [borders.*] ids (or border terrain) whose land crossers are the attacker's first casualties while the effect lasts",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "amphibious_casualties_first",
        "bool",
        False,
        doc="amphibious land units are taken as casualties before the other attackers",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "bombard_victims_fire",
        "bool",
        True,
        doc="units hit by bombardment fire back in round 1 (A&A); false: removed at once (Global War)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "fortified_lines_fall",
        "list",
        [],
        doc="border effects of fortified lines destroyed when the zone they guard is first conquered (seeds/000 §1.22)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "scramble",
        "bool",
        True,
        doc="fighters may scramble from an air base to an adjacent sea zone's battle",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "kamikaze",
        "bool",
        False,
        doc="kamikaze tokens may strike attacking ships",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "kamikaze_per_battle",
        "int",
        2,
        doc="tokens spent at most per battle (policy)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "kamikaze_value", "int", 2, doc="a token hits on <= this", owner="gamecore.rules.combat"
    ),
    OptionSpec(
        "carpet_dice_terrain",
        "table",
        {},
        doc="terrain -> change of carpet-bombing dice (e.g. { jungle = -2 }) (seeds/000 §9.17)",
        owner="gamecore.rules.combat",
    ),
)
