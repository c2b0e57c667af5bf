"""Battle odds of Warroom against TripleA 1.9's own calculator (issue #38, item 9):
``make bench NAME=triplea_parity``.

Runs every battle of ``tools/triplea_parity.py`` (World War II v3, Global 1940 2nd Edition,
Big World, 270 BC, Napoleonic Empires; land, sea, amphibious, AA, subs, carriers,
bombardment) through TripleA's ``OddsCalculator`` and Warroom's calculator, and
reports, per battle, the standard errors between the two and whether they agree within 3.
``WARROOM_BENCH_PARITY_RUNS`` sets TripleA's runs per battle (default 3000; the SE of a
share of one half is then 0.009). Needs java, javac, TripleA's jar and ``TRIPLEA_MAPS``;
without them the figures say why they are missing.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from tools import triplea_parity as parity


def run() -> dict:
    root = os.environ.get("TRIPLEA_MAPS")
    maps = Path(root) if root else None
    why = parity.missing(maps)
    if why:
        return {"skipped": why}
    runs = int(os.environ.get("WARROOM_BENCH_PARITY_RUNS", "3000"))
    load = round(os.getloadavg()[0], 2)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-parity-") as tmp:
        rows = parity.run(maps, Path(tmp), runs)
    out: dict = {
        "runs_per_battle": runs,
        "battles": len(rows),
        "agree": sum(bool(r["agrees"]) for r in rows),
        "load_before": load,
        "load_after": round(os.getloadavg()[0], 2),
        "total_s": round(time.perf_counter() - t0, 1),
    }
    for r in rows:
        worst = r.get("worst")
        out[f"{r['id']}.worst_se"] = r["z"][worst] if worst else None
        out[f"{r['id']}.agrees"] = bool(r["agrees"])
        out[f"{r['id']}.warroom_s"] = r["warroom_s"]
    return out
