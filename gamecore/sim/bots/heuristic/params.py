"""The heuristic bot's parameters and options (``bot_options``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamecore.engine.actions import Action
from gamecore.engine.options import OptionSpec
from gamecore.errors import RulesetError

END = Action.end_phase()
INF = 1 << 20


@dataclass
class HeuristicParams:
    """The knobs of the heuristic bot (defaults tuned on the g40 ruleset)."""

    win_threshold: float = 0.8  # win chance an attack needs
    sure_win: float = 0.95  # win chance aimed at when the units are there
    empty_zone_min_value: int = 0  # take undefended zones worth at least this
    trade_margin: float = 0.0  # expected IPC gain (kills - losses + value) an attack needs
    value_weight: float = 2.0  # a captured zone counts as this many turns of its income
    capital_value: float = 30.0  # extra worth of taking an enemy capital
    # a zone whose capture would pay N more from the nation's own national objectives is
    # worth this many times N on top of its value (0: objectives are ignored)
    objective_weight: float = 1.0
    retreat_below: float = 0.3  # retreat when the remaining win chance drops below this
    capital_safety: float = 0.25  # acceptable chance of losing the capital next turn
    trials: int = 64  # dice trials per odds estimate
    confirm_exact: bool = True  # check each chosen attack with the battle calculator
    screen_ratio: float = 1.0  # skip attacks whose fighting power is below this share
    dominant_ratio: float = 4.0  # fighting power beyond this share of the defence is overkill
    max_noncombat_moves: int = 24  # moves per non-combat phase (each costs an engine step)
    max_targets: int = 40  # hostile zones examined per combat move
    # declarations of war beyond the politics default (seeds/000 §5.5; war gates only):
    # a Major whose border army is outnumbered this many times (0: never)
    war_ratio: float = 1.5
    pact_ratio: float = 2.5  # the same against a pact partner
    # transports for an army with no land route to the enemy: hulls for this share of it
    # (None: the ruleset's [bots.heuristic] ferry_share, 0 unless the ruleset sets it)
    ferry_share: float | None = None
    max_transports_per_turn: int = 2


@dataclass
class _Plan:
    key: tuple = ()
    steps: list = field(default_factory=list)
    replans: int = 0


#: the heuristic bot's options a ruleset may set (``[bots.heuristic]``): its knobs, not rules
BOT_OPTIONS = (
    OptionSpec(
        "ferry_share",
        "float",
        0.0,
        doc="transports for this share of a land army standing where no land route leads "
        "to the enemy (at most max_transports_per_turn a turn); 0: at most one transport",
        owner="gamecore.sim.bots.heuristic",
    ),
)


def bot_options(rules) -> dict[str, Any]:
    """The heuristic bot's options for ``rules`` (defaults where the ruleset sets none);
    a bad value is a :class:`RulesetError` naming the ruleset and the key."""
    cached = rules.__dict__.get("_heuristic_options")
    if cached is not None:
        return cached
    given = rules.bots.get("heuristic", {})
    specs = {o.name: o for o in BOT_OPTIONS}
    out = {o.name: o.default for o in BOT_OPTIONS}
    for k, v in given.items():
        spec = specs.get(k)
        if spec is None:
            raise RulesetError(
                f"key 'bots.heuristic.{k}': unknown bot option (known: {', '.join(specs)})",
                rules.source_path or rules.id,
            )
        why = spec.check(v)
        if why is not None:
            raise RulesetError(f"key 'bots.heuristic.{k}': {why}", rules.source_path or rules.id)
        out[k] = v
    rules.__dict__["_heuristic_options"] = out
    return out
