"""Scenario dock pages: Setup (owners of zones, unit palette, per-zone unit table,
copy/paste of a zone's setup, drops of units on the map) and Economy (banks, income with
overrides and a warning when an override disagrees with the owned zone values)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt
from PySide6.QtGui import QBrush, QColor, QDrag
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from editor.docks.scenario_base import Page, nation_ids, swatch
from gamecore.ops import (
    AddUnits,
    CopyZoneSetup,
    SetBank,
    SetIncomeOverride,
    SetOwnerships,
    SetUnits,
    computed_income,
)

UNIT_MIME = "application/x-warroom-unit"


class UnitPalette(QListWidget):
    """The ruleset's unit types; drag one onto a zone of the map."""

    def __init__(self, page: SetupPage):
        super().__init__()
        self.page = page
        self.setObjectName("unitPalette")
        self.setDragEnabled(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)

    def startDrag(self, _actions) -> None:
        item = self.currentItem()
        if item is None:
            return
        mime = QMimeData()
        mime.setData(UNIT_MIME, item.data(Qt.ItemDataRole.UserRole).encode())
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.exec(Qt.DropAction.CopyAction)


class MapDropFilter(QObject):
    """Accepts unit drops on the map view's viewport: adds units to the zone under it."""

    def __init__(self, page: SetupPage, view):
        super().__init__(view)
        self.page = page
        self.view = view

    def eventFilter(self, obj, event) -> bool:
        t = event.type()
        if t in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            if event.mimeData().hasFormat(UNIT_MIME):
                event.acceptProposedAction()
                return True
        elif t == QEvent.Type.Drop and event.mimeData().hasFormat(UNIT_MIME):
            unit = bytes(event.mimeData().data(UNIT_MIME)).decode()
            pos = self.view.mapToScene(event.position().toPoint())
            zone = self.view.scene().zone_at(pos)
            if zone is not None:
                self.page.drop_units(zone, unit)
            event.acceptProposedAction()
            return True
        return False


