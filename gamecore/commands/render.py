"""``warroom render PACK -o OUT.pdf|svg|png``: the board on paper and as images.

The drawing is the editor's (Qt), reached by name like ``warroom edit``; the arguments
are declared here in :func:`add_render_arguments` and checked in
:func:`editor.export.options.options_from_args`."""

from __future__ import annotations

import importlib


def register(sub) -> None:
    p = sub.add_parser(
        "render",
        help="draw the board to PDF (sheets + assembly page), SVG or PNG",
        description="Draw the board as the editor shows it, with a legend: a PDF with one "
        "page per sheet and an assembly page (and print-and-play pages with --kit), "
        "or one SVG or PNG picture of the whole map.",
    )
    add_render_arguments(p)
    p.set_defaults(func=run)


def add_render_arguments(p) -> None:
    p.add_argument("pack", help="map pack to draw")
    p.add_argument("-o", "--out", required=True, metavar="OUT", help="OUT.pdf, OUT.svg or OUT.png")
    p.add_argument("--scenario", metavar="ID", help="scenario shown (default: the first)")
    p.add_argument(
        "--mode",
        default="political",
        metavar="MODE",
        help="map mode: political, terrain, value, region, issues, heatmap",
    )
    p.add_argument("--dpi", type=float, default=150.0, help="PNG resolution (default 150)")
    p.add_argument(
        "--paper", default="A4", help="A4, A3, Letter, Tabloid or custom WxH in mm (default A4)"
    )
    p.add_argument(
        "--scale", type=float, metavar="MM", help="mm per map unit (default: fit --sheets)"
    )
    p.add_argument(
        "--sheets", default="1x1", metavar="NxM", help="fit the map to N x M sheets (default 1x1)"
    )
    p.add_argument(
        "--overlap", type=float, default=10.0, metavar="MM", help="sheets overlap (default 10)"
    )
    p.add_argument(
        "--marks", action="store_true", help="crop and alignment marks, a sheet index per page"
    )
    p.add_argument("--no-units", action="store_true", help="leave the unit chips out")
    p.add_argument(
        "--labels",
        default="names",
        metavar="WHICH",
        help="names, ids (hex ids), both or none (default names)",
    )
    p.add_argument(
        "--kit",
        action="store_true",
        help="PDF: add counters, set-up charts and tracks for the scenario",
    )
    p.add_argument("--counter", type=int, default=16, help="counter size in mm: 16 or 20")
    p.add_argument("--json", action="store_true", help="print a summary as JSON")


def run(args) -> int:
    # Imported by name so that gamecore itself never imports Qt.
    cli = importlib.import_module("editor.export.cli")
    return cli.run_render(args)
