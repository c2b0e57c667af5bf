"""Where playtest games run: in this process, in a local process pool, or on a Dask cluster.

Every backend takes the games still to play as ``(index, seed)`` pairs, calls
``on_record(record)`` in the calling thread as each game finishes, polls ``cancel()`` and
returns True when it stopped early (Ctrl+C or ``cancel``). Games that were running when a
run stops are abandoned, never half-recorded.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing as mp
import os
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any

from gamecore.errors import Cancelled, WarroomError
from gamecore.limits import GAME_SECONDS_LIMIT
from gamecore.model import Pack
from gamecore.sim.playtest.game import play_game
from gamecore.sim.playtest.results import PlaytestParams

Todo = list[tuple[int, int]]
OnRecord = Callable[[dict[str, Any]], None]
CancelFn = Callable[[], bool]
#: ``on_round(index, round)``: game ``index`` has started round ``round``
OnRound = Callable[[int, int], None]


def _no_round(_index: int, _round: int) -> None:
    return None


def _never() -> bool:
    return False


def _params_json(params: PlaytestParams, max_seconds: float | None = None) -> dict[str, Any]:
    out = params.to_json()
    out["max_seconds"] = GAME_SECONDS_LIMIT if max_seconds is None else max_seconds
    return out


def _play(
    pack, adjacency, p: dict[str, Any], index: int, seed: int, cancel, on_round=None
) -> dict[str, Any]:
    return play_game(
        pack,
        p["scenario"],
        seed,
        p["bots"],
        p["max_rounds"],
        index=index,
        adjacency=adjacency,
        cancel=cancel,
        max_seconds=p.get("max_seconds", GAME_SECONDS_LIMIT),
        on_round=on_round,
        think_ms=p.get("think_ms"),
    )


# ---------------------------------------------------------------------- in process
def run_inline(
    pack: Pack,
    params: PlaytestParams,
    todo: Todo,
    on_record: OnRecord,
    cancel: CancelFn,
    on_round: OnRound = _no_round,
    max_seconds: float | None = None,
) -> bool:
    from gamecore.geometry.adjacency import map_adjacency

    adjacency = map_adjacency(pack.map)
    p = _params_json(params, max_seconds)
    try:
        for index, seed in todo:
            if cancel():
                return True
            rec = _play(pack, adjacency, p, index, seed, cancel, lambda r, i=index: on_round(i, r))
            on_record(rec)
    except (KeyboardInterrupt, Cancelled):
        return True
    return False


# ---------------------------------------------------------------------- process pool
_W: dict[str, Any] = {}


def _worker_init(pack: Pack | str, stop, rounds=None) -> None:
    """Runs once in each pool process: load the pack (a path or the pack itself), work out
    the adjacency, ignore Ctrl+C (the parent decides when to stop). ``rounds`` is a
    shared array where each game writes the round it is in (by its place in the batch),
    so the parent can show the games in play."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from gamecore.geometry.adjacency import map_adjacency

    if isinstance(pack, str):
        from gamecore.store import read_pack

        pack = read_pack(pack)
    _W["pack"] = pack
    _W["adjacency"] = map_adjacency(pack.map)
    _W["stop"] = stop
    _W["rounds"] = rounds


def _worker_game(p: dict[str, Any], index: int, seed: int, slot: int = -1) -> dict[str, Any] | None:
    stop = _W["stop"]
    rounds = _W.get("rounds")

    def on_round(r: int) -> None:
        if rounds is not None and 0 <= slot < len(rounds):
            rounds[slot] = r

    try:
        return _play(_W["pack"], _W["adjacency"], p, index, seed, stop.is_set, on_round)
    except Cancelled:
        return None


def _catch_signals(flag: threading.Event) -> dict:
    """Make SIGINT and SIGTERM set ``flag`` (main thread only); the old handlers."""
    saved: dict = {}
    if threading.current_thread() is not threading.main_thread():
        return saved
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            saved[sig] = signal.signal(sig, lambda _s, _f: flag.set())
        except (ValueError, OSError):  # pragma: no cover - platform without the signal
            pass
    return saved


def _restore_signals(saved: dict) -> None:
    for sig, handler in saved.items():
        signal.signal(sig, handler)


def _qt_running() -> bool:
    """Whether this process runs a Qt application (read from the loaded module, never
    imported: gamecore does not import Qt)."""
    qtcore = sys.modules.get("PySide6.QtCore")
    app = getattr(qtcore, "QCoreApplication", None) if qtcore is not None else None
    try:
        return app is not None and app.instance() is not None
    except Exception:  # noqa: BLE001 - a half-loaded Qt counts as running
        return True


def _mp_context():
    """fork where it is safe (fastest; the workers share the loaded pack), spawn in a
    process running Qt (the editor: forking its threads can deadlock). A frozen app only
    has Qt loaded, not running, when it plays from the command line (PyInstaller's Qt
    runtime hook imports it), so it forks too; its spawn path needs the entry point's
    ``multiprocessing.freeze_support()``. ``WARROOM_START_METHOD`` (fork, spawn,
    forkserver) overrides the choice."""
    methods = mp.get_all_start_methods()
    want = os.environ.get("WARROOM_START_METHOD", "").strip()
    if want:
        if want not in methods:
            raise WarroomError(
                f"WARROOM_START_METHOD={want}: this system's process start methods are "
                + ", ".join(methods)
            )
        return mp.get_context(want)
    if "fork" in methods and not _qt_running():
        return mp.get_context("fork")
    return mp.get_context("spawn")


