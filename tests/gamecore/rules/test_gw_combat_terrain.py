"""Global War terrain by the roundel (seeds/000 §1.7, §1.12; rules-notes/000 §1.4): the
terrain area holding the roundel is the zone's terrain on every round; the terrain met on
the way from the entry border to the roundel is border terrain, in round 1 only."""

from __future__ import annotations

import pytest
from shapely.geometry import box

from gamecore.engine import Action, new_game
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.geometry.adjacency import map_adjacency
from gamecore.geometry.terrain import crossing_terrain, roundel_terrain
from gamecore.model import Line, TerrainArea
from gamecore.rules.combat import fire_values
from gamecore.sim.battle import calculate
from gamecore.sim.battle.gamestate import battle_from_state

TWO = {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}}


def pack_abc(attackers=(), defenders=(), areas=(), river=None, roundel=(1.8, 0.5)):
    """Zones A | B | C in a row (unit boxes); B (BLU) has its roundel at ``roundel`` and
    the terrain ``areas`` [(terrain, (x0, y0, x1, y1))]; RED attacks from A."""
    units = [("A", "RED", t, n) for t, n in attackers] + [("B", "BLU", t, n) for t, n in defenders]
    pack = grid_pack(
        ["ABC"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "BLU"}},
        TWO,
        units,
        ruleset="global_war",
    )
    z = zone_ids(pack)
    m = pack.map
    m.zones[z["B"]].roundel = roundel
    for i, (terrain, bounds) in enumerate(areas, start=1):
        m.terrain_areas[i] = TerrainArea(i, z["B"], terrain, box(*bounds))
    if river:
        m.lines[1] = Line(1, "river", name="river", points=list(river))
    return pack, z


MOUNTAIN_STRIP = ("mountain", (1.3, 0.0, 1.5, 1.0))  # between A's border and the roundel


def test_roundel_in_an_area_gives_the_whole_zone_its_terrain_section_1_7():
    # §1.7 "Romania's roundel is in mountains, so all of Romania is a mountain zone"
    pack, z = pack_abc(areas=[("desert", (1.7, 0.0, 2.0, 1.0)), MOUNTAIN_STRIP])
    assert roundel_terrain(pack.map) == {z["B"]: "desert"}
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    assert s.board.terrain[z["B"]] == "desert"


def test_terrain_crossed_depends_on_the_entry_border_section_1_7():
    # "attacking Northern Manchuria from Chita brings mountain rules in round 1": from A the
    # way to the roundel crosses the strip; from C it does not
    pack, z = pack_abc(areas=[MOUNTAIN_STRIP])
    adj = map_adjacency(pack.map)
    got = crossing_terrain(pack.map, adj, [z["B"]])
    assert got == {(z["B"], z["A"]): frozenset({"mountain"})}


def test_a_river_inside_the_zone_is_border_terrain_section_1_12():
    # §1.12 a river inside a zone counts when it has to be crossed to reach the roundel
    pack, z = pack_abc(river=[(1.6, 0.0), (1.6, 1.0)])
    got = crossing_terrain(pack.map, map_adjacency(pack.map), [z["B"]])
    assert got == {(z["B"], z["A"]): frozenset({"river"})}


def test_no_roundel_no_border_terrain():
    pack, z = pack_abc(areas=[MOUNTAIN_STRIP], roundel=None)
    assert crossing_terrain(pack.map, map_adjacency(pack.map)) == {}


def _combat(pack, z):
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    while s.phase == "combat_move":
        mv = [a for a in s.legal_actions() if a.kind == "move" and a.path[-1] == z["B"]]
        if not mv:
            break
        s.apply(max(mv, key=lambda a: len(a.units)))
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    assert s.phase == "combat"
    return s


def _values(s, zone, nation, stat, side, rnd):
    us = sorted(
        (s.units[u] for u in s.units_in(zone) if s.units[u].nation == nation),
        key=lambda u: u.type,
    )
    return {u.type: v for u, v in zip(us, fire_values(s, us, stat, zone, side, rnd), strict=True)}


