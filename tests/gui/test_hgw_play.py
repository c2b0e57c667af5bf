"""The play mode plays the hgw rule system: a human Axis against the random Soviet bot on
the Barbarossa-shaped test map; the actions list words hgw actions through the system's
describe hook, and a double-click (a real event) announces an attack."""

from __future__ import annotations

import os

from PySide6.QtCore import Qt

from editor.play import new_game
from editor.play.newgame import NewGameDialog
from gamecore.store import write_pack
from tests.gamecore.hgw.hexpack import barbarossa_like


def test_play_mode_lists_and_plays_hgw_actions(make_window, qtbot, tmp_path):
    path = tmp_path / "barbarossa.warroom"
    write_pack(barbarossa_like(), path)
    w = make_window()
    assert w.open_path(path)
    dlg = NewGameDialog(w.document.pack, "barbarossa", w)
    dlg.seed.setValue(2)
    for n, kind in {"AXIS": "human", "SOV": "random"}.items():
        combo = dlg.seat_combo(n)
        combo.setCurrentIndex(combo.findData(kind))
    assert new_game(w, dlg)
    assert w.play.wait_until_started()
    play = w.play
    qtbot.waitUntil(lambda: play.session.human_to_move, timeout=10_000)
    st = play.session.state
    assert st.phase == "movement" and st.current_nation == "AXIS"
    texts = [play.panel.actions.item(i).text() for i in range(play.panel.actions.count())]
    # the moves are made on the map (tests/gui/test_hgw_play_clicks.py), not listed
    assert not any(t.startswith("Move ") or "units=" in t for t in texts)
    assert play.panel.actions_title.text().startswith("Movement: click a hex")
    qtbot.mouseClick(play.panel.end_btn, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: play.session.state.phase == "announce", timeout=60_000)
    lst = play.panel.actions
    row = next(
        i for i in range(lst.count()) if lst.item(i).text().startswith("Announce: Army Group North")
    )
    item = lst.item(row)
    lst.setCurrentItem(item)
    qtbot.mouseClick(play.panel.do_btn, Qt.MouseButton.LeftButton)
    assert any(e.get("e") == "hgw_attack" for e in play.session.state.log)
    if os.environ.get("WARROOM_SHOT"):
        w.grab().save(os.environ["WARROOM_SHOT"])
