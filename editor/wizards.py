"""New map wizards: a blank canvas (one sea zone covering it), a hex grid, or a
background image to trace over. The pack builders are plain functions (tested without
dialogs); :func:`new_map` asks with :class:`NewMapDialog` and opens the result."""

from __future__ import annotations

import io
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)
from shapely.geometry import box

from gamecore.errors import GeometryError, WarroomError
from gamecore.geometry import hex_map, hgw_hex_map, label_point
from gamecore.model import BackgroundImage, Map, Pack, Zone

MAX_IMAGE_PIXELS = 250_000_000


def blank_map_pack(width: float = 1000.0, height: float = 600.0, name: str = "Untitled map"):
    """A map of ``width`` x ``height`` with one sea zone covering it."""
    if width <= 0 or height <= 0:
        raise WarroomError(f"new map: the size must be positive, not {width} x {height}")
    m = Map(name=name, width=float(width), height=float(height))
    sea = Zone(1, "1", "Open Sea", "sea", box(0, 0, width, height), terrain="sea")
    sea.label = (width / 2, height / 2)
    m.zones[1] = sea
    return Pack(map=m, meta={"title": name})


def hex_map_pack(rows: int, cols: int, size: float, orientation: str = "flat") -> Pack:
    """A map of ``rows`` x ``cols`` land hexes of ``size`` (centre to corner)."""
    if rows < 1 or cols < 1 or size <= 0:
        raise WarroomError("new hex map: rows, columns and size must be positive")
    try:
        m = hex_map(rows, cols, size, orientation, name="Hex map")
    except GeometryError as err:
        raise WarroomError(f"new hex map: {err}") from None
    return Pack(map=m, meta={"title": "Hex map"})


def hgw_hex_map_pack(
    rows: int,
    cols: int,
    size: float,
    first_row: int = 1,
    first_col: int = 1,
    wrap: bool = False,
    name: str = "Hex map",
) -> Pack:
    """A Hitler's Global War hex layout (HGW-CONTRACT) from gamecore's generator
    (:func:`gamecore.geometry.hgw_hex_map`): pointy-top hexes in rows, odd rows shifted
    right by half a hex, ids row then column "RRCC" counted from ``first_row`` /
    ``first_col`` (a 3-digit column above 99: "15107"), every hex a clear land zone with
    ``props["hex"] = [row, col]``. ``wrap``: the map wraps east-west after ``cols``
    columns; every hex stays whole and the hexes that neighbour across the seam are
    joined by ``Link(kind="connection", props={"wrap": True})`` rows."""
    if rows < 1 or cols < 1 or size <= 0:
        raise WarroomError("new hex map: rows, columns and size must be positive")
    try:
        m = hgw_hex_map(
            (first_row, first_row + rows - 1),
            (first_col, first_col + cols - 1),
            size,
            wrap_cols=cols if wrap else None,
            name=name,
        )
    except GeometryError as err:
        raise WarroomError(f"new hex map: {err}") from None
    return Pack(map=m, meta={"title": name})


def image_map_pack(path: str | Path) -> Pack:
    """A blank map the size of the image at ``path``, with the image as background."""
    from PIL import Image

    path = Path(path)
    try:
        data = path.read_bytes()
        with Image.open(io.BytesIO(data)) as img:
            w, h = img.size
            fmt = (img.format or "").lower()
    except (OSError, Image.DecompressionBombError, ValueError) as err:
        raise WarroomError(f"{path}: not a readable image ({err})") from None
    if w * h > MAX_IMAGE_PIXELS:
        raise WarroomError(f"{path}: the image is too large ({w} x {h} pixels)")
    if fmt not in ("png", "jpeg"):
        raise WarroomError(f"{path}: the background must be a PNG or JPEG image, not {fmt}")
    pack = blank_map_pack(w, h, name=path.stem)
    pack.map.images[1] = BackgroundImage(1, path.name, fmt, data, 0.0, 0.0, w, h)
    pack.map.zones[1].label = label_point(pack.map.zones[1].geometry)
    return pack


