"""Rulesets as data (DESIGN.md, Invariant 6).

A ruleset is a TOML file: dice, unit types, facility types, terrain effects, the phase
list, the rule modules and their options, per-nation rules. ``extends = "g40"`` takes
another ruleset and overrides parts of it: tables merge key by key, arrays and scalars
replace, ``remove = true`` in a unit/facility/terrain table deletes that entry.

Every problem is a :class:`RulesetError` naming the file, the key and the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from gamecore import safetoml
from gamecore.engine.options import Options
from gamecore.engine.systems import DEFAULT_SYSTEM, get_system
from gamecore.errors import RulesError, RulesetError
from gamecore.model import BORDER_FLAGS
from gamecore.paths import rulesets_dir

DOMAINS = ("land", "air", "sea", "facility")
#: boolean unit flags
UNIT_FLAGS = (
    "first_strike",  # fires before the general step, casualties removed at once (subs)
    "detector",  # cancels enemy first strike/submerge and lets own air hit hidden units (destroyer)
    "submerge",  # may submerge instead of fighting when no enemy detector is present
    "blitz",  # may move through an empty hostile land zone and on
    "defenseless",  # chosen as casualty last; dies when left alone against armed enemies
    "infrastructure",  # never fights nor is a casualty; captured with the zone
    "no_combat_move",  # cannot move during combat move (AA guns)
    "immobile",  # never moves
    "scramble",  # may scramble from an air base to defend an adjacent sea zone
    "cannot_capture",  # a land unit that cannot take control of a zone
    "no_carrier",  # an air unit that may never land on a carrier (strategic bomber)
    # Global War T 9-1: its hits go to enemy aircraft first while the ruleset's
    # ``air_superiority_rounds`` last
    "air_superiority",
    # may intercept a bombing raid; when a ruleset marks any unit type so, only those do
    # (g40 and Global War: fighters only, rules-notes/004 §4.6, seeds/000 §9.16)
    "interceptor",
)
_DICE_RE = re.compile(r"^\s*(\d+)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


@dataclass(frozen=True)
class DiceExpr:
    """``NdS+K``: e.g. ``1d6+2`` for a strategic bomber's raid damage."""

    n: int = 1
    sides: int = 6
    plus: int = 0

    @classmethod
    def parse(cls, text: str) -> DiceExpr:
        m = _DICE_RE.match(text)
        if not m:
            raise ValueError(f"not a dice expression like '1d6+2': {text!r}")
        plus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
        return cls(int(m.group(1)), int(m.group(2)), plus)

    def __str__(self) -> str:
        tail = f"{self.plus:+d}" if self.plus else ""
        return f"{self.n}d{self.sides}{tail}"


@dataclass(frozen=True)
class Support:
    """A unit that lends ``value`` to ``stat`` of up to ``count`` units of ``targets``
    (artillery: +1 attack to one infantry)."""

    targets: tuple[str, ...]
    stat: str = "attack"
    value: int = 1
    count: int = 1


