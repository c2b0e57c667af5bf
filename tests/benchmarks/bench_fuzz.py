"""The long fuzz run of issue #18: every column of every table of the bundled sample set
to each hostile value of :data:`tests.gamecore.untrusted.crafted.MUTATIONS` (and a value
of another type), then info, validate, dump, play and export run on the crafted pack.

Figures: cases tried, command runs, how many worked / were refused, and ``bad``, the
number of runs that raised a traceback, gave an error of more than one line, an error not
naming the pack, or ran longer than ``SLOW_S`` (must be 0); ``bad_examples`` lists a few.

A second part (issue #39) sets each props key that gamecore reads (a zone's aliases, the
map's slot_radius, a unit's damage, TripleA and HGW data) to each of
:data:`PROPS_VALUES` and runs the same commands, and ``rules show`` a pack ruleset of
each hostile TOML text of ``tests/gamecore/untrusted/test_pack_rulesets.py``;
``FUZZ_PART=props`` runs only that part (its figures are ``props_*``).

It takes about an hour on one core; ``FUZZ_SHARD=k/n`` runs the k-th of n interleaved
parts (so n processes can share the work), and ``FUZZ_QUICK=1`` leaves out the columns
that only order rows (``pos``, ``store_state``) and runs validate (3-4 s a run) only on
NULL cells.
"""

from __future__ import annotations

import os
import tempfile
import time
import traceback
from pathlib import Path

from tests.gamecore.untrusted import crafted

SLOW_S = 60.0
COMMANDS = ("info", "validate", "dump", "play", "export")


#: (table, props key) that gamecore reads, and the hostile JSON values each is set to
PROPS_KEYS = (
    ("zones", "aliases"),
    ("zones", "triplea"),
    ("map_info", "slot_radius"),
    ("map_info", "triplea"),
    ("scenarios", "triplea"),
    ("scenarios", "hgw_armies"),
    ("scenarios", "hgw_devastated"),
    ("units", "damage"),
    ("nations", "triplea"),
)
PROPS_VALUES = (5, "x", [1, 2], {"a": [1]}, None, 1e300, -1, 10**18, True)


def _one(argv, pack, bad: list[str], label: str, counts: dict) -> None:
    counts["runs"] += 1
    t0 = time.perf_counter()
    try:
        rc, err = crafted.run(argv)
        problem = crafted.check_outcome(argv, rc, err, pack)
    except Exception as exc:  # noqa: BLE001 - a traceback is what we count
        rc = -1
        problem = "traceback: " + "".join(traceback.format_exception_only(exc)).strip()[:200]
    took = time.perf_counter() - t0
    counts["slowest"] = max(counts["slowest"], took)
    if took > SLOW_S:
        problem = f"ran {took:.0f} s"
    if problem:
        bad.append(f"{label} {argv[0]}: {problem}")
    elif rc == 2:
        counts["refused"] += 1
    else:
        counts["worked"] += 1


def run_props() -> dict:
    import json
    import sqlite3

    from tests.gamecore.untrusted.test_pack_rulesets import HOSTILE, with_ruleset

    counts = {"cases": 0, "runs": 0, "worked": 0, "refused": 0, "slowest": 0.0}
    bad: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        for table, key in PROPS_KEYS:
            for value in PROPS_VALUES:
                pack = d / "props.warroom"
                pack.write_bytes(crafted.SAMPLE.read_bytes())
                conn = sqlite3.connect(pack)
                with conn:
                    conn.execute(
                        f"UPDATE {table} SET props = json_set(COALESCE(props, '{{}}'), "
                        f"'$.{key}', json(?))",
                        (json.dumps(value),),
                    )
                conn.close()
                counts["cases"] += 1
                for argv in crafted.commands(pack, d, COMMANDS):
                    _one(argv, pack, bad, f"{table}.props.{key}={value!r}", counts)
        for name, (text, _) in HOSTILE.items():
            sub = d / name.replace(" ", "_")
            sub.mkdir()
            pack = with_ruleset(sub, text)
            counts["cases"] += 1
            _one(["rules", "show", "evil", "--pack", str(pack), "--json"], pack, bad, name, counts)
    return {
        "props_cases": counts["cases"],
        "props_runs": counts["runs"],
        "props_worked": counts["worked"],
        "props_refused": counts["refused"],
        "props_bad": len(bad),
        "props_bad_examples": bad[:10],
        "props_slowest_run_s": round(counts["slowest"], 2),
        "props_peak_rss_mb": _peak_mb(),
    }


def _peak_mb() -> float:
    """The peak resident memory of this process so far, in MB: every run is in this
    process, so it is at least the worst single run's peak (Linux reports KB)."""
    import resource

    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def run() -> dict:
    if os.environ.get("FUZZ_PART") == "props":
        return run_props()
    cases = runs = worked = refused = 0
    bad: list[str] = []
    slowest = 0.0
    start = time.perf_counter()
    k, n = (int(x) for x in os.environ.get("FUZZ_SHARD", "1/1").split("/"))
    quick = os.environ.get("FUZZ_QUICK") == "1"
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        pack = d / "crafted.warroom"
        for index, (table, column) in enumerate(crafted.columns()):
            if index % n != k - 1 or (quick and (column == "pos" or table == "store_state")):
                continue
            declared = crafted.column_type(crafted.SAMPLE, table, column)
            values = dict(crafted.MUTATIONS, retype=crafted.retype_value(declared))
            for name, value in values.items():
                if not crafted.craft(pack, table, column, value):
                    continue
                cases += 1
                which = COMMANDS
                if quick and name != "null":
                    which = tuple(c for c in COMMANDS if c != "validate")
                for argv in crafted.commands(pack, d, which):
                    runs += 1
                    t0 = time.perf_counter()
                    try:
                        rc, err = crafted.run(argv)
                        problem = crafted.check_outcome(argv, rc, err, pack)
                    except Exception as exc:  # noqa: BLE001 - a traceback is what we count
                        rc, problem = (
                            -1,
                            "traceback: "
                            + "".join(traceback.format_exception_only(exc)).strip()[:200],
                        )
                    took = time.perf_counter() - t0
                    slowest = max(slowest, took)
                    if took > SLOW_S:
                        problem = f"ran {took:.0f} s"
                    if problem:
                        bad.append(f"{table}.{column}={name} {argv[0]}: {problem}")
                    elif rc == 2:
                        refused += 1
                    else:
                        worked += 1
    return {
        **(run_props() if k == 1 else {}),  # once, not in every shard
        "cases": cases,
        "runs": runs,
        "worked": worked,
        "refused": refused,
        "bad": len(bad),
        "bad_examples": bad[:10],
        "slowest_run_s": round(slowest, 2),
        "peak_rss_mb": _peak_mb(),
        "total_s": round(time.perf_counter() - start, 1),
    }
