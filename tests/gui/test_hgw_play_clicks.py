"""Hitler's Global War played by hand on the bundled Barbarossa pack (issue #28): map
clicks move SPs (the stack panel's counts choose how many), announce attacks; the
advance is resolved from the action list with its odds; each roll is in words in the
log; phases end to the Soviet turn; undo; bot seats play their side; a saved game
reloads. Real mouse events on the map view and the dock."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLabel, QMessageBox

from editor.play import load_game, new_game, save_game
from editor.play.newgame import NewGameDialog
from gamecore.sim.session import PlaySession

PACK = Path(__file__).resolve().parents[2] / "resources" / "samples" / "hgw-barbarossa.warroom"


@pytest.fixture
def barbarossa(make_window, monkeypatch, tmp_path):
    # End phase asks before leaving SPs unmoved: the tests answer yes
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    w = make_window()
    copy = tmp_path / PACK.name  # (a pack open elsewhere is locked)
    shutil.copyfile(PACK, copy)
    assert w.open_path(copy)
    return w


def _start(w, qtbot, seats: dict[str, str], seed: int = 2):
    dlg = NewGameDialog(w.document.pack, "barbarossa", w)
    dlg.seed.setValue(seed)
    for n, kind in seats.items():
        combo = dlg.seat_combo(n)
        idx = combo.findData(kind)
        assert idx >= 0, f"no seat '{kind}' for {n}"
        combo.setCurrentIndex(idx)
    assert new_game(w, dlg)
    assert w.play.wait_until_started()
    qtbot.waitUntil(lambda: w.play.session.human_to_move, timeout=20_000)
    return w.play


def _click_zone(w, qtbot, zone: int) -> None:
    w.play.centre_on(zone)
    x, y = w.scene.geom.anchor[zone]
    vp = w.view.mapFromScene(x, y)
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(vp.x(), vp.y()))


def _army(st, name: str) -> int:
    return next(a for a, v in st.armies.items() if v.name == name)


def _form_texts(play) -> list[str]:
    return [lab.text() for lab in play.panel.stack_box.findChildren(QLabel)]


def _log_texts(play) -> list[str]:
    lst = play.panel.log
    return [lst.item(i).text() for i in range(lst.count())]


def _end_phase(play, qtbot) -> None:
    assert play.panel.end_btn.isEnabled()
    qtbot.mouseClick(play.panel.end_btn, Qt.MouseButton.LeftButton)


def test_hand_play_of_the_axis_turn(barbarossa, qtbot, tmp_path):
    w = barbarossa
    play = _start(w, qtbot, {"AXIS": "human", "SOV": "human"})
    st = play.session.state
    assert st.phase == "movement" and st.current_nation == "AXIS"
    assert "Summer 1941" in play.panel.turn.text() and "movement" in play.panel.turn.text()
    # no list of hundreds of moves: they are made on the map
    texts = [play.panel.actions.item(i).text() for i in range(play.panel.actions.count())]
    assert not any(t.startswith("Move ") for t in texts)

    # a click on an enemy army's hex describes it, without complaint
    said: list[str] = []
    play.message.connect(said.append)
    moscow = _army(st, "Moscow")
    _click_zone(w, qtbot, st.armies[moscow].zone)
    assert play.source is None and not said
    assert any(t.startswith("Moscow (SOV): 2 inf, 2 mech") for t in _form_texts(play))

    agn, fourth = _army(st, "Army Group North"), _army(st, "Fourth Army")
    src, dest = st.armies[agn].zone, st.armies[fourth].zone
    _click_zone(w, qtbot, src)
    assert play.source == src
    assert dest in w.scene.play_targets and len(w.scene.play_targets) > 10
    lines = _form_texts(play)
    assert any(t.startswith("Army Group North (AXIS): 5 inf, 5 mech") for t in lines)
    assert any(t.startswith("Clear") and "held by AXIS" in t for t in lines)
    assert any("garrison 1" in t for t in lines)
    # two mech only: they join the Fourth Army already in the destination hex
    play.panel._spins["inf"].setValue(0)
    play.panel._spins["mech"].setValue(2)
    _click_zone(w, qtbot, dest)
    st = play.session.state
    from gamecore.hgw.armies import army_count

    assert army_count(st, fourth) == (5, 2) and army_count(st, agn) == (5, 3)
    assert any("moves 2 SP(s)" in t and "Fourth Army" in t for t in _log_texts(play))
    # undo takes the move back
    assert play.panel.undo_btn.isEnabled()
    qtbot.mouseClick(play.panel.undo_btn, Qt.MouseButton.LeftButton)
    st = play.session.state
    assert army_count(st, fourth) == (5, 0) and army_count(st, agn) == (5, 5)

    # the whole army to an empty friendly hex: it moves whole (keeps its name)
    _click_zone(w, qtbot, src)
    empty = next(
        z for z in sorted(w.scene.play_targets) if not any(v.zone == z for v in st.armies.values())
    )
    _click_zone(w, qtbot, empty)
    st = play.session.state
    assert st.armies[agn].zone == empty and army_count(st, agn) == (5, 5)
    qtbot.mouseClick(play.panel.undo_btn, Qt.MouseButton.LeftButton)

    _end_phase(play, qtbot)
    qtbot.waitUntil(lambda: play.session.state.phase == "announce", timeout=60_000)
    st = play.session.state
    agc = _army(st, "Army Group Center")
    here = st.armies[agc].zone
    _click_zone(w, qtbot, here)
    enemy = sorted(z for z in w.scene.play_targets if st.owner.get(z) == "SOV")
    assert enemy
    target = enemy[0]
    _click_zone(w, qtbot, target)
    st = play.session.state
    assert st.declared.get(agc) == target
    assert any("announces: Army Group Center attacks" in t for t in _log_texts(play))

    _end_phase(play, qtbot)
    # the Soviet defensive assault (offered to the human defender) comes first
    for _ in range(20):
        st = play.session.state
        if st.decision is None:
            break
        if st.decision.kind == "hgw_losses":  # the roll's hits wait for this choice
            assert play.panel.battle_text.text().endswith(f"{st.decision.owner} chooses the losses")
        qtbot.mouseClick(play.panel.answer_btn, Qt.MouseButton.LeftButton)
    st = play.session.state
    assert st.phase == "initial"
    lst = play.panel.actions
    row = next(
        i for i in range(lst.count()) if lst.item(i).text().startswith("Advance Army Group Center")
    )
    assert "before modifiers" in lst.item(row).text() and " of 6" in lst.item(row).text()
    lst.setCurrentRow(row)
    qtbot.mouseClick(play.panel.do_btn, Qt.MouseButton.LeftButton)
    adv = [t for t in _log_texts(play) if t.startswith("Advance of Army Group Center")]
    assert adv and "mech " in adv[0] and "vs defence" in adv[0] and "die " in adv[0]
    assert "Rolls this turn" in play.panel.info.text()
    assert adv[0] in play.panel.info.text()
    # the log words the rule system's events, not the raw action lines
    assert not any("units=" in t or "None round" in t for t in _log_texts(play))

    # end the phases (answering the defender's questions) to the Soviet turn
    looked_at = play.inspected if play.inspected is not None else play.source
    assert looked_at is not None  # (the Axis player's last hex is in the dock)
    for _ in range(40):
        st = play.session.state
        if st.current_nation == "SOV" and st.phase == "movement":
            break
        if st.decision is not None:
            qtbot.mouseClick(play.panel.answer_btn, Qt.MouseButton.LeftButton)
        else:
            _end_phase(play, qtbot)
    st = play.session.state
    assert (st.current_nation, st.phase) == ("SOV", "movement")
    # hot seat: the Soviet player does not find the Axis player's hex in the dock
    assert play.inspected is None and play.source is None
    assert not play.panel.stack_box.isVisible()
    assert any(t.startswith("AXIS collects ") and t.endswith(" PP") for t in _log_texts(play))
    sov = next(
        a
        for a, v in st.armies.items()
        if v.nation == "SOV" and a not in st.cut and v.name != "Siberia"
    )
    _click_zone(w, qtbot, st.armies[sov].zone)
    assert play.source == st.armies[sov].zone and w.scene.play_targets

    # a saved game reloads to the same position
    path = tmp_path / "hand.wrgame.json"
    assert save_game(w, path)
    again = PlaySession.load(path, w.document.pack)
    before = play.session.state.snapshot()
    assert again.state.snapshot() == before
    # and in the window: Load Game replays it and the play goes on by clicks
    assert load_game(w, path)
    assert play.wait_until_started()
    assert play.session is not None and play.session.state.snapshot() == before
    _click_zone(w, qtbot, st.armies[sov].zone)
    assert w.scene.play_targets


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_a_bot_plays_the_soviet_side(barbarossa, qtbot, bot):
    w = barbarossa
    play = _start(w, qtbot, {"AXIS": "human", "SOV": bot}, seed=5)
    st = play.session.state
    agc = _army(st, "Army Group Center")
    _click_zone(w, qtbot, st.armies[agc].zone)
    assert w.scene.play_targets
    for _ in range(30):
        st = play.session.state
        if st.round == 2:
            break
        if st.decision is not None:
            qtbot.mouseClick(play.panel.answer_btn, Qt.MouseButton.LeftButton)
        elif play.session.human_to_move:
            _end_phase(play, qtbot)
        assert play.wait_for_bots(60)
    st = play.session.state
    assert st.round == 2 and st.current_nation == "AXIS"
    assert any(e.get("e") == "action" and e.get("n") == "SOV" for e in st.log)


def test_words_of_every_roll_and_the_stacking_warning():
    """Headless: the adapter's words for each assault and advance roll of a bot game, and
    the warning of a move over the stacking limit."""
    from gamecore.hgw.play import HgwPlay, describe_hgw_event
    from gamecore.store.packfile import read_pack

    pack = read_pack(PACK)
    s = PlaySession.start(pack, "barbarossa", seed=4, rounds=1, seats={"*": "heuristic"})
    clicks = HgwPlay()
    st = s.state
    agn, agc = _army(st, "Army Group North"), _army(st, "Army Group Center")
    warn = clicks.overstack(st, st.armies[agc].zone, 10)
    assert "at most 10" in warn and "10 would be lost" in warn
    assert clicks.overstack(st, st.armies[agc].zone, 0) == ""
    # the whole army joins the army in the destination hex by default
    a = clicks.next_action(
        s, st.armies[agn].zone, st.armies[agc].zone, {"inf": 5, "mech": 5}, set()
    )
    assert a.kind == "hgw_move" and a.target == agc and len(a.units) == 10
    s.run_bots()
    fires = [e for e in s.state.log if e.get("e") == "hgw_fire"]
    advances = [e for e in s.state.log if e.get("e") == "hgw_advance"]
    assert fires and advances
    for e in fires:
        text = describe_hgw_event(pack, e, s.state)
        assert f"strength column {e['strength']}, die {e['die']}" in text
        assert f"{e['hits']} hit(s), {e['lost']} SP(s) lost" in text
    for e in advances:
        text = describe_hgw_event(pack, e, s.state)
        assert f"mech {e['mech']} vs " in text and f"die {e['die']}" in text
        assert ("success" if e["success"] else "failure") in text
        if e["roll"] != e["die"]:
            assert f"modifiers {e['roll'] - e['die']:+d} = {e['roll']}" in text


def test_announced_attacks_stand_on_the_map(barbarossa, qtbot):
    w = barbarossa
    play = _start(w, qtbot, {"AXIS": "human", "SOV": "human"})
    _end_phase(play, qtbot)
    st = play.session.state
    agc = _army(st, "Army Group Center")
    _click_zone(w, qtbot, st.armies[agc].zone)
    target = min(z for z in w.scene.play_targets if st.owner.get(z) == "SOV")
    _click_zone(w, qtbot, target)
    assert play.standing_arrows() == [(st.armies[agc].zone, target)]
    # the red arrow's middle, on screen
    (ax, ay), (bx, by) = w.scene.geom.anchor[st.armies[agc].zone], w.scene.geom.anchor[target]
    mid = w.view.mapFromScene((ax + bx) / 2, (ay + by) / 2)

    def colour():
        qtbot.wait(50)
        c = w.view.viewport().grab().toImage().pixelColor(mid.x(), mid.y())
        return c.red(), c.green(), c.blue()

    assert colour() == (220, 40, 30)
    qtbot.mouseClick(play.panel.undo_btn, Qt.MouseButton.LeftButton)
    assert play.standing_arrows() == []
    assert colour() != (220, 40, 30)


class _Die:
    """A die that shows ``face`` (the rules roll it for the advance)."""

    def __init__(self, face: int):
        self.face = face

    def roll(self, sides: int) -> int:
        return self.face


@pytest.mark.parametrize("seed", [1, 7])
def test_the_advance_odds_shown_are_the_rules(seed):
    """Every advance of the Axis's first initial attack: the faces the list says succeed
    are exactly the faces with which the rule system's advance succeeds."""
    from gamecore.engine.actions import Action
    from gamecore.hgw.play import advance_odds, rolls_this_turn
    from gamecore.store.packfile import read_pack

    pack = read_pack(PACK)
    s = PlaySession.start(
        pack, "barbarossa", seed=seed, seats={"AXIS": "human", "SOV": "heuristic"}
    )
    end = Action.end_phase()
    s.apply(end)  # movement
    st = s.state
    for aid in sorted(a for a, v in st.armies.items() if v.nation == "AXIS"):
        attacks = [a for a in s.legal() if a.kind == "hgw_attack" and a.units == (aid,)]
        enemy = [a for a in attacks if st.owner.get(a.zone) == "SOV"]
        if enemy:
            s.apply(enemy[-1])
    if s.state.phase == "announce":  # (announcing every army may end the phase)
        s.apply(end)
    asked = 0
    for _ in range(50):
        s.run_bots()
        if s.state.decision is None:
            break
        if s.state.decision.kind == "hgw_losses":
            # the Soviet defensive assault's hits wait for the Axis's choice: the rolls
            # shown say so instead of "0 SP(s) lost"
            assert rolls_this_turn(s.state)[-1].endswith("AXIS chooses the losses")
            asked += 1
        s.apply(s.legal()[0])
    assert asked
    assert s.state.phase == "initial"
    advances = [a for a in s.legal() if a.kind == "hgw_advance"]
    assert len(advances) >= 3
    for a in advances:
        wins, mods = advance_odds(s.state, a.units[0], a.zone)
        faces = set()
        for face in range(1, 7):
            trial = s.state.clone()
            trial.rng = _Die(face)
            trial.apply(a, check=True)
            (e,) = [x for x in trial.log if x.get("e") == "hgw_advance"][-1:]
            assert e["die"] == face and e["roll"] == face + mods
            if e["success"]:
                faces.add(face)
        assert faces == set(range(1, wins + 1)), (a, wins, mods)


