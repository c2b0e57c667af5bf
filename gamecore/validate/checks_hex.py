"""Checks of hex maps (HEX…; issue #28, the HGW contract): the grid metadata
(``Map.props["hex"]``, :class:`gamecore.geometry.HexLayout`), each grid zone's cell and
id, the hexside features on borders (road, all-sea), crossing arrows, coastal hexes,
inherent garrisons and off-map boxes. Maps without grid metadata are left alone, but for
the ``garrison`` values, which mean the same on any map."""

from __future__ import annotations

from typing import Any

import numpy as np
import shapely

from gamecore.geometry.hexgrid import HexLayout, read_hex_meta
from gamecore.validate.registry import Fix, check

#: hexside features kept in ``Border.props`` as ``True`` (the contract: road, all_sea)
HEXSIDE_FLAGS = ("road", "all_sea")


def _layout(ctx) -> tuple[HexLayout | None, str | None]:
    if "hex_layout" not in ctx.shared:
        props = ctx.map.props if isinstance(ctx.map.props, dict) else {}
        ctx.shared["hex_layout"] = read_hex_meta(props.get("hex"))
    return ctx.shared["hex_layout"]


_ABSENT = object()


def _cell(z) -> Any:
    """A zone's ``props.hex`` (``_ABSENT`` when it has none: not a grid zone)."""
    props = z.props if isinstance(z.props, dict) else {}
    return props.get("hex", _ABSENT)


def _valid_cell(layout: HexLayout, z) -> tuple[int, int] | None:
    """The (row, col) a zone's ``props.hex`` names when it is a cell of ``layout``."""
    cell = _cell(z)
    if not (isinstance(cell, list | tuple) and len(cell) == 2):
        return None
    r, c = cell
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (r, c)):
        return None
    return (r, c) if layout.contains(r, c) else None


def _cells(ctx) -> dict[int, tuple[int, int]]:
    """Grid zones with a valid cell: {zone id: (row, col)} (built once per run)."""
    if "hex_cells" not in ctx.shared:
        layout, _ = _layout(ctx)
        out = {}
        if layout is not None:
            for zid, z in ctx.map.zones.items():
                cell = _valid_cell(layout, z)
                if cell is not None:
                    out[zid] = cell
        ctx.shared["hex_cells"] = out
    return ctx.shared["hex_cells"]


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


@check("HEX001", "error", "geometry", "hex grid metadata describes no grid")
def grid_metadata(ctx):
    """``Map.props["hex"]`` is the grid of the contract (layout, rows, cols, size, ...);
    zones that name a hex need it."""
    layout, why = _layout(ctx)
    if why is not None:
        yield ctx.issue("HEX001", f"the map's hex grid metadata is unusable: {why}")
    elif layout is None and any(_cell(z) is not _ABSENT for z in ctx.map.zones.values()):
        first = next(zid for zid, z in sorted(ctx.map.zones.items()) if _cell(z) is not _ABSENT)
        yield ctx.issue(
            "HEX001",
            f"{ctx.zone_desc(first)} names a hex cell but the map has no hex grid "
            '(Map.props["hex"])',
            zones=[first],
        )


@check(
    "HEX002", "error", "attributes", "hex zone's cell or id does not match the grid", per_zone=True
)
def cell_and_code(ctx, zones):
    """A grid zone's ``props.hex`` is a [row, col] of the grid and its code is that
    cell's id in the grid's format (e.g. "1142" for row 11, column 42)."""
    layout, _ = _layout(ctx)
    if layout is None:
        return
    for zid in sorted(zones):
        z = ctx.map.zones[zid]
        cell = _cell(z)
        if cell is _ABSENT:
            continue
        rc = _valid_cell(layout, z)
        if rc is None:
            yield ctx.issue(
                "HEX002",
                f"{ctx.zone_desc(zid)}: props.hex {_short(cell)} is not a [row, col] of the grid "
                f"(rows {layout.rows[0]}-{layout.rows[1]}, columns {layout.cols[0]}-{layout.cols[1]})",
                zones=[zid],
            )
        elif z.code != layout.code(*rc):
            yield ctx.issue(
                "HEX002",
                f"{ctx.zone_desc(zid)} lies on hex {layout.code(*rc)} (row {rc[0]}, column "
                f"{rc[1]}) but its code is {_short(z.code)}",
                zones=[zid],
            )


@check("HEX003", "error", "attributes", "two zones on one hex")
def one_zone_a_hex(ctx):
    by_cell: dict[tuple[int, int], list[int]] = {}
    for zid, rc in _cells(ctx).items():
        by_cell.setdefault(rc, []).append(zid)
    layout, _ = _layout(ctx)
    for rc, zids in sorted(by_cell.items()):
        if len(zids) > 1:
            yield ctx.issue(
                "HEX003",
                f"hex {layout.code(*rc)} is claimed by {len(zids)} zones: "
                + ", ".join(ctx.zone_desc(z) for z in sorted(zids)[:4]),
                zones=sorted(zids),
            )


