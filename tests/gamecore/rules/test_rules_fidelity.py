"""Rules fidelity (issue #23): the g40 and Global War rules a player would catch the
engine getting wrong. Each test cites the rulebook: seeds/004_e79f22d5c6f862ad.txt (the
3G40 handbook, G40 2nd edition; summarised in rules-notes/004_3g40_handbook.md) or
seeds/000_8004ae29f2fa7391.txt (Global War 1936-45; rules-notes/000_global_war.md)."""

from __future__ import annotations

import os

from gamecore.engine import Action
from tests.gamecore.engine.helpers import ScriptedRng, game, to_phase, units_of

# A B C  land
# 1 2 3  sea
ROWS = ["ABC", "123"]
OWN = {"A": {"owner": "RED"}, "B": {"owner": "RED"}, "C": {"owner": "BLU"}}


def fight(s, zone, rolls, mode=""):
    to_phase(s, "combat")
    s.rng = ScriptedRng(rolls)
    s.apply(Action("fight", zone=zone, mode=mode))
    return s.rng


# ------------------------------------------------------------------ g40 point 7
def test_g40_7_liberating_an_allys_capital_returns_it_to_the_ally():
    # rules-notes/004 §4.2 "Liberation vs capture" (retaking an ally's original territory
    # returns it to its owner when that owner holds its capital) and §4.11 (seeds/004
    # "capital"): the capital itself is the ally's to get back; before, the check asked
    # whether the ally held its capital while the enemy still held it, so it stayed
    # with the liberator
    nations = {
        "RED": {"alliance": "reds"},
        "PNK": {"alliance": "reds", "capital": "C"},
        "BLU": {"alliance": "blues"},
    }
    zones = {"A": {"owner": "RED"}, "B": {"owner": "RED"}, "C": {"owner": "BLU", "original": "PNK"}}
    s, z = game(ROWS, zones, nations, units=[("B", "RED", "infantry"), ("C", "BLU", "infantry")])
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    fight(s, z["C"], [1, 6])
    assert s.owner[z["C"]] == "PNK"
    cap = [e for e in s.log if e.get("e") == "capture"][0]
    assert cap["liberated"] is True and cap["by"] == "RED" and cap["owner"] == "PNK"


# ------------------------------------------------------------------ g40 point 8
def test_g40_8_only_fighters_intercept_a_bombing_raid():
    # rules-notes/004 §4.6 "Escorts and interceptors": defending *fighters* in the
    # territory may intercept; seeds/000 T 9-9 step 2-3 the same for Global War. A
    # defending tactical and strategic bomber stay on the ground.
    s, z = game(
        ROWS,
        OWN,
        units=[
            ("A", "RED", "strategic_bomber"),
            ("C", "BLU", "tactical_bomber"),
            ("C", "BLU", "strategic_bomber"),
            ("C", "BLU", "fighter"),
        ],
        facilities=[("C", "major_ic")],
        decisions=("retreat", "intercept"),
    )
    s.apply([a for a in s.legal_actions() if a.mode == "bomb"][0])
    to_phase(s, "combat")
    s.rng = ScriptedRng([6, 6, 6, 3])  # bomber 6, the fighter 6; AA 6; damage 3
    s.apply(Action("fight", zone=z["C"], mode="bomb"))
    assert s.decision.kind == "intercept" and s.decision.owner == "BLU"
    assert [a.count for a in s.legal_actions()] == [0, 1]  # the fighter alone
    s.apply(Action("intercept", count=1))
    raid = [e for e in s.log if e.get("e") == "raid"][-1]
    assert raid["interceptors"] == 1 and raid["air_battle"] == [0, 0]
    assert s.rng.used == [6, 6, 6, 3]


def test_gw_8_only_fighter_types_intercept():
    from gamecore.engine.ruleset import load_ruleset

    for rid, want in (
        ("g40", {"fighter"}),
        ("global_war", {"fighter", "jet_fighter", "early_war_fighter"}),
    ):
        ut = load_ruleset(rid).units
        assert {k for k, t in ut.items() if t.interceptor} == want


# ------------------------------------------------------------------ the calculator agrees
#: played battles per engine-vs-calculator check: 20,000 for the quick g40 ones; the
#: Global War ones take ~1 ms a battle, so the suite plays 5,000 (still tens of standard
#: errors from the rules they replaced) and WARROOM_FIDELITY_RUNS=20000 plays the full set
FULL_RUNS = 20_000
GW_RUNS = int(os.environ.get("WARROOM_FIDELITY_RUNS") or 5_000)


def played(
    rows,
    zones,
    units,
    target,
    runs,
    decisions=(),
    answer=None,
    ruleset="g40",
    options=None,
    patrol=(),
):
    """Fight the battle in ``target`` ``runs`` times in the engine (every RED unit that
    can moves in; seeds 0..runs-1); returns a Counter of (RED survivors, BLU survivors)
    as sorted type tuples, and the line-ups. ``answer(state)`` answers offered decisions;
    ``patrol``: (RED unit type, zone code) put on air patrol first (Global War §8.7)."""
    from collections import Counter

    from gamecore.engine import new_game
    from gamecore.engine.testmaps import grid_pack, zone_ids

    pack = grid_pack(
        rows,
        zones,
        {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}},
        units,
        ruleset=ruleset,
    )
    z = zone_ids(pack)
    tz = z[target]
    s = new_game(pack, "test", seed=1, decisions=decisions, log="none", options=options)
    for typ, zc in patrol:
        free = [u for u in sorted(s.units) if s.units[u].type == typ and u not in s.patrols]
        s.apply(Action("patrol", units=(free[0],), zone=z[zc]))
    while s.phase == "combat_move":
        mv = [a for a in s.legal_actions() if a.kind == "move" and a.path[-1] == tz]
        if not mv:
            break
        s.apply(max(mv, key=lambda a: len(a.units)))
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    lineup = {
        n: dict(Counter(s.units[u].type for u in s.units_in(tz) if s.units[u].nation == n))
        for n in ("RED", "BLU")
    }
    from gamecore.rules import combat

    fight_it = [a for a in s.legal_actions() if a.kind == "fight" and a.zone == tz][0]
    seen = Counter()
    for k in range(runs):
        c = s.clone(reseed=k, keep_log=False)
        # the engine's combat code, without the kernel advancing the turn afterwards
        combat.apply_combat_action(c, fight_it)
        while c.battle is not None:
            combat.apply_combat_action(c, answer(c))
        left = {
            n: tuple(sorted(c.units[u].type for u in c.units_in(tz) if c.units[u].nation == n))
            for n in ("RED", "BLU")
        }
        seen[(left["RED"], left["BLU"])] += 1
    return seen, lineup, c


