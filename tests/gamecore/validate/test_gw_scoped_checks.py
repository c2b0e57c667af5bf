"""Checks of map items that exist only in some scenarios (``props.scenarios``), special
rail/river routes (seeds/000 §1.17) and link effects of events (seeds/000 §1.15). Grid of
packs.py:

row 0:  S1  S2  S3  S4        (sea)
row 1:  A   B   C   S5
row 2:  D   E   S6  S7
"""

import copy

from gamecore.model import Facility, Line, Objective
from gamecore.validate import validate

from .packs import add_link, grid_pack, zone


def two_scenarios():
    """s1 (g40) and gw (global_war): one map, two scenarios."""
    pack = grid_pack()
    gw = copy.deepcopy(pack.scenarios["s1"])
    gw.id, gw.name, gw.ruleset = "gw", "Global War", "global_war"
    pack.scenarios[gw.id] = gw
    return pack


def issues(pack, code, scenario=None):
    found = [i for i in validate(pack, select=[code]).issues if i.code == code]
    return [i for i in found if scenario is None or i.scenario == scenario]


def convoy(pack, values, scenarios=None):
    m = pack.map
    ln = Line(
        m.next_id("lines"),
        "convoy",
        f"Run {len(m.lines) + 1}",
        points=[(350, 150), (350, 250)],
        path=[zone(pack, "S5"), zone(pack, "S7")],
        start=zone(pack, "C"),
        end=zone(pack, "S7"),
        values=values,
    )
    if scenarios is not None:
        ln.props["scenarios"] = scenarios
    m.lines[ln.id] = ln
    return ln


def facility(pack, name, ftype, scenarios=None, **kw):
    m = pack.map
    f = Facility(m.next_id("facilities"), zone(pack, name), ftype, **kw)
    if scenarios is not None:
        f.props["scenarios"] = scenarios
    m.facilities[f.id] = f
    return f


def rail(pack, path, points, **props):
    m = pack.map
    ln = Line(m.next_id("lines"), "rail", "Burma Road", points=list(points))
    ln.path = [zone(pack, p) for p in path]
    ln.props.update(props)
    m.lines[ln.id] = ln
    return ln


# ------------------------------------------------------------- 1. scenario scoping
def test_gw005_looks_only_at_the_convoy_lines_of_the_scenario():
    """seeds/000 §1.10: a convoy line of the 1936 scenario only (props.scenarios) is not
    reported under another scenario of the same map."""
    pack = two_scenarios()
    only_gw = convoy(pack, {}, scenarios=["gw"])  # no values: an info issue, but where?
    found = issues(pack, "GW005")
    assert [(i.scenario, i.refs["lines"]) for i in found] == [("gw", [only_gw.id])]
    everywhere = convoy(pack, {})
    found = issues(pack, "GW005")
    assert sorted((i.scenario, i.refs["lines"][0]) for i in found) == sorted(
        [("gw", only_gw.id), ("gw", everywhere.id), ("s1", everywhere.id)]
    )


def test_att010_facilities_of_different_scenarios_may_share_a_zone():
    """rules-notes/004 §5.15: one facility of a type per zone, per scenario: the g40
    air base of 1939 and the Global War one of 1936 are not duplicates."""
    pack = two_scenarios()
    a = facility(pack, "A", "air_base", scenarios=["s1"])
    facility(pack, "A", "air_base", scenarios=["gw"])
    assert issues(pack, "ATT010") == []
    both = facility(pack, "A", "air_base")  # in every scenario: clashes with both
    (issue,) = issues(pack, "ATT010")
    assert issue.refs["facilities"] == [a.id, both.id]


def test_att010_damage_limit_from_the_rulesets_of_the_facility_scenarios():
    pack = two_scenarios()
    f = facility(pack, "A", "air_base", scenarios=["s1"], damage=99)
    found = issues(pack, "ATT010")
    assert len(found) == 1 and "maximum" in found[0].message  # g40 air base: max 6
    f.props["scenarios"] = ["s1", "gw"]
    assert len(issues(pack, "ATT010")) == 1


def test_att007_facility_type_checked_against_its_own_scenarios_rulesets():
    pack = two_scenarios()
    f = facility(pack, "A", "railroad", scenarios=["gw"])  # a Global War type
    assert issues(pack, "ATT007") == []
    f.props["scenarios"] = ["s1"]  # g40 has no railroads
    (issue,) = issues(pack, "ATT007")
    assert "railroad" in issue.message and "its scenarios'" in issue.message


def test_gw006_levels_only_forbidden_where_the_facility_plays_global_war():
    """rules-notes/000 §1.11: Global War has minor/major types instead of levels; a g40
    facility of the 1939 scenario keeps its level."""
    pack = two_scenarios()
    f = facility(pack, "B", "air_base", scenarios=["s1"], level=2)
    assert issues(pack, "GW006") == []
    f.props["scenarios"] = ["gw"]
    (issue,) = issues(pack, "GW006")
    assert "level 2" in issue.message


