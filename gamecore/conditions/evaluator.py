"""Compiling condition ASTs into evaluators, with static name checking.

``compile_expression(text, scope)`` parses the text, resolves every name against the
scope (zones, nations, alliances, regions, unit classes — unknown names are errors with
line, column and a "did you mean"), and returns a :class:`Compiled` whose
``evaluate(world)`` runs against any :class:`~gamecore.conditions.world.World` with the
same map. Nothing is ever passed to ``eval``.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamecore.conditions.parser import (
    BinOp,
    Bool,
    Call,
    Comprehension,
    Name,
    Node,
    Num,
    Range,
    SetLit,
    Str,
    Unary,
    parse_effects,
    parse_expression,
)
from gamecore.conditions.world import BASE_CLASSES
from gamecore.errors import ConditionError
from gamecore.model.calendar import calendar_month

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


class Compiler:
    """Turns AST nodes into closures ``f(world, env)``; resolves names on the way."""

    def __init__(self, scope):
        self.scope = scope
        self._zone_index: dict[str, int] = {}
        self._zone_fold: dict[str, int] = {}
        for z in scope.zones.values():
            for key in (z.code, z.name, *z.props.get("aliases", ())):
                if key:
                    self._zone_index.setdefault(key, z.id)
                    self._zone_fold.setdefault(key.casefold(), z.id)
        self._nations = {n.casefold(): n for n in scope.nations}
        self._alliances = {a.casefold(): a for a in scope.alliances}

    # -- names ---------------------------------------------------------------
    def zone_id(self, node: Node, text: str) -> int | None:
        return self._zone_index.get(text, self._zone_fold.get(text.casefold()))

    def resolve_zones(self, node: Node, text: str, env_vars: set[str]) -> Fn:
        if text in env_vars:
            return lambda w, env: Zones((env[text],))
        zid = self.zone_id(node, text)
        if zid is not None:
            const = Zones((zid,))
            return lambda w, env: const
        if text in self.scope.regions:
            const = Zones(self.scope.regions[text])
            return lambda w, env: const
        hint = next(
            (k for k in self._zone_index if k.startswith(text) and k[len(text) :][:1] in "-/"), None
        )
        if hint:
            raise _err(
                node, f"unknown zone {text!r}: write names with '-' or '/' in quotes, \"{hint}\""
            )
        raise _err(
            node,
            f"unknown zone or region {text!r}"
            + _suggest(text, list(self._zone_index) + list(self.scope.regions)),
        )

    def resolve_who(self, node: Node, text: str) -> Fn:
        if text == "self":
            return lambda w, env: _need_self(node, env)
        key = text.casefold()
        if key in self._nations:
            const = Nations((self._nations[key],))
            return lambda w, env: const
        if key in self._alliances:
            alliance = self._alliances[key]
            return lambda w, env: Nations(w.alliances.get(alliance, ()))
        raise _err(
            node,
            f"unknown nation or alliance {text!r}"
            + _suggest(text, list(self.scope.nations) + list(self.scope.alliances)),
        )

    def resolve_filter(self, node: Node, text: str) -> UnitFilter:
        known = set(BASE_CLASSES) | set(self.scope.unit_types) | {"aa_gun", "aaa"}
        if text not in known:
            raise _err(node, f"unknown unit class or type {text!r}" + _suggest(text, known))
        return UnitFilter(frozenset((text,)))

    # -- expressions -----------------------------------------------------------
    def compile(self, node: Node, kind: str, env: set[str]) -> Fn:
        if kind == "comp" and not isinstance(node, Comprehension):
            zones = self.compile(node, "zones", env)
            return lambda w, e: ("set", zones(w, e))
        method = getattr(self, "c_" + type(node).__name__)
        return method(node, kind, env)

    def c_Num(self, node: Num, kind, env):
        if kind == "zones" or kind == "zone":
            return self.resolve_zones(node, str(node.value), env)
        if kind not in ("num", "any"):
            raise _err(node, f"expected {_KIND_WORDS.get(kind, kind)}, found a number")
        v = node.value
        return lambda w, e: v

    def c_Bool(self, node: Bool, kind, env):
        if kind not in ("bool", "any"):
            raise _err(node, f"expected {_KIND_WORDS.get(kind, kind)}, found {node.value}")
        v = node.value
        return lambda w, e: v

    def c_Str(self, node: Str, kind, env):
        return self._named(node, node.value, kind, env)

    def c_Name(self, node: Name, kind, env):
        return self._named(node, node.text, kind, env)

    def _named(self, node, text, kind, env):
        if kind == "minor":  # a nation, or the zones of a neutral (align effect)
            if text.casefold() in self._nations:
                return self.resolve_who(node, text)
            return self.resolve_zones(node, text, env)
        if kind in ("zones", "zone"):
            return self.resolve_zones(node, text, env)
        if kind in ("who", "nation"):
            return self.resolve_who(node, text)
        if kind == "filter":
            f = self.resolve_filter(node, text)
            return lambda w, e: f
        if kind == "sym" or kind == "any":
            if text in env:
                return lambda w, e: Zones((e[text],))
            return lambda w, e: text
        raise _err(node, f"expected {_KIND_WORDS.get(kind, kind)}, found the name {text!r}")

    def c_Range(self, node: Range, kind, env):
        if kind not in ("zones", "num", "any"):
            raise _err(node, "a range a..b is only allowed in sz(...) and zone sets")
        lo, hi = self.compile(node.lo, "num", env), self.compile(node.hi, "num", env)
        return lambda w, e: ("range", lo(w, e), hi(w, e))

    def c_SetLit(self, node: SetLit, kind, env):
        if kind in ("any", "sym", "minor"):
            kind = "zones"
        if kind not in ("zones", "who", "filter", "nation"):
            raise _err(node, f"expected {_KIND_WORDS.get(kind, kind)}, found a set {{...}}")
        item_kind = "who" if kind == "nation" else kind
        items = [self.compile(i, item_kind, env) for i in node.items]
        if kind == "filter":
            return lambda w, e: _union_filters([f(w, e) for f in items])
        if kind == "zones":
            ranges = [isinstance(i, Range) for i in node.items]

            def zones(w, e):
                out = set()
                for f, is_range in zip(items, ranges, strict=True):
                    v = f(w, e)
                    out.update(_sea_range(w, v[1], v[2]) if is_range else v)
                return Zones(out)

            return zones
        return lambda w, e: Nations().union(*(f(w, e) for f in items))

    def c_Comprehension(self, node: Comprehension, kind, env):
        if kind != "comp":
            raise _err(
                node, "a comprehension 'x in set: condition' is only allowed in all/any/count"
            )
        source = self.compile(node.source, "zones", env)
        inner = env | {node.var}
        cond = self.compile(node.cond, "bool", inner) if node.cond is not None else None
        var = node.var

        def comp(w, e):
            zones = source(w, e)
            if cond is None:
                return ("set", zones)
            results = []
            for z in sorted(zones):
                e2 = dict(e)
                e2[var] = z
                results.append(bool(cond(w, e2)))
            return ("results", results)

        return comp

    def c_Unary(self, node: Unary, kind, env):
        if node.op == "not":
            if kind not in ("bool", "any"):
                raise _err(node, f"expected {_KIND_WORDS.get(kind, kind)}, found 'not'")
            f = self.compile(node.operand, "bool", env)
            return lambda w, e: not f(w, e)
        f = self.compile(node.operand, "num", env)
        return lambda w, e: -f(w, e)

    def c_BinOp(self, node: BinOp, kind, env):
        op = node.op
        if op in ("and", "or"):
            if kind not in ("bool", "any"):
                raise _err(node, f"expected {_KIND_WORDS.get(kind, kind)}, found '{op}'")
            # a chain ``a or b or c ...`` (left-nested) is compiled flat, without recursion
            # on its length: any number of terms costs one stack frame
            terms = [node.right]
            left = node.left
            while isinstance(left, BinOp) and left.op == op:
                terms.append(left.right)
                left = left.left
            terms.append(left)
            fs = [self.compile(t, "bool", env) for t in reversed(terms)]
            if op == "and":
                return lambda w, e: all(bool(f(w, e)) for f in fs)
            return lambda w, e: any(bool(f(w, e)) for f in fs)
        if op in ("==", "!=", "<", "<=", ">", ">="):
            if kind not in ("bool", "any"):
                raise _err(node, f"expected {_KIND_WORDS.get(kind, kind)}, found a comparison")
            return self._comparison(node, env)
        # arithmetic or set algebra
        if kind == "any" or kind == "bool":
            kind = self.infer(node.left)
            if kind in ("bool", "sym"):
                raise _err(node, f"'{op}' needs numbers or sets")
        if kind == "zone":
            kind = "zones"
        if kind == "nation":
            kind = "who"
        if kind == "num":
            if op in ("|", "&"):
                raise _err(node, f"'{op}' joins sets, not numbers")
            a, b = self.compile(node.left, "num", env), self.compile(node.right, "num", env)
            return _ARITH[op](a, b, node)
        if kind in ("zones", "who"):
            if op in ("*", "/"):
                raise _err(node, f"'{op}' needs numbers")
            a, b = self.compile(node.left, kind, env), self.compile(node.right, kind, env)
            wrap = Zones if kind == "zones" else Nations
            if op in ("|", "+"):
                return lambda w, e: wrap(a(w, e) | b(w, e))
            if op == "&":
                return lambda w, e: wrap(a(w, e) & b(w, e))
            return lambda w, e: wrap(a(w, e) - b(w, e))
        if kind == "filter":
            fa, fb = self.compile(node.left, "filter", env), self.compile(node.right, "filter", env)
            if op in ("|", "+"):
                return lambda w, e: _union_filters([fa(w, e), fb(w, e)])
            if op == "-":
                return lambda w, e: _minus_filter(fa(w, e), fb(w, e))
        raise _err(node, f"'{op}' cannot be used here (expected {_KIND_WORDS.get(kind, kind)})")

    def _comparison(self, node: BinOp, env):
        left_kind = self.infer(node.left)
        right_kind = self.infer(node.right)
        kind = left_kind if left_kind != "any" else right_kind
        if kind == "sym":
            a = self.compile(node.left, "sym", env)
            b = self.compile(node.right, "sym", env)
            for side in (node.left, node.right):
                self._check_symbol_pair(node, side)
            if node.op == "==":
                return lambda w, e: a(w, e) == b(w, e)
            if node.op == "!=":
                return lambda w, e: a(w, e) != b(w, e)
            raise _err(node, f"'{node.op}' compares numbers, not names")
        a = self.compile(node.left, "num", env)
        b = self.compile(node.right, "num", env)
        return _COMPARE[node.op](a, b)

    def _check_symbol_pair(self, node: BinOp, side: Node):
        other = node.right if side is node.left else node.left
        if isinstance(side, Call) and side.fn in ("relation", "alignment"):
            allowed = RELATION_SYMBOLS if side.fn == "relation" else ALIGNMENT_SYMBOLS
            if isinstance(other, Name | Str):
                text = other.text if isinstance(other, Name) else other.value
                if text not in allowed:
                    raise _err(
                        other,
                        f"unknown {'relation' if side.fn == 'relation' else 'alignment'} {text!r}"
                        f"; one of {', '.join(sorted(allowed))}",
                    )

    def infer(self, node: Node) -> str:
        if isinstance(node, Num):
            return "num"
        if isinstance(node, Bool):
            return "bool"
        if isinstance(node, Call):
            sig = SIGNATURES.get(node.fn)
            return sig[1] if sig else "any"
        if isinstance(node, BinOp):
            if node.op in ("and", "or", "==", "!=", "<", "<=", ">", ">="):
                return "bool"
            return self.infer(node.left)
        if isinstance(node, Unary):
            return "bool" if node.op == "not" else "num"
        if isinstance(node, SetLit):
            return "zones"
        if isinstance(node, Name | Str):
            return "any"
        return "any"

    def c_Call(self, node: Call, kind, env):
        sig = SIGNATURES.get(node.fn)
        if sig is None:
            raise _err(node, f"unknown function {node.fn!r}" + _suggest(node.fn, SIGNATURES))
        params, ret, kwparams = sig
        compatible = {"zone": "zones", "nation": "who"}
        if kind not in ("any", ret) and compatible.get(kind) != ret:
            raise _err(
                node,
                f"{node.fn}() gives {_KIND_WORDS.get(ret, ret)}, "
                f"expected {_KIND_WORDS.get(kind, kind)}",
            )
        pos, kw = self._compile_args(node, params, kwparams, env)
        return _IMPLS[node.fn](node, pos, kw)

    def _compile_args(self, node: Call, params, kwparams, env):
        pos: list[Fn] = []
        args = list(node.args)
        i = 0
        for p in params:
            if p.endswith("*"):
                base = p[:-1]
                while i < len(args):
                    pos.append(self.compile(args[i], base, env))
                    i += 1
                break
            optional = p.endswith("?")
            base = p.rstrip("?")
            if i >= len(args):
                if optional:
                    pos.append(None)
                    continue
                raise _err(
                    node, f"{node.fn}() needs {len(params)} argument(s): {', '.join(params)}"
                )
            pos.append(self.compile(args[i], base, env))
            i += 1
        if i < len(args):
            raise _err(args[i], f"{node.fn}() takes at most {len(params)} argument(s)")
        kw: dict[str, Fn] = {}
        for key, value in node.kwargs:
            if key not in kwparams:
                raise _err(value, f"{node.fn}() has no option {key!r}")
            kw[key] = self.compile(value, kwparams[key], env)
        return pos, kw

    def compile_effect(self, node: Node) -> Callable[[Any, dict], Effect]:
        if not isinstance(node, Call) or node.fn not in EFFECTS:
            raise _err(
                node,
                "unknown effect"
                + (f" {node.fn!r}" if isinstance(node, Call) else "")
                + "; effects: "
                + ", ".join(sorted(EFFECTS)),
            )
        params, kwparams = EFFECTS[node.fn]
        pos, kw = self._compile_args(node, params, kwparams, set())
        name = node.fn

        def effect(w, e):
            return Effect(
                name,
                tuple(_plain(f(w, e)) for f in pos if f is not None),
                tuple(sorted((k, _plain(f(w, e))) for k, f in kw.items())),
            )

        return effect


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


# ------------------------------------------------------------------ implementations
# Each takes (node, positional closures, keyword closures) and returns a closure.


def _units_matching(w, who, zones, flt):
    total = 0
    for z in zones:
        for nation, unit_type, count in w.unit_counts(z):
            if nation in who and (flt is None or flt.matches(w.unit_classes(unit_type))):
                total += count
    return total


def _comp_values(v):
    kind, payload = v
    return payload


def i_controls(node, p, kw):
    who_f, zones_f = p

    def f(w, e):
        who, zones = who_f(w, e), zones_f(w, e)
        return bool(zones) and all(w.owner(z) in who for z in zones)

    return f


def i_all(node, p, kw):
    (c,) = p

    def f(w, e):
        kind, payload = c(w, e)
        return all(payload) if kind == "results" else bool(payload)

    return f


def i_any(node, p, kw):
    (c,) = p

    def f(w, e):
        kind, payload = c(w, e)
        return any(payload) if kind == "results" else bool(payload)

    return f


def i_count(node, p, kw):
    (c,) = p

    def f(w, e):
        kind, payload = c(w, e)
        return sum(payload) if kind == "results" else len(payload)

    return f


def i_at_war(node, p, kw):
    a_f, b_f = p
    board_f = kw.get("board")

    def f(w, e):
        a, b = a_f(w, e), b_f(w, e)
        if board_f is not None:
            region = w.regions.get(board_f(w, e), frozenset())
            b = {n for n in b if any(w.owner(z) == n for z in region)}
        return any(x != y and w.relation(x, y) == "war" for x in a for y in b)

    return f


def _one(node, nations):
    if len(nations) != 1:
        raise _err(node, "expected one nation, got " + (", ".join(sorted(nations)) or "none"))
    return next(iter(nations))


def i_relation(node, p, kw):
    a_f, b_f = p
    return lambda w, e: w.relation(_one(node, a_f(w, e)), _one(node, b_f(w, e)))


def named_relation_type(events, types: dict, a: str, b: str, status: str) -> str:
    """The named relationship type of ``a`` and ``b`` whose relation is ``status`` now:
    the last ``relation_type`` fact, else ``types`` (``"A|B"`` -> name, the scenario's
    start; ``types["@status"]`` maps a name to its relation status). A name whose status
    is not the relation's any more (the relation changed another way) gives the status."""
    key = "|".join(sorted((a, b)))
    name = None
    for ev in reversed(events):
        if ev.get("type") == "relation_type" and ev.get("pair") == key:
            name = ev.get("name")
            break
    if name is None:
        name = types.get(key)
    if not name:
        return status
    of = types.get("@status") or {}
    return name if of.get(name, status) == status else status


