"""Helpers of the hgw rule tests: scripted dice, skipping to a phase, finding armies."""

from __future__ import annotations

import copy

from gamecore.cli import main
from gamecore.engine import new_game
from gamecore.engine.actions import Action
from gamecore.errors import RulesError
from gamecore.hgw.armies import army_count, army_sps, new_army
from gamecore.store import write_pack

END = Action.end_phase()


class Dice:
    """A stand-in for the game's generator that throws the listed faces in order."""

    def __init__(self, faces):
        self.faces = list(faces)
        self.state = 0
        self.draws = 0

    def roll(self, sides: int) -> int:
        if not self.faces:
            raise AssertionError("the test ran out of scripted dice")
        self.draws += 1
        return self.faces.pop(0)

    def copy(self):
        d = Dice(self.faces)
        d.draws = self.draws
        return d


def start(pack, dice=None, **kw):
    s = new_game(pack, "barbarossa", **kw)
    if dice is not None:
        s.rng = Dice(dice)
    return s


def to_phase(s, nation: str, phase: str, limit: int = 200) -> None:
    """End phases until ``nation``'s ``phase`` (raises if it never comes)."""
    for _ in range(limit):
        if s.current_nation == nation and s.phase == phase and s.decision is None:
            return
        s.apply(END)
    raise AssertionError(f"never reached {nation} {phase}")


def army(s, name: str) -> int:
    found = [a for a, v in s.armies.items() if v.name == name]
    assert len(found) == 1, f"army {name!r}: {found}"
    return found[0]


def code_of(s, z: int) -> str:
    return s.board.code[z]


def z(s, code: str) -> int:
    return (
        s.board.cache["hgw_graph"].code[code]
        if "hgw_graph" in s.board.cache
        else next(k for k, v in s.board.code.items() if v == code)
    )


def where(s, aid: int) -> str:
    return s.board.code[s.armies[aid].zone]


def strength(s, aid: int) -> tuple[int, int]:
    """(inf, mech) of an army."""
    return army_count(s, aid)


__all__ = ["END", "Dice", "army", "army_sps", "start", "strength", "to_phase", "where", "z"]


def campaign_game(pack, scenario: str, dice=None, **kw):
    """A new game of ``scenario``; ``dice``, if given, the faces its generator throws."""
    s = new_game(pack, scenario, **kw)
    if dice is not None:
        s.rng = Dice(dice)
    return s


def place(s, nation: str, code: str, inf: int = 0, mech: int = 0) -> int:
    """A test army of ``nation`` in hex ``code`` (the hex made the side's)."""
    h = z(s, code)
    s.owner[h] = nation
    aid = new_army(s, nation, h, f"test {code}")
    for t, k in (("inf", inf), ("mech", mech)):
        for _ in range(k):
            u = s.add_unit(nation, t, h)
            s.army_of[u] = aid
    s.bump()
    return aid


def junk_option_is_refused(pack, tmp_path, capsys, scenario: str, key: str, value) -> None:
    """Untrusted input: option ``key`` set to ``value`` in a pack is refused by the rules,
    and ``warroom play`` on it gives one line naming the option and exit 2."""
    p = copy.deepcopy(pack)
    p.scenarios[scenario].options[key] = value
    try:
        new_game(p, scenario)
    except RulesError:
        pass
    else:
        raise AssertionError(f"{key} = {value!r} was accepted")
    path = tmp_path / "junk.warroom"
    write_pack(p, path)
    assert main(["play", str(path), "--scenario", scenario, "--seed", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and key in err and "Traceback" not in err
