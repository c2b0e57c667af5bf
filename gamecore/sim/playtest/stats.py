"""Statistics of a batch of playtest games: the numbers of the balance report.

Everything here works on game records (see :mod:`gamecore.sim.playtest.game`) and returns
plain JSON-able dicts, so ``--json``, the HTML report, the editor dock and the map mode
all read the same numbers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from gamecore.sim.playtest.ending import activity, endings, headline

Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion ``k/n`` (95% by default). ``(0, 1)`` when
    ``n`` is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    den = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den
    lo = 0.0 if k <= 0 else max(0.0, min(p, centre - half))
    hi = 1.0 if k >= n else min(1.0, max(p, centre + half))
    return (lo, hi)


def binomial_tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p) (exact; for the "at least X% of games" tests)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    total = 0.0
    for i in range(k, n + 1):
        total += math.comb(n, i) * p**i * (1 - p) ** (n - i)
    return min(1.0, total)


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear-interpolated quantile of already sorted values."""
    if not sorted_values:
        return 0.0
    if len(sorted_values) == 1:
        return float(sorted_values[0])
    pos = q * (len(sorted_values) - 1)
    lo = int(math.floor(pos))
    hi = min(lo + 1, len(sorted_values) - 1)
    frac = pos - lo
    return float(sorted_values[lo] * (1 - frac) + sorted_values[hi] * frac)


def _rate(k: int, n: int) -> dict[str, float]:
    lo, hi = wilson(k, n)
    return {"wins": k, "games": n, "rate": (k / n) if n else 0.0, "lo": lo, "hi": hi}


def _share(k: int, n: int) -> dict[str, float]:
    """A count out of ``n`` games with its rate and Wilson 95% interval."""
    lo, hi = wilson(k, n)
    return {"count": k, "games": n, "rate": (k / n) if n else 0.0, "lo": lo, "hi": hi}


def _spread(values: Sequence[float]) -> dict[str, float]:
    vals = sorted(float(v) for v in values)
    return {
        "mean": (sum(vals) / len(vals)) if vals else 0.0,
        "p10": quantile(vals, 0.1),
        "p90": quantile(vals, 0.9),
    }


def winner_side(winner: Any, sides_of: dict[str, str]) -> str | None:
    """The side a record's ``winner`` names: a side id as it is, a nation (or a list of
    nations all of one side, as older records wrote "GER,ITA,JPN") as its side."""
    if winner is None or winner == "":
        return None
    w = str(winner)
    if w in set(sides_of.values()):
        return w
    if w in sides_of:
        return sides_of[w]
    parts = {sides_of.get(p.strip(), p.strip()) for p in w.split(",") if p.strip()}
    if len(parts) == 1:
        return parts.pop()
    return w


