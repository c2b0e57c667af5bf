"""Global War strategic rail movement, narrow crossings and impassable terrain on tiny
hand-drawn maps (seeds/000_8004ae29f2fa7391.txt, cited "seeds/000 §x.y"; rules-notes/000
§1.5, §1.7, §1.8, §4.3)."""

from __future__ import annotations

import pytest

from gamecore.engine import Action, RandomBot, new_game, play
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.errors import RulesError
from gamecore.model import Border, Line
from tests.gamecore.engine.helpers import to_phase, units_of

TWO = {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}}


def build(rows, owners, units=(), lines=(), regions=None, links=(), borders=(), **kw):
    """``lines``: (kind, zone codes, {gauge, props}); ``borders``: (a, b, {attrs})."""
    zones = {c: {"owner": o} for c, o in owners.items()}
    zones.update(kw.pop("zones", {}))
    options = kw.pop("options", None)
    pack = grid_pack(
        rows, zones, TWO, units, links=links, ruleset="global_war", options=options, **kw
    )
    ids = zone_ids(pack)
    m = pack.map
    for code, region in (regions or {}).items():
        m.zones[ids[code]].region = region
    for i, (kind, codes, extra) in enumerate(lines, start=1):
        m.lines[i] = Line(
            i,
            kind,
            path=[ids[c] for c in codes],
            gauge=extra.get("gauge"),
            props=dict(extra.get("props", {})),
        )
    for a, b, attrs in borders:
        x, y = sorted((ids[a], ids[b]))
        m.borders[(x, y)] = Border(x, y, **attrs)
    return new_game(pack, "test", seed=3), ids


def rail_dests(s, uid):
    """dest -> the rail move taking the most units (with ``uid``) there."""
    out = {}
    for a in s.legal_actions():
        if a.kind == "move" and a.mode == "rail" and uid in a.units:
            if a.path[-1] not in out or len(a.units) > len(out[a.path[-1]].units):
                out[a.path[-1]] = a
    return out


def dests(s, uid):
    """Destinations of ordinary moves (no rail, no crossing)."""
    return {
        a.path[-1] for a in s.legal_actions() if a.kind == "move" and uid in a.units and not a.mode
    }


RAIL_ROWS = ["ABCDE", "FGHIJ"]
RAIL_OWN = {c: "RED" for c in "ABCDEFGHI"} | {"J": "BLU"}
RAIL_REGIONS = {"A": "europe", "B": "europe", "C": "europe", "D": "ussr", "E": "ussr"}


def rail_game(units=(), lines=(("rail", "ABCDE", {"gauge": "standard"}),), **kw):
    s, z = build(RAIL_ROWS, RAIL_OWN, units, lines=lines, regions=RAIL_REGIONS, **kw)
    return s, z


def test_strategic_rail_goes_any_distance_in_noncombat_move_only():
    # seeds/000 §10.4 "Land & air units may non-combat move along railroad lines any
    # distance"; an ordinary move covers B, rail adds C, D, E
    s, z = rail_game([("A", "RED", "infantry", 6), ("I", "RED", "medium_armor")])
    inf = units_of(s, "RED", "infantry")[0]
    assert s.phase == "combat_move" and rail_dests(s, inf) == {}  # combat move: no rail
    to_phase(s, "noncombat_move")
    got = rail_dests(s, inf)
    assert set(got) == {z["C"], z["D"], z["E"]}
    assert got[z["E"]].path == (z["A"], z["B"], z["C"], z["D"], z["E"])
    assert dests(s, inf) >= {z["B"], z["F"]}


def test_air_units_ride_the_rails_too():
    # seeds/000 §10.4 "Land & air units may non-combat move along railroad lines"
    lines = [("rail", "ABCDE", {"gauge": "standard"})]
    s, z = build(["ABCDE", "FGHIJ"], RAIL_OWN, [("A", "RED", "fighter")], lines, RAIL_REGIONS)
    to_phase(s, "noncombat_move")
    ftr = units_of(s, "RED", "fighter")[0]
    s.set_unit(ftr, moves=1)  # a short-ranged plane
    s._legal = None
    assert set(rail_dests(s, ftr)) == {z["C"], z["D"], z["E"]}


