"""The ground floor of a battle: who fights on each side, what a hit is, what a loss is.

A :class:`Hit` is one die that hit: what it may not hit (``cannot``), the firer's domain
(``domain``, for units hidden from it), whether the firing side has a detector
(``detector``), the domain it goes to first (``prefer``: "air" for Global War T 9-1 air
superiority and The War Game's defending artillery), and the classes the firing side
picks its victim from (``select``: T 9-1 target selection; None when the owner chooses).
:class:`Casualties` is what a side loses to a volley: the units killed and the new damage
of those hit but still alive.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from gamecore.engine.state import EVENT_LOGS, RETREATED, SUBMERGED, Unit

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.ruleset import Ruleset, UnitType
    from gamecore.engine.state import GameState
    from gamecore.rules.state import Battle

X = TypeVar("X")

CASUALTY_PROFILES = ("cheapest", "preserve_attack", "preserve_defense", "keep_land")

#: each profile's casualty order of unit types: the lowest rank goes first (ties by id);
#: the played battle (casualties.order_units) and the calculator (sides.order_types) both
PROFILE_RANK = {
    "cheapest": lambda t: (t.cost, t.attack + t.defense),
    "preserve_attack": lambda t: (t.attack, t.cost),
    "preserve_defense": lambda t: (t.defense, t.cost),
    "keep_land": lambda t: (t.domain == "land", t.cost),
}


class Hit(NamedTuple):
    """One die that hit (see the module's docstring)."""

    cannot: tuple[str, ...] | frozenset[str]
    domain: str
    detector: bool
    prefer: str = ""
    select: tuple[str, ...] | None = None

    def order(self) -> str:
        """The tie-break between hits with as many eligible targets: the text of the plain
        tuple each hit was before hits had names - three fields, a fourth with a
        preference, a fifth with a target selection. Kept so that the same dice take the
        same units (golden logs, battle odds)."""
        if self.select is not None:
            return repr(tuple(self))
        return repr(tuple(self[:4] if self.prefer else self[:3]))


class Casualties(NamedTuple):
    """What a side loses to a volley: units killed, {unit: new damage} of the others hit."""

    killed: list[Unit]
    damaged: dict[int, int]


NO_CASUALTIES = Casualties([], {})


def attacking_nations(s: GameState) -> frozenset[str]:
    """The current nation, or every friendly nation of its slot when they play together."""
    n = s.current_nation
    if s.rules.options.get("slot_mode") != "together":
        return frozenset((n,))
    return frozenset(m for m in s.board.turn_slots[s.slot] if s.friendly(n, m))


def sides(s: GameState, b: Battle) -> tuple[list[Unit], list[Unit]]:
    att: list[Unit] = []
    dfn: list[Unit] = []
    en = s.enemies(b.attacker)
    ut = s.rules.units
    held = b.waiting
    for uid in s.units_in(b.zone):
        u = s.units[uid]
        if u.on or u.flags & (SUBMERGED | RETREATED):
            continue
        if ut[u.type].infrastructure or (held and uid in held):
            continue
        if u.nation == b.attacker or u.nation in b.attackers:
            att.append(u)
        elif u.nation in en:
            dfn.append(u)
    return att, dfn


# ------------------------------------------------------------------ rules both the played
# battle (units) and the calculator (unit types in slots, gamecore.sim.battle) follow
def takes_zone(t: UnitType) -> bool:
    """May a unit of type ``t`` take a land zone? (A land unit that may capture.)"""
    return t.domain == "land" and not t.cannot_capture


def kept_last(items: Iterable[X], type_of: Callable[[X], UnitType], tie: Callable) -> X | None:
    """The one the attacker of a land zone keeps for its last casualty: the best of
    ``items`` (units, or unit types) that can take the zone - the most expensive, then
    the highest ``tie`` (the played battle: the unit id; the calculator, which holds no
    units: the type id); None when none can (rules-notes/004 §4.3 casualties)."""
    cap = [x for x in items if takes_zone(type_of(x))]
    if not cap:
        return None
    return max(cap, key=lambda x: (type_of(x).cost, tie(x)))


def armed_first(items: Iterable[X], type_of: Callable[[X], UnitType]) -> tuple[list[X], list[X]]:
    """``items`` split into the armed and the defenceless ones, each in its order: a hit
    goes to an armed unit while one it may hit is left (transports last,
    rules-notes/004 §4.3)."""
    armed, bare = [], []
    for x in items:
        (bare if type_of(x).defenseless else armed).append(x)
    return armed, bare


def lone_rules(rules: Ruleset) -> tuple[bool, bool]:
    """Which sides die alone, without a round, when the enemy can hurt them (the end of
    a battle): defenceless units under ``unescorted_transports_die`` (rules-notes/004
    §4.3), AA guns when ``aa_alone_defends`` is off (issue #23 point 2); the argument
    pair of :meth:`UnitType.lone_defenseless`."""
    opts = rules.options
    return bool(opts.get("unescorted_transports_die")), not opts.get("aa_alone_defends", True)


def attacker_retreat_from(rules: Ruleset) -> int | None:
    """The round from which the attacker may retreat (rules-notes/004 §4.3; The War Game
    from round 2, rules-notes/002 §4.4): ``attacker_retreat_from_round``, or None when the
    ruleset's attacker never retreats (``attacker_retreat``). The played battle and the
    battle calculator both ask this."""
    opts = rules.options
    if not opts["attacker_retreat"]:
        return None
    return int(opts["attacker_retreat_from_round"])


def amphibious_may_retreat(rules: Ruleset) -> bool:
    """May land units that came from the sea retreat (``amphibious_retreat``; no in the
    A&A family, rules-notes/004 §4.3, Global War §9.4)?"""
    return bool(rules.options["amphibious_retreat"])


def _can_hurt(s: GameState, firers: list[Unit], stat: str, targets: list[Unit]) -> bool:
    ut = s.rules.units
    det = any(ut[u.type].detector for u in firers)
    for f in firers:
        t = ut[f.type]
        if t.stat(stat, f.damage > 0) <= 0:
            continue
        key = (t.cannot_target, t.domain, det)
        if any(eligible(ut[x.type], key) for x in targets):
            return True
    return False


def eligible(target_type, key) -> bool:
    """May a hit with ``key`` ((cannot, firer domain, firer side has a detector, ...))
    go to a unit of ``target_type``? Not to the domains or types it cannot hit (Global
    War §9.6 hits_only), nor to a unit hidden from the firer's domain (a submarine from
    aircraft) unless the firing side has a detector. Further fields (a preferred
    domain) change the order, not who may be hit."""
    cannot, fdom, det = key[0], key[1], key[2]
    if target_type.domain in cannot or target_type.id in cannot:
        return False
    if fdom in target_type.hidden_from and not det:
        return False
    return True


def _is_of(t, classes: tuple[str, ...]) -> bool:
    if "*" in classes:
        return True
    return t.domain in classes or t.id in classes or t.props.get("class") in classes


def _kill(s: GameState, u: Unit, reason: str) -> None:
    if u.id not in s.units:
        return
    removed = s.remove_unit(u.id, reason)
    if s.airlift and s.battle is not None and s.battle.round <= 1:
        # §9.15: the aircraft of an Airborne Assault lost in round 1 takes its load along
        for para, plane in sorted(s.airlift.items()):
            if plane == u.id and para in s.units:
                removed += s.remove_unit(para, reason)
    if s.log_mode in EVENT_LOGS:
        s.event("lost", unit=u.id, type=u.type, nation=u.nation, zone=u.zone, reason=reason)
        for cid in removed[1:]:
            s.event("lost", unit=cid, zone=u.zone, reason="cargo")


def _apply_casualties(s: GameState, killed: list[Unit], damaged: dict[int, int]) -> None:
    """Damage the units hit, then remove those killed (``_apply_casualties(s, *losses)``)."""
    for uid, d in damaged.items():
        if uid in s.units:
            s.set_unit(uid, damage=d)
    for u in killed:
        _kill(s, u, "combat")
