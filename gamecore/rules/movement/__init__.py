"""Movement: legal moves as (unit group, path) and what a move does.

Sources:
- seeds/004 "Spaces on the game board": adjacency, friendly/hostile/neutral territory,
  impassable zones, hostile sea zones = enemy (at-war) surface warships, canals and narrow
  straits by control at the start of the turn (side, not power), subs through Gibraltar,
  air unaffected by canals.
- seeds/004 "Summary of play": combat moves into hostile spaces, non-combat moves only
  with units that took no part in combat.
- rules-notes/004 §4.2: land stops on entering a hostile zone (blitz through empty ones),
  subs pass hostile zones unless an enemy destroyer is there, powers not at war do not
  enter each other's territory, air must be able to land; §4.10: air/naval base +1 move.

To keep the action space small, each group of identical units (same zone, type, moves
left, state) yields two moves per destination: the whole group and a single unit, along
one shortest legal path.

Modules: :mod:`.context` (MoveContext; land, sea and air path searches),
:mod:`.generate` (the legal moves), :mod:`.strategic` (Global War rail,
narrow crossings and naval moves), :mod:`.apply` (what a move does, end-of-phase landing),
:mod:`.options` (the system's movement options). Every name stays importable from here.
"""

from gamecore.rules.movement.apply import (
    apply_move,
    board_damaged_carriers,
    land_air_units,
    move_bonus_zones,
    occupy_friendly_neutrals,
)
from gamecore.rules.movement.context import (
    MoveContext,
    _land_search,
    no_blitz_edges,
    slow_zones,
)
from gamecore.rules.movement.generate import (
    _airborne_moves,
    _raided_zones,
    _towed_moves,
    blitz_pairing_ok,
    move_actions,
    move_segments,
    restrict_paths,
    route_moves,
    towing_ok,
    transport_choices,
    unreachable_reason,
)
from gamecore.rules.movement.options import (
    OPTIONS,
)
from gamecore.rules.movement.strategic import (
    _narrow_moves,
    _via_blocked,
    narrow_blocked,
    narrow_room,
    naval_reach,
    naval_room,
    rail_capacity,
    rail_reach,
    rail_room,
    special_move_ok,
)

__all__ = [
    "MoveContext",
    "OPTIONS",
    "apply_move",
    "blitz_pairing_ok",
    "board_damaged_carriers",
    "land_air_units",
    "move_actions",
    "move_bonus_zones",
    "move_segments",
    "narrow_blocked",
    "narrow_room",
    "naval_reach",
    "naval_room",
    "no_blitz_edges",
    "occupy_friendly_neutrals",
    "rail_capacity",
    "rail_reach",
    "rail_room",
    "restrict_paths",
    "route_moves",
    "slow_zones",
    "special_move_ok",
    "towing_ok",
    "transport_choices",
    "unreachable_reason",
    "_land_search",
    "_narrow_moves",
    "_raided_zones",
    "_airborne_moves",
    "_towed_moves",
    "_via_blocked",
]
