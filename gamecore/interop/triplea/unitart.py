"""Unit art for a TripleA export (issue #35, item 3).

TripleA draws a unit from ``units/<player>/<unit>.png`` in the map folder. For every
player and unit type an export writes one, drawn like the editor's unit chip
(:mod:`gamecore.chips`): the nation's colour, a dark rim, the unit's abbreviation. Art a
TripleA map folder brought along (``units/...`` images an import recorded in the pack)
is written back as it was and is not drawn over.

Names from a pack are untrusted: a stored image whose name would leave ``units/`` or
``flags/``, or a nation or unit type whose id is a path (``../x``), is refused with one
line (:class:`UnsafePathError`, exit 2) before anything is written.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from gamecore import safepath
from gamecore.chips import CHIP_H, CHIP_PX, CHIP_RADIUS, CHIP_RIM, text_colour_on, unit_abbrev
from gamecore.errors import UnsafePathError

__all__ = ["UNIT_SIZE", "check_names", "is_generated", "stored_art", "unit_images", "unit_png"]

#: TripleA's unit image size (px)
UNIT_SIZE = 48
#: drawn this many times larger, then scaled down (smooth edges)
_SUPER = 4
#: the folders of a map that stored art may be written to
ART_FOLDERS = ("flags", "units")


def _rgb(colour: str) -> tuple[int, int, int]:
    try:
        text = colour.lstrip("#")
        if len(text) != 6:
            raise ValueError(colour)
        return tuple(int(text[i : i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]
    except (ValueError, AttributeError):
        return (136, 136, 136)


@lru_cache(maxsize=8)
def _font(px: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=px)


def unit_png(unit_type: str, colour: str, size: int = UNIT_SIZE) -> bytes:
    """A ``size``-px PNG of a unit chip: ``colour`` fill, dark rim, the unit's
    abbreviation in a colour that reads on the fill; transparent around it."""
    s = size * _SUPER
    k = s / 48.0  # the chip's proportions are the editor's (16 px high) at 48 px wide
    rgb = _rgb(colour)
    fill = "#{:02x}{:02x}{:02x}".format(*rgb)
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    h = CHIP_H * 1.6 * k
    top = (s - h) / 2
    rim = max(1, round(1.2 * k))
    box = (round(2 * k), round(top), s - round(2 * k) - 1, round(top + h))
    d.rounded_rectangle(
        box, radius=round(CHIP_RADIUS * 1.6 * k), fill=fill, outline=CHIP_RIM, width=rim
    )
    text = unit_abbrev(unit_type)
    px = round(CHIP_PX * 1.6 * k)
    width = box[2] - box[0] - 4 * rim
    while px > 4 * _SUPER and d.textlength(text, font=_font(px)) > width:
        px -= _SUPER
    cx, cy = s / 2, (box[1] + box[3]) / 2
    d.text((cx, cy), text, fill=text_colour_on(fill), font=_font(px), anchor="mm")
    out = im.resize((size, size), Image.Resampling.LANCZOS)
    buf = io.BytesIO()
    out.save(buf, "PNG", optimize=False)
    return buf.getvalue()


def _safe_id(value: str, what: str) -> None:
    bad = not value or "/" in value or "\\" in value or "\x00" in value
    if bad or value.strip(".") == "":
        raise UnsafePathError(f"{what} {value!r} cannot name a file of the map folder")


def check_names(nations: Iterable[str], unit_types: Iterable[str]) -> None:
    """Refuse a nation or unit type id that is a path rather than a name (``../x``,
    ``a/b``, ``..``): its art would be written outside ``units/``."""
    for n in nations:
        _safe_id(n, "nation")
    for u in unit_types:
        _safe_id(u, "unit type")


def stored_art(images: Iterable) -> list[tuple[list[str], bytes]]:
    """The art a pack keeps for its map folder (images named ``flags/...`` or
    ``units/...``) as (path parts, data), every path checked to stay in its folder."""
    out = []
    for bg in sorted(images, key=lambda b: b.id):
        head = bg.name.split("/", 1)[0]
        if head not in ART_FOLDERS:
            continue
        try:
            parts = safepath.relative_parts(bg.name, f"image {bg.id}")
        except UnsafePathError as err:
            raise UnsafePathError(f"stored art {err.message}") from None
        if parts[0] != head or len(parts) < 2:
            raise UnsafePathError(f"stored art: image {bg.id} {bg.name!r} is not a file in {head}/")
        out.append((parts, bytes(bg.data)))
    return out


def unit_images(
    players: Mapping[str, str], unit_types: Iterable[str], have: set[str]
) -> Iterator[tuple[list[str], bytes]]:
    """(path parts, PNG) of ``units/<player>/<unit>.png`` for every player (name →
    colour) and unit type not in ``have`` (relative names already written)."""
    units = list(unit_types)
    for player, colour in players.items():
        for u in units:
            parts = ["units", player, f"{u}.png"]
            if "/".join(parts) not in have:
                yield parts, unit_png(u, colour)


def is_generated(rel: str, data: bytes, colours: Mapping[str, str]) -> bool:
    """Whether ``units/<player>/<unit>.png`` holds exactly the chip an export draws for
    that player's colour (``colours``: player → colour): it is drawn again on the next
    export, so an import need not keep it."""
    parts = rel.split("/")
    if len(parts) != 3 or parts[0] != "units" or not parts[2].endswith(".png"):
        return False
    colour = colours.get(parts[1])
    return colour is not None and data == unit_png(parts[2][: -len(".png")], colour)
