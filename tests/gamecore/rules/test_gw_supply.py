"""Global War supply paths, blockade and lend-lease on tiny hand-drawn maps
(seeds/000_8004ae29f2fa7391.txt, cited "seeds/000 §x.y"; rules-notes/000 §1.12, §4.6, §4.8)."""

from __future__ import annotations

import pytest

from gamecore.engine import Action, new_game
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.errors import RulesError
from gamecore.model import Facility, Line
from gamecore.rules import supply
from tests.gamecore.engine.helpers import ScriptedRng, to_phase

# A B | 1 | C D | 2 | E F   (one row: A-B land, sea 1, C-D land, sea 2, E-F land)
ROWS = ["AB1CD2EF"]
NATIONS = {
    "RED": {"alliance": "reds"},
    "GRN": {"alliance": "reds"},
    "BLU": {"alliance": "blues"},
    "NEU": {"kind": "neutral"},
}


def build(owners=None, facilities=(), units=(), rails=("AB", "CD"), options=None, banks=None):
    """RED owns A B, GRN owns C D E by default (values 4), BLU owns F."""
    own = {"A": "RED", "B": "RED", "C": "GRN", "D": "GRN", "E": "GRN", "F": "BLU"}
    own.update(owners or {})
    zones = {c: {"owner": o, "value": 4} for c, o in own.items()}
    facs = [f for f in facilities if len(f) < 4]
    pack = grid_pack(
        ROWS,
        zones,
        NATIONS,
        units,
        facilities=facs,
        ruleset="global_war",
        options=options,
        banks=banks or {"RED": 20},
    )
    ids = zone_ids(pack)
    m = pack.map
    for i, pair in enumerate(rails, start=1):
        m.lines[100 + i] = Line(100 + i, "rail", path=[ids[c] for c in pair], gauge="standard")
    for f in facilities:
        if len(f) == 4:  # (zone, type, damage, {props}) with a border given by zone code
            props = {k: ids[v] if k == "border" else v for k, v in f[3].items()}
            fid = m.next_id("facilities")
            m.facilities[fid] = Facility(fid, ids[f[0]], f[1], damage=f[2], props=props)
    s = new_game(pack, "test", seed=7)
    return s, ids


PORTS = [("B", "major_port"), ("C", "major_port"), ("D", "major_port"), ("E", "major_port")]


def path_codes(s, ids, p):
    back = {v: k for k, v in ids.items()}
    return "".join(back[z] for z in p) if p is not None else None


def test_supply_path_runs_on_rail_then_one_sea_leg_between_naval_facilities():
    # seeds/000 §1.5: by land along undamaged railways, by sea leaving and entering land
    # at a Port/Shipyard/Dockyard; once back on land no more sea zones
    s, z = build(facilities=PORTS)
    assert path_codes(s, z, supply.supply_path(s, "RED", z["A"], z["D"])) == "AB1CD"
    assert supply.supply_path(s, "RED", z["A"], z["E"]) is None  # a second sea leg
    # E is reached from D's port directly (one sea leg from D)
    assert path_codes(s, z, supply.supply_path(s, "RED", z["D"], z["E"])) == "D2E"


def test_no_supply_over_land_without_rail_or_through_a_damaged_railroad():
    # seeds/000 §1.5 "along an undamaged railway or river"; §12.10 a damaged rail is unusable
    s, z = build(rails=())
    assert supply.supply_path(s, "RED", z["A"], z["B"]) is None
    s, z = build(facilities=[("A", "railroad", 1, {"border": "B"})])
    assert supply.supply_path(s, "RED", z["A"], z["B"]) is None
    s, z = build(facilities=[("A", "railroad", 0, {"border": "B"})])
    assert path_codes(s, z, supply.supply_path(s, "RED", z["A"], z["B"])) == "AB"


