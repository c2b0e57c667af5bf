"""The commands' terminal helpers (they live in :mod:`gamecore.console`, beside every
package that reports to a terminal)."""

from gamecore.console import ProgressBar, print_json

__all__ = ["ProgressBar", "print_json"]
