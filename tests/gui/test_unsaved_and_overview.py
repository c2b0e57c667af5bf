"""Untitled documents (new, imported, the sample's copy) autosave and are recovered after a
crash (docs/architecture.md Invariant 3); the Overview thumbnail colours zones like the main canvas in
every map mode."""

from __future__ import annotations

import copy

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMessageBox

from editor.canvas import style
from gamecore.ops import SetZoneAttrs
from gamecore.store import read_pack, write_pack


def answer(monkeypatch, button, calls=None):
    def question(parent, title, text, *args, **kwargs):
        if calls is not None:
            calls.append(title)
        return button

    monkeypatch.setattr(QMessageBox, "question", question)


def _edit_untitled(window) -> int:
    window.open_demo()
    assert window.document.packfile is None  # no file yet
    bav = window.document.pack.map.zone_by_code("BAV")
    window.push(SetZoneAttrs([bav.id], "value", 17))
    return bav.id


def test_an_untitled_document_autosaves_and_a_crash_leaves_it_recoverable(
    window, make_window, monkeypatch
):
    _edit_untitled(window)
    assert window.autosave()  # the minute timer's work
    path = window.unsaved.path
    assert path is not None and path.exists()
    assert read_pack(path).map.zone_by_code("BAV").value == 17
    assert not window.autosave()  # nothing new since
    other = make_window(show=False)
    assert other.unsaved.candidates() == []  # held by a running editor: not offered
    window.unsaved.release()  # the editor dies: its lock goes, the file stays
    window.document.undo_stack.setClean()
    asked = []
    answer(monkeypatch, QMessageBox.StandardButton.Yes, asked)
    assert other.recover_unsaved()
    assert asked == ["Recover unsaved document?"]
    doc = other.document
    assert doc.pack.map.zone_by_code("BAV").value == 17
    assert doc.modified and "(recovered)" in doc.display_name
    assert other.unsaved.path == path  # it keeps autosaving there
    # saved to a file: the untitled autosave is gone
    assert other.save_as(path.parent.parent / "kept.warroom")
    assert not path.exists() and other.unsaved.path is None
    assert read_pack(path.parent.parent / "kept.warroom").map.zone_by_code("BAV").value == 17


def test_declined_recovery_deletes_and_a_discarded_document_leaves_nothing(
    window, make_window, monkeypatch
):
    _edit_untitled(window)
    assert window.autosave()
    path = window.unsaved.path
    window.unsaved.release()
    window.document.undo_stack.setClean()
    other = make_window(show=False)
    answer(monkeypatch, QMessageBox.StandardButton.No)
    assert not other.recover_unsaved()
    assert not path.exists() and other.unsaved.candidates() == []
    # an untitled document the user discards (new document, Discard) leaves no file
    _edit_untitled(other)
    assert other.autosave()
    path = other.unsaved.path
    answer(monkeypatch, QMessageBox.StandardButton.Discard)
    other.new_document()
    assert not path.exists() and other.unsaved.path is None


def test_overview_paints_sea_zones_like_the_main_canvas_in_every_mode(window, tmp_path, _demo):
    """The terrain mode painted sea zones with the default terrain "clear" (every zone of
    the 1939 sample has it) as land; the overview draws the same colours as the canvas."""
    pack = copy.deepcopy(_demo)
    for z in pack.map.zones.values():
        if z.kind == "sea":
            z.terrain = "clear"
    path = tmp_path / "clear.warroom"
    write_pack(pack, path)
    assert window.open_path(path)
    ov = window.overview
    m = window.document.pack.map
    seas = [z for z in m.zones.values() if z.kind == "sea"]
    land = next(z for z in m.zones.values() if z.kind == "land" and z.terrain == "clear")
    for mode in ("terrain", "political"):
        window.set_map_mode(mode)
        ov.resize(520, 320)
        ov._render()
        img = ov._image
        frame = window.scene.geom.frame
        s = ov._target.width() / frame.width()
        dpr = img.devicePixelRatio()
        for z in (*seas, land):
            p = z.geometry.representative_point()
            if z.geometry.buffer(-3 / s).is_empty:
                continue  # too small to hit a pixel inside it
            p = z.geometry.buffer(-3 / s).representative_point()
            x = (ov._target.left() + (p.x - frame.left()) * s) * dpr
            y = (ov._target.top() + (p.y - frame.top()) * s) * dpr
            got = img.pixelColor(int(x), int(y))
            want = QColor(window.scene.colour_names[z.id])
            assert got == want, (mode, z.name, got.name(), want.name())
        if mode == "terrain":
            assert window.scene.colour_names[seas[0].id] == style.SEA
            assert window.scene.colour_names[land.id] == style.TERRAIN["clear"]
