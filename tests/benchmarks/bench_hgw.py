"""Hitler's Global War (issue #28), the hgw rule system: random-bot games of the
Barbarossa-shaped test map (games per minute, actions per game), and on a Europe-sized
synthetic hex map (24 rows x 33 columns, 792 hexes, 12 armies a side) the paths a
player's turn takes: the movement phase's legal actions, a supply trace, and a whole
random game; on the bundled pack's Fall of Germany (three sides, sea movement and sea
supply) the Allied movement phase's legal actions (sea moves through unlimited seas),
an Allied supply trace across the seas, and a whole random game.

``WARROOM_BENCH_HGW_GAMES`` sets the games on the small map (default 20)."""

from __future__ import annotations

import os
import time

from gamecore.engine import new_game
from gamecore.engine.bots import RandomBot, play
from gamecore.hgw.supply import supplied
from tests.gamecore.hgw.hexpack import code, hex_pack


def large_pack():
    hexes = {}
    rows, cols = range(2, 26), range(28, 61)
    for r in rows:
        for c in cols:
            if c < 38:
                hexes[code(r, c)] = {"region": "Germany", "owner": "AXIS", "value": int(c % 3 == 0)}
            else:
                hexes[code(r, c)] = {
                    "region": "USSR",
                    "owner": "SOV",
                    "value": int((r + c) % 4 == 0),
                }
    units, armies = [], []
    for i, r in enumerate(range(2, 26, 2)):
        units += [(code(r, 37), "AXIS", "inf", 4), (code(r, 37), "AXIS", "mech", 4)]
        units += [(code(r, 38), "SOV", "inf", 4), (code(r, 38), "SOV", "mech", 2)]
        armies += [(f"Axis {i}", "AXIS", code(r, 37)), (f"Soviet {i}", "SOV", code(r, 38))]
    options = {
        "hgw_leningrad_hex": code(3, 50),
        "hgw_moscow_hex": code(12, 52),
        "hgw_stalingrad_hex": code(20, 58),
        "hgw_berlin_hex": code(12, 30),
        "hgw_income_modifier": {},
    }
    return hex_pack(hexes, units=units, armies=armies, options=options)


def run() -> dict:
    from tests.gamecore.hgw.hexpack import barbarossa_like

    games = int(os.environ.get("WARROOM_BENCH_HGW_GAMES", "20"))
    pack = barbarossa_like()
    actions = 0
    t0 = time.perf_counter()
    winners: dict[str, int] = {}
    for seed in range(1, games + 1):
        s = new_game(pack, "barbarossa", seed=seed, log="none")
        actions += play(s, {"AXIS": RandomBot(seed), "SOV": RandomBot(seed + 1)})
        winners[str(s.winner)] = winners.get(str(s.winner), 0) + 1
    wall = time.perf_counter() - t0
    out = {
        "games": games,
        "games_per_min": round(games / wall * 60.0, 1),
        "actions_per_game": round(actions / games, 1),
        "winners": winners,
    }
    big = large_pack()
    t0 = time.perf_counter()
    s = new_game(big, "barbarossa", seed=1, log="none")
    out["large_new_game_ms"] = round(1000 * (time.perf_counter() - t0), 1)
    t0 = time.perf_counter()
    n = 20
    for _ in range(n):
        s._legal = None
        legal = s.legal_actions()
    out["large_movement_legal_ms"] = round(1000 * (time.perf_counter() - t0) / n, 2)
    out["large_movement_actions"] = len(legal)
    t0 = time.perf_counter()
    for _ in range(n):
        supplied(s, "SOV", True)
    out["large_supply_trace_ms"] = round(1000 * (time.perf_counter() - t0) / n, 2)
    t0 = time.perf_counter()
    acts = play(s, {"AXIS": RandomBot(1), "SOV": RandomBot(2)}, max_actions=200_000)
    out["large_random_game_s"] = round(time.perf_counter() - t0, 2)
    out["large_random_game_actions"] = acts
    out.update(fall_of_germany())
    return out


def fall_of_germany() -> dict:
    from pathlib import Path

    from gamecore.store import read_pack

    path = Path(__file__).resolve().parents[2] / "resources/samples/hgw-barbarossa.warroom"
    pack = read_pack(path)
    out = {}
    s = new_game(pack, "fall_of_germany", seed=1, log="none")
    while not (s.current_nation == "ALL" and s.phase == "movement"):
        s.apply(s.legal_actions()[-1])  # end_phase
    n = 10
    t0 = time.perf_counter()
    for _ in range(n):
        s._legal = None
        s.board.cache.pop("hgw_sea_reach", None)
        legal = s.legal_actions()
    out["fog_allied_movement_legal_ms"] = round(1000 * (time.perf_counter() - t0) / n, 1)
    out["fog_allied_movement_actions"] = len(legal)
    t0 = time.perf_counter()
    for _ in range(n):
        supplied(s, "ALL", True)
    out["fog_allied_supply_trace_ms"] = round(1000 * (time.perf_counter() - t0) / n, 2)
    s = new_game(pack, "fall_of_germany", seed=1, log="none")
    t0 = time.perf_counter()
    acts = play(s, {n: RandomBot(i + 1) for i, n in enumerate(("AXIS", "SOV", "ALL"))})
    out["fog_random_game_s"] = round(time.perf_counter() - t0, 2)
    out["fog_random_game_actions"] = acts
    out["fog_winner"] = s.winner
    return out
