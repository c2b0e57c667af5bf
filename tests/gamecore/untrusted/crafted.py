"""Crafted packs: the bundled sample with one cell changed to something hostile (NULL, a
value of another type, NaN/inf, out of range, JSON 100,000 deep, an integer of 5,000
digits). Used by the fast fuzz tests beside this file and by ``bench_fuzz``."""

from __future__ import annotations

import contextlib
import io
import shutil
import sqlite3
from pathlib import Path

from gamecore.cli import main
from gamecore.store.schema import TABLES

SAMPLE = Path(__file__).resolve().parents[3] / "resources" / "samples" / "world-1939.warroom"
SCENARIO = "1939"

#: hostile values by name; "retype" picks a value of another storage class per column
MUTATIONS: dict[str, object] = {
    "null": None,
    "text": "x'\"\n{[",
    "int": 10**15,
    "neg": -1,
    "real": 1e300,
    "inf": float("inf"),
    "blob": b"\x00\xff\x01",
    "deep_json": "[" * 100_000,
    "big_int_json": "[" + "9" * 5000 + "]",
    "empty": "",
}


def columns(pack: Path = SAMPLE) -> list[tuple[str, str]]:
    """(table, column) of every column of every table that has a row in ``pack``."""
    conn = sqlite3.connect(f"file:{pack}?mode=ro", uri=True)
    try:
        out = []
        for table in TABLES:
            if not conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone():
                continue
            for row in conn.execute(f"PRAGMA table_info({table})"):
                out.append((table, row[1]))
        return out
    finally:
        conn.close()


def column_type(pack: Path, table: str, column: str) -> str:
    conn = sqlite3.connect(f"file:{pack}?mode=ro", uri=True)
    try:
        for row in conn.execute(f"PRAGMA table_info({table})"):
            if row[1] == column:
                return row[2].upper()
    finally:
        conn.close()
    raise KeyError(column)


def retype_value(declared: str) -> object:
    """A value of another storage class than the column declares (SQLite would turn a
    number written into a TEXT column into text, so a TEXT column gets a blob)."""
    return b"\x01\x02" if declared == "TEXT" else "not a number"


def craft(dst: Path, table: str, column: str, value: object, src: Path = SAMPLE) -> bool:
    """Copy ``src`` to ``dst`` and set ``column`` of the first row of ``table`` to
    ``value``. False when SQLite itself refuses the change (a constraint)."""
    shutil.copyfile(src, dst)
    conn = sqlite3.connect(dst)
    try:
        conn.execute(
            f"UPDATE {table} SET [{column}] = ? WHERE rowid = (SELECT min(rowid) FROM {table})",
            (value,),
        )
        conn.commit()
        return True
    except sqlite3.Error:
        return False
    finally:
        conn.close()


def commands(pack: Path, out: Path, which: tuple[str, ...]) -> list[list[str]]:
    every = {
        "info": ["info", str(pack)],
        "validate": ["validate", str(pack)],
        "dump": ["dump", str(pack), "-o", str(out / "dump.json"), "--force"],
        "play": [
            "play",
            str(pack),
            "--scenario",
            SCENARIO,
            "--rounds",
            "1",
            "--max-actions",
            "40",
        ],
        "export": [
            "export",
            "triplea",
            str(pack),
            "-o",
            str(out / "tripleA"),
            "--scenario",
            SCENARIO,
            "--no-tiles",
            "--force",
        ],
    }
    return [every[w] for w in which]


def run(argv: list[str]) -> tuple[int, str]:
    """``warroom ARGV`` in this process: (exit code, stderr). Anything but a
    :class:`WarroomError` escapes as the exception it is (a traceback is a bug)."""
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        rc = main([str(a) for a in argv])
    return rc, err.getvalue()


def never_blocks(argv: list, fifo: Path, seconds: float = 30) -> tuple[int, str]:
    """:func:`run` of ``argv`` (which names the FIFO ``fifo``) on a thread: its result, or
    a test failure when it is still blocked after ``seconds`` (the FIFO is then opened
    for writing, so the blocked reader and the test run can end)."""
    import threading

    import pytest

    result = {}
    t = threading.Thread(target=lambda: result.update(out=run(argv)), daemon=True)
    t.start()
    t.join(seconds)
    if t.is_alive():
        with open(fifo, "wb"):
            pass
        pytest.fail(f"{argv[0]} blocked on a FIFO")
    return result["out"]


def check_outcome(argv: list[str], rc: int, stderr: str, pack: Path) -> str | None:
    """None when the run is acceptable: it worked (0, or 1 for validate), or it refused with
    exit 2 and one line naming the pack. Else what is wrong."""
    if rc == 0 or (rc == 1 and argv[0] == "validate"):
        return None
    if rc != 2:
        return f"exit {rc}: {stderr.strip()[:300]}"
    lines = stderr.strip().splitlines()
    if len(lines) != 1:
        return f"{len(lines)}-line error: {stderr[:300]}"
    if pack.name not in lines[0]:
        return f"error does not name the pack: {lines[0][:300]}"
    if "(None)" in lines[0]:
        return f"error says nothing: {lines[0][:300]}"
    return None
