"""Each validator check: a pack that triggers it and one that does not (issue #9)."""

import pytest
from shapely.geometry import MultiPolygon, Polygon, box

from gamecore.model import Line, Objective
from gamecore.validate import REGISTRY, Validator, check_info, iter_checks, validate

from .packs import add_convoy, add_link, add_port, grid_pack, zone

STATIC = [c.code for c in iter_checks() if not c.slow]


def codes(pack, select=None):
    return {i.code for i in validate(pack, select=select).issues}


def issues(pack, code):
    return [i for i in validate(pack, select=[code]).issues if i.code == code]


def test_clean_pack_has_no_map_graph_or_attribute_problems():
    report = validate(grid_pack(), select=["MAP", "GRA", "ATT"])
    # a square grid has diagonal point contacts, reported as information only
    assert {i.code for i in report.issues} == {"MAP006"}
    assert not report.has_errors and report.counts["warning"] == 0


# ----------------------------------------------------------------- geometry
def test_map001_invalid_polygon_and_its_fix():
    pack = grid_pack()
    a = zone(pack, "A")
    bowtie = Polygon([(0, 100), (100, 200), (100, 100), (0, 200)])
    pack.map.zones[a].geometry = bowtie
    (issue,) = issues(pack, "MAP001")
    assert issue.zones == [a] and "Self-intersection" in issue.message
    edit = issue.fix.make_edit(pack)
    edit.apply(pack)
    assert pack.map.zones[a].geometry.is_valid
    edit.revert(pack)
    assert pack.map.zones[a].geometry == bowtie


def test_map008_missing_geometry():
    pack = grid_pack()
    pack.map.zones[zone(pack, "B")].geometry = None
    assert [i.zones for i in issues(pack, "MAP008")] == [[zone(pack, "B")]]
    assert issues(grid_pack(), "MAP008") == []


def test_map002_overlap():
    pack = grid_pack()
    b = zone(pack, "B")
    pack.map.zones[b].geometry = box(100, 100, 250, 200)  # into C
    found = issues(pack, "MAP002")
    assert [i.zones for i in found] == [[b, zone(pack, "C")]]
    assert "overlap (5000" in found[0].message


def test_map003_gap_between_zones():
    pack = grid_pack()
    e = zone(pack, "E")
    pack.map.zones[e].geometry = box(100, 200, 200, 280)  # leaves a strip at the bottom
    pack.map.zones[zone(pack, "D")].geometry = box(0, 200, 100, 300)
    found = issues(pack, "MAP011")  # the frame is not covered...
    assert found and "uncovered" in found[0].message
    # ...and an inner gap: shrink B away from A
    pack = grid_pack()
    b = zone(pack, "B")
    pack.map.zones[b].geometry = box(110, 100, 200, 200)
    pack.map.zones[zone(pack, "A")].geometry = box(0, 100, 100, 200)
    gaps = issues(pack, "MAP003")
    assert len(gaps) == 1 and "gap of 1000" in gaps[0].message
    assert set(gaps[0].zones) >= {zone(pack, "A"), b}


def test_map010_unmatched_vertices():
    pack = grid_pack()
    a = zone(pack, "A")
    # A gets an extra vertex on its border with B that B does not have
    pack.map.zones[a].geometry = Polygon([(0, 100), (100, 100), (100, 150), (100, 200), (0, 200)])
    found = issues(pack, "MAP010")
    assert [i.zones for i in found] == [[a, zone(pack, "B")]]
    assert issues(grid_pack(), "MAP010") == []


def test_map004_sliver():
    pack = grid_pack()
    b, c = zone(pack, "B"), zone(pack, "C")
    pack.map.zones[b].geometry = box(100, 100, 199.5, 200)
    pack.map.zones[c].geometry = Polygon([(199.5, 100), (300, 100), (300, 200), (199.5, 200)])
    # a 0.5-wide zone squeezed between: split C
    pack.map.zones[c].geometry = box(200, 100, 300, 200)
    pack.map.zones[b].geometry = box(100, 100, 200, 200)
    thin = zone(pack, "S5")
    pack.map.zones[thin].geometry = box(300, 100, 400, 200)
    assert issues(pack, "MAP004") == []
    pack.map.zones[thin].geometry = box(300, 100, 300.5, 200)
    assert [i.zones for i in issues(pack, "MAP004")] == [[thin]]