def summarise(
    records: Iterable[dict[str, Any]],
    zone_names: dict[int, tuple[str, str]] | None = None,
    decisive_top: int = 10,
    labels: dict[str, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The balance numbers of ``records``.

    ``zone_names``: zone id -> (code, name), to label zones. ``labels``: side or nation
    id -> {"name": …, "members": […]} (the scenario's alliances and nations), so every
    row carries the name a reader knows. Games that failed ("error") or stalled are
    counted apart and left out of the rates."""
    labels = labels or {}
    recs = sorted(records, key=lambda r: r.get("index", 0))
    ok = [r for r in recs if r.get("status", "ok") == "ok"]
    failed = [r for r in recs if r.get("status", "ok") != "ok"]
    stalled = [r for r in recs if r.get("status") in ("stalled", "stuck")]
    n = len(ok)
    sides_of: dict[str, str] = {}
    for r in recs:
        sides_of.update(r.get("sides") or {})
    sides = sorted(set(sides_of.values()))
    # win rates, and by which rule each game was won
    wins: dict[str, int] = {s: 0 for s in sides}
    ended: dict[str, int] = {}
    ended_side: dict[str, dict[str, int]] = {}
    draws = 0
    for r in ok:
        w = winner_side(r.get("winner"), sides_of)
        kind = _reason_kind(r.get("reason", ""))
        ended[kind] = ended.get(kind, 0) + 1
        if w is None:
            draws += 1
            w_key = "draw"
        else:
            wins[w] = wins.get(w, 0) + 1
            w_key = w
        ended_side.setdefault(kind, {})
        ended_side[kind][w_key] = ended_side[kind].get(w_key, 0) + 1
    side_rates = {}
    for s in sorted(wins):
        d = _rate(wins.get(s, 0), n)
        lab = labels.get(s) or {}
        d["name"] = lab.get("name", s)
        d["members"] = sorted(lab.get("members") or [x for x, y in sides_of.items() if y == s])
        side_rates[s] = d
    # per nation: what it held at the end, and whether (when) it was knocked out
    nation_rates = {}
    for nat, side in sorted(sides_of.items()):
        ends = [(r.get("nations_end") or {}).get(nat) for r in ok]
        ends = [e for e in ends if e]
        elim_rounds = [int(e["eliminated"]) for e in ends if e.get("eliminated") is not None]
        incomes = [float((r.get("final_income") or {}).get(nat, 0)) for r in ok]
        d = {
            "name": (labels.get(nat) or {}).get("name", nat),
            "side": side,
            "side_name": side_rates.get(side, {}).get("name", side),
            "side_win_rate": side_rates.get(side, {}).get("rate", 0.0),
            "income": _spread(incomes),
            "final_income_mean": (sum(incomes) / len(incomes)) if incomes else 0.0,
            "units": _spread([e.get("units", 0) for e in ends]),
            "tuv": _spread([e.get("tuv", 0) for e in ends]),
            "zones": _spread([e.get("zones", 0) for e in ends]),
            "eliminated": _share(len(elim_rounds), len(ends)),
        }
        d["eliminated"]["mean_round"] = sum(elim_rounds) / len(elim_rounds) if elim_rounds else None
        nation_rates[nat] = d
    # game length
    lengths = sorted(int(r.get("rounds", 0)) for r in ok)
    hist: dict[str, int] = {}
    for v in lengths:
        hist[str(v)] = hist.get(str(v), 0) + 1
    length = {
        "mean": (sum(lengths) / n) if n else 0.0,
        "min": lengths[0] if lengths else 0,
        "max": lengths[-1] if lengths else 0,
        "median": quantile(lengths, 0.5),
        "histogram": dict(sorted(hist.items(), key=lambda kv: int(kv[0]))),
        "reasons": dict(sorted(ended.items())),
    }
    ended_by = {
        k: {**_share(c, n), "winners": dict(sorted(ended_side.get(k, {}).items()))}
        for k, c in sorted(ended.items())
    }
    income = _nation_curves(ok, sorted(sides_of), lambda r, nat: (r.get("income") or {}).get(nat))
    curves = {key: _side_curves(ok, sides_of, key) for key in ("income", "units", "tuv", "zones")}
    # zones: captures and battles per game
    zones: dict[str, dict[str, Any]] = {}
    for r in ok:
        for z, c in (r.get("captures") or {}).items():
            zones.setdefault(str(z), {"captures": 0, "battles": 0})["captures"] += c
        for z, c in (r.get("battles") or {}).items():
            zones.setdefault(str(z), {"captures": 0, "battles": 0})["battles"] += c
    for z, d in zones.items():
        d["captures_per_game"] = d["captures"] / n if n else 0.0
        d["battles_per_game"] = d["battles"] / n if n else 0.0
        if zone_names and int(z) in zone_names:
            d["code"], d["name"] = zone_names[int(z)]
    zones = dict(sorted(zones.items(), key=lambda kv: int(kv[0])))
    # victory points (3G40's victory tokens): each side's total at the end, and how often
    # each objective scored (only for games that score any)
    vp_games = [r for r in ok if r.get("vp_awards") is not None]
    victory_points: dict[str, Any] = {}
    if vp_games:
        victory_points = {
            "sides": {
                s: _spread([float((r.get("vp") or {}).get(s, 0)) for r in vp_games]) for s in sides
            },
            "objectives": {},
        }
        scored: dict[str, int] = {}
        for r in vp_games:
            for oid in {a[2] for a in r.get("vp_awards") or []}:
                scored[oid] = scored.get(oid, 0) + 1
        victory_points["objectives"] = {
            k: _share(c, len(vp_games)) for k, c in sorted(scored.items())
        }
    decisive = decisive_battles(ok, sides_of, zone_names, top=decisive_top, details=True)
    from_ending = {"endings": endings(ok), "activity": activity(ok, sides_of, labels)}
    for b in decisive["battles"]:
        b["side_name"] = side_rates.get(b["side"], {}).get("name", b["side"])
    out = {
        "games": len(recs),
        "completed": n,
        "failed": len(failed),
        "stalled": _share(len(stalled), len(recs)),
        "failures": [
            {
                "index": r.get("index"),
                "seed": r.get("seed"),
                "status": r.get("status"),
                "error": r.get("error", ""),
                **({"stalled_at": r["stalled_at"]} if r.get("stalled_at") else {}),
                **(
                    {"state": _state_line(r.get("nations_end") or {}, sides_of)}
                    if r.get("nations_end")
                    else {}
                ),
            }
            for r in failed[:20]
        ],
        "draws": draws,
        "draw_rate": (draws / n) if n else 0.0,
        "draw": _share(draws, n),
        "sides": side_rates,
        "nations": nation_rates,
        "length": length,
        "ended_by": ended_by,
        **({"victory_points": victory_points} if victory_points else {}),
        "income": income,
        "curves": curves,
        "zones": zones,
        "decisive": decisive["battles"],
        "decisive_test": {k: v for k, v in decisive.items() if k != "battles"},
        "advice": sample_size_advice(side_rates, n),
        "bot_errors": sum(int(r.get("bot_errors", 0)) for r in recs),
        "actions_mean": (sum(int(r.get("actions", 0)) for r in ok) / n) if n else 0.0,
        "seconds_mean": (sum(float(r.get("seconds", 0.0)) for r in ok) / n) if n else 0.0,
        **from_ending,
    }
    out["headline"] = headline(out)
    return out


def _state_line(ends: dict[str, dict[str, Any]], sides_of: dict[str, str]) -> dict[str, Any]:
    """Per side, what a stalled game had reached: income, units, TUV, zones."""
    out: dict[str, dict[str, int]] = {}
    for nat, e in ends.items():
        d = out.setdefault(sides_of.get(nat, nat), {"income": 0, "units": 0, "tuv": 0, "zones": 0})
        for k in d:
            d[k] += int(e.get(k, 0) or 0)
    return dict(sorted(out.items()))


def _nation_curves(ok, nations, get) -> dict[str, Any]:
    """Per nation per round: mean, 10% and 90% over the games still running that round."""
    out: dict[str, Any] = {}
    for nat in nations:
        series = [list(get(r, nat) or []) for r in ok]
        out[nat] = _band(series)
    return out


def _band(series: list[list[float]]) -> dict[str, list]:
    rounds = max((len(s) for s in series), default=0)
    mean, p10, p90, cnt = [], [], [], []
    for i in range(rounds):
        vals = sorted(float(s[i]) for s in series if i < len(s))
        cnt.append(len(vals))
        mean.append(sum(vals) / len(vals) if vals else 0.0)
        p10.append(quantile(vals, 0.1))
        p90.append(quantile(vals, 0.9))
    return {
        "rounds": list(range(1, rounds + 1)),
        "mean": mean,
        "p10": p10,
        "p90": p90,
        "games": cnt,
    }


def _side_curves(ok, sides_of: dict[str, str], key: str) -> dict[str, Any]:
    """Per side per round: the sum over its nations of ``key`` (income collected, or
    units / TUV / zones at the round's end), as a band over the games."""
    sides = sorted(set(sides_of.values()))
    out = {}
    for side in sides:
        members = [n for n, s in sides_of.items() if s == side]
        series = []
        for r in ok:
            src = r.get("income") if key == "income" else (r.get("curves") or {}).get(key)
            if not src:
                continue
            length = max((len(src.get(m, [])) for m in members), default=0)
            series.append(
                [sum(src[m][i] for m in members if i < len(src.get(m, []))) for i in range(length)]
            )
        out[side] = _band(series)
    return out


def _reason_kind(reason: str) -> str:
    """How a game ended, by the game's own rule: "objective ID", "victory cities",
    "conquest", or "round limit (TIEBREAK)" (the ruleset's ``round_limit_winner``)."""
    if reason.startswith("round limit"):
        return reason
    if reason.startswith("objective") or reason.startswith("event"):
        return reason
    if "victory cities" in reason:
        return "victory cities"
    if "gone" in reason:
        return "conquest"
    return reason or "unknown"


def fisher_exact(a: int, b: int, c: int, d: int) -> float:
    """Two-sided p-value of Fisher's exact test of the 2×2 table [[a, b], [c, d]]: the
    total probability, with the margins fixed, of the tables no likelier than this one."""
    r1, r2, c1 = a + b, c + d, a + c
    n = r1 + r2
    if n == 0:
        return 1.0

    def logp(x: int) -> float:
        return _lcomb(r1, x) + _lcomb(r2, c1 - x) - _lcomb(n, c1)

    lo, hi = max(0, c1 - r2), min(r1, c1)
    here = logp(a)
    total = 0.0
    for x in range(lo, hi + 1):
        lp = logp(x)
        if lp <= here + 1e-9:
            total += math.exp(lp)
    return min(1.0, total)


def _lcomb(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def benjamini_hochberg(pvalues: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values (q-values), in the order given: a finding
    with q <= 0.05 keeps the expected share of false discoveries among those kept at 5%."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    q = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, pvalues[i] * m / rank)
        q[i] = min(1.0, running)
    return q


#: the false-discovery rate decisive battles are kept at
FDR = 0.05


def decisive_battles(
    records: Sequence[dict[str, Any]],
    sides_of: dict[str, str],
    zone_names: dict[int, tuple[str, str]] | None = None,
    top: int = 10,
    min_share: float = 0.05,
    fdr: float = FDR,
    details: bool = False,
) -> Any:
    """Battles whose outcome changes the attacker side's chance of winning the game, and
    survive a multiple-testing correction.

    A battle is identified by (round, attacking nation, zone). Each one fought in enough
    games (at least ``min_share`` of them and 3, with both outcomes seen at least twice)
    is tested: the attacker side's win rate when it took the zone against when it did not,
    by Fisher's exact test (two-sided). All tested battles are then corrected together
    with Benjamini–Hochberg; only those with ``q <= fdr`` and a non-zero difference are
    kept, largest difference first. Each carries both conditional rates with Wilson
    intervals, the difference ``delta``, ``p`` and ``q``. With ``details`` the answer is
    ``{"battles": [...], "tested": m, "method": …, "fdr": …}``."""
    n = len(records)
    table: dict[tuple[int, str, int], list[list[int]]] = {}
    for r in records:
        seen = set()
        w = winner_side(r.get("winner"), sides_of)
        for rnd, att, zone, res in r.get("fights") or []:
            key = (int(rnd), str(att), int(zone))
            if key in seen:
                continue
            seen.add(key)
            side = sides_of.get(att, att)
            won_game = 1 if w == side else 0
            cell = table.setdefault(key, [[0, 0], [0, 0]])  # [outcome won?][games, side wins]
            i = 1 if res == "a" else 0
            cell[i][0] += 1
            cell[i][1] += won_game
    need = max(3, int(math.ceil(min_share * n)))
    tested = []
    for (rnd, att, zone), cell in table.items():
        (n_lost, w_lost), (n_won, w_won) = cell
        if n_lost + n_won < need or n_lost < 2 or n_won < 2:
            continue
        r_won = w_won / n_won
        r_lost = w_lost / n_lost
        p = fisher_exact(w_won, n_won - w_won, w_lost, n_lost - w_lost)
        lo_t, hi_t = wilson(w_won, n_won)
        lo_n, hi_n = wilson(w_lost, n_lost)
        item = {
            "round": rnd,
            "attacker": att,
            "side": sides_of.get(att, att),
            "zone": zone,
            "games": n_won + n_lost,
            "attacker_won": n_won,
            "win_rate_if_taken": r_won,
            "if_taken_lo": lo_t,
            "if_taken_hi": hi_t,
            "win_rate_if_not": r_lost,
            "if_not_lo": lo_n,
            "if_not_hi": hi_n,
            "delta": r_won - r_lost,
            "p": p,
        }
        if zone_names and zone in zone_names:
            item["code"], item["name"] = zone_names[zone]
        tested.append(item)
    for item, q in zip(tested, benjamini_hochberg([t["p"] for t in tested]), strict=True):
        item["q"] = q
    kept = [t for t in tested if t["q"] <= fdr and t["delta"] != 0]
    kept.sort(key=lambda d: (-abs(d["delta"]), d["q"], d["round"], d["zone"]))
    kept = kept[:top]
    if not details:
        return kept
    return {
        "battles": kept,
        "tested": len(tested),
        "significant": len([t for t in tested if t["q"] <= fdr and t["delta"] != 0]),
        "method": "Fisher's exact test, Benjamini–Hochberg correction",
        "fdr": fdr,
    }


Z80 = 0.8416212335729143  # one-sided 80% power


def games_to_tell(p1: float, p0: float = 0.5) -> int:
    """Games needed to tell a true win rate ``p1`` from ``p0`` (two-sided test at 95%
    confidence with 80% power, normal approximation)."""
    if abs(p1 - p0) < 1e-9:
        return 0
    num = Z95 * math.sqrt(p0 * (1 - p0)) + Z80 * math.sqrt(p1 * (1 - p1))
    return int(math.ceil((num / (p1 - p0)) ** 2))


def sample_size_advice(side_rates: dict[str, dict[str, Any]], n: int) -> dict[str, Any]:
    """How sure the batch is about balance, and how many more games would make it sure:
    whether the first side's interval still holds 50%, the games needed to tell 55% from
    50%, and the games needed to tell the observed rate from 50%."""
    out: dict[str, Any] = {"games": n, "target": 0.55}
    need55 = games_to_tell(0.55)
    out["games_for_target"] = need55
    out["more_for_target"] = max(0, need55 - n)
    if not side_rates:
        return out
    side, d = max(side_rates.items(), key=lambda kv: (kv[1]["rate"], kv[0]))
    out["side"] = side
    out["name"] = d.get("name", side)
    out["rate"] = d["rate"]
    out["half_width"] = (d["hi"] - d["lo"]) / 2
    out["excludes_even"] = d["lo"] > 0.5 or d["hi"] < 0.5
    if n and abs(d["rate"] - 0.5) >= 0.01:
        need = games_to_tell(d["rate"])
        out["games_for_observed"] = need
        out["more_for_observed"] = max(0, need - n)
    parts = [
        f"{need55} games tell a 55% side from an even game (95% confidence, 80% power)"
        + (f": {out['more_for_target']} more" if out["more_for_target"] else ": enough")
    ]
    if "games_for_observed" in out:
        parts.append(
            f"{out['games_for_observed']} games would tell {out['name']} at "
            f"{100 * d['rate']:.0f}% from 50%"
            + (f" ({out['more_for_observed']} more)" if out["more_for_observed"] else "")
        )
    out["text"] = "; ".join(parts)
    return out


def heatmap_values(summary: dict[str, Any], what: str = "battles") -> dict[int, float]:
    """Zone id -> per-game count of ``what`` ("battles" or "captures"): the numbers the
    editor's map mode and the report's heatmap paint."""
    key = f"{what}_per_game"
    return {int(z): float(d.get(key, 0.0)) for z, d in (summary.get("zones") or {}).items()}
