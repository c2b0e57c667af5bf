"""The planner bot (``planner``): plans each phase of an A&A-family turn like TripleA's
ProAI (the Hard AI), then compares several candidate plans by a short lookahead.

- Territory values and attack options come from the heuristic machinery
  (:mod:`gamecore.sim.bots.heuristic`): zones weighted by income, capitals, victory
  cities, factories and the national objectives they feed; each attack sized with the
  battle odds (:mod:`gamecore.sim.bots.odds`, confirmed by the battle calculator);
  capitals keep the guard their threat needs; loaded transports land their cargo;
  purchases answer threats to the capital and buy transports for armies with no land
  route to the enemy; each such army is ferried to land beside the war
  (:mod:`gamecore.sim.bots.planner.ferry`).
- Beyond that, the combat move is planned once per *profile* of the weights (bold,
  balanced, careful: how sure an attack must be, what a zone is worth) and the plans are
  compared by :func:`~gamecore.sim.bots.planner.lookahead.score_plan`: the odds of each
  attack less the opponent's best reply to every zone it takes (exact odds for the first
  replies). The best plan is played.
- Politics: declarations of war and TripleA political actions are tried on a copy of
  the game and made when they pay (:mod:`gamecore.sim.bots.planner.politics`); a major
  power at war with nobody is pushed into the war round by round.

The weights are data (``resources/bots/planner.toml``, :mod:`.params`) with per-ruleset
and per-scenario overrides. Thinking (``think_ms`` per decision, or ``PlannerBot(seed,
think_ms=...)``) is counted in work units of a fixed cost, never in wall time, so a game
is the same for a seed on every machine. The bot talks to the engine only through legal
actions, cloned states, state queries and the odds.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.sim.bots.heuristic import HeuristicBot, _View
from gamecore.sim.bots.planner.economy import SpendRest, lend_lease
from gamecore.sim.bots.planner.ferry import LandingView
from gamecore.sim.bots.planner.lookahead import Budget, score_plan
from gamecore.sim.bots.planner.params import PlannerParams, Profile, params_for, work_units
from gamecore.sim.bots.planner.politics import choose_declarations
from gamecore.sim.bots.planner.victory import PlanView

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState

END = Action.end_phase()


class PlannerBot(HeuristicBot):
    """ProAI-style planner with a lookahead over candidate plans (one per nation)."""

    name = "planner"
    systems = ("aa",)

    def __init__(
        self, seed: int = 0, planner: PlannerParams | None = None, think_ms: int | None = None
    ):
        self._fixed = planner
        self._think = think_ms
        self._game: tuple | None = None
        self.planner = planner or PlannerParams()
        super().__init__(seed, self.planner.heuristic)
        self._budget_key: tuple | None = None
        self._budget = Budget(0)
        self._shared: _View | None = None
        self._memo: dict | None = None  # odds and guards shared by the plans compared
        #: what the last compared plans scored, for tests and benches: (profile, score)
        self.last_scores: list[tuple[str, float]] = []

    # -- weights --------------------------------------------------------------------
    def _weights(self, state: GameState) -> None:
        """Read the weights for this game's ruleset, scenario and nation (once per game:
        a bot plays one nation)."""
        key = (state.rules.id, getattr(state.scenario, "id", ""), state.current_nation)
        if self._game == key:
            return
        self._game = key
        if self._fixed is None:
            self.planner = params_for(key[0], key[1], nation=key[2])
        if self._think is not None:
            self.planner = replace(self.planner, think_ms=int(self._think))
        self.params = self.planner.heuristic

    def budget(self, state: GameState) -> Budget:
        """The work units left for the decision at hand (one phase of one turn)."""
        key = (state.round, state.slot, state.sub, state.phase_i)
        if key != self._budget_key:
            self._budget_key = key
            self._budget = Budget(work_units(self.planner))
        return self._budget

    def choose(self, state: GameState) -> Action:
        self._weights(state)
        return super().choose(state)

    def _plan_view(self, state: GameState, nation: str) -> _View:
        """The position as the heuristic machinery reads it, with the worth of each zone
        to the game's victory (:class:`.victory.PlanView`)."""
        return PlanView(state, nation, self.params.objective_weight, self.planner.victory_value)

    def _view(self, state: GameState, nation: str) -> _View:
        v = self._shared
        if v is not None and v.s is state and v.n == nation:
            return v
        return self._plan_view(state, nation)

    # -- purchase -------------------------------------------------------------------
    def _plan_purchase(self, state: GameState, legal: list[Action]) -> list:
        """The heuristic machinery's purchase, each buy cut to the count the rules allow
        when it is played (Global War's earmarked money can make a planned count too
        many), after the lend-lease worth giving (:func:`.economy.lend_lease`)."""
        steps = self._with_landings(
            state, lambda: super(PlannerBot, self)._plan_purchase(state, legal)
        )
        gift = lend_lease(state, legal, self.planner.lend_lease)
        if gift and self.planner.buy_hulls:
            # the gift leaves less money than the plan counted on: the hulls first, or the
            # buys listed before them would leave the stranded army without its ferry
            ut = state.rules.units
            steps.sort(
                key=lambda a: (
                    not (
                        isinstance(a, Action) and a.kind == "buy" and ut[a.type].transport_capacity
                    )
                )
            )
        steps = gift + [_Buy(a) if isinstance(a, Action) and a.kind == "buy" else a for a in steps]
        if state.earmarks.get(state.current_nation) and steps and steps[-1] == END:
            steps[-1:] = [SpendRest(), SpendRest(), END]  # what earmarks left unspent
        return steps

    def _with_landings(self, state: GameState, plan):
        """``plan()`` with the phase's view aimed at the landings of each stranded army
        (:class:`.ferry.LandingView`) when ``landing_reach`` allows: the purchase then
        buys the hulls the ferry needs (the heuristic machinery buys them only for enemy
        land none of our land units reaches, so one U.S. unit in Europe stopped every
        transport the U.S. army at home waited for)."""
        par = self.planner
        if par.landing_reach <= 0 or not par.buy_hulls:
            return plan()
        base = self._plan_view(state, state.current_nation)
        self._shared = LandingView(base, par.landing_reach, par.stranded_share)  # type: ignore[assignment]
        try:
            return plan()
        finally:
            self._shared = None

    # -- non-combat move: ferries -----------------------------------------------------
    def _ferry_plan(self, state: GameState, v: _View, legal, used: set[int], claimed=None):
        """The heuristic machinery's ferrying, aimed at the landings of each stranded
        army (:mod:`.ferry`) when ``landing_reach`` allows."""
        if self.planner.landing_reach > 0:
            par = self.planner
            v = LandingView(v, par.landing_reach, par.stranded_share)  # type: ignore[assignment]
        return super()._ferry_plan(state, v, legal, used, claimed)

    # -- politics -------------------------------------------------------------------
    def _plan_politics(self, state: GameState, legal: list[Action]) -> list:
        want = choose_declarations(self, state, legal)
        return list(want) + [END]

    # -- combat move ----------------------------------------------------------------
    def profile_plan(self, state: GameState, legal: list[Action], profile: Profile) -> list:
        """The heuristic machinery's combat-move plan with ``profile``'s knobs."""
        keep = self.params
        self.params = profile.knobs
        try:
            return HeuristicBot._plan_combat_move(self, state, legal)
        finally:
            self.params = keep

    def _plan_combat_move(self, state: GameState, legal: list[Action]) -> list:
        budget = self.budget(state)
        view = self._plan_view(state, state.current_nation)
        self._shared = view  # one view of the position for every plan compared
        self._memo = {}
        try:
            return self._best_plan(state, legal, view, budget)
        finally:
            self._shared = None
            self._memo = None

    def _odds(self, defence, state, z, attackers, defenders, extra, exact, trials, seed):
        memo = self._memo
        if memo is None:
            return super()._odds(
                defence, state, z, attackers, defenders, extra, exact, trials, seed
            )
        key = ("odds", z, tuple(u.id for u in attackers), tuple(extra), exact, trials, seed)
        hit = memo.get(key)
        if hit is None:
            hit = super()._odds(defence, state, z, attackers, defenders, extra, exact, trials, seed)
            memo[key] = hit
        return hit

    def _capital_guard(self, state: GameState, v: _View) -> set[int]:
        memo = self._memo
        if memo is None:
            return super()._capital_guard(state, v)
        key = ("guard", v.n, self.params.capital_safety)
        hit = memo.get(key)
        if hit is None:
            hit = super()._capital_guard(state, v)
            memo[key] = hit
        return set(hit)

    def _best_plan(self, state: GameState, legal: list[Action], view: _View, budget) -> list:
        self.last_scores = []
        profiles = self.planner.profiles
        cap = getattr(state, "max_rounds", None)
        par = self.planner
        keep = self.params
        if cap and state.round > cap - par.endgame_rounds and par.endgame_value != 1.0:
            # the round limit is near: what counts at the end is the zones held
            profiles = tuple(
                Profile(
                    p.name,
                    replace(p.knobs, value_weight=p.knobs.value_weight * par.endgame_value),
                )
                for p in profiles
            )
            self.params = replace(keep, value_weight=keep.value_weight * par.endgame_value)
        try:
            return self._compare(state, legal, view, budget, profiles)
        finally:
            self.params = keep

    def _compare(self, state, legal, view: _View, budget, profiles) -> list:
        best = None
        seen: dict[tuple, float] = {}
        for i, prof in enumerate(profiles):
            if i and budget.left <= 0:
                break  # out of thinking: the plans compared so far
            steps = self.profile_plan(state, legal, prof)
            sig = tuple(
                repr(s)
                if isinstance(s, Action)
                else (type(s).__name__, vars(s).get("tid"), vars(s).get("zone"))
                for s in steps
            )
            if sig in seen:
                score = seen[sig]
            else:
                score = score_plan(self, view, state, steps, budget)[0]
                seen[sig] = score
            self.last_scores.append((prof.name, round(score, 3)))
            if best is None or score > best[0] + 1e-9:
                best = (score, steps)
        return best[1] if best is not None else [END]


class _Buy:
    """Buy ``a.type``: as many of ``a.count`` as are legal when the step is played."""

    def __init__(self, a: Action):
        self.a = a

    def __call__(self, state: GameState, legal: list[Action]) -> Action | None:
        t = self.a.type
        if Action.buy(t) not in legal:
            return None
        for k in range(self.a.count, 0, -1):
            a = Action.buy(t, k)
            if a in legal or state.system.is_legal(state, a):
                return a
        return None


def planner_bot(seed: int, think_ms: int | None = None) -> PlannerBot:
    """The registry's factory (``planner`` in bot specs); ``think_ms`` overrides the
    weights' thinking per decision."""
    return PlannerBot(seed, think_ms=think_ms)


planner_bot.systems = PlannerBot.systems  # type: ignore[attr-defined]
planner_bot.thinks = True  # type: ignore[attr-defined]

__all__ = ["PlannerBot", "PlannerParams", "planner_bot"]