def agrees(seen, comps, runs, z=4.0):
    """Every composition's frequency is within z standard errors of the exact chance."""
    from collections import Counter

    got = Counter()
    for key, n in seen.items():
        got[key] += n
    for units, p in comps:
        k = got.pop(units, 0)
        sd = (max(p * (1 - p), 1e-12) / runs) ** 0.5
        assert abs(k / runs - p) <= z * sd + 1 / runs, (units, k / runs, p)
    assert sum(got.values()) <= 1e-3 * runs, got  # nothing the calculator says is impossible


def types(d):
    return tuple(sorted(t for t, n in d.items() for _ in range(n)))


def agrees_by_side(seen, result, runs):
    """Each side's survivors in the played battles (``seen``, from :func:`played`) agree
    with the calculator's compositions (``result``: a BattleResult's ``to_dict()``)."""
    for i, side in enumerate(("attacker", "defender")):
        marg = {}
        for key, n in seen.items():
            marg[key[i]] = marg.get(key[i], 0) + n
        agrees(marg, [(types(c["units"]), c["p"]) for c in result[side]["compositions"]], runs)


# ------------------------------------------------------------------ g40 point 2
def test_g40_2_aaa_alone_does_not_defend():
    # G40 2E (the 3G40 handbook's base game, seeds/004; rules-notes/004 §3.2 "AA gun: fires
    # only as defensive AA ... may be taken as a casualty", §4.4): AAA fires its shots at
    # attacking aircraft before the battle, then, with no other defending unit, the
    # territory is taken without a combat round
    s, z = game(
        ROWS, OWN, units=[("A", "RED", "fighter"), ("B", "RED", "infantry"), ("C", "BLU", "aaa", 2)]
    )
    s.apply(Action.move(units_of(s, "RED", "infantry"), (z["B"], z["C"])))
    s.apply(Action.move(units_of(s, "RED", "fighter"), (z["A"], z["B"], z["C"])))
    rng = fight(s, z["C"], [6])  # one AA shot (one aircraft): misses; no round follows
    assert rng.used == [6]
    assert units_of(s, "BLU") == [] and s.owner[z["C"]] == "RED"
    assert not [e for e in s.log if e.get("e") == "round"]
    assert [e for e in s.log if e.get("e") == "defenseless_lost"]


def test_g40_2_the_calculator_agrees_on_aaa_alone():
    from gamecore.sim.battle import calculate

    runs = FULL_RUNS
    seen, lineup, _ = played(
        ["ABC"],
        {"A": {"owner": "RED"}, "B": {"owner": "RED"}, "C": {"owner": "BLU"}},
        [("B", "RED", "fighter", 2), ("B", "RED", "infantry"), ("C", "BLU", "aaa")],
        "C",
        runs,
    )
    r = calculate("g40", lineup["RED"], lineup["BLU"], method="exact")
    assert r.expected_rounds == 0.0 and r.attacker_win == 1.0
    comps = [((types(c["units"]), ()), c["p"]) for c in r.to_dict()["attacker"]["compositions"]]
    agrees(seen, comps, runs)


# ------------------------------------------------------------------ g40 point 1
def test_g40_1_a_defending_submarine_may_submerge():
    # rules-notes/004 §3.2 "Submarine ... submerges", "Destroyer: cancels enemy subs' ...
    # submerge"; G40 2E (seeds/004's base game): attacking *and defending* submarines may
    # submerge before each round. The defender is offered it (decision "submerge").
    s, z = game(
        ROWS,
        OWN,
        units=[("1", "RED", "cruiser"), ("2", "BLU", "submarine"), ("2", "BLU", "transport")],
        decisions=("retreat", "submerge"),
    )
    s.apply(Action.move(units_of(s, "RED"), (z["1"], z["2"])))
    rng = fight(s, z["2"], [])
    assert s.decision.kind == "submerge" and s.current_player == "BLU"
    assert set(s.legal_actions()) == {Action.press(), Action.submerge()}
    s.apply(Action.submerge())
    assert rng.used == []  # no die rolled: the sub dived, the transport died alone
    assert s.battle is None
    assert len(units_of(s, "BLU", "submarine")) == 1  # alive, in its zone
    assert units_of(s, "BLU", "transport") == []
    ev = [e for e in s.log if e.get("e") == "submerge"][0]
    assert ev["side"] == "defender" and ev["nation"] == "BLU"


def test_g40_1_the_defender_is_asked_every_round_and_a_destroyer_forbids_it():
    s, z = game(
        ROWS,
        OWN,
        units=[("1", "RED", "cruiser"), ("2", "BLU", "submarine", 2)],
        decisions=("submerge",),
    )
    s.apply(Action.move(units_of(s, "RED"), (z["1"], z["2"])))
    fight(s, z["2"], [6, 6, 6])  # round 1: subs (first strike) miss, the cruiser misses
    s.apply(Action.press())  # stay for round 1
    assert s.battle.round == 1 and s.decision.kind == "submerge"  # asked before round 2
    s.apply(Action.submerge())
    assert s.battle is None and len(units_of(s, "BLU")) == 2
    # a destroyer among the attackers: no decision, the subs fight
    s, z = game(
        ROWS,
        OWN,
        units=[("1", "RED", "destroyer"), ("2", "BLU", "submarine")],
        decisions=("submerge",),
    )
    s.apply(Action.move(units_of(s, "RED"), (z["1"], z["2"])))
    fight(s, z["2"], [1, 6])
    assert s.battle is None and units_of(s, "BLU") == []


def test_g40_1_not_offered_the_defending_submarine_fights_on():
    # the default policy: the defender's submarines stay (the battle calculator's model)
    s, z = game(ROWS, OWN, units=[("1", "RED", "cruiser"), ("2", "BLU", "submarine")])
    s.apply(Action.move(units_of(s, "RED"), (z["1"], z["2"])))
    fight(s, z["2"], [6, 1])
    assert s.battle is None and units_of(s, "BLU") == []


