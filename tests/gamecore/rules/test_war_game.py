"""The War Game: World War II (seeds/002_48e3fcaf210590a5.txt, summary in
rules-notes/002_war_game_ww2.md) played by the ``war_game`` ruleset of the aa system.

Each rule test cites the seed by chapter ("seeds/002 <title>") and the notes' section.
Dice are scripted: a d12 hits on a roll <= the value, so 1 always hits and 12 misses."""

from __future__ import annotations

from gamecore.engine.testmaps import zone_ids
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
    assert u["bomber"].rolls("attack") == (8, 8) and u["bomber"].rolls("attack", mode="guns") == (
        2,
    )
    assert u["bomber"].rolls("defense") == (2,)
    prices = [u["fighter"].cost_for(n) for n in ("GER", "ITA", "USSR", "UK", "FRA", "JPN", "USA")]
    assert prices == [14, 16, 15, 15, 16, 14, 13]
    assert u["battleship"].cost_for("CHN") == 37 and u["transport"].cost_for("UK") == 9
    assert rs.facility_types["major_factory"].cost_for("FRA") == 31
    assert rs.facility_types["minor_factory"].cost_for("USA") == 13
    assert rs.phases == [
        "collect_income",
        "combat_move",
        "combat",
        "noncombat_move",
        "purchase",
        "place",
    ]
    assert rs.options["wg_turn_slots"] == [
        ["GER", "ITA"],
        ["USSR"],
        ["UK", "FRA"],
        ["JPN"],
        ["USA", "CHN"],
    ]


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
        [
            ("A", "GER", "bomber", 1),
            ("A", "GER", "infantry", 1),
            *[("B", "UK", t, n) for t, n in defenders],
        ],
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


def test_a_minor_factory_makes_two_units_whatever_the_territorys_value():
    """seeds/002 "Minor Factory" (§4.8): "Minor factories produce only two units each
    turn, regardless of the territory's value." On a value-1 territory it still builds
    two armor (a major factory's output is capped by the value, the minor's is not)."""
    from gamecore.engine import Action
    from tests.gamecore.rules.wg_helpers import to_phase

    s, z = wg_game(
        ["A1B"],
        {"A": {"owner": "UK", "value": 1}, "B": {"owner": "GER"}},
        facilities=[("A", "minor_factory")],
        banks={"UK": 500},
        turn_order=[["UK"], ["GER"]],
    )
    to_phase(s, "purchase")
    assert s.production_capacity(next(iter(s.facilities.values()))) == 2
    assert not s.system.is_legal(s, Action.buy("armor", 3))
    s.apply(Action.buy("armor", 2))
    to_phase(s, "place")
    while s.phase == "place":
        legal = s.legal_actions()
        place = [a for a in legal if a.kind == "place"]
        s.apply(place[0] if place else Action.end_phase())
    assert units_of(s, z["A"], "UK") == ["armor", "armor"]


def test_a_conquered_factory_its_halved_value_cannot_support_is_downgraded_or_removed():
    """seeds/002 "Factories" (rules-notes/002 §4.8 "On conquest", [AMBIGUOUS] read as
    the build minimums): occupied, a major needs value 8 and a minor 4; below that a major
    becomes a minor (and a minor too low goes); back with its original owner nothing
    changes."""
    from gamecore.rules.control import capture

    s, z = wg_game(
        ["ABCDE"],
        {
            "A": {"owner": "GER", "original": "GER", "value": 8},
            "B": {"owner": "GER", "original": "GER", "value": 6},
            "C": {"owner": "GER", "original": "GER", "value": 3},
            "D": {"owner": "GER", "original": "GER", "value": 2},
            "E": {"owner": "UK", "original": "GER", "value": 3},
        },
        facilities=[
            ("A", "major_factory"),
            ("B", "major_factory"),
            ("C", "major_factory"),
            ("D", "minor_factory"),
            ("E", "minor_factory"),
        ],
    )

    def kinds(code):
        return sorted(f.type for f in s.facilities.values() if f.zone == z[code])

    for code in "ABCDE":
        capture(s, z[code], "UK" if code != "E" else "GER")
    assert kinds("A") == ["major_factory"]  # 8: a major is supported
    assert kinds("B") == ["minor_factory"]  # 6 < 8: downgraded to a minor
    assert kinds("C") == []  # 3 < 4: not even a minor
    assert kinds("D") == []
    assert kinds("E") == ["minor_factory"]  # Germany retook its own: not occupied


def test_a_major_factory_may_be_reduced_to_a_minor_or_scrapped_without_refund():
    """seeds/002 "Factories" (rules-notes/002 §4.8 "Voluntary reduction or
    destruction"): instead of producing, the owner may scrap a factory or reduce a major
    to a minor, with no refund; the remaining minor can still build 2 units that turn."""
    from gamecore.engine import Action
    from gamecore.rules.economy import site_capacity
    from tests.gamecore.rules.wg_helpers import to_phase

    s, z = wg_game(
        ["A1BC"],
        {"A": {"owner": "UK", "value": 8}, "B": {"owner": "GER"}, "C": {"owner": "UK"}},
        facilities=[("A", "major_factory"), ("C", "minor_factory")],
        banks={"UK": 40},
        turn_order=[["UK"], ["GER"]],
    )
    to_phase(s, "purchase")
    major = next(f for f in s.facilities.values() if f.zone == z["A"])
    minor = next(f for f in s.facilities.values() if f.zone == z["C"])
    offered = {(a.target, a.type) for a in s.legal_actions() if a.kind == "reduce_factory"}
    assert offered == {(major.id, "minor_factory"), (major.id, ""), (minor.id, "")}
    assert site_capacity(s, major) == 8
    bank = s.banks["UK"]
    s.apply(Action("reduce_factory", type="minor_factory", target=major.id))
    assert s.facilities[major.id].type == "minor_factory" and s.banks["UK"] == bank
    assert site_capacity(s, s.facilities[major.id]) == 2  # still builds 2 this turn
    assert not any(a.kind == "reduce_factory" and a.target == major.id for a in s.legal_actions())
    s.apply(Action("reduce_factory", target=minor.id))  # scrapped
    assert minor.id not in s.facilities and s.banks["UK"] == bank


