"""The heuristic bot: plays a whole turn to a plan, through the engine's agent interface.

At the start of each phase it reads the position once and makes a plan (a list of
actions); then it hands the actions out one by one, checking each against the legal
actions of the moment (a plan step that became illegal is adapted or dropped, and the rest
of the phase is planned again when nothing of the plan is left that fits).

- purchase: defence first when a capital is in danger (cheap defenders), else an attack
  mix of the land units the ruleset sells; a transport when there is land to take that
  cannot be reached by land; something for the fleet when the enemy fleet outguns ours.
- zones are worth their value, more for capitals, victory cities and factories, and what
  taking them would add to the nation's own national objectives' income
  (:mod:`gamecore.sim.bots.objective_value`, ``objective_weight``): attacks and the march
  to the front go for objectives.
- combat move: every hostile zone within reach is weighed with the battle odds
  (:func:`gamecore.sim.bots.odds.battle_odds`): the smallest force reaching the win-chance
  threshold is sent when the expected trade (units killed minus lost, plus the zone's
  value) pays; capitals keep the defenders their threat needs; loaded transports land
  their cargo on coasts within reach.
- combat: battles in the engine's order; the attacker retreats when its odds have turned.
- non-combat move: aircraft land on the safest landing spot (carriers included), land
  units march toward the front (enemy zones weighted by value, capitals and victory
  cities first) or home when the capital is threatened, transports ferry idle units to
  coasts from which land beyond the sea can be reached.
- place: land units at the factory nearest the front (the capital when it is in danger),
  ships beside a factory.
- politics (war gates only, seeds/000 §5.5): the politics module's default declarations
  (minors, the allies' enemies) plus offensives against a Major the gates allow whose
  border army is outnumbered ``war_ratio`` times (``pact_ratio`` for a pact partner).

Deterministic: everything is iterated in sorted order and the only randomness (the odds'
dice) is seeded from the bot's seed and the position, never from the game's generator.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gamecore.engine.actions import Action
from gamecore.engine.options import OptionSpec
from gamecore.engine.state import SUBMERGED, UNLOADED, Unit
from gamecore.errors import RulesError, RulesetError
from gamecore.rules import control, movement
from gamecore.sim.bots.objective_value import objective_zone_values
from gamecore.sim.bots.odds import Defence, battle_odds, defenders_in

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState

END = Action.end_phase()
INF = 1 << 20


@dataclass
class HeuristicParams:
    """The knobs of the heuristic bot (defaults tuned on the g40 ruleset)."""

    win_threshold: float = 0.8  # win chance an attack needs
    sure_win: float = 0.95  # win chance aimed at when the units are there
    empty_zone_min_value: int = 0  # take undefended zones worth at least this
    trade_margin: float = 0.0  # expected IPC gain (kills - losses + value) an attack needs
    value_weight: float = 2.0  # a captured zone counts as this many turns of its income
    capital_value: float = 30.0  # extra worth of taking an enemy capital
    # a zone whose capture would pay N more from the nation's own national objectives is
    # worth this many times N on top of its value (0: objectives are ignored)
    objective_weight: float = 1.0
    retreat_below: float = 0.3  # retreat when the remaining win chance drops below this
    capital_safety: float = 0.25  # acceptable chance of losing the capital next turn
    trials: int = 64  # dice trials per odds estimate
    confirm_exact: bool = True  # check each chosen attack with the battle calculator
    screen_ratio: float = 1.0  # skip attacks whose fighting power is below this share
    dominant_ratio: float = 4.0  # fighting power beyond this share of the defence is overkill
    max_noncombat_moves: int = 24  # moves per non-combat phase (each costs an engine step)
    max_targets: int = 40  # hostile zones examined per combat move
    # declarations of war beyond the politics default (seeds/000 §5.5; war gates only):
    # a Major whose border army is outnumbered this many times (0: never)
    war_ratio: float = 1.5
    pact_ratio: float = 2.5  # the same against a pact partner
    # transports for an army with no land route to the enemy: hulls for this share of it
    # (None: the ruleset's [bots.heuristic] ferry_share, 0 unless the ruleset sets it)
    ferry_share: float | None = None
    max_transports_per_turn: int = 2


@dataclass
class _Plan:
    key: tuple = ()
    steps: list = field(default_factory=list)
    replans: int = 0


#: the heuristic bot's options a ruleset may set (``[bots.heuristic]``): its knobs, not rules
BOT_OPTIONS = (
    OptionSpec(
        "ferry_share",
        "float",
        0.0,
        doc="transports for this share of a land army standing where no land route leads "
        "to the enemy (at most max_transports_per_turn a turn); 0: at most one transport",
        owner="gamecore.sim.bots.heuristic",
    ),
)


def bot_options(rules) -> dict[str, Any]:
    """The heuristic bot's options for ``rules`` (defaults where the ruleset sets none);
    a bad value is a :class:`RulesetError` naming the ruleset and the key."""
    cached = rules.__dict__.get("_heuristic_options")
    if cached is not None:
        return cached
    given = rules.bots.get("heuristic", {})
    specs = {o.name: o for o in BOT_OPTIONS}
    out = {o.name: o.default for o in BOT_OPTIONS}
    for k, v in given.items():
        spec = specs.get(k)
        if spec is None:
            raise RulesetError(
                f"key 'bots.heuristic.{k}': unknown bot option (known: {', '.join(specs)})",
                rules.source_path or rules.id,
            )
        why = spec.check(v)
        if why is not None:
            raise RulesetError(f"key 'bots.heuristic.{k}': {why}", rules.source_path or rules.id)
        out[k] = v
    rules.__dict__["_heuristic_options"] = out
    return out


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


# ---------------------------------------------------------------------- the bot
class HeuristicBot:
    """A rule-of-thumb player for one nation (make one per nation)."""

    name = "heuristic"
    #: the rule systems whose phases and decisions it knows (gamecore.sim.bots.plays)
    systems = ("aa",)

    def __init__(self, seed: int = 0, params: HeuristicParams | None = None):
        self.seed = int(seed)
        self.params = params or HeuristicParams()
        self._plan = _Plan()

    # -- entry point ------------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise RulesError("no legal action (the game is over)")
        if len(legal) == 1:
            return legal[0]
        d = state.decision
        if d is not None and d.kind == "casualties":
            return _pick_profile(legal)
        if d is not None and d.kind == "retreat" and d.about == "att":
            return self._press_or_retreat(state, legal)
        if d is not None and d.kind in ("scramble", "kamikaze", "intercept"):
            return max(legal, key=lambda a: a.count)  # the default policy: all it may
        ph = state.phase
        if ph == "combat":
            fights = [a for a in legal if a.kind == "fight"]
            return fights[0] if fights else legal[0]
        planner = {
            "purchase": self._plan_purchase,
            "combat_move": self._plan_combat_move,
            "noncombat_move": self._plan_noncombat,
            "place": self._plan_place,
            "politics": self._plan_politics,
        }.get(ph)
        if planner is None:
            return END if END in legal else legal[0]
        return self._next(state, legal, planner)

    def _plan_politics(self, state: GameState, legal: list[Action]) -> list:
        """Declarations of war: the politics module's default (seeds/000 §5.5; nothing
        unless the scenario's war gates are on)."""
        from gamecore.rules.politics import suggested_wars

        n = state.current_nation
        want = suggested_wars(state, n) | self._border_wars(state, n)
        return [a for a in legal if a.kind == "declare_war" and a.nation in want] + [END]

    def _border_wars(self, state: GameState, n: str) -> set[str]:
        """Offensives (seeds/000 §5.5): a Major the war gates let ``n`` attack, at peace (or
        in a pact) with ``n``, whose army along the common land border is outnumbered:
        ``n``'s land attack power next to it reaches ``war_ratio`` (``pact_ratio`` for a
        pact partner) times its land and air defence power within two steps of the
        border. Nothing unless the scenario has war gates (no gate, no opening)."""
        from gamecore.rules.politics import war_targets

        par = self.params
        if par.war_ratio <= 0:
            return set()
        allowed = war_targets(state, n)
        if not allowed:
            return set()
        b = state.board
        kind = b.nation_kind
        side = state.alliance.get(n)
        ut = state.rules.units
        owner = state.owner
        out: set[str] = set()
        for x in sorted(allowed):
            if x not in b.nations or kind.get(x) != "major" or not state.alive(x):
                continue
            rel = state.relation(n, x)
            if rel not in ("peace", "pact"):
                continue
            if side is not None and state.alliance.get(x) == side:
                continue
            theirs = {z for z, o in owner.items() if o == x and b.is_land(z)}
            ours = {
                z
                for z, o in owner.items()
                if o == n and b.is_land(z) and any(y in theirs for y in b.land_nbrs.get(z, ()))
            }
            if not ours:
                continue
            near = set()
            for z in ours:
                near |= _ball(b, "land", 2, z) & theirs
            att = [
                u
                for u in state.units.values()
                if u.zone in ours
                and u.nation == n
                and not u.on
                and ut[u.type].domain == "land"
                and not ut[u.type].infrastructure
            ]
            dfn = [
                u
                for u in state.units.values()
                if u.zone in near
                and u.nation == x
                and ut[u.type].domain in ("land", "air")
                and not ut[u.type].infrastructure
            ]
            p_att = _power(state, att, "attack")
            p_def = _power(state, dfn, "defense")
            ratio = par.pact_ratio if rel == "pact" else par.war_ratio
            if p_att > 0 and p_att >= ratio * p_def:
                out.add(x)
        return out

    def _view(self, state: GameState, nation: str) -> _View:
        """What ``nation`` sees of ``state`` (read once per plan; a subclass may share one
        view between the plans it compares)."""
        return _View(state, nation, self.params.objective_weight)

    def _odds(self, defence, state, z, attackers, defenders, extra, exact, trials, seed):
        """The odds of ``attackers`` against ``z`` (the quick estimate through ``defence``,
        or with ``exact`` the battle calculator); a subclass may remember them."""
        if exact:
            return battle_odds(
                state, z, attackers, defenders, extra_defenders=extra, exact=True, seed=seed
            )
        return defence.odds(attackers, trials=trials, seed=seed)

    def _seed(self, state: GameState, salt: int = 0) -> int:
        return (self.seed * 1_000_003 + state.round * 7919 + state.slot * 131 + salt) & (
            (1 << 62) - 1
        )

    def _next(self, state: GameState, legal: list[Action], planner) -> Action:
        key = (state.round, state.slot, state.sub, state.phase_i)
        p = self._plan
        if p.key != key:
            p.key = key
            p.steps = planner(state, legal)
            p.replans = 0
        while True:
            while p.steps:
                step = p.steps.pop(0)
                a = step(state, legal) if callable(step) else _fit(step, legal, state)
                if a is not None:
                    return a
            if p.replans >= 2:
                return END if END in legal else legal[0]
            p.replans += 1
            p.steps = planner(state, legal)
            if not p.steps:
                return END if END in legal else legal[0]

    # -- battles ---------------------------------------------------------------------------
    def _press_or_retreat(self, state: GameState, legal: list[Action]) -> Action:
        b = state.battle
        retreats = [a for a in legal if a.kind == "retreat"]
        press = Action.press()
        if not retreats or b is None:
            return press if press in legal else legal[0]
        att = [
            state.units[u]
            for u in state.units_in(b.zone)
            if state.units[u].nation == b.attacker and not state.units[u].on
        ]
        if not att:
            return press if press in legal else legal[0]
        o = battle_odds(state, b.zone, att, trials=64, seed=self._seed(state, b.zone + b.round))
        if o.win < self.params.retreat_below and o.trade < 0:
            return retreats[0]
        return press if press in legal else legal[0]

    # -- purchase ------------------------------------------------------------------------------
    def _plan_purchase(self, state: GameState, legal: list[Action]) -> list:
        from gamecore.rules.economy import advance_cost, placement_capacity

        n = state.current_nation
        v = self._view(state, n)
        buyable = {a.type for a in legal if a.kind == "buy"}
        ut = v.ut
        units = {t: ut[t] for t in sorted(buyable) if t in ut}
        bank = state.banks.get(n, 0)
        research = _research_plan(state, legal, bank)
        bank -= len(research) * int(state.rules.options["research_cost"])
        # Global War §7.3: pay on what is on the Production Chart before starting more
        paying: list = []
        for a in (a for a in legal if a.kind == "advance"):
            price = advance_cost(state, a.target)
            if price <= bank:
                paying.append(a)
                bank -= price
        if not units:
            return research + paying + [END]
        cap, _domains = placement_capacity(state, n)
        queued = sum(c for t, c in state.pending.get(n, {}).items() if t in ut)
        slots = max(0, cap - queued)
        steps: list = list(research) + paying
        # repair bombed factories first while that leaves money for units
        for a in (a for a in legal if a.kind == "repair"):
            f = state.facilities.get(a.target)
            ft = state.rules.facility_types.get(f.type) if f is not None else None
            if ft is None:
                continue
            price = f.damage * max(1, ft.repair_cost)
            if price <= bank - 10:
                steps.append(a)
                bank -= price
        if not slots:
            return steps + [END]
        cost = {t: u.cost_for(n) for t, u in units.items()}
        land = {t: u for t, u in units.items() if u.domain == "land" and u.attack + u.defense > 0}
        buys: dict[str, int] = {}

        def buy(t: str, k: int = 1) -> int:
            nonlocal bank, slots
            k = min(k, slots, bank // max(1, cost[t]))
            if k > 0:
                buys[t] = buys.get(t, 0) + k
                bank -= cost[t] * k
                slots -= k
            return k

        # 1. defence of the capital
        cap_zone = v.capital
        if cap_zone is not None and v.owner(cap_zone) == n:
            d = v.danger(cap_zone, seed=self._seed(state, 1))
            if d > self.params.capital_safety and land:
                best_def = min(land, key=lambda t: (cost[t] / max(1, land[t].defense), t))
                want = 2 + int(d * 6)
                buy(best_def, want)
        # 2. a transport (and an escort) when land beyond the sea is to be taken
        if "transport" in _roles(units) and _needs_ferry(v, state):
            tr = _roles(units)["transport"]
            if (
                not any(ut[u.type].transport_capacity for us in v.mine.values() for u in us)
                and bank >= cost[tr] + 6
            ):
                buy(tr)
            # more hulls while an army waits on land that has no land route to the enemy
            # (an island, a continent at peace): enough to carry ferry_share of it
            share = self.params.ferry_share
            if share is None:
                share = float(bot_options(state.rules)["ferry_share"])
            want = _transports_wanted(v, state, units[tr], share)
            for _ in range(min(want, self.params.max_transports_per_turn)):
                if bank < cost[tr] + 6 or not buy(tr):
                    break
        # 3. the fleet: when the enemy fleet next to our coast outguns ours
        navy = [t for t, u in units.items() if u.domain == "sea" and u.attack > 0]
        if navy and bank >= 20 and _fleet_outgunned(v):
            best = min(navy, key=lambda t: (cost[t] / max(1, units[t].defense), t))
            buy(best)
        # 4. land army: attack mix (cheap defenders, support, mobile punch)
        if land:
            by_value = sorted(land, key=lambda t: (cost[t], t))
            cheap = min(land, key=lambda t: (cost[t] / max(1, land[t].defense), t))
            punch = max(land, key=lambda t: (land[t].attack * 10 - cost[t], t))
            support = [t for t in land if land[t].support and t not in (cheap, punch)]
            mix = [cheap, cheap]
            if support:
                mix.append(support[0])
            mix.append(punch)
            i = 0
            guard = 0
            while slots > 0 and bank >= cost[by_value[0]] and guard < 200:
                guard += 1
                t = mix[i % len(mix)]
                i += 1
                if cost[t] > bank:
                    continue
                buy(t)
        # 5. leftover money: an aircraft when a few turns' savings allow
        air = [t for t, u in units.items() if u.domain == "air" and u.attack >= 3]
        if air and slots > 0:
            f = min(air, key=lambda t: (cost[t], t))
            if bank >= cost[f]:
                buy(f)
        for t in sorted(buys):
            steps.append(Action.buy(t, buys[t]))
        steps.append(END)
        return steps

    # -- combat move --------------------------------------------------------------------
    def _plan_combat_move(self, state: GameState, legal: list[Action]) -> list:
        n = state.current_nation
        v = self._view(state, n)
        ut = v.ut
        par = self.params
        # who can reach what
        reach: dict[int, dict[int, Action]] = {}  # dest -> unit id -> move carrying it
        ferry: dict[int, dict[int, list]] = {}  # land dest -> transport id -> steps
        for a in legal:
            if a.kind != "move" or a.mode or a.transport:
                continue
            dest = a.path[-1]
            first = state.units[a.units[0]]
            t = ut[first.type]
            if t.defenseless or (t.attack <= 0 and not first.on):
                continue
            if first.on:  # unloading cargo straight from a transport
                byu = reach.setdefault(dest, {})
                for uid in a.units:
                    byu.setdefault(uid, a)
                continue
            byu = reach.setdefault(dest, {})
            for uid in a.units:
                cur = byu.get(uid)
                if cur is None or len(a.units) > len(cur.units):
                    byu[uid] = a
        self._ferry_options(state, v, legal, ferry)
        # units that stay home
        reserved = self._capital_guard(state, v)
        # candidate targets
        targets = []
        for dest in sorted(set(reach) | set(ferry)):
            if state.board.is_land(dest):
                o = v.owner(dest)
                hostile = o in v.enemies or dest in v.hostile
                neutral = state.is_neutral_owner(o) and o not in v.friends and not hostile
                if not (hostile or neutral):
                    continue
                if neutral and state.board.value.get(dest, 0) <= par.empty_zone_min_value:
                    continue
                if neutral and v.strict_neutral(dest):
                    continue  # invading one turns every strict neutral against us
            elif dest not in v.hostile:
                continue
            targets.append(dest)
        if len(targets) > par.max_targets:
            targets.sort(key=lambda z: (-v.zone_worth(z), z))
            targets = sorted(targets[: par.max_targets])
        committed: set[int] = set(reserved)
        orders: list[tuple[float, int, list[int]]] = []
        evaluated = []
        for z in targets:
            cand = self._attack_plan(state, v, z, reach.get(z, {}), ferry.get(z, {}), committed)
            if cand is not None:
                evaluated.append(cand)
        evaluated.sort(key=lambda c: (-c[0], c[1]))
        for cand in evaluated:
            z = cand[1]
            if committed & set(cand[2]) or committed & set(cand[3]):
                # some of its units went to a better attack: plan it again with the rest
                cand = self._attack_plan(state, v, z, reach.get(z, {}), ferry.get(z, {}), committed)
                if cand is None:
                    continue
            score, z, units, transports = cand
            committed.update(units)
            orders.append((score, z, units))
            for tid in transports:
                committed.add(tid)
        steps: list = []
        for _score, z, units in orders:
            steps.extend(self._move_steps(state, v, z, units, reach.get(z, {}), ferry.get(z, {})))
        # Global War §9.11: submarines left where a convoy line can be raided raid it
        steps.extend([_raid_step] * sum(1 for a in legal if a.kind == "raid"))
        steps.append(END)
        return steps

    def _capital_guard(self, state: GameState, v: _View) -> set[int]:
        """Units that must stay in the capital (the fewest that keep it safe enough)."""
        cap = v.capital
        if cap is None or v.owner(cap) != v.n:
            return set()
        here = [u for u in v.mine.get(cap, ()) if v.ut[u.type].domain != "sea"]
        if not here or not v.threats_at(cap):
            return set()
        # keep the best defenders first
        here.sort(key=lambda u: (-v.ut[u.type].defense, v.ut[u.type].cost, u.id))
        others = [u for u in v.friendly_units.get(cap, ()) if u.nation != v.n]
        keep: list[Unit] = []
        for u in here:
            # the danger if only ``keep`` (and the allies there) stayed
            d = v.danger(cap, seed=self._seed(state, 2), defenders=others + keep)
            if d <= self.params.capital_safety:
                break
            keep.append(u)
        return {u.id for u in keep}

    def _ferry_options(self, state, v: _View, legal, ferry) -> None:
        """Loaded transports: land dest -> transport -> [transport move or None, cargo]."""
        ut = v.ut
        tmoves: dict[int, list[Action]] = {}
        for a in legal:
            if a.kind == "move" and not a.transport and len(a.units) == 1:
                u = state.units[a.units[0]]
                if ut[u.type].transport_capacity and not u.on:
                    tmoves.setdefault(u.id, []).append(a)
        for z, us in sorted(v.mine.items()):
            if not state.board.is_sea(z):
                continue
            for tr in us:
                if not ut[tr.type].transport_capacity or tr.flags & UNLOADED:
                    continue
                cargo = [c for c in state.cargo_of(tr.id) if state.units[c].nation == v.n]
                if not cargo:
                    continue
                seas = [(z, None)]
                for a in tmoves.get(tr.id, []):
                    dest = a.path[-1]
                    if dest not in v.hostile:
                        seas.append((dest, a))
                for sz, mv in seas:
                    for land in state.board.coast.get(sz, ()):
                        if not state.board.is_land(land):
                            continue
                        o = v.owner(land)
                        if o in v.friends and land not in v.hostile:
                            continue
                        opts = ferry.setdefault(land, {})
                        if tr.id not in opts or (opts[tr.id][0] is not None and mv is None):
                            opts[tr.id] = [mv, cargo]

    def _attack_plan(self, state, v: _View, z: int, byunit: dict[int, Action], ferry, committed):
        """(score, zone, units, transports) of the cheapest attack on ``z`` that passes the
        thresholds with free units, or None."""
        par = self.params
        ut = v.ut
        b = state.board
        free = [state.units[u] for u in sorted(byunit) if u not in committed and u in state.units]
        ferried: dict[int, list[int]] = {}
        for tid in sorted(ferry):
            if tid in committed:
                continue
            cargo = [c for c in ferry[tid][1] if c not in committed and c not in byunit]
            if cargo:
                ferried[tid] = cargo
        pool = free + [state.units[c] for cs in ferried.values() for c in cs]
        if b.is_land(z):
            pool = [u for u in pool if ut[u.type].domain in ("land", "air")]
            if not any(ut[u.type].domain == "land" for u in pool):
                return None
        else:
            pool = [u for u in pool if ut[u.type].domain in ("sea", "air")]
        if not pool:
            return None

        # cheapest first: what we send first is what we would rather lose
        def pref(u: Unit):
            t = ut[u.type]
            return (t.domain == "air", t.cost, u.id)

        pool.sort(key=pref)
        extra = ()
        o = v.owner(z)
        if b.is_land(z) and state.is_neutral_owner(o) and o not in v.enemies:
            army = b.standing_army.get(z, 0)
            if army and f"activated:{z}" not in state.awards:
                extra = (state.rules.options["standing_army_unit"],) * army
        defenders = defenders_in(state, z, v.n)
        worth = v.zone_worth(z) if b.is_land(z) else 0.0
        if b.is_land(z) and z in b.capital_of and o in v.enemies:
            worth += par.capital_value
        seed = self._seed(state, z)
        if not defenders and not extra:
            if b.is_land(z):
                if b.value.get(z, 0) < par.empty_zone_min_value:
                    return None
                if par.value_weight * worth + 1.0 <= 0:
                    return None  # its capture costs us more objective income than it brings
                # one land unit is enough: the cheapest that can capture
                land = [
                    u for u in pool if ut[u.type].domain == "land" and not ut[u.type].cannot_capture
                ]
                if not land:
                    return None
                u = land[0]
                return (par.value_weight * worth + 1.0, z, [u.id], self._tids(ferried, [u.id]))
            return None

        defence = Defence(state, z, defenders, extra)

        def odds(k: int):
            return self._odds(
                defence, state, z, pool[:k], defenders, extra, False, par.trials, seed
            )

        # a cheap screen first (Lanchester's square law: hit rate times hit points): no
        # force below ``screen_ratio`` of the defence can win, and more than
        # ``dominant_ratio`` is overkill
        dfn_all = list(defenders) + [Unit(-1 - i, "_neutral", t, z) for i, t in enumerate(extra)]
        p_def = _power(state, dfn_all, "defense")
        powers = _prefix_power(state, pool, "attack")
        if p_def > 0 and powers[-1] < par.screen_ratio * p_def:
            return None
        lo = next(
            (k for k in range(1, len(pool) + 1) if powers[k - 1] >= par.screen_ratio * p_def), 1
        )
        hi = next(
            (k for k in range(lo, len(pool) + 1) if powers[k - 1] >= par.dominant_ratio * p_def),
            len(pool),
        )
        if p_def > 0 and powers[hi - 1] >= par.dominant_ratio * p_def:
            full = None  # overwhelming: no need to ask the dice whether it can win
            aim = par.sure_win
        else:
            full = odds(hi)
            if full.win < par.win_threshold:
                return None
            # aim for a sure win when the force is there (the survivors hold the zone)
            aim = par.sure_win if full.win >= par.sure_win else par.win_threshold
        best = full
        while lo < hi:
            mid = (lo + hi) // 2
            o_mid = odds(mid)
            if o_mid.win >= aim:
                hi = mid
                best = o_mid
            else:
                lo = mid + 1
        k = hi
        if best is None or (best is full and not par.confirm_exact):
            best = odds(k)
        if par.confirm_exact:
            # the battle calculator has the last word; a few more units if it disagrees
            for k2 in range(k, min(len(pool), k + 3) + 1):
                best = self._odds(None, state, z, pool[:k2], defenders, extra, True, 0, seed)
                if best.win >= par.win_threshold:
                    break
            else:
                return None
            k = k2
        chosen = pool[:k]
        gain = best.trade + best.win * par.value_weight * worth
        if gain < par.trade_margin:
            return None
        units = [u.id for u in chosen]
        return (gain, z, units, self._tids(ferried, units))

    @staticmethod
    def _tids(ferried: dict[int, list[int]], units: list[int]) -> list[int]:
        us = set(units)
        return [tid for tid, cs in sorted(ferried.items()) if us & set(cs)]

    def _move_steps(self, state, v: _View, z: int, units: list[int], byunit, ferry) -> list:
        steps: list = []
        # units taking the same path move together (one engine step), as long as every
        # non-blitzing unit going through an enemy zone has a partner to blitz with
        groups: dict[tuple, list[int]] = {}
        for uid in units:
            a = byunit.get(uid)
            if a is not None:
                groups.setdefault((a.path, a.transport, a.mode, a.target), []).append(uid)
        for (path, transport, mode, target), ids in sorted(groups.items()):
            ids = _paired(state, ids, path)
            if ids:
                steps.append(Action.move(ids, path, transport=transport, mode=mode, target=target))
        for tid in sorted(ferry):
            mv, cargo = ferry[tid]
            mine = [c for c in cargo if c in units and c not in byunit]
            if not mine:
                continue
            if mv is not None:
                steps.append(mv)
            steps.append(_Unload(tid, z))
        return steps

    # -- non-combat move ----------------------------------------------------------------
    def _plan_noncombat(self, state: GameState, legal: list[Action]) -> list:
        n = state.current_nation
        v = self._view(state, n)
        ut = v.ut
        b = state.board
        par = self.params
        by_group: dict[tuple[int, str, int], list[Action]] = {}  # (zone, type, first id)
        for a in legal:
            if a.kind != "move" or a.mode:
                continue
            u = state.units[a.units[0]]
            by_group.setdefault((u.zone, u.type, min(a.units)), []).append(a)
        steps: list = []
        used: set[int] = set()
        # 1. aircraft land safely
        air_steps = self._land_air(state, v, by_group, used)
        steps.extend(air_steps)
        # 2. the capital first when it is in danger
        cap = v.capital
        cap_danger = 0.0
        if cap is not None and v.owner(cap) == n:
            cap_danger = v.danger(cap, seed=self._seed(state, 3))
        front = v.front_distance()
        at_front = {z for z, d in front.items() if z in v.front_zones}
        moves: list[tuple[float, Action]] = []
        claimed: set[int] = set()  # take-over zones someone is already sent to
        ferry_steps = self._ferry_plan(state, v, legal, used, claimed)
        # a friend's zone we take over by walking in (Global 1940's Dutch lands): one
        # land unit each, the cheapest that gets there, ahead of the march to the front
        takeover = v.takeover_zones()
        if takeover:
            best_to: dict[int, tuple] = {}
            for (zone, typ, _first), acts in sorted(by_group.items()):
                t = ut[typ]
                if t.domain != "land" or t.cannot_capture or b.is_sea(zone):
                    continue
                if zone == cap and cap_danger > par.capital_safety:
                    continue
                for a in acts:
                    dest = a.path[-1]
                    if a.transport or dest not in takeover or dest in claimed:
                        continue
                    uid = min(i for i in a.units)
                    if uid in used:
                        continue
                    key = (t.cost, len(a.path), uid)
                    if dest not in best_to or key < best_to[dest][0]:
                        best_to[dest] = (key, uid, a.path)
            for dest, (_key, uid, path) in sorted(best_to.items()):
                if uid in used:
                    continue
                moves.append((50.0 + v.zone_worth(dest), Action.move([uid], path)))
                used.add(uid)
                claimed.add(dest)
        for (zone, typ, _first), acts in sorted(by_group.items()):
            t = ut[typ]
            if t.domain != "land" or b.is_sea(zone):
                continue
            whole = max(acts, key=lambda a: (len(a.units), -len(a.path)))
            ids = [i for i in whole.units if i not in used]
            if not ids:
                continue
            here = front.get(zone, INF)
            if cap_danger > par.capital_safety and zone != cap:
                to_cap = [a for a in acts if a.path[-1] == cap and not a.transport]
                if to_cap:
                    a = max(to_cap, key=lambda a: len(a.units))
                    moves.append((100.0 + t.defense, Action.move(ids, a.path)))
                    used.update(ids)
                    continue
            if zone == cap and cap_danger > par.capital_safety:
                continue
            if zone in at_front:
                continue  # already facing the enemy: hold the line
            best = None
            for a in acts:
                if a.transport or a.path[-1] == zone:
                    continue
                d = front.get(a.path[-1], INF)
                if d < here and (best is None or (d, len(a.path), a.path) < best[0]):
                    best = ((d, len(a.path), a.path), a)
            if best is None:
                continue
            a = best[1]
            gain = here - best[0][0]
            moves.append((float(gain) + 0.01 * len(ids), Action.move(ids, a.path)))
            used.update(ids)
        # units of several groups taking the same path go in one move (one engine step)
        merged: dict[tuple, tuple[float, list[int]]] = {}
        for gain, a in moves:
            g0, ids0 = merged.get(a.path, (0.0, []))
            merged[a.path] = (max(g0, gain), ids0 + list(a.units))
        moves = [(g, Action.move(ids, path)) for path, (g, ids) in merged.items()]
        moves.sort(key=lambda m: (-m[0], m[1].path, m[1].units))
        budget = max(0, par.max_noncombat_moves - len(steps) - len(ferry_steps))
        steps.extend(a for _, a in moves[:budget])
        steps.extend(ferry_steps)
        steps.append(END)
        return steps

    def _land_air(self, state, v: _View, by_group, used: set[int]) -> list:
        """Moves that bring every aircraft not on a safe spot to the safest one."""
        ut = v.ut
        b = state.board
        steps = []
        for (zone, typ, _first), acts in sorted(by_group.items()):
            t = ut[typ]
            if t.domain != "air":
                continue
            ids = sorted({i for a in acts for i in a.units if i not in used})
            if not ids:
                continue
            safe_here = (
                b.is_land(zone)
                and v.owner(zone) in v.friends
                and zone not in state.captured
                and zone not in v.hostile
            )
            if safe_here and not v.threats_at(zone):
                continue

            def rank(a: Action):
                dest = a.path[-1]
                danger = len(v.threats_at(dest))
                sea = b.is_sea(dest)
                return (danger, sea, len(a.path), a.path)

            cands = sorted(acts, key=rank)
            if not cands:
                continue
            best = cands[0]
            if safe_here and len(v.threats_at(best.path[-1])) >= len(v.threats_at(zone)):
                continue
            if len(best.units) < len(ids):
                whole = [a for a in cands if a.path == best.path]
                best = max(whole, key=lambda a: len(a.units))
            steps.append(Action.move(best.units, best.path))
            used.update(best.units)
            rest = [i for i in ids if i not in best.units]
            for uid in rest:  # the carrier or zone was full: each on its own
                steps.append(_AirLand(uid))
                used.add(uid)
        return steps

    def _ferry_plan(self, state, v: _View, legal, used: set[int], claimed=None) -> list:
        """Load idle units next to an empty transport and sail toward land that cannot be
        reached by land (non-combat move); a loaded transport that reaches a friend's zone
        we take over by entering it (``claimed``: zones already seen to) lands its cargo
        there."""
        claimed = set() if claimed is None else claimed
        if not _needs_ferry(v, state):
            return []
        ut = v.ut
        b = state.board
        steps: list = []
        goal_seas = _ferry_goals(v, state)
        if not goal_seas:
            return []
        loads: dict[int, list[Action]] = {}
        sails: dict[int, list[Action]] = {}
        for a in legal:
            if a.kind != "move":
                continue
            if a.transport:
                loads.setdefault(a.transport, []).append(a)
            elif len(a.units) == 1:
                u = state.units[a.units[0]]
                if ut[u.type].transport_capacity and not u.on:
                    sails.setdefault(u.id, []).append(a)
        sea_dist = _bfs(b.sea_nbrs, {z: 0 for z in goal_seas})
        front = v.front_distance()
        cap_units = set()
        if v.capital is not None and v.danger(v.capital, seed=self._seed(state, 5)) > 0.1:
            cap_units = {u.id for u in v.mine.get(v.capital, ())}
        for tid in sorted(set(loads) | set(sails)):
            tr = state.units.get(tid)
            if tr is None or tr.flags & UNLOADED:
                continue
            cargo = state.cargo_of(tid)
            room = ut[tr.type].transport_capacity - state.cargo_load(tid)
            # where it would sail: nearer the goal, to a sea zone no enemy fleet or air
            # force in reach outguns (a lone transport there is sunk with its cargo)
            sail = None
            if tr.zone not in goal_seas:
                opts = [
                    a
                    for a in sails.get(tid, [])
                    if a.path[-1] in sea_dist
                    and sea_dist[a.path[-1]] < sea_dist.get(tr.zone, INF)
                    and v.sea_safe(a.path[-1])
                ]
                if opts:
                    sail = min(opts, key=lambda a: (sea_dist[a.path[-1]], len(a.path), a.path))
            takeover = v.takeover_zones()
            landing = None
            if takeover:
                spots = [(tr.zone, None)] + sorted(
                    ((a.path[-1], a) for a in sails.get(tid, [])),
                    key=lambda x: (len(x[1].path), x[1].path),
                )
                landing = next(
                    (
                        (sz, mv, z)
                        for sz, mv in spots
                        for z in sorted(b.coast.get(sz, ()))
                        if z in takeover and z not in claimed
                    ),
                    None,
                )
            if not cargo and sail is None and landing is None and tr.zone not in goal_seas:
                continue  # nowhere safe to take a load
            # fill it with idle units (not facing the enemy, not guarding the capital)
            idle = {
                i
                for a in loads.get(tid, [])
                if front.get(a.path[0], INF) >= 1 and a.path[0] not in v.front_zones
                for i in a.units
                if i not in used and i not in cap_units
            }
            if room > 0 and idle:
                cheapest = min(ut[state.units[i].type].transport_cost or INF for i in idle)
                for _ in range(max(1, room // max(1, cheapest))):
                    steps.append(_Load(tid, idle))
                used.update(idle)
                cargo = cargo or sorted(idle)
            if cargo and landing is not None:
                _sz, mv, z = landing
                if mv is not None:
                    steps.append(_Sail(tid, mv))
                steps.append(_Unload(tid, z))
                claimed.add(z)
                continue
            if cargo and sail is not None:
                steps.append(_Sail(tid, sail))
        return steps

    # -- place ----------------------------------------------------------------------------
    def _plan_place(self, state: GameState, legal: list[Action]) -> list:
        n = state.current_nation
        v = self._view(state, n)
        b = state.board
        front = v.front_distance()
        cap = v.capital
        cap_danger = 0.0
        if cap is not None and v.owner(cap) == n:
            cap_danger = v.danger(cap, seed=self._seed(state, 4))
        places = [a for a in legal if a.kind == "place"]
        if not places:
            return [END]
        ut = v.ut
        fleet_at = {
            z for z, us in v.mine.items() if b.is_sea(z) and any(ut[u.type].is_warship for u in us)
        }

        def rank(a: Action):
            z = a.zone
            if a.type not in ut:
                return (0, z)
            dom = ut[a.type].domain
            if dom == "sea":
                return (0 if z in fleet_at else 1, len(v.threats_at(z)), z)
            if cap_danger > self.params.capital_safety and z == cap:
                return (-1, z)
            return (front.get(z, INF), z)

        steps: list = []
        pend = dict(state.pending.get(n, {}))
        for typ in sorted(pend):
            opts = sorted((a for a in places if a.type == typ), key=rank)
            if not opts:
                continue
            for _ in range(pend[typ]):
                steps.append(_Place(typ, [a.zone for a in opts]))
        # finished facilities go where they were built (Global War §11.3)
        steps += [a for a in places if a.type not in ut and a.type not in pend]
        steps.append(END)
        return steps


# ---------------------------------------------------------------------- deferred steps
class _Unload:
    """Unload transport ``tid``'s cargo into ``zone`` (resolved when its turn comes: the
    transport may have just moved)."""

    def __init__(self, tid: int, zone: int):
        self.tid, self.zone = tid, zone

    def __call__(self, state, legal):
        tr = state.units.get(self.tid)
        if tr is None:
            return None
        cargo = set(state.cargo_of(self.tid))
        if not cargo:
            return None
        best = None
        for a in legal:
            if a.kind == "move" and a.path == (tr.zone, self.zone) and set(a.units) <= cargo:
                if best is None or len(a.units) > len(best.units):
                    best = a
        return best


class _Load:
    """Load one more unit (the hardest hitter that fits) of ``allowed`` onto ``tid``."""

    def __init__(self, tid: int, allowed: set[int]):
        self.tid, self.allowed = tid, allowed

    def __call__(self, state, legal):
        ut = state.rules.units
        best = None
        for a in legal:
            if a.kind != "move" or a.transport != self.tid:
                continue
            uid = a.units[0]
            if uid not in self.allowed:
                continue
            t = ut[state.units[uid].type]
            key = (-t.attack, -t.cost, uid)
            if best is None or key < best[0]:
                best = (key, a)
        if best is None:
            return None
        a = best[1]
        uid = a.units[0]
        self.allowed.discard(uid)
        return Action.move([uid], a.path, transport=self.tid)


class _Sail:
    def __init__(self, tid: int, move: Action):
        self.tid, self.move = tid, move

    def __call__(self, state, legal):
        return _fit(self.move, legal, state)


class _AirLand:
    """Land aircraft ``uid`` anywhere safe (after the group move filled a spot)."""

    def __init__(self, uid: int):
        self.uid = uid

    def __call__(self, state, legal):
        cands = [
            a
            for a in legal
            if a.kind == "move" and self.uid in a.units and not a.transport and not a.mode
        ]
        if not cands:
            return None
        a = min(cands, key=lambda a: (state.board.is_sea(a.path[-1]), len(a.path), a.path))
        return Action.move([self.uid], a.path)


class _Place:
    def __init__(self, typ: str, zones: list[int]):
        self.typ, self.zones = typ, zones

    def __call__(self, state, legal):
        ok = {a.zone for a in legal if a.kind == "place" and a.type == self.typ}
        for z in self.zones:
            if z in ok:
                return Action.place(self.typ, z)
        for a in legal:
            if a.kind == "place" and a.type == self.typ:
                return a
        return None


# ---------------------------------------------------------------------- small helpers
def _prefix_power(state, units, stat: str) -> list[float]:
    """:func:`_power` of ``units[:1]``, ``units[:2]``, ... (for the smallest sufficient
    force)."""
    ut = state.rules.units
    dice = state.rules.dice
    rate = 0.0
    hp = 0
    out = []
    for u in units:
        t = ut[u.type]
        rate += t.stat(stat, u.damage > 0) / dice
        hp += t.hits - u.damage
        out.append(rate * hp)
    return out


def _power(state, units, stat: str) -> float:
    """Lanchester fighting power of a force: summed hit chance times summed hit points."""
    ut = state.rules.units
    dice = state.rules.dice
    rate = 0.0
    hp = 0
    for u in units:
        t = ut[u.type]
        rate += t.stat(stat, u.damage > 0) / dice
        hp += t.hits - u.damage
    return rate * hp


def _research_plan(state: GameState, legal: list[Action], bank: int) -> list[Action]:
    """Research rolls to make first (seeds/000 §7.6): as many as the dice and the money
    allow (keeping 10 for units when research costs), easiest stage first."""
    from gamecore.rules import tech

    acts = [a for a in legal if a.kind == "research"]
    if not acts:
        return []
    n = state.current_nation
    cost = int(state.rules.options["research_cost"])
    dice = tech.research_dice(state, n) - len(tech.rolled(state, n))
    if cost:
        dice = min(dice, max(0, bank - 10) // cost)
    techs = state.rules.technologies

    def target(a: Action) -> tuple:
        t = techs[a.type]
        return (t.targets[min(tech.stage(state, n, t.id), t.stages - 1)], a.type)

    return sorted(acts, key=target)[: max(0, dice)]


def _raid_step(state: GameState, legal: list[Action]) -> Action | None:
    """A convoy raid still open at the end of combat move (after the planned moves)."""
    return next((a for a in legal if a.kind == "raid" and not a.mode), None)


def _fit(a: Action, legal: list[Action], state=None) -> Action | None:
    """``a`` if legal now, or the legal move that carries the same units between the same
    zones (its path may differ), or the part of it that can still go, or None."""
    if a in legal:
        return a
    if a.kind == "buy":
        if Action.buy(a.type) not in legal:
            return None
        if state is not None and state.earmarks and not state.system.is_legal(state, a):
            return Action.buy(a.type)  # the plan counted earmarked money this type can't use
        return a
    if a.kind != "move":
        return None
    if state is not None and state.system.is_legal(state, a):
        return a  # groups combined into one move
    want = set(a.units)
    by_path: dict[tuple, set[int]] = {}
    for x in legal:
        if (
            x.kind == "move"
            and x.path[0] == a.path[0]
            and x.path[-1] == a.path[-1]
            and x.transport == a.transport
            and x.mode == a.mode
            and x.target == a.target
        ):
            by_path.setdefault(x.path, set()).update(x.units)
    best = None
    for path, can in sorted(by_path.items(), key=lambda kv: (len(kv[0]), kv[0])):
        ids = sorted(want & can)
        if state is not None:
            ids = _paired(state, ids, path)
        if ids and (best is None or len(ids) > len(best[1])):
            best = (path, ids)
    if best is None:
        return None
    path, ids = best
    return Action.move(ids, path, transport=a.transport, mode=a.mode, target=a.target)


def _paired(state, ids: list[int], path: tuple) -> list[int]:
    """``ids`` less the units that may not blitz along ``path`` without a partner."""
    if movement.blitz_pairing_ok(state, ids, path):
        return ids
    ut = state.rules.units
    keep = [i for i in ids if ut[state.units[i].type].blitz]
    for i in ids:
        if i not in keep and movement.blitz_pairing_ok(state, keep + [i], path):
            keep.append(i)
    return sorted(keep)


def _pick_profile(legal: list[Action]) -> Action:
    profiles = [a for a in legal if a.kind == "casualties"]
    if not profiles:
        return legal[0]
    for p in profiles:
        if p.profile == "cheapest":
            return p
    return profiles[0]


def _roles(units: dict) -> dict[str, str]:
    out: dict[str, str] = {}
    for t, u in sorted(units.items(), key=lambda kv: (kv[1].cost, kv[0])):
        if u.transport_capacity and "transport" not in out:
            out["transport"] = t
    return out


def _needs_ferry(v: _View, state) -> bool:
    """True when there is enemy land our land units cannot reach by land."""
    return bool(_ferry_goals(v, state))


def _ferry_goals(v: _View, state) -> set[int]:
    """Sea zones next to enemy land that our land units cannot reach by land."""
    return v.ferry_goals()


def _transports_wanted(v: _View, state, tr_type, share: float) -> int:
    """How many more transports of ``tr_type`` it takes to carry ``share`` of our land
    units standing where no land route leads to enemy land (counted in transport cost)."""
    cap = max(1, tr_type.transport_capacity)
    if share <= 0:
        return 0
    b = v.b
    ut = v.ut
    enemy = {z: 0 for z in b.zones if v.is_enemy_land(z) and z not in b.impassable}
    reach = _bfs(b.land_nbrs, enemy, allowed={z for z in b.zones if z not in b.impassable})
    stranded = sum(
        ut[u.type].transport_cost
        for z, us in v.mine.items()
        if b.is_land(z) and z not in reach
        for u in us
        if ut[u.type].domain == "land" and ut[u.type].transport_cost and not u.on
    )
    have = sum(ut[u.type].transport_capacity for us in v.mine.values() for u in us)
    missing = share * stranded - have
    return max(0, -int(-missing // cap))


def _fleet_outgunned(v: _View) -> bool:
    b = v.b
    ut = v.ut
    ours = 0.0
    theirs = 0.0
    coast = set()
    for z in v.mine:
        if b.is_land(z):
            coast.update(b.coast.get(z, ()))
    for z in sorted(coast):
        for u in v.friendly_units.get(z, ()):
            if b.is_sea(z) and ut[u.type].is_warship:
                ours += ut[u.type].defense * ut[u.type].hits
        for y in (z, *b.sea_nbrs.get(z, ())):
            for u in v.hostile.get(y, ()):
                if ut[u.type].is_warship:
                    theirs += ut[u.type].attack * ut[u.type].hits
    return theirs > ours * 1.2 and theirs > 0


__all__ = ["HeuristicBot", "HeuristicParams"]
