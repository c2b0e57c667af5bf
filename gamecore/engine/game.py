"""Starting a game from a pack, and replaying its log."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from gamecore import safejson
from gamecore.engine.actions import Action
from gamecore.engine.board import build_board
from gamecore.engine.objectives import LiteralEvaluator, ObjectiveEvaluator, default_evaluator
from gamecore.engine.rng import Rng
from gamecore.engine.ruleset import check_overrides, load_ruleset
from gamecore.engine.state import Fac, GameState
from gamecore.engine.systems import get_system
from gamecore.errors import RulesError, WarroomError
from gamecore.model import Pack, in_scenario

LOG_VERSION = 1
#: the decisions of a log that names none (logs written before the key existed: A&A)
DEFAULT_DECISIONS = ("retreat",)


def new_game(
    pack: Pack,
    scenario_id: str,
    seed: int = 1,
    rounds: int | None = None,
    options: dict[str, Any] | None = None,
    evaluator: ObjectiveEvaluator | None = None,
    decisions: Iterable[str] | None = None,
    log: str = "full",
    adjacency: dict[int, set[int]] | None = None,
) -> GameState:
    """A new game of ``scenario_id`` on ``pack``.

    ``rounds`` overrides the scenario's round limit; ``options`` override ruleset options
    (after the scenario's own; all are checked as a ruleset file's options are: against
    the system's option specs, then its ``check_options`` and ``check_ruleset``);
    ``decisions`` lists the decisions offered to players as actions (the system's
    ``offered_decisions``; None: its ``default_decisions``) — for the A&A family
    "retreat" (press or retreat after each round), "casualties" (a casualty profile each
    round), "scramble", "kamikaze", "intercept", "submerge" (the defender's submarines
    submerge before a round); the others follow the system's default
    policies. ``log`` is "full" (actions and events), "play" (full, plus the faces of
    each battle round's dice), "actions" or "none"."""
    scn = pack.scenarios.get(scenario_id)
    if scn is None:
        known = ", ".join(sorted(pack.scenarios)) or "none"
        raise RulesError(f"the pack has no scenario '{scenario_id}' (scenarios: {known})")
    rules = load_ruleset(scn.ruleset, pack)
    merged = dict(scn.options)
    merged.update(options or {})
    check_overrides(rules, merged, f"scenario '{scn.id}'")
    rules = rules.with_options(merged)
    board = build_board(pack, scn, rules, adjacency)
    for slot in board.turn_slots:
        for n in slot:
            if n not in pack.nations:
                raise RulesError(f"scenario '{scn.id}': unknown nation '{n}' in the turn order")

    system = get_system(rules.system)
    cls = system.state_class()
    s = cls.__new__(cls)
    s.pack = pack
    s.scenario = scn
    s.board = board
    s.rules = rules
    s.system = system
    s.evaluator = evaluator or default_evaluator() or system.default_evaluator()
    if s.evaluator is None:
        s.evaluator = LiteralEvaluator()
    s.decisions = frozenset(system.default_decisions if decisions is None else decisions)
    unknown = s.decisions - set(system.offered_decisions)
    if unknown:
        known = ", ".join(system.offered_decisions) or "none"
        raise RulesError(f"unknown decision(s): {', '.join(sorted(unknown))} (known: {known})")
    s.max_rounds = rounds if rounds is not None else scn.rounds
    s.seed = seed
    s._ut = rules.units
    s.units = {}
    s.at = {}
    s.next_uid = 1
    s.owner = {}
    for z in board.zones:
        if board.kind[z] == "land":
            o = scn.ownership.get(z)
            s.owner[z] = o.owner if o else None
    s.start_owner = dict(s.owner)
    s.banks = {n: int(scn.banks.get(n, 0)) for n in board.nations}
    s.relations = {}
    for (a, b), rel in sorted(scn.relations.items()):
        s.relations[(a, b) if a < b else (b, a)] = rel.status
    s.facilities = {}
    for f in sorted(pack.map.facilities.values(), key=lambda f: f.id):
        if not in_scenario(f.props, scn.id):
            continue  # a facility of another scenario (props["scenarios"])
        ft = rules.facility_type(f.type)
        s.facilities[f.id] = Fac(f.id, f.zone, ft.id if ft else f.type, f.damage)
    s.next_fid = max(s.facilities, default=0) + 1
    s.round = 1
    s.slot = 0
    s.sub = 0
    s.phase_i = 0
    s.decision = None
    s.awards = set()
    s.income = {}
    s.history = ()
    s.alliance = board.alliance_of
    s.capitals = {}
    s.zone_damage = {}
    s.earmarks = {}
    s.winner = None
    s.end_reason = ""
    s.terminal = False
    s.rng = Rng(seed)
    if log not in ("full", "play", "actions", "none"):
        raise RulesError(f"unknown log mode '{log}'")
    s.log_mode = log
    s._log = []
    s._log_len = 0
    s._rel_cache = {}
    s._legal = None
    s._mcache = None
    s._mindex = None
    system.init_state(s)  # the system's parts (gamecore.engine.parts)
    s.bump()
    _place_setup(s)
    system.setup(s)
    if s.log_mode != "none":
        s._append(
            {
                "e": "start",
                "version": LOG_VERSION,
                "scenario": scn.id,
                "seed": seed,
                "rounds": s.max_rounds,
                "options": options or {},
                "decisions": sorted(s.decisions),
                "ruleset": rules.id,
                "pack": pack.meta.get("title", pack.map.name),
            }
        )
    system.begin(s)
    return s


def _place_setup(s: GameState) -> None:
    scn = s.scenario
    board = s.board
    ut = s.rules.units
    later = []
    for i, st in enumerate(scn.units):
        where = f"scenario '{scn.id}' unit stack {i + 1}"
        if st.unit_type not in ut:
            raise RulesError(
                f"{where}: unit type '{st.unit_type}' is not in ruleset '{s.rules.id}'"
            )
        if st.zone not in board.kind:
            raise RulesError(f"{where}: zone {st.zone} does not exist")
        if st.nation not in s.pack.nations:
            raise RulesError(f"{where}: nation '{st.nation}' does not exist")
        t = ut[st.unit_type]
        if t.domain == "land" and board.is_sea(st.zone):
            later.append((i, st))
            continue
        dmg = int(st.props.get("damage", 0) or 0)
        for _ in range(max(0, st.count)):
            uid = s.add_unit(st.nation, st.unit_type, st.zone)
            if dmg:
                s.set_unit(uid, damage=min(dmg, t.hits - 1))
    # land units set up at sea ride the side's transports there
    for i, st in later:
        t = ut[st.unit_type]
        for _ in range(max(0, st.count)):
            tid = next(
                (
                    u
                    for u in s.units_in(st.zone)
                    if s.units[u].nation == st.nation
                    and ut[s.units[u].type].transport_capacity
                    and ut[s.units[u].type].transport_capacity - s.cargo_load(u) >= t.transport_cost
                ),
                None,
            )
            if tid is None or not t.transport_cost:
                raise RulesError(
                    f"scenario '{scn.id}' unit stack {i + 1}: {st.unit_type} in sea zone "
                    f"{st.zone} has no transport to ride"
                )
            s.add_unit(st.nation, st.unit_type, st.zone, on=tid)


# ---------------------------------------------------------------------- log and replay
def write_log(state: GameState, path: str | Path) -> None:
    """The game's log as JSON lines (one entry per line)."""
    with open(path, "w", encoding="utf-8") as fh:
        for entry in state.log:
            fh.write(json.dumps(entry, sort_keys=True, separators=(",", ":")))
            fh.write("\n")


def read_log(path: str | Path) -> list[dict[str, Any]]:
    out = []
    try:
        with open(path, encoding="utf-8") as fh:
            for no, line in enumerate(fh, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    entry = safejson.loads(line)
                except safejson.JsonLimitError as err:
                    raise WarroomError(f"line {no}: not JSON ({err})", path) from None
                if not isinstance(entry, dict):
                    raise WarroomError(f"line {no}: not a log entry", path)
                out.append(entry)
    except OSError as err:
        raise WarroomError(f"cannot read the log: {err.strerror}", path) from None
    except UnicodeDecodeError:
        raise WarroomError("not a game log (not UTF-8 text)", path) from None
    return out


def replay(
    pack: Pack,
    log: list[dict[str, Any]] | str | Path,
    evaluator: ObjectiveEvaluator | None = None,
    log_mode: str = "full",
) -> GameState:
    """The state reached by replaying ``log`` (entries, or a JSON-lines file) on ``pack``:
    the same start, then every logged action in order (each checked for legality).
    ``log_mode``: the replayed game's own log (as :func:`new_game`'s ``log``)."""
    if isinstance(log, (str, Path)):
        log = read_log(log)
    if not log or log[0].get("e") != "start":
        raise RulesError("the log does not begin with a start entry")
    head = log[0]
    s = new_game(
        pack,
        head["scenario"],
        seed=head["seed"],
        rounds=head.get("rounds"),
        options=head.get("options") or None,
        evaluator=evaluator,
        decisions=head.get("decisions", DEFAULT_DECISIONS),
        log=log_mode,
    )
    for no, entry in enumerate(log[1:], 2):
        if entry.get("e") != "action":
            continue
        action = Action.from_json(entry["a"])
        try:
            s.apply(action)
        except RulesError as err:
            raise RulesError(f"log entry {no}: {err}") from None
    return s
