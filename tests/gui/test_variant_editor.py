"""Variants in the editor (issue #36, editor/variant.py): File › New Variant of This Pack
opens a variant of the open pack; edits of the variant go into its differences; the
"Differences from base" dock lists them, outlines the changed zones and reverts a chosen
one to the base through an undo command; opening a variant whose base changed offers a
rebase."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from gamecore.ops import SetZoneAttrs
from gamecore.store import open_pack, read_pack
from gamecore.store.packfile import read_stored_variant


def _variant(window, tmp_path, pack_path):
    assert window.open_path(pack_path, interactive=False)
    out = tmp_path / "mine.warroom"
    assert window.variant_tools.new_variant(out)
    return out


def test_new_variant_of_this_pack_opens_the_variant(window, tmp_path, pack_path):
    out = _variant(window, tmp_path, pack_path)
    doc = window.document
    assert doc.path == out and doc.packfile.variant is not None
    assert doc.pack == read_pack(pack_path)
    assert window.variant_tools.dock.isVisible()
    assert window.variant_tools.dock.heading.text().endswith(": 0 differences")


def test_edits_go_into_the_differences_and_revert_to_base(window, tmp_path, pack_path, qtbot):
    out = _variant(window, tmp_path, pack_path)
    doc = window.document
    zones = sorted(doc.pack.map.zones)
    a, b = zones[0], zones[1]
    old_a, old_b = doc.pack.map.zones[a].value, doc.pack.map.zones[b].value
    doc.push(SetZoneAttrs([a], "value", old_a + 5))
    doc.push(SetZoneAttrs([b], "value", old_b + 7))
    dock = window.variant_tools.dock
    qtbot.waitUntil(lambda: dock.list.count() == 2, timeout=10_000)
    assert [dock.list.item(i).text() for i in range(2)] == [f"zone {a} value", f"zone {b} value"]
    assert dock.outlined_zones == {a, b}
    # choose the first row and press Revert to Base
    dock.list.item(0).setSelected(True)
    qtbot.mouseClick(dock.revert_button, Qt.MouseButton.LeftButton)
    assert doc.pack.map.zones[a].value == old_a and doc.pack.map.zones[b].value == old_b + 7
    assert [dock.list.item(i).text() for i in range(dock.list.count())] == [f"zone {b} value"]
    doc.undo_stack.undo()  # the revert is one undo step
    assert doc.pack.map.zones[a].value == old_a + 5
    doc.undo_stack.redo()
    assert window.doc_control.save()
    changes = read_stored_variant(out).changes
    assert [(c.path, c.before, c.after) for c in changes] == [
        (("map", "zones", str(b), "value"), old_b, old_b + 7)
    ]


def test_a_changed_base_offers_a_rebase(window, tmp_path, pack_path, monkeypatch):
    out = _variant(window, tmp_path, pack_path)
    doc = window.document
    z = sorted(doc.pack.map.zones)[0]
    doc.push(SetZoneAttrs([z], "value", 42))
    assert window.doc_control.save()
    window.new_document()  # close the variant
    with open_pack(pack_path) as pf:  # the base changes elsewhere
        other = sorted(pf.pack.map.zones)[-1]
        pf.pack.map.zones[other].name = "Fixed"
        pf.save()
    asked = []

    def answer(box):
        asked.append(box.text())
        box.clickedButton = lambda: next(
            b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.AcceptRole
        )
        return 0

    monkeypatch.setattr(QMessageBox, "exec", answer)
    assert window.open_path(out)
    assert asked and "not the one it was made from" in asked[0]
    got = window.document.pack
    assert got.map.zones[other].name == "Fixed" and got.map.zones[z].value == 42
