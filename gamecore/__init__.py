"""Warroom game core: map packs, geometry, rules, engine, validation, simulation.

Pure Python; never imports Qt (a test guards this).
"""

__version__ = "0.1.0"

#: packages whose import registers rule systems with the engine's registry
#: (gamecore.engine.systems imports them the first time a system is looked up by name)
RULE_SYSTEM_PACKAGES = ("gamecore.rules", "gamecore.hgw")
#: the rule system of a ruleset that names none (the Axis & Allies family); the
#: simulator's own bots (gamecore.sim.bots) play its games
DEFAULT_SYSTEM = "aa"
