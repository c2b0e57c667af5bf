"""gamecore.store — the map-pack file (docs/architecture.md, Invariants 3 and 5).

A pack is a SQLite file (schema in :mod:`gamecore.store.schema`) holding one
:class:`gamecore.model.Pack`. Open it with :func:`open_pack` (a :class:`PackFile`: the whole
model in memory, a working copy for autosave and crash recovery, atomic save), or use the
one-shot :func:`read_pack` / :func:`write_pack`. The canonical JSON text form is in
:mod:`gamecore.store.jsonform`, the semantic diff in :mod:`gamecore.store.diff`.
"""

from gamecore.store.packfile import (
    PackFile,
    lock_path,
    new_pack,
    open_pack,
    read_pack,
    working_copy_path,
    write_pack,
)
from gamecore.store.schema import APPLICATION_ID, SCHEMA_VERSION

__all__ = [
    "APPLICATION_ID",
    "SCHEMA_VERSION",
    "PackFile",
    "lock_path",
    "new_pack",
    "open_pack",
    "read_pack",
    "working_copy_path",
    "write_pack",
]
