"""What a geometry operation changed: zones created, modified (old, new) and deleted."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry.base import BaseGeometry

__all__ = ["ChangeSet"]


@dataclass
class ChangeSet:
    """The result of one coverage operation.

    ``sources`` maps a created zone to the zone it was cut from (so callers can copy its
    attributes); ``absorbed`` maps a deleted zone to the zone that took its area.
    ``info`` carries operation figures (e.g. vertex counts of a simplification, the
    report of a clean). Undo is ``coverage.apply(cs.inverse())``.
    """

    created: dict[int, BaseGeometry] = field(default_factory=dict)
    modified: dict[int, tuple[BaseGeometry, BaseGeometry]] = field(default_factory=dict)
    deleted: dict[int, BaseGeometry] = field(default_factory=dict)
    sources: dict[int, int] = field(default_factory=dict)
    absorbed: dict[int, int] = field(default_factory=dict)
    label: str = ""
    info: dict[str, Any] = field(default_factory=dict)

    def inverse(self) -> ChangeSet:
        """The change set that undoes this one."""
        return ChangeSet(
            created=dict(self.deleted),
            modified={z: (new, old) for z, (old, new) in self.modified.items()},
            deleted=dict(self.created),
            sources=dict(self.absorbed),
            absorbed=dict(self.sources),
            label=f"undo {self.label}".strip(),
            info=dict(self.info),
        )

    def touched(self) -> set[int]:
        """Every zone id the change set creates, modifies or deletes."""
        return set(self.created) | set(self.modified) | set(self.deleted)

    def is_empty(self) -> bool:
        return not (self.created or self.modified or self.deleted)

    def __bool__(self) -> bool:
        return not self.is_empty()

    def after(self) -> dict[int, BaseGeometry]:
        """The geometry of every created or modified zone after the change."""
        out = dict(self.created)
        out.update({z: new for z, (_old, new) in self.modified.items()})
        return out

    def then(self, other: ChangeSet) -> ChangeSet:
        """One change set equivalent to applying ``self`` and then ``other``."""
        before: dict[int, BaseGeometry | None] = {}
        after: dict[int, BaseGeometry | None] = {}
        for cs in (self, other):
            for z, g in cs.created.items():
                before.setdefault(z, None)
                after[z] = g
            for z, (old, new) in cs.modified.items():
                before.setdefault(z, old)
                after[z] = new
            for z, g in cs.deleted.items():
                before.setdefault(z, g)
                after[z] = None
        out = ChangeSet(label=other.label or self.label, info={**self.info, **other.info})
        for z, old in before.items():
            new = after[z]
            if old is None and new is not None:
                out.created[z] = new
            elif old is not None and new is None:
                out.deleted[z] = old
            elif old is not None and new is not None and not _same(old, new):
                out.modified[z] = (old, new)
        out.sources = {
            z: s for z, s in {**self.sources, **other.sources}.items() if z in out.created
        }
        out.absorbed = {
            z: s for z, s in {**self.absorbed, **other.absorbed}.items() if z in out.deleted
        }
        return out


def _same(a: BaseGeometry, b: BaseGeometry) -> bool:
    return a is b or bool(shapely.equals_identical(a, b))
