"""Hitler's Global War playtests (issue #28): games per minute and actions per game of
Barbarossa, as ``warroom playtest PACK --games N`` plays it (``run_playtest``, heuristic
bots for both sides, the scenario's 8 turns), plus where one game's time goes (the bots'
front planning vs the engine's legal-action generation and rules).

The pack: ``WARROOM_HGW_PACK`` if set, else the bundled
``resources/samples/hgw-barbarossa.warroom`` once it exists, else the Barbarossa-shaped
test map of the rule tests (``tests/gamecore/hgw/hexpack.barbarossa_like``); the figures
name the one used. ``WARROOM_BENCH_HGW_GAMES`` sets the games per bot pairing (default 6).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from gamecore.engine import new_game
from gamecore.paths import resource
from gamecore.sim.bots import bots_for
from gamecore.sim.playtest import PlaytestParams, run_playtest

SCENARIO = "barbarossa"


def _pack():
    from gamecore.store import read_pack

    env = os.environ.get("WARROOM_HGW_PACK")
    if env:
        return read_pack(env), str(env)
    bundled = Path(resource("samples", "hgw-barbarossa.warroom"))
    if bundled.exists():
        return read_pack(bundled), "resources/samples/hgw-barbarossa.warroom"
    from tests.gamecore.hgw.hexpack import barbarossa_like

    return barbarossa_like(), "test map (tests/gamecore/hgw/hexpack.barbarossa_like)"


def _split_one_game(pack) -> dict:
    """One heuristic game played by hand: time in the bots' ``choose`` vs ``apply``."""
    state = new_game(pack, SCENARIO, seed=1, log="none")
    bots = bots_for("heuristic", state, 1)
    bot_s = engine_s = 0.0
    actions = 0
    while not state.is_terminal():
        t0 = time.perf_counter()
        action = bots[state.current_player].choose(state)
        t1 = time.perf_counter()
        state.apply(action)
        engine_s += time.perf_counter() - t1
        bot_s += t1 - t0
        actions += 1
    return {
        "one_game_s": round(bot_s + engine_s, 3),
        "one_game_bot_s": round(bot_s, 3),
        "one_game_engine_s": round(engine_s, 3),
        "one_game_actions": actions,
    }


def run() -> dict:
    games = int(os.environ.get("WARROOM_BENCH_HGW_GAMES", "6"))
    pack, name = _pack()
    out: dict = {"pack": name, "zones": len(pack.map.zones), "games_per_pairing": games}
    out.update(_split_one_game(pack))
    for label, spec in (
        ("heuristic", "heuristic"),
        ("axis_heuristic", "AXIS=heuristic,*=random"),
        ("sov_heuristic", "SOV=heuristic,*=random"),
    ):
        t0 = time.perf_counter()
        result = run_playtest(pack, PlaytestParams(SCENARIO, spec, 1), games)
        wall = time.perf_counter() - t0
        recs = result.records
        wins: dict[str, int] = {}
        for r in recs:
            w = str(r.get("winner"))
            wins[w] = wins.get(w, 0) + 1
        out[f"{label}_games_per_min"] = round(games / wall * 60.0, 2)
        out[f"{label}_mean_actions"] = round(sum(r["actions"] for r in recs) / games, 1)
        out[f"{label}_mean_rounds"] = round(sum(r["rounds"] for r in recs) / games, 2)
        out[f"{label}_status_ok"] = sum(1 for r in recs if r["status"] == "ok")
        out[f"{label}_bot_errors"] = sum(r.get("bot_errors", 0) for r in recs)
        out[f"{label}_winners"] = dict(sorted(wins.items()))
    return out
