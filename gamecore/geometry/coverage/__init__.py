"""Zones as a gap-free coverage with topology-preserving edits (docs/architecture.md, Geometry).

A :class:`Coverage` holds ``{zone id: Polygon | MultiPolygon}`` in map coordinates. Shared
borders are exact vertex matches, so "every zone that has this vertex" is a dictionary
lookup (the vertex index). Every operation builds the new geometry of the zones it
touches, checks it (valid polygons, no overlap or unmatched border with the zones
around, inside the frame) and returns a :class:`~gamecore.geometry.changeset.ChangeSet`;
``coverage.apply(cs.inverse())`` undoes it exactly. Adjacency is kept up to date
incrementally from the zones a change set touches.

New vertices that an operation creates on an existing border (where a cut line crosses
it) are inserted into every zone that has that border segment, so neighbours keep
identical vertices. Faces are built with ``shapely.polygonize`` from exactly noded
linework, which never computes new coordinates.

Modules: :mod:`.parts` (geometry helpers, :class:`Snap`),
:mod:`.store` (the working copy of an operation, the zones and their indexes, adjacency,
read access, applying change sets), :mod:`.vertices` (the frame, vertex operations,
snapping and tracing), :mod:`.zones` (:class:`Coverage` itself: noding and the zone
operations; k-means seeds). The class is built in that order (``Coverage`` <
``_CoverageVertices`` < ``_CoverageStore``). Every name stays importable from here.
"""

from gamecore.geometry.coverage.parts import (
    XY,
    Snap,
    _union,
    vertex_count,
)
from gamecore.geometry.coverage.zones import (
    Coverage,
    kmeans_seeds,
)

__all__ = [
    "Coverage",
    "Snap",
    "vertex_count",
    "XY",
    "_union",
    "kmeans_seeds",
]
