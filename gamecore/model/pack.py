"""The pack: one map, its nations, scenarios, ruleset overrides, images and results."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamecore.model.map import Map
from gamecore.model.scenario import Nation, Scenario


@dataclass
class RulesetDoc:
    """A ruleset stored in the pack (a modder's variant or house rules): TOML text that
    usually ``extends`` a bundled ruleset."""

    id: str
    text: str


@dataclass
class PlaytestResult:
    id: int
    scenario: str
    created: str  # ISO timestamp
    params: dict[str, Any] = field(default_factory=dict)  # bots, seed, games, rounds
    scenario_hash: str = ""  # hash of ruleset + scenario the games ran on
    results: dict[str, Any] = field(default_factory=dict)


@dataclass
class Pack:
    map: Map = field(default_factory=Map)
    nations: dict[str, Nation] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    rulesets: dict[str, RulesetDoc] = field(default_factory=dict)
    playtests: dict[int, PlaytestResult] = field(default_factory=dict)
    #: validation issues the designer chose to ignore: "CODE" or "CODE:where"
    ignored_issues: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)  # title, author, description, …
