"""Per-system state parts (issue #22): what a rule system keeps in a game beyond the core
state every system shares. A :class:`Part` is declared once — its name, its value in a
new game, how a clone copies it, its canonical form in a snapshot — and
:func:`state_class` makes the system's :class:`~gamecore.engine.state.GameState` subclass
from the declarations: slots, the copy a clone makes, the new game's values and the
snapshot all follow from them.

A clone copies the core fields (``gamecore.engine.state.CORE_FIELDS``) and the parts with
one function of straight-line code generated from the declarations (as :mod:`dataclasses`
does for ``__init__``): bots clone states a lot, and a loop of ``getattr``/``setattr``
would make every clone a quarter slower. The names come from code, never from a file,
and must be identifiers."""

from __future__ import annotations

import keyword
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamecore.engine.rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState

#: how a clone copies a part's value: "copy" ``value.copy()`` (a dict or set whose items
#: are replaced, never changed), "share" the same object (immutable: tuples, frozensets),
#: "copy_or_none" ``value.copy()`` unless it is None, "none" None (a cache of one state
#: that a clone builds again for itself)
COPY_POLICIES = ("copy", "share", "copy_or_none", "none")


@dataclass(frozen=True)
class Part:
    name: str
    new: Callable[[GameState], Any]  # its value in a new game (core fields are set)
    copy: str = "copy"
    snapshot: Callable[[Any], Any] | None = None  # JSON-able form (None: not compared)
    sparse: bool = False  # left out of the snapshot while empty (a part added later)
    doc: str = ""

    def __post_init__(self) -> None:
        if not self.name.isidentifier() or keyword.iskeyword(self.name):
            raise ValueError(f"state part name {self.name!r} is not an identifier")
        if self.copy not in COPY_POLICIES:
            raise ValueError(f"state part {self.name}: copy must be one of {COPY_POLICIES}")


def _clone_source(core: Sequence[tuple[str, str, str]], parts: Sequence[Part]) -> str:
    lines = [
        "def clone(self, reseed=None, keep_log=True):",
        "    c = _new(_cls)",
    ]
    fields = [(name, how) for name, how, _ in core] + [(p.name, p.copy) for p in parts]
    for n, how in fields:
        if how == "copy":
            lines.append(f"    c.{n} = self.{n}.copy()")
        elif how == "share":
            lines.append(f"    c.{n} = self.{n}")
        elif how == "none":
            lines.append(f"    c.{n} = None")
        else:
            lines.append(f"    v = self.{n}")
            lines.append(f"    c.{n} = None if v is None else v.copy()")
    lines += [
        "    c.rng = self.rng.copy() if reseed is None else _Rng(reseed)",
        "    if keep_log and self.log_mode != 'none':",
        "        c.log_mode = self.log_mode",
        "        c._log = self._log",
        "        c._log_len = self._log_len",
        "    else:",
        "        c.log_mode = 'none'",
        "        c._log = []",
        "        c._log_len = 0",
        "    return c",
    ]
    return "\n".join(lines) + "\n"


def make_clone(cls: type, core: Sequence[tuple[str, str, str]], parts: Sequence[Part]):
    """The ``clone`` method of ``cls``: straight-line code copying the core fields and the
    parts by their copy policies, then the dice and the log."""
    for name, how, _ in core:
        if not name.isidentifier() or how not in COPY_POLICIES:
            raise ValueError(f"core field {name!r}: bad name or copy policy {how!r}")
    ns: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_Rng": Rng}
    src = _clone_source(core, parts)
    exec(compile(src, f"<clone of {cls.__name__}>", "exec"), ns)  # noqa: S102
    fn = ns["clone"]
    base_clone = getattr(cls, "clone", None)
    fn.__doc__ = getattr(base_clone, "__doc__", None)
    fn.__qualname__ = f"{cls.__name__}.clone"
    fn.__module__ = cls.__module__
    return fn
