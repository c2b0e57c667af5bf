"""Hex grids for hex-based games (e.g. Hitler's Global War), as a valid coverage.

Corners are computed from integer lattice indices, so neighbouring hexes share
bit-identical vertices.

Two generations live here. :class:`HexLayout` is the grid of a hex *map*: rows and
columns numbered from any first number, one of four offset layouts, "RRCC" or "CCRR"
ids, an optional east-west wrap, and the metadata a map stores (``Map.props["hex"]``).
The Hitler's Global War layout (the contract of issue #28) is pointy-top with odd rows
shifted right by half a hex ("odd-r") and ids "RRCC" (row, then column; three digits of
column above 99): the rulebook's adjacent pairs 1141-1241, 1838-1937, 1337-1238 and
1240-1339 (seeds/001 "Stacking", "Barbarossa") all hold in it. :func:`hex_code`,
:func:`parse_hex_code`, :func:`hex_neighbours` and :func:`hex_distance` (O(1), through
cube coordinates) work on its (row, col) pairs.

:func:`hex_grid` is the older grid of the New Map wizard, ids "CCRR" (column then row,
two digits each, counted from ``first``), e.g. "0512"; its neighbours are
:func:`grid_neighbours` of 0-based (col, row) cells.

Layouts: ``flat`` (flat-topped hexes in columns, every other column shifted down by
half a hex) and ``pointy`` (pointy-topped hexes in rows, every other row shifted right).
``shift`` says which *numbered* columns (rows) are shifted: "odd" (the default, as on
the Hitler's Global War map, where 1337 borders 1238) or "even".
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry import LineString, Polygon

from gamecore import limits
from gamecore.errors import GeometryError
from gamecore.geometry.grid import snap

__all__ = [
    "ID_FORMATS",
    "LAYOUTS",
    "HexCodeError",
    "HexGrid",
    "HexLayout",
    "grid_neighbours",
    "hex_code",
    "hex_distance",
    "hex_grid",
    "hex_neighbours",
    "parse_hex_code",
    "read_hex_meta",
]

# corner offsets in lattice units (see _corners)
_FLAT = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
_POINTY = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


@dataclass
class HexGrid:
    """``geoms``: {zone id: hexagon}, ids 1.. in row-major order of (row, col);
    ``codes``: {zone id: hex id}; ``cells``: {zone id: (col, row)} (0-based)."""

    orientation: str
    rows: int
    cols: int
    size: float
    first: int = 1
    shift: str = "odd"
    geoms: dict[int, Polygon] = field(default_factory=dict)
    codes: dict[int, str] = field(default_factory=dict)
    cells: dict[int, tuple[int, int]] = field(default_factory=dict)

    def id_of(self, col: int, row: int) -> int:
        return row * self.cols + col + 1

    def neighbours(self, col: int, row: int) -> list[tuple[int, int]]:
        """The (col, row) cells next to a cell (some may lie outside the grid)."""
        return grid_neighbours(col, row, self.orientation, self.first, self.shift)

    def bounds(self) -> tuple[float, float, float, float]:
        xs = [g.bounds for g in self.geoms.values()]
        return (
            min(b[0] for b in xs),
            min(b[1] for b in xs),
            max(b[2] for b in xs),
            max(b[3] for b in xs),
        )


def hex_grid(
    rows: int,
    cols: int,
    size: float,
    orientation: str = "flat",
    origin: tuple[float, float] = (0.0, 0.0),
    first: int = 1,
    code_format: str = "{col:02d}{row:02d}",
    shift: str = "odd",
) -> HexGrid:
    """A ``rows`` x ``cols`` grid of hexes of circumradius ``size`` whose bounding box
    starts at ``origin`` (map coordinates, y down)."""
    if orientation not in ("flat", "pointy"):
        raise GeometryError(f"hex orientation must be 'flat' or 'pointy', not {orientation!r}")
    if shift not in ("odd", "even"):
        raise GeometryError(f"hex shift must be 'odd' or 'even', not {shift!r}")
    if rows < 1 or cols < 1:
        raise GeometryError("a hex grid needs at least one row and one column")
    if not (size > 0 and math.isfinite(size)):
        raise GeometryError("the hex size must be a positive number")
    if rows * cols > limits.MAX_HEX_CELLS:
        raise GeometryError(
            f"a hex grid of {rows:,} x {cols:,} hexes is too large "
            f"(at most {limits.MAX_HEX_CELLS:,} hexes)"
        )
    ox, oy = float(origin[0]), float(origin[1])
    h = math.sqrt(3.0) * size
    if orientation == "flat":
        ux, uy, offsets = size / 2.0, h / 2.0, _FLAT
    else:
        ux, uy, offsets = h / 2.0, size / 2.0, _POINTY
    grid = HexGrid(orientation, rows, cols, float(size), first, shift)
    for row in range(rows):
        for col in range(cols):
            if orientation == "flat":
                cx, cy = 2 + 3 * col, 1 + 2 * row + _shifted(col, first, shift)
            else:
                cx, cy = 1 + 2 * col + _shifted(row, first, shift), 2 + 3 * row
            ring = [(ox + (cx + dx) * ux, oy + (cy + dy) * uy) for dx, dy in offsets]
            zid = grid.id_of(col, row)
            grid.geoms[zid] = Polygon(ring)
            grid.codes[zid] = code_format.format(col=col + first, row=row + first)
            grid.cells[zid] = (col, row)
    return grid


def _shifted(index: int, first: int, shift: str) -> int:
    odd = (index + first) % 2 == 1
    return int(odd if shift == "odd" else not odd)


def grid_neighbours(
    col: int, row: int, orientation: str = "flat", first: int = 1, shift: str = "odd"
) -> list[tuple[int, int]]:
    """The six (col, row) neighbours (0-based) of a hex in the layouts of
    :func:`hex_grid` with the same ``first`` and ``shift``."""
    if orientation == "flat":  # columns of hexes: a column is a line
        return _ring(col, row, bool(_shifted(col, first, shift)))
    return [(c, r) for r, c in _ring(row, col, bool(_shifted(row, first, shift)))]


# -- the offset layouts of hex maps (issue #28) -----------------------------------------
#: layout name -> (orientation, which numbered rows (pointy) or columns (flat) are shifted)
LAYOUTS = {
    "odd-r": ("pointy", "odd"),
    "even-r": ("pointy", "even"),
    "odd-q": ("flat", "odd"),
    "even-q": ("flat", "even"),
}
#: hex id formats: "rrcc" (row then column, Hitler's Global War) and "ccrr" (the older
#: column-then-row grids of the New Map wizard); two digits each, more when needed
ID_FORMATS = ("rrcc", "ccrr")
#: highest row number of a hex id (two digits) and highest column (three digits)
MAX_RRCC_ROW = 99
MAX_RRCC_COL = 999


class HexCodeError(GeometryError, ValueError):
    """A hex id that is not a well-formed id of the grid's format."""


