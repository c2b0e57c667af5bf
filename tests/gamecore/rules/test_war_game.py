"""The War Game: World War II (seeds/002_48e3fcaf210590a5.txt, summary in
rules-notes/002_war_game_ww2.md) played by the ``war_game`` ruleset of the aa system.

Each rule test cites the seed by chapter ("seeds/002 <title>") and the notes' section.
Dice are scripted: a d12 hits on a roll <= the value, so 1 always hits and 12 misses."""

from __future__ import annotations

from gamecore.rules import load_ruleset
from tests.gamecore.rules.wg_helpers import Script, attack, fight, units_of, wg_game


# ----------------------------------------------------------------------- the data
def test_units_have_the_printed_values_and_prices():
    """seeds/002 unit chart (rules-notes/002 §3): d12, attack/defence/move, per-nation
    prices in the order GER ITA USSR UK FRA JPN USA CHN."""
    rs = load_ruleset("war_game")
    assert rs.dice == 12
    u = rs.units
    assert (u["infantry"].attack, u["infantry"].defense, u["infantry"].movement) == (2, 4, 1)
    assert (u["armor"].attack, u["armor"].defense, u["armor"].movement) == (8, 4, 2)
    assert u["battleship"].rolls("attack") == (8, 6) and u["battleship"].rolls("defense") == (8, 6)
    assert u["battleship"].rolls("attack", damaged=True) == (8,) and u["battleship"].hits == 2
    assert u["bomber"].rolls("attack") == (8, 8) and u["bomber"].rolls("attack", mode="guns") == (2,)
    assert u["bomber"].rolls("defense") == (2,)
    prices = [u["fighter"].cost_for(n) for n in ("GER", "ITA", "USSR", "UK", "FRA", "JPN", "USA")]
    assert prices == [14, 16, 15, 15, 16, 14, 13]
    assert u["battleship"].cost_for("CHN") == 37 and u["transport"].cost_for("UK") == 9
    assert rs.facility_types["major_factory"].cost_for("FRA") == 31
    assert rs.facility_types["minor_factory"].cost_for("USA") == 13
    assert rs.phases == ["collect_income", "combat_move", "combat", "noncombat_move", "purchase", "place"]
    assert rs.options["wg_turn_slots"] == [["GER", "ITA"], ["USSR"], ["UK", "FRA"], ["JPN"], ["USA", "CHN"]]


# ------------------------------------------------------------------ multi-die units
def test_a_battleship_rolls_8_and_6_and_once_damaged_only_the_8():
    """seeds/002 "Battleship" (rules-notes/002 §3): two dice at 8 and 6; after one hit
    it is damaged and rolls only the 8."""
    s, z = wg_game(
        ["A12"],
        {"A": {"owner": "GER"}},
        [("1", "GER", "battleship", 1), ("2", "UK", "battleship", 1)],
    )
    attack(s, z, "2")
    # round 1: GER rolls 7 (hit at 8), 7 (miss at 6); UK rolls 12, 12.
    # round 2: GER (undamaged) 12, 12; UK now damaged by one hit: ONE die, 12.
    # round 3: GER 1, 1 -> UK sunk; UK one die 12
    sc = fight(s, z["2"], [7, 7, 12, 12, 12, 12, 12, 1, 1, 12])
    assert sc.rolls == [] and sc.draws == 10
    assert units_of(s, z["2"], "UK") == []
    assert units_of(s, z["2"], "GER") == ["battleship"]


# ------------------------------------------------------------------ fire modes
def _bomber_vs(defenders, decisions=()):
    return wg_game(
        ["AB"],
        {"A": {"owner": "GER"}, "B": {"owner": "UK"}},
        [("A", "GER", "bomber", 1), ("A", "GER", "infantry", 1), *[("B", "UK", t, n) for t, n in defenders]],
        decisions=decisions,
    )


def test_a_bomber_bombs_with_two_dice_at_8_by_default():
    """seeds/002 "Bomber": two attack rolls at 8 that hit only land or sea units; the
    default policy picks bombs when there is a land target."""
    s, z = _bomber_vs([("infantry", 2)])
    attack(s, z, "B")
    # attacker dice: bomber 8, 8 (two hits), infantry 12; defender: 12, 12
    sc = fight(s, z["B"], [8, 8, 12, 12, 12])
    assert sc.rolls == []
    assert units_of(s, z["B"], "UK") == []


