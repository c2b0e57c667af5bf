"""gamecore.sim.bots — bots that play through the engine's agent interface, and their
registry.

``random`` is the engine's :class:`~gamecore.engine.bots.RandomBot` (uniform over the legal
actions: it finds crashes and rule holes); ``heuristic`` is
:class:`~gamecore.sim.bots.heuristic.HeuristicBot` for the A&A family and
:class:`~gamecore.sim.bots.hgw.HgwBot` for Hitler's Global War (``hgw``). A bot is anything
with ``choose(state) -> Action``; every bot is built from a seed and is deterministic given it.

A bot factory may say which rule systems it plays (``systems``, a tuple of system names;
none: every system, like the random bot). One bot name may have a variant per rule
system (:data:`SYSTEM_BOTS`, :func:`register_system_bot`): ``heuristic`` names the A&A
heuristic bot in A&A games and the hgw front-level bot in hgw games, so a bot spec reads
the same whatever the game. A game of a system no variant plays refuses the name.

A *bot spec* names the bots of a game: ``"heuristic"`` (every nation), or
``"axis=heuristic,allies=random"`` (per alliance or nation, with an optional
``*=NAME`` default).
"""

from __future__ import annotations

from collections.abc import Callable

from gamecore.engine.bots import Bot, RandomBot
from gamecore.errors import WarroomError
from gamecore.sim.bots.heuristic import HeuristicBot, HeuristicParams
from gamecore.sim.bots.hgw import HgwBot, HgwParams
from gamecore.sim.bots.odds import Odds, battle_odds
from gamecore.sim.bots.planner import planner_bot

#: bot name -> factory(seed) -> bot
BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "planner": planner_bot,
}

#: (bot name, rule system) -> factory(seed): the name's variant for games of that system
SYSTEM_BOTS: dict[tuple[str, str], Callable[[int], Bot]] = {
    ("heuristic", "hgw"): HgwBot,
}


class BotSpecError(WarroomError):
    """A bot name or bot spec that does not parse."""


def register_bot(name: str, factory: Callable[[int], Bot]) -> None:
    """Make ``name`` usable in bot specs (plug-in bots, tests)."""
    BOTS[name] = factory


def register_system_bot(name: str, system: str, factory: Callable[[int], Bot]) -> None:
    """Make ``name`` play games of rule system ``system`` with ``factory`` (the name
    must be known to :data:`BOTS` already or it gets ``factory`` as its default)."""
    BOTS.setdefault(name, factory)
    SYSTEM_BOTS[(name, system)] = factory


def make_bot(name: str, seed: int, system: str | None = None) -> Bot:
    """The bot ``name`` seeded ``seed``: its variant for rule system ``system`` when it
    has one."""
    if system is not None and (name, system) in SYSTEM_BOTS:
        return SYSTEM_BOTS[(name, system)](seed)
    try:
        factory = BOTS[name]
    except KeyError:
        raise BotSpecError(f"unknown bot '{name}' (known: {', '.join(sorted(BOTS))})") from None
    return factory(seed)


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
        if name not in BOTS:
            raise BotSpecError(f"unknown bot '{name}' (known: {', '.join(sorted(BOTS))})")
        if who in out:
            raise BotSpecError(f"bot spec names '{who}' twice")
        out[who] = name
    return out


def bots_for(spec: str | dict[str, str], state, seed: int) -> dict[str, Bot]:
    """One bot per nation of the turn order of ``state``. The bot of nation N is seeded
    from the game seed and N's place in the sorted nation list, so a game is reproducible
    from its seed and spec alone."""
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
            able = ", ".join(b for b in sorted(BOTS) if plays(b, system))
            raise BotSpecError(
                f"bot '{name}' does not play rule system '{system}' (bots that do: {able})"
            )
        out[n] = make_bot(name, seed * 1000 + i, system)
    return out


def plays(name: str, system: str) -> bool:
    """Whether bot ``name`` plays games of rule system ``system``."""
    if (name, system) in SYSTEM_BOTS:
        return True
    systems = getattr(BOTS.get(name), "systems", None)
    return systems is None or system in systems


__all__ = [
    "BOTS",
    "Bot",
    "BotSpecError",
    "HeuristicBot",
    "HeuristicParams",
    "HgwBot",
    "HgwParams",
    "Odds",
    "RandomBot",
    "SYSTEM_BOTS",
    "battle_odds",
    "bots_for",
    "make_bot",
    "parse_spec",
    "plays",
    "register_bot",
    "register_system_bot",
]
