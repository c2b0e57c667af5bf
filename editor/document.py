"""The open document: a pack, the file it lives in, its undo stack and its selection.

Views never change the pack: they push gamecore edits (``document.push(edit)``) and
listen to ``changed(Change)`` (what an edit, undo or redo touched) and ``reset()``
(the whole pack was replaced: open, revert, recovery).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from editor.commands import command_for
from gamecore.model import Pack
from gamecore.ops import Change, Edit

Item = tuple[str, int]


class Selection(QObject):
    """The selected zones and features, as ordered ``(kind, id)`` pairs; kinds:
    "zone", "link", "facility", "line", "terrain_area"."""

    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.items: list[Item] = []

    def set(self, items) -> None:
        new = list(dict.fromkeys(items))
        if new != self.items:
            self.items = new
            self.changed.emit()

    def add(self, items) -> None:
        self.set(self.items + list(items))

    def toggle(self, item: Item) -> None:
        if item in self.items:
            self.set([i for i in self.items if i != item])
        else:
            self.set(self.items + [item])

    def zones(self) -> list[int]:
        return [i for k, i in self.items if k == "zone"]

    def of_kind(self, kind: str) -> list[int]:
        return [i for k, i in self.items if k == kind]

    def kinds(self) -> set[str]:
        return {k for k, _ in self.items}

    def prune(self, pack: Pack) -> None:
        """Drop items that no longer exist (after undo of a creation, a reload, ...)."""
        m = pack.map
        tables = {
            "zone": m.zones,
            "link": m.links,
            "facility": m.facilities,
            "line": m.lines,
            "terrain_area": m.terrain_areas,
        }
        self.set([(k, i) for k, i in self.items if i in tables.get(k, {})])


class Document(QObject):
    """A pack being edited. ``packfile`` is the open :class:`gamecore.store.PackFile`
    (None for a new or demo pack that has not been saved yet)."""

    changed = Signal(object)  # gamecore.ops.Change
    reset = Signal()
    modifiedChanged = Signal(bool)
    scenarioChanged = Signal(str)

    def __init__(self, pack: Pack, packfile: Any = None, title: str = "", parent=None):
        super().__init__(parent)
        self.pack = pack
        self.packfile = packfile
        self.title = title
        self.undo_stack = QUndoStack(self)
        self.selection = Selection(self)
        self.scenario_id: str | None = next(iter(pack.scenarios), None)
        self._dirty = False  # modified without an undo step (e.g. recovered changes)
        self._autosaved_index = 0
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    def _clean_changed(self, _clean: bool) -> None:
        self.modifiedChanged.emit(self.modified)

    def dispose(self) -> None:
        """Before the document is deleted: no more signals from its undo stack."""
        self.undo_stack.cleanChanged.disconnect(self._clean_changed)
        self.undo_stack.blockSignals(True)

    # -- identity --------------------------------------------------------------------------
    @property
    def path(self) -> Path | None:
        return Path(self.packfile.path) if self.packfile is not None else None

    @property
    def display_name(self) -> str:
        if self.path is not None:
            return self.path.name
        return self.title or "Untitled"

    @property
    def readonly(self) -> bool:
        return bool(self.packfile is not None and getattr(self.packfile, "readonly", False))

    # -- modified state --------------------------------------------------------------------
    @property
    def modified(self) -> bool:
        return self._dirty or not self.undo_stack.isClean()

    def set_dirty(self, dirty: bool = True) -> None:
        was = self.modified
        self._dirty = dirty
        if self.modified != was:
            self.modifiedChanged.emit(self.modified)

    def mark_saved(self) -> None:
        self._dirty = False
        self.undo_stack.setClean()
        self._autosaved_index = self.undo_stack.index()
        self.modifiedChanged.emit(self.modified)

    def needs_autosave(self) -> bool:
        return self.modified and (self._dirty or self.undo_stack.index() != self._autosaved_index)

    def mark_autosaved(self) -> None:
        self._autosaved_index = self.undo_stack.index()

    # -- editing ---------------------------------------------------------------------------
    def push(self, edit: Edit) -> Change:
        """Apply ``edit`` and put it on the undo stack. Raises the edit's
        :class:`gamecore.ops.EditError` (and changes nothing) when it cannot apply."""
        change = edit.apply(self.pack)
        command = command_for(self, edit)
        self.changed.emit(change)
        self.undo_stack.push(command)
        self.selection.prune(self.pack)
        return change

    def _apply(self, edit: Edit) -> None:
        self.changed.emit(edit.apply(self.pack))
        self.selection.prune(self.pack)

    def _revert(self, edit: Edit) -> None:
        self.changed.emit(edit.revert(self.pack))
        self.selection.prune(self.pack)

    # -- scenario --------------------------------------------------------------------------
    def set_scenario(self, scenario_id: str | None) -> None:
        if scenario_id not in self.pack.scenarios:
            scenario_id = next(iter(self.pack.scenarios), None)
        if scenario_id != self.scenario_id:
            self.scenario_id = scenario_id
            self.scenarioChanged.emit(scenario_id or "")

    def replace_pack(self, pack: Pack) -> None:
        """The pack was replaced wholesale (revert, recovery): history no longer applies."""
        self.pack = pack
        self.undo_stack.clear()
        self.selection.set([])
        if self.scenario_id not in pack.scenarios:
            self.scenario_id = next(iter(pack.scenarios), None)
        self.reset.emit()
