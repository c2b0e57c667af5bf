"""Measures TripleA 1.9's Fast AI on a real TripleA game: seconds for a whole game.

``python -m tests.benchmarks.triplea_fast_ai GAME.xml [--rounds 10] [--games 1] [--record]``

Plays GAME.xml (a game XML inside a TripleA map folder: the real map's or an export of
an imported pack) headless with TripleA's Fast AI for every player, through the project's
driver tests/fixtures/triplea/TripleAPlay.java (compiled here against the installed
triplea.jar), and times it: the whole game and each round (from the driver's STEP lines,
stamped as they arrive). TripleA finds the map by the game's ``mapName`` in
``~/triplea/downloadedMaps``; the map folder is linked there in a private home folder.

This is not a ``bench_*`` module (a game takes minutes): it is run by hand, and with
``--record`` it writes its figures to tests/benchmarks/data/triplea_fast_ai.json, which
``bench_playtest`` reads to print our games per minute beside TripleA's. The figures note
the machine and the load average before and after, since the cores may be shared.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DRIVER = ROOT / "tests" / "fixtures" / "triplea" / "TripleAPlay.java"
JAR = Path(os.environ.get("TRIPLEA_JAR", "/usr/share/games/triplea/bin/triplea.jar"))
RECORD = Path(__file__).resolve().parent / "data" / "triplea_fast_ai.json"


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _triplea_version() -> str:
    try:
        out = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", "triplea"], capture_output=True, text=True
        )
        return out.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def compile_driver(into: Path) -> Path:
    subprocess.run(
        ["javac", "-nowarn", "-cp", str(JAR), "-d", str(into), str(DRIVER)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return into


def play_timed(classes: Path, xml: Path, rounds: int, home: Path, patience: int = 600) -> dict:
    """One game: its result line, total seconds and seconds per round."""
    map_dir = xml.resolve().parents[2]  # MAPFOLDER/map/games/x.xml -> MAPFOLDER
    m = re.search(r'name="mapName"\s+value="([^"]*)"', xml.read_text(encoding="utf-8"))
    if not m:
        raise SystemExit(f"{xml}: the game names no mapName")
    maps = home / "triplea" / "downloadedMaps"
    maps.mkdir(parents=True, exist_ok=True)
    link = maps / m.group(1)
    if link.is_symlink():
        link.unlink()
    link.symlink_to(map_dir, target_is_directory=True)
    cmd = ["java", "-Djava.awt.headless=true", f"-Duser.home={home}", "-cp",
           f"{JAR}{os.pathsep}{classes}", "TripleAPlay", str(xml.resolve()), str(rounds),
           str(patience)]  # fmt: skip
    start = time.perf_counter()
    round_start: dict[int, float] = {}
    result = last_step = ""
    # TripleA reads game_engine.properties from the working folder (as its launcher does)
    with subprocess.Popen(
        cmd, cwd=JAR.parent, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    ) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            now = time.perf_counter() - start
            if line.startswith("STEP\t"):
                r = int(line.split("\t")[1])
                round_start.setdefault(r, now)
                last_step = line.strip().split("\t", 1)[1].replace("\t", " ")
            elif line.startswith(("OK\t", "FAIL\t")):
                result = line.strip()
                total = now
        proc.wait()
    total = time.perf_counter() - start if not result else total
    per_round = {
        str(r): round(round_start.get(r + 1, total) - t, 1)
        for r, t in sorted(round_start.items())
        if r <= rounds
    }
    return {
        "result": result or f"no result (exit {proc.returncode})",
        "last_step": last_step,
        "seconds": round(total, 1),
        "startup_s": round(round_start.get(1, total), 1),
        "round_s": per_round,
    }


def record(figures: dict) -> None:
    """Keep ``figures`` in the record file, beside the other measurements (one per game
    XML and source)."""
    data = {"measurements": []}
    if RECORD.is_file():
        data = json.loads(RECORD.read_text(encoding="utf-8"))
    data["note"] = (
        "TripleA 1.9 Fast AI for every player, headless (tests/benchmarks/triplea_fast_ai.py "
        "through tests/fixtures/triplea/TripleAPlay.java, AI pause 0, fixed dice seed); "
        "seconds per whole game, measured by hand; bench_playtest prints it beside Warroom's"
    )
    key = (figures["game_xml"], figures["source"])
    kept = []
    for m in data.get("measurements", []):
        if (m.get("game_xml"), m.get("source")) == key:  # earlier games of the same: kept
            figures = dict(figures, games=m["games"] + figures["games"])
        else:
            kept.append(m)
    ok = [g["seconds"] for g in figures["games"] if g["result"].startswith("OK")]
    figures["seconds_per_game"] = round(sum(ok) / len(ok), 1) if ok else None
    figures["games_per_minute"] = round(60 * len(ok) / sum(ok), 4) if ok else None
    data["measurements"] = kept + [figures]
    RECORD.parent.mkdir(parents=True, exist_ok=True)
    RECORD.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.benchmarks.triplea_fast_ai")
    ap.add_argument("game", type=Path, help="a game XML inside a TripleA map folder")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--label", default="", help="what was played (stored with the figures)")
    ap.add_argument(
        "--source",
        choices=("triplea", "export"),
        default="triplea",
        help="triplea: the map's own game XML; export: Warroom's export of the imported pack",
    )
    ap.add_argument(
        "--record",
        action="store_true",
        help=f"add the games to {RECORD} (to the entry of the same game XML and source)",
    )
    args = ap.parse_args(argv)
    if not shutil.which("java") or not shutil.which("javac") or not JAR.is_file():
        print(f"needs java, javac and TripleA's jar ({JAR})", file=sys.stderr)
        return 2
    if not args.game.is_file():
        print(f"{args.game}: no such game XML", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="triplea-fast-ai-") as tmp:
        classes = compile_driver(Path(tmp) / "classes")
        games = []
        for _ in range(args.games):
            load_before = os.getloadavg()
            g = play_timed(classes, args.game, args.rounds, Path(tmp) / "home")
            g["loadavg_before"] = [round(x, 2) for x in load_before]
            g["loadavg_after"] = [round(x, 2) for x in os.getloadavg()]
            games.append(g)
            print(json.dumps(g), flush=True)
    ok = [g["seconds"] for g in games if g["result"].startswith("OK")]
    figures = {
        "source": args.source,
        "what": args.label or args.game.name,
        "game_xml": args.game.name,
        "rounds": args.rounds,
        "players": "TripleA Fast AI for every player",
        "games": games,
        "seconds_per_game": round(sum(ok) / len(ok), 1) if ok else None,
        "games_per_minute": round(60 * len(ok) / sum(ok), 4) if ok else None,
        "triplea": _triplea_version(),
        "machine": {
            "cpu": _cpu_model(),
            "cpus": os.cpu_count(),
            "java": subprocess.run(
                ["java", "-version"], capture_output=True, text=True
            ).stderr.splitlines()[0],
        },
        "measured": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%MZ"),
    }
    print(json.dumps(figures, indent=2))
    if args.record:
        record(figures)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
