"""The planner bot's evaluation weights, read from data (``resources/bots/planner.toml``).

The file has a ``[default]`` table, then ``[ruleset.<id>]`` and ``[scenario.<id>]`` tables
whose keys override it (a scenario's over its ruleset's; a ``nation.<id>`` table inside any
of them, for that nation's bot, right after its table): the same bot plays g40, the
Global War rules, The War Game and imported TripleA games with weights that suit each.
``heuristic`` holds the knobs of the heuristic machinery the planner plans with
(:class:`~gamecore.sim.bots.heuristic.HeuristicParams`); ``profiles`` lists the candidate
combat plans (each a set of overrides of those knobs) the lookahead compares.

A bad file or key is a :class:`~gamecore.errors.RulesetError` naming the key: the weights are
data a designer edits, so a typo says where it is instead of being ignored.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from gamecore.errors import RulesetError
from gamecore.paths import resource
from gamecore.sim.bots.heuristic import HeuristicParams

#: where the bundled weights live
WEIGHTS = ("bots", "planner.toml")
#: what one work unit (a quick odds estimate of 48 trials) costs on the reference 2-core
#: machine, in milliseconds: turns ``think_ms`` into work units
UNIT_MS = 2.5


@dataclass(frozen=True)
class Profile:
    """One candidate way to plan a combat move: a name and heuristic knobs."""

    name: str
    knobs: HeuristicParams


@dataclass(frozen=True)
class PlannerParams:
    """The planner's weights (defaults: the ``[default]`` table of the bundled file)."""

    #: thinking per decision, in milliseconds of the reference machine: counted as work
    #: units of :data:`UNIT_MS` each (one quick odds estimate = 1 unit, one exact
    #: calculation = ``exact_cost``), a deterministic cut-off, never wall time
    think_ms: int = 1000
    exact_cost: int = 4
    #: the opponent's best reply to a captured zone counts this much against the attack
    counter_weight: float = 0.8
    #: replies estimated with the exact battle calculator (the rest: the quick estimate)
    exact_replies: int = 4
    #: a national objective's income counts as this many turns of it
    objective_turns: float = 3.0
    #: a declaration of war is made when its score (IPCs) reaches this
    declare_margin: float = 2.0
    #: a major power at war with no other power: from this round on, each round lowers the
    #: bar of a declaration by ``eagerness`` (it must not sit the war out)
    eager_round: int = 2
    eagerness: float = 6.0
    #: a major at war whose land army faces no enemy lowers the bar by this share of
    #: that push, for declarations that open attacks (0: never)
    idle_eagerness: float = 0.0
    #: a stranded army is ferried to friendly land within this many land steps of the
    #: enemy (and to enemy coasts); 0: the heuristic machinery's ferrying
    landing_reach: int = 0
    #: ... when at least this share of the land army (by cost) is stranded
    stranded_share: float = 0.25
    #: with ``landing_reach``: the purchase buys the transports those landings need
    #: (1) or leaves hulls to the heuristic machinery's reckoning (0)
    buy_hulls: int = 0
    #: in the last ``tiebreak_rounds`` rounds before a round limit decided on income, a
    #: power whose side trails lowers the bar by ``tiebreak_push`` for wars on the leader
    tiebreak_rounds: int = 8
    tiebreak_push: float = 0.0
    #: the share of the lend-lease the rules allow that a donor gives (The War Game)
    lend_lease: float = 1.0
    #: the new enemies' threat to our zones counts this much against a declaration
    exposure_weight: float = 1.0
    #: zones looked at for the exposure of a declaration
    exposure_zones: int = 20
    #: the opened attacks counted for a declaration (the best ones)
    opening_targets: int = 2
    #: extra bar for a war on a major power none of our allies is at war with
    new_front: float = 15.0
    #: in the last ``endgame_rounds`` rounds of a game with a round limit, zones are worth
    #: ``endgame_value`` times more (the limit's tiebreak counts zones, not armies)
    endgame_rounds: int = 2
    endgame_value: float = 2.0
    #: a zone whose capture alone wins the game by its own victory condition, or denies
    #: the enemy's at the next check, is worth this much more (0: off; .victory)
    victory_value: float = 0.0
    heuristic: HeuristicParams = field(default_factory=HeuristicParams)
    profiles: tuple[Profile, ...] = ()


_SCALARS = {f.name for f in fields(PlannerParams)} - {"heuristic", "profiles"}
_KNOBS = {f.name: f for f in fields(HeuristicParams)}


