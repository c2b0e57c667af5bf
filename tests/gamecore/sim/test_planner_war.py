"""The planner's answers to why it lost (issue #33): lend-lease to the ally under the
most pressure, money earmarked by lend-lease spent, stranded armies ferried to land
beside the war, and wars made when the army is idle or the round limit's income tiebreak
is being lost, and captures that win the game by its own victory condition or deny the
enemy's.

Rule sources: The War Game's lend-lease (seeds/002 "Lend-Lease", rules-notes/002 §2.7:
USA to UK, USSR or China, at most 1/3 of its money, the first 15 free, the rest for
hardware), its sharing matrix (rules-notes/002 §2.3: Allied units never stand on Soviet
land) and victory by land totals (§2.8); declarations of war (seeds/000 §5.5); the round
limit's income tiebreak (rules-notes/004 §4.11, the g40 ruleset's ``round_limit_winner``).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamecore.engine import new_game
from gamecore.engine.actions import Action
from gamecore.paths import resource, sample_pack
from gamecore.rules.economy import placement_capacity
from gamecore.rules.wargame import land_total, shares_land
from gamecore.rules.wargame import victory as wargame_victory
from gamecore.sim.bots import bots_for
from gamecore.sim.bots.heuristic import _bfs, _View
from gamecore.sim.bots.planner import PlannerBot
from gamecore.sim.bots.planner.economy import MIN_ROOM, land_pressure, lend_lease
from gamecore.sim.bots.planner.ferry import LandingView, landings, stranded_zones
from gamecore.sim.bots.planner.politics import (
    choose_declarations,
    faces_an_enemy,
    income_leader_ahead_of,
    score_declarations,
)
from gamecore.sim.bots.planner.victory import PlanView, victory_worth
from gamecore.store.packfile import read_pack


@pytest.fixture(scope="module")
def war_game():
    return read_pack(resource("samples", "war-game-1942.warroom"))


@pytest.fixture(scope="module")
def world():
    return read_pack(sample_pack())


def _to(state, bots, nation: str, phase: str):
    while not (state.current_nation == nation and state.phase == phase):
        state.apply(bots[state.current_player].choose(state))
    return state


@pytest.fixture(scope="module")
def usa_purchase(war_game):
    s = new_game(war_game, "1942", seed=1, log="none")
    return _to(s, bots_for("allies=planner,*=heuristic", s, 1), "USA", "purchase")


def test_the_usa_lends_the_most_it_may_to_the_ally_under_most_pressure(usa_purchase):
    s = usa_purchase
    legal = s.legal_actions()
    offers = [a for a in legal if a.kind == "lend_lease"]
    assert {a.nation for a in offers} == {"UK", "USSR", "CHN"}  # seeds/002 Lend-Lease
    gift = lend_lease(s, legal, 1.0)
    assert len(gift) == 1 and gift[0] in legal
    r = gift[0].nation
    usable = [x for x in ("UK", "USSR", "CHN") if placement_capacity(s, x)[0] >= MIN_ROOM]
    assert r == max(usable, key=lambda x: land_pressure(s, x))
    assert r == "USSR"  # the Soviet land faces the German army
    assert gift[0].count == max(a.count for a in offers if a.nation == r)
    assert lend_lease(s, legal, 0.0) == []
    half = lend_lease(s, legal, 0.5)[0].count
    assert 0 < half <= gift[0].count / 2 + 1e-9


def test_money_earmarked_by_lend_lease_is_spent_on_hardware(war_game):
    s = new_game(war_game, "1942", seed=1, log="none")
    bots = bots_for("allies=planner,*=heuristic", s, 1)
    _to(s, bots, "USA", "purchase")
    _to(s, bots, "USSR", "purchase")  # next round: the gift has arrived
    marked = s.earmarked("USSR").get("hardware", 0)
    assert marked > 0
    while s.current_nation == "USSR" and s.phase == "purchase":
        s.apply(bots["USSR"].choose(s))
    ut = s.rules.units
    cheapest = min(
        u.cost_for("USSR")
        for t, u in ut.items()
        if u.domain == "land" and u.attack + u.defense > 0 and t != "infantry"
    )
    room = placement_capacity(s, "USSR")[0] - sum(s.pending.get("USSR", {}).values())
    assert s.earmarked("USSR").get("hardware", 0) < cheapest or room <= 0


def test_a_stranded_army_is_ferried_to_land_beside_the_war(usa_purchase):
    s = usa_purchase
    v = _View(s, "USA")
    stranded, near = stranded_zones(v)
    names = {s.board.name[z] for z in stranded}
    assert "Eastern United States" in names  # no land route from the Americas to the war
    land = landings(v, 2)
    assert land
    home = _bfs(s.board.land_nbrs, {z: 0 for z in stranded})
    for z in land:
        assert z not in home and s.board.coast.get(z)
        if not v.is_enemy_land(z):
            o = s.owner[z]
            assert near[z] <= 2 and o in v.friends and shares_land(s, "USA", o)
            assert s.owner[z] != "USSR"  # rules-notes/002 §2.3: no Allied unit on Soviet land
    lv = LandingView(v, 2)
    goals = lv.ferry_goals()
    assert goals and all(s.board.is_sea(g) for g in goals)
    assert all(any(g in s.board.coast.get(z, ()) for z in land) for g in goals)
    assert {z for z in land if not v.is_enemy_land(z)} <= lv.takeover_zones()
    assert lv.mine is v.mine  # everything else reads through to the view
    # only the stranded units board: every other zone counts as at the front
    front = lv.front_distance()
    assert not set(front) & stranded and all(d == 0 for d in front.values())
    # a garrison is no army: nothing is ferried while too small a share is stranded
    assert not LandingView(v, 2, share=1.01).ferry_goals() - v.ferry_goals()


def test_the_hulls_a_stranded_army_needs_are_bought_before_the_gift_runs_the_money_out(
    usa_purchase,
):
    def bought(buy_hulls: int) -> dict[str, int]:
        s = usa_purchase.clone()
        bot = PlannerBot(1)
        bot._weights(s)
        bot.planner = replace(bot.planner, landing_reach=2, buy_hulls=buy_hulls)
        for step in bot._plan_purchase(s, s.legal_actions()):
            a = step if isinstance(step, Action) else step(s, s.legal_actions())
            if a is None or a.kind == "end_phase":
                continue
            s.apply(a)
        return dict(s.pending.get("USA", {}))

    # seeds/002 "Lend-Lease": the gift comes out of the money the plan was made with
    assert bought(0).get("transport", 0) == 0  # listed last, the hulls were never paid for
    assert bought(1).get("transport", 0) >= 1


def test_weights_per_nation_are_read_after_their_table():
    from gamecore.sim.bots.planner.params import params_for

    w = {
        "default": {"landing_reach": 2, "nation": {"USA": {"lend_lease": 0.5}}},
        "ruleset": {"war_game": {"landing_reach": 0, "nation": {"USA": {"landing_reach": 3}}}},
        "scenario": {"1942": {"nation": {"UK": {"landing_reach": 1}}}},
    }
    assert params_for("war_game", "1942", w, nation="USA").landing_reach == 3
    assert params_for("war_game", "1942", w, nation="USA").lend_lease == 0.5
    assert params_for("war_game", "1942", w, nation="UK").landing_reach == 1
    assert params_for("war_game", "1942", w, nation="JPN").landing_reach == 0
    assert params_for("g40", "1939", w).landing_reach == 2
    bundled_us = params_for("war_game", "1942", nation="USA")
    assert (
        bundled_us.landing_reach > 0 == params_for("war_game", "1942", nation="JPN").landing_reach
    )


def test_an_army_facing_an_enemy_and_one_facing_none(world):
    s = new_game(world, "1939", seed=1, rounds=2, log="none")
    assert faces_an_enemy(s, "GER")  # at war with Poland, next to it (seeds/000 §5.5)
    assert not faces_an_enemy(s, "SOV")  # at war with nobody yet


def test_a_side_losing_the_income_tiebreak_pushes_wars_on_the_leader(world):
    s = new_game(world, "1939", seed=1, rounds=2, log="none")
    bot = PlannerBot(1)
    _to(s, {n: bot for n in s.board.nations}, "SOV", "politics")
    bot._weights(s)
    assert income_leader_ahead_of(s, "SOV") == "allies"
    assert income_leader_ahead_of(s, "UK") is None
    legal = s.legal_actions()
    scored = score_declarations(bot, s, legal)
    on_leader = [(sc, a) for sc, a, gain in scored if gain > 0 and s.side_of(a.nation) == "allies"]
    assert on_leader
    top = max(sc for sc, _a, _g in scored)
    best_on_leader = max(sc for sc, _a in on_leader)
    # a bar above every score: only the tiebreak's push lets a war on the leader through
    bar = top + 5.0
    push = top - best_on_leader + 10.0
    bot.planner = replace(bot.planner, declare_margin=bar, tiebreak_push=push, eagerness=0.0)
    got = choose_declarations(bot, s, legal)
    assert got and s.side_of(got[0].nation) == "allies"
    bot.planner = replace(bot.planner, tiebreak_rounds=0)
    assert choose_declarations(bot, s, legal) == []


# -- the game's own victory (rules-notes/002 §2.8, seeds/002 "Victory conditions") ------
def test_a_capture_that_wins_the_war_game_by_its_land_totals_is_worth_the_victory(war_game):
    s = new_game(war_game, "1942", seed=1, log="none")
    axis = ["GER", "ITA", "JPN"]
    below = 225  # §2.8: the Allies win when the Axis land is worth less than 225 ...
    worth = victory_worth(s, "UK", 40.0)
    names = {s.board.name[z] for z in worth}
    assert "France" in names  # 22 of the Axis' 236: taking it alone wins
    for z in s.board.zones:
        if s.board.is_land(z) and s.owner.get(z) in axis:
            wins = land_total(s, axis) - s.board.value.get(z, 0) < below
            assert (z in worth) == wins, s.board.name[z]
    assert all(v == 40.0 for v in worth.values())
    assert victory_worth(s, "UK", 0.0) == {}


def test_a_capture_that_denies_the_axis_its_land_lead_win_is_worth_the_victory(war_game):
    s = new_game(war_game, "1942", seed=1, log="none")
    axis, allies = ["GER", "ITA", "JPN"], ["USSR", "UK", "FRA", "USA", "CHN"]
    east = sorted(z for z, o in s.owner.items() if o in ("USSR", "CHN") and s.board.is_land(z))
    for z in east:  # the Soviet Union and China fall: the Axis leads in land
        if land_total(s, axis) > land_total(s, allies):
            break
        s.owner[z] = "GER"
    assert wargame_victory(s)[0] == "axis"
    worth = victory_worth(s, "UK", 40.0)
    # §2.8: the Axis wins only while it holds all its home zones: any one of them denies it
    for home in ("Germany", "Italy", "Sicily", "Japan", "Korea"):
        z = next(z for z in s.board.zones if s.board.name.get(z) == home)
        assert worth.get(z) == 40.0, home
    assert not any(s.owner.get(z) not in axis for z in worth)
    # the Axis side reads the same verdict: nothing to gain where it wins already
    assert victory_worth(s, "GER", 40.0) == {}


def test_the_1939_allies_value_the_three_capitals_their_victory_names(world):
    s = new_game(world, "1939", seed=1, log="none")
    worth = victory_worth(s, "UK", 40.0)
    # the scenario's "Allied victory": controls(allies, {Germany, Italy, Japan})
    assert {s.board.name[z] for z in worth} == {"Germany", "Italy", "Japan"}
    v = PlanView(s, "UK", 1.0, 40.0)
    plain = _View(s, "UK", 1.0)
    for z in worth:
        assert v.zone_worth(z) == pytest.approx(plain.zone_worth(z) + 40.0)
