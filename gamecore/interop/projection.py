"""Map projections for maps made from real geography (docs/architecture.md, Geometry).

A map imported from lon/lat data keeps two things so later imports align with it:

- ``Map.crs``: the projected CRS as text pyproj accepts (a PROJ string, ``EPSG:n`` or WKT);
- ``Map.transform``: the affine transform from projected coordinates (X, Y) to map
  coordinates (x, y; y down), six numbers ``[a, b, c, d, e, f]`` with
  ``x = a*X + b*Y + c`` and ``y = d*X + e*Y + f``.

:class:`MapProjection` holds both and converts lon/lat (WGS84) to map coordinates and back.
:func:`fit_projection` builds one for a projection name, a lon/lat crop box and a map width.
Other helpers here: cutting lon/lat geometry to a crop box (also across the antimeridian),
a graticule, and placing a georeferenced image (lon/lat corners or a world file).
"""

from __future__ import annotations

import math
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import pyproj
import shapely
from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry

from gamecore.errors import ImportFormatError
from gamecore.interop.named_projections import NAMED_PROJECTIONS

__all__ = [
    "NAMED_PROJECTIONS",
    "add_background_image",
    "add_graticule",
    "BBox",
    "MapProjection",
    "crop_lonlat",
    "fit_projection",
    "graticule",
    "parse_bbox",
    "parse_world_file",
    "place_image",
    "resolve_projection",
    "warp_image",
    "world_file_corners",
]

BBox = tuple[float, float, float, float]  # lon0, lat0, lon1, lat1
WORLD: BBox = (-180.0, -90.0, 180.0, 90.0)

_ALIASES = {
    "robin": "robinson",
    "equalearth": "equal-earth",
    "eqearth": "equal-earth",
    "mill": "miller",
    "merc": "mercator",
    "lambert": "lambert-europe",
    "lambertconformal": "lambert-europe",
    "lambertconformaleurope": "lambert-europe",
    "lcc": "lambert-europe",
    "lcceurope": "lambert-europe",
    "lambertconic": "lambert-europe",
    "platecarree": "plate-carree",
    "equirectangular": "plate-carree",
    "eqc": "plate-carree",
}
for _name in NAMED_PROJECTIONS:
    _ALIASES[_name.replace("-", "")] = _name

#: step (degrees) for densifying lon/lat lines before projecting them
DENSIFY_DEG = 1.0
#: map coordinates are rounded to this many decimals (reproducible across platforms)
MAP_DECIMALS = 4
#: lon/lat geometry is first cut this much beyond the crop box, then to its outline
CROP_MARGIN_DEG = 2.0


def _key(name: str) -> str:
    return re.sub(r"[\s_\-]", "", name.casefold())


def named_projection(name: str) -> str | None:
    """The canonical name of a named projection (any case, ``-``/``_``/space ignored)."""
    return _ALIASES.get(_key(name))


def parse_bbox(text: str | Sequence[float] | None, where: str = "--bbox") -> BBox | None:
    """``"LON0,LAT0,LON1,LAT1"`` → a checked box. Longitudes may exceed ±180 (a box across
    the antimeridian: ``120,-50,250,60``); the box is at most 360° wide."""
    if text is None:
        return None
    if isinstance(text, str):
        parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
        try:
            vals = [float(p) for p in parts]
        except ValueError:
            raise ImportFormatError(
                f"bbox {text!r} is not four numbers LON0,LAT0,LON1,LAT1", where
            ) from None
    else:
        vals = [float(v) for v in text]
    if len(vals) != 4 or not all(math.isfinite(v) for v in vals):
        raise ImportFormatError(f"bbox {text!r} is not four numbers LON0,LAT0,LON1,LAT1", where)
    lon0, lat0, lon1, lat1 = vals
    if not (-90.0 <= lat0 < lat1 <= 90.0):
        raise ImportFormatError(
            f"bbox latitudes must satisfy -90 <= LAT0 < LAT1 <= 90: {text!r}", where
        )
    if not (lon0 < lon1 <= lon0 + 360.0) or lon0 < -540 or lon1 > 540:
        raise ImportFormatError(
            f"bbox longitudes must satisfy LON0 < LON1 <= LON0 + 360: {text!r}", where
        )
    return (lon0, lat0, lon1, lat1)


