"""The Dask backend on a LocalCluster bound to loopback.

dask.distributed is an optional extra of Warroom but a test dependency: when it is missing
this module fails (ImportError) instead of skipping, so CI notices."""

from __future__ import annotations

import json

import pytest

from gamecore.cli import main
from gamecore.sim.playtest import PlaytestParams, run_playtest
from gamecore.sim.playtest.samples import symmetric_pack
from gamecore.store import write_pack

PARAMS = PlaytestParams("test", "heuristic", 5, 2)


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster  # no importorskip: a missing extra must fail

    with LocalCluster(
        n_workers=1,
        threads_per_worker=2,
        processes=False,
        host="127.0.0.1",
        protocol="tcp",  # a real socket on loopback, as a remote scheduler would be
        scheduler_port=0,
        dashboard_address=None,
    ) as c:
        yield c


def test_dask_plays_the_same_games_as_the_local_backend(cluster, tmp_path):
    pack = symmetric_pack(rounds=2)
    local = run_playtest(pack, PARAMS, 3)
    path = tmp_path / "r.jsonl"
    seen = []
    remote = run_playtest(
        pack,
        PARAMS,
        3,
        backend="dask",
        scheduler=cluster.scheduler_address,
        results_path=path,
        progress=lambda pr: seen.append((pr.done, pr.total)),
    )
    assert [r["digest"] for r in remote.records] == [r["digest"] for r in local.records]
    assert remote.played == 3 and seen[-1] == (3, 3)
    assert len(path.read_text().splitlines()) == 4
    # resuming works the same way
    more = run_playtest(
        pack, PARAMS, 4, backend="dask", scheduler=cluster.scheduler_address, results_path=path
    )
    assert more.played == 1 and len(more.records) == 4


def test_cli_runs_on_a_dask_scheduler(cluster, tmp_path, capsys):
    path = tmp_path / "sym.warroom"
    write_pack(symmetric_pack(rounds=2), path)
    code = main(
        [
            "playtest",
            str(path),
            "--games",
            "2",
            "--backend",
            "dask",
            "--scheduler",
            cluster.scheduler_address,
            "--json",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["completed"] == 2


def test_unreachable_scheduler_is_a_one_line_error(tmp_path, capsys, monkeypatch):
    from gamecore.sim.playtest import backends

    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", "1s")
    path = tmp_path / "sym.warroom"
    write_pack(symmetric_pack(rounds=2), path)
    code = main(
        [
            "playtest",
            str(path),
            "--games",
            "1",
            "--backend",
            "dask",
            "--scheduler",
            "tcp://127.0.0.1:9",
        ]
    )
    err = capsys.readouterr().err.strip()
    assert code == 2 and "cannot reach the Dask scheduler" in err and len(err.splitlines()) == 1


def test_workers_without_warroom_or_with_another_version_are_refused(cluster, monkeypatch):
    import gamecore
    from gamecore.errors import WarroomError
    from gamecore.sim.playtest import backends

    pack = symmetric_pack(rounds=2)
    monkeypatch.setattr(backends, "WARROOM_DIST", "warroom-not-installed-here")
    with pytest.raises(WarroomError, match="has no Warroom installed"):
        run_playtest(pack, PARAMS, 1, backend="dask", scheduler=cluster.scheduler_address)
    monkeypatch.setattr(backends, "WARROOM_DIST", "warroom")
    monkeypatch.setattr(gamecore, "__version__", "99.0")
    with pytest.raises(WarroomError, match=r"runs Warroom \S+ and this is 99.0"):
        run_playtest(pack, PARAMS, 1, backend="dask", scheduler=cluster.scheduler_address)


def test_jobs_with_a_scheduler_is_refused(tmp_path, capsys):
    path = tmp_path / "sym.warroom"
    write_pack(symmetric_pack(rounds=2), path)
    code = main(["playtest", str(path), "--scheduler", "tcp://127.0.0.1:9", "--jobs", "2"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "--jobs is for the local backend" in err and len(err.splitlines()) == 1
