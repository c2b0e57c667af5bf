"""Checks of the map data Global War adds (GW…): roundel points and terrain areas (§1.7),
rail and river lines (§1.12, §1.14), convoy values (§1.6, §1.10), facility level and
naval facilities' sea zones (§1.4, §2.5, §12), narrow crossings (§1.20), objective cities
(§3.2). Sections are those of ``seeds/000`` (rules-notes/000 summarises them).

The checks are mechanisms driven by ruleset options, so they apply to any ruleset that
sets them: ``roundel_terrain`` (GW001, GW002), ``facility_levels = false`` (GW006),
``objective_cities`` (GW008). The others look at data only Global War-style maps have
(terrain areas, rail/river paths, naval facility types that ``needs_coast``, crossing
limits) and are silent on maps without it.
"""

from __future__ import annotations

import shapely
from shapely.geometry import Point

from gamecore.geometry.queries import zones_along
from gamecore.model import FACILITY_SERVES_SEA
from gamecore.validate.registry import Fix, _load_ruleset, check

#: fraction of a terrain area's area that may lie outside its zone (digitising noise)
OUTSIDE_TOLERANCE = 1e-3


# -- helpers --------------------------------------------------------------------------------
def rulesets(ctx, scenarios=None) -> list:
    """The loaded rulesets of the pack's scenarios, or of ``scenarios`` when given, with
    their options (those that fail to load are SCN001's)."""
    out: dict[tuple[str, str], object] = {}
    for sc in ctx.pack.scenarios.values() if scenarios is None else scenarios:
        key = ("ruleset", sc.ruleset)
        if key not in ctx.shared:
            ctx.shared[key] = _load_ruleset(ctx.pack, sc.ruleset)
        rs = ctx.shared[key][0]
        seen = (sc.ruleset, repr(sorted(sc.options.items())))
        if rs is not None and seen not in out:
            out[seen] = rs.with_options(sc.options)
    return list(out.values())


def _option(ctx, name: str, default=None) -> list:
    """The values of option ``name`` in the scenarios' rulesets; ``default`` for a ruleset
    of another system, which does not declare the A&A family's options (hgw)."""
    return [_value(rs, name, default) for rs in rulesets(ctx)]


def _value(rs, name: str, default=None):
    """Option ``name`` of ruleset ``rs``, ``default`` when its system does not declare it."""
    return rs.options[name] if name in rs.options else default


def _set_zone(zid, field, value):
    from gamecore.ops import SetZoneAttrs

    return SetZoneAttrs([zid], field, value)


def _set(cls_name, ids, field, value):
    import gamecore.ops as ops

    return getattr(ops, cls_name)(ids, field, value)


def _pt(p) -> tuple[float, float]:
    return (round(p.x, 3), round(p.y, 3))


def _line_name(line) -> str:
    return line.name or f"{line.kind} line {line.id}"


def land_path_of_polyline(m, points) -> list[int]:
    """The land zones a polyline passes through, in order (consecutive repeats removed;
    stretches that run along a border are in neither zone)."""
    return zones_along(m, points, ("land",))


def _areas_at(m, zid: int, p: tuple[float, float]) -> list:
    pt = Point(p)
    return [
        a
        for a in sorted(m.terrain_areas.values(), key=lambda a: a.id)
        if a.zone == zid and a.geometry is not None and a.geometry.covers(pt)
    ]


