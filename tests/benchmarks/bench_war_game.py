"""The War Game (issue #27): a 20-game heuristic playtest on the small synthetic War Game
board (builtin:war_game_mini, 8 game turns), as ``warroom playtest`` runs it, and the
battle calculator on multi-die units (exact, and Monte Carlo at 20,000 battles).

``WARROOM_BENCH_WAR_GAME_GAMES`` sets the games (default 20)."""

from __future__ import annotations

import os
import time

from gamecore.engine.testmaps import war_game_pack
from gamecore.sim.battle import calculate
from gamecore.sim.playtest import PlaytestParams, run_playtest


def run() -> dict:
    games = int(os.environ.get("WARROOM_BENCH_WAR_GAME_GAMES", "20"))
    pack = war_game_pack()
    t0 = time.perf_counter()
    result = run_playtest(pack, PlaytestParams("mini", "heuristic", 1), games, jobs=1)
    wall = time.perf_counter() - t0
    s = result.summary(pack)
    out = {
        "games": games,
        "finished": result.finished,
        "stalled": s["stalled"]["count"],
        "wall_s": round(wall, 2),
        "games_per_min": round(games / wall * 60.0, 2),
        "ended_by": {k: d["count"] for k, d in s["ended_by"].items()},
    }
    att = {"battleship": 2, "bomber": 2, "fighter": 2}
    dfn = {"battleship": 2, "carrier": 1, "fighter": 2, "destroyer": 2}
    t0 = time.perf_counter()
    ex = calculate("war_game", att, dfn, method="exact")
    out["calc_exact_ms"] = round(1000 * (time.perf_counter() - t0), 1)
    t0 = time.perf_counter()
    mc = calculate("war_game", att, dfn, method="monte_carlo", samples=20_000, seed=1)
    out["calc_mc_20k_ms"] = round(1000 * (time.perf_counter() - t0), 1)
    out["calc_attacker_win_exact"] = round(ex.attacker_win, 4)
    out["calc_attacker_win_mc"] = round(mc.attacker_win, 4)
    return out
