"""Scenario dock pages: General (fields, optional rules), Nations, Alliances and
relations, Turn order."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QColorDialog,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from editor.docks.scenario_base import Page, nation_ids, swatch
from gamecore.errors import WarroomError
from gamecore.model import Alliance, Nation
from gamecore.model.scenario import NATION_KINDS, RELATIONS
from gamecore.ops import (
    AddAlliance,
    AddNation,
    RemoveAlliance,
    RemoveNation,
    SetAlliance,
    SetNationAttrs,
    SetNationFlag,
    SetRelation,
    SetScenarioFields,
    SetTurnOrder,
)
from gamecore.ops.scenario import CALENDARS


def _ruleset_ids(pack) -> list[str]:
    try:
        from gamecore.rules.ruleset import bundled_rulesets

        ids = list(bundled_rulesets())
    except Exception:  # noqa: BLE001 - the list is a convenience
        ids = []
    if pack is not None:
        ids += [r for r in pack.rulesets if r not in ids]
    return ids


# -- General ------------------------------------------------------------------------------------
class GeneralPage(Page):
    title = "General"

    def __init__(self, panel):
        super().__init__(panel)
        form = QFormLayout()
        self.name = QLineEdit(objectName="scenarioName")
        self.name.editingFinished.connect(lambda: self._set("name", self.name.text()))
        self.ruleset = QComboBox(objectName="scenarioRuleset")
        self.ruleset.setEditable(True)
        self.ruleset.activated.connect(lambda _i: self._set("ruleset", self.ruleset.currentText()))
        self.start = QLineEdit(objectName="scenarioStart")
        self.start.setPlaceholderText("e.g. 1939-09")
        self.start.editingFinished.connect(lambda: self._set("start", self.start.text()))
        self.calendar = QComboBox(objectName="scenarioCalendar")
        self.calendar.addItems(list(CALENDARS))
        self.calendar.activated.connect(
            lambda _i: self._set("calendar", self.calendar.currentText())
        )
        self.rounds = QSpinBox(objectName="scenarioRounds")
        self.rounds.setRange(0, 999)
        self.rounds.setSpecialValueText("until victory")
        self.rounds.editingFinished.connect(
            lambda: self._set("rounds", self.rounds.value() or None)
        )
        form.addRow("Name", self.name)
        form.addRow("Ruleset", self.ruleset)
        form.addRow("Start", self.start)
        form.addRow("Turn length", self.calendar)
        form.addRow("Rounds", self.rounds)
        self.options = QListWidget(objectName="scenarioOptions")
        self.options.itemChanged.connect(self._option_toggled)
        self.options_note = QLabel("")
        self.options_note.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(QLabel("Optional rules (ruleset options, per scenario)"))
        lay.addWidget(self.options, 1)
        lay.addWidget(self.options_note)

    def _set(self, field, value) -> None:
        sc = self.sc
        if self.updating or sc is None or getattr(sc, field) == value:
            return
        if not self.push(SetScenarioFields(sc.id, field, value)):
            self.refresh()

    def _option_toggled(self, item: QListWidgetItem) -> None:
        sc = self.sc
        if self.updating or sc is None:
            return
        name = item.data(Qt.ItemDataRole.UserRole)
        default = item.data(Qt.ItemDataRole.UserRole + 1)
        on = item.checkState() == Qt.CheckState.Checked
        value = None if on == default else on  # store only what differs from the ruleset
        if sc.options.get(name) != value:
            self.push(SetScenarioFields(sc.id, f"option:{name}", value))

    def refresh(self) -> None:
        sc = self.sc
        self.updating = True
        try:
            self.setEnabled(sc is not None)
            self.ruleset.clear()
            self.ruleset.addItems(_ruleset_ids(self.pack))
            self.options.clear()
            if sc is None:
                return
            self.name.setText(sc.name)
            self.ruleset.setCurrentText(sc.ruleset)
            self.start.setText(sc.start)
            i = self.calendar.findText(sc.calendar)
            if i < 0:
                self.calendar.addItem(sc.calendar)
                i = self.calendar.count() - 1
            self.calendar.setCurrentIndex(i)
            self.rounds.setValue(sc.rounds or 0)
            rules = self.panel.ruleset()
            if rules is None:
                self.options_note.setText(f"ruleset {sc.ruleset!r} cannot be loaded")
                return
            self.options_note.setText("")
            for name, default in rules.options.items():
                if not isinstance(default, bool):
                    continue
                item = QListWidgetItem(name.replace("_", " "))
                item.setData(Qt.ItemDataRole.UserRole, name)
                item.setData(Qt.ItemDataRole.UserRole + 1, default)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                on = sc.options.get(name, default)
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
                if name in sc.options:
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                    item.setToolTip(f"changed from the ruleset's default ({default})")
                self.options.addItem(item)
        finally:
            self.updating = False

    def set_option(self, name: str, on: bool) -> None:
        for i in range(self.options.count()):
            item = self.options.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == name:
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
                return
        raise WarroomError(f"no boolean option {name!r} in the scenario's ruleset")


# -- Nations ------------------------------------------------------------------------------------
class NationsPage(Page):
    title = "Nations"

    def __init__(self, panel):
        super().__init__(panel)
        self.list = QListWidget(objectName="nationList")
        self.list.currentRowChanged.connect(lambda _r: self._show())
        add = QPushButton("Add…", objectName="addNation")
        add.clicked.connect(lambda: self.add_nation())
        rem = QPushButton("Remove", objectName="removeNation")
        rem.clicked.connect(self._remove)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(rem)
        buttons.addStretch(1)
        form = QFormLayout()
        self.code = QLabel()
        self.name = QLineEdit(objectName="nationName")
        self.name.editingFinished.connect(lambda: self._set("name", self.name.text()))
        self.colour = QPushButton(objectName="nationColour")
        self.colour.clicked.connect(self._pick_colour)
        self.kind = QComboBox(objectName="nationKind")
        self.kind.addItems(list(NATION_KINDS))
        self.kind.activated.connect(lambda _i: self._set("kind", self.kind.currentText()))
        self.playable = QCheckBox("player-controlled", objectName="nationPlayable")
        self.playable.toggled.connect(lambda on: self._set("playable", on))
        self.flag = QComboBox(objectName="nationFlag")
        self.flag.activated.connect(lambda _i: self._set_flag(self.flag.currentData()))
        self.capital = QLabel()
        cap = QPushButton("Capital = selected zone", objectName="setCapital")
        cap.clicked.connect(self.capital_from_selection)
        self.home = QLabel()
        self.home.setWordWrap(True)
        home = QPushButton("Home zones = selection", objectName="setHomeZones")
        home.clicked.connect(self.home_from_selection)
        show = QPushButton("Select home zones", objectName="selectHomeZones")
        show.clicked.connect(self._select_home)
        form.addRow("Code", self.code)
        form.addRow("Name", self.name)
        form.addRow("Colour", self.colour)
        form.addRow("Kind", self.kind)
        form.addRow("", self.playable)
        form.addRow("Flag image", self.flag)
        form.addRow("Capital", self.capital)
        form.addRow("", cap)
        form.addRow("Home zones", self.home)
        row = QHBoxLayout()
        row.addWidget(home)
        row.addWidget(show)
        form.addRow("", row)
        lay = QVBoxLayout(self)
        lay.addWidget(self.list, 1)
        lay.addLayout(buttons)
        lay.addLayout(form)

    def current(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def select(self, nation: str) -> None:
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == nation:
                self.list.setCurrentRow(i)

    def add_nation(
        self, code: str | None = None, name: str | None = None, colour: str = "#888888"
    ) -> bool:
        if code is None:
            code, ok = QInputDialog.getText(self, "Add nation", "Code (no spaces, e.g. GER):")
            if not ok or not code:
                return False
        if not self.push(AddNation(Nation(code.strip(), name or code.strip(), colour))):
            return False
        self.select(code.strip())
        return True

    def _remove(self) -> None:
        n = self.current()
        if n is not None:
            self.push(RemoveNation(n))

    def _set(self, field, value) -> None:
        n = self.current()
        pack = self.pack
        if self.updating or pack is None or n not in pack.nations:
            return
        if getattr(pack.nations[n], field) == value:
            return
        if not self.push(SetNationAttrs([n], field, value)):
            self._show()

    def _set_flag(self, image) -> None:
        n = self.current()
        if not self.updating and n is not None and self.pack.nations[n].flag_image != image:
            self.push(SetNationFlag(n, image))

    def _pick_colour(self) -> None:
        n = self.current()
        if n is None:
            return
        c = QColorDialog.getColor(QColor(self.pack.nations[n].colour), self, "Nation colour")
        if c.isValid():
            self._set("colour", c.name())

    def capital_from_selection(self) -> None:
        zones = self.selected_zones()
        if self.current() is not None:
            self._set("capital", zones[0] if zones else None)

    def home_from_selection(self) -> None:
        if self.current() is not None:
            self._set("home_zones", self.selected_zones())

    def _select_home(self) -> None:
        n = self.current()
        doc = self.panel.document
        if n is not None and doc is not None:
            doc.selection.set([("zone", z) for z in doc.pack.nations[n].home_zones])

    def _zone_name(self, zid) -> str:
        z = self.pack.map.zones.get(zid) if zid is not None else None
        return f"{z.code} — {z.name}" if z else "(none)"

    def refresh(self) -> None:
        self.updating = True
        keep = self.current()
        self.list.clear()
        pack = self.pack
        for n in nation_ids(pack):
            nat = pack.nations[n]
            item = QListWidgetItem(swatch(nat.colour), f"{n} — {nat.name} ({nat.kind})")
            item.setData(Qt.ItemDataRole.UserRole, n)
            self.list.addItem(item)
        self.updating = False
        if keep is not None:
            self.select(keep)
        if self.list.currentRow() < 0 and self.list.count():
            self.list.setCurrentRow(0)
        self._show()

    def _show(self) -> None:
        n = self.current()
        pack = self.pack
        self.updating = True
        try:
            for w in (self.name, self.colour, self.kind, self.playable, self.flag):
                w.setEnabled(n is not None)
            if n is None or pack is None or n not in pack.nations:
                for w in (self.code, self.name, self.colour):
                    w.setText("")  # not the nation of the last document (#37)
                self.colour.setIcon(QIcon())
                self.kind.setCurrentIndex(-1)
                self.playable.setChecked(False)
                self.flag.clear()
                return
            nat = pack.nations[n]
            self.code.setText(n)
            self.name.setText(nat.name)
            self.colour.setText(nat.colour)
            self.colour.setIcon(swatch(nat.colour))
            self.kind.setCurrentText(nat.kind)
            self.playable.setChecked(nat.playable)
            self.flag.clear()
            self.flag.addItem("(none)", None)
            for img in pack.map.images.values():
                self.flag.addItem(img.name or f"image {img.id}", img.id)
            self.flag.setCurrentIndex(max(0, self.flag.findData(nat.flag_image)))
            self.capital.setText(self._zone_name(nat.capital))
            homes = [pack.map.zones[z].code for z in nat.home_zones if z in pack.map.zones]
            self.home.setText(", ".join(homes) or "(none)")
        finally:
            self.updating = False


# -- Alliances and relations --------------------------------------------------------------------
class PoliticsPage(Page):
    title = "Alliances"

    def __init__(self, panel):
        super().__init__(panel)
        self.alliances = QListWidget(objectName="allianceList")
        self.alliances.currentRowChanged.connect(lambda _r: self._show_members())
        add = QPushButton("Add…", objectName="addAlliance")
        add.clicked.connect(lambda: self.add_alliance())
        rem = QPushButton("Remove", objectName="removeAlliance")
        rem.clicked.connect(self._remove)
        row = QHBoxLayout()
        row.addWidget(add)
        row.addWidget(rem)
        row.addStretch(1)
        self.members = QListWidget(objectName="allianceMembers")
        self.members.itemChanged.connect(self._members_changed)
        self.matrix = QTableWidget(objectName="relationsMatrix")
        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(QLabel("Alliances"))
        left.addWidget(self.alliances)
        left.addLayout(row)
        right = QVBoxLayout()
        right.addWidget(QLabel("Members"))
        right.addWidget(self.members)
        top.addLayout(left)
        top.addLayout(right)
        lay.addLayout(top)
        lay.addWidget(QLabel("Relations (row – column)"))
        lay.addWidget(self.matrix, 1)

    def current(self) -> str | None:
        item = self.alliances.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def add_alliance(self, aid: str | None = None, name: str | None = None) -> bool:
        sc = self.sc
        if sc is None:
            return False
        if aid is None:
            aid, ok = QInputDialog.getText(self, "Add alliance", "Id (no spaces, e.g. axis):")
            if not ok or not aid:
                return False
        if not self.push(AddAlliance(sc.id, Alliance(aid.strip(), name or aid.strip().title()))):
            return False
        for i in range(self.alliances.count()):
            if self.alliances.item(i).data(Qt.ItemDataRole.UserRole) == aid.strip():
                self.alliances.setCurrentRow(i)
        return True

    def _remove(self) -> None:
        a = self.current()
        if a is not None and self.sc is not None:
            self.push(RemoveAlliance(self.sc.id, a))

    def set_members(self, alliance: str, members: list[str]) -> bool:
        return self.push(SetAlliance(self.sid, alliance, "members", members))

    def _members_changed(self, _item) -> None:
        a = self.current()
        if self.updating or a is None:
            return
        members = [
            self.members.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(self.members.count())
            if self.members.item(i).checkState() == Qt.CheckState.Checked
        ]
        if members != self.sc.alliances[a].members:
            self.set_members(a, members)

    def set_relation(self, a: str, b: str, status: str) -> bool:
        sc = self.sc
        if sc is None:
            return False
        old = sc.relation(a, b)
        if old is not None and old.status == status:
            return True
        return self.push(SetRelation(sc.id, a, b, status))

    def refresh(self) -> None:
        sc = self.sc
        self.setEnabled(sc is not None)
        keep = self.current()
        self.updating = True
        self.alliances.clear()
        if sc is not None:
            for al in sc.alliances.values():
                item = QListWidgetItem(swatch(al.colour), f"{al.name} ({al.id})")
                item.setData(Qt.ItemDataRole.UserRole, al.id)
                self.alliances.addItem(item)
        self.updating = False
        for i in range(self.alliances.count()):
            if self.alliances.item(i).data(Qt.ItemDataRole.UserRole) == keep:
                self.alliances.setCurrentRow(i)
        if self.alliances.currentRow() < 0 and self.alliances.count():
            self.alliances.setCurrentRow(0)
        self._show_members()
        self._fill_matrix()

    def _show_members(self) -> None:
        a = self.current()
        sc = self.sc
        self.updating = True
        self.members.clear()
        if a is not None and sc is not None and a in sc.alliances:
            al = sc.alliances[a]
            for n in nation_ids(self.pack):
                item = QListWidgetItem(n)
                item.setData(Qt.ItemDataRole.UserRole, n)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                on = n in al.members
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
                other = sc.alliance_of(n)
                if other and other != a:
                    item.setToolTip(f"in {other}: checking it moves it here")
                self.members.addItem(item)
        self.updating = False

    def _fill_matrix(self) -> None:
        sc = self.sc
        ns = nation_ids(self.pack) if sc is not None else []
        self.matrix.clear()
        self.matrix.setRowCount(len(ns))
        self.matrix.setColumnCount(len(ns))
        self.matrix.setHorizontalHeaderLabels(ns)
        self.matrix.setVerticalHeaderLabels(ns)
        for i, a in enumerate(ns):
            for j, b in enumerate(ns):
                if j <= i:
                    continue
                combo = QComboBox()
                combo.setObjectName(f"relation_{a}_{b}")
                combo.addItems(list(RELATIONS))
                rel = sc.relation(a, b)
                combo.setCurrentText(rel.status if rel else "peace")
                combo.activated.connect(
                    lambda _i, a=a, b=b, c=combo: self.set_relation(a, b, c.currentText())
                )
                self.matrix.setCellWidget(i, j, combo)
        self.matrix.resizeColumnsToContents()


# -- Turn order ---------------------------------------------------------------------------------
class TurnOrderTree(QTreeWidget):
    """Slots (top level) holding nations (children), reordered by drag and drop."""

    def __init__(self, page: TurnOrderPage):
        super().__init__()
        self.page = page
        self.setObjectName("turnOrder")
        self.setHeaderHidden(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)

    def dropEvent(self, event) -> None:
        super().dropEvent(event)
        self.page.commit_tree()


class TurnOrderPage(Page):
    title = "Turn order"

    def __init__(self, panel):
        super().__init__(panel)
        self.tree = TurnOrderTree(self)
        new = QPushButton("New slot", objectName="newSlot")
        new.clicked.connect(self._new_slot)
        missing = QPushButton("Add missing nations", objectName="addMissing")
        missing.clicked.connect(self.add_missing)
        up = QPushButton("Up", objectName="slotUp")
        up.clicked.connect(lambda: self._move(-1))
        down = QPushButton("Down", objectName="slotDown")
        down.clicked.connect(lambda: self._move(1))
        row = QHBoxLayout()
        for b in (new, missing, up, down):
            row.addWidget(b)
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel("Drag nations between slots; nations in one slot move together."))
        lay.addWidget(self.tree, 1)
        lay.addLayout(row)
        self._empty_slots = 0

    def slots_from_tree(self) -> list[list[str]]:
        slots: list[list[str]] = []
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            n = top.data(0, Qt.ItemDataRole.UserRole)
            if n:  # a nation dropped at the top level is a slot of its own
                slots.append([n])
                continue
            slot = []
            for j in range(top.childCount()):
                child = top.child(j)
                slot.append(child.data(0, Qt.ItemDataRole.UserRole))
                for k in range(child.childCount()):  # dropped onto a nation: same slot
                    slot.append(child.child(k).data(0, Qt.ItemDataRole.UserRole))
            slots.append(slot)
        return slots

    def commit_tree(self) -> None:
        self.set_order(self.slots_from_tree())

    def set_order(self, slots: list[list[str]]) -> bool:
        sc = self.sc
        slots = [[n for n in s if n] for s in slots]
        if sc is None:
            return False
        if [s for s in slots if s] == sc.turn_order:
            self.refresh()
            return True
        ok = self.push(SetTurnOrder(sc.id, slots))
        self.refresh()
        return ok

    def add_missing(self) -> None:
        sc = self.sc
        if sc is None:
            return
        have = {n for s in sc.turn_order for n in s}
        extra = [[n] for n in nation_ids(self.pack) if n not in have]
        if extra:
            self.set_order(sc.turn_order + extra)

    def _new_slot(self) -> None:
        self._empty_slots += 1
        self.refresh()

    def _move(self, step: int) -> None:
        sc = self.sc
        item = self.tree.currentItem()
        if sc is None or item is None:
            return
        top = item if item.parent() is None else item.parent()
        i = self.tree.indexOfTopLevelItem(top)
        slots = self.slots_from_tree()
        j = i + step
        if 0 <= j < len(slots):
            slots[i], slots[j] = slots[j], slots[i]
            self.set_order(slots)

    def refresh(self) -> None:
        sc = self.sc
        self.setEnabled(sc is not None)
        self.tree.clear()
        if sc is None:
            return
        slots = list(sc.turn_order) + [[] for _ in range(self._empty_slots)]
        self._empty_slots = 0
        for i, slot in enumerate(slots):
            top = QTreeWidgetItem([f"Slot {i + 1}"])
            top.setFlags(
                Qt.ItemFlag.ItemIsEnabled
                | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsDropEnabled
                | Qt.ItemFlag.ItemIsDragEnabled
            )
            for n in slot:
                nat = self.pack.nations.get(n)
                child = QTreeWidgetItem([f"{n} — {nat.name}" if nat else n])
                child.setData(0, Qt.ItemDataRole.UserRole, n)
                if nat is not None:
                    child.setIcon(0, swatch(nat.colour))
                child.setFlags(
                    Qt.ItemFlag.ItemIsEnabled
                    | Qt.ItemFlag.ItemIsSelectable
                    | Qt.ItemFlag.ItemIsDragEnabled
                )
                top.addChild(child)
            self.tree.addTopLevelItem(top)
        self.tree.expandAll()
