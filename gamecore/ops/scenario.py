"""Scenario authoring edits: scenarios, nations, alliances, relations, turn order, unit
setup, banks, income overrides and objectives (no Qt).

Every edit checks its input before anything changes (a bad value raises
:class:`EditError` naming the scenario and the problem, the pack untouched), remembers a
private copy of every scenario attribute it touches, and restores those attributes in
place on revert, so ``revert`` gives back the exact pack (dict order included) while the
:class:`Scenario` objects keep their identity (views hold references to them).

The returned :class:`Change` has ``scenarios={id}`` and fields such as
``"scenario.turn_order"``, ``"scenario.units"``, ``"scenario.objectives"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gamecore.model import Pack
from gamecore.model.calendar import CALENDARS, is_calendar
from gamecore.model.scenario import (
    NATION_KINDS,
    RELATIONS,
    Alliance,
    Nation,
    Objective,
    Scenario,
    UnitStack,
)
from gamecore.model.sharing import SHARING_KINDS, sharing_pair, sharing_pairs
from gamecore.ops.attrs import _put_at
from gamecore.ops.base import Change, Edit, EditError, clone

OBJECTIVE_KINDS = ("objective", "victory", "event")
#: scenario fields settable with :class:`SetScenarioFields`
SCENARIO_FIELDS = ("name", "ruleset", "start", "calendar", "rounds", "options")
#: objective fields settable with :class:`SetObjective`
OBJECTIVE_FIELDS = ("name", "kind", "owner", "condition", "effect", "once")


def _word(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise EditError(f"{what} must be a non-empty word, got {value!r}")
    value = value.strip()
    if any(c.isspace() for c in value):
        raise EditError(f"{what} must not contain spaces: {value!r}")
    return value


def _count(value: Any, what: str, lo: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise EditError(f"{what} must be a whole number of at least {lo}, got {value!r}")
    return value


class ScenarioEdit(Edit):
    """Base of edits of one scenario: subclasses implement :meth:`_check` (may raise,
    changes nothing) and :meth:`_do` (mutates), and list the touched ``ATTRS``."""

    family = "scenario"
    #: scenario attributes the edit may change (snapshotted before, restored on revert)
    ATTRS: tuple[str, ...] = ()

    def __init__(self, scenario: str):
        super().__init__()
        self.scenario = scenario
        self._before: dict[str, Any] = {}
        self._label = ""

    @property
    def label(self) -> str:
        return self._label or type(self).__name__

    def _scenario(self, pack: Pack) -> Scenario:
        sc = pack.scenarios.get(self.scenario)
        if sc is None:
            raise EditError(f"no scenario {self.scenario!r}")
        return sc

    def _nation(self, pack: Pack, nation: Any) -> str:
        if not isinstance(nation, str) or nation not in pack.nations:
            raise EditError(f"scenario {self.scenario}: no nation {nation!r}")
        return nation

    def _zone(self, pack: Pack, zone: Any) -> int:
        if isinstance(zone, bool) or not isinstance(zone, int) or zone not in pack.map.zones:
            raise EditError(f"scenario {self.scenario}: no zone with id {zone!r}")
        return zone

    def _check(self, pack: Pack, sc: Scenario) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _do(self, pack: Pack, sc: Scenario) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _attrs(self) -> tuple[str, ...]:
        return self.ATTRS

    def _change(self) -> Change:
        change = Change(scenarios={self.scenario}, fields={f"scenario.{a}" for a in self._attrs()})
        if "ownership" in self._attrs():
            change.fields.add("ownership.owner")
        return change

    def _apply(self, pack: Pack) -> Change:
        sc = self._scenario(pack)
        self._check(pack, sc)
        self._before = {a: clone(getattr(sc, a)) for a in self._attrs()}
        try:
            self._do(pack, sc)
        except Exception:
            self._restore(sc)
            raise
        return self._change()

    def _restore(self, sc: Scenario) -> None:
        for a, v in self._before.items():
            setattr(sc, a, clone(v))

    def _revert(self, pack: Pack) -> Change:
        self._restore(self._scenario(pack))
        return self._change()

    def is_noop(self) -> bool:
        return False


# -- scenarios ------------------------------------------------------------------------------
class AddScenario(Edit):
    """Add a scenario (a private copy of ``scenario``; its id must be free)."""

    family = "scenario"

    def __init__(self, scenario: Scenario):
        super().__init__()
        self.item = clone(scenario)

    @property
    def label(self) -> str:
        return f"Add scenario {self.item.id}"

    def _apply(self, pack: Pack) -> Change:
        sid = _word(self.item.id, "a scenario id")
        if sid in pack.scenarios:
            raise EditError(f"scenario id {sid!r} is already used")
        sc = clone(self.item)
        sc.id = sid
        pack.scenarios[sid] = sc
        return Change(scenarios={sid}, fields={"scenario.added_or_removed"})

    def _revert(self, pack: Pack) -> Change:
        pack.scenarios.pop(self.item.id.strip(), None)
        return Change(scenarios={self.item.id.strip()}, fields={"scenario.added_or_removed"})


class RemoveScenario(Edit):
    """Remove a scenario; reverting puts the same object back at its place."""

    family = "scenario"

    def __init__(self, scenario: str):
        super().__init__()
        self.scenario = scenario
        self._pos = 0
        self._obj: Scenario | None = None

    @property
    def label(self) -> str:
        return f"Remove scenario {self.scenario}"

    def _apply(self, pack: Pack) -> Change:
        if self.scenario not in pack.scenarios:
            raise EditError(f"no scenario {self.scenario!r}")
        self._pos = list(pack.scenarios).index(self.scenario)
        self._obj = pack.scenarios.pop(self.scenario)
        return Change(scenarios={self.scenario}, fields={"scenario.added_or_removed"})

    def _revert(self, pack: Pack) -> Change:
        _put_at(pack.scenarios, self.scenario, self._obj, self._pos)
        return Change(scenarios={self.scenario}, fields={"scenario.added_or_removed"})


class SetScenarioFields(ScenarioEdit):
    """Set ``name``, ``ruleset``, ``start``, ``calendar``, ``rounds`` (None: until
    victory), ``options`` (a whole dict) or one option ``option:<name>`` (None removes
    it) of a scenario."""

    def __init__(self, scenario: str, field: str, value: Any):
        super().__init__(scenario)
        if field not in SCENARIO_FIELDS and not field.startswith("option:"):
            raise EditError(
                f"scenario has no editable field {field!r} (known: {', '.join(SCENARIO_FIELDS)})"
            )
        self.field = field
        self.value = value
        self._label = f"Set scenario {field.replace('option:', 'option ')}"

    def _attrs(self) -> tuple[str, ...]:
        return ("options",) if self.field.startswith("option:") else (self.field,)

    def _norm(self) -> Any:
        f, v = self.field, self.value
        where = f"scenario {self.scenario}: {f}"
        if f == "name":
            if not isinstance(v, str) or not v.strip():
                raise EditError(f"{where} must not be empty")
            return v.strip()
        if f == "ruleset":
            return _word(v, where)
        if f == "start":
            if not isinstance(v, str):
                raise EditError(f"{where} must be text, got {v!r}")
            return v.strip()
        if f == "calendar":
            if not isinstance(v, str) or not is_calendar(v):
                raise EditError(
                    f"{where} must be one of {', '.join(CALENDARS)} (or N-months, N-seasons), "
                    f"got {v!r}"
                )
            return v
        if f == "rounds":
            return None if v is None else _count(v, where, 1)
        if f == "options":
            if not isinstance(v, Mapping) or not all(isinstance(k, str) for k in v):
                raise EditError(f"{where} must be a mapping of option names to values")
            return dict(v)
        name = f.partition(":")[2]
        if not name:
            raise EditError(f"{where}: an option needs a name")
        if v is not None and not isinstance(v, (bool, int, float, str)):
            raise EditError(f"{where} must be a boolean, number or text, got {v!r}")
        return v

    def _check(self, pack: Pack, sc: Scenario) -> None:
        self._value = self._norm()

    def _do(self, pack: Pack, sc: Scenario) -> None:
        if self.field.startswith("option:"):
            name = self.field.partition(":")[2]
            if self._value is None:
                sc.options.pop(name, None)
            else:
                sc.options[name] = self._value
        else:
            setattr(sc, self.field, clone(self._value))

    def merge(self, other: Edit) -> Edit | None:
        if (
            type(other) is SetScenarioFields
            and self.applied
            and other.applied
            and other.scenario == self.scenario
            and other.field == self.field
            and self.field in ("name", "start")
        ):
            merged = SetScenarioFields.__new__(SetScenarioFields)
            merged.__dict__.update(other.__dict__)
            merged._before = self._before
            return merged
        return None


# -- nations (pack level) ---------------------------------------------------------------------
class AddNation(Edit):
    """Add a nation to the pack (its id must be free and contain no spaces)."""

    family = "scenario"

    def __init__(self, nation: Nation):
        super().__init__()
        self.item = clone(nation)

    @property
    def label(self) -> str:
        return f"Add nation {self.item.id}"

    def _apply(self, pack: Pack) -> Change:
        nid = _word(self.item.id, "a nation code")
        if nid in pack.nations:
            raise EditError(f"nation code {nid!r} is already used")
        if self.item.kind not in NATION_KINDS:
            raise EditError(f"nation {nid}: kind must be one of {', '.join(NATION_KINDS)}")
        if not isinstance(self.item.name, str) or not self.item.name.strip():
            raise EditError(f"nation {nid}: the name must not be empty")
        n = clone(self.item)
        n.id = nid
        pack.nations[nid] = n
        return Change(nations={nid}, fields={"nation.added_or_removed"})

    def _revert(self, pack: Pack) -> Change:
        nid = self.item.id.strip()
        pack.nations.pop(nid, None)
        return Change(nations={nid}, fields={"nation.added_or_removed"})


_NATION_REFS = (
    "turn_order",
    "alliances",
    "relations",
    "ownership",
    "units",
    "banks",
    "income_overrides",
    "objectives",
)


class RemoveNation(Edit):
    """Remove a nation from the pack and from every scenario (turn order, alliances,
    relations, ownership, units, banks, income; objectives it owns lose their owner), the
    owner of its facilities and its values on convoy lines."""

    family = "scenario"

    def __init__(self, nation: str):
        super().__init__()
        self.nation = nation
        self._pos = 0
        self._obj: Nation | None = None
        self._before: dict[str, dict[str, Any]] = {}
        self._facilities: dict[int, str | None] = {}
        self._lines: dict[int, dict] = {}

    @property
    def label(self) -> str:
        return f"Remove nation {self.nation}"

    def _apply(self, pack: Pack) -> Change:
        n = self.nation
        if n not in pack.nations:
            raise EditError(f"no nation {n!r}")
        self._facilities = {f.id: f.owner for f in pack.map.facilities.values() if f.owner == n}
        self._lines = {ln.id: clone(ln.values) for ln in pack.map.lines.values() if n in ln.values}
        for fid in self._facilities:
            pack.map.facilities[fid].owner = None
        for lid in self._lines:
            pack.map.lines[lid].values.pop(n)
        self._pos = list(pack.nations).index(n)
        self._before = {
            sid: {a: clone(getattr(sc, a)) for a in _NATION_REFS}
            for sid, sc in pack.scenarios.items()
        }
        self._obj = pack.nations.pop(n)
        for sc in pack.scenarios.values():
            sc.turn_order = [[x for x in slot if x != n] for slot in sc.turn_order]
            sc.turn_order = [slot for slot in sc.turn_order if slot]
            for al in sc.alliances.values():
                if n in al.members:
                    al.members = [m for m in al.members if m != n]
            sc.relations = {k: r for k, r in sc.relations.items() if n not in k}
            for o in sc.ownership.values():
                if o.owner == n:
                    o.owner = None
                if o.original == n:
                    o.original = None
            sc.ownership = {z: o for z, o in sc.ownership.items() if o.owner or o.original}
            sc.units = [u for u in sc.units if u.nation != n]
            sc.banks.pop(n, None)
            sc.income_overrides.pop(n, None)
            for ob in sc.objectives.values():
                if ob.owner == n:
                    ob.owner = None
        return self._change(pack)

    def _change(self, pack: Pack) -> Change:
        return Change(
            nations={self.nation},
            facilities=set(self._facilities),
            lines=set(self._lines),
            scenarios=set(self._before),
            ownership={z for b in self._before.values() for z in b["ownership"]},
            fields={"nation.added_or_removed", "ownership.owner"}
            | {f"scenario.{a}" for a in _NATION_REFS},
        )

    def _revert(self, pack: Pack) -> Change:
        _put_at(pack.nations, self.nation, self._obj, self._pos)
        for fid, owner in self._facilities.items():
            pack.map.facilities[fid].owner = owner
        for lid, values in self._lines.items():
            pack.map.lines[lid].values = clone(values)
        for sid, attrs in self._before.items():
            sc = pack.scenarios[sid]
            for a, v in attrs.items():
                setattr(sc, a, clone(v))
        return self._change(pack)


class SetNationFlag(Edit):
    """Set (or clear with None) the BackgroundImage id holding a nation's flag."""

    family = "nation"

    def __init__(self, nation: str, image: int | None):
        super().__init__()
        self.nation = nation
        self.image = image
        self._old: int | None = None

    @property
    def label(self) -> str:
        return f"Set flag of {self.nation}"

    def _apply(self, pack: Pack) -> Change:
        nat = pack.nations.get(self.nation)
        if nat is None:
            raise EditError(f"no nation {self.nation!r}")
        if self.image is not None and self.image not in pack.map.images:
            raise EditError(f"nation {self.nation}: no image with id {self.image!r}")
        self._old = nat.flag_image
        nat.flag_image = self.image
        return Change(nations={self.nation}, fields={"nation.flag_image"})

    def _revert(self, pack: Pack) -> Change:
        pack.nations[self.nation].flag_image = self._old
        return Change(nations={self.nation}, fields={"nation.flag_image"})


