"""Air patrols over sea zones: Global War's Maritime Air Patrol and the house rules' Combat
Air Patrol (option ``air_patrol``), and the submarines' right to decline combat that they
limit (option ``sub_decline``).

Sources: seeds/000 §8.7 (MAP is a form of combat movement: aircraft within range of a sea
zone are put on patrol there and stay until the patrol ends; carrier-based aircraft reach
one sea zone away; each type's Maritime Patrol Range, §12 and T 12: ``props.map_range``),
§8.9 (a submarine may decline regular naval combat, except against an enemy aircraft on
MAP; a moving submarine may continue moving unless there is one), §9.10 ("Submarines may
not be Attacked unless the Attacker has an aircraft on Maritime Air Patrol");
seeds/003 SUBMARINE SPECIAL RULES ("Submarines may move through naval forces and decline
combat unless there is a carrier with aircraft or an aircraft on Combat Air Patrol").

The model (docs/global_war.md point 15, docs/house_rules.md): a patrol is a marker, unit ->
sea zone (the state part ``patrols``). The aircraft stays where it is (on its land zone or
its carrier: it need not land at sea, §8.7 "as long as a suitable landing spot is within
range"), gives up its move this turn, and the marker lasts until its owner's next turn
(our choice for "until it chooses to end its patrol": a patrol is renewed each turn). A
zone is *hunted* for a nation when an aircraft of a friend of it patrols there (and, with
``sub_decline = "patrol_or_carrier"``, when a friend's carrier with aircraft aboard is
there). Submarines then:

- when their zone is attacked and the attacker's side does not hunt it, decline: they sit
  out the combat phase (flag SUBMERGED, as §8.9 "may ignore those units for all purposes
  until the end of the Combat Phase"); a zone with nothing else is no battle;
- when moving, pass enemy zones unless the enemy hunts them (instead of g40's rule that an
  enemy destroyer stops them).

Not modelled: the patrolling aircraft does not fight in its patrol zone; a submarine always
declines when it may (no decision offered); an attacking submarine fights where it ends
its combat move (it may pass through, not stop and decline).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.engine.options import OptionSpec
from gamecore.engine.state import COMBAT, MOVED, SUBMERGED
from gamecore.errors import RulesError
from gamecore.rules import tech

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


def enabled(s: GameState) -> bool:
    return bool(s.rules.options.get("air_patrol"))


def patrol_range(s: GameState, uid: int) -> int:
    """The unit's Maritime Patrol Range (``props.map_range``, §8.7; a technology may add
    to it: the ``unit_stat`` effect on ``map_range``); 0: it may not patrol."""
    u = s.units[uid]
    t = s.rules.units[u.type]
    base = int(t.props.get("map_range", 0) or 0)
    if base <= 0:
        return 0
    return base + tech.unit_bonus(s, u.nation, t, "map_range")


def zones_in_range(s: GameState, z0: int, rng: int) -> list[int]:
    """Sea zones within ``rng`` borders of ``z0`` (§1.4: each border crossed counts one;
    the zone itself when it is at sea: movement within a zone costs nothing)."""
    b = s.board
    seen = {z0}
    frontier = [z0]
    for _ in range(rng):
        nxt = []
        for z in frontier:
            for y in b.nbrs[z]:
                if y not in seen:
                    seen.add(y)
                    nxt.append(y)
        frontier = nxt
    return sorted(z for z in seen if b.is_sea(z))


def may_patrol(s: GameState, uid: int) -> bool:
    u = s.units[uid]
    t = s.rules.units[u.type]
    if t.domain != "air" or u.flags & MOVED or uid in s.patrols:
        return False
    return patrol_range(s, uid) > 0


def combat_move_actions(s: GameState) -> list[Action]:
    """Patrol announcements of the current nation (§8.7: during combat movement)."""
    if not enabled(s):
        return []
    n = s.current_nation
    out = []
    for uid, u in sorted(s.units.items()):
        if u.nation != n or not may_patrol(s, uid):
            continue
        for z in zones_in_range(s, u.zone, patrol_range(s, uid)):
            out.append(Action("patrol", units=(uid,), zone=z))
    return out


def apply_patrol(s: GameState, a: Action) -> None:
    uid = a.units[0] if a.units else 0
    if not enabled(s) or uid not in s.units or s.units[uid].nation != s.current_nation:
        raise RulesError(f"unit {uid} cannot patrol now")
    if not may_patrol(s, uid):
        raise RulesError(f"unit {uid} cannot patrol (moved, on patrol or no patrol range)")
    u = s.units[uid]
    if a.zone not in zones_in_range(s, u.zone, patrol_range(s, uid)):
        raise RulesError(f"zone {a.zone} is not a sea zone within unit {uid}'s patrol range")
    s.patrols = {**s.patrols, uid: a.zone}
    s.set_unit(uid, moves=0, flags=u.flags | MOVED | COMBAT)
    s.bump()
    s.event("patrol", unit=uid, zone=a.zone, nation=u.nation)


def end_patrols(s: GameState, nations: set[str]) -> None:
    """Patrols last until their owner's next turn (and end when the aircraft is lost)."""
    if s.patrols:
        keep = {
            u: z for u, z in s.patrols.items() if u in s.units and s.units[u].nation not in nations
        }
        if keep != s.patrols:
            s.patrols = keep


