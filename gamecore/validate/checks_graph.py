"""Graph checks (GRA…): adjacency, links, canals, convoy and rail lines."""

from __future__ import annotations

from shapely.geometry import LineString, Point

from gamecore.geometry.queries import zones_along
from gamecore.validate.registry import Fix, check

WATER = ("sea", "lake")


@check("GRA001", "error", "graph", "isolated zone", per_zone=True)
def isolated(ctx, zones):
    for zid in sorted(zones):
        z = ctx.map.zones[zid]
        if z.kind in ("offmap", "impassable") or z.geometry is None:
            continue
        if not ctx.adjacency.get(zid):
            yield ctx.issue(
                "GRA001",
                f"{ctx.zone_desc(zid)} has no neighbours: no unit can "
                "ever enter or leave it (add a link?)",
                zones=[zid],
            )


@check("GRA002", "warning", "graph", "sea zone cut off from other sea zones", per_zone=True)
def sea_without_sea(ctx, zones):
    seas = [zid for zid, z in ctx.map.zones.items() if z.kind == "sea"]
    if len(seas) < 2:
        return
    for zid in sorted(zones):
        if ctx.map.zones[zid].kind != "sea":
            continue
        neighbours = ctx.adjacency.get(zid, set())
        if neighbours and not any(ctx.map.zones[n].kind == "sea" for n in neighbours):
            yield ctx.issue(
                "GRA002",
                f"sea {ctx.zone_desc(zid)} touches no other sea zone: ships "
                "there can never leave (make it a lake, or link it)",
                zones=[zid],
            )


@check("GRA003", "warning", "graph", "land mass without sea access")
def landlocked_masses(ctx):
    zones = ctx.map.zones
    if not any(z.kind == "sea" for z in zones.values()):
        return
    land = {zid for zid, z in zones.items() if z.kind == "land"}
    seen: set[int] = set()
    for start in sorted(land):
        if start in seen:
            continue
        comp, stack = [], [start]
        seen.add(start)
        while stack:
            z = stack.pop()
            comp.append(z)
            for n in ctx.adjacency.get(z, ()):
                if n in land and n not in seen:
                    seen.add(n)
                    stack.append(n)
        coastal = any(zones[n].kind == "sea" for z in comp for n in ctx.adjacency.get(z, ()))
        if not coastal:
            comp.sort()
            yield ctx.issue(
                "GRA003",
                f"land mass of {len(comp)} zone(s) ({', '.join(ctx.name_of(z) for z in comp[:3])}"
                f"{'…' if len(comp) > 3 else ''}) has no sea access: ships can never reach it",
                zones=comp,
            )


@check("GRA004", "error", "graph", "link to a missing zone")
def dangling_links(ctx):
    for link in ctx.map.links.values():
        missing = [
            z
            for z in (link.a, link.b, link.via, *link.controllers)
            if z is not None and z not in ctx.map.zones
        ]
        if missing or link.a == link.b:
            what = (
                f"names missing zone(s) {', '.join(map(str, missing))}"
                if missing
                else "joins a zone to itself"
            )
            yield ctx.issue(
                "GRA004",
                f"{link.kind} link {link.name or link.id} {what}",
                zones=[z for z in (link.a, link.b) if z in ctx.map.zones],
                refs={"links": [link.id]},
                fix=Fix("Delete the link", lambda pack, lid=link.id: _remove("links", lid)),
            )


def _remove(table, item_id):
    from gamecore.ops import RemoveItem

    return RemoveItem(table, item_id)


@check("GRA005", "error", "graph", "canal not controlled by adjacent zones")
def canals(ctx):
    zones = ctx.map.zones
    for link in ctx.map.links.values():
        if link.kind != "canal" or link.a not in zones or link.b not in zones:
            continue
        name = link.name or f"canal {link.id}"
        problems = []
        for end in (link.a, link.b):
            if zones[end].kind != "sea":
                problems.append(f"{ctx.zone_desc(end)} is not a sea zone")
        controllers = [c for c in link.controllers if c in zones]
        if not controllers:
            problems.append("no zone controls it")
        else:
            for end in (link.a, link.b):
                if not any(end in ctx.adjacency.get(c, ()) for c in controllers):
                    problems.append(f"{ctx.zone_desc(end)} borders none of its controlling zones")
        if link.rule not in ("all", "any"):
            problems.append(f"unknown passage rule {link.rule!r} (all, any)")
        for p in problems:
            yield ctx.issue(
                "GRA005", f"{name}: {p}", zones=[link.a, link.b], refs={"links": [link.id]}
            )