# -- alliances, relations, turn order ----------------------------------------------------------
class AddAlliance(ScenarioEdit):
    """Add an alliance (id free in the scenario, members known nations)."""

    ATTRS = ("alliances",)

    def __init__(self, scenario: str, alliance: Alliance):
        super().__init__(scenario)
        self.item = clone(alliance)
        self._label = f"Add alliance {alliance.id}"

    def _check(self, pack: Pack, sc: Scenario) -> None:
        aid = _word(self.item.id, f"scenario {self.scenario}: an alliance id")
        if aid in sc.alliances:
            raise EditError(f"scenario {self.scenario}: alliance {aid!r} already exists")
        for m in self.item.members:
            self._nation(pack, m)

    def _do(self, pack: Pack, sc: Scenario) -> None:
        al = clone(self.item)
        al.id = al.id.strip()
        al.members = list(dict.fromkeys(al.members))
        sc.alliances[al.id] = al


class RemoveAlliance(ScenarioEdit):
    ATTRS = ("alliances",)

    def __init__(self, scenario: str, alliance: str):
        super().__init__(scenario)
        self.alliance = alliance
        self._label = f"Remove alliance {alliance}"

    def _check(self, pack: Pack, sc: Scenario) -> None:
        if self.alliance not in sc.alliances:
            raise EditError(f"scenario {self.scenario}: no alliance {self.alliance!r}")

    def _do(self, pack: Pack, sc: Scenario) -> None:
        del sc.alliances[self.alliance]


