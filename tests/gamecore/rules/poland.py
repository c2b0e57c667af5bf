"""Germany's first attack on Poland in a hot-seat 1939 game, for tests that need a battle
with a casualty choice (the rules' loss choice and the play panel's)."""

from __future__ import annotations

from gamecore.engine.actions import Action


def moves_into_poland(session) -> tuple[int, list[Action]]:
    """In Germany's combat move: the first Polish zone next to a German stack, and the
    plain moves (no transport, no mode) that enter it from next door."""
    st = session.state
    moves = [
        a
        for a in session.legal()
        if a.kind == "move"
        and not a.transport
        and not a.mode
        and len(a.path) == 2
        and st.owner.get(a.path[-1]) == "POL"
    ]
    dest = moves[0].path[-1]
    return dest, [a for a in moves if a.path[-1] == dest]
