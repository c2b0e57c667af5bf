"""Play mode: a game of the open pack played in the editor, hot-seat or against bots.

:class:`PlayMode` drives a :class:`~gamecore.sim.session.PlaySession`: the map draws the
game's position (ownership, stacks with counts and damage) instead of the set-up, the
Play dock shows the turn bar and what the player to move may do, bots think on a worker
thread (QThreadPool) so the window never freezes, and editing is off until the game is
closed. The human acts only through the engine's legal actions (``session.apply``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import (
    QCoreApplication,
    QObject,
    Qt,
    QThread,
    QThreadPool,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import QApplication, QDockWidget, QMessageBox

from editor.play.panel import PlayPanel
from editor.play.tool import PlayTool
from editor.play.words import END, describe_action, describe_event, dice_text, zone_name
from editor.play.worker import _BotSignals, _BotWorker, _StartTask
from gamecore.engine.actions import Action
from gamecore.engine.playview import PlayAdapter
from gamecore.errors import RulesError, WarroomError
from gamecore.sim.session import PlaySession, position_scenario


class MainWindow(Protocol):
    """What the play mode asks of the editor's main window (editor.mainwindow.MainWindow,
    a QMainWindow whose play controller makes this mode: named here by its shape, so
    that play does not import the window that imports it)."""

    view: Any  # the map view
    scene: Any  # the map scene
    tool: Any  # the active tool
    tool_actions: dict

    def set_tool(self, name: str) -> None: ...

    def show_error(self, text: str) -> None: ...

    def _update_actions(self, *_args) -> None: ...

    # (QMainWindow's own)
    def statusBar(self) -> Any: ...

    def addDockWidget(self, *args: Any) -> None: ...

    def dockWidgetArea(self, dock: Any) -> Any: ...

    def tabifyDockWidget(self, first: Any, second: Any) -> None: ...

    def tabifiedDockWidgets(self, dock: Any) -> list: ...

    def activateWindow(self) -> None: ...

    def height(self) -> int: ...


#: how often the map is redrawn while bots play (the position changes many times a second)
BOT_REFRESH_MS = 200


def hidden_step(state) -> bool:
    """Whether the player to move makes a hidden choice now (hot-seat hand-over): a
    phase the rule system's play adapter says is played unseen (what a nation buys...);
    everything else is open at the table."""
    return state.decision is None and state.phase in state.system.play_adapter().hidden_phases


__all__ = ["PlayMode", "describe_action", "describe_event", "hidden_step"]


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
        #: the game's rule system's play adapter: its words, and what a map click does
        self.adapter: PlayAdapter = PlayAdapter()
        #: the zone clicked last (the stack panel describes it: a hex and its armies)
        self.inspected: int | None = None
        #: the attacks standing drawn last (the adapter's)
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
        #: the pending casualty choice seen by its side, cached per position
        self._loss_key: tuple | None = None
        self._loss_view = None
        #: the battle the map went to and marks (None: none)
        self.marked: int | None = None
        #: the length of the game's log when it was last saved, loaded or started
        self._saved_len = 0
        #: the Play dock's page shown last (a new one is shown from its top)
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
        # no scroll area around the panel: in one, the wrapped labels gave the panel its
        # preferred height (683 px in a 608 px dock at 1366x768) and the turn bar and
        # Confirm scrolled away; now the lists inside it give way and scroll themselves
        self.dock.setWidget(self.panel)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()
        self._redraw = QTimer(self)
        self._redraw.setSingleShot(True)
        self._redraw.setInterval(BOT_REFRESH_MS)
        self._redraw.timeout.connect(self.refresh)
        self._saved_tool: str | None = None
        #: the docks closed to give the Play dock room (:meth:`_make_room`)
        self._closed_for_play: list[QDockWidget] = []
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
        self.adapter = session.state.system.play_adapter()
        # a system's long log lines (rolls) are wrapped (the dock never widens); the A&A
        # family's log keeps one line an item (a long game's log lays out faster). The
        # actions, a phase's worth, always wrap: "Place infantry in Western Ge..." was cut
        # at the dock's edge with a sideways scroll bar (the person's pass, 1939)
        self.panel.log.setWordWrap(self.adapter.long_lines)
        self.routes, self.choosing, self.waypoints = [], None, []
        self._last_human = None
        self._private_to = None
        self.handing_over = False
        self.marked = None
        self._loss_key = self._loss_view = None
        self._saved_len = len(session.state.log)
        w = self.window
        self._saved_tool = w.tool.name if w.tool is not None else None
        self._set_editing(False)
        if w.tool is not None:
            w.tool.deactivate()
        w.tool = self.tool
        w.view.tool = self.tool
        self.tool.activate(w.view)
        self._place_dock()
        self._make_room()
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

    #: a window shorter than this (a 768 px screen) plays with the Issues and Overview
    #: docks closed: they left the Play dock 354 px, its turn bar and Confirm scrolled
    #: away, and a hex's description was squeezed into overlapping lines
    ROOMY_HEIGHT = 800

    def _make_room(self) -> None:
        """On a short window, close the docks that take the Play dock's height and have
        nothing to do in a game (the validator's issues, the overview); :meth:`stop`
        reopens them. (The map view then grows and is painted again once; on a taller
        window it keeps its size.) A dock opened again during the game stays open."""
        w = self.window
        if self._closed_for_play or w.height() >= self.ROOMY_HEIGHT:
            return
        for name in ("issues_dock", "overview_dock"):
            dock = getattr(w, name, None)
            if dock is not None and dock.isVisible() and not dock.isFloating():
                dock.hide()
                self._closed_for_play.append(dock)

    def _give_room_back(self) -> None:
        for dock in self._closed_for_play:
            dock.show()
        self._closed_for_play = []

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
        self._give_room_back()

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
        if self.marked is not None and self.adapter.battle_zone(s.state) != self.marked:
            self.marked = None  # the battle is over: its mark goes
            self.window.view.viewport().update()
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
        defender's casualties) change hands without it. A decision with nothing to
        choose is made for the player; a battle's decision brings the map to it."""
        s = self.session
        if s is None or s.state.is_terminal():
            self.refresh()
            return
        if self._answer_trivial():
            return
        who = s.player
        if s.hot_seat:
            if self._last_human is None:
                self._private_to = who  # the game starts at the first player's seat
            elif who != self._last_human:
                self._private_to = None  # the others see the screen from now on
                # the hex the last player looked at is not the next one's (the Barbarossa
                # pass: the Soviet player found Axis's "Hex 1240" in the dock)
                self.inspected = None
            if hidden_step(s.state) and self._private_to != who:
                self.handing_over = True
                self.source = None
        self._last_human = who
        self.refresh()
        if s.state.decision is not None:
            self._show_decision()

    def _answer_trivial(self) -> bool:
        """Make the pending decision when it offers nothing to choose (the rule system's
        :meth:`~gamecore.engine.playview.PlayAdapter.only_answer`); True when made."""
        s = self.session
        st = s.state
        if st.decision is None or self.handing_over:
            return False
        a = self.adapter.only_answer(st, s.legal())
        if a is None:
            return False
        text, who = describe_action(st, a), st.decision.owner
        try:
            s.apply(a)
        except WarroomError:
            return False
        self.window.statusBar().showMessage(f"Made for {who}: {text} (no choice)", 6000)
        self._changed()
        return True

    @property
    def interrupting(self) -> bool:
        """Whether the pending decision is a human's while a bot has the turn (a bot
        attacks a human's zone): the decision takes the focus, with a banner."""
        s = self.session
        if s is None or s.state.decision is None or not s.human_to_move:
            return False
        return not s.is_human(s.state.current_nation)

    def _show_decision(self) -> None:
        """A decision is the player's: the Play dock comes up (it never scrolls: the turn
        bar is at its top), the Confirm button takes the focus, the map goes to the battle and marks it."""
        self.dock.show()
        self.dock.raise_()
        zone = self.adapter.battle_zone(self.session.state)
        if zone is not None and zone != self.marked:
            self.marked = zone
            self.centre_on(zone)
            self.window.view.viewport().update()
        if self.interrupting:
            self.window.activateWindow()
            QApplication.alert(self.window, 0)  # (a taskbar flash: no sound)
        self.panel.answer_btn.setFocus(Qt.FocusReason.OtherFocusReason)

    def loss_choice(self):
        """The pending casualty choice as its side sees it (the round's dice first), or
        None (cached for the position)."""
        s = self.session
        if s is None or s.state.decision is None:
            return None
        st = s.state
        key = (id(st), len(st.log), st.decision)
        if key != self._loss_key:
            self._loss_key = key
            self._loss_view = self.adapter.loss_choice(st)
        return self._loss_view

    def answer_losses(self, profile: str, picks: tuple[int, ...]) -> bool:
        """The casualty decision answered with the units picked (``profile`` orders any
        hit the picks cannot take); a hit the rules put elsewhere is said."""
        s = self.session
        if s is None:
            return False
        view = self.loss_choice()
        a = self.adapter.loss_answer(s.state, profile, picks)
        n = len(s.state.log)
        mine = {u for u, _k, _h in view.units} if view is not None else set()
        if not self.act(a):
            return False
        lost = sorted(
            e.get("unit")
            for e in self.session.state.log[n:]
            if e.get("e") == "lost" and e.get("unit") in mine
        )
        if (
            view is not None
            and view.certain
            and picks
            and lost != sorted(set(picks))
            and len(set(picks)) == len(picks)
        ):
            self.window.statusBar().showMessage(
                "the rules placed some hits elsewhere than picked (a unit those dice may not hit)",
                8000,
            )
        return True

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
        """The answer the rules' default policy gives the pending decision (preselected;
        the rule system's play adapter says which)."""
        s = self.session
        legal = s.legal() if s else []
        if not legal:
            return None
        return self.adapter.default_answer(s.state, legal)

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
        """Each round's hits and the faces of each side's dice, then the losses they
        caused (the log has the losses first: they are taken before the round's report)."""
        lines: list[str] = []
        lost: list[str] = []
        for e in events:
            if e.get("e") == "lost":
                lost.append("    " + describe_event(self.session.pack, e))
            elif e.get("e") == "round" and "hits" in e and e.get("dice"):
                h = e["hits"]
                lines.append(f"  Round {e.get('round')}: {att} hits {h[0]}, {dfn} hits {h[1]}")
                (fs_att, fs_def), (g_att, g_def) = e["dice"]
                if fs_att or fs_def:
                    lines.append(f"    first strike, {att}: {dice_text(fs_att)}")
                    lines.append(f"    first strike, {dfn}: {dice_text(fs_def)}")
                lines.append(f"    {att} rolled: {dice_text(g_att)}")
                lines.append(f"    {dfn} rolled: {dice_text(g_def)}")
                lines += lost
                lost = []
            elif e.get("e") == "round":
                lines.append("  " + describe_event(self.session.pack, e))
                lines += lost
                lost = []
        return lines + lost

    # -- moves --------------------------------------------------------------------
    def _moves_from(self, zone: int) -> list[Action]:
        s = self.session
        if s is None or not s.human_to_move or s.state.decision is not None:
            return []
        if s.state.phase not in self.adapter.click_phases:
            return []
        if self.own_clicks:  # (the system's own: moves, announcements, ...)
            return self.adapter.actions_from(s, zone)
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
        return self.adapter.movable_by_type(st, self._moves_from(zone))

    def targets(self, zone: int) -> set[int]:
        if self.own_clicks:
            return {self.adapter.target(a) for a in self._moves_from(zone)}
        return {a.path[-1] for a in self._moves_from(zone)}

    def standing_arrows(self) -> list[tuple[int, int]]:
        """What stands this turn (announced attacks), drawn on the map."""
        s = self.session
        if s is None:
            return []
        return self.adapter.standing_arrows(s.state)

    def _route(self, a: Action) -> tuple[int, ...]:
        """The zones the arrow of ``a`` passes (an attack: the army's hex, the target)."""
        if self.own_clicks:
            return self.adapter.route(self.session.state, a)
        return tuple(a.path)

    def _click_phase(self, phase: str) -> bool:
        """Whether a map click acts in ``phase``."""
        return phase in self.adapter.click_phases

    @property
    def own_clicks(self) -> bool:
        """Whether the map's clicks make the rule system's own actions (else the
        kernel's route moves: waypoints, transports)."""
        return not self.adapter.route_moves

    def pick_source(self, zone: int | None) -> None:
        s = self.session
        if s is None:
            return
        self.inspected = zone
        if zone is not None and not self._moves_from(zone):
            st = s.state
            # (a click on a zone without anything of yours only describes it)
            mine = not self.own_clicks or self.adapter.owns_zone(st, s.player, zone)
            if mine and s.human_to_move and self._click_phase(st.phase):
                verb = self.adapter.click_verb(st.phase) if self.own_clicks else "move"
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
        if self.own_clicks:  # (the first of the click's actions)
            a = self.adapter.next_action(s, src, dest, counts, set())
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
        if self.own_clicks:  # the action the click makes first, in words
            if not plan:
                return ""
            coming = sum(k for k in self.panel.picked_counts().values() if k > 0)
            warn = self.adapter.overstack(st, dest, coming) if coming else ""
            return describe_action(st, plan[0]) + (f" — {warn}" if warn else "")
        air = [u for a in plan for u in a.units if st.rules.units[st.units[u].type].domain == "air"]
        name = zone_name(s.pack, dest)
        if air and st.board.is_sea(dest) and st.phase in self.adapter.carrier_phases:
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
        if self.own_clicks:
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
        join; a move one per army of the source hex)."""
        s = self.session
        src = self.source
        st = s.state
        ad = self.adapter
        if not any(ad.target(a) == dest for a in self._moves_from(src)):
            verb = ad.click_verb(st.phase)
            verb = "move to" if verb == "move" else verb
            self.message.emit(
                f"{s.player}'s armies in {ad.zone_label(s.pack, src)} cannot {verb} "
                f"{ad.zone_label(s.pack, dest)} in {st.phase.replace('_', ' ')}"
            )
            return False
        left = dict(counts)
        done: set = set()
        did = False
        for _ in range(64):  # (at most one action per army of the hex)
            a = ad.next_action(s, src, dest, left, done)
            if a is None:
                break
            key = ad.claim(s.state, a, left)  # (its part of the click, the counts it uses)
            try:
                s.apply(a)
            except RulesError as err:
                self.message.emit(f"illegal: {err}")
                break
            did = True
            done.add(key)
        self.routes = []
        if did and not self._moves_from(src):
            self.source = None
        self._changed()
        if did:
            warn = ad.overstack(s.state, dest)
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
            self._saved_len = len(self.session.state.log)

    @property
    def unsaved(self) -> bool:
        """Whether the game was played since it was last saved, loaded or started (its
        autosave aside: Close Game, Load Game and New Game ask first)."""
        s = self.session
        return s is not None and len(s.state.log) != self._saved_len
