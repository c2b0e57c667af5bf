"""Issue #18 item 7: geometry that survives its text form. Coordinates are stored on a
fixed grid (gamecore.geometry.grid), so ``dump`` is exact and ``dump`` -> ``load`` gives
an identical, equally valid pack — for the bundled sample and for a fresh GeoJSON import."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import Polygon

from gamecore.geometry.grid import on_grid, snap_geometries
from gamecore.interop.geojson import ImportOptions, import_geojson
from gamecore.store import read_pack, write_pack
from gamecore.store.jsonform import dump_json, load_json
from gamecore.validate import validate
from tests.gamecore.untrusted import crafted

GEODATA = Path(__file__).resolve().parents[3] / "resources" / "geodata"


def issues(pack) -> list[tuple[str, str]]:
    return sorted((i.code, i.message) for i in validate(pack).issues)


def round_trip(pack, tmp_path: Path):
    """Save, dump, load, save again: (the saved pack, its dump, the reloaded pack, its dump)."""
    write_pack(pack, tmp_path / "a.warroom")
    saved = read_pack(tmp_path / "a.warroom")
    text = dump_json(saved)
    write_pack(load_json(text), tmp_path / "b.warroom")
    back = read_pack(tmp_path / "b.warroom")
    return saved, text, back, dump_json(back)


def test_the_sample_survives_dump_and_load(tmp_path):
    sample = read_pack(crafted.SAMPLE)
    assert all(on_grid(z.geometry) for z in sample.map.zones.values() if z.geometry)
    saved, text, back, again = round_trip(sample, tmp_path)
    assert saved == sample  # the bundled sample is already on the grid
    assert back == saved and again == text
    assert issues(back) == issues(sample)
    assert not any(code.startswith("MAP") for code, _ in issues(back) if code != "MAP006")


def test_a_fresh_geojson_import_survives_dump_and_load(tmp_path):
    pack, _ = import_geojson(GEODATA / "ne_110m_countries.geojson", ImportOptions())
    before = issues(pack)  # as imported, before any rounding
    saved, text, back, again = round_trip(pack, tmp_path)
    assert back == saved and again == text
    assert issues(saved) == before
    assert issues(back) == before


def test_rounding_removes_a_spike_on_both_sides_of_a_border():
    # a zero-width spike (narrower than the grid) that rounding would collapse onto itself
    a = Polygon([(0, 0), (10, 0), (10, 5), (14, 5.0000001), (10, 5.0000002), (10, 10), (0, 10)])
    b = Polygon([(10, 0), (20, 0), (20, 10), (10, 10), (10, 5.0000002), (14, 5.0000001), (10, 5)])
    assert a.is_valid and b.is_valid
    sa, sb = snap_geometries([a, b])
    assert sa.is_valid and sb.is_valid
    assert on_grid(sa) and on_grid(sb)
    assert shapely.coverage_is_valid(np.array([sa, sb], dtype=object))
    assert abs(sa.area + sb.area - 200) < 1e-9


def test_rounding_drops_a_vertex_pushed_across_a_sliver_from_both_zones():
    # a sliver narrower than the grid: rounding moves its vertices so that its edges
    # cross; the vertex at fault is dropped from both zones that share it
    sliver = [
        (4.999998234570544, 1.0000010449180854),
        (4.999999597700727, 0.9999981647118699),
        (4.999997626545337, 1.0000009957451697),
    ]
    a = Polygon([(0, 0), (10, 0), *sliver, (0, 10)])
    b = Polygon([(10, 0), (10, 10), (0, 10), *reversed(sliver)])
    assert a.is_valid and b.is_valid
    rounded = shapely.transform(a, lambda c: np.round(c, 6))
    assert not rounded.is_valid  # what plain rounding (the old dump) does
    sa, sb = snap_geometries([a, b])
    assert sa.is_valid and sb.is_valid and on_grid(sa) and on_grid(sb)
    assert shapely.coverage_is_valid(np.array([sa, sb], dtype=object))
    assert abs(sa.area + sb.area - 100) < 1e-5


def test_geometry_already_on_the_grid_is_kept_as_the_same_object():
    g = Polygon([(0, 0), (1.5, 0), (1.5, 2.25), (0, 0)])
    assert snap_geometries([g, None])[0] is g
