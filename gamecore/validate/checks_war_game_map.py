"""Checks of the map and scenario data The War Game adds (WGM…; seeds/002,
rules-notes/002 §1.1, §2.3, §5): hostile-terrain borders, island groups and the sharing
matrix (:mod:`gamecore.model.sharing`). They look only at that data, so they are silent on
packs without it."""

from __future__ import annotations

import shapely

from gamecore.model.sharing import (
    HOSTILE_TERRAIN,
    ORDERED_SHARING,
    SHARING_KINDS,
    shares,
    sharing_pairs,
)
from gamecore.validate.registry import Fix, check


def _clear_hostile(a: int, b: int):
    def make(pack):
        from gamecore.ops import SetBorderAttrs

        return SetBorderAttrs([(a, b)], "hostile_terrain", None)

    return make


@check("WGM001", "error", "attributes", "hostile-terrain line not on a land border")
def hostile_terrain(ctx):
    """rules-notes/002 §5.4: hostile-terrain tags only on land-land borders (of zones that
    touch), and only the four lines the rules name."""
    m = ctx.map
    for (a, b), border in sorted(m.borders.items()):
        kind = border.props.get("hostile_terrain")
        if kind is None:
            continue
        fix = Fix("Remove the hostile-terrain line", _clear_hostile(a, b))
        if kind not in HOSTILE_TERRAIN:
            yield ctx.issue(
                "WGM001",
                f"border {ctx.name_of(a)}–{ctx.name_of(b)} has an unknown hostile terrain "
                f"{kind!r} (known: {', '.join(HOSTILE_TERRAIN)})",
                zones=[a, b],
                fix=fix,
            )
            continue
        za, zb = m.zones.get(a), m.zones.get(b)
        if za is None or zb is None or za.kind != "land" or zb.kind != "land":
            yield ctx.issue(
                "WGM001",
                f"the {kind} line on border {ctx.name_of(a)}–{ctx.name_of(b)} is not between "
                "two land zones: land units cross hostile terrain only by land",
                zones=[z for z in (a, b) if z in m.zones],
                fix=fix,
            )
        elif b not in ctx.adjacency.get(a, set()):
            yield ctx.issue(
                "WGM001",
                f"the {kind} line joins {ctx.name_of(a)} and {ctx.name_of(b)}, which are "
                "not adjacent",
                zones=[a, b],
                fix=fix,
            )


def _unflag(zid: int):
    def make(pack):
        from gamecore.ops import SetZoneAttrs

        return SetZoneAttrs([zid], "flag:island_group", False)

    return make


@check("WGM002", "warning", "attributes", "island group that is not several islands")
def island_groups(ctx):
    """rules-notes/002 §1.1: an island group is one land space made of several islands:
    a land zone with at least two parts and no land neighbour."""
    m = ctx.map
    for zid, z in sorted(m.zones.items()):
        if "island_group" not in z.flags:
            continue
        fix = Fix("Clear the island-group flag", _unflag(zid))
        parts = len(shapely.get_parts(z.geometry)) if z.geometry is not None else 0
        if z.kind != "land":
            why = f"is a {z.kind} zone"
        elif parts < 2:
            why = "has only one island (draw or merge the others into it)"
        else:
            land = sorted(n for n in ctx.adjacency.get(zid, ()) if m.zones[n].kind == "land")
            if not land:
                continue
            why = f"touches land ({', '.join(ctx.name_of(n) for n in land[:3])})"
        yield ctx.issue("WGM002", f"island group {ctx.zone_desc(zid)} {why}", zones=[zid], fix=fix)


@check("WGM003", "error", "scenario", "sharing matrix names unknown data", scenario=True)
def sharing_matrix(ctx):
    """rules-notes/002 §2.3: the matrix lists known kinds and nations; nations of two
    alliances never share (they would be at war)."""
    sc = ctx.scenario
    matrix = sc.props.get("sharing")
    if matrix is None:
        return
    if not isinstance(matrix, dict):
        yield ctx.issue("WGM003", "the sharing matrix is not a table of kinds")
        return
    for kind in sorted(matrix):
        if kind not in SHARING_KINDS:
            yield ctx.issue(
                "WGM003",
                f"the sharing matrix has an unknown kind {kind!r} "
                f"(known: {', '.join(SHARING_KINDS)})",
            )
            continue
        for pair in sorted(sharing_pairs(sc.props, kind) or ()):
            missing = [n for n in pair if n not in ctx.pack.nations]
            if missing:
                yield ctx.issue(
                    "WGM003",
                    f"the {kind} sharing pair {'-'.join(pair)} names no nation {missing[0]!r}",
                )
                continue
            ta, tb = sc.alliance_of(pair[0]), sc.alliance_of(pair[1])
            if ta != tb and kind not in ORDERED_SHARING:
                yield ctx.issue(
                    "WGM003",
                    f"{pair[0]} and {pair[1]} are in different alliances but share {kind}",
                )
            elif ta != tb:
                yield ctx.issue(
                    "WGM003",
                    f"{pair[0]} liberates for {pair[1]}, of another alliance",
                )


@check("WGM004", "error", "scenario", "set-up breaks the sharing matrix", scenario=True)
def setup_sharing(ctx):
    """rules-notes/002 §5.17: no land zone holds units of two nations that may not share
    land, and no sea zone units of two that may not share the sea."""
    sc = ctx.scenario
    if not isinstance(sc.props.get("sharing"), dict):
        return
    m = ctx.map
    at: dict[int, set[str]] = {}
    for st in sc.units:
        if st.zone in m.zones and st.nation in ctx.pack.nations and st.count > 0:
            at.setdefault(st.zone, set()).add(st.nation)
    for zid in sorted(at):
        kind = "sea" if m.zones[zid].is_water else "land"
        nations = sorted(at[zid])
        for i, a in enumerate(nations):
            for b in nations[i + 1 :]:
                if not shares(sc, kind, a, b):
                    yield ctx.issue(
                        "WGM004",
                        f"{ctx.zone_desc(zid)} holds units of {a} and {b}, who may not "
                        f"share {kind} at the start",
                        zones=[zid],
                    )