# -- §1.7 roundel points and terrain --------------------------------------------------------
@check(
    "GW001", "warning", "global_war", "zone with terrain areas but no roundel point", per_zone=True
)
def roundel_missing(ctx, zones):
    """seeds/000 §1.7: terrain is decided by where the roundel lies, so a land zone with
    terrain areas needs a roundel point (a roundel outside its zone is ATT004)."""
    if not any(_option(ctx, "roundel_terrain", False)):
        return
    from gamecore.geometry.queries import label_point

    with_areas = {a.zone for a in ctx.map.terrain_areas.values()}
    for zid in sorted(zones & with_areas):
        z = ctx.map.zones[zid]
        if z.kind != "land" or z.roundel is not None:
            continue
        fix = None
        if z.geometry is not None and not z.geometry.is_empty:
            fix = Fix(
                "Put the roundel at the zone's label point",
                lambda pack, zid=zid: _set_zone(
                    zid,
                    "roundel",
                    pack.map.zones[zid].label or label_point(pack.map.zones[zid].geometry),
                ),
            )
        yield ctx.issue(
            "GW001",
            f"{ctx.zone_desc(zid)} has no roundel point: its terrain cannot be decided (§1.7)",
            zones=[zid],
            fix=fix,
        )


def _accepted_terrains(z, areas, known: set[str]) -> list[str]:
    """Zone terrains that agree with the terrain areas under the roundel: the areas'
    terrains, and "<terrain>_city" for a city zone when the ruleset has it (§1.24)."""
    out = []
    for a in areas:
        out.append(a.terrain)
        dual = f"{a.terrain}_city"
        if z.has_flag("city") and dual in known:
            out.insert(0, dual)
    return out


@check("GW002", "warning", "global_war", "zone terrain differs from the area under its roundel")
def roundel_terrain(ctx):
    """seeds/000 §1.7: "if the zone's roundel lies in a terrain area, the whole zone has
    that terrain"."""
    rs = [r for r in rulesets(ctx) if r.options.get("roundel_terrain")]
    if not rs or not ctx.map.terrain_areas:
        return
    known = {t for r in rs for t in r.terrain}
    for zid in sorted({a.zone for a in ctx.map.terrain_areas.values()}):
        z = ctx.map.zones.get(zid)
        if z is None or z.roundel is None:
            continue
        areas = _areas_at(ctx.map, zid, z.roundel)
        if not areas:
            continue
        accepted = _accepted_terrains(z, areas, known)
        if z.terrain in accepted:
            continue
        want = accepted[0]
        yield ctx.issue(
            "GW002",
            f"the roundel of {ctx.zone_desc(zid)} lies in {want.replace('_', ' ')} terrain "
            f"(area {areas[0].id}) but the zone's terrain is {z.terrain!r} (§1.7)",
            zones=[zid],
            point=tuple(z.roundel),
            refs={"terrain_areas": [a.id for a in areas]},
            fix=Fix(
                f"Set the zone's terrain to {want}",
                lambda p, i=zid, t=want: _set_zone(i, "terrain", t),
            ),
        )


@check(
    "GW003",
    "error",
    "global_war",
    "terrain area outside its zone or of unknown terrain",
    reads=("zone.name", "zone.kind", "zone.geometry"),
)
def terrain_areas(ctx):
    """seeds/000 §1.7: terrain areas lie inside a land zone; their terrain is one the
    scenarios' rulesets define."""
    m = ctx.map
    rs = rulesets(ctx)
    known = {t for r in rs for t in r.terrain} if rs else None
    for a in sorted(m.terrain_areas.values(), key=lambda a: a.id):
        z = m.zones.get(a.zone)
        if z is None:
            yield ctx.issue(
                "GW003",
                f"terrain area {a.id} ({a.terrain}) is in zone id {a.zone}, which does not exist",
                refs={"terrain_areas": [a.id]},
            )
            continue
        if z.kind != "land":
            yield ctx.issue(
                "GW003",
                f"terrain area {a.id} ({a.terrain}) lies in {ctx.zone_desc(a.zone)}, a {z.kind} "
                "zone: terrain areas belong to land zones",
                zones=[a.zone],
                refs={"terrain_areas": [a.id]},
            )
        if known is not None and a.terrain not in known:
            yield ctx.issue(
                "GW003",
                f"terrain area {a.id} in {ctx.zone_desc(a.zone)} has terrain {a.terrain!r}, "
                f"unknown to the rulesets (known: {', '.join(sorted(known))})",
                zones=[a.zone],
                refs={"terrain_areas": [a.id]},
            )
        g = a.geometry
        if g is None or g.is_empty:
            yield ctx.issue(
                "GW003",
                f"terrain area {a.id} ({a.terrain}) in {ctx.zone_desc(a.zone)} has no shape",
                zones=[a.zone],
                refs={"terrain_areas": [a.id]},
            )
            continue
        zg = z.geometry
        if zg is None or zg.is_empty or not g.is_valid or not zg.is_valid:
            continue
        outside = g.difference(zg)
        if outside.area > OUTSIDE_TOLERANCE * max(g.area, 1e-12):
            clipped = g.intersection(zg)
            polys = [p for p in shapely.get_parts(clipped) if p.geom_type == "Polygon"]
            fix = None
            if polys:
                shape = polys[0] if len(polys) == 1 else shapely.MultiPolygon(polys)
                fix = Fix(
                    "Clip the area to its zone",
                    lambda p, i=a.id, s=shape: _set("SetTerrainAreaAttrs", [i], "geometry", s),
                )
            share = outside.area / g.area
            yield ctx.issue(
                "GW003",
                f"terrain area {a.id} ({a.terrain}) reaches {share:.0%} outside "
                f"{ctx.zone_desc(a.zone)}",
                severity="warning",
                zones=[a.zone],
                point=_pt(outside.representative_point()),
                refs={"terrain_areas": [a.id]},
                fix=fix,
            )


