"""Read-only queries on a Hitler's Global War scenario's start position, for the scenario
validator (gamecore.validate.checks_hgw; rules-notes/001 §5.2). Nothing here changes a
rule: the position is set up by the rule system itself and read with its own supply and
production functions (:mod:`gamecore.hgw.supply`, :mod:`gamecore.hgw.world`, :mod:`gamecore.hgw.geo`).

A scenario under validation may be broken in ways the rule system refuses to set up
(a victory hex off the map, a 13th army, a set-up row naming no hex). The validator
reports those itself; :func:`start_state` sets up a *tolerant copy* of the scenario so the
supply and income checks still run: the set-up data that cannot be read is dropped,
every unit stack counts one SP (supply and income depend on where armies stand, not on
their size), unreadable options fall back to the ruleset's, and the army limit is lifted.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from gamecore.engine import new_game
from gamecore.engine.ruleset import load_ruleset
from gamecore.engine.systems import get_system
from gamecore.errors import WarroomError
from gamecore.hgw import geo
from gamecore.hgw.armies import armies_of
from gamecore.hgw.limits import adjust
from gamecore.hgw.options import opt
from gamecore.hgw.state import SP_TYPES, HgwState
from gamecore.hgw.supply import sources, supplied
from gamecore.hgw.world import friendly, opponents, pp
from gamecore.model import Pack, Scenario

#: options naming a hex the rule system's set-up requires on the map
VICTORY_OPTIONS = ("hgw_moscow_hex", "hgw_leningrad_hex", "hgw_stalingrad_hex", "hgw_berlin_hex")
#: relations under which one nation's hex is friendly to another (GameState.friendly)
FRIENDLY_RELATIONS = ("aligned", "controlled")


def relation(scn: Scenario, a: str, b: str) -> str:
    """The start relation of two nations, as the game state reads it
    (gamecore.engine.state.GameState.relation): the scenario's relation row, else
    "aligned" within one alliance, else "peace"."""
    if a == b:
        return "self"
    r = scn.relation(a, b)
    if r is not None:
        return r.status
    x, y = scn.alliance_of(a), scn.alliance_of(b)
    return "aligned" if x is not None and x == y else "peace"


def separated(scn: Scenario, a: str, b: str) -> bool:
    """Nations the scenario's ``hgw_separate`` keeps apart although one player runs both
    (hgw.world.separate; the Fall of Germany two-player variant: the Allies and the
    Soviets are one alliance but two sides, seeds/001 ALLIED-SOVIET CO-OPERATION 2)."""
    pairs = scn.options.get("hgw_separate") if isinstance(scn.options, dict) else None
    if not isinstance(pairs, list):
        return False
    return any(isinstance(p, list | tuple) and sorted(map(str, p)) == sorted((a, b)) for p in pairs)


def friendly_to(scn: Scenario, owner: str, nation: str) -> bool:
    """Whether a hex held by ``owner`` is friendly to ``nation`` (hgw.world.friendly):
    never across an ``hgw_separate`` pair."""
    if owner == nation:
        return True
    return relation(scn, owner, nation) in FRIENDLY_RELATIONS and not separated(scn, owner, nation)


def slots(scn: Scenario) -> list[list[str]]:
    """The sides: the turn order's slots (Barbarossa: [AXIS], [SOV]), each a list of its
    nations (a nation listed twice counts in its first slot)."""
    out: list[list[str]] = []
    seen: set[str] = set()
    for slot in scn.turn_order if isinstance(scn.turn_order, list) else ():
        names = [n for n in (slot if isinstance(slot, list | tuple) else ()) if isinstance(n, str)]
        names = [n for n in dict.fromkeys(names) if n not in seen]
        seen.update(names)
        if names:
            out.append(names)
    return out


def sides(scn: Scenario) -> list[str]:
    """The nations of the turn order, in order, once each."""
    return [n for slot in slots(scn) for n in slot]


def hex_codes(pack: Pack) -> dict[str, int]:
    """hex id (Zone.code) -> zone id."""
    return {z.code: zid for zid, z in pack.map.zones.items() if z.code}


class _Refused(Exception):
    pass


class _Checker:
    """What ``RuleSystem.check_options`` reports to: the first failure is raised."""

    def fail(self, key: str, reason: str):
        raise _Refused(f"{key.removeprefix('options.')}: {reason}")


def _shape(name: str, v: Any) -> str | None:
    """Shapes the set-up, supply and income code reads that the option specs leave open."""
    if name == "hgw_home":
        if not all(isinstance(c, list) and all(isinstance(x, str) for x in c) for c in v.values()):
            return "must map each nation to a list of countries"
    if name == "hgw_income_modifier":
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in v.values()):
            return "must map each nation to a whole number"
    return None


def refused_options(rules, options: dict[str, Any]) -> dict[str, str]:
    """The scenario ``options`` the hgw system cannot play with, each with why: its
    option spec refuses the value, its ``check_options`` refuses it (checked one at a
    time over the ruleset's options), or the value's inner shape is wrong."""
    system = get_system(rules.system)
    specs = system.option_specs()
    out = {}
    for k, v in options.items():
        spec = specs.get(k)
        if spec is None:
            continue
        why = spec.check(v) or _shape(k, v)
        if why is None:
            try:
                system.check_options(_Checker(), {**rules.options, k: v})
            except _Refused as err:
                why = str(err)
        if why is not None:
            out[str(k)] = why
    return out


def _tolerant(pack: Pack, scn: Scenario, rules) -> tuple[Scenario, dict[str, Any]]:
    """A copy of ``scn`` the rule system can set up (see the module docstring), and the
    option overrides it needs."""
    codes = hex_codes(pack)
    refused = refused_options(rules, scn.options)
    options = {k: v for k, v in scn.options.items() if k not in refused}
    merged = {**rules.options, **options}
    overrides: dict[str, Any] = {"hgw_max_armies": 10**6}
    land = sorted(c for c, zid in codes.items() if pack.map.zones[zid].kind == "land")
    for key in VICTORY_OPTIONS:
        if str(merged.get(key)) not in codes and land:
            overrides[key] = land[0]  # the victory hexes play no part at the start
    units = []
    for st in scn.units:
        if (
            st.zone in pack.map.zones
            and st.nation in pack.nations
            and st.unit_type in SP_TYPES
            and st.unit_type in rules.units
            and isinstance(st.count, int)
            and st.count >= 1
        ):
            units.append(replace(st, count=1, props={}))
    devastated = {}
    raw = scn.props.get("hgw_devastated")
    for code, spec in raw.items() if isinstance(raw, dict) else ():
        zid = codes.get(str(code))
        if zid is None or not isinstance(spec, dict):
            continue
        pts = spec.get("points", 0)
        if isinstance(pts, int) and not isinstance(pts, bool) and 0 <= pts <= 10**6:
            devastated[str(code)] = {"points": pts, "permanent": spec.get("permanent") is True}
    props = {"hgw_devastated": devastated} if devastated else {}
    out = copy.copy(scn)
    out.rounds = scn.rounds if isinstance(scn.rounds, int) and scn.rounds >= 1 else None
    out.start = scn.start if isinstance(scn.start, str) else ""
    out.turn_order = [[n for n in slot if n in pack.nations] for slot in slots(scn)]
    out.turn_order = [slot for slot in out.turn_order if slot]
    out.options = options
    out.units = units
    out.props = props
    out.objectives = {}
    return out, overrides


def start_state(pack: Pack, scenario_id: str):
    """(the game state at the start of ``scenario_id``, None) set up from its tolerant copy,
    or (None, why) when even that cannot be set up (why: the rule system's one line)."""
    scn = pack.scenarios.get(scenario_id)
    if scn is None:
        return None, f"no scenario '{scenario_id}'"
    try:
        rules = load_ruleset(scn.ruleset, pack)
        tolerant, overrides = _tolerant(pack, scn, rules)
        shadow = copy.copy(pack)
        shadow.scenarios = {**pack.scenarios, scenario_id: tolerant}
        return new_game(shadow, scenario_id, log="none", options=overrides), None
    except WarroomError as err:
        return None, str(err)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as err:
        # scenario data of a shape the tolerant copy did not foresee: the validator
        # reports it (HGW016) instead of failing the whole validation run
        return None, f"unreadable scenario data ({type(err).__name__}: {err})"


def home_income(s: HgwState, nation: str) -> int:
    """The undevastated PP ``nation`` holds in full supply (traced to a friendly home-
    country undevastated PP), before the scenario's income modifier: the rulebook's
    "production at start" (seeds/001 PRODUCTION; hgw.production.income adds the modifier)."""
    full = supplied(s, nation, True)
    return adjust(s, nation, full, sum(pp(s, z) for z in full if s.owner.get(z) == nation))


def income_modifier(s: HgwState, nation: str) -> int:
    mods = opt(s, "hgw_income_modifier")
    v = mods.get(nation, 0) if isinstance(mods, dict) else 0
    return v if isinstance(v, int) else 0


def out_of_supply(s: HgwState, nation: str) -> dict[str, list[int]]:
    """The start position's supply (seeds/001 SUPPLY, Line of Supply) for ``nation``:
    ``"hexes"``: its friendly hexes not even in defence supply; ``"armies"``: the zones of
    its armies not in defence supply; ``"full"``: the zones of its armies in defence but
    not in full supply. Off-map boxes with no land link are left out (reached by sea)."""
    g = geo.graph(s)
    defence = supplied(s, nation, False)
    full = supplied(s, nation, True)

    def linked(z: int) -> bool:
        return bool(g.nbrs.get(z)) or z not in g.box

    hexes = sorted(
        z
        for z, o in s.owner.items()
        if o is not None and o == nation and z not in defence and linked(z)
    )
    where = sorted({s.armies[a].zone for a in armies_of(s, nation)})
    return {
        "hexes": hexes,
        "armies": [z for z in where if z not in defence and linked(z)],
        "full": [z for z in where if z in defence and z not in full and linked(z)],
    }


def captured_if_unsupplied(s: HgwState, nation: str, hexes) -> dict[int, str]:
    """Which of ``nation``'s unsupplied ``hexes`` an opponent would take at the supply
    check that ends ``nation``'s combat phase, were the position unchanged (seeds/001
    SUPPLY, Unsupplied Hexes; the same test as hgw.supply.supply_check): the opponent
    traces supply into the hex and has a supplied army within 3 hexes. hex -> nation."""
    lost = set(hexes)
    out: dict[int, str] = {}
    for o in opponents(s, nation):
        theirs = supplied(s, o, False)
        reach = geo.trace(
            s, sources(s, o, False), lambda z, o=o: friendly(s, o, z) or z in lost, occupied_by=o
        )
        near = geo.within(
            s, sorted({s.armies[a].zone for a in armies_of(s, o) if s.armies[a].zone in theirs}), 3
        )
        for z in sorted(lost):
            if z in reach and z in near and z not in out:
                out[z] = o
    return out
