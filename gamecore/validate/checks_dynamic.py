"""Dynamic checks (DYN…): the scenario is actually played for a few rounds.

They are slow (a second or more), so the editor's live pass leaves them out; the CLI runs
them unless ``--ignore DYN`` is given.
"""

from __future__ import annotations

import random

from gamecore.errors import WarroomError
from gamecore.validate.registry import check

SMOKE_SEEDS = (1, 2)
SMOKE_ROUNDS = 3
#: safety valve: a smoke game that takes more actions than this is reported as stuck
MAX_ACTIONS = 20000


def _new_game(ctx, seed):
    from gamecore.engine import new_game

    return new_game(ctx.pack, ctx.scenario.id, seed=seed)


@check("DYN001", "error", "dynamic", "smoke playtest fails", scenario=True, slow=True)
def smoke_playtest(ctx):
    """A few short games with random bots (which try everything): no crash, no stuck game,
    and the log replays to the same position (``gamecore.sim.playtest.smoke``)."""
    if ctx.ruleset is None:
        return  # SCN001
    from gamecore.sim.playtest import smoke

    for problem in smoke(ctx.pack, ctx.scenario.id, SMOKE_SEEDS, SMOKE_ROUNDS, bots="random"):
        yield ctx.issue("DYN001", f"scenario {ctx.scenario.id}, smoke game {problem}")


@check(
    "DYN002",
    "warning",
    "dynamic",
    "nation has nothing to do in its first turn",
    scenario=True,
    slow=True,
)
def first_turn_actions(ctx):
    if ctx.ruleset is None:
        return
    try:
        state = _new_game(ctx, SMOKE_SEEDS[0])
    except WarroomError:
        return  # DYN001 reports it
    active: dict[str, bool] = {}
    rng = random.Random(0)
    steps = 0
    try:
        while not state.is_terminal() and state.round == 1 and steps < MAX_ACTIONS:
            nation = state.current_nation
            legal = state.legal_actions()
            if not legal:
                break
            if any(a.kind != "end_phase" for a in legal):
                active[nation] = True
            else:
                active.setdefault(nation, False)
            # keep round 1 short: pass whenever passing is allowed
            pas = [a for a in legal if a.kind == "end_phase"]
            state.apply(pas[0] if pas else rng.choice(legal))
            steps += 1
    except Exception:  # noqa: BLE001 - DYN001 reports engine failures
        return
    # the engine skips the phases of a nation that has no choice at all, so a nation
    # that never showed up in round 1 had nothing to do either
    playable = [
        n
        for slot in ctx.scenario.turn_order
        for n in slot
        if n in ctx.pack.nations and ctx.pack.nations[n].playable
    ]
    for nation in playable:
        active.setdefault(nation, False)
    for nation, did in sorted(active.items()):
        if not did:
            yield ctx.issue(
                "DYN002",
                f"{nation} has no legal action but 'end phase' in its first "
                "turn (no money, no units that can move?)",
            )
