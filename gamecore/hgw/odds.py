"""The chance an advance succeeds (seeds/001 ADVANCE TABLE, Advance Resolution 1-10): the
one place outside :func:`gamecore.hgw.advance.apply_advance` that reads the Advance Table,
built from the same helpers the rule uses (:func:`~gamecore.hgw.combat.advance_mech`,
:func:`~gamecore.hgw.combat.defence_value`, :func:`~gamecore.hgw.combat.advance_modifier`,
:func:`~gamecore.hgw.advance.advance_ok`), so the play mode's odds and the bot's estimates
cannot drift from the dice the rule rolls."""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.hgw.advance import advance_ok
from gamecore.hgw.combat import advance_mech, advance_modifier, defence_value
from gamecore.hgw.state import HgwState
from gamecore.hgw.tables import FRIENDLY, advance_faces

#: the defence columns an advance may roll against: a friendly hex, then 0 .. 10+
DEFENCES = (FRIENDLY, *range(11))


@dataclass(frozen=True)
class AdvanceOdds:
    """An advance now: ``faces`` of the six succeed; the roll is the die plus
    ``modifier``; ``mech`` is the advance strength, ``defence`` the column
    (:data:`~gamecore.hgw.tables.FRIENDLY` for a friendly hex)."""

    faces: int
    modifier: int
    mech: int
    defence: int

    @property
    def chance(self) -> float:
        return self.faces / 6.0


def advance_odds(s: HgwState, aid: int, target: int) -> AdvanceOdds:
    """The odds of army ``aid``'s advance into ``target`` in state ``s`` as
    :func:`~gamecore.hgw.advance.apply_advance` would roll it now."""
    n, src = s.armies[aid].nation, s.armies[aid].zone
    mech = advance_mech(s, aid)
    dfn = defence_value(s, n, target)
    mod = advance_modifier(s, n, src, target, dfn, s.advanced.get(aid, 0))
    faces = sum(1 for die in range(1, 7) if advance_ok(s, aid, mech, dfn, die + mod))
    return AdvanceOdds(faces, mod, mech, dfn)


def advance_chance(s: HgwState, aid: int, target: int) -> float:
    """The chance (0..1) that army ``aid``'s advance into ``target`` succeeds now."""
    return advance_odds(s, aid, target).chance


def advance_terms(s: HgwState, nation: str, src: int, target: int, bonus: int = 0) -> tuple:
    """For a hypothetical advance by ``nation`` from ``src`` into ``target`` (a bot's
    what-if, the defence not known yet): the roll modifier for each column of
    :data:`DEFENCES`, in that order (the rule's :func:`advance_modifier` for each)."""
    return tuple(advance_modifier(s, nation, src, target, d, bonus) for d in DEFENCES)


def hypothetical_faces(table: dict, mech: int, defence: int, terms: tuple) -> int:
    """Faces of six that succeed for an ordinary (not invading) advance of strength
    ``mech`` against ``defence``, the modifiers being :func:`advance_terms`'s."""
    return advance_faces(table, mech, defence, terms[DEFENCES.index(defence)])


__all__ = [
    "DEFENCES",
    "AdvanceOdds",
    "advance_chance",
    "advance_odds",
    "advance_terms",
    "hypothetical_faces",
]
