"""The end of an hgw game (seeds/001 BARBAROSSA and THE FALL OF GERMANY victory
conditions; rules-notes/001 §2.8)."""

from __future__ import annotations

from gamecore.hgw import geo
from gamecore.hgw.options import opt
from gamecore.hgw.state import HgwState
from gamecore.hgw.world import friendly


def end_round(s: HgwState) -> None:
    s.event("round_end", round=s.round)
    if s.max_rounds is not None and s.round >= s.max_rounds and not s.terminal:
        game_end(s, "round limit", "round limit: the Axis did not win")


def game_end(s: HgwState, why: str, barbarossa: str) -> None:
    """The game ends without a sudden victory (the last turn, or nobody can act);
    ``barbarossa``: the reason a Barbarossa game gives (the Soviets win)."""
    rule = opt(s, "hgw_victory")
    if rule == "fall_of_germany":
        fall_of_germany_end(s, why)
    elif rule == "campaign":
        campaign_end(s, why)
    elif rule == "campaign_2p":
        finish(s, opt(s, "hgw_axis"), f"{why}: Berlin is still Axis")
    else:
        finish(s, opt(s, "hgw_soviet"), barbarossa)


def total_pp(s: HgwState, nation: str) -> int:
    """All the side's PP, wherever they are, devastated or not (seeds/001 FALL OF
    GERMANY Victory Conditions 5)."""
    return sum(s.board.value.get(z, 0) for z, o in s.owner.items() if o == nation)


def fall_of_germany_end(s: HgwState, why: str) -> None:
    """seeds/001 THE FALL OF GERMANY, Victory Conditions 2-4 (rules-notes/001 §2.8): the
    Axis wins holding Berlin; else the Soviets if their production is at least two thirds
    of the Allies' (hgw_soviet_ratio); else the Allies. One player running both (one
    alliance, the two-player variant) wins by Berlin alone: the ratio names the same side."""
    ax, sov, al = opt(s, "hgw_axis"), opt(s, "hgw_soviet"), opt(s, "hgw_allies")
    berlin = geo.graph(s).code[opt(s, "hgw_berlin_hex")]
    if s.owner.get(berlin) == ax:
        finish(s, ax, f"{why}: the Axis holds Berlin")
        return
    a, b = (int(x) for x in opt(s, "hgw_soviet_ratio"))
    ps, pa = total_pp(s, sov), total_pp(s, al)
    if b * ps >= a * pa:
        finish(s, sov, f"{why}: Berlin fell and Soviet production {ps} >= {a}/{b} of {pa}")
    else:
        finish(s, al, f"{why}: Berlin fell and Soviet production {ps} < {a}/{b} of {pa}")


LEVELS = ("marginal", "substantial", "decisive")


def victory_level(s: HgwState, side: str, mine: int, others: int) -> int:
    """seeds/001 CAMPAIGN GAME I VICTORY CONDITIONS, Three Players 4: the highest level
    (0 marginal .. 2 decisive) whose ratio ``mine``:``others`` the side reaches, -1 none."""
    got = -1
    for i, r in enumerate(opt(s, "hgw_victory_levels").get(side, ())):
        a, b = int(r[0]), int(r[1])
        strict = len(r) > 2
        ok = mine * b > a * others if strict else mine * b >= a * others
        if ok:
            got = i
    return got


def campaign_end(s: HgwState, why: str) -> None:
    """seeds/001 CAMPAIGN GAME I VICTORY CONDITIONS, Three Players 2-5: each side's
    production (devastated points too) against the other two's; the Axis counts none
    once Berlin has fallen, and wins no level without Berlin. The highest level wins;
    equal levels: the higher ratio (authored: the rulebook names no tie-break), then
    the earlier side in the turn order."""
    ax = opt(s, "hgw_axis")
    sides = [n for slot in s.board.turn_slots for n in slot]
    berlin = geo.graph(s).code[opt(s, "hgw_berlin_hex")]
    pts = {n: total_pp(s, n) for n in sides}
    if s.owner.get(berlin) != ax:
        pts[ax] = 0
    total = sum(pts.values())
    best = None
    for i, n in enumerate(sides):
        others = total - pts[n]
        lv = victory_level(s, n, pts[n], others)
        if n == ax and s.owner.get(berlin) != ax:
            lv = -1
        key = (lv, pts[n] / others if others else float("inf"), -i)
        if best is None or key > best[0]:
            best = (key, n, lv)
    _, n, lv = best
    figures = ", ".join(f"{k} {v}" for k, v in pts.items())
    level = LEVELS[lv] if lv >= 0 else "no"
    s.event("hgw_victory_levels", pp=pts, winner=n, level=level)
    finish(s, n, f"{why}: {level} victory ({figures})")


def finish(s: HgwState, nation: str, reason: str) -> None:
    s.winner = s.side_of(nation)
    s.terminal = True
    s.end_reason = reason
    s.decision = None
    s.event("game_over", winner=s.winner, reason=reason, round=s.round)


def check_victory(s: HgwState) -> None:
    """seeds/001 BARBAROSSA victory conditions (rules-notes/001 §2.8)."""
    if s.terminal:
        return
    ax, sov = opt(s, "hgw_axis"), opt(s, "hgw_soviet")
    g = geo.graph(s)
    berlin = g.code[opt(s, "hgw_berlin_hex")]
    rule = opt(s, "hgw_victory")
    if rule == "fall_of_germany":
        # the game ends at once when the Soviets or the Allies take Berlin
        if s.owner.get(berlin) not in (None, ax):
            fall_of_germany_end(s, f"{s.owner[berlin]} took Berlin")
        return
    if rule in ("campaign", "campaign_2p"):
        # seeds/001 SURRENDER, Germany; CAMPAIGN GAME I VICTORY CONDITIONS: Berlin taken
        # ends the game (two players: the Allied-Soviet side wins, the calendar ending
        # on Spring 1945)
        if s.owner.get(berlin) not in (None, ax):
            who = s.owner[berlin]
            if rule == "campaign_2p":
                finish(s, who, f"{who} took Berlin")
            else:
                campaign_end(s, f"{who} took Berlin")
        return
    if friendly(s, sov, berlin):
        finish(s, sov, "the Soviets took Berlin")
        return
    need = [
        g.code[opt(s, k)] for k in ("hgw_leningrad_hex", "hgw_moscow_hex", "hgw_stalingrad_hex")
    ]
    if all(friendly(s, ax, z) for z in need):
        finish(s, ax, "the Axis holds Leningrad, Moscow and Stalingrad")