class SetupPage(Page):
    def watches(self, change) -> bool:
        return bool(change.ownership) or super().watches(change)

    title = "Setup"

    def __init__(self, panel):
        super().__init__(panel)
        self.clipboard: int | None = None
        self.nation = QComboBox(objectName="setupNation")
        self.nation.currentIndexChanged.connect(lambda _i: self._fill_palette())
        self.owner_to = QPushButton("Owner of selected zones", objectName="setOwner")
        self.owner_to.clicked.connect(lambda: self.set_owner(self.current_nation()))
        self.original_to = QPushButton("Original owner", objectName="setOriginal")
        self.original_to.clicked.connect(lambda: self.set_owner(self.current_nation(), True))
        clear = QPushButton("Clear owner", objectName="clearOwner")
        clear.clicked.connect(lambda: self.set_owner(None))
        self.palette = UnitPalette(self)
        self.count = QSpinBox(objectName="setupCount")
        self.count.setRange(1, 999)
        add = QPushButton("Add to selected zones", objectName="addUnits")
        add.clicked.connect(lambda: self.add_to_selection())
        remove = QPushButton("Remove", objectName="removeUnits")
        remove.clicked.connect(lambda: self.add_to_selection(-self.count.value()))
        self.table = QTableWidget(objectName="zoneUnits")
        self.table.setColumnCount(3)
        self.table.setHorizontalHeaderLabels(["Nation", "Unit", "Count"])
        self.zone_label = QLabel("Select a zone on the map")
        self.zone_label.setWordWrap(True)  # a long name must not widen the dock
        copy = QPushButton("Copy setup", objectName="copySetup")
        copy.clicked.connect(self.copy_setup)
        paste = QPushButton("Paste to selection", objectName="pasteSetup")
        paste.clicked.connect(self.paste_setup)
        form = QFormLayout()
        form.addRow("Nation", self.nation)
        owners = QHBoxLayout()
        for b in (self.owner_to, self.original_to, clear):
            owners.addWidget(b)
        units = QHBoxLayout()
        units.addWidget(self.count)
        units.addWidget(add)
        units.addWidget(remove)
        paste_row = QHBoxLayout()
        paste_row.addWidget(copy)
        paste_row.addWidget(paste)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addLayout(owners)
        lay.addWidget(QLabel("Unit palette (drag onto a zone of the map)"))
        lay.addWidget(self.palette, 1)
        lay.addLayout(units)
        lay.addWidget(self.zone_label)
        lay.addWidget(self.table, 1)
        lay.addLayout(paste_row)

    def current_nation(self) -> str | None:
        return self.nation.currentData()

    def current_unit(self) -> str | None:
        item = self.palette.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def select_unit(self, unit: str) -> None:
        for i in range(self.palette.count()):
            if self.palette.item(i).data(Qt.ItemDataRole.UserRole) == unit:
                self.palette.setCurrentRow(i)

    def set_nation(self, nation: str) -> None:
        self.nation.setCurrentIndex(self.nation.findData(nation))

    # -- edits
    def set_owner(self, nation: str | None, original: bool = False, both: bool = False) -> bool:
        zones = self.selected_zones()
        if self.sc is None or not zones:
            self.panel.show_message("select zones on the map first")
            return False
        kw = {"original": nation} if original else {"owner": nation}
        if both:
            kw = {"owner": nation, "original": nation}
        return self.push(SetOwnerships(self.sc.id, zones, **kw))

    def add_to_selection(self, count: int | None = None) -> bool:
        zones, n, u = self.selected_zones(), self.current_nation(), self.current_unit()
        if self.sc is None or not zones or n is None or u is None:
            self.panel.show_message("pick a nation, a unit type and zones on the map")
            return False
        return self.push(AddUnits(self.sc.id, zones, n, u, count or self.count.value()))

    def drop_units(self, zone: int, unit: str) -> bool:
        n = self.current_nation()
        if self.sc is None or n is None:
            return False
        return self.push(AddUnits(self.sc.id, [zone], n, unit, self.count.value()))

    def copy_setup(self) -> None:
        zones = self.selected_zones()
        self.clipboard = zones[0] if zones else None
        if self.clipboard is not None:
            z = self.pack.map.zones[self.clipboard]
            self.panel.show_message(f"copied the setup of {z.code}")

    def paste_setup(self) -> bool:
        if self.sc is None or self.clipboard is None:
            return False
        return self.push(CopyZoneSetup(self.sc.id, self.clipboard, self.selected_zones()))

    def _count_edited(self, zone: int, nation: str, unit: str, spin: QSpinBox) -> None:
        if not self.updating:
            self.push(SetUnits(self.sid, [zone], nation, unit, spin.value()))

    # -- view
    def refresh(self) -> None:
        sc = self.sc
        self.setEnabled(sc is not None)
        self.updating = True
        keep = self.current_nation()
        self.nation.clear()
        pack = self.pack
        for n in nation_ids(pack):
            self.nation.addItem(swatch(pack.nations[n].colour), n, n)
        i = self.nation.findData(keep)
        self.nation.setCurrentIndex(max(i, 0))
        self.updating = False
        self._fill_palette()
        self.selection_changed()

    def _fill_palette(self) -> None:
        keep = self.current_unit()
        self.palette.clear()
        rules = self.panel.ruleset()
        types = list(rules.units.values()) if rules is not None else []
        for ut in types:
            item = QListWidgetItem(f"{ut.name} ({ut.domain}, {ut.cost})")
            item.setData(Qt.ItemDataRole.UserRole, ut.id)
            self.palette.addItem(item)
        if keep:
            self.select_unit(keep)

    def selection_changed(self) -> None:
        sc = self.sc
        zones = self.selected_zones()
        self.updating = True
        self.table.setRowCount(0)
        if sc is None or len(zones) != 1:
            self.zone_label.setText(
                "Select one zone to see its units" if zones else "Select a zone on the map"
            )
            self.updating = False
            return
        zid = zones[0]
        z = self.pack.map.zones[zid]
        owner = sc.ownership.get(zid)
        who = (
            f"owner {owner.owner or '—'}, original {owner.original or '—'}" if owner else "no owner"
        )
        self.zone_label.setText(f"{z.code} — {z.name}: {who}")
        stacks = [u for u in sc.units if u.zone == zid]
        self.table.setRowCount(len(stacks))
        for row, st in enumerate(stacks):
            self.table.setItem(row, 0, QTableWidgetItem(st.nation))
            self.table.setItem(row, 1, QTableWidgetItem(st.unit_type))
            spin = QSpinBox()
            spin.setRange(0, 999)
            spin.setValue(st.count)
            if st.props:
                spin.setEnabled(False)
                spin.setToolTip(f"{st.props}")
            spin.editingFinished.connect(
                lambda st=st, spin=spin: self._count_edited(st.zone, st.nation, st.unit_type, spin)
            )
            self.table.setCellWidget(row, 2, spin)
        self.updating = False