class NewMapDialog(QDialog):
    """Pick the kind of new map and its parameters."""

    KINDS = ("Blank canvas", "Hex grid", "From a background image")
    #: hex layouts: title -> "flat" / "pointy" (ids "CCRR") or "hgw"
    LAYOUTS = {
        "Flat-top, ids column-row (CCRR)": "flat",
        "Pointy-top, ids column-row (CCRR)": "pointy",
        "Hitler's Global War: pointy-top, odd rows shifted right, ids row-column (RRCC)": "hgw",
    }

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("New Map")
        self.kind = QComboBox()
        self.kind.addItems(self.KINDS)
        self.pages = QStackedWidget()
        blank = QWidget()
        f = QFormLayout(blank)
        self.width_box = QDoubleSpinBox(maximum=1e6, value=1000.0)
        self.height_box = QDoubleSpinBox(maximum=1e6, value=600.0)
        f.addRow("Width", self.width_box)
        f.addRow("Height", self.height_box)
        hexes = QWidget()
        f = QFormLayout(hexes)
        self.rows = QSpinBox(minimum=1, maximum=500, value=10)
        self.cols = QSpinBox(minimum=1, maximum=500, value=14)
        self.size = QDoubleSpinBox(minimum=1.0, maximum=1000.0, value=30.0)
        self.orientation = QComboBox()
        self.orientation.setObjectName("hexLayout")
        self.orientation.addItems(list(self.LAYOUTS))
        self.first_row = QSpinBox(minimum=1, maximum=99, value=1)
        self.first_col = QSpinBox(minimum=1, maximum=999, value=1)
        self.wrap = QCheckBox("East-west wrap")
        f.addRow("Rows", self.rows)
        f.addRow("Columns", self.cols)
        f.addRow("Hex size", self.size)
        f.addRow("Layout", self.orientation)
        f.addRow("First row number", self.first_row)
        f.addRow("First column number", self.first_col)
        f.addRow("", self.wrap)

        def layout_picked(i: int) -> None:
            hgw = self.LAYOUTS[self.orientation.itemText(i)] == "hgw"
            for w in (self.first_row, self.first_col, self.wrap):
                w.setEnabled(hgw)

        self.orientation.currentIndexChanged.connect(layout_picked)
        layout_picked(0)
        image = QWidget()
        row = QHBoxLayout(image)
        self.image_path = QLineEdit()
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row.addWidget(self.image_path)
        row.addWidget(browse)
        for page in (blank, hexes, image):
            self.pages.addWidget(page)
        self.kind.currentIndexChanged.connect(self.pages.setCurrentIndex)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.kind)
        lay.addWidget(self.pages)
        lay.addWidget(buttons)

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Background image", "", "Images (*.png *.jpg)")
        if path:
            self.image_path.setText(path)

    def pack(self) -> Pack:
        i = self.kind.currentIndex()
        if i == 0:
            return blank_map_pack(self.width_box.value(), self.height_box.value())
        if i == 1:
            layout = self.LAYOUTS[self.orientation.currentText()]
            if layout == "hgw":
                return hgw_hex_map_pack(
                    self.rows.value(),
                    self.cols.value(),
                    self.size.value(),
                    self.first_row.value(),
                    self.first_col.value(),
                    self.wrap.isChecked(),
                )
            return hex_map_pack(self.rows.value(), self.cols.value(), self.size.value(), layout)
        return image_map_pack(self.image_path.text())


def new_map(window) -> bool:
    """File > New Map…: ask, then open the new pack in ``window``."""
    from editor.document import Document

    if not window.maybe_save():
        return False
    dialog = NewMapDialog(window)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    try:
        pack = dialog.pack()
    except WarroomError as err:
        window.show_error(str(err))
        return False
    window._set_document(Document(pack, title=pack.meta.get("title", "Untitled")))
    return True


def install_authoring_actions(window) -> None:
    """Add File > New Map… (Ctrl+Shift+N) and View > Adjacency Overlay (Ctrl+J)."""
    from PySide6.QtGui import QAction, QKeySequence

    from editor.canvas.adjacency import toggle_adjacency_overlay

    menus = {a.text().replace("&", ""): a.menu() for a in window.menuBar().actions()}
    new_map_action = QAction("New &Map…", window)
    new_map_action.setShortcut(QKeySequence("Ctrl+Shift+N"))
    new_map_action.setStatusTip("A new map: blank canvas, hex grid or background image")
    new_map_action.triggered.connect(lambda _c=False: new_map(window))
    file_menu = menus.get("File")
    if file_menu is not None:
        after = file_menu.actions()[1] if len(file_menu.actions()) > 1 else None
        file_menu.insertAction(after, new_map_action)
    overlay = QAction("&Adjacency Overlay", window)
    overlay.setCheckable(True)
    overlay.setShortcut(QKeySequence("Ctrl+J"))
    overlay.setStatusTip("Draw the adjacency graph; hand-made links in colour")
    overlay.toggled.connect(lambda on: toggle_adjacency_overlay(window, on))
    view_menu = menus.get("View")
    if view_menu is not None:
        view_menu.addAction(overlay)
    window.act_new_map = new_map_action
    window.act_adjacency = overlay
