"""What a zone is worth to the game's own victory condition (the planner's push to end a
game by victory, and to stop the other side's).

Two kinds of victory are read, both through the rules' own queries on a hypothetical
owner of one zone (never by re-stating a rule here):

- the scenario's victory objectives that end the game (condition language:
  ``declare_winner``, e.g. `1939`'s "the Allies control Germany, Italy and Japan"): each
  land zone an objective of our side names and lacks is worth ``victory_value`` when taking
  it with the others it lacks would win (:func:`gamecore.sim.bots.objective_value.zone_gains`);
- the ruleset's verdict at the end of a game turn (The War Game, seeds/002 "Victory
  conditions", rules-notes/002 §2.8: the land race and the home zones,
  :func:`gamecore.rules.wargame.victory`): each zone held by an enemy whose capture alone
  would turn the verdict to us, or away from the enemy, is worth ``victory_value``. A
  capture that denies the enemy the win at the check is worth as much as one that wins:
  the Axis cannot win The War Game while the Allies hold one of its home zones, or while
  the Allies' land outweighs its own.

:class:`PlanView` is the heuristic machinery's view with that worth added to each zone's
(through its objective worth, which every attack, march and plan score reads).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.rules import wargame
from gamecore.sim.bots.heuristic import _View
from gamecore.sim.bots.objective_value import open_victories, zone_gains

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


class _Owned:
    """The game with some zones held by someone else (a hypothetical capture), for the
    rules' read-only victory query."""

    def __init__(self, state: GameState, taken: dict[int, str]):
        self._s = state
        self.owner = {**state.owner, **taken}
        self.board = state.board  # read once per zone by the land totals

    def __getattr__(self, name: str):
        return getattr(self._s, name)


def _verdict(state) -> str | None:
    won = wargame.victory(state)
    return won[0] if won else None


def victory_worth(state: GameState, nation: str, value: float) -> dict[int, float]:
    """Zone -> what taking it is worth to ``nation``'s side's victory, or to denying the
    enemy's (``value`` per zone that wins or denies; nothing when ``value`` is 0). Read
    once per position (the board's cache keeps the last few answers)."""
    if value <= 0 or state.terminal:
        return {}
    cache = state.board.cache.setdefault("planner_victory", {})
    key = (state.scenario.id, nation, value, state.round, hash(tuple(sorted(state.owner.items()))))
    hit = cache.get(key)
    if hit is None:
        if len(cache) > 16:
            cache.clear()
        hit = cache[key] = _worth(state, nation, value)
    return hit


def _worth(state: GameState, nation: str, value: float) -> dict[int, float]:
    side = state.side_of(nation)
    out: dict[int, float] = {}
    ends = open_victories(state, nation, "declare_winner")
    for z, v in zone_gains(state, nation, ends, lambda r: value).items():
        out[z] = out.get(z, 0.0) + v
    if not state.rules.options.get("wg_victory"):
        return out
    now = _verdict(state)
    b = state.board
    enemies = state.enemies(nation)
    for z in sorted(state.owner):
        if not b.is_land(z) or z in b.impassable or state.owner.get(z) not in enemies:
            continue
        after = _verdict(_Owned(state, {z: nation}))
        if after == now:
            continue
        if after == side or (now is not None and now != side):
            out[z] = out.get(z, 0.0) + value
    return out


class PlanView(_View):
    """The heuristic machinery's view, with :func:`victory_worth` in each zone's worth."""

    def __init__(self, s: GameState, nation: str, objective_weight: float, victory_value: float):
        super().__init__(s, nation, objective_weight)
        self._victory_value = victory_value

    def objective_worth(self) -> dict[int, float]:
        if self._objective_worth is None:
            worth = dict(super().objective_worth())
            if self._victory_value > 0 and self._objective_weight:
                extra = victory_worth(self.s, self.n, self._victory_value / self._objective_weight)
                for z, v in extra.items():
                    worth[z] = worth.get(z, 0.0) + v
            self._objective_worth = worth
        return self._objective_worth


__all__ = ["PlanView", "victory_worth"]
