"""The hgw rule system, one mechanism per test, each citing the rulebook
(seeds/001 <SECTION>) on small synthetic hex maps (tests/gamecore/hgw/hexpack.py)."""

from __future__ import annotations

import pytest

from gamecore.engine.actions import Action
from gamecore.errors import RulesError
from gamecore.hgw import geo
from gamecore.hgw.production import income
from gamecore.hgw.supply import supplied
from gamecore.hgw.world import winter_mod
from tests.gamecore.hgw.helpers import END, army, start, strength, to_phase, where, z
from tests.gamecore.hgw.hexpack import barbarossa_like, neighbours, parse, strip


def move(s, aid, to, target=None, units=None):
    frm = s.armies[aid].zone
    ids = (
        units
        if units is not None
        else tuple(sorted(u for u in s.at[frm] if s.army_of.get(u) == aid))
    )
    return Action(
        "hgw_move",
        units=tuple(sorted(ids)),
        path=(frm, z(s, to)),
        target=aid if target is None else target,
    )


# ---------------------------------------------------------------------- the map
def test_hex_adjacency_is_odd_r_rrcc():
    """HGW-CONTRACT hex grid (seeds/001 MAPBOARD): 1141-1241, 1838-1937, 1337-1238 and
    1240-1339 are neighbours; the test map's adjacency follows the odd-r rule."""
    s = start(barbarossa_like())
    g = geo.graph(s)
    code = {v: k for k, v in g.code.items()}
    for a, b in (("1141", "1241"), ("1337", "1238"), ("1240", "1339")):
        assert z(s, b) in g.nbrs[z(s, a)]
    for zone, ns in g.nbrs.items():
        c = code.get(zone)
        if c is None or c == "SIB" or not ns:
            continue
        r, col = parse(c)
        expect = {f"{rr:02d}{cc:02d}" for rr, cc in neighbours(r, col)}
        for n in ns:
            if code[n] == "SIB" or (code[n], c) in (("1645", "1543"), ("1543", "1645")):
                continue
            assert code[n] in expect, (c, code[n])


# ---------------------------------------------------------------------- armies and set-up
def test_the_test_map_sets_up_legally():
    """The rule tests' Barbarossa map passes the scenario checks (rules-notes/001 §5.2):
    every army on a hex its side holds (the Rumanian Army's 1642 is Rumania's), no other
    error or warning either."""
    from gamecore.validate import validate

    pack = barbarossa_like()
    bad = [
        (i.code, i.message)
        for i in validate(pack).issues
        if i.code.startswith("HGW") and i.severity in ("error", "warning")
    ]
    assert bad == []
    sc = pack.scenarios["barbarossa"]
    rumanian = pack.meta["zone_ids"]["1642"]
    assert sc.owner_of(rumanian) == "AXIS" and pack.map.zones[rumanian].region == "Rumania"


def test_setup_forms_the_named_armies():
    """seeds/001 BARBAROSSA set-up (rules-notes/001 §2.2): the SPs of a hex form the
    army the scenario names there; 13 armies, 41 Axis and 32 Soviet SPs."""
    s = start(barbarossa_like())
    assert strength(s, army(s, "Army Group North")) == (5, 5)
    assert strength(s, army(s, "Siberia")) == (2, 3)
    assert where(s, army(s, "Army Group Center")) == "1339"
    assert len(s.armies) == 13
    assert sum(1 for u in s.units.values() if u.nation == "AXIS") == 41
    assert sum(1 for u in s.units.values() if u.nation == "SOV") == 32
    assert all(s.army_of[u] in s.armies for u in s.units)


def test_permanent_devastation_is_set_up_and_never_repaired():
    """seeds/001 BARBAROSSA: permanently devastated production (Scenario.props
    hgw_devastated) starts devastated and may not be repaired (seeds/001 Repairing
    Devastated Production)."""
    s = start(barbarossa_like())
    h = z(s, "1436")
    assert s.zone_damage[h] == 1 and s.permanent[h] == 1
    to_phase(s, "AXIS", "production")
    assert not any(a.kind == "hgw_repair" and a.zone == h for a in s.legal_actions())


def test_bad_scenario_data_is_a_one_line_error(tmp_path, capsys):
    """Bad input: one line naming the file and the problem, exit 2, no traceback."""
    from gamecore.cli import main
    from gamecore.store import write_pack

    for bad in (
        {"devastated": {"0101": {"points": "two"}}},
        {"devastated": {"9999": {"points": 1}}},
        {"armies": [("Lost", "AXIS", "9999")]},
        {"options": {"hgw_moscow_hex": "9999"}},
    ):
        path = tmp_path / "bad.warroom"
        write_pack(strip(units=[("0101", "AXIS", "inf", 1)], **bad), path)
        assert main(["play", str(path)]) == 2
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0 and "bad.warroom" in err and "Traceback" not in err, err