class SetAlliance(ScenarioEdit):
    """Set ``name``, ``colour`` or ``members`` (list of nation ids) of an alliance. A
    nation belongs to one alliance: adding it here takes it out of the others."""

    ATTRS = ("alliances",)

    def __init__(self, scenario: str, alliance: str, field: str, value: Any):
        super().__init__(scenario)
        if field not in ("name", "colour", "members"):
            raise EditError(f"alliance has no editable field {field!r}")
        self.alliance, self.field, self.value = alliance, field, value
        self._label = f"Set {field} of alliance {alliance}"

    def _check(self, pack: Pack, sc: Scenario) -> None:
        if self.alliance not in sc.alliances:
            raise EditError(f"scenario {self.scenario}: no alliance {self.alliance!r}")
        v = self.value
        if self.field == "members":
            if isinstance(v, str) or not isinstance(v, Iterable):
                raise EditError(f"alliance {self.alliance}: members must be a list of nations")
            v = list(dict.fromkeys(v))
            for m in v:
                self._nation(pack, m)
        elif self.field == "colour":
            ok = isinstance(v, str) and len(v) == 7 and v[0] == "#"
            try:
                int(v[1:], 16) if ok else None
            except ValueError:
                ok = False
            if not ok:
                raise EditError(f'alliance {self.alliance}: colour must be "#rrggbb", got {v!r}')
            v = v.lower()
        elif not isinstance(v, str) or not v.strip():
            raise EditError(f"alliance {self.alliance}: the name must not be empty")
        self._value = v

    def _do(self, pack: Pack, sc: Scenario) -> None:
        if self.field == "members":
            for al in sc.alliances.values():
                if al.id != self.alliance and any(m in self._value for m in al.members):
                    al.members = [m for m in al.members if m not in self._value]
        setattr(sc.alliances[self.alliance], self.field, clone(self._value))


