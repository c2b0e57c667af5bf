"""Inputs of the battle calculator: the battle's context, modifiers, retreat policies,
and the parsing of unit lists such as ``"3 infantry, 2 tank, 1 fighter"``."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from gamecore.engine.ruleset import Ruleset
from gamecore.errors import WarroomError


class BattleError(WarroomError):
    """A battle that cannot be calculated: unknown unit, impossible line-up, bad option."""


SIDES = ("attacker", "defender")


@dataclass(frozen=True)
class Modifier:
    """A change to the hit value of some units of one side.

    ``rounds``: the modifier applies in rounds ``1..rounds`` only (0: every round), e.g.
    Global War's border terrain "for the first combat round only"
    (rules-notes/000_global_war.md §1.4). ``domains``/``units`` restrict it to firers of
    those domains / unit types (empty: all); ``exclude`` lists unit types it never affects
    (Marines and artillery ignore the river penalty). Several modifiers on one unit
    combine through the ruleset's ``modifier_policy`` (gamecore.rules.modifiers)."""

    side: str
    value: int
    domains: tuple[str, ...] = ()
    units: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    rounds: int = 0

    def __post_init__(self) -> None:
        if self.side not in SIDES:
            raise BattleError(f"modifier side must be 'attacker' or 'defender', not {self.side!r}")
        if self.rounds < 0:
            raise BattleError(f"modifier rounds must be >= 0, not {self.rounds}")

    def applies(self, unit_type, round_no: int) -> bool:
        if self.rounds and round_no > self.rounds:
            return False
        if self.domains and unit_type.domain not in self.domains:
            return False
        if self.units and unit_type.id not in self.units:
            return False
        return unit_type.id not in self.exclude


@dataclass(frozen=True)
class Retreat:
    """The attacker's retreat policy, checked after each round (from the ruleset's
    ``attacker_retreat_from_round`` on, never from an amphibious assault unless the
    ruleset allows it): ``never``; ``below`` — when its chance to win by fighting on
    falls under ``value``; ``after`` — after ``value`` rounds."""

    kind: str = "never"
    value: float = 0.0

    def __post_init__(self) -> None:
        if self.kind not in ("never", "below", "after"):
            raise BattleError(f"unknown retreat policy {self.kind!r} (never, below, after)")
        if self.kind == "below" and not 0.0 <= self.value <= 1.0:
            raise BattleError(f"retreat below a win chance needs 0..1, not {self.value}")
        if self.kind == "after" and (self.value < 1 or int(self.value) != self.value):
            raise BattleError(f"retreat after n rounds needs a whole n >= 1, not {self.value}")

    @classmethod
    def never(cls) -> Retreat:
        return cls("never")

    @classmethod
    def below(cls, win_chance: float) -> Retreat:
        return cls("below", float(win_chance))

    @classmethod
    def after(cls, rounds: int) -> Retreat:
        return cls("after", int(rounds))

    @classmethod
    def parse(cls, text: str) -> Retreat:
        """``never`` | ``below:0.4`` (or ``<0.4``, ``40%``) | ``after:3``."""
        t = text.strip().lower().replace(" ", "")
        if t in ("", "never", "no", "none"):
            return cls.never()
        m = re.fullmatch(r"(?:below[:=]?|<)([0-9.]+)(%?)", t) or re.fullmatch(r"([0-9.]+)(%)", t)
        if m:
            v = float(m.group(1)) / (100.0 if m.group(2) else 1.0)
            return cls.below(v)
        m = re.fullmatch(r"after[:=]?(\d+)", t)
        if m:
            return cls.after(int(m.group(1)))
        raise BattleError(f"retreat policy {text!r}: use never, below:0.4 or after:3")

    def __str__(self) -> str:
        if self.kind == "below":
            return f"below:{self.value:g}"
        if self.kind == "after":
            return f"after:{int(self.value)}"
        return "never"


