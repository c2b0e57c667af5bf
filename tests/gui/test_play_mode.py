"""Play mode with real events: a hot-seat round of the 1939 scenario (purchase, a combat
move by mouse, a battle with a chosen casualty profile, a non-combat move, placement),
save, reload, same state; a human seat against bots; editing off while playing."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QLabel, QMessageBox

from editor.play import load_game, new_game, save_game
from editor.play.newgame import NewGameDialog
from gamecore.sim.session import HUMAN

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "samples" / "world-1939.warroom"


@pytest.fixture
def sample_window(make_window, tmp_path):
    path = tmp_path / "world-1939.warroom"
    shutil.copy(SAMPLE, path)
    w = make_window()
    assert w.open_path(path)
    return w


def _start(w, qtbot, scenario: str, seats: dict[str, str], seed: int = 3, rounds: int = 1):
    dlg = NewGameDialog(w.document.pack, scenario, w)
    dlg.scenario.setCurrentIndex(dlg.scenario.findData(scenario))
    dlg.seed.setValue(seed)
    dlg.rounds.setValue(rounds)
    for n, kind in seats.items():
        combo = dlg.seat_combo(n)
        combo.setCurrentIndex(combo.findData(kind))
    assert new_game(w, dlg)
    assert w.play.wait_until_started()  # built on the worker thread
    return w.play


def _pixels(img):
    img = img.convertToFormat(QImage.Format.Format_RGB32)
    data = np.frombuffer(img.constBits(), np.uint8, img.sizeInBytes())
    return data.reshape(img.height(), img.bytesPerLine())[:, : 4 * img.width()]


def _click_zone(w, qtbot, zone: int) -> None:
    """A real mouse click on a point inside ``zone`` (zoomed so the zone is large)."""
    z = w.document.pack.map.zones[zone]
    p = z.geometry.representative_point()
    w.view.zoom_to(w.scene.geom.rect(zone).adjusted(-40, -40, 40, 40), margin=0.3)
    qtbot.wait(10)
    vp = w.view.mapFromScene(p.x, p.y)
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(vp.x(), vp.y()))


def _continue(play, qtbot) -> None:
    """Click through the hand-over screen when it shows."""
    if play.handing_over:
        qtbot.mouseClick(play.panel.handover_btn, Qt.MouseButton.LeftButton)
        assert not play.handing_over


def _answer_default(play, qtbot) -> None:
    """Answer a pending decision with the preselected (default) answer, by the button."""
    _continue(play, qtbot)
    assert play.panel.pages.currentWidget() is play.panel.decision_page
    qtbot.mouseClick(play.panel.answer_btn, Qt.MouseButton.LeftButton)


def _end_phase(play, qtbot) -> None:
    _continue(play, qtbot)
    if play.session.state.decision is not None:
        _answer_default(play, qtbot)
        return
    assert play.panel.end_btn.isEnabled()
    qtbot.mouseClick(play.panel.end_btn, Qt.MouseButton.LeftButton)


def _pick_action(play, qtbot, pred) -> None:
    lst = play.panel.actions
    for i in range(lst.count()):
        a = lst.item(i).data(Qt.ItemDataRole.UserRole)
        if a is not None and pred(a):
            lst.setCurrentRow(i)
            qtbot.mouseClick(play.panel.do_btn, Qt.MouseButton.LeftButton)
            return
    raise AssertionError("no such action offered")


def test_hot_seat_round_of_1939_then_save_and_reload(sample_window, qtbot, monkeypatch, tmp_path):
    w = sample_window
    asked: list[str] = []

    def yes(parent, title, text, *a, **k):
        asked.append(text)
        if title == "Game in progress":  # (Load Game over a game played on: drop it)
            return QMessageBox.StandardButton.Discard
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", yes)
    pack = w.document.pack
    seats = {n: HUMAN for slot in pack.scenarios["1939"].turn_order for n in slot}
    play = _start(w, qtbot, "1939", seats, seed=3, rounds=2)
    s = play.session
    assert s.hot_seat and play.dock.isVisible()
    # editing is off while playing
    assert not any(a.isEnabled() for a in w.tool_actions.values())
    assert not w.act_delete_zone.isEnabled() and not w.inspector.isEnabled()
    assert w.scene.play_scenario is not None

    # -- purchase: two infantry through the list, the count and Do
    assert s.state.phase == "purchase" and s.player == "GER"
    bank = s.state.banks["GER"]
    play.panel.count.setValue(2)
    _pick_action(play, qtbot, lambda a: a.kind == "buy" and a.type == "infantry")
    cost = s.state.rules.units["infantry"].cost
    assert s.state.banks["GER"] == bank - 2 * cost
    # undo takes the second one back, then we buy it again
    qtbot.mouseClick(play.panel.undo_btn, Qt.MouseButton.LeftButton)
    assert play.session.state.banks["GER"] == bank - cost
    play.panel.count.setValue(1)
    _pick_action(play, qtbot, lambda a: a.kind == "buy" and a.type == "infantry")
    assert play.session.state.banks["GER"] == bank - 2 * cost
    # what was bought shows to the buyer (the log keeps it from the others)
    assert "infantry" in play.panel.info.text()
    assert play.panel.info.text().startswith("Bought, to place: ")
    _end_phase(play, qtbot)  # money left: the confirmation said yes
    assert asked and "unspent" in asked[-1]
    while play.session.state.phase == "politics" and play.session.player == "GER":
        _end_phase(play, qtbot)

    # -- combat move: click a German stack next to Poland, then the Polish zone
    s = play.session
    assert s.state.phase == "combat_move"
    st = s.state
    move = next(
        a
        for a in s.legal()
        if a.kind == "move"
        and not a.transport
        and not a.mode
        and len(a.path) == 2
        and st.owner.get(a.path[-1]) == "POL"
        and st.unit_type(st.units[a.units[0]].type).domain == "land"
    )
    src, dest = move.path
    errors: list[str] = []
    play.message.connect(errors.append)
    _click_zone(w, qtbot, src)
    assert play.source == src and dest in w.scene.play_targets
    # an illegal destination says why and changes nothing
    far = next(z for z, o in st.owner.items() if o == "USA")
    snap = st.snapshot()
    assert not play.move_to(far)
    assert errors and "cannot move" in errors[-1]
    # ...with the movement search's reason (too far, no route, the other phase...)
    why = errors[-1].split(" in combat move: ", 1)[1]
    assert why == play.session.unreachable_reason(src, far) and why
    assert play.session.state.snapshot() == snap
    before = len([u for u in st.units_in(dest) if st.units[u].nation == "GER"])
    _click_zone(w, qtbot, dest)
    st = play.session.state
    assert len([u for u in st.units_in(dest) if st.units[u].nation == "GER"]) > before
    _end_phase(play, qtbot)

    # -- combat: pick the battle, choose a casualty profile other than the default
    s = play.session
    assert s.state.phase == "combat"
    chosen = None
    fought = False
    defender_decided = False
    for _ in range(200):
        s = play.session
        st = s.state
        if st.phase != "combat" or st.current_nation != "GER":
            break
        if st.decision is not None and st.decision.owner != "GER":
            defender_decided = True  # an open step: no hand-over screen for it
            assert not play.handing_over
        _continue(play, qtbot)
        if st.decision is None:
            if any(a.kind == "fight" for a in s.legal()):
                _pick_action(play, qtbot, lambda a: a.kind == "fight" and a.zone == dest)
                fought = True
            else:
                _end_phase(play, qtbot)
            continue
        if st.decision.kind == "casualties" and chosen is None:
            answers = play.panel.answers
            default = play.default_answer()
            assert answers.currentData() == default  # the default is preselected
            i = next(i for i in range(answers.count()) if answers.itemData(i) != default)
            answers.setCurrentIndex(i)
            chosen = answers.itemData(i)
            n_actions = sum(1 for e in st.log if e.get("e") == "action")
            qtbot.mouseClick(play.panel.answer_btn, Qt.MouseButton.LeftButton)
            last = [e for e in play.session.state.log if e.get("e") == "action"]
            assert len(last) > n_actions and last[n_actions]["a"]["profile"] == chosen.profile
            continue
        _answer_default(play, qtbot)
    # (seed 3: the attack takes every Polish unit: the defender had nothing to choose,
    # and its answer was made for it, in the log like any other)
    assert fought and chosen is not None and not defender_decided
    assert any(
        e.get("e") == "action" and e.get("n") == "POL" and e["a"]["kind"] == "casualties"
        for e in play.session.state.log
    )
    assert any(e.get("e") == "battle_end" and e.get("zone") == dest for e in play.session.state.log)
    texts = [play.panel.log.item(i).text() for i in range(play.panel.log.count())]
    # each round's hits and the faces of its dice, per side
    assert any("round 1: attacker hits" in x and "dice attacker" in x for x in texts)
    # and above the actions of the turn's next phase, the battle fought last
    _continue(play, qtbot)
    text = play.panel.info.text()
    assert play.panel.info.isVisible() and "Last battle" in text
    assert re.search(r"rolled: \w+@\d: \d", text), text

    # -- non-combat move: move one stack that may still move
    s = play.session
    while s.state.phase != "noncombat_move":
        _end_phase(play, qtbot)
        s = play.session
    st = s.state
    nc = next(
        a
        for a in s.legal()
        if a.kind == "move" and not a.transport and not a.mode and len(a.path) >= 2
    )
    _continue(play, qtbot)  # the defender chose casualties: GER takes the computer back
    _click_zone(w, qtbot, nc.path[0])
    assert play.source == nc.path[0]
    units_before = set(st.units_in(nc.path[-1]))
    _click_zone(w, qtbot, nc.path[-1])
    assert set(play.session.state.units_in(nc.path[-1])) != units_before
    _end_phase(play, qtbot)

    # -- placement: place what was bought
    s = play.session
    assert s.state.phase == "place"
    placed = 0
    while any(a.kind == "place" for a in play.session.legal()):
        _pick_action(play, qtbot, lambda a: a.kind == "place")
        placed += 1
    assert placed == 2
    # -- the rest of the round: every other nation ends its phases, decisions by default;
    # the hand-over screen comes before each one's purchase (hidden), never elsewhere
    screens = []
    purchases = set()
    for _ in range(500):
        s = play.session
        if s.state.round > 1 or s.state.is_terminal():
            break
        if s.state.phase == "purchase" and s.state.decision is None:
            purchases.add(s.player)
        if play.handing_over:
            screens.append((s.player, s.state.phase))
        _end_phase(play, qtbot)
    assert play.session.state.round > 1 or play.session.state.is_terminal()
    assert screens and {p for _n, p in screens} == {"purchase"}
    assert {n for n, _p in screens} == purchases - {"GER"}
    # what another nation bought is not in the log (it shows when placed)
    texts = [play.panel.log.item(i).text() for i in range(play.panel.log.count())]
    assert "Germany: buys (shown when placed)" in texts
    assert not any("kind=buy" in x or "buy type=" in x for x in texts)
    # the log panel centres the map on a zone
    lst = play.panel.log
    item = next(
        lst.item(i)
        for i in range(lst.count())
        if isinstance(lst.item(i).data(Qt.ItemDataRole.UserRole), int)
    )
    w.view.fit_map()
    before = w.view.mapToScene(w.view.viewport().rect().center())
    lst.scrollToItem(item)
    rect = lst.visualItemRect(item)
    qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    after = w.view.mapToScene(w.view.viewport().rect().center())
    assert before != after

    # -- save, reload, same state
    snap = play.session.state.snapshot()
    path = tmp_path / "round1.wrgame.json"
    assert save_game(w, path)
    _end_phase(play, qtbot)  # play on, then load the save
    assert play.session.state.snapshot() != snap
    assert load_game(w, path)
    assert "Save the game in progress before loading another?" in asked
    assert w.play.wait_until_started()
    assert w.play.session.state.snapshot() == snap
    # a file that is no saved game is refused with a one-line message
    junk = tmp_path / "junk.wrgame.json"
    junk.write_text("{}")
    shown = []
    monkeypatch.setattr(w, "show_error", shown.append)
    w.play.message.disconnect()
    w.play.message.connect(shown.append)
    assert load_game(w, junk)
    w.play.wait_until_started()
    assert shown and "not a saved game" in shown[-1] and str(junk) in shown[-1]
    assert w.play.session.state.snapshot() == snap  # the game on screen goes on


def test_human_against_bots_and_close(sample_window, qtbot, monkeypatch):
    w = sample_window
    pack = w.document.pack
    nations = [n for slot in pack.scenarios["global-war-1936"].turn_order for n in slot]
    seats = {n: "heuristic" for n in nations}
    seats["UK"] = HUMAN
    # zoomed on Europe, where the bots move first: their stacks are drawn as chips
    europe = [
        z
        for z, o in pack.scenarios["global-war-1936"].ownership.items()
        if o.owner in ("GER", "FRA", "ITA")
    ]
    w.view.zoom_to(w.scene.geom.union_rect(europe), margin=0.05)
    qtbot.wait(100)  # the window's layout settles
    size = w.view.viewport().size()
    play = _start(w, qtbot, "global-war-1936", seats, seed=2, rounds=1)
    assert play.wait_for_bots(120)
    s = play.session
    assert s.player == "UK" and not play.handing_over
    assert "UK" in play.panel.turn.text()
    # the map shows the game: a German capture or move changed the position drawn
    assert {z: o.owner for z, o in w.scene.play_scenario.ownership.items()} == s.state.owner
    # the view kept its size (the Play dock went in a tab: no fit, no whole repaint)
    assert w.view.viewport().size() == size
    # only what changed was repainted, move after move: the map on screen is the one a
    # whole repaint of the final position draws
    w.scene.flush_repaints()
    qtbot.wait(50)
    partial = w.view.viewport().grab().toImage()
    assert w.scene.symbols.get(w.view.transform().m11()).units  # chips are on screen
    w.scene.show_position(w.scene.play_scenario, full=True)
    qtbot.wait(50)
    whole = w.view.viewport().grab().toImage()
    # (antialiasing at the edge of a repainted rectangle may round a channel by one)
    a, b = _pixels(partial).astype(int), _pixels(whole).astype(int)
    assert a.shape == b.shape and int(abs(a - b).max()) <= 8
    prompts = []
    monkeypatch.setattr(
        QMessageBox,
        "question",
        lambda _p, title, *a, **k: prompts.append(title) or QMessageBox.StandardButton.Discard,
    )
    w.act_close_game.trigger()
    assert prompts == ["Game in progress"]  # the bots played: Close Game asked first
    assert w.play.session is None and w.scene.play_scenario is None
    assert all(a.isEnabled() for a in w.tool_actions.values())
    assert w.inspector.isEnabled()


def _zone_point(w, zone: int) -> QPoint:
    z = w.document.pack.map.zones[zone]
    p = z.geometry.representative_point()
    vp = w.view.mapFromScene(p.x, p.y)
    return QPoint(vp.x(), vp.y())


def test_route_preview_and_the_transport_the_player_picks(sample_window, qtbot, monkeypatch):
    """Hovering a reachable zone draws the route there (the overlay is painted on the
    map); a move that boards a transport where several could take the stack asks which,
    and boards the one picked — not only the one the engine's legal moves name."""
    w = sample_window
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    pack = w.document.pack
    seats = {n: HUMAN for slot in pack.scenarios["1939"].turn_order for n in slot}
    play = _start(w, qtbot, "1939", seats, seed=3, rounds=1)
    while play.session.state.phase != "combat_move":
        _end_phase(play, qtbot)
    s = play.session
    st = s.state
    load = next(
        a
        for a in s.legal()
        if a.kind == "move" and a.transport and len(s.transport_choices(a.units, a.path)) > 1
    )
    src, sea = load.path
    _click_zone(w, qtbot, src)
    assert play.source == src and sea in w.scene.play_targets
    # keep only the units that board: the stack's other types stay
    t = st.units[load.units[0]].type
    for typ, spin in play.panel._spins.items():
        spin.setValue(len(load.units) if typ == t else 0)
    # hover: the route is previewed and drawn over the map
    w.view.zoom_to(w.scene.geom.union_rect([src, sea]), margin=0.3)
    qtbot.wait(20)
    before = w.view.viewport().grab().toImage()
    qtbot.mouseMove(w.view.viewport(), _zone_point(w, sea))
    qtbot.wait(50)
    assert play.routes == [(src, sea)]
    assert "(2 can take them)" in w.statusBar().currentMessage()
    after = w.view.viewport().grab().toImage()
    a, b = _pixels(before).astype(int), _pixels(after).astype(int)
    assert int((abs(a - b).sum(axis=1) > 0).sum()) > 50  # the route line is on screen
    # a zone out of reach: no route
    far = next(z for z, o in st.owner.items() if o == "USA")
    play.preview(far)
    assert play.routes == []
    # the click asks which transport
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=_zone_point(w, sea))
    assert play.choosing is not None and play.panel.transport_box.isVisible()
    combo = play.panel.transports
    choices = [combo.itemData(i) for i in range(combo.count())]
    assert sorted(choices) == sorted(s.transport_choices(load.units, load.path))
    other = next(tid for tid in choices if tid != load.transport)
    assert "free" in combo.itemText(choices.index(other))
    combo.setCurrentIndex(choices.index(other))
    qtbot.mouseClick(play.panel.board_btn, Qt.MouseButton.LeftButton)
    st = play.session.state
    assert play.choosing is None
    assert all(st.units[u].on == other and st.units[u].zone == sea for u in load.units)


