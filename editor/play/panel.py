"""The Play dock: the turn bar, the phase's actions in sections, the stack (or hex)
picked, the pending decision, the log and the objectives. What it says of a rule
system's phases, sections, decisions and events comes from the system's play adapter
(``mode.adapter``, :mod:`gamecore.engine.playview`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.play.losses import DecisionPage
from editor.play.words import END, describe_action, describe_event, zone_name
from gamecore.engine.actions import Action
from gamecore.engine.logwords import LogLine, LogWords, nation_name
from gamecore.sim.session import objectives_table, position_date, victory_points


class PlayPanel(QWidget):
    """The Play dock's widget; ``mode`` is the :class:`~editor.play.mode.PlayMode` it
    shows and acts through."""

    def __init__(self, mode):
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
        self._bar = QWidget(objectName="playBar")
        bar = QHBoxLayout(self._bar)
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.undo_btn)
        bar.addStretch(1)
        bar.addWidget(self.end_btn)

        # pages: hand-over, waiting for bots, actions, decision, game over
        self.pages = QStackedWidget(objectName="playPages")
        self.handover = QWidget()
        hl = QVBoxLayout(self.handover)
        hl.setContentsMargins(0, 2, 0, 0)
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
        al.setContentsMargins(0, 2, 0, 0)  # (the dock's column is 180 px at 1366x768)
        self.actions_title = QLabel("", objectName="playActionsTitle", wordWrap=True)
        self.actions = QListWidget(objectName="playActions", wordWrap=True)
        self.actions.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
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
        self.transports.setMinimumContentsLength(10)
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

        # the decision page: a fixed row of buttons, the round's dice, the units to lose
        self.decision_page = DecisionPage(self._answer)
        self.decision_text = self.decision_page.title
        self.battle_text = self.decision_page.text
        self.answers = self.decision_page.answers
        self.answer_btn = self.decision_page.confirm
        self.over = QLabel("", objectName="playOver", wordWrap=True)
        # (at the page's top, in bold: in the middle of a tall page it was out of sight)
        self.over.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.over.setStyleSheet("font-weight: bold; padding: 4px;")
        # the phase's page scrolls inside itself when what it shows (a transport to
        # pick, a stack's counts, a battle summary) is taller than the dock: the turn
        # bar above it stays put; the list gives way first (it scrolls too)
        self.actions.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self.actions.setMinimumHeight(70)
        self.actions_scroll = QScrollArea(objectName="playActionsScroll", widgetResizable=True)
        self.actions_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.actions_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.actions_scroll.setWidget(self.actions_page)
        for w in (self.handover, self.waiting, self.actions_scroll, self.decision_page, self.over):
            self.pages.addWidget(w)
        # the pages stack is as tall as the page shown, not as its tallest page (the
        # decision page's 286 px made the dock scroll at 1366x768 on every page)
        self.pages.currentChanged.connect(self._fit_page)
        self._fit_page()

        self.log = QListWidget(objectName="playLog")
        self.log.itemClicked.connect(self._log_clicked)
        self.log.setWordWrap(True)
        #: the log's filter by nation ("All nations": None)
        self.log_filter = QComboBox(objectName="playLogFilter")
        self.log_filter.currentIndexChanged.connect(lambda _i: self._show_log())
        self._words: LogWords | None = None
        self._words_of = None
        log_page = QWidget()
        ll = QVBoxLayout(log_page)
        ll.setContentsMargins(0, 0, 0, 0)
        fl = QHBoxLayout()
        fl.addWidget(QLabel("Show"))
        fl.addWidget(self.log_filter, 1)
        ll.addLayout(fl)
        ll.addWidget(self.log, 1)
        self.objectives = QTableWidget(0, 4, objectName="playObjectives")
        self.objectives.setHorizontalHeaderLabels(["Objective", "Kind", "Owner", "Paid"])
        self.objectives.horizontalHeader().setStretchLastSection(True)
        self.vp = QLabel("", objectName="playVP")
        obj = QWidget()
        ol = QVBoxLayout(obj)
        ol.addWidget(self.vp)
        ol.addWidget(self.objectives)
        self.tabs = QTabWidget(objectName="playTabs")
        self.tabs.addTab(log_page, "Log")
        self.tabs.addTab(obj, "Objectives")

        # the log and the objectives make do with a few lines on a short screen (their
        # lists scroll): the turn bar and the phase's page come first
        self.log.setMinimumHeight(48)
        self.objectives.setMinimumHeight(48)
        # the panel's width is the dock column's, whatever it shows: a wider part (the
        # transport box, a long answer) is squeezed, never widens the dock and narrows
        # the map (there is no scroll area to take it up any more)
        self.setMinimumWidth(160)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 4, 2, 4)
        lay.addWidget(self.turn)
        lay.addWidget(self.money)
        lay.addWidget(self._bar)
        lay.addWidget(self.status)
        # the phase's page gets most of the height: at 1366x768 an even share squeezed a
        # hex's description into overlapping lines and hid the actions list
        lay.addWidget(self.pages, 3)
        lay.addWidget(self.tabs, 1)
        self._spins: dict[str, QSpinBox] = {}

    def _fit_page(self, _index: int = 0) -> None:
        current = self.pages.currentWidget()
        for i in range(self.pages.count()):
            page = self.pages.widget(i)
            grow = QSizePolicy.Policy.Preferred if page is current else QSizePolicy.Policy.Ignored
            page.setSizePolicy(grow, grow)
        self.pages.updateGeometry()

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
            ("Game over · " if st.is_terminal() else "")
            + f"Round {st.round}"
            + (f" · {date}" if date else "")
            + f" · {st.current_nation} · "
            f"{st.phase.replace('_', ' ')}" + (f" · {who} decides ({seat})" if st.decision else "")
        )
        colour = m.window.scene.nation_colour(st.current_nation).name()
        self.turn.setStyleSheet(
            f"font-weight: bold; padding: 4px; border-left: 10px solid {colour};"
        )
        banks = ", ".join(f"{n} {v}" for n, v in sorted(st.banks.items()) if v)
        if m.own_clicks:  # (e.g. production points, spent in production)
            self.money.setText(f"{m.adapter.bank_title}: " + (banks or "none now"))
        else:
            self.money.setText(f"{m.adapter.bank_title}: " + banks)
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
            self.pages.setCurrentWidget(self.actions_scroll)
        # a decision gets the dock's whole height (its battle text has the rounds so far;
        # the banks and a disabled button row wait): the units to pick fit on a 768 px
        # screen
        deciding = self.pages.currentWidget() is self.decision_page
        self.tabs.setVisible(not deciding)
        self.money.setVisible(not deciding)
        self.status.setVisible(bool(self.status.text()))
        self._bar.setVisible(not deciding or self.undo_btn.isEnabled())
        self._fill_log()
        self._fill_objectives()

    def _fill_actions(self) -> None:
        s = self.mode.session
        st = s.state
        ph = st.phase
        ad = self.mode.adapter
        self.actions_title.setText(ad.phase_title(ph))
        self.actions.clear()
        # in sections: what to buy, research, repair, pay on the Production Chart...
        sections: dict[str, list[Action]] = {}
        for a in s.legal():
            if a.kind == "end_phase" or a.kind in ad.map_kinds:  # (moves: on the map)
                continue
            sections.setdefault(a.kind, []).append(a)
        headed = len(sections) > 1 or any(k in sections for k in ad.headed_kinds)
        first = None
        for kind in sorted(sections, key=lambda k: (ad.section_order.get(k, 99), k)):
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
        if ad.shows_rolls:
            rolls = ad.rolls(st)
            last = "Rolls this turn:\n" + "\n".join(rolls) if rolls else ""
        if ph in ad.bought_phases:  # (in hot-seat the log keeps purchases hidden)
            bought = s.bought()
            last = "Bought, to place: " + (
                ", ".join(f"{k} {t}" for t, k in bought.items()) if bought else "nothing yet"
            )
        self.info.setText(last)
        self.info.setVisible(bool(last))
        self.count.setEnabled(ph in ad.count_phases)
        self.do_btn.setEnabled(first is not None)
        # (a system's own map clicks list nothing when there is nothing else)
        listed = first is not None or not self.mode.own_clicks
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
        return self.mode.adapter.section_title(kind)

    def _action_text(self, a: Action) -> str:
        s = self.mode.session
        if a.kind == "research":
            return s.describe_research(a.type)
        if a.kind == "repair":
            return s.describe_repair(a.target)
        if a.kind == "advance":
            return s.describe_advance(a.target)
        return describe_action(s.state, a) + self.mode.adapter.action_note(s.state, a)

    def _fill_stack(self) -> None:
        self._fill_stack_rows()
        # the box keeps the height its wrapped lines need at the dock's width (the
        # layout squeezes to minimum sizes, which know nothing of wrapping: the lines of
        # a hex's description were drawn over each other at 1366x768)
        box = self.stack_box
        lay = box.layout()
        width = max(self.contentsRect().width() - 4, 120)  # (the box's own: not laid out yet)
        need = lay.totalHeightForWidth(width) if lay.hasHeightForWidth() else 0
        box.setMinimumHeight(max(need, lay.totalMinimumSize().height()))

    def _fill_stack_rows(self) -> None:
        m = self.mode
        while self.stack_form.rowCount():
            self.stack_form.removeRow(0)
        self._spins = {}
        if m.own_clicks:
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
        """(A system with its own clicks) the zone clicked as its adapter describes it
        (a hex: terrain, PP, devastation, garrison, its armies); while a click is on,
        the units to move, per type."""
        m = self.mode
        z = m.source if m.source is not None else m.inspected
        self.stack_box.setVisible(z is not None)
        if z is None:
            return
        st = m.session.state
        self.stack_box.setTitle(f"{m.adapter.zone_word} {m.adapter.zone_label(st.pack, z)}")
        for line in m.adapter.hex_info(st, z) or ():
            self.stack_form.addRow(QLabel(line, wordWrap=True))
        if m.source is None:
            return
        movable = m.movable_by_type(z)
        if movable:
            self.stack_form.addRow(
                QLabel(f"{m.adapter.units_word} to move (default: all that may):", wordWrap=True)
            )
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
        m = self.mode
        s = m.session
        st = s.state
        d = st.decision
        b = getattr(st, "battle", None)
        where = f" in {zone_name(st.pack, b.zone)}" if b is not None else ""
        side = {"att": "attacker", "def": "defender"}.get(d.about, d.about)
        text = f"{d.owner} decides: {d.kind} ({side}){where}"
        ad = m.adapter
        title = ad.decision_title(d, text)
        if m.interrupting:
            title = f"YOUR DECISION ({d.owner}), in {st.current_nation}'s turn: {title}"
        text = m.battle_summary()
        if not text and ad.shows_rolls:
            text = "\n".join(ad.rolls(st))
        self.decision_page.fill(
            title,
            text,
            s.legal(),
            m.default_answer(),
            lambda a: describe_action(st, a),
            m.loss_choice(),
        )
        self.decision_page.set_cue(m.interrupting)

    def _log_words(self) -> LogWords:
        """The log in words of the game on screen (a new one for a new game)."""
        s = self.mode.session
        if self._words is None or self._words_of is not s:
            st = s.state

            def words(pack, e, state) -> str:
                a = e.get("a") if e.get("e") == "action" else None
                if isinstance(a, dict):  # an answer, a retreat...: the action's words
                    try:
                        text = describe_action(state, Action.from_json(a))
                    except (TypeError, ValueError, KeyError, AttributeError):
                        text = str(a.get("kind", ""))
                    return f"{nation_name(pack, str(e.get('n', '')))}: {text}"
                return describe_event(pack, e, state)

            def secret(e) -> bool:  # hot-seat: what a nation bought shows when placed
                a = e.get("a") if e.get("e") == "action" else None
                bought = e.get("e") == "buy" or (isinstance(a, dict) and a.get("kind") == "buy")
                return s.hot_seat and bought

            def seat(n: str) -> str:
                kind = s.seats.get(n)
                return "" if kind is None or s.is_human(n) else f"{kind} bot"

            self._words = LogWords(st.pack, self.mode.adapter, words, secret, seat)
            self._words_of = s
            self.log.clear()
        return self._words

    def _fill_log(self) -> None:
        lw = self._log_words()
        reset, new = lw.feed(self.mode.session.state)
        self._fill_filter()
        if reset:
            self._show_log()
            return
        want = self.log_filter.currentData()
        for line in new:
            if want is None or want in line.nations:
                self._add_log_line(line)
        if new:
            self.log.scrollToBottom()

    def _fill_filter(self) -> None:
        """The log's filter: every nation of the game (once per game)."""
        s = self.mode.session
        if self.log_filter.property("game") is s:
            return
        self.log_filter.blockSignals(True)
        self.log_filter.clear()
        self.log_filter.addItem("All nations", None)
        for slot in s.state.board.turn_slots:
            for n in slot:
                self.log_filter.addItem(nation_name(s.pack, n), n)
        self.log_filter.setProperty("game", s)
        self.log_filter.blockSignals(False)

    def _show_log(self) -> None:
        """Fill the log's list again (the filter changed, or the log was undone)."""
        if self.mode.session is None:
            return
        lw = self._log_words()
        self.log.clear()
        for line in lw.filtered(self.log_filter.currentData()):
            self._add_log_line(line)
        self.log.scrollToBottom()

    def _add_log_line(self, line: LogLine) -> None:
        item = QListWidgetItem(line.text)
        item.setData(Qt.ItemDataRole.UserRole, line.zone)
        if line.kind != "event":
            f = item.font()
            f.setBold(True)
            f.setItalic(line.kind == "summary")
            item.setFont(f)
        if line.kind == "summary":
            item.setToolTip(line.text)
        self.log.addItem(item)

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

    def _answer(self, answer) -> None:
        """The decision page's answer: an action, or ("losses", profile, units picked)."""
        if isinstance(answer, tuple) and answer and answer[0] == "losses":
            self.mode.answer_losses(answer[1], answer[2])
        else:
            self.mode.act(answer)

    def _log_clicked(self, item: QListWidgetItem) -> None:
        z = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(z, int):
            self.mode.centre_on(z)
