"""Politics: the calendar, scenario events, declarations of war and their consequences,
Alliances, Alignment and Control of minors and neutrals.

Sources: seeds/000 (Global War 1936-1945) §2.5 and T 6-1 (calendar turns of six months),
§4.4-§4.12 (Alignment, Control, neutrality, T 4-3 the Alignment sphere), §5 (declarations
of war), §13-§14 (historical events and pacts); rules-notes/000 §2.2-§2.7.

Everything here is a mechanism switched on by ruleset options whose defaults keep every
other ruleset (g40) exactly as it was:

- ``scenario_events`` (false): the scenario's ``event`` objectives run; ``check``
  ``round_start`` (the default: the start of every calendar turn, before the first nation
  moves), ``turn_start`` (the start of each turn of the event's owner, or of every turn
  when it has none) or ``on_war`` (right after every declaration of war). Their effects
  change the game (see :func:`apply_effect`).
- ``war_gates`` (false): a nation may declare war only on the nations named by
  ``allow_war(...)`` in a satisfied ``check: war_gate`` event it (or its alliance) owns
  (NRS conditions, §5.5, as data); that includes attacking a neutral bloc's zones (the
  movement rules ask :func:`war_targets`). A scenario without any gate restricts nobody.
- ``common_enemy_aligns`` (false): §4.4 Alliance members become Aligned when they are at
  war with the same Major Power.
- ``neutral_victim_joins`` ({}): T 4-3, alliance of the attacker -> alliance a neutral
  zone that survives the attack Aligns with; the zone goes to that alliance's
  ``alliance_leader`` (alliance -> nation), with its standing army.
- ``neutral_attack_cost`` ({}): §5.6, alliance -> IPP paid by a nation of that alliance
  each time it attacks a neutral (taken at the end of its combat phase, never below 0).

Surrender (§9.22) is the ``surrender(N)`` effect of an event whose condition is the
nation's NRS surrender condition. Bots: :func:`suggested_wars` is the heuristic bot's
default for declarations of war.

Nations, zones and alliances named by effects are checked when the event compiles (the
condition language checks names); the engine ignores what makes no sense at run time
(a nation that is gone) and logs it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from gamecore.conditions.evaluator import named_relation_type
from gamecore.engine.objectives import outcome
from gamecore.engine.options import OptionSpec
from gamecore.engine.state import HELD, Fac
from gamecore.model.calendar import (  # noqa: F401  (the calendar, re-exported)
    MONTHS_PER_ROUND,
    calendar_month,
    date_label,
    parse_date,
)
from gamecore.rules import neutral_war
from gamecore.rules.economy import raise_peace_income

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.model import Objective

EVENT_CHECKS = (
    "round_start",
    "turn_start",
    "on_war",
    "war_gate",
    "phase_start",
    "phase_end",
    "political",
)


# ---------------------------------------------------------------------- the calendar
def current_date(s: GameState) -> str:
    sc = s.scenario
    return date_label(calendar_month(sc.start, sc.calendar, s.round))


# ---------------------------------------------------------------------- events
def _events(s: GameState, check: str) -> list[Objective]:
    out = [
        o
        for o in s.scenario.objectives.values()
        if o.kind == "event" and o.props.get("check", "round_start") == check
    ]
    return sorted(out, key=lambda o: o.id)


def _owner_nations(s: GameState, owner: str | None) -> set[str]:
    if not owner:
        return set()
    if owner in s.board.nations:
        return {owner}
    key = owner.casefold()
    return {n for n, a in s.alliance.items() if a is not None and a.casefold() == key}


def _evaluate(s: GameState, obj: Objective) -> tuple[bool, list[tuple[str, tuple, dict]]]:
    """Whether ``obj`` holds and its effects as (name, args, kwargs)."""
    from gamecore.rules.objectives import ConditionLanguageEvaluator

    ev = s.evaluator
    if isinstance(ev, ConditionLanguageEvaluator):
        r = ev._result(s, obj)
        if r is None or not r.satisfied:
            return False, []
        return True, [(e.name, e.args, dict(e.kwargs)) for e in r.effects]
    out = outcome(s, obj)
    return out.met, [(name, args, {}) for name, args in out.effects]


def _uses(s: GameState, oid: str) -> int:
    """How many times event ``oid`` with ``uses: N`` (N > 1) has fired."""
    n = 0
    while f"event:{oid}:{n}" in s.awards:
        n += 1
    return n


def run_events(
    s: GameState, check: str, nation: str | None = None, phase: str | None = None
) -> int:
    """Fire the scenario events of ``check`` that hold now; returns how many fired. Once-
    events are looked at again until none fires, so one event may enable another in the
    same pass (Anschluss, then Munich). With ``phase`` (the checks ``phase_start`` and
    ``phase_end``): the events of that phase whose ``nation`` prop is ``nation`` (or
    unset). An event with the prop ``uses: N`` fires at most N times."""
    if not s.rules.options.get("scenario_events") or s.terminal:
        return 0
    fired = 0
    pending = _events(s, check)
    if phase is not None:
        pending = [
            o
            for o in pending
            if o.props.get("phase") == phase and o.props.get("nation") in (None, nation)
        ]
    elif nation is not None:
        pending = [o for o in pending if not o.owner or nation in _owner_nations(s, o.owner)]
    while pending:
        again = []
        before = fired
        for obj in pending:
            key = f"event:{obj.id}"
            if obj.once and key in s.awards:
                continue
            uses = obj.props.get("uses")
            if isinstance(uses, int) and uses > 0 and _uses(s, obj.id) >= uses:
                continue
            ok, effects = _evaluate(s, obj)
            if not ok:
                again.append(obj)
                continue
            fired += 1
            if obj.once:
                s.awards.add(key)
            elif isinstance(uses, int) and uses > 0:
                s.awards.add(f"{key}:{_uses(s, obj.id)}")
            s.event("scenario_event", id=obj.id, name=obj.name, date=current_date(s))
            s.remember("event", id=obj.id)
            for name, args, kwargs in effects:
                apply_effect(s, obj, name, args, kwargs)
                if s.terminal:
                    return fired
        if fired == before:
            break
        pending = again  # what fired may enable the others
    return fired


def on_turn_start(s: GameState) -> None:
    """Called at the start of every nation's turn: the calendar turn's events first."""
    if not s.rules.options.get("scenario_events"):
        return
    if s.slot == 0 and s.sub == 0:
        s.event("calendar", round=s.round, date=current_date(s))
        run_events(s, "round_start")
    run_events(s, "turn_start", s.current_nation)


def on_phase(s: GameState, phase: str, check: str, nation: str | None = None) -> None:
    """A phase of ``nation`` (default: the current nation) starts or ends: the events of
    ``check`` (``phase_start`` / ``phase_end``) for that phase and nation (TripleA's
    triggers ``when = before:<step>`` / ``after:<step>``)."""
    if not s.rules.options.get("scenario_events") or s.terminal:
        return
    run_events(s, check, nation or s.current_nation, phase=phase)


# ---------------------------------------------------------------------- effects
def _names(v: Any) -> list[str]:
    if isinstance(v, (tuple, list, set, frozenset)):
        return sorted(str(x) for x in v)
    return [x.strip() for x in str(v).split(",") if x.strip()]


def _zones(v: Any) -> list[int]:
    if isinstance(v, (tuple, list, set, frozenset)):
        return sorted(int(x) for x in v)
    return [int(x) for x in str(v).split(",") if x.strip().lstrip("-").isdigit()]


def _number(v: Any) -> int:
    try:
        return int(float(v))
    except (TypeError, ValueError):
        return 0


def _nation_ok(s: GameState, n: str) -> bool:
    return n in s.board.nations


def apply_effect(s: GameState, obj: Objective, name: str, args: tuple, kwargs: dict) -> None:
    """One effect of a fired event (docs/conditions.md "Effects")."""
    if name == "declare_war":
        for a in _names(args[0]):
            for b in _names(args[1]):
                if a != b and _nation_ok(s, a) and _nation_ok(s, b) and not s.at_war(a, b):
                    declare_war(s, a, b)
    elif name == "change_relation":
        name_of = str(args[4]) if len(args) > 4 and args[4] is not None else None
        _change_relation(
            s, obj, _names(args[0]), _names(args[1]), str(args[2]), str(args[3]), name_of
        )
    elif name == "set_relation":
        a, b, rel = _names(args[0]), _names(args[1]), str(args[2])
        for x in a:
            for y in b:
                if x == y or not (_nation_ok(s, x) and _nation_ok(s, y)):
                    continue
                if rel == "war":
                    if not s.at_war(x, y):
                        declare_war(s, x, y)
                else:
                    s.set_relation(x, y, rel)
    elif name == "align":
        major = _names(args[1])[0]
        target = args[0]
        items = list(target) if isinstance(target, (tuple, list)) else _names(target)
        if items and all(isinstance(i, str) and not i.lstrip("-").isdigit() for i in items):
            for minor in items:
                align_nation(s, minor, major)
        else:
            align_zones(s, _zones(target), major)
    elif name == "control":
        for minor in _names(args[0]):
            for major in _names(args[1]):
                control_nation(s, minor, major)
    elif name == "set_alliance":
        al = str(args[1])
        for n in _names(args[0]):
            set_alliance(s, n, None if al in ("none", "") else al)
    elif name == "add_income":
        for n in _names(args[0]):
            s.income_mod[n] = s.income_mod.get(n, 0) + _number(args[1])
            s.event("income_changed", nation=n, change=_number(args[1]), by=obj.id)
    elif name == "add_peace_income":  # §5.6: the peacetime income tracker (at peace only)
        for n in _names(args[0]):
            raise_peace_income(s, n, _number(args[1]))
    elif name == "add_cash" or (name == "income" and obj.owner):
        nations = _names(args[0]) if name == "add_cash" else sorted(_owner_nations(s, obj.owner))
        amount = _number(args[1] if name == "add_cash" else args[0])
        for n in nations:
            s.banks[n] = max(0, s.banks.get(n, 0) + amount)
            s.settle_earmarks(n)
            s.event("cash", nation=n, change=amount, by=obj.id)
    elif name == "add_units":
        add_units(s, _names(args[0])[0], _zones(args[1]), args[2], args[3] if len(args) > 3 else 1)
    elif name == "remove_units":
        who = set(_names(args[0]))
        zones = set(_zones(args[1]))
        flt = args[2] if len(args) > 2 else None
        include = getattr(flt, "include", None)
        gone = 0
        for u in sorted(s.units.values()):
            if u.id not in s.units or u.nation not in who or u.zone not in zones:
                continue
            if include is not None and not _matches(s, u.type, flt):
                continue
            gone += len(s.remove_unit(u.id, "event"))
        s.event("units_removed", nations=sorted(who), count=gone, by=obj.id)
    elif name == "transfer_control":
        for n in _names(args[1]):
            transfer_zones(s, _zones(args[0]), n)
    elif name == "set_option":
        value = args[1]
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if value in ("true", "false"):
            value = value == "true"
        s.rules = s.rules.with_options({str(args[0]): value})
        s.bump()
        s.event("option", name=str(args[0]), value=value, by=obj.id)
    elif name == "trigger":
        s.remember("trigger", name=str(args[0]))
    elif name == "vp":
        side = s.side_of(obj.owner) if obj.owner in s.board.nations else obj.owner
        if side:
            s.vp[side] = s.vp.get(side, 0) + _number(args[0])
    elif name == "declare_winner":
        from gamecore.rules.control import set_winner

        who = _names(args[0])
        side = s.side_of(who[0]) if who and who[0] in s.board.nations else (obj.owner or None)
        set_winner(s, side, f"event {obj.id}")
    elif name in ("open_link", "close_link"):
        set_link(s, str(args[0]), name == "open_link", obj.id)
    elif name == "surrender":
        for n in _names(args[0]):
            surrender(s, n)
    elif name == "add_facility":
        add_facility(s, _zones(args[0]), str(args[1]), obj.id)
    elif name == "remove_facilities":
        remove_facilities(s, _zones(args[0]), str(args[1]), obj.id)
    elif name == "lift_movement_restriction":
        for n in _names(args[0]):
            if f"movement_free:{n}" not in s.awards:
                s.awards.add(f"movement_free:{n}")
                s.bump()
                s.event("movement_free", nation=n, by=obj.id)
    elif name == "allow_war":
        pass  # read by war_targets() (check: war_gate)
    else:
        s.event("effect_ignored", effect=name, by=obj.id)


#: a ``change_relation`` guard -> the statuses it accepts
_GUARDS = {
    "war": ("war",),
    "neutral": ("neutral", "peace", "pact"),
    "aligned": ("aligned", "controlled"),
}


def relation_type(s: GameState, a: str, b: str) -> str:
    """The named relationship type of ``a`` and ``b`` (condition ``relation_type``)."""
    types = s.scenario.props.get("relation_types") or {}
    return str(named_relation_type(s.history, types, a, b, s.relation(a, b)))


def _change_relation(
    s: GameState,
    obj: Objective,
    a: list[str],
    b: list[str],
    guard: str,
    status: str,
    type_name: str | None = None,
) -> None:
    """TripleA's ``relationshipChange``: each pair whose relation is ``guard`` (``any``,
    war, neutral, aligned, or a named type) gets ``status`` (and the named type
    ``type_name``), without the consequences of a declaration (the game's own triggers
    and political actions carry those)."""
    ok = _GUARDS.get(guard)
    for x in a:
        for y in b:
            if x == y or not (_nation_ok(s, x) and _nation_ok(s, y)):
                continue
            now = s.relation(x, y)
            if guard != "any":
                if ok is not None and now not in ok:
                    continue
                if ok is None and relation_type(s, x, y) != guard:
                    continue
            if type_name and relation_type(s, x, y) != type_name:
                s.remember("relation_type", pair="|".join(sorted((x, y))), name=type_name)
            if now == status:
                continue
            s.set_relation(x, y, status, initiated_by=obj.owner)
            if status == "war":
                s.remember("declared_war", by=x, against=y)


def _matches(s: GameState, unit_type: str, flt: Any) -> bool:
    from gamecore.rules.world import static_world

    return flt.matches(static_world(s).unit_classes(unit_type))


def add_units(s: GameState, nation: str, zones: list[int], flt: Any, count: Any) -> None:
    include = getattr(flt, "include", None)
    types = sorted(include) if include is not None else _names(flt)
    types = [t for t in types if t in s.rules.units]
    if not types or not zones or not _nation_ok(s, nation):
        return
    n = max(0, _number(count))
    for _ in range(n):
        s.add_unit(nation, types[0], zones[0])
    s.event("units_added", nation=nation, zone=zones[0], type=types[0], count=n)


def add_facility(s: GameState, zones: list[int], ftype: str, by: str = "") -> None:
    """A facility of ``ftype`` is built in the first zone (a trigger's placement of a
    facility unit: G40's US war production)."""
    ft = s.rules.facility_type(ftype)
    if ft is None or not zones:
        s.event("effect_ignored", effect="add_facility", by=by)
        return
    fid = s.next_fid
    s.next_fid += 1
    s.facilities[fid] = Fac(fid, zones[0], ft.id, 0)
    s.bump()
    s.event("built", nation=s.owner.get(zones[0]), zone=zones[0], facility=fid, type=ft.id, by=by)


def remove_facilities(s: GameState, zones: list[int], ftype: str, by: str = "") -> None:
    """The facilities of ``ftype`` in the zones are removed (a trigger's removeUnits)."""
    ft = s.rules.facility_type(ftype)
    want = ft.id if ft is not None else ftype
    gone = [f.id for f in s.facilities.values() if f.zone in set(zones) and f.type == want]
    for fid in gone:
        del s.facilities[fid]
    if gone:
        s.bump()
        s.event("facilities_removed", zones=sorted(set(zones)), type=want, count=len(gone), by=by)


def transfer_zones(s: GameState, zones: Iterable[int], nation: str) -> None:
    """Zones change hands without combat (Anschluss, Munich, Vichy): the previous owner's
    units there go with them when that owner was a neutral, else they stay (and fight)."""
    if not _nation_ok(s, nation):
        return
    for z in zones:
        prev = s.owner.get(z)
        if z not in s.owner or prev == nation:
            continue
        s.owner[z] = nation
        s.alignment.pop(z, None)
        if s.is_neutral_owner(prev):
            for uid in s.units_in(z):
                if s.is_neutral_owner(s.units[uid].nation):
                    s.set_unit(uid, nation=nation)
            s.awards.add(f"activated:{z}")  # its standing army is not raised any more
        s.event("transfer", zone=z, owner=nation, prev=prev)
        s.remember("captured", by=nation, zone=z, **{"from": prev})
    s.bump()


def set_link(s: GameState, name: str, is_open: bool, by: str = "") -> None:
    """Open or close the straits and canals called ``name`` (a map link's name, any case):
    a closed one lets no unit through (§1.15: e.g. a canal closed by a treaty)."""
    key = name.casefold()
    pairs = {
        (min(lk.a, lk.b), max(lk.a, lk.b))
        for lk in s.pack.map.links.values()
        if (lk.name or "").casefold() == key and lk.kind in ("strait", "canal")
    }
    if not pairs:
        s.event("effect_ignored", effect="open_link" if is_open else "close_link", by=by)
        return
    s.closed_links = s.closed_links - pairs if is_open else s.closed_links | pairs
    s.bump()
    s.event("link", name=name, open=is_open, by=by)


# ---------------------------------------------------------------------- alliances
def set_alliance(s: GameState, nation: str, alliance: str | None) -> None:
    if not _nation_ok(s, nation) or s.alliance.get(nation) == alliance:
        return
    new = dict(s.alliance)
    new[nation] = alliance
    s.alliance = new
    s._rel_cache = {}
    s.bump()
    s.event("alliance", nation=nation, alliance=alliance)


def align_zones(s: GameState, zones: Iterable[int], major: str) -> list[int]:
    """§4.4: a neutral Aligns with ``major``: its zones and army become the Major's
    ("its units and roundels are replaced, its income is added"). Zones no longer held by
    a neutral are left alone."""
    done = []
    if not _nation_ok(s, major):
        return done

    for z in zones:
        prev = s.owner.get(z)
        if z not in s.owner or not s.is_neutral_owner(prev):
            continue
        s.owner[z] = major
        s.alignment.pop(z, None)
        for uid in s.units_in(z):
            u = s.units[uid]
            if s.is_neutral_owner(u.nation):
                s.set_unit(uid, nation=major, flags=u.flags & ~HELD)
        army = s.board.standing_army.get(z, 0)
        key = f"activated:{z}"
        if army and key not in s.awards:
            typ = s.rules.options["standing_army_unit"]
            if typ in s.rules.units:
                for _ in range(army):
                    s.add_unit(major, typ, z)
        s.awards.add(key)
        s.event("aligned", zone=z, major=major, prev=prev)
        s.remember("aligned", by=major, zone=z, **{"from": prev})
        done.append(z)
    s.bump()
    return done


def align_nation(s: GameState, minor: str, major: str) -> None:
    """§4.4: a Minor Power Aligns with ``major`` and is absorbed (zones, units and cash
    become the Major's), unless the nation ``keeps_identity`` (KMT, CCP and Free France:
    it joins the Major's Alliance, Aligned, and plays on). A neutral bloc's zones Align
    like :func:`align_zones`."""
    if not (_nation_ok(s, minor) and _nation_ok(s, major)) or minor == major:
        return
    if s.board.nation_kind.get(minor) == "neutral":
        align_zones(s, s.zones_of(minor), major)
        return
    nat = s.pack.nations.get(minor)
    if nat is not None and nat.props.get("keeps_identity"):
        set_alliance(s, minor, s.alliance.get(major))
        s.set_relation(minor, major, "aligned")
        s.remember("aligned", by=major, against=minor)
        return
    for z in s.zones_of(minor):
        s.owner[z] = major
    for u in list(s.units.values()):
        if u.nation == minor:
            s.set_unit(u.id, nation=major)
    cash = s.banks.get(minor, 0)
    if cash:
        s.banks[major] = s.banks.get(major, 0) + cash
        s.banks[minor] = 0
    # the absorbed minor's wars are the Major's now
    for x in s.board.nations:
        if x not in (minor, major) and s.at_war(minor, x) and not s.at_war(major, x):
            s.set_relation(major, x, "war", initiated_by=x)
    set_alliance(s, minor, s.alliance.get(major))
    s.set_relation(minor, major, "aligned")
    s.awards.add(f"absorbed:{minor}")  # its zones are the Major's for good (no liberation)
    s.event("absorbed", nation=minor, major=major, cash=cash)
    s.remember("aligned", by=major, against=minor)
    s.bump()


def control_nation(s: GameState, minor: str, major: str) -> None:
    """§4.5 Control: a non-Aligned minor under a Major's command (it joins the Major's
    Alliance and is friendly; it keeps its own turn, cash and units)."""
    if not (_nation_ok(s, minor) and _nation_ok(s, major)) or minor == major:
        return
    set_alliance(s, minor, s.alliance.get(major))
    s.set_relation(minor, major, "controlled")
    s.remember("controlled_by", by=major, against=minor)


def recruit(s: GameState, controller: str) -> None:
    """§4.5 / §11.5 (option ``recruitment``): at the end of its controller's Place Units
    phase each Controlled minor rolls a die; at most the number of land zones it has (or
    its nation prop ``recruitment_target``: Abyssinia 1, Vichy 2) raises one
    ``recruitment_unit`` in its capital (else its first zone)."""
    if not s.rules.options.get("recruitment"):
        return
    typ = s.rules.options["recruitment_unit"]
    if typ not in s.rules.units:
        return
    for x in s.board.nations:
        if x == controller or s.relation(x, controller) != "controlled":
            continue
        zones = sorted(s.zones_of(x))
        if not zones:
            continue
        nat = s.pack.nations.get(x)
        target = nat.props.get("recruitment_target") if nat is not None else None
        if not isinstance(target, int):
            target = len(zones)
        roll = s.rng.roll(s.rules.dice)
        ok = roll <= target
        if ok:
            cap = s.board.capital.get(x)
            s.add_unit(x, typ, cap if cap in zones else zones[0])
        s.event("recruitment", nation=x, controller=controller, roll=roll, target=target, ok=ok)


def align_common_enemies(s: GameState) -> None:
    """§4.4: members of one Alliance become Aligned when at war with the same Major."""
    majors = [n for n in s.board.nations if s.board.nation_kind.get(n) == "major"]
    members: dict[str, list[str]] = {}
    for n in s.board.nations:
        a = s.alliance.get(n)
        if a is not None:
            members.setdefault(a, []).append(n)
    for group in members.values():
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                if s.relation(a, b) in ("aligned", "controlled", "war"):
                    continue
                if any(s.at_war(a, m) and s.at_war(b, m) for m in majors):
                    s.set_relation(a, b, "aligned")
                    s.event("aligned_allies", a=a, b=b)


def surrender(s: GameState, n: str) -> None:
    """§9.22: ``n`` surrenders (its conditions are the scenario's events, as on the NRS):
    its units are removed, its wars end, the minors it Controls pass to another Major of
    its Alliance, and its remaining zones go to the enemy holding its capital (the rule
    gives them to the first nation moving a land unit in; a player's choice the engine
    makes for it). Once per nation; not reversible here."""
    key = f"surrendered:{n}"
    if not _nation_ok(s, n) or key in s.awards:
        return
    s.awards.add(key)
    cap = s.board.capital.get(n)
    taker = s.owner.get(cap) if cap is not None else None
    if taker is None or taker == n or not s.at_war(n, taker):
        taker = None
    side = s.alliance.get(n)
    mate = None
    if side is not None:
        for slot in s.board.turn_slots:
            for m in slot:
                if (
                    mate is None
                    and m != n
                    and s.alliance.get(m) == side
                    and s.board.nation_kind.get(m) == "major"
                    and f"surrendered:{m}" not in s.awards
                ):
                    mate = m
    for x in s.board.nations:
        if x != n and s.relation(x, n) == "controlled" and mate is not None:
            s.set_relation(x, mate, "controlled")
    removed = 0
    for u in sorted(s.units.values()):
        if u.nation == n and u.id in s.units:
            removed += len(s.remove_unit(u.id, "surrender"))
    zones = s.zones_of(n)
    if taker is not None:
        for z in zones:
            s.owner[z] = taker
    for x in s.board.nations:
        if s.at_war(n, x):
            s.set_relation(n, x, "peace")
    s.bump()
    s.event("surrender", nation=n, to=taker, units=removed, zones=len(zones))
    s.remember("surrendered", by=taker, against=n)


# ---------------------------------------------------------------------- political actions
def political_actions(s: GameState, n: str) -> list[Objective]:
    """The ``check: political`` events (TripleA's political actions) ``n`` may take now:
    it owns them, their condition holds, it has attempts left this round (prop
    ``attempts``, default 1) and can pay their ``cost``."""
    out = []
    for obj in _events(s, "political"):
        if obj.owner != n:
            continue
        if _attempts(s, obj.id) >= int(obj.props.get("attempts", 1) or 1):
            continue
        if s.banks.get(n, 0) < int(obj.props.get("cost", 0) or 0):
            continue
        ok, _effects = _evaluate(s, obj)
        if ok:
            out.append(obj)
    return out


def has_political_actions(s: GameState) -> bool:
    return bool(s.rules.options.get("scenario_events")) and any(
        o.kind == "event" and o.props.get("check") == "political"
        for o in s.scenario.objectives.values()
    )


def _attempts(s: GameState, oid: str) -> int:
    n = 0
    while f"political:{oid}:{s.round}:{n}" in s.awards:
        n += 1
    return n


def take_political(s: GameState, n: str, oid: str) -> None:
    """``n`` takes political action ``oid``: an attempt is counted, its cost paid, and
    (the players of its ``accept`` prop agreeing: the default policy accepts) its
    relationship changes made."""
    obj = s.scenario.objectives.get(oid)
    if obj is None or obj.kind != "event" or obj.props.get("check") != "political":
        return
    s.awards.add(f"political:{oid}:{s.round}:{_attempts(s, oid)}")
    cost = int(obj.props.get("cost", 0) or 0)
    if cost:
        s.banks[n] = max(0, s.banks.get(n, 0) - cost)
        s.settle_earmarks(n)
    ok, effects = _evaluate(s, obj)
    s.event("political_action", by=n, id=oid, name=obj.name, cost=cost, ok=ok)
    if not ok:
        return
    for name, args, kwargs in effects:
        apply_effect(s, obj, name, args, kwargs)
    target = obj.props.get("target")
    if target and s.at_war(n, target):
        s.remember("declared_war", by=n, against=target)


def _objective_income_after(s: GameState, n: str, oid: str | None) -> int:
    """The national-objective income of ``n`` and its Alliance now (``oid`` None) or right
    after ``n`` takes political action ``oid`` (on a copy of the game)."""
    from gamecore.rules.economy import objectives_income

    c = s.clone()
    c.log_mode = "none"
    if oid is not None:
        take_political(c, n, oid)
    side = s.alliance.get(n)
    team = [
        m for m in s.board.nations if m == n or (side is not None and s.alliance.get(m) == side)
    ]
    return sum(objectives_income(c, m)[0] for m in team)


# ---------------------------------------------------------------------- war
def war_targets(s: GameState, n: str) -> set[str] | None:
    """Whom ``n`` may declare war on now (None: anyone, the option ``war_gates`` is off):
    the ``allow_war(...)`` nations of every satisfied ``check: war_gate`` event that
    ``n`` owns (or its alliance owns, or that has no owner). With the option
    ``controlled_no_war`` a Controlled minor may declare war on nobody (seeds/003 CONTROL
    "A Controlled Minor may not initiate war with any nation")."""
    if s.rules.options.get("controlled_no_war") and is_controlled(s, n):
        return set()
    if not s.rules.options.get("war_gates"):
        return None
    if has_political_actions(s):
        # TripleA: wars come only from the game's political actions and triggers (the
        # politics phase offers those); a neutral's zones may be attacked once at war
        return {x for x in s.board.nations if x != n and s.at_war(n, x)}
    gates = _events(s, "war_gate")
    if not gates:
        return None  # a scenario without gates restricts nobody
    out: set[str] = set()
    for obj in gates:
        if obj.owner and n not in _owner_nations(s, obj.owner):
            continue
        ok, effects = _evaluate(s, obj)
        if not ok:
            continue
        for name, args, _kw in effects:
            if name == "allow_war" and args:
                out.update(_names(args[0]))
    out.discard(n)
    return out


def is_controlled(s: GameState, n: str) -> bool:
    """Whether minor ``n`` is under a Major's Control (§4.5)."""
    if s.board.nation_kind.get(n) != "minor":
        return False
    return any(
        s.relation(n, x) == "controlled"
        for x in s.board.nations
        if x != n and s.board.nation_kind.get(x) == "major"
    )


def suggested_wars(s: GameState, n: str) -> set[str]:
    """A bot's default (no effect without ``war_gates``): declare war on the nations the
    gates allow that are minors or already at war with a member of ``n``'s Alliance (the
    Allies join each other's wars, Germany takes Poland); pact partners are left alone."""
    if has_political_actions(s):
        return _suggested_political(s, n)
    allowed = war_targets(s, n)
    if allowed is None:
        return set()
    side = s.alliance.get(n)
    kind = s.board.nation_kind
    out = set()
    for x in sorted(allowed):
        if x not in s.board.nations or kind.get(x) == "neutral" or not s.alive(x):
            continue
        if s.relation(n, x) in ("war", "pact", "aligned", "controlled"):
            continue
        if side is not None and s.alliance.get(x) == side:
            continue
        ally_at_war = side is not None and any(
            m != n and s.alliance.get(m) == side and s.at_war(m, x) for m in s.board.nations
        )
        if kind.get(x) == "minor" or ally_at_war:
            out.add(x)
    return out


def _suggested_political(s: GameState, n: str) -> set[str]:
    """A bot's default with TripleA political actions: take a declaration of war that is
    open now on a nation that is not neutral, already at war with a member of ``n``'s
    Alliance (or a minor), when it pays: the national-objective income of ``n`` and its
    Alliance right after it is not lower than now (Japan keeps its trade with America
    until the US is at war; the US declares as soon as its gate opens)."""
    side = s.alliance.get(n)
    kind = s.board.nation_kind
    out: set[str] = set()
    seen: set[str] = set()
    base = None
    for obj in political_actions(s, n):
        x = str(obj.props.get("target"))
        if x in seen:
            continue
        seen.add(x)
        if x not in s.board.nations or kind.get(x) == "neutral" or not s.alive(x):
            continue
        if s.at_war(n, x) or (side is not None and s.alliance.get(x) == side):
            continue
        ally_at_war = side is not None and any(
            m != n and s.alliance.get(m) == side and s.at_war(m, x) for m in s.board.nations
        )
        if not (ally_at_war or kind.get(x) == "minor"):
            continue
        if base is None:
            base = _objective_income_after(s, n, None)
        if _objective_income_after(s, n, obj.id) >= base:
            out.add(x)
    return out


def filter_declarations(s: GameState, n: str, actions: list) -> list:
    allowed = war_targets(s, n)
    if allowed is None:
        return actions
    return [a for a in actions if a.kind != "declare_war" or a.nation in allowed]


def declare_war(s: GameState, n: str, x: str) -> None:
    """``n`` declares war on ``x`` (seeds/000 §5.5; with ``war_scope = "alliance"`` its
    alliance on ``x``'s), then its consequences."""
    pairs = [(n, x)]
    if s.rules.options.get("war_scope") == "alliance":
        al = s.alliance
        mine = [m for m in s.board.nations if al.get(m) is not None and al.get(m) == al.get(n)]
        theirs = [m for m in s.board.nations if al.get(m) is not None and al.get(m) == al.get(x)]
        pairs += [(a, b) for a in mine or [n] for b in theirs or [x]]
    for a, b in pairs:
        if a != b and s.relation(a, b) not in ("war",):
            s.set_relation(a, b, "war", initiated_by=n)
    s.event("declare_war", by=n, on=x)
    s.remember("declared_war", by=n, against=x)
    after_declaration(s, n, x)  # §4.4 / §5.5 consequences (options)


def after_declaration(s: GameState, n: str, x: str) -> None:
    """The consequences of a declaration (§5.5 step 2, §4.4): allies at war with the same
    Major Align, then the ``on_war`` events (the victim's allies join, minors Align, ...)."""
    neutral_war.declared(s, n, x)  # §5.6 the US peacetime income penalty
    minor_attacked(s, n, x)
    if s.rules.options.get("common_enemy_aligns"):
        align_common_enemies(s)
    run_events(s, "on_war")


def minor_attacked(s: GameState, n: str, x: str) -> None:
    """T 4-3 for a minor nation outside every Alliance: war declared on it by a nation of
    Alliance A makes it join ``neutral_victim_joins[A]``: Aligned with (absorbed by) that
    Alliance's leader when the declarer is at war with the leader, else under its
    Control."""
    joins = s.rules.options.get("neutral_victim_joins") or {}
    table = s.rules.options.get("neutral_victim_table") or {}
    if not (joins or table) or s.board.nation_kind.get(x) != "minor":
        return
    if s.alliance.get(x) is not None:
        return
    to = victim_side(s, n, x)
    leader = alliance_leader(s, to) if to else None
    if leader is None or leader == n:
        return
    if s.at_war(n, leader):
        navy_fate(s, x, n, leader)
        align_nation(s, x, leader)
    else:
        control_nation(s, x, leader)


def _alliances_at_war_with(s: GameState, n: str) -> list[str]:
    """The Alliances other than ``n``'s with a Major Power at war with ``n``."""
    own = s.alliance.get(n)
    out = set()
    for x in s.board.nations:
        a = s.alliance.get(x)
        if a and a != own and s.board.nation_kind.get(x) == "major" and s.at_war(n, x):
            out.add(a)
    return sorted(out)


def victim_side(s: GameState, n: str, victim: str | int) -> str | None:
    """The Alliance a minor (or neutral zone) attacked by ``n`` joins.

    Without ``neutral_victim_table``: T 4-3, ``neutral_victim_joins[alliance of n]``.
    With it (seeds/003 "(HR) Neutral minor assignment of control/alignment"): when exactly
    one other Alliance is at war with the aggressor, that one ("given to members of the
    same alliance"); when none or both are, a ``neutral_victim_die`` roll on the row of the
    aggressor's Alliance: ``[[6, "comintern"], [12, "allies"]]`` gives 1-6 to the
    Comintern, 7-12 to the Allies. The roll is logged (``victim_roll``)."""
    opts = s.rules.options
    side = s.alliance.get(n)
    table = opts.get("neutral_victim_table") or {}
    if not table:
        joins = opts.get("neutral_victim_joins") or {}
        return joins.get(side) if isinstance(joins, dict) else None
    row = table.get(side)
    if not row:
        return None
    at_war = _alliances_at_war_with(s, n)
    if len(at_war) == 1:
        s.event("victim_side", victim=victim, attacker=n, alliance=at_war[0], roll=None)
        return at_war[0]
    roll = s.rng.roll(int(opts["neutral_victim_die"]))
    to = next((a for top, a in row if roll <= top), None)
    s.event("victim_side", victim=victim, attacker=n, alliance=to, roll=roll)
    return to


def navy_fate(s: GameState, minor: str, attacker: str, controller: str) -> None:
    """Seeds/003 "(HR) ... Surviving Navy ownership after Minor was eliminated": when an
    attacked minor ceases to exist (Aligns and is absorbed), each of its sea units rolls a
    ``minor_navy_fate_die``; ``minor_navy_fate`` maps roll ranges to who gets the ship:
    ``[[4, "attacker"], [8, "scuttled"], [12, "controller"]]``. The attacker's and the
    controller's ships are replaced by a unit of the winner (same type); scuttled ones
    leave the map. No option: the absorbing Major takes the navy as before."""
    fate = s.rules.options.get("minor_navy_fate") or []
    if not fate:
        return
    nat = s.pack.nations.get(minor)
    if nat is not None and nat.props.get("keeps_identity"):
        return
    ut = s.rules.units
    die = int(s.rules.options["minor_navy_fate_die"])
    ships = sorted(
        u.id for u in s.units.values() if u.nation == minor and ut[u.type].domain == "sea"
    )
    for uid in ships:
        u = s.units.get(uid)
        if u is None:
            continue
        roll = s.rng.roll(die)
        who = next((w for top, w in fate if roll <= top), "scuttled")
        if who == "scuttled":
            s.remove_unit(uid, "scuttled")
        else:
            s.set_unit(uid, nation=attacker if who == "attacker" else controller)
        s.event("navy_fate", unit=uid, type=u.type, minor=minor, roll=roll, to=who)


def alliance_leader(s: GameState, alliance: str) -> str | None:
    """Who takes the minors and neutrals that Align with ``alliance`` (T 4-3): the option
    ``alliance_leader`` (alliance -> nation), else the first Major of the Alliance in the
    turn order (T 6-1 puts Germany, the Commonwealth and the USSR first in theirs)."""
    named = (s.rules.options.get("alliance_leader") or {}).get(alliance)
    if named in s.board.nations:
        return named
    for slot in s.board.turn_slots:
        for n in slot:
            if s.alliance.get(n) == alliance and s.board.nation_kind.get(n) == "major":
                return n
    return None


def after_combat(s: GameState, n: str) -> None:
    """End of ``n``'s combat phase: neutrals it attacked this turn that still stand Align
    with the other side (T 4-3), and §5.6 the cost of attacking a neutral is paid."""
    neutral_war.attacked_neutrals(s, n)  # §5.6 the US peacetime income penalty
    opts = s.rules.options
    joins = opts.get("neutral_victim_joins") or {}
    costs = opts.get("neutral_attack_cost") or {}
    if not joins and not costs and not opts.get("neutral_victim_table"):
        return
    hit = sorted(
        {
            h["zone"]
            for h in s.history
            if h.get("type") == "attacked"
            and h.get("round") == s.round
            and h.get("by") == n
            and s.board.is_land(h.get("zone", -1))
            and s.is_neutral_owner(s.board.original.get(h["zone"]))
            and f"neutral_cost:{s.round}:{h['zone']}" not in s.awards
        }
    )
    if not hit:
        return
    side = s.alliance.get(n)
    cost = _number(costs.get(side, 0)) if isinstance(costs, dict) else 0
    for z in hit:
        s.awards.add(f"neutral_cost:{s.round}:{z}")
        if cost:
            paid = min(cost, s.banks.get(n, 0))
            s.banks[n] = s.banks.get(n, 0) - paid
            s.settle_earmarks(n)
            s.event("neutral_attack_cost", nation=n, zone=z, paid=paid)
    table = opts.get("neutral_victim_table") or {}
    if table:
        # seeds/003 (HR): each neutral zone that still stands rolls for its side
        for z in hit:
            if s.is_neutral_owner(s.owner.get(z)):
                _join_side(s, n, [z], victim_side(s, n, z))
        return
    _join_side(s, n, hit, joins.get(side) if isinstance(joins, dict) else None)


def _join_side(s: GameState, n: str, hit: list[int], to: str | None) -> None:
    leader = alliance_leader(s, to) if to else None
    if leader and _nation_ok(s, leader):
        still = [z for z in hit if s.is_neutral_owner(s.owner.get(z))]
        # Aligned when the attacker is at war with the leader, else under its Control;
        # either way the leader takes the zone and its army, and no new war starts
        for z in align_zones(s, still, leader):
            kind = "aligned" if s.at_war(n, leader) else "controlled"
            s.event("neutral_joined_side", zone=z, major=leader, kind=kind, attacker=n)


__all__ = [
    "EVENT_CHECKS",
    "MONTHS_PER_ROUND",
    "add_units",
    "after_combat",
    "after_declaration",
    "align_common_enemies",
    "align_nation",
    "align_zones",
    "alliance_leader",
    "apply_effect",
    "calendar_month",
    "control_nation",
    "current_date",
    "date_label",
    "declare_war",
    "filter_declarations",
    "has_political_actions",
    "on_phase",
    "political_actions",
    "take_political",
    "is_controlled",
    "on_turn_start",
    "minor_attacked",
    "navy_fate",
    "parse_date",
    "recruit",
    "run_events",
    "set_alliance",
    "set_link",
    "suggested_wars",
    "surrender",
    "transfer_zones",
    "victim_side",
    "war_targets",
]


# ---------------------------------------------------------------------- options
#: the options this module reads (declared for the rule system: typed, checked at load)
OPTIONS = (
    OptionSpec(
        "standing_army_unit",
        "str",
        "infantry",
        doc="unit type of a neutral's standing army",
        owner="gamecore.rules.politics",
    ),
    OptionSpec(
        "declare_war", "bool", True, doc="nations may declare war", owner="gamecore.rules.politics"
    ),
    OptionSpec(
        "scenario_events",
        "bool",
        False,
        doc="the scenario's event objectives run and change the game",
        owner="gamecore.rules.politics",
    ),
    OptionSpec(
        "war_gates",
        "bool",
        False,
        doc="declarations need a satisfied `check: war_gate` event",
        owner="gamecore.rules.politics",
    ),
    OptionSpec(
        "common_enemy_aligns",
        "bool",
        False,
        doc="§4.4 allies at war with the same Major are aligned",
        owner="gamecore.rules.politics",
    ),
    OptionSpec(
        "neutral_victim_joins",
        "table",
        {},
        doc="T 4-3 attacker's alliance -> alliance the victim joins",
        owner="gamecore.rules.politics",
    ),
    OptionSpec(
        "controlled_no_war",
        "bool",
        False,
        doc="seeds/003 CONTROL: a Controlled minor may not declare war",
        owner="gamecore.rules.politics",
    ),
    OptionSpec(
        "neutral_victim_table",
        "table",
        {},
        doc="seeds/003 (HR): attacker's alliance -> [[up to roll, alliance], ...] rolled when none or both other alliances are at war with the attacker (replaces neutral_victim_joins)",
        owner="gamecore.rules.politics",
    ),
    OptionSpec(
        "neutral_victim_die",
        "int",
        12,
        doc="die of the neutral_victim_table roll",
        owner="gamecore.rules.politics",
    ),
    OptionSpec(
        "minor_navy_fate",
        "list",
        [],
        doc="seeds/003 (HR): per ship of an absorbed attacked minor, [[up to roll, attacker|scuttled|controller], ...]",
        owner="gamecore.rules.politics",
    ),
    OptionSpec(
        "minor_navy_fate_die",
        "int",
        12,
        doc="die of the minor_navy_fate roll",
        owner="gamecore.rules.politics",
    ),
    OptionSpec(
        "alliance_leader",
        "table",
        {},
        doc="alliance -> nation taking Aligned neutrals (default: first Major)",
        owner="gamecore.rules.politics",
    ),
    OptionSpec(
        "neutral_attack_cost",
        "table",
        {},
        doc="§5.6 alliance -> IPP per neutral attacked",
        owner="gamecore.rules.politics",
    ),
    OptionSpec(
        "recruitment",
        "bool",
        False,
        doc="§4.5 Controlled minors' recruitment roll",
        owner="gamecore.rules.politics",
    ),
    OptionSpec(
        "recruitment_unit",
        "str",
        "infantry",
        doc="the unit type a recruitment roll places",
        owner="gamecore.rules.politics",
    ),
)
