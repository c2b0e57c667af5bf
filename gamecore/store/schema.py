"""The SQLite schema of a map pack and its migrations.

A pack file is a SQLite database whose header carries ``PRAGMA application_id`` =
:data:`APPLICATION_ID` and ``PRAGMA user_version`` = the schema version. Migrations are an
ordered list of functions; ``MIGRATIONS[n - 1]`` takes a database from version ``n - 1`` to
``n`` (so a fresh file is made by running all of them from version 0). Every migration runs
inside one transaction together with the ``user_version`` bump, and always on a scratch copy
(a new temp file or an in-memory copy), never on the user's file in place.

Version history:

1. first schema: map, zones, borders, links, terrain areas, facilities, lines, images,
   nations, scenarios (alliances, relations, ownership, units, banks, income overrides,
   objectives), rulesets, pack meta.
2. adds ``borders.crossing_limit`` (narrow crossings), the ``playtests`` table and the
   ``ignored_issues`` table.

Table rows carry a ``pos`` column: the position of the row in its dict or list in the
model, so that a pack read back has the same order as the one written.
"""

from __future__ import annotations

import sqlite3
import struct
from collections.abc import Callable
from pathlib import Path

import sqlite_utils

#: "WARR" - marks a SQLite file as a Warroom pack (header offset 68)
APPLICATION_ID = 0x57415252
#: the schema version this code reads and writes
SCHEMA_VERSION = 2

SQLITE_MAGIC = b"SQLite format 3\x00"
#: page size of new files: a zone of a few hundred vertices (a few KB of WKB) fits a page
PAGE_SIZE = 8192


def database(conn: sqlite3.Connection) -> sqlite_utils.Database:
    """A sqlite-utils view on ``conn`` (no plugins: opening a pack runs no foreign code)."""
    return sqlite_utils.Database(conn, execute_plugins=False, recursive_triggers=False)


# -- migrations ---------------------------------------------------------------------------


def _v1_initial(db: sqlite_utils.Database) -> None:
    db["store_state"].create({"key": str, "value": str}, pk="key")
    db["pack_meta"].create({"key": str, "pos": int, "value": str}, pk="key")
    db["map_info"].create(
        {
            "id": int,
            "name": str,
            "width": float,
            "height": float,
            "crs": str,
            "transform": str,
            "wrap_x": int,
            "props": str,
        },
        pk="id",
    )
    db["zones"].create(
        {
            "id": int,
            "pos": int,
            "code": str,
            "name": str,
            "kind": str,
            "geometry": bytes,
            "value": int,
            "terrain": str,
            "region": str,
            "flags": str,
            "label_x": float,
            "label_y": float,
            "roundel_x": float,
            "roundel_y": float,
            "slots": str,
            "props": str,
        },
        pk="id",
    )
    db["borders"].create(
        {
            "a": int,
            "b": int,
            "pos": int,
            "river": int,
            "mountain": int,
            "fortified": int,
            "impassable": int,
            "rail_gauge": str,
            "props": str,
        },
        pk=("a", "b"),
    )
    db["links"].create(
        {
            "id": int,
            "pos": int,
            "kind": str,
            "a": int,
            "b": int,
            "name": str,
            "via": int,
            "controllers": str,
            "rule": str,
            "props": str,
        },
        pk="id",
    )
    db["terrain_areas"].create(
        {"id": int, "pos": int, "zone": int, "terrain": str, "geometry": bytes, "props": str},
        pk="id",
    )
    db["facilities"].create(
        {
            "id": int,
            "pos": int,
            "zone": int,
            "type": str,
            "level": int,
            "damage": int,
            "serves": str,
            "owner": str,
            "props": str,
        },
        pk="id",
    )
    db["lines"].create(
        {
            "id": int,
            "pos": int,
            "kind": str,
            "name": str,
            "points": str,
            "path": str,
            "start": int,
            "end": int,
            "values": str,
            "gauge": str,
            "props": str,
        },
        pk="id",
    )
    db["images"].create(
        {
            "id": int,
            "pos": int,
            "name": str,
            "format": str,
            "data": bytes,
            "x": float,
            "y": float,
            "width": float,
            "height": float,
            "opacity": float,
            "visible": int,
        },
        pk="id",
    )
    db["nations"].create(
        {
            "id": str,
            "pos": int,
            "name": str,
            "colour": str,
            "kind": str,
            "playable": int,
            "capital": int,
            "home_zones": str,
            "flag_image": int,
            "props": str,
        },
        pk="id",
    )
    db["scenarios"].create(
        {
            "id": str,
            "pos": int,
            "name": str,
            "ruleset": str,
            "options": str,
            "start": str,
            "calendar": str,
            "rounds": int,
            "turn_order": str,
            "props": str,
        },
        pk="id",
    )
    db["alliances"].create(
        {"scenario": str, "id": str, "pos": int, "name": str, "members": str, "colour": str},
        pk=("scenario", "id"),
    )
    db["relations"].create(
        {"scenario": str, "a": str, "b": str, "pos": int, "status": str, "initiated_by": str},
        pk=("scenario", "a", "b"),
    )
    db["ownership"].create(
        {"scenario": str, "zone": int, "pos": int, "owner": str, "original": str},
        pk=("scenario", "zone"),
    )
    db["units"].create(
        {
            "scenario": str,
            "pos": int,
            "zone": int,
            "nation": str,
            "unit_type": str,
            "count": int,
            "props": str,
        },
        pk=("scenario", "pos"),
    )
    for name in ("banks", "income_overrides"):
        db[name].create(
            {"scenario": str, "nation": str, "pos": int, "amount": int},
            pk=("scenario", "nation"),
        )
    db["objectives"].create(
        {
            "scenario": str,
            "id": str,
            "pos": int,
            "name": str,
            "kind": str,
            "owner": str,
            "condition": str,
            "effect": str,
            "once": int,
            "props": str,
        },
        pk=("scenario", "id"),
    )
    db["rulesets"].create({"id": str, "pos": int, "text": str}, pk="id")


