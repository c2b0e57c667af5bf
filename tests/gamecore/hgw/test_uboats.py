"""Campaign Game II's U-boats and shipping (issue #40; seeds/001 U-BOATS, SHIPPING, the FLEET
INTERCEPT RANGES table, EXAMPLE OF U-BOAT WARFARE, EXAMPLE OF SUPPLY ROUTES): the U-boat
example replayed with scripted dice, attacks on the bundled routes, the losses taken from
production and lend-lease, A.S.W., the bots' decisions and junk tables refused."""

from __future__ import annotations

import pytest

from gamecore.engine.actions import Action
from gamecore.errors import RulesError
from gamecore.hgw import uboats as ub
from gamecore.hgw.describe import describe
from gamecore.hgw.play import describe_hgw_event
from gamecore.hgw.tables import FIREPOWER
from gamecore.paths import resource
from gamecore.store import read_pack
from tests.gamecore.hgw.helpers import Dice, campaign_game, junk_option_is_refused, to_phase, z


@pytest.fixture(scope="module")
def pack():
    return read_pack(resource("samples", "hgw-campaign.warroom"))


def game(pack, scenario="campaign_2", dice=None, **kw):
    return campaign_game(pack, scenario, dice, **kw)


def baltic_subs(s, k: int = 2) -> int:
    """The Axis U-boats moved to the Baltic port 1139: out of the Allied fleets' reach (the
    Danish straits and the Kiel canal are not theirs), 1 hex from the Britain route by the
    canal."""
    h = z(s, "1139")
    s.naval = {**s.naval, "uboats": {h: ["AXIS", k]}}
    s.bump()
    s._legal = None
    return h


def test_the_fleet_intercept_ranges():
    """FLEET INTERCEPT RANGES: the Fleet line 0-2 (die 6 or less) ... 12 (1); the SS line
    0-7 (6), 8-14 (5), 15-22 (4), 23-30 (3), none beyond."""
    assert [ub.intercept_top(ub.FLEET_LINE, d) for d in (0, 2, 3, 8, 9, 11, 12, 13)] == [
        6, 6, 5, 3, 2, 2, 1, 0,
    ]  # fmt: skip
    assert [ub.intercept_top(ub.SS_LINE, d) for d in (7, 8, 14, 15, 30, 31)] == [6, 5, 5, 4, 3, 0]


def test_example_of_u_boat_warfare(pack):
    """EXAMPLE OF U-BOAT WARFARE: seven U-boats from Saint Nazaire against a lend-lease
    route shipping four PP; the Allied fleet at Scapa Flow tries an eight-hex intercept,
    die 4 (the 7-8 column): none; the U-boats intercept at 11 hexes, die 3 (8-14): done; the
    escort's eight A.S.W. points (three ASW SPs and the A.S.W. level of five) roll 4: two
    U-boats lost; the seven U-boats roll 2: two escort points lost; the five U-boats,
    doubled, roll 3: three of the four PP of lend-lease lost, one gets through."""
    s = game(pack, dice=[4, 3, 4, 2, 3])
    got = ub.resolve(s, subs=7, fleet=1, fleet_distance=8, distance=11, escort=8, room=4)
    assert got["dice"] == {
        "fleet_intercept": [4],
        "uboat_intercept": [3],
        "asw": [4],
        "uboats_at_asw": [2],
        "route": [3],
    }
    assert FIREPOWER["4"][7] == 2 and FIREPOWER["2"][6] == 2 and FIREPOWER["3"][9] == 3
    assert (got["subs"], got["escort"], got["loss"]) == (5, 6, 3)
    assert 4 - got["loss"] == 1


def test_u_boats_attack_britain_s_supply_route(pack):
    """Lend-Lease 2 and U-Boat Attack 6-7: two U-boats attack the route from the U.S. east
    coast to Britain, A.S.W. level 0: die 1 on the SS line, die 1 on the Firepower Table
    with 4 (doubled): 2 PP, taken from the Allies' next production budget, once."""
    s = game(pack)
    to_phase(s, "AXIS", "naval")
    base = baltic_subs(s)
    s.rng = Dice([1, 1])
    a = Action("hgw_uboat", path=(base,), target=0)
    assert a in s.legal_actions()
    s.apply(a)
    e = s.log[-1]
    assert e["e"] == "hgw_uboat" and e["intercepted"] and e["loss"] == FIREPOWER["1"][3] == 2
    assert describe(s, a) == "U-boats from 1139 attack the United States - Great Britain route"
    assert describe_hgw_event(pack, e, s).endswith("2 left, 2 PP lost")
    assert a not in s.legal_actions()  # once a turn against that route
    to_phase(s, "ALL", "production")
    paid = next(x for x in reversed(s.log) if x["e"] == "hgw_shipping_loss")
    assert paid["amount"] == 2 and s.banks["ALL"] == s.income["ALL"] - 2
    s2 = game(pack)
    to_phase(s2, "ALL", "production")
    assert not any(x["e"] == "hgw_shipping_loss" for x in s2.log)


