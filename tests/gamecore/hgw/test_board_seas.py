"""The bundled board's sea geography (rules-notes/001 §1.3; docs/hgw_board.md "Sea
geography"): each named sea is one body of water, the Atlantic meets the Mediterranean
only past Gibraltar 2031, the Baltic reaches the Atlantic only past East Denmark 1136 or
through the Kiel canal 1236, the Black Sea reaches the Mediterranean only past Istanbul
1842; taking a controlling hex away parts the two seas (rules-notes/001 §5.1.7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamecore.engine import new_game
from gamecore.hgw import geo
from gamecore.store import read_pack

SEAS = ("Atlantic Ocean", "Mediterranean Sea", "Baltic Sea", "Black Sea")


@pytest.fixture(scope="module")
def game():
    root = Path(__file__).resolve().parents[3]
    pack = read_pack(root / "resources" / "samples" / "hgw-barbarossa.warroom")
    return new_game(pack, "fall_of_germany", seed=1)


def code_of(s):
    return {c: z for z, c in s.board.code.items()}


def routes(s, hostile=()):
    """sea area -> the set of route labels its hexes get when every hex but ``hostile``
    is friendly."""
    code = code_of(s)
    shut = {code[c] for c in hostile}
    label, _ = geo.sea_net(s, SEAS, lambda z: z not in shut)
    g = geo.graph(s)
    out: dict[str, set[int]] = {}
    for z, area in g.area.items():
        if area in SEAS:
            out.setdefault(area, set()).add(label.get(z))
    return out


def test_each_named_sea_is_one_body_of_water_and_all_meet_with_the_straits_open(game):
    by_area = routes(game)
    for area in SEAS:
        assert len(by_area[area]) == 1 and None not in by_area[area], area
    assert len(set().union(*by_area.values())) == 1


def test_the_atlantic_meets_the_mediterranean_only_past_gibraltar(game):
    by_area = routes(game, hostile=["2031"])
    assert by_area["Atlantic Ocean"].isdisjoint(by_area["Mediterranean Sea"])
    # Gibraltar shuts only its strait: each sea stays one body of water
    assert len(by_area["Atlantic Ocean"]) == len(by_area["Mediterranean Sea"]) == 1


def test_no_sea_step_across_southern_france(game):
    g = geo.graph(game)
    code = code_of(game)
    lion = code["1632"]
    assert g.area[lion] == "Mediterranean Sea"
    assert code["1531"] not in g.sea[lion] and code["1631"] not in g.sea[lion]


def test_the_black_sea_reaches_the_mediterranean_only_past_istanbul(game):
    by_area = routes(game, hostile=["1842"])
    assert by_area["Black Sea"].isdisjoint(by_area["Mediterranean Sea"])
    assert by_area["Black Sea"].isdisjoint(by_area["Atlantic Ocean"])
    assert by_area["Mediterranean Sea"] == by_area["Atlantic Ocean"]


@pytest.mark.parametrize(
    ("hostile", "apart"), [(["1136"], False), (["1236"], False), (["1136", "1236"], True)]
)
def test_the_baltic_reaches_the_atlantic_past_east_denmark_or_through_kiel(game, hostile, apart):
    by_area = routes(game, hostile=hostile)
    assert by_area["Baltic Sea"].isdisjoint(by_area["Atlantic Ocean"]) is apart
    assert len(by_area["Baltic Sea"]) == 1


def test_the_passages_are_links_with_a_controlling_hex_and_not_plain_sea_steps(game):
    """A passage is no sea hexside: a route takes it only through sea_net's control test
    (the invasion search, which walks HexGraph.sea, does not cross it)."""
    g = geo.graph(game)
    code = code_of(game)
    want = {
        ("2030", "1933"): "2031",
        ("1035", "1138"): "1136",
        ("1234", "1138"): "1236",
        ("1742", "2042"): "1842",
    }
    for (a, b), ctl in want.items():
        assert geo.Passage(sea=code[b], control=code[ctl]) in g.passage[code[a]]
        assert geo.Passage(sea=code[a], control=code[ctl]) in g.passage[code[b]]
        assert code[b] not in g.sea[code[a]]


def test_a_sea_step_passes_gibraltar_only_while_2031_is_friendly(game):
    """Sea movement, sea supply and invasion routes take their steps from
    geo.sea_steps, so a passage between two seas is one step there too, open only while
    its controlling hex is friendly (seeds/001 Sea Route 4): an invasion route out of the
    Atlantic may enter the Mediterranean past a friendly Gibraltar, never past a hostile one."""
    g = geo.graph(game)
    code = code_of(game)
    atlantic, med, gib = code["2030"], code["1933"], code["2031"]
    assert med in set(geo.sea_steps(g, atlantic, lambda z: True))
    assert med not in set(geo.sea_steps(g, atlantic, lambda z: z != gib))
    assert atlantic in set(geo.sea_steps(g, med, lambda z: True))
