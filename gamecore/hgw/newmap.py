"""Hitler's Global War's page of the New Map wizard (:mod:`gamecore.engine.newmap`): the
HGW-CONTRACT hex layout, pointy-top hexes in rows, odd rows shifted right, ids row then
column (RRCC)."""

from __future__ import annotations

from gamecore.engine.newmap import LayoutField, NewMapLayout
from gamecore.errors import GeometryError, WarroomError
from gamecore.geometry import hgw_hex_map
from gamecore.model import Pack


def hgw_hex_map_pack(
    rows: int,
    cols: int,
    size: float,
    first_row: int = 1,
    first_col: int = 1,
    wrap: bool = False,
    name: str = "Hex map",
) -> Pack:
    """A Hitler's Global War hex layout (HGW-CONTRACT) from gamecore's generator
    (:func:`gamecore.geometry.hgw_hex_map`): pointy-top hexes in rows, odd rows shifted
    right by half a hex, ids row then column "RRCC" counted from ``first_row`` /
    ``first_col`` (a 3-digit column above 99: "15107"), every hex a clear land zone with
    ``props["hex"] = [row, col]``. ``wrap``: the map wraps east-west after ``cols``
    columns; every hex stays whole and the hexes that neighbour across the seam are
    joined by ``Link(kind="connection", props={"wrap": True})`` rows."""
    if rows < 1 or cols < 1 or size <= 0:
        raise WarroomError("new hex map: rows, columns and size must be positive")
    try:
        m = hgw_hex_map(
            (first_row, first_row + rows - 1),
            (first_col, first_col + cols - 1),
            size,
            wrap_cols=cols if wrap else None,
            name=name,
        )
    except GeometryError as err:
        raise WarroomError(f"new hex map: {err}") from None
    return Pack(map=m, meta={"title": name})


LAYOUT = NewMapLayout(
    "hgw",
    "Hitler's Global War: pointy-top, odd rows shifted right, ids row-column (RRCC)",
    hgw_hex_map_pack,
    (
        LayoutField("first_row", "First row number", "int", 1, 1, 99),
        LayoutField("first_col", "First column number", "int", 1, 1, 999),
        LayoutField("wrap", "East-west wrap", "bool", False),
    ),
)

__all__ = ["LAYOUT", "hgw_hex_map_pack"]
