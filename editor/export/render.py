"""The board on paper and as images: PDF (one page per sheet and an assembly page), SVG
and PNG, drawn by the editor's own map layers (:class:`editor.canvas.scene.MapScene`)
with the legend of the map mode.

Every output is laid out in pixels of 1/96 inch (``SYMBOL_DPI``): the symbols (names,
roundels, chips, icons) keep the size they have on a screen, printed or not. PDF and SVG
are vector: the layers paint their symbols straight onto the device, so names stay text
(:mod:`editor.canvas.images`)."""

from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)
from PySide6.QtSvg import QSvgGenerator

from editor.canvas.layers import LAYERS, device_scale
from editor.canvas.legend import WIDTH as LEGEND_W
from editor.canvas.legend import legend_height, paint_legend, sections, split_columns
from editor.canvas.scene import MapScene
from editor.canvas.symbols import font
from editor.export import kit
from editor.export.layout import Layout, Sheet, plan
from editor.export.options import SYMBOL_DPI, RenderOptions, check_pixels, pixel_size
from editor.validation import zone_severities
from gamecore.errors import WarroomError
from gamecore.model import Pack
from gamecore.store import read_pack
from gamecore.validate import Validator

PX_PER_MM = SYMBOL_DPI / 25.4
PAPER = QColor("#ffffff")
#: layers a board never prints (the editor's selection and hover live in the highlight)
NOT_PRINTED = ("background",)
#: Qt's PNG "quality" (100 - 9 x zlib level, roughly): fast compression
PNG_QUALITY = 80


