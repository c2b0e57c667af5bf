"""The figures benchmarks read from committed records are whole and consistent.

tests/benchmarks/data/triplea_fast_ai.json holds TripleA 1.9's Fast AI measured by hand
(tests/benchmarks/triplea_fast_ai.py); bench_playtest prints Warroom's Global 1940 games
per minute beside it (issue #24).
"""

from __future__ import annotations

import json

from tests.benchmarks.bench_playtest import G40_XML, TRIPLEA_RECORD, triplea_fast_ai_figure


def test_the_triplea_fast_ai_record_is_consistent():
    data = json.loads(TRIPLEA_RECORD.read_text(encoding="utf-8"))
    assert data["measurements"]
    for m in data["measurements"]:
        ok = [g for g in m["games"] if g["result"].startswith("OK\t")]
        assert ok and all(g["result"] == f"OK\t{m['rounds']}" for g in ok)
        mean = sum(g["seconds"] for g in ok) / len(ok)
        assert abs(m["seconds_per_game"] - mean) < 0.1
        assert abs(m["games_per_minute"] - 60 / mean) < 0.001
        assert m["machine"]["cpus"] >= 1 and m["machine"]["cpu"] and m["triplea"].startswith("1.9")
        for g in ok:  # every round was timed, and the rounds add up to the game
            assert sorted(map(int, g["round_s"])) == list(range(1, m["rounds"] + 1))
            assert abs(g["startup_s"] + sum(g["round_s"].values()) - g["seconds"]) < 1.0
    fig = triplea_fast_ai_figure()
    assert fig is not None and fig["game_xml"] == G40_XML and fig["rounds"] == 10
