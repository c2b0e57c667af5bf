"""Issue #39: a playtest results file is untrusted input too. What a crash or a full disk
leaves (an empty file, a torn header, a torn last record) is reported in one line, cut
back to the last complete record, and the run goes on; a record that lies (a negative,
duplicate or huge game number, a huge round count) is refused in one line with exit 2;
a FIFO given as --results or --handbook is refused without blocking."""

from __future__ import annotations

import json
import os

import pytest

from gamecore.sim.playtest.samples import symmetric_pack
from gamecore.store import write_pack
from tests.gamecore.untrusted import crafted


@pytest.fixture(scope="module")
def done(tmp_path_factory):
    """A pack and the results file of two finished games of it."""
    d = tmp_path_factory.mktemp("results")
    pack = d / "sym.warroom"
    write_pack(symmetric_pack(rounds=2), pack)
    results = d / "r.jsonl"
    rc, err = crafted.run(["playtest", pack, "--games", "2", "--results", results, "--json"])
    assert rc == 0, err
    return pack, results.read_text(encoding="utf-8")


def _cmd(pack, results, *more):
    return ["playtest", pack, "--games", "2", "--results", results, "--json", *more]


def _lines(text):
    return [x for x in text.split("\n") if x]


@pytest.mark.parametrize(
    ("name", "make", "kept", "says"),
    [
        ("empty", lambda head, recs: "", 0, "empty"),
        ("blank", lambda head, recs: "\n  \n", 0, "blank"),
        ("torn header", lambda head, recs: head[:25], 0, "header line is torn"),
        ("torn record", lambda head, recs: f"{head}\n{recs[0]}\n{recs[1][:40]}", 1, "torn"),
        ("torn newline", lambda head, recs: f"{head}\n{recs[0]}\n{{", 1, "line 3 is torn"),
    ],
)
def test_what_a_crash_leaves_is_cut_back_and_the_run_goes_on(
    done, tmp_path, name, make, kept, says
):
    pack, text = done
    head, *recs = _lines(text)
    results = tmp_path / "r.jsonl"
    results.write_text(make(head, recs), encoding="utf-8")
    rc, err = crafted.run(_cmd(pack, results))
    assert rc == 0, err
    (warned,) = [x for x in err.splitlines() if x.startswith("warroom:")]
    assert says in warned and str(results) in warned, err
    after = _lines(results.read_text(encoding="utf-8"))
    assert len(after) == 3 and after[1 : 1 + kept] == recs[:kept]
    # what was cut was played again: the same games as the first run
    assert [json.loads(x)["digest"] for x in after[1:]] == [json.loads(x)["digest"] for x in recs]


@pytest.mark.parametrize(
    ("name", "change", "says"),
    [
        ("negative index", lambda r0, r1: [{**r0, "index": -1}, r1], "field 'index' is -1"),
        ("huge index", lambda r0, r1: [{**r0, "index": 2**40}, r1], "not a game number"),
        ("duplicate", lambda r0, r1: [r0, r0], "recorded twice"),
        ("huge rounds", lambda r0, r1: [{**r0, "rounds": 10**15}, r1], "field 'rounds'"),
        ("huge round_cap", lambda r0, r1: [r0, {**r1, "round_cap": 2**62}], "field 'round_cap'"),
        ("bool index", lambda r0, r1: [{**r0, "index": True}, r1], "not a game record"),
    ],
)
def test_a_record_that_lies_is_one_line_and_exit_2(done, tmp_path, name, change, says):
    pack, text = done
    head, *recs = _lines(text)
    results = tmp_path / "r.jsonl"
    bad = change(*(json.loads(x) for x in recs))
    results.write_text("\n".join([head, *(json.dumps(r) for r in bad)]) + "\n")
    before = results.read_bytes()
    rc, err = crafted.run(_cmd(pack, results, "--report", tmp_path / "report"))
    assert rc == 2 and err.count("\n") == 1, err
    assert says in err and str(results) in err, err
    assert results.read_bytes() == before  # a refused file is left as it was


def test_a_fifo_as_results_file_is_refused_at_once(done, tmp_path):
    pack, _ = done
    fifo = tmp_path / "r.jsonl"
    os.mkfifo(fifo)
    for more in ([], ["--fresh"]):
        rc, err = crafted.never_blocks([str(a) for a in _cmd(pack, fifo, *more)], fifo)
        assert rc == 2 and err.count("\n") == 1 and "not a regular file" in err, err


def test_a_fifo_as_handbook_is_refused_at_once(done, tmp_path):
    pack, _ = done
    fifo = tmp_path / "hb.json"
    os.mkfifo(fifo)
    argv = ["scenario", "compare-setup", str(pack), "--handbook", str(fifo)]
    rc, err = crafted.never_blocks(argv, fifo)
    assert rc == 2 and err.count("\n") == 1 and "not a regular file" in err, err
