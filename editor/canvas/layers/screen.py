"""Static layers of symbols in screen pixels: zone labels, facilities and unit chips."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QImage,
    QPainter,
    QPen,
    QTransform,
)

from editor.canvas import style, symbols
from editor.canvas.icons import draw_facility, stack_text
from editor.canvas.images import Images as _Images
from editor.canvas.images import draw_centred as _draw_centred
from editor.canvas.layers.base import Hit, Layer, _font
from editor.canvas.layers.static import _paint_roundel
from gamecore import chips

if TYPE_CHECKING:
    from editor.canvas.scene import MapScene


# -- symbols in screen pixels: labels, facilities, units --------------------------------------
class _ScreenLayer(Layer):
    """A layer whose symbols have a constant size in pixels, drawn with the painter's
    transform reset (positions mapped to device coordinates); where they go is decided
    by the scene's :class:`editor.canvas.symbols.Placer`."""

    def __init__(self, scene: MapScene, z: float):
        super().__init__(scene, z)
        self.images = _Images()

    def rebuild(self) -> None:
        self.images.clear()
        self.refresh()

    def _begin(self, painter: QPainter) -> QTransform:
        self.images.prepare(painter)
        t = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        return t

    @staticmethod
    def _area(exposed: QRectF, scale: float, px: float = 80.0) -> QRectF:
        m = px / scale
        return exposed.adjusted(-m, -m, m, m)


class LabelsLayer(_ScreenLayer):
    """Zone names and value roundels (in the owner's colour in every map mode)."""

    key = "labels"

    def forget(self, zone_ids, fields=()) -> None:
        """Names of these zones changed: drop their pictures (a roundel's picture is
        keyed by its colour and value, a name's by its text: the others stay right)."""
        zone_ids = set(zone_ids)
        cache = self.images._cache
        for key in [k for k in cache if k[0] == "name" and k[1] in zone_ids]:
            del cache[key]

    def _name_image(self, zid: int) -> QImage:
        z = self.map_scene.pack.map.zones[zid]
        text, f = symbols.name_style(z)
        w, h = self.map_scene.symbols.name_size(zid)
        ink = QColor("#0d2b4f") if z.is_water else QColor("#161616")

        def paint(p: QPainter) -> None:
            p.setFont(f)
            base = QFontMetricsF(f).ascent() + 2
            p.setPen(QColor(255, 255, 255, 215))  # halo: the text around, 1 px away
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
                p.drawText(QPointF(3 + dx, base + dy), text)
            p.setPen(ink)
            p.drawText(QPointF(3, base), text)

        return self.images.get(("name", zid, text, z.is_water), w, h, paint)

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        sc = self.map_scene
        zones = sc.pack.map.zones
        placed = sc.symbols.get(scale)
        # on a hex map the hex layer shows each hex's id and production points: the
        # default names ("Hex 1142") and the value roundels of hexes are left to it
        hexes = sc.layers["hexes"]
        on_hex = hexes.hex_ids() if hexes.isVisible() else frozenset()
        t = self._begin(painter)
        area = self._area(exposed, scale, 120)
        for zid, x, y in placed.names:
            if area.contains(x, y):
                if zid in on_hex and zones[zid].name in (zones[zid].code, f"Hex {zones[zid].code}"):
                    continue
                _draw_centred(painter, self._name_image(zid), t.map(QPointF(x, y)))
        for zid, x, y in placed.roundels:
            if not area.contains(x, y) or zid in on_hex:
                continue
            z = zones[zid]
            owner = sc.scenario.owner_of(zid) if sc.scenario else None
            colour = sc.nation_colour(owner) if owner else QColor("#ece6d2")
            img = self.images.get(
                ("roundel", colour.name(), z.value),
                symbols.ROUNDEL,
                symbols.ROUNDEL,
                lambda p, c=colour, v=z.value: _paint_roundel(p, QPointF(9, 9), c, str(v), 8.0),
            )
            _draw_centred(painter, img, t.map(QPointF(x, y)))
        painter.restore()