@dataclass(frozen=True)
class FireMode:
    """One way a unit may fire in a round (The War Game, seeds/002 "Bomber": two bomb
    rolls at 8 that hit land or sea units, or one gun roll at 2 that hits anything):
    its dice (one value per roll) and the domains its hits may go to (empty: any)."""

    id: str
    rolls: tuple[int, ...]
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class UnitType:
    id: str
    name: str
    domain: str  # land | air | sea | facility
    cost: int = 0
    attack: int = 0
    defense: int = 0
    movement: int = 0
    hits: int = 1
    transport_capacity: int = 0
    transport_cost: int = 0  # 0: cannot be transported
    carrier_capacity: int = 0
    carrier_cost: int = 0  # 0: cannot land on a carrier
    aa_shots: int = 0  # shots per AA unit (each at one target)
    aa_value: int = 0
    aa_targets: tuple[str, ...] = ("air",)
    bombard: int = 0  # shore bombardment value
    # domains (and, derived from ``hits_only``, unit types) this unit's hits can never be
    # assigned to
    cannot_target: tuple[str, ...] = ()
    # unit types its hits may only go to (Global War §9.6 Seaplanes: submarines and
    # transports); the loader adds every other unit type to ``cannot_target``
    hits_only: tuple[str, ...] = ()
    # towed: paired 1:1 with a unit of ``towed_by`` that moves with it, it may move
    # ``towed_movement`` (Global War §12.2: artillery and AA artillery by motorized
    # infantry, 2)
    towed_by: tuple[str, ...] = ()
    towed_movement: int = 0
    hidden_from: tuple[str, ...] = ()  # firer domains that cannot hit it unless a detector helps
    support: tuple[Support, ...] = ()
    blitz_with: tuple[str, ...] = ()  # may blitz when moving together with one of these
    bombing: DiceExpr | None = None  # strategic bombing damage
    bombing_targets: tuple[str, ...] = ()  # facility types it may raid
    air_battle: int = 0  # value in the air battle of a bombing raid
    convoy_dice: int = 0
    damaged: dict[str, int] = field(default_factory=dict)  # stat overrides when damaged
    nation_costs: dict[str, int] = field(default_factory=dict)
    # boolean flags (UNIT_FLAGS)
    first_strike: bool = False
    detector: bool = False
    submerge: bool = False
    blitz: bool = False
    defenseless: bool = False
    infrastructure: bool = False
    no_combat_move: bool = False
    immobile: bool = False
    scramble: bool = False
    cannot_capture: bool = False
    no_carrier: bool = False
    air_superiority: bool = False
    interceptor: bool = False
    # Global War T 9-1 target selection: a hit rolled at or under this number lets the
    # firing side pick the victim, among enemy units of ``target_selection_of`` (domains,
    # unit type ids or ``props.class`` values; empty: any it may hit)
    target_selection: int = 0
    target_selection_of: tuple[str, ...] = ()
    # several dice a round (The War Game, seeds/002 "Battleship": 8 and 6): one value per
    # roll; empty: one roll at ``attack`` / ``defense``. ``damaged_rolls``: the dice left
    # once damaged (both sides); ``bombard_rolls``: the dice of a shore bombardment
    attack_rolls: tuple[int, ...] = ()
    defense_rolls: tuple[int, ...] = ()
    damaged_rolls: tuple[int, ...] = ()
    bombard_rolls: tuple[int, ...] = ()
    # attack fire modes chosen each round (seeds/002 "Bomber"); ``default_fire_mode`` is
    # the one used when nobody chooses (bots, a decision not offered)
    fire_modes: dict[str, FireMode] = field(default_factory=dict)
    default_fire_mode: str = ""
    props: dict[str, Any] = field(default_factory=dict)

    def rolls(self, stat: str, damaged: bool = False, mode: str = "") -> tuple[int, ...]:
        """The dice this unit rolls in a round as ``stat`` ("attack" or "defense"): one
        value per roll (a roll <= value hits)."""
        if damaged and self.damaged_rolls:
            return self.damaged_rolls
        if stat == "attack" and self.fire_modes:
            fm = self.fire_modes.get(mode or self.default_fire_mode)
            if fm is not None:
                return fm.rolls
        own = self.attack_rolls if stat == "attack" else self.defense_rolls
        if own:
            return own
        v = self.stat(stat, damaged)
        return (v,) if v > 0 else ()

    @property
    def multi_die(self) -> bool:
        """Does it roll by its dice lists or fire modes rather than one die at its stat?"""
        return bool(
            self.attack_rolls or self.defense_rolls or self.damaged_rolls or self.fire_modes
        )

    def dice(
        self, stat: str, damaged: bool = False, mode: str = ""
    ) -> tuple[tuple[int, tuple[str, ...]], ...]:
        """Its dice as ``stat`` in a round: (value, domains its hit cannot go to) per roll.
        A fire mode's targets narrow where its hits go (seeds/002 "Bomber": bombs never
        hit aircraft)."""
        cannot = self.cannot_target
        if stat == "attack" and self.fire_modes and not (damaged and self.damaged_rolls):
            fm = self.fire_modes.get(mode or self.default_fire_mode)
            if fm is not None and fm.targets:
                extra = tuple(d for d in DOMAINS if d not in fm.targets and d not in cannot)
                cannot = (*cannot, *extra)
        return tuple((v, cannot) for v in self.rolls(stat, damaged, mode))

    def cost_for(self, nation: str) -> int:
        return self.nation_costs.get(nation, self.cost)

    def stat(self, name: str, damaged: bool = False) -> int:
        if damaged and name in self.damaged:
            return self.damaged[name]
        return getattr(self, name)

    @property
    def flags(self) -> frozenset[str]:
        return frozenset(f for f in UNIT_FLAGS if getattr(self, f))

    @property
    def aa_only(self) -> bool:
        """An AA gun that only fires at aircraft (no attack, no defence): under the option
        ``aa_alone_defends = false`` a side of such units alone does not fight."""
        return bool(self.aa_shots) and self.attack <= 0 and self.defense <= 0

    def lone_defenseless(self, transports: bool, aa: bool) -> bool:
        """Dies without a roll when its side holds nothing else and the enemy can hurt it:
        defenceless units (``transports``: the option ``unescorted_transports_die``), AA
        guns (``aa``: the option ``aa_alone_defends`` off)."""
        return (transports and self.defenseless) or (aa and self.aa_only)

    @property
    def is_warship(self) -> bool:
        """A sea unit that fights (not a transport)."""
        return self.domain == "sea" and not self.defenseless

    @property
    def is_surface_warship(self) -> bool:
        """What makes a sea zone hostile: a warship that is not a submarine."""
        return self.is_warship and not (self.first_strike and self.submerge)


