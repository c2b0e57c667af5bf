"""The legend of the map as the scene shows it: what the fills of the current map mode
mean, the border and line styles, link overrides, issue markers, unit chips and
facility icons. One painter function serves the editor's Legend dock and the board
renders (PDF, SVG, PNG), so the key always matches the map it explains.

Sizes are in pixels of 1/96 inch (the symbols' own unit on the map)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPainterPath, QPen

from editor.canvas import style
from editor.canvas.adjacency import LINK_COLOURS as ADJ_COLOURS
from editor.canvas.adjacency import AdjacencyOverlay
from editor.canvas.gw_layers import HATCH, terrain_colour
from editor.canvas.hex_layers import ALL_SEA, ROAD, _paint_coastal, _paint_terrain
from editor.canvas.icons import unit_abbrev
from editor.canvas.images import draw_centred
from editor.canvas.layers import LINK_STYLE, RAIL_GAUGES, LinesLayer, _paint_roundel
from editor.canvas.symbols import font

if TYPE_CHECKING:
    from editor.canvas.scene import MapScene

ROW = 17.0  # px per entry
SWATCH = 22.0  # px wide
WIDTH = 230.0  # px: the legend block's width
#: most entries one section lists (regions, nations); the rest are counted
MAX_ROWS = 16

Paint = Callable[[QPainter, QRectF], None]

BORDER_TITLES = {
    "sea": "Sea border",
    "land": "Land border",
    "coast": "Coast",
    "unmatched": "Border without a neighbour",
    "river": "River border",
    "hostile": "Hostile terrain",
    "mountain": "Mountain border",
    "fortified": "Fortified border",
    "impassable": "Impassable border",
}
LINK_TITLES = {
    "strait": "Strait (adjacent)",
    "canal": "Canal",
    "offmap": "Off-map link",
    "connection": "Hand-made adjacency",
    "not_adjacent": "Not adjacent (override)",
}
SEVERITY_TITLES = {"error": "Error", "warning": "Warning", "info": "Info"}


@dataclass
class Section:
    title: str
    rows: list[tuple[Paint, str]] = field(default_factory=list)
    more: int = 0  # entries left out

    def add(self, paint: Paint, label: str) -> None:
        if len(self.rows) < MAX_ROWS:
            self.rows.append((paint, label))
        else:
            self.more += 1


def _fill(colour: str) -> Paint:
    def paint(p: QPainter, r: QRectF) -> None:
        p.setPen(QPen(QColor("#3a3a3a"), 0.8))
        p.setBrush(QBrush(QColor(colour)))
        p.drawRect(r.adjusted(1, 2, -1, -2))

    return paint


def _line(colour: str, width: float, dash: list[float] | None, round_cap: bool = False) -> Paint:
    def paint(p: QPainter, r: QRectF) -> None:
        pen = QPen(QColor(colour))
        pen.setWidthF(width)
        if round_cap:
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if dash:
            pen.setDashPattern(dash)
        p.setPen(pen)
        y = r.center().y()
        p.drawLine(QPointF(r.left() + 1, y), QPointF(r.right() - 1, y))

    return paint


def _rail(gauge: str | None) -> Paint:
    def paint(p: QPainter, r: QRectF) -> None:
        y = r.center().y()
        p.save()
        path = QPainterPath(QPointF(r.left() + 1, y))
        path.lineTo(QPointF(r.right() - 1, y))
        LinesLayer._rail(p, path, gauge)
        p.restore()

    return paint


def _image(get) -> Paint:
    """A symbol the layers draw (a chip, an icon, a marker): ``get()`` gives its picture."""

    def paint(p: QPainter, r: QRectF) -> None:
        draw_centred(p, get(), r.center())

    return paint


def _hatch(terrain: str) -> Paint:
    """A terrain area as the terrain layer draws it: tint, hatch, dashed rim."""

    def paint(p: QPainter, r: QRectF) -> None:
        inner = r.adjusted(1, 2, -1, -2)
        base = terrain_colour(terrain)
        tint = QColor(base)
        tint.setAlpha(120)
        ink = base.darker(190)
        ink.setAlpha(200)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(QColor("#ffffff")))
        p.drawRect(inner)
        p.setBrush(QBrush(tint))
        p.drawRect(inner)
        p.setBrush(QBrush(ink, HATCH.get(terrain.lower(), Qt.BrushStyle.Dense7Pattern)))
        p.drawRect(inner)
        pen = QPen(base.darker(230), 1.2)
        pen.setDashPattern([4, 2])
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(inner)

    return paint


def _road(p: QPainter, r: QRectF) -> None:
    y = r.center().y()
    a, b = QPointF(r.left() + 5, y), QPointF(r.right() - 5, y)
    p.setPen(QPen(QColor("#ffffff"), 5.5, c=Qt.PenCapStyle.RoundCap))
    p.drawLine(a, b)
    p.setPen(QPen(QColor(ROAD), 3.2, c=Qt.PenCapStyle.RoundCap))
    p.drawLine(a, b)


def _gradient(colours: list[str]) -> Paint:
    def paint(p: QPainter, r: QRectF) -> None:
        inner = r.adjusted(1, 2, -1, -2)
        n = len(colours)
        w = inner.width() / n
        p.setPen(Qt.PenStyle.NoPen)
        for i, c in enumerate(colours):
            p.setBrush(QBrush(QColor(c)))
            p.drawRect(QRectF(inner.left() + i * w, inner.top(), w + 0.3, inner.height()))
        p.setPen(QPen(QColor("#3a3a3a"), 0.8))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(inner)

    return paint


def _fill_section(scene: MapScene) -> Section:
    pack, mode = scene.pack, scene.mode
    sec = Section(style.MODE_TITLES.get(mode, mode))
    zones = pack.map.zones.values()
    kinds = {z.kind for z in zones}
    water = []
    if "sea" in kinds:
        water.append((style.SEA, "Sea"))
    if "lake" in kinds:
        water.append((style.LAKE, "Lake"))
    if "impassable" in kinds:
        water.append((style.IMPASSABLE, "Impassable"))
    if mode == "political":
        sc = scene.play_scenario or scene.scenario
        owners: dict[str, int] = {}
        if sc is not None:
            for zid in pack.map.zones:
                o = sc.owner_of(zid)
                if o:
                    owners[o] = owners.get(o, 0) + 1
        for nid in sorted(owners, key=lambda n: -owners[n]):
            n = pack.nations.get(nid)
            if n is not None:
                sec.add(_fill(n.colour), n.name)
        sec.add(_fill(style.NEUTRAL_LAND), "Unowned / neutral land")
        for c, t in water:
            sec.add(_fill(c), t)
    elif mode == "terrain":
        seen: dict[str, str] = {}
        for z in zones:
            if z.kind == "land" and z.terrain:
                t = z.terrain.lower()
                seen.setdefault(
                    t, style.TERRAIN.get(t) or style.hashed_colour(z.terrain, 0.35, 0.62)
                )
        for t in sorted(seen):
            sec.add(_fill(seen[t]), t.replace("_", " ").capitalize())
        for c, t in water:
            sec.add(_fill(c), t)
    elif mode == "value":
        top = max((z.value for z in zones if not z.is_water), default=0) or 1
        sec.add(_gradient([style.heat(i / 8) for i in range(9)]), f"Land value 0 … {top}")
        for v in sorted({0, top // 2, top}):
            sec.add(_fill(style.heat(v / top)), f"value {v}")
        if any(z.is_water and z.value for z in zones):
            sec.add(_fill("#2b5d8c"), "Valued sea zone")
        sec.add(_fill("#9fb2c4"), "Sea, no value")
    elif mode == "region":
        regions: dict[str, str] = {}
        for z in zones:
            if z.region:
                hues = (0.50, 0.66) if z.is_water else (0.0, 1.0)
                sat, light = (0.45, 0.70) if z.is_water else (0.50, 0.66)
                regions.setdefault(z.region, style.hashed_colour(z.region, sat, light, hues=hues))
        for r in sorted(regions):
            sec.add(_fill(regions[r]), r)
        sec.add(_fill(style.NEUTRAL_LAND), "No region")
    elif mode == "issues":
        for sev in ("error", "warning", "info"):
            sec.add(_fill(style.SEVERITY[sev]), f"{SEVERITY_TITLES[sev]} in the zone")
        sec.add(_fill(style.NO_ISSUE), "No issue (land)")
        sec.add(_fill(style.NO_ISSUE_WATER), "No issue (water)")
    elif mode == "heatmap":
        top = max(scene.heatmap.values(), default=0.0)
        label = f"0 … {top:g} per game" if top else "no playtest data"
        sec.add(_gradient([style.heat(i / 8) for i in range(9)]), label)
        sec.add(_fill(style.NO_ISSUE), "None")
    return sec


def sections(scene: MapScene) -> list[Section]:
    """The legend of what ``scene`` draws now (visible layers only)."""
    out = [_fill_section(scene)]
    layers = scene.layers
    pack = scene.pack

    def on(key: str) -> bool:
        return key in layers and layers[key].isVisible()

    if on("borders"):
        used = set(getattr(layers["borders"], "_style_of", {}).values())
        if not used:
            used = {"land", "coast", "sea"} & _border_kinds(pack)
        if any(b.river for b in pack.map.borders.values()):
            used.add("river")
        sec = Section("Borders")
        for s in style.BORDER_ORDER:
            if s in used:
                c, w, d = style.BORDER_STYLES[s]
                sec.add(_line(c, w, d), BORDER_TITLES.get(s, s))
        if sec.rows:
            out.append(sec)
    if on("terrain") and pack.map.terrain_areas:
        sec = Section("Terrain areas")
        for t in sorted({a.terrain.lower() for a in pack.map.terrain_areas.values()}):
            sec.add(_hatch(t), t.replace("_", " ").capitalize())
        out.append(sec)
    lines = Section("Lines")
    kinds = {ln.kind for ln in pack.map.lines.values()}
    if on("rivers") and "river" in kinds:
        lines.add(_line("#2f7fd1", 2.6, None), "River")
    if on("rail") and "rail" in kinds:
        gauges = {ln.gauge or None for ln in pack.map.lines.values() if ln.kind == "rail"}
        for g in sorted(gauges, key=lambda g: g or ""):
            if g is None or g in RAIL_GAUGES:
                lines.add(_rail(g), f"Rail ({g} gauge)" if g else "Rail")
    if on("convoy") and "convoy" in kinds:
        lines.add(_line("#102a54", 3.0, [0.1, 2.2], True), "Convoy route (roundel: its value)")
    if on("links"):
        for kind in sorted({lk.kind for lk in pack.map.links.values()}):
            c, w, d, _both = LINK_STYLE.get(kind, LINK_STYLE["connection"])
            lines.add(_line(c, w, d), LINK_TITLES.get(kind, kind))
    if on("hexsides"):
        props = [b.props for b in pack.map.borders.values()]
        if any(pr.get("all_sea") for pr in props):
            lines.add(_line(ALL_SEA, 4.5, [2.0, 1.2]), "All-sea hexside")
        if any(pr.get("road") for pr in props):
            lines.add(_road, "Road across the hexside")
    if lines.rows:
        out.append(lines)
    sym = Section("Symbols")
    if on("labels") and any(z.value for z in pack.map.zones.values()):
        sym.add(
            lambda p, r: _paint_roundel(p, r.center(), QColor("#ece6d2"), "3", 8.0),
            "Zone value (owner's colour)",
        )
    if on("cities") and any("city" in z.flags for z in pack.map.zones.values()):
        cities = layers["cities"]
        flags = {f for z in pack.map.zones.values() for f in z.flags}
        land = QColor("#ece6d2")
        sym.add(_image(lambda: cities._flag(land, False, False)), "City (owner's colour)")
        if "victory_city" in flags:
            sym.add(_image(lambda: cities._flag(land, True, False)), "Victory city (gold rim)")
        if "capital" in flags:
            sym.add(_image(lambda: cities._flag(land, True, True)), "Capital (star)")
    if on("units") and scene.scenario is not None and scene.scenario.units:
        units = layers["units"]
        stack = scene.scenario.units[0]
        colour = scene.nation_colour(stack.nation)
        sym.add(_image(lambda: units._chip("2 inf", colour)), "Units: count and type")
        types = sorted({u.unit_type for u in scene.scenario.units})
        abbrevs = ", ".join(f"{unit_abbrev(t)} {t.replace('_', ' ')}" for t in types[:12])
        if abbrevs:
            sym.add(lambda p, r: None, abbrevs + (" …" if len(types) > 12 else ""))
    if on("facilities") and pack.map.facilities:
        fac = layers["facilities"]
        for t in sorted({f.type for f in pack.map.facilities.values()})[:8]:
            sym.add(_image(lambda t=t: fac._icon(t, False)), t.replace("_", " ").capitalize())
    if on("issues") and scene.issues:
        issues = layers["issues"]
        for sev in ("error", "warning", "info"):
            if sev in scene.issues.values():
                sym.add(_image(lambda s=sev: issues._marker(s)), f"{SEVERITY_TITLES[sev]} marker")
    if sym.rows:
        out.append(sym)
    hexes = _hex_section(scene) if on("hexes") else None
    if hexes is not None and hexes.rows:
        out.append(hexes)
    overlay = _adjacency_section(scene)
    if overlay is not None:
        out.append(overlay)
    return out


def _hex_section(scene: MapScene) -> Section | None:
    """What a hex shows (HexLabelsLayer) and the stack marker of a hex whose chips do
    not fit in it (editor.canvas.symbols)."""
    layer = scene.layers["hexes"]
    ids = layer.hex_ids()
    if not ids:
        return None
    zones = [scene.pack.map.zones[z] for z in ids if z in scene.pack.map.zones]
    sec = Section("Hexes")
    sec.add(_image(lambda: layer._text("1339", 11, "#2a2a2a")), "Hex id (top of the hex)")
    if any(z.value for z in zones):
        sec.add(
            _image(lambda: layer._text("2", 12, "#7a0f0f", True)),
            "Production points (bottom)",
        )
    for t in sorted({z.terrain for z in zones if z.kind == "land"} - {"", "clear"}):
        img = layer.images.get(("terrain", t), 22, 16, lambda p, t=t: _paint_terrain(p, t, 22, 16))
        sec.add(_image(lambda img=img: img), t.capitalize())
    if any("coastal" in z.flags for z in zones):
        sec.add(
            _image(
                lambda: layer.images.get(("coastal",), 14, 10, lambda p: _paint_coastal(p, 14, 10))
            ),
            "Coastal hex",
        )
    if any(z.props.get("garrison") in (0, 1) for z in zones):
        sec.add(_image(lambda: layer._text("G0", 10, "#4a2d7a", True)), "Garrison override (G0/G1)")
    scn = scene.scenario
    if (
        scn is not None
        and any(u.zone in ids for u in scn.units)
        and scene.layers["units"].isVisible()
    ):
        units = scene.layers["units"]
        nation = next(u.nation for u in scn.units if u.zone in ids)
        colour = scene.nation_colour(nation)
        sec.add(
            _image(lambda: units._marker(12, colour, 16.0)),
            "Stack whose chips do not fit its hex: its units, in the main nation's colour",
        )
    return sec


def _adjacency_section(scene: MapScene) -> Section | None:
    """View › Adjacency Overlay, when shown: the graph's lines."""
    overlay = next(
        (i for i in scene.items() if isinstance(i, AdjacencyOverlay) and i.isVisible()), None
    )
    if overlay is None:
        return None
    sec = Section("Adjacency overlay")
    sec.add(_line("#282828", 1.5, None), "Adjacent: a shared border")
    for kind in ("strait", "canal", "offmap", "connection"):
        sec.add(_line(ADJ_COLOURS[kind], 3.0, None), LINK_TITLES[kind])
    sec.add(_line(ADJ_COLOURS["not_adjacent"], 3.0, [4, 3]), LINK_TITLES["not_adjacent"])
    return sec