def i_facilities(node, p, kw):
    """The number of facilities of type ``t`` in the zones (the world's
    ``facility_types(zone)``; a world without facilities has none)."""
    z_f, t_f = p

    def f(w, e):
        kinds = getattr(w, "facility_types", None)
        if kinds is None:
            return 0
        want = str(t_f(w, e))
        return sum(1 for z in z_f(w, e) for k in kinds(z) if k == want)

    return f


def i_relation_type(node, p, kw):
    """The named relationship type of two nations (TripleA's "War", "Unprovoked",
    "Friendly_Neutral", ...): the last ``relation_type`` fact of the game (effect
    ``change_relation`` with a type), else the scenario prop ``relation_types`` (``"A|B"``
    -> type, sorted pair), else the relation itself."""
    a_f, b_f = p

    def f(w, e):
        a, b = _one(node, a_f(w, e)), _one(node, b_f(w, e))
        return named_relation_type(
            w.events, getattr(w, "relation_types", None) or {}, a, b, w.relation(a, b)
        )

    return f


def i_units(node, p, kw):
    who_f, zones_f, flt_f = p
    return lambda w, e: _units_matching(
        w, who_f(w, e), zones_f(w, e), flt_f(w, e) if flt_f else None
    )


def i_none(node, p, kw):
    units = i_units(node, p, kw)
    return lambda w, e: units(w, e) == 0


