"""The two combat tables of Hitler's Global War (seeds/001 FIREPOWER TABLE, ADVANCE TABLE;
rules-notes/001 §4.6), read from the ruleset's options so a variant may bring its own.

- ``hgw_firepower``: die roll "1".."7" -> SPs lost for firing strength 1..10. A modified
  roll above 7 reads row 7 and below 1 reads row 1 (the text is silent: docs/hitlers_global_war.md).
- ``hgw_advance``: mech strength "0".."10" -> the highest die roll that succeeds against
  [a friendly hex, defence 0, 1, ..., 9, 10+] (0: no roll succeeds). A modified roll of 0
  or less succeeds whenever the range is not empty."""

from __future__ import annotations

FIRE_ROWS = 7
FIRE_COLS = 10
ADVANCE_ROWS = 11
ADVANCE_COLS = 12  # friendly, 0..10+

#: the column of a friendly hex in the advance table (the defence is ignored)
FRIENDLY = -1

#: seeds/001 FIREPOWER TABLE (the ruleset's ``hgw_firepower`` default)
FIREPOWER = {
    "1": [1, 1, 1, 2, 2, 2, 3, 3, 4, 4],
    "2": [0, 1, 1, 1, 2, 2, 2, 3, 3, 4],
    "3": [0, 0, 1, 1, 1, 2, 2, 2, 3, 3],
    "4": [0, 0, 0, 1, 1, 1, 2, 2, 3, 3],
    "5": [0, 0, 0, 0, 1, 1, 1, 2, 2, 2],
    "6": [0, 0, 0, 0, 0, 1, 1, 1, 2, 2],
    "7": [0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
}

#: seeds/001 ADVANCE TABLE (the ruleset's ``hgw_advance`` default): mech 0..10 -> top
#: successful roll against [friendly, 0, 1, ..., 9, 10+]
ADVANCE = {
    "0": [4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    "1": [5, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    "2": [5, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    "3": [6, 5, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0],
    "4": [7, 6, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0],
    "5": [8, 7, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0],
    "6": [9, 8, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0],
    "7": [9, 8, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0],
    "8": [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0],
    "9": [9, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0],
    "10": [9, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0],
}


def firepower(table: dict, strength: int, roll: int) -> int:
    """SPs the target loses: ``strength`` (capped 1..10; 0 fires nothing) at modified
    ``roll`` (clamped to 1..7)."""
    if strength <= 0:
        return 0
    col = min(FIRE_COLS, strength)
    row = max(1, min(FIRE_ROWS, roll))
    return int(table[str(row)][col - 1])


def fire_columns(strength: int) -> list[int]:
    """The Firepower Table columns a strength over ten fires on when it is resolved in
    groups of ten and a remainder (seeds/001 CAMPAIGN GAME II, FIREPOWER TABLE: "twenty-five
    U-boats ... twice using the ten column and once using the five column"); none for 0."""
    if strength <= 0:
        return []
    tens, rest = divmod(strength, FIRE_COLS)
    return [FIRE_COLS] * tens + ([rest] if rest else [])


def advance_range(table: dict, mech: int, defence: int) -> int:
    """The highest die roll that succeeds (0: none) for ``mech`` attack strength against
    ``defence`` (:data:`FRIENDLY` for a friendly hex; 10 or more reads the 10+ column)."""
    m = max(0, min(ADVANCE_ROWS - 1, mech))
    col = 0 if defence == FRIENDLY else 1 + max(0, min(10, defence))
    return int(table[str(m)][col])


def advance_succeeds(table: dict, mech: int, defence: int, roll: int) -> bool:
    """Whether a modified advance ``roll`` succeeds (a roll of 0 or less succeeds when the
    range is not empty; rules-notes/001 §4.6)."""
    top = advance_range(table, mech, defence)
    return top > 0 and roll <= top


def advance_faces(table: dict, mech: int, defence: int, modifier: int) -> int:
    """How many of the six die faces succeed when the roll is modified by ``modifier``."""
    return sum(1 for die in range(1, 7) if advance_succeeds(table, mech, defence, die + modifier))


def check_tables(checker, opts: dict) -> None:
    fp = opts.get("hgw_firepower")
    for r in range(1, FIRE_ROWS + 1):
        row = fp.get(str(r)) if isinstance(fp, dict) else None
        if (
            not isinstance(row, list)
            or len(row) != FIRE_COLS
            or not all(isinstance(x, int) and x >= 0 for x in row)
        ):
            checker.fail(f"options.hgw_firepower.{r}", f"must be {FIRE_COLS} non-negative integers")
    adv = opts.get("hgw_advance")
    for m in range(ADVANCE_ROWS):
        row = adv.get(str(m)) if isinstance(adv, dict) else None
        if (
            not isinstance(row, list)
            or len(row) != ADVANCE_COLS
            or not all(isinstance(x, int) and 0 <= x <= 12 for x in row)
        ):
            checker.fail(
                f"options.hgw_advance.{m}",
                f"must be {ADVANCE_COLS} integers 0..12 (friendly, defence 0..10+)",
            )
