"""Bids as players use them (issue #33): the bid buys set-up units for the weaker side,
placed before the first turn on land zones it controls (at most N a zone when asked);
with k sides the fair share is 1/k; a search in which no bid moves the win rate says
so instead of naming a "nearest" bid."""

from __future__ import annotations

import json

import pytest

from gamecore.cli import main
from gamecore.engine import new_game
from gamecore.engine.testmaps import grid_pack
from gamecore.sim.playtest import PlaytestParams
from gamecore.sim.playtest.bid import setup_units, with_setup_bid
from gamecore.sim.playtest.compare import fair_bid
from gamecore.sim.playtest.samples import symmetric_pack
from gamecore.store import write_pack


@pytest.fixture(scope="module")
def pack():
    return symmetric_pack(rounds=2)


def test_a_setup_bid_is_placed_legally(pack):
    scn = pack.scenarios["test"]
    before = list(scn.units)
    rich, units = with_setup_bid(pack, "test", "blues", 20, zone_cap=1)
    assert pack.scenarios["test"].units == before  # the original is untouched
    assert units and sum(u["cost"] for u in units) <= 20
    state = new_game(pack, "test", seed=1, rounds=1, log="none")
    types = state.rules.units
    per_zone: dict[int, int] = {}
    for u in units:
        # land units, on land zones the side holds at the start, of the zone's owner
        assert types[u["type"]].domain == "land" and types[u["type"]].cost == u["cost"]
        assert state.board.is_land(u["zone"]) and state.owner[u["zone"]] == u["nation"] == "BLU"
        per_zone[u["zone"]] = per_zone.get(u["zone"], 0) + 1
    assert max(per_zone.values()) == 1  # --bid-zone-cap 1
    # the money left could not buy another unit, or every zone is full
    cheapest = min(ut.cost for ut in types.values() if ut.domain == "land" and ut.cost)
    blue_land = [z for z, o in state.owner.items() if o == "BLU" and state.board.is_land(z)]
    assert 20 - sum(u["cost"] for u in units) < cheapest or len(per_zone) == len(blue_land)
    # no BLU zone borders RED here (the middle is unowned): the most valuable go first
    values = state.board.value
    assert values[units[0]["zone"]] == max(values[z] for z in blue_land)
    # the game starts with them on the board
    started = new_game(rich, "test", seed=1, rounds=1, log="none")
    blu = sum(1 for u in started.units.values() if u.nation == "BLU")
    assert blu == sum(1 for u in state.units.values() if u.nation == "BLU") + len(units)
    # the last unit the money buys is the strongest that fits: 7 IPCs buy an infantry
    # (3) and then an artillery (4), not two infantry and 1 left over
    seven = setup_units(pack, "test", "blues", 7)
    assert sorted(u["type"] for u in seven) == ["artillery", "infantry"]
    # without a cap the same money goes further round the same zones
    assert len(setup_units(pack, "test", "blues", 20)) >= len(units)


def _three_sides():
    """The symmetric map with a third nation (GRN, its own side) holding the middle."""
    zones = {z: {"owner": "RED", "value": 2} for z in "ABCIJK"}
    zones |= {z: {"owner": "BLU", "value": 2} for z in "FGHNOP"}
    zones |= {z: {"owner": "GRN", "value": 2} for z in "DELM"}
    nations = {
        "RED": {"alliance": "reds", "capital": "A"},
        "BLU": {"alliance": "blues", "capital": "P"},
        "GRN": {"alliance": "greens", "capital": "E"},
    }
    units = [(z, o["owner"], "infantry", 1) for z, o in zones.items()]
    return grid_pack(
        ["11111111", "ABCDEFGH", "IJKLMNOP", "22222222"],
        zones,
        nations,
        units,
        banks={"RED": 6, "BLU": 6, "GRN": 6},
        rounds=1,
    )


def test_with_three_sides_the_fair_share_is_a_third():
    out = fair_bid(_three_sides(), PlaytestParams("test"), 2, side="greens", bids=[0, 6])
    assert out["target"] == pytest.approx(1 / 3)
    for r in out["bids"]:
        assert r["even_in_interval"] == (r["lo"] <= 1 / 3 <= r["hi"])
    assert abs(out["best"]["rate"] - 1 / 3) == min(abs(r["rate"] - 1 / 3) for r in out["bids"])
    units = out["bids"][1]["units"]
    assert units and all(u["nation"] == "GRN" for u in units)
    # GRN's zones all border an enemy: the front line; E and L before D and M? by value
    # (all 2), then by id: the bid spreads over them one at a time
    assert len({u["zone"] for u in units}) == len(units) == 2


def test_when_no_bid_moves_the_rate_it_says_so(pack, tmp_path, capsys):
    path = tmp_path / "p.warroom"
    write_pack(pack, path)
    # two rounds and two games: every bid's interval overlaps the others
    code = main(
        ["playtest", "bid", str(path), "--games", "2", "--bids", "0,3", "--bid-zone-cap", "1"]
    )
    text = capsys.readouterr().out
    assert code == 0 and "no bid tried moves the win rate" in text
    assert "nearest 50%" not in text and "1 infantry" in text
    code = main(["playtest", "bid", str(path), "--games", "2", "--bids", "0,3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["moved"] is False and out["verdict"].startswith("no bid tried")
    assert out["form"] == "units" and out["bids"][1]["spent"] == 3


@pytest.mark.parametrize(
    "args, words",
    [
        (["--bids", "0,six"], "give whole numbers"),
        (["--bids", ","], "give whole numbers"),
        (["--games", "0"], "--games must be at least 1"),
        (["--bid-zone-cap", "0"], "--bid-zone-cap must be at least 1"),
        (["--bot", "nosuch"], "unknown bot 'nosuch'"),
    ],
)
def test_bad_bid_input_is_one_line_and_exit_2(pack, tmp_path, capsys, args, words):
    path = tmp_path / "p.warroom"
    write_pack(pack, path)
    code = main(["playtest", "bid", str(path), *args])
    err = capsys.readouterr().err
    assert code == 2 and words in err and err.count("\n") == 1
