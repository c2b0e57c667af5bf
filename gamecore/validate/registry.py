"""The validator's vocabulary: issues, fixes, the check registry and the run context.
The check modules import this; :mod:`gamecore.validate.core` runs them.

A check is a function registered with :func:`check`; it receives a :class:`Context` and
yields :class:`Issue` objects. Checks that look at zones one at a time declare
``per_zone=True`` and receive the set of zones to look at, which is how validation after
an edit re-runs only what the edit touched (:meth:`Validator.update`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property, wraps
from typing import Any

from gamecore.engine.systems import SystemCheck, systems
from gamecore.model import Pack, Scenario, in_scenario
from gamecore.validate.topology import COVERAGE_KINDS, topology

SEVERITIES = ("error", "warning", "info")
#: the checks that prove the zones form a coverage
COVERAGE_CODES = ("MAP002", "MAP003", "MAP010")
SEVERITY_RANK = {s: i for i, s in enumerate(SEVERITIES)}


@dataclass
class Fix:
    """A repair the editor can apply (and undo) as one step: ``make_edit(pack)`` returns a
    :class:`gamecore.ops.Edit`."""

    label: str
    make_edit: Callable[[Pack], Any]

    def to_json(self) -> dict:
        return {"label": self.label}


@dataclass
class Issue:
    code: str
    severity: str
    message: str
    zones: list[int] = field(default_factory=list)
    point: tuple[float, float] | None = None
    fix: Fix | None = None
    scenario: str | None = None
    #: other things the issue is about: {"links": [...], "lines": [...], "facilities": [...]}
    refs: dict[str, list] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """Stable identity for ignore lists: code + what it is about."""
        parts = [self.code]
        if self.scenario:
            parts.append(f"s={self.scenario}")
        if self.zones:
            parts.append("z=" + ",".join(str(z) for z in sorted(self.zones)))
        for name in sorted(self.refs):
            parts.append(f"{name}=" + ",".join(str(v) for v in self.refs[name]))
        return ":".join(parts)

    def to_json(self) -> dict:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "zones": list(self.zones),
            "point": list(self.point) if self.point else None,
            "fix": self.fix.to_json() if self.fix else None,
            "scenario": self.scenario,
            "refs": self.refs,
            "key": self.key,
        }


@dataclass
class CheckInfo:
    code: str
    severity: str
    family: str  # geometry, graph, attributes, scenario, dynamic, ruleset
    title: str
    fn: Callable[..., Iterable[Issue]]
    per_zone: bool = False
    needs_scenario: bool = False
    slow: bool = False  # dynamic checks: not run by default in the editor's live pass
    #: for a whole-pack check: the zone/ownership/border fields it reads (``"border."``: a
    #: family); None: it may read anything. :meth:`Validator.update` keeps its last result
    #: after an edit of zones, ownership or borders that changed none of them.
    reads: frozenset[str] | None = None

    def reads_any(self, fields: set[str]) -> bool:
        if self.reads is None:
            return True
        return any(f in self.reads or f.split(".", 1)[0] + "." in self.reads for f in fields)


REGISTRY: dict[str, CheckInfo] = {}

#: the checks the rule systems bring (RuleSystem.validator_checks), by code: kept apart
#: from the validator's own (:data:`REGISTRY`) and built again when a system adds one
_SYSTEM_INFOS: dict[str, tuple[SystemCheck, CheckInfo]] = {}

#: edits of these families may skip the whole-pack checks that do not read the field
LOCAL_FAMILIES = ("zone.", "ownership.", "border.")


def check(
    code: str,
    severity: str,
    family: str,
    title: str,
    *,
    per_zone: bool = False,
    scenario: bool = False,
    slow: bool = False,
    reads: Iterable[str] | None = None,
):
    """Register a check. The function is ``fn(ctx)`` or, with ``per_zone``,
    ``fn(ctx, zones)``; with ``scenario`` it runs once per scenario (``ctx.scenario`` set)."""

    def deco(fn):
        if code in REGISTRY:
            raise ValueError(f"check {code} registered twice")
        REGISTRY[code] = CheckInfo(
            code,
            severity,
            family,
            title,
            fn,
            per_zone,
            scenario,
            slow,
            frozenset(reads) if reads is not None else None,
        )
        return fn

    return deco


class Context:
    """What checks see: the pack, optionally one scenario, and derived data computed once
    per run (adjacency, ruleset, condition world)."""

    def __init__(self, pack: Pack, scenario: Scenario | None = None, shared: dict | None = None):
        self.pack = pack
        self.map = pack.map
        self.scenario = scenario
        # data shared between the contexts of one run (adjacency is the same for all scenarios)
        self.shared = shared if shared is not None else {}

    def issue(self, code: str, message: str, **kw) -> Issue:
        info = check_info(code)
        severity = kw.pop("severity", info.severity)
        if self.scenario is not None and info.needs_scenario:
            kw.setdefault("scenario", self.scenario.id)
        if "point" not in kw and kw.get("zones"):
            kw["point"] = self.zone_point(kw["zones"][0])
        return Issue(code, severity, message, **kw)

    def zone_point(self, zid: int) -> tuple[float, float] | None:
        z = self.map.zones.get(zid)
        if z is None:
            return None
        if z.label:
            return z.label
        if z.geometry is not None and not z.geometry.is_empty:
            p = z.geometry.representative_point()
            return (round(p.x, 3), round(p.y, 3))
        return None

    def zone_desc(self, zid: int) -> str:
        z = self.map.zones.get(zid)
        return f"zone '{z.name}' (id {zid})" if z else f"zone id {zid}"

    @property
    def adjacency(self) -> dict[int, set[int]]:
        """Map adjacency: shared borders + links - overrides (+ wrap)."""
        if "adjacency" not in self.shared:
            from gamecore.geometry.adjacency import map_adjacency

            self.shared["adjacency"] = map_adjacency(self.map, pairs=self.geometric_pairs)
        return self.shared["adjacency"]

    @property
    def geometric_pairs(self) -> set[tuple[int, int]]:
        """Pairs (a < b) of zones sharing a border of positive length (no links)."""
        if "geometric_pairs" not in self.shared:
            topo = topology(self)
            others = [
                z
                for z in self.map.zones.values()
                if z.geometry is not None and z.kind not in COVERAGE_KINDS
            ]
            if topo is not None and not len(topo.bad_segments()) and not others:
                pairs = topo.neighbour_pairs()  # exact and fast for a valid coverage
            else:
                from gamecore.geometry.adjacency import compute_adjacency

                geoms = {
                    zid: z.geometry for zid, z in self.map.zones.items() if z.geometry is not None
                }
                pairs = compute_adjacency(geoms)
            self.shared["geometric_pairs"] = pairs
        return self.shared["geometric_pairs"]

    def name_of(self, zid: int) -> str:
        z = self.map.zones.get(zid)
        return z.name if z else f"#{zid}"

    @cached_property
    def ruleset(self):
        """The scenario's ruleset, or None when it cannot be loaded (reported by SCN001)."""
        if self.scenario is None:
            return None
        key = ("ruleset", self.scenario.ruleset)
        if key not in self.shared:
            self.shared[key] = _load_ruleset(self.pack, self.scenario.ruleset)
        return self.shared[key][0]

    @property
    def ruleset_error(self) -> str | None:
        self.ruleset  # noqa: B018 - loads it
        return self.shared[("ruleset", self.scenario.ruleset)][1] if self.scenario else None

    @cached_property
    def world(self):
        from gamecore.conditions import ScenarioWorld

        return ScenarioWorld(self.pack, self.scenario, self.ruleset, self.adjacency)

    # -- map items that exist only in some scenarios (props.scenarios, model.in_scenario)
    def in_scope(self, props: dict) -> bool:
        """Whether a map item (convoy line, facility, ...) with these ``props`` exists in the
        scenario being checked (in every scenario when there is none or it names none)."""
        return in_scenario(props, self.scenario.id if self.scenario is not None else None)

    def scenarios_of(self, props: dict) -> list[Scenario]:
        """The pack's scenarios a map item with these ``props`` belongs to."""
        return [sc for sc in self.pack.scenarios.values() if in_scenario(props, sc.id)]

    def coexist(self, a: dict, b: dict) -> bool:
        """Whether two map items (their ``props``) are both present in some scenario (always,
        in a pack without scenarios)."""
        if not self.pack.scenarios:
            return True
        return any(in_scenario(a, s) and in_scenario(b, s) for s in self.pack.scenarios)

    def facility_types(self, scenarios: Iterable[Scenario] | None = None) -> dict[str, Any] | None:
        """Known facility type names (ids and aliases) of the rulesets in use (of
        ``scenarios`` when given, else of all the pack's), or None when no ruleset could be
        loaded."""
        rulesets = []
        chosen = self.pack.scenarios.values() if scenarios is None else scenarios
        for sc in chosen:
            key = ("ruleset", sc.ruleset)
            if key not in self.shared:
                self.shared[key] = _load_ruleset(self.pack, sc.ruleset)
            if self.shared[key][0] is not None:
                rulesets.append(self.shared[key][0])
        if not rulesets:
            return None
        names: dict[str, Any] = {}
        for rs in rulesets:
            for ft in rs.facility_types.values():
                names[ft.id] = ft
                for alias in getattr(ft, "aliases", ()):
                    names[alias] = ft
        return names


