"""Whole games: the agent interface, random play, logs, replay, clones."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamecore.engine import (
    Action,
    RandomBot,
    new_game,
    play,
    read_log,
    replay,
    write_log,
)
from gamecore.engine.testmaps import synthetic_pack, toy_pack
from gamecore.errors import RulesError, WarroomError
from gamecore.model import UnitStack


@pytest.fixture(scope="module")
def toy():
    return toy_pack()


@pytest.fixture(scope="module")
def synth50():
    return synthetic_pack(50, seed=3)


def test_toy_scenario_plays_to_completion_with_random_bots(toy):
    # acceptance: a 2-nation toy scenario plays to completion with random bots
    for seed in range(3):
        s = new_game(toy, "test", seed=seed, rounds=30)
        n = play(s, RandomBot(seed), max_actions=20000)
        assert s.is_terminal(), (seed, n)
        r = s.returns()
        assert set(r) == {"reds", "blues"}
        if s.winner is None:
            assert r == {"reds": 0.0, "blues": 0.0}
        else:
            assert sorted(r.values()) == [-1.0, 1.0] and r[s.winner] == 1.0
        assert s.legal_actions() == []


def test_fifty_zone_scenario_plays_to_completion(synth50):
    # acceptance: a ~50-zone scenario plays to completion with random bots
    assert len(synth50.map.zones) == 50
    s = new_game(synth50, "synthetic", seed=5, rounds=4)
    play(s, {n: RandomBot(i) for i, n in enumerate(sorted(synth50.nations))}, max_actions=50000)
    assert s.is_terminal()
    assert any(e.get("e") == "battle_end" for e in s.log)
    assert any(e.get("e") == "income" for e in s.log)


def test_replay_reproduces_the_final_state_exactly(toy, tmp_path):
    # docs/architecture.md Invariant 4: same pack + scenario + seed + bots -> same log; replay
    s = new_game(toy, "test", seed=11, rounds=6)
    play(s, RandomBot(4))
    path = tmp_path / "game.jsonl"
    write_log(s, path)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["e"] == "start" and len(lines) == len(s.log)
    r = replay(toy, read_log(path))
    assert r.snapshot() == s.snapshot()
    assert replay(toy, path).snapshot() == s.snapshot()
    # and the same seeds give the same log again
    s2 = new_game(toy, "test", seed=11, rounds=6)
    play(s2, RandomBot(4))
    assert s2.log == s.log


def test_different_seeds_give_different_games(toy):
    logs = []
    for seed in (1, 2):
        s = new_game(toy, "test", seed=seed, rounds=4)
        play(s, RandomBot(0))
        logs.append(s.log)
    assert logs[0] != logs[1]


def test_clone_is_independent_and_may_be_reseeded(toy):
    s = new_game(toy, "test", seed=2)
    play(s, RandomBot(1), max_actions=25)
    before = s.snapshot()
    c = s.clone()
    assert c.snapshot() == before
    play(c, RandomBot(9), max_actions=200)
    assert s.snapshot() == before  # the original did not change
    assert c.log[: len(s.log)] == s.log
    # a clone plays on exactly like the original would
    a, b = s.clone(), s.clone()
    play(a, RandomBot(3), max_actions=100)
    play(b, RandomBot(3), max_actions=100)
    assert a.snapshot() == b.snapshot()
    # reseeded: its own dice; without a log: nothing is recorded
    r = s.clone(reseed=1234, keep_log=False)
    assert r.rng.state != s.rng.state and r.log == []
    play(r, RandomBot(3), max_actions=100)


def test_illegal_actions_are_refused(toy):
    s = new_game(toy, "test", seed=1)
    with pytest.raises(RulesError):
        s.apply(Action.place("infantry", 1))
    with pytest.raises(RulesError):
        s.apply(Action.move([999], (1, 2)))
    assert s.current_player == s.current_nation == "RED"


def test_new_game_rejects_bad_scenarios(toy):
    with pytest.raises(RulesError, match="no scenario 'nope'"):
        new_game(toy, "nope")
    bad = toy_pack()
    bad.scenarios["test"].units.append(UnitStack(1, "RED", "zeppelin"))
    with pytest.raises(RulesError, match="unit type 'zeppelin'"):
        new_game(bad, "test")
    bad = toy_pack()
    bad.scenarios["test"].ruleset = "missing"
    with pytest.raises(WarroomError, match="no ruleset 'missing'"):
        new_game(bad, "test")


def test_log_is_json(toy):
    s = new_game(toy, "test", seed=3, rounds=2)
    play(s, RandomBot(2))
    json.dumps(s.log)
    kinds = {e["e"] for e in s.log}
    assert {"start", "action", "turn", "income", "game_over"} <= kinds


def _count_check(s, initial: int) -> None:
    created = sum(1 for e in s.log if e.get("e") == "placed")
    created += sum(e["count"] for e in s.log if e.get("e") == "neutral_army")
    lost = [e for e in s.log if e.get("e") == "lost"]
    assert {e["reason"] for e in lost} <= {"combat", "cargo", "no_landing"}
    assert len(s.units) == initial + created - len(lost)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 10_000), bot=st.integers(0, 10_000), casualties=st.booleans())
def test_random_legal_play_property(toy, seed, bot, casualties):
    # acceptance: random legal play never raises, never creates or destroys units except
    # by purchase and combat, and the log replays to the same state
    decisions = ("retreat", "casualties") if casualties else ("retreat",)
    s = new_game(toy, "test", seed=seed, rounds=8, decisions=decisions)
    initial = len(s.units)
    b = RandomBot(bot)
    steps = 0
    while not s.is_terminal() and steps < 800:
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        s.apply(b.choose(s))  # checked for legality
        steps += 1
        if steps % 50 == 0:
            _count_check(s, initial)
    _count_check(s, initial)
    assert all(v >= 0 for v in s.banks.values())
    assert replay(toy, s.log).snapshot() == s.snapshot()


def test_a_d12_variant_with_per_nation_costs_plays():
    # rules-notes/002 §3, §6.2 (The War Game WWII): d12, hit on <= value; a cost matrix
    # per nation; data only, same engine
    from gamecore.model import RulesetDoc

    pack = toy_pack()
    pack.rulesets["d12"] = RulesetDoc(
        "d12",
        'extends = "g40"\ndice = 12\n'
        "[units.infantry]\nattack = 3\ndefense = 5\nnation_costs = { RED = 2, BLU = 4 }\n"
        "[units.tank]\nattack = 7\ndefense = 6\n",
    )
    pack.scenarios["test"].ruleset = "d12"
    s = new_game(pack, "test", seed=5, rounds=6)
    assert s.rules.dice == 12
    assert s.rules.units["infantry"].cost_for("RED") == 2
    bank = s.banks["RED"]
    s.apply(Action.buy("infantry"))
    assert s.banks["RED"] == bank - 2
    play(s, RandomBot(2))
    assert s.is_terminal()
    rolls = [e for e in s.log if e.get("e") == "round"]
    assert rolls


@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 10_000), bot=st.integers(0, 10_000))
def test_random_legal_play_property_on_a_board_with_every_feature(seed, bot):
    # the same properties on three powers, neutrals of every leaning, canal, strait,
    # convoy and kamikaze zones, bases, carriers, bombers and loaded transports
    from gamecore.engine.testmaps import feature_pack

    pack = feature_pack()
    s = new_game(pack, "test", seed=seed, rounds=5, decisions=("retreat", "casualties"))
    initial = len(s.units)
    b = RandomBot(bot)
    while not s.is_terminal():
        s.apply(b.choose(s))
    _count_check(s, initial)
    assert replay(pack, s.log).snapshot() == s.snapshot()


def test_clones_never_disturb_their_parent_or_its_caches():
    # bots clone, play ahead and throw the clone away: the parent's legal actions must be
    # those of the same position rebuilt from scratch
    from gamecore.engine.testmaps import feature_pack

    pack = feature_pack()
    s = new_game(pack, "test", seed=8, rounds=4)
    b = RandomBot(5)
    checks = 0
    while not s.is_terminal() and checks < 25:
        s.legal_actions()
        c = s.clone()
        play(c, RandomBot(checks), max_actions=15)
        fresh = replay(pack, s.log)
        assert s.legal_actions() == fresh.legal_actions()
        assert s.snapshot() == fresh.snapshot()
        for _ in range(7):
            if s.is_terminal():
                break
            s.apply(b.choose(s))
        checks += 1
    assert checks >= 10
