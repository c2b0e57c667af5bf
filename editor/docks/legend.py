"""The Legend dock: what the map's fills, borders, lines, overrides, markers and chips
mean in the current map mode (the same key the board renders print)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QDockWidget, QScrollArea, QWidget

from editor.canvas.legend import legend_height, paint_legend, sections


class LegendPanel(QWidget):
    def __init__(self, scene, parent=None):
        super().__init__(parent)
        self.setObjectName("legendPanel")
        self.scene = scene
        self.setMinimumWidth(200)
        scene.modeChanged.connect(lambda _m: self.refresh())
        scene.layersChanged.connect(self.refresh)
        scene.sceneRectChanged.connect(lambda _r: self.refresh())  # another pack shown
        self.refresh()

    def titles(self) -> list[str]:
        """The entries shown, section by section (tests and accessibility)."""
        return [label for s in sections(self.scene) for _paint, label in s.rows]

    def refresh(self) -> None:
        self.setMinimumHeight(round(legend_height(self.scene, width=self._width())) + 8)
        self.update()

    def _width(self) -> float:
        return max(180.0, self.width() - 8.0)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        self.refresh()
        super().showEvent(event)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.setMinimumHeight(round(legend_height(self.scene, width=self._width())) + 8)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        paint_legend(p, self.scene, QPointF(4, 4), width=self._width(), title="Legend")
        p.end()


def install_legend_dock(window) -> QDockWidget:
    """A Legend dock on the right, hidden at first, toggled from the View menu."""
    panel = LegendPanel(window.scene)
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setWidget(panel)
    dock = QDockWidget("Legend", window)
    dock.setObjectName("legendDock")
    dock.setWidget(area)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    inspector = getattr(window, "inspector_dock", None)
    if inspector is not None:  # a tab of the tall right column, not a sliver under it
        window.tabifyDockWidget(inspector, dock)
    dock.hide()  # View lists it with the other docks (DocksController.list_docks)
    window.legend_panel = panel
    window.legend_dock = dock
    return dock
