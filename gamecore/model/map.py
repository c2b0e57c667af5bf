"""The map: zones, borders, links, terrain areas, facilities, lines, background images."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shapely.geometry.base import BaseGeometry

ZONE_KINDS = ("land", "sea", "lake", "impassable", "offmap")
#: zone flags the rules and the editor know; other strings are kept but have no meaning.
#: "coastal": a land hex that is land and sea at once (Hitler's Global War, HGW-CONTRACT)
ZONE_FLAGS = ("city", "capital", "victory_city", "island", "island_group", "coastal")
#: boolean border attributes (rail gauge and crossing limit are typed fields)
BORDER_FLAGS = ("river", "mountain", "fortified", "impassable")
#: strait/crossing: land-land across water (optionally ``via`` a blocking sea zone);
#: canal: two sea zones controlled by ``controllers``; offmap: an off-map route;
#: connection: a plain adjacency geometry does not give (e.g. imported); not_adjacent:
#: removes the adjacency of two zones that touch.
LINK_KINDS = ("strait", "canal", "offmap", "connection", "not_adjacent")
LINE_KINDS = ("convoy", "rail", "river")
#: facility types that name the sea zone(s) they serve
FACILITY_SERVES_SEA = ("port", "naval_base", "shipyard", "dockyard", "submarine_base")

XY = tuple[float, float]


def in_scenario(props: dict[str, Any], scenario_id: str | None) -> bool:
    """Whether a map item (convoy line, facility, ...) whose ``props`` are given exists in
    scenario ``scenario_id``: ``props["scenarios"]`` lists the scenarios it belongs to;
    without that key it belongs to all (one map can carry the 1939 g40 convoys and the
    1936 Global War ones side by side)."""
    only = props.get("scenarios")
    return not only or scenario_id is None or scenario_id in only


def border_key(a: int, b: int) -> tuple[int, int]:
    """Borders are keyed by the ordered pair of zone ids."""
    return (a, b) if a < b else (b, a)


@dataclass
class Zone:
    id: int
    code: str
    name: str
    kind: str = "land"
    geometry: BaseGeometry | None = None  # Polygon or MultiPolygon, map coordinates
    value: int = 0  # IPP/IPC
    terrain: str = "clear"
    region: str = ""  # region tag for land, ocean tag for sea
    flags: list[str] = field(default_factory=list)  # sorted, from ZONE_FLAGS (others kept)
    label: XY | None = None
    roundel: XY | None = None
    slots: list[XY] = field(default_factory=list)  # unit-stack slots
    props: dict[str, Any] = field(default_factory=dict)  # anything imported and not modelled

    def has_flag(self, flag: str) -> bool:
        return flag in self.flags

    def set_flag(self, flag: str, on: bool = True) -> None:
        s = set(self.flags)
        s.add(flag) if on else s.discard(flag)
        self.flags = sorted(s)

    @property
    def is_water(self) -> bool:
        return self.kind in ("sea", "lake")


@dataclass
class Border:
    """Attributes of the shared boundary of zones ``a`` < ``b``. Only borders with some
    attribute set are stored; geometry comes from the zones."""

    a: int
    b: int
    river: bool = False
    mountain: bool = False
    fortified: bool = False
    impassable: bool = False
    rail_gauge: str | None = None  # gauge of a rail crossing, e.g. "standard", "russian"
    crossing_limit: int | None = None  # narrow crossing: max units per turn
    props: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> tuple[int, int]:
        return (self.a, self.b)

    def is_plain(self) -> bool:
        return not (
            self.river
            or self.mountain
            or self.fortified
            or self.impassable
            or self.rail_gauge
            or self.crossing_limit is not None
            or self.props
        )


@dataclass
class Link:
    id: int
    kind: str  # LINK_KINDS
    a: int
    b: int
    name: str = ""
    via: int | None = None  # strait: sea zone whose enemy control blocks it
    controllers: list[int] = field(default_factory=list)  # canal: land zones that control it
    rule: str = "all"  # canal passage: "all" controllers held by one side, or "any"
    props: dict[str, Any] = field(default_factory=dict)


@dataclass
class TerrainArea:
    """Terrain inside a zone where a ruleset needs it (border terrain in Global War)."""

    id: int
    zone: int
    terrain: str
    geometry: BaseGeometry | None = None
    props: dict[str, Any] = field(default_factory=dict)


@dataclass
class Facility:
    id: int
    zone: int
    type: str  # from the ruleset's facility types (factory, port, air_base, …)
    level: int = 1
    damage: int = 0
    serves: list[int] = field(default_factory=list)  # sea zones a port/naval base serves
    owner: str | None = None  # nation code, when it differs from the zone owner
    props: dict[str, Any] = field(default_factory=dict)


@dataclass
class Line:
    """Convoy line, rail line or river: a polyline in map coordinates.

    Convoy: ``path`` is the chain of sea zones it crosses, ``start``/``end`` the zones its
    ends lie in (land or sea), ``values`` per-nation convoy values. Rail: ``gauge``."""

    id: int
    kind: str  # LINE_KINDS
    name: str = ""
    points: list[XY] = field(default_factory=list)
    path: list[int] = field(default_factory=list)
    start: int | None = None
    end: int | None = None
    values: dict[str, int] = field(default_factory=dict)
    gauge: str | None = None
    props: dict[str, Any] = field(default_factory=dict)


@dataclass
class BackgroundImage:
    id: int
    name: str
    format: str  # "png" / "jpeg"
    data: bytes = b""
    x: float = 0.0  # placement of the top-left corner in map coordinates
    y: float = 0.0
    width: float = 0.0  # size in map units
    height: float = 0.0
    opacity: float = 1.0
    visible: bool = True


@dataclass
class Map:
    name: str = "Untitled map"
    width: float = 1000.0  # the map frame, in map units
    height: float = 600.0
    crs: str | None = None  # pyproj CRS (WKT or "EPSG:n") for maps from real geography
    transform: list[float] | None = None  # projected -> map: [a, b, c, d, e, f] (affine)
    wrap_x: bool = False  # east-west wrap
    zones: dict[int, Zone] = field(default_factory=dict)
    borders: dict[tuple[int, int], Border] = field(default_factory=dict)
    links: dict[int, Link] = field(default_factory=dict)
    terrain_areas: dict[int, TerrainArea] = field(default_factory=dict)
    facilities: dict[int, Facility] = field(default_factory=dict)
    lines: dict[int, Line] = field(default_factory=dict)
    images: dict[int, BackgroundImage] = field(default_factory=dict)
    props: dict[str, Any] = field(default_factory=dict)

    # -- lookups -------------------------------------------------------------
    def zone_by_code(self, code: str) -> Zone | None:
        for z in self.zones.values():
            if z.code == code:
                return z
        return None

    def zone_by_name(self, name: str) -> Zone | None:
        folded = name.casefold()
        for z in self.zones.values():
            if z.name.casefold() == folded:
                return z
        return None

    def find_zone(self, ref: str | int) -> Zone | None:
        """A zone by id, code or (case-insensitive) name."""
        if isinstance(ref, int):
            return self.zones.get(ref)
        if ref.isdigit() and int(ref) in self.zones and self.zone_by_code(ref) is None:
            return self.zones[int(ref)]
        return self.zone_by_code(ref) or self.zone_by_name(ref)

    def border(self, a: int, b: int) -> Border:
        """The border attributes of a and b (a plain border when none are stored)."""
        key = border_key(a, b)
        return self.borders.get(key) or Border(*key)

    def next_id(self, table: str) -> int:
        """A fresh id for ``zones``, ``links``, ``terrain_areas``, ``facilities``, ``lines``
        or ``images``."""
        items: dict[int, Any] = getattr(self, table)
        return max(items, default=0) + 1
