"""resources/conditions/gw1936_events.txt: the historical events, pacts and declarations of
war of Global War 1936-1945 (seeds/000 §5, §13, §14, T 4-3..T 4-6) in the condition
language: they compile against the sample world's global-war-1936 scenario and fire, at
their dates, on a small map that has the zones they name."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamecore.conditions import ScenarioWorld, check_objective, rules_to_objectives
from gamecore.engine import Action, new_game
from gamecore.engine.bots import make_bots, play
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.paths import resource, sample_pack
from gamecore.rules import economy, politics

EVENTS_FILE = Path(resource("conditions", "gw1936_events.txt"))


def events():
    return rules_to_objectives(EVENTS_FILE.read_text(encoding="utf-8"))


def test_every_block_is_an_event_with_a_known_check():
    objs = events()
    assert len(objs) >= 30
    assert len({o.id for o in objs}) == len(objs)
    for o in objs:
        assert o.kind == "event", o.id
        assert o.props.get("check", "round_start") in politics.EVENT_CHECKS, o.id
    gates = [o for o in objs if o.props.get("check") == "war_gate"]
    assert gates and all("allow_war(" in o.effect for o in gates)


@pytest.fixture(scope="module")
def sample():
    from gamecore.store import read_pack

    path = sample_pack()
    assert path.exists(), "the bundled sample pack is missing"
    return read_pack(path)


def test_events_compile_against_the_sample_1936_scenario(sample):
    sc = sample.scenarios["global-war-1936"]
    world = ScenarioWorld(sample, sc)
    problems = [(o.id, str(e)) for o in events() for e in check_objective(o, world)]
    assert problems == []


def test_sample_1936_game_with_the_events(sample):
    # the Anschluss (1938-01) and Munich (1938-07) happen on time: no nation's gate lets
    # it attack the strict neutrals before July 1939 (§5.5), so nothing pre-empts them;
    # Italy finishes Abyssinia (§13.2) in July 1936
    sc = sample.scenarios["global-war-1936"]
    saved = dict(sc.objectives)
    try:
        for o in events():
            sc.objectives[o.id] = o
        s = new_game(sample, "global-war-1936", seed=5, rounds=6)
        assert s.rules.options["scenario_events"] and s.rules.options["war_gates"]
        play(s, make_bots("random", s, 5), max_actions=60000)
        assert s.is_terminal()
        code = {s.board.code[z]: z for z in s.board.zones}
        assert s.owner[code["ETH"]] == "ITA"
        assert s.owner[code["AUT"]] == "GER"
        assert s.owner[code["BOH"]] == "GER"
        ids = [h["id"] for h in s.history if h.get("type") == "event"]
        assert ids.index("GW_anschluss") < ids.index("GW_munich")
        assert "GW_japan_china" in ids and s.at_war("JPN", "CHN")  # July 1937
    finally:
        sc.objectives.clear()
        sc.objectives.update(saved)


# ---------------------------------------------------------------------- a small map
ROWS = [
    "U F G A B P M",
    "1 1 1 1 1 1 1",
]
NATIONS = {
    "GER": {"alliance": "axis", "capital": "G"},
    "POL": {"alliance": "allies", "kind": "minor", "capital": "P"},
    "SOV": {"alliance": "comintern", "capital": "M"},
    "UK": {"alliance": "allies", "capital": "U"},
    "FRA": {"alliance": "allies", "capital": "F"},
    "NEU": {"kind": "neutral"},
    "NAX": {"kind": "neutral"},
    "NAL": {"kind": "neutral"},
}
ZONES = {
    "U": {"owner": "UK", "name": "United Kingdom", "value": 8},
    "F": {"owner": "FRA", "name": "France", "value": 8},
    "G": {"owner": "GER", "name": "Germany", "value": 12},
    "A": {"owner": "NEU", "name": "Austria", "value": 3},
    "B": {"owner": "NEU", "name": "Bohemia-Moravia", "value": 3},
    "P": {"owner": "POL", "name": "Poland", "value": 4},
    "M": {"owner": "SOV", "name": "Moscow", "value": 8},
}
USED = (
    "GW_anschluss",
    "GW_munich",
    "GW_molotov_ribbentrop",
    "GW_mr_ends",
    "GW_guarantee",
    "GW_poland_aligns",
    "GW_gate_GER",
    "GW_gate_UK",
    "GW_gate_FRA",
    "GW_gate_POL",
)


def small_game():
    chosen = [o for o in events() if o.id in USED]
    assert len(chosen) == len(USED)
    nations = list(NATIONS)
    relations = {(a, b): "peace" for i, a in enumerate(nations) for b in nations[i + 1 :]}
    pack = grid_pack(
        ROWS,
        ZONES,
        NATIONS,
        [("G", "GER", "infantry", 3), ("P", "POL", "infantry", 2)],
        relations=relations,
        ruleset="global_war",
        objectives=chosen,
        banks={n: 10 for n in nations},
        turn_order=[["GER"], ["POL"], ["SOV"], ["UK"], ["FRA"]],
    )
    sc = pack.scenarios["test"]
    sc.start, sc.calendar = "1937-07", "6-months"
    return new_game(pack, "test", seed=1), zone_ids(pack)


def next_round(s):
    r = s.round
    while s.round == r and not s.terminal:
        s.apply(Action.end_phase())


def test_events_fire_at_their_dates_on_a_small_map():
    s, z = small_game()
    assert politics.current_date(s) == "1937-07"
    assert s.owner[z["A"]] == "NEU"
    next_round(s)  # January 1938: the Anschluss
    assert politics.current_date(s) == "1938-01"
    assert s.owner[z["A"]] == "GER" and s.owner[z["B"]] == "NEU"
    next_round(s)  # July 1938: Munich
    assert s.owner[z["B"]] == "GER"
    # Germany may not go to war before July 1939 (gate GW_gate_GER)
    assert politics.war_targets(s, "GER") == set()
    next_round(s)
    next_round(s)  # July 1939: the Molotov-Ribbentrop pact (§14.1: Germany +5, USSR +3)
    assert s.relation("GER", "SOV") == "pact"
    assert s.income_mod == {"GER": 5, "SOV": 3}
    before = s.banks["GER"]
    economy.collect_income(s, "GER")
    assert s.banks["GER"] - before == 12 + 3 + 3 + 5
    assert {"POL", "UK", "FRA", "SOV", "NEU"} <= politics.war_targets(s, "GER")


def test_declaring_war_on_poland_brings_in_britain_and_france():
    s, z = small_game()
    for _ in range(4):
        next_round(s)
    while s.phase != "politics" and s.round == 5:
        s.apply(Action.end_phase())
    assert s.current_nation == "GER" and s.phase == "politics"
    s.apply(Action.declare_war("POL"))
    # the guarantee (on_war), and §4.4 the Allies at war with Germany are Aligned
    assert s.at_war("UK", "GER") and s.at_war("FRA", "GER")
    assert s.relation("UK", "FRA") == "aligned"
    # T 4-4: Poland Aligns with Britain at the start of the British turn
    while s.current_nation != "UK" and s.round == 5:
        s.apply(Action.end_phase())
    assert s.owner[z["P"]] == "UK"
    assert not s.alive("POL")
    # the pact ends when Germany and the USSR go to war (its trade stops)
    from gamecore.rules.phases import declare_war

    declare_war(s, "GER", "SOV")
    assert s.income_mod == {"GER": 0, "SOV": 0}
