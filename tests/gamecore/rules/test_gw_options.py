"""Global War optional rules (seeds/000_8004ae29f2fa7391.txt Appendix C, §1.8-§1.12,
§10.2; rules-notes/000 §2.8) as scenario options: ``[optional.<id>]`` tables in
resources/rulesets/global_war.toml whose ``on`` / ``off`` patches change the ruleset."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamecore.engine import Action, new_game
from gamecore.engine.ruleset import OPTIONAL_STATUS, parse_ruleset
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.errors import RulesetError
from gamecore.model import Border
from gamecore.rules import load_ruleset
from gamecore.rules.combat import fire_values

TWO = {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}}
DOC = Path(__file__).resolve().parents[3] / "docs" / "global_war.md"

#: Appendix C as printed: rule number -> option
APPENDIX_C = {
    "1.8": "mountains",
    "1.9": "deserts",
    "1.10": "jungle",
    "1.11": "marsh",
    "1.12": "rivers",
    "1.15": "combat_move_in_canal",
    "1.23": "himalayan_air_hump",
    "2.1": "variable_game_end",
    "3.4": "nation_specific_victory",
    "7.3": "damaging_facilities_under_construction",
    "9.4": "carrier_aircraft_retreat",
    "9.7": "screening_forces",
    "9.12": "surface_raiding_ships",
    "9.13": "mine_warfare",
    "9.14": "convoy_raiding_aircraft",
    "10.2": "reinforce_captured_bases",
    "10.5": "rail_gauge",
    "11.2": "motorized_upgrade",
    "13.3": "chinese_victory",
    "15.2": "suez_reroute",
    "15.3": "advanced_carrier_rules",
    "15.4": "slovakian_resistance",
    "15.5": "alternate_capital_ship_damage",
    "15.6": "forcing_a_strait",
    "15.7": "advanced_escort",
    "15.8": "ships_under_construction",
    "15.9": "early_war_fighters",
    "15.10": "strategic_naval_moves",
    "15.11": "bombing_rivers_and_canals",
    "15.12": "italian_and_french_players",
}


@pytest.fixture(scope="module")
def gw():
    return load_ruleset("global_war")


def test_every_appendix_c_rule_is_an_option(gw):
    # Appendix C lists 30 optional rules; each is a scenario option with a default
    assert len(gw.optional) == 30 and set(gw.optional) == set(APPENDIX_C.values())
    for num, oid in APPENDIX_C.items():
        o = gw.optional[oid]
        assert o.section.startswith(f"§{num}"), oid
        assert o.status in OPTIONAL_STATUS and o.summary, oid
        assert gw.options[oid] is o.default, oid
    # the terrain rules are played as core by this ruleset: on unless a scenario says no
    on = {o.id for o in gw.optional.values() if o.default}
    assert {"mountains", "deserts", "jungle", "marsh", "rivers"} <= on


def test_the_documentation_lists_every_option(gw):
    text = DOC.read_text(encoding="utf-8")
    for oid, o in gw.optional.items():
        assert f"`{oid}` | {str(o.default).lower()} | {o.section} | {o.status}" in text, oid
    for k in ("technologies", "research_cost", "research_cap_until", "tech_tracks"):
        assert f"`{k}`" in text, k


def _battle(terrain, attackers, defenders, options=None, **border):
    units = [("A", "RED", t, n) for t, n in attackers] + [("B", "BLU", t, n) for t, n in defenders]
    pack = grid_pack(
        ["AB"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU", "terrain": terrain}},
        TWO,
        units,
        ruleset="global_war",
        options=options,
    )
    z = zone_ids(pack)
    if border:
        a, b = sorted((z["A"], z["B"]))
        pack.map.borders[(a, b)] = Border(a, b, **border)
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    while s.phase == "combat_move":
        mv = [a for a in s.legal_actions() if a.kind == "move" and a.path[-1] == z["B"]]
        if not mv:
            break
        s.apply(max(mv, key=lambda a: len(a.units)))
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    assert s.phase == "combat"
    b = z["B"]

    def values(nation, stat, side, rnd=1):
        us = sorted(
            (s.units[u] for u in s.units_in(b) if s.units[u].nation == nation),
            key=lambda u: u.type,
        )
        return {u.type: v for u, v in zip(us, fire_values(s, us, stat, b, side, rnd), strict=True)}

    return values


def test_mountains_off_section_1_8():
    # §1.8 on (default): attacking land units -1, Mountain Infantry +1 Defence; off: the
    # zone fights as clear and Mountain Infantry as Infantry
    att = [("infantry", 1), ("medium_armor", 1)]
    dfn = [("mountain_infantry", 1), ("infantry", 1)]
    on = _battle("mountain", att, dfn)
    assert on("RED", "attack", "att") == {"infantry": 1, "medium_armor": 5}
    assert on("BLU", "defense", "def") == {"infantry": 4, "mountain_infantry": 5}
    off = _battle("mountain", att, dfn, {"mountains": False})
    assert off("RED", "attack", "att") == {"infantry": 2, "medium_armor": 6}
    assert off("BLU", "defense", "def") == {"infantry": 4, "mountain_infantry": 4}
    # a mountain city keeps its city bonus (§1.16), loses the mountain penalty
    city = _battle("mountain_city", att, dfn, {"mountains": False})
    assert city("RED", "attack", "att") == {"infantry": 2, "medium_armor": 6}
    assert city("BLU", "defense", "def") == {"infantry": 5, "mountain_infantry": 5}
    # mountain border terrain (§1.7) goes too
    brd = _battle("clear", att, dfn, {"mountains": False}, mountain=True)
    assert brd("RED", "attack", "att") == {"infantry": 2, "medium_armor": 6}


def test_rivers_off_section_1_12():
    # §1.12 on: -1 Attack in round 1 across a river; off: no effect
    att = [("medium_armor", 1)]
    assert _battle("clear", att, [("infantry", 1)], river=True)("RED", "attack", "att") == {
        "medium_armor": 5
    }
    off = _battle("clear", att, [("infantry", 1)], {"rivers": False}, river=True)
    assert off("RED", "attack", "att") == {"medium_armor": 6}


@pytest.mark.parametrize(
    "terrain, option, on_attack",
    [("desert", "deserts", 5), ("jungle", "jungle", 4), ("marsh", "marsh", 4)],
)
def test_desert_jungle_marsh_off_sections_1_9_to_1_11(terrain, option, on_attack):
    # §1.9 desert: attacking land units -1; §1.10-§1.11 jungle, marsh: vehicles -2
    att, dfn = [("medium_armor", 1)], [("infantry", 1)]
    assert _battle(terrain, att, dfn)("RED", "attack", "att") == {"medium_armor": on_attack}
    off = _battle(terrain, att, dfn, {option: False})
    assert off("RED", "attack", "att") == {"medium_armor": 6}


def test_reinforcement_of_captured_bases_section_10_2(gw):
    # §10.2 (optional): on, units may move into bases captured this turn — the engine's
    # air_lands_in_captured mechanism
    assert gw.options["reinforce_captured_bases"] is False
    assert gw.options["air_lands_in_captured"] is False
    on = gw.with_options({"reinforce_captured_bases": True})
    assert on.options["air_lands_in_captured"] is True
    assert on.units == gw.units and on.technologies.keys() == gw.technologies.keys()


def test_optional_rules_switch_other_rules_options(gw):
    # §15.7 advanced escort (the text: battleships of any kind, battlecruisers, coastal
    # defense ships and heavy cruisers), §9.12 surface raiders, §10.5 rail gauge: the
    # optional rule sets the option the convoy and rail rules read
    assert not gw.options.get("convoy_escort_excluded")
    on = gw.with_options(
        {
            "advanced_escort": True,
            "surface_raiding_ships": True,
            "rail_gauge": True,
            "mine_warfare": True,
        }
    )
    assert on.options["convoy_mine_warfare"] is True and not gw.options["convoy_mine_warfare"]
    assert "heavy_cruiser" in on.options["convoy_escort_excluded"]
    assert "light_cruiser" not in on.options["convoy_escort_excluded"]
    assert on.options["convoy_surface_raiders"] is True
    assert on.options["rail_gauge_stop"] is True


def test_options_are_scenario_options():
    pack = grid_pack(
        ["AB"], {"A": {"owner": "RED"}, "B": {"owner": "BLU"}}, TWO, ruleset="global_war"
    )
    pack.scenarios["test"].options["deserts"] = False
    s = new_game(pack, "test", seed=1, log="none")
    assert s.rules.options["deserts"] is False and "desert" not in s.rules.terrain
    with pytest.raises(RulesetError, match="options.rivers"):
        new_game(pack, "test", seed=1, log="none", options={"rivers": "yes"})


@pytest.mark.parametrize(
    "toml, key",
    [
        ("[optional.x]\non = [{ ruleset = { name = 'y' } }]\n", r"optional.x.on\[0\].ruleset"),
        ("[optional.casualty_order]\n", "options.casualty_order"),
        ("[optional.x]\nstatus = 'maybe'\n", "optional.x.status"),
        ("[optional.x]\nwhen = 1\n", "optional.x.when"),
        ("[options]\nmountains = 1\n", "options.mountains"),
    ],
)
def test_bad_optional_rules_are_ruleset_errors(toml, key):
    with pytest.raises(RulesetError, match=key):
        parse_ruleset('extends = "global_war"\n' + toml, "x.toml")


def test_a_variant_may_switch_an_optional_rule():
    # a house-rule variant turns the rivers off by default
    rs = parse_ruleset('extends = "global_war"\n[options]\nrivers = false\n', "x.toml")
    assert rs.options["rivers"] is False and "river" not in rs.borders
    assert rs.with_options({"rivers": True}).borders["river"].rounds == 1


def test_early_war_fighters_section_15_9():
    # §15.9: "All fighters in the 1936 and 1939 scenarios begin with an Attack/Defense of
    # 4/4 and a move of 3 ... Beginning in January 1940, modern WW2 aircraft become
    # available"
    def start(on, date):
        pack = grid_pack(
            ["AB"],
            {"A": {"owner": "RED"}, "B": {"owner": "BLU"}},
            TWO,
            [("A", "RED", "fighter", 2)],
            [("A", "major_factory")],
            ruleset="global_war",
            banks={"RED": 50},
            options={"early_war_fighters": on},
        )
        pack.scenarios["test"].start = date
        pack.scenarios["test"].calendar = "6-months"
        s = new_game(pack, "test", seed=1, log="none")
        return s, {a.type for a in s.legal_actions() if a.kind == "buy"}

    s, buys = start(True, "1939-07")
    assert [u.type for u in s.units.values()] == ["early_war_fighter"] * 2
    assert {u.moves for u in s.units.values()} == {3}
    assert "fighter" not in buys and "early_war_fighter" in buys
    s, buys = start(True, "1940-01")
    assert "fighter" in buys
    s, buys = start(False, "1939-07")
    assert [u.type for u in s.units.values()] == ["fighter"] * 2 and "fighter" in buys
    with pytest.raises(RulesetError, match="options.setup_substitutes.fighter"):
        parse_ruleset(
            'extends = "global_war"\n[options]\nsetup_substitutes = { fighter = "spitfire" }\n',
            "x.toml",
        )
