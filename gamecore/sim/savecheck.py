"""The schema of a saved game (what :meth:`PlaySession.save` writes), checked field by
field as the file is loaded: a saved game is untrusted input, and a field of the wrong
type or range would otherwise load and crash later (a text round limit at the end of
the first round, a list as a seat when the bots are made). Depth and integer size are
limited by :mod:`gamecore.safejson` as the file is parsed."""

from __future__ import annotations

from typing import Any

from gamecore.engine.actions import Action

#: the longest game a save may set (rounds); the CLI's --rounds has no use for more
MAX_ROUNDS = 10_000
#: the most units or path steps one logged action may name
MAX_ACTION_ITEMS = 100_000

_TEXT_FIELDS = {"kind", "type", "nation", "mode", "profile"}
_INT_FIELDS = {"count", "zone", "transport", "target"}
_LIST_FIELDS = {"units", "path"}


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, str | int | float | bool)


def _option_value(v: Any) -> bool:
    return _scalar(v) or (isinstance(v, list) and all(_scalar(x) for x in v))


def _start_problem(e: dict[str, Any]) -> str | None:
    if not isinstance(e.get("scenario"), str):
        return "field 'scenario' must be a text"
    if not _int(e.get("seed")):
        return "field 'seed' must be a whole number"
    r = e.get("rounds")
    if r is not None and not (_int(r) and 1 <= r <= MAX_ROUNDS):
        return f"field 'rounds' must be a whole number of rounds 1-{MAX_ROUNDS:,} or null"
    opts = e.get("options")
    if opts is not None and not (
        isinstance(opts, dict) and all(_option_value(v) for v in opts.values())
    ):
        return "field 'options' must be an object of option values"
    dec = e.get("decisions")
    if dec is not None and not (isinstance(dec, list) and all(isinstance(x, str) for x in dec)):
        return "field 'decisions' must be a list of texts"
    return None


def _action_problem(a: Any) -> str | None:
    if not isinstance(a, dict):
        return "field 'a' must be an object (an action)"
    for k, v in a.items():
        if k not in Action._fields:
            return f"field 'a.{k}' is not a field of an action"
        if k in _TEXT_FIELDS and not isinstance(v, str):
            return f"field 'a.{k}' must be a text"
        if k in _INT_FIELDS and not _int(v):
            return f"field 'a.{k}' must be a whole number"
        if k in _LIST_FIELDS and not (
            isinstance(v, list) and len(v) <= MAX_ACTION_ITEMS and all(_int(x) for x in v)
        ):
            return f"field 'a.{k}' must be a list of whole numbers"
    if not a.get("kind"):
        return "field 'a.kind' is missing"
    return None


def save_problem(data: Any) -> str | None:
    """What is wrong with a saved game's parsed JSON, naming the field (None: nothing).
    Format and version are checked by the loader (they decide whether it is a save)."""
    if not isinstance(data.get("pack"), str):
        return "field 'pack' must be a text (the pack's fingerprint)"
    seats = data.get("seats")
    if not isinstance(seats, dict) or not all(isinstance(v, str) for v in seats.values()):
        return "field 'seats' must be an object of nation: 'human' or a bot name"
    for key in ("pack_title",):
        if key in data and not isinstance(data[key], str):
            return f"field '{key}' must be a text"
    if "position" in data and not isinstance(data["position"], dict):
        return "field 'position' must be an object"
    log = data.get("log")
    if not isinstance(log, list) or not log:
        return "field 'log' must be a list of log entries"
    for no, e in enumerate(log, 1):
        if not isinstance(e, dict) or not isinstance(e.get("e"), str):
            return f"log entry {no} is not a log entry (an object with a text 'e')"
        if no == 1 and e["e"] != "start":
            return "log entry 1 is not the start entry"
        problem = None
        if e["e"] == "start":
            problem = "a second start entry" if no > 1 else _start_problem(e)
        elif e["e"] == "action":
            problem = _action_problem(e.get("a"))
            if problem is None and not isinstance(e.get("n", ""), str):
                problem = "field 'n' must be a text (a nation)"
        if problem:
            return f"log entry {no}: {problem}"
    return None
