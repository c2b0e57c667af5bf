"""One side's fire: each unit's value to hit after support, terrain and borders (combined
by the modifier policy), the dice it rolls and the :class:`Hit` each success makes.

Sources: rules-notes/004 §4.3 (one die per unit, support), seeds/000 T 9-1 (air
superiority, target selection), §9.15 (airborne assault), seeds/002 "Battleship",
"Bomber", "Artillery", "Submarine" (several dice, fire modes, air-first artillery, aircraft
against lone submarines)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.state import AIRBORNE, Unit
from gamecore.rules.battle.terrain import _border_mods, city_terrain, target_selection
from gamecore.rules.battle.units import Hit, sides
from gamecore.rules.modifiers import modified

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.ruleset import Ruleset, UnitType
    from gamecore.engine.state import GameState
    from gamecore.rules.state import Battle


def fire_values(
    s: GameState,
    units: list[Unit],
    stat: str,
    zone: int,
    side: str,
    battle_round: int = 1,
    supporters: list[Unit] | None = None,
) -> list[int]:
    """Each unit's hit value after support and terrain, combined by the modifier policy.
    ``supporters``: the units whose support counts (None: the firing ``units``)."""
    ut = s.rules.units
    opts = s.rules.options
    base = [ut[u.type].stat(stat, u.damage > 0) for u in units]
    mods: list[list[int]] = [[] for _ in units]
    # support (artillery +1 to one infantry; fighter or tank +1 to one tac bomber);
    # a unit receives at most one support bonus
    offers = [
        (sup.value, sup.count, sup.targets)
        for u in (units if supporters is None else supporters)
        for sup in support_of(ut[u.type], stat)
    ]
    if offers:
        got = [1] * len(units)
        for i, value, given in hand_out_support(
            offers,
            got,
            lambda targets: [j for j, u in enumerate(units) if u.type in targets],
            min,
        ):
            if given:
                mods[i].append(value)
    names = [s.board.terrain[zone]]
    extra = city_terrain(s, zone)
    if extra and extra != names[0]:
        names.append(extra)
    for name in names:
        terr = s.rules.terrain_of(name)
        tm = terr.attack if side == "att" else terr.defense
        if tm:
            for i, u in enumerate(units):
                m = tm.get(u.type, tm.get(ut[u.type].domain))
                if m:
                    mods[i].append(m)
    if s.rules.borders:
        _border_mods(s, units, zone, side, mods, battle_round)
    if side == "att" and stat == "attack" and battle_round <= 1:
        # §9.15 / §12.1 Airborne: +1 Attack in round 1 of an Airborne Assault (the unit's
        # props.airborne_assault_attack), a bonus under the modifier policy
        for i, u in enumerate(units):
            if u.flags & AIRBORNE:
                boost = ut[u.type].props.get("airborne_assault_attack")
                if isinstance(boost, int) and boost > base[i]:
                    mods[i].append(boost - base[i])
    dice = s.rules.dice
    policy = opts["modifier_policy"]
    tie = opts["modifier_tiebreak"]
    floor = opts["modifier_floor"]
    return [modified(base[i], mods[i], policy, tie, floor, dice) for i in range(len(units))]


def support_of(t: UnitType, stat: str) -> tuple:
    """The support a unit of type ``t`` offers to the ``stat`` ("attack"/"defense") of
    others (rules-notes/004 §4.3: artillery +1 to one infantry; fighter or tank +1 to
    one tactical bomber)."""
    return tuple(sup for sup in t.support if sup.stat == stat)


def hand_out_support(offers, left, receivers, take):
    """Hand out support (rules-notes/004 §4.3): the bigger bonuses first (offers alike in
    the order given), each offer to at most its count of receivers, each receiver at
    most one bonus. ``offers``: (value, count, target types); ``left``: per receiver, how
    many still have no bonus (changed in place); ``receivers(targets)``: the receivers an
    offer to ``targets`` goes to, in the order they get it; ``take(count, left)``: how
    many of a receiver get it. Yields (receiver, value, how many got it) - counts are
    ints for the played battle's units (one unit a receiver) and arrays over states for
    the calculator's unit types (``Side.fire_pmfs``): one rule for both."""
    for value, cap, targets in sorted(offers, key=lambda o: -o[0]):
        for i in receivers(targets):
            given = take(cap, left[i])
            left[i] = left[i] - given
            cap = cap - given
            yield i, value, given


