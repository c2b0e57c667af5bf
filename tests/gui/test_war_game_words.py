"""Play mode words for The War Game's own choices (fire modes, lend-lease, a naval
pass-through), as the action list shows them."""

from __future__ import annotations

from editor.play.mode import describe_action
from gamecore.engine import Action, new_game
from gamecore.engine.testmaps import war_game_pack


def test_war_game_actions_read_as_words():
    s = new_game(war_game_pack(), "mini", seed=1, log="none")
    assert (
        describe_action(s, Action("fire_mode", type="bomber", mode="guns")) == "Bomber fires: guns"
    )
    assert describe_action(s, Action.lend_lease("UK", 15)) == "Lend-lease 15 to UK"
    ids = s.pack.meta["zone_ids"]
    a = Action.move([1], (ids["1"], ids["3"], ids["5"]), mode="pass")
    assert describe_action(s, a).startswith("Pass 1 ship(s) through Zone 3 to Zone 5")


def test_factory_reduction_reads_as_words():
    """seeds/002 "Factories" (rules-notes/002 §4.8): reduce a major or scrap a factory."""
    s = new_game(war_game_pack(), "mini", seed=1, log="none")
    f = next(iter(s.facilities.values()))
    where = s.pack.map.zones[f.zone].name
    assert describe_action(s, Action("reduce_factory", target=f.id)) == (
        f"Scrap the factory in {where}"
    )
    assert (
        describe_action(s, Action("reduce_factory", type="minor_factory", target=f.id))
        == f"Reduce the factory in {where} to minor factory"
    )


def test_a_rule_system_words_its_own_actions_in_the_play_mode():
    """The play mode's action list asks the game's rule system first
    (RuleSystem.describe); kinds it leaves to the editor keep the editor's words."""
    from tests.gamecore.engine.toy_system import toy_pack

    s = new_game(toy_pack(), "test", seed=3)
    assert describe_action(s, Action("levy", zone=2)) == "Levy a soldier in zone 2"
    assert describe_action(s, Action.end_phase()) == "End phase"
