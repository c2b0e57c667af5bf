"""The seeds/003 house rules as the ``global_war_house`` variant of Global War (issue #26).

Every test cites the sheet (seeds/003_ba8e71369cfe5589.txt) by its section heading, as the
sheet spells it. The mechanisms are options of the ``aa`` system, off by default, so
global_war and g40 play as before (tests/gamecore/engine/golden)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from gamecore.cli import main
from gamecore.commands.rules import diff_tables
from gamecore.engine import Action, new_game
from gamecore.engine.ruleset import load_ruleset, parse_ruleset
from gamecore.engine.testmaps import grid_pack, zone_ids
from gamecore.errors import RulesError, RulesetError
from gamecore.rules import politics
from gamecore.rules.battle.context import Round
from gamecore.rules.battle.steps import steps_for
from gamecore.rules.combat import assign_hits, border_crossers
from gamecore.rules.options import DEFAULT_OPTIONS
from tests.gamecore.rules.test_gw_combat_terrain import _combat, _values, pack_abc

HOUSE_OPTIONS = (
    "border_casualties_first",
    "neutral_victim_table",
    "minor_navy_fate",
    "retreat_to_origins",
    "first_strike_every_round",
    "shell_facilities",
    "no_blitz_borders",
    "controlled_no_war",
    "air_retreat_apart",
    "convoy_patrol_bonus",
)


# ------------------------------------------------------------------ the ruleset itself
def test_the_variant_extends_global_war_and_changes_only_what_the_sheet_changes():
    gw, house = load_ruleset("global_war"), load_ruleset("global_war_house")
    assert house.system == "aa" and house.dice == 12
    rows = diff_tables(gw.raw, house.raw)
    keys = {r["key"].split(".")[0] + "." + r["key"].split(".")[1] for r in rows}
    # ruleset identity, options and the four tables the sheet's rules touch; no unit,
    # facility, technology or nation of global_war changes
    assert keys <= {
        "ruleset.id",
        "ruleset.name",
        "ruleset.description",
        "ruleset.sources",
        "options.border_casualties_first",
        "options.city_surrounded_by",
        "options.convoy_surface_raiders",
        "options.minor_navy_fate",
        "options.minor_navy_fate_die",
        "options.modifier_policy",
        "options.modifier_tiebreak",
        "options.neutral_victim_die",
        "options.neutral_victim_table",
        "options.transport_own_only",
        "options.retreat_to_origins",
        "options.first_strike_every_round",
        "options.shell_facilities",
        "options.shell_die",
        "options.no_blitz_borders",
        "options.controlled_no_war",
        "options.air_retreat_apart",
        "options.defender_submerge_from_round",
        "options.sub_decline",
        "options.convoy_patrol_bonus",
        "borders.river",
        "borders.mountain",
        "terrain.river",
        "terrain.city",
    }
    assert house.units == gw.units and house.facility_types == gw.facility_types
    # MULTIPLE MODIFYERS FOR ATTACK AND DEFENSE: one modifier, the highest
    assert house.options["modifier_policy"] == "highest_only"
    # AIR, RAIL AND NAVAL TRANSPORTS: "You May Transport members of your Alliance"
    assert house.options["transport_own_only"] is False
    # CONVOY RAIDING: "Surface warships may convoy raid."
    assert house.options["convoy_surface_raiders"] is True


def test_the_house_mechanisms_are_off_unless_a_ruleset_switches_them_on():
    for name in HOUSE_OPTIONS:
        assert not DEFAULT_OPTIONS[name]
        assert not load_ruleset("global_war").options[name]
        assert not load_ruleset("g40").options[name]
    for rs in ("global_war", "g40"):
        assert load_ruleset(rs).options["city_surrounded_by"] == "neighbours"
    # submarines decline combat: g40 never, global_war against MAP, the house rules
    # against CAP or a carrier with aircraft
    assert [load_ruleset(rs).options["sub_decline"] for rs in ("g40", "global_war")] == [
        "",
        "patrol",
    ]


@pytest.mark.parametrize(
    ("toml", "key"),
    [
        ('neutral_victim_table = { axis = [[6, "allies"], [11, "comintern"]] }', "axis"),
        ('neutral_victim_table = { axis = [[7, "allies"], [6, "x"], [12, "y"]] }', "axis"),
        ('minor_navy_fate = [[4, "attacker"], [12, "sunk"]]', "minor_navy_fate"),
        ('border_casualties_first = ["volcano"]', "border_casualties_first"),
    ],
)
def test_a_bad_house_table_names_the_file_and_key(toml, key):
    with pytest.raises(RulesetError) as err:
        parse_ruleset(f'extends = "global_war"\n[options]\n{toml}\n', "house.toml")
    assert "house.toml" in str(err.value) and key in str(err.value)


def test_rules_diff_cli(capsys):
    assert main(["rules", "diff", "global_war", "global_war_house"]) == 0
    out = capsys.readouterr().out
    assert "global_war_house against global_war" in out
    assert '~ options.modifier_policy: "best_and_worst" -> "highest_only"' in out
    assert "+ options.neutral_victim_table" in out
    assert main(["rules", "diff", "global_war", "global_war_house", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["a"] == "global_war" and got["b"] == "global_war_house"
    assert {"key": "options.transport_own_only", "change": "changed", "a": True, "b": False} in (
        got["differences"]
    )
    assert main(["rules", "diff", "global_war", "no_such_ruleset"]) == 2
    assert "no ruleset 'no_such_ruleset'" in capsys.readouterr().err


def test_diff_tables_reports_added_removed_changed():
    rows = diff_tables({"a": 1, "t": {"x": 1, "y": 2}}, {"t": {"x": 1, "y": 3, "z": 4}})
    assert rows == [
        {"key": "a", "change": "removed", "a": 1},
        {"key": "t.y", "change": "changed", "a": 2, "b": 3},
        {"key": "t.z", "change": "added", "b": 4},
    ]


# ------------------------------------------------------------------ (HR) the D12 tables
# Three alliances with one Major each and a minor outside every alliance.
NATIONS = {
    "GER": {"alliance": "axis", "capital": "A"},
    "UK": {"alliance": "allies", "capital": "C"},
    "SOV": {"alliance": "comintern", "capital": "D"},
    "POL": {"kind": "minor", "capital": "B"},
}
ZONES = {
    "A": {"owner": "GER"},
    "B": {"owner": "POL"},
    "C": {"owner": "UK"},
    "D": {"owner": "SOV"},
}
PEACE = {
    (a, b): "peace"
    for i, a in enumerate(["GER", "UK", "SOV", "POL"])
    for b in ["GER", "UK", "SOV", "POL"][i + 1 :]
}


def house_game(seed=1, wars=(), units=()):
    pack = grid_pack(
        ["A B C D", "1 1 1 1"],
        ZONES,
        NATIONS,
        units,
        relations=PEACE,
        ruleset="global_war_house",
        banks={"GER": 10, "UK": 10, "SOV": 10, "POL": 5},
        turn_order=[["GER"], ["UK"], ["SOV"], ["POL"]],
    )
    s = new_game(pack, "test", seed=seed)
    s.alliance = {**s.alliance, "POL": None}
    for a, b in wars:
        s.set_relation(a, b, "war")
    return s, zone_ids(pack)


def _victim_events(s):
    return [e for e in s.log if e.get("e") == "victim_side"]


@pytest.mark.parametrize("seed", range(1, 13))
def test_no_alliance_at_war_with_the_aggressor_rolls_a_d12(seed):
    # (HR) NUETRAL MINOR ASSIGNMENT: "If there Is no Alliance at war with Aggressor ...
    # 1) Axis Attacks 1-6 given to Comintern, 7-12 given to Allies."
    s, z = house_game(seed)
    politics.declare_war(s, "GER", "POL")
    (ev,) = _victim_events(s)
    assert 1 <= ev["roll"] <= 12
    want = "comintern" if ev["roll"] <= 6 else "allies"
    assert ev["alliance"] == want
    # no war with the leader: Control (CONTROL "Control is between Neutral and Aligned")
    leader = "SOV" if want == "comintern" else "UK"
    assert s.relation("POL", leader) == "controlled" and s.side_of("POL") == want


def test_both_rows_of_the_table_come_up():
    seen = set()
    for seed in range(1, 40):
        s, _ = house_game(seed)
        politics.declare_war(s, "UK", "POL")
        seen.add(_victim_events(s)[0]["alliance"])
    # 3) Allies Attacks 1-6 given to Axis, 7-12 Given to Comintern.
    assert seen == {"axis", "comintern"}


def test_the_one_alliance_at_war_with_the_aggressor_takes_the_minor_without_a_roll():
    # CONTROL / ALIGNMENT: "given to members of the same alliance" when one Alliance is at
    # war with the aggressor; the D12 is only for none or both
    s, z = house_game(wars=[("GER", "SOV")])
    politics.declare_war(s, "GER", "POL")
    (ev,) = _victim_events(s)
    assert ev["roll"] is None and ev["alliance"] == "comintern"
    # ALIGNMENT: at war with the same Major -> the minor Aligns and ceases to exist
    assert s.owner[z["B"]] == "SOV" and not s.alive("POL")


def test_both_alliances_at_war_with_the_aggressor_roll_too():
    # "or both Alliances are at war with attacker of the attacked minor"
    s, z = house_game(seed=3, wars=[("GER", "SOV"), ("GER", "UK")])
    politics.declare_war(s, "GER", "POL")
    (ev,) = _victim_events(s)
    assert ev["roll"] is not None
    assert ev["alliance"] == ("comintern" if ev["roll"] <= 6 else "allies")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_navy_of_an_eliminated_minor_is_split_by_a_d12_per_ship(seed):
    # (HR) "Surviving Navy ownership after Minor was eliminated is a 3 way split per unit of
    # a D12 roll: Attacker 1-4, Scuttled 5-8, Controller 9-12."
    s, z = house_game(
        seed,
        wars=[("GER", "SOV")],
        units=[("1", "POL", "destroyer", 12), ("B", "POL", "infantry", 1)],
    )
    ships = sorted(u.id for u in s.units.values() if u.type == "destroyer")
    politics.declare_war(s, "GER", "POL")
    fates = {e["unit"]: e for e in s.log if e.get("e") == "navy_fate"}
    assert sorted(fates) == ships
    for uid, e in fates.items():
        want = "attacker" if e["roll"] <= 4 else "scuttled" if e["roll"] <= 8 else "controller"
        assert e["to"] == want
        if want == "scuttled":
            assert uid not in s.units
        else:
            assert s.units[uid].nation == ("GER" if want == "attacker" else "SOV")
            assert s.units[uid].type == "destroyer"
    # the land army is absorbed by the controller as before
    assert all(u.nation != "POL" for u in s.units.values())


def test_a_controlled_minor_keeps_its_navy():
    # only an eliminated (absorbed) minor's navy is split; a Controlled one plays on
    s, z = house_game(units=[("1", "POL", "destroyer", 2)])
    politics.declare_war(s, "GER", "POL")
    assert not [e for e in s.log if e.get("e") == "navy_fate"]
    assert all(u.nation == "POL" for u in s.units.values() if u.type == "destroyer")


# ------------------------------------------------------------------ rivers and modifiers
def _house_abc(pack):
    pack.scenarios["test"].ruleset = "global_war_house"
    return pack


def test_river_crossers_are_the_first_casualties_in_round_one():
    # RIVER RULES: "Attacker losses for first round must be from land units crossing river"
    # A river inside B lies between A's border and B's roundel; C's border does not cross it.
    pack, z = pack_abc([("medium_armor", 2)], [("infantry", 1)], river=[(1.6, 0.0), (1.6, 1.0)])
    pack.scenarios["test"].units.append(
        type(pack.scenarios["test"].units[0])(z["C"], "RED", "infantry", 2)
    )
    pack.scenarios["test"].ownership[z["C"]].owner = "RED"
    _house_abc(pack)
    s = _combat(pack, z)
    att = sorted(
        (s.units[u] for u in s.units_in(z["B"]) if s.units[u].nation == "RED"),
        key=lambda u: u.id,
    )
    armour = {u.id for u in att if u.type == "medium_armor"}
    assert {s.units[u].type for u in s.units_in(z["B"])} >= {"medium_armor", "infantry"}
    assert border_crossers(s, z["B"], att, ["river"], 1) == armour
    assert border_crossers(s, z["B"], att, ["river"], 2) == frozenset()  # round 1 only
    hit = ((), "land", False)
    # the ruleset's border_casualties_first step reorders the attacker's losses
    step = next(st for st in steps_for(s.rules) if st.name == "border_casualties_first")

    def first(battle_round: int) -> tuple:
        rnd = Round(s, SimpleNamespace(zone=z["B"], round=battle_round))
        step.run(rnd)
        return rnd.lose_first

    killed, _ = assign_hits(s, att, [hit, hit], "cheapest", True, z["B"], first=first(1))
    # the cheapest would be the infantry; the crossing armour dies first
    assert {u.id for u in killed} == armour
    killed, _ = assign_hits(s, att, [hit], "cheapest", True, z["B"], first=first(2))
    assert killed[0].type == "infantry"
    assert "border_casualties_first" not in {
        st.name for st in steps_for(load_ruleset("global_war"))
    }


def test_river_penalty_falls_on_all_land_units_and_only_one_modifier_applies():
    # RIVER RULES "All Land units first round only -1 attack modifier" (global_war exempts
    # Marines and artillery); MULTIPLE MODIFYERS "Only 1 Modifier applies at a time":
    # river -1 and mountain -1 crossed together give -1, not -2
    mountain = ("mountain", (1.3, 0.0, 1.5, 1.0))
    pack, z = pack_abc(
        [("marine", 1), ("medium_armor", 1)],
        [("infantry", 1)],
        areas=[mountain],
        river=[(1.6, 0.0), (1.6, 1.0)],
    )
    base = _values(_combat(pack, z), z["B"], "RED", "attack", "att", 1)
    s = _combat(_house_abc(pack), z)
    got = _values(s, z["B"], "RED", "attack", "att", 1)
    plain = _values(s, z["B"], "RED", "attack", "att", 2)
    ut = s.rules.units
    assert plain == {t: ut[t].attack for t in plain}
    assert got == {t: max(1, ut[t].attack - 1) for t in got}
    # global_war: the marine has no river penalty but the mountain's -1
    assert base["marine"] == ut["marine"].attack - 1


def test_city_gives_every_defender_plus_one():
    # CITIES "Cities give Defending units +1 defense on all rounds of combat"
    pack, z = pack_abc([("infantry", 1)], [("medium_armor", 1), ("infantry", 1)])
    pack.map.zones[z["B"]].flags = ["city"]
    from gamecore.model import Line

    # a rail line to BLU's C: the city traces supply (not surrounded)
    pack.map.lines[2] = Line(2, "rail", name="rail", path=[z["B"], z["C"]])
    gw = _combat(pack, z)
    s = _combat(_house_abc(pack), z)
    ut = s.rules.units
    for rnd in (1, 3):
        got = _values(s, z["B"], "BLU", "defense", "def", rnd)
        assert got == {t: ut[t].defense + 1 for t in got}
    # global_war: the infantry class only
    old = _values(gw, z["B"], "BLU", "defense", "def", 1)
    assert old["medium_armor"] == ut["medium_armor"].defense


# ------------------------------------------------------------------ surrounded cities
def _city_game(rail: bool, ruleset="global_war_house"):
    from gamecore.model import Line

    # A (RED city) | B (RED) | C (BLU); a rail line A-B when ``rail``; no ports
    pack = grid_pack(
        ["A B C"],
        {"A": {"owner": "RED", "flags": ["city"]}, "B": {"owner": "RED"}, "C": {"owner": "BLU"}},
        {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}},
        [("A", "RED", "infantry", 1), ("C", "BLU", "infantry", 1)],
        ruleset=ruleset,
    )
    z = zone_ids(pack)
    if rail:
        pack.map.lines[1] = Line(1, "rail", name="rail", path=[z["A"], z["B"]])
    return new_game(pack, "test", seed=1, decisions=(), log="none"), z


def test_a_city_that_cannot_trace_supply_is_surrounded():
    # CITIES "A City is surrounded if it cannot trace a supply path to another friendly Land
    # zone as in (Blockaded ports and no rail lines available)."
    from gamecore.rules.combat import city_surrounded, city_terrain

    s, z = _city_game(rail=True)
    assert not city_surrounded(s, z["A"]) and city_terrain(s, z["A"]) == "city"
    s, z = _city_game(rail=False)
    assert city_surrounded(s, z["A"]) and city_terrain(s, z["A"]) == "surrounded_city"
    # "all defenders receive -1 on all defensive rolls for all rounds" (one modifier: the
    # city's +1 does not add to it)
    inf = [s.units[u] for u in s.units_in(z["A"])]
    from gamecore.rules.combat import fire_values

    for rnd in (1, 4):
        assert fire_values(s, inf, "defense", z["A"], "def", rnd) == [
            s.rules.units["infantry"].defense - 1
        ]
    # global_war: a friendly neighbour is enough (seeds/000 §1.16)
    s, z = _city_game(rail=False, ruleset="global_war")
    assert not city_surrounded(s, z["A"])


# ------------------------------------------------------------------ retreats
def _two_front_attack(ruleset):
    # RED attacks B from A and from C at once; BLU's B holds too much to take
    pack = grid_pack(
        ["A B C"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "RED"}},
        {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}},
        [("A", "RED", "infantry", 3), ("C", "RED", "infantry", 3), ("B", "BLU", "infantry", 3)],
        ruleset=ruleset,
    )
    z = zone_ids(pack)
    s = new_game(pack, "test", seed=2)
    from gamecore.engine import Action

    while s.phase == "combat_move":
        mv = [a for a in s.legal_actions() if a.kind == "move" and a.path[-1] == z["B"]]
        if not mv:
            break
        s.apply(max(mv, key=lambda a: len(a.units)))
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    from_a = {u for u in s.units if s.units[u].nation == "RED" and s.origins.get(u) == z["A"]}
    from_c = {u for u in s.units if s.units[u].nation == "RED" and s.origins.get(u) == z["C"]}
    assert len(from_a) == 3 and len(from_c) == 3
    for _ in range(50):
        legal = s.legal_actions()
        back = [a for a in legal if a.kind == "retreat" and a.zone == z["A"]]
        if back:
            s.apply(back[0])
            break
        assert legal, "the battle ended before a retreat was offered"
        go = [a for a in legal if a.kind in ("fight", "press")]
        s.apply(go[0] if go else legal[0])
    else:
        pytest.fail("no retreat offered")
    return s, z, from_a, from_c


def test_attackers_retreat_to_the_zones_they_came_from():
    # RETREATING FROM ATTACKS "All Land units must retreat to any adjacent zone that
    # attackers came from. They do not all need to move to the same location"
    s, z, from_a, from_c = _two_front_attack("global_war_house")
    assert all(s.units[u].zone == z["A"] for u in from_a if u in s.units)
    assert all(s.units[u].zone == z["C"] for u in from_c if u in s.units)
    assert any(u in s.units for u in from_c)
    assert any(e.get("e") == "retreat" and e.get("split") for e in s.log)
    # global_war: the whole side goes to the one zone chosen
    s, z, from_a, from_c = _two_front_attack("global_war")
    assert all(s.units[u].zone == z["A"] for u in from_a | from_c if u in s.units)


# ------------------------------------------------------------------ allied cargo
def _boardings(ruleset):
    pack = grid_pack(
        ["A B", "1 2"],
        {"A": {"owner": "UK"}, "B": {"owner": "GER"}},
        {"UK": {"alliance": "allies"}, "USA": {"alliance": "allies"}, "GER": {"alliance": "axis"}},
        [
            ("A", "UK", "infantry", 1),
            ("1", "USA", "naval_transport", 1),
            ("B", "GER", "infantry", 1),
        ],
        relations={("UK", "USA"): "aligned", ("UK", "GER"): "peace", ("USA", "GER"): "peace"},
        ruleset=ruleset,
        turn_order=[["UK"], ["USA"], ["GER"]],
    )
    s = new_game(pack, "test", seed=1)
    tid = next(u.id for u in s.units.values() if u.type == "naval_transport")
    while s.current_nation == "UK" and s.phase != "noncombat_move":
        from gamecore.engine import Action

        s.apply(Action.end_phase())
    return [a for a in s.legal_actions() if a.kind == "move" and a.transport == tid]


def test_allied_units_board_an_allys_transport():
    # AIR, RAIL AND NAVAL TRANSPORTS "You May Transport members of your Alliance, they Load
    # on their turn move on yours and unload on their next turn."
    assert _boardings("global_war_house")
    assert not _boardings("global_war")  # global_war: own units only


# ------------------------------------------------------------------ the sample scenario
def test_the_sample_plays_the_1936_set_up_with_the_house_rules():
    from dataclasses import replace

    from gamecore.engine.bots import RandomBot, play
    from gamecore.model.map import in_scenario
    from gamecore.paths import sample_pack
    from gamecore.store import read_pack

    pack = read_pack(sample_pack())
    base, house = pack.scenarios["global-war-1936"], pack.scenarios["global-war-1936-house"]
    assert base.ruleset == "global_war" and house.ruleset == "global_war_house"
    # the same set-up: only id, name, ruleset and the sources note differ
    same = replace(house, id=base.id, name=base.name, ruleset=base.ruleset, props=base.props)
    assert same == base
    m = pack.map
    for item in [*m.facilities.values(), *m.lines.values(), *m.links.values()]:
        assert in_scenario(item.props, base.id) == in_scenario(item.props, house.id)
    s = new_game(pack, house.id, seed=3, rounds=1)
    play(s, RandomBot(3), max_actions=20000)
    assert s.is_terminal()


# ------------------------------------------------------------------ submarines
def _sub_battle(ruleset):
    from gamecore.engine import Action

    pack = grid_pack(
        ["A 1 2"],
        {"A": {"owner": "RED"}},
        {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}},
        [("1", "RED", "submarine", 4), ("2", "BLU", "light_cruiser", 2)],
        ruleset=ruleset,
    )
    z = zone_ids(pack)
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    while s.phase == "combat_move":
        mv = [a for a in s.legal_actions() if a.kind == "move" and a.path[-1] == z["2"]]
        if not mv:
            break
        s.apply(max(mv, key=lambda a: len(a.units)))
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    assert s.phase == "combat"
    return s, z["2"]


def test_submarines_strike_first_on_every_round_engine_and_calculator_agree():
    # SUBMARINE SPECIAL RULES "Submarines have first strike on all rounds of combat"
    from collections import Counter

    from gamecore.sim.battle import calculate
    from gamecore.sim.battle.gamestate import battle_from_state
    from tests.gamecore.sim.test_gw_battle import RUNS, plausible

    odds = {}
    for rs in ("global_war", "global_war_house"):
        s, tz = _sub_battle(rs)
        mine = [s.units[u] for u in s.units_in(tz) if s.units[u].nation == "RED"]
        att, dfn, ctx = battle_from_state(s, tz, mine)
        odds[rs] = calculate(s.rules, att, dfn, ctx)
    # with first strike past round 1 the submarines do better
    assert odds["global_war_house"].attacker_win > odds["global_war"].attacker_win + 0.02
    s, tz = _sub_battle("global_war_house")
    seen = Counter()
    for k in range(RUNS):
        c = s.clone(reseed=7_000 + k, keep_log=False)
        c.apply(next(a for a in c.legal_actions() if a.kind == "fight" and a.zone == tz))
        red = any(c.units[u].nation == "RED" for u in c.units_in(tz))
        blu = any(c.units[u].nation == "BLU" for u in c.units_in(tz))
        seen["attacker_win" if red and not blu else "defender_win" if blu and not red else "x"] += 1
    res = odds["global_war_house"]
    for k in ("attacker_win", "defender_win"):
        assert plausible(seen[k], RUNS, getattr(res, k)), (k, seen[k] / RUNS, getattr(res, k))


# ------------------------------------------------------------------ shelling facilities
def _shell_game(ruleset, seed=1):
    from gamecore.engine import Action

    pack = grid_pack(
        ["A 1 B"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}},
        {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}},
        [("1", "RED", "battleship", 2), ("1", "RED", "destroyer", 1), ("B", "BLU", "infantry", 1)],
        facilities=[("B", "major_factory")],
        ruleset=ruleset,
    )
    z = zone_ids(pack)
    s = new_game(pack, "test", seed=seed, decisions=(), log="full")
    seen = set()
    while s.round == 1 and s.current_nation == "RED" and s.phase != "combat":
        seen |= {a.kind for a in s.legal_actions()}
        s.apply(Action.end_phase())
    return s, z, seen


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_battleships_shell_an_adjacent_facility(seed):
    # SHORE BOMBARDMENT "Cruisers and Battleships may Bombard attack an adjacent Land zones
    # facilities ... Roll a D6 per ship for damage, this damage is maxed at Bombardment
    # value." Battleship @ 4.
    s, z, _ = _shell_game("global_war_house", seed)
    assert s.phase == "combat" and s.current_nation == "RED"
    shells = [a for a in s.legal_actions() if a.kind == "shell"]
    assert len(shells) == 1
    (a,) = shells
    ships = {s.units[u].type for u in a.units}
    assert ships == {"battleship"}  # the destroyer does not shell (the text: cruisers, battleships)
    fid = a.target
    from gamecore.rules.combat import apply_shell, shell_actions

    apply_shell(s, a)
    (ev,) = [e for e in s.log if e.get("e") == "shelled"]
    assert len(ev["rolls"]) == 2 and all(1 <= r <= 4 for r in ev["rolls"])
    assert s.facilities[fid].damage == sum(ev["rolls"]) == ev["damage"]
    # once a turn per ship
    assert not shell_actions(s)
    with pytest.raises(RulesError):
        apply_shell(s, a)


def test_no_shelling_in_global_war():
    # global_war: the combat phase has nothing to do and ends by itself
    s, _, seen = _shell_game("global_war")
    assert "shell" not in seen and s.phase != "combat"


# ------------------------------------------------------------------ blitz and mountain borders
def _blitz_targets(ruleset, mountain_between):
    from gamecore.model import Border

    pack = grid_pack(
        ["A B C D"],
        {
            "A": {"owner": "RED"},
            "B": {"owner": "BLU"},
            "C": {"owner": "BLU"},
            "D": {"owner": "BLU"},
        },
        {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}},
        [("A", "RED", "medium_armor", 1), ("D", "BLU", "infantry", 1)],
        ruleset=ruleset,
    )
    z = zone_ids(pack)
    a, b = sorted((z[mountain_between[0]], z[mountain_between[1]]))
    pack.map.borders[(a, b)] = Border(a, b, mountain=True)
    s = new_game(pack, "test", seed=1, decisions=(), log="none")
    assert s.phase == "combat_move"
    inv = {v: k for k, v in z.items()}
    return {inv[a.path[-1]] for a in s.legal_actions() if a.kind == "move"}


def test_no_blitz_across_a_mountain_border():
    # MOUNTAIN RULES "BLITZ: can not be done if entering, crossing or leaving a mountain
    # zone or border." Medium armour (movement 2) blitzes A -> B -> C in global_war.
    assert "C" in _blitz_targets("global_war", ("A", "B"))
    assert "C" in _blitz_targets("global_war", ("B", "C"))
    # entering B across the mountain border: B may be attacked, not passed
    got = _blitz_targets("global_war_house", ("A", "B"))
    assert "B" in got and "C" not in got
    # leaving B across the mountain border
    got = _blitz_targets("global_war_house", ("B", "C"))
    assert "B" in got and "C" not in got
    # a mountain border elsewhere changes nothing
    assert "C" in _blitz_targets("global_war_house", ("C", "D"))


def test_armour_in_a_city_has_target_selection_at_one():
    # CITIES "Armour class units in a City have target selection @ 1 for all rounds."
    from gamecore.model import Line
    from gamecore.rules.combat import target_selection

    pack, z = pack_abc([("infantry", 1)], [("medium_armor", 1), ("infantry", 1)])
    pack.map.zones[z["B"]].flags = ["city"]
    pack.map.lines[2] = Line(2, "rail", name="rail", path=[z["B"], z["C"]])
    for rs, armour in (("global_war", (0, ())), ("global_war_house", (1, ()))):
        pack.scenarios["test"].ruleset = rs
        s = _combat(pack, z)
        dfn = sorted(
            (s.units[u] for u in s.units_in(z["B"]) if s.units[u].nation == "BLU"),
            key=lambda u: u.type,
        )
        got = dict(zip([u.type for u in dfn], target_selection(s, dfn, z["B"], "def"), strict=True))
        assert got["medium_armor"] == armour  # (): any unit it may hit
        assert got["infantry"] == (1, ("vehicle",))  # global_war §1.16 stands


def test_a_controlled_minor_may_not_declare_war():
    # CONTROL "A Controlled Minor may not initiate war with any nation."
    from gamecore.rules.phases import politics_actions

    for rs, can in (("global_war", True), ("global_war_house", False)):
        pack = grid_pack(
            ["A B C"],
            {"A": {"owner": "GER"}, "B": {"owner": "POL"}, "C": {"owner": "UK"}},
            {"GER": {"alliance": "axis"}, "UK": {"alliance": "allies"}, "POL": {"kind": "minor"}},
            relations={
                ("GER", "UK"): "peace",
                ("GER", "POL"): "peace",
                ("UK", "POL"): "controlled",
            },
            ruleset=rs,
            banks={"GER": 5, "UK": 5, "POL": 5},
            turn_order=[["POL"], ["GER"], ["UK"]],
        )
        s = new_game(pack, "test", seed=1)
        assert s.current_nation == "POL" and politics.is_controlled(s, "POL")
        acts = politics_actions(s)
        assert bool([a for a in acts if a.kind == "declare_war"]) is can


def _air_and_land_attack(ruleset):
    for seed in range(1, 20):
        got = _air_and_land_try(ruleset, seed)
        if got is not None:
            return got
    pytest.fail("no retreat decision")


def _air_and_land_try(ruleset, seed):
    from gamecore.engine import Action

    pack = grid_pack(
        ["A B C"],
        {"A": {"owner": "RED"}, "B": {"owner": "BLU"}, "C": {"owner": "RED"}},
        {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}},
        [("A", "RED", "infantry", 4), ("A", "RED", "fighter", 1), ("B", "BLU", "infantry", 4)],
        ruleset=ruleset,
    )
    z = zone_ids(pack)
    s = new_game(pack, "test", seed=seed)
    while s.phase == "combat_move":
        mv = [a for a in s.legal_actions() if a.kind == "move" and a.path[-1] == z["B"]]
        if not mv:
            break
        s.apply(max(mv, key=lambda a: len(a.units)))
    if s.phase == "combat_move":
        s.apply(Action.end_phase())
    while s.phase == "combat" and s.current_nation == "RED":
        legal = s.legal_actions()
        if s.decision is not None and s.decision.kind == "retreat":
            return s, z, legal
        go = [a for a in legal if a.kind in ("fight", "press")]
        s.apply(go[0] if go else legal[0])
    return None


def test_aircraft_retreat_apart_from_the_other_units():
    # RETREATING FROM ATTACKS "AIRCRAFT: May retreat Separate from other unit types, in any
    # round instead of rolling, all Aircraft retreat at the same time."
    from gamecore.engine import Action
    from gamecore.engine.state import RETREATED

    _, _, legal = _air_and_land_attack("global_war")
    assert Action("air_retreat") not in legal
    s, z, legal = _air_and_land_attack("global_war_house")
    assert Action("air_retreat") in legal
    b = s.battle
    s.apply(Action("air_retreat"))
    fighter = next(u for u in s.units.values() if u.type == "fighter")
    assert fighter.flags & RETREATED and fighter.zone == z["B"]
    assert any(e.get("e") == "air_retreat" for e in s.log)
    # the land units fight on: another round follows, without the fighter
    i = next(i for i, e in enumerate(s.log) if e.get("e") == "air_retreat")
    assert any(e.get("e") == "round" and e["zone"] == z["B"] for e in s.log[i:])
    assert fighter.id in s.units  # out of the battle, it cannot be hit
    assert b.attacker == "RED"


# ------------------------------------------------------------------ combat air patrol
def _sub_game(units):
    from tests.gamecore.engine.helpers import game

    rows = ["ABCD", "1234"]
    zones = {"A": {"owner": "RED"}, "B": {"owner": "RED"}, "C": {"owner": "BLU"}}
    zones["D"] = {"owner": "BLU"}
    return game(rows, zones, units=units, ruleset="global_war_house")


def _attacked(units):
    """RED's destroyer moves from sea zone 1 onto BLU's submarine in 2: was there a battle?"""
    from tests.gamecore.engine.helpers import to_phase, units_of

    s, z = _sub_game([*units, ("1", "RED", "destroyer"), ("2", "BLU", "submarine")])
    for typ in ("fighter",):
        for f in units_of(s, "RED", typ, z["B"]):
            s.apply(Action("patrol", units=(f,), zone=z["2"]))
    s.apply(Action.move(units_of(s, "RED", "destroyer"), (z["1"], z["2"])))
    to_phase(s, "combat")  # passes on to BLU's turn when RED has no battle
    fights = [a for a in s.legal_actions() if a.kind == "fight" and a.zone == z["2"]]
    return s.current_nation == "RED" and bool(fights)


def test_a_submarine_declines_combat_unless_a_carrier_with_aircraft_or_cap_forces_it():
    # seeds/003 SUBMARINE SPECIAL RULES: "Submarines may move through naval forces and
    # decline combat unless there is a carrier with aircraft or an aircraft on Combat Air
    # Patrol"
    assert not _attacked([])
    assert _attacked([("B", "RED", "fighter")])  # on CAP over zone 2
    assert _attacked([("2", "RED", "fleet_carrier"), ("2", "RED", "fighter")])
    # a carrier without aircraft does not
    assert not _attacked([("2", "RED", "fleet_carrier")])


def test_a_submarine_moves_through_naval_forces_unless_cap_or_a_carrier_with_aircraft():
    # seeds/003 SUBMARINE SPECIAL RULES (as above): a BLU submarine in zone 1 passes
    # RED's ships in zone 2 on its way to 3, even a destroyer, unless a carrier with
    # aircraft is there
    from tests.gamecore.engine.helpers import dests, finish_turn, to_phase, units_of

    for extra, passes in (
        ([], True),
        ([("2", "RED", "fleet_carrier")], True),
        ([("2", "RED", "fleet_carrier"), ("2", "RED", "fighter")], False),
    ):
        s, z = _sub_game(
            [*extra, ("2", "RED", "destroyer"), ("1", "BLU", "submarine"), ("D", "BLU", "infantry")]
        )
        sub = units_of(s, "BLU", "submarine")[0]
        finish_turn(s)
        to_phase(s, "combat_move")
        assert s.current_nation == "BLU"
        assert (z["3"] in dests(s, sub)) is passes, extra


def test_aircraft_on_cap_add_two_to_the_convoy_roll_once():
    # seeds/003 CONVOY RAIDING, CONVOY MODIFIERS: "+2 aircraft on CAP of the sea zone/
    # escorting" (no "per": once for the zone)
    from gamecore.rules import convoy
    from tests.gamecore.engine.helpers import to_phase, units_of

    s, z = _sub_game([("B", "RED", "fighter", 2), ("C", "BLU", "infantry")])
    to_phase(s, "combat_move")
    assert convoy.convoy_modifier(s, z["2"], "RED") == 0
    for f in units_of(s, "RED", "fighter"):
        s.apply(Action("patrol", units=(f,), zone=z["2"]))
    assert convoy.convoy_modifier(s, z["2"], "RED") == 2
    assert convoy.convoy_modifier(s, z["3"], "RED") == 0
    assert convoy.convoy_modifier(s, z["2"], "BLU") == 0
