"""``warroom rules list|show|diff``: the rule systems registered with the engine, their phases,
action kinds and typed options (type, default, choices, doc), and what each ruleset file
sets, and what one ruleset changes against another (``diff A B``, the merged tables key by
key). ``--pack PACK`` adds the rulesets a pack holds; ``--json`` prints JSON."""

from __future__ import annotations

from typing import Any

from gamecore.commands._util import print_json
from gamecore.errors import WarroomError


def register(sub) -> None:
    p = sub.add_parser("rules", help="list rule systems and rulesets, show their options")
    rsub = p.add_subparsers(dest="rules_command", metavar="ACTION", required=True)
    ls = rsub.add_parser("list", help="the rule systems and the rulesets")
    ls.add_argument("--pack", metavar="PACK", help="also the rulesets this pack holds")
    ls.add_argument("--json", action="store_true", help="print JSON")
    ls.set_defaults(func=run_list)
    sh = rsub.add_parser("show", help="a system's phases, actions and options, or a ruleset's")
    sh.add_argument(
        "id",
        metavar="ID",
        nargs="?",
        help="a rule system (aa), a ruleset id (g40) or a ruleset file (my_rules.toml)",
    )
    sh.add_argument(
        "--ruleset", "--rules-file", dest="rules_file", metavar="PATH", help="a ruleset file"
    )
    sh.add_argument("--pack", metavar="PACK", help="look in this pack's rulesets first")
    sh.add_argument("--json", action="store_true", help="print JSON")
    sh.set_defaults(func=run_show)
    df = rsub.add_parser("diff", help="what ruleset B changes against ruleset A, key by key")
    df.add_argument("a", metavar="A", help="a ruleset id (global_war) or file (PATH.toml)")
    df.add_argument("b", metavar="B", help="another ruleset id (global_war_house) or file")
    df.add_argument("--pack", metavar="PACK", help="look in this pack's rulesets first")
    df.add_argument("--json", action="store_true", help="print JSON")
    df.set_defaults(func=run_diff)


def _pack(path: str | None):
    if not path:
        return None
    from gamecore.store import read_pack

    return read_pack(path)


def _ruleset_ids(pack) -> list[tuple[str, str]]:
    from gamecore.engine.ruleset import bundled_rulesets

    out = [(r, "bundled") for r in bundled_rulesets()]
    if pack is not None:
        out = [(r, "pack") for r in sorted(pack.rulesets)] + [
            (r, w) for r, w in out if r not in pack.rulesets
        ]
    return out


def system_json(system) -> dict[str, Any]:
    return {
        "name": system.name,
        "title": system.title,
        "phases": [
            {"name": p.name, "automatic": p.automatic, "doc": p.doc} for p in system.phases.values()
        ],
        "actions": [{"name": a.name, "doc": a.doc} for a in system.actions.values()],
        "options": [o.to_json() for o in system.option_specs().values()],
    }


def ruleset_json(rs) -> dict[str, Any]:
    from gamecore.engine.systems import get_system
    from gamecore.sim.bots.heuristic import BOT_OPTIONS

    specs = get_system(rs.system).option_specs()
    raw = rs.raw or {}
    sets = []
    for k, v in sorted((raw.get("options") or {}).items()):
        spec = specs.get(k)
        row: dict[str, Any] = {"name": k, "value": v}
        if spec is not None:
            row.update(type=spec.type, default=spec.default, doc=spec.doc)
        elif k in rs.optional:
            row.update(type="bool", default=rs.optional[k].default, doc=rs.optional[k].name)
        else:
            row.update(type=None, default=None, doc="not an option of the system")
        sets.append(row)
    bots = {o.name: o for o in BOT_OPTIONS}
    bot_rows = [
        {
            "bot": bot,
            "name": k,
            "value": v,
            **(
                {"type": bots[k].type, "default": bots[k].default}
                if bot == "heuristic" and k in bots
                else {}
            ),
        }
        for bot, table in sorted(rs.bots.items())
        for k, v in sorted(table.items())
    ]
    return {
        "id": rs.id,
        "name": rs.name,
        "system": rs.system,
        "extends": raw.get("extends") or (raw.get("ruleset") or {}).get("extends"),
        "source": rs.source_path,
        "phases": list(rs.phases),
        "sets": sets,
        "optional_rules": sorted(rs.optional),
        "bots": bot_rows,
    }


