"""``warroom info PACK [--json]``: zones by kind, nations, scenarios, rulesets, schema, size."""

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
    return 0
