"""The canonical JSON text form (issue #3: `warroom dump` / `warroom load`)."""

from __future__ import annotations

import json
import re

import pytest
from shapely.geometry import box, shape

from gamecore.errors import PackError
from gamecore.store.jsonform import COORD_DECIMALS, dump_json, load_json
from tests.gamecore.store.factories import full_pack


def test_zones_are_under_map_zones_with_geojson_geometry():
    data = json.loads(dump_json(full_pack()))
    zones = data["map"]["zones"]
    assert [z["id"] for z in zones] == [1, 2, 3, 7, 8, 9]  # sorted by id
    pol = zones[2]
    assert {"id", "code", "name", "kind", "geometry"} <= set(pol)
    assert (pol["code"], pol["name"], pol["kind"]) == ("POL", "Poland", "land")
    assert pol["geometry"]["type"] == "Polygon"
    assert shape(pol["geometry"]).equals(full_pack().map.zones[3].geometry)
    assert zones[0]["geometry"]["type"] == "MultiPolygon"
    assert zones[4]["geometry"] is None


def test_dump_load_dump_is_byte_identical():
    text = dump_json(full_pack())
    assert dump_json(load_json(text)) == text


def test_load_gives_back_the_pack():
    # full_pack's coordinates have fewer than 6 decimals, so nothing is rounded away
    assert load_json(dump_json(full_pack())) == full_pack()


def test_canonical_layout():
    text = dump_json(full_pack())
    assert text.endswith("}\n")
    lines = text.splitlines()
    assert lines[0] == "{" and lines[1] == '  "format": "warroom-pack",'
    geometry_lines = [ln for ln in lines if '"geometry": {' in ln]
    assert geometry_lines and all(ln.endswith("},") or ln.endswith("}") for ln in geometry_lines)

    # keys are sorted in every object
    def check(v):
        if isinstance(v, dict):
            assert list(v) == sorted(v)
            for x in v.values():
                check(x)
        elif isinstance(v, list):
            for x in v:
                check(x)

    check(json.loads(text))


def test_coordinates_have_fixed_precision():
    pack = full_pack()
    pack.map.zones[3].geometry = box(0.123456789, 1.0000004, 2.9999996, 3.5)
    pack.map.zones[3].label = (1 / 3, -1e-9)
    text = dump_json(pack)
    z = [z for z in json.loads(text)["map"]["zones"] if z["id"] == 3][0]
    assert z["label"] == [round(1 / 3, COORD_DECIMALS), 0.0]
    coords = {c for ring in z["geometry"]["coordinates"] for xy in ring for c in xy}
    assert coords == {0.123457, 1.0, 3.0, 3.5}
    assert not re.search(r"-0\.0\b(?!\d)", text)
    assert dump_json(load_json(text)) == text


def test_order_is_independent_of_insertion_order_for_map_tables():
    a, b = full_pack(), full_pack()
    b.map.zones = dict(sorted(b.map.zones.items()))
    b.map.links = dict(reversed(list(b.map.links.items())))
    assert dump_json(a) == dump_json(b)


def test_a_hand_edited_dump_loads():
    text = """{
      "format": "warroom-pack", "format_version": 1,
      "map": {"zones": [
        {"id": 10, "code": "A", "name": "Alpha", "kind": "sea",
         "geometry": {"type": "Polygon", "coordinates": [[[0,0],[4,0],[4,4],[0,0]]]}},
        {"id": 11, "code": "B", "name": "Beta"}
      ], "links": [{"id": 1, "kind": "strait", "a": 10, "b": 11}],
         "borders": [{"a": 11, "b": 10, "river": true}]},
      "nations": [{"id": "GER", "name": "Germany"}],
      "scenarios": [{"id": "s", "name": "S",
                     "units": [{"zone": 11, "nation": "GER", "unit_type": "tank"}],
                     "relations": [{"a": "GER", "b": "GER", "status": "war"}]}]
    }"""
    pack = load_json(text, "hand.json")
    assert pack.map.zones[10].kind == "sea" and pack.map.zones[11].kind == "land"
    assert pack.map.zones[10].geometry.area == 8.0
    assert pack.map.borders[(10, 11)].river  # normalised to a < b
    assert pack.scenarios["s"].units[0].count == 1
    assert dump_json(load_json(dump_json(pack))) == dump_json(pack)


def base() -> dict:
    return json.loads(dump_json(full_pack()))


def mutate(fn) -> str:
    data = base()
    fn(data)
    return json.dumps(data)


def zone_index(data, zid):
    return [z["id"] for z in data["map"]["zones"]].index(zid)


