"""The front-level heuristic bot of the hgw system (issue #28): its odds follow the
rulebook's tables and the rule system's dice, it beats the random bot with either side on
the Barbarossa-shaped test map, the same seed plays the same game, games end with a
winner, ``heuristic`` names it in hgw games, and the playtest reports hgw games in hgw
terms (production as income, advances as battles, the system's end reason)."""

from __future__ import annotations

import pytest

from gamecore.engine import new_game
from gamecore.engine.actions import Action
from gamecore.engine.bots import RandomBot, play
from gamecore.hgw.armies import army_count
from gamecore.hgw.bot import HgwBot, attack_odds, expected_hits
from gamecore.hgw.production import income
from gamecore.hgw.query import nation_income
from gamecore.hgw.world import stack_limit
from gamecore.paths import sample_pack
from gamecore.sim.bots import BotSpecError, HeuristicBot, bots_for, plays
from gamecore.sim.playtest.game import play_game
from gamecore.store import read_pack
from tests.gamecore.hgw.helpers import END, army, start, to_phase, z
from tests.gamecore.hgw.hexpack import barbarossa_like, strip

PACK = barbarossa_like()
SEEDS = (1, 2, 3, 4)


def duel(axis_bot, sov_bot, seed):
    s = new_game(PACK, "barbarossa", seed=seed)
    play(s, {"AXIS": axis_bot, "SOV": sov_bot}, max_actions=20_000)
    return s


# ---------------------------------------------------------------------- the odds
def test_odds_of_an_advance_into_a_garrisoned_empty_hex():
    """seeds/001 FIREPOWER TABLE, ADVANCE TABLE: 5 mech assault an empty USSR hex with its
    inherent garrison: strength 5 kills the garrison on rolls 1-5 (2, 2, 1, 1, 1, 0), then
    mech 5 against 0 succeeds up to 7 (always); on a 6 the garrison stays and mech 5
    against 1 succeeds up to 4: 5/6 + 1/6 * 4/6."""
    pack = strip(units=[("0202", "AXIS", "mech", 5)], armies=[("Panzer", "AXIS", "0202")])
    s = start(pack)
    p = attack_odds(s, "AXIS", z(s, "0202"), z(s, "0203"), 0, 5)
    assert p == pytest.approx(5 / 6 + (1 / 6) * (4 / 6))
    assert expected_hits(s, "AXIS", z(s, "0202"), z(s, "0203"), 0, 5) == pytest.approx(7 / 6)


def test_odds_count_the_defensive_assault_and_the_terrain():
    """The defenders fire first and the attacker loses infantry first (seeds/001
    Assault Resolution); mech do not fire into a swamp and +1 is added to the advance
    roll into it (seeds/001 TERRAIN): the odds fall with both."""
    pack = strip(
        units=[
            ("0202", "AXIS", "mech", 6),
            ("0203", "SOV", "inf", 4),
            ("0302", "AXIS", "mech", 6),
        ],
        armies=[("A", "AXIS", "0202"), ("B", "AXIS", "0302")],
        extra={"0303": {"terrain": "swamp"}},
    )
    s = start(pack)
    held = attack_odds(s, "AXIS", z(s, "0202"), z(s, "0203"), 0, 6)
    buffered = attack_odds(s, "AXIS", z(s, "0202"), z(s, "0203"), 3, 6)
    empty = attack_odds(s, "AXIS", z(s, "0202"), z(s, "0303"), 0, 6)
    clear = attack_odds(s, "AXIS", z(s, "0202"), z(s, "0204"), 0, 6)
    assert 0 < held < buffered < 1  # infantry soak the defensive assault, add firepower
    assert empty < clear  # the swamp: mech do not fire, +1 to the roll


