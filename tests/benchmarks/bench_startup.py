"""How long the command-line tool and the editor take to start."""

import subprocess
import sys
import time


def _time(cmd: list[str], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best


def run() -> dict:
    return {
        "cli_version_ms": round(
            1000 * _time([sys.executable, "-m", "gamecore.cli", "--version"]), 1
        ),
    }
