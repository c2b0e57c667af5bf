"""The type, range and nullability of every column of a pack (docs/architecture.md, Invariant 5).

A pack comes from a stranger: any cell may be NULL, of another SQLite type, NaN or
infinite, out of range, or JSON nested 100,000 deep. :func:`select` reads a table and
checks every cell against :data:`COLUMNS`, so that the rest of the program only ever sees
values of the types the model declares; a bad cell is a :class:`BadCell` naming the
table, the row and the column.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

from gamecore import limits, safejson
from gamecore.model import LINE_KINDS, LINK_KINDS, RELATIONS, ZONE_KINDS
from gamecore.model.scenario import NATION_KINDS

OBJECTIVE_KINDS = ("objective", "victory", "event")


class BadCell(Exception):
    """A cell of a pack that does not hold what its column declares."""

    def __init__(self, table: str, row: Any, column: str, reason: str):
        self.table, self.row, self.column, self.reason = table, row, column, reason
        super().__init__(f"table {table}, row {row}, column {column}: {reason}")


class _Bad(Exception):
    pass


Check = Callable[[Any], Any]


def _desc(v: Any) -> str:
    if v is None:
        return "NULL"
    if isinstance(v, bytes):
        return f"a blob of {len(v)} bytes"
    if isinstance(v, str):
        return f"the text {v[:30]!r}" if len(v) <= 30 else "a text"
    if isinstance(v, float) and not math.isfinite(v):
        return f"the number {v}"
    if isinstance(v, int | float):
        return f"the number {v:.6g}" if isinstance(v, float) else f"the integer {v}"
    return type(v).__name__


def _nullable(check: Check) -> Check:
    def opt(v: Any) -> Any:
        return None if v is None else check(v)

    return opt


def text(max_chars: int = limits.MAX_TEXT_CHARS) -> Check:
    def check(v: Any) -> str:
        if type(v) is not str:
            raise _Bad(f"expected text, found {_desc(v)}")
        if len(v) > max_chars:
            raise _Bad(f"text of {len(v):,} characters is longer than {max_chars:,}")
        return v

    return check


def enum(choices: tuple[str, ...]) -> Check:
    t = text(100)

    def check(v: Any) -> str:
        t(v)
        if v not in choices:
            raise _Bad(f"unknown value {v[:30]!r} (expected one of {', '.join(choices)})")
        return v

    return check


def integer(lo: int, hi: int, desc: Callable[[Any], str] | None = None) -> Check:
    """A whole number in lo..hi; ``desc`` names a wrong value (a column's by default)."""
    say = desc or _desc

    def check(v: Any) -> int:
        if type(v) is not int:
            raise _Bad(f"expected an integer, found {say(v)}")
        if not lo <= v <= hi:
            raise _Bad(f"the integer {v} is outside {lo:,}..{hi:,}")
        return v

    return check


def number(lo: float, hi: float) -> Check:
    def check(v: Any) -> float:
        if type(v) is int:
            v = float(v)
        if type(v) is not float:
            raise _Bad(f"expected a number, found {_desc(v)}")
        if not math.isfinite(v):
            raise _Bad(f"the number {v} is not finite")
        if not lo <= v <= hi:
            raise _Bad(f"the number {v:.6g} is outside {lo:g}..{hi:g}")
        return v

    return check


def flag(v: Any) -> bool:
    if type(v) is not int or v not in (0, 1):
        raise _Bad(f"expected 0 or 1, found {_desc(v)}")
    return bool(v)


def blob(max_bytes: int) -> Check:
    def check(v: Any) -> bytes:
        if type(v) is not bytes:
            raise _Bad(f"expected a blob, found {_desc(v)}")
        if len(v) > max_bytes:
            raise _Bad(f"blob of {len(v):,} bytes is larger than {max_bytes:,}")
        return v

    return check


# -- JSON columns ---------------------------------------------------------------------------


def _j_dict(v: Any) -> dict:
    if not isinstance(v, dict):
        raise _Bad(f"expected a JSON object, found {_jdesc(v)}")
    return v


def _j_any(v: Any) -> Any:
    return v


def _jdesc(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "an object"
    return _desc(v)


def _j_list(item: Check) -> Check:
    def check(v: Any) -> list:
        if not isinstance(v, list):
            raise _Bad(f"expected a JSON list, found {_jdesc(v)}")
        out = []
        for i, x in enumerate(v):
            try:
                out.append(item(x))
            except _Bad as err:
                raise _Bad(f"item {i}: {err}") from None
        return out

    return check


def _j_str(v: Any) -> str:
    if not isinstance(v, str):
        raise _Bad(f"expected a string, found {_jdesc(v)}")
    return v


def _j_int(lo: int, hi: int) -> Check:
    return integer(lo, hi, _jdesc)


def _j_num(lo: float, hi: float) -> Check:
    def check(v: Any) -> float:
        if type(v) not in (int, float):
            raise _Bad(f"expected a number, found {_jdesc(v)}")
        if not lo <= v <= hi:
            raise _Bad(f"the number {v:.6g} is outside {lo:g}..{hi:g}")
        return float(v)

    return check


_COORD = _j_num(-limits.MAX_COORD, limits.MAX_COORD)


def _j_xy(v: Any) -> tuple[float, float]:
    if not isinstance(v, list) or len(v) != 2:
        raise _Bad(f"expected a point [x, y], found {_jdesc(v)}")
    return (_COORD(v[0]), _COORD(v[1]))


def _j_str_int(v: Any) -> dict:
    _j_dict(v)
    amount = _j_int(-limits.MAX_AMOUNT, limits.MAX_AMOUNT)
    for k, x in v.items():
        try:
            amount(x)
        except _Bad as err:
            raise _Bad(f"key {k[:30]!r}: {err}") from None
    return v


def _j_transform(v: Any) -> list[float]:
    if not isinstance(v, list) or len(v) != 6:
        raise _Bad(f"expected an affine transform of 6 numbers, found {_jdesc(v)}")
    return [_j_num(-1e15, 1e15)(x) for x in v]


ID = integer(0, limits.MAX_ID)
_JID = _j_int(0, limits.MAX_ID)
J_DICT, J_ANY = _j_dict, _j_any
J_STRS = _j_list(_j_str)
J_IDS = _j_list(_JID)
J_XYS = _j_list(_j_xy)
J_TURN_ORDER = _j_list(_j_list(_j_str))
J_AMOUNTS = _j_str_int
J_TRANSFORM = _j_transform


def _j_props(**known: Check) -> Check:
    """A props object whose keys that gamecore reads (``aliases`` of a zone, ``damage`` of
    a unit, ``triplea`` data the exporter merges...) hold what their readers expect;
    other keys are the modder's own and stay free."""

    def check(v: Any) -> dict:
        _j_dict(v)
        for k, shape in known.items():
            if k in v:
                try:
                    shape(v[k])
                except _Bad as err:
                    raise _Bad(f"key {k!r}: {err}") from None
        return v

    return check


J_MAP_PROPS = _j_props(slot_radius=_j_num(0.0, limits.MAX_COORD), triplea=_j_dict)
J_ZONE_PROPS = _j_props(aliases=J_STRS, triplea=_j_dict)
J_SCENARIO_PROPS = _j_props(triplea=_j_dict)
J_UNIT_PROPS = _j_props(damage=_j_int(0, 1000))  # as the editor's unit attribute (ops/attrs)


def json_col(shape: Check, max_chars: int = limits.MAX_JSON_COLUMN_CHARS) -> Check:
    def check(v: Any) -> Any:
        if type(v) is not str:
            raise _Bad(f"expected JSON text, found {_desc(v)}")
        if v == "{}":  # the common empty containers, without the parser
            return shape({})
        if v == "[]":
            return shape([])
        try:
            data = safejson.loads(v, max_chars=max_chars)
        except safejson.JsonLimitError as err:
            raise _Bad(f"not valid JSON: {err}") from None
        return shape(data)

    return check


def wkb(v: Any) -> bytes:
    """A geometry column: a blob (decoded and checked in bulk by the reader)."""
    if type(v) is not bytes:
        raise _Bad(f"expected a WKB blob, found {_desc(v)}")
    return v


# -- the columns ----------------------------------------------------------------------------

TEXT = text()
NAME = text(100_000)
COORD = number(-limits.MAX_COORD, limits.MAX_COORD)
SIZE = number(0.0, limits.MAX_COORD)
AMOUNT = integer(-limits.MAX_AMOUNT, limits.MAX_AMOUNT)
SMALL = integer(0, limits.MAX_SMALL)
o = _nullable

#: table -> column -> check (the columns a reader selects; ``pos`` only orders rows)
COLUMNS: dict[str, dict[str, Check]] = {
    "store_state": {"key": TEXT, "value": o(TEXT)},
    "pack_meta": {"key": NAME, "value": json_col(J_ANY)},
    "map_info": {
        "name": NAME,
        "width": SIZE,
        "height": SIZE,
        "crs": o(text(100_000)),
        "transform": o(json_col(J_TRANSFORM)),
        "wrap_x": flag,
        "props": json_col(J_MAP_PROPS),
    },
    "zones": {
        "id": ID,
        "code": NAME,
        "name": NAME,
        "kind": enum(ZONE_KINDS),
        "geometry": o(wkb),
        "value": AMOUNT,
        "terrain": NAME,
        "region": NAME,
        "flags": json_col(J_STRS),
        "label_x": o(COORD),
        "label_y": o(COORD),
        "roundel_x": o(COORD),
        "roundel_y": o(COORD),
        "slots": json_col(J_XYS),
        "props": json_col(J_ZONE_PROPS),
    },
    "borders": {
        "a": ID,
        "b": ID,
        "river": flag,
        "mountain": flag,
        "fortified": flag,
        "impassable": flag,
        "rail_gauge": o(NAME),
        "crossing_limit": o(SMALL),
        "props": json_col(J_DICT),
    },
    "links": {
        "id": ID,
        "kind": enum(LINK_KINDS),
        "a": ID,
        "b": ID,
        "name": NAME,
        "via": o(ID),
        "controllers": json_col(J_IDS),
        "rule": enum(("all", "any")),
        "props": json_col(J_DICT),
    },
    "terrain_areas": {
        "id": ID,
        "zone": ID,
        "terrain": NAME,
        "geometry": o(wkb),
        "props": json_col(J_DICT),
    },
    "facilities": {
        "id": ID,
        "zone": ID,
        "type": NAME,
        "level": SMALL,
        "damage": SMALL,
        "serves": json_col(J_IDS),
        "owner": o(NAME),
        "props": json_col(J_DICT),
    },
    "lines": {
        "id": ID,
        "kind": enum(LINE_KINDS),
        "name": NAME,
        "points": json_col(J_XYS),
        "path": json_col(J_IDS),
        "start": o(ID),
        "end": o(ID),
        "values": json_col(J_AMOUNTS),
        "gauge": o(NAME),
        "props": json_col(J_DICT),
    },
    "images": {
        "id": ID,
        "name": NAME,
        "format": NAME,
        "data": blob(256 * 1024 * 1024),
        "x": COORD,
        "y": COORD,
        "width": SIZE,
        "height": SIZE,
        "opacity": number(0.0, 1.0),
        "visible": flag,
    },
    "nations": {
        "id": NAME,
        "name": NAME,
        "colour": NAME,
        "kind": enum(NATION_KINDS),
        "playable": flag,
        "capital": o(ID),
        "home_zones": json_col(J_IDS),
        "flag_image": o(ID),
        "props": json_col(J_DICT),
    },
    "scenarios": {
        "id": NAME,
        "name": NAME,
        "ruleset": NAME,
        "options": json_col(J_DICT),
        "start": NAME,
        "calendar": NAME,
        "rounds": o(integer(0, limits.MAX_SMALL)),
        "turn_order": json_col(J_TURN_ORDER),
        "props": json_col(J_SCENARIO_PROPS),
    },
    "alliances": {
        "scenario": NAME,
        "id": NAME,
        "name": NAME,
        "members": json_col(J_STRS),
        "colour": NAME,
    },
    "relations": {
        "scenario": NAME,
        "a": NAME,
        "b": NAME,
        "status": enum(RELATIONS),
        "initiated_by": o(NAME),
    },
    "ownership": {"scenario": NAME, "zone": ID, "owner": o(NAME), "original": o(NAME)},
    "units": {
        "scenario": NAME,
        "zone": ID,
        "nation": NAME,
        "unit_type": NAME,
        "count": integer(0, limits.MAX_STACK_COUNT),
        "props": json_col(J_UNIT_PROPS),
    },
    "banks": {"scenario": NAME, "nation": NAME, "amount": AMOUNT},
    "income_overrides": {"scenario": NAME, "nation": NAME, "amount": AMOUNT},
    "objectives": {
        "scenario": NAME,
        "id": NAME,
        "name": NAME,
        "kind": enum(OBJECTIVE_KINDS),
        "owner": o(NAME),
        "condition": text(1_000_000),
        "effect": text(1_000_000),
        "once": flag,
        "props": json_col(J_DICT),
    },
    "rulesets": {"id": NAME, "text": TEXT},
    "playtests": {
        "id": ID,
        "scenario": NAME,
        "created": NAME,
        "params": json_col(J_DICT),
        "scenario_hash": NAME,
        "results": json_col(J_DICT),
    },
    "ignored_issues": {"issue": NAME},
}


def select(conn: sqlite3.Connection, table: str, columns: str) -> Iterator[tuple]:
    """The rows of ``table`` in their saved order: ``(rowid, *values)`` of ``columns``
    (comma-separated names), each checked; :class:`BadCell` at the first bad cell."""
    names = [c.strip().strip("[]") for c in columns.split(",")]
    checks = [COLUMNS[table][n] for n in names]
    order = " ORDER BY pos" if table not in ("store_state", "map_info") else ""
    cols = ", ".join(f"[{n}]" for n in names)
    for row in conn.execute(f"SELECT rowid, {cols} FROM {table}{order}"):
        out = []
        for name, check, v in zip(names, checks, row[1:], strict=True):
            try:
                out.append(check(v))
            except _Bad as err:
                raise BadCell(table, row[0], name, str(err)) from None
        yield (row[0], *out)


def check_cell(table: str, row: Any, column: str, check: Check, value: Any) -> Any:
    """``check(value)``, or :class:`BadCell` naming table, row and column."""
    try:
        return check(value)
    except _Bad as err:
        raise BadCell(table, row, column, str(err)) from None


def fail(table: str, row: Any, column: str, reason: str) -> BadCell:
    """A :class:`BadCell` for a check the reader makes across rows (references, totals)."""
    return BadCell(table, row, column, reason)