def test_map005_repeated_vertices_and_fix():
    pack = grid_pack()
    a = zone(pack, "A")
    pack.map.zones[a].geometry = Polygon([(0, 100), (100, 100), (100, 100), (100, 200), (0, 200)])
    (issue,) = issues(pack, "MAP005")
    issue.fix.make_edit(pack).apply(pack)
    assert issues(pack, "MAP005") == []


def test_map006_point_contact():
    pack = grid_pack()
    # D and B touch A... in a grid, diagonal neighbours meet at a corner with two others:
    found = issues(pack, "MAP006")
    pairs = {tuple(i.zones) for i in found}
    assert (zone(pack, "A"), zone(pack, "E")) in pairs  # diagonal
    assert (zone(pack, "A"), zone(pack, "B")) not in pairs  # real border
    assert all(i.severity == "info" for i in found)


def test_map007_multipart_not_island():
    pack = grid_pack()
    a = zone(pack, "A")
    # A takes a part of S1 far away (moved out of S1 so coverage stays fine is not needed here)
    pack.map.zones[a].geometry = MultiPolygon([box(0, 100, 100, 200), box(10, 10, 20, 20)])
    assert [i.zones for i in issues(pack, "MAP007")] == [[a]]
    pack.map.zones[a].set_flag("island")
    assert issues(pack, "MAP007") == []


def test_map009_outside_frame():
    pack = grid_pack()
    pack.map.zones[zone(pack, "S4")].geometry = box(300, 0, 420, 100)
    assert [i.zones for i in issues(pack, "MAP009")] == [[zone(pack, "S4")]]


# ---------------------------------------------------------------- graph
def test_gra001_isolated_zone():
    pack = grid_pack()
    assert issues(pack, "GRA001") == []
    pack.map.zones[zone(pack, "A")].kind = "offmap"
    z = pack.map.zones[zone(pack, "A")]
    z.kind = "land"
    z.geometry = box(1000, 1000, 1100, 1100)  # far away from everything
    assert [i.zones for i in issues(pack, "GRA001")] == [[z.id]]


def test_gra002_sea_cut_off():
    pack = grid_pack()
    assert issues(pack, "GRA002") == []
    # S6 surrounded: make S7 and S5 land
    for name in ("S7", "S5"):
        pack.map.zones[zone(pack, name)].kind = "land"
    assert [i.zones for i in issues(pack, "GRA002")] == [[zone(pack, "S6")]]


def test_gra003_land_mass_without_sea_access():
    pack = grid_pack()
    assert issues(pack, "GRA003") == []
    for name in ("S1", "S2", "S3", "S4", "S6"):
        pack.map.zones[zone(pack, name)].kind = "land"
    for name in ("S5", "S7"):
        pack.map.zones[zone(pack, name)].kind = "lake"
    pack.map.zones[zone(pack, "S7")].kind = "sea"
    pack.map.zones[zone(pack, "S6")].kind = "lake"
    pack.map.zones[zone(pack, "S5")].kind = "lake"
    # land now: S1-S4, A-E; the only sea is S7, which touches no land but lakes
    found = issues(pack, "GRA003")
    assert len(found) == 1 and zone(pack, "A") in found[0].zones


def test_gra004_dangling_link_and_fix():
    pack = grid_pack()
    link = add_link(pack, "strait", "A", "C")
    assert issues(pack, "GRA004") == []
    link.b = 99
    (issue,) = issues(pack, "GRA004")
    issue.fix.make_edit(pack).apply(pack)
    assert link.id not in pack.map.links


def test_gra005_canal_rules():
    pack = grid_pack()
    add_link(pack, "canal", "S5", "S6", controllers=[zone(pack, "C")])
    assert issues(pack, "GRA005") == []
    pack = grid_pack()
    add_link(pack, "canal", "S1", "S7", controllers=[zone(pack, "D")])
    msgs = [i.message for i in issues(pack, "GRA005")]
    assert any("S1" in m and "borders none" in m for m in msgs)
    pack = grid_pack()
    add_link(pack, "canal", "S5", "B", controllers=[])
    msgs = [i.message for i in issues(pack, "GRA005")]
    assert any("not a sea zone" in m for m in msgs) and any("no zone controls" in m for m in msgs)


