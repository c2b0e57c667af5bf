"""Images of a TripleA map: base and relief tiles, a full base image, flags, unit icons.

Reading never decodes more than one bounded image at a time: a file's header is read
first and anything over the limits (bytes, pixels) is refused with a one-line error
(docs/architecture.md, Invariant 5). ``baseTiles/`` are copied as they are (no decoding at all);
a single full base image is cut into 256-px tiles after the size check.

Writing renders 256-px tiles (TripleA's ``baseTiles/<col>_<row>.png``) from the pack's
background images, or draws the zones when the pack has none, one tile at a time, plus
``smallMap.jpeg`` and simple flags for nations without a flag image.
"""

from __future__ import annotations

import io
import re
import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable, Iterator
from pathlib import Path

import shapely
from PIL import Image, ImageDraw, UnidentifiedImageError

from gamecore.errors import ImportFormatError
from gamecore.model import BackgroundImage, Map

__all__ = [
    "MAX_FULL_PIXELS",
    "MAX_IMAGE_BYTES",
    "MAX_TILE_PIXELS",
    "TILE",
    "flag_png",
    "image_from_file",
    "probe",
    "read_tiles",
    "render_tiles",
    "small_map",
    "tiles_from_image",
]

TILE = 256
#: a single image file larger than this is refused
MAX_IMAGE_BYTES = 64 * 1024 * 1024
#: a tile, flag or icon with more pixels than this is refused
MAX_TILE_PIXELS = 4096 * 4096
#: a full base image (decoded whole to be cut into tiles) with more pixels is refused
MAX_FULL_PIXELS = 50_000_000
_HEADER_ONLY = threading.Lock()
_TILE_NAME = re.compile(r"^(\d+)_(\d+)\.(png|jpe?g|gif)$", re.IGNORECASE)
FORMATS = {"PNG": "png", "JPEG": "jpeg", "GIF": "gif"}


def probe(path: Path, max_pixels: int = MAX_TILE_PIXELS) -> tuple[str, int, int]:
    """(format, width, height) from the header only; refuses files over the limits."""
    try:
        size = path.stat().st_size
    except OSError as err:
        raise ImportFormatError(f"cannot read: {err.strerror or err}", path) from None
    if size > MAX_IMAGE_BYTES:
        raise ImportFormatError(
            f"image file of {size} bytes is over the limit of {MAX_IMAGE_BYTES}", path
        )
    try:
        with _HEADER_ONLY, warnings.catch_warnings():
            # only the header is read here; the limit is checked below, by us
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            saved, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, None
            try:
                with Image.open(path) as im:
                    fmt = FORMATS.get(im.format or "", "")
                    w, h = im.size
            finally:
                Image.MAX_IMAGE_PIXELS = saved
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as err:
        raise ImportFormatError(f"not a readable image ({err})", path) from None
    if not fmt:
        raise ImportFormatError("image format not supported (PNG, JPEG or GIF)", path)
    if w * h > max_pixels:
        raise ImportFormatError(
            f"image of {w} x {h} pixels is over the limit of {max_pixels} pixels", path
        )
    return fmt, w, h


def _png_bytes(im: Image.Image) -> bytes:
    buf = io.BytesIO()
    im.save(buf, "PNG", optimize=False, compress_level=6)
    return buf.getvalue()


class DamagedImage(ImportFormatError):
    """An image file whose data is broken (the map can do without it)."""


def image_from_file(
    path: Path, name: str, iid: int, x: float = 0.0, y: float = 0.0, visible: bool = True
) -> BackgroundImage:
    """A BackgroundImage holding the file's bytes (GIF converted to PNG), placed at x, y
    in pixels."""
    fmt, w, h = probe(path)
    data = path.read_bytes()
    try:
        with Image.open(io.BytesIO(data)) as im:
            im.verify()  # chunk structure and checksums, without decoding the pixels
    except Exception as err:  # noqa: BLE001 - Pillow raises many kinds for damaged files
        raise DamagedImage(f"damaged image ({err})", path) from None
    if fmt == "gif":
        try:
            with Image.open(io.BytesIO(data)) as im:
                data = _png_bytes(im.convert("RGBA"))
        except (OSError, ValueError, SyntaxError) as err:
            raise ImportFormatError(f"cannot decode the image ({err})", path) from None
        fmt = "png"
    return BackgroundImage(iid, name, fmt, data, x, y, float(w), float(h), 1.0, visible)


def read_tiles(
    folder: Path, first_id: int, present: Callable[[Path], bool] = Path.is_file
) -> tuple[list[BackgroundImage], list[str]]:
    """The tiles of ``baseTiles/`` or ``reliefTiles/`` as background images at their
    pixel places (copied, not decoded), sorted by row then column. ``present`` says
    whether a file may be read (the importer's check that it stays in the map folder)."""
    notes: list[str] = []
    found = []
    for p in folder.iterdir():
        m = _TILE_NAME.match(p.name)
        if not m or not present(p):
            if p.is_file():
                notes.append(f"{folder.name}/{p.name}: not a tile name (col_row.png), skipped")
            continue
        found.append((int(m.group(2)), int(m.group(1)), p))
    found.sort()
    out = []
    for row, col, p in found:
        try:
            bg = image_from_file(
                p, f"{folder.name}/{p.name}", first_id + len(out), col * TILE, row * TILE
            )
        except DamagedImage as err:
            notes.append(f"{folder.name}/{p.name}: {err.message}; skipped")
            continue
        out.append(bg)
    return out, notes