def ensure_app():
    """The Qt application the scene needs (offscreen when there is no display)."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication(sys.argv[:1])
    return app


def board_scene(pack: Pack, opts: RenderOptions) -> MapScene:
    """A scene showing ``pack`` as ``opts`` asks (mode, scenario, units, labels)."""
    ensure_app()
    scene = MapScene()
    scene.set_pack(pack, opts.scenario)
    scene.set_mode(opts.mode)
    if opts.mode == "issues":
        scene.set_issues(zone_severities(Validator(pack, include_slow=False).run()))
    layers = scene.layers
    layers["units"].setVisible(opts.units)
    layers["labels"].setVisible(opts.labels in ("names", "both"))
    if opts.labels in ("ids", "both"):
        layers["hexes"].setVisible(True)
    elif opts.labels == "none":
        layers["hexes"].setVisible(False)
    return scene


def paint_map(scene: MapScene, painter: QPainter, target: QRectF, source: QRectF) -> None:
    """The map's ``source`` rectangle (map units) into ``target`` (painter coordinates),
    every visible layer bottom to top, on white paper."""
    painter.save()
    painter.setClipRect(target)
    painter.fillRect(target, PAPER)
    painter.translate(target.topLeft())
    painter.scale(target.width() / source.width(), target.height() / source.height())
    painter.translate(-source.topLeft())
    scale = device_scale(painter)
    for key in LAYERS:
        layer = scene.layers.get(key)
        if layer is None or not layer.isVisible() or key in NOT_PRINTED:
            continue
        painter.save()
        layer.draw(painter, source, scale)
        painter.restore()
    painter.restore()


def _qrect(r) -> QRectF:
    return QRectF(*r)


def _mm(v: float) -> float:
    return v * PX_PER_MM


def title_of(pack: Pack, opts: RenderOptions, scene: MapScene) -> str:
    name = str(pack.meta.get("title") or pack.meta.get("name") or "Map")
    sc = scene.scenario
    mode = opts.mode.capitalize()
    return f"{name}" + (f" — {sc.name}" if sc is not None else "") + f" — {mode} map"


# -- PDF ---------------------------------------------------------------------------------
def _page(writer: QPdfWriter, size_mm: tuple[float, float]) -> None:
    w, h = size_mm
    orient = QPageLayout.Orientation.Landscape if w > h else QPageLayout.Orientation.Portrait
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QSizeF(min(w, h), max(w, h)), QPageSize.Unit.Millimeter),
            orient,
            QMarginsF(0, 0, 0, 0),
        )
    )


def _assembly(painter: QPainter, scene: MapScene, lay: Layout, title: str, opts) -> None:
    pw, ph = _mm(lay.page[0]), _mm(lay.page[1])
    m = _mm(lay.margin)
    painter.setPen(QColor("#111111"))
    painter.setFont(font(16, bold=True))
    painter.drawText(QPointF(m, m + 12), title)
    painter.setFont(font(10))
    s = lay.scale
    bw, bh = lay.board_mm
    painter.drawText(
        QPointF(m, m + 28),
        f"Assembly: {lay.cols} x {lay.rows} sheets of {opts.paper_name}, "
        f"{lay.overlap:g} mm overlap · board {bw:.0f} x {bh:.0f} mm · "
        f"1 map unit = {s:.4g} mm",
    )
    top = m + 40
    avail_h = ph - top - m
    # the legend in as many columns as the page height needs (two at most, then smaller)
    secs = sections(scene)
    one = legend_height(scene, secs)
    cols = [secs]
    if one * 0.8 > avail_h:  # one column would be too small to read: two
        cols = split_columns(scene, secs, avail_h)
        if len(cols) > 2:
            cols = split_columns(scene, secs, max(one / 2, max(_sec_heights(scene, secs))))
    lh = max(legend_height(scene, c) for c in cols)
    k = min(1.0, avail_h / lh)
    area = QRectF(m, top, pw - 2 * m - len(cols) * (LEGEND_W + 4) * k - _mm(6), avail_h)
    sheets = lay.sheets()
    xs = [sh.source[0] for sh in sheets] + [sh.source[0] + sh.source[2] for sh in sheets]
    ys = [sh.source[1] for sh in sheets] + [sh.source[1] + sh.source[3] for sh in sheets]
    whole = QRectF(QPointF(min(xs), min(ys)), QPointF(max(xs), max(ys)))
    f = min(area.width() / whole.width(), area.height() / whole.height())
    target = QRectF(area.left(), area.top(), whole.width() * f, whole.height() * f)
    # the overview is for putting the sheets together: unit chips would hide the map
    units = scene.layers["units"]
    shown = units.isVisible()
    units.setVisible(False)
    try:
        paint_map(scene, painter, target, whole)
    finally:
        units.setVisible(shown)

    def to_page(x: float, y: float) -> QPointF:
        return QPointF(target.left() + (x - whole.left()) * f, target.top() + (y - whole.top()) * f)

    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for sh in sheets:
        x, y, w, h = sh.source
        r = QRectF(to_page(x, y), to_page(x + w, y + h))
        painter.setPen(QPen(QColor("#c0392b"), 1.2, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(r)
        painter.setFont(font(round(max(10, min(24, r.height() / 4))), bold=True))
        box = painter.fontMetrics().boundingRect(sh.name).adjusted(-5, -2, 5, 2)
        box.moveCenter(r.center().toPoint())
        painter.setPen(QPen(QColor("#c0392b"), 1.0))
        painter.setBrush(QBrush(QColor(255, 255, 255, 225)))
        painter.drawRoundedRect(QRectF(box), 3, 3)
        painter.setPen(QColor("#c0392b"))
        painter.drawText(QRectF(box), Qt.AlignmentFlag.AlignCenter, sh.name)
    painter.setPen(QPen(QColor("#333333"), 0.8))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(target)
    painter.save()
    painter.translate(target.right() + _mm(6), top)
    painter.scale(k, k)
    for i, col in enumerate(cols):
        title = "Legend" if i == 0 else "Legend (continued)"
        paint_legend(painter, scene, QPointF(i * (LEGEND_W + 4), 0), title=title, secs=col)
    painter.restore()


def _sec_heights(scene: MapScene, secs) -> list[float]:
    return [legend_height(scene, [s]) for s in secs]


def _marks(painter: QPainter, lay: Layout, sh: Sheet, title: str) -> None:
    """Crop marks at the corners of the printed area, alignment targets where this sheet
    overlaps its neighbours (the same map points on both sheets), glue-line ticks, and
    the sheet's index with its neighbours and a locator grid in the margin."""
    m, iw, ih = _mm(lay.margin), _mm(lay.inner[0]), _mm(lay.inner[1])
    ov = _mm(lay.overlap)
    left, top, right, bottom = m, m, m + iw, m + ih
    pen = QPen(QColor("#000000"), 0.6)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    c = _mm(6)
    g = _mm(1.5)
    for x, sx in ((left, -1), (right, 1)):
        for y, sy in ((top, -1), (bottom, 1)):
            painter.drawLine(QPointF(x + sx * g, y), QPointF(x + sx * (g + c), y))
            painter.drawLine(QPointF(x, y + sy * g), QPointF(x, y + sy * (g + c)))

    def target(p: QPointF) -> None:
        r = _mm(2.2)
        painter.setPen(QPen(QColor("#000000"), 0.7))
        painter.setBrush(QBrush(QColor(255, 255, 255, 170)))
        painter.drawEllipse(p, r, r)
        painter.drawLine(p - QPointF(r * 1.5, 0), p + QPointF(r * 1.5, 0))
        painter.drawLine(p - QPointF(0, r * 1.5), p + QPointF(0, r * 1.5))

    inset = _mm(12)
    dash = QPen(QColor("#555555"), 0.6, Qt.PenStyle.DashLine)
    if sh.col > 0:
        x = left + ov / 2
        target(QPointF(x, top + inset))
        target(QPointF(x, bottom - inset))
        painter.setPen(dash)
        painter.drawLine(QPointF(left + ov, top - _mm(4)), QPointF(left + ov, top - g))
        painter.drawLine(QPointF(left + ov, bottom + g), QPointF(left + ov, bottom + _mm(4)))
    if sh.col < lay.cols - 1:
        x = right - ov / 2
        target(QPointF(x, top + inset))
        target(QPointF(x, bottom - inset))
    if sh.row > 0:
        y = top + ov / 2
        target(QPointF(left + inset, y))
        target(QPointF(right - inset, y))
        painter.setPen(dash)
        painter.drawLine(QPointF(left - _mm(4), top + ov), QPointF(left - g, top + ov))
        painter.drawLine(QPointF(right + g, top + ov), QPointF(right + _mm(4), top + ov))
    if sh.row < lay.rows - 1:
        y = bottom - ov / 2
        target(QPointF(left + inset, y))
        target(QPointF(right - inset, y))
    # the index: name, place, neighbours; a locator grid
    painter.setPen(QColor("#111111"))
    painter.setFont(font(10, bold=True))
    base = bottom + _mm(6.5)
    painter.drawText(QPointF(left + _mm(8), base), f"Sheet {sh.name}")
    painter.setFont(font(8))
    around = []
    for dc, dr, word in ((-1, 0, "left"), (1, 0, "right"), (0, -1, "above"), (0, 1, "below")):
        c2, r2 = sh.col + dc, sh.row + dr
        if 0 <= c2 < lay.cols and 0 <= r2 < lay.rows:
            around.append(f"{word} {Sheet(c2, r2, (0, 0, 0, 0)).name}")
    painter.drawText(
        QPointF(left + _mm(28), base),
        f"column {sh.col + 1} of {lay.cols}, row {sh.row + 1} of {lay.rows}"
        + (" · " + ", ".join(around) if around else "")
        + f" · trim at the dashed ticks, glue over the {lay.overlap:g} mm overlap · {title}",
    )
    cell = _mm(2.2)
    gx = right - _mm(8) - cell * lay.cols
    gy = bottom + _mm(2.5)
    if lay.rows * cell > _mm(6.5):
        cell = _mm(6.5) / lay.rows
        gx = right - _mm(8) - cell * lay.cols
    for r in range(lay.rows):
        for c2 in range(lay.cols):
            painter.setPen(QPen(QColor("#333333"), 0.5))
            me = (c2, r) == (sh.col, sh.row)
            painter.setBrush(QBrush(QColor("#c0392b") if me else QColor("#ffffff")))
            painter.drawRect(QRectF(gx + c2 * cell, gy + r * cell, cell, cell))


