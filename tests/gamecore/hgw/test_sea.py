"""Sea movement and sea supply of the hgw system (seeds/001 SEA MOVEMENT: Sea Route,
Strength Point Movement Across Seas, Supply Route; rules-notes/001 §1.3, §4.8, §4.10)."""

from __future__ import annotations

import pytest

from gamecore.engine.actions import Action
from gamecore.errors import RulesError
from gamecore.hgw import geo
from gamecore.hgw.armies import army_amph
from gamecore.hgw.sea import move_reach
from gamecore.hgw.state import Fleet
from gamecore.hgw.supply import supplied
from gamecore.hgw.world import friendly
from tests.gamecore.hgw.helpers import END, army, start, to_phase, z
from tests.gamecore.hgw.hexpack import SMALL_VICTORY, hex_pack

BALTIC = {"AXIS": {"Baltic": 1}, "SOV": {"Black Sea": 1}}


def seas(units=(), armies=(), options=None, extra=None):
    """Row 1: Germany (cols 1-2, Axis) and the USSR (cols 3-6); row 2 all sea, the Baltic
    (cols 1-3) and the Black Sea (cols 4-6); row 3: Danish islands (cols 1-2, Axis, no PP)
    and more of the USSR (cols 3-6, no PP). Rows 1 and 3 touch only across the sea."""
    hexes = {}
    for c in range(1, 7):
        hexes[f"01{c:02d}"] = (
            {"region": "Germany", "owner": "AXIS", "value": 1}
            if c <= 2
            else {"region": "USSR", "owner": "SOV", "value": 1}
        )
        hexes[f"02{c:02d}"] = {"kind": "sea", "region": "Baltic" if c <= 3 else "Black Sea"}
        hexes[f"03{c:02d}"] = (
            {"region": "Denmark", "owner": "AXIS"} if c <= 2 else {"region": "USSR", "owner": "SOV"}
        )
    for c, sp in (extra or {}).items():
        hexes[c] = {**hexes[c], **sp}
    victory = {**SMALL_VICTORY, "hgw_stalingrad_hex": "0306"}
    return hex_pack(
        hexes,
        units=units,
        armies=armies,
        # the strip's rows 01-03 stand for no latitude: every sea hex costs a whole hex
        options={**victory, "hgw_sea_capacity": BALTIC, "hgw_sea_half_rows": 0, **(options or {})},
    )


def move(s, code_from, code_to, n=1, target=0):
    src = s.army_of[s.at[z(s, code_from)][0]]
    units = tuple(u for u in s.at[z(s, code_from)] if s.army_of.get(u) == src)[:n]
    return Action("hgw_move", units=units, path=(z(s, code_from), z(s, code_to)), target=target)


def test_one_sp_a_turn_crosses_the_baltic():
    """seeds/001 Strength Point Movement Across Seas 1, BALTIC SEA: the Axis may transport
    one SP through the Baltic each turn."""
    s = start(seas(units=[("0101", "AXIS", "inf", 3)], armies=[("A", "AXIS", "0101")]))
    to_phase(s, "AXIS", "movement")
    with pytest.raises(RulesError):  # two SPs at once: over the capacity
        s.apply(move(s, "0101", "0301", n=2))
    listed = [a for a in s.legal_actions() if a.kind == "hgw_move" and a.path[1] == z(s, "0301")]
    assert listed and all(len(a.units) == 1 for a in listed)
    s.apply(move(s, "0101", "0301"))
    assert len(s.at[z(s, "0301")]) == 1 and s.shipped == {"Baltic": 1}
    assert s.log[-1]["seas"] == ["Baltic"]
    with pytest.raises(RulesError):  # the Baltic's one SP this turn is used
        s.apply(move(s, "0101", "0301"))
    assert not [a for a in s.legal_actions() if a.kind == "hgw_move" and a.path[1] == z(s, "0301")]
    s.apply(END)
    to_phase(s, "AXIS", "movement")  # next turn: room again
    assert s.round == 2 and not s.shipped
    s.apply(move(s, "0101", "0302"))  # a sea leg, then a land leg (0301 -> 0302)


def test_a_side_without_capacity_in_a_sea_never_crosses_it():
    """seeds/001 BALTIC SEA: the Soviet player may not move SPs through the Baltic; he
    moves one a turn through the Black Sea. A sea leg lands only in a friendly hex."""
    s = start(seas(units=[("0103", "SOV", "inf", 2), ("0105", "SOV", "inf", 1)], armies=[]))
    to_phase(s, "SOV", "movement")
    reach = move_reach(s, "SOV", z(s, "0103"), 1)
    # 0103 touches the Baltic only (0203 is Baltic); land leads on to 0104-0106, which
    # touch the Black Sea: the route is land, then the Black Sea
    assert reach[z(s, "0304")] == ("Black Sea",)
    assert z(s, "0301") not in reach and z(s, "0302") not in reach  # Axis: never entered
    assert reach[z(s, "0105")] == ()
    assert z(s, "0304") not in move_reach(s, "SOV", z(s, "0103"), 2)