class SetRelation(ScenarioEdit):
    """Set the relation between nations ``a`` and ``b`` (``status`` in RELATIONS, or
    None to remove the entry: "peace" by default)."""

    ATTRS = ("relations",)

    def __init__(
        self, scenario: str, a: str, b: str, status: str | None, initiated_by: str | None = None
    ):
        super().__init__(scenario)
        self.a, self.b, self.status, self.initiated_by = a, b, status, initiated_by
        self._label = f"Set relation {a}–{b} to {status or 'default'}"

    def _check(self, pack: Pack, sc: Scenario) -> None:
        self._nation(pack, self.a)
        self._nation(pack, self.b)
        if self.a == self.b:
            raise EditError(f"scenario {self.scenario}: a relation joins two different nations")
        if self.status is not None and self.status not in RELATIONS:
            raise EditError(
                f"scenario {self.scenario}: relation must be one of {', '.join(RELATIONS)}, "
                f"got {self.status!r}"
            )
        if self.initiated_by is not None and self.initiated_by not in (self.a, self.b):
            raise EditError(f"scenario {self.scenario}: initiated_by must be {self.a} or {self.b}")

    def _do(self, pack: Pack, sc: Scenario) -> None:
        key = (self.a, self.b) if self.a < self.b else (self.b, self.a)
        if self.status is None:
            sc.relations.pop(key, None)
        else:
            sc.set_relation(self.a, self.b, self.status, self.initiated_by)


