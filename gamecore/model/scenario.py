"""Nations, alliances, relations and scenarios."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

RELATIONS = ("war", "peace", "aligned", "controlled", "neutral", "pact")
NATION_KINDS = ("major", "minor", "neutral")


@dataclass
class Nation:
    """A power. Pack-level, shared by every scenario of the pack."""

    id: str  # code, e.g. "GER"; no spaces
    name: str
    colour: str = "#888888"  # "#rrggbb"
    kind: str = "major"  # NATION_KINDS
    playable: bool = True  # player-controlled (as opposed to a neutral bloc)
    capital: int | None = None  # zone id
    home_zones: list[int] = field(default_factory=list)
    flag_image: int | None = None  # BackgroundImage id holding the flag
    props: dict[str, Any] = field(default_factory=dict)


@dataclass
class Alliance:
    id: str  # e.g. "axis"
    name: str
    members: list[str] = field(default_factory=list)  # nation ids
    colour: str = "#888888"


@dataclass
class Relation:
    """The relation between two nations ``a`` < ``b`` (ids)."""

    a: str
    b: str
    status: str = "peace"  # RELATIONS
    initiated_by: str | None = None  # who declared (3G40 "unprovoked" wars)


@dataclass
class Ownership:
    owner: str | None = None  # nation id; None = uncontrolled
    original: str | None = None


@dataclass
class UnitStack:
    zone: int
    nation: str
    unit_type: str
    count: int = 1
    props: dict[str, Any] = field(default_factory=dict)  # e.g. {"damage": 1, "carried_by": …}


@dataclass
class Objective:
    """A national objective, victory condition or scheduled event, written in the
    condition language (gamecore.conditions). ``kind``: "objective", "victory", "event"."""

    id: str
    name: str
    kind: str = "objective"
    owner: str | None = None  # nation or alliance id
    condition: str = "true"
    effect: str = ""  # e.g. "income +5", "vp +1", "trigger pact"
    once: bool = False
    props: dict[str, Any] = field(default_factory=dict)


@dataclass
class Scenario:
    id: str  # no spaces, e.g. "1939"
    name: str
    ruleset: str = "g40"
    options: dict[str, Any] = field(default_factory=dict)  # ruleset options
    start: str = ""  # start date, e.g. "1939-09"
    calendar: str = (
        "year"  # turn length: "year", "6-months", "season", "month", N-seasons (model.calendar)
    )
    rounds: int | None = None  # None: play until victory
    turn_order: list[list[str]] = field(default_factory=list)  # slots of nation ids
    alliances: dict[str, Alliance] = field(default_factory=dict)
    relations: dict[tuple[str, str], Relation] = field(default_factory=dict)
    ownership: dict[int, Ownership] = field(default_factory=dict)  # zone id -> owners
    units: list[UnitStack] = field(default_factory=list)
    banks: dict[str, int] = field(default_factory=dict)
    income_overrides: dict[str, int] = field(default_factory=dict)
    objectives: dict[str, Objective] = field(default_factory=dict)
    props: dict[str, Any] = field(default_factory=dict)

    def relation(self, a: str, b: str) -> Relation | None:
        key = (a, b) if a < b else (b, a)
        return self.relations.get(key)

    def set_relation(self, a: str, b: str, status: str, initiated_by: str | None = None) -> None:
        key = (a, b) if a < b else (b, a)
        self.relations[key] = Relation(key[0], key[1], status, initiated_by)

    def owner_of(self, zone: int) -> str | None:
        o = self.ownership.get(zone)
        return o.owner if o else None

    def alliance_of(self, nation: str) -> str | None:
        for al in self.alliances.values():
            if nation in al.members:
                return al.id
        return None
