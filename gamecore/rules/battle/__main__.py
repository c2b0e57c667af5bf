"""Print the battle steps of rulesets: ``python -m gamecore.rules.battle [RULESET ...]``
(default: the four of the A&A family)."""

from __future__ import annotations

import sys

from gamecore.engine.ruleset import load_ruleset
from gamecore.errors import WarroomError
from gamecore.rules.battle.steps import describe

FAMILY = ("g40", "global_war", "global_war_house", "war_game")


def main(argv: list[str]) -> int:
    for name in argv or FAMILY:
        try:
            rules = load_ruleset(name)
        except WarroomError as e:
            print(f"{name}: {e}", file=sys.stderr)
            return 2
        try:
            print(describe(rules))
        except BrokenPipeError:  # `... | head`
            return 0
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