def run_pool(
    pack: Pack,
    pack_path: str | None,
    params: PlaytestParams,
    todo: Todo,
    jobs: int,
    on_record: OnRecord,
    cancel: CancelFn,
    on_round: OnRound = _no_round,
    max_seconds: float | None = None,
) -> bool:
    ctx = _mp_context()
    stop = ctx.Event()
    rounds = ctx.Array("i", len(todo), lock=False)
    source: Pack | str = pack
    if pack_path is not None and ctx.get_start_method() != "fork":
        source = str(pack_path)  # cheaper than pickling the pack into every process
    p = _params_json(params, max_seconds)
    seen = [0] * len(todo)
    cancelled = False
    # Ctrl+C / SIGTERM only set a flag while the pool runs: a KeyboardInterrupt raised
    # inside concurrent.futures.wait can leave a future's lock held, and the shutdown
    # below would then wait for ever. The flag is in place before the pool exists: a
    # KeyboardInterrupt between its creation and the try below would leave it running
    # every queued game, and the interpreter's exit waiting for all of them.
    interrupted = threading.Event()
    saved = _catch_signals(interrupted)
    pool = cf.ProcessPoolExecutor(
        max_workers=max(1, jobs),
        mp_context=ctx,
        initializer=_worker_init,
        initargs=(source, stop, rounds),
    )
    try:
        slot_of = {}
        pending = set()
        for slot, (i, s) in enumerate(todo):
            fut = pool.submit(_worker_game, p, i, s, slot)
            slot_of[fut] = slot
            pending.add(fut)
        open_slots = set(range(len(todo)))
        while pending:
            done, pending = cf.wait(pending, timeout=0.2, return_when=cf.FIRST_COMPLETED)
            for fut in done:
                open_slots.discard(slot_of[fut])
                rec = fut.result()
                if rec is not None:
                    on_record(rec)
            for slot in sorted(open_slots):
                r = rounds[slot]
                if r and r != seen[slot]:
                    seen[slot] = r
                    on_round(todo[slot][0], r)
            if cancel() or interrupted.is_set():
                cancelled = True
                break
    except KeyboardInterrupt:
        cancelled = True
    except cf.process.BrokenProcessPool as err:
        stop.set()
        pool.shutdown(wait=False, cancel_futures=True)
        if interrupted.is_set():
            # SIGTERM sent to the whole process group can end a worker before the
            # parent's flag is read: that is the stop that was asked for, not a crash
            return True
        raise WarroomError(f"a playtest worker process died: {err}") from None
    finally:
        _restore_signals(saved)
    if cancelled:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)
    else:
        pool.shutdown(wait=True)
    return cancelled


# ---------------------------------------------------------------------- Dask
_DASK_CACHE: dict[int, Any] = {}
#: how long to keep trying to reach a Dask scheduler
CONNECT_TIMEOUT = "10s"


def _dask_game(pack: Pack, p: dict[str, Any], index: int, seed: int) -> dict[str, Any]:
    """A Dask task: one game (the pack is scattered once to every worker)."""
    from gamecore.geometry.adjacency import map_adjacency

    key = id(pack)
    hit = _DASK_CACHE.get(key)
    if hit is None or hit[0] is not pack:
        hit = (pack, map_adjacency(pack.map))
        _DASK_CACHE.clear()
        _DASK_CACHE[key] = hit
    return _play(pack, hit[1], p, index, seed, None)


#: the distribution whose version every Dask worker must have
WARROOM_DIST = "warroom"


def check_workers(client, dist: str | None = None) -> list[str]:
    """Refuse a cluster that cannot play the games right: no workers at all, a worker
    without Warroom, or one with another Warroom version than this one (games would
    differ, or fail with a traceback in the worker). Returns the workers' addresses."""
    import importlib.metadata

    from gamecore import __version__

    dist = dist or WARROOM_DIST
    workers = sorted((client.scheduler_info().get("workers") or {}).keys())
    if not workers:
        raise WarroomError(
            "the Dask scheduler has no workers: start one with 'dask worker ADDRESS' "
            "on each machine that has Warroom installed"
        )
    found = client.run(importlib.metadata.version, dist, on_error="return")
    for addr in workers:
        v = found.get(addr)
        if isinstance(v, importlib.metadata.PackageNotFoundError):
            raise WarroomError(
                f"Dask worker {addr} has no Warroom installed: install Warroom "
                f"{__version__} in the environment the worker runs in"
            )
        if isinstance(v, BaseException):
            raise WarroomError(f"Dask worker {addr} cannot be asked its Warroom version: {v}")
        if v is not None and v != __version__:
            raise WarroomError(
                f"Dask worker {addr} runs Warroom {v} and this is {__version__}: install the "
                "same version on every worker (games would not match)"
            )
    return workers


def dask_available() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


def run_dask(
    pack: Pack,
    params: PlaytestParams,
    todo: Todo,
    scheduler: str | None,
    on_record: OnRecord,
    cancel: CancelFn,
    max_seconds: float | None = None,
) -> bool:
    if not scheduler:
        raise WarroomError("the dask backend needs --scheduler ADDRESS (e.g. tcp://host:8786)")
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise WarroomError(
            "the dask backend needs dask.distributed (pip install 'dask[distributed]')"
        ) from None
    try:
        client = Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError) as err:
        raise WarroomError(f"cannot reach the Dask scheduler {scheduler}: {err}") from None
    cancelled = False
    futures = []
    try:
        check_workers(client)
        p = _params_json(params, max_seconds)
        packf = client.scatter(pack, broadcast=True, hash=False)
        futures = [client.submit(_dask_game, packf, p, i, s, pure=False) for i, s in todo]
        ac = as_completed(futures, loop=client.loop)
        for fut in ac:
            rec = fut.result()
            on_record(rec)
            if cancel():
                cancelled = True
                break
    except KeyboardInterrupt:
        cancelled = True
    finally:
        if cancelled and futures:
            client.cancel(futures)
        client.close()
    return cancelled


BACKENDS = ("local", "dask")