def test_odds_agree_with_the_rule_systems_dice():
    """The bot's exact chance against the rule system's own dice: 6 mech + 2 inf attack
    a hex held by 3 Soviet SPs, 300 seeded games of one combat each."""
    pack = strip(
        units=[("0202", "AXIS", "mech", 6), ("0202", "AXIS", "inf", 2), ("0203", "SOV", "inf", 3)],
        armies=[("A", "AXIS", "0202"), ("R", "SOV", "0203")],
    )
    s0 = start(pack, seed=0)
    p = attack_odds(s0, "AXIS", z(s0, "0202"), z(s0, "0203"), 2, 6)
    wins = 0
    trials = 300
    for seed in range(trials):
        s = start(pack, seed=seed)
        to_phase(s, "AXIS", "announce")
        a = army(s, "A")
        s.apply(Action("hgw_attack", units=(a,), zone=z(s, "0203")))
        if s.phase == "announce":
            s.apply(END)  # the defensive assault fires as the initial attack opens
        if a in s.armies:
            s.apply(Action("hgw_assault", units=(a,), zone=z(s, "0203")))
            s.apply(Action("hgw_advance", units=(a,), zone=z(s, "0203")))
            wins += s.owner[z(s, "0203")] == "AXIS"
    # three standard errors of a binomial proportion
    sd = (p * (1 - p) / trials) ** 0.5
    assert abs(wins / trials - p) < 3 * sd + 1e-9, (wins, trials, p)


# ---------------------------------------------------------------------- whole games
def test_heuristic_axis_beats_the_random_soviets():
    wins = sum(duel(HgwBot(s), RandomBot(s + 7), s).winner == "axis" for s in SEEDS)
    assert wins >= 3


def test_heuristic_soviets_beat_the_random_axis():
    wins = sum(duel(RandomBot(s), HgwBot(s + 7), s).winner == "soviet" for s in SEEDS)
    assert wins == len(SEEDS)


def test_heuristic_games_end_with_a_winner_and_replay_from_their_seed():
    a = duel(HgwBot(5), HgwBot(12), 5)
    b = duel(HgwBot(5), HgwBot(12), 5)
    assert a.terminal and a.winner in ("axis", "soviet") and a.round <= 8
    assert a.log == b.log


def test_the_bots_moves_keep_stacking_and_are_all_legal():
    """Every action the bot proposes is legal (checked), and its movement never leaves
    more than 10 SPs in a hex (seeds/001 STACKING: the excess would be lost)."""
    s = new_game(PACK, "barbarossa", seed=9)
    bots = {"AXIS": HgwBot(9), "SOV": HgwBot(16)}
    while not s.is_terminal():
        phase, nation = s.phase, s.current_nation
        s.apply(bots[s.current_player].choose(s), check=True)
        if phase == "movement" and (s.phase, s.current_nation) != (phase, nation):
            assert not any(e.get("e") == "hgw_overstack" for e in s.log[-8:])
            for zone in {v.zone for v in s.armies.values() if v.nation == nation}:
                lim = stack_limit(s, zone)
                mine = sum(1 for u in s.at.get(zone, ()) if s.units[u].nation == nation)
                assert lim is None or mine <= lim


def test_the_axis_concentrates_mech_into_spearheads():
    """Movement regroups the Axis mech into a few strong armies next to the enemy."""
    s = new_game(PACK, "barbarossa", seed=3)
    bot = HgwBot(3)
    while s.phase == "movement" and s.current_nation == "AXIS":
        s.apply(bot.choose(s))
    mech = sorted(
        (army_count(s, a)[1] for a, v in s.armies.items() if v.nation == "AXIS"), reverse=True
    )
    assert mech[0] == 10 and mech[1] >= 7
    assert sum(1 for m in mech if m) <= 4


def test_the_bot_answers_the_offered_decisions():
    """With the defensive assault and the loss order offered, the bot fires with every
    army and loses infantry first; the game still ends with a winner."""
    s = new_game(PACK, "barbarossa", seed=4, decisions=["hgw_defend", "hgw_losses"])
    seen = set()
    bots = {"AXIS": HgwBot(4), "SOV": HgwBot(11)}
    while not s.is_terminal():
        d = s.decision
        a = bots[s.current_player].choose(s)
        if d is not None:
            seen.add(d.kind)
            if d.kind == "hgw_defend":
                assert a.kind == "hgw_defend" and set(a.units) == set(s.legal_actions()[0].units)
            if d.kind == "hgw_losses":
                assert a.profile == "inf"
        s.apply(a, check=True)
    assert "hgw_defend" in seen and s.winner in ("axis", "soviet")