def test_the_home_fleet_intercepts_u_boats_leaving_kiel(pack):
    """U-Boat Attack 3 and the example's first roll: the Allied fleet at London, 0 hexes
    from Kiel's North Sea end, intercepts on the Fleet line (die 1); both fire, the fleet
    doubled (6, die 6: 1 hit) and the U-boats (4, die 6: none): one U-boat left, weaker
    than the fleet, goes home without attacking."""
    s = game(pack)
    to_phase(s, "AXIS", "naval")
    s.rng = Dice([1, 6, 6])
    s.apply(Action("hgw_uboat", path=(z(s, "1236"),), target=0))
    e = s.log[-1]
    assert e["fleet"] == z(s, "1233") and e["dice"]["fleet_intercept"] == [1]
    assert e["uboats_left"] == 1 and not e["intercepted"] and e["loss"] == 0


def test_u_boats_sink_lend_lease_in_transit(pack):
    """U-BOATS, Lend-Lease 1: attacks on lend-lease can only cost the lend-lease points
    the route carries (here 2 on their way to the Soviets: a die-1 attack of 4 hits 2)."""
    s = game(pack)
    to_phase(s, "AXIS", "naval")
    base = baltic_subs(s)
    s.lend = {"SOV": 2}
    s.rng = Dice([1, 1])
    s.apply(Action("hgw_uboat", path=(base,), target=1))
    assert s.log[-1]["loss"] == 2 and s.lend.get("SOV", 0) == 0


def test_asw_escort_fights_the_u_boats_first(pack):
    """Anti-Submarine Warfare 2, 4: an escorted route (an Allied fleet at London, one of
    its ends) uses the A.S.W. level: 3 A.S.W. points (die 1: 1 hit) and the 2 U-boats (die
    1: 1 hit) fire at once; the U-boat left, doubled (die 1): 1 PP."""
    s = game(pack)
    to_phase(s, "AXIS", "naval")
    base = baltic_subs(s)
    ub.add_asw(s, "ALL", 3)
    s.rng = Dice([1, 1, 1, 1])
    s.apply(Action("hgw_uboat", path=(base,), target=0))
    e = s.log[-1]
    assert e["escort"] == 3 and e["dice"]["asw"] == [1] and e["uboats_left"] == 1
    assert e["loss"] == FIREPOWER["1"][1] == 1 and ub.asw(s, "ALL") == 2


def test_u_boats_and_asw_are_built(pack):
    """U-Boat Attack 2 (new U-boats in a home port; 6 PP at level 0) and Anti-Submarine
    Warfare 1 (A.S.W. level SPs, 8 PP); the bots' decisions: the Allies build A.S.W. while
    the Axis U-boats outnumber their level; the Axis attacks the richer route, not from a
    port a stronger fleet lies in wait by."""
    s = game(pack)
    to_phase(s, "AXIS", "production")
    s.banks["AXIS"] = 12
    s._legal = None
    subs = [a for a in s.legal_actions() if a.kind == "hgw_build_naval" and a.type == "uboat"]
    assert subs
    s.apply(subs[0])
    assert ub.uboats(s)[subs[0].zone][1] >= 1 and s.banks["AXIS"] == 6
    with pytest.raises(RulesError):
        s.apply(Action("hgw_build_naval", type="asw", count=1))  # 6 PP left, 8 needed
    to_phase(s, "ALL", "production")
    s.banks["ALL"] = 20
    s._legal = None
    assert ub.bot_naval_build(s) == Action("hgw_build_naval", type="asw", count=1)
    s2 = game(pack)
    to_phase(s2, "AXIS", "naval")
    assert ub.bot_uboat(s2) is None  # from Kiel the Home Fleet would catch them
    baltic_subs(s2)
    s2.lend = {"SOV": 2}
    assert ub.bot_uboat(s2).target == 0  # Britain's 8 PP over the 2 of lend-lease


@pytest.mark.parametrize(
    "value",
    [
        {"routes": [{"nation": "ALL", "from": "1909", "to": "1233", "kind": "convoy"}]},
        {"start": {"AXIS": {"1236": "two"}}},
        {"patrol": -3},
    ],
)
def test_junk_u_boat_tables_are_one_line_and_exit_2(pack, tmp_path, capsys, value):
    """Untrusted input: a junk U-boat or shipping table in a pack: one line, exit 2."""
    junk_option_is_refused(pack, tmp_path, capsys, "campaign_2", "hgw_uboats", value)