def test_river_lines_carry_supply_like_rail():
    # seeds/000 §1.12 "A river can be used like a railway ... for tracing a supply path"
    s, z = build(rails=())
    s.pack.map.lines[9] = Line(9, "river", path=[z["A"], z["B"]])
    s2 = new_game(s.pack, "test", seed=1)
    assert path_codes(s2, z, supply.supply_path(s2, "RED", z["A"], z["B"])) == "AB"


def test_minor_facilities_carry_three_ipp_and_damaged_ones_nothing():
    # seeds/000 §1.5 / §11.4: minor naval facilities send/receive only 3 IPP; an undamaged
    # facility is needed (rules-notes/000 §1.11 ports table)
    facs = [("B", "major_port"), ("C", "minor_port")]
    s, z = build(facilities=facs)
    assert supply.supply_path(s, "RED", z["A"], z["C"], max_ipp=3) is not None
    assert supply.supply_path(s, "RED", z["A"], z["C"], max_ipp=4) is None
    s, z = build(facilities=[("B", "major_port"), ("C", "major_port", 1)])
    assert supply.supply_path(s, "RED", z["A"], z["C"]) is None


@pytest.mark.parametrize(
    "fleet,blocked",
    [
        ([("1", "BLU", "destroyer", 3)], True),
        ([("1", "BLU", "destroyer", 2)], False),
        ([("1", "BLU", "naval_transport", 3)], False),  # §6.37 not warships
        ([("1", "BLU", "submarine", 3)], False),  # surface warships only
    ],
)
def test_three_enemy_surface_warships_blockade_the_facilities_on_their_sea_zone(fleet, blocked):
    # seeds/000 §8.11: three or more surface warships blockade all Enemy naval facilities
    # in that sea zone; a blockade denies Supply Paths going through them
    s, z = build(facilities=PORTS, units=fleet)
    fids = supply.blockaded_facilities(s)
    port_b = next(f.id for f in s.facilities.values() if f.zone == z["B"])
    assert (port_b in fids) is blocked
    assert (supply.supply_path(s, "RED", z["A"], z["D"]) is None) is blocked


def test_no_blockade_of_a_nation_one_is_not_at_war_with():
    # seeds/000 §8.11 "You cannot blockade a nation's naval facilities unless you are at
    # war with that nation"
    s, z = build(facilities=PORTS, units=[("1", "NEU", "destroyer", 3)])
    assert supply.blockaded_facilities(s) == frozenset()


def test_supply_needs_permission_to_pass_other_nations_zones():
    # seeds/000 §1.5 "Players may give each other permission to trace supply paths through
    # land zones they Possess": option supply_permission "aligned" (default) / "own"
    s, z = build(facilities=PORTS)
    assert supply.supply_path(s, "RED", z["A"], z["D"]) is not None  # GRN is Aligned
    s, z = build(facilities=PORTS, owners={"C": "NEU"})
    assert supply.supply_path(s, "RED", z["A"], z["D"]) is None  # a neutral's port
    s, z = build(facilities=PORTS, options={"supply_permission": "own"})
    assert supply.supply_path(s, "RED", z["A"], z["D"]) is None


def test_supply_paths_are_cached_per_state_and_see_conquest():
    # seeds/000 §1.5: the path follows possession; the cache must not hide a change
    s, z = build(facilities=PORTS)
    assert supply.supply_path(s, "RED", z["A"], z["D"]) is not None
    c = s.clone()
    c.owner[z["C"]] = "BLU"
    c.bump()
    assert supply.supply_path(c, "RED", z["A"], z["D"]) is None
    assert supply.supply_path(s, "RED", z["A"], z["D"]) is not None


# ---------------------------------------------------------------------- lend-lease
LL_FACS = [("A", "major_factory"), *PORTS]


def at_place(**kw):
    s, z = build(facilities=LL_FACS, **kw)
    s.apply(Action.buy("infantry"))  # something to place keeps the Place phase open
    to_phase(s, "place")
    assert s.current_nation == "RED"
    return s, z


