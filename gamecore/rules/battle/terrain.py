"""What the ground adds to a battle: terrain and cities, borders crossed (rivers, mountains,
fortifications, the Maginot Line), border terrain on the way to the roundel, target
selection, amphibious double casualties.

Sources: rules-notes/003 §4.3-4.4, rules-notes/000 §1.7, §1.9, §1.16, §1.22, §1.23, §9.2,
§9.8, §12.7-§12.8 (seeds/000), seeds/003 CITIES."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.state import AMPHIB, ASSAULT, Unit
from gamecore.rules import supply
from gamecore.rules.battle.units import Hit

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.rules.state import Battle


def _border_mods(s, units, zone, side, mods, battle_round) -> None:
    """Attacks across a river, mountain or fortified border (rules-notes/003 §4.3-4.4,
    rules-notes/000 §1.9): attackers that crossed it get the border's ``attack``
    modifier; defenders get its ``defense`` modifier while any attacker crossed one."""
    ut = s.rules.units
    effects = s.rules.borders
    edges = _facility_edges(s, zone)

    def crossed(u) -> frozenset[str]:
        return crossed_effects(s, zone, u, edges)

    # §1.7 border terrain: the terrain crossed from the entry border to the roundel
    bt = s.board.border_terrain
    bt_on = bool(bt) and battle_round <= int(s.rules.options["border_terrain_rounds"])

    def terrain_crossed(u) -> frozenset[str]:
        o = s.origins.get(u.id)
        return bt.get((zone, o), frozenset()) if o is not None and o != zone else frozenset()

    if side == "att":
        for i, u in enumerate(units):
            for f in crossed(u):
                e = effects.get(f)
                if e and _active(e, battle_round):
                    m = e.attack.get(u.type, e.attack.get(ut[u.type].domain))
                    if m:
                        mods[i].append(m)
            if bt_on:
                for name in sorted(terrain_crossed(u)):
                    tm = s.rules.terrain_of(name).attack
                    m = tm.get(u.type, tm.get(ut[u.type].domain))
                    if m:
                        mods[i].append(m)
        return
    attackers = [s.units[x] for x in s.units_in(zone) if s.units[x].nation == s.current_nation]
    used = set()
    for a in attackers:
        used |= crossed(a)
    if bt_on:
        over: set[str] = set()
        for a in attackers:
            over |= terrain_crossed(a)
        for name in sorted(over):
            tm = s.rules.terrain_of(name).defense
            for i, u in enumerate(units):
                m = tm.get(u.type, tm.get(ut[u.type].domain))
                if m:
                    mods[i].append(m)
    for f in used:
        e = effects.get(f)
        if e and _active(e, battle_round):
            for i, u in enumerate(units):
                m = e.defense.get(u.type, e.defense.get(ut[u.type].domain))
                if m:
                    mods[i].append(m)


def _facility_edges(s: GameState, zone: int) -> list[tuple[int | None, str]]:
    """(border it guards or None for the whole zone, border effect) of the operative
    facilities in ``zone`` that act as a border attribute (Global War §12.7 fortification,
    §12.8 special fortification zones)."""
    out = []
    fts = s.rules.facility_types
    for f in s.facilities_in(zone):
        ft = fts.get(f.type)
        if ft is not None and ft.border_effect and s.facility_operative(f):
            out.append((s.board.facility_border.get(f.id), ft.border_effect))
    return out


def crossed_effects(
    s: GameState, zone: int, u: Unit, edges: list[tuple[int | None, str]] | None = None
) -> frozenset[str]:
    """The border effects (``[borders.*]`` ids) unit ``u`` crossed to attack ``zone``: the
    attributes of the border from the zone it came from, plus those of facilities
    guarding that border or the whole zone."""
    o = s.origins.get(u.id)
    if o is None or o == zone:
        return frozenset()
    fl = s.board.border_flags.get((o, zone) if o < zone else (zone, o), frozenset())
    if fl and f"lines_fell:{zone}" in s.awards:
        fl = fl - frozenset(s.rules.options.get("fortified_lines_fall") or ())
    if edges is None:
        edges = _facility_edges(s, zone)
    more = {e for edge, e in edges if edge is None or edge == o}
    return fl | more if more else fl


def border_crossers(
    s: GameState, zone: int, units: list[Unit], effects: list[str], battle_round: int
) -> frozenset[int]:
    """The land units among ``units`` that crossed one of ``effects`` (``[borders.*]``
    ids, or border terrain met on the way to the roundel, §1.7) to attack ``zone``, while
    that effect lasts (its ``rounds``; border terrain: ``border_terrain_rounds``)."""
    ut = s.rules.units
    wanted = frozenset(effects)
    edges = _facility_edges(s, zone)
    bt = s.board.border_terrain
    bt_on = bool(bt) and battle_round <= int(s.rules.options["border_terrain_rounds"])
    out = set()
    for u in units:
        if ut[u.type].domain != "land":
            continue
        for name in crossed_effects(s, zone, u, edges) & wanted:
            e = s.rules.borders.get(name)
            if e is not None and _active(e, battle_round):
                out.add(u.id)
        o = s.origins.get(u.id)
        if bt_on and o is not None and o != zone and bt.get((zone, o), frozenset()) & wanted:
            out.add(u.id)
    return frozenset(out)


def _active(e, battle_round: int) -> bool:
    return not e.rounds or battle_round <= e.rounds


def border_first_strike(s: GameState, b: Battle, att: list[Unit]) -> list[tuple[int, Hit]]:
    """The defender's first-strike dice of the borders the attackers crossed, as (value,
    hit key): Global War §12.7 a fortification's 2 rolls at 5, §1.23 the Maginot Line's
    2 at 6, in round 1. Each effect fires once per battle round, however many crossed."""
    effects = s.rules.borders
    if not effects:
        return []
    edges = _facility_edges(s, b.zone)
    used: set[str] = set()
    for u in att:
        used |= crossed_effects(s, b.zone, u, edges)
    dice: list[tuple[int, Hit]] = []
    for name in sorted(used):
        e = effects.get(name)
        if e is None or not e.first_strike_rolls or not _active(e, b.round):
            continue
        dice += [(e.first_strike_value, Hit(*first_strike_key(e)))] * e.first_strike_rolls
    return dice


def first_strike_key(e) -> tuple[tuple[str, ...], str, bool]:
    """The hit of a border effect's first-strike die (§12.7): fired as land, no detector,
    at the domains of its ``first_strike_targets`` only."""
    cannot = tuple(d for d in ("land", "sea", "facility", "air") if d not in e.first_strike_targets)
    return (cannot, "land", False)


def double_casualty_units(s: GameState, b: Battle, att: list[Unit]) -> frozenset[int]:
    """Attackers that take two casualties per hit this round (§9.2): those that crossed a
    border whose effect has ``double_casualties`` for their domain (the Maginot Line)."""
    effects = s.rules.borders
    if not effects or not any(e.double_casualties for e in effects.values()):
        return frozenset()
    ut = s.rules.units
    edges = _facility_edges(s, b.zone)
    out = set()
    for u in att:
        for name in crossed_effects(s, b.zone, u, edges):
            e = effects.get(name)
            if e and ut[u.type].domain in e.double_casualties and _active(e, b.round):
                out.add(u.id)
    return frozenset(out)


def city_terrain(s: GameState, zone: int) -> str:
    """The terrain a zone flagged ``city`` adds to its own (§1.16): the ruleset's
    ``city_terrain``, or ``surrounded_city_terrain`` while the city is surrounded."""
    opts = s.rules.options
    if "city" not in s.board.flags.get(zone, ()):
        return ""
    sur = opts["surrounded_city_terrain"]
    if sur and city_surrounded(s, zone):
        return sur
    return opts["city_terrain"]


def city_surrounded(s: GameState, zone: int) -> bool:
    """§1.16: a city is surrounded when every adjacent land zone is possessed by an enemy
    of its possessor and it has no operative facility of the ruleset's
    ``city_supply_facilities`` (an undamaged Air Base or naval facility). A city next to a
    neutral, or with no land neighbour (an island), is never surrounded. Blockades of its
    naval facilities are not considered."""
    owner = s.owner.get(zone)
    if owner is None:
        return False
    if s.rules.options["city_surrounded_by"] == "supply":
        # seeds/003 CITIES: surrounded when it cannot trace a supply path to another
        # friendly land zone (blockaded ports and no rail lines available)
        return not supply.reaches_friendly_land(s, owner, zone)
    board = s.board
    nb = [n for n in board.nbrs[zone] if board.is_land(n)]
    if not nb:
        return False
    en = s.enemies(owner)
    for n in nb:
        o = s.owner.get(n)
        if o is None or s.is_neutral_owner(o) or o not in en:
            return False
    keep = s.rules.options.get("city_supply_facilities") or ()
    for f in s.facilities_in(zone):
        ft = s.rules.facility_types.get(f.type)
        if ft is not None and ft.id in keep and s.facility_operative(f):
            return False
    return True


def target_selection(
    s: GameState, units: list[Unit], zone: int, side: str
) -> list[tuple[int, tuple[str, ...]]] | None:
    """Per unit, its target selection number and the classes it picks from (T 9-1): the
    unit type's own, or the terrain's for defenders (§1.16 infantry-class in a city: 1 vs
    vehicles), the larger. None when nobody has any (the usual case, kept fast)."""
    ut = s.rules.units
    out = [(ut[u.type].target_selection, ut[u.type].target_selection_of) for u in units]
    if side == "def" and s.board.is_land(zone):
        names = [s.board.terrain[zone]]
        extra = city_terrain(s, zone)
        if extra and extra != names[0]:
            names.append(extra)
        for name in names:
            ter = s.rules.terrain_of(name)
            tab = ter.defense_target_selection
            if not tab:
                continue
            for i, u in enumerate(units):
                n = tab.get(u.type, tab.get(ut[u.type].domain, 0))
                if n > out[i][0]:
                    of = ter.target_selection_of_types
                    picks = of.get(u.type, of.get(ut[u.type].domain)) if of else None
                    out[i] = (n, ter.target_selection_of if picks is None else picks)
    return out if any(n for n, _ in out) else None


def ground_tables(rules, battle) -> list[tuple[str, dict, int]]:
    """The modifier tables the ground adds to a battle as the calculator sees it (every
    attacker crossed the borders named), as (side "attacker"/"defender", table {domain
    or unit type: modifier}, rounds: 1..N, 0 every round), in the order they apply: the
    zone's terrain and its city's (every round, §1.16), the border terrain crossed on
    the way to the roundel (``border_terrain_rounds``, §1.7), the border effects crossed
    (their ``rounds``: rules-notes/003 §4.3-4.4, §12.7) - what :func:`fire_values` adds
    unit by unit in a game. A name the ruleset does not list adds nothing."""
    zone = [battle.terrain] if battle.terrain else []
    if battle.city:
        key = "city_terrain" if battle.city == "city" else "surrounded_city_terrain"
        extra = rules.options.get(key, "")
        if extra and extra not in zone:
            zone.append(extra)
    out = []
    bt_rounds = int(rules.options["border_terrain_rounds"])
    crossed = battle.border_terrain if bt_rounds > 0 else ()
    for names, rounds in ((tuple(zone), 0), (crossed, bt_rounds)):
        for name in names:
            ter = rules.terrain_of(name)
            out += [("attacker", ter.attack, rounds), ("defender", ter.defense, rounds)]
    for name in battle.borders:
        e = rules.borders.get(name)
        if e is not None:
            out += [("attacker", e.attack, e.rounds), ("defender", e.defense, e.rounds)]
    return out


def target_selection_note(rules, attackers: list, defenders: list, battle) -> str:
    """The calculator's note on target selection (T 9-1: a low roll lets the firing side
    pick its victim; §1.16 infantry-class defenders in a city), which it leaves out: the
    unit types of ``attackers``/``defenders`` that select targets, and the defenders
    that do in the ``battle``'s terrain or city; "" when none does."""
    who = sorted({t.id for t in (*attackers, *defenders) if t.target_selection})
    names = [battle.terrain] if battle.terrain else []
    if battle.city == "city":
        names.append(rules.options["city_terrain"])
    for name in names:
        tab = rules.terrain_of(name).defense_target_selection if name else {}
        for t in defenders:
            if tab.get(t.id, tab.get(t.domain, 0)):
                who.append(f"{t.id} in {name}")
    if not who:
        return ""
    return "target selection (T 9-1) left out, hits follow the casualty order: " + ", ".join(
        dict.fromkeys(who)
    )


def amphibious_doubles(s: GameState, b: Battle, att: list[Unit]) -> frozenset[int]:
    """§9.2 / §9.8: amphibious land units take double casualties in the first N rounds,
    except the exempt unit types (Marines)."""
    n = int(s.rules.options["amphibious_double_casualties"] or 0)
    if not n or b.round > n:
        return frozenset()
    ut = s.rules.units
    exempt = s.rules.options.get("amphibious_double_exempt") or ()
    return frozenset(
        u.id
        for u in att
        if u.flags & AMPHIB
        and not u.flags & ASSAULT  # §9.8: no double casualties from an Attack Transport
        and ut[u.type].domain == "land"
        and u.type not in exempt
    )