def test_gra006_convoy_path_chain():
    pack = grid_pack()
    add_convoy(pack, [(50, 50), (350, 50), (350, 150)], ["S1", "S2", "S3", "S4", "S5"], "S1", "S5")
    assert issues(pack, "GRA006") == []
    pack = grid_pack()
    add_convoy(pack, [(50, 50), (350, 150)], ["S1", "S5"], "S1", "S5")
    found = issues(pack, "GRA006")
    assert any("jumps from" in i.message for i in found)
    pack = grid_pack()
    line = add_convoy(pack, [(50, 50), (250, 50)], ["S1", "S2"], "S1", "S2")
    (stale,) = issues(pack, "GRA006")
    assert stale.severity == "warning" and "S3" in stale.message
    stale.fix.make_edit(pack).apply(pack)
    assert pack.map.lines[line.id].path == [zone(pack, n) for n in ("S1", "S2", "S3")]


def test_gra007_convoy_endpoints():
    pack = grid_pack()
    add_convoy(pack, [(50, 50), (250, 50)], ["S1", "S2", "S3"], "A", "C")  # land ends touch
    assert issues(pack, "GRA007") == []
    pack = grid_pack()
    add_convoy(pack, [(50, 50), (250, 50)], ["S1", "S2", "S3"], "A", "E")  # E not on S3
    assert [i.zones for i in issues(pack, "GRA007")] == [[zone(pack, "E")]]


def test_gra008_rail_over_water():
    pack = grid_pack()
    rail = Line(1, "rail", "R", points=[(50, 150), (250, 150)])
    pack.map.lines[1] = rail
    assert issues(pack, "GRA008") == []
    rail.points = [(50, 150), (250, 250)]  # dips into S6
    assert [i.zones for i in issues(pack, "GRA008")] == [[zone(pack, "S6")]]


def test_gra009_needless_override():
    pack = grid_pack()
    add_link(pack, "not_adjacent", "A", "B")
    assert issues(pack, "GRA009") == []
    add_link(pack, "not_adjacent", "A", "C")
    assert [i.zones for i in issues(pack, "GRA009")] == [[zone(pack, "A"), zone(pack, "C")]]


def test_gra010_strait_ends():
    pack = grid_pack()
    pack.map.zones[zone(pack, "B")].kind = "sea"  # A and C face each other across B
    add_link(pack, "strait", "A", "C", via=zone(pack, "B"))
    assert issues(pack, "GRA010") == []
    add_link(pack, "strait", "A", "S5")
    add_link(pack, "strait", "D", "C", via=zone(pack, "S2"))
    msgs = [i.message for i in issues(pack, "GRA010")]
    assert any("two land zones" in m for m in msgs)
    assert any("does not touch both ends" in m for m in msgs)


# --------------------------------------------------------------- attributes
def test_att001_att002_names_and_codes():
    pack = grid_pack()
    assert issues(pack, "ATT001") == [] and issues(pack, "ATT002") == []
    pack.map.zones[zone(pack, "B")].name = "a"
    pack.map.zones[zone(pack, "C")].code = "A"
    assert len(issues(pack, "ATT001")) == 1
    assert "code 'A' is used by 2 zones" in issues(pack, "ATT002")[0].message


def test_att003_negative_value_fix():
    pack = grid_pack()
    a = zone(pack, "A")
    pack.map.zones[a].value = -3
    (issue,) = issues(pack, "ATT003")
    issue.fix.make_edit(pack).apply(pack)
    assert pack.map.zones[a].value == 0


def test_att004_label_outside_and_fix():
    pack = grid_pack()
    a = zone(pack, "A")
    pack.map.zones[a].roundel = (250, 250)
    (issue,) = issues(pack, "ATT004")
    assert "roundel" in issue.message
    issue.fix.make_edit(pack).apply(pack)
    assert issues(pack, "ATT004") == []


def test_att005_slots():
    pack = grid_pack()
    a = pack.map.zones[zone(pack, "A")]
    a.slots = [(20, 120), (80, 180)]
    assert issues(pack, "ATT005") == []
    a.slots = [(20, 120), (21, 121), (500, 500)]
    msgs = [i.message for i in issues(pack, "ATT005")]
    assert any("outside" in m for m in msgs) and any("overlap" in m for m in msgs)


def test_att006_ports():
    pack = grid_pack()
    add_port(pack, "C", "S5")
    assert issues(pack, "ATT006") == []
    add_port(pack, "B", "S5")  # B is coastal (S2) but S5 is not its neighbour
    f = add_port(pack, "A", "S1")
    pack.map.zones[zone(pack, "S1")].kind = "land"  # A now land-locked
    msgs = [i.message for i in issues(pack, "ATT006")]
    assert any("not a neighbouring sea zone" in m for m in msgs)
    assert any("land-locked" in m and f"{f.type}" in m for m in msgs)


