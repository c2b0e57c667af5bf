"""`warroom dump/load/diff/info`, and the bad-input list of issue #3 through the CLI:
each bad input is a one-line error naming the file and the problem, exit 2, nothing
modified."""

from __future__ import annotations

import io
import json
import sqlite3
import sys

import pytest

from gamecore.cli import main
from gamecore.store import SCHEMA_VERSION, read_pack, write_pack
from gamecore.store.jsonform import dump_json
from tests.gamecore.store.factories import full_pack, simple_pack


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def snapshot(folder) -> dict:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture
def pack_file(tmp_path):
    path = tmp_path / "world.warroom"
    write_pack(full_pack(), path)
    return path


# -- the commands ---------------------------------------------------------------------------


def test_info_json_has_exactly_the_shape_of_the_issue(capsys, pack_file):
    code, out, _ = run(capsys, "info", pack_file, "--json")
    assert code == 0
    info = json.loads(out)
    assert info == {
        "zones": {"land": 2, "sea": 1, "lake": 1, "impassable": 1, "offmap": 1},
        "nations": 3,
        "scenarios": ["Fall Weiss", "Empty scenario"],
        "rulesets": ["g40", "global_war", "house"],
        "schema_version": SCHEMA_VERSION,
        "bytes": pack_file.stat().st_size,
    }
    code, out, _ = run(capsys, "info", pack_file)
    assert code == 0 and "zones: 6 (2 land, 1 sea, 1 lake, 1 impassable, 1 offmap)" in out


def test_dump_then_load_then_dump_is_byte_identical(capsys, tmp_path, pack_file):
    code, out, _ = run(capsys, "dump", pack_file)
    assert code == 0 and out == dump_json(full_pack())
    assert run(capsys, "dump", pack_file, "-o", tmp_path / "a.json")[0] == 0
    assert (tmp_path / "a.json").read_text(encoding="utf-8") == out
    code, msg, _ = run(capsys, "load", tmp_path / "a.json", "-o", tmp_path / "b.warroom")
    assert code == 0 and "6 zones" in msg
    assert read_pack(tmp_path / "b.warroom") == full_pack()
    assert run(capsys, "dump", tmp_path / "b.warroom", "-o", tmp_path / "b.json")[0] == 0
    assert (tmp_path / "b.json").read_bytes() == (tmp_path / "a.json").read_bytes()


