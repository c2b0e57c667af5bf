"""The Help menu: Keyboard Shortcuts (every shortcut of the window's menus, the map tools'
letters and the keys the map itself knows) and the Designer's Guide (``docs/guide.md``,
from a new map to a read playtest report, with the screenshots ``tools/guide_shots.py``
takes)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLineEdit,
    QMainWindow,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
)

#: the guide, in a source checkout (docs/ beside the packages)
GUIDE = Path(__file__).resolve().parents[1] / "docs" / "guide.md"

#: keys the map view and the tools know that no menu lists
MAP_KEYS = [
    ("Map", "Space + drag, middle button drag", "Pan the map"),
    ("Map", "Mouse wheel", "Zoom about the cursor"),
    ("Map", "Esc", "Cancel what the tool is doing; clear the selection"),
    ("Map", "Del", "Delete the selected zones"),
    ("Map", "Ctrl+click", "Add to or remove from the selection"),
    ("Draw Zone", "Backspace", "Take back the last point"),
    ("Draw Zone", "Enter, double-click", "Close the zone"),
    ("Draw Zone", "E", "Switch between land and sea zones"),
    ("Inspector, Find", "Enter / Esc", "Commit / revert the field; the keys go back to the map"),
]


def shortcut_rows(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(where, keys, what) for every action with a shortcut in the window's menus (the
    tools' letters among them), then the map's own keys."""
    rows: list[tuple[str, str, str]] = []
    seen: set[int] = set()

    def walk(menu: QMenu, path: str) -> None:
        for a in menu.actions():
            if a.menu() is not None:
                walk(a.menu(), f"{path} › {a.menu().title().replace('&', '')}")
                continue
            keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in a.shortcuts()]
            keys = [k for k in keys if k]
            if not keys or id(a) in seen:
                continue
            seen.add(id(a))
            text = a.text().split("\t")[0].replace("&", "")
            rows.append((path, ", ".join(keys), text))

    for top in window.menuBar().actions():
        if top.menu() is not None:
            walk(top.menu(), top.menu().title().replace("&", ""))
    return rows + MAP_KEYS


class ShortcutsDialog(QDialog):
    """Help › Keyboard Shortcuts: a table to read or filter ("zoom", "Ctrl+")."""

    def __init__(self, window: QMainWindow):
        super().__init__(window)
        self.setWindowTitle("Keyboard Shortcuts")
        self.setObjectName("shortcutsDialog")
        self.rows = shortcut_rows(window)
        self.filter = QLineEdit(placeholderText="Filter (a word or a key)")
        self.filter.setObjectName("shortcutsFilter")
        self.table = QTableWidget(len(self.rows), 3)
        self.table.setObjectName("shortcutsTable")
        self.table.setHorizontalHeaderLabels(["Where", "Keys", "What"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for r, row in enumerate(self.rows):
            for c, text in enumerate(row):
                self.table.setItem(r, c, QTableWidgetItem(text))
        head = self.table.horizontalHeader()
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        head.setStretchLastSection(True)
        self.filter.textChanged.connect(self._filter)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.filter)
        lay.addWidget(self.table)
        lay.addWidget(buttons)
        self.resize(640, 560)

    def _filter(self, text: str) -> None:
        folded = text.casefold().strip()
        for r, row in enumerate(self.rows):
            self.table.setRowHidden(r, bool(folded) and folded not in " ".join(row).casefold())


class GuideDialog(QDialog):
    """Help › Designer's Guide: ``docs/guide.md`` with its pictures."""

    def __init__(self, window: QMainWindow, path: Path = GUIDE):
        super().__init__(window)
        self.setWindowTitle("Designer's Guide")
        self.setObjectName("guideDialog")
        self.browser = QTextBrowser()
        self.browser.setObjectName("guideBrowser")
        self.browser.setOpenExternalLinks(True)
        self.browser.setSearchPaths([str(path.parent)])
        self.browser.document().setBaseUrl(QUrl.fromLocalFile(str(path.parent) + "/"))
        self.browser.setMarkdown(path.read_text(encoding="utf-8"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.browser)
        lay.addWidget(buttons)
        self.resize(900, 700)


def install_help_menu(window: QMainWindow, menu: QMenu) -> None:
    """Fill the Help menu: Keyboard Shortcuts (Ctrl+/), Designer's Guide (F1), About."""
    shortcuts = QAction("&Keyboard Shortcuts", window)
    shortcuts.setShortcut(QKeySequence("Ctrl+/"))
    shortcuts.setStatusTip("Every key of the editor, to read or filter")
    shortcuts.triggered.connect(lambda _c=False: show_shortcuts(window))
    guide = QAction("Designer's &Guide", window)
    guide.setShortcut(QKeySequence(Qt.Key.Key_F1))
    guide.setStatusTip("From a new map to a playtest report, step by step")
    guide.triggered.connect(lambda _c=False: show_guide(window))
    menu.addActions([guide, shortcuts])
    menu.addSeparator()
    window.act_shortcuts, window.act_guide = shortcuts, guide


def show_shortcuts(window: QMainWindow) -> ShortcutsDialog:
    dlg = ShortcutsDialog(window)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dlg.show()
    window.shortcuts_dialog = dlg
    return dlg


def show_guide(window: QMainWindow, path: Path = GUIDE) -> GuideDialog | None:
    if not path.is_file():
        window.show_error(f"the Designer's Guide is not installed ({path.name} not found)")
        return None
    dlg = GuideDialog(window, path)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dlg.show()
    window.guide_dialog = dlg
    return dlg
