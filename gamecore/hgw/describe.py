"""The words of the hgw actions in the play mode's action list."""

from __future__ import annotations

from gamecore.engine.actions import Action
from gamecore.hgw.combat import advance_mech, defence_value, fire_strength
from gamecore.hgw.options import opt
from gamecore.hgw.state import AMPH, FORT, INF, MECH, HgwState
from gamecore.hgw.tables import advance_range
from gamecore.hgw.world import friendly, pp


def describe(s: HgwState, a: Action) -> str | None:
    """One line for the play mode's action list."""

    def hx(z: int) -> str:
        return s.board.code.get(z) or str(z)

    def army(aid: int) -> str:
        v = s.armies.get(aid)
        return f"{v.name} ({hx(v.zone)})" if v else f"army {aid}"

    k = a.kind
    if k == "hgw_move":
        types = [s.units[u].type for u in a.units if u in s.units]
        what = f"{types.count(INF)} inf + {types.count(MECH)} mech"
        if types.count(AMPH):
            what += f" + {types.count(AMPH)} amph"
        src = s.army_of.get(a.units[0]) if a.units else None
        if a.target and a.target == src:
            return f"Move {army(a.target)} to {hx(a.path[-1])}"
        into = f"join {army(a.target)}" if a.target else "a new army"
        return f"Move {what} from {hx(a.path[0])} to {hx(a.path[-1])}: {into}"

    def own(z: int) -> str:
        v = s.armies.get(a.units[0]) if a.units else None
        return " (friendly)" if v and friendly(s, v.nation, z) else ""

    def politics(z: int) -> str:
        # seeds/001 Violation Of Neutrality: the alignment decision in the words
        o = s.owner.get(z)
        if o is None:
            return f" (unaligned {country_of(s, z)}: it joins a side unless it surrenders)"
        n = s.current_nation
        if o != n and not s.at_war(o, n) and not friendly(s, n, z):
            return f" (declares war on {o})"
        return ""

    if k == "hgw_attack":
        return f"Announce: {army(a.units[0])} attacks {hx(a.zone)}{own(a.zone)}{politics(a.zone)}"
    if k == "hgw_invade":
        return f"Announce: {army(a.units[0])} invades {hx(a.zone)} by sea{own(a.zone)}"
    if k == "hgw_assault":
        names = ", ".join(army(x) for x in a.units)
        return f"Assault {hx(a.zone)} with {names} (strength {fire_strength(s, a.units, a.zone)})"
    if k == "hgw_advance":
        aid = a.units[0]
        if aid in s.armies:
            top = advance_range(
                opt(s, "hgw_advance"),
                advance_mech(s, aid),
                defence_value(s, s.armies[aid].nation, a.zone),
            )
            odds = f"1-{top}" if top else "no chance"
            return f"Advance {army(aid)} into {hx(a.zone)} ({odds} before modifiers)"
        return f"Advance {army(aid)} into {hx(a.zone)}"
    if k == "hgw_exploit":
        return f"Exploit: {army(a.units[0])} attacks {hx(a.zone)}{own(a.zone)}"
    if k == "hgw_amph_advance":
        return f"Amphibious advance: {army(a.units[0])} sails for {hx(a.zone)}{own(a.zone)}"
    if k == "hgw_defend":
        return f"Defensive assault from {hx(a.zone)}: " + ", ".join(army(x) for x in a.units)
    if k == "hgw_pass":
        return f"No defensive assault from {hx(a.zone)}"
    if k == "hgw_losses":
        other = MECH if a.profile == INF else INF
        return f"Lose {a.profile} first, then {other}"
    if k == "hgw_lend":
        return f"Lend-lease: give {a.count} PP to {a.nation} (spent in its next production)"
    if k == "hgw_convert":
        where_ = hx(s.units[a.units[0]].zone) if a.units and a.units[0] in s.units else "?"
        return f"Convert {len(a.units)} amphibious SP(s) in {where_} to infantry"
    if k == "hgw_repair":
        return f"Repair {a.count} point(s) in {hx(a.zone)}"
    if k == "hgw_build" and a.type == FORT:
        return f"Build {a.count} fort SP(s) in {hx(a.zone)} (ready next production phase)"
    if k == "hgw_build":
        into = army(a.target) if a.target else "a new army"
        return f"Build {a.count} {a.type} in {hx(a.zone)} ({into})"
    if k == "hgw_rebase" and len(a.path) == 2:
        f = s.fleet.get(a.path[0])
        of = f" of {f.points}" if f and f.points != a.count else ""
        return f"Fleet: {a.count}{of} point(s) change base from {hx(a.path[0])} to {hx(a.path[1])}"
    if k == "hgw_bomb" and a.path:
        air = s.air.get(a.path[0])
        n = f"{air.bomber} bomber(s)" + (f" + {air.escort} escort(s)" if air and air.escort else "")
        dfn = s.air.get(a.zone)
        ad = dfn.air_def if dfn and air and dfn.nation != air.nation else 0
        return (
            f"Bombing raid: {n if air else 'bombers'} from {hx(a.path[0])} on {hx(a.zone)} "
            f"({pp(s, a.zone)} PP, {ad} air defence)"
        )
    if k == "hgw_uboat" and a.path:
        routes = opt(s, "hgw_uboats").get("routes") or []
        name = routes[a.target].get("name", a.target) if 0 <= a.target < len(routes) else "?"
        return f"U-boats from {hx(a.path[0])} attack the {name} route"
    if k == "hgw_build_naval":
        if a.type == "asw":
            return f"Build {a.count} A.S.W. SP(s) (the A.S.W. box)"
        return f"Build {a.count} U-boat SP(s) in {hx(a.zone)}"
    if k == "hgw_build_air":
        return f"Build {a.count} {a.type.replace('_', ' ')} SP(s) in {hx(a.zone)}"
    if k == "hgw_research":
        rec = s.tech.get(s.current_nation, {}).get(a.type)
        at = f" (marker {rec.space} -> {rec.space + a.count})" if rec else ""
        return f"Research {a.type}: {a.count} PP{at}"
    if k == "hgw_resolve":
        rec = s.tech.get(s.current_nation, {}).get(a.type)
        return f"Roll for {a.type} research" + (f" (marker on space {rec.space})" if rec else "")
    if k == "hgw_terms":
        if a.count:
            return f"Accept the surrender of {a.nation}: no more attacks between the two sides"
        return f"Refuse the surrender of {a.nation} (it is never offered again)"
    return None


def country_of(s: HgwState, z: int) -> str:
    """The country a hex belongs to (for the words of an attack on an unaligned one)."""
    return s.board.cache["hgw_graph"].region.get(z, "") if "hgw_graph" in s.board.cache else ""
