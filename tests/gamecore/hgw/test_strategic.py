"""Campaign Game II's research and technology and strategic bombing (issue #40; seeds/001
RESEARCH AND TECHNOLOGY, STRATEGIC BOMBING): costs by tech level, the research track with
its special cases (their examples replayed with scripted dice), the EXAMPLE OF BOMBING
RAID replayed, the bots' research and raids, junk research tables refused in one line."""

from __future__ import annotations

import copy

import pytest

from gamecore.cli import main
from gamecore.engine import new_game
from gamecore.engine.actions import Action
from gamecore.errors import RulesError
from gamecore.hgw.research import bot_research, research_cap, unit_cost
from gamecore.hgw.strategic import Air, bot_strategic, in_range
from gamecore.hgw.world import pp
from gamecore.paths import resource
from gamecore.store import read_pack, write_pack
from tests.gamecore.hgw.helpers import END, campaign_game, to_phase, z


@pytest.fixture(scope="module")
def pack():
    return read_pack(resource("samples", "hgw-campaign.warroom"))


def game(pack, scenario="campaign_2", dice=None, **kw):
    return campaign_game(pack, scenario, dice, **kw)


def set_tech(s, nation: str, item: str, **kw) -> None:
    rec = s.tech[nation][item]._replace(**kw)
    s.tech = {**s.tech, nation: {**s.tech[nation], item: rec}}


def at_research(pack, nation: str, bank: int, dice=None):
    s = game(pack, dice=dice)
    to_phase(s, nation, "research")
    s.banks[nation] = bank
    s._legal = None
    return s


# -- item cost -------------------------------------------------------------------------
def test_costs_follow_the_tech_level(pack):
    """Item Cost 1: "each mechanized strength point costs six production points while
    the player is at tech level 0 ... at tech level 1 ... four"; Item Cost 3: bombers
    are prohibited at level 0; Special Case 2: the Axis infantry costs 2, the others' 3."""
    s = game(pack)
    assert unit_cost(s, "ALL", "mech") == 6 and unit_cost(s, "ALL", "bomber") is None
    assert unit_cost(s, "AXIS", "inf") == 2 and unit_cost(s, "SOV", "inf") == 3
    set_tech(s, "ALL", "mech", level=1, half=8)
    assert unit_cost(s, "ALL", "mech", 3) == 12
    set_tech(s, "ALL", "mech", half=9)  # 4.5 PP: two cost 9, one rounds up to 5
    assert unit_cost(s, "ALL", "mech", 2) == 9 and unit_cost(s, "ALL", "mech") == 5
    # Campaign Game I keeps the ruleset's fixed costs
    assert unit_cost(game(pack, "campaign_1"), "ALL", "mech") == 5


def test_research_is_paid_from_what_production_leaves(pack):
    """Player Turn Sequence 6-7 and Research 3: research uses "whatever remains of his
    production budget after completing his unit builds"; then it is lost."""
    s = game(pack)
    to_phase(s, "ALL", "production")
    s.banks["ALL"] = 5
    s.apply(END)
    assert s.phase == "research" and s.banks["ALL"] == 5
    s.apply(Action("hgw_research", type="mech", count=2))
    assert s.tech["ALL"]["mech"].space == 2 and s.banks["ALL"] == 3
    s.apply(END)
    assert s.banks["ALL"] == 0 and s.log[-1]["e"] != "hgw_research"


# -- the research track --------------------------------------------------------------------
def test_an_a_result_reaches_the_next_tech_level(pack):
    """Research 3-5: 2 PP move the mech marker two spaces; die 1 reads A: the cost falls to
    the next level's (6 to 4) and the marker returns to the start."""
    s = at_research(pack, "ALL", 4, dice=[1])
    s.apply(Action("hgw_research", type="mech", count=2))
    s.apply(Action("hgw_resolve", type="mech"))
    rec = s.tech["ALL"]["mech"]
    assert (rec.level, rec.half, rec.space) == (1, 8, 0)
    assert s.log[-1]["result"] == "A" and s.log[-1]["cost"] == 4


def test_a_b_result_converts_when_another_side_is_ahead(pack):
    """Special Case 3, its example: "the Soviet player gets a B result for his mechanized
    research. Because the Axis player is currently paying one production point less for a
    mechanized strength point than he, the Soviet player converts the B result into an A
    result." (die 2 on space 1 reads B)."""
    s = at_research(pack, "SOV", 3, dice=[2])
    set_tech(s, "AXIS", "mech", half=10)  # the Axis pays 5, the Soviets 6
    s.apply(Action("hgw_research", type="mech", count=1))
    s.apply(Action("hgw_resolve", type="mech"))
    e = s.log[-1]
    assert (e["result"], e["as"]) == ("B", "A")
    assert s.tech["SOV"]["mech"].level == 1 and unit_cost(s, "SOV", "mech") == 4


