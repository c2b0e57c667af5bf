"""The 3G40 map imported plays to its handbook's victory tokens and round limit (issue
#24, part C): the import finds the bundled 3G40 handbook by the map's names, writes its
19 tokens as victory objectives, the short game's 8 rounds, and heuristic games end at the
round limit with the winner by tokens (a tie to the Allies). Skipped without TRIPLEA_MAPS."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gamecore.engine import new_game
from gamecore.engine.bots import play
from gamecore.interop.triplea import ImportOptions, import_triplea
from gamecore.rules.control import check_victory
from gamecore.sim.bots import bots_for

FOLDER = "young_grasshoppers_tournament_edition"


def _path() -> Path:
    root = os.environ.get("TRIPLEA_MAPS")
    if not root:
        pytest.skip("TRIPLEA_MAPS is not set (a folder of downloaded TripleA map folders)")
    path = Path(root) / FOLDER
    if not path.is_dir():
        pytest.skip(f"{FOLDER} is not in TRIPLEA_MAPS")
    return path


@pytest.fixture(scope="module")
def imported():
    return import_triplea(_path(), ImportOptions(images=False))


def test_the_import_applies_the_3g40_handbook(imported):
    pack, report = imported
    sc = next(iter(pack.scenarios.values()))
    assert report.handbook["handbook"] == "3g40"
    assert report.handbook["tokens"] == {"axis": 10, "allies": 9}
    assert any(line.startswith("handbook 3g40 applied") for line in report.lines())
    tokens = [o for o in sc.objectives.values() if o.props.get("handbook") == "3g40"]
    assert len(tokens) == 19 and all(o.once and o.effect == "vp(1)" for o in tokens)
    assert sc.rounds == 8
    assert sc.options["round_limit_winner"] == "vp" and sc.options["vp_tie_winner"] == "allies"
    # no token holds at the start (the book: every one is won in play)
    s = new_game(pack, sc.id, seed=1)
    check_victory(s)
    assert s.vp == {}


def test_no_handbook_and_the_long_game():
    pack, report = import_triplea(_path(), ImportOptions(images=False, handbook="none"))
    sc = next(iter(pack.scenarios.values()))
    assert report.handbook is None and sc.options["round_limit_winner"] == "victory_cities"
    pack, report = import_triplea(_path(), ImportOptions(images=False, handbook_length="long"))
    assert next(iter(pack.scenarios.values())).rounds == 10


@pytest.mark.slow
@pytest.mark.parametrize("seed", (1, 2))
def test_short_heuristic_games_are_won_by_tokens(imported, seed):
    pack, _ = imported
    s = new_game(pack, next(iter(pack.scenarios)), seed=seed)
    play(s, bots_for("heuristic", s, seed))
    assert s.is_terminal() and s.round == 8
    assert s.end_reason == "round limit (victory tokens)"
    ax, al = s.vp.get("axis", 0), s.vp.get("allies", 0)
    assert s.winner == ("axis" if ax > al else "allies"), s.vp
    # the totals are the tokens awarded in the log, each at most once
    awards = [e for e in s.log if e.get("e") == "victory_points"]
    assert len({e["objective"] for e in awards}) == len(awards) == ax + al
