"""Issue #18 item 3: a pack from a stranger with any one cell NULL or of the wrong type
makes no command raise a traceback: each works or stops with exit 2 and one line naming
the pack (and, for a bad cell, the table, row and column). Every column of every table of
the bundled sample is tried; the long version (more mutations, validate too) is
``python -m tests.benchmarks fuzz``."""

from __future__ import annotations

import pytest

from tests.gamecore.untrusted import crafted

COLUMNS = crafted.columns()


@pytest.mark.parametrize("kind", ["null", "retype"])
@pytest.mark.parametrize(("table", "column"), COLUMNS, ids=[f"{t}.{c}" for t, c in COLUMNS])
def test_a_crafted_cell_never_makes_a_traceback(tmp_path, table, column, kind):
    pack = tmp_path / "crafted.warroom"
    value = (
        None
        if kind == "null"
        else crafted.retype_value(crafted.column_type(crafted.SAMPLE, table, column))
    )
    if not crafted.craft(pack, table, column, value):
        pytest.skip("SQLite itself refuses this value")
    rc, err = crafted.run(["info", str(pack)])
    assert crafted.check_outcome(["info"], rc, err, pack) is None
    # a pack that opens is played and exported too, when the change can matter to them
    # (``pos`` only orders rows; the benchmark runs every command on every case)
    deep = rc == 0 and kind == "null" and column != "pos" and table != "store_state"
    which = ("dump", "play", "export") if deep else ("dump",)
    for argv in crafted.commands(pack, tmp_path, which):
        rc2, err2 = crafted.run(argv)
        assert crafted.check_outcome(argv, rc2, err2, pack) is None, argv[0]


def test_all_columns_of_all_tables_are_tried():
    tables = {t for t, _ in COLUMNS}
    assert {"zones", "scenarios", "units", "objectives", "nations", "lines"} <= tables
    assert len(COLUMNS) > 120


@pytest.mark.parametrize(("table", "column"), [("scenarios", "ruleset"), ("scenarios", "name")])
def test_a_null_scenario_name_or_ruleset_names_table_row_and_column(tmp_path, table, column):
    pack = tmp_path / "p.warroom"
    assert crafted.craft(pack, table, column, None)
    rc, err = crafted.run(["info", str(pack)])
    assert rc == 2
    assert err.count("\n") == 1
    assert "p.warroom" in err and f"table {table}, row 1, column {column}" in err
    assert "NULL" in err


@pytest.mark.parametrize(
    ("table", "column", "mutation", "says"),
    [
        ("zones", "props", "deep_json", "nested deeper"),
        ("zones", "slots", "big_int_json", "digits"),
        ("units", "count", "int", "outside"),
        ("zones", "label_x", "inf", "not finite"),
        ("zones", "label_x", "real", "outside"),
        ("zones", "geometry", "blob", "WKB"),
        ("scenarios", "options", "empty", "not valid JSON"),
    ],
)
def test_hostile_values_are_refused_on_open(tmp_path, table, column, mutation, says):
    pack = tmp_path / "p.warroom"
    assert crafted.craft(pack, table, column, crafted.MUTATIONS[mutation])
    rc, err = crafted.run(["info", str(pack)])
    assert rc == 2 and err.count("\n") == 1
    assert f"table {table}, row 1, column {column}" in err and says in err


@pytest.mark.parametrize(
    ("table", "column", "mutation"),
    [
        ("nations", "id", "deep_json"),  # a 100,000-character nation id: its flag file
        ("scenarios", "name", "big_int_json"),  # a 5,000-character scenario name
    ],
)
def test_export_errors_caused_by_a_pack_name_the_pack_and_stay_short(
    tmp_path, table, column, mutation
):
    """Found by bench_fuzz: export refused these with the output path or the scenario
    name only, the whole 100,000-character name on the line."""
    pack = tmp_path / "p.warroom"
    assert crafted.craft(pack, table, column, crafted.MUTATIONS[mutation])
    (argv,) = crafted.commands(pack, tmp_path, ("export",))
    rc, err = crafted.run(argv)
    assert crafted.check_outcome(argv, rc, err, pack) is None
    assert rc == 2 and len(err) < 700