@check("HEX004", "error", "geometry", "hex zone's polygon is not its cell", per_zone=True)
def polygon_is_cell(ctx, zones):
    """A grid zone is exactly its hexagon (a hex map is edited by painting attributes,
    not by reshaping zones)."""
    layout, _ = _layout(ctx)
    if layout is None:
        return
    cells = _cells(ctx)
    tol = 1e-6 * max(layout.size, 1.0)
    ids = [zid for zid in sorted(zones) if zid in cells and ctx.map.zones[zid].geometry is not None]
    if not ids:
        return
    actual = np.array([ctx.map.zones[zid].geometry for zid in ids], dtype=object)
    wanted = np.array([layout.polygon(*cells[zid]) for zid in ids], dtype=object)
    # same hexagon: the same six corners (up to the grid's rounding), in any order or
    # direction; normalize() puts both rings in one canonical order
    same = shapely.equals_exact(shapely.normalize(actual), shapely.normalize(wanted), tol)
    for zid, ok in zip(ids, same, strict=True):
        if not ok:
            rc = cells[zid]
            yield ctx.issue(
                "HEX004",
                f"{ctx.zone_desc(zid)} is not the hexagon of hex {layout.code(*rc)}",
                zones=[zid],
            )


def _clear_border(a: int, b: int, field: str):
    def make(pack):
        from gamecore.ops import SetBorderAttrs

        return SetBorderAttrs([(a, b)], field, False)

    return make


def _neighbours(ctx, a: int, b: int) -> bool:
    """Whether zones a and b are neighbouring hexes (across the seam too), or a zone
    and an off-map box (whose border rows are its hexsides)."""
    layout, _ = _layout(ctx)
    cells = _cells(ctx)
    if a in cells and b in cells:
        return cells[b] in layout.neighbours(*cells[a])
    # a hexside into an off-map box: its border row is what joins the box (the contract)
    return "offmap" in {ctx.map.zones[a].kind, ctx.map.zones[b].kind}


@check(
    "HEX005", "error", "attributes", "road or all-sea hexside between zones that are not neighbours"
)
def hexside_neighbours(ctx):
    """``Border.props`` ``road`` and ``all_sea`` are ``true`` or absent, and only on the
    hexside of two neighbouring hexes (or a hex and an off-map box joined to it)."""
    layout, _ = _layout(ctx)
    m = ctx.map
    for (a, b), border in sorted(m.borders.items()):
        props = border.props if isinstance(border.props, dict) else {}
        for field in HEXSIDE_FLAGS:
            if field not in props:
                continue
            fix = Fix(f"Clear the {field.replace('_', '-')} flag", _clear_border(a, b, field))
            value = props[field]
            if value is not True:
                yield ctx.issue(
                    "HEX005",
                    f"border {ctx.name_of(a)}–{ctx.name_of(b)}: {field} must be true or "
                    f"absent, not {_short(value)}",
                    zones=[z for z in (a, b) if z in m.zones],
                    fix=fix,
                )
            elif a not in m.zones or b not in m.zones:
                continue  # a border of a missing zone: reported elsewhere
            elif layout is None:
                yield ctx.issue(
                    "HEX005",
                    f"border {ctx.name_of(a)}–{ctx.name_of(b)} has a {field} but the map "
                    "has no hex grid",
                    zones=[a, b],
                    fix=fix,
                )
            elif not _neighbours(ctx, a, b):
                yield ctx.issue(
                    "HEX005",
                    f"the {field} on border {ctx.name_of(a)}–{ctx.name_of(b)} joins zones "
                    "that are not neighbouring hexes",
                    zones=[a, b],
                    fix=fix,
                )


@check("HEX006", "error", "attributes", "all-sea hexside not between two land hexes")
def all_sea_land(ctx):
    """The contract: an all-sea hexside lies between two land hexes (coastal ones,
    typically) whose shared side has no coastline; between sea hexes it means nothing."""
    m = ctx.map
    for (a, b), border in sorted(m.borders.items()):
        props = border.props if isinstance(border.props, dict) else {}
        if props.get("all_sea") is not True or a not in m.zones or b not in m.zones:
            continue
        kinds = sorted({m.zones[a].kind, m.zones[b].kind})
        if kinds != ["land"]:
            yield ctx.issue(
                "HEX006",
                f"the all-sea hexside {ctx.name_of(a)}–{ctx.name_of(b)} is not between two "
                f"land hexes (it joins {' and '.join(kinds)})",
                zones=[a, b],
                fix=Fix("Clear the all-sea flag", _clear_border(a, b, "all_sea")),
            )


def _remove_link(link_id: int):
    def make(pack):
        from gamecore.ops import RemoveItem

        return RemoveItem("links", link_id)

    return make


