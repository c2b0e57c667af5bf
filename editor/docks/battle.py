"""Battle dock: the battle calculator in the editor.

Spin boxes per unit type and side (or "From selected zone": the units in the map's
selected zone and the enemy next to it, when a pack with a scenario is open), the
battle's context (ruleset, terrain, amphibious, retreat, method), and the result as a bar
chart of the outcomes and of each side's survivors. Calculations run on a
:class:`QThreadPool` worker, never on the GUI thread; a newer request makes older
results stale (they are dropped).

Install it with :func:`add_battle_dock` (``add_battle_dock(main_window, document=...)``,
``document`` returning the open document): it reads that document (pack, scenario,
selection) when asked to take units from the map, and needs nothing else from the window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRectF, QRunnable, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gamecore.errors import WarroomError
from gamecore.rules.ruleset import Ruleset, bundled_rulesets, load_ruleset
from gamecore.sim.battle import BattleContext, BattleResult, Retreat, calculate

OUTCOME_COLOURS = {
    "attacker_win": QColor("#c0392b"),
    "draw": QColor("#7f8c8d"),
    "defender_win": QColor("#2471a3"),
    "retreat": QColor("#e59866"),
    "stalemate": QColor("#c8b560"),
}
OUTCOME_LABELS = {
    "attacker_win": "Attacker",
    "draw": "Both lost",
    "defender_win": "Defender",
    "retreat": "Retreat",
    "stalemate": "Stalemate",
}
RETREATS = [
    ("Never retreat", "never"),
    ("Retreat below 50% win chance", "below:0.5"),
    ("Retreat below 30% win chance", "below:0.3"),
    ("Retreat below 10% win chance", "below:0.1"),
    ("Retreat after 1 round", "after:1"),
    ("Retreat after 2 rounds", "after:2"),
    ("Retreat after 3 rounds", "after:3"),
]
METHODS = [("Auto", "auto"), ("Exact", "exact"), ("Monte Carlo", "monte_carlo")]
MAX_UNITS = 999


# ---------------------------------------------------------------------- worker
class _Signals(QObject):
    done = Signal(int, object)
    failed = Signal(int, str)


class _Job(QRunnable):
    """One calculation on a pool thread; reports through ``signals`` (queued to the GUI)."""

    def __init__(self, gen: int, signals: _Signals, args: tuple, kwargs: dict):
        super().__init__()
        self.gen = gen
        self.signals = signals
        self.args = args
        self.kwargs = kwargs

    def run(self) -> None:
        try:
            res = calculate(*self.args, **self.kwargs)
        except WarroomError as err:
            self.signals.failed.emit(self.gen, str(err))
        except Exception as err:  # pragma: no cover - a bug, shown rather than lost
            self.signals.failed.emit(self.gen, f"internal error: {err!r}")
        else:
            self.signals.done.emit(self.gen, res)


# ---------------------------------------------------------------------- chart
class BattleChart(QWidget):
    """Outcome probabilities as one stacked bar, and each side's survivors (P(n units
    left)) as a small bar chart."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.result: BattleResult | None = None
        self.setMinimumHeight(230)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_result(self, res: BattleResult | None) -> None:
        self.result = res
        self.update()

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        try:
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.fillRect(self.rect(), self.palette().base())
            res = self.result
            if res is None:
                p.setPen(self.palette().text().color())
                p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No result yet")
                return
            w = float(self.width())
            m = 8.0
            small = QFont(self.font())
            small.setPointSizeF(max(6.0, small.pointSizeF() * 0.85))
            # outcomes: one stacked bar and a legend
            p.setPen(self.palette().text().color())
            p.drawText(QRectF(m, 2, w - 2 * m, 16), Qt.AlignmentFlag.AlignLeft, "Outcome")
            x = m
            bar = QRectF(m, 20, w - 2 * m, 22)
            for key, colour in OUTCOME_COLOURS.items():
                share = getattr(res, key)
                if share <= 0:
                    continue
                seg = QRectF(x, bar.top(), bar.width() * share, bar.height())
                p.fillRect(seg, colour)
                x += seg.width()
            p.setPen(QPen(self.palette().mid().color()))
            p.drawRect(bar)
            p.setFont(small)
            lx, ly = m, bar.bottom() + 4
            for key, colour in OUTCOME_COLOURS.items():
                share = getattr(res, key)
                if key in ("retreat", "stalemate") and share < 5e-4:
                    continue
                text = f"{OUTCOME_LABELS[key]} {share * 100:.1f}%"
                tw = p.fontMetrics().horizontalAdvance(text) + 18
                if lx + tw > w - m:
                    lx, ly = m, ly + 15
                p.fillRect(QRectF(lx, ly + 3, 9, 9), colour)
                p.setPen(self.palette().text().color())
                p.drawText(QRectF(lx + 12, ly, tw, 15), Qt.AlignmentFlag.AlignLeft, text)
                lx += tw
            # survivors
            top = ly + 22
            half = (w - 3 * m) / 2
            for i, (name, side, colour) in enumerate(
                (
                    ("Attacker survivors", res.attacker, OUTCOME_COLOURS["attacker_win"]),
                    ("Defender survivors", res.defender, OUTCOME_COLOURS["defender_win"]),
                )
            ):
                area = QRectF(m + i * (half + m), top, half, self.height() - top - 4)
                self._histogram(p, area, name, side.survivor_counts, colour)
        finally:
            p.end()

    def _histogram(self, p: QPainter, area: QRectF, title: str, probs, colour: QColor) -> None:
        p.setPen(self.palette().text().color())
        p.drawText(QRectF(area.left(), area.top(), area.width(), 14), 0, title)
        plot = QRectF(area.left(), area.top() + 16, area.width(), area.height() - 32)
        if plot.height() < 10 or not probs:
            return
        n = len(probs)
        peak = max(probs) or 1.0
        bw = plot.width() / n
        for k, q in enumerate(probs):
            h = plot.height() * (q / peak)
            p.fillRect(QRectF(plot.left() + k * bw + 1, plot.bottom() - h, bw - 2, h), colour)
        p.setPen(QPen(self.palette().mid().color()))
        p.drawLine(plot.bottomLeft(), plot.bottomRight())
        p.setPen(self.palette().text().color())
        step = max(1, n // 8)
        for k in range(0, n, step):
            p.drawText(
                QRectF(plot.left() + k * bw, plot.bottom() + 1, max(bw, 14), 14),
                Qt.AlignmentFlag.AlignLeft,
                str(k),
            )


# ---------------------------------------------------------------------- panel
class BattlePanel(QWidget):
    """The dock's contents. ``resultReady(BattleResult)`` after each calculation;
    ``failed(str)`` with a one-line message when the input cannot be calculated."""

    resultReady = Signal(object)
    failed = Signal(str)

    def __init__(
        self,
        main_window: QMainWindow | None = None,
        parent=None,
        document: Callable[[], Any] | None = None,
    ):
        super().__init__(parent)
        self.main_window = main_window
        #: the open document (its pack, scenario and selection), when there is a map
        self._get_document = document or (lambda: None)
        self.rules: Ruleset | None = None
        self.result: BattleResult | None = None
        self.last_error = ""
        self._gen = 0
        self._running = 0
        self._signals = _Signals()
        self._signals.done.connect(self._done)
        self._signals.failed.connect(self._job_failed)
        self._pool = QThreadPool.globalInstance()
        self._adjacency: tuple[tuple[int, int], dict] | None = None
        self.att_spins: dict[str, QSpinBox] = {}
        self.def_spins: dict[str, QSpinBox] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self.calculate)
        self._build()
        self._started = False  # the first ruleset loads when the dock is first needed

    def _ensure_rules(self) -> None:
        if not self._started:
            self._started = True
            if self.rules is None:
                ids = bundled_rulesets()
                self.set_ruleset("g40" if "g40" in ids else ids[0] if ids else None)

    def showEvent(self, event) -> None:
        self._ensure_rules()
        super().showEvent(event)

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        form = QFormLayout()
        self.ruleset_box = QComboBox()
        for rid in bundled_rulesets():
            self.ruleset_box.addItem(rid, rid)
        self.ruleset_box.currentIndexChanged.connect(
            lambda _i: self.set_ruleset(self.ruleset_box.currentData())
        )
        form.addRow("Ruleset", self.ruleset_box)
        self.where_box = QComboBox()
        for text, val in (("Guess from units", None), ("Land", False), ("Sea", True)):
            self.where_box.addItem(text, val)
        self.where_box.currentIndexChanged.connect(self.schedule)
        form.addRow("Battle", self.where_box)
        self.terrain_box = QComboBox()
        self.terrain_box.currentIndexChanged.connect(self.schedule)
        form.addRow("Terrain", self.terrain_box)
        self.amphibious = QCheckBox("Amphibious assault")
        self.amphibious.toggled.connect(self.schedule)
        form.addRow("", self.amphibious)
        self.retreat_box = QComboBox()
        for text, val in RETREATS:
            self.retreat_box.addItem(text, val)
        self.retreat_box.currentIndexChanged.connect(self.schedule)
        form.addRow("Retreat", self.retreat_box)
        row = QHBoxLayout()
        self.method_box = QComboBox()
        for text, val in METHODS:
            self.method_box.addItem(text, val)
        self.samples = QSpinBox()
        self.samples.setRange(100, 1_000_000)
        self.samples.setSingleStep(1000)
        self.samples.setValue(10_000)
        self.samples.setSuffix(" battles")
        self.method_box.currentIndexChanged.connect(self._method_changed)
        self.samples.valueChanged.connect(self.schedule)
        row.addWidget(self.method_box)
        row.addWidget(self.samples)
        form.addRow("Method", row)
        lay.addLayout(form)

        self.units_area = QScrollArea()
        self.units_area.setWidgetResizable(True)
        self.units_area.setMinimumHeight(140)
        lay.addWidget(self.units_area, 1)

        buttons = QHBoxLayout()
        self.from_zone = QPushButton("From selected zone")
        self.from_zone.setToolTip(
            "Defenders: the units in the zone selected on the map; attackers: the enemy "
            "units next to it (the open scenario's set-up)"
        )
        self.from_zone.clicked.connect(lambda: self.take_from_selection())
        self.nation_box = QComboBox()
        self.nation_box.setToolTip("Attacking nation (for 'From selected zone')")
        self.nation_box.addItem("(attacker)", None)
        swap = QPushButton("Swap")
        swap.clicked.connect(self.swap)
        clear = QPushButton("Clear")
        clear.clicked.connect(self.clear)
        go = QPushButton("Calculate")
        go.clicked.connect(self.calculate)
        for b in (self.from_zone, self.nation_box, swap, clear, go):
            buttons.addWidget(b)
        lay.addLayout(buttons)

        self.status = QLabel("Set the units of both sides.")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.status)
        self.chart = BattleChart()
        lay.addWidget(self.chart, 2)
        self._method_changed()

    def _method_changed(self, *_args) -> None:
        self.samples.setEnabled(self.method_box.currentData() == "monte_carlo")
        self.schedule()

    def _fill_units(self) -> None:
        keep_a = {t: s.value() for t, s in self.att_spins.items()}
        keep_d = {t: s.value() for t, s in self.def_spins.items()}
        box = QWidget()
        grid = QGridLayout(box)
        grid.setContentsMargins(2, 2, 2, 2)
        for col, text in enumerate(("Unit", "Attacker", "Defender")):
            head = QLabel(f"<b>{text}</b>")
            grid.addWidget(head, 0, col)
        self.att_spins, self.def_spins = {}, {}
        units = []
        if self.rules is not None:
            units = [
                t
                for t in self.rules.units.values()
                if t.domain != "facility" and not t.infrastructure
            ]
        order = {"land": 0, "air": 1, "sea": 2}
        units.sort(key=lambda t: (order.get(t.domain, 3), t.cost, t.id))
        for r, t in enumerate(units, start=1):
            grid.addWidget(QLabel(t.name), r, 0)
            for col, spins, keep in ((1, self.att_spins, keep_a), (2, self.def_spins, keep_d)):
                sp = QSpinBox()
                sp.setRange(0, MAX_UNITS)
                sp.setObjectName(f"{'att' if col == 1 else 'def'}_{t.id}")
                sp.setValue(keep.get(t.id, 0))
                sp.valueChanged.connect(self.schedule)
                grid.addWidget(sp, r, col)
                spins[t.id] = sp
        grid.setRowStretch(len(units) + 1, 1)
        self.units_area.setWidget(box)

    # ------------------------------------------------------------------ state
    def set_ruleset(self, rules: Ruleset | str | None) -> None:
        """Use ``rules`` (an id of a bundled ruleset or a Ruleset, e.g. a pack's)."""
        self._started = True
        if isinstance(rules, str):
            try:
                rules = load_ruleset(rules, self._pack())
            except WarroomError as err:
                self._failed(self._gen, str(err))
                return
        if rules is self.rules:
            return
        self.rules = rules
        if rules is not None:
            i = self.ruleset_box.findData(rules.id)
            if i < 0:
                self.ruleset_box.addItem(rules.id, rules.id)
                i = self.ruleset_box.count() - 1
            self.ruleset_box.blockSignals(True)
            self.ruleset_box.setCurrentIndex(i)
            self.ruleset_box.blockSignals(False)
        self.terrain_box.blockSignals(True)
        self.terrain_box.clear()
        self.terrain_box.addItem("(no terrain effects)", "")
        for tid in sorted(rules.terrain if rules is not None else ()):
            self.terrain_box.addItem(tid, tid)
        self.terrain_box.blockSignals(False)
        self._fill_units()
        self.schedule()

    def units(self) -> tuple[dict[str, int], dict[str, int]]:
        self._ensure_rules()
        att = {t: s.value() for t, s in self.att_spins.items() if s.value()}
        dfn = {t: s.value() for t, s in self.def_spins.items() if s.value()}
        return att, dfn

    def set_units(self, attackers: dict[str, int], defenders: dict[str, int]) -> None:
        """Set both sides (unknown unit types are an error shown in the status line)."""
        self._ensure_rules()
        unknown = sorted(
            set(attackers) - set(self.att_spins) | set(defenders) - set(self.def_spins)
        )
        for spins, want in ((self.att_spins, attackers), (self.def_spins, defenders)):
            for t, sp in spins.items():
                sp.blockSignals(True)
                sp.setValue(min(MAX_UNITS, int(want.get(t, 0))))
                sp.blockSignals(False)
        if unknown:
            self._failed(self._gen, f"not in ruleset '{self.rules.id}': {', '.join(unknown)}")
            return
        self.schedule()

    def swap(self) -> None:
        att, dfn = self.units()
        self.set_units(dfn, att)

    def clear(self) -> None:
        self.set_units({}, {})

    def context(self) -> BattleContext:
        return BattleContext(
            sea=self.where_box.currentData(),
            terrain=self.terrain_box.currentData() or "",
            amphibious=self.amphibious.isChecked(),
            retreat=Retreat.parse(self.retreat_box.currentData()),
        )

    # ------------------------------------------------------------------ calculating
    def schedule(self, *_args) -> None:
        """Recalculate a moment after the last change."""
        self._timer.start()

    def calculate(self) -> int:
        """Start a calculation on a pool thread; returns its generation number."""
        self._timer.stop()
        self._gen += 1
        att, dfn = self.units()
        if self.rules is None or not (att or dfn):
            self.result = None
            self.chart.set_result(None)
            self.status.setText("Set the units of both sides.")
            return self._gen
        method = self.method_box.currentData()
        samples = self.samples.value() if method == "monte_carlo" else None
        job = _Job(
            self._gen,
            self._signals,
            (self.rules, att, dfn, self.context()),
            {"method": method, "samples": samples, "seed": 1},
        )
        self._running += 1
        self.status.setText("Calculating…")
        self._pool.start(job)
        return self._gen

    def is_busy(self) -> bool:
        return self._running > 0

    def _done(self, gen: int, res: BattleResult) -> None:
        self._running = max(0, self._running - 1)
        if gen != self._gen:
            return  # a newer request is on its way
        self.result = res
        self.last_error = ""
        self.chart.set_result(res)
        how = "exact" if res.method == "exact" else f"Monte Carlo, {res.samples} battles"
        a, d = res.attacker, res.defender
        self.status.setText(
            f"Attacker wins {res.attacker_win * 100:.1f}%, defender "
            f"{res.defender_win * 100:.1f}%, both lost {res.draw * 100:.1f}%"
            + (f", retreat {res.retreat * 100:.1f}%" if res.retreat >= 5e-4 else "")
            + f". Expected losses: attacker {a.expected_cost_lost:.1f}, defender "
            f"{d.expected_cost_lost:.1f} (cost); {res.expected_rounds:.1f} rounds. "
            f"[{how}, {res.elapsed_s * 1000:.0f} ms]"
        )
        self.resultReady.emit(res)

    def _job_failed(self, gen: int, message: str) -> None:
        self._running = max(0, self._running - 1)
        if gen == self._gen:
            self._failed(gen, message)

    def _failed(self, gen: int, message: str) -> None:
        self.last_error = message
        self.status.setText(f"⚠ {message}")
        self.failed.emit(message)

    # ------------------------------------------------------------------ from the map
    def _document(self):
        return self._get_document()

    def _pack(self):
        doc = self._document()
        return getattr(doc, "pack", None)

    def take_from_selection(self, attacker: str | None = None) -> bool:
        """Defenders from the selected zone, attackers from its neighbours (the open
        scenario's set-up); False (with a message) when there is nothing to take."""
        from gamecore.geometry.adjacency import map_adjacency
        from gamecore.sim.battle.lineup import lineup, scenario_rules

        doc = self._document()
        pack = getattr(doc, "pack", None)
        sid = getattr(doc, "scenario_id", None)
        zones = doc.selection.zones() if doc is not None else []
        if pack is None or sid is None or sid not in pack.scenarios:
            self._failed(self._gen, "open a pack with a scenario to take units from the map")
            return False
        if not zones:
            self._failed(self._gen, "select a zone on the map first")
            return False
        if attacker is None:
            attacker = self.nation_box.currentData()
        try:
            rules = scenario_rules(pack, sid)
            stack = getattr(doc, "undo_stack", None)
            key = (id(pack.map), stack.index() if stack is not None else 0)
            if self._adjacency is None or self._adjacency[0] != key:
                self._adjacency = (key, map_adjacency(pack.map))
            lu = lineup(pack, sid, zones[0], attacker, self._adjacency[1], rules)
        except WarroomError as err:
            self._failed(self._gen, str(err))
            return False
        self.nation_box.blockSignals(True)
        self.nation_box.clear()
        self.nation_box.addItem("(attacker)", None)
        for n in lu.candidates:
            self.nation_box.addItem(n, n)
        if lu.attacker in lu.candidates:
            self.nation_box.setCurrentIndex(lu.candidates.index(lu.attacker) + 1)
        self.nation_box.blockSignals(False)
        self.set_ruleset(rules)
        i = self.where_box.findData(lu.sea)
        self.where_box.setCurrentIndex(max(0, i))
        j = self.terrain_box.findData(lu.context.terrain)
        self.terrain_box.setCurrentIndex(max(0, j))
        self.set_units(lu.attackers, lu.defenders)
        if not lu.attackers or not lu.defenders:
            who = lu.attacker or "no enemy"
            self._failed(
                self._gen,
                f"{lu.zone_name}: {who} has no units next to it"
                if not lu.attackers
                else f"{lu.zone_name}: nobody defends it against {who}",
            )
            return False
        self.calculate()
        return True


def add_battle_dock(
    main_window: QMainWindow, document: Callable[[], Any] | None = None
) -> QDockWidget:
    """Create the Battle dock and add it to the right of ``main_window``; ``document``
    returns the open document (units are taken from its map), None: no map."""
    panel = BattlePanel(main_window, document=document)
    dock = QDockWidget("Battle", main_window)
    dock.setObjectName("battleDock")
    dock.setWidget(panel)
    main_window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    return dock
