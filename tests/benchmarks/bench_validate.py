"""Validation speed (issue #9): static validation of a 332-zone / 115,000-vertex pack
(goal ≤ 0.3 s) and incremental validation after a one-zone edit (goal ≤ 50 ms); and
(#39) `warroom validate` of the sample with 100,000 unit-stack slots in one zone, as a
user runs it (goal ≤ 10 s and ≤ 500 MB)."""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gamecore.geometry.synthetic import synthetic_map
from gamecore.model import Pack
from gamecore.paths import sample_pack
from gamecore.store.packfile import read_pack, write_pack
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


#: `warroom validate` in a child that reports its own peak memory (kB) on stderr
_CHILD = (
    "import resource, sys; from editor.cli import main; rc = main(sys.argv[1:]); "
    "print('PEAK', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr); "
    "sys.exit(rc)"
)


def _validate(path: Path, *flags: str) -> tuple[float, float, int, str]:
    start = time.perf_counter()
    r = subprocess.run(
        [sys.executable, "-c", _CHILD, "validate", str(path), *flags],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    wall = time.perf_counter() - start
    peak = [line for line in r.stderr.splitlines() if line.startswith("PEAK ")]
    mb = int(peak[-1].split()[1]) / 1024 if peak else float("nan")
    return wall, mb, r.returncode, r.stdout


def crowded_slots_validate() -> dict:
    """`warroom validate` (full, then --quick) on the sample with 100,000 slots in one
    zone (ATT005 compared every pair of them before #39), beside the plain sample in the
    same sitting: the difference is what the slots cost. The full run's time is mostly
    the dynamic checks' smoke playtests of the sample's four scenarios."""
    pack = read_pack(sample_pack())
    zid = sorted(z for z in pack.map.zones if pack.map.zones[z].kind == "land")[0]
    c = pack.map.zones[zid].geometry.representative_point()
    pack.map.zones[zid].slots = [
        (c.x + (i % 300) * 1e-3, c.y + (i // 300) * 1e-3) for i in range(100_000)
    ]
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "slots.warroom"
        write_pack(pack, path)
        for label, target, flags in (
            ("slots_100k", path, ()),
            ("plain_sample", sample_pack(), ()),
            ("slots_100k_quick", path, ("--quick",)),
            ("plain_sample_quick", sample_pack(), ("--quick",)),
        ):
            wall, mb, rc, stdout = _validate(target, *flags)
            out[f"{label}_validate_s"] = round(wall, 2)
            out[f"{label}_validate_peak_mb"] = round(mb, 1)
            out[f"{label}_validate_exit"] = rc
            if label.startswith("slots"):
                out[f"{label}_att005_lines"] = sum("ATT005" in x for x in stdout.splitlines())
    return out


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
        **crowded_slots_validate(),
        "load_1min": round(os.getloadavg()[0], 2),
    }
