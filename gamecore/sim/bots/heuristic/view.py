"""The position as the heuristic bot reads it once a phase: distances, reach balls and the
:class:`_View` of fronts, threats and values."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gamecore.engine.state import SUBMERGED, Unit
from gamecore.rules import control
from gamecore.sim.bots.objective_value import objective_zone_values
from gamecore.sim.bots.odds import battle_odds

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


# ---------------------------------------------------------------------- helpers
def _bfs(nbrs: dict[int, tuple[int, ...]], sources: dict[int, int], allowed=None) -> dict[int, int]:
    """Multi-source shortest distances (sources carry a start offset)."""
    dist: dict[int, int] = {}
    buckets: dict[int, list[int]] = {}
    for z, d in sorted(sources.items()):
        buckets.setdefault(d, []).append(z)
    if not buckets:
        return dist
    d = min(buckets)
    top = max(buckets) + 10_000
    while d <= top:
        frontier = buckets.pop(d, None)
        if frontier is None:
            if not buckets:
                break
            d = min(buckets)
            continue
        nxt = []
        for z in frontier:
            if z in dist:
                continue
            dist[z] = d
            for y in nbrs.get(z, ()):
                if y not in dist and (allowed is None or y in allowed):
                    nxt.append(y)
        if nxt:
            buckets.setdefault(d + 1, []).extend(nxt)
        if not buckets:
            break
        d = min(buckets)
    return dist


_BALLS: dict[int, tuple[object, dict]] = {}


def _ball(b, dom: str, reach: int, z: int) -> frozenset[int]:
    """Land zones within ``reach`` steps of ``z`` (by land for "land", by any adjacency
    for "air"), ``z`` excluded; for "sea" (by sea) and "air_sea" (by any adjacency) the
    sea zones instead, ``z`` included; cached per board (boards never change during
    play)."""
    hit = _BALLS.get(id(b))
    if hit is None or hit[0] is not b:
        if len(_BALLS) > 8:
            _BALLS.clear()
        hit = (b, {})
        _BALLS[id(b)] = hit
    cache = hit[1]
    key = (dom, reach, z)
    out = cache.get(key)
    if out is None:
        nbrs = b.land_nbrs if dom == "land" else b.sea_nbrs if dom == "sea" else b.nbrs
        seen = {z}
        frontier = [z]
        for _ in range(reach):
            nxt = []
            for x in frontier:
                for y in nbrs[x]:
                    if y not in seen:
                        seen.add(y)
                        nxt.append(y)
            frontier = nxt
        if dom in ("sea", "air_sea"):
            out = frozenset(y for y in seen if b.is_sea(y))
        else:
            out = frozenset(y for y in seen if y != z and b.is_land(y))
        cache[key] = out
    return out


class _View:
    """What the bot's nation sees at the start of a phase (read once per plan)."""

    def __init__(self, s: GameState, nation: str, objective_weight: float = 0.0):
        self.s = s
        self.n = nation
        self._objective_weight = objective_weight
        self._objective_worth: dict[int, float] | None = None
        b = s.board
        self.b = b
        self.ut = s.rules.units
        self.friends = s.friends(nation)
        self.enemies = s.enemies(nation)
        self.mine: dict[int, list[Unit]] = {}
        self.friendly_units: dict[int, list[Unit]] = {}
        self.hostile: dict[int, list[Unit]] = {}
        ut = self.ut
        friends, enemies = self.friends, self.enemies
        mine, friendly, hostile = self.mine, self.friendly_units, self.hostile
        # (units are kept in id order: ids only grow and updates keep a unit's place)
        for u in s.units.values():
            if ut[u.type].infrastructure:
                continue
            n = u.nation
            if n == nation:
                mine.setdefault(u.zone, []).append(u)
            if n in friends:
                if not u.on:
                    friendly.setdefault(u.zone, []).append(u)
            elif n in enemies and not u.on and not u.flags & SUBMERGED:
                hostile.setdefault(u.zone, []).append(u)
        self.capital = b.capital.get(nation)
        self._threat: list | None = None
        self._front: dict[int, int] | None = None
        self._land_reach: dict[int, int] | None = None
        self._goals: set[int] = set()
        self._takeover: frozenset[int] | None = None
        self._sea_safe: dict[int, bool] | None = None
        self.front_zones: set[int] = set()

    # -- zones ------------------------------------------------------------------
    def owner(self, z: int) -> str | None:
        return self.s.owner.get(z)

    def is_enemy_land(self, z: int) -> bool:
        return self.b.is_land(z) and self.owner(z) in self.enemies

    def is_friendly_land(self, z: int) -> bool:
        return self.b.is_land(z) and self.owner(z) in self.friends

    def takeover_zones(self) -> frozenset[int]:
        """Friends' land zones worth something to us that our land units take over by
        entering them (a take-over relationship: Global 1940's Dutch lands)."""
        if self._takeover is None:
            s = self.s
            types = control.takeover_types(s)
            self._takeover = frozenset(
                z
                for z, o in s.owner.items()
                if types
                and o in self.friends
                and z not in self.b.impassable
                and control.may_take_over(s, self.n, z, types)
                and self.zone_worth(z) > 0
            )
        return self._takeover

    def strict_neutral(self, z: int) -> bool:
        """A strict neutral (seeds/004 "Strict neutrals"): attacking one aligns all the
        others with the enemy, so the bot leaves them alone."""
        alignment = getattr(self.s, "alignment", None) or {}
        return alignment.get(z) == "strict"

    def zone_worth(self, z: int) -> float:
        b = self.b
        w = float(b.value.get(z, 0))
        if z in b.capital_of:
            w += 10.0
        if "victory_city" in b.flags.get(z, ()):
            w += 5.0
        for f in self.s.facilities_in(z):
            ft = self.s.rules.facility_types.get(f.type)
            if ft is not None and ft.production:
                w += 4.0
        if self._objective_weight:
            w += self._objective_weight * self.objective_worth().get(z, 0.0)
        return w

    def objective_worth(self) -> dict[int, float]:
        """Zone -> what taking it adds to the nation's national objectives' income
        (:mod:`gamecore.sim.bots.objective_value`), read once per plan."""
        if self._objective_worth is None:
            self._objective_worth = objective_zone_values(self.s, self.n)
        return self._objective_worth

    # -- threats ----------------------------------------------------------------
    def _threat_groups(self) -> list[tuple[str, int, int, list[Unit]]]:
        """Enemy land and air units grouped by where they are and how far they reach
        (rough reach: land units by land within their movement, aircraft within half
        their range)."""
        if self._threat is None:
            groups = []
            for z in sorted(self.hostile):
                by_reach: dict[tuple[str, int], list[Unit]] = {}
                for u in self.hostile[z]:
                    t = self.ut[u.type]
                    if t.domain == "land":
                        by_reach.setdefault(("land", max(1, t.movement)), []).append(u)
                    elif t.domain == "air":
                        by_reach.setdefault(("air", max(1, t.movement // 2)), []).append(u)
                for (dom, reach), group in sorted(by_reach.items()):
                    groups.append((dom, reach, z, group))
            self._threat = groups
            self._threat_at: dict[int, list[Unit]] = {}
        return self._threat

    def threats_at(self, z: int) -> list[Unit]:
        """Enemy units that could attack ``z`` on their next turn."""
        groups = self._threat_groups()
        hit = self._threat_at.get(z)
        if hit is None:
            hit = []
            for dom, reach, origin, group in groups:
                if z in _ball(self.b, dom, reach, origin):
                    hit.extend(group)
            self._threat_at[z] = hit
        return hit

    def sea_safe(self, z: int) -> bool:
        """True when no enemy warship or aircraft that could reach sea zone ``z`` next
        turn (ships by sea within their movement, aircraft within half their range)
        outguns the friendly warships there (attack against defence, times hits)."""
        if self._sea_safe is None:
            self._sea_safe = {}
        hit = self._sea_safe.get(z)
        if hit is not None:
            return hit
        ut = self.ut
        att = 0.0
        for origin, us in self.hostile.items():
            for u in us:
                t = ut[u.type]
                if t.attack <= 0 or t.domain == "land":
                    continue
                if t.domain == "sea":
                    near = _ball(self.b, "sea", max(1, t.movement), origin)
                else:
                    near = _ball(self.b, "air_sea", max(1, t.movement // 2), origin)
                if z in near:
                    att += t.attack * max(1, t.hits)
        dfn = sum(
            ut[u.type].defense * max(1, ut[u.type].hits)
            for u in self.friendly_units.get(z, ())
            if ut[u.type].domain == "sea"
        )
        safe = att <= dfn
        self._sea_safe[z] = safe
        return safe

    def danger(self, z: int, extra: Iterable[Unit] = (), seed: int = 0, defenders=None) -> float:
        """Chance that the enemy takes ``z`` next turn if ``extra`` units (ours) stand there
        besides what is there now (or exactly ``defenders``)."""
        att = self.threats_at(z)
        if not att:
            return 0.0
        land = [u for u in att if self.ut[u.type].domain == "land"]
        if not land:
            return 0.0
        if defenders is None:
            dfn = [u for u in self.friendly_units.get(z, ()) if self.ut[u.type].domain != "sea"]
            dfn = dfn + [u for u in extra if u not in dfn]
        else:
            dfn = list(defenders)
        # the enemy attacks with one nation's units at a time; take the strongest nation
        by_nation: dict[str, list[Unit]] = {}
        for u in att:
            by_nation.setdefault(u.nation, []).append(u)
        worst = 0.0
        for nat in sorted(by_nation):
            us = by_nation[nat]
            if not any(self.ut[u.type].domain == "land" for u in us):
                continue
            o = battle_odds(self.s, z, us, dfn, trials=64, seed=seed + z)
            worst = max(worst, o.win)
        return worst

    # -- beyond the sea --------------------------------------------------------------
    def ferry_goals(self) -> set[int]:
        """Sea zones next to enemy land that our land units cannot reach by land."""
        if self._land_reach is None:
            b = self.b
            mine = [
                z
                for z, us in self.mine.items()
                if b.is_land(z) and any(self.ut[u.type].domain == "land" for u in us)
            ]
            self._land_reach = _bfs(b.land_nbrs, {z: 0 for z in mine})
            goals: set[int] = set()
            for z in b.zones:
                if z in self._land_reach or z in b.impassable:
                    continue
                if not self.is_enemy_land(z) and z not in self.takeover_zones():
                    continue
                goals.update(sz for sz in b.coast.get(z, ()) if b.is_sea(sz))
            self._goals = goals
        return self._goals

    # -- the front ----------------------------------------------------------------
    def front_distance(self) -> dict[int, int]:
        """Land distance (over our side's land) from every zone to the front: our zones
        next to land worth attacking. Busy fronts count as nearer: those facing enemy
        armies, capitals and valuable zones pull harder than one facing a lone raider, so
        units march where the war is and do not chase every stray enemy unit."""
        if self._front is not None:
            return self._front
        b = self.b
        ut = self.ut
        dice = self.s.rules.dice
        targets: dict[int, float] = {}
        owner = self.s.owner
        friends = self.friends
        friendly_land = [z for z, o in owner.items() if o in friends and z not in b.impassable]
        for z, o in owner.items():  # land zones
            if z in b.impassable:
                continue
            if o in self.enemies or z in self.hostile:
                targets[z] = self.zone_worth(z) + (20.0 if z in b.capital_of else 0.0)
            elif (
                self.s.is_neutral_owner(o)
                and o not in self.friends
                and b.value.get(z, 0) > 0
                and not self.strict_neutral(z)
            ):
                targets[z] = float(b.value.get(z, 0)) * 0.5
        enemy_str: dict[int, float] = {}
        for z, us in self.hostile.items():
            st = sum(
                ut[u.type].attack / dice * ut[u.type].hits
                for u in us
                if ut[u.type].domain == "land"
            )
            if st:
                enemy_str[z] = st
        pressure: dict[int, float] = {}
        for z in friendly_land:
            if z in self.hostile:
                continue
            near = [y for y in b.land_nbrs[z] if y in targets]
            if not near:
                continue
            pressure[z] = max(targets[y] for y in near) + 6.0 * sum(
                enemy_str.get(y, 0.0) for y in near
            )
        self.front_zones = set(pressure)
        src: dict[int, int] = {}
        if pressure:
            ranked = sorted(pressure.values())
            hi = ranked[(2 * len(ranked)) // 3]
            lo = ranked[len(ranked) // 3]
            for z, pr in pressure.items():
                src[z] = 0 if pr >= hi else (1 if pr >= lo else 2)
        else:  # nothing of ours touches the enemy: head for enemy land directly
            src = {z: 1 for z in targets}
        friendly = set(friendly_land) | set(src)
        self._front = _bfs(b.land_nbrs, src, allowed=friendly)
        return self._front
