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
