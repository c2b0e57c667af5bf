"""The heuristic bot goes for its nation's national objectives (issue #24): a zone an
objective of its own names is worth what taking it would add to that objective's income
at collect income (seeds/004 "National Objective and Bonus Income": bonus IPCs paid at
the owner's Collect Income phase), read through the condition language."""

from __future__ import annotations

from gamecore.engine import new_game
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.model import Objective
from gamecore.sim.bots.heuristic import HeuristicBot, HeuristicParams
from gamecore.sim.bots.objective_value import named_zones, objective_zone_values

NATIONS = {
    "RED": {"alliance": "reds", "capital": "A"},
    "BLU": {"alliance": "blues", "capital": "C"},
    "GRN": {"alliance": "reds"},
}
# C (Blue's capital, strongly held) - X (worth 3) - A (Red's capital) - Y (worth 1) - W
ROWS = ["CCXAYW", "G....."]
ZONES = {
    "C": {"owner": "BLU", "value": 6},
    "X": {"owner": "BLU", "value": 3},
    "A": {"owner": "RED", "value": 6},
    "Y": {"owner": "BLU", "value": 1},
    "W": {"owner": "BLU", "value": 1},
    "G": {"owner": "GRN", "value": 1},
}
UNITS = [
    ("A", "RED", "infantry", 4),
    ("A", "RED", "artillery", 2),
    ("A", "RED", "tank", 1),
    ("X", "BLU", "infantry", 2),
    ("Y", "BLU", "infantry", 2),
    ("W", "BLU", "infantry", 1),
    ("C", "BLU", "infantry", 6),
]


def pack_with(*objectives: Objective, rounds: int = 6, green: bool = True):
    """The map; ``green=False`` leaves out Green (Red's ally in G, for the worth tests)."""
    nations = NATIONS if green else {k: v for k, v in NATIONS.items() if k != "GRN"}
    zones = ZONES if green else {k: v for k, v in ZONES.items() if k != "G"}
    return grid_pack(
        ROWS if green else ROWS[:1],
        zones,
        nations,
        UNITS,
        facilities=[("A", "major_ic"), ("C", "major_ic")],
        rounds=rounds,
        objectives=objectives,
        banks={"RED": 0, "BLU": 0},
        relations={("GRN", "BLU"): "peace"} if green else {},
    )


def values(pack, nation="RED") -> dict[str, float]:
    s = new_game(pack, "test", seed=1, log="none")
    code = {v: k for k, v in zone_ids(pack).items()}
    return {code[z]: v for z, v in objective_zone_values(s, nation).items()}


def obj(oid, condition, effect, owner="RED") -> Objective:
    return Objective(oid, oid, owner=owner, condition=condition, effect=effect)


def test_a_zone_is_worth_what_its_capture_adds_to_the_objectives_income():
    # "all of": each missing zone is worth the whole bonus (the objective needs both)
    assert values(pack_with(obj("all", "controls(RED, {X, Y})", "income(5)"))) == {
        "X": 5.0,
        "Y": 5.0,
    }
    # "per territory": each its share; zones held already are worth nothing more
    per = obj("per", "true", "income(2 * count(t in {X, Y, A}: controls(RED, t)))")
    assert values(pack_with(per)) == {"X": 2.0, "Y": 2.0}
    # a side's objective: a zone an ally holds is not to be taken
    side = obj("side", "controls(reds, {G, Y})", "income(4)")
    assert values(pack_with(side)) == {"Y": 4.0}
    # gated by a war that is not on (Red and Green are allies): nothing to chase
    gated = obj("gated", "at_war(RED, GRN) and controls(RED, Y)", "income(5)")
    assert values(pack_with(gated)) == {}
    # another nation's objective is not Red's; Blue would lose nothing it wants by Y
    assert values(pack_with(obj("blue", "controls(BLU, A)", "income(5)", owner="BLU"))) == {}
    assert values(pack_with(obj("blue", "controls(BLU, A)", "income(5)", owner="BLU")), "BLU") == {
        "A": 5.0
    }


def test_named_zones_reads_the_zone_sets_of_condition_and_effect():
    pack = pack_with()
    s = new_game(pack, "test", seed=1, log="none")
    from gamecore.rules.world import GameWorld

    ids = zone_ids(pack)
    o = obj("o", "controls(RED, X) and units(RED, {W}, land) >= 1", "income(count(t in {Y}: true))")
    assert named_zones(o, GameWorld(s)) == {ids["X"], ids["W"], ids["Y"]}
    # a zone set that depends on a comprehension's variable is left out, its source kept
    o = obj("o", "count(t in {X, Y}: controls(RED, adjacent(t))) >= 1", "income(1)")
    assert named_zones(o, GameWorld(s)) == {ids["X"], ids["Y"]}


def _payouts(pack, weight: float, seeds) -> list[int]:
    out = []
    for seed in seeds:
        s = new_game(pack, "test", seed=seed)
        bots = {
            n: HeuristicBot(seed * 1000 + i, HeuristicParams(objective_weight=weight))
            for i, n in enumerate(("RED", "BLU"))
        }
        while not s.is_terminal():
            s.apply(bots[s.current_player].choose(s))
        out.append(
            sum(
                1
                for e in s.log
                if e.get("e") == "income" and e.get("nation") == "RED" and e.get("objectives")
            )
        )
    return out


def test_the_bot_earns_more_objective_income_when_it_goes_for_objectives():
    """Red can take about one neighbour a turn: X is worth 3, Y only 1 but holding Y pays 5
    at every income. Ignoring objectives, Red goes for X first and often never holds Y;
    going for them, it takes Y early and is paid in most rounds of the game."""
    seeds = range(1, 13)
    pack = pack_with(obj("RED_y", "controls(RED, Y)", "income(5)"), green=False)
    before = _payouts(pack, 0.0, seeds)
    after = _payouts(pack, HeuristicParams().objective_weight, seeds)
    assert sum(after) > sum(before) + len(seeds), (before, after)
    assert sum(after) >= 4 * len(seeds), after  # 6 rounds a game


def test_a_capture_that_stops_an_objective_paying_is_worth_less():
    # Global 1940's "Trade With America": Japan is paid while it does not hold French
    # Indo-China; taking X would cost Red the 10 it is paid now
    trade = obj("trade", "not controls(RED, X)", "income(10)")
    assert values(pack_with(trade)) == {"X": -10.0}
    # a gain elsewhere is counted as before
    both = obj("both", "controls(RED, Y)", "income(3)")
    assert values(pack_with(trade, both)) == {"X": -10.0, "Y": 3.0}
    # not paying now (W is Blue's): taking X loses nothing
    off = obj("off", "not controls(RED, X) and controls(RED, W)", "income(4)")
    assert values(pack_with(off)) == {}


def test_the_bot_leaves_alone_a_zone_whose_capture_costs_it_objective_income():
    """X (worth 3, two defenders) falls to Red's army in round 1 when nothing holds Red
    back; while not holding it pays Red 10 a round, Red does not take it."""

    def takes_x(pack) -> bool:
        s = new_game(pack, "test", seed=1)
        x = zone_ids(pack)["X"]
        bot = HeuristicBot(1)
        assert s.current_nation == "RED"
        while s.current_nation == "RED":  # Red's first turn
            s.apply(bot.choose(s))
        return s.owner[x] == "RED"

    assert takes_x(pack_with(green=False))
    assert not takes_x(pack_with(obj("trade", "not controls(RED, X)", "income(10)"), green=False))
