"""The game calendar: a scenario's start date and calendar name give each round its month
(seeds/000 §2.5, T 6-1). Plain functions of the scenario's data, shared by the rule systems,
the condition language and the editor.

Calendar names: ``year``, ``6-months`` (Global War's calendar turns), ``season`` and
``quarter`` (3 months), ``month``, and any ``N-months`` or ``N-seasons`` that divides the
year evenly (``3-seasons``: Hitler's Global War's three four-month seasons a year)."""

from __future__ import annotations

import re

#: months per round for ``Scenario.calendar`` (seeds/000 §2.5: a calendar turn is 6 months)
MONTHS_PER_ROUND = {"year": 12, "6-months": 6, "season": 3, "quarter": 3, "month": 1}

#: the calendars the editor offers (any other valid name works too)
CALENDARS = ("year", "6-months", "season", "quarter", "month", "3-seasons")

_NAMED = re.compile(r"^(\d{1,2})-(months|seasons)$")
_DATE = re.compile(r"^\s*(\d{1,4})(?:-(\d{1,2}))?(?:-\d{1,2})?\s*$")


def parse_date(text: str) -> int | None:
    """``"1936-07"`` -> a month index (year * 12 + month - 1); None when unparseable."""
    m = _DATE.match(text or "")
    if not m:
        return None
    month = int(m.group(2) or 1)
    if not 1 <= month <= 12:
        return None
    return int(m.group(1)) * 12 + month - 1


def months_per_round(calendar: str) -> int | None:
    """Months a round of ``calendar`` lasts; None for a name that is not a calendar."""
    step = MONTHS_PER_ROUND.get(calendar)
    if step is not None:
        return step
    m = _NAMED.match(calendar or "")
    if not m:
        return None
    n = int(m.group(1))
    if m.group(2) == "months":
        return n if 1 <= n <= 12 and 12 % n == 0 else None
    return 12 // n if 1 <= n <= 12 and 12 % n == 0 else None  # N seasons a year


def is_calendar(calendar: str) -> bool:
    return months_per_round(calendar) is not None


def calendar_month(start: str, calendar: str, round: int) -> int:
    """The month index of ``round`` (1 = the start): seeds/000 §2.5 / T 6-1, each round of a
    "6-months" calendar is half a year (January and July). A scenario without a start date
    counts from year 0; an unknown calendar counts years."""
    base = parse_date(start) or 0
    step = months_per_round(calendar) or 12
    return base + (max(1, round) - 1) * step


def season_of(start: str, calendar: str, round: int) -> tuple[int, int]:
    """(year, season index from 0) of ``round``: the seasons of a year are its rounds
    (a "3-seasons" calendar: 0 January-April, 1 May-August, 2 September-December)."""
    month = calendar_month(start, calendar, round)
    step = months_per_round(calendar) or 12
    return month // 12, (month % 12) // step


#: the names of the seasons of a calendar with named seasons (Hitler's Global War's three:
#: Spring January-April, Summer May-August, Winter September-December)
SEASON_NAMES = {"3-seasons": ("Spring", "Summer", "Winter")}


def season_label(start: str, calendar: str, round: int) -> str | None:
    """The round's season and year ("Summer 1941"): on a calendar with named seasons, else
    None."""
    names = SEASON_NAMES.get(calendar)
    if names is None or parse_date(start or "") is None:
        return None
    year, season = season_of(start, calendar, round)
    return f"{names[season]} {year}"


def date_label(index: int) -> str:
    return f"{index // 12:04d}-{index % 12 + 1:02d}"
