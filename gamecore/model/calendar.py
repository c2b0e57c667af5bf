"""The game calendar: a scenario's start date and calendar name give each round its month
(seeds/000 §2.5, T 6-1). Plain functions of the scenario's data, shared by the rule systems,
the condition language and the editor."""

from __future__ import annotations

import re

#: months per round for ``Scenario.calendar`` (seeds/000 §2.5: a calendar turn is 6 months)
MONTHS_PER_ROUND = {"year": 12, "6-months": 6, "season": 3, "quarter": 3, "month": 1}

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


def calendar_month(start: str, calendar: str, round: int) -> int:
    """The month index of ``round`` (1 = the start): seeds/000 §2.5 / T 6-1, each round of a
    "6-months" calendar is half a year (January and July). A scenario without a start date
    counts from year 0."""
    base = parse_date(start) or 0
    step = MONTHS_PER_ROUND.get(calendar, 12)
    return base + (max(1, round) - 1) * step


def date_label(index: int) -> str:
    return f"{index // 12:04d}-{index % 12 + 1:02d}"
