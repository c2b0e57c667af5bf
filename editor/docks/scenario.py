"""The Scenario dock: authoring of the document's current scenario.

Pages (tabs): General (name, ruleset, start, turn length, rounds, the ruleset's optional
rules as a checklist), Nations (pack-wide: name, colour, kind, player-controlled, flag,
capital and home zones from the map selection), Alliances (members, relations matrix),
Turn order (slots by drag and drop), Setup (owners of the selected zones, unit palette,
per-zone units, copy/paste of a zone's setup, units dropped on the map), Economy (banks,
income and overrides) and Objectives (condition-language text checked as you type).

Every change is a gamecore edit pushed with ``document.push`` (one undo step). Install
with :func:`add_scenario_dock` (``main_window.scenario_panel.set_document(doc)`` when
the document changes); ``errorShown(str)`` carries its error messages to the status bar and
``scenariosChanged`` says the list of scenarios (or the current one) changed.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QGraphicsView,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.docks.scenario_base import Page, blank_fields
from editor.docks.scenario_objectives import ObjectivesPage
from editor.docks.scenario_pages import GeneralPage, NationsPage, PoliticsPage, TurnOrderPage
from editor.docks.scenario_sharing import SharingPage
from editor.docks.scenario_units import EconomyPage, MapDropFilter, SetupPage
from gamecore.errors import WarroomError
from gamecore.model import Scenario
from gamecore.ops import AddScenario, Change, RemoveScenario


class ScenarioPanel(QWidget):
    #: an error message for the window's status bar
    errorShown = Signal(str)
    #: a scenario was added or removed, or another one picked
    scenariosChanged = Signal()

    def __init__(self, main_window: Any = None, parent=None):
        super().__init__(parent)
        self.setObjectName("scenarioPanel")
        self.main_window = main_window
        self.document = None
        self._rules_key: tuple | None = None
        self._rules = None
        self.title = QLabel("", objectName="scenarioTitle")
        self.title.setWordWrap(True)
        new = QPushButton("New scenario…", objectName="newScenario")
        new.clicked.connect(lambda: self.new_scenario())
        remove = QPushButton("Remove", objectName="removeScenario")
        remove.clicked.connect(self.remove_scenario)
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(new)
        head.addWidget(remove)
        self.tabs = QTabWidget(objectName="scenarioTabs")
        self.general = GeneralPage(self)
        self.nations = NationsPage(self)
        self.politics = PoliticsPage(self)
        self.sharing = SharingPage(self)
        self.turn_order = TurnOrderPage(self)
        self.setup = SetupPage(self)
        self.economy = EconomyPage(self)
        self.objectives = ObjectivesPage(self)
        self.pages: list[Page] = [
            self.general,
            self.nations,
            self.politics,
            self.sharing,
            self.turn_order,
            self.setup,
            self.economy,
            self.objectives,
        ]
        for p in self.pages:  # scrolled, so the dock never forces a tall window
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QScrollArea.Shape.NoFrame)
            scroll.setWidget(p)
            self.tabs.addTab(scroll, p.title)
        self._stale: set = set()  # pages an edit touched while out of view
        self.tabs.currentChanged.connect(self.refresh_stale)
        self.message = QLabel("", objectName="scenarioMessage")
        self.message.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.addLayout(head)
        lay.addWidget(self.tabs, 1)
        lay.addWidget(self.message)
        self.refresh()

    # -- document ----------------------------------------------------------------------------
    def set_document(self, doc) -> None:
        old = self.document
        if old is not None:
            for sig, slot in self._connections(old):
                try:
                    sig.disconnect(slot)
                except (RuntimeError, TypeError):
                    pass
        self.document = doc
        if doc is not None:
            for sig, slot in self._connections(doc):
                sig.connect(slot)
        self.refresh()

    def _connections(self, doc):
        return [
            (doc.changed, self._changed),
            (doc.reset, self.refresh),
            (doc.scenarioChanged, self._scenario_switched),
            (doc.selection.changed, self.setup.selection_changed),
        ]

    def scenario(self) -> Scenario | None:
        doc = self.document
        if doc is None or doc.scenario_id is None:
            return None
        return doc.pack.scenarios.get(doc.scenario_id)

    def ruleset(self):
        """The current scenario's ruleset (cached), or None when it cannot be loaded."""
        sc = self.scenario()
        if sc is None:
            return None
        key = (id(self.document.pack), sc.ruleset, id(self.document.pack.rulesets.get(sc.ruleset)))
        if key != self._rules_key:
            from gamecore.rules import load_ruleset

            try:
                self._rules = load_ruleset(sc.ruleset, pack=self.document.pack)
            except WarroomError:
                self._rules = None
            self._rules_key = key
        return self._rules

    def push(self, edit) -> bool:
        """Apply an edit as one undo step; a refused edit shows its one-line message."""
        if self.document is None:
            return False
        try:
            self.document.push(edit)
        except WarroomError as err:
            self.show_message(str(err), error=True)
            return False
        self.show_message("")
        return True

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setStyleSheet("color: #b00000" if error else "")
        self.message.setText(f"⚠ {text}" if error and text else text)
        if error:
            self.errorShown.emit(text)

    # -- scenarios ----------------------------------------------------------------------------
    def new_scenario(self, sid: str | None = None, name: str | None = None) -> bool:
        doc = self.document
        if doc is None:
            return False
        if sid is None:
            sid, ok = QInputDialog.getText(self, "New scenario", "Id (no spaces, e.g. 1939):")
            if not ok or not sid:
                return False
        sid = sid.strip()
        if not self.push(AddScenario(Scenario(sid, name or sid))):
            return False
        doc.set_scenario(sid)
        return True

    def remove_scenario(self) -> None:
        sc = self.scenario()
        if sc is not None:
            self.push(RemoveScenario(sc.id))

    # -- updates ------------------------------------------------------------------------------
    def _changed(self, change: Change) -> None:
        doc = self.document
        if "scenario.added_or_removed" in change.fields:
            if doc.scenario_id not in doc.pack.scenarios:
                doc.set_scenario(None)  # falls back to the first scenario
            self.scenariosChanged.emit()
        touched = [p for p in self.pages if p.watches(change)]
        if touched:
            self._show_title()
            self._stale.update(touched)
            self.refresh_stale()

    def _scenario_switched(self, _sid: str) -> None:
        self.scenariosChanged.emit()
        self.refresh()

    def refresh(self) -> None:
        """Show the current scenario: the page in view now, the others when shown."""
        self._show_title()
        self._stale.update(self.pages)
        self.refresh_stale()

    def refresh_stale(self, *_args) -> None:
        """Rebuild the pages an edit touched that are in view (hidden pages and a hidden
        dock wait until they are shown: an edit costs what the user sees change)."""
        if not self._stale:
            return
        current = self.tabs.currentWidget()
        # without a window on screen (scripts, headless tests) every page stays current
        headless = not self.window().isVisible()
        shown = self.isVisible()
        for p in self.pages:
            in_view = headless or (shown and current is not None and current.isAncestorOf(p))
            if p in self._stale and in_view:
                self._stale.discard(p)
                p.refresh()
                if self.scenario() is None and not p.isEnabled():
                    blank_fields(p)  # no scenario: nothing of the last one stays

    def ensure_fresh(self) -> None:
        """Rebuild every page an edit touched, shown or not (before reading them)."""
        for p in self.pages:
            if p in self._stale:
                self._stale.discard(p)
                p.refresh()
                if self.scenario() is None and not p.isEnabled():
                    blank_fields(p)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.refresh_stale()

    def _show_title(self) -> None:
        sc = self.scenario()
        if self.document is None:
            self.title.setText("(no document)")
        elif sc is None:
            self.title.setText("No scenario: make one with “New scenario…”")
        else:
            self.title.setText(f"<b>{sc.name}</b> ({sc.id}) — ruleset {sc.ruleset}")


def add_scenario_dock(main_window: QMainWindow, view: QGraphicsView | None = None) -> QDockWidget:
    """Create the Scenario dock on the right of ``main_window`` (its panel is
    ``dock.widget()``), accept unit drops on the map ``view``, and return it."""
    panel = ScenarioPanel(main_window)
    dock = QDockWidget("Scenario", main_window)
    dock.setObjectName("scenarioDock")
    dock.setWidget(panel)
    main_window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    if view is not None:
        view.viewport().setAcceptDrops(True)
        panel._drop_filter = MapDropFilter(panel.setup, view)
        view.viewport().installEventFilter(panel._drop_filter)
    return dock
