"""``warroom zone delete|merge``: structural zone edits from the command line, the same
operations the editor's Delete Zone and Merge Zones run (gamecore.ops.authoring), with
the same choice of what happens to the removed zones' units, ownership and capital
(gamecore.ops.zones.RemovedZonePolicy; by default all of it goes to the surviving zone).
The pack is locked from the read to the save.

A removal that would leave the pack with validation errors it did not have (a scenario
whose armies stand in the deleted hex, a hex map whose surviving hex is no longer a
hexagon: issue #39) is refused, one line and exit 2, and the pack is left as it was;
``--force`` removes the zone anyway (``warroom validate`` then lists the errors)."""

from __future__ import annotations

from gamecore.commands._util import print_json
from gamecore.errors import WarroomError
from gamecore.limits import REMOVED_ZONE_CHOICES


def register(sub) -> None:
    p = sub.add_parser("zone", help="delete or merge zones (their units, owner and capital follow)")
    s = p.add_subparsers(dest="zone_command", metavar="ACTION", required=True)

    d = s.add_parser(
        "delete", help="delete a zone: its area goes to the neighbour with the longest border"
    )
    d.add_argument("pack")
    d.add_argument("zone", help="code (or name) of the zone to delete")
    _policy_arguments(d)
    d.set_defaults(func=cmd_delete)

    m = s.add_parser("merge", help="merge zones into the first one named")
    m.add_argument("pack")
    m.add_argument("keep", help="code (or name) of the zone that stays")
    m.add_argument("others", nargs="+", help="codes (or names) of the zones merged into it")
    _policy_arguments(m)
    m.set_defaults(func=cmd_merge)


def _policy_arguments(p) -> None:
    choices = REMOVED_ZONE_CHOICES
    p.add_argument(
        "--units",
        choices=choices["units"],
        default="move",
        help="the removed zones' units: move them to the surviving zone (default) or remove them",
    )
    p.add_argument(
        "--ownership",
        choices=choices["ownership"],
        default="survivor",
        help="the surviving zone keeps its owner (default) or takes the removed zone's",
    )
    p.add_argument(
        "--capital",
        choices=choices["capital"],
        default="move",
        help="a capital there moves to the surviving zone (default) or is cleared",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="remove the zones even when the pack would have new validation errors",
    )
    p.add_argument("--json", action="store_true")


def _zone(pack, path: str, text: str) -> int:
    m = pack.map
    z = m.zone_by_code(text)
    if z is None:
        named = [z for z in m.zones.values() if z.name == text]
        z = named[0] if len(named) == 1 else None
    if z is None:
        raise WarroomError(f"no zone with code or name {text!r}", path)
    return z.id


def _policy(args):
    from gamecore.ops.zones import RemovedZonePolicy

    return RemovedZonePolicy(args.units, args.ownership, args.capital)


def _errors(pack) -> set[tuple[str, str, str]]:
    """The pack's validation errors (not the slow playtest checks) as (code, scenario,
    message)."""
    from gamecore.validate import Validator

    return {
        (i.code, i.scenario or "", i.message)
        for i in Validator(pack).run().issues
        if i.severity == "error"
    }


def _refuse_new_errors(args, pack, before: set, what: str) -> None:
    """Raise (so nothing is saved) when the edited ``pack`` has validation errors it did
    not have ``before``, unless ``--force``."""
    if args.force:
        return
    added = sorted(_errors(pack) - before, key=lambda e: (not e[1], e))  # scenarios first
    if added:
        code, scenario, message = added[0]
        where = f" [{scenario}]" if scenario else ""
        raise WarroomError(
            f"{what} refused: it would leave {len(added)} new validation error(s), the "
            f"first {code}{where} {message}; the pack is unchanged (--force removes it anyway)",
            args.pack,
        )


def _report(args, pack, action: str, removed: list, survivor, stakes) -> None:
    zones = pack.map.zones
    keep = zones.get(survivor) if survivor is not None else None
    out = {
        "pack": args.pack,
        "action": action,
        "removed": removed,
        "survivor": keep.code if keep is not None else None,
        "units": stakes.units,
        "units_to": args.units,
        "ownership": args.ownership,
        "capitals": stakes.capitals,
        "capital": args.capital,
    }
    if args.json:
        print_json(out)
        return
    where = f" into {keep.code}" if keep is not None else ""
    print(
        f"{args.pack}: {action} {', '.join(removed)}{where}"
        + (f"; {stakes.units} units {'moved' if args.units == 'move' else 'removed'}")
        + (f"; capital of {', '.join(stakes.capitals)} {args.capital}d" if stakes.capitals else "")
    )


def cmd_delete(args) -> int:
    from gamecore.geometry.coverage import Coverage
    from gamecore.ops.authoring import delete_target, delete_zone_edit
    from gamecore.ops.zones import removed_zone_stakes
    from gamecore.store import open_pack

    policy = _policy(args)
    with open_pack(args.pack) as pf:
        pack = pf.pack
        zid = _zone(pack, args.pack, args.zone)
        code = pack.map.zones[zid].code
        cov = Coverage.from_map(pack.map)
        survivor = delete_target(cov, pack, zid)
        stakes = removed_zone_stakes(pack, [zid])
        before = set() if args.force else _errors(pack)
        delete_zone_edit(cov, pack, zid, policy=policy).apply(pack)
        _refuse_new_errors(args, pack, before, f"deleting zone {code}")
        pf.save()
    _report(args, pack, "deleted", [code], survivor, stakes)
    return 0


def cmd_merge(args) -> int:
    from gamecore.geometry.coverage import Coverage
    from gamecore.ops.authoring import geometry_edit
    from gamecore.ops.zones import removed_zone_stakes
    from gamecore.store import open_pack

    policy = _policy(args)
    with open_pack(args.pack) as pf:
        pack = pf.pack
        keep = _zone(pack, args.pack, args.keep)
        others = [_zone(pack, args.pack, t) for t in args.others]
        if keep in others or len(set(others)) != len(others):
            raise WarroomError("merge: name each zone once", args.pack)
        codes = [pack.map.zones[z].code for z in others]
        stakes = removed_zone_stakes(pack, others)
        cs = Coverage.from_map(pack.map).merge_zones([keep, *others], keep=keep, dry_run=True)
        before = set() if args.force else _errors(pack)
        geometry_edit(cs, None, "Merge zones", policy).apply(pack)
        _refuse_new_errors(args, pack, before, f"merging {', '.join(codes)}")
        pf.save()
    _report(args, pack, "merged", codes, keep, stakes)
    return 0
