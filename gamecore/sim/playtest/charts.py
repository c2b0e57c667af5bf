"""Interactive charts of the balance report, drawn with plotly (offline: the page loads
``plotly.min.js`` from the report folder, written beside it, so it works without a
network).

Each function takes the summary (:func:`gamecore.sim.playtest.stats.summarise`) and
returns a plotly figure; :func:`report_html` turns them into one HTML fragment.
Hovering a zone on the maps gives its code, name and figures; the maps zoom with the
mouse wheel or a drag box (Europe is readable zoomed in).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
import plotly.offline

from gamecore.model import Pack

#: the file the report pages load plotly from
PLOTLY_JS = "plotly.min.js"
SIDE_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2"]
CURVE_TITLES = {
    "income": "Income collected per round",
    "tuv": "Total unit value (TUV) at the end of each round",
    "units": "Units on the board at the end of each round",
    "zones": "Zones held at the end of each round",
}


def _side_colour(i: int) -> str:
    return SIDE_COLOURS[i % len(SIDE_COLOURS)]


def _rgba(hex_colour: str, alpha: float) -> str:
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i : i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r},{g},{b},{alpha})"


def fig_winrates(summary: dict[str, Any]) -> go.Figure:
    """Each alliance's win rate (and no winner) with its 95% Wilson interval."""
    names, rates, lo, hi, text, colours = [], [], [], [], [], []
    for i, (side, d) in enumerate(summary.get("sides", {}).items()):
        names.append(d.get("name", side))
        rates.append(100 * d["rate"])
        lo.append(100 * (d["rate"] - d["lo"]))
        hi.append(100 * (d["hi"] - d["rate"]))
        members = ", ".join(d.get("members") or [])
        text.append(
            f"{d.get('name', side)} ({members})<br>{d['wins']} of {d['games']} games"
            f"<br>95% interval {100 * d['lo']:.1f}–{100 * d['hi']:.1f}%"
        )
        colours.append(_side_colour(i))
    dr = summary.get("draw")
    if dr:
        names.append("no winner")
        rates.append(100 * dr["rate"])
        lo.append(100 * (dr["rate"] - dr["lo"]))
        hi.append(100 * (dr["hi"] - dr["rate"]))
        text.append(f"no winner<br>{dr['count']} of {dr['games']} games")
        colours.append("#aaaaaa")
    fig = go.Figure(
        go.Bar(
            x=rates,
            y=names,
            orientation="h",
            marker_color=colours,
            error_x={"type": "data", "symmetric": False, "array": hi, "arrayminus": lo},
            hovertext=text,
            hoverinfo="text",
        )
    )
    fig.update_layout(
        title=f"Win rate with 95% interval ({summary.get('completed', 0)} games)",
        xaxis={"title": "% of games", "range": [0, 100]},
        yaxis={"autorange": "reversed"},
        height=120 + 40 * len(names),
        margin={"l": 10, "r": 10, "t": 50, "b": 40},
    )
    return fig


def fig_curves(summary: dict[str, Any], key: str) -> go.Figure:
    """Per alliance per round: the mean of ``key`` (income, tuv, units, zones) over
    the games still running, with the 10–90% band."""
    fig = go.Figure()
    sides = summary.get("sides", {})
    for i, (side, band) in enumerate(sorted((summary.get("curves") or {}).get(key, {}).items())):
        name = sides.get(side, {}).get("name", side)
        col = _side_colour(list(sides).index(side) if side in sides else i)
        rounds = band.get("rounds", [])
        if not rounds:
            continue
        fig.add_trace(
            go.Scatter(
                x=rounds + rounds[::-1],
                y=band["p90"] + band["p10"][::-1],
                fill="toself",
                fillcolor=_rgba(col, 0.15),
                mode="lines",
                line={"width": 0},
                hoverinfo="skip",
                showlegend=False,
                legendgroup=side,
            )
        )
        fig.add_trace(
            go.Scatter(
                x=rounds,
                y=band["mean"],
                name=name,
                legendgroup=side,
                mode="lines",
                line={"color": col, "width": 2},
                customdata=list(zip(band["p10"], band["p90"], band["games"], strict=True)),
                hovertemplate=f"{name}, round %{{x}}: mean %{{y:.1f}}"
                "<br>10–90%: %{customdata[0]:.0f}–%{customdata[1]:.0f}"
                "<br>%{customdata[2]} games still running<extra></extra>",
            )
        )
    fig.update_layout(
        title=CURVE_TITLES.get(key, key) + " per alliance: mean and 10–90% band",
        xaxis={"title": "round", "dtick": 1},
        height=380,
        margin={"l": 10, "r": 10, "t": 50, "b": 40},
    )
    return fig


def _ramp(t: float) -> str:
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
            r, g, bl = (int(ca[i] + (cb[i] - ca[i]) * f) for i in range(3))
            return f"rgb({r},{g},{bl})"
    return "rgb(128,0,38)"


