"""Reverting a variant's differences to its base, as undoable edits (issue #36: the
editor's "Differences from base" dock; docs/variants.md).

:func:`variant_changes` lists what an open variant changes, one place per row (the places
of :mod:`gamecore.store.variant`); :class:`RevertToBase` puts some of those places back to
the base's value. The edit rebuilds the pack from its tree with the base's value at each
place (one exact path for any kind of change: a zone's value, a whole zone, a set-up
stack), and its revert restores the pack's parts as they were."""

from __future__ import annotations

import json

from gamecore.model import Pack
from gamecore.ops.base import Change, Edit, EditError
from gamecore.store.variant import (
    MISSING,
    apply_changes,
    describe,
    differences,
    lookup,
    pack_of,
    tree_of,
)
from gamecore.store.variant import (
    Change as Difference,
)

#: the parts of a pack an edit of its tree may replace
_PARTS = ("map", "nations", "scenarios", "rulesets", "playtests", "ignored_issues", "meta")


def variant_changes(base_tree: dict, pack: Pack) -> list[tuple[tuple[str, ...], str]]:
    """(place, words) of every difference of ``pack`` from the base whose tree is
    ``base_tree`` (row orders left out: they are not places a designer reverts)."""
    return [
        (c.path, describe(c.path))
        for c in differences(base_tree, tree_of(pack))
        if not c.path[-1].startswith("#")
    ]


class RevertToBase(Edit):
    """Put ``places`` of the pack back to their value in ``base_tree`` (a removed zone
    comes back, an added stack goes, a changed value returns)."""

    family = "variant"

    def __init__(self, base_tree: dict, places: list[tuple[str, ...]]):
        super().__init__()
        if not places:
            raise EditError("revert to base: no difference chosen")
        self.base_tree = base_tree
        self.places = [tuple(p) for p in places]
        self._old: dict | None = None

    @property
    def label(self) -> str:
        if len(self.places) == 1:
            return f"Revert {describe(self.places[0])} to the base"
        return f"Revert {len(self.places)} differences to the base"

    def _apply(self, pack: Pack) -> Change:
        tree = tree_of(pack)
        back = [
            Difference(p, lookup(tree, p), json.loads(json.dumps(v)) if v is not MISSING else v)
            for p in self.places
            for v in (lookup(self.base_tree, p),)
        ]
        new = pack_of(apply_changes(tree, back, "revert to base"), "revert to base")
        self._old = {k: getattr(pack, k) for k in _PARTS}
        before = set(pack.map.zones)
        for k in _PARTS:
            setattr(pack, k, getattr(new, k))
        return _everything(pack, before)

    def _revert(self, pack: Pack) -> Change:
        before = set(pack.map.zones)
        for k, v in (self._old or {}).items():
            setattr(pack, k, v)
        return _everything(pack, before)


def _everything(pack: Pack, before: set[int]) -> Change:
    """A change naming every part of the pack (the whole tree was rebuilt)."""
    now = set(pack.map.zones)
    return Change(
        zones=now,
        geometry=now,
        created_zones=now - before,
        deleted_zones=before - now,
        borders=set(pack.map.borders),
        links=set(pack.map.links),
        facilities=set(pack.map.facilities),
        lines=set(pack.map.lines),
        images=set(pack.map.images),
        nations=set(pack.nations),
        ownership=now,
        scenarios=set(pack.scenarios),
        fields={
            "zone.geometry",
            "zone.name",
            "zone.value",
            "ownership.owner",
            "scenario.units",
            "scenario.ruleset",
            "nation.name",
        },
    )
