"""Edits of hex-map features that are not border attributes: crossing arrows.

A crossing arrow (Hitler's Global War: the Bosporus, the Kerch strait, Messina, the
Danish straits; the contract of issue #28) is a ``Link(kind="strait", a, b,
props={"crossing_arrow": True})`` between two land zones. Hexside features (road,
river, all-sea, impassable) are border attributes: :class:`gamecore.ops.SetBorderAttrs`
with ``"road"``, ``"river"``, ``"all_sea"`` or ``"impassable"``.
"""

from __future__ import annotations

from gamecore.model import Link, Pack
from gamecore.ops.base import Change, Edit, EditError
from gamecore.ops.items import AddItem, RemoveItem

__all__ = ["AddCrossingArrow", "RemoveCrossingArrow", "crossing_arrow_between"]


def crossing_arrow_between(pack: Pack, a: int, b: int) -> Link | None:
    """The crossing-arrow link joining zones ``a`` and ``b`` (either way), if any."""
    for link in pack.map.links.values():
        if link.props.get("crossing_arrow") is True and {link.a, link.b} == {a, b}:
            return link
    return None


def _land_pair(pack: Pack, a: int, b: int, what: str) -> None:
    for z in (a, b):
        zone = pack.map.zones.get(z)
        if zone is None:
            raise EditError(f"{what} {a}-{b}: no zone with id {z!r}")
        if zone.kind != "land":
            raise EditError(f"{what} {a}-{b}: zone {zone.code} is {zone.kind}, not land")
    if a == b:
        raise EditError(f"{what} {a}-{b}: an arrow joins two different zones")


class AddCrossingArrow(Edit):
    """Add a crossing arrow between land zones ``a`` and ``b`` (refused when there is
    one already); reverting removes it."""

    family = "items"

    def __init__(self, a: int, b: int, name: str = ""):
        super().__init__()
        self.a, self.b, self.name = a, b, name
        self._add: AddItem | None = None

    @property
    def label(self) -> str:
        return f"Add crossing arrow {self.name}" if self.name else "Add crossing arrow"

    @property
    def id(self) -> int | None:
        return self._add.id if self._add else None

    def _apply(self, pack: Pack) -> Change:
        _land_pair(pack, self.a, self.b, "crossing arrow")
        if crossing_arrow_between(pack, self.a, self.b) is not None:
            raise EditError(f"crossing arrow {self.a}-{self.b}: there is one already")
        link = Link(0, "strait", self.a, self.b, self.name, props={"crossing_arrow": True})
        self._add = AddItem("links", link)
        return self._add.apply(pack)

    def _revert(self, pack: Pack) -> Change:
        assert self._add is not None
        return self._add.revert(pack)


class RemoveCrossingArrow(Edit):
    """Remove the crossing arrow between ``a`` and ``b``; reverting puts it back where
    it was."""

    family = "items"

    def __init__(self, a: int, b: int):
        super().__init__()
        self.a, self.b = a, b
        self.name = ""  # the arrow's name, known once applied
        self._remove: RemoveItem | None = None

    @property
    def label(self) -> str:
        return f"Remove crossing arrow {self.name}" if self.name else "Remove crossing arrow"

    def _apply(self, pack: Pack) -> Change:
        link = crossing_arrow_between(pack, self.a, self.b)
        if link is None:
            raise EditError(f"no crossing arrow between zones {self.a} and {self.b}")
        self.name = link.name
        self._remove = RemoveItem("links", link.id)
        return self._remove.apply(pack)

    def _revert(self, pack: Pack) -> Change:
        assert self._remove is not None
        return self._remove.revert(pack)
