"""Bot strength and passivity (issue #33): the ``planner`` bot against the ``heuristic`` bot,
playing each side in turn, on

- ``1939`` (bundled world-1939, 20 rounds), ``global-war-1936`` (the same pack, its own
  limit), The War Game ``1942`` (its own limit), and
- TripleA's Global 1940 2nd Edition (``world_war_ii_global``, imported now from the map
  folder under ``TRIPLEA_MAPS``, default ``/work/triplea-maps``; 10 rounds). Without the
  folder the row says why it is missing.

Per scenario and side: the planner side's wins with the Wilson 95% interval; per nation the
planner played, the share of its games in which it attacked by round 4 and the latest first
attack; the share in which its income moved by round 6; games per minute (the playtest's
local backend, ``WARROOM_BENCH_BOTS_JOBS`` processes, default 2) and the load average.

Targets (issue #33): >= 75% wins each side (Wilson lower bound >= 65%) over 100 games per
side and scenario; >= 5 ``1939`` games a minute at 20 rounds on 2 cores; >= 12 Global 1940
10-round games a minute.

Environment: ``WARROOM_BENCH_BOTS_GAMES`` games per side (default 100: the full run);
``WARROOM_BENCH_BOTS_ROUNDS`` a round limit for every scenario (default: each row's);
``WARROOM_BENCH_BOTS_ONLY`` comma-separated row names (``1939,gw1936,wargame,g40``);
``WARROOM_BENCH_BOTS_BASELINE=1`` also plays heuristic against heuristic (what the win
rates compare with); ``WARROOM_BENCH_BOTS_THINK_MS`` the planner's thinking per decision
(``--think-ms``; default its weights').
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
import time
from pathlib import Path

from gamecore.engine import new_game
from gamecore.paths import resource
from gamecore.sim.playtest import PlaytestParams, run_playtest
from gamecore.sim.playtest.stats import wilson
from gamecore.store.packfile import read_pack

WORLD = resource("samples", "world-1939.warroom")
WAR_GAME = resource("samples", "war-game-1942.warroom")
G40_MAP = "world_war_ii_global"
G40_XML = "ww2global40_2nd_edition.xml"

#: row name -> (pack path or None for the TripleA import, scenario id, round limit or None)
ROWS = {
    "1939": (WORLD, "1939", 20),
    "gw1936": (WORLD, "global-war-1936", None),
    "wargame": (WAR_GAME, "1942", None),
    "g40": (None, "world_war_ii_global_1940_2nd_edition", 10),
}


def _import_g40(tmp: Path) -> Path | str:
    """The imported Global 1940 pack, or why there is none."""
    from gamecore.cli import main

    root = Path(os.environ.get("TRIPLEA_MAPS", "/work/triplea-maps"))
    xml = root / G40_MAP / "map" / "games" / G40_XML
    if not xml.is_file():
        return f"{xml} is missing (set TRIPLEA_MAPS to a folder of TripleA map folders)"
    pack = tmp / "g40.warroom"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = main(["import", "triplea", str(xml), "-o", str(pack), "--no-images"])
    return pack if code == 0 else f"warroom import triplea exited {code}"


def _sides(pack, scenario: str) -> list[str]:
    state = new_game(pack, scenario, seed=1, rounds=1, log="none")
    nations = sorted({n for slot in state.board.turn_slots for n in slot})
    return sorted({state.side_of(n) for n in nations})


def _activity(records: list[dict], nations: list[str]) -> dict:
    """Per nation: share of games with an attack by round 4, the latest first attack seen,
    share of games whose income moved by round 6."""
    out = {}
    for n in nations:
        first = []
        moved = 0
        for r in records:
            rounds = [f[0] for f in r.get("fights", []) if f[1] == n]
            first.append(min(rounds) if rounds else None)
            inc = r.get("income", {}).get(n, [])[:6]
            moved += bool(inc) and any(x != inc[0] for x in inc)
        k = len(records) or 1
        seen = [f for f in first if f is not None]
        out[n] = {
            "attack_by_4": round(sum(1 for f in seen if f <= 4) / k, 2),
            "first_attack_max": max(seen) if len(seen) == len(first) and seen else None,
            "income_moved_by_6": round(moved / k, 2),
        }
    return out


def _think_ms() -> int | None:
    raw = os.environ.get("WARROOM_BENCH_BOTS_THINK_MS")
    return int(raw) if raw else None


def _batch(pack, pack_path, scenario, spec, games, rounds, jobs) -> tuple[list[dict], float]:
    params = PlaytestParams(
        scenario=scenario, bots=spec, seed=1, max_rounds=rounds, think_ms=_think_ms()
    )
    t0 = time.perf_counter()
    run = run_playtest(pack, params, games, pack_path=None, jobs=jobs, results_path=None)
    return run.records, time.perf_counter() - t0


def _row(pack, pack_path, scenario, rounds, games, jobs, baseline) -> dict:
    sides = _sides(pack, scenario)
    state = new_game(pack, scenario, seed=1, rounds=1, log="none")
    nations = sorted({n for slot in state.board.turn_slots for n in slot})
    majors = [n for n in nations if state.board.nation_kind.get(n) == "major"]
    out: dict = {"scenario": scenario, "rounds": rounds or "scenario's", "games_per_side": games}
    total_games = 0
    total_s = 0.0
    for side in sides:
        spec = f"{side}=planner,*=heuristic"
        records, secs = _batch(pack, pack_path, scenario, spec, games, rounds, jobs)
        total_games += len(records)
        total_s += secs
        ok = [r for r in records if r.get("status") == "ok"]
        wins = sum(1 for r in ok if r.get("winner") == side)
        lo, hi = wilson(wins, len(records)) if records else (0.0, 0.0)
        mine = [n for n in majors if state.side_of(n) == side]
        out[side] = {
            "planner_wins": wins,
            "games": len(records),
            "win_rate": round(wins / max(1, len(records)), 3),
            "wilson95": [round(lo, 3), round(hi, 3)],
            "errors": len(records) - len(ok),
            "bot_errors": sum(r.get("bot_errors", 0) for r in records),
            "ended_by": _count(r.get("reason", "") for r in ok),
            "powers": _activity(records, mine),
            "games_per_min": round(len(records) / secs * 60.0, 2) if secs else 0.0,
        }
        if baseline:
            base, _s = _batch(pack, pack_path, scenario, "heuristic", games, rounds, jobs)
            hw = sum(1 for r in base if r.get("winner") == side)
            out[side]["heuristic_vs_heuristic_wins"] = f"{hw}/{len(base)}"
            out[side]["heuristic_powers"] = _activity(base, mine)
    out["games_per_min"] = round(total_games / total_s * 60.0, 2) if total_s else 0.0
    return out


def _count(items) -> dict:
    out: dict = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return out


def run() -> dict:
    games = int(os.environ.get("WARROOM_BENCH_BOTS_GAMES", "100"))
    jobs = int(os.environ.get("WARROOM_BENCH_BOTS_JOBS", "2"))
    only = os.environ.get("WARROOM_BENCH_BOTS_ONLY", "")
    rounds_env = os.environ.get("WARROOM_BENCH_BOTS_ROUNDS")
    baseline = os.environ.get("WARROOM_BENCH_BOTS_BASELINE") == "1"
    want = [r.strip() for r in only.split(",") if r.strip()] or list(ROWS)
    out: dict = {
        "jobs": jobs,
        "cpus": os.cpu_count(),
        "think_ms": _think_ms(),
        "load_before": os.getloadavg()[0],
    }
    with tempfile.TemporaryDirectory(prefix="bench-bots-") as tmp:
        for name in want:
            path, scenario, rounds = ROWS[name]
            if rounds_env:
                rounds = int(rounds_env)
            if path is None:
                got = _import_g40(Path(tmp))
                if isinstance(got, str):
                    out[name] = {"skipped": got}
                    continue
                path = got
            pack = read_pack(path)
            out[name] = _row(pack, path, scenario, rounds, games, jobs, baseline)
    out["load_after"] = os.getloadavg()[0]
    return out