def test_att008_facility_zone():
    pack = grid_pack()
    add_port(pack, "C", "S5")
    assert issues(pack, "ATT008") == []
    f = add_port(pack, "C", "S5")
    f.zone = zone(pack, "S5")
    g = add_port(pack, "C", "S5")
    g.zone = 77
    assert len(issues(pack, "ATT008")) == 2


def test_att009_lines_need_two_points():
    pack = grid_pack()
    pack.map.lines[1] = Line(1, "river", "R", points=[(1, 1)])
    assert len(issues(pack, "ATT009")) == 1


# ----------------------------------------------------------- scenario (no ruleset)
def test_scn004_dangling_setup():
    pack = grid_pack()
    assert issues(pack, "SCN004") == []
    sc = pack.scenarios["s1"]
    sc.units[0].zone = 999
    sc.alliances["ax"].members.append("Q")
    assert len(issues(pack, "SCN004")) == 2


def test_scn005_capitals():
    pack = grid_pack()
    assert issues(pack, "SCN005") == []
    pack.scenarios["s1"].ownership[zone(pack, "A")].owner = "Y"
    pack.nations["Y"].capital = None
    msgs = sorted(i.message for i in issues(pack, "SCN005"))
    assert "held by Y" in msgs[0] and "has no capital" in msgs[1]


def test_scn006_missing_relation():
    pack = grid_pack()
    assert issues(pack, "SCN006") == []
    pack.scenarios["s1"].relations.clear()
    assert "no relation between X and Y" in issues(pack, "SCN006")[0].message


def test_scn007_turn_order():
    pack = grid_pack()
    assert issues(pack, "SCN007") == []
    pack.scenarios["s1"].turn_order = [["X"], ["X", "Q"]]
    msgs = " / ".join(i.message for i in issues(pack, "SCN007"))
    assert (
        "X moves 2 times" in msgs
        and "unknown nation 'Q'" in msgs
        and "Yland (Y) is missing" in msgs
    )


def test_scn008_income_override():
    pack = grid_pack()
    sc = pack.scenarios["s1"]
    sc.income_overrides = {"X": 6}
    assert issues(pack, "SCN008") == []
    sc.income_overrides = {"X": 9}
    assert "set to 9, but its zones are worth 6" in issues(pack, "SCN008")[0].message


def test_scn009_objectives_that_do_not_compile():
    pack = grid_pack()
    sc = pack.scenarios["s1"]
    sc.objectives["ok"] = Objective(
        "ok", "OK", owner="X", condition="controls(X, B)", effect="income(2)"
    )
    assert issues(pack, "SCN009") == []
    sc.objectives["bad"] = Objective("bad", "Bad", owner="X", condition="controls(X, Bee)")
    sc.objectives["syntax"] = Objective("syntax", "S", owner="X", condition="controls(X,")
    msgs = [i.message for i in issues(pack, "SCN009")]
    assert any("unknown zone or region 'Bee'" in m and "line 1, column 13" in m for m in msgs)
    assert any("objective syntax" in m for m in msgs)


def test_scn010_true_at_start_or_unreachable():
    pack = grid_pack()
    sc = pack.scenarios["s1"]
    sc.objectives["v"] = Objective(
        "v", "Take C", kind="victory", owner="X", condition="controls(X, C)"
    )
    assert issues(pack, "SCN010") == []
    sc.objectives["now"] = Objective(
        "now", "Hold A", kind="victory", owner="X", condition="controls(X, A)"
    )
    sc.objectives["never"] = Objective("never", "Own a sea", owner="X", condition="controls(X, S1)")
    msgs = sorted(i.message for i in issues(pack, "SCN010"))
    assert any("already met" in m for m in msgs) and any("can it ever be met" in m for m in msgs)


def test_scn011_banks():
    pack = grid_pack()
    assert issues(pack, "SCN011") == []
    pack.scenarios["s1"].banks["X"] = -1
    assert len(issues(pack, "SCN011")) == 1


# ----------------------------------------------------------------- machinery
def test_every_registered_check_is_tested_here():
    import inspect

    source = inspect.getsource(inspect.getmodule(test_every_registered_check_is_tested_here))
    import pathlib

    source += (pathlib.Path(__file__).parent / "test_checks_ruleset.py").read_text()
    extras = [*pathlib.Path(__file__).parent.glob("test_gw*.py")]
    extras += pathlib.Path(__file__).parent.glob("test_war_game*.py")
    extras += pathlib.Path(__file__).parent.glob("test_hex*.py")
    extras += pathlib.Path(__file__).parent.glob("test_hgw*.py")
    extras += pathlib.Path(__file__).parent.glob("test_3g40*.py")
    for extra in sorted(extras):
        source += extra.read_text()
    untested = [code for code in REGISTRY if f'"{code}"' not in source]
    assert untested == []


