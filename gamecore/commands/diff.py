"""``warroom diff A B [--json]``: what changed between two packs (zones added, removed,
renamed, reshaped; attributes; links, lines, facilities, nations; scenario setup deltas
such as "Germany: +2 tank in Poland"). A and B may be pack files or JSON dumps."""

from __future__ import annotations

from gamecore import safepath
from gamecore.commands._util import print_json
from gamecore.errors import WarroomError


def register(sub) -> None:
    p = sub.add_parser("diff", help="semantic diff of two map packs (or JSON dumps)")
    p.add_argument("a", help="the old pack (.warroom or a JSON dump)")
    p.add_argument("b", help="the new pack (.warroom or a JSON dump)")
    p.add_argument("--json", action="store_true", help="print the changes as JSON")
    p.add_argument(
        "--exit-code", action="store_true", help="exit 1 when the packs differ (like git diff)"
    )
    p.set_defaults(func=run)


def load_any(name: str):
    """A pack from a .warroom file or from a JSON dump (told apart by content)."""
    from gamecore.store import read_pack
    from gamecore.store.jsonform import load_json
    from gamecore.store.schema import SQLITE_MAGIC

    path = safepath.input_file(name, "pack or JSON dump")
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(SQLITE_MAGIC)).lstrip()
    except OSError as err:
        raise WarroomError(f"cannot read ({err.strerror or err})", path) from None
    if head.startswith((b"{", b"\xef\xbb\xbf{")):
        from gamecore.commands.load import read_source

        data, source = read_source(name)
        return load_json(data, source=source)
    return read_pack(path)


def run(args) -> int:
    from gamecore.store.diff import diff_packs, diff_to_json, render_text

    entries = diff_packs(load_any(args.a), load_any(args.b))
    if args.json:
        print_json(diff_to_json(entries))
    else:
        print(render_text(entries), end="")
    return 1 if args.exit_code and entries else 0
