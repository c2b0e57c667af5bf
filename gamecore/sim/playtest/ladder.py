"""The bot ladder: how strong one bot is against another, measured on a scenario.

Every pair of bots (A, B) plays the same seeds once per side: A plays that side (in a
game of alliances, the whole alliance) and B every other side. In a two-sided game
that covers every seating; with more sides B also plays each side against A, so
neither bot gets only the lone seat. Each seating gives A's wins, the draws and the 95%
Wilson interval of A's win rate; the ratings are Elo points fitted to all the games
(a draw is half a win), centred on 1500, with one virtual draw per pair so a clean
sweep stays finite.

A ladder run beside a pack is kept as ``PACK.playtests/ladder-<scenario>.json``: the
playtest summary reads it to say how strong the bots behind its win rates are
(:func:`bot_rating`), or that they are unmeasured.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gamecore import safejson
from gamecore.errors import WarroomError
from gamecore.model import Pack
from gamecore.sim.bots import BOTS, BotSpecError, parse_spec
from gamecore.sim.playtest.results import PlaytestParams, scenario_hash
from gamecore.sim.playtest.run import Progress, run_playtest, side_labels
from gamecore.sim.playtest.stats import wilson, winner_side

#: the rating the bots of a ladder average to
ELO_MEAN = 1500.0
#: the most a stored ladder file may hold (bytes)
MAX_LADDER_BYTES = 1_000_000


def parse_bots(text: str) -> list[str]:
    """``"heuristic,random"`` -> the bot names, checked against the registry."""
    names = [b.strip() for b in str(text or "").split(",") if b.strip()]
    for name in names:
        if name not in BOTS:
            raise BotSpecError(f"unknown bot '{name}' (known: {', '.join(sorted(BOTS))})")
    if len(names) < 2 or len(set(names)) != len(names):
        raise WarroomError("--bots needs two or more different bot names, e.g. heuristic,random")
    return names


def scenario_sides(pack: Pack, scenario: str, seed: int = 1) -> list[str]:
    """The sides (alliances, or nations without one) of the turn order of ``scenario``."""
    from gamecore.engine import new_game

    state = new_game(pack, scenario, seed=seed, rounds=1, log="none")
    return sorted({state.side_of(n) for slot in state.board.turn_slots for n in slot})


def seatings(bots: list[str], sides: list[str]) -> list[tuple[str, str, str]]:
    """(A, B, side) for every game seating of the ladder: A on that side, B on the rest."""
    out = []
    for i, a in enumerate(bots):
        for b in bots[i + 1 :]:
            out += [(a, b, s) for s in sides]
            if len(sides) > 2:
                out += [(b, a, s) for s in sides]
    return out


def elo(pairs: list[dict[str, Any]], bots: list[str]) -> dict[str, float]:
    """Elo ratings fitted to the pairs' results (maximum likelihood of the logistic
    model, a draw half a win, one virtual draw per pair), mean :data:`ELO_MEAN`."""
    score: dict[tuple[str, str], list[float]] = {}  # (a, b) -> [a's points, games]
    for p in pairs:
        a, b = p["bot"], p["vs"]
        key, flip = ((a, b), False) if bots.index(a) < bots.index(b) else ((b, a), True)
        pts = p["wins"] + 0.5 * p["draws"]
        cell = score.setdefault(key, [0.5, 1.0])  # the virtual draw
        cell[0] += (p["games"] - pts) if flip else pts
        cell[1] += p["games"]
    r = dict.fromkeys(bots, 0.0)
    scale = 400.0 / math.log(10.0)
    for _ in range(500):
        moved = 0.0
        for x in bots:
            got = want = info = 0.0
            for (a, b), (pts, n) in score.items():
                if x not in (a, b):
                    continue
                mine = pts if x == a else n - pts
                other = b if x == a else a
                e = 1.0 / (1.0 + math.exp((r[other] - r[x]) / scale))
                got += mine
                want += n * e
                info += n * e * (1 - e)
            if info > 0:
                step = scale * (got - want) / info
                r[x] += step
                moved = max(moved, abs(step))
        mean = sum(r.values()) / len(r)
        r = {k: v - mean for k, v in r.items()}
        if moved < 1e-6:
            break
    return {k: round(ELO_MEAN + v, 1) for k, v in r.items()}


def ladder(
    pack: Pack,
    scenario: str,
    bots: list[str],
    games: int,
    *,
    seed: int = 1,
    max_rounds: int | None = None,
    pack_path: str | os.PathLike | None = None,
    jobs: int = 1,
    backend: str = "local",
    scheduler: str | None = None,
    progress: Callable[[str, Progress], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    game_seconds: float | None = None,
    think_ms: int | None = None,
) -> dict[str, Any]:
    """Play the ladder of ``bots`` on ``scenario``: ``games`` games per seating, the
    same seeds for every seating. Each seating's batch is kept and resumed beside the
    pack like any playtest (``pack_path``). ``think_ms``: the thinking per decision of
    the bots that think (None: their own default)."""
    if games < 1:
        raise WarroomError("--games must be at least 1")
    for b in bots:
        parse_spec(b)
    sides = scenario_sides(pack, scenario, seed)
    if len(sides) < 2:
        raise WarroomError(f"scenario '{scenario}' has one side: nobody to play against")
    labels = side_labels(pack, scenario)
    pairs = []
    cap = None
    for a, b, side in seatings(bots, sides):
        params = PlaytestParams(scenario, f"{side}={a},*={b}", seed, max_rounds, think_ms)
        label = f"{a} as {side} vs {b}"
        run = run_playtest(
            pack,
            params,
            games,
            pack_path=pack_path,
            jobs=jobs,
            backend=backend,
            scheduler=scheduler,
            progress=(lambda pr, lab=label: progress(lab, pr)) if progress else None,
            cancel=cancel,
            game_seconds=game_seconds,
        )
        if run.cancelled:
            raise WarroomError("the ladder was stopped")
        cap = cap or run.summary()["round_cap"]
        ok = [r for r in run.records if r.get("status", "ok") == "ok"]
        sides_of: dict[str, str] = {}
        for r in run.records:
            sides_of.update(r.get("sides") or {})
        winners = [winner_side(r.get("winner"), sides_of) for r in ok]
        wins = sum(1 for w in winners if w == side)
        draws = sum(1 for w in winners if w is None)
        lo, hi = wilson(wins, len(ok))
        pairs.append(
            {
                "bot": a,
                "vs": b,
                "side": side,
                "side_name": (labels.get(side) or {}).get("name", side),
                "games": len(ok),
                "wins": wins,
                "draws": draws,
                "low": lo,
                "high": hi,
                "failed": len(run.records) - len(ok),
            }
        )
    out = {
        "scenario": scenario,
        "scenario_hash": scenario_hash(pack, scenario),
        "bots": bots,
        "games_per_seating": games,
        "seed": seed,
        "think_ms": think_ms,
        "round_cap": cap,
        "pairs": pairs,
        "ratings": elo(pairs, bots),
        "method": "95% Wilson interval of each seating's win rate; Elo fitted to every "
        "game (a draw is half a win, one virtual draw per pair), mean 1500",
    }
    return out


# ---------------------------------------------------------------------- stored ladders
def ladder_path(pack_path: str | os.PathLike, scenario: str) -> Path:
    p = Path(pack_path)
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in scenario)
    return p.with_name(p.name + ".playtests") / f"ladder-{safe}.json"


def save_ladder(result: dict[str, Any], pack_path: str | os.PathLike) -> Path:
    path = ladder_path(pack_path, result["scenario"])
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(result, indent=1, sort_keys=True), encoding="utf-8")
    except OSError as err:
        raise WarroomError(f"cannot write the ladder result: {err.strerror}", path) from None
    return path


def load_ladder(path: str | os.PathLike) -> dict[str, Any]:
    """A stored ladder result, checked field by field (it is untrusted input: a bad
    field is a :class:`WarroomError`)."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_LADDER_BYTES:
            raise WarroomError("the ladder result is too large", path)
        data = safejson.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, safejson.JsonLimitError):
        raise WarroomError("not a readable ladder result", path) from None
    ratings = data.get("ratings") if isinstance(data, dict) else None
    if not isinstance(ratings, dict) or not all(
        isinstance(k, str) and isinstance(v, int | float) and math.isfinite(v)
        for k, v in ratings.items()
    ):
        raise WarroomError("the ladder result has no valid 'ratings'", path)
    pairs = data.get("pairs")
    if not isinstance(pairs, list) or not all(
        isinstance(p, dict)
        and isinstance(p.get("bot"), str)
        and isinstance(p.get("vs"), str)
        and all(isinstance(p.get(k), int) and p[k] >= 0 for k in ("games", "wins", "draws"))
        for p in pairs
    ):
        raise WarroomError("the ladder result has no valid 'pairs'", path)
    return data


