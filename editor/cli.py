"""The installed ``warroom`` command: gamecore's subcommands plus the editor's own.

gamecore knows nothing of the editor (it never imports Qt or ``editor``), so the editor
adds its subcommands (``edit``, ``render``) here, through :func:`gamecore.cli.main`'s ``extra`` registrars. Neither
this module nor :mod:`editor.app` imports Qt at import time: ``warroom --help`` and every
core command start without it, and Qt is loaded when an editor command runs.
"""

from __future__ import annotations

import signal
import sys


def _stop_quietly(signum, _frame):  # pragma: no cover - runs in a child on a signal
    # Ctrl+C or SIGTERM while the modules below still load: a one-line exit, not a
    # KeyboardInterrupt traceback from deep inside an import (main puts the usual
    # handlers back once everything is loaded)
    print("warroom: interrupted", file=sys.stderr)
    sys.exit(130)  # as after the commands' own Ctrl+C or SIGTERM


signal.signal(signal.SIGINT, _stop_quietly)
signal.signal(signal.SIGTERM, _stop_quietly)

from importlib.util import find_spec  # noqa: E402

from editor.app import add_editor_arguments, run_editor  # noqa: E402
from gamecore import cli as core_cli  # noqa: E402
from gamecore.errors import WarroomError  # noqa: E402

#: said when an editor command runs on a core install (no Qt)
NO_QT = (
    "'warroom {cmd}' needs the editor's Qt (PySide6), which this install leaves out; "
    "install it with: pip install 'warroom[editor]'"
)


def require_qt(cmd: str) -> None:
    """One line and exit 2, not a traceback, when Qt is not installed (a core install
    for cluster workers and scripts has every other command)."""
    if find_spec("PySide6") is None:
        raise WarroomError(NO_QT.format(cmd=cmd))


def register_edit(sub) -> None:
    p = sub.add_parser("edit", help="open the map editor")
    add_editor_arguments(p)
    p.set_defaults(func=run_edit)


def run_edit(args) -> int:
    require_qt("edit")
    # the window ends at once on SIGTERM, as any desktop program (Qt's event loop would
    # hold a Python handler until the next event)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    return run_editor(args)


def register_render(sub) -> None:
    p = sub.add_parser(
        "render",
        help="draw the board to PDF (sheets + assembly page), SVG or PNG",
        description="Draw the board as the editor shows it, with a legend: a PDF with one "
        "page per sheet and an assembly page (and print-and-play pages with --kit), "
        "or one SVG or PNG picture of the whole map.",
    )
    add_render_arguments(p)
    p.set_defaults(func=run_render)


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


def run_render(args) -> int:
    require_qt("render")
    # Qt and the renderer load only when a board is drawn, after the arguments parse
    from editor.export.cli import run_render as render

    return render(args)


#: the editor's subcommands, added to gamecore's
EDITOR_COMMANDS = (register_edit, register_render)


def main(argv: list[str] | None = None) -> int:
    return core_cli.main(argv, extra=EDITOR_COMMANDS)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
