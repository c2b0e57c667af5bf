"""Variant packs: a pack that names its base and holds only its differences from it
(issue #36; docs/variants.md).

A variant file is an ordinary pack file (SQLite, the same schema, saved atomically as
every pack is) whose pack is empty but for one meta entry, :data:`VARIANT_KEY`, holding::

    {"format": "warroom-variant", "version": 1,
     "base": {"id", "title", "hash", "path", "zones", "nations", "scenarios"},
     "changes": [{"path": [...], "before": ..., "after": ...}, ...]}

- ``base.hash`` is the base's content hash (:func:`content_hash`: the canonical JSON text
  of the pack without its playtest results); ``base.path`` where it was, relative to the
  variant's folder; ``zones``/``nations``/``scenarios`` the base's ids, to tell a new
  version of the base from an unrelated pack on rebase.
- A change is one place of the pack's *tree* (:func:`tree_of`: the canonical JSON data
  with every table keyed by id — zones, borders ``a-b``, links, facilities, lines,
  nations, scenarios and within them alliances, relations ``a|b``, ownership, set-up
  stacks ``zone|nation|type|n``, objectives; rulesets; ignored issues), at the deepest
  level where base and variant differ: a zone's ``value``, one scenario option, a whole
  zone added or removed. ``before`` is the base's value there and ``after`` the
  variant's; either is absent for an addition or a removal.

The ``before`` values are the old base at every place the variant changes: what a 3-way
merge needs (:mod:`gamecore.store.rebase`). Places the variant does not touch take the
base's value, so no other part of the old base is kept.

Everything here is pure data; finding and reading the base is :mod:`.packfile`'s.
Untrusted input (docs/architecture.md, Invariant 5): a variant's record is checked for
shape and size (:func:`parse_record`) and the applied pack is built by the strict JSON
loader, so a crafted difference is a one-line :class:`PackError`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from gamecore.errors import PackError
from gamecore.model import Pack
from gamecore.store.jsonform import FORMAT, FORMAT_VERSION, format_data, load_data, pack_to_data

#: the pack meta entry that makes a pack a variant
VARIANT_KEY = "warroom_variant"
RECORD_FORMAT = "warroom-variant"
RECORD_VERSION = 1
#: the most changes a variant may hold, and the deepest path of one
MAX_CHANGES = 1_000_000
MAX_PATH = 12


class _Missing:
    """The value of a place that is not there (a change's before of an addition)."""

    _it: _Missing | None = None

    def __new__(cls):
        if cls._it is None:
            cls._it = super().__new__(cls)
        return cls._it

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


# -- the tree ---------------------------------------------------------------------------------

#: tables of rows keyed by one field: (path of the list, key of a row)
_MAP_TABLES = ("zones", "links", "terrain_areas", "facilities", "lines", "images")
_SCENARIO_TABLES = ("alliances", "objectives")


def _border_key(r: dict) -> str:
    return f"{r['a']}-{r['b']}"


def _relation_key(r: dict) -> str:
    return f"{r['a']}|{r['b']}"


def _keyed(rows: list, key, where: str) -> dict:
    out: dict[str, Any] = {}
    for r in rows:
        k = str(key(r))
        if k == ORDER:
            raise PackError(f"{where}: a row may not be called {ORDER!r} in a variant's base")
        if k in out:
            raise PackError(f"{where}: two rows with the key {k!r}; cannot take differences")
        out[k] = r
    return out


def _units_keyed(rows: list) -> dict:
    out: dict[str, Any] = {}
    seen: dict[str, int] = {}
    for r in rows:
        k = f"{r['zone']}|{r['nation']}|{r['unit_type']}"
        n = seen.get(k, 0)
        seen[k] = n + 1
        out[f"{k}|{n}"] = r
    return out


def tree_of(pack: Pack) -> dict:
    """The pack as a tree of dicts keyed by id (a fresh copy the caller may change)."""
    data = json.loads(format_data(pack_to_data(pack)))
    return data_tree(data)


def data_tree(data: dict) -> dict:
    """The tree of canonical JSON ``data`` (changed in place and returned)."""
    data.pop("format", None)
    data.pop("format_version", None)
    m = data["map"]
    for t in _MAP_TABLES:
        m[t] = _keyed(m[t], lambda r: r["id"], f"map.{t}")
    m["borders"] = _keyed(m["borders"], _border_key, "map.borders")
    for t in ("nations", "rulesets", "playtests"):
        data[t] = _keyed(data[t], lambda r: r["id"], t)
    data["ignored_issues"] = {k: True for k in data["ignored_issues"]}
    scenarios = _keyed(data["scenarios"], lambda r: r["id"], "scenarios")
    for sid, s in scenarios.items():
        for t in _SCENARIO_TABLES:
            s[t] = _keyed(s[t], lambda r: r["id"], f"scenario {sid}: {t}")
        s["relations"] = _keyed(s["relations"], _relation_key, f"scenario {sid}: relations")
        s["ownership"] = _keyed(s["ownership"], lambda r: r["zone"], f"scenario {sid}: ownership")
        s["units"] = _units_keyed(s["units"])
    data["scenarios"] = scenarios
    return data


def _rows(table: Any, where: str) -> list:
    if not isinstance(table, dict):
        raise PackError(f"{where}: a table of the variant's pack is not a table")
    return list(table.values())


def tree_data(tree: dict) -> dict:
    """The canonical JSON data of a tree (the inverse of :func:`data_tree`; the tree's
    lists are shared)."""
    if not isinstance(tree, dict) or not isinstance(tree.get("map"), dict):
        raise PackError("the variant's pack has no map")
    data = dict(tree)
    m = dict(tree["map"])
    for t in (*_MAP_TABLES, "borders"):
        m[t] = _rows(m.get(t, {}), f"map.{t}")
    data["map"] = m
    for t in ("nations", "rulesets", "playtests"):
        data[t] = _rows(data.get(t, {}), t)
    data["ignored_issues"] = list(_rows_keys(data.get("ignored_issues", {})))
    scenarios = []
    for s in _rows(data.get("scenarios", {}), "scenarios"):
        if not isinstance(s, dict):
            raise PackError("scenarios: a scenario of the variant's pack is not a table")
        s = dict(s)
        for t in (*_SCENARIO_TABLES, "relations", "ownership", "units"):
            s[t] = _rows(s.get(t, {}), f"scenario {s.get('id')}: {t}")
        scenarios.append(s)
    data["scenarios"] = scenarios
    return {"format": FORMAT, "format_version": FORMAT_VERSION, **data}


def _rows_keys(table: Any) -> list:
    if not isinstance(table, dict):
        raise PackError("ignored_issues: not a table")
    return list(table)


def pack_of(tree: dict, source: str) -> Pack:
    """Build the pack of a tree with the strict JSON loader (errors name ``source``). The
    pack may share values with ``tree``: give it a tree of its own (a fresh copy)."""
    return load_data(tree_data(tree), source)


def base_fingerprint(pack: Pack) -> tuple[str, dict]:
    """The content hash of a pack and its tree as a base: both without its playtest
    results (a playtest kept in the base changes nothing a variant applies to, and a
    variant's results are its own). The hash is SHA-256 of the canonical JSON text."""
    data = pack_to_data(pack)
    data["playtests"] = []
    text = format_data(data)
    return hashlib.sha256(text.encode("utf-8")).hexdigest(), data_tree(json.loads(text))


def content_hash(pack: Pack) -> str:
    return base_fingerprint(pack)[0]


# -- differences ------------------------------------------------------------------------------


@dataclass
class Change:
    """One place the variant changes: ``path`` in the tree, the base's value there
    (``before``) and the variant's (``after``); MISSING for nothing."""

    path: tuple[str, ...]
    before: Any = MISSING
    after: Any = MISSING

    def to_json(self) -> dict:
        out: dict[str, Any] = {"path": list(self.path)}
        if self.before is not MISSING:
            out["before"] = self.before
        if self.after is not MISSING:
            out["after"] = self.after
        return out


def _geojson(v: Any) -> bool:
    return isinstance(v, dict) and "type" in v and ("coordinates" in v or "geometries" in v)


def same(a: Any, b: Any) -> bool:
    """Equal as JSON values (``1``, ``1.0`` and ``true`` differ; MISSING is itself)."""
    if a is MISSING or b is MISSING:
        return a is b
    if a != b:
        return False
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


#: the last step of a change that orders a table's rows (its value: the row keys)
ORDER = "#order"


def _tables(tree: dict):
    """(path, table) of every keyed table of a tree whose row order means something."""
    m = tree.get("map", {})
    for t in (*_MAP_TABLES, "borders"):
        if isinstance(m.get(t), dict):
            yield ("map", t), m[t]
    for t in ("nations", "rulesets", "playtests", "ignored_issues"):
        if isinstance(tree.get(t), dict):
            yield (t,), tree[t]
    scenarios = tree.get("scenarios")
    if isinstance(scenarios, dict):
        yield ("scenarios",), scenarios
        for sid, s in scenarios.items():
            if isinstance(s, dict):
                for t in (*_SCENARIO_TABLES, "relations", "ownership", "units"):
                    if isinstance(s.get(t), dict):
                        yield ("scenarios", sid, t), s[t]


def differences(base: dict, tree: dict) -> list[Change]:
    """The changes that turn tree ``base`` into ``tree``, deepest place first found; and
    where applying them would give a table's rows in another order than ``tree``'s (the
    set-up's stacks, the nations: their order is the designer's), an order change."""
    out: list[Change] = []
    _diff(base, tree, (), out)
    applied = apply_changes(json.loads(json.dumps(base)), out, "<differences>")
    got = dict(_tables(applied))
    for path, table in _tables(tree):
        have = got.get(path)
        if have is not None and list(have) != list(table):
            out.append(Change((*path, ORDER), list(have), list(table)))
    return out


def _reorder(table: dict, keys: Any) -> None:
    """Put ``table``'s rows in the order of ``keys`` (rows it does not list follow, in
    their order)."""
    if not isinstance(keys, list):
        raise PackError("an order change does not list row keys")
    rows = dict(table)
    table.clear()
    for k in keys:
        if isinstance(k, str) and k in rows:
            table[k] = rows.pop(k)
    table.update(rows)


def _diff(a: Any, b: Any, path: tuple[str, ...], out: list[Change]) -> None:
    if isinstance(a, dict) and isinstance(b, dict) and not _geojson(a) and not _geojson(b):
        for k, va in a.items():
            if k not in b:
                out.append(Change((*path, k), va, MISSING))
            else:
                _diff(va, b[k], (*path, k), out)
        for k, vb in b.items():
            if k not in a:
                out.append(Change((*path, k), MISSING, vb))
        return
    if not same(a, b):
        out.append(Change(path, a, b))


def lookup(tree: Any, path: tuple[str, ...]) -> Any:
    """The value at ``path`` (MISSING when a step is not there)."""
    node = tree
    for k in path:
        if not isinstance(node, dict) or k not in node:
            return MISSING
        node = node[k]
    return node


def apply_changes(tree: dict, changes: list[Change], source: str) -> dict:
    """Apply ``changes`` to ``tree`` in place (a copy of each value is set) and return it;
    a change whose place is not there is a one-line :class:`PackError`."""
    for c in changes:
        parent = lookup(tree, c.path[:-1])
        if not isinstance(parent, dict) or _geojson(parent):
            raise PackError(
                f"the variant changes {describe(c.path)}, which the base does not have", source
            )
        key = c.path[-1]
        if key == ORDER:
            _reorder(parent, c.after)
        elif c.after is MISSING:
            parent.pop(key, None)
        else:
            parent[key] = json.loads(json.dumps(c.after))
    return tree


# -- the record -------------------------------------------------------------------------------


@dataclass
class BaseRef:
    """What a variant knows of its base."""

    id: str
    hash: str
    title: str = ""
    path: str = ""  # relative to the variant's folder, with "/" separators
    zones: list[str] = field(default_factory=list)
    nations: list[str] = field(default_factory=list)
    scenarios: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "hash": self.hash,
            "title": self.title,
            "path": self.path,
            "zones": self.zones,
            "nations": self.nations,
            "scenarios": self.scenarios,
        }


