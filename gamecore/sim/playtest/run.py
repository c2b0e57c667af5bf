"""A batch playtest: play N games (resuming what an earlier run finished), keep every
record, and summarise them."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamecore.errors import WarroomError
from gamecore.model import Pack
from gamecore.sim.bots import bots_for, parse_spec
from gamecore.sim.playtest import backends
from gamecore.sim.playtest.game import game_seed
from gamecore.sim.playtest.results import (
    PlaytestParams,
    ResultsFile,
    default_results_path,
    scenario_hash,
)
from gamecore.sim.playtest.stats import summarise


@dataclass
class PlaytestRun:
    """What a batch produced."""

    params: PlaytestParams
    scenario_hash: str
    games: int  # asked for
    records: list[dict[str, Any]] = field(default_factory=list)  # by index, < games
    played: int = 0  # games played by this call (the rest came from the results file)
    cancelled: bool = False
    seconds: float = 0.0
    results_path: Path | None = None

    @property
    def finished(self) -> int:
        return len(self.records)

    def summary(self, pack: Pack | None = None) -> dict[str, Any]:
        names = None
        if pack is not None:
            names = {z.id: (z.code, z.name) for z in pack.map.zones.values()}
        out = summarise(self.records, names)
        out["params"] = self.params.to_json()
        out["scenario_hash"] = self.scenario_hash
        out["requested"] = self.games
        out["played_now"] = self.played
        out["cancelled"] = self.cancelled
        out["seconds"] = round(self.seconds, 3)
        out["games_per_minute"] = (self.played / self.seconds * 60.0) if self.seconds > 0 else 0.0
        out["results_file"] = str(self.results_path) if self.results_path else None
        return out


def check_params(pack: Pack, params: PlaytestParams) -> None:
    """Refuse bad input before any game starts (one-line errors)."""
    if params.scenario not in pack.scenarios:
        known = ", ".join(sorted(pack.scenarios)) or "none"
        raise WarroomError(f"the pack has no scenario '{params.scenario}' (scenarios: {known})")
    if params.max_rounds is not None and params.max_rounds < 1:
        raise WarroomError("--max-rounds must be at least 1")
    parse_spec(params.bots)
    # the spec's nation/alliance names are checked against a started game
    from gamecore.engine import new_game

    state = new_game(pack, params.scenario, seed=params.seed, rounds=params.max_rounds, log="none")
    bots_for(params.bots, state, params.seed)


def run_playtest(
    pack: Pack,
    params: PlaytestParams,
    games: int,
    *,
    pack_path: str | os.PathLike | None = None,
    jobs: int = 1,
    backend: str = "local",
    scheduler: str | None = None,
    results_path: str | os.PathLike | None = None,
    fresh: bool = False,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> PlaytestRun:
    """Play games ``0 .. games-1`` of the run ``params`` (those not in the results file
    yet). Results go to ``results_path``, by default beside ``pack_path``; with neither,
    nothing is written (and nothing resumes). ``progress(done, total)`` is called as games
    finish; ``cancel()`` is polled; Ctrl+C stops too. Either way every finished game is
    kept and the run says ``cancelled``."""
    if games < 0:
        raise WarroomError("the number of games must not be negative")
    if backend not in backends.BACKENDS:
        raise WarroomError(f"unknown backend '{backend}' (known: {', '.join(backends.BACKENDS)})")
    check_params(pack, params)
    h = scenario_hash(pack, params.scenario)
    key = params.key(h)
    path: Path | None = None
    if results_path is not None:
        path = Path(results_path)
    elif pack_path is not None:
        path = default_results_path(pack_path, params, key)
    store = ResultsFile(path, params, h) if path is not None else None
    done: dict[int, dict[str, Any]] = {}
    if store is not None:
        if not fresh:
            done = store.load()
        store.start(fresh=fresh)
    todo = [(i, game_seed(params.seed, i)) for i in range(games) if i not in done]
    run = PlaytestRun(params, h, games, results_path=path)
    have = [i for i in done if i < games]
    finished = len(have)
    if progress is not None:
        progress(finished, games)

    def on_record(rec: dict[str, Any]) -> None:
        nonlocal finished
        if store is not None:
            store.append(rec)
        done[rec["index"]] = rec
        run.played += 1
        finished += 1
        if progress is not None:
            progress(finished, games)

    stop = cancel or backends._never
    t0 = time.perf_counter()
    if not todo:
        cancelled = False
    elif backend == "dask":
        cancelled = backends.run_dask(pack, params, todo, scheduler, on_record, stop)
    elif jobs <= 1 or len(todo) == 1:
        cancelled = backends.run_inline(pack, params, todo, on_record, stop)
    else:
        cancelled = backends.run_pool(
            pack,
            str(pack_path) if pack_path is not None else None,
            params,
            todo,
            min(jobs, len(todo)),
            on_record,
            stop,
        )
    run.seconds = time.perf_counter() - t0
    run.cancelled = cancelled
    run.records = [done[i] for i in sorted(done) if i < games]
    return run
