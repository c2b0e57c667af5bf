"""``warroom export geojson`` (issue #35, item 2): zones and a links layer in the pack's
CRS, read by GDAL, and ``warroom import geojson`` of the zone file gives the map back
exactly (``warroom diff`` lists no change but the scenarios, which are not written)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from gamecore.cli import main
from gamecore.paths import resource
from gamecore.store import read_pack
from gamecore.store.diff import diff_packs

WORLD = resource("samples", "world-1939.warroom")


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def world_export(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("gj") / "zones.geojson"
    assert main(["export", "geojson", str(WORLD), "-o", str(out), "--scenario", "1939"]) == 0
    return out


def test_zone_file_has_one_feature_per_zone_with_start_owner_and_units(world_export):
    pack = read_pack(WORLD)
    doc = json.loads(world_export.read_text(encoding="utf-8"))
    feats = doc["features"]
    assert len(feats) == len(pack.map.zones)
    assert doc["crs"]["properties"]["name"] == pack.map.crs
    s = pack.scenarios["1939"]
    stack = s.units[0]
    by_id = {f["properties"]["id"]: f["properties"] for f in feats}
    props = by_id[stack.zone]
    z = pack.map.zones[stack.zone]
    assert (props["name"], props["kind"], props["terrain"], props["value"]) == (
        z.name,
        z.kind,
        z.terrain,
        z.value,
    )
    assert props["owner"] == s.ownership[stack.zone].owner
    expected = sum(
        u.count
        for u in s.units
        if (u.zone, u.nation, u.unit_type) == (stack.zone, stack.nation, stack.unit_type)
    )
    assert props["units"][stack.nation][stack.unit_type] == expected
    # the links layer beside it: links, lines, facilities and terrain areas by layer
    side = json.loads((world_export.parent / "zones.links.geojson").read_text(encoding="utf-8"))
    layers = [f["properties"]["layer"] for f in side["features"]]
    m = pack.map
    assert layers.count("link") == len(m.links)
    assert layers.count("line") == len(m.lines)
    assert layers.count("facility") == len(m.facilities)
    assert layers.count("terrain_area") == len(m.terrain_areas)


def test_gdal_reads_feature_count_and_crs(world_export):
    ogrinfo = shutil.which("ogrinfo")
    assert ogrinfo, "GDAL's ogrinfo is part of the test environment"
    text = subprocess.run(
        [ogrinfo, "-al", "-so", str(world_export)], capture_output=True, text=True, check=True
    ).stdout
    assert "Feature Count: 272" in text
    assert 'METHOD["Miller Cylindrical"]' in text
    assert "owner: String" in text


def test_import_gives_the_map_back_exactly(world_export, tmp_path, capsys):
    back = tmp_path / "back.warroom"
    code, out, err = run(capsys, "import", "geojson", world_export, "-o", back)
    assert code == 0, err
    entries = diff_packs(read_pack(WORLD), read_pack(back))
    assert entries, "the scenarios are not exported, so the diff names them"
    assert {e.section for e in entries} == {"scenario"}
    assert all(e.change == "removed" for e in entries)


def test_hand_drawn_map_round_trip_in_map_units(tmp_path, capsys):
    pack = tmp_path / "hex.warroom"
    assert run(capsys, "new-hex", pack, "--rows", "1-4", "--cols", "1-5")[0] == 0
    out = tmp_path / "hex.geojson"
    assert run(capsys, "export", "geojson", pack, "-o", out)[0] == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["crs"]["properties"]["name"].startswith('ENGCRS["Warroom map units"')
    # y up: every y of a map inside its frame is written negative or zero
    ys = [
        p[1]
        for f in doc["features"]
        for ring in f["geometry"]["coordinates"]
        for p in (ring if f["geometry"]["type"] == "Polygon" else ring[0])
    ]
    assert max(ys) <= 0 < -min(ys)
    back = tmp_path / "back.warroom"
    assert run(capsys, "import", "geojson", out, "-o", back)[0] == 0
    assert diff_packs(read_pack(pack), read_pack(back)) == []


# -- bad input: one line, exit 2 ------------------------------------------------------------


def one_line_error(capsys, *argv) -> str:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_unknown_scenario(tmp_path, capsys):
    err = one_line_error(
        capsys, "export", "geojson", WORLD, "-o", tmp_path / "z.geojson", "--scenario", "1066"
    )
    assert "no scenario '1066'" in err
    assert not (tmp_path / "z.geojson").exists()


def test_unwritable_output(tmp_path, capsys):
    err = one_line_error(
        capsys, "export", "geojson", WORLD, "-o", tmp_path / "missing" / "z.geojson"
    )
    assert "cannot write" in err
    err = one_line_error(capsys, "export", "geojson", WORLD, "-o", tmp_path)
    assert "is a folder" in err


def test_existing_output_needs_force(world_export, tmp_path, capsys):
    out = tmp_path / "z.geojson"
    out.write_text("{}", encoding="utf-8")
    assert "already exists" in one_line_error(capsys, "export", "geojson", WORLD, "-o", out)


def crafted(tmp_path, world_export, edit) -> Path:
    doc = json.loads(world_export.read_text(encoding="utf-8"))
    edit(doc)
    p = tmp_path / "crafted.geojson"
    p.write_text(json.dumps(doc), encoding="utf-8")
    return p


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d["warroom"].update(links_file="../../etc/passwd"), "leaves its folder"),
        (lambda d: d["warroom"].update(links_file="/etc/passwd"), "absolute path"),
        (lambda d: d["warroom"]["map"].update(transform=[0, 0, 0, 0, 0, 0]), "invertible"),
        (lambda d: d["features"][0].update(geometry={"type": "Polygon"}), "feature 0"),
        (lambda d: d["features"][0]["properties"].update(kind="lava"), "kind"),
        (lambda d: d["features"][1]["properties"].update(id=d["features"][0]["id"]), "duplicate"),
    ],
)
def test_crafted_zone_file_is_refused(world_export, tmp_path, capsys, edit, words):
    bad = crafted(tmp_path, world_export, edit)
    shutil.copy(world_export.parent / "zones.links.geojson", tmp_path / "zones.links.geojson")
    err = one_line_error(capsys, "import", "geojson", bad, "-o", tmp_path / "b.warroom")
    assert words in err
