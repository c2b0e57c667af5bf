"""The installed ``warroom`` command: gamecore's subcommands plus the editor's own.

gamecore knows nothing of the editor (it never imports Qt or ``editor``), so the editor
adds its subcommands here, through :func:`gamecore.cli.main`'s ``extra`` registrars. Neither
this module nor :mod:`editor.app` imports Qt at import time: ``warroom --help`` and every
core command start without it, and Qt is loaded when an editor command runs.
"""

from __future__ import annotations

import sys

from editor.app import add_editor_arguments, run_editor
from gamecore import cli as core_cli


def register_edit(sub) -> None:
    p = sub.add_parser("edit", help="open the map editor")
    add_editor_arguments(p)
    p.set_defaults(func=run_edit)


def run_edit(args) -> int:
    return run_editor(args)


#: the editor's subcommands, added to gamecore's
EDITOR_COMMANDS = (register_edit,)


def main(argv: list[str] | None = None) -> int:
    return core_cli.main(argv, extra=EDITOR_COMMANDS)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
