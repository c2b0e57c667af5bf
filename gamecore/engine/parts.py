"""Per-system state parts (issue #22): what a rule system keeps in a game beyond the core
state every system shares. A :class:`Part` is declared once — its name, its value in a
new game, how a clone copies it, its canonical form in a snapshot — and
:func:`state_class` makes the system's :class:`~gamecore.engine.state.GameState` subclass
from the declarations: slots, the copy a clone makes, the new game's values and the
snapshot all follow from them.

A clone copies the parts with straight-line code generated from the declarations (as
:mod:`dataclasses` does for ``__init__``): bots clone states a lot, and a loop of
``getattr``/``setattr`` would make every clone a quarter slower. The names come from
code, never from a file, and must be identifiers."""

from __future__ import annotations

import keyword
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState

#: how a clone copies a part's value: "copy" ``value.copy()`` (a dict or set whose items
#: are replaced, never changed), "share" the same object (immutable: tuples, frozensets),
#: "copy_or_none" ``value.copy()`` unless it is None
COPY_POLICIES = ("copy", "share", "copy_or_none")


@dataclass(frozen=True)
class Part:
    name: str
    new: Callable[[GameState], Any]  # its value in a new game (core fields are set)
    copy: str = "copy"
    snapshot: Callable[[Any], Any] | None = None  # JSON-able form (None: not compared)
    doc: str = ""

    def __post_init__(self) -> None:
        if not self.name.isidentifier() or keyword.iskeyword(self.name):
            raise ValueError(f"state part name {self.name!r} is not an identifier")
        if self.copy not in COPY_POLICIES:
            raise ValueError(f"state part {self.name}: copy must be one of {COPY_POLICIES}")


def _clone_source(parts: Sequence[Part]) -> str:
    lines = ["def _clone_parts(self, c):"]
    for p in parts:
        n = p.name
        if p.copy == "copy":
            lines.append(f"    c.{n} = self.{n}.copy()")
        elif p.copy == "share":
            lines.append(f"    c.{n} = self.{n}")
        else:
            lines.append(f"    v = self.{n}")
            lines.append(f"    c.{n} = None if v is None else v.copy()")
    if not parts:
        lines.append("    pass")
    return "\n".join(lines) + "\n"


def state_class(name: str, parts: Sequence[Part], module: str, base: type | None = None) -> type:
    """A subclass of ``base`` (the core :class:`GameState`) holding ``parts``; assign it
    to ``name`` in ``module`` so it pickles."""
    from gamecore.engine.state import GameState

    base = base or GameState
    taken = set()
    for klass in base.__mro__:
        taken.update(getattr(klass, "__slots__", ()))
    names = [p.name for p in parts]
    clash = sorted((set(names) & taken) | {n for n in names if names.count(n) > 1})
    if clash:
        raise ValueError(f"state parts {', '.join(clash)} are declared twice")
    all_parts = tuple(base.PARTS) + tuple(parts)
    ns: dict[str, Any] = {}
    exec(compile(_clone_source(all_parts), f"<state parts of {name}>", "exec"), ns)  # noqa: S102
    clone_parts = ns["_clone_parts"]
    clone_parts.__qualname__ = f"{name}._clone_parts"
    return type(
        name,
        (base,),
        {
            "__slots__": tuple(names),
            "PARTS": all_parts,
            "_clone_parts": clone_parts,
            "__module__": module,
            "__qualname__": name,
        },
    )
