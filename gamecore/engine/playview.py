"""What a rule system tells the editor's play mode, without Qt: a :class:`PlayAdapter`.

The play mode (``editor/play``) renders any rule system's game the same way: a turn bar,
the phase's actions in titled sections, a stack/hex panel, the log, and map clicks that
pick a zone and then a target. Everything that differs between systems is asked of the
system's adapter (:meth:`gamecore.engine.systems.RuleSystem.play_adapter`): the words of
its phases, sections, decisions and log events, and what a click on the map does.

Two kinds of map clicks exist:

- the kernel's moves (``route_moves = True``): in :attr:`PlayAdapter.click_phases` a click
  picks a stack, a second click moves it along a legal ``move`` action's path (waypoints,
  transports and the session's movement search included);
- the system's own (``route_moves = False``): :meth:`PlayAdapter.actions_from` lists the
  actions a click on a zone starts, :meth:`PlayAdapter.target` where each one points and
  :meth:`PlayAdapter.next_action` the actions a click on a target makes, one at a time.

The base class is the adapter of a system that says nothing: no map clicks, every action
listed in the dock under its kind's name, the log in the kernel's words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from gamecore.engine.actions import Action
from gamecore.engine.logwords import count_summary, event_nations

_EMPTY: Mapping[str, Any] = MappingProxyType({})


def zone_label(pack, z: int) -> str:
    """A zone as the player reads it: its name, else "zone N"."""
    zone = pack.map.zones.get(z)
    return zone.name if zone is not None and zone.name else f"zone {z}"


@dataclass(frozen=True)
class LossChoice:
    """A battle round as the side choosing its losses sees it, before it chooses: the
    round's dice and hits (when they do not depend on choices still to be made), the
    units it may lose and what each answer would take.

    ``dice``: lines (who, their dice in words), in the order they were rolled; ``hits``:
    the hits each side scores this round (attacker, defender); ``need``: the hits the
    deciding side must place (one pick each); ``units``: (unit id, kind in words, hits
    it has left) of the deciding side (units of one kind are interchangeable); ``profiles``: answer name -> the picks it makes;
    ``certain``: whether the dice shown are those the round rolls whatever is picked
    (else only the order of the picks is chosen and the dice come after); ``note``: why
    not, in words."""

    zone: int
    attacker: str
    defender: str
    round: int
    side: str
    owner: str
    dice: tuple[tuple[str, str], ...] = ()
    hits: tuple[int, int] = (0, 0)
    need: int = 0
    units: tuple[tuple[int, str, int], ...] = ()
    profiles: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    default: str = ""
    certain: bool = True
    note: str = ""

    @property
    def trivial(self) -> bool:
        """Whether every answer loses the same: no hit to place, every hit point of the
        side lost, or units that cannot be told apart."""
        if not self.certain:
            return len({kind for _u, kind, _h in self.units}) <= 1
        total = sum(h for _u, _l, h in self.units)
        if self.need == 0 or self.need >= total:
            return True
        return len({kind for _u, kind, _h in self.units}) <= 1


class PlayAdapter:
    """The play mode's view of one rule system (see the module's docstring). Subclasses
    set the data attributes and override the methods they need."""

    #: phase -> the title above the phase's actions in the Play dock
    phase_titles: Mapping[str, str] = _EMPTY
    #: phases whose choices a player makes unseen in a hot-seat game (the hand-over)
    hidden_phases: tuple[str, ...] = ()
    #: phases in which a click on the map acts
    click_phases: tuple[str, ...] = ()
    #: whether the map's clicks make the kernel's ``move`` actions (routes, waypoints,
    #: transports); else this adapter's own (:meth:`actions_from`, :meth:`next_action`)
    route_moves: bool = False
    #: action kinds made on the map, never listed in the dock
    map_kinds: tuple[str, ...] = ("move",)
    #: action kind -> its section's place in the dock's list (unlisted kinds: last)
    section_order: Mapping[str, int] = _EMPTY
    #: action kind -> its section's title (unlisted: the kind's name)
    section_titles: Mapping[str, str] = _EMPTY
    #: action kinds whose section is titled even when it is the only one
    headed_kinds: tuple[str, ...] = ()
    #: decision kind -> what the dock says of it ("{owner}": who decides)
    decision_titles: Mapping[str, str] = _EMPTY
    #: phases whose dock shows what was bought and is not placed yet
    bought_phases: tuple[str, ...] = ()
    #: phases whose listed action may be done several times at once (the "Times" box)
    count_phases: tuple[str, ...] = ()
    #: phases in which aircraft moved to a sea zone land on the carriers there
    carrier_phases: tuple[str, ...] = ()
    #: the title of the nations' money in the turn bar
    bank_title: str = "Banks"
    #: what the stack panel calls a zone clicked and the units a click moves
    zone_word: str = "Zone"
    units_word: str = "Units"
    #: long lines (the log, the actions): wrapped in the dock
    long_lines: bool = False
    #: whether the turn's rolls (:meth:`rolls`) stand in for the last battle's summary
    shows_rolls: bool = False

    # -- words ---------------------------------------------------------------------------
    def zone_label(self, pack, z: int) -> str:
        """A zone as the player reads it."""
        return zone_label(pack, z)

    def phase_title(self, phase: str) -> str:
        return self.phase_titles.get(phase, phase.replace("_", " ").capitalize())

    def section_title(self, kind: str) -> str:
        return self.section_titles.get(kind, kind.replace("_", " ").capitalize())

    def decision_title(self, decision, default: str) -> str:
        text = self.decision_titles.get(decision.kind)
        return text.format(owner=decision.owner) if text is not None else default

    def describe_event(self, pack, e: dict[str, Any], state=None) -> str | None:
        """A log event in the system's words, or None for the kernel's."""
        return None

    def context_words(self, pack, log: list[dict[str, Any]], i: int, state) -> str | None:
        """Words of ``log[i]`` that need the log around it (a battle's forces), or None
        (:meth:`describe_event`, then the kernel's words)."""
        return None

    def event_nations(self, e: dict[str, Any]) -> tuple[str, ...]:
        """The nations a log event concerns (the log's filter by nation)."""
        return event_nations(e)

    def turn_summary(self, pack, events: list[dict[str, Any]], nation: str, state) -> str:
        """What ``nation``'s turn did, in one line (``events``: the turn's log)."""
        return count_summary(pack, events, nation)

    def default_answer(self, state, legal: list[Action]) -> Action:
        """The answer preselected for the pending decision (``legal``: its answers, not
        empty): the rules' default policy."""
        return legal[0]

    def hides_event(self, e: dict[str, Any]) -> bool:
        """Whether the log leaves ``e`` out (e.g. an action entry whose effect the system
        logs in its own event)."""
        return False

    def action_note(self, state, a: Action) -> str:
        """Words added after an action's line (its odds), or ""."""
        return ""

    def rolls(self, state) -> list[str]:
        """The turn's rolls in words, the latest last (:attr:`shows_rolls`)."""
        return []

    def hex_info(self, state, z: int) -> list[str] | None:
        """Lines describing zone ``z`` for the stack panel (None: the panel shows the
        kernel's stack of units to move)."""
        return None

    # -- the system's own clicks (``route_moves`` False) --------------------------------
    def click_verb(self, phase: str) -> str:
        """What a click does in ``phase``, for messages ("move", "attack")."""
        return "move"

    def owns_zone(self, state, player: str, z: int) -> bool:
        """Whether ``player`` has something in ``z`` a click could start from (a click on
        another zone only describes it)."""
        return True

    def actions_from(self, session, zone: int) -> list[Action]:
        """The phase's map actions that start in ``zone``."""
        return []

    def target(self, a: Action) -> int:
        """The zone a map action points at."""
        return a.path[-1] if a.path else a.zone

    def route(self, state, a: Action) -> tuple[int, ...]:
        """The zones the map's arrow of ``a`` passes."""
        return tuple(a.path) if a.path else (a.zone,)

    def movable_by_type(self, state, actions: list[Action]) -> dict[str, list[int]]:
        """Unit type -> the units of ``actions`` the panel's counts choose among."""
        ids: set[int] = set()
        for a in actions:
            ids.update(a.units)
        out: dict[str, list[int]] = {}
        for uid in sorted(ids):
            out.setdefault(state.units[uid].type, []).append(uid)
        return out

    def next_action(
        self, session, src: int, dest: int, counts: dict[str, int], done: set
    ) -> Action | None:
        """The next action of a click from ``src`` on ``dest`` in the position now (the
        keys of :meth:`claim` in ``done`` have had theirs), or None: the click is done."""
        for a in self.actions_from(session, src):
            if self.target(a) == dest and self.claim(session.state, a, {}) not in done:
                return a
        return None

    def claim(self, state, a: Action, left: dict[str, int]) -> Any:
        """Before ``a`` is applied: the key that marks its part of the click done, and
        the counts it uses taken from ``left``."""
        return a

    def overstack(self, state, dest: int, coming: int = 0) -> str:
        """A warning when a click's units would break a limit in ``dest``, else ""."""
        return ""

    def standing_arrows(self, state) -> list[tuple[int, int]]:
        """Arrows the map draws for what stands this turn (announced attacks)."""
        return []

    # -- decisions -----------------------------------------------------------------------
    def battle_zone(self, state) -> int | None:
        """The zone of the battle being fought (the map goes there and marks it)."""
        zone = getattr(getattr(state, "battle", None), "zone", None)
        return zone if isinstance(zone, int) else None

    def loss_choice(self, state) -> LossChoice | None:
        """The pending decision as a choice of losses after seeing the round's dice
        (:class:`LossChoice`), or None when it is no such choice."""
        return None

    def loss_answer(self, state, profile: str, picks: tuple[int, ...]) -> Action:
        """The answer that loses ``picks`` (first to go first; ``profile`` orders the
        rest)."""
        return Action("casualties", profile=profile, units=tuple(picks))

    def only_answer(self, state, legal: list[Action]) -> Action | None:
        """The answer to the pending decision when there is nothing to choose (one legal
        answer, or answers that all come to the same), else None: the play mode makes
        it for the player."""
        if state.decision is None:
            return None
        return legal[0] if len(legal) == 1 else None


__all__ = ["LossChoice", "PlayAdapter", "zone_label"]
