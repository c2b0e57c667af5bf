"""Campaign Game II's national morale (seeds/001 NATIONAL MORALE, the NATIONAL MORALE chart,
Morale Attacks): Germany and Great Britain on one track.

``hgw_morale`` (``{}``: no morale, every scenario before Campaign Game II):

- ``pair``: the two countries whose morale moves together: "An event that raises Germany's
  morale lowers Great Britain's morale and vice versa" (4); ``sides``: the side whose
  attack rolls each country's morale burdens; ``capitals``: the hexes morale raids aim at;
- ``penalty``: ``[[morale, +N], ...]``: at that morale or lower, +N on every attack die
  roll of the country's side (6-7: at most +4; the Morale Tracks are lost: AUTHORED steps);
- ``hexes``: ``[lost, gained]``: a side losing that many hexes or more in a combat phase
  lowers its country's morale by one, gaining that many raises it (the chart; 5: counted
  for the side);
- ``losses``: ``{country: {hex: change}}``: the chart's Loss of Suez, Loss of Gibraltar;
- ``surrenders``: ``{country: {surrendering country: change}}``: Soviet Union surrenders;
- ``joins``: ``{country: {joining country: {side: change}}}``: United States joins the
  Allies +2, the Axis -4.

A morale raid (Morale Attacks 1-3) is a bombing raid on the enemy country's capital with
``profile = "morale"``: its hits are morale lost (:mod:`gamecore.hgw.strategic`). The value
is the state part ``politics``'s ``morale`` (the first country's; the second's is its
negative), clamped to -14..14 (3)."""

from __future__ import annotations

from typing import Any

from gamecore.hgw.options import hgw_option, opt
from gamecore.hgw.politics import joined_side, surrendered
from gamecore.hgw.state import HgwState

LIMIT = 14

OPTIONS = (
    hgw_option(
        "hgw_morale",
        "table",
        {},
        "national morale: {pair, sides, capitals, penalty, hexes, losses, surrenders, joins} "
        "(NATIONAL MORALE); {} none",
    ),
)


def _get(s: HgwState, key: str, default: Any) -> Any:
    return s.politics.get(key, default) if s.politics else default


def _put(s: HgwState, key: str, value: Any) -> None:
    s.politics = {**s.politics, key: value}


def morale(s: HgwState, country: str) -> int:
    """The country's morale now (0 at the start: CAMPAIGN GAME II SET-UP)."""
    pair = opt(s, "hgw_morale").get("pair") or []
    v = int(_get(s, "morale", 0))
    if country not in pair:
        return 0
    return v if country == pair[0] else -v


def shift(s: HgwState, country: str, delta: int, why: str) -> None:
    """Raise (or lower) the country's morale by ``delta``; its rival's moves the other way
    (4); never beyond 14 nor below -14 (3)."""
    pair = opt(s, "hgw_morale").get("pair") or []
    if not delta or country not in pair:
        return
    v = int(_get(s, "morale", 0))
    v += delta if country == pair[0] else -delta
    v = max(-LIMIT, min(LIMIT, v))
    _put(s, "morale", v)
    s.event("hgw_morale", country=country, change=delta, why=why, morale=morale(s, country))


def country_of_side(s: HgwState, nation: str) -> str | None:
    for c, side in (opt(s, "hgw_morale").get("sides") or {}).items():
        if side == nation:
            return c
    return None


def morale_mod(s: HgwState, nation: str) -> int:
    """What low morale adds to every attack die roll of ``nation``'s side (6-7)."""
    m = opt(s, "hgw_morale")
    if not m:
        return 0
    c = country_of_side(s, nation)
    if c is None:
        return 0
    v = morale(s, c)
    return max((int(p) for at, p in m.get("penalty") or () if v <= int(at)), default=0)


def morale_targets(s: HgwState, nation: str) -> dict[int, str]:
    """Capital hex -> the enemy country whose morale a raid there attacks (Morale Attacks 1)."""
    m = opt(s, "hgw_morale")
    out = {}
    for c, code in (m.get("capitals") or {}).items() if m else ():
        side = (m.get("sides") or {}).get(c)
        z = s.board.cache["hgw_graph"].code.get(str(code)) if "hgw_graph" in s.board.cache else None
        if z is not None and side and side != nation and s.at_war(side, nation):
            out[z] = c
    return out


