"""The layers of the map.

Static layers (background image, zones, borders, rivers, rail, convoy lines, labels,
facilities, units) are painted by :meth:`MapScene.drawBackground`, which the view caches
(``QGraphicsView.CacheBackground``): an unchanged frame is one blit, a pan draws only the
strip it uncovers, and an edit redraws only the rectangle it touched
(``MapScene.invalidate_static``). Dynamic layers (links, selection/hover highlight,
issue markers) are ordinary items on top. Every layer is one object that paints all its
features in one call and culls against the exposed rectangle, so QGraphicsView's per-item
cost stays out of the frame time.

Symbols (names, roundels, icons, unit chips, arrow heads) keep a constant size in screen
pixels, are drawn from small cached images, and thin out when zoomed out (level of
detail): a name shows only when it fits its zone and does not overlap a bigger zone's.

Modules: :mod:`.base` (the layer list, pens, cached images, :class:`Layer`), :mod:`.static`
(zones, borders, background image, lines), :mod:`.screen` (symbols in screen pixels:
labels, facilities, units), :mod:`.dynamic` (links, highlight, issue markers). Every name
stays importable from here.
"""

from editor.canvas.images import draw_centred as _draw_centred
from editor.canvas.layers.base import (
    LAYERS,
    SELECT,
    Hit,
    Layer,
    _cosmetic,
    _font,
    device_scale,
)
from editor.canvas.layers.dynamic import (
    LINK_STYLE,
    HighlightLayer,
    IssuesLayer,
    LinksLayer,
)
from editor.canvas.layers.screen import (
    CHIP_HALO,
    FacilitiesLayer,
    LabelsLayer,
    UnitsLayer,
    _ScreenLayer,
)
from editor.canvas.layers.static import (
    RAIL_GAUGES,
    BackgroundLayer,
    BordersLayer,
    LinesLayer,
    ZonesLayer,
    _paint_roundel,
    rail_style,
)

__all__ = [
    "_paint_roundel",
    "LAYERS",
    "BackgroundLayer",
    "BordersLayer",
    "FacilitiesLayer",
    "HighlightLayer",
    "IssuesLayer",
    "LabelsLayer",
    "Layer",
    "LinesLayer",
    "LinksLayer",
    "UnitsLayer",
    "ZonesLayer",
    "device_scale",
    "CHIP_HALO",
    "Hit",
    "LINK_STYLE",
    "RAIL_GAUGES",
    "SELECT",
    "_ScreenLayer",
    "_cosmetic",
    "_draw_centred",
    "_font",
    "rail_style",
]