def test_scorched_earth_reduces_the_factory_each_round_the_defender_survives():
    """seeds/002 "Factories" (rules-notes/002 §4.8 "Scorched earth"): while its territory
    is under attack the defender may declare on any round that it reduces a major or
    destroys a minor; it happens if the defender survives that round."""
    from gamecore.engine import Action

    s, z = wg_game(
        ["AB", "#C"],
        {"A": {"owner": "GER"}, "B": {"owner": "UK", "value": 8}, "C": {"owner": "UK"}},
        [("A", "GER", "infantry", 3), ("B", "UK", "infantry", 2)],
        facilities=[("B", "major_factory")],
        decisions=("scorch",),
    )
    attack(s, z, "B")
    s.rng = Script([12, 12, 12, 12, 12, 1, 1, 12, 12, 12])
    s.apply([a for a in s.legal_actions() if a.kind == "fight"][0])

    def factories():
        return sorted(f.type for f in s.facilities.values() if f.zone == z["B"])

    assert s.decision.kind == "scorch" and s.decision.owner == "UK"
    assert sorted(a.kind for a in s.legal_actions()) == ["press", "scorch"]
    s.apply(Action("scorch"))  # round 1: every die misses, the defender survives
    assert factories() == ["minor_factory"]
    assert s.decision.kind == "scorch"
    s.apply(Action("scorch"))  # round 2: GER 1, 1 - both defenders die: nothing happens
    assert s.owner[z["B"]] == "GER" and factories() == ["minor_factory"]
    assert s.rng.rolls == []


# ------------------------------------------------------ sharing and liberation §2.3
def test_japan_and_the_ussr_share_land_with_no_one():
    """seeds/002 "Friendly territory" (rules-notes/002 §2.3): Germany and Italy may
    share land; the U.K., France, the U.S.A. and China may; Japan and the U.S.S.R. never
    share land with anyone - not even a team-mate."""
    from gamecore.rules.movement import MoveContext

    s, z = wg_game(
        ["ABCDE"],
        {
            "A": {"owner": "GER"},
            "B": {"owner": "ITA"},
            "C": {"owner": "JPN"},
            "D": {"owner": "USSR"},
            "E": {"owner": "UK"},
        },
        [("A", "GER", "infantry", 1), ("C", "JPN", "infantry", 1)],  # (C not vacated)
    )
    ger = MoveContext(s, "GER", combat=False)
    assert ger.status(z["B"]) == "F"  # Italy's land: shared
    assert ger.status(z["C"]) == "X"  # Japan's land: closed to its own team-mate
    assert ger.air_passable(z["C"])  # but aircraft fly over it
    uk = MoveContext(s, "UK", combat=False)
    assert uk.status(z["D"]) == "X"  # Soviet land: closed to the U.K.


def test_liberation_follows_the_matrix_not_the_team():
    """seeds/002 "Liberation" (rules-notes/002 §2.3): the U.S.A. gives a French
    original back to France; China keeps a Soviet original; Japan keeps an Italian one."""
    from gamecore.rules.control import capture

    s, z = wg_game(
        ["ABCD"],
        {
            "A": {"owner": "GER", "original": "FRA"},
            "B": {"owner": "GER", "original": "USSR"},
            "C": {"owner": "UK", "original": "ITA"},
            "D": {"owner": "GER"},
        },
    )
    assert capture(s, z["A"], "USA") == "FRA"
    assert capture(s, z["B"], "CHN") == "CHN"
    assert capture(s, z["B"], "UK") == "USSR"
    assert capture(s, z["C"], "JPN") == "JPN"
    assert capture(s, z["C"], "GER") == "ITA"


def test_the_scenarios_sharing_matrix_drives_play_when_it_has_one():
    """seeds/002 "Sharing Territories" (rules-notes/002 §2.3): the matrix a scenario
    stores (edited with SetSharing on the editor's Sharing page) decides land sharing,
    aircraft landing and liberation; the ruleset's options are only the fallback."""
    from gamecore.engine import new_game
    from gamecore.ops.scenario import SetSharing
    from gamecore.rules.control import capture
    from gamecore.rules.movement import MoveContext
    from tests.gamecore.rules.wg_helpers import to_phase, wg_pack

    zones = {
        "A": {"owner": "GER"},
        "B": {"owner": "JPN"},
        "C": {"owner": "GER", "original": "USSR"},
        "D": {"owner": "ITA"},
        "E": {"owner": "UK"},
    }
    units = [("A", "GER", "infantry", 1), ("B", "JPN", "infantry", 1), ("E", "UK", "infantry", 1)]
    pack = wg_pack(["CABDE"], zones, units)  # (B not vacated: Japan stands there)
    z = zone_ids(pack)

    def game():
        return new_game(pack, "test", seed=1, log="none")

    def into_japan(s):  # a legal German non-combat move into Japan's land
        to_phase(s, "noncombat_move")
        assert s.current_nation == "GER"
        return any(a.kind == "move" and a.path[-1] == z["B"] for a in s.legal_actions())

    s = game()
    assert MoveContext(s, "GER", combat=False).status(z["B"]) == "X"  # options: no
    assert not into_japan(s)
    s = game()
    assert capture(s, z["C"], "CHN") == "CHN"  # options: China keeps Soviet originals
    SetSharing("test", "land", "GER", "JPN", True).apply(pack)
    SetSharing("test", "liberate", "CHN", "USSR", True).apply(pack)
    SetSharing("test", "air", "GER", "ITA", False).apply(pack)
    s = game()
    ger = MoveContext(s, "GER", combat=False)
    assert ger.status(z["B"]) == "F"  # the matrix now lets Germany into Japan's land
    assert into_japan(game())
    assert capture(s, z["C"], "CHN") == "USSR"  # and China liberates for the U.S.S.R.
    assert ger.status(z["D"]) == "F" and not ger.can_land_on(z["D"])  # no "air" pair
    SetSharing("test", "land", "GER", "JPN", False).apply(pack)
    s2 = game()
    assert MoveContext(s2, "GER", combat=False).status(z["B"]) == "X"
    assert not into_japan(s2)


