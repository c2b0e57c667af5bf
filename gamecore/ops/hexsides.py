"""Edits of what a hex map carries beyond the zone attributes (issue #28): hexside
features kept in ``Border.props`` (``road``, ``all_sea``) and per-zone properties kept in
``Zone.props`` (``garrison``, the inherent-garrison override of rules-notes/001 §1.5).

Both are exact and invertible like every :class:`gamecore.ops.Edit`: reverting restores
the props dict (and a border entry that did not exist) exactly. A border whose last
feature is switched off is removed from ``Map.borders``, as :class:`SetBorderAttrs` does.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from gamecore.model import Border, Pack
from gamecore.ops.attrs import SetAttrs, SetBorderAttrs, Validator, v_bool, v_int
from gamecore.ops.base import Change, EditError

__all__ = ["HEXSIDE_FEATURES", "ZONE_PROPS", "SetHexsideFeature", "SetZoneProp"]

#: hexside features stored as ``Border.props[name] = True`` (absent when off)
HEXSIDE_FEATURES = ("road", "all_sea")


class SetHexsideFeature(SetBorderAttrs):
    """Switch ``road`` or ``all_sea`` on (True) or off (False) on borders given as zone
    pairs. On is stored as ``Border.props[name] = True``; off removes the key, so a plain
    hexside leaves no border entry behind."""

    FIELDS = {name: v_bool for name in HEXSIDE_FEATURES}
    PROPS_FIELDS = HEXSIDE_FEATURES

    @property
    def label(self) -> str:
        n = len(self.targets)
        what = self.field.replace("_", "-")
        state = "on" if self.value else "off"
        return f"Turn {what} {state} on {n} hexside{'s' if n != 1 else ''}"

    def _write(self, entry: Any, value: Any) -> None:
        props = dict(entry.props)
        if value:
            props[self.field] = True
        else:
            props.pop(self.field, None)
        entry.props = props

    @classmethod
    def current(cls, border: Border, field: str) -> Any:
        return bool(border.props.get(field))


def v_garrison(value: Any, pack: Pack) -> int | None:
    return v_int(lo=0, hi=1, optional=True)(value, pack)


#: zone props this edit may set: name -> validator (None removes the key)
ZONE_PROPS: dict[str, Validator] = {"garrison": v_garrison}


class SetZoneProp(SetAttrs):
    """Set ``prop:<name>`` of zones, one key of ``Zone.props`` (names in
    :data:`ZONE_PROPS`); the value None removes the key."""

    family = "zone"
    noun = "zone"
    FIELDS: dict[str, tuple[str, Validator]] = {}

    def __init__(
        self,
        targets: Iterable[Hashable],
        field: str,
        value: Any = None,
        *,
        values: Mapping[Hashable, Any] | None = None,
    ):
        if values is not None:
            super().__init__(targets, field, values=values)
        else:
            super().__init__(targets, field, value)

    @classmethod
    def _spec(cls, field: str) -> tuple[str, Validator]:
        prefix, sep, name = field.partition(":")
        if prefix != "prop" or not sep or name not in ZONE_PROPS:
            known = ", ".join(f"prop:{n}" for n in ZONE_PROPS)
            raise EditError(f"zone has no editable property {field!r} (known: {known})")
        return "props", ZONE_PROPS[name]

    def _table(self, pack: Pack) -> Mapping[Hashable, Any]:
        return pack.map.zones

    def _write_part(self, stored: Any, part: str, value: Any) -> Any:
        props = dict(stored)
        if value is None:
            props.pop(part, None)
        else:
            props[part] = value
        return props

    def _describe(self, pack: Pack) -> str:
        name = self.field.split(":", 1)[1]
        if len(self.targets) == 1:
            z = pack.map.zones[self.targets[0]]
            value = next(iter(self.raw.values()))
            shown = "default" if value is None else value
            return f"Set {name} of {z.name or z.code} to {shown}"
        return f"Set {name} of {len(self.targets)} zones"

    def _change(self, targets: set) -> Change:
        return Change(zones=targets, fields={"zone.props"})