def test_at_most_twelve_armies():
    """seeds/001 RECORD SHEET: each side has up to twelve armies, never more: a move
    that would found a 13th army is refused."""
    units = [(f"0{r}0{c}", "AXIS", "inf", 1) for r in (1, 2, 3) for c in (1, 2)]
    units += [(f"0{r}03", "AXIS", "inf", 1) for r in (1, 2, 3)]
    units += [(f"0{r}04", "AXIS", "inf", 1) for r in (1, 2, 3)]
    extra = {f"0{r}0{c}": {"owner": "AXIS", "region": "Germany"} for r in (1, 2, 3) for c in (3, 4)}
    pack = strip(extra=extra, units=units + [("0205", "SOV", "inf", 1)])
    s = start(pack)
    axis = [a for a, v in s.armies.items() if v.nation == "AXIS"]
    assert len(axis) == 12
    a = axis[0]
    sp = tuple(sorted(u for u in s.at[s.armies[a].zone]))
    # splitting off into a new army (target 0) is refused; joining an army is not
    with pytest.raises(RulesError):
        s.apply(Action("hgw_move", units=sp, path=(s.armies[a].zone, s.armies[axis[1]].zone)))
    s.apply(
        Action(
            "hgw_move", units=sp, path=(s.armies[a].zone, s.armies[axis[1]].zone), target=axis[1]
        )
    )
    assert a not in s.armies and len([v for v in s.armies.values() if v.nation == "AXIS"]) == 11


# ---------------------------------------------------------------------- movement
def test_movement_is_unlimited_through_friendly_hexes_only():
    """seeds/001 MOVEMENT: any distance through a connected chain of friendly hexes;
    never through or into an unfriendly hex."""
    pack = strip(
        axis_cols=(1, 2, 3),
        sov_cols=(4, 5, 6),
        extra={
            "0104": {"owner": "AXIS", "region": "Poland"},
            "0105": {"owner": "AXIS", "region": "Poland"},
        },
        units=[("0201", "AXIS", "inf", 2), ("0206", "SOV", "inf", 1)],
        armies=[("A", "AXIS", "0201")],
    )
    s = start(pack)
    a = army(s, "A")
    dests = {s.board.code[x.path[1]] for x in s.legal_actions() if x.kind == "hgw_move"}
    assert "0105" in dests and "0303" in dests  # five hexes away, all friendly
    assert "0204" not in dests and "0106" not in dests  # Soviet hexes
    s.apply(move(s, a, "0105"))
    assert where(s, a) == "0105"


def test_an_sp_moves_once_a_phase_and_may_still_attack():
    """seeds/001 MOVEMENT (unlimited range: one move of any length is enough; a choice
    of this engine, docs/hitlers_global_war.md); moved SPs may attack that turn."""
    pack = strip(
        units=[("0201", "AXIS", "mech", 3), ("0205", "SOV", "inf", 1)],
        armies=[("A", "AXIS", "0201")],
    )
    s = start(pack)
    a = army(s, "A")
    s.apply(move(s, a, "0202"))
    # nothing left to move: the phase ended by itself (the kernel skips phases whose only
    # action is end_phase), and a second move is refused
    assert s.phase == "announce"
    s.phase_i = 0
    with pytest.raises(RulesError):
        s.apply(move(s, a, "0102"))
    s.phase_i = 1
    assert any(x.kind == "hgw_attack" and x.units == (a,) for x in s.legal_actions())


def test_all_sea_hexside_blocks_and_crossing_arrow_carries():
    """seeds/001 MOVEMENT and MAPBOARD: armies never cross an all-sea hexside; a
    crossing arrow joins two land hexes across water (HGW-CONTRACT)."""
    s = start(barbarossa_like())
    g = geo.graph(s)
    assert z(s, "0941") not in g.nbrs[z(s, "0940")]  # the all-sea hexside
    assert z(s, "1645") in g.nbrs[z(s, "1543")]  # the crossing arrow
    assert z(s, "1645") not in g.retreat[z(s, "1543")]  # no retreat across it
    assert z(s, "SIB") in g.nbrs[z(s, "1146")]  # the box borders the Ural hexes


