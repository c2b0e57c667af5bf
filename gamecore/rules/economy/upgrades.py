"""Unit upgrades (supply to a home factory), the end of placement and unspent money."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.errors import RulesError
from gamecore.rules.economy.placement import home_country
from gamecore.rules.economy.purchase import _full_cost

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


# ---------------------------------------------------------------------- unit upgrades
def _supply_to_home_factory(s: GameState, n: str, z: int) -> bool:
    """A land path from ``z`` through zones ``n`` or its friends hold to a factory of ``n``
    in its Home Country (the supply path of §11.2, over land)."""
    home = home_country(s, n)
    fr = s.friends(n)
    goal = set()
    for f in s.facilities.values():
        ft = s.rules.facility_types.get(f.type)
        if ft and ft.production and "land" in ft.places and s.owner.get(f.zone) == n:
            if f.zone in home:
                goal.add(f.zone)
    if not goal:
        return False
    seen = {z}
    todo = [z]
    while todo:
        x = todo.pop()
        if x in goal:
            return True
        for y in s.board.land_nbrs.get(x, ()):
            if y not in seen and s.owner.get(y) in fr:
                seen.add(y)
                todo.append(y)
    return False


def _upgrades_done(s: GameState, typ: str) -> int:
    return sum(1 for z, k in s.built if z == 0 and k.startswith(f"upgrade:{typ}:"))


def upgrade_actions(s: GameState) -> list[Action]:
    """§11.2: a unit whose type has ``props.upgrade_to`` may become that type for
    ``props.upgrade_cost`` IPP, at most ``props.upgrade_limit`` per turn (0: no limit),
    with a supply path from a Home Country factory; ``props.upgrade_option`` names an
    option that must be on (the optional Motorized upgrade)."""
    if s.phase != "place":
        return []
    n = s.current_nation
    bank = s.banks.get(n, 0)
    ut = s.rules.units
    out = []
    ok_zone: dict[int, bool] = {}
    # the types that upgrade at all, then only their units (not every unit sorted, each
    # call of a place phase: #39, play cost per action independent of the board)
    ups = {k for k, t in ut.items() if t.props.get("upgrade_to")}
    if not ups:
        return out
    mine = sorted((uid, u) for uid, u in s.units.items() if u.type in ups and u.nation == n)
    for uid, u in mine:
        if u.on:
            continue
        p = ut[u.type].props
        to = p.get("upgrade_to")
        if not to or to not in ut:
            continue
        opt = p.get("upgrade_option")
        if opt and not s.rules.options.get(opt):
            continue
        if int(p.get("upgrade_cost", 0)) > bank:
            continue
        limit = int(p.get("upgrade_limit", 0))
        if limit and _upgrades_done(s, u.type) >= limit:
            continue
        if u.zone not in ok_zone:
            ok_zone[u.zone] = s.board.is_land(u.zone) and _supply_to_home_factory(s, n, u.zone)
        if ok_zone[u.zone]:
            out.append(Action("upgrade", type=to, units=(uid,)))
    return out


def apply_upgrade(s: GameState, a: Action) -> None:
    n = s.current_nation
    if a not in upgrade_actions(s):
        raise RulesError(f"{n} cannot upgrade unit {a.units} now")
    u = s.units[a.units[0]]
    cost = int(s.rules.units[u.type].props.get("upgrade_cost", 0))
    s.banks[n] -= cost
    s.built.add((0, f"upgrade:{u.type}:{u.id}"))
    s.set_unit(u.id, type=a.type)
    s.bump()
    s.event("unit_upgraded", nation=n, unit=u.id, frm=u.type, to=a.type, cost=cost)


def end_placement(s: GameState, n: str) -> None:
    pend = s.pending.get(n)
    if not pend:
        return
    if s.rules.options.get("unplaced_units") == "refund":
        nr = s.rules.nations.get(n)
        # a nation given its units (TripleA's NoPU purchase) paid nothing: they are lost
        free = nr is not None and bool(nr.free_units)
        total = 0 if free else sum(_full_cost(s, n, t) * c for t, c in pend.items())
        s.banks[n] = s.banks.get(n, 0) + total
        s.event("refund", nation=n, amount=total, units=dict(pend))
        s.pending[n] = {}


def lose_unspent(s: GameState, n: str) -> None:
    """Option ``bank_carry_over = false`` (use it or lose it: Hitler's Global War): money
    a nation has not spent when its placement ends is lost."""
    if s.rules.options["bank_carry_over"]:
        return
    left = s.banks.get(n, 0)
    if left > 0:
        s.banks[n] = 0
        s.settle_earmarks(n)  # earmarked money is lost with the rest
        s.event("bank_lost", nation=n, amount=left)
