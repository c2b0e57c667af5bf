"""The 3G40 start state: TripleA's "Young Grasshoppers Tournament Edition" imported with
``warroom import triplea`` equals the handbook's National Setup Charts (seeds/004, l.
366-532), incomes, banks and turn order, power by power — apart from the map's known
deviations listed, with their reasons, in resources/handbooks/3g40.json.

The map is not part of the repository: set TRIPLEA_MAPS to a folder of downloaded
TripleA map folders (the test skips, saying so, without it).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gamecore.cli import main
from gamecore.interop.triplea.gamexml import GamePlay, Step
from gamecore.store import read_pack
from gamecore.validate.handbook import compare_setup, load_handbook

MAP = "young_grasshoppers_tournament_edition"


def _map_folder() -> Path:
    root = os.environ.get("TRIPLEA_MAPS")
    if not root:
        pytest.skip("TRIPLEA_MAPS is not set (a folder of downloaded TripleA map folders)")
    folder = Path(root) / MAP
    if not (folder / "map" / "games" / f"{MAP}.xml").is_file():
        pytest.skip(f"{MAP} is not in TRIPLEA_MAPS ({root})")
    return folder


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    folder = _map_folder()
    out = tmp_path_factory.mktemp("3g40") / "3g40.warroom"
    assert main(["import", "triplea", str(folder), "-o", str(out), "--no-images"]) == 0
    pack = read_pack(out)
    (sc,) = pack.scenarios.values()
    return out, pack, sc


def test_the_imported_3g40_start_state_is_the_handbook_power_by_power(imported):
    _, pack, sc = imported
    hb = load_handbook("3g40")
    result = compare_setup(pack, sc, hb)
    # every power's chart was looked at, unit by unit (rules-notes/004 §2.5: 474 with ICs)
    assert result.checked["powers"] == 9 and result.checked["units"] == 474
    assert result.unexplained == [], "\n".join(result.lines())
    assert result.unused_deviations == [], "\n".join(result.lines())
    # the one known deviation: the Himalayas as China's stand-in capital
    assert [d.deviation.id for d in result.differences] == ["himalayas_chinese"]


def test_the_imported_turn_order_is_the_round_order_not_the_bid_order(imported):
    """The map's one-time bid steps list the players in another order (Germans, Russians,
    Japanese, ...) than its rounds (Germans, UK_Pacific, Japanese, ...): the importer took
    the first one before (issue #24)."""
    _, _, sc = imported
    assert [n for slot in sc.turn_order for n in slot] == [
        "Germans", "UK_Pacific", "Japanese", "British", "Italians",
        "Chinese", "Russians", "Americans", "French",
    ]  # fmt: skip


def test_compare_setup_command_on_the_imported_map(imported, capsys):
    path, _, _ = imported
    assert main(["scenario", "compare-setup", str(path)]) == 0
    out = capsys.readouterr().out
    for line in ("Germany (Germans): equal", "UK Pacific (UK_Pacific): equal",
                 "China (Chinese): equal (1 known deviations)",
                 "the start state equals the handbook"):  # fmt: skip
        assert line in out, out


def test_player_order_skips_steps_run_once():
    def step(name, player, once=False):
        return Step({"name": name, "player": player, **({"maxRunCount": "1"} if once else {})})

    gp = GamePlay(
        steps=[
            Step({"name": "gameInitDelegate", "maxRunCount": "1"}),
            step("bBid", "B", once=True),
            step("aBid", "A", once=True),
            step("onlyBid", "C", once=True),
            step("aPurchase", "A"),
            step("bPurchase", "B"),
            step("aMove", "A"),
        ]
    )
    assert gp.player_order() == ["A", "B", "C"]
