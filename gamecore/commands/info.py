"""``warroom info PACK [--json]``: zones by kind, nations, scenarios, rulesets, schema, size;
the grid of a hex map (layout, rows, columns, wrap)."""

from __future__ import annotations

from gamecore.commands._util import print_json


def register(sub) -> None:
    p = sub.add_parser("info", help="show what a map pack holds")
    p.add_argument("pack", help="the .warroom file")
    p.add_argument("--json", action="store_true", help="print the facts as JSON")
    p.set_defaults(func=run)


def run(args) -> int:
    from gamecore.store.info import pack_info

    info = pack_info(args.pack)
    if args.json:
        print_json(info)
        return 0
    zones = ", ".join(f"{n} {kind}" for kind, n in info["zones"].items())
    print(f"{args.pack}: schema version {info['schema_version']}, {info['bytes']:,} bytes")
    print(f"zones: {sum(info['zones'].values())} ({zones})")
    print(f"nations: {info['nations']}")
    print(f"scenarios: {', '.join(info['scenarios']) or '-'}")
    print(f"rulesets: {', '.join(info['rulesets']) or '-'}")
    if "variant" in info:
        v = info["variant"]
        print(f"variant of {v['base']} ({v['base_path']}): {v['changes']} changes")
    grid = info.get("hex")
    if grid is not None:
        print(f"hex grid: {hex_grid_text(grid)}")
    return 0


def hex_grid_text(grid: dict) -> str:
    """One line for ``warroom info``'s ``"hex"`` object."""
    if "error" in grid:
        return f"unreadable ({grid['error']})"
    (r0, r1), (c0, c1) = grid["rows"], grid["cols"]
    rows, cols = r1 - r0 + 1, c1 - c0 + 1
    wrap = grid["wrap_cols"]
    return (
        f"{grid['layout']}, ids {grid['id_format'].upper()}, rows {r0}-{r1} ({rows}), "
        f"columns {c0}-{c1} ({cols}), "
        + (f"wraps east-west every {wrap} columns" if wrap else "no wrap")
        + f", hex size {grid['size']:g}, {grid['hexes']} hexes"
    )
