"""A battle taken from a game in progress, for the bots (issue #11): "what are my odds if
these units attack that zone now?"

    from gamecore.sim.battle import calculate
    from gamecore.sim.battle.gamestate import battle_from_state

    att, dfn, ctx = battle_from_state(state, zone, my_units)
    res = calculate(state.rules, att, dfn, ctx)  # res.attacker_win, res.tuv_swing, ...

Damaged multi-hit units stay damaged; the zone's terrain, kind (land or sea) and city
status (Global War §1.16: a city, or a surrounded one) come from the board, and so do the
border effects and the border terrain (§1.7) the attackers cross from where they are (or,
once moved in, from where they came); the defenders are, by default, the units an engine battle there would line up
(at war with the attacker, not carried, not submerged, not infrastructure).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gamecore.rules.battle.terrain import _facility_edges, city_surrounded
from gamecore.sim.battle.model import BattleContext

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState, Unit


def _counts(state: GameState, units: Iterable[Unit]) -> tuple[dict[str, int], dict[str, int]]:
    ut = state.rules.units
    counts: dict[str, int] = {}
    damaged: dict[str, int] = {}
    for u in units:
        t = ut[u.type]
        if t.infrastructure or t.domain == "facility":
            continue
        counts[u.type] = counts.get(u.type, 0) + 1
        if u.damage and t.hits > 1:
            damaged[u.type] = damaged.get(u.type, 0) + 1
    return counts, damaged


def battle_from_state(
    state: GameState,
    zone: int,
    attackers: Iterable[Unit],
    defenders: Iterable[Unit] | None = None,
    **context,
) -> tuple[dict[str, int], dict[str, int], BattleContext]:
    """``(attackers, defenders, context)`` for :func:`gamecore.sim.battle.calculate`.
    ``attackers``: the attacking units (wherever they are now); ``defenders`` None: the
    units in ``zone`` at war with the attackers' nation. Extra keyword arguments go to
    :class:`BattleContext` (e.g. ``amphibious=True``, ``retreat=Retreat.below(0.3)``)."""
    from gamecore.engine.state import SUBMERGED

    attackers = list(attackers)
    nation = attackers[0].nation if attackers else state.current_nation
    if defenders is None:
        en = state.enemies(nation)
        defenders = [
            state.units[uid]
            for uid in state.units_in(zone)
            if state.units[uid].nation in en
            and not state.units[uid].on
            and not state.units[uid].flags & SUBMERGED
        ]
    defenders = list(defenders)
    att, att_dmg = _counts(state, attackers)
    dfn, dfn_dmg = _counts(state, defenders)
    terrain = state.board.terrain.get(zone, "")
    if terrain not in state.rules.terrain:
        terrain = ""
    defender_nation = defenders[0].nation if defenders else ""
    city = ""
    if "city" in state.board.flags.get(zone, ()) and state.rules.options.get("city_terrain"):
        sur = state.rules.options.get("surrounded_city_terrain")
        city = "surrounded" if sur and city_surrounded(state, zone) else "city"
    crossed_terrain: set[str] = set()
    crossed: set[str] = set()
    if state.board.is_land(zone) and attackers:
        edges = _facility_edges(state, zone)
        for u in attackers:
            o = state.origins.get(u.id) if u.zone == zone else u.zone
            if o is None or o == zone:
                continue
            crossed_terrain |= state.board.border_terrain.get((zone, o), frozenset())
            crossed |= state.board.border_flags.get((min(o, zone), max(o, zone)), frozenset())
            crossed |= {e for edge, e in edges if edge is None or edge == o}
    kw = {
        "sea": state.board.is_sea(zone),
        "border_terrain": tuple(sorted(t for t in crossed_terrain if t in state.rules.terrain)),
        "borders": tuple(sorted(b for b in crossed if b in state.rules.borders)),
        "terrain": terrain,
        "city": city,
        "attacker_nation": nation,
        "defender_nation": defender_nation,
        "attacker_damaged": att_dmg,
        "defender_damaged": dfn_dmg,
    }
    kw.update(context)
    return att, dfn, BattleContext(**kw)
