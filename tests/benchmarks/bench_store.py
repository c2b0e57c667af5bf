"""Map-pack file speed (issue #3): a synthetic pack of 1,000 zones / 250,000 vertices /
3,000 unit stacks must open (all of it loaded into the model) in <= 0.5 s and save in
<= 0.5 s. Also timed: autosave, the JSON dump and load, and the file size.

Figures are the best of ``REPEAT`` runs (seconds); ``*_ok`` says whether a goal is met.
``save_s`` is the editor's save after 5% of the zones were reshaped (unchanged geometry
reuses its WKB); ``write_pack_s`` a cold write of everything into a new file.
"""

from __future__ import annotations

import random
import shutil
import tempfile
import time
from pathlib import Path

import shapely
import shapely.affinity

from gamecore.geometry.grid import snap_map
from gamecore.geometry.synthetic import synthetic_map
from gamecore.model import Alliance, Nation, Ownership, Pack, Scenario, UnitStack

N_ZONES, N_VERTICES, N_STACKS = 1000, 250_000, 3000
REPEAT = 5
GOAL_S = 0.5


def synthetic_pack(seed: int = 1) -> Pack:
    """The benchmark pack: the synthetic map plus nations, a scenario, ownership and
    3,000 unit stacks."""
    pack = Pack(map=synthetic_map(N_ZONES, N_VERTICES, seed))
    rng = random.Random(seed)
    ids = ["GER", "ITA", "JAP", "UK", "USA", "USSR", "FRA", "CHN", "ANZ", "NEU"]
    land = [z.id for z in pack.map.zones.values() if z.kind == "land"]
    sea = [z.id for z in pack.map.zones.values() if z.kind == "sea"]
    for i, nid in enumerate(ids):
        pack.nations[nid] = Nation(
            nid,
            nid.title(),
            f"#{(i * 40) % 256:02x}80c0",
            capital=land[i * 7],
            home_zones=land[i::10],
        )
    s = Scenario("1939", "Synthetic 1939", turn_order=[[n] for n in ids])
    s.alliances["axis"] = Alliance("axis", "Axis", ["GER", "ITA", "JAP"])
    s.alliances["allies"] = Alliance("allies", "Allies", ids[3:9])
    for zid in land:
        owner = ids[zid % len(ids)]
        s.ownership[zid] = Ownership(owner, owner)
    types = ["infantry", "artillery", "tank", "fighter", "bomber"]
    naval = ["submarine", "destroyer", "cruiser", "carrier", "battleship", "transport"]
    for i in range(N_STACKS):
        if i % 4 == 3:
            s.units.append(UnitStack(rng.choice(sea), rng.choice(ids), rng.choice(naval), 1))
        else:
            s.units.append(
                UnitStack(rng.choice(land), rng.choice(ids), rng.choice(types), rng.randint(1, 6))
            )
    s.banks = {n: 30 for n in ids}
    pack.scenarios[s.id] = s
    return pack


def _best(fn, repeat: int = REPEAT) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def run() -> dict:
    from gamecore.store import new_pack, open_pack, write_pack
    from gamecore.store.jsonform import dump_json, load_json

    pack = synthetic_pack()
    snap_map(pack.map)  # as a saved pack holds it (coordinates on the grid, #18)
    vertices = int(sum(len(shapely.get_coordinates(z.geometry)) for z in pack.map.zones.values()))
    folder = Path(tempfile.mkdtemp(prefix="bench_store_"))
    try:
        path = folder / "bench.warroom"
        # cold: every geometry encoded, schema created (what `warroom load -o` does)
        write_pack_s = _best(lambda: write_pack(pack, folder / "cold.warroom"))
        pf = new_pack(path, pack)
        # the editor's save: geometry WKB is reused for unchanged zones; here 5% change
        zones = list(pack.map.zones.values())

        def edit_and_save():
            for z in zones[::20]:
                z.geometry = shapely.affinity.translate(z.geometry, 0.0, 0.0)  # new objects
            pf.save()

        save_s = _best(edit_and_save)
        autosave_s = _best(pf.autosave)
        pf.save()
        pf.close()
        size = path.stat().st_size

        loaded = {}

        def open_close():
            p = open_pack(path)
            loaded["pack"] = p.pack
            p.close()

        open_s = _best(open_close)
        read_only_s = _best(lambda: open_pack(path, readonly=True).close())
        assert loaded["pack"] == pack, "the benchmark pack did not round-trip"
        text = dump_json(pack)
        dump_s = _best(lambda: dump_json(pack), 2)
        load_s = _best(lambda: load_json(text), 2)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return {
        "zones": len(pack.map.zones),
        "vertices": vertices,
        "unit_stacks": len(pack.scenarios["1939"].units),
        "file_bytes": size,
        "open_s": round(open_s, 3),
        "open_readonly_s": round(read_only_s, 3),
        "save_s": round(save_s, 3),
        "write_pack_s": round(write_pack_s, 3),
        "autosave_s": round(autosave_s, 3),
        "open_ok": open_s <= GOAL_S,
        "save_ok": max(save_s, write_pack_s) <= GOAL_S,
        "json_bytes": len(text.encode()),
        "dump_json_s": round(dump_s, 3),
        "load_json_s": round(load_s, 3),
    }
