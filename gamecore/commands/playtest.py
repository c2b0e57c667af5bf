"""``warroom playtest PACK``: play a batch of games with bots and report the balance.

Results are kept game by game in a file beside the pack
(``PACK.playtests/<scenario>-<run key>.jsonl``), so Ctrl+C keeps the finished games and
running the same command again resumes. ``--save`` also stores the summary in the pack's
playtests table.
"""

from __future__ import annotations

import os
import signal
import sys

from gamecore.commands._util import ProgressBar, print_json
from gamecore.errors import WarroomError


def register(sub) -> None:
    p = sub.add_parser(
        "playtest",
        help="play many games with bots; win rates, game length, income, heatmaps",
        description="Play a batch of games of a scenario with bots and report the balance. "
        "Rerunning the same command resumes; Ctrl+C keeps the finished games.",
    )
    p.add_argument("pack")
    p.add_argument("--scenario", help="scenario id (default: the pack's only scenario)")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="base seed of the batch (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="processes to use (local backend)")
    p.add_argument(
        "--bot",
        default="heuristic",
        help="bots: NAME for every nation, or SIDE=NAME,... per alliance or nation "
        "(names: heuristic, random; default heuristic)",
    )
    p.add_argument("--max-rounds", type=int, help="round limit (default: the scenario's)")
    p.add_argument("--json", action="store_true", help="print the numbers as JSON")
    p.add_argument("--report", metavar="DIR", help="write an HTML report with charts to DIR")
    p.add_argument("--backend", choices=("local", "dask"), default="local")
    p.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler address")
    p.add_argument("--results", metavar="FILE", help="results file (default: beside the pack)")
    p.add_argument("--fresh", action="store_true", help="start over: ignore earlier results")
    p.add_argument("--save", action="store_true", help="store the summary in the pack")
    p.add_argument(
        "--progress-lines",
        action="store_true",
        help="report progress as 'PROGRESS done total' lines on stderr (for the editor)",
    )
    p.set_defaults(func=run)


def _on_sigterm(signum, frame):  # pragma: no cover - exercised through a subprocess
    raise KeyboardInterrupt


def run(args) -> int:
    from gamecore.sim.playtest import PlaytestParams, run_playtest, write_report
    from gamecore.store import read_pack

    pack = read_pack(args.pack)
    scenario = args.scenario
    if scenario is None:
        if len(pack.scenarios) != 1:
            known = ", ".join(sorted(pack.scenarios)) or "none"
            raise WarroomError(
                f"say which scenario with --scenario (scenarios: {known})", args.pack
            )
        scenario = next(iter(pack.scenarios))
    if args.games < 1:
        raise WarroomError("--games must be at least 1")
    if args.jobs < 1:
        raise WarroomError("--jobs must be at least 1")
    params = PlaytestParams(scenario, args.bot, args.seed, args.max_rounds)
    bar = ProgressBar(f"playtest {scenario}")

    def progress(done: int, total: int) -> None:
        if args.progress_lines:
            sys.stderr.write(f"PROGRESS {done} {total}\n")
            sys.stderr.flush()
        else:
            bar.update(done, total)

    old = None
    try:
        old = signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:  # not the main thread (tests calling main() from a thread)
        old = None
    try:
        try:
            result = run_playtest(
                pack,
                params,
                args.games,
                pack_path=args.pack,
                jobs=args.jobs,
                backend=args.backend,
                scheduler=args.scheduler,
                results_path=args.results,
                fresh=args.fresh,
                progress=progress,
            )
        except WarroomError as err:
            if err.path is None and not str(err).startswith(args.pack):
                raise WarroomError(str(err), args.pack) from None
            raise
    finally:
        if old is not None:
            signal.signal(signal.SIGTERM, old)
        if not args.progress_lines:
            bar.close()
    summary = result.summary(pack)
    if args.report:
        page = write_report(summary, args.report, pack)
        summary["report"] = str(page)
    if args.save and not result.cancelled:
        _save_summary(args.pack, params, result, summary)
    if args.json:
        print_json(summary)
    else:
        _print_human(summary, result)
    if result.cancelled:
        print(
            f"warroom: interrupted: {result.finished} of {args.games} games kept; "
            "run the same command again to resume",
            file=sys.stderr,
        )
        return 130
    return 0


def _save_summary(path: str, params, result, summary) -> None:
    import datetime as dt

    from gamecore.model import PlaytestResult
    from gamecore.store import open_pack

    with open_pack(path) as pf:
        pid = max(pf.pack.playtests, default=0) + 1
        pf.pack.playtests[pid] = PlaytestResult(
            pid,
            params.scenario,
            dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            params={**params.to_json(), "games": result.games},
            scenario_hash=result.scenario_hash,
            results=summary,
        )
        pf.save()


def _print_human(s: dict, result) -> None:
    p = s["params"]
    rate = s["games_per_minute"]
    print(
        f"{s['completed']} games of {p['scenario']} ({s['played_now']} played now"
        + (f", {rate:.1f} games/min" if s["played_now"] else "")
        + f"), bots {p['bots']}, seed {p['seed']}"
        + (f", {s['failed']} failed" if s["failed"] else "")
    )
    for side, d in s["sides"].items():
        print(
            f"  {side:<14} wins {100 * d['rate']:5.1f}%  "
            f"[{100 * d['lo']:.1f}–{100 * d['hi']:.1f}]  ({d['wins']}/{d['games']})"
        )
    print(f"  {'draw':<14}      {100 * s['draw_rate']:5.1f}%")
    ln = s["length"]
    print(
        f"  length: mean {ln['mean']:.1f} rounds (min {ln['min']}, max {ln['max']}); "
        + ", ".join(f"{k} {v}" for k, v in ln["reasons"].items())
    )
    hot = sorted(s["zones"].items(), key=lambda kv: -kv[1]["battles_per_game"])[:5]
    if hot:
        print(
            "  most fought: "
            + ", ".join(f"{d.get('code', z)} {d['battles_per_game']:.2f}" for z, d in hot)
        )
    for b in s["decisive"][:3]:
        print(
            f"  decisive: round {b['round']} {b['attacker']} at {b.get('code', b['zone'])}: "
            f"{b['side']} wins {100 * b['win_rate_if_taken']:.0f}% if taken, "
            f"{100 * b['win_rate_if_not']:.0f}% if not"
        )
    for f in s["failures"][:5]:
        print(f"  game {f['index']} (seed {f['seed']}) {f['status']}: {f['error']}")
    if result.results_path:
        print(f"  results: {os.fspath(result.results_path)}")
    if s.get("report"):
        print(f"  report: {s['report']}")
