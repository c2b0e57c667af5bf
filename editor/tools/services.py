"""What a map tool may use of the editor, handed to it explicitly (never looked up on the
window): the open document and its selection, pushing an edit, status messages, zooming to
the selection, the "Tool Options" toolbar and the cached coverage of the document's zones."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QGraphicsScene,
    QGraphicsView,
    QLabel,
    QMainWindow,
    QToolBar,
    QWidget,
)

from gamecore.errors import WarroomError
from gamecore.geometry import ChangeSet, Coverage

if TYPE_CHECKING:
    from editor.document import Document, Selection
    from gamecore.model import Map
    from gamecore.ops import Edit


class CoverageCache:
    """The coverage of a map's zones, kept until a zone's geometry object changes (edits
    replace geometries, never mutate them)."""

    def __init__(self) -> None:
        self._cached: tuple[tuple, Coverage] | None = None

    def of(self, m: Map) -> Coverage:
        geoms = {zid: z.geometry for zid, z in m.zones.items() if z.geometry is not None}
        key = (id(m), m.width, m.height, m.wrap_x)
        cached = self._cached
        if cached is not None and cached[0] == key:
            cov = cached[1]
            old = cov.geoms
            if len(old) == len(geoms) and all(old.get(z) is g for z, g in geoms.items()):
                return cov
            # an edit (or its undo) replaced a few zones' shapes: bring the coverage up to
            # date with them instead of indexing every zone again
            cs = ChangeSet(
                created={z: g for z, g in geoms.items() if z not in old},
                modified={z: (old[z], g) for z, g in geoms.items() if z in old and old[z] is not g},
                deleted={z: g for z, g in old.items() if z not in geoms},
            )
            if len(cs.touched()) <= max(8, len(geoms) // 10):
                try:
                    cov.apply(cs, check=False)
                    return cov
                except WarroomError:
                    pass
        cov = Coverage.from_map(m)
        self._cached = (key, cov)
        return cov


class ToolServices:
    """The editor as a tool sees it. ``host`` is the main window widget: the parent of
    the dialogs a tool opens and of the "Tool Options" toolbar; ``scene`` and ``view``
    are the map's :class:`~editor.canvas.scene.MapScene` and
    :class:`~editor.canvas.view.MapView` (not imported here: the view imports the tools)."""

    def __init__(
        self,
        host: QMainWindow,
        scene: QGraphicsScene,
        view: QGraphicsView,
        document: Callable[[], Document | None],
        push: Callable[[Edit], bool],
        show_hint: Callable[[str], None],
        show_error: Callable[[str], None],
        zoom_to_selection: Callable[[], None],
    ):
        self.host = host
        self.scene = scene
        self.view = view
        self._document = document
        self.push = push
        self.show_hint = show_hint
        self.show_error = show_error
        self.zoom_to_selection = zoom_to_selection
        self.coverages = CoverageCache()
        self._options_bar: QToolBar | None = None
        self._options_title: QLabel | None = None

    @property
    def document(self) -> Document | None:
        return self._document()

    @property
    def selection(self) -> Selection:
        doc = self._document()
        assert doc is not None
        return doc.selection

    def coverage(self) -> Coverage:
        """The coverage of the open document's zones (cached, see :class:`CoverageCache`)."""
        doc = self._document()
        assert doc is not None
        return self.coverages.of(doc.pack.map)

    def options_bar(self) -> QToolBar:
        """The "Tool Options" toolbar (made on first use). It is always shown, with the
        active tool's name first and its options after (none for Select, Split, Merge,
        …), at one fixed height: switching tools never moves the map under the cursor
        (#37: the map jumped 15-20 px when the bar came and went)."""
        bar = self._options_bar
        if bar is None:
            host = self.host
            bar = QToolBar("Tool Options", host)
            bar.setObjectName("toolOptionsToolbar")
            bar.setMovable(False)
            # a row of its own under the main toolbars: the options are never pushed into
            # the overflow menu of a full row
            host.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
            host.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
            title = QLabel("")
            title.setObjectName("toolOptionsTitle")
            font = title.font()
            font.setBold(True)
            title.setFont(font)
            bar.addWidget(title)
            # as tall as a row holding a combo box, whatever the tool puts in it
            probe = QComboBox()
            probe.addItem("Land zone")
            margins = bar.contentsMargins()
            extra = 2 * bar.layout().contentsMargins().top() + margins.top() + margins.bottom()
            bar.setFixedHeight(
                max(probe.sizeHint().height(), title.sizeHint().height()) + extra + 4
            )
            probe.deleteLater()
            self._options_bar, self._options_title = bar, title
        return bar

    def set_options_title(self, text: str) -> None:
        """Name the active tool at the start of the Tool Options bar."""
        self.options_bar()
        assert self._options_title is not None
        self._options_title.setText(f" {text}: " if text else "")

    def clear_options(self) -> None:
        """Take the active tool's widgets out of the bar (its title stays, and the bar)."""
        bar = self.options_bar()
        for action in bar.actions():
            w = bar.widgetForAction(action)
            if w is self._options_title:
                continue
            bar.removeAction(action)
            action.deleteLater()
            if w is not None:  # out of the bar now: findChild never meets an old tool's
                w.hide()
                w.setParent(None)
                w.deleteLater()

    def add_options(self, widgets: list[QWidget]) -> list:
        """Put a tool's widgets in the bar (after clearing the last tool's)."""
        self.clear_options()
        bar = self.options_bar()
        for w in widgets:
            for box in [w, *w.findChildren(QComboBox)]:
                if isinstance(box, QComboBox):
                    box.activated.connect(self._keys_to_map)
        actions = [bar.addWidget(w) for w in widgets]
        bar.layout().activate()  # shown now, not at the next layout pass
        return actions

    def _keys_to_map(self, *_args) -> None:
        """A choice made in a Tool Options combo: the keyboard goes back to the map (the
        next letter is a tool shortcut, not a search in the combo)."""
        QTimer.singleShot(0, lambda: self.view.setFocus(Qt.FocusReason.OtherFocusReason))