def base_ref(base: Pack, base_id: str, digest: str, path: str = "") -> BaseRef:
    """The reference a variant keeps to ``base`` (whose content hash is ``digest``)."""
    return BaseRef(
        id=base_id,
        hash=digest,
        title=str(base.meta.get("title", "")),
        path=path,
        zones=[str(z) for z in sorted(base.map.zones)],
        nations=list(base.nations),
        scenarios=list(base.scenarios),
    )


@dataclass
class Variant:
    base: BaseRef
    changes: list[Change] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "base": self.base.to_json(),
            "changes": [c.to_json() for c in self.changes],
        }


def is_variant(pack: Pack) -> bool:
    return VARIANT_KEY in pack.meta


def stored_pack(variant: Variant) -> Pack:
    """The pack a variant file holds: empty but for the record."""
    return Pack(meta={VARIANT_KEY: variant.to_json()})


def make_variant(base_tree: dict, ref: BaseRef, pack: Pack) -> Variant:
    """The variant of the base whose tree is ``base_tree`` that gives ``pack``."""
    return Variant(ref, differences(base_tree, tree_of(pack)))


def parse_record(record: Any, source: str) -> Variant:
    """The variant of a stored record, its shape checked (crafted input: one line)."""

    def bad(why: str):
        raise PackError(f"not a valid variant: {why}", source)

    if not isinstance(record, dict):
        bad("the variant record is not a table")
    if record.get("format") != RECORD_FORMAT:
        bad(f"format {record.get('format')!r}, expected {RECORD_FORMAT!r}")
    version = record.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        bad(f"version {version!r}")
    if version > RECORD_VERSION:
        bad(f"written by a newer Warroom (variant version {version})")
    b = record.get("base")
    if not isinstance(b, dict):
        bad("no base")
    for k in ("id", "hash", "title", "path"):
        if not isinstance(b.get(k, ""), str):
            bad(f"base.{k} is not text")
    if not b.get("id") or len(b["id"]) > 200:
        bad("base.id must be a name of 1 to 200 characters")
    h = b.get("hash", "")
    if len(h) != 64 or any(c not in "0123456789abcdef" for c in h):
        bad("base.hash is not a SHA-256 hash")
    lists = {}
    for k in ("zones", "nations", "scenarios"):
        v = b.get(k, [])
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            bad(f"base.{k} is not a list of names")
        lists[k] = v
    ref = BaseRef(b["id"], h, b.get("title", ""), b.get("path", ""), **lists)
    raw = record.get("changes")
    if not isinstance(raw, list):
        bad("changes is not a list")
    if len(raw) > MAX_CHANGES:
        bad(f"{len(raw):,} changes (at most {MAX_CHANGES:,})")
    changes = []
    for i, c in enumerate(raw):
        if not isinstance(c, dict) or set(c) - {"path", "before", "after"}:
            bad(f"changes[{i}] is not a change")
        path = c.get("path")
        if (
            not isinstance(path, list)
            or not 1 <= len(path) <= MAX_PATH
            or not all(isinstance(p, str) for p in path)
        ):
            bad(f"changes[{i}].path is not a list of 1 to {MAX_PATH} names")
        if "before" not in c and "after" not in c:
            bad(f"changes[{i}] has neither before nor after")
        changes.append(Change(tuple(path), c.get("before", MISSING), c.get("after", MISSING)))
    return Variant(ref, changes)


