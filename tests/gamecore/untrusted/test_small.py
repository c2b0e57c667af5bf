"""Issue #18 item 8, the smaller cases: each a one-line error naming the pack, or works."""

from __future__ import annotations

import sqlite3

import pytest

from gamecore.store import read_pack
from tests.gamecore.untrusted import crafted


@pytest.fixture
def sample(tmp_path):
    p = tmp_path / "world.warroom"
    p.write_bytes(crafted.SAMPLE.read_bytes())
    return p


def test_corrupt_pages_give_a_one_line_message(sample):
    with open(sample, "r+b") as fh:
        for off in (8192 * 5 + 100, 8192 * 20 + 50, 8192 * 40 + 10):
            fh.seek(off)
            fh.write(b"\xff" * 300)
    rc, err = crafted.run(["info", sample])
    assert rc == 2 and err.count("\n") == 1, err
    assert "world.warroom: corrupt pack file" in err and "(None)" not in err


def test_a_stray_journal_does_not_make_an_intact_pack_corrupt(sample):
    for junk in (b"garbage\n", bytes(range(256)) * 3):
        sample.with_name(sample.name + "-journal").write_bytes(junk)
        rc, err = crafted.run(["info", sample])
        assert rc == 0, err
        assert len(read_pack(sample).map.zones) == 272


def test_a_ruleset_error_names_the_pack(sample):
    conn = sqlite3.connect(sample)
    conn.execute("UPDATE scenarios SET ruleset = 'nosuch' WHERE id = '1939'")
    conn.commit()
    conn.close()
    rc, err = crafted.run(["play", sample, "--scenario", "1939", "--max-actions", "3"])
    assert rc == 2 and err.count("\n") == 1
    assert err.startswith(f"warroom: error: {sample}: ruleset: ") and "nosuch" in err


@pytest.mark.parametrize("length", [243, 249, 255])
def test_packs_with_names_up_to_255_characters_can_be_saved(tmp_path, sample, length):
    name = "n" * (length - len(".warroom")) + ".warroom"
    dump = tmp_path / "d.json"
    assert crafted.run(["dump", sample, "-o", dump])[0] == 0
    long = tmp_path / name
    rc, err = crafted.run(["load", dump, "-o", long])
    assert rc == 0, err
    assert crafted.run(["info", long])[0] == 0
    rc, err = crafted.run(["load", dump, "-o", long, "--force"])  # over itself, locked
    assert rc == 0, err
    from gamecore.store import open_pack

    with open_pack(long) as pf:  # the editor's path: lock, working copy, save
        pf.pack.meta["edited"] = True
        pf.save()
    assert read_pack(long).meta["edited"] is True
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["d.json", name, "world.warroom"])


def test_a_name_over_255_bytes_is_refused_clearly(tmp_path, sample):
    long = tmp_path / ("n" * 256 + ".warroom")
    rc, err = crafted.run(["dump", sample, "-o", tmp_path / "d.json"])
    rc, err = crafted.run(["load", tmp_path / "d.json", "-o", long])
    assert rc == 2 and err.count("\n") == 1 and "too long" in err


def test_temp_files_of_a_killed_load_are_cleaned_by_the_next_write(tmp_path, sample):
    dump = tmp_path / "d.json"
    crafted.run(["dump", sample, "-o", dump])
    out = tmp_path / "out.warroom"
    stale = tmp_path / ".out.warroom.tmp-deadbeef"  # what a SIGKILLed load leaves
    stale.write_bytes(b"half a pack")
    rc, err = crafted.run(["load", dump, "-o", out])
    assert rc == 0, err
    assert not stale.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.json", "out.warroom", "world.warroom"]
