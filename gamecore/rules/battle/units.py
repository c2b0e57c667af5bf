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

from typing import TYPE_CHECKING, NamedTuple

from gamecore.engine.state import EVENT_LOGS, RETREATED, SUBMERGED, Unit

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.rules.state import Battle

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


def _can_hurt(s: GameState, firers: list[Unit], stat: str, targets: list[Unit]) -> bool:
    ut = s.rules.units
    det = any(ut[u.type].detector for u in firers)
    for f in firers:
        t = ut[f.type]
        if t.stat(stat, f.damage > 0) <= 0:
            continue
        key = (t.cannot_target, t.domain, det)
        if any(_eligible(ut[x.type], key) for x in targets):
            return True
    return False


def _eligible(target_type, key) -> bool:
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
