"""Global War politics (gamecore.rules.politics): calendar turns, scenario events and their
effects, declarations of war, Alignment and Control of minors and neutrals.

Sources: seeds/000 §2.5 and T 6-1 (calendar), §4.4-§4.6 and T 4-3 (Alignment, Control,
neutrality), §5.5-§5.6 (declarations of war), §13-§14 (events, pacts);
rules-notes/000 §2.2-§2.7.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.conditions import ScenarioWorld, evaluate, rules_to_objectives
from gamecore.engine import Action, new_game, replay
from gamecore.engine.bots import RandomBot, play
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.errors import ConditionError
from gamecore.rules import economy, load_ruleset, movement, politics
from gamecore.rules.world import GameWorld

# A B C D land in a row; E a neutral (strict) zone next to D; 1 the sea
ROWS = [
    "A B C D E",
    "1 1 1 1 1",
]
NATIONS = {
    "GER": {"alliance": "axis", "capital": "A"},
    "UK": {"alliance": "allies", "capital": "C"},
    "FRA": {"alliance": "allies", "capital": "D"},
    "POL": {"alliance": "allies", "kind": "minor", "capital": "B"},
    "NEU": {"kind": "neutral"},
}
ZONES = {
    "A": {"owner": "GER", "name": "Germany", "value": 10},
    "B": {"owner": "POL", "name": "Poland", "value": 4},
    "C": {"owner": "UK", "name": "Britain", "value": 8},
    "D": {"owner": "FRA", "name": "France", "value": 8},
    "E": {"owner": "NEU", "name": "Austria", "value": 3, "props": {"standing_army": 2}},
}
PEACE = {
    ("GER", "UK"): "peace",
    ("GER", "FRA"): "peace",
    ("GER", "POL"): "peace",
    ("UK", "FRA"): "peace",
    ("UK", "POL"): "peace",
    ("FRA", "POL"): "peace",
}
GW_OPTIONS = {
    "scenario_events": True,
    "war_gates": True,
    "common_enemy_aligns": True,
    "neutral_victim_joins": {"axis": "allies", "allies": "axis"},
    "neutral_attack_cost": {"allies": 10},
}


def gw_game(
    events: str = "", units=(), options=None, start="1936-01", banks=None, seed=1, rounds=None
):
    pack = grid_pack(
        ROWS,
        ZONES,
        NATIONS,
        units,
        relations=PEACE,
        ruleset="global_war",
        options={**GW_OPTIONS, **(options or {})},
        objectives=rules_to_objectives(events),
        banks=banks or {"GER": 20, "UK": 20, "FRA": 20, "POL": 7},
        turn_order=[["GER"], ["POL"], ["UK"], ["FRA"]],
    )
    sc = pack.scenarios["test"]
    sc.start = start
    sc.calendar = "6-months"
    sc.rounds = rounds
    s = new_game(pack, "test", seed=seed)
    return s, zone_ids(pack), pack


def end_round(s):
    """Every nation ends every phase until the next calendar turn starts."""
    r = s.round
    while s.round == r and not s.terminal:
        s.apply(Action.end_phase())


def to_politics(s):
    while s.phase != "politics":
        s.apply(Action.end_phase())
    return s


def fired(s, event_id):
    return any(h.get("type") == "event" and h.get("id") == event_id for h in s.history)


# ---------------------------------------------------------------------- calendar
def test_six_month_calendar_turns_are_january_and_july():
    # seeds/000 §2.5: "each game turn represents six months" (January and July), T 6-1
    labels = [
        politics.date_label(politics.calendar_month("1936-07", "6-months", r)) for r in (1, 2, 3, 4)
    ]
    assert labels == ["1936-07", "1937-01", "1937-07", "1938-01"]
    assert politics.date_label(politics.calendar_month("1939-09", "year", 3)) == "1941-09"
    assert politics.calendar_month("", "6-months", 1) == 0


@settings(max_examples=25, deadline=None)
@given(st.integers(1900, 2100), st.integers(1, 12), st.integers(1, 40))
def test_calendar_round_trip(year, month, round_):
    start = f"{year}-{month:02d}"
    idx = politics.calendar_month(start, "6-months", round_)
    assert idx - politics.parse_date(start) == 6 * (round_ - 1)
    assert politics.parse_date(politics.date_label(idx)) == idx


def test_date_literal_and_calendar_functions_in_conditions():
    s, z, pack = gw_game()
    w = ScenarioWorld(pack, "test")
    w.round = 6  # 1936-01 + 5 half-years = 1938-07
    assert evaluate("date() >= 1938-07", w) is True
    assert evaluate("date() >= 1939-01", w) is False
    assert evaluate("year() == 1938 and month() == 7", w) is True
    # with spaces it is still arithmetic
    assert evaluate("1938 - 07", w, kind="num") == 1931
    with pytest.raises(ConditionError, match="month from 01 to 12"):
        evaluate("date() >= 1938-13", w)
    s.round = 6
    assert evaluate("date() == 1938-07", GameWorld(s)) is True


# ---------------------------------------------------------------------- events
def test_round_start_event_fires_once_at_its_date():
    # §13: historical events happen at the start of the calendar turn they are due
    s, z, _ = gw_game(
        """event EV_anschluss "Anschluss" { once: true
             if: date() >= 1936-07 and controls(NEU, Austria)
             effect: transfer_control(Austria, GER), trigger(anschluss) }"""
    )
    assert s.owner[z["E"]] == "NEU" and not fired(s, "EV_anschluss")
    end_round(s)
    assert s.round == 2
    assert s.owner[z["E"]] == "GER"
    assert fired(s, "EV_anschluss")
    assert evaluate("triggered(anschluss)", GameWorld(s)) is True
    # the neutral's army is not raised any more; the event does not fire again
    assert f"activated:{z['E']}" in s.awards
    end_round(s)
    assert sum(1 for h in s.history if h.get("id") == "EV_anschluss") == 1


def test_events_chain_within_one_calendar_turn():
    s, z, _ = gw_game(
        """event EV_b "second" { once: true  if: triggered(first)  effect: add_cash(UK, 5) }
           event EV_a "first" { once: true  if: true  effect: trigger(first) }"""
    )
    assert fired(s, "EV_a") and fired(s, "EV_b")  # EV_b is checked again after EV_a
    assert s.banks["UK"] == 25


def test_events_do_nothing_without_the_option():
    # g40 and every ruleset without scenario_events: events stay data only
    s, z, _ = gw_game(
        """event EV "x" { once: true if: true effect: transfer_control(Austria, GER) }""",
        options={"scenario_events": False},
    )
    end_round(s)
    assert s.owner[z["E"]] == "NEU"


def test_turn_start_event_runs_for_its_owner():
    # §13.1 the Blue Division: a free Infantry in Berlin every German turn
    s, z, _ = gw_game(
        """event EV_blue "Blue Division" { owner: GER  check: turn_start
             if: true  effect: add_units(GER, Germany, infantry, 1) }"""
    )

    def infantry():
        return sum(1 for u in s.units.values() if u.nation == "GER" and u.type == "infantry")

    assert infantry() == 1
    end_round(s)
    assert infantry() == 2


def test_pact_income_and_set_relation():
    # §14.1 Molotov-Ribbentrop: Germany +5 IPP per turn while the pact holds
    s, z, _ = gw_game(
        """event EV_pact "pact" { once: true if: true
             effect: set_relation(GER, UK, pact), add_income(GER, 5) }"""
    )
    assert s.relation("GER", "UK") == "pact"
    assert not s.at_war("GER", "UK")
    before = s.banks["GER"]
    economy.collect_income(s, "GER")
    assert s.banks["GER"] - before == 10 + 5


def test_set_option_changes_the_rules_for_the_rest_of_the_game():
    s, z, _ = gw_game(
        """event EV "x" { once: true if: true effect: set_option(neutrals, impassable) }"""
    )
    assert s.rules.options["neutrals"] == "impassable"
    assert load_ruleset("global_war").options["neutrals"] == "attackable"  # shared copy intact


def test_remove_units_and_set_alliance():
    s, z, _ = gw_game(
        """event EV "Vichy" { once: true if: true
             effect: remove_units(FRA, France, land), set_alliance(FRA, axis) }""",
        units=[("D", "FRA", "infantry", 2), ("1", "FRA", "destroyer", 1)],
    )
    assert not any(u.nation == "FRA" and u.type == "infantry" for u in s.units.values())
    assert any(u.nation == "FRA" and u.type == "destroyer" for u in s.units.values())
    assert s.side_of("FRA") == "axis"
    assert "FRA" in GameWorld(s).alliances["axis"]


# ---------------------------------------------------------------------- war
def test_war_gates_decide_who_may_declare_war_on_whom():
    # §5.5: a nation may declare war when its NRS conditions are met (here: a date)
    gates = """gate G_ger "Germany" { owner: GER  check: war_gate
                 if: date() >= 1936-07  effect: allow_war({POL, NEU}) }"""
    s, z, _ = gw_game(gates)
    assert s.current_nation == "GER"
    assert politics.war_targets(s, "GER") == set()  # not yet: the gate is closed
    assert politics.war_targets(s, "UK") == set()  # no gate of its own: no war
    # nor may it attack the neutral: the zone is closed
    assert movement.MoveContext(s, "GER", combat=True).status(z["E"]) == "X"
    end_round(s)
    to_politics(s)
    targets = {a.nation for a in s.legal_actions() if a.kind == "declare_war"}
    assert targets == {"POL"}
    assert movement.MoveContext(s, "GER", combat=True).status(z["E"]) == "N"


def test_without_gates_nobody_is_restricted():
    s, z, _ = gw_game()
    to_politics(s)
    targets = {a.nation for a in s.legal_actions() if a.kind == "declare_war"}
    assert targets == {"POL", "UK", "FRA"}


def test_declaration_consequences_on_war_events_and_common_enemy_alignment():
    # §5.5 step 2 consequences (a guarantee as data) and §4.4: UK and France, both at war
    # with Germany (a Major), become Aligned
    s, z, _ = gw_game(
        """event EV_guarantee "guarantee" { once: true  check: on_war
             if: at_war(GER, POL)  effect: declare_war({UK, FRA}, GER) }"""
    )
    assert s.relation("UK", "FRA") == "peace"
    to_politics(s).apply(Action.declare_war("POL"))
    assert s.at_war("GER", "POL")
    assert s.at_war("UK", "GER") and s.at_war("FRA", "GER")
    assert s.relation("UK", "FRA") == "aligned"
    assert s.friendly("UK", "FRA")


def test_declare_war_unchanged_without_the_options():
    # g40 behaviour: a declaration is one pair, nothing else happens
    s, z, _ = gw_game(
        """event EV "g" { once: true check: on_war if: true effect: declare_war(UK, GER) }""",
        options={"scenario_events": False, "common_enemy_aligns": False, "war_gates": False},
    )
    to_politics(s).apply(Action.declare_war("POL"))
    assert s.at_war("GER", "POL") and not s.at_war("UK", "GER")


# ---------------------------------------------------------------------- alignment
def test_align_minor_is_absorbed_by_the_major():
    # §4.4: "its units and roundels are replaced, its income is added, and it is no
    # longer a separate nation"
    s, z, _ = gw_game(units=[("B", "POL", "infantry", 3)])
    s.set_relation("GER", "POL", "war")
    politics.align_nation(s, "POL", "UK")
    assert s.owner[z["B"]] == "UK"
    assert all(u.nation != "POL" for u in s.units.values())
    assert sum(1 for u in s.units.values() if u.nation == "UK" and u.zone == z["B"]) == 3
    assert s.banks["UK"] == 27 and s.banks["POL"] == 0
    assert s.at_war("UK", "GER")  # Poland's war is Britain's now
    assert not s.alive("POL")
    # a recaptured Polish zone stays British (the minor is gone)
    from gamecore.rules import control

    s.owner[z["B"]] = "GER"
    assert control.capture(s, z["B"], "UK") == "UK"


def test_align_minor_that_keeps_its_identity():
    # §4.4: the exceptions are KMT, CCP and Free France (nation prop keeps_identity)
    s, z, pack = gw_game()
    pack.nations["POL"].props["keeps_identity"] = True
    s.alliance = {**s.alliance, "POL": None}
    politics.align_nation(s, "POL", "UK")
    assert s.owner[z["B"]] == "POL"
    assert s.side_of("POL") == "allies" and s.relation("POL", "UK") == "aligned"


def test_align_neutral_zones_with_their_army():
    s, z, _ = gw_game("""event EV "Siam" { once: true if: true effect: align(Austria, GER) }""")
    assert s.owner[z["E"]] == "GER"
    army = [u for u in s.units.values() if u.zone == z["E"]]
    assert len(army) == 2 and all(u.nation == "GER" and u.type == "infantry" for u in army)


def test_attacked_neutral_that_survives_joins_the_other_side():
    # T 4-3: attacked by the Axis it Aligns with the Allies (to the leader: the first
    # Major of the Alliance in the turn order, T 6-1: the Commonwealth); Control when the
    # attacker is not at war with the Allies, so no new war starts
    s, z, _ = gw_game()
    s.remember("attacked", by="GER", zone=z["E"], against="NEU")
    politics.after_combat(s, "GER")
    assert s.owner[z["E"]] == "UK"
    assert len([u for u in s.units.values() if u.zone == z["E"] and u.nation == "UK"]) == 2
    assert not s.at_war("GER", "UK")
    assert any(e.get("e") == "neutral_joined_side" and e["kind"] == "controlled" for e in s.log)


def test_allies_pay_for_attacking_a_neutral():
    # §5.6: GB and France pay 10 IPP to declare war on a neutral minor
    s, z, _ = gw_game(banks={"GER": 20, "UK": 20, "FRA": 6})
    s.remember("attacked", by="FRA", zone=z["E"], against="NEU")
    politics.after_combat(s, "FRA")
    assert s.banks["FRA"] == 0  # never below 0
    s.remember("attacked", by="GER", zone=z["E"], against="NEU")
    before = s.banks["GER"]
    politics.after_combat(s, "GER")
    assert s.banks["GER"] == before  # the Axis pays nothing


# ---------------------------------------------------------------------- whole games
EVENTS = """
event EV_anschluss "Anschluss" { once: true
  if: date() >= 1936-07 and controls(NEU, Austria)  effect: transfer_control(Austria, GER) }
