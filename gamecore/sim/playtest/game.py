"""One playtest game: play it with bots and boil its event log down to a small record.

A record is plain JSON (it is what the results file stores, one per line)::

    {"index": 3, "seed": 123, "status": "ok", "winner": "axis", "reason": "...",
     "rounds": 10, "actions": 812, "seconds": 1.9, "digest": "ab12…",
     "income": {"GER": [30, 32, …]},          # income collected per round (0 when none)
     "final_income": {"GER": 35},              # territory income at the end
     "captures": {"12": 2}, "battles": {"12": 3},   # per zone id (as text)
     "fights": [[round, "GER", zone, "a"|"d"|"x"], …],   # "a" attacker took/cleared it
     "bot_errors": 0}

``status`` is "ok", "stuck" (the action limit was hit) or "error" (the engine or a bot
failed: ``error`` says how). ``digest`` hashes the actions played: the same pack,
scenario, seed and bots give the same digest on any machine (DESIGN.md, Invariant 4).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from typing import Any

from gamecore.engine import new_game
from gamecore.errors import Cancelled, RulesError, WarroomError
from gamecore.model import Pack
from gamecore.sim.bots import bots_for

#: actions per round and nation after which a game counts as stuck
ACTIONS_PER_TURN_LIMIT = 5000
_MASK48 = (1 << 48) - 1


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch started with ``base_seed`` (SplitMix64 of
    both, 48 bits so it stays exact in JSON everywhere)."""
    z = ((int(base_seed) & 0xFFFFFFFF) << 32 | (int(index) & 0xFFFFFFFF)) & ((1 << 64) - 1)
    z = (z + 0x9E3779B97F4A7C15) & ((1 << 64) - 1)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & ((1 << 64) - 1)
    return (z ^ (z >> 31)) & _MASK48


def play_game(
    pack: Pack,
    scenario: str,
    seed: int,
    bots: str | dict[str, str] = "heuristic",
    max_rounds: int | None = None,
    *,
    index: int = 0,
    adjacency: dict[int, set[int]] | None = None,
    cancel: Callable[[], bool] | None = None,
    max_actions: int | None = None,
    keep_log: bool = False,
) -> dict[str, Any]:
    """Play one game and return its record (with the full ``log`` too when
    ``keep_log``). Bad input (unknown scenario, bot spec) raises a
    :class:`~gamecore.errors.WarroomError`; a failure during play is reported in the
    record. ``cancel`` is polled now and then; when it returns True the game stops with
    :class:`~gamecore.errors.Cancelled`."""
    t0 = time.perf_counter()
    state = new_game(pack, scenario, seed=seed, rounds=max_rounds, adjacency=adjacency)
    players = bots_for(bots, state, seed)
    nations = sorted(players)
    if max_actions is None:
        rounds = state.max_rounds or 50
        max_actions = ACTIONS_PER_TURN_LIMIT * max(1, len(nations)) * max(1, rounds)
    record: dict[str, Any] = {"index": index, "seed": seed, "status": "ok"}
    count = 0
    bot_errors = 0
    try:
        while not state.is_terminal():
            if count >= max_actions:
                record["status"] = "stuck"
                record["error"] = (
                    f"more than {max_actions} actions (round {state.round}, "
                    f"{state.current_nation}, {state.phase})"
                )
                break
            if cancel is not None and count % 32 == 0 and cancel():
                raise Cancelled("the playtest was cancelled")
            who = state.current_player
            action = players[who].choose(state)
            try:
                state.apply(action)
            except RulesError:
                # a bot proposed an illegal action: count it, then play the first legal one
                bot_errors += 1
                legal = state.legal_actions()
                if not legal:
                    raise
                state.apply(legal[-1] if legal[-1].kind == "end_phase" else legal[0])
            count += 1
    except (Cancelled, KeyboardInterrupt):
        raise
    except WarroomError as err:
        record["status"] = "error"
        record["error"] = f"round {state.round} {state.current_nation} {state.phase}: {err}"
    except Exception as err:  # noqa: BLE001 - an engine failure is a finding, not a crash
        record["status"] = "error"
        record["error"] = (
            f"round {state.round} {state.current_nation} {state.phase}: {type(err).__name__}: {err}"
        )
    record.update(summarise_log(state.log, state))
    record["actions"] = count
    record["bot_errors"] = bot_errors
    record["seconds"] = round(time.perf_counter() - t0, 4)
    if keep_log:
        record["log"] = state.log
    return record


def summarise_log(log: list[dict[str, Any]], state=None) -> dict[str, Any]:
    """The record fields drawn from a game's event log."""
    digest = hashlib.sha256()
    rnd = 1
    income: dict[str, dict[int, int]] = {}
    captures: dict[str, int] = {}
    battles: dict[str, int] = {}
    fights: list[list] = []
    open_battle: dict[int, tuple[int, str]] = {}
    winner = None
    reason = ""
    end_round = None
    for e in log:
        kind = e.get("e")
        if kind == "action":
            digest.update(json.dumps(e.get("a"), sort_keys=True, separators=(",", ":")).encode())
            digest.update(b"\n")
        elif kind == "turn":
            rnd = int(e.get("round", rnd))
        elif kind == "income":
            n = e.get("nation")
            if n is not None:
                income.setdefault(n, {})[rnd] = int(e.get("amount", 0))
        elif kind == "capture":
            z = str(e.get("zone"))
            captures[z] = captures.get(z, 0) + 1
        elif kind == "battle":
            if e.get("kind", "battle") == "battle":
                z = int(e.get("zone"))
                battles[str(z)] = battles.get(str(z), 0) + 1
                open_battle[z] = (rnd, str(e.get("attacker")))
        elif kind == "battle_end":
            z = int(e.get("zone"))
            if z in open_battle:
                r, att = open_battle.pop(z)
                res = {"attacker": "a", "defender": "d"}.get(e.get("result"), "x")
                fights.append([r, att, z, res])
        elif kind == "game_over":
            winner = e.get("winner")
            reason = str(e.get("reason", ""))
            end_round = int(e.get("round", rnd))
    out: dict[str, Any] = {
        "winner": winner,
        "reason": reason,
        "rounds": end_round if end_round is not None else rnd,
        "digest": digest.hexdigest()[:32],
        "captures": captures,
        "battles": battles,
        "fights": fights,
    }
    last = out["rounds"]
    out["income"] = {
        n: [by_round.get(r, 0) for r in range(1, last + 1)]
        for n, by_round in sorted(income.items())
    }
    if state is not None:
        nations = sorted({n for slot in state.board.turn_slots for n in slot})
        out["final_income"] = {n: state.territory_income(n) for n in nations}
        out["sides"] = {n: state.side_of(n) for n in nations}
        if winner is None and state.is_terminal():
            out["winner"] = state.winner
    return out
