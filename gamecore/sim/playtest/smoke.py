"""Smoke playtests: a few short games that look for crashes, stuck games and broken
replays. The validator's dynamic check (#9) can use :func:`smoke` instead of its own loop.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.errors import WarroomError
from gamecore.model import Pack

#: actions per round and nation after which a smoke game counts as stuck
MAX_ACTIONS_PER_TURN = 2000


@dataclass(frozen=True)
class SmokeProblem:
    """One thing a smoke game found. ``kind``: "start" (the scenario cannot start),
    "crash" (the engine or a bot raised), "stuck" (no legal action, or no progress),
    "replay" (the log does not replay to the same position: Invariant 4)."""

    kind: str
    seed: int
    message: str
    round: int = 0
    nation: str = ""
    phase: str = ""

    def __str__(self) -> str:
        where = f"round {self.round}, {self.nation}, {self.phase}: " if self.nation else ""
        return f"seed {self.seed}: {where}{self.message}"


def smoke(
    pack: Pack,
    scenario: str,
    seeds=(1, 2),
    rounds: int = 3,
    bots: str = "random",
    check_replay: bool = True,
) -> list[SmokeProblem]:
    """Play ``rounds`` rounds of ``scenario`` once per seed with ``bots`` (the random bot
    by default: it tries everything) and return the problems found (empty: all well)."""
    from gamecore.engine import new_game, replay
    from gamecore.geometry.adjacency import map_adjacency
    from gamecore.sim.bots import bots_for

    problems: list[SmokeProblem] = []
    try:
        adjacency = map_adjacency(pack.map)
    except Exception as err:  # noqa: BLE001 - reported, not raised
        return [SmokeProblem("start", 0, f"no adjacency: {type(err).__name__}: {err}")]
    for seed in seeds:
        try:
            state = new_game(pack, scenario, seed=seed, rounds=rounds, adjacency=adjacency)
            players = bots_for(bots, state, seed)
        except WarroomError as err:
            problems.append(SmokeProblem("start", seed, f"the scenario cannot start: {err}"))
            return problems
        except Exception as err:  # noqa: BLE001
            problems.append(
                SmokeProblem(
                    "start", seed, f"the engine failed to start: {type(err).__name__}: {err}"
                )
            )
            return problems
        nations = max(1, len(players))
        limit = MAX_ACTIONS_PER_TURN * nations * max(1, rounds)
        count = 0
        failed = False
        try:
            while not state.is_terminal():
                legal = state.legal_actions()
                if not legal:
                    problems.append(_at(state, "stuck", seed, "no legal action: the game is stuck"))
                    failed = True
                    break
                state.apply(players[state.current_player].choose(state))
                count += 1
                if count > limit:
                    problems.append(
                        _at(state, "stuck", seed, f"more than {limit} actions: no progress")
                    )
                    failed = True
                    break
        except Exception as err:  # noqa: BLE001 - any failure is a finding
            problems.append(_at(state, "crash", seed, f"{type(err).__name__}: {err}"))
            failed = True
        if check_replay and not failed:
            try:
                again = replay(pack, state.log)
                if again.snapshot() != state.snapshot():
                    problems.append(
                        SmokeProblem(
                            "replay", seed, "the game's log does not replay to the same position"
                        )
                    )
            except Exception as err:  # noqa: BLE001
                problems.append(
                    SmokeProblem(
                        "replay", seed, f"the log does not replay: {type(err).__name__}: {err}"
                    )
                )
    return problems


def _at(state, kind: str, seed: int, message: str) -> SmokeProblem:
    try:
        return SmokeProblem(kind, seed, message, state.round, state.current_nation, state.phase)
    except Exception:  # noqa: BLE001 - a broken state still gets reported
        return SmokeProblem(kind, seed, message)
