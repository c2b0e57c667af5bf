"""Imported real TripleA games play by their own rules (issue #24): Global 1940 2nd
Edition (world_war_ii_global, ww2global40_2nd_edition.xml) and the 3G40 map (Young
Grasshoppers Tournament Edition). Heuristic games of 10 rounds: the US is at war by the
round the game's rules bring it in, every major power's income moves, national objectives
are paid, and the winner is named by the game's own rule (its victory trigger, else its
victory cities at the round limit; 3G40: its handbook's victory tokens). Skipped without TRIPLEA_MAPS."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gamecore.engine import new_game
from gamecore.engine.bots import play
from gamecore.interop.triplea import ImportOptions, import_triplea
from gamecore.sim.bots import bots_for

GAMES = {
    # map folder, game file, the round by which the game's own rules bring the US in
    "g40": ("world_war_ii_global", "ww2global40_2nd_edition", 3),
    "3g40": ("young_grasshoppers_tournament_edition", None, 3),
}
SEEDS = (1, 2)


def _root() -> Path:
    root = os.environ.get("TRIPLEA_MAPS")
    if not root:
        pytest.skip("TRIPLEA_MAPS is not set (a folder of downloaded TripleA map folders)")
    return Path(root)


@pytest.fixture(scope="module", params=sorted(GAMES))
def imported(request):
    folder, game, us_round = GAMES[request.param]
    path = _root() / folder
    if not path.is_dir():
        pytest.skip(f"{folder} is not in TRIPLEA_MAPS")
    pack, report = import_triplea(path, ImportOptions(game=game, images=False))
    return request.param, pack, report, us_round


def test_the_rules_are_mapped_and_the_rest_is_named(imported):
    name, pack, report, _ = imported
    assert report.rules["political"] >= 20
    assert report.rules["objective"] >= 20
    assert report.rules["trigger"] >= 20
    assert report.unmapped  # (tech triggers, territory properties, ...) named, not dropped
    sc = next(iter(pack.scenarios.values()))
    kinds = {o.props.get("check") for o in sc.objectives.values() if o.kind == "event"}
    assert {"political", "phase_start", "phase_end"} <= kinds


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_ten_heuristic_rounds_play_by_the_games_rules(imported, seed):
    name, pack, _, us_round = imported
    s = new_game(pack, next(iter(pack.scenarios)), seed=seed, rounds=10)
    play(s, bots_for("heuristic", s, seed))
    assert s.is_terminal()
    # the US is at war with an Axis power by the round the rules bring it in
    us_war = [
        h["round"]
        for h in s.history
        if h.get("type") == "declared_war"
        and "Americans" in (h.get("by"), h.get("against"))
        and {h.get("by"), h.get("against")} & {"Germans", "Japanese", "Italians"}
    ]
    assert us_war and min(us_war) <= us_round, us_war
    # every major power's income moves over the game (a power knocked out before its
    # first income, France in 1940, collects nothing: it is not counted)
    incomes: dict[str, list[int]] = {}
    paid: set[str] = set()
    for e in s.log:
        if e.get("e") == "income":
            incomes.setdefault(e["nation"], []).append(e["amount"])
            paid.update(e.get("objectives") or [])
    majors = [
        n
        for n, v in incomes.items()
        if any(v)
        and n
        in (
            "Germans",
            "Russians",
            "Japanese",
            "Americans",
            "British",
            "Italians",
            "Chinese",
            "UK_Pacific",
            "ANZAC",
        )
    ]
    assert len(majors) >= 7 + (name == "g40"), incomes
    for n in majors:
        assert len(set(incomes[n])) > 1, (n, incomes[n])
    # national objectives are paid, for both sides, in the Pacific too (Japan's trade
    # with America while it leaves French Indo-China alone; ANZAC's strategic islands
    # once it takes over Dutch New Guinea)
    owners = {s.scenario.objectives[o].owner for o in paid}
    assert {"Germans", "Americans", "Japanese"} <= owners, paid
    if name == "g40":
        assert "objectiveAttachment_ANZAC_2_Control_Strategic_Islands" in paid, paid
    # at war, the US minor factories become major ones (the war production triggers)
    built = [e for e in s.log if e.get("e") == "built" and "War_Production" in str(e.get("by"))]
    assert built and {e["type"] for e in built} == {"factory_major"}
    # the winner by the game's own rule (3G40: its handbook's victory tokens, laid over the
    # map on import; test_triplea_handbook_real.py)
    if name == "3g40":
        assert s.end_reason == "round limit (victory tokens)"
    else:
        assert s.end_reason.startswith(
            ("objective triggerAttachment", "round limit (victory_cities)")
        )
