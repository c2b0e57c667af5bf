"""A rule system's play-mode adapter, brought from its own module: the test-only toy
system (tests/gamecore/engine/toy_system.py, ``ToyPlay``) played in the editor with real
mouse clicks. The play mode knows nothing of the toy: the phase's title and the assault a
click on the map makes come from the adapter."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from editor.document import Document
from gamecore.sim.session import PlaySession
from tests.gamecore.engine.toy_system import toy_pack


def _click_zone(w, qtbot, zone: int) -> None:
    w.play.centre_on(zone)
    x, y = w.scene.geom.anchor[zone]
    vp = w.view.mapFromScene(x, y)
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(vp.x(), vp.y()))


def test_a_click_through_the_toys_adapter_makes_its_assault(qtbot, window):
    pack = toy_pack()
    z = pack.meta["zone_ids"]
    window._set_document(Document(pack, title="toy"))
    play = window.play
    play.start(PlaySession.start(pack, "test", seed=3))
    assert play.panel.actions_title.text() == "Levy: pick a zone, then Do"
    qtbot.mouseClick(play.panel.end_btn, Qt.MouseButton.LeftButton)
    st = play.session.state
    assert st.phase == "assault" and st.current_nation == "NOR"
    assert play.panel.actions_title.text().startswith("Assault: click your soldiers")
    # the assaults are made on the map, not listed
    listed = [play.panel.actions.item(i).text() for i in range(play.panel.actions.count())]
    assert not any("assault" in t.lower() for t in listed)

    _click_zone(window, qtbot, z["b"])  # NOR's three soldiers
    assert play.source == z["b"] and window.scene.play_targets == {z["e"]}
    _click_zone(window, qtbot, z["e"])  # the middle zone nobody holds
    log = play.session.state.log
    acts = [e["a"] for e in log if e.get("e") == "action" and e.get("n") == "NOR"]
    assert acts[-1]["kind"] == "assault" and acts[-1]["path"] == [z["b"], z["e"]]
    assert [e for e in log if e.get("e") == "assault"][-1]["zone"] == z["e"]
    play.stop()
