"""The one error hierarchy of Warroom.

Every error that bad input can cause is a :class:`WarroomError`. The CLI and the
editor turn it into a one-line message (``str(err)``) naming the file and the problem;
a traceback for bad input is a bug.
"""

from __future__ import annotations

from pathlib import Path


class WarroomError(Exception):
    """Base class. ``path`` is the file concerned, when there is one."""

    #: exit code the CLI uses for this error (2 = unusable input)
    exit_code = 2

    def __init__(self, message: str, path: str | Path | None = None):
        self.message = message
        self.path = str(path) if path is not None else None
        super().__init__(message)

    def __str__(self) -> str:
        if self.path:
            return f"{self.path}: {self.message}"
        return self.message


class PackError(WarroomError):
    """A map-pack file cannot be read, written or migrated."""


class PackLockedError(PackError):
    """Another process has the pack open for writing."""


class SchemaVersionError(PackError):
    """The pack was written by a newer Warroom."""


class GeometryError(WarroomError):
    """A geometry operation was given input it cannot apply (e.g. self-intersecting ring)."""


class RulesetError(WarroomError):
    """A ruleset file is malformed or inconsistent (message names file, key and reason)."""


class ConditionError(WarroomError):
    """A condition expression does not parse or names unknown things (has line/column)."""

    def __init__(self, message: str, line: int = 1, column: int = 1, path=None):
        self.line = line
        self.column = column
        self.reason = message
        super().__init__(f"line {line}, column {column}: {message}", path)


class RulesError(WarroomError):
    """An action is illegal in the current game state."""


class ImportFormatError(WarroomError):
    """Foreign input (TripleA, GeoJSON, images) that cannot be imported."""


class Cancelled(WarroomError):
    """Long work was cancelled by the user."""

    exit_code = 130


class UnsafePathError(WarroomError):
    """A path taken from untrusted input (a pack, a map folder) would leave its folder,
    or names something that is not a regular file."""