class FacilitiesLayer(_ScreenLayer):
    key = "facilities"

    def _icon(self, ftype: str, damaged: bool, badge: str = "") -> QImage:
        """The icon; ``badge`` (level and damage, e.g. "2/5") is written under it."""
        s = symbols.ICON + 2
        bw = max(s, 7.0 * len(badge) + 4) if badge else s
        h = s + (11 if badge else 0)

        def paint(p: QPainter) -> None:
            r = draw_facility(p, QPointF(bw / 2, s / 2), ftype, symbols.ICON)
            if damaged:
                p.setPen(QPen(QColor("#c0392b"), 2))
                p.drawLine(r.topLeft(), r.bottomRight())
            if badge:
                box = QRectF(0.5, s, bw - 1, 10.5)
                p.setPen(QPen(QColor("#1b1b1b"), 0.8))
                p.setBrush(QBrush(QColor("#c0392b") if damaged else QColor("#fbfaf5")))
                p.drawRoundedRect(box, 2, 2)
                p.setFont(_font(9, bold=True))
                p.setPen(QColor("#ffffff") if damaged else QColor("#1b1b1b"))
                p.drawText(box, Qt.AlignmentFlag.AlignCenter, badge)

        return self.images.get(("facility", ftype, damaged, badge), bw, h, paint)

    def badge(self, f) -> str:
        """Level (when above 1) and damage out of the type's maximum: "L2", "2/5"."""
        parts = []
        if f.level > 1:
            parts.append(f"L{f.level}")
        if f.damage:
            ft = self.map_scene.facility_type(f.type)
            top = getattr(ft, "max_damage", 0) if ft is not None else 0
            parts.append(f"{f.damage}/{top}" if top else f"-{f.damage}")
        return " ".join(parts)

    def icon_rects(self, transform: QTransform, scale: float, ids) -> list[QRectF]:
        """Device rectangles of the shown icons of facilities ``ids`` (highlighting)."""
        want = set(ids)
        half = symbols.ICON / 2
        out = []
        for fid, x, y in self.map_scene.symbols.get(scale).facilities:
            if fid in want:
                c = transform.map(QPointF(x, y))
                out.append(QRectF(c.x() - half, c.y() - half, 2 * half, 2 * half))
        return out

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        facilities = self.map_scene.pack.map.facilities
        placed = self.map_scene.symbols.get(scale).facilities
        if not placed:
            return
        t = self._begin(painter)
        area = self._area(exposed, scale)
        for fid, x, y in placed:
            f = facilities.get(fid)
            if f is not None and area.contains(x, y):
                img = self._icon(f.type, bool(f.damage), self.badge(f))
                c = t.map(QPointF(x, y))
                h = img.height() / img.devicePixelRatio()
                # the icon stays centred on its place; a badge hangs below it
                _draw_centred(painter, img, c + QPointF(0, (h - symbols.ICON - 2) / 2))
        painter.restore()

    def hit(self, pos: QPointF, scale: float) -> Hit | None:
        half = symbols.ICON / 2 + 1
        for fid, x, y in self.map_scene.symbols.get(scale).facilities:
            if abs(pos.x() - x) * scale <= half and abs(pos.y() - y) * scale <= half:
                return ("facility", fid)
        return None


CHIP_HALO = 2.0  # px of light halo around a unit chip