def test_stacking_limit_at_the_end_of_movement():
    """seeds/001 STACKING 1, 4: at most ten SPs in a hex at the end of movement; the
    owner eliminates the excess (default policy: infantry first)."""
    pack = strip(
        units=[
            ("0201", "AXIS", "inf", 6),
            ("0202", "AXIS", "inf", 2),
            ("0202", "AXIS", "mech", 4),
            ("0205", "SOV", "inf", 1),
        ],
        armies=[("A", "AXIS", "0201"), ("B", "AXIS", "0202")],
    )
    s = start(pack)
    a, b = army(s, "A"), army(s, "B")
    s.apply(move(s, a, "0202", target=b))  # 12 SPs in 0202
    assert len(s.at[z(s, "0202")]) == 12
    s.apply(END)
    assert strength(s, b) == (6, 4)
    assert [e for e in s.log if e.get("e") == "hgw_overstack"][0]["lost"] == 2


def test_boxes_have_no_stacking_limit():
    """seeds/001 STACKING 3: no stacking limit in off-map boxes (Siberia)."""
    s = start(barbarossa_like(), rounds=8)
    from gamecore.hgw.world import stack_limit

    assert stack_limit(s, z(s, "SIB")) is None and stack_limit(s, z(s, "1144")) == 10


def test_siberian_sps_may_not_move_before_winter_1941():
    """seeds/001 BARBAROSSA special rule 3 (ACTIVITY LIMITATIONS 10): Siberian SPs may
    not move until Winter 1941."""
    s = start(barbarossa_like())
    sib = army(s, "Siberia")
    to_phase(s, "SOV", "movement")
    assert not any(
        a.kind == "hgw_move" and s.army_of.get(a.units[0]) == sib for a in s.legal_actions()
    )
    with pytest.raises(RulesError):
        s.apply(move(s, sib, "1146"))
    to_phase(s, "SOV", "production")
    to_phase(s, "SOV", "movement")  # round 2: Winter 1941
    assert s.round == 2
    s.apply(move(s, sib, "1146"))
    assert where(s, sib) == "1146"


# ---------------------------------------------------------------------- combat
def test_announcements_never_target_neutral_hexes():
    """seeds/001 BARBAROSSA special rule 1: hexes controlled by neither side can never
    be attacked; a crossing arrow may be attacked across."""
    s = start(barbarossa_like())
    to_phase(s, "AXIS", "announce")
    targets = {s.board.code[a.zone] for a in s.legal_actions() if a.kind == "hgw_attack"}
    assert "1645" not in targets and "1646" not in targets
    assert {"1241", "1341", "1442", "1542", "1140"} & targets


def test_hexes_of_a_nation_sitting_out_count_as_neutral():
    """seeds/001 BARBAROSSA special rule 1: only the two sides' hexes may be attacked;
    a hex held by a nation outside the turn order (the Western Allies) is neither
    side's: never attacked, never entered, never a supply route."""
    pack = strip(
        extra={"0203": {"owner": "ALL", "region": "Great Britain"}},
        units=[("0202", "AXIS", "mech", 5), ("0104", "SOV", "inf", 1)],
        armies=[("A", "AXIS", "0202")],
    )
    s = start(pack)
    to_phase(s, "AXIS", "announce")
    targets = {s.board.code[a.zone] for a in s.legal_actions() if a.kind == "hgw_attack"}
    assert "0203" not in targets  # its only non-Axis neighbour
    assert all(s.owner[z(s, t)] == "AXIS" for t in targets)  # advances into friendly hexes
    from gamecore.hgw.world import friendly

    assert not friendly(s, "SOV", z(s, "0203")) and not friendly(s, "AXIS", z(s, "0203"))


def test_unannounced_armies_do_not_attack():
    """seeds/001 Initial Attack 1: armies not named when attacks are announced lose
    the chance to attack later in the phase."""
    pack = strip(
        units=[("0202", "AXIS", "mech", 5), ("0102", "AXIS", "mech", 5), ("0203", "SOV", "inf", 1)],
        armies=[("A", "AXIS", "0202"), ("B", "AXIS", "0102")],
    )
    s = start(pack, dice=[6, 1, 1, 1])
    a, b = army(s, "A"), army(s, "B")
    to_phase(s, "AXIS", "announce")
    s.apply(Action("hgw_attack", units=(a,), zone=z(s, "0203")))
    s.apply(END)
    assert s.phase == "initial"
    kinds = {(x.kind, x.units) for x in s.legal_actions()}
    assert ("hgw_advance", (a,)) in kinds and ("hgw_advance", (b,)) not in kinds
    with pytest.raises(RulesError):
        s.apply(Action("hgw_advance", units=(b,), zone=z(s, "0203")))


