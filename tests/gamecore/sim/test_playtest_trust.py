"""Playtests a designer can trust (#21): every game ends (round cap, stall guards,
progress), winners by the game's own rule under the alliance's name, statistics with
intervals and a multiple-testing correction."""

from __future__ import annotations

import copy

import pytest

from gamecore.cli import main
from gamecore.model import Objective
from gamecore.paths import sample_pack
from gamecore.sim.playtest import (
    DEFAULT_ROUND_CAP,
    PlaytestParams,
    benjamini_hochberg,
    decisive_battles,
    fisher_exact,
    games_to_tell,
    play_game,
    round_cap,
    run_playtest,
    summarise,
    wilson,
)
from gamecore.sim.playtest import game as game_mod
from gamecore.sim.playtest.samples import symmetric_pack
from gamecore.store import read_pack, write_pack


@pytest.fixture(scope="module")
def endless():
    """The symmetric scenario with no round limit of its own."""
    pack = symmetric_pack(rounds=3)
    pack.scenarios["test"].rounds = None
    return pack


@pytest.fixture(scope="module")
def sample():
    return read_pack(sample_pack())


# ---------------------------------------------------------------------- every game ends
def test_a_scenario_without_a_round_limit_is_played_to_the_default_cap(endless, monkeypatch):
    assert round_cap(endless, "test", None) == (DEFAULT_ROUND_CAP, "default")
    assert round_cap(endless, "test", 7) == (7, "option")
    assert round_cap(symmetric_pack(rounds=3), "test", None) == (3, "scenario")
    monkeypatch.setattr(game_mod, "DEFAULT_ROUND_CAP", 2)
    rec = play_game(endless, "test", 4, "heuristic")
    assert rec["status"] == "ok" and rec["round_cap"] == 2 and rec["rounds"] <= 2
    assert rec["winner"] is not None or rec["reason"].startswith("round limit")
    run = run_playtest(endless, PlaytestParams("test", "heuristic", 1), 2)
    s = run.summary(endless)
    assert s["round_cap"]["rounds"] == 2 and s["round_cap"]["source"] == "default"
    assert "default" in s["round_cap"]["text"] and "--max-rounds" in s["round_cap"]["text"]
    assert s["params"]["max_rounds"] == 2  # the results file says what games were played to


