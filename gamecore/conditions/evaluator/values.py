"""The values of the condition language (zone and nation sets, unit filters, event patterns,
effects), the signatures of its functions and effects, and the helpers the compiler and
the functions share."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamecore.conditions.parser import (
    Node,
)
from gamecore.errors import ConditionError

RELATION_SYMBOLS = frozenset({"war", "peace", "aligned", "controlled", "neutral", "pact", "self"})
ALIGNMENT_SYMBOLS = frozenset({"strict", "pro_axis", "pro_allies", "neutral", "any"})
EVENT_SCOPES = frozenset({"this_round", "this_turn", "ever"})


class Zones(frozenset):
    """A set of zone ids."""


class Nations(frozenset):
    """A set of nation ids."""


@dataclass(frozen=True)
class UnitFilter:
    include: frozenset[str]  # a unit matches when it has any of these classes
    exclude: frozenset[str] = frozenset()

    def matches(self, classes: frozenset[str]) -> bool:
        return bool(classes & self.include) and not (classes & self.exclude)


@dataclass(frozen=True)
class EventPattern:
    type: str
    by: frozenset[str] | None = None
    against: frozenset[str] | None = None
    zones: frozenset[int] | None = None

    def matches(self, ev: dict) -> bool:
        if ev.get("type") != self.type:
            return False
        if self.by is not None and ev.get("by") not in self.by:
            return False
        if self.against is not None and ev.get("against") not in self.against:
            return False
        return self.zones is None or ev.get("zone") in self.zones


@dataclass(frozen=True)
class Effect:
    """An effect of a satisfied objective/event, evaluated: ``name`` with argument values."""

    name: str
    args: tuple
    kwargs: tuple[tuple[str, Any], ...] = ()


Fn = Callable[[Any, dict], Any]

# name -> (positional parameter kinds, return kind, keyword parameter kinds)
# kinds: bool num zones zone who nation filter sym event comp; "?" optional, "*" repeated
SIGNATURES: dict[str, tuple[tuple[str, ...], str, dict[str, str]]] = {
    "controls": (("who", "zones"), "bool", {}),
    "all": (("comp",), "bool", {}),
    "any": (("comp",), "bool", {}),
    "count": (("comp",), "num", {}),
    "at_war": (("who", "who"), "bool", {"board": "sym"}),
    "relation": (("nation", "nation"), "sym", {}),
    "relation_type": (("nation", "nation"), "sym", {}),
    "none": (("who", "zones", "filter?"), "bool", {}),
    "units": (("who", "zones", "filter?"), "num", {}),
    "alignment": (("zone",), "sym", {}),
    "round": ((), "num", {}),
    "turn": (("who?",), "num", {}),
    "ever": (("event", "sym?"), "bool", {}),
    "first_time": (("event",), "bool", {}),
    "is_phase": (("sym",), "bool", {}),
    "income": (("who",), "num", {}),
    "bank": (("who",), "num", {}),
    "vp": (("who",), "num", {}),
    "tokens": (("who",), "num", {}),
    "param": (("sym",), "num", {}),
    "capital_held": (("nation",), "bool", {"by": "who"}),
    "has_tech": (("nation", "sym"), "bool", {}),  # Global War §7.8, T 3-1
    "value": (("zones",), "num", {}),
    "facilities": (("zones", "sym"), "num", {}),
    "min": (("num", "num*"), "num", {}),
    # the calendar and politics (seeds/000 §2.5 T 6-1, §4.6, §13-§14)
    "date": ((), "num", {}),
    "year": ((), "num", {}),
    "month": ((), "num", {}),
    "is_neutral": (("nation",), "bool", {}),
    "triggered": (("sym",), "bool", {}),
    "surrendered": (("nation",), "bool", {}),
    "max": (("num", "num*"), "num", {}),
    # zone sets
    "sz": (("num*",), "zones", {}),
    "original": (("who",), "zones", {}),
    "region": (("sym",), "zones", {}),
    "board": (("sym",), "zones", {}),
    "owned_by": (("who",), "zones", {}),
    "controlled_by": (("who",), "zones", {}),
    "neutrals": (("sym?",), "zones", {}),
    "victory_cities": ((), "zones", {"board": "sym"}),
    "capitals": ((), "zones", {}),
    "land": (("zones",), "zones", {}),
    "sea": (("zones",), "zones", {}),
    "adjacent": (("zones",), "zones", {}),
    "home": (("nation",), "zones", {}),
    # nation sets
    "allies_of": (("nation",), "who", {}),
    "enemies_of": (("nation",), "who", {}),
    "enemies_side": (("nation",), "who", {}),
    "alliance": (("sym",), "who", {}),
    # unit filters
    "type": (("filter*",), "filter", {}),
    # event patterns (for ever / first_time)
    "attacked": (("who", "zones"), "event", {}),
    "declared_war": (("who", "who"), "event", {}),
    "captured": (("who", "zones"), "event", {}),
    "liberated": (("zones",), "event", {"by": "who"}),
    "controlled": (("who", "zones"), "event", {}),
}

EFFECTS: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    "income": (("num",), {}),
    "vp": (("num",), {}),
    "trigger": (("sym",), {}),
    "place_units": (("nation", "zone"), {"budget": "num"}),
    "allow_purchase": (("nation", "filter"), {}),
    "set_relation": (("nation", "nation", "sym"), {}),
    "transfer_control": (("zones", "nation"), {}),
    "declare_winner": (("who",), {}),
    "upgrade_facility": (("zone", "sym", "sym"), {}),
    # politics (gamecore.rules.politics; seeds/000 §4-§5, §13-§14)
    "declare_war": (("who", "who"), {}),
    "change_relation": (("who", "who", "sym", "sym", "sym?"), {}),  # TripleA relationshipChange
    "align": (("minor", "nation"), {}),
    "control": (("nation", "nation"), {}),
    "set_alliance": (("nation", "sym"), {}),
    "add_income": (("nation", "num"), {}),
    "add_peace_income": (("nation", "num"), {}),
    "add_cash": (("nation", "num"), {}),
    "add_units": (("nation", "zone", "filter", "num?"), {}),
    "remove_units": (("who", "zones", "filter?"), {}),
    "set_option": (("sym", "any"), {}),
    "allow_war": (("who",), {}),
    "lift_movement_restriction": (("who",), {}),
    "add_facility": (("zone", "sym"), {}),
    "remove_facilities": (("zones", "sym"), {}),
    "surrender": (("nation",), {}),
    "open_link": (("sym",), {}),
    "close_link": (("sym",), {}),
}


def _err(node: Node, message: str) -> ConditionError:
    return ConditionError(message, node.line, node.col)


def _suggest(word: str, candidates) -> str:
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.75)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _plain(v):
    if isinstance(v, frozenset):
        return tuple(sorted(v))
    return v


def _need_self(node, env):
    who = env.get("self")
    if who is None:
        raise _err(node, "'self' used in a condition that has no owner")
    return who


_KIND_WORDS = {
    "bool": "a condition",
    "num": "a number",
    "zones": "a set of zones",
    "zone": "a zone",
    "who": "a nation or alliance",
    "nation": "a nation",
    "filter": "a unit class",
    "sym": "a name",
    "minor": "a nation or a set of zones",
    "any": "a value",
    "event": "an event",
    "comp": "a set or 'x in set: condition'",
}


def _union_filters(filters: list[UnitFilter]) -> UnitFilter:
    inc = frozenset().union(*(f.include for f in filters))
    exc = frozenset().union(*(f.exclude for f in filters))
    return UnitFilter(inc, exc)


def _minus_filter(a: UnitFilter, b: UnitFilter) -> UnitFilter:
    return UnitFilter(a.include, a.exclude | b.include)


def _sea_range(w, lo, hi) -> set[int]:
    out = set()
    for z in w.zones.values():
        if z.kind == "sea" and z.code.isdigit() and lo <= int(z.code) <= hi:
            out.add(z.id)
    return out


def _arith(op):
    def make(a, b, node):
        if op == "+":
            return lambda w, e: a(w, e) + b(w, e)
        if op == "-":
            return lambda w, e: a(w, e) - b(w, e)
        if op == "*":
            return lambda w, e: a(w, e) * b(w, e)

        def div(w, e):
            d = b(w, e)
            if d == 0:
                raise _err(node, "division by zero")
            return a(w, e) / d

        return div

    return make


_ARITH = {op: _arith(op) for op in "+-*/"}
_COMPARE = {
    "==": lambda a, b: lambda w, e: a(w, e) == b(w, e),
    "!=": lambda a, b: lambda w, e: a(w, e) != b(w, e),
    "<": lambda a, b: lambda w, e: a(w, e) < b(w, e),
    "<=": lambda a, b: lambda w, e: a(w, e) <= b(w, e),
    ">": lambda a, b: lambda w, e: a(w, e) > b(w, e),
    ">=": lambda a, b: lambda w, e: a(w, e) >= b(w, e),
}
