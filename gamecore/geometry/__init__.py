"""gamecore.geometry: zones as a gap-free coverage (DESIGN.md, Geometry).

- :class:`Coverage` - exact shared-vertex coverage with topology-preserving edits
  (split, merge, reshape, vertex moves, add zone, fill hole, simplify, partition),
  each returning an invertible :class:`ChangeSet`, and incremental adjacency;
- :func:`compute_adjacency`, :func:`map_adjacency`, :func:`shared_border`;
- :func:`clean_polygons` for imports; :func:`hex_grid`, :func:`hex_map`,
  :func:`sea_zones` generators; queries (:func:`label_point`, :func:`stack_slots`,
  :func:`coast_classes`, ...); :func:`apply_changeset` to carry a change set to a Map;
- :func:`synthetic_coverage` / :func:`synthetic_map` for tests and benchmarks.
"""

from gamecore.geometry.adjacency import (
    border_lengths,
    compute_adjacency,
    map_adjacency,
    shared_border,
    wrap_pairs,
)
from gamecore.geometry.changeset import ChangeSet
from gamecore.geometry.clean import CleanChange, CleanReport, clean_polygons
from gamecore.geometry.coverage import Coverage, Snap, kmeans_seeds, vertex_count
from gamecore.geometry.generate import hex_map, sea_zones
from gamecore.geometry.hexgrid import HexGrid, hex_grid, hex_neighbours
from gamecore.geometry.mapops import MapEdit, apply_changeset, default_new_zone
from gamecore.geometry.queries import (
    border_segments,
    coast_classes,
    is_coastal,
    is_island,
    is_landlocked,
    label_point,
    stack_slots,
)
from gamecore.geometry.synthetic import synthetic_coverage, synthetic_map

__all__ = [
    "ChangeSet",
    "CleanChange",
    "CleanReport",
    "Coverage",
    "HexGrid",
    "MapEdit",
    "Snap",
    "apply_changeset",
    "border_lengths",
    "border_segments",
    "clean_polygons",
    "coast_classes",
    "compute_adjacency",
    "default_new_zone",
    "hex_grid",
    "hex_map",
    "hex_neighbours",
    "is_coastal",
    "is_island",
    "is_landlocked",
    "kmeans_seeds",
    "label_point",
    "map_adjacency",
    "sea_zones",
    "shared_border",
    "stack_slots",
    "synthetic_coverage",
    "synthetic_map",
    "vertex_count",
    "wrap_pairs",
]
