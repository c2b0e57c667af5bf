"""One playtest game: play it with bots and boil its event log down to a small record.

A record is plain JSON (it is what the results file stores, one per line)::

    {"index": 3, "seed": 123, "status": "ok", "winner": "axis", "reason": "...",
     "rounds": 10, "round_cap": 20, "actions": 812, "seconds": 1.9, "digest": "ab12…",
     "income": {"GER": [30, 32, …]},          # income collected per round (0 when none)
     "final_income": {"GER": 35},              # territory income at the end
     "captures": {"12": 2}, "battles": {"12": 3},   # per zone id (as text)
     "fights": [[round, "GER", zone, "a"|"d"|"x"], …],   # "a" attacker took/cleared it
     "curves": {"units": {"GER": [..]}, "tuv": {..}, "zones": {..}, "income": {..}},
                                               # at each round's end
     "nations_start": {"GER": {"income": 30, "units": 70, "tuv": 500, "zones": 18}},
     "first_attack": {"GER": 1},               # the round of each nation's first attack
     "end": "victory", "cap_source": "default",  # how it ended (see playtest.ending)
     "nations_end": {"GER": {"income": 35, "units": 80, "tuv": 600, "zones": 20,
                             "eliminated": null}},   # eliminated: the round it happened
     "bot_errors": 0}

``status`` is "ok", "stalled" (a guard stopped the game: too many actions in one turn,
or too long on the clock; ``stalled_at`` says where, and the record still holds the
state it reached) or "error" (the engine or a bot failed: ``error`` says how).
``digest`` hashes the actions played: the same pack, scenario, seed and bots give the
same digest on any machine (docs/architecture.md, Invariant 4).

Every game ends: a scenario without a round limit is played to :data:`DEFAULT_ROUND_CAP`
rounds (:func:`round_cap` says which limit a run uses and why), and the round limit's
own tiebreak (the ruleset's ``round_limit_winner``) names the winner.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from typing import Any

from gamecore.engine import new_game
from gamecore.engine.systems import RuleSystem
from gamecore.errors import Cancelled, RulesError, WarroomError
from gamecore.limits import DEFAULT_ROUND_CAP, GAME_SECONDS_LIMIT
from gamecore.model import Pack
from gamecore.sim.bots import bots_for
from gamecore.sim.playtest.ending import end_kind

#: actions one nation may take in one turn before the game counts as stalled (the
#: heuristic bots take about 10-60 on the sample; a bot looping inside a phase takes more)
ACTIONS_PER_TURN_LIMIT = 5000
#: the per-nation figures kept at the end of every round (``record["curves"]``)
CURVES = ("units", "tuv", "zones", "income")
_MASK48 = (1 << 48) - 1


def nation_income(state, nation: str) -> int:
    """The income ``nation`` collects now, as its rule system counts it
    (:meth:`~gamecore.engine.systems.RuleSystem.income`: the value of the zones it holds
    unless the system has its own, e.g. production traced to supply)."""
    return state.system.income(state, nation)


def _own_income(system) -> bool:
    """Whether ``system`` counts income its own way (not the zones' value)."""
    return type(system).income is not RuleSystem.income


def round_cap(pack: Pack, scenario: str, max_rounds: int | None) -> tuple[int, str]:
    """The round limit games of ``scenario`` are played to, and where it comes from:
    "option" (``max_rounds`` was given), "scenario" (its own limit) or "default"
    (:data:`DEFAULT_ROUND_CAP`, the scenario has none)."""
    if max_rounds is not None:
        return int(max_rounds), "option"
    scn = pack.scenarios.get(scenario)
    if scn is not None and scn.rounds:
        return int(scn.rounds), "scenario"
    return DEFAULT_ROUND_CAP, "default"


def cap_text(cap: int, source: str) -> str:
    """The round limit in words, as the CLI, the report and the dock state it."""
    if source == "default":
        return (
            f"round cap {cap} (default: the scenario has no round limit; --max-rounds changes it)"
        )
    if source == "scenario":
        return f"round limit {cap} (the scenario's)"
    return f"round limit {cap} (--max-rounds)"


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch started with ``base_seed`` (SplitMix64 of
    both, 48 bits so it stays exact in JSON everywhere)."""
    z = ((int(base_seed) & 0xFFFFFFFF) << 32 | (int(index) & 0xFFFFFFFF)) & ((1 << 64) - 1)
    z = (z + 0x9E3779B97F4A7C15) & ((1 << 64) - 1)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & ((1 << 64) - 1)
    return (z ^ (z >> 31)) & _MASK48


def nation_state(state) -> dict[str, dict[str, int]]:
    """Per nation of the turn order: territory income, units, their total value (TUV:
    the cost of every unit on the board) and zones held."""
    nations = sorted({n for slot in state.board.turn_slots for n in slot})
    out = {n: {"income": 0, "units": 0, "tuv": 0, "zones": 0} for n in nations}
    value = state.board.value
    for z, o in state.owner.items():
        d = out.get(o)
        if d is not None:
            d["zones"] += 1
            d["income"] += value[z]
    if _own_income(state.system):
        for n in nations:
            out[n]["income"] = nation_income(state, n)
    types = state.rules.units
    for u in state.units.values():
        d = out.get(u.nation)
        if d is not None:
            d["units"] += 1
            ut = types.get(u.type)
            d["tuv"] += int(getattr(ut, "cost", 0) or 0)
    return out


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
    max_turn_actions: int = ACTIONS_PER_TURN_LIMIT,
    max_seconds: float | None = GAME_SECONDS_LIMIT,
    on_round: Callable[[int], None] | None = None,
    keep_log: bool = False,
    think_ms: int | None = None,
) -> dict[str, Any]:
    """Play one game and return its record (with the full ``log`` too when
    ``keep_log``). ``max_rounds`` None plays to the scenario's limit or, when it has
    none, :data:`DEFAULT_ROUND_CAP`. Bad input (unknown scenario, bot spec) raises a
    :class:`~gamecore.errors.WarroomError`; a failure during play is reported in the
    record. ``cancel`` is polled now and then; when it returns True the game stops with
    :class:`~gamecore.errors.Cancelled`. ``on_round(r)`` is called as round ``r`` starts.
    ``think_ms`` is the thinking per decision of the bots that think (work units, not
    the clock: the game stays the same for a seed)."""
    t0 = time.perf_counter()
    cap, source = round_cap(pack, scenario, max_rounds)
    own, own_source = round_cap(pack, scenario, None)
    if own == cap:  # a batch passes its limit on: the scenario's own, or the default
        source = own_source
    state = new_game(pack, scenario, seed=seed, rounds=cap, adjacency=adjacency)
    players = bots_for(bots, state, seed, think_ms)
    nations = sorted(players)
    record: dict[str, Any] = {
        "index": index,
        "seed": seed,
        "status": "ok",
        "round_cap": cap,
        "cap_source": source,
        "nations_start": nation_state(state),
    }
    count = 0
    bot_errors = 0
    turn_key = (state.round, state.current_nation)
    in_turn = 0
    curves: dict[str, dict[str, list[int]]] = {k: {n: [] for n in nations} for k in CURVES}
    eliminated: dict[str, int] = {}
    rnd = state.round
    if on_round is not None:
        on_round(rnd)

    def close_round(r: int) -> None:
        snap = nation_state(state)
        for n in nations:
            d = snap.get(n) or {}
            for k in CURVES:
                curves[k][n].append(int(d.get(k, 0)))
            if n not in eliminated and not d.get("zones") and not d.get("units"):
                eliminated[n] = r

    try:
        while not state.is_terminal():
            key = (state.round, state.current_nation)
            if key != turn_key:
                turn_key = key
                in_turn = 0
            if state.round != rnd:
                for r in range(rnd, state.round):
                    close_round(r)
                rnd = state.round
                if on_round is not None:
                    on_round(rnd)
            if in_turn >= max_turn_actions:
                _stall(record, state, f"more than {max_turn_actions} actions in one turn")
                break
            if count % 32 == 0:
                if cancel is not None and cancel():
                    raise Cancelled("the playtest was cancelled")
                if max_seconds is not None and time.perf_counter() - t0 > max_seconds:
                    _stall(record, state, f"still running after {max_seconds:g} s")
                    break
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
            in_turn += 1
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
    record["end"] = end_kind(record["reason"], record["rounds"], cap, source, "vp" in record)
    for r in range(len(next(iter(curves["units"].values()), [])) + 1, record["rounds"] + 1):
        close_round(r)  # the rounds the game ended in (or stalled in)
    record["curves"] = curves
    end = nation_state(state)
    for n in nations:
        end.setdefault(n, {"income": 0, "units": 0, "tuv": 0, "zones": 0})
        end[n]["eliminated"] = eliminated.get(n)
    record["nations_end"] = end
    record["actions"] = count
    record["bot_errors"] = bot_errors
    record["seconds"] = round(time.perf_counter() - t0, 4)
    if keep_log:
        record["log"] = state.log
    return record


def _stall(record: dict[str, Any], state, why: str) -> None:
    record["status"] = "stalled"
    record["error"] = f"{why} (round {state.round}, {state.current_nation}, {state.phase})"
    record["stalled_at"] = {
        "round": state.round,
        "nation": state.current_nation,
        "phase": state.phase,
        "why": why,
    }


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
    vp: dict[str, int] = {}
    tokens: list[list] = []
    first_attack: dict[str, int] = {}
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
            by, prev = e.get("by", e.get("nation")), e.get("prev", e.get("old"))
            if by is not None and prev is not None and prev != by:
                first_attack.setdefault(str(by), rnd)
        elif kind == "battle":
            if e.get("kind", "battle") == "battle":
                z = int(e.get("zone"))
                battles[str(z)] = battles.get(str(z), 0) + 1
                open_battle[z] = (rnd, str(e.get("attacker")))
                first_attack.setdefault(str(e.get("attacker")), rnd)
        elif kind == "battle_end":
            z = int(e.get("zone"))
            if z in open_battle:
                r, att = open_battle.pop(z)
                res = {"attacker": "a", "defender": "d"}.get(e.get("result"), "x")
                fights.append([r, att, z, res])
        elif kind == "victory_points":
            side = str(e.get("side"))
            vp[side] = int(e.get("total", vp.get(side, 0)))
            tokens.append([rnd, side, str(e.get("objective")), int(e.get("vp", 0))])
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
        "first_attack": dict(sorted(first_attack.items())),
    }
    scores_vp = state is not None and any(
        o.kind == "victory" and "vp(" in (o.effect or "")
        for o in state.scenario.objectives.values()
    )
    if tokens or scores_vp:  # victory points (3G40's tokens): the totals, who scored what when
        out["vp"] = dict(sorted(vp.items()))
        out["vp_awards"] = tokens
    last = out["rounds"]
    out["income"] = {
        n: [by_round.get(r, 0) for r in range(1, last + 1)]
        for n, by_round in sorted(income.items())
    }
    if state is not None:
        nations = sorted({n for slot in state.board.turn_slots for n in slot})
        out["final_income"] = {n: nation_income(state, n) for n in nations}
        out["sides"] = {n: state.side_of(n) for n in nations}
        if winner is None and state.is_terminal():
            out["winner"] = state.winner
    return out
