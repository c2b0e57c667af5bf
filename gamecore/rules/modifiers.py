"""Modifier policies: how several modifiers to one die value combine.

``sum`` adds them all (A&A, The War Game's generals). ``highest_only`` keeps the single
modifier of largest size, a tie between a bonus and a penalty broken by the
``modifier_tiebreak`` option (rules-notes/003 §4.1: "only the highest modifier applies").
A ruleset names its policy in ``options.modifier_policy``; new policies register here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def _sum(mods: Sequence[int], tiebreak: str = "bonus") -> int:
    return sum(mods)


def _highest_only(mods: Sequence[int], tiebreak: str = "bonus") -> int:
    if not mods:
        return 0
    size = max(abs(m) for m in mods)
    if size == 0:
        return 0
    cands = {m for m in mods if abs(m) == size}
    if len(cands) == 1:
        return cands.pop()
    return size if tiebreak == "bonus" else -size


POLICIES: dict[str, Callable[[Sequence[int], str], int]] = {
    "sum": _sum,
    "highest_only": _highest_only,
}


def combine(mods: Sequence[int], policy: str = "sum", tiebreak: str = "bonus") -> int:
    try:
        fn = POLICIES[policy]
    except KeyError:
        raise ValueError(f"unknown modifier policy '{policy}'") from None
    return fn(mods, tiebreak)


def register_policy(name: str, fn: Callable[[Sequence[int], str], int]) -> None:
    POLICIES[name] = fn
