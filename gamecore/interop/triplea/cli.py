"""``warroom import triplea MAPDIR -o PACK [--game NAME]``: the TripleA importer of the
``import`` command (registered in :mod:`gamecore.commands.import_`). Kept free of heavy
imports: the work happens in :func:`run_import`."""

from __future__ import annotations

from pathlib import Path

from gamecore.console import ProgressBar, print_json
from gamecore.errors import WarroomError


def register_import(sub) -> None:
    """Add ``triplea`` to the ``import`` command's format subparsers."""
    p = sub.add_parser(
        "triplea",
        help="a TripleA map folder (one of its games) -> a pack",
        description="Import a TripleA map folder (map.yml, games/*.xml, polygons.txt, "
        "centers.txt, place.txt, map.properties, baseTiles/, flags/ ...) and one of its games "
        "as a pack: zones cleaned into a coverage, adjacency equal to the XML's connections, "
        "nations, a ruleset extending the closest bundled one, and one scenario.",
    )
    p.add_argument("mapdir", metavar="MAPDIR", help="the map folder (or a game XML file)")
    p.add_argument("-o", "--output", metavar="PACK", required=True, help="the pack to write")
    p.add_argument("--game", metavar="NAME", help="which game, when the map has several")
    p.add_argument(
        "--gap",
        type=float,
        default=4.0,
        metavar="PX",
        help="widest gap between traced neighbours that is closed (default 4)",
    )
    p.add_argument(
        "--geometry",
        choices=("auto", "traced", "exact"),
        default="auto",
        help="traced: clean pixel-traced polygons; exact: polygons Warroom wrote (auto: "
        "decided by map.properties)",
    )
    p.add_argument("--no-images", action="store_true", help="skip base tiles, flags and icons")
    p.add_argument("--force", action="store_true", help="overwrite an existing pack")
    hb = p.add_mutually_exclusive_group()
    hb.add_argument(
        "--handbook",
        metavar="ID|FILE",
        help="lay a handbook's victory rules (tokens, round limit, winner) over the game: a "
        "bundled id (3g40) or a handbook .json file (default: the bundled handbook that "
        "names this map, if any)",
    )
    hb.add_argument(
        "--no-handbook", action="store_true", help="apply no handbook, even a matching one"
    )
    p.add_argument(
        "--handbook-length",
        choices=("short", "long"),
        default="short",
        help="the handbook's game length: its short or long round limit (3G40: 8 or 10)",
    )
    p.add_argument("--json", action="store_true", help="print the import report as JSON")
    p.set_defaults(func=run_import)


def run_import(args) -> int:
    from gamecore.interop.triplea.importer import ImportOptions, import_triplea
    from gamecore.store import write_pack

    out = Path(args.output)
    if out.exists() and out.is_dir():
        raise WarroomError("is a folder, not a pack file", out)
    if out.exists() and not args.force:
        raise WarroomError("already exists (use --force to overwrite it)", out)
    if args.gap < 0:
        raise WarroomError("--gap must not be negative")
    bar = ProgressBar("import")
    opts = ImportOptions(
        game=args.game,
        gap=args.gap,
        geometry=args.geometry,
        images=not args.no_images,
        handbook="none" if args.no_handbook else (args.handbook or "auto"),
        handbook_length=args.handbook_length,
        progress=lambda _stage, f: bar.update(int(f * 100), 100),
    )
    try:
        pack, report = import_triplea(args.mapdir, opts)
    finally:
        bar.close()
    write_pack(pack, out)
    if args.json:
        print_json({"pack": str(out), **report.to_json()})
    else:
        print(f"{out}: " + "\n".join(report.lines()))
    return 0
