"""Warroom against TripleA 1.9 on the same game, in one sitting (#39 item 9).

A speed ratio is only honest when both programs ran on the same machine under the same
load. This bench plays, in pairs run back to back, TripleA's Global 1940 2nd Edition
(``world_war_ii_global``'s ``ww2global40_2nd_edition.xml`` from ``TRIPLEA_MAPS``):

- Warroom: the game imported now with ``warroom import triplea``, then
  ``warroom playtest --jobs 1 --max-rounds 10`` with heuristic bots (seconds per game on
  one process);
- TripleA 1.9: the map's own game XML played headless for 10 rounds by its Fast AI for
  every player (``tests/benchmarks/triplea_fast_ai.py``'s driver).

Each pair records the load average before and after each side, and its own ratio
(TripleA's seconds per game over Warroom's); the figure to quote is the median ratio with
the loads beside it. ``WARROOM_BENCH_SITTING_PAIRS`` sets the pairs (default 1: a TripleA
game takes about two minutes on a quiet machine), ``WARROOM_BENCH_SITTING_GAMES`` the
Warroom games per pair (default 3). Without TRIPLEA_MAPS, java or TripleA's jar, the
figures say why they are missing.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from tests.benchmarks.triplea_fast_ai import JAR, compile_driver, play_timed

G40_MAP = "world_war_ii_global"
G40_XML = "ww2global40_2nd_edition.xml"
ROUNDS = 10


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def run() -> dict:
    from gamecore.cli import main

    root = os.environ.get("TRIPLEA_MAPS")
    xml = Path(root or ".") / G40_MAP / "map" / "games" / G40_XML
    if not root or not xml.is_file():
        return {"skipped": f"needs TRIPLEA_MAPS holding {G40_MAP} ({xml} is missing)"}
    if not shutil.which("java") or not shutil.which("javac") or not JAR.is_file():
        return {"skipped": f"needs java, javac and TripleA 1.9's jar ({JAR})"}
    pairs = int(os.environ.get("WARROOM_BENCH_SITTING_PAIRS", "1"))
    games = int(os.environ.get("WARROOM_BENCH_SITTING_GAMES", "3"))
    out: dict = {"game": G40_XML, "rounds": ROUNDS, "warroom_games_per_pair": games}
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-sitting-") as tmp:
        tmpd = Path(tmp)
        pack = tmpd / "g40.warroom"
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            code = main(["import", "triplea", str(xml), "-o", str(pack), "--no-images"])
        if code != 0:
            return {"skipped": f"warroom import triplea {xml} exited {code}"}
        classes = compile_driver(tmpd / "classes")
        for i in range(pairs):
            row: dict = {"load_before_warroom": _load()}
            sink = io.StringIO()
            cmd = ["playtest", str(pack), "--games", str(games), "--jobs", "1",
                   "--max-rounds", str(ROUNDS), "--bot", "heuristic", "--seed", str(1 + i * games),
                   "--fresh", "--json", "--results", str(tmpd / f"r{i}.jsonl")]  # fmt: skip
            t0 = time.perf_counter()
            with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(io.StringIO()):
                code = main(cmd)
            wall = time.perf_counter() - t0
            done = json.loads(sink.getvalue())["completed"] if code == 0 else 0
            row["warroom_s_per_game"] = round(wall / done, 2) if done else None
            row["load_before_triplea"] = _load()
            g = play_timed(classes, xml, ROUNDS, tmpd / "home")
            row["triplea_result"] = g["result"]
            row["triplea_s_per_game"] = g["seconds"]
            row["load_after"] = _load()
            if row["warroom_s_per_game"] and g["result"].startswith("OK"):
                row["ratio"] = round(g["seconds"] / row["warroom_s_per_game"], 1)
            rows.append(row)
    out["pairs"] = rows
    ratios = [r["ratio"] for r in rows if "ratio" in r]
    out["median_ratio"] = statistics.median(ratios) if ratios else None
    loads = [r[k] for r in rows for k in r if k.startswith("load_")]
    out["load_range"] = [min(loads), max(loads)] if loads else None
    out["note"] = (
        "ratio = TripleA Fast AI seconds per 10-round game / Warroom heuristic seconds per "
        "game, both on one process, measured back to back in this sitting"
    )
    return out
