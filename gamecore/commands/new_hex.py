"""``warroom new-hex OUT --rows 1-24 --cols 28-60 --size 20``: a new hex-map pack.

The grid is the Hitler's Global War layout (pointy-top, odd rows shifted right, ids
"RRCC"; :class:`gamecore.geometry.HexLayout`). ``--land FILE.geojson`` classifies the
hexes into land, sea and coastal ones (:func:`gamecore.geometry.hgw_hex_map`): its
polygons are in map coordinates, or in longitude/latitude fitted onto the grid's box with
``--lon-lat-fit LON0,LAT0,LON1,LAT1``. The pack written validates clean.
"""

from __future__ import annotations

import math
import re

from gamecore import safepath
from gamecore.commands._util import print_json
from gamecore.errors import GeometryError, ImportFormatError, WarroomError


def register(sub) -> None:
    p = sub.add_parser(
        "new-hex",
        help="write a new hex-map pack (HGW layout: rows then columns, odd rows shifted)",
    )
    p.add_argument("output", metavar="OUT", help="the pack to write (.warroom)")
    p.add_argument("--rows", required=True, metavar="FIRST-LAST", help="row numbers, e.g. 1-24")
    p.add_argument("--cols", required=True, metavar="FIRST-LAST", help="column numbers, e.g. 28-60")
    p.add_argument("--size", default="20", metavar="S", help="hex size, centre to corner (20)")
    p.add_argument("--wrap-cols", metavar="N", help="columns c and c+N are one (east-west wrap)")
    p.add_argument("--land", metavar="GEOJSON", help="land polygons: land, sea and coastal hexes")
    p.add_argument(
        "--lon-lat-fit",
        metavar="LON0,LAT0,LON1,LAT1",
        help="the land file is in degrees: fit this box onto the grid",
    )
    p.add_argument("--name", default="Hex map", help="the map's name")
    p.add_argument("--force", action="store_true", help="overwrite an existing pack")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


_RANGE = re.compile(r"^\s*(\d{1,9})\s*(?:-\s*(\d{1,9}))?\s*$")


def _range(text: str, option: str) -> tuple[int, int]:
    m = _RANGE.match(text) if text.isascii() else None
    if m is None:
        raise WarroomError(f"{option} {text[:40]!r}: expected FIRST-LAST, e.g. 1-24")
    a = int(m.group(1))
    b = int(m.group(2)) if m.group(2) else a
    if a < 1 or b < a:
        raise WarroomError(f"{option} {text}: expected 1 <= FIRST <= LAST")
    return a, b


def _number(text: str, option: str, integer: bool = False):
    try:
        value = int(text) if integer else float(text)
    except ValueError:
        what = "a whole number" if integer else "a number"
        raise WarroomError(f"{option} {text[:40]!r}: expected {what}") from None
    if not (math.isfinite(value) and value > 0):
        raise WarroomError(f"{option} {text[:40]!r}: expected a positive number")
    return value


def _land(path: str, fit: str | None, bounds):
    import shapely

    from gamecore.interop.geojson import read_geojson
    from gamecore.interop.projection import parse_bbox

    box = parse_bbox(fit, "--lon-lat-fit") if fit else None
    features = read_geojson(path)
    polys = [
        f.geometry
        for f in features
        if f.geometry.geom_type in ("Polygon", "MultiPolygon", "GeometryCollection")
    ]
    polys = [
        p for g in polys for p in shapely.get_parts(g) if p.geom_type in ("Polygon", "MultiPolygon")
    ]
    if not polys:
        raise ImportFormatError("has no polygons to take the land from", path)
    land = shapely.GeometryCollection(polys)
    if box is not None:
        lon0, lat0, lon1, lat1 = box
        x0, y0, x1, y1 = bounds
        sx, sy = (x1 - x0) / (lon1 - lon0), (y1 - y0) / (lat1 - lat0)
        land = shapely.transform(land, lambda c: (c - [lon0, lat1]) * [sx, -sy] + [x0, y0])
    return land


def run(args) -> int:
    from gamecore.geometry import HexLayout, hex_layout_map
    from gamecore.model import Pack
    from gamecore.store import write_pack

    rows = _range(args.rows, "--rows")
    cols = _range(args.cols, "--cols")
    size = _number(args.size, "--size")
    wrap = _number(args.wrap_cols, "--wrap-cols", integer=True) if args.wrap_cols else None
    if args.lon_lat_fit and not args.land:
        raise WarroomError("--lon-lat-fit fits the --land file: give one")
    try:
        layout = HexLayout(rows, cols, size, wrap_cols=wrap)
    except GeometryError as err:
        raise WarroomError(f"new-hex: {err}") from None
    out = safepath.output_file(args.output, args.force, "pack file")
    land = _land(args.land, args.lon_lat_fit, layout.bounds()) if args.land else None
    try:
        m = hex_layout_map(layout, land=land, name=args.name)
    except GeometryError as err:
        raise WarroomError(f"{args.land}: {err}") from None
    write_pack(Pack(map=m, meta={"title": args.name}), out)
    zones = m.zones.values()
    result = {
        "pack": str(out),
        "hexes": len(m.zones),
        "rows": list(rows),
        "cols": list(cols),
        "land": sum(z.kind == "land" for z in zones),
        "sea": sum(z.kind == "sea" for z in zones),
        "coastal": sum("coastal" in z.flags for z in zones),
        "all_sea_hexsides": sum(b.props.get("all_sea") is True for b in m.borders.values()),
        "wrap_links": len(m.links),
        "size": [m.width, m.height],
    }
    if args.json:
        print_json(result)
    else:
        print(
            f"{out}: {result['hexes']} hexes, rows {rows[0]}-{rows[1]}, columns "
            f"{cols[0]}-{cols[1]} ({result['land']} land, {result['coastal']} of them coastal, "
            f"{result['sea']} sea; {result['all_sea_hexsides']} all-sea hexsides, "
            f"{result['wrap_links']} wrap links; {m.width:g} x {m.height:g})"
        )
    return 0
