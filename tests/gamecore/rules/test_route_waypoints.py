"""Waypoints (issue #25): a player forces a move's route through chosen zones, as in
TripleA. ``movement.route_moves`` is the legal moves' own search constrained to pass
the waypoints in order; a move along such a route is legal, one through a zone the
search would not pass (an enemy zone a unit cannot blitz through) is refused, and with
no waypoints the routes are those of the legal moves (the bots' moves, golden logs,
unchanged)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamecore.engine.actions import Action
from gamecore.engine.game import new_game
from gamecore.errors import RulesError
from gamecore.rules import movement
from gamecore.store.packfile import read_pack

SAMPLE = Path(__file__).resolve().parents[3] / "resources" / "samples" / "world-1939.warroom"


@pytest.fixture(scope="module")
def pack():
    return read_pack(SAMPLE)


def _to(pack, scenario: str, phase: str):
    s = new_game(pack, scenario, seed=1)
    while s.phase != phase:
        s.apply(Action.end_phase())
    return s


@pytest.mark.parametrize("scenario", ["1939", "global-war-1936"])
@pytest.mark.parametrize("phase", ["combat_move", "noncombat_move"])
def test_no_waypoints_gives_the_legal_routes(pack, scenario, phase):
    s = _to(pack, scenario, phase)
    plain = {
        (a.units, a.path)
        for a in s.legal_actions()
        if a.kind == "move" and not a.transport and not a.mode
    }
    zones = {p[0] for _u, p in plain}
    routed = {(a.units, a.path) for z in zones for a in movement.route_moves(s, z, ())}
    assert routed and routed <= plain
    # every plain move of a zone's own units is found (cargo and specials aside)
    assert len(routed) >= 0.9 * len(plain)


def _detour(s):
    """A legal two-step move and another middle zone the same units may pass."""
    nb = s.board.land_nbrs
    for a in s.legal_actions():
        if a.kind != "move" or a.transport or a.mode or len(a.path) != 3:
            continue
        z0, mid, dest = a.path
        if not s.board.is_land(z0):
            continue
        for other in sorted(nb[z0]):
            if other == mid or dest not in nb[other]:
                continue
            for x in movement.route_moves(s, z0, (other,)):
                if x.path == (z0, other, dest) and x.units == a.units:
                    return a, x
    return None


def test_a_route_through_a_waypoint_is_legal_and_taken(pack):
    s = _to(pack, "1939", "noncombat_move")
    found = _detour(s)
    assert found is not None
    legal, routed = found
    assert routed not in s.legal_actions()  # the legal moves name another route...
    s.apply(routed)  # ...and this one is legal all the same
    assert all(s.units[u].zone == routed.path[-1] for u in routed.units)
    assert [e for e in s.log if e.get("e") == "move"][-1]["path"] == list(routed.path)


def test_a_route_the_search_would_not_take_is_refused(pack):
    """Non-combat: land units never pass an enemy zone, waypoint or not."""
    s = _to(pack, "1939", "noncombat_move")
    n = s.current_nation
    enemies = s.enemies(n)
    ut = s.rules.units
    case = None
    for a in s.legal_actions():
        if a.kind != "move" or a.transport or a.mode or len(a.path) != 3:
            continue
        z0 = a.path[0]
        if not s.board.is_land(z0) or ut[s.units[a.units[0]].type].domain != "land":
            continue
        for e in sorted(s.board.land_nbrs[z0]):
            if s.owner.get(e) in enemies:
                beyond = [y for y in sorted(s.board.land_nbrs[e]) if y != z0]
                if beyond:
                    case = (a, e, beyond[0])
                    break
        if case:
            break
    assert case is not None
    a, enemy, beyond = case
    z0 = a.path[0]
    land = [x for x in movement.route_moves(s, z0, (enemy,)) if x.units[0] in a.units]
    assert land == []
    snap = s.snapshot()
    with pytest.raises(RulesError):
        s.apply(Action.move(a.units, (z0, enemy, beyond)))
    assert s.snapshot() == snap


def test_an_unreachable_zone_says_why(pack):
    """The reason a stack has no move to a zone: too far, only in the other movement
    phase, or no route at all — from the same searches without the movement limit."""
    s = _to(pack, "1939", "noncombat_move")
    n = s.current_nation
    ut = s.rules.units
    enemies = s.enemies(n)
    # a land stack whose units have 1 move; a friendly zone two steps away
    found = {}
    for a in s.legal_actions():
        if a.kind != "move" or a.transport or a.mode or len(a.path) != 2:
            continue
        z0, z1 = a.path
        u = s.units[a.units[0]]
        if ut[u.type].domain != "land" or not s.board.is_land(z0):
            continue
        mine = [s.units[x] for x in s.units_in(z0) if s.units[x].nation == n]
        slow = all(ut[m.type].domain == "land" and m.moves <= 1 for m in mine)
        if slow and "far" not in found:
            two = [
                y
                for y in sorted(s.board.land_nbrs[z1])
                if y != z0 and y not in s.board.land_nbrs[z0] and s.owner.get(y) == n
            ]
            if two:
                found["far"] = (z0, two[0])
        if "enemy" not in found:
            e = [y for y in sorted(s.board.land_nbrs[z0]) if s.owner.get(y) in enemies]
            if e:
                found["enemy"] = (z0, e[0])
    assert set(found) == {"far", "enemy"}
    z0, far = found["far"]
    assert movement.unreachable_reason(s, z0, far).startswith("too far: the route takes 2 moves")
    z0, enemy = found["enemy"]
    assert "combat move" in movement.unreachable_reason(s, z0, enemy)
    # across the world: no route at all for those land units (an ocean between)
    slow0 = found["far"][0]
    usa = next(z for z, o in s.owner.items() if o == "USA" and s.board.is_land(z))
    assert movement.unreachable_reason(s, slow0, usa).startswith("no route to")
    # a zone it can reach: no reason
    reach = next(a.path[-1] for a in movement.route_moves(s, z0, ()))
    assert movement.unreachable_reason(s, z0, reach) == ""
