"""The main window (provisional shell: the full editor comes with the editor issues)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsScene,
    QGraphicsView,
    QLabel,
    QMainWindow,
    QMessageBox,
)

from gamecore import __version__
from gamecore.errors import WarroomError


class MapView(QGraphicsView):
    def __init__(self, scene: QGraphicsScene):
        super().__init__(scene)
        self.setRenderHints(QPainter.RenderHint.Antialiasing)
        self.setBackgroundBrush(QBrush(QColor("#2b2f36")))
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)


class MainWindow(QMainWindow):
    def __init__(self):
        super().__init__()
        self.setWindowTitle(f"Warroom {__version__}")
        self.scene = QGraphicsScene(self)
        self.view = MapView(self.scene)
        self.setCentralWidget(self.view)
        self.status_label = QLabel("Ready")
        self.statusBar().addWidget(self.status_label)
        self._build_menus()

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        file_menu.addAction("&Quit", self.close).setShortcut("Ctrl+Q")
        self.menuBar().addMenu("&Help").addAction("&About Warroom", self._about)

    def _about(self) -> None:
        QMessageBox.about(self, "About Warroom", f"Warroom {__version__}")

    # -- documents ---------------------------------------------------------
    def open_default(self) -> None:
        self._show_empty_map(1600, 1000)

    def open_path(self, path: str, interactive: bool = True) -> None:
        raise WarroomError("opening packs is not available in this build yet", path)

    def _show_empty_map(self, width: float, height: float) -> None:
        self.scene.clear()
        frame = QRectF(0, 0, width, height)
        self.scene.addRect(frame, QPen(QColor("#1d3b57"), 2), QBrush(QColor("#4a7fb0")))
        title = self.scene.addText("Empty map", QFont("Sans", 28))
        title.setDefaultTextColor(QColor("#e8eef5"))
        title.setPos(width / 2 - title.boundingRect().width() / 2, height / 2 - 30)
        self.scene.setSceneRect(frame.adjusted(-50, -50, 50, 50))
        self.status_label.setText(f"Empty map {int(width)} × {int(height)}")

    def set_map_mode(self, mode: str) -> None:
        pass

    def fit_map(self) -> None:
        self.view.fitInView(self.scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def discard_and_close(self) -> None:
        self.close()