def test_research_and_repair_in_the_purchase_panel(sample_window, qtbot):
    """Global War's purchase phase also researches and repairs: the panel lists them in
    their own sections, research with the dice left and what a die needs; a research die
    is rolled from the panel and its roll is in the log."""
    w = sample_window
    pack = w.document.pack
    nations = [n for slot in pack.scenarios["global-war-1936"].turn_order for n in slot]
    first = nations[0]
    seats = {n: "heuristic" for n in nations}
    seats[first] = HUMAN
    play = _start(w, qtbot, "global-war-1936", seats, seed=2, rounds=1)
    s = play.session
    assert s.player == first and s.state.phase == "purchase"
    offer = s.research_offer()
    assert offer is not None and offer["dice_left"] > 0
    lst = play.panel.actions
    texts = [lst.item(i).text() for i in range(lst.count())]
    heads = [lst.item(i).text() for i in range(lst.count()) if not lst.item(i).flags()]
    assert heads[0].startswith("Buy") and any(h.startswith("Research:") for h in heads)
    assert f"{offer['dice_left']} dice left" in next(h for h in heads if h.startswith("Research"))
    research = [a for a in s.legal() if a.kind == "research"]
    assert s.describe_research(research[0].type) in texts
    assert re.fullmatch(
        r".+: stage \d of \d, a roll of \d+\+ on a d\d+", s.describe_research(research[0].type)
    )
    bank = s.state.banks[first]
    _pick_action(play, qtbot, lambda a: a.kind == "research" and a.type == research[0].type)
    s = play.session
    assert s.state.banks[first] == bank - offer["cost"]
    assert s.research_offer()["dice_left"] == offer["dice_left"] - 1
    log = [play.panel.log.item(i).text() for i in range(play.panel.log.count())]
    assert any(x.startswith(f"{first} researches {research[0].type}: rolled") for x in log)
    # a damaged facility of the nation to move: its repair, with the damage and the price
    st = s.state
    f = next(f for f in st.facilities.values() if st.owner.get(f.zone) == first)
    st.facilities[f.id] = f._replace(damage=2)
    st._legal = None
    play.refresh()
    repair = next(a for a in s.legal() if a.kind == "repair" and a.target == f.id)
    texts = [lst.item(i).text() for i in range(lst.count())]
    line = s.describe_repair(repair.target)
    assert line in texts and "2 damage" in line
    assert any(t.startswith("Repair damaged facilities") for t in texts)


