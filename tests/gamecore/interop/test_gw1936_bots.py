"""The heuristic bot's wars in the sample's ``global-war-1936`` scenario (seeds/000 §5.5
declarations of war through the NRS gates, §14.1 the Molotov-Ribbentrop pact)."""

from __future__ import annotations

import pytest

from gamecore.engine import new_game
from gamecore.paths import sample_pack
from gamecore.rules import politics
from gamecore.sim.bots.heuristic import HeuristicBot
from gamecore.store import read_pack

GW = "global-war-1936"
MAJORS = ["GER", "SOV", "JPN", "ITA", "UK", "FRA", "USA"]


@pytest.fixture(scope="module")
def pack():
    return read_pack(sample_pack())


def test_no_major_goes_to_war_before_the_gates_open(pack):
    # §5.5: in July 1936 every gate is shut: no declaration at all
    s = new_game(pack, GW, seed=1, rounds=20)
    bot = HeuristicBot(1)
    for n in MAJORS:
        assert bot._border_wars(s, n) == set(), n
        assert politics.suggested_wars(s, n) == set(), n


def test_july_1939_germany_takes_poland_then_turns_east(pack):
    s = new_game(pack, GW, seed=1, rounds=20)
    bot = HeuristicBot(1)
    s.round = 7  # 6-month turns from 1936-07 (§6.1)
    assert politics.current_date(s) == "1939-07"
    # Poland stands between Germany and the USSR: Poland first
    assert politics.suggested_wars(s, "GER") == {"POL"}
    assert bot._border_wars(s, "GER") == set()
    # Poland falls and the Wehrmacht stands on the Soviet border, still bound by the pact
    # (§14.1): it strikes only when it outnumbers the Red Army there pact_ratio times
    code = {z.code: z.id for z in pack.map.zones.values()}
    for c in ("PLD", "EPL"):
        s.owner[code[c]] = "GER"
    s.set_relation("GER", "SOV", "pact")
    army = sorted(u.id for u in s.units.values() if u.nation == "GER" and u.zone == code["DEU"])
    for uid in army:
        s.move_unit(uid, code["EPL"])
    assert bot._border_wars(s, "GER") == set()  # the western military districts hold
    # the Red Army of the west sent to the Far East: now the pact is worth breaking
    west = {code[c] for c in ("BYE", "UKR", "EUK", "MOS", "LEN")}
    for u in sorted(s.units.values(), key=lambda u: u.id):
        if u.nation == "SOV" and u.zone in west:
            s.move_unit(u.id, code["VLA"])
    assert bot._border_wars(s, "GER") == {"SOV"}
