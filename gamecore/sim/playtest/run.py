"""A batch playtest: play N games (resuming what an earlier run finished), keep every
record, and summarise them."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from gamecore.errors import WarroomError
from gamecore.model import Pack
from gamecore.sim.bots import bots_for, check_think_ms, parse_spec
from gamecore.sim.playtest import backends
from gamecore.sim.playtest.game import cap_text, game_seed, round_cap
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
    round_cap: int = 0
    round_cap_source: str = "scenario"  # "scenario", "option" or "default"

    @property
    def finished(self) -> int:
        return len(self.records)

    def summary(self, pack: Pack | None = None) -> dict[str, Any]:
        names = None
        labels = None
        if pack is not None:
            names = {z.id: (z.code, z.name) for z in pack.map.zones.values()}
            labels = side_labels(pack, self.params.scenario)
        out = summarise(self.records, names, labels=labels)
        out["params"] = self.params.to_json()
        out["round_cap"] = {
            "rounds": self.round_cap,
            "source": self.round_cap_source,
            "text": cap_text(self.round_cap, self.round_cap_source),
        }
        out["scenario_hash"] = self.scenario_hash
        out["requested"] = self.games
        out["played_now"] = self.played
        out["cancelled"] = self.cancelled
        out["seconds"] = round(self.seconds, 3)
        out["games_per_minute"] = (self.played / self.seconds * 60.0) if self.seconds > 0 else 0.0
        out["results_file"] = str(self.results_path) if self.results_path else None
        return out


def side_labels(pack: Pack, scenario: str) -> dict[str, dict[str, Any]]:
    """The names a report uses: each alliance of ``scenario`` (name, members) and each
    nation (name)."""
    out: dict[str, dict[str, Any]] = {}
    for n in pack.nations.values():
        out[n.id] = {"name": n.name or n.id}
    scn = pack.scenarios.get(scenario)
    if scn is not None:
        for al in scn.alliances.values():
            out[al.id] = {"name": al.name or al.id, "members": list(al.members)}
    return out


@dataclass
class Progress:
    """Where a batch is: games done of ``total``, the round each running game is in
    (game index -> round), the round cap, and an estimate of the time left that counts
    the rounds the running games have played (None until anything has moved)."""

    done: int
    total: int
    running: dict[int, int] = field(default_factory=dict)
    cap: int = 0
    elapsed: float = 0.0
    eta: float | None = None

    def line(self) -> str:
        parts = [f"{self.done}/{self.total} games"]
        if self.running:
            rounds = sorted(self.running.values())
            shown = ",".join(str(r) for r in rounds[:8]) + ("…" if len(rounds) > 8 else "")
            parts.append(f"running: round {shown} of {self.cap}")
        parts.append("ETA " + (_clock(self.eta) if self.eta is not None else "?"))
        return ", ".join(parts)


def _clock(seconds: float) -> str:
    s = int(round(seconds))
    if s >= 3600:
        return f"{s // 3600}h{(s % 3600) // 60:02d}m"
    if s >= 60:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s}s"


class _Tracker:
    """Turns game starts, rounds and finishes into :class:`Progress` reports. The ETA
    is the time so far divided by the share of the work done, where a running game in
    round r of a cap of C counts as (r - 1)/C of a game."""

    def __init__(self, total: int, done: int, cap: int, report: Callable[[Progress], None]):
        self.total = total
        self.done = done
        self.start_done = done
        self.cap = max(1, cap)
        self.report = report
        self.running: dict[int, int] = {}
        self.t0 = time.perf_counter()
        self._last = 0.0

    def round(self, index: int, rnd: int) -> None:
        new = index not in self.running
        self.running[index] = rnd
        self.emit(force=new)

    def finished(self, index: int) -> None:
        self.running.pop(index, None)
        self.done += 1
        self.emit(force=True)

    def emit(self, force: bool = False) -> None:
        now = time.perf_counter()
        if not force and now - self._last < 0.25:
            return
        self._last = now
        elapsed = now - self.t0
        work = (self.done - self.start_done) + sum(
            max(0, r - 1) / self.cap for r in self.running.values()
        )
        left = self.total - self.done - sum(max(0, r - 1) / self.cap for r in self.running.values())
        eta = (elapsed / work * max(0.0, left)) if work > 0 else None
        if self.done >= self.total:
            eta = 0.0
        self.report(Progress(self.done, self.total, dict(self.running), self.cap, elapsed, eta))


def check_params(pack: Pack, params: PlaytestParams) -> None:
    """Refuse bad input before any game starts (one-line errors)."""
    if params.scenario not in pack.scenarios:
        known = ", ".join(sorted(pack.scenarios)) or "none"
        raise WarroomError(f"the pack has no scenario '{params.scenario}' (scenarios: {known})")
    if params.max_rounds is not None and params.max_rounds < 1:
        raise WarroomError("--max-rounds must be at least 1")
    parse_spec(params.bots)
    check_think_ms(params.think_ms)
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
    progress: Callable[[Progress], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    game_seconds: float | None = None,
    pack_as_on_disk: bool = True,
) -> PlaytestRun:
    """Play games ``0 .. games-1`` of the run ``params`` (those not in the results file
    yet). Results go to ``results_path``, by default beside ``pack_path``; with neither,
    nothing is written (and nothing resumes). ``progress(Progress)`` is called as games
    start rounds and finish; ``cancel()`` is polled; Ctrl+C stops too. Either way every
    finished game is kept and the run says ``cancelled``.

    A scenario without a round limit is played to the default cap
    (:func:`~gamecore.sim.playtest.game.round_cap`); the run's parameters record the
    limit used, so the results file says what the games were played to.

    ``pack_as_on_disk=False`` says ``pack`` differs from the file at ``pack_path`` (a
    ruleset given on the command line): worker processes then get the pack itself, never
    the file."""
    if games < 0:
        raise WarroomError("the number of games must not be negative")
    if backend not in backends.BACKENDS:
        raise WarroomError(f"unknown backend '{backend}' (known: {', '.join(backends.BACKENDS)})")
    check_params(pack, params)
    cap, cap_source = round_cap(pack, params.scenario, params.max_rounds)
    params = replace(params, max_rounds=cap)
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
    run = PlaytestRun(
        params, h, games, results_path=path, round_cap=cap, round_cap_source=cap_source
    )
    have = [i for i in done if i < games]
    tracker = _Tracker(games, len(have), cap, progress or (lambda _p: None))
    tracker.emit(force=True)

    def on_record(rec: dict[str, Any]) -> None:
        if store is not None:
            store.append(rec)
        done[rec["index"]] = rec
        run.played += 1
        tracker.finished(rec["index"])

    stop = cancel or backends._never
    t0 = time.perf_counter()
    if not todo:
        cancelled = False
    elif backend == "dask":
        cancelled = backends.run_dask(pack, params, todo, scheduler, on_record, stop, game_seconds)
    elif jobs <= 1 or len(todo) == 1:
        cancelled = backends.run_inline(
            pack, params, todo, on_record, stop, tracker.round, game_seconds
        )
    else:
        cancelled = backends.run_pool(
            pack,
            str(pack_path) if pack_path is not None and pack_as_on_disk else None,
            params,
            todo,
            min(jobs, len(todo)),
            on_record,
            stop,
            tracker.round,
            game_seconds,
        )
    run.seconds = time.perf_counter() - t0
    run.cancelled = cancelled
    run.records = [done[i] for i in sorted(done) if i < games]
    return run
