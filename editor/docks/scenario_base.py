"""What the pages of the Scenario dock share: the panel they belong to, and helpers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QListWidget,
    QSpinBox,
    QTableWidget,
    QTreeWidget,
    QWidget,
)

from gamecore.model import Pack, Scenario

if TYPE_CHECKING:
    from editor.docks.scenario import ScenarioPanel


class Page(QWidget):
    """A page of the Scenario dock. ``refresh()`` shows the current scenario; edits go
    through ``self.push(edit)`` (one undo step each; a refused edit shows its message)."""

    title = "Page"

    def __init__(self, panel: ScenarioPanel):
        super().__init__()
        self.panel = panel
        self.updating = False

    @property
    def pack(self) -> Pack | None:
        doc = self.panel.document
        return doc.pack if doc is not None else None

    @property
    def sc(self) -> Scenario | None:
        return self.panel.scenario()

    @property
    def sid(self) -> str | None:
        sc = self.sc
        return sc.id if sc is not None else None

    def push(self, edit) -> bool:
        return self.panel.push(edit)

    def selected_zones(self) -> list[int]:
        doc = self.panel.document
        return doc.selection.zones() if doc is not None else []

    def refresh(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    #: zone fields whose change this page shows (names and codes label zones everywhere)
    ZONE_FIELDS = frozenset({"zone.name", "zone.code"})

    def watches(self, change) -> bool:
        """Whether ``change`` (a gamecore Change) alters what this page shows; pages not
        touched by an edit are not rebuilt (an edit costs what it changes)."""
        return bool(
            change.scenarios
            or change.nations
            or change.created_zones
            or change.deleted_zones
            or change.fields & self.ZONE_FIELDS
        )


def swatch(colour: str, size: int = 12) -> QIcon:
    pm = QPixmap(size, size)
    pm.fill(QColor(colour))
    return QIcon(pm)


def nation_ids(pack: Pack | None) -> list[str]:
    return list(pack.nations) if pack is not None else []


def blank_fields(widget: QWidget) -> None:
    """Empty the fields under ``widget`` (texts, spin boxes at their minimum, combos with
    nothing chosen, lists and tables emptied, no signal sent): a page with nothing to
    show shows nothing, never the previous document's values (#37)."""
    for w in widget.findChildren(QWidget):
        if isinstance(w, QLineEdit) and isinstance(w.parent(), QAbstractSpinBox | QComboBox):
            continue  # (a spin box's or an editable combo's own line edit)
        old = w.blockSignals(True)
        try:
            if isinstance(w, QLineEdit):
                w.clear()
            elif isinstance(w, QSpinBox):
                w.setValue(w.minimum())
            elif isinstance(w, QComboBox):
                w.setCurrentIndex(-1)
                if w.isEditable():
                    w.setEditText("")
            elif isinstance(w, QListWidget | QTreeWidget):
                w.clear()
            elif isinstance(w, QTableWidget):
                w.setRowCount(0)
            elif isinstance(w, QAbstractButton) and w.isCheckable():
                w.setChecked(False)
        finally:
            w.blockSignals(old)
