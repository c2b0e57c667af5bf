"""gamecore.ops.authoring: drawn zones carve water and are clipped by land; convoy
paths follow geometry edits; everything undoes exactly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from gamecore.errors import GeometryError
from gamecore.geometry import Coverage
from gamecore.model import Line, Map, Pack, Zone
from gamecore.ops import AddItem
from gamecore.ops.authoring import convoy_path, draw_zone, geometry_edit, zone_factory
from gamecore.store.jsonform import dump_json


def blank() -> Pack:
    m = Map(width=1000, height=600)
    m.zones[1] = Zone(1, "1", "Open Sea", "sea", box(0, 0, 1000, 600), terrain="sea")
    return Pack(map=m)


def draw(pack, ring, kind="land"):
    m = pack.map
    cs = draw_zone(Coverage.from_map(m), ring, {z.id: z.kind for z in m.zones.values()})
    edit = geometry_edit(cs, zone_factory(kind))
    edit.apply(pack)
    cov = Coverage.from_map(m)
    assert cov.is_valid()
    assert cov.adjacency() == cov.recompute_adjacency()
    return edit, cov


def test_land_carves_the_sea_and_is_clipped_by_land():
    pack = blank()
    before = dump_json(pack)
    e1, _ = draw(pack, [(100, 100), (300, 100), (300, 300), (100, 300)])
    e2, cov = draw(pack, [(200, 200), (400, 200), (400, 400), (200, 400)])
    m = pack.map
    assert m.zones[3].kind == "land" and m.zones[3].code == "L3"
    assert m.zones[3].geometry.area == pytest.approx(40000 - 10000)
    assert cov.neighbours(3) == {1, 2}
    assert m.zones[1].geometry.area == pytest.approx(600000 - 40000 - 30000)
    e2.revert(pack)
    e1.revert(pack)
    assert dump_json(pack) == before


def test_island_inside_a_sea_zone_and_sea_wholly_covered():
    pack = blank()
    _, cov = draw(pack, [(400, 200), (600, 200), (600, 400), (400, 400)])
    assert cov.neighbours(2) == {1}
    assert len(pack.map.zones[1].geometry.interiors) == 1
    # a land zone covering the whole frame swallows the sea: the sea zone is deleted
    _, cov = draw(pack, [(-10, -10), (1010, -10), (1010, 610), (-10, 610)])
    assert set(pack.map.zones) == {2, 3}


def test_drawing_inside_land_is_refused():
    pack = blank()
    draw(pack, [(100, 100), (300, 100), (300, 300), (100, 300)])
    with pytest.raises(GeometryError, match="empty"):
        draw(pack, [(150, 150), (200, 150), (200, 200)])
    # a crossing outline: a plain message with the crossing point, never shapely's text
    with pytest.raises(GeometryError, match=r"crosses itself at \(5.0, 5.0\)") as err:
        draw(pack, [(0, 0), (10, 10), (10, 0), (0, 10)])
    assert err.value.point == (5.0, 5.0)


def test_convoy_path_follows_a_split():
    pack = blank()
    line = Line(0, "convoy", points=[(100, 300), (900, 300)])
    AddItem("lines", line).apply(pack)
    cov = Coverage.from_map(pack.map)
    cs = cov.split_zone(1, [(500, -10), (500, 610)], dry_run=True)
    edit = geometry_edit(cs)
    edit.apply(pack)
    ln = pack.map.lines[1]
    assert ln.path == convoy_path(pack.map, ln.points) and len(ln.path) == 2
    edit.revert(pack)
    assert pack.map.lines[1].path == []


@settings(max_examples=15, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 900), st.integers(0, 500), st.integers(20, 300), st.integers(20, 300)
        ),
        min_size=1,
        max_size=4,
    )
)
def test_random_rectangles_keep_a_valid_coverage(rects):
    pack = blank()
    before = dump_json(pack)
    edits = []
    for x, y, w, h in rects:
        try:
            e, _ = draw(pack, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
        except GeometryError:
            continue
        edits.append(e)
    for e in reversed(edits):
        e.revert(pack)
    assert dump_json(pack) == before
