"""ATT005's overlap test (#39 item 3): the slots closer than the slot radius, found on a
grid in linear time, agree with comparing every pair."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.validate.checks_attrs import crowded_slots


def brute(slots, r):
    return sorted(
        {
            k
            for i, a in enumerate(slots)
            for j, b in enumerate(slots)
            if i != j and math.dist(a, b) < r
            for k in (i, j)
        }
    )


coord = st.floats(min_value=-50, max_value=50, allow_nan=False, width=32)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(coord, coord), max_size=40),
    st.floats(min_value=0.01, max_value=20, allow_nan=False),
)
def test_grid_agrees_with_every_pair(slots, r):
    assert crowded_slots(slots, r) == brute(slots, r)


def test_points_exactly_r_apart_do_not_overlap():
    assert crowded_slots([(0.0, 0.0), (3.0, 4.0)], 5.0) == []
    assert crowded_slots([(0.0, 0.0), (3.0, 3.99)], 5.0) == [0, 1]


def test_a_hundred_thousand_slots_on_one_point_are_all_crowded():
    # all pairs would be 5e9 distances; the grid reads each slot once
    slots = [(1.0, 1.0)] * 100_000 + [(500.0, 500.0)]
    close = crowded_slots(slots, 2.0)
    assert len(close) == 100_000 and 100_000 not in close