def i_alignment(node, p, kw):
    (z_f,) = p

    def f(w, e):
        zones = z_f(w, e)
        return w.alignment(next(iter(zones))) if len(zones) == 1 else None

    return f


def i_round(node, p, kw):
    return lambda w, e: w.round


def i_turn(node, p, kw):
    (who_f,) = p
    if who_f is None:
        return lambda w, e: w.round
    return lambda w, e: max((w.turn_of(n) for n in who_f(w, e)), default=0)


def _events_in_scope(w, scope):
    if scope in (None, "ever"):
        return w.events
    return [ev for ev in w.events if ev.get("round") == w.round]


def i_ever(node, p, kw):
    pat_f, scope_f = p

    def f(w, e):
        scope = scope_f(w, e) if scope_f else None
        if scope not in (None, *EVENT_SCOPES):
            raise _err(
                node, f"unknown event scope {scope!r}; one of {', '.join(sorted(EVENT_SCOPES))}"
            )
        pat = pat_f(w, e)
        return any(pat.matches(ev) for ev in _events_in_scope(w, scope))

    return f


def i_first_time(node, p, kw):
    (pat_f,) = p

    def f(w, e):
        pat = pat_f(w, e)
        hits = [ev for ev in w.events if pat.matches(ev)]
        return len(hits) == 1 and hits[0].get("round") == w.round

    return f