def hex_code(row: int, col: int) -> str:
    """The Hitler's Global War id of hex (``row``, ``col``): two digits of row, then two
    of column, three when the column is above 99 (Seattle is "15107")."""
    if not (_is_int(row) and _is_int(col)):
        raise HexCodeError(
            f"a hex id needs integer row and column, not {_short(row)}, {_short(col)}"
        )
    if not (1 <= row <= MAX_RRCC_ROW and 1 <= col <= MAX_RRCC_COL):
        raise HexCodeError(
            f"hex ({row}, {col}) has no 'RRCC' id: rows run 1..{MAX_RRCC_ROW}, "
            f"columns 1..{MAX_RRCC_COL}"
        )
    return f"{row:02d}{col:02d}"


def parse_hex_code(code: str) -> tuple[int, int]:
    """(row, col) of a Hitler's Global War hex id ("1142" -> (11, 42), "15107" ->
    (15, 107)); :class:`HexCodeError` (a ValueError) for anything that is not an id
    :func:`hex_code` writes."""
    if not isinstance(code, str) or not (4 <= len(code) <= 5) or not _digits(code):
        raise HexCodeError(f"not a hex id (RRCC): {_short(code)}")
    row, col = int(code[:2]), int(code[2:])
    if row < 1 or col < 1 or f"{row:02d}{col:02d}" != code:
        raise HexCodeError(f"not a hex id (RRCC): {_short(code)}")
    return row, col


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 30 else text[:27] + "..."


