"""Incremental legal moves (issue #39, play cost per action independent of map size).

:func:`gamecore.rules.movement.generate.move_actions` used to group every unit of the
moving nation and emit every group's moves on every call, although one move changes a
handful of units. A :class:`MoveIndex` keeps, for one state, one nation and one movement
phase, the groups of movable units (zone, type, moves left, state flags), each group's
moves as generated last time (its "chunk"), and the order the groups had in a full scan
(by their first unit in ``GameState.units``). A call then regenerates only the chunks a
change may have altered:

- a group whose members changed;
- every group in a zone where one of the nation's units changed (partners for paired
  blitz and towing), and the land groups on the coast of such a sea zone (loading);
- every air group when an aircraft or a carrier changed (free carrier room, landing
  spots, raids).

Everything else a chunk reads (zone status, enemy units, control, relations: the path
searches' per-epoch cache, :class:`~gamecore.rules.movement.context.MoveContext`) changes
only with a new ``GameState.epoch``, and then the index is built again from scratch. Within
an epoch no unit is added or removed (both take a new epoch), so each unit keeps its place
in ``GameState.units``; the nation's own unit changes are journaled by
``GameState.move_unit`` and ``set_unit`` into :attr:`MoveIndex.touched`. The index is one
state's own (a clone starts without one: copy policy "none").

The result is the same list, in the same order, as the full scan, so a seeded random bot
chooses the same moves (golden logs unchanged); a test compares both on played games.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import TYPE_CHECKING

from gamecore.engine.state import (
    ABOARD,
    AMPHIB,
    COMBAT,
    FOUGHT,
    HELD,
    NEW,
    SUBMERGED,
    UNLOADED,
)
from gamecore.rules.movement.context import _KEY_FLAGS

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState, Unit
    from gamecore.rules.movement.context import MoveContext

#: what a unit is to the move generation: not movable, a member of a group (the group's
#: key), cargo aboard a transport, or a land unit that fought and may follow its support
#: shot (seeds/002)
_NONE = None
_CARGO = ("cargo",)
_FOUGHT = ("fought",)


def classify(u: Unit, ut: dict, combat: bool):
    """The role of one of the moving nation's units (the full scan's rules, unit by unit):
    None, :data:`_CARGO`, :data:`_FOUGHT` or its group's key (zone, type, moves, flags)."""
    t = ut[u.type]
    if t.immobile or t.infrastructure or u.flags & (HELD | NEW | UNLOADED | AMPHIB):
        return _NONE
    if u.on:
        return _CARGO
    if u.flags & (SUBMERGED | ABOARD):
        return _NONE  # ABOARD: on a damaged carrier, it cannot launch (rides with it)
    if combat:
        if t.no_combat_move:
            return _NONE
    elif t.domain != "air" and u.flags & (COMBAT | FOUGHT):
        if not u.flags & COMBAT and t.domain == "land":
            return _FOUGHT  # seeds/002 artillery may follow its support shot
        return _NONE
    if u.moves <= 0:
        return _NONE
    return (u.zone, u.type, u.moves, u.flags & _KEY_FLAGS)


class _Group:
    """A group's members (ids in ``GameState.units`` order), its first member's place
    and its generated moves (None: to generate)."""

    __slots__ = ("ids", "first", "chunk")

    def __init__(self) -> None:
        self.ids: list[int] = []
        self.first = -1
        self.chunk: list | None = None


