"""``warroom validate PACK``: check a pack against the geometry invariants and its rules."""

from __future__ import annotations

from gamecore.commands._util import ProgressBar, print_json
from gamecore.errors import WarroomError


def register(sub) -> None:
    p = sub.add_parser("validate", help="check a pack; exit 1 when there are errors")
    p.add_argument("pack")
    p.add_argument("--scenario", action="append", help="only this scenario (repeatable)")
    p.add_argument("--json", action="store_true", help="print the issues as JSON")
    p.add_argument("--select", help="only these codes or prefixes, comma-separated (MAP,SCN003)")
    p.add_argument("--ignore", help="leave out these codes or prefixes, comma-separated")
    p.add_argument("--quick", action="store_true", help="skip the dynamic (playtest) checks")
    p.add_argument("--list-checks", action="store_true", help="list every check and exit")
    p.set_defaults(func=run)


def _codes(text: str | None, option: str = "--select", known: set[str] | None = None):
    """The codes or prefixes of ``--select``/``--ignore``; one that names no check is
    refused (a typo would otherwise run zero checks and report a clean pack)."""
    if not text:
        return None
    codes = [c.strip().upper() for c in text.split(",") if c.strip()]
    if known is not None:
        for c in codes:
            if not any(k == c or k.startswith(c) for k in known):
                near = sorted(k for k in known if k[:3] == c[:3])[:5]
                hint = f" (codes like it: {', '.join(near)})" if near else ""
                raise WarroomError(
                    f"{option} {c}: no check has this code or prefix{hint}; "
                    "'warroom validate --list-checks' lists them"
                )
    return codes


def run(args) -> int:
    from gamecore.store import read_pack
    from gamecore.validate import Validator, iter_checks

    if args.list_checks:
        for info in sorted(iter_checks(), key=lambda i: i.code):
            print(f"{info.code}  {info.severity:<7}  {info.family:<10}  {info.title}")
        return 0
    known = {info.code for info in iter_checks()}
    select = _codes(args.select, "--select", known)
    ignore = _codes(args.ignore, "--ignore", known)
    pack = read_pack(args.pack)
    if args.scenario:
        missing = [s for s in args.scenario if s not in pack.scenarios]
        if missing:
            raise WarroomError(
                f"no scenario {missing[0]!r} (scenarios: "
                f"{', '.join(sorted(pack.scenarios)) or 'none'})",
                args.pack,
            )
    bar = ProgressBar("validating")
    validator = Validator(
        pack,
        scenarios=args.scenario,
        select=select,
        ignore=ignore,
        include_slow=not args.quick,
        progress=bar.update,
    )
    report = validator.run()
    bar.close()
    if args.json:
        print_json({"issues": [i.to_json() for i in report.issues], "counts": report.counts})
    else:
        for i in report.issues:
            where = f" [{i.scenario}]" if i.scenario else ""
            print(f"{args.pack}: {i.severity} {i.code}{where} {i.message}")
        c = report.counts
        print(
            f"{c['error']} error(s), {c['warning']} warning(s), {c['info']} info"
            + (f", {c['ignored']} ignored" if c["ignored"] else "")
        )
    return 1 if report.has_errors else 0
