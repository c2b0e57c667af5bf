"""Where the screen-sized symbols go at a zoom level: zone names, value roundels,
facility icons and unit chips.

Symbols are placed for the whole map at once (so the cached map drawn in strips stays
consistent), in priority order: names of the biggest zones first, then roundels, then
facilities, then units. A symbol shows only when its zone is wide enough on screen and
it overlaps no symbol placed before it: that is how details thin out when zoomed out.
Positions are scene coordinates (an anchor plus a pixel offset divided by the scale).

After a geometry edit only the zones it touched and the zones whose symbols could meet
theirs are placed again (``Placer.refresh(zones=...)``), around the symbols of every
other zone, which stay where they were; a zoom level placed from scratch (the next zoom
step) gives the greedy whole-map order again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import shapely
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF

from editor.canvas.icons import stack_text
from gamecore.chips import CHIP_H, CHIP_PX

if TYPE_CHECKING:
    from editor.canvas.scene import MapScene

NAME_PX, VALUE_PX = 12, 10
ROUNDEL = 18.0  # px
ICON = 14.0  # px
#: an issue marker (IssuesLayer): its size and how far above the zone's anchor it sits
MARKER_W, MARKER_H, MARKER_DY = 18.0, 16.0, 18.0
#: a hex at least this wide on screen (px) shows a stack marker when its chips do not fit
MARKER_MIN_HEX_PX = 9.0
#: the stack marker's side (px): a share of the hex, within these bounds
MARKER_PX = (12.0, 18.0)
#: minimum width of a zone on screen for each kind of symbol (px)
MIN_PX = {"roundel": 22.0, "facility": 34.0, "unit": 44.0}


def font(px: int, bold: bool = False, italic: bool = False) -> QFont:
    f = QFont()
    f.setPixelSize(px)
    f.setBold(bold)
    f.setItalic(italic)
    return f


def name_style(z) -> tuple[str, QFont]:
    return z.name or z.code, font(NAME_PX, bold=not z.is_water, italic=z.is_water)


@dataclass
class Symbols:
    names: list[tuple[int, float, float]] = field(default_factory=list)  # zone, x, y
    roundels: list[tuple[int, float, float]] = field(default_factory=list)  # zone, x, y
    facilities: list[tuple[int, float, float]] = field(default_factory=list)  # facility, x, y
    units: list[tuple[int, int, float, float]] = field(default_factory=list)  # zone, stack, x, y
    #: one marker per hex whose chips do not fit inside it: zone, x, y, size (px), the
    #: strength (units) and the nation whose colour it wears
    markers: list[tuple[int, float, float, float, int, str]] = field(default_factory=list)
    #: every placed rectangle (screen px at the placement's scale: x0, y0, x1, y1) and
    #: the zone it belongs to, for placing a few zones again around the others
    boxes: np.ndarray = field(default_factory=lambda: np.empty((0, 4)), compare=False)
    owners: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64), compare=False)
    #: zones with a symbol left out or moved from its place (more room could change them)
    displaced: set[int] = field(default_factory=set, compare=False)


class _Grid:
    """Rectangles placed so far, bucketed in 64 px cells."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[QRectF]] = {}
        #: the rectangles placed while ``owner`` was set, with that zone id
        self.placed: list[tuple[QRectF, int]] = []
        self.owner = -1

    def free(self, r: QRectF) -> bool:
        """Whether ``r`` overlaps nothing placed so far."""
        for gx in range(math.floor(r.left() / 64), math.floor(r.right() / 64) + 1):
            for gy in range(math.floor(r.top() / 64), math.floor(r.bottom() / 64) + 1):
                if any(o.intersects(r) for o in self.cells.get((gx, gy), ())):
                    return False
        return True

    def place(self, r: QRectF, ignore: QRectF | None = None, force: bool = False) -> bool:
        """Place ``r`` unless it overlaps a rectangle placed before (except ``ignore``);
        with ``force``, place it anyway."""
        keys = [
            (gx, gy)
            for gx in range(math.floor(r.left() / 64), math.floor(r.right() / 64) + 1)
            for gy in range(math.floor(r.top() / 64), math.floor(r.bottom() / 64) + 1)
        ]
        if not force and any(
            o.intersects(r) and o is not ignore for k in keys for o in self.cells.get(k, ())
        ):
            return False
        for k in keys:
            self.cells.setdefault(k, []).append(r)
        if self.owner >= 0:
            self.placed.append((r, self.owner))
        return True

    def fill(self, boxes: np.ndarray) -> None:
        """Add rectangles ``(x0, y0, x1, y1)`` placed earlier (they block, never move)."""
        for x0, y0, x1, y1 in boxes.tolist():
            self.place(QRectF(x0, y0, x1 - x0, y1 - y0), force=True)


