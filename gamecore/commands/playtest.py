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
import time

from gamecore.commands._util import (
    add_ruleset_options,
    add_think_ms,
    pick_scenario,
    print_json,
    use_ruleset_option,
)
from gamecore.errors import WarroomError
from gamecore.limits import DEFAULT_ROUND_CAP, GAME_SECONDS_LIMIT


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
    add_ruleset_options(p, what="play this ruleset instead of the scenario's")
    p.add_argument("--seed", type=int, default=1, help="base seed of the batch (default 1)")
    p.add_argument("--jobs", type=int, help="processes to use (local backend; default 1)")
    p.add_argument(
        "--bot",
        default="heuristic",
        help="bots: NAME for every nation, or SIDE=NAME,... per alliance or nation "
        "(names: heuristic, planner, random; default heuristic)",
    )
    p.add_argument(
        "--max-rounds",
        type=int,
        help="round limit (default: the scenario's; a scenario without one is played to "
        f"{DEFAULT_ROUND_CAP} rounds)",
    )
    p.add_argument(
        "--game-timeout",
        type=float,
        metavar="SECONDS",
        help=f"a game still running after this long is stopped and recorded as stalled "
        f"(default {GAME_SECONDS_LIMIT:g})",
    )
    add_think_ms(p)
    p.add_argument("--json", action="store_true", help="print the numbers as JSON")
    p.add_argument("--report", metavar="DIR", help="write an HTML report with charts to DIR")
    p.add_argument(
        "--bot-strength",
        type=int,
        default=0,
        metavar="N",
        help="also play N games per alliance, heuristic bot against random bots, and "
        "report how often it wins (what the balance figures rest on)",
    )
    p.add_argument("--backend", choices=("local", "dask"), default="local")
    p.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler address")
    p.add_argument("--results", metavar="FILE", help="results file (default: beside the pack)")
    p.add_argument("--fresh", action="store_true", help="start over: ignore earlier results")
    p.add_argument("--save", action="store_true", help="store the summary in the pack")
    p.add_argument(
        "--progress-lines",
        action="store_true",
        help="report progress as 'PROGRESS done total [eta-seconds|?] [round,...]' lines "
        "on stderr (for the editor)",
    )
    p.set_defaults(func=run)

    c = sub.add_parser(
        "playtest-compare",
        help="'warroom playtest compare': two packs or two scenarios on the same seeds",
        description="Play the same seeds on two versions (two packs, or two scenarios of "
        "one pack) and show what moved: each side's win rate B - A with its interval, and "
        "the zones and battles whose outcome changed (Benjamini-Hochberg corrected).",
    )
    c.add_argument("pack_a", metavar="PACK_A")
    c.add_argument("pack_b", metavar="PACK_B", nargs="?", help="default: PACK_A")
    c.add_argument("--scenario", help="scenario of A (default: the pack's only scenario)")
    c.add_argument("--against", metavar="SCENARIO", help="scenario of B (default: --scenario)")
    _batch_options(c, games=100)
    c.set_defaults(func=run_compare)

    b = sub.add_parser(
        "playtest-bid",
        help="'warroom playtest bid': the bid (set-up units) that makes a scenario even",
        description="Search the bid for the weaker side that brings it nearest its fair "
        "share (1/k of the games with k sides). As players bid, the bid buys set-up "
        "units placed before the first turn on land zones the side controls "
        "(--bid-zone-cap: at most N a zone); --bid-form money gives extra starting money "
        "instead, spent by the side's bot in its first turn.",
    )
    b.add_argument("pack")
    b.add_argument("--scenario", help="scenario id (default: the pack's only scenario)")
    b.add_argument("--side", help="the side that gets the bid (default: the one that wins least)")
    b.add_argument(
        "--nation",
        help="the nation that gets the bid (units: only its zones; money: default the "
        "side's first to move)",
    )
    b.add_argument(
        "--bid-form",
        choices=("units", "money"),
        default="units",
        help="units: set-up units placed before the first turn (default); money: extra "
        "starting money",
    )
    b.add_argument(
        "--bid-zone-cap",
        type=int,
        metavar="N",
        help="at most N bid units in one zone (as tournament rules have; default no cap)",
    )
    b.add_argument(
        "--bids",
        default="0,6,12,18,24,30,36",
        help="the bids to try, comma-separated (default 0,6,12,18,24,30,36)",
    )
    _batch_options(b, games=40)
    b.set_defaults(func=run_bid)

    lad = sub.add_parser(
        "playtest-ladder",
        help="'warroom playtest ladder': how strong bots are against each other",
        description="Play bot A against bot B on the same seeds, A on each side (in an "
        "alliance game: each alliance) and B on the others; report each seating's win "
        "rate with its 95%% Wilson interval and Elo ratings. The result is kept beside "
        "the pack, and playtest summaries of that scenario quote it.",
    )
    lad.add_argument("pack")
    lad.add_argument("--scenario", help="scenario id (default: the pack's only scenario)")
    lad.add_argument(
        "--bots", required=True, help="two or more bot names, comma-separated (heuristic,random)"
    )
    lad.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler address")
    _batch_options(lad, games=20)
    lad.set_defaults(func=run_ladder)


