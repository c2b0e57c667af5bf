"""A player picks which transport to board (issue #25): the legal moves name one
transport per sea zone (the bots' choice, unchanged), and a loading move naming another
transport of that sea zone with room is legal too; one of another zone, or without room,
is not."""

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
def germany_combat_move():
    s = new_game(read_pack(SAMPLE), "1939", seed=1)
    while s.phase != "combat_move":
        s.apply(Action.end_phase())
    assert s.current_nation == "GER"
    return s


def test_another_transport_of_the_sea_zone_may_be_boarded(germany_combat_move):
    s = germany_combat_move.clone()
    legal = s.legal_actions()
    offered = next(
        a
        for a in legal
        if a.kind == "move"
        and a.transport
        and len(movement.transport_choices(s, a.units, a.path)) > 1
    )
    choices = movement.transport_choices(s, offered.units, offered.path)
    assert offered.transport in choices
    assert all(s.units[t].zone == offered.path[1] for t in choices)
    other = next(t for t in choices if t != offered.transport)
    # the legal list names one transport per zone: the other is not in it...
    assert not any(
        a.kind == "move" and a.transport == other and a.path == offered.path for a in legal
    )
    # ...and is legal all the same
    move = Action.move(offered.units, offered.path, transport=other)
    s.apply(move)
    assert all(s.units[u].on == other for u in offered.units)
    assert all(s.units[u].zone == offered.path[1] for u in offered.units)


def test_a_transport_elsewhere_or_full_is_refused(germany_combat_move):
    s = germany_combat_move.clone()
    offered = next(a for a in s.legal_actions() if a.kind == "move" and a.transport)
    ut = s.rules.units
    elsewhere = next(
        u.id
        for u in s.units.values()
        if ut[u.type].transport_capacity and u.zone != offered.path[1]
    )
    snap = s.snapshot()
    with pytest.raises(RulesError):
        s.apply(Action.move(offered.units, offered.path, transport=elsewhere))
    assert s.snapshot() == snap
    # too many for any one transport: no choice, and refused
    land = [
        u.id
        for u in s.units.values()
        if u.zone == offered.path[0] and u.nation == "GER" and ut[u.type].transport_cost
    ]
    cap = max(
        ut[s.units[t].type].transport_capacity
        for t in movement.transport_choices(s, offered.units, offered.path)
    )
    many = land[: cap + 1]
    assert sum(ut[s.units[u].type].transport_cost for u in many) > cap
    assert movement.transport_choices(s, many, offered.path) == []
