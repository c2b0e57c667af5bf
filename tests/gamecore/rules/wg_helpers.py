"""Shared builders for The War Game (seeds/002) rule tests: small grid boards played by
the war_game ruleset, with scripted dice."""

from __future__ import annotations

from gamecore.engine import Action, new_game
from gamecore.engine.testmaps import grid_pack, zone_ids

#: the nations of seeds/002 (rules-notes/002 §2.1), on two teams
WG = {
    "GER": {"alliance": "axis"},
    "ITA": {"alliance": "axis"},
    "USSR": {"alliance": "allies"},
    "UK": {"alliance": "allies"},
    "FRA": {"alliance": "allies"},
    "JPN": {"alliance": "axis"},
    "USA": {"alliance": "allies"},
    "CHN": {"alliance": "allies"},
}
#: the five turn slots of rules-notes/002 §2.2
SLOTS = [["GER", "ITA"], ["USSR"], ["UK", "FRA"], ["JPN"], ["USA", "CHN"]]
HIT, MISS = 1, 12


class Script:
    """A die that rolls the given numbers in order (and fails loudly when run dry)."""

    def __init__(self, rolls):
        self.rolls = list(rolls)
        self.draws = 0

    def roll(self, sides: int) -> int:
        assert self.rolls, "the battle rolled more dice than scripted"
        self.draws += 1
        r = self.rolls.pop(0)
        assert 1 <= r <= sides
        return r

    def randint(self, lo, hi):
        return self.roll(hi - lo + 1) + lo - 1

    def copy(self):
        return self


def wg_pack(rows, zones=None, units=(), **kw):
    kw.setdefault("turn_order", SLOTS)
    return grid_pack(list(rows), zones or {}, WG, units, ruleset="war_game", **kw)


def wg_game(rows, zones=None, units=(), decisions=(), seed=1, **kw):
    """A started War Game on a grid board; returns (state, zone ids by code)."""
    pack = wg_pack(rows, zones, units, **kw)
    s = new_game(pack, "test", seed=seed, decisions=decisions, log="none")
    return s, zone_ids(pack)


def to_phase(s, phase):
    end = Action.end_phase()
    while s.phase != phase:
        legal = s.legal_actions()
        s.apply(end if end in legal else legal[0])
    return s


def attack(s, z, target, sources=None):
    """In combat move, move every unit that can reach ``target`` (from ``sources``, zone
    codes) into it, then end the phase: the state is in the combat phase."""
    to_phase(s, "combat_move")
    tz = z[target]
    while s.phase == "combat_move":
        mv = [
            a
            for a in s.legal_actions()
            if a.kind == "move"
            and a.path[-1] == tz
            and (sources is None or any(z[c] == a.path[0] for c in sources))
        ]
        if not mv:
            break
        s.apply(max(mv, key=lambda a: len(a.units)))
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    assert s.phase == "combat", s.phase
    return s


def fight(s, zone, rolls):
    """Fight the battle in ``zone`` with scripted dice; returns the script (unused dice)."""
    script = Script(rolls)
    s.rng = script
    act = [a for a in s.legal_actions() if a.kind == "fight" and a.zone == zone]
    s.apply(act[0])
    return script


def units_of(s, zone, nation):
    return sorted(s.units[u].type for u in s.units_in(zone) if s.units[u].nation == nation)
