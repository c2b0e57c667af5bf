"""Batch playtests: records, resumable results, process pool, Ctrl+C, statistics, report,
CLI, smoke mode."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

from gamecore.cli import main
from gamecore.errors import WarroomError
from gamecore.sim.playtest import (
    PlaytestParams,
    ResultsFile,
    binomial_tail,
    decisive_battles,
    game_seed,
    heatmap_values,
    play_game,
    run_playtest,
    scenario_hash,
    smoke,
    summarise,
    wilson,
    write_report,
)
from gamecore.sim.playtest.samples import symmetric_pack
from gamecore.store import read_pack, write_pack

PARAMS = PlaytestParams("test", "heuristic", 5, 3)


@pytest.fixture(scope="module")
def pack():
    return symmetric_pack(rounds=3)


@pytest.fixture()
def pack_file(tmp_path, pack):
    path = tmp_path / "sym.warroom"
    write_pack(pack, path)
    return path


# ---------------------------------------------------------------------- statistics
def test_wilson_interval_matches_known_values():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert binomial_tail(60, 60, 0.95) == pytest.approx(0.95**60)
    assert binomial_tail(0, 5, 0.3) == 1.0 and binomial_tail(6, 5, 0.3) == 0.0


def test_game_seeds_are_fixed_and_distinct():
    seeds = [game_seed(1, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert seeds[:3] == [game_seed(1, 0), game_seed(1, 1), game_seed(1, 2)]
    assert game_seed(2, 0) not in seeds
    assert all(0 <= s < 2**48 for s in seeds)


def _rec(i, winner, fights, income=None, sides=None):
    return {
        "index": i,
        "seed": i,
        "status": "ok",
        "winner": winner,
        "reason": "round limit (income)",
        "rounds": 3,
        "fights": fights,
        "captures": {"7": 1},
        "battles": {"7": 2},
        "income": income or {"RED": [10, 12, 14], "BLU": [10, 8, 6]},
        "final_income": {"RED": 14, "BLU": 6},
        "sides": sides or {"RED": "reds", "BLU": "blues"},
    }


def test_summary_numbers_and_decisive_battles():
    # RED's round-1 attack on zone 7: reds win 9/10 games when it is taken, 1/10 when not
    recs = []
    for i in range(20):
        taken = i < 10
        win = (i < 9) or (i == 19)
        recs.append(_rec(i, "reds" if win else "blues", [[1, "RED", 7, "a" if taken else "d"]]))
    recs.append({"index": 99, "seed": 1, "status": "error", "error": "boom"})
    s = summarise(recs, {7: ("E", "Zone E")})
    assert s["games"] == 21 and s["completed"] == 20 and s["failed"] == 1
    assert s["sides"]["reds"]["wins"] == 10 and s["sides"]["reds"]["rate"] == 0.5
    lo, hi = wilson(10, 20)
    assert (s["sides"]["reds"]["lo"], s["sides"]["reds"]["hi"]) == (pytest.approx(lo), hi)
    # a nation's row is about the nation, not a copy of its side's win rate
    assert s["nations"]["RED"]["side"] == "reds" and "wins" not in s["nations"]["RED"]
    assert s["nations"]["RED"]["income"]["mean"] == 14.0
    assert s["length"]["histogram"] == {"3": 20}
    assert s["length"]["reasons"] == {"round limit (income)": 20}
    assert s["income"]["RED"]["mean"] == [10.0, 12.0, 14.0]
    assert s["zones"]["7"]["battles_per_game"] == 2.0 and s["zones"]["7"]["code"] == "E"
    assert heatmap_values(s, "captures") == {7: 1.0}
    (d,) = s["decisive"]
    assert (d["round"], d["attacker"], d["zone"], d["code"]) == (1, "RED", 7, "E")
    assert d["win_rate_if_taken"] == 0.9 and d["win_rate_if_not"] == 0.1
    assert d["delta"] == pytest.approx(0.8) and d["q"] < 0.01
    assert s["decisive_test"]["tested"] == 1
    # a battle fought in too few games is not reported
    assert decisive_battles(recs[:2], {"RED": "reds"}) == []


# ---------------------------------------------------------------------- one game
def test_a_game_record_holds_the_numbers_of_the_report(pack):
    rec = play_game(pack, "test", 9, "heuristic", keep_log=True)
    assert rec["status"] == "ok" and rec["bot_errors"] == 0
    assert rec["winner"] in ("reds", "blues", None) and rec["rounds"] == 3
    assert set(rec["income"]) == {"RED", "BLU"} and len(rec["income"]["RED"]) == 3
    assert sum(rec["battles"].values()) == len(rec["fights"])
    captures = [e for e in rec["log"] if e["e"] == "capture"]
    assert sum(rec["captures"].values()) == len(captures)
    json.dumps({k: v for k, v in rec.items() if k != "log"})  # JSON-able


# ---------------------------------------------------------------------- batches
def test_results_are_kept_and_a_rerun_resumes(pack, pack_file):
    first = run_playtest(pack, PARAMS, 3, pack_path=pack_file)
    assert first.played == 3 and first.results_path.exists()
    assert first.results_path.parent == pack_file.with_name(pack_file.name + ".playtests")
    again = run_playtest(pack, PARAMS, 5, pack_path=pack_file)
    assert again.played == 2 and [r["index"] for r in again.records] == [0, 1, 2, 3, 4]
    assert [r["digest"] for r in again.records[:3]] == [r["digest"] for r in first.records]
    fewer = run_playtest(pack, PARAMS, 2, pack_path=pack_file)
    assert fewer.played == 0 and len(fewer.records) == 2
    # other parameters are another run, in another file
    other = run_playtest(pack, PlaytestParams("test", "random", 5, 3), 1, pack_path=pack_file)
    assert other.results_path != first.results_path
    lines = first.results_path.read_text().splitlines()
    head = json.loads(lines[0])
    assert head["params"] == PARAMS.to_json()
    assert head["scenario_hash"] == scenario_hash(pack, "test")
    assert len(lines) == 6


def test_a_torn_last_line_is_replayed_and_foreign_files_are_refused(pack, tmp_path):
    path = tmp_path / "r.jsonl"
    run_playtest(pack, PARAMS, 2, results_path=path)
    with open(path, "a") as fh:
        fh.write('{"index": 2, "seed": 1, "stat')  # a kill in the middle of a write
    run = run_playtest(pack, PARAMS, 3, results_path=path)
    assert run.played == 1 and [r["index"] for r in run.records] == [0, 1, 2]
    with pytest.raises(WarroomError, match="belongs to another run"):
        run_playtest(pack, PlaytestParams("test", "random", 5, 3), 1, results_path=path)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    with pytest.raises(WarroomError, match="not a playtest results file"):
        ResultsFile(bad, PARAMS, "x").load()


def test_scenario_hash_follows_what_the_game_depends_on(pack):
    h = scenario_hash(pack, "test")
    assert h == scenario_hash(symmetric_pack(rounds=3), "test")
    changed = symmetric_pack(rounds=3)
    next(z for z in changed.map.zones.values() if z.code == "D").value = 5
    assert scenario_hash(changed, "test") != h
    changed = symmetric_pack(rounds=3)
    changed.scenarios["test"].options["aa_fire"] = False
    assert scenario_hash(changed, "test") != h


def test_cancel_keeps_finished_games_and_the_rest_is_the_same_as_one_run(pack, tmp_path):
    path = tmp_path / "r.jsonl"
    seen = []
    run = run_playtest(
        pack,
        PARAMS,
        5,
        results_path=path,
        progress=lambda pr: seen.append(pr.done),
        cancel=lambda: seen[-1] >= 2,
    )
    assert run.cancelled and run.finished == 2
    rest = run_playtest(pack, PARAMS, 5, results_path=path)
    assert not rest.cancelled and rest.played == 3
    whole = run_playtest(pack, PARAMS, 5)
    assert [r["digest"] for r in rest.records] == [r["digest"] for r in whole.records]


def test_process_pool_plays_the_same_games(pack, pack_file):
    one = run_playtest(pack, PARAMS, 4)
    two = run_playtest(pack, PARAMS, 4, jobs=2, pack_path=pack_file, fresh=True)
    assert [r["digest"] for r in two.records] == [r["digest"] for r in one.records]
    assert [r["seed"] for r in two.records] == [game_seed(5, i) for i in range(4)]


def test_bad_input_is_refused_before_any_game(pack):
    with pytest.raises(WarroomError, match="no scenario 'nope'"):
        run_playtest(pack, PlaytestParams("nope"), 1)
    with pytest.raises(WarroomError, match="unknown bot"):
        run_playtest(pack, PlaytestParams("test", "genius"), 1)
    with pytest.raises(WarroomError, match="unknown backend"):
        run_playtest(pack, PARAMS, 1, backend="cloud")
    with pytest.raises(WarroomError, match="max-rounds"):
        run_playtest(pack, PlaytestParams("test", max_rounds=0), 1)


# ---------------------------------------------------------------------- report
def test_report_writes_a_page_and_charts(pack, tmp_path):
    run = run_playtest(pack, PARAMS, 4)
    summary = run.summary(pack)
    page = write_report(summary, tmp_path / "rep", pack)
    html = page.read_text()
    assert "Who wins" in html and "Decisive battles" in html and "round limit 3" in html
    for name in ("winrates.png", "length.png", "income.png", "heat_battles.png"):
        assert f'src="{name}"' in html
        with Image.open(tmp_path / "rep" / name) as img:
            assert img.format == "PNG" and img.width >= 600
    assert json.loads((tmp_path / "rep" / "summary.json").read_text())["completed"] == 4


def test_heatmap_colours_the_fought_over_zones(pack):
    from gamecore.sim.playtest.report import chart_heatmap

    d = next(z for z in pack.map.zones.values() if z.code == "D")
    img = chart_heatmap(pack, {d.id: 3.0}, "t", width=400).convert("RGB")
    c = d.geometry.representative_point()
    minx = min(z.geometry.bounds[0] for z in pack.map.zones.values())
    miny = min(z.geometry.bounds[1] for z in pack.map.zones.values())
    maxx = max(z.geometry.bounds[2] for z in pack.map.zones.values())
    scale = 380 / (maxx - minx)
    px = img.getpixel((int((c.x - minx) * scale + 10), int((c.y - miny) * scale + 30)))
    assert px[0] > 100 and px[2] < 80  # the hottest colour of the ramp (dark red)


# ---------------------------------------------------------------------- CLI
def test_cli_json_and_report(pack_file, tmp_path, capsys):
    rep = tmp_path / "rep"
    code = main(
        [
            "playtest",
            str(pack_file),
            "--games",
            "2",
            "--seed",
            "5",
            "--max-rounds",
            "3",
            "--json",
            "--report",
            str(rep),
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["completed"] == 2 and out["params"]["scenario"] == "test"
    assert set(out["sides"]) == {"reds", "blues"} and (rep / "index.html").exists()
    code = main(["playtest", str(pack_file), "--games", "2", "--seed", "5", "--max-rounds", "3"])
    text = capsys.readouterr().out
    assert code == 0 and "2 games of test (0 played now)" in text


def test_cli_save_stores_the_summary_in_the_pack(pack_file, capsys):
    assert main(["playtest", str(pack_file), "--games", "1", "--max-rounds", "2", "--save"]) == 0
    capsys.readouterr()
    stored = list(read_pack(pack_file).playtests.values())
    assert len(stored) == 1
    assert stored[0].scenario == "test" and stored[0].params["games"] == 1
    assert stored[0].scenario_hash and stored[0].results["completed"] == 1


@pytest.mark.parametrize(
    "args, message",
    [
        (["--scenario", "nope"], "no scenario 'nope'"),
        (["--bot", "genius"], "unknown bot 'genius'"),
        (["--games", "0"], "--games must be at least 1"),
        (["--backend", "dask"], "dask"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(pack_file, capsys, args, message):
    code = main(["playtest", str(pack_file), "--max-rounds", "1", "--games", "1", *args])
    err = capsys.readouterr().err.strip()
    assert code == 2 and message in err and len(err.splitlines()) == 1


def test_cli_missing_pack_is_one_line(tmp_path, capsys):
    code = main(["playtest", str(tmp_path / "none.warroom")])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_keeps_finished_games_and_a_rerun_resumes(pack_file, sig):
    # a real interrupt (Ctrl+C, or SIGTERM as a job scheduler sends) of the real command
    # (two worker processes)
    cmd = [
        sys.executable,
        "-m",
        "gamecore.cli",
        "playtest",
        str(pack_file),
        "--games",
        "400",
        "--jobs",
        "2",
        "--max-rounds",
        "3",
        "--progress-lines",
        "--json",
    ]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    try:
        done = 0
        deadline = time.monotonic() + 120
        while done < 2 and time.monotonic() < deadline:
            line = proc.stderr.readline()
            if line.startswith("PROGRESS"):
                done = int(line.split()[1])
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    kept = json.loads(out)["completed"]
    assert 2 <= kept < 400
    results = list(pack_file.with_name(pack_file.name + ".playtests").glob("*.jsonl"))
    assert len(results) == 1
    assert len(results[0].read_text().splitlines()) == kept + 1
    # the same command again, asking for a few more, plays only the missing ones
    more = kept + 2
    r = subprocess.run([*cmd[:6], str(more), *cmd[7:]], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    again = json.loads(r.stdout)
    assert again["completed"] == more and again["played_now"] == 2


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_the_command_loads_ends_it_in_one_line(pack_file, sig, tmp_path):
    # before #39 a Ctrl+C in the first fraction of a second, while the modules were still
    # importing, printed a KeyboardInterrupt traceback, and a SIGTERM before the games
    # started killed the process without a word
    # the child signals itself once the entry module is imported, while the rest of the
    # program still loads (a sleep cannot hit that window reliably on a loaded machine)
    code = (
        "import os, signal, sys; import editor.cli as cli; "
        f"os.kill(os.getpid(), {int(sig)}); "
        "import gamecore.sim.playtest; "
        f"sys.exit(cli.main(['playtest', {str(pack_file)!r}, '--games', '4']))"
    )
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert r.returncode == 130, r.stderr
    assert r.stderr.strip().splitlines() == ["warroom: interrupted"]
    assert not list(tmp_path.glob("*.playtests"))  # nothing started, nothing written


# ---------------------------------------------------------------------- smoke mode
def test_smoke_finds_nothing_wrong_with_a_sound_scenario(pack):
    assert smoke(pack, "test", seeds=(1, 2), rounds=2) == []


def test_smoke_reports_a_scenario_that_cannot_start():
    pack = symmetric_pack()
    pack.scenarios["test"].units[0].unit_type = "zeppelin"
    (problem,) = smoke(pack, "test", seeds=(1,), rounds=1)
    assert problem.kind == "start" and "zeppelin" in str(problem)


def test_smoke_reports_an_engine_crash(pack, monkeypatch):
    from gamecore.rules import economy

    def broken(s, n):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(economy, "collect_income", broken)
    problems = smoke(pack, "test", seeds=(3,), rounds=1)
    assert problems and problems[0].kind == "crash"
    assert "ZeroDivisionError" in problems[0].message and problems[0].nation


def test_wilson_is_never_outside_zero_one():
    for n in (1, 2, 7, 100):
        for k in range(n + 1):
            lo, hi = wilson(k, n)
            assert 0.0 <= lo <= k / n <= hi <= 1.0
            assert not math.isnan(lo)


def test_results_path_sits_beside_the_pack(pack_file):
    from gamecore.sim.playtest import default_results_path

    p = default_results_path(pack_file, PARAMS, "abc")
    assert p == Path(str(pack_file) + ".playtests") / "test-abc.jsonl"