def test_a_bomber_may_fire_its_guns_instead_a_decision_each_round():
    """seeds/002 "Bomber": "or one roll at 2 using its guns, which may also hit
    aircraft. The choice is made each round" - a decision offered to a player."""
    s, z = _bomber_vs([("fighter", 1)], decisions=("fire_mode",))
    attack(s, z, "B")
    s.rng = Script([2, 12, 12])
    s.apply([a for a in s.legal_actions() if a.kind == "fight"][0])
    assert s.decision is not None and s.decision.kind == "fire_mode"
    modes = sorted(a.mode for a in s.legal_actions())
    assert modes == ["bombs", "guns"]
    guns = [a for a in s.legal_actions() if a.mode == "guns"][0]
    s.apply(guns)  # bomber guns 2 (hit: the fighter), infantry 12 (miss), fighter 12
    assert units_of(s, z["B"], "UK") == []


def test_bombs_never_hit_aircraft_so_the_default_is_guns_against_aircraft_alone():
    """seeds/002 "Bomber": bombs hit "only land or sea"; against aircraft alone the
    default policy fires the guns (one roll at 2)."""
    s, z = _bomber_vs([("fighter", 1)])
    attack(s, z, "B")
    # bomber guns: ONE die (2: hit), infantry 12; the fighter 12
    sc = fight(s, z["B"], [2, 12, 12])
    assert sc.rolls == []
    assert units_of(s, z["B"], "UK") == []


def test_defending_artillery_hits_aircraft_first():
    """seeds/002 "Artillery" (AA on defense): when aircraft attack, defending artillery
    hits go to aircraft first, then to land units."""
    s, z = wg_game(
        ["AB"],
        {"A": {"owner": "GER"}, "B": {"owner": "UK"}},
        [("A", "GER", "infantry", 1), ("A", "GER", "fighter", 1), ("B", "UK", "artillery", 1)],
    )
    attack(s, z, "B")
    # round 1: GER infantry 12, fighter 12; UK artillery 5 hits: the casualty order would
    # give up the cheaper infantry, air-first sends it to the fighter.
    # round 2: the infantry 1 (hit), the artillery 12
    sc = fight(s, z["B"], [12, 12, 5, 1, 12])
    assert sc.rolls == []
    assert units_of(s, z["B"], "GER") == ["infantry"] and s.owner[z["B"]] == "GER"


# ------------------------------------------------------------ build and recruit §4.8
def _to_purchase(s):
    from tests.gamecore.rules.wg_helpers import to_phase

    return to_phase(s, "purchase")


def test_infantry_is_recruited_up_to_the_value_and_factories_add_their_value():
    """seeds/002 "Build and recruit" (rules-notes/002 §4.8): infantry in any territory
    held since the start of the turn up to its value (occupied: half, at most 4), on top
    of a major factory's value in units. Peking (8): 8 + 8 = 16 infantry."""
    s, z = wg_game(
        ["ABC"],
        {
            "A": {"owner": "GER", "value": 8},
            "B": {"owner": "GER", "original": "FRA", "value": 11},
            "C": {"owner": "GER", "original": "FRA", "value": 3},
        },
        facilities=[("A", "major_factory")],
        banks={"GER": 500},
    )
    _to_purchase(s)
    from gamecore.rules.economy import _rule_room, _rule_sites

    sites = _rule_sites(s, "GER", "infantry")
    assert sites == {z["A"]: 8, z["B"]: 4, z["C"]: 1}  # 8; min(11 // 2, 4); 3 // 2
    assert _rule_room(s, "GER", "infantry") == 8 + 4 + 1 + 8  # + the major factory's 8
    from gamecore.engine import Action

    assert not s.system.is_legal(s, Action.buy("infantry", 22))
    s.apply(Action.buy("infantry", 21))


def test_a_minor_factory_never_builds_the_big_three_and_makes_two():
    """seeds/002 §4.8 (rules-notes/002 §4.8): a minor factory builds 2 units a turn,
    never battleships, bombers or carriers."""
    s, z = wg_game(
        ["A1B"],
        {"A": {"owner": "UK", "value": 6}, "B": {"owner": "GER"}},
        facilities=[("A", "minor_factory")],
        banks={"UK": 500},
        turn_order=[["UK"], ["GER"]],
    )
    from tests.gamecore.rules.wg_helpers import to_phase

    to_phase(s, "purchase")
    buys = {a.type for a in s.legal_actions() if a.kind == "buy"}
    assert {"armor", "destroyer", "fighter"} <= buys
    assert not buys & {"battleship", "bomber", "carrier"}
    assert s.production_capacity(next(iter(s.facilities.values()))) == 2
