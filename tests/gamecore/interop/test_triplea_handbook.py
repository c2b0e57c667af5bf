"""A handbook's victory rules laid over an imported TripleA game (issue #24, part C):
victory tokens as once-only victory objectives, the handbook's round limit, and the
winner by tokens at the round limit, a tie to the side the handbook names.

The game is the invented fixture tests/fixtures/triplea/rules_war (Germans against
Russians, British and Americans); the handbook is written here, shaped like
resources/handbooks/3g40.json's ``victory`` part."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from gamecore.cli import main
from gamecore.engine import new_game
from gamecore.engine.turns import END
from gamecore.interop.triplea import ImportOptions, import_triplea
from gamecore.interop.triplea.handbook import handbook_for_game
from gamecore.sim.playtest.game import summarise_log
from gamecore.validate.handbook import HandbookError

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "triplea" / "rules_war"

BOOK = {
    "format": "warroom-handbook/1",
    "id": "rules_war_book",
    "title": "Rules War handbook",
    "source": "-",
    "units": {"src": "s", "infantry": "Infantry"},
    "powers": [
        {"id": "GER", "name": "Germany", "side": "axis", "income": 20, "src": "s"},
        {"id": "SOV", "name": "Soviet Union", "side": "allies", "income": 10, "src": "s"},
        {"id": "UK", "name": "United Kingdom", "side": "allies", "income": 12, "src": "s"},
        {"id": "USA", "name": "United States", "side": "allies", "income": 20, "src": "s"},
    ],
    "bank_equals_income": {"value": True, "src": "s"},
    "turn_order": {"value": ["GER", "SOV", "UK", "USA"], "src": "s"},
    "setup": {p: {"src": "s", "rows": []} for p in ("GER", "SOV", "UK", "USA")},
    "victory": {
        "src": "s",
        "rounds": {"short": 2, "long": 3, "src": "l. 1"},
        "winner": {"value": "most tokens; a tie is an Allied win", "tie_side": "allies", "src": "l. 2"},
        "regions": {
            "src": "s",
            "east": {"zones": ["Warsaw Area", "Ukraine"], "src": "l. 3"},
        },
        "tokens": [
            {"side": "axis", "id": "moscow", "text": "Axis hold Moscow", "zones": ["Russia"], "line": 10},
            {"side": "axis", "id": "west", "text": "Axis hold London or Washington", "zones": ["United Kingdom", "Eastern United States"], "need": "any", "line": 11},
            {"side": "allies", "id": "berlin", "text": "Allies hold Berlin", "zones": ["Germany"], "line": 20},
            {"side": "allies", "id": "east", "text": "Allies hold both eastern lands", "region": "east", "count": 2, "line": 21},
            {"side": "allies", "id": "economy", "text": "Soviet and British income at least 1", "income": 1, "powers": ["SOV", "UK"], "line": 22},
        ],
    },
    "triplea": {
        "src": "s",
        "game": "Rules War",
        "powers": {"GER": "Germans", "SOV": "Russians", "UK": "British", "USA": "Americans"},
        "units": {"infantry": "infantry"},
        "zones": {"Warsaw Area": "Poland"},
        "deviations": [],
    },
}  # fmt: skip


def _write(tmp_path: Path, book: dict) -> Path:
    p = tmp_path / "book.json"
    p.write_text(json.dumps(book), encoding="utf-8")
    return p


def _import(tmp_path: Path, book: dict, length: str = "short"):
    opts = ImportOptions(images=False, handbook=str(_write(tmp_path, book)), handbook_length=length)
    pack, rep = import_triplea(FIX, opts)
    return pack, rep, next(iter(pack.scenarios.values()))


def _play_idle(pack, sc):
    """Every nation ends every phase (nobody moves): only what holds at the start scores."""
    s = new_game(pack, sc.id, seed=1)
    for _ in range(5000):
        if s.is_terminal():
            return s
        s.apply(END)
    raise AssertionError("the game never ended")


def test_tokens_become_once_only_victory_objectives_on_the_maps_names(tmp_path):
    pack, rep, sc = _import(tmp_path, BOOK)
    tokens = {o.id: o for o in sc.objectives.values() if o.props.get("handbook")}
    assert sorted(tokens) == [
        "token_allies_berlin",
        "token_allies_east",
        "token_allies_economy",
        "token_axis_moscow",
        "token_axis_west",
    ]
    assert all(o.kind == "victory" and o.once and o.effect == "vp(1)" for o in tokens.values())
    assert tokens["token_axis_moscow"].owner == "axis"
    assert tokens["token_allies_berlin"].owner == "allies"
    # the book's "Warsaw Area" is the map's Poland (the name map); "any" needs one of two
    assert '"Poland"' in tokens["token_allies_east"].condition
    assert tokens["token_axis_west"].condition.endswith(">= 1")
    assert 'income("Russians") + income("British") >= 1' in tokens["token_allies_economy"].condition
    assert tokens["token_allies_east"].props["line"] == 21
    # the map's own victory (its Axis_Win trigger) gives way to the book's, and says so
    assert not [
        o for o in sc.objectives.values() if o.kind == "victory" and "handbook" not in o.props
    ]
    assert rep.handbook["replaced"] and rep.handbook["tokens"] == {"allies": 3, "axis": 2}
    text = "\n".join(rep.lines())
    assert "handbook rules_war_book applied" in text and "5 victory tokens" in text
    assert "round limit 2 (short game; long 3" in text and "a tie goes to allies" in text
    assert sc.rounds == 2
    assert sc.options["round_limit_winner"] == "vp"
    assert sc.options["vp_tie_winner"] == "allies"


def test_the_long_game_is_the_handbooks_long_round_limit(tmp_path):
    _pack, rep, sc = _import(tmp_path, BOOK, length="long")
    assert sc.rounds == 3 and rep.handbook["length"] == "long"


def test_most_tokens_at_the_round_limit_wins(tmp_path):
    pack, _rep, sc = _import(tmp_path, BOOK)
    s = _play_idle(pack, sc)
    # nobody moves: only the Allied economy token holds (Soviet + British income >= 1)
    assert s.round == 2 and s.end_reason == "round limit (victory tokens)"
    assert s.winner == "allies"
    assert s.vp == {"allies": 1}
    awards = [e for e in s.log if e.get("e") == "victory_points"]
    assert [(e["objective"], e["side"], e["total"]) for e in awards] == [
        ("token_allies_economy", "allies", 1)
    ]  # awarded once, never again though it holds every turn
    rec = summarise_log(s.log, s)
    assert rec["reason"] == "round limit (victory tokens)" and rec["vp"] == {"allies": 1}
    assert rec["vp_awards"][0][1:] == ["allies", "token_allies_economy", 1]


@pytest.mark.parametrize("tie_side, winner", [("allies", "allies"), ("axis", "axis")])
def test_a_tie_goes_to_the_side_the_handbook_names(tmp_path, tie_side, winner):
    book = copy.deepcopy(BOOK)
    book["victory"]["tokens"] = [t for t in book["victory"]["tokens"] if t["id"] != "economy"]
    book["victory"]["winner"]["tie_side"] = tie_side
    pack, _rep, sc = _import(tmp_path, book)
    s = _play_idle(pack, sc)
    assert s.vp.get("allies", 0) == s.vp.get("axis", 0) == 0
    assert s.winner == winner and s.end_reason == "round limit (victory tokens)"


def test_no_handbook_keeps_the_maps_own_rules(tmp_path):
    pack, rep = import_triplea(FIX, ImportOptions(images=False, handbook="none"))
    sc = next(iter(pack.scenarios.values()))
    assert rep.handbook is None and not any(o.props.get("handbook") for o in sc.objectives.values())
    assert sc.options["round_limit_winner"] == "victory_cities"
    # and "auto" finds no bundled handbook for this invented game
    pack2, rep2 = import_triplea(FIX, ImportOptions(images=False))
    assert rep2.handbook is None


def test_the_3g40_handbook_is_found_by_the_maps_names():
    assert handbook_for_game("young_grasshoppers_tournament_edition", "x.xml").id == "3g40"
    assert handbook_for_game("", "young_grasshoppers_tournament_edition.xml").id == "3g40"
    assert handbook_for_game("x", "y.xml", "Young Grasshoppers Tournament Edition").id == "3g40"
    assert handbook_for_game("ww2global40_2nd_edition", "ww2global40_2nd_edition.xml") is None


def test_the_3g40_tokens_and_regions_have_the_books_counts():
    """19 tokens (10 Axis, 9 Allied: seeds/004 l. 866-926), rounds 8/10 (l. 862), a tie
    to the Allies (l. 929), and every "all N" region lists N territories."""
    from gamecore.interop.triplea.handbook import victory_rules
    from gamecore.validate.handbook import load_handbook

    hb = load_handbook("3g40")
    tokens, regions, rounds, tie = victory_rules(hb)
    assert rounds == {"short": 8, "long": 10} and tie == "allies"
    assert (
        sum(t.side == "axis" for t in tokens) == 10 and sum(t.side == "allies" for t in tokens) == 9
    )
    # a region a token counts "all N" of has N zones (the book's count)
    for t in tokens:
        if t.region and t.count and "all" in t.text:
            assert len(regions[t.region]) == t.count, t.id
    assert (
        len(regions["original_chinese"])
        == 18
        == hb.raw["originally_chinese_held_by_japan"]["count_of_original_chinese_territories"]
    )


BAD = [
    (lambda b: b["victory"]["tokens"][0].update(zones=["Atlantis"]), "'Atlantis'"),
    (lambda b: b["victory"]["tokens"][0].update(side="martians"), "tokens[0].side"),
    (lambda b: b["victory"]["tokens"][3].update(region="nowhere"), "tokens[3].region"),
    (lambda b: b["victory"]["tokens"][3].update(count=5), "tokens[3].count"),
    (lambda b: b["victory"]["rounds"].update(short="eight"), "victory.rounds.short"),
    (lambda b: b["victory"]["tokens"][0].update(event="bombed"), "tokens[0].event"),
    (lambda b: b["victory"]["tokens"][0].update(zones=[], need="all"), "names no zones"),
    (lambda b: b["triplea"]["powers"].update(GER="Martians"), "triplea.powers"),
    (lambda b: b.pop("victory"), "victory"),
]


@pytest.mark.parametrize("change, message", BAD)
def test_a_bad_handbook_file_is_one_line_naming_file_and_problem(tmp_path, change, message):
    book = copy.deepcopy(BOOK)
    change(book)
    p = _write(tmp_path, book)
    with pytest.raises(HandbookError) as e:
        import_triplea(FIX, ImportOptions(images=False, handbook=str(p)))
    assert message in str(e.value) and str(p) in str(e.value) and "\n" not in str(e.value)


def test_cli_handbook_file_and_bad_file(tmp_path, capsys):
    p = _write(tmp_path, BOOK)
    out = tmp_path / "a.warroom"
    argv = ["import", "triplea", str(FIX), "-o", str(out), "--no-images", "--json"]
    assert main([*argv, "--handbook", str(p), "--handbook-length", "long"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["handbook"]["handbook"] == "rules_war_book" and rep["handbook"]["rounds"] == 3
    bad = copy.deepcopy(BOOK)
    bad["victory"]["tokens"][0]["zones"] = ["Atlantis"]
    p.write_text(json.dumps(bad), encoding="utf-8")
    assert main([*argv, "--force", "--handbook", str(p)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(p) in err and "Atlantis" in err
    p.write_text("{", encoding="utf-8")
    assert main([*argv, "--force", "--handbook", str(p)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_the_heuristic_bot_weighs_zones_by_the_tokens_they_win(tmp_path):
    """With the handbook's ``vp_worth`` a zone that wins a token is worth that much more to
    the side's bots (gamecore.sim.bots.objective_value); with 0 the tokens are ignored."""
    from gamecore.sim.bots.objective_value import objective_zone_values

    pack, _rep, sc = _import(tmp_path, BOOK)
    assert sc.options["vp_worth"] == 10
    zid = {z.name: i for i, z in pack.map.zones.items()}
    on = objective_zone_values(new_game(pack, sc.id, seed=1), "Germans")
    off = objective_zone_values(new_game(pack, sc.id, seed=1, options={"vp_worth": 0}), "Germans")
    # Moscow is a token by itself; London or Washington ("any") each win the West token
    for name in ("Russia", "United Kingdom", "Eastern United States"):
        assert on.get(zid[name], 0) - off.get(zid[name], 0) == 10, name
    # an Allied token is no Axis bot's business; the Allies value theirs
    assert on.get(zid["Germany"], 0) == off.get(zid["Germany"], 0)
    allies = objective_zone_values(new_game(pack, sc.id, seed=1), "Russians")
    assert allies.get(zid["Germany"], 0) >= 10
    assert allies.get(zid["Poland"], 0) >= 10  # "both eastern lands": Ukraine is held already


def test_play_names_the_winner_by_tokens_and_shows_them(tmp_path, capsys):
    p = _write(tmp_path, BOOK)
    out = tmp_path / "a.warroom"
    argv = ["import", "triplea", str(FIX), "-o", str(out), "--no-images", "--handbook", str(p)]
    assert main(argv) == 0
    capsys.readouterr()
    assert main(["play", str(out), "--bots", "heuristic", "--seed", "2", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["reason"] == "round limit (victory tokens)" and rep["rounds"] == 2
    ax, al = rep["vp"]["axis"], rep["vp"]["allies"]
    assert rep["winner"] == ("axis" if ax > al else "allies")
    assert main(["play", str(out), "--bots", "heuristic", "--seed", "2"]) == 0
    assert f"victory points: allies {al}, axis {ax}" in capsys.readouterr().out
