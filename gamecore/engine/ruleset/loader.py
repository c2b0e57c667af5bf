"""The ruleset and its loading: read a bundled or pack ruleset, merge what it ``extends``,
check option overrides, and build the whole :class:`Ruleset` from its tables."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from gamecore import DEFAULT_SYSTEM, safetoml
from gamecore.engine.options import Options
from gamecore.engine.ruleset.builders import (
    _build_border,
    _build_facility,
    _build_nation,
    _build_terrain,
    _build_unit,
    _modifier_table,
)
from gamecore.engine.ruleset.checker import _FAC_INT_KEYS, _KNOWN_TOP, _Checker
from gamecore.engine.ruleset.parts import (
    DOMAINS,
    TECH_EFFECT_KINDS,
    BorderEffect,
    DiceExpr,
    FacilityType,
    NationRules,
    OptionalRule,
    TechEffect,
    Technology,
    Terrain,
    UnitType,
)
from gamecore.engine.systems import get_system
from gamecore.errors import RulesError, RulesetError
from gamecore.paths import rulesets_dir


@dataclass
class Ruleset:
    id: str
    name: str
    system: str = DEFAULT_SYSTEM  # the rule system playing it (gamecore.engine.systems)
    dice: int = 6
    units: dict[str, UnitType] = field(default_factory=dict)
    facility_types: dict[str, FacilityType] = field(default_factory=dict)
    terrain: dict[str, Terrain] = field(default_factory=dict)
    phases: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    nations: dict[str, NationRules] = field(default_factory=dict)
    borders: dict[str, BorderEffect] = field(default_factory=dict)
    extends: str | None = None
    sources: list[str] = field(default_factory=list)
    description: str = ""
    source_path: str = ""
    # technologies (seeds/000 §7.6-§7.8) and optional rules (Appendix C)
    technologies: dict[str, Technology] = field(default_factory=dict)
    optional: dict[str, OptionalRule] = field(default_factory=dict)
    raw: dict | None = field(default=None, repr=False, compare=False)  # merged TOML data
    #: bot name -> its options for this ruleset (``[bots.heuristic]``): not rules, the
    #: bots' own knobs (each bot checks and documents its options)
    bots: dict[str, dict[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.options, Options):  # reads of undeclared names raise
            self.options = Options(self.options)
        self._alias: dict[str, str] = {}
        for ft in self.facility_types.values():
            self._alias[ft.id] = ft.id
            for a in ft.aliases:
                self._alias.setdefault(a, ft.id)
        #: unit type -> the technologies that unlock it (seeds/000 §7.8)
        self.unit_techs: dict[str, tuple[str, ...]] = {}
        #: unit type -> props.available_from (seeds/000 §7.2 availability dates)
        self.unit_dates: dict[str, Any] = {
            u.id: u.props["available_from"]
            for u in self.units.values()
            if "available_from" in u.props
        }
        #: effect kind -> [(technology id, effect)], for the engine's quick look-ups
        self.tech_effects: dict[str, list[tuple[str, TechEffect]]] = {}
        for t in self.technologies.values():
            for u in t.unlocks:
                self.unit_techs[u] = (*self.unit_techs.get(u, ()), t.id)
            for e in t.effects:
                self.tech_effects.setdefault(e.kind, []).append((t.id, e))

    def facility_type(self, name: str) -> FacilityType | None:
        """A facility type by id or alias (maps may say "factory" or "port")."""
        fid = self._alias.get(name)
        return self.facility_types.get(fid) if fid else None

    def nation_rules(self, nation: str) -> NationRules:
        nr = self.nations.get(nation)
        if nr is None:
            nr = NationRules(nation)
        return nr

    def with_options(self, overrides: dict[str, Any]) -> Ruleset:
        """A copy whose options are updated by a scenario's options."""
        if not overrides:
            return self
        if self.raw is not None and any(
            k in self.optional and overrides[k] != self.options.get(k) for k in overrides
        ):
            # an optional rule switched: rebuild with its patches (Appendix C)
            return _build(self.raw, self.source_path, overrides)
        opts = dict(self.options)
        opts.update(overrides)
        return Ruleset(
            id=self.id,
            name=self.name,
            system=self.system,
            dice=self.dice,
            units=self.units,
            facility_types=self.facility_types,
            terrain=self.terrain,
            phases=self.phases,
            options=opts,
            nations=self.nations,
            borders=self.borders,
            extends=self.extends,
            sources=self.sources,
            description=self.description,
            source_path=self.source_path,
            technologies=self.technologies,
            optional=self.optional,
            raw=self.raw,
            bots=self.bots,
        )

    def terrain_of(self, name: str) -> Terrain:
        t = self.terrain.get(name)
        return t if t is not None else Terrain(name or "clear")


