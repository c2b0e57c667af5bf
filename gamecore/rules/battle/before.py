"""Before round 1 of a battle: scrambles (rules-notes/004 §4.7), kamikaze strikes (§4.8),
anti-aircraft fire (§4.4; Global War §12.2), coastal artillery (Global War §9.9, §12.9)
and shore bombardment (§4.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.state import AMPHIB, FOUGHT, SCRAMBLED, UNLOADED, Unit
from gamecore.rules import tech
from gamecore.rules.battle.calc import ATTACKER, DEFENDER, Lineup, Volley
from gamecore.rules.battle.casualties import assign_hits, order_units
from gamecore.rules.battle.units import Casualties, Hit, _apply_casualties, _kill, sides

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterable

    from gamecore.engine.ruleset import Ruleset, UnitType
    from gamecore.engine.state import GameState
    from gamecore.rules.state import Battle

DOMAINS = ("land", "sea", "facility", "air")


# ------------------------------------------------------------------ AA fire (§4.4, §12.2)
def aa_guns(lineup: Lineup) -> list[tuple[UnitType, int]]:
    """The AA guns of a line-up: units with ``aa_shots`` and an ``aa_value``."""
    return [(t, n) for t, n in lineup if t.aa_shots and t.aa_value]


def aa_domains(guns: Iterable[tuple[UnitType, int]]) -> set[str]:
    """The domains the guns fire at (``aa_targets``: aircraft)."""
    out: set[str] = set()
    for t, _ in guns:
        out.update(t.aa_targets)
    return out


def aa_shots(guns: Iterable[tuple[UnitType, int]], targets: int) -> list[tuple[int, int]]:
    """The guns' dice as (shots, value), gun after gun: ``aa_shots`` each, one shot per
    target, so no more shots in all than ``targets``."""
    out = []
    left = targets
    for t, n in guns:
        shots = min(t.aa_shots * n, left)
        left -= shots
        out.append((shots, t.aa_value))
        if left <= 0:
            break
    return out


def aa_cannot(domains: set[str]) -> tuple[str, ...]:
    """What an AA hit cannot hit: every domain the guns do not fire at."""
    return tuple(d for d in DOMAINS if d not in domains)


class AAVolley:
    """The calculator's AA fire (a :class:`~gamecore.rules.battle.calc.PreFire`): the
    ``firer``'s guns at the ``target``'s aircraft, as :func:`aa_fire` plays it."""

    def __init__(self, firer: str, target: str, victims_fire: bool) -> None:
        self.firer, self.target, self.victims_fire = firer, target, victims_fire

    def volley(self, firing: Lineup, targets: Lineup) -> Volley | None:
        guns = aa_guns(firing)
        if not guns:
            return None
        domains = aa_domains(guns)
        left = sum(n for t, n in targets if t.domain in domains)
        if not left:
            return None
        key = (aa_cannot(domains), "aa", True)
        return Volley(tuple(aa_shots(guns, left)), key, self.victims_fire, pool=True)


def aa_fire(
    s: GameState,
    b: Battle,
    att: list[Unit],
    dfn: list[Unit],
    attacking_guns: bool = False,
    doom: bool = False,
) -> None:
    """Defending AA fires once at attacking air before the first round (rules-notes/004
    §4.4); each AA unit has ``aa_shots`` shots, one per target, hitting on ``aa_value``.
    ``attacking_guns``: the attacker's guns (``dfn``, the firing side) fire at the
    defender's aircraft (``att``, the targets) instead (option ``aa_fire_attacker``).
    ``doom``: the aircraft shot down still fire in round 1 and are removed after it
    (option ``aa_victims_fire``, Global War §12.2), like bombardment victims."""
    ut = s.rules.units
    guns = [u for u in dfn if ut[u.type].aa_shots and ut[u.type].aa_value]
    if not guns:
        return
    domains = aa_domains((ut[g.type], 1) for g in guns)
    targets = [u for u in att if ut[u.type].domain in domains]
    if not targets:
        return
    shots = aa_shots([(ut[g.type], 1) for g in guns], len(targets))
    hits = 0
    dice = s.rules.dice
    for n, value in shots:
        for _ in range(n):
            if s.rng.roll(dice) <= value:
                hits += 1
    if hits:
        key = Hit(aa_cannot(domains), "aa", True)
        side = "def" if attacking_guns else "att"
        killed, damaged = assign_hits(
            s, targets, [key] * hits, b.profiles[side], not attacking_guns, b.zone, set(b.doomed)
        )
        if doom:
            _apply_casualties(s, [], damaged)
            b.doomed = tuple(sorted({*b.doomed, *(u.id for u in killed)}))
        else:
            _apply_casualties(s, killed, damaged)
    ev = {"side": "attacker"} if attacking_guns else {}
    s.event("aa", zone=b.zone, shots=sum(n for n, _ in shots), hits=hits, **ev)


def _bombarding_ships(s: GameState, b: Battle) -> tuple[list[Unit], list[Unit], list[int]]:
    """(landed land units, ships that will bombard, sea zones landed from)."""
    ut = s.rules.units
    att, dfn = sides(s, b)
    landed = [u for u in att if u.flags & AMPHIB and ut[u.type].domain == "land"]
    if not landed or not dfn:
        return landed, [], []
    seas = sorted({s.amph_from[u.id] for u in landed if u.id in s.amph_from})
    ships = []
    if s.rules.options.get("shore_bombardment"):
        for z in seas:
            for uid in s.units_in(z):
                u = s.units[uid]
                t = ut[u.type]
                if u.nation == b.attacker and t.bombard and not u.on and not u.flags & FOUGHT:
                    ships.append(u)
        ships = bombarding(s.rules, ships, len(landed))
    return landed, ships, seas


# ------------------------------------------------------------------ bombardment (§4.5)
def bombarding(rules: Ruleset, ships: list, landed: int) -> list:
    """The ships that bombard: at most one per land unit landing when the ruleset says so
    (``bombard_per_landed_unit``), the first of ``ships`` first."""
    return ships[:landed] if rules.options["bombard_per_landed_unit"] else ships


def ship_dice(t: UnitType) -> tuple[int, ...]:
    """A ship's bombardment dice: its ``bombard`` value, or both a battleship's dice
    (seeds/002 §4.5: 8 and 6)."""
    return t.bombard_rolls or (t.bombard,)


BOMBARD_KEY = ((), "sea", True)


class BombardVolley:
    """The calculator's shore bombardment (a :class:`~gamecore.rules.battle.calc.PreFire`)
    by ``fleet`` (unit types, best first: the calculator takes the attacker's best ships
    to bombard), as :func:`bombard` plays it."""

    firer, target = ATTACKER, DEFENDER

    def __init__(self, rules: Ruleset, fleet: list[UnitType]) -> None:
        self.rules = rules
        self.fleet = fleet
        self.victims_fire = bool(rules.options["bombard_victims_fire"])

    def volley(self, firing: Lineup, targets: Lineup) -> Volley | None:
        if not any(n for _, n in targets):
            return None
        landed = sum(n for t, n in firing if t.domain == "land")
        ships = [v for t in bombarding(self.rules, self.fleet, landed) for v in ship_dice(t)]
        if not ships:
            return None
        dice = tuple((ships.count(v), v) for v in sorted(set(ships)))
        return Volley(dice, BOMBARD_KEY, self.victims_fire, pool=False)


def coastal_fire(s: GameState, b: Battle) -> Casualties | None:
    """§12.9 / §9.9: the defender's coastal artillery in the zone fires one shot at
    ``coastal_value`` per attacking ship that bombards or unloaded the invasion, at most
    ``coastal_shots`` per facility, as first strike. The attacker takes the losses by its
    casualty profile, transports not kept for last. Returns (killed, damaged), applied
    after the bombardment (both fire at the same time)."""
    fts = s.rules.facility_types
    guns = []
    for f in s.facilities_in(b.zone):
        ft = fts.get(f.type)
        if ft is not None and ft.coastal_shots and ft.coastal_value and s.facility_operative(f):
            guns.append(ft)
    if not guns or not s.amph_from:
        return None
    landed, ships, seas = _bombarding_ships(s, b)
    if not landed:
        return None
    ut = s.rules.units
    seen = {u.id for u in ships}
    for z in seas:
        for uid in s.units_in(z):
            u = s.units[uid]
            if u.nation == b.attacker and ut[u.type].transport_capacity and uid not in seen:
                if u.flags & UNLOADED:
                    ships.append(u)
                    seen.add(uid)
    if not ships:
        return None
    left = len(ships)
    hits = 0
    for ft in guns:
        n = min(ft.coastal_shots, left)
        left -= n
        hits += sum(1 for _ in range(n) if s.rng.roll(s.rules.dice) <= ft.coastal_value)
        if left <= 0:
            break
    s.event("coastal_artillery", zone=b.zone, shots=len(ships) - max(left, 0), hits=hits)
    if not hits:
        return None
    order = order_units(s, ships, b.profiles["att"], False, b.zone)
    hp = {u.id: ut[u.type].hits - u.damage for u in order}
    absorb = s.rules.options["two_hit_absorb_first"]
    for _ in range(hits):
        alive = [u for u in order if hp[u.id] > 0]
        if not alive:
            break
        target = next((u for u in alive if hp[u.id] > 1), None) if absorb else None
        hp[(target or alive[0]).id] -= 1
    killed = [u for u in order if hp[u.id] <= 0]
    damaged = {
        u.id: ut[u.type].hits - hp[u.id] for u in order if 0 < hp[u.id] < ut[u.type].hits - u.damage
    }
    return Casualties(killed, damaged)


def bombard(s: GameState, b: Battle) -> None:
    """Shore bombardment in support of an amphibious assault (rules-notes/004 §4.5)."""
    ut = s.rules.units
    landed, ships, _ = _bombarding_ships(s, b)
    dfn = sides(s, b)[1]
    if not landed or not dfn or not ships:
        return
    dice = s.rules.dice
    hits = 0
    for u in ships:
        t = ut[u.type]
        for v in ship_dice(t):
            if s.rng.roll(dice) <= v:
                hits += 1
        s.set_unit(u.id, flags=u.flags | FOUGHT)
    if hits:
        key = Hit(*BOMBARD_KEY)
        killed, damaged = assign_hits(
            s, dfn, [key] * hits, b.profiles["def"], False, b.zone, set(b.doomed)
        )
        for uid, d in damaged.items():
            s.set_unit(uid, damage=d)
        if s.rules.options["bombard_victims_fire"]:
            b.doomed = tuple(sorted({*b.doomed, *(u.id for u in killed)}))
        else:  # first strike (Global War §9.9): removed before they fire
            for u in killed:
                _kill(s, u, "combat")
    s.event("bombard", zone=b.zone, ships=len(ships), hits=hits)


def scramble_candidates(s: GameState, b: Battle) -> list[tuple[int, int]]:
    """(fighter, air base zone) that may scramble into the sea zone's battle, in the order
    they go: defending fighters on an operative air base next to it, up to each base's
    limit, when the defender has units there (rules-notes/004 §4.7)."""
    ut = s.rules.units
    en = s.enemies(b.attacker)
    if not sides(s, b)[1]:
        return []
    out = []
    for land in s.board.coast.get(b.zone, ()):
        if s.owner.get(land) not in en:
            continue
        limit = 0
        for f in s.facilities_in(land):
            ft = s.rules.facility_types.get(f.type)
            if ft and ft.scramble and s.facility_operative(f):
                # seeds/000 §7.8 Radar: air bases scramble any number of fighters
                limit += tech.facility_value(s, s.owner.get(land), ft, "scramble")
        if not limit:
            continue
        for uid in s.units_in(land):
            if limit <= 0:
                break
            u = s.units[uid]
            if u.nation in en and ut[u.type].scramble and not u.flags & SCRAMBLED:
                out.append((uid, land))
                limit -= 1
    return out


def scramble(s: GameState, b: Battle, count: int | None = None) -> None:
    """The first ``count`` candidates scramble (None: all, the default policy)."""
    moved = list(b.scrambled)
    for uid, land in scramble_candidates(s, b)[:count]:
        u = s.units[uid]
        s.move_unit(uid, b.zone, flags=u.flags | SCRAMBLED)
        moved.append((uid, land))
    if len(moved) != len(b.scrambled):
        s.event("scramble", zone=b.zone, units=[m[0] for m in moved[len(b.scrambled) :]])
    b.scrambled = tuple(moved)


def kamikaze_room(s: GameState, b: Battle) -> tuple[str, int]:
    """(nation K, tokens it may spend) in a kamikaze zone of K whose units are attacked
    there: up to ``kamikaze_per_battle`` and one per attacking surface warship."""
    k = s.board.kamikaze_zones.get(b.zone)
    if k is None:
        return "", 0
    ut = s.rules.units
    att, dfn = sides(s, b)
    owners = {u.nation for u in dfn}
    nation = k or (b.defender or "")
    if nation not in owners or s.tokens.get(nation, 0) <= 0:
        return nation, 0
    targets = [u for u in att if ut[u.type].is_surface_warship]
    n = min(s.tokens[nation], int(s.rules.options["kamikaze_per_battle"]), len(targets))
    return nation, n


def kamikaze(s: GameState, b: Battle, spend: int | None = None) -> None:
    """Kamikaze strikes (rules-notes/004 §4.8): in a kamikaze zone of nation K whose units
    are attacked there, K spends tokens (``spend``; None: as many as it may, the default
    policy), each rolling one die against an attacking surface warship (hit on
    ``kamikaze_value``), before the battle."""
    nation, room = kamikaze_room(s, b)
    ut = s.rules.units
    targets = [u for u in sides(s, b)[0] if ut[u.type].is_surface_warship]
    if (
        not targets
        or s.tokens.get(nation, 0) <= 0
        or nation not in {u.nation for u in sides(s, b)[1]}
    ):
        return
    n = room if spend is None else min(spend, room)
    opts = s.rules.options
    value = int(opts["kamikaze_value"])
    hits = sum(1 for _ in range(n) if s.rng.roll(s.rules.dice) <= value)
    s.tokens[nation] -= n
    if hits:
        key = Hit(("land", "air", "facility"), "kamikaze", True)
        killed, damaged = assign_hits(s, targets, [key] * hits, b.profiles["att"], True, b.zone)
        _apply_casualties(s, killed, damaged)
    s.event("kamikaze", zone=b.zone, nation=nation, tokens=n, hits=hits)
