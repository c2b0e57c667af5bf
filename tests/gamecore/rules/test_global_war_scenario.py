"""The ``global-war-1936`` scenario of the bundled sample pack on the global_war ruleset
(seeds/000_8004ae29f2fa7391.txt §2.1 scenarios, §4.1-§4.3 and T 4-1 Alliances, T 6-1 turn
order; rules-notes/000 §2.1-§2.5)."""

from __future__ import annotations

import pytest

from gamecore.paths import sample_pack
from gamecore.rules import load_ruleset
from gamecore.store import read_pack

SC = "global-war-1936"


@pytest.fixture(scope="module")
def pack():
    return read_pack(sample_pack())


def test_scenario_on_the_global_war_ruleset(pack):
    sc = pack.scenarios[SC]
    assert sc.ruleset == "global_war"
    # §6.1 "July 1936 is the first turn"; §2.1 "ends in July 1945 (18 turns)"; six months
    assert sc.start == "1936-07" and sc.calendar == "6-months" and sc.rounds == 18
    # the 1939 scenario is still there, on g40
    assert pack.scenarios["1939"].ruleset == "g40"


def test_three_alliances_and_the_majors(pack):
    # T 4-1: Allies (Commonwealth, France, USA; KMT China), Axis (Germany, Italy, Japan),
    # Comintern (USSR)
    sc = pack.scenarios[SC]
    assert set(sc.alliances) == {"axis", "allies", "comintern"}
    assert set(sc.alliances["axis"].members) == {"GER", "ITA", "JPN"}
    assert {"UK", "FRA", "USA", "CHN"} <= set(sc.alliances["allies"].members)
    # the Comintern: the USSR and the CCP it controls (T 4-1)
    assert set(sc.alliances["comintern"].members) == {"SOV", "CCP"}
    # §2.1: in 1936 the Majors are at peace
    majors = ["GER", "ITA", "JPN", "UK", "FRA", "USA", "SOV"]
    for i, a in enumerate(majors):
        for b in majors[i + 1 :]:
            assert sc.relation(a, b).status == "peace", (a, b)
    # T 6-1: Germany first, the USSR with the CCP, the USA (with the KMT) last
    assert sc.turn_order[0] == ["GER"] and sc.turn_order[-1] == ["USA", "CHN"]
    # T 6-1: seven turns: Germany; USSR & CCP; Japan; the Commonwealth (Poland, a minor
    # the table does not list, with it); France (Abyssinia, controlled by France, §13.2);
    # Italy; USA & KMT
    assert sc.turn_order == [
        ["GER"],
        ["SOV", "CCP"],
        ["JPN"],
        ["UK", "POL"],
        ["FRA", "ABY"],
        ["ITA"],
        ["USA", "CHN"],
    ]
    assert ["SOV", "CCP"] in sc.turn_order
    playing = {n for slot in sc.turn_order for n in slot}
    # every seat of the pack plays, plus the minors controlled by a Major (T 4-1) that
    # move in its slot: the CCP and Abyssinia, seats of this scenario only
    assert playing == {n.id for n in pack.nations.values() if n.playable} | {"CCP", "ABY"}


def test_set_up_uses_global_war_units_and_1936_borders(pack):
    sc = pack.scenarios[SC]
    gw = load_ruleset("global_war")
    assert sc.units and all(st.unit_type in gw.units for st in sc.units)
    # §15.9: every fighter at the start of 1936 is an Early War Fighter
    assert not any(st.unit_type == "fighter" for st in sc.units)
    assert any(st.unit_type == "early_war_fighter" for st in sc.units)
    # §2.4 the NRS example: the USA starts 1936 with 6 IPP
    assert sc.banks["USA"] == 6
    # Austria was independent in January 1936 (German in the 1939 scenario)
    aut = pack.map.zone_by_code("AUT").id
    assert sc.owner_of(aut) == "NEU" and pack.scenarios["1939"].owner_of(aut) == "GER"
    # every capital is held by its nation
    for nid in ("GER", "ITA", "JPN", "UK", "FRA", "USA", "SOV", "CHN"):
        assert sc.owner_of(pack.nations[nid].capital) == nid, nid


