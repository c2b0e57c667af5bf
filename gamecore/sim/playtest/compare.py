"""A/B playtests and the fair bid: two versions of a scenario on the same seeds, and the
bid (set-up units, :mod:`gamecore.sim.playtest.bid`, or extra starting money) that brings
the weaker side nearest its fair share of the games.

Both rest on common random numbers: game ``i`` of either version gets the seed
``game_seed(seed, i)``, so the two batches differ only by what was changed (and by
where that change sends the dice afterwards). The intervals below do not count on the
pairing (it can only make the true interval narrower), so they are on the safe side.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from gamecore.errors import WarroomError
from gamecore.model import Pack
from gamecore.sim.playtest.bid import BID_FORMS, with_setup_bid
from gamecore.sim.playtest.results import PlaytestParams
from gamecore.sim.playtest.run import Progress, run_playtest, side_labels
from gamecore.sim.playtest.stats import (
    FDR,
    benjamini_hochberg,
    fisher_exact,
    summarise,
    wilson,
    winner_side,
)


def newcombe(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float, float]:
    """The difference ``k2/n2 - k1/n1`` of two proportions with Newcombe's hybrid score
    95% interval (built from the two Wilson intervals)."""
    p1 = k1 / n1 if n1 else 0.0
    p2 = k2 / n2 if n2 else 0.0
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p2 - p1
    lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return d, max(-1.0, lo), min(1.0, hi)


def _ok(records):
    return [r for r in records if r.get("status", "ok") == "ok"]


def compare_records(
    recs_a: list[dict[str, Any]],
    recs_b: list[dict[str, Any]],
    zone_names: dict[int, tuple[str, str]] | None = None,
    labels: dict[str, dict[str, Any]] | None = None,
    fdr: float = FDR,
) -> dict[str, Any]:
    """What moved between batch A and batch B: each side's win rate (B − A with its
    interval), the zones that changed hands in a different share of games, and the
    battles (round, attacker, zone) whose attacker won in a different share of games.
    Zones and battles are tested with Fisher's exact test and kept only when they
    survive Benjamini–Hochberg at ``fdr``."""
    a, b = _ok(recs_a), _ok(recs_b)
    na, nb = len(a), len(b)
    sides_of: dict[str, str] = {}
    for r in [*recs_a, *recs_b]:
        sides_of.update(r.get("sides") or {})
    sides = sorted(set(sides_of.values()))
    labels = labels or {}
    out_sides = {}
    for side in sides:
        ka = sum(1 for r in a if winner_side(r.get("winner"), sides_of) == side)
        kb = sum(1 for r in b if winner_side(r.get("winner"), sides_of) == side)
        d, lo, hi = newcombe(ka, na, kb, nb)
        la, ha = wilson(ka, na)
        lb, hb = wilson(kb, nb)
        out_sides[side] = {
            "name": (labels.get(side) or {}).get("name", side),
            "a": {"wins": ka, "games": na, "rate": ka / na if na else 0.0, "lo": la, "hi": ha},
            "b": {"wins": kb, "games": nb, "rate": kb / nb if nb else 0.0, "lo": lb, "hi": hb},
            "diff": d,
            "lo": lo,
            "hi": hi,
            "moved": lo > 0 or hi < 0,
        }
    # zones: in how many games did each change hands
    zone_rows = []
    zones = {str(z) for r in [*a, *b] for z in (r.get("captures") or {})}
    for z in sorted(zones, key=int):
        ka = sum(1 for r in a if (r.get("captures") or {}).get(z))
        kb = sum(1 for r in b if (r.get("captures") or {}).get(z))
        d, lo, hi = newcombe(ka, na, kb, nb)
        row = {"zone": int(z), "a": ka, "b": kb, "diff": d, "lo": lo, "hi": hi}
        row["p"] = fisher_exact(kb, nb - kb, ka, na - ka)
        if zone_names and int(z) in zone_names:
            row["code"], row["name"] = zone_names[int(z)]
        zone_rows.append(row)

    # battles: how often the attacker won each (round, attacker, zone) it fought
    def battle_table(recs):
        t: dict[tuple[int, str, int], list[int]] = {}
        for r in recs:
            for rnd, att, zone, res in r.get("fights") or []:
                cell = t.setdefault((int(rnd), str(att), int(zone)), [0, 0])
                cell[0] += 1
                cell[1] += res == "a"
        return t

    ta, tb = battle_table(a), battle_table(b)
    battle_rows = []
    for key in sorted(set(ta) | set(tb)):
        fa, wa = ta.get(key, [0, 0])
        fb, wb = tb.get(key, [0, 0])
        if fa + fb < 4:
            continue
        row = {
            "round": key[0],
            "attacker": key[1],
            "zone": key[2],
            "fought_a": fa,
            "fought_b": fb,
            "taken_a": wa,
            "taken_b": wb,
        }
        # the share of games in which the attacker fought AND won there
        d, lo, hi = newcombe(wa, na, wb, nb)
        row.update(diff=d, lo=lo, hi=hi, p=fisher_exact(wb, nb - wb, wa, na - wa))
        if zone_names and key[2] in zone_names:
            row["code"], row["name"] = zone_names[key[2]]
        battle_rows.append(row)
    for rows in (zone_rows, battle_rows):
        for row, q in zip(rows, benjamini_hochberg([r["p"] for r in rows]), strict=True):
            row["q"] = q
    moved_zones = sorted(
        (r for r in zone_rows if r["q"] <= fdr and r["diff"] != 0), key=lambda r: -abs(r["diff"])
    )
    moved_battles = sorted(
        (r for r in battle_rows if r["q"] <= fdr and r["diff"] != 0),
        key=lambda r: -abs(r["diff"]),
    )
    da = {r["index"]: r.get("digest") for r in a}
    same = sum(1 for r in b if da.get(r["index"]) and da.get(r["index"]) == r.get("digest"))
    return {
        "games_a": na,
        "games_b": nb,
        "identical_games": same,
        "sides": out_sides,
        "zones_tested": len(zone_rows),
        "zones": moved_zones[:20],
        "battles_tested": len(battle_rows),
        "battles": moved_battles[:20],
        "method": "difference B − A with Newcombe's hybrid score 95% interval; zones and "
        "battles by Fisher's exact test, Benjamini–Hochberg correction",
        "fdr": fdr,
    }


def compare(
    pack_a: Pack,
    scenario_a: str,
    pack_b: Pack,
    scenario_b: str,
    params: PlaytestParams,
    games: int,
    *,
    path_a=None,
    path_b=None,
    jobs: int = 1,
    progress: Callable[[str, Progress], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    game_seconds: float | None = None,
) -> dict[str, Any]:
    """Play ``games`` games of each version on the same seeds and compare them (see
    :func:`compare_records`). ``path_a``/``path_b``: the packs' files, so each batch is
    kept and resumed beside its pack like any playtest. ``progress(label, Progress)``
    with label "A" or "B"."""
    if games < 1:
        raise WarroomError("--games must be at least 1")
    runs = {}
    for label, pack, scn, path in (
        ("A", pack_a, scenario_a, path_a),
        ("B", pack_b, scenario_b, path_b),
    ):
        p = replace(params, scenario=scn)
        runs[label] = run_playtest(
            pack,
            p,
            games,
            pack_path=path,
            jobs=jobs,
            progress=(lambda pr, lab=label: progress(lab, pr)) if progress else None,
            cancel=cancel,
            game_seconds=game_seconds,
        )
        if runs[label].cancelled:
            break
    if "B" not in runs or runs["B"].cancelled:
        raise WarroomError("the comparison was stopped before both batches finished")
    names = {z.id: (z.code, z.name) for z in pack_a.map.zones.values()}
    labels = side_labels(pack_a, scenario_a)
    out = compare_records(runs["A"].records, runs["B"].records, names, labels)
    out["a"] = _brief(runs["A"], pack_a)
    out["b"] = _brief(runs["B"], pack_b)
    out["params"] = params.to_json()
    return out


def _brief(run, pack) -> dict[str, Any]:
    s = run.summary(pack)
    return {
        "scenario": run.params.scenario,
        "round_cap": s["round_cap"],
        "completed": s["completed"],
        "failed": s["failed"],
        "results_file": s["results_file"],
        "scenario_hash": s["scenario_hash"],
    }


# ---------------------------------------------------------------------- the fair bid
def with_bid(pack: Pack, scenario: str, nation: str, amount: int) -> Pack:
    """A copy of ``pack`` whose ``scenario`` gives ``nation`` ``amount`` more starting
    money: the bot spends it in its first purchase and places what it bought, as
    players place a bid."""
    out = copy.deepcopy(pack)
    scn = out.scenarios[scenario]
    scn.banks = dict(scn.banks)
    scn.banks[nation] = int(scn.banks.get(nation, 0)) + int(amount)
    return out


def _first_mover(pack: Pack, scenario: str, side: str) -> str:
    from gamecore.engine import new_game

    state = new_game(pack, scenario, seed=1, rounds=1, log="none")
    for slot in state.board.turn_slots:
        for n in slot:
            if state.side_of(n) == side:
                return n
    raise WarroomError(f"side '{side}' has no nation in the turn order of '{scenario}'")


def fair_bid(
    pack: Pack,
    params: PlaytestParams,
    games: int,
    *,
    side: str | None = None,
    nation: str | None = None,
    bids: list[int] | None = None,
    form: str = "units",
    zone_cap: int | None = None,
    jobs: int = 1,
    progress: Callable[[str, Progress], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    game_seconds: float | None = None,
) -> dict[str, Any]:
    """Search the bid for the weaker side that brings its win rate nearest its fair
    share (1/k with k sides: 50% in a two-sided game). The weaker side is the one that
    wins least without a bid (or ``side``). ``form`` "units" (the default, as players
    bid): the bid buys set-up units placed before the first turn on the side's land
    zones, at most ``zone_cap`` a zone (:mod:`gamecore.sim.playtest.bid`; ``nation``
    limits them to that nation's zones); "money": extra starting money for ``nation``
    (default the side's first to move), spent by its bot in its first purchase. Every
    bid in ``bids`` (default 0, 6, … 36) is played on the same seeds; the answer is the
    bid nearest the fair share with its Wilson interval, every bid whose interval holds
    it, and whether any bid moved the win rate at all (``moved``: some two bids'
    intervals do not overlap)."""
    if games < 1:
        raise WarroomError("--games must be at least 1")
    if form not in BID_FORMS:
        raise WarroomError(f"unknown bid form '{form}' (forms: {', '.join(BID_FORMS)})")
    if zone_cap is not None and zone_cap < 1:
        raise WarroomError("--bid-zone-cap must be at least 1")
    bids = sorted({int(b) for b in (bids if bids is not None else range(0, 37, 6))})
    if not bids or bids[0] < 0:
        raise WarroomError("bids must be 0 or more")
    if 0 not in bids:
        bids = [0, *bids]
    scn = params.scenario
    labels = side_labels(pack, scn)
    results: dict[int, dict[str, Any]] = {}
    placed: dict[int, list[dict[str, Any]]] = {}

    def play(amount: int):
        p = pack
        if amount and form == "money":
            p = with_bid(pack, scn, nation, amount)
        elif amount:
            p, placed[amount] = with_setup_bid(
                pack, scn, side, amount, nation=nation, zone_cap=zone_cap
            )
        run = run_playtest(
            p,
            params,
            games,
            jobs=jobs,
            progress=(lambda pr: progress(f"bid {amount}", pr)) if progress else None,
            cancel=cancel,
            game_seconds=game_seconds,
        )
        if run.cancelled:
            raise WarroomError("the bid search was stopped")
        return summarise(run.records, labels=labels), run

    base, base_run = play(0)
    if not base["sides"]:
        raise WarroomError(f"scenario '{scn}' has no sides to bid for")
    if side is None:
        side = min(base["sides"], key=lambda s: (base["sides"][s]["rate"], s))
    if side not in base["sides"]:
        known = ", ".join(sorted(base["sides"]))
        raise WarroomError(f"no side '{side}' in scenario '{scn}' (sides: {known})")
    if nation is None and form == "money":
        nation = _first_mover(pack, scn, side)
    elif (
        nation is not None
        and (base_run.records and (base_run.records[0].get("sides") or {}).get(nation)) != side
    ):
        raise WarroomError(f"nation '{nation}' is not on side '{side}'")
    target = 1.0 / len(base["sides"])
    results[0] = base["sides"][side]
    for amount in bids:
        if amount == 0:
            continue
        s, _ = play(amount)
        results[amount] = s["sides"][side]
    rows = []
    for amount in bids:
        d = results[amount]
        row = {
            "bid": amount,
            "wins": d["wins"],
            "games": d["games"],
            "rate": d["rate"],
            "lo": d["lo"],
            "hi": d["hi"],
            "even_in_interval": d["lo"] <= target <= d["hi"],
        }
        if form == "units":
            row["units"] = placed.get(amount, [])
            row["spent"] = sum(u["cost"] for u in row["units"])
        rows.append(row)
    best = min(rows, key=lambda r: (abs(r["rate"] - target), r["bid"]))
    moved = max(r["lo"] for r in rows) > min(r["hi"] for r in rows)
    same = len({r["rate"] for r in rows}) == 1
    side_name = (labels.get(side) or {}).get("name", side)
    if same:
        verdict = (
            f"no bid tried moves the win rate of {side_name}: it is {100 * best['rate']:.0f}% "
            f"with every bid ({', '.join(str(r['bid']) for r in rows)})"
        )
    elif not moved:
        verdict = (
            f"no bid tried moves the win rate of {side_name} beyond chance: every bid's 95% "
            f"interval overlaps every other's ({games} games a bid; more games may tell)"
        )
    else:
        verdict = (
            f"nearest {100 * target:.0f}%: bid {best['bid']} ({100 * best['rate']:.1f}%, 95% "
            f"interval {100 * best['lo']:.1f}–{100 * best['hi']:.1f}%)"
        )
    return {
        "scenario": scn,
        "side": side,
        "side_name": side_name,
        "nation": nation,
        "form": form,
        "zone_cap": zone_cap,
        "target": target,
        "games_per_bid": games,
        "bids": rows,
        "best": best,
        "moved": moved and not same,
        "verdict": verdict,
        "consistent_with_even": [r["bid"] for r in rows if r["even_in_interval"]],
        "round_cap": base_run.summary(pack)["round_cap"],
        "params": params.to_json(),
    }


# ---------------------------------------------------------------------- bot strength
def bot_strength(
    pack: Pack,
    params: PlaytestParams,
    games: int,
    *,
    jobs: int = 1,
    progress: Callable[[str, Progress], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    game_seconds: float | None = None,
) -> dict[str, Any]:
    """How strong the heuristic bot is: for each alliance, ``games`` games in which it
    plays that alliance and the random bot plays every other (same seeds, same round
    limit as ``params``); the heuristic alliance's win rate with its Wilson interval."""
    from gamecore.engine import new_game

    if games < 1:
        raise WarroomError("--bot-strength must be at least 1 game")
    scn = params.scenario
    labels = side_labels(pack, scn)
    state = new_game(pack, scn, seed=params.seed, rounds=1, log="none")
    sides = sorted({state.side_of(n) for slot in state.board.turn_slots for n in slot})
    out: dict[str, Any] = {"games": games, "sides": {}}
    for side in sides:
        p = replace(params, bots=f"{side}=heuristic,*=random")
        run = run_playtest(
            pack,
            p,
            games,
            jobs=jobs,
            progress=(lambda pr, s=side: progress(f"bot strength {s}", pr)) if progress else None,
            cancel=cancel,
            game_seconds=game_seconds,
        )
        if run.cancelled:
            raise WarroomError("the bot-strength games were stopped")
        s = summarise(run.records, labels=labels)
        d = dict(s["sides"].get(side) or {"wins": 0, "games": s["completed"], "rate": 0.0})
        d.setdefault("lo", wilson(d["wins"], d["games"])[0])
        d.setdefault("hi", wilson(d["wins"], d["games"])[1])
        d["name"] = (labels.get(side) or {}).get("name", side)
        out["sides"][side] = d
    return out