class SetTurnOrder(ScenarioEdit):
    """Replace the turn order: a list of slots, each a list of nations moving together.
    Empty slots are dropped; a nation may appear once."""

    ATTRS = ("turn_order",)

    def __init__(self, scenario: str, slots: Iterable[Iterable[str]]):
        super().__init__(scenario)
        self.slots = [list(s) for s in slots]
        self._label = "Set turn order"

    def _check(self, pack: Pack, sc: Scenario) -> None:
        seen: set[str] = set()
        for slot in self.slots:
            for n in slot:
                self._nation(pack, n)
                if n in seen:
                    raise EditError(f"scenario {self.scenario}: {n} appears twice in turn order")
                seen.add(n)

    def _do(self, pack: Pack, sc: Scenario) -> None:
        sc.turn_order = [list(s) for s in self.slots if s]


# -- ownership, unit setup ----------------------------------------------------------------------
def _stack_index(sc: Scenario, zone: int, nation: str, unit_type: str) -> int | None:
    for i, st in enumerate(sc.units):
        if st.zone == zone and st.nation == nation and st.unit_type == unit_type and not st.props:
            return i
    return None


class SetUnits(ScenarioEdit):
    """Set the count of ``unit_type`` of ``nation`` in each of ``zones`` (0 removes the
    stacks; stacks with props such as damage are left alone)."""

    ATTRS = ("units",)

    def __init__(self, scenario: str, zones: Iterable[int], nation: str, unit_type: str, count):
        super().__init__(scenario)
        self.zones = list(dict.fromkeys(zones))
        self.nation, self.unit_type, self.count = nation, unit_type, count
        self._label = f"Set {unit_type} of {nation} to {count}"

    def _check(self, pack: Pack, sc: Scenario) -> None:
        if not self.zones:
            raise EditError(f"scenario {self.scenario}: no zones selected for units")
        for z in self.zones:
            self._zone(pack, z)
        self._nation(pack, self.nation)
        _word(self.unit_type, f"scenario {self.scenario}: a unit type")
        _count(self.count, f"scenario {self.scenario}: a unit count")

    def _do(self, pack: Pack, sc: Scenario) -> None:
        for z in self.zones:
            plain = [
                i
                for i, st in enumerate(sc.units)
                if (st.zone, st.nation, st.unit_type) == (z, self.nation, self.unit_type)
                and not st.props
            ]
            if plain and self.count:
                sc.units[plain[0]].count = self.count
                drop = set(plain[1:])
            else:
                drop = set(plain)
                if self.count:
                    sc.units.append(UnitStack(z, self.nation, self.unit_type, self.count))
            if drop:
                sc.units = [st for i, st in enumerate(sc.units) if i not in drop]


