"""Campaign Game I's politics (seeds/001 CAMPAIGN GAME I - THE WAR FOR EUROPE):
unaligned countries and their alignment, entry into the war, surrender.

Everything is data in typed options (:data:`OPTIONS`); with their defaults (none) the
Barbarossa and Fall of Germany scenarios play exactly as before. The record is the state
part ``politics`` (a flat dict, replaced, never mutated in place):

- ``violated``: [[country, attacker], ...] first attacked this combat phase;
- ``joined``: [[country, side, round], ...] countries that joined a side;
- ``surrendered``: [country, ...] (a country surrenders once, SURRENDER Other Countries 5);
- ``done``: indexes of the scheduled entries (``hgw_entry``) already made;
- ``offer``: the side offering surrender terms ("" none; SURRENDER Soviet Union 1);
- ``peace``: [[a, b], ...] sides a surrender put at peace for good;
- ``winters``: winters the Axis stood in the Soviet Union (RUSSIAN WINTER, campaign count);
- ``mobilized`` / ``extended``: Soviet mobilisation (gamecore.hgw.limits).

The hooks: :func:`on_attack` (an attack announced, an exploitation or invasion named),
:func:`on_capture` (a hex taken by advance), :func:`combat_end` (the end of a side's
combat phase, before its supply check), :func:`turn_start` and :func:`production_start`
(scheduled entries), :func:`terms_legal` / :func:`apply_terms` (the Axis answers a
surrender offer in its production phase)."""

from __future__ import annotations

from typing import Any

from gamecore.engine.actions import Action
from gamecore.engine.options import OptionSpec
from gamecore.engine.state import MOVED
from gamecore.hgw import geo
from gamecore.hgw.armies import armies_in, armies_of, army_sps, kill, new_army, take_losses
from gamecore.hgw.options import hgw_option, opt
from gamecore.hgw.state import INF, MECH, HgwState
from gamecore.hgw.world import (
    country,
    friendly,
    is_winter,
    may_declare,
    month,
    playing,
    set_owner,
)
from gamecore.model.calendar import parse_date

_o = hgw_option


OPTIONS = (
    _o(
        "hgw_unaligned",
        "list",
        [],
        "countries (Zone.region) unaligned at the start, open to attack by every side "
        "(seeds/001 Violation Of Neutrality 1); [] none (Barbarossa special rule 1)",
    ),
    _o(
        "hgw_alignment",
        "table",
        {},
        'attacker -> {country: side it joins if that attacker fails to conquer it, "*": '
        "the rest} (Violation Of Neutrality 2, 4)",
    ),
    _o(
        "hgw_never_align",
        "list",
        [],
        "countries that stay unaligned to all until conquered (Violation Of Neutrality 5)",
    ),
    _o(
        "hgw_swap",
        "table",
        {},
        "country -> {attacker: nation}: the unaligned country's armies become that "
        "nation's when the attacker attacks it (Violation Of Neutrality 3)",
    ),
    _o(
        "hgw_country_groups",
        "table",
        {},
        "country -> [other regions of the same nation]: its possessions align, surrender "
        "and are attacked with it (Crete with Greece, Libya with Italy)",
    ),
    _o(
        "hgw_capitals",
        "table",
        {},
        "country -> capital hex: the country surrenders the moment an enemy takes it "
        "(SURRENDER Other Countries 1-2)",
    ),
    _o(
        "hgw_surrender",
        "table",
        {},
        "country -> {hexes, by, cede, unalign, kill, offer, lost, mainland, eliminate}: "
        "surrender at the end of a combat phase (SURRENDER: France, Great Britain, the "
        "Soviet Union, the United States, Italy)",
    ),
    _o(
        "hgw_entry",
        "list",
        [],
        "scheduled entries: [{date, nation, at: turn|production, countries, side, grant: "
        "{country: {inf, mech}}}] (ENTRY INTO THE WAR)",
    ),
    _o(
        "hgw_join_grant",
        "table",
        {},
        "country -> {side, inf, mech}: SPs the side receives whenever the country joins it "
        "(Nations Inclined toward Axis 5: Finland)",
    ),
    _o(
        "hgw_declare",
        "list",
        [],
        "[[a, b], ...]: sides at peace that go to war by attacking (a neutral major power)",
    ),
    _o(
        "hgw_sea_changes",
        "list",
        [],
        "[{on: joined|surrendered, country, nation, area, cap}]: a side's SPs a turn "
        "through a sea from then on (Italy 4-5)",
    ),
    OptionSpec(
        "hgw_winter_count",
        "str",
        "calendar",
        choices=("calendar", "occupied"),
        doc="which winter the Russian winter is: of the calendar, or the winters the side "
        "stood in the winter country (a campaign starting in 1939)",
        owner="gamecore.hgw",
    ),
)


