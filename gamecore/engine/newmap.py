"""A rule system's page of the editor's New Map wizard, without Qt.

A system whose boards are laid out its own way (Hitler's Global War's hex rows and ids)
offers a :class:`NewMapLayout` (:meth:`gamecore.engine.systems.RuleSystem.new_map_layouts`):
a title, the fields it asks for beyond the rows, columns and hex size every hex grid
has, and the function that builds the pack. The editor renders the fields as spin boxes
and check boxes and calls ``build``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class LayoutField:
    """One field of a layout: ``kind`` "int" (a spin box from ``minimum`` to
    ``maximum``) or "bool" (a check box); ``name`` is ``build``'s keyword."""

    name: str
    label: str
    kind: str = "int"
    default: Any = 0
    minimum: int = 0
    maximum: int = 999


@dataclass(frozen=True)
class NewMapLayout:
    """A hex layout of the New Map wizard: ``build(rows, cols, size, **fields)`` gives
    the new pack (:class:`gamecore.errors.WarroomError` on values it refuses)."""

    key: str
    title: str
    build: Callable[..., Any]
    fields: tuple[LayoutField, ...] = ()


__all__ = ["LayoutField", "NewMapLayout"]
