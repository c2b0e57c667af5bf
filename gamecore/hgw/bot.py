"""A front-level heuristic bot for the ``hgw`` rule system (Hitler's Global War,
issue #28): it plans a side's whole turn at the level of the front, not action by action.

- **Movement**: finds the front (friendly hexes next to enemy hexes), weighs the enemy
  hexes beyond it (the victory hexes, production, how close a hex brings the army to the
  objectives, how many enemy SPs its capture would cut off from supply), and chooses a few
  breakthrough sectors where a mechanised spearhead (advance strength = mech) has the best
  chance; the mech SPs concentrate there, a few infantry SPs ride along to soak the
  defensive assault (losses fall on infantry first), and the rest of the infantry holds
  the line, the most threatened hexes and the side's own victory hexes first (stacking 10,
  at most 12 armies). Moves are emitted one at a time from a per-phase allocation.
- **Announce**: an army announces the attack whose success chance (computed exactly from
  the Firepower and Advance tables: the defender's defensive assault, the army's own
  assault, terrain, the advance bonus, the Russian winter) times the target's worth is
  best, when the chance clears a threshold.
- **Combat**: assault first (it lowers the defence the advance rolls against), then
  advance with the army most likely to succeed; exploitation goes on with the armies that
  advanced while the odds hold and the hex they would enter stays in supply.
- **Production**: repairs early in the game, then builds mech (spearheads) or infantry
  (the line) as the force mix asks, in the home hexes nearest the front.
- **Decisions**: every defensive assault fires; losses fall on infantry first.

Deterministic: it draws no random number (the seed only names it)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from gamecore.engine.actions import Action
from gamecore.engine.state import MOVED, GameState
from gamecore.errors import RulesError
from gamecore.hgw import geo
from gamecore.hgw.armies import armies_in, armies_of, army_count, army_sps, can_attack
from gamecore.hgw.combat import attack_targets, defence_value, mech_advance_strength
from gamecore.hgw.limits import mobilization_lifted
from gamecore.hgw.movement import move_error
from gamecore.hgw.odds import advance_terms, hypothetical_faces
from gamecore.hgw.options import opt
from gamecore.hgw.politics import hexes_of, nation_of, surrendered
from gamecore.hgw.production import income, repairable
from gamecore.hgw.research import bot_research, unit_cost
from gamecore.hgw.sequence import bot_naval
from gamecore.hgw.state import INF, MECH, HgwState
from gamecore.hgw.strategic import bot_air_build, bot_strategic
from gamecore.hgw.supply import sources, supplied
from gamecore.hgw.tables import FRIENDLY, firepower
from gamecore.hgw.uboats import bot_naval_build, bot_uboat
from gamecore.hgw.world import (
    enemy_hex,
    friendly,
    month,
    pp,
    siberian_locked,
    stack_limit,
    winter_mod,
    zone_of_code,
)
from gamecore.model.calendar import parse_date

END = Action.end_phase()


@dataclass(frozen=True)
class HgwParams:
    """The bot's knobs (defaults tuned on the Barbarossa-shaped test map)."""

    #: mech SPs per spearhead the planner aims at (K = round(mech / this))
    mech_per_spearhead: int = 8
    #: infantry riding with a spearhead to absorb the defensive assault
    spearhead_inf: int = 2
    #: at most this many spearheads
    max_spearheads: int = 4
    #: announce an attack when its success chance reaches this
    attack_odds: float = 0.55
    #: ... or this, against a victory hex
    objective_odds: float = 0.3
    #: a target worth this much may be besieged by several armies
    siege_value: float = 30.0
    #: exploit on when the chance reaches this
    exploit_odds: float = 0.6
    #: repair devastation until this round (repairs pay back slowly)
    repair_until_round: int = 4
    #: worth of a victory hex, against a production point's 3
    objective_value: float = 100.0
    #: worth of coming closer to a victory hex: this / (1 + hexes left)
    approach_value: float = 40.0
    #: worth of each enemy SP a capture cuts off from supply
    cut_value: float = 4.0
    #: worth of each own SP a capture brings back into supply
    relief_value: float = 6.0
    #: worth of each enemy SP in a target hex (tripled when it has nowhere to retreat)
    kill_value: float = 1.5
    #: weight, in a line hex's priority, of each own SP whose supply runs through it
    lifeline_weight: float = 1.0
    #: campaign: the Axis declares war on the Soviet Union from this date (Barbarossa)
    war_on_soviets_from: str = "1941-05"
    #: campaign: an unaligned country this small (hexes) may be attacked anywhere; a
    #: larger one only at its capital (a failed conquest makes it join the enemy)
    violate_max_hexes: int = 2


