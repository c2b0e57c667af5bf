"""Rebasing a variant onto a new version of its base: a 3-way merge (issue #36 point 3;
docs/variants.md).

The three versions of each place a variant changes are all at hand: the old base's value
is the change's ``before`` (the variant stores it), the variant's is its ``after``, and
the new base's is read from the new base. Places the variant does not change take the
new base's value, so the old base is needed nowhere else. For each change:

- the new base has the variant's value already: the change is *absorbed* (it is no
  longer a difference; reported, not dropped silently);
- the new base still has the old base's value: the change is *kept*;
- an order of a table's rows (the set-up's stacks) is kept wherever the table still is;
- anything else is a *conflict* (both changed the same place — a zone's value, one
  option, a set-up stack, a zone one side removed and the other changed), listed place
  by place. ``ours`` keeps the variant's value, ``theirs`` the new base's (the change is
  reported as dropped by that choice). A change to something the new base removed cannot
  be kept by ``ours``: only ``theirs`` resolves it.

A pack that is not a version of the base (fewer than half of the base's zones, or of its
nations, are in it) is refused.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from gamecore.errors import PackError
from gamecore.store.variant import (
    MISSING,
    ORDER,
    BaseRef,
    Change,
    Variant,
    apply_changes,
    describe,
    lookup,
    pack_of,
    same,
)

#: the least share of the old base's zones (and nations) a new base must have
RELATED_SHARE = 0.5


def _show(v: Any, limit: int = 60) -> str:
    if v is MISSING:
        return "(none)"
    if isinstance(v, dict) and "name" in v and "id" in v:
        return f"{v['name']!r} (whole)"
    if isinstance(v, dict) and "type" in v and "coordinates" in v:
        return "<geometry>"
    text = json.dumps(v, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class Conflict:
    """A place both the variant and the new base changed."""

    path: tuple[str, ...]
    base: Any  # the old base's value
    ours: Any  # the variant's
    theirs: Any  # the new base's
    #: the new base removed what the place belongs to: "ours" cannot keep it
    orphan: bool = False

    def text(self) -> str:
        return (
            f"{describe(self.path)}: base {_show(self.base)}, ours {_show(self.ours)}, "
            f"theirs {_show(self.theirs)}"
            + (" (the new base removed what it belongs to)" if self.orphan else "")
        )

    def to_json(self) -> dict:
        out = {"place": describe(self.path), "path": list(self.path), "orphan": self.orphan}
        for k in ("base", "ours", "theirs"):
            v = getattr(self, k)
            if v is not MISSING:
                out[k] = v
        return out


@dataclass
class RebaseResult:
    variant: Variant  # the variant on the new base
    kept: list[Change] = field(default_factory=list)
    absorbed: list[Change] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    #: conflicts resolved for the new base's value (``theirs``)
    dropped: list[Conflict] = field(default_factory=list)
    #: conflicts resolved for the variant's value (``ours``)
    overridden: list[Conflict] = field(default_factory=list)

    @property
    def unresolved(self) -> list[Conflict]:
        done = {id(c) for c in (*self.dropped, *self.overridden)}
        return [c for c in self.conflicts if id(c) not in done]


def check_related(old: BaseRef, new_zones: list[str], new_nations: list[str], source: str):
    """Refuse a new base that is not a version of the old one."""
    for noun, had, has in (("zones", old.zones, new_zones), ("nations", old.nations, new_nations)):
        if not had:
            continue
        common = len(set(had) & set(has))
        if common < RELATED_SHARE * len(had):
            raise PackError(
                f"not a version of the variant's base '{old.id}': {common} of its "
                f"{len(had)} {noun} are in it (a rebase needs a version of the same pack)",
                source,
            )


def rebase(
    variant: Variant, new_tree: dict, new_ref: BaseRef, prefer: str | None, source: str
) -> RebaseResult:
    """The 3-way merge of ``variant`` onto the new base (its tree ``new_tree``, its
    reference ``new_ref``); ``prefer`` is None, "ours" or "theirs". The result's variant
    holds the changes against the new base; with unresolved conflicts it is not to be
    written."""
    if prefer not in (None, "ours", "theirs"):
        raise ValueError(prefer)
    check_related(variant.base, new_ref.zones, new_ref.nations, source)
    res = RebaseResult(Variant(new_ref, []))
    changes: list[Change] = []
    for c in variant.changes:
        if c.path[-1] == ORDER:  # an order of rows: the variant's, wherever the table is
            table = lookup(new_tree, c.path[:-1])
            if isinstance(table, dict):
                res.kept.append(c)
                changes.append(replace(c, before=list(table)))
                continue
        theirs = lookup(new_tree, c.path)
        if same(theirs, c.after):
            res.absorbed.append(c)
            continue
        if same(theirs, c.before):
            res.kept.append(c)
            changes.append(replace(c, before=theirs))
            continue
        parent = lookup(new_tree, c.path[:-1])
        orphan = not isinstance(parent, dict)
        conflict = Conflict(c.path, c.before, c.after, theirs, orphan)
        res.conflicts.append(conflict)
        if prefer == "theirs":
            res.dropped.append(conflict)
        elif prefer == "ours" and not orphan:
            res.overridden.append(conflict)
            changes.append(replace(c, before=theirs))
    res.variant.changes = changes
    if not res.unresolved:
        # the merged variant must give a pack that loads (a set-up in a zone the new base
        # removed, say): one line, nothing written
        try:
            pack_of(apply_changes(json.loads(json.dumps(new_tree)), changes, source), source)
        except PackError as err:
            raise PackError(f"the rebased variant does not load: {err.message}", source) from None
    return res
