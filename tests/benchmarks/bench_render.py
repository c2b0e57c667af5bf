"""Board renders (issue #35), figures as JSON (``make bench NAME=render``):

- ``sample_pdf_6_sheets_s``: the bundled sample (world-1939) to a 3 x 2 sheet A4 PDF with
  marks and the assembly page, scene built included; goal <= 3 s.
- ``sample_png_300dpi_s``: the whole sample at the 3 x 2 sheet scale as a 300-dpi PNG;
  goal <= 10 s (its size in ``sample_png_px``).
- ``sample_svg_s``: the same board as one SVG.
- ``big_10k_peak_mb``: peak memory (max RSS) of ``warroom render`` drawing a synthetic
  10,000-zone pack to a 6-sheet PDF, in a process of its own; goal <= 1024 MB
  (``big_10k_pdf_s`` its wall time, ``big_10k_png_peak_mb`` the same for a 150-dpi PNG).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gamecore.paths import resource

GOALS = {"sample_pdf_6_sheets_s": 3.0, "sample_png_300dpi_s": 10.0, "big_10k_peak_mb": 1024}
BIG_ZONES, BIG_VERTICES = 10_000, 400_000


def _opts(out: str, **kw):
    from editor.export.options import RenderOptions

    fmt = out.rsplit(".", 1)[1]
    return RenderOptions(out=out, fmt=fmt, sheets=(3, 2), marks=True, **kw)


def _timed(fn) -> tuple[float, object]:
    t = time.perf_counter()
    value = fn()
    return time.perf_counter() - t, value


def _cpu(fn) -> float:
    """CPU seconds of ``fn`` (this process): the figure that load on the machine leaves
    alone; the wall figures beside it are what a user waits."""
    t = time.process_time()
    fn()
    return time.process_time() - t


def _big_pack(path: Path) -> None:
    from gamecore.geometry.synthetic import synthetic_map
    from gamecore.model import Nation, Ownership, Pack, Scenario, UnitStack
    from gamecore.store import write_pack

    pack = Pack(map=synthetic_map(BIG_ZONES, BIG_VERTICES, seed=3))
    ids = ["GER", "ITA", "JAP", "UK", "USA", "USSR", "FRA", "CHN"]
    for i, nid in enumerate(ids):
        pack.nations[nid] = Nation(nid, nid.title(), f"#{(i * 37) % 256:02x}70b0")
    s = Scenario("1939", "Synthetic 1939", turn_order=[[n] for n in ids])
    land = [z.id for z in pack.map.zones.values() if z.kind == "land"]
    for zid in land:
        s.ownership[zid] = Ownership(ids[zid % len(ids)], ids[zid % len(ids)])
    for i, zid in enumerate(land[::3]):
        s.units.append(UnitStack(zid, ids[i % len(ids)], "infantry", 1 + i % 4))
    pack.scenarios[s.id] = s
    write_pack(pack, path)


def _child_peak_mb(argv: list[str]) -> tuple[float, float, float]:
    """(wall s, CPU s, max RSS MB) of ``argv`` run in a process of its own."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    t = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    err = proc.stderr.read().decode() if proc.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{argv}: {err.strip()}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # Linux: kB


def run() -> dict:
    from editor.export.render import render_pack

    sample = str(resource("samples", "world-1939.warroom"))
    out: dict = {}
    with tempfile.TemporaryDirectory(prefix="warroom-bench-render-") as tmp:
        pdf = os.path.join(tmp, "sample.pdf")
        render_pack(sample, _opts(pdf))  # warm: fonts, Qt start
        runs = [_timed(lambda: render_pack(sample, _opts(pdf)))[0] for _ in range(3)]
        out["sample_pdf_6_sheets_s"] = round(min(runs), 3)
        out["sample_pdf_6_sheets_cpu_s"] = round(_cpu(lambda: render_pack(sample, _opts(pdf))), 3)
        out["sample_pdf_pages"] = render_pack(sample, _opts(pdf))["pages"]
        out["sample_pdf_kb"] = round(os.path.getsize(pdf) / 1024)
        png = os.path.join(tmp, "sample.png")
        t, info = _timed(lambda: render_pack(sample, _opts(png, dpi=300.0)))
        out["sample_png_300dpi_s"] = round(t, 3)
        out["sample_png_px"] = f"{info['width']}x{info['height']}"
        out["sample_png_300dpi_cpu_s"] = round(
            _cpu(lambda: render_pack(sample, _opts(png, dpi=300.0))), 3
        )
        svg = os.path.join(tmp, "sample.svg")
        out["sample_svg_s"] = round(_timed(lambda: render_pack(sample, _opts(svg)))[0], 3)
        big = Path(tmp) / "big.warroom"
        t, _ = _timed(lambda: _big_pack(big))
        out["big_10k_build_s"] = round(t, 1)
        cmd = [sys.executable, "-m", "editor.cli", "render", str(big), "--sheets", "3x2"]
        wall, cpu, peak = _child_peak_mb([*cmd, "--marks", "-o", os.path.join(tmp, "big.pdf")])
        out["big_10k_pdf_s"] = round(wall, 2)
        out["big_10k_pdf_cpu_s"] = round(cpu, 2)
        out["big_10k_peak_mb"] = round(peak)
        wall, cpu, peak = _child_peak_mb([*cmd, "--dpi", "150", "-o", os.path.join(tmp, "big.png")])
        out["big_10k_png_s"] = round(wall, 2)
        out["big_10k_png_cpu_s"] = round(cpu, 2)
        out["big_10k_png_peak_mb"] = round(peak)
    out["goals"] = GOALS
    out["load_1min"] = round(os.getloadavg()[0], 2)
    return out
