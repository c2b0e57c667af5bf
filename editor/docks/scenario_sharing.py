"""The Scenario dock's "Sharing" page: The War Game's sharing matrix (seeds/002 'Sharing
Territories', rules-notes/002 §2.3). One table of nations per kind (sea, land, aircraft
landing, liberation); checking a cell is one undoable :class:`SetSharing` edit. Symmetric
kinds mirror across the diagonal; ``liberate`` reads row (liberator) → column (owner)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from editor.docks.scenario_base import Page
from gamecore.model.sharing import SHARING_KINDS, shares
from gamecore.ops.scenario import SetSharing

KIND_TEXT = {
    "sea": "share sea zones",
    "land": "share land",
    "air": "land aircraft on the other's land",
    "liberate": "liberate for (row frees, column gets it back)",
}


class SharingPage(Page):
    title = "Sharing"

    def __init__(self, panel):
        super().__init__(panel)
        self.kind = QComboBox(objectName="sharingKind")
        for k in SHARING_KINDS:
            self.kind.addItem(f"{k}: {KIND_TEXT[k]}", k)
        self.kind.currentIndexChanged.connect(lambda _i: self.refresh())
        self.table = QTableWidget(objectName="sharingMatrix")
        self.table.itemChanged.connect(self._changed)
        self.note = QLabel("", objectName="sharingNote")
        self.note.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(QLabel("Nations may"))
        row.addWidget(self.kind, 1)
        lay = QVBoxLayout(self)
        lay.addLayout(row)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.note)

    def current_kind(self) -> str:
        return self.kind.currentData() or SHARING_KINDS[0]

    def nations(self) -> list[str]:
        pack = self.pack
        if pack is None:
            return []
        return [n for n, nat in pack.nations.items() if nat.kind != "neutral"]

    def refresh(self) -> None:
        sc = self.sc
        self.setEnabled(sc is not None)
        ns = self.nations() if sc is not None else []
        kind = self.current_kind()
        self.updating = True
        self.table.clear()
        self.table.setRowCount(len(ns))
        self.table.setColumnCount(len(ns))
        self.table.setHorizontalHeaderLabels(ns)
        self.table.setVerticalHeaderLabels(ns)
        for i, a in enumerate(ns):
            for j, b in enumerate(ns):
                item = QTableWidgetItem("")
                if a == b:
                    item.setFlags(Qt.ItemFlag.NoItemFlags)
                else:
                    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                    on = shares(sc, kind, a, b)
                    item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
                    item.setData(Qt.ItemDataRole.UserRole, (a, b))
                    verb = "may" if on else "may not"
                    item.setToolTip(f"{a} {verb} {KIND_TEXT[kind]} {b}")
                self.table.setItem(i, j, item)
        self.table.resizeColumnsToContents()
        self.updating = False
        if sc is None:
            self.note.setText("")
        elif "sharing" in sc.props:
            self.note.setText("The scenario's own matrix (rules-notes/002 §2.3).")
        else:
            self.note.setText(
                "No matrix yet: nations of one alliance share everything. "
                "The first change writes the whole matrix."
            )

    def set_sharing(self, kind: str, a: str, b: str, allowed: bool) -> bool:
        sc = self.sc
        if sc is None:
            return False
        if shares(sc, kind, a, b) == allowed:
            return True
        return self.push(SetSharing(sc.id, kind, a, b, allowed))

    def _changed(self, item: QTableWidgetItem) -> None:
        if self.updating:
            return
        pair = item.data(Qt.ItemDataRole.UserRole)
        if not pair:
            return
        kind = self.current_kind()
        allowed = item.checkState() == Qt.CheckState.Checked
        if not self.set_sharing(kind, pair[0], pair[1], allowed):
            self.refresh()

    def watches(self, change) -> bool:
        return bool(change.scenarios or change.nations)


__all__ = ["SharingPage"]
