"""The semantic diff (issue #3: `warroom diff`)."""

from __future__ import annotations

from shapely.geometry import box

from gamecore.model import Facility, Line, Link, Nation, UnitStack, Zone
from gamecore.store.diff import diff_packs, diff_to_json, render_text
from tests.gamecore.store.factories import full_pack


def texts(a, b) -> list[str]:
    return [e.text for e in diff_packs(a, b)]


def test_identical_packs_have_no_differences():
    assert diff_packs(full_pack(), full_pack()) == []
    assert render_text([]) == "no differences\n"


def test_zones_added_removed_renamed_reshaped_and_attributes():
    a, b = full_pack(), full_pack()
    del b.map.zones[9]
    b.map.zones[20] = Zone(20, "NEW", "Newland", geometry=box(0, 0, 2, 2))
    b.map.zones[3].name = "Polska"
    b.map.zones[3].geometry = box(0, 0, 100, 110)
    b.map.zones[3].value = 3
    b.map.zones[3].set_flag("island")
    entries = diff_packs(a, b)
    got = [(e.section, e.key, e.change) for e in entries]
    assert got == [
        ("zone", "3", "renamed"),
        ("zone", "3", "geometry"),
        ("zone", "3", "changed"),
        ("zone", "3", "changed"),
        ("zone", "9", "removed"),
        ("zone", "20", "added"),
    ]
    geo = entries[1]
    assert geo.details["area_old"] == 9600.0 and geo.details["area_new"] == 11000.0
    assert "(area 9600.00 -> 11000.00, +1400.00)" in geo.text
    assert entries[0].text == "zone 3 renamed 'Poland' -> 'Polska'"
    assert entries[2].text == "zone 3 'Polska': value 2 -> 3"
    assert entries[2].details == {"field": "value", "old": 2, "new": 3}


def test_links_lines_facilities_nations_borders():
    a, b = full_pack(), full_pack()
    b.map.links[9] = Link(9, "strait", 1, 7, via=2)
    del b.map.links[3]
    b.map.lines[1].values["GER"] = 4
    b.map.lines[3] = Line(3, "river", "Vistula")
    b.map.facilities[4].damage = 0
    b.map.facilities[5] = Facility(5, 1, "air_base")
    b.nations["ITA"] = Nation("ITA", "Italy")
    b.nations["POL"].colour = "#ffffff"
    b.map.borders[(1, 3)].river = False
    t = texts(a, b)
    assert "border 1-3 (Deutschland ü|Poland): river True -> False" in t
    assert "not_adjacent link 3 (Deutschland ü - Sea Zone 1) removed" in t
    assert "strait link 9 (Deutschland ü - Lake Ladoga via Sea Zone 1) added" in t
    assert "facility 4 (port in Poland): damage 1 -> 0" in t
    assert "facility 5 (air_base in Deutschland ü) added" in t
    assert "river line 3 'Vistula' added" in t
    assert (
        "convoy line 1 'North Atlantic': values {'GER': 3, 'POL': 1} -> {'GER': 4, 'POL': 1}" in t
    )
    assert "nation ITA (Italy) added" in t
    assert "nation POL (Poland): colour '#dc143c' -> '#ffffff'" in t


def test_scenario_setup_deltas_read_like_orders():
    a, b = full_pack(), full_pack()
    s = b.scenarios["1939"]
    s.units.append(UnitStack(3, "GER", "tank", 2))  # Germany: +2 tank in Poland
    s.units[0].count = 1  # Germany: -1 tank in Deutschland
    s.ownership[3].owner = "GER"
    s.set_relation("GER", "SWE", "war")
    s.banks["GER"] = 40
    del s.objectives["win"]
    b.scenarios["1939"].rounds = None
    t = texts(a, b)
    assert "scenario 1939: Germany: +2 tank in Poland" in t
    assert "scenario 1939: Germany: -1 tank in Deutschland ü" in t
    assert "scenario 1939: Poland: owner Poland -> Germany" in t
    assert "scenario 1939: Germany-Sweden pact -> war" in t
    assert "scenario 1939: Germany bank 30 -> 40" in t
    assert "scenario 1939: victory win (Axis victory) removed" in t
    assert "scenario 1939: rounds 12 -> None" in t
    setup = [e for e in diff_packs(a, b) if e.section == "setup"]
    assert {e.details["delta"] for e in setup} == {2, -1}


def test_moving_stacks_around_without_changing_counts_is_reported_once():
    a, b = full_pack(), full_pack()
    b.scenarios["1939"].units.reverse()
    assert texts(a, b) == ["scenario 1939: unit stacks reordered or their details changed"]


def test_json_form_is_plain_data():
    import json

    a, b = full_pack(), full_pack()
    b.map.zones[3].geometry = box(0, 0, 1, 1)
    b.map.images[1].data = b"other"
    b.meta["title"] = "New"
    out = diff_to_json(diff_packs(a, b))
    json.dumps(out)  # serialisable
    assert {e["section"] for e in out} == {"zone", "image", "meta"}
    assert all(set(e) == {"section", "key", "change", "text", "details"} for e in out)
