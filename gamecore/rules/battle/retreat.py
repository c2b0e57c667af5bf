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
from gamecore.rules.battle.units import (
    amphibious_may_retreat,
    attacker_retreat_from,
    sides,
)
from gamecore.rules.movement import MoveContext

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.actions import Action
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


def _staying(s: GameState, b: Battle, att: list[Unit]) -> list[Unit] | None:
    """The attacking units that stay and fight on when the others of ``att`` retreat (the
    ruleset's ``retreat_stay`` steps); None when it plays none: units that landed from
    the sea keep the whole attacker from retreating."""
    steps = stage(s, "retreat_stay")
    if not steps:
        return None
    rnd = Round(s, b, att)
    rnd.side = "att"
    for st in steps:
        st.run(rnd)
    return rnd.stay


def retreat_zones(s: GameState, b: Battle) -> list[int]:
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
            # the units that landed from the sea may not retreat (rules-notes/004 §4.3):
            # the attacker does not retreat at all, unless a step of the ruleset keeps
            # only them fighting (G40 2E's partial amphibious retreat, core.py)
            stay = _staying(s, b, surface)
            if stay is None:
                return []
            surface = [u for u in surface if u not in stay]
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
    """Where the defender may retreat: the zones the ruleset's ``defender_zones`` steps
    give (The War Game WWII, rules-notes/002 §4.4), narrowed by its ``retreat`` steps;
    none when it plays no such step (the A&A family: only the attacker retreats)."""
    steps = stage(s, "defender_zones")
    if b.kind == "bomb" or not steps or not b.defender:
        return []
    att, dfn = sides(s, b)
    if not att or not dfn:
        return []
    rnd = Round(s, b, att, dfn)
    rnd.side = "def"
    for st in steps:
        st.run(rnd)
    return _narrowed(s, b, "def", rnd.zones, att, dfn)


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


def retreat_answers(s: GameState, b: Battle) -> list[Action]:
    """Other answers the attacker has to its retreat decision, as the ruleset's
    ``retreat_answers`` steps offer them (seeds/003: its aircraft retreat apart)."""
    steps = stage(s, "retreat_answers")
    if not steps:
        return []
    rnd = Round(s, b)
    for st in steps:
        st.run(rnd)
    return rnd.offers


def answer_retreat(s: GameState, b: Battle, a: Action) -> bool:
    """Apply ``a``, one of :func:`retreat_answers`, by the step that offers it; False
    when no step offers it now."""
    for st in stage(s, "retreat_answers"):
        rnd = Round(s, b)
        st.run(rnd)
        if a in rnd.offers:
            st.answer(rnd, a)
            return True
    return False


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
    if s.board.is_land(b.zone) and not amphibious_may_retreat(s.rules):
        stay = _staying(s, b, att) or []  # (no step: no retreat_zones, no retreat here)
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