def test_rail_capacity_per_region_counts_in_both_regions_crossed():
    # seeds/000 §10.4 Figure 10-1: Europe 4, USSR 2; "If you cross a rail boundary it
    # counts against the limits in both areas"
    s, z = rail_game([("A", "RED", "infantry", 6)])
    to_phase(s, "noncombat_move")
    inf = units_of(s, "RED", "infantry")
    got = rail_dests(s, inf[0])
    assert len(got[z["C"]].units) == 4  # Europe only
    assert len(got[z["E"]].units) == 2  # Europe and USSR: USSR's 2 bind
    with pytest.raises(RulesError):
        s.apply(Action.move(inf[:3], got[z["E"]].path, mode="rail"))
    s.apply(Action.move(inf[:2], got[z["E"]].path, mode="rail"))
    assert {s.units[u].zone for u in inf[:2]} == {z["E"]}
    assert all(s.units[u].moves == 0 for u in inf[:2])
    got = rail_dests(s, inf[2])
    assert z["D"] not in got and z["E"] not in got  # USSR used up
    assert len(got[z["C"]].units) == 2  # Europe 4 - 2
    with pytest.raises(RulesError):
        s.apply(Action.move(inf[2:5], got[z["C"]].path, mode="rail"))


def test_rail_only_through_zones_possessed_since_the_start_of_the_turn():
    # seeds/000 §10.4 "You have to possess a land zone since the beginning of the turn
    # before you can strategic rail move through the zone": C taken this turn blocks it
    own = dict(RAIL_OWN, C="BLU")
    s, z = build(
        RAIL_ROWS,
        own,
        [("A", "RED", "infantry", 2), ("B", "RED", "medium_armor")],
        lines=[("rail", "ABCDE", {"gauge": "standard"})],
        regions=RAIL_REGIONS,
    )
    tank = units_of(s, "RED", "medium_armor")[0]
    s.apply(Action.move([tank], (z["B"], z["C"])))
    to_phase(s, "noncombat_move")
    assert s.owner[z["C"]] == "RED"
    assert rail_dests(s, units_of(s, "RED", "infantry")[0]) == {}


def test_a_damaged_railroad_closes_the_line():
    # seeds/000 §12.10 / rules-notes/000 §1.5 "A damaged rail cannot be used"
    s, z = rail_game([("A", "RED", "infantry")], facilities=[("C", "railroad", 1)])
    to_phase(s, "noncombat_move")
    assert rail_dests(s, units_of(s, "RED", "infantry")[0]) == {}  # B-C is C's rail


@pytest.mark.parametrize("stop,reach", [(False, "CDE"), (True, "CD")])
def test_gauge_change_ends_the_rail_move_in_the_first_zone_after_it(stop, reach):
    # seeds/000 §10.5 [optional]: "When a unit moves from one gauge to another it must end
    # its strategic rail movement in the first zone after the gauge changes"
    lines = [("rail", "ABC", {"gauge": "standard"}), ("rail", "CDE", {"gauge": "broad"})]
    s, z = rail_game([("A", "RED", "infantry")], lines=lines, options={"rail_gauge_stop": stop})
    to_phase(s, "noncombat_move")
    assert set(rail_dests(s, units_of(s, "RED", "infantry")[0])) == {z[c] for c in reach}


def test_rivers_are_used_like_rail_and_share_its_capacity():
    # seeds/000 §1.12 Strategic Movement: "A river can be used like a railway for strategic
    # rail movement ... counts against the regional rail capacity"; rail then river
    lines = [("rail", "ABC", {"gauge": "standard"}), ("river", "CHI", {})]
    regions = dict(RAIL_REGIONS, H="europe", I="europe")
    s, z = build(RAIL_ROWS, RAIL_OWN, [("A", "RED", "infantry", 5)], lines, regions)
    to_phase(s, "noncombat_move")
    inf = units_of(s, "RED", "infantry")
    got = rail_dests(s, inf[0])
    assert set(got) == {z["C"], z["H"], z["I"]}
    assert got[z["I"]].path == (z["A"], z["B"], z["C"], z["H"], z["I"])
    assert len(got[z["I"]].units) == 4  # Europe's 4
    s.apply(got[z["I"]])
    assert rail_dests(s, inf[4]) == {}  # the river used Europe's capacity