def hunted(s: GameState, z: int, n: str) -> bool:
    """Whether ``n``'s side may force combat on submarines in sea zone ``z``."""
    for uid, pz in s.patrols.items():
        if pz == z and uid in s.units and s.friendly(n, s.units[uid].nation):
            return True
    if s.rules.options.get("sub_decline") == "patrol_or_carrier":
        return z in _carriers_with_aircraft(s, lambda m: s.friendly(n, m))
    return False


def hunted_zones(s: GameState, enemies: frozenset[str], carriers: bool = True) -> set[int]:
    """Sea zones where some enemy (of the mover) may force combat on submarines (with
    ``carriers`` off: the zones their aircraft patrol, whatever ``sub_decline`` says)."""
    out = {z for u, z in s.patrols.items() if u in s.units and s.units[u].nation in enemies}
    if carriers and s.rules.options.get("sub_decline") == "patrol_or_carrier":
        out |= _carriers_with_aircraft(s, lambda m: m in enemies)
    return out


def _carriers_with_aircraft(s: GameState, side) -> set[int]:
    """Sea zones holding a carrier and aircraft of nations for which ``side`` holds
    (aircraft at sea are aboard a carrier)."""
    ut = s.rules.units
    carriers: set[int] = set()
    planes: set[int] = set()
    for u in s.units.values():
        if not side(u.nation) or not s.board.is_sea(u.zone):
            continue
        t = ut[u.type]
        if t.carrier_capacity > 0:
            carriers.add(u.zone)
        elif t.domain == "air":
            planes.add(u.zone)
    return carriers & planes


def _is_sub(t) -> bool:
    return t.domain == "sea" and t.first_strike and t.submerge


def decline(s: GameState, attackers: frozenset[str]) -> None:
    """Before the battles are found: in every sea zone the attackers entered, enemy
    submarines decline combat unless the attackers' side hunts the zone (§8.9, §9.10;
    seeds/003). They are out of the combat phase (SUBMERGED, cleared at the next turn)."""
    if not s.rules.options.get("sub_decline"):
        return
    n = s.current_nation
    en = s.enemies(n)
    ut = s.rules.units
    entered = {
        u.zone
        for u in s.units.values()
        if u.nation in attackers and not u.on and s.board.is_sea(u.zone)
    }
    for z in sorted(entered):
        subs = [
            uid
            for uid in s.units_in(z)
            if s.units[uid].nation in en
            and not s.units[uid].flags & SUBMERGED
            and _is_sub(ut[s.units[uid].type])
        ]
        if subs and not hunted(s, z, n):
            for uid in subs:
                s.set_unit(uid, flags=s.units[uid].flags | SUBMERGED)
            s.bump()
            s.event("subs_decline", zone=z, units=subs)


# ---------------------------------------------------------------------- options
#: the options this module reads (declared for the rule system: typed, checked at load)
OPTIONS = (
    OptionSpec(
        "air_patrol",
        "bool",
        False,
        doc="§8.7 aircraft with props.map_range may be put on patrol over a sea zone within it "
        "(combat move; until their owner's next turn)",
        owner="gamecore.rules.patrol",
    ),
    OptionSpec(
        "sub_decline",
        "str",
        "",
        choices=("", "patrol", "patrol_or_carrier"),
        doc="'' (g40) | 'patrol': submarines decline combat and pass enemy zones unless the "
        "enemy has an aircraft on patrol there (Global War §8.9, §9.10) | 'patrol_or_carrier': "
        "or a carrier with aircraft (seeds/003)",
        owner="gamecore.rules.patrol",
    ),
)
