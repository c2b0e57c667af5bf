"""The options of the Axis & Allies family's rule system (``aa``): every option its
mechanisms read, with defaults, and the checks of their values at ruleset load."""

from __future__ import annotations

import re
from typing import Any

from gamecore.rules.combat import CASUALTY_PROFILES, RESOLVERS
from gamecore.rules.modifiers import POLICIES

#: options every ruleset of the system has (a ruleset may add its own; scenarios may override them)
DEFAULT_OPTIONS: dict[str, Any] = {
    # combat
    "combat_resolver": "dice",  # per-unit dice, hit when roll <= value
    "modifier_policy": "sum",  # "sum" | "highest_only" | "best_and_worst" (modifiers.POLICIES)
    "modifier_floor": 0,  # a net penalty never takes a hit value below this (Global War: 1)
    "modifier_tiebreak": "bonus",  # for highest_only, equal size: "bonus" | "penalty"
    "casualty_order": "cheapest",  # default casualty profile (see gamecore.rules.combat)
    "casualty_profiles": ["cheapest", "preserve_attack", "preserve_defense"],
    "two_hit_absorb_first": True,  # multi-hit units take damage before anything dies
    "attacker_retreat": True,
    "attacker_retreat_from_round": 1,  # may retreat after this many rounds
    "defender_retreat": False,  # The War Game: the defender may retreat after a round
    "defender_retreat_from_round": 1,
    "amphibious_retreat": False,  # land units landed from the sea may not retreat
    "max_combat_rounds": 0,  # 0: until one side is gone or the attacker retreats
    "aa_fire": True,
    "shore_bombardment": True,
    "bombard_per_landed_unit": True,  # at most one bombarding ship per land unit landed
    "unescorted_transports_die": True,
    # Global War combat (seeds/000 T 9-1, §1.16): first strike only in the first N rounds
    # (0: every round, A&A subs); air superiority hits go to aircraft first in the first
    # N rounds (0: never); terrain ids whose effects a zone flagged ``city`` adds to its
    # own terrain, and the one a surrounded city adds instead ("": none)
    "first_strike_rounds": 0,
    "air_superiority_rounds": 0,
    "city_terrain": "",
    "surrounded_city_terrain": "",
    "city_supply_facilities": [],  # facility types that keep a city from being surrounded
    # Global War §1.7 (with the option ``roundel_terrain``): the terrain crossed from the
    # entry border to the roundel applies to the attackers that crossed it (and the
    # defence table to the defenders) in the first N rounds
    "border_terrain_rounds": 1,
    # Global War §9.8-§9.9 amphibious assaults: in round 1 only amphibious land units of
    # these classes (unit types, domains or props.class) attack, the others join from
    # round 2 if one of those survived, else go back aboard ([]: all attack at once);
    # amphibious land units take double casualties in the first N rounds (0: never),
    # except these unit types; they are taken as casualties before the other attackers;
    # bombardment victims fire back in round 1 (A&A) or are removed at once (Global War)
    "amphibious_first_round": [],
    "amphibious_double_casualties": 0,
    "amphibious_double_exempt": [],
    "amphibious_casualties_first": False,
    "bombard_victims_fire": True,
    # Global War §1.22: border effects of printed fortified lines that are destroyed the
    # first time the zone they guard is conquered
    "fortified_lines_fall": [],
    # capture and economy
    "capital_capture": "take_bank",  # "take_bank" | "take_bank_first_time" | "none"
    "income_without_capital": False,  # a power whose capital is enemy-held collects nothing
    "liberation": True,
    "liberation_needs_capital": True,
    "unplaced_units": "refund",  # "refund" | "keep"
    "production_limited_by_value": False,  # classic rule: factory output <= zone value
    "repair_ships": "naval_base",  # "naval_base" | "turn_end" | "never"
    "convoy_disruption": True,
    "convoy_hit_max": 3,  # a convoy die showing 1..this takes that many IPCs
    "strategic_bombing": True,
    "scramble": True,
    "kamikaze": False,
    "kamikaze_per_battle": 2,  # tokens spent at most per battle (policy)
    "kamikaze_value": 2,  # a token hits on <= this
    # movement and politics
    "neutrals": "attackable",  # "impassable" | "attackable"
    "standing_army_unit": "infantry",  # unit type of a neutral's standing army
    "lakes_navigable": True,  # false: lakes join no sea zone and serve no coast (GW §1.1)
    "air_over_neutral": False,
    "air_lands_in_captured": False,  # may air land in a zone captured this turn
    "declare_war": True,
    "war_scope": "pair",  # "pair" | "alliance": a declaration involves both alliances
    "transport_own_only": True,
    "canal_control": "turn_start",  # control is checked at the start of the turn
    # Global War §9.17 carpet bombing: "carpet" raids on land units by bombers with
    # props.carpet_dice, dice changed by terrain (e.g. { jungle = -2 })
    "carpet_bombing": False,
    # Global War §9.16 step 1: fighters may escort a declared raid ("raid_escort" moves)
    # and fight its air battle at their air_battle values
    "raid_escorts": False,
    # Global War §9.15: "airborne" moves of aircraft with props.carries_airborne
    "airborne_assault": False,
    "carpet_dice_terrain": {},
    # politics (gamecore.rules.politics; Global War seeds/000 §4-§5, §13-§14): all off,
    # so rulesets without them play as before
    "scenario_events": False,  # the scenario's event objectives run and change the game
    "war_gates": False,  # declarations need a satisfied `check: war_gate` event
    # the heuristic bot (gamecore.sim.bots.heuristic): transports for this share of an
    # army with no land route to the enemy (0: one transport at most, as before)
    "bot_ferry_share": 0.0,
    "common_enemy_aligns": False,  # §4.4 allies at war with the same Major are aligned
    "neutral_victim_joins": {},  # T 4-3 attacker's alliance -> alliance the victim joins
    "alliance_leader": {},  # alliance -> nation taking Aligned neutrals (default: first Major)
    "neutral_attack_cost": {},  # §5.6 alliance -> IPP per neutral attacked
    "recruitment": False,  # §4.5 Controlled minors' recruitment roll
    "recruitment_unit": "infantry",
    # logistics, Global War (seeds/000 §1.5, §1.20, §8.11, §10.4, §11.4): all off by default
    "strategic_rail": False,  # "rail" moves along rails/rivers in non-combat move
    "rail_capacity": {},  # region -> units per player per turn
    "rail_capacity_default": 0,  # for regions rail_capacity does not name
    "rail_permission": "own",  # "own" | "alliance": zones rails may pass through
    "rail_gauge_stop": False,  # a change of gauge ends the rail move
    "rail_facility": "railroad",  # facility type whose damage closes a rail
    "rail_sea_units": [],  # sea unit types railed between bases (coastal subs)
    "rail_sea_facilities": [],  # the bases they rail from and to
    "narrow_crossings": False,  # limited land-land straits, crossed by "cross" moves
    "narrow_crossing_combat": ["marine"],  # unit types that may cross in combat move
    "narrow_crossing_classes": ["infantry"],  # unit classes (props.class) in non-combat
    "narrow_crossing_blockers": ["coastal_artillery"],  # enemy facility types that block
    "supply_facilities": {},  # facility type -> max IPP it carries over sea (0: no limit)
    "supply_permission": "aligned",  # "aligned" | "own"
    "blockade_warships": 0,  # surface warships that blockade (0: no blockade)
    "strategic_naval_allowance": {},  # nation -> units per round (0/absent: none)
    "river_movement": True,  # river lines carry rail moves and supply (GW §1.12)
    "strategic_naval_range": 5,
    "strategic_naval_units": ["naval_transport"],
    "lend_lease": False,
    "lend_lease_income_percent": 50,
    "lend_lease_die": 6,
    "interdiction_warships": 3,
    # turn slots
    "slot_mode": "sequential",  # "sequential" | "together" (nations of a slot play phase by phase)
    # technologies (seeds/000 §7.6-§7.8, gamecore.rules.tech); off: nothing is researched
    "technologies": False,  # research rolls offered in the purchase phase
    "research_cost": 0,  # IPP per research die (Global War prints none: rules-notes/000 §6.7)
    "research_die": 12,  # a research roll succeeds at >= the stage's number on this die
    "research_once_per_turn": True,  # each technology rolled at most once per round
    "research_cap": 2,  # highest stage before research_cap_until
    "research_cap_until": "",  # "1939-07": the cap applies before this date ("": never)
    "research_by": "major",  # "major" | "any": who may research
    "tech_tracks": {},  # nation -> nation whose chart it shares (Commonwealth, USA)
    "tech_units_home_only": True,  # units a technology unlocks are placed in the Home Country
    "setup_substitutes": {},  # unit type -> unit type the set-up places instead (GW §15.9)
    # victory
    "victory_cities": 0,  # an alliance holding this many victory cities wins (0 = off)
    "round_limit_winner": "income",  # "income" | "vp" | "victory_cities" | "none"
    "vp_tie_winner": "",  # side winning a tie on victory points (3G40: allies, "Attrition")
    # Global War economy (seeds/000 §7.3, §5, §9.11-§9.14, §11): all off by default
    "multi_turn_production": False,  # §7.3 props.cost_schedule paid one instalment a turn
    "income_model": "territory",  # "territory" | "peacetime" (§2.4: tracker until at war)
    "typed_placement": False,  # §11.1 shipyards/sub bases place only some types; militia
    "motorized_upgrade": False,  # §11.2 optional Infantry -> Motorized upgrade
    "convoy_mode": "",  # "" | "raid" (§9.11 opposed rolls on convoy lines)
    "convoy_raid_die": 6,  # T 9-7: opposed D6
    "convoy_surface_raiders": False,  # §9.12 optional: surface ships may raid
    "convoy_surface_raider_move": 3,  # §9.12 with a move of at least this
    "convoy_escort_bonus": 1,  # T 9-8 +1 per escorting surface warship
    "convoy_escort_fire": True,  # T 9-7 step 3: escorts roll at their Defense
    "convoy_escort_excluded": [],  # §15.7 advanced escort: unit types that may not escort
    "convoy_tech_bonus": {},  # T 9-8 technology -> convoy modifier (radar 2, asw 1)
    "convoy_asw_tech": "",  # T 9-7 3(c): technology giving a free shot at each raiding sub
    "convoy_asw_value": 2,
    "convoy_mine_warfare": False,  # §9.13 optional: props.mine_warfare units lay mines
    "convoy_mine_modifier": 0,  # T 9-8 mine warfare +0; mines are immune to escort fire
    "construction_surcharge": {},  # terrain -> IPP on a facility's first instalment (§1.10)
}


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
    """Option values of an A&A-family ruleset (``c.fail(key, reason)`` names file and key)."""
    choices = {
        "modifier_policy": tuple(POLICIES),
        "modifier_tiebreak": ("bonus", "penalty"),
        "capital_capture": ("take_bank", "take_bank_first_time", "to_bank", "none"),
        "income_model": ("territory", "peacetime"),
        "convoy_mode": ("", "raid"),
        "unplaced_units": ("refund", "keep"),
        "repair_ships": ("naval_base", "turn_end", "never"),
        "neutrals": ("impassable", "attackable"),
        "war_scope": ("pair", "alliance"),
        "canal_control": ("turn_start", "now"),
        "round_limit_winner": ("income", "vp", "victory_cities", "none"),
        "slot_mode": ("sequential", "together"),
        "rail_permission": ("own", "alliance"),
        "supply_permission": ("aligned", "own"),
        "research_by": ("major", "any"),
    }
    if o.get("combat_resolver") not in RESOLVERS:
        c.fail(
            "options.combat_resolver",
            f"unknown resolver {o.get('combat_resolver')!r} (known: {', '.join(RESOLVERS)})",
        )
    for k, allowed in choices.items():
        if o.get(k) not in allowed:
            c.fail(f"options.{k}", f"must be one of {', '.join(allowed)}, not {o.get(k)!r}")
    tracks = o.get("tech_tracks")
    if not isinstance(tracks, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in tracks.items()
    ):
        c.fail("options.tech_tracks", "must be a table of nation = nation")
    until = o.get("research_cap_until")
    if until and not re.match(r"^\d{4}(-\d{1,2})?$", str(until)):
        c.fail("options.research_cap_until", f"must be a date like '1939-07', not {until!r}")
    profiles = o.get("casualty_profiles")
    if not isinstance(profiles, list) or not profiles:
        c.fail("options.casualty_profiles", "must be a non-empty list")
    for p in [*profiles, o.get("casualty_order")]:
        if p not in CASUALTY_PROFILES:
            c.fail(
                "options.casualty_order",
                f"unknown casualty profile {p!r} (known: {', '.join(CASUALTY_PROFILES)})",
            )


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
    if not isinstance(options.get("amphibious_first_round"), list):
        c.fail("options.amphibious_first_round", "must be a list")
