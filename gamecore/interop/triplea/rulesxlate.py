"""TripleA's game rules → Warroom's condition language (docs/triplea-rules.md).

TripleA writes a game's politics, national objectives, triggers and victory conditions as
attachments: ``rulesAttachment`` (conditions, and national objectives when they carry an
``objectiveValue``), ``triggerAttachment`` (conditions + effects, fired at a step of the
turn), ``politicalActionAttachment`` (what a player may do in its politics step). This
module turns them into scenario objectives and events (:class:`~gamecore.model.Objective`)
that the A&A rule system plays (``gamecore.rules.politics``, ``gamecore.rules.economy``,
``gamecore.rules.control``):

- a condition becomes a boolean expression of the condition language, conditions that
  reference other conditions (``conditions`` + ``conditionType``, ``invert``) included;
- a national objective becomes an ``objective`` paid at its owner's collect income;
- a trigger becomes an ``event`` with the check ``phase_start`` / ``phase_end`` (its
  ``when``, or the step TripleA fires that kind of effect in) and its effects;
- a political action becomes an ``event`` with the check ``political``: the owner may
  take it in its politics phase while the condition holds (``costPUs``,
  ``attemptsPerTurn``);
- a trigger's ``victory`` becomes a ``victory`` objective; the game options "Honorable
  Surrender" / "Total Victory" / "Projection of Power" become victory-city objectives.

What cannot be expressed is never dropped silently: :class:`Translation` ``unmapped``
names each attachment and option left out, and the import report lists them.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from gamecore.conditions.parser import KEYWORDS
from gamecore.model import Objective

__all__ = ["Translation", "translate_rules", "archetype_status"]

#: TripleA relationship archetype -> Warroom relation status
STATUS_OF_ARCHETYPE = {"war": "war", "allied": "aligned", "neutral": "neutral"}

#: the victory-city game options TripleA plays (property name prefix -> mode)
VC_MODES = ("Total Victory", "Honorable Surrender", "Projection of Power")

#: the deepest chain of conditions naming conditions (the condition language nests 40)
MAX_DEPTH = 30

#: the most combinations a counted condition ("2-5" of 9, at war with 3 of 7) is written as
MAX_WAYS = 200

_SIMPLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class Unmappable(Exception):
    """A part of a TripleA rule that the condition language cannot express."""


def archetype_status(archetype: str | None) -> str:
    return STATUS_OF_ARCHETYPE.get((archetype or "war").strip().lower(), "war")


def _q(name: str) -> str:
    """A zone, nation or unit type name written so the condition language reads it back
    (quoted when it is not one plain word: ``"SS-Potential"`` is a name, not a subtraction)."""
    if _SIMPLE.fullmatch(name) and name.lower() not in KEYWORDS and name.lower() != "self":
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _truth(v: str | None) -> bool:
    return (v or "").strip().lower() in ("true", "yes", "1")


@dataclass
class Translation:
    objectives: list[Objective] = field(default_factory=list)
    #: "<attachment> (<player>): <what> not mapped (<why>)"
    unmapped: list[str] = field(default_factory=list)
    #: ruleset options the rules need (scenario_events, war_gates, ...)
    options: dict[str, Any] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)


@dataclass
class _Att:
    name: str
    player: str
    opts: list[list[str]]

    def all(self, key: str) -> list[tuple[str, str]]:
        return [(o[1], o[2] if len(o) > 2 else "") for o in self.opts if o[0] == key]

    def get(self, key: str) -> str | None:
        v = self.all(key)
        return v[-1][0] if v else None

    def count(self, key: str) -> str:
        v = self.all(key)
        return v[-1][1] if v else ""


class _Translator:
    def __init__(
        self, game, zones: dict[str, int], nations: set[str], facility_units: set[str], slug
    ):
        self.slug = slug
        self.g = game
        self.zones = zones  # territory name -> zone id
        self.nations = nations
        self.facility_units = facility_units
        self.unit_types = set(game.units) - facility_units
        self.frontiers: dict[str, set[str]] = {}
        self.can_buy: dict[str, set[str]] = {}
        self.out = Translation()
        self.rules: dict[str, list[_Att]] = {}
        self.triggers: list[_Att] = []
        self.politics: list[_Att] = []
        self.arche: dict[str, str] = {}
        self.switch_default: dict[str, bool] = {}
        self.switch_set: dict[str, set[bool]] = {}
        self._expr: dict[str, str] = {}
        self._busy: set[str] = set()
        self.props = {p.name: p.value for p in game.properties}
        # step name -> (player, phase)
        from gamecore.interop.triplea import rulesmap as rm

        self.steps: dict[str, tuple[str | None, str | None]] = {}
        for s in game.gameplay.steps:
            cls = game.gameplay.delegate_class(s.delegate)
            self.steps[s.name] = (s.player, rm.step_phase(s.name, cls, s.props))
        self.alliance_of: dict[str, str] = {}
        for player, alliance in game.alliances:
            self.alliance_of.setdefault(player, alliance)
        for a in game.attachments:
            cls = a.java_class.rsplit(".", 1)[-1]
            att = _Att(a.name, a.attach_to, a.options)
            if cls == "RulesAttachment":
                self.rules.setdefault(a.name, []).append(att)
            elif cls == "TriggerAttachment":
                self.triggers.append(att)
            elif cls == "PoliticalActionAttachment":
                self.politics.append(att)
            elif cls == "RelationshipTypeAttachment":
                at = att.get("archeType")
                if at:
                    self.arche[a.attach_to] = at.strip().lower()

    def note(self, att: _Att, what: str) -> None:
        self.out.unmapped.append(f"{att.name} ({att.player}): {what}")

    # ------------------------------------------------------------------ names
    def nation(self, p: str) -> str:
        p = p.strip()
        if p not in self.nations:
            raise Unmappable(f"unknown player '{p}'")
        return _q(p)

    def who(self, players: Iterable[str]) -> str:
        names = [self.nation(p) for p in players]
        return "{" + ", ".join(names) + "}"

    def allied_who(self, players: list[str]) -> str:
        parts = [self.who(players)] + [f"allies_of({self.nation(p)})" for p in players]
        return "(" + " | ".join(parts) + ")"

    def enemy_who(self, players: list[str]) -> str:
        return "(" + " | ".join(f"enemies_of({self.nation(p)})" for p in players) + ")"

    def zone_set(self, text: str, players: list[str]) -> str:
        names = [t for t in text.split(":") if t]
        if names == ["original"] or names == ["originalNoNeutral"]:
            return f"original({self.who(players)})"
        if names == ["all"] or names == ["map"]:
            names = list(self.zones)
        out = []
        for t in names:
            if t not in self.zones:
                raise Unmappable(f"unknown territory '{t}'")
            out.append(_q(t))
        return "{" + ", ".join(out) + "}"

    def unit_filter(self, text: str | None) -> str | None:
        if not text:
            return None
        types = [t for t in text.split(":") if t]
        if any(t.upper() == "ANY" for t in types):
            return "any"
        fac = [t for t in types if t in self.facility_units]
        if fac:
            raise Unmappable(f"unit presence of facilities ({', '.join(fac)})")
        for t in types:
            if t not in self.unit_types:
                raise Unmappable(f"unknown unit type '{t}'")
        return "type(" + ", ".join(_q(t) for t in types) + ")"

    # ------------------------------------------------------------------ conditions
    def condition(self, name: str) -> str:
        """The expression of rulesAttachment ``name`` (memoised; cycles are unmappable)."""
        if name in self._expr:
            return self._expr[name]
        atts = self.rules.get(name)
        if not atts:
            # a trigger used as a condition (TripleA allows it): its own conditions
            trig = [t for t in self.triggers if t.name == name]
            if trig:
                return self.trigger_condition(trig[0])
            raise Unmappable(f"condition '{name}' is not defined")
        if name in self._busy:
            raise Unmappable(f"condition '{name}' refers to itself")
        if len(self._busy) >= MAX_DEPTH:
            raise Unmappable(f"conditions nest deeper than {MAX_DEPTH}")
        self._busy.add(name)
        try:
            text = self._condition(atts[0])
        finally:
            self._busy.discard(name)
        self._expr[name] = text
        return text

    def combine(self, names: list[str], ctype: str | None) -> str:
        subs = [self.condition(n) for n in names]
        if not subs:
            return "true"
        ctype = (ctype or "AND").strip()
        up = ctype.upper()
        if up == "AND":
            return " and ".join(f"({x})" for x in subs)
        if up == "OR":
            return " or ".join(f"({x})" for x in subs)
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", ctype)
        if not m:
            raise Unmappable(f"conditionType '{ctype}'")
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) else lo
        top = min(hi, len(subs))
        if sum(math.comb(len(subs), k) for k in range(lo, top + 1)) > MAX_WAYS:
            raise Unmappable(f"conditionType '{ctype}' over {len(subs)} conditions (too many ways)")
        ways = []
        for k in range(lo, min(hi, len(subs)) + 1):
            for yes in itertools.combinations(range(len(subs)), k):
                ways.append(
                    " and ".join(f"({x})" if i in yes else f"not ({x})" for i, x in enumerate(subs))
                )
        if not ways:
            return "false"
        return " or ".join(f"({w})" for w in ways)

    def _condition(self, a: _Att) -> str:
        players = [p for p in (a.get("players") or "").split(":") if p] or [a.player]
        parts: list[str] = []
        conds = [c for v, _ in a.all("conditions") for c in v.split(":") if c]
        if conds:
            parts.append(self.combine(conds, a.get("conditionType")))
        presence_types = [x for x in (a.get("unitPresence") or "").split(":") if x]
        presence_facilities = [x for x in presence_types if x in self.facility_units]
        if presence_facilities and len(presence_facilities) != len(presence_types):
            raise Unmappable("unit presence of units and facilities together")
        presence_filter = None if presence_facilities else self.unit_filter(a.get("unitPresence"))
        presence_need = a.count("unitPresence") or "1"
        for key, mode in (
            ("directOwnershipTerritories", "direct"),
            ("alliedOwnershipTerritories", "allied"),
        ):
            for value, cnt in a.all(key):
                parts.append(self.ownership(value, cnt, players, mode)[0])
        for key, who, kind in (
            ("directPresenceTerritories", "direct", "presence"),
            ("alliedPresenceTerritories", "allied", "presence"),
            ("enemyPresenceTerritories", "enemy", "presence"),
            ("directExclusionTerritories", "direct", "exclusion"),
            ("alliedExclusionTerritories", "allies", "exclusion"),
            ("enemyExclusionTerritories", "enemy", "exclusion"),
            ("enemySurfaceExclusionTerritories", "enemy", "surface"),
        ):
            for value, cnt in a.all(key):
                zs = self.zone_set(value, players)
                if who == "direct":
                    w = self.who(players)
                elif who == "allied":
                    w = self.allied_who(players)
                elif who == "allies":
                    w = "(" + " | ".join(f"allies_of({self.nation(p)})" for p in players) + ")"
                else:
                    w = self.enemy_who(players)
                need = self._need(cnt, zs)
                if kind == "presence" and presence_facilities:
                    # facility "units" (factories): facilities in zones the players own
                    k = int(presence_need) if presence_need.isdigit() else 1
                    if who == "enemy":
                        raise Unmappable("enemy presence of facilities")
                    n_fac = " + ".join(f"facilities(t, {f})" for f in presence_facilities)
                    test = f"(controls({w}, t) and {n_fac} >= {max(1, k)})"
                elif kind == "presence":
                    flt = presence_filter or "any"
                    k = int(presence_need) if presence_need.isdigit() else 1
                    test = f"units({w}, t, {flt}) >= {max(1, k)}"
                else:
                    flt = "surface_warship" if kind == "surface" else (presence_filter or "any")
                    test = f"none({w}, t, {flt})"
                parts.append(f"count(t in {zs}: {test}) >= {need}")
        for value, cnt in a.all("atWarPlayers"):
            parts.append(self.at_war(players, value, cnt))
        for value, _ in a.all("relationship"):
            parts.append(self.relationship(value))
        for key in ("rounds", "turns"):
            for value, _ in a.all(key):
                parts.append(self.rounds(value))
        sw = a.get("switch")
        if sw is not None:
            parts.append(self.switch(a.name, _truth(sw)))
        for o in a.opts:
            if o[0] not in _CONDITION_KEYS:
                raise Unmappable(f"condition option '{o[0]}'")
        text = " and ".join(f"({p})" for p in parts) if parts else "true"
        if _truth(a.get("invert")):
            text = f"not ({text})"
        return text

    def _need(self, cnt: str, zs: str) -> str:
        cnt = (cnt or "").strip()
        if cnt.isdigit():
            return cnt
        return f"count({zs})"  # no count (or "each" outside objectives): all of them

    def ownership(self, value: str, cnt: str, players: list[str], mode: str) -> tuple[str, str]:
        """(condition, number of owned zones) of a directOwnership/alliedOwnership list."""
        zs = self.zone_set(value, players)
        w = self.who(players) if mode == "direct" else self.allied_who(players)
        owned = f"count(t in {zs}: controls({w}, t))"
        if (cnt or "").strip().lower() == "each":
            return f"{owned} >= 1", owned
        return f"{owned} >= {self._need(cnt, zs)}", owned

    def at_war(self, players: list[str], value: str, cnt: str) -> str:
        others = [self.nation(p) for p in value.split(":") if p]
        me = self.who(players)
        n = int(cnt) if (cnt or "").strip().isdigit() else len(others)
        if n <= 0:
            return f"not at_war({me}, {{{', '.join(others)}}})"
        if n == 1:
            return f"at_war({me}, {{{', '.join(others)}}})"
        if math.comb(len(others), n) > MAX_WAYS:
            raise Unmappable(f"atWarPlayers '{value}' (too many ways)")
        ways = [
            " and ".join(f"at_war({me}, {{{o}}})" for o in combo)
            for combo in itertools.combinations(others, n)
        ]
        return " or ".join(f"({w})" for w in ways) if ways else "false"

    def rel_test(self, a: str, b: str, kind: str) -> str:
        k = kind.strip()
        lk = k.lower()
        if k in self.arche:  # a named type ("War" is not "Unprovoked")
            return f"relation_type({a}, {b}) == {_q(k)}"
        if lk in ("anywar", "war"):
            status = "war"
        elif lk in ("anyallied", "allied"):
            return f"(relation({a}, {b}) == aligned or relation({a}, {b}) == controlled)"
        elif lk in ("anyneutral", "neutral"):
            return f"(relation({a}, {b}) == neutral or relation({a}, {b}) == peace)"
        else:
            raise Unmappable(f"relationship type '{k}'")
        return f"relation({a}, {b}) == {status}"

    def relationship(self, value: str) -> str:
        parts = value.split(":")
        if len(parts) < 3:
            raise Unmappable(f"relationship '{value}'")
        a, b = self.nation(parts[0]), self.nation(parts[1])
        return self.rel_test(a, b, parts[2])

    def rounds(self, value: str) -> str:
        out = []
        for item in value.split(":"):
            item = item.strip()
            m = re.fullmatch(r"(\d+)(?:-(\d+|\+))?", item)
            if not m:
                raise Unmappable(f"rounds '{value}'")
            lo = int(m.group(1))
            hi = m.group(2)
            if hi is None:
                out.append(f"round() == {lo}")
            elif hi == "+":
                out.append(f"round() >= {lo}")
            else:
                out.append(f"(round() >= {lo} and round() <= {int(hi)})")
        return " or ".join(f"({x})" for x in out)

    def switch(self, name: str, default: bool) -> str:
        self.switch_default[name] = default
        flag = f"switch_{_sym(name)}"
        return f"not triggered({flag})" if default else f"triggered({flag})"

    # ------------------------------------------------------------------ triggers
    def trigger_condition(self, t: _Att) -> str:
        names = [
            c for key in ("conditions", "trigger") for v, _ in t.all(key) for c in v.split(":") if c
        ]
        text = self.combine(names, t.get("conditionType"))
        if _truth(t.get("invert")):
            text = f"not ({text})"
        return text

    def timing(self, t: _Att, default_phase: str) -> tuple[str, str, str | None]:
        """(check, phase, nation) of a trigger's ``when`` (or TripleA's default step)."""
        when = t.get("when")
        if not when:
            return "phase_start", default_phase, t.player
        m = re.fullmatch(r"(before|after):(.+)", when.strip())
        if not m:
            raise Unmappable(f"when '{when}'")
        step = m.group(2)
        if step not in self.steps:
            raise Unmappable(f"when '{when}': no such step")
        player, phase = self.steps[step]
        if phase is None:
            raise Unmappable(f"when '{when}': a step Warroom does not play")
        return ("phase_start" if m.group(1) == "before" else "phase_end"), phase, player

    def relation_effect(self, value: str, guarded: bool) -> str:
        parts = value.split(":")
        if guarded:
            if len(parts) != 4:
                raise Unmappable(f"relationshipChange '{value}'")
            a, b, old, new = parts
        else:
            if len(parts) != 3:
                raise Unmappable(f"relationshipChange '{value}'")
            a, b, new = parts
            old = "any"
        if new not in self.arche:
            raise Unmappable(f"relationship type '{new}'")
        status = archetype_status(self.arche[new])
        old_l = old.lower()
        if old_l in ("anywar", "anyneutral", "anyallied", "any"):
            guard = {"anywar": "war", "anyneutral": "neutral", "anyallied": "aligned"}.get(
                old_l, "any"
            )
        elif old in self.arche:
            guard = _q(old)
        else:
            raise Unmappable(f"relationship type '{old}'")
        return f"change_relation({self.nation(a)}, {self.nation(b)}, {guard}, {status}, {_q(new)})"

    def trigger(self, t: _Att) -> None:
        try:
            cond = self.trigger_condition(t)
        except Unmappable as err:
            self.note(t, f"trigger not mapped ({err})")
            return
        players = [p for p in (t.get("players") or "").split(":") if p] or [t.player]
        uses = t.get("uses")
        n_uses = int(uses) if uses and uses.strip().lstrip("-").isdigit() else -1
        if self.income_trigger(t, cond, players, n_uses):
            return
        # effects grouped by the step TripleA fires them in when there is no 'when'
        groups: dict[str, list[str]] = {}
        notes: list[str] = []
        victory = t.get("victory")
        for key, value, cnt in ((o[0], o[1], o[2] if len(o) > 2 else "") for o in t.opts):
            try:
                if key == "relationshipChange":
                    groups.setdefault("politics", []).append(self.relation_effect(value, True))
                elif key == "resource":
                    res = value.strip()
                    n = t.get("resourceCount") or "0"
                    if res != "PUs":
                        raise Unmappable(f"resource '{res}'")
                    for p in players:
                        groups.setdefault("collect_income", []).append(
                            f"add_cash({self.nation(p)}, {int(float(n))})"
                        )
                elif key == "placement":
                    groups.setdefault("collect_income", []).extend(
                        self.placement(value, t.count("placement"), players)
                    )
                elif key == "removeUnits":
                    groups.setdefault("collect_income", []).extend(
                        self.remove_units(value, t.count("removeUnits"), players)
                    )
                elif key == "changeOwnership":
                    parts = value.split(":")
                    if len(parts) < 3 or parts[0] not in self.zones:
                        raise Unmappable(f"changeOwnership '{value}'")
                    groups.setdefault("collect_income", []).append(
                        f"transfer_control({{{_q(parts[0])}}}, {self.nation(parts[2])})"
                    )
                elif key == "frontier":
                    self.frontier(t, value, players)
                elif key == "playerProperty":
                    groups.setdefault("collect_income", []).extend(
                        self.player_property(t, value, cnt)
                    )
                elif key in (
                    "notification",
                    "victory",
                    "resourceCount",
                    "when",
                    "uses",
                    "conditions",
                    "trigger",
                    "conditionType",
                    "invert",
                    "players",
                    "playerAttachmentName",
                    "chance",
                    "territories",
                    "territoryAttachmentName",
                    "unitAttachmentName",
                    "relationshipTypeAttachmentName",
                    "relationshipTypes",
                    "unitType",
                    "territoryEffectAttachmentName",
                    "territoryEffects",
                ):
                    if key == "chance" and value.strip() not in ("1:1", ""):
                        raise Unmappable(f"chance '{value}'")
                    continue
                elif key.endswith("Property"):
                    raise Unmappable(f"effect {key} '{value}'")
                else:
                    raise Unmappable(f"effect '{key}'")
            except Unmappable as err:
                notes.append(str(err))
        for n in notes:
            self.note(t, f"{n} not mapped")
        if victory is not None:
            side = self.side_of(players)
            self.add(
                Objective(
                    id=_sym(t.name) + "_victory",
                    name=f"{victory} ({t.name})",
                    kind="victory",
                    owner=side,
                    condition=cond,
                    effect="",
                    props={
                        "triplea": t.name,
                        "source": "triggerAttachment victory",
                        "check": "round_end",
                    },
                ),
                "victory",
            )
        for default_phase, effects in groups.items():
            if not effects:
                continue
            try:
                check, phase, nation = self.timing(t, default_phase)
            except Unmappable as err:
                self.note(t, f"trigger not mapped ({err})")
                return
            oid = _sym(t.name) if len(groups) == 1 else f"{_sym(t.name)}_{default_phase}"
            props: dict[str, Any] = {"check": check, "phase": phase, "triplea": t.name}
            if nation:
                props["nation"] = nation
            if n_uses > 1:
                props["uses"] = n_uses
            self.add(
                Objective(
                    id=oid,
                    name=t.name,
                    kind="event",
                    owner=t.player if t.player in self.nations else None,
                    condition=cond,
                    effect=", ".join(effects),
                    once=n_uses == 1,
                    props=props,
                ),
                "trigger",
            )

    def income_trigger(self, t: _Att, cond: str, players: list[str], n_uses: int) -> bool:
        """A trigger that only pays PUs, without ``when`` (G40's Swedish iron ore, Soviet
        lend-lease, ANZAC's Malaya): TripleA pays it with the end-turn income, so it is a
        national objective of each of its players (listed with the income)."""
        meta = {"conditions", "trigger", "conditionType", "invert", "players", "uses",
                "notification", "resourceCount"}  # fmt: skip
        keys = {o[0] for o in t.opts}
        if t.get("when") or t.get("resource") != "PUs" or not keys - meta <= {"resource"}:
            return False
        try:
            n = int(float(t.get("resourceCount") or "0"))
            owners = [self.nation(p) and p for p in players]
        except (Unmappable, ValueError):
            return False
        for p in owners:
            props: dict[str, Any] = {"triplea": t.name, "source": "triggerAttachment resource"}
            if n_uses > 1:
                props["uses"] = n_uses
            self.add(
                Objective(
                    id=_sym(t.name) if len(owners) == 1 else f"{_sym(t.name)}_{_sym(p)}",
                    name=t.name.replace("triggerAttachment", "").strip("_").replace("_", " "),
                    kind="objective",
                    owner=p,
                    condition=cond,
                    effect=f"income({n})",
                    once=n_uses == 1,
                    props=props,
                ),
                "objective",
            )
        return True

    def frontier(self, t: _Att, value: str, players: list[str]) -> None:
        """A production frontier change: while the trigger's condition holds the players
        may buy what frontier ``value`` adds to what they always buy (an objective with
        ``check: purchase`` and ``allow_purchase``; TripleA keeps a frontier until another
        trigger changes it, which two complementary triggers such as G40's Burma Road
        make the same)."""
        units = self.frontiers.get(value)
        if units is None:
            raise Unmappable(f"frontier '{value}': no such production frontier")
        cond = self.trigger_condition(t)
        for p in players:
            extra = sorted(u for u in units - self.can_buy.get(p, set()) if u in self.unit_types)
            if not extra:
                continue
            self.add(
                Objective(
                    id=f"{_sym(t.name)}_{_sym(p)}_purchase",
                    name=f"{t.name} ({value})",
                    kind="objective",
                    owner=p,
                    condition=cond,
                    effect=", ".join(f"allow_purchase({self.nation(p)}, {_q(u)})" for u in extra),
                    props={"check": "purchase", "triplea": t.name},
                ),
                "objective",
            )

    def placement(self, value: str, cnt: str, players: list[str]) -> list[str]:
        parts = [p for p in value.split(":") if p]
        if not parts or parts[0] not in self.zones:
            raise Unmappable(f"placement '{value}'")
        zone = _q(parts[0])
        n = int(cnt) if cnt.strip().isdigit() else 1
        out = []
        counts: dict[str, int] = {}
        for u in parts[1:]:
            if u in self.facility_units:
                out.append(f"add_facility({zone}, {_q(u)})")
                continue
            if u not in self.unit_types:
                raise Unmappable(f"placement of unknown unit '{u}'")
            counts[u] = counts.get(u, 0) + n
        for p in players:
            for u, k in counts.items():
                out.append(f"add_units({self.nation(p)}, {zone}, {_q(u)}, {k})")
        return out

    def remove_units(self, value: str, cnt: str, players: list[str]) -> list[str]:
        parts = [p for p in value.split(":") if p]
        if not parts:
            raise Unmappable(f"removeUnits '{value}'")
        zs = self.zone_set(parts[0], players)
        types = parts[1:]
        out = [f"remove_facilities({zs}, {_q(u)})" for u in types if u in self.facility_units]
        units = [u for u in types if u not in self.facility_units]
        if units or not types:
            flt = self.unit_filter(":".join(units)) or "any"
            out.append(f"remove_units({self.who(players)}, {zs}, {flt})")
        return out

    def player_property(self, t: _Att, prop: str, val: str) -> list[str]:
        """The switches of rulesAttachments (``switch``, count ``true``/``false``), and
        emptying a player's ``movementRestrictionTerritories`` (the restriction ends)."""
        kind, name = t.get("playerAttachmentName") or "", t.count("playerAttachmentName")
        if kind == "RulesAttachment" and name == "rulesAttachment":
            players = [p for p in (t.get("players") or "").split(":") if p] or [t.player]
            if prop == "movementRestrictionTerritories" and not val.strip():
                return [f"lift_movement_restriction({self.who(players)})"]
            if prop == "movementRestrictionType":
                return []  # (read with the territories)
        if prop != "switch" or kind != "RulesAttachment" or not name:
            raise Unmappable(f"effect playerProperty '{prop}' of {name or kind or 'the player'}")
        on = _truth(val)
        self.switch_set.setdefault(name, set()).add(on)
        return [f"trigger(switch_{_sym(name)})"]

    def side_of(self, players: list[str]) -> str | None:
        sides = {self.alliance_of.get(p) for p in players}
        if len(sides) == 1:
            side = sides.pop()
            return self.slug(side) if side else (players[0] if players else None)
        return players[0] if players else None

    # ------------------------------------------------------------------ politics
    def political(self, a: _Att) -> None:
        try:
            cond = self.combine(
                [c for v, _ in a.all("conditions") for c in v.split(":") if c],
                a.get("conditionType"),
            )
            if _truth(a.get("invert")):
                cond = f"not ({cond})"
            effects = [self.relation_effect(v, False) for v, _ in a.all("relationshipChange")]
        except Unmappable as err:
            self.note(a, f"political action not mapped ({err})")
            return
        if not effects:
            self.note(a, "political action without relationshipChange not mapped")
            return
        wars = []
        for v, _ in a.all("relationshipChange"):
            p1, p2, typ = v.split(":")
            if archetype_status(self.arche.get(typ)) == "war":
                if a.player in (p1, p2):
                    wars.append(p2 if p1 == a.player else p1)
        first = a.all("relationshipChange")[0][0].split(":")
        target = wars[0] if wars else (first[1] if first[0] == a.player else first[0])
        props: dict[str, Any] = {"check": "political", "triplea": a.name, "target": target}
        cost = a.get("costPUs")
        if cost and cost.strip().isdigit() and int(cost) > 0:
            props["cost"] = int(cost)
        tries = a.get("attemptsPerTurn")
        props["attempts"] = int(tries) if tries and tries.strip().isdigit() else 1
        accept = [p for p in (a.get("actionAccept") or "").split(":") if p]
        if accept:
            props["accept"] = accept
        self.add(
            Objective(
                id=f"{_sym(a.name)}__{_sym(a.player)}",
                name=(a.get("text") or a.name).replace("_", " "),
                kind="event",
                owner=a.player,
                condition=cond,
                effect=", ".join(effects),
                props=props,
            ),
            "political",
        )

    # ------------------------------------------------------------------ objectives
    def objective(self, a: _Att) -> None:
        value = a.get("objectiveValue")
        try:
            v = int(float(value or "0"))
        except ValueError:
            self.note(a, f"objectiveValue '{value}' not mapped")
            return
        if v == 0:
            return
        try:
            cond = self.condition(a.name)
            players = [p for p in (a.get("players") or "").split(":") if p] or [a.player]
            each = None
            for key, mode in (
                ("directOwnershipTerritories", "direct"),
                ("alliedOwnershipTerritories", "allied"),
            ):
                for val, cnt in a.all(key):
                    if cnt.strip().lower() == "each":
                        each = self.ownership(val, cnt, players, mode)[1]
        except Unmappable as err:
            self.note(a, f"national objective not mapped ({err})")
            return
        income = f"{v} * {each}" if each else str(v)
        uses = a.get("uses")
        n_uses = int(uses) if uses and uses.strip().isdigit() else -1
        props: dict[str, Any] = {"triplea": a.name}
        if n_uses > 1:
            props["uses"] = n_uses
        self.add(
            Objective(
                id=_sym(a.name),
                name=a.name.replace("objectiveAttachment", "").strip("_").replace("_", " "),
                kind="objective",
                owner=a.player,
                condition=cond,
                effect=f"income({income})",
                once=n_uses == 1,
                props=props,
            ),
            "objective",
        )

    def victory_options(self) -> None:
        """TripleA's victory-city game options, as victory objectives of each alliance."""
        alliances = sorted({al for _, al in self.g.alliances})
        for mode in VC_MODES:
            if not _truth(self.props.get(mode)):
                continue
            for al in alliances:
                need = None
                for key in (f"{al} {mode} VCs", f"{al} {mode.replace('Surrender', 'Victory')} VCs"):
                    if self.props.get(key, "").strip().isdigit():
                        need = int(self.props[key])
                if need is None:
                    continue
                self.add(
                    Objective(
                        id=f"vc_{_sym(mode)}_{_sym(al)}",
                        name=f"{mode}: {need} victory cities ({al})",
                        kind="victory",
                        owner=self.slug(al),
                        condition=f"count(t in victory_cities(): controls(alliance({_q(al)}), t)) >= {need}",
                        props={"source": f"game option '{mode}'", "check": "round_end"},
                    ),
                    "victory",
                )

    def movement_restrictions(self) -> dict[str, Any]:
        """A player's ``rulesAttachment`` ``movementRestrictionTerritories`` +
        ``movementRestrictionType`` -> the option ``movement_restrictions`` (when the game
        option "Movement By Territory Restricted" is on)."""
        out: dict[str, Any] = {}
        if not _truth(self.props.get("Movement By Territory Restricted", "false")):
            return out
        for a in self.rules.get("rulesAttachment", []):
            terr = a.get("movementRestrictionTerritories")
            if not terr:
                continue
            mode = (a.get("movementRestrictionType") or "disallowed").strip()
            names = [x for x in terr.split(":") if x]
            missing = [x for x in names if x not in self.zones]
            if missing or mode not in ("allowed", "disallowed") or a.player not in self.nations:
                self.note(a, f"movement restriction not mapped ({mode}, {missing[:3]})")
                continue
            out[a.player] = {"mode": mode, "zones": sorted(self.zones[x] for x in names)}
        if out:
            self.out.options["movement_restrictions"] = out
        return out

    def add(self, obj: Objective, what: str) -> None:
        self.out.objectives.append(obj)
        self.out.counts[what] = self.out.counts.get(what, 0) + 1

    def run(self) -> Translation:
        # TripleA 1.9 reads these three with getBooleanProperty(name, false)
        # (games.strategy.triplea.Properties): a game that leaves one out has it off
        if _truth(self.props.get("Use Politics", "false")):
            for a in self.politics:
                self.political(a)
        elif self.politics:
            self.out.unmapped.append("political actions: the game option 'Use Politics' is off")
        objectives = [a for atts in self.rules.values() for a in atts if a.get("objectiveValue")]
        if _truth(self.props.get("National Objectives", "false")):
            for a in objectives:
                self.objective(a)
        elif objectives:
            self.out.unmapped.append(
                "national objectives: the game option 'National Objectives' is off"
            )
        if _truth(self.props.get("Use Triggers", "false")):
            for t in self.triggers:
                self.trigger(t)
        elif self.triggers:
            self.out.unmapped.append("triggers: the game option 'Use Triggers' is off")
        self.victory_options()
        moves = self.movement_restrictions()
        for atts in self.rules.values():
            for a in atts:
                keys = sorted(
                    {
                        o[0]
                        for o in a.opts
                        if o[0].startswith(
                            (
                                "placementCapturedTerritory",
                                "placementInCapitalRestricted",
                                "placementAnySeaZone",
                                "production",
                                "unlimitedProduction",
                                "maxPlace",
                            )
                        )
                    }
                )
                if a.get("movementRestrictionTerritories") and a.player not in moves:
                    keys.append("movementRestrictionTerritories")
                if keys:
                    self.note(a, f"player rules not mapped ({', '.join(keys)})")
        for name, values in sorted(self.switch_set.items()):
            default = self.switch_default.get(name)
            if default is None:
                self.out.unmapped.append(f"{name}: switch set by triggers but never read")
            elif values != {not default}:
                self.out.unmapped.append(
                    f"{name}: switch set back to its start value (only one flip is mapped)"
                )
        self.out.unmapped = list(dict.fromkeys(self.out.unmapped))
        if self.out.objectives:
            self.out.options["scenario_events"] = True
        if any(o.props.get("check") == "political" for o in self.out.objectives):
            self.out.options["war_gates"] = True
            # the politics phase offers the game's actions only with declarations on
            # (a base ruleset whose teams are at war from the start has them off)
            self.out.options["declare_war"] = True
        return self.out


#: the rulesAttachment options a condition reads (any other makes it unmappable)
_CONDITION_KEYS = frozenset(
    {
        "conditions", "conditionType", "invert", "players", "unitPresence",
        "directOwnershipTerritories", "alliedOwnershipTerritories",
        "directPresenceTerritories", "alliedPresenceTerritories", "enemyPresenceTerritories",
        "directExclusionTerritories", "alliedExclusionTerritories",
        "enemyExclusionTerritories", "enemySurfaceExclusionTerritories",
        "atWarPlayers", "relationship", "rounds", "turns", "switch",
        # national objectives: read by objective()
        "objectiveValue", "uses",
        # the player's rules (movement and placement restrictions): not conditions
        "movementRestrictionTerritories", "movementRestrictionType",
        "productionPerXTerritories", "placementAnyTerritory", "placementCapturedTerritory",
        "placementPerTerritory", "unlimitedProduction", "placementAnySeaZone",
        "maxPlacePerTerritory", "placementInCapitalRestricted", "dominatingFirstRoundAttack",
        "negateDominatingFirstRoundAttack", "gameProperty",
    }
)  # fmt: skip


def _sym(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", name)


def translate_rules(
    game,
    zones: dict[str, int],
    nations: set[str],
    facility_units: Iterable[str] = (),
    alliance_id=lambda name: _sym(name).lower(),
    frontiers: dict[str, set[str]] | None = None,
    can_buy: dict[str, set[str]] | None = None,
) -> Translation:
    """Objectives/events of a TripleA game's rules (see the module docstring);
    ``alliance_id`` maps a TripleA alliance name to the scenario's alliance id;
    ``frontiers`` (production frontier -> unit types) and ``can_buy`` (player -> the unit
    types it always buys) let a trigger's ``frontier`` change become purchase permissions."""
    tr = _Translator(game, zones, nations, set(facility_units), alliance_id)
    tr.frontiers = frontiers or {}
    tr.can_buy = can_buy or {}
    return tr.run()