def test_a_b_result_lowers_the_cost_by_one_or_a_half(pack):
    """Research 6: B: the cost falls by one PP; by one half when the next level is only
    one PP away; not at all when less."""
    s = at_research(pack, "ALL", 6, dice=[2, 2, 2])
    for half, want in ((12, 10), (10, 9), (9, 9)):  # 6 -> 5, 5 -> 4.5, 4.5 stays
        set_tech(s, "ALL", "mech", half=half, space=0, spent=0)
        s._legal = None
        s.apply(Action("hgw_research", type="mech", count=1))
        s.apply(Action("hgw_resolve", type="mech"))
        assert s.tech["ALL"]["mech"].half == want and s.log[-1]["result"] == "B"


def test_a_c_result_moves_the_marker_back_on_the_efficiency_table(pack):
    """Research 7 and the EFFICIENCY TABLE: C, no change; a second die of 3 moves the
    marker back two spaces. Research 8: an unresolved marker keeps its place."""
    s = at_research(pack, "ALL", 4, dice=[6, 3])
    set_tech(s, "ALL", "inf", space=2)
    s.apply(Action("hgw_research", type="inf", count=2))
    assert s.tech["ALL"]["inf"].space == 4
    s.apply(Action("hgw_resolve", type="inf"))  # space 4, die 6: C
    assert s.log[-1]["result"] == "C" and s.log[-1]["efficiency"] == 3
    assert s.tech["ALL"]["inf"].space == 2 and s.tech["ALL"]["inf"].half == 6


def test_research_limits(pack):
    """Research 3 (at most two PP an item a turn), Research 9 (never beyond space 5),
    Special Case 1 (the Soviets one PP an item until they and the Axis have attacked one
    another), Special Case 2 (the Axis infantry, cheaper than both others: one PP)."""
    s = at_research(pack, "AXIS", 9)
    assert research_cap(s, "AXIS", "inf") == 1 and research_cap(s, "AXIS", "mech") == 2
    s.apply(Action("hgw_research", type="mech", count=2))
    assert research_cap(s, "AXIS", "mech") == 0
    with pytest.raises(RulesError):
        s.apply(Action("hgw_research", type="mech", count=1))
    set_tech(s, "AXIS", "amph", space=4)
    assert research_cap(s, "AXIS", "amph") == 1
    sov = at_research(pack, "SOV", 9)
    assert research_cap(sov, "SOV", "mech") == 1
    sov.set_relation("AXIS", "SOV", "war")
    assert research_cap(sov, "SOV", "mech") == 2


def test_the_bot_researches_with_what_is_left(pack):
    """The bots' research decision: the leftover goes into the lowest item of mech,
    bombers, infantry, ... (mech first), and a marker on space 3 or beyond is rolled for."""
    s = at_research(pack, "ALL", 3)
    a = bot_research(s)
    assert (a.kind, a.type, a.count) == ("hgw_research", "mech", 2)
    set_tech(s, "ALL", "mech", level=1, half=8)
    s._legal = None
    a = bot_research(s)  # mech ahead: the bombers next
    assert (a.kind, a.type, a.count) == ("hgw_research", "bomber", 2)
    set_tech(s, "ALL", "inf", space=3)
    s._legal = None
    assert bot_research(s) == Action("hgw_resolve", type="inf")


# -- strategic bombing --------------------------------------------------------------------
def raid_game(pack, dice, bombers=7, escort=0, defence=3):
    s = game(pack, dice=dice)
    to_phase(s, "ALL", "naval")  # the Allied strategic warfare phase has just gone by
    s.phase_i = s.rules.phases.index("strategic")
    set_tech(s, "ALL", "bomber", level=1, half=14)
    london, ruhr = z(s, "1333"), z(s, "1436")
    s.air = {london: Air("ALL", bomber=bombers, escort=escort)}
    if defence:
        s.air[ruhr] = Air("AXIS", air_def=defence)
    s.bump()
    s._legal = None
    return s, london, ruhr


def test_example_of_bombing_raid(pack):
    """EXAMPLE OF BOMBING RAID: "The Allied player has seven bomber strength points while
    the Axis opponent has three air defense strength points. A two is rolled for air
    defense on the Firepower Table destroying one bomber strength point. The six surviving
    bomber strength points then devastate two Axis production points with a die roll of
    one." (the Ruhr 1436, 3 hexes from 1333: bomber range 3 at tech level 1)."""
    s, london, ruhr = raid_game(pack, [2, 1])
    assert ruhr in in_range(s, london, "ALL")
    before = pp(s, ruhr)
    s.apply(Action("hgw_bomb", path=(london,), zone=ruhr))
    e = s.log[-1]
    assert (e["bombers_lost"], e["hits"]) == (1, 2)
    assert s.air[london].bomber == 6 and pp(s, ruhr) == before - 2
    # one raid a turn for the marker
    assert not any(a.kind == "hgw_bomb" for a in s.legal_actions())


