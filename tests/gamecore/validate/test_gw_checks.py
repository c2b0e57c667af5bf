"""The Global War map checks (GW…, gamecore/validate/checks_gw.py): one good and one bad
case each, and their fixes. Grid of packs.py:

row 0:  S1  S2  S3  S4        (sea)
row 1:  A   B   C   S5
row 2:  D   E   S6  S7
"""

from shapely.geometry import box

from gamecore.model import Facility, Line, Nation, TerrainArea
from gamecore.ops import SetBorderAttrs
from gamecore.validate import validate

from .packs import grid_pack, zone


def gw_pack():
    pack = grid_pack()
    pack.scenarios["s1"].ruleset = "global_war"
    return pack


def issues(pack, code):
    return [i for i in validate(pack, select=[code]).issues if i.code == code]


def fix(pack, issue):
    edit = issue.fix.make_edit(pack)
    edit.apply(pack)
    return edit


def add_area(pack, name, terrain, geom):
    m = pack.map
    a = TerrainArea(m.next_id("terrain_areas"), zone(pack, name), terrain, geom)
    m.terrain_areas[a.id] = a
    return a


# ----------------------------------------------------------------- §1.7 roundels, terrain
def test_gw001_zone_with_terrain_areas_needs_a_roundel():
    """seeds/000 §1.7: the roundel's position decides the terrain."""
    pack = gw_pack()
    a = zone(pack, "A")
    assert issues(pack, "GW001") == []  # no terrain areas: the roundel decides nothing
    add_area(pack, "A", "mountain", box(0, 100, 50, 150))
    (issue,) = issues(pack, "GW001")
    assert issue.zones == [a] and "roundel" in issue.message
    fix(pack, issue)
    assert pack.map.zones[a].roundel == (50.0, 150.0)  # the label point
    assert issues(pack, "GW001") == []


def test_gw001_only_for_rulesets_that_decide_terrain_by_roundel():
    pack = grid_pack()  # g40: no roundel_terrain option
    add_area(pack, "A", "mountain", box(0, 100, 50, 150))
    assert issues(pack, "GW001") == []


def test_gw002_zone_terrain_follows_the_area_under_the_roundel():
    """seeds/000 §1.7: "Romania's roundel is in mountains, so all of Romania is a
    mountain zone"."""
    pack = gw_pack()
    a = zone(pack, "A")
    add_area(pack, "A", "mountain", box(0, 100, 50, 150))
    pack.map.zones[a].roundel = (80.0, 180.0)  # outside the mountains: border terrain only
    assert issues(pack, "GW002") == []
    pack.map.zones[a].roundel = (25.0, 125.0)
    (issue,) = issues(pack, "GW002")
    assert issue.zones == [a] and "mountain" in issue.message
    edit = fix(pack, issue)
    assert pack.map.zones[a].terrain == "mountain"
    assert issues(pack, "GW002") == []
    edit.revert(pack)
    assert pack.map.zones[a].terrain == "clear"


def test_gw002_a_city_in_mountains_may_be_a_mountain_city():
    """seeds/000 §1.24 dual terrain (Madrid): mountain + city."""
    pack = gw_pack()
    a = zone(pack, "A")
    add_area(pack, "A", "mountain", box(0, 100, 50, 150))
    z = pack.map.zones[a]
    z.roundel = (25.0, 125.0)
    z.set_flag("city")
    z.terrain = "mountain_city"
    assert issues(pack, "GW002") == []
    z.terrain = "desert"
    (issue,) = issues(pack, "GW002")
    fix(pack, issue)
    assert z.terrain == "mountain_city"


def test_gw003_terrain_area_inside_its_zone_with_known_terrain():
    pack = gw_pack()
    add_area(pack, "A", "jungle", box(10, 110, 60, 160))
    assert issues(pack, "GW003") == []
    bad = add_area(pack, "A", "lava", box(10, 110, 20, 120))
    (issue,) = issues(pack, "GW003")
    assert "lava" in issue.message and issue.severity == "error"
    bad.terrain = "desert"
    wide = add_area(pack, "B", "desert", box(150, 150, 250, 190))  # half in C
    (issue,) = issues(pack, "GW003")
    assert issue.severity == "warning" and "50%" in issue.message
    edit = fix(pack, issue)
    assert pack.map.terrain_areas[wide.id].geometry.equals(box(150, 150, 200, 190))
    assert issues(pack, "GW003") == []
    edit.revert(pack)
    assert pack.map.terrain_areas[wide.id].geometry.equals(box(150, 150, 250, 190))