@check(
    "GRA006",
    "error",
    "graph",
    "convoy path is not a chain of adjacent sea zones",
    reads=("zone.name", "zone.kind", "zone.geometry"),
)
def convoy_paths(ctx):
    zones = ctx.map.zones
    for line in ctx.map.lines.values():
        if line.kind != "convoy":
            continue
        name = line.name or f"convoy line {line.id}"
        if not line.path:
            yield ctx.issue(
                "GRA006",
                f"{name} crosses no sea zone",
                refs={"lines": [line.id]},
                point=tuple(line.points[0]) if line.points else None,
            )
            continue
        for zid in line.path:
            if zid not in zones or zones[zid].kind != "sea":
                yield ctx.issue(
                    "GRA006",
                    f"{name} passes {ctx.zone_desc(zid)}, which is not a sea zone",
                    zones=[zid] if zid in zones else [],
                    refs={"lines": [line.id]},
                )
        for a, b in zip(line.path, line.path[1:], strict=False):
            if a in zones and b in zones and b not in ctx.adjacency.get(a, ()):
                yield ctx.issue(
                    "GRA006",
                    f"{name} jumps from {ctx.zone_desc(a)} to "
                    f"{ctx.zone_desc(b)}, which are not adjacent",
                    zones=[a, b],
                    refs={"lines": [line.id]},
                )
        drawn = path_of_polyline(ctx.map, line.points)
        if line.points and drawn and drawn != list(line.path):
            yield ctx.issue(
                "GRA006",
                f"{name}: its stored path ({_names(ctx, line.path)}) differs from the sea zones "
                f"its drawing crosses ({_names(ctx, drawn)})",
                severity="warning",
                zones=sorted(set(drawn) ^ set(line.path)),
                refs={"lines": [line.id]},
                fix=Fix(
                    "Recompute the path from the drawing",
                    lambda pack, lid=line.id, p=drawn: _set_line(lid, "path", p),
                ),
            )


def _names(ctx, ids):
    return " → ".join(ctx.name_of(z) for z in ids)


def _set_line(line_id, field, value):
    from gamecore.ops import SetLineAttrs

    return SetLineAttrs([line_id], field, value)


def path_of_polyline(m, points) -> list[int]:
    """The sea zones a polyline crosses, in order (consecutive duplicates removed)."""
    return zones_along(m, points, ("sea",))


@check("GRA007", "error", "graph", "convoy line endpoint invalid")
def convoy_endpoints(ctx):
    zones = ctx.map.zones
    for line in ctx.map.lines.values():
        if line.kind != "convoy":
            continue
        name = line.name or f"convoy line {line.id}"
        for label, end, path_end in (
            ("start", line.start, line.path[:1]),
            ("end", line.end, line.path[-1:]),
        ):
            if end is None:
                yield ctx.issue("GRA007", f"{name} has no {label} zone", refs={"lines": [line.id]})
            elif end not in zones:
                yield ctx.issue(
                    "GRA007",
                    f"{name}: its {label} zone (id {end}) does not exist",
                    refs={"lines": [line.id]},
                )
            elif path_end and end != path_end[0] and end not in ctx.adjacency.get(path_end[0], ()):
                yield ctx.issue(
                    "GRA007",
                    f"{name}: its {label} {ctx.zone_desc(end)} does not touch the sea zone the "
                    f"path {label}s in ({ctx.name_of(path_end[0])})",
                    zones=[end],
                    refs={"lines": [line.id]},
                )


