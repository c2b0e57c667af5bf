"""``warroom battle``: the battle calculator (exact odds, or Monte Carlo for huge battles).

    warroom battle --ruleset g40 --attacker "3 infantry, 2 tank, 1 fighter" \\
        --defender "4 infantry, 1 aaa" [--terrain T] [--amphibious] [--exact | --samples N]
        [--seed S] [--json]
"""

from __future__ import annotations

from gamecore.commands._util import add_ruleset_options, print_json


def register(sub) -> None:
    p = sub.add_parser(
        "battle",
        help="odds of a battle: exact probabilities or Monte Carlo",
        description=(
            "Outcome probabilities, survivors, expected losses and rounds of a battle "
            "under a ruleset's dice rules. Exact when the battle is small enough, else "
            "Monte Carlo (the output says which)."
        ),
    )
    add_ruleset_options(p, default="g40", what="the dice rules")
    p.add_argument("--pack", help="a .warroom pack whose rulesets are looked up first")
    p.add_argument("--attacker", required=True, help='units, e.g. "3 infantry, 2 tank"')
    p.add_argument("--defender", required=True, help='units, e.g. "4 infantry, 1 aaa"')
    where = p.add_mutually_exclusive_group()
    where.add_argument("--sea", action="store_true", help="a sea battle (default: guessed)")
    where.add_argument("--land", action="store_true", help="a land battle (default: guessed)")
    p.add_argument("--terrain", default="", help="terrain of the zone (every round)")
    p.add_argument(
        "--border-terrain",
        action="append",
        default=[],
        metavar="T",
        help="terrain crossed to reach the zone: applies in round 1 only (repeatable)",
    )
    p.add_argument(
        "--border",
        action="append",
        default=[],
        metavar="B",
        help="an attribute of the border crossed (river, mountain, fortified): the "
        "ruleset's border effects (repeatable)",
    )
    p.add_argument(
        "--city",
        choices=("city", "surrounded"),
        default="",
        help="the zone is a city, or a surrounded city: the ruleset's city terrain "
        "(Global War §1.16) adds to --terrain every round",
    )
    p.add_argument(
        "--amphibious",
        action="store_true",
        help="the attacking land units land from the sea (no retreat; bombardment)",
    )
    p.add_argument("--bombard", default="", help='bombarding ships, e.g. "1 battleship"')
    p.add_argument("--no-aa", action="store_true", help="no AA fire before round 1")
    p.add_argument(
        "--retreat",
        default="never",
        help="attacker retreat policy: never, below:0.4 (win chance), after:3 (rounds)",
    )
    p.add_argument("--attacker-order", default="", help="casualty profile or 'type,type,...'")
    p.add_argument("--defender-order", default="", help="casualty profile or 'type,type,...'")
    p.add_argument("--max-rounds", type=int, default=None, help="stop after N rounds")
    p.add_argument(
        "--fire-mode",
        action="append",
        default=[],
        metavar="TYPE=MODE",
        help="the attacker's fire mode of a unit type, e.g. bomber=guns (The War Game; "
        "default: the engine's default policy)",
    )
    p.add_argument(
        "--defender-fire-mode",
        action="append",
        default=[],
        metavar="TYPE=MODE",
        help="the defender's fire mode of a unit type, e.g. artillery=land",
    )
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="always the exact method")
    how.add_argument("--samples", type=int, default=None, help="Monte Carlo with N battles")
    p.add_argument("--seed", type=int, default=None, help="seed of the Monte Carlo dice")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=cmd_battle)


def _order(rules, text: str, flag: str):
    from gamecore.sim.battle import resolve_unit

    text = text.strip()
    if not text or "," not in text and text in _profiles():
        return text
    return tuple(resolve_unit(rules, t.strip(), f"{flag}: ") for t in text.split(",") if t.strip())


def _modes(rules, items: list[str], flag: str) -> dict[str, str]:
    from gamecore.errors import WarroomError
    from gamecore.sim.battle import resolve_unit

    out = {}
    for item in items:
        typ, eq, mode = item.partition("=")
        if not eq or not mode.strip():
            raise WarroomError(f"{flag}: expected TYPE=MODE, not {item!r}")
        out[resolve_unit(rules, typ.strip(), f"{flag}: ")] = mode.strip()
    return out


def _profiles():
    from gamecore.rules.combat import CASUALTY_PROFILES

    return CASUALTY_PROFILES


def cmd_battle(args) -> int:
    from gamecore.errors import WarroomError
    from gamecore.sim.battle import BattleContext, Retreat, calculate, parse_units
    from gamecore.store.rulesfile import load_rules_file, resolve_ruleset

    pack = None
    if args.pack:
        from gamecore.store import read_pack

        pack = read_pack(args.pack)
    if args.rules_file:
        rules = load_rules_file(args.rules_file, pack)
    else:
        rules = resolve_ruleset(args.ruleset, pack)
    if args.samples is not None and args.samples < 1:
        raise WarroomError(f"--samples must be at least 1, not {args.samples}")
    if args.max_rounds is not None and args.max_rounds < 0:
        raise WarroomError(f"--max-rounds must be >= 0, not {args.max_rounds}")
    for flag, names in (
        ("--terrain", [args.terrain] if args.terrain else []),
        ("--border-terrain", args.border_terrain),
    ):
        for name in names:
            if name not in rules.terrain:
                known = ", ".join(sorted(rules.terrain)) or "none"
                raise WarroomError(
                    f"{flag}: unknown terrain '{name}' in ruleset '{rules.id}' (known: {known})"
                )
    attackers = parse_units(rules, args.attacker, "--attacker: ")
    defenders = parse_units(rules, args.defender, "--defender: ")
    bombard = parse_units(rules, args.bombard, "--bombard: ") if args.bombard else {}
    ctx = BattleContext(
        sea=True if args.sea else False if args.land else None,
        terrain=args.terrain,
        city=args.city,
        border_terrain=tuple(args.border_terrain),
        borders=tuple(args.border),
        amphibious=args.amphibious,
        bombard=bombard,
        aa=not args.no_aa,
        retreat=Retreat.parse(args.retreat),
        attacker_order=_order(rules, args.attacker_order, "--attacker-order"),
        defender_order=_order(rules, args.defender_order, "--defender-order"),
        max_rounds=args.max_rounds,
        fire_modes=_modes(rules, args.fire_mode, "--fire-mode"),
        defender_fire_modes=_modes(rules, args.defender_fire_mode, "--defender-fire-mode"),
    )
    method = "exact" if args.exact else "monte_carlo" if args.samples else "auto"
    res = calculate(rules, attackers, defenders, ctx, method, args.samples, args.seed)
    if args.json:
        out = res.to_dict()
        out["ruleset"] = rules.id
        out["dice"] = rules.dice
        print_json(out)
    else:
        print(f"ruleset {rules.id} (d{rules.dice}), {'sea' if res.sea else 'land'} battle")
        print(res.text())
    return 0
