"""Ferrying a stranded army to the war: where the planner's transports carry land units that
have no land route to the enemy (the U.S. army in the Americas, the British army on its
island).

The heuristic machinery ferries toward sea zones next to enemy land that *none* of our land
units reaches by land; one unit of ours on the far continent makes the whole continent
"reachable", and the army at home waits for the rest of the game. The planner looks at each
army apart:

- *stranded* zones are those of our land units from which no land route leads to enemy
  land;
- their *landings* are the land zones beyond the sea from them: enemy land (taken by an
  assault in the combat move), and land of our side within ``landing_reach`` land steps of
  enemy land where our units may stand (rules-notes/002 §2.3: The War Game's sharing
  matrix);
- the ferry sails for the sea zones beside the landings, and in the non-combat move
  unloads on a friendly landing it reaches (the heuristic machinery's landing step, which
  it also uses for zones taken over by walking in).

:class:`LandingView` wraps the phase's view with those goals and landings; everything
else reads through to the view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.rules.wargame import shares_land
from gamecore.sim.bots.heuristic import _bfs

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.sim.bots.heuristic import _View


def stranded_zones(v: _View) -> tuple[set[int], dict[int, int]]:
    """(the land zones of our land units with no land route to enemy land, the land
    distance of every zone to enemy land)."""
    b = v.b
    ut = v.ut
    passable = {z for z in b.zones if z not in b.impassable}
    enemy = {z: 0 for z in sorted(passable) if v.is_enemy_land(z)}
    near = _bfs(b.land_nbrs, enemy, allowed=passable)
    out = {
        z
        for z, us in v.mine.items()
        if b.is_land(z)
        and z not in near
        and any(ut[u.type].domain == "land" and not u.on for u in us)
    }
    return out, near


def stranded_share(v: _View, stranded: set[int]) -> float:
    """The share of our land army (by cost) standing in ``stranded`` zones."""
    ut = v.ut
    total = 0.0
    there = 0.0
    for z, us in v.mine.items():
        if not v.b.is_land(z):
            continue
        for u in us:
            t = ut[u.type]
            if t.domain == "land" and not u.on and not t.infrastructure:
                total += t.cost
                if z in stranded:
                    there += t.cost
    return there / total if total else 0.0


def landings(v: _View, reach: int, share: float = 0.0) -> frozenset[int]:
    """Land zones our stranded land units would be ferried to: enemy land and friendly
    land within ``reach`` land steps of enemy land where we may stand, none of them
    reachable by land from where the stranded units are; none when the stranded units
    are less than ``share`` of our land army (a garrison on an island is no army)."""
    stranded, near = stranded_zones(v)
    if not stranded or stranded_share(v, stranded) < share:
        return frozenset()
    b = v.b
    s = v.s
    home = _bfs(b.land_nbrs, {z: 0 for z in sorted(stranded)})
    out = set()
    for z, d in near.items():
        if z in home or not b.is_land(z) or not b.coast.get(z):
            continue
        if v.is_enemy_land(z):
            out.add(z)
            continue
        o = v.owner(z)
        if d <= reach and o in v.friends and z not in v.hostile and shares_land(s, v.n, o):
            out.add(z)
    return frozenset(out)


class LandingView:
    """The phase's view, with the ferry goals and landings of :func:`landings`; only the
    stranded units board (every other zone counts as at the front, where the heuristic
    machinery takes no one off), so an army that can march is never shipped about."""

    def __init__(self, view: _View, reach: int, share: float = 0.0):
        self._view = view
        self._land = landings(view, reach, share)
        self._friendly = frozenset(z for z in self._land if not view.is_enemy_land(z))
        self._front: dict[int, int] | None = None

    def __getattr__(self, name: str):
        return getattr(self._view, name)

    def ferry_goals(self) -> set[int]:
        if not self._land:
            return self._view.ferry_goals()
        b = self._view.b
        return {sz for z in sorted(self._land) for sz in b.coast.get(z, ()) if b.is_sea(sz)}

    def takeover_zones(self) -> frozenset[int]:
        return self._view.takeover_zones() | self._friendly

    def front_distance(self) -> dict[int, int]:
        if not self._land:
            return self._view.front_distance()
        if self._front is None:
            stranded, _near = stranded_zones(self._view)
            self._front = {z: 0 for z in self._view.b.zones if z not in stranded}
        return self._front


__all__ = ["LandingView", "landings", "stranded_share", "stranded_zones"]
