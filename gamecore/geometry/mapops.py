"""Applying a geometry :class:`ChangeSet` to a :class:`gamecore.model.Map`.

The editor and the CLI run an operation on a :class:`Coverage` (or get a change set
from :func:`gamecore.geometry.clean.clean_polygons`), then call
:func:`apply_changeset` to bring the map's zone records along: created zones get a
record (attributes copied from the zone they were cut from), deleted zones are removed
and what referred to them (facilities, terrain areas, links, lines, borders) moves to
the zone that absorbed them, label/roundel/slot points that fall outside a changed zone
are recomputed. The returned :class:`MapEdit` undoes all of it exactly.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError
from gamecore.geometry.changeset import ChangeSet
from gamecore.geometry.queries import label_point
from gamecore.model.map import Map, Zone, border_key

__all__ = ["MapEdit", "apply_changeset", "default_new_zone"]

ZoneFactory = Callable[[int, BaseGeometry, Zone | None, Map], Zone]
_UNIQUE_FLAGS = ("capital", "victory_city", "city")


def _inside(geom: BaseGeometry, p) -> bool:
    return p is not None and bool(shapely.intersects_xy(geom, p[0], p[1]))


def default_new_zone(zid: int, geom: BaseGeometry, template: Zone | None, m: Map) -> Zone:
    """A record for a zone cut from ``template``: same kind, terrain, region and props,
    no value and no city/capital flags (those stay with the original), a fresh code
    (the next number for numbered sea zones, else "<code>-2", "-3", ...)."""
    used = {z.code for z in m.zones.values()}
    if template is None:
        code = f"Z{zid}"
        k = 2
        while code in used:
            code, k = f"Z{zid}-{k}", k + 1
        return Zone(zid, code, f"Zone {zid}", geometry=geom, label=label_point(geom))
    if template.code.isdigit():
        numbers = [int(z.code) for z in m.zones.values() if z.code.isdigit()]
        code = str(max(numbers, default=0) + 1)
        name = f"{template.name.rstrip('0123456789').rstrip()} {code}".strip()
        if not template.name.rstrip("0123456789").strip():
            name = code
    else:
        k = 2
        while f"{template.code}-{k}" in used:
            k += 1
        code = f"{template.code}-{k}"
        name = f"{template.name} ({k})"
    return Zone(
        zid,
        code,
        name,
        kind=template.kind,
        geometry=geom,
        value=0,
        terrain=template.terrain,
        region=template.region,
        flags=[f for f in template.flags if f not in _UNIQUE_FLAGS],
        label=label_point(geom),
        props=copy.deepcopy(template.props),
    )


@dataclass
class MapEdit:
    """What :func:`apply_changeset` did to a map, enough to undo it exactly."""

    changeset: ChangeSet
    created: list[int] = field(default_factory=list)
    removed: dict[int, Zone] = field(default_factory=dict)
    old_zone_state: dict[int, dict[str, Any]] = field(default_factory=dict)
    old_records: dict[tuple[str, Any], Any] = field(default_factory=dict)

    def undo(self, m: Map) -> None:
        """Restore the map as it was before the change set was applied."""
        for zid in self.created:
            m.zones.pop(zid, None)
        for zid, zone in self.removed.items():
            m.zones[zid] = zone
        for zid, state in self.old_zone_state.items():
            zone = m.zones[zid]
            for attr, value in state.items():
                setattr(zone, attr, value)
        for (table, key), old in self.old_records.items():
            items = getattr(m, table)
            if old is None:
                items.pop(key, None)
            else:
                items[key] = old


def apply_changeset(m: Map, cs: ChangeSet, new_zone_factory: ZoneFactory | None = None) -> MapEdit:
    """Apply a geometry change set to ``m``'s zones and everything that refers to them.
    Returns the :class:`MapEdit` whose ``undo(m)`` reverts it."""
    for zid in list(cs.modified) + list(cs.deleted):
        if zid not in m.zones:
            raise GeometryError(f"change set names zone {zid}, which the map does not have")
    for zid in cs.created:
        if zid in m.zones:
            raise GeometryError(f"change set creates zone {zid}, which the map already has")
    factory = new_zone_factory or default_new_zone
    edit = MapEdit(cs)

    def save_zone(zid: int, *attrs: str) -> None:
        state = edit.old_zone_state.setdefault(zid, {})
        for a in attrs:
            if a not in state:
                state[a] = copy.deepcopy(getattr(m.zones[zid], a))

    def save(table: str, key) -> Any:
        if (table, key) not in edit.old_records:
            edit.old_records[(table, key)] = getattr(m, table).get(key)
            if edit.old_records[(table, key)] is not None:
                getattr(m, table)[key] = copy.deepcopy(getattr(m, table)[key])
        return getattr(m, table).get(key)

    # geometry of modified zones, and their points
    relabel = set(cs.info.get("relabel", ()))
    for zid, (_old, new) in cs.modified.items():
        zone = m.zones[zid]
        save_zone(zid, "geometry", "label", "roundel", "slots")
        zone.geometry = new
        if zid in relabel or not _inside(new, zone.label):
            # a split or merge re-places the label (the old point may now sit on the cut
            # or in a corner of the merged whole); a roundel at the label follows it
            point = label_point(new)
            if zone.roundel is not None and zone.roundel == zone.label:
                zone.roundel = point
            zone.label = point
        if zone.roundel is not None and not _inside(new, zone.roundel):
            zone.roundel = zone.label
        zone.slots = [s for s in zone.slots if _inside(new, s)]
    # new zones
    for zid, geom in cs.created.items():
        template = m.zones.get(cs.sources.get(zid, -1))
        zone = factory(zid, geom, template, m)
        zone.id = zid
        zone.geometry = geom
        m.zones[zid] = zone
        edit.created.append(zid)
    # deleted zones: references move to the zone that absorbed them (or go away)
    gone = set(cs.deleted)
    for zid in cs.deleted:
        edit.removed[zid] = m.zones.pop(zid)

    def target(z):
        """Where a reference to zone z goes: itself, its absorber, or None."""
        seen = set()
        while z in gone and z not in seen:
            seen.add(z)
            z = cs.absorbed.get(z)
        return None if z in gone else z

    if gone:
        for fid, fac in list(m.facilities.items()):
            moved_zone = fac.zone in gone
            moved_serves = any(s in gone for s in fac.serves)
            if not (moved_zone or moved_serves):
                continue
            fac = save("facilities", fid)
            if moved_zone:
                new_zone = target(fac.zone)
                if new_zone is None:
                    del m.facilities[fid]
                    continue
                fac.zone = new_zone
            fac.serves = sorted({t for s in fac.serves if (t := target(s)) is not None})
        for tid, area in list(m.terrain_areas.items()):
            if area.zone in gone:
                area = save("terrain_areas", tid)
                new_zone = target(area.zone)
                if new_zone is None:
                    del m.terrain_areas[tid]
                else:
                    area.zone = new_zone
        for lid, link in list(m.links.items()):
            refs = {link.a, link.b, link.via, *link.controllers}
            if not refs & gone:
                continue
            link = save("links", lid)
            a, b = target(link.a), target(link.b)
            if a is None or b is None or a == b:
                del m.links[lid]
                continue
            link.a, link.b = a, b
            link.via = target(link.via) if link.via is not None else None
            link.controllers = [t for c in link.controllers if (t := target(c)) is not None]
        for lid, line in list(m.lines.items()):
            refs = {line.start, line.end, *line.path}
            if not refs & gone:
                continue
            line = save("lines", lid)
            path: list[int] = []
            for z in line.path:
                t = target(z)
                if t is not None and (not path or path[-1] != t):
                    path.append(t)
            line.path = path
            line.start = target(line.start) if line.start is not None else None
            line.end = target(line.end) if line.end is not None else None
        for key, border in list(m.borders.items()):
            if key[0] in gone or key[1] in gone:
                save("borders", key)
                del m.borders[key]
                a, b = target(key[0]), target(key[1])
                new_key = border_key(a, b) if a is not None and b is not None else None
                if new_key and a != b and new_key not in m.borders:
                    save("borders", new_key)
                    moved = copy.deepcopy(border)
                    moved.a, moved.b = new_key
                    m.borders[new_key] = moved
    return edit
