"""Documents: the File menu (New, Open, Open Recent, Save, Save As, Revert, Import, Quit;
the Export submenu when there are exports), the unsaved-changes prompts, autosave (to the
working copy, or the untitled folder of :mod:`editor.unsaved`) and crash recovery.

To add a File menu entry, add a line to :meth:`DocumentsController.export_entries` (File ›
Export) or to :meth:`DocumentsController.build_file_menu` (the menu itself)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMenuBar, QMessageBox

from editor.demo import blank_pack, demo_pack
from editor.document import Document
from editor.export import install_export_actions
from editor.play import confirm_drop_game
from editor.unsaved import UnsavedAutosave, unsaved_folder
from gamecore import paths
from gamecore.errors import PackLockedError, WarroomError
from gamecore.store import new_pack, open_pack, read_pack
from gamecore.store.variant import VariantBaseError

if TYPE_CHECKING:
    from collections.abc import Callable


PACK_FILTER = "Warroom map packs (*.warroom);;All files (*)"
MAX_RECENT = 10
AUTOSAVE_MS = 60_000


def is_bundled_sample(path: Path) -> bool:
    """Whether ``path`` is one of the packs bundled in ``resources/samples``."""
    try:
        return path.resolve().parent == paths.sample_pack().resolve().parent
    except OSError:
        return False


class DocumentsController:
    def __init__(self, window: QMainWindow):
        """``window``: the editor's :class:`~editor.mainwindow.MainWindow` (its map, document
        and status bar), never imported here: the window imports its controllers."""
        self.window = window
        self.settings = window.settings
        #: where an untitled document (no file yet) autosaves (editor/unsaved.py)
        self.unsaved = UnsavedAutosave(unsaved_folder(self.settings))
        self._autosave_timer = QTimer(window)
        self._autosave_timer.setInterval(AUTOSAVE_MS)
        self._autosave_timer.timeout.connect(self.autosave)
        #: the document whose changes the last prompt discarded (its edits come back
        #: as unsaved if what was to replace it is cancelled: :meth:`keep_edits`)
        self._discarded = None
        K = QKeySequence.StandardKey
        self.act_new = self._action("&New", self.new_document, K.New, "Start a new, empty map")
        self.act_open = self._action("&Open…", self.open_dialog, K.Open, "Open a map pack")
        self.act_save = self._action("&Save", self.save, K.Save, "Save the pack")
        self.act_save_as = self._action(
            "Save &As…", self.save_as, K.SaveAs, "Save under a new name"
        )
        self.act_revert = self._action(
            "&Revert", self.revert, None, "Discard changes since the last save"
        )
        self.act_quit = self._action("&Quit", window.close, K.Quit)

    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        a = QAction(text, self.window)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setStatusTip(tip)
            a.setToolTip(tip)
        a.triggered.connect(lambda _checked=False, slot=slot: slot())
        return a

    # == the File menu ======================================================================
    def import_entries(self) -> list[tuple[str, Callable[[], object]]]:
        """File › Import: (menu text, what it does)."""
        return [
            ("&GeoJSON…", lambda: self.import_dialog("geojson")),
            ("&TripleA map…", lambda: self.import_dialog("triplea")),
        ]

    def build_file_menu(self, menubar: QMenuBar) -> QMenu:
        f = menubar.addMenu("&File")
        f.addActions([self.act_new, self.act_open])
        self.recent_menu = f.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        f.addSeparator()
        f.addActions([self.act_save, self.act_save_as, self.act_revert])
        f.addSeparator()
        imp = f.addMenu("&Import")
        for text, slot in self.import_entries():
            imp.addAction(text, slot)
        # File › Export › TripleA…, GeoJSON… (editor/export); Board… joins the same submenu
        install_export_actions(self.window, f)
        f.addSeparator()
        f.addAction(self.act_quit)
        self.file_menu = f
        return f

    def start_autosave(self) -> None:
        self._autosave_timer.start()

    def update_actions(self) -> None:
        doc = self.window.document
        self.act_revert.setEnabled(doc is not None and doc.packfile is not None)

    def document_replaced(self) -> None:
        """The old document is gone (saved, discarded or replaced): nothing to recover."""
        self.unsaved.drop()

    def open_default(self) -> None:
        """Open a copy of the bundled sample pack (in memory: saving asks for a new
        name, the bundled file is never written), or the built-in demo map."""
        sample = paths.sample_pack()
        pack = None
        title = "Channel Front (demo)"
        if sample.exists():
            try:
                pack = read_pack(sample)
                title = f"{sample.stem} (copy)"
            except WarroomError as err:
                self.window.show_error(f"cannot open the sample pack: {err}")
        if pack is None:
            pack = demo_pack()
        self.window.set_document(Document(pack, title=title))

    def open_copy(self, path: Path, interactive: bool = True) -> bool:
        """Open a copy of the pack at ``path`` (a bundled sample): in memory, titled
        "(copy)"; Save asks where, so the bundled file is never written."""
        try:
            pack = read_pack(path)
        except WarroomError as err:
            if not interactive:
                raise
            QMessageBox.critical(self.window, "Cannot open map pack", str(err))
            return False
        if interactive and not self.maybe_save():
            return False
        self.window.set_document(Document(pack, title=f"{path.stem} (copy)"))
        self.window.show_hint(f"{path.name} is a bundled sample: opened a copy (Save asks where)")
        return True

    def open_demo(self) -> None:
        """Open the built-in demo map (in memory)."""
        self.window.set_document(Document(demo_pack(), title="Channel Front (demo)"))

    def new_document(self) -> None:
        if not self.maybe_save():
            return
        self.window.set_document(Document(blank_pack(), title="Untitled"))

    def import_dialog(self, kind: str, dialog=None) -> bool:
        """File → Import: a GeoJSON file or a TripleA map becomes a new, unsaved document."""
        from editor.import_dialog import ImportDialog

        if not self.maybe_save():
            return False
        dlg = dialog or ImportDialog(kind, self.window)
        if dlg.exec() != ImportDialog.DialogCode.Accepted or dlg.pack is None:
            self.keep_edits()  # (Discard, then Cancel: the edits are still unsaved)
            return False
        source = Path(dlg.source.text().strip()).name or kind
        self.window.set_document(Document(dlg.pack, title=f"{source} (imported)"))
        self.window.document.set_dirty(True)
        return True

    def open_dialog(self) -> None:
        start = (
            str(self.window.document.path.parent)
            if self.window.document and self.window.document.path
            else ""
        )
        path, _ = QFileDialog.getOpenFileName(self.window, "Open map pack", start, PACK_FILTER)
        if path:
            self.open_path(path)

    def open_path(self, path: str | os.PathLike, interactive: bool = True) -> bool:
        """Open the pack at ``path``. A file that cannot be opened shows one dialog with
        the store's message (``interactive``) or raises the WarroomError; the current
        document is untouched either way. Returns True when the pack was opened."""
        path = Path(path)
        if is_bundled_sample(path):
            return self.open_copy(path, interactive)
        doc = self.window.document
        if doc is not None and doc.path is not None and path.exists():
            if doc.path.resolve() == path.resolve():  # already open here (we hold its lock)
                self.window.show_hint(f"{path.name} is already open")
                return True
        try:
            try:
                pf = open_pack(path, readonly=not interactive)
            except PackLockedError as err:
                if not interactive:
                    raise
                answer = QMessageBox.question(
                    self,
                    "Pack in use",
                    f"{err}\n\nOpen it read-only?",
                    QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
                )
                if answer != QMessageBox.StandardButton.Open:
                    return False
                pf = open_pack(path, readonly=True)
        except WarroomError as err:
            if not interactive:
                raise
            tools = getattr(self.window, "variant_tools", None)
            if isinstance(err, VariantBaseError) and tools is not None:  # editor/variant.py
                return tools.offer_rebase(path, err) and self.open_path(path, interactive)
            QMessageBox.critical(self.window, "Cannot open map pack", str(err))
            return False
        except Exception as err:  # a bug below us must not lose the user's work either
            message = f"{path}: cannot open ({type(err).__name__}: {err})"
            if not interactive:
                raise WarroomError(message) from None
            QMessageBox.critical(self.window, "Cannot open map pack", message)
            return False
        if interactive and not self.maybe_save():
            pf.close()
            return False
        recovered = False
        if pf.has_recovery:
            if interactive and self._ask_recover(pf):
                try:
                    pf.recover()
                    recovered = True
                except WarroomError as err:
                    QMessageBox.warning(self.window, "Recovery failed", str(err))
            elif interactive:
                pf.discard_recovery()
        doc = Document(pf.pack, pf)
        if recovered:
            doc.set_dirty(True)
        self.window.set_document(doc)
        self._add_recent(str(path))
        if recovered:
            self.window.show_hint("Recovered the unsaved changes: save to keep them")
        return True

    def recover_unsaved(self) -> bool:
        """Offer the untitled documents an editor autosaved but never saved (it crashed or
        was killed), newest first; True when one was recovered into this window."""
        for cand in self.unsaved.candidates():
            when = f", autosaved {cand.saved_at}" if cand.saved_at else ""
            answer = QMessageBox.question(
                self.window,
                "Recover unsaved document?",
                f"{cand.title} was never saved and its editor did not end normally{when}."
                "\n\nRecover it? (No deletes it.)",
                QMessageBox.StandardButton.Yes
                | QMessageBox.StandardButton.No
                | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Yes,
            )
            if answer == QMessageBox.StandardButton.Cancel:
                return False
            if answer == QMessageBox.StandardButton.No:
                self.unsaved.discard(cand)
                continue
            if not self.maybe_save():
                return False
            store = UnsavedAutosave(self.unsaved.folder)
            try:
                pack = store.claim(cand)
            except WarroomError as err:
                QMessageBox.warning(self.window, "Recovery failed", str(err))
                continue
            title = cand.title.removesuffix(" (recovered)")
            self.window.set_document(Document(pack, title=f"{title} (recovered)"))  # drops the old
            self.unsaved = store  # the recovered document keeps autosaving to its file
            self.window.document.set_dirty(True)
            self.window.document.mark_autosaved()
            self.window.show_hint("Recovered an unsaved document: save it to keep it")
            return True
        return False

    def _ask_recover(self, pf) -> bool:
        when = f" (autosaved {pf.recovery_time})" if getattr(pf, "recovery_time", None) else ""
        answer = QMessageBox.question(
            self.window,
            "Recover unsaved changes?",
            f"{pf.path.name} has unsaved changes from a session that did not end normally"
            f"{when}.\n\nRecover them?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def save(self) -> bool:
        doc = self.window.document
        if doc is None:
            return False
        if doc.packfile is None or doc.readonly:
            return self.save_as()
        try:
            doc.packfile.save()
        except WarroomError as err:
            QMessageBox.critical(self.window, "Cannot save", str(err))
            return False
        doc.mark_saved()
        self.window.show_hint(f"Saved {doc.path}")
        return True

    def save_as(self, path: str | os.PathLike | None = None) -> bool:
        doc = self.window.document
        if doc is None:
            return False
        if path is None:
            start = str(doc.path) if doc.path else doc.display_name.split(" (")[0] + ".warroom"
            chosen, _ = QFileDialog.getSaveFileName(
                self.window, "Save map pack as", start, PACK_FILTER
            )
            if not chosen:
                return False
            path = chosen if Path(chosen).suffix else chosen + ".warroom"
        try:
            if doc.packfile is not None:
                doc.packfile.save_as(path)
            else:
                doc.packfile = new_pack(path, doc.pack)
        except WarroomError as err:
            QMessageBox.critical(self.window, "Cannot save", str(err))
            return False
        doc.pack = doc.packfile.pack
        doc.mark_saved()
        self.unsaved.drop()  # it has a file (and a working copy) now
        self._add_recent(str(doc.path))
        self.window._update_actions()
        self.window.show_hint(f"Saved {doc.path}")
        return True

    def revert(self) -> None:
        doc = self.window.document
        if doc is None or doc.packfile is None:
            return
        if doc.modified:
            answer = QMessageBox.question(
                self.window,
                "Revert",
                f"Discard all changes to {doc.display_name} since it was last saved?",
                QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Discard:
                return
        path = doc.path
        readonly = doc.readonly
        doc.packfile.close(discard=True)
        doc.packfile = None
        try:
            pf = open_pack(path, readonly=readonly)
        except WarroomError as err:
            QMessageBox.critical(self.window, "Cannot revert", str(err))
            doc.set_dirty(True)  # what is in memory is all there is now
            return
        if pf.has_recovery:
            pf.discard_recovery()
        doc.packfile = pf
        doc.replace_pack(pf.pack)
        doc.mark_saved()

    def autosave(self) -> bool:
        """Write unsaved changes to the working copy beside the file (every minute)."""
        doc = self.window.document
        if doc is None or doc.readonly or not doc.needs_autosave():
            return False
        try:
            if doc.packfile is not None:
                doc.packfile.autosave()
            else:  # no file yet: the untitled autosave folder (recover_unsaved)
                self.unsaved.save(doc.pack, doc.display_name)
        except WarroomError as err:
            self.window.show_error(f"autosave failed: {err}")
            return False
        doc.mark_autosaved()
        return True

    def maybe_save(self) -> bool:
        """Before the document is replaced or closed: ask about a game being played on it
        (:func:`~editor.play.confirm_drop_game`), then Save/Discard/Cancel when it has
        unsaved changes; True to go on. A caller whose replacement is then cancelled
        calls :meth:`keep_edits`."""
        self._discarded = None
        if not confirm_drop_game(self.window, "the map is closed"):
            return False
        doc = self.window.document
        if doc is None or not doc.modified:
            return True
        answer = QMessageBox.question(
            self.window,
            "Unsaved changes",
            f"Save the changes to {doc.display_name}?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            doc.set_dirty(False)
            doc.undo_stack.setClean()
            self._discarded = doc
            return True
        return False

    def keep_edits(self) -> None:
        """What was to replace the document was cancelled after its changes were
        discarded (Discard, then Cancel in the Import dialog): they are unsaved again,
        so the next New or Open asks about them."""
        doc, self._discarded = self._discarded, None
        if doc is not None and doc is self.window.document:
            doc.set_dirty(True)

    def discard_and_close(self) -> None:
        """Close without asking, dropping unsaved changes (and their working copy) and
        the game being played."""
        play = getattr(self.window, "play", None)
        if play is not None:
            play.stop()
        doc = self.window.document
        if doc is not None:
            if doc.packfile is not None:
                doc.packfile.close(discard=True)
            self.unsaved.drop()
            doc._dirty = False
            doc.undo_stack.setClean()
        self.window.close()

    def close_document(self) -> None:
        """The window closes (after :meth:`maybe_save` said yes): the pack's file is
        released and nothing is autosaved any more."""
        doc = self.window.document
        if doc is not None and doc.packfile is not None:
            doc.packfile.close(discard=not doc.modified)
        self.unsaved.drop()  # maybe_save said: saved or discarded
        self._autosave_timer.stop()

    # -- recent files ------------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _add_recent(self, path: str) -> None:
        path = str(Path(path).resolve())
        files = [path] + [p for p in self.recent_files() if p != path]
        self.settings.setValue("recent", files[:MAX_RECENT])

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for p in files:
            a = self.recent_menu.addAction(Path(p).name)
            a.setStatusTip(p)
            a.setToolTip(p)
            a.triggered.connect(lambda _c=False, p=p: self.open_path(p))
        if not files:
            self.recent_menu.addAction("(none)").setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear list", lambda: self.settings.setValue("recent", []))
