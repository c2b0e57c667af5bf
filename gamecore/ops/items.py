"""Adding and removing map features: links, facilities, lines, terrain areas, images.

Zones are created and deleted by geometry edits (``gamecore.geometry`` change sets),
because a zone always belongs to the coverage; these edits handle the features that
live on top of it. Removing and re-adding restores the exact object and dict order.
"""

from __future__ import annotations

from typing import Any

from gamecore.model import FACILITY_SERVES_SEA, Pack
from gamecore.ops.attrs import SetFacilityAttrs, _put_at
from gamecore.ops.base import Change, CompositeEdit, Edit, EditError, clone

#: Map table -> field of :class:`Change` that names its ids
TABLES = {
    "links": "links",
    "facilities": "facilities",
    "lines": "lines",
    "terrain_areas": "zones",
    "images": "images",
}
_NOUN = {
    "links": "link",
    "facilities": "facility",
    "lines": "line",
    "terrain_areas": "terrain area",
    "images": "image",
}


def _table(pack: Pack, table: str) -> dict[int, Any]:
    if table not in TABLES:
        raise EditError(f"cannot add or remove items of {table!r} (known: {', '.join(TABLES)})")
    return getattr(pack.map, table)


def _change(table: str, item: Any) -> Change:
    change = Change(fields={f"{_NOUN[table].replace(' ', '_')}.added_or_removed"})
    if table == "terrain_areas":
        change.zones.add(item.zone)
    else:
        getattr(change, TABLES[table]).add(item.id)
    return change


class AddItem(Edit):
    """Add ``item`` (a Link, Facility, Line, TerrainArea or BackgroundImage whose ``id``
    is free) to ``table``. ``item.id`` 0 or None means "the next free id"."""

    family = "items"

    def __init__(self, table: str, item: Any):
        super().__init__()
        self.table = table
        self.item = item
        self.id: int | None = None

    @property
    def label(self) -> str:
        return f"Add {_NOUN.get(self.table, 'item')}"

    def _apply(self, pack: Pack) -> Change:
        d = _table(pack, self.table)
        item = clone(self.item)
        if not item.id:
            item.id = pack.map.next_id(self.table)
        if item.id in d:
            raise EditError(f"{_NOUN[self.table]} id {item.id} is already used")
        d[item.id] = item
        self.id = item.id
        return _change(self.table, item)

    def _revert(self, pack: Pack) -> Change:
        d = _table(pack, self.table)
        item = d.pop(self.id)
        return _change(self.table, item)


class RemoveItem(Edit):
    """Remove the item ``item_id`` from ``table``; reverting puts it back in place."""

    family = "items"

    def __init__(self, table: str, item_id: int):
        super().__init__()
        self.table = table
        self.item_id = item_id
        self._saved: tuple[int, Any] | None = None

    @property
    def label(self) -> str:
        return f"Remove {_NOUN.get(self.table, 'item')} {self.item_id}"

    def _apply(self, pack: Pack) -> Change:
        d = _table(pack, self.table)
        if self.item_id not in d:
            raise EditError(f"no {_NOUN[self.table]} with id {self.item_id!r}")
        position = list(d).index(self.item_id)
        item = d.pop(self.item_id)
        self._saved = (position, item)
        return _change(self.table, item)

    def _revert(self, pack: Pack) -> Change:
        d = _table(pack, self.table)
        assert self._saved is not None
        position, item = self._saved
        _put_at(d, self.item_id, item, position)
        return _change(self.table, item)


def facility_ashore_edit(pack, fid: int) -> Edit:
    """Repair a facility that stands in a sea zone (a TripleA import puts a harbour
    there): move it to the land zone sharing the longest coast with that sea zone, which
    it then serves (a port, naval base, …); remove it when no land touches that sea.
    One edit: the validator's Fix for ATT008, undone in one step."""
    f = pack.map.facilities.get(fid)
    if f is None:
        raise EditError(f"no facility {fid}")
    sea = pack.map.zones.get(f.zone)
    if sea is None or sea.kind == "land":
        raise EditError(f"facility {fid} is not in a sea zone")
    best, length = None, 0.0
    if sea.geometry is not None:
        edge = sea.geometry.boundary
        for z in pack.map.zones.values():
            if z.kind != "land" or z.geometry is None or not z.geometry.intersects(edge):
                continue
            shared = z.geometry.boundary.intersection(edge).length
            if shared > length:
                best, length = z, shared
    if best is None:
        return RemoveItem("facilities", fid)
    edits: list[Edit] = [SetFacilityAttrs([fid], "zone", best.id)]
    if f.type in FACILITY_SERVES_SEA and sea.id not in f.serves and sea.kind in ("sea", "lake"):
        edits.append(SetFacilityAttrs([fid], "serves", [*f.serves, sea.id]))
    return CompositeEdit(edits, label=f"Move {f.type} to {best.name or best.code}")
