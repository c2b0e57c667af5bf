"""The calendar (issue #22): any number of seasons a year — Hitler's Global War plays
three seasons of four months — besides the fixed calendars (seeds/000 §2.5, T 6-1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamecore.model.calendar import (
    calendar_month,
    date_label,
    is_calendar,
    months_per_round,
    season_of,
)


def test_fixed_calendars_are_unchanged():
    assert [date_label(calendar_month("1936-07", "6-months", r)) for r in (1, 2, 3)] == [
        "1936-07",
        "1937-01",
        "1937-07",
    ]
    assert months_per_round("year") == 12 and months_per_round("season") == 3


def test_three_seasons_a_year():
    labels = [date_label(calendar_month("1939-01", "3-seasons", r)) for r in range(1, 5)]
    assert labels == ["1939-01", "1939-05", "1939-09", "1940-01"]
    assert [season_of("1939-01", "3-seasons", r) for r in range(1, 5)] == [
        (1939, 0),
        (1939, 1),
        (1939, 2),
        (1940, 0),
    ]
    assert months_per_round("4-months") == 4


@pytest.mark.parametrize("bad", ["5-seasons", "7-months", "0-months", "fortnight", ""])
def test_names_that_do_not_divide_the_year_are_not_calendars(bad):
    assert not is_calendar(bad)


@given(st.sampled_from([1, 2, 3, 4, 6, 12]), st.integers(1, 200))
def test_n_seasons_cycle_through_the_year(n, rnd):
    year, season = season_of("1936-01", f"{n}-seasons", rnd)
    assert 0 <= season < n
    assert (year - 1936) * n + season == rnd - 1


def test_the_editor_operation_accepts_seasons():
    from gamecore.engine.testmaps import toy_pack
    from gamecore.ops.base import EditError
    from gamecore.ops.scenario import SetScenarioFields

    pack = toy_pack()
    SetScenarioFields("test", "calendar", "3-seasons").apply(pack)
    assert pack.scenarios["test"].calendar == "3-seasons"
    with pytest.raises(EditError, match="N-seasons"):
        SetScenarioFields("test", "calendar", "5-seasons").apply(pack)
