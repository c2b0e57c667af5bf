"""`warroom zone delete|merge`: the editor's structural zone edits from the command line,
with the same choice of what happens to the removed zones' units, ownership and capital
(issue #20)."""

from __future__ import annotations

import json

import pytest

from editor.demo import demo_pack
from gamecore.cli import main
from gamecore.model import Ownership
from gamecore.store import read_pack, write_pack


@pytest.fixture
def pack_path(tmp_path):
    path = tmp_path / "demo.warroom"
    pack = demo_pack()
    sax = pack.map.zone_by_code("SAX").id
    pack.scenarios["1939"].ownership[sax] = Ownership("ITA", "ITA")
    write_pack(pack, path)
    return str(path)


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def _units(pack, code):
    zid = pack.map.zone_by_code(code).id
    return sum(u.count for u in pack.scenarios["1939"].units if u.zone == zid)


def test_merge_moves_everything_to_the_surviving_zone_by_default(capsys, pack_path):
    before = read_pack(pack_path)
    pru, sax = _units(before, "PRU"), _units(before, "SAX")
    code, out, err = run(capsys, "zone", "merge", pack_path, "SAX", "PRU", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["removed"] == ["PRU"] and report["survivor"] == "SAX"
    assert report["capitals"] == ["GER"] and report["units"] == pru
    after = read_pack(pack_path)
    assert after.map.zone_by_code("PRU") is None
    assert _units(after, "SAX") == sax + pru
    sax_id = after.map.zone_by_code("SAX").id
    assert after.nations["GER"].capital == sax_id
    assert after.scenarios["1939"].ownership[sax_id].owner == "ITA"


def test_merge_with_choices_removes_units_takes_the_owner_clears_the_capital(capsys, pack_path):
    before = read_pack(pack_path)
    sax = _units(before, "SAX")
    code, out, err = run(
        capsys,
        "zone",
        "merge",
        pack_path,
        "SAX",
        "PRU",
        "--units",
        "remove",
        "--ownership",
        "removed",
        "--capital",
        "clear",
    )
    assert code == 0, err
    assert "PRU into SAX" in out and "removed" in out
    after = read_pack(pack_path)
    sax_id = after.map.zone_by_code("SAX").id
    assert _units(after, "SAX") == sax
    assert after.scenarios["1939"].ownership[sax_id].owner == "GER"
    assert after.nations["GER"].capital is None


def test_delete_gives_the_area_and_units_to_a_neighbour(capsys, pack_path):
    before = read_pack(pack_path)
    total = sum(u.count for u in before.scenarios["1939"].units)
    code, out, err = run(capsys, "zone", "delete", pack_path, "Rhineland")
    assert code == 0, err
    after = read_pack(pack_path)
    assert after.map.zone_by_code("RHI") is None
    assert sum(u.count for u in after.scenarios["1939"].units) == total
    assert out.startswith(f"{pack_path}: deleted RHI into ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["zone", "delete", "{p}", "XXX"], "no zone with code or name 'XXX'"),
        (["zone", "merge", "{p}", "SAX", "SAX"], "name each zone once"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, pack_path, argv, message):
    code, out, err = run(capsys, *[a.replace("{p}", pack_path) for a in argv])
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_a_removal_that_breaks_a_scenario_is_refused_unless_forced(capsys, tmp_path):
    # issue #39: `zone delete 1240` on the hex board exited 0 and left the Barbarossa
    # scenario unable to start (Army Group North's set-up hex gone) and hex 1239 no longer
    # a hexagon. Now it is refused, one line and exit 2, the pack untouched; --force does it.
    import shutil

    from gamecore.paths import resource

    src = resource("samples", "hgw-barbarossa.warroom")
    path = tmp_path / "hgw.warroom"
    shutil.copyfile(src, path)
    code, out, err = run(capsys, "zone", "delete", str(path), "1240")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "refused" in err and "HGW013 [barbarossa]" in err and "1240" in err
    assert path.read_bytes() == src.read_bytes()
    code, out, err = run(capsys, "zone", "delete", str(path), "1240", "--force")
    assert code == 0, err
    assert read_pack(path).map.zone_by_code("1240") is None