@check("HEX007", "error", "graph", "crossing arrow not a strait between land hexes")
def crossing_arrows(ctx):
    """The contract: a crossing arrow is ``Link(kind="strait", props.crossing_arrow =
    true)`` between two land zones (armies cross it; supply too; retreat does not)."""
    m = ctx.map
    for lid, link in sorted(m.links.items()):
        props = link.props if isinstance(link.props, dict) else {}
        if "crossing_arrow" not in props:
            continue
        value = props["crossing_arrow"]
        name = link.name or f"link {lid}"
        fix = Fix("Remove the link", _remove_link(lid))
        where = {"zones": [z for z in (link.a, link.b) if z in m.zones], "refs": {"links": [lid]}}
        if not isinstance(value, bool):
            yield ctx.issue(
                "HEX007",
                f"{name}: crossing_arrow must be true or false, not {_short(value)}",
                **where,
            )
        elif not value:
            continue
        elif link.kind != "strait":
            yield ctx.issue(
                "HEX007",
                f"{name} is a crossing arrow but a {link.kind} link, not a strait",
                **where,
            )
        elif link.a not in m.zones or link.b not in m.zones:
            continue  # GRA004 reports links to missing zones
        elif m.zones[link.a].kind != "land" or m.zones[link.b].kind != "land" or link.a == link.b:
            kinds = " and ".join(sorted({m.zones[link.a].kind, m.zones[link.b].kind}))
            yield ctx.issue(
                "HEX007",
                f"crossing arrow {name} must join two land hexes (it joins {kinds})",
                fix=fix,
                **where,
            )


def _unflag_coastal(zid: int):
    def make(pack):
        from gamecore.ops import SetZoneAttrs

        return SetZoneAttrs([zid], "flag:coastal", False)

    return make


@check("HEX008", "warning", "attributes", "coastal hex with no sea beside it", per_zone=True)
def coastal(ctx, zones):
    """The contract: a coastal hex is a land hex (land and sea at once) that touches a
    sea hex or the map edge."""
    layout, _ = _layout(ctx)
    if layout is None:
        return
    m = ctx.map
    cells = _cells(ctx)
    for zid in sorted(zones):
        z = m.zones[zid]
        if "coastal" not in z.flags:
            continue
        fix = Fix("Clear the coastal flag", _unflag_coastal(zid))
        if z.kind != "land" or zid not in cells:
            what = "not a land hex" if z.kind != "land" else "not a hex of the grid"
            yield ctx.issue(
                "HEX008", f"{ctx.zone_desc(zid)} is coastal but {what}", zones=[zid], fix=fix
            )
            continue
        if layout.on_edge(*cells[zid]):
            continue
        if any(m.zones[n].kind == "sea" for n in ctx.adjacency.get(zid, ())):
            continue
        yield ctx.issue(
            "HEX008",
            f"{ctx.zone_desc(zid)} is coastal but touches no sea hex and not the map edge",
            zones=[zid],
            fix=fix,
        )


@check("HEX009", "error", "attributes", "inherent garrison not 0 or 1", per_zone=True)
def garrison(ctx, zones):
    """rules-notes/001 §1.5: a land hex has an inherent garrison or not; the override
    ``props.garrison`` is 0 or 1."""
    for zid in sorted(zones):
        z = ctx.map.zones[zid]
        props = z.props if isinstance(z.props, dict) else {}
        if "garrison" not in props:
            continue
        value = props["garrison"]
        if isinstance(value, bool) or value not in (0, 1) or not isinstance(value, int):
            yield ctx.issue(
                "HEX009",
                f"{ctx.zone_desc(zid)}: props.garrison must be 0 or 1, not {_short(value)}",
                zones=[zid],
            )


@check("HEX010", "error", "graph", "off-map box not joined to the map")
def offmap_boxes(ctx):
    """The contract: an off-map box of a hex map is joined to it by a border row (a
    land link, Siberia's) or a link (an arrow to a sea hex)."""
    layout, _ = _layout(ctx)
    m = ctx.map
    if layout is None:
        return
    boxes = {zid for zid, z in m.zones.items() if z.kind == "offmap"}
    if not boxes:
        return
    joined: set[int] = set()
    for a, b in m.borders:
        if a != b and a in m.zones and b in m.zones:
            joined.update((a, b))
    for link in m.links.values():
        if (
            link.kind != "not_adjacent"
            and link.a != link.b
            and link.a in m.zones
            and link.b in m.zones
        ):
            joined.update((link.a, link.b))
    for zid in sorted(boxes - joined):
        yield ctx.issue(
            "HEX010",
            f"off-map box {ctx.zone_desc(zid)} is joined to no zone of the map "
            "(add a border row or a link)",
            zones=[zid],
        )


@check("HEX011", "warning", "graph", "hexes across the wrap seam not joined")
def wrap_seam(ctx):
    """Hexes that neighbour across the east-west seam (``wrap_cols``) do not touch on
    the map; a link joins them (the generator adds ``Link(kind="connection")``)."""
    layout, _ = _layout(ctx)
    if layout is None or layout.wrap_cols is None:
        return
    by_cell = {rc: zid for zid, rc in sorted(_cells(ctx).items(), reverse=True)}
    for a, b in sorted(layout.seam_pairs()):
        if a not in by_cell or b not in by_cell:
            continue
        za, zb = by_cell[a], by_cell[b]
        if zb not in ctx.adjacency.get(za, set()):
            yield ctx.issue(
                "HEX011",
                f"hexes {layout.code(*a)} and {layout.code(*b)} neighbour across the wrap seam "
                "but nothing joins them (add a connection link)",
                zones=sorted((za, zb)),
            )
