"""Ruleset files from anywhere: ``--ruleset my_rules.toml`` (or ``--rules-file``).

A house-rules file is TOML like a bundled ruleset; its ``extends`` names a pack ruleset,
a bundled one, or another file in the same folder (``extends = "base_house.toml"``: a
name, never a path, so nothing outside the folder is read). Loading it puts the file beside the pack's rulesets under its own id
(``[ruleset] id``, else the file's stem), so a cycle of ``extends`` through the pack is
found like any other, and errors in the file name the file, the line and the key::

    my_rules.toml: line 7, key 'options.modifier_policy': must be one of ...

The file is read like any untrusted input (docs/architecture.md, Invariant 5): a regular
file, within :data:`gamecore.safetoml.MAX_CHARS`, UTF-8, parsed within safetoml's limits.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from gamecore import safepath, safetoml
from gamecore.engine.ruleset import Ruleset, load_ruleset
from gamecore.errors import RulesetError, UnsafePathError
from gamecore.model import RulesetDoc

#: a ruleset id (what ``extends`` and a scenario name)
_ID = re.compile(r"[A-Za-z0-9_.-]+")
#: the message of a checker failure: ``key 'a.b': why``
_KEY_MESSAGE = re.compile(r"^key '([^']*)': ")
#: tomllib's position in a syntax error
_AT_LINE = re.compile(r"\(at line (\d+), column \d+\)")


def is_rules_file(ref: str) -> bool:
    """Whether ``--ruleset REF`` names a file rather than a ruleset id: it ends in
    ``.toml`` or holds a path separator."""
    return ref.lower().endswith(".toml") or "/" in ref or os.sep in ref


@dataclass
class RulesFile:
    """A ruleset file read from disk: its path, text and the id it goes by."""

    path: Path
    text: str
    id: str
    extends: str | None = None
    data: dict = field(default_factory=dict, repr=False)

    def doc(self) -> RulesetDoc:
        return RulesetDoc(self.id, self.text)


@dataclass
class _Overlay:
    """A pack's rulesets with one more (what the loader looks up first)."""

    rulesets: dict[str, RulesetDoc]


def read_rules_file(path: str | os.PathLike) -> RulesFile:
    """Read and parse a ruleset file (one-line :class:`RulesetError` naming the file, the
    line and the key of any problem)."""
    try:
        p = safepath.input_file(path, "ruleset file")
    except UnsafePathError as err:
        raise RulesetError(err.message, err.path) from None
    try:
        size = p.stat().st_size
        if size > safetoml.MAX_CHARS * 4:  # UTF-8: at most 4 bytes a character
            raise RulesetError(f"{size:,} bytes: too long for a ruleset file", p)
        raw = p.read_bytes()
    except OSError as err:
        raise RulesetError(f"cannot read ({err.strerror or err})", p) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise RulesetError(f"line {line}: not UTF-8 text", p) from None
    try:
        data = safetoml.loads(text)
    except safetoml.TomlLimitError as err:
        raise RulesetError(_with_line(text, str(err)), p) from None
    head = data.get("ruleset") if isinstance(data.get("ruleset"), dict) else {}
    rid = head.get("id", p.stem)
    if not isinstance(rid, str) or not _ID.fullmatch(rid):
        raise RulesetError(
            _with_line(
                text, f"key 'ruleset.id': not a ruleset id (letters, digits, _ . -): {rid!r}"
            ),
            p,
        )
    ext = data.get("extends", head.get("extends"))
    return RulesFile(p, text, rid, ext if isinstance(ext, str) and ext else None, data)


def load_rules_file(path: str | os.PathLike, pack=None) -> Ruleset:
    """The ruleset of the file at ``path``; its ``extends`` resolve against ``pack``'s
    rulesets and the bundled ones."""
    rf = read_rules_file(path)
    return _load(rf, pack)


#: the longest chain of files extending files
MAX_FILE_CHAIN = 16


def _files(rf: RulesFile) -> dict[str, RulesetDoc]:
    """The file and the files of its folder it extends (``extends = "x.toml"``), by the
    id the loader looks them up by (the file's own id; the others by their name)."""
    out = {rf.id: rf.doc()}
    ext, folder = rf.extends, rf.path.parent
    while ext and ext.lower().endswith(".toml") and ext not in out:
        if len(out) > MAX_FILE_CHAIN:
            raise RulesetError(
                f"key 'extends': more than {MAX_FILE_CHAIN} files extend files", rf.path
            )
        if Path(ext).name != ext or ext in (".", ".."):
            raise RulesetError(
                _with_line(
                    rf.text, f"key 'extends': {ext!r}: name a file of the same folder, not a path"
                ),
                rf.path,
            )
        other = read_rules_file(folder / ext)
        out[ext] = other.doc()
        ext = other.extends
    return out