def i_is_phase(node, p, kw):
    (s_f,) = p
    return lambda w, e: w.phase == s_f(w, e)


def _sum_over(method):
    def impl(node, p, kw):
        (who_f,) = p
        return lambda w, e: sum(getattr(w, method)(n) for n in who_f(w, e))

    return impl


def i_param(node, p, kw):
    (s_f,) = p

    def f(w, e):
        key = s_f(w, e)
        if key not in w.params:
            raise _err(node, f"scenario parameter {key!r} is not set")
        return w.params[key]

    return f


def i_capital_held(node, p, kw):
    (n_f,) = p
    by_f = kw.get("by")

    def f(w, e):
        nation = _one(node, n_f(w, e))
        capital = w.nations[nation].capital if nation in w.nations else None
        if capital is None:
            return False
        holders = by_f(w, e) if by_f else {nation}
        return w.owner(capital) in holders

    return f


def i_has_tech(node, p, kw):
    """``has_tech(N, name)``: N has developed technology ``name`` (Global War §7.8; T 3-1
    "Technological Superiority")."""
    n_f, t_f = p

    def f(w, e):
        nation = _one(node, n_f(w, e))
        name = t_f(w, e)
        known = getattr(w, "technologies", None)
        if known is not None and name not in known:
            raise _err(node, f"unknown technology {name!r}" + _suggest(name, known))
        fn = getattr(w, "has_tech", None)
        return bool(fn(nation, name)) if fn is not None else False

    return f


