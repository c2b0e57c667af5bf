"""GeoJSON import speed (goal: Natural Earth 1:110m countries, Robinson, 4000 px wide,
<= 2 s; wall-clock and this process's CPU time) and the time to build the bundled "World 1939" sample (goal: about 20 s)."""

from __future__ import annotations

import time


def _import_world() -> tuple[float, float, dict]:
    from gamecore.interop.geojson import ImportOptions, import_geojson
    from gamecore.paths import resource

    start, cpu = time.perf_counter(), time.process_time()
    _pack, rep = import_geojson(
        resource("geodata", "ne_110m_countries.geojson"),
        ImportOptions(projection="robinson", width=4000.0),
    )
    return time.perf_counter() - start, time.process_time() - cpu, rep.as_dict()


def run() -> dict:
    import shapely

    from tools.sample_world import build as sample_world

    _import_world()  # warm up: imports, pyproj database
    times, cpus, rep = [], [], {}
    for _ in range(3):
        t, cpu, rep = _import_world()
        times.append(t)
        cpus.append(cpu)
    start = time.perf_counter()
    pack = sample_world.build_sample()
    sample_s = time.perf_counter() - start
    geoms = [z.geometry for z in pack.map.zones.values()]
    return {
        "import_robinson_4000_best_s": round(min(times), 3),
        "import_robinson_4000_median_s": round(sorted(times)[1], 3),
        # CPU time of this process: less sensitive to other work on a shared machine
        "import_robinson_4000_cpu_best_s": round(min(cpus), 3),
        "import_stages_s": rep["seconds"],
        "import_land_zones": rep["land_zones"],
        "import_sea_zones": rep["sea_zones"],
        "sample_build_s": round(sample_s, 3),
        "sample_zones": len(geoms),
        "sample_coverage_valid": bool(shapely.coverage_is_valid(geoms)),
    }
