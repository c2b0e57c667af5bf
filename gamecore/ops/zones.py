"""Structural zone edits that keep the scenarios consistent (no Qt; the editor and any
script share them):

- :class:`FollowZones` — after zones are deleted or merged away, what the scenarios and
  nations say about them (ownership, unit stacks, capitals, home zones) moves to the zone
  that took their area, or goes away when none did; a :class:`RemovedZonePolicy` says
  otherwise (remove the units, give the surviving zone the removed zone's owner, leave
  the nation without a capital); :func:`removed_zone_stakes` tells what is at stake;
- :class:`RenameInConditions` — renaming a zone rewrites the objectives' condition and
  effect texts that name it, so no condition is left naming a zone that is gone.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from gamecore.conditions.parser import tokenize
from gamecore.errors import ConditionError
from gamecore.geometry.changeset import ChangeSet
from gamecore.limits import REMOVED_ZONE_CHOICES
from gamecore.model import Pack
from gamecore.model.map import Zone
from gamecore.ops.attrs import SetZoneAttrs
from gamecore.ops.base import Change, CompositeEdit, Edit, EditError

__all__ = [
    "FollowZones",
    "RemovedZonePolicy",
    "RemovedZoneStakes",
    "removed_zone_stakes",
    "RenameInConditions",
    "rename_in_text",
    "rename_zone_edit",
    "zone_targets",
]


def zone_targets(cs: ChangeSet) -> dict[int, int | None]:
    """For each zone a change set deletes: the zone that took its area (following
    chains of absorptions), or None."""
    gone = set(cs.deleted)
    out: dict[int, int | None] = {}
    for zid in gone:
        z, seen = zid, set()
        while z in gone and z not in seen:
            seen.add(z)
            z = cs.absorbed.get(z)
        out[zid] = None if z is None or z in gone else z
    return out


@dataclass(frozen=True)
class RemovedZonePolicy:
    """What happens to the units, ownership and capital of a zone deleted or merged away
    (the default: all of it goes to the surviving zone).

    - ``units``: ``"move"`` — its stacks join the surviving zone's; ``"remove"`` — they
      are taken off the map;
    - ``ownership``: ``"survivor"`` — the surviving zone keeps its owner (and takes the
      removed zone's only when it has none); ``"removed"`` — the surviving zone takes the
      removed zone's owner;
    - ``capital``: ``"move"`` — a capital there moves to the surviving zone; ``"clear"``
      — the nation is left without a capital.
    """

    units: str = "move"
    ownership: str = "survivor"
    capital: str = "move"

    CHOICES = REMOVED_ZONE_CHOICES

    def __post_init__(self) -> None:
        for name, allowed in self.CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise EditError(
                    f"{name} of a removed zone: {value!r} is not one of {', '.join(allowed)}"
                )


@dataclass
class RemovedZoneStakes:
    """What the scenarios and nations say about zones about to be removed."""

    units: int = 0  # units in them, over every scenario
    owned: list[int] = field(default_factory=list)  # those with an owner in some scenario
    capitals: list[str] = field(default_factory=list)  # nations whose capital is one of them

    def __bool__(self) -> bool:
        return bool(self.units or self.owned or self.capitals)


def removed_zone_stakes(pack: Pack, zone_ids: Iterable[int]) -> RemovedZoneStakes:
    """The units, ownership and capitals that deleting or merging away ``zone_ids``
    decides about (what :class:`RemovedZonePolicy` chooses for)."""
    zones = set(zone_ids)
    out = RemovedZoneStakes()
    owned: set[int] = set()
    for sc in pack.scenarios.values():
        out.units += sum(u.count for u in sc.units if u.zone in zones)
        owned |= {z for z in zones if z in sc.ownership and sc.ownership[z].owner}
    out.owned = sorted(owned)
    out.capitals = sorted(n for n, nat in pack.nations.items() if nat.capital in zones)
    return out


class FollowZones(Edit):
    """Scenario references to deleted zones move to their ``targets`` (zone -> zone that
    took its area, or None: the reference is dropped). As ``policy`` says (by default):
    a unit stack joins the target's stack of the same nation and type (or is removed); a
    zone's ownership goes to the target only when the target has none of its own (or
    replaces the target's); a capital moves to the target (or is cleared)."""

    family = "scenario"

    def __init__(
        self,
        targets: Mapping[int, int | None],
        removed: Callable[[], Mapping[int, Zone]] | None = None,
        policy: RemovedZonePolicy | None = None,
    ):
        super().__init__()
        self.targets = dict(targets)
        self.policy = policy or RemovedZonePolicy()
        #: the records of the deleted zones (their names): conditions naming one of them
        #: are rewritten to name the zone that took its area
        self.removed = removed
        self._scenarios: dict[str, tuple] = {}
        self._nations: dict[str, tuple] = {}
        self._renames: list[RenameInConditions] = []

    @property
    def label(self) -> str:
        return "Move units and ownership to the surviving zone"

    def _apply(self, pack: Pack) -> Change:
        gone = self.targets
        self._scenarios, self._nations = {}, {}
        change = Change()
        self._renames = []
        records = dict(self.removed()) if self.removed is not None else {}
        names = [z.name for z in pack.map.zones.values()]
        for zid, target in gone.items():
            old = records.get(zid)
            new = pack.map.zones.get(target) if target is not None else None
            if old is None or new is None or not old.name or old.name in names:
                continue
            rename = RenameInConditions(old.name, new.name)
            change = change | rename.apply(pack)
            self._renames.append(rename)
        for sid, sc in pack.scenarios.items():
            if not (set(sc.ownership) & gone.keys() or any(u.zone in gone for u in sc.units)):
                continue
            self._scenarios[sid] = (dict(sc.ownership), [copy.copy(u) for u in sc.units])
            take = self.policy.ownership == "removed"
            for zid, target in gone.items():
                own = sc.ownership.pop(zid, None)
                if (
                    own is not None
                    and target is not None
                    and (target not in sc.ownership or (take and own.owner))
                ):
                    sc.ownership[target] = own
                if own is not None:
                    change.ownership |= {zid} | ({target} if target is not None else set())
            drop = self.policy.units == "remove"
            units = []
            for u in sc.units:
                if u.zone in gone:
                    target = gone[u.zone]
                    if target is None or drop:
                        continue
                    same = next(
                        (
                            v
                            for v in units
                            if (v.zone, v.nation, v.unit_type) == (target, u.nation, u.unit_type)
                        ),
                        None,
                    )
                    if same is not None:
                        same.count += u.count
                        continue
                    u.zone = target
                units.append(u)
            # stacks already at the target that arrive later join the moved one
            merged: dict[tuple, object] = {}
            out = []
            for u in units:
                k = (u.zone, u.nation, u.unit_type)
                if k in merged and u.zone in gone.values():
                    merged[k].count += u.count
                    continue
                merged.setdefault(k, u)
                out.append(u)
            sc.units[:] = out
            change.scenarios.add(sid)
            change.fields |= {"scenario.units", "ownership.owner"}
        for nid, nat in pack.nations.items():
            refs = {nat.capital, *nat.home_zones}
            if not refs & gone.keys():
                continue
            self._nations[nid] = (nat.capital, list(nat.home_zones))
            if nat.capital in gone:
                nat.capital = gone[nat.capital] if self.policy.capital == "move" else None
            homes: list[int] = []
            for z in nat.home_zones:
                t = gone.get(z, z) if z in gone else z
                if t is not None and t not in homes:
                    homes.append(t)
            nat.home_zones = homes
            change.nations.add(nid)
            change.fields |= {"nation.capital", "nation.home_zones"}
        return change

    def _revert(self, pack: Pack) -> Change:
        change = Change()
        for rename in reversed(self._renames):
            change = change | rename.revert(pack)
        for sid, (ownership, units) in self._scenarios.items():
            sc = pack.scenarios[sid]
            sc.ownership.clear()
            sc.ownership.update(ownership)
            sc.units[:] = units
            change.scenarios.add(sid)
            change.ownership |= set(ownership)
            change.fields |= {"scenario.units", "ownership.owner"}
        for nid, (capital, homes) in self._nations.items():
            nat = pack.nations[nid]
            nat.capital, nat.home_zones = capital, homes
            change.nations.add(nid)
            change.fields |= {"nation.capital", "nation.home_zones"}
        return change

    def is_noop(self) -> bool:
        return not self._scenarios and not self._nations and not self._renames


def rename_in_text(text: str, old: str, new: str) -> str:
    """``text`` (condition language) with every name equal to ``old`` — a whole run of
    words, as the parser reads names ("Western Germany" is one name, so renaming
    "Germany" leaves it alone), or a quoted string — replaced by ``new``. Text that does
    not tokenize is returned unchanged."""
    if " ".join(old.split()).split(" ")[0] not in text:
        return text  # cannot name it (the common case: no tokenizing)
    try:
        tokens = tokenize(text)
    except ConditionError:
        return text
    spans: list[tuple[int, int, str]] = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.kind == "string" and t.text[1:-1] == old:
            q = t.text[0]
            spans.append((t.end - len(t.text), t.end, f"{q}{new}{q}"))
        if t.kind != "name" or tokens[i + 1].text in ("(", ":"):
            i += 1
            continue
        j = i + 1
        while tokens[j].kind == "name" and tokens[j + 1].text not in ("(", ":"):
            j += 1
        words = [tokens[k].text for k in range(i, j)]
        if " ".join(words) == " ".join(old.split()):
            spans.append((t.end - len(t.text), tokens[j - 1].end, new))
        i = j
    for a, b, repl in reversed(spans):
        text = text[:a] + repl + text[b:]
    return text


class RenameInConditions(Edit):
    """Rewrite the objectives' condition and effect texts that name zone ``old`` as a
    whole name (not inside a longer name) to ``new``."""

    family = "scenario"

    def __init__(self, old: str, new: str):
        super().__init__()
        self.old, self.new = old, new
        self._saved: dict[tuple[str, str], tuple[str, str]] = {}

    @property
    def label(self) -> str:
        return f"Rename {self.old!r} to {self.new!r} in conditions"

    def _apply(self, pack: Pack) -> Change:
        self._saved = {}
        change = Change()
        if not self.old or self.old == self.new:
            return change
        for sid, sc in pack.scenarios.items():
            for oid, obj in sc.objectives.items():
                cond = rename_in_text(obj.condition, self.old, self.new)
                effect = rename_in_text(obj.effect, self.old, self.new)
                if (cond, effect) != (obj.condition, obj.effect):
                    self._saved[(sid, oid)] = (obj.condition, obj.effect)
                    obj.condition, obj.effect = cond, effect
                    change.scenarios.add(sid)
                    change.fields.add("scenario.objectives")
        return change

    def _revert(self, pack: Pack) -> Change:
        change = Change()
        for (sid, oid), (cond, effect) in self._saved.items():
            obj = pack.scenarios[sid].objectives[oid]
            obj.condition, obj.effect = cond, effect
            change.scenarios.add(sid)
            change.fields.add("scenario.objectives")
        return change

    def is_noop(self) -> bool:
        return not self._saved


def rename_zone_edit(pack: Pack, zid: int, name: str) -> Edit:
    """Rename a zone and the conditions that name it, as one undo step."""
    zone = pack.map.zones.get(zid)
    if zone is None:
        raise EditError(f"no zone with id {zid}")
    rename = SetZoneAttrs([zid], "name", name)
    taken = [z for z in pack.map.zones.values() if z.id != zid and z.name == zone.name]
    if taken or not zone.name.strip():
        return rename  # another zone has the old name too: conditions may mean it
    return CompositeEdit([rename, RenameInConditions(zone.name, name)], label=rename.label)
