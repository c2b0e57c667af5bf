"""Actions: the one vocabulary humans, bots, tests and the log use.

An :class:`Action` is a small frozen record (hashable, JSON-able). ``kind`` says what it
does (each rule system registers its kinds by name: :class:`~gamecore.engine.systems.
ActionKind`); the other fields are used by some kinds only. The Axis & Allies family's
(``aa``) kinds:

==============  ===========================================================
kind            fields
==============  ===========================================================
``buy``         ``type`` (unit or facility type), ``count``
``repair``      ``target`` (facility id)
``research``    ``type`` (technology id): roll one research die for it
``declare_war`` ``nation``
``move``        ``units``, ``path`` (zones, first = where the units are),
                ``transport`` (unit id to load onto), ``mode`` ("", "bomb", "rail":
                strategic rail movement, "cross": over a narrow crossing),
                ``target`` (facility id a bomber raids)
``fight``       ``zone``: resolve the battle there next
``casualties``  ``profile``: casualty profile for the current battle side (every round)
``press``       go on with the current battle
``retreat``     ``zone``: the attacker retreats there
``submerge``    the attacker's submarines submerge
``air_retreat`` the attacker's aircraft leave the battle together (seeds/003)
``scramble``    ``count``: fighters the defender scrambles (a pending decision)
``kamikaze``    ``count``: kamikaze tokens spent (a pending decision)
``intercept``   ``count``: the defender's aircraft that intercept a raid (a pending decision)
``shell``       ``units`` (ships), ``zone`` (their sea zone), ``target`` (facility id):
                ships shell a facility of an adjacent land zone (seeds/003)
``place``       ``type``, ``zone``
``lend_lease``  ``nation`` (receiver), ``count`` (IPP sent) or ``type`` (a bought unit)
``reduce_factory`` ``target`` (facility id), ``type``: the smaller factory it becomes, or
                "" (scrapped); seeds/002 §4.8, in the owner's purchase phase, no refund
``advance``     ``target``: pay the next instalment of a Production Chart item
``upgrade``     ``units``, ``type``: upgrade a unit to that type (Militia -> Infantry)
``raid``        ``units`` (one), ``zone``: announce a convoy raid there
``escort``      ``units`` (one), ``zone``: put a warship on escort duty
``patrol``      ``units`` (one), ``zone``: put an aircraft on air patrol over that sea zone
``end_phase``   finish the current phase
==============  ===========================================================
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Action(NamedTuple):
    """(A tuple underneath: cheap to create, compare and hash — bots make many.)"""

    kind: str
    type: str = ""
    count: int = 0
    units: tuple[int, ...] = ()
    path: tuple[int, ...] = ()
    zone: int = 0
    nation: str = ""
    transport: int = 0
    target: int = 0
    mode: str = ""
    profile: str = ""

    # -- constructors -------------------------------------------------------
    @staticmethod
    def buy(type: str, count: int = 1) -> Action:
        return Action("buy", type=type, count=count)

    @staticmethod
    def repair(facility: int) -> Action:
        return Action("repair", target=facility)

    @staticmethod
    def research(tech: str) -> Action:
        return Action("research", type=tech)

    @staticmethod
    def declare_war(nation: str) -> Action:
        return Action("declare_war", nation=nation)

    @staticmethod
    def move(units, path, transport: int = 0, mode: str = "", target: int = 0) -> Action:
        return Action(
            "move", "", 0, tuple(sorted(units)), tuple(path), 0, "", transport, target, mode
        )

    @staticmethod
    def fight(zone: int) -> Action:
        return Action("fight", zone=zone)

    @staticmethod
    def casualties(profile: str) -> Action:
        return Action("casualties", profile=profile)

    @staticmethod
    def press() -> Action:
        return Action("press")

    @staticmethod
    def retreat(zone: int) -> Action:
        return Action("retreat", zone=zone)

    @staticmethod
    def submerge() -> Action:
        return Action("submerge")

    @staticmethod
    def place(type: str, zone: int) -> Action:
        return Action("place", type=type, zone=zone)

    @staticmethod
    def lend_lease(nation: str, count: int = 0, type: str = "") -> Action:
        return Action("lend_lease", type=type, count=count, nation=nation)

    @staticmethod
    def end_phase() -> Action:
        return Action("end_phase")

    # -- JSON ---------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for name in Action._fields[1:]:
            v = getattr(self, name)
            if v:
                out[name] = list(v) if isinstance(v, tuple) else v
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> Action:
        kw = dict(data)
        for name in ("units", "path"):
            if name in kw:
                kw[name] = tuple(int(x) for x in kw[name])
        return Action(**kw)

    def __str__(self) -> str:
        parts = [self.kind]
        for name in Action._fields[1:]:
            v = getattr(self, name)
            if v:
                parts.append(f"{name}={'-'.join(map(str, v)) if isinstance(v, tuple) else v}")
        return " ".join(parts)
