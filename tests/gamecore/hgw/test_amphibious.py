"""Amphibious advance in exploitation, sea routes through crossing-arrow hexsides and
the half-cost high rows of the invasion range (seeds/001 AMPHIBIOUS INVASIONS, Amphibious
Advance; SEA MOVEMENT, Sea Route 2 and 7; rules-notes/001 §1.1, §1.2, §4.10, §4.11)."""

from __future__ import annotations

import pytest

from gamecore.engine.actions import Action
from gamecore.errors import RulesError
from gamecore.hgw.armies import army_amph
from gamecore.hgw.odds import advance_odds
from gamecore.hgw.sea import invasion_routes, replenishment
from tests.gamecore.hgw.helpers import END, army, start, to_phase, z
from tests.gamecore.hgw.hexpack import hex_pack
from tests.gamecore.hgw.test_sea import invasion_board, seas


def _invaded_denmark(dice, **opts):
    """Sealion (4 amph, 1 mech, 2 inf, in 0101) invades the friendly 0302 (no roll can
    fail it) and stands there in the exploitation sub-phase, one hex advanced."""
    s = start(invasion_board(hgw_invasion_extension=0, **opts), dice=dice)
    to_phase(s, "AXIS", "announce")
    sea_lion = army(s, "Sealion")
    s.apply(Action("hgw_invade", units=(sea_lion,), zone=z(s, "0302")))
    while s.phase == "announce":
        s.apply(END)
    s.apply(Action("hgw_advance", units=(sea_lion,), zone=z(s, "0302")))
    assert s.armies[sea_lion].zone == z(s, "0302")
    while s.phase == "initial":
        s.apply(END)
    assert s.phase == "exploitation" and s.current_nation == "AXIS"
    return s, sea_lion


def _amph(s, aid):
    return {s.board.code[a.zone] for a in s.legal_actions() if a.kind == "hgw_amph_advance"}


def test_an_invader_may_advance_amphibiously_its_range_cut_by_the_hexes_advanced():
    """seeds/001 Amphibious Advance: "the invasion movement is reduced by one hex for
    each hex previously advanced": range 4 less the one hex advanced reaches 0304
    (0203, 0204, then 0304: 3) but no longer 0105 (4); range 5 reaches it."""
    s, sea_lion = _invaded_denmark([1], hgw_invasion_range=4)
    assert "0304" in _amph(s, sea_lion) and "0105" not in _amph(s, sea_lion)
    s, sea_lion = _invaded_denmark([1], hgw_invasion_range=5)
    assert "0105" in _amph(s, sea_lion)


def test_an_amphibious_advance_follows_the_invasion_rules_and_adds_one_per_hex():
    """Coastal air fires (0304 touches no Axis hex; seeds/001 Coastal Airpower), the
    defenders defensively assault, the amph SPs alone assault, and the advance counts
    amph + as many inf/mech (3 + 3 = 6 after the amph SP coastal air sank) with +1 for
    the hex already advanced (seeds/001 Amphibious Advance: "as in normal advance, one is
    added to the advance die roll for each hex already advanced")."""
    # dice: the invasion advance; coastal air 6 (1 hit at 6); Red's defensive assault
    # 6 (none at 1); the amph assault 6 (none at 3); the advance 4
    s, sea_lion = _invaded_denmark([1, 6, 6, 6, 4], hgw_invasion_range=4)
    s.apply(Action("hgw_amph_advance", units=(sea_lion,), zone=z(s, "0304")))
    air = [e for e in s.log if e.get("e") == "hgw_coastal_air"][-1]
    assert air["lost"] == 1 and army_amph(s, sea_lion) == 3  # amph lost first
    fire = [e for e in s.log if e.get("e") == "hgw_fire"][-1]
    assert fire["kind"] == "defensive"
    with pytest.raises(RulesError):  # one army at a time: its target first
        s.apply(Action("hgw_exploit", units=(sea_lion,), zone=z(s, "0303")))
    s.apply(Action("hgw_assault", units=(sea_lion,), zone=z(s, "0304")))
    fire = [e for e in s.log if e.get("e") == "hgw_fire"][-1]
    assert fire["kind"] == "assault" and fire["strength"] == 3  # amph SPs only
    o = advance_odds(s, sea_lion, z(s, "0304"))
    assert (o.mech, o.defence, o.modifier) == (6, 1, 1)
    s.apply(Action("hgw_advance", units=(sea_lion,), zone=z(s, "0304")))
    adv = [e for e in s.log if e.get("e") == "hgw_advance"][-1]
    assert (adv["mech"], adv["die"], adv["roll"], adv["success"]) == (6, 4, 5, True)
    assert s.armies[sea_lion].zone == z(s, "0304") and s.owner[z(s, "0304")] == "AXIS"
    assert z(s, "0304") in s.beachhead and not s.amphibious
    # two hexes advanced now: the next amphibious advance has 4 - 2 = 2 hexes of range
    assert s.advanced[sea_lion] == 2
    assert set(_amph(s, sea_lion)) == {s.board.code[t] for t in invasion_routes(s, sea_lion, 2)}