# -- the record --------------------------------------------------------------------
def _get(s: HgwState, key: str, default: Any = ()) -> Any:
    return s.politics.get(key, default)


def _put(s: HgwState, key: str, value: Any) -> None:
    s.politics = {**s.politics, key: value}


def surrendered(s: HgwState, c: str) -> bool:
    return c in _get(s, "surrendered")


def joined_side(s: HgwState, c: str) -> str | None:
    for name, side, _r in _get(s, "joined"):
        if name == c:
            return side
    return None


def joined_round(s: HgwState, c: str) -> int | None:
    for name, _side, r in _get(s, "joined"):
        if name == c:
            return r
    return None


def hexes_of(s: HgwState, c: str) -> list[int]:
    """Land hexes and boxes of country ``c`` and its possessions (``hgw_country_groups``)."""
    g = geo.graph(s)
    names = {c, *opt(s, "hgw_country_groups").get(c, ())}
    return sorted(z for z, r in g.region.items() if r in names)


def nation_of(s: HgwState, z: int) -> str:
    """The country a hex belongs to for alignment and surrender: its region, or the
    country whose possession the region is (``hgw_country_groups``)."""
    c = country(s, z)
    for parent, members in opt(s, "hgw_country_groups").items():
        if c in members:
            return parent
    return c


def still_unaligned(s: HgwState, c: str) -> bool:
    return (
        c in opt(s, "hgw_unaligned")
        and not surrendered(s, c)
        and joined_side(s, c) is None
        and any(s.owner.get(z) is None for z in hexes_of(s, c))
    )


# -- attacks -----------------------------------------------------------------------
def on_attack(s: HgwState, nation: str, target: int) -> None:
    """An attack on ``target`` named (announced, invaded, exploited): a first attack on an
    unaligned country is recorded (Violation Of Neutrality 2), its armies may change
    side (3), and attacking a side at peace brings the war (``hgw_declare``)."""
    o = s.owner.get(target)
    if o is not None:
        if o in playing(s) and o != nation and may_declare(s, nation, o):
            s.set_relation(nation, o, "war", initiated_by=nation)
        return
    c = nation_of(s, target)
    if not still_unaligned(s, c):
        return
    if not any(name == c for name, _ in _get(s, "violated")):
        _put(s, "violated", [*_get(s, "violated"), [c, nation]])
        s.event("hgw_violation", country=c, nation=nation)
    new = opt(s, "hgw_swap").get(c, {}).get(nation)
    if new:
        for z in hexes_of(s, c):
            if s.owner.get(z) is None:
                for aid in armies_in(s, z):
                    if s.armies[aid].nation != new:
                        _switch(s, aid, new)


def _switch(s: HgwState, aid: int, nation: str) -> None:
    old = s.armies[aid].nation
    for u in army_sps(s, aid):
        s.units[u] = s.units[u]._replace(nation=nation)
    s.armies[aid] = s.armies[aid]._replace(nation=nation)
    s.bump()
    s.event("hgw_army_switch", army=aid, nation=nation, old=old)