def test_load_reads_stdin_and_scripts_can_batch_edit(capsys, monkeypatch, tmp_path, pack_file):
    data = json.loads(dump_json(read_pack(pack_file)))
    for z in data["map"]["zones"]:
        z["value"] += 1
    stdin = io.TextIOWrapper(io.BytesIO(json.dumps(data).encode()), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    code, _, err = run(capsys, "load", "-", "-o", pack_file, "--json")
    assert code == 2 and "already exists (use --force" in err  # #18: no silent replace
    stdin.seek(0)
    code, out, _ = run(capsys, "load", "-", "-o", pack_file, "--json", "--force")
    assert code == 0 and json.loads(out)["output"] == str(pack_file)
    assert read_pack(pack_file).map.zones[3].value == 3


def test_diff_text_json_and_exit_code(capsys, tmp_path, pack_file):
    other = full_pack()
    other.map.zones[3].name = "Polska"
    write_pack(other, tmp_path / "b.warroom")
    code, out, _ = run(capsys, "diff", pack_file, tmp_path / "b.warroom")
    assert code == 0 and out == "zone 3 renamed 'Poland' -> 'Polska'\n"
    code, out, _ = run(capsys, "diff", pack_file, tmp_path / "b.warroom", "--json")
    assert json.loads(out)[0]["change"] == "renamed"
    assert run(capsys, "diff", pack_file, tmp_path / "b.warroom", "--exit-code")[0] == 1
    assert run(capsys, "diff", pack_file, pack_file, "--exit-code")[:2] == (0, "no differences\n")
    # a JSON dump works as either side
    (tmp_path / "b.json").write_text(dump_json(other), encoding="utf-8")
    code, out, _ = run(capsys, "diff", pack_file, tmp_path / "b.json")
    assert out == "zone 3 renamed 'Poland' -> 'Polska'\n"


# -- bad input ------------------------------------------------------------------------------


def corrupt(path):
    data = bytearray(path.read_bytes())
    data[4096 * 2 : 4096 * 4] = b"\xff" * 8192  # b-tree pages turned to garbage
    path.write_bytes(bytes(data))


def truncate(path):
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def newer(path):
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()


def not_sqlite(path):
    path.write_text("this is a text file, not a map pack\n")


def foreign_sqlite(path):
    path.unlink()
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()


def empty(path):
    path.write_bytes(b"")


def header_only(path):
    path.write_bytes(path.read_bytes()[:60])


@pytest.mark.parametrize(
    "damage, problem",
    [
        (not_sqlite, "not a SQLite database"),
        (foreign_sqlite, "a SQLite database but not a Warroom pack"),
        (truncate, "truncated or corrupt file"),
        (header_only, "truncated file"),
        (empty, "empty file"),
        (corrupt, "corrupt pack file"),
        (
            newer,
            f"written by a newer Warroom (schema version {SCHEMA_VERSION + 1}); "
            f"this Warroom reads schema versions up to {SCHEMA_VERSION}",
        ),
    ],
)
@pytest.mark.parametrize("command", [["info"], ["dump"], ["info", "--json"], ["diff", "SELF"]])
def test_bad_pack_files(capsys, tmp_path, pack_file, damage, problem, command):
    damage(pack_file)
    before = snapshot(tmp_path)
    argv = [pack_file if a == "SELF" else a for a in command]
    argv.insert(1, pack_file)
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith(f"warroom: error: {pack_file}: ") and problem in err
    assert err.count("\n") == 1 and out == ""
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    "command", [["info"], ["dump"], ["diff", "SELF"], ["load", "-o", "x.warroom"]]
)
def test_missing_file(capsys, tmp_path, command):
    missing = tmp_path / "nope.warroom"
    argv = [command[0], missing] + [missing if a == "SELF" else a for a in command[1:]]
    code, _, err = run(capsys, *argv)
    assert code == 2 and err == f"warroom: error: {missing}: no such file\n"
    assert list(tmp_path.iterdir()) == []


def test_bad_pack_opened_for_writing_is_untouched(tmp_path, pack_file):
    from gamecore.errors import PackError
    from gamecore.store import open_pack

    for damage in (not_sqlite, truncate, corrupt):
        write_pack(full_pack(), pack_file)
        damage(pack_file)
        before = snapshot(tmp_path)
        with pytest.raises(PackError):
            open_pack(pack_file)
        assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    "text, problem",
    [
        ('{"format": "warroom-pack", "format_version": 1,,}', "not valid JSON: Expecting"),
        ("PLACEHOLDER-UNIT", "scenarios[0].units[0].zone: unknown zone 999"),
        ("PLACEHOLDER-LINK", "map.links[0].a: unknown zone 4242"),
    ],
)
def test_bad_json_for_load(capsys, tmp_path, pack_file, text, problem):
    data = json.loads(dump_json(full_pack()))
    if text == "PLACEHOLDER-UNIT":
        data["scenarios"][0]["units"][0]["zone"] = 999
        text = json.dumps(data)
    elif text == "PLACEHOLDER-LINK":
        data["map"]["links"][0]["a"] = 4242
        text = json.dumps(data)
    src = tmp_path / "edit.json"
    src.write_text(text)
    before = snapshot(tmp_path)
    code, out, err = run(capsys, "load", src, "-o", pack_file, "--force")
    assert code == 2 and out == ""
    assert (
        err == f"warroom: error: {src}: {problem}" + err[len(f"warroom: error: {src}: {problem}") :]
    )
    assert problem in err and err.count("\n") == 1
    assert snapshot(tmp_path) == before


def test_load_into_an_unwritable_folder(capsys, tmp_path, pack_file, unwritable):
    src = tmp_path / "edit.json"
    src.write_text(dump_json(simple_pack()))
    before = snapshot(tmp_path)
    with unwritable(tmp_path):
        code, out, err = run(capsys, "load", src, "-o", pack_file, "--force")
    assert code == 2 and out == ""
    assert err.startswith(f"warroom: error: {pack_file}: ")
    assert f"cannot write to the folder {tmp_path}" in err and "not changed" in err
    assert err.count("\n") == 1
    assert snapshot(tmp_path) == before
    assert read_pack(pack_file) == full_pack()
