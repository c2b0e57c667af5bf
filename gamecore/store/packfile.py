"""Opening, saving and recovering map-pack files (docs/architecture.md, Invariant 3).

Files beside a pack ``dir/world.warroom``:

- ``dir/.world.warroom.lock`` — exists while a process has the pack open for writing; it
  holds an OS lock (``flock``; released by the kernel if the process dies), so a second
  writer gets :class:`PackLockedError` and may open read-only instead.
- ``dir/.world.warroom-wc`` — the working copy: a SQLite file (WAL mode) that
  :meth:`PackFile.autosave` rewrites with the whole model in one transaction. It carries a
  ``dirty`` mark until the edits in it are saved; a dirty working copy found on open is a
  crash (or a close without saving) and is offered through :attr:`PackFile.has_recovery`.
- ``dir/.world.warroom.tmp-*`` — a new file being written by :meth:`PackFile.save`.

Save = write the model into the working copy, copy it with the SQLite backup API into a temp
file in the same directory, fsync it, ``os.replace`` it over the pack, fsync the directory.
The pack file itself is never written in place, so it is always either the old or the new
complete file. A file with an older schema is copied to ``<name>.bak-v<N>`` and upgraded on
open; a newer one is refused (:class:`SchemaVersionError`).
"""

from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import socket
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

import shapely

from gamecore import safepath
from gamecore.errors import PackError, PackLockedError, SchemaVersionError, UnsafePathError
from gamecore.model import Pack
from gamecore.paths import VARIANT_BASE_ENV, resources_dir
from gamecore.store.columns import BadCell
from gamecore.store.rebase import RebaseResult, rebase
from gamecore.store.schema import (
    PAGE_SIZE,
    SCHEMA_VERSION,
    HeaderInfo,
    migrate,
    read_header,
    user_version,
)
from gamecore.store.sqlio import WkbCache, read_db, read_state, write_db
from gamecore.store.variant import (
    BaseRef,
    Variant,
    VariantBaseError,
    base_fingerprint,
    base_ref,
    is_variant,
    make_variant,
    read_variant,
    resolve,
    stored_pack,
)

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

#: errors that reading a damaged or hostile file can raise below us
_CONTENT_ERRORS = (
    BadCell,
    sqlite3.DatabaseError,
    ValueError,  # includes json.JSONDecodeError
    TypeError,
    KeyError,
    IndexError,
    shapely.errors.GEOSException,
)
_READONLY_HINT = "open the pack read-only, or copy it to a writable folder"
#: store_state keys that only mean something in a working copy
_WC_KEYS = ("dirty", "base", "autosaved_at")


def sidecar(path: Path, suffix: str) -> Path:
    """``dir/.name<suffix>`` for pack ``dir/name``; for a name so long that this would pass
    the 255-byte limit of a file name, ``dir/.<start of name>~<hash><suffix>``."""
    return path.with_name(_side_name(path.name, suffix))


#: room kept for the longest suffix of a sidecar (".tmp-" + 8 hex digits)
_SUFFIX_ROOM = 14


def _side_name(name: str, suffix: str) -> str:
    full = f".{name}{suffix}"
    if len(f".{name}".encode("utf-8", "surrogateescape")) + _SUFFIX_ROOM <= 255:
        return full
    digest = hashlib.sha1(name.encode("utf-8", "surrogateescape")).hexdigest()[:12]
    head = name.encode("utf-8", "surrogateescape")[:200].decode("utf-8", "ignore")
    return f".{head}~{digest}{suffix}"


def working_copy_path(path: str | os.PathLike) -> Path:
    return sidecar(Path(path), "-wc")


def lock_path(path: str | os.PathLike) -> Path:
    return sidecar(Path(path), ".lock")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _oserror(err: OSError) -> str:
    return err.strerror or str(err)


# -- the lock -------------------------------------------------------------------------------