def _volley(
    s: GameState,
    b: Battle,
    units: list[Unit],
    side: str,
    sup: bool,
    record: dict[int, int] | None = None,
    faces: list | None = None,
    halve: str = "",
    supporters: list[Unit] | None = None,
) -> list[Hit]:
    """The hits of one side's fire in battle ``b``: values after modifiers, air
    superiority (``sup``) and target selection for that side. ``faces`` collects each
    die as [unit type, value to hit, face rolled]; ``halve``: see :func:`_roll_multi`;
    ``supporters``: see :func:`fire_values`."""
    stat = "attack" if side == "att" else "defense"
    values = fire_values(s, units, stat, b.zone, side, b.round, supporters)
    if _multi_die(s):
        return _roll_multi(s, b, units, values, stat, side, record, faces, halve)
    sel = target_selection(s, units, b.zone, side)
    hits, _ = _roll(s, units, values, sup, sel, record, faces)
    return hits


def fire_mode_choices(s: GameState, b: Battle, side: str, typ: str) -> tuple[str, ...]:
    """The fire modes a side may pick for its units of type ``typ`` this round:
    seeds/002 "Bomber" (attacking: its ``fire_modes``), "Artillery" (defending: "air",
    its hits go to attacking aircraft first, or "land")."""
    return mode_choices(s.rules.units[typ], side == "att")


def mode_choices(t: UnitType, attacking: bool) -> tuple[str, ...]:
    """The fire modes of a unit of type ``t`` on the side it fights for: attacking, its
    ``fire_modes`` (seeds/002 "Bomber"); defending, "air" or "land" first for artillery
    whose defence goes to aircraft first (seeds/002 "Artillery"). The played battle and
    the calculator (which checks the modes it is asked for) both ask this."""
    if attacking:
        return tuple(t.fire_modes)
    if t.props.get("defense_air_first"):
        return ("air", "land")
    return ()


def unit_rolls(
    t: UnitType, stat: str, damaged: bool, mode: str, defending: bool
) -> list[tuple[int, tuple[str, ...], str]]:
    """Each die a unit of type ``t`` rolls as ``stat`` by fire ``mode``: (its value
    before modifiers, what its hit cannot hit, the domain the hit goes to first) -
    seeds/002 "Battleship" (several dice, fewer when damaged), "Bomber" (a mode's targets)
    and "Artillery" (defending, its hits go to aircraft first unless switched to "land").
    The played battle rolls them (``_roll_multi``); the calculator sums their
    distributions (``Side.cell_dice``)."""
    air_first = defending and t.props.get("defense_air_first") and mode != "land"
    pref = "air" if air_first else ""
    return [(v, cannot, pref) for v, cannot in t.dice(stat, damaged, mode)]


def default_fire_mode(s: GameState, b: Battle, side: str, typ: str) -> str:
    """The default policy: the mode with the most expected hits on units it may hit (the
    unit type's default mode on a tie); artillery keeps its air-first defence."""
    t = s.rules.units[typ]
    if side == "def":
        return "air"
    att, dfn = sides(s, b)
    enemy = dfn if side == "att" else att
    return best_fire_mode(t, [s.rules.units[u.type] for u in enemy])


def best_fire_mode(t: UnitType, foes: list[UnitType]) -> str:
    """The mode of an attacking unit of type ``t`` with the most dice that can hit one of
    ``foes`` (the type's default mode on a tie): the default policy of the played battle
    and the battle calculator alike."""
    best, score = t.default_fire_mode, -1
    for m in (t.default_fire_mode, *t.fire_modes):
        fm = t.fire_modes[m]
        ok = any(not fm.targets or f.domain in fm.targets for f in foes)
        sc = sum(fm.rolls) if ok else 0
        if sc > score:
            best, score = m, sc
    return best