def test_waypoints_force_the_route(sample_window, qtbot, monkeypatch):
    """Shift+click a zone on the way: the route passes it (the engine's search through
    waypoints), the zones reachable that way are highlighted, the route is previewed and
    taken; a waypoint no route passes is refused with the reason."""
    w = sample_window
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    pack = w.document.pack
    seats = {n: HUMAN for slot in pack.scenarios["1939"].turn_order for n in slot}
    play = _start(w, qtbot, "1939", seats, seed=3, rounds=1)
    while play.session.state.phase != "noncombat_move":
        _end_phase(play, qtbot)
    s = play.session
    st = s.state
    nb = st.board.land_nbrs
    case = None
    for a in s.legal():
        if a.kind != "move" or a.transport or a.mode or len(a.path) != 3:
            continue
        z0, mid, dest = a.path
        if not st.board.is_land(z0):
            continue
        for other in sorted(nb[z0]):
            if other != mid and dest in nb[other]:
                if any(x.path == (z0, other, dest) for x in s.route_moves(z0, (other,))):
                    case = (a, other)
                    break
        if case:
            break
    assert case is not None
    a, other = case
    z0, mid, dest = a.path
    errors: list[str] = []
    play.message.connect(errors.append)
    _click_zone(w, qtbot, z0)
    assert play.source == z0
    for typ, spin in play.panel._spins.items():  # move the units of that legal move
        spin.setValue(len(a.units) if typ == st.units[a.units[0]].type else 0)
    counts = play.panel.picked_counts()
    w.view.zoom_to(w.scene.geom.union_rect([z0, mid, other, dest]), margin=0.3)
    qtbot.wait(20)
    qtbot.mouseClick(
        w.view.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.ShiftModifier,
        _zone_point(w, other),
    )
    assert play.waypoints == [other] and play.source == z0
    assert dest in w.scene.play_targets
    route = play.panel.stack_box.findChild(QLabel, "playRoute")
    assert route is not None and "via" in route.text()
    for typ, spin in play.panel._spins.items():
        spin.setValue(counts.get(typ, 0))
    qtbot.mouseMove(w.view.viewport(), _zone_point(w, dest))
    qtbot.wait(30)
    assert (z0, other, dest) in play.routes
    # a waypoint no route passes: far away
    far = next(z for z, o in st.owner.items() if o == "USA")
    assert not play.add_waypoint(far)
    assert errors and "no route" in errors[-1] and play.waypoints == [other]
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=_zone_point(w, dest))
    moved = [e for e in play.session.state.log if e.get("e") == "move"][-1]
    assert moved["path"] == [z0, other, dest]
    assert play.waypoints == []
    # an event whose "a" is a nation (a relation changed by an attack on a neutral) is
    # written in the log panel like any other
    play.session.state.event("relation", a="GER", b="SUI", status="war", by="GER")
    play.refresh()
    assert play.panel.log.item(play.panel.log.count() - 1).text() == "Germany and SUI: war"