# ------------------------------------------------------------------ Global War point 13
def test_gw_13_a_defending_submarine_may_submerge_after_one_round_even_facing_a_destroyer():
    # seeds/000 §9.4 "Attacking or Defending Submarines may submerge ... in lieu of making
    # their next Attack or Defense roll. Submarines that cannot decline combat must endure
    # 1 round of combat before doing so"; §9.10 (no destroyer prevents it); T 9-2 step 7
    s, z = game(
        ROWS,
        OWN,
        units=[("1", "RED", "destroyer"), ("2", "BLU", "submarine"), ("B", "RED", "fighter")],
        decisions=("submerge",),
        ruleset="global_war",
    )
    # §9.10: the destroyer may attack the submarine only with an aircraft on Maritime Air
    # Patrol there (point 15)
    s.apply(Action("patrol", units=tuple(units_of(s, "RED", "fighter")), zone=z["2"]))
    s.apply(Action.move(units_of(s, "RED", "destroyer"), (z["1"], z["2"])))
    rng = fight(s, z["2"], [12] * 10)
    assert s.battle is not None and s.battle.round == 1  # one round endured first
    assert s.decision.kind == "submerge" and s.current_player == "BLU"
    assert len(rng.used) == 2  # destroyer and submarine fired once each
    s.apply(Action.submerge())
    assert s.battle is None and len(units_of(s, "BLU")) == 1 and len(rng.used) == 2


def test_house_rules_a_defending_submarine_may_submerge_on_any_round():
    # seeds/003 RETREATING FROM ATTACKS, SUBMARINES: "During any round Submarines either
    # Attacking or Defending may submerge"; SUBMARINE SPECIAL RULES: "on any round of
    # combat instead of rolling": before round 1 too, unlike global_war's §9.4
    s, z = game(
        ROWS,
        OWN,
        units=[("1", "RED", "destroyer"), ("2", "BLU", "submarine"), ("B", "RED", "fighter")],
        decisions=("submerge",),
        ruleset="global_war_house",
    )
    # the sheet's SUBMARINE SPECIAL RULES: combat is forced by an aircraft on Combat Air
    # Patrol (without one the submarine declines)
    s.apply(Action("patrol", units=tuple(units_of(s, "RED", "fighter")), zone=z["2"]))
    s.apply(Action.move(units_of(s, "RED", "destroyer"), (z["1"], z["2"])))
    rng = fight(s, z["2"], [12] * 10)
    assert s.battle is not None and s.battle.round == 0
    assert s.decision.kind == "submerge" and s.current_player == "BLU"
    s.apply(Action.submerge())
    assert s.battle is None and len(units_of(s, "BLU", "submarine")) == 1 and rng.used == []


# ------------------------------------------------------------------ Global War point 11
GW_LAND = (["ABC"], {"A": {"owner": "RED"}, "B": {"owner": "RED"}, "C": {"owner": "BLU"}})


def test_gw_11_an_attacking_aa_artillery_fires_too():
    # seeds/000 §12.2 Anti-Aircraft Artillery: "An Attacking or Defending AA Artillery
    # rolls one die for each opposing aircraft up to a maximum of three rolls and hits on
    # a roll of '3' or less"; first round only
    s, z = game(
        ROWS,
        OWN,
        units=[("B", "RED", "infantry"), ("B", "RED", "aa_artillery"), ("C", "BLU", "fighter", 4)],
        ruleset="global_war",
    )
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    rng = fight(s, z["C"], [3, 12, 1] + [12] * 20)
    aa = [e for e in s.log if e.get("e") == "aa"]
    assert len(aa) == 1 and aa[0]["side"] == "attacker"
    assert aa[0]["shots"] == 3 and aa[0]["hits"] == 2  # three dice for four fighters
    assert rng.used[:3] == [3, 12, 1]
    lost = [e for e in s.log if e.get("e") == "lost" and e.get("type") == "fighter"]
    assert len(lost) >= 2


def test_gw_11_the_calculator_agrees_on_an_attacking_aa_artillery():
    from gamecore.sim.battle import calculate

    runs = GW_RUNS
    seen, lineup, _ = played(
        *GW_LAND,
        [("B", "RED", "infantry", 2), ("B", "RED", "aa_artillery"), ("C", "BLU", "fighter", 2)],
        "C",
        runs,
        ruleset="global_war",
    )
    r = calculate("global_war", lineup["RED"], lineup["BLU"], method="exact").to_dict()
    comps = {}
    for side in ("attacker", "defender"):
        comps[side] = [(types(c["units"]), c["p"]) for c in r[side]["compositions"]]
    for i, side in enumerate(("attacker", "defender")):
        marg = {}
        for key, n in seen.items():
            marg[key[i]] = marg.get(key[i], 0) + n
        agrees(marg, comps[side], runs)


# ------------------------------------------------------------------ Global War point 12
def test_gw_12_aircraft_shot_down_by_aa_still_fire_in_round_1():
    # seeds/000 §12.2 Anti-Aircraft Artillery: "The player suffering the hit chooses which
    # aircraft to remove as casualties and those aircraft make their Attack/Defense rolls
    # as normal. AA Artillery fire on the first round of combat only."
    s, z = game(
        ROWS,
        OWN,
        units=[("A", "RED", "fighter"), ("C", "BLU", "aa_artillery"), ("C", "BLU", "infantry")],
        ruleset="global_war",
    )
    s.apply(Action.move(units_of(s, "RED"), (z["A"], z["B"], z["C"])))
    rng = fight(s, z["C"], [1, 1, 12, 12, 12])  # AA hits; the fighter still rolls (1: a hit)
    assert rng.used[0] == 1 and len(rng.used) >= 2  # the doomed fighter rolled in round 1
    assert units_of(s, "BLU", "infantry") == []  # its hit counted
    assert units_of(s, "RED") == []  # and it is gone after the round
    rounds = [e for e in s.log if e.get("e") == "round"]
    assert len(rounds) == 1


def test_gw_12_the_calculator_agrees_aa_victims_fire():
    from gamecore.sim.battle import calculate

    runs = GW_RUNS
    seen, lineup, _ = played(
        *GW_LAND,
        [
            ("A", "RED", "fighter", 2),
            ("B", "RED", "infantry"),
            ("B", "RED", "aa_artillery"),
            ("C", "BLU", "infantry"),
            ("C", "BLU", "aa_artillery"),
            ("C", "BLU", "fighter"),
        ],
        "C",
        runs,
        ruleset="global_war",
    )
    r = calculate("global_war", lineup["RED"], lineup["BLU"], method="exact").to_dict()
    agrees_by_side(seen, r, runs)


