"""Small scenarios for playtest tests, demos and benchmarks."""

from __future__ import annotations

from gamecore.model import Pack

#: two rows of land between two seas; RED holds the west, BLU the east (180° turned),
#: four unowned zones in the middle
SYMMETRIC_ROWS = ["11111111", "ABCDEFGH", "IJKLMNOP", "22222222"]
_RED = {"A": 6, "B": 3, "C": 2, "I": 3, "J": 2, "K": 2}
_TURN = {"A": "P", "B": "O", "C": "N", "I": "H", "J": "G", "K": "F"}


def symmetric_pack(rounds: int = 6, bank: int = 20) -> Pack:
    """A two-nation scenario ``"test"`` that is the same from either side (a half-turn
    maps RED's zones, units and factory onto BLU's); only the turn order differs (RED
    first). 16 land zones, 2 sea zones, g40 rules."""
    from gamecore.engine.testmaps import grid_pack

    zones: dict[str, dict] = {}
    for z, v in _RED.items():
        zones[z] = {"owner": "RED", "value": v}
        zones[_TURN[z]] = {"owner": "BLU", "value": v}
    for z in "DELM":
        zones[z] = {"owner": None, "value": 2}
    nations = {
        "RED": {"alliance": "reds", "capital": "A", "colour": "#c03030"},
        "BLU": {"alliance": "blues", "capital": "P", "colour": "#3050c0"},
    }
    units: list[tuple] = []
    for nat, cap, second, third, rest in (
        ("RED", "A", "B", "I", "CJK"),
        ("BLU", "P", "O", "H", "NGF"),
    ):
        units += [
            (cap, nat, "infantry", 4),
            (cap, nat, "artillery", 2),
            (cap, nat, "tank", 2),
            (cap, nat, "fighter", 1),
            (second, nat, "infantry", 2),
            (third, nat, "infantry", 2),
        ]
        units += [(z, nat, "infantry", 1) for z in rest]
    pack = grid_pack(
        SYMMETRIC_ROWS,
        zones,
        nations,
        units,
        facilities=[("A", "major_ic"), ("P", "major_ic")],
        banks={"RED": bank, "BLU": bank},
        rounds=rounds,
    )
    pack.meta["title"] = "Symmetric test scenario"
    return pack
