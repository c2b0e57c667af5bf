"""TripleA export with unit art (issue #35, item 3): ``units/<player>/<unit>.png`` for
every unit type of every player, drawn like the editor's chip; art a map folder brought
along survives the round trip; names from a crafted pack never leave the folder."""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from gamecore.chips import text_colour_on, unit_abbrev
from gamecore.cli import main
from gamecore.engine.testmaps import toy_pack
from gamecore.errors import UnsafePathError
from gamecore.interop.triplea import ExportOptions, ImportOptions, export_triplea, import_triplea
from gamecore.interop.triplea.unitart import UNIT_SIZE, unit_png
from gamecore.model import BackgroundImage
from gamecore.store import write_pack

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "triplea"


def players_and_units(out: Path) -> tuple[list[str], list[str]]:
    (xml,) = sorted((out / "map" / "games").glob("*.xml"))
    text = xml.read_text(encoding="utf-8")
    players = re.findall(r'<player name="([^"]+)"', text)
    units = re.findall(r'<unit name="([^"]+)"', text)
    return players, units


def test_every_unit_type_of_every_player_has_an_image(tmp_path):
    pack = toy_pack()
    out = tmp_path / "toy"
    export_triplea(pack, out, ExportOptions(tiles=False))
    players, units = players_and_units(out)
    assert players and units
    for p in players:
        for u in units:
            f = out / "map" / "units" / p / f"{u}.png"
            assert f.is_file(), f
            with Image.open(f) as im:
                assert im.size == (UNIT_SIZE, UNIT_SIZE)
    # and a flag for every player
    for p in players:
        assert (out / "map" / "flags" / f"{p}.png").is_file()


def test_the_chip_is_the_nation_colour_with_readable_text():
    dark, light = "#1f3a93", "#f0e68c"
    for colour in (dark, light):
        arr = np.asarray(Image.open(io.BytesIO(unit_png("infantry", colour))))
        assert arr.shape == (UNIT_SIZE, UNIT_SIZE, 4)
        assert arr[0, 0, 3] == 0  # transparent around the chip
        rgb = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
        opaque = arr[arr[:, :, 3] == 255][:, :3]
        fill = (np.abs(opaque.astype(int) - rgb).sum(axis=1) <= 6).sum()
        assert fill > 0.3 * len(opaque)  # mostly the nation's colour
        ink = text_colour_on(colour)
        ink_rgb = tuple(int(ink[i : i + 2], 16) for i in (1, 3, 5))
        assert (np.abs(opaque.astype(int) - ink_rgb).sum(axis=1) <= 40).sum() > 10
    # different units draw differently (their abbreviations differ)
    assert unit_abbrev("infantry") != unit_abbrev("battleship")
    assert unit_png("infantry", dark) != unit_png("battleship", dark)


def test_map_art_survives_the_round_trip_and_drawn_chips_are_not_imported(tmp_path):
    pack, _ = import_triplea(FIX / "minimap", ImportOptions(images=True))
    kept = {im.name: im.data for im in pack.map.images.values() if im.name.startswith("units/")}
    assert "units/Germans/infantry.png" in kept
    out = tmp_path / "out"
    export_triplea(pack, out, ExportOptions(tiles=False))
    # the map's own art is written back byte for byte, not drawn over
    for name, data in kept.items():
        assert (out / "map" / name).read_bytes() == data
    # units the map had no art for got a chip
    players, units = players_and_units(out)
    drawn = [
        f"units/{p}/{u}.png" for p in players for u in units if f"units/{p}/{u}.png" not in kept
    ]
    assert drawn
    for name in drawn:
        assert (out / "map" / name).is_file()
    # imported again: the map's art is kept, the drawn chips are not (drawn next time)
    again, _ = import_triplea(out, ImportOptions(images=True))
    names = {im.name for im in again.map.images.values() if im.name.startswith("units/")}
    assert names == set(kept)


# -- crafted packs: one line, exit 2, nothing written outside ----------------------------


def crafted_pack(tmp_path: Path, edit) -> Path:
    pack = toy_pack()
    edit(pack)
    path = tmp_path / "crafted.warroom"
    write_pack(pack, path)
    return path


def rename_nation(pack, old: str, new: str) -> None:
    n = pack.nations.pop(old)
    pack.nations[new] = dataclasses.replace(n, id=new)


def stored_image(name: str):
    def edit(pack):
        iid = pack.map.next_id("images")
        png = unit_png("infantry", "#ff0000")
        pack.map.images[iid] = BackgroundImage(iid, name, "png", png, visible=False)

    return edit


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda p: rename_nation(p, "RED", "../../evil"), "nation '../../evil'"),
        (lambda p: rename_nation(p, "RED", ".."), "nation '..'"),
        (stored_image("units/../../evil.png"), "leaves its folder"),
        (stored_image("flags/../../../evil.png"), "leaves its folder"),
        (stored_image("units/"), "is not a file in units/"),
    ],
)
def test_crafted_names_are_refused(tmp_path, capsys, edit, words):
    pack = crafted_pack(tmp_path, edit)
    out = tmp_path / "deep" / "out"
    code = main(["export", "triplea", str(pack), "-o", str(out), "--no-tiles"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert words in err
    assert not (tmp_path / "evil.png").exists() and not (tmp_path / "deep" / "evil.png").exists()
    assert not list(tmp_path.rglob("evil*"))


def test_a_crafted_unit_type_is_refused():
    from gamecore.interop.triplea.unitart import check_names

    with pytest.raises(UnsafePathError, match="unit type '../x'"):
        check_names(["GER"], ["infantry", "../x"])
    check_names(["GER", "Free_French"], ["infantry", "..infantry"])  # names, not paths


@pytest.mark.parametrize(
    ("where", "scenario", "words"),
    [
        ("afile/sub", None, "Not a directory"),
        ("out", "1066", "no scenario '1066'"),
    ],
)
def test_bad_output_or_scenario_is_one_line(tmp_path, capsys, where, scenario, words):
    pack = crafted_pack(tmp_path, lambda p: None)
    (tmp_path / "afile").write_text("a file, not a folder")
    argv = ["export", "triplea", str(pack), "-o", str(tmp_path / where), "--no-tiles"]
    code = main(argv + (["--scenario", scenario] if scenario else []))
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and words in err, err
    assert not (tmp_path / "out").exists()
