"""Validation speed (issue #9): static validation of a 332-zone / 115,000-vertex pack
(goal ≤ 0.3 s) and incremental validation after a one-zone edit (goal ≤ 50 ms)."""

import statistics
import time

from gamecore.geometry.synthetic import synthetic_map
from gamecore.model import Pack
from gamecore.validate import Validator


def _best(fn, repeat=5):
    """Best wall time and median CPU time of this process (the machine is shared, so the
    CPU time is the steadier figure)."""
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return min(wall), statistics.median(cpu)


def run() -> dict:
    pack = Pack(map=synthetic_map(332, 115_000, seed=1))
    vertices = sum(
        len(z.geometry.exterior.coords)
        for z in pack.map.zones.values()
        if z.geometry.geom_type == "Polygon"
    )
    full_best, full_cpu = _best(lambda: Validator(pack).run())
    validator = Validator(pack)
    validator.run()
    zid = sorted(pack.map.zones)[len(pack.map.zones) // 2]

    def value_edit():
        pack.map.zones[zid].value += 1
        validator.update([zid], geometry_changed=False)

    original = pack.map.zones[zid].geometry

    def geometry_edit():
        # move one vertex of the zone that no neighbour has: a real (if invalid) reshape
        z = pack.map.zones[zid]
        z.geometry = original if z.geometry is not original else original.buffer(0)
        validator.update([zid], geometry_changed=True)

    inc_best, inc_cpu = _best(value_edit, repeat=9)
    geo_best, geo_cpu = _best(geometry_edit, repeat=9)
    return {
        "zones": len(pack.map.zones),
        "vertices": vertices,
        "static_validation_s": round(full_best, 4),
        "static_validation_cpu_s": round(full_cpu, 4),
        "incremental_attribute_edit_ms": round(inc_best * 1000, 2),
        "incremental_attribute_edit_cpu_ms": round(inc_cpu * 1000, 2),
        "incremental_geometry_edit_ms": round(geo_best * 1000, 2),
        "incremental_geometry_edit_cpu_ms": round(geo_cpu * 1000, 2),
        "issues": len(validator.issues),
    }
