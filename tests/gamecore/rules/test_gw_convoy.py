"""Global War convoy raiding (option convoy_mode = "raid"): seeds/000 §1.6, §9.11, §9.12,
T 9-7, T 9-8; the choices of rules-notes/000 §6.24 are written in global_war.toml."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.engine import Action, new_game
from gamecore.engine.rng import Rng
from gamecore.engine.state import ESCORT
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.model import Line
from gamecore.rules import convoy
from tests.gamecore.engine.helpers import ScriptedRng, finish_turn, to_phase, units_of

#   A B C     A: the UK's port (a land end of the line), B German, C American
#   1 2 3     the line runs 1-2-3; a second line crosses zone 2
ROWS = ["ABC", "123"]
NATIONS = {
    "GER": {"alliance": "axis"},
    "UK": {"alliance": "allies"},
    "USA": {"alliance": "allies"},
}
# zones worth nothing: the banks change by the raids only
ZONES = {
    "A": {"owner": "UK", "value": 0},
    "B": {"owner": "GER", "value": 0},
    "C": {"owner": "USA", "value": 0},
}


def raid_game(
    units, lines, zones=None, order=None, options=None, ruleset="global_war", relations=None
):
    pack = grid_pack(
        ROWS,
        zones or ZONES,
        NATIONS,
        units,
        ruleset=ruleset,
        banks={"GER": 0, "UK": 20, "USA": 20},
        relations=relations,
        turn_order=order or [["GER"], ["UK"], ["USA"]],
    )
    z = zone_ids(pack)
    for i, (path, ends, values) in enumerate(lines, 1):
        pack.map.lines[i] = Line(
            i,
            "convoy",
            f"line {i}",
            path=[z[c] for c in path],
            start=z[ends[0]],
            end=z[ends[1]],
            values=dict(values),
        )
    s = new_game(pack, "test", seed=3, options=options)
    return s, z


def raids(s):
    return [a for a in s.legal_actions() if a.kind == "raid"]


def raid_all(s, dice):
    """Announce every possible raid; the raids resolve as the Combat phase begins (the
    phase ends by itself once nothing else can be done) with these dice."""
    s.rng = ScriptedRng(dice)
    while raids(s):
        s.apply(raids(s)[0])
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    assert s.rng.script == []


def test_a_submarine_raids_an_open_line_and_the_defender_loses_the_difference():
    # §9.11 / T 9-7 step 2: opposed D6 per raider, Submarine +2 (T 9-8); the raided nation
    # loses the difference at once (to the bank)
    s, z = raid_game([("1", "GER", "submarine")], [("123", "A3", {"UK": 8})])
    to_phase(s, "combat_move")
    (sub,) = units_of(s, "GER", "submarine")
    assert raids(s) == [Action("raid", units=(sub,), zone=z["1"])]
    raid_all(s, [4, 3])  # raider 4+2 = 6, convoy 3+0 = 3
    assert s.banks["UK"] == 20 - 3
    assert s.convoy_lost == {(1, "UK"): 3}


def test_the_loss_is_capped_per_line_and_calendar_turn_and_markers_clear_each_round():
    # §9.11 "Maximum Raider Damage": no more than the line's value per calendar turn; the
    # damage markers are removed at the start of the calendar turn
    s, z = raid_game([("2", "GER", "submarine", 2)], [("123", "A3", {"UK": 4})])
    to_phase(s, "combat_move")
    raid_all(s, [3, 2, 6, 1])  # 5 - 2 = 3, then 8 - 1 = 7 of which only 1 is left
    assert s.banks["UK"] == 16 and s.convoy_lost == {(1, "UK"): 4}
    s.rng = Rng(5)
    while s.round == 1:
        finish_turn(s)
    assert s.convoy_lost == {}  # a new calendar turn


def test_a_line_with_an_enemy_possessed_land_end_is_closed():
    # §9.11: a line ending in a land zone possessed by an Enemy closes; closed lines
    # cannot be raided (a sea-zone end never closes it)
    zones = dict(ZONES, A={"owner": "GER", "original": "UK", "value": 3})
    s, z = raid_game([("1", "GER", "submarine")], [("123", "A3", {"UK": 8})], zones=zones)
    to_phase(s, "combat_move")
    assert raids(s) == []
    ln = s.board.convoy_lines[0]
    assert not convoy.line_open(s, ln, "UK")


def test_losses_go_first_to_the_nation_with_most_at_stake_and_intersections_add_up():
    # T 9-7 step 2 and §9.11: the player with the most IPP on the line rolls; damage goes to
    # it until its IPP are used up, then to the next; a raider where lines intersect may
    # take up to their combined value
    lines = [("123", "A3", {"UK": 2, "USA": 3}), ("2", "22", {"USA": 2})]
    s, z = raid_game([("2", "GER", "submarine")], lines)
    assert convoy.at_stake(s, z["2"], "GER") == {"UK": {1: 2}, "USA": {1: 3, 2: 2}}
    to_phase(s, "combat_move")
    raid_all(s, [6, 1])  # 8 - 1 = 7 > the 7 at stake
    assert s.banks["USA"] == 15 and s.banks["UK"] == 18
    assert s.convoy_lost == {(1, "USA"): 3, (2, "USA"): 2, (1, "UK"): 2}


def test_escorts_add_to_the_convoy_roll_and_fire_at_the_raiders():
    # §9.11 Escorting / T 9-8 (+1 per escorting surface warship) / T 9-7 step 3(a): one roll
    # per escort at its Defense; our choice: a hit sinks a raider. Escorts give up their
    # combat movement; the raider may ignore them when moving in (no naval battle).
    s, z = raid_game(
        [("2", "GER", "submarine"), ("1", "UK", "destroyer")],
        [("123", "A3", {"UK": 8})],
        order=[["UK"], ["GER"], ["USA"]],
    )
    to_phase(s, "combat_move")
    (dd,) = units_of(s, "UK", "destroyer")
    esc = Action("escort", units=(dd,), zone=z["1"])
    assert esc in s.legal_actions()
    s.apply(esc)
    assert s.units[dd].flags & ESCORT and s.units[dd].moves == 0
    assert not [a for a in s.legal_actions() if a.kind == "move" and dd in a.units]
    while s.current_nation == "UK":
        finish_turn(s)
    assert s.current_nation == "GER" and s.units[dd].flags & ESCORT  # until its next turn
    to_phase(s, "combat_move")
    (sub,) = units_of(s, "GER", "submarine")
    s.apply(Action.move([sub], (z["2"], z["1"])))
    raid_all(s, [4, 2, 4])  # 6 vs 2+1 = 3: loss 3; the destroyer hits on 4 (D12)
    assert s.banks["UK"] == 17
    assert units_of(s, "GER", "submarine") == []


def test_enemy_ships_may_move_through_a_zone_with_escorts():
    # §9.11 "Enemy units may ignore escorting units when moving into or through a sea zone
    # without having to engage in naval combat"
    s, z = raid_game(
        [("1", "GER", "destroyer"), ("2", "UK", "destroyer")],
        [("123", "A3", {"UK": 8})],
        order=[["UK"], ["GER"], ["USA"]],
    )
    to_phase(s, "combat_move")
    s.apply([a for a in s.legal_actions() if a.kind == "escort"][0])
    while s.current_nation == "UK":
        finish_turn(s)
    to_phase(s, "noncombat_move")
    (dd,) = units_of(s, "GER", "destroyer")
    assert Action.move([dd], (z["1"], z["2"], z["3"])) in s.legal_actions()


def test_surface_raiders_are_optional_need_move_3_and_avoid_escorts():
    # §9.12 [optional]: a surface ship with a move of 3 or more may raid, +0 (T 9-8), never
    # where ships on escort duty are
    units = [("1", "GER", "heavy_cruiser"), ("1", "GER", "battleship")]
    lines = [("123", "A3", {"UK": 8})]
    s, z = raid_game(units, lines)
    to_phase(s, "combat_move")
    assert raids(s) == []
    s, z = raid_game(units, lines, options={"convoy_surface_raiders": True})
    to_phase(s, "combat_move")
    (ca,) = units_of(s, "GER", "heavy_cruiser")
    assert [a.units for a in raids(s)] == [(ca,)]  # the battleship moves 2
    s, z = raid_game(
        units + [("2", "UK", "destroyer")],
        lines,
        options={"convoy_surface_raiders": True},
        order=[["UK"], ["GER"], ["USA"]],
    )
    to_phase(s, "combat_move")
    s.apply([a for a in s.legal_actions() if a.kind == "escort"][0])
    while s.current_nation == "UK":
        finish_turn(s)
    to_phase(s, "combat_move")
    assert [a.zone for a in raids(s)] == [z["1"]]  # no escort in zone 1
    s.apply(Action.move([ca], (z["1"], z["2"])))
    assert raids(s) == []  # the escorted zone 2


def test_nothing_to_raid_without_a_war_and_g40_keeps_its_own_convoy_rule():
    # §9.11 raids Enemy IPP only; g40 (convoy_mode off) offers no raid or escort
    s, z = raid_game(
        [("1", "GER", "submarine")],
        [("123", "A3", {"USA": 8})],
        relations={("GER", "USA"): "peace"},
    )
    to_phase(s, "combat_move")
    assert raids(s) == []
    s, z = raid_game(
        [("1", "GER", "submarine"), ("1", "UK", "destroyer")],
        [("123", "A3", {"UK": 8})],
        ruleset="g40",
    )
    to_phase(s, "combat_move")
    assert not [a for a in s.legal_actions() if a.kind in ("raid", "escort")]


def test_mine_warfare_is_optional_plus_0_and_immune_to_escort_fire():
    # §9.13 [optional]: a Submarine or Heavy Cruiser may raid with mines at +0 (T 9-8) and
    # is not subject to the escorts' defence rolls
    units = [("2", "GER", "submarine"), ("1", "UK", "destroyer")]
    lines = [("123", "A3", {"UK": 8})]
    s, z = raid_game(units, lines, order=[["UK"], ["GER"], ["USA"]])
    to_phase(s, "combat_move")
    s.apply([a for a in s.legal_actions() if a.kind == "escort"][0])
    while s.current_nation == "UK":
        finish_turn(s)
    to_phase(s, "combat_move")
    (sub,) = units_of(s, "GER", "submarine")
    s.apply(Action.move([sub], (z["2"], z["1"])))
    assert [a.mode for a in raids(s)] == [""]  # mines are off by default
    s, z = raid_game(
        units, lines, order=[["UK"], ["GER"], ["USA"]], options={"convoy_mine_warfare": True}
    )
    to_phase(s, "combat_move")
    s.apply([a for a in s.legal_actions() if a.kind == "escort"][0])
    while s.current_nation == "UK":
        finish_turn(s)
    to_phase(s, "combat_move")
    s.apply(Action.move([sub], (z["2"], z["1"])))
    mine = Action("raid", units=(sub,), zone=z["1"], mode="mine")
    assert mine in raids(s)
    s.rng = ScriptedRng([5, 2])  # 5 + 0 vs 2 + 1 (escort): 2 lost; no escort roll
    s.apply(mine)
    assert s.rng.script == [] and s.banks["UK"] == 18 and units_of(s, "GER", "submarine")


@settings(max_examples=25, deadline=None)
@given(
    dice=st.lists(st.integers(1, 6), min_size=6, max_size=6),
    subs=st.integers(1, 3),
    values=st.tuples(st.integers(1, 6), st.integers(0, 6)),
    bank=st.integers(0, 12),
)
def test_raids_never_take_more_than_the_lines_allow_nor_more_cash_than_there_is(
    dice, subs, values, bank
):
    # §9.11: a nation's loss per line and calendar turn is capped by the line's value; the
    # loss is paid from cash (never below 0)
    lines = [("123", "A3", {"UK": values[0]}), ("2", "22", {"UK": values[1]})]
    s, z = raid_game([("2", "GER", "submarine", subs)], lines)
    s.banks["UK"] = bank
    to_phase(s, "combat_move")
    s.rng = ScriptedRng(dice)
    while raids(s):
        s.apply(raids(s)[0])
    lost = s.convoy_lost
    assert lost.get((1, "UK"), 0) <= values[0] and lost.get((2, "UK"), 0) <= values[1]
    assert s.banks["UK"] == max(0, bank - sum(lost.values()))
