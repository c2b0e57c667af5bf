"""The answers to a battle's decisions - a player's, or the default policy's fed back by
the driver (:func:`gamecore.rules.battle.flow.run`): what each one does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.state import FOUGHT, SUBMERGED
from gamecore.errors import RulesError
from gamecore.rules.battle.ask import _asked, _asked_kind, ask
from gamecore.rules.battle.before import kamikaze, scramble
from gamecore.rules.battle.end import finish
from gamecore.rules.battle.fire import fire_mode_choices
from gamecore.rules.battle.raids import resolve_raid
from gamecore.rules.battle.retreat import (
    answer_retreat,
    defender_retreat,
    defender_retreat_zones,
    retreat,
)
from gamecore.rules.battle.units import sides

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.actions import Action
    from gamecore.engine.state import GameState
    from gamecore.rules.state import Battle


def answer(s: GameState, b: Battle, a: Action) -> bool:
    """Apply the answer ``a`` to the pending decision of battle ``b`` (a player's, or the
    default policy's); True when the battle goes on (run it), False when it ended or
    waits for another decision (the default policy's too: the driver applies it)."""
    if a.kind == "casualties":
        if _asked(s, "casualties", "att"):
            b.profiles["att"] = a.profile
            b.picks["att"] = a.units
            s.decision = None
            if b.defender and sides(s, b)[1]:
                ask(s, b, "casualties", "def")
        else:
            b.profiles["def"] = a.profile
            b.picks["def"] = a.units
            s.decision = None
    elif a.kind == "press":
        if _asked(s, "retreat", "att") and defender_retreat_zones(s, b):
            s.decision = None
            if ask(s, b, "retreat", "def"):
                return False
        s.decision = None
    elif a.kind == "retreat":
        if _asked(s, "retreat", "def"):
            defender_retreat(s, b, a.zone)
            finish(s, b)
            return False
        s.decision = None
        if retreat(s, b, a.zone):
            return True
        finish(s, b)
        return False
    elif a.kind == "scorch":
        b.scorch = b.round + 1  # for the coming round
        s.event("scorch_declared", zone=b.zone, nation=b.defender, round=b.scorch)
        s.decision = None
    elif a.kind == "submerge":
        ut = s.rules.units
        if _asked_kind(s, "submerge"):  # the defender's
            for u in sides(s, b)[1]:
                if ut[u.type].submerge:
                    s.set_unit(u.id, flags=u.flags | SUBMERGED)
            s.event("submerge", zone=b.zone, nation=b.defender, side="defender")
        else:
            for u in sides(s, b)[0]:
                if ut[u.type].submerge:
                    s.set_unit(u.id, flags=u.flags | SUBMERGED | FOUGHT)
            s.event("submerge", zone=b.zone, nation=b.attacker)
        s.decision = None
    elif a.kind == "fire_mode":
        d = s.decision
        if d is None or d.kind != "fire_mode":
            raise RulesError("no fire mode to choose now")
        side, typ = d.about.split(":", 1)
        if a.type != typ or a.mode not in fire_mode_choices(s, b, side, typ):
            raise RulesError(f"'{a.mode}' is not a fire mode of {typ} now")
        b.modes.setdefault(side, {})[typ] = a.mode
        s.decision = None
    elif a.kind == "scramble":
        if not _asked_kind(s, "scramble") or not 0 <= a.count <= int(s.decision.about):
            raise RulesError("no scramble to decide")
        s.decision = None
        scramble(s, b, a.count)
    elif a.kind == "intercept":
        if not _asked_kind(s, "intercept") or not 0 <= a.count <= int(s.decision.about):
            raise RulesError("no interception to decide")
        s.decision = None
        resolve_raid(s, b, a.count)
        return False  # a raid has no rounds
    elif a.kind == "kamikaze":
        if not _asked_kind(s, "kamikaze") or not 0 <= a.count <= int(s.decision.about):
            raise RulesError("no kamikaze strike to decide")
        s.decision = None
        kamikaze(s, b, a.count)
    elif _asked(s, "retreat", "att") and answer_retreat(s, b, a):
        s.decision = None  # another answer to the retreat decision (seeds/003 aircraft)
    else:
        raise RulesError(f"'{a.kind}' answers no battle decision")
    return s.decision is None
