"""The docks: Layers, Zones, Inspector, Overview, History, Issues and Scenario (made with
the window), Battle and Playtest (made on first use, from the View menu), and what the
Issues dock asks for (locate, fix, ignore an issue; validate again)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QMainWindow,
    QMenu,
    QScrollArea,
    QUndoView,
    QWidget,
)

from editor.docks.inspector import InspectorPanel
from editor.docks.issues import IssuesPanel
from editor.docks.layers import LayersPanel
from editor.docks.overview import Overview
from editor.docks.scenario import add_scenario_dock
from editor.docks.zones import ZonesPanel
from editor.validation import zone_severities
from gamecore.errors import WarroomError
from gamecore.ops import IgnoreIssues

#: the share of the window's width the map keeps when docks are shown (#37: at 1366 x 768
#: a widened dock column left the canvas 410 px)
CANVAS_SHARE = 0.6
#: a dock whose panel needs more width than this gets a scroll bar instead
DOCK_MIN_WIDTH = 240
#: the narrowest a dock column is squeezed to
DOCK_FLOOR = 160

#: the Scenario dock page that holds what a scenario check is about
ISSUE_PAGES = {
    "SCN001": "general",
    "SCN005": "nations",
    "SCN006": "politics",
    "SCN007": "turn_order",
    "SCN008": "economy",
    "SCN011": "economy",
    "SCN002": "setup",
    "SCN003": "setup",
    "SCN004": "setup",
    "SCN012": "setup",
    "SCN013": "setup",
}


class DocksController:
    def __init__(self, window: QMainWindow):
        """``window``: the editor's :class:`~editor.mainwindow.MainWindow` (its map, document
        and status bar), never imported here: the window imports its controllers."""
        self.window = window
        self.battle_dock: QDockWidget | None = None
        self.playtest_dock: QDockWidget | None = None
        self._build_docks()
        self.act_battle = self._action(
            "&Battle Calculator", self.show_battle_dock, "Ctrl+B", "Odds of a battle"
        )
        self.act_playtest = self._action(
            "&Playtest", self.show_playtest_dock, "Ctrl+P", "Play many games with bots"
        )
        self.act_refresh_issues = self._action(
            "Re&validate", self.refresh_issues, "F5", "Run the validator (issues map mode)"
        )
        self._yield_timer = QTimer(window)
        self._yield_timer.setSingleShot(True)
        self._yield_timer.setInterval(0)
        self._yield_timer.timeout.connect(self.yield_to_canvas)
        for dock in window.findChildren(QDockWidget):
            self.watch(dock)

    def _action(self, text: str, slot, shortcut: str, tip: str) -> QAction:
        a = QAction(text, self.window)
        a.setShortcut(QKeySequence(shortcut))
        a.setStatusTip(tip)
        a.setToolTip(tip)
        a.triggered.connect(lambda _checked=False, slot=slot: slot())
        return a

    def _dock(self, title: str, name: str, widget: QWidget, area) -> QDockWidget:
        dock = QDockWidget(title, self.window)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.window.addDockWidget(area, dock)
        return dock

    def _build_docks(self) -> None:
        w = self.window
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        self.layers_panel = LayersPanel(w.scene)
        self.layers_dock = self._dock("Layers", "layersDock", self.layers_panel, left)
        self.zones_panel = ZonesPanel()
        self.zones_dock = self._dock("Zones", "zonesDock", self.zones_panel, left)
        self.inspector = InspectorPanel()
        self.inspector.error.connect(w.show_error)
        self.inspector.fieldDone.connect(w.give_keys_to_map)
        self.inspector_dock = self._dock("Inspector", "inspectorDock", self.inspector, right)
        self.overview = Overview(w.view)
        self.overview_dock = self._dock("Overview", "overviewDock", self.overview, right)
        self.history = QUndoView()
        self.history.setEmptyLabel("<original>")
        self.history_dock = self._dock("History", "historyDock", self.history, right)
        w.tabifyDockWidget(self.inspector_dock, self.history_dock)
        self.issues_panel = IssuesPanel()
        self.issues_panel.locateRequested.connect(self.locate_issue)
        self.issues_panel.fixRequested.connect(self.fix_issue)
        self.issues_panel.ignoreRequested.connect(self.ignore_issue)
        self.issues_panel.validateRequested.connect(self.refresh_issues)
        w.validation.running.connect(self.issues_panel.set_running)
        w.validation.updated.connect(self._issues_done)
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        self.issues_dock = self._dock("Issues", "issuesDock", self.issues_panel, bottom)
        self.scenario_dock = add_scenario_dock(w, view=w.view)
        self.scenario_panel = self.scenario_dock.widget()
        yielding(self.scenario_dock)
        self.scenario_panel.errorShown.connect(w.show_error)
        self.scenario_panel.scenariosChanged.connect(w.fill_scenarios)
        w.tabifyDockWidget(self.inspector_dock, self.scenario_dock)
        self.inspector_dock.raise_()
        w.resizeDocks([self.layers_dock, self.zones_dock], [215, 500], Qt.Orientation.Vertical)
        w.resizeDocks(
            [self.layers_dock, self.inspector_dock], [170, 180], Qt.Orientation.Horizontal
        )
        w.resizeDocks(
            [self.inspector_dock, self.overview_dock], [480, 170], Qt.Orientation.Vertical
        )

    def add_view_actions(self, menu: QMenu) -> None:
        """View menu: Battle Calculator and Playtest (made on first use), then every dock
        of the window, whichever made it (Issues, Play, Legend, …), to show or hide it:
        the list is made again each time the menu opens, so a closed dock can always be
        reopened (#37)."""
        menu.addAction(self.act_battle)
        menu.addAction(self.act_playtest)
        self._docks_menu = menu
        self._docks_start = menu.addSeparator()
        self._docks_start.setObjectName("docksSection")
        self._dock_actions: list[QAction] = []
        menu.aboutToShow.connect(self.list_docks)

    def list_docks(self) -> list[QAction]:
        """Put each dock's show/hide action in the View menu (after the section's
        separator, by title); return them."""
        menu = self._docks_menu
        for a in self._dock_actions:
            menu.removeAction(a)
        docks = sorted(
            (d for d in self.window.findChildren(QDockWidget) if d.parent() is self.window),
            key=lambda d: d.windowTitle().casefold(),
        )
        self._dock_actions = [d.toggleViewAction() for d in docks]
        actions = menu.actions()
        i = actions.index(self._docks_start)
        before = actions[i + 1] if i + 1 < len(actions) else None
        for a in self._dock_actions:
            a.setText(a.text() or "Dock")
            if before is not None:
                menu.insertAction(before, a)
            else:
                menu.addAction(a)
        return self._dock_actions

    # -- docks yield to the map -----------------------------------------------------------
    def watch(self, dock: QDockWidget) -> None:
        """A dock shown, moved or floated: check the map keeps its share of the width."""
        if dock.property("warroomWatched"):
            return
        dock.setProperty("warroomWatched", True)
        dock.visibilityChanged.connect(lambda _v: self.request_yield())
        dock.dockLocationChanged.connect(lambda _a: self.request_yield())
        dock.topLevelChanged.connect(lambda _f: self.request_yield())

    def request_yield(self) -> None:
        """Check the map's share once the events now queued are done (a dock shown in
        a game is laid out by the ordinary pass: forcing it at once broke the play
        mode's partial repaints)."""
        self._yield_timer.start()

    def columns(self) -> list[list[QDockWidget]]:
        """The docks shown on the left and on the right, by column (area)."""
        w = self.window
        out = []
        for area in (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea):
            docks = [
                d
                for d in w.findChildren(QDockWidget)
                if d.parent() is w
                and d.isVisible()
                and not d.isFloating()
                and w.dockWidgetArea(d) == area
            ]
            if docks:
                out.append(docks)
        return out

    def yield_to_canvas(self) -> None:
        """Narrow the dock columns, the widest first, until the map has
        :data:`CANVAS_SHARE` of the window's width (none goes below
        :data:`DOCK_FLOOR` px or its panel's minimum)."""
        w = self.window
        for dock in w.findChildren(QDockWidget):
            self.watch(dock)
        width = w.width()
        short = round(CANVAS_SHARE * width) - w.view.width()
        if short <= 0:
            return
        cols = []
        for docks in self.columns():
            now = max(d.width() for d in docks)
            floor = max([DOCK_FLOOR] + [d.minimumSizeHint().width() for d in docks])
            cols.append([docks[0], now, min(now, floor)])
        if not cols:
            return
        # the widest columns give first, down to the next widest, then together
        while short > 0:
            spare = [c for c in cols if c[1] > c[2]]
            if not spare:
                break
            top = max(c[1] for c in spare)
            widest = [c for c in spare if c[1] == top]
            below = max([c[1] for c in spare if c[1] < top] + [max(c[2] for c in widest)])
            each = min(top - below, -(-short // len(widest)))
            for c in widest:
                cut = min(each, c[1] - c[2], short)
                c[1] -= cut
                short -= cut
        w.resizeDocks([c[0] for c in cols], [c[1] for c in cols], Qt.Orientation.Horizontal)

    def build_zones_menu(self, rename_zone, delete_zones, zoom: QAction) -> None:
        """Context menu of the Zones table: what the canvas offers; Del there deletes the
        selected zones."""
        table = self.zones_panel.table
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        delete = QAction("&Delete Zone", table)
        delete.setShortcut(QKeySequence(Qt.Key.Key_Delete))
        delete.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        delete.triggered.connect(lambda _c=False: delete_zones())
        rename = QAction("Re&name Zone…", table)
        rename.triggered.connect(lambda _c=False: rename_zone())
        table.addActions([rename, delete, zoom])

    # -- issues ---------------------------------------------------------------------------
    def refresh_issues(self, include_slow: bool = False) -> None:
        """Run every check again (F5, "Validate now"); the Issues dock and the issues map
        mode show the result. After edits the validator runs by itself."""
        if self.window.document is not None:
            self.window.validation.validate_now(include_slow=include_slow)

    def _issues_done(self, report) -> None:
        w = self.window
        doc = w.document
        if doc is None:
            return
        w.scene.set_issues(zone_severities(report))
        names = {z.id: z.name for z in doc.pack.map.zones.values()}
        self.issues_panel.set_report(report, names)
        c = report.counts
        w.show_hint(
            f"{c['error']} error(s), {c['warning']} warning(s)" if report.issues else "No issues"
        )

    def locate_issue(self, issue) -> None:
        """Select the zones of an issue and zoom to them (or to its point)."""
        w = self.window
        doc = w.document
        if doc is None:
            return
        zones = [z for z in issue.zones if z in doc.pack.map.zones]
        m = doc.pack.map
        tables = {
            "links": ("link", m.links),
            "lines": ("line", m.lines),
            "facilities": ("facility", m.facilities),
            "terrain_areas": ("terrain_area", m.terrain_areas),
        }
        features = [
            (kind, i)
            for ref, (kind, table) in tables.items()
            for i in issue.refs.get(ref, [])
            if i in table
        ]
        if zones or features:
            doc.selection.set([("zone", z) for z in zones] + features)
            w.zoom_to_selection()
        elif issue.point is not None:
            w.view.center_on(QPointF(*issue.point))
        elif issue.scenario or issue.refs.get("objectives"):
            self.show_scenario_page(issue)
        w.show_hint(f"{issue.code}: {issue.message}")

    def show_scenario_page(self, issue) -> None:
        """An issue without a place on the map: open the Scenario dock at its page (the
        objective it names selected)."""
        doc = self.window.document
        if issue.scenario and issue.scenario in doc.pack.scenarios:
            doc.set_scenario(issue.scenario)
        panel = self.scenario_panel
        objectives = issue.refs.get("objectives") or []
        page = {
            "general": panel.general,
            "nations": panel.nations,
            "politics": panel.politics,
            "turn_order": panel.turn_order,
            "economy": panel.economy,
            "setup": panel.setup,
            "objectives": panel.objectives,
        }["objectives" if objectives else ISSUE_PAGES.get(issue.code, "general")]
        self.scenario_dock.show()
        self.scenario_dock.raise_()
        for i in range(panel.tabs.count()):
            if panel.tabs.widget(i).isAncestorOf(page):
                panel.tabs.setCurrentIndex(i)
        panel.refresh_stale()
        if objectives:
            panel.objectives.select(objectives[0])

    def fix_issue(self, issue) -> None:
        w = self.window
        doc = w.document
        if doc is None or issue.fix is None:
            return
        try:
            edit = issue.fix.make_edit(doc.pack)
        except WarroomError as err:
            w.show_error(f"cannot fix {issue.code}: {err}")
            return
        w.push(edit)

    def ignore_issue(self, issue) -> None:
        if self.window.document is not None:
            self.window.push(IgnoreIssues([issue.key]))

    # -- docks made on first use ------------------------------------------------------------
    def show_battle_dock(self) -> None:
        """The battle calculator dock (made on first use: it loads rulesets)."""
        if self.battle_dock is None:
            from editor.docks.battle import add_battle_dock

            self.battle_dock = add_battle_dock(self.window, document=lambda: self.window.document)
            self.window.tabifyDockWidget(self.history_dock, self.battle_dock)
            yielding(self.battle_dock)
            self.watch(self.battle_dock)
        self.battle_dock.show()
        self.battle_dock.raise_()

    def show_playtest_dock(self) -> None:
        """The playtest dock (made on first use); a finished run paints the heatmap mode."""
        if self.playtest_dock is None:
            from editor.docks.playtest import add_playtest_dock

            self.playtest_dock = add_playtest_dock(
                self.window, document=lambda: self.window.document
            )
            self.window.tabifyDockWidget(self.history_dock, self.playtest_dock)
            self.playtest_dock.widget().finished.connect(self.show_playtest_heatmap)
            yielding(self.playtest_dock)
            self.watch(self.playtest_dock)
        self.playtest_dock.show()
        self.playtest_dock.raise_()

    def show_playtest_heatmap(self, summary: dict) -> None:
        """Colour the zones by battles per game of a playtest run (map mode "heatmap")."""
        from gamecore.sim.playtest.stats import heatmap_values

        values = heatmap_values(summary, "battles")
        self.window.scene.set_heatmap(values)
        if values:
            self.window.set_map_mode("heatmap")


def panel_of(dock: QDockWidget) -> QWidget:
    """The panel of a dock, inside the scroll area :func:`yielding` may have put it in."""
    w = dock.widget()
    inner = w.property("warroomPanel") if isinstance(w, QScrollArea) else None
    return w.widget() if inner else w


def yielding(dock: QDockWidget) -> None:
    """A dock whose panel needs more than :data:`DOCK_MIN_WIDTH` px gets it inside a
    scroll area, so its column can be narrowed for the map (the Playtest panel wanted
    623 px, the Scenario one 294)."""
    w = dock.widget()
    if w is None or isinstance(w, QScrollArea):
        return
    if w.minimumSizeHint().width() <= DOCK_MIN_WIDTH:
        return
    area = QScrollArea()
    area.setObjectName(f"{dock.objectName()}Scroll")
    area.setProperty("warroomPanel", True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    dock.setWidget(area)
    area.setWidget(w)
