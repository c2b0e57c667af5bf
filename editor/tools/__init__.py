"""Tools: what the mouse and keys do on the map. One tool is active at a time.

``editor.tools.base`` has the :class:`Tool` base class and the shell's Select and Pan
tools; the map authoring tools live in :mod:`editor.tools.geometry` (draw, vertices,
split, merge, reshape), :mod:`editor.tools.features` (paint, borders, links, lines,
facilities, placement) and :mod:`editor.tools.hexes` (hex paint, hexsides). ``TOOLS`` lists them in toolbar order.
"""

from editor.tools.base import PanTool, SelectTool, Tool
from editor.tools.features import (
    BorderTool,
    ConvoyTool,
    FacilityTool,
    LinkTool,
    PaintTool,
    PlacementTool,
    RailTool,
    RiverTool,
)
from editor.tools.geometry import DrawZoneTool, MergeTool, ReshapeTool, SplitTool, VertexTool
from editor.tools.hexes import HexPaintTool, HexsideTool

#: the tools of the editor, in toolbar order
TOOLS: list[type[Tool]] = [
    SelectTool,
    PanTool,
    DrawZoneTool,
    VertexTool,
    SplitTool,
    MergeTool,
    ReshapeTool,
    PaintTool,
    BorderTool,
    HexPaintTool,
    HexsideTool,
    LinkTool,
    ConvoyTool,
    RailTool,
    RiverTool,
    FacilityTool,
    PlacementTool,
]

__all__ = [
    "TOOLS",
    "BorderTool",
    "ConvoyTool",
    "FacilityTool",
    "HexPaintTool",
    "HexsideTool",
    "LinkTool",
    "PaintTool",
    "PlacementTool",
    "RailTool",
    "RiverTool",
    "DrawZoneTool",
    "MergeTool",
    "PanTool",
    "ReshapeTool",
    "SelectTool",
    "SplitTool",
    "Tool",
    "VertexTool",
]
