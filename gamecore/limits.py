"""Limits on what untrusted input (a pack, a dump, GeoJSON) may ask the program to do.

Every number here bounds work that an input can drive: a unit stack becomes that many
units in a game, a coordinate sizes an export image, a vertex count sizes memory. Readers
refuse input beyond them with a one-line error; no command can then be made to hang.
"""

from __future__ import annotations

#: largest absolute map coordinate (map units; the bundled world map is 3,600 wide)
MAX_COORD = 1e7
#: coordinates are stored on a grid of 10**-COORD_DECIMALS map units (see gamecore.geometry.grid)
COORD_DECIMALS = 6
#: most units in one stack of a scenario's setup, and in a whole scenario
MAX_STACK_COUNT = 1_000
MAX_SCENARIO_UNITS = 50_000
#: vertices of one zone / terrain area, and of a whole pack or GeoJSON import
MAX_GEOMETRY_VERTICES = 200_000
MAX_TOTAL_VERTICES = 5_000_000
#: largest absolute IPP/IPC amount (zone values, banks, income, convoy values)
MAX_AMOUNT = 1_000_000_000
#: largest facility level / damage, narrow-crossing limit, scenario rounds
MAX_SMALL = 1_000_000
#: longest text of one column (names, codes, conditions, ruleset text)
MAX_TEXT_CHARS = 8 * 1024 * 1024
#: largest JSON column of a pack, and largest JSON document read (dump, GeoJSON)
MAX_JSON_COLUMN_CHARS = 64 * 1024 * 1024
MAX_JSON_DOCUMENT_BYTES = 1024 * 1024 * 1024
#: most pixels an export renders as base tiles (a big TripleA map is ~20 megapixels)
MAX_EXPORT_PIXELS = 400_000_000
#: ids (zones, links, ...) are positive and fit a double exactly
MAX_ID = 2**53
#: most hexes of one generated hex grid (48 x 112 for a world map of Hitler's Global War)
MAX_HEX_CELLS = 60_000
#: seconds one playtest game may run before it counts as stalled
GAME_SECONDS_LIMIT = 600.0
#: the round limit of a playtest when the scenario has none: bots can stalemate for ever
#: (the sample's 1939 scenario reaches round 250 with no winner), and twenty rounds is
#: five years of seasonal turns, longer than a game at the table
DEFAULT_ROUND_CAP = 20
#: what may happen to a deleted or merged-away zone's units, ownership and capital
#: (gamecore.ops.zones.RemovedZonePolicy; here so that the command line lists them
#: without loading the editing operations)
REMOVED_ZONE_CHOICES = {
    "units": ("move", "remove"),
    "ownership": ("survivor", "removed"),
    "capital": ("move", "clear"),
}
