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

from gamecore.conditions.evaluator import named_relation_type
from gamecore.engine.objectives import outcome
from gamecore.engine.options import OptionSpec
from gamecore.rules import wargame

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
        and wargame.liberates(s, nation, orig)  # seeds/002 §2.3: not simply "same team"
    ):
        cap = s.capital_of(orig)  # a relocated capital counts (§9.23)
        # retaking the ally's capital itself liberates it (its holder is the enemy until
        # now, so the "capital held" check cannot ask the holder): issue #23 point 7
        home = s.board.capital_of.get(zone) == orig
        if (
            not opts.get("liberation_needs_capital")
            or cap is None
            or home
            or s.owner.get(cap) == orig
        ):
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
    # a capital falls: its treasury goes to the captor (or to the bank, §9.23)
    victim = capital_victim(s, zone)
    if victim is not None and prev == victim and not s.friendly(victim, nation):
        mode = opts["capital_capture"]
        nr = s.rules.nation_rules(victim)
        keeps = nr.keeps_bank_on_capital_loss
        bank = s.banks.get(victim, 0)
        if mode != "none" and not keeps and bank:
            first = f"capital_taken:{victim}" not in s.awards
            to_captor = mode == "take_bank" or (mode == "take_bank_first_time" and first)
            if nr.capital_bank_to:
                to_captor = nr.capital_bank_to == "conqueror"
            if to_captor:
                s.banks[nation] = s.banks.get(nation, 0) + bank
                s.event("plunder", victim=victim, by=nation, amount=bank)
            else:
                s.event("treasury_lost", victim=victim, amount=bank)
            s.banks[victim] = 0
        s.awards.add(f"capital_taken:{victim}")
        relocate_capital(s, victim)
    # a relocated capital goes back home when the original is Possessed again (§9.23)
    home_of = s.board.capital_of.get(zone)
    if home_of is not None and home_of == new and home_of in s.capitals:
        del s.capitals[home_of]
        s.event("capital_relocated", nation=home_of, zone=zone, back=True)
    from gamecore.rules.economy import capture_construction, peace_capture

    capture_construction(s, zone, new)
    peace_capture(s, zone, prev, new)
    # facilities change hands with the zone; some change type
    # facilities change hands with the zone; some change type, some are removed
    # (Global War §12.7 fortifications, §12.9 coastal artillery); printed fortified lines
    # guarding the zone fall the first time it is conquered (§1.22)
    if s.rules.options.get("fortified_lines_fall") and not liberated:
        s.awards.add(f"lines_fell:{zone}")
    for f in list(s.facilities.values()):
        if f.zone != zone:
            continue
        ft = s.rules.facility_types.get(f.type)
        if ft is not None and ft.removed_on_capture:
            del s.facilities[f.id]
            s.event("facility_removed", facility=f.id, zone=zone)
            continue
        if ft is not None and ft.captured_becomes and not liberated:
            nt = s.rules.facility_types[ft.captured_becomes]
            dmg = min(f.damage, nt.max_damage) if nt.max_damage else 0
            s.facilities[f.id] = f._replace(type=nt.id, damage=dmg)
            s.event("facility_changed", facility=f.id, type=nt.id)
    wargame.downgrade_on_conquest(s, zone, new)  # seeds/002 §4.8
    # infrastructure of the loser is taken over
    ut = s.rules.units
    for uid in s.units_in(zone):
        u = s.units[uid]
        if ut[u.type].infrastructure and u.nation != new and not s.friendly(u.nation, new):
            s.set_unit(uid, nation=new)
    return new


def takeover_types(s: GameState) -> frozenset[str]:
    """The named relationship types (scenario prop ``takeover_relation_types``, TripleA's
    ``canTakeOverOwnedTerritory``) under which a nation's land units moving into a zone
    of the other nation take control of it without a battle (Global 1940's Allies
    entering a Dutch territory)."""
    return frozenset(s.scenario.props.get("takeover_relation_types") or ())


