"""New Game: scenario, seed, round limit, and a seat per nation (Human or a bot)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
)

from gamecore.engine.ruleset import load_ruleset
from gamecore.errors import WarroomError
from gamecore.model import Pack
from gamecore.sim.bots import known_bots, plays
from gamecore.sim.session import HUMAN


class NewGameDialog(QDialog):
    """``settings()`` gives (scenario id, seed, rounds or None, seats)."""

    def __init__(self, pack: Pack, scenario_id: str | None = None, parent=None):
        super().__init__(parent)
        self.setWindowTitle("New Game")
        self.setObjectName("newGameDialog")
        self.pack = pack
        self.scenario = QComboBox(objectName="newGameScenario")
        for sid, scn in pack.scenarios.items():
            self.scenario.addItem(f"{scn.name or sid} ({sid})", sid)
        if scenario_id in pack.scenarios:
            self.scenario.setCurrentIndex(list(pack.scenarios).index(scenario_id))
        self.seed = QSpinBox(objectName="newGameSeed", minimum=0, maximum=2**31 - 1, value=1)
        self.rounds = QSpinBox(objectName="newGameRounds", minimum=0, maximum=999, value=0)
        self.rounds.setSpecialValueText("scenario's")
        self.seats = QTableWidget(0, 2, objectName="newGameSeats")
        self.seats.setHorizontalHeaderLabels(["Nation", "Player"])
        self.seats.horizontalHeader().setStretchLastSection(True)
        self.seats.verticalHeader().hide()
        self.note = QLabel("", objectName="newGameNote", wordWrap=True)
        form = QFormLayout()
        form.addRow("Scenario", self.scenario)
        form.addRow("Seed", self.seed)
        form.addRow("Rounds", self.rounds)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(QLabel("Seats (several Human seats: hot-seat)"))
        # one click for the usual game: you play one nation, a bot every other seat
        self.mine = QComboBox(objectName="newGameMine")
        self.others = QComboBox(objectName="newGameOthers")
        self.set_seats_btn = QPushButton("Set seats", objectName="newGameSetSeats")
        self.set_seats_btn.clicked.connect(self.set_other_seats)
        quick = QHBoxLayout()
        quick.addWidget(QLabel("You play"))
        quick.addWidget(self.mine, 1)
        quick.addWidget(QLabel("all other seats:"))
        quick.addWidget(self.others, 1)
        quick.addWidget(self.set_seats_btn)
        lay.addLayout(quick)
        lay.addWidget(self.seats)
        lay.addWidget(self.note)
        lay.addWidget(buttons)
        self.scenario.currentIndexChanged.connect(self._fill_seats)
        self._fill_seats()
        self.resize(420, 520)

    def _fill_seats(self) -> None:
        sid = self.scenario.currentData()
        scn = self.pack.scenarios.get(sid)
        self.seats.setRowCount(0)
        if scn is None:
            return
        try:
            system = load_ruleset(scn.ruleset, self.pack).system
        except WarroomError as err:
            self.note.setText(str(err))
            system = ""
        bots = [b for b in known_bots() if not system or plays(b, system)]
        self.others.clear()
        for b in bots:
            self.others.addItem(f"Bot: {b}", b)
        self.others.addItem("Human", HUMAN)
        self.mine.clear()
        nations: list[str] = []
        for slot in scn.turn_order:
            nations += [n for n in slot if n not in nations]
        for n in nations:
            row = self.seats.rowCount()
            self.seats.insertRow(row)
            name = self.pack.nations[n].name if n in self.pack.nations else n
            self.seats.setCellWidget(row, 0, QLabel(f"{name} ({n})"))
            combo = QComboBox(objectName=f"seat_{n}")
            combo.addItem("Human", HUMAN)
            for b in bots:
                combo.addItem(f"Bot: {b}", b)
            self.seats.setCellWidget(row, 1, combo)
            self.mine.addItem(name, n)

    def set_other_seats(self) -> None:
        """ "You play X, all other seats: Y": X's seat Human, every other one Y."""
        me, other = self.mine.currentData(), self.others.currentData()
        for row in range(self.seats.rowCount()):
            combo = self.seats.cellWidget(row, 1)
            n = combo.objectName().removeprefix("seat_")
            combo.setCurrentIndex(combo.findData(HUMAN if n == me else other))

    def seat_combo(self, nation: str) -> QComboBox:
        return self.findChild(QComboBox, f"seat_{nation}")

    def settings(self) -> tuple[str, int, int | None, dict[str, str]]:
        seats = {}
        for row in range(self.seats.rowCount()):
            combo = self.seats.cellWidget(row, 1)
            seats[combo.objectName().removeprefix("seat_")] = combo.currentData()
        rounds = self.rounds.value() or None
        return self.scenario.currentData(), self.seed.value(), rounds, seats
