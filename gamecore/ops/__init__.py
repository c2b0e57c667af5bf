"""Edit operations on a :class:`gamecore.model.Pack` (no Qt).

Every change the editor (and the CLI) makes to a pack goes through an :class:`Edit`:
``change = edit.apply(pack)`` and ``edit.revert(pack)`` restore the pack exactly; the
returned :class:`Change` names what was touched so views redraw only that. Repeated
edits of one field of the same targets merge (``edit.merge(next_edit)``).

>>> from gamecore.ops import SetZoneAttrs
>>> edit = SetZoneAttrs([3, 4], "value", 5)            # doctest: +SKIP
>>> change = edit.apply(pack); edit.revert(pack)       # doctest: +SKIP
"""

from gamecore.ops.attrs import (
    SetAttrs,
    SetBorderAttrs,
    SetFacilityAttrs,
    SetLineAttrs,
    SetLinkAttrs,
    SetNationAttrs,
    SetOwnership,
    SetTerrainAreaAttrs,
    SetZoneAttrs,
    SetZoneGeometry,
)
from gamecore.ops.base import Change, CompositeEdit, Edit, EditError
from gamecore.ops.geometry import ApplyChangeSet
from gamecore.ops.hexmap import AddCrossingArrow, RemoveCrossingArrow, crossing_arrow_between
from gamecore.ops.ignore import IgnoreIssues
from gamecore.ops.items import AddItem, RemoveItem
from gamecore.ops.scenario import *  # noqa: F403  (scenario authoring edits)

__all__ = [
    "AddCrossingArrow",
    "AddItem",
    "ApplyChangeSet",
    "Change",
    "CompositeEdit",
    "Edit",
    "EditError",
    "IgnoreIssues",
    "RemoveCrossingArrow",
    "RemoveItem",
    "SetAttrs",
    "SetBorderAttrs",
    "SetFacilityAttrs",
    "SetLineAttrs",
    "SetLinkAttrs",
    "SetNationAttrs",
    "SetOwnership",
    "SetTerrainAreaAttrs",
    "SetZoneAttrs",
    "SetZoneGeometry",
    "crossing_arrow_between",
]
