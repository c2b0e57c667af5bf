"""What a battle step gives the battle calculator (:mod:`gamecore.sim.battle`).

The calculator does not fight one battle unit by unit: it follows the probability of every
state of each side (exact odds) or draws whole rounds from those distributions (Monte
Carlo). It builds its model of a battle by walking the steps the ruleset plays
(:func:`gamecore.rules.battle.steps.steps_for`) and calling each step's ``calc(plan)``
hook, which adds the step's part to a :class:`CalcPlan`: dice fired before round 1
(:class:`Volley`), first-strike dice of no unit, double casualties, in which rounds units
strike first, and what the calculator leaves out (``approximate``). So the rule - which
dice, at whom, in which rounds - lives with the step that plays it in a game, and the
calculator keeps only the dice arithmetic. docs/architecture.md, "The battle pipeline".

A step's calculator part is optional: ``calc(plan)`` and ``calc_doc`` (one line: what the
calculator does with the step); ``calc_exact = False`` says the part only approximates
the rule (it tells the result's ``approximations`` when a battle meets it). A step with no
part is declared by :mod:`gamecore.sim.battle.coverage` as approximated or outside one
zone's fight; any other step fails the tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.ruleset import Ruleset, UnitType

#: the calculator's names of the two sides
ATTACKER, DEFENDER = "attacker", "defender"

#: a side's units as the calculator holds them: (unit type, count) in casualty order
Lineup = Sequence[tuple["UnitType", int]]


@dataclass(frozen=True)
class CalcBattle:
    """The battle the calculator is asked about, as the steps read it: the ruleset, a sea
    or land battle, an amphibious assault, whether AA guns fire (``aa``), the ships
    bombarding (``bombard``: {unit type: count}), the attacker's guns next door that
    fire once into the attack (``support``: {unit type: count}, The War Game's support
    shots, seeds/002 "Artillery"), the border effects crossed
    (``borders``), the zone's terrain, city and border terrain, and the units of each
    side ({unit type: count}); ``fire_modes``: the attacker's fire modes asked for
    ({unit type: mode})."""

    rules: Ruleset
    sea: bool
    attackers: Mapping[str, int]
    defenders: Mapping[str, int]
    amphibious: bool = False
    aa: bool = True
    bombard: Mapping[str, int] = field(default_factory=dict)
    support: Mapping[str, int] = field(default_factory=dict)
    borders: tuple[str, ...] = ()
    terrain: str = ""
    city: str = ""
    border_terrain: tuple[str, ...] = ()
    fire_modes: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Volley:
    """Dice fired before round 1 at one side: ``dice`` as (count, value) pairs, in the
    order the calculator combines their distributions; the hits' ``key``
    ((cannot_target, firer domain, detector)); ``victims_fire``: the units hit still fire
    in round 1 and are removed after it; ``pool``: outcomes that leave the side alike are
    summed into one start (AA fire) rather than kept apart (bombardment) - the odds are
    the same, the last digits follow the order of the sums."""

    dice: tuple[tuple[int, int], ...]
    key: tuple
    victims_fire: bool
    pool: bool


class PreFire(Protocol):
    """A fire before round 1 that a step adds to the plan: ``firer`` and ``target`` are
    :data:`ATTACKER` or :data:`DEFENDER`; ``volley(firing, targets)`` gives the dice
    fired by the firing side's units at the target side's units (both as a
    :data:`Lineup`, the target's in the state it is in), or None when nothing fires."""

    firer: str
    target: str

    def volley(self, firing: Lineup, targets: Lineup) -> Volley | None: ...


class CalcPlan:
    """The calculator's model of one battle, filled in by the steps' ``calc`` hooks:

    - ``before_round_1``: the fires before round 1, in the order the battle plays them;
    - ``first_strike_dice``: dice of no unit the defender rolls with the first strike,
      as (value, hit key, rounds) - a fortification's (Global War §12.7);
    - ``double``: (attacker domains, rounds) taking two casualties per hit (§9.2);
    - ``first_strike_rounds``: first strike in rounds 1..N only (0: every round);
    - ``first_strike_every``: unit types that strike first in every round all the same;
    - ``first_strike_attack_only``: types that strike first only when attacking;
    - ``air_superiority_rounds``: hits of air-superiority units go to aircraft first in
      rounds 1..N (Global War T 9-1; 0: never);
    - ``support_from_all``: support is offered by every unit present, also those that
      fired first (Global War §12.2), not only by the units firing in the same volley;
    - ``casualty_order``: the casualty profile each side follows (the default policy);
    - ``absorb_first``: a multi-hit unit takes damage before anything dies;
    - ``fire_modes``: the attacker's fire mode of each unit type with a choice that was
      not asked for (the default policy's);
    - ``approximations``: the rules this battle meets that the calculator leaves out;
    - ``parts``: the names of the steps that gave a part, in order.
    """

    def __init__(self, battle: CalcBattle) -> None:
        self.battle = battle
        self.rules = battle.rules
        self.before_round_1: list[PreFire] = []
        self.first_strike_dice: list[tuple[int, tuple, int]] = []
        self.double: tuple[tuple[str, ...], int] = ((), 0)
        self.first_strike_rounds = 0
        self.first_strike_every: frozenset[str] = frozenset()
        self.first_strike_attack_only: frozenset[str] = frozenset()
        self.air_superiority_rounds = 0
        self.support_from_all = False
        self.casualty_order = "cheapest"
        self.absorb_first = False
        self.fire_modes: dict[str, str] = {}
        self.approximations: list[str] = []
        self.parts: list[str] = []

    def approximate(self, text: str) -> None:
        """Say that the calculator leaves a rule of this battle out."""
        self.approximations.append(text)

    def present(self, role: str) -> list[UnitType]:
        """The unit types of ``role`` ("attacker"/"defender") in the battle."""
        units = self.battle.attackers if role == ATTACKER else self.battle.defenders
        return [self.rules.units[t] for t, n in units.items() if n]


def plan_battle(battle: CalcBattle, steps: Sequence) -> CalcPlan:
    """The plan of ``battle``: each of ``steps`` (those the ruleset plays, in order) that
    has a calculator part adds it."""
    plan = CalcPlan(battle)
    for st in steps:
        calc = getattr(st, "calc", None)
        if calc is not None:
            calc(plan)
            plan.parts.append(st.name)
    return plan