class AddUnits(ScenarioEdit):
    """Add ``count`` units of ``unit_type`` of ``nation`` to each of ``zones`` (a drop
    from the palette, or "add to selected zones"); a negative count removes, down to 0."""

    ATTRS = ("units",)

    def __init__(self, scenario: str, zones: Iterable[int], nation: str, unit_type: str, count=1):
        super().__init__(scenario)
        self.zones = list(dict.fromkeys(zones))
        self.nation, self.unit_type, self.count = nation, unit_type, count
        n = len(self.zones)
        self._label = f"Add {count} {unit_type} of {nation} to {n} zone{'s' if n != 1 else ''}"

    def _check(self, pack: Pack, sc: Scenario) -> None:
        if not self.zones:
            raise EditError(f"scenario {self.scenario}: no zones selected for units")
        for z in self.zones:
            self._zone(pack, z)
        self._nation(pack, self.nation)
        _word(self.unit_type, f"scenario {self.scenario}: a unit type")
        if isinstance(self.count, bool) or not isinstance(self.count, int) or not self.count:
            raise EditError(f"scenario {self.scenario}: add a non-zero whole number of units")

    def _do(self, pack: Pack, sc: Scenario) -> None:
        for z in self.zones:
            i = _stack_index(sc, z, self.nation, self.unit_type)
            have = sc.units[i].count if i is not None else 0
            new = max(0, have + self.count)
            if i is None:
                if new:
                    sc.units.append(UnitStack(z, self.nation, self.unit_type, new))
            elif new:
                sc.units[i].count = new
            else:
                del sc.units[i]


class CopyZoneSetup(ScenarioEdit):
    """Copy the unit setup of zone ``source`` to ``targets``: with ``replace`` the
    targets' own stacks are removed first, else the copied counts are added."""

    ATTRS = ("units",)

    def __init__(self, scenario: str, source: int, targets: Iterable[int], replace: bool = True):
        super().__init__(scenario)
        self.source = source
        self.targets = [t for t in dict.fromkeys(targets) if t != source]
        self.replace = replace
        self._label = f"Paste setup to {len(self.targets)} zone(s)"

    def _check(self, pack: Pack, sc: Scenario) -> None:
        self._zone(pack, self.source)
        if not self.targets:
            raise EditError(f"scenario {self.scenario}: no zones to paste the setup to")
        for t in self.targets:
            self._zone(pack, t)

    def _do(self, pack: Pack, sc: Scenario) -> None:
        src = [st for st in sc.units if st.zone == self.source]
        if self.replace:
            targets = set(self.targets)
            sc.units = [st for st in sc.units if st.zone not in targets]
        for t in self.targets:
            for st in src:
                i = _stack_index(sc, t, st.nation, st.unit_type) if not st.props else None
                if i is not None:
                    sc.units[i].count += st.count
                else:
                    new = clone(st)
                    new.zone = t
                    sc.units.append(new)


class SetOwnerships(ScenarioEdit):
    """Set current owner and/or original owner of zones in one step (None clears)."""

    ATTRS = ("ownership",)
    _KEEP = object()

    def __init__(self, scenario: str, zones: Iterable[int], owner=_KEEP, original=_KEEP):
        super().__init__(scenario)
        self.zones = list(dict.fromkeys(zones))
        self.owner, self.original = owner, original
        self._label = f"Set owners of {len(self.zones)} zone(s)"

    def _check(self, pack: Pack, sc: Scenario) -> None:
        for z in self.zones:
            self._zone(pack, z)
        for v in (self.owner, self.original):
            if v is not self._KEEP and v is not None:
                self._nation(pack, v)

    def _do(self, pack: Pack, sc: Scenario) -> None:
        from gamecore.model import Ownership

        for z in self.zones:
            o = sc.ownership.get(z) or Ownership()
            if self.owner is not self._KEEP:
                o.owner = self.owner
            if self.original is not self._KEEP:
                o.original = self.original
            if o.owner or o.original:
                sc.ownership[z] = o
            else:
                sc.ownership.pop(z, None)

    def _change(self) -> Change:
        change = super()._change()
        change.ownership = set(self.zones)
        change.fields |= {"ownership.owner", "ownership.original"}
        return change