def test_the_cli_states_the_cap_it_used(endless, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(game_mod, "DEFAULT_ROUND_CAP", 2)
    path = tmp_path / "endless.warroom"
    write_pack(endless, path)
    assert main(["playtest", str(path), "--games", "2"]) == 0
    out, err = capsys.readouterr()
    assert "round cap 2 (default: the scenario has no round limit" in out
    assert "round cap 2 (default" in err  # said as the games start, too


def test_a_game_that_runs_away_is_recorded_as_stalled_with_its_state(endless):
    rec = play_game(endless, "test", 4, "heuristic", max_turn_actions=3)
    assert rec["status"] == "stalled" and "more than 3 actions in one turn" in rec["error"]
    at = rec["stalled_at"]
    assert at["round"] == 1 and at["nation"] == "RED" and at["phase"]
    assert rec["nations_end"]["RED"]["units"] > 0 and rec["nations_end"]["BLU"]["zones"] == 6
    slow = play_game(endless, "test", 4, "heuristic", max_seconds=0.0)
    assert slow["status"] == "stalled" and "still running after 0 s" in slow["error"]
    s = summarise([rec, slow, {**rec, "index": 2, "status": "ok", "winner": "reds"}])
    assert s["stalled"]["count"] == 2 and s["stalled"]["games"] == 3
    assert (s["stalled"]["lo"], s["stalled"]["hi"]) == pytest.approx(wilson(2, 3))
    assert s["completed"] == 1
    (f, _) = s["failures"]
    assert f["stalled_at"]["nation"] == "RED" and f["state"]["reds"]["units"] > 0


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_reports_running_rounds_and_an_eta(endless, jobs, monkeypatch):
    monkeypatch.setattr(game_mod, "DEFAULT_ROUND_CAP", 8)  # about half a second a game
    seen = []
    run_playtest(endless, PlaytestParams("test"), 3, jobs=jobs, progress=seen.append)
    assert seen[0].done == 0 and seen[0].eta is None and seen[0].total == 3
    assert seen[-1].done == 3 and seen[-1].eta == 0.0 and not seen[-1].running
    assert any(p.running for p in seen) and all(p.cap == 8 for p in seen)
    assert all(0 < r <= 8 for p in seen for r in p.running.values())
    # the ETA is a number once anything moved, never a made-up zero while games run
    moved = [p for p in seen if p.done or any(r > 1 for r in p.running.values())]
    assert moved and all(p.eta is not None and p.eta >= 0 for p in moved)
    assert "running: round" in next(p for p in seen if p.running).line()


# ---------------------------------------------------------------------- right winners
def test_an_objective_win_names_the_alliance_and_its_nations(sample):
    pack = copy.deepcopy(sample)
    scn = pack.scenarios["1939"]
    scn.objectives["AX_now"] = Objective(
        "AX_now",
        "Axis wins at once",
        kind="victory",
        owner="axis",
        condition="true",
        effect="declare_winner(axis)",
        once=True,
    )
    rec = play_game(pack, "1939", 3, "random", 2)
    assert rec["winner"] == "axis" and rec["reason"] == "objective AX_now"
    s = summarise([rec], labels=run_labels(pack))
    assert set(s["sides"]) == {"axis", "allies", "comintern"}  # no invented "GER,ITA,JPN"
    ax = s["sides"]["axis"]
    assert ax["name"] == "Axis" and ax["members"] == ["GER", "ITA", "JPN"] and ax["wins"] == 1
    assert s["sides"]["allies"]["wins"] == 0
    assert s["ended_by"]["objective AX_now"]["winners"] == {"axis": 1}
    ger = s["nations"]["GER"]
    assert ger["side_name"] == "Axis" and ger["name"] == "Germany"
    assert ger["income"]["mean"] > 0 and ger["units"]["mean"] > 0 and ger["tuv"]["mean"] > 0
    assert ger["eliminated"]["count"] == 0


def run_labels(pack):
    from gamecore.sim.playtest import side_labels

    return side_labels(pack, "1939")


def test_old_records_with_a_list_of_nations_as_winner_count_for_their_side():
    recs = [
        {
            "index": i,
            "status": "ok",
            "winner": "GER,ITA" if i else "allies",
            "reason": "objective X",
            "rounds": 2,
            "sides": {"GER": "axis", "ITA": "axis", "UK": "allies"},
        }
        for i in range(3)
    ]
    s = summarise(recs)
    assert s["sides"]["axis"]["wins"] == 2 and s["sides"]["allies"]["wins"] == 1
    assert set(s["sides"]) == {"axis", "allies"}


def test_a_nation_knocked_out_says_when(endless):
    recs = []
    for i in range(4):
        recs.append(
            {
                "index": i,
                "status": "ok",
                "winner": "reds",
                "reason": "the other sides are gone",
                "rounds": 3,
                "sides": {"RED": "reds", "BLU": "blues"},
                "nations_end": {
                    "RED": {"income": 20, "units": 9, "tuv": 50, "zones": 12, "eliminated": None},
                    "BLU": {
                        "income": 0,
                        "units": 0,
                        "tuv": 0,
                        "zones": 0,
                        "eliminated": 2 + (i % 2),
                    }
                    if i < 3
                    else {"income": 3, "units": 1, "tuv": 3, "zones": 1, "eliminated": None},
                },
            }
        )
    s = summarise(recs)
    el = s["nations"]["BLU"]["eliminated"]
    assert el["count"] == 3 and el["games"] == 4 and el["mean_round"] == pytest.approx(7 / 3)
    assert (el["lo"], el["hi"]) == pytest.approx(wilson(3, 4))
    assert s["ended_by"]["conquest"]["count"] == 4


# ---------------------------------------------------------------------- statistics
def test_fisher_and_benjamini_hochberg_match_known_values():
    assert fisher_exact(3, 1, 1, 3) == pytest.approx(0.4857, abs=1e-4)  # the tea tasting
    assert fisher_exact(8, 2, 1, 5) == pytest.approx(0.0350, abs=1e-4)
    assert fisher_exact(5, 5, 5, 5) == pytest.approx(1.0)
    q = benjamini_hochberg([0.01, 0.04, 0.03, 0.005])
    assert q == pytest.approx([0.02, 0.04, 0.04, 0.02])
    assert games_to_tell(0.55) == 783 and games_to_tell(0.5) == 0


def _fight_recs(n, effect_zone=7, noise_zones=range(20, 60), seed=5):
    import random

    rng = random.Random(seed)
    recs = []
    for i in range(n):
        taken = i % 2 == 0
        win = rng.random() < (0.85 if taken else 0.15)
        fights = [[1, "RED", effect_zone, "a" if taken else "d"]]
        fights += [[2, "RED", z, "a" if rng.random() < 0.5 else "d"] for z in noise_zones]
        recs.append(
            {
                "index": i,
                "status": "ok",
                "winner": "reds" if win else "blues",
                "reason": "round limit (income)",
                "rounds": 3,
                "fights": fights,
                "sides": {"RED": "reds", "BLU": "blues"},
            }
        )
    return recs


def test_decisive_battles_keep_only_what_survives_the_correction():
    recs = _fight_recs(80)
    out = decisive_battles(recs, {"RED": "reds", "BLU": "blues"}, details=True)
    assert out["tested"] == 41 and "Benjamini" in out["method"]
    zones = [b["zone"] for b in out["battles"]]
    assert zones == [7]  # the 40 coin-flip battles do not survive
    (b,) = out["battles"]
    assert b["q"] <= 0.05 and b["p"] <= b["q"] and b["delta"] > 0.5
    assert b["if_taken_lo"] < b["win_rate_if_taken"] < b["if_taken_hi"]
    # a battle with no effect at all is never listed, however many games
    flat = [{**r, "winner": "reds" if r["index"] % 4 < 2 else "blues"} for r in _fight_recs(80)]
    assert all(b["delta"] != 0 for b in decisive_battles(flat, {"RED": "reds"}))


def test_sample_size_advice():
    recs = [
        {
            "index": i,
            "status": "ok",
            "winner": "reds" if i < 12 else "blues",
            "rounds": 3,
            "reason": "round limit (income)",
            "sides": {"RED": "reds", "BLU": "blues"},
        }
        for i in range(20)
    ]
    a = summarise(recs)["advice"]
    assert a["games_for_target"] == 783 and a["more_for_target"] == 763
    assert a["side"] == "reds" and not a["excludes_even"]
    assert a["games_for_observed"] == games_to_tell(0.6)
    assert "763 more" in a["text"]


# ---------------------------------------------------------------------- report
def test_the_report_has_interactive_charts_curves_and_bot_strength(endless, tmp_path, monkeypatch):
    import json as _json

    from gamecore.sim.playtest import write_report
    from gamecore.sim.playtest.charts import fig_curves, fig_map
    from gamecore.sim.playtest.compare import bot_strength

    monkeypatch.setattr(game_mod, "DEFAULT_ROUND_CAP", 3)
    run = run_playtest(endless, PlaytestParams("test"), 3)
    s = run.summary(endless)
    # TUV and unit curves per side, one value per round
    for key in ("income", "tuv", "units", "zones"):
        band = s["curves"][key]["reds"]
        assert band["rounds"] == [1, 2, 3] and len(band["mean"]) == 3
    assert (
        s["curves"]["units"]["reds"]["mean"][0] > 0 and s["curves"]["tuv"]["blues"]["mean"][0] > 0
    )
    rec = run.records[0]
    assert rec["curves"]["units"]["RED"][-1] == rec["nations_end"]["RED"]["units"]
    s["bot_strength"] = bot_strength(endless, PlaytestParams("test", max_rounds=2), 2)
    bs = s["bot_strength"]["sides"]
    assert set(bs) == {"reds", "blues"} and all(d["games"] == 2 for d in bs.values())
    assert all(d["lo"] <= d["rate"] <= d["hi"] for d in bs.values())
    page = write_report(s, tmp_path / "rep", endless)
    html = page.read_text()
    assert '<script src="plotly.min.js"></script>' in html
    js = (tmp_path / "rep" / "plotly.min.js").read_text()
    assert len(js) > 1_000_000 and "plotly" in js[:2000].lower()  # offline, no CDN
    assert "cdn.plot.ly" not in html
    for div in ("chart-winrates", "chart-tuv", "chart-units", "chart-map-battles"):
        assert f'id="{div}"' in html
    assert "Bot strength" in html and "heuristic alliance" in html
    # hovering a zone gives its name; curves per alliance carry the alliance's name
    fmap = fig_map(endless, s, "battles")
    zone = next(iter(endless.map.zones.values()))
    assert any(f"{zone.code} {zone.name}" in (t.text or "") for t in fmap.data)
    names = {t.name for t in fig_curves(s, "tuv").data if t.name}
    assert names == {"Reds", "Blues"}
    assert _json.loads((tmp_path / "rep" / "summary.json").read_text())["round_cap"]["rounds"] == 3


def test_the_start_method_can_be_chosen_and_spawned_workers_play_the_same_games(
    endless, tmp_path, monkeypatch
):
    from gamecore.errors import WarroomError
    from gamecore.sim.playtest import backends

    monkeypatch.setattr(game_mod, "DEFAULT_ROUND_CAP", 2)
    path = tmp_path / "e.warroom"
    write_pack(endless, path)
    forked = run_playtest(endless, PlaytestParams("test"), 2, jobs=2)
    monkeypatch.setenv("WARROOM_START_METHOD", "spawn")
    assert backends._mp_context().get_start_method() == "spawn"
    # spawned workers load the pack from its file and get the cap the parent resolved
    spawned = run_playtest(endless, PlaytestParams("test"), 2, jobs=2, pack_path=path)
    assert [r["digest"] for r in spawned.records] == [r["digest"] for r in forked.records]
    monkeypatch.setenv("WARROOM_START_METHOD", "teleport")
    with pytest.raises(WarroomError, match="WARROOM_START_METHOD=teleport"):
        backends._mp_context()


def test_the_report_map_zooms_to_europe(sample):
    from gamecore.sim.playtest.charts import fig_map

    fig = fig_map(sample, {"zones": {}}, "battles")
    buttons = {b.label: b for b in fig.layout.updatemenus[0].buttons}
    assert "Whole map" in buttons and "Europe" in buttons
    (x0, x1), (y1, y0) = (
        buttons["Europe"].args[0]["xaxis.range"],
        buttons["Europe"].args[0]["yaxis.range"],
    )
    (wx0, wx1) = buttons["Whole map"].args[0]["xaxis.range"]
    assert wx0 < x0 < x1 < wx1 and (x1 - x0) < (wx1 - wx0) / 2 and y0 < y1
