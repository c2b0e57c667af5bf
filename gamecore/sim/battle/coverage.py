"""What the battle calculator does with each step of the engine's battle.

The engine's battle is a table of named steps (:mod:`gamecore.rules.battle.steps`); a
ruleset plays those that apply to it (``steps_for``). The calculator builds its model of
a battle by walking those steps (:mod:`gamecore.rules.battle.calc`): a step that changes
one zone's dice carries its calculator part itself - ``calc_doc`` (what the calculator
does with it) and, where the step adds something to the model, a ``calc(plan)`` hook.
So ``MODELLED`` (its exact and Monte Carlo odds play it) and the approximated steps that
say so in the result are read from the steps. Declared here are only the steps with no
calculator part: ``APPROXIMATED`` (left out or simplified) and ``OUTSIDE`` (not part of
one zone's fight: what happens before the battle, to other zones, decisions whose
default policy changes nothing, or the log). A step added to the engine with neither a
part nor a word here is :func:`undeclared` - the tests fail on it - so the odds cannot
quietly drift from played battles.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gamecore.rules.battle.steps import STEPS, steps_for

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.ruleset import Ruleset


def _part(st) -> str:
    """The step's calculator part, in one line ("" when it has none)."""
    return getattr(st, "calc_doc", "") or ""


def _exact(st) -> bool:
    return bool(getattr(st, "calc_exact", True))


#: steps the calculator plays, read from the steps' own parts
MODELLED = {st.name: _part(st) for st in STEPS if _part(st) and _exact(st)}

#: steps the calculator leaves out or simplifies: those whose part says so in the result
#: (read from the steps), and those with no part at all (declared)
APPROXIMATED = {st.name: _part(st) for st in STEPS if _part(st) and not _exact(st)} | {
    "release_waiting": "as amphibious_hold_out",
    "release_waiting_at_end": "as amphibious_hold_out",
    "hostile_terrain": "left out: an attacker that crossed a hostile-terrain line is lost "
    "on its own roll of 11-12 (seeds/002 §4.9); the lineup does not say who crossed, and "
    "the loss goes with the unit's own die, which a state of unit types does not follow",
    "border_casualties_first": "left out: the casualty order is the profile's for all attackers",
    "amphibious_casualties_first": "as border_casualties_first",
    "partial_amphibious_retreat": "left out: an amphibious attacker does not retreat "
    "(the landed units would fight on alone)",
}

OUTSIDE = {
    "coastal_fire": "fires at the ships offshore, at the same time as the bombardment "
    "(its losses come after it): the land battle's dice do not change",
    "coastal_losses": "as coastal_fire",
    "neutral_invasion": "before the battle: who defends is the lineup",
    "violate_neutral": "before the battle (relations, not dice)",
    "defender_submerge": "a decision; the default policy: submarines stay and fight",
    "scorch_decision": "a decision; the default policy: no scorched earth",
    "scorch": "a factory, not a unit",
    "pass_through": "ships bound for another zone",
    "round_report": "the log",
    "note_cleared": "remembered for another battle",
    "landings": "another zone's landing",
    "defender_retreat": "a decision; the default policy: the defender stays",
    "air_retreat_apart": "an answer to the retreat decision; the default policy presses on",
    "no_retreat_over_hostile_terrain": "where to retreat: the calculator's retreat ends it",
    "sea_retreat_limits": "as no_retreat_over_hostile_terrain",
    "retreat_to_origins": "where the retreating units go: the calculator's retreat ends it",
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


def undeclared(steps: Iterable = STEPS) -> list[str]:
    """Steps the calculator says nothing about: no calculator part (a ``calc`` hook
    without a ``calc_doc`` counts as none) and no word in the tables here - or both a
    part and a word here, which would hide one behind the other."""
    declared = APPROXIMATED.keys() - {st.name for st in STEPS if _part(st)} | OUTSIDE.keys()
    out = []
    for st in steps:
        if bool(_part(st)) == (st.name in declared):
            out.append(st.name)
    return out