def test_burma_road_moves_one_unit_a_turn_by_rail_and_no_other_land_move():
    # seeds/000 §1.17: "strategic rail move one unit from Burma to Yunnan"; "Land Units may
    # not make combat or non-combat moves using the Burma road"; it crosses the impassable
    road = ("rail", "AB", {"props": {"capacity": 1, "one_way": True}})
    s, z = build(
        ["A#B"],
        {"A": "RED", "B": "RED"},
        [("A", "RED", "infantry", 3), ("B", "RED", "infantry")],
        lines=[road],
        options={"rail_capacity_default": 4},
    )
    to_phase(s, "noncombat_move")
    inf = [u for u in units_of(s, "RED", "infantry") if s.units[u].zone == z["A"]]
    assert dests(s, inf[0]) == set()
    got = rail_dests(s, inf[0])
    assert set(got) == {z["B"]} and len(got[z["B"]].units) == 1
    back = [u for u in units_of(s, "RED", "infantry") if s.units[u].zone == z["B"]][0]
    assert rail_dests(s, back) == {}  # Burma -> Yunnan only
    s.apply(got[z["B"]])
    assert rail_dests(s, inf[1]) == {}


# ---------------------------------------------------------------------- narrow crossings
def crossing_game(owner_b="RED", units=(), port=False, **kw):
    links = [("strait", "A", "B", {"via": "1", "props": {"channel_port": port}})]
    return build(
        ["A1B"],
        {"A": "RED", "B": owner_b},
        units,
        links=links,
        borders=[("A", "B", {"crossing_limit": 2})],
        **kw,
    )


def cross_moves(s, uid):
    return [
        a for a in s.legal_actions() if a.kind == "move" and uid in a.units and a.mode == "cross"
    ]


def test_noncombat_narrow_crossing_for_infantry_class_within_the_printed_limit():
    # seeds/000 §1.20: "The number of units that may be moved across is printed on the
    # line"; non-combat: infantry-class units cross "as if they were adjacent"; no
    # ordinary move across
    units = [("A", "RED", "infantry", 3), ("A", "RED", "medium_armor"), ("A", "RED", "marine")]
    s, z = crossing_game(units=units)
    to_phase(s, "noncombat_move")
    inf = units_of(s, "RED", "infantry")
    tank = units_of(s, "RED", "medium_armor")[0]
    marine = units_of(s, "RED", "marine")[0]
    assert z["B"] not in dests(s, inf[0])
    assert cross_moves(s, tank) == []
    assert cross_moves(s, marine)
    whole = max(cross_moves(s, inf[0]), key=lambda a: len(a.units))
    assert len(whole.units) == 2 and whole.path == (z["A"], z["B"])
    with pytest.raises(RulesError):
        s.apply(Action.move(inf, (z["A"], z["B"]), mode="cross"))
    s.apply(whole)
    assert cross_moves(s, marine) == []  # the limit is used up


def test_a_crossing_drawn_as_a_border_limit_alone_works_the_same():
    # seeds/000 §1.20 as the validator models it (GW007): a border of two land zones with a
    # crossing_limit, no strait link; the sea zone both touch is the one crossed
    units = [("A", "RED", "infantry", 2), ("1", "BLU", "destroyer")]
    s, z = build(
        ["CA1B"],
        {"A": "RED", "B": "RED", "C": "RED"},
        units[:1],
        borders=[("A", "B", {"crossing_limit": 1})],
    )
    to_phase(s, "noncombat_move")
    inf = units_of(s, "RED", "infantry")
    assert [len(a.units) for a in cross_moves(s, inf[0])] == [1]
    s, z = build(
        ["CA1B"],
        {"A": "RED", "B": "RED", "C": "RED"},
        units,
        borders=[("A", "B", {"crossing_limit": 1})],
    )
    to_phase(s, "noncombat_move")
    assert cross_moves(s, units_of(s, "RED", "infantry")[0]) == []


def test_an_enemy_aircraft_on_maritime_air_patrol_closes_a_narrow_crossing():
    # seeds/000 §1.20: "The presence of enemy warships, Coastal Artillery or aircraft on
    # Maritime Air Patrol in the sea zone(s) prevents the crossing" (the patrol, §8.7:
    # the aircraft itself stays at its base; issue #23 point 15)
    s, z = build(
        ["A1BD"],
        {"A": "RED", "B": "RED", "D": "BLU"},
        # (RED's fighter keeps a non-combat move, so that phase is not skipped)
        [("A", "RED", "infantry"), ("A", "RED", "fighter"), ("D", "BLU", "seaplane")],
        links=[("strait", "A", "B", {"via": "1", "props": {"channel_port": False}})],
        borders=[("A", "B", {"crossing_limit": 2})],
    )
    to_phase(s, "noncombat_move")
    inf = units_of(s, "RED", "infantry")[0]
    assert cross_moves(s, inf)
    while s.current_nation == "RED":
        s.apply(Action.end_phase())
    to_phase(s, "combat_move")
    s.apply(Action("patrol", units=tuple(units_of(s, "BLU", "seaplane")), zone=z["1"]))
    while s.current_nation == "BLU":
        s.apply(Action.end_phase())
    to_phase(s, "noncombat_move")
    assert s.current_nation == "RED" and s.patrols and cross_moves(s, inf) == []


