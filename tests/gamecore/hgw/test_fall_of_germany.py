"""The Fall of Germany rules of the hgw system (seeds/001 THE FALL OF GERMANY SCENARIO,
SET-UP AND SPECIAL RULES; rules-notes/001 §2.2, §2.6, §2.8): the Western Allies as a
third side playing after the Soviets, Allied-Soviet co-operation, the two-player variant."""

from __future__ import annotations

import pytest

from gamecore.engine.actions import Action
from gamecore.errors import RulesError
from gamecore.hgw.supply import supplied
from gamecore.model import Alliance
from tests.gamecore.hgw.helpers import END, army, start, to_phase, z
from tests.gamecore.hgw.hexpack import strip

HOME = {"AXIS": ["Germany"], "SOV": ["USSR"], "ALL": ["Great Britain"]}


def three_sides(pack, two_player: bool = False):
    """Turn the test pack's scenario into a three-side game: Axis, Soviets, Allies (in
    that order, seeds/001 FIRST TURN - FINAL TURN). ``two_player``: one player runs the
    Allies and the Soviets (one alliance), who still keep apart (hgw_separate)."""
    scn = pack.scenarios["barbarossa"]
    scn.turn_order = [["AXIS"], ["SOV"], ["ALL"]]
    scn.set_relation("ALL", "AXIS", "war")
    if two_player:
        scn.alliances = {
            "axis": Alliance("axis", "Axis", members=["AXIS"]),
            "allies": Alliance("allies", "Allies and Soviets", members=["SOV", "ALL"]),
        }
        scn.options["hgw_separate"] = [["SOV", "ALL"]]
    else:
        scn.alliances["allies"] = Alliance("allies", "Western Allies", members=["ALL"])
        scn.set_relation("ALL", "SOV", "neutral")
    scn.options["hgw_home"] = HOME
    return pack


def board(units=(), armies=(), extra=None, two_player=False, **kw):
    """Rows 1-4: Germany in cols 1-2, the USSR in cols 3-6 of rows 1-2 and col 6 below,
    Great Britain (Allied) in cols 3-5 of rows 3-4. Every hex 1 PP."""
    allied = {
        f"{r:02d}{c:02d}": {"owner": "ALL", "region": "Great Britain"}
        for r in (3, 4)
        for c in (3, 4, 5)
    }
    pack = strip(
        rows=(1, 2, 3, 4),
        extra={**allied, **(extra or {})},
        units=units,
        armies=armies,
        **kw,
    )
    return three_sides(pack, two_player)


def test_the_allies_play_third():
    """seeds/001 FIRST TURN - FINAL TURN: Axis moves first, then Soviets, then Allies."""
    s = start(board(units=[("0301", "AXIS", "inf", 1), ("0303", "ALL", "inf", 1)]))
    order = []
    for _ in range(40):
        if s.current_nation not in order:
            order.append(s.current_nation)
        if len(order) == 3 or s.terminal:
            break
        s.apply(END)
    assert order == ["AXIS", "SOV", "ALL"]


@pytest.mark.parametrize("two_player", [False, True])
def test_soviets_and_allies_never_attack_each_other(two_player):
    """seeds/001 ALLIED-SOVIET CO-OPERATION 1: the Soviet and Allied players may not
    attack one another; both attack the Axis."""
    pack = board(
        units=[("0204", "SOV", "mech", 5), ("0303", "ALL", "mech", 5), ("0101", "AXIS", "inf", 1)],
        armies=[("Red", "SOV", "0204"), ("Blue", "ALL", "0303")],
        two_player=two_player,
    )
    s = start(pack)
    to_phase(s, "SOV", "announce")
    red = army(s, "Red")
    targets = {s.board.code[a.zone] for a in s.legal_actions() if a.kind == "hgw_attack"}
    assert {"0303", "0304"}.isdisjoint(targets)  # Allied neighbours of 0204
    assert targets <= {"0203", "0205", "0103", "0104"}  # its own hexes (advance into friendly)
    to_phase(s, "ALL", "announce")
    blue = army(s, "Blue")
    targets = {s.board.code[a.zone] for a in s.legal_actions() if a.kind == "hgw_attack"}
    assert "0302" in targets  # the Axis neighbour
    assert {"0203", "0204"}.isdisjoint(targets)  # the Soviet neighbours
    with pytest.raises(RulesError):
        s.apply(Action("hgw_attack", units=(blue,), zone=z(s, "0204")))
    s.apply(END)
    with pytest.raises(RulesError):
        s.apply(Action("hgw_assault", units=(blue,), zone=z(s, "0204")))
    with pytest.raises(RulesError):
        s.apply(Action("hgw_advance", units=(blue,), zone=z(s, "0204")))
    assert s.armies[red].zone == z(s, "0204")


