"""Zones dock: a sortable, filterable table of zones (code, name, kind, owner, value,
terrain) whose row selection is the map's zone selection."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from editor.document import Document
from gamecore.model import Pack

COLUMNS = ("code", "name", "kind", "owner", "value", "terrain")
TITLES = ("Code", "Name", "Kind", "Owner", "Value", "Terrain")
ZONE_ID = Qt.ItemDataRole.UserRole + 1


class ZoneTableModel(QAbstractTableModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.pack = Pack()
        self.scenario_id: str | None = None
        self.ids: list[int] = []
        self.row_of: dict[int, int] = {}

    def set_pack(self, pack: Pack, scenario_id: str | None) -> None:
        self.beginResetModel()
        self.pack = pack
        self.scenario_id = scenario_id
        self.ids = list(pack.map.zones)
        self.row_of = {zid: r for r, zid in enumerate(self.ids)}
        self.endResetModel()

    def set_scenario(self, scenario_id: str | None) -> None:
        self.scenario_id = scenario_id
        if self.ids:
            col = COLUMNS.index("owner")
            self.dataChanged.emit(self.index(0, col), self.index(len(self.ids) - 1, col))

    def zones_changed(self, zone_ids) -> None:
        if set(zone_ids) - set(self.row_of) or len(self.ids) != len(self.pack.map.zones):
            self.set_pack(self.pack, self.scenario_id)  # zones were added or removed
            return
        for zid in zone_ids:
            r = self.row_of.get(zid)
            if r is not None:
                self.dataChanged.emit(self.index(r, 0), self.index(r, len(COLUMNS) - 1))

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.ids)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return TITLES[section]
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        zid = self.ids[index.row()]
        if role == ZONE_ID:
            return zid
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if role == Qt.ItemDataRole.TextAlignmentRole and COLUMNS[index.column()] == "value":
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return None
        z = self.pack.map.zones.get(zid)
        if z is None:
            return None
        col = COLUMNS[index.column()]
        if col == "owner":
            sc = self.pack.scenarios.get(self.scenario_id) if self.scenario_id else None
            return (sc.owner_of(zid) if sc else None) or ""
        return getattr(z, col)


class ZoneFilter(QSortFilterProxyModel):
    """Matches the filter text against every column (case-insensitive); "kind:sea" or
    "owner:GER" matches one column exactly."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.text = ""
        self.setSortRole(Qt.ItemDataRole.DisplayRole)

    def set_text(self, text: str) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt >= 6.9
            self.beginFilterChange()
            self.text = text.strip().casefold()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:  # pragma: no cover - older Qt
            self.text = text.strip().casefold()
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, row: int, parent) -> bool:
        if not self.text:
            return True
        model = self.sourceModel()
        words = self.text.split()
        for word in words:
            col_name, sep, want = word.partition(":")
            if sep and col_name in COLUMNS:
                v = model.data(model.index(row, COLUMNS.index(col_name)))
                if str(v).casefold() != want:
                    return False
                continue
            if not any(
                word in str(model.data(model.index(row, c))).casefold() for c in range(len(COLUMNS))
            ):
                return False
        return True


class ZonesPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.document: Document | None = None
        self.model = ZoneTableModel(self)
        self.proxy = ZoneFilter(self)
        self.proxy.setSourceModel(self.model)
        self.filter = QLineEdit(self)
        self.filter.setObjectName("zonesFilter")
        self.filter.setPlaceholderText("Filter zones (text, or kind:sea, owner:GER)")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.proxy.set_text)
        self.table = QTableView(self)
        self.table.setObjectName("zonesTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(20)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setAlternatingRowColors(True)
        # fixed widths: sizing to contents reads every cell (slow for big maps)
        for col, width in enumerate((56, 150, 50, 52, 46, 70)):
            self.table.setColumnWidth(col, width)
        self.table.selectionModel().selectionChanged.connect(self._table_selection)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        lay.addWidget(self.filter)
        lay.addWidget(self.table)
        self._syncing = False

    def set_document(self, doc: Document) -> None:
        if self.document is not None:
            self.document.selection.changed.disconnect(self.sync_from_selection)
        self.document = doc
        self._syncing = True
        self.model.set_pack(doc.pack, doc.scenario_id)
        self._syncing = False
        doc.selection.changed.connect(self.sync_from_selection)
        self.sync_from_selection()

    def zones_changed(self, zone_ids) -> None:
        self.model.zones_changed(zone_ids)

    def _table_selection(self, *_args) -> None:
        if self._syncing or self.document is None:
            return
        rows = self.table.selectionModel().selectedRows()
        zones = [self.proxy.data(idx, ZONE_ID) for idx in rows]
        sel = self.document.selection
        others = [i for i in sel.items if i[0] != "zone"]
        # keep the order of zones already selected, then the new ones
        keep = [i for i in sel.items if i[0] == "zone" and i[1] in set(zones)]
        new = [("zone", z) for z in zones if ("zone", z) not in keep]
        sel.set(keep + new + others)

    def sync_from_selection(self) -> None:
        if self.document is None:
            return
        zones = self.document.selection.zones()
        sm = self.table.selectionModel()
        selection = QItemSelection()
        first: QModelIndex | None = None
        last_col = len(COLUMNS) - 1
        for zid in zones:
            r = self.model.row_of.get(zid)
            if r is None:
                continue
            a = self.proxy.mapFromSource(self.model.index(r, 0))
            if not a.isValid():
                continue  # filtered out
            b = self.proxy.mapFromSource(self.model.index(r, last_col))
            selection.select(a, b)
            first = first or a
        self._syncing = True
        try:
            sm.select(selection, QItemSelectionModel.SelectionFlag.ClearAndSelect)
            if first is not None:
                sm.setCurrentIndex(first, QItemSelectionModel.SelectionFlag.NoUpdate)
                self.table.scrollTo(first)
        finally:
            self._syncing = False
