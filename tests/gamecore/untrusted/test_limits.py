"""Issue #18 items 3-6: hostile inputs other than a pack's cells. Each case works or ends
in a one-line error naming the input with exit 2 — never a traceback, never a hang."""

from __future__ import annotations

import json
import os
import sqlite3

import pytest

from gamecore import safejson
from gamecore.conditions import compile_expression, parse_expression
from gamecore.errors import ConditionError
from gamecore.store import open_pack
from tests.gamecore.conditions.world3g40 import world
from tests.gamecore.untrusted import crafted


def one_line_error(argv, name):
    rc, err = crafted.run([str(a) for a in argv])
    assert rc == 2, err
    assert err.count("\n") == 1 and name in err, err
    return err


@pytest.fixture
def sample(tmp_path):
    p = tmp_path / "world.warroom"
    p.write_bytes(crafted.SAMPLE.read_bytes())
    return p


# ------------------------------------------------------------------ JSON
@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[" * 100_000, "nested deeper"),
        ("[" + "9" * 5000 + "]", "digits"),
        ("[99999999999999999999]", "too large"),
        ("[1e999]", "out of range"),
        ("[NaN]", "NaN"),
        ('{"a": [1, 2', "delimiter"),
    ],
)
def test_safejson_refuses_what_json_loads_would_crash_on(text, says):
    with pytest.raises(safejson.JsonLimitError, match=says):
        safejson.loads(text)


def test_safejson_keeps_brackets_inside_strings():
    assert safejson.loads('{"a": "[[[[[[' + "[" * 100 + '"}') == {"a": "[" * 106}


@pytest.mark.parametrize(
    "payload",
    [
        "[" * 100_000,
        '{"format": "warroom-pack", "format_version": ' + "1" * 5000 + "}",
    ],
)
def test_load_and_play_refuse_hostile_json_in_one_line(tmp_path, payload):
    src = tmp_path / "evil.json"
    src.write_text(payload)
    one_line_error(["load", src, "-o", tmp_path / "x.warroom"], "evil.json")
    one_line_error(["play", src], "evil.json")
    assert not (tmp_path / "x.warroom").exists()


def test_a_coordinate_beyond_int64_or_the_map_limit_is_refused_by_load(tmp_path, sample):
    rc, _ = crafted.run(["dump", sample, "-o", tmp_path / "d.json"])
    data = json.loads((tmp_path / "d.json").read_text())
    data["map"]["zones"][0]["label"] = [1e300, 5.0]
    (tmp_path / "far.json").write_text(json.dumps(data))
    err = one_line_error(["load", tmp_path / "far.json", "-o", tmp_path / "x.warroom"], "far.json")
    assert "map.zones[0].label[0]" in err
    text = json.dumps(data).replace("1e+300", "9" * 30)
    (tmp_path / "big.json").write_text(text)
    one_line_error(["load", tmp_path / "big.json", "-o", tmp_path / "x.warroom"], "big.json")


def test_play_accepts_a_dump_with_a_byte_order_mark(tmp_path, sample):
    crafted.run(["dump", sample, "-o", tmp_path / "d.json"])
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + (tmp_path / "d.json").read_bytes())
    argv = ["play", bom, "--scenario", "1939", "--rounds", "1", "--max-actions", "5"]
    rc, err = crafted.run([str(a) for a in argv])
    assert rc == 0, err


# ------------------------------------------------------------------ packs: work limits
def test_a_huge_unit_count_is_refused_on_open_not_played(tmp_path, sample):
    conn = sqlite3.connect(sample)
    conn.execute("UPDATE units SET count = ? WHERE rowid = 1", (10**15,))
    conn.commit()
    conn.close()
    err = one_line_error(["play", sample, "--scenario", "1939"], "world.warroom")
    assert "table units, row 1, column count" in err


def test_many_stacks_within_the_per_stack_limit_are_refused_in_total(tmp_path, sample):
    conn = sqlite3.connect(sample)
    conn.execute("UPDATE units SET count = 1000")
    conn.commit()
    conn.close()
    err = one_line_error(["play", sample, "--scenario", "1939"], "world.warroom")
    assert "column count" in err and "more than 50,000 units" in err


