"""Legends for every map mode and overlay, the empty heat map's message, and a map mode
that stays with its document (#37, "What to build" 6)."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt

from editor.canvas import style
from editor.canvas.legend import sections
from editor.demo import blank_pack, demo_pack
from editor.document import Document

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


def _labels(scene) -> dict[str, list[str]]:
    return {s.title: [label for _p, label in s.rows] for s in sections(scene)}


def test_every_map_mode_has_a_legend(window):
    w = window
    w._set_document(Document(demo_pack(), title="demo"))
    for mode in style.MAP_MODES:
        w.set_map_mode(mode)
        secs = _labels(w.scene)
        assert style.MODE_TITLES[mode] in secs, mode
        assert secs[style.MODE_TITLES[mode]], mode


def test_the_adjacency_overlay_and_not_adjacent_overrides_are_in_the_legend(window, qtbot):
    from gamecore.model import Link

    w = window
    pack = demo_pack()
    a, b = list(pack.map.zones)[:2]
    pack.map.links[999] = Link(999, "not_adjacent", a, b)
    w._set_document(Document(pack, title="demo"))
    assert "Not adjacent (override)" in _labels(w.scene)["Lines"]
    w.act_adjacency.trigger()  # View › Adjacency Overlay
    secs = _labels(w.scene)
    assert "Adjacency overlay" in secs
    assert "Not adjacent (override)" in secs["Adjacency overlay"]
    w.act_adjacency.trigger()
    assert "Adjacency overlay" not in _labels(w.scene)


def test_a_hex_board_legend_explains_the_hex_and_its_stack_marker(window, tmp_path):
    w = window
    copy = tmp_path / "hgw.warroom"
    shutil.copyfile(SAMPLES / "hgw-barbarossa.warroom", copy)
    assert w.open_path(copy)
    hexes = _labels(w.scene)["Hexes"]
    assert "Hex id (top of the hex)" in hexes
    assert any("Stack" in row for row in hexes)


def test_an_empty_heat_map_says_why_and_the_mode_stays_with_its_document(window, qtbot):
    w = window
    w._set_document(Document(demo_pack(), title="demo"))
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_6, Qt.KeyboardModifier.ControlModifier)  # heat map
    assert w.scene.mode == "heatmap"
    assert "No playtest results" in w.view.banner
    assert _labels(w.scene)[style.MODE_TITLES["heatmap"]][0] == "no playtest data"
    # a playtest's values: the message goes
    zid = next(iter(w.document.pack.map.zones))
    w.scene.set_heatmap({zid: 2.0})
    w.set_map_mode("heatmap")
    assert w.view.banner == ""
    # the next document opens in the political mode, without the message
    w.scene.set_heatmap({})
    w.set_map_mode("heatmap")
    w._set_document(Document(blank_pack(), title="next"))
    assert w.scene.mode == "political"
    assert w.mode_combo.currentData() == "political"
    assert w.view.banner == ""
