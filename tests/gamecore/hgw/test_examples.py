"""The rulebook's worked examples (seeds/001) played through the hgw rule system with
scripted dice, and its two combat tables checked cell by cell."""

from __future__ import annotations

from gamecore.engine.actions import Action
from gamecore.engine.ruleset import load_ruleset
from gamecore.hgw.tables import FRIENDLY, advance_range, firepower
from tests.gamecore.hgw.helpers import END, army, start, strength, to_phase, where, z
from tests.gamecore.hgw.hexpack import code, hex_pack, strip

RULES = load_ruleset("hgw")
FP = RULES.options["hgw_firepower"]
ADV = RULES.options["hgw_advance"]


def test_advance_table_matches_the_rulebook_cells():
    """seeds/001 ADVANCE TABLE: every one of the 121 cells (rules-notes/001 §4.6 gives
    the rule that reproduces them: U = max(0, min(8, m - d)) for d >= 1, min(8, max(4,
    m + 2)) against 0, and the irregular friendly column)."""
    friendly = [4, 5, 5, 6, 7, 8, 9, 9, 9, 9, 9]
    for m in range(11):
        assert advance_range(ADV, m, FRIENDLY) == friendly[m]
        assert advance_range(ADV, m, 0) == min(8, max(4, m + 2))
        for d in range(1, 11):
            assert advance_range(ADV, m, d) == max(0, min(8, m - d)), (m, d)
    assert advance_range(ADV, 10, 14) == 0  # ADVANCE RESOLUTION 9: over ten reads ten


def test_firepower_table_reads_the_worked_examples():
    """seeds/001 EXAMPLE OF AN ASSAULT (5 at a 3: one loss), EXAMPLE OF INITIAL ATTACK
    (6 at a 4: one; 9 at a 3: three), EXAMPLE OF EXPLOITATION ATTACK (5 at a 2: two; 8 at
    a 4: two; 9 at a 1: four)."""
    assert firepower(FP, 5, 3) == 1
    assert firepower(FP, 6, 4) == 1
    assert firepower(FP, 9, 3) == 3
    assert firepower(FP, 5, 2) == 2
    assert firepower(FP, 8, 4) == 2
    assert firepower(FP, 9, 1) == 4
    # rows beyond the die: a modified 7 has its own row, above 7 reads 7, below 1 reads 1
    assert firepower(FP, 10, 7) == 1
    assert firepower(FP, 10, 11) == firepower(FP, 10, 7)
    assert firepower(FP, 6, 0) == firepower(FP, 6, 1)
    assert firepower(FP, 0, 1) == 0
    assert firepower(FP, 14, 1) == firepower(FP, 10, 1)  # the cap of ten


def smolensk(dice, decisions=None):
    pack = strip(
        units=[
            ("0202", "AXIS", "inf", 2),
            ("0202", "AXIS", "mech", 8),
            ("0203", "SOV", "inf", 5),
            ("0203", "SOV", "mech", 1),
        ],
        armies=[("Army Group Center", "AXIS", "0202"), ("West Front", "SOV", "0203")],
    )
    s = start(pack, dice, decisions=decisions)
    agc, wf = army(s, "Army Group Center"), army(s, "West Front")
    to_phase(s, "AXIS", "announce")
    s.apply(Action("hgw_attack", units=(agc,), zone=z(s, "0203")))
    # its only army announced, the phase ends by itself: the defensive assault follows
    assert s.phase == "initial"
    return s, agc, wf


def test_battle_of_smolensk():
    """seeds/001 EXAMPLE OF INITIAL ATTACK (the Battle of Smolensk): West Front (5 inf +
    1 mech) fires its defensive assault at 6, rolls 4: Army Group Center loses one
    infantry; AGC assaults at 9, rolls 3: three Soviet infantry are lost; the advance,
    8 mech against 3, succeeds on 1-5 (a 5 here)."""
    s, agc, wf = smolensk([4, 3, 5])
    assert s.phase == "initial"
    assert strength(s, agc) == (1, 8)  # the default policy keeps the mech
    s.apply(Action("hgw_assault", units=(agc,), zone=z(s, "0203")))
    assert strength(s, wf) == (2, 1)
    s.apply(Action("hgw_advance", units=(agc,), zone=z(s, "0203")))
    assert where(s, agc) == "0203"
    assert s.owner[z(s, "0203")] == "AXIS"
    assert where(s, wf) in ("0103", "0204", "0303")  # displaced to an adjacent friendly hex
    assert strength(s, wf) == (2, 1)


