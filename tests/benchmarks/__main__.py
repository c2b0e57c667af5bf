"""Benchmark runner: ``python -m tests.benchmarks [NAME ...] [--json]``.

NAME selects modules ``bench_NAME.py`` (prefix match). Each module's ``run()`` returns a
dict of figures (seconds as ``*_s``/``*_ms`` keys, counts, ratios). The runner prints one
JSON object ``{name: figures}`` with ``--json``, else one line per figure.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import pkgutil
import platform
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def available() -> list[str]:
    import tests.benchmarks as pkg

    return sorted(
        m.name.removeprefix("bench_")
        for m in pkgutil.iter_modules(pkg.__path__)
        if m.name.startswith("bench_")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks")
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    parser.add_argument("--json", action="store_true", help="print figures as JSON")
    parser.add_argument("--list", action="store_true", help="list benchmark names")
    args = parser.parse_args(argv)
    names = available()
    if args.list:
        print("\n".join(names))
        return 0
    wanted = [a.replace("-", "_") for a in args.names]  # NAME=triplea-parity as well
    selected = [n for n in names if not wanted or any(n.startswith(a) for a in wanted)]
    if args.names and not selected:
        print(f"no benchmark matches {args.names}; available: {', '.join(names)}", file=sys.stderr)
        return 2
    results: dict[str, dict] = {}
    for name in selected:
        module = importlib.import_module(f"tests.benchmarks.bench_{name}")
        start = time.perf_counter()
        figures = module.run()
        figures["_wall_s"] = round(time.perf_counter() - start, 3)
        results[name] = figures
        if not args.json:
            for key, value in figures.items():
                print(f"{name}.{key} = {value}")
    if args.json:
        results["_machine"] = {"python": platform.python_version(), "cpus": os.cpu_count()}
        print(json.dumps(results, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
