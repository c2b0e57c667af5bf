"""``warroom scenario list|show|check-condition``: inspect a pack's scenarios."""

from __future__ import annotations

from gamecore.commands._util import pick_scenario, print_json
from gamecore.errors import ConditionError, WarroomError


def register(sub) -> None:
    p = sub.add_parser("scenario", help="list and inspect scenarios, evaluate conditions")
    s = p.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)

    ls = s.add_parser("list", help="one scenario id per line")
    ls.add_argument("pack")
    ls.add_argument("--json", action="store_true")
    ls.set_defaults(func=cmd_list)

    show = s.add_parser("show", help="a scenario's set-up summary")
    show.add_argument("pack")
    show.add_argument("id")
    show.add_argument("--json", action="store_true")
    show.set_defaults(func=cmd_show)

    cc = s.add_parser("check-condition", help="evaluate an expression on the start state")
    cc.add_argument("pack")
    cc.add_argument("id")
    cc.add_argument("expr")
    cc.add_argument("--owner", help="nation or alliance that 'self' refers to")
    cc.add_argument("--json", action="store_true")
    cc.set_defaults(func=cmd_check)

    cs = s.add_parser(
        "compare-setup",
        help="compare a scenario's start state with a rule book's setup charts",
        description="Compare the start state of a scenario (units per territory per power, "
        "owners, incomes, banks, turn order) with a handbook's setup data, power by power "
        "(resources/handbooks/; the pack's names are the handbook's TripleA names, e.g. a "
        "pack from `warroom import triplea`). Differences the handbook lists as known "
        "deviations of the map are shown, not counted. Exit 1 when others remain.",
    )
    cs.add_argument("pack")
    cs.add_argument("id", nargs="?", help="the scenario (default: the pack's only one)")
    cs.add_argument(
        "--handbook", default="3g40", help="bundled handbook id or a handbook .json file"
    )
    cs.add_argument("--json", action="store_true")
    cs.set_defaults(func=cmd_compare_setup)


def _load(path: str):
    from gamecore.store import read_pack

    return read_pack(path)


def _scenario(pack, path: str, sid: str):
    sc = pack.scenarios.get(sid)
    if sc is None:
        known = ", ".join(sorted(pack.scenarios)) or "none"
        raise WarroomError(f"no scenario {sid!r} (scenarios: {known})", path)
    return sc


def cmd_list(args) -> int:
    pack = _load(args.pack)
    ids = sorted(pack.scenarios)
    if args.json:
        print_json({"scenarios": [{"id": i, "name": pack.scenarios[i].name} for i in ids]})
    else:
        for i in ids:
            print(i)
    return 0


def summary(pack, sc) -> dict:
    units: dict[str, dict[str, int]] = {}
    for st in sc.units:
        per = units.setdefault(st.nation, {})
        per[st.unit_type] = per.get(st.unit_type, 0) + st.count
    owned: dict[str, int] = {}
    for o in sc.ownership.values():
        if o.owner:
            owned[o.owner] = owned.get(o.owner, 0) + 1
    return {
        "id": sc.id,
        "name": sc.name,
        "ruleset": sc.ruleset,
        "options": sc.options,
        "start": sc.start,
        "calendar": sc.calendar,
        "rounds": sc.rounds,
        "turn_order": sc.turn_order,
        "alliances": {a.id: sorted(a.members) for a in sc.alliances.values()},
        "relations": {f"{r.a}-{r.b}": r.status for r in sc.relations.values()},
        "zones_owned": dict(sorted(owned.items())),
        "banks": dict(sorted(sc.banks.items())),
        "units": {n: dict(sorted(u.items())) for n, u in sorted(units.items())},
        "objectives": [
            {"id": o.id, "name": o.name, "kind": o.kind, "owner": o.owner}
            for o in sc.objectives.values()
        ],
    }


def cmd_show(args) -> int:
    pack = _load(args.pack)
    info = summary(pack, _scenario(pack, args.pack, args.id))
    if args.json:
        print_json(info)
        return 0
    print(
        f"{info['id']}: {info['name']}  (ruleset {info['ruleset']}, start {info['start'] or '-'}, "
        f"{info['rounds'] or 'unlimited'} rounds, calendar {info['calendar']})"
    )
    order = " → ".join("+".join(slot) for slot in info["turn_order"]) or "-"
    print(f"turn order: {order}")
    for aid, members in info["alliances"].items():
        print(f"alliance {aid}: {', '.join(members)}")
    wars = [k for k, v in info["relations"].items() if v == "war"]
    print(f"at war: {', '.join(wars) or 'none'}")
    for nation, count in info["zones_owned"].items():
        units = info["units"].get(nation, {})
        unit_text = ", ".join(f"{n} {u}" for u, n in units.items()) or "no units"
        print(f"{nation}: {count} zones, bank {info['banks'].get(nation, 0)}; {unit_text}")
    print(f"objectives: {len(info['objectives'])}")
    return 0


def cmd_check(args) -> int:
    from gamecore.conditions import ScenarioWorld, compile_expression

    pack = _load(args.pack)
    sc = _scenario(pack, args.pack, args.id)
    world = ScenarioWorld(pack, sc)
    try:
        compiled = compile_expression(args.expr, world, "any")
        value = compiled.evaluate(world, owner=args.owner)
    except ConditionError as err:
        raise WarroomError(f"condition: {err}", args.pack) from None
    if isinstance(value, frozenset):
        value = sorted(value)
    if args.json:
        print_json({"expression": args.expr, "value": value})
    else:
        print(_render(pack, value))
    return 0


def cmd_compare_setup(args) -> int:
    from gamecore.validate.handbook import compare_setup, load_handbook

    hb = load_handbook(args.handbook)
    pack = _load(args.pack)
    sid = pick_scenario(pack, args.id, args.pack, how="to compare")
    result = compare_setup(pack, _scenario(pack, args.pack, sid), hb)
    if args.json:
        print_json(result.to_json())
    else:
        print("\n".join(result.lines()))
    return 1 if result.unexplained else 0


def _render(pack, value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        names = []
        for v in value:
            z = pack.map.zones.get(v) if isinstance(v, int) else None
            names.append(z.name if z else str(v))
        return ", ".join(names) if names else "(empty)"
    return str(value)
