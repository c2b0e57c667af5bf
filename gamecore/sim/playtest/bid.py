"""A bid as players use it: set-up units for the weaker side, bought with the bid and
placed before the first turn.

Tournament play (the A&A family's bid) gives the side that wins less some money to
spend on units placed on the board before the game starts: land units on land zones
that side controls, often at most N units a zone. :func:`setup_units` spends a bid
that way, the same way every time so batches stay comparable:

- the zones: the side's land zones at the start (its nations' own, or only ``nation``'s
  when one is named), front-line zones first (those bordering a zone held by a nation
  it is at war with), then by value; the units go round those zones one at a time,
  never more than ``zone_cap`` new units in one zone;
- each unit: a land unit its zone's owner has on the board at the start (or any land
  unit with a cost), the one with the most attack plus defence per point of cost it
  can afford; the last unit the money buys is the strongest that fits.

:func:`with_setup_bid` writes them into a copy of the scenario as set-up units; the
other form, extra money in the first turn, is
:func:`gamecore.sim.playtest.compare.with_bid`.
"""

from __future__ import annotations

import copy
from typing import Any

from gamecore.errors import WarroomError
from gamecore.model import Pack
from gamecore.model.scenario import UnitStack

#: the forms a bid can take
BID_FORMS = ("units", "money")


def _cost(ut, nation: str) -> int:
    return int((getattr(ut, "nation_costs", None) or {}).get(nation, getattr(ut, "cost", 0)) or 0)


def setup_units(
    pack: Pack,
    scenario: str,
    side: str,
    amount: int,
    *,
    nation: str | None = None,
    zone_cap: int | None = None,
) -> list[dict[str, Any]]:
    """The units a bid of ``amount`` buys for ``side`` and where they go:
    ``[{"zone": id, "nation": n, "type": t, "cost": c}, …]`` (see the module text).
    Money a unit cannot be bought with is left unspent."""
    from gamecore.engine import new_game

    if zone_cap is not None and zone_cap < 1:
        raise WarroomError("--bid-zone-cap must be at least 1")
    state = new_game(pack, scenario, seed=1, rounds=1, log="none")
    board = state.board
    members = {n for slot in board.turn_slots for n in slot if state.side_of(n) == side}
    if nation is not None:
        members &= {nation}
    zones = [
        z
        for z, o in sorted(state.owner.items())
        if o in members and board.is_land(z) and z not in board.impassable
    ]
    if not zones:
        raise WarroomError(f"side '{side}' holds no land zone to place a bid on")

    def front(z: int) -> bool:
        mine = state.owner[z]
        return any(
            (o := state.owner.get(a)) is not None and o != mine and state.at_war(mine, o)
            for a in board.land_nbrs.get(z, ())
        )

    zones.sort(key=lambda z: (not front(z), -int(board.value.get(z, 0)), z))
    types = state.rules.units
    fielded: dict[str, set[str]] = {}
    for u in state.units.values():
        fielded.setdefault(u.nation, set()).add(u.type)

    def choices(owner: str) -> list:
        land = [ut for ut in types.values() if ut.domain == "land" and _cost(ut, owner) > 0]
        own = [ut for ut in land if ut.id in fielded.get(owner, set())]
        return own or land

    placed: dict[int, int] = {}
    out: list[dict[str, Any]] = []
    left = int(amount)
    while left > 0:
        progress = False
        for z in zones:
            if zone_cap is not None and placed.get(z, 0) >= zone_cap:
                continue
            owner = state.owner[z]
            fits = [ut for ut in choices(owner) if _cost(ut, owner) <= left]
            if not fits:
                continue
            best = max(
                fits,
                key=lambda ut: ((ut.attack + ut.defense) / _cost(ut, owner), -_cost(ut, owner)),
            )
            if left - _cost(best, owner) < min(_cost(ut, owner) for ut in fits):
                # the last unit the money buys: the strongest that fits
                best = max(fits, key=lambda ut: (ut.attack + ut.defense, -_cost(ut, owner)))
            c = _cost(best, owner)
            out.append({"zone": z, "nation": owner, "type": best.id, "cost": c})
            placed[z] = placed.get(z, 0) + 1
            left -= c
            progress = True
            if left <= 0:
                break
        if not progress:
            break
    return out


def with_setup_bid(
    pack: Pack,
    scenario: str,
    side: str,
    amount: int,
    *,
    nation: str | None = None,
    zone_cap: int | None = None,
) -> tuple[Pack, list[dict[str, Any]]]:
    """A copy of ``pack`` whose ``scenario`` starts with the bid's units on the board,
    and those units."""
    units = setup_units(pack, scenario, side, amount, nation=nation, zone_cap=zone_cap)
    out = copy.deepcopy(pack)
    scn = out.scenarios[scenario]
    scn.units = list(scn.units) + [UnitStack(u["zone"], u["nation"], u["type"], 1) for u in units]
    return out, units