def test_defensive_assault_as_a_decision():
    """seeds/001 Initial Attack 4: each army in a target hex may make its one defensive
    assault now or keep it; offered as the defender's decision ``hgw_defend``."""
    pack = strip(
        units=[("0202", "AXIS", "mech", 8), ("0203", "SOV", "inf", 5)],
        armies=[("AGC", "AXIS", "0202"), ("WF", "SOV", "0203")],
    )
    s = start(pack, dice=[1, 1, 1], decisions=["hgw_defend"])
    agc, wf = army(s, "AGC"), army(s, "WF")
    to_phase(s, "AXIS", "announce")
    s.apply(Action("hgw_attack", units=(agc,), zone=z(s, "0203")))
    assert s.decision is not None and s.decision.owner == "SOV"
    assert s.current_player == "SOV"
    legal = s.legal_actions()
    assert Action("hgw_pass", zone=z(s, "0203")) in legal
    s.apply(Action("hgw_pass", zone=z(s, "0203")))
    assert s.decision is None and wf not in s.defended
    assert strength(s, agc) == (0, 8)


def test_mech_may_not_assault_into_mountain_or_swamp_and_is_halved_into_jungle():
    """seeds/001 MOUNTAIN COMBAT 1, SWAMP COMBAT 1, JUNGLE COMBAT 1."""
    from gamecore.hgw.combat import fire_strength

    pack = strip(
        extra={
            "0203": {"terrain": "mountain"},
            "0103": {"terrain": "swamp"},
            "0303": {"terrain": "jungle"},
        },
        units=[("0202", "AXIS", "inf", 2), ("0202", "AXIS", "mech", 7), ("0205", "SOV", "inf", 1)],
        armies=[("A", "AXIS", "0202")],
    )
    s = start(pack)
    a = army(s, "A")
    assert fire_strength(s, [a], z(s, "0203")) == 2
    assert fire_strength(s, [a], z(s, "0103")) == 2
    assert fire_strength(s, [a], z(s, "0303")) == 2 + 3
    assert fire_strength(s, [a], z(s, "0302")) == 9  # clear
    assert fire_strength(s, [a], None) == 9  # defensive assault: every SP fires


def test_terrain_modifies_the_advance_roll():
    """seeds/001 MOUNTAIN COMBAT 3 (+2), SWAMP COMBAT 3 (+1), DESERT COMBAT (-1): 6 mech
    against an empty garrisoned hex (1-8) fails on a 6 +2 into mountains and succeeds
    on a 6 -1 = 5... checked through the logged modified roll."""
    for terrain, mod in (("mountain", 2), ("swamp", 1), ("desert", -1), ("clear", 0)):
        pack = strip(
            extra={"0203": {"terrain": terrain}},
            units=[("0202", "AXIS", "mech", 6), ("0205", "SOV", "inf", 1)],
            armies=[("A", "AXIS", "0202")],
        )
        s = start(pack, dice=[3])
        a = army(s, "A")
        to_phase(s, "AXIS", "announce")
        s.apply(Action("hgw_attack", units=(a,), zone=z(s, "0203")))
        s.apply(Action("hgw_advance", units=(a,), zone=z(s, "0203")))
        ev = [e for e in s.log if e.get("e") == "hgw_advance"][-1]
        garrison = 0 if terrain == "desert" else 1  # no inherent garrison in desert
        assert (ev["die"], ev["roll"], ev["defence"]) == (3, 3 + mod, garrison), terrain


def test_mech_not_counted_advancing_out_of_a_swamp():
    """seeds/001 SWAMP COMBAT 4; JUNGLE COMBAT 3 (halved out of a jungle)."""
    from gamecore.hgw.combat import advance_mech

    pack = strip(
        extra={"0202": {"terrain": "swamp"}, "0102": {"terrain": "jungle"}},
        units=[("0202", "AXIS", "mech", 6), ("0102", "AXIS", "mech", 5), ("0205", "SOV", "inf", 1)],
        armies=[("S", "AXIS", "0202"), ("J", "AXIS", "0102")],
    )
    s = start(pack)
    assert advance_mech(s, army(s, "S")) == 0
    assert advance_mech(s, army(s, "J")) == 2