# -- §1.12, §1.14 rail and river lines -------------------------------------------------------
@check(
    "GW004",
    "error",
    "global_war",
    "rail or river path is not a chain of adjacent land zones",
    reads=("zone.name", "zone.code", "zone.kind", "zone.geometry", "zone.roundel", "border."),
)
def land_line_paths(ctx):
    """seeds/000 §1.14, §12.10 (railroads connect land zones across their borders) and §1.12
    (rivers carry strategic movement like a railway): the zones a rail line or river runs
    through are land zones, each adjacent to the next."""
    m = ctx.map
    zones = m.zones
    yield from _border_rails(ctx)
    # only rulesets with strategic rail moves (§10.4) read the lines' paths
    rail_moves = any(_option(ctx, "strategic_rail", False))
    for line in sorted(m.lines.values(), key=lambda ln: ln.id):
        if line.kind not in ("rail", "river"):
            continue
        name = _line_name(line)
        drawn = land_path_of_polyline(m, line.points)
        path = list(line.path) or drawn
        # a special route (§1.17 the Burma Road: capacity, one way, open only while a
        # condition holds) is a drawn connection of its own: the movement code
        # (engine/board.py::_logistics) joins consecutive zones of its path whether or not
        # they touch, so its zones need not be adjacent nor follow the drawing
        special = is_special_route(line)
        if not line.path and len(drawn) > 1 and rail_moves:
            yield ctx.issue(
                "GW004",
                f"{name} has no stored path: movement and supply ignore it",
                severity="warning",
                zones=drawn,
                refs={"lines": [line.id]},
                fix=Fix(
                    "Compute the path from the drawing",
                    lambda p, i=line.id, d=drawn: _set("SetLineAttrs", [i], "path", d),
                ),
            )
        for zid in path:
            if zid not in zones:
                yield ctx.issue(
                    "GW004",
                    f"{name} passes zone id {zid}, which does not exist",
                    refs={"lines": [line.id]},
                )
            elif zones[zid].kind != "land":
                yield ctx.issue(
                    "GW004",
                    f"{name} passes {ctx.zone_desc(zid)}, which is not a land zone",
                    zones=[zid],
                    refs={"lines": [line.id]},
                )
        for a, b in zip(path, path[1:], strict=False):
            if special:
                break
            if a in zones and b in zones and b not in ctx.adjacency.get(a, ()):
                yield ctx.issue(
                    "GW004",
                    f"{name} jumps from {ctx.zone_desc(a)} to {ctx.zone_desc(b)}, "
                    "which are not adjacent",
                    zones=[a, b],
                    refs={"lines": [line.id]},
                )
        if line.path and drawn and drawn != list(line.path) and not special:
            yield ctx.issue(
                "GW004",
                f"{name}: its stored path differs from the land zones its drawing crosses "
                f"({', '.join(ctx.name_of(z) for z in drawn)})",
                severity="warning",
                zones=sorted(set(drawn) ^ set(line.path)),
                refs={"lines": [line.id]},
                fix=Fix(
                    "Recompute the path from the drawing",
                    lambda p, i=line.id, d=drawn: _set("SetLineAttrs", [i], "path", d),
                ),
            )