def on_capture(s: HgwState, nation: str, z: int, old: str | None) -> None:
    """A hex taken by advance: a country whose capital it is surrenders at once
    (seeds/001 SURRENDER Other Countries 1-2): its uncaptured hexes become the
    capturer's, their production devastated."""
    c = nation_of(s, z)
    cap = opt(s, "hgw_capitals").get(c)
    if not cap or geo.graph(s).code.get(str(cap)) != z or surrendered(s, c):
        return
    if c in opt(s, "hgw_surrender"):
        return  # its own terms, at the end of the combat phase
    for h in hexes_of(s, c):
        holder = s.owner.get(h)
        if h != z and (holder is None or holder == old):
            for aid in armies_in(s, h):
                if s.armies[aid].nation != nation:
                    for u in army_sps(s, aid):
                        kill(s, u, "surrender")
            set_owner(s, h, nation, "surrender")
            if s.board.value.get(h, 0):
                s.devastate(h, s.board.value[h])
    _surrender(s, c, nation)


def _surrender(s: HgwState, c: str, to: str) -> None:
    _put(s, "surrendered", [*_get(s, "surrendered"), c])
    _put(s, "violated", [v for v in _get(s, "violated") if v[0] != c])
    s.event("hgw_surrender", country=c, to=to)
    _sea_changes(s, "surrendered", c)


# -- joining -----------------------------------------------------------------------
def join(s: HgwState, c: str, side: str, why: str) -> None:
    """Country ``c`` and all its uncaptured hexes join ``side`` (Violation Of Neutrality
    2: its production goes on, now for the new side); SPs granted on joining."""
    for z in hexes_of(s, c):
        if s.owner.get(z) is None:
            set_owner(s, z, side, why)
    _put(s, "joined", [*_get(s, "joined"), [c, side, s.round]])
    s.event("hgw_join", country=c, side=side, why=why)
    grant = opt(s, "hgw_join_grant").get(c)
    if isinstance(grant, dict) and grant.get("side") == side:
        _grant(s, c, side, grant)
    _sea_changes(s, "joined", c)


def _grant(s: HgwState, c: str, side: str, spec: dict) -> None:
    """SPs the side receives in country ``c`` (placed in its capital if the side holds it,
    else in its hex of the side with the most production: the rulebook's "anywhere in"
    is the side's choice; this is the default placement)."""
    mine = [z for z in hexes_of(s, c) if s.owner.get(z) == side]
    if not mine:
        return
    cap = geo.graph(s).code.get(str(opt(s, "hgw_capitals").get(c, "")))
    z = cap if cap in mine else max(mine, key=lambda h: (s.board.value.get(h, 0), -h))
    have = armies_in(s, z, side)
    if have:
        aid = have[0]
    elif len(armies_of(s, side)) < opt(s, "hgw_max_armies"):
        aid = new_army(s, side, z, f"{c} Army")
    else:
        s.event("hgw_grant_lost", country=c, nation=side, why="no army free")
        return
    got = {}
    for t in (INF, MECH):
        n = int(spec.get(t, 0))
        for _ in range(n):
            u = s.add_unit(side, t, z, flags=MOVED)
            s.army_of[u] = aid
        if n:
            got[t] = n
    s.event("hgw_grant", country=c, nation=side, zone=z, army=aid, **got)


def _sea_changes(s: HgwState, on: str, c: str) -> None:
    seas = dict(_get(s, "seas", {}))
    changed = False
    for ch in opt(s, "hgw_sea_changes"):
        if ch.get("on") == on and ch.get("country") == c:
            n = str(ch.get("nation"))
            seas[n] = {**seas.get(n, {}), str(ch.get("area")): int(ch.get("cap", 0))}
            changed = True
    if changed:
        _put(s, "seas", seas)
        s.bump()
        s.event("hgw_seas", country=c, on=on, seas=seas)


