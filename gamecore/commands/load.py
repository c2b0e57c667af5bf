"""``warroom load JSON -o PACK``: build a pack file from the JSON text form (``-`` reads
stdin). The inverse of ``warroom dump``; a hand-edited or script-edited dump loads."""

from __future__ import annotations

import sys

from gamecore import safepath
from gamecore.commands._util import print_json
from gamecore.errors import PackError


def register(sub) -> None:
    p = sub.add_parser("load", help="build a map pack from its JSON text form")
    p.add_argument("json", help="the JSON file (as written by `warroom dump`), or - for stdin")
    p.add_argument("-o", "--output", metavar="PACK", required=True, help="the .warroom to write")
    p.add_argument("--force", action="store_true", help="overwrite an existing pack")
    p.add_argument("--json", dest="as_json", action="store_true", help="print a JSON summary")
    p.set_defaults(func=run)


def read_source(name: str) -> tuple[bytes, str]:
    if name == "-":
        return sys.stdin.buffer.read(), "<stdin>"
    path = safepath.input_file(name, "JSON file")
    try:
        return path.read_bytes(), str(path)
    except OSError as err:
        raise PackError(f"cannot read ({err.strerror or err})", path) from None


def run(args) -> int:
    from gamecore.store import write_pack
    from gamecore.store.info import pack_summary
    from gamecore.store.jsonform import load_json

    out = safepath.output_file(args.output, args.force, "pack file")
    data, source = read_source(args.json)
    pack = load_json(data, source=source)
    write_pack(pack, out)
    summary = pack_summary(pack)
    if args.as_json:
        print_json({"output": args.output, **summary})
    else:
        print(
            f"wrote {args.output}: {len(pack.map.zones)} zones, {summary['nations']} nations, "
            f"{len(summary['scenarios'])} scenarios"
        )
    return 0