def write_pdf(scene: MapScene, lay: Layout, opts: RenderOptions, title: str) -> int:
    writer = QPdfWriter(opts.out)
    writer.setResolution(int(SYMBOL_DPI))
    writer.setCreator("Warroom")
    writer.setTitle(title)
    _page(writer, lay.page)
    painter = QPainter()
    if not painter.begin(writer):
        raise WarroomError(f"{opts.out}: cannot write the PDF")
    pages = 1
    try:
        _assembly(painter, scene, lay, title, opts)
        m = _mm(lay.margin)
        inner = QRectF(m, m, _mm(lay.inner[0]), _mm(lay.inner[1]))
        for sh in lay.sheets():
            writer.newPage()
            pages += 1
            paint_map(scene, painter, inner, _qrect(sh.source))
            if opts.marks:
                _marks(painter, lay, sh, title)
        if opts.kit and scene.scenario is not None:
            portrait = (min(opts.paper), max(opts.paper))
            for paint_page in kit.pages(scene, opts):
                _page(writer, portrait)
                writer.newPage()
                pages += 1
                paint_page(painter, QRectF(0, 0, _mm(portrait[0]), _mm(portrait[1])))
    finally:
        painter.end()
    return pages


# -- one picture: SVG and PNG ------------------------------------------------------------
def _picture_size(scene: MapScene, lay: Layout) -> tuple[QRectF, QRectF, QSizeF]:
    """The map's rectangle, the legend's place and the whole picture (px of 1/96 in)."""
    bw, bh = lay.board_mm
    pad = 12.0
    head = 30.0
    mp = QRectF(pad, head, _mm(bw), _mm(bh))
    lh = legend_height(scene)
    legend = QRectF(mp.right() + pad, head, LEGEND_W, lh)
    size = QSizeF(legend.right() + pad, max(mp.bottom(), legend.bottom()) + pad)
    return mp, legend, size


