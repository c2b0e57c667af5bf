"""The end of a battle: the ruleset's ``closing`` steps, the attackers have fought, the
zone taken (the nation with the most land units there), scrambled fighters home, the
outcome's event, the ruleset's ``end`` steps, and the victory check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.state import FOUGHT, SCRAMBLED
from gamecore.rules import control
from gamecore.rules.battle.context import Round
from gamecore.rules.battle.steps import stage
from gamecore.rules.battle.units import sides, takes_zone

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.rules.state import Battle


def finish(s: GameState, b: Battle) -> None:
    rnd = Round(s, b)
    for st in stage(s, "closing"):
        st.run(rnd)
    att, dfn = sides(s, b)
    ut = s.rules.units
    for u in att:
        s.set_unit(u.id, flags=u.flags | FOUGHT)
    owner = None
    if s.board.is_land(b.zone) and att and not dfn:
        land = [u for u in att if takes_zone(ut[u.type])]
        if land and s.owner.get(b.zone) not in s.friends(b.attacker):
            # the nation with the most land units there takes it (joint attacks)
            counts: dict[str, int] = {}
            for u in land:
                counts[u.nation] = counts.get(u.nation, 0) + 1
            taker = max(sorted(counts), key=lambda x: (counts[x], x == b.attacker))
            owner = control.capture(s, b.zone, taker)
    for uid, home in b.scrambled:
        u = s.units.get(uid)
        if u is None:
            continue
        if s.owner.get(home) in s.friends(u.nation):
            s.move_unit(uid, home, flags=u.flags & ~SCRAMBLED)
    result = "attacker" if att and not dfn else ("defender" if dfn and not att else "draw")
    s.event("battle_end", zone=b.zone, result=result, rounds=b.round, owner=owner)
    rnd.att, rnd.dfn = att, dfn
    for st in stage(s, "end"):
        st.run(rnd)
    s.battle = None
    s.decision = None
    control.check_victory(s)
