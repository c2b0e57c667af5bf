"""Play cost against map size (issue #39 item 4, target: a 3-round random-bot game on a
10,000-zone board costs at most 5x the 2,500-zone game): random bots (seed 1) play 3
rounds of :func:`gamecore.engine.testmaps.synthetic_pack` (4 nations, seed 1; what
``warroom play builtin:synthetic2500`` plays) on each size, in this process, one after
the other. CPU seconds (``time.process_time``), actions, ms per action, the ratio of the
two games' CPU and of their ms per action, and the load average before and after each
game (the machine is shared: read the figures beside the load).

``WARROOM_BENCH_SCALE_SIZES`` (e.g. ``600,2400``) replaces the two sizes for a quick look.
"""

from __future__ import annotations

import os
import time

ROUNDS = 3
SIZES = (2500, 10000)


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def _game(zones: int) -> dict:
    from gamecore.engine import new_game, play
    from gamecore.engine.bots import make_bots
    from gamecore.engine.testmaps import synthetic_pack

    c0 = time.process_time()
    pack = synthetic_pack(zones, seed=1)
    build = time.process_time() - c0
    state = new_game(pack, "synthetic", seed=1, rounds=ROUNDS)
    bots = make_bots("random", state, 1)
    load_before = _load()
    c0 = time.process_time()
    actions = play(state, bots)
    cpu = time.process_time() - c0
    return {
        "zones": len(pack.map.zones),
        "units_at_start": len(pack.scenarios["synthetic"].units),
        "build_cpu_s": round(build, 2),
        "rounds": state.round,
        "actions": actions,
        "play_cpu_s": round(cpu, 3),
        "ms_per_action": round(1000 * cpu / max(actions, 1), 3),
        "load_before": load_before,
        "load_after": _load(),
    }


def run() -> dict:
    sizes = SIZES
    env = os.environ.get("WARROOM_BENCH_SCALE_SIZES", "")
    if env:
        sizes = tuple(int(x) for x in env.split(",")[:2])
    small, big = (_game(n) for n in sizes)
    out: dict = {}
    for name, g in (("small", small), ("big", big)):
        out.update({f"{name}_{k}": v for k, v in g.items()})
    out["cpu_ratio"] = round(big["play_cpu_s"] / max(small["play_cpu_s"], 1e-9), 2)
    out["ms_per_action_ratio"] = round(big["ms_per_action"] / max(small["ms_per_action"], 1e-9), 2)
    out["zones_ratio"] = round(big["zones"] / max(small["zones"], 1), 2)
    out["goal_cpu_ratio"] = 5.0
    return out
