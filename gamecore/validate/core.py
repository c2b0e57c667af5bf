"""Running the checks: the :class:`Validator` (a whole pack, then again after an edit
only what the edit touched), its :class:`Report`, and the checks the rule systems bring
(``RuleSystem.validator_checks``, run only on their own scenarios). The vocabulary the
check modules use is :mod:`gamecore.validate.registry`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from gamecore.model import Pack, Scenario
from gamecore.validate import (  # noqa: F401  (importing a check module registers its checks)
    checks_attrs,
    checks_dynamic,
    checks_graph,
    checks_gw,
    checks_hex,
    checks_map,
    checks_scenario,
    checks_war_game_map,
)
from gamecore.validate.registry import (
    COVERAGE_CODES,
    LOCAL_FAMILIES,
    REGISTRY,
    SEVERITIES,
    SEVERITY_RANK,
    CheckInfo,
    Context,
    Issue,
    system_checks,
)


def _selected(codes: Iterable[str] | None, code: str) -> bool:
    if codes is None:
        return True
    return any(code == c or code.startswith(c) for c in codes)


@dataclass
class Report:
    issues: list[Issue]
    ignored: int = 0

    @property
    def counts(self) -> dict[str, int]:
        out = {s: 0 for s in SEVERITIES}
        for i in self.issues:
            out[i.severity] += 1
        out["ignored"] = self.ignored
        return out

    @property
    def has_errors(self) -> bool:
        return any(i.severity == "error" for i in self.issues)


class Validator:
    """Runs the registered checks on a pack; keeps the last result so that
    :meth:`update` can re-run only zone checks for the zones an edit touched."""

    def __init__(
        self,
        pack: Pack,
        scenarios: Iterable[str] | None = None,
        select: Iterable[str] | None = None,
        ignore: Iterable[str] | None = None,
        include_slow: bool = False,
        progress: Callable[[int, int], None] | None = None,
    ):
        self.pack = pack
        self.scenario_ids = list(scenarios) if scenarios is not None else None
        self.select = list(select) if select else None
        self.ignore = list(ignore) if ignore else []
        self.include_slow = include_slow
        self.progress = progress
        self.issues: list[Issue] = []
        self._by_check: dict[str, list[Issue]] = {}
        self._shared: dict = {}

    # -- which checks
    def _checks(self) -> list[CheckInfo]:
        out = []
        for info in iter_checks():
            if not _selected(self.select, info.code) or _selected_ignore(self.ignore, info.code):
                continue
            if info.slow and not (self.include_slow or (self.select and info.code in self.select)):
                continue
            out.append(info)
        return out

    def _scenarios(self) -> list[Scenario]:
        if self.scenario_ids is None:
            return list(self.pack.scenarios.values())
        return [self.pack.scenarios[s] for s in self.scenario_ids if s in self.pack.scenarios]

    def _run_check(self, info: CheckInfo, zones: set[int] | None) -> list[Issue]:
        out: list[Issue] = []
        contexts = (
            [Context(self.pack, sc, self._shared) for sc in self._scenarios()]
            if info.needs_scenario
            else [Context(self.pack, None, self._shared)]
        )
        for ctx in contexts:
            if info.per_zone:
                targets = (
                    set(self.pack.map.zones) if zones is None else zones & set(self.pack.map.zones)
                )
                out.extend(info.fn(ctx, targets))
            else:
                out.extend(info.fn(ctx))
        return out

    # -- full run
    def run(self) -> Report:
        self._shared = {}
        checks = self._checks()
        self._by_check = {}
        for i, info in enumerate(checks):
            if self.progress:
                self.progress(i, len(checks))
            self._by_check[info.code] = self._run_check(info, None)
        if self.progress:
            self.progress(len(checks), len(checks))
        return self._report()

    # -- incremental run after an edit
    def update(
        self,
        zones: Iterable[int] = (),
        geometry_changed: bool = True,
        everything: bool = False,
        fields: Iterable[str] | None = None,
    ) -> Report:
        """Re-validate after an edit that touched ``zones``. Per-zone checks re-run only on
        those zones and their neighbours (before and after the edit); whole-pack checks
        re-run on data refreshed around the edit, except those that declare what they read
        (``reads``) when the edit's ``fields`` (gamecore.ops.Change.fields) are all zone,
        ownership or border fields and none of them is read."""
        local = None
        if fields is not None:
            local = set(fields) | ({"zone.geometry"} if geometry_changed else set())
            if not all(f.startswith(LOCAL_FAMILIES) for f in local):
                local = None  # scenario, feature, nation edits: every whole-pack check
        if everything or not self._by_check:
            return self.run()
        touched = set(zones)
        old = Context(self.pack, None, self._shared)
        around = set(touched)
        if "adjacency" in self._shared:
            for z in touched:
                around |= old.adjacency.get(z, set())
        # loaded rulesets and the per-geometry validity cache survive any edit
        rulesets = {
            k: v
            for k, v in self._shared.items()
            if (isinstance(k, tuple) and k[0] == "ruleset") or k == "validity"
        }
        if geometry_changed:
            pairs = self._shared.get("geometric_pairs")
            self._shared = rulesets
            if pairs is not None:
                self._shared["geometric_pairs"] = _update_pairs(self.pack, pairs, touched)
        else:
            keep = ("adjacency", "geometric_pairs", "topology")
            self._shared = rulesets | {k: self._shared[k] for k in keep if k in self._shared}
        ctx = Context(self.pack, None, self._shared)
        for z in touched:
            around |= ctx.adjacency.get(z, set())
        if geometry_changed:
            self._shared["edit"] = around
            self._shared["coverage_was_valid"] = not any(
                self._by_check.get(code) for code in COVERAGE_CODES
            )
        for info in self._checks():
            if info.per_zone:
                kept = [i for i in self._by_check.get(info.code, []) if not (set(i.zones) & around)]
                # a re-run near the edit may find again what a zone further away still has
                merged = {(i.key, i.message): i for i in kept + self._run_check(info, around)}
                self._by_check[info.code] = list(merged.values())
            elif local is None or info.code not in self._by_check or info.reads_any(local):
                self._by_check[info.code] = self._run_check(info, None)
        self._shared.pop("edit", None)
        return self._report()

    def _report(self) -> Report:
        issues = [i for code in sorted(self._by_check) for i in self._by_check[code]]
        ignored_keys = set(self.pack.ignored_issues)
        kept = [i for i in issues if i.key not in ignored_keys and i.code not in ignored_keys]
        kept.sort(
            key=lambda i: (SEVERITY_RANK[i.severity], i.code, i.scenario or "", i.zones, i.message)
        )
        self.issues = kept
        return Report(kept, len(issues) - len(kept))


def _update_pairs(pack: Pack, pairs: set[tuple[int, int]], touched: set[int]):
    """Geometric adjacency after an edit of ``touched`` zones: recomputed only among
    those zones and the zones they now intersect."""
    import shapely

    from gamecore.geometry.adjacency import compute_adjacency

    zones = pack.map.zones
    ids = [z for z, v in zones.items() if v.geometry is not None]
    tree = shapely.STRtree([zones[z].geometry for z in ids])
    cand = {z for z in touched if z in zones and zones[z].geometry is not None}
    for z in list(cand):
        cand.update(ids[i] for i in tree.query(zones[z].geometry, predicate="intersects"))
    fresh = compute_adjacency({z: zones[z].geometry for z in cand})
    kept = {p for p in pairs if p[0] not in touched and p[1] not in touched}
    return kept | {p for p in fresh if p[0] in touched or p[1] in touched}


def _selected_ignore(ignore: list[str], code: str) -> bool:
    return any(code == c or code.startswith(c) for c in ignore)


def validate(pack: Pack, **kw) -> Report:
    """Validate a pack with every (non-slow) check; keyword arguments as :class:`Validator`."""
    return Validator(pack, **kw).run()


def iter_checks() -> Iterator[CheckInfo]:
    """Every check: the validator's own, then the rule systems'."""
    yield from REGISTRY.values()
    yield from system_checks().values()