@dataclass(frozen=True)
class BattleContext:
    """Everything about a battle besides the units.

    - ``sea``: a sea battle (None: a sea battle when any sea unit takes part).
    - ``terrain``: the zone's terrain id (its ruleset modifiers apply every round).
    - ``city``: "city": the zone is a city (the ruleset's ``city_terrain`` adds to
      ``terrain`` every round, Global War §1.16); "surrounded": a surrounded city (its
      ``surrounded_city_terrain`` instead); "": not a city.
    - ``border_terrain``: terrain crossed between the entry border and the roundel; its
      modifiers apply in round 1 only (rules-notes/000_global_war.md §1.4).
    - ``borders``: attributes of the border the attackers cross (river, mountain,
      fortified): the ruleset's ``borders`` effects, for their rounds.
    - ``amphibious``: the attacking land units come from the sea: no retreat (unless the
      ruleset's ``amphibious_retreat``), shore bombardment by ``bombard`` ships.
    - ``bombard``: ships bombarding before round 1 ({unit type: count}).
    - ``support_fire``: the attacker's guns in neighbouring zones that fire once into the
      attack before round 1 ({unit type: count}; The War Game's support shots, seeds/002
      "Artillery": the defender places the hits, the victims fire in round 1).
    - ``aa``: the defender's AA guns fire before round 1 (and the ruleset's ``aa_fire``).
    - ``modifiers``: extra :class:`Modifier` s (per-round effects, house rules).
    - ``attacker_order`` / ``defender_order``: casualty order: a profile of
      gamecore.rules.combat (``cheapest``...) or unit type ids, first to die first
      (types not listed follow, cheapest first); "" = the ruleset's ``casualty_order``.
    - ``keep_land_unit``: the attacker of a land zone keeps its best land unit for last
      (None: yes in land battles, as the engine does).
    - ``retreat``: the attacker's :class:`Retreat` policy.
    - ``max_rounds``: stop after this many rounds (None: the ruleset's
      ``max_combat_rounds``; 0: no limit).
    - ``attacker_nation`` / ``defender_nation``: for per-nation unit costs.
    - ``attacker_damaged`` / ``defender_damaged``: multi-hit units that start with one hit
      taken ({unit type: count}).
    - ``fire_modes`` / ``defender_fire_modes``: {unit type: fire mode} for units that
      choose how they fire (seeds/002 "Bomber": ``bombs`` or ``guns``; defending
      "Artillery": ``air`` first or ``land``); unnamed ones follow the engine's default.
    """

    sea: bool | None = None
    terrain: str = ""
    city: str = ""
    border_terrain: tuple[str, ...] = ()
    borders: tuple[str, ...] = ()
    amphibious: bool = False
    bombard: Mapping[str, int] = field(default_factory=dict)
    support_fire: Mapping[str, int] = field(default_factory=dict)
    aa: bool = True
    modifiers: tuple[Modifier, ...] = ()
    attacker_order: str | tuple[str, ...] = ""
    defender_order: str | tuple[str, ...] = ""
    keep_land_unit: bool | None = None
    retreat: Retreat = field(default_factory=Retreat)
    max_rounds: int | None = None
    attacker_nation: str = ""
    defender_nation: str = ""
    attacker_damaged: Mapping[str, int] = field(default_factory=dict)
    defender_damaged: Mapping[str, int] = field(default_factory=dict)
    fire_modes: Mapping[str, str] = field(default_factory=dict)
    defender_fire_modes: Mapping[str, str] = field(default_factory=dict)


# ---------------------------------------------------------------------- unit lists
def _norm(name: str) -> str:
    return re.sub(r"[\s_\-]+", " ", name.strip().lower())


