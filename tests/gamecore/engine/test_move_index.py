"""The incremental legal moves (gamecore.rules.movement.index, issue #39): after every
action of random games, the moves the state's index gives equal, in order, the moves a
fresh full scan gives (a clone starts without an index and builds it from scratch), so a
seeded bot picks the same move either way."""

from __future__ import annotations

import pytest

from gamecore.engine import RandomBot, new_game
from gamecore.engine.testmaps import feature_pack, synthetic_pack, toy_pack, war_game_pack

MOVE_PHASES = ("combat_move", "noncombat_move")


def _fresh_moves(state):
    c = state.clone()
    assert c._mindex is None  # a clone builds its own index
    c._legal = None
    return c.legal_actions()


def _play_comparing(pack, scenario: str, seed: int, rounds: int, max_actions: int) -> int:
    state = new_game(pack, scenario, seed=seed, rounds=rounds)
    bot = RandomBot(seed)
    compared = 0
    for _ in range(max_actions):
        if state.is_terminal():
            break
        if state.phase in MOVE_PHASES and state.decision is None:
            assert state.legal_actions() == _fresh_moves(state), (state.round, state.phase)
            compared += 1
        state.apply(bot.choose(state), check=False)
    return compared


@pytest.mark.parametrize(
    ("make", "scenario", "seed"),
    [
        (toy_pack, "test", 1),
        (toy_pack, "test", 2),
        (feature_pack, "test", 1),
        (feature_pack, "test", 3),
        (war_game_pack, "mini", 1),
        (lambda: synthetic_pack(50, seed=3), "synthetic", 2),
    ],
    ids=["toy-1", "toy-2", "feature-1", "feature-3", "war-game-1", "synthetic50-2"],
)
def test_incremental_moves_equal_a_full_scan(make, scenario, seed):
    assert _play_comparing(make(), scenario, seed, rounds=3, max_actions=600) > 20


@pytest.mark.parametrize("scenario", ["1939", "global-war-1936"])
def test_incremental_moves_equal_a_full_scan_on_the_sample(scenario):
    """The bundled sample: transports, carriers, Global War's rail and crossings."""
    from gamecore.paths import sample_pack
    from gamecore.store import read_pack

    assert _play_comparing(read_pack(sample_pack()), scenario, 1, rounds=2, max_actions=250) > 20


def test_a_move_regenerates_only_the_groups_it_touches():
    """One infantry moving on a 50-zone board leaves the chunks of groups elsewhere as
    they were (the same list objects), and the result still equals a full scan."""
    state = new_game(synthetic_pack(50, seed=3), "synthetic", seed=1, rounds=2)
    while state.phase != "noncombat_move":
        state.apply(RandomBot(1).choose(state), check=False)
    state.legal_actions()
    ix = state._mindex
    assert ix is not None and ix.key[1] == state.current_nation and not ix.dirty
    before = {key: g.chunk for key, g in ix.groups.items()}
    move = next(a for a in state.legal_actions() if a.kind == "move" and len(a.units) == 1)
    state.apply(move, check=False)
    assert state.phase == "noncombat_move"
    assert state.legal_actions() == _fresh_moves(state)
    assert state._mindex is ix  # brought up to date, not built again
    kept = [k for k, g in ix.groups.items() if before.get(k) is g.chunk]
    assert len(kept) >= len(ix.groups) // 2
    moved_from = move.path[0]
    assert all(k[0] != moved_from for k in kept)


def test_legal_actions_read_in_place_equal_their_join():
    """LegalActions (gamecore.engine.legal): length, indexing (negative too), iteration
    and the joined list are those of the concatenated parts, empty parts included."""
    from gamecore.engine.legal import LegalActions

    parts = [[], ["a", "b"], [], ["c"], ["d", "e", "f"], []]
    flat = ["a", "b", "c", "d", "e", "f"]
    view = LegalActions(parts)
    assert len(view) == 6
    assert [view[i] for i in range(6)] == flat
    assert [view[-i] for i in range(1, 7)] == flat[::-1]
    assert list(view) == flat and view.actions() == flat and view[1:3] == ["b", "c"]
    with pytest.raises(IndexError):
        view[6]
    assert len(LegalActions([])) == 0 and LegalActions([]).actions() == []
    one = ["x"]
    assert LegalActions([one]).actions() is one


def test_a_random_bot_picks_from_the_parts_what_it_picks_from_the_list():
    """Mid noncombat move on a 300-zone board (hundreds of parts): the random bot's pick
    through the parts is the pick from the joined list, for the same generator state."""
    state = new_game(synthetic_pack(300, seed=1), "synthetic", seed=1, rounds=2)
    bot = RandomBot(4)
    while state.phase != "noncombat_move":
        state.apply(bot.choose(state), check=False)
    for _ in range(5):
        state.apply(bot.choose(state), check=False)
    view = state.legal_view()
    assert len(view.parts) > 50
    twin = RandomBot(9)
    twin.rng = bot.rng.copy()
    legal = state.legal_actions()
    assert bot.choose(state) == legal[twin.rng.randint(0, len(legal) - 1)]
