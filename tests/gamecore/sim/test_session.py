"""PlaySession: seats, bots, undo within a phase, save/load with the pack fingerprint,
autosave after each phase — scripted games played headless through the session."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamecore.engine.actions import Action
from gamecore.errors import RulesError
from gamecore.sim.bots import make_bot
from gamecore.sim.session import HUMAN, PlaySession, SaveError, pack_fingerprint
from gamecore.store.packfile import read_pack

SAMPLE = Path(__file__).resolve().parents[3] / "resources" / "samples" / "world-1939.warroom"


@pytest.fixture(scope="module")
def pack():
    return read_pack(SAMPLE)


def _script(session: PlaySession, actions: int, seed: int = 7) -> None:
    """Play ``actions`` human moves chosen by a heuristic 'hand' (scripted players)."""
    hands = {}
    for _ in range(actions):
        if session.state.is_terminal():
            return
        who = session.player
        if not session.is_human(who):
            session.step_bot()
            continue
        hand = hands.setdefault(who, make_bot("heuristic", seed + len(hands)))
        session.apply(hand.choose(session.state))


def test_hot_seat_save_reload_same_state(pack, tmp_path):
    s = PlaySession.start(pack, "1939", seed=11, rounds=2)
    assert s.hot_seat and all(k == HUMAN for k in s.seats.values())
    assert "casualties" in s.state.decisions  # people choose their casualties
    _script(s, 250)
    path = tmp_path / "game.json"
    s.save(path)
    again = PlaySession.load(path, pack)
    assert again.state.snapshot() == s.state.snapshot()
    assert again.seats == s.seats
    # both go on identically: the same seed gives the same dice after the reload
    _script(s, 60, seed=3)
    _script(again, 60, seed=3)
    assert again.state.snapshot() == s.state.snapshot()


def test_bots_play_until_a_human_is_to_move(pack):
    s = PlaySession.start(
        pack, "global-war-1936", seed=2, rounds=2, seats={"UK": HUMAN, "*": "heuristic"}
    )
    assert s.state.current_nation == "GER" and s.bot_to_move
    n = s.run_bots()
    assert n > 0
    assert s.human_to_move and s.player == "UK"


def test_bot_choice_on_a_copy_matches_the_game(pack):
    a = PlaySession.start(pack, "1939", seed=4, rounds=1, seats={"*": "heuristic"})
    b = PlaySession.start(pack, "1939", seed=4, rounds=1, seats={"*": "heuristic"})
    for _ in range(80):
        a.apply_bot(a.choose_bot(a.state.clone()))
        b.step_bot()
    assert a.state.snapshot() == b.state.snapshot()


def test_undo_takes_back_moves_of_this_phase_only(pack):
    s = PlaySession.start(pack, "1939", seed=1, rounds=1)
    assert s.state.phase == "purchase" and s.player == "GER"
    start = s.state.snapshot()
    buy = next(a for a in s.legal() if a.kind == "buy")
    s.apply(buy)
    assert s.can_undo and s.state.banks["GER"] < start["banks"]["GER"]
    s.undo()
    assert s.state.snapshot() == start and not s.can_undo
    s.apply(buy)
    s.apply(Action.end_phase())  # the phase ended: the purchase stands
    assert not s.can_undo
    with pytest.raises(RulesError, match="nothing to undo"):
        s.undo()


def test_undo_stops_at_a_dice_roll(pack):
    s = PlaySession.start(pack, "1939", seed=3, rounds=1)
    hand = make_bot("heuristic", 1)
    rolled = False
    for _ in range(400):
        draws = s.state.rng.draws
        s.apply(hand.choose(s.state))
        if s.state.rng.draws != draws:
            rolled = True
            assert not s.can_undo
            break
    assert rolled


def test_illegal_action_changes_nothing(pack):
    s = PlaySession.start(pack, "1939", seed=1, rounds=1)
    snap = s.state.snapshot()
    with pytest.raises(RulesError, match="illegal"):
        s.apply(Action.move((1,), (1, 2)))
    assert s.state.snapshot() == snap and not s.can_undo


def test_bot_seat_refuses_human_actions_and_bad_seats(pack):
    s = PlaySession.start(pack, "1939", seed=1, rounds=1, seats={"*": "heuristic"})
    with pytest.raises(RulesError, match="heuristic bot"):
        s.apply(Action.end_phase())
    with pytest.raises(RulesError, match="unknown player"):
        PlaySession.start(pack, "1939", seats={"GER": "genius"})
    with pytest.raises(RulesError, match="no seat for XYZ"):
        PlaySession.start(pack, "1939", seats={"XYZ": HUMAN})


def test_autosave_after_each_phase(pack, tmp_path):
    auto = tmp_path / "auto.json"
    s = PlaySession.start(pack, "1939", seed=1, rounds=1, autosave=auto)
    ended = []
    s.on_phase_end.append(lambda sess, key: ended.append(key))
    s.apply(Action.end_phase())  # GER ends purchase
    assert ended and auto.exists()
    saved = json.loads(auto.read_text())
    assert saved["position"]["phase"] == s.state.phase
    assert PlaySession.load(auto, pack).state.snapshot() == s.state.snapshot()


def test_load_refuses_a_changed_pack_and_junk(pack, tmp_path):
    s = PlaySession.start(pack, "1939", seed=1, rounds=1)
    path = tmp_path / "g.json"
    s.save(path)
    changed = read_pack(SAMPLE)
    changed.scenarios["1939"].rounds = 99
    assert pack_fingerprint(changed) != s.fingerprint
    with pytest.raises(SaveError, match="another version of the pack") as err:
        PlaySession.load(path, changed)
    assert str(path) in str(err.value)
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    with pytest.raises(SaveError, match="not JSON"):
        PlaySession.load(junk, pack)
    junk.write_text('{"format": "something else"}')
    with pytest.raises(SaveError, match="not a saved game"):
        PlaySession.load(junk, pack)
    data = json.loads(path.read_text())
    data["log"].append(
        {"e": "action", "n": "GER", "a": {"kind": "move", "units": [1], "path": [1, 2]}}
    )
    junk.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="does not replay"):
        PlaySession.load(junk, pack)


def test_position_scenario_follows_the_game(pack):
    from gamecore.sim.session import objectives_table, position_date, position_scenario

    s = PlaySession.start(pack, "1939", seed=5, rounds=2)
    _script(s, 300)
    st = s.state
    pos = position_scenario(st)
    assert {z: o.owner for z, o in pos.ownership.items()} == st.owner
    assert sum(u.count for u in pos.units) == len(st.units)
    damaged = sum(u.count for u in pos.units if u.props.get("damage"))
    assert damaged == sum(1 for u in st.units.values() if u.damage)
    assert pack.scenarios["1939"].units != pos.units  # the pack's set-up is untouched
    assert position_date(st).startswith("19")
    rows = objectives_table(st)
    assert rows and all({"id", "name", "kind", "paid"} <= set(r) for r in rows)


def test_what_end_phase_would_leave_behind(pack):
    s = PlaySession.start(pack, "1939", seed=1, rounds=1)
    assert s.money_left() == s.state.banks["GER"] > 0
    s.apply(Action.buy("infantry"))
    s.apply(Action.end_phase())
    assert s.money_left() == 0  # politics
    while s.state.phase != "combat_move":
        s.apply(Action.end_phase())
    assert s.unmoved_units() > 0
    while s.state.phase != "place":
        s.apply(Action.end_phase())
    assert s.unplaced_units() == 1
    s.apply(next(a for a in s.legal() if a.kind == "place"))
    assert s.unplaced_units() == 0


def test_the_play_log_shows_each_die_and_changes_no_roll(pack, tmp_path):
    """A play session's log ("play" mode) holds each battle round's dice, [unit type,
    value to hit, face], per fire (first strike, general) and side; recording them draws
    nothing: the same game logged "full" reaches the same position with the same
    actions. A reloaded save shows the dice too."""
    from gamecore.engine.game import replay

    s = PlaySession.start(pack, "1939", seed=5, rounds=1, seats={"*": "heuristic"})
    s.run_bots()
    rounds = [e for e in s.state.log if e.get("e") == "round" and "hits" in e]
    assert rounds and all("dice" in e for e in rounds)
    dice = s.state.rules.dice
    for e in rounds:
        (fs_att, fs_def), (att, dfn) = e["dice"]
        # general fire: the hits are the dice at or under their value
        assert sum(1 for _t, v, r in att if r <= v) == e["hits"][0]
        assert sum(1 for _t, v, r in dfn if r <= v) == e["hits"][1]
        assert all(1 <= r <= dice and t in s.state.rules.units for t, _v, r in att + dfn)
    assert any(e["dice"][1][0] for e in rounds)
    full = replay(pack, s.state.log)  # the same actions, logged "full"
    assert full.snapshot() == s.state.snapshot() and full.rng.draws == s.state.rng.draws
    assert not any("dice" in e for e in full.log if e.get("e") == "round")
    strip = [
        {k: v for k, v in e.items() if k != "dice" or e.get("e") != "round"} for e in s.state.log
    ]
    assert full.log == strip
    path = tmp_path / "g.wrgame.json"
    s.save(path)
    again = PlaySession.load(path, pack)
    assert [e for e in again.state.log if e.get("e") == "round"] == [
        e for e in s.state.log if e.get("e") == "round"
    ]
