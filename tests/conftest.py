"""Test-wide settings: Qt runs offscreen so the suite passes with no display."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")


def pytest_collection_modifyitems(config, items):
    """Whole games of another program (TripleA's AI for whole rounds of a large map) and
    whole campaigns take as long as the machine is slow: opt in with WARROOM_WHOLE_GAMES=1."""
    if os.environ.get("WARROOM_WHOLE_GAMES") == "1":
        return
    import pytest

    skip = pytest.mark.skip(reason="a whole long game: set WARROOM_WHOLE_GAMES=1 to run it")
    for item in items:
        if "whole_game" in item.keywords:
            item.add_marker(skip)
