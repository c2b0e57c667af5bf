"""The ``warroom`` command.

Subcommands live in :mod:`gamecore.commands`, one module each, discovered at start-up:
a module defines ``register(subparsers)`` that adds its parser and sets ``func`` to a
callable ``(args) -> int``. The installed ``warroom`` is :mod:`editor.cli`, which adds the
editor's commands (``edit``) through ``main(extra=...)``; ``python -m gamecore.cli`` is the
core alone. Conventions (docs/architecture.md): human text by default, JSON with
``--json``; exit 0 success, 1 "ran and found problems", 2 unusable input; bad input
ends in a one-line message, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any

from gamecore import __version__
from gamecore.errors import RulesetError, WarroomError
from gamecore.paths import VARIANT_BASE_ENV


def build_parser(extra: Sequence[Callable[[Any], None]] = ()) -> argparse.ArgumentParser:
    """The parser of gamecore's subcommands, plus those ``extra`` registrars add (the
    editor adds ``edit`` this way: :mod:`editor.cli`, the installed ``warroom``)."""
    parser = argparse.ArgumentParser(
        prog="warroom",
        description="Warroom: draw, set up, validate and playtest WWII strategy maps.",
    )
    parser.add_argument("--version", action="version", version=f"warroom {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    from gamecore import commands

    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"gamecore.commands.{info.name}")
        module.register(sub)
    for register in extra:
        register(sub)
    _add_base_option(sub)
    return parser


def _add_base_option(sub: argparse._SubParsersAction) -> None:
    """``--base PATH`` on every command: where the base of a variant pack is when it is
    not where the variant says (docs/variants.md)."""
    for parser in sub.choices.values():
        nested = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if nested:
            for n in nested:
                _add_base_option(n)
            continue
        try:
            parser.add_argument(
                "--base",
                dest="base_hint",
                metavar="PATH",
                help="the base pack of a variant, when it is not where the variant says",
            )
        except argparse.ArgumentError:  # a command with its own --base
            pass


#: ``warroom playtest compare|bid|ladder …`` are the commands ``playtest-compare``,
#: ``playtest-bid`` and ``playtest-ladder`` (``playtest`` itself takes a pack first)
_PLAYTEST_VERBS = ("compare", "bid", "ladder")


def _route(argv: list[str]) -> list[str]:
    if len(argv) >= 2 and argv[0] == "playtest" and argv[1] in _PLAYTEST_VERBS:
        import os

        if not os.path.exists(argv[1]):  # a pack file really named "compare" still plays
            return [f"playtest-{argv[1]}", *argv[2:]]
    return argv


def _terminated(_signum, _frame):
    raise KeyboardInterrupt


def main(argv: list[str] | None = None, extra: Sequence[Callable[[Any], None]] = ()) -> int:
    # SIGTERM ends a command as Ctrl+C does: one line, exit 130, what was done kept (a
    # playtest's pool turns both into its own stop flag while it runs)
    saved = {}
    if threading.current_thread() is threading.main_thread():
        saved = {
            signal.SIGINT: signal.signal(signal.SIGINT, signal.default_int_handler),
            signal.SIGTERM: signal.signal(signal.SIGTERM, _terminated),
        }
    try:
        return _main(argv, extra)
    except KeyboardInterrupt:  # while the command's modules load, before it runs
        print("warroom: interrupted", file=sys.stderr)
        return 130
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)


def _main(argv: list[str] | None, extra: Sequence[Callable[[Any], None]]) -> int:
    parser = build_parser(extra)
    args = parser.parse_args(_route(list(sys.argv[1:] if argv is None else argv)))
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    import os

    hint = getattr(args, "base_hint", None)
    saved = os.environ.get(VARIANT_BASE_ENV)
    if hint:
        os.environ[VARIANT_BASE_ENV] = hint
    try:
        return int(args.func(args) or 0)
    except WarroomError as err:
        print(f"warroom: error: {_naming_the_input(err, args)}", file=sys.stderr)
        return err.exit_code
    except KeyboardInterrupt:
        print("warroom: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    finally:
        if hint:
            if saved is None:
                os.environ.pop(VARIANT_BASE_ENV, None)
            else:
                os.environ[VARIANT_BASE_ENV] = saved


#: longest error message printed (one line)
MAX_MESSAGE_CHARS = 600


def _naming_the_input(err: WarroomError, args: argparse.Namespace) -> str:
    """The one-line message of ``err``; a ruleset error met while using a pack names the
    pack too (the ruleset it names is the pack's choice, not the user's)."""
    text = " ".join(str(err).split())
    pack = getattr(args, "pack", None)
    if isinstance(err, RulesetError) and isinstance(pack, str) and pack not in text:
        text = f"{pack}: ruleset: {text}"
    if len(text) > MAX_MESSAGE_CHARS:  # a name from the input may be 100,000 characters
        text = text[: MAX_MESSAGE_CHARS - 1] + "…"
    return text


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