# ------------------------------------------------------------------ Global War point 16
def test_gw_16_armour_may_not_blitz_out_of_a_mountain_zone():
    # seeds/000 T 9-3 Blitz Requirements: "Prohibitions: No blitzing into or out of
    # Desert, Jungle, Marsh, Mountains"; the engine forbade only blitzing into them.
    # M (mountain, RED) - E (empty, BLU) - F (BLU, defended); C (clear, RED) likewise
    from gamecore.engine import new_game
    from gamecore.engine.testmaps import grid_pack, zone_ids

    def reach(terrain):
        pack = grid_pack(
            ["MEF"],
            {
                "M": {"owner": "RED", "terrain": terrain},
                "E": {"owner": "BLU"},
                "F": {"owner": "BLU"},
            },
            {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}},
            [("M", "RED", "medium_armor"), ("F", "BLU", "infantry")],
            ruleset="global_war",
        )
        z = zone_ids(pack)
        s = new_game(pack, "test", seed=1)
        to_phase(s, "combat_move")
        tank = units_of(s, "RED")[0]
        got = {a.path[-1] for a in s.legal_actions() if a.kind == "move" and tank in a.units}
        return {c for c in "EF" if z[c] in got}

    assert reach("clear") == {"E", "F"}  # a blitz through the empty E into F
    assert reach("mountain") == {"E"}  # out of the mountains: E only, no blitz on
    assert reach("desert") == {"E"}


# ------------------------------------------------------------------ g40 point 10
def test_g40_10_a_tank_blitzes_through_an_empty_territory_with_an_industrial_complex():
    # Decided (resources/rulesets/README.md "Choices"): facilities are not units, so an
    # enemy territory holding only an industrial complex is empty (rules-notes/004 §4.2:
    # blitz through empty hostile zones; §4.10: ICs are captured with the territory, a
    # major becomes minor); option blitz_through_facilities = false stops the blitz there
    # (TripleA's "Blitz Through Factories And AA Restricted", rules-notes/004 §4.3)
    zones = {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "BLU"}}
    for through in (True, False):
        s, z = game(
            ["ABC"],
            zones,
            units=[("A", "RED", "tank"), ("C", "BLU", "infantry")],
            facilities=[("B", "major_ic")],
            options={"blitz_through_facilities": through},
        )
        tank = units_of(s, "RED")[0]
        paths = {a.path for a in s.legal_actions() if a.kind == "move" and tank in a.units}
        assert ((z["A"], z["B"], z["C"]) in paths) is through
        if through:
            s.apply(Action.move([tank], (z["A"], z["B"], z["C"])))
            assert s.owner[z["B"]] == "RED"
            (fac,) = s.facilities_in(z["B"])
            assert fac.type == "minor_ic"
    # an AAA is a unit: the territory is not empty, the tank stops there
    s, z = game(
        ["ABC"], zones, units=[("A", "RED", "tank"), ("B", "BLU", "aaa"), ("C", "BLU", "infantry")]
    )
    tank = units_of(s, "RED", "tank")[0]
    assert (z["A"], z["B"], z["C"]) not in {
        a.path for a in s.legal_actions() if a.kind == "move" and tank in a.units
    }


def test_g40_10_units_bought_but_not_placed_are_refunded():
    # Decided: rules-notes/004 §4.1 step 6 "[H/G] Units that cannot be placed are
    # refunded" (TripleA carries them over: unplaced_units = "keep")
    from gamecore.rules.economy import end_placement

    for mode, bank, kept in (("refund", 10 + 6, {}), ("keep", 10, {"tank": 1})):
        s, z = game(ROWS, OWN, options={"unplaced_units": mode})
        s.banks["RED"] = 10
        s.pending["RED"] = {"tank": 1}
        end_placement(s, "RED")
        assert s.banks["RED"] == bank and dict(s.pending.get("RED") or {}) == kept


# ------------------------------------------------------------------ Global War point 19
def test_gw_19_defending_artillery_strikes_first_unless_the_option_says_attack_only():
    # seeds/000 §12.2 Artillery: "Artillery has first strike capability. The Attacking
    # player may pair infantry-class units on a 1:1 basis to give the paired unit a +1
    # Attack bonus"; T 9-1 (first round). The text does not limit first strike to the
    # attacker (rules-notes/000 §6.13): the ruleset reads it for both sides; option
    # first_strike_attack_only = ["artillery"] is the other reading
    for attack_only, used in (([], [1]), (["artillery"], [12, 1])):
        s, z = game(
            ROWS,
            OWN,
            units=[("B", "RED", "infantry"), ("C", "BLU", "artillery")],
            ruleset="global_war",
            options={"first_strike_attack_only": attack_only},
        )
        s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
        rng = fight(s, z["C"], [12, 1] if attack_only else [1])
        assert rng.used == used and units_of(s, "RED") == []


def test_gw_19_the_calculator_follows_the_artillery_reading():
    from gamecore.engine.ruleset import load_ruleset
    from gamecore.sim.battle import calculate

    runs = GW_RUNS
    rs = load_ruleset("global_war")
    rs.options["first_strike_attack_only"] = ["artillery"]
    units = [
        ("B", "RED", "infantry", 2),
        ("B", "RED", "artillery"),
        ("C", "BLU", "infantry"),
        ("C", "BLU", "artillery", 2),
    ]
    seen, lineup, _ = played(
        *GW_LAND,
        units,
        "C",
        runs,
        ruleset="global_war",
    )
    r_both = calculate("global_war", lineup["RED"], lineup["BLU"], method="exact")
    seen_ao, _, _ = played(
        *GW_LAND,
        units,
        "C",
        runs,
        ruleset="global_war",
        options={"first_strike_attack_only": ["artillery"]},
    )
    r_ao = calculate(rs, lineup["RED"], lineup["BLU"], method="exact")
    assert abs(r_both.attacker_win - r_ao.attacker_win) > 0.02  # the readings differ
    for got, r in ((seen, r_both), (seen_ao, r_ao)):
        d = r.to_dict()
        agrees_by_side(got, d, runs)


