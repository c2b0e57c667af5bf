"""The heuristic bot: plays a whole turn to a plan, through the engine's agent interface.

At the start of each phase it reads the position once and makes a plan (a list of
actions); then it hands the actions out one by one, checking each against the legal
actions of the moment (a plan step that became illegal is adapted or dropped, and the rest
of the phase is planned again when nothing of the plan is left that fits).

- purchase: defence first when a capital is in danger (cheap defenders), else an attack
  mix of the land units the ruleset sells; a transport when there is land to take that
  cannot be reached by land; something for the fleet when the enemy fleet outguns ours.
- zones are worth their value, more for capitals, victory cities and factories, and what
  taking them would add to the nation's own national objectives' income
  (:mod:`gamecore.sim.bots.objective_value`, ``objective_weight``): attacks and the march
  to the front go for objectives.
- combat move: every hostile zone within reach is weighed with the battle odds
  (:func:`gamecore.sim.bots.odds.battle_odds`): the smallest force reaching the win-chance
  threshold is sent when the expected trade (units killed minus lost, plus the zone's
  value) pays; capitals keep the defenders their threat needs; loaded transports land
  their cargo on coasts within reach.
- combat: battles in the engine's order; the attacker retreats when its odds have turned.
- non-combat move: aircraft land on the safest landing spot (carriers included), land
  units march toward the front (enemy zones weighted by value, capitals and victory
  cities first) or home when the capital is threatened, transports ferry idle units to
  coasts from which land beyond the sea can be reached.
- place: land units at the factory nearest the front (the capital when it is in danger),
  ships beside a factory.
- politics (war gates only, seeds/000 §5.5): the politics module's default declarations
  (minors, the allies' enemies) plus offensives against a Major the gates allow whose
  border army is outnumbered ``war_ratio`` times (``pact_ratio`` for a pact partner).

Deterministic: everything is iterated in sorted order and the only randomness (the odds'
dice) is seeded from the bot's seed and the position, never from the game's generator.

Modules: :mod:`.params` (:class:`HeuristicParams`, the bot's options), :mod:`.view` (the
position as the bot reads it once a phase: reach, threats, fronts), :mod:`.bot`
(:class:`HeuristicBot`, the planning of each phase), :mod:`.steps` (the deferred plan steps
and small helpers). Every name stays importable from here.
"""

from gamecore.sim.bots.heuristic.bot import (
    HeuristicBot,
)
from gamecore.sim.bots.heuristic.params import (
    BOT_OPTIONS,
    END,
    INF,
    HeuristicParams,
    _Plan,
    bot_options,
)
from gamecore.sim.bots.heuristic.steps import (
    _AirLand,
    _ferry_goals,
    _fit,
    _fleet_outgunned,
    _Load,
    _needs_ferry,
    _paired,
    _pick_profile,
    _Place,
    _power,
    _prefix_power,
    _raid_step,
    _research_plan,
    _roles,
    _Sail,
    _transports_wanted,
    _Unload,
)
from gamecore.sim.bots.heuristic.view import (
    _BALLS,
    _ball,
    _bfs,
    _View,
)

__all__ = [
    "HeuristicBot",
    "HeuristicParams",
    "BOT_OPTIONS",
    "END",
    "INF",
    "_View",
    "_transports_wanted",
    "bot_options",
    "_Plan",
    "_bfs",
    "_BALLS",
    "_ball",
    "_Unload",
    "_Load",
    "_Sail",
    "_AirLand",
    "_Place",
    "_prefix_power",
    "_power",
    "_research_plan",
    "_raid_step",
    "_fit",
    "_paired",
    "_pick_profile",
    "_roles",
    "_needs_ferry",
    "_ferry_goals",
    "_fleet_outgunned",
]
