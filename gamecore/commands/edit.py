"""``warroom edit [PACK]``: open the editor (same as ``warroom-editor``)."""

from __future__ import annotations

import importlib


def register(sub) -> None:
    p = sub.add_parser("edit", help="open the map editor")
    add_editor_arguments(p)
    p.set_defaults(func=run)


def add_editor_arguments(p) -> None:
    p.add_argument("pack", nargs="?", help="map pack to open (default: a copy of the sample)")
    p.add_argument("--screenshot", metavar="PNG", help="render the main window to PNG and exit")
    p.add_argument(
        "--size", metavar="WxH", default="1600x1000", help="window size for --screenshot"
    )
    p.add_argument("--mode", metavar="MODE", help="map mode to show (political, terrain, value, …)")
    p.add_argument("--scenario", metavar="ID", help="scenario to show (default: the first)")
    p.add_argument(
        "--zoom-to",
        metavar="ZONES",
        help="zoom to these zones (comma-separated codes or names) instead of the whole map",
    )
    p.add_argument(
        "--hide-layers",
        metavar="KEYS",
        help="layers to hide, comma-separated (terrain, rail, convoy, crossings, cities, …)",
    )


def run(args) -> int:
    # Imported by name so that gamecore itself never imports Qt.
    app = importlib.import_module("editor.app")
    return app.run_editor(args)
