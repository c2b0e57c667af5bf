"""The Scenario dock: a two-nation scenario built through the dock plays with
`warroom play`; every dock edit is one undo step that restores the pack exactly; bad
conditions show line/column messages, never a traceback."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import Qt

from editor.demo import demo_pack
from editor.document import Document
from gamecore.cli import main as cli_main


@pytest.fixture
def window(make_window):
    win = make_window(show=False)
    pack = demo_pack()
    pack.scenarios.clear()
    win._set_document(Document(pack, title="no scenario"))
    return win


def _zone(win, code):
    return win.document.pack.map.zone_by_code(code).id


def _select(win, *codes):
    win.document.selection.set([("zone", _zone(win, c)) for c in codes])


def _undoable(win, action):
    """Run a dock action; check it made exactly one undo step, that undo restores the
    pack exactly and redo gives the result again."""
    doc = win.document
    before = copy.deepcopy(doc.pack)
    n = doc.undo_stack.count()
    result = action()
    assert result is not False
    after = copy.deepcopy(doc.pack)
    assert after != before
    assert doc.undo_stack.count() == n + 1
    doc.undo_stack.undo()
    assert doc.pack == before
    doc.undo_stack.redo()
    assert doc.pack == after
    return result


def test_build_a_two_nation_scenario_save_and_play(qtbot, window, tmp_path, capsys):
    win = window
    panel = win.scenario_panel
    assert panel.scenario() is None
    _undoable(win, lambda: panel.new_scenario("duel", "Duel"))
    assert win.document.scenario_id == "duel"
    assert win.scenario_combo.findData("duel") >= 0
    g = panel.general
    g.rounds.setValue(4)
    _undoable(win, g.rounds.editingFinished.emit)
    assert panel.scenario().rounds == 4
    _undoable(win, lambda: g.set_option("kamikaze", False))
    assert panel.scenario().options == {"kamikaze": False}
    # nations: keep GER and FRA only
    nat = panel.nations
    for n in ("UK", "ITA", "NED"):
        nat.select(n)
        _undoable(win, nat._remove)
    assert sorted(win.document.pack.nations) == ["FRA", "GER"]
    nat.select("GER")
    _select(win, "RHI")
    _undoable(win, nat.capital_from_selection)
    _select(win, "PRU")
    nat.capital_from_selection()  # merges with the previous step (same field)
    assert win.document.pack.nations["GER"].capital == _zone(win, "PRU")
    _select(win, "PRU", "RHI", "SAX")
    _undoable(win, nat.home_from_selection)
    assert win.document.pack.nations["GER"].home_zones == [
        _zone(win, c) for c in ("PRU", "RHI", "SAX")
    ]
    # alliances and relations
    pol = panel.politics
    _undoable(win, lambda: pol.add_alliance("axis", "Axis"))
    _undoable(win, lambda: pol.set_members("axis", ["GER"]))
    _undoable(win, lambda: pol.add_alliance("allies", "Allies"))
    _undoable(win, lambda: pol.set_members("allies", ["FRA"]))
    combo = pol.matrix.findChild(type(g.calendar), "relation_FRA_GER")
    combo.setCurrentText("war")
    _undoable(win, lambda: combo.activated.emit(combo.currentIndex()))
    assert panel.scenario().relation("GER", "FRA").status == "war"
    # turn order: add the nations, then put FRA first by the slot buttons
    to = panel.turn_order
    _undoable(win, to.add_missing)
    assert panel.scenario().turn_order == [["FRA"], ["GER"]]
    to.tree.setCurrentItem(to.tree.topLevelItem(1))
    _undoable(win, lambda: to._move(-1))
    assert panel.scenario().turn_order == [["GER"], ["FRA"]]
    # owners and units
    st = panel.setup
    for nation, codes in (
        ("GER", ("RHI", "PRU", "SAX", "BAV")),
        ("FRA", ("NOR", "PAR", "BRI", "AQU", "PRO")),
    ):
        st.set_nation(nation)
        _select(win, *codes)
        _undoable(win, lambda nation=nation: st.set_owner(nation, both=True))
    assert panel.scenario().owner_of(_zone(win, "PAR")) == "FRA"
    st.set_nation("GER")
    st.select_unit("infantry")
    st.count.setValue(3)
    _select(win, "RHI", "PRU")
    _undoable(
        win, lambda: qtbot.mouseClick(st.findChild(type(st.owner_to), "addUnits"), Qt.LeftButton)
    )
    st.select_unit("tank")
    st.count.setValue(1)
    _select(win, "RHI")
    _undoable(win, lambda: st.drop_units(_zone(win, "RHI"), "tank"))
    st.copy_setup()
    _select(win, "SAX")
    _undoable(win, st.paste_setup)
    st.set_nation("FRA")
    st.select_unit("infantry")
    st.count.setValue(4)
    _select(win, "PAR", "NOR")
    _undoable(win, st.add_to_selection)
    _select(win, "RHI")
    assert st.table.rowCount() == 2  # infantry and tank of GER
    units = {(u.zone, u.nation, u.unit_type): u.count for u in panel.scenario().units}
    assert units[(_zone(win, "RHI"), "GER", "infantry")] == 3
    assert units[(_zone(win, "SAX"), "GER", "tank")] == 1
    # banks and income
    eco = panel.economy
    _undoable(win, lambda: eco.set_bank("GER", 12))
    _undoable(win, lambda: eco.set_override("FRA", 99))
    assert eco.warnings() and "FRA" in eco.warning.text()
    # one objective
    ob = panel.objectives
    _undoable(win, lambda: ob.add_objective("paris", "Paris", owner="GER", effect="income +5"))
    assert _undoable(win, lambda: ob.set_condition("controls(GER, {Paris Basin})")) == ""
    assert ob.evaluate_now() == "false"
    assert "✓" in ob.status.text()
    # save and play
    path = tmp_path / "duel.warroom"
    assert win.save_as(path)
    capsys.readouterr()
    code = cli_main(
        [
            "play",
            str(path),
            "--scenario",
            "duel",
            "--seed",
            "1",
            "--bots",
            "random",
            "--rounds",
            "3",
        ]
    )
    assert code == 0, capsys.readouterr()


def test_bad_conditions_show_line_and_column(qtbot, window):
    panel = window.scenario_panel
    panel.new_scenario("s")
    ob = panel.objectives
    ob.add_objective("o", "O", owner="GER")
    msg = ob.set_condition("controls(GER, {Paris Basin})\nand controls(GER, {Atlantis})")
    assert msg.startswith("line 2, column") and "Atlantis" in msg
    assert ob.condition.error is not None
    start, length = ob.condition.error_span()
    assert ob.condition.toPlainText()[start : start + length] == "Atlantis"
    assert ob.condition.extraSelections()
    msg = ob.set_condition("controls(GER, ")
    assert msg.startswith("line 1, column")
    assert "⚠ line 1, column" in ob.status.text()
    msg = ob.set_condition("controls(XXX, {PAR})")
    assert "XXX" in msg
    assert "⚠" in ob.evaluate_now()
    assert ob.set_condition("round() >= 1") == ""
    assert ob.evaluate_now() == "true"


def test_typing_checks_on_a_timer(qtbot, window):
    panel = window.scenario_panel
    panel.new_scenario("s")
    ob = panel.objectives
    ob.add_objective("o", "O")
    with qtbot.waitSignal(ob.condition.checked, timeout=60_000) as sig:
        qtbot.keyClicks(ob.condition, "at_war(GER")
    assert sig.args[0].startswith("line 1")
    qtbot.waitUntil(
        lambda: panel.scenario().objectives["o"].condition.startswith("at_war"), timeout=3000
    )


def test_refused_edits_show_a_message_and_change_nothing(qtbot, window):
    panel = window.scenario_panel
    before = copy.deepcopy(window.document.pack)
    assert not panel.nations.add_nation("GER", "Again")
    assert "already used" in panel.message.text()
    assert not panel.new_scenario("has space")
    assert window.document.pack == before


def test_turn_order_slots_from_drops_and_unit_drops_on_the_map(qtbot, window):
    from PySide6.QtCore import QMimeData, QPointF
    from PySide6.QtGui import QDropEvent

    from editor.docks.scenario_units import UNIT_MIME

    panel = window.scenario_panel
    panel.new_scenario("s")
    to = panel.turn_order
    to.add_missing()
    assert len(panel.scenario().turn_order) == 5
    # what a drop of the second slot's nation onto the first slot leaves in the tree
    tree = to.tree
    child = tree.topLevelItem(1).takeChild(0)
    tree.topLevelItem(0).addChild(child)
    n = window.document.undo_stack.count()
    to.commit_tree()
    first = list(window.document.pack.nations)[:2]
    assert panel.scenario().turn_order[0] == first
    assert len(panel.scenario().turn_order) == 4
    assert window.document.undo_stack.count() == n + 1
    # a unit dragged from the palette and dropped on a zone of the map
    st = panel.setup
    st.set_nation("GER")
    st.count.setValue(2)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    window.fit_map()
    zid = _zone(window, "PAR")
    x, y = window.document.pack.map.zones[zid].label
    pos = window.view.mapFromScene(QPointF(x, y))
    mime = QMimeData()
    mime.setData(UNIT_MIME, b"artillery")
    ev = QDropEvent(
        QPointF(pos), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )  # fmt: skip
    # offscreen Qt delivers drops only inside a real drag: hand the event to the filter
    assert panel._drop_filter.eventFilter(window.view.viewport(), ev)
    stacks = [(u.zone, u.nation, u.unit_type, u.count) for u in panel.scenario().units]
    assert stacks == [(zid, "GER", "artillery", 2)]


def test_repeated_edits_of_one_scenario_field_merge_into_one_undo_step(window):
    from gamecore.model import Scenario
    from gamecore.ops.scenario import AddScenario, SetScenarioFields

    doc = window.document
    window.push(AddScenario(Scenario("s", "S")))
    n = doc.undo_stack.count()
    for text in ("W", "Wo", "Wor", "World"):
        window.push(SetScenarioFields("s", "name", text))
    assert doc.undo_stack.count() == n + 1
    assert doc.pack.scenarios["s"].name == "World"
    doc.undo_stack.undo()
    assert doc.pack.scenarios["s"].name == "S"
    window.push(SetScenarioFields("s", "rounds", 5))
    window.push(SetScenarioFields("s", "rounds", 6))  # not a typed text field: two steps
    assert doc.undo_stack.count() == n + 2