# ------------------------------------------------------------------ #41 point 1
def test_41_1_artillery_that_struck_first_still_supports_its_infantry():
    # seeds/000 §12.2 Artillery: "Artillery has *first strike* capability. The Attacking
    # player may pair infantry-class units on a 1:1 basis to give the paired unit a +1
    # Attack bonus." The artillery fires in round 1's first strike (T 9-1) and is still
    # in the battle when its infantry fires: the infantry attacks at 2 + 1 = 3. Dice:
    # artillery 12 (miss), infantry 3 (a hit only with the +1), defender 12 (miss).
    s, z = game(
        ROWS,
        OWN,
        units=[("B", "RED", "infantry"), ("B", "RED", "artillery"), ("C", "BLU", "infantry")],
        ruleset="global_war",
    )
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["C"])))
    rng = fight(s, z["C"], [12, 3, 12])
    assert rng.used == [12, 3, 12]
    assert units_of(s, "BLU") == [] and s.owner[z["C"]] == "RED"
    first = [e for e in s.log if e.get("e") == "round"][0]
    assert first["hits"] == [1, 0]


def test_41_1_the_calculator_gives_the_rules_odds_and_agrees_with_played_battles():
    # seeds/000 §12.2 (as above); issue #41: 3 infantry, 1 artillery and 1 medium armor
    # against 4 infantry is 72.35% by the rule (70.81% when the infantry lost its +1)
    from gamecore.sim.battle import calculate

    r = calculate(
        "global_war",
        {"infantry": 3, "artillery": 1, "medium_armor": 1},
        {"infantry": 4},
        method="exact",
    )
    assert round(r.attacker_win, 4) == 0.7235
    runs = GW_RUNS
    seen, lineup, _ = played(
        *GW_LAND,
        [("B", "RED", "infantry", 2), ("B", "RED", "artillery"), ("C", "BLU", "infantry", 2)],
        "C",
        runs,
        ruleset="global_war",
    )
    d = calculate("global_war", lineup["RED"], lineup["BLU"], method="exact").to_dict()
    agrees_by_side(seen, d, runs)


# ------------------------------------------------------------------ Global War point 14
def test_gw_14_seaplane_hits_go_only_to_submarines_and_transports():
    # seeds/000 §9.6 "Seaplanes can only cause hits to Submarines or Naval Transports"
    from gamecore.engine.ruleset import load_ruleset

    sp = load_ruleset("global_war").units["seaplane"]
    assert {"destroyer", "battleship", "submarine"} & set(sp.cannot_target) == {
        "destroyer",
        "battleship",
    }
    s, z = game(
        ["ABC", "123"],
        OWN,
        units=[
            ("B", "RED", "seaplane"),
            ("2", "BLU", "destroyer"),
            ("2", "BLU", "naval_transport"),
        ],
        ruleset="global_war",
    )
    s.apply(Action.move(units_of(s, "RED"), (z["B"], z["2"])))
    fight(s, z["2"], [1, 12] + [12] * 10)  # the seaplane hits: the transport goes
    assert [s.units[u].type for u in units_of(s, "BLU")] == ["destroyer"]


def test_gw_14_the_calculator_agrees_on_seaplanes():
    from gamecore.sim.battle import calculate

    runs = GW_RUNS
    seen, lineup, _ = played(
        ["ABC", "123"],
        {"A": {"owner": "RED"}, "B": {"owner": "RED"}, "C": {"owner": "BLU"}},
        [
            ("B", "RED", "seaplane", 2),
            ("1", "RED", "destroyer"),
            ("2", "BLU", "destroyer"),
            ("2", "BLU", "naval_transport"),
            ("2", "BLU", "submarine"),
            ("B", "RED", "fighter"),
        ],
        "2",
        runs,
        ruleset="global_war",
        patrol=(("fighter", "2"),),  # §9.10: else the submarine declines (point 15)
    )
    assert lineup["RED"] == {"seaplane": 2, "destroyer": 1}
    r = calculate("global_war", lineup["RED"], lineup["BLU"], method="exact").to_dict()
    agrees_by_side(seen, r, runs)


# ------------------------------------------------------------------ g40 point 4
def test_g40_4_partial_retreat_from_an_amphibious_assault():
    # rules-notes/004 §4.3: "Amphibious land units may not retreat. [T] allows partial
    # amphibious retreat, and planes may retreat" (G40 2E: aircraft and the land units
    # that attacked from a neighbouring territory may retreat; those that came from the
    # sea fight on)
    s, z = game(
        ["ABC", "113"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "RED"}},
        units=[
            ("A", "RED", "infantry"),
            ("1", "RED", "transport"),
            ("C", "RED", "tank"),
            ("C", "RED", "fighter"),
            ("B", "BLU", "infantry", 3),
        ],
    )
    tp = units_of(s, "RED", "transport")[0]
    inf = units_of(s, "RED", "infantry")
    s.apply(Action.move(inf, (z["A"], z["1"]), transport=tp))
    s.apply(Action.move(inf, (z["1"], z["B"])))
    s.apply(
        Action.move(units_of(s, "RED", "tank") + units_of(s, "RED", "fighter"), (z["C"], z["B"]))
    )
    # round 1: infantry, tank, fighter miss; the three defenders miss; round 2 (the
    # infantry alone): it misses, a defender hits
    fight(s, z["B"], [6] * 6 + [6, 1, 6, 6])
    assert s.decision.kind == "retreat" and Action.retreat(z["C"]) in s.legal_actions()
    s.apply(Action.retreat(z["C"]))  # the tank and the fighter go back to C
    assert s.units[units_of(s, "RED", "tank")[0]].zone == z["C"]
    assert s.units[units_of(s, "RED", "fighter")[0]].zone == z["C"]
    # the infantry that came from the sea fought on alone (round 2: it and 3 defenders)
    rounds = [e for e in s.log if e.get("e") == "round"]
    assert len(rounds) == 2 and s.battle is None
    # with nothing but sea-borne land units (and no aircraft) there is no retreat at all
    s, z = game(
        ["ABC", "113"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "RED"}},
        units=[("A", "RED", "infantry"), ("1", "RED", "transport"), ("B", "BLU", "infantry")],
    )
    tp = units_of(s, "RED", "transport")[0]
    inf = units_of(s, "RED", "infantry")
    s.apply(Action.move(inf, (z["A"], z["1"]), transport=tp))
    s.apply(Action.move(inf, (z["1"], z["B"])))
    fight(s, z["B"], [6, 6, 1, 6])
    assert s.battle is None and len([e for e in s.log if e.get("e") == "round"]) == 2


