"""Behaviour does not move (issue #22): seeded bot games on both bundled scenarios give
the recorded event logs and final positions, and the battle calculator the recorded odds.
A difference is a rule change: re-record (``python -m tests.gamecore.engine.golden_cases``)
only in a commit that says which rule changed and why."""

from __future__ import annotations

import json
import math

import pytest

from tests.gamecore.engine import golden_cases as g

GAMES = json.loads((g.HERE / "games.json").read_text())
BATTLES = json.loads((g.HERE / "battles.json").read_text())


@pytest.fixture(scope="module")
def pack():
    from gamecore.paths import sample_pack
    from gamecore.store import read_pack

    return read_pack(sample_pack())


def test_the_recording_covers_the_cases():
    assert [(x["scenario"], x["bots"], x["seed"], x["rounds"]) for x in GAMES] == [
        tuple(c) for c in g.GAMES
    ]
    assert len(BATTLES) == len(g.BATTLES)
    assert {x["scenario"] for x in GAMES} == {"1939", "global-war-1936"}
    assert {x["bots"] for x in GAMES} == {"random", "heuristic"}


@pytest.mark.parametrize("case", g.GAMES, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}")
def test_game_log_is_unchanged(pack, case):
    want = next(x for x in GAMES if (x["scenario"], x["bots"], x["seed"]) == case[:3])
    got = g.play_game(pack, *case)
    assert got == want


def _close(a, b, path="") -> None:
    if isinstance(a, dict):
        assert isinstance(b, dict) and sorted(a) == sorted(b), path
        for k in a:
            _close(a[k], b[k], f"{path}.{k}")
    elif isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _close(x, y, f"{path}[{i}]")
    elif isinstance(a, float) or isinstance(b, float):
        assert math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12), (path, a, b)
    else:
        assert a == b, (path, a, b)


@pytest.mark.parametrize("case", g.BATTLES, ids=lambda c: f"{c[0]}:{c[1]}")
def test_battle_odds_are_unchanged(case):
    want = next(x for x in BATTLES if (x["ruleset"], x["attackers"], x["defenders"]) == case[:3])
    got = json.loads(json.dumps(g.battle(*case)))
    _close(got, want)