def may_take_over(s: GameState, nation: str, zone: int, types=None) -> bool:
    """True when ``nation``'s land units entering land ``zone`` take it over: its
    controller is a friend of ``nation`` whose relationship type allows it."""
    types = takeover_types(s) if types is None else types
    if not types or not s.board.is_land(zone):
        return False
    o = s.owner.get(zone)
    if o is None or o == nation or s.is_neutral_owner(o) or not s.friendly(nation, o):
        return False
    rel = s.scenario.props.get("relation_types") or {}
    return named_relation_type(s.history, rel, nation, o, s.relation(nation, o)) in types


def take_over(s: GameState, nation: str, zones, units) -> None:
    """Land ``units`` of ``nation`` entered ``zones``: each one a friend holds under a
    take-over relationship (:func:`may_take_over`) passes to ``nation`` (no battle, no
    liberation; the zone's infrastructure changes hands with it)."""
    types = takeover_types(s)
    if not types:
        return
    ut = s.rules.units
    if not any(
        ut[s.units[u].type].domain == "land" and not ut[s.units[u].type].cannot_capture
        for u in units
        if u in s.units
    ):
        return
    for z in zones:
        if not may_take_over(s, nation, z, types):
            continue
        prev = s.owner.get(z)
        s.owner[z] = nation
        s.bump()
        s.event("taken_over", zone=z, by=nation, prev=prev)
        s.remember("taken_over", by=nation, zone=z, **{"from": prev})
        for uid in s.units_in(z):
            u = s.units[uid]
            if ut[u.type].infrastructure and u.nation == prev:
                s.set_unit(uid, nation=nation)


def capital_victim(s: GameState, zone: int) -> str | None:
    """The nation whose capital ``zone`` is now (a relocated capital counts, the original
    it left does not)."""
    for n, z in s.capitals.items():
        if z == zone:
            return n
    n = s.board.capital_of.get(zone)
    if n is not None and n in s.capitals:
        return None
    return n


def _zone_refs(s: GameState, v) -> list[int]:
    """Zones named by a nation prop: zone codes or ids, one or a list."""
    items = v if isinstance(v, list) else [v]
    by_code = s.board.cache.get("by_code")
    if by_code is None:
        by_code = {c: z for z, c in s.board.code.items() if c}
        s.board.cache["by_code"] = by_code
    out = []
    for x in items:
        if isinstance(x, int) and not isinstance(x, bool) and x in s.board.kind:
            out.append(x)
        elif isinstance(x, str) and x in by_code:
            out.append(by_code[x])
    return out


def relocate_capital(s: GameState, n: str) -> None:
    """§9.23: a nation with ``props.alt_capital`` (zone codes in order of preference: USA,
    USSR, Britain, France) moves its capital to the first one it still Possesses."""
    nat = s.pack.nations.get(n)
    if nat is None or not nat.props.get("alt_capital"):
        return
    for z in _zone_refs(s, nat.props["alt_capital"]):
        if s.owner.get(z) == n and z != s.capital_of(n):
            s.capitals[n] = z
            s.event("capital_relocated", nation=n, zone=z)
            return


def _take_over_chart(s: GameState, n: str) -> None:
    """§7.3 "Capture of Units in Production": the conqueror (here: whoever Possesses the
    surrendering nation's capital, if at war with it) takes over the ships and submarines
    on its Production Chart; its other units in production are lost."""
    cap = s.capital_of(n)
    winner = s.owner.get(cap) if cap is not None else None
    if winner is not None and not s.at_war(n, winner):
        winner = None
    out = []
    for q in s.queue:
        if q.nation != n or q.zone:
            out.append(q)  # facilities stay under construction where they are
        elif winner is not None and s.rules.units[q.type].domain == "sea":
            out.append(q._replace(nation=winner))
            s.event("production_taken", item=q.id, type=q.type, by=winner)
    s.queue = tuple(out)


def surrendered(s: GameState, n: str) -> bool:
    return f"surrendered:{n}" in s.awards


