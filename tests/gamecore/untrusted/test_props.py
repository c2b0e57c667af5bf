"""Issue #39: the props dictionaries of pack rows are read by gamecore (a zone's aliases,
the map's slot_radius, a unit's damage, the TripleA data the exporter merges, HGW's set-up
armies and devastation). A value of the wrong type is refused in one line naming the
pack, table, row and key with exit 2 — never a traceback in validate, play or export."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.gamecore.hgw.hexpack import strip
from tests.gamecore.untrusted import crafted

PROPS = {
    "aliases 5": ("zones", "aliases", 5, "key 'aliases'"),
    "aliases [1]": ("zones", "aliases", [1], "key 'aliases'"),
    "slot_radius big": ("map_info", "slot_radius", "big", "key 'slot_radius'"),
    "slot_radius -1": ("map_info", "slot_radius", -1, "key 'slot_radius'"),
    "damage x": ("units", "damage", "x", "key 'damage'"),
    "damage huge": ("units", "damage", 10**12, "key 'damage'"),
    "zone triplea x": ("zones", "triplea", "x", "key 'triplea'"),
    "scenario triplea x": ("scenarios", "triplea", "x", "key 'triplea'"),
    "map triplea list": ("map_info", "triplea", [1], "key 'triplea'"),
}


def _craft(tmp_path, table, key, value):
    p = tmp_path / "w.warroom"
    p.write_bytes(crafted.SAMPLE.read_bytes())
    conn = sqlite3.connect(p)
    try:
        with conn:
            conn.execute(
                f"UPDATE {table} SET props = json_set(COALESCE(props, '{{}}'), '$.{key}', json(?))",
                (json.dumps(value),),
            )
    finally:
        conn.close()
    return p


@pytest.mark.parametrize("name", sorted(PROPS))
@pytest.mark.parametrize("command", ["validate", "play", "export"])
def test_a_bad_prop_is_one_line_naming_table_row_and_key(tmp_path, name, command):
    table, key, value, says = PROPS[name]
    pack = _craft(tmp_path, table, key, value)
    (argv,) = crafted.commands(pack, tmp_path, (command,))
    rc, err = crafted.run(argv)
    assert rc == 2 and err.count("\n") == 1, err[:500]
    assert f"table {table}" in err and says in err and pack.name in err, err


@pytest.mark.parametrize(
    ("props", "says"),
    [
        ({"hgw_armies": 5}, "hgw_armies must be a list"),
        ({"hgw_armies": "x"}, "hgw_armies must be a list"),
        ({"hgw_devastated": [1, 2]}, "hgw_devastated must be a table"),
        ({"hgw_devastated": "x"}, "hgw_devastated must be a table"),
    ],
)
def test_hgw_scenario_data_of_the_wrong_shape_is_one_line(tmp_path, props, says):
    from gamecore.store import write_pack

    pack = strip(units=[("0101", "AXIS", "inf", 1)])
    next(iter(pack.scenarios.values())).props.update(props)
    path = tmp_path / "bad.warroom"
    write_pack(pack, path)
    rc, err = crafted.run(["play", path, "--rounds", "1", "--max-actions", "40"])
    assert rc == 2 and err.count("\n") == 1 and says in err and "bad.warroom" in err, err
    rc, err = crafted.run(["validate", path])
    assert rc in (1, 2) and "Traceback" not in err


def test_a_map_1e300_small_is_refused_by_the_triplea_export(tmp_path):
    pack = tmp_path / "w.warroom"
    pack.write_bytes(crafted.SAMPLE.read_bytes())
    conn = sqlite3.connect(pack)
    with conn:
        conn.execute("UPDATE map_info SET width = 1e-300, height = 1e-300")
    conn.close()
    (argv,) = crafted.commands(pack, tmp_path, ("export",))
    rc, err = crafted.run(argv)
    assert rc == 2 and err.count("\n") == 1, err[:500]
    assert "map_info width 1e-300" in err and "px across" in err and pack.name in err, err
