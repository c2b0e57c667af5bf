"""Reading a ruleset's tables key by key: the checker that names the file, the key and the
reason of every problem, and the tables of known keys."""

from __future__ import annotations

from typing import Any

from gamecore.errors import RulesetError


class _Checker:
    def __init__(self, source: str):
        self.source = source

    def fail(self, key: str, reason: str):
        raise RulesetError(f"key '{key}': {reason}", self.source)

    def table(self, data: Any, key: str) -> dict:
        if not isinstance(data, dict):
            self.fail(key, "must be a table")
        return data

    def int_(self, v: Any, key: str, lo: int | None = 0, hi: int | None = None) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(key, f"must be an integer, not {v!r}")
        if lo is not None and v < lo:
            self.fail(key, f"must be >= {lo}, not {v}")
        if hi is not None and v > hi:
            self.fail(key, f"must be <= {hi}, not {v}")
        return v

    def bool_(self, v: Any, key: str) -> bool:
        if not isinstance(v, bool):
            self.fail(key, f"must be true or false, not {v!r}")
        return v

    def str_(self, v: Any, key: str) -> str:
        if not isinstance(v, str):
            self.fail(key, f"must be a string, not {v!r}")
        return v

    def strs(self, v: Any, key: str) -> tuple[str, ...]:
        if isinstance(v, str):
            return (v,)
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            self.fail(key, "must be a list of strings")
        return tuple(v)


#: the most movement points a unit type may have: searches take a step per point, so a
#: pack's ruleset with movement 1,000,000,000 played for ever (the rulebooks' longest
#: move is 8, TripleA maps' a few dozen)
MAX_MOVEMENT = 1000

_UNIT_INT_KEYS = {
    "cost": (0, None),
    "attack": (0, None),
    "defense": (0, None),
    "movement": (0, MAX_MOVEMENT),
    "hits": (1, None),
    "transport_capacity": (0, None),
    "transport_cost": (0, None),
    "carrier_capacity": (0, None),
    "carrier_cost": (0, None),
    "aa_shots": (0, None),
    "aa_value": (0, None),
    "bombard": (0, None),
    "air_battle": (0, None),
    "convoy_dice": (0, None),
    "target_selection": (0, None),
    "towed_movement": (0, MAX_MOVEMENT),
}
_FAC_INT_KEYS = (
    "cost",
    "production",
    "max_damage",
    "inoperative_at",
    "repair_cost",
    "min_value",
    "upgrade_cost",
    "aa_value",
    "air_move_bonus",
    "sea_move_bonus",
    "scramble",
    "coastal_shots",
    "coastal_value",
)
_FAC_BOOL_KEYS = (
    "needs_original",
    "forbid_island",
    "needs_coast",
    "repairs_ships",
    "buildable",
    "removed_on_capture",
)


_KNOWN_TOP = {
    "ruleset",
    "bots",
    "extends",
    "dice",
    "phases",
    "options",
    "units",
    "facilities",
    "terrain",
    "nations",
    "borders",
    "technologies",
    "optional",
}


#: what a rule system's ruleset checks receive: ``fail(key, reason)`` raises the
#: :class:`RulesetError` naming the file and the key
RulesetChecker = _Checker
