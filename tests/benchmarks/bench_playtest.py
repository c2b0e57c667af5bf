"""Batch playtest speed (issue #11): games per minute on a ~300-zone synthetic scenario,
10 rounds, heuristic bots for every nation, with 1 and 2 processes (goal: >= 30
games/minute on the 2-core reference machine), plus where one game's time goes (the
engine's legal-action generation vs the bots' own thinking).

Then the path a playtester takes on the bundled sample: ``run_playtest`` with 2 processes
on each of its scenarios (1939 and global-war-1936) with no options, i.e. to the default
round cap when the scenario has none, reporting games per minute and how the games ended.

``WARROOM_BENCH_PLAYTEST_GAMES`` sets the games per configuration (default 4);
``WARROOM_BENCH_PLAYTEST_SAMPLE_GAMES`` the games per sample scenario (default 6).
"""

from __future__ import annotations

import os
import time

from gamecore.engine import new_game
from gamecore.engine.testmaps import synthetic_pack
from gamecore.geometry.adjacency import map_adjacency
from gamecore.sim.bots import bots_for
from gamecore.sim.playtest import PlaytestParams, run_playtest

ZONES = 300
NATIONS = 4
ROUNDS = 10


def _split_one_game(pack, adjacency) -> dict:
    """One game played by hand: time in the bots' ``choose`` vs the engine's ``apply``."""
    state = new_game(pack, "synthetic", seed=1, rounds=ROUNDS, adjacency=adjacency, log="none")
    bots = bots_for("heuristic", state, 1)
    bot_s = engine_s = 0.0
    actions = moves = 0
    while not state.is_terminal():
        t0 = time.perf_counter()
        action = bots[state.current_player].choose(state)
        t1 = time.perf_counter()
        state.apply(action)
        t2 = time.perf_counter()
        bot_s += t1 - t0
        engine_s += t2 - t1
        actions += 1
        moves += action.kind == "move"
    return {
        "one_game_s": round(bot_s + engine_s, 2),
        "one_game_bot_s": round(bot_s, 2),
        "one_game_engine_s": round(engine_s, 2),
        "one_game_actions": actions,
        "one_game_moves": moves,
        "engine_ms_per_action": round(1000 * engine_s / max(1, actions), 2),
    }


def run() -> dict:
    games = int(os.environ.get("WARROOM_BENCH_PLAYTEST_GAMES", "4"))
    t0 = time.perf_counter()
    pack = synthetic_pack(ZONES, seed=1, n_nations=NATIONS)
    build_s = time.perf_counter() - t0
    adjacency = map_adjacency(pack.map)
    out: dict = {
        "zones": len(pack.map.zones),
        "nations": NATIONS,
        "rounds": ROUNDS,
        "games_per_config": games,
        "build_scenario_s": round(build_s, 2),
    }
    out.update(_split_one_game(pack, adjacency))
    params = PlaytestParams("synthetic", "heuristic", 1, ROUNDS)
    rates = {}
    for jobs in (1, 2):
        t0 = time.perf_counter()
        result = run_playtest(pack, params, games, jobs=jobs)
        wall = time.perf_counter() - t0
        assert result.finished == games and all(r["status"] == "ok" for r in result.records)
        rates[jobs] = games / wall * 60.0
        out[f"jobs{jobs}_wall_s"] = round(wall, 2)
        out[f"jobs{jobs}_games_per_min"] = round(rates[jobs], 2)
        out[f"jobs{jobs}_mean_game_s"] = round(sum(r["seconds"] for r in result.records) / games, 2)
        out[f"jobs{jobs}_mean_actions"] = round(
            sum(r["actions"] for r in result.records) / games, 1
        )
    out["scaling_2_over_1"] = round(rates[2] / rates[1], 2)
    out["goal_games_per_min"] = 30
    out.update(_sample_scenarios())
    return out


def _sample_scenarios() -> dict:
    """Games per minute on the bundled sample's scenarios, as ``warroom playtest PACK
    --scenario S --jobs 2`` plays them (default round cap, heuristic bots)."""
    from gamecore.paths import sample_pack
    from gamecore.store import read_pack

    games = int(os.environ.get("WARROOM_BENCH_PLAYTEST_SAMPLE_GAMES", "6"))
    path = sample_pack()
    pack = read_pack(path)
    out: dict = {"sample_games": games}
    for scn in ("1939", "global-war-1936"):
        t0 = time.perf_counter()
        result = run_playtest(pack, PlaytestParams(scn), games, pack_path=None, jobs=2)
        wall = time.perf_counter() - t0
        s = result.summary(pack)
        key = scn.replace("-", "_")
        out[f"{key}_round_cap"] = result.round_cap
        out[f"{key}_wall_s"] = round(wall, 2)
        out[f"{key}_games_per_min"] = round(games / wall * 60.0, 2)
        out[f"{key}_mean_game_s"] = round(s["seconds_mean"], 2)
        out[f"{key}_stalled"] = s["stalled"]["count"]
        out[f"{key}_ended_by"] = {k: d["count"] for k, d in s["ended_by"].items()}
    return out
