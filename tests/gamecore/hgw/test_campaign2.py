"""Campaign Game II, The War for Europe (issue #40; seeds/001 CAMPAIGN GAME II and CAMPAIGN
GAME II SET-UP AND SPECIAL RULES) on the bundled board: its player-turn sequence (game-turn
events, strategic warfare, naval then land movement), the FIREPOWER TABLE change (fire
over ten points in groups of ten, the twenty-five U-boats example replayed with scripted
dice), fleets changing bases, the bot's naval decision and junk options refused."""

from __future__ import annotations

import pytest

from gamecore.engine.actions import Action
from gamecore.hgw.sequence import bot_naval, fire, fleet_areas, rebase_targets
from gamecore.hgw.tables import FIREPOWER, fire_columns
from gamecore.paths import resource
from gamecore.store import read_pack
from tests.gamecore.hgw.helpers import (
    END,
    Dice,
    campaign_game,
    junk_option_is_refused,
    place,
    to_phase,
    z,
)


@pytest.fixture(scope="module")
def pack():
    return read_pack(resource("samples", "hgw-campaign.warroom"))


def game(pack, scenario="campaign_2", dice=None, **kw):
    return campaign_game(pack, scenario, dice, **kw)


# -- the player-turn sequence ---------------------------------------------------------
def test_the_player_turn_sequence(pack):
    """CAMPAIGN GAME II, Player Turn Sequence: 1. game-turn events (the turn start), 2.
    strategic warfare, 3. movement: a. naval, c. land, 4. combat (announce, initial,
    exploitation, check supply), 6. production, 7. research; Campaign Game I keeps its own."""
    s = game(pack)
    assert s.rules.phases == [
        "strategic",
        "naval",
        "movement",
        "announce",
        "initial",
        "exploitation",
        "supply",
        "production",
        "research",
    ]
    assert game(pack, "campaign_1").rules.phases[0] == "movement"
    seen = []
    for _ in range(40):
        if s.current_nation != "ALL":
            s.apply(END)
            continue
        if s.phase not in seen:
            seen.append(s.phase)
        if s.phase == "production":
            break
        s.apply(END)
    # the Allies have fleets: the naval movement phase is theirs to play, before land
    assert seen[:2] == ["naval", "movement"]


def test_fleets_change_bases_along_a_sea_route(pack):
    """Player Turn Sequence 3.a.iii "Naval units change bases (conduct one fleet at a
    time)"; RANGES "Change base / holding area: Unlimited"; FLEETS 2 "All fleets operate
    wherever a valid sea route can be traced" (seeds/001 Sea Route 4: Gibraltar must be
    friendly to pass into the Atlantic)."""
    s = game(pack)
    to_phase(s, "ALL", "naval")
    malta, scapa, home = z(s, "2038"), z(s, "1333"), z(s, "1233")
    assert scapa in rebase_targets(s, malta)
    legal = [a for a in s.legal_actions() if a.kind == "hgw_rebase"]
    move = next(a for a in legal if a.path == (home, scapa))
    s.apply(move)
    assert home not in s.fleet and s.fleet[scapa].points == 6
    assert s.log[-1]["e"] == "hgw_rebase" and s.log[-1]["points"] == 3
    # the fleet that arrived does not move again this turn
    assert not any(a.kind == "hgw_rebase" and a.path[0] == scapa for a in s.legal_actions())
    # a fleet moves part of its points
    s.apply(Action("hgw_rebase", path=(malta, z(s, "2031")), count=1))
    assert s.fleet[malta].points == 1 and s.fleet[z(s, "2031")].points == 1
    # Gibraltar in Axis hands closes the Mediterranean: Malta reaches no Atlantic port
    s2 = game(pack)
    to_phase(s2, "ALL", "naval")
    s2.owner[z(s2, "2031")] = "AXIS"
    s2.bump()
    assert z(s2, "1333") not in rebase_targets(s2, z(s2, "2038"))
    assert z(s2, "2043") in rebase_targets(s2, z(s2, "2038"))


def test_kiel_is_a_port_on_the_atlantic_and_the_baltic(pack):
    """NAVAL ACTION, Fleet Movement 6: "Kiel (hex 1236) is a port both on the Atlantic and
    the Baltic" (this board's Kiel touches no sea: the canal is a passage it controls).
    The Axis fleet there sails on both, and changes base to the Baltic coast."""
    s = game(pack)
    kiel = z(s, "1236")
    assert s.fleet[kiel].nation == "AXIS"
    assert fleet_areas(s, kiel) == {"Atlantic Ocean", "Baltic Sea"}
    assert z(s, "1139") in rebase_targets(s, kiel)


# -- the Firepower Table ---------------------------------------------------------------
def test_twenty_five_u_boats_fire_in_groups_of_ten(pack):
    """CAMPAIGN GAME II, FIREPOWER TABLE: "if twenty-five U-boats attack Allied shipping,
    the Axis player would roll a die three times on the Firepower Table - twice using the
    ten column and once using the five column", replayed with scripted dice 1, 4, 2."""
    assert fire_columns(25) == [10, 10, 5]
    s = game(pack, dice=[1, 4, 2])
    hits, dice = fire(s, 25)
    assert dice == [1, 4, 2]
    assert hits == FIREPOWER["1"][9] + FIREPOWER["4"][9] + FIREPOWER["2"][4] == 4 + 3 + 2
    # Campaign Game I (hgw_fire_groups off): one die, capped at the ten column
    s1 = game(pack, "campaign_1", dice=[1])
    assert fire(s1, 25) == (FIREPOWER["1"][9], [1])
    # ten points or fewer: one die either way
    assert fire(game(pack, dice=[3]), 7) == (FIREPOWER["3"][6], [3])


