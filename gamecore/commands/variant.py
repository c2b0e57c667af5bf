"""``warroom variant new|diff|flatten|set-rules|rebase``: variant packs, which name their
base and hold only their differences from it (issue #36; docs/variants.md).

Every other command opens a variant as its base with the differences applied (the pack
store does it); ``--base PATH`` says where the base is when it is not where the variant
says. The format and the operations are gamecore's (:mod:`gamecore.store.variant`,
:mod:`gamecore.store.rebase`, :func:`gamecore.store.packfile.create_variant`); this
module only parses and prints.
"""

from __future__ import annotations

from gamecore import safepath
from gamecore.commands._util import print_json
from gamecore.errors import PackError, WarroomError


def register(sub) -> None:
    p = sub.add_parser(
        "variant",
        help="variant packs: a base and only the differences from it",
        description="A variant pack names its base pack (id and content hash) and stores "
        "only what it changes. Every command opens it as the base with the changes applied.",
    )
    s = p.add_subparsers(dest="variant_command", metavar="ACTION", required=True)

    n = s.add_parser("new", help="make a variant of a pack (no differences yet)")
    n.add_argument("base", metavar="BASE", help="the base pack (.warroom)")
    n.add_argument("-o", "--output", required=True, metavar="MY", help="the variant to write")
    n.add_argument("--force", action="store_true", help="overwrite MY if it exists")
    n.set_defaults(func=cmd_new)

    d = s.add_parser("diff", help="what the variant changes, in the words of 'warroom diff'")
    d.add_argument("pack", metavar="MY")
    d.add_argument("--json", action="store_true")
    d.set_defaults(func=cmd_diff)

    f = s.add_parser("flatten", help="write the variant as a standalone pack")
    f.add_argument("pack", metavar="MY")
    f.add_argument("-o", "--output", required=True, metavar="FULL")
    f.add_argument("--force", action="store_true", help="overwrite FULL if it exists")
    f.set_defaults(func=cmd_flatten)

    r = s.add_parser(
        "set-rules",
        help="store a ruleset file in the variant and make scenarios play it",
    )
    r.add_argument("pack", metavar="MY")
    r.add_argument("file", metavar="FILE.toml", help="a ruleset file (its extends: a ruleset id)")
    r.add_argument(
        "--scenario",
        action="append",
        help="a scenario to play it (repeatable; default: those playing the ruleset the "
        "file extends, or the file's own id)",
    )
    r.set_defaults(func=cmd_set_rules)

    b = s.add_parser("rebase", help="re-apply the differences on a new version of the base")
    b.add_argument("pack", metavar="MY")
    b.add_argument("--onto", required=True, metavar="NEWBASE")
    side = b.add_mutually_exclusive_group()
    side.add_argument("--ours", action="store_true", help="conflicts: keep the variant's value")
    side.add_argument("--theirs", action="store_true", help="conflicts: take the new base's")
    b.add_argument("--json", action="store_true")
    b.set_defaults(func=cmd_rebase)


def _variant_file(path: str, base: str | None):
    from gamecore.store import open_pack

    pf = open_pack(path, readonly=True, base=base)
    pf.close()
    if pf.variant is None:
        raise PackError("not a variant (it names no base)", path)
    return pf


def cmd_new(args) -> int:
    from gamecore.store.packfile import create_variant

    out = safepath.output_file(args.output, args.force, "variant")
    v = create_variant(args.base, out, getattr(args, "base_hint", None))
    print(f"{out}: a variant of {v.base.id} ({args.base}, content hash {v.base.hash[:12]})")
    return 0


def cmd_diff(args) -> int:
    from gamecore.store.diff import diff_packs, diff_to_json, render_text

    pf = _variant_file(args.pack, getattr(args, "base_hint", None))
    entries = diff_packs(pf.variant.base, pf.pack)
    if args.json:
        print_json(diff_to_json(entries))
    else:
        print(render_text(entries), end="")
    return 0


def cmd_flatten(args) -> int:
    from gamecore.store import write_pack

    out = safepath.output_file(args.output, args.force, "pack")
    pf = _variant_file(args.pack, getattr(args, "base_hint", None))
    write_pack(pf.pack, out)
    print(f"{out}: {args.pack} and its base {pf.variant.variant.base.id} as one pack")
    return 0


def cmd_set_rules(args) -> int:
    from gamecore.store import open_pack
    from gamecore.store.rulesfile import load_rules_file, read_rules_file, use_rules_file

    rf = read_rules_file(args.file)
    with open_pack(args.pack, base=getattr(args, "base_hint", None)) as pf:
        if pf.variant is None:
            raise PackError("not a variant (it names no base)", args.pack)
        pack = pf.pack
        load_rules_file(args.file, pack)  # a bad file: its error, before anything else
        if args.scenario:
            for sid in args.scenario:
                if sid not in pack.scenarios:
                    known = ", ".join(pack.scenarios) or "none"
                    raise WarroomError(f"no scenario '{sid}' (scenarios: {known})", args.pack)
            chosen = list(dict.fromkeys(args.scenario))
        else:
            plays = {rf.id, rf.extends}
            chosen = [sid for sid, s in pack.scenarios.items() if s.ruleset in plays]
            if not chosen:
                raise WarroomError(
                    f"no scenario plays '{rf.extends}', the ruleset the file extends: "
                    "name the scenarios with --scenario",
                    args.pack,
                )
        use_rules_file(pack, args.file, chosen)
        pf.save()
    print(f"{args.pack}: ruleset {rf.id} from {args.file}, played by {', '.join(chosen)}")
    return 0


def cmd_rebase(args) -> int:
    from gamecore.store.packfile import rebase_variant

    prefer = "ours" if args.ours else "theirs" if args.theirs else None
    res = rebase_variant(args.pack, args.onto, prefer, getattr(args, "base_hint", None))
    unresolved = res.unresolved
    if args.json:
        print_json(
            {
                "written": not unresolved,
                "kept": len(res.kept),
                "absorbed": [list(c.path) for c in res.absorbed],
                "conflicts": [c.to_json() for c in res.conflicts],
                "theirs": [c.to_json() for c in res.dropped],
                "ours": [c.to_json() for c in res.overridden],
                "unresolved": [c.to_json() for c in unresolved],
            }
        )
        return 1 if unresolved else 0
    from gamecore.store.variant import describe

    for c in res.absorbed:
        print(f"already in the new base: {describe(c.path)}")
    for c in res.dropped:
        print(f"conflict, the new base's value kept (--theirs): {c.text()}")
    for c in res.overridden:
        print(f"conflict, the variant's value kept (--ours): {c.text()}")
    if unresolved:
        print(f"{len(unresolved)} conflicts; nothing written:")
        for c in unresolved:
            print(f"  {c.text()}")
        orphans = sum(c.orphan for c in unresolved)
        hint = "--ours or --theirs" if orphans < len(unresolved) else "--theirs"
        print(f"resolve them with {hint}, or edit the variant and rebase again")
        return 1
    print(
        f"{args.pack}: rebased onto {args.onto}: {len(res.variant.changes)} changes "
        f"({len(res.kept)} re-applied, {len(res.absorbed)} already in the new base, "
        f"{len(res.conflicts)} conflicts resolved)"
    )
    return 0
