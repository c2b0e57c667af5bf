"""The one place where paths that come from untrusted input are resolved.

Packs and TripleA map folders come from strangers. Any path they name (a game file in
``map.yml``, an image name stored in a pack, a file found by walking a map folder) must
stay inside the folder it belongs to: no absolute path, no ``..``, no symbolic link that
points out of it, no device or FIFO in place of a file. Everything here raises
:class:`UnsafePathError` with a one-line message instead.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path, PurePosixPath, PureWindowsPath

from gamecore.errors import UnsafePathError

#: longest relative path accepted from input (Linux's PATH_MAX is 4,096 bytes)
MAX_REL_CHARS = 1024
#: longest single component (most file systems allow 255 bytes)
MAX_PART_BYTES = 255


def relative_parts(rel: str, what: str = "path", where: str | Path | None = None) -> list[str]:
    """The components of ``rel``, a relative path from input, refused when it is empty,
    absolute (POSIX or Windows style), climbs with ``..``, or is unreasonably long."""
    if not isinstance(rel, str) or not rel.strip():
        raise UnsafePathError(f"{what}: empty path", where)
    if "\x00" in rel:
        raise UnsafePathError(f"{what}: path contains a NUL character", where)
    if len(rel) > MAX_REL_CHARS:
        raise UnsafePathError(f"{what}: path of {len(rel)} characters is too long", where)
    win = PureWindowsPath(rel)
    if rel.startswith(("/", "\\")) or win.drive or win.root or PurePosixPath(rel).is_absolute():
        raise UnsafePathError(f"{what}: absolute path '{_short(rel)}' not allowed", where)
    parts = [p for p in rel.replace("\\", "/").split("/") if p not in ("", ".")]
    if not parts:
        raise UnsafePathError(f"{what}: empty path", where)
    if any(p == ".." for p in parts):
        raise UnsafePathError(f"{what}: path '{_short(rel)}' leaves its folder", where)
    for p in parts:
        if len(p.encode("utf-8", "surrogatepass")) > MAX_PART_BYTES:
            raise UnsafePathError(f"{what}: a path component is over 255 bytes", where)
    return parts


def join_inside(base: str | Path, rel: str, what: str = "path") -> Path:
    """``base / rel`` for a relative path from input, checked by :func:`relative_parts`
    and, where it exists, by :func:`check_inside` (symbolic links resolved)."""
    path = Path(base).joinpath(*relative_parts(rel, what, base))
    if os.path.lexists(path):
        check_inside(base, path, what)
    return path


def check_inside(base: str | Path, path: str | Path, what: str = "file") -> Path:
    """``path`` itself when its real location (every symbolic link followed) lies inside
    the real location of ``base``; else :class:`UnsafePathError`."""
    try:
        real_base = Path(os.path.realpath(base))
        real = Path(os.path.realpath(path))
    except (OSError, ValueError) as err:
        raise UnsafePathError(f"{what}: cannot resolve the path ({err})", path) from None
    if real != real_base and not real.is_relative_to(real_base):
        raise UnsafePathError(f"{what}: leads outside {Path(base).name or base}/", path)
    return Path(path)


def regular_file(path: str | Path, what: str = "file") -> Path:
    """``path`` when it is a regular file (not a FIFO, device, socket or folder), so that
    reading it cannot block or never end."""
    check_length(path, what)
    try:
        st = os.stat(path)
    except OSError as err:
        raise UnsafePathError(f"{what}: cannot read: {err.strerror or err}", path) from None
    if not stat.S_ISREG(st.st_mode):
        raise UnsafePathError(f"{what}: not a regular file", path)
    return Path(path)


#: longest path a command accepts (Linux's PATH_MAX)
MAX_PATH_BYTES = 4096


def check_length(path: str | os.PathLike, what: str = "file") -> Path:
    """``path`` unless it is longer than the system takes (4,096 bytes in all, or one
    component over 255 bytes): a one-line :class:`UnsafePathError` with the path cut
    short instead of an ``OSError`` traceback."""
    text = os.fspath(path)
    raw = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text
    if len(raw) >= MAX_PATH_BYTES:
        raise UnsafePathError(
            f"{what}: path of {len(raw):,} bytes is too long (at most {MAX_PATH_BYTES - 1:,})",
            _short(str(text)),
        )
    for part in raw.split(b"/"):
        if len(part) > MAX_PART_BYTES:
            raise UnsafePathError(
                f"{what}: a file or folder name of {len(part)} bytes is too long "
                f"(at most {MAX_PART_BYTES})",
                _short(str(text)),
            )
    return Path(path)


def input_file(path: str | os.PathLike, what: str = "file") -> Path:
    """A file named on the command line that is about to be read: not too long a path,
    existing, not a folder, a regular file (a FIFO would block), and readable."""
    p = check_length(path, what)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise UnsafePathError("no such file", p) from None
    except OSError as err:
        raise UnsafePathError(f"cannot read ({err.strerror or err})", p) from None
    if stat.S_ISDIR(st.st_mode):
        raise UnsafePathError(f"is a folder, not a {what}", p)
    if not stat.S_ISREG(st.st_mode):
        raise UnsafePathError(f"not a regular file (a FIFO, device or socket), not a {what}", p)
    if not os.access(p, os.R_OK):
        raise UnsafePathError("cannot read (permission denied)", p)
    return p


def output_file(path: str | os.PathLike, force: bool, what: str = "file") -> Path:
    """A file named on the command line that is about to be written: not too long a path,
    not a folder, and not an existing file unless ``force`` (the one ``--force`` rule of
    every command that writes over a file)."""
    p = check_length(path, what)
    if p.is_dir():
        raise UnsafePathError(f"is a folder, not a {what}", p)
    if os.path.lexists(p) and not force:
        raise UnsafePathError("already exists (use --force to overwrite it)", p)
    return p


def readable_inside(base: str | Path, path: str | Path, what: str = "file") -> Path:
    """A file found inside ``base`` that may be opened: inside after links, and regular."""
    return regular_file(check_inside(base, path, what), what)


def _short(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"
