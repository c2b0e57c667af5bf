"""Rules engine speed on a ~300-zone synthetic scenario (issue #7): random legal actions
applied per second (legal-action generation included), clones per second, replay speed;
and random bots on the bundled sample's Global War 1936 scenario (issue #14: multi-turn
production, lend-lease, supply paths), wall and CPU time; random actions and clones per
second on both of the sample's scenarios (``sample_<scenario>_*``, issue #22)."""

from __future__ import annotations

import time

from gamecore.engine import RandomBot, new_game, play, replay
from gamecore.engine.bots import make_bots
from gamecore.engine.testmaps import synthetic_pack

GW_SCENARIO = "global-war-1936"
GW_ROUNDS = 6

ZONES = 300
NATIONS = 6


def run() -> dict:
    t0 = time.perf_counter()
    pack = synthetic_pack(ZONES, seed=1, n_nations=NATIONS)
    build_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    state = new_game(pack, "synthetic", seed=1, rounds=6)
    new_game_s = time.perf_counter() - t0
    units = len(state.units)
    bots = {n: RandomBot(i) for i, n in enumerate(sorted(pack.nations))}
    # random legal play
    legal_sizes = []
    actions = 0
    t0 = time.perf_counter()
    while not state.is_terminal() and actions < 4000:
        legal = state.legal_actions()
        legal_sizes.append(len(legal))
        state.apply(bots[state.current_player].choose(state), check=False)
        actions += 1
    play_s = time.perf_counter() - t0
    # clones of a mid-game state
    n_clones = 2000
    t0 = time.perf_counter()
    for _ in range(n_clones):
        state.clone()
    clone_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(n_clones):
        state.clone(keep_log=False)
    clone_nolog_s = time.perf_counter() - t0
    # replay (every action checked for legality)
    t0 = time.perf_counter()
    r = replay(pack, state.log)
    replay_s = time.perf_counter() - t0
    assert r.snapshot() == state.snapshot()
    return {
        **_global_war(),
        **_sample_scenarios(),
        "zones": len(pack.map.zones),
        "nations": NATIONS,
        "units_at_start": units,
        "units_at_end": len(state.units),
        "rounds_played": state.round,
        "actions": actions,
        "mean_legal_actions": round(sum(legal_sizes) / max(1, len(legal_sizes)), 1),
        "max_legal_actions": max(legal_sizes, default=0),
        "build_scenario_s": round(build_s, 3),
        "new_game_ms": round(1000 * new_game_s, 1),
        "random_actions_per_s": round(actions / play_s, 1),
        "clones_per_s": round(n_clones / clone_s, 1),
        "clones_no_log_per_s": round(n_clones / clone_nolog_s, 1),
        "replay_actions_per_s": round(actions / replay_s, 1),
    }


def _global_war() -> dict:
    """Random bots (seed 1) for ``GW_ROUNDS`` rounds of the sample's 1936 scenario."""
    from gamecore.paths import sample_pack
    from gamecore.store import read_pack

    pack = read_pack(sample_pack())
    t0 = time.perf_counter()
    state = new_game(pack, GW_SCENARIO, seed=1, rounds=GW_ROUNDS)
    new_game_s = time.perf_counter() - t0
    bots = make_bots("random", state, 1)
    t0, c0 = time.perf_counter(), time.process_time()
    actions = play(state, bots)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {
        "gw1936_rounds": state.round,
        "gw1936_actions": actions,
        "gw1936_new_game_ms": round(1000 * new_game_s, 1),
        "gw1936_play_s": round(wall, 3),
        "gw1936_play_cpu_s": round(cpu, 3),
        "gw1936_random_actions_per_s": round(actions / wall, 1),
        "gw1936_random_actions_per_cpu_s": round(actions / max(cpu, 1e-9), 1),
    }


def _sample_scenarios() -> dict:
    """Random bots (seed 1) for 3 rounds of each of the sample's scenarios: actions per
    CPU second (legal-action generation included), then clones per CPU second of the
    final position (with and without the log)."""
    from gamecore.paths import sample_pack
    from gamecore.store import read_pack

    pack = read_pack(sample_pack())
    out: dict = {}
    for scenario in ("1939", GW_SCENARIO):
        key = scenario.replace("-", "_")
        state = new_game(pack, scenario, seed=1, rounds=3)
        bots = make_bots("random", state, 1)
        c0 = time.process_time()
        actions = play(state, bots)
        cpu = time.process_time() - c0
        n = 2000
        c0 = time.process_time()
        for _ in range(n):
            state.clone()
        clone_cpu = time.process_time() - c0
        c0 = time.process_time()
        for _ in range(n):
            state.clone(keep_log=False)
        clone_nolog_cpu = time.process_time() - c0
        out[f"sample_{key}_actions"] = actions
        out[f"sample_{key}_random_actions_per_cpu_s"] = round(actions / max(cpu, 1e-9), 1)
        out[f"sample_{key}_clones_per_cpu_s"] = round(n / max(clone_cpu, 1e-9), 1)
        out[f"sample_{key}_clones_no_log_per_cpu_s"] = round(n / max(clone_nolog_cpu, 1e-9), 1)
    return out
