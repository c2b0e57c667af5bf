"""Colours and map modes (what fills a zone). Pure functions of the pack: no items."""

from __future__ import annotations

import colorsys
import zlib
from collections.abc import Callable

from gamecore.chips import text_colour_on  # noqa: F401 - style.text_colour_on, as before
from gamecore.model import Pack, Scenario, Zone

MAP_MODES = ("political", "terrain", "value", "region", "issues", "heatmap")
MODE_TITLES = {
    "political": "Political",
    "terrain": "Terrain",
    "value": "Value (heat)",
    "region": "Region / ocean",
    "issues": "Validation issues",
    "heatmap": "Playtest heatmap",
}

SEA = "#a8c8e4"
LAKE = "#92bde0"
NEUTRAL_LAND = "#ddd3b8"
IMPASSABLE = "#8b877c"
OFFMAP = "#c9c9c9"
MAP_BACKGROUND = "#23272e"

TERRAIN = {
    "clear": "#d5e3a6",
    "plains": "#d5e3a6",
    "forest": "#79a860",
    "jungle": "#3f8050",
    "mountain": "#a68f72",
    "mountains": "#a68f72",
    "hills": "#c4b17f",
    "desert": "#ead79b",
    "urban": "#c9b0ad",
    "city": "#c9b0ad",
    "swamp": "#8fae97",
    "island": "#cfe0b4",
    "marsh": "#8fae97",
    "tundra": "#d9e0e3",
    "arctic": "#eef3f5",
    "steppe": "#dfd99a",
    "sea": SEA,
    "lake": LAKE,
}
SEVERITY = {
    "error": "#d7301f",
    "warning": "#f39c12",
    "info": "#4a90d9",
}  # info: the Issues dock's blue
NO_ISSUE = "#bfc8b8"
NO_ISSUE_WATER = "#b8c8d4"


def hashed_colour(text: str, sat: float = 0.45, light: float = 0.68, hues=(0.0, 1.0)) -> str:
    """A stable colour for a tag (same text, same colour, on every machine)."""
    h = zlib.crc32(text.encode("utf-8")) / 0xFFFFFFFF
    hue = hues[0] + (hues[1] - hues[0]) * h
    r, g, b = colorsys.hls_to_rgb(hue, light, sat)
    return f"#{int(r * 255):02x}{int(g * 255):02x}{int(b * 255):02x}"


def _water(zone: Zone) -> str | None:
    if zone.kind == "sea":
        return SEA
    if zone.kind == "lake":
        return LAKE
    if zone.kind == "impassable":
        return IMPASSABLE
    if zone.kind == "offmap":
        return OFFMAP
    return None


