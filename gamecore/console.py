"""Terminal output shared by the command line and the importers it drives: JSON output and
a progress bar."""

from __future__ import annotations

import json
import sys
import time
from typing import Any


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


class ProgressBar:
    """A one-line progress bar with ETA on stderr (silent when stderr is not a terminal
    unless ``force``). Call ``update(done, total)``; ``close()`` ends the line."""

    def __init__(self, label: str, force: bool = False, stream=None):
        self.label = label
        self.stream = stream or sys.stderr
        self.enabled = force or self.stream.isatty()
        self.start = time.monotonic()
        self._last = 0.0

    def update(self, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        now = time.monotonic()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        frac = min(1.0, done / total)
        width = 30
        filled = int(frac * width)
        elapsed = now - self.start
        eta = (elapsed / frac - elapsed) if frac > 0 else 0.0
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total} ETA {eta:5.1f}s")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
