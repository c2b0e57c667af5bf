"""Bots play The War Game (seeds/002) on the small synthetic board (builtin:war_game_mini):
``warroom play`` with random bots, the heuristic bot, and a short heuristic playtest.
The full 20-game heuristic playtest is a benchmark (tests/benchmarks/bench_war_game.py)."""

from __future__ import annotations

import json

import pytest

from gamecore.cli import main
from gamecore.engine import new_game, play
from gamecore.engine.testmaps import war_game_pack
from gamecore.sim.bots import bots_for
from gamecore.sim.playtest import PlaytestParams, run_playtest


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_warroom_play_with_random_bots_finishes(capsys, seed):
    assert main(["play", "builtin:war_game_mini", "--seed", str(seed), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] and out["winner"] in ("axis", "allies")
    assert set(out["incomes"]) == {"GER", "ITA", "USSR", "UK", "FRA", "JPN", "USA", "CHN"}


def test_random_bots_answer_every_war_game_decision():
    """Offered every decision (fire modes, retreats, casualties), random bots still
    finish a game: every decision the system makes has legal answers."""
    s = new_game(
        war_game_pack(rounds=4),
        "mini",
        seed=7,
        decisions=("retreat", "casualties", "fire_mode"),
        log="none",
    )
    play(s, bots_for("random", s, 7), max_actions=200_000)
    assert s.is_terminal()


def test_a_short_heuristic_playtest():
    pack = war_game_pack(rounds=3)
    result = run_playtest(pack, PlaytestParams("mini", "heuristic", 1, 3), 3, jobs=1)
    assert result.finished == 3 and all(r["status"] == "ok" for r in result.records)
