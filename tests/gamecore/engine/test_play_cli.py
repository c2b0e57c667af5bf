"""``warroom play``: a headless game from the command line."""

import json

from gamecore.cli import main
from gamecore.engine import replay
from gamecore.engine.testmaps import toy_pack
from gamecore.store.jsonform import dump_json


def test_play_prints_winner_rounds_and_incomes(capsys, tmp_path):
    log = tmp_path / "g.jsonl"
    rc = main(["play", "builtin:toy", "--seed", "4", "--rounds", "6", "--log", str(log)])
    out = capsys.readouterr().out
    assert rc == 0
    assert "winner" in out and "rounds: " in out and "final incomes: RED" in out
    # the log replays to the game that was played
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    s = replay(toy_pack(), lines)
    assert s.is_terminal()


def test_play_json_and_determinism(capsys):
    args = ["play", "builtin:toy", "--seed", "9", "--rounds", "5", "--json"]
    assert main(args) == 0
    a = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    b = json.loads(capsys.readouterr().out)
    a.pop("seconds"), b.pop("seconds")
    assert a == b
    assert a["finished"] and a["rounds"] <= 5 and set(a["incomes"]) == {"RED", "BLU"}


def test_play_a_json_dump(capsys, tmp_path):
    path = tmp_path / "toy.json"
    path.write_text(dump_json(toy_pack()))
    assert main(["play", str(path), "--rounds", "2"]) == 0


def test_play_bad_input_is_one_line_and_exit_2(capsys, tmp_path):
    assert main(["play", str(tmp_path / "missing.warroom")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "missing.warroom" in err
    assert main(["play", "builtin:toy", "--scenario", "nope"]) == 2
    assert "no scenario 'nope'" in capsys.readouterr().err
    assert main(["play", "builtin:toy", "--bots", "genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err
    assert main(["play", "builtin:moon"]) == 2
