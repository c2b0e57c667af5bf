"""Modifier policies: how several modifiers to one die value combine.

``sum`` adds them all (A&A, The War Game's generals). ``highest_only`` keeps the single
modifier of largest size, a tie between a bonus and a penalty broken by the
``modifier_tiebreak`` option (rules-notes/003 §4.1: "only the highest modifier applies").
``best_and_worst`` keeps the best bonus and the worst penalty and adds the two (Global War
1936-1945, seeds/000 §0.3 (a)-(b): "only the highest positive ... only the single worst
negative"); with the ruleset option ``modifier_floor`` = 1 a penalty never takes a value
below 1 (§0.3 (d)), see :func:`modified`.
A ruleset names its policy in ``options.modifier_policy``; new policies register here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gamecore.engine.options import OptionSpec


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


def _best_and_worst(mods: Sequence[int], tiebreak: str = "bonus") -> int:
    best = max((m for m in mods if m > 0), default=0)
    worst = min((m for m in mods if m < 0), default=0)
    return best + worst


POLICIES: dict[str, Callable[[Sequence[int], str], int]] = {
    "sum": _sum,
    "highest_only": _highest_only,
    "best_and_worst": _best_and_worst,
}


def combine(mods: Sequence[int], policy: str = "sum", tiebreak: str = "bonus") -> int:
    try:
        fn = POLICIES[policy]
    except KeyError:
        raise ValueError(f"unknown modifier policy '{policy}'") from None
    return fn(mods, tiebreak)


def register_policy(name: str, fn: Callable[[Sequence[int], str], int]) -> None:
    POLICIES[name] = fn


def modified(
    base: int,
    mods: Sequence[int],
    policy: str = "sum",
    tiebreak: str = "bonus",
    floor: int = 0,
    dice: int = 6,
) -> int:
    """The hit value ``base`` after ``mods`` combined by ``policy``, clipped to 0..dice.
    A unit without a value (0) gains none; a net penalty never takes a value below
    ``floor`` (nor a value already below it lower still)."""
    v = base
    if mods and base > 0:
        c = combine(mods, policy, tiebreak)
        v = base + c
        if c < 0:
            v = max(v, min(base, floor))
    return max(0, min(dice, v))


# ---------------------------------------------------------------------- options
#: the options this module reads (declared for the rule system: typed, checked at load)
OPTIONS = (
    OptionSpec(
        "modifier_policy",
        "str",
        "sum",
        doc="how modifiers combine (gamecore.rules.modifiers.POLICIES): sum, highest_only, best_and_worst",
        owner="gamecore.rules.modifiers",
    ),
    OptionSpec(
        "modifier_floor",
        "int",
        0,
        doc="a net penalty never takes a hit value below this (Global War: 1)",
        owner="gamecore.rules.modifiers",
    ),
    OptionSpec(
        "modifier_tiebreak",
        "str",
        "bonus",
        choices=("bonus", "penalty"),
        doc="for highest_only, equal size: 'bonus' | 'penalty'",
        owner="gamecore.rules.modifiers",
    ),
)
