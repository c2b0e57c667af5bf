"""Playtest dock: run a batch of bot games in the background and show the balance charts.

The games run in a separate process (``warroom playtest`` through :class:`QProcess`), so
the editor stays responsive, a run can use several cores, and Cancel is the CLI's own
clean stop (finished games are kept; the next run with the same settings resumes). The
dock reads the numbers (``--json``) and the chart images (``--report``) when the run ends;
:attr:`PlaytestPanel.summary` keeps the numbers for a map mode
(:func:`gamecore.sim.playtest.heatmap_values`).

The main window needs one line: ``add_playtest_dock(self, document=lambda: self.document)``.
The dock reads that document (``pack``, ``path``, ``modified``, ``scenario_id``) when a run
starts; an unsaved or modified document is played from a snapshot.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QProcess, QProcessEnvironment, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

CHARTS = (
    ("Win rates", "winrates.png"),
    ("Length", "length.png"),
    ("Income", "income.png"),
    ("Battles", "heat_battles.png"),
    ("Captures", "heat_captures.png"),
)
#: how long Cancel waits for the clean stop before killing the run
KILL_AFTER_MS = 8000


class PlaytestPanel(QWidget):
    """Settings, Run/Cancel, progress and the charts of the last run."""

    #: the run ended with numbers (the summary dict of ``warroom playtest --json``)
    finished = Signal(dict)
    #: the run failed or was refused (a one-line message)
    failed = Signal(str)

    def __init__(
        self, main_window: Any = None, parent=None, document: Callable[[], Any] | None = None
    ):
        super().__init__(parent)
        self.main_window = main_window
        #: the document to play (None: nothing to run)
        self._get_document = document or (lambda: None)
        self.summary: dict[str, Any] | None = None
        self.report_dir: Path | None = None
        self._proc: QProcess | None = None
        self._tmp: tempfile.TemporaryDirectory | None = None
        self._err_tail = ""
        self._stderr_buf = ""
        self._cancelled = False
        self._resumable = False
        #: the folder the user picked for the results file (None: beside the pack)
        self.results_folder: Path | None = None

        self.scenario = QComboBox(objectName="playtestScenario")
        self.games = QSpinBox(objectName="playtestGames", minimum=1, maximum=100000, value=100)
        self.rounds = QSpinBox(objectName="playtestRounds", minimum=0, maximum=999, value=0)
        self.rounds.setSpecialValueText("scenario's")
        #: the round limit the run will use, in words (the default cap when the scenario
        #: has none)
        self.cap_label = QLabel("", objectName="playtestCap")
        self.cap_label.setWordWrap(True)
        self.jobs = QSpinBox(
            objectName="playtestJobs", minimum=1, maximum=256, value=max(1, os.cpu_count() or 1)
        )
        self.seed = QSpinBox(objectName="playtestSeed", minimum=0, maximum=2**31 - 1, value=1)
        self.bot = QComboBox(objectName="playtestBot")
        self.bot.setEditable(True)
        self.bot.addItems(["heuristic", "random"])
        self.bot.setToolTip("A bot for every nation, or per side: axis=heuristic,allies=random")
        #: what a run does: a balance batch, an A/B comparison with another scenario on
        #: the same seeds, or the fair-bid search (``warroom playtest [compare|bid]``)
        self.mode = QComboBox(objectName="playtestMode")
        self.mode.addItem("Balance", "balance")
        self.mode.addItem("Compare with a scenario", "compare")
        self.mode.addItem("Fair bid", "bid")
        self.mode.addItem("Bot ladder", "ladder")
        self.against = QComboBox(objectName="playtestAgainst")
        self.bid_side = QComboBox(objectName="playtestBidSide")
        self.bids = QLineEdit("0,6,12,18,24,30,36", objectName="playtestBids")
        self.bids.setToolTip("the bids to try (IPCs), comma-separated")
        #: the bid's form: set-up units placed before the first turn (as players bid),
        #: or extra starting money
        self.bid_form = QComboBox(objectName="playtestBidForm")
        self.bid_form.addItem("Set-up units", "units")
        self.bid_form.addItem("Starting money", "money")
        self.bid_zone_cap = QSpinBox(
            objectName="playtestBidZoneCap", minimum=0, maximum=99, value=0
        )
        self.bid_zone_cap.setSpecialValueText("no cap")
        self.bid_zone_cap.setToolTip("at most this many bid units in one zone")
        #: the bots a ladder plays against each other (``warroom playtest ladder``)
        self.ladder_bots = QLineEdit("heuristic,random", objectName="playtestLadderBots")
        self.ladder_bots.setToolTip(
            "two or more bot names, comma-separated: each plays each side against the others"
        )
        form = QFormLayout()
        form.addRow("Run", self.mode)
        form.addRow("Scenario", self.scenario)
        form.addRow("Against", self.against)
        form.addRow("Bid for", self.bid_side)
        form.addRow("Bids", self.bids)
        form.addRow("Bid as", self.bid_form)
        form.addRow("Units a zone", self.bid_zone_cap)
        form.addRow("Ladder bots", self.ladder_bots)
        self._form = form
        form.addRow("Games", self.games)
        form.addRow("Round limit", self.rounds)
        form.addRow("", self.cap_label)
        form.addRow("Bots", self.bot)
        form.addRow("Seed", self.seed)
        form.addRow("Processes", self.jobs)
        #: where the results file goes, said before a run writes it; "Choose…" picks it
        self.where = QLabel("", objectName="playtestWhere")
        self.where.setWordWrap(True)
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.where_button = QPushButton("Choose…", objectName="playtestChooseFolder")
        self.where_button.setToolTip("Pick the folder that keeps the results of the runs")
        self.where_button.clicked.connect(self.choose_folder)
        where = QHBoxLayout()
        where.addWidget(self.where, 1)
        where.addWidget(self.where_button)
        form.addRow("Results", where)

        self.scenario.currentIndexChanged.connect(self._show_cap)
        self.scenario.currentIndexChanged.connect(self._fill_sides)
        self.mode.currentIndexChanged.connect(self._show_mode)
        self.bid_form.currentIndexChanged.connect(self._show_mode)
        self.rounds.valueChanged.connect(self._show_cap)

        self.run_button = QPushButton("Run", objectName="playtestRun")
        self.cancel_button = QPushButton("Cancel", objectName="playtestCancel")
        self.cancel_button.setEnabled(False)
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        # the HTML report of the last run (#37: it stayed in a temporary folder)
        self.open_report_button = QPushButton("Open Report", objectName="playtestOpenReport")
        self.open_report_button.setToolTip("Show the last run's report in the web browser")
        self.open_report_button.clicked.connect(self.open_report)
        self.save_report_button = QPushButton("Save Report…", objectName="playtestSaveReport")
        self.save_report_button.setToolTip(
            "Copy the last run's report (page and charts) to a folder"
        )
        self.save_report_button.clicked.connect(lambda _c=False: self.save_report())
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        buttons.addWidget(self.open_report_button)
        buttons.addWidget(self.save_report_button)
        self._show_report_buttons()

        self.progress = QProgressBar(objectName="playtestProgress")
        self.progress.setFormat("%v / %m games")
        self.progress.setValue(0)
        self.status = QLabel("", objectName="playtestStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.tabs = QTabWidget(objectName="playtestCharts")
        self.chart_labels: dict[str, QLabel] = {}
        for title, name in CHARTS:
            label = QLabel(alignment=Qt.AlignmentFlag.AlignCenter)
            scroll = QScrollArea()
            scroll.setWidget(label)
            scroll.setWidgetResizable(True)
            self.tabs.addTab(scroll, title)
            self.chart_labels[name] = label

        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addLayout(buttons)
        lay.addWidget(self.progress)
        lay.addWidget(self.status)
        lay.addWidget(self.tabs, 1)
        self.refresh()

    def _show_mode(self, *_args) -> None:
        mode = self.mode.currentData()
        for widget, shown in (
            (self.against, mode == "compare"),
            (self.bid_side, mode == "bid"),
            (self.bids, mode == "bid"),
            (self.bid_form, mode == "bid"),
            (self.bid_zone_cap, mode == "bid" and self.bid_form.currentData() == "units"),
            (self.ladder_bots, mode == "ladder"),
            (self.bot, mode != "ladder"),
        ):
            self._form.setRowVisible(widget, shown)
        if hasattr(self, "where"):
            self._show_where()

    def _fill_sides(self, *_args) -> None:
        doc = self._document()
        self.bid_side.clear()
        self.bid_side.addItem("the weaker side", None)
        scn = self.scenario.currentData()
        if doc is None or scn is None or not getattr(doc, "pack", None):
            return
        for al in doc.pack.scenarios[scn].alliances.values():
            self.bid_side.addItem(al.name or al.id, al.id)

    def _show_cap(self, *_args) -> None:
        from gamecore.sim.playtest.game import cap_text, round_cap

        doc = self._document()
        scn = self.scenario.currentData()
        if doc is None or scn is None or not getattr(doc, "pack", None):
            self.cap_label.setText("")
            return
        limit = self.rounds.value() or None
        text = cap_text(*round_cap(doc.pack, scn, limit))
        self.cap_label.setText(_dock_words(text))

    # -- the document ----------------------------------------------------------------
    def _document(self):
        return self._get_document()

    def refresh(self) -> None:
        """Fill the scenario list from the main window's document."""
        doc = self._document()
        current = self.scenario.currentData()
        self.scenario.clear()
        if doc is None or not getattr(doc, "pack", None) or not doc.pack.scenarios:
            self.scenario.addItem("(no scenario)", None)
            self.run_button.setEnabled(False)
            return
        other = self.against.currentData()
        self.against.clear()
        for sc in doc.pack.scenarios.values():
            self.scenario.addItem(f"{sc.name} ({sc.id})", sc.id)
            self.against.addItem(f"{sc.name} ({sc.id})", sc.id)
        j = self.against.findData(other)
        self.against.setCurrentIndex(j if j >= 0 else min(1, self.against.count() - 1))
        want = current or getattr(doc, "scenario_id", None)
        i = self.scenario.findData(want)
        self.scenario.setCurrentIndex(max(i, 0))
        self.run_button.setEnabled(self._proc is None)
        self._show_cap()
        self._fill_sides()
        self._show_mode()
        self._show_where()

    def results_dir(self) -> Path | None:
        """The folder a balance run keeps its results in: the one picked, else
        ``<pack>.playtests`` beside the saved pack; None when the run plays an unsaved
        snapshot (its results go to a temporary folder, not kept)."""
        if self.results_folder is not None:
            return self.results_folder
        doc = self._document()
        path = getattr(doc, "path", None) if doc is not None else None
        if path is None or getattr(doc, "modified", False) or not Path(path).exists():
            return None
        return Path(path).with_name(Path(path).name + ".playtests")

    def _show_where(self) -> None:
        if self.mode.currentData() != "balance":
            self.where.setText(
                "beside the pack (each seating resumes; the ratings are quoted by later runs)"
                if self.mode.currentData() == "ladder"
                else "nothing is kept (compare and bid runs are not resumable)"
            )
            return
        folder = self.results_dir()
        if folder is None:
            self.where.setText(
                "a temporary folder, not kept (the pack has unsaved changes or no file)"
            )
        else:
            self.where.setText(f"{folder} (a rerun resumes from it)")
        self.where.setToolTip(self.where.text())

    def choose_folder(self) -> None:
        """Ask for the folder that keeps the results."""
        start = self.results_dir()
        folder = QFileDialog.getExistingDirectory(
            self, "Folder for the playtest results", str(start.parent if start else Path.home())
        )
        if folder:
            self.results_folder = Path(folder)
            self._show_where()

    def _pack_path(self, doc) -> str:
        """The file the run reads: the document's own file when it is saved, else a
        snapshot in the run's temporary folder."""
        path = getattr(doc, "path", None)
        if path is not None and not getattr(doc, "modified", False) and Path(path).exists():
            self._resumable = True
            return str(path)
        self._resumable = False
        from gamecore.store import write_pack

        assert self._tmp is not None
        snap = Path(self._tmp.name) / "snapshot.warroom"
        write_pack(doc.pack, snap)
        return str(snap)

    # -- running -----------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._proc is not None

    def program(self) -> tuple[str, list[str]]:
        """The program that runs ``warroom`` and the arguments that come before the
        subcommand: the frozen app's own binary (which takes ``warroom`` subcommands and
        rejects ``-m``), else this Python with ``-m gamecore.cli``."""
        if getattr(sys, "frozen", False):
            return sys.executable, []
        return sys.executable, ["-m", "gamecore.cli"]

    def command(self, pack_path: str, report_dir: str) -> list[str]:
        mode = self.mode.currentData()
        if mode in ("compare", "bid", "ladder"):
            args = [*self.program()[1], "playtest", mode, pack_path]
            args += ["--scenario", str(self.scenario.currentData())]
            if mode == "compare":
                args += ["--against", str(self.against.currentData())]
            elif mode == "bid":
                if self.bid_side.currentData():
                    args += ["--side", str(self.bid_side.currentData())]
                args += ["--bids", self.bids.text().strip() or "0"]
                args += ["--bid-form", str(self.bid_form.currentData())]
                if self.bid_form.currentData() == "units" and self.bid_zone_cap.value():
                    args += ["--bid-zone-cap", str(self.bid_zone_cap.value())]
            if mode == "ladder":
                args += ["--bots", self.ladder_bots.text().strip()]
            else:
                args += ["--bot", self.bot.currentText().strip() or "heuristic"]
            args += [
                "--games",
                str(self.games.value()),
                "--seed",
                str(self.seed.value()),
                "--jobs",
                str(self.jobs.value()),
                "--json",
                "--progress-lines",
            ]
            if self.rounds.value() > 0:
                args += ["--max-rounds", str(self.rounds.value())]
            return args
        args = [
            *self.program()[1],
            "playtest",
            pack_path,
            "--scenario",
            str(self.scenario.currentData()),
            "--games",
            str(self.games.value()),
            "--seed",
            str(self.seed.value()),
            "--jobs",
            str(self.jobs.value()),
            "--bot",
            self.bot.currentText().strip() or "heuristic",
            "--json",
            "--report",
            report_dir,
            "--progress-lines",
        ]
        if self.rounds.value() > 0:
            args += ["--max-rounds", str(self.rounds.value())]
        if self.results_folder is not None:
            args += ["--results", str(self._results_file())]
        return args

    def _results_file(self) -> Path:
        """The results file in the picked folder, named by what makes a run resumable
        (scenario, its content, seed, bots, round limit): another setting, another file."""
        from gamecore.sim.playtest.results import scenario_hash

        doc = self._document()
        sid = str(self.scenario.currentData())
        h = scenario_hash(doc.pack, sid)[:12] if doc is not None else "x"
        bot = self.bot.currentText().strip() or "heuristic"
        name = f"{sid}-{h}-seed{self.seed.value()}-{bot}-r{self.rounds.value()}"
        assert self.results_folder is not None
        return self.results_folder / (
            "".join(c if c.isalnum() or c in "-_" else "_" for c in name) + ".jsonl"
        )

    def start(self) -> bool:
        """Start a run with the current settings (False when it cannot start)."""
        if self._proc is not None:
            return False
        doc = self._document()
        if doc is None or self.scenario.currentData() is None:
            self._fail("open a pack with a scenario first")
            return False
        self._tmp = tempfile.TemporaryDirectory(prefix="warroom-playtest-")
        try:
            pack_path = self._pack_path(doc)
        except Exception as err:  # noqa: BLE001 - shown as one line, never a traceback
            self._fail(f"cannot write a snapshot of the pack: {err}")
            return False
        self.report_dir = Path(self._tmp.name) / "report"
        self._cancelled = False
        self._err_tail = ""
        self._stderr_buf = ""
        self.summary = None
        self.progress.setRange(0, self.games.value())
        self.progress.setValue(0)
        self._show_where()  # the document may have changed since the dock was filled
        self.status.setText("Starting…")
        proc = QProcess(self)
        env = QProcessEnvironment.systemEnvironment()
        root = str(Path(__file__).resolve().parents[2])
        env.insert("PYTHONPATH", os.pathsep.join(p for p in (root, env.value("PYTHONPATH")) if p))
        env.insert("PYTHONUNBUFFERED", "1")
        proc.setProcessEnvironment(env)
        proc.readyReadStandardError.connect(self._read_stderr)
        proc.finished.connect(self._done)
        proc.errorOccurred.connect(self._proc_error)
        self._proc = proc
        self._show_report_buttons()  # the last run's report goes with its folder
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        proc.start(self.program()[0], self.command(pack_path, str(self.report_dir)))
        return True

    def cancel(self) -> None:
        """Stop the run cleanly (finished games are kept); kill it if it does not stop."""
        proc = self._proc
        if proc is None:
            return
        self._cancelled = True
        self.status.setText("Stopping…")
        self.cancel_button.setEnabled(False)
        proc.terminate()  # SIGTERM: the CLI stops like on Ctrl+C
        QTimer.singleShot(KILL_AFTER_MS, self._kill_if_running)

    def _kill_if_running(self) -> None:
        if self._proc is not None:
            self._proc.kill()

    def _read_stderr(self) -> None:
        proc = self._proc
        if proc is None:
            return
        self._stderr_buf += bytes(proc.readAllStandardError()).decode("utf-8", "replace")
        *lines, self._stderr_buf = self._stderr_buf.split("\n")
        for line in lines:
            if line.startswith("PROGRESS "):
                parts = line.split()
                if len(parts) >= 3 and parts[1].isdigit() and parts[2].isdigit():
                    done, total = int(parts[1]), int(parts[2])
                    self.progress.setRange(0, max(1, total))
                    self.progress.setValue(done)
                    if not self._cancelled:
                        self.status.setText(_progress_text(done, total, parts[3:]))
            elif line.strip():
                self._err_tail = line.strip()

    def _proc_error(self, error) -> None:
        if error == QProcess.ProcessError.FailedToStart and self._proc is not None:
            self._proc = None
            self._fail("cannot start the playtest process")
            self._reset_buttons()

    def _done(self, code: int, _status=None) -> None:
        proc = self._proc
        if proc is None:
            return
        self._read_stderr()
        if self._stderr_buf.strip():
            self._err_tail = self._stderr_buf.strip()
        out = bytes(proc.readAllStandardOutput()).decode("utf-8", "replace")
        self._proc = None
        self._reset_buttons()
        summary = None
        if out.strip():
            try:
                summary = json.loads(out)
            except json.JSONDecodeError:
                summary = None
        if summary is None:
            msg = self._err_tail.removeprefix("warroom: error: ") or f"the run failed ({code})"
            if self._cancelled:
                msg = "stopped before any game finished"
            self._fail(msg)
            return
        self.summary = summary
        if "ratings" in summary and "pairs" in summary:
            self.show_ladder(summary)
        elif "bids" in summary:
            self.show_bid(summary)
        elif "identical_games" in summary:
            self.show_compare(summary)
        else:
            self.show_summary(summary, stopped=self._cancelled or code == 130)
        self.finished.emit(summary)

    def _reset_buttons(self) -> None:
        self.cancel_button.setEnabled(False)
        self.run_button.setEnabled(self._document() is not None)
        self._show_report_buttons()

    # -- the report -------------------------------------------------------------------------
    def report_page(self) -> Path | None:
        """The last run's report page (``index.html``), when there is one."""
        page = self.report_dir / "index.html" if self.report_dir is not None else None
        return page if page is not None and page.is_file() else None

    def _show_report_buttons(self) -> None:
        has = self.report_page() is not None and self._proc is None
        self.open_report_button.setEnabled(has)
        self.save_report_button.setEnabled(has)

    def open_report(self) -> bool:
        """Open the report page in the system's browser."""
        page = self.report_page()
        if page is None:
            self._fail("no report yet: run a playtest first")
            return False
        return QDesktopServices.openUrl(QUrl.fromLocalFile(str(page)))

    def save_report(self, folder: str | os.PathLike | None = None) -> Path | None:
        """Copy the report folder (page and charts) into ``folder`` (asked when None), as
        ``playtest-report`` (``-2``, ``-3`` … when taken); returns the copy's page."""
        page = self.report_page()
        if page is None:
            self._fail("no report yet: run a playtest first")
            return None
        if folder is None:
            folder = QFileDialog.getExistingDirectory(self, "Save the playtest report in")
            if not folder:
                return None
        base = Path(folder)
        if not base.is_dir():
            self._fail(f"cannot save the report: {base} is not a folder")
            return None
        target = base / "playtest-report"
        n = 2
        while target.exists():
            target = base / f"playtest-report-{n}"
            n += 1
        try:
            shutil.copytree(page.parent, target)
        except OSError as err:
            self._fail(f"cannot save the report in {base}: {err.strerror or err}")
            return None
        self.status.setText(f"{self.status.text()}\nReport saved: {target / 'index.html'}")
        return target / "index.html"

    def _fail(self, message: str) -> None:
        self.status.setText(f"Playtest failed: {message}")
        self.failed.emit(message)

    # -- results ------------------------------------------------------------------------
    def show_compare(self, c: dict[str, Any]) -> None:
        """A/B: each side's win rate B − A with its interval, and what moved."""
        a, b = c.get("a", {}), c.get("b", {})
        lines = [
            f"{a.get('scenario')} → {b.get('scenario')}: {c['games_a']} games each on the same "
            f"seeds ({c['identical_games']} played identically)."
        ]
        for d in c.get("sides", {}).values():
            lines.append(
                f"{d['name']}: {100 * d['a']['rate']:.0f}% → {100 * d['b']['rate']:.0f}% "
                f"({100 * d['diff']:+.0f} points, 95% interval {100 * d['lo']:+.0f} to "
                f"{100 * d['hi']:+.0f})" + (" — moved" if d["moved"] else "")
            )
        zones = ", ".join(
            f"{z.get('code', z['zone'])} {100 * z['diff']:+.0f}" for z in c.get("zones", [])[:6]
        )
        lines.append(
            f"Zones changing hands differently: {len(c.get('zones', []))} of "
            f"{c.get('zones_tested', 0)} (Benjamini–Hochberg)" + (f": {zones}" if zones else "")
        )
        lines.append(
            f"Battles that moved: {len(c.get('battles', []))} of {c.get('battles_tested', 0)}."
        )
        self.status.setText("\n".join(lines))

    def show_bid(self, r: dict[str, Any]) -> None:
        """The fair bid: every bid's win rate with its interval, and the verdict (the bid
        nearest the fair share, or that no bid tried moves the win rate)."""
        fair = f"{100 * r.get('target', 0.5):.0f}%"
        what = f"money to {r['nation']}" if r.get("form") == "money" else "set-up units"
        verdict = r.get("verdict") or f"nearest {fair}: bid {r['best']['bid']}"
        lines = [
            f"Fair bid for {r['side_name']} ({what}), {r['games_per_bid']} games a bid, "
            f"fair share {fair}: {verdict}."
        ]
        lines += [
            f"bid {x['bid']}: {100 * x['rate']:.0f}% [{100 * x['lo']:.0f}–{100 * x['hi']:.0f}]"
            + (f" — {len(x['units'])} units" if x.get("units") else "")
            for x in r["bids"]
        ]
        even = ", ".join(str(b) for b in r.get("consistent_with_even", [])) or "none"
        lines.append(f"Bids whose interval holds {fair}: {even}.")
        self.status.setText("\n".join(lines))

    def show_ladder(self, r: dict[str, Any]) -> None:
        """The ladder: each seating's wins with its interval, and the Elo ratings."""
        ratings = sorted(r.get("ratings", {}).items(), key=lambda kv: -kv[1])
        lines = [
            f"Bot ladder, {r.get('games_per_seating', 0)} games a seating on the same seeds. "
            "Elo: " + ", ".join(f"{b} {v:.0f}" for b, v in ratings) + "."
        ]
        lines += [
            f"{p['bot']} as {p.get('side_name', p['side'])} vs {p['vs']}: {p['wins']} of "
            f"{p['games']} won, {p['draws']} drawn [{100 * p['low']:.0f}–{100 * p['high']:.0f}%]"
            for p in r.get("pairs", [])
        ]
        self.status.setText("\n".join(lines))

    def show_summary(self, s: dict[str, Any], stopped: bool = False) -> None:
        parts = [
            f"{d.get('name', d_side)}: {100 * d['rate']:.0f}% "
            f"[{100 * d['lo']:.0f}–{100 * d['hi']:.0f}]"
            for d_side, d in s.get("sides", {}).items()
        ]
        head = f"{s.get('completed', 0)} games"
        if stopped:
            head = f"Stopped: {s.get('completed', 0)} games kept"
            if self._resumable:
                head += " (Run again resumes)"
        length = s.get("length", {})
        text = f"{head}. " + ", ".join(parts)
        hl = s.get("headline") or {}
        if hl.get("ended"):
            text += f"; {hl['ended']}"
        text += f"; draws {100 * s.get('draw_rate', 0.0):.0f}%"
        text += f"; {length.get('mean', 0.0):.1f} rounds on average"
        cap = (s.get("round_cap") or {}).get("text")
        text += f" ({_dock_words(cap)})." if cap else "."
        if s.get("failed"):
            text += f" {s['failed']} games failed or stalled."
        for warning in hl.get("warnings", []):
            text += f"\n⚠ {warning}."
        strength = (s.get("bot_rating") or {}).get("text")
        if strength:
            text += f"\n{strength}"
        advice = (s.get("advice") or {}).get("text")
        if advice:
            text += f"\nSample size: {advice}."
        self.status.setText(text)
        for name, label in self.chart_labels.items():
            path = self.report_dir / name if self.report_dir else None
            pix = QPixmap(str(path)) if path is not None and path.exists() else QPixmap()
            label.setPixmap(pix)
            if pix.isNull():
                label.setText("(no chart)")