def _v2_playtests_and_crossings(db: sqlite_utils.Database) -> None:
    db["borders"].add_column("crossing_limit", int)
    db["playtests"].create(
        {
            "id": int,
            "pos": int,
            "scenario": str,
            "created": str,
            "params": str,
            "scenario_hash": str,
            "results": str,
        },
        pk="id",
    )
    db["ignored_issues"].create({"pos": int, "issue": str}, pk="pos")


#: MIGRATIONS[n - 1] upgrades a database from schema version n - 1 to n
MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [
    _v1_initial,
    _v2_playtests_and_crossings,
]
assert len(MIGRATIONS) == SCHEMA_VERSION

#: the tables of the current schema, in the order they are written
TABLES = (
    "store_state",
    "pack_meta",
    "map_info",
    "zones",
    "borders",
    "links",
    "terrain_areas",
    "facilities",
    "lines",
    "images",
    "nations",
    "scenarios",
    "alliances",
    "relations",
    "ownership",
    "units",
    "banks",
    "income_overrides",
    "objectives",
    "rulesets",
    "playtests",
    "ignored_issues",
)


def user_version(conn: sqlite3.Connection) -> int:
    return conn.execute("PRAGMA user_version").fetchone()[0]


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Run the migrations that take ``conn`` from its ``user_version`` to ``target``; each
    step is one transaction. Returns the version found. A fresh (empty) database gets the
    whole schema and the application id."""
    db = database(conn)
    found = user_version(conn)
    if found == 0:
        conn.execute(f"PRAGMA page_size = {PAGE_SIZE}")  # no effect once tables exist
    for version in range(found + 1, target + 1):
        with db.atomic():
            MIGRATIONS[version - 1](db)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {version}")
    return found


# -- the file header ----------------------------------------------------------------------


class HeaderInfo:
    """What the first 100 bytes of a file say (see sqlite.org/fileformat.html)."""

    __slots__ = ("problem", "application_id", "user_version", "size")

    def __init__(self, problem: str | None, application_id=0, user_version=0, size=0):
        self.problem = problem
        self.application_id = application_id
        self.user_version = user_version
        self.size = size


def read_header(path: Path) -> HeaderInfo:
    """Check that ``path`` looks like a complete Warroom pack without opening it with SQLite.
    ``problem`` is a short description when it does not (and None when it does); newer
    schema versions are reported through ``user_version``, not as a problem."""
    with open(path, "rb") as fh:
        head = fh.read(100)
        size = fh.seek(0, 2)
    if not head:
        return HeaderInfo("empty file, not a Warroom pack", size=size)
    if not head.startswith(SQLITE_MAGIC):
        return HeaderInfo("not a SQLite database (not a Warroom pack)", size=size)
    if len(head) < 100:
        return HeaderInfo(f"truncated file ({size} bytes)", size=size)
    (page_size,) = struct.unpack(">H", head[16:18])
    page_size = 65536 if page_size == 1 else page_size
    change_counter, page_count = struct.unpack(">II", head[24:32])
    (valid_for,) = struct.unpack(">I", head[92:96])
    (uv,) = struct.unpack(">i", head[60:64])
    (app_id,) = struct.unpack(">i", head[68:72])
    if page_size < 512 or page_size & (page_size - 1):
        return HeaderInfo("corrupt file (bad page size in the SQLite header)", size=size)
    if app_id != APPLICATION_ID:
        return HeaderInfo(
            f"a SQLite database but not a Warroom pack (application_id {app_id:#x})", size=size
        )
    if change_counter == valid_for and page_count and size < page_count * page_size:
        return HeaderInfo(
            f"truncated or corrupt file ({size} bytes, the header says {page_count * page_size})",
            size=size,
        )
    if size % page_size:
        return HeaderInfo(
            f"truncated or corrupt file ({size} bytes is not a whole number of "
            f"{page_size}-byte pages)",
            size=size,
        )
    return HeaderInfo(None, app_id, uv, size)
