"""The Playtest dock inside the editor (issue #11): a finished run paints the heatmap
map mode on the canvas."""

from __future__ import annotations

from editor.controllers.docks import panel_of
from gamecore.sim.playtest.samples import symmetric_pack
from gamecore.store import write_pack


def test_playtest_run_paints_the_heatmap(make_window, qtbot, tmp_path):
    path = tmp_path / "sym.warroom"
    write_pack(symmetric_pack(rounds=2), path)
    window = make_window()
    assert window.open_path(str(path), interactive=False)
    window.show_playtest_dock()
    panel = panel_of(window.playtest_dock)  # maybe inside a scroll area
    panel.games.setValue(2)
    panel.jobs.setValue(1)
    with qtbot.waitSignal(panel.finished, timeout=120_000) as sig:
        assert panel.start()
    summary = sig.args[0]
    assert summary["completed"] == 2
    assert window.scene.heatmap  # the bots fight from round 1 on this map
    assert window.scene.mode == "heatmap"
    hot = max(window.scene.heatmap, key=window.scene.heatmap.get)
    cold = next(z for z in window.document.pack.map.zones if z not in window.scene.heatmap)
    assert window.scene.colour_names[hot] != window.scene.colour_names[cold]
    window.show_playtest_heatmap({"zones": {}})
    assert window.scene.heatmap == {}
