"""Hex maps (issue #28): the user's path for a world grid of Hitler's Global War size,
48 x 112 hexes (rows 1-48, columns 1-112, wrapping at 112) over the bundled Natural
Earth land: ``warroom new-hex`` (read the GeoJSON, classify, write the pack) and
``warroom validate`` of the fresh pack, each run through the CLI's ``main`` in this
process; plus the generator and the validator on their own (best of 3)."""

from __future__ import annotations

import contextlib
import io
import tempfile
import time
from pathlib import Path

ARGS = ["--rows", "1-48", "--cols", "1-112", "--size", "10", "--wrap-cols", "112"]
FIT = "--lon-lat-fit=-180,-70,180,80"


def _cli(*argv: str) -> tuple[int, float]:
    from gamecore.cli import main

    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = main(list(argv))
    return code, time.perf_counter() - start


def run() -> dict:
    import shapely

    from gamecore.geometry import HexLayout, hex_layout_map
    from gamecore.model import Pack
    from gamecore.paths import resource
    from gamecore.validate import validate

    world = str(resource("geodata", "ne_110m_countries.geojson"))
    new_s, validate_s, codes = [], [], set()
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "world.warroom")
        for _ in range(3):
            code, t = _cli("new-hex", path, *ARGS, "--land", world, FIT, "--force")
            codes.add(code)
            new_s.append(t)
            code, t = _cli("validate", path)
            codes.add(code)
            validate_s.append(t)
        size = Path(path).stat().st_size
    # the generator and the validator alone, on a land geometry already read
    from gamecore.commands.new_hex import _land

    layout = HexLayout((1, 48), (1, 112), 10.0, wrap_cols=112)
    land = _land(world, FIT[len("--lon-lat-fit=") :], layout.bounds())
    gen_s, val_s = [], []
    for _ in range(3):
        start = time.perf_counter()
        m = hex_layout_map(layout, land=land)
        gen_s.append(time.perf_counter() - start)
        start = time.perf_counter()
        report = validate(Pack(map=m))
        val_s.append(time.perf_counter() - start)
    zones = m.zones.values()
    return {
        "hexes": len(m.zones),
        "land_hexes": sum(z.kind == "land" for z in zones),
        "coastal_hexes": sum("coastal" in z.flags for z in zones),
        "sea_hexes": sum(z.kind == "sea" for z in zones),
        "wrap_links": len(m.links),
        "all_sea_hexsides": sum(b.props.get("all_sea") is True for b in m.borders.values()),
        "cli_exit_codes": sorted(codes),
        "cli_new_hex_best_s": round(min(new_s), 3),
        "cli_validate_best_s": round(min(validate_s), 3),
        "pack_bytes": size,
        "generate_best_s": round(min(gen_s), 3),
        "validate_best_s": round(min(val_s), 3),
        "issues": report.counts,
        "coverage_valid": bool(shapely.coverage_is_valid([z.geometry for z in zones])),
    }
