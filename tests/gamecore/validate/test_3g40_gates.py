"""3G40's war gates (seeds/004 THE POLITICAL SITUATION, resources/conditions/
3g40_politics.txt) on a board that lacks a nation, zone or region they name: in play such
a gate is never open, so the validator reports it as an error naming the gate and the
missing name (SCN009 for nations and zones, SCN015 for regions, looked up only when the
condition is evaluated)."""

from __future__ import annotations

from gamecore.conditions import rules_to_objectives
from gamecore.engine import new_game
from gamecore.paths import resource
from gamecore.rules import politics
from gamecore.validate import validate
from tests.gamecore.conditions.world3g40 import build_pack


def _nine_powers(keep_regions: bool = True):
    """The miniature 3G40 board with only the handbook's nine powers (no Dutch)."""
    pack = build_pack()
    sc = pack.scenarios["1940"]
    del pack.nations["DUT"]
    sc.alliances["allies"].members.remove("DUT")
    for zid in [z for z, o in sc.ownership.items() if "DUT" in (o.owner, o.original)]:
        del sc.ownership[zid]
        del pack.map.zones[zid]
    if not keep_regions:
        for z in pack.map.zones.values():
            z.region = ",".join(t for t in (z.region or "").split(",") if t != "north_america")
    for o in rules_to_objectives(resource("conditions", "3g40_politics.txt").read_text()):
        sc.objectives[o.id] = o
    sc.options.update({"scenario_events": True, "war_gates": True})
    sc.turn_order = [["GER"], ["UKP"], ["JPN"], ["UKE"], ["ITA"], ["CHN"], ["SOV"], ["USA"]]
    sc.turn_order.append(["FRA"])
    return pack


def _issues(pack, code):
    return [i for i in validate(pack).issues if i.code == code]


def test_a_gate_naming_a_missing_nation_is_an_error_naming_both():
    pack = _nine_powers()
    # in play Japan's gate (it names the Dutch) is never open: Japan may declare on no one
    s = new_game(pack, "1940", seed=1)
    assert politics.war_targets(s, "JPN") == set()
    errors = {i.refs["objectives"][0]: i for i in _issues(pack, "SCN009")}
    assert errors["JPN_gate"].severity == "error"
    assert "JPN_gate" in errors["JPN_gate"].message and "'DUT'" in errors["JPN_gate"].message
    assert set(errors) == {"JPN_gate", "UKE_gate_japan", "UKP_gate_japan"}


def test_a_gate_naming_a_missing_region_is_an_error_naming_both():
    assert _issues(_nine_powers(), "SCN015") == []
    pack = _nine_powers(keep_regions=False)
    (issue,) = _issues(pack, "SCN015")
    assert issue.severity == "error" and issue.refs == {"objectives": ["USA_gate"]}
    assert "war gate USA_gate" in issue.message and "'north_america'" in issue.message
    # and in play the US gate stays shut even from its 4th turn
    s = new_game(pack, "1940", seed=1)
    s.round = 4
    assert politics.war_targets(s, "USA") == set()