# -- the end of a combat phase -----------------------------------------------------
def combat_end(s: HgwState) -> None:
    """The end of the current side's combat phase (before its supply check): countries
    first attacked this phase and not conquered join a side (Violation Of Neutrality
    2, 4, 5); the surrenders that come at the end of a combat phase."""
    n = s.current_nation
    for c, attacker in _get(s, "violated"):
        if still_unaligned(s, c) and c not in opt(s, "hgw_never_align"):
            table = opt(s, "hgw_alignment").get(attacker, {})
            side = table.get(c, table.get("*"))
            if side:
                join(s, c, str(side), f"attacked by {attacker}")
    if _get(s, "violated"):
        _put(s, "violated", [])
    g = geo.graph(s)
    for c, terms in sorted(opt(s, "hgw_surrender").items()):
        if surrendered(s, c) or not isinstance(terms, dict):
            continue
        if "lost" in terms:
            _lost_surrender(s, c, terms)
            continue
        by = terms.get("by") or []
        if n not in by:
            continue
        need = [g.code.get(str(h)) for h in terms.get("hexes", ())]
        if not need or None in need or not all(s.owner.get(z) == n for z in need):
            continue
        if terms.get("offer"):
            if not _get(s, "offer", "") and not _get(s, "refused", False):
                _put(s, "offer", c)
                s.event("hgw_offer", country=c, to=n)
            continue
        _terms(s, c, n, terms)


def _terms(s: HgwState, c: str, to: str, terms: dict) -> None:
    """France, Great Britain, the United States: the countries listed in ``cede`` turn
    to the victor (their Allied SPs eliminated when ``kill``, production devastated),
    those in ``unalign`` become unaligned (seeds/001 SURRENDER)."""
    for name in terms.get("cede", (c,)):
        for z in hexes_of(s, name):
            holder = s.owner.get(z)
            if terms.get("kill", True):
                for aid in armies_in(s, z):
                    if s.armies[aid].nation != to:
                        for u in army_sps(s, aid):
                            kill(s, u, "surrender")
                for u in [u for u in s.at.get(z, ()) if s.units[u].nation != to]:
                    kill(s, u, "surrender")
            if holder == to:
                continue
            set_owner(s, z, to, "surrender")
            if s.board.value.get(z, 0):
                s.devastate(z, s.board.value[z])
    g = geo.graph(s)
    for code, pts in sorted((terms.get("permanent") or {}).items()):
        z = g.code.get(str(code))
        if z is not None and s.owner.get(z) == to:
            s.permanent[z] = int(pts)  # France 7: three points stay devastated
    for name in terms.get("unalign", ()):
        for z in hexes_of(s, name):
            holder = s.owner.get(z)
            if holder is not None and holder != to:
                for aid in armies_in(s, z):
                    for u in army_sps(s, aid):
                        kill(s, u, "surrender")
                s.owner.pop(z, None)
                s.bump()
                s.event("capture", zone=z, nation=None, old=holder, why="unaligned")
    _surrender(s, c, to)


def _lost_surrender(s: HgwState, c: str, terms: dict) -> None:
    """Italy (seeds/001 SURRENDER Italy 1-3, 5): it surrenders at the end of any combat
    phase in which ``lost`` of its mainland hexes are no longer friendly to the side it
    joined (never to that side); that side loses ``eliminate`` SPs, from the country's
    hexes first."""
    side = joined_side(s, c)
    if side is None or side != terms.get("side", side):
        return  # Italy 5: Italy cannot surrender to the Axis
    g = geo.graph(s)
    mainland = [g.code[str(h)] for h in terms.get("mainland", ()) if str(h) in g.code]
    gone = sum(1 for z in mainland if not friendly(s, side, z))
    if gone < int(terms["lost"]):
        return
    mine = hexes_of(s, c)
    for t, k in sorted((terms.get("eliminate") or {}).items()):
        pool = [u for u, x in s.units.items() if x.nation == side and x.type == t]
        pool.sort(key=lambda u: (s.units[u].zone not in mine, u))
        take_losses(s, pool[: int(k)], int(k), "surrender", first=t)
    _surrender(s, c, "")


