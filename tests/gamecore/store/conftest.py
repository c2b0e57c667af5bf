"""Fixtures of the store tests."""

from __future__ import annotations

import contextlib
import errno
import os
import stat

import pytest

import gamecore.store.packfile as packfile


def _chmod_stops_us(folder) -> bool:
    """Whether a read-only folder refuses our new files (not so for root)."""
    mode = folder.stat().st_mode
    probe = folder / ".probe"
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT, 0o600)
    except PermissionError:
        return True
    else:
        os.close(fd)
        os.unlink(probe)
        return False
    finally:
        folder.chmod(mode)


@pytest.fixture
def unwritable(monkeypatch):
    """``with unwritable(folder): ...`` makes ``folder`` refuse new files: by chmod when
    that works, else (as root with CAP_DAC_OVERRIDE) by making the creation of the temp
    file of a save fail the way an unwritable folder does."""

    @contextlib.contextmanager
    def make(folder):
        if _chmod_stops_us(folder):
            mode = folder.stat().st_mode
            folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
            try:
                yield
            finally:
                folder.chmod(mode)
        else:

            def refuse(directory, name):
                raise PermissionError(errno.EACCES, "Permission denied", str(directory))

            with monkeypatch.context() as m:
                m.setattr(packfile, "_open_temp", refuse)
                yield

    return make