def test_losses_are_their_owners_choice():
    """seeds/001 Assault Resolution 5 and EXAMPLE OF INITIAL ATTACK: "He decides whether
    the point lost will be infantry or mechanized": offered as the decision
    ``hgw_losses`` (the type lost first); the default policy loses infantry first."""
    s, agc, wf = smolensk([4, 3, 5], decisions=["hgw_losses"])
    assert s.decision is not None and s.decision.kind == "hgw_losses"
    assert s.current_player == "AXIS"  # the attacker's SPs are lost to the defensive assault
    assert Action("hgw_losses", profile="mech") in s.legal_actions()
    s.apply(Action("hgw_losses", profile="mech"))
    assert strength(s, agc) == (2, 7) and s.decision is None
    s.apply(Action("hgw_assault", units=(agc,), zone=z(s, "0203")))
    assert s.decision.owner == "SOV"  # 3 of West Front's 6 SPs: the Soviets choose
    s.apply(Action("hgw_losses", profile="inf"))
    assert strength(s, wf) == (2, 1)


def test_a_roll_whose_losses_are_chosen_later_records_the_real_count():
    """seeds/001 Assault Resolution 5 (the owner chooses the type lost), EXAMPLE OF
    INITIAL ATTACK: the defensive assault's roll (a 4 at 6: 1 SP) and the assault's (a 3
    at 9: 3 SPs) are logged with the SPs they cost, not 0, although the losing side
    chooses them afterwards; the event names the side choosing."""
    s, agc, wf = smolensk([4, 3, 5], decisions=["hgw_losses"])
    fire = [e for e in s.log if e.get("e") == "hgw_fire"][-1]
    assert (fire["kind"], fire["hits"], fire["lost"], fire["chooser"]) == (
        "defensive",
        1,
        1,
        "AXIS",
    )
    before = sum(strength(s, agc))
    s.apply(Action("hgw_losses", profile="mech"))
    assert before - sum(strength(s, agc)) == fire["lost"]
    assert [e for e in s.log if e.get("e") == "hgw_losses"][-1]["lost"] == fire["lost"]
    s.apply(Action("hgw_assault", units=(agc,), zone=z(s, "0203")))
    fire = [e for e in s.log if e.get("e") == "hgw_fire"][-1]
    assert (fire["kind"], fire["lost"], fire["chooser"]) == ("assault", 3, "SOV")
    s.apply(Action("hgw_losses", profile="inf"))
    assert sum(strength(s, wf)) == 6 - fire["lost"]
    # without the decision, the default policy loses at once and nobody is named
    s, agc, wf = smolensk([4, 3, 5])
    fire = [e for e in s.log if e.get("e") == "hgw_fire"][-1]
    assert fire["lost"] == 1 and "chooser" not in fire


def test_smolensk_advance_fails_on_a_six():
    """The same battle: "Only a die roll of 6 would mean failure"; a failed advance ends
    the army's attacks for the turn (seeds/001 Making Attacks 3)."""
    s, agc, wf = smolensk([4, 3, 6])
    s.apply(Action("hgw_assault", units=(agc,), zone=z(s, "0203")))
    s.apply(Action("hgw_advance", units=(agc,), zone=z(s, "0203")))
    assert where(s, agc) == "0202" and where(s, wf) == "0203"
    ev = [e for e in s.log if e.get("e") == "hgw_advance"][-1]
    assert (ev["mech"], ev["defence"], ev["die"], ev["success"]) == (8, 3, 6, False)
    # the failed army has nothing left to do (no exploitation), nor has the Axis (no PP
    # after the -17): the Soviet turn has begun
    assert not any(e.get("e") == "hgw_exploit" for e in s.log)
    assert s.current_nation == "SOV"


