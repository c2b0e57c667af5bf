"""Scenario dock page: objectives, victory conditions and events written in the condition
language, checked as you type (errors with line and column, unknown names flagged) and
evaluated on the start state on demand."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
)

from editor.condition_edit import ConditionEdit
from editor.docks.scenario_base import Page
from gamecore.errors import ConditionError, WarroomError
from gamecore.model import Objective
from gamecore.ops import AddObjective, RemoveObjective, SetObjective
from gamecore.ops.scenario import OBJECTIVE_KINDS

PUSH_DELAY_MS = 700


class ObjectivesPage(Page):
    title = "Objectives"

    def __init__(self, panel):
        super().__init__(panel)
        self.list = QListWidget(objectName="objectiveList")
        self.list.currentRowChanged.connect(lambda _r: self._show())
        add = QPushButton("Add…", objectName="addObjective")
        add.clicked.connect(lambda: self.add_objective())
        rem = QPushButton("Remove", objectName="removeObjective")
        rem.clicked.connect(self._remove)
        row = QHBoxLayout()
        row.addWidget(add)
        row.addWidget(rem)
        row.addStretch(1)
        self.name = QLineEdit(objectName="objectiveName")
        self.name.editingFinished.connect(lambda: self._set("name", self.name.text()))
        self.kind = QComboBox(objectName="objectiveKind")
        self.kind.addItems(list(OBJECTIVE_KINDS))
        self.kind.activated.connect(lambda _i: self._set("kind", self.kind.currentText()))
        self.owner = QComboBox(objectName="objectiveOwner")
        self.owner.activated.connect(lambda _i: self._set("owner", self.owner.currentData()))
        self.once = QCheckBox("once", objectName="objectiveOnce")
        self.once.toggled.connect(lambda on: self._set("once", on))
        self.condition = ConditionEdit()
        self.condition.checker = self._check_condition
        self.condition.checked.connect(self._show_check)
        self.condition.textChanged.connect(self._typed)
        self.effect = QLineEdit(objectName="objectiveEffect")
        self.effect.setPlaceholderText("e.g. income +5, vp(1)")
        self.effect.textEdited.connect(lambda _t: self._typed())
        self.status = QLabel("", objectName="objectiveStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        evaluate = QPushButton("Evaluate now", objectName="evaluateObjective")
        evaluate.clicked.connect(self.evaluate_now)
        self.result = QLabel("", objectName="objectiveResult")
        self.result.setWordWrap(True)
        self._push_timer = QTimer(self)
        self._push_timer.setSingleShot(True)
        self._push_timer.setInterval(PUSH_DELAY_MS)
        self._push_timer.timeout.connect(self.commit_text)
        form = QFormLayout()
        form.addRow("Name", self.name)
        form.addRow("Kind", self.kind)
        form.addRow("Owner", self.owner)
        form.addRow("", self.once)
        form.addRow("Condition", self.condition)
        form.addRow("Effect", self.effect)
        lay = QVBoxLayout(self)
        lay.addWidget(self.list, 1)
        lay.addLayout(row)
        lay.addLayout(form, 2)
        lay.addWidget(self.status)
        ev = QHBoxLayout()
        ev.addWidget(evaluate)
        ev.addWidget(self.result, 1)
        lay.addLayout(ev)

    # -- helpers
    def current(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def select(self, oid: str) -> None:
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == oid:
                self.list.setCurrentRow(i)

    def _draft(self) -> Objective | None:
        """The current objective with the text as typed (not yet pushed)."""
        sc, oid = self.sc, self.current()
        if sc is None or oid not in sc.objectives:
            return None
        ob = sc.objectives[oid]
        return Objective(
            ob.id,
            ob.name,
            ob.kind,
            ob.owner,
            self.condition.toPlainText(),
            self.effect.text(),
            ob.once,
            dict(ob.props),
        )

    def _world(self):
        from gamecore.conditions import ScenarioWorld

        return ScenarioWorld(self.pack, self.sc, ruleset=self.panel.ruleset())

    def _check_condition(self, _text: str) -> None:
        from gamecore.conditions import compile_objective

        draft = self._draft()
        if draft is not None:
            compile_objective(draft, self._world())

    def _show_check(self, message: str) -> None:
        self.status.setStyleSheet("color: #b00000" if message else "color: #0a7d4a")
        self.status.setText(f"⚠ {message}" if message else ("✓ no errors" if self._draft() else ""))

    # -- edits
    def add_objective(
        self, oid: str | None = None, name: str | None = None, owner: str | None = None, **kw
    ) -> bool:
        sc = self.sc
        if sc is None:
            return False
        if oid is None:
            oid, ok = QInputDialog.getText(self, "Add objective", "Id (no spaces):")
            if not ok or not oid:
                return False
        ob = Objective(oid.strip(), name or oid.strip(), owner=owner, **kw)
        if not self.push(AddObjective(sc.id, ob)):
            return False
        self.select(oid.strip())
        return True

    def _remove(self) -> None:
        oid = self.current()
        if oid is not None:
            self.push(RemoveObjective(self.sid, oid))

    def _set(self, field, value) -> None:
        sc, oid = self.sc, self.current()
        if self.updating or sc is None or oid not in sc.objectives:
            return
        if getattr(sc.objectives[oid], field) == value:
            return
        if not self.push(SetObjective(sc.id, oid, field, value)):
            self._show()

    def _typed(self) -> None:
        if not self.updating:
            self._push_timer.start()

    def commit_text(self) -> None:
        """Store the typed condition and effect (also after a short pause in typing)."""
        self._push_timer.stop()
        sc, oid = self.sc, self.current()
        if sc is None or oid not in sc.objectives:
            return
        ob = sc.objectives[oid]
        cond, eff = self.condition.toPlainText(), self.effect.text()
        if ob.condition != cond:
            self.push(SetObjective(sc.id, oid, "condition", cond))
        if ob.effect != eff:
            self.push(SetObjective(sc.id, oid, "effect", eff))

    def set_condition(self, text: str) -> str:
        """Type ``text`` as the condition, store it and return the check message."""
        self.condition.setPlainText(text)
        self.commit_text()
        return self.condition.check()

    def evaluate_now(self) -> str:
        """The value of the objective on the start state, shown and returned."""
        from gamecore.conditions import evaluate_objective

        self.commit_text()
        draft = self._draft()
        if draft is None:
            return ""
        try:
            res = evaluate_objective(draft, self._world())
        except ConditionError as err:
            text = f"⚠ {err}"
        except WarroomError as err:
            text = f"⚠ {err}"
        except Exception as err:  # a bug must not end in a traceback in the editor
            text = f"⚠ cannot evaluate: {type(err).__name__}: {err}"
        else:
            text = "true" if res.satisfied else "false"
            if res.satisfied and res.effects:
                text += " — " + ", ".join(
                    f"{e.name}({', '.join(str(a) for a in e.args)})" for e in res.effects
                )
        self.result.setText(f"on the start state: {text}")
        return text

    # -- view
    def refresh(self) -> None:
        sc = self.sc
        self.setEnabled(sc is not None)
        keep = self.current()
        self.updating = True
        self.list.clear()
        if sc is not None:
            for ob in sc.objectives.values():
                item = QListWidgetItem(f"[{ob.kind}] {ob.name} ({ob.id})")
                item.setData(Qt.ItemDataRole.UserRole, ob.id)
                self.list.addItem(item)
        self.owner.clear()
        self.owner.addItem("(none)", None)
        if sc is not None:
            for n in self.pack.nations:
                self.owner.addItem(n, n)
            for a in sc.alliances:
                self.owner.addItem(f"{a} (alliance)", a)
        self.updating = False
        if keep is not None:
            self.select(keep)
        if self.list.currentRow() < 0 and self.list.count():
            self.list.setCurrentRow(0)
        self._show()

    def _show(self) -> None:
        sc, oid = self.sc, self.current()
        has = sc is not None and oid in sc.objectives
        for w in (self.name, self.kind, self.owner, self.once, self.condition, self.effect):
            w.setEnabled(has)
        self.updating = True
        try:
            if not has:
                self.condition.set_text("")
                self.status.setText("")
                self.result.setText("")
                return
            ob = sc.objectives[oid]
            self.name.setText(ob.name)
            self.kind.setCurrentText(ob.kind)
            self.owner.setCurrentIndex(max(0, self.owner.findData(ob.owner)))
            self.once.setChecked(ob.once)
            if self.effect.text() != ob.effect:
                self.effect.setText(ob.effect)
            self.condition.set_text(ob.condition)
        finally:
            self.updating = False