def run_list(args) -> int:
    from gamecore.engine.ruleset import load_ruleset
    from gamecore.engine.systems import systems

    pack = _pack(args.pack)
    rulesets = []
    for rid, where in _ruleset_ids(pack):
        try:
            rs = load_ruleset(rid, pack)
        except WarroomError as err:
            rulesets.append({"id": rid, "where": where, "error": str(err)})
            continue
        raw = rs.raw or {}
        rulesets.append(
            {
                "id": rs.id,
                "name": rs.name,
                "system": rs.system,
                "where": where,
                "extends": raw.get("extends") or (raw.get("ruleset") or {}).get("extends"),
                "options_set": len(raw.get("options") or {}),
            }
        )
    out = {
        "systems": [
            {
                "name": s.name,
                "title": s.title,
                "phases": list(s.phases),
                "actions": len(s.actions),
                "options": len(s.option_specs()),
            }
            for s in systems().values()
        ],
        "rulesets": rulesets,
    }
    if args.json:
        print_json(out)
        return 0
    print("rule systems:")
    for s in out["systems"]:
        print(f"  {s['name']}: {s['title']}")
        print(f"    phases: {', '.join(s['phases'])}")
        print(f"    {s['actions']} action kinds, {s['options']} options")
    print("rulesets:")
    for r in rulesets:
        if "error" in r:
            print(f"  {r['id']} ({r['where']}): cannot load: {r['error']}")
            continue
        ext = f", extends {r['extends']}" if r["extends"] else ""
        print(
            f"  {r['id']} ({r['where']}): {r['name']} — system {r['system']}{ext}, "
            f"sets {r['options_set']} options"
        )
    return 0


def _fmt(v: Any) -> str:
    import json

    return json.dumps(v, ensure_ascii=False)


def run_show(args) -> int:
    from gamecore.engine.systems import systems
    from gamecore.store.rulesfile import is_rules_file, resolve_ruleset

    pack = _pack(args.pack)
    if args.rules_file:
        args.id = args.rules_file
        if not is_rules_file(args.id):  # a file named without .toml nor a folder
            args.id = f"./{args.id}"
    if not args.id:
        raise WarroomError("say what to show: a rule system, a ruleset id or --ruleset FILE")
    known = systems()
    in_pack = pack is not None and args.id in pack.rulesets
    if args.id in known and not in_pack:
        out = system_json(known[args.id])
        if args.json:
            print_json({"system": out})
            return 0
        print(f"rule system {out['name']}: {out['title']}")
        print("phases:")
        for p in out["phases"]:
            auto = " (automatic)" if p["automatic"] else ""
            print(f"  {p['name']}{auto}: {p['doc']}")
        print("action kinds:")
        for a in out["actions"]:
            print(f"  {a['name']}: {a['doc']}")
        print(f"options ({len(out['options'])}):")
        for o in out["options"]:
            ch = f" one of {', '.join(map(_fmt, o['choices']))};" if o.get("choices") else ""
            print(
                f"  {o['name']} ({o['type']}, default {_fmt(o['default'])}):{ch} {o.get('doc', '')}"
            )
        return 0
    rs = resolve_ruleset(args.id, pack)
    out = ruleset_json(rs)
    if args.json:
        print_json({"ruleset": out})
        return 0
    ext = f", extends {out['extends']}" if out["extends"] else ""
    print(f"ruleset {out['id']}: {out['name']} — system {out['system']}{ext}")
    print(f"source: {out['source']}")
    print(f"phases: {', '.join(out['phases'])}")
    print(f"options it sets ({len(out['sets'])}):")
    for o in out["sets"]:
        d = f" (default {_fmt(o['default'])})" if o["type"] is not None else ""
        print(f"  {o['name']} = {_fmt(o['value'])}{d}: {o['doc']}")
    if out["optional_rules"]:
        print(f"optional rules: {', '.join(out['optional_rules'])}")
    if out["bots"]:
        print("bot options:")
        for b in out["bots"]:
            print(f"  {b['bot']}.{b['name']} = {_fmt(b['value'])}")
    return 0


def diff_tables(a: Any, b: Any, path: str = "") -> list[dict[str, Any]]:
    """Key-by-key differences between two merged ruleset tables: rows of ``key`` (dotted
    path), ``change`` (added, removed, changed), ``a`` and ``b`` (absent when the key is
    not there). Tables are compared key by key; anything else (lists, scalars) as a whole."""
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[dict[str, Any]] = []
        for k in sorted(set(a) | set(b), key=str):
            key = f"{path}.{k}" if path else str(k)
            if k not in b:
                out.append({"key": key, "change": "removed", "a": a[k]})
            elif k not in a:
                out.append({"key": key, "change": "added", "b": b[k]})
            else:
                out += diff_tables(a[k], b[k], key)
        return out
    if a == b:
        return []
    return [{"key": path, "change": "changed", "a": a, "b": b}]


#: keys that name a ruleset rather than set its rules
_IDENTITY = ("ruleset.id", "ruleset.name", "ruleset.description", "ruleset.sources")


def run_diff(args) -> int:
    from gamecore.store.rulesfile import resolve_ruleset

    pack = _pack(args.pack)
    ra, rb = resolve_ruleset(args.a, pack), resolve_ruleset(args.b, pack)
    rows = diff_tables(ra.raw or {}, rb.raw or {})
    rules = [r for r in rows if r["key"] not in _IDENTITY]
    if args.json:
        print_json({"a": ra.id, "b": rb.id, "differences": rows})
        return 0
    print(f"{rb.id} against {ra.id}: {len(rules)} rule differences")
    for r in rows:
        if r["key"] in _IDENTITY:
            continue
        if r["change"] == "added":
            print(f"  + {r['key']} = {_fmt(r['b'])}")
        elif r["change"] == "removed":
            print(f"  - {r['key']} (was {_fmt(r['a'])})")
        else:
            print(f"  ~ {r['key']}: {_fmt(r['a'])} -> {_fmt(r['b'])}")
    return 0
