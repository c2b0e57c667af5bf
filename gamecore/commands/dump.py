"""``warroom dump PACK [-o FILE]``: the canonical JSON text form of a pack."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from gamecore import safepath
from gamecore.errors import PackError


def register(sub) -> None:
    p = sub.add_parser(
        "dump",
        help="write a map pack as canonical JSON (stable order, 6-decimal coordinates)",
    )
    p.add_argument("pack", help="the .warroom file")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    p.add_argument("--force", action="store_true", help="overwrite an existing FILE")
    p.set_defaults(func=run)


def run(args) -> int:
    from gamecore.store import read_pack
    from gamecore.store.jsonform import dump_json

    out = safepath.output_file(args.output, args.force, "JSON file") if args.output else None
    text = dump_json(read_pack(args.pack))
    if out is not None:
        write_text_atomic(out, text)
    else:
        sys.stdout.write(text)
        sys.stdout.flush()
    return 0


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temp file and a rename."""
    import secrets  # (hashlib, hmac, random: only when writing, not for --help)

    from gamecore.store.packfile import sidecar

    tmp = sidecar(path, f".tmp-{secrets.token_hex(4)}")  # (fits beside a 255-byte name)
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as err:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise PackError(f"cannot write ({err.strerror or err})", path) from None