def _border_kinds(pack) -> set[str]:
    kinds = {z.kind for z in pack.map.zones.values()}
    out = {"land"}
    if kinds & {"sea", "lake"}:
        out |= {"coast", "sea"}
    return out


def _wrap(text: str, fm: QFontMetricsF, width: float) -> list[str]:
    words, lines, cur = text.split(), [], ""
    for w in words:
        trial = f"{cur} {w}".strip()
        if cur and fm.horizontalAdvance(trial) > width:
            lines.append(cur)
            cur = w
        else:
            cur = trial
    return [*lines, cur] if cur else lines or [""]


def legend_height(
    scene: MapScene, secs: list[Section] | None = None, width: float = WIDTH
) -> float:
    """The height (px) :func:`paint_legend` takes at ``width``."""
    return _lay_out(secs if secs is not None else sections(scene), width)[1]


def _lay_out(secs: list[Section], width: float):
    fm = QFontMetricsF(font(10))
    y = 8.0 + 16  # the title
    rows = []
    text_w = width - SWATCH - 18
    for s in secs:
        rows.append(("title", s.title, y))
        y += 15
        for paint, label in s.rows:
            lines = _wrap(label, fm, text_w)
            rows.append(("row", (paint, lines), y))
            y += max(ROW, 13.0 * len(lines) + 4)
        if s.more:
            rows.append(("more", f"… and {s.more} more", y))
            y += 13
        y += 5
    return rows, y + 3


