"""Variable End: a die decides whether the game ends after a calendar turn.

Source: seeds/000 (Global War 1936-1945) §2.1 "Variable End [Optional Rule]": "Beginning
July 1944, a D12 is rolled at the end of each calendar turn. The US player rolls the die
after its turn is finished. The game ends on the following rolls: July 1944 1, January
1945 1-2, July 1945 1-3, January 1946 1-5, each turn thereafter 1-6. Add +1 per Major
Power capital that is Enemy-possessed." (rules-notes/000 §2.1)

Options (all numbers are the ruleset's): ``variable_end`` switches it on;
``variable_end_table`` is ``[[date, highest roll that ends], ...]`` in date order (no roll
before the first date; the last row holds for every later turn); ``variable_end_die``;
``variable_end_capitals``: +1 to the range per Major Power whose capital is held by a
nation not friendly to it. The roll comes when the calendar turn ends (after the last
nation's turn: the USA and the KMT in T 6-1); :mod:`gamecore.rules.phases` ends the game
when it says so, as at the round limit (victory points decide, §3.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.options import OptionSpec
from gamecore.model.calendar import calendar_month, date_label, parse_date

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


def range_now(s: GameState, month: int) -> int:
    """The highest roll that ends the game in calendar month ``month`` (0: no roll)."""
    top = 0
    for row in s.rules.options.get("variable_end_table") or []:
        if not isinstance(row, (list, tuple)) or len(row) != 2:
            continue
        when = parse_date(str(row[0]))
        if when is not None and when <= month and isinstance(row[1], int):
            top = row[1]
    return top


def enemy_held_capitals(s: GameState) -> int:
    """Major Powers whose capital is held by a nation not friendly to them (a conquered
    Major's too: the designer's note counts Paris, "usually enemy-occupied by 1944")."""
    n_held = 0
    for n in s.board.nations:
        if s.board.nation_kind.get(n) != "major":
            continue
        cap = s.capital_of(n)
        holder = s.owner.get(cap) if cap is not None else None
        if holder is not None and holder != n and not s.friendly(n, holder):
            n_held += 1
    return n_held


def game_ends(s: GameState) -> bool:
    """End of a calendar turn: roll for the Variable End (logged ``variable_end``)."""
    opts = s.rules.options
    if not opts.get("variable_end"):
        return False
    month = calendar_month(s.scenario.start, s.scenario.calendar, s.round)
    top = range_now(s, month)
    if top <= 0:
        return False
    capitals = enemy_held_capitals(s) if opts.get("variable_end_capitals") else 0
    roll = s.rng.roll(int(opts["variable_end_die"]))
    ends = roll <= top + capitals
    s.event(
        "variable_end",
        date=date_label(month),
        roll=roll,
        ends_on=top + capitals,
        capitals=capitals,
        ends=ends,
    )
    return ends


OPTIONS = (
    OptionSpec(
        "variable_end",
        "bool",
        False,
        doc="Global War §2.1 Variable End: a die at the end of each calendar turn may end the game",
        owner="gamecore.rules.variable_end",
    ),
    OptionSpec(
        "variable_end_table",
        "list",
        [],
        doc="[[date, highest roll that ends the game], ...] in date order; the last row holds later",
        owner="gamecore.rules.variable_end",
    ),
    OptionSpec(
        "variable_end_die",
        "int",
        12,
        doc="die of the Variable End roll",
        owner="gamecore.rules.variable_end",
    ),
    OptionSpec(
        "variable_end_capitals",
        "bool",
        True,
        doc="+1 to the Variable End range per Major Power capital held by an enemy",
        owner="gamecore.rules.variable_end",
    ),
)
