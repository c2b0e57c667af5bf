"""Where a side may retreat, and the retreat itself (rules-notes/004 §4.3: to a friendly
zone units came from, amphibious land units stay; The War Game's defender retreats,
rules-notes/002 §4.4; seeds/003 RETREATING FROM ATTACKS). A ruleset narrows the zones
with its ``retreat`` steps. A retreat that ends the battle says so; the caller ends it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.state import AIRBORNE, AMPHIB, FOUGHT, RETREATED, Unit
from gamecore.errors import RulesError
from gamecore.rules.battle.context import Round
from gamecore.rules.battle.steps import stage
from gamecore.rules.battle.units import sides
from gamecore.rules.movement import MoveContext

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.ruleset import Ruleset
    from gamecore.engine.state import GameState
    from gamecore.rules.state import Battle


def _narrowed(s: GameState, b: Battle, side: str, zones: list[int], att, dfn) -> list[int]:
    """``zones`` after the ruleset's ``retreat`` steps."""
    steps = stage(s, "retreat")
    if not steps or not zones:
        return zones
    rnd = Round(s, b, att, dfn)
    rnd.side = side
    rnd.zones = zones
    for st in steps:
        st.run(rnd)
    return rnd.zones


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


def retreat_zones(s: GameState, b: Battle) -> list[int]:
    opts = s.rules.options
    first = attacker_retreat_from(s.rules)
    if b.kind == "bomb" or first is None or b.round < first:
        return []
    att, dfn = sides(s, b)
    if not att or not dfn:
        return []
    ut = s.rules.units
    board = s.board
    ctx = MoveContext(s, b.attacker, combat=False)
    surface = [u for u in att if ut[u.type].domain != "air"]
    if board.is_land(b.zone):
        if not amphibious_may_retreat(s.rules) and any(u.flags & AMPHIB for u in surface):
            if not opts.get("partial_amphibious_retreat"):
                return []
            # G40 2E (issue #23 point 4): aircraft and the land units that came over land
            # may retreat; the units that landed from the sea stay and fight on
            surface = [u for u in surface if not u.flags & AMPHIB]
            if not surface and not any(ut[u.type].domain == "air" for u in att):
                return []
        if any(u.flags & AIRBORNE for u in surface):
            return []  # §9.15 "An Airborne Assaulting unit cannot retreat from combat"
        if not surface:
            return [b.zone]  # air breaks off (it lands in non-combat move)
        zs = {s.origins.get(u.id) for u in surface}
        nb = set(board.nbrs[b.zone])
        out = sorted(
            z for z in zs if z is not None and z in nb and board.is_land(z) and ctx.status(z) == "F"
        )
        return _narrowed(s, b, "att", out, att, dfn)
    if not surface:
        return [b.zone]
    zs = {s.origins.get(u.id) for u in surface}
    nb = set(board.sea_nbrs[b.zone])
    return sorted(z for z in zs if z is not None and z in nb and z not in ctx.enemy_any)


def defender_retreat_zones(s: GameState, b: Battle) -> list[int]:
    """Where the defender may retreat, when the ruleset lets defenders retreat (The War
    Game WWII, rules-notes/002 §4.4): adjacent zones friendly to it and free of enemies."""
    opts = s.rules.options
    if b.kind == "bomb" or not opts.get("defender_retreat") or not b.defender:
        return []
    if b.round < int(opts["defender_retreat_from_round"]):
        return []
    att, dfn = sides(s, b)
    if not att or not dfn:
        return []
    ctx = MoveContext(s, b.defender, combat=False)
    board = s.board
    if board.is_land(b.zone):
        out = [z for z in board.land_nbrs[b.zone] if ctx.status(z) == "F"]
    else:
        out = [z for z in board.sea_nbrs[b.zone] if z not in ctx.enemy_any]
    return _narrowed(s, b, "def", out, att, dfn)