def _batch_options(p, games: int) -> None:
    p.add_argument("--games", type=int, default=games, help=f"games per batch (default {games})")
    p.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="processes to use (default 1)")
    p.add_argument("--bot", default="heuristic", help="bots, as for 'warroom playtest'")
    p.add_argument("--max-rounds", type=int, help="round limit (default: as 'warroom playtest')")
    p.add_argument("--game-timeout", type=float, metavar="SECONDS")
    add_think_ms(p)
    p.add_argument("--json", action="store_true", help="print the numbers as JSON")
    p.add_argument(
        "--progress-lines", action="store_true", help="progress as PROGRESS lines (editor)"
    )


def _labelled_progress(args, what: str):
    line = LiveLine()

    def progress(label: str, p) -> None:
        if args.progress_lines:
            eta = "?" if p.eta is None else f"{p.eta:.0f}"
            rounds = ",".join(str(r) for r in sorted(p.running.values())) or "-"
            sys.stderr.write(f"PROGRESS {p.done} {p.total} {eta} {rounds} {label}\n")
            sys.stderr.flush()
        else:
            line.show(f"{what} {label}: " + p.line())

    return progress, line


def _check_batch(args) -> None:
    from gamecore.sim.bots import check_think_ms

    if args.games < 1:
        raise WarroomError("--games must be at least 1")
    if args.jobs < 1:
        raise WarroomError("--jobs must be at least 1")
    check_think_ms(args.think_ms)


def run_ladder(args) -> int:
    from gamecore.sim.playtest.ladder import ladder, parse_bots, save_ladder
    from gamecore.store import read_pack

    _check_batch(args)
    bots = parse_bots(args.bots)
    pack = read_pack(args.pack)
    scn = pick_scenario(pack, args.scenario, args.pack)
    if args.scheduler and args.jobs != 1:
        raise WarroomError("--jobs is for the local backend; the Dask workers decide")
    progress, line = _labelled_progress(args, "ladder")
    try:
        out = ladder(
            pack,
            scn,
            bots,
            args.games,
            seed=args.seed,
            max_rounds=args.max_rounds,
            pack_path=args.pack,
            jobs=args.jobs,
            backend="dask" if args.scheduler else "local",
            scheduler=args.scheduler,
            progress=progress,
            game_seconds=args.game_timeout,
            think_ms=args.think_ms,
        )
    finally:
        line.close()
    out["saved"] = str(save_ladder(out, args.pack))
    if args.json:
        print_json(out)
        return 0
    print(
        f"ladder of {', '.join(bots)} on {scn}: {out['games_per_seating']} games a seating "
        f"on the same seeds; {(out['round_cap'] or {}).get('text', '')}"
    )
    for p in out["pairs"]:
        print(
            f"    {p['bot']:>10} as {p['side_name']:<14} vs {p['vs']:<10} wins "
            f"{p['wins']:>3}/{p['games']:<3} draws {p['draws']:>3}  "
            f"[{_pct(p['low'])}–{_pct(p['high'])}]"
        )
    print(
        "  Elo: "
        + ", ".join(
            f"{b} {r:.0f}" for b, r in sorted(out["ratings"].items(), key=lambda kv: -kv[1])
        )
    )
    print(f"  kept: {out['saved']}")
    return 0


