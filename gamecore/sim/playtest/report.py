"""The balance report: PNG charts drawn with pillow and an HTML page that shows them.

:func:`write_report` writes into a folder::

    index.html        the page (numbers, tables, interactive charts, the pictures below)
    plotly.min.js     the charting library the page loads (offline)
    summary.json      the numbers (the same as ``warroom playtest --json``)
    winrates.png      win rate per alliance and nation, with 95% intervals
    length.png        game length distribution
    income.png        income per nation per round: mean line, 10–90% band
    heat_battles.png  the map, zones coloured by battles per game
    heat_captures.png the map, zones coloured by changes of hands per game

The chart functions return pillow images, so the editor can show them too.
"""

from __future__ import annotations

import html
import json
import math
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from gamecore.errors import WarroomError
from gamecore.model import Pack
from gamecore.sim.playtest.ending import ACTIVE_BY, PASSIVE_WARN

BG = (255, 255, 255, 255)
INK = (40, 40, 40, 255)
GRID = (225, 225, 225, 255)
PALETTE = [
    (31, 119, 180),
    (214, 39, 40),
    (44, 160, 44),
    (255, 127, 14),
    (148, 103, 189),
    (140, 86, 75),
    (227, 119, 194),
    (127, 127, 127),
    (188, 189, 34),
    (23, 190, 207),
]


def _font(size: int = 12):
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # pragma: no cover - pillow without FreeType
        return ImageFont.load_default()


def _hex(colour: str | None, fallback: tuple[int, int, int]) -> tuple[int, int, int]:
    c = (colour or "").lstrip("#")
    if len(c) == 6:
        try:
            return (int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16))
        except ValueError:
            pass
    return fallback


def nation_colours(pack: Pack | None, nations: list[str]) -> dict[str, tuple[int, int, int]]:
    out = {}
    for i, n in enumerate(sorted(nations)):
        fb = PALETTE[i % len(PALETTE)]
        nat = pack.nations.get(n) if pack is not None else None
        col = _hex(nat.colour, fb) if nat is not None else fb
        if col in ((136, 136, 136),) or sum(col) > 700:  # default grey or near white
            col = fb
        out[n] = col
    return out


def _text(d: ImageDraw.ImageDraw, xy, text: str, size: int = 12, fill=INK, anchor="la") -> None:
    d.text(xy, text, font=_font(size), fill=fill, anchor=anchor)


# ---------------------------------------------------------------------- charts
def chart_winrates(summary: dict[str, Any], colours: dict[str, tuple] | None = None) -> Image.Image:
    rows: list[tuple[str, dict, tuple]] = []
    for i, (s, d) in enumerate(summary.get("sides", {}).items()):
        members = ", ".join(d.get("members") or [])
        label = f"{d.get('name', s)}" + (f" ({members})" if members else "")
        rows.append((label[:34], d, PALETTE[i % len(PALETTE)]))
    if summary.get("completed"):
        dr = summary.get("draw") or {"rate": summary.get("draw_rate", 0.0)}
        rows.append(("no winner", dr, (180, 180, 180)))
    w, left, right, top, rowh = 720, 250, 30, 40, 26
    h = top + rowh * max(1, len(rows)) + 40
    img = Image.new("RGBA", (w, h), BG)
    d = ImageDraw.Draw(img)
    _text(d, (10, 10), f"Win rate, 95% interval ({summary.get('completed', 0)} games)", 14)
    span = w - left - right
    for p in range(0, 101, 25):
        x = left + span * p / 100
        d.line([(x, top - 5), (x, h - 30)], fill=GRID, width=1)
        _text(d, (x, h - 25), f"{p}%", 11, anchor="ma")
    for i, (label, dd, col) in enumerate(rows):
        y = top + i * rowh
        _text(d, (10, y + rowh / 2), label, 12, anchor="lm")
        x1 = left + span * float(dd.get("rate", 0.0))
        d.rectangle([left, y + 5, max(left + 1, x1), y + rowh - 5], fill=col + (255,))
        lo, hi = float(dd.get("lo", 0.0)), float(dd.get("hi", 0.0))
        if hi > lo:
            xl, xh = left + span * lo, left + span * hi
            ym = y + rowh / 2
            d.line([(xl, ym), (xh, ym)], fill=INK, width=2)
            d.line([(xl, ym - 5), (xl, ym + 5)], fill=INK, width=2)
            d.line([(xh, ym - 5), (xh, ym + 5)], fill=INK, width=2)
    return img