def test_each_hex_advanced_adds_one_to_the_next_advance():
    """seeds/001 Advance Resolution 10: +1 to the advance roll for each hex the army
    already advanced into this turn."""
    pack = strip(
        units=[("0202", "AXIS", "mech", 10), ("0206", "SOV", "inf", 1)],
        armies=[("A", "AXIS", "0202")],
    )
    s = start(pack, dice=[1, 1, 1])
    a = army(s, "A")
    to_phase(s, "AXIS", "announce")
    s.apply(Action("hgw_attack", units=(a,), zone=z(s, "0203")))
    s.apply(Action("hgw_advance", units=(a,), zone=z(s, "0203")))
    assert s.phase == "exploitation"  # nothing else to do in the initial attack
    s.apply(Action("hgw_exploit", units=(a,), zone=z(s, "0204")))
    s.apply(Action("hgw_advance", units=(a,), zone=z(s, "0204")))
    s.apply(Action("hgw_exploit", units=(a,), zone=z(s, "0205")))
    s.apply(Action("hgw_advance", units=(a,), zone=z(s, "0205")))
    rolls = [(e["die"], e["roll"]) for e in s.log if e.get("e") == "hgw_advance"]
    assert rolls == [(1, 1), (1, 2), (1, 3)]


def test_successful_advance_devastates_occupies_and_captures():
    """seeds/001 Advance Resolution 7: the hex turns friendly, its production is
    devastated, an occupation marker is placed and its garrison is gone for the phase."""
    pack = strip(
        extra={"0203": {"value": 2}},
        units=[("0202", "AXIS", "mech", 5), ("0205", "SOV", "inf", 1)],
        armies=[("A", "AXIS", "0202")],
    )
    s = start(pack, dice=[1])
    a = army(s, "A")
    t = z(s, "0203")
    to_phase(s, "AXIS", "announce")
    s.apply(Action("hgw_attack", units=(a,), zone=t))
    s.apply(Action("hgw_advance", units=(a,), zone=t))
    assert s.owner[t] == "AXIS" and s.zone_damage[t] == 2 and s.zone_value(t) == 0
    assert s.occupied[t] == "AXIS"


def test_displaced_armies_retreat_or_die():
    """seeds/001 Advance Resolution 4, 5: displaced armies retreat to an adjacent
    friendly hex (over-stacking allowed) or, with none, are eliminated."""
    # 0203's Soviet neighbours are 0204, 0103 and 0303: all Axis here but 0204
    pack = strip(
        extra={"0103": {"owner": "AXIS"}, "0303": {"owner": "AXIS"}},
        units=[("0202", "AXIS", "mech", 10), ("0203", "SOV", "inf", 1), ("0204", "SOV", "inf", 10)],
        armies=[("A", "AXIS", "0202"), ("R", "SOV", "0203"), ("W", "SOV", "0204")],
    )
    s = start(pack, dice=[6, 1])  # R's defensive assault misses; the advance succeeds
    a, r = army(s, "A"), army(s, "R")
    to_phase(s, "AXIS", "announce")
    s.apply(Action("hgw_attack", units=(a,), zone=z(s, "0203")))
    s.apply(Action("hgw_advance", units=(a,), zone=z(s, "0203")))
    assert where(s, r) == "0204" and len(s.at[z(s, "0204")]) == 11  # over-stacked
    # and with no friendly hex next to it, an army dies
    pack = strip(
        extra={c: {"owner": "AXIS"} for c in ("0103", "0303", "0204", "0104", "0304")},
        units=[("0202", "AXIS", "mech", 10), ("0203", "SOV", "inf", 1), ("0206", "SOV", "inf", 1)],
        armies=[("A", "AXIS", "0202"), ("R", "SOV", "0203")],
    )
    s = start(pack, dice=[6, 1])
    a, r = army(s, "A"), army(s, "R")
    to_phase(s, "AXIS", "announce")
    s.apply(Action("hgw_attack", units=(a,), zone=z(s, "0203")))
    s.apply(Action("hgw_advance", units=(a,), zone=z(s, "0203")))
    assert r not in s.armies


def test_no_retreat_across_a_crossing_arrow():
    """seeds/001 MAPBOARD (crossing arrows): retreat may not use them."""
    s = start(barbarossa_like())
    g = geo.graph(s)
    for zone, ns in g.retreat.items():
        for n in ns:
            assert geo.border_key(zone, n) not in g.crossing