def test_escorts_fight_the_air_defence_first(pack):
    """STRATEGIC BOMBING 6: escorts and air defence fire at one another; the surviving air
    defence then fires at the bombers. 4 escorts (die 1: 2 hits) and 3 air defence (die 6:
    none) fire at once; the 1 air defence left (die 1: 1 bomber lost); 6 bombers (die 6:
    1 hit)."""
    s, london, ruhr = raid_game(pack, [1, 6, 1, 6], escort=4)
    s.apply(Action("hgw_bomb", path=(london,), zone=ruhr))
    e = s.log[-1]
    assert e["dice"] == {"escort": [1], "escort_defence": [6], "defence": [1], "bombers": [6]}
    assert s.air[ruhr].air_def == 1 and s.air[london].escort == 4
    assert (e["bombers_lost"], e["hits"]) == (1, 1)


def test_air_defence_is_built_at_once_bombers_after_research(pack):
    """STRATEGIC BOMBING 1: air defence "anytime" (8 PP at level 0), bombers once the
    tech level allows; they go to a friendly, supplied production hex of the home country."""
    s = game(pack)
    to_phase(s, "AXIS", "production")
    s.banks["AXIS"] = 16
    s._legal = None
    builds = [a for a in s.legal_actions() if a.kind == "hgw_build_air"]
    assert builds and {a.type for a in builds} == {"air_def"}
    s.apply(builds[0])
    assert s.air[builds[0].zone] == Air("AXIS", air_def=1) and s.banks["AXIS"] == 8
    with pytest.raises(RulesError):
        s.apply(Action("hgw_build_air", type="bomber", zone=builds[0].zone, count=1))


def test_the_bot_raids_the_richest_target(pack):
    """The bots' strategic warfare decision: raid the hex in range with the most
    production for its air defence (the Ruhr's 4 PP over Kiel's 2)."""
    s, london, ruhr = raid_game(pack, [6, 6], defence=0)
    a = bot_strategic(s)
    assert a == Action("hgw_bomb", path=(london,), zone=ruhr)


def test_the_play_mode_words_raids_and_research(pack):
    """The play mode's words for the new decisions (the action list and the log)."""
    from gamecore.hgw.describe import describe
    from gamecore.hgw.play import describe_hgw_event

    s, london, ruhr = raid_game(pack, [2, 1])
    a = Action("hgw_bomb", path=(london,), zone=ruhr)
    assert describe(s, a) == "Bombing raid: 7 bomber(s) from 1333 on 1436 (4 PP, 3 air defence)"
    s.apply(a)
    assert describe_hgw_event(pack, s.log[-1], s) == (
        "ALL bombing raid on Ruhr and Saar 1436: 7 bomber(s), 3 air defence (defence die 2; "
        "bombers die 1): 1 bomber(s) lost, 2 PP devastated (Ruhr and Saar 1436: 2)"
    )
    r = at_research(pack, "ALL", 2, dice=[2])
    assert describe(r, Action("hgw_research", type="mech", count=2)) == (
        "Research mech: 2 PP (marker 0 -> 2)"
    )
    set_tech(r, "AXIS", "mech", half=10)
    r.apply(Action("hgw_research", type="mech", count=1))
    r.apply(Action("hgw_resolve", type="mech"))
    assert describe_hgw_event(pack, r.log[-1], r) == (
        "ALL mech research: die 2, B (counts as A: another side is ahead): tech level 1, "
        "cost 4.0 PP, marker on 0"
    )


# -- bad input ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name,value",
    [
        ("hgw_tech", {"items": {"mech": ["six"]}}),
        ("hgw_tech", {"items": {}, "start": {"AXIS": {"inf": -1}}}),
        ("hgw_research", {"results": {"1": "ABCDEF"}}),
        ("hgw_research", {"results": {"9": "AAAAAA"}}),
        ("hgw_bomber_range", ["far"]),
    ],
)
def test_junk_research_tables_are_one_line_and_exit_2(pack, tmp_path, capsys, name, value):
    """Untrusted input: junk research levels or tables in a pack: one line, exit 2."""
    p = copy.deepcopy(pack)
    p.scenarios["campaign_2"].options[name] = value
    with pytest.raises(RulesError):
        new_game(p, "campaign_2")
    path = tmp_path / "junk.warroom"
    write_pack(p, path)
    assert main(["play", str(path), "--scenario", "campaign_2", "--seed", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and name in err and "Traceback" not in err
