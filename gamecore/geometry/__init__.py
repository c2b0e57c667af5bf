"""gamecore.geometry: zones as a gap-free coverage (docs/architecture.md, Geometry).

- :class:`Coverage` - exact shared-vertex coverage with topology-preserving edits
  (split, merge, reshape, vertex moves, add zone, fill hole, simplify, partition),
  each returning an invertible :class:`ChangeSet`, and incremental adjacency;
- :func:`compute_adjacency`, :func:`map_adjacency`, :func:`shared_border`;
- :func:`clean_polygons` for imports; :func:`hex_grid`, :func:`hex_map`,
  :func:`hgw_hex_map` / :func:`hex_layout_map` (hex maps on a :class:`HexLayout`),
  :func:`sea_zones` generators; hex ids and steps (:func:`hex_code`,
  :func:`parse_hex_code`, :func:`hex_neighbours`, :func:`hex_distance`); queries (:func:`label_point`, :func:`stack_slots`,
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
from gamecore.geometry.generate import hex_layout_map, hex_map, hgw_hex_map, sea_zones
from gamecore.geometry.hexgrid import (
    HexCodeError,
    HexGrid,
    HexLayout,
    grid_neighbours,
    hex_code,
    hex_distance,
    hex_grid,
    hex_neighbours,
    parse_hex_code,
)
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
    "HexCodeError",
    "HexGrid",
    "HexLayout",
    "MapEdit",
    "Snap",
    "apply_changeset",
    "border_lengths",
    "border_segments",
    "clean_polygons",
    "coast_classes",
    "compute_adjacency",
    "default_new_zone",
    "grid_neighbours",
    "hex_code",
    "hex_distance",
    "hex_grid",
    "hex_layout_map",
    "hex_map",
    "hex_neighbours",
    "hgw_hex_map",
    "is_coastal",
    "is_island",
    "is_landlocked",
    "kmeans_seeds",
    "label_point",
    "map_adjacency",
    "parse_hex_code",
    "sea_zones",
    "shared_border",
    "stack_slots",
    "synthetic_coverage",
    "synthetic_map",
    "vertex_count",
    "wrap_pairs",
]