@dataclass(frozen=True)
class FacilityType:
    id: str
    name: str
    cost: int = 0
    production: int = 0  # units mobilised per turn (0: not a production site)
    places: tuple[str, ...] = ("land", "air", "sea")  # domains it may mobilise
    max_damage: int = 0
    inoperative_at: int = 0  # damage at which it stops working (0: never)
    repair_cost: int = 1  # IPC per damage point
    min_value: int = 0  # zone value needed to build it
    needs_original: bool = False  # only on the builder's original territory
    forbid_island: bool = False
    needs_coast: bool = False
    captured_becomes: str | None = None  # e.g. a captured major IC becomes minor
    upgrade_from: str | None = None  # building it on this type replaces it
    upgrade_cost: int = 0
    aa_value: int = 0  # built-in AA against raiders of this facility
    air_move_bonus: int = 0
    sea_move_bonus: int = 0
    scramble: int = 0  # air units that may scramble from here
    repairs_ships: bool = False
    buildable: bool = True
    aliases: tuple[str, ...] = ()  # facility type names used by maps ("factory", "port")
    # Global War §12.7-§12.8: a facility that applies this ``[borders.*]`` effect to attacks
    # across the border it stands on (``Facility.props["border"]`` = the zone beyond it),
    # or across every border of its zone when it names none (special fortification zones)
    border_effect: str | None = None
    # Global War §12.9 coastal artillery: first-strike shots at ``coastal_value`` against
    # the ships bombarding or unloading into its zone, at most ``coastal_shots`` each
    coastal_shots: int = 0
    coastal_value: int = 0
    removed_on_capture: bool = False  # Global War §12.7, §12.9: gone when the zone falls
    nation_costs: dict[str, int] = field(default_factory=dict)  # seeds/002 §3 per-nation prices
    props: dict[str, Any] = field(default_factory=dict)

    def cost_for(self, nation: str) -> int:
        return self.nation_costs.get(nation, self.cost)