class EconomyPage(Page):
    title = "Economy"
    ZONE_FIELDS = Page.ZONE_FIELDS | {"zone.value"}  # income counts the owned zones' values

    def watches(self, change) -> bool:
        return bool(change.ownership) or super().watches(change)

    COLS = ("Nation", "Income (zones)", "Income override", "Bank", "")

    def __init__(self, panel):
        super().__init__(panel)
        self.table = QTableWidget(objectName="economyTable")
        self.table.setColumnCount(len(self.COLS))
        self.table.setHorizontalHeaderLabels(list(self.COLS))
        self.warning = QLabel("", objectName="economyWarning")
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet("color: #b00000")
        lay = QVBoxLayout(self)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.warning)

    def set_bank(self, nation: str, amount: int | None) -> bool:
        if self.sc is None or self.sc.banks.get(nation) == amount:
            return True
        return self.push(SetBank(self.sc.id, nation, amount))

    def set_override(self, nation: str, amount: int | None) -> bool:
        if self.sc is None or self.sc.income_overrides.get(nation) == amount:
            return True
        return self.push(SetIncomeOverride(self.sc.id, nation, amount))

    def warnings(self) -> list[str]:
        sc, pack = self.sc, self.pack
        out = []
        if sc is None:
            return out
        for n, amount in sc.income_overrides.items():
            income = computed_income(pack, sc, n)
            if amount != income:
                out.append(f"{n}: income override {amount} differs from its zones' value {income}")
        return out

    def refresh(self) -> None:
        sc, pack = self.sc, self.pack
        self.setEnabled(sc is not None)
        self.updating = True
        ns = nation_ids(pack) if sc is not None else []
        self.table.setRowCount(len(ns))
        for row, n in enumerate(ns):
            income = computed_income(pack, sc, n)
            self.table.setItem(row, 0, QTableWidgetItem(swatch(pack.nations[n].colour), n))
            self.table.setItem(row, 1, QTableWidgetItem(str(income)))
            over = QSpinBox(objectName=f"override_{n}")
            over.setRange(-1, 100000)
            over.setSpecialValueText("—")
            over.setValue(sc.income_overrides.get(n, -1))
            over.editingFinished.connect(
                lambda n=n, w=over: self.set_override(n, w.value() if w.value() >= 0 else None)
            )
            self.table.setCellWidget(row, 2, over)
            bank = QSpinBox(objectName=f"bank_{n}")
            bank.setRange(0, 100000)
            bank.setValue(sc.banks.get(n, 0))
            bank.editingFinished.connect(lambda n=n, w=bank: self.set_bank(n, w.value() or None))
            self.table.setCellWidget(row, 3, bank)
            note = QTableWidgetItem("")
            amount = sc.income_overrides.get(n)
            if amount is not None and amount != income:
                note.setText(f"⚠ override ≠ {income}")
                note.setForeground(QBrush(QColor("#b00000")))
            self.table.setItem(row, 4, note)
        self.table.resizeColumnsToContents()
        self.warning.setText("\n".join(self.warnings()))
        self.updating = False
