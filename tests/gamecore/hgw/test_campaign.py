"""Campaign Game I, The War for Europe (issue #40; seeds/001 CAMPAIGN GAME I - THE WAR FOR
EUROPE and CAMPAIGN GAME I SET-UP AND SPECIAL RULES) on the bundled board: the set-up and
start production, unaligned countries and alignment (the EXAMPLE OF ALIGNMENT replayed
with scripted dice), entry into the war, surrender, the production limitations, the
victory conditions (their worked ratio example), junk campaign options refused in one
line, and the heuristic bots playing a whole campaign."""

from __future__ import annotations

import hashlib
import json

import pytest

from gamecore.cli import main
from gamecore.engine import new_game
from gamecore.engine.actions import Action
from gamecore.engine.bots import play
from gamecore.errors import RulesError
from gamecore.hgw.armies import army_count, army_sps
from gamecore.hgw.bot import HgwBot
from gamecore.hgw.politics import combat_end, joined_side, surrendered
from gamecore.hgw.production import income
from gamecore.hgw.victory import victory_level
from gamecore.hgw.world import enemy_hex
from gamecore.paths import resource
from gamecore.store import read_pack, write_pack
from tests.gamecore.hgw.helpers import END, army, campaign_game, place, to_phase, z

SIDES = ("AXIS", "SOV", "ALL")


@pytest.fixture(scope="module")
def pack():
    return read_pack(resource("samples", "hgw-campaign.warroom"))


def game(pack, scenario="campaign_1", dice=None, **kw):
    return campaign_game(pack, scenario, dice, **kw)


def owners(s, country: str) -> set:
    return {s.owner.get(h) for h, r in s.board.cache["hgw_graph"].region.items() if r == country}


# -- set-up ------------------------------------------------------------------------
def test_the_campaign_starts_as_the_rulebook_says(pack):
    """CAMPAIGN GAME I SET-UP: the forces in play, the friendly areas, production at
    start Axis 16, Soviet 8 (Soviet Mobilization 1), Allied 23; FIRST TURN - LAST TURN
    Winter 1939 - Summer 1945 (Spring 1945 with two players); Germany at war with France
    and Britain only (Initial Belligerents)."""
    s = game(pack)
    assert {n: income(s, n) for n in SIDES} == {"AXIS": 16, "SOV": 8, "ALL": 23}
    assert army_count(s, army(s, "Army Group South")) == (3, 7)
    assert army_count(s, army(s, "Italian Army")) == (4, 1)
    assert army_count(s, army(s, "U.S. Army")) == (8, 3)
    assert army_count(s, army(s, "Siberia")) == (2, 3)
    assert sum(1 for u in s.at[z(s, "1435")] if s.units[u].type == "fort") == 7
    assert (s.scenario.start, s.scenario.rounds) == ("1939-09", 18)
    assert pack.scenarios["campaign_1_2p"].rounds == 17
    assert s.at_war("AXIS", "ALL") and not s.at_war("AXIS", "SOV")
    assert owners(s, "Italy") == {None} and owners(s, "Spain") == {None}
    assert s.owner[z(s, "1434")] == "ALL" and s.owner[z(s, "1237")] == "AXIS"


def test_unaligned_and_frozen_armies_may_not_move(pack):
    """ACTIVITY LIMITATIONS 2: while unaligned, U.S. and Italian SPs may not move or
    attack (they stand in hexes no side holds)."""
    s = game(pack)
    it = army(s, "Italian Army")
    assert it in s.cut
    moving = [a for a in s.legal_actions() if a.kind == "hgw_move"]
    assert moving and all(s.army_of[a.units[0]] != it for a in moving)


# -- alignment -----------------------------------------------------------------------
def _attack(s, aid: int, code: str) -> None:
    to_phase(s, s.armies[aid].nation, "announce")
    s.apply(Action("hgw_attack", units=(aid,), zone=z(s, code)))
    s.apply(END)  # to the initial attack


