"""Attribute checks (ATT…): names, codes, values, placement points, facilities, lines."""

from __future__ import annotations

import math
from collections import defaultdict

import numpy as np
import shapely
from shapely.geometry import Point

from gamecore.model import FACILITY_SERVES_SEA
from gamecore.validate.registry import Fix, check


@check("ATT001", "warning", "attributes", "duplicate zone names")
def duplicate_names(ctx):
    by_name = defaultdict(list)
    for zid, z in ctx.map.zones.items():
        by_name[z.name.casefold()].append(zid)
    for ids in by_name.values():
        if len(ids) > 1:
            yield ctx.issue(
                "ATT001",
                f"{len(ids)} zones are named '{ctx.name_of(ids[0])}' "
                f"(ids {', '.join(map(str, ids))}): conditions and imports cannot "
                "tell them apart",
                zones=sorted(ids),
            )


@check("ATT002", "error", "attributes", "duplicate or empty zone codes")
def duplicate_codes(ctx):
    by_code = defaultdict(list)
    for zid, z in ctx.map.zones.items():
        if not z.code.strip() or " " in z.code:
            yield ctx.issue(
                "ATT002",
                f"{ctx.zone_desc(zid)} has an unusable code {z.code!r} "
                "(codes are non-empty and have no spaces)",
                zones=[zid],
            )
        by_code[z.code].append(zid)
    for code, ids in by_code.items():
        if len(ids) > 1 and code.strip():
            yield ctx.issue(
                "ATT002",
                f"code {code!r} is used by {len(ids)} zones "
                f"({', '.join(ctx.name_of(i) for i in ids)})",
                zones=sorted(ids),
            )


@check("ATT003", "error", "attributes", "negative value", per_zone=True)
def negative_values(ctx, zones):
    for zid in sorted(zones):
        z = ctx.map.zones[zid]
        if z.value < 0:
            yield ctx.issue(
                "ATT003",
                f"{ctx.zone_desc(zid)} has a negative value ({z.value})",
                zones=[zid],
                fix=Fix("Set the value to 0", lambda pack, zid=zid: _set_zone(zid, "value", 0)),
            )


def _set_zone(zid, field, value):
    from gamecore.ops import SetZoneAttrs

    return SetZoneAttrs([zid], field, value)


def _remove_facility(fid):
    from gamecore.ops import RemoveItem

    return RemoveItem("facilities", fid)


def _facility_ashore(pack, fid):
    from gamecore.ops.items import facility_ashore_edit

    return facility_ashore_edit(pack, fid)


def _label_point(pack, zid):
    from gamecore.geometry.queries import label_point

    return label_point(pack.map.zones[zid].geometry)


_TRIPLEA_NOTE = " (as TripleA maps place them, beside small islands)"


def _triplea(ctx) -> bool:
    """Whether the pack is a TripleA map: its labels and unit slots follow TripleA's
    placement conventions (beside an island too small to hold them, in the sea), so a
    point outside its zone is information, not a warning."""
    return (ctx.pack.meta or {}).get("source") == "TripleA"


@check("ATT004", "warning", "attributes", "label or roundel outside its zone", per_zone=True)
def points_outside(ctx, zones):
    for zid in sorted(zones):
        z = ctx.map.zones[zid]
        g = z.geometry
        if g is None or g.is_empty or not g.is_valid:
            continue
        for field in ("label", "roundel"):
            p = getattr(z, field)
            if p is not None and not g.covers(Point(p)):
                yield ctx.issue(
                    "ATT004",
                    f"the {field} point of {ctx.zone_desc(zid)} lies outside the zone"
                    + _TRIPLEA_NOTE * _triplea(ctx),
                    severity="info" if _triplea(ctx) else "warning",
                    zones=[zid],
                    point=tuple(p),
                    fix=Fix(
                        f"Move the {field} into the zone",
                        lambda pack, zid=zid, f=field: _set_zone(zid, f, _label_point(pack, zid)),
                    ),
                )


def slot_radius(m) -> float:
    """How far apart unit-stack slots must be (map property ``slot_radius``, default 1% of
    the smaller frame side)."""
    return float(m.props.get("slot_radius", 0.01 * min(m.width, m.height)))


