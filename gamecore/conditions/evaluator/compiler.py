"""The compiler: checks a parsed condition against the functions' signatures and turns it
into closures over a world; the public entry points."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamecore.conditions.evaluator.functions import _IMPLS
from gamecore.conditions.evaluator.values import (
    _ARITH,
    _COMPARE,
    _KIND_WORDS,
    ALIGNMENT_SYMBOLS,
    EFFECTS,
    RELATION_SYMBOLS,
    SIGNATURES,
    Effect,
    Fn,
    Nations,
    UnitFilter,
    Zones,
    _err,
    _minus_filter,
    _need_self,
    _plain,
    _sea_range,
    _suggest,
    _union_filters,
)
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
