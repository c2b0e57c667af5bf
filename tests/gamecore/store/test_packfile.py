"""Open, lock, autosave, save, recover, migrate (issue #3; docs/architecture.md Invariant 3)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from gamecore.errors import PackError, PackLockedError, SchemaVersionError
from gamecore.model import Pack, Zone
from gamecore.store import (
    SCHEMA_VERSION,
    lock_path,
    new_pack,
    open_pack,
    read_pack,
    working_copy_path,
    write_pack,
)
from gamecore.store.schema import migrate
from tests.gamecore.store.factories import full_pack, simple_pack

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))


def files(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def packpath(tmp_path):
    path = tmp_path / "world.warroom"
    write_pack(simple_pack(), path)
    return path


def edited(pack: Pack) -> Pack:
    pack.map.zones[1].name = "Edited"
    pack.map.zones[99] = Zone(99, "N", "New zone")
    return pack


# -- saving ---------------------------------------------------------------------------------


def test_save_replaces_the_file_and_leaves_nothing_behind(packpath):
    pf = open_pack(packpath)
    assert files(packpath.parent) == [
        ".world.warroom-wc",  # the working copy, created on open (WAL mode)
        ".world.warroom-wc-shm",
        ".world.warroom-wc-wal",
        ".world.warroom.lock",
        "world.warroom",
    ]
    edited(pf.pack)
    inode = packpath.stat().st_ino
    pf.save()
    assert packpath.stat().st_ino != inode  # a new file was renamed over the old one
    assert read_pack(packpath) == pf.pack
    pf.close()
    assert files(packpath.parent) == ["world.warroom"]
    assert open_pack(packpath, readonly=True).has_recovery is False


def test_save_keeps_the_file_mode(packpath):
    packpath.chmod(0o640)
    pf = open_pack(packpath)
    pf.save()
    pf.close()
    assert packpath.stat().st_mode & 0o777 == 0o640


def test_new_pack_creates_a_file_open_for_writing(tmp_path):
    pf = new_pack(tmp_path / "n.warroom", full_pack())
    assert not pf.readonly and lock_path(pf.path).exists()
    assert read_pack(pf.path) == full_pack()
    pf.pack.meta["x"] = 1
    pf.save()
    pf.close()
    assert read_pack(tmp_path / "n.warroom").meta["x"] == 1


def test_save_as_moves_to_the_new_file(packpath):
    pf = open_pack(packpath)
    before = packpath.read_bytes()
    edited(pf.pack)
    pf.autosave()
    other = packpath.with_name("copy.warroom")
    pf.save_as(other)
    assert pf.path == other and lock_path(other).exists() and not lock_path(packpath).exists()
    assert packpath.read_bytes() == before
    assert not working_copy_path(packpath).exists()
    assert read_pack(other) == pf.pack
    pf.close()


def test_readonly_pack_cannot_save_but_can_save_as(packpath):
    before = files(packpath.parent)
    pf = open_pack(packpath, readonly=True)
    assert files(packpath.parent) == before
    with pytest.raises(PackError, match="read-only"):
        pf.save()
    with pytest.raises(PackError, match="read-only"):
        pf.autosave()
    pf.save_as(packpath.with_name("mine.warroom"))
    assert not pf.readonly
    pf.close()


# -- the lock -------------------------------------------------------------------------------


def test_second_writer_gets_locked_error_and_readonly_works(packpath):
    pf = open_pack(packpath)
    with pytest.raises(PackLockedError, match="already open for writing"):
        open_pack(packpath)
    with pytest.raises(PackLockedError):
        write_pack(Pack(), packpath)
    ro = open_pack(packpath, readonly=True)
    assert ro.readonly and ro.pack == pf.pack
    pf.close()
    assert not lock_path(packpath).exists()
    open_pack(packpath).close()


HOLD = textwrap.dedent(
    """
    import sys
    from gamecore.store import open_pack
    pf = open_pack(sys.argv[1])
    pf.pack.map.zones[1].name = "crashed edit"
    pf.autosave()
    print("ready", flush=True)
    sys.stdin.read()
    """
)


def test_other_process_holds_the_lock_until_it_dies(packpath):
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(packpath)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert proc.stdout.readline().strip() == "ready"
        with pytest.raises(PackLockedError, match=f"pid {proc.pid}"):
            open_pack(packpath)
        assert open_pack(packpath, readonly=True).has_recovery is False
    finally:
        proc.kill()  # SIGKILL: no cleanup runs
        proc.wait()
    # the kernel released the lock; the stale lock file does not matter
    assert lock_path(packpath).exists()
    pf = open_pack(packpath)
    assert pf.has_recovery
    assert pf.pack.map.zones[1].name == "Zone 1"
    assert pf.recover().map.zones[1].name == "crashed edit"
    pf.save()
    pf.close()
    assert read_pack(packpath).map.zones[1].name == "crashed edit"


# -- recovery -------------------------------------------------------------------------------


def test_autosaved_edits_are_offered_after_a_close_without_save(packpath):
    original = read_pack(packpath)
    pf = open_pack(packpath)
    edited(pf.pack)
    pf.autosave()
    assert working_copy_path(packpath).exists()
    pf.close()
    assert read_pack(packpath) == original
    pf = open_pack(packpath)
    assert pf.has_recovery and pf.recovery_time
    assert pf.pack == original
    assert pf.recover() == edited(read_pack(packpath))
    assert not pf.has_recovery
    pf.close()  # still unsaved: still kept
    pf = open_pack(packpath)
    assert pf.has_recovery
    pf.discard_recovery()
    assert not working_copy_path(packpath).exists() and pf.pack == original
    pf.close()
    assert not open_pack(packpath, readonly=True).has_recovery


def test_an_autosave_equal_to_the_file_is_not_offered(packpath):
    pf = open_pack(packpath)
    pf.autosave()  # e.g. a timer, with no edits
    pf.close()
    assert working_copy_path(packpath).exists()
    pf = open_pack(packpath)
    assert not pf.has_recovery
    pf.close()
    assert files(packpath.parent) == ["world.warroom"]


def test_new_geometry_objects_are_saved_after_reused_ones(packpath):
    from shapely.geometry import box

    pf = open_pack(packpath)
    shared = box(0, 0, 5, 5)
    pf.pack.map.zones[1].geometry = shared
    pf.pack.map.zones[2].geometry = shared
    pf.save()
    pf.pack.map.zones[3].geometry = box(1, 1, 2, 2)
    pf.save()
    pf.close()
    back = read_pack(packpath)
    assert back.map.zones[1].geometry == back.map.zones[2].geometry == shared
    assert back.map.zones[3].geometry == box(1, 1, 2, 2)
    assert back.map.zones[4].geometry == simple_pack().map.zones[4].geometry


def test_close_discard_removes_the_working_copy(packpath):
    pf = open_pack(packpath)
    edited(pf.pack)
    pf.autosave()
    pf.close(discard=True)
    assert files(packpath.parent) == ["world.warroom"]


def test_recover_without_recovery_is_an_error(packpath):
    pf = open_pack(packpath)
    with pytest.raises(PackError, match="no working copy"):
        pf.recover()
    pf.close()


def test_a_corrupt_working_copy_is_set_aside_not_offered(packpath):
    working_copy_path(packpath).write_bytes(b"garbage" * 100)
    pf = open_pack(packpath)
    assert not pf.has_recovery
    assert working_copy_path(packpath).with_name(".world.warroom-wc.bad").exists()
    pf.close()


def test_a_working_copy_killed_while_being_created_is_just_removed(packpath):
    conn = sqlite3.connect(working_copy_path(packpath))
    conn.execute("PRAGMA journal_mode=WAL")  # a file, but no tables yet
    conn.close()
    pf = open_pack(packpath)
    assert not pf.has_recovery
    assert not working_copy_path(packpath).with_name(".world.warroom-wc.bad").exists()
    pf.close()
    assert files(packpath.parent) == ["world.warroom"]


def test_stale_temp_files_of_a_killed_save_are_removed(packpath):
    stale = packpath.with_name(".world.warroom.tmp-deadbeef")
    stale.write_bytes(b"half a file")
    open_pack(packpath, readonly=True).close()
    assert stale.exists()  # a reader never touches them
    open_pack(packpath).close()
    assert not stale.exists()


def test_unwritable_folder_on_save_keeps_file_and_edits(packpath, unwritable):
    before = packpath.read_bytes()
    pf = open_pack(packpath)
    edited(pf.pack)
    with unwritable(packpath.parent):
        with pytest.raises(PackError, match="cannot write to the folder") as exc:
            pf.save()
        assert "\n" not in str(exc.value) and str(packpath) in str(exc.value)
        pf.close()
    assert packpath.read_bytes() == before
    assert not [n for n in files(packpath.parent) if ".tmp-" in n]
    pf = open_pack(packpath)
    assert pf.has_recovery
    assert pf.recover() == edited(read_pack(packpath))
    pf.close()


# -- schema versions ------------------------------------------------------------------------


def make_v1_file(path) -> None:
    """A pack as schema version 1 wrote it (no playtests, no crossing limits)."""
    conn = sqlite3.connect(path)
    migrate(conn, target=1)
    conn.execute(
        "INSERT INTO map_info (id, name, width, height, crs, transform, wrap_x, props) "
        "VALUES (1, 'Old map', 100.0, 50.0, NULL, NULL, 0, '{}')"
    )
    conn.execute(
        "INSERT INTO zones (id, pos, code, name, kind, geometry, value, terrain, region, flags, "
        "label_x, label_y, roundel_x, roundel_y, slots, props) VALUES (4, 0, 'A', 'Alpha', "
        "'land', NULL, 3, 'clear', '', '[]', 1.5, 2.5, NULL, NULL, '[[1.0, 2.0]]', '{}')"
    )
    conn.execute(
        "INSERT INTO borders (a, b, pos, river, mountain, fortified, impassable, rail_gauge, "
        "props) VALUES (1, 4, 0, 1, 0, 0, 0, NULL, '{}')"
    )
    conn.execute("INSERT INTO pack_meta (key, pos, value) VALUES ('title', 0, '\"Old\"')")
    conn.commit()
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    conn.close()


def test_a_v1_file_is_backed_up_and_upgraded_on_open(tmp_path):
    path = tmp_path / "old.warroom"
    make_v1_file(path)
    v1_bytes = path.read_bytes()
    pf = open_pack(path)
    assert pf.schema_version == 1
    assert pf.backup_path == tmp_path / "old.warroom.bak-v1"
    assert pf.backup_path.read_bytes() == v1_bytes
    z = pf.pack.map.zones[4]
    assert (z.name, z.value, z.label, z.slots) == ("Alpha", 3, (1.5, 2.5), [(1.0, 2.0)])
    assert pf.pack.map.borders[(1, 4)].river and pf.pack.map.borders[(1, 4)].crossing_limit is None
    assert pf.pack.meta == {"title": "Old"} and pf.pack.playtests == {}
    pf.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    cols = [r[1] for r in conn.execute("PRAGMA table_info(borders)")]
    assert "crossing_limit" in cols
    conn.close()
    reopened = open_pack(path)
    assert reopened.schema_version == SCHEMA_VERSION and reopened.backup_path is None
    reopened.close()
    # a second upgrade of another v1 file beside it does not overwrite the first backup
    make_v1_file(tmp_path / "again.warroom")
    open_pack(tmp_path / "again.warroom").close()
    assert (tmp_path / "old.warroom.bak-v1").read_bytes() == v1_bytes


def test_a_v1_file_opened_read_only_is_upgraded_in_memory_only(tmp_path):
    path = tmp_path / "old.warroom"
    make_v1_file(path)
    v1_bytes = path.read_bytes()
    pf = open_pack(path, readonly=True)
    assert pf.schema_version == 1 and pf.pack.map.zones[4].name == "Alpha"
    assert path.read_bytes() == v1_bytes and files(tmp_path) == ["old.warroom"]


def test_a_newer_file_is_refused_naming_both_versions(packpath):
    conn = sqlite3.connect(packpath)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.commit()
    conn.close()
    before = packpath.read_bytes()
    with pytest.raises(SchemaVersionError) as exc:
        open_pack(packpath)
    msg = str(exc.value)
    assert f"schema version {SCHEMA_VERSION + 5}" in msg and f"up to {SCHEMA_VERSION}" in msg
    assert packpath.read_bytes() == before and files(packpath.parent) == ["world.warroom"]


def test_fresh_and_migrated_schemas_are_the_same(tmp_path):
    def columns(conn):
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: [r[1:3] for r in conn.execute(f"PRAGMA table_info({t})")] for t in tables}

    fresh = sqlite3.connect(":memory:")
    migrate(fresh)
    old = sqlite3.connect(":memory:")
    migrate(old, target=1)
    assert migrate(old) == 1
    assert columns(old) == columns(fresh)


def test_a_working_copy_left_by_an_older_version_is_recovered_and_upgraded(packpath):
    wc = working_copy_path(packpath)
    make_v1_file(wc)
    conn = sqlite3.connect(wc)
    conn.execute("INSERT INTO store_state (key, value) VALUES ('dirty', '1')")
    conn.commit()
    conn.close()
    pf = open_pack(packpath)
    assert pf.has_recovery
    assert pf.recover().map.zones[4].name == "Alpha"
    conn = sqlite3.connect(wc)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()
    pf.save()
    pf.close()
    assert read_pack(packpath).map.zones[4].name == "Alpha"