def tiles_from_image(
    path: Path, first_id: int, max_pixels: int = MAX_FULL_PIXELS
) -> list[BackgroundImage]:
    """A full base image cut into 256-px PNG tiles (named like baseTiles)."""
    fmt, w, h = probe(path, max_pixels)
    try:
        return _cut(path, first_id, w, h)
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as err:
        raise ImportFormatError(f"cannot decode the image ({err})", path) from None


def _cut(path: Path, first_id: int, w: int, h: int) -> list[BackgroundImage]:
    out = []
    with Image.open(path) as im:
        im.load()
        mode = "RGBA" if "A" in im.getbands() or im.mode == "P" else "RGB"
        im = im.convert(mode)
        n = 0
        for row in range((h + TILE - 1) // TILE):
            for col in range((w + TILE - 1) // TILE):
                box = (col * TILE, row * TILE, min(w, (col + 1) * TILE), min(h, (row + 1) * TILE))
                tile = im.crop(box)
                out.append(
                    BackgroundImage(
                        first_id + n,
                        f"baseTiles/{col}_{row}.png",
                        "png",
                        _png_bytes(tile),
                        float(box[0]),
                        float(box[1]),
                        float(box[2] - box[0]),
                        float(box[3] - box[1]),
                    )
                )
                n += 1
    return out


# ---------------------------------------------------------------------------- export
class _Decoded:
    """A small LRU of decoded background images (bounded memory while rendering)."""

    def __init__(self, size: int = 12):
        self.size = size
        self.cache: OrderedDict[int, Image.Image] = OrderedDict()

    def get(self, bg: BackgroundImage) -> Image.Image | None:
        im = self.cache.get(bg.id)
        if im is not None:
            self.cache.move_to_end(bg.id)
            return im
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error", Image.DecompressionBombWarning)
                im = Image.open(io.BytesIO(bg.data))
                if im.size[0] * im.size[1] > MAX_FULL_PIXELS:
                    return None
                im = im.convert("RGBA")
        except Exception:  # noqa: BLE001 - a broken stored image is skipped, not fatal
            return None
        self.cache[bg.id] = im
        if len(self.cache) > self.size:
            self.cache.popitem(last=False)
        return im


_FILL = {"sea": (110, 155, 200), "lake": (120, 165, 210), "impassable": (150, 150, 150)}
_LAND = (230, 215, 180)


def _layer(bg: BackgroundImage, prefix: str) -> bool:
    return bg.name.startswith(prefix)


def render_tiles(
    m: Map,
    scale: float,
    width_px: int,
    height_px: int,
    layer: str = "base",
) -> Iterator[tuple[int, int, bytes]]:
    """(col, row, PNG bytes) of every 256-px tile of the exported map. ``layer`` "base"
    uses the background images (except relief tiles) or draws the zones; "relief" uses
    only images named ``reliefTiles/...``."""
    if layer == "relief":
        images = [bg for bg in m.images.values() if bg.visible and _layer(bg, "reliefTiles/")]
    else:
        images = [
            bg
            for bg in m.images.values()
            if bg.visible
            and bg.data
            and not _layer(bg, "reliefTiles/")
            and not _layer(bg, "flags/")
            and not _layer(bg, "units/")
        ]
    images.sort(key=lambda b: b.id)
    cols = (width_px + TILE - 1) // TILE
    rows = (height_px + TILE - 1) // TILE
    if not images and layer == "relief":
        return
    exact = {}
    if scale == 1.0:
        for bg in images:
            if (
                bg.x % TILE == 0
                and bg.y % TILE == 0
                # (a TripleA map's last column and row of tiles are often full 256-px
                # tiles reaching past the map's edge: written back as they are)
                and min(TILE, width_px - bg.x) <= bg.width <= TILE
                and min(TILE, height_px - bg.y) <= bg.height <= TILE
                and bg.opacity == 1.0
                and bg.format == "png"
            ):
                exact.setdefault((int(bg.x // TILE), int(bg.y // TILE)), []).append(bg)
    # a TripleA map's own tile set (every image is a whole tile at its grid place): the
    # tiles it leaves out (blank sea, TripleA draws nothing there) stay left out
    tile_set = bool(images) and sum(len(v) for v in exact.values()) == len(images)
    cache = _Decoded()
    zones = [z for z in m.zones.values() if z.geometry is not None]
    tree = shapely.STRtree([z.geometry for z in zones]) if zones and not images else None
    for row in range(rows):
        for col in range(cols):
            x0, y0 = col * TILE, row * TILE
            w, h = min(TILE, width_px - x0), min(TILE, height_px - y0)
            ex = exact.get((col, row))
            if images and ex and len(ex) == 1 and _only_image(images, ex[0], x0, y0, w, h, scale):
                yield col, row, ex[0].data
                continue
            if tile_set and not ex:
                continue
            tile = Image.new(
                "RGBA", (w, h), (0, 0, 0, 0) if layer == "relief" else (255, 255, 255, 255)
            )
            if images:
                for bg in images:
                    _paste(tile, bg, cache, x0, y0, scale)
            elif tree is not None:
                _draw_zones(tile, zones, tree, x0, y0, scale)
            out = tile if layer == "relief" else tile.convert("RGB")
            yield col, row, _png_bytes(out)


def _only_image(images, bg, x0, y0, w, h, scale) -> bool:
    for other in images:
        if other is bg:
            continue
        ox0, oy0 = other.x * scale, other.y * scale
        ox1, oy1 = ox0 + other.width * scale, oy0 + other.height * scale
        if ox0 < x0 + w and ox1 > x0 and oy0 < y0 + h and oy1 > y0:
            return False
    return True


def _paste(tile: Image.Image, bg: BackgroundImage, cache: _Decoded, x0, y0, scale) -> None:
    bx0, by0 = bg.x * scale, bg.y * scale
    bw, bh = bg.width * scale, bg.height * scale
    tw, th = tile.size
    if bx0 >= x0 + tw or by0 >= y0 + th or bx0 + bw <= x0 or by0 + bh <= y0 or bw <= 0 or bh <= 0:
        return
    im = cache.get(bg)
    if im is None:
        return
    sx, sy = im.size[0] / bw, im.size[1] / bh  # source pixels per output pixel
    ix0, iy0 = max(x0, bx0), max(y0, by0)
    ix1, iy1 = min(x0 + tw, bx0 + bw), min(y0 + th, by0 + bh)
    src = (
        (ix0 - bx0) * sx,
        (iy0 - by0) * sy,
        (ix1 - bx0) * sx,
        (iy1 - by0) * sy,
    )
    size = (max(1, round(ix1 - ix0)), max(1, round(iy1 - iy0)))
    part = im.resize(size, Image.Resampling.BILINEAR, box=src)
    if bg.opacity < 1.0:
        alpha = part.getchannel("A").point(lambda a: int(a * bg.opacity))
        part.putalpha(alpha)
    tile.alpha_composite(part, (round(ix0 - x0), round(iy0 - y0)))


def _draw_zones(tile: Image.Image, zones, tree, x0, y0, scale) -> None:
    tw, th = tile.size
    box = shapely.box(x0 / scale, y0 / scale, (x0 + tw) / scale, (y0 + th) / scale)
    idx = sorted(
        tree.query(box, predicate="intersects").tolist(),
        key=lambda i: (zones[i].kind not in ("sea", "lake"), zones[i].id),
    )
    draw = ImageDraw.Draw(tile)
    for i in idx:
        z = zones[i]
        fill = _FILL.get(z.kind, _LAND)
        for part in shapely.get_parts(z.geometry):
            if part.geom_type != "Polygon":
                continue
            pts = [(x * scale - x0, y * scale - y0) for x, y in part.exterior.coords]
            draw.polygon(pts, fill=fill, outline=(0, 0, 0))
            for hole in part.interiors:
                hp = [(x * scale - x0, y * scale - y0) for x, y in hole.coords]
                draw.polygon(hp, fill=None, outline=(0, 0, 0))


def small_map(tiles: list[tuple[int, int, bytes]], width_px: int, height_px: int, width: int = 250):
    """smallMap.jpeg bytes: the tiles scaled down to ``width`` pixels (one at a time)."""
    f = width / max(1, width_px)
    out = Image.new("RGB", (max(1, round(width_px * f)), max(1, round(height_px * f))), "white")
    for col, row, data in tiles:
        try:
            with Image.open(io.BytesIO(data)) as im:
                tw, th = im.size
                size = (max(1, round(tw * f)), max(1, round(th * f)))
                part = im.convert("RGB").resize(size, Image.Resampling.BILINEAR)
        except Exception:  # noqa: BLE001 - a broken tile leaves its part of the small map white
            continue
        out.paste(part, (round(col * TILE * f), round(row * TILE * f)))
    buf = io.BytesIO()
    out.save(buf, "JPEG", quality=85)
    return buf.getvalue()


def flag_png(colour: str, size: tuple[int, int] = (32, 24)) -> bytes:
    """A plain flag: the nation's colour with a dark edge."""
    try:
        rgb = tuple(int(colour.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        rgb = (136, 136, 136)
    im = Image.new("RGB", size, rgb)
    ImageDraw.Draw(im).rectangle((0, 0, size[0] - 1, size[1] - 1), outline=(30, 30, 30))
    return _png_bytes(im)
