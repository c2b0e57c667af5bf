"""Read-only queries on a Hitler's Global War scenario's start position, for the scenario
validator (gamecore.validate.checks_hgw; rules-notes/001 §5.2). Nothing here changes a
rule: the position is set up by the rule system itself and read with its own supply and
production functions (:mod:`gamecore.hgw.system`, :mod:`gamecore.hgw.geo`).

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
from gamecore.hgw.system import SP_TYPES, armies_of, opt, pp, supplied
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


def friendly_to(scn: Scenario, owner: str, nation: str) -> bool:
    """Whether a hex held by ``owner`` is friendly to ``nation`` (hgw.system.friendly)."""
    return owner == nation or relation(scn, owner, nation) in FRIENDLY_RELATIONS


def sides(scn: Scenario) -> list[str]:
    """The nations of the turn order (each a side in Barbarossa), in order, once each."""
    out: list[str] = []
    for slot in scn.turn_order if isinstance(scn.turn_order, list) else ():
        for n in slot if isinstance(slot, list | tuple) else ():
            if isinstance(n, str) and n not in out:
                out.append(n)
    return out


def hex_codes(pack: Pack) -> dict[str, int]:
    """hex id (Zone.code) -> zone id."""
    return {z.code: zid for zid, z in pack.map.zones.items() if z.code}


def _tolerant(pack: Pack, scn: Scenario, rules) -> tuple[Scenario, dict[str, Any]]:
    """A copy of ``scn`` the rule system can set up (see the module docstring), and the
    option overrides it needs."""
    codes = hex_codes(pack)
    specs = get_system(rules.system).option_specs()
    options = {}
    for k, v in scn.options.items():
        spec = specs.get(k)
        if spec is None or spec.check(v) is None:
            options[k] = v
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


def home_income(s, nation: str) -> int:
    """The undevastated PP ``nation`` holds in full supply (traced to a friendly home-
    country undevastated PP), before the scenario's income modifier: the rulebook's
    "production at start" (seeds/001 PRODUCTION; hgw.system.income adds the modifier)."""
    full = supplied(s, nation, True)
    return sum(pp(s, z) for z in full if s.owner.get(z) == nation)


def income_modifier(s, nation: str) -> int:
    mods = opt(s, "hgw_income_modifier")
    v = mods.get(nation, 0) if isinstance(mods, dict) else 0
    return v if isinstance(v, int) else 0


def out_of_supply(s, nation: str) -> dict[str, list[int]]:
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
    where = sorted({s.armies[a][2] for a in armies_of(s, nation)})
    return {
        "hexes": hexes,
        "armies": [z for z in where if z not in defence and linked(z)],
        "full": [z for z in where if z in defence and z not in full and linked(z)],
    }