def test_only_armies_that_invaded_advance_amphibiously():
    """An army that did not invade this turn has no amphibious advance, and none is
    offered outside the exploitation sub-phase."""
    s, sea_lion = _invaded_denmark([1], hgw_invasion_range=4)
    landser = army(s, "Landser")
    with pytest.raises(RulesError):
        s.apply(Action("hgw_amph_advance", units=(landser,), zone=z(s, "0304")))
    assert all(a.kind != "hgw_amph_advance" or a.units == (sea_lion,) for a in s.legal_actions())


def test_sea_hexes_above_row_twelve_cost_half_a_hex_of_invasion_range():
    """rules-notes/001 §1.2 (seeds/001 Sea Route 7): a sea route entering a hex of rows
    01-11 costs half a movement point. 0101 -> 0202, 0203, 0204 -> 0304 is 4 hexes: out
    of a range of 2 at whole cost, in at half cost; with only rows 01-02 at half cost the
    route costs 1.5 + 1 = 2.5 (out) and 0302 (0202 + 0302) 1.5 (in)."""

    def targets(**o):
        s = start(invasion_board(hgw_invasion_range=2, hgw_invasion_extension=0, **o))
        return s, {s.board.code[t] for t in invasion_routes(s, army(s, "Sealion"))}

    _, whole = targets()
    assert "0304" not in whole
    s, half = targets(hgw_sea_half_rows=12)
    assert "0304" in half
    _, low = targets(hgw_sea_half_rows=3)
    assert "0304" not in low and "0302" in low
    # the replenishment counts half hexes too: 4 hexes at half cost fit a range of 2
    route = invasion_routes(s, army(s, "Sealion"))[z(s, "0304")]
    assert replenishment(s, route, z(s, "0304")) == 0


def _strait(mid_owner: str):
    """0102 (north sea) and 0302 (south sea) meet only across the crossing arrow
    0202-0203 (an all-sea hexside): the two sea hexes at its ends."""
    hexes = {}
    for r in (1, 2, 3):
        for c in (1, 2, 3, 4):
            axis = c <= 2
            hexes[f"0{r}0{c}"] = {
                "region": "Germany" if axis else "USSR",
                "owner": "AXIS" if axis else "SOV",
                "value": 1,
            }
    hexes["0102"] = {"kind": "sea", "region": "North"}
    hexes["0302"] = {"kind": "sea", "region": "South"}
    hexes["0203"]["owner"] = mid_owner
    return hex_pack(
        hexes,
        units=[("0101", "AXIS", "amph", 2), ("0304", "SOV", "inf", 1)],
        armies=[("Sealion", "AXIS", "0101"), ("Red", "SOV", "0304")],
        borders=[("0202", "0203", {"all_sea": True})],
        links=[("0202", "0203")],
        options={
            "hgw_sp_types": ["inf", "mech", "amph"],
            "hgw_sea_half_rows": 0,
            "hgw_stalingrad_hex": "0304",
            "hgw_leningrad_hex": "0204",
            "hgw_moscow_hex": "0104",
            "hgw_berlin_hex": "0201",
        },
    )


def test_a_sea_route_crosses_a_crossing_arrow_only_between_friendly_hexes():
    """rules-notes/001 §1.1, §4.10: "A sea route may cross a crossing-arrow hexside only
    if both adjacent hexes are friendly": with 0202 and 0203 both Axis the invasion from
    0101 reaches 0303 through 0102 and 0302; with 0203 Soviet it does not."""
    s = start(_strait("AXIS"))
    routes = invasion_routes(s, army(s, "Sealion"))
    assert routes[z(s, "0303")] == (z(s, "0102"), z(s, "0302"))
    s = start(_strait("SOV"))
    assert z(s, "0303") not in invasion_routes(s, army(s, "Sealion"))


def test_the_strait_joins_sea_supply_and_movement_only_when_both_hexes_are_friendly():
    """The same rule for the sea routes of SP movement and supply (geo.sea_net)."""
    from gamecore.hgw import geo

    for mid, joined in (("AXIS", True), ("SOV", False)):
        s = start(_strait(mid))
        label, _ = geo.sea_net(s, {"North", "South"}, lambda x, s=s: s.owner.get(x) == "AXIS")
        assert (label[z(s, "0102")] == label[z(s, "0302")]) is joined


def test_the_whole_sea_strip_is_unchanged_without_straits():
    """A board without crossing arrows has no strait passages (Barbarossa's seas)."""
    from gamecore.hgw import geo

    s = start(seas())
    assert geo.graph(s).strait == {}