def test_a_controlling_hex_closes_its_passage():
    """seeds/001 Sea Route 4: a route passes certain sea hexes only while their
    controlling hex (East Denmark, Istanbul, Gibraltar ...) is friendly."""
    pack = seas(extra={"0202": {"props": {"sea_control": "0102"}}})
    s = start(pack)
    fr = lambda x: friendly(s, "AXIS", x)  # noqa: E731
    label, _ = geo.sea_net(s, {"Baltic"}, fr)
    assert z(s, "0202") in label
    s.owner[z(s, "0102")] = "SOV"
    s.bump()
    label, _ = geo.sea_net(s, {"Baltic"}, fr)
    assert z(s, "0202") not in label and z(s, "0201") in label


def test_supply_crosses_friendly_seas_only():
    """seeds/001 Supply Route 1: a supply route may cross any number of friendly seas (a
    sea the side may move one SP through); Supply Route 3: the Soviet lakes carry Soviet
    supply though no SP moves there (option hgw_sea_supply)."""
    s = start(seas())
    assert z(s, "0301") in supplied(s, "AXIS", True)  # across the Baltic to Germany
    assert z(s, "0304") in supplied(s, "SOV", True)  # across the Black Sea
    s = start(seas(options={"hgw_sea_capacity": {"SOV": {"Black Sea": 1}}}))
    assert z(s, "0301") not in supplied(s, "AXIS", False)  # the Baltic is not Axis-friendly
    s = start(seas(options={"hgw_sea_capacity": {}, "hgw_sea_supply": {"SOV": ["Black Sea"]}}))
    assert z(s, "0304") in supplied(s, "SOV", True)
    assert z(s, "0304") not in move_reach(s, "SOV", z(s, "0105"), 1)


def test_unsupplied_islands_lose_their_armies_without_sea_supply():
    """With no friendly sea, the Danish islands trace to no PP: their armies die at the
    end of the Axis combat phase (seeds/001 Unsupplied Hexes 1)."""
    pack = seas(
        units=[("0301", "AXIS", "inf", 1), ("0101", "AXIS", "inf", 1), ("0104", "SOV", "inf", 2)],
        armies=[("Isle", "AXIS", "0301")],
        options={"hgw_sea_capacity": {}},
    )
    s = start(pack)
    isle = army(s, "Isle")
    to_phase(s, "SOV", "movement")
    assert isle not in s.armies
    s = start(
        seas(
            units=[("0301", "AXIS", "inf", 1), ("0104", "SOV", "inf", 2)],
            armies=[("Isle", "AXIS", "0301")],
        )
    )
    isle = army(s, "Isle")
    to_phase(s, "SOV", "movement")
    assert isle in s.armies


def test_random_games_with_sea_moves_keep_the_capacity():
    """Random bots cross the seas, never more SPs a turn than the sea's capacity."""
    from gamecore.engine.bots import RandomBot, play

    crossed = 0
    for seed in (1, 2, 3):
        pack = seas(
            units=[("0101", "AXIS", "inf", 4), ("0104", "SOV", "inf", 4)],
            armies=[("A", "AXIS", "0101"), ("R", "SOV", "0104")],
        )
        s = start(pack, seed=seed)
        play(s, {"AXIS": RandomBot(seed), "SOV": RandomBot(seed + 7)}, max_actions=20_000)
        assert s.terminal
        moved: dict = {}
        turn = None
        for e in s.log:
            if e.get("e") == "turn":
                turn = (e["round"], e["nation"])
            if e.get("e") == "hgw_move" and e.get("seas"):
                for sea in e["seas"]:
                    moved[(turn, sea)] = moved.get((turn, sea), 0) + e["sps"]
        assert all(v <= 1 for v in moved.values()), moved
        crossed += len(moved)
    assert crossed  # sea moves happened


