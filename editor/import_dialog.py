"""File → Import: GeoJSON (with projection, crop box, size and a preview) and TripleA
maps. The import runs on a worker thread with progress and Cancel; the result opens as a
new, unsaved document."""

from __future__ import annotations

from PySide6.QtCore import QObject, QRectF, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gamecore.errors import Cancelled, WarroomError

ZONE_COLOURS = {
    "land": "#c9b98f",
    "sea": "#9cc3e6",
    "lake": "#7fb2dd",
    "impassable": "#8c8c8c",
    "offmap": "#dddddd",
}


class _Signals(QObject):
    progress = Signal(str, float)
    done = Signal(object, object, str)  # pack, report, error


class ImportJob(QRunnable):
    """Runs ``fn(progress) -> (pack, report)``; ``cancel()`` stops it at the next step."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn
        self.signals = _Signals()
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True

    def _progress(self, stage: str, frac: float) -> None:
        if self.cancelled:
            raise Cancelled("import cancelled")
        self.signals.progress.emit(stage, float(frac))

    def run(self) -> None:
        try:
            pack, report = self.fn(self._progress)
            error = ""
        except WarroomError as err:
            pack, report, error = None, None, str(err)
        except Exception as err:  # an importer bug must not take the editor down
            pack, report, error = None, None, f"{type(err).__name__}: {err}"
        try:
            self.signals.done.emit(pack, report, error)
        except RuntimeError:
            pass


def render_preview(pack, width: int = 460, height: int = 260) -> QPixmap:
    """The zones of a pack drawn small, coloured by kind."""
    pm = QPixmap(width, height)
    pm.fill(QColor("#2b2f36"))
    m = pack.map
    if m.width <= 0 or m.height <= 0:
        return pm
    scale = min(width / m.width, height / m.height)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate((width - m.width * scale) / 2, (height - m.height * scale) / 2)
    p.scale(scale, scale)
    pen = QPen(QColor("#333333"))
    pen.setCosmetic(True)
    p.setPen(pen)
    import shapely

    for z in m.zones.values():
        if z.geometry is None:
            continue
        path = QPainterPath()
        for poly in shapely.get_parts(z.geometry):
            for ring in shapely.get_rings(poly):
                coords = shapely.get_coordinates(ring)
                if len(coords) < 3:
                    continue
                path.moveTo(*coords[0])
                for x, y in coords[1:]:
                    path.lineTo(x, y)
                path.closeSubpath()
        p.setBrush(QBrush(QColor(ZONE_COLOURS.get(z.kind, "#cccccc"))))
        p.drawPath(path)
    p.end()
    return pm


class JobDialog(QDialog):
    """A dialog that runs an :class:`ImportJob` (``self.job`` on ``self.pool``) with a
    progress bar and a stage line; ``self.run_button`` starts it. Cancel stops a running
    job, else closes the dialog. The export dialogs (editor/export) share it."""

    job: ImportJob | None
    pool: QThreadPool
    progress: QProgressBar
    stage: QLabel
    run_button: QPushButton

    def _progress(self, stage: str, frac: float) -> None:
        self.progress.setValue(int(frac * 100))
        self.stage.setText(stage)

    def cancel_or_close(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.stage.setText("Cancelling…")
            self.pool.waitForDone(60_000)
            self.job = None
            self.run_button.setEnabled(True)
            return
        self.reject()

    def wait(self, msecs: int = 60_000) -> bool:
        return self.pool.waitForDone(msecs)


class ImportDialog(JobDialog):
    """Import GeoJSON or a TripleA map. After ``exec()``, ``self.pack`` holds the result."""

    def __init__(self, kind: str = "geojson", parent: QWidget | None = None):
        super().__init__(parent)
        self.kind = kind
        self.pack = None
        self.report = None
        self.job: ImportJob | None = None
        self.pool = QThreadPool(self)
        self.setWindowTitle("Import GeoJSON" if kind == "geojson" else "Import TripleA map")
        form = QFormLayout()
        self.source = QLineEdit()
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.source, 1)
        row.addWidget(browse)
        form.addRow("GeoJSON file" if kind == "geojson" else "Map folder", row)
        if kind == "geojson":
            from gamecore.interop.projection import NAMED_PROJECTIONS

            self.projection = QComboBox()
            self.projection.setEditable(True)
            self.projection.addItems(sorted(NAMED_PROJECTIONS))
            self.projection.setCurrentText("robinson")
            self.projection.setToolTip("A named projection, EPSG:n or a PROJ string")
            form.addRow("Projection", self.projection)
            self.width_box = QSpinBox()
            self.width_box.setRange(200, 20000)
            self.width_box.setValue(4000)
            self.width_box.setSuffix(" px")
            form.addRow("Map width", self.width_box)
            self.bbox = QLineEdit()
            self.bbox.setPlaceholderText("lon0,lat0,lon1,lat1 (empty: the whole world)")
            form.addRow("Crop box", self.bbox)
            self.merge_by = QLineEdit()
            self.merge_by.setPlaceholderText("attribute to merge features by (optional)")
            form.addRow("Merge by", self.merge_by)
        else:
            self.game = QLineEdit()
            self.game.setPlaceholderText("game name or XML file, when the map has several")
            form.addRow("Game", self.game)
        self.preview_button = self.run_button = QPushButton("Preview")
        self.preview_button.clicked.connect(self.start)
        self.preview = QLabel("Choose a source and press Preview")
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setMinimumSize(460, 260)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.stage = QLabel("")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Open")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.cancel_or_close)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview_button)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.progress)
        layout.addWidget(self.stage)
        layout.addWidget(self.buttons)

    def _browse(self) -> None:
        if self.kind == "geojson":
            path, _ = QFileDialog.getOpenFileName(
                self, "GeoJSON file", "", "GeoJSON (*.geojson *.json);;All files (*)"
            )
        else:
            path = QFileDialog.getExistingDirectory(self, "TripleA map folder")
        if path:
            self.source.setText(path)

    def _make_fn(self):
        src = self.source.text().strip()
        if not src:
            raise WarroomError("choose a source first")
        if self.kind == "geojson":
            from gamecore.interop.geojson import ImportOptions, import_geojson

            opts = ImportOptions(
                projection=self.projection.currentText().strip() or "robinson",
                width=float(self.width_box.value()),
                bbox=self.bbox.text().strip() or None,
                merge_by=self.merge_by.text().strip() or None,
            )
            return lambda progress: import_geojson(src, opts, progress)
        from gamecore.interop.triplea import ImportOptions, import_triplea

        game = self.game.text().strip() or None
        return lambda progress: import_triplea(src, ImportOptions(game=game, progress=progress))

    def start(self) -> None:
        """Run the import (off the GUI thread) and show its preview."""
        if self.job is not None:
            return
        try:
            fn = self._make_fn()
        except WarroomError as err:
            self.stage.setText(str(err))
            return
        self.pack = None
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        self.preview_button.setEnabled(False)
        self.job = ImportJob(fn)
        self.job.signals.progress.connect(self._progress)
        self.job.signals.done.connect(self._done)
        self.progress.setValue(0)
        self.stage.setText("Importing…")
        self.pool.start(self.job)

    def _done(self, pack, report, error: str) -> None:
        self.job = None
        self.preview_button.setEnabled(True)
        if error:
            self.progress.setValue(0)
            self.stage.setText(error)
            return
        self.pack, self.report = pack, report
        self.progress.setValue(100)
        kinds: dict[str, int] = {}
        for z in pack.map.zones.values():
            kinds[z.kind] = kinds.get(z.kind, 0) + 1
        self.stage.setText(
            "Ready: "
            + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
            + f" zones; map {pack.map.width:.0f} × {pack.map.height:.0f}"
        )
        self.preview.setPixmap(render_preview(pack))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)

    def preview_rect(self) -> QRectF:
        return QRectF(self.preview.rect())