# ---------------------------------------------------------------------------
# loading


def _system_of(c: _Checker, head: dict):
    """The rule system a ruleset names (``[ruleset] system = "aa"``; the Axis & Allies
    family when it names none)."""
    name = head.get("system", DEFAULT_SYSTEM)
    if not isinstance(name, str) or not name:
        c.fail("ruleset.system", f"must be the name of a rule system, not {name!r}")
    try:
        return get_system(name)
    except RulesError as err:
        c.fail("ruleset.system", str(err))


def load_ruleset(name: str, pack=None) -> Ruleset:
    """The ruleset ``name``: a :class:`~gamecore.model.RulesetDoc` stored in ``pack``
    first, else a bundled ``resources/rulesets/<name>.toml``."""
    data, source = _load_merged(name, pack, [])
    return _build(data, source)


def parse_ruleset(text: str, source: str = "<ruleset>", pack=None) -> Ruleset:
    """A ruleset from TOML text (its ``extends`` resolve against ``pack`` and the bundled
    rulesets)."""
    data = _parse_toml(text, source)
    own_head = data.get("ruleset", {}) if isinstance(data.get("ruleset"), dict) else {}
    parent = _extends_of(data, source)
    if parent:
        base, _ = _load_merged(parent, pack, [source])
        data = _merge(base, data)
        head = data.setdefault("ruleset", {})
        head["id"] = own_head.get("id", Path(source).stem)
        head["name"] = own_head.get("name", head["id"])
    return _build(data, source)


def bundled_rulesets() -> list[str]:

    d = rulesets_dir()
    return sorted(p.stem for p in d.glob("*.toml")) if d.is_dir() else []


def _parse_toml(text: str, source: str) -> dict:
    """The entry point of every ruleset text: parsed within safetoml's limits (size,
    depth, 64-bit integers, no dates), a one-line RulesetError naming the source."""
    try:
        return safetoml.loads(text)
    except safetoml.TomlLimitError as err:
        raise RulesetError(str(err), source) from None


def _extends_of(data: dict, source: str) -> str | None:
    ext = data.get("extends", data.get("ruleset", {}).get("extends"))
    if ext is None or ext == "":
        return None
    if not isinstance(ext, str):
        raise RulesetError("key 'extends': must be a ruleset id (a string)", source)
    return ext


def _read_source(name: str, pack) -> tuple[str, str]:
    if pack is not None and name in getattr(pack, "rulesets", {}):
        return pack.rulesets[name].text, f"pack ruleset '{name}'"

    if not re.fullmatch(r"[A-Za-z0-9_.-]+", name):
        raise RulesetError(f"'{name}' is not a valid ruleset id", name)
    path = Path(rulesets_dir()) / f"{name}.toml"
    if not path.is_file():
        known = ", ".join(bundled_rulesets()) or "none"
        raise RulesetError(f"no ruleset '{name}' (bundled: {known})", path)
    try:
        return path.read_text(encoding="utf-8"), str(path)
    except (OSError, UnicodeDecodeError) as err:
        raise RulesetError(f"cannot read: {err}", path) from None


def _load_merged(name: str, pack, seen: list[str]) -> tuple[dict, str]:
    if name in seen:
        raise RulesetError(f"key 'extends': cycle {' -> '.join([*seen, name])}", seen[-1])
    text, source = _read_source(name, pack)
    data = _parse_toml(text, source)
    own_head = data.get("ruleset", {}) if isinstance(data.get("ruleset"), dict) else {}
    parent = _extends_of(data, source)
    if parent:
        base, _ = _load_merged(parent, pack, [*seen, name])
        data = _merge(base, data)
        # a variant is itself, not its parent: its own id and name
        head = data.setdefault("ruleset", {})
        head["id"] = own_head.get("id", name)
        head["name"] = own_head.get("name", head["id"])
    data.setdefault("ruleset", {}).setdefault("id", name)
    return data, source