def check_surrender(s: GameState, n: str) -> None:
    """§9.22 surrender conditions as data: ``props.surrender_if`` lists zones (codes); when
    every one is Possessed by a nation at war with ``n`` at the start of its turn, it
    surrenders (its units leave the board, it collects and does nothing); when that stops
    holding at the start of a later turn, the surrender is reversed."""
    nat = s.pack.nations.get(n)
    spec = nat.props.get("surrender_if") if nat is not None else None
    if not spec:
        return
    zones = _zone_refs(s, spec)
    lost = bool(zones) and all((o := s.owner.get(z)) is not None and s.at_war(n, o) for z in zones)
    if lost and not surrendered(s, n):
        s.awards.add(f"surrendered:{n}")
        for uid in sorted(u.id for u in s.units.values() if u.nation == n):
            if uid in s.units:
                s.remove_unit(uid, "surrender")
        _take_over_chart(s, n)
        s.pending[n] = {}
        s.bump()
        s.event("surrender", nation=n)
        s.remember("surrendered", by=n)
    elif not lost and surrendered(s, n):
        s.awards.discard(f"surrendered:{n}")
        s.bump()
        s.event("surrender_reversed", nation=n)


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


def _victory_objectives(s: GameState, at_end: bool, round_end: bool = True):
    """The victory objectives to look at: ``check: game_end`` ones at the round limit;
    ``check: round_end`` ones (TripleA's victory triggers, fired by its end-round step)
    only when a round ends; the others after every turn."""
    for obj in s.scenario.objectives.values():
        if obj.kind != "victory":
            continue
        check = obj.props.get("check")
        if (check == "game_end") != at_end:
            continue
        if check == "round_end" and not round_end:
            continue
        yield obj


def _owner_side(s: GameState, owner: str | None) -> str | None:
    if not owner:
        return None
    if "," in owner:
        # the condition language hands a "who" over as its nations ("GER,ITA,JPN" for
        # declare_winner(axis)): the side they all belong to
        sides = {_owner_side(s, n.strip()) for n in owner.split(",") if n.strip()}
        if len(sides) == 1:
            return sides.pop()
    return s.side_of(owner) if owner in s.board.alliance_of else owner


def _run_victory_objectives(s: GameState, at_end: bool, round_end: bool = True) -> None:
    """Award victory points, or end the game, by the scenario's victory objectives."""

    for obj in _victory_objectives(s, at_end, round_end):
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


def check_victory(s: GameState, round_end: bool = False) -> None:
    if s.terminal:
        return
    _run_victory_objectives(s, at_end=False, round_end=round_end)
    if s.terminal:
        return
    need = s.rules.options["victory_cities"]
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
    mode = s.rules.options["round_limit_winner"]
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
    label = (s.rules.options.get("vp_name") or "vp") if mode == "vp" else mode
    set_winner(s, winner, f"{reason} ({label})")


# ---------------------------------------------------------------------- options
#: the options this module reads (declared for the rule system: typed, checked at load)
OPTIONS = (
    OptionSpec(
        "capital_capture",
        "str",
        "take_bank",
        choices=("take_bank", "take_bank_first_time", "to_bank", "none"),
        doc="what capturing a capital does to the bank: take_bank, take_bank_first_time, to_bank, none",
        owner="gamecore.rules.control",
    ),
    OptionSpec(
        "liberation",
        "bool",
        True,
        doc="a zone taken back from the enemy returns to its original owner",
        owner="gamecore.rules.control",
    ),
    OptionSpec(
        "liberation_needs_capital",
        "bool",
        True,
        doc="liberated zones return only while the original owner holds its capital",
        owner="gamecore.rules.control",
    ),
    OptionSpec(
        "victory_cities",
        "int",
        0,
        doc="an alliance holding this many victory cities wins (0 = off)",
        owner="gamecore.rules.control",
    ),
    OptionSpec(
        "round_limit_winner",
        "str",
        "income",
        choices=("income", "vp", "victory_cities", "none"),
        doc="'income' | 'vp' | 'victory_cities' | 'none'",
        owner="gamecore.rules.control",
    ),
    OptionSpec(
        "vp_tie_winner",
        "str",
        "",
        doc="side winning a tie on victory points (3G40: allies, 'Attrition')",
        owner="gamecore.rules.control",
    ),
    OptionSpec(
        "vp_name",
        "str",
        "vp",
        doc="what the game calls its victory points, in the round limit's reason "
        "(3G40: 'victory tokens' -> 'round limit (victory tokens)')",
        owner="gamecore.rules.control",
    ),
    OptionSpec(
        "vp_worth",
        "int",
        0,
        doc="bots: the income one victory point of the side's victory objectives is worth "
        "when they weigh the zones to take (0: bots do not chase victory points)",
        owner="gamecore.rules.control",
    ),
)