def test_example_of_alignment_spain_joins_the_allies(pack):
    """seeds/001 EXAMPLE OF ALIGNMENT: Axis armies attack unaligned Spain but cannot
    advance into Madrid in the same turn: every Spanish hex not captured becomes friendly
    to the Allied player. Scripted die: the advance from southern France (1633, made
    Axis for the test) into 1732 rolls 6, a miss."""
    s = game(pack, dice=[6])
    a = place(s, "AXIS", "1633", inf=2, mech=2)
    _attack(s, a, "1732")
    s.apply(Action("hgw_advance", units=(a,), zone=z(s, "1732")))
    assert [e["success"] for e in s.log if e["e"] == "hgw_advance"] == [False]
    to_phase(s, "AXIS", "production")  # the combat phase is over
    assert owners(s, "Spain") == {"ALL"} and joined_side(s, "Spain") == "ALL"
    assert enemy_hex(s, "AXIS", z(s, "1732"))  # an Allied hex now, at war with the Axis


def test_a_capital_taken_makes_the_country_surrender_to_its_captor(pack):
    """SURRENDER, Other Countries 1-2 (the example's necessary condition): the advance
    into Madrid (scripted die 1, a success) makes Spain surrender at once; its
    uncaptured hexes become the Axis's, their production devastated; it joins nobody."""
    s = game(pack, dice=[1])
    a = place(s, "AXIS", "1732", inf=4, mech=4)  # a Spanish hex already captured
    _attack(s, a, "1832")
    s.apply(Action("hgw_advance", units=(a,), zone=z(s, "1832")))
    assert s.owner[z(s, "1832")] == "AXIS" and surrendered(s, "Spain")
    to_phase(s, "AXIS", "production")
    assert owners(s, "Spain") == {"AXIS"} and joined_side(s, "Spain") is None


def test_poland_stays_unaligned_and_finland_joins_the_soviets(pack):
    """Violation Of Neutrality 4-5: a failed Axis attack leaves Poland unaligned to all;
    Finland attacked but not conquered by the Axis joins the Soviet side. Scripted dice:
    both advances roll 6."""
    s = game(pack, dice=[6, 6])
    a = army(s, "Army Group North")  # 1240, beside Poland's 1340
    fin = place(s, "AXIS", "0940", inf=3)  # a test army in Estonia, beside Finland
    to_phase(s, "AXIS", "announce")
    s.apply(Action("hgw_attack", units=(a,), zone=z(s, "1340")))
    s.apply(Action("hgw_attack", units=(fin,), zone=z(s, "0840")))
    s.apply(END)
    s.apply(Action("hgw_advance", units=(a,), zone=z(s, "1340")))
    s.apply(Action("hgw_advance", units=(fin,), zone=z(s, "0840")))
    to_phase(s, "AXIS", "production")
    assert s.owner.get(z(s, "1340")) is None and joined_side(s, "Poland") is None
    assert joined_side(s, "Finland") == "SOV" and owners(s, "Finland") == {"SOV"}


def test_attacking_unaligned_italy_turns_its_army_allied(pack):
    """Violation Of Neutrality 3: unaligned Italy attacked by the Axis: its army is
    replaced by an Allied army of the same strength; Italy then joins the Allies.
    Scripted die: the advance into 1536 rolls 6."""
    s = game(pack, dice=[6])
    it = army(s, "Italian Army")
    _attack(s, army(s, "Army Group West"), "1536")
    assert s.armies[it].nation == "ALL" and army_count(s, it) == (4, 1)
    assert all(s.units[u].nation == "ALL" for u in army_sps(s, it))
    s.apply(Action("hgw_advance", units=(army(s, "Army Group West"),), zone=z(s, "1536")))
    to_phase(s, "AXIS", "production")
    assert joined_side(s, "Italy") == "ALL" and s.owner[z(s, "1736")] == "ALL"


# -- entry into the war ------------------------------------------------------------------
def test_italy_joins_in_the_axis_spring_1940_production_phase(pack):
    """ENTRY INTO THE WAR, Italy 2-4: Italy (and Libya) joins the Axis in the Axis Spring
    1940 production phase and produces at once (16 + its 7); its SPs move from Summer
    1940; the Mediterranean opens to 2 Axis SPs a turn."""
    s = game(pack)
    to_phase(s, "AXIS", "production")
    assert s.round == 1 and owners(s, "Italy") == {None}
    s.apply(END)
    to_phase(s, "AXIS", "production")
    assert s.round == 2
    assert owners(s, "Italy") == {"AXIS"} and owners(s, "Libya") == {"AXIS"}
    assert s.income["AXIS"] == 16 + 7
    assert s.politics["seas"]["AXIS"]["Mediterranean Sea"] == 2
    to_phase(s, "AXIS", "movement")
    assert s.round == 3 and army(s, "Italian Army") not in s.cut