def test_siberia_box_allows_retreat_other_boxes_do_not():
    """seeds/001 OFF-MAP COMBAT 3: only Siberia lets defending armies retreat."""
    from gamecore.hgw.advance import retreat

    s = start(barbarossa_like())
    sib = army(s, "Siberia")
    s.owner[z(s, "1146")] = "SOV"
    retreat(s, sib, z(s, "SIB"))
    assert sib in s.armies and where(s, sib) in {"0946", "1046", "1146", "1246", "1346"}
    s2 = start(barbarossa_like())
    sib2 = army(s2, "Siberia")
    s2.board.cache["hgw_graph"].box[z(s2, "SIB")]["retreat"] = False
    try:
        retreat(s2, sib2, z(s2, "SIB"))
        assert sib2 not in s2.armies
    finally:
        s2.board.cache["hgw_graph"].box[z(s2, "SIB")]["retreat"] = True


def test_russian_winter():
    """seeds/001 RUSSIAN WINTER COMBAT: Axis armies in Soviet Union hexes in winter add
    +4 the first winter, +2 the second, +1 every later one, to attack and defensive
    assault rolls; not in Summer, not outside the USSR, never for the Soviets."""
    s = start(barbarossa_like())
    ussr, pol = z(s, "1243"), z(s, "1340")
    seen = {}
    for r in range(1, 9):
        s.round = r
        seen[r] = (
            winter_mod(s, "AXIS", ussr),
            winter_mod(s, "AXIS", pol),
            winter_mod(s, "SOV", ussr),
        )
    # 1941-05 start: rounds 2, 5, 8 are Winter 1941, 1942, 1943
    assert seen == {
        1: (0, 0, 0),
        2: (4, 0, 0),
        3: (0, 0, 0),
        4: (0, 0, 0),
        5: (2, 0, 0),
        6: (0, 0, 0),
        7: (0, 0, 0),
        8: (1, 0, 0),
    }


# ---------------------------------------------------------------------- supply
def test_supply_through_mountains_needs_a_road():
    """seeds/001 Line of Supply 5: supply enters a mountain hex but passes through only
    by a road hexside."""
    # a corridor 0202 (mountain) between Germany's PP (0201) and 0203
    extra = {c: {"owner": None, "region": "Switzerland"} for c in ("0102", "0302", "0103", "0303")}
    extra.update(
        {
            "0202": {"terrain": "mountain", "value": 0},
            "0203": {"owner": "AXIS", "region": "Poland", "value": 0},
        }
    )
    pack = strip(extra=extra, units=[("0205", "SOV", "inf", 1)])
    s = start(pack)
    full = supplied(s, "AXIS", True)
    assert z(s, "0202") in full and z(s, "0203") not in full
    pack = strip(
        extra=extra, units=[("0205", "SOV", "inf", 1)], borders=[("0202", "0201", {"road": True})]
    )
    s = start(pack)
    assert z(s, "0203") in supplied(s, "AXIS", True)


def test_desert_passes_supply_with_an_occupation_marker():
    """seeds/001 Line of Supply 6: supply through a desert hex only while it holds the
    side's occupation marker won by combat (or leaving by a road)."""
    extra = {c: {"owner": None, "region": "Switzerland"} for c in ("0102", "0302", "0103", "0303")}
    extra.update(
        {
            "0202": {"terrain": "desert", "value": 0},
            "0203": {"owner": "AXIS", "region": "Poland", "value": 0},
        }
    )
    s = start(strip(extra=extra, units=[("0205", "SOV", "inf", 1), ("0101", "AXIS", "inf", 1)]))
    assert s.phase == "movement" and s.current_nation == "AXIS"
    assert z(s, "0203") not in supplied(s, "AXIS", True)
    s.occupied[z(s, "0202")] = "AXIS"
    assert z(s, "0203") in supplied(s, "AXIS", True)


def test_unsupplied_armies_die_and_their_hexes_are_captured():
    """seeds/001 Unsupplied Hexes (and EXAMPLE OF SUPPLY): at the end of its side's
    combat phase a hex tracing to no friendly undevastated PP is unsupplied: its armies
    are eliminated and an opponent that traces supply to it with a supplied army within
    3 hexes captures it."""
    # Soviet pocket 0203 (no PP) surrounded by Axis hexes
    extra = {
        c: {"owner": "AXIS", "region": "Poland", "value": 0}
        for c in ("0103", "0104", "0204", "0303", "0304")
    }
    extra["0203"] = {"value": 0}
    pack = strip(
        extra=extra,
        units=[("0203", "SOV", "inf", 3), ("0202", "AXIS", "inf", 1), ("0206", "SOV", "inf", 1)],
        armies=[("Pocket", "SOV", "0203")],
    )
    s = start(pack)
    pocket = army(s, "Pocket")
    to_phase(s, "SOV", "production")
    assert pocket not in s.armies
    assert s.owner[z(s, "0203")] == "AXIS"
    ev = [e for e in s.log if e.get("e") == "capture"][-1]
    assert ev["why"] == "unsupplied"