def fig_map(pack: Pack, summary: dict[str, Any], what: str = "battles") -> go.Figure:
    """The map, each zone filled by ``what`` per game ("battles" or "captures"); hover
    gives the zone's code, name and both figures."""
    zones = [
        z for z in pack.map.zones.values() if z.geometry is not None and not z.geometry.is_empty
    ]
    data = summary.get("zones") or {}
    key = f"{what}_per_game"
    peak = max((float(d.get(key, 0.0)) for d in data.values()), default=0.0)
    fig = go.Figure()
    if zones:
        minx = min(z.geometry.bounds[0] for z in zones)
        maxx = max(z.geometry.bounds[2] for z in zones)
        tol = (maxx - minx) / 1500.0
    for z in sorted(zones, key=lambda z: z.id):
        d = data.get(str(z.id), {})
        v = float(d.get(key, 0.0))
        if v > 0 and peak > 0:
            fill = _ramp(math.sqrt(v / peak))
        elif z.kind in ("sea", "lake"):
            fill = "rgb(214,230,245)"
        elif z.kind == "impassable":
            fill = "rgb(170,170,170)"
        else:
            fill = "rgb(240,240,236)"
        xs: list[float | None] = []
        ys: list[float | None] = []
        geom = z.geometry.simplify(tol, preserve_topology=True) if tol > 0 else z.geometry
        for g in getattr(geom, "geoms", [geom]):
            if g.is_empty or not hasattr(g, "exterior"):
                continue
            cx, cy = g.exterior.coords.xy
            xs += [round(x, 1) for x in cx] + [None]
            ys += [round(y, 1) for y in cy] + [None]
        if not xs:
            continue
        label = (
            f"<b>{z.code} {z.name}</b><br>battles per game {float(d.get('battles_per_game', 0.0)):.2f}"
            f"<br>changes of hands per game {float(d.get('captures_per_game', 0.0)):.2f}"
        )
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=ys,
                fill="toself",
                fillcolor=fill,
                mode="lines",
                line={"color": "rgb(120,120,120)", "width": 0.5},
                hoveron="fills",
                text=label,
                hoverinfo="text",
                showlegend=False,
                name=z.code,
            )
        )
    title = "Battles per game" if what == "battles" else "Changes of hands per game"
    views = region_views(zones)
    if len(views) > 1:
        fig.update_layout(
            updatemenus=[
                {
                    "type": "buttons",
                    "direction": "right",
                    "x": 0,
                    "y": 1.0,
                    "xanchor": "left",
                    "yanchor": "bottom",
                    "buttons": [
                        {
                            "label": label,
                            "method": "relayout",
                            "args": [{"xaxis.range": xr, "yaxis.range": yr}],
                        }
                        for label, xr, yr in views
                    ],
                }
            ]
        )
    fig.update_layout(
        title=f"{title} (darkest: {peak:.2f}); hover a zone, drag to zoom",
        xaxis={"visible": False},
        yaxis={"visible": False, "autorange": "reversed", "scaleanchor": "x"},
        height=650,
        margin={"l": 0, "r": 0, "t": 80, "b": 0},
        plot_bgcolor="white",
        hoverlabel={"bgcolor": "white"},
    )
    return fig


def region_views(zones, min_zones: int = 5) -> list[tuple[str, list, list]]:
    """Buttons that zoom the map: the whole map, then each region tag with at least
    ``min_zones`` zones (most zones first), as (label, x range, y range; y reversed)."""

    def view(zs):
        b = [z.geometry.bounds for z in zs]
        x0, y0 = min(t[0] for t in b), min(t[1] for t in b)
        x1, y1 = max(t[2] for t in b), max(t[3] for t in b)
        px, py = (x1 - x0) * 0.05, (y1 - y0) * 0.05
        return [x0 - px, x1 + px], [y1 + py, y0 - py]

    if not zones:
        return []
    out = [("Whole map", *view(zones))]
    by_region: dict[str, list] = {}
    for z in zones:
        if z.region:
            by_region.setdefault(z.region, []).append(z)
    for region, zs in sorted(by_region.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        if len(zs) >= min_zones:
            out.append((region.replace("_", " ").title(), *view(zs)))
    return out[:10]


def figures(summary: dict[str, Any], pack: Pack | None = None) -> list[tuple[str, go.Figure]]:
    """The report's interactive charts, each with an HTML id."""
    out = [("chart-winrates", fig_winrates(summary))]
    for key in ("income", "tuv", "units", "zones"):
        out.append((f"chart-{key}", fig_curves(summary, key)))
    if pack is not None:
        out.append(("chart-map-battles", fig_map(pack, summary, "battles")))
        out.append(("chart-map-captures", fig_map(pack, summary, "captures")))
    return out


def write_plotly_js(folder: Path) -> Path:
    """plotly.js beside the page (the report must open without a network)."""
    path = folder / PLOTLY_JS
    if not path.exists() or path.stat().st_size == 0:
        path.write_text(plotly.offline.get_plotlyjs(), encoding="utf-8")
    return path


def report_html(summary: dict[str, Any], pack: Pack | None = None) -> str:
    """The charts as one HTML fragment (the page must load :data:`PLOTLY_JS` first)."""
    parts = []
    for div_id, fig in figures(summary, pack):
        parts.append(
            pio.to_html(
                fig,
                full_html=False,
                include_plotlyjs=False,
                div_id=div_id,
                config={"displaylogo": False, "scrollZoom": True, "responsive": True},
            )
        )
    return "\n".join(parts)
