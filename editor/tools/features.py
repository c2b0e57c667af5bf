"""Feature tools: paint attributes, borders, links, convoy/rail/river lines, facilities,
placement. Options (what to paint, which facility type, ...) sit in a "Tool Options"
toolbar that shows the active tool's widgets."""

from __future__ import annotations

import math

import shapely
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from editor.tools.common import (
    PREVIEW,
    AuthoringTool,
    OptionsTool,
    PolylineTool,
    StrokeTool,
    options_combo,
)
from gamecore.errors import WarroomError
from gamecore.geometry import label_point, stack_slots
from gamecore.model.map import BORDER_FLAGS, FACILITY_SERVES_SEA, Facility, Line, Link
from gamecore.model.sharing import HOSTILE_TERRAIN
from gamecore.ops import (
    AddItem,
    CompositeEdit,
    SetBorderAttrs,
    SetOwnership,
    SetZoneAttrs,
)
from gamecore.ops.authoring import convoy_path, zone_at

XY = tuple[float, float]
DEFAULT_FACILITIES = ["factory", "port", "naval_base", "air_base", "fortification"]


class PaintTool(StrokeTool):
    """Click or drag over zones to set their owner, terrain, region or ocean tag."""

    name = "paint"
    text = "Paint"
    shortcut = "P"
    hint = "Click/drag over zones: paint the chosen attribute  ·  Esc: cancel the stroke"
    snap_vertices = snap_segments = False
    FIELDS = ["owner", "terrain", "region", "ocean"]

    def __init__(self, services):
        super().__init__(services)
        self.field = "owner"
        self.value = ""

    def make_options(self) -> list[QWidget]:
        fields = options_combo("paintField", self.FIELDS)
        fields.setCurrentText(self.field)
        values = options_combo("paintValue", [], editable=True)

        def fill(field: str) -> None:
            self.field = field
            values.clear()
            pack = self.pack
            if field == "owner":
                values.addItems(list(pack.nations) + ["(none)"])
            elif field == "terrain":
                values.addItems(sorted({z.terrain for z in pack.map.zones.values()} | {"clear"}))
            else:
                values.addItems(sorted({z.region for z in pack.map.zones.values()} - {""}))
            if self.value and values.findText(self.value) >= 0:
                values.setCurrentText(self.value)
            self.value = values.currentText()

        fields.currentTextChanged.connect(fill)
        values.currentTextChanged.connect(lambda v: setattr(self, "value", v))
        fill(self.field)
        self.field_combo, self.value_combo = fields, values
        return [QLabel(" Paint "), fields, QLabel(" with "), values]

    def _add(self, pos: QPointF) -> None:
        z = self.zone_at(pos)
        if z is None or z in self.stroke:
            return
        kind = self.pack.map.zones[z].kind
        if self.field == "owner" and kind != "land":
            return
        if self.field == "ocean" and kind != "sea":
            return
        if self.field == "region" and kind == "sea":
            return
        self.stroke.append(z)
        self.repaint()

    def paint(self, zones: list[int]) -> bool:
        """One undo step: the chosen attribute of ``zones`` set to the chosen value."""
        value = self.value.strip()
        try:
            if self.field == "owner":
                sc = self.services.document.scenario_id
                if sc is None:
                    raise WarroomError("painting owners needs a scenario")
                owner = None if value in ("", "(none)") else value
                edit = SetOwnership(sc, zones, "owner", owner)
            else:
                field = "region" if self.field == "ocean" else self.field
                edit = SetZoneAttrs(zones, field, value)
        except WarroomError as err:
            self.fail(err)
            return False
        return self.commit(edit)


