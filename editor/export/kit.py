"""Print-and-play pages for a scenario: a counter sheet (every unit type of every nation
in play, fronts and mirrored backs for duplex printing), a set-up chart per nation and
the income and victory tracks. Each page is a function ``(painter, page rect)``; the
painter's unit is a pixel of 1/96 inch."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen

from editor.canvas import style
from editor.canvas.icons import unit_abbrev
from editor.canvas.symbols import font
from editor.export.options import MARGIN_MM, SYMBOL_DPI
from gamecore.errors import WarroomError

if TYPE_CHECKING:
    from editor.canvas.scene import MapScene
    from editor.export.options import RenderOptions

MM = SYMBOL_DPI / 25.4
Page = Callable[[QPainter, QRectF], None]
HEAD = 14 * MM  # mm under a page title
#: most counters and print-and-play pages a kit prints (a pack's rulesets are its own)
MAX_COUNTERS, MAX_PAGES = 5000, 300


def nations_in_play(scene: MapScene) -> list[str]:
    """The scenario's nations: in the turn order, then any other with units (a neutral
    bloc that only owns zones has no counters)."""
    sc = scene.scenario
    if sc is None:
        return []
    out: list[str] = []
    for slot in sc.turn_order:
        out += [n for n in slot if n not in out]
    for n in [u.nation for u in sc.units]:
        if n and n not in out:
            out.append(n)
    return [n for n in out if n in scene.pack.nations]


def unit_types(scene: MapScene) -> list[tuple[str, str, tuple[int, int, int] | None]]:
    """(id, name, attack-defence-move) of every unit type the scenario can field: the
    ruleset's (facilities left out) and any other a stack uses."""
    rs = scene.ruleset()
    out: dict[str, tuple[str, str, tuple[int, int, int] | None]] = {}
    if rs is not None:
        for u in rs.units.values():
            if u.domain != "facility":
                out[u.id] = (u.id, u.name, (u.attack, u.defense, u.movement))
    for u in scene.scenario.units if scene.scenario else []:
        out.setdefault(u.unit_type, (u.unit_type, u.unit_type.replace("_", " "), None))
    return list(out.values())


def counters(scene: MapScene) -> list[tuple[str, tuple[str, str, tuple | None]]]:
    """Every (nation, unit type) in play, in nation order."""
    return [(n, t) for n in nations_in_play(scene) for t in unit_types(scene)]


def _title(p: QPainter, page: QRectF, text: str, sub: str = "") -> None:
    m = MARGIN_MM * MM
    p.setPen(QColor("#111111"))
    p.setFont(font(15, bold=True))
    p.drawText(QPointF(page.left() + m, page.top() + m + 10), text)
    if sub:
        p.setFont(font(9))
        p.drawText(QPointF(page.left() + m, page.top() + m + 24), sub)


def _counter_face(p: QPainter, r: QRectF, colour: QColor, nation: str, t, back: bool) -> None:
    ink = QColor(style.text_colour_on(colour.name()))
    p.setPen(QPen(QColor("#000000"), 0.5))
    p.setBrush(QBrush(colour))
    p.drawRect(r)
    p.setPen(ink)
    s = r.width()
    if back:
        p.setFont(font(round(s * 0.22), bold=True))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, nation)
        p.setFont(font(round(s * 0.13)))
        p.drawText(
            r.adjusted(0, 0, 0, -s * 0.06),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
            unit_abbrev(t[0]),
        )
        return
    p.setFont(font(round(s * 0.14), bold=True))
    p.drawText(
        r.adjusted(s * 0.06, s * 0.03, 0, 0),
        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
        nation,
    )
    p.setFont(font(round(s * 0.3), bold=True))
    p.drawText(r.adjusted(0, -s * 0.04, 0, 0), Qt.AlignmentFlag.AlignCenter, unit_abbrev(t[0]))
    if t[2] is not None:
        p.setFont(font(round(s * 0.17), bold=True))
        a, d, m = t[2]
        p.drawText(
            r.adjusted(0, 0, 0, -s * 0.04),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
            f"{a}-{d}-{m}",
        )


