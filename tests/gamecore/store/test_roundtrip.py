"""A pack written to a file and read back is equal, field for field and in order
(issue #3: "Round trip must be EXACT")."""

from __future__ import annotations

import sqlite3

import pytest
from shapely.geometry import Polygon, box

from gamecore.errors import PackError
from gamecore.geometry.grid import snap_geometries
from gamecore.model import Pack, Zone
from gamecore.store import APPLICATION_ID, SCHEMA_VERSION, read_pack, write_pack
from tests.gamecore.store.factories import full_pack


def test_full_pack_round_trips_exactly(tmp_path):
    pack = full_pack()
    write_pack(pack, tmp_path / "p.warroom")
    back = read_pack(tmp_path / "p.warroom")
    assert back == pack
    # geometry equality is exact (same coordinates, same order, holes kept)
    assert back.map.zones[3].geometry.equals_exact(pack.map.zones[3].geometry, 0)
    assert len(back.map.zones[3].geometry.interiors) == 1
    assert back.map.images[1].data == pack.map.images[1].data


def test_dict_and_list_order_is_kept(tmp_path):
    pack = full_pack()
    write_pack(pack, tmp_path / "p.warroom")
    back = read_pack(tmp_path / "p.warroom")
    assert list(back.map.zones) == [3, 1, 2, 7, 8, 9]
    assert list(back.map.links) == [5, 2, 3]
    assert list(back.nations) == ["POL", "GER", "SWE"]
    assert list(back.scenarios) == ["1939", "empty"]
    s = back.scenarios["1939"]
    assert list(s.ownership) == [3, 1, 9]
    assert [u.unit_type for u in s.units] == ["tank", "infantry", "submarine", "infantry"]
    assert list(s.alliances) == ["axis", "allies"]
    assert list(back.meta) == ["title", "author", "version", "tags"]
    assert list(back.map.props["nested"]) == ["a"]


def test_types_come_back_as_the_model_declares(tmp_path):
    write_pack(full_pack(), tmp_path / "p.warroom")
    back = read_pack(tmp_path / "p.warroom")
    z = back.map.zones[3]
    assert isinstance(z.label, tuple) and all(isinstance(s, tuple) for s in z.slots)
    assert isinstance(back.map.lines[1].points[0], tuple)
    assert back.map.borders[(1, 3)].river is True
    assert back.map.images[1].visible is False
    assert back.nations["POL"].playable is False
    assert back.scenarios["1939"].objectives["danzig"].once is True
    assert isinstance(back.scenarios["1939"].relations[("GER", "POL")].a, str)


def test_empty_pack_round_trips(tmp_path):
    write_pack(Pack(), tmp_path / "e.warroom")
    assert read_pack(tmp_path / "e.warroom") == Pack()


def test_file_is_marked_as_a_pack_with_the_schema_version(tmp_path):
    write_pack(full_pack(), tmp_path / "p.warroom")
    conn = sqlite3.connect(tmp_path / "p.warroom")
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    # geometry is stored as WKB
    blob = conn.execute("SELECT geometry FROM zones WHERE id = 3").fetchone()[0]
    assert blob[:1] == b"\x01" and blob[1:5] == b"\x03\x00\x00\x00"  # LE polygon
    conn.close()


def test_points_and_z_coordinates_survive(tmp_path):
    pack = Pack()
    pack.map.zones[1] = Zone(1, "a", "a", geometry=box(0.1, 0.2, 0.3, 0.4))
    pack.map.terrain_areas = {}
    write_pack(pack, tmp_path / "p.warroom")
    assert read_pack(tmp_path / "p.warroom") == pack
    pack.map.zones[1].geometry = Polygon([(0, 0, 1), (1, 0, 2), (1, 1.0000004, 3), (0, 0, 1)])
    write_pack(pack, tmp_path / "p.warroom")
    back = read_pack(tmp_path / "p.warroom").map.zones[1].geometry
    assert back.has_z and back.exterior.coords[2] == (1, 1.0, 3)  # Z is kept
    # on the grid (#18): every coordinate is the 6-decimal one nearest the original
    assert back == snap_geometries([pack.map.zones[1].geometry])[0]
    assert back.equals_exact(pack.map.zones[1].geometry, 1e-6)


def test_inconsistent_keys_are_refused_before_writing(tmp_path):
    write_pack(full_pack(), tmp_path / "p.warroom")
    before = (tmp_path / "p.warroom").read_bytes()
    pack = full_pack()
    pack.map.zones[99] = Zone(98, "x", "x")
    with pytest.raises(PackError, match=r"map.zones\[99\] holds id 98"):
        write_pack(pack, tmp_path / "p.warroom")
    assert (tmp_path / "p.warroom").read_bytes() == before


def test_values_json_cannot_hold_are_refused(tmp_path):
    pack = full_pack()
    pack.map.zones[3].props["bad"] = {1, 2}
    with pytest.raises(PackError, match=r"map.zones\[3\].props"):
        write_pack(pack, tmp_path / "p.warroom")
    assert not (tmp_path / "p.warroom").exists()
    assert list(tmp_path.iterdir()) == []