@check("ATT005", "warning", "attributes", "unit-stack slots outside or overlapping", per_zone=True)
def slots(ctx, zones):
    r = slot_radius(ctx.map)
    for zid in sorted(zones):
        z = ctx.map.zones[zid]
        if not z.slots or z.geometry is None or not z.geometry.is_valid:
            continue
        inside = shapely.covers(z.geometry, shapely.points(np.asarray(z.slots, dtype=float)))
        outside = [p for p, ok in zip(z.slots, inside, strict=True) if not ok]
        if outside:
            yield ctx.issue(
                "ATT005",
                f"{len(outside)} unit-stack slot(s) of {ctx.zone_desc(zid)} lie outside the zone"
                + _TRIPLEA_NOTE * _triplea(ctx),
                severity="info" if _triplea(ctx) else "warning",
                zones=[zid],
                point=tuple(outside[0]),
            )
        close = crowded_slots(z.slots, r)
        if close:
            yield ctx.issue(
                "ATT005",
                f"{len(close)} unit-stack slot(s) of {ctx.zone_desc(zid)} overlap another "
                f"(closer than {r:.3g})",
                zones=[zid],
                point=tuple(z.slots[close[0]]),
            )


def crowded_slots(slots, r: float) -> list[int]:
    """Indices of the slots with another slot closer than ``r``, in O(n) on a grid.

    The grid's cells have side r/√2, so two slots in one cell are always closer than r:
    a crowded cell needs no distance at all, and a lone slot is compared only with the
    slots of the 5 x 5 cells around it (r spans at most two cells). Each cell is read by
    at most 24 neighbours, so even 100,000 slots on one point cost linear time, where
    comparing all pairs took 5·10⁹ distances.
    """
    if r <= 0 or len(slots) < 2:
        return []
    side = r / math.sqrt(2.0)
    cells: dict[tuple[int, int], list[int]] = {}
    for i, (x, y) in enumerate(slots):
        cells.setdefault((math.floor(x / side), math.floor(y / side)), []).append(i)
    close = []
    for (cx, cy), members in cells.items():
        if len(members) > 1:
            close.extend(members)
            continue
        (i,) = members
        p = slots[i]
        if any(
            math.dist(p, slots[j]) < r
            for dx in range(-2, 3)
            for dy in range(-2, 3)
            if dx or dy
            for j in cells.get((cx + dx, cy + dy), ())
        ):
            close.append(i)
    return sorted(close)


@check("ATT006", "error", "attributes", "port or naval base without sea access")
def ports(ctx):
    zones = ctx.map.zones
    for f in ctx.map.facilities.values():
        if f.type not in FACILITY_SERVES_SEA or f.zone not in zones:
            continue
        seas = [n for n in ctx.adjacency.get(f.zone, ()) if zones[n].kind == "sea"]
        if not seas:
            yield ctx.issue(
                "ATT006",
                f"{f.type} in {ctx.zone_desc(f.zone)}: the zone is land-locked",
                zones=[f.zone],
                refs={"facilities": [f.id]},
            )
            continue
        if not f.serves:
            yield ctx.issue(
                "ATT006",
                f"{f.type} in {ctx.zone_desc(f.zone)} names no sea zone it "
                f"serves (neighbouring seas: {', '.join(ctx.name_of(s) for s in seas)})",
                severity="warning",
                zones=[f.zone],
                refs={"facilities": [f.id]},
            )
        for s in f.serves:
            if s not in seas:
                yield ctx.issue(
                    "ATT006",
                    f"{f.type} in {ctx.zone_desc(f.zone)} serves "
                    f"{ctx.zone_desc(s)}, which is not a neighbouring sea zone",
                    zones=[f.zone],
                    refs={"facilities": [f.id]},
                )


@check("ATT007", "error", "attributes", "facility type unknown to the ruleset")
def facility_types(ctx):
    """A facility's type is one the rulesets of the scenarios it belongs to define (a
    facility with ``props.scenarios`` is checked against those scenarios' rulesets only)."""
    for f in ctx.map.facilities.values():
        scs = ctx.scenarios_of(f.props)
        known = ctx.facility_types(scs or None)
        if known is None:
            continue
        if f.type not in known:
            which = "its scenarios'" if f.props.get("scenarios") else "the scenarios'"
            yield ctx.issue(
                "ATT007",
                f"facility type {f.type!r} in {ctx.zone_desc(f.zone)} is not "
                f"defined by {which} rulesets (known: {', '.join(sorted(known))})",
                zones=[f.zone] if f.zone in ctx.map.zones else [],
                refs={"facilities": [f.id]},
            )


