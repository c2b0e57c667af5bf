"""The look of a unit chip, as plain data (no Qt): the editor paints it on the map
(editor/canvas/layers.py) and the TripleA export draws it with pillow as unit art
(gamecore/interop/triplea/unitart.py), so both show the same chip.

A chip is a rounded rectangle in the nation's colour with a dark rim and the unit's
abbreviation (:func:`unit_abbrev`) in a text colour that reads on that fill
(:func:`text_colour_on`).
"""

from __future__ import annotations

#: the chip's rim colour and corner radius (px, at the editor's chip height)
CHIP_RIM = "#111111"
CHIP_RADIUS = 4.0
#: the editor's chip height (px) and the text size on it
CHIP_H = 16.0
CHIP_PX = 10

UNIT_ABBREV = {
    "infantry": "inf",
    "mech_infantry": "mech",
    "armour": "arm",
    "armor": "arm",
    "tank": "arm",
    "artillery": "art",
    "fighter": "ftr",
    "tactical_bomber": "tac",
    "bomber": "bmb",
    "strategic_bomber": "bmb",
    "battleship": "BB",
    "cruiser": "CA",
    "destroyer": "DD",
    "carrier": "CV",
    "submarine": "SS",
    "transport": "TT",
    "aa_gun": "AA",
}


#: unit types of Global War (seeds/000 §6) whose prefix-and-base abbreviation (below) is
#: unclear or shared with another type
UNIT_ABBREV.update(
    {
        "aa_artillery": "AA",
        "advanced_artillery": "adv art",
        "advanced_sp_artillery": "adv SP",
        "sp_artillery": "SP",
        "advanced_mech_infantry": "adv mech",
        "motorized_infantry": "mot",
        "mountain_infantry": "mtn",
        "colonial_infantry": "col",
        "militia": "mil",
        "marine": "mar",
        "airborne": "abn",
        "cavalry": "cav",
        "advanced_submarine": "adv SS",
        "coastal_submarine": "cSS",
        "coastal_defense_ship": "CDS",
        "torpedo_boat_destroyer": "TB",
        "tank_destroyer": "TD",
        "fast_battleship": "fBB",
        "heavy_battleship": "hBB",
        "battlecruiser": "BC",
        "seaplane": "spl",
        "strategic_rocket": "V2",
        "air_transport": "aTT",
        "attack_transport": "APA",
        "jet_fighter": "jet",
        "early_war_fighter": "eftr",
        "light_armor": "Ltk",
        "medium_armor": "Mtk",
        "heavy_armor": "Htk",
    }
)
#: words in front of a known type that the abbreviation shows as one letter
#: ("light_carrier" -> "lCV", "heavy_cruiser" -> "hCA")
_PREFIX = {
    "light": "l",
    "medium": "m",
    "heavy": "h",
    "fleet": "f",
    "naval": "n",
    "early": "e",
    "advanced": "adv ",
}


def unit_abbrev(unit_type: str) -> str:
    """A short chip label: a known abbreviation, else a known base type with its prefix
    letters ("heavy_strategic_bomber" -> "hbmb"), else the first three letters."""
    if unit_type in UNIT_ABBREV:
        return UNIT_ABBREV[unit_type]
    words = unit_type.split("_")
    for i in range(1, len(words)):
        base = UNIT_ABBREV.get("_".join(words[i:]))
        if base is not None and all(w in _PREFIX for w in words[:i]):
            return "".join(_PREFIX[w] for w in words[:i]) + base
    return unit_type[:3]


def text_colour_on(fill: str) -> str:
    """Dark or light text, whichever reads on ``fill`` ("#rrggbb")."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#111111" if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else "#f4f4f4"