def counter_pages(scene: MapScene, size_mm: float, page: QRectF) -> list[Page]:
    """Fronts, then their backs mirrored left to right (duplex, long edge), on pages of
    the size of ``page``."""
    items = counters(scene)
    if not items:
        return []
    s = size_mm * MM
    gap = 0.0  # counters touch: one cut between two

    def grid(page: QRectF) -> tuple[int, int, float, float]:
        m = MARGIN_MM * MM
        cols = int((page.width() - 2 * m) // (s + gap))
        rows = int((page.height() - 2 * m - HEAD) // (s + gap))
        x0 = page.left() + (page.width() - cols * (s + gap)) / 2
        return cols, rows, x0, page.top() + m + HEAD

    def layout(cols: int) -> list[tuple[int, int, str, tuple]]:
        rows, row, col, last = [], 0, 0, None
        for nation, t in items:
            if last is not None and (nation != last or col >= cols):
                row, col = row + 1, 0
            rows.append((row, col, nation, t))
            col += 1
            last = nation
        return rows

    cols, rows, _x0, _y0 = grid(page)
    # a nation starts a new row of counters: (row, col, nation, type)
    placed = layout(max(1, cols))

    def make(first_row: int, n_rows: int, back: bool) -> Page:
        def paint(p: QPainter, page: QRectF) -> None:
            cols, _rows, x0, y0 = grid(page)
            side = "backs (print on the reverse, flip on the long edge)" if back else "fronts"
            _title(
                p,
                page,
                f"Counters — {scene.scenario.name if scene.scenario else ''}",
                f"{size_mm:g} mm counters, {side}; attack-defence-move from the ruleset",
            )
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            for row, col, nation, t in placed:
                if not first_row <= row < first_row + n_rows:
                    continue
                c = cols - 1 - col if back else col
                r = QRectF(x0 + c * (s + gap), y0 + (row - first_row) * (s + gap), s, s)
                _counter_face(p, r, scene.nation_colour(nation), nation, t, back)

        return paint

    result = []
    for first in range(0, placed[-1][0] + 1, max(1, rows)):
        result += [make(first, rows, False), make(first, rows, True)]
    return result


def _setup_rows(scene: MapScene, nation: str) -> list[tuple[str, str]]:
    sc = scene.scenario
    zones = scene.pack.map.zones
    by_zone: dict[int, dict[str, int]] = {}
    for u in sc.units:
        if u.nation == nation:
            d = by_zone.setdefault(u.zone, {})
            d[u.unit_type] = d.get(u.unit_type, 0) + u.count
    rows = []
    for zid in sorted(by_zone, key=lambda z: zones[z].name if z in zones else str(z)):
        z = zones.get(zid)
        name = (
            f"{z.name} ({z.code})"
            if z is not None and z.code and z.code != z.name
            else (z.name if z else str(zid))
        )
        units = ", ".join(f"{n} {t.replace('_', ' ')}" for t, n in sorted(by_zone[zid].items()))
        rows.append((name, units))
    return rows


def setup_pages(scene: MapScene, page: QRectF) -> list[Page]:
    """One chart per nation (zone, units), flowing down pages of the size of ``page``."""
    sc = scene.scenario
    blocks = []
    for n in nations_in_play(scene):
        rows = _setup_rows(scene, n)
        if rows:
            blocks.append((n, rows))
    if not blocks:
        return []
    line = 13.0
    m = MARGIN_MM * MM
    top, bottom = page.top() + m + HEAD, page.bottom() - m
    pages: list[list[tuple]] = [[]]
    y = top
    for n, rows in blocks:
        i = 0
        while i < len(rows):
            need = line * 2.2 if i == 0 else 0
            if y + need + line > bottom:
                pages.append([])
                y = top
            if i == 0 or not pages[-1] or pages[-1][-1][0] != n:
                pages[-1].append((n, "head", y, i > 0))
                y += line * 1.6
            pages[-1].append((n, rows[i], y, False))
            y += line
            i += 1
        y += line * 0.8

    def make(items) -> Page:
        def paint(p: QPainter, page: QRectF) -> None:
            _title(
                p,
                page,
                f"Set-up — {sc.name}",
                f"start {sc.start or '—'} · ruleset {sc.ruleset}",
            )
            x = page.left() + m
            w = page.width() - 2 * m
            for n, row, y, cont in items:
                nation = scene.pack.nations[n]
                if row == "head":
                    colour = scene.nation_colour(n)
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(QBrush(colour))
                    p.drawRect(QRectF(x, y - 1, w, line * 1.4))
                    p.setPen(QColor(style.text_colour_on(colour.name())))
                    p.setFont(font(11, bold=True))
                    bank = sc.banks.get(n)
                    extra = f" · bank {bank}" if bank is not None else ""
                    p.drawText(
                        QPointF(x + 5, y + line),
                        f"{nation.name} ({n}){' (continued)' if cont else ''}{extra}",
                    )
                    continue
                p.setPen(QPen(QColor("#cccccc"), 0.5))
                p.drawLine(QPointF(x, y + line - 1), QPointF(x + w, y + line - 1))
                p.setPen(QColor("#111111"))
                p.setFont(font(10, bold=True))
                p.drawText(QRectF(x + 4, y, w * 0.36, line), Qt.AlignmentFlag.AlignVCenter, row[0])
                p.setFont(font(10))
                p.drawText(
                    QRectF(x + w * 0.37, y, w * 0.63, line),
                    Qt.AlignmentFlag.AlignVCenter,
                    row[1],
                )

        return paint

    return [make(items) for items in pages if items]


def starting_income(scene: MapScene) -> dict[str, int]:
    """Each nation's income at the start: the values of the zones it owns (the
    scenario's override where it sets one)."""
    sc = scene.scenario
    out = dict.fromkeys(nations_in_play(scene), 0)
    for zid, z in scene.pack.map.zones.items():
        o = sc.owner_of(zid)
        if o in out:
            out[o] += z.value
    out.update({n: v for n, v in sc.income_overrides.items() if n in out})
    return out


def victory_cities(scene: MapScene) -> dict[str, int]:
    """Victory cities held at the start, per alliance (per nation without alliances)."""
    sc = scene.scenario
    held: dict[str, int] = {}
    member = {n: a.id for a in sc.alliances.values() for n in a.members}
    for zid, z in scene.pack.map.zones.items():
        if "victory_city" in z.flags:
            o = sc.owner_of(zid)
            key = member.get(o, o) if o else "neutral"
            held[key] = held.get(key, 0) + 1
    return held


def _track(
    p: QPainter, x: float, y: float, w: float, top: int, marks: dict[int, list[QColor]]
) -> float:
    """Boxes 0..top in rows of 20; ``marks`` puts coloured discs in boxes. Returns the
    height used."""
    per = 20
    box = w / per
    n = top + 1
    rows = (n + per - 1) // per
    for i in range(n):
        r = QRectF(x + (i % per) * box, y + (i // per) * box, box, box)
        p.setPen(QPen(QColor("#333333"), 0.6))
        p.setBrush(QBrush(QColor("#f4f1e6") if (i // 5) % 2 == 0 else QColor("#ffffff")))
        p.drawRect(r)
        p.setPen(QColor("#555555"))
        p.setFont(font(round(box * 0.22)))
        p.drawText(
            r.adjusted(2, 1, 0, 0), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, str(i)
        )
        for k, c in enumerate(marks.get(i, [])[:6]):
            d = box * 0.26
            cx = r.left() + box * 0.28 + (k % 3) * d * 1.05
            cy = r.top() + box * 0.52 + (k // 3) * d * 1.05
            p.setPen(QPen(QColor("#111111"), 0.5))
            p.setBrush(QBrush(c))
            p.drawEllipse(QPointF(cx, cy), d / 2, d / 2)
    return rows * box


def track_page(scene: MapScene) -> Page:
    sc = scene.scenario

    def paint(p: QPainter, page: QRectF) -> None:
        m = MARGIN_MM * MM
        _title(p, page, f"Tracks — {sc.name}", "discs: each nation's place at the start")
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        x, w = page.left() + m, page.width() - 2 * m
        y = page.top() + m + HEAD + 8
        income = starting_income(scene)
        top = max([*income.values(), 10])
        top = ((top + 9) // 10) * 10
        marks: dict[int, list[QColor]] = {}
        for n, v in income.items():
            marks.setdefault(v, []).append(scene.nation_colour(n))
        p.setFont(font(12, bold=True))
        p.setPen(QColor("#111111"))
        p.drawText(QPointF(x, y), "Income track (IPCs per turn)")
        y += 8
        y += _track(p, x, y, w, top, marks) + 10
        y = _key(
            p,
            x,
            y,
            [
                (scene.nation_colour(n), f"{scene.pack.nations[n].name} {v}")
                for n, v in income.items()
            ],
        )
        held = victory_cities(scene)
        total = sum(1 for z in scene.pack.map.zones.values() if "victory_city" in z.flags)
        if total:
            y += 18
            p.setFont(font(12, bold=True))
            p.setPen(QColor("#111111"))
            p.drawText(QPointF(x, y), f"Victory cities track ({total} on the map)")
            y += 8
            vm: dict[int, list[QColor]] = {}
            keys = []
            for k, v in held.items():
                a = sc.alliances.get(k)
                colour = (
                    QColor(a.colour)
                    if a
                    else (
                        scene.nation_colour(k)
                        if k in scene.pack.nations
                        else QColor(style.NEUTRAL_LAND)
                    )
                )
                vm.setdefault(v, []).append(colour)
                keys.append((colour, f"{a.name if a else k} {v}"))
            y += _track(p, x, y, w, total, vm) + 10
            _key(p, x, y, keys)

    return paint


def _key(p: QPainter, x: float, y: float, items: list[tuple[QColor, str]]) -> float:
    p.setFont(font(10))
    cx = x
    for colour, text in items:
        p.setPen(QPen(QColor("#111111"), 0.5))
        p.setBrush(QBrush(colour))
        p.drawEllipse(QPointF(cx + 5, y + 5), 4.5, 4.5)
        p.setPen(QColor("#111111"))
        p.drawText(QPointF(cx + 13, y + 9), text)
        cx += 13 + p.fontMetrics().horizontalAdvance(text) + 14
        if cx > x + 620:
            cx = x
            y += 16
    return y + 16


def pages(scene: MapScene, opts: RenderOptions) -> list[Page]:
    """The print-and-play pages of the scene's scenario (portrait paper)."""
    if scene.scenario is None:
        return []
    w, h = min(opts.paper) * MM, max(opts.paper) * MM
    page = QRectF(0, 0, w, h)
    n = len(counters(scene))
    if n > MAX_COUNTERS:
        raise WarroomError(
            f"--kit: {n} counters (nations x unit types), over {MAX_COUNTERS}: too many to print"
        )
    out = [*counter_pages(scene, opts.counter_mm, page), *setup_pages(scene, page)]
    if len(out) >= MAX_PAGES:
        raise WarroomError(f"--kit: {len(out) + 1} pages, over {MAX_PAGES}: too many to print")
    return [*out, track_page(scene)]