def _mix(c1: str, c2: str, t: float) -> str:
    a = [int(c1[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(c2[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=True))


HEAT = ["#fff7d6", "#fed976", "#fd8d3c", "#e31a1c", "#800026"]


def heat(t: float) -> str:
    t = min(1.0, max(0.0, t)) * (len(HEAT) - 1)
    i = min(int(t), len(HEAT) - 2)
    return _mix(HEAT[i], HEAT[i + 1], t - i)


def zone_colours(
    pack: Pack,
    mode: str,
    scenario: str | None = None,
    issues: dict[int, str] | None = None,
    zones: list[int] | None = None,
    heatmap: dict[int, float] | None = None,
    position: Scenario | None = None,
) -> dict[int, str]:
    """Fill colour ``#rrggbb`` of each zone (or of ``zones``) in ``mode``; ``position``
    (play mode: a game's position) stands in for the scenario's ownership."""
    m = pack.map
    ids = list(m.zones) if zones is None else [z for z in zones if z in m.zones]
    fn: Callable[[Zone], str]
    if mode == "political":
        sc = position or (pack.scenarios.get(scenario) if scenario else None)
        if sc is None and pack.scenarios:
            sc = next(iter(pack.scenarios.values()))

        def fn(z: Zone) -> str:
            if (w := _water(z)) is not None:
                return w
            owner = sc.owner_of(z.id) if sc else None
            nation = pack.nations.get(owner) if owner else None
            return nation.colour if nation else NEUTRAL_LAND

    elif mode == "terrain":

        def fn(z: Zone) -> str:
            if z.kind in ("sea", "lake"):
                # "clear" is every zone's default terrain: water stays water-coloured
                if z.terrain in ("", "clear", "sea", "lake"):
                    return _water(z) or SEA
                return TERRAIN.get(z.terrain, _water(z) or SEA)
            return TERRAIN.get(z.terrain.lower()) or hashed_colour(z.terrain, 0.35, 0.62)

    elif mode == "value":
        top = max((z.value for z in m.zones.values() if not z.is_water), default=0) or 1

        def fn(z: Zone) -> str:
            if z.is_water:
                return "#9fb2c4" if z.value == 0 else _mix("#9fb2c4", "#2b5d8c", z.value / top)
            if z.kind in ("impassable", "offmap"):
                return _water(z) or IMPASSABLE
            return heat(z.value / top)

    elif mode == "region":

        def fn(z: Zone) -> str:
            if z.is_water:
                if not z.region:
                    return SEA
                return hashed_colour(z.region, 0.45, 0.70, hues=(0.50, 0.66))
            if not z.region:
                return NEUTRAL_LAND
            return hashed_colour(z.region, 0.50, 0.66)

    elif mode == "issues":
        found = issues or {}

        def fn(z: Zone) -> str:
            sev = found.get(z.id)
            if sev:
                return SEVERITY.get(sev, SEVERITY["warning"])
            return NO_ISSUE_WATER if z.is_water else NO_ISSUE

    elif mode == "heatmap":
        values = heatmap or {}
        hottest = max(values.values(), default=0.0) or 1.0

        def fn(z: Zone) -> str:
            v = values.get(z.id, 0.0)
            if v <= 0:
                return NO_ISSUE_WATER if z.is_water else NO_ISSUE
            return heat(v / hottest)

    else:
        raise ValueError(f"unknown map mode {mode!r} (known: {', '.join(MAP_MODES)})")
    return {zid: fn(m.zones[zid]) for zid in ids}


# -- borders -----------------------------------------------------------------------
#: border style -> (colour, width in screen px, dash pattern or None)
BORDER_STYLES: dict[str, tuple[str, float, list[float] | None]] = {
    "sea": ("#5b89b5", 1.0, [4, 3]),  # dark enough to read on every sea fill
    "land": ("#3a3a3a", 1.0, None),
    "coast": ("#1f3147", 1.6, None),
    "unmatched": ("#ff00aa", 1.5, [2, 2]),
    "river": ("#2f7fd1", 3.0, None),
    "mountain": ("#7a5230", 3.2, [1.5, 1.0]),
    "fortified": ("#8e1b1b", 3.2, [3, 1, 1, 1]),
    "impassable": ("#111111", 4.0, None),
    # The War Game's hostile-terrain lines (Sahara, Siberia, Outback, Himalayas)
    "hostile": ("#d9781a", 3.4, [1.0, 1.2]),
}
#: drawing order (later on top)
BORDER_ORDER = (
    "sea",
    "land",
    "coast",
    "unmatched",
    "river",
    "hostile",
    "mountain",
    "fortified",
    "impassable",
)


def border_style(pack: Pack, a: int, b: int) -> str:
    """The style of the border of zones ``a`` and ``b`` (``b == -1``: no neighbour)."""
    zones = pack.map.zones
    za = zones.get(a)
    if b < 0:
        return "unmatched"
    zb = zones.get(b)
    if za is None or zb is None:
        return "land"
    attrs = pack.map.borders.get((a, b) if a < b else (b, a))
    if attrs is not None:
        for s in ("impassable", "fortified", "mountain"):
            if getattr(attrs, s):
                return s
        if attrs.props.get("hostile_terrain"):
            return "hostile"
        if attrs.river:
            return "river"
    wa, wb = za.is_water, zb.is_water
    if wa and wb:
        return "sea"
    if wa != wb:
        return "coast"
    return "land"