def _load(rf: RulesFile, pack) -> Ruleset:
    rulesets = dict(getattr(pack, "rulesets", None) or {})
    rulesets.update(_files(rf))
    try:
        rules = load_ruleset(rf.id, _Overlay(rulesets))
    except RulesetError as err:
        raise _in_file(err, rf) from None
    rules.source_path = str(rf.path)
    return rules


def resolve_ruleset(ref: str, pack=None) -> Ruleset:
    """``--ruleset REF``: a ruleset file when REF looks like one, else a ruleset id (the
    pack's first, then the bundled ones)."""
    if is_rules_file(ref):
        return load_rules_file(ref, pack)
    return load_ruleset(ref, pack)


def use_rules_file(pack, path: str | os.PathLike, scenarios: list[str]) -> RulesFile:
    """Store the ruleset file at ``path`` in ``pack`` and make ``scenarios`` play it (the
    file is loaded first: a bad file changes nothing). Returns the file read."""
    rf = read_rules_file(path)
    _load(rf, pack)
    pack.rulesets.update(_files(rf))
    for sid in scenarios:
        pack.scenarios[sid].ruleset = rf.id
    return rf


def _in_file(err: RulesetError, rf: RulesFile) -> RulesetError:
    """``err`` (met while loading ``rf``) as a one-line error naming the file, and the line
    and key when they can be told."""
    own = err.path in (None, f"pack ruleset '{rf.id}'", str(rf.path))
    own = own or err.message.startswith("key 'extends': cycle ")  # (named by a ruleset id)
    if own:
        return RulesetError(_with_line(rf.text, err.message), rf.path)
    # a problem in what the file extends: the file's extends line, then the problem
    line = _extends_line(rf.text)
    where = f"line {line}, " if line else ""
    return RulesetError(f"{where}key 'extends' ({rf.extends}): {err}", rf.path)


def _with_line(text: str, message: str) -> str:
    """``message`` prefixed by the line of the key it names (``key 'a.b': …``) or of the
    TOML syntax error it reports, and the key written on that line."""
    m = _KEY_MESSAGE.match(message)
    if m:
        line = key_line(text, m.group(1))
        if line is None and m.group(1) == "extends":  # also written in [ruleset]
            line = _extends_line(text)
        return f"line {line}, {message}" if line else message
    m = _AT_LINE.search(message)
    if m:
        line = int(m.group(1))
        key = key_at_line(text, line)
        what = f"key '{key}': " if key else ""
        return f"line {line}, {what}{message}"
    return message


_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_ASSIGN = re.compile(r"^\s*([A-Za-z0-9_.\-\"' ]+?)\s*=")


def _dotted(text: str) -> list[str]:
    return [p.strip().strip("\"'") for p in text.split(".")]


def _lines(text: str):
    """(line number, full dotted key) of each header and assignment of a TOML text (a
    reading good enough to point at a line; the parser has already accepted it)."""
    table: list[str] = []
    in_multiline = None
    for n, line in enumerate(text.splitlines(), 1):
        if in_multiline:
            if in_multiline in line:
                in_multiline = None
            continue
        m = _HEADER.match(line)
        if m:
            table = _dotted(m.group(1))
            yield n, table
            continue
        m = _ASSIGN.match(line)
        if m:
            yield n, [*table, *_dotted(m.group(1))]
            rest = line[m.end() :]
            for q in ('"""', "'''"):
                if rest.count(q) == 1:
                    in_multiline = q


def _extends_line(text: str) -> int | None:
    return key_line(text, "extends") or key_line(text, "ruleset.extends")


def key_line(text: str, key: str) -> int | None:
    """The line of ``text`` that sets ``key`` (``options.x``, ``units.tank.attack``,
    ``units.tank.support[0]``), or the line of its nearest enclosing table; None when no
    line names any part of it."""
    want = [p for p in re.sub(r"\[\d+\]", "", key).split(".") if p]
    best, best_len = None, 0
    for n, parts in _lines(text):
        k = 0
        while k < min(len(parts), len(want)) and parts[k] == want[k]:
            k += 1
        if k == len(parts) and k > best_len:  # this line's key encloses (or is) the key
            best, best_len = n, k
            if k == len(want):
                break
    return best


def key_at_line(text: str, line: int) -> str | None:
    """The dotted key a TOML line sets or opens (for a syntax error on it)."""
    for n, parts in _lines(text):
        if n == line:
            return ".".join(parts)
        if n > line:
            break
    lines = text.splitlines()
    if 0 < line <= len(lines):
        m = re.match(r"^\s*([A-Za-z0-9_.\-]+)", lines[line - 1])
        if m:
            return m.group(1)
    return None
