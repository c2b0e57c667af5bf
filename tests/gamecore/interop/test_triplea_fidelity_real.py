"""Issue #38's classes of departure on the real TripleA maps that show them (the crafted
games are in test_triplea_fidelity.py). The maps are not part of the repository: set
TRIPLEA_MAPS to a folder of triplea-maps checkouts (age_of_tribes, feudal_japan,
imperialism_1974_board_game, world_war_ii_v3, civil_war); each test skips when its map is missing.
tools/triplea_wild.py makes the whole table (docs/triplea_fidelity.md)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gamecore.engine import new_game
from gamecore.interop.triplea import ImportOptions, import_triplea
from gamecore.rules import load_ruleset
from gamecore.sim.bots import bots_for


def _map(name: str) -> Path:
    root = os.environ.get("TRIPLEA_MAPS")
    if not root:
        pytest.skip("TRIPLEA_MAPS is not set (a folder of downloaded TripleA map folders)")
    folder = Path(root) / name
    if not (folder / "map").is_dir():
        pytest.skip(f"{name} is not in TRIPLEA_MAPS ({root})")
    return folder


def _import(name: str, game: str | None = None):
    return import_triplea(_map(name), ImportOptions(game=game, images=False))


def _rules(pack):
    return load_ruleset(next(iter(pack.rulesets)), pack)


@pytest.fixture(scope="module")
def cold_war():
    return _import("age_of_tribes", "Age of Tribes: Cold War")


# the import (214 territories, 1,300 rules) and a round take minutes on two shared cores
@pytest.mark.timeout(1500)
def test_age_of_tribes_ai_fights_only_and_every_tribe_acts(cold_war):
    """Class 1: the AI player, first in the sequence, has only Battle steps (one between
    every tribe's turn): before #38 its steps were everyone's and the game ended in round
    2, 'stalemate: no nation can act', after 0 actions."""
    pack, rep = cold_war
    rules = _rules(pack)
    assert rules.nations["AI"].phases == ("combat",)
    assert "purchase" in rules.phases and "combat_move" in rules.phases
    assert any(u.startswith("sequence: AI's combat runs") for u in rep.unmapped)
    s = new_game(pack, next(iter(pack.scenarios)), seed=1, rounds=1)
    bots = bots_for("random", s, 1)
    acted: dict[str, int] = {}
    while not s.is_terminal():
        who = s.current_player
        s.apply(bots[who].choose(s), check=False)
        acted[who] = acted.get(who, 0) + 1
    assert "stalemate" not in (s.end_reason or "")
    tribes = [n for slot in s.board.turn_slots for n in slot if n != "AI"]
    assert all(acted.get(n, 0) > 0 for n in tribes), acted


@pytest.mark.timeout(1500)
def test_age_of_tribes_hyphenated_unit_names_are_not_subtractions(cold_war):
    """Class 4: 76 of the game's unit types have a hyphen (Mortar-Bombardment)."""
    pack, rep = cold_war
    assert not [u for u in rep.unmapped if "unknown unit class" in u]


@pytest.mark.timeout(1500)
def test_feudal_japan_minor_clans_hold_no_pus_and_get_ronin(tmp_path):
    """Class 2: MinorClans buys with NoPUPurchaseDelegate (productionPerXTerritories:
    a Ronin per territory, a Castle per 100) and ends its turn with NoPUEndTurnDelegate."""
    pack, rep = _import("feudal_japan")
    nr = _rules(pack).nations["MinorClans"]
    assert nr.collects_income is False
    assert nr.free_units.get("Ronin") == 1
    s = new_game(pack, next(iter(pack.scenarios)), seed=1, rounds=2)
    bank = s.banks.get("MinorClans", 0)
    bots = bots_for("random", s, 1)
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s), check=False)
    assert s.banks.get("MinorClans", 0) <= bank  # never collects


def test_imperialism_foreach_game_imports():
    """Class 6: a TripleA 2.x game (variableList, foreach, short javaClass names) that
    failed with exit 2."""
    pack, rep = _import("imperialism_1974_board_game")
    from gamecore.interop.triplea.gamexml import Game

    game = Game.from_json(next(iter(pack.scenarios.values())).props["triplea"]["game"])
    assert not [a for a in game.attachments if "@" in a.attach_to or "@" in a.name]
    assert all("." in a.java_class for a in game.attachments)


def test_ww2v3_old_style_aa_fires_at_every_plane():
    """Class 3: WW2v3's aaGun sets no maxAAattacks: TripleA 1.9's default -1."""
    pack, _ = _import("world_war_ii_v3", "World War II v3 1941")
    assert _rules(pack).units["aaGun"].aa_shots == 99


def test_civil_war_debt_boxes_are_off_map_boxes():
    """Class 7: Civil War's "Debt" territories hold the debt counters; Debt2 and Debt3 are
    drawn outside the map (their polygons lose all their area) and connect to nothing.
    They were land/sea zones without a shape (MAP008 on the fresh import) and an export
    TripleA 1.9 refused ("no polygon for territory: Debt2"); now they are off-map boxes."""
    from gamecore.validate import validate

    pack, _ = _import("civil_war", "Civil War: Eastern Campaigns")
    boxes = {z.name for z in pack.map.zones.values() if z.kind == "offmap"}
    assert {"Debt2", "Debt3"} <= boxes
    assert not [i for i in validate(pack).issues if i.code == "MAP008"]