# ---------------------------------------------------------------------- registry
def test_heuristic_names_the_systems_own_bot():
    s = new_game(PACK, "barbarossa", seed=1)
    bots = bots_for("heuristic", s, 1)
    assert all(isinstance(b, HgwBot) for b in bots.values())
    assert plays("heuristic", "hgw") and plays("heuristic", "aa")
    aa = new_game(read_pack(sample_pack()), "1939", seed=1)
    assert all(isinstance(b, HeuristicBot) for b in bots_for("heuristic", aa, 1).values())
    assert not plays("heuristic", "toy")
    with pytest.raises(BotSpecError):
        bots_for("nonsense", s, 1)


# ---------------------------------------------------------------------- playtest
def test_a_playtest_game_reports_hgw_terms():
    """The playtest's record of an hgw game: the system's winner and reason, advances
    as battles, the hgw production as income (not the PP printed in the hexes held)."""
    rec = play_game(PACK, "barbarossa", seed=2, bots="heuristic", keep_log=True)
    assert rec["status"] == "ok" and rec["bot_errors"] == 0
    assert rec["winner"] in ("axis", "soviet")
    assert rec["reason"] and rec["reason"] != "unknown"
    advances = [e for e in rec["log"] if e.get("e") == "hgw_advance" and e["defence"] != "friendly"]
    assert sum(rec["battles"].values()) == len(advances) > 0
    assert {f[1] for f in rec["fights"]} <= {"AXIS", "SOV"}
    assert rec["income"]["AXIS"][0] == next(
        e["amount"] for e in rec["log"] if e.get("e") == "income" and e["nation"] == "AXIS"
    )
    s = new_game(PACK, "barbarossa", seed=2)
    assert nation_income(s, "AXIS") == income(s, "AXIS") != s.territory_income("AXIS")


def test_the_play_mode_seats_the_hgw_bot():
    """A play session's heuristic seat in an hgw game is the hgw bot; it plays on."""
    from gamecore.sim.session import PlaySession

    session = PlaySession.start(PACK, "barbarossa", seed=2, seats={"*": "heuristic"})
    assert isinstance(session._bots["AXIS"], HgwBot)
    session.run_bots(max_actions=300)
    assert session.state.round >= 2 or session.state.is_terminal()


def test_warroom_play_with_heuristic_bots(tmp_path, capsys):
    """`warroom play PACK --bots heuristic` plays an hgw pack to a winner."""
    import json

    from gamecore.cli import main
    from gamecore.store import write_pack

    path = tmp_path / "barbarossa.warroom"
    write_pack(PACK, path)
    assert main(["play", str(path), "--seed", "3", "--bots", "heuristic", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] and out["winner"] in ("axis", "soviet")


def test_exploitation_avoids_salients_and_never_outruns_supply():
    """Over-extension: the bot exploits only into hexes beside two friendly hexes (a
    victory hex, or a hex whose capture brings its SPs back into supply, excepted), and
    no army that exploited dies unsupplied at its own side's supply check that turn
    (seeds/001 SUPPLY, Unsupplied Hexes)."""
    from gamecore.hgw import geo
    from gamecore.hgw.supply import sources, supplied
    from gamecore.hgw.world import friendly

    def relieves(s, n, t):
        now = supplied(s, n, False)
        after = geo.trace(
            s, sources(s, n, False), lambda x: x == t or friendly(s, n, x), occupied_by=n
        )
        return any(
            u.nation == n and u.zone not in now and u.zone in after for u in s.units.values()
        )

    exploits = 0
    for seed in (1, 2, 3):
        s = new_game(PACK, "barbarossa", seed=seed)
        bots = {"AXIS": HgwBot(seed), "SOV": HgwBot(seed + 7)}
        victory = {
            z(s, s.rules.options[k])
            for k in ("hgw_leningrad_hex", "hgw_moscow_hex", "hgw_stalingrad_hex", "hgw_berlin_hex")
        }
        g = geo.graph(s)
        went: set[int] = set()
        while not s.is_terminal():
            a = bots[s.current_player].choose(s)
            if a.kind == "hgw_exploit":
                exploits += 1
                n = s.current_nation
                near = [y for y in g.nbrs[a.zone] if s.owner.get(y) == n]
                assert a.zone in victory or len(near) >= 2 or relieves(s, n, a.zone), (seed, a)
                went.add(a.units[0])
            if a.kind == "end_phase" and s.phase == "movement":
                went = set()
            start_log = len(s.log)
            s.apply(a)
            for e in s.log[start_log:]:
                if e.get("e") == "hgw_unsupplied":
                    assert e["army"] not in went, (seed, e)
    assert exploits >= 5
