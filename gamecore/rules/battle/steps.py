"""The table of the battle's steps, in the order the battle runs them, and the steps one
ruleset plays (:func:`steps_for`, computed once per game).

Every step says by itself whether the ruleset plays it (``applies(rules)``: its options and
data), so a ruleset contributes steps by switching them on, and one step may stand in for
another (``replaces``). What one round of The War Game does::

    python -m gamecore.rules.battle war_game

Stages, in the order a battle meets them:

- ``start``: the attack begins (before the battle exists: ``rnd.zone``, ``rnd.nation``)
- ``pre_battle``: once before round 1 (after scrambles and kamikaze strikes)
- ``before_round``: before each round, decisions; a step returns True when it put one
- ``round``: one round of fire
- ``after_round``: after each round
- ``closing``: the battle is over, before its outcome is taken
- ``end``: after the outcome (``rnd.att``, ``rnd.dfn``: what is left)
- ``defender_zones``: where the defender may retreat (a step sets ``rnd.zones``; no
  step: the defender never retreats)
- ``retreat``: filters the zones a side may retreat to (``rnd.zones``, ``rnd.side``)
- ``retreat_stay``: with units that landed from the sea among the retreating attacker's
  (``rnd.att``), those that stay and fight on (a step sets ``rnd.stay``; no step: the
  attacker may not retreat at all)
- ``retreat_answers``: other answers to the attacker's retreat decision (``rnd.offers``;
  the step that offers one applies it: ``answer(rnd, action)``)
- ``retreat_to``: where each retreating unit goes (``rnd.att``: the attacker's units
  leaving, ``rnd.zones``: where it may retreat; a step sets ``rnd.where[unit id]``;
  the others go to the zone the attacker chose)
- ``queue``: filters the battles still to fight (``rnd.todo``)
- ``offers``: other actions of the combat phase (``rnd.offers``)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.rules import wargame_battle
from gamecore.rules.battle import core, global_war, house
from gamecore.rules.battle.context import RoundStep

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.ruleset import Ruleset
    from gamecore.engine.state import GameState

STAGES = (
    "start",
    "pre_battle",
    "before_round",
    "round",
    "after_round",
    "closing",
    "end",
    "defender_zones",
    "retreat",
    "retreat_stay",
    "retreat_answers",
    "retreat_to",
    "queue",
    "offers",
)

_C = core.CORE_STEPS
_WG = {st.name: st for st in wargame_battle.STEPS}
_H = {st.name: st for st in house.STEPS}

#: every step of the family, in the order the battle runs them
STEPS: tuple[RoundStep, ...] = (
    # the attack begins
    _WG["neutral_invasion"],
    core.ViolateNeutral(),
    # before round 1 (scrambles and kamikaze strikes come first, as decisions)
    _C["aa_fire"],
    global_war.AttackerAAFire(),
    global_war.CoastalFire(),
    _C["bombard"],
    _WG["support_fire"],
    global_war.CoastalLosses(),
    global_war.AmphibiousHoldOut(),
    # before each round
    _C["defender_submerge"],
    _WG["scorch_decision"],
    _C["casualty_choice"],
    _C["fire_modes"],
    # a round
    global_war.AirSuperiority(),
    global_war.BorderDice(),
    global_war.BorderDoubles(),
    global_war.AmphibiousDoubles(),
    _H["border_casualties_first"],
    global_war.AmphibiousLostFirst(),
    _H["first_strike_every_round"],
    _WG["air_vs_lone_sub"],
    _C["first_strike"],
    global_war.SupportAfterFirstStrike(),
    _WG["loss_of_surprise"],
    _C["general_fire"],
    _WG["subs_before_transports"],
    _C["general_casualties"],
    _C["doomed"],
    _C["round_report"],
    global_war.Breakdown(),
    _WG["hostile_terrain"],
    # after each round
    _WG["scorch"],
    _WG["pass_through"],
    global_war.ReleaseWaiting(),
    # the end
    global_war.ReleaseWaitingAtEnd(),
    _C["doomed_unfought"],
    _WG["note_cleared"],
    _C["landings"],
    # who may retreat where, which battle comes next
    _WG["defender_retreat"],
    _WG["no_retreat_over_hostile_terrain"],
    _WG["sea_retreat_limits"],
    _C["partial_amphibious_retreat"],
    _H["air_retreat_apart"],
    _H["retreat_to_origins"],
    _WG["passed_zones_first"],
    _H["shell_facilities"],
)


def steps_for(rules: Ruleset) -> tuple[RoundStep, ...]:
    """The steps ``rules`` plays, in order: those that apply, less those replaced by
    another that applies."""
    on = [st for st in STEPS if st.applies(rules)]
    gone = {name for st in on for name in st.replaces}
    return tuple(st for st in on if st.name not in gone)


def stage(s: GameState, name: str) -> tuple[RoundStep, ...]:
    """The steps of stage ``name`` that the game's ruleset plays (cached on the board:
    the option strings are read once per game, not every round)."""
    cache = s.board.cache
    key = ("battle_steps", id(s.rules))
    by_stage = cache.get(key)
    if by_stage is None:
        by_stage = {k: [] for k in STAGES}
        for st in steps_for(s.rules):
            by_stage[st.stage].append(st)
        by_stage = cache[key] = {k: tuple(v) for k, v in by_stage.items()}
    return by_stage[name]


def describe(rules: Ruleset) -> str:
    """The steps ``rules`` plays, stage by stage, one line each: name, where it comes
    from, what it does."""
    lines = [f"battle steps of {rules.id}:"]
    mine = steps_for(rules)
    for st_name in STAGES:
        here = [st for st in mine if st.stage == st_name]
        if not here:
            continue
        lines.append(f"  {st_name}:")
        for st in here:
            origin = type(st).__module__.rsplit(".", 1)[-1]
            lines.append(f"    {st.name:<32} [{origin}] {st.doc}")
    return "\n".join(lines)