class _Lock:
    """An exclusive, non-blocking, crash-safe lock on ``.name.lock`` beside a pack."""

    def __init__(self, path: Path, fd: int):
        self.path = path
        self.fd: int | None = fd

    @classmethod
    def acquire(cls, pack_path: Path, hint: str = "the file was not changed") -> _Lock:
        lp = lock_path(pack_path)
        for _ in range(10):
            try:
                fd = os.open(lp, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as err:
                raise PackError(
                    f"cannot write to the folder {lp.parent} to lock the pack "
                    f"({_oserror(err)}); {hint}",
                    pack_path,
                ) from None
            if not _try_lock(fd):
                holder = _read_holder(fd)
                os.close(fd)
                raise PackLockedError(
                    f"already open for writing by another process{holder}; "
                    "close it there or open the pack read-only",
                    pack_path,
                )
            # The file may have been unlinked by its previous holder between our open and
            # our lock: then we locked a dead inode and must try again.
            try:
                same = os.stat(lp).st_ino == os.fstat(fd).st_ino
            except OSError:
                same = False
            if not same:
                os.close(fd)
                continue
            try:
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()} {socket.gethostname()}\n".encode())
            except OSError:
                pass  # the pid is informative only
            return cls(lp, fd)
        raise PackLockedError("the lock file keeps changing; try again", pack_path)

    def release(self) -> None:
        if self.fd is None:
            return
        fd, self.fd = self.fd, None
        if fcntl is not None:
            try:
                os.unlink(self.path)  # while still holding the lock (see acquire)
            except OSError:
                pass
            os.close(fd)
        else:  # pragma: no cover - Windows
            try:
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
            except OSError:
                pass
            os.close(fd)
            try:
                os.unlink(self.path)
            except OSError:
                pass


def _try_lock(fd: int) -> bool:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # pragma: no cover - Windows
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def _read_holder(fd: int) -> str:
    try:
        text = os.pread(fd, 200, 0).decode("utf-8", "replace").split()
    except (OSError, AttributeError):
        return ""
    if len(text) >= 2:
        return f" (pid {text[0]} on {text[1]})"
    return f" (pid {text[0]})" if text else ""


# -- files ----------------------------------------------------------------------------------


