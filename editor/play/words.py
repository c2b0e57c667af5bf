"""The play mode's words for a game: actions and log events, the kernel's and the A&A
family's; a rule system's own come from its play adapter
(:meth:`gamecore.engine.systems.RuleSystem.play_adapter`)."""

from __future__ import annotations

from typing import Any

from gamecore.engine.actions import Action
from gamecore.engine.playview import zone_label
from gamecore.rules.losses import dice_words as dice_text

END = Action.end_phase()


def zone_name(pack, z: int) -> str:
    return zone_label(pack, z)


def describe_action(state, a: Action) -> str:
    own = state.system.describe(state, a)  # a rule system's own wording
    if own is not None:
        return own
    pack = state.pack
    k = a.kind
    if k == "buy":
        cost = getattr(state.rules.units.get(a.type), "cost", "")
        return f"Buy {a.type}" + (f" ({cost})" if cost != "" else "")
    if k == "place":
        return f"Place {a.type} in {zone_name(pack, a.zone)}"
    if k == "declare_war":
        return f"Declare war on {a.nation}"
    if k == "fight":
        return f"Battle in {zone_name(pack, a.zone)}" + (f" ({a.mode})" if a.mode else "")
    if k == "casualties":
        return f"Casualties: {a.profile.replace('_', ' ')}"
    if k == "press":
        return "Press on"
    if k == "retreat":
        return f"Retreat to {zone_name(pack, a.zone)}"
    if k == "submerge":
        return "Submerge submarines"
    if k in ("scramble", "kamikaze", "intercept"):
        return f"{k.capitalize()}: {a.count}"
    if k == "fire_mode":  # The War Game: a bomber's bombs or guns, artillery air or land
        return f"{a.type.replace('_', ' ').capitalize()} fires: {a.mode}"
    if k == "lend_lease" and not a.type:
        return f"Lend-lease {a.count} to {a.nation}"
    if k == "scorch":  # The War Game §4.8 scorched earth
        return "Scorched earth: reduce the factory here if this round is survived"
    if k == "reduce_factory":  # The War Game §4.8: no refund
        f = state.facilities.get(a.target)
        where = zone_name(pack, f.zone) if f is not None else f"facility {a.target}"
        if a.type:
            return f"Reduce the factory in {where} to {a.type.replace('_', ' ')}"
        return f"Scrap the factory in {where}"
    if k == "move" and a.mode == "pass":
        return (
            f"Pass {len(a.units)} ship(s) through {zone_name(pack, a.path[-2])} "
            f"to {zone_name(pack, a.path[-1])}"
        )
    if k == "move":
        return f"Move {len(a.units)} unit(s) to {zone_name(pack, a.path[-1])}"
    if k == "end_phase":
        return "End phase"
    return str(a)


def describe_event(pack, e: dict[str, Any], state=None) -> str:
    """An event of the game's log in words (``state``: the game, whose rule system may
    word its own events, and for names the event only refers to, e.g. an army's)."""
    kind = e.get("e", "")
    if state is not None:
        own = state.system.play_adapter().describe_event(pack, e, state)
        if own is not None:
            return own
    z = e.get("zone")
    where = f" in {zone_name(pack, z)}" if isinstance(z, int) else ""
    if kind == "action":
        a = e.get("a", {})
        return f"{e.get('n', '')}: {a.get('kind', '')} " + " ".join(
            f"{k}={v}" for k, v in a.items() if k != "kind"
        )
    if kind == "round" and "hits" in e:
        h = e["hits"]
        text = f"battle{where}, round {e.get('round')}: attacker hits {h[0]}, defender hits {h[1]}"
        dice = e.get("dice")
        if dice:
            (fs_att, fs_def), (att, dfn) = dice
            parts = []
            if fs_att or fs_def:
                parts.append(
                    f"first strike: attacker {dice_text(fs_att)}; defender {dice_text(fs_def)}"
                )
            parts.append(f"attacker {dice_text(att)}; defender {dice_text(dfn)}")
            text += " — dice " + " — ".join(parts)
        return text
    if kind == "lost":
        return f"{e.get('nation')} lost a {e.get('type')}{where}"
    if kind == "battle":
        return f"battle{where}: {e.get('attacker')} attacks {e.get('defender')}"
    if kind == "battle_end":
        rounds = f" after {e['rounds']} round(s)" if e.get("rounds") is not None else ""
        return f"battle{where} ends: {e.get('result')}{rounds}"
    if kind == "research":
        ok = "success" if e.get("success") else "no success"
        return (
            f"{e.get('nation')} researches {e.get('tech')}: rolled {e.get('roll')} "
            f"(needs {e.get('target')}+), {ok}"
        )
    if kind == "repair":
        return (
            f"{e.get('nation')} repairs {e.get('points')} point(s) of facility {e.get('facility')}"
        )
    if kind == "capture":
        return f"{e.get('by')} captures {zone_name(pack, z) if isinstance(z, int) else z}"
    rest = " ".join(f"{k}={v}" for k, v in e.items() if k not in ("e", "zone"))
    return f"{kind}{where}: {rest}" if rest else f"{kind}{where}"