def _dock_words(text: str) -> str:
    """The CLI's words for the round limit, as the dock's controls say them."""
    return text.replace("--max-rounds changes it", "set a round limit to change it").replace(
        "(--max-rounds)", "(set here)"
    )


def _progress_text(done: int, total: int, rest: list[str]) -> str:
    """``PROGRESS done total eta rounds`` in words."""
    text = f"Playing: {done} of {total} games"
    if len(rest) >= 3:
        text = f"Playing {' '.join(rest[2:])}: {done} of {total} games"
    if len(rest) >= 2 and rest[1] != "-":
        text += f"; running: round {rest[1]}"
    if rest and rest[0] != "?":
        try:
            secs = int(float(rest[0]))
        except ValueError:
            return text
        text += (
            f"; about {secs // 60}m{secs % 60:02d}s left" if secs >= 60 else f"; about {secs}s left"
        )
    return text


def add_playtest_dock(
    main_window: QMainWindow, document: Callable[[], Any] | None = None
) -> QDockWidget:
    """Create the Playtest dock, add it to the right of ``main_window`` and return it
    (its panel is ``dock.widget()``, or inside a scroll area once the window narrows it:
    ``editor.controllers.docks.panel_of``); ``document`` returns the document to play."""
    panel = PlaytestPanel(main_window, document=document)
    dock = QDockWidget("Playtest", main_window)
    dock.setObjectName("playtestDock")
    dock.setWidget(panel)
    main_window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    dock.visibilityChanged.connect(
        lambda visible: visible and not panel.running and panel.refresh()
    )
    return dock
