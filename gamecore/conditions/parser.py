"""Tokenizer and parser of the condition language.

The language is parsed into an AST (never ``eval``). Grammar, informally (see
``docs/conditions.md`` for the user-facing reference)::

    expr     := or_expr
    or_expr  := and_expr ('or' and_expr)*
    and_expr := not_expr ('and' not_expr)*
    not_expr := 'not' not_expr | cmp
    cmp      := sum (('=='|'!='|'<'|'<='|'>'|'>=') sum)?
    sum      := term (('+'|'-'|'|'|'&') term)*          # numbers, or set union/difference/intersection
    term     := unary (('*'|'/') unary)*
    unary    := '-' unary | primary
    primary  := NUMBER | DATE | STRING | 'true' | 'false' | NAME | call | '{' items '}' | '(' expr ')'
    DATE     := YYYY-MM (no spaces): a calendar month, compared with date()
    call     := NAME '(' [arg (',' arg)*] ')'
    arg      := VAR 'in' sum [':' expr]    # a comprehension (all/any/count)
              | NAME '=' expr              # keyword argument
              | expr
    NAME     := word (word)*               # "Eastern United States" is one name; quote names
                                           # with punctuation: "Holland/Belgium"

Rule blocks group the fields of an objective, victory condition or event::

    objective GER_trade "Trade with the Soviet Union" {
      owner: GER  when: not at_war(GER, SOV)  bonus: 5
    }
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gamecore.errors import ConditionError

KEYWORDS = {"and", "or", "not", "in", "true", "false"}

#: deepest nesting of parentheses, calls, ``not`` and ``-`` accepted (the parser, the
#: compiler and the evaluator recurse once per level; a stranger's pack must not
#: overflow the stack)
MAX_NESTING = 40
#: most terms chained by one operator (``a or b or ...``; ``1 + 2 + ...``)
MAX_CHAIN = 1000
#: longest number literal (digits)
MAX_NUMBER_CHARS = 18

_TOKEN_RE = re.compile(
    r"""
    (?P<ws>[ \t\r]+)
  | (?P<nl>\n)
  | (?P<comment>\#[^\n]*)
  | (?P<date>\d{4}-\d{2}(?![0-9A-Za-z_.]))
  | (?P<number>\d+(?:\.\d+)?(?![A-Za-z_]))
  | (?P<string>"[^"\n]*"|'[^'\n]*')
  | (?P<name>[A-Za-z_][A-Za-z0-9_.]*|\d+[A-Za-z_][A-Za-z0-9_.]*)
  | (?P<op>\.\.|==|!=|<=|>=|[<>(){},:+\-*/|&=])
    """,
    re.VERBOSE,
)


@dataclass(frozen=True)
class Token:
    kind: str  # number, string, name, op, keyword, eof
    text: str
    line: int
    col: int
    end: int  # offset just past the token


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    pos, line, line_start = 0, 1, 0
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if not m:
            raise ConditionError(f"unexpected character {text[pos]!r}", line, pos - line_start + 1)
        kind = m.lastgroup
        tok_text = m.group()
        col = pos - line_start + 1
        if kind == "nl":
            line += 1
            line_start = m.end()
        elif kind in ("ws", "comment"):
            pass
        else:
            if kind == "name" and tok_text in KEYWORDS:
                kind = "keyword"
            tokens.append(Token(kind, tok_text, line, col, m.end()))
        pos = m.end()
    tokens.append(Token("eof", "", line, pos - line_start + 1, pos))
    return tokens


# --------------------------------------------------------------------------- AST


@dataclass(frozen=True)
class Node:
    line: int
    col: int


@dataclass(frozen=True)
class Num(Node):
    value: float


@dataclass(frozen=True)
class Str(Node):
    value: str  # a quoted string: a name with punctuation, or a symbol


@dataclass(frozen=True)
class Bool(Node):
    value: bool


@dataclass(frozen=True)
class Name(Node):
    text: str


@dataclass(frozen=True)
class SetLit(Node):
    items: tuple[Node, ...]


@dataclass(frozen=True)
class Range(Node):
    lo: Node
    hi: Node


@dataclass(frozen=True)
class Comprehension(Node):
    var: str
    source: Node
    cond: Node | None


@dataclass(frozen=True)
class Call(Node):
    fn: str
    args: tuple[Node, ...]
    kwargs: tuple[tuple[str, Node], ...] = ()


@dataclass(frozen=True)
class Unary(Node):
    op: str  # "not" or "-"
    operand: Node


@dataclass(frozen=True)
class BinOp(Node):
    op: str  # and or + - | & * / == != < <= > >=
    left: Node
    right: Node


@dataclass
class RuleBlock:
    """A parsed ``objective``/``victory``/``event``/``token`` block."""

    kind: str
    id: str
    name: str
    fields: dict[str, object] = field(default_factory=dict)  # field -> Node / list / str
    texts: dict[str, str] = field(default_factory=dict)  # field -> source text
    line: int = 1
    col: int = 1


# ------------------------------------------------------------------------ parser


class Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens = tokenize(text)
        self.i = 0
        self.depth = 0

    def _enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.error(f"nested deeper than {MAX_NESTING} levels")

    def _chain(self, n: int) -> None:
        if n > MAX_CHAIN:
            raise self.error(f"more than {MAX_CHAIN} terms chained by one operator")

    # -- token helpers
    @property
    def tok(self) -> Token:
        return self.tokens[self.i]

    def peek(self, k: int = 1) -> Token:
        return self.tokens[min(self.i + k, len(self.tokens) - 1)]

    def advance(self) -> Token:
        t = self.tokens[self.i]
        self.i = min(self.i + 1, len(self.tokens) - 1)
        return t

    def at(self, text: str) -> bool:
        return self.tok.text == text and self.tok.kind in ("op", "keyword")

    def expect(self, text: str) -> Token:
        if not self.at(text):
            raise self.error(f"expected {text!r}")
        return self.advance()

    def error(self, message: str, tok: Token | None = None) -> ConditionError:
        tok = tok or self.tok
        found = "end of input" if tok.kind == "eof" else repr(tok.text)
        return ConditionError(f"{message}, found {found}", tok.line, tok.col)

    # -- entry points
    def parse_expression(self) -> Node:
        node = self.expr()
        if self.tok.kind != "eof":
            raise self.error("unexpected text after the expression")
        return node

    def parse_effects(self) -> list[Node]:
        """A comma-separated list of effect calls; ``income +5`` is shorthand for
        ``income(5)``."""
        effects = []
        if self.tok.kind == "eof":
            return effects
        while True:
            effects.append(self.effect())
            if self.at(","):
                self.advance()
                continue
            break
        if self.tok.kind != "eof":
            raise self.error("expected ',' between effects")
        return effects

    def effect(self) -> Node:
        t = self.tok
        if t.kind == "name" and self.peek().text != "(" and t.text in ("income", "vp", "bonus"):
            self.advance()
            sign = 1
            if self.at("+") or self.at("-"):
                sign = -1 if self.advance().text == "-" else 1
            amount = self.sum()
            if sign < 0:
                amount = Unary(amount.line, amount.col, "-", amount)
            return Call(t.line, t.col, "income" if t.text == "bonus" else t.text, (amount,))
        node = self.primary()
        if not isinstance(node, Call):
            raise self.error("expected an effect such as income(5) or vp(1)", t)
        return node

    # -- grammar
    def expr(self) -> Node:
        self._enter()
        left = self.and_expr()
        n = 1
        while self.at("or"):
            t = self.advance()
            n += 1
            self._chain(n)
            left = BinOp(t.line, t.col, "or", left, self.and_expr())
        self.depth -= 1
        return left

    def and_expr(self) -> Node:
        left = self.not_expr()
        n = 1
        while self.at("and"):
            t = self.advance()
            n += 1
            self._chain(n)
            left = BinOp(t.line, t.col, "and", left, self.not_expr())
        return left

    def not_expr(self) -> Node:
        if self.at("not"):
            t = self.advance()
            self._enter()
            node = Unary(t.line, t.col, "not", self.not_expr())
            self.depth -= 1
            return node
        return self.cmp()

    def cmp(self) -> Node:
        left = self.sum()
        if self.tok.kind == "op" and self.tok.text in ("==", "!=", "<", "<=", ">", ">="):
            t = self.advance()
            left = BinOp(t.line, t.col, t.text, left, self.sum())
        return left

    def sum(self) -> Node:
        left = self.term()
        n = 1
        while self.tok.kind == "op" and self.tok.text in ("+", "-", "|", "&"):
            t = self.advance()
            n += 1
            self._chain_arith(n)
            left = BinOp(t.line, t.col, t.text, left, self.term())
        return left

    def term(self) -> Node:
        left = self.unary()
        n = 1
        while self.tok.kind == "op" and self.tok.text in ("*", "/"):
            t = self.advance()
            n += 1
            self._chain_arith(n)
            left = BinOp(t.line, t.col, t.text, left, self.unary())
        return left

    def _chain_arith(self, n: int) -> None:
        # arithmetic chains compile to nested closures (one stack frame a term)
        if n > MAX_NESTING * 4:
            raise self.error(f"more than {MAX_NESTING * 4} terms in one sum or product")

    def unary(self) -> Node:
        if self.at("-"):
            t = self.advance()
            self._enter()
            node = Unary(t.line, t.col, "-", self.unary())
            self.depth -= 1
            return node
        return self.primary()

    def primary(self) -> Node:
        t = self.tok
        if t.kind == "number":
            if len(t.text) > MAX_NUMBER_CHARS:
                raise self.error(f"number of more than {MAX_NUMBER_CHARS} digits", t)
            self.advance()
            value = float(t.text) if "." in t.text else int(t.text)
            if self.at(".."):
                self.advance()
                hi = self.primary()
                return Range(t.line, t.col, Num(t.line, t.col, value), hi)
            return Num(t.line, t.col, value)
        if t.kind == "date":  # 1938-07: a calendar month (seeds/000 §2.5, T 6-1)
            self.advance()
            year, month = t.text.split("-")
            if not 1 <= int(month) <= 12:
                raise self.error("a date YYYY-MM needs a month from 01 to 12", t)
            return Num(t.line, t.col, int(year) * 12 + int(month) - 1)
        if t.kind == "string":
            self.advance()
            return Str(t.line, t.col, t.text[1:-1])
        if t.kind == "keyword" and t.text in ("true", "false"):
            self.advance()
            return Bool(t.line, t.col, t.text == "true")
        if t.kind == "name":
            if self.peek().text == "(" and self.peek().kind == "op":
                return self.call()
            return self.name()
        if self.at("{"):
            return self.set_literal()
        if self.at("("):
            self.advance()
            node = self.expr()
            self.expect(")")
            return node
        raise self.error("expected a value, a name or a function call")

    def name(self) -> Name:
        first = self.advance()
        words = [first.text]
        # consecutive plain words form one multi-word name ("Eastern United States")
        # (a word followed by '(' starts a call, one followed by ':' is a rule field)
        while self.tok.kind == "name" and self.peek().text not in ("(", ":"):
            words.append(self.advance().text)
        return Name(first.line, first.col, " ".join(words))

    def call(self) -> Call:
        fn = self.advance()
        self.expect("(")
        args: list[Node] = []
        kwargs: list[tuple[str, Node]] = []
        if not self.at(")"):
            while True:
                if (
                    self.tok.kind == "name"
                    and self.peek().text == "in"
                    and self.peek().kind == "keyword"
                ):
                    var = self.advance()
                    self.advance()  # in
                    source = self.sum()
                    cond = None
                    if self.at(":"):
                        self.advance()
                        cond = self.expr()
                    args.append(Comprehension(var.line, var.col, var.text, source, cond))
                elif (
                    self.tok.kind == "name" and self.peek().text == "=" and self.peek().kind == "op"
                ):
                    key = self.advance().text
                    self.advance()
                    kwargs.append((key, self.expr()))
                else:
                    if kwargs:
                        raise self.error("positional argument after a keyword argument")
                    args.append(self.expr())
                if self.at(","):
                    self.advance()
                    continue
                break
        self.expect(")")
        return Call(fn.line, fn.col, fn.text, tuple(args), tuple(kwargs))

    def set_literal(self) -> SetLit:
        t = self.expect("{")
        items: list[Node] = []
        if not self.at("}"):
            while True:
                items.append(self.sum())
                if self.at(","):
                    self.advance()
                    continue
                break
        self.expect("}")
        return SetLit(t.line, t.col, tuple(items))

    # -- rule blocks
    RULE_KINDS = ("objective", "victory", "event", "token", "gate", "trigger")
    FIELDS = (
        "owner",
        "side",
        "when",
        "if",
        "bonus",
        "effect",
        "check",
        "phase",
        "nation",
        "once",
        "vp",
    )

    def parse_rules(self) -> list[RuleBlock]:
        rules = []
        while self.tok.kind != "eof":
            rules.append(self.rule())
        return rules

    def rule(self) -> RuleBlock:
        t = self.tok
        if t.kind != "name" or t.text not in self.RULE_KINDS:
            raise self.error("expected a rule: " + ", ".join(self.RULE_KINDS))
        self.advance()
        ident = self.tok
        if ident.kind != "name":
            raise self.error("expected the rule's id")
        self.advance()
        title = ident.text
        if self.tok.kind == "string":
            title = self.advance().text[1:-1]
        self.expect("{")
        block = RuleBlock(t.text, ident.text, title, line=t.line, col=t.col)
        while not self.at("}"):
            f = self.tok
            if f.kind not in ("name", "keyword") or f.text not in self.FIELDS:
                raise self.error("expected a field (" + ", ".join(self.FIELDS) + ")")
            if self.peek().text != ":":
                raise self.error("expected ':'", self.peek())
            self.advance()
            self.advance()
            start = self.tok.end - len(self.tok.text)
            if f.text in ("owner", "side", "check", "phase", "nation"):
                node = self.sum()
            elif f.text == "once":
                node = self.primary()
            elif f.text == "effect":
                effects = [self.effect()]
                while self.at(","):
                    self.advance()
                    effects.append(self.effect())
                node = effects
            else:
                node = self.expr()
            end = self.tokens[self.i - 1].end
            if f.text in block.fields:
                raise ConditionError(f"field {f.text!r} given twice", f.line, f.col)
            block.fields[f.text] = node
            block.texts[f.text] = self.text[start:end].strip()
        self.expect("}")
        return block


def parse_expression(text: str) -> Node:
    """Parse a condition or numeric expression; raises ConditionError with line/column."""
    return Parser(text).parse_expression()


def parse_effects(text: str) -> list[Node]:
    return Parser(text).parse_effects()


def parse_rules(text: str) -> list[RuleBlock]:
    return Parser(text).parse_rules()
