"""Play mode: a game of the open pack played in the editor, hot-seat or against bots.

:class:`PlayMode` drives a :class:`~gamecore.sim.session.PlaySession`: the map draws the
game's position (ownership, stacks with counts and damage) instead of the set-up, the
Play dock shows the turn bar and what the player to move may do, bots think on a worker
thread (QThreadPool) so the window never freezes, and editing is off until the game is
closed. The human acts only through the engine's legal actions (``session.apply``).
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    QObject,
    QPointF,
    QRectF,
    QRunnable,
    Qt,
    QThread,
    QThreadPool,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.play.hgw import (
    HgwClicks,
    describe_hgw_event,
    hex_label,
    odds_text,
    rolls_this_turn,
)
from editor.tools.base import Tool
from gamecore.engine.actions import Action
from gamecore.errors import RulesError, WarroomError
from gamecore.sim.session import (
    PlaySession,
    objectives_table,
    position_date,
    position_scenario,
    victory_points,
)

if TYPE_CHECKING:
    from editor.mainwindow import MainWindow

END = Action.end_phase()
MOVE_PHASES = ("combat_move", "noncombat_move")
#: rule systems whose map actions are not the A&A family's ``move``: their click adapter
CLICK_ADAPTERS = {"hgw": HgwClicks}
#: how often the map is redrawn while bots play (the position changes many times a second)
BOT_REFRESH_MS = 200


#: the phases whose choices a player makes unseen in a hot-seat game: what a nation
#: buys, researches and repairs (the A&A family does all three in its purchase phase).
#: Everything else is open at the table (moves, battles, casualties, retreats, scrambles,
#: declarations of war).
HIDDEN_PHASES = ("purchase",)


#: the sections of the phase's actions list, in order, and their titles
SECTION_ORDER = {
    "buy": 0,
    "research": 1,
    "repair": 2,
    "advance": 3,
    "place": 4,
    "fight": 5,
    # Hitler's Global War: an attack's assault comes before its advance
    "hgw_exploit": 6,
    "hgw_assault": 7,
    "hgw_advance": 8,
}
SECTION_TITLES = {
    "buy": "Buy (how many: Times)",
    "advance": "Production Chart: next instalments",
    "place": "Place",
    "fight": "Battles",
    "declare_war": "Declare war",
    "hgw_attack": "Announce an attack (or click the army's hex, then the target)",
    "hgw_exploit": "Exploit: the army's next target (or click on the map)",
    "hgw_assault": "Assault (Firepower Table; the defender loses SPs)",
    "hgw_advance": "Advance (Advance Table: success enters the hex)",
    "hgw_repair": "Repair devastation",
    "hgw_build": "Build SPs",
}


def hidden_step(state) -> bool:
    """Whether the player to move makes a hidden choice now (hot-seat hand-over)."""
    return state.decision is None and state.phase in HIDDEN_PHASES


# ------------------------------------------------------------------------- words
def zone_name(pack, z: int) -> str:
    zone = pack.map.zones.get(z)
    return zone.name if zone is not None and zone.name else f"zone {z}"


def describe_action(state, a: Action) -> str:
    own = state.system.describe(state, a)  # a rule system's own wording (hgw)
    if own is not None:
        return own
    pack = state.pack
    k = a.kind
    if k == "buy":
        cost = getattr(state.rules.units.get(a.type), "cost", "")
        return f"Buy {a.type}" + (f" ({cost})" if cost != "" else "")
    if k == "place":
        return f"Place {a.type} in {zone_name(pack, a.zone)}"
    if k == "declare_war":
        return f"Declare war on {a.nation}"
    if k == "fight":
        return f"Battle in {zone_name(pack, a.zone)}" + (f" ({a.mode})" if a.mode else "")
    if k == "casualties":
        return f"Casualties: {a.profile.replace('_', ' ')}"
    if k == "press":
        return "Press on"
    if k == "retreat":
        return f"Retreat to {zone_name(pack, a.zone)}"
    if k == "submerge":
        return "Submerge submarines"
    if k in ("scramble", "kamikaze", "intercept"):
        return f"{k.capitalize()}: {a.count}"
    if k == "fire_mode":  # The War Game: a bomber's bombs or guns, artillery air or land
        return f"{a.type.replace('_', ' ').capitalize()} fires: {a.mode}"
    if k == "lend_lease" and not a.type:
        return f"Lend-lease {a.count} to {a.nation}"
    if k == "scorch":  # The War Game §4.8 scorched earth
        return "Scorched earth: reduce the factory here if this round is survived"
    if k == "reduce_factory":  # The War Game §4.8: no refund
        f = state.facilities.get(a.target)
        where = zone_name(pack, f.zone) if f is not None else f"facility {a.target}"
        if a.type:
            return f"Reduce the factory in {where} to {a.type.replace('_', ' ')}"
        return f"Scrap the factory in {where}"
    if k == "move" and a.mode == "pass":
        return (
            f"Pass {len(a.units)} ship(s) through {zone_name(pack, a.path[-2])} "
            f"to {zone_name(pack, a.path[-1])}"
        )
    if k == "move":
        return f"Move {len(a.units)} unit(s) to {zone_name(pack, a.path[-1])}"
    if k == "end_phase":
        return "End phase"
    return str(a)


def dice_text(faces) -> str:
    """One side's dice of a battle round, by unit type and the value it hits at or
    under: "infantry@1: 3 1* · armor@3: 2*" (a * marks a hit); "none" when it rolled
    none."""
    groups: dict[tuple[str, int], list[str]] = {}
    for t, v, r in faces or ():
        groups.setdefault((t, v), []).append(f"{r}*" if r <= v else str(r))
    if not groups:
        return "no dice"
    return " · ".join(f"{t}@{v}: {' '.join(rs)}" for (t, v), rs in groups.items())


def describe_event(pack, e: dict[str, Any], state=None) -> str:
    """An event of the game's log in words (``state``: the game, for names the event
    only refers to, e.g. an hgw army's)."""
    kind = e.get("e", "")
    if kind.startswith("hgw_") or (kind == "turn" and "season" in e):
        own = describe_hgw_event(pack, e, state)
        if own is not None:
            return own
    z = e.get("zone")
    where = f" in {zone_name(pack, z)}" if isinstance(z, int) else ""
    if kind == "action":
        a = e.get("a", {})
        return f"{e.get('n', '')}: {a.get('kind', '')} " + " ".join(
            f"{k}={v}" for k, v in a.items() if k != "kind"
        )
    if kind == "round" and "hits" in e:
        h = e["hits"]
        text = f"battle{where}, round {e.get('round')}: attacker hits {h[0]}, defender hits {h[1]}"
        dice = e.get("dice")
        if dice:
            (fs_att, fs_def), (att, dfn) = dice
            parts = []
            if fs_att or fs_def:
                parts.append(
                    f"first strike: attacker {dice_text(fs_att)}; defender {dice_text(fs_def)}"
                )
            parts.append(f"attacker {dice_text(att)}; defender {dice_text(dfn)}")
            text += " — dice " + " — ".join(parts)
        return text
    if kind == "lost":
        return f"{e.get('nation')} lost a {e.get('type')}{where}"
    if kind == "battle":
        return f"battle{where}: {e.get('attacker')} attacks {e.get('defender')}"
    if kind == "battle_end":
        rounds = f" after {e['rounds']} round(s)" if e.get("rounds") is not None else ""
        return f"battle{where} ends: {e.get('result')}{rounds}"
    if kind == "research":
        ok = "success" if e.get("success") else "no success"
        return (
            f"{e.get('nation')} researches {e.get('tech')}: rolled {e.get('roll')} "
            f"(needs {e.get('target')}+), {ok}"
        )
    if kind == "repair":
        return (
            f"{e.get('nation')} repairs {e.get('points')} point(s) of facility {e.get('facility')}"
        )
    if kind == "capture":
        return f"{e.get('by')} captures {zone_name(pack, z) if isinstance(z, int) else z}"
    rest = " ".join(f"{k}={v}" for k, v in e.items() if k not in ("e", "zone"))
    return f"{kind}{where}: {rest}" if rest else f"{kind}{where}"


