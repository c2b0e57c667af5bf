"""Validator checks that need the scenario's ruleset and the engine (issue #9)."""

import pytest

from gamecore.model import Facility, RulesetDoc, UnitStack
from gamecore.validate import validate

from .packs import grid_pack, zone


def issues(pack, code):
    return [i for i in validate(pack, select=[code]).issues if i.code == code]


def test_clean_pack_is_clean_against_g40():
    report = validate(grid_pack(), select=["SCN", "ATT007"])
    assert report.issues == []


def test_scn001_unknown_or_broken_ruleset():
    pack = grid_pack()
    pack.scenarios["s1"].ruleset = "g41"
    (issue,) = issues(pack, "SCN001")
    assert "'g41'" in issue.message and issue.scenario == "s1"
    pack = grid_pack()
    pack.rulesets["house"] = RulesetDoc(
        "house", '[ruleset]\nid = "house"\nextends = "g40"\ndice = "x"\n'
    )
    pack.scenarios["s1"].ruleset = "house"
    (issue,) = issues(pack, "SCN001")
    assert "dice" in issue.message


def test_scn002_unknown_unit_type_suggests():
    pack = grid_pack()
    pack.scenarios["s1"].units.append(UnitStack(zone(pack, "B"), "X", "infantery", 1))
    (issue,) = issues(pack, "SCN002")
    assert "'infantery'" in issue.message and "did you mean 'infantry'" in issue.message


def test_scn003_units_in_the_wrong_domain():
    pack = grid_pack()
    sc = pack.scenarios["s1"]
    sz = zone(pack, "S2")
    sc.units += [
        UnitStack(sz, "X", "transport", 1),
        UnitStack(sz, "X", "infantry", 2),
        UnitStack(sz, "X", "carrier", 1),
        UnitStack(sz, "X", "fighter", 2),
    ]
    assert issues(pack, "SCN003") == []  # 2 infantry fit one transport, 2 fighters one carrier
    sc.units += [UnitStack(sz, "X", "tank", 1), UnitStack(zone(pack, "B"), "X", "destroyer", 1)]
    msgs = sorted(i.message for i in issues(pack, "SCN003"))
    assert any("need 7 transport space, transports there carry 5" in m for m in msgs)
    assert any("destroyer (naval) placed on land" in m for m in msgs)


def test_att007_facility_type_unknown_to_ruleset():
    pack = grid_pack()
    pack.map.facilities[1] = Facility(1, zone(pack, "A"), "factory")  # an alias of major_ic
    assert issues(pack, "ATT007") == []
    pack.map.facilities[2] = Facility(2, zone(pack, "A"), "rocket_site")
    (issue,) = issues(pack, "ATT007")
    assert "'rocket_site'" in issue.message


def test_dyn001_smoke_playtest_runs_clean():
    assert issues(grid_pack(), "DYN001") == []


def test_dyn001_reports_an_engine_failure(monkeypatch):
    from gamecore.engine import state as engine_state

    def broken(self, action, check=True):
        raise RuntimeError("boom")

    monkeypatch.setattr(engine_state.GameState, "apply", broken)
    found = issues(grid_pack(), "DYN001")
    assert found and "RuntimeError: boom" in found[0].message


def test_dyn002_nation_with_nothing_to_do():
    pack = grid_pack()
    assert issues(pack, "DYN002") == []
    sc = pack.scenarios["s1"]
    sc.units = [u for u in sc.units if u.nation != "Y"]
    sc.banks["Y"] = 0
    found = issues(pack, "DYN002")
    assert [i.message.split()[0] for i in found] == ["Y"]


@pytest.mark.parametrize("code", ["SCN001", "SCN002", "SCN003", "ATT007"])
def test_ruleset_checks_are_scenario_scoped(code):
    from gamecore.validate import REGISTRY

    assert REGISTRY[code].needs_scenario or code == "ATT007"


def test_scn020_technology_head_starts():
    # Global War §7.7: nations may start with progress on the Technology Chart
    pack = grid_pack()
    sc = pack.scenarios["s1"]
    sc.ruleset = "global_war"
    sc.props["technologies"] = {"X": {"radr": 1, "radar": 9, "jet_fighters": 2}, "ZZZ": {}}
    msgs = sorted(i.message for i in issues(pack, "SCN020"))
    assert len(msgs) == 3
    assert any("did you mean 'radar'" in m for m in msgs)
    assert any("stage 9" in m for m in msgs) and any("'ZZZ'" in m for m in msgs)
    sc.props["technologies"] = {"X": {"jet_fighters": 2}}
    assert issues(pack, "SCN020") == []