def test_gw003_terrain_area_in_a_sea_zone():
    pack = gw_pack()
    add_area(pack, "S1", "mountain", box(10, 10, 20, 20))
    (issue,) = issues(pack, "GW003")
    assert "sea zone" in issue.message


# ----------------------------------------------------------------- §1.12, §1.14 rail, river
def _line(pack, kind, points, path=()):
    m = pack.map
    ln = Line(m.next_id("lines"), kind, f"{kind}1", points=list(points))
    ln.path = [zone(pack, p) for p in path]
    m.lines[ln.id] = ln
    return ln


def test_gw004_rail_runs_through_adjacent_land_zones():
    """seeds/000 §1.14, §12.10: a railroad crosses borders of land zones."""
    pack = gw_pack()
    _line(pack, "rail", [(50, 150), (150, 150), (150, 250)])  # A -> B -> E
    (unstored,) = issues(pack, "GW004")  # play reads the stored path only
    assert "no stored path" in unstored.message
    fix(pack, unstored)
    assert issues(pack, "GW004") == []
    _line(pack, "river", [(50, 250), (150, 250)], path=["D", "B"])  # stored path jumps
    found = issues(pack, "GW004")
    assert any("jumps" in i.message for i in found)
    stale = [i for i in found if i.fix is not None]
    assert stale and stale[0].severity == "warning"
    fix(pack, stale[0])
    assert issues(pack, "GW004") == []


def test_gw004_river_path_through_a_sea_zone():
    """seeds/000 §1.12: a river is used like a railway, over land."""
    pack = gw_pack()
    _line(pack, "river", [(50, 150), (50, 50)], path=["A", "S1"])
    found = issues(pack, "GW004")
    assert any("not a land zone" in i.message for i in found)


def test_gw004_rail_crossing_on_a_border_between_adjacent_land_zones():
    """seeds/000 §12.10: railroads sit on land-zone borders."""
    pack = gw_pack()
    SetBorderAttrs([(zone(pack, "A"), zone(pack, "B"))], "rail_gauge", "broad").apply(pack)
    assert issues(pack, "GW004") == []
    SetBorderAttrs([(zone(pack, "A"), zone(pack, "E"))], "rail_gauge", "standard").apply(pack)
    (issue,) = issues(pack, "GW004")
    assert "not adjacent" in issue.message
    SetBorderAttrs([(zone(pack, "A"), zone(pack, "E"))], "rail_gauge", None).apply(pack)
    SetBorderAttrs([(zone(pack, "C"), zone(pack, "S5"))], "rail_gauge", "standard").apply(pack)
    (issue,) = issues(pack, "GW004")
    assert "not between two land zones" in issue.message
    fix(pack, issue)
    assert pack.map.border(zone(pack, "C"), zone(pack, "S5")).rail_gauge is None


# ----------------------------------------------------------------- §1.6, §1.10 convoy values
def _convoy(pack, values, start="C", end="S7"):
    m = pack.map
    ln = Line(
        m.next_id("lines"),
        "convoy",
        "North Run",
        points=[(350, 150), (350, 250)],
        path=[zone(pack, "S5"), zone(pack, "S7")],
        start=zone(pack, start),
        end=zone(pack, end),
        values=values,
    )
    m.lines[ln.id] = ln
    return ln


def test_gw005_convoy_values_name_scenario_nations():
    """seeds/000 §1.10: each roundel's number is what *that nation* can lose."""
    pack = gw_pack()
    _convoy(pack, {"Y": 4})
    assert issues(pack, "GW005") == []
    pack.nations["Z"] = Nation("Z", "Zland", "#00aa00")
    ln = _convoy(pack, {"Q": 2, "Z": 1, "Y": -1})
    found = {i.message: i for i in issues(pack, "GW005")}
    assert any("'Q'" in m and "not a nation" in m for m in found)
    assert any("Z, which takes no part" in m for m in found)
    negative = next(i for m, i in found.items() if ">= 0" in m)
    assert negative.severity == "error"
    unknown = next(i for m, i in found.items() if "'Q'" in m)
    fix(pack, unknown)
    assert "Q" not in pack.map.lines[ln.id].values


def test_gw005_convoy_line_closed_by_an_enemy_held_endpoint():
    """seeds/000 §1.10: an endpoint possessed by an enemy closes the line."""
    pack = gw_pack()
    _convoy(pack, {"Y": 4}, start="C")  # C is Y's
    assert issues(pack, "GW005") == []
    _convoy(pack, {"X": 3}, start="C")  # X is at war with Y
    (issue,) = issues(pack, "GW005")
    assert issue.severity == "info" and "closed" in issue.message
    assert issue.zones == [zone(pack, "C")]


