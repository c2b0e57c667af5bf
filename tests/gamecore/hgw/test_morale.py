"""Campaign Game II's national morale (issue #40; seeds/001 NATIONAL MORALE, the NATIONAL
MORALE chart, Morale Attacks, EXAMPLE OF MORALE ATTACK): Germany and Great Britain on one
track, the chart's events, the attack-roll penalty, morale raids and the bots' choice."""

from __future__ import annotations

import pytest

from gamecore.engine.actions import Action
from gamecore.hgw import morale as mo
from gamecore.hgw.combat import advance_modifier
from gamecore.hgw.politics import join
from gamecore.hgw.strategic import Air, bot_strategic
from gamecore.hgw.tables import FIREPOWER
from gamecore.paths import resource
from gamecore.store import read_pack
from tests.gamecore.hgw.helpers import campaign_game, junk_option_is_refused, to_phase, z


@pytest.fixture(scope="module")
def pack():
    return read_pack(resource("samples", "hgw-campaign.warroom"))


def game(pack, scenario="campaign_2", dice=None, **kw):
    return campaign_game(pack, scenario, dice, **kw)


def axis_raid(pack, dice, bombers=10):
    """The Axis strategic warfare phase with ``bombers`` bomber SPs at 1433 (3 hexes
    from London 1233; bomber tech level 1)."""
    s = game(pack, dice=dice)
    to_phase(s, "AXIS", "naval")
    s.phase_i = s.rules.phases.index("strategic")
    base = z(s, "1433")
    s.owner[base] = "AXIS"
    rec = s.tech["AXIS"]["bomber"]._replace(level=1, half=14)
    s.tech = {**s.tech, "AXIS": {**s.tech["AXIS"], "bomber": rec}}
    s.air = {base: Air("AXIS", bomber=bombers)}
    s.bump()
    s._legal = None
    return s, base


def test_example_of_morale_attack(pack):
    """EXAMPLE OF MORALE ATTACK: "If ten missile strength points are directed against
    British morale and a four is rolled on the die, British morale decreases by three."
    Missiles are not done; a bomber morale raid is resolved the same way (Morale Attacks
    2), so ten bombers on London with a die of four. Germany's morale rises as much (4)."""
    s, base = axis_raid(pack, [4])
    london = z(s, "1233")
    raid = Action("hgw_bomb", path=(base,), zone=london, profile="morale")
    assert raid in s.legal_actions()
    s.apply(raid)
    assert FIREPOWER["4"][9] == 3
    assert mo.morale(s, "Great Britain") == -3 and mo.morale(s, "Germany") == 3
    e = next(x for x in s.log if x["e"] == "hgw_morale")
    assert (e["country"], e["change"], e["morale"]) == ("Great Britain", -3, -3)
    assert s.log[-1]["target"] == "morale" and s.log[-1]["devastated"] == {}


def test_low_morale_burdens_the_side_s_attack_rolls(pack):
    """NATIONAL MORALE 6-7: from the first penalty step every attack die roll of the
    country's side is raised (+1 at -5, AUTHORED steps), never by more than +4."""
    s = game(pack)
    src, t = z(s, "1433"), z(s, "1434")
    base = advance_modifier(s, "ALL", src, t, 3, 0)
    for value, want in ((-4, 0), (-5, 1), (-8, 2), (-11, 3), (-14, 4)):
        s.politics = {**s.politics, "morale": -value}  # Germany's, Britain's negated
        assert mo.morale(s, "Great Britain") == value
        assert mo.morale_mod(s, "ALL") == want and mo.morale_mod(s, "AXIS") == 0
        assert advance_modifier(s, "ALL", src, t, 3, 0) == base + want
    mo.shift(s, "Germany", -40, "test")
    assert mo.morale(s, "Germany") == -14  # never below -14 (3)
    assert mo.morale_mod(game(pack, "campaign_1"), "ALL") == 0


def test_the_chart_s_events(pack):
    """The NATIONAL MORALE chart: United States joins Allies +2 (Britain); Loss of
    Gibraltar -1 (Britain), once; Soviet Union surrenders -1 (Britain)."""
    s = game(pack)
    join(s, "United States", "ALL", "test")
    mo.events(s)
    assert mo.morale(s, "Great Britain") == 2
    s.owner[z(s, "2031")] = "AXIS"
    mo.events(s)
    mo.events(s)
    assert mo.morale(s, "Great Britain") == 1
    s.politics = {**s.politics, "surrendered": ["Soviet Union"]}
    mo.events(s)
    assert mo.morale(s, "Great Britain") == 0 and mo.morale(s, "Germany") == 0


def test_hexes_lost_and_gained_in_a_combat_phase(pack):
    """The chart: "Loss of 5 or more hexes in a combat phase -1; Gain of 6 or more hexes
    +1" (Either; 5: counted for the side): six French hexes taken by the Axis lower
    British morale and raise German morale, each by one, so Britain stands at -2."""
    s = game(pack)
    to_phase(s, "AXIS", "announce")
    french = sorted(h for h, o in s.owner.items() if o == "ALL")[:6]
    for h in french:
        s.owner[h] = "AXIS"
    s.bump()
    mo.combat_end(s)
    assert mo.morale(s, "Great Britain") == -2
    why = [e["why"] for e in s.log if e["e"] == "hgw_morale"]
    assert why == ["gained 6 hexes in a combat phase", "lost 6 hexes in a combat phase"]


def test_the_bot_raids_morale_near_the_penalty(pack):
    """The bots' morale decision: a morale raid when the expected hits (a third of the
    bombers) bring the enemy country to its first penalty step, else industry."""
    s, base = axis_raid(pack, [6], bombers=10)
    a = bot_strategic(s)
    assert a.profile == ""  # British morale 0: 10 bombers do not reach -5
    s.politics = {**s.politics, "morale": 2}  # Britain at -2
    s._legal = None
    a = bot_strategic(s)
    assert a.profile == "morale" and a.zone == z(s, "1233")


@pytest.mark.parametrize(
    "value",
    [
        {"pair": ["Germany"]},
        {"pair": ["Germany", "Great Britain"], "penalty": [[-5, 9]]},
        {"pair": ["Germany", "Great Britain"], "joins": {"Great Britain": {"US": 2}}},
    ],
)
def test_junk_morale_is_one_line_and_exit_2(pack, tmp_path, capsys, value):
    """Untrusted input: a junk morale table in a pack: one line, exit 2."""
    junk_option_is_refused(pack, tmp_path, capsys, "campaign_2", "hgw_morale", value)
