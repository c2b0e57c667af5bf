"""The game's log as a player reads it (the editor's Play dock, #37 item 2): one line in
words per event worth telling, the nations each line concerns (the log's filter by
nation), a header at each nation's turn and, when the turn ends, a summary of it (what a
bot did while you waited). Qt-free; the words are the rule system's, asked of its play
adapter (:class:`~gamecore.engine.playview.PlayAdapter`: ``describe_event``,
``hides_event``, ``context_words``, ``turn_summary``, ``event_nations``).

:class:`LogWords` reads the log incrementally (:meth:`LogWords.feed` after each action);
a log that got shorter (an undo) is read again from its start."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class LogLine:
    """One line of the log in words: ``nations`` it concerns, the ``zone`` it points at
    (a click centres the map there), ``kind``: "event", "turn" (a turn's header) or
    "summary" (what the turn did)."""

    text: str
    nations: tuple[str, ...] = ()
    zone: int | None = None
    kind: str = "event"


def nation_name(pack, n: str) -> str:
    nat = pack.nations.get(n) if pack is not None else None
    return nat.name if nat is not None and nat.name else n


class LogWords:
    """Feeds on a game's log; ``words(pack, e, state)`` is the kernel's fallback words
    of an event; ``secret(e)`` whether an entry is hidden from the other players now
    (a hot-seat purchase), and is then told as ``"{nation}: buys (shown when placed)"``."""

    def __init__(
        self,
        pack,
        adapter,
        words: Callable[[Any, dict, Any], str],
        secret: Callable[[dict], bool] = lambda e: False,
        seat: Callable[[str], str] = lambda n: "",
    ):
        self.pack = pack
        self.adapter = adapter
        self.words = words
        self.secret = secret
        self.seat = seat
        self.lines: list[LogLine] = []
        self._done = 0
        self._turn: tuple[int, str, int] | None = None  # (round, nation, first index)

    def feed(self, state) -> tuple[bool, list[LogLine]]:
        """Read what the log gained: (whether the lines were reset, the new lines)."""
        log = state.log
        reset = len(log) < self._done
        if reset:
            self.lines, self._done, self._turn = [], 0, None
        new: list[LogLine] = []
        for i in range(self._done, len(log)):
            e = log[i]
            kind = e.get("e")
            if kind == "turn":
                new += self._close_turn(log, i, state)
                n = str(e.get("nation", ""))
                self._turn = (int(e.get("round") or 0), n, i)
                seat = self.seat(n)
                new.append(
                    LogLine(
                        f"— Round {e.get('round')}: {nation_name(self.pack, n)}'s turn"
                        + (f" ({seat})" if seat else "")
                        + " —",
                        (n,),
                        None,
                        "turn",
                    )
                )
                continue
            if kind == "start" or self.adapter.hides_event(e):
                continue
            line = self._line(log, i, state)
            if line is not None:
                new.append(line)
        self._done = len(log)
        self.lines += new
        return reset, new

    def _line(self, log, i: int, state) -> LogLine | None:
        e = log[i]
        nations = tuple(self.adapter.event_nations(e))
        if not nations and self._turn is not None:
            nations = (self._turn[1],)  # (a move, a round of a battle: the turn's nation's)
        zone = _zone_of(e)
        if self.secret(e):
            who = nations[0] if nations else ""
            return LogLine(f"{nation_name(self.pack, who)}: buys (shown when placed)", nations)
        text = self.adapter.context_words(self.pack, log, i, state)
        if text is None:
            text = self.words(self.pack, e, state)
        if not text:
            return None
        return LogLine(text, nations, zone)

    def _close_turn(self, log, end: int, state) -> list[LogLine]:
        if self._turn is None:
            return []
        rnd, n, start = self._turn
        self._turn = None
        text = self.adapter.turn_summary(self.pack, log[start:end], n, state)
        if not text:
            return []
        seat = self.seat(n)
        head = f"Summary of {nation_name(self.pack, n)}'s turn {rnd}" + (
            f" ({seat})" if seat else ""
        )
        return [LogLine(f"{head}: {text}", (n,), None, "summary")]

    def filtered(self, nation: str | None) -> list[LogLine]:
        """The lines about ``nation`` (None: all)."""
        if nation is None:
            return list(self.lines)
        return [x for x in self.lines if nation in x.nations]


def _zone_of(e: dict) -> int | None:
    z = e.get("zone")
    if isinstance(z, int):
        return z
    if isinstance(e.get("to"), int):
        return e["to"]
    path = e.get("path")
    if isinstance(path, list) and path and isinstance(path[-1], int):
        return path[-1]
    a = e.get("a") if e.get("e") == "action" else None
    if isinstance(a, dict):
        if a.get("path"):
            return a["path"][-1]
        if isinstance(a.get("zone"), int):
            return a["zone"]
    return None


def event_nations(e: dict) -> tuple[str, ...]:
    """The nations an event names (the kernel's keys): who acted, attacked, defended,
    captured, lost."""
    out: list[str] = []
    for key in ("n", "nation", "attacker", "defender", "by", "prev", "a", "b"):
        v = e.get(key)
        if isinstance(v, str) and v and v not in out:
            out.append(v)
    for v in e.get("nations") or ():
        if isinstance(v, str) and v not in out:
            out.append(v)
    return tuple(out)


def count_summary(pack, events: list[dict], nation: str) -> str:
    """A turn in numbers (a system that words none): its actions by kind."""
    kinds: dict[str, int] = {}
    for e in events:
        if e.get("e") == "action" and e.get("n") == nation:
            k = str((e.get("a") or {}).get("kind", ""))
            if k and k != "end_phase":
                kinds[k] = kinds.get(k, 0) + 1
    if not kinds:
        return "nothing done"
    return ", ".join(f"{v} × {k.replace('_', ' ')}" for k, v in sorted(kinds.items()))


__all__ = ["LogLine", "LogWords", "count_summary", "event_nations", "nation_name"]