def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for k, v in over.items():
        if k == "extends":
            continue
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            if v.get("remove") is True:
                out.pop(k, None)
                continue
            out[k] = _merge(out[k], v)
        elif isinstance(v, dict):
            if v.get("remove") is True:
                out.pop(k, None)
                continue
            out[k] = v
        else:
            out[k] = v
    out.pop("extends", None)
    if "ruleset" in out and isinstance(out["ruleset"], dict):
        out["ruleset"] = {k: v for k, v in out["ruleset"].items() if k != "extends"}
    return out


class _OverrideChecker:
    """What a system's ``check_options``/``check_ruleset`` report to when a scenario's (or
    a caller's) option overrides are checked: the first failure, as a RulesError naming
    ``where`` and the option."""

    def __init__(self, where: str):
        self.where = where

    def fail(self, key: str, reason: str):
        if key.startswith("options."):
            raise RulesError(f"{self.where}: option '{key.removeprefix('options.')}' {reason}")
        raise RulesError(f"{self.where}: with its options, the ruleset's '{key}': {reason}")


def check_overrides(rules: Ruleset, overrides: dict[str, Any], where: str) -> None:
    """Check option ``overrides`` (a scenario's options, a caller's) as a ruleset file's
    options are checked: each against its option spec, then the merged options with the
    rule system's ``check_options`` and ``check_ruleset`` (the shapes and references a
    spec alone cannot say, e.g. hgw_siberia_income's [date, PP] rows). Raises RulesError
    "``where``: option 'k' why" on the first refusal (``where``: e.g. "scenario 'x'")."""
    if not overrides:
        return
    system = get_system(rules.system)
    specs = system.option_specs()
    for k, v in overrides.items():
        spec = specs.get(k)
        why = spec.check(v) if spec is not None else None
        if why is not None:
            raise RulesError(f"{where}: option '{k}' {why}")
    merged = {**rules.options, **overrides}
    c = _OverrideChecker(where)
    try:
        system.check_options(c, merged)
        system.check_ruleset(
            c, merged, rules.units, rules.facility_types, rules.terrain, rules.borders
        )
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as err:
        # a value of a shape the system's checks did not foresee: still a one-line error
        names = ", ".join(sorted(map(str, overrides)))
        raise RulesError(
            f"{where}: options the rule system cannot read ({names}): {type(err).__name__}"
        ) from err