def test_amphibious_sps_defend_only_against_advances_and_convert_to_infantry():
    """seeds/001 Amphibious Strength Points 1-3: amph SPs are in armies and count for
    stacking; in ordinary combat they neither assault nor defensively assault, but count
    against an advance; the side converts them one for one to infantry in its movement
    phase, never back."""
    from gamecore.hgw.armies import army_amph
    from gamecore.hgw.combat import defence_value, fire_strength
    from gamecore.hgw.describe import describe

    pack = seas(
        units=[("0103", "SOV", "amph", 3), ("0103", "SOV", "inf", 1), ("0102", "AXIS", "inf", 2)],
        armies=[("Marines", "SOV", "0103"), ("G", "AXIS", "0102")],
        options={"hgw_sp_types": ["inf", "mech", "amph"]},
        extra={"0105": {"value": 3}},  # 6 Soviet PP: one amph SP (5)
    )
    s = start(pack)
    m = army(s, "Marines")
    assert army_amph(s, m) == 3
    assert fire_strength(s, [m], z(s, "0102")) == 1  # the infantry SP only
    assert fire_strength(s, [m], None) == 1
    assert defence_value(s, "AXIS", z(s, "0103")) == 4  # every SP against an advance
    to_phase(s, "SOV", "movement")
    conv = [a for a in s.legal_actions() if a.kind == "hgw_convert"]
    assert len(conv) == 1 and len(conv[0].units) == 3
    assert "amphibious" in describe(s, conv[0])
    s.apply(conv[0])
    assert army_amph(s, m) == 0 and fire_strength(s, [m], None) == 4
    assert not [a for a in s.legal_actions() if a.kind == "hgw_convert"]
    to_phase(s, "AXIS", "movement")
    with pytest.raises(RulesError):  # not the Axis's SPs, and no amph left anyway
        s.apply(Action("hgw_convert", units=conv[0].units))
    to_phase(s, "SOV", "production")
    assert any(a.type == "amph" for a in s.legal_actions() if a.kind == "hgw_build")


def invasion_board(**opts):
    return seas(
        units=[
            ("0101", "AXIS", "amph", 4),
            ("0101", "AXIS", "mech", 1),
            ("0101", "AXIS", "inf", 2),
            ("0102", "AXIS", "inf", 3),
            ("0102", "AXIS", "amph", 1),
            ("0304", "SOV", "inf", 1),
            ("0104", "SOV", "inf", 2),
        ],
        armies=[("Sealion", "AXIS", "0101"), ("Landser", "AXIS", "0102"), ("Red", "SOV", "0304")],
        options={"hgw_sp_types": ["inf", "mech", "amph"], **opts},
    )


def test_who_may_invade_where():
    """seeds/001 Invasion Procedure 2-3: armies of at least half amphibious SPs invade a
    hex at the end of a sea route of six or fewer hexes, through any sea (the transport
    capacities do not apply: the Axis has no Black Sea capacity)."""
    s = start(invasion_board())
    to_phase(s, "AXIS", "announce")
    sea_lion, landser = army(s, "Sealion"), army(s, "Landser")
    inv = {(a.units[0], s.board.code[a.zone]) for a in s.legal_actions() if a.kind == "hgw_invade"}
    assert (sea_lion, "0304") in inv  # 0101 -> 0201/0202 -> 0203 -> 0204 -> 0304: 4 hexes
    assert (sea_lion, "0305") in inv and (sea_lion, "0302") in inv  # friendly: allowed
    assert not any(a == landser for a, _ in inv)  # 1 amph of 4 SPs
    s = start(invasion_board(hgw_invasion_range=3, hgw_invasion_extension=0))
    to_phase(s, "AXIS", "announce")
    inv = {s.board.code[a.zone] for a in s.legal_actions() if a.kind == "hgw_invade"}
    assert "0302" in inv and "0304" not in inv


def test_an_amph_sp_expended_extends_the_invasion_route():
    """seeds/001 Invasion Procedure 3: each amphibious SP expended (a fleet replenishment
    unit) extends the route by 12 hexes, or part of 12 (here 1, hgw_invasion_extension)."""
    s = start(invasion_board(hgw_invasion_range=3, hgw_invasion_extension=1), dice=[6, 6, 6, 6, 6])
    to_phase(s, "AXIS", "announce")
    sea_lion = army(s, "Sealion")
    assert Action("hgw_invade", units=(sea_lion,), zone=z(s, "0304")) in s.legal_actions()
    s.apply(Action("hgw_invade", units=(sea_lion,), zone=z(s, "0304")))
    while s.phase == "announce":
        s.apply(END)
    rep = [e for e in s.log if e.get("e") == "hgw_replenish"][-1]
    assert rep["amph"] == 1 and rep["hexes"] == 4  # 4 hexes, 1 beyond 3


