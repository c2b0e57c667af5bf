"""What the battle calculator does with each step of the engine's battle.

The engine's battle is a table of named steps (:mod:`gamecore.rules.battle.steps`); a
ruleset plays those that apply to it (``steps_for``). The calculator declares here, for
every step of that table, how it treats it: ``MODELLED`` (its exact and Monte Carlo odds
play it), ``APPROXIMATED`` (left out or simplified, said in the result's
``approximations`` when the battle meets it) and ``OUTSIDE`` (not part of one zone's
fight: what happens before the battle, to other zones, or to the log). A step added to the
engine without a word here is :func:`undeclared` - the tests fail on it - so the odds
cannot quietly drift from played battles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.rules.battle.steps import STEPS, steps_for

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.ruleset import Ruleset

MODELLED = {
    "aa_fire": "AA fire before round 1 (Prepared._aa_fire)",
    "attacker_aa_fire": "the attacker's AA guns too (option aa_fire_attacker)",
    "bombard": "shore bombardment (Prepared._bombardment)",
    "casualty_choice": "one casualty profile per side for the whole battle",
    "defender_submerge": "the default policy: submarines stay and fight",
    "fire_modes": "one fire mode per unit type for the whole battle (Prepared._fire_modes)",
    "border_dice": "a fortification's first-strike dice (Prepared._border_first_strike)",
    "border_doubles": "double casualties of borders crossed (Prepared._double)",
    "first_strike_every_round": "Side.fs_every",
    "first_strike": "first strike in the first N rounds, detectors (Side.fs_active)",
    "support_after_first_strike": "support offered by every unit present (Side.support_from_all)",
    "general_fire": "the hit distribution of every state (Prepared.fire_table)",
    "general_casualties": "the casualty order of the profile (Side.apply_hits)",
    "doomed": "victims of AA and bombardment fire in round 1 (Component.doomed)",
    "doomed_unfought": "as doomed",
}

APPROXIMATED = {
    "amphibious_hold_out": "every land unit fights from round 1 (said)",
    "release_waiting": "as amphibious_hold_out",
    "release_waiting_at_end": "as amphibious_hold_out",
    "amphibious_doubles": "left out (said)",
    "breakdown": "left out (said)",
    "air_vs_lone_sub": "left out (said)",
    "coastal_fire": "left out: the ships' losses are not the land battle's",
    "coastal_losses": "as coastal_fire",
    "support_fire": "left out: neighbouring artillery is not on the lineup",
    "loss_of_surprise": "left out: depends on the sea battle fought before",
    "subs_before_transports": "left out: transports hit by subs fire back",
    "hostile_terrain": "left out: the crossing is not on the lineup",
}

OUTSIDE = {
    "neutral_invasion": "before the battle: who defends is the lineup",
    "violate_neutral": "before the battle (relations, not dice)",
    "scorch_decision": "the default policy: no scorched earth",
    "scorch": "a factory, not a unit",
    "pass_through": "ships bound for another zone",
    "round_report": "the log",
    "note_cleared": "remembered for another battle",
    "landings": "another zone's landing",
    "no_retreat_over_hostile_terrain": "where to retreat: the calculator's retreat ends it",
    "sea_retreat_limits": "as no_retreat_over_hostile_terrain",
    "passed_zones_first": "the order of battles",
    "shell_facilities": "facilities, not a battle",
}


def treatment(rules: Ruleset) -> dict[str, str]:
    """Step name -> how the calculator treats it, for the steps ``rules`` plays."""
    out = {}
    for st in steps_for(rules):
        for kind, table in (("modelled", MODELLED), ("approximated", APPROXIMATED)):
            if st.name in table:
                out[st.name] = f"{kind}: {table[st.name]}"
                break
        else:
            out[st.name] = f"outside: {OUTSIDE[st.name]}" if st.name in OUTSIDE else ""
    return out


def undeclared() -> list[str]:
    """Steps of the engine's table the calculator says nothing about."""
    known = MODELLED.keys() | APPROXIMATED.keys() | OUTSIDE.keys()
    return [st.name for st in STEPS if st.name not in known]
