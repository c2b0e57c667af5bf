"""The TripleA fidelity table of issue #38: every game of every map in a folder of real
TripleA maps, through the whole pipeline, one row each.

    TRIPLEA_MAPS=/work/triplea-maps .venv/bin/python tools/triplea_wild.py \\
        --work /tmp/wild --results /tmp/wild/results.json --table docs/triplea_fidelity.md

Per game (each in its own process, with a time limit, so one bad map cannot stop the run):

- import (exit 0/2, seconds, zones against the XML's territories);
- the validator's errors on the fresh import (codes and counts);
- the export (exit, number of reported losses), TripleA 1.9's strict parse of it
  (tests/fixtures/triplea/TripleACheck.java) and one round of its Fast AI
  (tests/fixtures/triplea/TripleAPlay.java);
- the round trip: the export imported again, ``diff_packs`` against the first import;
- 3 rounds of ``play`` with random and with heuristic bots: actions per nation; every
  nation with a turn must act;
- how many stored options and defaults the import report lists as not played / differing.

Results are kept in a JSON file (``--results``); a game already there is not run again
unless ``--redo``; the table is written from that file. Never imported by gamecore.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT / "tests" / "fixtures" / "triplea"
JAR = Path(os.environ.get("TRIPLEA_JAR", "/usr/share/games/triplea/bin/triplea.jar"))


# ---------------------------------------------------------------------------- one game
def _java(classes: Path, main: str, args: list[str], home: Path, timeout: int) -> list[str]:
    cmd = ["java", "-Djava.awt.headless=true", f"-Duser.home={home}", "-cp",
           f"{JAR}{os.pathsep}{classes}", main, *args]  # fmt: skip
    try:
        proc = subprocess.run(cmd, cwd=JAR.parent, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return [f"FAIL\ttimed out after {timeout} s"]
    lines = proc.stdout.splitlines()
    if not lines:
        return ["FAIL\t" + (proc.stderr.strip().splitlines() or ["no output"])[-1][:200]]
    return lines


def _strict_parse(classes: Path, export: Path, home: Path) -> str:
    (xml,) = sorted((export / "map" / "games").glob("*.xml"))
    lines = _java(classes, "TripleACheck", [f"{xml}|{export / 'map'}"], home, 600)
    fails = [x for x in lines if x.startswith("FAIL\t")]
    return ("FAIL: " + fails[0][5:][:160]) if fails else "OK"


def _fast_ai(classes: Path, export: Path, home: Path) -> str:
    (xml,) = sorted((export / "map" / "games").glob("*.xml"))
    m = re.search(r'name="mapName"\s+value="([^"]*)"', xml.read_text(encoding="utf-8"))
    if not m:
        return "FAIL: the export names no mapName"
    maps = home / "triplea" / "downloadedMaps"
    maps.mkdir(parents=True, exist_ok=True)
    link = maps / m.group(1)
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(export.resolve(), target_is_directory=True)
    lines = _java(classes, "TripleAPlay", [str(xml), "1", "120", "0"], home, 1500)
    last = [x for x in lines if x.startswith(("OK\t", "FAIL\t"))]
    if not last:
        return "FAIL: no result"
    return "OK" if last[-1].startswith("OK\t") else "FAIL: " + last[-1][5:][:160]


def _territories(xml: Path) -> int:
    from gamecore.interop.triplea.gamexml import read_game
    from gamecore.interop.triplea.xmlsafe import parse_xml

    try:
        return len(read_game(parse_xml(xml.read_bytes(), xml)).territories)
    except Exception:  # the row says the import failed anyway
        return -1


def _play(pack, sid: str, bots_name: str, rounds: int, seed: int = 1) -> dict:
    from gamecore.engine import new_game
    from gamecore.sim.bots import bots_for

    state = new_game(pack, sid, seed=seed, rounds=rounds)
    bots = bots_for(bots_name, state, seed)
    nations = [n for slot in state.board.turn_slots for n in slot]
    acted = dict.fromkeys(nations, 0)
    count = 0
    start = time.perf_counter()
    while not state.is_terminal() and count < 200_000:
        who = state.current_player
        bot = bots[who] if isinstance(bots, dict) else bots
        state.apply(bot.choose(state), check=False)
        acted[who] = acted.get(who, 0) + 1
        count += 1
    idle = [n for n in nations if not acted.get(n)]
    rules = state.rules
    choices = {"purchase", "politics", "combat_move", "noncombat_move", "place"}

    def own(n: str) -> set[str]:
        nr = rules.nations.get(n)
        return set(rules.phases if nr is None or nr.phases is None else nr.phases)

    # a nation whose own steps offer no choice (only Battle: it acts when attacked; none:
    # a set-up player) is not expected to act
    with_steps = [n for n in nations if own(n) & choices]
    return {
        "actions": count,
        "rounds": state.round,
        "reason": state.end_reason,
        "seconds": round(time.perf_counter() - start, 1),
        "nations": len(nations),
        "idle": [n for n in idle if n in with_steps],
        "no_choices": [n for n in nations if n not in with_steps],
    }


def run_one(
    folder: Path, game: str | None, work: Path, classes: Path | None, fast_ai: bool = True
) -> dict:
    from gamecore.errors import WarroomError
    from gamecore.interop.triplea import (
        ExportOptions,
        ImportOptions,
        export_triplea,
        find_map,
        import_triplea,
    )
    from gamecore.store.diff import diff_packs
    from gamecore.validate import validate

    row: dict = {"map": folder.name, "game": game}
    xml = next(p for n, p in find_map(folder).games if n == game)
    row["xml"] = xml.name
    row["territories"] = _territories(xml)
    start = time.perf_counter()
    try:
        pack, rep = import_triplea(folder, ImportOptions(game=game, images=False))
    except WarroomError as err:
        row.update(import_exit=2, import_error=str(err)[:300])
        row["import_s"] = round(time.perf_counter() - start, 1)
        return row
    row.update(import_exit=0, import_s=round(time.perf_counter() - start, 1), zones=rep.zones)
    row["unplayed"] = len(getattr(rep, "unplayed_options", []) or [])
    row["defaults_differ"] = len(getattr(rep, "defaults_differ", []) or [])
    row["not_mapped"] = len(rep.unmapped)
    row["phase_losses"] = [u for u in rep.unmapped if "sequence" in u or "step" in u][:5]
    errors: dict[str, int] = {}
    start = time.perf_counter()
    for issue in validate(pack).issues:
        if issue.severity == "error":
            errors[issue.code] = errors.get(issue.code, 0) + 1
    row["validator_errors"] = errors
    out = work / "export"
    if out.exists():
        shutil.rmtree(out)
    try:
        erep = export_triplea(pack, out, ExportOptions(tiles=False))
        row.update(export_exit=1 if erep.losses else 0, export_losses=len(erep.losses))
        row["export_loss_lines"] = [x[:160] for x in erep.losses[:6]]
    except WarroomError as err:
        row.update(export_exit=2, export_error=str(err)[:300])
        out = None
    row["export_s"] = round(time.perf_counter() - start, 1)
    if out is not None and classes is not None:
        home = work / "home"
        home.mkdir(exist_ok=True)
        row["strict_parse"] = _strict_parse(classes, out, home)
        row["parse_s"] = round(time.perf_counter() - start, 1)
        if row["strict_parse"] != "OK":
            row["fast_ai"] = "-"
        elif fast_ai:
            row["fast_ai"] = _fast_ai(classes, out, home)
            row["fast_ai_s"] = round(time.perf_counter() - start, 1)
        else:
            row["fast_ai"] = "not run"
    if out is not None:
        try:
            again, _ = import_triplea(out, ImportOptions(images=False))
            diff = diff_packs(pack, again)
            row["roundtrip"] = len(diff)
            row["roundtrip_first"] = [str(d)[:160] for d in diff[:4]]
        except WarroomError as err:
            row["roundtrip"] = "re-import failed: " + str(err)[:200]
    sid = next(iter(pack.scenarios))
    for bots in ("random", "heuristic"):
        try:
            row[f"play_{bots}"] = _play(pack, sid, bots, 3)
        except WarroomError as err:
            row[f"play_{bots}"] = {"error": str(err)[:300]}
    return row


# ---------------------------------------------------------------------------- the table
def _cell_play(p: dict | None) -> str:
    if not p:
        return "-"
    if "error" in p:
        return "error: " + p["error"][:60]
    idle = p.get("idle") or []
    mark = "ok" if not idle else f"**{len(idle)} idle** ({', '.join(idle[:3])})"
    quiet = p.get("no_choices") or []
    note = f"; no choices: {', '.join(quiet[:3])}" if quiet else ""
    return f"{p['actions']} actions, r{p['rounds']}, {mark}{note}"


def table(rows: list[dict]) -> str:
    head = (
        "| map | game | import | s | zones/terr. | validator errors | export (losses) "
        "| 1.9 parse | Fast AI round | round trip | play random (3 r) | play heuristic (3 r) "
        "| unplayed options | defaults differing |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
    )
    out = []
    for r in rows:
        if r.get("import_exit") != 0:
            err = r.get("import_error") or r.get("error") or "?"
            out.append(
                f"| {r['map']} | {r['game']} | exit {r.get('import_exit', '?')}: {err[:90]} "
                f"| {r.get('import_s', '-')} | -/{r.get('territories', '?')} " + "| - " * 9 + "|"
            )
            continue
        errs = ", ".join(f"{k} {v}" for k, v in sorted(r.get("validator_errors", {}).items()))
        exp = (
            f"exit {r['export_exit']} ({r['export_losses']})"
            if "export_losses" in r
            else f"exit 2: {r.get('export_error', '')[:60]}"
        )
        rt = r.get("roundtrip", "-")
        out.append(
            f"| {r['map']} | {r['game']} | exit 0 | {r['import_s']} "
            f"| {r['zones']}/{r['territories']} | {errs or 'none'} | {exp} "
            f"| {r.get('strict_parse', '-')[:70]} | {r.get('fast_ai', '-')[:70]} "
            f"| {'empty' if rt == 0 else rt} | {_cell_play(r.get('play_random'))} "
            f"| {_cell_play(r.get('play_heuristic'))} | {r.get('unplayed', '-')} "
            f"| {r.get('defaults_differ', '-')} |"
        )
    return head + "\n".join(out) + "\n"


def _compile(work: Path) -> Path | None:
    if not (shutil.which("javac") and JAR.is_file()):
        return None
    classes = work / "classes"
    classes.mkdir(parents=True, exist_ok=True)
    for src in ("TripleACheck.java", "TripleAPlay.java"):
        subprocess.run(
            ["javac", "-nowarn", "-cp", str(JAR), "-d", str(classes), str(FIX / src)],
            check=True,
            capture_output=True,
            timeout=600,
        )
    return classes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--maps", default=os.environ.get("TRIPLEA_MAPS"), help="the maps folder")
    ap.add_argument("--work", default="/tmp/triplea-wild", help="scratch folder")
    ap.add_argument("--results", help="the JSON results file (default: WORK/results.json)")
    ap.add_argument("--table", help="write the markdown table to this file")
    ap.add_argument("--only", action="append", default=[], help="MAP or MAP:GAME (repeatable)")
    ap.add_argument("--redo", action="store_true", help="run games already in the results")
    ap.add_argument("--no-java", action="store_true", help="skip TripleA's parse and AI")
    ap.add_argument("--timeout", type=int, default=3600, help="seconds per game")
    ap.add_argument(
        "--fast-ai",
        choices=("all", "first", "none"),
        default="all",
        help="which games' exports the Fast AI plays a round of (first: each map's first)",
    )
    ap.add_argument("--also", action="append", default=[], help="more results files (table)")
    ap.add_argument("--one", nargs=3, metavar=("FOLDER", "GAME", "WORK"), help=argparse.SUPPRESS)
    ap.add_argument("--classes", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.one:
        folder, game, work = a.one
        classes = Path(a.classes) if a.classes else None
        row = run_one(Path(folder), game or None, Path(work), classes, a.fast_ai != "none")
        print("ROW\t" + json.dumps(row))
        return 0
    work = Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    results_path = Path(a.results) if a.results else work / "results.json"
    results = json.loads(results_path.read_text()) if results_path.is_file() else {}
    if a.maps:
        from gamecore.interop.triplea import find_map

        classes = None if a.no_java else _compile(work)
        for folder in sorted(p for p in Path(a.maps).iterdir() if (p / "map").is_dir()):
            for i, (name, _xml) in enumerate(find_map(folder).games):
                key = f"{folder.name}:{name}"
                if a.only and folder.name not in a.only and key not in a.only:
                    continue
                if key in results and not a.redo:
                    continue
                gwork = work / re.sub(r"[^A-Za-z0-9_.-]", "_", key)
                gwork.mkdir(parents=True, exist_ok=True)
                cmd = [sys.executable, str(Path(__file__).resolve()), "--one", str(folder),
                       name or "", str(gwork)] + (["--classes", str(classes)] if classes else [])  # fmt: skip
                ai = a.fast_ai == "all" or (a.fast_ai == "first" and i == 0)
                cmd += ["--fast-ai", "all" if ai else "none"]
                print(f"{key} ...", flush=True)
                try:
                    proc = subprocess.run(
                        cmd, capture_output=True, text=True, timeout=a.timeout, cwd=ROOT
                    )
                    rows = [x for x in proc.stdout.splitlines() if x.startswith("ROW\t")]
                    if rows:
                        row = json.loads(rows[-1][4:])
                    else:
                        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
                        row = {"map": folder.name, "game": name, "error": "crash: " + tail[:200]}
                except subprocess.TimeoutExpired:
                    row = {"map": folder.name, "game": name, "error": f"over {a.timeout} s"}
                results[key] = row
                results_path.write_text(json.dumps(results, indent=1, sort_keys=True))
                print("   " + json.dumps(row)[:400], flush=True)
    for extra in a.also:
        results.update(json.loads(Path(extra).read_text()))
    text = table([results[k] for k in sorted(results)])
    if a.table:
        doc = Path(a.table)
        old = doc.read_text() if doc.is_file() else ""
        start, end = "<!-- wild table -->\n", "<!-- /wild table -->\n"
        if start in old and end in old:
            new = old.split(start)[0] + start + text + end + old.split(end, 1)[1]
        else:
            new = old + start + text + end
        doc.write_text(new)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
