"""docs/global_war.md cannot drift from the ruleset (issue #14: "list the choices in the
ruleset's documentation", "say in the note which [optional rules] are done").

The page documents resources/rulesets/global_war.toml: its options (seeds/000 §0.3-§15),
the optional rules of Appendix C and the 45 ambiguities of rules-notes/000 §6. These tests
read the page's tables: every option the TOML sets and every ``[optional.*]`` rule is
listed, every option the page names exists, the values it prints are the ruleset's, every
§6 point is answered once, and the modules, tests and TOML tables it points to exist."""

from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path

import pytest

from gamecore.rules import load_ruleset
from gamecore.rules.options import DEFAULT_OPTIONS

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "global_war.md"
TOML = ROOT / "resources" / "rulesets" / "global_war.toml"
TESTS = Path(__file__).resolve().parent

IDENT = re.compile(r"`([a-z_][a-z0-9_]*)`")


def _tables(text: str) -> list[tuple[list[str], list[list[str]]]]:
    """Markdown tables as (column names, rows of cells)."""
    out = []
    lines = text.splitlines()
    i = 0
    while i < len(lines) - 1:
        head, rule = lines[i].strip(), lines[i + 1].strip()
        if head.startswith("|") and re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", rule):
            cols = [c.strip() for c in head.strip("|").split("|")]
            rows = []
            i += 2
            while i < len(lines) and lines[i].strip().startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                assert len(cells) == len(cols), f"docs/global_war.md: bad row {lines[i]!r}"
                rows.append(cells)
                i += 1
            out.append((cols, rows))
        else:
            i += 1
    return out


@pytest.fixture(scope="module")
def doc():
    return _tables(DOC.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def gw():
    return load_ruleset("global_war")


@pytest.fixture(scope="module")
def raw():
    with TOML.open("rb") as f:
        return tomllib.load(f)


def _column(doc, name: str):
    for cols, rows in doc:
        if name in cols:
            k = cols.index(name)
            for row in rows:
                yield cols, row, row[k]


def _named_options(doc) -> set[str]:
    return {m for _, _, cell in _column(doc, "option") for m in IDENT.findall(cell)}


def _toml_value(text: str):
    return tomllib.loads(f"v = {text}")["v"]


def test_every_option_set_in_the_toml_is_documented(doc, raw):
    named = _named_options(doc)
    missing = sorted(k for k in raw["options"] if k not in named)
    assert not missing, f"options of global_war.toml missing from docs/global_war.md: {missing}"


def test_every_optional_rule_of_appendix_c_is_documented(doc, raw, gw):
    # seeds/000 Appendix C: each optional rule is a row of the optional rules table with
    # the ruleset's default and status
    rows = {}
    for cols, row, _cell in _column(doc, "status"):
        m = IDENT.fullmatch(row[cols.index("option")])
        if m:
            rows[m.group(1)] = dict(zip(cols, row, strict=True))
    assert set(raw["optional"]) == set(gw.optional)
    for oid, o in gw.optional.items():
        assert oid in rows, f"optional rule {oid} missing from docs/global_war.md"
        r = rows[oid]
        assert r["default"] == str(o.default).lower(), oid
        assert r["status"] == o.status, oid
        assert r["section"] == o.section, oid
    assert set(rows) == set(gw.optional), "the optional rules table names unknown rules"


def test_every_option_the_doc_names_exists(doc, raw):
    known = set(DEFAULT_OPTIONS) | set(raw["options"]) | set(raw["optional"])
    unknown = sorted(_named_options(doc) - known)
    assert not unknown, f"docs/global_war.md names options the ruleset lacks: {unknown}"


def test_printed_values_are_the_rulesets(doc, gw):
    # the *global_war* column: the value global_war plays with (TOML or engine default)
    seen = 0
    for cols, row, cell in _column(doc, "global_war"):
        m = IDENT.fullmatch(row[cols.index("option")])
        assert m, f"one option per row: {row[0]!r}"
        opt = m.group(1)
        value = _toml_value(cell.strip("`"))
        assert value == gw.options[opt], f"{opt}: doc says {value!r}, ruleset {gw.options[opt]!r}"
        seen += 1
    assert seen >= 100


def test_values_quoted_beside_options_are_the_rulesets(doc, gw):
    # e.g. "`research_cost` (0)" in the choices table
    pat = re.compile(r"`([a-z_][a-z0-9_]*)` \(([^)]*)\)")
    checked = 0
    for _, _, cell in _column(doc, "option"):
        for opt, text in pat.findall(cell):
            assert _toml_value(text) == gw.options[opt], f"{opt} ({text})"
            checked += 1
    assert checked >= 10


def test_all_45_points_of_rules_notes_section_6_are_answered_once(doc):
    points = [
        row[0]
        for cols, rows in doc
        if cols[:3] == ["§", "question", "choice"]
        for row in rows
        if re.fullmatch(r"6\.\d+", row[0])
    ]
    assert sorted(points, key=lambda p: int(p[2:])) == [f"6.{i}" for i in range(1, 46)]
    for cols, rows in doc:
        if cols[:3] == ["§", "question", "choice"]:
            for row in rows:
                assert row[2], f"§{row[0]} has no choice"


_MODULES = {
    **{
        m: f"gamecore.rules.{m}"
        for m in (
            "combat",
            "control",
            "convoy",
            "economy",
            "modifiers",
            "movement",
            "patrol",
            "politics",
            "supply",
            "tech",
            "ruleset",
        )
    },
    "state": "gamecore.engine.state",
    "board": "gamecore.engine.board",
}


def _check_reference(token: str, raw: dict) -> str | None:
    """None when ``token`` (a backticked reference of a *where* column) exists."""
    if token.startswith("["):
        parts = token.strip("[]").split(".")
        if parts[-1] == "*":
            return None if parts[0] in raw else token
        node = raw
        for p in parts:
            if not isinstance(node, dict) or p not in node:
                return token
            node = node[p]
        return None
    if "/" in token:
        if token.endswith((".py", ".txt", ".md")):
            paths = [ROOT / token, ROOT / "gamecore" / token]
            return None if any(p.exists() for p in paths) else token
        mod, _, attr = token.rpartition(".")
        m = importlib.import_module("gamecore." + mod.replace("/", "."))
        return None if hasattr(m, attr) else token
    if token.endswith(".py"):
        stem = token[:-3]
        return None if stem in _MODULES else token
    head, _, attr = token.partition(".")
    classes = {"MoveContext": "gamecore.rules.movement", "GameState": "gamecore.engine.state"}
    if head in classes:
        cls = getattr(importlib.import_module(classes[head]), head)
        return None if not attr or hasattr(cls, attr) else token
    if head in _MODULES and attr:
        return None if hasattr(importlib.import_module(_MODULES[head]), attr) else token
    return None  # option names, data keys: checked elsewhere


def test_modules_tests_and_tables_the_doc_points_to_exist(doc, raw):
    bad = []
    for _, _, cell in _column(doc, "where"):
        for token in re.findall(r"`([^`]+)`", cell):
            err = _check_reference(token, raw)
            if err:
                bad.append(err)
    for _, _, cell in _column(doc, "test"):
        for token in re.findall(r"`(test_[a-z0-9_]+\.py)`", cell):
            if not (TESTS / token).exists():
                bad.append(token)
    assert not bad, f"docs/global_war.md points to things that do not exist: {bad}"
