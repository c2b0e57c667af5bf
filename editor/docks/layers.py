"""Layers dock: show/hide and lock each map layer."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from editor.canvas.layers import LAYERS
from editor.canvas.scene import MapScene

COL_NAME, COL_VISIBLE, COL_LOCK = 0, 1, 2


class LayersPanel(QWidget):
    def __init__(self, scene: MapScene, parent=None):
        super().__init__(parent)
        self.scene = scene
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("layersTree")
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels(["Layer", "Show", "Lock"])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        header = self.tree.header()
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_VISIBLE, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_LOCK, QHeaderView.ResizeMode.ResizeToContents)
        # top layer first, like every drawing program
        self.items: dict[str, QTreeWidgetItem] = {}
        for key in reversed(list(LAYERS)):
            item = QTreeWidgetItem([LAYERS[key], "", ""])
            item.setData(COL_NAME, Qt.ItemDataRole.UserRole, key)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(COL_VISIBLE, Qt.CheckState.Checked)
            item.setCheckState(COL_LOCK, Qt.CheckState.Unchecked)
            item.setToolTip(COL_VISIBLE, f"Show or hide {LAYERS[key].lower()}")
            item.setToolTip(COL_LOCK, f"Lock {LAYERS[key].lower()}: nothing in it can be selected")
            self.tree.addTopLevelItem(item)
            self.items[key] = item
        self.tree.itemChanged.connect(self._changed)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.tree)
        self._syncing = False

    def _changed(self, item: QTreeWidgetItem, column: int) -> None:
        if self._syncing:
            return
        key = item.data(COL_NAME, Qt.ItemDataRole.UserRole)
        on = item.checkState(column) == Qt.CheckState.Checked
        if column == COL_VISIBLE:
            self.scene.set_layer_visible(key, on)
        elif column == COL_LOCK:
            self.scene.set_layer_locked(key, on)

    def set_state(self, key: str, visible: bool, locked: bool) -> None:
        """Set a layer's state (from settings) and apply it."""
        if key not in self.items:
            return
        item = self.items[key]
        item.setCheckState(
            COL_VISIBLE, Qt.CheckState.Checked if visible else Qt.CheckState.Unchecked
        )
        item.setCheckState(COL_LOCK, Qt.CheckState.Checked if locked else Qt.CheckState.Unchecked)

    def state(self) -> dict[str, list[bool]]:
        return {k: [v, lk] for k, (v, lk) in self.scene.layer_state().items()}