def _load_ruleset(pack: Pack, ruleset_id: str):
    from gamecore.errors import WarroomError

    try:
        from gamecore.rules import load_ruleset
    except ImportError as err:  # pragma: no cover - the rules package always exists
        return None, str(err)
    try:
        return load_ruleset(ruleset_id, pack=pack), None
    except WarroomError as err:
        return None, str(err)


def _system_check(system: str, chk: SystemCheck) -> CheckInfo:
    """A system's check as the validator runs it: once per scenario, on the scenarios
    whose ruleset plays ``system`` only."""

    @wraps(chk.fn)
    def run(ctx):
        rs = ctx.ruleset
        if rs is not None and rs.system == system:
            yield from chk.fn(ctx)

    return CheckInfo(chk.code, chk.severity, system, chk.title, run, needs_scenario=True)


def system_checks() -> dict[str, CheckInfo]:
    """The checks the registered rule systems bring, by code."""
    out = {}
    for name, system in systems().items():
        for chk in system.validator_checks():
            if chk.code in REGISTRY:
                raise ValueError(f"system '{name}': check {chk.code} is the validator's own")
            have = _SYSTEM_INFOS.get(chk.code)
            if have is None or have[0] is not chk:
                have = _SYSTEM_INFOS[chk.code] = (chk, _system_check(name, chk))
            out[chk.code] = have[1]
    return out


def check_info(code: str) -> CheckInfo:
    """The check ``code``: the validator's own or a rule system's."""
    info = REGISTRY.get(code)
    return info if info is not None else system_checks()[code]