_NAMES: dict[int, tuple[Ruleset, dict[str, str]]] = {}
#: players' usual abbreviations, used when the ruleset has the unit they stand for
ABBREVIATIONS = {
    "inf": "infantry",
    "art": "artillery",
    "arm": "tank",
    "armor": "tank",
    "armour": "tank",
    "mech": "mech_infantry",
    "aa": "aaa",
    "aa gun": "aaa",
    "ftr": "fighter",
    "tac": "tactical_bomber",
    "bmb": "strategic_bomber",
    "bomber": "strategic_bomber",
    "ss": "submarine",
    "sub": "submarine",
    "dd": "destroyer",
    "ca": "cruiser",
    "cv": "carrier",
    "acc": "carrier",
    "bb": "battleship",
    "tp": "transport",
    "trn": "transport",
}


def unit_names(rules: Ruleset) -> dict[str, str]:
    """Every accepted spelling -> unit type id: ids, names, simple plurals, with spaces,
    underscores and hyphens treated alike."""
    hit = _NAMES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    out: dict[str, str] = {}
    for uid, ut in rules.units.items():
        if ut.domain == "facility" or ut.infrastructure:
            continue
        for base in (uid, ut.name):
            n = _norm(base)
            for form in (n, n + "s", n + "es", n[:-1] + "ies" if n.endswith("y") else n):
                out.setdefault(form, uid)
    for short, uid in ABBREVIATIONS.items():
        t = rules.units.get(uid)
        if t is not None and t.domain != "facility" and not t.infrastructure:
            out.setdefault(short, uid)
            out.setdefault(short + "s", uid)
    if len(_NAMES) > 16:
        _NAMES.clear()
    _NAMES[id(rules)] = (rules, out)
    return out


def resolve_unit(rules: Ruleset, name: str, where: str = "") -> str:
    """The unit type id for ``name``; an unknown name is a one-line BattleError with a
    "did you mean" suggestion."""
    t = rules.units.get(name)
    if t is not None and t.domain != "facility" and not t.infrastructure:
        return name
    names = unit_names(rules)
    key = _norm(name)
    if key in names:
        return names[key]
    if t is not None or key.replace(" ", "_") in rules.units:
        raise BattleError(f"{where}'{name}' does not fight in battles")
    # an unambiguous abbreviation: "inf", "sub", "strat"
    pre = {v for n, v in names.items() if len(key) >= 2 and n.startswith(key)}
    if len(pre) == 1:
        return pre.pop()
    close = difflib.get_close_matches(key, list(names), n=3, cutoff=0.6)
    ids = list(dict.fromkeys([*sorted(pre), *(names[c] for c in close)]))
    hint = f"; did you mean {' or '.join(repr(i) for i in ids)}?" if ids else ""
    known = ", ".join(sorted({v for v in names.values()}))
    if not hint:
        hint = f" (known: {known})"
    return _raise(f"{where}unknown unit '{name}' in ruleset '{rules.id}'{hint}")


def _raise(msg: str):
    raise BattleError(msg)


_ITEM_RE = re.compile(
    r"^\s*(?:(?P<n1>\d+)\s*[x*]?\s+)?(?P<name>[A-Za-z][A-Za-z0-9 _\-]*?)(?:\s*[x*:]\s*(?P<n2>\d+))?\s*$"
)


def parse_units(rules: Ruleset, text: str | Mapping[str, int], where: str = "") -> dict[str, int]:
    """``"3 infantry, 2 tanks, fighter"`` (or a mapping) -> ``{"infantry": 3, "tank": 2,
    "fighter": 1}``. ``where`` prefixes error messages (e.g. "--attacker: ")."""
    out: dict[str, int] = {}
    if isinstance(text, Mapping):
        items = list(text.items())
    else:
        items = []
        for part in re.split(r"[,;+]", text):
            if not part.strip():
                continue
            m = _ITEM_RE.match(part)
            if not m:
                raise BattleError(f"{where}cannot read {part.strip()!r} (write e.g. '3 infantry')")
            n = int(m.group("n1") or m.group("n2") or 1)
            items.append((m.group("name"), n))
    for name, n in items:
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise BattleError(f"{where}count of '{name}' must be a whole number >= 0, not {n!r}")
        uid = resolve_unit(rules, str(name), where)
        if n:
            out[uid] = out.get(uid, 0) + n
    return out