def test_channel_ports_let_any_land_unit_cross():
    # seeds/000 §1.21: "non-combat movement is not limited to infantry-class units"
    s, z = crossing_game(units=[("A", "RED", "medium_armor")], port=True)
    to_phase(s, "noncombat_move")
    assert cross_moves(s, units_of(s, "RED", "medium_armor")[0])


def test_only_marines_combat_move_across():
    # seeds/000 §1.20 "A player may combat move Marines across"
    units = [("A", "RED", "infantry"), ("A", "RED", "marine"), ("B", "BLU", "infantry")]
    s, z = crossing_game("BLU", units)
    assert cross_moves(s, units_of(s, "RED", "infantry")[0]) == []
    (mv,) = cross_moves(s, units_of(s, "RED", "marine")[0])
    s.apply(mv)
    assert s.units[mv.units[0]].zone == z["B"]


@pytest.mark.parametrize(
    "blocker",
    [
        {"units": [("1", "BLU", "destroyer")]},
        {"units": [("1", "BLU", "fighter")]},  # aircraft on Maritime Air Patrol
        {"facilities": [("B", "coastal_artillery")]},
    ],
)
def test_enemy_warships_patrol_aircraft_or_coastal_artillery_close_the_crossing(blocker):
    # seeds/000 §1.20 "The presence of enemy warships, Coastal Artillery or aircraft on
    # Maritime Air Patrol in the sea zone(s) prevents the crossing"
    units = [("A", "RED", "marine"), ("B", "BLU", "infantry"), *blocker.get("units", [])]
    s, z = crossing_game("BLU", units, facilities=blocker.get("facilities", ()))
    assert cross_moves(s, units_of(s, "RED", "marine")[0]) == []


def test_no_strategic_rail_across_a_narrow_crossing():
    # seeds/000 §1.20 "Units may not use strategic rail movement to make the crossing"
    s, z = crossing_game(units=[("A", "RED", "infantry")], lines=[("rail", "AB", {})])
    to_phase(s, "noncombat_move")
    # a rail line drawn across it still does not make a rail move (A and B are adjacent only
    # by the crossing; the rail move would duplicate it)
    inf = units_of(s, "RED", "infantry")[0]
    assert all(a.mode != "rail" for a in s.legal_actions() if a.kind == "move" and inf in a.units)


# ---------------------------------------------------------------------- terrain
@pytest.mark.parametrize("between", [{"terrain": "tundra"}, {"kind": "lake"}])
def test_tundra_and_lakes_block_land_moves(between):
    # seeds/000 §1.13 tundra/ice "impassable and cannot be moved into by land units";
    # §1.1 lakes "block land movement"
    s, z = build(
        ["ATBX", "CTDX"],
        {"A": "RED", "B": "RED", "C": "RED", "D": "RED", "T": "RED", "X": "BLU"},
        [("A", "RED", "cavalry"), ("X", "BLU", "infantry")],
        zones={"T": between},
    )
    to_phase(s, "noncombat_move")
    assert dests(s, units_of(s, "RED", "cavalry")[0]) == {z["C"]}  # not T, B or D


# ---------------------------------------------------------------------- bots
def feature_game(seed):
    rows = ["ABCD1EF", "GHIJ1KL"]
    own = {c: "RED" for c in "ABCDGHIJ"} | {c: "BLU" for c in "EFKL"}
    units = [
        ("A", "RED", "infantry", 3),
        ("G", "RED", "marine", 2),
        ("B", "RED", "major_factory"),
        ("F", "BLU", "infantry", 3),
        ("L", "BLU", "marine", 2),
        ("1", "BLU", "destroyer"),
    ]
    facs = [("A", "major_factory"), ("F", "major_factory"), ("D", "major_port")]
    return build(
        rows,
        own,
        [u for u in units if u[2] != "major_factory"],
        lines=[("rail", "ABCD", {"gauge": "standard"}), ("rail", "FE", {})],
        regions={c: "europe" for c in "ABCDEFGHIJKL"},
        links=[("strait", "D", "E", {"via": "1"}), ("strait", "J", "K", {"via": "1"})],
        borders=[("D", "E", {"crossing_limit": 2}), ("J", "K", {"crossing_limit": 1})],
        facilities=facs,
        banks={"RED": 10, "BLU": 10},
        rounds=4,
    )