def _build(data: dict, source: str, overrides: dict[str, Any] | None = None) -> Ruleset:
    """Build a ruleset from merged TOML ``data``; ``overrides`` (scenario options) also
    decide which optional rules' patches apply."""
    c = _Checker(source)
    unpatched = data
    head = c.table(data.get("ruleset", {}), "ruleset")
    system = _system_of(c, head)
    defaults = system.default_options()
    optional = _build_optionals(c, data.get("optional", {}))
    if optional:
        own = c.table(data.get("options", {}), "options")
        for o in optional.values():
            on = (overrides or {}).get(o.id, own.get(o.id, defaults.get(o.id, o.default)))
            if not isinstance(on, bool):
                c.fail(f"options.{o.id}", f"must be true or false, not {on!r}")
            for patch in o.on if on else o.off:
                data = _merge(data, patch)
    known_top = _KNOWN_TOP
    for k in data:
        if k not in known_top:
            c.fail(k, f"unknown key (expected one of {', '.join(sorted(known_top))})")
    head = c.table(data.get("ruleset", {}), "ruleset")
    for k in head:
        if k not in ("id", "name", "extends", "description", "sources", "dice", "phases", "system"):
            c.fail(f"ruleset.{k}", "unknown key")
    rid = c.str_(head.get("id", Path(source).stem), "ruleset.id")
    name = c.str_(head.get("name", rid), "ruleset.name")
    dice = data.get("dice", head.get("dice", 6))
    dice = c.int_(dice, "dice", 2, 100)
    sources = list(c.strs(head.get("sources", []), "ruleset.sources"))
    description = c.str_(head.get("description", ""), "ruleset.description")

    known_phases = system.phase_names()
    phases = list(c.strs(data.get("phases", head.get("phases", list(known_phases))), "phases"))
    if not phases:
        c.fail("phases", "must list at least one phase")
    for i, p in enumerate(phases):
        if p not in known_phases:
            c.fail(
                f"phases[{i}]",
                f"unknown phase '{p}' of system '{system.name}' (known: {', '.join(known_phases)})",
            )
    if len(set(phases)) != len(phases):
        c.fail("phases", "a phase is listed twice")

    options = dict(defaults)
    specs = system.option_specs()
    for k, v in c.table(data.get("options", {}), "options").items():
        spec = specs.get(k)
        if spec is not None:
            why = spec.check(v)
            if why is not None:
                c.fail(f"options.{k}", why)
        options[k] = v
    for o in optional.values():
        # an optional rule may name an engine option: that option is its switch
        options.setdefault(o.id, o.default)
        if not isinstance(options[o.id], bool):
            c.fail(f"options.{o.id}", f"must be true or false, not {options[o.id]!r}")
    system.check_options(c, options)
    if overrides:
        options.update(overrides)

    units: dict[str, UnitType] = {}
    raw_units = c.table(data.get("units", {}), "units")
    for uid, raw in raw_units.items():
        units[uid] = _build_unit(c, uid, c.table(raw, f"units.{uid}"), dice)
    facilities: dict[str, FacilityType] = {}
    for fid, raw in c.table(data.get("facilities", {}), "facilities").items():
        facilities[fid] = _build_facility(c, fid, c.table(raw, f"facilities.{fid}"))
    terrain: dict[str, Terrain] = {}
    for tid, raw in c.table(data.get("terrain", {}), "terrain").items():
        terrain[tid] = _build_terrain(c, tid, c.table(raw, f"terrain.{tid}"), units)
    nations: dict[str, NationRules] = {}
    for nid, raw in c.table(data.get("nations", {}), "nations").items():
        nations[nid] = _build_nation(c, nid, c.table(raw, f"nations.{nid}"))
    borders: dict[str, BorderEffect] = {}
    for bid, raw in c.table(data.get("borders", {}), "borders").items():
        borders[bid] = _build_border(c, bid, c.table(raw, f"borders.{bid}"), units)

    bots: dict[str, dict[str, Any]] = {}
    for bname, raw in c.table(data.get("bots", {}), "bots").items():
        bots[bname] = dict(c.table(raw, f"bots.{bname}"))

    subst = options.get("setup_substitutes") or {}
    if not isinstance(subst, dict):
        c.fail("options.setup_substitutes", "must be a table of unit type = unit type")
    for k, v in subst.items():
        if k not in units or v not in units:
            c.fail(f"options.setup_substitutes.{k}", f"unknown unit type ({k!r} = {v!r})")
    for u in units.values():
        when = u.props.get("available_from")
        if when is None:
            continue
        dates = when.values() if isinstance(when, dict) else [when]
        if not all(isinstance(d, str) and re.match(r"^\d{4}(-\d{1,2})?$", d) for d in dates):
            c.fail(f"units.{u.id}.props.available_from", f"not a date like '1939-07': {when!r}")
    technologies: dict[str, Technology] = {}
    for tid, rawt in c.table(data.get("technologies", {}), "technologies").items():
        technologies[tid] = _build_technology(
            c, tid, c.table(rawt, f"technologies.{tid}"), units, facilities
        )

    # cross references
    for u in units.values():
        for i, s in enumerate(u.support):
            for t in s.targets:
                if t not in units:
                    c.fail(f"units.{u.id}.support[{i}].targets", f"unknown unit type '{t}'")
        for t in u.blitz_with:
            if t not in units:
                c.fail(f"units.{u.id}.blitz_with", f"unknown unit type '{t}'")
        for t in u.towed_by:
            if t not in units:
                c.fail(f"units.{u.id}.towed_by", f"unknown unit type '{t}'")
        for t in u.bombing_targets:
            if t not in facilities:
                c.fail(f"units.{u.id}.bombing_targets", f"unknown facility type '{t}'")
        if u.bombing_targets and u.bombing is None:
            c.fail(f"units.{u.id}.bombing", "needed when bombing_targets is given")
        for dom in (*u.cannot_target, *u.hidden_from, *u.aa_targets):
            if dom not in DOMAINS:
                c.fail(f"units.{u.id}", f"unknown domain '{dom}'")
    for f in facilities.values():
        for ref, key in (
            (f.captured_becomes, "captured_becomes"),
            (f.upgrade_from, "upgrade_from"),
        ):
            if ref is not None and ref not in facilities:
                c.fail(f"facilities.{f.id}.{key}", f"unknown facility type '{ref}'")
        if f.border_effect is not None and f.border_effect not in borders:
            c.fail(f"facilities.{f.id}.border_effect", f"no [borders.{f.border_effect}] table")
    for u in list(units.values()):
        if u.hits_only:
            for t in u.hits_only:
                if t not in units:
                    c.fail(f"units.{u.id}.hits_only", f"unknown unit type '{t}'")
            others = tuple(sorted(k for k in units if k not in u.hits_only))
            units[u.id] = replace(u, cannot_target=(*u.cannot_target, *others))
    system.check_ruleset(c, options, units, facilities, terrain, borders)
    for n in nations.values():
        for t in n.can_buy or ():
            if t not in units and t not in facilities:
                c.fail(f"nations.{n.id}.can_buy", f"unknown unit type '{t}'")
        for ph in n.phases or ():
            if ph not in phases:
                c.fail(f"nations.{n.id}.phases", f"phase '{ph}' is not one of the ruleset's")
        for t in n.free_units:
            if t not in units:
                c.fail(f"nations.{n.id}.free_units", f"unknown unit type '{t}'")

    return Ruleset(
        id=rid,
        name=name,
        system=system.name,
        dice=dice,
        units=units,
        facility_types=facilities,
        terrain=terrain,
        phases=phases,
        options=options,
        nations=nations,
        borders=borders,
        sources=sources,
        description=description,
        source_path=source,
        technologies=technologies,
        optional=optional,
        raw=unpatched,
        bots=bots,
    )