class UnitsLayer(_ScreenLayer):
    """The unit stacks of the current scenario, at the zones' slots (or in rows under
    the roundel when a zone has fewer slots than stacks)."""

    key = "units"

    def _chip(self, text: str, colour: QColor) -> QImage:
        w = self.map_scene.symbols.chip_width(text)
        f = symbols.font(symbols.CHIP_PX, bold=True)

        halo = CHIP_HALO

        def paint(p: QPainter) -> None:
            # a light halo and a dark rim: the chip stands out on any fill, its own
            # nation's colour included (a blue stack on a blue zone)
            outer = QRectF(0.5, 0.5, w + 2 * halo, symbols.CHIP_H - 1 + 2 * halo)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QBrush(QColor(255, 255, 255, 235)))
            p.drawRoundedRect(outer, 4 + halo, 4 + halo)
            r = outer.adjusted(halo, halo, -halo, -halo)
            p.setPen(QPen(QColor(chips.CHIP_RIM), 1.2))
            p.setBrush(QBrush(colour))
            p.drawRoundedRect(r, chips.CHIP_RADIUS, chips.CHIP_RADIUS)
            p.setFont(f)
            p.setPen(QPen(QColor(style.text_colour_on(colour.name()))))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)

        return self.images.get(
            ("chip", text, colour.name()),
            w + 1 + 2 * halo,
            symbols.CHIP_H + 2 * halo,
            paint,
        )

    def _marker(self, strength: int, colour: QColor, side: float) -> QImage:
        """A hex's stack marker: a square in the nation's colour with the number of
        units (just the colour when the square is too small for a digit)."""
        s = round(side)
        text = str(strength) if s >= 11 else ""

        def paint(p: QPainter) -> None:
            r = QRectF(1, 1, s - 2, s - 2)
            p.setPen(QPen(QColor(255, 255, 255, 235), 2.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(-0.5, -0.5, 0.5, 0.5), 3, 3)
            p.setPen(QPen(QColor(chips.CHIP_RIM), 1.0))
            p.setBrush(QBrush(colour))
            p.drawRoundedRect(r, 2.5, 2.5)
            if text:
                px = max(7, min(11, s - 5 - 2 * (len(text) > 1)))
                p.setFont(_font(px, bold=True))
                p.setPen(QPen(QColor(style.text_colour_on(colour.name()))))
                p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)

        return self.images.get(("marker", text, colour.name(), s), s, s, paint)

    def chip_rects(self, scale: float) -> list[tuple[int, QRectF]]:
        """(zone, rectangle in map units) of each chip and stack marker shown at
        ``scale``: what a click on a stack hits."""
        sc = self.map_scene
        scenario = sc.scenario
        if scenario is None:
            return []
        syms = sc.symbols.get(scale)
        out = []
        for zid, i, x, y in syms.units:
            if i < len(scenario.units):
                w = (sc.symbols.chip_width(stack_text(scenario.units[i])) + 2) / scale
                h = (symbols.CHIP_H + 2) / scale
                out.append((zid, QRectF(x - w / 2, y - h / 2, w, h)))
        for zid, x, y, side, _n, _nation in syms.markers:
            d = (side + 2) / scale
            out.append((zid, QRectF(x - d / 2, y - d / 2, d, d)))
        return out

    def hit(self, pos: QPointF, scale: float) -> Hit | None:
        """A click on a chip or a stack marker means its zone (on a hex map a chip
        near the edge still selects the hex it stands for)."""
        for zid, r in self.chip_rects(scale):
            if r.contains(pos):
                return ("zone", zid)
        return None

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        sc = self.map_scene
        scenario = sc.scenario
        syms = sc.symbols.get(scale)
        placed = syms.units
        if syms.markers and scenario is not None:
            t = self._begin(painter)
            area = self._area(exposed, scale, 20)
            for _zid, x, y, side, strength, nation in syms.markers:
                if area.contains(x, y):
                    img = self._marker(strength, sc.nation_colour(nation), side)
                    _draw_centred(painter, img, t.map(QPointF(x, y)))
            painter.restore()
        if scenario is None or not placed:
            return
        t = self._begin(painter)
        area = self._area(exposed, scale)
        for _zid, i, x, y in placed:
            if i >= len(scenario.units) or not area.contains(x, y):
                continue
            u = scenario.units[i]
            text = stack_text(u)
            _draw_centred(
                painter, self._chip(text, sc.nation_colour(u.nation)), t.map(QPointF(x, y))
            )
        painter.restore()