def test_germany_may_take_land_japan_left_empty_for_itself():
    """seeds/002 "Friendly territory" (rules-notes/002 §2.3): territories Japan has left
    empty may be taken over by Germany or Italy for themselves, and the reverse, with no
    declaration of war ([AMBIGUOUS] "vacated": held and empty; a non-combat move here);
    Germany and Italy respect each other's ownership."""
    from gamecore.engine import Action
    from gamecore.rules.movement import MoveContext
    from tests.gamecore.rules.wg_helpers import to_phase

    s, z = wg_game(
        ["CAB", "#D#", "#E#"],
        {
            "A": {"owner": "GER"},
            "B": {"owner": "JPN"},
            "C": {"owner": "JPN"},
            "D": {"owner": "ITA"},
            "E": {"owner": "UK"},
        },
        [("A", "GER", "infantry", 2), ("C", "JPN", "infantry", 1), ("E", "UK", "infantry", 1)],
    )
    assert MoveContext(s, "GER", combat=True).status(z["B"]) == "X"  # not in combat
    to_phase(s, "noncombat_move")
    assert s.current_nation == "GER"
    dests = {a.path[-1] for a in s.legal_actions() if a.kind == "move"}
    assert z["B"] in dests  # Japan's empty land
    assert z["C"] not in dests  # Japan's land with Japanese units: still closed
    inf = [u for u in s.units_in(z["A"])]
    s.apply(Action.move(inf[:1], (z["A"], z["D"])))
    assert s.owner[z["D"]] == "ITA"  # Italy's land: shared, not taken
    s.apply(Action.move(inf[1:], (z["A"], z["B"])))
    assert s.owner[z["B"]] == "GER"  # taken for Germany


# ------------------------------------------------------------------- victory §2.8
def _victory_game(owners, **opts):
    zones = {k: {"owner": v[0], "value": v[1], "name": v[2]} for k, v in owners.items()}
    base = {
        "axis": ["GER", "ITA", "JPN"],
        "allies": ["USSR", "UK", "FRA", "USA", "CHN"],
        "allies_if_axis_land_below": 10,
        "allies_hold": ["Great Britain"],
        "axis_hold": ["Germany"],
        "default_winner": "allies",
    }
    base.update(opts)
    return wg_game(["ABCD"], zones, options={"wg_victory": base, "wg_start_turn": 6})


def test_victory_is_checked_only_at_the_end_of_a_full_game_turn():
    """seeds/002 "Victory conditions" (rules-notes/002 §2.8): checked only at the end of
    a full game turn; the Axis wins holding more land than the Allies and its home."""
    from gamecore.rules import wargame

    s, z = _victory_game(
        {
            "A": ("GER", 20, "Germany"),
            "B": ("UK", 3, "Great Britain"),
            "C": ("GER", 5, "X"),
            "D": ("ITA", 1, "Y"),
        }
    )
    assert wargame.victory(s) == ("axis", "Axis land 26 > Allied 3, Axis home held")
    assert not s.is_terminal()  # not before the end of the game turn
    from gamecore.rules import phases

    phases.end_round(s)
    assert s.is_terminal() and s.winner == "axis"


def test_allies_win_below_the_threshold_holding_their_home_and_by_default_at_the_end():
    """rules-notes/002 §2.8: Axis land < threshold and Great Britain held: the Allies win;
    nobody winning by the end of game turn 13: the Allies win."""
    from gamecore.rules import wargame

    s, z = _victory_game(
        {
            "A": ("GER", 5, "Germany"),
            "B": ("UK", 3, "Great Britain"),
            "C": ("UK", 9, "X"),
            "D": ("ITA", 1, "Y"),
        }
    )
    assert wargame.victory(s)[0] == "allies"
    s, z = _victory_game(
        {
            "A": ("GER", 5, "Germany"),
            "B": ("GER", 3, "Great Britain"),
            "C": ("UK", 20, "X"),
            "D": ("ITA", 1, "Y"),
        }
    )
    assert wargame.victory(s) is None  # round 1 = game turn 6
    s.round = 8  # game turn 13
    assert wargame.victory(s) == ("allies", "end of game turn 13")
    s, z = _victory_game(
        {
            "A": ("GER", 5, "Germany"),
            "B": ("UK", 3, "Nowhere"),
            "C": ("UK", 9, "X"),
            "D": ("ITA", 1, "Y"),
        }
    )
    assert wargame.victory(s) is None  # a home zone the board lacks is never "held"