def bot_rating(pack: Pack, pack_path: str | os.PathLike | None, scenario: str, bots: str):
    """What the summary says about the strength of the bots ``bots`` (a bot spec):
    their Elo from the stored ladder of ``scenario`` and whom it was measured against,
    or that they are unmeasured (and how to measure them). Never raises: an unreadable
    ladder file is said in the text."""
    try:
        names = sorted(set(parse_spec(bots).values()))
    except WarroomError:
        names = []
    pack_name = Path(pack_path).name if pack_path is not None else "PACK"
    how = (
        f"'warroom playtest ladder {pack_name} --scenario {scenario} --bots "
        f"{','.join(names or ['heuristic'])},random' measures it"
    )
    out: dict[str, Any] = {"bots": names, "measured": False}
    path = ladder_path(pack_path, scenario) if pack_path is not None else None
    if path is None or not path.exists():
        out["text"] = f"Bot strength unmeasured on this scenario ({how})."
        return out
    try:
        data = load_ladder(path)
    except WarroomError as err:
        out["text"] = f"Bot strength unknown: {err} ({path.name})."
        return out
    ratings = data["ratings"]
    known = {n: ratings[n] for n in names if n in ratings}
    if not known:
        out["text"] = (
            f"Bot strength unmeasured: the stored ladder does not rate {', '.join(names)}."
        )
        return out
    stale = data.get("scenario_hash") != scenario_hash(pack, scenario)
    against = ", ".join(f"{k} {v:.0f}" for k, v in sorted(ratings.items()) if k not in known)
    games = sum(p["games"] for p in data["pairs"])
    out.update(measured=True, ratings=known, stale=stale, path=str(path))
    out["text"] = (
        "Bot strength (ladder, Elo): "
        + ", ".join(f"{k} {v:.0f}" for k, v in known.items())
        + (f" against {against}" if against else "")
        + f" over {games} games"
        + (" — measured on an earlier version of this scenario" if stale else "")
        + "."
    )
    return out
