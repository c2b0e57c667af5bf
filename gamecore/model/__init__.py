"""The domain model (docs/architecture.md, Glossary): plain dataclasses, no I/O, no Qt.

Identity: zones, links, facilities, lines, terrain areas and images have integer ids
unique within a pack; nations and scenarios have string ids (codes) without spaces.
Geometry is held as shapely objects in map coordinates (floats, y down).
"""

from gamecore.model.map import (
    BORDER_FLAGS,
    FACILITY_SERVES_SEA,
    LINE_KINDS,
    LINK_KINDS,
    ZONE_FLAGS,
    ZONE_KINDS,
    BackgroundImage,
    Border,
    Facility,
    Line,
    Link,
    Map,
    TerrainArea,
    Zone,
    border_key,
    in_scenario,
)
from gamecore.model.pack import Pack, PlaytestResult, RulesetDoc
from gamecore.model.scenario import (
    RELATIONS,
    Alliance,
    Nation,
    Objective,
    Ownership,
    Relation,
    Scenario,
    UnitStack,
)

__all__ = [
    "BORDER_FLAGS",
    "FACILITY_SERVES_SEA",
    "LINK_KINDS",
    "LINE_KINDS",
    "RELATIONS",
    "ZONE_FLAGS",
    "ZONE_KINDS",
    "Alliance",
    "BackgroundImage",
    "Border",
    "Facility",
    "Line",
    "Link",
    "Map",
    "Nation",
    "Objective",
    "Ownership",
    "Pack",
    "PlaytestResult",
    "Relation",
    "RulesetDoc",
    "Scenario",
    "TerrainArea",
    "UnitStack",
    "Zone",
    "border_key",
    "in_scenario",
]