def test_naval_fire_of_a_concentrated_fleet_fires_in_groups(pack):
    """Fleet Naval Fire (doubled points) with Campaign II's table: the Home Fleet brought
    together at 1333 (6 points, 12 doubled) fires on the ten and the two column when an
    Axis invasion crosses the Atlantic (Invasion Resolution 2)."""
    from gamecore.hgw.sea import invasion_at_sea

    s = game(pack)
    to_phase(s, "ALL", "naval")
    s.apply(next(a for a in s.legal_actions() if a.path == (z(s, "1233"), z(s, "1333"))))
    to_phase(s, "AXIS", "announce")
    aid = place(s, "AXIS", "1532", inf=2)
    for _ in range(2):
        u = s.add_unit("AXIS", "amph", z(s, "1532"))
        s.army_of[u] = aid
    s.bump()
    s.rng = Dice([6] * 12)
    invasion_at_sea(s, aid, z(s, "1233"))
    home = next(e for e in s.log if e["e"] == "hgw_naval" and e["fleet"] == z(s, "1333"))
    # 12 doubled points: the ten and the two column, then the invaders' one die (no escort)
    assert home["points"] == 6 and home["dice"] == [6, 6, 6]
    assert home["hits"][0] == FIREPOWER["6"][9] + FIREPOWER["6"][1]


# -- the bot -----------------------------------------------------------------------------
def test_the_bot_withdraws_a_threatened_fleet(pack):
    """The bot's naval decision: a fleet whose port an enemy army stands next to (an
    advance would expel it, NAVAL ACTION Fleet Movement 5) changes base away from it."""
    s = game(pack)
    to_phase(s, "ALL", "naval")
    assert bot_naval(s) == END  # nothing threatened, no smaller fleet in a shared sea
    place(s, "AXIS", "1433", inf=3)  # across the Channel from the fleet at 1333
    a = bot_naval(s)
    assert a.kind == "hgw_rebase" and a.path[0] == z(s, "1333")
    assert a.path[1] not in (z(s, "1333"), z(s, "1233"), z(s, "1432"), z(s, "1532"))


def test_the_play_mode_offers_base_changes_by_hand(pack):
    """The play mode (through the hgw play adapter): the naval phase lists each base
    change in words, its arrow runs from port to port, and the log words it."""
    from editor.play.mode import describe_action
    from gamecore.hgw.play import HgwPlay, describe_hgw_event
    from gamecore.sim.session import PlaySession

    seats = {"AXIS": "human", "SOV": "human", "ALL": "human"}
    session = PlaySession.start(pack, "campaign_2", seed=1, seats=seats)
    s = session.state
    while not (s.current_nation == "ALL" and s.phase == "naval"):
        session.apply(END)
    moves = [a for a in session.legal() if a.kind == "hgw_rebase"]
    a = next(x for x in moves if x.path == (z(s, "1233"), z(s, "1333")))
    assert describe_action(s, a) == "Fleet: 3 point(s) change base from 1233 to 1333"
    assert HgwPlay().route(s, a) == a.path and HgwPlay().target(a) == z(s, "1333")
    session.apply(a)
    e = next(x for x in reversed(s.log) if x["e"] == "hgw_rebase")
    assert describe_hgw_event(pack, e, s).startswith("ALL fleet: 3 point(s) change base from")


# -- bad input ---------------------------------------------------------------------------
def test_junk_campaign_2_option_is_one_line_and_exit_2(pack, tmp_path, capsys):
    """Untrusted input: a junk Campaign II switch in a pack: one line, exit 2."""
    junk_option_is_refused(pack, tmp_path, capsys, "campaign_2", "hgw_fire_groups", "sometimes")


# -- whole games -------------------------------------------------------------------------
# 2-5 minutes on a loaded 2-core machine: opt-in (WARROOM_WHOLE_GAMES=1)
@pytest.mark.whole_game
@pytest.mark.timeout(1800)  # 5+ minutes at load 16: over the suite's 300 s per test
def test_the_heuristic_bots_play_a_whole_campaign_2(pack):
    """Acceptance (#40): `warroom play --bots heuristic` finishes a whole Campaign Game II,
    to the calendar's end or Berlin, the bots researching, attacking the supply routes with
    U-boats and the morale track moving on the way."""
    from gamecore.engine.bots import play
    from gamecore.hgw.bot import HgwBot

    s = game(pack, seed=2)
    play(s, {n: HgwBot(2 + i) for i, n in enumerate(("AXIS", "SOV", "ALL"))}, max_actions=200_000)
    assert s.terminal and s.winner is not None and s.round <= 18
    kinds = {e["e"] for e in s.log}
    assert {"hgw_research", "hgw_resolve", "hgw_uboat", "hgw_morale", "hgw_join"} <= kinds