def i_value(node, p, kw):
    (z_f,) = p
    return lambda w, e: sum(w.zones[z].value for z in z_f(w, e) if z in w.zones)


def i_min(node, p, kw):
    return lambda w, e: min(f(w, e) for f in p)


def i_max(node, p, kw):
    return lambda w, e: max(f(w, e) for f in p)


def i_sz(node, p, kw):
    def f(w, e):
        out = set()
        for g in p:
            v = g(w, e)
            if isinstance(v, tuple) and v and v[0] == "range":
                out |= _sea_range(w, v[1], v[2])
            else:
                out |= _sea_range(w, v, v)
        return Zones(out)

    return f


def i_original(node, p, kw):
    (who_f,) = p

    def f(w, e):
        who = who_f(w, e)
        return Zones(z for z in w.zones if w.original(z) in who)

    return f


def i_region(node, p, kw):
    (s_f,) = p

    def f(w, e):
        name = s_f(w, e)
        if name not in w.regions:
            raise _err(node, f"unknown region {name!r}" + _suggest(name, w.regions))
        return Zones(w.regions[name])

    return f


def i_owned_by(node, p, kw):
    (who_f,) = p

    def f(w, e):
        who = who_f(w, e)
        return Zones(z for z in w.zones if w.owner(z) in who)

    return f