def test_soviet_1944_summer_offensive_exploitation():
    """seeds/001 EXAMPLE OF EXPLOITATION ATTACK: three Soviet fronts attack Army Group
    Center (7 SPs); its defensive assault costs one infantry; the two infantry fronts'
    assaults destroy it; White Russian Front (10 mech) advances at 10 against 0; in
    exploitation it takes a garrisoned empty hex (10 vs 1, +1 for the hex already
    advanced) and attacks Fourth Army (5 inf): its defensive assault (a 2) costs two
    mech, the front's assault (8 at a 4) two SPs, and 8 against 3 needs 1-5 with +2."""
    # the Soviets hold the hexes around X = 0204; the Axis holds X (AGC), Y = 0205 (an
    # empty garrisoned hex) and Z = 0105 (Fourth Army), each next to the one before
    extra = {"0204": {"owner": "AXIS"}, "0205": {"owner": "AXIS"}, "0105": {"owner": "AXIS"}}
    pack = strip(
        sov_cols=(3, 4, 5, 6, 7),
        extra=extra,
        units=[
            ("0203", "SOV", "mech", 10),
            ("0103", "SOV", "inf", 10),
            ("0303", "SOV", "inf", 10),
            ("0204", "AXIS", "inf", 4),
            ("0204", "AXIS", "mech", 3),
            ("0105", "AXIS", "inf", 5),
        ],
        armies=[
            ("White Russian Front", "SOV", "0203"),
            ("First Ukrainian Front", "SOV", "0103"),
            ("Second Ukrainian Front", "SOV", "0303"),
            ("Army Group Center", "AXIS", "0204"),
            ("Fourth Army", "AXIS", "0105"),
        ],
        options={"hgw_leningrad_hex": "0107", "hgw_stalingrad_hex": "0307"},
    )
    # dice: AGC's defensive assault (7 at a 5: one loss); the two infantry fronts'
    # assaults (9 at a 3: three; 10 at a 2: four); WRF's advance (a 6: 1-8 succeeds);
    # exploitation: into Y (a 6, +1: still within 1-8); Fourth Army's defensive assault
    # (5 at a 2: two); WRF's assault (8 at a 4: two); WRF's advance (a 3, +2 = 5: 1-5)
    s = start(pack, [5, 3, 2, 6, 6, 2, 4, 3])
    wrf = army(s, "White Russian Front")
    fuf, suf = army(s, "First Ukrainian Front"), army(s, "Second Ukrainian Front")
    agc, fourth = army(s, "Army Group Center"), army(s, "Fourth Army")
    to_phase(s, "SOV", "announce")
    x, y, zz = z(s, "0204"), z(s, "0205"), z(s, "0105")
    for a in (wrf, fuf, suf):
        s.apply(Action("hgw_attack", units=(a,), zone=x))
    assert s.phase == "initial"
    inf_left = strength(s, fuf)[0] + strength(s, suf)[0]
    assert inf_left == 19  # one infantry SP lost to the defensive assault
    hit = fuf if strength(s, fuf)[0] == 9 else suf
    other = suf if hit == fuf else fuf
    s.apply(Action("hgw_assault", units=(hit,), zone=x))  # 9 at a 3: three
    s.apply(Action("hgw_assault", units=(other,), zone=x))  # 10 at a 2: four
    assert agc not in s.armies  # "just enough to destroy Army Group Center"
    s.apply(Action("hgw_advance", units=(wrf,), zone=x))
    assert where(s, wrf) == "0204" and s.owner[x] == "SOV"
    assert x not in s.occupied  # back in its own country: no occupation marker
    s.apply(END)
    assert s.phase == "exploitation"
    legal = s.legal_actions()
    assert Action("hgw_exploit", units=(wrf,), zone=y) in legal
    assert not any(a.kind == "hgw_exploit" and a.units != (wrf,) for a in legal)
    s.apply(Action("hgw_exploit", units=(wrf,), zone=y))
    assert s.legal_actions()[-1] == Action("hgw_advance", units=(wrf,), zone=y)
    assert END not in s.legal_actions()  # an exploitation attack must end in an advance
    s.apply(Action("hgw_advance", units=(wrf,), zone=y))
    assert where(s, wrf) == "0205" and y in s.no_garrison
    s.apply(Action("hgw_exploit", units=(wrf,), zone=zz))  # Fourth Army fires: two mech
    assert strength(s, wrf) == (0, 8)
    s.apply(Action("hgw_assault", units=(wrf,), zone=zz))
    assert strength(s, fourth) == (3, 0)
    s.apply(Action("hgw_advance", units=(wrf,), zone=zz))
    ev = [e for e in s.log if e.get("e") == "hgw_advance"][-1]
    assert (ev["mech"], ev["defence"], ev["die"], ev["roll"]) == (8, 3, 3, 5)
    assert ev["success"] and where(s, wrf) == "0105"


