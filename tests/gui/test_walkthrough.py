"""Acceptance walkthrough (issue #6): from a blank canvas, build a 10-zone map with a
strait, a canal, a convoy line and a port using only mouse and keyboard events, save
it, and ``warroom info`` reports it."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt

from gamecore.cli import main as cli_main
from gamecore.geometry import Coverage
from gamecore.store import read_pack
from tests.gui.test_tools import L, click, drag, key, polyline, vp


def rect(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def tool(qtbot, w, name):
    """Pick a tool with its toolbar button."""
    action = w.tool_actions[name]
    bar = w.authoring_toolbar if name not in ("select", "pan") else None
    button = bar.widgetForAction(action)
    qtbot.mouseClick(button, L)
    assert w.tool.name == name


def build_map(qtbot, w):
    """The walkthrough; returns {name: zone id}."""
    qtbot.keyClick(w, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # File > New
    w.view.fit_map()
    m = lambda: w.document.pack.map  # noqa: E731
    # three sea zones: split the open sea twice, frame edge to frame edge
    tool(qtbot, w, "split")
    polyline(qtbot, w, [(350, -15), (350, 615)])
    polyline(qtbot, w, [(650, -15), (650, 615)])
    assert sorted(z.kind for z in m().zones.values()) == ["sea"] * 3
    # land: west coast, an island, an isthmus from frame to frame, an east coast
    tool(qtbot, w, "draw_zone")
    ids = {}
    for name, r in [
        ("W1", rect(50, 100, 200, 250)),
        ("W2", rect(50, 250, 200, 400)),
        ("Island", rect(240, 300, 285, 380)),
        ("Isthmus", rect(315, -5, 390, 605)),
        ("E1", rect(700, 100, 850, 250)),
        ("E2", rect(850, 100, 950, 250)),
        ("E3", rect(700, 250, 850, 400)),
    ]:
        polyline(qtbot, w, r)
        assert max(m().zones) not in ids.values(), (name, w.statusBar().currentMessage())
        ids[name] = max(m().zones)
    assert len(m().zones) == 10
    for name, (x, y) in {"S1": (20, 20), "S2": (550, 20), "S3": (980, 20)}.items():
        ids[name] = w.scene.zone_at(w.view.mapToScene(vp(w, x, y)))
    # a strait from W2 to the island through S1, a canal from S1 to S2 over the isthmus
    tool(qtbot, w, "link")
    drag(qtbot, w, (150, 330), (260, 340))
    drag(qtbot, w, (290, 100), (550, 100))
    # a convoy line across S2 and S3 into E3
    tool(qtbot, w, "convoy")
    polyline(qtbot, w, [(550, 500), (800, 500), (780, 350)])
    # a port in E1 serving S3
    tool(qtbot, w, "facility")
    combo = w.tool.type_combo
    for _ in range(combo.count()):  # arrow keys on the type box until "port"
        if combo.currentText() == "port":
            break
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert w.tool.type == "port"
    click(qtbot, w, 775, 175)
    click(qtbot, w, 900, 50)
    key(qtbot, w, Qt.Key.Key_Return)
    return ids


def test_walkthrough(qtbot, window, tmp_path, capsys):
    w = window
    ids = build_map(qtbot, w)
    m = w.document.pack.map
    cov = Coverage.from_map(m)
    assert cov.is_valid()
    s1, s2, s3 = ids["S1"], ids["S2"], ids["S3"]
    assert {m.zones[s].kind for s in (s1, s2, s3)} == {"sea"}
    assert s2 not in cov.neighbours(s1)  # the isthmus separates them
    links = sorted(m.links.values(), key=lambda k: k.kind)
    assert [k.kind for k in links] == ["canal", "strait"]
    canal, strait = links
    assert {canal.a, canal.b} == {s1, s2} and canal.controllers == [ids["Isthmus"]]
    assert {strait.a, strait.b} == {ids["W2"], ids["Island"]} and strait.via == s1
    (convoy,) = m.lines.values()
    assert convoy.kind == "convoy" and convoy.path == [s2, s3] and convoy.end == ids["E3"]
    (port,) = m.facilities.values()
    assert (port.type, port.zone, port.serves) == ("port", ids["E1"], [s3])
    # save, and warroom info reports it
    path = tmp_path / "walk.warroom"
    assert w.save_as(path)
    capsys.readouterr()
    assert cli_main(["info", str(path), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert {k: n for k, n in info["zones"].items() if n} == {"land": 7, "sea": 3}
    saved = read_pack(path)
    assert len(saved.map.links) == 2 and len(saved.map.lines) == 1
    assert saved.map.facilities[port.id].serves == [s3]