def test_att011_item_scoped_to_an_unknown_scenario():
    pack = two_scenarios()
    ln = convoy(pack, {"X": 1}, scenarios=["gw"])
    f = facility(pack, "A", "air_base", scenarios=["s1"])
    assert issues(pack, "ATT011") == []
    ln.props["scenarios"] = ["1936"]
    f.props["scenarios"] = "s1"  # a string, not a list
    found = {(t, ids[0]): i for i in issues(pack, "ATT011") for t, ids in i.refs.items()}
    bad_line, bad_facility = found[("lines", ln.id)], found[("facilities", f.id)]
    assert "1936" in bad_line.message and "in no scenario" in bad_line.message
    assert bad_facility.severity == "error" and "list" in bad_facility.message


# ------------------------------------------------------------- 2. special routes, §1.17
def test_gw004_accepts_a_special_route_between_zones_that_do_not_touch():
    """seeds/000 §1.17: the Burma Road is a route of its own (one unit a turn, one way,
    open only while a condition holds); the movement code joins its zones whether or not
    they are adjacent, so GW004 does not ask them to be."""
    pack = two_scenarios()
    road = rail(pack, ["A", "E"], [(50, 150), (150, 250)])  # A and E touch at a corner only
    assert any("jumps" in i.message for i in issues(pack, "GW004"))
    road.props["capacity"] = 1
    assert issues(pack, "GW004") == []
    road.props = {"open_if": "at_war(X, Y)"}
    assert issues(pack, "GW004") == []
    road.props = {"one_way": True}
    assert issues(pack, "GW004") == []
    road.path.append(zone(pack, "S6"))  # still over land only
    assert any("not a land zone" in i.message for i in issues(pack, "GW004"))


def test_gw004_line_without_a_stored_path_is_ignored_in_play():
    pack = two_scenarios()
    ln = rail(pack, [], [(50, 150), (150, 150)])
    (issue,) = issues(pack, "GW004")
    assert "no stored path" in issue.message and issue.severity == "warning"
    issue.fix.make_edit(pack).apply(pack)
    assert pack.map.lines[ln.id].path == [zone(pack, "A"), zone(pack, "B")]
    assert issues(pack, "GW004") == []


def test_gw009_open_if_must_compile_with_the_parser_message():
    """seeds/000 §1.17: "open_if" is a condition of the condition language."""
    pack = two_scenarios()
    road = rail(pack, ["A", "B"], [(50, 150), (150, 150)], open_if="controls(Y, {C})")
    road.props["capacity"] = 1
    road.props["one_way"] = True
    assert issues(pack, "GW009") == []
    road.props["open_if"] = "controls(Y, {Cee})"
    (issue,) = issues(pack, "GW009")
    assert "does not compile" in issue.message and "Cee" in issue.message
    assert "line 1, column" in issue.message and issue.severity == "error"
    road.props["open_if"] = "controls(Y,"
    (issue,) = issues(pack, "GW009")
    assert "line 1, column" in issue.message
    road.props["open_if"] = "round() >= 6"
    road.props["capacity"] = 0
    road.props["one_way"] = "yes"
    found = issues(pack, "GW009")
    assert {i.severity for i in found} == {"error", "warning"}
    assert any("capacity 0" in i.message for i in found)


def test_gw009_open_if_checked_only_in_the_line_scenarios():
    pack = two_scenarios()
    pack.scenarios["gw"].alliances["comintern"] = copy.deepcopy(
        pack.scenarios["gw"].alliances["al"]
    )
    pack.scenarios["gw"].alliances["comintern"].id = "comintern"
    road = rail(pack, ["A", "B"], [(50, 150), (150, 150)], open_if="controls(comintern, {C})")
    (issue,) = issues(pack, "GW009")  # s1 has no comintern alliance
    assert "(scenario s1)" in issue.message
    road.props["scenarios"] = ["gw"]
    assert issues(pack, "GW009") == []


# ------------------------------------------------------------- 3. link effects, §1.15
def test_scn014_link_effects_name_a_strait_or_canal_of_the_map():
    """seeds/000 §1.15: a canal can be closed (and opened) by an event; the effect names a
    link of the map (any case), else it does nothing in play."""
    pack = grid_pack()
    canal = add_link(pack, "canal", "S5", "S7", name="Kiel Canal", controllers=[zone(pack, "C")])
    sc = pack.scenarios["s1"]
    sc.objectives["ev1"] = Objective(
        "ev1", "closed", kind="event", condition="true", effect='close_link("kiel canal")'
    )
    sc.objectives["ev2"] = Objective(
        "ev2", "opened", kind="event", condition="true", effect="vp(1), open_link(Kiel Canal)"
    )
    assert issues(pack, "SCN014") == []
    sc.objectives["ev3"] = Objective(
        "ev3", "typo", kind="event", condition="true", effect="open_link(Kiel Canl)"
    )
    (issue,) = issues(pack, "SCN014")
    assert issue.refs == {"objectives": ["ev3"]} and issue.scenario == "s1"
    assert "did you mean 'Kiel Canal'" in issue.message
    canal.kind = "offmap"  # not a strait or canal: set_link ignores it
    found = {i.refs["objectives"][0]: i for i in issues(pack, "SCN014")}
    assert "cannot be opened or closed" in found["ev1"].message