@pytest.mark.parametrize("two_player", [False, True])
def test_neither_enters_the_others_friendly_hexes(two_player):
    """seeds/001 ALLIED-SOVIET CO-OPERATION 2: Soviet armies may not enter Allied-friendly
    hexes and Allied armies may not enter Soviet-friendly hexes (also when one player
    runs both: the two-player variant of SPECIAL RULES FOR THE FALL OF GERMANY 1)."""
    pack = board(
        units=[("0204", "SOV", "inf", 2), ("0303", "ALL", "inf", 2), ("0101", "AXIS", "inf", 1)],
        armies=[("Red", "SOV", "0204"), ("Blue", "ALL", "0303")],
        two_player=two_player,
    )
    s = start(pack)
    to_phase(s, "SOV", "movement")
    red = army(s, "Red")
    allied = {z(s, f"{r:02d}{c:02d}") for r in (3, 4) for c in (3, 4, 5)}
    dests = {a.path[1] for a in s.legal_actions() if a.kind == "hgw_move"}
    assert dests and dests.isdisjoint(allied)
    with pytest.raises(RulesError):
        s.apply(
            Action(
                "hgw_move",
                units=tuple(s.at[z(s, "0204")]),
                path=(z(s, "0204"), z(s, "0304")),
                target=red,
            )
        )
    to_phase(s, "ALL", "movement")
    blue = army(s, "Blue")
    dests = {a.path[1] for a in s.legal_actions() if a.kind == "hgw_move"}
    assert dests and dests <= allied
    with pytest.raises(RulesError):
        s.apply(
            Action(
                "hgw_move",
                units=tuple(s.at[z(s, "0303")]),
                path=(z(s, "0303"), z(s, "0204")),
                target=blue,
            )
        )


@pytest.mark.parametrize("two_player", [False, True])
def test_supply_never_runs_through_the_other_sides_hexes(two_player):
    """A line of supply is a chain of friendly hexes (seeds/001 SUPPLY, Line of Supply 1):
    Allied hexes are not Soviet-friendly, so a Soviet hex ringed by Allied hexes is cut."""
    pack = board(
        extra={"0404": {"owner": "SOV", "region": "USSR", "value": 0}}, two_player=two_player
    )
    s = start(pack)
    sov = supplied(s, "SOV", False)
    assert z(s, "0404") not in sov and z(s, "0204") in sov
    assert not any(s.owner[x] == "ALL" for x in sov)
    assert z(s, "0404") not in supplied(s, "ALL", False)


def test_one_alliance_without_the_separation_would_share_hexes():
    """The two-player variant needs ``hgw_separate``: an alliance alone makes the two
    sides friendly (they would share hexes and supply lines)."""
    pack = board(extra={"0404": {"owner": "SOV", "region": "USSR", "value": 0}}, two_player=True)
    pack.scenarios["barbarossa"].options["hgw_separate"] = []
    s = start(pack)
    assert z(s, "0404") in supplied(s, "SOV", False)


def test_allies_may_attack_a_hex_the_soviets_attacked_but_never_together():
    """seeds/001 ALLIED-SOVIET CO-OPERATION 3: the two never combine in one attack; the
    Allies, in their turn, may attack an Axis hex the Soviets attacked before."""
    pack = board(
        units=[("0203", "SOV", "inf", 6), ("0303", "ALL", "inf", 6), ("0302", "AXIS", "inf", 3)],
        armies=[("Red", "SOV", "0203"), ("Blue", "ALL", "0303"), ("Grey", "AXIS", "0302")],
    )
    s = start(pack, dice=[6, 6, 6, 6, 6, 6, 6, 6])
    red, blue = army(s, "Red"), army(s, "Blue")
    to_phase(s, "SOV", "announce")
    s.apply(Action("hgw_attack", units=(red,), zone=z(s, "0302")))
    assert s.phase == "initial"  # its only army announced: the phase ends by itself
    with pytest.raises(RulesError):
        s.apply(Action("hgw_assault", units=(red, blue), zone=z(s, "0302")))
    s.apply(Action("hgw_assault", units=(red,), zone=z(s, "0302")))
    to_phase(s, "ALL", "announce")
    assert Action("hgw_attack", units=(blue,), zone=z(s, "0302")) in s.legal_actions()


FOG = {"hgw_victory": "fall_of_germany", "hgw_berlin_hex": "0302", "hgw_income_modifier": {}}


