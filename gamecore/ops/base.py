"""The base of edit operations: :class:`Edit`, :class:`Change`, :class:`CompositeEdit`.

An edit is a small, exact, invertible change of a :class:`gamecore.model.Pack`.
``apply(pack)`` performs it and remembers what it replaced; ``revert(pack)`` puts the
pack back exactly as it was (dataclass equality holds, dict order included). Both return
a :class:`Change` that says what was touched, so a view redraws only that.

Editors wrap an edit in an undo command; the CLI and scripts call ``apply`` directly.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from gamecore.errors import WarroomError
from gamecore.model import Pack


class EditError(WarroomError):
    """An edit cannot be applied: unknown target, unknown field, or a bad value."""


@dataclass
class Change:
    """What an edit touched. Views use it to redraw only that.

    ``fields`` names the kinds of change as ``"<family>.<field>"``, e.g. ``"zone.value"``,
    ``"ownership.owner"``, ``"link.kind"``, ``"zone.geometry"``.
    """

    zones: set[int] = field(default_factory=set)  # zone attributes changed
    geometry: set[int] = field(default_factory=set)  # zone geometry changed
    created_zones: set[int] = field(default_factory=set)
    deleted_zones: set[int] = field(default_factory=set)
    borders: set[tuple[int, int]] = field(default_factory=set)
    links: set[int] = field(default_factory=set)
    facilities: set[int] = field(default_factory=set)
    lines: set[int] = field(default_factory=set)
    images: set[int] = field(default_factory=set)
    nations: set[str] = field(default_factory=set)
    ownership: set[int] = field(default_factory=set)  # zones whose ownership changed
    scenarios: set[str] = field(default_factory=set)  # scenarios touched
    fields: set[str] = field(default_factory=set)

    def __or__(self, other: Change) -> Change:
        out = Change()
        for name in self.__dataclass_fields__:
            setattr(out, name, getattr(self, name) | getattr(other, name))
        return out

    def is_empty(self) -> bool:
        return not any(getattr(self, name) for name in self.__dataclass_fields__)

    def touches(self, family: str) -> bool:
        """True when some field of ``family`` (e.g. "zone", "ownership") changed."""
        prefix = family + "."
        return any(f.startswith(prefix) for f in self.fields)


class Edit:
    """Base class of edit operations.

    Subclasses implement :meth:`_apply` and :meth:`_revert`. An edit object is applied
    at most once before being reverted (apply, revert, apply, … alternate), which is how
    an undo stack uses it.
    """

    #: the family of the edit (undo commands are one class per family)
    family: str = "edit"

    def __init__(self) -> None:
        self._applied = False

    @property
    def label(self) -> str:
        """A short human description, e.g. "Set value of 3 zones"."""
        return type(self).__name__

    @property
    def applied(self) -> bool:
        return self._applied

    def apply(self, pack: Pack) -> Change:
        if self._applied:
            raise EditError(f"{self.label}: already applied")
        change = self._apply(pack)
        self._applied = True
        return change

    def revert(self, pack: Pack) -> Change:
        if not self._applied:
            raise EditError(f"{self.label}: not applied, nothing to revert")
        change = self._revert(pack)
        self._applied = False
        return change

    def merge(self, other: Edit) -> Edit | None:
        """An edit equivalent to ``self`` followed by ``other`` when they can merge
        (both applied, same family, same targets and field), else None."""
        return None

    def is_noop(self) -> bool:
        """True when the applied edit changed nothing (an undo step can be dropped)."""
        return False

    # -- to implement ----------------------------------------------------------
    def _apply(self, pack: Pack) -> Change:  # pragma: no cover - abstract
        raise NotImplementedError

    def _revert(self, pack: Pack) -> Change:  # pragma: no cover - abstract
        raise NotImplementedError


class CompositeEdit(Edit):
    """Several edits as one step: applied in order, reverted in reverse order. If one
    fails while applying, the ones already applied are reverted and the error re-raised."""

    family = "composite"

    def __init__(self, edits: list[Edit], label: str = ""):
        super().__init__()
        self.edits = list(edits)
        self._label = label

    @property
    def label(self) -> str:
        if self._label:
            return self._label
        return "; ".join(e.label for e in self.edits) or "Nothing"

    def _apply(self, pack: Pack) -> Change:
        change = Change()
        done: list[Edit] = []
        try:
            for e in self.edits:
                change = change | e.apply(pack)
                done.append(e)
        except Exception:
            for e in reversed(done):
                e.revert(pack)
            raise
        return change

    def _revert(self, pack: Pack) -> Change:
        change = Change()
        for e in reversed(self.edits):
            change = change | e.revert(pack)
        return change

    def is_noop(self) -> bool:
        return all(e.is_noop() for e in self.edits)


def clone(value: Any) -> Any:
    """A private copy of a value stored in the model (lists, dicts, tuples, shapely
    geometries are immutable and kept)."""
    if isinstance(value, (str, int, float, bool, type(None))):
        return value
    if hasattr(value, "geom_type"):  # shapely geometries are immutable
        return value
    return copy.deepcopy(value)
