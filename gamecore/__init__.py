"""Warroom game core: map packs, geometry, rules, engine, validation, simulation.

Pure Python; never imports Qt (a test guards this).
"""

__version__ = "0.1.0"
