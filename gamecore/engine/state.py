"""The game state: the OpenSpiel-shaped interface of docs/architecture.md ("The game core").

``legal_actions()``, ``apply(action)``, ``clone()``, ``is_terminal()``, ``returns()`` and an
event log that :func:`gamecore.engine.replay` turns back into the same state.

Representation (built for bots that clone a lot): units are immutable
:class:`Unit` tuples in one dict keyed by id, with a zone index of id tuples; ownership,
banks and relations are small dicts. A clone copies these dicts shallowly and shares the
static :class:`~gamecore.engine.board.Board`, the ruleset, the pack and the log prefix.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, NamedTuple

from gamecore.engine.actions import Action
from gamecore.engine.board import NEUTRAL
from gamecore.engine.legal import LegalActions
from gamecore.engine.parts import Part, make_clone
from gamecore.errors import RulesError

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.ruleset import UnitType

# unit flags (per turn unless noted)
MOVED = 1  # moved this turn
COMBAT = 2  # moved during combat move (may not move in non-combat move)
FOUGHT = 4  # took part in a battle this turn
AMPHIB = 8  # landed from a transport into a hostile zone this turn
UNLOADED = 16  # a transport that unloaded / a unit that was unloaded: no more movement
NEW = 32  # mobilised or activated this turn
HELD = 64  # permanent: may never move (a neutral's surviving army)
SCRAMBLED = 128
SUBMERGED = 256
LOADED = 512  # loaded onto a transport this turn
RETREATED = 1024
ESCORT = 2048  # Global War §9.11: a surface warship on escort duty (until its next turn)
MINES = 4096  # Global War §9.13: its convoy raid this turn is mine warfare
AIRBORNE = 8192  # Global War §9.15: dropped into an Airborne Assault this turn
ASSAULT = 16384  # Global War §9.8: landed in an amphibious assault from an Attack Transport
# aboard a damaged carrier that may neither launch nor recover it (g40): set at the start
# of its nation's turn, it cannot move but rides with the carrier and is not lost
ABOARD = 32768
# The War Game (seeds/002 §4.6): a ship passing through the enemy sea zone it last left
# (``origins``) this turn, until the battle there decides whether it got through
PASSING = 65536
TURN_FLAGS = ~HELD

#: every change that matters to movement takes a fresh number from here, unique across
#: all states, so a clone may share its parent's movement cache while nothing changed
_EPOCHS = itertools.count(1)


class Unit(NamedTuple):
    id: int
    nation: str
    type: str
    zone: int
    damage: int = 0
    moves: int = 0  # movement points left this turn
    flags: int = 0
    on: int = 0  # id of the transport carrying it (0: none)


class QItem(NamedTuple):
    """An item on the Production Chart (seeds/000 §7.3): ``stage`` instalments of the
    type's ``props.cost_schedule`` paid so far; a facility has the zone of its
    Under-Construction marker (0 for a unit)."""

    id: int
    nation: str
    type: str
    zone: int
    stage: int
    stages: int
    paid_round: int  # the round of the last instalment (one per turn)


class Fac(NamedTuple):
    id: int
    zone: int
    type: str  # ruleset facility type id (or the map's name if the ruleset does not know it)
    damage: int = 0


#: the log modes that record events besides actions: "full", and "play" (the editor's
#: play mode: also the faces of the dice each battle round rolled, for the battle panel)
EVENT_LOGS = ("full", "play")

#: the core state every system shares, spelled once: (field, how a clone copies it, what
#: it is). "share": the same object (immutable, or replaced and never mutated); "copy":
#: ``value.copy()`` (a dict or set whose items are replaced, never changed). The dice
#: (``rng``) and the log (``log_mode``, ``_log``, ``_log_len``) are copied apart.
CORE_FIELDS: tuple[tuple[str, str, str], ...] = (
    # shared, never changed during play
    ("pack", "share", ""),
    ("scenario", "share", ""),
    ("board", "share", ""),
    ("rules", "share", ""),
    ("system", "share", "the RuleSystem playing the ruleset (gamecore.engine.systems)"),
    ("evaluator", "share", ""),
    ("decisions", "share", "the decisions offered as actions (a frozenset)"),
    ("max_rounds", "share", ""),
    ("seed", "share", ""),
    ("_ut", "share", ""),
    # dynamic
    (
        "units",
        "copy",
        "id -> Unit (immutable tuples); changed through add_unit, remove_unit, move_unit and"
        " set_unit (a write behind them needs bump(): the legal moves are kept between calls)",
    ),
    ("at", "copy", "zone -> unit ids (tuples)"),
    ("next_uid", "share", ""),
    ("owner", "copy", "land zone -> nation"),
    ("start_owner", "share", "replaced, never mutated"),
    ("banks", "copy", ""),
    ("relations", "copy", ""),
    ("facilities", "copy", "id -> Fac"),
    ("next_fid", "share", ""),
    ("round", "share", ""),
    ("slot", "share", ""),
    ("sub", "share", ""),
    ("phase_i", "share", ""),
    ("decision", "share", "the pending Decision (gamecore.engine.decisions), or None"),
    ("awards", "copy", ""),
    ("income", "copy", ""),
    ("history", "share", "a tuple: replaced when it grows"),
    ("alliance", "share", "nation -> alliance: replaced, never mutated"),
    ("winner", "share", ""),
    ("end_reason", "share", ""),
    ("terminal", "share", ""),
    ("_rel_cache", "share", ""),
    ("_legal", "share", "the LegalActions of the position, or None"),
    ("epoch", "share", ""),
    ("_mcache", "share", ""),
    (
        "_mindex",
        "none",
        "this state's incremental legal moves (gamecore.rules.movement.index), or None",
    ),
    ("capitals", "copy", "nation -> relocated capital zone (§9.23)"),
    ("zone_damage", "share", "the zone economy: zone -> value lost (replaced, never mutated)"),
    (
        "earmarks",
        "share",
        "the zone economy: nation -> {purpose: money of its bank that only that purpose may"
        " spend} (replaced, never mutated)",
    ),
)


class GameState:
    """One game in progress. Create with :func:`gamecore.engine.new_game`."""

    __slots__ = tuple(name for name, _, _ in CORE_FIELDS) + ("rng", "log_mode", "_log", "_log_len")

    #: the rule system's state parts (gamecore.engine.parts): none in the core
    PARTS: tuple = ()

    # ------------------------------------------------------------------ basics
    @property
    def current_nation(self) -> str:
        return self.board.turn_slots[self.slot][self.sub]

    @property
    def phase(self) -> str:
        return self.rules.phases[self.phase_i]

    @property
    def current_player(self) -> str:
        """Who decides now: the owner of the pending decision, else the current nation."""
        d = self.decision
        return d.owner if d is not None else self.current_nation

    @property
    def log(self) -> list[dict[str, Any]]:
        if self._log_len != len(self._log):
            return self._log[: self._log_len]
        return self._log

    def unit_type(self, name: str) -> UnitType:
        return self._ut[name]

    def clone(self, reseed: int | None = None, keep_log: bool = True) -> GameState:
        """A copy sharing the static board. ``reseed`` gives the copy its own dice (a bot
        simulating ahead should not see the real game's future rolls); ``keep_log=False``
        stops the copy from logging (faster rollouts). (Generated from CORE_FIELDS and the
        system's parts: :func:`gamecore.engine.parts.make_clone`.)"""
        raise NotImplementedError  # pragma: no cover - replaced below

    # ------------------------------------------------------------------ logging
    def _append(self, entry: dict[str, Any]) -> None:
        if self._log_len != len(self._log):
            self._log = self._log[: self._log_len]
        self._log.append(entry)
        self._log_len += 1

    def remember(self, type: str, **data: Any) -> None:
        """Record a fact conditions may ask about later ("ever attacked", "liberated"):
        the game history, kept even when the log is off."""
        data["type"] = type
        data["round"] = self.round
        data["nation"] = self.current_nation
        self.history = (*self.history, data)

    def event(self, e: str, **data: Any) -> None:
        if self.log_mode in EVENT_LOGS:
            data["e"] = e
            self._append(data)

    # ------------------------------------------------------------------ relations
    def relation(self, a: str, b: str) -> str:
        if a == b:
            return "self"
        r = self.relations.get((a, b) if a < b else (b, a))
        if r is None:
            al = self.alliance
            x, y = al.get(a), al.get(b)
            r = "aligned" if x is not None and x == y else "peace"
        return r

    def at_war(self, a: str, b: str) -> bool:
        return a != b and self.relation(a, b) == "war"

    def friendly(self, a: str, b: str) -> bool:
        return a == b or self.relation(a, b) in ("aligned", "controlled")

    def enemies(self, n: str) -> frozenset[str]:
        key = ("e", n)
        r = self._rel_cache.get(key)
        if r is None:
            r = frozenset(x for x in (*self.board.nations, NEUTRAL) if self.at_war(n, x))
            self._rel_cache[key] = r
        return r

    def friends(self, n: str) -> frozenset[str]:
        key = ("f", n)
        r = self._rel_cache.get(key)
        if r is None:
            r = frozenset(x for x in (*self.board.nations, NEUTRAL) if self.friendly(n, x))
            self._rel_cache[key] = r
        return r

    def bump(self) -> None:
        """Something that legal moves depend on changed (control, enemy units, relations)."""
        self.epoch = next(_EPOCHS)

    def set_relation(self, a: str, b: str, status: str, initiated_by: str | None = None) -> None:
        key = (a, b) if a < b else (b, a)
        if self.relation(a, b) == status:
            return
        self.relations[key] = status
        self._rel_cache = {}
        self.bump()
        self.event("relation", a=key[0], b=key[1], status=status, by=initiated_by)

    def is_neutral_owner(self, o: str | None) -> bool:
        return o is None or o == NEUTRAL or self.board.nation_kind.get(o) == "neutral"

    def side_of(self, nation: str) -> str:
        return self.alliance.get(nation) or nation

    # ------------------------------------------------------------------ units
    def units_in(self, zone: int) -> tuple[int, ...]:
        return self.at.get(zone, ())

    def add_unit(
        self, nation: str, type: str, zone: int, flags: int = 0, moves: int = 0, on: int = 0
    ) -> int:
        uid = self.next_uid
        self.next_uid += 1
        self.epoch = next(_EPOCHS)
        self.units[uid] = Unit(uid, nation, type, zone, 0, moves, flags, on)
        self.at[zone] = (*self.at.get(zone, ()), uid)
        return uid

    def remove_unit(self, uid: int, reason: str) -> list[int]:
        """Remove a unit (and its cargo); returns every id removed."""
        u = self.units.pop(uid)
        self.epoch = next(_EPOCHS)
        ids = self.at[u.zone]
        self.at[u.zone] = tuple(i for i in ids if i != uid)
        out = [uid]
        ut = self._ut[u.type]
        if ut.transport_capacity:
            for cid in [i for i in self.at[u.zone] if self.units[i].on == uid]:
                out += self.remove_unit(cid, "cargo")
        return out

    def move_unit(self, uid: int, zone: int, **changes: Any) -> None:
        u = self.units[uid]
        if u.nation != self.current_nation:
            self.epoch = next(_EPOCHS)
        elif self._mindex is not None:
            self._mindex.touched.append(uid)  # the moving nation's own unit: no new epoch
        if u.zone != zone:
            ids = self.at[u.zone]
            self.at[u.zone] = tuple(i for i in ids if i != uid)
            self.at[zone] = (*self.at.get(zone, ()), uid)
            changes["zone"] = zone
        if changes:
            self.units[uid] = u._replace(**changes)

    def set_unit(self, uid: int, **changes: Any) -> None:
        u = self.units[uid]
        if u.nation != self.current_nation or "nation" in changes:
            self.epoch = next(_EPOCHS)
        elif self._mindex is not None:
            self._mindex.touched.append(uid)
        self.units[uid] = u._replace(**changes)

    def cargo_of(self, tid: int) -> list[int]:
        u = self.units[tid]
        return [i for i in self.at.get(u.zone, ()) if self.units[i].on == tid]

    def cargo_load(self, tid: int) -> int:
        ut = self._ut
        return sum(ut[self.units[i].type].transport_cost for i in self.cargo_of(tid))

    # ------------------------------------------------------------------ facilities
    def facilities_in(self, zone: int) -> list[Fac]:
        return [f for f in self.facilities.values() if f.zone == zone]

    def facility_operative(self, f: Fac) -> bool:
        ft = self.rules.facility_types.get(f.type)
        if ft is None:
            return False
        return not (ft.inoperative_at and f.damage >= ft.inoperative_at)

    def production_capacity(self, f: Fac) -> int:
        """Units the facility may place this turn (by the rule system's rules)."""
        return self.system.production_capacity(self, f)

    # ------------------------------------------------------------------ queries
    def zones_of(self, nation: str) -> list[int]:
        return [z for z, o in self.owner.items() if o == nation]

    def territory_income(self, nation: str) -> int:
        v = self.board.value
        if not self.zone_damage:
            return sum(v[z] for z, o in self.owner.items() if o == nation)
        return sum(self.zone_value(z) for z, o in self.owner.items() if o == nation)

    def zone_value(self, zone: int) -> int:
        """The zone's economic value now: the map's, less devastation."""
        return max(0, self.board.value[zone] - self.zone_damage.get(zone, 0))

    def devastate(self, zone: int, amount: int) -> None:
        """Change the zone's devastation by ``amount`` (negative: repair), within 0 and
        its map value."""
        cur = self.zone_damage.get(zone, 0)
        new = max(0, min(self.board.value[zone], cur + amount))
        if new == cur:
            return
        damage = dict(self.zone_damage)  # replaced, never mutated: clones share it
        if new:
            damage[zone] = new
        else:
            damage.pop(zone, None)
        self.zone_damage = damage
        self.event("devastation", zone=zone, damage=new)

    # ------------------------------------------------------------------ earmarked money
    # Part of a nation's bank may be earmarked: money that only some purposes may spend
    # (lend-lease money that buys only some unit classes). ``banks`` holds the whole sum;
    # ``earmarks`` says how much of it is tied to which purpose. Which purchases a purpose
    # pays for is the rule system's business: the kernel only keeps the accounts.

    def earmarked(self, nation: str) -> dict[str, int]:
        """The nation's earmarked money by purpose (at most its bank in all)."""
        return dict(self.earmarks.get(nation, {}))

    def spendable(self, nation: str, purposes=()) -> int:
        """What the nation may spend on something ``purposes`` may pay for: its free
        money plus the money earmarked for those purposes."""
        bank = self.banks.get(nation, 0)
        marks = self.earmarks.get(nation)
        if not marks:
            return bank
        tied = sum(a for p, a in marks.items() if p not in purposes)
        return max(0, bank - tied)

    def earmark(self, nation: str, purpose: str, amount: int) -> None:
        """Add ``amount`` to the nation's bank, earmarked for ``purpose``."""
        if amount <= 0:
            return
        self.banks[nation] = self.banks.get(nation, 0) + amount
        marks = dict(self.earmarks.get(nation, {}))
        marks[purpose] = marks.get(purpose, 0) + amount
        self._set_earmarks(nation, marks)
        self.event("earmark", nation=nation, purpose=purpose, amount=amount)

    def pay(self, nation: str, cost: int, purposes=()) -> None:
        """Take ``cost`` from the nation's bank: first from the money earmarked for
        ``purposes`` (in their order), then from its free money."""
        if cost > self.spendable(nation, purposes):
            raise RulesError(f"{nation} cannot pay {cost}")
        self.banks[nation] = self.banks.get(nation, 0) - cost
        marks = self.earmarks.get(nation)
        if not marks:
            return
        marks = dict(marks)
        left = cost
        for p in purposes:
            if left <= 0:
                break
            take = min(left, marks.get(p, 0))
            if take:
                marks[p] -= take
                left -= take
        self._set_earmarks(nation, marks)

    def _set_earmarks(self, nation: str, marks: dict[str, int]) -> None:
        """Store ``marks`` (dropping empty purposes), never more than the bank in all:
        money taken from the bank by other means (a raid, a lost bank) takes earmarked
        money last, purpose by purpose in name order."""
        marks = {p: a for p, a in sorted(marks.items()) if a > 0}
        over = sum(marks.values()) - max(0, self.banks.get(nation, 0))
        for p in sorted(marks):
            if over <= 0:
                break
            cut = min(over, marks[p])
            marks[p] -= cut
            over -= cut
        marks = {p: a for p, a in marks.items() if a > 0}
        if marks == self.earmarks.get(nation, {}):
            return
        earmarks = dict(self.earmarks)  # replaced, never mutated: clones share it
        if marks:
            earmarks[nation] = marks
        else:
            earmarks.pop(nation, None)
        self.earmarks = earmarks
        self._legal = None  # what the nation may buy has changed

    def settle_earmarks(self, nation: str) -> None:
        """Bring the nation's earmarks within its bank after the bank was changed
        directly (money lost or spent outside :meth:`pay`)."""
        if nation in self.earmarks:
            self._set_earmarks(nation, dict(self.earmarks[nation]))

    def capital_of(self, nation: str) -> int | None:
        """The nation's capital zone now: a relocated one (seeds/000 §9.23) or the map's."""
        return self.capitals.get(nation, self.board.capital.get(nation))

    def has_capital(self, nation: str) -> bool:
        cap = self.capital_of(nation)
        return cap is None or self.owner.get(cap) == nation

    def alive(self, nation: str) -> bool:
        if any(o == nation for o in self.owner.values()):
            return True
        return any(u.nation == nation for u in self.units.values())

    def unit_count(self) -> int:
        return len(self.units)

    # ------------------------------------------------------------------ agent API
    def legal_actions(self) -> list[Action]:
        return self.legal_view().actions()

    def legal_view(self) -> LegalActions:
        """The legal actions as a sequence read in place (:mod:`gamecore.engine.legal`):
        its length and an action at an index without joining a phase's parts."""
        if self._legal is None:
            self._legal = LegalActions([] if self.terminal else self.system.legal_segments(self))
        return self._legal

    def apply(self, action: Action, check: bool = True) -> None:
        """Apply ``action`` for :attr:`current_player`. Illegal actions raise
        :class:`~gamecore.errors.RulesError` (and change nothing)."""
        system = self.system
        if self.terminal:
            raise RulesError("the game is over")
        if check and not system.is_legal(self, action):
            raise RulesError(f"illegal action in {self.phase} of {self.current_nation}: {action}")
        if self.log_mode != "none":
            self._append({"e": "action", "n": self.current_player, "a": action.to_json()})
        self._legal = None
        system.apply(self, action)
        self._legal = None
        system.after_apply(self)

    def is_terminal(self) -> bool:
        return self.terminal

    def returns(self) -> dict[str, float]:
        """Per alliance (nations without one count as their own side): +1 winner, -1 loser,
        0 for everyone while the game runs or on a draw."""
        sides = sorted({self.side_of(n) for slot in self.board.turn_slots for n in slot})
        if not self.terminal or self.winner is None:
            return {s: 0.0 for s in sides}
        return {s: (1.0 if s == self.winner else -1.0) for s in sides}

    def score(self) -> dict[str, float]:
        """A heuristic value while the game runs: each side's share of total income."""
        sides: dict[str, float] = {}
        for slot in self.board.turn_slots:
            for n in slot:
                s = self.side_of(n)
                sides[s] = sides.get(s, 0.0) + self.territory_income(n)
        total = sum(sides.values()) or 1.0
        return {s: v / total for s, v in sides.items()}

    # ------------------------------------------------------------------ comparison
    def snapshot(self) -> dict[str, Any]:
        """Everything that defines the position, JSON-able and canonical (replay tests
        compare these)."""
        out = {
            "round": self.round,
            "slot": self.slot,
            "sub": self.sub,
            "phase": self.phase_i,
            "units": [list(u) for u in sorted(self.units.values())],
            "owner": {str(z): o for z, o in sorted(self.owner.items())},
            "banks": dict(sorted(self.banks.items())),
            "relations": {f"{a}|{b}": s for (a, b), s in sorted(self.relations.items())},
            "facilities": [list(f) for f in sorted(self.facilities.values())],
            "decision": None if self.decision is None else self.decision.to_json(),
            "income": dict(sorted(self.income.items())),
            "awards": sorted(self.awards),
            "alliance": {n: a for n, a in sorted(self.alliance.items()) if a},
            "history": len(self.history),
            "winner": self.winner,
            "terminal": self.terminal,
            "rng": [self.rng.state, self.rng.draws],
            "next_uid": self.next_uid,
            "capitals": dict(sorted(self.capitals.items())),
        }
        if self.zone_damage:  # absent while no zone is devastated
            out["zone_damage"] = {str(z): d for z, d in sorted(self.zone_damage.items())}
        if self.earmarks:  # absent while no money is earmarked
            out["earmarks"] = {n: dict(m) for n, m in sorted(self.earmarks.items())}
        for p in self.PARTS:
            if p.snapshot is not None and not (p.sparse and not getattr(self, p.name)):
                out[p.name] = p.snapshot(getattr(self, p.name))
        return out

    def __repr__(self) -> str:
        return (
            f"<GameState round {self.round} {self.current_nation} {self.phase}"
            f" units={len(self.units)}{' over' if self.terminal else ''}>"
        )


GameState.clone = make_clone(GameState, CORE_FIELDS, ())  # type: ignore[method-assign]

__all__ = [
    "AMPHIB",
    "COMBAT",
    "ESCORT",
    "FOUGHT",
    "MINES",
    "HELD",
    "LOADED",
    "ABOARD",
    "MOVED",
    "NEW",
    "RETREATED",
    "SCRAMBLED",
    "SUBMERGED",
    "TURN_FLAGS",
    "UNLOADED",
    "Fac",
    "GameState",
    "QItem",
    "Unit",
]


def state_class(
    name: str, parts: tuple[Part, ...] | list[Part], module: str, base: type | None = None
) -> type:
    """A subclass of ``base`` (the core :class:`GameState`) holding ``parts``; assign it
    to ``name`` in ``module`` so it pickles."""
    base = base or GameState
    taken = set()
    for klass in base.__mro__:
        taken.update(getattr(klass, "__slots__", ()))
    names = [p.name for p in parts]
    clash = sorted((set(names) & taken) | {n for n in names if names.count(n) > 1})
    if clash:
        raise ValueError(f"state parts {', '.join(clash)} are declared twice")
    all_parts = tuple(base.PARTS) + tuple(parts)
    cls = type(
        name,
        (base,),
        {"__slots__": tuple(names), "PARTS": all_parts, "__module__": module, "__qualname__": name},
    )
    cls.clone = make_clone(cls, CORE_FIELDS, all_parts)
    return cls
