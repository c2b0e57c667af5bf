"""Undo commands: one QUndoCommand class per family of gamecore edits.

The edit is applied (and checked) before the command is pushed, so a bad value raises
in the caller and never reaches the stack; the first ``redo()`` QUndoStack performs
on push is then skipped. Repeated edits of one field of the same targets merge into one
step (``mergeWith``), and a merged step that ends where it began is dropped.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtGui import QUndoCommand

from gamecore.ops import Edit


class Document(Protocol):
    """What a command asks of the document it edits (editor.document.Document, which
    imports this module: named here by its shape so the two do not import each other)."""

    def _apply(self, edit: Edit) -> None: ...

    def _revert(self, edit: Edit) -> None: ...


class EditCommand(QUndoCommand):
    """Base: wraps a gamecore :class:`Edit`; subclasses set ``ID`` (merge family)."""

    ID = -1  # -1: never merges

    def __init__(self, document: Document, edit: Edit):
        super().__init__(edit.label)
        self.document = document
        self.edit = edit
        self._skip_redo = edit.applied

    def id(self) -> int:
        return self.ID

    def redo(self) -> None:
        if self._skip_redo:
            self._skip_redo = False
            return
        self.document._apply(self.edit)

    def undo(self) -> None:
        self.document._revert(self.edit)

    def mergeWith(self, other: QUndoCommand) -> bool:
        if self.ID < 0 or not isinstance(other, EditCommand) or other.id() != self.id():
            return False
        merged = self.edit.merge(other.edit)
        if merged is None:
            return False
        self.edit = merged
        self.setText(merged.label)
        if merged.is_noop():
            self.setObsolete(True)
        return True


class ZoneAttrsCommand(EditCommand):
    ID = 1


class OwnershipCommand(EditCommand):
    ID = 2


class LinkAttrsCommand(EditCommand):
    ID = 3


class FacilityAttrsCommand(EditCommand):
    ID = 4


class LineAttrsCommand(EditCommand):
    ID = 5


class TerrainAreaAttrsCommand(EditCommand):
    ID = 11


class BorderAttrsCommand(EditCommand):
    ID = 6


class NationAttrsCommand(EditCommand):
    ID = 7


class GeometryCommand(EditCommand):
    """Geometry edits (drags of the vertex tool merge when their edit supports it)."""

    ID = 8


class ItemsCommand(EditCommand):
    """Adding and removing features (never merges)."""


class ScenarioCommand(EditCommand):
    """Scenario edits (gamecore.ops.scenario): typed text of one field merges."""

    ID = 10


class CompositeCommand(EditCommand):
    """Several edits as one step (never merges)."""


COMMANDS: dict[str, type[EditCommand]] = {
    "zone": ZoneAttrsCommand,
    "ownership": OwnershipCommand,
    "link": LinkAttrsCommand,
    "facility": FacilityAttrsCommand,
    "line": LineAttrsCommand,
    "border": BorderAttrsCommand,
    "terrain_area": TerrainAreaAttrsCommand,
    "nation": NationAttrsCommand,
    "geometry": GeometryCommand,
    "items": ItemsCommand,
    "composite": CompositeCommand,
    "scenario": ScenarioCommand,
}


def command_for(document: Document, edit: Edit) -> EditCommand:
    """The undo command of ``edit``'s family (new families register in COMMANDS)."""
    return COMMANDS.get(edit.family, EditCommand)(document, edit)