# ------------------------------------------------------------------ g40 point 5
def test_g40_5_fighters_on_a_damaged_carrier_stay_aboard():
    # rules-notes/004 §3.2 "Aircraft carrier ... when damaged, aircraft can neither land on
    # it nor leave it"; §4.3 "A damaged carrier cannot launch or recover aircraft". They
    # stay aboard (and ride with it), and are not lost at the end of the turn.
    from gamecore.engine.state import ABOARD
    from tests.gamecore.engine.helpers import finish_turn

    s, z = game(
        ROWS,
        OWN,
        units=[
            ("2", "RED", "carrier"),
            ("2", "RED", "fighter", 2),
            ("A", "RED", "fighter"),
            ("C", "BLU", "infantry"),
        ],
    )
    finish_turn(s)  # RED's first turn
    cv = units_of(s, "RED", "carrier")[0]
    s.set_unit(cv, damage=1)  # hit in BLU's turn (no naval base repairs it)
    finish_turn(s)  # BLU's turn; RED's next one begins
    assert s.current_nation == "RED"
    aboard = units_of(s, "RED", "fighter", z["2"])
    assert len(aboard) == 2 and all(s.units[f].flags & ABOARD for f in aboard)
    to_phase(s, "noncombat_move")
    moving = {u for a in s.legal_actions() if a.kind == "move" for u in a.units}
    assert not set(aboard) & moving  # they cannot launch
    lone = units_of(s, "RED", "fighter", z["A"])[0]
    assert z["2"] not in {
        a.path[-1] for a in s.legal_actions() if a.kind == "move" and lone in a.units
    }
    s.apply(Action.move([cv], (z["2"], z["3"])))  # the carrier takes them along
    assert {s.units[f].zone for f in aboard} == {z["3"]}
    finish_turn(s)
    assert sorted(units_of(s, "RED", "fighter", z["3"])) == sorted(aboard)  # not lost


# ------------------------------------------------------------------ Global War point 17
def test_gw_17_motorized_infantry_tows_artillery_and_aa_artillery():
    # seeds/000 §12.2: "Artillery can move two when paired 1:1 with a motorized infantry";
    # "AA Artillery can move 2 when paired 1:1 with a Motorized Infantry"
    s, z = game(
        ["ABCD"],
        {c: {"owner": "RED"} for c in "ABC"} | {"D": {"owner": "BLU"}},
        units=[
            ("A", "RED", "artillery", 2),
            ("A", "RED", "aa_artillery"),
            ("A", "RED", "motorized_infantry"),
            ("D", "BLU", "infantry"),
        ],
        ruleset="global_war",
    )
    to_phase(s, "noncombat_move")
    ok = s.system.is_legal
    art = units_of(s, "RED", "artillery")
    aa = units_of(s, "RED", "aa_artillery")[0]
    mot = units_of(s, "RED", "motorized_infantry")[0]
    far = (z["A"], z["B"], z["C"])
    legal = s.legal_actions()
    assert Action.move([art[0], mot], far) in legal or any(
        a.path == far and mot in a.units and art[0] in a.units for a in legal
    )
    assert ok(s, Action.move([aa, mot], far))
    assert not ok(s, Action.move([art[0]], far))  # alone: one zone only
    assert not ok(s, Action.move([art[0], art[1], mot], far))  # 1:1
    s.apply(Action.move([art[0], mot], far))
    assert s.units[art[0]].zone == z["C"] and s.units[mot].zone == z["C"]
    assert not ok(s, Action.move([aa], far))  # its tow has gone


# ------------------------------------------------------------------ Global War point 18
def test_gw_18_the_usa_loses_8_ipp_when_an_ally_declares_war_on_a_neutral():
    # seeds/000 §5.6: "Until at war with a Major Power, USA suffers a -8 IPP income
    # decrease each time an Allied power declares war on a Neutral Minor Power" (the
    # global_war ruleset's option neutral_war_income_loss, gamecore.rules.neutral_war: on
    # the sample map each neutral zone attacked is one minor, whatever bloc it is in)
    from gamecore.engine import new_game
    from gamecore.paths import sample_pack
    from gamecore.rules import politics
    from gamecore.rules.economy import income_level
    from gamecore.rules.phases import declare_war
    from gamecore.store import read_pack

    s = new_game(read_pack(sample_pack()), "global-war-1936", seed=1)
    z = {s.board.name[i]: i for i in s.board.original}
    s.peace_income["USA"] = before = 34  # the rulebook's example (it never goes below 0)

    def attack(n, zone, bloc):
        s.remember("attacked", by=n, zone=z[zone], against=bloc)
        politics.after_combat(s, n)

    declare_war(s, "UK", "NEU")  # a bloc of many minors: no minor attacked yet
    assert s.peace_income["USA"] == before
    attack("UK", "Portugal", "NEU")
    assert s.peace_income["USA"] == before - 8
    attack("FRA", "Norway", "NEU")  # a second minor of the same bloc
    assert s.peace_income["USA"] == before - 16
    assert income_level(s, "USA") <= before - 16
    attack("FRA", "Norway", "NEU")  # the same minor again: nothing more
    assert s.peace_income["USA"] == before - 16
    declare_war(s, "JPN", "USA")  # at war with a Major: no more penalties
    attack("CHN", "Sumatra", "NAL")
    assert s.peace_income["USA"] == before - 16