def test_ignore_list_in_pack_and_select_ignore():
    pack = grid_pack()
    pack.map.zones[zone(pack, "B")].name = "A"
    report = validate(pack, select=["ATT001"])
    key = report.issues[0].key
    pack.ignored_issues.append(key)
    report = validate(pack, select=["ATT001"])
    assert report.issues == [] and report.counts["ignored"] == 1
    assert validate(pack, ignore=["ATT"], select=["ATT001"]).issues == []


def test_incremental_update_matches_full_run():
    pack = grid_pack()
    v = Validator(pack, select=["MAP", "GRA", "ATT"])
    assert {i.code for i in v.run().issues} == {"MAP006"}
    b = zone(pack, "B")
    pack.map.zones[b].geometry = box(100, 100, 250, 200)  # overlap C
    pack.map.zones[b].value = -1
    inc = v.update([b])
    full = Validator(pack, select=["MAP", "GRA", "ATT"]).run()
    assert sorted(i.key for i in inc.issues) == sorted(i.key for i in full.issues)
    assert {"MAP002", "ATT003"} <= {i.code for i in inc.issues}
    pack.map.zones[b].geometry = box(100, 100, 200, 200)
    pack.map.zones[b].value = 1
    assert {i.code for i in v.update([b]).issues} == {"MAP006"}


@pytest.mark.parametrize("code", STATIC)
def test_issue_json_shape(code):
    assert check_info(code).severity in ("error", "warning", "info")


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_EDITS = st.lists(
    st.tuples(
        st.sampled_from(["A", "B", "C", "D", "E", "S5", "S6"]),
        st.sampled_from(["grow", "shrink", "restore", "value", "name"]),
    ),
    min_size=1,
    max_size=5,
)


@settings(max_examples=25, deadline=None)
@given(_EDITS)
def test_incremental_equals_full_after_random_edits(edits):
    pack = grid_pack()
    original = {z: v.geometry for z, v in pack.map.zones.items()}
    ids = {z.name: z.id for z in pack.map.zones.values()}
    v = Validator(pack, select=["MAP", "GRA", "ATT"])
    v.run()
    for name, what in edits:
        zid = ids[name]
        z = pack.map.zones[zid]
        x0, y0, x1, y1 = original[zid].bounds
        geometry = what in ("grow", "shrink", "restore")
        if what == "grow":
            z.geometry = box(x0 - 20, y0, x1, y1)
        elif what == "shrink":
            z.geometry = box(x0 + 20, y0, x1, y1)
        elif what == "restore":
            z.geometry = original[zid]
        elif what == "value":
            z.value = -z.value - 1
        else:
            z.name = "A"
        inc = v.update([zid], geometry_changed=geometry)
        full = Validator(pack, select=["MAP", "GRA", "ATT"]).run()
        assert sorted(i.key for i in inc.issues) == sorted(i.key for i in full.issues)


def test_multipart_zones_are_indexed_part_by_part():
    """A zone made of two polygons whose borders match its neighbours is a valid coverage
    (shapely.get_rings reads Polygons only; the index splits MultiPolygons first)."""
    pack = grid_pack()
    a, s1 = zone(pack, "A"), zone(pack, "S1")
    pack.map.zones[a].geometry = MultiPolygon([box(0, 100, 100, 200), box(40, 40, 60, 60)])
    pack.map.zones[a].set_flag("island")
    pack.map.zones[s1].geometry = box(0, 0, 100, 100).difference(box(40, 40, 60, 60))
    pack.map.zones[s1].label = (10.0, 10.0)  # out of the island
    found = {i.code for i in validate(pack, select=["MAP", "ATT"]).issues}
    assert found <= {"MAP006"}
    pack.map.zones[a].geometry = MultiPolygon([box(0, 100, 100, 200), box(40, 40, 61, 60)])
    assert "MAP002" in {i.code for i in validate(pack, select=["MAP"]).issues}