gate G_ger "Germany" { owner: GER  check: war_gate
  if: date() >= 1937-01  effect: allow_war({POL, UK, FRA}) }
gate G_allies "Allies" { owner: allies  check: war_gate  if: at_war(GER, allies)
  effect: allow_war(GER) }
event EV_guarantee "guarantee" { once: true  check: on_war
  if: at_war(GER, POL)  effect: declare_war({UK, FRA}, GER) }
event EV_poland "Poland Aligns" { once: true  owner: UK  check: turn_start
  if: at_war(UK, GER)  effect: align(POL, UK) }
"""


@pytest.mark.parametrize("seed", [3, 7])
def test_random_bots_finish_and_replay_gives_the_same_game(seed):
    units = [
        ("A", "GER", "infantry", 4),
        ("B", "POL", "infantry", 2),
        ("C", "UK", "infantry", 2),
        ("D", "FRA", "infantry", 3),
    ]
    s, z, pack = gw_game(EVENTS, units=units, seed=seed, rounds=6)
    bot = RandomBot(seed)
    play(s, bot, max_actions=20000)
    assert s.is_terminal()
    assert fired(s, "EV_anschluss")
    again = replay(pack, s.log)
    assert again.snapshot() == s.snapshot()


# ---------------------------------------------------------------------- surrender
def test_surrender_as_data():
    # §9.22: surrender conditions are on the NRS (here: an event); the surrendering
    # nation's units are removed, its controlled minors pass to another Major of its
    # Alliance, its wars end; its zones go to the enemy holding its capital
    s, z, _ = gw_game(
        """event EV_fr "France surrenders" { once: true  owner: FRA  check: turn_start
             if: controls(enemies_of(FRA), France)  effect: surrender(FRA) }""",
        units=[("1", "FRA", "destroyer", 1), ("B", "POL", "infantry", 1)],
    )
    s.set_relation("GER", "FRA", "war")
    s.set_relation("POL", "FRA", "controlled")
    s.owner[z["D"]] = "GER"  # Paris falls
    assert evaluate("surrendered(FRA)", GameWorld(s)) is False
    start = s.round
    # FRA's turn starts, the event fires and a surrendered nation does nothing, so the
    # game moves on by itself (the economy's §9.22 rule): step until the round has passed
    while s.round == start:
        s.apply(Action.end_phase())
    assert evaluate("surrendered(FRA)", GameWorld(s)) is True
    assert any(e.get("e") == "surrender" and e.get("nation") == "FRA" for e in s.log)
    assert not any(u.nation == "FRA" for u in s.units.values())
    assert not s.at_war("GER", "FRA")
    assert s.relation("POL", "UK") == "controlled"
    assert not s.alive("FRA")


def test_bot_default_declarations():
    # bots declare war where the gates allow it on a minor or on an ally's enemy
    s, z, _ = gw_game(EVENTS)
    assert politics.suggested_wars(s, "GER") == set()  # gate closed until 1937-01
    end_round(s)
    end_round(s)
    assert politics.suggested_wars(s, "GER") == {"POL"}  # UK and France: Majors at peace
    s.set_relation("GER", "UK", "war")
    assert politics.suggested_wars(s, "FRA") == {"GER"}  # Britain's enemy
    # without gates (g40) bots keep the peace they kept before
    g, _, _ = gw_game(options={"war_gates": False})
    assert politics.suggested_wars(g, "GER") == set()


def test_heuristic_bot_goes_to_war_through_the_gates():
    from gamecore.sim.bots.heuristic import HeuristicBot

    units = [("A", "GER", "infantry", 4), ("B", "POL", "infantry", 1)]
    s, z, _ = gw_game(EVENTS, units=units, rounds=3)
    play(s, HeuristicBot(1), max_actions=5000)
    assert s.is_terminal()
    assert any(h.get("type") == "declared_war" and h["by"] == "GER" for h in s.history)
    assert s.at_war("UK", "GER")  # the guarantee


def test_minor_outside_the_alliances_joins_the_victims_side():
    # T 4-3: a minor the Axis declares war on comes under Allied Control while the Axis
    # power is not at war with the Allies, and Aligns with the Allies when it is
    s, z, _ = gw_game(units=[("B", "POL", "infantry", 1)])
    s.alliance = {**s.alliance, "POL": None}
    politics.declare_war(s, "GER", "POL")
    assert s.relation("POL", "UK") == "controlled" and s.side_of("POL") == "allies"
    assert not s.at_war("GER", "UK")
    s2, z2, _ = gw_game(units=[("B", "POL", "infantry", 1)])
    s2.alliance = {**s2.alliance, "POL": None}
    s2.set_relation("GER", "UK", "war")
    politics.declare_war(s2, "GER", "POL")
    assert s2.owner[z2["B"]] == "UK" and not s2.alive("POL")  # Aligned: absorbed


def test_close_and_open_a_canal_by_event():
    # §1.15 canals as data: an event closes a named canal (and opens it again)
    pack = grid_pack(
        ["1 A 2"],
        {"A": {"owner": "GER"}},
        {"GER": {"alliance": "axis"}},
        [("1", "GER", "destroyer", 1)],
        links=[("canal", "1", "2", {"controllers": ["A"]})],
        banks={"GER": 30},  # something to decide every turn: the rounds do not run on
        ruleset="global_war",
        options=GW_OPTIONS,
        objectives=rules_to_objectives(
            """event EV_close "closed" { once: true if: date() >= 1936-07
                 effect: close_link(Kiel Canal) }
               event EV_open "opened" { once: true if: date() >= 1937-01
                 effect: open_link("kiel canal") }"""
        ),
    )
    pack.map.links[1].name = "Kiel Canal"
    sc = pack.scenarios["test"]
    sc.start, sc.calendar = "1936-01", "6-months"
    s = new_game(pack, "test")
    z = zone_ids(pack)

    def can_sail():
        return movement.MoveContext(s, "GER", combat=False).canal_open(z["1"], z["2"], "destroyer")

    assert can_sail()
    end_round(s)
    assert s.round == 2
    assert not can_sail() and s.snapshot()["closed_links"] == [[z["1"], z["2"]]]
    end_round(s)
    assert can_sail()


def test_recruitment_roll_of_a_controlled_minor():
    # §4.5 / §11.5: the controller rolls D12 <= the minor's land zones -> 1 Infantry
    from tests.gamecore.engine.helpers import ScriptedRng

    s, z, pack = gw_game(options={"recruitment": True})
    s.set_relation("POL", "UK", "controlled")
    s.rng = ScriptedRng([1, 2])
    polish = lambda: [u for u in s.units.values() if u.nation == "POL"]  # noqa: E731
    politics.recruit(s, "UK")  # Poland has 1 zone: a 1 succeeds
    assert [(u.type, u.zone) for u in polish()] == [("infantry", z["B"])]
    politics.recruit(s, "UK")  # a 2 fails
    assert len(polish()) == 1
    pack.nations["POL"].props["recruitment_target"] = 0
    s.rng = ScriptedRng([1])
    politics.recruit(s, "FRA")  # France controls nobody: no roll
    assert s.rng.used == []
    politics.recruit(s, "UK")
    assert s.rng.used == [1] and len(polish()) == 1  # target 0: never
