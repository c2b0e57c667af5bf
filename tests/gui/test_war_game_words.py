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
