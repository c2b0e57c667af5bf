"""Did the bots play the whole game? How a batch's games ended, and whether each power
took part.

Two questions a balance figure rests on:

- **How did the games end?** By the game's own victory condition (an objective, an
  event, victory cities, a rule system's sudden victory, or the scenario's own end rule
  at its own round limit, such as the most victory points), by conquest (the other sides are gone), or by the round cap's
  tiebreak (the ruleset's ``round_limit_winner``: most income, victory cities or points
  when the rounds run out; a limit the playtest imposed always counts here). A win
  rate made of tiebreaks measures who holds more income at round N, not who wins.
- **Did every power play?** Per power, the round of its first attack (a battle it
  started, or an enemy zone it took) and whether its income moved by round
  :data:`ACTIVE_BY`. A *major* power (starting income at least a quarter of the
  richest power's) that neither attacked nor moved its income was *passive*; a power
  passive in more than :data:`PASSIVE_WARN` of the games makes the balance figure
  suspect.

Records written before these fields existed (no ``end``, ``first_attack`` or
``nations_start``) are read from what they have: the end from the reason text, the
first attack from the fights, the income from what was collected each round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: the round by which a power's income should have moved
ACTIVE_BY = 6
#: a major power passive in more than this share of the games draws a warning
PASSIVE_WARN = 0.10
#: a power is major when its starting income is at least this share of the richest's
MAJOR_SHARE = 0.25
#: how a game ended, in the order the headline states them
END_KINDS = ("victory", "conquest", "cap", "other")
END_WORDS = {
    "victory": "the game's own victory condition",
    "conquest": "conquest",
    "cap": "the round cap's tiebreak",
    "other": "no decision (stalemate or no winner)",
}


def end_kind(
    reason: str,
    rounds: int = 0,
    cap: int = 0,
    cap_source: str | None = None,
    scores_vp: bool = False,
) -> str:
    """How a game whose ``game_over`` reason is ``reason`` ended: "victory",
    "conquest", "cap" or "other". ``cap_source`` is where the round limit came from
    ("scenario", "option", "default"; None for old records: not the scenario's).
    ``scores_vp``: the scenario scores victory points, so the most points at its own
    round limit is its victory condition (3G40's victory tokens), not a tiebreak."""
    reason = str(reason or "")
    if reason.startswith("stalemate"):
        return "other"
    if reason == "the other sides are gone":
        return "conquest"
    if reason.startswith("round limit"):
        # "round limit (income)" is the ruleset's tiebreak; any other round-limit reason
        # is a rule system's own end rule ("round limit: the Axis did not win"), which is
        # the game's victory condition only at the scenario's own limit
        if cap_source == "scenario" and (scores_vp or not reason.startswith("round limit (")):
            return "victory"
        return "cap"
    if not reason:
        return "cap" if cap and rounds >= cap else "other"
    return "victory"


def record_end(rec: dict[str, Any]) -> str:
    """The end kind of a record (its ``end`` field, or read from its reason)."""
    kind = rec.get("end")
    if kind in END_KINDS:
        return kind
    return end_kind(
        str(rec.get("reason") or ""),
        _int(rec.get("rounds")),
        _int(rec.get("round_cap")),
        rec.get("cap_source") if isinstance(rec.get("cap_source"), str) else None,
        "vp" in rec,
    )


def _int(v: Any) -> int:
    return int(v) if isinstance(v, int | float) and not isinstance(v, bool) else 0


def first_attacks(rec: dict[str, Any]) -> dict[str, int]:
    """Nation -> the round of its first attack in ``rec`` (nations that never attacked
    are left out)."""
    got = rec.get("first_attack")
    if isinstance(got, dict):
        return {str(n): _int(r) for n, r in got.items() if isinstance(r, int)}
    out: dict[str, int] = {}
    for f in rec.get("fights") or []:
        if isinstance(f, list | tuple) and len(f) >= 2 and isinstance(f[0], int):
            n = str(f[1])
            out[n] = min(out.get(n, f[0]), f[0])
    return out


def start_income(rec: dict[str, Any], nation: str) -> float:
    start = (rec.get("nations_start") or {}).get(nation)
    if isinstance(start, dict):
        return float(_int(start.get("income")))
    collected = (rec.get("income") or {}).get(nation) or []
    return float(_int(collected[0])) if collected else 0.0


def income_moved(rec: dict[str, Any], nation: str, by: int = ACTIVE_BY) -> bool:
    """Whether ``nation``'s income changed by the end of round ``by``: its income at
    each round's end (``curves.income``) against its starting income; old records
    compare the income collected in rounds 1..``by``."""
    curve = ((rec.get("curves") or {}).get("income") or {}).get(nation)
    if isinstance(curve, list) and "nations_start" in rec:
        base = start_income(rec, nation)
        return any(_int(v) != base for v in curve[:by])
    collected = [_int(v) for v in ((rec.get("income") or {}).get(nation) or [])[:by]]
    return len(set(collected)) > 1


def activity(
    ok: Sequence[dict[str, Any]],
    sides_of: dict[str, str],
    labels: dict[str, dict[str, Any]] | None = None,
) -> dict[str, dict[str, Any]]:
    """Per power over the games ``ok``: the round of its first attack (mean over the
    games it attacked in, earliest, share of games with none), the share of games its
    income moved by round :data:`ACTIVE_BY`, whether it is a major power, and the share
    of games it was passive in (no attack and flat income)."""
    labels = labels or {}
    n = len(ok)
    starts = {nat: (sum(start_income(r, nat) for r in ok) / n if n else 0.0) for nat in sides_of}
    richest = max(starts.values(), default=0.0)
    out: dict[str, dict[str, Any]] = {}
    for nat in sorted(sides_of):
        rounds = []
        moved = passive = 0
        for r in ok:
            fa = first_attacks(r).get(nat)
            mv = income_moved(r, nat)
            if fa is not None:
                rounds.append(fa)
            moved += mv
            passive += fa is None and not mv
        out[nat] = {
            "name": (labels.get(nat) or {}).get("name", nat),
            "side": sides_of[nat],
            "games": n,
            "first_attack_mean": (sum(rounds) / len(rounds)) if rounds else None,
            "first_attack_min": min(rounds) if rounds else None,
            "never_attacked": n - len(rounds),
            "income_moved": moved,
            "income_moved_rate": moved / n if n else 0.0,
            "start_income": starts[nat],
            "major": richest > 0 and starts[nat] >= MAJOR_SHARE * richest,
            "passive": passive,
            "passive_rate": passive / n if n else 0.0,
        }
    return out


def endings(ok: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The share of the games ``ok`` that ended each way (:data:`END_KINDS`)."""
    n = len(ok)
    counts = dict.fromkeys(END_KINDS, 0)
    for r in ok:
        counts[record_end(r)] += 1
    return {
        k: {"count": c, "games": n, "rate": c / n if n else 0.0, "words": END_WORDS[k]}
        for k, c in counts.items()
    }


def headline(summary: dict[str, Any]) -> dict[str, Any]:
    """The one line a summary leads with: who wins, how the games ended, and the
    warnings that say a figure is not to be trusted; plus the bot's measured strength
    when the summary carries it. ``{"winner": …, "ended": …, "warnings": [...],
    "text": …}``."""
    sides = summary.get("sides") or {}
    n = int(summary.get("completed") or 0)
    if sides and n and any(d.get("wins") for d in sides.values()):
        side, d = max(sides.items(), key=lambda kv: (kv[1].get("rate", 0.0), kv[0]))
        winner = (
            f"{d.get('name', side)} won {d.get('wins', 0)} of {n} games "
            f"({100 * d.get('rate', 0.0):.0f}%, 95% interval {100 * d.get('lo', 0.0):.0f}–"
            f"{100 * d.get('hi', 1.0):.0f}%)"
        )
    else:
        winner = f"no side won any of the {n} games"
    ends = summary.get("endings") or {}
    said = [f"{d['count']} by {d['words']}" for d in ends.values() if d.get("count")]
    ended = ("the games ended: " + ", ".join(said)) if said else "no game finished"
    warnings = []
    cap = ends.get("cap") or {}
    if n and cap.get("count", 0) * 2 > n:
        warnings.append(
            f"{cap['count']} of {n} games were decided by the round cap's tiebreak, not "
            "by the game's victory condition: the rates say who leads when the rounds "
            "run out"
        )
    longest = int((summary.get("length") or {}).get("max") or ACTIVE_BY)
    by = min(ACTIVE_BY, longest) if longest > 0 else ACTIVE_BY
    for nat, a in (summary.get("activity") or {}).items():
        if a.get("major") and a.get("passive_rate", 0.0) > PASSIVE_WARN:
            warnings.append(
                f"{a.get('name', nat)} was passive (no attack, income unchanged through "
                f"round {by}) in {a['passive']} of {a['games']} games"
            )
    text = f"{winner}; {ended}"
    if warnings:
        text += " — WARNING: " + "; ".join(warnings)
    strength = summary.get("bot_rating") or {}
    if strength.get("text"):
        text += f". {strength['text']}"
    return {"winner": winner, "ended": ended, "warnings": warnings, "text": text}