def paint_legend(
    painter: QPainter,
    scene: MapScene,
    top_left: QPointF,
    width: float = WIDTH,
    title: str = "Legend",
    secs: list[Section] | None = None,
) -> QRectF:
    """Paint the legend block at ``top_left`` (painter coordinates of 1/96 in); returns
    its rectangle."""
    secs = secs if secs is not None else sections(scene)
    rows, height = _lay_out(secs, width)
    for key in ("units", "facilities", "issues", "labels", "cities"):
        if key in scene.layers:
            scene.layers[key].images.prepare(painter)
    box = QRectF(top_left, QPointF(top_left.x() + width, top_left.y() + height))
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(QPen(QColor("#555555"), 0.8))
    painter.setBrush(QBrush(QColor(255, 255, 255, 240)))
    painter.drawRect(box)
    x0, y0 = box.left(), box.top()
    painter.setPen(QColor("#111111"))
    painter.setFont(font(12, bold=True))
    painter.drawText(QPointF(x0 + 8, y0 + 18), title)
    for kind, data, y in rows:
        if kind == "title":
            painter.setFont(font(11, bold=True))
            painter.setPen(QColor("#222222"))
            painter.drawText(QPointF(x0 + 8, y0 + y + 11), data)
        elif kind == "more":
            painter.setFont(font(9))
            painter.setPen(QColor("#555555"))
            painter.drawText(QPointF(x0 + 12 + SWATCH, y0 + y + 10), data)
        else:
            paint, lines = data
            painter.save()
            paint(painter, QRectF(x0 + 8, y0 + y, SWATCH, ROW - 2))
            painter.restore()
            painter.setFont(font(10))
            painter.setPen(QColor("#111111"))
            for i, line in enumerate(lines):
                painter.drawText(QPointF(x0 + 14 + SWATCH, y0 + y + 11 + 13 * i), line)
    painter.restore()
    return box


def split_columns(
    scene: MapScene, secs: list[Section], max_height: float, width: float = WIDTH
) -> list[list[Section]]:
    """``secs`` in columns no taller than ``max_height`` where sections allow (a section
    is never cut)."""
    cols: list[list[Section]] = [[]]
    for s in secs:
        if cols[-1] and legend_height(scene, [*cols[-1], s], width) > max_height:
            cols.append([])
        cols[-1].append(s)
    return cols
