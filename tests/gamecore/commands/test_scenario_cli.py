"""`warroom scenario list|show|check-condition` (issue #8, CLI)."""

import json

import pytest

from gamecore.cli import main
from gamecore.store import write_pack
from tests.gamecore.conditions.world3g40 import build_pack


@pytest.fixture
def pack_path(tmp_path):
    path = tmp_path / "g.warroom"
    pack = build_pack()
    sc = pack.scenarios["1940"]
    sc.turn_order = [
        ["GER"],
        ["UKP"],
        ["JPN"],
        ["UKE"],
        ["ITA"],
        ["CHN"],
        ["SOV"],
        ["USA"],
        ["FRA"],
    ]
    write_pack(pack, path)
    return str(path)


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_list_prints_one_id_per_line(capsys, pack_path):
    code, out, _ = run(capsys, "scenario", "list", pack_path)
    assert code == 0 and out.split() == ["1940"]
    code, out, _ = run(capsys, "scenario", "list", pack_path, "--json")
    assert json.loads(out) == {"scenarios": [{"id": "1940", "name": "Global 1940"}]}


def test_show_summarises_the_setup(capsys, pack_path):
    code, out, _ = run(capsys, "scenario", "show", pack_path, "1940")
    assert code == 0
    assert "turn order: GER → UKP → JPN" in out
    assert "alliance axis: GER, ITA, JPN" in out
    code, out, _ = run(capsys, "scenario", "show", pack_path, "1940", "--json")
    data = json.loads(out)
    assert "GER-SOV" not in data["relations"]  # peace is the default, not stored
    assert data["relations"]["FRA-GER"] == "war"
    assert data["zones_owned"]["GER"] == 5


def test_check_condition_prints_value(capsys, pack_path):
    code, out, _ = run(
        capsys,
        "scenario",
        "check-condition",
        pack_path,
        "1940",
        "controls(GER, {Poland, Denmark}) and not at_war(GER, SOV)",
    )
    assert (code, out.strip()) == (0, "true")
    code, out, _ = run(
        capsys,
        "scenario",
        "check-condition",
        pack_path,
        "1940",
        "5 * count(t in original(GER): controls(GER, t))",
    )
    assert out.strip() == "25"
    code, out, _ = run(capsys, "scenario", "check-condition", pack_path, "1940", "original(ITA)")
    assert out.strip() == "Northern Italy, Southern Italy, Libya, Tobruk"


@pytest.mark.parametrize(
    "expr,where,what",
    [
        ("controls(GER, Poland", "line 1, column 21", "expected ')'"),
        ("controls(GER,\n Polnad)", "line 2, column 2", "unknown zone or region 'Polnad'"),
        ("Polnad", "line 1, column 1", "unknown zone"),
    ],
)
def test_bad_condition_exits_2_with_position(capsys, pack_path, expr, where, what):
    code, out, err = run(capsys, "scenario", "check-condition", pack_path, "1940", expr)
    assert code == 2 and out == ""
    line = err.strip()
    assert "\n" not in line and where in line and what in line and pack_path in line


def test_unknown_scenario_and_missing_pack(capsys, pack_path, tmp_path):
    code, _, err = run(capsys, "scenario", "show", pack_path, "1936")
    assert code == 2 and "no scenario '1936' (scenarios: 1940)" in err
    code, _, err = run(capsys, "scenario", "list", str(tmp_path / "missing.warroom"))
    assert code == 2 and "missing.warroom" in err
