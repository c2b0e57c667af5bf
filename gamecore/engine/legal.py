"""The legal actions of a position as a sequence of parts (issue #39 item 4).

A phase may give its legal actions as several lists (:attr:`gamecore.engine.systems.Phase.
segments`): the movement phases give one list per group of like units, kept between
calls (:mod:`gamecore.rules.movement.index`). :class:`LegalActions` reads them as one
sequence without joining them: its length and the action at an index cost a step per
part, done in C, not a step per action, so a random bot's pick does not grow with the
number of moves on the board. :meth:`LegalActions.actions` joins them into the list of
``GameState.legal_actions()`` when someone asks for it (once per position)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate, chain
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.actions import Action


class LegalActions(Sequence):
    """The concatenation of ``parts`` (lists of actions that are never changed once made),
    read in place."""

    __slots__ = ("parts", "_ends", "_list")

    def __init__(self, parts: list[list[Action]]):
        self.parts = parts
        self._ends: list[int] | None = None
        self._list: list[Action] | None = parts[0] if len(parts) == 1 else None

    def _bounds(self) -> list[int]:
        if self._ends is None:
            self._ends = list(accumulate(map(len, self.parts)))
        return self._ends

    def __len__(self) -> int:
        if self._list is not None:
            return len(self._list)
        ends = self._bounds()
        return ends[-1] if ends else 0

    def __getitem__(self, i):
        if self._list is not None or isinstance(i, slice):
            return self.actions()[i]
        ends = self._bounds()
        n = ends[-1] if ends else 0
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("legal action index out of range")
        k = bisect_right(ends, i)
        return self.parts[k][i - (ends[k - 1] if k else 0)]

    def __iter__(self):
        return chain.from_iterable(self.parts)

    def actions(self) -> list[Action]:
        """Every action in one list (joined once, then kept)."""
        if self._list is None:
            self._list = list(chain.from_iterable(self.parts))
        return self._list
