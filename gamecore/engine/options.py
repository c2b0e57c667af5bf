"""Typed options (issue #22): every option a rule mechanism reads is declared once, by the
system or feature that reads it, as an :class:`OptionSpec` (name, type, default, choices,
doc); a ruleset's values are checked against it when the ruleset loads."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


class UndeclaredOption(KeyError):
    """A rule read an option no :class:`OptionSpec` declares (a misspelt name): a
    programming error, never a player's input (a ruleset file naming an unknown option
    is refused when it loads)."""

    def __str__(self) -> str:
        return f"option '{self.args[0]}' is not declared by any option spec of this ruleset"


class Options(dict):
    """A ruleset's option values. Every declared option is present (its default when the
    file does not set it), so reading a name that is not there, with ``[]`` or with
    ``.get``, is a misspelt or undeclared option and raises :class:`UndeclaredOption`
    instead of quietly giving None. Writing is as for a dict."""

    __slots__ = ()

    def __missing__(self, name: str) -> Any:
        raise UndeclaredOption(name)

    def get(self, name: str, default: Any = None) -> Any:
        if name not in self:
            raise UndeclaredOption(name)
        return dict.__getitem__(self, name)

    def rule_on(self, rule_id: str) -> bool:
        """Whether the optional rule ``rule_id`` (a ruleset's ``[optional.ID]``, seeds/000
        Appendix C) is switched on; False for a ruleset that has no such rule. Optional
        rules are declared by ruleset files, not option specs, so they are read here."""
        return dict.get(self, rule_id) is True

    def copy(self) -> Options:
        return Options(self)

    def __reduce__(self):
        return (Options, (dict(self),))


#: option types and what a value of each is
TYPES = ("bool", "int", "float", "str", "date", "list", "table")

_DATE = re.compile(r"^\d{4}(-\d{1,2})?$")


@dataclass(frozen=True)
class OptionSpec:
    """One option: ``type`` is one of :data:`TYPES`; ``choices`` (for "str", or the items
    of a "list") the values allowed (empty: any); ``owner`` the module that reads it."""

    name: str
    type: str
    default: Any
    choices: tuple = ()
    doc: str = ""
    owner: str = ""

    def __post_init__(self) -> None:
        if self.type not in TYPES:
            raise ValueError(f"option '{self.name}': unknown type '{self.type}'")
        why = self.check(self.default)
        if why is not None:
            raise ValueError(f"option '{self.name}': its default {why}")

    def check(self, v: Any) -> str | None:
        """None when ``v`` is a value of this option, else the reason it is not (a phrase
        that follows the key: "must be an integer, not 'x'")."""
        t = self.type
        if t == "bool":
            if not isinstance(v, bool):
                return f"must be true or false, not {v!r}"
        elif t == "int":
            if isinstance(v, bool) or not isinstance(v, int):
                return f"must be an integer, not {v!r}"
        elif t == "float":
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                return f"must be a number, not {v!r}"
        elif t in ("str", "date"):
            if not isinstance(v, str):
                return f"must be a string, not {v!r}"
            if t == "date" and v and not _DATE.match(v):
                return f"must be a date like '1939-07', not {v!r}"
        elif t == "list":
            if not isinstance(v, list):
                return f"must be a list, not {v!r}"
            if self.choices:
                for x in v:
                    if x not in self.choices:
                        return f"has {x!r}, not one of {', '.join(map(str, self.choices))}"
            return None
        elif t == "table":
            if not isinstance(v, dict):
                return f"must be a table, not {v!r}"
        if self.choices and v not in self.choices:
            return f"must be one of {', '.join(map(str, self.choices))}, not {v!r}"
        return None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.type, "default": self.default}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.doc:
            out["doc"] = self.doc
        if self.owner:
            out["owner"] = self.owner
        return out


def specs_by_name(*groups) -> dict[str, OptionSpec]:
    """One table of option specs from several modules' tuples (a name declared twice is a
    programming error)."""
    out: dict[str, OptionSpec] = {}
    for group in groups:
        for spec in group:
            if spec.name in out:
                raise ValueError(f"option '{spec.name}' declared twice")
            out[spec.name] = spec
    return out


# ---------------------------------------------------------------------- options
#: the options the kernel's board (gamecore.engine.board) reads, for every rule system
BOARD_OPTIONS = (
    OptionSpec(
        "roundel_terrain",
        "bool",
        False,
        doc="a land zone's terrain is where its roundel lies among its terrain areas (Global War §1.7)",
        owner="gamecore.engine.board",
    ),
    OptionSpec(
        "lakes_navigable",
        "bool",
        True,
        doc="lakes are sea zones ships use; false: lakes join no sea zone and serve no coast (GW §1.1)",
        owner="gamecore.engine.board",
    ),
    OptionSpec(
        "rail_facility",
        "str",
        "railroad",
        doc="the facility type whose damage closes a rail line",
        owner="gamecore.engine.board",
    ),
    OptionSpec(
        "river_movement",
        "bool",
        True,
        doc="river lines carry rail moves and supply (GW §1.12)",
        owner="gamecore.engine.board",
    ),
)