# ------------------------------------------------------------------------- bots on a thread
class _BotSignals(QObject):
    done = Signal(int, object)
    failed = Signal(int, str)
    started = Signal(int, object)  # a session built off the GUI thread (new game, load)


class _StartTask(QRunnable):
    """Build a session off the GUI thread: a new game loads the ruleset and places the
    set-up, a loaded one replays its whole log (seconds for a long game)."""

    def __init__(self, make, token: int, signals: _BotSignals):
        super().__init__()
        self.make, self.token, self.signals = make, token, signals
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            session = self.make()
        except WarroomError as err:
            self.signals.failed.emit(self.token, str(err))
            return
        except Exception as err:  # noqa: BLE001 - reported to the window, never lost
            self.signals.failed.emit(self.token, f"{type(err).__name__}: {err}")
            return
        self.signals.started.emit(self.token, session)


class _BotWorker(QObject):
    """Lives on the play mode's worker thread: thinks one bot decision at a time on a
    copy of the game (the window keeps the real one)."""

    def __init__(self, signals: _BotSignals):
        super().__init__()
        self.signals = signals

    @Slot(int, object, object)
    def think(self, token: int, session: PlaySession, state) -> None:
        try:
            action = session.choose_bot(state)
        except Exception as err:  # noqa: BLE001 - reported to the window, never lost
            self.signals.failed.emit(token, f"{type(err).__name__}: {err}")
            return
        self.signals.done.emit(token, action)


