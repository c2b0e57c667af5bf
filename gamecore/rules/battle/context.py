"""What the steps of a battle share: :class:`Round`, the state one pass of the steps works
on, and the few operations a step of any ruleset may call on it (fire, assign hits, take
losses, put a decision) - so a ruleset's steps need nothing else of the battle's code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from gamecore.engine.decisions import Decision
from gamecore.rules.battle.ask import put
from gamecore.rules.battle.casualties import assign_hits
from gamecore.rules.battle.fire import _volley
from gamecore.rules.battle.units import (
    Casualties,
    Hit,
    _apply_casualties,
    attacking_nations,
    sides,
)

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.ruleset import Ruleset
    from gamecore.engine.state import GameState, Unit
    from gamecore.rules.state import Battle


class Round:
    """One pass of a stage's steps over battle ``b`` (None before the battle exists).

    The round stage fills the fire fields as its steps go: the sides that fire (``att``,
    ``dfn``) and those that may still be hit (``targets_att``, ``targets_def``), the hits
    of the general fire (``h_att``, ``h_def``; ``h_extra``: attacker's hits placed ahead
    of it), the dice of no unit fired with the first strike (``fixed``), the units taking
    double casualties (``double``), those hit before round 1 that still fire in it
    (``doomed``), the attackers' rolls (``rolled``) and the round's event (``report``).
    Other stages use ``zone`` and ``nation`` (start), ``coastal`` (before round 1),
    ``zones`` and ``side`` (where a side may retreat), ``where`` (where each retreating
    unit goes: unit id -> zone), ``todo`` (battles still to fight),
    ``offers`` (other actions of the combat phase, or other answers to the attacker's
    retreat decision), ``stay`` (the retreating attacker's units that stay and fight
    on); ``fs_every``: unit types that strike
    first in every round; ``halving(rnd, firers, side)``: "" or how aircraft among the
    firers roll at half their value (The War Game); ``supporters``: per side ("att",
    "def"), the units whose support counts in the fire still to come this round (a side
    not named: the units firing; Global War §12.2); ``lose_first``: the rules of the
    ruleset's steps of which attacking units are lost first this round (each takes the
    casualty order and gives the units it puts at its head: amphibious units, river
    crossers).
    """

    __slots__ = (
        "s",
        "b",
        "zone",
        "nation",
        "att",
        "dfn",
        "targets_att",
        "targets_def",
        "h_att",
        "h_def",
        "h_extra",
        "fixed",
        "double",
        "doomed",
        "rolled",
        "report",
        "dice",
        "sup",
        "aa_fired",
        "coastal",
        "zones",
        "side",
        "todo",
        "offers",
        "fs_every",
        "halving",
        "supporters",
        "lose_first",
        "where",
        "stay",
    )

    def __init__(self, s: GameState, b: Battle | None, att=(), dfn=()) -> None:
        self.s = s
        self.b = b
        self.zone = b.zone if b is not None else -1
        self.nation = s.current_nation
        self.att: list[Unit] = list(att)
        self.dfn: list[Unit] = list(dfn)
        self.targets_att = self.att
        self.targets_def = self.dfn
        self.h_att: list[Hit] = []
        self.h_def: list[Hit] = []
        self.h_extra: list[Hit] = []
        self.fixed: list[tuple[int, Hit]] = []
        self.double: frozenset[int] = frozenset()
        self.doomed: set[int] = set()
        self.rolled: dict[int, int] = {}
        self.report: dict = {}
        self.dice: list | None = None
        self.sup = False
        self.aa_fired = False
        self.coastal: Casualties | None = None
        self.zones: list[int] = []
        self.side = ""
        self.todo: list = []
        self.offers: list = []
        self.fs_every: frozenset[str] = frozenset()
        self.halving = None
        self.supporters: dict[str, list[Unit]] = {}
        self.lose_first: tuple = ()
        self.where: dict[int, int] = {}
        self.stay: list[Unit] = []

    @classmethod
    def of_round(cls, s: GameState, b: Battle, att: list[Unit], dfn: list[Unit]) -> Round:
        """The state round ``b.round`` starts from: the units hit before round 1 (they fire
        in it) and the play mode's log of each die. (``sup``, air superiority, is set by
        Global War's ``air_superiority`` step.)"""
        r = cls(s, b, att, dfn)
        if b.round == 1:
            r.doomed = set(b.doomed)
        r.report = {"zone": b.zone, "round": b.round}
        # the play mode's log shows each die: [[first strike att, def], [general att, def]]
        if s.log_mode == "play":
            r.dice = [[[], []], [[], []]]
        return r

    # ------------------------------------------------------------------ what steps call
    def faces(self, general: bool, side: str) -> list | None:
        """Where the play mode logs the dice of this fire (None: not logged)."""
        if self.dice is None:
            return None
        return self.dice[1 if general else 0][0 if side == "att" else 1]

    def volley(self, units: list[Unit], side: str, general: bool = True) -> list[Hit]:
        """The hits of ``units`` firing for ``side`` ("att"/"def") this round; the
        attackers' rolls are kept (desert breakdown, hostile terrain)."""
        record = self.rolled if side == "att" else None
        halve = self.halving(self, units, side) if self.halving is not None else ""
        faces = self.faces(general, side)
        sup_from = self.supporters.get(side)
        return _volley(self.s, self.b, units, side, self.sup, record, faces, halve, sup_from)

    def assign(
        self, targets: list[Unit], hits: list[Hit], side: str, double=frozenset(), exclude=None
    ) -> Casualties:
        """The losses of ``side`` ("att"/"def"): its owner places ``hits`` on ``targets``
        by its casualty profile (the attacker's ``lose_first`` units at its head), the
        units it picked this round first (a ``casualties`` answer naming units); the
        units hit before round 1 (``exclude``, by default those of this round) are not
        hit again."""
        b = self.b
        return assign_hits(
            self.s,
            targets,
            hits,
            b.profiles[side],
            side == "att",
            b.zone,
            self.doomed if exclude is None else exclude,
            double=double,
            first=self.lose_first if side == "att" else (),
            picks=b.picks.get(side, ()),
        )

    def take(self, losses: Casualties) -> None:
        """Apply ``losses`` (damage first, then the units killed)."""
        _apply_casualties(self.s, *losses)

    def sides(self) -> tuple[list[Unit], list[Unit]]:
        return sides(self.s, self.b)

    def nations(self) -> frozenset[str]:
        """The nations attacking together (the current one, or its slot's friends)."""
        return attacking_nations(self.s)

    def hit(self, cannot, domain: str, detector: bool) -> Hit:
        return Hit(cannot, domain, detector)

    def put(self, owner: str, kind: str, about: str) -> bool:
        """Put a decision to ``owner`` (see :mod:`gamecore.rules.battle.ask`)."""
        return put(self.s, Decision(owner, kind, about))


class RoundStep(Protocol):
    """A step of the battle: ``name`` (unique), ``stage`` (where the battle runs it, one
    of :data:`gamecore.rules.battle.steps.STAGES`), ``doc`` (one line, the rule it plays,
    printed by ``steps_for``), ``replaces`` (names of steps it stands in for when it
    applies), ``applies(rules)`` (does the ruleset play it: decided once per game) and
    ``run(rnd)`` (do it on a :class:`Round`; a "before_round" step returns True when it put
    a decision). A ruleset's own steps need not subclass :class:`Step`."""

    name: str
    stage: str
    doc: str
    replaces: tuple[str, ...]

    def applies(self, rules: Ruleset) -> bool: ...

    def run(self, rnd: Round) -> Any: ...


class Step:
    """A step played by every ruleset unless ``applies`` says otherwise: by default, every
    ruleset whose option ``option`` is set (every ruleset when it names none)."""

    name = ""
    stage = ""
    doc = ""
    option = ""
    replaces: tuple[str, ...] = ()

    def applies(self, rules: Ruleset) -> bool:
        return not self.option or bool(rules.options.get(self.option))

    def run(self, rnd: Round) -> Any:  # pragma: no cover - every step says what it does
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.stage} step {self.name}>"