@pytest.mark.parametrize(
    "change, where",
    [
        (
            lambda d: d["scenarios"][0]["units"][1].update(zone=999),
            r"scenarios\[0\].units\[1\].zone: unknown zone 999",
        ),
        (lambda d: d["map"]["links"][0].update(b=12345), r"map.links\[0\].b: unknown zone 12345"),
        (
            lambda d: d["scenarios"][0]["units"][0].update(nation="XXX"),
            r"scenarios\[0\].units\[0\].nation: unknown nation 'XXX'",
        ),
        (
            lambda d: d["scenarios"][0]["ownership"][0].update(owner="ZZZ"),
            r"scenarios\[0\].ownership\[0\].owner: unknown nation",
        ),
        (lambda d: d["nations"][0].update(capital=77), r"nations\[0\].capital: unknown zone 77"),
        (
            lambda d: d["nations"][0].update(flag_image=5),
            r"nations\[0\].flag_image: unknown image 5",
        ),
        (
            lambda d: d["map"]["facilities"][0].update(serves=[1, 404]),
            r"map.facilities\[0\].serves\[1\]: unknown zone 404",
        ),
        (
            lambda d: d["map"]["lines"][0]["values"].update(ITA=1),
            r"map.lines\[0\].values.ITA: unknown nation",
        ),
        (
            lambda d: d["scenarios"][0]["banks"].update(USA=1),
            r"scenarios\[0\].banks.USA: unknown nation",
        ),
        (
            lambda d: d["scenarios"][0]["alliances"][0]["members"].append("JAP"),
            r"alliances\[0\].members\[1\]: unknown nation",
        ),
        (
            lambda d: d["map"]["zones"].append(dict(d["map"]["zones"][0])),
            r"map.zones\[6\]: duplicate zone id 1",
        ),
        (
            lambda d: d["map"]["zones"][0].update(kind="swamp"),
            r"map.zones\[0\].kind: unknown value 'swamp'",
        ),
        (
            lambda d: d["map"]["zones"][0].update(value="3"),
            r"map.zones\[0\].value: expected an integer",
        ),
        (lambda d: d["map"]["zones"][0].update(nmae="typo"), r"map.zones\[0\].nmae: unknown key"),
        (lambda d: d["map"]["zones"][0].pop("code"), r"map.zones\[0\]: missing key 'code'"),
        (
            lambda d: d["map"]["zones"][0].update(
                geometry={"type": "Polygon", "coordinates": [[[0, 0], [1, "x"], [1, 1], [0, 0]]]}
            ),
            r"map.zones\[0\].geometry.coordinates\[0\]\[1\]\[1\]: expected a number",
        ),
        (
            lambda d: d["map"]["zones"][0].update(
                geometry={"type": "Point", "coordinates": [1, 2]}
            ),
            r"map.zones\[0\].geometry: expected a Polygon or MultiPolygon",
        ),
        (
            lambda d: d["map"]["zones"][0].update(
                geometry={"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}
            ),
            r"must end where it starts",
        ),
        (
            lambda d: d["map"]["zones"][0].update(geometry={"type": "Blob", "coordinates": []}),
            r"geometry.type: unknown GeoJSON geometry type 'Blob'",
        ),
        (
            lambda d: d["map"]["images"][0].update(data="***"),
            r"map.images\[0\].data: not valid base64",
        ),
        (
            lambda d: d.update(format_version=99),
            r"format_version: written by a newer Warroom \(format version 99\); this Warroom reads format versions up to 1",
        ),
        (lambda d: d.update(format="something"), r"format: expected 'warroom-pack'"),
    ],
)
def test_bad_json_is_a_one_line_error_with_the_json_path(change, where):
    with pytest.raises(PackError, match=where) as exc:
        load_json(mutate(change), source="edit.json")
    msg = str(exc.value)
    assert msg.startswith("edit.json: ") and "\n" not in msg


@pytest.mark.parametrize(
    "text, problem",
    [
        (
            "{",
            "not valid JSON: Expecting property name enclosed in double quotes (line 1, column 2)",
        ),
        ("[1, 2]", "expected a JSON object at the top level"),
        (
            '{"format": "warroom-pack", "format_version": 1, "meta": NaN}',
            "not valid JSON: NaN is not allowed",
        ),
        (b"\xff\xfe\x00", "not valid JSON"),
        ("", "not valid JSON"),
    ],
)
def test_malformed_json(text, problem):
    with pytest.raises(
        PackError, match="x.json: " + problem.replace("(", r"\(").replace(")", r"\)")
    ):
        load_json(text, source="x.json")
