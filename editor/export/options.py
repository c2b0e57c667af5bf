"""What a board render is asked for, checked before anything is drawn (no Qt here).

``warroom render`` and File › Export › Board both end in a :class:`RenderOptions`;
:func:`options_from_args` turns the command's arguments into one or raises
:class:`gamecore.errors.WarroomError` with a one-line message (exit 2)."""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass

from gamecore.errors import WarroomError

#: paper name -> (width, height) in mm, portrait
PAPERS: dict[str, tuple[float, float]] = {
    "A4": (210.0, 297.0),
    "A3": (297.0, 420.0),
    "Letter": (215.9, 279.4),
    "Tabloid": (279.4, 431.8),
}
FORMATS = ("pdf", "svg", "png")
MODES = ("political", "terrain", "value", "region", "issues", "heatmap")
LABELS = ("names", "ids", "both", "none")
#: most pixels a PNG may have (4 bytes each: 400 MB)
MAX_PIXELS = 100_000_000
MAX_SHEETS = 400
MARGIN_MM = 10.0
#: the symbols' unit: a pixel of 1/96 inch on every output
SYMBOL_DPI = 96.0


@dataclass
class RenderOptions:
    out: str
    fmt: str = "pdf"
    mode: str = "political"
    scenario: str | None = None
    paper: tuple[float, float] = PAPERS["A4"]
    paper_name: str = "A4"
    #: mm per map unit; None: fit to ``sheets``
    scale: float | None = None
    sheets: tuple[int, int] = (1, 1)
    overlap: float = 10.0
    marks: bool = False
    units: bool = True
    labels: str = "names"
    dpi: float = 150.0
    #: print-and-play pages (counters, set-up charts, tracks) after the map (PDF)
    kit: bool = False
    counter_mm: float = 16.0


def parse_paper(text: str) -> tuple[str, tuple[float, float]]:
    """``A4`` (any case) or ``custom WxH`` / ``WxH`` in mm."""
    t = text.strip()
    for name, size in PAPERS.items():
        if t.lower() == name.lower():
            return name, size
    m = re.fullmatch(r"(?:custom\s*)?(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?", t, re.I)
    if m:
        w, h = float(m.group(1)), float(m.group(2))
        if not (50 <= w <= 2000 and 50 <= h <= 2000):
            raise WarroomError(f"paper {w:g}x{h:g} mm: each side must be 50 to 2000 mm")
        return f"{w:g}x{h:g}mm", (min(w, h), max(w, h))
    known = ", ".join(PAPERS)
    raise WarroomError(f"unknown paper size {text!r} (known: {known}, or custom WxH in mm)")


def parse_sheets(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*[x×]\s*(\d+)\s*", text or "")
    if not m:
        raise WarroomError(f"--sheets {text!r}: give columns x rows, e.g. 3x2")
    c, r = int(m.group(1)), int(m.group(2))
    if c < 1 or r < 1 or c * r > MAX_SHEETS:
        raise WarroomError(f"--sheets {text}: 1 to {MAX_SHEETS} sheets")
    return c, r


def check_output(path: str) -> str:
    """The output's format from its suffix; one line when the folder cannot take it."""
    fmt = os.path.splitext(path)[1].lower().lstrip(".")
    if fmt not in FORMATS:
        raise WarroomError(f"{path}: the output must end in .pdf, .svg or .png")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise WarroomError(f"{path}: no folder {folder}")
    if os.path.isdir(path):
        raise WarroomError(f"{path}: is a folder")
    target = path if os.path.exists(path) else folder
    if not os.access(target, os.W_OK):
        raise WarroomError(f"{path}: cannot write there")
    return fmt


def pixel_size(width_mm: float, height_mm: float, dpi: float) -> tuple[int, int]:
    return (
        max(1, math.ceil(width_mm / 25.4 * dpi)),
        max(1, math.ceil(height_mm / 25.4 * dpi)),
    )


def check_pixels(width_mm: float, height_mm: float, dpi: float) -> None:
    w, h = pixel_size(width_mm, height_mm, dpi)
    if w * h > MAX_PIXELS:
        raise WarroomError(
            f"{dpi:g} dpi makes a {w}x{h} image ({w * h / 1e6:.0f} Mpx), over the "
            f"{MAX_PIXELS / 1e6:.0f} Mpx limit: lower --dpi or --scale"
        )


def options_from_args(args) -> RenderOptions:
    """Check ``warroom render``'s arguments (everything but the pack itself): one line
    and exit 2 for an unknown paper, mode or label choice, a bad number, an output that
    cannot be written. The pixel limit and the scenario need the pack and are checked
    by :func:`editor.export.render.render_pack`."""
    fmt = check_output(args.out)
    name, paper = parse_paper(args.paper)
    mode = args.mode
    if mode not in MODES:
        raise WarroomError(f"unknown map mode {mode!r} (known: {', '.join(MODES)})")
    if args.scale is not None and not (1e-6 <= args.scale <= 1e4):
        raise WarroomError(f"--scale {args.scale:g}: mm per map unit must be above 0")
    if not (10 <= args.dpi <= 2400):
        raise WarroomError(f"--dpi {args.dpi:g}: 10 to 2400")
    if not (0 <= args.overlap <= min(paper) / 3):
        raise WarroomError(f"--overlap {args.overlap:g}: 0 to {min(paper) / 3:.0f} mm")
    if args.labels not in LABELS:
        raise WarroomError(f"--labels {args.labels!r}: one of {', '.join(LABELS)}")
    if args.counter not in (16, 20):
        raise WarroomError(f"--counter {args.counter}: 16 or 20 (mm)")
    return RenderOptions(
        out=args.out,
        fmt=fmt,
        mode=mode,
        scenario=args.scenario,
        paper=paper,
        paper_name=name,
        scale=args.scale,
        sheets=parse_sheets(args.sheets),
        overlap=float(args.overlap),
        marks=bool(args.marks),
        units=not args.no_units,
        labels=args.labels,
        dpi=float(args.dpi),
        kit=bool(args.kit),
        counter_mm=float(args.counter),
    )