def test_an_invasion_is_resolved_first_with_amphibious_strength():
    """seeds/001 Invasion Resolution: coastal air (the target is adjacent to no Axis
    hex), the defender's defensive assault, then the invasion assault counting
    amphibious SPs only (Invasion Assault 2), then the mandatory advance with the amph
    SPs and as many inf/mech (rules-notes/001 §4.11), all before any other attack; the
    invaders trace supply to the hex next turn (Invasion Procedure 4)."""
    s = start(invasion_board(), dice=[6, 6, 1, 1, 6, 6, 6, 6, 6, 6, 6])
    to_phase(s, "AXIS", "announce")
    sea_lion, landser = army(s, "Sealion"), army(s, "Landser")
    s.apply(Action("hgw_invade", units=(sea_lion,), zone=z(s, "0304")))
    s.apply(Action("hgw_attack", units=(landser,), zone=z(s, "0103")))
    assert not [a for a in s.legal_actions() if a.kind == "hgw_invade"]  # attacks came
    while s.phase == "announce":
        s.apply(END)
    assert s.phase == "initial"
    air = [e for e in s.log if e.get("e") == "hgw_coastal_air"][-1]
    assert air["strength"] == 6 and air["lost"] == 1  # roll 6 on the 6 column
    assert army_amph(s, sea_lion) == 3
    fire = [e for e in s.log if e.get("e") == "hgw_fire"]
    assert fire[-1]["kind"] == "defensive" and fire[-1]["strength"] == 1
    legal = s.legal_actions()
    assert END not in legal and {a.units for a in legal} == {(sea_lion,)}
    with pytest.raises(RulesError):
        s.apply(Action("hgw_assault", units=(landser,), zone=z(s, "0103")))
    s.apply(Action("hgw_assault", units=(sea_lion,), zone=z(s, "0304")))
    fire = [e for e in s.log if e.get("e") == "hgw_fire"][-1]
    assert fire["strength"] == 3 and fire["lost"] == 1  # the 3 amph SPs; Red is gone
    s.apply(Action("hgw_advance", units=(sea_lion,), zone=z(s, "0304")))
    adv = [e for e in s.log if e.get("e") == "hgw_advance"][-1]
    assert adv["mech"] == 6 and adv["success"]  # 3 amph + 3 of the inf/mech
    assert s.armies[sea_lion].zone == z(s, "0304") and s.owner[z(s, "0304")] == "AXIS"
    assert z(s, "0304") in s.beachhead
    assert any(a.kind == "hgw_assault" and a.units == (landser,) for a in s.legal_actions())
    to_phase(s, "SOV", "movement")
    assert sea_lion in s.armies  # the Black Sea is not Axis-friendly, the beachhead is


def test_invaders_lose_amphibious_sps_first():
    """seeds/001 Coastal Airpower 6, Defensive Assault 3: at least half the losses of
    invaders are amphibious SPs (default policy: amph first)."""
    s = start(invasion_board(), dice=[1, 1, 6, 6, 6, 6, 6, 6])
    to_phase(s, "AXIS", "announce")
    sea_lion = army(s, "Sealion")
    s.apply(Action("hgw_invade", units=(sea_lion,), zone=z(s, "0304")))
    while s.phase == "announce":
        s.apply(END)
    air = [e for e in s.log if e.get("e") == "hgw_coastal_air"][-1]
    fire = [e for e in s.log if e.get("e") == "hgw_fire"][-1]
    assert air["lost"] == 2 and fire["kind"] == "defensive" and fire["lost"] == 1
    assert army_amph(s, sea_lion) == 1  # 3 losses, all amph


def test_no_coastal_air_next_to_a_friendly_hex():
    """seeds/001 Coastal Airpower 1: only a target adjacent to no hex friendly to the
    invader gets coastal air (0303 touches the Axis 0302)."""
    s = start(invasion_board(), dice=[6, 6, 6, 6, 6, 6])
    to_phase(s, "AXIS", "announce")
    s.apply(Action("hgw_invade", units=(army(s, "Sealion"),), zone=z(s, "0303")))
    while s.phase == "announce":
        s.apply(END)
    assert not [e for e in s.log if e.get("e") == "hgw_coastal_air"]