_TECH_KEYS = ("name", "targets", "unlocks", "effects", "section", "reconstructed", "props")
_EFFECT_KEYS = {
    "kind",
    "stat",
    "add",
    "set",
    "per_stage",
    "domains",
    "dice",
    "at_war_with",
    "value",
    "text",
}


def _build_technology(
    c: _Checker, tid: str, raw: dict, units: dict, facilities: dict
) -> Technology:
    key = f"technologies.{tid}"
    for k in raw:
        if k not in _TECH_KEYS:
            c.fail(f"{key}.{k}", f"unknown key (known: {', '.join(_TECH_KEYS)})")
    targets = raw.get("targets")
    if not isinstance(targets, list) or not targets:
        c.fail(f"{key}.targets", "must be a non-empty list of die values (one per stage)")
    tg = tuple(c.int_(v, f"{key}.targets[{i}]", 1) for i, v in enumerate(targets))
    unlocks = c.strs(raw.get("unlocks", []), f"{key}.unlocks")
    for u in unlocks:
        if u not in units:
            c.fail(f"{key}.unlocks", f"unknown unit type '{u}'")
    effects = []
    items = raw.get("effects", [])
    if not isinstance(items, list):
        c.fail(f"{key}.effects", "must be a list of tables")
    for i, e in enumerate(items):
        ek = f"{key}.effects[{i}]"
        e = c.table(e, ek)
        kw: dict[str, Any] = {}
        for k, v in e.items():
            if k not in _EFFECT_KEYS:
                c.fail(f"{ek}.{k}", "unknown key")
            if k in ("kind", "stat", "at_war_with", "text"):
                kw[k] = c.str_(v, f"{ek}.{k}")
            elif k in ("per_stage", "value"):
                kw[k] = c.int_(v, f"{ek}.{k}", None)
            elif k == "domains":
                kw[k] = c.strs(v, f"{ek}.{k}")
                for d in kw[k]:
                    if d not in DOMAINS:
                        c.fail(f"{ek}.domains", f"unknown domain '{d}'")
            elif k == "add":
                kw[k] = _modifier_table(c, v, f"{ek}.add", units)
            elif k == "set":
                t = c.table(v, f"{ek}.set")
                for name, val in t.items():
                    if name not in facilities:
                        c.fail(f"{ek}.set.{name}", "unknown facility type")
                    c.int_(val, f"{ek}.set.{name}")
                kw[k] = dict(t)
            elif k == "dice":
                try:
                    kw[k] = DiceExpr.parse(c.str_(v, f"{ek}.dice"))
                except ValueError as err:
                    c.fail(f"{ek}.dice", str(err))
        kind = kw.get("kind")
        if kind not in TECH_EFFECT_KINDS:
            c.fail(f"{ek}.kind", f"must be one of {', '.join(TECH_EFFECT_KINDS)}, not {kind!r}")
        if kind in ("unit_stat", "facility_stat") and not kw.get("stat"):
            c.fail(f"{ek}.stat", f"needed for a {kind} effect")
        if kind == "unit_stat" and not re.fullmatch(r"[a-z_][a-z0-9_]*", kw["stat"]):
            c.fail(f"{ek}.stat", f"not a stat name: {kw['stat']!r}")
        if kind == "facility_stat" and kw["stat"] not in _FAC_INT_KEYS:
            c.fail(f"{ek}.stat", f"not a numeric facility stat: {kw['stat']!r}")
        if kind == "income" and kw.get("dice") is None:
            c.fail(f"{ek}.dice", "needed for an income effect")
        if kw.get("at_war_with", "major") not in ("major", "any"):
            c.fail(f"{ek}.at_war_with", "must be 'major' or 'any'")
        effects.append(TechEffect(**kw))
    return Technology(
        id=tid,
        name=c.str_(raw.get("name", tid.replace("_", " ").capitalize()), f"{key}.name"),
        targets=tg,
        unlocks=unlocks,
        effects=tuple(effects),
        section=c.str_(raw.get("section", ""), f"{key}.section"),
        reconstructed=c.bool_(raw.get("reconstructed", False), f"{key}.reconstructed"),
        props=dict(c.table(raw.get("props", {}), f"{key}.props")),
    )