#: line props that make a rail or river line a special route (engine/board.py::_logistics)
SPECIAL_ROUTE_KEYS = ("capacity", "one_way", "open_if")


def is_special_route(line) -> bool:
    """A rail/river line with ``props.capacity``, ``one_way`` or ``open_if`` (seeds/000
    §1.17: the Burma Road)."""
    return any(line.props.get(k) not in (None, "", False, 0) for k in SPECIAL_ROUTE_KEYS)


@check("GW009", "error", "global_war", "special route options invalid")
def special_routes(ctx):
    """seeds/000 §1.17 (the Burma Road: one unit a turn, one way, open only while a
    condition holds): a rail or river line's ``props.capacity`` is a whole number >= 1,
    ``props.one_way`` is true or false, and ``props.open_if`` is a condition of the
    condition language that compiles in every scenario the line belongs to (the movement
    code reads these, engine/board.py::_logistics, and would silently ignore a bad value or
    close the route for good)."""
    from gamecore.conditions import compile_expression
    from gamecore.errors import ConditionError
    from gamecore.validate.registry import Context

    for line in sorted(ctx.map.lines.values(), key=lambda ln: ln.id):
        if line.kind not in ("rail", "river"):
            continue
        name = _line_name(line)
        ref = {"lines": [line.id]}
        cap = line.props.get("capacity")
        if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 1):
            yield ctx.issue(
                "GW009",
                f"{name}: capacity {cap!r} is not a whole number >= 1 (units per turn, §1.17); "
                "movement ignores it",
                refs=ref,
            )
        one_way = line.props.get("one_way")
        if one_way is not None and not isinstance(one_way, bool):
            yield ctx.issue(
                "GW009",
                f"{name}: one_way is {one_way!r}; it is true or false",
                severity="warning",
                refs=ref,
            )
        cond = line.props.get("open_if")
        if cond is None:
            continue
        if not isinstance(cond, str) or not cond.strip():
            yield ctx.issue(
                "GW009",
                f'{name}: open_if is {cond!r}; it is a condition (text), e.g. "at_war(JPN, CHN)"',
                refs=ref,
            )
            continue
        scs = ctx.scenarios_of(line.props)
        errors: dict[str, list[str]] = {}
        for sc in scs:
            world = Context(ctx.pack, sc, ctx.shared).world
            try:
                compile_expression(cond, world, "bool")
            except ConditionError as err:
                errors.setdefault(str(err), []).append(sc.id)
        for msg, ids in errors.items():
            where = "" if len(ids) == len(scs) else f" (scenario {', '.join(ids)})"
            yield ctx.issue(
                "GW009",
                f"{name}: its open_if condition does not compile{where}: {msg}",
                refs=ref,
            )


def _border_rails(ctx):
    """Rail crossings stored on borders (seeds/000 §12.10: a railroad sits on the border
    of two land zones)."""
    zones = ctx.map.zones
    for key, b in sorted(ctx.map.borders.items()):
        if not b.rail_gauge:
            continue
        where = [z for z in key if z in zones]
        kinds = [zones[z].kind for z in where]
        if len(where) < 2 or any(k != "land" for k in kinds):
            yield ctx.issue(
                "GW004",
                f"a rail crossing ({b.rail_gauge}) on the border {ctx.name_of(b.a)} – "
                f"{ctx.name_of(b.b)}, which is not between two land zones",
                zones=where,
                refs={"borders": [list(key)]},
                fix=Fix(
                    "Remove the rail crossing",
                    lambda p, a=b.a, c=b.b: _set_border(a, c, "rail_gauge", None),
                ),
            )
        elif b.b not in ctx.adjacency.get(b.a, ()):
            yield ctx.issue(
                "GW004",
                f"a rail crossing ({b.rail_gauge}) joins {ctx.zone_desc(b.a)} and "
                f"{ctx.zone_desc(b.b)}, which are not adjacent",
                zones=where,
                refs={"borders": [list(key)]},
            )


