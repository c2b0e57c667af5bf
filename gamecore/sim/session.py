"""A game played by people and bots together: the object behind the editor's play mode,
and what headless tests use to play scripted games.

A :class:`PlaySession` holds one :class:`~gamecore.engine.state.GameState` and a *seat*
per nation: ``"human"`` or a bot name of :data:`gamecore.sim.bots.BOTS`. Whoever holds
the seat of :attr:`GameState.current_player` (the owner of the pending decision, else the
nation whose turn it is) answers next: a human through :meth:`PlaySession.apply`, a bot
through :meth:`PlaySession.step_bot` (or :meth:`choose_bot` on a copy, then
:meth:`apply_bot`, which is how the editor thinks on a worker thread).

Undo takes back a human's own actions within the current phase, never past a dice roll
(the generator has drawn) nor past another seat's action. Save writes the game's log and
the pack's fingerprint as JSON; load replays the log on the pack and refuses a pack whose
fingerprint changed (the same log on another map is another game). With ``autosave`` set,
the session saves after every phase that ends.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from gamecore import safejson, safepath
from gamecore.engine.actions import Action
from gamecore.engine.bots import Bot
from gamecore.engine.game import new_game, replay
from gamecore.engine.ruleset import load_ruleset
from gamecore.engine.state import GameState
from gamecore.engine.systems import get_system
from gamecore.errors import RulesError, WarroomError
from gamecore.model import Ownership, Pack, Scenario, UnitStack
from gamecore.model.calendar import calendar_month, date_label, parse_date, season_label
from gamecore.rules import economy, movement, tech
from gamecore.sim.bots import known_bots, make_bot, plays
from gamecore.sim.savecheck import save_problem
from gamecore.store.jsonform import pack_to_data

HUMAN = "human"
SAVE_FORMAT = "warroom-game"
SAVE_VERSION = 1


class SaveError(WarroomError):
    """A saved game that cannot be loaded (not a save, wrong pack, bad log)."""


def pack_fingerprint(pack: Pack) -> str:
    """A digest of everything in the pack (map, nations, scenarios, rulesets): a saved game
    replays only on the pack it was played on."""
    h = hashlib.sha256()

    def feed(v: Any) -> None:
        h.update(json.dumps(v, sort_keys=True, default=str, separators=(",", ":")).encode())

    # piece by piece (a zone, a scenario...): one json.dumps of the whole pack holds the
    # interpreter for a long time, and the editor computes this on a worker thread
    data = pack_to_data(pack)
    for key in sorted(data):
        feed(key)
        value = data[key]
        if isinstance(value, list):
            feed(len(value))
            for item in value:
                feed(item)
        elif isinstance(value, dict):
            feed(sorted(value))
            for k in sorted(value):
                feed(value[k])
        else:
            feed(value)
    return h.hexdigest()


def seat_nations(state: GameState) -> list[str]:
    """The nations that hold a seat: those of the turn order, in turn order."""
    out: list[str] = []
    for slot in state.board.turn_slots:
        for n in slot:
            if n not in out:
                out.append(n)
    return out


def phase_key(state: GameState) -> tuple[int, int, int, int]:
    return (state.round, state.slot, state.sub, state.phase_i)


class PlaySession:
    """One game in progress with its seats. Build with :meth:`start` or :meth:`load`."""

    def __init__(
        self,
        pack: Pack,
        state: GameState,
        seats: Mapping[str, str],
        fingerprint: str | None = None,
        autosave: str | os.PathLike | None = None,
    ):
        self.pack = pack
        self.state = state
        self.fingerprint = fingerprint or pack_fingerprint(pack)
        self.autosave_path = Path(autosave) if autosave else None
        nations = seat_nations(state)
        self.seats: dict[str, str] = {}
        for n in nations:
            kind = seats.get(n, seats.get("*", HUMAN))
            if kind != HUMAN:
                if kind not in known_bots():
                    known = ", ".join([HUMAN, *known_bots()])
                    raise RulesError(f"seat of {n}: unknown player '{kind}' (known: {known})")
                if not plays(kind, state.system.name):
                    raise RulesError(
                        f"seat of {n}: the {kind} bot does not play rule system "
                        f"'{state.system.name}'"
                    )
            self.seats[n] = kind
        unknown = set(seats) - set(nations) - {"*"}
        if unknown:
            raise RulesError(f"no seat for {', '.join(sorted(unknown))} in this scenario")
        self._bots: dict[str, Bot] = {
            n: make_bot(k, state.seed * 1000 + i, state.system.name)
            for i, n in enumerate(sorted(self.seats))
            if (k := self.seats[n]) != HUMAN
        }
        #: states before each of the human's actions of this phase (newest last)
        self._undo: list[GameState] = []
        #: called with (session, ended phase key) after a phase ends (and after autosave)
        self.on_phase_end: list[Callable[[PlaySession, tuple], None]] = []

    # ------------------------------------------------------------------ start / load
    @classmethod
    def start(
        cls,
        pack: Pack,
        scenario_id: str,
        seed: int = 1,
        rounds: int | None = None,
        seats: Mapping[str, str] | None = None,
        decisions: Iterable[str] | None = None,
        autosave: str | os.PathLike | None = None,
    ) -> PlaySession:
        """A new game. ``seats`` maps nations (or ``"*"``, every other nation) to
        ``"human"`` or a bot name; default: every seat human. ``decisions`` as for
        :func:`~gamecore.engine.game.new_game`; default: every decision the system
        offers when a human plays (people choose their casualties), the system's
        defaults otherwise."""
        seats = dict(seats or {"*": HUMAN})
        if decisions is None and HUMAN in seats.values():
            scn = pack.scenarios.get(scenario_id)
            if scn is not None:
                decisions = get_system(load_ruleset(scn.ruleset, pack).system).offered_decisions
        state = new_game(
            pack, scenario_id, seed=seed, rounds=rounds, decisions=decisions, log="play"
        )
        s = cls(pack, state, seats, autosave=autosave)
        s._settle()
        return s

    @classmethod
    def load(
        cls, path: str | os.PathLike, pack: Pack, autosave: str | os.PathLike | None = None
    ) -> PlaySession:
        """The game saved in ``path``, replayed on ``pack``; a :class:`SaveError` (naming
        the file) when it is no save, the pack changed, or the log does not replay."""
        safepath.input_file(path, "saved game")  # a FIFO would block the read for ever
        try:
            data = safejson.loads(Path(path).read_bytes())
        except OSError as err:
            raise SaveError(f"cannot read the saved game: {err.strerror}", str(path)) from None
        except safejson.JsonLimitError as err:
            raise SaveError(f"not a saved game (not JSON: {err})", str(path)) from None
        except UnicodeDecodeError:
            raise SaveError("not a saved game (not UTF-8 text)", str(path)) from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a saved game", str(path))
        if data.get("version") != SAVE_VERSION:
            version = str(data.get("version"))[:20]
            raise SaveError(f"saved game version {version} is not supported", str(path))
        problem = save_problem(data)
        if problem:
            raise SaveError(problem, str(path))
        fp = pack_fingerprint(pack)
        if data.get("pack") != fp:
            raise SaveError(
                "the game was saved on another version of the pack (it changed since)", str(path)
            )
        log, seats = data["log"], data["seats"]
        try:
            state = replay(pack, log, log_mode="play")
        except (RulesError, KeyError, TypeError, ValueError) as err:
            raise SaveError(f"the log does not replay: {err}", str(path)) from None
        try:
            return cls(pack, state, seats, fingerprint=fp, autosave=autosave)
        except RulesError as err:
            raise SaveError(f"field 'seats': {err}", str(path)) from None

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "pack": self.fingerprint,
            "pack_title": self.pack.meta.get("title", self.pack.map.name),
            "seats": dict(self.seats),
            "position": {
                "round": self.state.round,
                "nation": self.state.current_nation,
                "phase": self.state.phase,
            },
            "log": self.state.log,
        }

    def save(self, path: str | os.PathLike) -> None:
        """Write the game (atomically: a crash leaves the previous save)."""
        path = Path(path)
        data = self.to_json()
        log = data.pop("log")
        head = json.dumps(data, separators=(",", ":"))
        # entry by entry: one json.dumps of a long log would hold the interpreter (the
        # editor's worker threads) for its whole length
        entries = [json.dumps(e, separators=(",", ":")) for e in log]
        text = head[:-1] + ',"log":[' + ",".join(entries) + "]}"
        tmp = None
        try:
            # inside the try: a folder that is missing or read-only is a SaveError
            fd, tmp = tempfile.mkstemp(prefix=".save-", dir=str(path.parent or "."))
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except OSError as err:
            try:
                if tmp is not None:
                    os.unlink(tmp)
            except OSError:
                pass
            raise SaveError(f"cannot save the game: {err.strerror}", str(path)) from None

    # ------------------------------------------------------------------ whose move
    @property
    def player(self) -> str:
        return self.state.current_player

    def is_human(self, nation: str | None = None) -> bool:
        return self.seats.get(nation or self.player, HUMAN) == HUMAN

    @property
    def human_to_move(self) -> bool:
        return not self.state.is_terminal() and self.is_human()

    @property
    def bot_to_move(self) -> bool:
        return not self.state.is_terminal() and not self.is_human()

    @property
    def hot_seat(self) -> bool:
        return sum(1 for k in self.seats.values() if k == HUMAN) > 1

    # ------------------------------------------------------------------ acting
    def apply(self, action: Action) -> None:
        """A human's action for the current player (checked: an illegal one raises
        :class:`RulesError` and changes nothing)."""
        if self.state.is_terminal():
            raise RulesError("the game is over")
        if not self.is_human():
            raise RulesError(f"{self.player} is played by the {self.seats[self.player]} bot")
        before = self.state.clone()
        self._do(action, check=True)
        if self._same_turn(before):
            self._undo.append(before)
        else:
            self._undo.clear()

    def choose_bot(self, state: GameState | None = None) -> Action:
        """The bot's choice for the current player (on ``state``, a copy the caller made:
        a worker thread thinks on a copy while the window reads the game)."""
        st = state if state is not None else self.state
        bot = self._bots.get(st.current_player)
        if bot is None:
            raise RulesError(f"{st.current_player} is a human seat")
        return bot.choose(st)

    def apply_bot(self, action: Action) -> None:
        if not self.bot_to_move:
            raise RulesError("no bot is to move")
        self._undo.clear()  # a bot acted: the human's earlier moves stand
        self._do(action, check=True)

    def step_bot(self) -> Action:
        a = self.choose_bot()
        self.apply_bot(a)
        return a

    def run_bots(self, max_actions: int | None = None) -> int:
        """Let the bots play until a human is to move or the game ends; the number of
        actions they took."""
        n = 0
        while self.bot_to_move and (max_actions is None or n < max_actions):
            self.step_bot()
            n += 1
        return n

    def _do(self, action: Action, check: bool) -> None:
        key = phase_key(self.state)
        self.state.apply(action, check=check)
        self._settle(key)

    def _settle(self, key: tuple | None = None) -> None:
        if key is not None and phase_key(self.state) != key:
            if self.autosave_path is not None:
                self.save(self.autosave_path)
            for cb in list(self.on_phase_end):
                cb(self, key)

    def _same_turn(self, before: GameState) -> bool:
        """Whether the human may still take back the last action: same phase, same
        player, and no die was rolled."""
        s = self.state
        return (
            phase_key(s) == phase_key(before)
            and s.current_player == before.current_player
            and s.rng.draws == before.rng.draws
        )

    # ------------------------------------------------------------------ undo
    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> None:
        """Take back the human's last action of this phase."""
        if not self._undo:
            raise RulesError("nothing to undo in this phase (since the last dice roll)")
        self.state = self._undo.pop()
        self.state._legal = None

    # ------------------------------------------------------------------ queries for the UI
    def legal(self) -> list[Action]:
        return self.state.legal_actions() if not self.state.is_terminal() else []

    def unmoved_units(self) -> int:
        """The current nation's units that could still move this phase (for End phase's
        confirmation)."""
        s = self.state
        if s.decision is not None or s.phase not in ("combat_move", "noncombat_move"):
            return 0
        movers: set[int] = set()
        for a in self.legal():
            if a.kind == "move":
                movers.update(a.units)
        return len(movers)

    def unplaced_units(self) -> int:
        """Units bought and not placed yet, while placement may still place some."""
        s = self.state
        if s.decision is not None or not any(a.kind == "place" for a in self.legal()):
            return 0
        pending = getattr(s, "pending", {}).get(s.current_nation, {})
        return sum(int(v) for v in pending.values()) if isinstance(pending, dict) else 0

    def bought(self) -> dict[str, int]:
        """What the current nation bought and has not placed yet: type -> count."""
        pending = getattr(self.state, "pending", {}).get(self.state.current_nation, {})
        if not isinstance(pending, dict):
            return {}
        return {t: int(c) for t, c in sorted(pending.items()) if c}

    def _uses(self, apply, kind: str) -> bool:
        """Whether the game's rule system does action ``kind`` with ``apply`` (the
        movement and research of :mod:`gamecore.rules`, which the helpers below ask)."""
        k = self.state.system.actions.get(kind)
        return k is not None and k.apply is apply

    def route_moves(self, zone: int, via: tuple[int, ...]) -> list[Action]:
        """The moves from ``zone`` whose route passes ``via`` in order (a human's
        waypoints; the A&A family's movement search): each is legal to apply."""
        if not self._uses(movement.apply_move, "move") or self.state.is_terminal():
            return []
        return movement.route_moves(self.state, zone, tuple(via))

    def unreachable_reason(self, zone: int, dest: int, via: tuple[int, ...] = ()) -> str:
        """Why the player's units in ``zone`` cannot move to ``dest`` (through ``via``)
        now, in words (the movement search's own answer)."""
        if not self._uses(movement.apply_move, "move") or self.state.is_terminal():
            return "not allowed now"
        return movement.unreachable_reason(self.state, zone, dest, tuple(via))

    def carrier_room(self, zone: int) -> int:
        """Room for aircraft on the current nation's (and allies') carriers in sea zone
        ``zone`` this phase (what a non-combat move of aircraft there may use)."""
        st = self.state
        if not self._uses(movement.apply_move, "move") or not st.board.is_sea(zone):
            return 0
        ctx = movement.MoveContext(st, st.current_nation, st.phase == "combat_move")
        return int(ctx.carrier_free().get(zone, 0))

    def transport_choices(self, units, path) -> list[int]:
        """The transports ``units`` may board on a loading move along ``path`` (the A&A
        family's movement): the player may pick any (the legal moves name one)."""
        if not self._uses(movement.apply_move, "move"):
            return []
        return movement.transport_choices(self.state, units, path)

    # the purchase phase's other spending: research dice, repairs, production instalments
    def research_offer(self) -> dict[str, Any] | None:
        """What research costs the current nation now (None: it may not research): the
        dice it has left this turn, the price of one, the die, what it rolled for."""
        st = self.state
        n = st.current_nation
        if not self._uses(tech.apply_research, "research") or not tech.may_research(st, n):
            return None
        opts = st.rules.options
        done = tech.rolled(st, n)
        return {
            "dice_left": max(0, tech.research_dice(st, n) - len(done)),
            "cost": int(opts["research_cost"]),
            "die": int(opts["research_die"]),
            "rolled": list(done),
        }

    def describe_research(self, tech_id: str) -> str:
        """ "Radar: stage 1 of 2, a roll of 5+ on a d10" (the stage a die may complete)."""
        st = self.state
        t = st.rules.technologies[tech_id]
        k = tech.stage(st, st.current_nation, tech_id)
        die = int(st.rules.options["research_die"])
        if k >= t.stages:
            return f"{t.name}: developed"
        return f"{t.name}: stage {k + 1} of {t.stages}, a roll of {t.targets[k]}+ on a d{die}"

    def describe_repair(self, facility_id: int) -> str:
        """ "Repair Major Factory in Ruhr: 4 damage, 1 a point, 4 affordable now"."""
        st = self.state
        f = st.facilities[facility_id]
        ft = st.rules.facility_types[f.type]
        cost = max(1, ft.repair_cost)
        points = min(f.damage, st.spendable(st.current_nation) // cost)
        zone = self.pack.map.zones.get(f.zone)
        where = zone.name if zone is not None and zone.name else f"zone {f.zone}"
        return (
            f"Repair {ft.name} in {where}: {f.damage} damage, {cost} a point, {points} repaired now"
        )

    def describe_advance(self, item: int) -> str:
        """A Production Chart item's next instalment."""
        st = self.state
        n = st.current_nation
        q = next((q for q in getattr(st, "queue", ()) if q.id == item), None)
        if q is None:
            return f"Production Chart item {item}"
        price = economy.instalment(st, n, q.type, q.stage)
        return f"Pay {q.type}: stage {q.stage + 1} of {q.stages}, {price} now"

    def money_left(self) -> int:
        s = self.state
        if s.phase != "purchase":
            return 0
        if not any(a.kind == "buy" for a in self.legal()):
            return 0
        return int(s.banks.get(s.current_nation, 0))


# ---------------------------------------------------------------------- the position shown
def position_scenario(state: GameState) -> Scenario:
    """The game's position as a scenario the map can draw: the scenario with today's
    ownership and one unit stack per (zone, nation, type, damage) — damaged units
    (``props["damage"]``) apart from sound ones."""
    scn = state.scenario
    ownership = {z: Ownership(o, state.start_owner.get(z)) for z, o in sorted(state.owner.items())}
    counts: dict[tuple[int, str, str, int], int] = {}
    for u in state.units.values():
        key = (u.zone, u.nation, u.type, u.damage)
        counts[key] = counts.get(key, 0) + 1
    stacks = [
        UnitStack(z, n, t, k, {"damage": d} if d else {})
        for (z, n, t, d), k in sorted(counts.items())
    ]
    return replace(scn, ownership=ownership, units=stacks)


def position_date(state: GameState) -> str:
    """The calendar date of the current round ("1939-09"; a calendar of named seasons:
    "Summer 1941"), or "" when the scenario has no start date."""
    scn = state.scenario
    if not parse_date(scn.start or ""):
        return ""
    named = season_label(scn.start, scn.calendar, state.round)
    if named is not None:
        return named
    return date_label(calendar_month(scn.start, scn.calendar, state.round))


def objectives_table(state: GameState) -> list[dict[str, Any]]:
    """The scenario's objectives and victory conditions with what the game knows of them:
    rows of id, name, kind, owner, and how often it paid this game (income collected for
    it, or victory points), plus each side's victory points."""
    paid: dict[str, int] = {}
    for e in state.log:
        kind = e.get("e")
        if kind == "income":
            for oid in e.get("objectives") or ():
                paid[oid] = paid.get(oid, 0) + 1
        elif kind == "victory_points" and e.get("objective"):
            paid[e["objective"]] = paid.get(e["objective"], 0) + 1
    return [
        {
            "id": obj.id,
            "name": obj.name or obj.id,
            "kind": obj.kind,
            "owner": obj.owner or "",
            "paid": paid.get(obj.id, 0),
        }
        for obj in state.scenario.objectives.values()
        if obj.kind in ("objective", "victory")
    ]


def victory_points(state: GameState) -> dict[str, int]:
    """Each side's victory points (rule systems that count them), else {}."""
    vp = getattr(state, "vp", None)
    return dict(sorted(vp.items())) if isinstance(vp, dict) else {}
