"""The builder of the bundled sample pack (``make sample``); see :mod:`tools.sample_world.build`."""

from tools.sample_world.build import build_sample, main

__all__ = ["build_sample", "main"]
