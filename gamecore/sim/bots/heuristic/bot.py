"""The heuristic bot: a plan for each phase, handed out action by action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore import DEFAULT_SYSTEM
from gamecore.engine.actions import Action
from gamecore.engine.state import UNLOADED, Unit
from gamecore.errors import RulesError
from gamecore.sim.bots.heuristic.params import END, INF, HeuristicParams, _Plan, bot_options
from gamecore.sim.bots.heuristic.steps import (
    _AirLand,
    _ferry_goals,
    _fit,
    _fleet_outgunned,
    _Load,
    _needs_ferry,
    _paired,
    _pick_profile,
    _Place,
    _power,
    _prefix_power,
    _raid_step,
    _research_plan,
    _roles,
    _Sail,
    _transports_wanted,
    _Unload,
)
from gamecore.sim.bots.heuristic.view import _ball, _bfs, _View
from gamecore.sim.bots.odds import Defence, battle_odds, defenders_in

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


# ---------------------------------------------------------------------- the bot
class HeuristicBot:
    """A rule-of-thumb player for one nation (make one per nation)."""

    name = "heuristic"
    #: the rule systems whose phases and decisions it knows (gamecore.sim.bots.plays): the
    #: default family's
    systems = (DEFAULT_SYSTEM,)

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