# -- surrender terms offered (the Soviet Union) --------------------------------------
def terms_legal(s: HgwState) -> list[Action]:
    """The side that took the capitals answers an offer of surrender in its production
    phase: accept (count 1) or refuse (count 0) (seeds/001 SURRENDER Soviet Union 2, 4)."""
    c = _get(s, "offer", "")
    if not c or s.current_nation not in opt(s, "hgw_surrender").get(c, {}).get("by", ()):
        return []
    return [Action("hgw_terms", nation=c, count=1), Action("hgw_terms", nation=c, count=0)]


def terms_error(s: HgwState, a: Action) -> str | None:
    if s.phase != "production" or a not in terms_legal(s):
        return "no surrender offered to the side now"
    return None


def apply_terms(s: HgwState, a: Action) -> None:
    c = a.nation
    n = s.current_nation
    loser = str(opt(s, "hgw_surrender")[c].get("side", ""))
    _put(s, "offer", "")
    if a.count:
        _put(s, "peace", [*_get(s, "peace"), [n, loser]])
        if loser:
            s.set_relation(n, loser, "peace", initiated_by=n)
        _surrender(s, c, n)
    else:
        _put(s, "refused", True)
        s.event("hgw_refused", country=c, nation=n)


# -- the calendar's entries ------------------------------------------------------------
def _due(s: HgwState, at: str) -> list[tuple[int, dict]]:
    now = month(s)
    out = []
    for i, e in enumerate(opt(s, "hgw_entry")):
        d = parse_date(str(e.get("date", "")))
        if i in _get(s, "done") or d is None or now < d:
            continue
        if e.get("nation") == s.current_nation and e.get("at", "turn") == at:
            out.append((i, e))
    return out


def _enter(s: HgwState, at: str) -> None:
    for i, e in _due(s, at):
        _put(s, "done", [*_get(s, "done"), i])
        side = str(e.get("side", s.current_nation))
        grants = e.get("grant") or {}
        for c in e.get("countries", ()):
            if still_unaligned(s, c):
                join(s, c, side, "entry")
                if c in grants:
                    _grant(s, c, side, grants[c])


def turn_start(s: HgwState) -> None:
    """The start of a side's turn: the entries due now (Nations Inclined toward Axis 2:
    the Axis Summer 1941 turn; United States 2d and Nations Inclined toward the United
    States 2: the Allied Spring 1942 turn); the Russian winter's count."""
    if not opt(s, "hgw_entry") and opt(s, "hgw_winter_count") != "occupied":
        return
    _enter(s, "turn")
    if opt(s, "hgw_winter_count") == "occupied" and s.current_nation in opt(
        s, "hgw_winter_nations"
    ):
        from_region = opt(s, "hgw_winter_region")
        g = geo.graph(s)
        here = any(
            g.region.get(s.armies[a].zone) == from_region for a in armies_of(s, s.current_nation)
        )
        if here and is_winter(s):
            _put(s, "winters", int(_get(s, "winters", 0)) + 1)


def production_start(s: HgwState) -> None:
    """The entries made in a side's production phase, before its income is counted
    (Italy 2-3: Italy joins in the Axis Spring 1940 production phase and produces at
    once)."""
    if opt(s, "hgw_entry"):
        _enter(s, "production")


