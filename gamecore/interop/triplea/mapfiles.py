"""The text files of a TripleA map folder: point files, ``map.properties``, ``map.yml``.

Formats (learnt from TripleA's map-making documentation and its point-file reader):

- ``polygons.txt``: one territory per line, ``Name  <  (x,y) (x,y) ... >  < ... >``; the
  name is everything before the first ``<`` (trimmed); coordinates are pixel integers.
- ``centers.txt``, ``capitols.txt``, ``vc.txt``, ``name_place.txt``, ``pu_place.txt``, ...:
  ``Name  (x,y)`` (one point per territory).
- ``place.txt``: ``Name  (x,y) (x,y) ...`` with an optional ``| overflowToLeft=true``.
- ``map.properties``: a Java properties file (``key=value``).
- ``map.yml``: ``map_name``, ``version`` and a ``games`` list of ``game_name`` /
  ``file_name`` entries, in YAML block or flow style (read with PyYAML's safe loader,
  without aliases, size- and depth-limited).

Readers raise :class:`~gamecore.errors.ImportFormatError` naming the file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from gamecore.errors import ImportFormatError

__all__ = [
    "MAX_TEXT_BYTES",
    "PlaceEntry",
    "format_points",
    "format_polygons",
    "format_place",
    "format_properties",
    "format_map_yml",
    "parse_map_yml",
    "parse_place",
    "parse_points",
    "parse_polygons",
    "parse_properties",
    "read_text",
]

#: point files and properties larger than this are refused
MAX_TEXT_BYTES = 256 * 1024 * 1024
#: a pixel coordinate beyond this (either sign) is refused: no map image is that large
MAX_COORD = 10_000_000

_POINT = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")
_INT = re.compile(r"-?\d+")
_PUNCT = str.maketrans("(),", "   ")


def read_text(path: Path, label: str | None = None) -> str:
    """A text file as str (UTF-8, falling back to Latin-1 as Java's readers often did)."""
    try:
        size = path.stat().st_size
        if size > MAX_TEXT_BYTES:
            raise ImportFormatError(f"file of {size} bytes is over the limit", path)
        data = path.read_bytes()
    except OSError as err:
        raise ImportFormatError(f"cannot read: {err.strerror or err}", path) from None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _clean_name(raw: str) -> str:
    return raw.strip()


# ---------------------------------------------------------------------------- polygons
def parse_polygons(text: str, path: str | Path) -> tuple[dict[str, list[np.ndarray]], list[str]]:
    """``{name: [ring (n, 2) int64 array, ...]}`` in file order, and notes (names listed
    twice are merged, rings with fewer than 3 points dropped)."""
    out: dict[str, list[np.ndarray]] = {}
    notes: list[str] = []
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        lt = line.find("<")
        if lt < 0:
            raise ImportFormatError(f"line {no}: no polygon ('<' ... '>') after the name", path)
        name = _clean_name(line[:lt])
        if not name:
            raise ImportFormatError(f"line {no}: a polygon line without a territory name", path)
        rings = []
        pos = lt
        while True:
            start = line.find("<", pos)
            if start < 0:
                break
            end = line.find(">", start)
            if end < 0:
                raise ImportFormatError(
                    f"line {no}: polygon of '{name}' is not closed by '>'", path
                )
            body = line[start + 1 : end]
            tokens = body.translate(_PUNCT).split()
            try:
                ring = np.array(tokens, dtype=np.int64).reshape(-1, 2)
            except (ValueError, OverflowError):  # (a number beyond int64 overflows)
                if all(_INT.fullmatch(t) for t in tokens):
                    raise ImportFormatError(
                        f"line {no}: a coordinate of '{name}' is out of range", path
                    ) from None
                ring = None
            if ring is not None and len(ring) and np.abs(ring).max() > MAX_COORD:
                raise ImportFormatError(
                    f"line {no}: a coordinate of '{name}' is out of range", path
                )
            n_open = body.count("(")
            if (
                ring is None
                or n_open != len(tokens) // 2
                or len(tokens) % 2
                or body.count(")") != n_open
            ):
                raise ImportFormatError(
                    f"line {no}: malformed point in a polygon of '{name}' (expected '(x,y)')", path
                )
            if len(ring) < 3 or (len(ring) <= 16 and len({(x, y) for x, y in ring.tolist()}) < 3):
                notes.append(f"'{name}': a polygon with fewer than 3 distinct points dropped")
            else:
                rings.append(ring)
            pos = end + 1
        if name in out:
            notes.append(f"'{name}' is listed twice in polygons.txt; its polygons were merged")
            out[name].extend(rings)
        else:
            out[name] = rings
    return out, notes


def format_polygons(polys: dict[str, list[np.ndarray]]) -> str:
    lines = []
    for name, rings in polys.items():
        parts = []
        for ring in rings:
            pts = " ".join(f"({int(x)},{int(y)})" for x, y in np.asarray(ring).tolist())
            parts.append(f" <  {pts} > ")
        lines.append(name + " " + "".join(parts))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- points
def _split_points(line: str, no: int, path) -> tuple[str, list[tuple[int, int]], str]:
    m = _POINT.search(line)
    if not m:
        raise ImportFormatError(f"line {no}: no point '(x,y)' after the name", path)
    # the name ends where the first "(x,y)" begins (a name may hold other parentheses)
    name = _clean_name(line[: m.start()])
    if not name:
        raise ImportFormatError(f"line {no}: a point line without a territory name", path)
    rest = line[m.start() :]
    tail = ""
    bar = rest.find("|")
    if bar >= 0:
        rest, tail = rest[:bar], rest[bar + 1 :].strip()
    pts = [(int(x), int(y)) for x, y in _POINT.findall(rest)]
    if any(abs(v) > MAX_COORD for p in pts for v in p):
        raise ImportFormatError(f"line {no}: a coordinate of '{name}' is out of range", path)
    leftover = _POINT.sub("", rest).strip()
    if leftover:
        raise ImportFormatError(
            f"line {no}: unexpected text {leftover[:20]!r} after the points", path
        )
    return name, pts, tail


def parse_points(text: str, path: str | Path) -> tuple[dict[str, tuple[int, int]], list[str]]:
    """A one-point-per-name file (centers.txt, capitols.txt, vc.txt, ...)."""
    out: dict[str, tuple[int, int]] = {}
    notes: list[str] = []
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, pts, _tail = _split_points(line, no, path)
        if name in out:
            notes.append(f"{Path(path).name}: '{name}' listed twice, the first point kept")
            continue
        out[name] = pts[0]
    return out, notes


@dataclass
class PlaceEntry:
    points: list[tuple[int, int]] = field(default_factory=list)
    overflow_to_left: bool | None = None  # None: not given


def parse_place(text: str, path: str | Path) -> tuple[dict[str, PlaceEntry], list[str]]:
    """``place.txt``: unit placement points, with the optional ``| overflowToLeft=...``."""
    out: dict[str, PlaceEntry] = {}
    notes: list[str] = []
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, pts, tail = _split_points(line, no, path)
        entry = PlaceEntry(pts)
        if tail:
            key, _, value = tail.partition("=")
            if key.strip() == "overflowToLeft" and value.strip().lower() in ("true", "false"):
                entry.overflow_to_left = value.strip().lower() == "true"
            else:
                notes.append(f"place.txt line {no}: '| {tail}' ignored")
        if name in out:
            notes.append(f"place.txt: '{name}' listed twice, the first line kept")
            continue
        out[name] = entry
    return out, notes


def format_points(points: dict[str, tuple[int, int]]) -> str:
    return "".join(f"{name}  ({int(x)},{int(y)})\n" for name, (x, y) in points.items())


def format_place(place: dict[str, PlaceEntry]) -> str:
    lines = []
    for name, entry in place.items():
        pts = "  ".join(f"({int(x)},{int(y)})" for x, y in entry.points)
        tail = ""
        if entry.overflow_to_left is not None:
            tail = f"  | overflowToLeft={'true' if entry.overflow_to_left else 'false'}"
        lines.append(f"{name}  {pts}{tail}")
    return "".join(line + "\n" for line in lines)


# ---------------------------------------------------------------------------- properties
_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}


