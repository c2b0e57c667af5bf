"""Bots that play through the agent interface. The heuristic ones come later (gamecore.sim);
this module has the random bot and the loop that drives a game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from gamecore.engine.actions import Action
from gamecore.engine.rng import Rng
from gamecore.engine.state import GameState
from gamecore.errors import RulesError


class Bot(Protocol):
    def choose(self, state: GameState) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded generator (never the
    game's, so the game's dice do not depend on the bots)."""

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed ^ 0x5EED)

    def choose(self, state: GameState) -> Action:
        legal = state.legal_view()  # (read in place: no list of every move made)
        if not len(legal):
            raise RulesError("no legal action")
        return legal[self.rng.randint(0, len(legal) - 1)]


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot}


def make_bots(kind: str, state: GameState, seed: int) -> dict[str, Bot]:
    try:
        factory = BOTS[kind]
    except KeyError:
        raise RulesError(f"unknown bot '{kind}' (known: {', '.join(sorted(BOTS))})") from None
    nations = sorted({n for slot in state.board.turn_slots for n in slot})
    return {n: factory(seed * 1000 + i) for i, n in enumerate(nations)}


def play(
    state: GameState,
    bots: Bot | Mapping[str, Bot],
    max_actions: int | None = None,
    progress: Callable[[GameState, int], None] | None = None,
) -> int:
    """Let the bots play ``state`` until it is over (or ``max_actions``); returns the
    number of actions applied."""
    count = 0
    while not state.is_terminal():
        if max_actions is not None and count >= max_actions:
            break
        who = state.current_player
        bot = bots[who] if isinstance(bots, Mapping) else bots
        state.apply(bot.choose(state), check=False)
        count += 1
        if progress is not None:
            progress(state, count)
    return count
