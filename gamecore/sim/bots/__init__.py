"""gamecore.sim.bots — bots that play through the engine's agent interface, and their
registry.

``random`` is the engine's :class:`~gamecore.engine.bots.RandomBot` (uniform over the legal
actions: it finds crashes and rule holes); ``heuristic`` is
:class:`~gamecore.sim.bots.heuristic.HeuristicBot`, the default family's (it plans with the
battle calculator). A bot is anything with ``choose(state) -> Action``; every bot is built
from a seed and is deterministic given it.

A bot factory may say which rule systems it plays (``systems``, a tuple of system names;
none: every system, like the random bot). A rule system brings its own bots
(:meth:`gamecore.engine.systems.RuleSystem.bots`): a name it gives stands in for the
simulator's bot of that name in its games (Hitler's Global War's front-level bot is its
``heuristic``), so a bot spec reads the same whatever the game. A game of a system no
variant plays refuses the name.

A *bot spec* names the bots of a game: ``"heuristic"`` (every nation), or
``"axis=heuristic,allies=random"`` (per alliance or nation, with an optional
``*=NAME`` default).

A bot that thinks within a budget says so (``thinks = True`` on its factory) and takes
``think_ms``: the thinking allowed per decision, counted in deterministic work units (never
the clock), so a game stays the same for a seed on every machine. ``make_bot`` and
``bots_for`` hand a ``think_ms`` to those bots and leave the others as they are.
"""

from __future__ import annotations

from collections.abc import Callable

from gamecore.engine.bots import Bot, RandomBot
from gamecore.engine.systems import get_system, systems
from gamecore.errors import RulesError, WarroomError
from gamecore.sim.bots.heuristic import HeuristicBot, HeuristicParams
from gamecore.sim.bots.odds import Odds, battle_odds
from gamecore.sim.bots.planner import planner_bot

#: the largest thinking budget per decision a command accepts (ten minutes)
MAX_THINK_MS = 600_000

#: bot name -> factory(seed) -> bot
BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "planner": planner_bot,
}


class BotSpecError(WarroomError):
    """A bot name or bot spec that does not parse."""


def register_bot(name: str, factory: Callable[[int], Bot]) -> None:
    """Make ``name`` usable in bot specs (plug-in bots, tests)."""
    BOTS[name] = factory


def _system_bots(system: str | None) -> dict[str, Callable[[int], Bot]]:
    """Rule system ``system``'s own bots ({} when it is unknown or None)."""
    if system is None:
        return {}
    try:
        return get_system(system).bots()
    except RulesError:
        return {}


def known_bots() -> list[str]:
    """Every bot name a spec may use: the simulator's and every system's own."""
    names = set(BOTS)
    for s in systems().values():
        names.update(s.bots())
    return sorted(names)


def make_bot(name: str, seed: int, system: str | None = None, think_ms: int | None = None) -> Bot:
    """The bot ``name`` seeded ``seed``: rule system ``system``'s own when it has one of
    that name. ``think_ms`` (None: the bot's own default) goes to bots that think."""
    factory = _system_bots(system).get(name) or BOTS.get(name)
    if factory is None:
        raise BotSpecError(f"unknown bot '{name}' (known: {', '.join(known_bots())})")
    if think_ms is not None and getattr(factory, "thinks", False):
        return factory(seed, think_ms=int(think_ms))
    return factory(seed)


def check_think_ms(think_ms: int | None) -> None:
    """Refuse a thinking budget out of range (one-line error)."""
    if think_ms is None:
        return
    if isinstance(think_ms, bool) or not isinstance(think_ms, int):
        raise BotSpecError("--think-ms must be a whole number of milliseconds")
    if not 0 <= think_ms <= MAX_THINK_MS:
        raise BotSpecError(f"--think-ms must be between 0 and {MAX_THINK_MS}")


def parse_spec(spec: str) -> dict[str, str]:
    """``"heuristic"`` -> {"*": "heuristic"}; ``"axis=heuristic,allies=random"`` -> that
    mapping. Names are checked against the registry."""
    spec = (spec or "").strip()
    if not spec:
        raise BotSpecError("empty bot spec")
    out: dict[str, str] = {}
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        who, sep, name = part.partition("=")
        if not sep:
            who, name = "*", who
        who, name = who.strip(), name.strip()
        if name not in BOTS and name not in known_bots():
            raise BotSpecError(f"unknown bot '{name}' (known: {', '.join(known_bots())})")
        if who in out:
            raise BotSpecError(f"bot spec names '{who}' twice")
        out[who] = name
    return out


def bots_for(
    spec: str | dict[str, str], state, seed: int, think_ms: int | None = None
) -> dict[str, Bot]:
    """One bot per nation of the turn order of ``state``. The bot of nation N is seeded
    from the game seed and N's place in the sorted nation list, so a game is reproducible
    from its seed, spec and ``think_ms`` alone (the budget of the bots that think)."""
    check_think_ms(think_ms)
    mapping = parse_spec(spec) if isinstance(spec, str) else dict(spec)
    nations = sorted({n for slot in state.board.turn_slots for n in slot})
    sides = {state.side_of(n) for n in nations}
    unknown = sorted(k for k in mapping if k != "*" and k not in nations and k not in sides)
    if unknown:
        raise BotSpecError(
            f"bot spec names '{unknown[0]}', which is neither a nation nor an alliance of the "
            f"scenario (nations: {', '.join(nations)})"
        )
    out: dict[str, Bot] = {}
    system = state.system.name
    for i, n in enumerate(nations):
        name = mapping.get(n) or mapping.get(state.side_of(n)) or mapping.get("*")
        if name is None:
            raise BotSpecError(f"bot spec gives no bot for nation '{n}' (add '*=NAME')")
        if not plays(name, system):
            able = ", ".join(b for b in known_bots() if plays(b, system))
            raise BotSpecError(
                f"bot '{name}' does not play rule system '{system}' (bots that do: {able})"
            )
        out[n] = make_bot(name, seed * 1000 + i, system, think_ms)
    return out


def plays(name: str, system: str) -> bool:
    """Whether bot ``name`` plays games of rule system ``system``."""
    if name in _system_bots(system):
        return True
    if name not in BOTS:
        return False
    able = getattr(BOTS[name], "systems", None)
    return able is None or system in able


__all__ = [
    "BOTS",
    "Bot",
    "BotSpecError",
    "HeuristicBot",
    "HeuristicParams",
    "MAX_THINK_MS",
    "Odds",
    "RandomBot",
    "battle_odds",
    "bots_for",
    "check_think_ms",
    "known_bots",
    "make_bot",
    "parse_spec",
    "plays",
    "register_bot",
]
