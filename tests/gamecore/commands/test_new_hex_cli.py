"""`warroom new-hex` (issue #28): a hex-map pack that validates clean; bad input is a
one-line error and exit 2, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from gamecore.cli import main
from gamecore.paths import resource
from gamecore.store import read_pack

WORLD = str(resource("geodata", "ne_110m_countries.geojson"))


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_plain_grid_is_written_and_validates_clean(capsys, tmp_path):
    path = tmp_path / "hex.warroom"
    code, out, _ = run(
        capsys, "new-hex", str(path), "--rows", "1-24", "--cols", "28-60", "--size", "20"
    )
    assert code == 0 and "792 hexes" in out
    pack = read_pack(path)
    assert pack.map.props["hex"]["rows"] == [1, 24] and pack.map.props["hex"]["cols"] == [28, 60]
    assert pack.map.zone_by_code("1142").props["hex"] == [11, 42]
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0 and out.strip().splitlines()[-1].startswith("0 error(s), 0 warning(s)")


def test_a_world_grid_with_land_and_wrap(capsys, tmp_path):
    path = tmp_path / "world.warroom"
    argv = ["new-hex", str(path), "--rows", "1-24", "--cols", "1-56", "--size", "10"]
    argv += ["--wrap-cols", "56", "--land", WORLD, "--lon-lat-fit=-180,-70,180,80", "--json"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    result = json.loads(out)
    assert result["hexes"] == 24 * 56 and result["land"] > 100 and result["sea"] > 500
    assert result["coastal"] > 0 and result["wrap_links"] > 0
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0 and out.strip().splitlines()[-1].startswith("0 error(s), 0 warning(s)")


def test_refuses_to_overwrite_without_force(capsys, tmp_path):
    path = tmp_path / "hex.warroom"
    path.write_bytes(b"precious")
    code, _, err = run(capsys, "new-hex", str(path), "--rows", "1-3", "--cols", "1-3")
    assert code == 2 and "--force" in err and path.read_bytes() == b"precious"
    code, _, _ = run(capsys, "new-hex", str(path), "--rows", "1-3", "--cols", "1-3", "--force")
    assert code == 0 and len(read_pack(path).map.zones) == 9


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--rows", "0", "--cols", "1-3"], "--rows"),
        (["--rows", "0-5", "--cols", "1-3"], "--rows"),
        (["--rows", "5-1", "--cols", "1-3"], "--rows"),
        (["--rows", "a-b", "--cols", "1-3"], "--rows"),
        (["--rows", "1-24", "--cols", "1-"], "--cols"),
        (["--rows", "1-100", "--cols", "1-3"], "rows"),
        (["--rows", "1-99", "--cols", "1-999"], "too large"),  # 98,901 hexes
        (["--rows", "1-1000000", "--cols", "1-1000000"], "rows"),
        (["--rows", "1-3", "--cols", "1-3", "--size", "nan"], "--size"),
        (["--rows", "1-3", "--cols", "1-3", "--size", "-4"], "--size"),
        (["--rows", "1-3", "--cols", "1-3", "--size", "1e300"], "coordinate"),
        (["--rows", "1-3", "--cols", "1-8", "--wrap-cols", "4"], "wrap_cols"),
        (["--rows", "1-3", "--cols", "1-8", "--wrap-cols", "x"], "--wrap-cols"),
        (["--rows", "1-3", "--cols", "1-3", "--lon-lat-fit", "0,0,1,1"], "--land"),
    ],
)
def test_bad_arguments_are_one_line_errors(capsys, tmp_path, args, says):
    path = tmp_path / "bad.warroom"
    code, out, err = run(capsys, "new-hex", str(path), *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and says in err
    assert not path.exists()


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not json",
        b'{"type": "FeatureCollection", "features": 5}',
        b'{"type": "Point", "coordinates": [1, 2]}',
        b'{"type": "Polygon", "coordinates": [[[0, 0], [1e400, 0], [1, 1], [0, 0]]]}',
        b'{"type": "Polygon", "coordinates": [[["a", 0], [1, 0], [1, 1], [0, 0]]]}',
        b"[" * 100000,
    ],
)
def test_hostile_land_files(capsys, tmp_path, content):
    land = tmp_path / "land.geojson"
    land.write_bytes(content)
    path = tmp_path / "bad.warroom"
    code, _, err = run(
        capsys, "new-hex", str(path), "--rows", "1-3", "--cols", "1-3", "--land", str(land)
    )
    assert code == 2 and len(err.strip().splitlines()) == 1 and "land.geojson" in err
    assert not path.exists()


def test_missing_land_file(capsys, tmp_path):
    code, _, err = run(
        capsys,
        "new-hex",
        str(tmp_path / "x.warroom"),
        "--rows",
        "1-3",
        "--cols",
        "1-3",
        "--land",
        str(tmp_path / "nope.geojson"),
    )
    assert code == 2 and "nope.geojson" in err and len(err.strip().splitlines()) == 1


def test_through_a_real_process(tmp_path):
    path = tmp_path / "p.warroom"
    cmd = [
        sys.executable,
        "-m",
        "gamecore.cli",
        "new-hex",
        str(path),
        "--rows",
        "0-3",
        "--cols",
        "1-3",
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and proc.stderr.startswith("warroom: error: --rows")
    assert "Traceback" not in proc.stderr


def test_info_shows_the_grid_of_a_hex_map(capsys, tmp_path):
    """`warroom info` names a hex map's layout, rows, columns and wrap (issue #28)."""
    path = tmp_path / "world.warroom"
    argv = ["new-hex", str(path), "--rows", "3-8", "--cols", "98-103", "--size", "10"]
    assert run(capsys, *argv, "--wrap-cols", "112")[0] == 0
    code, out, _ = run(capsys, "info", str(path), "--json")
    assert code == 0
    assert json.loads(out)["hex"] == {
        "layout": "odd-r",
        "id_format": "rrcc",
        "rows": [3, 8],
        "cols": [98, 103],
        "wrap_cols": 112,
        "size": 10.0,
        "hexes": 36,
    }
    code, out, _ = run(capsys, "info", str(path))
    assert code == 0
    assert (
        "hex grid: odd-r, ids RRCC, rows 3-8 (6), columns 98-103 (6), wraps east-west every "
        "112 columns, hex size 10, 36 hexes"
    ) in out.splitlines()
    flat = tmp_path / "flat.warroom"
    assert run(capsys, "new-hex", str(flat), "--rows", "1-4", "--cols", "1-5")[0] == 0
    code, out, _ = run(capsys, "info", str(flat))
    assert "rows 1-4 (4), columns 1-5 (5), no wrap" in out


def test_info_of_a_zone_map_has_no_grid_and_broken_grid_metadata_is_named(capsys, tmp_path):
    from gamecore.store import write_pack

    path = tmp_path / "hex.warroom"
    assert run(capsys, "new-hex", str(path), "--rows", "1-2", "--cols", "1-3")[0] == 0
    pack = read_pack(path)
    pack.map.props["hex"] = {**pack.map.props["hex"], "rows": [5, 2]}
    bad = tmp_path / "bad.warroom"
    write_pack(pack, bad)
    code, out, _ = run(capsys, "info", str(bad), "--json")
    assert code == 0 and "rows 5-2" in json.loads(out)["hex"]["error"]
    code, out, _ = run(capsys, "info", str(bad))
    assert code == 0 and "hex grid: unreadable (hex grid rows 5-2" in out
    del pack.map.props["hex"]
    for z in pack.map.zones.values():
        z.props.pop("hex")
    plain = tmp_path / "plain.warroom"
    write_pack(pack, plain)
    code, out, _ = run(capsys, "info", str(plain), "--json")
    assert code == 0 and "hex" not in json.loads(out)
    assert "hex grid" not in run(capsys, "info", str(plain))[1]
