"""Global War technologies (resources/rulesets/global_war.toml [technologies.*],
gamecore/rules/tech.py).

Sources: seeds/000_8004ae29f2fa7391.txt §7.6 (research dice from undamaged possessed
Major Factories, once per technology and turn, a repaired factory rolls at once, no stage
beyond II before July 1939), §7.7 and T 7-2 (roll the stage's number or higher on a D12;
head starts), §7.8 (the technologies), §2.3 (shared charts), §4.5 (controlled minors do
not research); rules-notes/000 §3.4, §6.1 (garbled chart), §6.7 (research cost).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.engine import Action, RandomBot, new_game, play, replay
from gamecore.engine.ruleset import parse_ruleset
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.errors import RulesError, RulesetError
from gamecore.rules import economy, load_ruleset, patrol, tech

END = Action.end_phase()
NATIONS = {
    "RED": {"alliance": "reds"},
    "PNK": {"alliance": "reds"},
    "BLU": {"alliance": "blues"},
}


@pytest.fixture(scope="module")
def gw():
    return load_ruleset("global_war")


def game(
    facilities=(("A", "major_factory"),),
    techs=None,
    options=None,
    start="",
    units=(),
    banks=None,
    relations=None,
    nations=None,
    seed=1,
    rounds=None,
):
    """RED holds A (home, coast) and B (taken from BLU); PNK holds E; BLU holds C, D, F.
    RED plays first, then PNK, then BLU."""
    pack = grid_pack(
        ["ABE1", "CDF1"],
        {
            "A": {"owner": "RED", "value": 5},
            "B": {"owner": "RED", "original": "BLU", "value": 2},
            "E": {"owner": "PNK", "value": 2},
            "C": {"owner": "BLU", "value": 3},
            "D": {"owner": "BLU", "value": 3},
            "F": {"owner": "BLU", "value": 3},
        },
        nations or NATIONS,
        units,
        facilities,
        banks=banks or {"RED": 60, "PNK": 60, "BLU": 60},
        relations=relations,
        ruleset="global_war",
        options=options,
        rounds=rounds,
    )
    sc = pack.scenarios["test"]
    sc.start, sc.calendar = start, "6-months"
    if techs:
        sc.props["technologies"] = techs
    return new_game(pack, "test", seed=seed), zone_ids(pack)


def research(s):
    return sorted(a.type for a in s.legal_actions() if a.kind == "research")


def last(s, kind):
    return [e for e in s.log if e.get("e") == kind][-1]


def to_turn_of(s, nation):
    while not (s.current_nation == nation and s.phase == "purchase"):
        s.apply(END)


# ---------------------------------------------------------------------------- the chart
# T 7-2 as printed (rules-notes/000 §3.4): readable rows, and the rows whose cells the OCR
# lost, reconstructed as 7+ (rules-notes/000 §6.1)
CHART = {
    "advanced_artillery": (7, True),
    "advanced_mechanized": (7, True),
    "heavy_armor": (8, False),
    "jet_fighters": (8, False),
    "heavy_bombers": (9, False),
    "long_range_aircraft": (7, True),
    "advanced_submarines": (8, False),
    "advanced_asw": (7, True),
    "strategic_rockets": (9, False),
    "radar": (7, True),
    "wartime_economy": (7, True),
    "improved_factories": (7, True),
    "improved_construction": (7, True),
    "heavy_battleships": (7, True),
    "heavy_carriers": (8, False),
    "attack_transports": (8, False),
}


def test_technology_chart_t_7_2(gw):
    # seeds/000 T 7-2: sixteen technologies, four stages (Stage 1-3, Complete) each
    assert list(gw.technologies) == list(CHART)
    for tid, (target, rec) in CHART.items():
        t = gw.technologies[tid]
        assert t.targets == (target,) * 4 and t.stages == 4, tid
        assert t.reconstructed is rec, tid
    assert gw.options["technologies"] is True and gw.options["research_die"] == 12


def test_technologies_unlock_the_eleven_technology_units_section_7_8(gw):
    # §7.8: each technology unit is unlocked by the technology its props name
    unlocked = {u: ts for u, ts in gw.unit_techs.items()}
    assert len(unlocked) == 11
    for u, ts in unlocked.items():
        assert ts == (gw.units[u].props["tech"],)
    assert gw.technologies["advanced_artillery"].unlocks == (
        "advanced_artillery",
        "advanced_sp_artillery",
    )


def test_g40_has_no_research():
    g40 = load_ruleset("g40")
    assert g40.technologies == {} and g40.options["technologies"] is False


# ---------------------------------------------------------------------------- research dice
def test_one_die_per_undamaged_possessed_major_factory_section_7_6():
    # §7.6: "For every undamaged possessed Major Factory, you get 1 Technology die roll per
    # turn ... A damaged factory yields no rolls"; other factories give none
    s, _ = game(
        facilities=[
            ("A", "major_factory"),
            ("B", "major_factory", 2),
            ("B", "medium_factory"),
            ("C", "major_factory"),
        ]
    )
    assert tech.research_dice(s, "RED") == 1
    assert len(research(s)) == 16
    s.apply(Action.research("heavy_armor"))
    assert research(s) == []  # the one die is used
    assert last(s, "research")["tech"] == "heavy_armor"


def test_a_repaired_factory_rolls_the_same_turn_section_7_6():
    # §7.6 note: "If you repair a damaged factory you get the Technology die roll in the
    # same turn"
    s, _ = game(facilities=[("A", "major_factory", 3)])
    assert tech.research_dice(s, "RED") == 0 and research(s) == []
    rep = [a for a in s.legal_actions() if a.kind == "repair"]
    s.apply(rep[0])
    assert tech.research_dice(s, "RED") == 1 and len(research(s)) == 16


def test_each_technology_once_per_turn_section_7_6():
    # §7.6: "You can only roll for a technology once per turn"
    s, _ = game(facilities=[("A", "major_factory"), ("A", "major_factory")])
    assert tech.research_dice(s, "RED") == 2
    s.apply(Action.research("radar"))
    assert "radar" not in research(s) and len(research(s)) == 15
    with pytest.raises(RulesError):
        s.apply(Action.research("radar"))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(sorted(CHART)))
def test_success_on_the_stage_number_or_higher_on_a_d12_section_7_7(seed, tid):
    # §7.7: "Rolling the indicated value or higher on a D12 results in success and the
    # player places a roundel on that stage"
    s, _ = game(seed=seed)
    s.apply(Action.research(tid))
    ev = last(s, "research")
    assert 1 <= ev["roll"] <= 12 and ev["target"] == CHART[tid][0]
    assert ev["success"] is (ev["roll"] >= ev["target"])
    assert tech.stage(s, "RED", tid) == (1 if ev["success"] else 0)


def test_four_stages_complete_a_technology_section_7_7():
    # a technology is developed when its fourth stage (Complete) succeeds; only then do
    # its effects apply
    s, _ = game(techs={"RED": {"heavy_armor": 3}})
    assert tech.stage(s, "RED", "heavy_armor") == 3 and not tech.has_tech(s, "RED", "heavy_armor")
    seed = 0
    while True:  # find a seed whose first research roll is a success
        s, _ = game(techs={"RED": {"heavy_armor": 3}}, seed=seed)
        s.apply(Action.research("heavy_armor"))
        if last(s, "research")["success"]:
            break
        seed += 1
    assert tech.has_tech(s, "RED", "heavy_armor")
    assert last(s, "tech_developed")["tech"] == "heavy_armor"
    assert "tech:RED:heavy_armor" in s.awards  # what the convoy rules test
    assert "heavy_armor" not in research(s)
    assert any(h["type"] == "tech_developed" for h in s.history)


def test_no_research_beyond_stage_two_before_july_1939_section_7_6():
    # §7.6: "You cannot research beyond stage II before July 1939"
    s, _ = game(start="1939-01", techs={"RED": {"heavy_armor": 2, "radar": 1}})
    assert tech.game_date(s) == (1939, 1)
    assert "heavy_armor" not in research(s) and "radar" in research(s)
    for _ in range(3):  # on to the next calendar turn (six months later)
        to_turn_of(s, "PNK")
        to_turn_of(s, "RED")
        if s.round == 2:
            break
    assert tech.game_date(s) == (1939, 7)
    assert "heavy_armor" in research(s)


def test_head_starts_from_the_scenario_section_7_7():
    # §7.7: "some nations begin with markers on the chart"
    s, _ = game(techs={"RED": {"jet_fighters": 2}})
    assert tech.stage(s, "RED", "jet_fighters") == 2 and tech.stage(s, "BLU", "jet_fighters") == 0
    with pytest.raises(RulesError, match="no technology 'death_ray'"):
        game(techs={"RED": {"death_ray": 1}})
    with pytest.raises(RulesError, match="stage must be 0..4"):
        game(techs={"RED": {"radar": 5}})


def test_research_cost_option_rules_notes_6_7():
    # rules-notes/000 §6.7: the rulebook prints no price; global_war chooses free dice,
    # a variant may charge per die
    s, _ = game()
    s.apply(Action.research("radar"))
    assert s.banks["RED"] == 60 and last(s, "research")["cost"] == 0
    s, _ = game(options={"research_cost": 5})
    s.apply(Action.research("radar"))
    assert s.banks["RED"] == 55
    s, _ = game(options={"research_cost": 5}, banks={"RED": 4, "PNK": 0, "BLU": 0})
    assert research(s) == []


def test_research_is_an_option():
    s, _ = game(options={"technologies": False})
    assert research(s) == []


def test_a_controlled_minor_does_not_research_section_4_5():
    # §4.5: the Major Power may not have a controlled minor research technology
    nations = {**NATIONS, "PNK": {"alliance": "reds", "kind": "minor"}}
    s, _ = game(facilities=[("E", "major_factory")], nations=nations)
    to_turn_of(s, "PNK")
    assert tech.research_dice(s, "PNK") == 1 and research(s) == []
    s, _ = game(
        facilities=[("E", "major_factory")], nations=nations, options={"research_by": "any"}
    )
    to_turn_of(s, "PNK")
    assert len(research(s)) == 16


def test_shared_chart_section_2_3():
    # §2.3: "All Commonwealth entities share the same technology marker and per turn
    # limits on developing technology"
    opts = {"tech_tracks": {"PNK": "RED"}}
    s, _ = game(facilities=[("A", "major_factory"), ("E", "major_factory")], options=opts)
    s.apply(Action.research("radar"))
    red = tech.stage(s, "RED", "radar")
    to_turn_of(s, "PNK")
    assert "radar" not in research(s) and len(research(s)) == 15
    assert tech.stage(s, "PNK", "radar") == red
    s.apply(Action.research("jet_fighters"))
    assert tech.stage(s, "RED", "jet_fighters") == tech.stage(s, "PNK", "jet_fighters")
    assert set(s.techs) <= {"RED"}
    s, _ = game(options=opts, techs={"PNK": {"radar": 4}})
    assert tech.has_tech(s, "RED", "radar") and tech.has_tech(s, "PNK", "radar")
    assert {"tech:RED:radar", "tech:PNK:radar"} <= s.awards


# ---------------------------------------------------------------------------- effects
def test_technology_units_need_the_technology_section_7_8():
    # §7.8: "Heavy armor technology allows a nation to build Heavy Armor units"
    s, _ = game()
    buys = {a.type for a in s.legal_actions() if a.kind == "buy"}
    assert "medium_armor" in buys and "heavy_armor" not in buys
    with pytest.raises(RulesError):
        s.apply(Action.buy("heavy_armor", 2))
    s, _ = game(techs={"RED": {"heavy_armor": 4}})
    buys = {a.type for a in s.legal_actions() if a.kind == "buy"}
    assert "heavy_armor" in buys and "jet_fighter" not in buys
    s.apply(Action.buy("heavy_armor"))
    assert s.banks["RED"] == 60 - 8  # §7.8 Heavy Armor costs 8


def test_technology_units_are_placed_in_the_home_country_section_7_8():
    # §7.8: "Units that become available after acquiring advanced technology have to be
    # built in Home Country"; B is RED's but was BLU's originally
    s, z = game(
        facilities=[("A", "major_factory"), ("B", "minor_factory")],
        techs={"RED": {"heavy_armor": 4}},
    )
    s.start_owner[z["B"]] = "RED"
    s.apply(Action.buy("heavy_armor"))
    s.apply(Action.buy("medium_armor"))
    while s.phase != "place":
        s.apply(END)
    places = {(a.type, a.zone) for a in s.legal_actions() if a.kind == "place"}
    assert ("heavy_armor", z["A"]) in places and ("heavy_armor", z["B"]) not in places
    assert ("medium_armor", z["B"]) in places
    s2, z = game(
        facilities=[("A", "major_factory"), ("B", "minor_factory")],
        techs={"RED": {"heavy_armor": 4}},
        options={"tech_units_home_only": False},
    )
    s2.apply(Action.buy("heavy_armor"))
    while s2.phase != "place":
        s2.apply(END)
    assert ("heavy_armor", z["B"]) in {
        (a.type, a.zone) for a in s2.legal_actions() if a.kind == "place"
    }


def test_long_range_aircraft_section_7_8():
    # §7.8: Strategic and Heavy Strategic Bombers +2 movement, all other aircraft +1,
    # "all its existing aircraft are automatically upgraded"; land units unchanged
    units = [("A", "RED", "fighter"), ("A", "RED", "strategic_bomber"), ("A", "RED", "infantry")]
    plain, _ = game(units=units)
    lra, _ = game(units=units, techs={"RED": {"long_range_aircraft": 4}})
    for s, want in ((plain, (4, 6, 1)), (lra, (5, 8, 1))):
        moves = {u.type: u.moves for u in s.units.values()}
        assert (moves["fighter"], moves["strategic_bomber"], moves["infantry"]) == want
    mb = lra.rules.units["medium_bomber"]
    assert tech.unit_bonus(lra, "RED", mb, "map_range") == 1  # +1 Maritime Air Patrol range
    assert tech.unit_bonus(lra, "BLU", mb, "map_range") == 0
    # ... which the air patrol reads (§8.7, gamecore.rules.patrol; issue #23 point 15)
    for s, want in ((plain, 1), (lra, 2)):
        uid = s.add_unit("RED", "medium_bomber", s.units[min(s.units)].zone)
        assert patrol.patrol_range(s, uid) == want


def test_improved_factories_for_the_owner_only_section_7_8():
    # §7.8: Minor 2, Medium 5, Major 8 units a turn; "A captured improved factory gives no
    # benefit to the captor unless the captor also has developed Improved Factories"
    s, _ = game(
        facilities=[("A", "major_factory"), ("B", "medium_factory"), ("C", "major_factory")],
        techs={"RED": {"improved_factories": 4}},
    )
    cap = {f.zone: s.production_capacity(f) for f in s.facilities.values()}
    z = zone_ids(s.pack)
    assert cap == {z["A"]: 8, z["B"]: 5, z["C"]: 5}
    s.owner[z["C"]] = "RED"  # RED takes C: the factory improves for its new owner
    assert s.production_capacity(next(f for f in s.facilities.values() if f.zone == z["C"])) == 8


def test_improved_construction_section_7_8():
    # §7.8: "All facilities and ships cost -1 IPP per cycle": a 5/5/5 battleship 12, a
    # destroyer 6, an air base (3/3) 4; land units unchanged; Minor Shipyards 2 units a
    # turn, Major Shipyards 8
    s, _ = game(techs={"RED": {"improved_construction": 4}})
    kinds = ("battleship", "destroyer", "air_base")
    price = {t: economy._full_cost(s, "RED", t) for t in kinds}
    assert price == {"battleship": 12, "destroyer": 6, "air_base": 4}
    assert economy._cost(s, "RED", "infantry") == 3 and economy._cost(s, "BLU", "destroyer") == 7
    # §7.3 with multi-turn production: each instalment is 1 IPP cheaper (5/5/5 -> 4/4/4)
    assert [economy.instalment(s, "RED", "battleship", i) for i in range(3)] == [4, 4, 4]
    assert [economy.instalment(s, "BLU", "battleship", i) for i in range(3)] == [5, 5, 5]
    assert economy._cost(s, "RED", "destroyer") == 6
    # per instalment, for rules paying a cost_schedule a turn at a time (§7.3)
    assert tech.cycle_delta(s, "RED", "battleship") == -1
    assert tech.cycle_delta(s, "RED", "infantry") == tech.cycle_delta(s, "BLU", "air_base") == 0
    ft = s.rules.facility_types
    assert tech.facility_value(s, "RED", ft["major_shipyard"], "production") == 8
    assert tech.facility_value(s, "RED", ft["minor_shipyard"], "production") == 2


def test_wartime_economy_while_at_war_with_a_major_section_7_8():
    # §7.8: "rolls 2D6 and collects that many additional IPPs ... A nation must be at war
    # with a Major Power to get this income"; base income unchanged
    def income_of_red(**kw):
        s, _ = game(techs={"RED": {"wartime_economy": 4}}, **kw)
        before = s.banks["RED"]
        to_turn_of(s, "PNK")  # RED's turn ends with Collect Income
        return s, s.banks["RED"] - before

    s, got = income_of_red()
    extra = last(s, "tech_income")["amount"]
    assert 2 <= extra <= 12 and got == s.territory_income("RED") + extra
    assert s.income["RED"] == got and last(s, "income")["amount"] == got - extra
    s, got = income_of_red(relations={("RED", "BLU"): "peace"})
    assert got == s.territory_income("RED") and not any(e.get("e") == "tech_income" for e in s.log)


def test_radar_section_7_8():
    # §7.8 Radar: convoys +2, Air Bases scramble any number of fighters, fighters +1
    # interception; Advanced ASW: convoys +1
    s, _ = game(techs={"RED": {"radar": 4, "advanced_asw": 4}})
    ft, ut = s.rules.facility_types, s.rules.units
    assert tech.facility_value(s, "RED", ft["air_base"], "scramble") == 99
    assert tech.facility_value(s, "BLU", ft["air_base"], "scramble") == 3
    assert tech.unit_bonus(s, "RED", ut["fighter"], "air_battle") == 1
    assert tech.unit_bonus(s, "RED", ut["strategic_bomber"], "air_battle") == 0
    assert tech.convoy_bonus(s, "RED") == 3 and tech.convoy_bonus(s, "BLU") == 0


# ---------------------------------------------------------------------------- games and data
def test_random_bots_research_and_games_replay():
    # the random bot may research; games end, and the same seed gives the same game
    def run(seed):
        s, _ = game(
            facilities=[("A", "major_factory"), ("C", "major_factory"), ("E", "major_factory")],
            units=[("A", "RED", "infantry", 2), ("C", "BLU", "infantry", 2)],
            rounds=4,
            seed=seed,
            start="1939-01",
        )
        play(s, RandomBot(seed=seed), max_actions=20000)
        return s

    a, b = run(7), run(7)
    assert a.is_terminal() and a.snapshot() == b.snapshot()
    assert any(e.get("e") == "research" for e in a.log)
    assert replay(a.pack, a.log).snapshot() == a.snapshot()
    c = a.clone()
    assert c.techs == a.techs and c.snapshot() == a.snapshot()


@pytest.mark.parametrize(
    "toml, key",
    [
        ("[technologies.x]\ntargets = []\n", "technologies.x.targets"),
        ("[technologies.x]\ntargets = [7]\nunlocks = ['tank']\n", "technologies.x.unlocks"),
        (
            "[technologies.x]\ntargets = [7]\neffects = [{ kind = 'magic' }]\n",
            "technologies.x.effects[0].kind",
        ),
        (
            "[technologies.x]\ntargets = [7]\neffects = [{ kind = 'production', set = { mill = 2 } }]\n",
            "technologies.x.effects[0].set.mill",
        ),
        (
            "[technologies.x]\ntargets = [7]\neffects = [{ kind = 'income' }]\n",
            "technologies.x.effects[0].dice",
        ),
        ("[technologies.x]\ntargets = [7]\ncolour = 1\n", "technologies.x.colour"),
        ("[options]\nresearch_cap_until = 'soon'\n", "options.research_cap_until"),
        ("[options]\nresearch_by = 'all'\n", "options.research_by"),
    ],
)
def test_bad_technology_data_is_a_ruleset_error(toml, key):
    with pytest.raises(RulesetError, match=key.replace("[", r"\[").replace("]", r"\]")):
        parse_ruleset('extends = "global_war"\n' + toml, "x.toml")


def test_has_tech_in_the_condition_language_t_3_1():
    # T 3-1 "Technological Superiority: Score 1 Victory Objective if USSR has Heavy
    # Strategic Bombers, Long-Range Aircraft, Strategic Rockets, and Heavy Armor"
    from gamecore.conditions import ScenarioWorld, evaluate
    from gamecore.errors import ConditionError
    from gamecore.rules.world import GameWorld

    four = {"heavy_bombers": 4, "long_range_aircraft": 4, "strategic_rockets": 4}
    cond = " and ".join(f"has_tech(RED, {t})" for t in (*four, "heavy_armor"))
    s, _ = game(techs={"RED": {**four, "heavy_armor": 3}})
    assert evaluate(cond, GameWorld(s)) is False
    assert evaluate(cond, ScenarioWorld(s.pack, "test")) is False
    s, _ = game(techs={"RED": {**four, "heavy_armor": 4}})
    assert evaluate(cond, GameWorld(s)) is True
    assert evaluate(cond, ScenarioWorld(s.pack, "test")) is True
    assert evaluate("has_tech(BLU, radar)", GameWorld(s)) is False
    assert tech.developed_by_nation(s) == {
        "RED": sorted([*four, "heavy_armor"], key=list(CHART).index)
    }
    with pytest.raises(ConditionError, match="did you mean 'radar'"):
        evaluate("has_tech(RED, radr)", GameWorld(s))


def test_heuristic_bot_uses_its_research_dice_section_7_6():
    from gamecore.sim.bots import HeuristicBot

    s, _ = game(
        facilities=[("A", "major_factory"), ("A", "major_factory")],
        units=[("A", "RED", "infantry", 2), ("C", "BLU", "infantry", 2)],
    )
    bot = HeuristicBot(seed=1)
    while s.current_nation == "RED" and s.phase == "purchase":
        s.apply(bot.choose(s))
    assert len([e for e in s.log if e.get("e") == "research"]) == 2


def test_availability_dates_section_7_2():
    # §7.2: "Some units do not become available for purchase until certain dates. For
    # example, Strategic Bombers become available July 1939."
    def buys(start):
        s, _ = game(start=start)
        return {a.type for a in s.legal_actions() if a.kind == "buy"}

    assert "strategic_bomber" not in buys("1939-01") and "fighter" in buys("1939-01")
    assert "strategic_bomber" in buys("1939-07")
    assert "strategic_bomber" in buys("")  # no calendar: no dates
    s, _ = game(start="1939-01")
    with pytest.raises(RulesError):
        s.apply(Action.buy("strategic_bomber", 2))
    rs = parse_ruleset(
        'extends = "global_war"\n[units.fighter.props]\navailable_from = { GER = "1941-01", "*" = "1936-01" }\n',
        "x.toml",
    )
    assert rs.unit_dates["fighter"]["GER"] == "1941-01"
    with pytest.raises(RulesetError, match=r"units.fighter.props.available_from"):
        parse_ruleset(
            'extends = "global_war"\n[units.fighter.props]\navailable_from = "soon"\n', "x.toml"
        )