def test_a_hex_with_its_own_pp_is_in_defence_supply():
    """seeds/001 Line of Supply 3 (EXAMPLE OF SUPPLY: 1442 and 1443 connect to the PP
    in 1443): a hex with a friendly undevastated PP is always in defence supply."""
    extra = {
        c: {"owner": "AXIS", "region": "Poland", "value": 0}
        for c in ("0103", "0104", "0204", "0303", "0304")
    }
    extra["0203"] = {"value": 1}
    pack = strip(
        extra=extra,
        units=[("0203", "SOV", "inf", 3), ("0206", "SOV", "inf", 1)],
        armies=[("Pocket", "SOV", "0203")],
    )
    s = start(pack)
    to_phase(s, "SOV", "production")
    assert strength(s, army(s, "Pocket")) == (3, 0) and s.owner[z(s, "0203")] == "SOV"


def test_army_without_full_supply_may_not_move_or_attack():
    """seeds/001 Unsupplied Hexes (rules-notes/001 §4.8): an army with no trace to a
    home PP at the start of its turn may not move or attack (it may still defend)."""
    extra = {
        c: {"owner": "AXIS", "region": "Poland", "value": 0}
        for c in ("0103", "0104", "0204", "0303", "0304")
    }
    extra["0203"] = {"value": 1, "region": "Baltic States"}
    pack = strip(
        extra=extra,
        units=[("0203", "SOV", "inf", 3), ("0206", "SOV", "inf", 1)],
        armies=[("Pocket", "SOV", "0203")],
    )
    s = start(pack)
    p = army(s, "Pocket")
    to_phase(s, "SOV", "movement")
    assert p in s.cut
    assert not any(s.army_of.get(a.units[0]) == p for a in s.legal_actions() if a.units)
    to_phase(s, "SOV", "announce")
    assert not any(a.units == (p,) for a in s.legal_actions())


# ---------------------------------------------------------------------- production
def test_income_is_traced_home_pp_less_seventeen_for_the_axis():
    """seeds/001 PRODUCTION and BARBAROSSA special rule 2: the supplied undevastated PP
    a side controls, the Axis reduced by 17 every turn."""
    s = start(barbarossa_like())
    to_phase(s, "AXIS", "production")
    home_pp = sum(s.zone_value(x) for x, o in s.owner.items() if o == "AXIS")
    assert s.banks["AXIS"] == max(0, home_pp - 17) == income(s, "AXIS")
    to_phase(s, "SOV", "production")
    assert s.banks["SOV"] == sum(s.zone_value(x) for x, o in s.owner.items() if o == "SOV")


def test_siberian_production_arrives_winter_1941_and_rises_spring_1943():
    """seeds/001 BARBAROSSA special rule 4: Siberia produces 8 from Winter 1941, 12
    from Spring 1943 if still Soviet."""
    from gamecore.hgw.world import pp

    s = start(barbarossa_like())
    sib = z(s, "SIB")
    got = {}
    for r in range(1, 9):
        s.round = r
        got[r] = pp(s, sib)
    assert got == {1: 0, 2: 8, 3: 8, 4: 8, 5: 8, 6: 12, 7: 12, 8: 12}
    s.owner[sib] = "AXIS"  # "but only if Siberian production points are still friendly"
    assert pp(s, sib) == 8


def test_build_only_in_home_hexes_with_pp_and_within_stacking():
    """seeds/001 Building Strength Points: new SPs go to home-country hexes with an
    undevastated PP, never over ten SPs (STACKING 6); inf costs 2, mech 5
    (rules-notes/001 §3.2); what is not spent is lost."""
    pack = strip(
        units=[("0201", "AXIS", "inf", 10), ("0205", "SOV", "inf", 1)],
        extra={"0202": {"value": 0}},
        options={"hgw_income_modifier": {}},
    )
    s = start(pack)
    to_phase(s, "AXIS", "production")
    assert s.banks["AXIS"] == 5
    builds = {(s.board.code[a.zone], a.type) for a in s.legal_actions() if a.kind == "hgw_build"}
    assert ("0201", "inf") not in builds  # ten SPs there already
    assert ("0202", "inf") not in builds  # no PP
    assert ("0101", "mech") in builds
    s.apply(Action("hgw_build", type="inf", count=1, zone=z(s, "0101")))
    assert s.banks["AXIS"] == 3
    s.apply(Action("hgw_build", type="inf", count=1, zone=z(s, "0101")))
    # 1 PP buys nothing: the phase ended by itself and the PP is lost (use it or lose it)
    assert s.banks["AXIS"] == 0 and s.current_nation == "SOV"
    assert [e["amount"] for e in s.log if e.get("e") == "hgw_unspent"] == [1]
    assert len(s.at[z(s, "0101")]) == 2  # each in a new army (target 0)
    assert all(s.army_of[u] in s.armies for u in s.at[z(s, "0101")])