# ------------------------------------ rules-notes/004 §5 invariants (generic forms)
def test_gra011_map_in_unconnected_parts():
    pack = grid_pack()
    assert issues(pack, "GRA011") == []
    # an island far away, with no link: reachable from nowhere
    z = pack.map.zones[zone(pack, "E")]
    z.geometry = box(1000, 1000, 1100, 1100)
    (issue,) = issues(pack, "GRA011")
    assert issue.zones == [z.id] and "cannot be reached" in issue.message
    pack.map.zones[z.id].kind = "impassable"  # impassable zones may stand alone
    assert issues(pack, "GRA011") == []


def test_att010_duplicate_facilities_and_damage_over_the_maximum():
    from gamecore.model import Facility

    pack = grid_pack()
    pack.map.facilities[1] = Facility(1, zone(pack, "A"), "major_ic", damage=20)
    pack.map.facilities[2] = Facility(2, zone(pack, "A"), "air_base")
    assert issues(pack, "ATT010") == []  # g40: a major IC takes up to 20 damage
    pack.map.facilities[3] = Facility(3, zone(pack, "A"), "air_base")
    pack.map.facilities[1].damage = 21
    msgs = sorted(i.message for i in issues(pack, "ATT010"))
    assert any("two air_base facilities" in m for m in msgs)
    assert any("damage 21, more than its maximum 20" in m for m in msgs)
    # the duplicate has a Fix: the one added later goes, as one undoable step
    (dup,) = [i for i in issues(pack, "ATT010") if "two air_base" in i.message]
    assert dup.fix is not None and "id 3" in dup.fix.label
    edit = dup.fix.make_edit(pack)
    edit.apply(pack)
    assert 3 not in pack.map.facilities and 2 in pack.map.facilities
    assert not [i for i in issues(pack, "ATT010") if "two air_base" in i.message]
    edit.revert(pack)
    assert 3 in pack.map.facilities


def test_scn012_enemies_in_one_zone_at_the_start():
    from gamecore.model import UnitStack

    pack = grid_pack()
    assert issues(pack, "SCN012") == []
    pack.scenarios["s1"].units.append(UnitStack(zone(pack, "A"), "Y", "infantry", 1))
    (issue,) = issues(pack, "SCN012")
    assert issue.zones == [zone(pack, "A")] and "at war" in issue.message
    pack.scenarios["s1"].set_relation("X", "Y", "peace")
    assert issues(pack, "SCN012") == []


def test_scn013_units_on_neutral_territory():
    from gamecore.model import Nation, UnitStack

    pack = grid_pack()
    pack.nations["N"] = Nation("N", "Neutralia", kind="neutral", playable=False)
    sc = pack.scenarios["s1"]
    sc.ownership[zone(pack, "E")].owner = "N"
    sc.units.append(UnitStack(zone(pack, "E"), "N", "infantry", 2))  # its own army
    assert issues(pack, "SCN013") == []
    sc.units.append(UnitStack(zone(pack, "E"), "X", "infantry", 1))
    (issue,) = issues(pack, "SCN013")
    assert "neutral" in issue.message and issue.zones == [zone(pack, "E")]


def test_att008_fix_moves_a_harbour_at_sea_to_the_coast_and_undoes():
    """#37 item 9: an import-born error (a TripleA harbour in a sea zone) gets a Fix: the
    facility moves to the land zone with the longest coast on that sea, which it then
    serves; reverting the edit puts it back. With no coast at all, the Fix drops it."""
    from gamecore.model import Facility, Zone

    pack = grid_pack()
    sea = zone(pack, "S5")
    pack.map.facilities[90] = Facility(90, sea, "port")
    (issue,) = issues(pack, "ATT008")
    assert issue.fix is not None
    edit = issue.fix.make_edit(pack)
    edit.apply(pack)
    f = pack.map.facilities[90]
    land = pack.map.zones[f.zone]
    assert land.kind == "land"
    shared = land.geometry.boundary.intersection(pack.map.zones[sea].geometry.boundary).length
    assert shared > 0 and sea in f.serves
    assert issues(pack, "ATT008") == []
    edit.revert(pack)
    assert pack.map.facilities[90].zone == sea and pack.map.facilities[90].serves == []
    # a sea without any coast (a lone island of sea far from land): the Fix removes it
    lone = max(pack.map.zones) + 1
    pack.map.zones[lone] = Zone(lone, "99", "Far Sea", "sea", geometry=box(900, 900, 950, 950))
    pack.map.facilities[91] = Facility(91, lone, "port")
    drop = next(i for i in issues(pack, "ATT008") if i.refs["facilities"] == [91])
    drop.fix.make_edit(pack).apply(pack)
    assert 91 not in pack.map.facilities