# -- §1.6, §1.10 convoy values ----------------------------------------------------------------
def _clean(pack, line_id) -> dict[str, int]:
    """A line's values with unknown nations dropped and negative values set to 0."""
    values = pack.map.lines[line_id].values
    out = {}
    for k, v in values.items():
        if k in pack.nations:
            out[k] = max(0, v) if isinstance(v, int) and not isinstance(v, bool) else 0
    return out


def scenario_nations(sc) -> set[str]:
    out = {n for slot in sc.turn_order for n in slot}
    for al in sc.alliances.values():
        out.update(al.members)
    out.update(o.owner for o in sc.ownership.values() if o.owner)
    return out


@check("GW005", "warning", "global_war", "convoy values or endpoints", scenario=True)
def convoy_values(ctx):
    """seeds/000 §1.6/§1.10: each roundel on a convoy line gives the most IPP *that nation*
    can lose on it per calendar turn; a line whose land endpoint an enemy of its nations
    possesses is closed."""
    sc = ctx.scenario
    m = ctx.map
    nations = scenario_nations(sc)
    for line in sorted(m.lines.values(), key=lambda ln: ln.id):
        if line.kind != "convoy" or not ctx.in_scope(line.props):
            continue  # a line of another scenario (props.scenarios) is not in this one
        name = _line_name(line)
        if not line.values:
            yield ctx.issue(
                "GW005",
                f"{name} has no convoy values: no nation can lose IPP on it (§1.10)",
                severity="info",
                refs={"lines": [line.id]},
            )
        for nation, value in sorted(line.values.items()):
            if nation not in ctx.pack.nations:
                yield ctx.issue(
                    "GW005",
                    f"{name} has a value for {nation!r}, which is not a nation of the pack",
                    severity="error",
                    refs={"lines": [line.id]},
                    fix=Fix(
                        "Keep only the values of known nations",
                        lambda p, i=line.id: _set("SetLineAttrs", [i], "values", _clean(p, i)),
                    ),
                )
            elif nation not in nations:
                yield ctx.issue(
                    "GW005",
                    f"{name} has a value for {nation}, which takes no part in this scenario",
                    refs={"lines": [line.id]},
                )
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                yield ctx.issue(
                    "GW005",
                    f"{name}: the value of {nation} is {value!r}; values are whole numbers >= 0",
                    severity="error",
                    refs={"lines": [line.id]},
                    fix=Fix(
                        "Set it to 0",
                        lambda p, i=line.id: _set("SetLineAttrs", [i], "values", _clean(p, i)),
                    ),
                )
        for label, end, holder, enemies in closed_ends(m, sc, line):
            yield ctx.issue(
                "GW005",
                f"{name} is closed at the start: its {label} {ctx.zone_desc(end)} is held "
                f"by {holder}, at war with {', '.join(enemies)} (§1.10)",
                severity="info",
                zones=[end],
                refs={"lines": [line.id]},
            )


def closed_ends(m, sc, line) -> list[tuple[str, int, str, list[str]]]:
    """seeds/000 §1.10: the ends of a convoy line that close it in scenario ``sc``: land
    endpoints held by a nation at war with one of the nations that have a value on it, as
    ``(start|end, zone id, holder, [enemies])``."""
    out = []
    for label, end in (("start", line.start), ("end", line.end)):
        z = m.zones.get(end) if end is not None else None
        if z is None or z.kind != "land":
            continue
        holder = sc.owner_of(end)
        if holder is None:
            continue
        enemies = sorted(
            n
            for n in line.values
            if n != holder and (r := sc.relation(n, holder)) is not None and r.status == "war"
        )
        if enemies:
            out.append((label, end, holder, enemies))
    return out


