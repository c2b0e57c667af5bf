"""The bot ladder (issue #33): A against B on the same seeds with the sides swapped, each
seating's Wilson interval, Elo ratings; kept beside the pack and quoted by summaries."""

from __future__ import annotations

import json
import math

import pytest

from gamecore.cli import main
from gamecore.errors import WarroomError
from gamecore.sim.playtest import wilson
from gamecore.sim.playtest.ladder import (
    bot_rating,
    elo,
    ladder,
    ladder_path,
    load_ladder,
    parse_bots,
    seatings,
)
from gamecore.sim.playtest.samples import symmetric_pack
from gamecore.store import write_pack


@pytest.fixture(scope="module")
def pack():
    return symmetric_pack(rounds=3)


def test_seatings_put_each_bot_on_each_side():
    assert seatings(["a", "b"], ["x", "y"]) == [("a", "b", "x"), ("a", "b", "y")]
    # three sides: B also plays each side alone, so neither bot only gets the lone seat
    three = seatings(["a", "b"], ["x", "y", "z"])
    assert len(three) == 6 and ("b", "a", "z") in three and ("a", "b", "z") in three


def test_elo_is_even_for_even_results_and_logistic_for_a_sweep():
    even = [{"bot": "a", "vs": "b", "games": 4, "wins": 2, "draws": 0}]
    assert elo(even, ["a", "b"]) == {"a": 1500.0, "b": 1500.0}
    # 6 wins of 6 plus the virtual draw: a scores 6.5 of 7
    sweep = [
        {"bot": "a", "vs": "b", "games": 3, "wins": 3, "draws": 0},
        {"bot": "a", "vs": "b", "games": 3, "wins": 3, "draws": 0},
    ]
    r = elo(sweep, ["a", "b"])
    assert r["a"] - r["b"] == pytest.approx(400 * math.log10(6.5 / 0.5), abs=0.2)
    assert (r["a"] + r["b"]) / 2 == pytest.approx(1500.0)
    # the pair seen from b's side gives the same ratings
    flipped = [{"bot": "b", "vs": "a", "games": 6, "wins": 0, "draws": 0}]
    assert elo(flipped, ["a", "b"]) == pytest.approx(r, abs=0.2)


def test_a_ladder_plays_both_sides_on_the_same_seeds(pack, tmp_path):
    path = tmp_path / "sym.warroom"
    write_pack(pack, path)
    out = ladder(pack, "test", ["heuristic", "random"], 2, pack_path=path)
    assert [(p["bot"], p["vs"], p["side"]) for p in out["pairs"]] == [
        ("heuristic", "random", "blues"),
        ("heuristic", "random", "reds"),
    ]
    for p in out["pairs"]:
        assert p["games"] == 2 and p["wins"] + p["draws"] <= 2
        assert (p["low"], p["high"]) == pytest.approx(wilson(p["wins"], p["games"]))
    assert out["ratings"] == elo(out["pairs"], ["heuristic", "random"])
    # the heuristic bot takes zones from a random one on this map
    assert out["ratings"]["heuristic"] > out["ratings"]["random"]
    # each seating's batch is a resumable playtest beside the pack
    assert len(list(path.with_name(path.name + ".playtests").glob("test-*.jsonl"))) == 2


def test_the_cli_prints_pairs_and_ratings_and_the_summary_quotes_them(pack, tmp_path, capsys):
    path = tmp_path / "sym.warroom"
    write_pack(pack, path)
    rating = bot_rating(pack, path, "test", "heuristic")
    assert not rating["measured"] and "unmeasured" in rating["text"]
    assert "playtest ladder sym.warroom --scenario test" in rating["text"]
    code = main(["playtest", "ladder", str(path), "--bots", "heuristic,random", "--games", "2"])
    text = capsys.readouterr().out
    assert code == 0 and "heuristic as Blues" in text and "Elo: heuristic" in text
    code = main(
        ["playtest", "ladder", str(path), "--bots", "heuristic,random", "--games", "2", "--json"]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and set(out["ratings"]) == {"heuristic", "random"}
    keys = {"bot", "vs", "side", "games", "wins", "draws", "low", "high"}
    assert all(keys <= set(p) for p in out["pairs"]) and len(out["pairs"]) == 2
    stored = load_ladder(ladder_path(path, "test"))
    assert stored["ratings"] == out["ratings"]
    rating = bot_rating(pack, path, "test", "heuristic")
    assert rating["measured"] and not rating["stale"]
    assert f"heuristic {out['ratings']['heuristic']:.0f}" in rating["text"]
    # a playtest summary of the scenario carries it beside its headline
    code = main(["playtest", str(path), "--games", "2", "--json"])
    s = json.loads(capsys.readouterr().out)
    assert code == 0 and s["bot_rating"]["measured"]
    assert rating["text"] in s["headline"]["text"]


def test_a_bad_ladder_file_is_said_not_raised(pack, tmp_path):
    path = tmp_path / "sym.warroom"
    store = ladder_path(path, "test")
    store.parent.mkdir(parents=True)
    for text in ("{not json", '{"ratings": {"heuristic": "x"}, "pairs": []}', "[1, 2]"):
        store.write_text(text, encoding="utf-8")
        with pytest.raises(WarroomError):
            load_ladder(store)
        rating = bot_rating(pack, path, "test", "heuristic")
        assert not rating["measured"] and "unknown" in rating["text"]
    store.write_text(
        json.dumps(
            {
                "ratings": {"heuristic": 1600},
                "pairs": [{"bot": "heuristic", "vs": "random", "games": -1, "wins": 0}],
            }
        ),
        encoding="utf-8",
    )
    with pytest.raises(WarroomError, match="pairs"):
        load_ladder(store)


@pytest.mark.parametrize(
    "args, words",
    [
        (["--bots", "heuristic,nosuch"], "unknown bot 'nosuch'"),
        (["--bots", "heuristic"], "two or more different bot names"),
        (["--bots", "heuristic,random", "--games", "0"], "--games must be at least 1"),
    ],
)
def test_bad_ladder_input_is_one_line_and_exit_2(pack, tmp_path, capsys, args, words):
    path = tmp_path / "sym.warroom"
    write_pack(pack, path)
    code = main(["playtest", "ladder", str(path), *args])
    err = capsys.readouterr().err
    assert code == 2 and words in err and err.count("\n") == 1
    assert parse_bots("random,heuristic") == ["random", "heuristic"]