def _unescape(s: str) -> str:
    out = []
    i = 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            n = s[i + 1]
            if n == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", s[i + 2 : i + 6] or ""):
                out.append(chr(int(s[i + 2 : i + 6], 16)))
                i += 6
                continue
            out.append(_ESCAPES.get(n, n))
            i += 2
            continue
        out.append(c)
        i += 1
    text = "".join(out)
    if any("\ud800" <= ch <= "\udfff" for ch in text):  # Java's UTF-16 surrogate pairs
        text = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return text


def parse_properties(text: str) -> list[tuple[str, str]]:
    """A Java properties file as ``[(key, value), ...]`` in file order (later keys win when
    looked up through ``dict()``)."""
    logical: list[str] = []
    buf = ""
    for raw in text.splitlines():
        line = raw.lstrip() if not buf else raw.lstrip()
        if not buf and (not line or line[0] in "#!"):
            continue
        # a line ending in an odd number of backslashes continues on the next
        trailing = len(line) - len(line.rstrip("\\"))
        if trailing % 2 == 1:
            buf += line[:-1]
            continue
        logical.append(buf + line)
        buf = ""
    if buf:
        logical.append(buf)
    out: list[tuple[str, str]] = []
    for line in logical:
        i = 0
        key = []
        while i < len(line):
            c = line[i]
            if c == "\\" and i + 1 < len(line):
                key.append(line[i : i + 2])
                i += 2
                continue
            if c in "=: \t\f":
                break
            key.append(c)
            i += 1
        rest = line[i:].lstrip(" \t\f")
        if rest[:1] in ("=", ":"):
            rest = rest[1:].lstrip(" \t\f")
        out.append((_unescape("".join(key)), _unescape(rest)))
    return out