def _multi_die(s: GameState) -> bool:
    """Does any unit type of the ruleset roll several dice or choose a fire mode (The
    War Game, seeds/002 "Battleship", "Bomber")? Other rulesets keep the one-die path."""
    cache = s.board.cache
    key = ("multi_die", id(s.rules))
    v = cache.get(key)
    if v is None:
        v = cache[key] = multi_die(s.rules)
    return v


def multi_die(rules: Ruleset) -> bool:
    """Does a unit type of ``rules`` roll several dice or choose a fire mode?"""
    return any(t.multi_die or t.props.get("defense_air_first") for t in rules.units.values())


def _roll_multi(
    s: GameState,
    b: Battle,
    units: list[Unit],
    values: list[int],
    stat: str,
    side: str,
    record: dict[int, int] | None = None,
    faces: list | None = None,
    halve: str = "",
) -> list[Hit]:
    """One side's fire when units may roll several dice (seeds/002 "Battleship": 8 and 6,
    damaged only the 8) or fire by a mode chosen this round (seeds/002 "Bomber": bombs at
    8, 8 on land or sea units, or guns at 2 on anything). The modifiers of a unit's one
    value (``values``) move each of its dice alike. seeds/002 "Artillery": a defending
    artillery's hits go to attacking aircraft first (a hit preferring "air") unless the
    defender switched it to land-first this round (``Battle.modes["def"]``). ``halve``:
    aircraft roll at half their value, rounded down ("half") or up ("half_up") - The War
    Game's aircraft against lone submarines (:mod:`gamecore.rules.wargame_battle`)."""
    ut = s.rules.units
    det = any(ut[u.type].detector for u in units)
    dice = s.rules.dice
    modes = b.modes.get(side, {}) if b.modes else {}
    hits: list[Hit] = []
    for u, v in zip(units, values, strict=True):
        t = ut[u.type]
        damaged = u.damage > 0
        base = t.stat(stat, damaged)
        delta = v - base if base > 0 else 0
        for dv, cannot, pref in unit_rolls(t, stat, damaged, modes.get(t.id, ""), side == "def"):
            value = max(0, min(dice, dv + delta))
            if halve and t.domain == "air":
                value = (value + 1) // 2 if halve == "half_up" else value // 2
            if value <= 0:
                continue
            r = s.rng.roll(dice)
            if record is not None and u.id not in record:
                record[u.id] = r
            if faces is not None:
                faces.append([t.id, value, r])
            if r <= value:
                hits.append(Hit(cannot, t.domain, det, pref))
    return hits


def _roll(
    s: GameState,
    units: list[Unit],
    values: list[int],
    air_superiority: bool = False,
    selection: list[tuple[int, tuple[str, ...]]] | None = None,
    record: dict[int, int] | None = None,
    faces: list | None = None,
) -> tuple[list[Hit], list[int]]:
    """The hits, plus the rolls. With ``air_superiority`` the hits of units with that flag
    prefer "air": they go to aircraft first (Global War T 9-1). With ``selection`` (per
    unit: target selection number and classes), a hit rolled at or under the number
    carries the classes the firing side picks its victim from (("*",): any)."""
    ut = s.rules.units
    det = any(ut[u.type].detector for u in units)
    dice = s.rules.dice
    hits = []
    rolls = []
    for i, (u, v) in enumerate(zip(units, values, strict=True)):
        if v <= 0:
            continue
        r = s.rng.roll(dice)
        rolls.append(r)
        if record is not None:
            record[u.id] = r
        if faces is not None:
            faces.append([u.type, v, r])
        if r <= v:
            t = ut[u.type]
            pref = "air" if air_superiority and t.air_superiority else ""
            if selection is not None and r <= selection[i][0]:
                hits.append(Hit(t.cannot_target, t.domain, det, pref, selection[i][1] or ("*",)))
            else:
                hits.append(Hit(t.cannot_target, t.domain, det, pref))
    return hits, rolls


def _roll_fixed(s: GameState, dice: list[tuple[int, Hit]]) -> list[Hit]:
    """Hits of dice that belong to no unit (a fortification's first strike)."""
    return [key for value, key in dice if s.rng.roll(s.rules.dice) <= value]
