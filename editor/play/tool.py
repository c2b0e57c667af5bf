"""The play mode's map tool: clicks pick a zone, then a target; the routes previewed
and the attacks standing drawn over the map."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

from editor.tools.base import Tool


class PlayTool(Tool):
    """Play mode's mouse: click (or press) on a stack of yours, release or click on a
    highlighted zone to move there; Shift+click zones on the way first to force the
    route through them (waypoints, in order)."""

    name = "play"
    text = "Play"
    hint = (
        "Click a zone with your units, then a highlighted zone to move them there "
        "(Shift+click zones on the way first: the route passes them)"
    )

    def __init__(self, window, mode):
        """``window``: the main window; ``mode``: its :class:`~editor.play.mode.PlayMode`."""
        super().__init__(window)
        self.mode = mode
        self._pressed: int | None = None

    def mouse_press(self, view, event, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        s = self.mode.session
        if s is None or not s.human_to_move or self.mode.handing_over:
            self.mode.message.emit("wait: it is not your move" if s is not None else "no game")
            return True
        z = self.window.scene.zone_at(pos)
        self._pressed = z
        if z is None:
            return True
        if (
            event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            and self.mode.source is not None
            and z != self.mode.source
        ):
            self.mode.add_waypoint(z)
            self._pressed = None  # (the release does not move)
            return True
        if self.mode.source is not None and z in self.window.scene.play_targets:
            return True  # the release moves
        self.mode.pick_source(z)
        return True

    def mouse_release(self, view, event, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if self._pressed is None:
            return True
        z = self.window.scene.zone_at(pos)
        src = self.mode.source
        if z is not None and src is not None and z != src:
            self.mode.move_to(z)  # a click on a target, or a drag from the stack
        self._pressed = None
        return True

    def mouse_move(self, view, event, pos: QPointF) -> bool:
        """The route to the zone under the mouse, while a stack is picked (hover or drag)."""
        if self.mode.source is None:
            return False
        z = self.window.scene.zone_at(pos)
        self.mode.preview(z if z in self.window.scene.play_targets else None)
        return False  # (the view's hover goes on)

    @staticmethod
    def _paint_battle(painter: QPainter, geom, zone: int, scale: float) -> None:
        """The battle being fought: its zone outlined in red over black, crossed swords'
        stand-in (a ringed X) at its anchor."""
        path = geom.paths[zone]
        for colour, width in ((QColor(0, 0, 0, 200), 8.0), (QColor(230, 30, 30), 4.5)):
            pen = QPen(colour, width / scale)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.setBrush(QColor(230, 30, 30, 40))
            painter.drawPath(path)
        if zone in geom.anchor:
            c = QPointF(*geom.anchor[zone])
            r = 12.0 / scale
            painter.setPen(QPen(QColor(0, 0, 0), 2.0 / scale))
            painter.setBrush(QColor(230, 30, 30))
            painter.drawEllipse(c, r, r)
            painter.setPen(QPen(QColor(255, 255, 255), 2.5 / scale))
            k = r * 0.5
            painter.drawLine(QPointF(c.x() - k, c.y() - k), QPointF(c.x() + k, c.y() + k))
            painter.drawLine(QPointF(c.x() - k, c.y() + k), QPointF(c.x() + k, c.y() - k))

    def cancel(self) -> None:
        self.mode.pick_source(None)

    def paint_overlay(self, view, painter: QPainter, rect: QRectF) -> None:
        """The route(s) previewed: a line through the zones passed, an arrow at the end;
        the waypoints numbered."""
        routes = self.mode.routes
        standing = self.mode.standing_arrows()
        battle = self.mode.marked
        if not routes and not self.mode.waypoints and not standing and battle is None:
            return
        geom = self.window.scene.geom
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        scale = view.transform().m11() or 1.0
        if battle is not None and battle in geom.paths:
            self._paint_battle(painter, geom, battle, scale)
        # (the attacks announced this turn, in red, under the route previewed)
        arrows = [(p, QColor(220, 40, 30)) for p in standing]
        arrows += [(p, QColor(255, 214, 0)) for p in routes]
        for path, fill in arrows:
            pts = [QPointF(*geom.anchor[z]) for z in path if z in geom.anchor]
            if len(pts) < 2:
                continue
            for colour, width in ((QColor(0, 0, 0, 170), 7.0), (fill, 3.5)):
                pen = QPen(colour, width / scale)
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
                pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
                painter.setPen(pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPolyline(pts)
            a, b = pts[-2], pts[-1]
            dx, dy = b.x() - a.x(), b.y() - a.y()
            n = math.hypot(dx, dy) or 1.0
            ux, uy = dx / n, dy / n
            size = 16.0 / scale
            head = QPolygonF(
                [
                    b,
                    QPointF(
                        b.x() - size * ux + size * 0.5 * uy, b.y() - size * uy - size * 0.5 * ux
                    ),
                    QPointF(
                        b.x() - size * ux - size * 0.5 * uy, b.y() - size * uy + size * 0.5 * ux
                    ),
                ]
            )
            painter.setPen(QPen(QColor(0, 0, 0, 200), 1.5 / scale))
            painter.setBrush(fill)
            painter.drawPolygon(head)
            painter.setBrush(QColor(255, 255, 255))
            for p in pts[1:-1]:  # the zones passed through
                painter.drawEllipse(p, 4.0 / scale, 4.0 / scale)
        # the waypoints, numbered
        for i, z in enumerate(self.mode.waypoints, 1):
            if z not in geom.anchor:
                continue
            c = QPointF(*geom.anchor[z])
            r = 9.0 / scale
            painter.setPen(QPen(QColor(0, 0, 0), 1.5 / scale))
            painter.setBrush(QColor(255, 214, 0))
            painter.drawEllipse(c, r, r)
            f = painter.font()
            f.setPixelSize(max(1, round(12 / scale)))
            f.setBold(True)
            painter.setFont(f)
            painter.drawText(
                QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, str(i)
            )
        painter.restore()
