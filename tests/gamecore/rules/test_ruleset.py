"""Rulesets as data: the bundled g40, extends/override, pack rulesets, bad input."""

import pytest

from gamecore.errors import RulesetError
from gamecore.model import Pack, RulesetDoc
from gamecore.rules import load_ruleset, parse_ruleset
from gamecore.rules.modifiers import combine

# rules-notes/004_3g40_handbook.md §3.2 (TripleA unit attachments; match G40 2E):
# unit: cost, attack, defense, movement
G40_TABLE = {
    "infantry": (3, 1, 2, 1),
    "mech_infantry": (4, 1, 2, 2),
    "artillery": (4, 2, 2, 1),
    "tank": (6, 3, 3, 2),
    "aaa": (5, 0, 0, 1),
    "fighter": (10, 3, 4, 4),
    "tactical_bomber": (11, 3, 3, 4),
    "strategic_bomber": (12, 4, 1, 6),
    "transport": (7, 0, 0, 2),
    "submarine": (6, 2, 1, 2),
    "destroyer": (8, 2, 2, 2),
    "cruiser": (12, 3, 3, 2),
    "carrier": (16, 0, 2, 2),
    "battleship": (20, 4, 4, 2),
}


@pytest.fixture(scope="module")
def g40():
    return load_ruleset("g40")


def test_g40_has_the_fourteen_units_of_the_handbook_table(g40):
    # rules-notes/004 §3.2
    assert set(g40.units) == set(G40_TABLE)
    for name, (cost, att, dfn, mv) in G40_TABLE.items():
        u = g40.units[name]
        assert (u.cost, u.attack, u.defense, u.movement) == (cost, att, dfn, mv), name
    assert g40.dice == 6


def test_g40_special_abilities(g40):
    u = g40.units
    # rules-notes/004 §3.2 "Special" column
    assert u["battleship"].hits == 2 and u["carrier"].hits == 2
    assert u["carrier"].carrier_capacity == 2 and u["carrier"].damaged["carrier_capacity"] == 0
    assert u["fighter"].carrier_cost == 1 and u["tactical_bomber"].carrier_cost == 1
    assert u["strategic_bomber"].no_carrier
    assert u["transport"].transport_capacity == 5 and u["transport"].defenseless
    assert u["infantry"].transport_cost == 2 and u["tank"].transport_cost == 3
    sub = u["submarine"]
    assert sub.first_strike and sub.submerge and "air" in sub.cannot_target
    assert "air" in sub.hidden_from and u["destroyer"].detector
    assert u["tank"].blitz and u["mech_infantry"].blitz_with == ("tank",)
    assert u["aaa"].aa_shots == 3 and u["aaa"].aa_value == 1 and u["aaa"].no_combat_move
    assert u["cruiser"].bombard == 3 and u["battleship"].bombard == 4
    art = u["artillery"].support[0]
    assert set(art.targets) == {"infantry", "mech_infantry"} and art.value == 1
    assert u["fighter"].support[0].targets == ("tactical_bomber",)
    assert u["tank"].support[0].targets == ("tactical_bomber",)
    assert (
        str(u["strategic_bomber"].bombing) == "1d6+2" and str(u["tactical_bomber"].bombing) == "1d6"
    )
    assert set(u["tactical_bomber"].bombing_targets) == {"air_base", "naval_base"}
    # rules-notes/004 §4.9: convoy dice sub 2, fighter 2, tac 2, BB/CA/DD 1, carrier 0
    assert [u[x].convoy_dice for x in ("submarine", "fighter", "tactical_bomber")] == [2, 2, 2]
    assert [u[x].convoy_dice for x in ("battleship", "cruiser", "destroyer", "carrier")] == [
        1,
        1,
        1,
        0,
    ]
    assert u["submarine"].is_warship and not u["submarine"].is_surface_warship
    assert not u["transport"].is_warship and u["destroyer"].is_surface_warship


def test_g40_facilities(g40):
    # rules-notes/004 §1.6, §3.2, §4.10
    f = g40.facility_types
    assert (f["major_ic"].production, f["major_ic"].max_damage, f["major_ic"].cost) == (10, 20, 30)
    assert (f["minor_ic"].production, f["minor_ic"].max_damage, f["minor_ic"].cost) == (3, 6, 12)
    assert f["major_ic"].captured_becomes == "minor_ic"
    assert f["major_ic"].upgrade_from == "minor_ic" and f["major_ic"].upgrade_cost == 20
    assert f["air_base"].inoperative_at == 3 and f["air_base"].scramble == 3
    assert f["naval_base"].sea_move_bonus == 1 and f["naval_base"].repairs_ships
    assert g40.facility_type("factory").id == "major_ic"
    assert g40.facility_type("port").id == "naval_base"
    assert g40.facility_type("castle") is None


