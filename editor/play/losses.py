"""The Play dock's decision page: the round's dice and hits, then the units the player
loses (a casualty decision seen through the rule system's
:meth:`~gamecore.engine.playview.PlayAdapter.loss_choice`), or the answers of any other
decision. The buttons sit in one row at the top of the page and never move: the battle's
text scrolls in its own box below them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gamecore.engine.playview import LossChoice

#: the banner of a decision that is the player's while a bot has the turn
CUE_STYLE = (
    "QLabel { background: #d32f2f; color: white; font-weight: bold; padding: 6px; "
    "border: 3px solid #ffeb3b; }"
)
PLAIN_STYLE = "QLabel { font-weight: bold; padding: 4px; }"


def _short(profile: str) -> str:
    """A profile's button text, short enough for the dock ("keep att" for
    preserve_attack); the tooltip has it whole."""
    words = profile.replace("preserve_", "keep_").split("_")
    return " ".join(w if i == 0 else w[:3] for i, w in enumerate(words))


class DecisionPage(QWidget):
    """``answer(action)`` is called with the player's answer."""

    def __init__(self, answer):
        super().__init__()
        self._answer = answer
        self.view: LossChoice | None = None
        self._profile_answers: dict[str, object] = {}
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        # the fixed row, first on the page: Confirm never moves, whatever the texts
        self.buttons = QWidget(objectName="playDecisionButtons")
        row = QHBoxLayout(self.buttons)
        row.setContentsMargins(0, 0, 0, 0)
        self.confirm = QPushButton("Confirm", objectName="playAnswer")
        self.confirm.setDefault(True)
        self.confirm.clicked.connect(self._confirm)
        row.addWidget(self.confirm)
        row.addStretch(1)
        # the profile buttons pre-fill the picks (they shrink: the dock never widens)
        self.profiles = QWidget(objectName="playProfiles")
        self.profile_row = QHBoxLayout(self.profiles)
        self.profile_row.setContentsMargins(0, 0, 0, 0)
        self.profile_row.setSpacing(2)
        self.profile_row.addWidget(QLabel("Pre-fill:"))
        self.title = QLabel("", objectName="playDecisionText", wordWrap=True)
        self.title.setStyleSheet(PLAIN_STYLE)
        self.answers = QComboBox(objectName="playAnswers")
        self.answers.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.answers.setMinimumContentsLength(10)  # (fits a 180 px dock column)
        self.answers.currentIndexChanged.connect(self._answer_changed)
        # the round's dice and the battle so far: scrolls in its own box
        self.text = QPlainTextEdit(objectName="playBattleText", readOnly=True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.text.setMinimumHeight(48)
        self.text.setMaximumHeight(130)  # (the units to pick come next: on screen too)
        self.pick_note = QLabel("", objectName="playPickNote", wordWrap=True)
        self.picks = QListWidget(objectName="playPicks")
        self.picks.setMinimumHeight(72)
        self.picks.itemChanged.connect(lambda _i: self._picks_changed())
        lay.addWidget(self.buttons)
        lay.addWidget(self.profiles)
        lay.addWidget(self.title)
        lay.addWidget(self.answers)
        lay.addWidget(self.text, 2)
        lay.addWidget(self.pick_note)
        lay.addWidget(self.picks, 3)
        self._profile_buttons: list[QPushButton] = []

    # -- filling -------------------------------------------------------------------------
    def fill(self, title: str, text: str, legal, default, words, view: LossChoice | None):
        """Show a decision: ``legal`` its answers (``words(a)`` each), ``default`` the one
        preselected, ``view`` the losses to pick (a casualty decision), ``text`` the
        battle so far."""
        self.title.setText(title)
        self.view = view
        self.answers.blockSignals(True)
        self.answers.clear()
        for a in legal:
            self.answers.addItem(words(a), a)
            if a == default:
                self.answers.setCurrentIndex(self.answers.count() - 1)
        self.answers.blockSignals(False)
        for b in self._profile_buttons:
            self.profile_row.removeWidget(b)
            b.deleteLater()
        self._profile_buttons = []
        self._profile_answers = {}
        if view is not None:  # (the round's dice last: the box shows its end)
            text = "\n".join(filter(None, [text, self._dice_text(view)]))
            for a in legal:
                if a.kind == "casualties" and a.profile in view.profiles:
                    b = QPushButton(
                        _short(a.profile),
                        objectName=f"playProfile_{a.profile}",
                    )
                    b.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
                    b.setMinimumWidth(30)
                    b.setToolTip(f"Pick the units the '{a.profile}' order loses")
                    b.clicked.connect(lambda _c=False, p=a.profile: self.prefill(p))
                    self.profile_row.addWidget(b)
                    self._profile_buttons.append(b)
                    self._profile_answers[a.profile] = a
        if self.text.toPlainText() != text:
            self.text.setPlainText(text)
            self.text.verticalScrollBar().setValue(self.text.verticalScrollBar().maximum())
        self.profiles.setVisible(view is not None)
        self.picks.setVisible(view is not None)
        self.pick_note.setVisible(view is not None)
        self.answers.setVisible(view is None)
        if view is not None:
            self._fill_picks(view)
            self.prefill(self._current_profile() or view.default)
        else:
            self.confirm.setEnabled(self.answers.count() > 0)

    @staticmethod
    def _dice_text(view: LossChoice) -> str:
        head = f"Round {view.round}, before losses are chosen:"
        lines = [head]
        sides = (view.attacker, view.defender)
        for who, dice in view.dice:  # a side's dice, or the fire before them in words
            rolled = who in sides or who.endswith("first strike")
            lines.append(f"  {who} rolled: {dice}" if rolled else f"  {who}: {dice}")
        if view.certain:
            lines.append(
                f"  Hits: {view.attacker} scores {view.hits[0]}, {view.defender} scores "
                f"{view.hits[1]}"
            )
        if view.note:
            lines.append(view.note)
        return "\n".join(lines)

    def _fill_picks(self, view: LossChoice) -> None:
        self.picks.blockSignals(True)
        self.picks.clear()
        for uid, kind, left in view.units:
            for i in range(left):
                extra = f" — hit {i + 1} of {left}" if left > 1 else ""
                item = QListWidgetItem(f"{kind} #{uid}{extra}")
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
                item.setData(Qt.ItemDataRole.UserRole, uid)
                self.picks.addItem(item)
        self.picks.blockSignals(False)

    def _current_profile(self) -> str | None:
        a = self.answers.currentData()
        return a.profile if a is not None and a.kind == "casualties" else None

    def prefill(self, profile: str) -> None:
        """Check the units the ``profile`` order loses (a profile button)."""
        view = self.view
        if view is None or profile not in view.profiles:
            return
        i = self.answers.findText(self.answers.currentText())
        for j in range(self.answers.count()):
            a = self.answers.itemData(j)
            if a is not None and a.kind == "casualties" and a.profile == profile:
                i = j
        self.answers.blockSignals(True)
        self.answers.setCurrentIndex(i)
        self.answers.blockSignals(False)
        self.picks.blockSignals(True)
        self.set_picked(view.profiles[profile])
        self.picks.blockSignals(False)
        self._picks_changed()

    def picked(self) -> tuple[int, ...]:
        out = []
        for r in range(self.picks.count()):
            item = self.picks.item(r)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(int(item.data(Qt.ItemDataRole.UserRole)))
        return tuple(out)

    def set_picked(self, units) -> None:
        """Tick exactly ``units`` (one entry per hit: a unit named twice ticks two of
        its rows)."""
        want = list(units)
        for r in range(self.picks.count()):
            item = self.picks.item(r)
            uid = item.data(Qt.ItemDataRole.UserRole)
            on = uid in want
            if on:
                want.remove(uid)
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def _picks_changed(self) -> None:
        view = self.view
        if view is None:
            return
        n = len(self.picked())
        if view.certain:
            ok = n == view.need
            self.pick_note.setText(
                f"{view.owner}: pick the {view.need} unit(s) you lose this round "
                f"({n} picked)" + ("" if ok else f" — pick exactly {view.need}")
            )
        else:
            ok = True
            self.pick_note.setText(
                f"{view.owner}: tick the units to lose first ({n} ticked); the rest follow "
                "the order of the profile chosen"
            )
        self.confirm.setEnabled(ok)

    def _answer_changed(self, _i: int) -> None:
        p = self._current_profile()
        if self.view is not None and p is not None:
            self.prefill(p)

    def _confirm(self) -> None:
        a = self.answers.currentData()
        if a is None:
            return
        if self.view is not None and a.kind == "casualties":
            self._answer(("losses", a.profile, self.picked()))
            return
        self._answer(a)

    def set_cue(self, on: bool) -> None:
        """The unmistakable banner of a decision that interrupts a bot's turn."""
        self.title.setStyleSheet(CUE_STYLE if on else PLAIN_STYLE)