def _counts(s: HgwState) -> dict[str, int]:
    sides = set((opt(s, "hgw_morale").get("sides") or {}).values())
    out = dict.fromkeys(sorted(sides), 0)
    for o in s.owner.values():
        if o in out:
            out[o] += 1
    return out


def turn_start(s: HgwState) -> None:
    """The side's hexes at the start of its turn (to count a combat phase's gains and
    losses: the chart, 5) and the chart's political events (a country joining)."""
    if not opt(s, "hgw_morale"):
        return
    _put(s, "morale_hexes", _counts(s))
    events(s)


def combat_end(s: HgwState) -> None:
    """After the combat phase (its supply check included): hexes lost or gained by each
    morale country's side, and the chart's events."""
    m = opt(s, "hgw_morale")
    if not m:
        return
    lost, gained = (list(m.get("hexes") or ()) + [0, 0])[:2]
    before = _get(s, "morale_hexes", {})
    now = _counts(s)
    for c, side in sorted((m.get("sides") or {}).items()):
        d = now.get(side, 0) - int(before.get(side, now.get(side, 0)))
        if lost and d <= -int(lost):
            shift(s, c, -1, f"lost {-d} hexes in a combat phase")
        elif gained and d >= int(gained):
            shift(s, c, 1, f"gained {d} hexes in a combat phase")
    _put(s, "morale_hexes", now)
    events(s)


def events(s: HgwState) -> None:
    """The chart's one-time events: a hex lost (Suez, Gibraltar), a surrender, a joining."""
    m = opt(s, "hgw_morale")
    seen = list(_get(s, "morale_seen", []))
    todo: list[tuple[str, str, int, str]] = []
    g = s.board.cache.get("hgw_graph")
    for c, hexes in sorted((m.get("losses") or {}).items()):
        side = (m.get("sides") or {}).get(c)
        for code, change in sorted(hexes.items()):
            z = g.code.get(str(code)) if g else None
            if z is not None and s.owner.get(z) != side:
                todo.append((f"lost {code}", c, int(change), f"loss of {code}"))
    for c, who in sorted((m.get("surrenders") or {}).items()):
        for other, change in sorted(who.items()):
            if surrendered(s, other):
                todo.append((f"surrender {other}", c, int(change), f"{other} surrenders"))
    for c, who in sorted((m.get("joins") or {}).items()):
        for other, by_side in sorted(who.items()):
            side = joined_side(s, other)
            if side in by_side:
                todo.append((f"join {other}", c, int(by_side[side]), f"{other} joins {side}"))
    for key, c, change, why in todo:
        if key not in seen:
            seen.append(key)
            shift(s, c, change, why)
    if len(seen) != len(_get(s, "morale_seen", [])):
        _put(s, "morale_seen", seen)


def check_morale(checker, opts: dict) -> None:
    """The shape of ``hgw_morale`` (one line each, never a traceback)."""
    m = opts["hgw_morale"]
    if not m:
        return
    fail = checker.fail
    pair = m.get("pair")
    if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
        fail("options.hgw_morale.pair", "must be the two countries whose morale moves together")
    for key in ("sides", "capitals"):
        v = m.get(key, {})
        if not isinstance(v, dict) or not all(isinstance(x, str) for x in v.values()):
            fail(f"options.hgw_morale.{key}", "must be a table country -> name")
    pen = m.get("penalty", [])
    if not isinstance(pen, list) or not all(
        isinstance(p, list)
        and len(p) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in p)
        and -LIMIT <= p[0] <= LIMIT
        and 0 <= p[1] <= 4
        for p in pen
    ):
        fail("options.hgw_morale.penalty", "must be [[morale -14..14, +0..4], ...]")
    hexes = m.get("hexes", [])
    if not (isinstance(hexes, list) and all(isinstance(x, int) and x >= 0 for x in hexes)):
        fail("options.hgw_morale.hexes", "must be [hexes lost, hexes gained]")
    for key, depth in (("losses", 1), ("surrenders", 1), ("joins", 2)):
        v = m.get(key, {})
        ok = isinstance(v, dict) and all(isinstance(x, dict) for x in v.values())
        if ok:
            inner = [y for x in v.values() for y in x.values()]
            if depth == 2:
                ok = all(isinstance(y, dict) for y in inner)
                inner = [w for y in inner if isinstance(y, dict) for w in y.values()]
            ok = ok and all(isinstance(y, int) and not isinstance(y, bool) for y in inner)
        if not ok:
            fail(f"options.hgw_morale.{key}", "must be a table of morale changes (whole numbers)")