def test_the_inclined_nations_join_the_axis_in_summer_1941(pack):
    """Nations Inclined toward Axis 2-5: at the start of the Axis Summer 1941 turn
    Finland, Hungary, Rumania and Bulgaria join; Rumania brings 2 inf + 1 mech, Hungary
    1 + 1, Finland 3 inf."""
    s = game(pack)
    while not (s.round == 6 and s.current_nation == "AXIS"):
        s.apply(END)
    for c in ("Finland", "Hungary", "Rumania", "Bulgaria"):
        assert joined_side(s, c) == "AXIS", c
    got = {
        e["country"]: (e.get("inf", 0), e.get("mech", 0)) for e in s.log if e["e"] == "hgw_grant"
    }
    assert got == {"Finland": (3, 0), "Rumania": (2, 1), "Hungary": (1, 1)}


def test_the_united_states_enter_in_spring_1942_and_grow(pack):
    """United States 2d, 3: the U.S. joins the Allies at the start of the Allied Spring
    1942 turn, adding 16 PP that turn, 17 the next."""
    s = game(pack)
    while not (s.round == 8 and s.current_nation == "ALL" and s.phase == "production"):
        s.apply(END)
    assert joined_side(s, "United States") == "ALL"
    spring = s.income["ALL"]
    s.apply(END)
    while not (s.round == 9 and s.current_nation == "ALL" and s.phase == "production"):
        s.apply(END)
    assert s.income["ALL"] - spring == 1
    base = game(pack)
    while not (base.round == 7 and base.current_nation == "ALL" and base.phase == "production"):
        base.apply(END)
    assert spring - base.income["ALL"] == 16


# -- surrender -------------------------------------------------------------------------
def test_france_surrenders_when_paris_falls(pack):
    """SURRENDER, France 1-3, 7: Paris Axis at the end of an Axis combat phase: uncaptured
    France turns Axis, Allied SPs there are eliminated, French North Africa becomes
    unaligned, three French points stay devastated for good."""
    s = game(pack)
    to_phase(s, "AXIS", "announce")
    s.owner[z(s, "1434")] = "AXIS"
    s.bump()
    combat_end(s)
    assert surrendered(s, "France") and owners(s, "France") == {"AXIS"}
    assert "French First Army" not in {v.name for v in s.armies.values()}
    assert owners(s, "Algeria") == {None} and owners(s, "Morocco") == {None}
    assert s.permanent[z(s, "1534")] == 2 and s.permanent[z(s, "1634")] == 1


def test_the_soviet_union_offers_terms_the_axis_may_refuse_once(pack):
    """SURRENDER, Soviet Union 1-4: all three capitals Axis at the end of an Axis combat
    phase: the Soviets offer terms, answered in the Axis production phase. Accepted: no
    more attacks between the two. Refused: never offered again."""
    for accept in (1, 0):
        s = game(pack)
        s.set_relation("AXIS", "SOV", "war")
        to_phase(s, "AXIS", "announce")
        for code in ("0942", "1144", "1446"):
            s.owner[z(s, code)] = "AXIS"
        s.bump()
        combat_end(s)
        to_phase(s, "AXIS", "production")
        terms = [a for a in s.legal_actions() if a.kind == "hgw_terms"]
        assert {a.count for a in terms} == {0, 1}
        s.apply(next(a for a in terms if a.count == accept))
        soviet_hex = z(s, "1145")
        if accept:
            assert not s.at_war("AXIS", "SOV") and not enemy_hex(s, "AXIS", soviet_hex)
        else:
            assert s.at_war("AXIS", "SOV")
            combat_end(s)
            assert not [a for a in s.legal_actions() if a.kind == "hgw_terms"]