def test_lend_lease_sends_up_to_half_the_receivers_income_once_a_round():
    # seeds/000 §7.9: up to half the receiving nation's current income in IPPs; §11.4 from
    # a factory in the Home Country along a lend-lease supply path
    s, z = at_place()
    ll = [a for a in s.legal_actions() if a.kind == "lend_lease"]
    # GRN holds C D E worth 4 each: income 12, half 6; the minor-facility amount 3 too
    assert Action.lend_lease("GRN", 6) in ll and Action.lend_lease("GRN", 3) in ll
    assert not any(a.nation in ("BLU", "NEU", "RED") for a in ll)  # enemies, neutrals, self
    s.apply(Action.lend_lease("GRN", 6))
    assert s.banks["RED"] == 20 - 3 - 6 and s.banks["GRN"] == 6
    assert not any(a.kind == "lend_lease" for a in s.legal_actions())
    with pytest.raises(RulesError):
        s.apply(Action.lend_lease("GRN", 3))


def test_lend_lease_needs_a_path_and_a_blockade_stops_it():
    # seeds/000 §11.4 "A blockaded Naval facility cannot send nor receive lend-lease"
    s, _ = at_place(units=[("1", "BLU", "destroyer", 3)])
    assert not any(a.kind == "lend_lease" for a in s.legal_actions())
    s, _ = at_place(rails=())  # the factory in A has no rail to the port in B
    assert not any(a.kind == "lend_lease" for a in s.legal_actions())


@pytest.mark.parametrize("rolls,delivered", [([5, 2], False), ([2, 5], True), ([3, 3], True)])
def test_lend_lease_interdiction_d6_against_d6(rolls, delivered):
    # seeds/000 §11.4 Interdiction: an enemy submarine on the route; "Roll a D6 ... If the
    # interdicting player rolls higher than the interdicted, the lend-lease is eliminated"
    s, z = at_place(units=[("1", "BLU", "submarine")])
    s.rng = ScriptedRng(rolls)
    s.apply(Action.lend_lease("GRN", 6))
    assert s.banks["RED"] == 20 - 3 - 6
    assert s.banks["GRN"] == (6 if delivered else 0)
    assert s.rng.used == rolls


def test_lend_lease_is_deterministic_for_a_seed_and_replays():
    # docs/architecture.md Invariant 4: same seed, same game; the counters are part of the snapshot
    from gamecore.engine import replay

    def run():
        s, _ = at_place(units=[("1", "BLU", "submarine")])
        s.apply(Action.lend_lease("GRN", 6))
        return s

    a, b = run(), run()
    assert a.snapshot() == b.snapshot()
    assert replay(a.pack, a.log).snapshot() == a.snapshot()


def test_lend_lease_of_a_unit_built_at_a_home_factory_arrives_in_the_receivers_home():
    # seeds/000 §7.9 "One military unit ... produced at a factory in the Home Country
    # specifically for the purpose of lending"; §11.4 "It arrives and stops moving in" the
    # first land zone of the receiver's Home Country, "where it becomes" the receiver's unit
    s, z = at_place()
    act = Action.lend_lease("GRN", type="infantry")
    assert act in s.legal_actions()
    s.apply(act)
    got = [u for u in s.units.values() if u.nation == "GRN" and u.type == "infantry"]
    assert [u.zone for u in got] == [z["C"]]
    assert not s.pending.get("RED")
    assert s.banks["GRN"] == 0  # a unit, not IPP: one lend-lease a round


def test_in_supply_from_the_home_country_factories():
    # seeds/000 §11.2 upgrades need "a Supply Path from a Factory in the Home Country to the
    # land zone the unit ... is in"; T 12-2 minor factories need one to a Major Factory
    s, z = build(facilities=LL_FACS)
    assert supply.home_factories(s, "RED") == [z["A"]]
    assert supply.in_supply(s, "RED", z["D"])
    assert not supply.in_supply(s, "RED", z["E"])  # a second sea leg
    assert not supply.in_supply(s, "GRN", z["C"])  # GRN has no factory