def _odd_r_shifted(row: int) -> bool:
    return row % 2 == 1


def _wrap(col: int, first: int, wrap_cols: int | None) -> int:
    return col if not wrap_cols else first + (col - first) % wrap_cols


def _pair(row: Any, col: Any) -> tuple[int, int]:
    if col is None:
        try:
            row, col = row
        except (TypeError, ValueError):
            raise GeometryError(f"a hex is a (row, col) pair, not {_short(row)}") from None
    if not (_is_int(row) and _is_int(col)):
        raise GeometryError(f"a hex is a pair of integers, not ({_short(row)}, {_short(col)})")
    return row, col


def _ring(r: int, c: int, shifted: bool) -> list[tuple[int, int]]:
    """The six cells around (r, c) of a grid laid out in lines of hexes (rows of a
    pointy layout, columns of a flat one, given as (line, position)) whose line r is
    ``shifted`` by half a hex: the same line at c-1 and c+1; lines r-1 and r+1 at c and
    c+1 (shifted line) or c-1 and c."""
    d = 0 if shifted else -1
    return [
        (r, c - 1),
        (r, c + 1),
        (r - 1, c + d),
        (r - 1, c + d + 1),
        (r + 1, c + d),
        (r + 1, c + d + 1),
    ]


def hex_neighbours(
    row: int | tuple[int, int], col: int | None = None, *, wrap_cols: int | None = None
) -> list[tuple[int, int]]:
    """The six (row, col) neighbours of a hex of the Hitler's Global War layout
    (pointy-top, odd rows shifted right, "odd-r"): the same row at c-1 and c+1; on an odd
    row, rows r-1 and r+1 at c and c+1; on an even row, at c-1 and c. With ``wrap_cols``
    N, column c + N is column c: columns are given back in 1..N. Takes ``(row, col)`` or
    ``row, col``."""
    r, c = _pair(row, col)
    if wrap_cols is not None and (not _is_int(wrap_cols) or wrap_cols < 1):
        raise GeometryError(f"wrap_cols must be a positive integer, not {_short(wrap_cols)}")
    out = _ring(r, c, _odd_r_shifted(r))
    if wrap_cols:
        out = [(rr, _wrap(cc, 1, wrap_cols)) for rr, cc in out]
    return out


def _axial(row: int, col: int, layout: str) -> tuple[int, int]:
    """Axial (q, r) coordinates of an offset (row, col) in ``layout``."""
    if layout == "odd-r":
        return col - (row - (row & 1)) // 2, row
    if layout == "even-r":
        return col - (row + (row & 1)) // 2, row
    if layout == "odd-q":
        return col, row - (col - (col & 1)) // 2
    return col, row - (col + (col & 1)) // 2  # even-q


def _cube_distance(dq: int, dr: int) -> int:
    return max(abs(dq), abs(dr), abs(dq + dr))


def _distance(a: tuple[int, int], b: tuple[int, int], layout: str, wrap: int | None) -> int:
    qa, ra = _axial(a[0], a[1], layout)
    qb, rb = _axial(b[0], b[1], layout)
    dq, dr = qb - qa, rb - ra
    if not wrap:
        return _cube_distance(dq, dr)
    # on a cylinder of N columns b is also at q + kN (same row): the distance,
    # max(|dq + kN|, |dr|, |dq + kN + dr|), is convex in k and least at dq + kN = -dr/2,
    # so the best integer k is the floor or the ceiling of (-2 dq - dr) / 2N
    k = (-2 * dq - dr) // (2 * wrap)
    return min(_cube_distance(dq + j * wrap, dr) for j in (k, k + 1))