# -- banks, income ---------------------------------------------------------------------------------
class _SetNationNumber(ScenarioEdit):
    def __init__(self, scenario: str, nation: str, amount: int | None):
        super().__init__(scenario)
        self.nation, self.amount = nation, amount
        self._label = f"Set {self.ATTRS[0].replace('_', ' ')} of {nation}"

    def _check(self, pack: Pack, sc: Scenario) -> None:
        self._nation(pack, self.nation)
        if self.amount is not None:
            _count(self.amount, f"scenario {self.scenario}: {self.ATTRS[0]} of {self.nation}")

    def _do(self, pack: Pack, sc: Scenario) -> None:
        d = getattr(sc, self.ATTRS[0])
        if self.amount is None:
            d.pop(self.nation, None)
        else:
            d[self.nation] = self.amount

    def merge(self, other: Edit) -> Edit | None:
        if (
            type(other) is type(self)
            and self.applied
            and other.applied
            and (other.scenario, other.nation) == (self.scenario, self.nation)
        ):
            merged = type(self).__new__(type(self))
            merged.__dict__.update(other.__dict__)
            merged._before = self._before
            return merged
        return None


class SetBank(_SetNationNumber):
    """Set the starting bank of a nation (None removes the entry: 0)."""

    ATTRS = ("banks",)


class SetIncomeOverride(_SetNationNumber):
    """Override a nation's starting income (None: computed from owned zone values)."""

    ATTRS = ("income_overrides",)


def computed_income(pack: Pack, scenario: Scenario, nation: str) -> int:
    """A nation's income from the values of the land zones it owns at the start."""
    zones = pack.map.zones
    return sum(
        zones[z].value
        for z, o in scenario.ownership.items()
        if o.owner == nation and z in zones and not zones[z].is_water
    )


# -- objectives -----------------------------------------------------------------------------------
class AddObjective(ScenarioEdit):
    """Add an objective, victory condition or event (id free in the scenario)."""

    ATTRS = ("objectives",)

    def __init__(self, scenario: str, objective: Objective):
        super().__init__(scenario)
        self.item = clone(objective)
        self._label = f"Add objective {objective.id}"

    def _check(self, pack: Pack, sc: Scenario) -> None:
        oid = _word(self.item.id, f"scenario {self.scenario}: an objective id")
        if oid in sc.objectives:
            raise EditError(f"scenario {self.scenario}: objective {oid!r} already exists")
        if self.item.kind not in OBJECTIVE_KINDS:
            raise EditError(f"objective {oid}: kind must be one of {', '.join(OBJECTIVE_KINDS)}")

    def _do(self, pack: Pack, sc: Scenario) -> None:
        ob = clone(self.item)
        ob.id = ob.id.strip()
        sc.objectives[ob.id] = ob


class RemoveObjective(ScenarioEdit):
    ATTRS = ("objectives",)

    def __init__(self, scenario: str, objective: str):
        super().__init__(scenario)
        self.objective = objective
        self._label = f"Remove objective {objective}"

    def _check(self, pack: Pack, sc: Scenario) -> None:
        if self.objective not in sc.objectives:
            raise EditError(f"scenario {self.scenario}: no objective {self.objective!r}")

    def _do(self, pack: Pack, sc: Scenario) -> None:
        del sc.objectives[self.objective]


