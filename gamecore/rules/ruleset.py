"""Rulesets as data moved to the kernel (:mod:`gamecore.engine.ruleset`); the A&A
system's options to :mod:`gamecore.rules.options`. This module keeps the old import path."""

from gamecore.engine.ruleset import *  # noqa: F403
from gamecore.engine.ruleset import __all__ as _kernel_all
from gamecore.rules.options import DEFAULT_OPTIONS, KNOWN_PHASES

__all__ = [*_kernel_all, "DEFAULT_OPTIONS", "KNOWN_PHASES"]
