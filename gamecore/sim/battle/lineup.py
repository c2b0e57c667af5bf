"""A battle taken from a scenario: the units in a zone and the enemy units next to it.

Used by the editor's Battle dock ("take from the selected zone and its neighbours") and
by anything that wants the odds of an attack on a zone of a set-up scenario without
starting a game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from gamecore.engine.ruleset import Ruleset, load_ruleset
from gamecore.model import Pack
from gamecore.sim.battle.model import BattleContext, BattleError


@dataclass
class Lineup:
    zone: int
    zone_name: str
    sea: bool
    attacker: str | None  # nation
    defenders_nations: list[str]
    attackers: dict[str, int] = field(default_factory=dict)
    defenders: dict[str, int] = field(default_factory=dict)
    context: BattleContext = field(default_factory=BattleContext)
    #: nations with units next to the zone that are at war with its defenders
    candidates: list[str] = field(default_factory=list)


def scenario_rules(pack: Pack, scenario_id: str) -> Ruleset:
    scn = pack.scenarios[scenario_id]
    return load_ruleset(scn.ruleset, pack).with_options(scn.options)


def lineup(
    pack: Pack,
    scenario_id: str,
    zone: int,
    attacker: str | None = None,
    adjacency: Mapping[int, set[int]] | None = None,
    rules: Ruleset | None = None,
) -> Lineup:
    """Defenders: the units in ``zone`` of nations at war with the attacker (or with the
    zone's owner when no attacker is given). Attackers: the attacking nation's units in
    the neighbouring zones that could fight there — land units from land zones next to
    a land zone, ships from sea zones next to a sea zone, aircraft from any neighbour.
    ``attacker`` None: the nation at war with the defence that has most units next to
    it. Cargo (units carried by others) does not fight."""
    scn = pack.scenarios.get(scenario_id)
    if scn is None:
        raise BattleError(f"the pack has no scenario '{scenario_id}'")
    z = pack.map.zones.get(zone)
    if z is None:
        raise BattleError(f"the map has no zone {zone}")
    rules = rules or scenario_rules(pack, scenario_id)
    if adjacency is None:
        from gamecore.geometry.adjacency import map_adjacency

        adjacency = map_adjacency(pack.map)
    sea = z.kind in ("sea", "lake")
    ut = rules.units

    def at_war(a: str, b: str) -> bool:
        r = scn.relation(a, b)
        return a != b and r is not None and r.status == "war"

    def fights(unit_type: str, stack, from_zone: int) -> bool:
        t = ut.get(unit_type)
        if t is None or t.domain == "facility" or t.infrastructure:
            return False
        if stack.props.get("carried_by") or stack.props.get("on"):
            return False
        if t.domain == "air":
            return True
        here = pack.map.zones.get(from_zone)
        if here is None:
            return False
        here_sea = here.kind in ("sea", "lake")
        return (t.domain == "sea") == sea and here_sea == sea

    in_zone: dict[str, dict[str, int]] = {}
    for st in scn.units:
        if st.zone == zone and fights(st.unit_type, st, zone):
            per = in_zone.setdefault(st.nation, {})
            per[st.unit_type] = per.get(st.unit_type, 0) + st.count
    owner = scn.owner_of(zone)
    holders = set(in_zone) | ({owner} if owner else set())
    near: dict[str, dict[str, int]] = {}
    for st in scn.units:
        if st.zone in adjacency.get(zone, ()) and fights(st.unit_type, st, st.zone):
            per = near.setdefault(st.nation, {})
            per[st.unit_type] = per.get(st.unit_type, 0) + st.count
    candidates = sorted(
        (n for n in near if any(at_war(n, h) for h in holders)),
        key=lambda n: (-sum(near[n].values()), n),
    )
    if attacker is None:
        attacker = candidates[0] if candidates else None
    defenders: dict[str, int] = {}
    nations = []
    for n, units in sorted(in_zone.items()):
        if attacker is not None and not at_war(attacker, n):
            continue
        nations.append(n)
        for t, c in units.items():
            defenders[t] = defenders.get(t, 0) + c
    attackers = dict(near.get(attacker, {})) if attacker else {}
    terrain = z.terrain if z.terrain in rules.terrain else ""
    return Lineup(
        zone=zone,
        zone_name=z.name,
        sea=sea,
        attacker=attacker,
        defenders_nations=nations,
        attackers=attackers,
        defenders=defenders,
        context=BattleContext(sea=sea, terrain=terrain, attacker_nation=attacker or ""),
        candidates=candidates,
    )
