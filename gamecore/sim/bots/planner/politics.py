"""Political choices of the planner: declarations of war (and TripleA's political actions,
which the engine offers as declarations carrying the action's id) taken when they pay.

Each open choice is tried on a copy of the game and scored against doing nothing:

- the national-objective income of the nation's alliance right after it (objectives that
  need a war, or peace, with someone: USA's "arsenal", Germany's Soviet trade), counted
  as ``objective_turns`` turns of it;
- the attacks it opens: the new enemies' zones next to our army, by a rough chance of
  taking each (Lanchester strengths) times its worth, the best few only;
- the exposure: the same rough chance that the new enemies take our most valuable zones
  within their reach next turn, times what those zones are worth.

(Rough strengths rather than the dice: a nation at peace weighs its choices every turn,
and the combat move that follows weighs each attack with the real odds.)

Opening a new front against a major power that none of our allies fights costs
``new_front`` on top; one choice is made per turn (the next turn weighs the rest again).
A major power at war with nobody lowers the bar round by round from ``eager_round`` on
(``eagerness``): a power that sits the whole war out is not a playtest a designer believes.
A major whose land army faces no enemy any more (its wars won or out of reach) while its
side trails the round limit's income tiebreak lowers it too, by ``idle_eagerness`` times
as much, for the choices that open attacks. In the last
``tiebreak_rounds`` rounds before a round limit decided on income, a power whose side
trails lowers it by ``tiebreak_push`` for wars that open attacks on the leading side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.errors import WarroomError
from gamecore.rules.economy import objectives_income
from gamecore.sim.bots.heuristic import _View
from gamecore.sim.bots.odds import strength

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState

END = Action.end_phase()


def team_objective_income(state: GameState, n: str) -> int:
    """The national-objective income of ``n`` and the members of its alliance now."""
    side = state.alliance.get(n)
    team = [m for m in state.board.nations if m == n or (side and state.alliance.get(m) == side)]
    return sum(objectives_income(state, m)[0] for m in sorted(team))


def _odds_like(att: float, dfn: float) -> float:
    """A rough chance that a force of strength ``att`` takes a zone held by ``dfn``
    (Lanchester strengths: even at 0.8, sure from twice the defence)."""
    if att <= 0:
        return 0.0
    if dfn <= 0:
        return 1.0
    return min(1.0, max(0.0, (att / dfn - 0.6) / 1.4))


def _land_strength(view, units, stat: str) -> float:
    ut = view.ut
    return strength(view.s, [u for u in units if ut[u.type].domain == "land"], stat)


def opening(bot, before: GameState, after: GameState, n: str) -> float:
    """What the attacks a choice opens are worth: every land zone of the nations that are
    our enemies in ``after`` but not in ``before``, next to our land army, counted by a
    rough chance of taking it (our army beside it against its defenders) times its worth."""
    new = after.enemies(n) - before.enemies(n)
    if not new:
        return 0.0
    v = _View(after, n)
    b = after.board
    vw = bot.params.value_weight
    values = []
    for z, o in sorted(after.owner.items()):
        if o not in new or not b.is_land(z) or z in b.impassable:
            continue
        near = [u for y in b.land_nbrs.get(z, ()) for u in v.mine.get(y, ())]
        if not near:
            continue
        att = _land_strength(v, near, "attack")
        dfn = strength(after, v.hostile.get(z, ()), "defense")
        values.append(_odds_like(att, dfn) * vw * v.zone_worth(z))
    values.sort(reverse=True)
    return sum(values[: bot.planner.opening_targets])


def exposure(bot, before: GameState, after: GameState, n: str) -> float:
    """What the new enemies threaten: for each of our most valuable land zones within
    their reach next turn, a rough chance that their strongest nation takes it (against
    what defends it now) times its worth."""
    new = after.enemies(n) - before.enemies(n)
    if not new:
        return 0.0
    v = _View(after, n)
    b = after.board
    ut = after.rules.units
    vw = bot.params.value_weight
    zones = sorted(
        (z for z, o in after.owner.items() if o == n and b.is_land(z)),
        key=lambda z: (-v.zone_worth(z), z),
    )
    out = 0.0
    looked = 0
    for z in zones:
        if looked >= bot.planner.exposure_zones:
            break
        by_nation: dict[str, list] = {}
        for u in v.threats_at(z):
            if u.nation in new:
                by_nation.setdefault(u.nation, []).append(u)
        if not by_nation:
            continue
        looked += 1
        dfn = strength(
            after, [u for u in v.friendly_units.get(z, ()) if ut[u.type].domain != "sea"], "defense"
        )
        worst = max(_odds_like(_land_strength(v, us, "attack"), dfn) for us in by_nation.values())
        out += worst * vw * v.zone_worth(z)
    return out


def at_war_with_anyone(state: GameState, n: str) -> bool:
    kind = state.board.nation_kind
    return any(
        kind.get(x) in ("major", "minor") and state.at_war(n, x) for x in state.board.nations
    )


def faces_an_enemy(state: GameState, n: str) -> bool:
    """Whether ``n``'s land army stands next to land of a nation it is at war with (a
    power whose enemies are all beaten or out of reach has an idle army)."""
    b = state.board
    ut = state.rules.units
    enemies = {x for x in state.enemies(n) if x in b.nations}
    if not enemies:
        return False
    owner = state.owner
    army = {
        u.zone
        for u in state.units.values()
        if u.nation == n
        and not u.on
        and b.is_land(u.zone)
        and ut[u.type].domain == "land"
        and not ut[u.type].infrastructure
    }
    return any(
        y not in b.impassable and owner.get(y) in enemies
        for z in sorted(army)
        for y in b.land_nbrs.get(z, ())
    )


def score_declarations(bot, state: GameState, legal: list) -> list[tuple[float, Action, float]]:
    """(score, declaration, what the attacks it opens are worth) of each open choice."""
    decls = sorted(
        (a for a in legal if a.kind == "declare_war"), key=lambda a: (a.nation, a.type or "")
    )
    par = bot.planner
    n = state.current_nation
    side = state.alliance.get(n)
    base_obj = team_objective_income(state, n)
    scored: list[tuple[float, Action, float]] = []
    for a in decls:
        x = a.nation
        if side is not None and state.alliance.get(x) == side:
            continue  # never on our own side
        c = state.clone(keep_log=False)
        c.log_mode = "none"
        try:
            c.apply(a)
        except WarroomError:
            continue
        obj = team_objective_income(c, n) - base_obj
        gain = opening(bot, state, c, n)
        expo = exposure(bot, state, c, n)
        score = par.objective_turns * obj + gain - par.exposure_weight * expo
        ally_at_war = side is not None and any(
            m != n and state.alliance.get(m) == side and state.at_war(m, x)
            for m in state.board.nations
        )
        if state.board.nation_kind.get(x) == "major" and not ally_at_war:
            score -= par.new_front  # a new front against a major power, not joining a war
        scored.append((score, a, gain))
    return scored


def choose_declarations(bot, state: GameState, legal: list) -> list[Action]:
    """The declaration (or political action) worth making now, if any: the best-scored
    one that clears its bar."""
    scored = score_declarations(bot, state, legal)
    if not scored:
        return []
    par = bot.planner
    n = state.current_nation
    eager = 0.0
    idle_army = False
    lead = None
    major = state.board.nation_kind.get(n) == "major"
    trailing = income_leader_ahead_of(state, n) if major and state.max_rounds else None
    if major and state.round >= par.eager_round:
        push = par.eagerness * (state.round - par.eager_round + 1)
        if not at_war_with_anyone(state, n):
            eager = push
        elif par.idle_eagerness and trailing is not None and not faces_an_enemy(state, n):
            # its wars are won or out of reach while its side loses the round limit's
            # tiebreak: a war that opens attacks is pushed too
            eager, idle_army = push * par.idle_eagerness, True
    cap = state.max_rounds
    if cap and par.tiebreak_rounds > 0 and state.round > cap - par.tiebreak_rounds:
        lead = trailing
    scored.sort(key=lambda sa: (-sa[0], sa[1].nation, sa[1].type or ""))
    for score, a, gain in scored:
        push = eager if not idle_army or gain > 0 else 0.0
        if lead is not None and gain > 0 and state.side_of(a.nation) == lead:
            push += par.tiebreak_push  # the round limit is near and that side leads it
        if score >= par.declare_margin - push:
            return [a]  # one at a time: the next turn weighs the rest again
    return []


def income_leader_ahead_of(state: GameState, n: str) -> str | None:
    """The side that would win the round limit's income tiebreak, when it is not ``n``'s
    (None: ``n``'s side leads, or the limit is not decided on income)."""
    mode = state.rules.options.get("round_limit_winner")
    vp = any(
        "vp" in (o.effect or "") for o in state.scenario.objectives.values() if o.kind == "victory"
    )
    if not (mode == "income" or (mode == "vp" and not vp)):
        return None
    sides: dict = {}
    for slot in state.board.turn_slots:
        for m in slot:
            k = state.side_of(m)
            sides[k] = sides.get(k, 0) + state.territory_income(m)
    mine = state.side_of(n)
    lead = max(sorted(sides, key=str), key=lambda k: sides[k])
    return lead if lead != mine and sides[lead] >= sides.get(mine, 0) else None


__all__ = [
    "at_war_with_anyone",
    "choose_declarations",
    "exposure",
    "faces_an_enemy",
    "income_leader_ahead_of",
    "opening",
    "score_declarations",
    "team_objective_income",
]
