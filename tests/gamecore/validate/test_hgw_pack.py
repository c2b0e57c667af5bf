"""The bundled Barbarossa pack under the HGW checks, through the CLI (issue #28): the
pack as built, and a broken copy of it (tests/gamecore/validate/hgw_broken.py) whose
errors `warroom validate` reports with exit 1."""

from __future__ import annotations

import json

import pytest

from gamecore.cli import main
from gamecore.store import read_pack, write_pack

from . import hgw_broken


def run(capsys, *argv):
    code = main(list(argv))
    return code, capsys.readouterr().out


@pytest.fixture(scope="module")
def shipped():
    return read_pack(hgw_broken.pack_path())


def test_a_broken_barbarossa_gives_the_expected_issues_through_the_cli(capsys, tmp_path, shipped):
    """An army moved into Switzerland (HGW003, and its set-up row now names an empty hex:
    HGW013), 11 SPs in a hex (HGW004), a 13th Axis army (HGW002), Moscow's option at 1142
    while the scenario's victory hexes say 1144 (HGW010, rules-notes/001 §0.3, §5.5)."""
    # The shipped pack's issues without its smoke games (--quick): on the shipped pack they
    # add nothing (12 HGW008 infos either way) and cost 30 s of CPU. The broken copy below
    # runs them, since DYN001 is among its issues.
    code, out = run(capsys, "validate", str(hgw_broken.pack_path()), "--json", "--quick")
    assert not [i for i in json.loads(out)["issues"] if i["severity"] == "error"]
    before = {i["key"] for i in json.loads(out)["issues"]}
    pack = read_pack(hgw_broken.pack_path())
    for edit in hgw_broken.edits(pack):
        edit.apply(pack)
    path = tmp_path / "broken.warroom"
    write_pack(pack, path)
    code, out = run(capsys, "validate", str(path), "--json")
    assert code == 1
    new = [i for i in json.loads(out)["issues"] if i["key"] not in before]
    hgw = [i for i in new if i["code"].startswith("HGW")]
    assert {i["code"] for i in hgw} == set(hgw_broken.EXPECTED)
    # also: units in an impassable zone (SCN003), and the smoke games the CLI plays fail
    # to set up (the rule system refuses a 13th army: DYN001)
    assert {i["code"] for i in new} - {i["code"] for i in hgw} == {"SCN003", "DYN001"}
    for c, words in hgw_broken.EXPECTED.items():
        assert any(i["code"] == c and words in i["message"] for i in new), (c, new)
    assert all(i["severity"] == "error" and i["scenario"] == "barbarossa" for i in hgw)
    code, text = run(capsys, "validate", str(path), "--select", "HGW003")
    assert code == 1
    assert text.splitlines()[0].startswith(
        f"{path}: error HGW003 [barbarossa] an AXIS army stands in 1535"
    )
