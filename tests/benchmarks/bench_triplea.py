"""TripleA import of a real map (Global 1940, 333 territories) when ``TRIPLEA_MAPS`` points
at a folder of TripleA map folders holding ``world_war_ii_global``, and of a synthetic
traced map: 332 territories, ~115,000 polygon points.

Real map: the import a user runs (``warroom import triplea``: map.yml, the game XML,
polygons and point files, cleaning into a coverage, adjacency, base tiles and flags),
timed without and with the images; goal (issue #19) ≤ 3 s.

The map folder is generated from :func:`gamecore.geometry.synthetic_coverage`: every cell
is shrunk by one pixel and rounded to whole pixels, so neighbours are separated by a
2-px gap as in a map traced from a border image; about 30% of the territories are water;
the XML connects the territories that share a border. Goal (issue #12): import ≤ 3 s.
Also timed: export of the imported pack (without tiles) and re-import of that export.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
import shapely

N_ZONES = 332
TARGET_POINTS = 115_000
W, H = 4000, 2000


def write_map(folder: Path, seed: int = 7) -> int:
    from gamecore.geometry import compute_adjacency, synthetic_coverage

    cov = synthetic_coverage(N_ZONES, int(TARGET_POINTS * 1.1), seed=seed, width=W, height=H)
    ids = sorted(cov)
    arr = np.array([cov[i] for i in ids], dtype=object)
    traced = shapely.buffer(arr, -1.0, join_style="mitre")
    traced = shapely.transform(traced, np.round)
    cx = shapely.get_coordinates(shapely.centroid(arr))[:, 0]
    water = set(np.array(ids)[np.argsort(cx)[: int(0.3 * N_ZONES)]].tolist())
    names = {i: (f"Sea Zone {i}" if i in water else f"Land {i}") for i in ids}
    content = folder / "map"
    (content / "games").mkdir(parents=True)
    lines, points = [], 0
    for i, g in zip(ids, traced, strict=True):
        rings = []
        for part in shapely.get_parts(g):
            xy = np.asarray(part.exterior.coords)[:-1].astype(int)
            points += len(xy)
            rings.append(" <  " + " ".join(f"({x},{y})" for x, y in xy.tolist()) + " > ")
        lines.append(names[i] + " " + "".join(rings))
    (content / "polygons.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    centers = shapely.get_coordinates(shapely.point_on_surface(traced))
    (content / "centers.txt").write_text(
        "".join(
            f"{names[i]}  ({int(x)},{int(y)})\n" for i, (x, y) in zip(ids, centers, strict=True)
        ),
        encoding="utf-8",
    )
    (content / "map.properties").write_text(
        f"map.width={W}\nmap.height={H}\nmap.scrollWrapX=false\n", encoding="utf-8"
    )
    pairs = sorted(compute_adjacency(cov))
    wet = ' water="true"'
    terr = "".join(f'<territory name="{names[i]}"{wet if i in water else ""}/>' for i in ids)
    conn = "".join(f'<connection t1="{names[a]}" t2="{names[b]}"/>' for a, b in pairs)
    land = [i for i in ids if i not in water]
    owners = "".join(
        f'<territoryOwner territory="{names[i]}" owner="{"Reds" if k % 2 else "Blues"}"/>'
        for k, i in enumerate(land)
    )
    xml = f"""<?xml version="1.0"?><!DOCTYPE game SYSTEM "game.dtd"><game>
<info name="Bench" version="1"/><loader javaClass="games.strategy.triplea.TripleA"/>
<map>{terr}{conn}</map><resourceList><resource name="PUs"/></resourceList>
<playerList><player name="Reds"/><player name="Blues"/></playerList>
<unitList><unit name="infantry"/></unitList>
<gamePlay><delegate name="move" javaClass="games.strategy.triplea.delegate.MoveDelegate"/>
<sequence><step name="redsMove" delegate="move" player="Reds"/>
<step name="bluesMove" delegate="move" player="Blues"/></sequence></gamePlay>
<attachmentList><attachment name="unitAttachment" attachTo="infantry"
 javaClass="games.strategy.triplea.attachments.UnitAttachment" type="unitType">