def test_border_terrain_applies_in_round_one_to_those_who_crossed_section_1_7():
    pack, z = pack_abc(
        [("medium_armor", 1), ("mountain_infantry", 1)],
        [("infantry", 1)],
        areas=[MOUNTAIN_STRIP],
        river=[(1.6, 0.0), (1.6, 1.0)],
    )
    s = _combat(pack, z)
    assert s.board.terrain[z["B"]] == "clear"
    # round 1: mountain -1 (not Mountain Infantry) and river -1 (Mountain Infantry too,
    # §1.24 (b)): one -1 each (§0.3); round 2: nothing
    assert _values(s, z["B"], "RED", "attack", "att", 1) == {
        "medium_armor": 5,
        "mountain_infantry": 1,
    }
    assert _values(s, z["B"], "RED", "attack", "att", 2) == {
        "medium_armor": 6,
        "mountain_infantry": 2,
    }


def test_bots_estimate_sees_the_border_terrain():
    pack, z = pack_abc([("medium_armor", 1)], [("infantry", 1)], areas=[MOUNTAIN_STRIP])
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    mine = [s.units[u] for u in s.units_in(z["A"]) if s.units[u].nation == "RED"]
    att, dfn, ctx = battle_from_state(s, z["B"], mine)
    assert ctx.border_terrain == ("mountain",)
    res = calculate(s.rules, att, dfn, ctx)
    plain = calculate(s.rules, att, dfn)
    assert res.attacker_win < plain.attacker_win


def test_without_the_option_nothing_changes():
    pack, z = pack_abc(areas=[("desert", (1.7, 0.0, 2.0, 1.0)), MOUNTAIN_STRIP])
    pack.scenarios["test"].options["roundel_terrain"] = False
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    assert s.board.terrain[z["B"]] == "clear" and s.board.border_terrain == {}


@pytest.mark.parametrize("seed", [5])
def test_engine_dice_match_the_calculator_with_border_terrain(seed):
    from collections import Counter

    from tests.gamecore.sim.test_gw_battle import RUNS, plausible

    pack, z = pack_abc(
        [("infantry", 3), ("artillery", 1), ("medium_armor", 2)],
        [("infantry", 3), ("mountain_infantry", 1)],
        areas=[MOUNTAIN_STRIP],
    )
    s = _combat(pack, z)
    tz = z["B"]
    seen = Counter()
    for k in range(RUNS):
        c = s.clone(reseed=seed * 100_000 + k, keep_log=False)
        act = [a for a in c.legal_actions() if a.kind == "fight" and a.zone == tz]
        c.apply(act[0])
        red = any(c.units[u].nation == "RED" for u in c.units_in(tz))
        blu = any(c.units[u].nation == "BLU" for u in c.units_in(tz))
        seen["attacker_win" if red and not blu else "defender_win" if blu and not red else "x"] += 1
    mine = [s.units[u] for u in s.units_in(tz) if s.units[u].nation == "RED"]
    att, dfn, ctx = battle_from_state(s, tz, mine)
    assert ctx.border_terrain == ("mountain",)
    res = calculate(s.rules, att, dfn, ctx)
    for k in ("attacker_win", "defender_win"):
        assert plausible(seen[k], RUNS, getattr(res, k)), (k, seen[k] / RUNS, getattr(res, k))


def test_a_dual_city_terrain_that_agrees_with_the_roundel_stands_section_1_24():
    # §1.24 (a) Madrid: a mountain city; its roundel lies in mountains
    pack, z = pack_abc(areas=[("mountain", (1.7, 0.0, 2.0, 1.0))])
    pack.map.zones[z["B"]].terrain = "mountain_city"
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    assert s.board.terrain[z["B"]] == "mountain_city"