def test_g40_phases_and_china(g40):
    # rules-notes/004 §4.1 sequence of play
    assert g40.phases == [
        "purchase",
        "politics",
        "combat_move",
        "combat",
        "noncombat_move",
        "place",
        "collect_income",
    ]
    # seeds/004 "China rules"
    chn = g40.nation_rules("CHN")
    assert chn.can_buy == ("infantry",) and not chn.uses_factories and chn.convoy_immune
    assert g40.nation_rules("GER").uses_factories


def test_extends_overrides_and_removes():
    rs = parse_ruleset(
        """
        extends = "g40"
        [ruleset]
        id = "cheap"
        [options]
        modifier_policy = "highest_only"
        [units.infantry]
        cost = 2
        [units.battleship]
        remove = true
        [units.militia]
        domain = "land"
        cost = 1
        defense = 1
        movement = 1
        """,
        source="cheap.toml",
    )
    assert rs.id == "cheap"
    assert rs.units["infantry"].cost == 2 and rs.units["infantry"].defense == 2
    assert "battleship" not in rs.units and rs.units["militia"].cost == 1
    assert rs.options["modifier_policy"] == "highest_only"
    assert rs.units["tank"].attack == 3  # inherited


def test_ruleset_stored_in_a_pack_may_extend_a_bundled_one():
    pack = Pack()
    pack.rulesets["d12"] = RulesetDoc(
        "d12", 'extends = "g40"\ndice = 12\n[units.tank]\nattack = 8\n'
    )
    rs = load_ruleset("d12", pack=pack)
    assert rs.dice == 12 and rs.units["tank"].attack == 8 and rs.id == "d12"


def test_scenario_options_override():
    rs = load_ruleset("g40").with_options({"max_combat_rounds": 3})
    assert rs.options["max_combat_rounds"] == 3
    assert load_ruleset("g40").options["max_combat_rounds"] == 0


@pytest.mark.parametrize(
    "text, needle",
    [
        ("dice = [", "not valid TOML"),
        ("colour = 3", "key 'colour'"),
        ("[units.inf]\ncost = 3", "key 'units.inf.domain'"),
        ('[units.inf]\ndomain = "mud"', "key 'units.inf.domain'"),
        (
            '[units.inf]\ndomain = "land"\nattack = "two"',
            "key 'units.inf.attack': must be an integer",
        ),
        ('[units.inf]\ndomain = "land"\nattack = 7', "more than the die size 6"),
        ('[units.inf]\ndomain = "land"\nflags = ["flying"]', "unknown flag 'flying'"),
        ('[units.inf]\ndomain = "land"\nwings = 2', "key 'units.inf.wings': unknown key"),
        (
            '[units.art]\ndomain = "land"\nsupport = [{ targets = ["nobody"] }]',
            "unknown unit type 'nobody'",
        ),
        ('phases = ["purchase", "teatime"]', "unknown phase 'teatime'"),
        ('[options]\nmodifier_policy = "average"', "key 'options.modifier_policy'"),
        ("[options]\naa_fire = 1", "key 'options.aa_fire': must be true or false"),
        ('[facilities.ic]\nplaces = ["space"]', "unknown domain 'space'"),
        ('extends = "no_such_ruleset"', "no ruleset 'no_such_ruleset'"),
        ("[borders.swamp]\nattack = { land = -1 }", "key 'borders.swamp': unknown border"),
        ('[options]\ncombat_resolver = "crt"', "unknown resolver 'crt'"),
    ],
)
def test_bad_rulesets_name_file_key_and_reason(text, needle):
    with pytest.raises(RulesetError) as err:
        parse_ruleset(text, source="bad.toml")
    msg = str(err.value)
    assert needle in msg
    assert "\n" not in msg
    if "no ruleset" not in needle:
        assert msg.startswith("bad.toml: ")


def test_extends_cycle_is_reported():
    pack = Pack()
    pack.rulesets["a"] = RulesetDoc("a", 'extends = "b"')
    pack.rulesets["b"] = RulesetDoc("b", 'extends = "a"')
    with pytest.raises(RulesetError, match="cycle"):
        load_ruleset("a", pack=pack)


def test_unknown_bundled_ruleset():
    with pytest.raises(RulesetError, match="no ruleset 'nope'"):
        load_ruleset("nope")


def test_modifier_policies():
    # docs/architecture.md Invariant 6; rules-notes/003 §4.1: only the highest modifier applies
    assert combine([1, 1, -1], "sum") == 1
    assert combine([1, 2, -1], "highest_only") == 2
    assert combine([1, -2], "highest_only") == -2
    assert combine([2, -2], "highest_only", "bonus") == 2
    assert combine([2, -2], "highest_only", "penalty") == -2
    assert combine([], "highest_only") == 0
    with pytest.raises(ValueError):
        combine([1], "median")
