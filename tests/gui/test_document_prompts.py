"""Lost edits (#37 "Why" item 5, "What to build" item 3): Discard, then Cancel in the
Import dialog leaves the edits unsaved, so New asks again; a bundled sample opens as a
copy (Save asks where, the bundled file is never written); replacing the document
while a game is played asks about the game first."""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from editor.import_dialog import ImportDialog
from editor.play import new_game
from editor.play.newgame import NewGameDialog
from gamecore.engine.actions import Action
from gamecore.ops import SetZoneAttrs

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


def _edit(window) -> None:
    z = next(iter(window.document.pack.map.zones.values()))
    window.push(SetZoneAttrs([z.id], "value", (z.value or 0) + 1))
    assert window.document.modified


def test_discard_then_cancel_import_keeps_the_edits_unsaved(window, qtbot, monkeypatch):
    _edit(window)
    doc = window.document
    asked = []

    def question(_parent, title, text, *a, **k):
        asked.append(title)
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "question", question)
    dlg = ImportDialog("geojson", window)
    qtbot.addWidget(dlg)
    dlg.exec = lambda: ImportDialog.DialogCode.Rejected  # the user cancels the import
    assert not window.import_dialog("geojson", dialog=dlg)
    assert asked == ["Unsaved changes"]
    assert window.document is doc and doc.modified  # the edits are still unsaved
    # so New asks again before dropping them
    monkeypatch.setattr(
        QMessageBox,
        "question",
        lambda *a, **k: asked.append("again") or QMessageBox.StandardButton.Cancel,
    )
    window.doc_control.act_new.trigger()
    assert asked[-1] == "again" and window.document is doc


def test_a_bundled_sample_opens_as_a_copy(window, monkeypatch, tmp_path):
    sample = SAMPLES / "world-1939.warroom"
    digest = hashlib.sha256(sample.read_bytes()).hexdigest()
    assert window.open_path(sample)
    doc = window.document
    assert doc.packfile is None and doc.display_name.startswith("world-1939 (copy)")
    _edit(window)
    out = tmp_path / "mine.warroom"
    chosen = []

    def where(*a, **k):
        chosen.append(a[1] if len(a) > 1 else "")
        return str(out), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", where)
    assert window.doc_control.save()
    assert chosen and out.exists() and doc.path == out  # Save asked where
    assert hashlib.sha256(sample.read_bytes()).hexdigest() == digest  # untouched


def test_replacing_the_map_asks_about_the_game_first(window, qtbot, monkeypatch, tmp_path):
    assert window.open_path(SAMPLES / "world-1939.warroom")
    dlg = NewGameDialog(window.document.pack, "1939", window)
    dlg.rounds.setValue(1)
    assert new_game(window, dlg) and window.play.wait_until_started()
    window.play.act(Action.end_phase())  # played: unsaved
    asked = []
    monkeypatch.setattr(
        QMessageBox,
        "question",
        lambda _p, title, *a, **k: asked.append(title) or QMessageBox.StandardButton.Cancel,
    )
    doc = window.document
    window.doc_control.act_new.trigger()
    assert asked == ["Game in progress"]
    assert window.document is doc and window.play.session is not None  # Cancel: all stays
