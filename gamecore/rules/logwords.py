"""The A&A family's log in words (#37 item 2): "Germany attacks Poland (Warsaw) with 6
infantry, 2 tanks", "Germany takes Warsaw after 3 rounds: Germany lost 2 infantry; Poland
lost 4 infantry, 1 fighter", and a turn's summary ("bought 4 infantry, 1 tank; moved 23
units in 9 moves; battles: Warsaw (won); captured Warsaw; collected 37"). The words
come from the log itself (its ``move``, ``buy``, ``battle``, ``lost``, ``capture`` and
``income`` events) and, for the type of a unit still alive, from the game now: a saved
game reads the same as the one played. Used by the ``aa`` play adapter
(:mod:`gamecore.rules.play`)."""

from __future__ import annotations

from typing import Any

from gamecore.engine.logwords import nation_name
from gamecore.engine.playview import zone_label

#: action kinds whose effect the log tells in an event of its own (or says nothing of)
TOLD_BY_EVENTS = ("move", "buy", "place", "fight", "end_phase")


def counted(types: dict[str, int]) -> str:
    """{"infantry": 6, "tank": 2} -> "6 infantry, 2 tank" (largest first)."""
    items = sorted(types.items(), key=lambda kv: (-kv[1], kv[0]))
    return ", ".join(f"{k} {t.replace('_', ' ')}" for t, k in items) or "no units"


def _lost_types(log: list[dict]) -> dict[int, str]:
    return {
        e["unit"]: e["type"]
        for e in log
        if e.get("e") == "lost" and isinstance(e.get("unit"), int) and e.get("type")
    }


def _type_of(uid: int, state, lost: dict[int, str]) -> str:
    u = state.units.get(uid) if state is not None else None
    if u is not None:
        return u.type
    return lost.get(uid, "unit")


def _turn_start(log: list[dict], i: int) -> int:
    for j in range(i, -1, -1):
        if log[j].get("e") == "turn":
            return j
    return 0


def _types(uids, state, lost) -> dict[str, int]:
    out: dict[str, int] = {}
    for uid in uids:
        t = _type_of(uid, state, lost)
        out[t] = out.get(t, 0) + 1
    return out


def context_words(pack, log: list[dict], i: int, state) -> str | None:
    """Words of ``log[i]`` that need the log around it: a move's units, a battle's forces
    and its losses; None for the others."""
    e = log[i]
    kind = e.get("e")
    if kind == "move":
        path = e.get("path") or []
        units = e.get("units") or []
        if len(path) < 2 or not units:
            return None
        lost = _lost_types(log)
        who = {state.units[u].nation for u in units if state is not None and u in state.units}
        name = nation_name(pack, who.pop()) + " moves " if len(who) == 1 else "Moves "
        return (
            f"{name}{counted(_types(units, state, lost))} from {zone_label(pack, path[0])} "
            f"to {zone_label(pack, path[-1])}"
        )
    if kind == "battle":
        z = e.get("zone")
        if not isinstance(z, int):
            return None
        att, dfn = e.get("attacker", ""), e.get("defender")
        lost = _lost_types(log)
        came: list[int] = []
        for x in log[_turn_start(log, i) : i]:
            if x.get("e") == "move" and (x.get("path") or [None])[-1] == z:
                came += [u for u in x.get("units") or () if u not in came]
        where = zone_label(pack, z)
        whom = nation_name(pack, dfn) if dfn else where
        if dfn and where != whom:
            whom += f" in {where}"
        verb = "raids" if e.get("kind") == "bomb" else "attacks"
        forces = f" with {counted(_types(came, state, lost))}" if came else ""
        return f"{nation_name(pack, att)} {verb} {whom}{forces}"
    if kind == "battle_end":
        z = e.get("zone")
        start = next(
            (
                j
                for j in range(i, -1, -1)
                if log[j].get("e") == "battle" and log[j].get("zone") == z
            ),
            None,
        )
        if start is None or not isinstance(z, int):
            return None
        head = log[start]
        att, dfn = head.get("attacker", ""), head.get("defender") or ""
        losses: dict[str, dict[str, int]] = {}
        for x in log[start:i]:
            if x.get("e") == "lost" and x.get("reason") != "cargo" and x.get("nation"):
                side = losses.setdefault(x["nation"], {})
                side[x.get("type", "unit")] = side.get(x.get("type", "unit"), 0) + 1
        result = e.get("result")
        where = zone_label(pack, z)
        rounds = e.get("rounds")
        after = f" after {rounds} round{'s' if rounds != 1 else ''}" if rounds else ""
        if result == "attacker":
            head_text = f"{nation_name(pack, att)} wins in {where}{after}"
        elif result == "defender":
            head_text = f"{nation_name(pack, dfn or att)} holds {where}{after}"
        else:
            head_text = f"The battle in {where} ends{after} ({result or 'no result'})"
        parts = [f"{nation_name(pack, n)} lost {counted(t)}" for n, t in sorted(losses.items())]
        return head_text + (": " + "; ".join(parts) if parts else ": no losses")
    return None


