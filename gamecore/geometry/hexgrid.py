"""Hex grids for hex-based games (e.g. Hitler's Global War), as a valid coverage.

Corners are computed from integer lattice indices, so neighbouring hexes share
bit-identical vertices. Hex ids follow the usual map convention "CCRR" (column then
row, two digits each, counted from ``first``), e.g. "0512"; seeds/001 (Hitler's Global
War) moves units "from hex 1337 to hex 1238".

Layouts: ``flat`` (flat-topped hexes in columns, every other column shifted down by
half a hex) and ``pointy`` (pointy-topped hexes in rows, every other row shifted right).
``shift`` says which *numbered* columns (rows) are shifted: "odd" (the default, as on
the Hitler's Global War map, where 1337 borders 1238) or "even".
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from shapely.geometry import Polygon

from gamecore.errors import GeometryError

__all__ = ["HexGrid", "hex_grid", "hex_neighbours"]

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
        return hex_neighbours(col, row, self.orientation, self.first, self.shift)

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


def hex_neighbours(
    col: int, row: int, orientation: str = "flat", first: int = 1, shift: str = "odd"
) -> list[tuple[int, int]]:
    """The six (col, row) neighbours (0-based) of a hex in the layouts of
    :func:`hex_grid` with the same ``first`` and ``shift``."""
    if orientation == "flat":
        d = 0 if _shifted(col, first, shift) else -1
        return [
            (col, row - 1),
            (col, row + 1),
            (col - 1, row + d),
            (col - 1, row + d + 1),
            (col + 1, row + d),
            (col + 1, row + d + 1),
        ]
    d = 0 if _shifted(row, first, shift) else -1
    return [
        (col - 1, row),
        (col + 1, row),
        (col + d, row - 1),
        (col + d + 1, row - 1),
        (col + d, row + 1),
        (col + d + 1, row + 1),
    ]
