"""What the pages of the Scenario dock share: the panel they belong to, and helpers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import QWidget

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
