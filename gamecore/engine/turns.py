"""The kernel's sequence of play: a ruleset's phase list in order, for each nation of each
turn slot, round after round. What a phase offers and does, and what happens when a turn
or a round ends, are the rule system's (:class:`~gamecore.engine.systems.RuleSystem`:
its registered phases and hooks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState

END = Action.end_phase()


def plays_phase(s: GameState, nation: str | None = None) -> bool:
    """Whether the current phase is part of ``nation``'s turn (default: the current
    nation's): a nation's rules may give it only some of the ruleset's phases
    (``[nations.X] phases``); the others go by without entering, running or exiting."""
    nr = s.rules.nations.get(nation or s.current_nation)
    return nr is None or nr.phases is None or s.phase in nr.phases


def end_phase(s: GameState) -> None:
    """End the current phase: its exit (and the turn's end after the last phase), then
    the next phase, the slot's next nation, or the next turn."""
    system = s.system
    n = s.current_nation
    if plays_phase(s, n):
        ph = system.phases.get(s.phase)
        if ph is not None and ph.exit is not None:
            ph.exit(s, n)
        system.phase_ended(s, n, s.phase)
    if s.terminal:
        return
    if s.phase_i == len(s.rules.phases) - 1:
        system.end_turn(s, n)
    if s.terminal:
        return
    together = system.together(s)
    slot = s.board.turn_slots[s.slot]
    if together and s.sub + 1 < len(slot):
        s.sub += 1  # the next nation of the slot, same phase
    elif s.phase_i + 1 < len(s.rules.phases):
        s.phase_i += 1
        if together:
            s.sub = 0
    else:
        next_turn(s)
        if s.terminal:
            return
    enter_phase(s)


def enter_phase(s: GameState) -> None:
    s.bump()
    if not plays_phase(s):
        return
    ph = s.system.phases.get(s.phase)
    if ph is not None and ph.enter is not None:
        ph.enter(s)
    s.system.phase_started(s)


def next_turn(s: GameState) -> None:
    slots = s.board.turn_slots
    s.phase_i = 0
    s.sub = len(slots[s.slot]) if s.system.together(s) else s.sub + 1
    if s.sub >= len(slots[s.slot]):
        s.sub = 0
        s.slot += 1
        if s.slot >= len(slots):
            s.slot = 0
            s.system.end_round(s)
            if s.terminal:
                return
            s.round += 1
    begin_turn(s)


def begin_turn(s: GameState) -> None:
    s.system.begin_turn(s)


def auto_advance(s: GameState) -> None:
    """Run phases that need no decision and end phases whose only legal action is
    ``end_phase``, so bots and humans only see real choices."""
    ended = 0
    # every nation's turn going by with nobody able to do anything: nothing will change
    limit = len(s.rules.phases) * (sum(len(x) for x in s.board.turn_slots) + 1)
    phases = s.system.phases
    while not s.terminal:
        if ended > limit:
            s.system.stalemate(s)
            break
        if not plays_phase(s):  # not part of this nation's turn
            s._legal = None
            end_phase(s)
            s._legal = None
            ended += 1
            continue
        ph = phases.get(s.phase)
        if ph is not None and ph.legal is None:
            if ph.run is not None:
                ph.run(s)
            s._legal = None
            end_phase(s)
            s._legal = None
            ended += 1
            continue
        legal = s.legal_view()
        if len(legal) == 1 and legal[0] == END:
            s._legal = None
            end_phase(s)
            s._legal = None
            ended += 1
            continue
        break
