"""SetTerrainAreaAttrs: the undoable edit of Global War terrain areas (seeds/000 §1.7)
that the inspector and the GW003 fix use."""

import copy

import pytest
from shapely.geometry import box

from gamecore.model import TerrainArea
from gamecore.ops import EditError, SetTerrainAreaAttrs

from .packs import grid_pack, zone


def _pack():
    pack = grid_pack()
    a = TerrainArea(1, zone(pack, "A"), "mountain", box(10, 110, 40, 140))
    pack.map.terrain_areas[1] = a
    return pack


@pytest.mark.parametrize(
    "field,value",
    [("terrain", "desert"), ("zone", "B"), ("geometry", box(120, 110, 150, 140))],
)
def test_terrain_area_edit_reverts_exactly_and_names_the_zones(field, value):
    pack = _pack()
    before = copy.deepcopy(pack)
    if field == "zone":
        value = zone(pack, value)
    edit = SetTerrainAreaAttrs([1], field, value)
    change = edit.apply(pack)
    assert getattr(pack.map.terrain_areas[1], field) == value
    assert f"terrain_area.{field}" in change.fields
    assert zone(pack, "A") in change.zones
    if field == "zone":
        assert zone(pack, "B") in change.zones
    back = edit.revert(pack)
    assert pack == before and back.zones == change.zones


def test_terrain_area_edit_rejects_bad_values():
    pack = _pack()
    with pytest.raises(EditError, match="expected land"):
        SetTerrainAreaAttrs([1], "zone", zone(pack, "S1")).apply(pack)
    with pytest.raises(EditError, match="Polygon"):
        SetTerrainAreaAttrs([1], "geometry", "square").apply(pack)
    with pytest.raises(EditError, match="no terrain area"):
        SetTerrainAreaAttrs([9], "terrain", "desert").apply(pack)
