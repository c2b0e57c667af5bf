"""The part both export dialogs share: where to write, which scenario, a button that runs
the export off the GUI thread (:class:`editor.import_dialog.ImportJob`), progress, and
the report of what was written (for TripleA, what it could not express) in the dialog."""

from __future__ import annotations

from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
)

from editor.import_dialog import ImportJob, JobDialog
from gamecore.errors import WarroomError

NO_SCENARIO = "(none)"


class ExportDialog(JobDialog):
    """Subclasses set the texts and implement :meth:`make_job` (``progress ->
    (None, report)``) and :meth:`report_lines`."""

    title = "Export"
    target = "Output"
    folder = False  # the output is a folder (else a file)
    file_filter = "All files (*)"
    scenario_optional = False
    overwrite_text = "Overwrite"

    def __init__(self, pack, parent=None, start_dir: str = ""):
        super().__init__(parent)
        self.pack = pack
        self.start_dir = start_dir
        self.report = None
        self.error = ""
        self.job: ImportJob | None = None
        self.pool = QThreadPool(self)
        self.setWindowTitle(self.title)
        form = QFormLayout()
        self.output = QLineEdit()
        self.output.setObjectName("exportOutput")
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.output, 1)
        row.addWidget(browse)
        form.addRow(self.target, row)
        self.scenario = QComboBox()
        self.scenario.setObjectName("exportScenario")
        if self.scenario_optional:
            self.scenario.addItem(NO_SCENARIO, None)
        for sid, s in pack.scenarios.items():
            self.scenario.addItem(f"{s.name} ({sid})", sid)
        form.addRow("Scenario", self.scenario)
        self.overwrite = QCheckBox(self.overwrite_text)
        self.overwrite.setObjectName("exportOverwrite")
        form.addRow("", self.overwrite)
        self.add_options(form)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.stage = QLabel("")
        self.stage.setObjectName("exportStage")
        self.stage.setWordWrap(True)
        self.text = QPlainTextEdit()
        self.text.setObjectName("exportReport")
        self.text.setReadOnly(True)
        self.text.setMinimumSize(520, 200)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.run_button = self.buttons.addButton("Export", QDialogButtonBox.ButtonRole.ActionRole)
        self.run_button.setObjectName("exportRun")
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.start)
        self.buttons.rejected.connect(self.cancel_or_close)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.progress)
        layout.addWidget(self.stage)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.buttons)

    # -- for subclasses -------------------------------------------------------------------
    def add_options(self, form: QFormLayout) -> None:
        """More rows for the form."""

    def make_job(self, output: str, scenario: str | None, overwrite: bool):
        raise NotImplementedError

    def report_lines(self, report) -> tuple[str, list[str]]:
        """(one-line summary, the lines of the report)."""
        raise NotImplementedError

    # -- running --------------------------------------------------------------------------
    def _browse(self) -> None:
        if self.folder:
            path = QFileDialog.getExistingDirectory(self, self.target, self.start_dir)
        else:
            path, _ = QFileDialog.getSaveFileName(
                self, self.target, self.start_dir, self.file_filter
            )
        if path:
            self.output.setText(path)

    def start(self) -> None:
        """Run the export off the GUI thread; its report fills the dialog."""
        if self.job is not None:
            return
        out = self.output.text().strip()
        if not out:
            self._show_error(f"choose the {self.target.lower()} first")
            return
        try:
            fn = self.make_job(out, self.scenario.currentData(), self.overwrite.isChecked())
        except WarroomError as err:
            self._show_error(str(err))
            return
        self.report, self.error = None, ""
        self.run_button.setEnabled(False)
        self.job = ImportJob(fn)
        self.job.signals.progress.connect(self._progress)
        self.job.signals.done.connect(self._done)
        self.progress.setValue(0)
        self.stage.setText("Exporting…")
        self.text.clear()
        self.pool.start(self.job)

    def _show_error(self, text: str) -> None:
        self.error = " ".join(text.split())
        self.progress.setValue(0)
        self.stage.setText(self.error)

    def _done(self, _pack, report, error: str) -> None:
        self.job = None
        self.run_button.setEnabled(True)
        if error:
            self._show_error(error)
            return
        self.report = report
        self.progress.setValue(100)
        summary, lines = self.report_lines(report)
        self.stage.setText(summary)
        self.text.setPlainText("\n".join(lines))


def start_dir(window) -> str:
    doc = window.document
    return str(doc.path.parent) if doc is not None and doc.path is not None else ""


def open_export_dialog(window, cls: type[ExportDialog], dialog: ExportDialog | None = None) -> bool:
    """Open an export dialog on ``window``'s document; True when something was exported."""
    if window.document is None:
        return False
    dlg = dialog or cls(window.document.pack, window, start_dir(window))
    dlg.exec()
    return dlg.report is not None


def export_menu(file_menu: QMenu) -> QMenu:
    """The File menu's Export submenu, added at the end if it is missing."""
    for a in file_menu.actions():
        sub = a.menu()
        if sub is not None and a.text().replace("&", "") == "Export":
            return sub
    sub = QMenu("&Export", file_menu)
    file_menu.addMenu(sub)
    return sub