def run_compare(args) -> int:
    from gamecore.sim.playtest import PlaytestParams
    from gamecore.sim.playtest.compare import compare
    from gamecore.store import open_pack, read_pack

    _check_batch(args)
    path_a, path_b = args.pack_a, args.pack_b or args.pack_a
    pf = open_pack(args.pack_a, readonly=True)
    pf.close()
    pack_a = pf.pack
    pack_b = read_pack(path_b) if args.pack_b else pack_a
    if not args.pack_b and not args.against and pf.variant is not None:
        # a variant alone: the variant (B) against its base (A) on the same seeds
        pack_a, path_a = pf.variant.base, str(pf.variant.base_path)
    args.pack_a = path_a
    scn_a = pick_scenario(pack_a, args.scenario, args.pack_a)
    scn_b = pick_scenario(pack_b, args.against or scn_a, path_b)
    if path_b == args.pack_a and scn_b == scn_a:
        raise WarroomError("compare needs two packs or two scenarios (--against SCENARIO)")
    params = PlaytestParams(scn_a, args.bot, args.seed, args.max_rounds, args.think_ms)
    progress, line = _labelled_progress(args, "compare")
    try:
        out = compare(
            pack_a,
            scn_a,
            pack_b,
            scn_b,
            params,
            args.games,
            path_a=args.pack_a,
            path_b=path_b,
            jobs=args.jobs,
            progress=progress,
            game_seconds=args.game_timeout,
        )
    finally:
        line.close()
    out["pack_a"], out["pack_b"] = args.pack_a, path_b
    if args.json:
        print_json(out)
        return 0
    print(
        f"A: {args.pack_a} [{scn_a}]  B: {path_b} [{scn_b}]; {out['games_a']} and "
        f"{out['games_b']} games on the same seeds ({out['identical_games']} played "
        f"identically); {out['a']['round_cap']['text']}"
    )
    print("  win rate, B − A (95% interval, Newcombe):")
    for d in out["sides"].values():
        print(
            f"    {d['name']:<14} {_pct(d['a']['rate']):>6} -> {_pct(d['b']['rate']):>6}  "
            f"{100 * d['diff']:+.1f} points [{100 * d['lo']:+.1f}, {100 * d['hi']:+.1f}]"
            + ("  moved" if d["moved"] else "")
        )
    print(
        f"  zones that changed hands in a different share of games: {len(out['zones'])} of "
        f"{out['zones_tested']} survive Benjamini–Hochberg at {100 * out['fdr']:.0f}%"
    )
    for z in out["zones"][:8]:
        print(
            f"    {z.get('code', z['zone'])} {z.get('name', '')}: {z['a']} -> {z['b']} games "
            f"({100 * z['diff']:+.1f} points [{100 * z['lo']:+.1f}, {100 * z['hi']:+.1f}], "
            f"q = {z['q']:.3g})"
        )
    print(
        f"  battles whose attacker won in a different share of games: {len(out['battles'])} "
        f"of {out['battles_tested']}"
    )
    for b in out["battles"][:8]:
        print(
            f"    round {b['round']} {b['attacker']} at {b.get('code', b['zone'])}: taken in "
            f"{b['taken_a']} -> {b['taken_b']} games ({100 * b['diff']:+.1f} points, "
            f"q = {b['q']:.3g})"
        )
    return 0


