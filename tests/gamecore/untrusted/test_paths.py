"""Issue #18, the two path holes: a pack or a map folder from a stranger may not make
Warroom write or read outside the folder the user pointed at."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from gamecore import safepath
from gamecore.cli import main
from gamecore.errors import UnsafePathError, WarroomError
from gamecore.interop.triplea import ExportError, ExportOptions, export_triplea, import_triplea
from gamecore.store import write_pack

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "triplea"


# ------------------------------------------------------------------ the one resolver
@pytest.mark.parametrize(
    "rel",
    [
        "../x.xml",
        "games/../../x.xml",
        "/etc/passwd",
        "\\\\server\\share\\x.xml",
        "C:\\Windows\\x.xml",
        "C:x.xml",
        "a/\x00/b",
        "",
        "   ",
        ".",
        "a" * 300,
        "x/" * 600,
    ],
)
def test_relative_parts_refuses_escapes(rel):
    with pytest.raises(UnsafePathError):
        safepath.relative_parts(rel, "file_name")


def test_relative_parts_accepts_plain_names():
    assert safepath.relative_parts("games/big world 1942.xml") == ["games", "big world 1942.xml"]
    assert safepath.relative_parts("./games\\x.xml") == ["games", "x.xml"]


def test_check_inside_follows_links(tmp_path):
    inside = tmp_path / "map"
    inside.mkdir()
    (tmp_path / "secret.txt").write_text("x")
    os.symlink(tmp_path / "secret.txt", inside / "polygons.txt")
    os.symlink(inside / "real.txt", inside / "alias.txt")
    (inside / "real.txt").write_text("y")
    with pytest.raises(UnsafePathError, match="outside"):
        safepath.check_inside(inside, inside / "polygons.txt")
    assert safepath.check_inside(inside, inside / "alias.txt") == inside / "alias.txt"


def test_regular_file_refuses_fifo(tmp_path):
    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    with pytest.raises(UnsafePathError, match="not a regular file"):
        safepath.regular_file(fifo)


# ------------------------------------------------------------------ export (hole 1)
def _pack_with_game_file(tmp_path: Path, name: str) -> Path:
    pack, _ = import_triplea(FIX / "minimap")
    sc = next(iter(pack.scenarios.values()))
    sc.props.setdefault("triplea", {})["xml_file"] = name
    path = tmp_path / "evil.warroom"
    write_pack(pack, path)
    return path


@pytest.mark.parametrize(
    "name", ["../../../victim.sh", "/tmp/victim.sh", "..\\..\\victim.sh", "games/../../victim.sh"]
)
def test_export_refuses_a_game_file_name_that_leaves_the_folder(tmp_path, capsys, name):
    victim = tmp_path / "victim.sh"
    victim.write_text("echo mine\n")
    pack = _pack_with_game_file(tmp_path, name)
    out = tmp_path / "a" / "b" / "out"
    code = main(["export", "triplea", str(pack), "-o", str(out), "--no-tiles"])
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "game file name" in err
    assert victim.read_text() == "echo mine\n"
    assert not (tmp_path / "a" / "victim.sh").exists()


def test_export_force_does_not_write_through_links(tmp_path):
    pack, _ = import_triplea(FIX / "minimap")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    (out / "map").mkdir(parents=True)
    # a linked sub-folder and a linked file inside an export folder written over with --force
    os.symlink(elsewhere, out / "map" / "games")
    os.symlink(elsewhere / "map.yml", out / "map.yml")
    with pytest.raises(ExportError, match="outside"):
        export_triplea(pack, out, ExportOptions(tiles=False, force=True))
    assert list(elsewhere.iterdir()) == []
    os.unlink(out / "map" / "games")
    os.symlink(elsewhere, out / "map" / "baseTiles")
    export_triplea(pack, out, ExportOptions(tiles=False, force=True))
    assert list(elsewhere.iterdir()) == []  # the link was replaced, never followed
    assert not (out / "map.yml").is_symlink()
    assert (out / "map.yml").read_text().strip()


def test_export_into_a_linked_folder_the_user_named_works(tmp_path):
    pack, _ = import_triplea(FIX / "minimap")
    real = tmp_path / "real"
    real.mkdir()
    os.symlink(real, tmp_path / "link")
    export_triplea(pack, tmp_path / "link", ExportOptions(tiles=False, force=True))
    assert (real / "map.yml").is_file()


# ------------------------------------------------------------------ import (hole 2)
def _copy_map(tmp_path: Path) -> Path:
    dst = tmp_path / "map_folder"
    shutil.copytree(FIX / "minimap", dst)
    return dst


def _set_file_name(folder: Path, value: str) -> None:
    yml = folder / "map.yml"
    # (keeping the line's indentation: map.yml is read as YAML, where it matters)
    lines = [
        ln[: len(ln) - len(ln.lstrip())] + f"file_name: {value}"
        if ln.strip().startswith("file_name:")
        else ln
        for ln in yml.read_text().splitlines()
    ]
    yml.write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize(
    "value", ["../../outside.xml", "/etc/passwd", "games/../../../outside.xml"]
)
def test_import_refuses_map_yml_file_names_outside(tmp_path, capsys, value):
    folder = _copy_map(tmp_path)
    game = next((folder / "map" / "games").glob("*.xml"))
    shutil.copy(game, tmp_path / "outside.xml")
    _set_file_name(folder, value)
    code = main(["import", "triplea", str(folder), "-o", str(tmp_path / "x.warroom")])
    err = capsys.readouterr().err
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1
    assert "file_name" in err
    assert not (tmp_path / "x.warroom").exists()


def test_import_refuses_a_linked_polygons_file(tmp_path, capsys):
    folder = _copy_map(tmp_path)
    poly = folder / "map" / "polygons.txt"
    shutil.move(poly, tmp_path / "stolen.txt")
    os.symlink(tmp_path / "stolen.txt", poly)
    with pytest.raises(UnsafePathError, match="outside"):
        import_triplea(folder)
    code = main(["import", "triplea", str(folder), "-o", str(tmp_path / "x.warroom")])
    assert code == 2
    assert "polygons.txt" in capsys.readouterr().err


def test_import_refuses_a_linked_game_and_a_fifo(tmp_path):
    folder = _copy_map(tmp_path)
    games = folder / "map" / "games"
    game = next(games.glob("*.xml"))
    shutil.move(game, tmp_path / "g.xml")
    os.symlink(tmp_path / "g.xml", game)
    with pytest.raises(WarroomError):
        import_triplea(folder)
    os.unlink(game)
    os.mkfifo(game)
    with pytest.raises(WarroomError):  # must not block on the FIFO
        import_triplea(folder)


def test_import_refuses_linked_images(tmp_path):
    folder = _copy_map(tmp_path)
    tiles = folder / "map" / "baseTiles"
    tile = sorted(tiles.iterdir())[0]
    shutil.move(tile, tmp_path / "t.png")
    os.symlink(tmp_path / "t.png", tile)
    with pytest.raises(UnsafePathError, match="outside"):
        import_triplea(folder)


def test_links_that_stay_inside_the_folder_are_fine(tmp_path):
    folder = _copy_map(tmp_path)
    poly = folder / "map" / "polygons.txt"
    shutil.move(poly, folder / "map" / "polygons-real.txt")
    os.symlink("polygons-real.txt", poly)
    pack, _ = import_triplea(folder)
    assert pack.map.zones
