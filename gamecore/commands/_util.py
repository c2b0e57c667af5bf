"""The commands' terminal helpers (they live in :mod:`gamecore.console`, beside every
package that reports to a terminal)."""

from gamecore.console import ProgressBar, print_json
from gamecore.errors import WarroomError

__all__ = ["ProgressBar", "add_think_ms", "pick_scenario", "print_json"]


def pick_scenario(pack, given: str | None, path: str, how: str = "with --scenario") -> str:
    """The scenario a command works on: ``given`` when the pack has it, else the pack's
    only scenario; one line naming the pack's scenarios when neither holds."""
    known = ", ".join(sorted(pack.scenarios)) or "none"
    if given is not None:
        if given not in pack.scenarios:
            raise WarroomError(f"the pack has no scenario '{given}' (scenarios: {known})", path)
        return given
    if len(pack.scenarios) != 1:
        raise WarroomError(f"say which scenario {how} (scenarios: {known})", path)
    return next(iter(pack.scenarios))


def add_ruleset_options(p, default: str | None = None, what: str = "") -> None:
    """``--ruleset ID|PATH.toml`` and ``--rules-file PATH`` (a ruleset file whose extends
    names a pack or bundled ruleset); ``what`` says what the ruleset is for."""
    p.add_argument(
        "--ruleset",
        metavar="ID|PATH",
        default=default,
        help=f"{what or 'the ruleset'}: a ruleset id (the pack's or a bundled one) or a "
        "ruleset file PATH.toml whose extends names one"
        + (f" (default {default})" if default else ""),
    )
    p.add_argument("--rules-file", metavar="PATH", help="a ruleset file (as --ruleset PATH.toml)")


def use_ruleset_option(args, pack, scenario: str) -> None:
    """Make ``scenario`` of the in-memory ``pack`` play ``--ruleset``/``--rules-file`` (a
    file is stored among the pack's rulesets under its id; the pack file is not written)."""
    ref = getattr(args, "rules_file", None) or getattr(args, "ruleset", None)
    if not ref:
        return
    from gamecore.engine.ruleset import load_ruleset
    from gamecore.store.rulesfile import is_rules_file, use_rules_file

    if args.rules_file or is_rules_file(ref):
        use_rules_file(pack, ref, [scenario])
        return
    load_ruleset(ref, pack)  # a one-line error when there is no such ruleset
    pack.scenarios[scenario].ruleset = ref


def add_think_ms(p) -> None:
    """``--think-ms MS``: the thinking per decision of the bots that think."""
    p.add_argument(
        "--think-ms",
        type=int,
        metavar="MS",
        help="thinking per decision of the bots that think (planner), counted in work "
        "units of the reference machine, never the clock: a game stays the same for a "
        "seed (default: the bot's weights)",
    )
