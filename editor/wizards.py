"""New map wizards: a blank canvas (one sea zone covering it), a hex grid, or a
background image to trace over. The pack builders are plain functions (tested without
dialogs); :func:`new_map` asks with :class:`NewMapDialog` and opens the result.

A rule system whose boards have a hex layout of their own brings it
(:meth:`gamecore.engine.systems.RuleSystem.new_map_layouts`): the dialog lists it with
the flat and pointy grids and renders its fields (:mod:`gamecore.engine.newmap`)."""

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

from gamecore.engine.newmap import NewMapLayout
from gamecore.engine.systems import systems
from gamecore.errors import GeometryError, WarroomError
from gamecore.geometry import hex_map, label_point
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


def system_layouts() -> dict[str, NewMapLayout]:
    """The hex layouts the registered rule systems bring, by title."""
    out: dict[str, NewMapLayout] = {}
    for system in systems().values():
        for layout in system.new_map_layouts():
            out[layout.title] = layout
    return out


class NewMapDialog(QDialog):
    """Pick the kind of new map and its parameters."""

    KINDS = ("Blank canvas", "Hex grid", "From a background image")
    #: the plain hex layouts: title -> orientation (ids "CCRR")
    GRIDS = {
        "Flat-top, ids column-row (CCRR)": "flat",
        "Pointy-top, ids column-row (CCRR)": "pointy",
    }

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("New Map")
        #: hex layouts: title -> "flat" / "pointy", or a rule system's layout
        self.layouts: dict[str, str | NewMapLayout] = {**self.GRIDS, **system_layouts()}
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
        self.orientation.addItems(list(self.layouts))
        f.addRow("Rows", self.rows)
        f.addRow("Columns", self.cols)
        f.addRow("Hex size", self.size)
        f.addRow("Layout", self.orientation)
        #: the system layouts' fields by name (a name several layouts share: one widget),
        #: enabled while a layout that asks for them is picked
        self.fields: dict[str, QSpinBox | QCheckBox] = {}
        for layout in self.layouts.values():
            if isinstance(layout, str):
                continue
            for fd in layout.fields:
                if fd.name in self.fields:
                    continue
                if fd.kind == "bool":
                    w = QCheckBox(fd.label)
                    w.setChecked(bool(fd.default))
                    f.addRow("", w)
                else:
                    w = QSpinBox(minimum=fd.minimum, maximum=fd.maximum, value=int(fd.default))
                    f.addRow(fd.label, w)
                w.setObjectName(f"layout_{fd.name}")
                self.fields[fd.name] = w

        def layout_picked(i: int) -> None:
            layout = self.layouts.get(self.orientation.itemText(i))
            asked = {fd.name for fd in getattr(layout, "fields", ())}
            for name, w in self.fields.items():
                w.setEnabled(name in asked)

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
            layout = self.layouts[self.orientation.currentText()]
            if isinstance(layout, str):
                return hex_map_pack(self.rows.value(), self.cols.value(), self.size.value(), layout)
            values = {}
            for fd in layout.fields:
                w = self.fields[fd.name]
                values[fd.name] = w.isChecked() if isinstance(w, QCheckBox) else w.value()
            return layout.build(self.rows.value(), self.cols.value(), self.size.value(), **values)
        return image_map_pack(self.image_path.text())


def new_map(window) -> bool:
    """File > New Map…: ask, then open the new pack in ``window``."""
    from editor.document import Document

    if not window.maybe_save():
        return False
    dialog = NewMapDialog(window)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        window.doc_control.keep_edits()  # (Discard, then Cancel: the edits are unsaved)
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