def read_variant(pack: Pack, source: str) -> Variant:
    """The variant record of a stored pack (:func:`is_variant`)."""
    return parse_record(pack.meta.get(VARIANT_KEY), source)


def resolve(variant: Variant, base_tree: dict, source: str) -> Pack:
    """The base (its tree) with the variant's differences applied."""
    tree = apply_changes(json.loads(json.dumps(base_tree)), variant.changes, source)
    pack = pack_of(tree, source)
    pack.meta.pop(VARIANT_KEY, None)
    return pack


class VariantBaseError(PackError):
    """A variant's base is missing, or is not the base it was made from."""


# -- words ------------------------------------------------------------------------------------

_NOUNS = {
    "zones": "zone",
    "borders": "border",
    "links": "link",
    "terrain_areas": "terrain area",
    "facilities": "facility",
    "lines": "line",
    "images": "image",
}


def describe(path: tuple[str, ...]) -> str:
    """A place of the tree in words: ``zone 12 value``, ``scenario 1939: set-up
    Germany 2 infantry in zone 12``, ``scenario 1939: option x``."""
    p = list(path)
    if not p:
        return "the pack"
    head, rest = p[0], p[1:]
    if head == "map" and rest:
        if rest[0] in _NOUNS and len(rest) >= 2:
            return " ".join([_NOUNS[rest[0]], rest[1], *(".".join(rest[2:]),)]).strip()
        return "map " + ".".join(rest)
    if head == "scenarios" and rest:
        sid, sub = rest[0], rest[1:]
        if not sub:
            return f"scenario {sid}"
        if sub[0] == "units" and len(sub) >= 2:
            zone, nation, unit, _n = (sub[1].split("|") + ["", "", "", ""])[:4]
            more = f" {'.'.join(sub[2:])}" if len(sub) > 2 else ""
            return f"scenario {sid}: set-up {nation} {unit} in zone {zone}{more}"
        if sub[0] == "options" and len(sub) >= 2:
            return f"scenario {sid}: option {'.'.join(sub[1:])}"
        if sub[0] == "ownership" and len(sub) >= 2:
            return f"scenario {sid}: ownership of zone {' '.join(sub[1:])}"
        if sub[0] == "relations" and len(sub) >= 2:
            return (
                f"scenario {sid}: relation {sub[1].replace('|', '-')} {' '.join(sub[2:])}".strip()
            )
        return f"scenario {sid}: {' '.join(sub)}"
    singular = {"nations": "nation", "rulesets": "ruleset", "playtests": "playtest"}
    if head in singular and rest:
        return f"{singular[head]} {' '.join(rest)}"
    if head == "ignored_issues" and rest:
        return f"ignored issue {rest[0]}"
    return ".".join(p)