def test_random_bots_use_the_new_moves_and_games_are_deterministic():
    # docs/architecture.md Invariant 4 (same seed, same game) with rail and crossing moves on offer
    from gamecore.engine import replay

    modes = set()
    for seed in (1, 2, 3):
        s1, _ = feature_game(5)
        s2, _ = feature_game(5)
        play(s1, RandomBot(seed=seed), max_actions=3000)
        play(s2, RandomBot(seed=seed), max_actions=3000)
        assert s1.snapshot() == s2.snapshot()
        assert replay(s1.pack, s1.log).snapshot() == s1.snapshot()
        modes |= {e["a"].get("mode") for e in s1.log if e.get("e") == "action"}
    assert {"rail", "cross"} <= modes


def test_heuristic_bot_plays_with_the_new_moves():
    from gamecore.sim.bots import make_bot

    s, _ = feature_game(1)
    play(s, make_bot("heuristic", 1), max_actions=3000)
    assert s.round >= 2


# ---------------------------------------------------------------------- strategic naval
def naval_game(rows, units, allowance=3, **kw):
    own = {c: "RED" for c in rows[0] if c.isalpha()} | {"X": "BLU"}
    facs = [("A", "major_port"), ("B", "minor_port")]
    return build(
        [rows[0] + "X", "C" * len(rows[0]) + "X"],
        own | {"C": "RED"},
        [*units, ("X", "BLU", "infantry")],
        facilities=facs,
        options={"strategic_naval_moves": True, "strategic_naval_allowance": {"RED": allowance}},
        **kw,
    )


def naval_moves(s):
    return [a for a in s.legal_actions() if a.kind == "move" and a.mode == "naval"]


def test_strategic_naval_move_port_to_port_counts_transport_and_cargo():
    # seeds/000 §10.6: Naval Transports "optionally loaded", "Each land or naval unit counts
    # as 1 (so a transport with two units on it is 3 strategic naval moves)", "up to five
    # spaces", from and to a Friendly Shipyard, Dockyard or Port, in non-combat movement
    units = [("1", "RED", "naval_transport"), ("1", "RED", "infantry", 2)]
    s, z = naval_game(["A123456B"], units)
    to_phase(s, "noncombat_move")
    (mv,) = naval_moves(s)
    assert mv.path == tuple(z[c] for c in "123456")
    s.apply(mv)
    tr = units_of(s, "RED", "naval_transport")[0]
    assert s.units[tr].zone == z["6"]
    assert {s.units[u].zone for u in units_of(s, "RED", "infantry")} == {z["6"]}
    assert naval_moves(s) == []


def test_strategic_naval_move_range_allowance_and_blocking():
    # seeds/000 §10.6: at most five sea zones; the nation's number of moves; no zone with
    # enemy warships, submarines or aircraft on Maritime Air Patrol
    tr = [("1", "RED", "naval_transport")]
    s, z = naval_game(["A1234567B"], tr)
    to_phase(s, "noncombat_move")
    assert naval_moves(s) == []  # six sea zones away
    loaded = [*tr, ("1", "RED", "infantry", 2)]
    s, z = naval_game(["A123456B"], loaded, allowance=2)
    to_phase(s, "noncombat_move")
    assert naval_moves(s) == []  # 3 units, 2 moves
    for blocker in ("destroyer", "submarine", "fighter"):
        s, z = naval_game(["A123456B"], [*tr, ("4", "BLU", blocker)])
        to_phase(s, "noncombat_move")
        assert naval_moves(s) == [], blocker
    s, z = naval_game(["A123456B"], [*tr, ("4", "BLU", "naval_transport")])
    to_phase(s, "noncombat_move")
    assert naval_moves(s)  # a transport does not block


@pytest.mark.parametrize(
    "cond,open_",
    [("at_war(RED, BLU) and controls(RED, {A, B})", True), ("controls(BLU, {A})", False)],
)
def test_a_line_opens_only_while_its_condition_holds(cond, open_):
    # seeds/000 §1.17: the Burma Road "opens on or after July 1938 if Japan and China are
    # at war and Yunnan is in Possession of KMT and Burma is in Allied Possession": a line's
    # props.open_if in the condition language (docs/conditions.md)
    props = {"capacity": 1, "one_way": True, "open_if": cond}
    s, z = build(
        ["CA#BX"],
        {"A": "RED", "B": "RED", "C": "RED", "X": "BLU"},
        [("A", "RED", "infantry"), ("B", "RED", "infantry"), ("X", "BLU", "infantry")],
        lines=[("rail", "AB", {"props": props})],
        rounds=3,
        options={"rail_capacity_default": 4},
    )
    to_phase(s, "noncombat_move")
    assert s.round == 1
    inf = [u for u in units_of(s, "RED", "infantry") if s.units[u].zone == z["A"]][0]
    assert bool(rail_dests(s, inf)) is open_


