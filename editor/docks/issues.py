"""The Issues dock: what the validator found, sortable and filterable; double-click
locates the problem on the map, "Fix" applies the check's fix as one undo step, "Ignore"
adds the issue to the pack's ignore list (also undoable)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

SEVERITY_COLOURS = {"error": "#d7301f", "warning": "#fc8d59", "info": "#4a90d9"}
COLUMNS = ("Severity", "Code", "Message", "Scenario", "Zones")


def _severity_icon(severity: str) -> QIcon:
    pm = QPixmap(12, 12)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(QColor(SEVERITY_COLOURS.get(severity, "#888888")))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawEllipse(1, 1, 10, 10)
    p.end()
    return QIcon(pm)


class IssuesModel(QAbstractTableModel):
    RANK = {"error": 0, "warning": 1, "info": 2}

    def __init__(self, parent=None):
        super().__init__(parent)
        self.issues: list = []
        self.zone_names: dict[int, str] = {}
        self._icons = {s: _severity_icon(s) for s in SEVERITY_COLOURS}

    def set_issues(self, issues, zone_names: dict[int, str]) -> None:
        self.beginResetModel()
        self.issues = list(issues)
        self.zone_names = zone_names
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 - Qt name
        return 0 if parent.isValid() else len(self.issues)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        issue = self.issues[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return issue.severity
            if col == 1:
                return issue.code
            if col == 2:
                return issue.message + ("  [fix available]" if issue.fix else "")
            if col == 3:
                return issue.scenario or ""
            return ", ".join(self.zone_names.get(z, str(z)) for z in issue.zones[:4]) + (
                "…" if len(issue.zones) > 4 else ""
            )
        if role == Qt.ItemDataRole.DecorationRole and col == 0:
            return self._icons.get(issue.severity)
        if role == Qt.ItemDataRole.ToolTipRole:
            return issue.message
        if role == Qt.ItemDataRole.UserRole:  # sort key
            if col == 0:
                return (self.RANK.get(issue.severity, 3), issue.code)
            return self.data(index, Qt.ItemDataRole.DisplayRole)
        return None  # any other role (check state, fonts...): nothing


class _Proxy(QSortFilterProxyModel):
    def lessThan(self, left, right) -> bool:  # noqa: N802 - Qt name
        a = self.sourceModel().data(left, Qt.ItemDataRole.UserRole)
        b = self.sourceModel().data(right, Qt.ItemDataRole.UserRole)
        return a < b


class IssuesPanel(QWidget):
    """Signals carry the :class:`gamecore.validate.Issue` concerned."""

    locateRequested = Signal(object)  # noqa: N815 - Qt signal naming
    fixRequested = Signal(object)  # noqa: N815
    ignoreRequested = Signal(object)  # noqa: N815
    validateRequested = Signal(bool)  # noqa: N815 - include the playtest checks

    def __init__(self, parent=None):
        super().__init__(parent)
        self.model = IssuesModel(self)
        self.proxy = _Proxy(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        for col in (0, 1, 3):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.table.doubleClicked.connect(lambda _i: self._emit(self.locateRequested))
        self.table.selectionModel().selectionChanged.connect(self._update_buttons)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter issues (code, text, zone)")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.fix_button = QPushButton("Fix")
        self.fix_button.setToolTip("Apply the suggested fix (undoable)")
        self.fix_button.clicked.connect(lambda: self._emit(self.fixRequested))
        self.ignore_button = QPushButton("Ignore")
        self.ignore_button.setToolTip("Add this issue to the pack's ignore list (undoable)")
        self.ignore_button.clicked.connect(lambda: self._emit(self.ignoreRequested))
        self.locate_button = QPushButton("Show")
        self.locate_button.clicked.connect(lambda: self._emit(self.locateRequested))
        self.slow = QCheckBox("Playtest checks")
        self.slow.setToolTip("Also play a few smoke rounds (DYN checks) when validating now")
        self.validate_button = QPushButton("Validate now")
        self.validate_button.clicked.connect(
            lambda: self.validateRequested.emit(self.slow.isChecked())
        )
        self.summary = QLabel("Not validated yet")
        top = QHBoxLayout()
        top.addWidget(self.filter, 1)
        for w in (
            self.locate_button,
            self.fix_button,
            self.ignore_button,
            self.slow,
            self.validate_button,
        ):
            top.addWidget(w)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        self._update_buttons()

    def set_report(self, report, zone_names: dict[int, str]) -> None:
        selected = self.current()
        self.model.set_issues(report.issues, zone_names)
        c = report.counts
        text = f"{c['error']} error(s), {c['warning']} warning(s), {c['info']} info"
        if c.get("ignored"):
            text += f", {c['ignored']} ignored"
        self.summary.setText(text)
        if selected is not None:
            for row, issue in enumerate(self.model.issues):
                if issue.key == selected.key and issue.message == selected.message:
                    self.table.selectRow(self.proxy.mapFromSource(self.model.index(row, 0)).row())
                    break
        self._update_buttons()

    def set_running(self, running: bool) -> None:
        if running:
            self.summary.setText("Validating…")

    def current(self):
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.issues[self.proxy.mapToSource(rows[0]).row()]

    def select_row(self, row: int) -> None:
        """Select the ``row``-th issue as shown (sorted and filtered)."""
        self.table.selectRow(row)

    def _emit(self, signal) -> None:
        issue = self.current()
        if issue is not None:
            signal.emit(issue)

    def _update_buttons(self, *_args) -> None:
        issue = self.current()
        self.fix_button.setEnabled(issue is not None and issue.fix is not None)
        self.ignore_button.setEnabled(issue is not None)
        # every issue can be shown: its zones, its point, the features it names, or the
        # Scenario dock page that holds what it is about
        self.locate_button.setEnabled(
            issue is not None and bool(issue.zones or issue.point or issue.refs or issue.scenario)
        )