def test_validator_is_clean_on_the_scenario(pack):
    from gamecore.validate import validate

    report = validate(pack)
    problems = [
        f"{i.code} {i.message}" for i in report.issues if i.severity in ("error", "warning")
    ]
    assert problems == []


def test_random_bots_play_six_rounds(pack):
    from gamecore.engine import RandomBot, new_game, play

    state = new_game(pack, SC, seed=3, rounds=6)
    assert state.rules.id == "global_war" and state.rules.dice == 12
    play(state, RandomBot(seed=5), max_actions=50000)
    assert state.is_terminal()
    # six rounds without a victory: the round limit decides by victory points (§3)
    assert state.end_reason == "round limit (vp)"
    assert set(state.returns()) == {"axis", "allies", "comintern"}


def test_victory_points_at_game_end_section_3(pack):
    # §3 / T 3-1: objectives score victory points at the end of the game, for each of the
    # three Alliances; the Alliance with the most VP wins
    from gamecore.conditions import ScenarioWorld, check_objective

    sc = pack.scenarios[SC]
    world = ScenarioWorld(pack, sc)
    vp = [o for o in sc.objectives.values() if o.kind == "victory"]
    assert vp and all(o.props.get("check") == "game_end" and "vp(" in o.effect for o in vp)
    assert {o.owner for o in vp} == {"axis", "allies", "comintern"}
    for o in vp:
        assert check_objective(o, world) == [], o.id
    gw = load_ruleset("global_war")
    assert gw.options["round_limit_winner"] == "vp"


# ---------------------------------------------------------------------- the 1939 scenario
SC39 = "global-war-1939"


def test_the_1939_scenario_section_2_1(pack):
    # §2.1 "This scenario begins in July 1939 ... ends in July 1945 (12 turns). The game
    # begins with Germany already at war with Britain, France and with Japan at war with
    # CCP and KMT"
    sc = pack.scenarios[SC39]
    assert sc.ruleset == "global_war" and sc.calendar == "6-months"
    assert sc.start == "1939-07" and sc.rounds == 12

    def status(a, b):
        r = sc.relation(a, b)
        return r.status if r else None

    for a, b in (("GER", "UK"), ("GER", "FRA"), ("JPN", "CCP"), ("JPN", "CHN")):
        assert status(a, b) == "war", (a, b)
    for a, b in (("GER", "SOV"), ("GER", "USA"), ("JPN", "USA"), ("ITA", "UK")):
        assert status(a, b) == "peace", (a, b)
    assert status("CHN", "CCP") == "peace"  # §13.3 the KMT-CCP truce
    # T 4-1: Abyssinia is in the 1936 scenario only; T 6-1's order otherwise
    assert "ABY" not in {n for slot in sc.turn_order for n in slot}
    assert sc.turn_order[0] == ["GER"] and sc.turn_order[-1] == ["USA", "CHN"]
    # the incomes the text gives: USA 16 (NRS example, §5), Germany 24, Italy 10 (T 3-1)
    peace = sc.props["peacetime_income"]
    assert (peace["USA"], peace["GER"], peace["ITA"]) == (16, 24, 10)
    assert sc.banks["USA"] == 16
    # Britain and France start at war on all their income (§5.3 example)
    assert sc.banks["UK"] == sc.props["wartime_income"]["UK"]
    # 1936-39: Austria German, Albania and Ethiopia Italian, Nanking Japanese
    owner = {pack.map.zones[z].name: o.owner for z, o in sc.ownership.items()}
    assert owner["Austria"] == "GER" and owner["Albania"] == "ITA"
    assert owner["Ethiopia"] == "ITA"
    # what the text does not fix is marked
    assert sc.props["authored"] and "authored" in sc.props["sources"]


def test_the_1939_scenario_validates_and_bots_play_it(pack):
    from gamecore.engine import RandomBot, new_game, play
    from gamecore.validate import validate

    report = validate(pack, scenarios=[SC39])
    bad = [f"{i.code} {i.message}" for i in report.issues if i.severity in ("error", "warning")]
    assert bad == []
    s = new_game(pack, SC39, seed=3, rounds=2)
    assert s.at_war("GER", "UK") and s.at_war("JPN", "CHN")
    play(s, RandomBot(seed=5), max_actions=50000)
    assert s.is_terminal() and s.end_reason == "round limit (vp)"
