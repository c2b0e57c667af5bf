"""Facts about a pack file (``warroom info``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from gamecore.model import ZONE_KINDS, Pack
from gamecore.store.packfile import open_pack


def pack_summary(pack: Pack) -> dict[str, Any]:
    """Counts of a pack: zones by kind (every kind listed, zero or not), nations, scenario
    names, ruleset ids (those the scenarios use and those stored in the pack, sorted)."""
    zones = dict.fromkeys(ZONE_KINDS, 0)
    for z in pack.map.zones.values():
        zones[z.kind] = zones.get(z.kind, 0) + 1
    rulesets = {s.ruleset for s in pack.scenarios.values()} | set(pack.rulesets)
    return {
        "zones": zones,
        "nations": len(pack.nations),
        "scenarios": [s.name for s in pack.scenarios.values()],
        "rulesets": sorted(rulesets),
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
    return info