# -- §1.4, §2.5, §12 facilities ------------------------------------------------------------------
@check("GW006", "warning", "global_war", "facility level or naval facility sea zones")
def facilities(ctx):
    """rules-notes/000 §1.11 (minor and major are separate types: no levels when the
    ruleset says ``facility_levels = false``) and seeds/000 §2.5 (a naval facility serves
    the sea zone(s) it borders). Types that ``needs_coast`` are checked here when
    ATT006 (generic port/naval base names) does not already look at them."""
    m = ctx.map
    if not rulesets(ctx):
        return
    for f in sorted(m.facilities.values(), key=lambda f: f.id):
        z = m.zones.get(f.zone)
        if z is None:
            continue  # ATT008
        # the rulesets of the scenarios the facility is in (props.scenarios)
        rs = rulesets(ctx, ctx.scenarios_of(f.props)) or rulesets(ctx)
        no_levels = any(_value(r, "facility_levels") is False for r in rs)
        ft = next((t for r in rs if (t := r.facility_type(f.type)) is not None), None)
        if f.level < 1:
            yield ctx.issue(
                "GW006",
                f"{f.type} in {ctx.zone_desc(f.zone)} has level {f.level}; levels start at 1",
                severity="error",
                zones=[f.zone],
                refs={"facilities": [f.id]},
                fix=Fix(
                    "Set the level to 1",
                    lambda p, i=f.id: _set("SetFacilityAttrs", [i], "level", 1),
                ),
            )
        elif no_levels and f.level != 1:
            yield ctx.issue(
                "GW006",
                f"{f.type} in {ctx.zone_desc(f.zone)} has level {f.level}, but the ruleset has "
                "separate minor/major types instead of levels",
                zones=[f.zone],
                refs={"facilities": [f.id]},
                fix=Fix(
                    "Set the level to 1",
                    lambda p, i=f.id: _set("SetFacilityAttrs", [i], "level", 1),
                ),
            )
        if ft is None or not ft.needs_coast or f.type in FACILITY_SERVES_SEA:
            continue
        seas = sorted(n for n in ctx.adjacency.get(f.zone, ()) if m.zones[n].kind == "sea")
        label = ft.name or f.type
        if not seas:
            yield ctx.issue(
                "GW006",
                f"{label} in {ctx.zone_desc(f.zone)}: the zone borders no sea zone",
                severity="error",
                zones=[f.zone],
                refs={"facilities": [f.id]},
            )
            continue
        bad = [s for s in f.serves if s not in seas]
        for s in bad:
            yield ctx.issue(
                "GW006",
                f"{label} in {ctx.zone_desc(f.zone)} serves {ctx.zone_desc(s)}, which it does "
                "not border (§2.5)",
                severity="error",
                zones=[f.zone],
                refs={"facilities": [f.id]},
                fix=Fix(
                    "Serve only bordering sea zones",
                    lambda p, i=f.id, ok=[x for x in f.serves if x in seas]: _set(
                        "SetFacilityAttrs", [i], "serves", ok
                    ),
                ),
            )
        if not f.serves:
            yield ctx.issue(
                "GW006",
                f"{label} in {ctx.zone_desc(f.zone)} names no sea zone it serves "
                f"(bordering: {', '.join(ctx.name_of(s) for s in seas)})",
                zones=[f.zone],
                refs={"facilities": [f.id]},
                fix=Fix(
                    f"Serve {ctx.name_of(seas[0])}" if len(seas) == 1 else "Serve all bordering",
                    lambda p, i=f.id, s=seas: _set("SetFacilityAttrs", [i], "serves", s),
                ),
            )


