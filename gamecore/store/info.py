"""Facts about a pack file (``warroom info``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from gamecore.geometry.hexgrid import read_hex_meta
from gamecore.model import ZONE_KINDS, Pack
from gamecore.store.packfile import open_pack


def pack_summary(pack: Pack) -> dict[str, Any]:
    """Counts of a pack: zones by kind (every kind listed, zero or not), nations, scenario
    names, ruleset ids (those the scenarios use and those stored in the pack, sorted);
    for a hex map also ``"hex"``: its grid (:func:`hex_grid_summary`)."""
    zones = dict.fromkeys(ZONE_KINDS, 0)
    for z in pack.map.zones.values():
        zones[z.kind] = zones.get(z.kind, 0) + 1
    rulesets = {s.ruleset for s in pack.scenarios.values()} | set(pack.rulesets)
    out: dict[str, Any] = {
        "zones": zones,
        "nations": len(pack.nations),
        "scenarios": [s.name for s in pack.scenarios.values()],
        "rulesets": sorted(rulesets),
    }
    grid = hex_grid_summary(pack)
    if grid is not None:
        out["hex"] = grid
    return out


def hex_grid_summary(pack: Pack) -> dict[str, Any] | None:
    """The grid of a hex map (``Map.props["hex"]``, docs/hex_maps.md): ``{"layout",
    "id_format", "rows": [first, last], "cols": [first, last], "wrap_cols", "size",
    "hexes"}`` (``hexes``: the zones on a cell of the grid); ``{"error": why}`` when the
    metadata describes no grid; None for a map without grid metadata."""
    layout, why = read_hex_meta(pack.map.props.get("hex"))
    if why is not None:
        return {"error": why}
    if layout is None:
        return None
    hexes = sum(1 for z in pack.map.zones.values() if "hex" in z.props)
    return {
        "layout": layout.layout,
        "id_format": layout.id_format,
        "rows": list(layout.rows),
        "cols": list(layout.cols),
        "wrap_cols": layout.wrap_cols,
        "size": layout.size,
        "hexes": hexes,
    }


def pack_info(path: str | os.PathLike) -> dict[str, Any]:
    """The ``warroom info --json`` object: ``{"zones": {"land": n, ...}, "nations": n,
    "scenarios": [names], "rulesets": [ids], "schema_version": n, "bytes": n}``. Opens the
    file read-only; ``schema_version`` is the version of the file on disk."""
    path = Path(path)
    pf = open_pack(path, readonly=True)
    pf.close()
    info = pack_summary(pf.pack)
    info["schema_version"] = pf.schema_version
    info["bytes"] = path.stat().st_size
    if pf.variant is not None:
        ref = pf.variant.variant.base
        info["variant"] = {
            "base": ref.id,
            "base_path": str(pf.variant.base_path),
            "base_hash": ref.hash,
            "changes": len(pf.variant.variant.changes),
        }
    return info