# ------------------------------------------------------------------ g40 point 9
def test_g40_9_the_3g40_political_gates():
    # seeds/004 "THE POLITICAL SITUATION" (rules-notes/004 §2.7): UK may not declare war on
    # Japan before its 3rd turn, the USSR on the European Axis before its 4th (unless
    # attacked first or London falls), the US only after the handbook's triggers (else from
    # its 4th turn): resources/conditions/3g40_politics.txt
    from gamecore.conditions import evaluate_objective, rules_to_objectives
    from gamecore.paths import resource
    from tests.gamecore.conditions.world3g40 import world, zid

    gates = {
        o.id: o
        for o in rules_to_objectives(resource("conditions", "3g40_politics.txt").read_text())
        if o.props.get("check") == "war_gate"  # (the others: tests/.../test_3g40_politics.py)
    }
    assert {o.owner for o in gates.values()} == {
        "GER",
        "ITA",
        "JPN",
        "UKE",
        "UKP",
        "FRA",
        "CHN",
        "SOV",
        "USA",
    }

    def open_(w, gid, turn):
        w._turns = {gates[gid].owner: turn}
        return evaluate_objective(gates[gid], w).satisfied

    w = world()
    assert [open_(w, "UKP_gate_japan", t) for t in (1, 2, 3)] == [False, False, True]
    assert [open_(w, "UKE_gate_japan", t) for t in (1, 2, 3)] == [False, False, True]
    assert [open_(w, "SOV_gate_europe", t) for t in (1, 2, 3, 4)] == [False] * 3 + [True]
    assert open_(w, "SOV_gate_japan", 1)
    assert [open_(w, "USA_gate", t) for t in (1, 2, 3, 4)] == [False] * 3 + [True]
    # the triggers
    w.events.append({"type": "declared_war", "by": "JPN", "against": "UKP", "round": 1})
    assert open_(w, "UKE_gate_japan", 1) and open_(w, "USA_gate", 1)
    w = world()
    w.set_owner(zid(w, "United Kingdom"), "GER")  # London falls
    assert open_(w, "SOV_gate_europe", 1) and open_(w, "USA_gate", 1)
    w = world()
    w.set_owner(zid(w, "Alaska"), "JPN")  # a North American territory falls
    assert open_(w, "USA_gate", 1) and not open_(w, "SOV_gate_europe", 1)


# ------------------------------------------------------------------ g40 point 6
def test_g40_6_a_fighter_may_attack_relying_on_a_carrier_moving_to_pick_it_up():
    # G40 2E (seeds/004's base game; rules-notes/004 §4.3 "air units must be able to
    # land"): a fighter's combat move may count on a carrier that will move in non-combat
    # move to the sea zone where it lands. 1 2 3 4 5 sea; the fighter on the carrier in 1
    # attacks the transport in 4 (3 moves) with 1 left: it can land only in 5 or 3,
    # where the carrier (move 2) will be in non-combat move.
    s, z = game(
        ["ABCDE", "12345"],
        {"A": {"owner": "RED"}, "E": {"owner": "BLU"}},
        units=[("1", "RED", "carrier"), ("1", "RED", "fighter"), ("4", "BLU", "transport")],
    )
    ftr = units_of(s, "RED", "fighter")[0]
    paths = {a.path for a in s.legal_actions() if a.kind == "move" and ftr in a.units}
    assert (z["1"], z["2"], z["3"], z["4"]) in paths
    s.apply(Action.move([ftr], (z["1"], z["2"], z["3"], z["4"])))
    fight(s, z["4"], [])  # the transport alone dies
    to_phase(s, "noncombat_move")
    s.apply(Action.move(units_of(s, "RED", "carrier"), (z["1"], z["2"], z["3"])))
    s.apply(Action.move([ftr], (z["4"], z["3"])))
    from tests.gamecore.engine.helpers import finish_turn

    finish_turn(s)
    assert s.units[ftr].zone == z["3"]  # landed on the carrier
    # without a carrier that can come, the attack is not offered
    s, z = game(
        ["ABCDE", "12345"],
        {"A": {"owner": "RED"}, "E": {"owner": "BLU"}},
        units=[("A", "RED", "fighter"), ("4", "BLU", "transport")],
    )
    ftr = units_of(s, "RED", "fighter")[0]
    assert z["4"] not in {
        a.path[-1] for a in s.legal_actions() if a.kind == "move" and ftr in a.units
    }


# ------------------------------------------------------------------ g40 point 3
def _contested(rolls, escort=True):
    """RED lands an infantry in B from sea zone 2, where a BLU destroyer waits; a RED
    cruiser escorts. Returns the state after both battles (the dice scripted)."""
    s, z = game(
        ["ABC", "123"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "BLU"}},
        units=[
            ("A", "RED", "infantry"),
            ("1", "RED", "transport"),
            *([("1", "RED", "cruiser")] if escort else []),
            ("2", "BLU", "destroyer"),
        ],
    )
    tp = units_of(s, "RED", "transport")[0]
    inf = units_of(s, "RED", "infantry")
    s.apply(Action.move(inf, (z["A"], z["1"]), transport=tp))
    s.apply(Action.move([tp, *units_of(s, "RED", "cruiser")], (z["1"], z["2"])))
    legal = s.legal_actions()
    assert Action.move(inf, (z["2"], z["B"])) in legal  # unloading where the enemy is
    s.apply(Action.move(inf, (z["2"], z["B"])))
    to_phase(s, "combat")
    fights = [a.zone for a in s.legal_actions() if a.kind == "fight"]
    assert fights == [z["2"]]  # the sea battle first; the landing waits for it
    s.rng = ScriptedRng(rolls)
    s.apply(Action("fight", zone=z["2"]))
    return s, z, inf[0], tp


def test_g40_3_an_amphibious_assault_from_a_sea_zone_holding_enemy_warships():
    # G40 2E (seeds/004's base game; rules-notes/004 §4.2 amphibious rules): an amphibious
    # assault may start from a sea zone with enemy warships; the sea battle is fought
    # first and, if the attacker clears the zone, the landing goes ahead (the land battle
    # follows; no bombardment from ships that fought at sea, §4.5)
    s, z, inf, tp = _contested([1, 6])  # the cruiser sinks the destroyer
    assert s.units[inf].zone == z["B"] and not s.units[inf].on
    assert [a.zone for a in s.legal_actions() if a.kind == "fight"] == [z["B"]]
    s.apply(Action("fight", zone=z["B"]))
    assert s.owner[z["B"]] == "RED"  # nobody defends B
    # the attacker does not clear the zone (it retreats): the infantry goes back aboard
    s, z, inf, tp = _contested([6, 6])
    assert s.decision.kind == "retreat"
    s.apply(Action.retreat(z["1"]))
    assert s.units[inf].on == tp and s.units[inf].zone == z["1"]
    assert s.owner[z["B"]] == "BLU"
    # the transport is sunk (no escort: it dies alone): the infantry is lost with it
    s, z, inf, tp = _contested([], escort=False)
    ev = [e for e in s.log if e.get("e") == "landing_called_off"]
    assert tp not in s.units and inf not in s.units and ev[0]["lost"] == [inf]
    assert s.owner[z["B"]] == "BLU"


