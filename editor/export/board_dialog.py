"""File › Export › Board (PDF/SVG/PNG…): the ``warroom render`` options in a dialog with a
preview of the sheet layout; the same checks (:func:`editor.export.options.options_from_args`)
and the same drawing (:mod:`editor.export.render`)."""

from __future__ import annotations

import argparse
import os

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QColor, QFont, QImage, QPainter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.docks.legend import install_legend_dock
from editor.export.common import export_menu
from editor.export.layout import Layout, plan
from editor.export.options import LABELS, MODES, PAPERS, RenderOptions, options_from_args
from editor.export.render import board_scene, frame_of, paint_map, png_size, render_scene, title_of
from gamecore.errors import WarroomError

FORMATS = {
    "PDF (sheets + assembly page)": "pdf",
    "SVG (one picture)": "svg",
    "PNG (one picture)": "png",
}


class SheetPreview(QWidget):
    """The whole board, small, with the sheets drawn over it."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setMinimumSize(360, 220)
        self.image: QImage | None = None
        self.whole = QRectF()
        self.layout_: Layout | None = None
        self.fmt = "pdf"

    def show_board(self, scene, lay: Layout | None, fmt: str) -> None:
        self.layout_, self.fmt = lay, fmt
        if lay is not None:
            sheets = lay.sheets()
            xs = [s.source[0] for s in sheets] + [s.source[0] + s.source[2] for s in sheets]
            ys = [s.source[1] for s in sheets] + [s.source[1] + s.source[3] for s in sheets]
            whole = QRectF(QPointF(min(xs), min(ys)), QPointF(max(xs), max(ys)))
            if fmt != "pdf":
                whole = QRectF(*lay.frame)
            if whole != self.whole or self.image is None:
                self.whole = whole
                k = min(600 / whole.width(), 400 / whole.height())
                img = QImage(
                    max(1, round(whole.width() * k)),
                    max(1, round(whole.height() * k)),
                    QImage.Format.Format_RGB32,
                )
                img.fill(QColor("white"))
                p = QPainter(img)
                paint_map(scene, p, QRectF(0, 0, img.width(), img.height()), whole)
                p.end()
                self.image = img
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.fillRect(self.rect(), QColor("#e8e8e8"))
        if self.image is None or self.layout_ is None:
            return
        area = QRectF(self.rect()).adjusted(8, 8, -8, -8)
        k = min(area.width() / self.image.width(), area.height() / self.image.height())
        target = QRectF(area.left(), area.top(), self.image.width() * k, self.image.height() * k)
        p.drawImage(target, self.image)
        if self.fmt != "pdf":
            return
        f = target.width() / self.whole.width()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for sh in self.layout_.sheets():
            x, y, w, h = sh.source
            r = QRectF(
                target.left() + (x - self.whole.left()) * f,
                target.top() + (y - self.whole.top()) * f,
                w * f,
                h * f,
            )
            p.setPen(QPen(QColor("#c0392b"), 1.5, Qt.PenStyle.DashLine))
            p.drawRect(r)
            fnt = QFont()
            fnt.setBold(True)
            fnt.setPixelSize(max(9, min(20, round(r.height() / 4))))
            p.setFont(fnt)
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, sh.name)


class BoardExportDialog(QDialog):
    def __init__(self, window):
        super().__init__(window)
        self.setObjectName("boardExportDialog")
        self.setWindowTitle("Export Board")
        self.window_ = window
        self.pack = window.document.pack
        self.last: dict | None = None
        scene = window.scene
        self.fmt = QComboBox()
        self.fmt.addItems(list(FORMATS))
        self.mode = QComboBox()
        self.mode.addItems(list(MODES))
        self.mode.setCurrentText(scene.mode if scene.mode in MODES else "political")
        self.scenario = QComboBox()
        for sid, sc in self.pack.scenarios.items():
            self.scenario.addItem(sc.name or sid, sid)
        if scene.scenario_id in self.pack.scenarios:
            self.scenario.setCurrentIndex(list(self.pack.scenarios).index(scene.scenario_id))
        self.paper = QComboBox()
        self.paper.addItems([*PAPERS, "Custom"])
        self.custom_w = QSpinBox()
        self.custom_h = QSpinBox()
        for box, v in ((self.custom_w, 600), (self.custom_h, 900)):
            box.setRange(50, 2000)
            box.setValue(v)
            box.setSuffix(" mm")
        custom = QHBoxLayout()
        custom.addWidget(self.custom_w)
        custom.addWidget(QLabel("x"))
        custom.addWidget(self.custom_h)
        self.fit = QRadioButton("Fit to")
        self.fit.setChecked(True)
        self.by_scale = QRadioButton("Scale")
        group = QButtonGroup(self)
        group.addButton(self.fit)
        group.addButton(self.by_scale)
        self.cols = QSpinBox()
        self.rows = QSpinBox()
        for box, v in ((self.cols, 3), (self.rows, 2)):
            box.setRange(1, 20)
            box.setValue(v)
        self.scale = QDoubleSpinBox()
        self.scale.setDecimals(4)
        self.scale.setRange(0.0001, 1000)
        self.scale.setSuffix(" mm per map unit")
        self.scale.setValue(0.2)
        fit_row = QHBoxLayout()
        fit_row.addWidget(self.fit)
        fit_row.addWidget(self.cols)
        fit_row.addWidget(QLabel("x"))
        fit_row.addWidget(self.rows)
        fit_row.addWidget(QLabel("sheets"))
        fit_row.addSpacing(12)
        fit_row.addWidget(self.by_scale)
        fit_row.addWidget(self.scale)
        self.overlap = QDoubleSpinBox()
        self.overlap.setRange(0, 50)
        self.overlap.setValue(10)
        self.overlap.setSuffix(" mm")
        self.marks = QCheckBox("Crop and alignment marks, sheet index")
        self.marks.setChecked(True)
        self.units = QCheckBox("Unit chips")
        self.units.setChecked(True)
        self.labels = QComboBox()
        self.labels.addItems(list(LABELS))
        self.dpi = QSpinBox()
        self.dpi.setRange(10, 2400)
        self.dpi.setValue(150)
        self.dpi.setSuffix(" dpi")
        self.kit = QCheckBox("Counters, set-up charts and tracks (PDF)")
        self.counter = QComboBox()
        self.counter.addItems(["16 mm", "20 mm"])
        self.out = QLineEdit()
        self.out.setObjectName("boardOut")
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        out_row = QHBoxLayout()
        out_row.addWidget(self.out)
        out_row.addWidget(browse)
        form = QFormLayout()
        form.addRow("Format", self.fmt)
        form.addRow("Map mode", self.mode)
        form.addRow("Scenario", self.scenario)
        form.addRow("Paper", self.paper)
        form.addRow("Custom paper", custom)
        form.addRow("Size", fit_row)
        form.addRow("Overlap", self.overlap)
        form.addRow("", self.marks)
        form.addRow("Show", self.units)
        form.addRow("Labels", self.labels)
        form.addRow("PNG resolution", self.dpi)
        form.addRow("Print and play", self.kit)
        form.addRow("Counter size", self.counter)
        form.addRow("Save to", out_row)
        self.preview = SheetPreview()
        self.summary = QLabel()
        self.summary.setObjectName("boardSummary")
        self.summary.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setText("Export")
        self.buttons.accepted.connect(self.export)
        self.buttons.rejected.connect(self.reject)
        side = QVBoxLayout()
        side.addWidget(self.preview, 1)
        side.addWidget(self.summary)
        top = QHBoxLayout()
        top.addLayout(form)
        top.addLayout(side, 1)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.buttons)
        stem = os.path.splitext(window.document.path or "board")[0] if window.document else "board"
        self.out.setText(stem + ".pdf")
        self._scene = None
        self._scene_key: tuple | None = None
        for w in (self.fmt, self.mode, self.scenario, self.paper, self.labels, self.counter):
            w.currentIndexChanged.connect(self.refresh)
        for w in (self.custom_w, self.custom_h, self.cols, self.rows, self.dpi):
            w.valueChanged.connect(self.refresh)
        for w in (self.scale, self.overlap):
            w.valueChanged.connect(self.refresh)
        for w in (self.fit, self.by_scale, self.marks, self.units, self.kit):
            w.toggled.connect(self.refresh)
        self.fmt.currentIndexChanged.connect(self._suffix)
        self.by_scale.toggled.connect(self._start_scale)
        self._fit_scale: float | None = None
        self.refresh()

    # -- options ------------------------------------------------------------------------
    def arguments(self) -> argparse.Namespace:
        paper = self.paper.currentText()
        if paper == "Custom":
            paper = f"{self.custom_w.value()}x{self.custom_h.value()}"
        return argparse.Namespace(
            out=self.out.text().strip(),
            scenario=self.scenario.currentData(),
            mode=self.mode.currentText(),
            dpi=float(self.dpi.value()),
            paper=paper,
            scale=self.scale.value() if self.by_scale.isChecked() else None,
            sheets=f"{self.cols.value()}x{self.rows.value()}",
            overlap=self.overlap.value(),
            marks=self.marks.isChecked(),
            no_units=not self.units.isChecked(),
            labels=self.labels.currentText(),
            kit=self.kit.isChecked(),
            counter=16 if self.counter.currentIndex() == 0 else 20,
        )

    def _start_scale(self, on: bool) -> None:
        """Switching to a fixed scale starts from the scale the fit gave."""
        if on and self._fit_scale:
            self.scale.setValue(self._fit_scale)

    def _format(self) -> str:
        return FORMATS[self.fmt.currentText()]

    def _suffix(self) -> None:
        stem, _ext = os.path.splitext(self.out.text().strip() or "board")
        self.out.setText(f"{stem}.{self._format()}")

    def _browse(self) -> None:
        fmt = self._format()
        path, _ = QFileDialog.getSaveFileName(
            self, "Export board", self.out.text(), f"{fmt.upper()} (*.{fmt})"
        )
        if path:
            self.out.setText(path)

    def _board(self, opts: RenderOptions):
        key = (opts.mode, opts.scenario, opts.units, opts.labels)
        if key != self._scene_key:
            self._scene = board_scene(self.pack, opts)
            self._scene_key = key
        return self._scene

    def options(self) -> RenderOptions:
        """The options as ``warroom render`` would take them (WarroomError: one line)."""
        args = self.arguments()
        fmt = self._format()
        stem, ext = os.path.splitext(args.out)
        if ext.lower().lstrip(".") != fmt:
            args.out = f"{stem}.{fmt}"
        return options_from_args(args)

    def refresh(self) -> None:
        custom = self.paper.currentText() == "Custom"
        self.custom_w.setEnabled(custom)
        self.custom_h.setEnabled(custom)
        try:
            opts = self.options()
        except WarroomError as err:
            self.summary.setText(f"<span style='color:#c0392b'>{err}</span>")
            self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(False)
            return
        try:
            scene = self._board(opts)
            lay = plan(frame_of(scene), opts)
        except WarroomError as err:
            self.summary.setText(f"<span style='color:#c0392b'>{err}</span>")
            self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(False)
            return
        if opts.scale is None:
            self._fit_scale = lay.scale
        self.preview.show_board(scene, lay, opts.fmt)
        bw, bh = lay.board_mm
        text = f"Board {bw:.0f} x {bh:.0f} mm (1 map unit = {lay.scale:.4g} mm). "
        if opts.fmt == "pdf":
            orient = "landscape" if lay.page[0] > lay.page[1] else "portrait"
            text += (
                f"{lay.cols} x {lay.rows} sheets of {opts.paper_name} {orient}, "
                f"{lay.overlap:g} mm overlap: {lay.cols * lay.rows + 1} pages with the "
                "assembly page"
            )
            if opts.kit:
                text += ", then the print-and-play pages"
        elif opts.fmt == "png":
            w, h = png_size(scene, lay, opts.dpi)
            text += f"PNG {w} x {h} px at {opts.dpi:g} dpi"
        else:
            text += "one SVG picture (vector) with the legend"
        self.summary.setText(text)
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(True)

    def export(self) -> None:
        try:
            opts = self.options()
            scene = self._board(opts)
            QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:
                self.last = render_scene(scene, opts, title_of(self.pack, opts, scene))
            finally:
                QApplication.restoreOverrideCursor()
        except WarroomError as err:
            self.summary.setText(f"<span style='color:#c0392b'>{err}</span>")
            return
        show = getattr(self.window_, "statusBar", None)
        if show is not None:
            show().showMessage(f"Board written to {self.last['output']}", 8000)
        self.accept()


def open_board_export(window) -> BoardExportDialog | None:
    if window.document is None:
        return None
    dlg = BoardExportDialog(window)
    window.board_dialog = dlg  # tests reach it
    dlg.open()
    return dlg


def _export_menu(window):
    """File › Export (shared with Export › TripleA/GeoJSON), or None without a File menu."""
    for a in window.menuBar().actions():
        if a.text().replace("&", "") == "File":
            return export_menu(a.menu())
    return None


def install_board_export(window) -> None:
    """File › Export › Board (PDF/SVG/PNG…) and the Legend dock (View menu)."""
    menu = _export_menu(window)
    act = QAction("&Board (PDF/SVG/PNG)…", window)
    act.setObjectName("actExportBoard")
    act.setStatusTip("Print the board on sheets with an assembly page, or save it as a picture")
    act.triggered.connect(lambda _c=False: open_board_export(window))
    if menu is not None:
        menu.addAction(act)
    window.act_export_board = act
    install_legend_dock(window)
