"""``warroom play PACK --scenario S --seed N --bots random --rounds R [--log FILE]``:
play a scenario headless with bots and print a summary (winner, rounds, final incomes).

PACK is a map pack (``.warroom``), a JSON dump (``.json``), or a built-in demo:
``builtin:toy`` (two nations, seven zones), ``builtin:synthetic50``,
``builtin:synthetic300``, ``builtin:war_game_mini`` (The War Game on a small synthetic
board).
"""

from __future__ import annotations

import time

from gamecore import safepath
from gamecore.commands._util import (
    ProgressBar,
    add_ruleset_options,
    add_think_ms,
    pick_scenario,
    print_json,
    use_ruleset_option,
)
from gamecore.errors import WarroomError

BUILTINS = ("toy", "synthetic50", "synthetic300", "war_game_mini")


def register(sub) -> None:
    p = sub.add_parser("play", help="play a scenario headless with bots and print the result")
    p.add_argument("pack", help="map pack, JSON dump, or builtin:" + "|".join(BUILTINS))
    p.add_argument("--scenario", help="scenario id (default: the pack's only scenario)")
    p.add_argument("--seed", type=int, default=1, help="game seed (default 1)")
    p.add_argument(
        "--bots",
        default="random",
        help="bots: NAME for every nation, or SIDE=NAME,... per alliance or nation "
        "(heuristic, random; default random); a playtest game replays with its seed",
    )
    p.add_argument("--rounds", type=int, help="round limit (default: the scenario's)")
    add_ruleset_options(p, what="play this ruleset instead of the scenario's")
    add_think_ms(p)
    p.add_argument("--log", metavar="FILE", help="write the game log as JSON lines")
    p.add_argument(
        "--max-actions", type=int, default=1_000_000, help="stop after this many actions"
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=run)


def load_any_pack(ref: str):
    """A pack from a file path (``.warroom`` or ``.json``) or ``builtin:NAME``."""
    if ref.startswith("builtin:"):
        from gamecore.engine.testmaps import synthetic_pack, toy_pack, war_game_pack

        name = ref.split(":", 1)[1]
        if name == "toy":
            return toy_pack()
        if name == "war_game_mini":
            return war_game_pack()
        if name.startswith("synthetic") and name[9:].isdigit():
            return synthetic_pack(int(name[9:]), seed=1)
        raise WarroomError(f"unknown built-in pack '{name}' (known: {', '.join(BUILTINS)})")
    path = safepath.input_file(ref, "pack or JSON dump")
    if path.suffix.lower() == ".json":
        from gamecore.commands.load import read_source
        from gamecore.store.jsonform import load_json

        data, source = read_source(ref)  # bytes: a UTF-8 BOM is allowed, as by `load`
        return load_json(data, source=source)
    from gamecore.store import read_pack

    return read_pack(path)


def run(args) -> int:
    from gamecore.engine import new_game, play, write_log

    pack = load_any_pack(args.pack)
    scenario = pick_scenario(pack, args.scenario, args.pack)
    use_ruleset_option(args, pack, scenario)
    if args.rounds is not None and args.rounds < 1:
        raise WarroomError("--rounds must be at least 1")
    try:
        state = new_game(pack, scenario, seed=args.seed, rounds=args.rounds)
    except WarroomError as err:
        if err.path is None:
            err.path = args.pack
        raise
    from gamecore.sim.bots import bots_for

    bots = bots_for(args.bots, state, args.seed, args.think_ms)
    bar = ProgressBar(f"playing {scenario}")
    total = state.max_rounds or 0

    def progress(s, count):
        if total and count % 50 == 0:
            bar.update(min(s.round, total), total)

    start = time.perf_counter()
    actions = play(state, bots, max_actions=args.max_actions, progress=progress)
    elapsed = time.perf_counter() - start
    bar.close()
    if args.log:
        try:
            write_log(state, args.log)
        except OSError as err:
            raise WarroomError(f"cannot write the log: {err.strerror}", args.log) from None
    nations = [n for slot in state.board.turn_slots for n in slot]
    incomes = {n: state.income.get(n, 0) for n in nations}
    summary = {
        "scenario": scenario,
        "seed": args.seed,
        "bots": args.bots,
        "think_ms": args.think_ms,
        "finished": state.is_terminal(),
        "winner": state.winner,
        "reason": state.end_reason,
        "rounds": state.round,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "incomes": incomes,
        "territory": {n: state.territory_income(n) for n in nations},
        "banks": {n: state.banks.get(n, 0) for n in nations},
        "returns": state.returns(),
        "units": len(state.units),
        "log": args.log,
    }
    if any(
        o.kind == "victory" and "vp(" in (o.effect or "")
        for o in state.scenario.objectives.values()
    ):  # victory points (3G40's victory tokens): each side's total
        sides = sorted({state.side_of(n) for n in nations} - {None})
        summary["vp"] = {side: state.vp.get(side, 0) for side in sides}
    summary.update(state.system.summary(state))  # e.g. technologies (Global War §7.8)
    techs = summary.get("technologies")
    if args.json:
        print_json(summary)
        return 0
    if not state.is_terminal():
        print(f"stopped after {actions} actions (round {state.round}), no result yet")
    elif state.winner:
        print(f"winner: {state.winner} ({state.end_reason})")
    else:
        print(f"no winner ({state.end_reason})")
    print(f"rounds: {state.round}, actions: {actions}, {elapsed:.2f} s")
    print("final incomes: " + ", ".join(f"{n} {v}" for n, v in incomes.items()))
    if "vp" in summary:
        vp = summary["vp"]
        print("victory points: " + (", ".join(f"{k} {v}" for k, v in vp.items()) or "none"))
    if techs:
        print("technologies: " + "; ".join(f"{n} {', '.join(t)}" for n, t in techs.items()))
    if args.log:
        print(f"log: {args.log}")
    return 0
