"""Variants in the editor (issue #36; docs/variants.md).

- File › New Variant of This Pack…: a variant of the open pack (saved first), opened.
- The "Differences from base" dock: what the open variant changes, one row a place; the
  changed zones outlined on the map; "Revert to Base" puts the chosen rows back to the
  base's value through an undo command (gamecore.ops.variant.RevertToBase).
- Opening a variant whose base has changed since it was made: a notice with a Rebase
  button (a 3-way merge onto the changed base; conflicts are listed and nothing is
  written until they are resolved: --theirs or --ours, as on the command line).

Edits of a variant go into its differences by themselves: the pack store saves an open
variant as its differences from its base (gamecore.store.packfile)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QColor, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QFileDialog,
    QGraphicsPathItem,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.canvas.geom import fill_paths
from gamecore.errors import WarroomError
from gamecore.ops.variant import RevertToBase, variant_changes
from gamecore.store.packfile import base_candidates, create_variant, rebase_variant
from gamecore.store.variant import VariantBaseError

#: how long after the last edit the dock recomputes the differences (ms)
REFRESH_MS = 400
PACK_FILTER = "Warroom map packs (*.warroom);;All files (*)"


def _changed_zones(places) -> set[int]:
    out = set()
    for p, _ in places:
        if len(p) >= 3 and p[:2] == ("map", "zones") and p[2].isdigit():
            out.add(int(p[2]))
    return out


class DifferencesDock(QDockWidget):
    """What the open variant changes, each place revertible to the base."""

    def __init__(self, window):
        super().__init__("Differences from base", window)
        self.setObjectName("differencesDock")
        self.window = window
        body = QWidget(self)
        lay = QVBoxLayout(body)
        self.heading = QLabel("Not a variant", body)
        self.heading.setWordWrap(True)
        self.list = QListWidget(body)
        self.list.setObjectName("differencesList")
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        row = QHBoxLayout()
        self.revert_button = QPushButton("Revert to Base", body)
        self.revert_button.setObjectName("revertToBase")
        self.revert_button.setToolTip("Put the chosen differences back to the base's value")
        self.revert_button.clicked.connect(self.revert_selected)
        row.addWidget(self.revert_button)
        row.addStretch(1)
        lay.addWidget(self.heading)
        lay.addWidget(self.list, 1)
        lay.addLayout(row)
        self.setWidget(body)
        self.places: list[tuple[tuple[str, ...], str]] = []
        self._outline: QGraphicsPathItem | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self.refresh)
        self._doc = None

    # -- following the document ----------------------------------------------------------
    def watch(self, doc) -> None:
        if self._doc is not None:
            for sig in (self._doc.changed, self._doc.reset):
                try:
                    sig.disconnect(self.schedule)
                except (RuntimeError, TypeError):
                    pass
        self._doc = doc
        if doc is not None:
            doc.changed.connect(self.schedule)
            doc.reset.connect(self.schedule)
        self.refresh()

    def schedule(self, *_args) -> None:
        self._timer.start()

    def link(self):
        doc = self.window.document
        pf = getattr(doc, "packfile", None) if doc is not None else None
        return getattr(pf, "variant", None)

    def refresh(self) -> None:
        link = self.link()
        self.list.clear()
        self.places = []
        if link is None:
            self.heading.setText("Not a variant: File › New Variant of This Pack makes one")
            self.revert_button.setEnabled(False)
            self._draw_outline(set())
            return
        ref = link.variant.base
        self.places = variant_changes(link.base_tree, self.window.document.pack)
        self.heading.setText(
            f"Variant of {ref.id} ({link.base_path.name}): {len(self.places)} differences"
        )
        for path, words in self.places:
            item = QListWidgetItem(words)
            item.setData(Qt.ItemDataRole.UserRole, path)
            self.list.addItem(item)
        self.revert_button.setEnabled(bool(self.places))
        self._draw_outline(_changed_zones(self.places))

    def _draw_outline(self, zones: set[int]) -> None:
        scene = self.window.scene
        if self._outline is not None and self._outline.scene() is scene:
            scene.removeItem(self._outline)
        self._outline = None
        doc = self.window.document
        if not zones or doc is None:
            return
        link = self.link()
        geoms = []
        for z in sorted(zones):
            zone = doc.pack.map.zones.get(z) or (link.base.map.zones.get(z) if link else None)
            if zone is not None and zone.geometry is not None:
                geoms.append(zone.geometry)
        if not geoms:
            return
        path = fill_paths(geoms)[0]
        for p in fill_paths(geoms)[1:]:
            path.addPath(p)
        item = QGraphicsPathItem(path)
        pen = QPen(QColor("#ff6d00"), 3.0)
        pen.setCosmetic(True)
        item.setPen(pen)
        item.setZValue(1600.0)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(item)
        self._outline = item

    @property
    def outlined_zones(self) -> set[int]:
        return _changed_zones(self.places) if self._outline is not None else set()

    # -- reverting -----------------------------------------------------------------------
    def revert_selected(self) -> None:
        link = self.link()
        items = self.list.selectedItems()
        if link is None or not items:
            self.window.show_hint("Choose the differences to revert")
            return
        places = [tuple(i.data(Qt.ItemDataRole.UserRole)) for i in items]
        try:
            self.window.document.push(RevertToBase(link.base_tree, places))
        except WarroomError as err:
            self.window.show_error(str(err))
        self.refresh()


class VariantTools:
    """The File menu entry and the dock, installed on the main window."""

    def __init__(self, window):
        self.window = window
        self.act_new_variant = QAction("New &Variant of This Pack…", window)
        self.act_new_variant.setStatusTip(
            "A variant: a pack that holds only its differences from this one"
        )
        self.act_new_variant.triggered.connect(lambda _c=False: self.new_variant())
        menus = {a.text().replace("&", ""): a.menu() for a in window.menuBar().actions()}
        file_menu = menus.get("File")
        if file_menu is not None:  # after Save As…, before Revert
            file_menu.insertAction(window.doc_control.act_revert, self.act_new_variant)
        self.dock = DifferencesDock(window)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()
        view_menu = menus.get("View")
        if view_menu is not None:
            view_menu.addAction(self.dock.toggleViewAction())

    def document_set(self, doc) -> None:
        self.act_new_variant.setEnabled(doc is not None and doc.packfile is not None)
        self.dock.watch(doc)
        if self.dock.link() is not None:
            self.dock.show()

    def new_variant(self, out: str | Path | None = None) -> bool:
        """Save the open pack if needed, write a variant of it to ``out`` (asked for when
        None) and open the variant."""
        w = self.window
        doc = w.document
        if doc is None or doc.path is None:
            w.show_error("save the pack first: a variant names its base's file")
            return False
        if doc.modified and not w.doc_control.save():
            return False
        if out is None:
            start = str(doc.path.with_name(f"{doc.path.stem}-variant.warroom"))
            out, _ = QFileDialog.getSaveFileName(w, "New Variant", start, PACK_FILTER)
            if not out:
                return False
        try:
            create_variant(doc.path, out)
        except WarroomError as err:
            QMessageBox.critical(w, "Cannot make the variant", str(err))
            return False
        return w.doc_control.open_path(out)

    def offer_rebase(self, path: str | Path, err: VariantBaseError, ask: bool = True) -> bool:
        """A variant whose base has changed: say so, and rebase it onto the changed base
        when the user agrees (True when rebased; conflicts are shown, nothing written)."""
        from gamecore.store.packfile import read_stored_variant

        path = Path(path)
        try:
            ref = read_stored_variant(path).base
        except WarroomError as e:
            self.window.show_error(str(e))
            return False
        onto = next((c for c in base_candidates(path, ref, None) if c.is_file()), None)
        if onto is None:
            QMessageBox.critical(self.window, "Variant", str(err))
            return False
        if ask:
            box = QMessageBox(self.window)
            box.setWindowTitle("The base has changed")
            box.setText(f"{err}\n\nRebase the variant onto {onto.name}?")
            rebase = box.addButton("Rebase", QMessageBox.ButtonRole.AcceptRole)
            box.addButton(QMessageBox.StandardButton.Cancel)
            box.exec()
            if box.clickedButton() is not rebase:
                return False
        try:
            res = rebase_variant(path, onto)
        except WarroomError as e:
            QMessageBox.critical(self.window, "Cannot rebase", str(e))
            return False
        if res.unresolved:
            lines = "\n".join(c.text() for c in res.unresolved[:20])
            QMessageBox.warning(
                self.window,
                "Conflicts",
                f"{len(res.unresolved)} conflicts; nothing written:\n{lines}\n\n"
                f"Resolve them with: warroom variant rebase {path.name} --onto {onto.name} "
                "--theirs (or --ours)",
            )
            return False
        self.window.show_hint(f"Rebased onto {onto.name}: {len(res.variant.changes)} differences")
        return True


def install_variant_tools(window) -> VariantTools:
    """Add File › New Variant of This Pack… and the Differences from base dock."""
    tools = VariantTools(window)
    window.variant_tools = tools
    return tools
