"""Control of zones: capture, liberation, capitals, and the victory check.

Sources: seeds/004 "Spaces on the game board" (original controller), "Neutral
territories" (captured neutrals have no original controller, can only be captured);
rules-notes/004 §4.2 (liberation returns an ally's original territory when that ally holds
its capital), §4.11 (capital capture takes the treasury; the first time only under the 3G40
purge rule; no income while the capital is held), §1.6/§4.10 (captured major IC becomes
minor).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


def capture(s: GameState, zone: int, nation: str) -> str:
    """``nation`` takes ``zone``; returns the new controller (the original owner when it is
    a liberation)."""
    prev = s.owner.get(zone)
    new = nation
    opts = s.rules.options
    orig = s.board.original.get(zone)
    liberated = False
    if (
        opts.get("liberation")
        and orig is not None
        and orig != nation
        and not s.is_neutral_owner(orig)
        and s.friendly(orig, nation)
        and orig in s.board.nations
        and f"absorbed:{orig}" not in s.awards  # an Aligned minor is gone (seeds/000 §4.4)
    ):
        cap = s.board.capital.get(orig)
        if not opts.get("liberation_needs_capital") or cap is None or s.owner.get(cap) == orig:
            new = orig
            liberated = True
    s.owner[zone] = new
    s.bump()
    s.captured.add(zone)
    s.alignment.pop(zone, None)
    s.event("capture", zone=zone, by=nation, prev=prev, owner=new, liberated=liberated)
    s.remember("captured", by=new, zone=zone, **{"from": prev})
    if liberated:
        s.remember("liberated", by=nation, zone=zone, to=new)
    # a capital falls: its treasury goes to the captor
    victim = s.board.capital_of.get(zone)
    if victim is not None and prev == victim and not s.friendly(victim, nation):
        mode = opts.get("capital_capture", "take_bank")
        keeps = s.rules.nation_rules(victim).keeps_bank_on_capital_loss
        bank = s.banks.get(victim, 0)
        if mode != "none" and not keeps and bank:
            first = f"capital_taken:{victim}" not in s.awards
            if mode == "take_bank" or first:
                s.banks[nation] = s.banks.get(nation, 0) + bank
                s.event("plunder", victim=victim, by=nation, amount=bank)
            else:
                s.event("treasury_lost", victim=victim, amount=bank)
            s.banks[victim] = 0
        s.awards.add(f"capital_taken:{victim}")
    # facilities change hands with the zone; some change type
    for f in list(s.facilities.values()):
        if f.zone != zone:
            continue
        ft = s.rules.facility_types.get(f.type)
        if ft is not None and ft.captured_becomes and not liberated:
            nt = s.rules.facility_types[ft.captured_becomes]
            dmg = min(f.damage, nt.max_damage) if nt.max_damage else 0
            s.facilities[f.id] = f._replace(type=nt.id, damage=dmg)
            s.event("facility_changed", facility=f.id, type=nt.id)
    # infrastructure of the loser is taken over
    ut = s.rules.units
    for uid in s.units_in(zone):
        u = s.units[uid]
        if ut[u.type].infrastructure and u.nation != new and not s.friendly(u.nation, new):
            s.set_unit(uid, nation=new)
    return new


def side_alive(s: GameState, side: str) -> bool:
    return any(s.alive(n) for slot in s.board.turn_slots for n in slot if s.side_of(n) == side)


def playing_sides(s: GameState) -> list[str]:
    return sorted({s.side_of(n) for slot in s.board.turn_slots for n in slot})


def victory_cities(s: GameState) -> dict[str, int]:
    out: dict[str, int] = {side: 0 for side in playing_sides(s)}
    for z, fl in s.board.flags.items():
        if "victory_city" in fl:
            o = s.owner.get(z)
            if o is not None and o in s.board.alliance_of:
                side = s.side_of(o)
                if side in out:
                    out[side] += 1
    return out


def set_winner(s: GameState, side: str | None, reason: str) -> None:
    s.terminal = True
    s.winner = side
    s.end_reason = reason
    s._legal = None
    s.event("game_over", winner=side, reason=reason, round=s.round)


def _victory_objectives(s: GameState, at_end: bool):
    for obj in s.scenario.objectives.values():
        if obj.kind != "victory":
            continue
        if (obj.props.get("check") == "game_end") != at_end:
            continue
        yield obj


def _owner_side(s: GameState, owner: str | None) -> str | None:
    if not owner:
        return None
    return s.side_of(owner) if owner in s.board.alliance_of else owner


def _run_victory_objectives(s: GameState, at_end: bool) -> None:
    """Award victory points, or end the game, by the scenario's victory objectives."""
    from gamecore.engine.objectives import outcome

    for obj in _victory_objectives(s, at_end):
        key = f"victory:{obj.id}"
        if obj.once and key in s.awards:
            continue
        out = outcome(s, obj)
        if not out.met:
            continue
        if obj.once:
            s.awards.add(key)
        side = _owner_side(s, obj.owner)
        if out.vp and side:
            s.vp[side] = s.vp.get(side, 0) + out.vp
            s.event("victory_points", objective=obj.id, side=side, vp=out.vp, total=s.vp[side])
        if out.winner:
            set_winner(s, _owner_side(s, out.winner), f"objective {obj.id}")
            return
        if not out.vp and not out.income and not out.effects:
            set_winner(s, side, f"objective {obj.id}")
            return


def check_victory(s: GameState) -> None:
    if s.terminal:
        return
    _run_victory_objectives(s, at_end=False)
    if s.terminal:
        return
    need = s.rules.options.get("victory_cities", 0)
    if need:
        for side, count in sorted(victory_cities(s).items()):
            if count >= need:
                set_winner(s, side, f"{count} victory cities")
                return
    sides = playing_sides(s)
    alive = [side for side in sides if side_alive(s, side)]
    if len(sides) > 1 and len(alive) <= 1:
        set_winner(s, alive[0] if alive else None, "the other sides are gone")


def end_by_round_limit(s: GameState, reason: str = "round limit") -> None:
    """The game ends without a victory: scenario end rules first, then the ruleset's
    ``round_limit_winner``: most victory points ("vp", ties to ``vp_tie_winner``), most
    income, most victory cities, or nobody."""
    _run_victory_objectives(s, at_end=True)
    if s.terminal:
        return
    mode = s.rules.options.get("round_limit_winner", "income")
    if mode == "vp" and not any(
        "vp" in (o.effect or "") for o in s.scenario.objectives.values() if o.kind == "victory"
    ):
        mode = "income"  # a scenario without victory points
    if mode == "none":
        set_winner(s, None, reason)
        return
    scores: dict[str, int] = {}
    if mode == "victory_cities":
        scores = victory_cities(s)
    elif mode == "vp":
        scores = {side: s.vp.get(side, 0) for side in playing_sides(s)}
    else:
        for side in playing_sides(s):
            scores[side] = sum(
                s.territory_income(n)
                for slot in s.board.turn_slots
                for n in slot
                if s.side_of(n) == side
            )
    best = max(scores.values(), default=0)
    top = [side for side, v in scores.items() if v == best]
    winner = top[0] if len(top) == 1 else None
    if winner is None and mode == "vp":
        tie = s.rules.options.get("vp_tie_winner") or None
        winner = tie if tie in top else None
    set_winner(s, winner, f"{reason} ({mode})")