def describe_event(pack, e: dict[str, Any], state=None) -> str | None:
    """The family's events a player reads in one line (the others: the kernel's words)."""
    kind = e.get("e")
    n = e.get("nation")
    if kind == "buy":
        return f"{nation_name(pack, n)} buys {e.get('count', 1)} {e.get('type')}"
    if kind == "placed":
        z = e.get("zone")
        where = zone_label(pack, z) if isinstance(z, int) else "?"
        return f"{nation_name(pack, n)} places {e.get('type')} in {where}"
    if kind == "income":
        return f"{nation_name(pack, n)} collects {e.get('amount')}"
    if kind == "capture":
        z = e.get("zone")
        where = zone_label(pack, z) if isinstance(z, int) else z
        prev = e.get("prev")
        of = f" from {nation_name(pack, prev)}" if prev else ""
        return f"{nation_name(pack, e.get('by'))} captures {where}{of}"
    if kind == "lost" and e.get("reason") != "cargo":
        z = e.get("zone")
        where = f" in {zone_label(pack, z)}" if isinstance(z, int) else ""
        why = {"combat": "", "no_landing": " (no place to land)"}.get(
            e.get("reason"),
            f" ({str(e.get('reason', '')).replace('_', ' ')})" if e.get("reason") else "",
        )
        return f"{nation_name(pack, n)} loses 1 {e.get('type')}{where}{why}"
    if kind == "relation":
        return (
            f"{nation_name(pack, e.get('a'))} and {nation_name(pack, e.get('b'))}: "
            f"{e.get('status')}"
        )
    if kind == "plunder":
        return (
            f"{nation_name(pack, e.get('by'))} plunders {e.get('amount')} from "
            f"{nation_name(pack, e.get('victim'))}"
        )
    if kind == "neutral_violated":
        return f"{nation_name(pack, e.get('by'))} invades neutral {zone_label(pack, e['zone'])}"
    if kind == "neutral_army":
        return (
            f"{zone_label(pack, e['zone'])} raises {e.get('count')} {e.get('type')} "
            f"({nation_name(pack, n)})"
        )
    if kind == "game_over":
        return f"The game is over: {e.get('winner') or 'no winner'} ({e.get('reason')})"
    return None


def hides_event(e: dict[str, Any]) -> bool:
    """Action entries whose effect an event tells; the round's end (the turn headers
    say it)."""
    if e.get("e") == "round_end":
        return True
    a = e.get("a") if e.get("e") == "action" else None
    return isinstance(a, dict) and a.get("kind") in TOLD_BY_EVENTS


def turn_summary(pack, events: list[dict], nation: str, state) -> str:
    """A nation's turn in one line: what it bought, moved, fought, took and earned."""
    lost = _lost_types(events)
    bought: dict[str, int] = {}
    moved: set[int] = set()
    moves = 0
    battles: list[str] = []
    captured: list[str] = []
    income = None
    for e in events:
        kind = e.get("e")
        if kind == "buy" and e.get("nation") == nation:
            bought[e.get("type", "?")] = bought.get(e.get("type", "?"), 0) + int(e.get("count", 1))
        elif kind == "move":
            moves += 1
            moved.update(e.get("units") or ())
        elif kind == "battle_end" and isinstance(e.get("zone"), int):
            won = {"attacker": "won", "defender": "lost"}.get(e.get("result"), str(e.get("result")))
            battles.append(f"{zone_label(pack, e['zone'])} ({won})")
        elif kind == "capture" and e.get("by") == nation and isinstance(e.get("zone"), int):
            captured.append(zone_label(pack, e["zone"]))
        elif kind == "income" and e.get("nation") == nation:
            income = e.get("amount")
    parts = []
    if bought:
        parts.append(f"bought {counted(bought)}")
    if moved:
        parts.append(f"moved {counted(_types(sorted(moved), state, lost))} in {moves} move(s)")
    if battles:
        parts.append("battles: " + ", ".join(battles))
    if captured:
        parts.append("captured " + ", ".join(captured))
    if income is not None:
        parts.append(f"collected {income}")
    return "; ".join(parts) or "nothing done"
