"""Autosave of documents that have no file yet (new, imported, the sample's copy).

A pack opened from a file autosaves to the working copy beside it
(:meth:`gamecore.store.PackFile.autosave`). A document without a file has nowhere to go,
so its autosave is written to ``untitled-<id>.warroom`` in a folder of the user's data
(with a ``.json`` note of its title and time). While the editor holds the document it holds
a :class:`QLockFile` on it, so a second running editor does not offer it; after a crash the
lock is stale (its process is gone) and the next start offers to recover the document
(docs/architecture.md Invariant 3: nothing the user had is lost).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QLockFile, QSettings, QStandardPaths

from gamecore.errors import WarroomError
from gamecore.model import Pack
from gamecore.store import read_pack, write_pack


def unsaved_folder(settings: QSettings | None = None) -> Path:
    """Where untitled documents are autosaved: beside an ini-file ``settings`` (tests,
    screenshots), else in the application's data folder."""
    if settings is not None and settings.format() == QSettings.Format.IniFormat:
        return Path(settings.fileName()).resolve().parent / "unsaved"
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".warroom") / "unsaved"


@dataclass
class Candidate:
    """An autosaved untitled document nobody holds (its editor ended without saving)."""

    path: Path
    title: str
    saved_at: str


class UnsavedAutosave:
    """The autosave file of the one untitled document a window holds."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.path: Path | None = None
        self._lock: QLockFile | None = None

    @staticmethod
    def _note(path: Path) -> Path:
        return path.with_suffix(".json")

    @staticmethod
    def _lockfile(path: Path) -> QLockFile:
        lock = QLockFile(str(path) + ".qlock")
        lock.setStaleLockTime(0)  # only a dead owner makes it stale, never its age
        return lock

    def save(self, pack: Pack, title: str) -> Path:
        """Write ``pack`` (atomically) to this document's autosave file."""
        if self.path is None:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise WarroomError(f"cannot create {self.folder}: {err.strerror or err}") from None
            path = self.folder / f"untitled-{secrets.token_hex(6)}.warroom"
            lock = self._lockfile(path)
            if not lock.tryLock(0):
                raise WarroomError(f"cannot lock {path}")
            self.path, self._lock = path, lock
        write_pack(pack, self.path)
        note = {"title": title, "saved_at": datetime.now(UTC).isoformat(timespec="seconds")}
        self._note(self.path).write_text(json.dumps(note), encoding="utf-8")
        return self.path

    def drop(self) -> None:
        """The document was saved to a file, discarded or closed: forget its autosave."""
        if self.path is not None:
            for p in (self.path, self._note(self.path)):
                p.unlink(missing_ok=True)
        if self._lock is not None:
            self._lock.unlock()
        self.path = self._lock = None

    def release(self) -> None:
        """Let go of the lock but keep the file (what a crash leaves behind; for tests)."""
        if self._lock is not None:
            self._lock.unlock()
        self.path = self._lock = None

    # -- recovery ------------------------------------------------------------------------
    def candidates(self) -> list[Candidate]:
        """Autosaved untitled documents no running editor holds, newest first."""
        if not self.folder.is_dir():
            return []
        out = []
        for path in self.folder.glob("untitled-*.warroom"):
            if path == self.path:
                continue
            lock = self._lockfile(path)
            if not lock.tryLock(0):
                continue  # another editor has it open
            lock.unlock()
            try:
                note = json.loads(self._note(path).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                note = {}
            out.append(
                Candidate(path, str(note.get("title") or "Untitled"), str(note.get("saved_at", "")))
            )
        out.sort(key=lambda c: (c.saved_at, c.path.name), reverse=True)
        return out

    def claim(self, cand: Candidate) -> Pack:
        """Read a candidate and make it this document's autosave file (locked)."""
        lock = self._lockfile(cand.path)
        if not lock.tryLock(0):
            raise WarroomError(f"{cand.path.name} is in use by another editor")
        try:
            pack = read_pack(cand.path)
        except WarroomError:
            lock.unlock()
            raise
        self.drop()
        self.path, self._lock = cand.path, lock
        return pack

    def discard(self, cand: Candidate) -> None:
        """The user does not want a candidate back: delete it."""
        lock = self._lockfile(cand.path)
        if not lock.tryLock(0):
            return
        for p in (cand.path, self._note(cand.path)):
            p.unlink(missing_ok=True)
        lock.unlock()
