"""Campaign Game I's production limitations (seeds/001 PRODUCTION LIMITATIONS): Soviet
mobilisation and Siberia's industry, the United States' growing production, India cut
off by the Suez canal, French fortifications. Typed options (:data:`OPTIONS`); with their
defaults (none) income is what it always was. The record is in the state part
``politics`` (``mobilized``: the round the Soviet cap was lifted; ``extended``)."""

from __future__ import annotations

from typing import Any

from gamecore.hgw import geo, politics
from gamecore.hgw.options import hgw_option, opt
from gamecore.hgw.politics import joined_round
from gamecore.hgw.state import HgwState
from gamecore.hgw.world import country, month, pp, siberia
from gamecore.model.calendar import parse_date

_o = hgw_option


OPTIONS = (
    _o(
        "hgw_mobilization",
        "table",
        {},
        "Soviet Mobilization: {nation, region, cap, lift_regions, until, free_regions, "
        "extended_until, extended_hexes}; {} none",
    ),
    _o(
        "hgw_growth",
        "table",
        {},
        "country -> [PP, step]: its production once it joined a side, step more each round "
        "(ENTRY INTO THE WAR, United States 3)",
    ),
    _o(
        "hgw_cut_off",
        "list",
        [],
        "[{hexes, while, by}]: those hexes' PP do not count while `by` holds any of the "
        "`while` hexes (PRODUCTION LIMITATIONS, Suez Canal)",
    ),
    _o(
        "hgw_fort_from",
        "table",
        {},
        "country -> date: no fort SPs there before it (French Fortifications)",
    ),
)


def _get(s: HgwState, key: str, default: Any = None) -> Any:
    return s.politics.get(key, default)


def _put(s: HgwState, key: str, value: Any) -> None:
    s.politics = {**s.politics, key: value}


def mobilization_lifted(s: HgwState) -> bool:
    """Whether the Soviet cap is gone (recorded, or due now: a pure question, the
    record is made at the start of a turn by :func:`turn_start` or by an attack)."""
    mob = opt(s, "hgw_mobilization")
    return not mob or bool(_get(s, "mobilized")) or _lift_due(s, mob)


def turn_start(s: HgwState) -> None:
    """Soviet Mobilization 1, 3: the cap lifted by the calendar (Spring 1942; extended:
    Spring 1944) or by five Axis hexes in the Soviet Union is recorded at the start of
    the turn it happens in."""
    mob = opt(s, "hgw_mobilization")
    if mob and not _get(s, "mobilized") and _lift_due(s, mob):
        _lift(s, "date" if not _get(s, "extended") else "extension over")


def _lift_due(s: HgwState, mob: dict) -> bool:
    now = month(s)
    if _get(s, "extended"):
        d = parse_date(str(mob.get("extended_until", "")))
        g = geo.graph(s)
        axis = opt(s, "hgw_axis")
        held = sum(
            1 for z, o in s.owner.items() if o == axis and g.region.get(z) == mob.get("region")
        )
        lifted = (d is not None and now >= d) or held >= int(mob.get("extended_hexes", 5))
    else:
        d = parse_date(str(mob.get("until", "")))
        lifted = d is not None and now >= d
    return lifted


def _lift(s: HgwState, why: str) -> None:
    _put(s, "mobilized", s.round)
    s.event("hgw_mobilized", nation=opt(s, "hgw_mobilization").get("nation"), why=why)


def attacked(s: HgwState, nation: str, target: int) -> None:
    """An attack on ``target`` named (announced, invaded, exploited): the politics of it
    (:func:`gamecore.hgw.politics.on_attack`) and Soviet mobilisation."""
    politics.on_attack(s, nation, target)
    on_attack(s, nation, target)


