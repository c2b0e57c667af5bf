"""Did the bots play the whole game? (issue #33): how each game ended (the game's own
victory condition, conquest, the round cap's tiebreak), each power's first attack and
income movement, and the headline's warnings; old results files stay readable."""

from __future__ import annotations

import pytest

from gamecore.sim.playtest import play_game, summarise
from gamecore.sim.playtest.ending import end_kind, first_attacks, headline, income_moved
from gamecore.sim.playtest.samples import symmetric_pack


@pytest.mark.parametrize(
    "reason, source, kind",
    [
        # the reasons gamecore/rules/control.py and gamecore/hgw/system.py write
        ("objective berlin", "default", "victory"),
        ("event surrender", "scenario", "victory"),
        ("6 victory cities", "default", "victory"),
        ("the Soviets took Berlin", "scenario", "victory"),
        ("the other sides are gone", "default", "conquest"),
        ("round limit (income)", "scenario", "cap"),
        ("round limit (income)", "default", "cap"),
        # a rule system's own end rule counts only at the scenario's own limit
        ("round limit: the Axis did not win", "scenario", "victory"),
        ("round limit: the Axis did not win", "default", "cap"),
        ("round limit: the Axis did not win", None, "cap"),
        ("stalemate: no nation can act", "default", "other"),
    ],
)
def test_end_kinds(reason, source, kind):
    assert end_kind(reason, 10, 10, source) == kind


def test_the_most_victory_points_at_the_scenarios_own_limit_is_its_victory_condition():
    # 3G40's handbook: the most victory tokens at the round limit wins (round_limit_winner
    # "vp", gamecore/interop/triplea/handbook.py); at a limit the playtest imposed it is
    # still the cap's tiebreak
    assert end_kind("round limit (victory tokens)", 8, 8, "scenario", scores_vp=True) == "victory"
    assert end_kind("round limit (victory tokens)", 8, 8, "option", scores_vp=True) == "cap"
    assert end_kind("round limit (income)", 8, 8, "scenario", scores_vp=False) == "cap"


def test_a_game_record_says_how_it_ended_and_when_each_power_attacked():
    pack = symmetric_pack(rounds=3)
    rec = play_game(pack, "test", 5, "heuristic")
    assert rec["end"] == "cap" and rec["reason"].startswith("round limit (")
    assert rec["cap_source"] == "scenario"
    # the first attack is the first round the nation started a battle in (or took a zone)
    for nat, rnd in rec["first_attack"].items():
        fought = [f[0] for f in rec["fights"] if f[1] == nat]
        assert not fought or rnd <= min(fought)
    assert set(rec["first_attack"]) == {"RED", "BLU"}
    assert len(rec["curves"]["income"]["RED"]) == rec["rounds"]
    assert rec["nations_start"]["RED"]["income"] == 18


def _rec(i, winner, reason, fights, income, **more):
    return {
        "index": i,
        "seed": i,
        "status": "ok",
        "winner": winner,
        "reason": reason,
        "rounds": 8,
        "round_cap": 8,
        "sides": {"RED": "reds", "BLU": "blues", "GRN": "reds"},
        "fights": fights,
        "income": income,
        **more,
    }


def test_old_records_without_the_new_fields_are_read_from_what_they_have():
    # records as written before issue #33: no end, first_attack, nations_start, curves
    flat = {"RED": [20] * 8, "BLU": [20, 20, 24, 24, 24, 24, 24, 24], "GRN": [2] * 8}
    recs = [
        _rec(0, "reds", "round limit (income)", [[2, "BLU", 5, "a"]], flat),
        _rec(1, "blues", "the other sides are gone", [[1, "BLU", 5, "a"]], flat),
        _rec(2, "reds", "objective capital", [[3, "RED", 9, "a"]], flat),
        _rec(3, "reds", "round limit (income)", [], flat),
    ]
    assert first_attacks(recs[0]) == {"BLU": 2}
    assert not income_moved(recs[0], "RED") and income_moved(recs[0], "BLU")
    s = summarise(recs)
    ends = s["endings"]
    assert [ends[k]["count"] for k in ("victory", "conquest", "cap", "other")] == [1, 1, 2, 0]
    red, blu, grn = (s["activity"][n] for n in ("RED", "BLU", "GRN"))
    assert red["never_attacked"] == 3 and red["passive"] == 3 and red["major"]
    assert blu["first_attack_mean"] == pytest.approx(1.5) and blu["passive"] == 0
    assert not grn["major"]  # 2 against the richest's 20: passive but minor
    warns = s["headline"]["warnings"]
    assert len(warns) == 1 and warns[0].startswith("RED was passive")  # 2 of 4 by the cap
    assert (
        "1 by the game's own victory condition, 1 by conquest, 2 by the round cap"
        in (s["headline"]["text"])
    )


def test_the_headline_warns_when_the_cap_decides_most_games_or_a_power_sits_still():
    moving = {"RED": [20, 22], "BLU": [20, 18], "GRN": [2, 2]}
    recs = [
        _rec(i, "reds", "round limit (income)", [[1, "RED", 1, "a"], [1, "BLU", 2, "a"]], moving)
        for i in range(3)
    ] + [_rec(3, "reds", "objective x", [[1, "RED", 1, "a"]], moving)]
    s = summarise(recs)
    assert (
        len(s["headline"]["warnings"]) == 1
        and "3 of 4 games were decided by the round cap" in (s["headline"]["warnings"][0])
    )
    assert s["headline"]["winner"].startswith("reds won 4 of 4 games")
    # one passive game in ten for a major power is not more than 10%: no warning
    recs = [
        _rec(i, "reds", "objective x", [[1, "RED", 1, "a"], [1, "BLU", 2, "a"]], moving)
        for i in range(10)
    ]
    recs[0]["fights"] = [[1, "RED", 1, "a"]]
    recs[0]["income"] = {"RED": [20, 22], "BLU": [20, 20], "GRN": [2, 2]}
    s = summarise(recs)
    assert s["activity"]["BLU"]["passive"] == 1 and s["headline"]["warnings"] == []
    recs[1]["fights"], recs[1]["income"] = recs[0]["fights"], recs[0]["income"]
    assert "BLU was passive" in headline(summarise(recs))["text"]


def test_old_results_files_stay_readable_and_a_bad_field_is_one_line(tmp_path, capsys):
    import json

    from gamecore.cli import main
    from gamecore.store import write_pack

    path = tmp_path / "sym.warroom"
    write_pack(symmetric_pack(rounds=2), path)
    results = tmp_path / "r.jsonl"
    cmd = ["playtest", str(path), "--games", "2", "--results", str(results), "--json"]
    assert main(cmd) == 0
    capsys.readouterr()
    head, *lines = [x for x in results.read_text().split("\n") if x]
    new = ("end", "cap_source", "first_attack", "nations_start")
    old = []
    for line in lines:
        rec = json.loads(line)
        for k in new:
            rec.pop(k)
        rec["curves"].pop("income")
        old.append(json.dumps(rec))
    results.write_text("\n".join([head, *old]) + "\n")
    assert main(cmd) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["played_now"] == 0 and s["endings"]["cap"]["count"] == 2
    assert set(s["activity"]) == {"RED", "BLU"} and s["headline"]["text"]
    for key, bad in (("fights", [["x", 1]]), ("end", "won"), ("captures", {"z": 1})):
        rec = json.loads(old[0])
        rec[key] = bad
        results.write_text("\n".join([head, json.dumps(rec), old[1]]) + "\n")
        assert main(cmd) == 2
        err = capsys.readouterr().err
        assert f"field '{key}'" in err and err.count("\n") == 1