def test_a_zone_at_1e300_is_refused_on_open_not_exported(tmp_path, sample):
    from shapely.geometry import box

    conn = sqlite3.connect(sample)
    conn.execute("UPDATE zones SET geometry = ? WHERE rowid = 1", (box(0, 0, 1e300, 1).wkb,))
    conn.commit()
    conn.close()
    argv = ["export", "triplea", sample, "-o", tmp_path / "out", "--scenario", "1939"]
    err = one_line_error(argv, "world.warroom")
    assert "column geometry" in err and "beyond" in err
    assert not (tmp_path / "out").exists()


# ------------------------------------------------------------------ paths
@pytest.fixture
def fifo(tmp_path):
    p = tmp_path / "pipe.warroom"
    os.mkfifo(p)
    return p


@pytest.mark.parametrize(
    "argv",
    [
        ["info", "{f}"],
        ["dump", "{f}"],
        ["validate", "{f}"],
        ["play", "{f}"],
        ["diff", "{f}", "{f}"],
        ["load", "{f}", "-o", "{d}/x.warroom"],
        ["import", "geojson", "{f}", "-o", "{d}/y.warroom"],
    ],
)
def test_a_fifo_given_as_input_is_refused_without_blocking(tmp_path, fifo, argv):
    argv = [a.format(f=fifo, d=tmp_path) for a in argv]
    rc, err = crafted.never_blocks(argv, fifo)
    assert rc == 2 and err.count("\n") == 1 and "not a regular file" in err


@pytest.mark.parametrize("name", ["a" * 300 + ".warroom", "/".join(["b"] * 2100) + ".warroom"])
@pytest.mark.parametrize("command", ["info", "dump", "diff", "load-o", "dump-o"])
def test_too_long_paths_are_one_line_errors(tmp_path, sample, name, command):
    long = str(tmp_path / name)
    argv = {
        "info": ["info", long],
        "dump": ["dump", long],
        "diff": ["diff", long, sample],
        "load-o": ["load", sample, "-o", long],
        "dump-o": ["dump", sample, "-o", long],
    }[command]
    rc, err = crafted.run(argv)
    assert rc == 2 and err.count("\n") == 1, err
    assert "too long" in err and len(err) < 400


def test_diff_of_an_unreadable_file_is_one_line(tmp_path, sample):
    loop = tmp_path / "loop.warroom"
    os.symlink(loop, loop)  # unreadable even for root
    rc, err = crafted.run(["diff", str(loop), str(sample)])
    assert rc == 2 and err.count("\n") == 1 and "loop.warroom" in err


# ------------------------------------------------------------------ writers
def test_load_and_import_geojson_do_not_replace_a_file_without_force(tmp_path, sample):
    crafted.run(["dump", str(sample), "-o", str(tmp_path / "d.json")])
    before = sample.read_bytes()
    one_line_error(["load", tmp_path / "d.json", "-o", sample], "already exists")
    gj = tmp_path / "c.geojson"
    gj.write_text(
        json.dumps(
            {
                "type": "Feature",
                "properties": {"name": "A"},
                "geometry": {
                    "type": "Polygon",
                    "coordinates": [[[0, 0], [10, 0], [10, 10], [0, 0]]],
                },
            }
        )
    )
    one_line_error(["import", "geojson", gj, "-o", sample], "already exists")
    assert sample.read_bytes() == before
    rc, err = crafted.run(["load", str(tmp_path / "d.json"), "-o", str(sample), "--force"])
    assert rc == 0, err


def test_import_geojson_into_a_pack_another_writer_holds_is_refused(tmp_path, sample):
    pts = tmp_path / "p.geojson"
    pts.write_text(
        json.dumps(
            {
                "type": "Feature",
                "properties": {"name": "Somewhere"},
                "geometry": {"type": "Point", "coordinates": [10.0, 50.0]},
            }
        )
    )
    with open_pack(sample):  # the other writer (the editor, a second --into)
        err = one_line_error(["import", "geojson", pts, "--into", sample], "world.warroom")
    assert "already open for writing" in err


