"""Where the board falls on the sheets: the scale, the orientation, and the part of the
map each sheet prints (pure arithmetic in mm and map units; no Qt)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from editor.export.options import MARGIN_MM, MAX_SHEETS, RenderOptions
from gamecore.errors import WarroomError

Rect = tuple[float, float, float, float]  # x, y, w, h


@dataclass(frozen=True)
class Sheet:
    col: int
    row: int
    #: the part of the map it prints (map units)
    source: Rect

    @property
    def name(self) -> str:
        """Spreadsheet style: columns A, B, …; rows 1, 2, … ("B2")."""
        return f"{_letters(self.col)}{self.row + 1}"


@dataclass(frozen=True)
class Layout:
    page: tuple[float, float]  # mm, as printed (landscape when wider)
    margin: float  # mm
    cols: int
    rows: int
    scale: float  # mm per map unit
    overlap: float  # mm
    frame: Rect  # the map (map units)
    origin: tuple[float, float]  # map point at the first sheet's top-left corner

    @property
    def inner(self) -> tuple[float, float]:
        return self.page[0] - 2 * self.margin, self.page[1] - 2 * self.margin

    @property
    def step(self) -> tuple[float, float]:
        w, h = self.inner
        return w - self.overlap, h - self.overlap

    def sheets(self) -> list[Sheet]:
        w, h = self.inner
        sw, sh = self.step
        s = self.scale
        return [
            Sheet(c, r, (self.origin[0] + c * sw / s, self.origin[1] + r * sh / s, w / s, h / s))
            for r in range(self.rows)
            for c in range(self.cols)
        ]

    @property
    def board_mm(self) -> tuple[float, float]:
        """The whole map at this scale (mm)."""
        return self.frame[2] * self.scale, self.frame[3] * self.scale


def _letters(i: int) -> str:
    out = ""
    i += 1
    while i:
        i, rem = divmod(i - 1, 26)
        out = chr(65 + rem) + out
    return out


def _count(length_mm: float, inner: float, overlap: float) -> int:
    step = inner - overlap
    return max(1, math.ceil((length_mm - overlap) / step - 1e-9))


def plan(frame: Rect, opts: RenderOptions) -> Layout:
    """The layout for ``frame`` (the map's extent): ``opts.scale`` fixed (the orientation
    needing fewer sheets), or the largest scale that fits ``opts.sheets`` (the orientation
    giving it)."""
    fw, fh = max(frame[2], 1e-9), max(frame[3], 1e-9)
    pw, ph = opts.paper
    margin = MARGIN_MM
    ov = opts.overlap
    best: tuple | None = None
    for page in ((max(pw, ph), min(pw, ph)), (min(pw, ph), max(pw, ph))):
        iw, ih = page[0] - 2 * margin, page[1] - 2 * margin
        if opts.scale is not None:
            s = opts.scale
            cols, rows = _count(fw * s, iw, ov), _count(fh * s, ih, ov)
            key = (cols * rows, 0)
        else:
            cols, rows = opts.sheets
            s = min((cols * (iw - ov) + ov) / fw, (rows * (ih - ov) + ov) / fh)
            key = (0, -s)
        if best is None or key < best[0]:
            best = (key, page, cols, rows, s)
    assert best is not None
    _key, page, cols, rows, s = best
    if opts.fmt == "pdf" and cols * rows > MAX_SHEETS:
        raise WarroomError(
            f"--scale {s:g} needs {cols}x{rows} sheets of {opts.paper_name}, over "
            f"{MAX_SHEETS}: lower the scale or use --sheets"
        )
    iw, ih = page[0] - 2 * margin, page[1] - 2 * margin
    covered_w = (cols * (iw - ov) + ov) / s
    covered_h = (rows * (ih - ov) + ov) / s
    origin = (frame[0] - (covered_w - fw) / 2, frame[1] - (covered_h - fh) / 2)
    return Layout(page, margin, cols, rows, s, ov, frame, origin)
