"""``warroom import FORMAT ...``: make a pack from foreign data.

Each format is a sub-subcommand registered in :data:`IMPORTERS` (name → function that adds
its parser to the ``import`` subparsers and sets ``func``). Another importer (e.g.
``triplea``) is added with :func:`register_importer` or by adding an entry here.

``warroom import geojson FILE -o PACK [--projection NAME|EPSG:n|PROJ] [--width PX]
[--bbox LON0,LAT0,LON1,LAT1] [--merge-by ATTR] [--json]`` makes a new pack;
``warroom import geojson FILE --into PACK [--points labels|facilities] [--lines river|rail]``
adds points and lines to a pack made from geography, aligned by its stored projection.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gamecore import safepath
from gamecore.commands._util import ProgressBar, print_json
from gamecore.errors import WarroomError

#: format name → ``register(import_subparsers)``
IMPORTERS: dict[str, Callable] = {}


def register_importer(name: str, register_fn: Callable) -> None:
    """Add an importer: ``register_fn(subparsers)`` adds ``warroom import NAME``."""
    IMPORTERS[name] = register_fn


def register(sub) -> None:
    p = sub.add_parser("import", help="make a pack from foreign data (GeoJSON, ...)")
    s = p.add_subparsers(dest="import_format", metavar="FORMAT", required=True)
    for _name, fn in sorted(IMPORTERS.items()):
        fn(s)


# -- geojson ------------------------------------------------------------------------------


def _register_geojson(s) -> None:
    from gamecore.interop.named_projections import NAMED_PROJECTIONS

    g = s.add_parser(
        "geojson",
        help="countries/regions (GeoJSON polygons) -> land zones, the ocean -> sea zones",
        description="Import GeoJSON polygons (WGS84 lon/lat) as land zones; the water in "
        "the map frame becomes lakes and numbered sea zones. A zone file written by "
        "'warroom export geojson' gives its map back as it was (the options that shape "
        "an import do not apply to it).",
    )
    # "--bbox -25,30,45,72": let a comma list starting with a minus be a value
    g._negative_number_matcher = re.compile(r"^-\d+$|^-\d*\.\d+$|^-?[\d.]+(,-?[\d.]+){3}$")
    g.add_argument("file", help="the GeoJSON file")
    dest = g.add_mutually_exclusive_group(required=True)
    dest.add_argument("-o", "--output", metavar="PACK", help="the new pack to write")
    dest.add_argument(
        "--into",
        metavar="PACK",
        help="add the file's points and lines to this pack (made from geography), "
        "placed with its stored projection",
    )
    g.add_argument(
        "--points",
        choices=("labels", "facilities"),
        default="labels",
        help="with --into: points become city labels (default) or facilities",
    )
    g.add_argument(
        "--facility-type", default="air_base", help="with --points facilities (default air_base)"
    )
    g.add_argument(
        "--lines", choices=("river", "rail"), default="river", help="with --into: line kind"
    )
    g.add_argument(
        "--projection",
        default="robinson",
        metavar="NAME|EPSG:n|PROJ",
        help=f"{', '.join(NAMED_PROJECTIONS)}, an EPSG code or a PROJ string (default robinson)",
    )
    g.add_argument("--width", type=float, default=4000.0, metavar="PX", help="map width")
    g.add_argument("--bbox", metavar="LON0,LAT0,LON1,LAT1", help="crop box in degrees")
    g.add_argument("--merge-by", metavar="ATTR", help="one zone per value of this attribute")
    g.add_argument(
        "--split-parts", action="store_true", help="one zone per polygon of multi-polygons"
    )
    g.add_argument("--name-attr", metavar="ATTR", help="attribute with the zone names")
    g.add_argument("--code-attr", metavar="ATTR", help="attribute with the zone codes")
    g.add_argument("--sea-zones", type=int, metavar="N", help="number of sea zones")
    g.add_argument("--force", action="store_true", help="overwrite an existing pack (-o)")
    g.add_argument("--json", action="store_true", help="print the result as JSON")
    g.set_defaults(func=cmd_geojson)


def cmd_geojson(args) -> int:
    from gamecore.interop.geojson import ImportOptions, import_geojson
    from gamecore.interop.geojson_export import is_warroom_geojson
    from gamecore.store import write_pack

    if args.into:
        return _geojson_into(args)
    if is_warroom_geojson(args.file):  # written by 'warroom export geojson': the map back
        return _geojson_back(args)

    if args.sea_zones is not None and not 1 <= args.sea_zones <= 1000:
        raise WarroomError("--sea-zones must be between 1 and 1000")
    out = safepath.output_file(args.output, args.force, "pack file")
    opts = ImportOptions(
        projection=args.projection,
        width=args.width,
        bbox=args.bbox,
        merge_by=args.merge_by,
        split_parts=args.split_parts,
        name_attr=args.name_attr,
        code_attr=args.code_attr,
        sea_zones=args.sea_zones,
    )
    bar = ProgressBar("import")
    try:
        pack, rep = import_geojson(args.file, opts, lambda _stage, f: bar.update(int(f * 100), 100))
    finally:
        bar.close()
    write_pack(pack, out)
    result = {"pack": str(out), "crs": pack.map.crs, **rep.as_dict()}
    result["size"] = [pack.map.width, pack.map.height]
    if args.json:
        print_json(result)
    else:
        print(
            f"{out}: {rep.land_zones} land zones, {rep.sea_zones} sea zones, {rep.lakes} lakes "
            f"from {rep.features} features ({pack.map.width:g} x {pack.map.height:g}, "
            f"{rep.seconds.get('total', 0.0):.1f} s)"
        )
        if rep.dropped:
            print(f"dropped (too small): {', '.join(rep.dropped)}")
    return 0


def _geojson_back(args) -> int:
    from gamecore.interop.geojson_export import read_warroom_geojson
    from gamecore.store import write_pack

    out = safepath.output_file(args.output, args.force, "pack file")
    pack = read_warroom_geojson(args.file)
    write_pack(pack, out)
    m = pack.map
    result = {"pack": str(out), "crs": m.crs, "zones": len(m.zones), "links": len(m.links)}
    result["lines"] = len(m.lines)
    if args.json:
        print_json(result)
    else:
        print(
            f"{out}: {len(m.zones)} zones, {len(m.links)} links, {len(m.lines)} lines (as exported)"
        )
    return 0


def _geojson_into(args) -> int:
    from gamecore.interop.geojson import import_lines, import_points, read_geojson
    from gamecore.store import open_pack

    feats = read_geojson(args.file)
    points = [f for f in feats if f.geometry.geom_type.endswith("Point")]
    lines = [f for f in feats if f.geometry.geom_type.endswith("LineString")]
    if not points and not lines:
        raise WarroomError("no Point or LineString features to add to a pack", args.file)
    # opened for writing: the pack is locked from the read to the save, so a second
    # writer (another --into, the editor) is refused instead of losing this edit or its own
    with open_pack(args.into) as pf:
        pack = pf.pack
        result: dict = {"pack": args.into}
        if points:
            result["points"] = import_points(
                pack, points, mode=args.points, facility_type=args.facility_type
            )
        if lines:
            result["lines"] = import_lines(pack, lines, kind=args.lines)
        pf.save()
    if args.json:
        print_json(result)
    else:
        parts = []
        if points:
            pts = result["points"]
            parts.append(f"{pts['added']} points as {args.points} ({pts['skipped']} outside land)")
        if lines:
            parts.append(f"{result['lines']['added']} {args.lines} lines")
        print(f"{args.into}: added " + ", ".join(parts))
    return 0


register_importer("geojson", _register_geojson)

from gamecore.interop.triplea.cli import register_import as _register_triplea  # noqa: E402

register_importer("triplea", _register_triplea)
