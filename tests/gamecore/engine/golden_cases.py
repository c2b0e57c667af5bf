"""The recorded behaviour refactors of the engine and the rule systems must keep (issue #22,
"behaviour does not move"): seeded bot games on the bundled sample's two scenarios and the
battle calculator's answers for a set of g40 and Global War battles.

``python -m tests.gamecore.engine.golden_cases`` rewrites ``golden/*.json`` — only in a
commit that says which rule changed and why."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

HERE = Path(__file__).parent / "golden"

#: (scenario, bots, seed, rounds)
GAMES = [
    ("1939", "random", 1, 3),
    ("1939", "random", 2, 3),
    ("1939", "heuristic", 3, 1),
    ("global-war-1936", "random", 1, 2),
    ("global-war-1936", "random", 5, 2),
    ("global-war-1936", "heuristic", 4, 1),
]

#: (ruleset, attackers, defenders, method, samples, seed)
BATTLES = [
    ("g40", "3 infantry, 2 tank", "4 infantry", "exact", None, None),
    (
        "g40",
        "8 infantry, 4 artillery, 5 tank, 2 fighter, 1 strategic_bomber",
        "12 infantry, 2 artillery, 4 tank, 2 fighter",
        "auto",
        None,
        None,
    ),
    (
        "g40",
        "2 submarine, 1 destroyer, 1 fighter",
        "1 destroyer, 1 cruiser, 1 transport",
        "exact",
        None,
        None,
    ),
    ("g40", "2 tactical_bomber, 1 fighter, 3 tank", "5 infantry, 1 aa_gun", "monte_carlo", 2000, 7),
    ("g40", "1 battleship, 2 cruiser", "3 submarine", "exact", None, None),
    (
        "global_war",
        "4 infantry, 2 artillery, 2 medium_armor",
        "5 infantry, 1 artillery",
        "exact",
        None,
        None,
    ),
    (
        "global_war",
        "3 infantry, 1 fighter, 1 tactical_bomber",
        "4 militia, 1 infantry",
        "auto",
        None,
        None,
    ),
    ("global_war", "2 destroyer, 1 light_cruiser", "2 submarine", "exact", None, None),
    (
        "global_war",
        "6 infantry, 2 mech_infantry, 2 heavy_armor",
        "4 infantry, 2 tank_destroyer, 1 aa_artillery",
        "monte_carlo",
        2000,
        3,
    ),
]


def digest(obj) -> str:
    return hashlib.sha256(
        json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()


def play_game(pack, scenario: str, bots: str, seed: int, rounds: int) -> dict:
    from gamecore.engine import new_game, play
    from gamecore.sim.bots import bots_for

    s = new_game(pack, scenario, seed=seed, rounds=rounds)
    n = play(s, bots_for(bots, s, seed))
    log = s.log
    return {
        "scenario": scenario,
        "bots": bots,
        "seed": seed,
        "rounds": rounds,
        "actions": n,
        "log_entries": len(log),
        "log_sha256": digest(log),
        "snapshot_sha256": digest(s.snapshot()),
        "winner": s.winner,
        "round": s.round,
        "units": len(s.units),
        "banks": dict(sorted(s.banks.items())),
    }


def battle(ruleset, att, dfn, method, samples, seed) -> dict:
    from gamecore.sim.battle import calculate

    r = calculate(ruleset, att, dfn, method=method, samples=samples, seed=seed).to_dict()
    r.pop("seconds", None)
    r.pop("elapsed_ms", None)
    return {"ruleset": ruleset, "attackers": att, "defenders": dfn, "method": method, "result": r}


def record() -> None:
    from gamecore.paths import sample_pack
    from gamecore.store import read_pack

    pack = read_pack(sample_pack())
    HERE.mkdir(exist_ok=True)
    games = [play_game(pack, *g) for g in GAMES]
    (HERE / "games.json").write_text(json.dumps(games, indent=1, sort_keys=True) + "\n")
    battles = [battle(*b) for b in BATTLES]
    (HERE / "battles.json").write_text(json.dumps(battles, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    record()