def resolve_projection(spec: str, bbox: BBox | None = None) -> tuple[str, BBox]:
    """A projection name, ``EPSG:n`` or PROJ/WKT string → (CRS text for ``Map.crs``, the
    crop box to use). Named projections are centred on the crop box."""
    if not isinstance(spec, str) or not spec.strip():
        raise ImportFormatError("empty projection", "--projection")
    spec = spec.strip()
    name = named_projection(spec)
    if name is not None:
        info = NAMED_PROJECTIONS[name]
        box_ = bbox or info.get("bbox", WORLD)
        max_lat = info.get("max_lat")
        if max_lat is not None:
            box_ = (box_[0], max(box_[1], -max_lat), box_[2], min(box_[3], max_lat))
        lon_0 = _fmt((box_[0] + box_[2]) / 2.0)
        return info["proj"].format(lon_0=lon_0), box_
    try:
        crs = pyproj.CRS.from_user_input(spec)
    except pyproj.exceptions.CRSError:
        names = ", ".join(NAMED_PROJECTIONS)
        raise ImportFormatError(
            f"unknown projection {spec!r} (use one of {names}, EPSG:n or a PROJ string)",
            "--projection",
        ) from None
    if crs.is_geocentric:
        raise ImportFormatError(f"projection {spec!r} is geocentric, not a map", "--projection")
    return spec, bbox or WORLD


def _fmt(v: float) -> str:
    """A short, stable text of a number for PROJ strings."""
    s = f"{v:.6f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


# ---------------------------------------------------------------------------------------
# lon/lat geometry


def crop_lonlat(geom: BaseGeometry, bbox: BBox) -> BaseGeometry:
    """``geom`` (lon/lat, longitudes in [-180, 180]) cut to ``bbox``; parts that lie one
    turn east or west of the box (a box across the antimeridian, or a shifted central
    meridian) are moved into it. Only parts of the input's dimension are kept (a polygon
    clipped along the box edge gives no stray lines). Returns an empty geometry when
    nothing is inside."""
    lon0, lat0, lon1, lat1 = bbox
    dim = shapely.get_dimensions(geom)
    pieces = []
    for turn in (-1, 0, 1):
        shift = 360.0 * turn
        # the part of geom whose longitudes + shift fall in the box
        lo, hi = lon0 - shift, lon1 - shift
        if hi <= -180.0 or lo >= 180.0:
            continue
        part = shapely.clip_by_rect(geom, lo, lat0, hi, lat1)
        if part.is_empty:
            continue
        if shift:
            part = shapely.transform(part, lambda c, s=shift: c + np.array([s, 0.0]))
        pieces.extend(p for p in shapely.get_parts(part) if shapely.get_dimensions(p) == dim)
    if not pieces:
        return _EMPTY.get(dim, shapely.GeometryCollection())
    if len(pieces) == 1:
        return pieces[0]
    return shapely.union_all(pieces)


_EMPTY = {0: shapely.MultiPoint(), 1: shapely.LineString(), 2: shapely.Polygon()}


def _densify(geom: BaseGeometry, step: float = DENSIFY_DEG) -> BaseGeometry:
    return shapely.segmentize(geom, step)


# ---------------------------------------------------------------------------------------
# the projection


