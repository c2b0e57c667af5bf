"""TOML from a stranger (a pack's own ruleset), parsed within limits.

:func:`tomllib.loads` recurses once per nested ``[`` or ``{`` (100,000 of them raise
:class:`RecursionError`), converts integers of any length (5,000 digits raise
:class:`ValueError` past Python's digit limit, and shorter ones are bigger than anything
a rule needs) and returns dates and times that no ruleset uses and JSON cannot print.
:func:`loads` refuses all of these with a :class:`TomlLimitError` (a ``ValueError``
carrying one short line naming the key), before parsing what it can tell from the text
(size, nesting) and after it (values)."""

from __future__ import annotations

import datetime as _dt
import math
import tomllib
from typing import Any

#: the longest TOML text accepted (the bundled rulesets are under 70 KB)
MAX_CHARS = 1024 * 1024
#: the deepest nesting of arrays and inline tables (and of tables, counted by key)
MAX_DEPTH = 32
#: integers beyond 64 bits are no rule's value
INT64_MAX = 2**63 - 1


class TomlLimitError(ValueError):
    """Text that is not TOML, or TOML past a limit: one line saying why (and where)."""


def _bracket_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` outside strings and comments, or of the parts
    of a dotted key (dots on one line that are not a number's): an estimate that never
    undercounts what the parser would recurse on or loop over (tomllib's time grows with
    the square of a dotted key's parts: 5,000 take seconds)."""
    depth = deepest = dots = 0
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            dots = 0
        elif c == "." and not (0 < i < n - 1 and text[i - 1].isdigit() and text[i + 1].isdigit()):
            dots += 1
            deepest = max(deepest, dots)
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth = max(0, depth - 1)
        elif c == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        elif c in "\"'":
            quote = text[i : i + 3] if text[i : i + 3] == c * 3 else c
            j = i + len(quote)
            while j < n:
                if c == '"' and text[j] == "\\":
                    j += 2
                    continue
                if text.startswith(quote, j):
                    break
                if len(quote) == 1 and text[j] == "\n":
                    break
                j += 1
            i = j + len(quote)
            continue
        i += 1
    return deepest


def _check(value: Any, key: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise TomlLimitError(f"key '{key}': nested deeper than {MAX_DEPTH}")
    if isinstance(value, dict):
        for k, v in value.items():
            _check(v, f"{key}.{k}" if key else str(k), depth + 1)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _check(v, f"{key}[{i}]", depth + 1)
    elif isinstance(value, bool):
        return
    elif isinstance(value, int):
        if not -INT64_MAX - 1 <= value <= INT64_MAX:
            raise TomlLimitError(f"key '{key}': integer too large (beyond 64 bits)")
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise TomlLimitError(f"key '{key}': {value} is not a number a rule can use")
    elif isinstance(value, _dt.date | _dt.time):
        raise TomlLimitError(
            f"key '{key}': a TOML date or time is not a ruleset value (write it as a string)"
        )


def loads(text: str) -> dict[str, Any]:
    """Parse TOML ``text`` like :func:`tomllib.loads`, within the limits above."""
    if len(text) > MAX_CHARS:
        raise TomlLimitError(f"{len(text):,} characters: longer than {MAX_CHARS:,}")
    if _bracket_depth(text) > MAX_DEPTH:
        raise TomlLimitError(f"arrays, tables or dotted keys nested deeper than {MAX_DEPTH}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise TomlLimitError(f"not valid TOML: {err}") from None
    except ValueError:  # an integer past Python's digit limit (4,300 digits)
        raise TomlLimitError("an integer with thousands of digits (beyond 64 bits)") from None
    except RecursionError:
        raise TomlLimitError(f"nested deeper than {MAX_DEPTH}") from None
    _check(data, "", 0)
    return data