def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


def _knobs(base: HeuristicParams, table: Any, where: str, src: str) -> HeuristicParams:
    if not isinstance(table, dict):
        raise RulesetError(f"key '{where}': a table of heuristic knobs is expected", src)
    changes = {}
    for k, v in table.items():
        if k == "name":
            continue
        f = _KNOBS.get(k)
        if f is None:
            raise RulesetError(
                f"key '{where}.{k}': unknown knob (known: {', '.join(sorted(_KNOBS))})", src
            )
        cur = getattr(base, k)
        if isinstance(cur, bool) or isinstance(v, bool):
            ok = isinstance(v, bool) and (cur is None or isinstance(cur, bool))
        elif isinstance(cur, int):
            ok = isinstance(v, int)
        else:  # float or None (ferry_share)
            ok = isinstance(v, (int, float))
        if not ok:
            raise RulesetError(f"key '{where}.{k}': {v!r} is not a {type(cur).__name__}", src)
        changes[k] = float(v) if isinstance(cur, float) or cur is None else v
    return replace(base, **changes)


def params_from(table: dict, src: str = "planner.toml") -> PlannerParams:
    """:class:`PlannerParams` from one merged table of the weights file."""
    scalars = {}
    for k, v in table.items():
        if k in ("heuristic", "profiles"):
            continue
        if k not in _SCALARS:
            raise RulesetError(
                f"key '{k}': unknown planner weight (known: {sorted(_SCALARS)})", src
            )
        want = type(getattr(PlannerParams, k))
        if (
            isinstance(v, bool)
            or not isinstance(v, (int, float))
            or (want is int and not isinstance(v, int))
        ):
            raise RulesetError(f"key '{k}': {v!r} is not a {want.__name__}", src)
        scalars[k] = want(v)
    base = _knobs(HeuristicParams(), table.get("heuristic", {}), "heuristic", src)
    profiles = []
    raw = table.get("profiles", [])
    if not isinstance(raw, list):
        raise RulesetError("key 'profiles': a list of tables is expected", src)
    for i, p in enumerate(raw):
        where = f"profiles[{i}]"
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise RulesetError(f"key '{where}': a table with a 'name' is expected", src)
        profiles.append(Profile(p["name"], _knobs(base, p, where, src)))
    if not profiles:
        profiles.append(Profile("base", base))
    return PlannerParams(heuristic=base, profiles=tuple(profiles), **scalars)


_FILES: dict[str, dict] = {}


def read_weights(path: str | Path | None = None) -> dict:
    """The weights file as a dict (cached); the bundled one when ``path`` is None."""
    p = Path(path) if path is not None else resource(*WEIGHTS)
    key = str(p)
    hit = _FILES.get(key)
    if hit is None:
        try:
            with open(p, "rb") as fh:
                hit = tomllib.load(fh)
        except (OSError, tomllib.TOMLDecodeError) as err:
            raise RulesetError(f"cannot read the planner's weights: {err}", key) from None
        _FILES[key] = hit
    return hit


def params_for(
    ruleset: str, scenario: str, weights: dict | None = None, nation: str | None = None
) -> PlannerParams:
    """The weights for a game of ``ruleset`` and ``scenario``: ``[default]``, then
    ``[ruleset.<ruleset>]``, then ``[scenario.<scenario>]``; each of those may hold a
    ``nation.<nation>`` table for the bot of that nation, read right after it."""
    w = read_weights() if weights is None else weights
    table: dict = {}
    src = f"planner weights ({ruleset}/{scenario})"
    for over in (
        w.get("default", {}),
        w.get("ruleset", {}).get(ruleset),
        w.get("scenario", {}).get(scenario),
    ):
        if not isinstance(over, dict):
            continue
        table = _merge(table, {k: v for k, v in over.items() if k != "nation"})
        by_nation = over.get("nation", {})
        if not isinstance(by_nation, dict):
            raise RulesetError("key 'nation': a table of nations is expected", src)
        mine = by_nation.get(nation) if nation is not None else None
        if isinstance(mine, dict):
            table = _merge(table, mine)
    return params_from(table, src)


def work_units(par: PlannerParams) -> int:
    """The work units of one decision's thinking."""
    return max(0, int(par.think_ms / UNIT_MS))


__all__ = [
    "PlannerParams",
    "Profile",
    "UNIT_MS",
    "params_for",
    "params_from",
    "read_weights",
    "work_units",
]
