"""Shared helpers for engine rule tests: scripted dice and small builders."""

from __future__ import annotations

from gamecore.engine import Action, new_game
from gamecore.engine.testmaps import grid_pack, zone_ids


class ScriptedRng:
    """Dice that roll what a test says (then fail loudly when the script runs out)."""

    def __init__(self, rolls):
        self.script = list(rolls)
        self.state = 0
        self.draws = 0
        self.used = []

    def copy(self):
        c = ScriptedRng(self.script)
        c.draws = self.draws
        return c

    def roll(self, sides):
        if not self.script:
            raise AssertionError("the test's dice script ran out")
        r = self.script.pop(0)
        assert 1 <= r <= sides
        self.draws += 1
        self.used.append(r)
        return r

    def randint(self, lo, hi):
        return self.roll(hi - lo + 1) + lo - 1


TWO = {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}}


def game(rows, zones=None, nations=None, units=(), seed=1, **kw):
    """A started game on a grid map; returns (state, zone ids by code)."""
    rounds = kw.pop("rounds", None)
    options = kw.pop("options", None)
    decisions = kw.pop("decisions", ("retreat",))
    pack = grid_pack(rows, zones or {}, nations or TWO, units, **kw)
    s = new_game(pack, "test", seed=seed, rounds=rounds, options=options, decisions=decisions)
    return s, zone_ids(pack)


def to_phase(s, phase):
    """End phases until ``phase`` of the current nation (battles on the way are fought,
    pressing on)."""
    end = Action.end_phase()
    while s.phase != phase:
        legal = s.legal_actions()
        s.apply(end if end in legal else legal[0])
    return s


def moves(s):
    return [a for a in s.legal_actions() if a.kind == "move"]


def dests(s, unit_id):
    """Destination zone of every legal move of ``unit_id`` (as a set)."""
    return {a.path[-1] for a in moves(s) if unit_id in a.units}


def units_of(s, nation=None, type=None, zone=None):
    return sorted(
        u.id
        for u in s.units.values()
        if (nation is None or u.nation == nation)
        and (type is None or u.type == type)
        and (zone is None or u.zone == zone)
    )


def finish_turn(s):
    """Play the current nation's turn to its end (ending phases, pressing on)."""
    n, r = s.current_nation, s.round
    end = Action.end_phase()
    while s.current_nation == n and s.round == r and not s.is_terminal():
        legal = s.legal_actions()
        s.apply(end if end in legal else legal[0])
    return s