# ------------------------------------------------------------------ lend-lease §2.7
def test_lend_lease_the_notes_example_usa_gives_15_15_and_19():
    """seeds/002 "Lend-Lease" (rules-notes/002 §2.7): U.S.A. -> U.K., U.S.S.R., China;
    at most 1/3 of the donor's money (rounded up); the first $15 a recipient gets buy
    anything, the rest only hardware. Example: USA gives 15 to China, 15 to the UK and 19
    to the USSR; the USSR must spend 4 on hardware."""
    from gamecore.engine import Action
    from tests.gamecore.rules.wg_helpers import to_phase

    s, z = wg_game(
        ["ABCD"],
        {
            "A": {"owner": "USA"},
            "B": {"owner": "GER"},
            "C": {"owner": "USSR"},
            "D": {"owner": "UK"},
        },
        banks={"USA": 146},
        turn_order=[["USA", "CHN"], ["GER"], ["USSR"], ["UK"]],
    )
    to_phase(s, "purchase")
    assert s.current_nation == "USA"
    bank = s.banks["USA"]  # 146 + its income
    offers = {(a.nation, a.count) for a in s.legal_actions() if a.kind == "lend_lease"}
    cap = -(-bank // 3)
    assert ("USSR", cap) in offers and not any(c > cap for _, c in offers)
    assert not any(r in ("FRA", "GER") for r, _ in offers)  # only its own recipients
    for r, amt in (("CHN", 15), ("UK", 15), ("USSR", 19)):
        s.apply(Action.lend_lease(r, amt))
    assert s.banks["USSR"] == 19 and s.earmarked("USSR") == {"hardware": 4}
    assert s.banks["UK"] == 15 and not s.earmarked("UK")
    # 49 given: the cap (a third of the money before giving, rounded up) shrinks
    left = -(-bank // 3) - 49
    assert all(a.count <= left for a in s.legal_actions() if a.kind == "lend_lease")
    # infantry cannot be bought with the earmarked 4 (spendable excludes them)
    assert s.spendable("USSR") == 15 and s.spendable("USSR", ("hardware",)) == 19


# ------------------------------------------------------------ hostile terrain §4.9
def _hostile_game(units, zones=None):
    from gamecore.engine import new_game
    from gamecore.engine.testmaps import zone_ids
    from gamecore.model import Border
    from tests.gamecore.rules.wg_helpers import wg_pack

    zs = {"A": {"owner": "USSR"}, "B": {"owner": "USSR"}, "C": {"owner": "GER"}}
    zs.update(zones or {})
    pack = wg_pack(["ABC"], zs, units, turn_order=[["USSR"], ["GER"]])
    z = zone_ids(pack)
    a, b = sorted((z["A"], z["B"]))
    pack.map.borders[(a, b)] = Border(a, b, props={"hostile_terrain": "siberia"})
    return new_game(pack, "test", seed=1, decisions=("retreat",), log="full"), z


def test_crossing_a_hostile_line_without_fighting_costs_units_on_11_or_12():
    """seeds/002 "Hostile terrain" (rules-notes/002 §4.9): non-combat crossing: every
    land unit rolls a d12, and 11-12 destroys it; aircraft are not affected."""
    from gamecore.engine import Action
    from tests.gamecore.rules.wg_helpers import Script, to_phase

    s, z = _hostile_game([("A", "USSR", "infantry", 3), ("A", "USSR", "fighter", 1)])
    to_phase(s, "noncombat_move")
    inf = sorted(u for u in s.units_in(z["A"]) if s.units[u].type == "infantry")
    s.rng = Script([11, 10, 12])
    s.apply(Action.move(inf, (z["A"], z["B"])))
    assert units_of(s, z["B"], "USSR") == ["infantry"]
    fighter = [u for u in s.units_in(z["A"]) if s.units[u].type == "fighter"]
    s.rng = Script([])  # no roll for aircraft
    s.apply(Action.move(fighter, (z["A"], z["B"])))
    assert units_of(s, z["B"], "USSR") == ["fighter", "infantry"]


def test_attacking_across_a_hostile_line_an_attack_roll_of_11_or_12_kills_the_roller():
    """§4.9: combat crossing: during every round any attack roll of 11-12 destroys the
    land unit that rolled it; no retreat back across the line."""
    from gamecore.rules.combat import retreat_zones

    s, z = _hostile_game(
        [("A", "USSR", "infantry", 2), ("B", "GER", "infantry", 1)],
        zones={"B": {"owner": "GER"}},
    )
    attack(s, z, "B")
    # round 1: USSR infantry 12 (a miss, and destroyed by the line), 3 (miss); GER 12
    sc = fight(s, z["B"], [12, 3, 12])
    assert sc.rolls == []
    assert units_of(s, z["B"], "USSR") == ["infantry"]
    b = s.battle
    b.round = 2  # from round 2 the attacker could retreat - but not back over the line
    assert retreat_zones(s, b) == []


# ------------------------------------------------------------ the Turkish strait §1.1
def test_the_turkish_strait_is_open_to_every_navy_while_turkey_is_neutral():
    """seeds/002 "Turkey" (rules-notes/002 §1.1 "Strait (Turkish)"): while Turkey is
    neutral anyone may pass with ships; once controlled, only navies friendly to its
    controller. A canal without the passage rule stays closed to all while neutral."""
    from gamecore.rules.movement import MoveContext

    def game(passage):
        props = {"passage": "neutral_free_else_friendly"} if passage else {}
        return wg_game(
            ["1T2", "#G#"],
            {"T": {"owner": None, "value": 2}, "G": {"owner": "GER"}},
            [("1", "UK", "battleship", 1), ("G", "GER", "infantry", 1)],
            links=[("canal", "1", "2", {"controllers": ["T"], "props": props})],
        )

    s, z = game(True)
    for n in ("UK", "GER", "USSR"):
        assert MoveContext(s, n, combat=False).canal_open(z["1"], z["2"], "battleship")
    # Turkey held by Germany (since the start of the turn: option canal_control)
    s.owner[z["T"]] = s.start_owner[z["T"]] = "GER"
    assert MoveContext(s, "ITA", combat=False).canal_open(z["1"], z["2"], "battleship")
    assert not MoveContext(s, "UK", combat=False).canal_open(z["1"], z["2"], "battleship")
    s, z = game(False)  # an ordinary canal held by a neutral: closed to everyone
    assert not MoveContext(s, "UK", combat=False).canal_open(z["1"], z["2"], "battleship")


# ---------------------------------------------------------- neutral invasion §4.10
def test_invading_a_neutral_costs_twice_its_value_and_risks_a_unit():
    """seeds/002 "Neutral countries" (rules-notes/002 §4.10): pay 2 x value to the bank;
    the nearest opponent rolls a d12, a roll <= the value costs the invader a casualty;
    with no attacking land unit left the neutral passes to the nearest enemy."""
    s, z = wg_game(
        ["ABC"],
        {"A": {"owner": "GER"}, "B": {"owner": None, "value": 4}, "C": {"owner": "UK"}},
        [("A", "GER", "infantry", 1)],
        banks={"GER": 20},
    )
    from tests.gamecore.rules import wg_helpers

    wg_helpers.to_phase(s, "combat_move")
    bank = s.banks["GER"]
    attack(s, z, "B")
    fight(s, z["B"], [4])  # the UK (nearest) rolls 4 <= 4: the lone infantry is lost
    assert s.banks["GER"] == bank - 8
    assert units_of(s, z["B"], "GER") == []
    assert s.owner[z["B"]] == "UK"  # the neutral went over to the nearest enemy


def test_a_successful_neutral_invasion_conquers_it():
    s, z = wg_game(
        ["ABC"],
        {"A": {"owner": "GER"}, "B": {"owner": None, "value": 4}, "C": {"owner": "UK"}},
        [("A", "GER", "infantry", 2)],
        banks={"GER": 20},
    )
    attack(s, z, "B")
    fight(s, z["B"], [5])  # 5 > 4: no loss
    assert s.owner[z["B"]] == "GER" and units_of(s, z["B"], "GER") == ["infantry", "infantry"]
    from gamecore.rules import wargame

    assert wargame.nearest_opponent(s, z["B"], "GER") == "UK"


def test_a_neutral_invasion_the_invader_cannot_pay_for_is_refused():
    """seeds/002 "Conquering neutral countries" (rules-notes/002 §4.10): the invader must
    pay twice the value; a move into a neutral it cannot afford - counting the fees of the
    neutrals it already entered this turn - is not offered (no partial payment)."""
    from gamecore.engine import Action
    from tests.gamecore.rules.wg_helpers import to_phase

    s, z = wg_game(
        ["BAC", "#D#", "EEE"],
        {
            "A": {"owner": "GER"},
            "B": {"owner": None, "value": 4},
            "C": {"owner": None, "value": 4},
            "D": {"owner": None, "value": 6},
            "E": {"owner": "UK"},
        },
        [("A", "GER", "infantry", 3), ("E", "UK", "infantry", 1)],
        banks={"GER": 10},
    )
    to_phase(s, "combat_move")
    assert 8 <= s.banks["GER"] < 12

    def targets():
        return {a.path[-1] for a in s.legal_actions() if a.kind == "move"}

    assert targets() == {z["B"], z["C"]}  # D costs 12: refused
    inf = [u for u in s.units_in(z["A"]) if s.units[u].type == "infantry"]
    s.apply(Action.move(inf[:1], (z["A"], z["B"])))
    assert targets() == {z["B"]}  # 8 committed: C's 8 more is too much; B again is free
    assert not s.system.is_legal(s, Action.move(inf[1:2], (z["A"], z["C"])))


# ------------------------------------------------------ artillery support shot §3
def test_artillery_fires_one_support_shot_across_the_border_it_does_not_cross():
    """seeds/002 "Artillery" (rules-notes/002 §3): artillery may stay put and fire once
    across one border into an adjacent land attack, in round 1 only, one per attacking
    land unit crossing that border; it is never a casualty."""
    s, z = wg_game(
        ["ABC"],
        {"A": {"owner": "GER"}, "B": {"owner": "UK"}, "C": {"owner": "UK"}},
        [("A", "GER", "infantry", 1), ("A", "GER", "artillery", 2), ("B", "UK", "infantry", 2)],
    )
    from gamecore.engine import Action
    from tests.gamecore.rules.wg_helpers import to_phase

    to_phase(s, "combat_move")
    inf = [u for u in s.units_in(z["A"]) if s.units[u].type == "infantry"]
    s.apply(Action.move(inf, (z["A"], z["B"])))
    s.apply(Action.end_phase())
    # support: ONE artillery (one crossing infantry) fires 5: a hit, its victim still
    # fires in round 1; round 1: GER infantry 12; UK two infantry 12, 12; round 2:
    # GER 1 (hit: the last UK infantry), UK 12
    sc = fight(s, z["B"], [5, 12, 12, 12, 1, 12])
    assert sc.rolls == []
    assert s.owner[z["B"]] == "GER"
    assert units_of(s, z["A"], "GER") == ["artillery", "artillery"]  # stayed, not casualties


def test_artillery_that_fired_in_support_may_follow_into_the_conquered_territory():
    """seeds/002 "Artillery" (rules-notes/002 §3): artillery that fired a support shot
    may move, in non-combat movement, into the territory it supported if that was
    conquered - there and nowhere else; if the attack failed it stays put."""
    from gamecore.engine import Action
    from tests.gamecore.rules.wg_helpers import to_phase

    def play(rolls):
        s, z = wg_game(
            ["DABC"],
            {
                "A": {"owner": "GER"},
                "B": {"owner": "UK"},
                "C": {"owner": "UK"},
                "D": {"owner": "GER"},
            },
            [("A", "GER", "infantry", 1), ("A", "GER", "artillery", 2), ("B", "UK", "infantry", 1)],
        )
        to_phase(s, "combat_move")
        inf = [u for u in s.units_in(z["A"]) if s.units[u].type == "infantry"]
        s.apply(Action.move(inf, (z["A"], z["B"])))
        s.apply(Action.end_phase())
        fight(s, z["B"], rolls)
        to_phase(s, "noncombat_move")
        fired = [h["unit"] for h in s.history if h["type"] == "wg_supported"]
        assert len(fired) == 1  # one crossing infantry: one support shot
        other = next(
            u for u in s.units_in(z["A"]) if s.units[u].type == "artillery" and u not in fired
        )
        moves = [a for a in s.legal_actions() if a.kind == "move"]
        return s, z, fired[0], other, moves

    # the support shot hits (5); its victim still fires in round 1 (12), as does the GER
    # infantry (12); then the lone UK infantry is gone and Germany takes B
    s, z, gun, other, moves = play([5, 12, 12])
    assert s.owner[z["B"]] == "GER"
    assert [a.path for a in moves if gun in a.units] == [(z["A"], z["B"])]
    assert (z["A"], z["D"]) in [a.path for a in moves if other in a.units]  # unfired: free
    s.apply(Action.move([gun], (z["A"], z["B"])))
    assert s.units[gun].zone == z["B"]
    # the shot misses (12), GER infantry 12, the UK infantry 1 kills it: B not conquered
    s, z, gun, other, moves = play([12, 12, 1])
    assert s.owner[z["B"]] == "UK"
    assert not [a for a in moves if gun in a.units]


def test_a_transport_sunk_by_a_submarine_never_fires_back():
    """seeds/002 "Submarine" (rules-notes/002 §3 stealth): units hit by an attacking sub
    in round 1 get no return fire; in later rounds they do, except transports, which never
    fire back against sub hits."""

    def battle(rolls, escort):
        units = [("2", "GER", "submarine", 1), ("1", "UK", "transport", 1)]
        if escort:
            units.append(("1", "UK", "destroyer", 1))
        s, z = wg_game(["A12B"], {"A": {"owner": "UK"}, "B": {"owner": "GER"}}, units)
        attack(s, z, "1")
        return s, z, fight(s, z["1"], rolls)

    # round 1: the sub's stealth shot 12 (miss), the transport fires back 12 (miss);
    # round 2: the sub 1 (hit): the transport is sunk and rolls nothing
    s, z, sc = battle([12, 12, 1], escort=False)
    assert sc.rolls == [] and units_of(s, z["1"], "UK") == []
    assert units_of(s, z["1"], "GER") == ["submarine"]
    # with a destroyer along: round 1 the sub's stealth shot 1 (hit: the cheaper
    # transport is sunk and rolls nothing), the destroyer, not hit, fires back 1 (the sub)
    s, z, sc = battle([1, 1], escort=True)
    assert sc.rolls == [] and units_of(s, z["1"], "UK") == ["destroyer"]
    assert units_of(s, z["1"], "GER") == []


# ------------------------------------------------------------ battleship repair §4.7
def test_a_damaged_battleship_is_repaired_for_its_rolled_cost_at_a_good_site():
    """seeds/002 "Battleship repair" (rules-notes/002 §4.7): the repair cost is a d12
    rolled once; 1-3 at a friendly territory of value >= 1, 4-7 value >= 4, 8+ with a
    factory and value >= 4; Allies never at Soviet sites."""
    from gamecore.rules import wargame
    from tests.gamecore.rules.wg_helpers import Script

    s, z = wg_game(
        ["A1B", "C2D"],
        {
            "A": {"owner": "UK", "value": 2},
            "B": {"owner": "USSR", "value": 8},
            "C": {"owner": "UK", "value": 5},
            "D": {"owner": "GER", "value": 1},
        },
        [("1", "UK", "battleship", 1), ("2", "UK", "battleship", 1)],
        banks={"UK": 50},
    )
    b1, b2 = sorted(u for u in s.units if s.units[u].type == "battleship")
    s.set_unit(b1, damage=1)
    s.set_unit(b2, damage=1)
    bank = s.banks["UK"]
    s.rng = Script([6, 6])
    wargame.repair_battleships(s, "UK")
    # cost 6 needs value >= 4: sea 1 touches A (2) and the Soviet B (8, not for the UK);
    # sea 2 touches C (5): repaired there
    assert s.units[b1].damage == 1 and s.units[b2].damage == 0
    assert s.banks["UK"] == bank - 6
    assert wargame.repair_cost(s, b1) == 6  # fixed: not rolled again
    s.rng = Script([])
    wargame.repair_battleships(s, "UK")
    assert s.units[b1].damage == 1


def test_a_repaired_battleship_forgets_its_rolled_cost():
    """seeds/002 "Battleship repair" (rules-notes/002 §4.7): the d12 cost is rolled once
    per damage; once repaired, the ship is whole, and new damage rolls a new cost (the
    game used to fail reading the forgotten roll at the next income)."""
    from gamecore.rules import wargame
    from tests.gamecore.rules.wg_helpers import Script

    s, z = wg_game(
        ["A1B"],
        {"A": {"owner": "UK", "value": 2}, "B": {"owner": "UK", "value": 1}},
        [("1", "UK", "battleship", 1)],
        banks={"UK": 50},
    )
    (b,) = [u for u in s.units if s.units[u].type == "battleship"]
    s.set_unit(b, damage=1)
    s.rng = Script([2])
    wargame.repair_battleships(s, "UK")
    assert s.units[b].damage == 0
    assert wargame.repair_cost(s, b) is None
    wargame.repair_battleships(s, "UK")  # a whole ship: nothing to read, nothing rolled
    s.set_unit(b, damage=1)
    s.rng = Script([3])
    wargame.repair_battleships(s, "UK")
    assert s.units[b].damage == 0 and s.banks["UK"] == 50 - 2 - 3


# ------------------------------------------------------ multinational combat §4.3
def test_partners_of_a_turn_slot_attack_together():
    """seeds/002 "Multinational combat" (rules-notes/002 §4.3): units of both partners of
    a turn slot (Germany + Italy) attack the same territory together, in one battle."""
    from gamecore.engine import Action
    from tests.gamecore.rules.wg_helpers import to_phase

    s, z = wg_game(
        ["ABC"],
        {"A": {"owner": "GER"}, "B": {"owner": "UK"}, "C": {"owner": "ITA"}},
        [("A", "GER", "infantry", 1), ("C", "ITA", "infantry", 1), ("B", "UK", "infantry", 1)],
    )
    to_phase(s, "combat_move")
    movers = []
    while s.phase == "combat_move":
        n = s.current_nation
        src = z["A"] if n == "GER" else z["C"]
        mv = [u for u in s.units_in(src) if s.units[u].nation == n]
        if mv:
            movers.append(n)
            s.apply(Action.move(mv, (src, z["B"])))
        else:
            s.apply(Action.end_phase())
    assert movers == ["GER", "ITA"] and s.phase == "combat"
    # one battle, both partners roll: GER 1 (hit), ITA 12; UK 12
    sc = fight(s, z["B"], [1, 12, 12])
    assert sc.rolls == []
    assert units_of(s, z["B"], "GER") == ["infantry"] and units_of(s, z["B"], "ITA") == ["infantry"]
    assert s.owner[z["B"]] in ("GER", "ITA")


# ------------------------------------------------------------ defender retreat §4.4
def test_the_defender_may_retreat_on_any_round_to_a_friendly_neighbour():
    """seeds/002 "Retreat" (rules-notes/002 §4.4): the defender may retreat on any round
    to an adjacent friendly territory; the attacker only from round 2 on."""
    s, z = wg_game(
        ["ABC"],
        {"A": {"owner": "GER"}, "B": {"owner": "UK"}, "C": {"owner": "UK"}},
        [("A", "GER", "infantry", 2), ("B", "UK", "infantry", 2)],
        decisions=("retreat",),
    )
    attack(s, z, "B")
    fight(s, z["B"], [12, 12, 12, 12])  # round 1: nobody hits
    assert s.decision.kind == "retreat" and s.decision.owner == "UK"
    from gamecore.engine import Action

    assert Action.retreat(z["C"]) in s.legal_actions()
    s.apply(Action.retreat(z["C"]))
    assert units_of(s, z["C"], "UK") == ["infantry", "infantry"]
    assert s.owner[z["B"]] == "GER"


# ----------------------------------------------- amphibious assault + bombardment §4.5
def test_a_battleship_bombards_a_landing_with_both_dice():
    """seeds/002 "Amphibious assaults" (rules-notes/002 §4.5): a battleship (8 and 6) in
    the sea zone the transport unloads from fires at the territory in round 1, one
    bombarding ship per landing unit; land defenders cannot hit it."""
    s, z = wg_game(
        ["A1B"],
        {"A": {"owner": "USA"}, "B": {"owner": "GER"}},
        [
            ("A", "USA", "infantry", 2),
            ("1", "USA", "transport", 1),
            ("1", "USA", "battleship", 1),
            ("B", "GER", "infantry", 2),
        ],
        turn_order=[["USA", "CHN"], ["GER"]],
    )
    _land_from_a_over_1_into_b(s, z)
    # bombardment: 8 (hit), 6 (hit) - the two victims still fire in round 1;
    # round 1: USA infantry 12, 12; GER 12, 12 -> victims removed, the zone is taken
    sc = fight(s, z["B"], [8, 6, 12, 12, 12, 12])
    assert sc.rolls == []
    assert s.owner[z["B"]] == "USA" and units_of(s, z["B"], "GER") == []


def test_landers_lose_their_round_1_attack_when_the_bombarding_ships_cleared_the_zone():
    """seeds/002 "Amphibious assaults" (rules-notes/002 §4.5 "Initiative"): if ships
    meant to bombard have to be used to clear the sea zone, the landers lose their
    round-1 attack ("loss of surprise"); they can still be taken as casualties."""
    s, z = wg_game(
        ["A1B"],
        {"A": {"owner": "USA"}, "B": {"owner": "GER"}},
        [
            ("A", "USA", "infantry", 2),
            ("1", "USA", "transport", 1),
            ("1", "USA", "battleship", 1),
            ("1", "GER", "destroyer", 1),
            ("B", "GER", "infantry", 1),
        ],
        turn_order=[["USA", "CHN"], ["GER"]],
    )
    _land_from_a_over_1_into_b(s, z)
    # the sea battle: the battleship 1 (hit), 12; the destroyer 12 - the zone is cleared
    # by the ship that would have bombarded
    assert fight(s, z["1"], [1, 12, 12]).rolls == []
    # round 1: the landers do not roll; the GER infantry 4 (hit: one lander is lost);
    # round 2: the last lander 1 (hit), the GER infantry 12
    sc = fight(s, z["B"], [4, 1, 12])
    assert sc.rolls == []
    assert s.owner[z["B"]] == "USA" and units_of(s, z["B"], "USA") == ["infantry"]


def test_fighters_land_only_on_carriers_of_their_own_nation():
    """seeds/002 "Aircraft carrier" (rules-notes/002 §3, §4.3): a carrier holds 2
    fighters of its own nation; carriers are not shared with a partner."""
    from gamecore.rules.movement import MoveContext

    s, z = wg_game(
        ["A1B"],
        {"A": {"owner": "GER"}, "B": {"owner": "UK"}},
        [("1", "GER", "carrier", 1), ("A", "ITA", "fighter", 1), ("A", "GER", "fighter", 1)],
    )
    assert MoveContext(s, "GER", combat=False).carrier_free() == {z["1"]: 2}
    assert MoveContext(s, "ITA", combat=False).carrier_free() == {}


def test_flanking_and_blockading_units_close_the_defenders_retreat():
    """seeds/002 "Retreat" (rules-notes/002 §4.4): a flanking attack on a neighbouring
    territory stops defenders retreating into it while the flankers are there; ships
    moved into a sea zone the defender might flee to block it (blockade); a fleet never
    retreats to where a remaining attacking combat ship came from."""
    from gamecore.rules.combat import defender_retreat_zones

    s, z = wg_game(
        ["ABC", "DEF"],
        {
            "A": {"owner": "GER"},
            "B": {"owner": "UK"},
            "C": {"owner": "UK"},
            "D": {"owner": "GER"},
            "E": {"owner": "UK"},
            "F": {"owner": "UK"},
        },
        [
            ("A", "GER", "infantry", 2),
            ("D", "GER", "infantry", 1),
            ("B", "UK", "infantry", 2),
            ("F", "UK", "infantry", 1),
        ],
        decisions=("retreat",),
    )
    attack(s, z, "B", sources=["A"])
    fight(s, z["B"], [12, 12, 12, 12])
    assert sorted(defender_retreat_zones(s, s.battle)) == [z["C"], z["E"]]
    # the same with a flanking infantry standing in E (moved there in combat orders)
    s, z = wg_game(
        ["ABC", "DEF"],
        {
            "A": {"owner": "GER"},
            "B": {"owner": "UK"},
            "C": {"owner": "UK"},
            "D": {"owner": "GER"},
            "E": {"owner": "UK"},
            "F": {"owner": "UK"},
        },
        [
            ("A", "GER", "infantry", 2),
            ("D", "GER", "infantry", 1),
            ("B", "UK", "infantry", 2),
            ("E", "UK", "infantry", 1),
        ],
        decisions=("retreat",),
    )
    from gamecore.engine import Action
    from tests.gamecore.rules.wg_helpers import to_phase

    to_phase(s, "combat_move")
    s.apply(Action.move([u for u in s.units_in(z["D"])], (z["D"], z["E"])))
    attack(s, z, "B", sources=["A"])
    fight(s, z["B"], [12, 12, 12, 12])
    assert defender_retreat_zones(s, s.battle) == [z["C"]]


def test_a_fleet_does_not_retreat_where_the_attackers_came_from():
    from gamecore.rules.combat import defender_retreat_zones

    s, z = wg_game(
        ["123"],
        {},
        [("1", "GER", "destroyer", 1), ("2", "UK", "destroyer", 1)],
        decisions=("retreat",),
    )
    attack(s, z, "2")
    fight(s, z["2"], [12, 12])
    assert defender_retreat_zones(s, s.battle) == [z["3"]]


def test_a_new_factory_needs_twice_the_value_in_an_occupied_territory():
    """seeds/002 §4.8 (rules-notes/002 §4.8): a minor factory needs value >= 2 (occupied
    >= 4), a major >= 4 (occupied >= 8), on territory held since the start of the turn."""
    from gamecore.rules.economy import facility_sites

    s, z = wg_game(
        ["ABCD"],
        {
            "A": {"owner": "GER", "value": 4},
            "B": {"owner": "GER", "original": "FRA", "value": 4},
            "C": {"owner": "GER", "original": "FRA", "value": 3},
            "D": {"owner": "GER", "original": "FRA", "value": 8},
        },
        banks={"GER": 100},
    )
    from tests.gamecore.rules.wg_helpers import to_phase

    to_phase(s, "purchase")
    fts = s.rules.facility_types
    assert facility_sites(s, "GER", fts["minor_factory"]) == [z["A"], z["B"], z["D"]]
    assert facility_sites(s, "GER", fts["major_factory"]) == [z["A"], z["D"]]


def test_the_ussr_builds_nothing_where_allied_units_stand():
    """seeds/002 "Liberation" (rules-notes/002 §2.3): the U.S.S.R. collects the income
    of a territory an ally freed but cannot build or place units there until every allied
    unit has left."""
    from gamecore.rules.economy import _rule_sites

    s, z = wg_game(
        ["ABC"],
        {
            "A": {"owner": "USSR", "value": 3},
            "B": {"owner": "USSR", "value": 3},
            "C": {"owner": "GER"},
        },
        [("B", "UK", "infantry", 1)],
        turn_order=[["USSR"], ["GER"], ["UK"]],
    )
    from tests.gamecore.rules.wg_helpers import to_phase

    to_phase(s, "purchase")
    assert _rule_sites(s, "USSR", "infantry") == {z["A"]: 3}


# -------------------------------------------------------- naval pass-through §4.6
def _pass_game():
    """GER fleet in 1; UK destroyer in 2; a UK transport in 3 (beyond 2)."""
    from gamecore.engine import Action
    from tests.gamecore.rules.wg_helpers import to_phase

    s, z = wg_game(
        ["1234"],
        {},
        [
            ("1", "GER", "destroyer", 1),
            ("1", "GER", "battleship", 1),
            ("2", "UK", "destroyer", 1),
            ("3", "UK", "transport", 1),
        ],
    )
    to_phase(s, "combat_move")
    dd = [u for u in s.units_in(z["1"]) if s.units[u].type == "destroyer"]
    bb = [u for u in s.units_in(z["1"]) if s.units[u].type == "battleship"]
    passing = Action.move(bb, (z["1"], z["2"], z["3"]), mode="pass")
    assert passing in s.legal_actions()
    # without "pass" a ship cannot sail through the destroyer's zone
    assert Action.move(bb, (z["1"], z["2"], z["3"])) not in s.legal_actions()
    s.apply(Action.move(dd, (z["1"], z["2"])))
    s.apply(passing)
    while s.phase == "combat_move":
        s.apply(Action.end_phase())
    # the zone passed is fought first
    assert [a.zone for a in s.legal_actions() if a.kind == "fight"] == [z["2"]]
    return s, z, bb[0]


def test_a_pass_through_that_succeeds_in_round_1_goes_on():
    """seeds/002 "Naval pass-through" (rules-notes/002 §4.6): part of a fleet fights in
    sea zone 1 so the rest can go on to zone 2; it must succeed in one round."""
    s, z, bb = _pass_game()
    fight(s, z["2"], [1, 12])  # GER destroyer 1: the UK destroyer sunk; it rolls 12
    assert s.units[bb].zone == z["3"]
    # then the battle beyond: the battleship against the transport
    assert [a.zone for a in s.legal_actions() if a.kind == "fight"] == [z["3"]]
    fight(s, z["3"], [1, 12, 12])  # BB 1 (hit) and 12; the transport 12
    assert units_of(s, z["3"], "UK") == []


def test_a_failed_pass_through_stays_and_fires_its_round_1_shots_at_once():
    """§4.6 failure: every unit trying to pass stays in zone 1 and fires its round-1
    shots there at once, then round 2 follows normally."""
    s, z, bb = _pass_game()
    # round 1: GER destroyer 12, UK destroyer 12 -> the pass failed; the battleship comes
    # back and fires 8 and 6 at once: 12, 1 (hit: the UK destroyer sunk)
    sc = fight(s, z["2"], [12, 12, 12, 1])
    assert sc.rolls == []
    assert s.units[bb].zone == z["2"] and units_of(s, z["2"], "UK") == []


def _land_from_a_over_1_into_b(s, z):
    """The USA's combat move of an amphibious assault: the infantry of A boards the
    transport in sea zone 1 and lands in B; then on to the combat phase."""
    from gamecore.engine import Action
    from tests.gamecore.rules.wg_helpers import to_phase

    to_phase(s, "combat_move")
    tr = next(u for u in s.units_in(z["1"]) if s.units[u].type == "transport")
    inf = sorted(u for u in s.units_in(z["A"]) if s.units[u].type == "infantry")
    s.apply(Action.move(inf, (z["A"], z["1"]), transport=tr))
    s.apply(Action.move(inf, (z["1"], z["B"])))
    while s.phase != "combat":
        s.apply(Action.end_phase())
