"""``--think-ms`` (issue #33, "Speed": a per-decision budget with games still deterministic
for a seed): the budget reaches the bots that think, changes what they play, never reads
the clock, and is refused out of range with one line and exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from gamecore.errors import WarroomError
from gamecore.paths import resource
from gamecore.sim.bots import MAX_THINK_MS, bots_for, make_bot
from gamecore.sim.bots.planner import PlannerBot
from gamecore.sim.playtest import PlaytestParams, play_game
from gamecore.sim.playtest.samples import symmetric_pack


@pytest.fixture(scope="module")
def pack():
    return symmetric_pack(rounds=2)


def test_the_budget_reaches_the_bots_that_think_and_only_them():
    p = make_bot("planner", 3, think_ms=40)
    assert isinstance(p, PlannerBot) and p._think == 40
    assert make_bot("planner", 3)._think is None  # the weights' own budget
    h = make_bot("heuristic", 3, think_ms=40)  # a bot without a budget plays as ever
    assert not isinstance(h, PlannerBot)


def test_same_budget_same_game_and_the_budget_changes_the_game(pack):
    games = {t: play_game(pack, "test", 7, "planner", think_ms=t) for t in (0, 10, 1000)}
    again = play_game(pack, "test", 7, "planner", think_ms=10)
    assert all(r["status"] == "ok" and r["bot_errors"] == 0 for r in games.values())
    assert again["digest"] == games[10]["digest"]
    assert len({r["digest"] for r in games.values()}) > 1  # the budget is not ignored


def test_the_budget_is_work_not_wall_time(pack, monkeypatch):
    # a clock running 1000 times too fast must not change a single decision
    base = play_game(pack, "test", 5, "planner", think_ms=10, max_seconds=None)
    real = time.perf_counter
    start = real()
    monkeypatch.setattr(time, "perf_counter", lambda: start + 1000 * (real() - start))
    monkeypatch.setattr(time, "monotonic", lambda: start + 1000 * (real() - start))
    fast = play_game(pack, "test", 5, "planner", think_ms=10, max_seconds=None)
    assert fast["digest"] == base["digest"]


def test_a_run_without_a_budget_keeps_its_results_key():
    a = PlaytestParams("s", "planner", 1, 5)
    assert "think_ms" not in a.to_json()
    assert a.key("h") == PlaytestParams("s", "planner", 1, 5, None).key("h")
    assert a.key("h") != PlaytestParams("s", "planner", 1, 5, 200).key("h")


@pytest.mark.parametrize("bad", [-1, MAX_THINK_MS + 1])
def test_an_out_of_range_budget_is_refused(pack, bad):
    from gamecore.engine import new_game

    s = new_game(pack, "test", seed=1, rounds=1, log="none")
    with pytest.raises(WarroomError, match="--think-ms"):
        bots_for("planner", s, 1, think_ms=bad)


def _warroom(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gamecore.cli", *args],
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_play_with_think_ms_is_deterministic_from_the_command_line():
    args = ("play", "builtin:war_game_mini", "--bots", "planner", "--rounds", "2")
    a = _warroom(*args, "--think-ms", "25", "--json")
    b = _warroom(*args, "--think-ms", "25", "--json")
    assert a.returncode == 0 == b.returncode, a.stderr + b.stderr
    ja, jb = json.loads(a.stdout), json.loads(b.stdout)
    assert ja["think_ms"] == 25
    for j in (ja, jb):
        j.pop("seconds")
    assert ja == jb


WAR_GAME = str(resource("samples", "war-game-1942.warroom"))


@pytest.mark.parametrize(
    "cmd",
    [
        ("play", "builtin:toy", "--bots", "planner"),
        ("playtest", WAR_GAME, "--games", "1"),
        ("playtest-ladder", WAR_GAME, "--bots", "planner,heuristic", "--games", "1"),
    ],
)
def test_bad_think_ms_is_one_line_and_exit_2(cmd):
    r = _warroom(*cmd, "--think-ms", "-3")
    assert r.returncode == 2
    lines = [x for x in r.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and "--think-ms must be between 0 and" in lines[0], r.stderr
