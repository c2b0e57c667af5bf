"""Edits of what a hex map carries beyond the plain zone attributes (issue #28): the
hexside features and the inherent-garrison override of rules-notes/001 §1.5.

Hexside features are border attributes and have one implementation,
:class:`gamecore.ops.SetBorderAttrs` (the Border tool, the Hexside tool and the CLI all
go through it): ``road`` and ``all_sea`` live in ``Border.props`` as ``True`` or absent,
``river`` and ``impassable`` are fields of the border. :class:`SetHexsideFeature` is
that edit under a hexside's name (its undo label), nothing more. Crossing arrows are
links: :mod:`gamecore.ops.hexmap`.

:class:`SetZoneProp` sets one key of ``Zone.props`` (the garrison override), exact and
invertible like every :class:`gamecore.ops.Edit`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from gamecore.model import Pack
from gamecore.ops.attrs import SetAttrs, SetBorderAttrs, Validator, v_int
from gamecore.ops.base import Change, EditError

__all__ = ["HEXSIDE_FEATURES", "ZONE_PROPS", "SetHexsideFeature", "SetZoneProp"]

#: the border attributes a hexside carries (HGW-CONTRACT): printed road, printed river,
#: a hexside free of coastline, no land crossing
HEXSIDE_FEATURES = ("road", "river", "all_sea", "impassable")


class SetHexsideFeature(SetBorderAttrs):
    """:class:`SetBorderAttrs` of one of :data:`HEXSIDE_FEATURES` (bool), labelled as a
    hexside edit ("Add road on 1 hexside", "Remove all-sea on 2 hexsides")."""

    FIELDS = {name: SetBorderAttrs.FIELDS[name] for name in HEXSIDE_FEATURES}

    @property
    def label(self) -> str:
        n = len(self.targets)
        what = self.field.replace("_", "-")
        verb = "Add" if self.value else "Remove"
        return f"{verb} {what} on {n} hexside{'s' if n != 1 else ''}"


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