def test_a_million_vertex_geojson_polygon_is_refused_quickly(tmp_path):
    import math

    n = 1_000_000
    ring = [
        [round(math.cos(2 * math.pi * i / n) * 10, 6), round(math.sin(2 * math.pi * i / n) * 10, 6)]
        for i in range(n)
    ]
    ring.append(ring[0])
    src = tmp_path / "big.geojson"
    src.write_text(json.dumps({"type": "Polygon", "coordinates": [ring]}))
    err = one_line_error(["import", "geojson", src, "-o", tmp_path / "x.warroom"], "big.geojson")
    assert "too many vertices" in err


# ------------------------------------------------------------------ the condition language
@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("(" * 150 + "true" + ")" * 150, "nested deeper"),
        ("not " * 300 + "true", "nested deeper"),
        ("-" * 2000 + "1 > 0", "nested deeper"),
        ("9" * 5000 + " > 1", "digits"),
        (" + ".join(["1"] * 3000) + " > 0", "terms"),
        (" or ".join(["true"] * 5000), "terms"),
    ],
)
def test_conditions_refuse_overflowing_input_with_a_condition_error(text, says):
    with pytest.raises(ConditionError, match=says):
        parse_expression(text)


def test_a_chain_of_500_or_terms_compiles_and_evaluates():
    w = world()
    text = " or ".join(["false"] * 499 + ["true"])
    assert compile_expression(text, w).evaluate(w) is True
    text = " and ".join(["true"] * 500)
    assert compile_expression(text, w).evaluate(w) is True


def test_an_objective_nested_150_deep_in_a_pack_is_refused_in_one_line(tmp_path, sample):
    conn = sqlite3.connect(sample)
    conn.execute(
        "UPDATE objectives SET condition = ? WHERE rowid = 1", ("(" * 150 + "true" + ")" * 150,)
    )
    conn.commit()
    conn.close()
    rc, err = crafted.run(["validate", sample])
    assert rc == 1  # reported as a validation error (SCN009), not a crash
    argv = ["play", sample, "--scenario", "1939", "--rounds", "1", "--max-actions", "300"]
    rc, err = crafted.run(argv)
    assert rc == 0 or (rc == 2 and err.count("\n") == 1), err


def test_a_huge_map_frame_is_refused_before_export_renders_tiles(tmp_path, sample):
    conn = sqlite3.connect(sample)
    conn.execute("UPDATE map_info SET width = 9.2e6, height = 9.2e6")
    conn.commit()
    conn.close()
    argv = ["export", "triplea", sample, "-o", tmp_path / "out", "--scenario", "1939"]
    err = one_line_error(argv, "world.warroom")
    assert "pixels of tiles" in err and not (tmp_path / "out").exists()
    rc, err = crafted.run([*argv, "--no-tiles"])  # without tiles it is quick and works
    assert rc == 0, err


def test_a_nan_vertex_in_a_zone_is_refused_on_open(sample):
    import numpy as np
    from shapely.geometry import Polygon

    with np.errstate(invalid="ignore"):
        bad = Polygon([(0, 0), (float("nan"), 1), (1, 1), (1, 0)])
    conn = sqlite3.connect(sample)
    conn.execute("UPDATE zones SET geometry = ? WHERE rowid = 3", (bad.wkb,))
    conn.commit()
    conn.close()
    err = one_line_error(["validate", sample], "world.warroom")
    assert "table zones, row 3, column geometry" in err and "not finite" in err


@pytest.mark.parametrize(
    "coords", ["[[[0, 0], [1, 0], [1, 1], [0, 0]]]".replace("1, 1", "1" * 5000 + ", 1"), "x"]
)
def test_geojson_with_a_huge_integer_or_broken_text_is_one_line(tmp_path, coords):
    src = tmp_path / "c.geojson"
    src.write_text('{"type": "Polygon", "coordinates": ' + coords + "}")
    one_line_error(["import", "geojson", src, "-o", tmp_path / "x.warroom"], "c.geojson")