def berlin_falls(two_player=False, allied_pp=1):
    """The Allies advance into Berlin (0302, empty, garrison 1) with 10 mech; returns
    the finished game."""
    allied = {
        f"{r:02d}{c:02d}": {"owner": "ALL", "region": "Great Britain", "value": allied_pp}
        for r in (3, 4)
        for c in (3, 4, 5)
    }
    pack = board(
        units=[("0303", "ALL", "mech", 10), ("0101", "AXIS", "inf", 1), ("0104", "SOV", "inf", 1)],
        armies=[("Blue", "ALL", "0303")],
        extra=allied,
        two_player=two_player,
        options=FOG,
    )
    s = start(pack, dice=[1])
    to_phase(s, "ALL", "announce")
    blue = army(s, "Blue")
    s.apply(Action("hgw_attack", units=(blue,), zone=z(s, "0302")))
    while s.phase == "announce":
        s.apply(END)
    s.apply(Action("hgw_advance", units=(blue,), zone=z(s, "0302")))
    return s


def test_taking_berlin_ends_the_game_and_the_production_ratio_names_the_winner():
    """seeds/001 FALL OF GERMANY Victory Conditions 1, 3-5: the game ends at once when
    the Soviets or the Allies take Berlin; the Soviets win if their production (all
    their PP, devastated or not) is at least two thirds of the Allies', else the Allies."""
    s = berlin_falls()  # Soviet 10 PP, Allied 6 (+1 Berlin, devastated: counted)
    assert s.terminal and s.winner == "soviet" and "took Berlin" in s.end_reason
    s = berlin_falls(allied_pp=4)  # Soviet 10 PP, Allied 24 + 1
    assert s.terminal and s.winner == "allies"


def test_two_player_variant_wins_by_berlin_alone():
    """SPECIAL RULES FOR THE FALL OF GERMANY 1: one player runs the Allies and the
    Soviets and wins only by taking Berlin before the end."""
    s = berlin_falls(two_player=True, allied_pp=4)
    assert s.terminal and s.winner == "allies" and s.side_of("SOV") == "allies"


def test_the_axis_wins_holding_berlin_at_the_end():
    """seeds/001 FALL OF GERMANY Victory Conditions 1-2: after the last turn the Axis
    wins if Berlin is still friendly."""
    pack = board(
        units=[("0101", "AXIS", "inf", 1), ("0104", "SOV", "inf", 1), ("0303", "ALL", "inf", 1)],
        options=FOG,
        rounds=1,
    )
    s = start(pack)
    for _ in range(100):
        if s.terminal:
            break
        s.apply(END)
    assert s.terminal and s.winner == "axis" and "holds Berlin" in s.end_reason


@pytest.mark.parametrize(
    ("allied_near", "dice", "taker"),
    [(1, [2, 5], "ALL"), (1, [5, 2], "SOV"), (0, [], "SOV")],
)
def test_unsupplied_hexes_go_to_the_side_with_the_closest_pp(allied_near, dice, taker):
    """SPECIAL RULES FOR THE FALL OF GERMANY 4: an out-of-supply hex becomes friendly to
    the opposing side with the closest undevastated production point; ties by a die
    roll. Its armies die (seeds/001 Unsupplied Hexes 1)."""
    ring = {
        c: {"owner": "ALL", "region": "Great Britain", "value": allied_near}
        for c in ("0303", "0305", "0404", "0405")
    }
    pack = board(
        units=[("0304", "AXIS", "inf", 2), ("0101", "AXIS", "inf", 1), ("0104", "SOV", "inf", 1)],
        armies=[("Lost", "AXIS", "0304")],
        extra={"0304": {"owner": "AXIS", "region": "USSR", "value": 0}, **ring},
        options={**FOG, "hgw_unsupplied_capture": "closest_pp"},
    )
    s = start(pack, dice=dice)
    lost = army(s, "Lost")
    to_phase(s, "SOV", "movement")
    assert lost not in s.armies
    assert s.owner[z(s, "0304")] == taker
    assert not s.rng.faces  # the die was rolled only on a tie


# ---------------------------------------------------------------------- the bundled scenario
def bundled():
    from pathlib import Path

    from gamecore.store import read_pack

    root = Path(__file__).resolve().parents[3]
    return read_pack(root / "resources" / "samples" / "hgw-barbarossa.warroom")