# ----------------------------------------------------------------- facilities
def _facility(pack, name, ftype, **kw):
    m = pack.map
    f = Facility(m.next_id("facilities"), zone(pack, name), ftype, **kw)
    m.facilities[f.id] = f
    return f


def test_gw006_naval_facility_serves_bordering_sea_zones():
    """seeds/000 §2.5: a naval facility serves the sea zone(s) it lies on."""
    pack = gw_pack()
    _facility(pack, "C", "minor_port", serves=[zone(pack, "S5"), zone(pack, "S3")])
    assert issues(pack, "GW006") == []
    far = _facility(pack, "A", "major_port", serves=[zone(pack, "S4")])
    (issue,) = issues(pack, "GW006")
    assert issue.severity == "error" and "S4" in issue.message
    fix(pack, issue)
    (issue,) = issues(pack, "GW006")  # now it serves nothing
    assert "names no sea zone" in issue.message
    fix(pack, issue)
    assert pack.map.facilities[far.id].serves == [zone(pack, "S1")]
    assert issues(pack, "GW006") == []


def test_gw006_land_locked_port_and_levels():
    """rules-notes/000 §1.11: minor and major are types, not levels."""
    pack = gw_pack()
    _facility(pack, "D", "minor_dockyard")
    f = _facility(pack, "B", "air_base", level=2)
    found = issues(pack, "GW006")
    assert {i.severity for i in found} == {"error", "warning"}
    assert any("borders no sea zone" in i.message for i in found)
    lvl = next(i for i in found if "level 2" in i.message)
    fix(pack, lvl)
    assert pack.map.facilities[f.id].level == 1
    f.level = 0
    assert any(i.severity == "error" and "level 0" in i.message for i in issues(pack, "GW006"))


# ----------------------------------------------------------------- §1.20 narrow crossings
def _crossing(pack, a, b, limit):
    SetBorderAttrs([(zone(pack, a), zone(pack, b))], "crossing_limit", limit).apply(pack)


def test_gw007_narrow_crossing_joins_land_zones_across_water():
    """seeds/000 §1.20: a dotted line between two land zones across sea, with a number."""
    pack = gw_pack()
    _crossing(pack, "A", "C", 2)  # across S2/S3... both coastal, no common border
    assert issues(pack, "GW007") == []
    _crossing(pack, "A", "C", 0)
    (issue,) = issues(pack, "GW007")
    assert issue.severity == "error" and "at least 1" in issue.message
    fix(pack, issue)
    assert pack.map.border(zone(pack, "A"), zone(pack, "C")).crossing_limit is None


def test_gw007_crossing_over_a_land_border_or_to_sea():
    pack = gw_pack()
    _crossing(pack, "A", "B", 3)
    (issue,) = issues(pack, "GW007")
    assert issue.severity == "warning" and "land border" in issue.message
    _crossing(pack, "A", "B", None)
    _crossing(pack, "C", "S5", 3)
    (issue,) = issues(pack, "GW007")
    assert issue.severity == "error" and "two land zones" in issue.message


# ----------------------------------------------------------------- §3.2 objective cities
def test_gw008_objective_cities_exist_and_are_victory_cities():
    """seeds/000 §3.2: Berlin, Tokyo, Rome, London, Calcutta, Sydney, Paris, Washington
    D.C., Nanking, Moscow."""
    pack = gw_pack()
    (issue,) = issues(pack, "GW008")
    assert "10 of the 10" in issue.message and issue.severity == "info"
    pack.map.zones[zone(pack, "A")].name = "Berlin"
    found = issues(pack, "GW008")
    assert any("9 of the 10" in i.message for i in found)
    flag = next(i for i in found if i.fix is not None)
    fix(pack, flag)
    assert pack.map.zones[zone(pack, "Berlin")].has_flag("victory_city")
    assert len(issues(pack, "GW008")) == 1


def test_gw008_scenario_may_name_its_own_cities_and_g40_has_none():
    pack = gw_pack()
    pack.scenarios["s1"].options["objective_cities"] = ["A"]
    pack.map.zones[zone(pack, "A")].set_flag("victory_city")
    assert issues(pack, "GW008") == []
    assert issues(grid_pack(), "GW008") == []


def test_gw008_finds_an_objective_city_by_a_zone_alias():
    """A map may name the zone of a §3.2 city otherwise ("Germany" for Berlin) and list
    the city among the zone's aliases, as the condition language resolves names."""
    pack = gw_pack()
    z = pack.map.zones[zone(pack, "A")]
    z.props["aliases"] = ["Berlin"]
    z.set_flag("victory_city")
    (issue,) = issues(pack, "GW008")
    assert "9 of the 10" in issue.message and "Berlin" not in issue.message