def test_example_of_movement():
    """seeds/001 EXAMPLE OF MOVEMENT: one infantry and three mechanized SPs move from
    1337 to 1238, two infantry from 1336 to 1337; an army emptied of SPs vanishes; the
    result is 5 inf + 5 mech in 1238 and 5 inf in 1337."""
    hexes = {}
    for r in (12, 13):
        for c in (36, 37, 38):
            hexes[code(r, c)] = {"region": "Germany", "owner": "AXIS", "value": 1}
    for r in (12, 13):
        for c in (39, 40):
            hexes[code(r, c)] = {"region": "USSR", "owner": "SOV", "value": 1}
    pack = hex_pack(
        hexes,
        units=[
            ("1238", "AXIS", "inf", 4),
            ("1238", "AXIS", "mech", 2),
            ("1337", "AXIS", "inf", 4),
            ("1337", "AXIS", "mech", 3),
            ("1336", "AXIS", "inf", 2),
            ("1340", "SOV", "inf", 1),
        ],
        armies=[
            ("OKW", "AXIS", "1238"),
            ("Army Group South", "AXIS", "1337"),
            ("Army Group West", "AXIS", "1336"),
        ],
        options={
            "hgw_leningrad_hex": "1239",
            "hgw_moscow_hex": "1240",
            "hgw_stalingrad_hex": "1340",
            "hgw_berlin_hex": "1237",
        },
    )
    s = start(pack)
    okw, ags = army(s, "OKW"), army(s, "Army Group South")
    agw = army(s, "Army Group West")
    sps = [u for u in s.at[z(s, "1337")]]
    one_inf = [u for u in sps if s.units[u].type == "inf"][:1]
    mech = [u for u in sps if s.units[u].type == "mech"]
    s.apply(
        Action(
            "hgw_move",
            units=tuple(sorted(one_inf + mech)),
            path=(z(s, "1337"), z(s, "1238")),
            target=okw,
        )
    )
    s.apply(
        Action(
            "hgw_move",
            units=tuple(sorted(s.at[z(s, "1336")])),
            path=(z(s, "1336"), z(s, "1337")),
            target=ags,
        )
    )
    assert strength(s, okw) == (5, 5) and where(s, okw) == "1238"
    assert strength(s, ags) == (5, 0) and where(s, ags) == "1337"
    assert agw not in s.armies  # no SP left: the army is removed


def test_the_ruleset_tables_are_the_system_defaults():
    """resources/rulesets/hgw.toml states the tables the system declares as defaults."""
    from gamecore.engine.systems import get_system
    from gamecore.hgw.tables import ADVANCE, FIREPOWER

    assert FP == FIREPOWER and ADV == ADVANCE
    specs = get_system("hgw").option_specs()
    assert specs["hgw_firepower"].default == FIREPOWER
    for k, spec in specs.items():
        if k.startswith("hgw_"):
            assert RULES.options[k] == spec.default, k


def test_a_bad_table_in_a_ruleset_names_the_file_and_key():
    """A ruleset's numbers are checked when it loads (one-line RulesetError)."""
    import pytest

    from gamecore.engine.ruleset import parse_ruleset
    from gamecore.errors import WarroomError

    bad = (
        ("[options.hgw_firepower]\n1 = [1, 2]", "hgw_firepower.1"),
        ("[options]\nhgw_winter = [4, 'x']", "hgw_winter"),
        ("[options]\nhgw_income_modifier = { AXIS = 'lots' }", "hgw_income_modifier.AXIS"),
        ("[options]\nhgw_home = { AXIS = 'Germany' }", "hgw_home.AXIS"),
    )
    for text, key in bad:
        with pytest.raises(WarroomError, match=key):
            parse_ruleset('extends = "hgw"\n' + text, "bad.toml")