def test_two_armies_in_a_hex_move_by_one_click(barbarossa, qtbot):
    """Two armies in the source hex: one move per army; the first moves whole, the
    second joins it in the destination (the default joins an army already there)."""
    from gamecore.engine.actions import Action

    w = barbarossa
    play = _start(w, qtbot, {"AXIS": "human", "SOV": "human"})
    s = play.session
    st = s.state
    berlin = next(z for z, c in st.board.code.items() if c == "1237")
    agn, fourth = _army(st, "Army Group North"), _army(st, "Fourth Army")
    for aid in (agn, fourth):  # two new armies in Berlin (the engine's own moves)
        sps = tuple(u for u, a in sorted(st.army_of.items()) if a == aid)[:2]
        play.act(Action("hgw_move", units=sps, path=(st.armies[aid].zone, berlin), target=0))
    st = s.state
    assert len([a for a, v in st.armies.items() if v.zone == berlin]) == 2
    # to the next Axis movement: every phase ended, both sides
    for _ in range(60):
        st = play.session.state
        if st.round == 2 and st.current_nation == "AXIS" and st.phase == "movement":
            break
        if st.decision is not None:
            qtbot.mouseClick(play.panel.answer_btn, Qt.MouseButton.LeftButton)
        else:
            _end_phase(play, qtbot)
    st = play.session.state
    assert (st.round, st.phase) == (2, "movement")
    here = sorted(a for a, v in st.armies.items() if v.zone == berlin)
    assert len(here) == 2
    _click_zone(w, qtbot, berlin)
    assert sum(sp.value() for sp in play.panel._spins.values()) == 4
    dest = min(
        z
        for z in w.scene.play_targets
        if not any(v.zone == z for v in st.armies.values()) and z != berlin
    )
    n_actions = sum(1 for e in st.log if e.get("e") == "action")
    _click_zone(w, qtbot, dest)
    st = play.session.state
    moves = [e for e in st.log[n_actions:] if e.get("e") == "hgw_move"]
    assert len(moves) == 2 and sum(e["sps"] for e in moves) == 4
    there = [a for a, v in st.armies.items() if v.zone == dest]
    assert there == [here[0]]  # the first army moved whole, the second joined it
    assert not any(v.zone == berlin for v in st.armies.values())