# -- the options' checks ---------------------------------------------------------------
def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _names(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def check_politics(checker, opts: dict) -> None:
    """The shapes of the campaign options (a pack is untrusted input: a bad value is one
    line naming the option, never a traceback later in the game)."""
    fail = checker.fail
    for key in ("hgw_unaligned", "hgw_never_align"):
        if not _names(opts[key]):
            fail(f"options.{key}", "must be a list of country names")
    for k, v in opts["hgw_alignment"].items():
        if not isinstance(v, dict) or not all(isinstance(x, str) for x in v.values()):
            fail(f"options.hgw_alignment.{k}", "must map countries to the side they join")
    for k, v in opts["hgw_swap"].items():
        if not isinstance(v, dict) or not all(isinstance(x, str) for x in v.values()):
            fail(f"options.hgw_swap.{k}", "must map attackers to nations")
    for k, v in opts["hgw_country_groups"].items():
        if not _names(v):
            fail(f"options.hgw_country_groups.{k}", "must be a list of country names")
    for k, v in opts["hgw_capitals"].items():
        if not isinstance(v, str):
            fail(f"options.hgw_capitals.{k}", "must be a hex id")
    for k, v in opts["hgw_surrender"].items():
        if not isinstance(v, dict):
            fail(f"options.hgw_surrender.{k}", "must be a table of terms")
            continue
        for f in ("hexes", "by", "cede", "unalign", "mainland"):
            if f in v and not (
                isinstance(v[f], list) and all(isinstance(x, str | int) for x in v[f])
            ):
                fail(f"options.hgw_surrender.{k}.{f}", "must be a list of names or hex ids")
        if "lost" in v and not (_whole(v["lost"]) and v["lost"] >= 1):
            fail(f"options.hgw_surrender.{k}.lost", "must be a whole number >= 1")
        perm = v.get("permanent", {})
        if not isinstance(perm, dict) or not all(_whole(n) and n >= 0 for n in perm.values()):
            fail(f"options.hgw_surrender.{k}.permanent", "must map hex ids to points")
        elim = v.get("eliminate", {})
        if not isinstance(elim, dict) or not all(
            t in (INF, MECH) and _whole(n) and n >= 0 for t, n in elim.items()
        ):
            fail(f"options.hgw_surrender.{k}.eliminate", "must map inf/mech to SPs")
    for i, e in enumerate(opts["hgw_entry"]):
        where = f"options.hgw_entry[{i}]"
        if not isinstance(e, dict):
            fail(where, "must be a table {date, nation, at, countries, side, grant}")
            continue
        if parse_date(str(e.get("date", ""))) is None:
            fail(f"{where}.date", "must be a date (YYYY-MM)")
        if e.get("at", "turn") not in ("turn", "production"):
            fail(f"{where}.at", 'must be "turn" or "production"')
        if not _names(e.get("countries", [])) or not isinstance(e.get("nation", ""), str):
            fail(where, "countries must be a list of names, nation a nation id")
        _check_grants(fail, f"{where}.grant", e.get("grant", {}))
    _check_grants(fail, "options.hgw_join_grant", opts["hgw_join_grant"], sided=True)
    for i, pair in enumerate(opts["hgw_declare"]):
        if not (isinstance(pair, list) and len(pair) == 2 and _names(pair)):
            fail(f"options.hgw_declare[{i}]", "must be a pair of nation ids")
    for i, ch in enumerate(opts["hgw_sea_changes"]):
        if not (
            isinstance(ch, dict)
            and ch.get("on") in ("joined", "surrendered")
            and all(isinstance(ch.get(f), str) for f in ("country", "nation", "area"))
            and _whole(ch.get("cap"))
            and ch["cap"] >= -1
        ):
            fail(
                f"options.hgw_sea_changes[{i}]",
                "must be {on: joined|surrendered, country, nation, area, cap >= -1}",
            )


def _check_grants(fail, where: str, grants: Any, sided: bool = False) -> None:
    if not isinstance(grants, dict):
        fail(where, "must map countries to {inf, mech}")
        return
    for c, g in grants.items():
        if not isinstance(g, dict):
            fail(f"{where}.{c}", "must be {inf, mech}")
            continue
        for k, v in g.items():
            if k == "side" and sided and isinstance(v, str):
                continue
            if k not in (INF, MECH) or not _whole(v) or not 0 <= v <= 10:
                fail(f"{where}.{c}.{k}", "must be inf or mech, 0 to 10 SPs")
