"""The one JSON reader for untrusted text (pack columns, dumps, GeoJSON, game logs).

:func:`json.loads` on text from a stranger can raise :class:`RecursionError` (100,000
nested ``[``), :class:`ValueError` from an integer of more than 4,300 digits, or return
NaN/infinity for ``NaN``, ``1e999``. :func:`loads` refuses all of these up front with a
:class:`JsonLimitError` (a ``ValueError`` carrying a short, one-line reason), so the caller
only has to name the input.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import numpy as np

#: deepest nesting of lists/objects accepted (a pack needs at most ~8; GeoJSON 5)
MAX_DEPTH = 64
#: longest integer literal accepted (int64 has 19 digits)
MAX_INT_DIGITS = 19
#: integers must fit a signed 64-bit integer (what SQLite stores)
INT64_MAX = 2**63 - 1
#: largest text accepted by default, in characters
MAX_CHARS = 512 * 1024 * 1024

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")
_EXPONENT = re.compile(r"[eE][+-]?[0-9]{3}")
_LONG_DIGITS = re.compile(r"[0-9]{19}")


def _suspect_numbers(text: str) -> bool:
    """Whether ``text`` holds a run of 19+ digits or a 3-digit exponent: the only ways a
    JSON number can exceed int64 or a double (a fast scan, numbers are rarely so)."""
    return bool(_EXPONENT.search(text) or _LONG_DIGITS.search(text))


class JsonLimitError(ValueError):
    """JSON text that is not valid, too deep, too big or holds a non-finite number."""


def _too_deep(text: str, limit: int) -> bool:
    opens = text.count("[") + text.count("{")
    if opens <= limit:
        return False  # cannot nest deeper than the number of openers
    marks = "".join(_BRACKETS.findall(_STRING.sub("", text))).encode("ascii")
    if not marks:
        return False
    arr = np.frombuffer(marks, dtype=np.uint8)
    steps = np.where((arr == ord("[")) | (arr == ord("{")), 1, -1)
    return bool(np.cumsum(steps, dtype=np.int64).max() > limit)


def _parse_int(s: str) -> int:
    if len(s.lstrip("-")) > MAX_INT_DIGITS:
        raise JsonLimitError(f"integer of {len(s.lstrip('-'))} digits is too large")
    v = int(s)
    if not -INT64_MAX - 1 <= v <= INT64_MAX:
        raise JsonLimitError(f"integer {s} does not fit 64 bits")
    return v


def _parse_float(s: str) -> float:
    if len(s) > 400:
        raise JsonLimitError(f"number of {len(s)} characters is too long")
    v = float(s)
    if not math.isfinite(v):
        raise JsonLimitError(f"number {s[:20]} is out of range")
    return v


def _no_constant(name: str) -> Any:
    raise JsonLimitError(f"{name} is not allowed")


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH, max_chars: int = MAX_CHARS) -> Any:
    """Parse ``text`` like :func:`json.loads`, refusing (with :class:`JsonLimitError`) text
    that is not JSON, nests deeper than ``max_depth``, is longer than ``max_chars``, or holds
    NaN, infinities, out-of-range numbers or integers beyond 64 bits."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as err:
            raise JsonLimitError(f"not UTF-8 text (byte {err.start})") from None
    if not isinstance(text, str):
        raise JsonLimitError(f"expected JSON text, got {type(text).__name__}")
    if len(text) > max_chars:
        raise JsonLimitError(f"JSON text of {len(text):,} characters is too large")
    if text.startswith("\ufeff"):
        text = text[1:]
    if _too_deep(text, max_depth):
        raise JsonLimitError(f"nested deeper than {max_depth} levels")
    # numbers are checked one by one (a Python call each) only when the text holds a
    # run of 19+ digits or a 3-digit exponent, the only ways to exceed int64 or a double
    careful = _suspect_numbers(text)
    try:
        if careful:
            return json.loads(
                text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_no_constant
            )
        return json.loads(text, parse_constant=_no_constant)
    except JsonLimitError:
        raise
    except json.JSONDecodeError as err:
        raise JsonLimitError(f"{err.msg} (line {err.lineno}, column {err.colno})") from None
    except (ValueError, RecursionError, OverflowError) as err:
        raise JsonLimitError(f"{err.__class__.__name__}: {str(err)[:80]}") from None