class MoveIndex:
    """One state's groups and chunks for ``(epoch, nation, combat)``; see the module."""

    __slots__ = (
        "key",
        "pos",
        "seen",
        "role",
        "groups",
        "by_first",
        "firsts",
        "parts",
        "in_zone",
        "air",
        "cargo",
        "fought",
        "touched",
        "dirty",
    )

    def __init__(self, s: GameState, nation: str, combat: bool):
        self.key = (s.epoch, nation, combat)
        self.pos: dict[int, int] = {}  # unit id -> its place in s.units
        self.seen: dict[int, Unit] = {}  # unit id -> the unit as last indexed
        self.role: dict[int, object] = {}
        self.groups: dict[tuple, _Group] = {}
        self.by_first: dict[int, _Group] = {}
        self.firsts: list[int] = []  # the groups' first places, sorted
        self.parts: list[list | None] = []  # their chunks, in the same order
        self.in_zone: dict[int, set[tuple]] = {}
        self.air: set[tuple] = set()  # keys of the air groups
        self.cargo: set[int] = set()
        self.fought: set[int] = set()
        self.touched: list[int] = []
        self.dirty: set[tuple] = set()  # keys of the groups whose chunk is to generate
        ut = s.rules.units
        pending: dict[tuple, _Group] = {}
        for i, u in enumerate(s.units.values()):
            if u.nation != nation:
                continue
            uid = u.id
            self.pos[uid] = i
            self.seen[uid] = u
            r = classify(u, ut, combat)
            self.role[uid] = r
            if r is _NONE:
                continue
            if r is _CARGO:
                self.cargo.add(uid)
            elif r is _FOUGHT:
                self.fought.add(uid)
            else:
                g = pending.get(r)
                if g is None:
                    g = pending[r] = _Group()
                    g.first = i
                    self._file(r, g, ut)
                g.ids.append(uid)
        self.groups = pending
        self.dirty = set(pending)

    # -- membership -----------------------------------------------------------------
    def _place(self, g: _Group) -> None:
        """Put ``g`` in the order at its first place (its chunk beside it)."""
        self.by_first[g.first] = g
        i = bisect_left(self.firsts, g.first)
        self.firsts.insert(i, g.first)
        self.parts.insert(i, g.chunk)

    def _displace(self, g: _Group) -> None:
        del self.by_first[g.first]
        i = bisect_left(self.firsts, g.first)
        del self.firsts[i]
        del self.parts[i]

    def _file(self, key: tuple, g: _Group, ut: dict) -> None:
        self._place(g)
        self.in_zone.setdefault(key[0], set()).add(key)
        if ut[key[1]].domain == "air":
            self.air.add(key)

    def _unfile(self, key: tuple, g: _Group) -> None:
        self._displace(g)
        here = self.in_zone[key[0]]
        here.discard(key)
        if not here:
            del self.in_zone[key[0]]
        self.air.discard(key)

    def _leave(self, uid: int, key: tuple) -> None:
        g = self.groups[key]
        g.ids.remove(uid)
        g.chunk = None
        if not g.ids:
            del self.groups[key]
            self.dirty.discard(key)
            self._unfile(key, g)
            return
        self.dirty.add(key)
        if self.pos[uid] == g.first:
            self._displace(g)
            g.first = self.pos[g.ids[0]]
            self._place(g)

    def _join(self, uid: int, key: tuple, ut: dict) -> None:
        p = self.pos[uid]
        g = self.groups.get(key)
        self.dirty.add(key)
        if g is None:
            g = self.groups[key] = _Group()
            g.first = p
            g.ids.append(uid)
            self._file(key, g, ut)
            return
        g.chunk = None
        ids = g.ids
        pos = self.pos
        at = len(ids)
        while at and pos[ids[at - 1]] > p:
            at -= 1
        ids.insert(at, uid)
        if p < g.first:
            self._displace(g)
            g.first = p
            self._place(g)

    # -- changes ----------------------------------------------------------------------
    def sync(self, s: GameState, combat: bool) -> bool:
        """Bring the index up to the nation's journaled unit changes, marking the chunks
        they may alter; False when it cannot (a unit it does not know): build anew."""
        if not self.touched:
            return True
        touched = set(self.touched)
        self.touched.clear()
        ut = s.rules.units
        b = s.board
        zones: set[int] = set()
        air = False
        for uid in touched:
            old = self.seen.get(uid)
            new = s.units.get(uid)
            if old is None or new is None:
                return False
            if old == new:
                continue
            self.seen[uid] = new
            zones.add(old.zone)
            zones.add(new.zone)
            for t in (ut[old.type], ut[new.type]):
                if t.domain == "air" or t.carrier_capacity:
                    air = True
            was, now = self.role[uid], classify(new, ut, combat)
            if was == now:
                continue
            self.role[uid] = now
            if was is _CARGO:
                self.cargo.discard(uid)
            elif was is _FOUGHT:
                self.fought.discard(uid)
            elif was is not _NONE:
                self._leave(uid, was)
            if now is _CARGO:
                self.cargo.add(uid)
            elif now is _FOUGHT:
                self.fought.add(uid)
            elif now is not _NONE:
                self._join(uid, now, ut)
        marked: set[tuple] = set()
        for z in zones:
            marked.update(self.in_zone.get(z, ()))
            if b.is_sea(z):
                for land in b.coast[z]:
                    marked.update(self.in_zone.get(land, ()))
        if air:
            marked.update(self.air)
        self.dirty |= marked
        return True

    # -- output -----------------------------------------------------------------------
    def ordered(self) -> list[_Group]:
        """The groups in the full scan's order."""
        by_first = self.by_first
        return [by_first[p] for p in self.firsts]

    def moves(self, ctx: MoveContext, make: Callable[[MoveContext, tuple, list[int]], list]):
        """Every group's moves (a list each, never changed once made) in order,
        generating the missing ones with ``make`` (the rest is gathered in C: no Python
        step per group)."""
        groups = self.groups
        parts = self.parts
        for key in self.dirty:
            g = groups[key]
            g.chunk = parts[bisect_left(self.firsts, g.first)] = make(ctx, key, g.ids)
        self.dirty.clear()
        return parts[:]  # (a copy: the index changes its own)

    def groups_in_order(self) -> dict[tuple, list[int]]:
        """key -> ids, in the full scan's order (for the moves built from every group)."""
        role = self.role
        return {role[g.ids[0]]: g.ids for g in self.ordered()}  # a member's role: its key

    def in_order(self, uids: set[int]) -> list[int]:
        return sorted(uids, key=self.pos.__getitem__)


def current_index(s: GameState, nation: str, combat: bool) -> MoveIndex:
    """The state's index for the nation's moves now, up to date (built when missing or
    for another epoch, nation or phase)."""
    ix = s._mindex
    if ix is None or ix.key != (s.epoch, nation, combat) or not ix.sync(s, combat):
        ix = s._mindex = MoveIndex(s, nation, combat)
    return ix
