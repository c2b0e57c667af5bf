"""What a condition is evaluated against: the :class:`World` protocol, and
:class:`ScenarioWorld`, a world built from a pack's scenario (its start state) that tests
and the editor's "evaluate now" can also modify by hand.

The game engine exposes its ``GameState`` through the same protocol (an adapter), so a
condition means the same thing in the editor, the validator, the CLI and a played game.

Event log vocabulary (dicts, as the engine writes them; ``round`` on every event):

- ``{"type": "declared_war", "by": A, "against": B}``
- ``{"type": "attacked", "by": nation, "zone": id}``
- ``{"type": "captured", "by": nation, "zone": id, "from": previous owner}``
- ``{"type": "liberated", "by": nation, "zone": id, "to": original owner}``
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from gamecore.engine.ruleset import load_ruleset
from gamecore.errors import WarroomError
from gamecore.model import Nation, Pack, Scenario, Zone
from gamecore.model.calendar import calendar_month

#: unit classes every classifier provides, besides the unit type's own name
BASE_CLASSES = ("any", "land", "sea", "air", "warship", "surface_warship", "submarine", "transport")


class World(Protocol):
    zones: Mapping[int, Zone]
    nations: Mapping[str, Nation]
    alliances: Mapping[str, frozenset[str]]  # alliance id -> member nation ids
    regions: Mapping[str, frozenset[int]]  # named regions (data), besides zone region tags
    params: Mapping[str, Any]
    unit_types: frozenset[str]
    round: int
    phase: str
    events: Sequence[dict]

    def owner(self, zone: int) -> str | None: ...
    def original(self, zone: int) -> str | None: ...
    def unit_counts(self, zone: int) -> Iterable[tuple[str, str, int]]: ...
    def relation(self, a: str, b: str) -> str: ...
    def income(self, nation: str) -> int: ...
    def bank(self, nation: str) -> int: ...
    def turn_of(self, nation: str) -> int: ...
    def unit_classes(self, unit_type: str) -> frozenset[str]: ...
    def alignment(self, zone: int) -> str | None: ...
    def adjacent(self, zone: int) -> Iterable[int]: ...
    def victory_points(self, side: str) -> int: ...


def classify_units(ruleset: Any | None, names: Iterable[str]) -> dict[str, frozenset[str]]:
    """Unit classes (``land``/``sea``/``air``, ``warship``, ``surface_warship``,
    ``submarine``, ``transport`` and the type's own name) from a ruleset's unit types; names
    the ruleset does not know are classified by their name."""
    units = getattr(ruleset, "units", {}) or {}
    out: dict[str, frozenset[str]] = {}
    for name in set(names) | set(units):
        u = units.get(name)
        domain = getattr(u, "domain", None) or _guess_domain(name)
        flags = set(getattr(u, "flags", ()) or ())
        classes = {"any", name, domain}
        if domain == "sea":
            if u is not None and hasattr(u, "is_warship"):
                warship, surface = bool(u.is_warship), bool(u.is_surface_warship)
            else:
                capacity = getattr(u, "transport_capacity", 0) or 0
                warship = name != "transport" and not (capacity > 0 and not getattr(u, "attack", 1))
                surface = warship and name not in ("submarine", "sub") and "submerge" not in flags
            if not warship:
                classes.add("transport")
            else:
                classes.add("warship")
                classes.add("surface_warship" if surface else "submarine")
        if name in ("aaa", "aa_gun", "antiaircraft"):
            classes.update({"aa_gun", "aaa"})
        out[name] = frozenset(classes)
    return out


_SEA_WORDS = (
    "submarine",
    "sub",
    "destroyer",
    "cruiser",
    "carrier",
    "battleship",
    "transport",
    "ship",
)
_AIR_WORDS = ("fighter", "bomber", "plane", "air")


def _guess_domain(name: str) -> str:
    n = name.lower()
    if any(w in n for w in _SEA_WORDS):
        return "sea"
    if any(w in n for w in _AIR_WORDS):
        return "air"
    return "land"


def _try_load_ruleset(pack: Pack, ruleset_id: str):
    """The scenario's ruleset, or None when it cannot be loaded (the validator reports
    unknown or broken rulesets; conditions then know only the units in the setup)."""
    try:
        return load_ruleset(ruleset_id, pack=pack)
    except (WarroomError, TypeError):
        return None


class ScenarioWorld:
    """The start state of a scenario as a :class:`World`; mutable for hand-built states."""

    def __init__(
        self,
        pack: Pack,
        scenario: Scenario | str,
        ruleset: Any | None = None,
        adjacency: Mapping[int, Iterable[int]] | None = None,
    ):
        if isinstance(scenario, str):
            scenario = pack.scenarios[scenario]
        self.pack = pack
        self.scenario = scenario
        self.zones = pack.map.zones
        self.nations = pack.nations
        self.alliances = {a.id: frozenset(a.members) for a in scenario.alliances.values()}
        regions: dict[str, set[int]] = defaultdict(set)
        for z in self.zones.values():
            if z.region:
                for tag in z.region.split(","):
                    regions[tag.strip()].add(z.id)
        for name, refs in (pack.map.props.get("regions") or {}).items():
            regions[name].update(self._zone_ids(refs))
        for name, refs in (scenario.props.get("regions") or {}).items():
            regions[name].update(self._zone_ids(refs))
        self.regions = {k: frozenset(v) for k, v in regions.items()}
        self.params = dict(scenario.options)
        self.params.update(scenario.props.get("params") or {})
        self._owner = {zid: o.owner for zid, o in scenario.ownership.items()}
        self._original = {zid: o.original for zid, o in scenario.ownership.items()}
        self._units: dict[int, dict[tuple[str, str], int]] = defaultdict(dict)
        for st in scenario.units:
            key = (st.nation, st.unit_type)
            self._units[st.zone][key] = self._units[st.zone].get(key, 0) + st.count
        self._relations = {k: r.status for k, r in scenario.relations.items()}
        self._banks = dict(scenario.banks)
        # an override set in the scenario is its income at the start
        self._income_override: dict[str, int] = dict(scenario.income_overrides)
        if ruleset is None:
            ruleset = _try_load_ruleset(pack, scenario.ruleset)
        self.ruleset = ruleset
        self._classes = classify_units(ruleset, {u for _, u in self._all_unit_keys()})
        self.unit_types = frozenset(self._classes)
        self._adjacency = {k: frozenset(v) for k, v in (adjacency or {}).items()}
        self._vp: dict[str, int] = defaultdict(int)
        self.round = 1
        self.phase = "purchase"
        self.events: list[dict] = []
        self.relation_types: dict[str, str] = dict(scenario.props.get("relation_types") or {})
        self._turns: dict[str, int] = {}
        self._techs: dict[str, set[str]] = {}

    def _zone_ids(self, refs: Iterable) -> set[int]:
        out = set()
        for ref in refs:
            z = self.pack.map.find_zone(ref)
            if z is not None:
                out.add(z.id)
        return out

    def _all_unit_keys(self):
        for per_zone in self._units.values():
            yield from per_zone

    @property
    def date_index(self) -> int:
        """The calendar month of :attr:`round` (year * 12 + month - 1; seeds/000 §2.5)."""
        return calendar_month(self.scenario.start, self.scenario.calendar, self.round)

    # -- World protocol
    def owner(self, zone: int) -> str | None:
        return self._owner.get(zone)

    def original(self, zone: int) -> str | None:
        return self._original.get(zone)

    def unit_counts(self, zone: int):
        for (nation, unit_type), count in self._units.get(zone, {}).items():
            if count:
                yield nation, unit_type, count

    def relation(self, a: str, b: str) -> str:
        if a == b:
            return "self"
        key = (a, b) if a < b else (b, a)
        return self._relations.get(key, "peace")

    def income(self, nation: str) -> int:
        if nation in self._income_override:
            return self._income_override[nation]
        return sum(z.value for zid, z in self.zones.items() if self._owner.get(zid) == nation)

    def bank(self, nation: str) -> int:
        return self._banks.get(nation, 0)

    def turn_of(self, nation: str) -> int:
        return self._turns.get(nation, self.round)

    def unit_classes(self, unit_type: str) -> frozenset[str]:
        cls = self._classes.get(unit_type)
        if cls is None:
            cls = classify_units(None, [unit_type])[unit_type]
            self._classes[unit_type] = cls
        return cls

    def alignment(self, zone: int) -> str | None:
        z = self.zones.get(zone)
        if z is None:
            return None
        if "alignment" in z.props:
            return z.props["alignment"]
        owner = self._owner.get(zone) or self._original.get(zone)
        nation = self.nations.get(owner) if owner else None
        return nation.props.get("alignment") if nation else None

    def facility_types(self, zone: int) -> list[str]:
        return [f.type for f in self.pack.map.facilities.values() if f.zone == zone]

    def adjacent(self, zone: int):
        return self._adjacency.get(zone, ())

    def victory_points(self, side: str) -> int:
        return self._vp.get(side, 0)

    @property
    def technologies(self) -> frozenset[str] | None:
        """The ruleset's technology ids (None: the ruleset is unknown)."""
        techs = getattr(self.ruleset, "technologies", None)
        return frozenset(techs) if techs is not None else None

    def has_tech(self, nation: str, tech: str) -> bool:
        """At the start: the scenario's head starts (``props.technologies``) that complete
        a technology, or what :meth:`set_tech` set."""
        if tech in self._techs.get(nation, ()):
            return True
        prog = (self.scenario.props.get("technologies") or {}).get(nation) or {}
        t = (getattr(self.ruleset, "technologies", None) or {}).get(tech)
        stage = prog.get(tech, 0) if isinstance(prog, dict) else 0
        return t is not None and isinstance(stage, int) and stage >= t.stages

    # -- hand-building states (tests, "what if" in the editor)
    def set_tech(self, nation: str, tech: str) -> None:
        self._techs.setdefault(nation, set()).add(tech)

    def set_owner(self, zone: int, nation: str | None) -> None:
        self._owner[zone] = nation

    def set_units(self, zone: int, nation: str, unit_type: str, count: int) -> None:
        self._units[zone][(nation, unit_type)] = count
        if unit_type not in self._classes:
            self._classes[unit_type] = classify_units(None, [unit_type])[unit_type]
            self.unit_types = frozenset(self._classes)

    def clear_units(self, zone: int | None = None) -> None:
        if zone is None:
            self._units.clear()
        else:
            self._units.pop(zone, None)

    def set_relation(self, a: str, b: str, status: str) -> None:
        self._relations[(a, b) if a < b else (b, a)] = status

    def set_income(self, nation: str, amount: int) -> None:
        self._income_override[nation] = amount

    def set_bank(self, nation: str, amount: int) -> None:
        self._banks[nation] = amount

    def set_victory_points(self, side: str, amount: int) -> None:
        self._vp[side] = amount

    def log(self, type: str, **fields) -> None:
        self.events.append({"type": type, "round": self.round, **fields})
