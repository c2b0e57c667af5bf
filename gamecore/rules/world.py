"""A running game seen through the condition language's ``World`` protocol
(:mod:`gamecore.conditions.world`), so an objective means the same thing in the editor,
the validator and a played game.

The static parts (zones, nations, alliances, regions, parameters, unit classes) come from
one :class:`~gamecore.conditions.world.ScenarioWorld` built per game and shared by every
clone; the dynamic parts read the :class:`~gamecore.engine.state.GameState` (and the
A&A family's income and technology rules).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from gamecore.conditions.world import ScenarioWorld
from gamecore.model.calendar import calendar_month

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


def static_world(state: GameState):
    """The scenario's static world (built once per game, cached on the shared board)."""
    cache = state.board.cache
    w = cache.get("static_world")
    if w is None:
        adjacency = {z: set(n) for z, n in state.board.nbrs.items()}
        w = ScenarioWorld(state.pack, state.scenario, state.rules, adjacency)
        cache["static_world"] = w
    return w


class GameWorld:
    """The :class:`~gamecore.conditions.world.World` protocol over a game state."""

    def __init__(self, state: GameState):
        self.state = state
        base = static_world(state)
        self._base = base
        self.zones = base.zones
        self.nations = base.nations
        self.alliances = base.alliances
        if state.alliance is not state.board.alliance_of:  # changed in play (set_alliance)
            members: dict[str, set[str]] = {a: set() for a in base.alliances}
            for n, a in state.alliance.items():
                if a is not None:
                    members.setdefault(a, set()).add(n)
            self.alliances = {a: frozenset(m) for a, m in members.items()}
        self.regions = base.regions
        self.params = base.params
        self.unit_types = base.unit_types

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def date_index(self) -> int:
        sc = self.state.scenario
        return calendar_month(sc.start, sc.calendar, self.state.round)

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def events(self) -> tuple[dict[str, Any], ...]:
        return self.state.history

    def owner(self, zone: int) -> str | None:
        return self.state.owner.get(zone)

    def original(self, zone: int) -> str | None:
        return self.state.board.original.get(zone)

    def unit_counts(self, zone: int) -> Iterable[tuple[str, str, int]]:
        counts: dict[tuple[str, str], int] = {}
        units = self.state.units
        for uid in self.state.units_in(zone):
            u = units[uid]
            key = (u.nation, u.type)
            counts[key] = counts.get(key, 0) + 1
        for (nation, typ), n in counts.items():
            yield nation, typ, n

    def relation(self, a: str, b: str) -> str:
        return self.state.relation(a, b)

    def facility_types(self, zone: int) -> list[str]:
        return [f.type for f in self.state.facilities_in(zone)]

    @property
    def relation_types(self) -> dict[str, str]:
        """The scenario's named relationship types at the start ("A|B" -> name)."""
        return self.state.scenario.props.get("relation_types") or {}

    def income(self, nation: str) -> int:
        from gamecore.rules.economy import income_level

        return income_level(self.state, nation)  # the peacetime tracker when at peace

    def bank(self, nation: str) -> int:
        return self.state.banks.get(nation, 0)

    def turn_of(self, nation: str) -> int:
        return self.state.round

    def unit_classes(self, unit_type: str) -> frozenset[str]:
        return self._base.unit_classes(unit_type)

    def alignment(self, zone: int) -> str | None:
        al = self.state.alignment.get(zone)
        return al if al is not None else self._base.alignment(zone)

    def adjacent(self, zone: int) -> Iterable[int]:
        return self.state.board.nbrs.get(zone, ())

    def victory_points(self, side: str) -> int:
        return self.state.vp.get(side, 0)

    @property
    def technologies(self) -> frozenset[str]:
        return frozenset(self.state.rules.technologies)

    def has_tech(self, nation: str, tech: str) -> bool:
        from gamecore.rules.tech import has_tech

        return has_tech(self.state, nation, tech)