def test_the_bundled_fall_of_germany_starts_as_the_rulebook_says():
    """seeds/001 THE FALL OF GERMANY SET-UP: the friendly areas (Italy and the USSR
    split by hex), the neutrals, the forts, the SPs (Axis 29/14, Soviet 40/16, Allied
    28/12/12 amph) in at most 12 armies and 10 SPs a hex, start production 30/23/35,
    Spring 1944 to Winter 1945, Axis then Soviets then Allies."""
    from gamecore.engine import new_game
    from gamecore.hgw.armies import army_amph, army_count, sp_in
    from gamecore.hgw.production import income

    s = new_game(bundled(), "fall_of_germany", seed=1)
    code = {c: zz for zz, c in s.board.code.items()}
    for c in ("1636", "1637", "1736", "1737", "1042", "1142", "1143", "1542", "1237"):
        assert s.owner[code[c]] == "AXIS", c
    for c in ("1838", "1839", "1937", "1836", "1735", "1233", "1909"):
        assert s.owner[code[c]] == "ALL", c
    for c in ("0942", "1144", "1446", "SIB"):
        assert s.owner[code[c]] == "SOV", c
    for region in ("Portugal", "Spain", "Sweden", "Turkey", "Saudi Arabia"):
        zs = [zz for zz, r in s.board.region.items() if r == region and s.board.kind[zz] == "land"]
        assert zs and all(s.owner.get(zz) is None for zz in zs), region
    assert {n: income(s, n) for n in ("AXIS", "SOV", "ALL")} == {"AXIS": 30, "SOV": 23, "ALL": 35}
    want = {"AXIS": (29, 14, 0), "SOV": (40, 16, 0), "ALL": (28, 12, 12)}
    for n, (inf, mech, amph) in want.items():
        armies = [a for a, v in s.armies.items() if v.nation == n]
        assert len(armies) <= 12
        rows = [army_count(s, a) + (army_amph(s, a),) for a in armies]
        got = [sum(r[i] for r in rows) for i in range(3)]
        assert tuple(got) == (inf, mech, amph), n
    forts = {(s.board.code[u.zone], u.nation) for u in s.units.values() if u.type == "fort"}
    assert forts == {(c, "AXIS") for c in ("1436", "1335", "1736", "1334", "1235", "1236")} | {
        ("0942", "SOV")
    }
    for zz in {u.zone for u in s.units.values()}:
        assert s.board.kind[zz] == "land" and (sp_in(s, zz) <= 10 or s.board.code[zz] == "1909")
    assert s.permanent == {code["1534"]: 2, code["1435"]: 1}  # the French points
    assert s.zone_damage[code["1436"]] == 3
    assert s.max_rounds == 6 and [n for slot in s.board.turn_slots for n in slot] == [
        "AXIS",
        "SOV",
        "ALL",
    ]


@pytest.mark.parametrize(
    ("two_player", "sides"), [(False, {"AXIS", "SOV", "ALL"}), (True, {"axis", "allies"})]
)
def test_random_bots_play_the_bundled_fall_of_germany_to_a_winner(two_player, sides):
    """The bundled scenario and its bundled two-player variant play to a winner with
    random bots."""
    pack = bundled()
    scenario = "fall_of_germany_2p" if two_player else "fall_of_germany"
    from gamecore.engine import new_game
    from gamecore.engine.bots import RandomBot, play

    s = new_game(pack, scenario, seed=2)
    play(s, {n: RandomBot(i + 2) for i, n in enumerate(("AXIS", "SOV", "ALL"))}, max_actions=50_000)
    assert s.terminal and s.winner in sides
    assert s.round <= 6


def test_lend_lease_up_to_four_pp_through_the_depots():
    """seeds/001 ALLIED-SOVIET CO-OPERATION, Lend-Lease 1-4: in the Allied production
    phase the Allies may give up to 4 PP of their budget to the Soviets, each depot
    still Soviet taking its 2; the gift is spent in the next Soviet production phase."""
    from gamecore.hgw.production import lend_room

    ll = {"from": "ALL", "to": "SOV", "max": 4, "depots": {"0104": 2, "0105": 2}}
    pack = board(
        units=[("0101", "AXIS", "inf", 1), ("0104", "SOV", "inf", 1), ("0303", "ALL", "inf", 1)],
        options={"hgw_lend_lease": ll, "hgw_income_modifier": {}},
    )
    s = start(pack)
    to_phase(s, "ALL", "production")
    assert s.banks["ALL"] == 6
    lend = sorted(a.count for a in s.legal_actions() if a.kind == "hgw_lend")
    assert lend == [1, 4]
    s.apply(Action("hgw_lend", nation="SOV", count=3))
    assert s.banks["ALL"] == 3 and s.lend == {"SOV": 3}
    with pytest.raises(RulesError):  # 3 + 2 > 4
        s.apply(Action("hgw_lend", nation="SOV", count=2))
    s.owner[z(s, "0105")] = "AXIS"  # a depot lost: its share with it (cap 2 < 3 given)
    assert lend_room(s, "ALL") == ("SOV", 0)
    s.owner[z(s, "0105")] = "SOV"
    assert lend_room(s, "ALL") == ("SOV", 1)
    s.apply(END)
    to_phase(s, "SOV", "production")
    got = [e for e in s.log if e.get("e") == "hgw_lend_received"]
    assert got and got[-1]["amount"] == 3 and not s.lend
    assert s.banks["SOV"] == s.income["SOV"] + 3