def hex_distance(a: tuple[int, int], b: tuple[int, int], wrap_cols: int | None = None) -> int:
    """Steps between hexes ``a`` and ``b`` ((row, col) pairs of the Hitler's Global War
    "odd-r" layout), across the east-west seam when ``wrap_cols`` is given; O(1)."""
    pa, pb = _pair(a, None), _pair(b, None)
    if wrap_cols is not None and (not _is_int(wrap_cols) or wrap_cols < 1):
        raise GeometryError(f"wrap_cols must be a positive integer, not {_short(wrap_cols)}")
    return _distance(pa, pb, "odd-r", wrap_cols)


def _number(v: Any) -> bool:
    if not isinstance(v, int | float) or isinstance(v, bool):
        return False
    try:
        return math.isfinite(v)
    except OverflowError:  # an int too large for a float
        return False


def _range(value: Any, what: str, hi: int) -> tuple[int, int]:
    if not (isinstance(value, list | tuple) and len(value) == 2):
        raise GeometryError(f"hex grid {what}: expected [first, last], not {_short(value)}")
    a, b = value
    if not (_is_int(a) and _is_int(b)):
        raise GeometryError(f"hex grid {what}: expected two integers, not {_short(value)}")
    if not 1 <= a <= b <= hi:
        raise GeometryError(f"hex grid {what} {a}-{b}: expected 1 <= first <= last <= {hi}")
    return a, b