@dataclass(frozen=True)
class Terrain:
    id: str
    name: str = ""
    # modifier by the fighting unit's domain; a unit type id key overrides its domain's
    attack: dict[str, int] = field(default_factory=dict)
    defense: dict[str, int] = field(default_factory=dict)
    move_cost: int = 1
    impassable: bool = False
    no_blitz: bool = False  # units may not blitz into it
    no_blitz_out: bool = False  # a move that starts here may not blitz (GW T 9-3)
    slow: bool = False  # land units enter it only as their move's first step (GW §1.8)
    slow_exempt: tuple[str, ...] = ()  # unit types it does not slow (cavalry in mountains)
    # Global War §1.16: target selection this terrain gives its defenders (by domain or
    # unit type, as ``defense``), against units of ``target_selection_of``
    defense_target_selection: dict[str, int] = field(default_factory=dict)
    target_selection_of: tuple[str, ...] = ()
    # per unit type (or domain): the classes it picks from instead of
    # ``target_selection_of`` (empty: any; seeds/003 armour in a city)
    target_selection_of_types: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Global War §1.9 desert breakdown: an attacking unit of ``breakdown_of`` (domains,
    # unit types or ``props.class``) whose combat roll is at least ``breakdown`` leaves the
    # battle for the zone it attacked from (0: never)
    breakdown: int = 0
    breakdown_of: tuple[str, ...] = ()


@dataclass(frozen=True)
class BorderEffect:
    """Combat modifiers for attacks across a border with this attribute (river, mountain,
    fortified: ``gamecore.model.Border``), by the attacking/defending units' domain;
    ``rounds``: only in the first N rounds (0: every round)."""

    id: str
    attack: dict[str, int] = field(default_factory=dict)
    defense: dict[str, int] = field(default_factory=dict)
    rounds: int = 0
    # Global War §12.7 fortifications, §1.23 Maginot Line: the border's own first-strike
    # dice for the defender (in its rounds), hitting units of ``first_strike_targets``
    # domains; ``double_casualties``: attackers of these domains that crossed it take two
    # casualties per hit (§9.2) in its rounds
    first_strike_rolls: int = 0
    first_strike_value: int = 0
    first_strike_targets: tuple[str, ...] = ("land",)
    double_casualties: tuple[str, ...] = ()
    prop: bool = False  # keyed by the boolean border prop of its id, not a typed attribute


@dataclass(frozen=True)
class NationRules:
    """Per-nation exceptions (China in g40)."""

    id: str
    can_buy: tuple[str, ...] | None = None  # None: everything
    uses_factories: bool = True
    place_limit_per_zone: int = 3  # when not using factories: units per original zone
    convoy_immune: bool = False
    keeps_bank_on_capital_loss: bool = False
    transportable: bool = True
    capital_bank_to: str = ""  # "conqueror" | "bank": overrides capital_capture (§9.23 France)


#: kinds of technology effect (seeds/000 §7.8): what the engine reads for each is in
#: gamecore.rules.tech; "convoy" and "note" are data other rule modules may query
TECH_EFFECT_KINDS = ("unit_stat", "production", "facility_stat", "cost", "income", "convoy", "note")


@dataclass(frozen=True)
class TechEffect:
    """One effect of a completed technology (seeds/000 §7.8).

    ``unit_stat``: ``add`` a value to ``stat`` of units (keys: domain or unit type; a unit
    type's key overrides its domain's). ``production`` / ``facility_stat``: ``set`` a
    facility type's ``production`` (or ``stat``) to a value for the owner. ``cost``: unit
    and facility costs change by ``per_stage`` per production stage (``props.cost_schedule``
    or one stage) for the ``domains`` listed. ``income``: roll ``dice`` more IPP at collect
    income (``at_war_with``: "major" or "any"). ``convoy``: ``value`` added to the owner's
    convoy defence rolls. ``note``: ``text`` only."""

    kind: str
    stat: str = ""
    add: dict[str, int] = field(default_factory=dict)
    set: dict[str, int] = field(default_factory=dict)
    per_stage: int = 0
    domains: tuple[str, ...] = ()
    dice: DiceExpr | None = None
    at_war_with: str = "major"
    value: int = 0
    text: str = ""


@dataclass(frozen=True)
class Technology:
    """A technology of the research chart (seeds/000 §7.7 T 7-2): a success on a die of at
    least ``targets[i]`` completes stage ``i + 1``; the last stage completes it, and only
    then do ``unlocks`` (unit types) and ``effects`` apply."""

    id: str
    name: str
    targets: tuple[int, ...]
    unlocks: tuple[str, ...] = ()
    effects: tuple[TechEffect, ...] = ()
    section: str = ""
    reconstructed: bool = False  # a target the printed chart lost (seeds/000 T 7-2)
    props: dict[str, Any] = field(default_factory=dict)

    @property
    def stages(self) -> int:
        return len(self.targets)


@dataclass(frozen=True)
class OptionalRule:
    """An optional rule (seeds/000 Appendix C) as a scenario option named ``id``: when on,
    the ruleset is patched with ``on``; when off, with ``off`` (lists of partial rulesets
    merged in order, like ``extends``). ``status`` says how far the engine implements it:
    "engine" (a mechanism does it), "data" (kept as data for later rules), "not yet"."""

    id: str
    name: str = ""
    section: str = ""
    default: bool = False
    status: str = "not yet"
    summary: str = ""
    on: tuple[dict, ...] = ()
    off: tuple[dict, ...] = ()


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


class _Checker:
    def __init__(self, source: str):
        self.source = source

    def fail(self, key: str, reason: str):
        raise RulesetError(f"key '{key}': {reason}", self.source)

    def table(self, data: Any, key: str) -> dict:
        if not isinstance(data, dict):
            self.fail(key, "must be a table")
        return data

    def int_(self, v: Any, key: str, lo: int | None = 0, hi: int | None = None) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(key, f"must be an integer, not {v!r}")
        if lo is not None and v < lo:
            self.fail(key, f"must be >= {lo}, not {v}")
        if hi is not None and v > hi:
            self.fail(key, f"must be <= {hi}, not {v}")
        return v

    def bool_(self, v: Any, key: str) -> bool:
        if not isinstance(v, bool):
            self.fail(key, f"must be true or false, not {v!r}")
        return v

    def str_(self, v: Any, key: str) -> str:
        if not isinstance(v, str):
            self.fail(key, f"must be a string, not {v!r}")
        return v

    def strs(self, v: Any, key: str) -> tuple[str, ...]:
        if isinstance(v, str):
            return (v,)
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            self.fail(key, "must be a list of strings")
        return tuple(v)


#: the most movement points a unit type may have: searches take a step per point, so a
#: pack's ruleset with movement 1,000,000,000 played for ever (the rulebooks' longest
#: move is 8, TripleA maps' a few dozen)
MAX_MOVEMENT = 1000

_UNIT_INT_KEYS = {
    "cost": (0, None),
    "attack": (0, None),
    "defense": (0, None),
    "movement": (0, MAX_MOVEMENT),
    "hits": (1, None),
    "transport_capacity": (0, None),
    "transport_cost": (0, None),
    "carrier_capacity": (0, None),
    "carrier_cost": (0, None),
    "aa_shots": (0, None),
    "aa_value": (0, None),
    "bombard": (0, None),
    "air_battle": (0, None),
    "convoy_dice": (0, None),
    "target_selection": (0, None),
    "towed_movement": (0, MAX_MOVEMENT),
}
_FAC_INT_KEYS = (
    "cost",
    "production",
    "max_damage",
    "inoperative_at",
    "repair_cost",
    "min_value",
    "upgrade_cost",
    "aa_value",
    "air_move_bonus",
    "sea_move_bonus",
    "scramble",
    "coastal_shots",
    "coastal_value",
)
_FAC_BOOL_KEYS = (
    "needs_original",
    "forbid_island",
    "needs_coast",
    "repairs_ships",
    "buildable",
    "removed_on_capture",
)


_KNOWN_TOP = {
    "ruleset",
    "bots",
    "extends",
    "dice",
    "phases",
    "options",
    "units",
    "facilities",
    "terrain",
    "nations",
    "borders",
    "technologies",
    "optional",
}


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


def _build_unit(c: _Checker, uid: str, raw: dict, dice: int) -> UnitType:
    key = f"units.{uid}"
    kw: dict[str, Any] = {"id": uid}
    allowed = {f.name for f in fields(UnitType)} - {"id"} | {"flags"}
    for k, v in raw.items():
        if k not in allowed:
            c.fail(f"{key}.{k}", "unknown key")
        if k in _UNIT_INT_KEYS:
            lo, hi = _UNIT_INT_KEYS[k]
            kw[k] = c.int_(v, f"{key}.{k}", lo, hi)
        elif k in ("name", "domain"):
            kw[k] = c.str_(v, f"{key}.{k}")
        elif k in (
            "aa_targets",
            "cannot_target",
            "hits_only",
            "towed_by",
            "hidden_from",
            "blitz_with",
            "bombing_targets",
            "target_selection_of",
        ):
            kw[k] = c.strs(v, f"{key}.{k}")
        elif k == "flags":
            for i, fl in enumerate(c.strs(v, f"{key}.flags")):
                if fl not in UNIT_FLAGS:
                    c.fail(
                        f"{key}.flags[{i}]", f"unknown flag '{fl}' (known: {', '.join(UNIT_FLAGS)})"
                    )
                kw[fl] = True
        elif k in UNIT_FLAGS:
            kw[k] = c.bool_(v, f"{key}.{k}")
        elif k == "bombing":
            try:
                kw[k] = DiceExpr.parse(c.str_(v, f"{key}.{k}"))
            except ValueError as err:
                c.fail(f"{key}.{k}", str(err))
        elif k == "support":
            items = v if isinstance(v, list) else [v]
            sup = []
            for i, s in enumerate(items):
                sk = f"{key}.support[{i}]"
                s = c.table(s, sk)
                for kk in s:
                    if kk not in ("targets", "stat", "value", "count"):
                        c.fail(f"{sk}.{kk}", "unknown key")
                if "targets" not in s:
                    c.fail(f"{sk}.targets", "missing")
                stat = c.str_(s.get("stat", "attack"), f"{sk}.stat")
                if stat not in ("attack", "defense"):
                    c.fail(f"{sk}.stat", "must be 'attack' or 'defense'")
                sup.append(
                    Support(
                        targets=c.strs(s["targets"], f"{sk}.targets"),
                        stat=stat,
                        value=c.int_(s.get("value", 1), f"{sk}.value", None),
                        count=c.int_(s.get("count", 1), f"{sk}.count", 1),
                    )
                )
            kw[k] = tuple(sup)
        elif k in ("damaged", "nation_costs"):
            t = c.table(v, f"{key}.{k}")
            for kk, vv in t.items():
                # a damaged stat keeps its stat's range (movement: at most MAX_MOVEMENT)
                hi = _UNIT_INT_KEYS.get(kk, (0, None))[1] if k == "damaged" else None
                c.int_(vv, f"{key}.{k}.{kk}", 0, hi)
            kw[k] = dict(t)
        elif k in ("attack_rolls", "defense_rolls", "damaged_rolls", "bombard_rolls"):
            kw[k] = _rolls(c, v, f"{key}.{k}", dice)
        elif k == "default_fire_mode":
            kw[k] = c.str_(v, f"{key}.{k}")
        elif k == "fire_modes":
            modes = {}
            for mid, m in c.table(v, f"{key}.fire_modes").items():
                mk = f"{key}.fire_modes.{mid}"
                m = c.table(m, mk)
                for kk in m:
                    if kk not in ("rolls", "targets"):
                        c.fail(f"{mk}.{kk}", "unknown key (known: rolls, targets)")
                if "rolls" not in m:
                    c.fail(f"{mk}.rolls", "missing")
                targets = c.strs(m.get("targets", []), f"{mk}.targets")
                for t in targets:
                    if t not in DOMAINS:
                        c.fail(f"{mk}.targets", f"unknown domain {t!r}")
                modes[mid] = FireMode(mid, _rolls(c, m["rolls"], f"{mk}.rolls", dice), targets)
            kw[k] = modes
        elif k == "props":
            kw[k] = dict(c.table(v, f"{key}.props"))
    if kw.get("fire_modes"):
        kw.setdefault("default_fire_mode", next(iter(kw["fire_modes"])))
        if kw["default_fire_mode"] not in kw["fire_modes"]:
            c.fail(f"{key}.default_fire_mode", f"no fire mode {kw['default_fire_mode']!r}")
    elif kw.get("default_fire_mode"):
        c.fail(f"{key}.default_fire_mode", "the unit has no fire_modes")
    kw.setdefault("name", uid.replace("_", " ").capitalize())
    if "domain" not in kw:
        c.fail(f"{key}.domain", f"missing (one of {', '.join(DOMAINS)})")
    if kw["domain"] not in DOMAINS:
        c.fail(f"{key}.domain", f"must be one of {', '.join(DOMAINS)}, not '{kw['domain']}'")
    for stat in ("attack", "defense", "aa_value", "bombard", "air_battle"):
        if kw.get(stat, 0) > dice:
            c.fail(f"{key}.{stat}", f"{kw[stat]} is more than the die size {dice}")
    for k in kw.get("damaged", {}):
        if k not in _UNIT_INT_KEYS:
            c.fail(f"{key}.damaged.{k}", "unknown stat")
    u = UnitType(**kw)
    if u.carrier_cost and u.domain != "air":
        c.fail(f"{key}.carrier_cost", "only air units land on carriers")
    if u.transport_cost and u.domain != "land":
        c.fail(f"{key}.transport_cost", "only land units ride transports")
    return u


def _rolls(c: _Checker, v: Any, key: str, dice: int) -> tuple[int, ...]:
    """A list of die values, one per roll, each 1..dice."""
    if not isinstance(v, list) or not v:
        c.fail(key, "must be a non-empty list of die values")
    return tuple(c.int_(x, f"{key}[{i}]", 1, dice) for i, x in enumerate(v))


def _build_facility(c: _Checker, fid: str, raw: dict) -> FacilityType:
    key = f"facilities.{fid}"
    kw: dict[str, Any] = {"id": fid}
    allowed = {f.name for f in fields(FacilityType)} - {"id"}
    for k, v in raw.items():
        if k not in allowed:
            c.fail(f"{key}.{k}", "unknown key")
        if k in _FAC_INT_KEYS:
            hi = MAX_MOVEMENT if k.endswith("_move_bonus") else None
            kw[k] = c.int_(v, f"{key}.{k}", 0, hi)
        elif k in _FAC_BOOL_KEYS:
            kw[k] = c.bool_(v, f"{key}.{k}")
        elif k in ("name", "captured_becomes", "upgrade_from", "border_effect"):
            kw[k] = c.str_(v, f"{key}.{k}")
        elif k in ("places", "aliases"):
            kw[k] = c.strs(v, f"{key}.{k}")
        elif k == "nation_costs":
            t = c.table(v, f"{key}.{k}")
            for kk, vv in t.items():
                # a damaged stat keeps its stat's range (movement: at most MAX_MOVEMENT)
                hi = _UNIT_INT_KEYS.get(kk, (0, None))[1] if k == "damaged" else None
                c.int_(vv, f"{key}.{k}.{kk}", 0, hi)
            kw[k] = dict(t)
        elif k == "props":
            kw[k] = dict(c.table(v, f"{key}.props"))
    kw.setdefault("name", fid.replace("_", " ").capitalize())
    for d in kw.get("places", ()):
        if d not in DOMAINS:
            c.fail(f"{key}.places", f"unknown domain '{d}'")
    return FacilityType(**kw)


def _modifier_table(c: _Checker, v: Any, key: str, units: dict) -> dict[str, int]:
    """``{ land = -1, marine = 0 }``: a modifier by the fighting unit's domain; a unit type
    id overrides its domain's entry for that type (Global War: Marines ignore rivers)."""
    t = c.table(v, key)
    for name, val in t.items():
        if name not in DOMAINS and name not in units:
            c.fail(f"{key}.{name}", f"unknown domain or unit type (domains: {', '.join(DOMAINS)})")
        c.int_(val, f"{key}.{name}", None)
    return dict(t)


def _build_terrain(c: _Checker, tid: str, raw: dict, units: dict | None = None) -> Terrain:
    key = f"terrain.{tid}"
    kw: dict[str, Any] = {"id": tid}
    for k, v in raw.items():
        if k in ("attack", "defense", "defense_target_selection"):
            kw[k] = _modifier_table(c, v, f"{key}.{k}", units or {})
        elif k in ("target_selection_of", "breakdown_of"):
            kw[k] = c.strs(v, f"{key}.{k}")
        elif k == "target_selection_of_types":
            tab = c.table(v, f"{key}.{k}")
            for name in tab:
                if name not in DOMAINS and name not in (units or {}):
                    c.fail(f"{key}.{k}.{name}", "unknown domain or unit type")
            kw[k] = {name: tuple(c.strs(x, f"{key}.{k}.{name}")) for name, x in tab.items()}
        elif k == "breakdown":
            kw[k] = c.int_(v, f"{key}.{k}")
        elif k == "move_cost":
            kw[k] = c.int_(v, f"{key}.{k}", 1)
        elif k in ("impassable", "no_blitz", "no_blitz_out", "slow"):
            kw[k] = c.bool_(v, f"{key}.{k}")
        elif k == "name":
            kw[k] = c.str_(v, f"{key}.{k}")
        elif k == "slow_exempt":
            kw[k] = c.strs(v, f"{key}.{k}")
        else:
            c.fail(f"{key}.{k}", "unknown key")
    return Terrain(**kw)


def _build_border(c: _Checker, bid: str, raw: dict, units: dict | None = None) -> BorderEffect:

    key = f"borders.{bid}"
    # besides the typed attributes, an effect may be keyed by a boolean border prop
    # (``prop = true``; Global War: ``maginot``)
    if bid not in BORDER_FLAGS and raw.get("prop") is not True:
        c.fail(
            key,
            f"unknown border attribute (one of {', '.join(BORDER_FLAGS)}; "
            "a border prop needs prop = true)",
        )
    kw: dict[str, Any] = {"id": bid}
    for k, v in raw.items():
        if k in ("attack", "defense"):
            kw[k] = _modifier_table(c, v, f"{key}.{k}", units or {})
        elif k in ("rounds", "first_strike_rolls", "first_strike_value"):
            kw[k] = c.int_(v, f"{key}.{k}")
        elif k == "prop":
            kw[k] = c.bool_(v, f"{key}.{k}")
        elif k in ("first_strike_targets", "double_casualties"):
            kw[k] = c.strs(v, f"{key}.{k}")
            for d in kw[k]:
                if d not in DOMAINS:
                    c.fail(f"{key}.{k}", f"unknown domain '{d}'")
        else:
            c.fail(f"{key}.{k}", "unknown key")
    return BorderEffect(**kw)


def _build_nation(c: _Checker, nid: str, raw: dict) -> NationRules:
    key = f"nations.{nid}"
    kw: dict[str, Any] = {"id": nid}
    for k, v in raw.items():
        if k == "can_buy":
            kw[k] = c.strs(v, f"{key}.{k}")
        elif k in (
            "uses_factories",
            "convoy_immune",
            "keeps_bank_on_capital_loss",
            "transportable",
        ):
            kw[k] = c.bool_(v, f"{key}.{k}")
        elif k == "place_limit_per_zone":
            kw[k] = c.int_(v, f"{key}.{k}")
        elif k == "capital_bank_to":
            kw[k] = c.str_(v, f"{key}.{k}")
            if kw[k] not in ("conqueror", "bank"):
                c.fail(f"{key}.{k}", f"must be 'conqueror' or 'bank', not {kw[k]!r}")
        else:
            c.fail(f"{key}.{k}", "unknown key")
    return NationRules(**kw)


#: what a rule system's ruleset checks receive: ``fail(key, reason)`` raises the
#: :class:`RulesetError` naming the file and the key
RulesetChecker = _Checker

__all__ = [
    "DOMAINS",
    "RulesetChecker",
    "UNIT_FLAGS",
    "BorderEffect",
    "DiceExpr",
    "FacilityType",
    "FireMode",
    "NationRules",
    "OptionalRule",
    "Ruleset",
    "Support",
    "TECH_EFFECT_KINDS",
    "TechEffect",
    "Technology",
    "Terrain",
    "UnitType",
    "bundled_rulesets",
    "load_ruleset",
    "parse_ruleset",
]