@pytest.mark.parametrize("base_b,railed", [("major_port", True), ("minor_port", False)])
def test_coastal_submarines_rail_between_major_naval_bases(base_b, railed):
    # seeds/000 §10.4 "A coastal submarine may be strategically railed if it starts its
    # movement adjacent to a Friendly Major Port/Shipyard/Dockyard, or Submarine Base and
    # must end its move in a sea zone adjacent to a land zone with" one
    s, z = build(
        ["1AB2", "CCCX"],
        {"A": "RED", "B": "RED", "C": "RED", "X": "BLU"},
        [("1", "RED", "coastal_submarine"), ("C", "RED", "infantry"), ("X", "BLU", "infantry")],
        lines=[("rail", "AB", {"gauge": "standard"})],
        facilities=[("A", "submarine_base"), ("B", base_b)],
        rounds=2,
    )
    to_phase(s, "noncombat_move")
    sub = units_of(s, "RED", "coastal_submarine")[0]
    got = rail_dests(s, sub)
    assert bool(got) is railed
    if railed:
        assert got[z["2"]].path == (z["1"], z["A"], z["B"], z["2"])
        s.apply(got[z["2"]])
        assert s.units[sub].zone == z["2"]
        assert s.logistics == {"rail|RED||1": 1}  # the land zones' region ("") once


@pytest.mark.parametrize("navigable", [False, True])
def test_lakes_are_no_sea_zones(navigable):
    # seeds/000 §1.1 "Lakes inside land zones ... are not sea zones": option lakes_navigable
    # (g40 default true keeps lakes as water)
    s, z = build(
        ["31L2", "AAAX"],
        {"A": "RED", "X": "BLU"},
        [("1", "RED", "destroyer"), ("X", "BLU", "infantry")],
        zones={"L": {"kind": "lake"}},
        options={"lakes_navigable": navigable},
        rounds=2,
    )
    to_phase(s, "noncombat_move")
    dd = units_of(s, "RED", "destroyer")[0]
    assert z["3"] in dests(s, dd)
    assert (z["2"] in dests(s, dd)) is navigable


@pytest.mark.parametrize(
    "terrain,unit,reach",
    [
        ("mountain", "medium_armor", "CDM"),  # M ends the move: not B beyond it
        ("mountain", "cavalry", "CDMB"),  # "All land units (except cavalry)"
        ("desert", "cavalry", "CDM"),  # desert slows cavalry too
        ("clear", "medium_armor", "CDMB"),
    ],
)
def test_difficult_terrain_reduces_movement_to_one(terrain, unit, reach):
    # seeds/000 §1.8 "All land units (except cavalry) have their movement reduced to 1 when
    # subject to Mountain rules"; §1.9 desert: "All land units"; the zone is entered only
    # as a move's first step (A-M, A-C adjacent; C-D, D-M, M-B)
    s, z = build(
        ["AMB", "CDX"],
        {c: "RED" for c in "AMBCD"} | {"X": "BLU"},
        [("A", "RED", unit), ("X", "BLU", "infantry")],
        zones={"M": {"terrain": terrain, "owner": "RED"}},
        rounds=2,
    )
    to_phase(s, "noncombat_move")
    got = dests(s, units_of(s, "RED", unit)[0])
    assert got == {z[c] for c in reach}


@pytest.mark.parametrize("terrain,reach", [("jungle", "CD"), ("clear", "CDM")])
def test_difficult_terrain_is_never_entered_as_a_second_step(terrain, reach):
    # seeds/000 §1.10 jungle: "movement reduced to 1": a tank moving 2 may not go A-C-M
    s, z = build(
        ["ACM", "DDX"],
        {c: "RED" for c in "ACDM"} | {"X": "BLU"},
        [("A", "RED", "medium_armor"), ("X", "BLU", "infantry")],
        zones={"M": {"terrain": terrain, "owner": "RED"}},
        rounds=2,
    )
    to_phase(s, "noncombat_move")
    assert dests(s, units_of(s, "RED", "medium_armor")[0]) == {z[c] for c in reach}