<option name="movement" value="1"/><option name="attack" value="1"/>
<option name="defense" value="2"/></attachment></attachmentList>
<initialize><ownerInitialize>{owners}</ownerInitialize></initialize></game>"""
    (content / "games" / "bench.xml").write_text(xml, encoding="utf-8")
    (folder / "map.yml").write_text(
        "map_name: Bench\nversion: 1\ngames:\n  - game_name: Bench\n    file_name: bench.xml\n",
        encoding="utf-8",
    )
    return points


REAL_MAP = "world_war_ii_global"
REAL_GAME = "ww2global40_2nd_edition.xml"


def run_real() -> dict | None:
    """Import of Global 1940 from TRIPLEA_MAPS (None when it is not there)."""
    import os

    from gamecore.interop.triplea import ImportOptions, import_triplea
    from gamecore.validate import validate

    root = os.environ.get("TRIPLEA_MAPS")
    folder = Path(root) / REAL_MAP if root else None
    if folder is None or not (folder / "map").is_dir():
        return None
    out: dict = {"map": REAL_MAP, "game": REAL_GAME, "import_goal_s": 3.0}
    for images in (False, True):
        t0, c0 = time.perf_counter(), time.process_time()
        pack, report = import_triplea(folder, ImportOptions(game=REAL_GAME, images=images))
        key = "import_s" if images else "import_no_images_s"
        out[key] = round(time.perf_counter() - t0, 3)
        out[key.replace("_s", "_cpu_s")] = round(time.process_time() - c0, 3)
    out["territories"] = len(pack.map.zones)
    out["images"] = report.images
    issues = validate(pack).issues
    out["geometry_errors"] = sum(
        1 for i in issues if i.severity == "error" and i.code.startswith("MAP")
    )
    out["adjacency_equal_to_xml"] = report.adjacency_equal
    return out


def run() -> dict:
    from gamecore.interop.triplea import (
        ExportOptions,
        ImportOptions,
        export_triplea,
        import_triplea,
    )

    real = run_real()
    synthetic = run_synthetic(ExportOptions, ImportOptions, export_triplea, import_triplea)
    if real is None:
        return {**synthetic, "real_map": "TRIPLEA_MAPS not set (or no world_war_ii_global)"}
    return {"real_map": real, "synthetic": synthetic}


def run_synthetic(ExportOptions, ImportOptions, export_triplea, import_triplea) -> dict:  # noqa: N803

    tmp = Path(tempfile.mkdtemp(prefix="bench_triplea_"))
    try:
        points = write_map(tmp / "src")
        stages: dict[str, float] = {}
        last = [time.perf_counter(), "start"]

        def progress(stage: str, _frac: float) -> None:
            now = time.perf_counter()
            stages[last[1]] = stages.get(last[1], 0.0) + now - last[0]
            last[0], last[1] = now, stage

        t0, c0 = time.perf_counter(), time.process_time()
        pack, report = import_triplea(tmp / "src", ImportOptions(images=False, progress=progress))
        t_import = time.perf_counter() - t0
        c_import = time.process_time() - c0
        t0 = time.perf_counter()
        export_triplea(pack, tmp / "out", ExportOptions(tiles=False))
        t_export = time.perf_counter() - t0
        t0 = time.perf_counter()
        again, _report2 = import_triplea(tmp / "out", ImportOptions(images=False))
        t_reimport = time.perf_counter() - t0
        from gamecore.store.diff import diff_packs

        same = not diff_packs(pack, again)
        return {
            "territories": len(pack.map.zones),
            "polygon_points": points,
            "import_s": round(t_import, 3),
            "import_cpu_s": round(c_import, 3),
            "import_goal_s": 3.0,
            "import_stages_s": {k: round(v, 3) for k, v in stages.items()},
            "geometry_changes": report.geometry,
            "adjacency_equal_to_xml": report.adjacency_equal,
            "links_added": len(report.links_added),
            "overrides_added": len(report.overrides_added),
            "export_no_tiles_s": round(t_export, 3),
            "reimport_exact_s": round(t_reimport, 3),
            "round_trip_no_diff": same,
        }
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":  # pragma: no cover
    import json

    print(json.dumps(run(), indent=2))
