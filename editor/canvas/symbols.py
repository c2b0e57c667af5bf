"""Where the screen-sized symbols go at a zoom level: zone names, value roundels,
facility icons and unit chips.

Symbols are placed for the whole map at once (so the cached map drawn in strips stays
consistent), in priority order: names of the biggest zones first, then roundels, then
facilities, then units. A symbol shows only when its zone is wide enough on screen and
it overlaps no symbol placed before it: that is how details thin out when zoomed out.
Positions are scene coordinates (an anchor plus a pixel offset divided by the scale).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import shapely
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF

from editor.canvas.icons import stack_text

if TYPE_CHECKING:
    from editor.canvas.scene import MapScene

NAME_PX, VALUE_PX, CHIP_PX = 12, 10, 10
ROUNDEL = 18.0  # px
ICON = 14.0  # px
CHIP_H = 16.0
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


class _Grid:
    """Rectangles placed so far, bucketed in 64 px cells."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[QRectF]] = {}

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
        return True


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

    def clear(self) -> None:
        self._cache.clear()
        self._name_sizes.clear()
        self._inputs.clear()

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
            layers[k].isVisible() for k in ("labels", "facilities", "units") if k in layers
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

    def refresh(self, names: bool = True) -> list[tuple[float, float, float, float]]:
        """Recompute the cached placements after an edit (``names``: zone names changed).
        Returns where symbols appeared, went or moved, as map rectangles ``(x, y, w, h)``
        (old and new places) that must be redrawn besides the edited zones."""
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
        if names:
            self._name_sizes.clear()
        out: list[tuple[float, float, float, float]] = []
        for key, syms in old.items():
            scale = key[0]
            new = self._compute(scale)
            self._cache[key] = new
            if new == syms:
                continue
            for kind in ("names", "roundels", "facilities", "units"):
                for item in set(getattr(syms, kind)) ^ set(getattr(new, kind)):
                    x, y = item[-2], item[-1]
                    if kind == "names":
                        known = not names and item[0] in self.scene.pack.map.zones
                        w, h = self.name_size(item[0]) if known else (240.0, 24.0)
                    else:
                        w, h = 120.0, 40.0  # roundel, icon row, unit chip: generous
                    w, h = (w + 8) / scale, (h + 8) / scale
                    out.append((x - w / 2, y - h / 2, w, h))
        return out

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

    def _compute(self, scale: float) -> Symbols:
        sc = self.scene
        geom = sc.geom
        zones = sc.pack.map.zones
        layers = sc.layers
        out = Symbols()
        grid = _Grid()
        ids = [zid for zid in geom.ids if zid in zones]
        self._inputs = {zid: self._inputs_of(zid) for zid in ids}
        px = {zid: geom.width(zid) * scale for zid in ids}
        order = sorted(ids, key=lambda zid: -px[zid])

        def box(x: float, y: float, w: float, h: float) -> QRectF:
            return QRectF(x * scale - w / 2, y * scale - h / 2, w, h)

        name_on = layers["labels"].isVisible()
        # 1. names
        name_box: dict[int, QRectF] = {}
        if name_on:
            for zid in order:
                w, h = self.name_size(zid)
                if px[zid] < w * 0.8:
                    continue  # does not fit its zone at this zoom
                for x, y in self._name_spots(
                    zones[zid], geom.anchor[zid], w, h, px[zid], scale, box
                ):
                    r = box(x, y, w, h)
                    if grid.place(r):
                        out.names.append((zid, x, y))
                        name_box[zid] = r
                        break
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
                z = zones[zid]
                if z.is_water or not z.value or px[zid] < MIN_PX["roundel"]:
                    continue
                x, y = roundel_at[zid]
                # the roundel sits where the designer put it, even on its zone's name
                if grid.place(box(x, y, ROUNDEL, ROUNDEL), ignore=name_box.get(zid)):
                    out.roundels.append((zid, x, y))
        # 3. facilities: a row right of the roundel
        if layers["facilities"].isVisible():
            by_zone: dict[int, list[int]] = {}
            for f in sc.pack.map.facilities.values():
                if sc.shows(f.props):  # those of the scenario shown
                    by_zone.setdefault(f.zone, []).append(f.id)
            step = ICON + 2
            for zid in order:
                fids = by_zone.get(zid)
                if not fids or px[zid] < MIN_PX["facility"]:
                    continue
                x, y = roundel_at[zid]
                for i, fid in enumerate(fids):
                    fx = x + (ROUNDEL / 2 + 4 + ICON / 2 + i * step) / scale
                    if grid.place(box(fx, y, ICON, ICON)):
                        out.facilities.append((fid, fx, y))
        # 4. unit stacks at the zone's slots, then in rows under the roundel
        scenario = sc.scenario
        if layers["units"].isVisible() and scenario is not None:
            stacks: dict[int, list[int]] = {}
            for i, u in enumerate(scenario.units):
                stacks.setdefault(u.zone, []).append(i)
            for zid in order:
                idx = stacks.get(zid)
                if not idx or px[zid] < MIN_PX["unit"]:
                    continue
                z = zones[zid]
                rx, ry = roundel_at[zid]
                for n, i in enumerate(idx):
                    u = scenario.units[i]
                    w = self.chip_width(stack_text(u))
                    if n < len(z.slots):
                        x, y = z.slots[n]
                    else:
                        row, col = divmod(n - len(z.slots), 3)
                        x = rx + (col - 1) * 42 / scale
                        y = ry + (ROUNDEL / 2 + 10 + row * (CHIP_H + 2)) / scale
                    # a stack is never hidden: it moves to the nearest free spot around
                    # its place (inside its zone when it can), else it goes on top
                    x, y = self._free_spot(grid, box, x, y, w, scale, zones[zid].geometry)
                    out.units.append((zid, i, x, y))
        return out
