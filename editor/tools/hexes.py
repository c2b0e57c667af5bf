"""Hex map tools (issue #28): paint hexes (terrain, country, production points, inherent
garrison, coastal flag, kind) with click-and-drag strokes, and mark hexsides (road,
river, all-sea, impassable, crossing arrow) by clicking near the shared edge.

Each stroke or click is one undo step made of the gamecore edits the Inspector uses
(``SetZoneAttrs``; ``SetBorderAttrs`` through its hexside name ``SetHexsideFeature``;
``SetZoneProp``; ``AddCrossingArrow`` / ``RemoveCrossingArrow``).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QLabel, QWidget

from editor.canvas.hex_layers import (
    HEX_TERRAINS,
    HexsidesLayer,
    hex_zone,
    is_hex_map,
    nearest_hexside,
)
from editor.tools.common import PREVIEW, OptionsTool, StrokeTool, options_combo
from gamecore.errors import WarroomError
from gamecore.ops import (
    AddCrossingArrow,
    CompositeEdit,
    Edit,
    RemoveCrossingArrow,
    SetBorderAttrs,
    SetZoneAttrs,
    crossing_arrow_between,
)
from gamecore.ops.hexsides import HEXSIDE_FEATURES as BORDER_FEATURES
from gamecore.ops.hexsides import SetHexsideFeature, SetZoneProp

#: brush -> (values offered, zone kinds it paints)
BRUSHES: dict[str, tuple[list[str], tuple[str, ...]]] = {
    "terrain": (list(HEX_TERRAINS), ("land",)),
    "country": ([], ("land", "sea", "impassable", "offmap")),
    "production": (["0", "1", "2", "3", "4"], ("land",)),
    "garrison": (["on", "off", "default"], ("land",)),
    "coastal": (["on", "off"], ("land",)),
    "kind": (["land", "sea", "impassable"], ("land", "sea", "impassable")),
}


class HexPaintTool(StrokeTool):
    """Click or drag across hexes to paint the chosen brush; one undo step per stroke."""

    name = "hex_paint"
    text = "Hex Paint"
    shortcut = "X"
    hint = (
        "Hex Paint: click/drag across hexes to paint the brush (terrain, country, production,"
        " garrison, coastal, kind)  ·  Esc: cancel the stroke"
    )
    snap_vertices = snap_segments = False
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, services):
        super().__init__(services)
        self.brush = "terrain"
        self.value = "mountain"
        self._last: QPointF | None = None

    # -- options -----------------------------------------------------------------------
    def make_options(self) -> list[QWidget]:
        brushes = options_combo("hexBrush", list(BRUSHES))
        brushes.setCurrentText(self.brush)
        values = options_combo("hexBrushValue", [], editable=False)

        def fill(brush: str) -> None:
            self.brush = brush
            keep = self.value
            values.blockSignals(True)
            values.clear()
            if brush == "country":
                values.setEditable(True)
                regions = {z.region for z in self.pack.map.zones.values() if z.kind == "land"}
                values.addItems(sorted(regions - {""}) or ["Germany"])
            else:
                values.setEditable(False)
                values.addItems(BRUSHES[brush][0])
            values.blockSignals(False)
            if keep and values.findText(keep) >= 0:
                values.setCurrentText(keep)
            self.value = values.currentText()

        brushes.currentTextChanged.connect(fill)
        values.currentTextChanged.connect(lambda v: setattr(self, "value", v))
        fill(self.brush)
        self.brush_combo, self.value_combo = brushes, values
        return [QLabel(" Brush "), brushes, QLabel(" value "), values]

    def set_brush(self, brush: str, value: str) -> None:
        """Pick a brush and its value (as the Tool Options do)."""
        if brush not in BRUSHES:
            raise WarroomError(f"no hex brush {brush!r} (known: {', '.join(BRUSHES)})")
        self.brush, self.value = brush, value
        combo = getattr(self, "brush_combo", None)
        if self._widgets and combo is not None:
            combo.setCurrentText(brush)
            if self.value_combo.isEditable() or self.value_combo.findText(value) >= 0:
                self.value_combo.setCurrentText(value)
            self.value = value

    # -- the stroke ---------------------------------------------------------------------
    def cancel(self) -> None:
        self._last = None
        super().cancel()

    def _start(self) -> None:
        super()._start()
        self._last = None

    def _finish(self, pos: QPointF) -> None:
        self._add(pos)

    def painted_nothing(self) -> None:
        if not is_hex_map(self.pack.map):
            self.services.show_hint("Hex Paint paints the hexes of a hex map (File > New Map…)")

    def _add_at(self, pos: QPointF) -> None:
        z = self.zone_at(pos)
        if z is None or z in self.stroke:
            return
        m = self.pack.map
        if not hex_zone(m, z) or m.zones[z].kind not in BRUSHES[self.brush][1]:
            return
        self.stroke.append(z)

    def _add(self, pos: QPointF) -> None:
        """Add the hexes under the segment from the last point to ``pos`` (a fast drag
        skips no hex)."""
        last = self._last if self._last is not None else pos
        step = self._step()
        n = max(1, math.ceil(math.hypot(pos.x() - last.x(), pos.y() - last.y()) / step))
        for i in range(1, n + 1):
            self._add_at(last + (pos - last) * (i / n))
        self._last = pos
        self.repaint()

    def _step(self) -> float:
        hexinfo = self.pack.map.props.get("hex") or {}
        size = hexinfo.get("size") if isinstance(hexinfo, dict) else None
        if not isinstance(size, (int, float)) or size <= 0:
            z = next(iter(self.pack.map.zones.values()), None)
            if z is None or z.geometry is None:
                return 1.0
            x0, y0, x1, y1 = z.geometry.bounds
            size = max(min(x1 - x0, y1 - y0) / 2, 1e-6)
        return 0.3 * float(size)

    # -- the edit -----------------------------------------------------------------------
    def edit_for(self, zones: list[int]) -> Edit | None:
        """The edit painting ``zones`` with the brush (only the hexes it changes), or
        None when it changes none."""
        m = self.pack.map
        brush, value = self.brush, self.value.strip()
        if brush == "terrain":
            field, new = "terrain", value

            def now(z):
                return z.terrain
        elif brush == "country":
            field, new = "region", value

            def now(z):
                return z.region
        elif brush == "production":
            try:
                new = int(value)
            except ValueError:
                raise WarroomError(f"production points are a number, not {value!r}") from None
            field = "value"

            def now(z):
                return z.value
        elif brush == "coastal":
            field, new = "flag:coastal", value == "on"

            def now(z):
                return "coastal" in z.flags
        elif brush == "kind":
            field, new = "kind", value

            def now(z):
                return z.kind
        elif brush == "garrison":
            field, new = "prop:garrison", {"on": 1, "off": 0}.get(value)

            def now(z):
                return z.props.get("garrison")
        else:
            raise WarroomError(f"no hex brush {brush!r}")
        todo = [zid for zid in zones if now(m.zones[zid]) != new]
        if not todo:
            return None
        if field.startswith("prop:"):
            edit: Edit = SetZoneProp(todo, field, new)
        else:
            edit = SetZoneAttrs(todo, field, new)
        n = len(todo)
        shown = (
            "default" if new is None else ("on" if new is True else "off" if new is False else new)
        )
        label = f"Paint {brush} {shown} ({n} hex{'es' if n != 1 else ''})"
        return CompositeEdit([edit], label=label)

    def paint(self, zones: list[int]) -> bool:
        """One undo step: the brush painted on ``zones``."""
        try:
            edit = self.edit_for(zones)
        except WarroomError as err:
            self.fail(err)
            return False
        if edit is None:
            self.services.show_hint(
                f"Hex Paint: those hexes already have {self.brush} {self.value}"
            )
            return False
        if self.commit(edit):
            self.services.show_hint(edit.label)
            return True
        return False


# -- hexsides ----------------------------------------------------------------------------------
#: what the Hexside tool toggles: the border features, then the crossing arrow (a link)
HEXSIDE_FEATURES = [*BORDER_FEATURES, "crossing_arrow"]


class HexsideTool(OptionsTool):
    """Click near the shared edge of two hexes to toggle the chosen feature on it;
    Shift+click toggles a crossing arrow between two land hexes."""

    name = "hexside"
    text = "Hexside"
    shortcut = "G"
    hint = (
        "Hexside: click near the edge of two hexes to toggle the feature (road, river,"
        " all-sea, impassable)  ·  Shift+click: crossing arrow"
    )
    snap_vertices = snap_segments = False
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, services):
        super().__init__(services)
        self.feature = "road"
        self.hovered: tuple[int, int] | None = None

    def make_options(self) -> list[QWidget]:
        features = options_combo("hexsideFeature", HEXSIDE_FEATURES)
        features.setCurrentText(self.feature)
        features.currentTextChanged.connect(lambda f: setattr(self, "feature", f))
        self.feature_combo = features
        return [QLabel(" Toggle "), features]

    def cancel(self) -> None:
        if self.hovered is not None:
            self.hovered = None
            self.repaint()

    def hexside_at(self, pos: QPointF) -> tuple[int, int] | None:
        """The two hexes whose shared edge is near ``pos`` (in the outer half of the
        hex under it), or None."""
        m = self.pack.map
        zid = self.zone_at(pos)
        if zid is None or not hex_zone(m, zid) or self.view is None:
            return None
        geom = self.view.map_scene.geom
        found = nearest_hexside(m, zid, pos.x(), pos.y(), geom.zone_at)
        if found is None:
            return None
        other, d = found
        r = geom.rect(zid)
        apothem = min(r.width(), r.height()) / 2
        if d > 0.5 * apothem:
            return None
        return (min(zid, other), max(zid, other))

    def mouse_move(self, view, event, pos) -> bool:
        side = self.hexside_at(pos)
        if side != self.hovered:
            self.hovered = side
            self.repaint()
        return False

    def mouse_press(self, view, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        side = self.hexside_at(pos)
        if side is None:
            self.services.show_hint("Hexside: click nearer the edge between two hexes")
            return True
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self.toggle(*side, "crossing_arrow" if shift else self.feature)
        return True

    def mouse_release(self, view, event, pos) -> bool:
        return event.button() == Qt.MouseButton.LeftButton

    def edit_for(self, a: int, b: int, feature: str) -> Edit:
        """The edit toggling ``feature`` on the hexside of ``a`` and ``b``: the
        gamecore edits the Border tool and the CLI use (:class:`SetBorderAttrs` under
        its hexside name, :class:`AddCrossingArrow` / :class:`RemoveCrossingArrow`)."""
        pack = self.pack
        if feature == "crossing_arrow":
            if crossing_arrow_between(pack, a, b) is not None:
                return RemoveCrossingArrow(a, b)
            za, zb = pack.map.zones[a], pack.map.zones[b]
            return AddCrossingArrow(a, b, name=f"{za.code}–{zb.code}")
        if feature not in SetHexsideFeature.FIELDS:
            raise WarroomError(f"no hexside feature {feature!r}")
        on = not SetBorderAttrs.current(pack.map.border(a, b), feature)
        return SetHexsideFeature([(a, b)], feature, on)

    def toggle(self, a: int, b: int, feature: str) -> bool:
        """Toggle ``feature`` on the hexside of ``a`` and ``b``: one undo step."""
        try:
            edit = self.edit_for(a, b, feature)
        except WarroomError as err:
            self.fail(err)
            return False
        if self.commit(edit):
            m = self.pack.map
            za, zb = m.zones[a], m.zones[b]
            self.services.show_hint(f"{edit.label} ({za.code}–{zb.code})")
            return True
        return False

    def paint_overlay(self, view, painter: QPainter, rect: QRectF) -> None:
        if self.hovered is None:
            return
        layer = view.map_scene.layers["hexsides"]
        assert isinstance(layer, HexsidesLayer)
        segs = layer.segments(*self.hovered)  # two on the wrap seam: one at each edge
        if not segs:
            return
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor(PREVIEW), 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        for p, q, _, _ in segs:
            painter.drawLine(self.to_view(view, (p.x(), p.y())), self.to_view(view, (q.x(), q.y())))
        painter.restore()


__all__ = ["BRUSHES", "HEXSIDE_FEATURES", "HexPaintTool", "HexsideTool"]