def _paint_picture(painter: QPainter, scene: MapScene, lay: Layout, title: str) -> None:
    mp, legend, size = _picture_size(scene, lay)
    painter.fillRect(QRectF(QPointF(0, 0), size), PAPER)
    painter.setPen(QColor("#111111"))
    painter.setFont(font(15, bold=True))
    painter.drawText(QPointF(mp.left(), 21), title)
    paint_map(scene, painter, mp, _qrect(lay.frame))
    painter.setPen(QPen(QColor("#333333"), 0.8))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(mp)
    paint_legend(painter, scene, legend.topLeft())


def write_svg(scene: MapScene, lay: Layout, opts: RenderOptions, title: str) -> tuple[int, int]:
    _mp, _legend, size = _picture_size(scene, lay)
    gen = QSvgGenerator()
    gen.setFileName(opts.out)
    gen.setTitle(title)
    gen.setResolution(int(SYMBOL_DPI))
    gen.setSize(QSize(round(size.width()), round(size.height())))
    gen.setViewBox(QRectF(QPointF(0, 0), size))
    painter = QPainter()
    if not painter.begin(gen):
        raise WarroomError(f"{opts.out}: cannot write the SVG")
    try:
        _paint_picture(painter, scene, lay, title)
    finally:
        painter.end()
    return round(size.width()), round(size.height())


def png_size(scene: MapScene, lay: Layout, dpi: float) -> tuple[int, int]:
    _mp, _legend, size = _picture_size(scene, lay)
    return pixel_size(size.width() / PX_PER_MM, size.height() / PX_PER_MM, dpi)