_OPTIONAL_KEYS = ("name", "section", "default", "status", "summary", "on", "off")
OPTIONAL_STATUS = ("engine", "data", "not yet")


def _build_optionals(c: _Checker, raw: Any) -> dict[str, OptionalRule]:
    out: dict[str, OptionalRule] = {}
    for oid, r in c.table(raw, "optional").items():
        key = f"optional.{oid}"
        r = c.table(r, key)
        for k in r:
            if k not in _OPTIONAL_KEYS:
                c.fail(f"{key}.{k}", f"unknown key (known: {', '.join(_OPTIONAL_KEYS)})")
        patches: dict[str, tuple[dict, ...]] = {}
        for side in ("on", "off"):
            v = r.get(side, [])
            items = v if isinstance(v, list) else [v]
            for i, p in enumerate(items):
                c.table(p, f"{key}.{side}[{i}]")
                for k in p:
                    if k not in _KNOWN_TOP or k in ("optional", "ruleset", "extends"):
                        c.fail(f"{key}.{side}[{i}].{k}", "a patch may not change this key")
            patches[side] = tuple(items)
        status = c.str_(r.get("status", "not yet"), f"{key}.status")
        if status not in OPTIONAL_STATUS:
            c.fail(f"{key}.status", f"must be one of {', '.join(OPTIONAL_STATUS)}")
        out[oid] = OptionalRule(
            id=oid,
            name=c.str_(r.get("name", oid), f"{key}.name"),
            section=c.str_(r.get("section", ""), f"{key}.section"),
            default=c.bool_(r.get("default", False), f"{key}.default"),
            status=status,
            summary=c.str_(r.get("summary", ""), f"{key}.summary"),
            on=patches["on"],
            off=patches["off"],
        )
    return out