@check("ATT008", "error", "attributes", "facility in a missing or sea zone")
def facility_zone(ctx):
    for f in ctx.map.facilities.values():
        z = ctx.map.zones.get(f.zone)
        if z is None:
            yield ctx.issue(
                "ATT008",
                f"facility {f.id} ({f.type}) is in zone id {f.zone}, which does not exist",
                refs={"facilities": [f.id]},
            )
        elif z.kind != "land":
            yield ctx.issue(
                "ATT008",
                f"{f.type} in {ctx.zone_desc(f.zone)}: facilities stand on land",
                zones=[f.zone],
                refs={"facilities": [f.id]},
                # a harbour an import put at sea: to the coast (or gone, with no coast)
                fix=Fix(
                    "Move it to the coast (or drop it)",
                    lambda pack, fid=f.id: _facility_ashore(pack, fid),
                ),
            )
        if f.level < 0 or f.damage < 0:
            yield ctx.issue(
                "ATT008",
                f"facility {f.id} ({f.type}) has a negative level or damage",
                zones=[f.zone] if z else [],
                refs={"facilities": [f.id]},
            )


@check("ATT009", "error", "attributes", "line without a drawing")
def short_lines(ctx):
    for line in ctx.map.lines.values():
        if len(line.points) < 2:
            yield ctx.issue(
                "ATT009",
                f"{line.kind} line {line.name or line.id} has "
                f"{len(line.points)} point(s); it needs at least 2",
                refs={"lines": [line.id]},
            )


@check("ATT010", "warning", "attributes", "facility duplicated or over its maximum damage")
def facility_limits(ctx):
    """rules-notes/004 §5.15, §5.17: one facility of a type per zone; damage within the
    type's maximum (from the rulesets of the scenarios the facility belongs to). Facilities
    of different scenarios (``props.scenarios``) may share a zone and a type."""
    facilities = ctx.map.facilities
    seen: dict[tuple[int, str], list[int]] = {}
    for f in sorted(facilities.values(), key=lambda f: f.id):
        known = ctx.facility_types(ctx.scenarios_of(f.props) or None) or {}
        ft = known.get(f.type)
        kind = f.type  # as the map names it: rulesets may alias several names to one type
        key = (f.zone, kind)
        twin = next(
            (o for o in seen.get(key, ()) if ctx.coexist(facilities[o].props, f.props)), None
        )
        if twin is not None:
            # the obvious repair (a merge of two zones with a factory each gives this):
            # one of the type stays, the one added later goes
            yield ctx.issue(
                "ATT010",
                f"{ctx.zone_desc(f.zone)} has two {kind} facilities (ids {twin} and {f.id})",
                zones=[f.zone] if f.zone in ctx.map.zones else [],
                refs={"facilities": [twin, f.id]},
                fix=Fix(
                    f"Remove the second {kind} (id {f.id})",
                    lambda pack, fid=f.id: _remove_facility(fid),
                ),
            )
        seen.setdefault(key, []).append(f.id)
        limit = getattr(ft, "max_damage", 0) if ft is not None else 0
        if limit and f.damage > limit:
            yield ctx.issue(
                "ATT010",
                f"{kind} in {ctx.zone_desc(f.zone)} has damage {f.damage}, "
                f"more than its maximum {limit}",
                severity="error",
                zones=[f.zone] if f.zone in ctx.map.zones else [],
                refs={"facilities": [f.id]},
            )


@check("ATT011", "warning", "attributes", "map item scoped to scenarios the pack does not have")
def item_scenarios(ctx):
    """A convoy line, rail line or facility may exist only in some scenarios
    (``props.scenarios``, :func:`gamecore.model.in_scenario`); the ids it names are scenarios
    of the pack, else it is in none of them (a renamed scenario loses its convoys)."""
    known = set(ctx.pack.scenarios)
    items = [("lines", ln, f"{ln.kind} line {ln.name or ln.id}") for ln in ctx.map.lines.values()]
    items += [
        ("facilities", f, f"{f.type} in {ctx.zone_desc(f.zone)}")
        for f in ctx.map.facilities.values()
    ]
    for table, item, desc in sorted(items, key=lambda t: (t[0], t[1].id)):
        only = item.props.get("scenarios")
        if not only:
            continue
        if not isinstance(only, list | tuple) or not all(isinstance(s, str) for s in only):
            yield ctx.issue(
                "ATT011",
                f"{desc}: props.scenarios is {only!r}; it is a list of scenario ids",
                severity="error",
                refs={table: [item.id]},
            )
            continue
        unknown = sorted(set(only) - known)
        if not unknown:
            continue
        where = [item.zone] if table == "facilities" and item.zone in ctx.map.zones else []
        none_left = not (set(only) & known)
        yield ctx.issue(
            "ATT011",
            f"{desc} belongs to scenario(s) {', '.join(unknown)}, which the pack does not have"
            + ("; it is in no scenario" if none_left else ""),
            zones=where,
            refs={table: [item.id]},
        )