#: where a unit chip that does not fit its place tries next, in chip steps: rings around
#: it, nearest first, vertical neighbours before horizontal ones
_CHIP_SPOTS = sorted(
    ((dx, dy) for dx in range(-2, 3) for dy in range(-2, 3)),
    key=lambda d: (max(abs(d[0]), abs(d[1])), abs(d[1]), abs(d[0]), d),
)


class Placer:
    def __init__(self, scene: MapScene):
        self.scene = scene
        self._cache: dict[tuple, Symbols] = {}
        self._inputs: dict[int, tuple | None] = {}  # per zone, as last placed
        self._name_sizes: dict[int, tuple[float, float]] = {}
        self._text_widths: dict[tuple[str, int], float] = {}
        self._stacks: dict[int, list[str]] = {}  # per zone, the stacks as last placed

    def clear(self) -> None:
        self._cache.clear()
        self._name_sizes.clear()
        self._inputs.clear()
        self._stacks.clear()

    def name_size(self, zid: int) -> tuple[float, float]:
        size = self._name_sizes.get(zid)
        if size is None:
            text, f = name_style(self.scene.pack.map.zones[zid])
            fm = QFontMetricsF(f)
            size = self._name_sizes[zid] = (fm.horizontalAdvance(text) + 6, fm.height() + 4)
        return size

    def chip_width(self, text: str) -> float:
        w = self._text_widths.get((text, CHIP_PX))
        if w is None:
            w = self._text_widths[(text, CHIP_PX)] = max(
                22.0, QFontMetricsF(font(CHIP_PX, bold=True)).horizontalAdvance(text) + 8.0
            )
        return w

    def _key(self, scale: float) -> tuple:
        layers = self.scene.layers
        shown = tuple(
            layers[k].isVisible()
            for k in ("labels", "facilities", "units", "issues")
            if k in layers
        )
        return (round(scale, 9), shown, self.scene.scenario_id)

    def get(self, scale: float) -> Symbols:
        key = self._key(scale)
        syms = self._cache.get(key)
        if syms is None:
            syms = self._compute(key[0])  # the key's scale: a recomputation matches exactly
            if len(self._cache) > 6:
                self._cache.clear()
            self._cache[key] = syms
        return syms

    def roundel_zones(self) -> set[int]:
        """Zones whose value roundel is shown at some cached zoom level."""
        return {zid for syms in self._cache.values() for zid, _x, _y in syms.roundels}

    def _inputs_of(self, zid: int) -> tuple | None:
        """What the placement reads of one zone (the same at every zoom level)."""
        z = self.scene.pack.map.zones.get(zid)
        geom = self.scene.geom
        if z is None or zid not in geom.index:
            return None
        return (
            geom.anchor.get(zid),
            geom.width(zid),
            z.roundel,
            tuple(z.slots),
            z.value,
            z.kind,
            z.name,
        )

    def unchanged(self, zone_ids) -> bool:
        """Whether the placement inputs of ``zone_ids`` are those the cached placements
        were computed from (then a reshape that moved no anchor and changed no width
        leaves every symbol where it is: nothing to recompute)."""
        if not self._cache:
            return True
        return all(
            zid in self._inputs and self._inputs_of(zid) == self._inputs[zid] for zid in zone_ids
        )

    def refresh(self, names: bool = True, zones=None) -> list[tuple[float, float, float, float]]:
        """Recompute the cached placements after an edit (``names``: zone names changed).
        With ``zones`` (the zones a geometry edit touched, created or deleted), only those
        and the zones whose symbols could meet theirs are placed again, around the
        others. Returns where symbols appeared, went or moved, as map rectangles
        ``(x, y, w, h)`` (old and new places) that must be redrawn besides the edited
        zones."""
        # only the zoom levels on screen now are recomputed; the others (an earlier zoom,
        # the overview's) are placed again when they are next drawn
        shown = []
        for v in self.scene.views():
            t = v.transform()
            scale = math.hypot(t.m11(), t.m12())
            shown += [scale, scale * v.viewport().devicePixelRatioF()]
        old = {
            k: v
            for k, v in self._cache.items()
            if any(abs(k[0] - s) <= 1e-6 * max(s, 1e-12) for s in shown)
        }
        self._cache.clear()
        touched = None if zones is None else set(zones)
        if touched is not None:
            for zid in touched:
                self._name_sizes.pop(zid, None)
        elif names:
            self._name_sizes.clear()
        out: list[tuple[float, float, float, float]] = []
        for key, syms in old.items():
            scale = key[0]
            again = None
            if touched is not None:
                again = self._affected(syms, scale, touched)
            if again is None:
                new = self._compute(scale)
            else:
                new = self._compute(scale, only=again | touched, base=syms)
            self._cache[key] = new
            if new == syms:
                continue
            for kind in ("names", "roundels", "facilities", "units", "markers"):
                was, now = getattr(syms, kind), getattr(new, kind)
                if kind == "units":  # a stack's index may shift; where it is drawn counts
                    was = [(z, 0, x, y) for z, _i, x, y in was]
                    now = [(z, 0, x, y) for z, _i, x, y in now]
                if kind == "markers":
                    was = [(z, 0, x, y) for z, x, y, *_rest in was]
                    now = [(z, 0, x, y) for z, x, y, *_rest in now]
                for item in set(was) ^ set(now):
                    x, y = item[-2], item[-1]
                    if kind == "names":
                        known = not names and item[0] in self.scene.pack.map.zones
                        w, h = self.name_size(item[0]) if known else (240.0, 24.0)
                    else:
                        w, h = 120.0, 40.0  # roundel, icon row, unit chip: generous
                    w, h = (w + 8) / scale, (h + 8) / scale
                    out.append((x - w / 2, y - h / 2, w, h))
        return out

    def _marked(self) -> set[int]:
        """Zones with an issue marker drawn (IssuesLayer): chips keep clear of it."""
        sc = self.scene
        layer = sc.layers.get("issues")
        if layer is None or not layer.isVisible():
            return set()
        return set(sc.issues) & set(sc.geom.anchor)

    def _extents(self, ids: list[int], scale: float) -> np.ndarray:
        """Per zone of ``ids``: the screen box (px, x0 y0 x1 y1) its symbols can occupy at
        ``scale`` (its bounds, label point, roundel and slots, plus how far a name, a
        roundel, an icon row or a chip pushed aside reaches); an empty box (x0 > x1) for
        a zone too small on screen to show any symbol."""
        geom = self.scene.geom
        zones = self.scene.pack.map.zones
        scenario = self.scene.scenario
        n_stacks: dict[int, int] = {}
        if scenario is not None:
            for u in scenario.units:
                n_stacks[u.zone] = n_stacks.get(u.zone, 0) + 1
        out = np.full((len(ids), 4), (np.inf, np.inf, -np.inf, -np.inf))
        rows = np.array([geom.index[zid] for zid in ids], dtype=np.int64)
        if not len(rows):
            return out
        b = geom.bounds[rows]
        px = np.minimum(b[:, 2] - b[:, 0], (b[:, 3] - b[:, 1]) * 2.0) * scale
        marked = self._marked()
        for n in range(len(ids)):
            zid = ids[n]
            p = px[n]
            if p < 8.0 and zid not in marked:
                continue
            z = zones[zid]
            rx = ry = 0.0
            if zid in marked:  # the issue marker above the anchor
                rx, ry = MARKER_W / 2 + 2, MARKER_DY + MARKER_H / 2 + 2
            w, h = self.name_size(zid)
            if p >= w * 0.8:  # the name, maybe above or below the roundel
                rx, ry = w / 2 + 2, ROUNDEL + h + 2
            if p >= MIN_PX["roundel"]:  # the roundel, maybe under the name
                rx, ry = max(rx, ROUNDEL / 2 + 2), max(ry, NAME_PX + 6 + ROUNDEL)
            if p >= MIN_PX["facility"]:  # a row of icons right of the roundel
                rx = max(rx, ROUNDEL / 2 + 4 + 8 * (ICON + 2))
            k = n_stacks.get(zid, 0)
            if p >= MIN_PX["unit"] and k:  # rows of chips, each maybe two steps aside
                rx = max(rx, 42 + 2.5 * 66)
                ry = max(ry, ROUNDEL / 2 + 10 + (k // 3 + 3) * (CHIP_H + 2))
            if rx == 0.0:
                continue  # too small to show anything at this zoom
            x0, y0, x1, y1 = b[n].tolist()
            for pt in (geom.anchor.get(zid), z.roundel, *z.slots):
                if pt is not None:
                    x, y = pt
                    x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
            out[n] = (x0 * scale - rx, y0 * scale - ry, x1 * scale + rx, y1 * scale + ry)
        return out

    def _affected(self, syms: Symbols, scale: float, touched: set[int]) -> set[int] | None:
        """The zones to place again at ``scale`` after an edit of ``touched``: those and
        the zones whose unit stacks changed (a merge moves units), the zones with a
        symbol where theirs may now go or were (``_extents`` and their old places), and
        the zones pushed aside before (a name or roundel left out, a chip moved) that
        could take the room freed. None when that is most of the map (place it all)."""
        geom = self.scene.geom
        zones = self.scene.pack.map.zones
        live = [zid for zid in geom.ids if zid in zones]
        if not live:
            return None
        again = {zid for zid in touched if zid in geom.index and zid in zones}
        scenario = self.scene.scenario
        if scenario is not None:
            now: dict[int, list[str]] = {}
            for u in scenario.units:
                now.setdefault(u.zone, []).append(stack_text(u))
            drawn = self._stacks
            again |= {
                zid
                for zid in now.keys() | drawn.keys()
                if zid in zones and zid in geom.index and now.get(zid) != drawn.get(zid)
            }
        first = sorted(again)
        reach = self._extents(first, scale)
        old = syms.boxes[np.isin(syms.owners, list(touched | again))]
        area = np.concatenate([reach[reach[:, 0] <= reach[:, 2]], old])

        def meets(boxes: np.ndarray, areas: np.ndarray) -> np.ndarray:
            hit = np.zeros(len(boxes), dtype=bool)
            for x0, y0, x1, y1 in areas.tolist():
                hit |= (
                    (boxes[:, 2] >= x0)
                    & (boxes[:, 0] <= x1)
                    & (boxes[:, 3] >= y0)
                    & (boxes[:, 1] <= y1)
                )
            return hit

        if len(area) and len(syms.boxes):
            again |= set(syms.owners[meets(syms.boxes, area)].tolist())
        pushed = sorted(z for z in syms.displaced - again if z in zones and z in geom.index)
        if pushed and len(old):
            ext = self._extents(pushed, scale)
            again |= {pushed[i] for i in np.flatnonzero(meets(ext, old)).tolist()}
        again &= set(live)
        if len(again) > len(live) // 2:
            return None
        return again

    # -- the placement --------------------------------------------------------------------
    @staticmethod
    def _name_spots(z, anchor, w: float, h: float, px: float, scale: float, box) -> list:
        """Where a zone's name may go: its label point, unless the zone's value roundel
        (which stays where the designer put it) would cover it; then just above the
        roundel, else just below it, else the label point after all."""
        ax, ay = anchor
        if z.roundel is None or z.is_water or not z.value or px < MIN_PX["roundel"]:
            return [(ax, ay)]
        rx, ry = z.roundel
        if not box(ax, ay, w, h).intersects(box(rx, ry, ROUNDEL, ROUNDEL)):
            return [(ax, ay)]
        off = (ROUNDEL / 2 + h / 2 + 1) / scale
        return [(ax, ry - off), (ax, ry + off), (ax, ay)]

    @staticmethod
    def _free_spot(grid: _Grid, box, x: float, y: float, w: float, scale: float, zone_geom):
        """The spot nearest (x, y) where a unit chip ``w`` px wide overlaps nothing placed
        before: rings of offsets one chip apart, those inside the zone first; (x, y)
        itself, placed over the others, when every spot is taken."""
        step_x, step_y = (w + 3) / scale, (CHIP_H + 2) / scale
        outside = []
        for dx, dy in _CHIP_SPOTS:
            cx, cy = x + dx * step_x, y + dy * step_y
            r = box(cx, cy, w, CHIP_H)
            if not grid.free(r):
                continue  # taken: no need to ask whether it is in the zone
            if (
                (dx or dy)
                and zone_geom is not None
                and not shapely.intersects_xy(zone_geom, cx, cy)
            ):
                outside.append((cx, cy))
                continue
            grid.place(r, force=True)
            return cx, cy
        for cx, cy in outside:
            if grid.place(box(cx, cy, w, CHIP_H)):
                return cx, cy
        grid.place(box(x, y, w, CHIP_H), force=True)
        return x, y

    def issue_marker(self, zid: int, scale: float) -> tuple[float, float, float, float] | None:
        """Where zone ``zid``'s issue marker goes: a map point and a pixel offset from it.
        Above the label point, but on a hex in its lower right, clear of the hex id at
        its top (#37: 60 info markers covered the ids, "07ⓘ5")."""
        geom = self.scene.geom
        if zid in self._hexes() and zid in geom.index:
            x0, y0, x1, y1 = geom.bounds[geom.index[zid]].tolist()
            return (x0 + x1) / 2, (y0 + y1) / 2, 0.24 * (x1 - x0) * scale, 0.2 * (y1 - y0) * scale
        at = geom.anchor.get(zid)
        return None if at is None else (at[0], at[1], 0.0, -MARKER_DY)

    def _hexes(self) -> frozenset[int]:
        """The zones drawn as hexes (their stacks stay inside them)."""
        layer = self.scene.layers.get("hexes")
        return layer.hex_ids() if layer is not None else frozenset()

    def _place_hex_stack(
        self, out: Symbols, grid: _Grid, zid: int, idx: list[int], scale: float, name
    ) -> None:
        """The stacks of hex ``zid`` inside it (#37: chips sat on hex edges, up to a hex
        away, and none showed at fit zoom): rows of chips centred in the band between
        the hex's id (and name) and its bottom when they fit, else one marker for the
        whole stack (the main nation's colour, the number of units). Nothing here
        moves aside: what lies inside the hex is the hex's."""
        sc = self.scene
        geom = sc.geom
        units = sc.scenario.units
        x0, y0, x1, y1 = geom.bounds[geom.index[zid]].tolist()
        cx, cy = (x0 + x1) / 2 * scale, (y0 + y1) / 2 * scale
        w, h = (x1 - x0) * scale, (y1 - y0) * scale
        if w < MARKER_MIN_HEX_PX:
            return
        top, bottom = cy - 0.42 * h, cy + 0.40 * h
        if w >= 26.0:  # the hex id is drawn at the top (HexLabelsLayer)
            size = max(8, min(13, round(w * 0.2)))
            top = cy - 0.26 * h + (size + 4) / 2 + 1
        if name is not None and name.bottom() < bottom:
            top = max(top, name.bottom() + 1)
        widths = [self.chip_width(stack_text(units[i])) for i in idx]
        rows: list[list[int]] = [[]]
        room = 0.80 * w
        used = 0.0
        for n, cw in enumerate(widths):
            if rows[-1] and used + 3 + cw > room:
                rows.append([])
                used = 0.0
            rows[-1].append(n)
            used += (3 if used else 0) + cw
        need = len(rows) * (CHIP_H + 2)
        fits = max(widths) <= room and need <= bottom - top
        if fits:
            y = (top + bottom) / 2 - need / 2 + (CHIP_H + 2) / 2
            for row in rows:
                span = sum(widths[n] for n in row) + 3 * (len(row) - 1)
                x = cx - span / 2
                for n in row:
                    px_x = x + widths[n] / 2
                    grid.place(
                        QRectF(px_x - widths[n] / 2, y - CHIP_H / 2, widths[n], CHIP_H), force=True
                    )
                    out.units.append((zid, idx[n], px_x / scale, y / scale))
                    x += widths[n] + 3
                y += CHIP_H + 2
            return
        big = max(MARKER_PX[0], min(MARKER_PX[1], 0.5 * min(w, h)))
        z = sc.pack.map.zones[zid]
        valued = z.kind == "land" and bool(z.value) and w >= 40.0  # PP written low centre
        g = z.geometry
        x, y, side = cx, cy + 0.1 * h, MARKER_PX[0]  # when nothing fits
        for size in (big, max(MARKER_PX[0], 0.75 * big), MARKER_PX[0]):
            spots = []
            if not valued:
                spots += [(cx, (top + bottom) / 2), (cx, top + size / 2 + 1)]
            spots += [(cx + 0.24 * w, cy + 0.1 * h), (cx - 0.24 * w, cy + 0.1 * h)]
            half = size / 2 / scale
            fit = next(
                (
                    (sx, sy)
                    for sx, sy in spots
                    if sy - size / 2 >= top - 0.5
                    and g is not None
                    and g.contains(
                        shapely.box(
                            sx / scale - half,
                            sy / scale - half,
                            sx / scale + half,
                            sy / scale + half,
                        )
                    )
                ),
                None,
            )
            if fit is not None:
                (x, y), side = fit, size
                break
        strength: dict[str, int] = {}
        for i in idx:
            strength[units[i].nation] = strength.get(units[i].nation, 0) + units[i].count
        nation = max(strength, key=lambda k: (strength[k], k))
        grid.place(QRectF(x - side / 2, y - side / 2, side, side), force=True)
        out.markers.append((zid, x / scale, y / scale, side, sum(strength.values()), nation))

    def _compute(
        self,
        scale: float,
        only: set[int] | None = None,
        base: Symbols | None = None,
    ) -> Symbols:
        """Place the symbols at ``scale``: all zones, or with ``only`` and ``base`` the
        zones of ``only`` around the symbols ``base`` placed for the other zones."""
        sc = self.scene
        geom = sc.geom
        zones = sc.pack.map.zones
        layers = sc.layers
        out = Symbols()
        grid = _Grid()
        ids = [zid for zid in geom.ids if zid in zones]
        partial = only is not None and base is not None
        if partial:
            assert only is not None and base is not None
            keep = ~np.isin(base.owners, list(only)) if len(base.owners) else np.empty(0, bool)
            kept_boxes, kept_owners = base.boxes[keep], base.owners[keep]
            # only what the re-placed zones can reach blocks them
            near = np.zeros(len(kept_boxes), dtype=bool)
            for x0, y0, x1, y1 in self._extents(sorted(only & set(ids)), scale).tolist():
                if x0 > x1:
                    continue
                near |= (
                    (kept_boxes[:, 2] >= x0)
                    & (kept_boxes[:, 0] <= x1)
                    & (kept_boxes[:, 3] >= y0)
                    & (kept_boxes[:, 1] <= y1)
                )
            grid.fill(kept_boxes[near])
            for zid in list(self._inputs):
                if zid not in zones or zid in only:
                    del self._inputs[zid]
            ids = [zid for zid in ids if zid in only]
            self._inputs.update({zid: self._inputs_of(zid) for zid in ids})
            out.names = [e for e in base.names if e[0] not in only and e[0] in zones]
            out.roundels = [e for e in base.roundels if e[0] not in only and e[0] in zones]
            facs = sc.pack.map.facilities
            out.facilities = [
                e for e in base.facilities if e[0] in facs and facs[e[0]].zone not in only
            ]
        else:
            self._inputs = {zid: self._inputs_of(zid) for zid in ids}
        px = {zid: geom.width(zid) * scale for zid in ids}
        order = sorted(ids, key=lambda zid: -px[zid])

        def box(x: float, y: float, w: float, h: float) -> QRectF:
            return QRectF(x * scale - w / 2, y * scale - h / 2, w, h)

        name_on = layers["labels"].isVisible()
        marked = self._marked()
        # 1. names
        name_box: dict[int, QRectF] = {}
        displaced: set[int] = set()
        if name_on:
            for zid in order:
                grid.owner = zid
                w, h = self.name_size(zid)
                if px[zid] < w * 0.8:
                    continue  # does not fit its zone at this zoom
                spots = self._name_spots(zones[zid], geom.anchor[zid], w, h, px[zid], scale, box)
                for x, y in spots:
                    r = box(x, y, w, h)
                    if grid.place(r):
                        out.names.append((zid, x, y))
                        name_box[zid] = r
                        break
                if name_box.get(zid) is None or out.names[-1][1:] != spots[0]:
                    displaced.add(zid)
        # issue markers are drawn above the anchors whatever else is there: what comes
        # next (roundels, icons, chips) keeps clear of them
        for zid in order:
            if zid in marked:
                grid.owner = zid
                spot = self.issue_marker(zid, scale)
                if spot is None:
                    continue
                ax, ay, dx, dy = spot
                r = QRectF(
                    ax * scale + dx - MARKER_W / 2,
                    ay * scale + dy - MARKER_H / 2,
                    MARKER_W,
                    MARKER_H,
                )
                grid.place(r, force=True)
        # 2. value roundels (at the roundel point, else under the name)
        roundel_at: dict[int, tuple[float, float]] = {}
        for zid in order:
            z = zones[zid]
            if z.roundel is not None:
                roundel_at[zid] = z.roundel
            else:
                ax, ay = geom.anchor[zid]
                roundel_at[zid] = (ax, ay + (NAME_PX + 6) / scale)
        if name_on:
            for zid in order:
                grid.owner = zid
                z = zones[zid]
                if z.is_water or not z.value or px[zid] < MIN_PX["roundel"]:
                    continue
                x, y = roundel_at[zid]
                # the roundel sits where the designer put it, even on its zone's name
                if grid.place(box(x, y, ROUNDEL, ROUNDEL), ignore=name_box.get(zid)):
                    out.roundels.append((zid, x, y))
                else:
                    displaced.add(zid)
        # 3. facilities: a row right of the roundel
        if layers["facilities"].isVisible():
            by_zone: dict[int, list[int]] = {}
            for f in sc.pack.map.facilities.values():
                if sc.shows(f.props):  # those of the scenario shown
                    by_zone.setdefault(f.zone, []).append(f.id)
            step = ICON + 2
            for zid in order:
                grid.owner = zid
                fids = by_zone.get(zid)
                if not fids or px[zid] < MIN_PX["facility"]:
                    continue
                x, y = roundel_at[zid]
                for i, fid in enumerate(fids):
                    fx = x + (ROUNDEL / 2 + 4 + ICON / 2 + i * step) / scale
                    if grid.place(box(fx, y, ICON, ICON)):
                        out.facilities.append((fid, fx, y))
                    else:
                        displaced.add(zid)
        # 4. unit stacks at the zone's slots, then in rows under the roundel
        scenario = sc.scenario
        stacks: dict[int, list[int]] = {}
        if scenario is not None:
            for i, u in enumerate(scenario.units):
                stacks.setdefault(u.zone, []).append(i)
        self._stacks = (
            {zid: [stack_text(scenario.units[i]) for i in idx] for zid, idx in stacks.items()}
            if scenario is not None
            else {}
        )
        if partial:
            assert base is not None and only is not None
            # the stacks of the zones kept: same places, their index in the list now
            seen: dict[int, int] = {}
            for zid, _i, x, y in base.units:
                if zid in only or zid not in zones:
                    continue
                n = seen[zid] = seen.get(zid, -1) + 1
                idx = stacks.get(zid, [])
                if n < len(idx):
                    out.units.append((zid, idx[n], x, y))
            out.markers = [e for e in base.markers if e[0] not in only and e[0] in zones]
        hexes = self._hexes()
        if layers["units"].isVisible() and scenario is not None:
            for zid in order:
                grid.owner = zid
                idx = stacks.get(zid)
                if not idx:
                    continue
                if zid not in hexes and px[zid] < MIN_PX["unit"]:
                    continue
                z = zones[zid]
                if zid in hexes:
                    self._place_hex_stack(out, grid, zid, idx, scale, name_box.get(zid))
                    continue
                rx, ry = roundel_at[zid]
                for n, i in enumerate(idx):
                    u = scenario.units[i]
                    w = self.chip_width(stack_text(u))
                    if n < len(z.slots):
                        x, y = z.slots[n]
                    else:
                        row, col = divmod(n - len(z.slots), 3)
                        # a row of up to three chips centred under the roundel (one
                        # or two chips no longer lean left, into the next hex)
                        in_row = min(3, len(idx) - len(z.slots) - row * 3)
                        x = rx + (col - (in_row - 1) / 2) * 42 / scale
                        y = ry + (ROUNDEL / 2 + 10 + row * (CHIP_H + 2)) / scale
                    # a stack is never hidden: it moves to the nearest free spot around
                    # its place (inside its zone when it can), else it goes on top
                    at = self._free_spot(grid, box, x, y, w, scale, zones[zid].geometry)
                    if at != (x, y):
                        displaced.add(zid)
                    out.units.append((zid, i, *at))
        placed = grid.placed
        new_boxes = np.array(
            [(r.left(), r.top(), r.right(), r.bottom()) for r, _z in placed], dtype=float
        ).reshape(-1, 4)
        new_owners = np.array([z for _r, z in placed], dtype=np.int64)
        if partial:
            assert base is not None and only is not None
            alive = np.isin(kept_owners, list(zones))
            out.boxes = np.concatenate([kept_boxes[alive], new_boxes])
            out.owners = np.concatenate([kept_owners[alive], new_owners])
            displaced |= {z for z in base.displaced - only if z in zones}
        else:
            out.boxes, out.owners = new_boxes, new_owners
        out.displaced = displaced
        return out