def chart_length(summary: dict[str, Any]) -> Image.Image:
    hist = {int(k): v for k, v in summary.get("length", {}).get("histogram", {}).items()}
    w, h, left, bottom, top = 640, 300, 50, 40, 40
    img = Image.new("RGBA", (w, h), BG)
    d = ImageDraw.Draw(img)
    _text(d, (10, 10), "Game length (rounds)", 14)
    if not hist:
        _text(d, (w / 2, h / 2), "no games", 12, anchor="mm")
        return img
    lo, hi = min(hist), max(hist)
    n_bins = hi - lo + 1
    peak = max(hist.values())
    span = w - left - 20
    bw = span / n_bins
    ph = h - top - bottom
    for t in range(0, 5):
        v = peak * t / 4
        y = h - bottom - ph * t / 4
        d.line([(left, y), (w - 20, y)], fill=GRID)
        _text(d, (left - 5, y), f"{v:.0f}", 11, anchor="rm")
    for i in range(n_bins):
        r = lo + i
        c = hist.get(r, 0)
        x0 = left + i * bw + 2
        y0 = h - bottom - ph * c / peak
        d.rectangle([x0, y0, x0 + max(1, bw - 4), h - bottom], fill=PALETTE[0] + (255,))
        if n_bins <= 30 or i % max(1, n_bins // 15) == 0:
            _text(d, (x0 + bw / 2 - 2, h - bottom + 5), str(r), 11, anchor="ma")
    return img


def chart_income(summary: dict[str, Any], colours: dict[str, tuple] | None = None) -> Image.Image:
    inc = summary.get("income", {})
    w, h, left, right, top, bottom = 640, 340, 50, 120, 40, 40
    img = Image.new("RGBA", (w, h), BG)
    over = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    do = ImageDraw.Draw(over)
    _text(d, (10, 10), "Income per round: mean and 10-90% band", 14)
    rounds = max((len(v.get("mean", [])) for v in inc.values()), default=0)
    peak = max((max(v.get("p90", [0]) or [0]) for v in inc.values()), default=0.0)
    peak = max(peak, max((max(v.get("mean", [0]) or [0]) for v in inc.values()), default=0.0))
    if rounds == 0 or peak <= 0:
        _text(d, (w / 2, h / 2), "no income recorded", 12, anchor="mm")
        return img
    pw, ph = w - left - right, h - top - bottom

    def X(i: int) -> float:
        return left + (pw * i / (rounds - 1) if rounds > 1 else pw / 2)

    def Y(v: float) -> float:
        return h - bottom - ph * v / peak

    for t in range(0, 5):
        v = peak * t / 4
        d.line([(left, Y(v)), (left + pw, Y(v))], fill=GRID)
        _text(d, (left - 5, Y(v)), f"{v:.0f}", 11, anchor="rm")
    for i in range(rounds):
        if rounds <= 20 or i % max(1, rounds // 10) == 0:
            _text(d, (X(i), h - bottom + 5), str(i + 1), 11, anchor="ma")
    for k, (n, v) in enumerate(sorted(inc.items())):
        col = (colours or {}).get(n, PALETTE[k % len(PALETTE)])
        p10, p90, mean = v.get("p10", []), v.get("p90", []), v.get("mean", [])
        if len(mean) >= 2:
            poly = [(X(i), Y(p90[i])) for i in range(len(p90))]
            poly += [(X(i), Y(p10[i])) for i in reversed(range(len(p10)))]
            do.polygon(poly, fill=col + (50,))
    img = Image.alpha_composite(img, over)
    d = ImageDraw.Draw(img)
    for k, (n, v) in enumerate(sorted(inc.items())):
        col = (colours or {}).get(n, PALETTE[k % len(PALETTE)])
        mean = v.get("mean", [])
        pts = [(X(i), Y(m)) for i, m in enumerate(mean)]
        if len(pts) >= 2:
            d.line(pts, fill=col + (255,), width=2)
        elif pts:
            d.ellipse([pts[0][0] - 3, pts[0][1] - 3, pts[0][0] + 3, pts[0][1] + 3], fill=col)
        ly = top + 18 * k
        d.rectangle([w - right + 10, ly + 3, w - right + 24, ly + 13], fill=col + (255,))
        _text(d, (w - right + 30, ly), n, 12)
    return img


def _ramp(t: float) -> tuple[int, int, int]:
    """White -> yellow -> red -> dark red."""
    t = max(0.0, min(1.0, t))
    stops = [
        (0.0, (255, 255, 240)),
        (0.35, (254, 217, 118)),
        (0.7, (240, 59, 32)),
        (1.0, (128, 0, 38)),
    ]
    for (a, ca), (b, cb) in zip(stops, stops[1:], strict=False):
        if t <= b:
            f = (t - a) / (b - a) if b > a else 0.0
            return tuple(int(ca[i] + (cb[i] - ca[i]) * f) for i in range(3))  # type: ignore[return-value]
    return stops[-1][1]


def chart_heatmap(
    pack: Pack, values: dict[int, float], title: str, width: int = 900
) -> Image.Image:
    """The map's zones filled by ``values`` (zone id -> number): sea pale blue when
    without value, land pale grey, the rest on a white-to-red ramp with a legend."""
    zones = [
        z for z in pack.map.zones.values() if z.geometry is not None and not z.geometry.is_empty
    ]
    legend_h = 50
    if not zones:
        img = Image.new("RGBA", (width, 120), BG)
        _text(ImageDraw.Draw(img), (10, 10), f"{title}: the map has no zone shapes", 14)
        return img
    minx = min(z.geometry.bounds[0] for z in zones)
    miny = min(z.geometry.bounds[1] for z in zones)
    maxx = max(z.geometry.bounds[2] for z in zones)
    maxy = max(z.geometry.bounds[3] for z in zones)
    mw, mh = max(maxx - minx, 1e-9), max(maxy - miny, 1e-9)
    scale = (width - 20) / mw
    height = int(mh * scale) + 20
    if height > 2000:  # very tall maps
        scale = 1980 / mh
        height = 2000
    img = Image.new("RGBA", (width, height + legend_h + 30), BG)
    d = ImageDraw.Draw(img)
    _text(d, (10, 8), title, 14)
    oy = 30
    peak = max(values.values(), default=0.0)

    def tr(coords):
        return [((x - minx) * scale + 10, (y - miny) * scale + oy) for x, y in coords]

    for z in sorted(zones, key=lambda z: z.id):
        v = values.get(z.id, 0.0)
        if v > 0 and peak > 0:
            fill = _ramp(math.sqrt(v / peak))
        elif z.kind in ("sea", "lake"):
            fill = (214, 230, 245)
        elif z.kind == "impassable":
            fill = (170, 170, 170)
        else:
            fill = (240, 240, 236)
        geoms = getattr(z.geometry, "geoms", [z.geometry])
        for g in geoms:
            ext = tr(g.exterior.coords)
            if len(ext) >= 3:
                d.polygon(ext, fill=fill + (255,), outline=(120, 120, 120, 255))
            for hole in g.interiors:
                pts = tr(hole.coords)
                if len(pts) >= 3:
                    d.polygon(pts, fill=BG, outline=(120, 120, 120, 255))
    # zone codes where there is room for them
    font = _font(10)
    for z in sorted(zones, key=lambda z: z.id):
        x0, y0, x1, y1 = z.geometry.bounds
        if (x1 - x0) * scale < 22 or (y1 - y0) * scale < 12 or not z.code:
            continue
        pt = z.geometry.representative_point()
        v = values.get(z.id, 0.0)
        dark = v > 0 and peak > 0 and math.sqrt(v / peak) > 0.6
        d.text(
            ((pt.x - minx) * scale + 10, (pt.y - miny) * scale + oy),
            z.code[:8],
            font=font,
            fill=(255, 255, 255, 255) if dark else (60, 60, 60, 255),
            anchor="mm",
        )
    # legend
    ly = oy + height
    lw = min(300, width - 40)
    for i in range(lw):
        d.line([(10 + i, ly), (10 + i, ly + 14)], fill=_ramp(i / (lw - 1)) + (255,))
    _text(d, (10, ly + 18), "0", 11)
    _text(d, (10 + lw, ly + 18), f"{peak:.2f} per game", 11, anchor="ra")
    return img


# ---------------------------------------------------------------------- the page
def write_report(
    summary: dict[str, Any], out_dir: str | Path, pack: Pack | None = None, title: str = ""
) -> Path:
    """Write the report into ``out_dir`` (created if needed); returns the HTML file."""
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise WarroomError(f"cannot create the report folder: {err.strerror}", out) from None
    nations = sorted(summary.get("nations", {}))
    colours = nation_colours(pack, nations)
    images = {
        "winrates.png": chart_winrates(summary, colours),
        "length.png": chart_length(summary),
        "income.png": chart_income(summary, colours),
    }
    if pack is not None:
        from gamecore.sim.playtest.stats import heatmap_values

        images["heat_battles.png"] = chart_heatmap(
            pack, heatmap_values(summary, "battles"), "Battles per game"
        )
        images["heat_captures.png"] = chart_heatmap(
            pack, heatmap_values(summary, "captures"), "Changes of hands per game"
        )
    try:
        interactive, with_js = _interactive_charts(out, summary, pack)
        for name, img in images.items():
            img.convert("RGB").save(out / name, "PNG", optimize=False)
        (out / "summary.json").write_text(
            json.dumps(summary, indent=1, sort_keys=True), encoding="utf-8"
        )
        page = out / "index.html"
        page.write_text(_html(summary, title, list(images), interactive, with_js), encoding="utf-8")
    except OSError as err:
        raise WarroomError(f"cannot write the report: {err.strerror}", out) from None
    return page


#: what the report says in place of its interactive charts on a core install
NO_PLOTLY = (
    "The interactive charts need plotly, which this install leaves out "
    "(install it with: pip install 'warroom[report]'). The figures above are complete."
)


def _interactive_charts(out: Path, summary: dict[str, Any], pack: Pack | None) -> tuple[str, bool]:
    """The plotly charts' HTML (plotly.min.js written beside the page) and True, or a note
    saying why there are none and False: a core install (cluster workers, scripts) has no plotly, and its
    report keeps the PNG charts and every figure."""
    try:
        # imported here, not at the top: plotly costs ~0.5 s to import and is an extra
        from gamecore.sim.playtest import charts
    except ModuleNotFoundError as err:
        if err.name is None or not err.name.startswith("plotly"):
            raise
        return f"<p><i>{html.escape(NO_PLOTLY)}</i></p>", False
    charts.write_plotly_js(out)
    return charts.report_html(summary, pack), True


def _pct(x: float) -> str:
    return f"{100.0 * x:.1f}%"


def _interval(d: dict[str, Any]) -> str:
    return f"{_pct(d.get('lo', 0.0))} – {_pct(d.get('hi', 0.0))}"


def _strength_html(summary: dict[str, Any]) -> str:
    e = html.escape
    bs = summary.get("bot_strength")
    if not bs:
        return (
            "<h2>Bot strength</h2><p>Not measured in this run: <code>warroom playtest … "
            "--bot-strength N</code> plays N games per alliance with the heuristic bot "
            "for that alliance and the random bot for the others, so a reader knows what "
            "the balance figures rest on.</p>"
        )
    rows = "".join(
        f"<tr><td>{e(str(d.get('name', s)))}</td><td>{d['wins']} / {d['games']}</td>"
        f"<td>{_pct(d['rate'])}</td><td>{_interval(d)}</td></tr>"
        for s, d in bs.get("sides", {}).items()
    )
    return (
        "<h2>Bot strength</h2><p>The heuristic bot playing one alliance against random "
        f"bots for all the others ({bs.get('games', 0)} games each, same seeds): how often "
        "it wins. Near 100% means the bot at least plays with purpose; balance figures "
        "rest on bots of this strength.</p><table><tr><th>heuristic alliance</th>"
        f"<th>won</th><th>rate</th><th>95% interval</th></tr>{rows}</table>"
    )


def _whole_game_html(summary: dict[str, Any]) -> tuple[str, str]:
    """The headline (who wins, how the games ended, the warnings beside the winner, the
    bots' measured strength) and the section "Did the bots play the whole game?"."""
    e = html.escape
    hl = summary.get("headline") or {}
    warns = "".join(f'<span class="warn">⚠ {e(w)}</span>' for w in hl.get("warnings", []))
    strength = (summary.get("bot_rating") or {}).get("text", "")
    count = len(hl.get("warnings") or [])
    badge = (
        f'<span class="badge">⚠ {count} warning{"s" if count > 1 else ""}</span>' if count else ""
    )
    headline = (
        f'<div class="headline"><span class="winner">{e(hl.get("winner", ""))}</span>{badge}'
        f"; {e(hl.get('ended', ''))}.{warns}"
        + (f'<span class="strength">{e(strength)}</span>' if strength else "")
        + "</div>"
    )
    ends = summary.get("endings") or {}
    end_rows = "".join(
        f"<tr><td>{e(str(d.get('words', k)))}</td><td>{d.get('count', 0)}</td>"
        f"<td>{_pct(d.get('rate', 0.0))}</td></tr>"
        for k, d in ends.items()
    )
    act_rows = []
    for n, a in (summary.get("activity") or {}).items():
        fa = a.get("first_attack_mean")
        first = "—" if fa is None else f"{fa:.1f} (earliest {a.get('first_attack_min')})"
        act_rows.append(
            f"<tr><td>{e(str(a.get('name', n)))} ({e(n)})</td>"
            f"<td>{'major' if a.get('major') else 'minor'}</td>"
            f"<td>{first}</td>"
            f"<td>{a.get('never_attacked', 0)}</td>"
            f"<td>{a.get('income_moved', 0)} of {a.get('games', 0)}</td>"
            f"<td>{a.get('passive', 0)} ({_pct(a.get('passive_rate', 0.0))})</td></tr>"
        )
    section = (
        "<h2>Did the bots play the whole game?</h2>"
        "<p>How the games ended: by the game's own victory condition, by conquest, or "
        "by the round cap's tiebreak (who led when the rounds ran out).</p>"
        f"<table><tr><th>decided by</th><th>games</th><th>share</th></tr>{end_rows}</table>"
        "<p>Per power: the round of its first attack (a battle it started or an enemy "
        f"zone it took), whether its income moved by round {ACTIVE_BY}, and the games it "
        "was passive in (neither). A major power passive in more than "
        f"{100 * PASSIVE_WARN:.0f}% of the games is flagged in the headline.</p>"
        "<table><tr><th>power</th><th>size</th><th>first attack, round (mean)</th>"
        "<th>games without an attack</th><th>income moved by round "
        f"{ACTIVE_BY} (or the end)</th><th>passive games</th></tr>{''.join(act_rows)}</table>"
    )
    return headline, section


def _html(
    summary: dict[str, Any],
    title: str,
    images: list[str],
    interactive: str = "",
    with_js: bool = True,
) -> str:
    e = html.escape
    p = summary.get("params", {})
    head = title or f"Playtest of {p.get('scenario', '')}"
    cap = (summary.get("round_cap") or {}).get("text") or (
        "round limit " + str(p.get("max_rounds") or "of the scenario")
    )
    sides = summary.get("sides", {})
    rows = []
    for s, d in sides.items():
        rows.append(
            f"<tr><td><b>{e(str(d.get('name', s)))}</b> "
            f"({e(', '.join(d.get('members') or []))})</td><td>{d['wins']}</td>"
            f"<td>{_pct(d['rate'])}</td><td>{_interval(d)}</td></tr>"
        )
    dr = summary.get("draw") or {}
    if dr:
        rows.append(
            f"<tr><td>no winner</td><td>{dr['count']}</td><td>{_pct(dr['rate'])}</td>"
            f"<td>{_interval(dr)}</td></tr>"
        )
    st = summary.get("stalled") or {}
    if st.get("count"):
        rows.append(
            f"<tr><td>stalled (left out of the rates)</td><td>{st['count']}</td>"
            f"<td>{_pct(st['rate'])}</td><td>{_interval(st)}</td></tr>"
        )
    ended = []
    for kind, d in (summary.get("ended_by") or {}).items():
        who = ", ".join(
            f"{sides.get(w, {}).get('name', w)} {c}" for w, c in d.get("winners", {}).items()
        )
        ended.append(
            f"<tr><td>{e(kind)}</td><td>{d['count']}</td><td>{_pct(d['rate'])}</td>"
            f"<td>{_interval(d)}</td><td>{e(who)}</td></tr>"
        )
    nat_rows = []
    for n, d in summary.get("nations", {}).items():
        el = d.get("eliminated") or {}
        when = f"round {el['mean_round']:.1f}" if el.get("mean_round") is not None else ""
        nat_rows.append(
            f"<tr><td>{e(str(d.get('name', n)))} ({e(n)})</td>"
            f"<td>{e(str(d.get('side_name', d.get('side', ''))))}</td>"
            f"<td>{d['income']['mean']:.1f} ({d['income']['p10']:.0f}–{d['income']['p90']:.0f})</td>"
            f"<td>{d['units']['mean']:.1f}</td><td>{d['tuv']['mean']:.0f}</td>"
            f"<td>{d['zones']['mean']:.1f}</td>"
            f"<td>{_pct(el.get('rate', 0.0))} [{_interval(el)}]</td><td>{when}</td></tr>"
            if "income" in d and isinstance(d["income"], dict)
            else ""
        )
    test = summary.get("decisive_test") or {}
    dec = []
    for b in summary.get("decisive", []):
        zone = b.get("code") or str(b["zone"])
        name = b.get("name", "")
        dec.append(
            f"<tr><td>{b['round']}</td><td>{e(b['attacker'])}</td><td>{e(zone)} {e(name)}</td>"
            f"<td>{b['games']}</td><td>{_pct(b['attacker_won'] / max(1, b['games']))}</td>"
            f"<td>{_pct(b['win_rate_if_taken'])} [{_pct(b.get('if_taken_lo', 0))} – "
            f"{_pct(b.get('if_taken_hi', 1))}]</td>"
            f"<td>{_pct(b['win_rate_if_not'])} [{_pct(b.get('if_not_lo', 0))} – "
            f"{_pct(b.get('if_not_hi', 1))}]</td>"
            f"<td>{100 * b['delta']:+.1f}</td><td>{b.get('p', 1.0):.2g}</td>"
            f"<td>{b.get('q', 1.0):.2g}</td></tr>"
        )
    hot = sorted(
        summary.get("zones", {}).items(), key=lambda kv: -kv[1].get("battles_per_game", 0.0)
    )[:15]
    hot_rows = "".join(
        f"<tr><td>{e(d.get('code', z))} {e(d.get('name', ''))}</td>"
        f"<td>{d['battles_per_game']:.2f}</td><td>{d['captures_per_game']:.2f}</td></tr>"
        for z, d in hot
    )
    fails = "".join(
        f"<li>game {f['index']} (seed {f['seed']}): {e(str(f['status']))} {e(str(f['error']))}"
        + (
            " — reached: "
            + e(
                "; ".join(
                    f"{sides.get(k, {}).get('name', k)} income {v['income']}, "
                    f"{v['units']} units, TUV {v['tuv']}, {v['zones']} zones"
                    for k, v in f["state"].items()
                )
            )
            if f.get("state")
            else ""
        )
        + "</li>"
        for f in summary.get("failures", [])
    )
    length = summary.get("length", {})
    advice = (summary.get("advice") or {}).get("text", "")
    imgs = "".join(f'<p><img src="{e(i)}" alt="{e(i)}"></p>' for i in images)
    extra = _strength_html(summary)
    headline, whole_game = _whole_game_html(summary)
    return f"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{e(head)}</title>
<style>body{{font-family:sans-serif;margin:2em;color:#222}}table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:3px 8px;text-align:right}}
td:first-child,th:first-child{{text-align:left}}
img{{max-width:100%;border:1px solid #ddd}}
.headline{{font-size:1.25em;margin:.4em 0 .8em}}.winner{{font-weight:bold}}
.warn{{display:block;margin:.35em 0;padding:.35em .6em;border-left:5px solid #c0392b;
background:#fdecea;color:#7b241c;font-size:.8em}}
.badge{{margin-left:.5em;padding:.1em .45em;border-radius:3px;background:#c0392b;
color:#fff;font-size:.75em;font-weight:bold;vertical-align:middle}}
.strength{{display:block;margin-top:.35em;font-size:.8em;color:#444}}</style>
{'<script src="plotly.min.js"></script>' if with_js else ""}</head><body>
<h1>{e(head)}</h1>
{headline}
<p>{summary.get("completed", 0)} games completed of {summary.get("requested", 0)} asked
({summary.get("failed", 0)} failed or stalled){" — run stopped early" if summary.get("cancelled") else ""};
bots <code>{e(str(p.get("bots", "")))}</code>, seed {e(str(p.get("seed", "")))};
<b>{e(cap)}</b>; scenario hash <code>{e(str(summary.get("scenario_hash", "")))}</code>.</p>
<h2>Who wins</h2>
<p>Winners by the game's own rule; every rate with its 95% Wilson interval.</p>
<table><tr><th>alliance</th><th>games won</th><th>rate</th><th>95% interval</th></tr>
{"".join(rows)}</table>
<h3>How games ended</h3>
<table><tr><th>ended by</th><th>games</th><th>rate</th><th>95% interval</th><th>won by</th></tr>
{"".join(ended)}</table>
<p>Game length: mean {length.get("mean", 0):.1f} rounds (min {length.get("min", 0)},
max {length.get("max", 0)}).</p>
<p><b>Sample size:</b> {e(advice)}.</p>
{whole_game}
<h2>Nations at the end of the game</h2>
<p>Means over the games (income with its 10–90% range); eliminated: no zone and no unit left.</p>
<table><tr><th>nation</th><th>alliance</th><th>income</th><th>units</th><th>TUV</th>
<th>zones</th><th>eliminated [95% interval]</th><th>when (mean)</th></tr>{"".join(nat_rows)}</table>
<h2>Decisive battles</h2>
<p>Battles (round, attacker, zone) whose outcome changes the attacker side's chance of
winning: {test.get("tested", 0)} tested by {e(str(test.get("method", "")))}; shown are the
{test.get("significant", 0)} that survive at a false-discovery rate of
{100 * test.get("fdr", 0.05):.0f}% (q ≤ {test.get("fdr", 0.05)}), largest difference first.</p>
<table><tr><th>round</th><th>attacker</th><th>zone</th><th>games</th><th>taken</th>
<th>side wins if taken</th><th>if not</th><th>difference (points)</th><th>p</th><th>q</th></tr>
{"".join(dec)}</table>
<h2>Where the fighting is</h2>
<table><tr><th>zone</th><th>battles / game</th><th>changes of hands / game</th></tr>{hot_rows}</table>
{f"<h2>Failed or stalled games</h2><ul>{fails}</ul>" if fails else ""}
{extra}
<h2>Charts</h2>
{interactive}
<h3>Pictures (as in the editor's dock)</h3>
{imgs}
</body></html>
"""