def _escape_prop(s: str, key: bool) -> str:
    out = []
    for i, c in enumerate(s):
        if c == "\\":
            out.append("\\\\")
        elif c in "\t\n\r\f":
            out.append({"\t": "\\t", "\n": "\\n", "\r": "\\r", "\f": "\\f"}[c])
        elif c in "=:#!" or (c == " " and (key or i == 0)):
            out.append("\\" + c)
        elif ord(c) > 0xFFFF:  # as Java writes it: a UTF-16 surrogate pair
            units = c.encode("utf-16-be")
            out.append("".join(f"\\u{int.from_bytes(units[k : k + 2]):04x}" for k in (0, 2)))
        elif ord(c) > 126 or ord(c) < 32:
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return "".join(out)


def format_properties(items: list[tuple[str, str]], header: str = "") -> str:
    lines = [f"# {h}" for h in header.splitlines()] if header else []
    lines += [f"{_escape_prop(k, True)}={_escape_prop(v, False)}" for k, v in items]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- map.yml
#: a map.yml larger than this is refused (real ones are a few hundred bytes)
MAX_YML_BYTES = 1024 * 1024
#: deepest nesting of lists/mappings accepted (map.yml needs 3: top, games, a game)
MAX_YML_DEPTH = 16


class _MapYmlLoader(yaml.SafeLoader):
    """PyYAML's safe loader (plain data only, no Python objects) that also refuses
    aliases (a few of them can multiply into an enormous document) and deep nesting
    (the composer recurses once per level)."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, "aliases (*name) are not allowed in map.yml", event.start_mark
            )
        self._depth = getattr(self, "_depth", 0) + 1
        try:
            if self._depth > MAX_YML_DEPTH:
                event = self.peek_event()
                raise yaml.composer.ComposerError(
                    None, None, f"nested deeper than {MAX_YML_DEPTH} levels", event.start_mark
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _yml_str(value: Any) -> str:
    """A scalar as TripleA reads it (``version: 3`` and ``version: '3'`` are the same)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _plain(value: Any) -> Any:
    """YAML data as JSON-able data (dates and other scalars as strings)."""
    if isinstance(value, dict):
        return {_yml_str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def parse_map_yml(text: str, path: str | Path) -> dict:
    """``{"map_name": str, "version": str, "games": [{"game_name": .., "file_name": ..}],
    "extra": [(key, value)]}`` from a map.yml, read by PyYAML in either style (block
    ``- game_name: x`` lines or flow ``- {game_name: x, file_name: y}``). Every game
    field TripleA writes is kept as a string (``game_name``, ``file_name``, and any
    other key of an entry); top-level keys other than map_name/version/games go to
    ``extra``. Raises :class:`ImportFormatError` (one line) for what is not such a file."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_YML_BYTES:
        raise ImportFormatError(f"map.yml is over {MAX_YML_BYTES // 1024} KiB", path)
    if "\t" in text:
        for no, line in enumerate(text.splitlines(), 1):
            lead = line[: len(line) - len(line.lstrip(" \t"))]
            if "\t" in lead:
                raise ImportFormatError(
                    f"line {no}: tabs are not allowed in YAML indentation", path
                )
    try:
        docs = list(yaml.load_all(text, Loader=_MapYmlLoader))
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = f"line {mark.line + 1}: " if mark is not None else ""
        what = (err.problem or err.context or "not valid YAML").strip()
        raise ImportFormatError(f"{where}not valid YAML ({what})", path) from None
    except (yaml.YAMLError, RecursionError, ValueError) as err:
        reason = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise ImportFormatError(f"not valid YAML ({reason[:120]})", path) from None
    docs = [d for d in docs if d is not None]
    if len(docs) > 1:
        raise ImportFormatError("holds more than one YAML document", path)
    doc = docs[0] if docs else {}
    if not isinstance(doc, dict):
        raise ImportFormatError(
            f"expected 'key: value' lines at the top, found a {type(doc).__name__}", path
        )
    data: dict = {"map_name": "", "version": "", "games": [], "extra": []}
    for key, value in doc.items():
        k = _yml_str(key)
        if k in ("map_name", "version"):
            if isinstance(value, (dict, list)):
                raise ImportFormatError(f"'{k}' must be a single value", path)
            data[k] = _yml_str(value)
        elif k == "games":
            if value is None:
                continue
            if not isinstance(value, list):
                raise ImportFormatError("'games' must be a list of game entries", path)
            for n, entry in enumerate(value, 1):
                if not isinstance(entry, dict):
                    raise ImportFormatError(
                        f"game entry {n} must be 'game_name: ...' / 'file_name: ...'", path
                    )
                game = {}
                for gk, gv in entry.items():
                    if isinstance(gv, (dict, list)):
                        raise ImportFormatError(
                            f"game entry {n}: '{_yml_str(gk)}' must be a single value", path
                        )
                    game[_yml_str(gk)] = _yml_str(gv)
                data["games"].append(game)
        else:
            data["extra"].append((k, _plain(value)))
    return data


def format_map_yml(map_name: str, games: list[tuple[str, str]], version: str = "1") -> str:
    """A map.yml in the block style of TripleA's documentation."""
    doc = {
        "map_name": map_name,
        "version": version,
        "games": [{"game_name": g, "file_name": f} for g, f in games],
    }
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, default_flow_style=False)