def on_attack(s: HgwState, nation: str, target: int) -> None:
    """Soviet Mobilization 1, 3: an Axis attack on a Soviet or Baltic hex lifts the cap;
    a Soviet attack on a hex outside the Baltic States before then extends it."""
    mob = opt(s, "hgw_mobilization")
    if not mob or _get(s, "mobilized"):
        return
    c = country(s, target)
    if nation == opt(s, "hgw_axis") and c in mob.get("lift_regions", ()):
        if not _get(s, "extended"):
            _lift(s, "attacked")
    elif nation == mob.get("nation") and c not in mob.get("free_regions", ()):
        if not _get(s, "extended"):
            _put(s, "extended", True)
            s.event("hgw_mobilization_extended", nation=nation, zone=target)


def adjust(s: HgwState, nation: str, full: set[int], base: int) -> int:
    """The side's income after the production limitations (``base``: the undevastated PP
    it holds in full supply, ``full`` those hexes)."""
    mob = opt(s, "hgw_mobilization")
    growth = opt(s, "hgw_growth")
    cuts = opt(s, "hgw_cut_off")
    if not (mob or growth or cuts):
        return base
    g = geo.graph(s)
    mine = [z for z in full if s.owner.get(z) == nation]
    if mob and nation == mob.get("nation"):
        sib = siberia(s)
        lifted = mobilization_lifted(s)
        if not lifted:
            inside = sum(
                pp(s, z) for z in mine if g.region.get(z) == mob.get("region") and z != sib
            )
            base -= max(0, inside - int(mob.get("cap", 8)))
        if sib in mine and (not lifted or s.round <= int(_get(s, "mobilized") or s.round)):
            base -= pp(s, sib)  # Soviet Mobilization 4: the turn after the cap goes
    for c, spec in sorted(growth.items()):
        r = joined_round(s, c)
        here = [z for z in mine if g.region.get(z) == c]
        if here and r is not None:
            base -= sum(pp(s, z) for z in here)
            base += int(spec[0]) + int(spec[1]) * max(0, s.round - r)
    axis = opt(s, "hgw_axis")
    for cut in cuts:
        who = cut.get("by", axis)
        if any(s.owner.get(g.code.get(str(h))) == who for h in cut.get("while", ())):
            cut_off = [g.code.get(str(h)) for h in cut.get("hexes", ())]
            base -= sum(pp(s, z) for z in cut_off if z in mine)
    return base


def fort_allowed(s: HgwState, z: int) -> bool:
    """French Fortifications: no fort SPs assigned in a country before its date."""
    when = opt(s, "hgw_fort_from").get(country(s, z))
    if not when:
        return True
    d = parse_date(str(when))
    return d is None or month(s) >= d


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _names(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def check_limits(checker, opts: dict) -> None:
    """The shapes of the production-limitation options (one line each, never a traceback)."""
    fail = checker.fail
    mob = opts["hgw_mobilization"]
    if mob:
        if not _whole(mob.get("cap")) or mob["cap"] < 0:
            fail("options.hgw_mobilization.cap", "must be a whole number of PP")
        for f in ("until", "extended_until"):
            if f in mob and parse_date(str(mob[f])) is None:
                fail(f"options.hgw_mobilization.{f}", "must be a date (YYYY-MM)")
        for f in ("lift_regions", "free_regions"):
            if f in mob and not _names(mob[f]):
                fail(f"options.hgw_mobilization.{f}", "must be a list of country names")
        if not isinstance(mob.get("nation"), str) or not isinstance(mob.get("region"), str):
            fail("options.hgw_mobilization", "needs nation and region (names)")
    for c, v in opts["hgw_growth"].items():
        if not (isinstance(v, list) and len(v) == 2 and all(_whole(x) for x in v)):
            fail(f"options.hgw_growth.{c}", "must be [PP, step]")
    for i, cut in enumerate(opts["hgw_cut_off"]):
        if not (
            isinstance(cut, dict)
            and isinstance(cut.get("hexes"), list)
            and isinstance(cut.get("while"), list)
        ):
            fail(f"options.hgw_cut_off[{i}]", "must be {hexes: [...], while: [...], by}")
    for c, v in opts["hgw_fort_from"].items():
        if parse_date(str(v)) is None:
            fail(f"options.hgw_fort_from.{c}", "must be a date (YYYY-MM)")