def _fsync_path(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_dir(directory: Path) -> None:
    if os.name != "posix":  # pragma: no cover
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _open_temp(directory: Path, name: str) -> Path:
    """Create a new empty temp file beside the target (a hook the tests replace to simulate
    an unwritable folder when they run as root)."""
    for _ in range(100):
        tmp = directory / _side_name(name, f".tmp-{secrets.token_hex(4)}")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        os.close(fd)
        return tmp
    raise FileExistsError(f"no free temp name in {directory}")


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def _remove_db_files(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        _remove(Path(f"{path}{suffix}"))


def _remove_stale_temps(path: Path) -> None:
    """Temp files a killed save left behind (call only while holding the lock)."""
    prefix = _side_name(path.name, ".tmp-")
    try:
        for tmp in path.parent.iterdir():
            if tmp.name.startswith(prefix):
                _remove(tmp)
    except OSError:
        pass


def atomic_write(target: Path, fill: Callable[[sqlite3.Connection], None]) -> None:
    """Build a new SQLite file with ``fill(conn)`` in a temp file beside ``target``, fsync
    it, rename it over ``target`` and fsync the folder. On any failure ``target`` is left
    as it was and the temp file is removed."""
    target = Path(target)
    directory = target.parent
    try:
        tmp = _open_temp(directory, target.name)
    except OSError as err:
        raise PackError(
            f"cannot save: cannot write to the folder {directory} ({_oserror(err)}); "
            "the file was not changed",
            target,
        ) from None
    try:
        try:
            mode = os.stat(target).st_mode & 0o777
            os.chmod(tmp, mode)
        except OSError:
            pass
        conn = sqlite3.connect(tmp)
        try:
            conn.execute("PRAGMA journal_mode=OFF")
            conn.execute("PRAGMA synchronous=OFF")
            fill(conn)
        finally:
            conn.close()
        _fsync_path(tmp)
        os.replace(tmp, target)
    except BaseException as err:
        _remove_db_files(tmp)
        if isinstance(err, OSError):
            raise PackError(
                f"cannot save ({_oserror(err)}); the file was not changed", target
            ) from None
        if isinstance(err, sqlite3.Error):
            raise PackError(f"cannot save ({err}); the file was not changed", target) from None
        raise
    _fsync_dir(directory)


def _fill_fresh(
    pack: Pack, state: dict[str, str], cache: WkbCache | None = None
) -> Callable[[sqlite3.Connection], None]:
    def fill(conn: sqlite3.Connection) -> None:
        migrate(conn)
        write_db(conn, pack, state, cache)
        if is_variant(pack):
            _small_pages(conn)

    return fill


#: the page size of a variant file: it holds one small record in the pack's 35 tables
#: and indexes, a page each at least (8 KB pages would make an empty variant 288 KB)
VARIANT_PAGE_SIZE = 512


def _small_pages(conn: sqlite3.Connection) -> None:
    conn.commit()
    conn.execute(f"PRAGMA page_size = {VARIANT_PAGE_SIZE}")
    conn.execute("VACUUM")


# -- reading --------------------------------------------------------------------------------


def check_file(path: Path) -> HeaderInfo:
    """Raise a one-line :class:`PackError` unless ``path`` is an existing, complete pack
    file that this version can read."""
    try:
        safepath.input_file(path, "pack file")
    except UnsafePathError as err:  # a pack file error like the others
        raise PackError(err.message, err.path) from None
    try:
        header = read_header(path)
    except OSError as err:
        raise PackError(f"cannot read ({_oserror(err)})", path) from None
    if header.problem:
        raise PackError(header.problem, path)
    if header.user_version > SCHEMA_VERSION:
        raise SchemaVersionError(
            f"written by a newer Warroom (schema version {header.user_version}); "
            f"this Warroom reads schema versions up to {SCHEMA_VERSION}",
            path,
        )
    if header.user_version < 1:
        raise PackError(f"not a Warroom pack (schema version {header.user_version})", path)
    return header


def _connect_ro(path: Path) -> sqlite3.Connection:
    # immutable: a pack is only ever replaced whole (atomic_write renames a new file over
    # it), never written in place, so a "-journal" or "-wal" beside it is stray — left by
    # another tool or copied along — and must not make an intact pack look corrupt
    uri = path.resolve().as_uri() + "?mode=ro&immutable=1"
    return sqlite3.connect(uri, uri=True)


def _read_any_version(
    conn: sqlite3.Connection, cache: WkbCache | None = None
) -> tuple[Pack, int, sqlite3.Connection]:
    """Read a pack from ``conn``, upgrading an older schema on an in-memory copy first.
    Returns the pack, the version found and the connection holding current-schema data
    (``conn`` itself or the in-memory copy, which the caller closes)."""
    found = user_version(conn)
    if found > SCHEMA_VERSION:
        raise SchemaVersionError(
            f"written by a newer Warroom (schema version {found}); "
            f"this Warroom reads schema versions up to {SCHEMA_VERSION}"
        )
    src = conn
    if found < SCHEMA_VERSION:
        mem = sqlite3.connect(":memory:")
        conn.backup(mem)
        migrate(mem)
        src = mem
    return read_db(src, cache), found, src


def _quick_check(conn: sqlite3.Connection) -> str | None:
    rows = conn.execute("PRAGMA quick_check(3)").fetchall()
    if rows and rows[0][0] != "ok":
        return one_line("; ".join(str(r[0]) for r in rows[:2]))
    return None


def one_line(text: str, limit: int = 200) -> str:
    """``text`` on one line (SQLite's integrity reports span many), cut to ``limit``."""
    flat = " ".join(str(text).replace("***", " ").split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def content_error(err: BaseException, path: Path) -> PackError:
    """The one-line :class:`PackError` for an error met while reading ``path``."""
    if isinstance(err, BadCell):
        return PackError(f"bad pack content: {err}", path)
    detail = one_line(str(err)) or err.__class__.__name__
    if isinstance(err, RecursionError | MemoryError):
        detail = f"{err.__class__.__name__}: the file holds data too large or too deep"
    return PackError(f"corrupt pack file ({detail})", path)


# -- the pack file --------------------------------------------------------------------------


class PackFile:
    """An open map pack. Create with :func:`open_pack` or :func:`new_pack`.

    ``pack`` is the whole model in memory; :meth:`autosave` and :meth:`save` write it. The
    methods are safe to call from any one thread at a time (an internal lock serialises
    them); do not change ``pack`` while one of them runs.
    """

    def __init__(
        self,
        path: Path,
        pack: Pack,
        *,
        readonly: bool,
        lock: _Lock | None,
        schema_version: int = SCHEMA_VERSION,
        generation: str = "",
        wkb_cache: WkbCache | None = None,
    ):
        self.path = Path(path)
        self.pack = pack
        self.readonly = readonly
        #: the schema version of the file as found on disk (before any upgrade)
        self.schema_version = schema_version
        #: the ``.bak-v<N>`` copy made when an older file was upgraded on open
        self.backup_path: Path | None = None
        #: when a recovery is offered: the time of the last autosave (ISO, UTC)
        self.recovery_time: str | None = None
        self._lock = lock
        self._generation = generation
        self._wkb = wkb_cache if wkb_cache is not None else WkbCache()
        self._wc: sqlite3.Connection | None = None
        self._wc_version = SCHEMA_VERSION
        self._recovery = False
        self._recovered: Pack | None = None  # the working copy's pack, while offered
        self._mutex = threading.RLock()
        self._closed = False
        #: set when the file is a variant: ``pack`` is its base with its differences
        #: applied, and what is written is the differences (docs/variants.md)
        self.variant: VariantLink | None = None

    def __repr__(self) -> str:
        mode = "readonly" if self.readonly else "writable"
        return f"<PackFile {str(self.path)!r} {mode}>"

    def __enter__(self) -> PackFile:
        return self

    def stored(self, target: Path | None = None) -> Pack:
        """What the file at ``target`` (default: this one) holds for :attr:`pack`: the
        pack itself, or for a variant its differences from its base."""
        if self.variant is None:
            return self.pack
        return stored_pack(self.variant.variant_for(self.pack, target or self.path))

    def __exit__(self, *exc) -> None:
        self.close()

    # -- recovery -------------------------------------------------------------------------
    @property
    def working_copy(self) -> Path:
        return working_copy_path(self.path)

    @property
    def has_recovery(self) -> bool:
        """True when the working copy holds edits newer than the file (after a crash, or a
        close without saving). Decide with :meth:`recover` or :meth:`discard_recovery`;
        :meth:`autosave` and :meth:`save` overwrite it."""
        return self._recovery

    def _check_recovery(self) -> None:
        wc = self.working_copy
        if not wc.exists():
            return
        conn = None
        try:
            conn = sqlite3.connect(wc, check_same_thread=False)
            # (reading replays a WAL a crash left behind)
            created = conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'store_state'"
            ).fetchone()
            state = read_state(conn) if created else {}  # not created: killed while creating
            version = user_version(conn)
        except (sqlite3.DatabaseError, BadCell):
            if conn is not None:
                conn.close()
            self._set_aside(wc)
            return
        if state.get("dirty") != "1" or version > SCHEMA_VERSION:
            conn.close()
            if version > SCHEMA_VERSION:
                self._set_aside(wc)
            else:
                _remove_db_files(wc)
            return
        try:
            pack, found, src = _read_any_version(conn, self._wkb)
            if src is not conn:
                src.close()
            if self.variant is not None and is_variant(pack):
                pack = self.variant.apply(read_variant(pack, str(wc)), str(wc))
        except (*_CONTENT_ERRORS, PackError):
            conn.close()
            self._set_aside(wc)
            return
        if pack == self.pack:  # autosaved, but nothing differs from the file
            conn.close()
            _remove_db_files(wc)
            return
        self._wc = conn
        self._wc_version = found
        self._recovered = pack
        self._recovery = True
        self.recovery_time = state.get("autosaved_at") or state.get("saved_at")

    @staticmethod
    def _set_aside(wc: Path) -> None:
        """Keep an unusable working copy for a human to look at, out of our way."""
        try:
            os.replace(wc, Path(f"{wc}.bad"))
        except OSError:
            pass
        for suffix in ("-wal", "-shm", "-journal"):
            _remove(Path(f"{wc}{suffix}"))

    def recover(self) -> Pack:
        """Replace :attr:`pack` with the working copy's content (still unsaved) and return
        it."""
        with self._mutex:
            if not self._recovery or self._recovered is None:
                raise PackError("there is no working copy to recover", self.path)
            pack, self._recovered = self._recovered, None
            self.pack = pack
            self._recovery = False
            self.recovery_time = None
            if self._wc_version != SCHEMA_VERSION:  # rewrite it in the current schema
                self._drop_wc()
                self.autosave()
            return pack

    def discard_recovery(self) -> None:
        """Delete the working copy and the edits in it."""
        with self._mutex:
            self._recovery = False
            self._recovered = None
            self.recovery_time = None
            if not self.readonly:
                self._drop_wc()

    def _drop_wc(self) -> None:
        if self._wc is not None:
            self._wc.close()
            self._wc = None
        _remove_db_files(self.working_copy)

    def _prepare_wc(self) -> None:
        """Create the (empty) working copy now, so that autosave and save can still write
        the edits to it if the folder stops accepting new files later."""
        try:
            self._open_wc()
        except PackError:
            pass  # retried (and reported) by the first autosave or save

    def _open_wc(self) -> sqlite3.Connection:
        if self._wc is not None:
            return self._wc
        wc = self.working_copy
        _remove_db_files(wc)
        try:
            conn = sqlite3.connect(wc, check_same_thread=False)
            conn.execute(f"PRAGMA page_size = {PAGE_SIZE}")  # before WAL mode fixes it
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            migrate(conn)
        except (sqlite3.Error, OSError) as err:
            raise PackError(
                f"cannot create the working copy {wc.name} ({err}); the file was not changed",
                self.path,
            ) from None
        self._wc = conn
        return conn

    # -- writing --------------------------------------------------------------------------
    def _ensure_writable(self) -> None:
        if self._closed:
            raise PackError("the pack is closed", self.path)
        if self.readonly:
            raise PackError("opened read-only; use save_as() to write a copy", self.path)

    def autosave(self) -> None:
        """Write :attr:`pack` into the working copy (one transaction). Overwrites a working
        copy offered for recovery."""
        with self._mutex:
            self._ensure_writable()
            self._recovery = False
            self._recovered = None
            self.recovery_time = None
            conn = self._open_wc()
            try:
                write_db(conn, self.stored(), {"dirty": "1", "autosaved_at": _now()}, self._wkb)
            except sqlite3.Error as err:
                raise PackError(f"autosave failed ({err})", self.path) from None

    def save(self) -> None:
        """Write :attr:`pack` to the file: a complete new file replaces the old one
        atomically. On failure the old file is unchanged and the working copy keeps the
        edits (it is offered for recovery on the next open)."""
        with self._mutex:
            self._ensure_writable()
            self._recovery = False
            self._recovered = None
            self.recovery_time = None
            generation = secrets.token_hex(8)
            conn = self._open_wc()
            now = _now()
            try:
                write_db(
                    conn,
                    self.stored(),
                    {"dirty": "1", "autosaved_at": now, "generation": generation, "saved_at": now},
                    self._wkb,
                )
            except sqlite3.Error as err:
                raise PackError(
                    f"cannot save ({err}); the file was not changed", self.path
                ) from None

            def fill(tmp: sqlite3.Connection) -> None:
                conn.backup(tmp)
                tmp.execute("PRAGMA journal_mode=DELETE")  # the backup copied WAL mode
                tmp.execute(
                    f"DELETE FROM store_state WHERE key IN ({', '.join('?' * len(_WC_KEYS))})",
                    _WC_KEYS,
                )
                tmp.commit()
                pages = tmp.execute("PRAGMA page_count").fetchone()[0]
                free = tmp.execute("PRAGMA freelist_count").fetchone()[0]
                if self.variant is not None:
                    _small_pages(tmp)
                elif free > 64 and free * 4 > pages:
                    tmp.execute("VACUUM")

            atomic_write(self.path, fill)
            self._generation = generation
            try:
                conn.execute(
                    "INSERT OR REPLACE INTO store_state (key, value) VALUES "
                    "('dirty', '0'), ('base', ?)",
                    (generation,),
                )
                conn.commit()
            except sqlite3.Error:
                pass  # the file is saved; a stale mark only means an extra recovery offer

    def save_as(self, path: str | os.PathLike) -> None:
        """Write :attr:`pack` to ``path`` (atomically) and continue there: the pack at the
        old path is closed, unchanged, and the new one is locked for writing."""
        with self._mutex:
            if self._closed:
                raise PackError("the pack is closed", self.path)
            new = Path(path)
            if not self.readonly and new.resolve() == self.path.resolve():
                return self.save()
            lock = _Lock.acquire(new)
            try:
                generation = secrets.token_hex(8)
                atomic_write(
                    new,
                    _fill_fresh(
                        self.stored(new), {"generation": generation, "saved_at": _now()}, self._wkb
                    ),
                )
            except BaseException:
                lock.release()
                raise
            if not self.readonly:
                self._drop_wc()  # its edits are saved, in the new file
            if self._lock is not None:
                self._lock.release()
            self._lock = lock
            self.path = new
            self.readonly = False
            self._recovery = False
            self._recovered = None
            self._generation = generation
            self._prepare_wc()

    def close(self, discard: bool = False) -> None:
        """Release the lock. The working copy is removed when it holds nothing unsaved (or
        when ``discard``: the user chose not to save); otherwise it stays, so the next open
        offers it for recovery."""
        with self._mutex:
            if self._closed:
                return
            self._closed = True
            if self._wc is not None:
                try:
                    dirty = read_state(self._wc).get("dirty") == "1"
                except sqlite3.Error:
                    dirty = True
                self._wc.close()
                self._wc = None
                if discard or not dirty:
                    _remove_db_files(self.working_copy)
            if self._lock is not None:
                self._lock.release()
                self._lock = None

    def __del__(self):  # pragma: no cover - best effort for forgotten closes
        try:
            if not self._closed and self._lock is not None:
                self.close()
        except Exception:
            pass


# -- the functions --------------------------------------------------------------------------


def open_pack(
    path: str | os.PathLike, readonly: bool = False, base: str | os.PathLike | None = None
) -> PackFile:
    """Open a pack file, loading the whole model. For writing (the default) the pack is
    locked (:class:`PackLockedError` if another process has it), an older schema is backed
    up and upgraded, and a working copy left by a crash is offered (``has_recovery``).
    A variant opens as its base with its differences applied (``base``: where its base
    is, when not where the variant says; see :func:`find_base`)."""
    path = Path(path)
    check_file(path)
    lock = None if readonly else _Lock.acquire(path, _READONLY_HINT)
    try:
        if lock is not None:
            _remove_stale_temps(path)
        pf = _load(path, readonly, lock, base)
        if lock is not None:
            pf._check_recovery()
            pf._prepare_wc()
        return pf
    except BaseException:
        if lock is not None:
            lock.release()
        raise


def _load(
    path: Path,
    readonly: bool,
    lock: _Lock | None,
    base: str | os.PathLike | None = None,
    seen: tuple[str, ...] = (),
    link: bool = True,
) -> PackFile:
    conn = None
    src = None
    try:
        conn = _connect_ro(path)
        problem = _quick_check(conn)
        if problem:
            raise PackError(f"corrupt pack file ({problem})", path)
        cache = WkbCache()
        pack, found, src = _read_any_version(conn, cache)
        state = read_state(src)
    except SchemaVersionError as err:
        raise SchemaVersionError(err.message, path) from None
    except _CONTENT_ERRORS as err:
        raise content_error(err, path) from None
    except OSError as err:
        raise PackError(f"cannot read ({_oserror(err)})", path) from None
    finally:
        if conn is not None:
            conn.close()
    pf = PackFile(
        path,
        pack,
        readonly=readonly,
        lock=lock,
        schema_version=found,
        generation=state.get("generation", ""),
        wkb_cache=cache,
    )
    if link and is_variant(pack):
        pf.variant = _link_variant(path, read_variant(pack, str(path)), base, seen)
        pf.pack = pf.variant.apply(pf.variant.variant, str(path))
    try:
        if found < SCHEMA_VERSION and not readonly:
            pf.backup_path = _backup_old(path, found)
            upgraded = src

            def fill(tmp: sqlite3.Connection) -> None:
                upgraded.backup(tmp)
                tmp.execute("PRAGMA journal_mode=DELETE")

            atomic_write(path, fill)
    finally:
        if src is not None and src is not conn:
            src.close()
    return pf


# -- variants -------------------------------------------------------------------------------

#: the deepest chain of variants of variants
MAX_VARIANT_DEPTH = 8
#: where ``--base`` puts the base of the variants a command opens (inherited by workers)
BASE_ENV = VARIANT_BASE_ENV


@dataclass
class VariantLink:
    """An open variant's base: the stored record, the base pack, where it was found, and
    its tree (what differences are taken against)."""

    variant: Variant
    base: Pack
    base_path: Path
    base_tree: dict

    def apply(self, variant: Variant, source: str) -> Pack:
        return resolve(variant, self.base_tree, source)

    def variant_for(self, pack: Pack, target: Path) -> Variant:
        """The variant giving ``pack``, as stored in a file at ``target``."""
        ref = replace(self.variant.base, path=_relative(self.base_path, Path(target)))
        return make_variant(self.base_tree, ref, pack)


def _relative(base: Path, target: Path) -> str:
    try:
        rel = os.path.relpath(Path(base).resolve(), Path(target).resolve().parent)
    except ValueError:  # another drive (Windows)
        return Path(base).name
    return Path(rel).as_posix()


def base_candidates(path: Path, ref: BaseRef, hint: str | os.PathLike | None) -> list[Path]:
    """Where a variant's base may be, in the order tried: ``hint`` (``--base``), the
    environment's :data:`BASE_ENV`, the path the variant stores (only inside the
    variant's folder: Invariant 5), a file of that name beside the variant, and the
    bundled sample of the base's id (only when none of the others is there: a base
    beside the variant that changed is reported, not passed over)."""
    out: list[Path] = []
    for given in (hint, os.environ.get(BASE_ENV) or None):
        if given:
            out.append(Path(given))
    folder = Path(path).parent
    if ref.path:
        try:
            out.append(safepath.join_inside(folder, ref.path, "base"))
        except UnsafePathError:
            pass
        name = ref.path.rsplit("/", 1)[-1]
        if name not in ("", ".", "..") and "\\" not in name:
            out.append(folder / name)
    if all(c.isalnum() or c in "_.-" for c in ref.id) and not ref.id.startswith("."):
        out.append(resources_dir() / "samples" / f"{ref.id}.warroom")
    unique: dict[str, Path] = {}
    for c in out:
        unique.setdefault(os.path.realpath(c), c)
    return list(unique.values())


def _link_variant(
    path: Path, variant: Variant, hint: str | os.PathLike | None, seen: tuple[str, ...]
) -> VariantLink:
    """Find and read the base of ``variant`` (stored at ``path``) and check its hash."""
    real = os.path.realpath(path)
    if real in seen:
        raise VariantBaseError("the variant is its own base (a cycle of variants)", path)
    if len(seen) >= MAX_VARIANT_DEPTH:
        raise VariantBaseError(f"variants of variants more than {MAX_VARIANT_DEPTH} deep", path)
    ref = variant.base
    looked: list[str] = []
    changed: tuple[Path, str] | None = None
    bundled = os.path.realpath(resources_dir() / "samples" / f"{ref.id}.warroom")
    for cand in base_candidates(path, ref, hint):
        if os.path.realpath(cand) == real:
            continue
        if changed is not None and os.path.realpath(cand) == bundled:
            break  # the base beside the variant changed: say so, do not fall back
        looked.append(str(cand))
        if not cand.is_file():
            continue
        try:
            bpf = _load(cand, True, None, None, (*seen, real))
        except VariantBaseError:
            raise
        except PackError as err:
            changed = changed or (cand, f"cannot be read: {err.message}")
            continue
        digest, tree = base_fingerprint(bpf.pack)
        if digest == ref.hash:
            return VariantLink(variant, bpf.pack, cand, tree)
        changed = changed or (cand, f"content hash {digest[:12]}")
    if changed is not None:
        cand, what = changed
        raise VariantBaseError(
            f"its base '{ref.id}' is not the one it was made from ({cand}: {what}; the "
            f"variant was made on {ref.hash[:12]}): rebase it with 'warroom variant rebase "
            f"{path} --onto {cand}', or give the original base with --base PATH",
            path,
        )
    where = ", ".join(looked) or "nowhere to look"
    raise VariantBaseError(
        f"its base '{ref.id}' (content hash {ref.hash[:12]}) is missing (looked at {where}): "
        "give it with --base PATH",
        path,
    )


def read_stored_variant(path: str | os.PathLike) -> Variant:
    """The record of the variant file at ``path``, its base not looked for (what
    ``variant rebase`` starts from)."""
    path = Path(path)
    check_file(path)
    pf = _load(path, True, None, link=False)
    if not is_variant(pf.pack):
        raise PackError("not a variant (it names no base)", path)
    return read_variant(pf.pack, str(path))


def create_variant(
    base_path: str | os.PathLike,
    out: str | os.PathLike,
    base_hint: str | os.PathLike | None = None,
) -> Variant:
    """Write a new variant of the pack at ``base_path`` to ``out`` (no differences yet)."""
    base_path, out = Path(base_path), Path(out)
    check_file(base_path)
    bpf = _load(base_path, True, None, base_hint)
    digest, _ = base_fingerprint(bpf.pack)
    ref = base_ref(bpf.pack, base_path.stem, digest, _relative(base_path, out))
    variant = Variant(ref, [])
    write_pack(stored_pack(variant), out)
    return variant


def rebase_variant(
    path: str | os.PathLike,
    onto: str | os.PathLike,
    prefer: str | None = None,
    base_hint: str | os.PathLike | None = None,
) -> RebaseResult:
    """Rebase the variant file at ``path`` onto the pack at ``onto`` (a 3-way merge:
    :mod:`gamecore.store.rebase`) and write it there when no conflict is left unresolved
    (atomically; nothing is written otherwise)."""
    path, onto = Path(path), Path(onto)
    variant = read_stored_variant(path)
    check_file(onto)
    if os.path.realpath(onto) == os.path.realpath(path):
        raise PackError("a variant cannot be rebased onto itself", path)
    new = _load(onto, True, None, base_hint, (os.path.realpath(path),)).pack
    digest, tree = base_fingerprint(new)
    ref = base_ref(new, onto.stem, digest, _relative(onto, path))
    result = rebase(variant, tree, ref, prefer, str(path))
    if not result.unresolved:
        write_pack(stored_pack(result.variant), path)
    return result


def _backup_old(path: Path, version: int) -> Path:
    bak = path.with_name(f"{path.name}.bak-v{version}")
    n = 1
    while bak.exists():
        n += 1
        bak = path.with_name(f"{path.name}.bak-v{version}.{n}")
    try:
        shutil.copyfile(path, bak)
        _fsync_path(bak)
    except OSError as err:
        _remove(bak)
        raise PackError(
            f"cannot back up the schema-v{version} file before upgrading it ({_oserror(err)})",
            path,
        ) from None
    return bak


def new_pack(path: str | os.PathLike, pack: Pack | None = None) -> PackFile:
    """Write ``pack`` (default: an empty one) as a new pack file at ``path`` (replacing a
    file that is there, atomically) and return it open for writing."""
    path = Path(path)
    pack = pack if pack is not None else Pack()
    lock = _Lock.acquire(path)
    try:
        _remove_stale_temps(path)
        generation = secrets.token_hex(8)
        cache = WkbCache()
        atomic_write(path, _fill_fresh(pack, {"generation": generation, "saved_at": _now()}, cache))
        _remove_db_files(working_copy_path(path))
    except BaseException:
        lock.release()
        raise
    pf = PackFile(path, pack, readonly=False, lock=lock, generation=generation, wkb_cache=cache)
    pf._prepare_wc()
    return pf


def read_pack(path: str | os.PathLike, base: str | os.PathLike | None = None) -> Pack:
    """The pack in ``path``, read-only (no lock, nothing written, even for old schemas);
    a variant as its base with its differences applied."""
    pf = open_pack(path, readonly=True, base=base)
    pf.close()
    return pf.pack


def write_pack(pack: Pack, path: str | os.PathLike) -> None:
    """Write ``pack`` to ``path`` atomically (refused while another process edits it)."""
    path = Path(path)
    lock = _Lock.acquire(path)
    try:
        _remove_stale_temps(path)  # left by a killed writer (load, import)
        atomic_write(
            path,
            _fill_fresh(pack, {"generation": secrets.token_hex(8), "saved_at": _now()}),
        )
    finally:
        lock.release()


def pack_state(path: str | os.PathLike) -> dict[str, str]:
    """The bookkeeping of a pack file (generation, saved_at) — for tools and tests."""
    path = Path(path)
    check_file(path)
    conn = _connect_ro(path)
    try:
        return read_state(conn)
    except (sqlite3.DatabaseError, BadCell) as err:
        raise content_error(err, path) from None
    finally:
        conn.close()


__all__ = [
    "BASE_ENV",
    "PackFile",
    "VariantLink",
    "create_variant",
    "rebase_variant",
    "read_stored_variant",
    "atomic_write",
    "check_file",
    "lock_path",
    "new_pack",
    "open_pack",
    "pack_state",
    "read_pack",
    "write_pack",
    "working_copy_path",
]