def defender_retreat(s: GameState, b: Battle, zone: int) -> None:
    """The defender retreats to ``zone``: the battle is over (the caller ends it)."""
    if zone not in defender_retreat_zones(s, b):
        raise RulesError(f"the defender cannot retreat to zone {zone}")
    _, dfn = sides(s, b)
    ut = s.rules.units
    for u in dfn:
        cargo = s.cargo_of(u.id) if ut[u.type].transport_capacity else []
        s.move_unit(u.id, zone, flags=u.flags | RETREATED)
        for cid in cargo:
            s.move_unit(cid, zone)
    s.event("retreat", zone=b.zone, to=zone, units=len(dfn), side="defender")


def can_air_retreat(s: GameState, b: Battle) -> bool:
    """Seeds/003 RETREATING FROM ATTACKS "AIRCRAFT: May retreat Separate from other unit
    types, in any round instead of rolling, all Aircraft retreat at the same time." (option
    ``air_retreat_apart``): the attacker has aircraft and other units still fighting, and
    may retreat at all this round (``attacker_retreat``, ``attacker_retreat_from_round``)."""
    first = attacker_retreat_from(s.rules)
    if b.kind == "bomb" or first is None or b.round < first:
        return False
    att, dfn = sides(s, b)
    if not dfn:
        return False
    ut = s.rules.units
    air = [u for u in att if ut[u.type].domain == "air"]
    return bool(air) and len(air) < len(att)


def air_retreat(s: GameState, b: Battle) -> None:
    """The attacker's aircraft leave the battle together; the rest fight on. They stay in
    the zone, as aircraft that break off a battle do, and fly to a landing zone "up to
    remaining movement" in non-combat movement."""
    ut = s.rules.units
    air = [u for u in sides(s, b)[0] if ut[u.type].domain == "air"]
    for u in air:
        s.set_unit(u.id, flags=u.flags | RETREATED | FOUGHT)
    s.event("air_retreat", zone=b.zone, nation=b.attacker, units=len(air))


def _destinations(s: GameState, b: Battle, att: list[Unit]) -> dict[int, int]:
    """Where the ruleset's ``retreat_to`` steps send some of the retreating ``att``
    ({unit: zone}); the others go to the zone the attacker chose."""
    steps = stage(s, "retreat_to")
    if not steps:
        return {}
    rnd = Round(s, b, att)
    rnd.side = "att"
    rnd.zones = retreat_zones(s, b)
    for st in steps:
        st.run(rnd)
    return rnd.where


def retreat(s: GameState, b: Battle, zone: int) -> bool:
    """The attacker retreats to ``zone``; True when the battle goes on (a partial
    amphibious retreat leaves the units that landed from the sea fighting), False when it
    is over (the caller ends it)."""
    if zone not in retreat_zones(s, b):
        raise RulesError(f"cannot retreat to zone {zone}")
    att, _ = sides(s, b)
    ut = s.rules.units
    stay: list[Unit] = []
    if (
        s.board.is_land(b.zone)
        and s.rules.options.get("partial_amphibious_retreat")
        and not amphibious_may_retreat(s.rules)
    ):
        stay = [u for u in att if u.flags & AMPHIB and ut[u.type].domain != "air"]
        att = [u for u in att if u not in stay]
    goes = _destinations(s, b, att)
    where: dict[int, int] = {}
    for u in att:
        fl = u.flags | RETREATED | FOUGHT
        to = goes.get(u.id, zone)
        where[to] = where.get(to, 0) + 1
        if to == b.zone:
            s.set_unit(u.id, flags=fl)
            continue
        cargo = s.cargo_of(u.id) if ut[u.type].transport_capacity else []
        s.move_unit(u.id, to, flags=fl)
        for cid in cargo:
            s.move_unit(cid, to)
    extra = {"stay": len(stay)} if stay else {}
    if len(where) > 1:
        s.event(
            "retreat", zone=b.zone, to=zone, units=len(att), split=sorted(where.items()), **extra
        )
    else:
        s.event("retreat", zone=b.zone, to=zone, units=len(att), **extra)
    return bool(stay)
