"""`warroom validate` (issue #9, CLI): compiler-style lines, JSON, exit codes."""

import json

from shapely.geometry import box

from gamecore.cli import main
from gamecore.store import write_pack
from tests.gamecore.validate.packs import grid_pack, zone


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_clean_selection_exits_0(capsys, tmp_path):
    path = tmp_path / "g.warroom"
    write_pack(grid_pack(), path)
    code, out, _ = run(capsys, "validate", str(path), "--select", "MAP,GRA,ATT")
    assert code == 0
    assert out.strip().splitlines()[-1].startswith("0 error(s), 0 warning(s)")


def test_errors_exit_1_with_compiler_style_lines(capsys, tmp_path):
    pack = grid_pack()
    b = zone(pack, "B")
    pack.map.zones[b].geometry = box(100, 100, 250, 200)
    path = tmp_path / "bad.warroom"
    write_pack(pack, path)
    code, out, _ = run(capsys, "validate", str(path), "--select", "MAP002")
    assert code == 1
    first = out.splitlines()[0]
    assert first.startswith(f"{path}: error MAP002 zone 'B' (id {b}) and zone 'C'")
    code, out, _ = run(capsys, "validate", str(path), "--select", "MAP002", "--json")
    data = json.loads(out)
    (issue,) = data["issues"]
    assert set(issue) >= {"code", "severity", "message", "zones", "point", "fix"}
    assert issue["zones"] == [b, zone(pack, "C")] and len(issue["point"]) == 2
    assert data["counts"]["error"] == 1
    code, out, _ = run(capsys, "validate", str(path), "--select", "MAP002", "--ignore", "MAP")
    assert code == 0


def test_unreadable_pack_exits_2(capsys, tmp_path):
    path = tmp_path / "junk.warroom"
    path.write_text("not a pack")
    code, out, err = run(capsys, "validate", str(path))
    assert code == 2 and out == "" and str(path) in err and "\n" not in err.strip()
    code, _, err = run(capsys, "validate", str(tmp_path / "none.warroom"))
    assert code == 2


def test_list_checks(capsys):
    code, out, _ = run(capsys, "validate", "x", "--list-checks")
    assert code == 0 and "MAP001" in out and "DYN001" in out


def test_an_unknown_code_in_select_or_ignore_is_refused_naming_it(capsys, tmp_path):
    path = tmp_path / "g.warroom"
    write_pack(grid_pack(), path)
    code, out, err = run(capsys, "validate", str(path), "--select", "NOPE")
    assert code == 2 and out == "" and "--select NOPE" in err and "\n" not in err.strip()
    code, out, err = run(capsys, "validate", str(path), "--select", "MAP", "--ignore", "MAP999")
    assert code == 2 and "--ignore MAP999" in err and "MAP001" in err  # near codes offered
    # a known prefix is fine
    code, out, _ = run(capsys, "validate", str(path), "--select", "map", "--ignore", "MAP00")
    assert code == 0