def i_neutrals(node, p, kw):
    (s_f,) = p

    def f(w, e):
        align = s_f(w, e) if s_f else "any"
        out = set()
        for z in w.zones:
            orig = w.original(z)
            nation = w.nations.get(orig) if orig else None
            if nation is None or nation.kind != "neutral":
                continue
            original_alignment = w.zones[z].props.get("alignment") or nation.props.get("alignment")
            if align == "any" or original_alignment == align:
                out.add(z)
        return Zones(out)

    return f


def i_victory_cities(node, p, kw):
    board_f = kw.get("board")

    def f(w, e):
        zones = {z.id for z in w.zones.values() if "victory_city" in z.flags}
        if board_f is not None:
            zones &= w.regions.get(board_f(w, e), frozenset())
        return Zones(zones)

    return f


def i_capitals(node, p, kw):
    return lambda w, e: Zones(n.capital for n in w.nations.values() if n.capital is not None)


def _kind_filter(kinds):
    def impl(node, p, kw):
        (z_f,) = p
        return lambda w, e: Zones(z for z in z_f(w, e) if z in w.zones and w.zones[z].kind in kinds)

    return impl


def i_adjacent(node, p, kw):
    (z_f,) = p

    def f(w, e):
        zones = z_f(w, e)
        out = set()
        for z in zones:
            out.update(w.adjacent(z))
        return Zones(out - zones)

    return f


def i_home(node, p, kw):
    (n_f,) = p

    def f(w, e):
        nation = _one(node, n_f(w, e))
        return Zones(w.nations[nation].home_zones) if nation in w.nations else Zones()

    return f


def _alliance_members(w, nation):
    return {m for members in w.alliances.values() if nation in members for m in members}


def i_allies_of(node, p, kw):
    (n_f,) = p

    def f(w, e):
        nation = _one(node, n_f(w, e))
        return Nations(_alliance_members(w, nation) - {nation})

    return f


def i_enemies_of(node, p, kw):
    (n_f,) = p

    def f(w, e):
        nation = _one(node, n_f(w, e))
        return Nations(n for n in w.nations if n != nation and w.relation(nation, n) == "war")

    return f


def i_enemies_side(node, p, kw):
    (n_f,) = p

    def f(w, e):
        nation = _one(node, n_f(w, e))
        mine = _alliance_members(w, nation)
        others = set().union(*w.alliances.values()) if w.alliances else set()
        return Nations(others - mine)

    return f


def i_alliance(node, p, kw):
    (s_f,) = p

    def f(w, e):
        name = s_f(w, e)
        for key, members in w.alliances.items():
            if key.casefold() == str(name).casefold():
                return Nations(members)
        raise _err(node, f"unknown alliance {name!r}")

    return f


def i_type(node, p, kw):
    return lambda w, e: _union_filters([f(w, e) for f in p]) if p else UnitFilter(frozenset())


def _event(type_, fields):
    def impl(node, p, kw):
        def f(w, e):
            values = {}
            for name, g in zip(fields, p, strict=True):
                values[name] = frozenset(g(w, e))
            if "by" in kw:
                values["by"] = frozenset(kw["by"](w, e))
            return EventPattern(type_, **values)

        return f

    return impl


def _date_index(w) -> int:
    d = getattr(w, "date_index", None)
    if d is None:
        sc = getattr(w, "scenario", None)
        d = calendar_month(getattr(sc, "start", ""), getattr(sc, "calendar", "year"), w.round)
    return d


def i_date(node, p, kw):
    return lambda w, e: _date_index(w)


def i_year(node, p, kw):
    return lambda w, e: _date_index(w) // 12


def i_month(node, p, kw):
    return lambda w, e: _date_index(w) % 12 + 1