# ---------------------------------------------------------------------- odds
@lru_cache(maxsize=65536)
def _odds(
    fp_key: tuple,
    adv_key: tuple,
    inf: int,
    mech: int,
    adv_strength: tuple,
    mech_half_fire: bool,
    mech_fires: bool,
    def_sp: int,
    def_fire: int,
    garrison: bool,
    friendly_target: bool,
    adv_terms: tuple,
    my_fire_mod: int,
    their_fire_mod: int,
    cap: int,
) -> float:
    """The chance that an army of ``inf`` + ``mech`` takes a hex: the defenders' defensive
    assault (strength ``def_fire``; the attacker loses infantry first), the army's own
    assault, then one roll on the Advance Table; every die enumerated. The advance's
    strength for each number of mech left (``adv_strength``) and its roll modifier for
    each defence column (``adv_terms``) are the rule system's
    (:func:`gamecore.hgw.odds.advance_terms`)."""
    fp = {k: list(v) for k, v in fp_key}
    adv = {k: list(v) for k, v in adv_key}
    total = 0.0
    d1s = range(1, 7) if def_fire > 0 else (0,)
    for d1 in d1s:
        h1 = firepower(fp, def_fire, d1 + their_fire_mod) if d1 else 0
        i2 = max(0, inf - h1)
        m2 = max(0, mech - max(0, h1 - inf))
        if i2 + m2 == 0:
            continue
        fm = (m2 // 2 if mech_half_fire else m2) if mech_fires else 0
        strength = min(cap, i2 + fm)
        am = adv_strength[m2]
        p_branch = 0.0
        for d2 in range(1, 7):
            if friendly_target:
                dfn = FRIENDLY
            else:
                h2 = firepower(fp, strength, d2 + my_fire_mod) if strength else 0
                if def_sp:
                    dfn = min(10, max(0, def_sp - h2))
                else:
                    dfn = 1 if (garrison and h2 == 0) else 0
            p_branch += hypothetical_faces(adv, am, dfn, adv_terms) / 6.0
        total += p_branch / 6.0
    return total / (len(d1s) if def_fire > 0 else 1)


def _freeze(table: dict) -> tuple:
    return tuple(sorted((k, tuple(v)) for k, v in table.items()))


def expected_hits(s: HgwState, nation: str, src: int, target: int, inf: int, mech: int) -> float:
    """The SPs an assault by ``inf`` + ``mech`` from ``src`` on ``target`` kills on
    average (seeds/001 FIREPOWER TABLE; mech do not fire into mountain or swamp, half
    into jungle)."""
    tt = geo.graph(s).terrain.get(target, "clear")
    fm = 0 if tt in ("mountain", "swamp") else (mech // 2 if tt == "jungle" else mech)
    strength = min(opt(s, "hgw_fire_cap"), inf + fm)
    wm = winter_mod(s, nation, src)
    table = opt(s, "hgw_firepower")
    return sum(firepower(table, strength, d + wm) for d in range(1, 7)) / 6.0


def attack_odds(
    s: HgwState,
    nation: str,
    src: int,
    target: int,
    inf: int,
    mech: int,
    bonus: int = 0,
    def_minus: float = 0.0,
) -> float:
    """The chance that ``inf`` + ``mech`` SPs of ``nation`` standing in ``src`` take the
    adjacent ``target`` this combat (defensive assault, assault, advance);
    ``def_minus``: defenders other armies' assaults are expected to kill first."""
    g = geo.graph(s)
    key = s.board.cache.get("hgw_bot_tables")
    if key is None:
        key = s.board.cache["hgw_bot_tables"] = (
            _freeze(opt(s, "hgw_firepower")),
            _freeze(opt(s, "hgw_advance")),
        )
    fp_key, adv_key = key
    tt = g.terrain.get(target, "clear")
    dfn = defence_value(s, nation, target)
    friendly_target = dfn == FRIENDLY
    def_sp = 0 if friendly_target else len(s.at.get(target, ()))
    if def_sp and def_minus:
        def_sp = max(1, def_sp - int(def_minus + 0.5))
    def_fire = 0 if friendly_target else min(opt(s, "hgw_fire_cap"), def_sp)
    garrison = bool(g.garrison.get(target)) and target not in s.no_garrison
    wm = winter_mod(s, nation, src)
    defender = next((s.units[u].nation for u in s.at.get(target, ())), None)
    twm = winter_mod(s, defender, target) if defender else 0
    return _odds(
        fp_key,
        adv_key,
        inf,
        mech,
        tuple(mech_advance_strength(s, src, m) for m in range(mech + 1)),
        tt == "jungle",
        tt not in ("mountain", "swamp"),
        def_sp,
        def_fire,
        garrison,
        friendly_target,
        advance_terms(s, nation, src, target, bonus),
        wm,
        twm,
        opt(s, "hgw_fire_cap"),
    )


# ---------------------------------------------------------------------- the bot
class HgwBot:
    """The front-level heuristic player of the ``hgw`` system (one per nation)."""

    name = "heuristic"
    systems = ("hgw",)

    def __init__(self, seed: int = 0, params: HgwParams | None = None):
        self.seed = int(seed)
        self.params = params or HgwParams()
        self._key = None
        self._want: dict[int, list[int]] = {}
        self._order: list[tuple[int, str]] = []
        self._skip: set = set()
        self._dist_cache: dict = {}
        self._value_key = None
        self._values: dict[int, float] = {}

    # -- entry -----------------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        s = state
        d = s.decision
        if d is not None:
            legal = s.legal_actions()
            if d.kind == "hgw_losses":
                return next((a for a in legal if a.profile == INF), legal[0])
            if d.kind == "hgw_defend":
                return legal[0]  # every army of the hex fires
            return legal[0]
        ph = s.phase
        if ph == "movement":
            return self._movement(s)
        if ph == "announce":
            return self._announce(s)
        if ph == "initial":
            return self._initial(s)
        if ph == "exploitation":
            return self._exploitation(s)
        if ph == "production":
            return self._production(s)
        if ph == "naval":
            return bot_uboat(s) or bot_naval(s)
        if ph == "research":
            return bot_research(s)
        if ph == "strategic":
            return bot_strategic(s)
        legal = s.legal_actions()
        if not legal:
            raise RulesError("no legal action (the game is over)")
        return END if END in legal else legal[0]

    # -- what hexes are worth ----------------------------------------------------------
    def _is_axis(self, s: HgwState) -> bool:
        return s.current_nation == opt(s, "hgw_axis")

    def _objectives(self, s: HgwState, n: str) -> tuple[list[int], list[int]]:
        """(hexes to take, hexes to hold) for nation ``n``."""
        if opt(s, "hgw_victory") in ("campaign", "campaign_2p"):
            return self._campaign_objectives(s, n)
        codes = [opt(s, k) for k in ("hgw_leningrad_hex", "hgw_moscow_hex", "hgw_stalingrad_hex")]
        axis_obj = [z for z in (zone_of_code(s, c) for c in codes) if z is not None]
        berlin = zone_of_code(s, opt(s, "hgw_berlin_hex"))
        berlin_l = [berlin] if berlin is not None else []
        if n == opt(s, "hgw_axis"):
            take = [z for z in axis_obj if s.owner.get(z) != n]
            hold = berlin_l + [z for z in axis_obj if s.owner.get(z) == n]
        else:
            take = berlin_l + [z for z in axis_obj if s.owner.get(z) not in (n, None)]
            take = [z for z in take if s.owner.get(z) != n]
            hold = [z for z in axis_obj if s.owner.get(z) == n]
        return take, hold

    def _campaign_objectives(self, s: HgwState, n: str) -> tuple[list[int], list[int]]:
        """Campaign Game I: the Axis goes for the capitals whose fall makes an enemy at
        war with it surrender (Paris, London and the Midlands, the three Soviet
        capitals); the others for Berlin (seeds/001 SURRENDER, VICTORY CONDITIONS)."""
        g = geo.graph(s)
        berlin = zone_of_code(s, opt(s, "hgw_berlin_hex"))
        take: list[int] = []
        hold: list[int] = []
        for c, terms in sorted(opt(s, "hgw_surrender").items()):
            if not isinstance(terms, dict) or surrendered(s, c):
                continue
            hexes = [g.code[str(h)] for h in terms.get("hexes", ()) if str(h) in g.code]
            for z in hexes:
                o = s.owner.get(z)
                if n in terms.get("by", ()) and o is not None and o != n and s.at_war(n, o):
                    take.append(z)
                elif o == n:
                    hold.append(z)
        if n == opt(s, "hgw_axis"):
            hold += [berlin] if berlin is not None else []
        elif berlin is not None and s.owner.get(berlin) != n and s.at_war(n, opt(s, "hgw_axis")):
            take.append(berlin)
        return sorted(set(take)), sorted(set(hold))

    def _dist(self, s: HgwState, targets) -> dict[int, int]:
        key = tuple(sorted(targets))
        d = self._dist_cache.get(key)
        if d is None:
            g = geo.graph(s)
            d = {z: 0 for z in key}
            todo = deque(key)
            while todo:
                x = todo.popleft()
                for y in g.nbrs.get(x, ()):
                    if y not in d:
                        d[y] = d[x] + 1
                        todo.append(y)
            self._dist_cache[key] = d
        return d

    def _enemy(self, s: HgwState, n: str, z: int) -> bool:
        """A hex the bot is willing to attack: an enemy's; an unaligned country's only
        when the attack cannot make it join the enemy (:meth:`_may_violate`); a side at
        peace's only when the bot means to go to war with it (:meth:`_may_declare`)."""
        if not enemy_hex(s, n, z):
            return False
        o = s.owner.get(z)
        if o is None:
            return self._may_violate(s, n, z)
        return s.at_war(n, o) or self._may_declare(s, n, o)

    def _may_violate(self, s: HgwState, n: str, z: int) -> bool:
        """The alignment decision (seeds/001 Violation Of Neutrality): attack an unaligned
        country only where a failure costs little: one that never aligns, a small one,
        or at its capital (taken, the country surrenders); never one whose armies would
        change side (Italy for the Axis); the Soviets, while mobilisation still caps
        their production, only where attacking does not extend it."""
        c = nation_of(s, z)
        if n in opt(s, "hgw_swap").get(c, {}):
            return False
        mob = opt(s, "hgw_mobilization")
        if mob and n == mob.get("nation") and not mobilization_lifted(s):
            if c not in mob.get("free_regions", ()):
                return False
        if c in opt(s, "hgw_never_align"):
            return True
        cap = zone_of_code(s, str(opt(s, "hgw_capitals").get(c, "")))
        return z == cap or len(hexes_of(s, c)) <= self.params.violate_max_hexes

    def _may_declare(self, s: HgwState, n: str, o: str) -> bool:
        """Going to war with a side at peace (``hgw_declare``): the Axis attacks the Soviet
        Union from :attr:`HgwParams.war_on_soviets_from`; nobody else starts a war."""
        if n != opt(s, "hgw_axis") or o != opt(s, "hgw_soviet"):
            return False
        d = parse_date(self.params.war_on_soviets_from)
        return d is not None and month(s) >= d

    def _cut_sps(self, s: HgwState, n: str, t: int) -> int:
        """Enemy SPs that would lose supply if ``n`` took hex ``t``."""
        o = s.owner.get(t)
        if o is None:
            return 0
        base = supplied(s, o, False)
        srcs = [z for z in sources(s, o, False) if z != t]
        after = geo.trace(
            s,
            srcs,
            lambda z: z != t and friendly(s, o, z),
            occupied_by=o,
        )
        lost = base - after - {t}
        return sum(1 for z in lost for u in s.at.get(z, ()) if s.units[u].nation == o)

    def _relief(self, s: HgwState, n: str, t: int) -> int:
        """``n``'s SPs out of supply now that taking hex ``t`` would supply again."""
        base = supplied(s, n, False)
        out = [z for z in {s.armies[a].zone for a in armies_of(s, n)} if z not in base]
        if not out:
            return 0
        after = geo.trace(
            s, sources(s, n, False), lambda z: z == t or _friend(s, n, z), occupied_by=n
        )
        return sum(len(s.at.get(z, ())) for z in out if z in after)

    def _cuttable(self, s: HgwState, n: str, t: int) -> bool:
        """Whether an army that takes hex ``t`` could be cut off from supply by the
        enemy taking one hex its mech armies reach next turn (an advance and one
        exploitation step: within two hexes of them)."""
        g = geo.graph(s)
        reach: set[int] = set()
        for a, army in s.armies.items():
            o, z = army.nation, army.zone
            if o == n or not enemy_hex(s, n, z) or army_count(s, a)[1] < 3:
                continue
            d = self._dist(s, [z])
            reach |= {y for y, k in d.items() if k <= 2}
        srcs = sources(s, n, False)
        risky = sorted(y for y in reach if y != t and (friendly(s, n, y) or y in g.nbrs.get(t, ())))
        for h in risky:
            if not friendly(s, n, h):
                continue
            got = geo.trace(
                s,
                [x for x in srcs if x != h],
                lambda z, h=h: z != h and (z == t or friendly(s, n, z)),
                occupied_by=n,
            )
            if t not in got:
                return True
        return False

    def _value(self, s: HgwState, n: str, t: int) -> float:
        key = (s.round, n, s.phase, len(s.log))
        if key != self._value_key:
            self._values = {}
            self._value_key = key
        v = self._values.get(t)
        if v is not None:
            return v
        par = self.params
        take, hold = self._objectives(s, n)
        v = 1.0 + 3.0 * pp(s, t)
        if t in take:
            v += par.objective_value
        if take:
            d = self._dist(s, take).get(t, 99)
            v += (par.approach_value if n == opt(s, "hgw_axis") else 8.0) / (1 + d)
        g = geo.graph(s)
        if g.region.get(t) in opt(s, "hgw_home").get(n, ()):
            v += 4.0  # liberating the home country
        v += par.cut_value * self._cut_sps(s, n, t)
        v += par.relief_value * self._relief(s, n, t)
        # the SPs there: lost to the assault, or all of them when they cannot retreat
        there = [u for u in s.at.get(t, ()) if s.units[u].nation != n]
        if there:
            o = s.units[there[0]].nation
            trapped = not any(_friend(s, o, y) for y in g.retreat.get(t, ()))
            v += par.kill_value * len(there) * (3.0 if trapped else 1.0)
        self._values[t] = v
        return v

    # -- movement ----------------------------------------------------------------------
    def _movement(self, s: HgwState) -> Action:
        key = (s.round, s.current_nation)
        if key != self._key:
            self._key = key
            self._skip = set()
            self._plan(s)
        return self._next_move(s)

    def _plan(self, s: HgwState) -> None:
        """The per-phase allocation: hex -> [inf, mech] wanted, and the order in which
        the deficits are filled."""
        n = s.current_nation
        par = self.params
        g = geo.graph(s)
        comp = geo.components(s, lambda z: s.owner.get(z) == n or _friend(s, n, z))
        mine = armies_of(s, n)
        movable = [
            a
            for a in mine
            if a not in s.cut
            and not siberian_locked(s, s.armies[a].zone)
            and s.armies[a].zone in comp
        ]
        # the largest component by movable SPs is the theatre planned
        by_comp: dict[int, int] = {}
        for a in movable:
            lab = comp[s.armies[a].zone]
            by_comp[lab] = by_comp.get(lab, 0) + len(army_sps(s, a))
        self._want, self._order = {}, []
        if not by_comp:
            return
        main = max(sorted(by_comp), key=lambda lab: by_comp[lab])
        hexes = [z for z, lab in comp.items() if lab == main]
        movers = [a for a in movable if comp[s.armies[a].zone] == main]
        tot_inf = tot_mech = 0
        for a in movers:
            i, m = army_count(s, a)
            tot_inf += i
            tot_mech += m
        fixed: dict[int, int] = {}
        for a in mine:
            if a not in movers:
                z = s.armies[a].zone
                fixed[z] = fixed.get(z, 0) + len(army_sps(s, a))
        # an off-map box has no stacking limit: the plan puts at most 30 SPs there
        room = {z: (stack_limit(s, z) or 30) - fixed.get(z, 0) for z in hexes}
        enemy_nb = {z: [t for t in g.nbrs.get(z, ()) if self._enemy(s, n, t)] for z in hexes}
        front = sorted(z for z in hexes if enemy_nb[z])
        if not front:
            return
        take, hold = self._objectives(s, n)

        enemy_armies = [
            (s.armies[a].zone, *army_count(s, a))
            for a in s.armies
            if self._enemy(s, n, s.armies[a].zone) and s.armies[a].nation != n
        ]

        def threat(z: int) -> float:
            """Enemy SPs next to ``z``, and the mech within two hexes (exploitation
            reaches past the line)."""
            out = 0.0
            for t in enemy_nb.get(z, ()):
                for u in s.at.get(t, ()):
                    out += 1.5 if s.units[u].type == MECH else 1.0
            near = self._dist(s, [z])
            for ez, _, em in enemy_armies:
                if near.get(ez, 99) == 2:
                    out += 0.5 * em
            return out

        # spearheads
        k = min(par.max_spearheads, round(tot_mech / max(1, par.mech_per_spearhead)))
        if tot_mech >= 4:
            k = max(1, k)
        k = min(k, len(front))
        spear: list[tuple[int, int, int]] = []  # (hex, mech, inf)
        mech_left, inf_left = tot_mech, tot_inf
        used_targets: set[int] = set()
        pressure: dict[int, float] = {}  # target -> hits expected from chosen spearheads
        for i in range(k):
            m = min(10, -(-mech_left // (k - i))) if k - i else 0
            best = None
            for f in front:
                if any(f == x for x, _, _ in spear) or room.get(f, 0) < 1:
                    continue
                mm = min(m, room[f])
                ii = min(par.spearhead_inf, inf_left, room[f] - mm)
                for t in enemy_nb[f]:
                    if t in used_targets and not self._big(s, n, t, take):
                        continue  # a victory hex may need a siege by several
                    p = attack_odds(s, n, f, t, ii, mm, def_minus=pressure.get(t, 0.0))
                    sc = p * self._value(s, n, t)
                    if best is None or sc > best[0]:
                        best = (sc, f, t, mm, ii)
            if best is None or best[0] <= 0:
                break
            _, f, t, mm, ii = best
            spear.append((f, mm, ii))
            used_targets.add(t)
            pressure[t] = pressure.get(t, 0.0) + expected_hits(s, n, f, t, ii, mm)
            mech_left -= mm
            inf_left -= ii
        want: dict[int, list[int]] = {}
        order: list[tuple[int, str]] = []
        for f, mm, ii in spear:
            want[f] = [ii, mm]
            room[f] -= mm + ii
            order.append((f, MECH))
        for f, _, _ in spear:
            order.append((f, INF))
        # the line: the most threatened front hexes and the hexes to hold
        slots = opt(s, "hgw_max_armies") - len([a for a in mine if a not in movers]) - len(spear)
        cand = set(front) | {z for z in hold if z in comp and comp[z] == main}
        prio: dict[int, float] = {}
        for z in cand:
            if z in want:
                continue
            pr = threat(z) + 0.5 * pp(s, z)
            pr += par.lifeline_weight * self._cut_sps(s, n, z)
            if z in hold:
                near = self._dist(s, [z])
                reach = sum(m / max(1, near.get(ez, 99)) for ez, _, m in enemy_armies)
                pr += 2.0 * reach + (
                    20.0 if any(near.get(ez, 99) <= 3 for ez, _, _ in enemy_armies) else 0.0
                )
            prio[z] = pr
        lines = sorted(prio, key=lambda z: (-prio[z], z))[: max(0, slots)]
        alloc = {z: 0 for z in lines}
        pool = inf_left
        while pool > 0 and lines:
            best_z = None
            best_need = 0.0
            for z in lines:
                if alloc[z] >= room.get(z, 0):
                    continue
                need = (prio[z] + 0.5) / (1 + alloc[z])
                if need > best_need:
                    best_need, best_z = need, z
            if best_z is None:
                break
            alloc[best_z] += 1
            pool -= 1
        for z in sorted(lines, key=lambda z: (-prio[z], z)):
            if alloc[z]:
                want[z] = [alloc[z], 0]
                order.append((z, INF))
        # mech beyond the spearheads' share tops them up while they have room
        if mech_left > 0 and spear:
            for f, _, _ in spear:
                extra = min(mech_left, room.get(f, 0))
                if extra > 0:
                    want[f][1] += extra
                    room[f] -= extra
                    mech_left -= extra
        self._want = want
        self._order = order

    def _next_move(self, s: HgwState) -> Action:
        n = s.current_nation
        cur: dict[int, list[int]] = {}
        free: dict[int, dict[int, list[int]]] = {}  # hex -> army -> unmoved SPs
        for a in armies_of(s, n):
            z = s.armies[a].zone
            c = cur.setdefault(z, [0, 0])
            i, m = army_count(s, a)
            c[0] += i
            c[1] += m
            if a in s.cut or siberian_locked(s, z):
                continue
            fs = [u for u in army_sps(s, a) if not s.units[u].flags & MOVED]
            if fs:
                free.setdefault(z, {})[a] = fs
        want = self._want
        comp = None
        for dst, typ in self._order:
            if (dst, typ) in self._skip or s.owner.get(dst) != n:
                continue
            ti = 0 if typ == INF else 1
            need = want[dst][ti] - cur.get(dst, [0, 0])[ti]
            if need <= 0:
                continue
            if comp is None:
                comp = geo.components(s, lambda z: _friend(s, n, z))
            # sources: hexes whose count of the type exceeds what they want
            cands = []
            for z, byarmy in free.items():
                if z == dst or comp.get(z) != comp.get(dst):
                    continue
                have = cur[z][ti]
                spare = have - want.get(z, [0, 0])[ti]
                if spare <= 0:
                    continue
                for a, fs in byarmy.items():
                    ofs = [u for u in fs if s.units[u].type == typ]
                    if ofs:
                        cands.append((z, a, ofs[: min(spare, need)]))
            if not cands:
                self._skip.add((dst, typ))
                continue
            dist = self._dist(s, [dst])
            cands.sort(key=lambda c: (dist.get(c[0], 99), -len(c[2]), c[1]))
            lim = stack_limit(s, dst)
            here = sum(cur.get(dst, [0, 0]))
            # SPs standing there that are wanted elsewhere leave before the phase ends
            leaving = 0
            unmoved = [u for fs in free.get(dst, {}).values() for u in fs]
            for k, tp in enumerate((INF, MECH)):
                extra = cur.get(dst, [0, 0])[k] - want.get(dst, [0, 0])[k]
                leaving += max(0, min(extra, sum(1 for u in unmoved if s.units[u].type == tp)))
            for z, a, units in cands:
                if lim is not None:
                    units = units[: max(0, lim - here + leaving)]
                if not units:
                    continue
                act = self._move_action(s, n, a, units, z, dst)
                if act is not None:
                    return act
            self._skip.add((dst, typ))
        return self._unstack(s, n, cur, free)

    def _unstack(self, s: HgwState, n, cur, free) -> Action:
        """Before the phase ends: SPs over the stacking limit that can still move go to
        the nearest friendly hex with room (seeds/001 STACKING: the excess is lost)."""
        for z in sorted(cur):
            lim = stack_limit(s, z)
            over = sum(cur[z]) - lim if lim is not None else 0
            if over <= 0 or z not in free:
                continue
            units = sorted(
                (u for fs in free[z].values() for u in fs),
                key=lambda u: (s.units[u].type != INF, u),
            )
            if not units:
                continue
            dist = self._dist(s, [z])
            room = sorted(
                (y for y in dist if _friend(s, n, y) and y != z),
                key=lambda y: (dist[y], y),
            )
            for a, fs in sorted(free[z].items()):
                take = [u for u in units if u in fs][:over]
                if not take:
                    continue
                for y in room:
                    ly = stack_limit(s, y)
                    if ly is not None and sum(cur.get(y, [0, 0])) + len(take) > ly:
                        continue
                    act = self._move_action(s, n, a, take, z, y)
                    if act is not None:
                        return act
        return END

    def _move_action(self, s: HgwState, n, a, units, z, dst) -> Action | None:
        there = armies_in(s, dst, n)
        units = tuple(sorted(units))
        if there:
            tgt = max(there, key=lambda b: (len(army_sps(s, b)), -b))
        elif len(units) == len(army_sps(s, a)):
            tgt = a
        elif len(armies_of(s, n)) < opt(s, "hgw_max_armies"):
            tgt = 0
        else:
            return None
        act = Action("hgw_move", units=units, path=(z, dst), target=tgt)
        return act if move_error(s, act) is None else None

    # -- announce ----------------------------------------------------------------------
    def _announce(self, s: HgwState) -> Action:
        n = s.current_nation
        par = self.params
        take, _ = self._objectives(s, n)
        sure: set[int] = set()  # targets an army already announced has good odds on
        pressure: dict[int, float] = {}
        for a, t in s.declared.items():
            if a in s.armies:
                i, m = army_count(s, a)
                z = s.armies[a].zone
                pressure[t] = pressure.get(t, 0.0) + expected_hits(s, n, z, t, i, m)
        for a, t in s.declared.items():
            if a in s.armies:
                i, m = army_count(s, a)
                z = s.armies[a].zone
                own = expected_hits(s, n, z, t, i, m)
                p = attack_odds(s, n, z, t, i, m, def_minus=pressure[t] - own)
                if p >= 0.75:
                    sure.add(t)
        siege = self._siege(s, n, take, pressure, sure)
        if siege is not None:
            return siege
        best = None
        for a in armies_of(s, n):
            if a in s.declared or not can_attack(s, a):
                continue
            z = s.armies[a].zone
            i, m = army_count(s, a)
            for t in attack_targets(s, a):
                if not self._enemy(s, n, t) or t in sure:
                    continue
                p = attack_odds(s, n, z, t, i, m, def_minus=pressure.get(t, 0.0))
                need = par.objective_odds if self._big(s, n, t, take) else par.attack_odds
                if p < need:
                    continue
                sc = p * self._value(s, n, t)
                if best is None or sc > best[0]:
                    best = (sc, a, t)
        if best is None:
            return END
        return Action("hgw_attack", units=(best[1],), zone=best[2])

    def _big(self, s: HgwState, n, t, take) -> bool:
        """A target worth a siege by several armies: a victory hex, or one worth as
        much as :attr:`HgwParams.siege_value` (an enemy army with nowhere to retreat)."""
        return t in take or (
            self._enemy(s, n, t) and self._value(s, n, t) >= self.params.siege_value
        )

    def _siege(self, s: HgwState, n, take, pressure, sure) -> Action | None:
        """A victory hex too strong for any one army: every army next to it announces
        when their assaults together leave the best of them good odds."""
        cands = {t for t in take}
        for a in armies_of(s, n):
            if can_attack(s, a) and a not in s.declared:
                cands.update(x for x in attack_targets(s, a) if self._big(s, n, x, take))
        for t in sorted(cands, key=lambda x: (-self._value(s, n, x), x)):
            if t in sure or not self._enemy(s, n, t):
                continue
            ready = []
            for a in armies_of(s, n):
                if can_attack(s, a) and t in attack_targets(s, a) and a not in s.declared:
                    ready.append(a)
            if not ready:
                continue
            total = pressure.get(t, 0.0)
            for a in ready:
                i, m = army_count(s, a)
                total += expected_hits(s, n, s.armies[a].zone, t, i, m)
            best_p = 0.0
            for a in [*ready, *(b for b, x in s.declared.items() if x == t and b in s.armies)]:
                i, m = army_count(s, a)
                z = s.armies[a].zone
                own = expected_hits(s, n, z, t, i, m)
                best_p = max(best_p, attack_odds(s, n, z, t, i, m, def_minus=total - own))
            if best_p >= self.params.objective_odds:
                a = max(ready, key=lambda b: (army_count(s, b)[1], len(army_sps(s, b)), -b))
                return Action("hgw_attack", units=(a,), zone=t)
        return None

    # -- initial attacks ---------------------------------------------------------------
    def _initial(self, s: HgwState) -> Action:
        legal = s.legal_actions()
        assaults = [x for x in legal if x.kind == "hgw_assault"]
        if assaults:
            return max(assaults, key=lambda x: (len(x.units), -x.zone))
        n = s.current_nation
        advances = [x for x in legal if x.kind == "hgw_advance"]
        best = None
        for x in advances:
            (a,) = x.units
            i, m = army_count(s, a)
            if _friend(s, n, x.zone):
                if m < 4:
                    continue  # an infantry army stays on the line rather than follow
                lim = stack_limit(s, x.zone)
                if lim is not None and len(s.at.get(x.zone, ())) + i + m > lim:
                    continue  # the excess would die at the end of the next movement
            p = attack_odds(s, n, s.armies[a].zone, x.zone, i, m)
            key = (not _friend(s, n, x.zone), p, m, -a)
            if best is None or key > best[0]:
                best = (key, x)
        return best[1] if best else END

    # -- exploitation ------------------------------------------------------------------
    def _exploitation(self, s: HgwState) -> Action:
        legal = s.legal_actions()
        assaults = [x for x in legal if x.kind == "hgw_assault"]
        if assaults:
            return max(assaults, key=lambda x: len(x.units))
        adv = [x for x in legal if x.kind == "hgw_advance"]
        if adv:
            return adv[0]  # the mandatory advance
        n = s.current_nation
        ok = supplied(s, n, False)
        g = geo.graph(s)
        srcs = set(sources(s, n, False))
        best = None
        for x in legal:
            if x.kind != "hgw_exploit" or not self._enemy(s, n, x.zone):
                continue
            (a,) = x.units
            z = s.armies[a].zone
            i, m = army_count(s, a)
            p = attack_odds(s, n, z, x.zone, i, m, bonus=s.advanced.get(a, 0))
            if p < self.params.exploit_odds:
                continue
            # the hex entered must still trace supply (it is devastated on entry)
            if not any(
                y in ok and (y in srcs or g.terrain.get(y, "clear") not in geo.NO_PASS)
                for y in g.nbrs.get(x.zone, ())
            ):
                continue
            take, _ = self._objectives(s, n)
            wide = sum(1 for y in g.nbrs.get(x.zone, ()) if _friend(s, n, y))
            if x.zone not in take and not self._relief(s, n, x.zone):
                if wide < 2 or self._cuttable(s, n, x.zone):
                    continue  # a salient the enemy cuts off at its next turn
            sc = p * self._value(s, n, x.zone)
            if best is None or sc > best[0]:
                best = (sc, x)
        return best[1] if best else END

    # -- production --------------------------------------------------------------------
    def _production(self, s: HgwState) -> Action:
        n = s.current_nation
        legal = s.legal_actions()
        terms = [x for x in legal if x.kind == "hgw_terms" and x.count == 1]
        if terms:
            return terms[0]  # a surrender offered is accepted: the front is freed
        air = bot_air_build(s) or bot_naval_build(s)
        if air is not None:
            return air
        bank = s.banks.get(n, 0)
        repairs = [x for x in legal if x.kind == "hgw_repair"]
        if repairs and s.round <= self.params.repair_until_round:
            front_d = self._front_dist(s, n)
            safe = [x for x in repairs if front_d.get(x.zone, 99) >= 2 and repairable(s, n, x.zone)]
            if safe:
                return max(safe, key=lambda x: (front_d.get(x.zone, 99), -x.zone))
        builds = [x for x in legal if x.kind == "hgw_build"]
        if not builds:
            return END
        inf = mech = 0
        for u in s.units.values():
            if u.nation == n:
                if u.type == MECH:
                    mech += 1
                else:
                    inf += 1
        axis = n == opt(s, "hgw_axis")
        want_mech = mech < inf if axis else mech * 3 < inf
        cost_m = unit_cost(s, n, MECH) or bank + 1
        typ = MECH if want_mech and bank >= cost_m else INF
        of = [x for x in builds if x.type == typ] or builds
        front_d = self._front_dist(s, n)
        return min(
            of,
            key=lambda x: (front_d.get(x.zone, 99), 0 if x.target else 1, x.zone, x.target),
        )

    def _front_dist(self, s: HgwState, n) -> dict[int, int]:
        g = geo.graph(s)
        front = [
            z
            for z, o in s.owner.items()
            if o == n and any(self._enemy(s, n, t) for t in g.nbrs.get(z, ()))
        ]
        d = {z: 0 for z in front}
        todo = deque(sorted(front))
        while todo:
            x = todo.popleft()
            for y in g.nbrs.get(x, ()):
                if y not in d and s.owner.get(y) == n:
                    d[y] = d[x] + 1
                    todo.append(y)
        return d


def _friend(s: HgwState, n: str, z: int) -> bool:
    return friendly(s, n, z)


__all__ = ["HgwBot", "HgwParams", "attack_odds", "income"]
