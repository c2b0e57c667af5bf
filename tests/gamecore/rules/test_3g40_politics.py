"""3G40's declarations of war played by the engine (resources/conditions/3g40_politics.txt
on a miniature 3G40 board, tests/gamecore/conditions/world3g40.py).

seeds/004_e79f22d5c6f862ad.txt "THE POLITICAL SITUATION" (rules-notes/004 §2.7-§2.8):
- UNITED KINGDOM PACIFIC l. 705 / UNITED KINGDOM EUROPE l. 742: either UK "may declare war
  on Japan at the beginning of the Combat Move phase of its third turn, resulting in a
  state of war between Japan and both the United Kingdom Europe and Pacific";
- JAPAN l. 722: "A declaration of war by Japan against the United Kingdom Pacific will
  immediately result in a state of war between Japan and UK Pacific";
- UNITED STATES l. 798: "if it's not yet at war by the Collect Income phase of its third
  turn, the United States may declare war on any or all Axis powers at the beginning of
  that phase".
"""

from __future__ import annotations

import pytest

from gamecore.conditions import rules_to_objectives
from gamecore.engine import new_game
from gamecore.engine.turns import END
from gamecore.paths import resource
from gamecore.rules import phases
from tests.gamecore.conditions.world3g40 import build_pack

TURN_ORDER = [["GER"], ["UKP"], ["JPN"], ["UKE"], ["ITA"], ["CHN"], ["SOV"], ["USA"], ["FRA"]]


@pytest.fixture(scope="module")
def pack():
    pack = build_pack()
    sc = pack.scenarios["1940"]
    for o in rules_to_objectives(resource("conditions", "3g40_politics.txt").read_text()):
        sc.objectives[o.id] = o
    sc.options.update({"scenario_events": True, "war_gates": True})
    sc.turn_order = TURN_ORDER
    return pack


@pytest.mark.parametrize("uk, other", [("UKP", "UKE"), ("UKE", "UKP")])
def test_either_uk_declaring_on_japan_puts_both_at_war(pack, uk, other):
    s = new_game(pack, "1940", seed=1)
    assert not s.at_war(other, "JPN")
    phases.declare_war(s, uk, "JPN")
    assert s.at_war(uk, "JPN") and s.at_war(other, "JPN")
    # the other UK's war is its own declaration, not an unprovoked one by Japan
    assert not any(h.get("by") == "JPN" for h in s.history if h["type"] == "declared_war")


def test_japan_declaring_on_uk_pacific_leaves_uk_europe_at_peace(pack):
    s = new_game(pack, "1940", seed=1)
    phases.declare_war(s, "JPN", "UKP")
    assert s.at_war("UKP", "JPN") and not s.at_war("UKE", "JPN")


def _play_ends(s, rounds):
    """Every nation ends every phase without acting, through ``rounds`` rounds."""
    while s.round <= rounds and not s.is_terminal():
        s.apply(END)


def test_the_usa_enters_the_war_at_the_collect_income_of_its_third_turn(pack):
    s = new_game(pack, "1940", seed=1)
    _play_ends(s, 3)
    log = [e for e in s.log if e.get("e") in ("declare_war", "income", "turn")]
    us_income = [i for i, e in enumerate(log) if e["e"] == "income" and e["nation"] == "USA"]
    us_war = [i for i, e in enumerate(log) if e["e"] == "declare_war" and e["by"] == "USA"]
    assert len(us_income) == 3  # rounds 1-3
    assert sorted(e["on"] for e in (log[i] for i in us_war)) == ["GER", "ITA", "JPN"]
    # after its 2nd income, before its 3rd: the 3rd collection is at war
    assert us_income[1] < min(us_war) and max(us_war) < us_income[2]
    assert s.at_war("USA", "GER") and s.at_war("USA", "JPN")


def test_no_fallback_event_when_the_usa_is_already_at_war(pack):
    s = new_game(pack, "1940", seed=1)
    phases.declare_war(s, "JPN", "USA")
    _play_ends(s, 3)
    assert not any(e.get("e") == "scenario_event" and e["id"] == "USA_fallback_war" for e in s.log)
