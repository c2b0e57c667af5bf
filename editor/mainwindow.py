"""The main window: map canvas, docks (Layers, Zones, Inspector, History, Overview),
menus and toolbars, file handling (new/open/recent/save/save as/revert, autosave,
crash recovery), undo/redo, find, map modes, status bar and persisted settings."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import (
    QByteArray,
    QPointF,
    QSettings,
    QStringListModel,
    Qt,
    QThreadPool,
    QTimer,
)
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QToolBar,
    QUndoView,
    QWidget,
)

from editor.canvas import style
from editor.canvas.scene import MapScene
from editor.canvas.view import MapView
from editor.demo import blank_pack, demo_pack
from editor.docks.inspector import InspectorPanel
from editor.docks.issues import IssuesPanel
from editor.docks.layers import LayersPanel
from editor.docks.overview import Overview
from editor.docks.scenario import add_scenario_dock
from editor.docks.zones import ZonesPanel
from editor.document import Document, Selection
from editor.export import install_export_actions
from editor.export.board_dialog import install_board_export
from editor.play import install_play_actions
from editor.removal import ask_removed_zones
from editor.tools import TOOLS, Tool
from editor.tools.common import coverage_of
from editor.unsaved import UnsavedAutosave, unsaved_folder
from editor.validation import LiveValidation, zone_severities
from editor.wizards import install_authoring_actions
from gamecore import __version__
from gamecore.errors import PackLockedError, WarroomError
from gamecore.ops import Change, CompositeEdit, Edit, IgnoreIssues
from gamecore.ops.authoring import delete_target, delete_zone_edit
from gamecore.ops.zones import rename_zone_edit
from gamecore.store import new_pack, open_pack, read_pack

PACK_FILTER = "Warroom map packs (*.warroom);;All files (*)"
MAX_RECENT = 10
AUTOSAVE_MS = 60_000


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None):
        super().__init__()
        self.settings = settings if settings is not None else QSettings()
        self.setObjectName("WarroomMainWindow")
        self.document: Document | None = None
        #: the validator: runs after each edit off the GUI thread (Issues dock, issues mode)
        self.validation = LiveValidation(self)
        self.validation.updated.connect(self._issues_done)
        self.validation.failed.connect(lambda text: self.show_error(f"validation failed: {text}"))
        self.scene = MapScene(self)
        self.view = MapView(self.scene, self)
        self.view.setObjectName("mapView")
        self.setCentralWidget(self.view)
        self.tools: dict[str, Tool] = {cls.name: cls(self) for cls in TOOLS}
        self.tool: Tool | None = None
        self._build_docks()
        self._build_actions()
        self._build_menus()
        self._build_dock_menus()
        self._build_toolbars()
        self._build_statusbar()
        install_authoring_actions(self)  # File > New Map…, View > Adjacency Overlay
        install_play_actions(self)  # the Game menu and self.play (editor/play)
        install_board_export(self)  # File > Export > Board…, the Legend dock (editor/export)
        #: where an untitled document (no file yet) autosaves (editor/unsaved.py)
        self.unsaved = UnsavedAutosave(unsaved_folder(self.settings))
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setInterval(AUTOSAVE_MS)
        self._autosave_timer.timeout.connect(self.autosave)
        self._autosave_timer.start()
        self._lod_timer = QTimer(self)
        self._lod_timer.setSingleShot(True)
        self._lod_timer.setInterval(300)
        self._lod_timer.timeout.connect(self.scene.ensure_lod)
        self.view.cursorMoved.connect(self._cursor_moved)
        self.view.viewportChanged.connect(self._map_moved_under_cursor)
        self.view.deleteRequested.connect(self.delete_selected_zones)
        self.view.contextMenuRequested.connect(self.canvas_context_menu)
        self.view.zoomChanged.connect(self._zoom_changed)
        self.scene.modeChanged.connect(self._mode_changed)
        self.set_tool("select")
        self.resize(1400, 900)
        self._restore_settings()
        self._set_document(Document(blank_pack(), title="Untitled"), fit=False)

    # == building =====================================================================
    def _dock(self, title: str, name: str, widget: QWidget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_docks(self) -> None:
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        self.layers_panel = LayersPanel(self.scene)
        self.layers_dock = self._dock("Layers", "layersDock", self.layers_panel, left)
        self.zones_panel = ZonesPanel()
        self.zones_dock = self._dock("Zones", "zonesDock", self.zones_panel, left)
        self.inspector = InspectorPanel()
        self.inspector.error.connect(self.show_error)
        self.inspector.fieldDone.connect(self._field_done)
        self.inspector_dock = self._dock("Inspector", "inspectorDock", self.inspector, right)
        self.overview = Overview(self.view)
        self.overview_dock = self._dock("Overview", "overviewDock", self.overview, right)
        self.history = QUndoView()
        self.history.setEmptyLabel("<original>")
        self.history_dock = self._dock("History", "historyDock", self.history, right)
        self.tabifyDockWidget(self.inspector_dock, self.history_dock)
        self.issues_panel = IssuesPanel()
        self.issues_panel.locateRequested.connect(self.locate_issue)
        self.issues_panel.fixRequested.connect(self.fix_issue)
        self.issues_panel.ignoreRequested.connect(self.ignore_issue)
        self.issues_panel.validateRequested.connect(self.refresh_issues)
        self.validation.running.connect(self.issues_panel.set_running)
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        self.issues_dock = self._dock("Issues", "issuesDock", self.issues_panel, bottom)
        self.scenario_dock = add_scenario_dock(self)
        self.scenario_panel = self.scenario_dock.widget()
        self.tabifyDockWidget(self.inspector_dock, self.scenario_dock)
        self.inspector_dock.raise_()
        self.resizeDocks([self.layers_dock, self.zones_dock], [215, 500], Qt.Orientation.Vertical)
        self.resizeDocks(
            [self.layers_dock, self.inspector_dock], [250, 260], Qt.Orientation.Horizontal
        )
        self.resizeDocks(
            [self.inspector_dock, self.overview_dock], [480, 170], Qt.Orientation.Vertical
        )

    def _action(
        self, text: str, slot=None, shortcut=None, tip: str = "", checkable=False
    ) -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setStatusTip(tip)
            a.setToolTip(tip)
        a.setCheckable(checkable)
        if slot is not None:
            a.triggered.connect(lambda _checked=False, slot=slot: slot())
        return a

    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey
        self.act_new = self._action("&New", self.new_document, K.New, "Start a new, empty map")
        self.act_open = self._action("&Open…", self.open_dialog, K.Open, "Open a map pack")
        self.act_save = self._action("&Save", self.save, K.Save, "Save the pack")
        self.act_save_as = self._action(
            "Save &As…", self.save_as, K.SaveAs, "Save under a new name"
        )
        self.act_revert = self._action(
            "&Revert", self.revert, None, "Discard changes since the last save"
        )
        self.act_quit = self._action("&Quit", self.close, K.Quit)
        self.act_undo = self._action("&Undo", self.undo, K.Undo)
        self.act_redo = self._action("&Redo", self.redo, K.Redo)
        redo_keys = list(QKeySequence.keyBindings(K.Redo))
        if QKeySequence("Ctrl+Y") not in redo_keys:
            redo_keys.append(QKeySequence("Ctrl+Y"))  # the other common redo key
        self.act_redo.setShortcuts(redo_keys)
        self.act_delete_zone = self._action(
            "&Delete Zone\tDel",
            self.delete_selected_zones,
            None,
            "Delete the selected zones: their area, units, ownership and capital go to the "
            "neighbour sharing the longest border",
        )
        self.act_rename_zone = self._action(
            "Re&name Zone…",
            self.rename_zone,
            "F2",
            "Rename the zone (and the conditions that name it)",
        )
        self.act_find = self._action(
            "&Find Zone…", self.focus_find, K.Find, "Find a zone by name or code"
        )
        self.act_select_all = self._action("Select &All Zones", self.select_all, K.SelectAll)
        self.act_select_none = self._action(
            "Select &None", lambda: self.selection.set([]), "Ctrl+Shift+A"
        )
        self.act_fit = self._action("&Fit Map", self.fit_map, "Ctrl+0", "Show the whole map")
        self.act_zoom_sel = self._action(
            "Zoom to &Selection", self.zoom_to_selection, "Ctrl+Shift+0", "Zoom to the selection"
        )
        self.act_zoom_in = self._action("Zoom &In", lambda: self.view.zoom_by(1.25), K.ZoomIn)
        self.act_zoom_out = self._action("Zoom &Out", lambda: self.view.zoom_by(0.8), K.ZoomOut)
        self.act_battle = self._action(
            "&Battle Calculator", self.show_battle_dock, "Ctrl+B", "Odds of a battle"
        )
        self.battle_dock: QDockWidget | None = None
        self.act_playtest = self._action(
            "&Playtest", self.show_playtest_dock, "Ctrl+P", "Play many games with bots"
        )
        self.playtest_dock: QDockWidget | None = None
        self.act_refresh_issues = self._action(
            "Re&validate", self.refresh_issues, "F5", "Run the validator (issues map mode)"
        )
        self.act_hex_ids = self._action(
            "&Hex Ids",
            None,
            "Ctrl+Shift+I",
            "Show each hex's id, terrain, production points and markers (hex maps)",
            checkable=True,
        )
        self.act_hex_ids.setChecked(True)
        self.act_hex_ids.toggled.connect(self.show_hex_ids)
        self.scene.layersChanged.connect(self._sync_layer_actions)
        self.mode_group = QActionGroup(self)
        self.mode_actions: dict[str, QAction] = {}
        for i, mode in enumerate(style.MAP_MODES):
            a = self._action(
                style.MODE_TITLES[mode],
                lambda mode=mode: self.set_map_mode(mode),
                f"Ctrl+{i + 1}",
                checkable=True,
            )
            self.mode_group.addAction(a)
            self.mode_actions[mode] = a
        self.mode_actions["political"].setChecked(True)
        self.tool_group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for name, tool in self.tools.items():
            a = self._action(
                tool.text,
                lambda name=name: self.set_tool(name),
                tool.shortcut or None,
                tool.hint,
                True,
            )
            self.tool_group.addAction(a)
            self.tool_actions[name] = a

    def _build_menus(self) -> None:
        mb = self.menuBar()
        f = mb.addMenu("&File")
        f.addActions([self.act_new, self.act_open])
        self.recent_menu = f.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        f.addSeparator()
        f.addActions([self.act_save, self.act_save_as, self.act_revert])
        f.addSeparator()
        imp = f.addMenu("&Import")
        imp.addAction("&GeoJSON…", lambda: self.import_dialog("geojson"))
        imp.addAction("&TripleA map…", lambda: self.import_dialog("triplea"))
        install_export_actions(self, f)  # Export › TripleA…, GeoJSON… (editor/export)
        f.addSeparator()
        f.addAction(self.act_quit)
        e = mb.addMenu("&Edit")
        e.addActions([self.act_undo, self.act_redo])
        e.addSeparator()
        e.addActions([self.act_delete_zone, self.act_rename_zone])
        e.addSeparator()
        e.addActions([self.act_find, self.act_select_all, self.act_select_none])
        v = mb.addMenu("&View")
        modes = v.addMenu("Map &Mode")
        modes.addActions(list(self.mode_actions.values()))
        v.addAction(self.act_refresh_issues)
        v.addAction(self.act_hex_ids)
        v.addSeparator()
        v.addActions([self.act_fit, self.act_zoom_sel, self.act_zoom_in, self.act_zoom_out])
        v.addSeparator()
        for dock in (
            self.layers_dock,
            self.zones_dock,
            self.inspector_dock,
            self.history_dock,
            self.overview_dock,
        ):
            v.addAction(dock.toggleViewAction())
        v.addAction(self.act_battle)
        v.addAction(self.act_playtest)
        v.addAction(self.scenario_dock.toggleViewAction())
        t = mb.addMenu("&Tools")
        t.addActions(list(self.tool_actions.values()))
        h = mb.addMenu("&Help")
        h.addAction("&About Warroom", self._about)

    def _build_dock_menus(self) -> None:
        """Context menus on the docks: the Zones table offers what the canvas does, and
        Del there deletes the selected zones."""
        table = self.zones_panel.table
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        delete = QAction("&Delete Zone", table)
        delete.setShortcut(QKeySequence(Qt.Key.Key_Delete))
        delete.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        delete.triggered.connect(lambda _c=False: self.delete_selected_zones())
        rename = QAction("Re&name Zone…", table)
        rename.triggered.connect(lambda _c=False: self.rename_zone())
        table.addActions([rename, delete, self.act_zoom_sel])

    def _build_toolbars(self) -> None:
        tb = self.addToolBar("File")
        tb.setObjectName("fileToolbar")
        tb.addActions([self.act_new, self.act_open, self.act_save])
        tb.addSeparator()
        tb.addActions([self.act_undo, self.act_redo])
        tools = self.addToolBar("Tools")
        tools.setObjectName("toolsToolbar")
        tools.addActions([a for n, a in self.tool_actions.items() if n in ("select", "pan")])
        authoring = QToolBar("Authoring", self)  # the map authoring tools (editor.tools)
        authoring.setObjectName("authoringToolbar")
        authoring.addActions(
            [a for n, a in self.tool_actions.items() if n not in ("select", "pan")]
        )
        self.addToolBar(Qt.ToolBarArea.LeftToolBarArea, authoring)
        self.authoring_toolbar = authoring
        vt = self.addToolBar("View")
        vt.setObjectName("viewToolbar")
        vt.addWidget(QLabel(" Mode "))
        self.mode_combo = QComboBox()
        self.mode_combo.setObjectName("modeCombo")
        for mode in style.MAP_MODES:
            self.mode_combo.addItem(style.MODE_TITLES[mode], mode)
        self.mode_combo.currentIndexChanged.connect(
            lambda i: self.set_map_mode(self.mode_combo.itemData(i))
        )
        vt.addWidget(self.mode_combo)
        vt.addWidget(QLabel(" Scenario "))
        self.scenario_combo = QComboBox()
        self.scenario_combo.setObjectName("scenarioCombo")
        self.scenario_combo.setMinimumContentsLength(10)
        self.scenario_combo.currentIndexChanged.connect(self._scenario_picked)
        vt.addWidget(self.scenario_combo)
        vt.addSeparator()
        vt.addActions([self.act_fit, self.act_zoom_sel])
        vt.addSeparator()
        self.find_edit = QLineEdit()
        self.find_edit.setObjectName("findEdit")
        self.find_edit.setPlaceholderText("Find zone (Ctrl+F)")
        self.find_edit.setClearButtonEnabled(True)
        self.find_edit.setMaximumWidth(240)
        self.find_model = QStringListModel(self)
        completer = QCompleter(self.find_model, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.activated.connect(self.find_zone)
        self.find_edit.setCompleter(completer)
        self.find_edit.returnPressed.connect(self._find_entered)
        # Escape leaves the box: the keys go back to the map
        leave = QAction("Back to the map", self.find_edit)
        leave.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        leave.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        leave.triggered.connect(
            lambda _c=False: self.view.setFocus(Qt.FocusReason.OtherFocusReason)
        )
        self.find_edit.addAction(leave)
        vt.addWidget(self.find_edit)

    def _build_statusbar(self) -> None:
        sb = self.statusBar()
        self.coords_label = QLabel("")
        self.zone_label = QLabel("")
        self.zoom_label = QLabel("")
        for w, width in ((self.zone_label, 220), (self.coords_label, 150), (self.zoom_label, 80)):
            w.setMinimumWidth(width)
            sb.addPermanentWidget(w)
        # kept for scripts that used the provisional shell
        self.status_label = self.zone_label

    # == documents =====================================================================
    @property
    def selection(self) -> Selection:
        assert self.document is not None
        return self.document.selection

    def _set_document(self, doc: Document, fit: bool = True) -> None:
        old = self.document
        if getattr(self, "play", None) is not None:
            self.play.stop()  # a game is played on the document it started on
        if old is not None:
            old.changed.disconnect(self._doc_changed)
            old.reset.disconnect(self._doc_reset)
            old.modifiedChanged.disconnect(self._update_title)
            old.scenarioChanged.disconnect(self._scenario_changed)
            old.selection.changed.disconnect(self._selection_changed)
            old.undo_stack.canUndoChanged.disconnect(self._update_actions)
            old.undo_stack.canRedoChanged.disconnect(self._update_actions)
            old.undo_stack.indexChanged.disconnect(self._update_actions)
            if old.packfile is not None:
                old.packfile.close(discard=not old.modified)
            self.unsaved.drop()  # saved, discarded or replaced: nothing to recover
            old.dispose()
            old.deleteLater()
        self.document = doc
        doc.setParent(self)
        doc.changed.connect(self._doc_changed)
        doc.reset.connect(self._doc_reset)
        doc.modifiedChanged.connect(self._update_title)
        doc.scenarioChanged.connect(self._scenario_changed)
        doc.selection.changed.connect(self._selection_changed)
        doc.undo_stack.canUndoChanged.connect(self._update_actions)
        doc.undo_stack.canRedoChanged.connect(self._update_actions)
        doc.undo_stack.indexChanged.connect(self._update_actions)
        self.history.setStack(doc.undo_stack)
        self._load_into_views()
        if fit:
            self.fit_map()
        self._update_title()
        self._update_actions()

    def _load_into_views(self) -> None:
        doc = self.document
        assert doc is not None
        for tool in self.tools.values():  # nothing of the old document stays on screen
            tool.reset()
        self.zone_label.setText("")
        self.coords_label.setText("")
        self._cursor_at = None
        self.scene.set_pack(doc.pack, doc.scenario_id)
        self.validation.reset(doc.pack)
        self.zones_panel.set_document(doc)
        self.inspector.set_document(doc)
        self.scenario_panel.set_document(doc)
        self._fill_scenarios()
        self.find_model.setStringList([f"{z.code} — {z.name}" for z in doc.pack.map.zones.values()])
        self.overview.invalidate()
        self._lod_timer.start()

    def _fill_scenarios(self) -> None:
        doc = self.document
        assert doc is not None
        self.scenario_combo.blockSignals(True)
        self.scenario_combo.clear()
        for sc in doc.pack.scenarios.values():
            self.scenario_combo.addItem(f"{sc.name} ({sc.id})", sc.id)
        if not doc.pack.scenarios:
            self.scenario_combo.addItem("(no scenario)", None)
        i = self.scenario_combo.findData(doc.scenario_id)
        self.scenario_combo.setCurrentIndex(max(i, 0))
        self.scenario_combo.blockSignals(False)

    def _scenario_picked(self, index: int) -> None:
        if self.document is not None:
            self.document.set_scenario(self.scenario_combo.itemData(index))

    def _scenario_changed(self, scenario_id: str) -> None:
        self.scene.set_scenario(scenario_id or None)
        self.zones_panel.model.set_scenario(scenario_id or None)
        self.overview.invalidate()

    def _doc_changed(self, change: Change) -> None:
        self.scene.apply_change(change)
        zones = change.zones | change.ownership | change.geometry | change.created_zones
        if zones or change.deleted_zones:
            self.zones_panel.zones_changed(zones | change.deleted_zones)
        if "zone.name" in change.fields or "zone.code" in change.fields or change.created_zones:
            doc = self.document
            assert doc is not None
            self.find_model.setStringList(
                [f"{z.code} — {z.name}" for z in doc.pack.map.zones.values()]
            )
        self.overview.invalidate(self.scene.changed_area)
        self.validation.edited(change)
        if change.geometry or change.created_zones or change.deleted_zones or change.zones:
            self._cursor_zone_changed()

    def _doc_reset(self) -> None:
        self._load_into_views()
        self._update_title()
        self._update_actions()

    def _selection_changed(self) -> None:
        items = self.selection.items
        before = self.scene.selection
        self.scene.set_selection(items)
        # the overview draws the selected zones too: render their area again
        flipped = [i for k, i in before ^ self.scene.selection if k == "zone"]
        if flipped:
            area = self.scene.geom.union_rect(flipped)
            self.overview.invalidate(None if area.isNull() else area)
        n = len(items)
        if n == 1:
            kind, i = items[0]
            z = self.document.pack.map.zones.get(i) if kind == "zone" else None
            self.show_hint(f"Selected {z.code} — {z.name}" if z else f"Selected {kind} {i}")
        elif n:
            self.show_hint(f"{n} selected")

    # -- titles and actions ---------------------------------------------------------------
    def _update_title(self, *_args) -> None:
        doc = self.document
        if doc is None:
            return
        ro = " [read-only]" if doc.readonly else ""
        self.setWindowTitle(f"{doc.display_name}[*]{ro} — Warroom")
        self.setWindowModified(doc.modified)

    def _update_actions(self, *_args) -> None:
        doc = self.document
        if doc is None:
            return
        st = doc.undo_stack
        self.act_undo.setEnabled(st.canUndo())
        self.act_redo.setEnabled(st.canRedo())
        # short labels (a long command name would push the toolbar around); the full text
        # is the tooltip and the status tip
        for act, word, text in (
            (self.act_undo, "Undo", st.undoText()),
            (self.act_redo, "Redo", st.redoText()),
        ):
            act.setText(f"&{word}")
            full = f"{word} {text}".rstrip()
            act.setToolTip(full)
            act.setStatusTip(full)
        self.act_revert.setEnabled(doc.packfile is not None)
        self._update_title()

    # == file actions ====================================================================
    def open_default(self) -> None:
        """Open a copy of the bundled sample pack (in memory: saving asks for a new
        name, the bundled file is never written), or the built-in demo map."""
        from gamecore.paths import sample_pack

        sample = sample_pack()
        pack = None
        title = "Channel Front (demo)"
        if sample.exists():
            try:
                pack = read_pack(sample)
                title = f"{sample.stem} (copy)"
            except WarroomError as err:
                self.show_error(f"cannot open the sample pack: {err}")
        if pack is None:
            pack = demo_pack()
        self._set_document(Document(pack, title=title))

    def open_demo(self) -> None:
        """Open the built-in demo map (in memory)."""
        self._set_document(Document(demo_pack(), title="Channel Front (demo)"))

    def new_document(self) -> None:
        if not self.maybe_save():
            return
        self._set_document(Document(blank_pack(), title="Untitled"))

    def import_dialog(self, kind: str, dialog=None) -> bool:
        """File → Import: a GeoJSON file or a TripleA map becomes a new, unsaved document."""
        from editor.import_dialog import ImportDialog

        if not self.maybe_save():
            return False
        dlg = dialog or ImportDialog(kind, self)
        if dlg.exec() != ImportDialog.DialogCode.Accepted or dlg.pack is None:
            return False
        source = Path(dlg.source.text().strip()).name or kind
        self._set_document(Document(dlg.pack, title=f"{source} (imported)"))
        self.document.set_dirty(True)
        return True

    def open_dialog(self) -> None:
        start = str(self.document.path.parent) if self.document and self.document.path else ""
        path, _ = QFileDialog.getOpenFileName(self, "Open map pack", start, PACK_FILTER)
        if path:
            self.open_path(path)

    def open_path(self, path: str | os.PathLike, interactive: bool = True) -> bool:
        """Open the pack at ``path``. A file that cannot be opened shows one dialog with
        the store's message (``interactive``) or raises the WarroomError; the current
        document is untouched either way. Returns True when the pack was opened."""
        path = Path(path)
        doc = self.document
        if doc is not None and doc.path is not None and path.exists():
            if doc.path.resolve() == path.resolve():  # already open here (we hold its lock)
                self.show_hint(f"{path.name} is already open")
                return True
        try:
            try:
                pf = open_pack(path, readonly=not interactive)
            except PackLockedError as err:
                if not interactive:
                    raise
                answer = QMessageBox.question(
                    self,
                    "Pack in use",
                    f"{err}\n\nOpen it read-only?",
                    QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
                )
                if answer != QMessageBox.StandardButton.Open:
                    return False
                pf = open_pack(path, readonly=True)
        except WarroomError as err:
            if not interactive:
                raise
            QMessageBox.critical(self, "Cannot open map pack", str(err))
            return False
        except Exception as err:  # a bug below us must not lose the user's work either
            message = f"{path}: cannot open ({type(err).__name__}: {err})"
            if not interactive:
                raise WarroomError(message) from None
            QMessageBox.critical(self, "Cannot open map pack", message)
            return False
        if interactive and not self.maybe_save():
            pf.close()
            return False
        recovered = False
        if pf.has_recovery:
            if interactive and self._ask_recover(pf):
                try:
                    pf.recover()
                    recovered = True
                except WarroomError as err:
                    QMessageBox.warning(self, "Recovery failed", str(err))
            elif interactive:
                pf.discard_recovery()
        doc = Document(pf.pack, pf)
        if recovered:
            doc.set_dirty(True)
        self._set_document(doc)
        self._add_recent(str(path))
        if recovered:
            self.show_hint("Recovered the unsaved changes: save to keep them")
        return True

    def recover_unsaved(self) -> bool:
        """Offer the untitled documents an editor autosaved but never saved (it crashed or
        was killed), newest first; True when one was recovered into this window."""
        for cand in self.unsaved.candidates():
            when = f", autosaved {cand.saved_at}" if cand.saved_at else ""
            answer = QMessageBox.question(
                self,
                "Recover unsaved document?",
                f"{cand.title} was never saved and its editor did not end normally{when}."
                "\n\nRecover it? (No deletes it.)",
                QMessageBox.StandardButton.Yes
                | QMessageBox.StandardButton.No
                | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Yes,
            )
            if answer == QMessageBox.StandardButton.Cancel:
                return False
            if answer == QMessageBox.StandardButton.No:
                self.unsaved.discard(cand)
                continue
            if not self.maybe_save():
                return False
            store = UnsavedAutosave(self.unsaved.folder)
            try:
                pack = store.claim(cand)
            except WarroomError as err:
                QMessageBox.warning(self, "Recovery failed", str(err))
                continue
            title = cand.title.removesuffix(" (recovered)")
            self._set_document(Document(pack, title=f"{title} (recovered)"))  # drops the old
            self.unsaved = store  # the recovered document keeps autosaving to its file
            self.document.set_dirty(True)
            self.document.mark_autosaved()
            self.show_hint("Recovered an unsaved document: save it to keep it")
            return True
        return False

    def _ask_recover(self, pf) -> bool:
        when = f" (autosaved {pf.recovery_time})" if getattr(pf, "recovery_time", None) else ""
        answer = QMessageBox.question(
            self,
            "Recover unsaved changes?",
            f"{pf.path.name} has unsaved changes from a session that did not end normally"
            f"{when}.\n\nRecover them?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def save(self) -> bool:
        doc = self.document
        if doc is None:
            return False
        if doc.packfile is None or doc.readonly:
            return self.save_as()
        try:
            doc.packfile.save()
        except WarroomError as err:
            QMessageBox.critical(self, "Cannot save", str(err))
            return False
        doc.mark_saved()
        self.show_hint(f"Saved {doc.path}")
        return True

    def save_as(self, path: str | os.PathLike | None = None) -> bool:
        doc = self.document
        if doc is None:
            return False
        if path is None:
            start = str(doc.path) if doc.path else doc.display_name.split(" (")[0] + ".warroom"
            chosen, _ = QFileDialog.getSaveFileName(self, "Save map pack as", start, PACK_FILTER)
            if not chosen:
                return False
            path = chosen if Path(chosen).suffix else chosen + ".warroom"
        try:
            if doc.packfile is not None:
                doc.packfile.save_as(path)
            else:
                doc.packfile = new_pack(path, doc.pack)
        except WarroomError as err:
            QMessageBox.critical(self, "Cannot save", str(err))
            return False
        doc.pack = doc.packfile.pack
        doc.mark_saved()
        self.unsaved.drop()  # it has a file (and a working copy) now
        self._add_recent(str(doc.path))
        self._update_actions()
        self.show_hint(f"Saved {doc.path}")
        return True

    def revert(self) -> None:
        doc = self.document
        if doc is None or doc.packfile is None:
            return
        if doc.modified:
            answer = QMessageBox.question(
                self,
                "Revert",
                f"Discard all changes to {doc.display_name} since it was last saved?",
                QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Discard:
                return
        path = doc.path
        readonly = doc.readonly
        doc.packfile.close(discard=True)
        doc.packfile = None
        try:
            pf = open_pack(path, readonly=readonly)
        except WarroomError as err:
            QMessageBox.critical(self, "Cannot revert", str(err))
            doc.set_dirty(True)  # what is in memory is all there is now
            return
        if pf.has_recovery:
            pf.discard_recovery()
        doc.packfile = pf
        doc.replace_pack(pf.pack)
        doc.mark_saved()

    def autosave(self) -> bool:
        """Write unsaved changes to the working copy beside the file (every minute)."""
        doc = self.document
        if doc is None or doc.readonly or not doc.needs_autosave():
            return False
        try:
            if doc.packfile is not None:
                doc.packfile.autosave()
            else:  # no file yet: the untitled autosave folder (recover_unsaved)
                self.unsaved.save(doc.pack, doc.display_name)
        except WarroomError as err:
            self.show_error(f"autosave failed: {err}")
            return False
        doc.mark_autosaved()
        return True

    def maybe_save(self) -> bool:
        """Ask Save/Discard/Cancel when there are unsaved changes; True to go on."""
        doc = self.document
        if doc is None or not doc.modified:
            return True
        answer = QMessageBox.question(
            self,
            "Unsaved changes",
            f"Save the changes to {doc.display_name}?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            doc.set_dirty(False)
            doc.undo_stack.setClean()
            return True
        return False

    def discard_and_close(self) -> None:
        """Close without asking, dropping unsaved changes (and their working copy)."""
        doc = self.document
        if doc is not None:
            if doc.packfile is not None:
                doc.packfile.close(discard=True)
            self.unsaved.drop()
            doc._dirty = False
            doc.undo_stack.setClean()
        self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self._save_settings()
        doc = self.document
        if doc is not None and doc.packfile is not None:
            doc.packfile.close(discard=not doc.modified)
        self.unsaved.drop()  # maybe_save said: saved or discarded
        self._autosave_timer.stop()
        self.validation.reset(None)  # results of a validation still running are dropped
        self.validation.wait(5000)
        self.play.shutdown()  # the game and the bots' thread
        QThreadPool.globalInstance().waitForDone(5000)
        event.accept()

    # -- recent files ------------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _add_recent(self, path: str) -> None:
        path = str(Path(path).resolve())
        files = [path] + [p for p in self.recent_files() if p != path]
        self.settings.setValue("recent", files[:MAX_RECENT])

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for p in files:
            a = self.recent_menu.addAction(Path(p).name)
            a.setStatusTip(p)
            a.setToolTip(p)
            a.triggered.connect(lambda _c=False, p=p: self.open_path(p))
        if not files:
            self.recent_menu.addAction("(none)").setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear list", lambda: self.settings.setValue("recent", []))

    # == editing ===========================================================================
    def push(self, edit: Edit) -> bool:
        """Apply an edit as one undo step; a refused edit shows its message."""
        assert self.document is not None
        try:
            self.document.push(edit)
        except WarroomError as err:
            self.show_error(str(err))
            return False
        return True

    def undo(self) -> None:
        if self.document is not None:
            self.document.undo_stack.undo()

    def redo(self) -> None:
        if self.document is not None:
            self.document.undo_stack.redo()

    def delete_selected_zones(self) -> bool:
        """Delete the selected zones in one undo step (Del, Edit menu, context menu): each
        one's area merges into the neighbour sharing the longest border; what happens to
        its units, ownership and capital is asked first when it has any (by default they
        go to that neighbour; gamecore.ops.authoring.delete_zone_edit)."""
        doc = self.document
        if doc is None or doc.readonly:
            return False
        zones = [z for z in doc.selection.zones() if z in doc.pack.map.zones]
        if not zones:
            self.show_hint("Delete: select the zones to delete first")
            return False
        names = [f"{doc.pack.map.zones[z].code} — {doc.pack.map.zones[z].name}" for z in zones]
        cov = coverage_of(self).copy()
        try:
            target = delete_target(cov, doc.pack, zones[0]) if len(zones) == 1 else None
        except WarroomError as err:
            self.show_error(str(err))
            return False
        # what happens to their units, ownership and capital (asked when there are any)
        policy = ask_removed_zones(self, doc.pack, zones, target, "Delete")
        if policy is None:
            self.show_hint("Delete cancelled")
            return False
        edits = []
        try:
            for zid in zones:
                edit = delete_zone_edit(cov, doc.pack, zid, policy=policy)
                cov.apply(edit.edits[0].changeset, check=False)  # the next one sees this one done
                edits.append(edit)
        except WarroomError as err:
            self.show_error(str(err))
            return False
        label = f"Delete {names[0]}" if len(names) == 1 else f"Delete {len(names)} zones"
        if not self.push(edits[0] if len(edits) == 1 else CompositeEdit(edits, label=label)):
            return False
        self.show_hint(f"Deleted {', '.join(names)}")
        return True

    def rename_zone(self, zid: int | None = None, name: str | None = None) -> bool:
        """Rename a zone; the objectives' conditions that name it follow (one undo step)."""
        doc = self.document
        if doc is None:
            return False
        if zid is None:
            sel = doc.selection.zones()
            zid = sel[0] if len(sel) == 1 else None
        zone = doc.pack.map.zones.get(zid) if zid is not None else None
        if zone is None:
            self.show_hint("Rename: select one zone first")
            return False
        if name is None:
            name, ok = QInputDialog.getText(
                self, "Rename zone", f"New name of {zone.code}:", text=zone.name
            )
            if not ok:
                return False
        try:
            edit = rename_zone_edit(doc.pack, zone.id, name)
        except WarroomError as err:
            self.show_error(str(err))
            return False
        return self.push(edit)

    def canvas_context_menu(self, pos, scene_pos) -> None:
        """Right click on the map: the zone under the cursor joins the selection (or
        becomes it) and a menu offers what can be done with it."""
        doc = self.document
        if doc is None:
            return
        zid = self.scene.zone_at(scene_pos)
        if zid is not None and ("zone", zid) not in doc.selection.items:
            doc.selection.set([("zone", zid)])
        menu = QMenu(self)
        menu.setObjectName("canvasMenu")
        zones = doc.selection.zones()
        self.act_delete_zone.setEnabled(bool(zones) and not doc.readonly)
        self.act_rename_zone.setEnabled(len(zones) == 1 and not doc.readonly)
        menu.addAction(self.act_rename_zone)
        menu.addAction(self.act_delete_zone)
        if len(zones) >= 2:
            menu.addAction("&Merge Selected Zones", self.merge_selected_zones)
        menu.addSeparator()
        menu.addAction(self.act_zoom_sel)
        menu.addAction(self.act_fit)
        self._context_menu = menu  # tests reach it
        menu.popup(self.view.viewport().mapToGlobal(pos))

    def merge_selected_zones(self) -> bool:
        """Merge the selected zones (the first keeps its attributes)."""
        tool = self.tools["merge"]
        tool.zones, tool.keep = [], None
        before = len(self.document.pack.map.zones) if self.document else 0
        tool.merge()
        return self.document is not None and len(self.document.pack.map.zones) < before

    def _field_done(self) -> None:
        """Enter or Escape in an Inspector field: the keys go back to the map (tool
        shortcut letters must not type into the zone name)."""
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def select_all(self) -> None:
        if self.document is not None:
            self.selection.set([("zone", z) for z in self.document.pack.map.zones])

    # == view ==============================================================================
    def set_map_mode(self, mode: str) -> None:
        if mode not in style.MAP_MODES:
            raise WarroomError(f"unknown map mode {mode!r} (known: {', '.join(style.MAP_MODES)})")
        self.scene.set_mode(mode)
        self._mode_changed(mode)

    def _mode_changed(self, mode: str) -> None:
        self.mode_actions[mode].setChecked(True)
        i = self.mode_combo.findData(mode)
        if i != self.mode_combo.currentIndex():
            self.mode_combo.blockSignals(True)
            self.mode_combo.setCurrentIndex(i)
            self.mode_combo.blockSignals(False)
        self.overview.invalidate()

    def refresh_issues(self, include_slow: bool = False) -> None:
        """Run every check again (F5, "Validate now"); the Issues dock and the issues map
        mode show the result. After edits the validator runs by itself."""
        if self.document is not None:
            self.validation.validate_now(include_slow=include_slow)

    def _issues_done(self, report) -> None:
        doc = self.document
        if doc is None:
            return
        self.scene.set_issues(zone_severities(report))
        names = {z.id: z.name for z in doc.pack.map.zones.values()}
        self.issues_panel.set_report(report, names)
        c = report.counts
        self.show_hint(
            f"{c['error']} error(s), {c['warning']} warning(s)" if report.issues else "No issues"
        )

    def locate_issue(self, issue) -> None:
        """Select the zones of an issue and zoom to them (or to its point)."""
        doc = self.document
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
            self.zoom_to_selection()
        elif issue.point is not None:
            self.view.center_on(QPointF(*issue.point))
        elif issue.scenario or issue.refs.get("objectives"):
            self.show_scenario_page(issue)
        self.show_hint(f"{issue.code}: {issue.message}")

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

    def show_scenario_page(self, issue) -> None:
        """An issue without a place on the map: open the Scenario dock at its page (the
        objective it names selected)."""
        doc = self.document
        if issue.scenario and issue.scenario in doc.pack.scenarios:
            doc.set_scenario(issue.scenario)
        panel = self.scenario_panel
        objectives = issue.refs.get("objectives") or []
        name = "objectives" if objectives else self.ISSUE_PAGES.get(issue.code, "general")
        page = getattr(panel, name)
        self.scenario_dock.show()
        self.scenario_dock.raise_()
        for i in range(panel.tabs.count()):
            if panel.tabs.widget(i).isAncestorOf(page):
                panel.tabs.setCurrentIndex(i)
        panel.refresh_stale()
        if objectives:
            panel.objectives.select(objectives[0])

    def fix_issue(self, issue) -> None:
        doc = self.document
        if doc is None or issue.fix is None:
            return
        try:
            edit = issue.fix.make_edit(doc.pack)
        except WarroomError as err:
            self.show_error(f"cannot fix {issue.code}: {err}")
            return
        self.push(edit)

    def ignore_issue(self, issue) -> None:
        if self.document is not None:
            self.push(IgnoreIssues([issue.key]))

    def fit_map(self) -> None:
        self.view.fit_map()

    def zoom_to_selection(self) -> None:
        r = self.scene.selection_rect()
        if not r.isNull():
            self.view.zoom_to(r)

    def show_hex_ids(self, on: bool) -> None:
        """View > Hex Ids (Ctrl+Shift+I): the "hexes" layer, as in the Layers dock."""
        locked = self.scene.layers["hexes"].locked
        self.layers_panel.set_state("hexes", bool(on), locked)

    def _sync_layer_actions(self) -> None:
        shown = self.scene.layers["hexes"].isVisible()
        if self.act_hex_ids.isChecked() != shown:
            self.act_hex_ids.setChecked(shown)

    def set_tool(self, name: str) -> None:
        tool = self.tools[name]
        if self.tool is tool:
            return
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = tool
        self.view.tool = tool
        tool.activate(self.view)
        self.tool_actions[name].setChecked(True)

    def show_battle_dock(self) -> None:
        """The battle calculator dock (made on first use: it loads rulesets)."""
        if self.battle_dock is None:
            from editor.docks.battle import add_battle_dock

            self.battle_dock = add_battle_dock(self)
            self.tabifyDockWidget(self.history_dock, self.battle_dock)
        self.battle_dock.show()
        self.battle_dock.raise_()

    def show_playtest_dock(self) -> None:
        """The playtest dock (made on first use); a finished run paints the heatmap mode."""
        if self.playtest_dock is None:
            from editor.docks.playtest import add_playtest_dock

            self.playtest_dock = add_playtest_dock(self)
            self.tabifyDockWidget(self.history_dock, self.playtest_dock)
            self.playtest_dock.widget().finished.connect(self.show_playtest_heatmap)
        self.playtest_dock.show()
        self.playtest_dock.raise_()

    def show_playtest_heatmap(self, summary: dict) -> None:
        """Colour the zones by battles per game of a playtest run (map mode "heatmap")."""
        from gamecore.sim.playtest.stats import heatmap_values

        values = heatmap_values(summary, "battles")
        self.scene.set_heatmap(values)
        if values:
            self.set_map_mode("heatmap")

    # -- find ----------------------------------------------------------------------------------
    def focus_find(self) -> None:
        self.find_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.find_edit.selectAll()

    def _find_entered(self) -> None:
        """Enter in the find box: show the zone, then give the keys back to the map (tool
        letters typed next must not land in the box)."""
        if self.find_zone(self.find_edit.text()) is not None:
            self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def find_zone(self, text: str) -> int | None:
        """Select and show the zone named or coded ``text`` (also "CODE — Name" and
        unique partial names)."""
        doc = self.document
        text = text.strip()
        if doc is None or not text:
            return None
        m = doc.pack.map
        code = text.split(" — ", 1)[0]
        zone = m.zone_by_code(code) or m.zone_by_code(text) or m.zone_by_name(text)
        if zone is None:
            folded = text.casefold()
            matches = [z for z in m.zones.values() if folded in z.name.casefold()]
            zone = matches[0] if matches else None
        if zone is None:
            self.show_error(f"no zone named or coded {text!r}")
            return None
        self.selection.set([("zone", zone.id)])
        self.zoom_to_selection()
        return zone.id

    # -- status bar ----------------------------------------------------------------------------
    def show_hint(self, text: str) -> None:
        self.statusBar().showMessage(text, 5000)

    def show_error(self, text: str) -> None:
        self.statusBar().showMessage(f"⚠ {text}", 10000)

    def _cursor_moved(self, pos) -> None:
        self._cursor_at = QPointF(pos)
        self.coords_label.setText(f"x {pos.x():.1f}  y {pos.y():.1f}")
        self._show_zone_at(pos)

    def _map_moved_under_cursor(self) -> None:
        """A zoom or pan (Ctrl+F, Fit Map, the scroll bars) moved the map under a cursor
        that did not move: the coordinates, the status bar and the hover outline follow."""
        pos = self.view.resting_cursor()
        if pos is None:
            return
        self._cursor_moved(pos)
        if self.scene.hover is not None:
            self.scene.set_hover(self.scene.zone_at(pos))

    def _cursor_zone_changed(self) -> None:
        """An edit (a delete, a merge, their undo, a rename) may have changed the zone
        under a cursor that did not move: the status bar and the hover outline name the
        zone there now, never one that is gone."""
        pos = getattr(self, "_cursor_at", None)
        if pos is None or not self.view.underMouse():
            self.zone_label.setText("")
            if self.scene.hover is not None and self.scene.hover not in self.scene.geom.index:
                self.scene.set_hover(None)
            return
        self._show_zone_at(pos)
        if self.scene.hover is not None:
            self.scene.set_hover(self.scene.zone_at(pos))

    def _show_zone_at(self, pos) -> None:
        zid = self.scene.zone_at(pos)
        doc = self.document
        z = doc.pack.map.zones.get(zid) if doc is not None and zid is not None else None
        if z is None:
            self.zone_label.setText("")
            return
        owner = self.scene.scenario.owner_of(z.id) if self.scene.scenario else None
        extra = f" · {owner}" if owner else ""
        value = f" · {z.value}" if not z.is_water else ""
        self.zone_label.setText(f"{z.code} — {z.name}{value}{extra}")

    def _zoom_changed(self, scale: float) -> None:
        frame = self.scene.geom.frame
        fit = min(
            self.view.viewport().width() / max(frame.width(), 1e-9),
            self.view.viewport().height() / max(frame.height(), 1e-9),
        )
        self.zoom_label.setText(f"zoom {100 * scale / fit:.0f}%" if fit > 0 else "")

    def _about(self) -> None:
        QMessageBox.about(
            self,
            "About Warroom",
            f"Warroom {__version__}\n\nA studio for the maps and scenarios of WWII "
            "grand-strategy board games.",
        )

    # == settings ==========================================================================
    def _restore_settings(self) -> None:
        s = self.settings
        geometry = s.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        state = s.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        mode = s.value("view/mode")
        if mode in style.MAP_MODES and mode != "issues":
            self.scene.set_mode(mode)
        layers = s.value("view/layers")
        if isinstance(layers, dict):
            for key, value in layers.items():
                try:
                    visible, locked = (str(v).lower() in ("true", "1") for v in value)
                except (TypeError, ValueError):
                    continue
                self.layers_panel.set_state(key, visible, locked)

    def _save_settings(self) -> None:
        s = self.settings
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState())
        s.setValue("view/mode", self.scene.mode)
        s.setValue(
            "view/layers",
            {k: [str(v), str(lk)] for k, (v, lk) in self.layers_panel.state().items()},
        )
        s.sync()
