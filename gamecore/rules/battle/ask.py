"""The decisions of a battle: who decides what, and the default policy's answer.

Putting a decision (:func:`put`, :func:`ask`) only makes it pending. When the game offers
its kind and its owner plays, the owner answers it through the legal actions; otherwise
the battle's driver (:func:`gamecore.rules.battle.flow.run`) applies
:func:`default_answer` at once, through the same code as a player's answer - so a
decision never applies an answer itself, and nothing here depends on what the answers do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.engine.decisions import Decision
from gamecore.rules.battle.fire import default_fire_mode, fire_mode_choices
from gamecore.rules.battle.units import sides

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.rules.state import Battle


def ask(s: GameState, b: Battle, kind: str, side: str) -> bool:
    """The battle's ``side`` ("att" or "def") decides ``kind`` ("casualties": a casualty
    profile; "retreat": press on, retreat (or submerge)); a defender-less side's choice
    falls to the attacker. The default policy (the ruleset's casualty order; press on)
    answers for a side no player plays. True when a player was asked."""
    owner = b.attacker if side == "att" else (b.defender or b.attacker)
    return put(s, Decision(owner, kind, side))


def put(s: GameState, d: Decision) -> bool:
    """Make ``d`` the pending decision; True when a player answers it (the game offers its
    kind and its owner plays), False when the default policy will. Decisions whose default
    answer changes nothing (press on; the casualty order that stands) are not even made
    when the game does not offer them."""
    s.decision = d
    return d.kind in s.decisions and d.owner in _players(s)


def default_answer(s: GameState, b: Battle, d: Decision) -> Action:
    """The default policy's answer to ``d``: the ruleset's casualty order; press on (no
    retreat, no submerging, no scorched earth); the fire mode with the most expected hits;
    all it may (fighters scrambled or intercepting, kamikaze tokens: ``about``)."""
    if d.kind == "casualties":
        return Action.casualties(s.rules.options["casualty_order"])
    if d.kind == "fire_mode":
        side, typ = d.about.split(":", 1)
        return Action("fire_mode", type=typ, mode=default_fire_mode(s, b, side, typ))
    if d.kind in ("scramble", "kamikaze", "intercept"):
        return Action(d.kind, count=int(d.about))
    return Action.press()


def player_decides(s: GameState) -> bool:
    """Is the pending decision a player's to answer (not the default policy's)?"""
    d = s.decision
    return d is not None and d.kind in s.decisions and d.owner in _players(s)


def _players(s: GameState) -> frozenset[str]:
    cache = s.board.cache
    p = cache.get("players")
    if p is None:
        p = cache["players"] = frozenset(n for slot in s.board.turn_slots for n in slot)
    return p


def _asked(s: GameState, kind: str, side: str) -> bool:
    d = s.decision
    return d is not None and d.kind == kind and d.about == side


def _asked_kind(s: GameState, kind: str) -> bool:
    return s.decision is not None and s.decision.kind == kind


def _ask_fire_modes(s: GameState, b: Battle) -> bool:
    """Before each round, each side picks the fire mode of its units that have a choice
    (decision "fire_mode", one per side and unit type); True when one is put."""
    if b.moded != b.round + 1:
        b.moded = b.round + 1
        b.modes = {}
    att, dfn = sides(s, b)
    for side, units in (("att", att), ("def", dfn)):
        done = b.modes.get(side, {})
        for typ in sorted({u.type for u in units}):
            if typ in done or not fire_mode_choices(s, b, side, typ):
                continue
            owner = b.attacker if side == "att" else (b.defender or b.attacker)
            put(s, Decision(owner, "fire_mode", f"{side}:{typ}"))
            return True
    return False