# ------------------------------------------------------------------ Global War point 15
def _patrol(s, unit, zone):
    s.apply(Action("patrol", units=(unit,), zone=zone))


def _until(s, nation):
    end = Action.end_phase()
    while s.current_nation != nation:
        legal = s.legal_actions()
        s.apply(end if end in legal else legal[0])


def _patrol_zones(s, unit):
    return {a.zone for a in s.legal_actions() if a.kind == "patrol" and unit in a.units}


def test_gw_15_aircraft_patrol_sea_zones_within_their_map_range_during_combat_move():
    # seeds/000 §8.7 "Maritime Air Patrol is a form of combat movement for aircraft ...
    # Move aircraft into position within range"; each type's Maritime Patrol Range
    # (props.map_range: Fighter 1, Seaplane 2 §12); "Carrier-Based Aircraft ... can reach 1
    # sea zone away from the sea zone they are currently in"
    s, z = game(
        ROWS,
        OWN,
        units=[
            ("A", "RED", "fighter"),
            ("B", "RED", "seaplane"),
            ("B", "RED", "strategic_bomber"),
            ("C", "BLU", "infantry"),
        ],
        ruleset="global_war",
    )
    to_phase(s, "combat_move")
    fighter = units_of(s, "RED", "fighter")[0]
    seaplane = units_of(s, "RED", "seaplane")[0]
    bomber = units_of(s, "RED", "strategic_bomber")[0]
    assert _patrol_zones(s, fighter) == {z["1"]}  # one border away
    assert _patrol_zones(s, seaplane) == {z["1"], z["2"], z["3"]}  # two borders
    assert _patrol_zones(s, bomber) == set()  # no Maritime Patrol Range
    _patrol(s, fighter, z["1"])
    assert s.patrols == {fighter: z["1"]}
    assert s.units[fighter].zone == z["A"] and s.units[fighter].moves == 0  # gave up its move
    assert _patrol_zones(s, fighter) == set()
    try:
        _patrol(s, seaplane, z["1"] + 100)
    except Exception as e:  # noqa: BLE001
        assert "patrol" in str(e)
    else:  # pragma: no cover
        raise AssertionError("a zone out of range was accepted")


def test_gw_15_a_patrol_lasts_until_its_owners_next_turn():
    # §8.7 "An aircraft can stay on Maritime Air Patrol ... until it chooses to end its
    # patrol"; our choice: a patrol is announced again each turn (docs/global_war.md)
    s, z = game(
        ROWS, OWN, units=[("A", "RED", "fighter"), ("C", "BLU", "infantry")], ruleset="global_war"
    )
    to_phase(s, "combat_move")
    fighter = units_of(s, "RED", "fighter")[0]
    _patrol(s, fighter, z["1"])
    _until(s, "BLU")
    assert s.patrols == {fighter: z["1"]}  # on patrol through the enemy's turn
    assert s.units[fighter].zone == z["A"]  # still at its base, not lost for not landing
    _until(s, "RED")
    assert s.patrols == {}
    assert "patrols" not in s.snapshot()  # absent while empty: older snapshots unchanged


def test_gw_15_ships_attack_submarines_only_with_an_aircraft_on_maritime_air_patrol():
    # seeds/000 §9.10 "Submarines may not be Attacked unless the Attacker has an aircraft
    # on Maritime Air Patrol"; §8.9 "The moving force must have an aircraft on Maritime Air
    # Patrol to Attack submarines": without one the submarine declines, no battle
    s, z = game(
        ROWS,
        OWN,
        units=[("1", "RED", "destroyer"), ("2", "BLU", "submarine"), ("C", "BLU", "infantry")],
        ruleset="global_war",
    )
    s.apply(Action.move(units_of(s, "RED", "destroyer"), (z["1"], z["2"])))
    to_phase(s, "combat")
    assert s.current_nation == "BLU"  # RED's combat phase had no battle to fight
    assert not [e for e in s.log if e.get("e") == "battle"]
    assert [e["zone"] for e in s.log if e.get("e") == "subs_decline"] == [z["2"]]
    assert len(units_of(s, "BLU", "submarine")) == 1 and len(units_of(s, "RED", "destroyer")) == 1


def test_gw_15_a_submarine_passes_enemy_ships_unless_an_enemy_aircraft_patrols_there():
    # seeds/000 §8.9 "it may decline combat with all units present and ... continue moving
    # if desired unless there is an aircraft on Maritime Air Patrol" (g40: a destroyer
    # stops it)
    from tests.gamecore.engine.helpers import dests, finish_turn

    rows = ["ABCD", "1234"]
    zones = {
        "A": {"owner": "RED"},
        "B": {"owner": "RED"},
        "C": {"owner": "BLU"},
        "D": {"owner": "BLU"},
    }
    s, z = game(
        rows,
        zones,
        units=[
            ("2", "RED", "destroyer"),
            ("B", "RED", "fighter"),
            ("1", "BLU", "submarine"),
            ("D", "BLU", "infantry"),
        ],
        ruleset="global_war",
    )
    sub = units_of(s, "BLU", "submarine")[0]
    finish_turn(s)  # RED: no patrol
    to_phase(s, "combat_move")
    assert z["3"] in dests(s, sub)  # through the destroyer's zone
    finish_turn(s)  # BLU
    to_phase(s, "combat_move")
    _patrol(s, units_of(s, "RED", "fighter")[0], z["2"])
    finish_turn(s)  # RED, patrolling zone 2
    to_phase(s, "combat_move")
    assert z["3"] not in dests(s, sub) and z["2"] in dests(s, sub)


def test_g40_submarines_unchanged_by_point_15():
    # g40 (rules-notes/004 §3.2): a destroyer attacks a submarine with no aircraft at all;
    # there is no air patrol
    s, z = game(
        ROWS,
        OWN,
        units=[("1", "RED", "destroyer"), ("2", "BLU", "submarine"), ("A", "RED", "fighter")],
    )
    to_phase(s, "combat_move")
    assert not [a for a in s.legal_actions() if a.kind == "patrol"]
    s.apply(Action.move(units_of(s, "RED", "destroyer"), (z["1"], z["2"])))
    to_phase(s, "combat")
    assert [a for a in s.legal_actions() if a.kind == "fight" and a.zone == z["2"]]
