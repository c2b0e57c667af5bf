"""Combat: the per-unit dice resolver of the A&A family - the names callers know, handed
on from :mod:`gamecore.rules.battle`, where the battle is an ordered table of steps.

Sources (tests cite them): rules-notes/004 §4.3-§4.8, seeds/004 "Summary of play"; Global
War 1936-1945 (seeds/000; rules-notes/000 §4.4, §4.9); the house rules (seeds/003); The
War Game WWII (seeds/002, rules-notes/002). ``python -m gamecore.rules.battle RULESET``
prints what one battle of a ruleset does, step by step.
"""

from __future__ import annotations

from gamecore.rules.battle.actions import (
    RESOLVERS,
    DiceResolver,
    apply_combat_action,
    combat_actions,
    is_legal_casualties,
    register_resolver,
    resolver,
)
from gamecore.rules.battle.answer import answer
from gamecore.rules.battle.ask import ask, default_answer, put
from gamecore.rules.battle.before import (
    aa_fire,
    bombard,
    coastal_fire,
    kamikaze,
    kamikaze_room,
    scramble,
    scramble_candidates,
)
from gamecore.rules.battle.casualties import assign_hits, order_units
from gamecore.rules.battle.core import can_submerge, defender_can_submerge, landings
from gamecore.rules.battle.end import finish
from gamecore.rules.battle.fire import (
    default_fire_mode,
    fire_mode_choices,
    fire_values,
    target_selection,
)
from gamecore.rules.battle.flow import (
    fight_round,
    find_battles,
    pre_battle,
    run,
    start_battle,
)
from gamecore.rules.battle.global_war import release_waiting
from gamecore.rules.battle.house import air_retreat, apply_shell, can_air_retreat, shell_actions
from gamecore.rules.battle.options import OPTIONS
from gamecore.rules.battle.raids import carpet_bomb, raid_sides, resolve_raid
from gamecore.rules.battle.retreat import (
    defender_retreat,
    defender_retreat_zones,
    retreat,
    retreat_zones,
)
from gamecore.rules.battle.steps import describe, steps_for
from gamecore.rules.battle.terrain import (
    _facility_edges,
    amphibious_doubles,
    border_crossers,
    border_first_strike,
    city_surrounded,
    city_terrain,
    crossed_effects,
    double_casualty_units,
)
from gamecore.rules.battle.units import (
    CASUALTY_PROFILES,
    Casualties,
    Hit,
    _apply_casualties,
    _kill,
    attacking_nations,
    sides,
)

__all__ = [
    "CASUALTY_PROFILES",
    "OPTIONS",
    "RESOLVERS",
    "Casualties",
    "DiceResolver",
    "Hit",
    "_apply_casualties",
    "_facility_edges",
    "_kill",
    "aa_fire",
    "air_retreat",
    "amphibious_doubles",
    "answer",
    "apply_combat_action",
    "apply_shell",
    "ask",
    "assign_hits",
    "attacking_nations",
    "bombard",
    "border_crossers",
    "border_first_strike",
    "can_air_retreat",
    "can_submerge",
    "carpet_bomb",
    "city_surrounded",
    "city_terrain",
    "coastal_fire",
    "combat_actions",
    "is_legal_casualties",
    "crossed_effects",
    "default_answer",
    "default_fire_mode",
    "defender_can_submerge",
    "defender_retreat",
    "defender_retreat_zones",
    "describe",
    "double_casualty_units",
    "fight_round",
    "find_battles",
    "finish",
    "fire_mode_choices",
    "fire_values",
    "kamikaze",
    "kamikaze_room",
    "landings",
    "order_units",
    "pre_battle",
    "put",
    "raid_sides",
    "register_resolver",
    "release_waiting",
    "resolve_raid",
    "resolver",
    "retreat",
    "retreat_zones",
    "run",
    "scramble",
    "scramble_candidates",
    "shell_actions",
    "sides",
    "start_battle",
    "steps_for",
    "target_selection",
]