@dataclass
class MapProjection:
    """lon/lat (WGS84) ↔ projected CRS ↔ map coordinates (y down)."""

    crs_text: str
    transform: tuple[float, float, float, float, float, float] = (1.0, 0.0, 0.0, 0.0, -1.0, 0.0)
    bbox: BBox = WORLD
    width: float = 0.0
    height: float = 0.0
    _cache: dict = field(default_factory=dict, repr=False, compare=False)

    # -- construction ------------------------------------------------------------------
    @classmethod
    def from_map(cls, m) -> MapProjection:
        """The projection stored in a :class:`gamecore.model.Map` (ImportFormatError when
        the map is not from real geography)."""
        if not m.crs or not m.transform or len(m.transform) != 6:
            raise ImportFormatError(
                f"map {m.name!r} has no projection (it was not imported from geography)"
            )
        geo = (m.props or {}).get("geo", {})
        bbox = tuple(geo.get("bbox", WORLD))
        return cls(m.crs, tuple(float(v) for v in m.transform), bbox, m.width, m.height)

    def apply_to_map(self, m) -> None:
        """Store CRS, transform, frame and crop box on a map."""
        m.crs = self.crs_text
        m.transform = [float(v) for v in self.transform]
        m.width = float(self.width)
        m.height = float(self.height)
        props = dict(m.props or {})
        props["geo"] = {"bbox": [float(v) for v in self.bbox]}
        m.props = props

    @cached_property
    def crs(self) -> pyproj.CRS:
        try:
            return pyproj.CRS.from_user_input(self.crs_text)
        except pyproj.exceptions.CRSError:
            raise ImportFormatError(f"unknown projection {self.crs_text!r}") from None

    @cached_property
    def _fwd(self) -> pyproj.Transformer:
        return _transformer(self.crs_text, forward=True)

    @cached_property
    def _inv(self) -> pyproj.Transformer:
        return _transformer(self.crs_text, forward=False)

    # -- points --------------------------------------------------------------------------
    def to_map_xy(self, px: np.ndarray, py: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        a, b, c, d, e, f = self.transform
        return a * px + b * py + c, d * px + e * py + f

    def from_map_xy(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        a, b, c, d, e, f = self.transform
        det = a * e - b * d
        xs, ys = np.asarray(x, dtype=float) - c, np.asarray(y, dtype=float) - f
        return (e * xs - b * ys) / det, (-d * xs + a * ys) / det

    def forward(self, lon, lat) -> tuple[np.ndarray, np.ndarray]:
        """lon/lat arrays → map x, y arrays (rounded to :data:`MAP_DECIMALS`)."""
        lon = np.asarray(lon, dtype=float)
        lat = np.asarray(lat, dtype=float)
        px, py = self._fwd.transform(lon, lat, errcheck=False)
        x, y = self.to_map_xy(np.asarray(px), np.asarray(py))
        return np.round(x, MAP_DECIMALS), np.round(y, MAP_DECIMALS)

    def inverse(self, x, y) -> tuple[np.ndarray, np.ndarray]:
        """map x, y arrays → lon/lat arrays."""
        px, py = self.from_map_xy(np.asarray(x, dtype=float), np.asarray(y, dtype=float))
        lon, lat = self._inv.transform(px, py, errcheck=False)
        return np.asarray(lon), np.asarray(lat)

    def point(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self.forward([lon], [lat])
        return (float(x[0]), float(y[0]))

    # -- geometry ------------------------------------------------------------------------
    def _project_coords(self, coords: np.ndarray) -> np.ndarray:
        if len(coords) == 0:
            return coords
        x, y = self.forward(coords[:, 0], coords[:, 1])
        return np.column_stack([x, y])

    def project(self, geoms, crop: bool = True, densify: float | None = DENSIFY_DEG):
        """lon/lat geometry (one or an array) → map coordinates. With ``crop`` the
        geometry is cut to the crop box: to a slightly larger box in lon/lat, then exactly
        to the projected :attr:`outline`, so edges along the crop box are the outline's
        own segments. Lines are densified every ``densify`` degrees so they bend as the
        projection bends them. Raises ImportFormatError when the projection cannot show
        a coordinate."""
        single = isinstance(geoms, BaseGeometry)
        arr = np.array([geoms] if single else list(geoms), dtype=object)
        if crop:
            wide = self._wide_bbox()
            arr = np.array([crop_lonlat(g, wide) for g in arr], dtype=object)
        if densify:
            arr = shapely.segmentize(arr, densify)
        out = shapely.transform(arr, self._project_coords)
        coords = shapely.get_coordinates(out)
        if len(coords) and not np.isfinite(coords).all():
            raise ImportFormatError(
                f"projection {self.crs_text!r} cannot show every point of the crop box "
                f"{list(self.bbox)}; give a smaller --bbox"
            )
        if crop and len(out):
            area = shapely.area(out) > 0
            if area.any():
                poly = out[area]
                poly = np.where(shapely.is_valid(poly), poly, shapely.make_valid(poly))
                out[area] = shapely.intersection(poly, self.outline)
            if (~area).any():
                out[~area] = shapely.intersection(out[~area], self.outline)
        return out[0] if single else out

    def _wide_bbox(self) -> BBox:
        """The crop box grown by a margin the projection can still show (not across
        the antimeridian seam of a whole-world box)."""
        lon0, lat0, lon1, lat1 = self.bbox
        grow = min(CROP_MARGIN_DEG, (360.0 - (lon1 - lon0)) / 2.0)
        limit = self._max_lat()
        return (
            lon0 - grow,
            max(-limit, lat0 - CROP_MARGIN_DEG) if lat0 > -limit else lat0,
            lon1 + grow,
            min(limit, lat1 + CROP_MARGIN_DEG) if lat1 < limit else lat1,
        )

    def _max_lat(self) -> float:
        """The highest latitude the projection shows finitely (90, or 89 for Mercator
        and other projections whose pole lies at infinity)."""
        x, y = self._fwd.transform([0.0, 0.0], [90.0, -90.0], errcheck=False)
        return 90.0 if np.isfinite([x, y]).all() and abs(float(y[0])) < 1e12 else 89.0

    @cached_property
    def outline(self) -> Polygon:
        """The crop box as the projection draws it (map coordinates)."""
        lon0, lat0, lon1, lat1 = self.bbox
        ring = _densify(box(lon0, lat0, lon1, lat1), 0.5)
        g = self.project(ring, crop=False, densify=None)
        return shapely.make_valid(g) if not g.is_valid else g

    def frame(self) -> Polygon:
        return box(0.0, 0.0, self.width, self.height)


_local = threading.local()


def _transformer(crs_text: str, forward: bool) -> pyproj.Transformer:
    """lon/lat ↔ ``crs_text`` transformers, cached per thread (pyproj objects are not
    shared between threads)."""
    cache = getattr(_local, "transformers", None)
    if cache is None:
        cache = _local.transformers = {}
    key = (crs_text, forward)
    t = cache.get(key)
    if t is None:
        try:
            crs = pyproj.CRS.from_user_input(crs_text)
        except pyproj.exceptions.CRSError:
            raise ImportFormatError(f"unknown projection {crs_text!r}") from None
        wgs84 = pyproj.CRS.from_epsg(4326)
        src, dst = (wgs84, crs) if forward else (crs, wgs84)
        t = cache[key] = pyproj.Transformer.from_crs(src, dst, always_xy=True)
    return t


def _projected_outline(crs_text: str, bbox: BBox) -> np.ndarray:
    proj = MapProjection(crs_text, bbox=bbox)
    proj.transform = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)  # identity: projected coordinates
    lon0, lat0, lon1, lat1 = bbox
    # the boundary and an inner grid (conic and polar projections bulge inside the box)
    lons = np.linspace(lon0, lon1, 181)
    lats = np.linspace(lat0, lat1, 91)
    glon, glat = np.meshgrid(lons, lats)
    x, y = proj._fwd.transform(glon.ravel(), glat.ravel(), errcheck=False)
    return np.column_stack([x, y])


def fit_projection(
    spec: str = "robinson", width: float = 4000.0, bbox: BBox | None = None, margin: float = 0.0
) -> MapProjection:
    """A projection named by ``spec`` (a name of :data:`NAMED_PROJECTIONS`, ``EPSG:n`` or a
    PROJ/WKT string) scaled so the crop box spans ``width`` map units (plus ``margin`` on
    every side); the height follows from the aspect."""
    if not (isinstance(width, int | float) and math.isfinite(width) and 10 <= width <= 200_000):
        raise ImportFormatError(f"map width {width!r} must be between 10 and 200000", "--width")
    crs_text, box_ = resolve_projection(spec, bbox)
    pts = _projected_outline(crs_text, box_)
    if not np.isfinite(pts).all():
        raise ImportFormatError(
            f"projection {spec!r} cannot show every point of the crop box {list(box_)}; "
            "give a smaller --bbox",
            "--bbox",
        )
    xmin, ymin = pts.min(axis=0)
    xmax, ymax = pts.max(axis=0)
    if not (xmax > xmin and ymax > ymin):
        raise ImportFormatError(f"projection {spec!r} maps the crop box to nothing", "--bbox")
    inner = width - 2 * margin
    s = inner / (xmax - xmin)
    height = round((ymax - ymin) * s + 2 * margin, MAP_DECIMALS)
    s, xmin, ymax = float(s), float(xmin), float(ymax)
    transform = (s, 0.0, margin - xmin * s, 0.0, -s, margin + ymax * s)
    return MapProjection(crs_text, transform, box_, float(width), float(height))


# ---------------------------------------------------------------------------------------
# graticule and images


def graticule(proj: MapProjection, step: float = 15.0) -> list[tuple[str, LineString]]:
    """Meridians and parallels every ``step`` degrees inside the crop box, in map
    coordinates: ``[(label, line), ...]`` with labels like ``"30E"``, ``"45N"``."""
    lon0, lat0, lon1, lat1 = proj.bbox
    out: list[tuple[str, LineString]] = []
    first = math.ceil(lon0 / step) * step
    for lon in np.arange(first, lon1 + 1e-9, step):
        line = LineString([(lon, lat0), (lon, lat1)])
        name = _lon_label(float(lon))
        out.append((name, proj.project(line, crop=False, densify=0.5)))
    first = math.ceil(lat0 / step) * step
    for lat in np.arange(first, lat1 + 1e-9, step):
        line = LineString([(lon0, lat), (lon1, lat)])
        lab = f"{abs(lat):g}{'N' if lat > 0 else 'S' if lat < 0 else ''}"
        out.append((lab, proj.project(line, crop=False, densify=0.5)))
    return out


def _lon_label(lon: float) -> str:
    lon = (lon + 180.0) % 360.0 - 180.0
    return f"{abs(lon):g}{'E' if lon > 0 else 'W' if lon < 0 else ''}"


def parse_world_file(text: str, path: str = "world file") -> tuple[float, ...]:
    """An ESRI world file (``.pgw``, ``.jgw``, ``.wld``): six numbers A D B E C F, where
    (C, F) is the centre of the top-left pixel and A/E the pixel size."""
    vals = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            vals.append(float(line))
        except ValueError:
            raise ImportFormatError(f"world file line {line!r} is not a number", path) from None
    if len(vals) != 6 or not all(math.isfinite(v) for v in vals):
        raise ImportFormatError("a world file holds exactly six numbers", path)
    if vals[0] == 0 or vals[3] == 0:
        raise ImportFormatError("world file pixel size is zero", path)
    return tuple(vals)


def world_file_corners(params: Sequence[float], img_w: int, img_h: int) -> BBox:
    """The lon/lat (or projected) box covered by an image of ``img_w`` × ``img_h`` pixels
    with world-file ``params`` (rotation terms are not supported and must be 0)."""
    a, d, b, e, c, f = params
    if b or d:
        raise ImportFormatError("rotated world files are not supported")
    x0, y0 = c - a / 2.0, f - e / 2.0
    x1, y1 = x0 + a * img_w, y0 + e * img_h
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def place_image(
    proj: MapProjection, corners: BBox, img_w: int, img_h: int, in_map_crs: bool = False
) -> dict:
    """Where an image covering ``corners`` (lon0, lat0, lon1, lat1, or projected
    coordinates when ``in_map_crs``) lies on the map: ``{"x", "y", "width", "height",
    "exact"}``. ``exact`` is False when the projection bends the image's grid (then the
    image needs :func:`warp_image` to align everywhere, not only at its corners)."""
    x0, y0, x1, y1 = corners
    if in_map_crs:
        xs, ys = proj.to_map_xy(np.array([x0, x1]), np.array([y1, y0]))
        exact = True
    else:
        lons = np.linspace(x0, x1, 9)
        lats = np.linspace(y0, y1, 9)
        glon, glat = np.meshgrid(lons, lats)
        xs, ys = proj.forward(glon.ravel(), glat.ravel())
        # exact when meridians map to vertical and parallels to horizontal lines
        gx = xs.reshape(9, 9)
        gy = ys.reshape(9, 9)
        tol = 1e-6 * max(proj.width, proj.height, 1.0)
        straight = np.ptp(gx, axis=0).max() <= tol and np.ptp(gy, axis=1).max() <= tol
        lin_x = np.allclose(gx[0], np.linspace(gx[0, 0], gx[0, -1], 9), atol=tol)
        lin_y = np.allclose(gy[:, 0], np.linspace(gy[0, 0], gy[-1, 0], 9), atol=tol)
        exact = bool(straight and lin_x and lin_y)
    left, right = float(np.min(xs)), float(np.max(xs))
    top, bottom = float(np.min(ys)), float(np.max(ys))
    return {
        "x": left,
        "y": top,
        "width": right - left,
        "height": bottom - top,
        "exact": exact,
        "pixels": [int(img_w), int(img_h)],
    }


def warp_image(proj: MapProjection, image, corners: BBox, out_width: int | None = None):
    """Re-project a lon/lat (plate carrée) PIL image covering ``corners`` into map
    coordinates by nearest-neighbour sampling. Returns ``(image, placement)``; the result
    is transparent outside the source."""
    from PIL import Image

    place = place_image(proj, corners, image.width, image.height)
    ow = int(out_width or min(image.width * 2, max(1, round(place["width"]))))
    ow = max(1, ow)
    oh = max(1, round(ow * place["height"] / max(place["width"], 1e-9)))
    xs = place["x"] + (np.arange(ow) + 0.5) * place["width"] / ow
    ys = place["y"] + (np.arange(oh) + 0.5) * place["height"] / oh
    gx, gy = np.meshgrid(xs, ys)
    lon, lat = proj.inverse(gx.ravel(), gy.ravel())
    lon0, lat0, lon1, lat1 = corners
    lon = np.where(lon < lon0, lon + 360.0, lon)
    u = (lon - lon0) / (lon1 - lon0) * image.width
    v = (lat1 - lat) / (lat1 - lat0) * image.height
    ok = np.isfinite(u) & np.isfinite(v) & (u >= 0) & (u < image.width) & (v >= 0)
    ok &= v < image.height
    src = np.asarray(image.convert("RGBA"))
    out = np.zeros((oh * ow, 4), dtype=np.uint8)
    out[ok] = src[v[ok].astype(int), u[ok].astype(int)]
    return Image.fromarray(out.reshape(oh, ow, 4), "RGBA"), place


# ---------------------------------------------------------------------------------------
# layers for a pack from real geography


def add_graticule(m, step: float = 15.0) -> int:
    """Store a graticule (meridians and parallels every ``step`` degrees) as the map's
    ``props["graticule"]`` layer: ``{"step", "lines": [{"label", "points"}]}``. Returns
    the number of lines."""
    if not (0.5 <= step <= 90.0):
        raise ImportFormatError(f"graticule step {step!r} must be between 0.5 and 90 degrees")
    proj = MapProjection.from_map(m)
    lines = []
    for label, line in graticule(proj, step):
        for part in shapely.get_parts(line):
            if part.geom_type == "LineString" and part.length > 0:
                pts = [[float(x), float(y)] for x, y in shapely.get_coordinates(part)]
                lines.append({"label": label, "points": pts})
    props = dict(m.props or {})
    props["graticule"] = {"step": float(step), "lines": lines}
    m.props = props
    return len(lines)


#: the largest background image accepted (pixels), docs/architecture.md Invariant 5
MAX_IMAGE_PIXELS = 80_000_000


def add_background_image(
    m,
    path,
    corners: BBox | None = None,
    world_file=None,
    name: str | None = None,
    max_pixels: int = MAX_IMAGE_PIXELS,
):
    """A PNG/JPEG georeferenced by its lon/lat ``corners`` (west, south, east, north) or
    by an ESRI ``world_file`` in lon/lat, added to ``m.images`` so it lies under the
    zones where it belongs. An image whose grid the projection bends (anything but a
    cylindrical map) is re-projected into the map's projection. Returns the
    :class:`~gamecore.model.BackgroundImage`."""
    import io
    from pathlib import Path

    from PIL import Image, UnidentifiedImageError

    from gamecore.model import BackgroundImage

    p = Path(path)
    proj = MapProjection.from_map(m)
    try:
        with Image.open(p) as probe:
            w, h = probe.size
            fmt = (probe.format or "").lower()
    except FileNotFoundError:
        raise ImportFormatError("no such image file", p) from None
    except (UnidentifiedImageError, OSError) as err:
        raise ImportFormatError(f"not a PNG or JPEG image ({err})", p) from None
    if fmt not in ("png", "jpeg"):
        raise ImportFormatError(f"image format {fmt or 'unknown'} (PNG or JPEG only)", p)
    if w * h > max_pixels:
        raise ImportFormatError(f"image of {w} x {h} pixels is larger than {max_pixels}", p)
    if world_file is not None:
        wf = Path(world_file)
        try:
            params = parse_world_file(wf.read_text(encoding="utf-8"), str(wf))
        except OSError as err:
            raise ImportFormatError(f"cannot read: {err.strerror or err}", wf) from None
        corners = world_file_corners(params, w, h)
    if corners is None:
        raise ImportFormatError("give the image's lon/lat corners or a world file", p)
    corners = parse_bbox(corners, "corners") if not isinstance(corners, tuple) else corners
    place = place_image(proj, corners, w, h)
    if place["exact"]:
        data, out_fmt = p.read_bytes(), fmt
    else:
        with Image.open(p) as img:
            img.load()
            warped, place = warp_image(proj, img, corners)
        buf = io.BytesIO()
        warped.save(buf, "PNG", optimize=True)
        data, out_fmt = buf.getvalue(), "png"
    iid = m.next_id("images")
    bg = BackgroundImage(
        iid,
        name or p.stem,
        out_fmt,
        data,
        place["x"],
        place["y"],
        place["width"],
        place["height"],
    )
    m.images[iid] = bg
    return bg
