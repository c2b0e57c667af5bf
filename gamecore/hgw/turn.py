"""The game's set-up (the scenario's armies, fleets and devastation) and the start of a
side's turn."""

from __future__ import annotations

from gamecore.errors import RulesError
from gamecore.hgw import geo
from gamecore.hgw.armies import armies_of, new_army
from gamecore.hgw.limits import turn_start as limits_turn_start
from gamecore.hgw.morale import turn_start as morale_turn_start
from gamecore.hgw.options import opt
from gamecore.hgw.politics import turn_start
from gamecore.hgw.research import init_tech
from gamecore.hgw.state import ARMY_TYPES, FORT, NO_EXPLOIT, Fleet, HgwState
from gamecore.hgw.supply import supplied
from gamecore.hgw.uboats import init_uboats
from gamecore.model.calendar import season_of


def setup(s: HgwState) -> None:
    scn = s.scenario
    g = geo.graph(s)
    for key in ("hgw_moscow_hex", "hgw_leningrad_hex", "hgw_stalingrad_hex", "hgw_berlin_hex"):
        if opt(s, key) not in g.code:
            raise RulesError(
                f"scenario '{scn.id}': option {key} names hex '{opt(s, key)}', not on the map"
            )
    names: dict[tuple[int, str], str] = {}
    armies = scn.props.get("hgw_armies") or []
    if not isinstance(armies, list):
        raise RulesError(f"scenario '{scn.id}': hgw_armies must be a list of army rows")
    for i, spec in enumerate(armies):
        if not isinstance(spec, dict):
            raise RulesError(f"scenario '{scn.id}': hgw_armies[{i}] must be a table")
        z = g.code.get(str(spec.get("zone_code", "")))
        if z is None:
            raise RulesError(
                f"scenario '{scn.id}': hgw_armies[{i}] names hex "
                f"'{spec.get('zone_code')}', not on the map"
            )
        names[(z, str(spec.get("nation", "")))] = str(spec.get("name", ""))
    groups: dict[tuple[int, str], list[int]] = {}
    for u in sorted(s.units.values()):
        if u.type == FORT:
            continue  # a fort stands in its hex, in no army (seeds/001 FORTIFICATIONS)
        if u.type not in ARMY_TYPES:
            raise RulesError(f"scenario '{scn.id}': unit type '{u.type}' is not an HGW SP type")
        groups.setdefault((u.zone, u.nation), []).append(u.id)
    for (z, nation), ids in sorted(groups.items()):
        name = names.get((z, nation)) or f"{s.board.code.get(z) or z}"
        aid = new_army(s, nation, z, name)
        for u in ids:
            s.army_of[u] = aid
    for nation in {v.nation for v in s.armies.values()}:
        if len(armies_of(s, nation)) > opt(s, "hgw_max_armies"):
            raise RulesError(
                f"scenario '{scn.id}': {nation} has more than {opt(s, 'hgw_max_armies')} armies"
            )
    for nation, bases in sorted(opt(s, "hgw_fleets").items()):
        for code, points in sorted(bases.items()):
            z = g.code.get(str(code))
            if z is None or not isinstance(points, int) or points < 1:
                raise RulesError(f"scenario '{scn.id}': hgw_fleets names unknown hex '{code}'")
            s.fleet[z] = Fleet(nation, points)
    init_tech(s)
    init_uboats(s)
    devastated = scn.props.get("hgw_devastated") or {}
    if not isinstance(devastated, dict):
        raise RulesError(f"scenario '{scn.id}': hgw_devastated must be a table of hex ids")
    for code, spec in sorted(devastated.items(), key=lambda kv: str(kv[0])):
        z = g.code.get(str(code))
        if z is None or not isinstance(spec, dict):
            raise RulesError(f"scenario '{scn.id}': hgw_devastated names unknown hex '{code}'")
        pts = spec.get("points", 0)
        if not isinstance(pts, int) or isinstance(pts, bool) or pts < 0:
            raise RulesError(
                f"scenario '{scn.id}': hgw_devastated['{code}'].points must be a whole number"
            )
        # set before the log's start entry: part of the position, not an event
        dmg = max(0, min(s.board.value[z], s.zone_damage.get(z, 0) + pts))
        s.zone_damage = {**s.zone_damage, z: dmg} if dmg else s.zone_damage
        if spec.get("permanent"):
            s.permanent[z] = s.permanent.get(z, 0) + pts


def begin_turn(s: HgwState) -> None:
    n = s.current_nation
    for u in list(s.units.values()):
        if u.flags and u.nation == n:
            s.units[u.id] = u._replace(flags=0)
    s.declared = {}
    s.advanced = {}
    s.assaulted = frozenset()
    s.defended = frozenset()
    s.failed = frozenset()
    s.no_garrison = frozenset()
    s.exploit = NO_EXPLOIT
    s.dqueue = ()
    if s.fort_fired:
        s.fort_fired = frozenset()
    if s.absorbed:
        s.absorbed = {}
    if s.shipped:
        s.shipped = {}
    if s.invading:
        s.invading = frozenset()
    if s.amphibious:
        s.amphibious = frozenset()
    if s.fleet_spent:
        s.fleet_spent = frozenset()
    if s.rebased:
        s.rebased = frozenset()
    if s.beachhead:
        s.beachhead = {z: v for z, v in s.beachhead.items() if s.round <= v.round + 1}
    turn_start(s)
    limits_turn_start(s)
    morale_turn_start(s)
    full = supplied(s, n, True)
    s.cut = frozenset(a for a in armies_of(s, n) if s.armies[a].zone not in full)
    s.bump()
    year, season = season_of(s.scenario.start, s.scenario.calendar, s.round)
    s.event("turn", round=s.round, nation=n, year=year, season=season, cut=sorted(s.cut))
