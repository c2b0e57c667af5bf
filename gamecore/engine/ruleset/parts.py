"""The parts of a ruleset as data: dice, unit and facility types, terrain effects, border
effects, nation rules, technologies and optional rules."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

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
    def stealth_sub(self) -> bool:
        """A&A's submarine (first strike and submerge): it does not make a sea zone
        hostile to enemy ships, and passes hostile sea zones holding no enemy detector
        (rules-notes/004 §4.2). ``props.moves_as_warship`` takes that away: a submarine
        that stops, and is stopped by, enemy warships like any other (The War Game,
        seeds/002 §4.6 "Only combat ships force a pass-through"; a submarine is one)."""
        return self.first_strike and self.submerge and not self.props.get("moves_as_warship")

    @property
    def is_surface_warship(self) -> bool:
        """What makes a sea zone hostile: a warship that is not a stealthy submarine."""
        return self.is_warship and not self.stealth_sub


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
    # the ruleset phases this nation's turn has (None: all of them); the others go by
    # without running (an imported TripleA player whose steps are only Battle and EndTurn)
    phases: tuple[str, ...] | None = None
    # False: its turn collects no income (TripleA's NoPUEndTurnDelegate)
    collects_income: bool = True
    # unit type -> X: at the start of its purchase phase it receives one unit of that type
    # per X zones it holds, to place like bought units (TripleA's NoPUPurchaseDelegate and
    # its productionPerXTerritories)
    free_units: dict[str, int] = field(default_factory=dict)


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