def test_an_intercepting_fleet_turns_the_invasion_back():
    """seeds/001 Fleet Naval Fire 2-3, 5: a fleet based on a sea the route enters
    intercepts; both double their points and fire at once (half the invaders' losses
    amph); the smaller fleet after losses loses; a losing invasion returns to port, a
    losing fleet is Expended and intercepts no more."""
    fleets = {"SOV": {"0105": 3}, "AXIS": {"0101": 1}}
    s = start(invasion_board(hgw_fleets=fleets), dice=[1, 1, 6, 6, 6, 6])
    to_phase(s, "AXIS", "announce")
    sea_lion = army(s, "Sealion")
    s.apply(Action("hgw_invade", units=(sea_lion,), zone=z(s, "0304")))
    while s.phase == "announce":
        s.apply(END)
    naval = [e for e in s.log if e.get("e") == "hgw_naval"][-1]
    assert naval["hits"] == [2, 1] and naval["winner"] == "SOV"  # 6 vs 2 strength
    assert army_amph(s, sea_lion) == 2
    assert s.fleet[z(s, "0105")] == Fleet("SOV", 2)  # 1 point lost to the escort's fire
    assert sea_lion not in s.declared and sea_lion not in s.invading
    assert s.armies[sea_lion].zone == z(s, "0101")


def test_an_escort_that_wins_fires_at_the_target():
    """seeds/001 Fleet Naval Fire 4-5: the escort (the fleet in the invaders' port) wins
    the naval battle, the beaten fleet is Expended, and the escort fires once at the
    target hex after the coastal air."""
    fleets = {"SOV": {"0105": 1}, "AXIS": {"0101": 3}}
    s = start(invasion_board(hgw_fleets=fleets), dice=[6, 1, 6, 1, 6, 6, 6, 6])
    to_phase(s, "AXIS", "announce")
    sea_lion = army(s, "Sealion")
    s.apply(Action("hgw_invade", units=(sea_lion,), zone=z(s, "0304")))
    while s.phase == "announce":
        s.apply(END)
    naval = [e for e in s.log if e.get("e") == "hgw_naval"][-1]
    assert naval["winner"] == "AXIS" and z(s, "0105") not in s.fleet  # 2 hits on 1 point
    support = [e for e in s.log if e.get("e") == "hgw_support"][-1]
    assert support["strength"] == 3 and support["lost"] == 1  # Red's 1 SP
    assert sea_lion in s.invading


def test_random_games_with_invasions_keep_the_invariants():
    """Random bots invade, convert and cross seas; every invariant of test_games holds
    after every action and the game ends."""
    from gamecore.engine.bots import RandomBot
    from tests.gamecore.hgw.test_games import check_invariants

    kinds = set()
    for seed in (3, 4, 5):
        s = start(invasion_board(), seed=seed)
        bots = {"AXIS": RandomBot(seed), "SOV": RandomBot(seed + 5)}
        for _ in range(20_000):
            if s.terminal:
                break
            a = bots[s.current_player].choose(s)
            kinds.add(a.kind)
            before = (s.current_nation, s.phase)
            s.apply(a)
            check_invariants(s, before[1] == "movement" and s.phase != "movement")
        assert s.terminal
    assert {"hgw_invade", "hgw_convert"} <= kinds


def test_at_most_three_sps_a_turn_to_or_from_the_us():
    """seeds/001 ATLANTIC OCEAN: unlimited Allied transport, but no more than three SPs a
    turn to or from the U.S. or Canada (option hgw_sea_box_limit); the box is reached
    by its sea arrow (a Link of kind "offmap")."""
    from gamecore.model import Link

    pack = seas(
        units=[("0101", "AXIS", "inf", 5), ("0104", "SOV", "inf", 1)],
        options={
            "hgw_sea_capacity": {"AXIS": {"Baltic": -1}},
            "hgw_sea_box_limit": {"AXIS": {"1909": 3}},
        },
    )
    m = pack.map
    box_id = max(m.zones) + 1
    from shapely.geometry import box as rect

    from gamecore.model import Ownership, Zone

    m.zones[box_id] = Zone(
        box_id,
        "1909",
        "United States",
        kind="offmap",
        geometry=rect(180, 0, 188, 8),
        terrain="clear",
        region="Germany",
        props={"box": {"stacking": None, "retreat": False}},
    )
    sea = next(zz.id for zz in m.zones.values() if zz.code == "0201")
    m.links[99] = Link(99, "offmap", box_id, sea, "sea arrow", props={"sea_arrow": True})
    pack.scenarios["barbarossa"].ownership[box_id] = Ownership("AXIS", "AXIS")
    s = start(pack)
    to_phase(s, "AXIS", "movement")
    us = z(s, "1909")
    assert us in move_reach(s, "AXIS", z(s, "0101"), 3)
    assert us not in move_reach(s, "AXIS", z(s, "0101"), 4)
    assert z(s, "0301") in move_reach(s, "AXIS", z(s, "0101"), 5)  # not to or from the US
    s.apply(move(s, "0101", "1909", n=3))
    assert s.shipped["@1909"] == 3
    with pytest.raises(RulesError):
        s.apply(move(s, "0101", "1909", n=1))
