"""Edits and helpers for the editor's map authoring tools (no Qt).

- :func:`draw_zone` — the change set of a zone drawn as a ring: it takes the unassigned
  area and the area of water zones under the ring, and is clipped to every other zone
  (so land drawn over the sea of a blank canvas carves the coast out of the sea);
- :class:`SyncConvoyPaths` — keeps the sea-zone path of convoy lines in step with their
  drawing (after geometry edits, or when a line is drawn);
- :func:`geometry_edit` — one undo step of a geometry change set plus the convoy paths
  it implies; :func:`zone_factory` makes records of drawn zones of a given kind;
- :func:`convoy_path` — the sea zones a polyline crosses, in order;
- :func:`delete_zone_edit` — delete a zone in one undo step: its area goes to the
  neighbour sharing the longest border (of the same kind when there is one, so the map
  stays gap-free) and its units, ownership and capital follow (ops.zones.FollowZones).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError
from gamecore.geometry.changeset import ChangeSet
from gamecore.geometry.coverage import Coverage
from gamecore.geometry.queries import label_point, zones_along
from gamecore.model import Pack
from gamecore.model.map import Map, Zone
from gamecore.ops.base import Change, CompositeEdit, Edit, EditError
from gamecore.ops.geometry import ApplyChangeSet
from gamecore.ops.zones import FollowZones, RemovedZonePolicy, zone_targets

__all__ = [
    "OutlineCrossesError",
    "SyncConvoyPaths",
    "delete_target",
    "delete_zone_edit",
    "convoy_path",
    "draw_zone",
    "geometry_edit",
    "outline_crossing",
    "zone_at",
    "zone_factory",
]

XY = tuple[float, float]
WATER = ("sea", "lake")


class OutlineCrossesError(GeometryError):
    """A drawn outline crosses itself; ``point`` is where (the first crossing found)."""

    def __init__(self, point: XY):
        self.point = point
        super().__init__(
            f"the outline crosses itself at ({point[0]:.1f}, {point[1]:.1f}): move or remove "
            "a point (Backspace) so that it does not, then close it again"
        )


def outline_crossing(ring: Sequence[XY]) -> XY | None:
    """Where the closed outline through ``ring`` crosses or touches itself (two of its
    sides that are not neighbours meet), or None when it is simple."""
    pts = list(ring)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts = pts[:-1]
    n = len(pts)
    if n < 4:
        return None
    sides = [shapely.LineString([pts[i], pts[(i + 1) % n]]) for i in range(n)]
    tree = shapely.STRtree(sides)
    for i, side in enumerate(sides):
        for j in tree.query(side, predicate="intersects").tolist():
            if j <= i or j == i + 1 or (i == 0 and j == n - 1):
                continue  # itself, or a neighbour sharing its end point
            hit = side.intersection(sides[j])
            if not hit.is_empty:
                p = hit.representative_point() if hit.geom_type != "Point" else hit
                return (p.x, p.y)
    return None


def convoy_path(m: Map, points: Sequence[XY]) -> list[int]:
    """The sea zones the polyline ``points`` crosses, in order (consecutive repeats
    dropped); a stretch running exactly along a border counts for neither side."""
    return zones_along(m, points, ("sea",))


def zone_at(m: Map, p: XY) -> int | None:
    """The zone containing point ``p`` (the smallest when on a border), or None."""
    found = [
        z
        for z in m.zones.values()
        if z.geometry is not None and shapely.intersects_xy(z.geometry, p[0], p[1])
    ]
    if not found:
        return None
    return min(found, key=lambda z: z.geometry.area).id


def zone_factory(kind: str = "land", name: str = "", code: str = "") -> Callable:
    """A ``new_zone_factory`` for :class:`ApplyChangeSet` giving drawn zones ``kind``
    (terrain "sea" for water), a free code ("L<n>" for land, the next number for sea)
    and ``name``; zones cut from another (split) copy that one as usual."""
    from gamecore.geometry.mapops import default_new_zone

    def make(zid: int, geom: BaseGeometry, template: Zone | None, m: Map) -> Zone:
        if template is not None:
            return default_new_zone(zid, geom, template, m)
        used = {z.code for z in m.zones.values()}
        new_code = code
        if not new_code:
            if kind == "sea":
                nums = [int(c) for c in used if c.isdigit()]
                new_code = str(max(nums, default=0) + 1)
            else:
                k = zid
                while f"L{k}" in used:
                    k += 1
                new_code = f"L{k}"
        terrain = "sea" if kind in WATER else "clear"
        title = name or (f"Sea Zone {new_code}" if kind == "sea" else f"Zone {new_code}")
        return Zone(
            zid, new_code, title, kind=kind, geometry=geom, terrain=terrain, label=label_point(geom)
        )

    return make


def draw_zone(
    cov: Coverage,
    ring: Sequence[XY],
    kinds: dict[int, str],
    zone_id: int | None = None,
    take: Iterable[str] = WATER,
) -> ChangeSet:
    """The change set of a zone drawn as ``ring`` on ``cov`` (which is left unchanged).

    The new zone gets the unassigned area inside the ring and the area of the zones
    whose kind (``kinds``: zone id -> kind) is in ``take`` (water, by default); every
    other zone clips it. A zone wholly covered is deleted (absorbed by the new zone).
    Raises :class:`GeometryError` when the ring is unusable or the zone would be empty."""
    if len(ring) < 3:
        raise GeometryError("a zone needs at least three points")
    crossing = outline_crossing(ring)
    if crossing is not None:
        raise OutlineCrossesError(crossing)
    poly = Polygon(ring)
    if not poly.is_valid or poly.area <= 0:
        raise GeometryError(
            "the drawn outline encloses no area: its points lie on one line or repeat"
        )
    take = set(take)
    work = cov.copy()
    new_id = work.next_id() if zone_id is None else zone_id
    cs = ChangeSet(label="draw zone")
    pieces: list[int] = []
    absorbed: dict[int, int] = {}

    def fresh() -> int:
        i = max(work.next_id(), new_id + 1)
        return i

    def add(zid: int) -> bool:
        nonlocal cs
        try:
            cs = cs.then(work.add_zone(ring, zid))
        except GeometryError as exc:
            if "would be empty" in str(exc):
                return False
            raise
        pieces.append(zid)
        return True

    add(new_id)  # the unassigned area, if any
    x0, y0, x1, y1 = poly.bounds
    victims = [
        z
        for z in sorted(work.query_bbox(x0, y0, x1, y1))
        if kinds.get(z) in take and z not in pieces and work[z].intersection(poly).area > 0
    ]
    for z in victims:
        old = work[z]
        cs = cs.then(work.delete_zone(z))
        pid = new_id if not pieces else fresh()
        add(pid)
        rest = old.difference(work[pid]) if pid in work else old
        rest_parts = [g for g in shapely.get_parts(rest) if g.area > 1e-9 * max(old.area, 1.0)]
        filled: list[int] = []
        for part in rest_parts:
            p = part.representative_point()
            if any(shapely.intersects_xy(work[f], p.x, p.y) for f in filled):
                continue
            fid = z if not filled else fresh()
            try:
                cs = cs.then(work.fill_hole((p.x, p.y), fid))
            except GeometryError:
                continue
            filled.append(fid)
        if len(filled) > 1:
            cs = cs.then(work.merge_zones(filled, keep=z))
        if not filled:
            absorbed[z] = new_id
    if not pieces:
        raise GeometryError("the new zone would be empty: it lies inside existing land zones")
    if len(pieces) > 1:
        cs = cs.then(work.merge_zones(pieces, keep=new_id))
    if new_id not in cs.created:
        raise GeometryError("the new zone would be empty")
    cs.absorbed.update({z: t for z, t in absorbed.items() if z in cs.deleted})
    cs.sources.pop(new_id, None)
    cs.label = "draw zone"
    return cs


class SyncConvoyPaths(Edit):
    """Recompute the sea-zone ``path`` (and end zones) of convoy lines from their
    drawing; ``lines`` limits it to those ids (all convoy lines when None)."""

    family = "line"

    def __init__(self, lines: Iterable[int] | None = None, near: Iterable[int] | None = None):
        super().__init__()
        self.lines = None if lines is None else list(lines)
        #: only lines that ran through, start or end in these zones, or reach their
        #: bounds now (the zones a geometry edit reshaped): the others cannot change
        self.near = None if near is None else set(near)
        self._old: dict[int, tuple] = {}

    @property
    def label(self) -> str:
        return "Update convoy paths"

    def _apply(self, pack: Pack) -> Change:
        m = pack.map
        self._old = {}
        ids = self.lines if self.lines is not None else list(m.lines)
        area = None
        if self.near is not None:
            shapes = [m.zones[z].geometry for z in self.near if z in m.zones]
            shapes = [g for g in shapes if g is not None and not g.is_empty]
            area = shapely.box(*shapely.total_bounds(shapes)) if shapes else None
        for lid in ids:
            line = m.lines.get(lid)
            if line is None or line.kind != "convoy" or len(line.points) < 2:
                continue
            if self.near is not None and not (
                self.near & (set(line.path) | {line.start, line.end})
                or (area is not None and area.intersects(shapely.LineString(line.points)))
            ):
                continue
            path = convoy_path(m, line.points)
            start = zone_at(m, line.points[0])
            end = zone_at(m, line.points[-1])
            if (path, start, end) != (line.path, line.start, line.end):
                self._old[lid] = (list(line.path), line.start, line.end)
                line.path, line.start, line.end = path, start, end
        return Change(lines=set(self._old), fields={"line.path"} if self._old else set())

    def _revert(self, pack: Pack) -> Change:
        for lid, (path, start, end) in self._old.items():
            line = pack.map.lines[lid]
            line.path, line.start, line.end = path, start, end
        return Change(lines=set(self._old), fields={"line.path"} if self._old else set())

    def is_noop(self) -> bool:
        return not self._old


def geometry_edit(
    cs: ChangeSet,
    factory: Callable | None = None,
    label: str = "",
    policy: RemovedZonePolicy | None = None,
) -> Edit:
    """One undo step: the change set applied to the map, then the convoy paths it moves,
    then the units, ownership and capitals of the zones it deletes or merges away (to
    the zone that took their area, unless ``policy`` says otherwise)."""
    apply = ApplyChangeSet(cs, factory, label=label)
    edits: list[Edit] = [apply, SyncConvoyPaths(near=cs.touched())]
    if cs.deleted:  # units, ownership and capitals of zones merged or deleted away
        edits.append(FollowZones(zone_targets(cs), removed=apply.removed_zones, policy=policy))
    return CompositeEdit(edits, label=apply.label)


def delete_target(cov: Coverage, pack: Pack, zid: int) -> int | None:
    """The zone that takes the area of zone ``zid`` when it is deleted: the neighbour
    with the longest shared border, preferring one of the same kind (water stays water);
    None when it has no neighbour. Raises :class:`EditError` for an unknown zone."""
    m = pack.map
    zone = m.zones.get(zid)
    if zone is None or zid not in cov.geoms:
        raise EditError(f"no zone with id {zid} to delete")
    geom = cov.geoms[zid]
    best, best_key = None, None
    for n in cov.neighbours(zid):
        other = m.zones.get(n)
        if other is None:
            continue
        shared = geom.boundary.intersection(cov.geoms[n].boundary).length
        key = (other.is_water == zone.is_water, shared, -n)
        if best_key is None or key > best_key:
            best, best_key = n, key
    return best


def delete_zone_edit(
    cov: Coverage,
    pack: Pack,
    zid: int,
    label: str = "",
    policy: RemovedZonePolicy | None = None,
) -> Edit:
    """One undo step deleting zone ``zid``: its area merges into the neighbour with the
    longest shared border (preferring one of the same kind: water stays water), which
    also takes its units, ownership and capital (or as ``policy`` says); a zone without
    neighbours leaves a hole and its references go away. Raises :class:`EditError` for
    an unknown zone."""
    zone = pack.map.zones.get(zid)
    best = delete_target(cov, pack, zid)
    assert zone is not None
    label = label or f"Delete zone {zone.code} — {zone.name}"
    try:
        if best is None:
            cs = cov.delete_zone(zid, dry_run=True)
        else:
            cs = cov.merge_zones([best, zid], keep=best, dry_run=True)
    except GeometryError as err:
        raise EditError(f"cannot delete zone {zone.code} — {zone.name}: {err}") from None
    cs.label = label
    return geometry_edit(cs, None, label, policy)