# ------------------------------------------------------------------------- the map tool
class PlayTool(Tool):
    """Play mode's mouse: click (or press) on a stack of yours, release or click on a
    highlighted zone to move there; Shift+click zones on the way first to force the
    route through them (waypoints, in order)."""

    name = "play"
    text = "Play"
    hint = (
        "Click a zone with your units, then a highlighted zone to move them there "
        "(Shift+click zones on the way first: the route passes them)"
    )

    def __init__(self, window: MainWindow, mode: PlayMode):
        super().__init__(window)
        self.mode = mode
        self._pressed: int | None = None

    def mouse_press(self, view, event, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        s = self.mode.session
        if s is None or not s.human_to_move or self.mode.handing_over:
            self.mode.message.emit("wait: it is not your move" if s is not None else "no game")
            return True
        z = self.window.scene.zone_at(pos)
        self._pressed = z
        if z is None:
            return True
        if (
            event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            and self.mode.source is not None
            and z != self.mode.source
        ):
            self.mode.add_waypoint(z)
            self._pressed = None  # (the release does not move)
            return True
        if self.mode.source is not None and z in self.window.scene.play_targets:
            return True  # the release moves
        self.mode.pick_source(z)
        return True

    def mouse_release(self, view, event, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if self._pressed is None:
            return True
        z = self.window.scene.zone_at(pos)
        src = self.mode.source
        if z is not None and src is not None and z != src:
            self.mode.move_to(z)  # a click on a target, or a drag from the stack
        self._pressed = None
        return True

    def mouse_move(self, view, event, pos: QPointF) -> bool:
        """The route to the zone under the mouse, while a stack is picked (hover or drag)."""
        if self.mode.source is None:
            return False
        z = self.window.scene.zone_at(pos)
        self.mode.preview(z if z in self.window.scene.play_targets else None)
        return False  # (the view's hover goes on)

    def cancel(self) -> None:
        self.mode.pick_source(None)

    def paint_overlay(self, view, painter: QPainter, rect: QRectF) -> None:
        """The route(s) previewed: a line through the zones passed, an arrow at the end;
        the waypoints numbered."""
        routes = self.mode.routes
        standing = self.mode.standing_arrows()
        if not routes and not self.mode.waypoints and not standing:
            return
        geom = self.window.scene.geom
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        scale = view.transform().m11() or 1.0
        # (the attacks announced this turn, in red, under the route previewed)
        arrows = [(p, QColor(220, 40, 30)) for p in standing]
        arrows += [(p, QColor(255, 214, 0)) for p in routes]
        for path, fill in arrows:
            pts = [QPointF(*geom.anchor[z]) for z in path if z in geom.anchor]
            if len(pts) < 2:
                continue
            for colour, width in ((QColor(0, 0, 0, 170), 7.0), (fill, 3.5)):
                pen = QPen(colour, width / scale)
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
                pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
                painter.setPen(pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPolyline(pts)
            a, b = pts[-2], pts[-1]
            dx, dy = b.x() - a.x(), b.y() - a.y()
            n = math.hypot(dx, dy) or 1.0
            ux, uy = dx / n, dy / n
            size = 16.0 / scale
            head = QPolygonF(
                [
                    b,
                    QPointF(
                        b.x() - size * ux + size * 0.5 * uy, b.y() - size * uy - size * 0.5 * ux
                    ),
                    QPointF(
                        b.x() - size * ux - size * 0.5 * uy, b.y() - size * uy + size * 0.5 * ux
                    ),
                ]
            )
            painter.setPen(QPen(QColor(0, 0, 0, 200), 1.5 / scale))
            painter.setBrush(fill)
            painter.drawPolygon(head)
            painter.setBrush(QColor(255, 255, 255))
            for p in pts[1:-1]:  # the zones passed through
                painter.drawEllipse(p, 4.0 / scale, 4.0 / scale)
        # the waypoints, numbered
        for i, z in enumerate(self.mode.waypoints, 1):
            if z not in geom.anchor:
                continue
            c = QPointF(*geom.anchor[z])
            r = 9.0 / scale
            painter.setPen(QPen(QColor(0, 0, 0), 1.5 / scale))
            painter.setBrush(QColor(255, 214, 0))
            painter.drawEllipse(c, r, r)
            f = painter.font()
            f.setPixelSize(max(1, round(12 / scale)))
            f.setBold(True)
            painter.setFont(f)
            painter.drawText(
                QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, str(i)
            )
        painter.restore()


# ------------------------------------------------------------------------- the dock
class PlayPanel(QWidget):
    def __init__(self, mode: PlayMode):
        super().__init__()
        self.mode = mode
        self.turn = QLabel("", objectName="playTurn", wordWrap=True)
        self.turn.setStyleSheet("font-weight: bold; padding: 4px;")
        # every text wraps and no combo box sizes to its longest answer: the dock never
        # widens as the game goes on (that would resize the map view and repaint it whole)
        self.money = QLabel("", objectName="playMoney", wordWrap=True)
        self.status = QLabel("", objectName="playStatus", wordWrap=True)
        self.end_btn = QPushButton("End phase", objectName="playEndPhase")
        self.undo_btn = QPushButton("Undo", objectName="playUndo")
        self.end_btn.clicked.connect(mode.end_phase)
        self.undo_btn.clicked.connect(mode.undo)
        bar = QHBoxLayout()
        bar.addWidget(self.undo_btn)
        bar.addStretch(1)
        bar.addWidget(self.end_btn)

        # pages: hand-over, waiting for bots, actions, decision, game over
        self.pages = QStackedWidget(objectName="playPages")
        self.handover = QWidget()
        hl = QVBoxLayout(self.handover)
        self.handover_text = QLabel("", objectName="playHandoverText", wordWrap=True)
        self.handover_btn = QPushButton("Continue", objectName="playHandover")
        self.handover_btn.clicked.connect(mode.hand_over_done)
        hl.addWidget(self.handover_text)
        hl.addWidget(self.handover_btn)
        hl.addStretch(1)
        self.waiting = QLabel("", objectName="playWaiting", wordWrap=True)
        self.waiting.setAlignment(Qt.AlignmentFlag.AlignTop)

        self.actions_page = QWidget()
        al = QVBoxLayout(self.actions_page)
        self.actions_title = QLabel("", objectName="playActionsTitle", wordWrap=True)
        self.actions = QListWidget(objectName="playActions")
        self.actions.itemDoubleClicked.connect(lambda _i: self._do_selected())
        self._do_row = QWidget()
        row = QHBoxLayout(self._do_row)
        row.setContentsMargins(0, 0, 0, 0)
        self.count = QSpinBox(objectName="playCount", minimum=1, maximum=99, value=1)
        self.do_btn = QPushButton("Do", objectName="playDo")
        self.do_btn.clicked.connect(self._do_selected)
        row.addWidget(QLabel("Times"))
        row.addWidget(self.count)
        row.addStretch(1)
        row.addWidget(self.do_btn)
        self.stack_box = QGroupBox("Stack picked", objectName="playStackBox")
        self.stack_form = QFormLayout(self.stack_box)
        #: above the phase's actions: what was bought (purchase, placement), else the
        #: battle fought last this turn with its dice
        self.info = QLabel("", objectName="playInfo", wordWrap=True)
        self.info.setTextFormat(Qt.TextFormat.PlainText)
        self.transport_box = QGroupBox("Which transport?", objectName="playTransportBox")
        tl = QVBoxLayout(self.transport_box)
        self.transports = QComboBox(objectName="playTransports")
        self.transports.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.transports.setMinimumContentsLength(16)
        self.board_btn = QPushButton("Board", objectName="playBoard")
        self.board_btn.clicked.connect(self._board)
        cancel = QPushButton("Cancel", objectName="playBoardCancel")
        cancel.clicked.connect(lambda: self.mode.pick_source(self.mode.source))
        tr = QHBoxLayout()
        tr.addWidget(self.board_btn)
        tr.addWidget(cancel)
        tl.addWidget(self.transports)
        tl.addLayout(tr)
        al.addWidget(self.actions_title)
        al.addWidget(self.info)
        al.addWidget(self.transport_box)
        al.addWidget(self.stack_box)
        al.addWidget(self.actions, 1)
        al.addWidget(self._do_row)
        al.addStretch(0)

        self.decision_page = QWidget()
        dl = QVBoxLayout(self.decision_page)
        self.decision_text = QLabel("", objectName="playDecisionText", wordWrap=True)
        self.battle_text = QLabel("", objectName="playBattleText", wordWrap=True)
        self.battle_text.setTextFormat(Qt.TextFormat.PlainText)
        self.answers = QComboBox(objectName="playAnswers")
        self.answers.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.answers.setMinimumContentsLength(16)
        self.answer_btn = QPushButton("Confirm", objectName="playAnswer")
        self.answer_btn.clicked.connect(self._answer)
        dl.addWidget(self.decision_text)
        dl.addWidget(self.battle_text)
        dl.addWidget(self.answers)
        dl.addWidget(self.answer_btn)
        dl.addStretch(1)
        self.over = QLabel("", objectName="playOver", wordWrap=True)
        for w in (self.handover, self.waiting, self.actions_page, self.decision_page, self.over):
            self.pages.addWidget(w)

        self.log = QListWidget(objectName="playLog")
        self.log.itemClicked.connect(self._log_clicked)
        self.objectives = QTableWidget(0, 4, objectName="playObjectives")
        self.objectives.setHorizontalHeaderLabels(["Objective", "Kind", "Owner", "Paid"])
        self.objectives.horizontalHeader().setStretchLastSection(True)
        self.vp = QLabel("", objectName="playVP")
        obj = QWidget()
        ol = QVBoxLayout(obj)
        ol.addWidget(self.vp)
        ol.addWidget(self.objectives)
        self.tabs = QTabWidget(objectName="playTabs")
        self.tabs.addTab(self.log, "Log")
        self.tabs.addTab(obj, "Objectives")

        lay = QVBoxLayout(self)
        lay.addWidget(self.turn)
        lay.addWidget(self.money)
        lay.addLayout(bar)
        lay.addWidget(self.status)
        lay.addWidget(self.pages, 2)
        lay.addWidget(self.tabs, 1)
        self._log_len = 0
        self._spins: dict[str, QSpinBox] = {}

    # -- filling ---------------------------------------------------------------------
    def refresh(self) -> None:
        m = self.mode
        s = m.session
        if s is None:
            return
        st = s.state
        date = position_date(st)
        who = s.player
        seat = "human" if s.is_human(who) else f"{s.seats[who]} bot"
        self.turn.setText(
            f"Round {st.round}" + (f" · {date}" if date else "") + f" · {st.current_nation} · "
            f"{st.phase.replace('_', ' ')}" + (f" · {who} decides ({seat})" if st.decision else "")
        )
        colour = m.window.scene.nation_colour(st.current_nation).name()
        self.turn.setStyleSheet(
            f"font-weight: bold; padding: 4px; border-left: 10px solid {colour};"
        )
        banks = ", ".join(f"{n} {v}" for n, v in sorted(st.banks.items()) if v)
        if m.clicks is not None:  # (hgw: production points, spent in production)
            self.money.setText("PP to spend: " + (banks or "none now"))
        else:
            self.money.setText("Banks: " + banks)
        human = s.human_to_move and not m.handing_over
        self.end_btn.setEnabled(human and END in s.legal())
        self.undo_btn.setEnabled(human and s.can_undo)
        if st.is_terminal():
            self.over.setText(f"The game is over: {st.winner or 'no winner'}. {st.end_reason}")
            self.pages.setCurrentWidget(self.over)
        elif m.handing_over:
            self.handover_text.setText(
                f"Hand the computer to {who}. The other players look away: {who}'s "
                "choices are hidden until they continue."
            )
            self.handover_btn.setText(f"I am {who}: continue")
            self.pages.setCurrentWidget(self.handover)
        elif not s.is_human(who):
            self.waiting.setText(f"{who} ({s.seats[who]} bot) is thinking…")
            self.pages.setCurrentWidget(self.waiting)
        elif st.decision is not None:
            self._fill_decision()
            self.pages.setCurrentWidget(self.decision_page)
        else:
            self._fill_actions()
            self.pages.setCurrentWidget(self.actions_page)
        self._fill_log()
        self._fill_objectives()

    def _fill_actions(self) -> None:
        s = self.mode.session
        st = s.state
        ph = st.phase
        titles = {
            "purchase": "Purchase: pick a unit, how many, then Do",
            "place": "Placement: pick where each bought unit goes",
            "politics": "Politics",
            "combat": "Pending battles (pick the order)",
            "combat_move": "Combat move: click your stack, then a highlighted zone",
            "noncombat_move": "Non-combat move: click your stack, then a highlighted zone",
        }
        if self.mode.clicks is not None:
            titles = self.mode.clicks.titles
        self.actions_title.setText(titles.get(ph, ph.replace("_", " ").capitalize()))
        self.actions.clear()
        # in sections: what to buy, research, repair, pay on the Production Chart...
        sections: dict[str, list[Action]] = {}
        for a in s.legal():
            if a.kind in ("end_phase", "move", "hgw_move"):  # (moves: on the map)
                continue
            sections.setdefault(a.kind, []).append(a)
        headed = len(sections) > 1 or any(k in sections for k in ("research", "repair"))
        first = None
        for kind in sorted(sections, key=lambda k: (SECTION_ORDER.get(k, 99), k)):
            if headed:
                head = QListWidgetItem(self._section_title(kind))
                head.setFlags(Qt.ItemFlag.NoItemFlags)
                f = head.font()
                f.setBold(True)
                head.setFont(f)
                self.actions.addItem(head)
            for a in sections[kind]:
                item = QListWidgetItem(self._action_text(a))
                item.setData(Qt.ItemDataRole.UserRole, a)
                self.actions.addItem(item)
                if first is None:
                    first = item
        if first is not None:
            self.actions.setCurrentItem(first)
        last = self.mode.last_battle_summary()
        if self.mode.clicks is not None:
            rolls = rolls_this_turn(st)
            last = "Rolls this turn:\n" + "\n".join(rolls) if rolls else ""
        if ph in ("purchase", "place"):  # (in hot-seat the log keeps purchases hidden)
            bought = s.bought()
            last = "Bought, to place: " + (
                ", ".join(f"{k} {t}" for t, k in bought.items()) if bought else "nothing yet"
            )
        self.info.setText(last)
        self.info.setVisible(bool(last))
        self.count.setEnabled(ph == "purchase")
        self.do_btn.setEnabled(first is not None)
        # (hgw movement lists nothing: its moves are on the map)
        listed = first is not None or self.mode.clicks is None
        self.actions.setVisible(listed)
        self._do_row.setVisible(listed)
        self._fill_stack()
        self._fill_transport()

    def _section_title(self, kind: str) -> str:
        s = self.mode.session
        if kind == "research":
            r = s.research_offer()
            if r is not None:
                return (
                    f"Research: {r['dice_left']} dice left this turn, {r['cost']} a die "
                    f"(a success completes a stage)"
                )
        if kind == "repair":
            return "Repair damaged facilities (as many points as the bank pays)"
        return SECTION_TITLES.get(kind, kind.replace("_", " ").capitalize())

    def _action_text(self, a: Action) -> str:
        s = self.mode.session
        if a.kind == "research":
            return s.describe_research(a.type)
        if a.kind == "repair":
            return s.describe_repair(a.target)
        if a.kind == "advance":
            return s.describe_advance(a.target)
        return describe_action(s.state, a) + odds_text(s.state, a)

    def _fill_stack(self) -> None:
        m = self.mode
        while self.stack_form.rowCount():
            self.stack_form.removeRow(0)
        self._spins = {}
        if m.clicks is not None:
            self._fill_hex()
            return
        src = m.source
        self.stack_box.setVisible(src is not None)
        if src is None:
            return
        st = m.session.state
        # (a group box's title never wraps: a long one would widen the dock)
        self.stack_box.setTitle(f"Stack in {zone_name(st.pack, src)}")
        via = " → ".join(zone_name(st.pack, z) for z in m.waypoints)
        route = QLabel(
            f"Route via {via} (Shift+click adds a zone)"
            if via
            else "Units to move (Shift+click zones on the way to force the route)",
            objectName="playRoute",
            wordWrap=True,
        )
        self.stack_form.addRow(route)
        for t, ids in sorted(m.movable_by_type(src).items()):
            spin = QSpinBox(objectName=f"playPick_{t}", minimum=0, maximum=len(ids))
            spin.setValue(len(ids))
            self._spins[t] = spin
            self.stack_form.addRow(f"{t} (of {len(ids)})", spin)

    def _fill_hex(self) -> None:
        """(A click adapter's game) the hex clicked: terrain, PP, devastation, garrison,
        its armies; in movement the SPs to move, per type."""
        m = self.mode
        z = m.source if m.source is not None else m.inspected
        self.stack_box.setVisible(z is not None)
        if z is None:
            return
        st = m.session.state
        self.stack_box.setTitle(f"Hex {hex_label(st.pack, z)}")
        for line in m.clicks.hex_info(st, z):
            self.stack_form.addRow(QLabel(line, wordWrap=True))
        if m.source is None:
            return
        movable = m.movable_by_type(z)
        if movable:
            self.stack_form.addRow(QLabel("SPs to move (default: all that may):", wordWrap=True))
        for t, ids in sorted(movable.items()):
            spin = QSpinBox(objectName=f"playPick_{t}", minimum=0, maximum=len(ids))
            spin.setValue(len(ids))
            self._spins[t] = spin
            self.stack_form.addRow(f"{t} (of {len(ids)})", spin)

    def _fill_transport(self) -> None:
        m = self.mode
        self.transports.clear()
        self.transport_box.setVisible(m.choosing is not None)
        if m.choosing is None:
            return
        dest, counts = m.choosing
        for tid in m.transport_choices(dest, counts):
            self.transports.addItem(m.describe_transport(tid), tid)

    def _board(self) -> None:
        tid = self.transports.currentData()
        if tid is not None:
            self.mode.board(int(tid))

    def picked_counts(self) -> dict[str, int]:
        return {t: s.value() for t, s in self._spins.items()}

    def _fill_decision(self) -> None:
        s = self.mode.session
        st = s.state
        d = st.decision
        b = getattr(st, "battle", None)
        where = f" in {zone_name(st.pack, b.zone)}" if b is not None else ""
        side = {"att": "attacker", "def": "defender"}.get(d.about, d.about)
        text = f"{d.owner} decides: {d.kind} ({side}){where}"
        if self.mode.clicks is not None:
            text = {
                "hgw_losses": f"{d.owner} decides which SPs are lost first",
                "hgw_defend": f"{d.owner} decides which armies make a defensive assault "
                "on the attackers (now or later)",
            }.get(d.kind, text)
        self.decision_text.setText(text)
        text = self.mode.battle_summary()
        if not text and self.mode.clicks is not None:
            text = "\n".join(rolls_this_turn(st))
        self.battle_text.setText(text)
        self.answers.clear()
        default = self.mode.default_answer()
        for a in s.legal():
            self.answers.addItem(describe_action(st, a), a)
            if a == default:
                self.answers.setCurrentIndex(self.answers.count() - 1)

    def _fill_log(self) -> None:
        log = self.mode.session.state.log
        if len(log) < self._log_len:
            self.log.clear()
            self._log_len = 0
        pack = self.mode.session.pack
        secret = self.mode.session.hot_seat
        for e in log[self._log_len :]:
            if e.get("e") == "start":
                continue
            act = e.get("a") if e.get("e") == "action" else None
            if (
                self.mode.clicks is not None
                and isinstance(act, dict)
                and str(act.get("kind", "")).startswith("hgw_")
            ):
                continue  # (the rule system logs what the action did, in its own event)
            if self.mode.clicks is not None and e.get("e") in ("battle", "battle_end"):
                continue  # (hgw: the advance's own line says it; these count battles)
            if secret and isinstance(act, dict) and act.get("kind") == "buy":
                # hot-seat: what a nation bought shows when it is placed
                text = f"{e.get('n', '')}: buys (shown when placed)"
            else:
                st = self.mode.session.state
                own = describe_hgw_event(pack, e, st) if self.mode.clicks is not None else None
                text = own if own is not None else describe_event(pack, e, st)
            item = QListWidgetItem(text)
            z = e.get("zone")
            a = e.get("a") if e.get("e") == "action" else None
            if not isinstance(z, int) and isinstance(e.get("to"), int):
                z = e["to"]  # (an hgw move)
            if not isinstance(z, int) and isinstance(a, dict):
                z = (a.get("path") or [None])[-1] if a.get("path") else a.get("zone")
            item.setData(Qt.ItemDataRole.UserRole, z)
            self.log.addItem(item)
        self._log_len = len(log)
        self.log.scrollToBottom()

    def _fill_objectives(self) -> None:
        st = self.mode.session.state
        rows = objectives_table(st)
        self.objectives.setRowCount(len(rows))
        for i, r in enumerate(rows):
            for j, v in enumerate((r["name"], r["kind"], r["owner"], str(r["paid"]))):
                self.objectives.setItem(i, j, QTableWidgetItem(v))
        vp = victory_points(st)
        self.vp.setText(
            "Victory points: " + ", ".join(f"{k} {v}" for k, v in vp.items()) if vp else ""
        )

    # -- doing ---------------------------------------------------------------------
    def _do_selected(self) -> None:
        item = self.actions.currentItem()
        if item is None:
            return
        a = item.data(Qt.ItemDataRole.UserRole)
        if a is None:
            return  # a section's title
        times = self.count.value() if a.kind == "buy" else 1
        for _ in range(times):
            if not self.mode.act(a):
                break

    def _answer(self) -> None:
        a = self.answers.currentData()
        if a is not None:
            self.mode.act(a)

    def _log_clicked(self, item: QListWidgetItem) -> None:
        z = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(z, int):
            self.mode.centre_on(z)


# ------------------------------------------------------------------------- the controller
class PlayMode(QObject):
    """The game in the window: one at a time."""

    #: the position changed (after every action)
    changed = Signal()
    #: a message for the player (an illegal move and why)
    message = Signal(str)
    #: (to the worker thread) think the current bot's decision
    _ask = Signal(int, object, object)

    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.session: PlaySession | None = None
        self.source: int | None = None
        #: the rule system's click adapter (None: the A&A family's ``move``)
        self.clicks: HgwClicks | None = None
        #: the zone clicked last (the stack panel describes it; hgw: the hex and armies)
        self.inspected: int | None = None
        #: the attacks standing drawn last (hgw)
        self._arrows: list[tuple[int, int]] = []
        #: the route(s) the picked stack would take to the zone under the mouse
        self.routes: list[tuple[int, ...]] = []
        #: a move waiting for the player to choose its transport: (dest, counts)
        self.choosing: tuple[int, dict[str, int]] | None = None
        #: zones the picked stack's route must pass, in order (Shift+click)
        self.waypoints: list[int] = []
        self.handing_over = False
        self._last_human: str | None = None
        #: hot-seat: the human the computer was handed to (with the screen) and whom no
        #: other human followed at it since
        self._private_to: str | None = None
        self._token = 0
        self._thinking = False
        self._signals = _BotSignals()
        self._signals.done.connect(self._bot_done)
        self._signals.failed.connect(self._bot_failed)
        self._start_signals = _BotSignals()
        self._start_signals.started.connect(self._started)
        self._start_signals.failed.connect(self._start_failed)
        self._start_token = 0
        #: a game being built off the GUI thread (New Game, Load Game)
        self.starting = False
        self._switch = sys.getswitchinterval()
        #: builds sessions (new game, load) off the GUI thread
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        #: the bots think on their own thread, one decision at a time
        self._thread = QThread(self)
        self._thread.setObjectName("play-bots")
        self._worker = _BotWorker(self._signals)
        self._worker.moveToThread(self._thread)
        self._ask.connect(self._worker.think)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)
        self.tool = PlayTool(window, self)
        self.panel = PlayPanel(self)
        self.dock = QDockWidget("Play", window)
        self.dock.setObjectName("playDock")
        # in a scroll area: the dock never asks for more room than the tab it goes in has
        # (a taller dock would shrink the overview, which renders the whole map again)
        scroll = QScrollArea(objectName="playScroll", widgetResizable=True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.panel)
        self.dock.setWidget(scroll)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()
        self._redraw = QTimer(self)
        self._redraw.setSingleShot(True)
        self._redraw.setInterval(BOT_REFRESH_MS)
        self._redraw.timeout.connect(self.refresh)
        self._saved_tool: str | None = None
        self.message.connect(window.show_error)

    @property
    def active(self) -> bool:
        return self.session is not None

    # -- start / stop --------------------------------------------------------------
    def start_async(self, make) -> None:
        """Build the session with ``make()`` on the worker thread, then :meth:`start` it
        (the window stays responsive while a ruleset loads or a long log replays)."""
        self._start_token += 1
        self.starting = True
        # the GUI thread gets the interpreter back within a millisecond while it builds
        sys.setswitchinterval(0.001)
        self.window.statusBar().showMessage("Starting the game…")
        # (the game on screen goes on until the new one is ready: a refused file keeps it)
        self.pool.start(_StartTask(make, self._start_token, self._start_signals))

    def _started(self, token: int, session: PlaySession) -> None:
        if token != self._start_token:
            return
        self.starting = False
        self.window.statusBar().clearMessage()
        self.start(session)

    def wait_until_started(self, timeout: float = 60.0) -> bool:
        """(Tests, benchmarks) run the event loop until a game started or failed."""
        end = time.monotonic() + timeout
        while self.starting and time.monotonic() < end:
            QCoreApplication.processEvents()
            time.sleep(0.002)
        return self.session is not None

    def start(self, session: PlaySession) -> None:
        self.stop()
        # while a bot thinks, the GUI thread gets the interpreter back within a millisecond
        sys.setswitchinterval(0.001)
        if not self._thread.isRunning():  # (runs while a game does: nothing left at exit)
            self._thread.start()
        self.session = session
        self.source = None
        self.inspected = None
        make = CLICK_ADAPTERS.get(getattr(session.state.system, "name", ""))
        self.clicks = make() if make is not None else None
        # hgw's rolls and actions are long lines: wrapped (the dock never widens); the
        # A&A family's lists keep one line an item (a long game's log lays out faster)
        self.panel.log.setWordWrap(self.clicks is not None)
        self.panel.actions.setWordWrap(self.clicks is not None)
        self.routes, self.choosing, self.waypoints = [], None, []
        self._last_human = None
        self._private_to = None
        self.handing_over = False
        w = self.window
        self._saved_tool = w.tool.name if w.tool is not None else None
        self._set_editing(False)
        if w.tool is not None:
            w.tool.deactivate()
        w.tool = self.tool
        w.view.tool = self.tool
        self.tool.activate(w.view)
        self._place_dock()
        self.dock.show()
        self.dock.raise_()
        self._changed()

    def _place_dock(self) -> None:
        """The Play dock goes in a tab beside the Inspector (off while playing): the map
        view keeps its size, so the map is not fitted and repainted whole at the start."""
        w = self.window
        ref = getattr(w, "inspector_dock", None)
        if (
            ref is None
            or self.dock.isVisible()
            or ref.isFloating()
            or not ref.isVisible()
            or w.dockWidgetArea(ref) != w.dockWidgetArea(self.dock)
            or self.dock in w.tabifiedDockWidgets(ref)
        ):
            return
        w.tabifyDockWidget(ref, self.dock)

    def stop(self) -> None:
        if self.session is None:
            return
        self._token += 1  # a bot still thinking is ignored when it answers
        self._thinking = False
        self.pool.waitForDone(5000)  # a game being built
        self._thread.quit()
        self._thread.wait(5000)  # (a bot's choice takes a fraction of a second)
        sys.setswitchinterval(self._switch)
        self.session = None
        self.source = None
        w = self.window
        w.scene.show_position(None)
        self.tool.deactivate()
        w.tool = None
        self._set_editing(True)
        w.set_tool(self._saved_tool or "select")
        self.dock.hide()

    def _set_editing(self, on: bool) -> None:
        w = self.window
        for a in w.tool_actions.values():
            a.setEnabled(on)
        for name in ("act_undo", "act_redo", "act_delete_zone", "act_rename_zone"):
            act = getattr(w, name, None)
            if act is not None:
                act.setEnabled(on and (name not in ("act_undo", "act_redo")))
        for panel in ("inspector", "scenario_panel", "zones_panel"):
            widget = getattr(w, panel, None)
            if widget is not None:
                widget.setEnabled(on)
        if on:
            w._update_actions()

    # -- the view -----------------------------------------------------------------
    def refresh(self) -> None:
        s = self.session
        if s is None:
            return
        self._redraw.stop()
        # only what changed since the position drawn before is repainted (a full redraw
        # of the map costs the window ~0.1 s)
        self.window.scene.show_position(position_scenario(s.state))
        if self.source is not None:
            self.window.scene.set_play_targets(self.source, self.targets(self.source))
        else:
            self.window.scene.set_play_targets(None, ())
        arrows = self.standing_arrows()
        if arrows != self._arrows:  # (the view repaints the overlay only when they change)
            self._arrows = arrows
            self.window.view.viewport().update()
        self.panel.refresh()
        self.changed.emit()

    def centre_on(self, zone: int) -> None:
        geom = self.window.scene.geom
        if zone in geom.paths:
            self.window.view.center_on(geom.rect(zone).center())

    # -- bots ---------------------------------------------------------------------
    def _changed(self) -> None:
        """The position changed (the start, a human's action): draw it once, then let
        whoever is next play (a human's turn draws itself)."""
        s = self.session
        if s is not None and (s.bot_to_move or self._thinking):
            self.refresh()
        self._pump()

    def _pump(self) -> None:
        s = self.session
        if s is None or self._thinking:
            return
        if s.bot_to_move:
            self._thinking = True
            self._token += 1
            self._ask.emit(self._token, s, s.state.clone())
            return
        self._human_turn()

    def _bot_done(self, token: int, action: Action) -> None:
        if token != self._token or self.session is None:
            return
        self._thinking = False
        try:
            self.session.apply_bot(action)
        except WarroomError as err:
            self.message.emit(f"the bot's move failed: {err}")
            return
        if self.session.bot_to_move and not self._redraw.isActive():
            self._redraw.start()
        self._pump()  # (a human's turn is drawn when it comes)

    def _bot_failed(self, token: int, text: str) -> None:
        if token == self._token:
            self._thinking = False
            self.message.emit(f"the bot failed: {text}")

    def _start_failed(self, token: int, text: str) -> None:
        if token == self._start_token:
            self.starting = False
            if self.session is None:
                sys.setswitchinterval(self._switch)
            self.window.statusBar().clearMessage()
            self.message.emit(text)

    def shutdown(self) -> None:
        """The window closes: stop the game and the bots' thread."""
        self.stop()
        self._start_token += 1  # a game still being built is dropped
        self.pool.waitForDone(5000)

    def wait_for_bots(self, timeout: float = 60.0) -> bool:
        """(Tests, benchmarks) let the event loop run until a human is to move."""
        end = time.monotonic() + timeout
        while self.session is not None and (self._thinking or self.session.bot_to_move):
            if time.monotonic() > end:
                return False
            QCoreApplication.processEvents()
            time.sleep(0.002)
        return True

    # -- humans -------------------------------------------------------------------
    def _human_turn(self) -> None:
        """A human is to move. Hot-seat: the hand-over screen comes when that human is
        to make a hidden choice (:func:`hidden_step`) and another human used the
        computer since it was last handed to them; open steps (moves, battles, a
        defender's casualties) change hands without it."""
        s = self.session
        if s is None or s.state.is_terminal():
            self.refresh()
            return
        who = s.player
        if s.hot_seat:
            if self._last_human is None:
                self._private_to = who  # the game starts at the first player's seat
            elif who != self._last_human:
                self._private_to = None  # the others see the screen from now on
            if hidden_step(s.state) and self._private_to != who:
                self.handing_over = True
                self.source = None
        self._last_human = who
        self.refresh()

    def hand_over_done(self) -> None:
        self.handing_over = False
        self._private_to = self.session.player if self.session is not None else None
        self.refresh()

    def act(self, action: Action) -> bool:
        """The human's action; False (and a message saying why) when the engine refuses."""
        s = self.session
        if s is None or not s.human_to_move or self.handing_over:
            return False
        try:
            s.apply(action)
        except WarroomError as err:
            self.message.emit(str(err))
            return False
        if self.source is not None and not self._moves_from(self.source):
            self.source = None
        self._changed()
        return True

    def undo(self) -> None:
        s = self.session
        if s is None or not s.can_undo:
            return
        s.undo()
        self.source = None
        self.refresh()

    def end_phase(self) -> bool:
        s = self.session
        if s is None or not s.human_to_move or END not in s.legal():
            return False
        left = []
        if (n := s.unmoved_units()) > 0:
            left.append(f"{n} unit(s) may still move")
        if (m := s.money_left()) > 0:
            left.append(f"{m} unspent")
        if (k := s.unplaced_units()) > 0:
            left.append(f"{k} bought unit(s) not placed")
        if left:
            answer = QMessageBox.question(
                self.window,
                "End phase",
                f"End {s.state.phase.replace('_', ' ')}? " + "; ".join(left) + ".",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,  # a stray Enter does not end the phase
            )
            if answer != QMessageBox.StandardButton.Yes:
                return False
        self.source = None
        return self.act(END)

    def default_answer(self) -> Action | None:
        """The answer the rules' default policy gives the pending decision (preselected):
        the casualty order that stands, press on, every fighter/token spent."""
        s = self.session
        legal = s.legal() if s else []
        if not legal:
            return None
        d = s.state.decision
        if d is not None and d.kind == "casualties":
            b = getattr(s.state, "battle", None)
            cur = b.profiles.get(d.about) if b is not None else None
            for a in legal:
                if a.profile == cur:
                    return a
            return legal[0]
        if d is not None and d.kind == "retreat" and Action.press() in legal:
            return Action.press()
        if d is not None and d.kind in ("scramble", "kamikaze", "intercept"):
            return max(legal, key=lambda a: a.count)
        return legal[0]

    def battle_summary(self) -> str:
        """Both sides of the battle being fought and its rounds so far (from the log)."""
        s = self.session
        st = s.state
        b = getattr(st, "battle", None)
        if b is None:
            return ""
        sides: dict[str, dict[str, int]] = {}
        for uid in st.units_in(b.zone):
            u = st.units[uid]
            sides.setdefault(u.nation, {})
            label = u.type + (" (damaged)" if u.damage else "")
            sides[u.nation][label] = sides[u.nation].get(label, 0) + 1
        lines = [f"Battle round {b.round + 1}: {b.attacker} attacks {b.defender or 'nobody'}"]
        for n, counts in sorted(sides.items()):
            lines.append(f"  {n}: " + ", ".join(f"{k} {t}" for t, k in sorted(counts.items())))
        log = st.log
        start = max(
            (i for i, e in enumerate(log) if e.get("e") == "battle" and e.get("zone") == b.zone),
            default=len(log),
        )
        lines += self._rounds_text(log[start:], b.attacker, b.defender or "defender")
        return "\n".join(lines)

    def last_battle_summary(self) -> str:
        """The battle fought last in this turn, with its rounds and dice (shown above the
        phase's actions: a battle decided without a question to the player has its dice
        on screen too); "" when none was, or while a battle is on."""
        s = self.session
        st = s.state if s is not None else None
        if st is None or getattr(st, "battle", None) is not None:
            return ""
        log = st.log
        start = next((i for i in range(len(log) - 1, -1, -1) if log[i].get("e") == "battle"), None)
        if start is None or any(log[i].get("e") == "turn" for i in range(start, len(log))):
            return ""
        head = log[start]
        end = next((e for e in log[start:] if e.get("e") == "battle_end"), None)
        if end is None:
            return ""
        att, dfn = head.get("attacker", "attacker"), head.get("defender") or "defender"
        where = zone_name(s.pack, head["zone"]) if isinstance(head.get("zone"), int) else ""
        lines = [
            f"Last battle, {where}: {att} attacked {dfn} — {end.get('result')} after "
            f"{end.get('rounds')} round(s)"
        ]
        lines += self._rounds_text(log[start:], att, dfn)
        return "\n".join(lines)

    def _rounds_text(self, events, att: str, dfn: str) -> list[str]:
        """Each round's hits and the faces of each side's dice, and the losses."""
        lines = []
        for e in events:
            if e.get("e") == "round" and "hits" in e and e.get("dice"):
                h = e["hits"]
                lines.append(f"  Round {e.get('round')}: {att} hits {h[0]}, {dfn} hits {h[1]}")
                (fs_att, fs_def), (g_att, g_def) = e["dice"]
                if fs_att or fs_def:
                    lines.append(f"    first strike, {att}: {dice_text(fs_att)}")
                    lines.append(f"    first strike, {dfn}: {dice_text(fs_def)}")
                lines.append(f"    {att} rolled: {dice_text(g_att)}")
                lines.append(f"    {dfn} rolled: {dice_text(g_def)}")
            elif e.get("e") in ("round", "lost"):
                lines.append("  " + describe_event(self.session.pack, e))
        return lines

    # -- moves --------------------------------------------------------------------
    def _moves_from(self, zone: int) -> list[Action]:
        s = self.session
        if s is None or not s.human_to_move or s.state.decision is not None:
            return []
        if self.clicks is not None:  # (hgw: moves, announcements, exploitation)
            return self.clicks.actions_from(s, zone)
        if s.state.phase not in MOVE_PHASES:
            return []
        if self.waypoints and zone == self.source:
            # the moves whose route passes the waypoints (the engine's search)
            return s.route_moves(zone, tuple(self.waypoints))
        return [a for a in s.legal() if a.kind == "move" and a.path and a.path[0] == zone]

    def add_waypoint(self, zone: int) -> bool:
        """Force the picked stack's route through ``zone`` (after the waypoints so far);
        refused, with the reason, when no route of its units passes there."""
        s = self.session
        src = self.source
        if s is None or src is None or zone == src or zone in self.waypoints:
            return False
        via = (*self.waypoints, zone)
        if not s.route_moves(src, via):
            names = " → ".join(zone_name(s.pack, z) for z in via)
            self.message.emit(
                f"no route of {s.player}'s units in {zone_name(s.pack, src)} passes {names} "
                f"in {s.state.phase.replace('_', ' ')}: too far, blocked, or a zone they "
                "may not cross"
            )
            return False
        self.waypoints.append(zone)
        self.routes = []
        self.refresh()
        self.window.view.viewport().update()  # the numbered waypoints
        return True

    def movable_by_type(self, zone: int) -> dict[str, list[int]]:
        st = self.session.state
        if self.clicks is not None:
            return self.clicks.movable_by_type(st, self._moves_from(zone))
        ids: set[int] = set()
        for a in self._moves_from(zone):
            ids.update(a.units)
        out: dict[str, list[int]] = {}
        for uid in sorted(ids):
            out.setdefault(st.units[uid].type, []).append(uid)
        return out

    def targets(self, zone: int) -> set[int]:
        if self.clicks is not None:
            return {self.clicks.target(a) for a in self._moves_from(zone)}
        return {a.path[-1] for a in self._moves_from(zone)}

    def standing_arrows(self) -> list[tuple[int, int]]:
        """(A click adapter's game) the attacks standing this turn, drawn on the map."""
        s = self.session
        if s is None or self.clicks is None:
            return []
        return self.clicks.standing_arrows(s.state)

    def _route(self, a: Action) -> tuple[int, ...]:
        """The zones the arrow of ``a`` passes (an hgw attack: the army's hex, the target)."""
        if self.clicks is not None:
            return self.clicks.route(self.session.state, a)
        return tuple(a.path)

    def _click_phase(self, phase: str) -> bool:
        """Whether a map click acts in ``phase``."""
        return phase in (self.clicks.phases if self.clicks is not None else MOVE_PHASES)

    def pick_source(self, zone: int | None) -> None:
        s = self.session
        if s is None:
            return
        self.inspected = zone
        if zone is not None and not self._moves_from(zone):
            st = s.state
            mine = self.clicks is None or any(
                v[2] == zone and v[0] == s.player for v in st.armies.values()
            )  # (hgw: a click on a hex without an army of yours only describes it)
            if mine and s.human_to_move and self._click_phase(st.phase):
                verb = "attack" if s.state.phase in ("announce", "exploitation") else "move"
                self.message.emit(
                    f"nothing of {s.player} can {verb} from {zone_name(s.pack, zone)}"
                )
            zone = None
        self.source = zone
        self.routes, self.choosing, self.waypoints = [], None, []
        self.refresh()
        self.window.view.viewport().update()

    def plan_move(
        self, dest: int, counts: dict[str, int] | None = None, transport: int | None = None
    ) -> list[Action]:
        """The engine moves that would take the picked stack (``counts`` per type;
        default: the panel's spin boxes) to ``dest``: per unit type, the legal move there
        that carries the most of them, plain moves before transports and special modes,
        cut down to the count. ``transport``: board that one (one of
        :meth:`transport_choices`) instead of the one the legal moves name."""
        s = self.session
        src = self.source
        if s is None or src is None:
            return []
        st = s.state
        if counts is None:
            counts = self.panel.picked_counts()
        if self.clicks is not None:  # (the first of the click's actions)
            a = self.clicks.next_action(s, src, dest, counts, set())
            return [a] if a is not None else []
        moves = [a for a in self._moves_from(src) if a.path[-1] == dest and a.units]
        out = []
        for t, k in sorted(counts.items()):
            if k <= 0:
                continue
            best = None
            for a in moves:
                if any(st.units[u].type != t for u in a.units if u in st.units):
                    continue
                key = (len(a.units) >= k, not a.transport, not a.mode, len(a.units))
                if best is None or key > best[0]:
                    best = (key, a)
            if best is None:
                continue
            a = best[1]
            tr = transport if (transport and a.transport) else a.transport
            out.append(Action.move(a.units[:k], a.path, tr, a.mode, a.target))
        return out

    def transport_choices(self, dest: int, counts: dict[str, int] | None = None) -> list[int]:
        """The transports the picked stack may board to reach ``dest`` (more than one:
        the player chooses); [] when the move boards none."""
        s = self.session
        plan = self.plan_move(dest, counts)
        loads = [a for a in plan if a.transport]
        if s is None or not loads:
            return []
        units = sorted(u for a in loads for u in a.units)
        return s.transport_choices(units, loads[0].path)

    def describe_transport(self, tid: int) -> str:
        st = self.session.state
        u = st.units[tid]
        cap = st.rules.units[u.type].transport_capacity
        aboard = [st.units[c].type for c in st.units if st.units[c].on == tid]
        load = st.cargo_load(tid)
        what = f" carrying {', '.join(sorted(aboard))}" if aboard else " empty"
        return f"{u.nation} {u.type} #{tid}: {cap - load} of {cap} free,{what}"

    def preview(self, dest: int | None) -> None:
        """Draw the route(s) the picked stack would take to ``dest`` (None: no route)."""
        routes: list[tuple[int, ...]] = []
        if dest is not None and self.source is not None and dest != self.source:
            for a in self.plan_move(dest):
                if self._route(a) not in routes:
                    routes.append(self._route(a))
        if routes != self.routes:
            self.routes = routes
            self.window.view.viewport().update()
            hint = self.route_hint(dest) if routes and dest is not None else ""
            if hint:
                self.window.statusBar().showMessage(hint, 5000)

    def route_hint(self, dest: int) -> str:
        """What the status bar says of a previewed move: aircraft going to a sea zone land
        on the carriers there (their room); units boarding a transport."""
        s = self.session
        st = s.state
        plan = self.plan_move(dest)
        if self.clicks is not None:  # the action the click makes first, in words
            if not plan:
                return ""
            coming = sum(k for k in self.panel.picked_counts().values() if k > 0)
            warn = self.clicks.overstack(st, dest, coming) if coming else ""
            return describe_action(st, plan[0]) + (f" — {warn}" if warn else "")
        air = [u for a in plan for u in a.units if st.rules.units[st.units[u].type].domain == "air"]
        name = zone_name(s.pack, dest)
        if air and st.board.is_sea(dest) and st.phase == "noncombat_move":
            return (
                f"{len(air)} aircraft land on the carriers in {name} "
                f"(room for {s.carrier_room(dest)})"
            )
        if any(a.transport for a in plan):
            n = len(self.transport_choices(dest))
            return f"boards a transport in {name}" + (f" ({n} can take them)" if n > 1 else "")
        return ""

    def move_to(
        self, dest: int, counts: dict[str, int] | None = None, transport: int | None = None
    ) -> bool:
        """Move the picked stack (``counts`` per type; default: the panel's spin boxes)
        to ``dest``: one engine move per unit type, each a legal move or a subset of
        one. When the move boards a transport and several could take the stack, the
        panel asks which (``transport`` answers). An illegal destination says why."""
        s = self.session
        src = self.source
        if s is None or src is None:
            return False
        st = s.state
        if counts is None:
            counts = self.panel.picked_counts()
        self.choosing = None
        if self.clicks is not None:
            return self._click_to(dest, counts)
        if not any(a.path[-1] == dest for a in self._moves_from(src)):
            through = (
                " through " + " → ".join(zone_name(s.pack, z) for z in self.waypoints)
                if self.waypoints
                else ""
            )
            why = s.unreachable_reason(src, dest, tuple(self.waypoints))
            self.message.emit(
                f"{s.player}'s units in {zone_name(s.pack, src)} cannot move to "
                f"{zone_name(s.pack, dest)}{through} in {st.phase.replace('_', ' ')}: "
                + (why or "not with the units picked")
            )
            return False
        plan = self.plan_move(dest, counts, transport)
        planned = {st.units[a.units[0]].type for a in plan}
        missing = sorted(t for t, k in counts.items() if k > 0 and t not in planned)
        for t in missing:
            self.message.emit(
                f"no {t} in {zone_name(s.pack, src)} can reach {zone_name(s.pack, dest)}"
            )
        if transport is None and len(self.transport_choices(dest, counts)) > 1:
            self.choosing = (dest, dict(counts))  # the panel asks which transport
            self.routes = []
            self.refresh()
            return False
        done = False
        for action in plan:
            try:
                s.apply(action)
                done = True
            except RulesError as err:
                self.message.emit(f"illegal move: {err}")
        self.routes = []
        if done:
            self.waypoints = []
        if done and not self._moves_from(src):
            self.source = None
        self._changed()
        return done

    def _click_to(self, dest: int, counts: dict[str, int]) -> bool:
        """A click adapter's click on ``dest``: its actions one after another (each in
        the position the one before left: an army formed there is the next one's to
        join), an hgw move one per army of the source hex."""
        s = self.session
        src = self.source
        st = s.state
        if not any(self.clicks.target(a) == dest for a in self._moves_from(src)):
            verb = "attack" if st.phase in ("announce", "exploitation") else "move to"
            self.message.emit(
                f"{s.player}'s armies in {hex_label(s.pack, src)} cannot {verb} "
                f"{hex_label(s.pack, dest)} in {st.phase.replace('_', ' ')}"
            )
            return False
        left = dict(counts)
        done: set[int] = set()
        did = False
        for _ in range(64):  # (at most one action per army of the hex)
            a = self.clicks.next_action(s, src, dest, left, done)
            if a is None:
                break
            st = s.state
            army = st.army_of[a.units[0]] if a.kind == "hgw_move" else a.units[0]
            try:
                s.apply(a)
            except RulesError as err:
                self.message.emit(f"illegal: {err}")
                break
            did = True
            done.add(army)
            if a.kind == "hgw_move":
                for u in a.units:
                    t = s.state.units[u].type
                    left[t] = left.get(t, 0) - 1
        self.routes = []
        if did and not self._moves_from(src):
            self.source = None
        self._changed()
        if did and s.state.phase == "movement":
            warn = self.clicks.overstack(s.state, dest)
            if warn:
                self.window.statusBar().showMessage(warn, 8000)
        return did

    def board(self, transport: int) -> bool:
        """The transport chosen for the move waiting for one."""
        if self.choosing is None:
            return False
        dest, counts = self.choosing
        return self.move_to(dest, counts, transport)

    # -- save / load --------------------------------------------------------------
    def save(self, path: str | Path) -> None:
        if self.session is not None:
            self.session.save(path)