def test_italy_surrenders_after_losing_three_mainland_hexes(pack):
    """SURRENDER, Italy 1-3: at the end of a combat phase in which three Italian mainland
    hexes are no longer Axis, Italy surrenders: the Axis eliminates 1 mech and 5 inf
    (from Italy first) and loses the Mediterranean; the Allies move freely there."""
    s = game(pack)
    while not (s.round == 3 and s.current_nation == "ALL"):
        s.apply(END)
    before = sum(1 for u in s.units.values() if u.nation == "AXIS" and u.type == "inf")
    for code in ("1737", "1838", "1839"):
        s.owner[z(s, code)] = "ALL"
    s.bump()
    combat_end(s)
    assert surrendered(s, "Italy")
    assert before - sum(1 for u in s.units.values() if u.nation == "AXIS" and u.type == "inf") == 5
    assert s.politics["seas"]["AXIS"]["Mediterranean Sea"] == 0
    assert s.politics["seas"]["ALL"]["Mediterranean Sea"] == -1


# -- production limitations --------------------------------------------------------------
def test_soviet_mobilisation(pack):
    """PRODUCTION LIMITATIONS, Soviet Mobilization 1, 3, 4: 8 PP until the Axis attacks a
    Soviet hex; then the whole Soviet Union, Siberia only the turn after. A Soviet attack
    outside the Baltic States before then extends the cap."""
    s = game(pack)
    to_phase(s, "AXIS", "announce")
    s.apply(Action("hgw_attack", units=(army(s, "Army Group North"),), zone=z(s, "1241")))
    assert s.at_war("AXIS", "SOV")  # attacking a neutral major power is war
    assert s.politics["mobilized"] == 1
    now = income(s, "SOV")
    assert now == 15  # the USSR's points, Siberia's 8 not yet
    s.round += 1
    assert income(s, "SOV") == 15 + 8
    t = game(pack)
    b = place(t, "SOV", "1341", inf=3)
    to_phase(t, "SOV", "announce")
    t.apply(Action("hgw_attack", units=(b,), zone=z(t, "1340")))
    assert t.politics["extended"] is True
    t.round = 8  # Spring 1942: the first limit no longer lifts it
    assert income(t, "SOV") == 8


def test_suez_cuts_india_off(pack):
    """PRODUCTION LIMITATIONS, Suez Canal: while the Axis holds Suez, India's 2 PP are
    lost to the Allies."""
    s = game(pack)
    before = income(s, "ALL")
    s.owner[z(s, "2243")] = "AXIS"
    s.bump()
    assert before - income(s, "ALL") == 2


# -- victory -----------------------------------------------------------------------------
def test_the_victory_ratio_example(pack):
    """CAMPAIGN GAME I VICTORY CONDITIONS, Three Players 2, 4: the worked example (Axis
    10, Soviets 30, Allies 50): the Axis 10:80 (1:8), the Allies 50:40 (5:4); the levels
    of the chart at and around their borders."""
    s = game(pack)
    assert victory_level(s, "AXIS", 10, 80) == 0  # 1:3 or less: marginal (Berlin Axis)
    assert victory_level(s, "SOV", 30, 60) == 0  # 1:2: marginal
    assert victory_level(s, "ALL", 50, 40) == 0  # 5:4: marginal
    assert victory_level(s, "AXIS", 20, 60) == 0  # exactly 1:3 is not "greater than"
    assert victory_level(s, "AXIS", 21, 60) == 1
    assert victory_level(s, "AXIS", 40, 40) == 2
    assert victory_level(s, "SOV", 29, 60) == -1
    assert victory_level(s, "SOV", 45, 30) == 2
    assert victory_level(s, "ALL", 60, 40) == 1 and victory_level(s, "ALL", 80, 40) == 2


def test_berlin_taken_ends_the_game(pack):
    """Germany surrenders when Berlin falls: the game ends; three players: the Axis counts
    no production (Three Players 3); two players: the Allied-Soviet side wins."""
    for scn in ("campaign_1", "campaign_1_2p"):
        s = game(pack, scn)
        s.owner[z(s, "1237")] = "SOV"
        from gamecore.hgw.victory import check_victory

        check_victory(s)
        assert s.terminal
        if scn == "campaign_1":
            assert "AXIS 0" in s.end_reason and s.winner != s.side_of("AXIS")
        else:
            assert s.winner == s.side_of("SOV")