# -- §1.20 narrow crossings --------------------------------------------------------------------
@check("GW007", "error", "global_war", "narrow crossing invalid")
def narrow_crossings(ctx):
    """seeds/000 §1.20: a narrow crossing is a dotted line between two *land* zones across
    one or more sea zones, with a printed number of units that may cross (> 0)."""
    m = ctx.map
    zones = m.zones
    for key, b in sorted(m.borders.items()):
        if b.crossing_limit is None:
            continue
        za, zb = zones.get(b.a), zones.get(b.b)
        where = [z for z in (b.a, b.b) if z in zones]
        desc = f"the narrow crossing {ctx.name_of(b.a)} – {ctx.name_of(b.b)}"
        if za is None or zb is None or za.kind != "land" or zb.kind != "land":
            yield ctx.issue(
                "GW007",
                f"{desc} must join two land zones",
                zones=where,
                refs={"borders": [list(key)]},
            )
            continue
        if b.crossing_limit <= 0:
            yield ctx.issue(
                "GW007",
                f"{desc} lets {b.crossing_limit} units cross; the printed number is at least 1",
                zones=where,
                refs={"borders": [list(key)]},
                fix=Fix(
                    "Remove the crossing",
                    lambda p, a=b.a, c=b.b: _set_border(a, c, "crossing_limit", None),
                ),
            )
        seas_a = {n for n in ctx.adjacency.get(b.a, ()) if zones[n].kind == "sea"}
        seas_b = {n for n in ctx.adjacency.get(b.b, ()) if zones[n].kind == "sea"}
        if key in ctx.geometric_pairs:
            yield ctx.issue(
                "GW007",
                f"{desc} joins zones that share a land border; a crossing goes across water",
                severity="warning",
                zones=where,
                refs={"borders": [list(key)]},
            )
        elif not (seas_a and seas_b):
            yield ctx.issue(
                "GW007",
                f"{desc}: {ctx.name_of(b.a if not seas_a else b.b)} borders no sea zone, so "
                "nothing can be crossed",
                severity="warning",
                zones=where,
                refs={"borders": [list(key)]},
            )


def _set_border(a, b, field, value):
    from gamecore.ops import SetBorderAttrs

    return SetBorderAttrs([(a, b)], field, value)


def _by_alias(ctx, name: str):
    """A zone that carries ``name`` among its ``aliases`` (as the condition language finds
    zones: a map may call the zone of Berlin "Germany")."""
    low = name.casefold()
    for z in ctx.map.zones.values():
        if any(str(a).casefold() == low for a in z.props.get("aliases", ())):
            return z
    return None


# -- §3.2 objective cities ----------------------------------------------------------------------
@check("GW008", "info", "global_war", "objective city missing from the map", scenario=True)
def objective_cities(ctx):
    """seeds/000 §3.2: the Objective Cities (ruleset option ``objective_cities``) are land
    zones of the map; they are flagged victory cities so the editor and conditions see
    them."""
    rs = ctx.ruleset
    names = _value(rs, "objective_cities") if rs is not None else None
    if not names:
        return
    names = ctx.scenario.options.get("objective_cities", names)
    missing = []
    for name in names:
        z = ctx.map.zone_by_name(name) or ctx.map.zone_by_code(name) or _by_alias(ctx, name)
        if z is None:
            missing.append(name)
        elif z.kind != "land":
            yield ctx.issue(
                "GW008",
                f"objective city {name} is {ctx.zone_desc(z.id)}, a {z.kind} zone",
                severity="warning",
                zones=[z.id],
            )
        elif not z.has_flag("victory_city"):
            yield ctx.issue(
                "GW008",
                f"objective city {name} ({ctx.zone_desc(z.id)}) is not flagged a victory city",
                zones=[z.id],
                fix=Fix(
                    "Flag it a victory city",
                    lambda p, i=z.id: _set_zone(i, "flag:victory_city", True),
                ),
            )
    if missing:
        yield ctx.issue(
            "GW008",
            f"{len(missing)} of the {len(names)} objective cities of §3.2 are not zones of "
            f"the map: {', '.join(missing)}",
        )
