"""Geometry edits: a :class:`gamecore.geometry.ChangeSet` applied to a pack's map.

The editor's tools (draw, split, merge, vertex moves, reshape) run an operation on a
``gamecore.geometry.coverage.Coverage``, which returns a change set; this edit applies it
to the map with :func:`gamecore.geometry.mapops.apply_changeset` (zone records created,
removed, features moved along) and undoes it exactly, dict order included.
"""

from __future__ import annotations

from typing import Any

from gamecore.model import Pack
from gamecore.ops.base import Change, Edit

_TABLE_FIELD = {
    "links": "links",
    "facilities": "facilities",
    "lines": "lines",
    "borders": "borders",
    "terrain_areas": "zones",
    "images": "images",
}


class ApplyChangeSet(Edit):
    """Apply ``changeset`` to ``pack.map``; ``new_zone_factory`` makes the records of
    created zones (default: ``mapops.default_new_zone``, copying the source zone)."""

    family = "geometry"

    def __init__(self, changeset: Any, new_zone_factory=None, label: str = ""):
        super().__init__()
        self.changeset = changeset
        self.new_zone_factory = new_zone_factory
        self._label = label or getattr(changeset, "label", "") or "Edit geometry"
        self._map_edit: Any = None
        self._orders: dict[str, list] = {}

    @property
    def label(self) -> str:
        return self._label[:1].upper() + self._label[1:]

    def _change(self) -> Change:
        cs = self.changeset
        change = Change(
            geometry=set(cs.modified) | set(cs.created),
            created_zones=set(cs.created),
            deleted_zones=set(cs.deleted),
            fields={"zone.geometry"},
        )
        if self._map_edit is not None:
            for table, key in self._map_edit.old_records:
                target = _TABLE_FIELD.get(table)
                if target == "zones":
                    continue
                if target is not None:
                    getattr(change, target).add(key)
            change.zones |= set(self._map_edit.old_zone_state)
        return change

    def _apply(self, pack: Pack) -> Change:
        from gamecore.geometry.mapops import apply_changeset

        m = pack.map
        self._orders = {t: list(getattr(m, t)) for t in ("zones", *_TABLE_FIELD)}
        self._map_edit = apply_changeset(m, self.changeset, self.new_zone_factory)
        return self._change()

    def removed_zones(self) -> dict:
        """The zone records the last apply removed ({id: Zone}, empty before)."""
        return dict(self._map_edit.removed) if self._map_edit is not None else {}

    def _revert(self, pack: Pack) -> Change:
        m = pack.map
        self._map_edit.undo(m)
        for table, order in self._orders.items():  # put every table back in its order
            items = getattr(m, table)
            if list(items) != order:
                restored = {k: items[k] for k in order if k in items}
                restored.update({k: v for k, v in items.items() if k not in restored})
                items.clear()
                items.update(restored)
        return self._change()
