"""Statistics of a batch of playtest games: the numbers of the balance report.

Everything here works on game records (see :mod:`gamecore.sim.playtest.game`) and returns
plain JSON-able dicts, so ``--json``, the HTML report, the editor dock and the map mode
all read the same numbers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

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


def summarise(
    records: Iterable[dict[str, Any]],
    zone_names: dict[int, tuple[str, str]] | None = None,
    decisive_top: int = 10,
) -> dict[str, Any]:
    """The balance numbers of ``records``.

    ``zone_names``: zone id -> (code, name), to label zones. Games that failed
    ("error"/"stuck") are counted apart and left out of the rates."""
    recs = sorted(records, key=lambda r: r.get("index", 0))
    ok = [r for r in recs if r.get("status", "ok") == "ok"]
    failed = [r for r in recs if r.get("status", "ok") != "ok"]
    n = len(ok)
    sides_of: dict[str, str] = {}
    for r in recs:
        sides_of.update(r.get("sides") or {})
    sides = sorted(set(sides_of.values()))
    # win rates
    wins: dict[str, int] = {s: 0 for s in sides}
    draws = 0
    for r in ok:
        w = r.get("winner")
        if w is None:
            draws += 1
        else:
            wins[w] = wins.get(w, 0) + 1
    side_rates = {s: _rate(wins.get(s, 0), n) for s in sorted(wins)}
    nation_rates = {}
    for nat, side in sorted(sides_of.items()):
        d = _rate(wins.get(side, 0), n)
        d["side"] = side
        incomes = sorted(float(r.get("final_income", {}).get(nat, 0)) for r in ok)
        d["final_income_mean"] = (sum(incomes) / len(incomes)) if incomes else 0.0
        nation_rates[nat] = d
    # game length
    lengths = sorted(int(r.get("rounds", 0)) for r in ok)
    hist: dict[str, int] = {}
    for v in lengths:
        hist[str(v)] = hist.get(str(v), 0) + 1
    reasons: dict[str, int] = {}
    for r in ok:
        key = _reason_kind(r.get("reason", ""))
        reasons[key] = reasons.get(key, 0) + 1
    length = {
        "mean": (sum(lengths) / n) if n else 0.0,
        "min": lengths[0] if lengths else 0,
        "max": lengths[-1] if lengths else 0,
        "median": quantile(lengths, 0.5),
        "histogram": dict(sorted(hist.items(), key=lambda kv: int(kv[0]))),
        "reasons": dict(sorted(reasons.items())),
    }
    # income per nation per round (games still running that round)
    income: dict[str, Any] = {}
    for nat in sorted(sides_of):
        rounds = max((len(r.get("income", {}).get(nat, [])) for r in ok), default=0)
        mean, p10, p90, cnt = [], [], [], []
        for i in range(rounds):
            vals = sorted(
                float(r["income"][nat][i])
                for r in ok
                if nat in r.get("income", {}) and i < len(r["income"][nat])
            )
            cnt.append(len(vals))
            mean.append(sum(vals) / len(vals) if vals else 0.0)
            p10.append(quantile(vals, 0.1))
            p90.append(quantile(vals, 0.9))
        income[nat] = {
            "rounds": list(range(1, rounds + 1)),
            "mean": mean,
            "p10": p10,
            "p90": p90,
            "games": cnt,
        }
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
    return {
        "games": len(recs),
        "completed": n,
        "failed": len(failed),
        "failures": [
            {
                "index": r.get("index"),
                "seed": r.get("seed"),
                "status": r.get("status"),
                "error": r.get("error", ""),
            }
            for r in failed[:20]
        ],
        "draws": draws,
        "draw_rate": (draws / n) if n else 0.0,
        "sides": side_rates,
        "nations": nation_rates,
        "length": length,
        "income": income,
        "zones": zones,
        "decisive": decisive_battles(ok, sides_of, zone_names, top=decisive_top),
        "bot_errors": sum(int(r.get("bot_errors", 0)) for r in recs),
        "actions_mean": (sum(int(r.get("actions", 0)) for r in ok) / n) if n else 0.0,
        "seconds_mean": (sum(float(r.get("seconds", 0.0)) for r in ok) / n) if n else 0.0,
    }


def _reason_kind(reason: str) -> str:
    if reason.startswith("round limit"):
        return "round limit"
    if reason.startswith("objective"):
        return "objective"
    if "victory cities" in reason:
        return "victory cities"
    if "gone" in reason:
        return "conquest"
    return reason or "unknown"


def decisive_battles(
    records: Sequence[dict[str, Any]],
    sides_of: dict[str, str],
    zone_names: dict[int, tuple[str, str]] | None = None,
    top: int = 10,
    min_share: float = 0.05,
) -> list[dict[str, Any]]:
    """Battles whose outcome most changes the attacker side's win rate.

    A battle is identified by (round, attacking nation, zone). For each one fought in
    enough games (at least ``min_share`` of them and 3, with both outcomes seen at least
    twice), compare the attacker side's win rate when the attacker took the zone with
    when it did not. ``delta`` is the difference; ``z`` a two-proportion z score (how
    sure the difference is); they are ranked by ``|delta|`` weighted by that evidence."""
    n = len(records)
    if n == 0:
        return []
    need = max(3, int(math.ceil(min_share * n)))
    table: dict[tuple[int, str, int], list[list[int]]] = {}
    for r in records:
        seen = set()
        for rnd, att, zone, res in r.get("fights") or []:
            key = (int(rnd), str(att), int(zone))
            if key in seen:
                continue
            seen.add(key)
            side = sides_of.get(att, att)
            won_game = 1 if r.get("winner") == side else 0
            cell = table.setdefault(key, [[0, 0], [0, 0]])  # [outcome won?][games, side wins]
            i = 1 if res == "a" else 0
            cell[i][0] += 1
            cell[i][1] += won_game
    out = []
    for (rnd, att, zone), cell in table.items():
        (n_lost, w_lost), (n_won, w_won) = cell
        if n_lost + n_won < need or n_lost < 2 or n_won < 2:
            continue
        r_won = w_won / n_won
        r_lost = w_lost / n_lost
        delta = r_won - r_lost
        pooled = (w_won + w_lost) / (n_won + n_lost)
        se = math.sqrt(max(pooled * (1 - pooled), 1e-12) * (1 / n_won + 1 / n_lost))
        zscore = delta / se if se > 0 else 0.0
        item = {
            "round": rnd,
            "attacker": att,
            "side": sides_of.get(att, att),
            "zone": zone,
            "games": n_won + n_lost,
            "attacker_won": n_won,
            "win_rate_if_taken": r_won,
            "win_rate_if_not": r_lost,
            "delta": delta,
            "z": zscore,
        }
        if zone_names and zone in zone_names:
            item["code"], item["name"] = zone_names[zone]
        out.append(item)
    out.sort(key=lambda d: (-abs(d["delta"]) * min(1.0, abs(d["z"]) / Z95), d["round"], d["zone"]))
    return out[:top]


def heatmap_values(summary: dict[str, Any], what: str = "battles") -> dict[int, float]:
    """Zone id -> per-game count of ``what`` ("battles" or "captures"): the numbers the
    editor's map mode and the report's heatmap paint."""
    key = f"{what}_per_game"
    return {int(z): float(d.get(key, 0.0)) for z, d in (summary.get("zones") or {}).items()}