def write_png(scene: MapScene, lay: Layout, opts: RenderOptions, title: str) -> tuple[int, int]:
    _mp, _legend, size = _picture_size(scene, lay)
    check_pixels(size.width() / PX_PER_MM, size.height() / PX_PER_MM, opts.dpi)
    w, h = pixel_size(size.width() / PX_PER_MM, size.height() / PX_PER_MM, opts.dpi)
    image = QImage(w, h, QImage.Format.Format_RGB32)
    if image.isNull():
        raise WarroomError(f"no memory for a {w}x{h} image: lower --dpi or --scale")
    dpr = opts.dpi / SYMBOL_DPI
    image.setDevicePixelRatio(dpr)
    image.setDotsPerMeterX(round(opts.dpi / 0.0254))
    image.setDotsPerMeterY(round(opts.dpi / 0.0254))
    image.fill(PAPER)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    try:
        _paint_picture(painter, scene, lay, title)
    finally:
        painter.end()
    # zlib's default level spends twice the time for 10% less file on a board
    if not image.save(opts.out, "PNG", PNG_QUALITY):
        raise WarroomError(f"{opts.out}: cannot write the PNG")
    return w, h


# -- the whole job -----------------------------------------------------------------------
def frame_of(scene: MapScene) -> tuple[float, float, float, float]:
    f = scene.geom.frame
    if f.isNull() or f.width() <= 0 or f.height() <= 0:
        raise WarroomError("the map has nothing to draw (no zones)")
    return f.x(), f.y(), f.width(), f.height()


def render_scene(scene: MapScene, opts: RenderOptions, title: str) -> dict:
    """Write ``opts.out`` from ``scene``; a summary (format, pages or pixels, layout)."""
    t0 = time.perf_counter()
    lay = plan(frame_of(scene), opts)
    if opts.fmt == "png":
        check_pixels(*(v / PX_PER_MM for v in _picture_size(scene, lay)[2].toTuple()), opts.dpi)
    tmp = opts.out + ".part"
    final = opts.out
    try:  # the folder may say yes to access() and no to a file (read-only mounts, /proc)
        with open(tmp, "wb"):
            pass
    except OSError as err:
        raise WarroomError(f"{final}: cannot write there ({err.strerror})") from None
    opts.out = tmp
    try:
        if opts.fmt == "pdf":
            info: dict = {"pages": write_pdf(scene, lay, opts, title)}
        elif opts.fmt == "svg":
            info = dict(zip(("width", "height"), write_svg(scene, lay, opts, title), strict=True))
        else:
            info = dict(zip(("width", "height"), write_png(scene, lay, opts, title), strict=True))
        if not os.path.exists(tmp) or os.path.getsize(tmp) == 0:
            raise WarroomError(f"{final}: nothing was written")
        os.replace(tmp, final)
    finally:
        opts.out = final
        if os.path.exists(tmp):
            os.remove(tmp)
    info.update(
        output=final,
        format=opts.fmt,
        sheets=f"{lay.cols}x{lay.rows}",
        paper=opts.paper_name,
        scale_mm_per_unit=round(lay.scale, 6),
        seconds=round(time.perf_counter() - t0, 3),
    )
    return info


def render_pack(path: str, opts: RenderOptions) -> dict:
    """``warroom render``: read the pack at ``path`` and write ``opts.out``."""
    pack = read_pack(path)
    if opts.scenario is not None and opts.scenario not in pack.scenarios:
        known = ", ".join(sorted(pack.scenarios)) or "none"
        raise WarroomError(f"the pack has no scenario '{opts.scenario}' (scenarios: {known})", path)
    if opts.kit and not pack.scenarios:
        raise WarroomError("--kit needs a scenario and the pack has none", path)
    scene = board_scene(pack, opts)
    return render_scene(scene, opts, title_of(pack, opts, scene))
