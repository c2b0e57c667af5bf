"""A/B playtests on the same seeds and the fair bid (#21): from the library and the CLI."""

from __future__ import annotations

import copy
import json

import pytest

from gamecore.cli import main
from gamecore.sim.playtest import PlaytestParams, wilson
from gamecore.sim.playtest.compare import compare, compare_records, fair_bid, newcombe, with_bid
from gamecore.sim.playtest.samples import symmetric_pack
from gamecore.store import write_pack


@pytest.fixture(scope="module")
def pack():
    p = symmetric_pack(rounds=2)
    twin = copy.deepcopy(p.scenarios["test"])
    twin.id = "twin"
    p.scenarios["twin"] = twin
    return p


def test_newcombe_interval_matches_a_known_value():
    # Newcombe (1998), example: 56/70 vs 48/80 -> difference 0.2, interval 0.0524 to 0.3339
    d, lo, hi = newcombe(48, 80, 56, 70)
    assert d == pytest.approx(0.2) and lo == pytest.approx(0.0524, abs=1e-3)
    assert hi == pytest.approx(0.3339, abs=1e-3)


def test_the_same_scenario_twice_plays_the_same_games_and_nothing_moves(pack):
    out = compare(pack, "test", pack, "twin", PlaytestParams("test"), 4)
    assert out["games_a"] == out["games_b"] == 4 and out["identical_games"] == 4
    for d in out["sides"].values():
        assert d["diff"] == 0 and d["lo"] < 0 < d["hi"] and not d["moved"]
    assert out["zones"] == [] and out["battles"] == []
    assert out["a"]["round_cap"]["rounds"] == 2


def test_what_moved_is_found_and_corrected():
    # B: reds take zone 7 in every game, A: never; blues win in B, reds in A
    def rec(i, taken, winner):
        return {
            "index": i,
            "status": "ok",
            "winner": winner,
            "digest": f"{i}{taken}",
            "captures": {"7": 1} if taken else {},
            "fights": [[1, "RED", 7, "a" if taken else "d"]],
            "sides": {"RED": "reds", "BLU": "blues"},
        }

    a = [rec(i, False, "reds") for i in range(30)]
    b = [rec(i, True, "blues") for i in range(30)]
    out = compare_records(a, b, {7: ("E", "Zone E")})
    reds = out["sides"]["reds"]
    assert reds["diff"] == -1.0 and reds["moved"] and reds["hi"] < 0
    assert (reds["a"]["lo"], reds["a"]["hi"]) == pytest.approx(wilson(30, 30))
    (z,) = out["zones"]
    assert z["code"] == "E" and z["a"] == 0 and z["b"] == 30 and z["q"] < 0.001
    (bt,) = out["battles"]
    assert (bt["round"], bt["attacker"], bt["zone"]) == (1, "RED", 7) and bt["diff"] == 1.0
    assert out["identical_games"] == 0 and "Benjamini" in out["method"]


def test_cli_compare_two_packs_and_two_scenarios(pack, tmp_path, capsys):
    a = tmp_path / "a.warroom"
    b = tmp_path / "b.warroom"
    write_pack(pack, a)
    write_pack(with_bid(pack, "test", "BLU", 40), b)
    code = main(
        ["playtest", "compare", str(a), str(b), "--scenario", "test", "--games", "3", "--json"]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["games_a"] == 3 and set(out["sides"]) == {"reds", "blues"}
    assert out["identical_games"] < 3  # 40 more IPCs for BLU changes the games
    code = main(
        ["playtest", "compare", str(a), "--scenario", "test", "--against", "twin", "--games", "2"]
    )
    text = capsys.readouterr().out
    assert code == 0 and "B − A" in text and "2 played identically" in text
    code = main(["playtest", "compare", str(a), "--scenario", "test", "--games", "2"])
    assert code == 2 and "two packs or two scenarios" in capsys.readouterr().err


def test_a_bid_is_money_for_the_side_and_the_search_reports_intervals(pack, tmp_path, capsys):
    rich = with_bid(pack, "test", "BLU", 12)
    assert rich.scenarios["test"].banks["BLU"] == pack.scenarios["test"].banks["BLU"] + 12
    assert pack.scenarios["test"].banks["BLU"] == 20  # the original is untouched
    out = fair_bid(pack, PlaytestParams("test"), 3, side="blues", bids=[0, 30], form="money")
    assert out["side"] == "blues" and out["nation"] == "BLU" and out["side_name"] == "Blues"
    assert [r["bid"] for r in out["bids"]] == [0, 30]
    for r in out["bids"]:
        assert (r["lo"], r["hi"]) == pytest.approx(wilson(r["wins"], r["games"]))
    best = out["best"]
    assert abs(best["rate"] - 0.5) == min(abs(r["rate"] - 0.5) for r in out["bids"])
    path = tmp_path / "p.warroom"
    write_pack(pack, path)
    code = main(
        ["playtest", "bid", str(path), "--scenario", "test", "--games", "2", "--bids", "0,10"]
        + ["--bid-form", "money"]
    )
    text = capsys.readouterr().out
    assert code == 0 and "money to BLU" in text and "bid  10" in text
    code = main(["playtest", "bid", str(path), "--scenario", "test", "--side", "greens"])
    assert code == 2 and "no side 'greens'" in capsys.readouterr().err