def i_is_neutral(node, p, kw):
    """seeds/000 §4.6: a power is neutral until it is at war with a Major Power."""
    (n_f,) = p

    def f(w, e):
        nation = _one(node, n_f(w, e))
        return not any(
            m.kind == "major" and m.id != nation and w.relation(nation, m.id) == "war"
            for m in w.nations.values()
        )

    return f


def i_triggered(node, p, kw):
    (s_f,) = p

    def f(w, e):
        name = s_f(w, e)
        return any(ev.get("type") == "trigger" and ev.get("name") == name for ev in w.events)

    return f


def i_surrendered(node, p, kw):
    (n_f,) = p

    def f(w, e):
        nation = _one(node, n_f(w, e))
        return any(
            ev.get("type") == "surrendered" and ev.get("against") == nation for ev in w.events
        )

    return f


_IMPLS: dict[str, Callable] = {
    "controls": i_controls,
    "all": i_all,
    "any": i_any,
    "count": i_count,
    "at_war": i_at_war,
    "relation": i_relation,
    "none": i_none,
    "units": i_units,
    "alignment": i_alignment,
    "round": i_round,
    "turn": i_turn,
    "ever": i_ever,
    "first_time": i_first_time,
    "is_phase": i_is_phase,
    "income": _sum_over("income"),
    "bank": _sum_over("bank"),
    "vp": _sum_over("victory_points"),
    "tokens": _sum_over("victory_points"),
    "param": i_param,
    "capital_held": i_capital_held,
    "has_tech": i_has_tech,
    "value": i_value,
    "min": i_min,
    "date": i_date,
    "year": i_year,
    "month": i_month,
    "is_neutral": i_is_neutral,
    "triggered": i_triggered,
    "relation_type": i_relation_type,
    "facilities": i_facilities,
    "surrendered": i_surrendered,
    "max": i_max,
    "sz": i_sz,
    "original": i_original,
    "region": i_region,
    "board": i_region,
    "owned_by": i_owned_by,
    "controlled_by": i_owned_by,
    "neutrals": i_neutrals,
    "victory_cities": i_victory_cities,
    "capitals": i_capitals,
    "land": _kind_filter(("land",)),
    "sea": _kind_filter(("sea",)),
    "adjacent": i_adjacent,
    "home": i_home,
    "allies_of": i_allies_of,
    "enemies_of": i_enemies_of,
    "enemies_side": i_enemies_side,
    "alliance": i_alliance,
    "type": i_type,
    "attacked": _event("attacked", ("by", "zones")),
    "declared_war": _event("declared_war", ("by", "against")),
    "captured": _event("captured", ("by", "zones")),
    "liberated": _event("liberated", ("zones",)),
    "controlled": _event("captured", ("by", "zones")),
}
assert set(_IMPLS) == set(SIGNATURES)


# ----------------------------------------------------------------------- public


@dataclass
class Compiled:
    text: str
    fn: Fn
    kind: str

    def evaluate(self, world, owner: str | None = None, **env):
        e = dict(env)
        if owner is not None:
            e["self"] = _owner_nations(world, owner)
        return self.fn(world, e)


def _owner_nations(world, owner: str) -> Nations:
    if owner in world.nations:
        return Nations((owner,))
    for key, members in world.alliances.items():
        if key.casefold() == owner.casefold():
            return Nations(members)
    return Nations((owner,))


def compile_expression(text: str, scope, kind: str = "bool") -> Compiled:
    """Parse and check ``text`` against ``scope`` (anything with ``zones``, ``nations``,
    ``alliances``, ``regions``, ``unit_types`` — a World works). ``kind`` is what the
    expression must give: "bool" (a condition), "num", or "any"."""
    node = parse_expression(text)
    compiler = Compiler(scope)
    if kind == "any" and isinstance(node, Name | Str | SetLit):
        kind = "zones"  # a bare name or set on its own means zones
    return Compiled(text, compiler.compile(node, kind, set()), kind)


def compile_effects(text: str, scope) -> list[Callable[[Any, dict], Effect]]:
    compiler = Compiler(scope)
    return [compiler.compile_effect(n) for n in parse_effects(text)]


def evaluate(text: str, world, owner: str | None = None, kind: str = "any"):
    """Compile ``text`` against ``world`` and evaluate it there (convenience)."""
    return compile_expression(text, world, kind).evaluate(world, owner)