def run_bid(args) -> int:
    from gamecore.sim.playtest import PlaytestParams
    from gamecore.sim.playtest.compare import fair_bid
    from gamecore.store import read_pack

    _check_batch(args)
    try:
        bids = [int(x) for x in args.bids.split(",") if x.strip()]
    except ValueError:
        bids = []
    if not bids:
        raise WarroomError(f"--bids {args.bids}: give whole numbers, comma-separated")
    if args.bid_zone_cap is not None and args.bid_zone_cap < 1:
        raise WarroomError("--bid-zone-cap must be at least 1")
    pack = read_pack(args.pack)
    scn = pick_scenario(pack, args.scenario, args.pack)
    params = PlaytestParams(scn, args.bot, args.seed, args.max_rounds, args.think_ms)
    progress, line = _labelled_progress(args, "bid")
    try:
        out = fair_bid(
            pack,
            params,
            args.games,
            side=args.side,
            nation=args.nation,
            bids=bids,
            form=args.bid_form,
            zone_cap=args.bid_zone_cap,
            jobs=args.jobs,
            progress=progress,
            game_seconds=args.game_timeout,
        )
    finally:
        line.close()
    if args.json:
        print_json(out)
        return 0
    fair = _pct(out["target"])
    what = (
        f"money to {out['nation']}"
        if out["form"] == "money"
        else "set-up units on its land zones"
        + (f", at most {out['zone_cap']} a zone" if out["zone_cap"] else "")
    )
    print(
        f"fair bid for {out['side_name']} ({what}) in {scn}, {out['games_per_bid']} games a "
        f"bid on the same seeds, fair share {fair}; {out['round_cap']['text']}"
    )
    for r in out["bids"]:
        bought = ""
        if r.get("units"):
            count: dict[str, int] = {}
            for u in r["units"]:
                count[u["type"]] = count.get(u["type"], 0) + 1
            bought = "  (" + ", ".join(f"{n} {t}" for t, n in count.items())
            bought += f", {r['spent']} spent)"
        print(
            f"    bid {r['bid']:>3}: {out['side_name']} wins {_pct(r['rate']):>6} "
            f"[{_pct(r['lo'])}–{_pct(r['hi'])}]"
            + (f"  ({fair} inside)" if r["even_in_interval"] else "")
            + bought
        )
    print(
        f"  {out['verdict']}; bids whose interval holds {fair}: "
        + (", ".join(str(b) for b in out["consistent_with_even"]) or "none")
    )
    return 0


