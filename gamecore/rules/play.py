"""The Axis & Allies family in the editor's play mode: the ``aa`` system's play adapter
(:mod:`gamecore.engine.playview`). Its moves are the map's route moves (a stack, then a
zone; waypoints and transports through the session's movement search), its purchases
are hidden in a hot-seat game, and its dock sections follow the turn's spending."""

from __future__ import annotations

from gamecore.engine.actions import Action
from gamecore.engine.playview import LossChoice, PlayAdapter
from gamecore.rules.logwords import context_words, describe_event, hides_event, turn_summary
from gamecore.rules.losses import loss_choice


class AAPlay(PlayAdapter):
    phase_titles = {
        "purchase": "Purchase: pick a unit, how many, then Do",
        "place": "Placement: pick where each bought unit goes",
        "politics": "Politics",
        "combat": "Pending battles (pick the order)",
        "combat_move": "Combat move: click your stack, then a highlighted zone",
        "noncombat_move": "Non-combat move: click your stack, then a highlighted zone",
    }
    #: what a nation buys, researches and repairs is chosen unseen (all in purchase);
    #: everything else is open at the table (moves, battles, casualties, retreats,
    #: scrambles, declarations of war)
    hidden_phases = ("purchase",)
    click_phases = ("combat_move", "noncombat_move")
    route_moves = True
    map_kinds = ("move",)
    section_order = {"buy": 0, "research": 1, "repair": 2, "advance": 3, "place": 4, "fight": 5}
    section_titles = {
        "buy": "Buy (how many: Times)",
        "advance": "Production Chart: next instalments",
        "place": "Place",
        "fight": "Battles",
        "declare_war": "Declare war",
    }
    headed_kinds = ("research", "repair")
    #: (in hot-seat the log keeps purchases hidden: the dock says what waits to be placed)
    bought_phases = ("purchase", "place")
    count_phases = ("purchase",)
    carrier_phases = ("noncombat_move",)

    def default_answer(self, state, legal: list[Action]) -> Action:
        """The casualty order that stands, press on, every fighter/token spent."""
        d = state.decision
        if d is not None and d.kind == "casualties":
            b = getattr(state, "battle", None)
            cur = b.profiles.get(d.about) if b is not None else None
            for a in legal:
                if a.profile == cur:
                    return a
            return legal[0]
        if d is not None and d.kind == "retreat" and Action.press() in legal:
            return Action.press()
        if d is not None and d.kind in ("scramble", "kamikaze", "intercept"):
            return max(legal, key=lambda a: a.count)
        return legal[0]

    # -- the log in words (gamecore.rules.logwords) ----------------------------------
    def describe_event(self, pack, e, state=None):
        return describe_event(pack, e, state)

    def context_words(self, pack, log, i, state):
        return context_words(pack, log, i, state)

    def hides_event(self, e) -> bool:
        return hides_event(e)

    def turn_summary(self, pack, events, nation, state) -> str:
        return turn_summary(pack, events, nation, state)

    def loss_choice(self, state) -> LossChoice | None:
        """A casualty decision: the round's dice and hits first (:mod:`.losses`)."""
        return loss_choice(state, self.default_answer)

    def only_answer(self, state, legal: list[Action]) -> Action | None:
        """One answer, or a casualty choice whose answers all lose the same units
        (a lone submarine, no hit taken, every unit lost): the default."""
        d = state.decision
        if d is None:
            return None
        if len(legal) == 1:
            return legal[0]
        if d.kind == "casualties":
            view = self.loss_choice(state)
            if view is not None and view.trivial:
                return self.default_answer(state, legal)
        return None


__all__ = ["AAPlay"]