class BorderTool(OptionsTool):
    """Click a border to toggle the chosen attribute on it."""

    name = "border"
    text = "Border"
    shortcut = "B"
    hint = "Click a border: toggle the chosen attribute  ·  Esc: nothing"
    snap_vertices = False
    ATTRS = [*BORDER_FLAGS, "rail_gauge", "crossing_limit", "hostile_terrain"]
    VALUES = ["standard", "broad", "russian", "1", "2", "3", *HOSTILE_TERRAIN]

    def __init__(self, services):
        super().__init__(services)
        self.attr = "river"
        self.value = "standard"

    def make_options(self) -> list[QWidget]:
        attrs = options_combo("borderAttr", self.ATTRS)
        attrs.setCurrentText(self.attr)
        attrs.currentTextChanged.connect(lambda a: setattr(self, "attr", a))
        value = options_combo("borderValue", self.VALUES, True)
        value.setCurrentText(self.value)
        value.currentTextChanged.connect(lambda v: setattr(self, "value", v))
        return [QLabel(" Mark "), attrs, QLabel(" gauge/limit/terrain "), value]

    def mouse_move(self, view, event, pos) -> bool:
        self.snap(view, pos)
        self.repaint()
        return False

    def mouse_press(self, view, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.snap(view, pos)
        s = self.snapped
        if s is None or len(s.zones) != 2:
            self.services.show_hint("Border: click on a border between two zones")
            return True
        a, b = sorted(s.zones)
        self.toggle(a, b)
        return True

    def mouse_release(self, view, event, pos) -> bool:
        return event.button() == Qt.MouseButton.LeftButton

    def toggle(self, a: int, b: int) -> bool:
        border = self.pack.map.border(a, b)
        current = SetBorderAttrs.current(border, self.attr)
        if self.attr in BORDER_FLAGS:
            value = not current
        elif self.attr == "hostile_terrain":
            # the War Game's lines (seeds/002): the chosen one, or off when one is there
            chosen = self.value if self.value in HOSTILE_TERRAIN else HOSTILE_TERRAIN[0]
            value = None if current else chosen
        elif self.attr == "rail_gauge":
            value = None if current else (self.value or "standard")
        else:
            value = None if current is not None else int(self.value or 1)
        try:
            return self.commit(SetBorderAttrs([(a, b)], self.attr, value))
        except WarroomError as err:
            self.fail(err)
            return False

    def paint_overlay(self, view, painter, rect) -> None:
        painter.save()
        painter.resetTransform()
        self.paint_snap(view, painter)
        painter.restore()


class LinkTool(AuthoringTool):
    """Drag from a zone to another: land to land makes a strait (through the sea zone
    under the middle of the drag, if any), sea to sea a canal (controlled by the land
    zones next to both), Alt+drag an off-map route, Ctrl+drag a "not adjacent"
    override."""

    name = "link"
    text = "Link"
    shortcut = "L"
    hint = (
        "Drag zone → zone: strait (land) or canal (sea)  ·  Alt+drag: off-map route  ·"
        "  Ctrl+drag: not adjacent  ·  Esc: cancel"
    )
    snap_vertices = snap_segments = False

    def __init__(self, services):
        super().__init__(services)
        self.start: XY | None = None
        self.end: XY | None = None

    def cancel(self) -> None:
        self.start = self.end = None
        self.repaint()

    def mouse_press(self, view, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.start = self.end = (pos.x(), pos.y())
        return True

    def mouse_move(self, view, event, pos) -> bool:
        if self.start is None:
            return False
        self.end = (pos.x(), pos.y())
        self.repaint()
        return True

    def mouse_release(self, view, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton or self.start is None:
            return False
        start, end = self.start, (pos.x(), pos.y())
        self.cancel()
        mods = event.modifiers()
        kind = None
        if mods & Qt.KeyboardModifier.ControlModifier:
            kind = "not_adjacent"
        elif mods & Qt.KeyboardModifier.AltModifier:
            kind = "offmap"
        try:
            self.link(start, end, kind)
        except WarroomError as err:
            self.fail(err)
        return True

    def key_press(self, view, event) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            self.cancel()
            return True
        return False

    def link(self, start: XY, end: XY, kind: str | None = None) -> bool:
        m = self.pack.map
        a, b = zone_at(m, start), zone_at(m, end)
        if a is None or b is None or a == b:
            raise WarroomError("a link goes from one zone to another")
        za, zb = m.zones[a], m.zones[b]
        link = Link(0, kind or "connection", a, b)
        if kind is None:
            if za.kind == "land" and zb.kind == "land":
                link.kind = "strait"
                mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
                via = zone_at(m, mid)
                if via is not None and m.zones[via].kind == "sea":
                    link.via = via
            elif za.kind == "sea" and zb.kind == "sea":
                link.kind = "canal"
                cov = self.coverage()
                both = cov.neighbours(a) & cov.neighbours(b)
                link.controllers = sorted(z for z in both if m.zones[z].kind == "land")
                link.rule = "all"
            elif "offmap" in (za.kind, zb.kind):
                link.kind = "offmap"
        link.name = f"{za.name} – {zb.name}"
        edit = AddItem("links", link)
        if self.commit(edit):
            self.services.selection.set([("link", edit.id)])
            self.services.show_hint(f"Added {link.kind} link {link.name}")
            return True
        return False

    def paint_overlay(self, view, painter: QPainter, rect: QRectF) -> None:
        if self.start is None or self.end is None:
            return
        painter.save()
        painter.resetTransform()
        painter.setPen(QPen(PREVIEW, 2, Qt.PenStyle.DashLine))
        painter.drawLine(self.to_view(view, self.start), self.to_view(view, self.end))
        painter.restore()


class LineTool(PolylineTool):
    """Draw a convoy line, rail line or river (click points, Enter finishes)."""

    kind = "convoy"

    def finish(self, points: list[XY]) -> None:
        m = self.pack.map
        n = 1 + sum(1 for ln in m.lines.values() if ln.kind == self.kind)
        line = Line(0, self.kind, name=f"{self.text} {n}", points=[tuple(p) for p in points])
        if self.kind == "convoy":
            line.path = convoy_path(m, line.points)
            line.start = zone_at(m, line.points[0])
            line.end = zone_at(m, line.points[-1])
        elif self.kind == "rail":
            line.gauge = "standard"
        edit = AddItem("lines", line)
        if self.commit(edit):
            self.services.selection.set([("line", edit.id)])
            if self.kind == "convoy":
                codes = " → ".join(m.zones[z].code for z in line.path)
                self.services.show_hint(f"{line.name}: {codes or 'crosses no sea zone'}")


class ConvoyTool(LineTool):
    name = "convoy"
    text = "Convoy Line"
    shortcut = "C"
    kind = "convoy"
    hint = (
        "Click points across sea zones (ends snap into zones)  ·  Enter/double-click: done"
        "  ·  Backspace  ·  Esc"
    )
    snap_vertices = snap_segments = False


class RailTool(LineTool):
    name = "rail"
    text = "Rail Line"
    shortcut = "T"
    kind = "rail"
    hint = "Click points of the rail line  ·  Enter/double-click: done  ·  Backspace  ·  Esc"
    snap_vertices = snap_segments = False


class RiverTool(LineTool):
    name = "river"
    text = "River"
    shortcut = "I"
    kind = "river"
    hint = "Click points of the river (snaps to borders)  ·  Enter/double-click: done  ·  Esc"


class FacilityTool(OptionsTool):
    """Click a land zone to place a facility of the chosen type. Ports and naval bases
    need a coastal zone; then click the sea zone(s) they serve and press Enter (Enter
    at once: every sea zone next to it)."""

    name = "facility"
    text = "Facility"
    shortcut = "F"
    hint = "Click a land zone: place the chosen facility  ·  ports: then click sea zones, Enter"
    snap_vertices = snap_segments = False

    def __init__(self, services):
        super().__init__(services)
        self.type = "factory"
        self.pending: Facility | None = None

    def types(self) -> list[str]:
        doc = self.services.document
        sc = doc.pack.scenarios.get(doc.scenario_id) if doc.scenario_id else None
        if sc is not None:
            try:
                from gamecore.rules import load_ruleset

                return list(load_ruleset(sc.ruleset, pack=doc.pack).facility_types)
            except WarroomError:
                pass
        return list(DEFAULT_FACILITIES)

    def make_options(self) -> list[QWidget]:
        combo = options_combo("facilityType", self.types())
        if combo.findText(self.type) >= 0:
            combo.setCurrentText(self.type)
        self.type = combo.currentText()
        combo.currentTextChanged.connect(lambda t: setattr(self, "type", t))
        self.type_combo = combo
        return [QLabel(" Facility "), combo]

    def cancel(self) -> None:
        self.pending = None
        self.repaint()

    def sea_neighbours(self, zid: int) -> list[int]:
        m = self.pack.map
        return sorted(z for z in self.coverage().neighbours(zid) if m.zones[z].kind == "sea")

    def mouse_press(self, view, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        z = self.zone_at(pos)
        if z is None:
            return True
        if self.pending is not None:
            if z in self.sea_neighbours(self.pending.zone):
                s = self.pending.serves
                s.remove(z) if z in s else s.append(z)
                self.repaint()
            else:
                self.services.show_hint("Click a sea zone next to the port, Enter when done")
            return True
        self.place(z)
        return True

    def mouse_release(self, view, event, pos) -> bool:
        return event.button() == Qt.MouseButton.LeftButton

    def key_press(self, view, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            self.cancel()
            return True
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.pending is not None:
            fac = self.pending
            self.pending = None
            if not fac.serves:
                fac.serves = self.sea_neighbours(fac.zone)
            fac.serves.sort()
            self._add(fac)
            return True
        return False

    def place(self, zid: int) -> bool:
        m = self.pack.map
        if m.zones[zid].kind != "land":
            self.fail("facilities go in land zones")
            return False
        fac = Facility(0, zid, self.type)
        if self.type in FACILITY_SERVES_SEA:
            if not self.sea_neighbours(zid):
                self.fail(f"a {self.type} must be in a coastal zone")
                return False
            self.pending = fac
            self.services.show_hint(
                f"{self.type}: click the sea zone(s) it serves, Enter to place, Esc to cancel"
            )
            self.repaint()
            return True
        return self._add(fac)

    def _add(self, fac: Facility) -> bool:
        edit = AddItem("facilities", fac)
        self.repaint()
        if self.commit(edit):
            self.services.selection.set([("facility", edit.id)])
            return True
        return False

    def paint_overlay(self, view, painter, rect) -> None:
        if self.pending is None:
            return
        self.paint_zones(view, painter, [self.pending.zone], QColor("#d50000"))
        self.paint_zones(view, painter, self.pending.serves, QColor("#2979ff"))


class PlacementTool(OptionsTool):
    """Drag a zone's label point, roundel point or a unit-stack slot; "Auto-place"
    computes label and slots for the selected zones."""

    name = "placement"
    # it places the points symbols go to, not units: the name says so (units are placed
    # from the Scenario dock's Setup page: drag a unit type onto the map)
    text = "Symbol Points"
    shortcut = "Q"
    hint = (
        "Drag label (L), roundel (R) or unit-slot (S) points  ·  Auto-place: selected zones"
        "  ·  units themselves: Scenario dock › Setup, drag a unit type onto the map"
    )
    snap_vertices = snap_segments = False
    PICK_PX = 8.0
    SLOTS = 4

    def __init__(self, services):
        super().__init__(services)
        self.grab: tuple[int, str, int] | None = None  # zone, field, slot index
        self.to: XY | None = None

    def make_options(self) -> list[QWidget]:
        b = QPushButton("Auto-place")
        b.setObjectName("autoPlace")
        b.clicked.connect(self.auto_place)
        return [b]

    def cancel(self) -> None:
        self.grab = self.to = None
        self.repaint()

    def points(self):
        m = self.pack.map
        for zid in self.services.selection.zones() or list(m.zones):
            z = m.zones.get(zid)
            if z is None:
                continue
            if z.label is not None:
                yield zid, "label", 0, z.label
            if z.roundel is not None:
                yield zid, "roundel", 0, z.roundel
            for i, s in enumerate(z.slots):
                yield zid, "slots", i, s

    def mouse_press(self, view, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        tol = self.PICK_PX / max(view.scale_factor(), 1e-9)
        best = None
        for zid, field, i, p in self.points():
            d = math.dist(p, (pos.x(), pos.y()))
            if d <= tol and (best is None or d < best[0]):
                best = (d, zid, field, i)
        if best is None:
            return True
        self.grab = best[1:]
        self.to = (pos.x(), pos.y())
        return True

    def mouse_move(self, view, event, pos) -> bool:
        if self.grab is None:
            return False
        self.to = (pos.x(), pos.y())
        self.repaint()
        return True

    def mouse_release(self, view, event, pos) -> bool:
        if event.button() != Qt.MouseButton.LeftButton or self.grab is None:
            return False
        zid, field, i = self.grab
        to = (pos.x(), pos.y())
        self.cancel()
        z = self.pack.map.zones[zid]
        if z.geometry is not None and not shapely.intersects_xy(z.geometry, *to):
            self.fail(f"the point must stay inside {z.name}")
            return True
        if field == "slots":
            value = list(z.slots)
            value[i] = to
        else:
            value = to
        try:
            self.commit(SetZoneAttrs([zid], field, value))
        except WarroomError as err:
            self.fail(err)
        return True

    def auto_place(self) -> bool:
        m = self.pack.map
        zones = [z for z in self.services.selection.zones() if m.zones[z].geometry is not None]
        if not zones:
            self.services.show_hint("Auto-place: select zones first")
            return False
        labels = {z: label_point(m.zones[z].geometry) for z in zones}
        slots = {z: stack_slots(m.zones[z].geometry, self.SLOTS) for z in zones}
        edit = CompositeEdit(
            [
                SetZoneAttrs(zones, "label", values=labels),
                SetZoneAttrs(zones, "slots", values=slots),
            ],
            label=f"Auto-place {len(zones)} zones",
        )
        return self.commit(edit)

    def paint_overlay(self, view, painter: QPainter, rect: QRectF) -> None:
        painter.save()
        painter.resetTransform()
        colours = {"label": "#d50000", "roundel": "#2979ff", "slots": "#00c853"}
        for _zid, field, _i, p in self.points():
            painter.setPen(QPen(QColor(colours[field]), 2))
            painter.drawEllipse(self.to_view(view, p), 4, 4)
        if self.grab is not None and self.to is not None:
            painter.setPen(QPen(PREVIEW, 2))
            painter.drawEllipse(self.to_view(view, self.to), 6, 6)
        painter.restore()
