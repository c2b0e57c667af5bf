"""Before round 1 of a battle: scrambles (rules-notes/004 §4.7), kamikaze strikes (§4.8),
anti-aircraft fire (§4.4; Global War §12.2), coastal artillery (Global War §9.9, §12.9)
and shore bombardment (§4.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.state import AMPHIB, FOUGHT, SCRAMBLED, UNLOADED, Unit
from gamecore.rules import tech
from gamecore.rules.battle.casualties import assign_hits, order_units
from gamecore.rules.battle.units import Casualties, Hit, _apply_casualties, _kill, sides

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.rules.state import Battle


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
    domains = set()
    for g in guns:
        domains.update(ut[g.type].aa_targets)
    targets = [u for u in att if ut[u.type].domain in domains]
    if not targets:
        return
    left = len(targets)
    hits = 0
    dice = s.rules.dice
    for g in guns:
        t = ut[g.type]
        n = min(t.aa_shots, left)
        left -= n
        for _ in range(n):
            if s.rng.roll(dice) <= t.aa_value:
                hits += 1
        if left <= 0:
            break
    if hits:
        key = Hit(
            tuple(d for d in ("land", "sea", "facility", "air") if d not in domains), "aa", True
        )
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
    s.event("aa", zone=b.zone, shots=len(targets) - max(left, 0), hits=hits, **ev)


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
        if s.rules.options["bombard_per_landed_unit"]:
            ships = ships[: len(landed)]
    return landed, ships, seas


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
        # seeds/002 §4.5: a battleship bombards with both its dice (8 and 6)
        for v in t.bombard_rolls or (t.bombard,):
            if s.rng.roll(dice) <= v:
                hits += 1
        s.set_unit(u.id, flags=u.flags | FOUGHT)
    if hits:
        key = Hit((), "sea", True)
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
