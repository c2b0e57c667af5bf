"""Attribute edits: zones, borders, links, facilities, lines, nations, scenario ownership.

Each class edits one field of one or many targets (several zones at once where the field
allows). Give one ``value`` for all targets, or ``values={target: value}`` per target.
Values are checked and normalised (e.g. points become ``(float, float)`` tuples, flags
are sorted) before anything changes; a bad value raises :class:`EditError` naming the
field and the problem, and leaves the pack untouched.

Virtual fields address part of a stored attribute: ``flag:<name>`` (bool) on zones edits
one entry of ``Zone.flags``; ``value:<nation>`` (int or None) on lines edits one entry of
``Line.values``. Reverting restores the whole stored attribute, so the pack is exact.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any

from gamecore.model import (
    LINE_KINDS,
    LINK_KINDS,
    ZONE_KINDS,
    Border,
    Ownership,
    Pack,
    border_key,
)
from gamecore.model.scenario import NATION_KINDS
from gamecore.model.sharing import HOSTILE_TERRAIN
from gamecore.ops.base import Change, Edit, EditError, clone

_MISSING = object()
Validator = Callable[[Any, Pack], Any]


# -- value checks -----------------------------------------------------------------
def _desc(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def v_str(nonempty: bool = False, no_space: bool = False) -> Validator:
    def check(value: Any, pack: Pack) -> str:
        if not isinstance(value, str):
            raise ValueError(f"expected text, got {_desc(value)}")
        value = value.strip() if nonempty or no_space else value
        if nonempty and not value:
            raise ValueError("must not be empty")
        if no_space and any(c.isspace() for c in value):
            raise ValueError(f"must not contain spaces: {_desc(value)}")
        return value

    return check


def v_opt_str(value: Any, pack: Pack) -> str | None:
    if value is None or value == "":
        return None
    return v_str(nonempty=True)(value, pack)


def v_int(lo: int | None = None, hi: int | None = None, optional: bool = False) -> Validator:
    def check(value: Any, pack: Pack) -> int | None:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"expected a whole number, got {_desc(value)}")
        if lo is not None and value < lo:
            raise ValueError(f"must be at least {lo}, got {value}")
        if hi is not None and value > hi:
            raise ValueError(f"must be at most {hi}, got {value}")
        return value

    return check


def v_float(lo: float | None = None, hi: float | None = None) -> Validator:
    def check(value: Any, pack: Pack) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"expected a number, got {_desc(value)}")
        value = float(value)
        if not math.isfinite(value):
            raise ValueError("must be a finite number")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise ValueError(f"must be between {lo} and {hi}, got {value}")
        return value

    return check


def v_bool(value: Any, pack: Pack) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {_desc(value)}")
    return value


def v_choice(options: Iterable[str]) -> Validator:
    opts = tuple(options)

    def check(value: Any, pack: Pack) -> str:
        if value not in opts:
            raise ValueError(f"must be one of {', '.join(opts)}, got {_desc(value)}")
        return value

    return check


def _point(value: Any) -> tuple[float, float]:
    try:
        x, y = value
    except (TypeError, ValueError):
        raise ValueError(f"expected a point (x, y), got {_desc(value)}") from None
    out = []
    for c in (x, y):
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not math.isfinite(c):
            raise ValueError(f"expected a point of two finite numbers, got {_desc(value)}")
        out.append(float(c))
    return (out[0], out[1])


def v_opt_point(value: Any, pack: Pack) -> tuple[float, float] | None:
    return None if value is None else _point(value)


def v_points(value: Any, pack: Pack) -> list[tuple[float, float]]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"expected a list of points, got {_desc(value)}")
    return [_point(p) for p in value]


def v_flags(value: Any, pack: Pack) -> list[str]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ValueError(f"expected a list of flags, got {_desc(value)}")
    flags = list(value)
    if not all(isinstance(f, str) and f and not any(c.isspace() for c in f) for f in flags):
        raise ValueError(f"flags are words without spaces, got {_desc(flags)}")
    return sorted(set(flags))


def v_zone(optional: bool = False, kinds: tuple[str, ...] | None = None) -> Validator:
    def check(value: Any, pack: Pack) -> int | None:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"expected a zone id, got {_desc(value)}")
        zone = pack.map.zones.get(value)
        if zone is None:
            raise ValueError(f"no zone with id {value}")
        if kinds and zone.kind not in kinds:
            raise ValueError(f"zone {zone.code} is {zone.kind}, expected {'/'.join(kinds)}")
        return value

    return check


def v_zones(kinds: tuple[str, ...] | None = None) -> Validator:
    one = v_zone(kinds=kinds)

    def check(value: Any, pack: Pack) -> list[int]:
        if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
            raise ValueError(f"expected a list of zone ids, got {_desc(value)}")
        return [one(v, pack) for v in value]

    return check


def v_nation(optional: bool = True) -> Validator:
    def check(value: Any, pack: Pack) -> str | None:
        if value is None or (optional and value == ""):
            if optional:
                return None
            raise ValueError("a nation is required")
        if not isinstance(value, str) or value not in pack.nations:
            raise ValueError(f"no nation {_desc(value)}")
        return value

    return check


def v_colour(value: Any, pack: Pack) -> str:
    ok = (
        isinstance(value, str)
        and len(value) == 7
        and value[0] == "#"
        and all(c in "0123456789abcdefABCDEF" for c in value[1:])
    )
    if not ok:
        raise ValueError(f'expected a colour "#rrggbb", got {_desc(value)}')
    return value.lower()


def v_int_map(value: Any, pack: Pack) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise ValueError(f"expected a mapping nation -> number, got {_desc(value)}")
    out: dict[str, int] = {}
    for k, v in value.items():
        v_nation(optional=False)(k, pack)
        out[k] = v_int(lo=0)(v, pack)
    return out


# -- the generic attribute edit ----------------------------------------------------
class SetAttrs(Edit):
    """Set one field of one or many objects that always exist in a pack table.

    Subclasses define ``family``, ``noun`` (for labels), ``FIELDS`` (field -> stored
    attribute and validator), :meth:`_table` and :meth:`_change`.
    """

    noun = "object"
    #: field name -> (stored attribute, validator)
    FIELDS: dict[str, tuple[str, Validator]] = {}
    #: prefix of virtual fields -> (stored attribute, validator of the part)
    VIRTUAL: dict[str, tuple[str, Validator]] = {}
    #: fields that may only be set on one target at a time
    SINGLE: tuple[str, ...] = ()

    def __init__(
        self,
        targets: Iterable[Hashable],
        field: str,
        value: Any = _MISSING,
        *,
        values: Mapping[Hashable, Any] | None = None,
    ):
        super().__init__()
        if (value is _MISSING) == (values is None):
            raise EditError(f"{self.noun} edit of {field!r}: give one value or per-target values")
        self.targets: tuple[Hashable, ...] = tuple(dict.fromkeys(targets))
        if values is not None:
            self.targets = tuple(dict.fromkeys(list(self.targets) + list(values)))
        if not self.targets:
            raise EditError(f"{self.noun} edit of {field!r}: nothing selected")
        self.field = field
        self.attr, self._check = self._spec(field)
        if field in self.SINGLE and len(self.targets) > 1:
            raise EditError(f"{field} can only be set on one {self.noun} at a time")
        raw = values if values is not None else dict.fromkeys(self.targets, value)
        self.raw: dict[Hashable, Any] = {t: raw[t] for t in self.targets}
        self.before: dict[Hashable, Any] = {}
        self.after: dict[Hashable, Any] = {}
        self._label = ""

    # -- description -------------------------------------------------------------
    @classmethod
    def _spec(cls, field: str) -> tuple[str, Validator]:
        if field in cls.FIELDS:
            return cls.FIELDS[field]
        prefix, sep, _ = field.partition(":")
        if sep and prefix in cls.VIRTUAL and field[len(prefix) + 1 :]:
            return cls.VIRTUAL[prefix]
        known = sorted(cls.FIELDS) + [p + ":<name>" for p in cls.VIRTUAL]
        raise EditError(f"{cls.noun} has no editable field {field!r} (known: {', '.join(known)})")

    @classmethod
    def fields(cls) -> list[str]:
        return list(cls.FIELDS)

    @property
    def label(self) -> str:
        if self._label:
            return self._label
        what = self.field.replace(":", " ")
        if len(self.targets) == 1:
            return f"Set {what} of {self.noun} {self.targets[0]}"
        return f"Set {what} of {len(self.targets)} {self.noun}s"

    def _describe(self, pack: Pack) -> str:
        return ""

    # -- to define per family ----------------------------------------------------------
    def _table(self, pack: Pack) -> Mapping[Hashable, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _change(self, targets: set) -> Change:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- mechanics ---------------------------------------------------------------------
    def _objects(self, pack: Pack) -> dict[Hashable, Any]:
        table = self._table(pack)
        missing = [t for t in self.targets if t not in table]
        if missing:
            raise EditError(f"no {self.noun} with id {missing[0]!r}")
        return {t: table[t] for t in self.targets}

    def _normalise(self, pack: Pack, target: Hashable, obj: Any, value: Any) -> Any:
        """The new stored value of ``self.attr`` for ``obj``."""
        try:
            checked = self._check(value, pack)
        except ValueError as err:
            raise EditError(f"{self.noun} {target}: {self.field}: {err}") from None
        if self.field == self.attr:
            return checked
        # virtual field: a part of the stored attribute
        part = self.field.split(":", 1)[1]
        return self._write_part(clone(getattr(obj, self.attr)), part, checked)

    def _write_part(self, stored: Any, part: str, value: Any) -> Any:  # pragma: no cover
        raise NotImplementedError

    def _validate_all(self, pack: Pack, new: dict[Hashable, Any]) -> None:
        """Checks across targets (e.g. unique codes)."""

    def _apply(self, pack: Pack) -> Change:
        objs = self._objects(pack)
        new = {t: self._normalise(pack, t, o, self.raw[t]) for t, o in objs.items()}
        self._validate_all(pack, new)
        self._label = self._describe(pack)
        self.before = {t: clone(getattr(o, self.attr)) for t, o in objs.items()}
        for t, o in objs.items():
            setattr(o, self.attr, clone(new[t]))
        self.after = new
        return self._change(set(self.targets))

    def _revert(self, pack: Pack) -> Change:
        objs = self._objects(pack)
        for t, o in objs.items():
            setattr(o, self.attr, clone(self.before[t]))
        return self._change(set(self.targets))

    def merge(self, other: Edit) -> Edit | None:
        if not (
            type(other) is type(self)
            and isinstance(other, SetAttrs)
            and self.applied
            and other.applied
            and other.field == self.field
            and other.targets == self.targets
            and self._same_scope(other)
        ):
            return None
        merged = type(self).__new__(type(self))
        merged.__dict__.update(self.__dict__)
        merged.raw = dict(other.raw)
        merged.after = other.after
        merged.before = self.before
        merged._label = other._label
        return merged

    def _same_scope(self, other: SetAttrs) -> bool:
        return True

    def is_noop(self) -> bool:
        return self.applied and self.before == self.after


def _fmt_value(value: Any) -> str:
    if isinstance(value, str):
        return repr(value) if len(value) <= 24 else repr(value[:21] + "...")
    if isinstance(value, tuple) and len(value) == 2:
        return f"({value[0]:g}, {value[1]:g})"
    return str(value) if len(str(value)) <= 24 else "…"


# -- zones -----------------------------------------------------------------------
class SetZoneAttrs(SetAttrs):
    """Set ``name``, ``code``, ``value``, ``terrain``, ``region``, ``kind``, ``flags``,
    ``flag:<name>``, ``label``, ``roundel`` or ``slots`` of one or many zones."""

    family = "zone"
    noun = "zone"
    FIELDS = {
        "name": ("name", v_str(nonempty=True)),
        "code": ("code", v_str(nonempty=True, no_space=True)),
        "value": ("value", v_int(lo=0, hi=100000)),
        "terrain": ("terrain", v_str(nonempty=True, no_space=True)),
        "region": ("region", v_str()),
        "kind": ("kind", v_choice(ZONE_KINDS)),
        "flags": ("flags", v_flags),
        "label": ("label", v_opt_point),
        "roundel": ("roundel", v_opt_point),
        "slots": ("slots", v_points),
    }
    VIRTUAL = {"flag": ("flags", v_bool)}
    SINGLE = ("code",)

    def _table(self, pack: Pack) -> Mapping[Hashable, Any]:
        return pack.map.zones

    def _write_part(self, stored: Any, part: str, value: Any) -> Any:
        flags = set(stored)
        flags.add(part) if value else flags.discard(part)
        return sorted(flags)

    def _validate_all(self, pack: Pack, new: dict[Hashable, Any]) -> None:
        if self.field == "code":
            for t, code in new.items():
                other = pack.map.zone_by_code(code)
                if other is not None and other.id != t:
                    raise EditError(f"zone {t}: code {code!r} is already used by zone {other.id}")

    def _describe(self, pack: Pack) -> str:
        what = self.field.replace(":", " ")
        if len(self.targets) == 1:
            z = pack.map.zones[self.targets[0]]
            value = next(iter(self.raw.values()))
            return f"Set {what} of {z.name or z.code} to {_fmt_value(value)}"
        return f"Set {what} of {len(self.targets)} zones"

    def _change(self, targets: set) -> Change:
        return Change(zones=targets, fields={f"zone.{self.attr}"})


class SetZoneGeometry(Edit):
    """Replace the geometry of zones (``{zone id: Polygon | MultiPolygon | None}``).
    Topology-preserving edits come from ``gamecore.geometry`` change sets; this is the
    exact, unchecked primitive they are recorded with."""

    family = "geometry"

    def __init__(self, geometries: Mapping[int, Any], label: str = "Edit geometry"):
        super().__init__()
        self.geometries = dict(geometries)
        self.before: dict[int, Any] = {}
        self._label = label

    @property
    def label(self) -> str:
        return self._label

    def _apply(self, pack: Pack) -> Change:
        zones = pack.map.zones
        for zid, geom in self.geometries.items():
            if zid not in zones:
                raise EditError(f"no zone with id {zid!r}")
            if geom is not None and getattr(geom, "geom_type", "") not in (
                "Polygon",
                "MultiPolygon",
            ):
                raise EditError(f"zone {zid}: geometry must be a Polygon or MultiPolygon")
        self.before = {zid: zones[zid].geometry for zid in self.geometries}
        for zid, geom in self.geometries.items():
            zones[zid].geometry = geom
        return Change(geometry=set(self.geometries), fields={"zone.geometry"})

    def _revert(self, pack: Pack) -> Change:
        for zid, geom in self.before.items():
            pack.map.zones[zid].geometry = geom
        return Change(geometry=set(self.geometries), fields={"zone.geometry"})


# -- links, facilities, lines, nations -----------------------------------------------------
class SetLinkAttrs(SetAttrs):
    """Set ``kind``, ``name``, ``a``, ``b``, ``via``, ``controllers`` or ``rule`` of links."""

    family = "link"
    noun = "link"
    FIELDS = {
        "kind": ("kind", v_choice(LINK_KINDS)),
        "name": ("name", v_str()),
        "a": ("a", v_zone()),
        "b": ("b", v_zone()),
        "via": ("via", v_zone(optional=True, kinds=("sea", "lake"))),
        "controllers": ("controllers", v_zones()),
        "rule": ("rule", v_choice(("all", "any"))),
    }

    def _table(self, pack: Pack) -> Mapping[Hashable, Any]:
        return pack.map.links

    def _change(self, targets: set) -> Change:
        return Change(links=targets, fields={f"link.{self.attr}"})


class SetFacilityAttrs(SetAttrs):
    """Set ``type``, ``zone``, ``level``, ``damage``, ``serves`` or ``owner`` of facilities."""

    family = "facility"
    noun = "facility"
    FIELDS = {
        "type": ("type", v_str(nonempty=True, no_space=True)),
        "zone": ("zone", v_zone()),
        "level": ("level", v_int(lo=0, hi=1000)),
        "damage": ("damage", v_int(lo=0, hi=1000)),
        "serves": ("serves", v_zones(kinds=("sea", "lake"))),
        "owner": ("owner", v_nation()),
    }

    def _table(self, pack: Pack) -> Mapping[Hashable, Any]:
        return pack.map.facilities

    def _change(self, targets: set) -> Change:
        return Change(facilities=targets, fields={f"facility.{self.attr}"})


class SetLineAttrs(SetAttrs):
    """Set ``name``, ``kind``, ``points``, ``path``, ``start``, ``end``, ``values``,
    ``value:<nation>`` or ``gauge`` of convoy/rail/river lines."""

    family = "line"
    noun = "line"
    FIELDS = {
        "name": ("name", v_str()),
        "kind": ("kind", v_choice(LINE_KINDS)),
        "points": ("points", v_points),
        "path": ("path", v_zones()),
        "start": ("start", v_zone(optional=True)),
        "end": ("end", v_zone(optional=True)),
        "values": ("values", v_int_map),
        "gauge": ("gauge", v_opt_str),
    }
    VIRTUAL = {"value": ("values", v_int(lo=0, optional=True))}

    def _table(self, pack: Pack) -> Mapping[Hashable, Any]:
        return pack.map.lines

    def _normalise(self, pack: Pack, target: Hashable, obj: Any, value: Any) -> Any:
        if self.field.startswith("value:") and self.field[6:] not in pack.nations:
            raise EditError(f"line {target}: {self.field}: no nation {self.field[6:]!r}")
        return super()._normalise(pack, target, obj, value)

    def _write_part(self, stored: Any, part: str, value: Any) -> Any:
        if value is None:
            stored.pop(part, None)
        else:
            stored[part] = value
        return stored

    def _change(self, targets: set) -> Change:
        return Change(lines=targets, fields={f"line.{self.attr}"})


def v_area_geometry(value: Any, pack: Pack) -> Any:
    if getattr(value, "geom_type", "") not in ("Polygon", "MultiPolygon"):
        raise ValueError(f"expected a Polygon or MultiPolygon, got {_desc(value)}")
    return value


class SetTerrainAreaAttrs(SetAttrs):
    """Set ``terrain``, ``zone`` or ``geometry`` of terrain areas (Global War §1.7: the
    terrain drawn inside a zone). The Change names the zones the areas lie in (before and
    after), and ``terrain_area.<field>`` in its fields."""

    family = "terrain_area"
    noun = "terrain area"
    FIELDS = {
        "terrain": ("terrain", v_str(nonempty=True, no_space=True)),
        "zone": ("zone", v_zone(kinds=("land",))),
        "geometry": ("geometry", v_area_geometry),
    }

    def _table(self, pack: Pack) -> Mapping[Hashable, Any]:
        return pack.map.terrain_areas

    def _zones(self, pack: Pack) -> set[int]:
        areas = pack.map.terrain_areas
        return {areas[t].zone for t in self.targets if t in areas}

    def _apply(self, pack: Pack) -> Change:
        before = self._zones(pack)
        change = super()._apply(pack)
        change.zones |= before | self._zones(pack)
        return change

    def _revert(self, pack: Pack) -> Change:
        before = self._zones(pack)
        change = super()._revert(pack)
        change.zones |= before | self._zones(pack)
        return change

    def _change(self, targets: set) -> Change:
        return Change(fields={f"terrain_area.{self.attr}"})


class SetNationAttrs(SetAttrs):
    """Set ``name``, ``colour``, ``kind``, ``playable``, ``capital`` or ``home_zones``."""

    family = "nation"
    noun = "nation"
    FIELDS = {
        "name": ("name", v_str(nonempty=True)),
        "colour": ("colour", v_colour),
        "kind": ("kind", v_choice(NATION_KINDS)),
        "playable": ("playable", v_bool),
        "capital": ("capital", v_zone(optional=True)),
        "home_zones": ("home_zones", v_zones()),
    }

    def _table(self, pack: Pack) -> Mapping[Hashable, Any]:
        return pack.nations

    def _change(self, targets: set) -> Change:
        return Change(nations=targets, fields={f"nation.{self.attr}"})


# -- entries that exist only when set: borders, ownership ---------------------------------
def _put_at(d: dict, key: Hashable, value: Any, position: int) -> None:
    """Put ``key`` back into ``d`` at ``position`` (dict order restored exactly)."""
    if key in d:
        d[key] = value
        return
    items = list(d.items())
    items.insert(min(position, len(items)), (key, value))
    d.clear()
    d.update(items)


class _SetEntries(Edit):
    """Set a field of dict entries that may be absent (created on demand, removed when
    they become empty); reverting restores presence, content and dict order."""

    noun = "entry"
    FIELDS: dict[str, Validator] = {}

    def __init__(self, targets: Iterable[Hashable], field: str, value: Any):
        super().__init__()
        if field not in self.FIELDS:
            raise EditError(
                f"{self.noun} has no editable field {field!r} (known: {', '.join(self.FIELDS)})"
            )
        self.targets = tuple(dict.fromkeys(targets))
        if not self.targets:
            raise EditError(f"{self.noun} edit of {field!r}: nothing selected")
        self.field = field
        self.value = value
        self.before: dict[Hashable, tuple[int, Any]] = {}  # key -> (position, copy or None)
        self.after: dict[Hashable, Any] = {}

    @property
    def label(self) -> str:
        n = len(self.targets)
        return f"Set {self.field} of {n} {self.noun}{'s' if n != 1 else ''}"

    def _dict(self, pack: Pack) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def _key(self, pack: Pack, target: Hashable) -> Hashable:
        return target

    def _new(self, key: Hashable) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _empty(self, entry: Any) -> bool:
        return False

    def _write(self, entry: Any, value: Any) -> None:
        setattr(entry, self.field, value)

    def _change(self, keys: set) -> Change:  # pragma: no cover - abstract
        raise NotImplementedError

    def _apply(self, pack: Pack) -> Change:
        d = self._dict(pack)
        keys = [self._key(pack, t) for t in self.targets]
        try:
            value = self.FIELDS[self.field](self.value, pack)
        except ValueError as err:
            raise EditError(f"{self.noun} {keys[0]}: {self.field}: {err}") from None
        positions = {k: i for i, k in enumerate(d)}
        self.before = {k: (positions.get(k, len(d)), clone(d.get(k))) for k in keys}
        for k in keys:
            entry = d.get(k)
            if entry is None:
                entry = d[k] = self._new(k)
            self._write(entry, clone(value))
            if self._empty(entry):
                del d[k]
        self.after = {k: clone(d.get(k)) for k in keys}
        return self._change(set(keys))

    def _revert(self, pack: Pack) -> Change:
        d = self._dict(pack)
        # restore in ascending position so earlier insertions keep later positions right
        for k, (pos, old) in sorted(self.before.items(), key=lambda kv: kv[1][0]):
            if old is None:
                d.pop(k, None)
            else:
                _put_at(d, k, clone(old), pos)
        return self._change(set(self.before))

    def merge(self, other: Edit) -> Edit | None:
        if not (
            type(other) is type(self)
            and isinstance(other, _SetEntries)
            and self.applied
            and other.applied
            and other.field == self.field
            and other.targets == self.targets
            and self._same_scope(other)
        ):
            return None
        merged = type(self).__new__(type(self))
        merged.__dict__.update(self.__dict__)
        merged.value = other.value
        merged.after = other.after
        return merged

    def _same_scope(self, other: _SetEntries) -> bool:
        return True

    def is_noop(self) -> bool:
        return self.applied and {k: v for k, (_, v) in self.before.items()} == self.after


def v_hostile_terrain(value: Any, pack: Pack) -> str | None:
    if value is None or value == "":
        return None
    return v_choice(HOSTILE_TERRAIN)(value, pack)


class SetBorderAttrs(_SetEntries):
    """Set ``river``, ``mountain``, ``fortified``, ``impassable`` (bool), ``rail_gauge``
    (text or None), ``crossing_limit`` (int or None), ``hostile_terrain`` (one of
    ``HOSTILE_TERRAIN`` or None; The War Game's lines, kept in the border's props), or
    the hexside features of hex maps ``road`` and ``all_sea`` (bool, kept in the border's
    props as ``True`` or absent; the HGW contract of issue #28) of borders given as zone
    pairs. A border that ends up plain is removed from ``Map.borders`` (only borders
    with some attribute are stored)."""

    family = "border"
    noun = "border"
    FIELDS = {
        "river": v_bool,
        "mountain": v_bool,
        "fortified": v_bool,
        "impassable": v_bool,
        "rail_gauge": v_opt_str,
        "crossing_limit": v_int(lo=0, hi=1000, optional=True),
        "hostile_terrain": v_hostile_terrain,
        "road": v_bool,
        "all_sea": v_bool,
    }
    #: fields stored in ``Border.props`` rather than as attributes
    PROPS_FIELDS = ("hostile_terrain", "road", "all_sea")
    #: props-backed fields that are flags: ``True`` when set, absent when not
    PROPS_FLAGS = ("road", "all_sea")

    def _write(self, entry: Any, value: Any) -> None:
        if self.field not in self.PROPS_FIELDS:
            return super()._write(entry, value)
        props = dict(entry.props)
        if value is None or (self.field in self.PROPS_FLAGS and not value):
            props.pop(self.field, None)
        else:
            props[self.field] = value
        entry.props = props

    @classmethod
    def current(cls, border: Border, field: str) -> Any:
        """The value of ``field`` on ``border`` (props-backed fields included)."""
        if field in cls.PROPS_FLAGS:
            return border.props.get(field) is True
        if field in cls.PROPS_FIELDS:
            return border.props.get(field)
        return getattr(border, field)

    def _dict(self, pack: Pack) -> dict:
        return pack.map.borders

    def _key(self, pack: Pack, target: Hashable) -> Hashable:
        a, b = target  # type: ignore[misc]
        for z in (a, b):
            if z not in pack.map.zones:
                raise EditError(f"border {a}-{b}: no zone with id {z!r}")
        if a == b:
            raise EditError(f"border {a}-{b}: a border joins two different zones")
        return border_key(a, b)

    def _new(self, key: Hashable) -> Border:
        return Border(*key)  # type: ignore[misc]

    def _empty(self, entry: Border) -> bool:
        return entry.is_plain()

    def _change(self, keys: set) -> Change:
        return Change(borders=keys, fields={f"border.{self.field}"})


class SetOwnership(_SetEntries):
    """Set ``owner`` or ``original`` (nation id or None) of zones in one scenario."""

    family = "ownership"
    noun = "zone ownership"
    FIELDS = {"owner": v_nation(), "original": v_nation()}

    def __init__(self, scenario: str, zones: Iterable[int], field: str, value: str | None):
        super().__init__(zones, field, value)
        self.scenario = scenario

    @property
    def label(self) -> str:
        n = len(self.targets)
        who = self.value or "nobody"
        return f"Set {self.field} of {n} zone{'s' if n != 1 else ''} to {who}"

    def _dict(self, pack: Pack) -> dict:
        scenario = pack.scenarios.get(self.scenario)
        if scenario is None:
            raise EditError(f"no scenario {self.scenario!r}")
        return scenario.ownership

    def _key(self, pack: Pack, target: Hashable) -> Hashable:
        if target not in pack.map.zones:
            raise EditError(f"no zone with id {target!r}")
        return target

    def _new(self, key: Hashable) -> Ownership:
        return Ownership()

    def _same_scope(self, other: _SetEntries) -> bool:
        return getattr(other, "scenario", None) == self.scenario

    def _change(self, keys: set) -> Change:
        return Change(ownership=keys, scenarios={self.scenario}, fields={f"ownership.{self.field}"})


__all__ = [
    "SetAttrs",
    "SetBorderAttrs",
    "SetFacilityAttrs",
    "SetLineAttrs",
    "SetLinkAttrs",
    "SetNationAttrs",
    "SetOwnership",
    "SetZoneAttrs",
    "SetZoneGeometry",
]
