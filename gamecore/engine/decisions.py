"""Pending decisions: every choice a player makes is a :class:`Decision` with an owner.

While a decision is pending, :attr:`GameState.current_player` is its owner (the defender
choosing casualties or whether to retreat, say), and the legal actions are its answers;
bots and humans answer it through ``state.apply`` like any other action. With none
pending, the player is the nation whose turn it is. A rule system says which decisions
its rules ask and which answers each offers."""

from __future__ import annotations

from typing import NamedTuple


class Decision(NamedTuple):
    owner: str  # the nation that decides
    kind: str  # what is decided: "casualties", "retreat", ... (the system's vocabulary)
    about: str = ""  # which side or thing it concerns ("att", "def", a zone ...)

    def to_json(self) -> list[str]:
        return [self.owner, self.kind, self.about]