class LiveLine:
    """One status line on stderr, redrawn in place on a terminal and printed every few
    seconds (as whole lines) when stderr is a file or a pipe, so a log shows progress."""

    def __init__(self, stream=None, every: float = 5.0):
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.every = every
        self._last = time.monotonic()
        self._width = 0
        self._text = ""

    def show(self, text: str) -> None:
        self._text = text
        now = time.monotonic()
        if self.tty:
            pad = max(0, self._width - len(text))
            self.stream.write("\r" + text + " " * pad)
            self._width = len(text)
            self.stream.flush()
        elif now - self._last >= self.every:
            self._last = now
            self.stream.write(text + "\n")
            self.stream.flush()

    def say(self, text: str) -> None:
        """A line of its own (above the live line on a terminal)."""
        if self.tty and self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self._width = 0
        self.stream.write(text + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self._width:
            self.stream.write("\n")
            self.stream.flush()


def _on_sigterm(signum, frame):  # pragma: no cover - exercised through a subprocess
    raise KeyboardInterrupt


def run(args) -> int:
    from gamecore.sim.playtest import PlaytestParams, round_cap, run_playtest, write_report
    from gamecore.sim.playtest.game import cap_text
    from gamecore.store import read_pack

    pack = read_pack(args.pack)
    scenario = pick_scenario(pack, args.scenario, args.pack)
    use_ruleset_option(args, pack, scenario)
    if args.games < 1:
        raise WarroomError("--games must be at least 1")
    if args.jobs is not None and (args.backend == "dask" or args.scheduler):
        raise WarroomError(
            "--jobs is for the local backend; with a Dask scheduler the cluster's workers "
            "decide how many games run at once (start more with 'dask worker')"
        )
    if args.scheduler and args.backend != "dask":
        args.backend = "dask"
    jobs = 1 if args.jobs is None else args.jobs
    if jobs < 1:
        raise WarroomError("--jobs must be at least 1")
    if args.game_timeout is not None and args.game_timeout <= 0:
        raise WarroomError("--game-timeout must be more than 0 seconds")
    params = PlaytestParams(scenario, args.bot, args.seed, args.max_rounds, args.think_ms)
    cap, source = round_cap(pack, scenario, args.max_rounds)
    line = LiveLine()
    said = False

    def progress(p) -> None:
        nonlocal said
        if not said and (p.running or p.done >= p.total):
            # stated once the games are under way (bad input stays a one-line error)
            said = True
            line.say(f"playtest {scenario}: {args.games} games, {cap_text(cap, source)}")
        if args.progress_lines:
            eta = "?" if p.eta is None else f"{p.eta:.0f}"
            rounds = ",".join(str(r) for r in sorted(p.running.values())) or "-"
            sys.stderr.write(f"PROGRESS {p.done} {p.total} {eta} {rounds}\n")
            sys.stderr.flush()
        else:
            line.show(f"playtest {scenario}: " + p.line())

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
                jobs=jobs,
                game_seconds=args.game_timeout,
                backend=args.backend,
                scheduler=args.scheduler,
                results_path=args.results,
                fresh=args.fresh,
                progress=progress,
                pack_as_on_disk=not (args.ruleset or args.rules_file),
            )
        except WarroomError as err:
            if err.path is None and not str(err).startswith(args.pack):
                raise WarroomError(str(err), args.pack) from None
            raise
    finally:
        if old is not None:
            signal.signal(signal.SIGTERM, old)
        if not args.progress_lines:
            line.close()
    summary = result.summary(pack)
    if args.bot_strength and not result.cancelled:
        from gamecore.sim.playtest.compare import bot_strength

        try:
            summary["bot_strength"] = bot_strength(
                pack,
                params,
                args.bot_strength,
                jobs=jobs if args.backend == "local" else 1,
                progress=lambda label, p: progress(p),
                game_seconds=args.game_timeout,
            )
        finally:
            if not args.progress_lines:
                line.close()
    from gamecore.sim.playtest.ending import headline
    from gamecore.sim.playtest.ladder import bot_rating

    summary["bot_rating"] = bot_rating(pack, args.pack, scenario, args.bot)
    summary["headline"] = headline(summary)
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


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _print_human(s: dict, result) -> None:
    p = s["params"]
    rate = s["games_per_minute"]
    print(
        f"{s['completed']} games of {p['scenario']} ({s['played_now']} played now"
        + (f", {rate:.1f} games/min" if s["played_now"] else "")
        + f"), bots {p['bots']}, seed {p['seed']}"
        + (f", {s['failed']} failed" if s["failed"] else "")
    )
    print(f"  {s['round_cap']['text']}")
    hl = s.get("headline") or {}
    print(f"  {hl.get('winner', '')}; {hl.get('ended', '')}")
    for w in hl.get("warnings", []):
        print(f"  WARNING: {w}")
    if (s.get("bot_rating") or {}).get("text"):
        print(f"  {s['bot_rating']['text']}")
    print("  winner (95% Wilson interval):")
    for side, d in s["sides"].items():
        label = f"{d.get('name', side)} ({', '.join(d.get('members') or [])})"
        print(
            f"    {label:<40} {_pct(d['rate']):>6}  "
            f"[{_pct(d['lo'])}–{_pct(d['hi'])}]  ({d['wins']}/{d['games']})"
        )
    dr = s["draw"]
    print(
        f"    {'no winner':<40} {_pct(dr['rate']):>6}  [{_pct(dr['lo'])}–{_pct(dr['hi'])}]"
        f"  ({dr['count']}/{dr['games']})"
    )
    st = s["stalled"]
    if st["count"]:
        print(
            f"    {'stalled (left out)':<40} {_pct(st['rate']):>6}  "
            f"[{_pct(st['lo'])}–{_pct(st['hi'])}]  ({st['count']}/{st['games']})"
        )
    if s.get("ended_by"):
        print(
            "  ended by: "
            + ", ".join(
                f"{k} {d['count']}"
                + (
                    " ("
                    + ", ".join(
                        f"{s['sides'].get(w, {}).get('name', w)} {c}"
                        for w, c in d["winners"].items()
                    )
                    + ")"
                )
                for k, d in s["ended_by"].items()
            )
        )
    vp = s.get("victory_points")
    if vp:
        print(
            "  victory points at the end (mean): "
            + ", ".join(
                f"{s['sides'].get(side, {}).get('name', side)} {d['mean']:.1f}"
                for side, d in vp["sides"].items()
            )
            + (
                "; scored in: "
                + ", ".join(f"{k} {d['count']}" for k, d in vp["objectives"].items())
                if vp["objectives"]
                else ""
            )
        )
    ln = s["length"]
    print(f"  length: mean {ln['mean']:.1f} rounds (min {ln['min']}, max {ln['max']})")
    if s["nations"]:
        print("  nations at the end (mean): income, units, TUV, zones; eliminated")
        for nat, d in s["nations"].items():
            el = d["eliminated"]
            gone = (
                f"{el['count']}/{el['games']} games, round {el['mean_round']:.1f} on average"
                if el["count"]
                else "never"
            )
            print(
                f"    {d.get('name', nat)[:16]:<16} {d['side_name'][:10]:<10} "
                f"{d['income']['mean']:6.1f} {d['units']['mean']:7.1f} "
                f"{d['tuv']['mean']:8.1f} {d['zones']['mean']:6.1f}  {gone}"
            )
    hot = sorted(s["zones"].items(), key=lambda kv: -kv[1]["battles_per_game"])[:5]
    if hot:
        print(
            "  most fought: "
            + ", ".join(f"{d.get('code', z)} {d['battles_per_game']:.2f}" for z, d in hot)
        )
    t = s.get("decisive_test") or {}
    print(
        f"  decisive battles: {t.get('significant', 0)} of {t.get('tested', 0)} tested "
        f"survive {t.get('method', '')} at FDR {100 * t.get('fdr', 0.05):.0f}%"
    )
    for b in s["decisive"][:5]:
        print(
            f"    round {b['round']} {b['attacker']} at {b.get('code', b['zone'])}: "
            f"{b.get('side_name', b['side'])} wins {_pct(b['win_rate_if_taken'])} "
            f"[{_pct(b['if_taken_lo'])}–{_pct(b['if_taken_hi'])}] if taken, "
            f"{_pct(b['win_rate_if_not'])} [{_pct(b['if_not_lo'])}–{_pct(b['if_not_hi'])}] "
            f"if not (q = {b['q']:.3g})"
        )
    if s.get("advice", {}).get("text"):
        print(f"  sample size: {s['advice']['text']}")
    bs = s.get("bot_strength")
    if bs:
        print(
            "  bot strength (heuristic for one alliance, random for the rest): "
            + ", ".join(
                f"{d['name']} {_pct(d['rate'])} [{_pct(d['lo'])}–{_pct(d['hi'])}]"
                for d in bs["sides"].values()
            )
        )
    for f in s["failures"][:5]:
        print(f"  game {f['index']} (seed {f['seed']}) {f['status']}: {f['error']}")
    if result.results_path:
        print(f"  results: {os.fspath(result.results_path)}")
    if s.get("report"):
        print(f"  report: {s['report']}")