@check(
    "GRA008",
    "error",
    "graph",
    "rail line crosses water",
    reads=("zone.name", "zone.kind", "zone.geometry"),
)
def rail_over_water(ctx):
    water = [
        (zid, z.geometry)
        for zid, z in ctx.map.zones.items()
        if z.kind in WATER and z.geometry is not None
    ]
    for line in ctx.map.lines.values():
        if line.kind != "rail" or len(line.points) < 2:
            continue
        geom = LineString(line.points)
        for zid, g in water:
            part = geom.intersection(g)
            if part.length > 1e-9 * max(ctx.map.width, 1.0):
                p = part.representative_point() if not part.is_empty else Point(line.points[0])
                yield ctx.issue(
                    "GRA008",
                    f"rail line {line.name or line.id} runs {part.length:.3g} map units across "
                    f"{ctx.zone_desc(zid)}",
                    zones=[zid],
                    refs={"lines": [line.id]},
                    point=(round(p.x, 3), round(p.y, 3)),
                )


@check("GRA009", "info", "graph", "unneeded 'not adjacent' override")
def useless_override(ctx):
    for link in ctx.map.links.values():
        if (
            link.kind != "not_adjacent"
            or link.a not in ctx.map.zones
            or link.b not in ctx.map.zones
        ):
            continue
        key = (min(link.a, link.b), max(link.a, link.b))
        if key not in ctx.geometric_pairs and not ctx.map.wrap_x:
            yield ctx.issue(
                "GRA009",
                f"'not adjacent' override between {ctx.zone_desc(link.a)} and "
                f"{ctx.zone_desc(link.b)} is not needed: they share no border",
                zones=[link.a, link.b],
                refs={"links": [link.id]},
                fix=Fix("Delete the override", lambda pack, lid=link.id: _remove("links", lid)),
            )


@check("GRA010", "warning", "graph", "strait or crossing joins the wrong kinds of zone")
def straits(ctx):
    zones = ctx.map.zones
    for link in ctx.map.links.values():
        if link.kind != "strait" or link.a not in zones or link.b not in zones:
            continue
        name = link.name or f"strait {link.id}"
        kinds = {zones[link.a].kind, zones[link.b].kind}
        if kinds != {"land"}:
            yield ctx.issue(
                "GRA010",
                f"{name} should join two land zones (it joins {' and '.join(sorted(kinds))})",
                zones=[link.a, link.b],
                refs={"links": [link.id]},
            )
        if link.via is not None and link.via in zones:
            if zones[link.via].kind != "sea":
                yield ctx.issue(
                    "GRA010",
                    f"{name} is blocked through {ctx.zone_desc(link.via)}, which is not a sea zone",
                    zones=[link.via],
                    refs={"links": [link.id]},
                )
            elif not all(link.via in ctx.adjacency.get(z, ()) for z in (link.a, link.b)):
                yield ctx.issue(
                    "GRA010",
                    f"{name}: its blocking sea zone {ctx.zone_desc(link.via)} "
                    "does not touch both ends",
                    zones=[link.a, link.b, link.via],
                    refs={"links": [link.id]},
                )


@check("GRA011", "warning", "graph", "map falls apart into unconnected parts")
def connectivity(ctx):
    """rules-notes/004 §5.4: the graph is connected once impassable zones are removed."""
    zones = {z for z, v in ctx.map.zones.items() if v.kind not in ("impassable", "offmap")}
    if not zones:
        return
    seen: set[int] = set()
    parts: list[list[int]] = []
    for start in sorted(zones):
        if start in seen:
            continue
        part, stack = [], [start]
        seen.add(start)
        while stack:
            z = stack.pop()
            part.append(z)
            for n in ctx.adjacency.get(z, ()):
                if n in zones and n not in seen:
                    seen.add(n)
                    stack.append(n)
        parts.append(sorted(part))
    if len(parts) < 2:
        return
    parts.sort(key=len, reverse=True)
    for part in parts[1:]:
        names = ", ".join(ctx.name_of(z) for z in part[:3]) + ("…" if len(part) > 3 else "")
        yield ctx.issue(
            "GRA011",
            f"{len(part)} zone(s) ({names}) cannot be reached from the rest of the map "
            "(add a link, or make them impassable)",
            zones=part,
        )