class SetObjective(ScenarioEdit):
    """Set ``name``, ``kind``, ``owner`` (nation or alliance id, or None), ``condition``,
    ``effect`` (text) or ``once`` (bool) of an objective. The text is stored as typed:
    the editor shows its errors; the validator reports them too."""

    ATTRS = ("objectives",)

    def __init__(self, scenario: str, objective: str, field: str, value: Any):
        super().__init__(scenario)
        if field not in OBJECTIVE_FIELDS:
            raise EditError(
                f"objective has no editable field {field!r} (known: {', '.join(OBJECTIVE_FIELDS)})"
            )
        self.objective, self.field, self.value = objective, field, value
        self._label = f"Set {field} of objective {objective}"

    def _check(self, pack: Pack, sc: Scenario) -> None:
        if self.objective not in sc.objectives:
            raise EditError(f"scenario {self.scenario}: no objective {self.objective!r}")
        f, v, where = self.field, self.value, f"objective {self.objective}: {self.field}"
        if f == "once":
            if not isinstance(v, bool):
                raise EditError(f"{where} must be true or false")
        elif f == "kind":
            if v not in OBJECTIVE_KINDS:
                raise EditError(f"{where} must be one of {', '.join(OBJECTIVE_KINDS)}")
        elif f == "owner":
            if v is not None and v not in pack.nations and v not in sc.alliances:
                raise EditError(f"{where}: no nation or alliance {v!r}")
        elif not isinstance(v, str) or (f == "name" and not v.strip()):
            raise EditError(f"{where} must be {'non-empty ' if f == 'name' else ''}text")

    def _do(self, pack: Pack, sc: Scenario) -> None:
        setattr(sc.objectives[self.objective], self.field, self.value)

    def merge(self, other: Edit) -> Edit | None:
        if (
            type(other) is SetObjective
            and self.applied
            and other.applied
            and (other.scenario, other.objective, other.field)
            == (self.scenario, self.objective, self.field)
            and self.field in ("name", "condition", "effect")
        ):
            merged = SetObjective.__new__(SetObjective)
            merged.__dict__.update(other.__dict__)
            merged._before = self._before
            return merged
        return None


class SetSharing(ScenarioEdit):
    """Allow or forbid ``a`` and ``b`` to share ``kind`` (sea, land, air, liberate: The War
    Game's sharing matrix, rules-notes/002 §2.3, ``gamecore.model.sharing``). The first
    edit of a scenario without a matrix starts from the alliances (every pair of one
    alliance shares every kind, as without a matrix), so nothing else changes meaning."""

    ATTRS = ("props",)

    def __init__(self, scenario: str, kind: str, a: str, b: str, allowed: bool):
        super().__init__(scenario)
        self.kind, self.a, self.b, self.allowed = kind, a, b, bool(allowed)
        verb = "may" if self.allowed else "may not"
        what = {"liberate": "liberate for"}.get(kind, f"share {kind} with")
        self._label = f"{a} {verb} {what} {b}"

    def _check(self, pack: Pack, sc: Scenario) -> None:
        if self.kind not in SHARING_KINDS:
            raise EditError(
                f"scenario {self.scenario}: sharing kind must be one of "
                f"{', '.join(SHARING_KINDS)}, got {self.kind!r}"
            )
        self._nation(pack, self.a)
        self._nation(pack, self.b)
        if self.a == self.b:
            raise EditError(f"scenario {self.scenario}: a nation always shares with itself")

    def _do(self, pack: Pack, sc: Scenario) -> None:
        matrix = sharing_matrix(pack, sc)
        pairs = {tuple(p) for p in matrix[self.kind]}
        pair = sharing_pair(self.kind, self.a, self.b)
        pairs.add(pair) if self.allowed else pairs.discard(pair)
        matrix[self.kind] = sorted([list(p) for p in pairs])
        props = dict(sc.props)
        props["sharing"] = matrix
        sc.props = props


def sharing_matrix(pack: Pack, sc: Scenario) -> dict[str, list[list[str]]]:
    """A copy of the scenario's sharing matrix, every kind present; without one, the
    matrix the alliances imply (every ordered or sorted pair of one alliance)."""
    out: dict[str, list[list[str]]] = {}
    for kind in SHARING_KINDS:
        pairs = sharing_pairs(sc.props, kind)
        if pairs is None:
            pairs = set()
            for al in sc.alliances.values():
                members = [n for n in al.members if n in pack.nations]
                for a in members:
                    for b in members:
                        if a != b:
                            pairs.add(sharing_pair(kind, a, b))
        out[kind] = sorted([list(p) for p in pairs])
    return out


__all__ = [
    "SetSharing",
    "sharing_matrix",
    "CALENDARS",
    "OBJECTIVE_FIELDS",
    "OBJECTIVE_KINDS",
    "SCENARIO_FIELDS",
    "AddAlliance",
    "AddNation",
    "AddObjective",
    "AddScenario",
    "AddUnits",
    "CopyZoneSetup",
    "RemoveAlliance",
    "RemoveNation",
    "RemoveObjective",
    "RemoveScenario",
    "ScenarioEdit",
    "SetAlliance",
    "SetBank",
    "SetIncomeOverride",
    "SetNationFlag",
    "SetObjective",
    "SetOwnerships",
    "SetRelation",
    "SetScenarioFields",
    "SetTurnOrder",
    "SetUnits",
    "computed_income",
]