@dataclass(frozen=True)
class HexLayout:
    """The grid of a hex map: rows ``rows[0]..rows[1]`` and columns ``cols[0]..cols[1]``
    (numbers as printed, inclusive) of hexes of circumradius ``size``, laid out by
    ``layout`` (:data:`LAYOUTS`), ids in ``id_format``, columns ``c`` and ``c +
    wrap_cols`` the same (pointy layouts only). ``origin`` is the map position of the
    top-left corner of the grid's box (where a full grid's left half-hexes start).

    Bad values raise :class:`GeometryError` (from the constructor and
    :meth:`from_props`), so metadata read from a pack can be checked by building it."""

    rows: tuple[int, int]
    cols: tuple[int, int]
    size: float
    origin: tuple[float, float] = (0.0, 0.0)
    layout: str = "odd-r"
    id_format: str = "rrcc"
    wrap_cols: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.layout, str) or self.layout not in LAYOUTS:
            raise GeometryError(
                f"hex layout must be one of {', '.join(LAYOUTS)}, not {_short(self.layout)}"
            )
        if not isinstance(self.id_format, str) or self.id_format not in ID_FORMATS:
            raise GeometryError(
                f"hex id format must be one of {', '.join(ID_FORMATS)}, "
                f"not {_short(self.id_format)}"
            )
        # both formats give the row two digits and the column two or three
        row_hi, col_hi = MAX_RRCC_ROW, MAX_RRCC_COL
        object.__setattr__(self, "rows", _range(self.rows, "rows", row_hi))
        object.__setattr__(self, "cols", _range(self.cols, "columns", col_hi))
        if self.n_rows * self.n_cols > limits.MAX_HEX_CELLS:
            raise GeometryError(
                f"a hex grid of {self.n_rows:,} x {self.n_cols:,} hexes is too large "
                f"(at most {limits.MAX_HEX_CELLS:,} hexes)"
            )
        if not (_number(self.size) and self.size > 0):
            raise GeometryError(f"the hex size must be a positive number, not {_short(self.size)}")
        object.__setattr__(self, "size", float(self.size))
        o = self.origin
        if not (isinstance(o, list | tuple) and len(o) == 2 and all(_number(v) for v in o)):
            raise GeometryError(f"hex grid origin: expected [x, y], not {_short(o)}")
        object.__setattr__(self, "origin", (float(o[0]), float(o[1])))
        x0, y0, x1, y1 = self.bounds()
        if max(abs(x0), abs(y0), abs(x1), abs(y1)) > limits.MAX_COORD:
            raise GeometryError(
                f"the hex grid reaches beyond the largest map coordinate ({limits.MAX_COORD:g})"
            )
        w = self.wrap_cols
        if w is not None:
            if not _is_int(w):
                raise GeometryError(f"wrap_cols must be an integer or null, not {_short(w)}")
            if self.orientation != "pointy":
                raise GeometryError("an east-west wrap needs a pointy layout (rows of hexes)")
            if not max(3, self.n_cols) <= w <= col_hi:
                raise GeometryError(
                    f"wrap_cols {w}: the {self.n_cols} columns must fit in one turn "
                    f"(wrap_cols from {max(3, self.n_cols)} to {col_hi})"
                )

    # -- metadata -----------------------------------------------------------------------
    def to_props(self) -> dict[str, Any]:
        """``Map.props["hex"]`` of a map on this grid (JSON values)."""
        return {
            "orientation": self.orientation,
            "layout": self.layout,
            "size": self.size,
            "origin": [self.origin[0], self.origin[1]],
            "rows": [self.rows[0], self.rows[1]],
            "cols": [self.cols[0], self.cols[1]],
            "id_format": self.id_format,
            "wrap_cols": self.wrap_cols,
        }

    @classmethod
    def from_props(cls, props: Any) -> HexLayout:
        """The grid described by ``Map.props["hex"]``; :class:`GeometryError` naming the
        problem when it is not such metadata."""
        if not isinstance(props, dict):
            raise GeometryError(f"hex grid metadata is not a table: {_short(props)}")
        missing = [k for k in ("layout", "size", "rows", "cols", "id_format") if k not in props]
        if missing:
            raise GeometryError(f"hex grid metadata lacks {', '.join(missing)}")
        layout = cls(
            rows=props["rows"],
            cols=props["cols"],
            size=props["size"],
            origin=props.get("origin", (0.0, 0.0)),
            layout=props["layout"],
            id_format=props["id_format"],
            wrap_cols=props.get("wrap_cols"),
        )
        orientation = props.get("orientation", layout.orientation)
        if orientation != layout.orientation:
            raise GeometryError(
                f"hex grid orientation {_short(orientation)} does not match layout {layout.layout}"
            )
        return layout

    # -- cells --------------------------------------------------------------------------
    @property
    def orientation(self) -> str:
        return LAYOUTS[self.layout][0]

    @property
    def n_rows(self) -> int:
        return self.rows[1] - self.rows[0] + 1

    @property
    def n_cols(self) -> int:
        return self.cols[1] - self.cols[0] + 1

    @property
    def count(self) -> int:
        return self.n_rows * self.n_cols

    def cells(self) -> Iterator[tuple[int, int]]:
        """Every (row, col) of the grid, row by row."""
        for r in range(self.rows[0], self.rows[1] + 1):
            for c in range(self.cols[0], self.cols[1] + 1):
                yield (r, c)

    def contains(self, row: int, col: int) -> bool:
        return self.rows[0] <= row <= self.rows[1] and self.cols[0] <= col <= self.cols[1]

    def normal(self, row: int, col: int) -> tuple[int, int]:
        """(row, col) with the column brought into the grid's turn of the wrap."""
        return (row, _wrap(col, self.cols[0], self.wrap_cols))

    def code(self, row: int, col: int) -> str:
        if self.id_format == "rrcc":
            return f"{row:02d}{col:02d}"
        return f"{col:02d}{row:02d}"

    def parse(self, code: Any) -> tuple[int, int]:
        """(row, col) of a hex id of this grid's format; :class:`HexCodeError` for junk
        (the cell may lie outside the grid: see :meth:`contains`)."""
        if not isinstance(code, str) or not (4 <= len(code) <= 5) or not _digits(code):
            raise HexCodeError(f"not a hex id ({self.id_format.upper()}): {_short(code)}")
        if self.id_format == "rrcc":
            row, col = int(code[:2]), int(code[2:])
        else:
            col, row = int(code[:-2]), int(code[-2:])
        if row < 1 or col < 1 or self.code(row, col) != code:
            raise HexCodeError(f"not a hex id ({self.id_format.upper()}): {_short(code)}")
        return row, col

    def _shifted(self, index: int) -> bool:
        odd = index % 2 == 1
        return odd if LAYOUTS[self.layout][1] == "odd" else not odd

    def neighbour_cells(self, row: int, col: int, wrap: bool = True) -> list[tuple[int, int]]:
        """The six cells around (row, col), inside the grid or not; ``wrap``: columns
        brought into the grid's turn of the wrap (else as they lie beside the hex)."""
        if self.orientation == "pointy":
            out = _ring(row, col, self._shifted(row))
        else:  # columns of hexes: a column is a line
            out = [(r, c) for c, r in _ring(col, row, self._shifted(col))]
        return [self.normal(r, c) for r, c in out] if wrap else out

    def neighbours(self, row: int, col: int) -> list[tuple[int, int]]:
        """The neighbours of (row, col) inside the grid (across the seam too)."""
        return [rc for rc in self.neighbour_cells(row, col) if self.contains(*rc)]

    def on_edge(self, row: int, col: int) -> bool:
        """Whether the hex lies on the map edge (some neighbour cell is off the grid)."""
        return any(not self.contains(*rc) for rc in self.neighbour_cells(row, col))

    def neighbour_pairs(self) -> set[tuple[tuple[int, int], tuple[int, int]]]:
        """Every pair of neighbouring cells of the grid, each once (smaller first)."""
        out = set()
        for cell in self.cells():
            for other in self.neighbours(*cell):
                if other != cell:
                    out.add((cell, other) if cell < other else (other, cell))
        return out

    def seam_pairs(self) -> set[tuple[tuple[int, int], tuple[int, int]]]:
        """The pairs of cells that neighbour only across the wrap seam (their hexagons
        lie at the two ends of the map and do not touch), each once, smaller first."""
        out: set[tuple[tuple[int, int], tuple[int, int]]] = set()
        if not self.wrap_cols:
            return out
        for r in range(self.rows[0], self.rows[1] + 1):
            for c in {self.cols[0], self.cols[1]}:
                for raw in self.neighbour_cells(r, c, wrap=False):
                    if self.cols[0] <= raw[1] <= self.cols[1]:
                        continue  # beside it on the map
                    other = self.normal(*raw)
                    if self.contains(*other) and other != (r, c):
                        out.add(((r, c), other) if (r, c) < other else (other, (r, c)))
        return out

    def distance(self, a: tuple[int, int], b: tuple[int, int]) -> int:
        """Steps between two cells (across the seam when the grid wraps); O(1)."""
        return _distance(_pair(a, None), _pair(b, None), self.layout, self.wrap_cols)

    # -- geometry -----------------------------------------------------------------------
    def _units(self) -> tuple[float, float]:
        h = math.sqrt(3.0) * self.size
        return (
            (h / 2.0, self.size / 2.0)
            if self.orientation == "pointy"
            else (self.size / 2.0, h / 2.0)
        )

    def _lattice_centre(self, row: int, col: int) -> tuple[int, int]:
        i, j = row - self.rows[0], col - self.cols[0]
        if self.orientation == "pointy":
            return 1 + 2 * j + int(self._shifted(row)), 2 + 3 * i
        return 2 + 3 * j, 1 + 2 * i + int(self._shifted(col))

    def lattice_corners(self, row: int, col: int) -> tuple[tuple[int, int], ...]:
        """The six corners in integer lattice units (equal corners: equal tuples)."""
        cx, cy = self._lattice_centre(row, col)
        offsets = _POINTY if self.orientation == "pointy" else _FLAT
        return tuple((cx + dx, cy + dy) for dx, dy in offsets)

    def _xy(self, p: tuple[int, int]) -> tuple[float, float]:
        ux, uy = self._units()
        return (snap(self.origin[0] + p[0] * ux), snap(self.origin[1] + p[1] * uy))

    def centre(self, row: int, col: int) -> tuple[float, float]:
        return self._xy(self._lattice_centre(row, col))

    def polygon(self, row: int, col: int) -> Polygon:
        """The hexagon of (row, col), its corners on the pack's coordinate grid."""
        return Polygon([self._xy(p) for p in self.lattice_corners(row, col)])

    def shared_edge(self, a: tuple[int, int], b: tuple[int, int]) -> LineString | None:
        """The hexside two cells share, or None when they do not touch (not neighbours,
        or neighbours only across the wrap seam)."""
        common = sorted(set(self.lattice_corners(*a)) & set(self.lattice_corners(*b)))
        if len(common) != 2:
            return None
        return LineString([self._xy(p) for p in common])

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The (row, col) of the hex under map point (x, y), None off the grid (a point
        on a hexside goes to either hex)."""
        if not (_number(x) and _number(y)):
            return None
        ux, uy = self._units()
        lx, ly = (x - self.origin[0]) / ux, (y - self.origin[1]) / uy
        if self.orientation == "flat":  # columns play the part rows play when pointy
            lx, ly = ly, lx
        # the nearest centre is the hex; check the three nearest lines of hexes
        guess = round((ly - 2) / 3)
        ratio = uy / ux if self.orientation == "pointy" else ux / uy  # lattice -> map
        best, best_d = (0, 0), math.inf
        for i in (guess - 1, guess, guess + 1):
            line = (self.rows[0] if self.orientation == "pointy" else self.cols[0]) + i
            shift = int(self._shifted(line))
            k = round((lx - 1 - shift) / 2)
            for j in (k - 1, k, k + 1):
                d = (lx - 1 - 2 * j - shift) ** 2 + ((ly - 2 - 3 * i) * ratio) ** 2
                if d < best_d:
                    best, best_d = (i, j), d
        i, j = best
        if self.orientation == "pointy":
            cell = (self.rows[0] + i, self.cols[0] + j)
        else:
            cell = (self.rows[0] + j, self.cols[0] + i)
        return cell if self.contains(*cell) else None

    def bounds(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the grid's hexes."""
        if self.orientation == "pointy":
            shifts = {
                int(self._shifted(r))
                for r in range(self.rows[0], min(self.rows[1], self.rows[0] + 1) + 1)
            }
            lx0, lx1 = min(shifts), 2 * self.n_cols + max(shifts)
            ly0, ly1 = 0, 3 * self.n_rows + 1
        else:
            shifts = {
                int(self._shifted(c))
                for c in range(self.cols[0], min(self.cols[1], self.cols[0] + 1) + 1)
            }
            lx0, lx1 = 0, 3 * self.n_cols + 1
            ly0, ly1 = min(shifts), 2 * self.n_rows + max(shifts)
        x0, y0 = self._xy((lx0, ly0))
        x1, y1 = self._xy((lx1, ly1))
        return (x0, y0, x1, y1)

    def outline(self) -> Polygon:
        """The area the grid covers (the frame of a hex map)."""
        cells = [self.polygon(*rc) for rc in self.cells()]
        return shapely.coverage_union_all(cells)


def read_hex_meta(meta: Any) -> tuple[HexLayout | None, str | None]:
    """What ``Map.props["hex"]`` (``meta``) says: ``(layout, None)`` for grid metadata,
    ``(None, None)`` for no grid (absent, or the older wizard's ``{"orientation",
    "rows", "cols", "size"}``, which named no layout), ``(None, why)`` for metadata that
    describes no grid."""
    if meta is None:
        return None, None
    if isinstance(meta, dict) and "layout" not in meta and "id_format" not in meta:
        return None, None
    try:
        return HexLayout.from_props(meta), None
    except GeometryError as err:
        return None, str(err)