def test_aircraft_to_a_sea_zone_land_on_its_carriers(sample_window, qtbot, monkeypatch):
    """Non-combat: the preview of aircraft flying to a sea zone says they land on the
    carriers there and how much room those have (the engine counts it per sea zone)."""
    w = sample_window
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    pack = w.document.pack
    seats = {n: HUMAN for slot in pack.scenarios["1939"].turn_order for n in slot}
    play = _start(w, qtbot, "1939", seats, seed=3, rounds=1)
    for _ in range(400):
        s = play.session
        st = s.state
        if st.phase == "noncombat_move" and st.decision is None and not play.handing_over:
            air = [
                a
                for a in s.legal()
                if a.kind == "move"
                and st.board.is_sea(a.path[-1])
                and st.rules.units[st.units[a.units[0]].type].domain == "air"
            ]
            if air:
                break
        _end_phase(play, qtbot)
    a = air[0]
    play.pick_source(a.path[0])
    t = st.units[a.units[0]].type
    for typ, spin in play.panel._spins.items():
        spin.setValue(1 if typ == t else 0)
    play.preview(a.path[-1])
    room = s.carrier_room(a.path[-1])
    assert room > 0
    msg = w.statusBar().currentMessage()
    assert "land on the carriers" in msg and f"room for {room}" in msg