def test_repair_costs_three_pp_a_point():
    """seeds/001 Repairing Devastated Production: 3 PP a point, in supplied friendly
    hexes; the point produces from the next turn."""
    pack = strip(
        units=[("0205", "SOV", "inf", 1)],
        extra={"0101": {"value": 3}},
        devastated={"0101": {"points": 2}},
        options={"hgw_income_modifier": {}},
    )
    s = start(pack)
    to_phase(s, "AXIS", "production")
    bank = s.banks["AXIS"]
    s.apply(Action("hgw_repair", zone=z(s, "0101"), count=1))
    assert s.banks["AXIS"] == bank - 3 and s.zone_damage[z(s, "0101")] == 1


# ---------------------------------------------------------------------- victory
def test_axis_wins_at_once_holding_leningrad_moscow_and_stalingrad():
    """seeds/001 BARBAROSSA victory conditions (rules-notes/001 §2.8)."""
    extra = {c: {"owner": "AXIS"} for c in ("0106", "0306", "0203", "0204", "0205")}
    pack = strip(
        extra=extra,
        units=[("0205", "AXIS", "mech", 10), ("0104", "SOV", "inf", 1)],
        armies=[("A", "AXIS", "0205")],
    )
    s = start(pack, dice=[1])
    to_phase(s, "AXIS", "announce")
    a = army(s, "A")
    s.apply(Action("hgw_attack", units=(a,), zone=z(s, "0206")))
    s.apply(Action("hgw_advance", units=(a,), zone=z(s, "0206")))
    assert s.terminal and s.winner == "axis"
    assert s.returns() == {"axis": 1.0, "soviet": -1.0}


def test_moscow_hex_is_an_option():
    """rules-notes/001 §0.3: Moscow is 1142 in the Barbarossa victory text, 1144
    elsewhere; ``hgw_moscow_hex`` names the hex the victory condition uses."""
    extra = {"0106": {"owner": "AXIS"}, "0306": {"owner": "AXIS"}, "0205": {"owner": "AXIS"}}
    pack = strip(extra=extra, units=[("0104", "SOV", "inf", 1)], options={"hgw_moscow_hex": "0205"})
    s = start(pack)
    from gamecore.hgw.victory import check_victory

    check_victory(s)
    assert s.winner == "axis"


def test_soviets_win_taking_berlin_or_at_the_end():
    """seeds/001 BARBAROSSA victory conditions: the Soviets win at once taking Berlin,
    or at the end of the game if the Axis has not won."""
    pack = strip(
        units=[("0202", "SOV", "mech", 10), ("0105", "AXIS", "inf", 1)],
        extra={"0202": {"owner": "SOV", "region": "USSR"}},
        armies=[("S", "SOV", "0202")],
    )
    s = start(pack, dice=[1])
    to_phase(s, "SOV", "announce")
    s.apply(Action("hgw_attack", units=(army(s, "S"),), zone=z(s, "0201")))
    s.apply(Action("hgw_advance", units=(army(s, "S"),), zone=z(s, "0201")))
    assert s.terminal and s.winner == "soviet"
    s = start(strip(units=[("0205", "SOV", "inf", 1)], rounds=1))
    to_phase(s, "SOV", "production")
    s.apply(END)
    assert s.terminal and s.winner == "soviet" and s.end_reason.startswith("round limit")


def test_a_game_nobody_can_act_in_goes_to_the_soviets():
    """BARBAROSSA victory conditions: the Soviets win if the Axis has not won by the end;
    a game where no side can ever act again (no SPs, no PP) ends at once that way."""
    nothing = {f"0{r}0{c}": {"value": 0} for r in (1, 2, 3) for c in range(1, 7)}
    s = start(strip(extra=nothing, rounds=8))
    assert s.terminal and s.winner == "soviet" and s.end_reason.startswith("stalemate")


def test_every_listed_action_is_described():
    """The play mode lists a system's legal actions: every hgw action has a line."""
    s = start(barbarossa_like())
    for a in s.legal_actions():
        text = s.system.describe(s, a)
        assert a.kind == "end_phase" or (text and isinstance(text, str))
