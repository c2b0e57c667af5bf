"""``warroom export FORMAT PACK ...``: write a pack in a foreign format.

Each format is a sub-subcommand registered in :data:`EXPORTERS` (name → function that adds
its parser to the ``export`` subparsers and sets ``func``), like ``warroom import``.

``warroom export triplea PACK [--scenario S] -o DIR [--scale PX] [--map-name NAME]
[--no-tiles] [--force] [--json]`` writes a TripleA map folder (map.yml, the game XML,
polygons and point files in image pixels, map.properties, 256-px baseTiles, smallMap,
flags) that TripleA loads.

``warroom export geojson PACK -o FILE [--scenario S] [--force] [--json]`` writes the zones
as GeoJSON in the pack's CRS and a links layer beside them
(:mod:`gamecore.interop.geojson_export`).
"""

from __future__ import annotations

from collections.abc import Callable

from gamecore import limits
from gamecore.commands._util import ProgressBar, print_json
from gamecore.errors import WarroomError

#: format name → ``register(export_subparsers)``
EXPORTERS: dict[str, Callable] = {}


def register_exporter(name: str, register_fn: Callable) -> None:
    """Add an exporter: ``register_fn(subparsers)`` adds ``warroom export NAME``."""
    EXPORTERS[name] = register_fn


def register(sub) -> None:
    p = sub.add_parser("export", help="write a pack in a foreign format (TripleA, ...)")
    s = p.add_subparsers(dest="export_format", metavar="FORMAT", required=True)
    for _name, fn in sorted(EXPORTERS.items()):
        fn(s)


# -- triplea ------------------------------------------------------------------------------


def _register_triplea(s) -> None:
    p = s.add_parser(
        "triplea",
        help="a pack's scenario -> a TripleA map folder",
        description="Write one scenario of a pack as a TripleA map folder that TripleA loads: "
        "map.yml, map/games/GAME.xml (game.dtd order, kept TripleA parts restored), "
        "polygons/centers/place and other point files, map.properties, baseTiles/, "
        "smallMap.jpeg and flags/.",
    )
    p.add_argument("pack", help="the pack file")
    p.add_argument("-o", "--output", metavar="DIR", required=True, help="the map folder")
    p.add_argument("--scenario", metavar="S", help="which scenario, when the pack has several")
    p.add_argument(
        "--scale",
        type=float,
        metavar="PX",
        help="image pixels per map unit (default: the background's resolution, else 1)",
    )
    p.add_argument("--map-name", metavar="NAME", help="the map's folder name for TripleA")
    p.add_argument("--no-tiles", action="store_true", help="do not render baseTiles")
    p.add_argument("--force", action="store_true", help="write into a folder that is not empty")
    p.add_argument("--json", action="store_true", help="print the export report as JSON")
    p.set_defaults(func=_run_triplea)


def _run_triplea(args) -> int:
    from gamecore.interop.triplea.exporter import ExportOptions, export_triplea
    from gamecore.store import read_pack

    pack = read_pack(args.pack)
    if not args.no_tiles:
        _check_tile_pixels(pack, args)
    bar = ProgressBar("export")
    opts = ExportOptions(
        scenario=args.scenario,
        scale=args.scale,
        map_name=args.map_name,
        tiles=not args.no_tiles,
        force=args.force,
        progress=lambda _stage, f: bar.update(int(f * 100), 100),
    )
    try:
        report = export_triplea(pack, args.output, opts)
    except WarroomError as err:
        if args.pack in str(err):
            raise
        # what the pack holds (a nation id, a scenario name) decided this: name the pack
        named = WarroomError(str(err), args.pack)
        named.exit_code = err.exit_code
        raise named from None
    finally:
        bar.close()
    if args.json:
        print_json(report.to_json())
    else:
        print("\n".join(report.lines()))
    # 1: written and playable, but without what TripleA cannot express (listed above)
    return 1 if report.losses else 0


def _check_tile_pixels(pack, args) -> None:
    """Refuse, before any work, a map frame whose base tiles would be too many pixels to
    render (a pack's frame of 9,000,000 units would otherwise render for hours). The
    scale is --scale, or at least 1 pixel per unit for a frame of 1,000 units or more
    when no background image sets it."""
    w, h = pack.map.width, pack.map.height
    if args.scale is not None:
        scale = args.scale
    elif not pack.map.images and max(w, h) >= 1000:
        scale = 1.0
    else:
        return  # small frames are scaled to 2,000 px; image resolutions are bounded
    pixels = (w * scale) * (h * scale)
    if pixels > limits.MAX_EXPORT_PIXELS:
        raise WarroomError(
            f"the map frame ({w:,.0f} x {h:,.0f} units at {scale:g} px per unit) would "
            f"render {pixels:,.0f} pixels of tiles (at most {limits.MAX_EXPORT_PIXELS:,}); "
            "use a smaller --scale or --no-tiles",
            args.pack,
        )


register_exporter("triplea", _register_triplea)


# -- geojson ------------------------------------------------------------------------------


def _register_geojson(s) -> None:
    p = s.add_parser(
        "geojson",
        help="a pack's zones -> GeoJSON (zones, plus a links layer beside them)",
        description="Write one feature per zone (id, code, name, kind, terrain, value, owner "
        "and units at the start of --scenario) in the pack's projected CRS, and "
        "NAME.links.geojson beside it (links, lines, facilities, terrain areas). "
        "'warroom import geojson' of the zone file gives the map back.",
    )
    p.add_argument("pack", help="the pack file")
    p.add_argument("-o", "--output", metavar="FILE", required=True, help="the zone file")
    p.add_argument("--scenario", metavar="S", help="owners and units at the start of S")
    p.add_argument("--force", action="store_true", help="overwrite existing files")
    p.add_argument("--json", action="store_true", help="print what was written as JSON")
    p.set_defaults(func=_run_geojson)


def _run_geojson(args) -> int:
    from gamecore.interop.geojson_export import export_geojson
    from gamecore.store import read_pack

    pack = read_pack(args.pack)
    rep = export_geojson(
        pack, args.output, scenario=args.scenario, force=args.force, source=args.pack
    )
    if args.json:
        print_json(rep)
    else:
        print(
            f"{rep['zones']}: {rep['features']} zones; {rep['links']}: "
            f"{rep['links_features']} links, lines, facilities and terrain areas"
        )
    return 0


register_exporter("geojson", _register_geojson)