# -- the play mode ---------------------------------------------------------------------
def test_the_play_mode_offers_the_new_decisions_by_hand(pack):
    """The play mode (editor/play, through the hgw play adapter's words): an attack on an
    unaligned country and one that declares war say so (the alignment and war decisions),
    the surrender offer is offered as accept / refuse, and the log words alignment."""
    from editor.play.mode import describe_action
    from gamecore.hgw.play import describe_hgw_event
    from gamecore.sim.session import PlaySession

    seats = {"AXIS": "human", "SOV": "random", "ALL": "random"}
    session = PlaySession.start(pack, "campaign_1", seed=1, seats=seats)
    s = session.state
    while s.phase != "announce":
        session.apply(END)
    words = [describe_action(s, a) for a in session.legal() if a.kind == "hgw_attack"]
    assert any("(unaligned Poland: it joins a side unless it surrenders)" in w for w in words)
    assert any("(declares war on SOV)" in w for w in words)
    s.politics = {**s.politics, "offer": "Soviet Union"}
    while s.phase != "production":
        session.apply(END)
    terms = [describe_action(s, a) for a in session.legal() if a.kind == "hgw_terms"]
    assert sorted(terms) == [
        "Accept the surrender of Soviet Union: no more attacks between the two sides",
        "Refuse the surrender of Soviet Union (it is never offered again)",
    ]
    e = {"e": "hgw_join", "country": "Spain", "side": "ALL", "why": "attacked by AXIS"}
    assert describe_hgw_event(pack, e, s) == "Spain joins ALL (attacked by AXIS)"


# -- bad input ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name,value",
    [
        ("hgw_entry", [{"date": "spring", "countries": ["Italy"]}]),
        ("hgw_alignment", {"AXIS": ["ALL"]}),
        ("hgw_surrender", {"Italy": {"lost": "three"}}),
        ("hgw_mobilization", {"nation": "SOV", "region": "USSR", "cap": -8}),
        ("hgw_victory_levels", {"AXIS": [[1, 0]]}),
        ("hgw_join_grant", {"Finland": {"side": "AXIS", "inf": 99}}),
    ],
)
def test_junk_campaign_options_are_one_line_and_exit_2(pack, tmp_path, capsys, name, value):
    """Untrusted input: junk alignment tables, schedules, surrender terms, mobilisation or
    victory levels in a pack: `warroom play` says so in one line and exits 2."""
    import copy

    p = copy.deepcopy(pack)
    p.scenarios["campaign_1"].options[name] = value
    with pytest.raises(RulesError):
        new_game(p, "campaign_1")
    path = tmp_path / "junk.warroom"
    write_pack(p, path)
    assert main(["play", str(path), "--scenario", "campaign_1", "--seed", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and name in err and "Traceback" not in err


# -- whole games -------------------------------------------------------------------------
# 3-9 minutes on a loaded 2-core machine: opt-in (WARROOM_WHOLE_GAMES=1), as whole games of
# TripleA are; the default suite plays the campaign's rules turn by turn above
@pytest.mark.whole_game
def test_the_heuristic_bots_play_a_whole_campaign(pack):
    """Acceptance (#40): `warroom play --bots heuristic` finishes a whole Campaign Game I:
    to the calendar's end or Berlin; alignment decisions made on the way."""
    s = game(pack, seed=1)
    play(s, {n: HgwBot(1 + i) for i, n in enumerate(SIDES)}, max_actions=200_000)
    assert s.terminal and s.winner is not None
    assert s.round <= 18
    kinds = {e["e"] for e in s.log}
    assert {"hgw_join", "hgw_violation", "hgw_surrender"} <= kinds


#: digests of seeded heuristic games recorded before Campaign Game I was added (commit
#: c4c1492): Barbarossa and the Fall of Germany must play exactly as they did
BEFORE = {
    ("barbarossa", 1): "b803a1acc2e0baf6e3afa1d32fe85d63e697c40c91565c59b4c98f4f85392e14",
    ("fall_of_germany", 1): "405e5e2b661227f47bfa669200fc16830cb3956fba19d632f6217f38438b66ae",
}


@pytest.mark.parametrize("case", sorted(BEFORE))
def test_barbarossa_and_the_fall_of_germany_play_as_before(case):
    scn, seed = case
    sides = ["AXIS", "SOV"] if scn == "barbarossa" else list(SIDES)
    s = new_game(read_pack(resource("samples", "hgw-barbarossa.warroom")), scn, seed=seed)
    play(s, {n: HgwBot(seed + i) for i, n in enumerate(sides)}, max_actions=60_000)
    log = json.dumps(s.log, sort_keys=True, default=str)
    assert hashlib.sha256(log.encode()).hexdigest() == BEFORE[case]
