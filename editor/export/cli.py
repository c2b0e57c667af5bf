"""``warroom render``: check the arguments, draw, say what was written."""

from __future__ import annotations

from editor.export.options import options_from_args
from gamecore.console import print_json


def run_render(args) -> int:
    opts = options_from_args(args)
    # Qt loads after the arguments are checked: a typo answers at once
    from editor.export.render import render_pack

    info = render_pack(args.pack, opts)
    if getattr(args, "json", False):
        print_json(info)
    else:
        what = f"{info['pages']} pages" if "pages" in info else f"{info['width']}x{info['height']}"
        print(
            f"{info['output']}: {what} ({info['format']}, {info['sheets']} sheets of {info['paper']})"
        )
    return 0
