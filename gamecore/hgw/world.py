"""The hexes and sides the hgw rules ask about: who plays, which hexes are friendly or
attackable, the calendar and the Russian winter, production points, stacking, captures."""

from __future__ import annotations

from gamecore.hgw import geo
from gamecore.hgw.options import opt
from gamecore.hgw.state import WINTER, HgwState
from gamecore.model.calendar import calendar_month, parse_date, season_of


def playing(s: HgwState) -> frozenset:
    """The nations that take turns: a hex held by any other nation (the Western Allies
    sitting out Barbarossa) counts as held by neither side."""
    got = s.board.cache.get("hgw_playing")
    if got is None:
        got = s.board.cache["hgw_playing"] = frozenset(
            n for slot in s.board.turn_slots for n in slot
        )
    return got


def separate(s: HgwState, a: str, b: str) -> bool:
    """Nations that never enter each other's hexes nor trace supply through them even
    when one player runs both (seeds/001 ALLIED-SOVIET CO-OPERATION 2; the Fall of
    Germany two-player variant puts the Allies and the Soviets in one alliance)."""
    pairs = opt(s, "hgw_separate")
    return bool(pairs) and ([a, b] in pairs or [b, a] in pairs)


def friendly(s: HgwState, nation: str, z: int) -> bool:
    o = s.owner.get(z)
    if o is None:
        return False
    if o == nation:
        return True
    return o in playing(s) and s.friendly(o, nation) and not separate(s, o, nation)


def enemy_hex(s: HgwState, nation: str, z: int) -> bool:
    """A hex the side may attack: held by a nation in the turn order it is at war with.
    Never a hex of a co-operating side (seeds/001 ALLIED-SOVIET CO-OPERATION 1: the
    Soviets and the Allies are at peace), never a neutral's (Barbarossa special rule 1).
    Campaign Game I (seeds/001 UNALIGNED COUNTRIES, Violation Of Neutrality 1): also a
    hex of an unaligned country (``hgw_unaligned``), and a hex of a side at peace that
    attacking brings into the war (``hgw_declare``)."""
    o = s.owner.get(z)
    if o is None:
        return unaligned(s, z)
    if o == nation or o not in playing(s):
        return False
    return s.at_war(o, nation) or may_declare(s, nation, o)


def country(s: HgwState, z: int) -> str:
    return geo.graph(s).region.get(z) or ""


def unaligned(s: HgwState, z: int) -> bool:
    """A hex of a country still unaligned, open to attack by every side (seeds/001
    Violation Of Neutrality 1): no side holds it and its country is listed in
    ``hgw_unaligned`` (a surrendered or ceded country's hexes are held by a side)."""
    names = opt(s, "hgw_unaligned")
    return bool(names) and s.owner.get(z) is None and country(s, z) in names


def may_declare(s: HgwState, nation: str, other: str) -> bool:
    """Sides at peace that go to war by attacking each other (``hgw_declare``: the Soviet
    Union is a neutral major power in 1939, seeds/001 UNALIGNED COUNTRIES), unless a
    surrender made the peace for good (seeds/001 SURRENDER, Soviet Union 2)."""
    pairs = opt(s, "hgw_declare")
    if not pairs or s.relation(nation, other) == "war":
        return False
    if [nation, other] not in pairs and [other, nation] not in pairs:
        return False
    peace = s.politics.get("peace", ())
    return [nation, other] not in peace and [other, nation] not in peace


def zone_of_code(s: HgwState, code: str) -> int | None:
    return geo.graph(s).code.get(code)


def month(s: HgwState) -> int:
    return calendar_month(s.scenario.start, s.scenario.calendar, s.round)


def is_winter(s: HgwState) -> bool:
    if s.scenario.calendar != "3-seasons":
        return False
    return season_of(s.scenario.start, s.scenario.calendar, s.round)[1] == WINTER


def winters(s: HgwState) -> int:
    """Which winter this is (1 = the first), 0 outside winter. With ``hgw_winter_count``
    "occupied" (Campaign Game I, which starts in 1939): the winters in which the side's
    armies stood in the winter country (seeds/001 RUSSIAN WINTER 2: "the first such
    winter turn"), counted at the start of its winter turns (gamecore.hgw.politics)."""
    if not is_winter(s):
        return 0
    if opt(s, "hgw_winter_count") == "occupied":
        return int(s.politics.get("winters", 0))
    cal, start = s.scenario.calendar, s.scenario.start
    return sum(1 for r in range(1, s.round + 1) if season_of(start, cal, r)[1] == WINTER)


def winter_mod(s: HgwState, nation: str, z: int) -> int:
    """Russian winter (seeds/001 RUSSIAN WINTER): added to an attack or defensive-assault
    roll of ``nation``'s armies standing in hex ``z``."""
    k = winters(s)
    if not k or nation not in opt(s, "hgw_winter_nations"):
        return 0
    if geo.graph(s).region.get(z) != opt(s, "hgw_winter_region"):
        return 0
    steps = opt(s, "hgw_winter")
    return int(steps[min(k, len(steps)) - 1]) if steps else 0


def siberia(s: HgwState) -> int | None:
    return zone_of_code(s, opt(s, "hgw_siberia_hex"))


def pp(s: HgwState, z: int) -> int:
    """Undevastated production points of hex ``z`` now (Siberia: its schedule)."""
    if z == siberia(s) and opt(s, "hgw_siberia_income"):
        # Barbarossa special rule 4: the first step (8) whoever holds the box; the later
        # ones (12 from Spring 1943) only while it is still Soviet
        now = month(s)
        base = 0
        soviet = s.owner.get(z) == opt(s, "hgw_soviet")
        for i, (date, amount) in enumerate(opt(s, "hgw_siberia_income")):
            d = parse_date(str(date))
            if d is not None and now >= d and (i == 0 or soviet):
                base = int(amount)
        return max(0, base - s.zone_damage.get(z, 0))
    return s.zone_value(z)


def home(s: HgwState, nation: str) -> frozenset:
    return frozenset(opt(s, "hgw_home").get(nation, ()))


def set_owner(s: HgwState, z: int, nation: str, why: str) -> None:
    old = s.owner.get(z)
    s.owner[z] = nation
    s.bump()
    s.event("capture", zone=z, nation=nation, old=old, why=why)
    if s.fleet and z in s.fleet and s.fleet[z].nation != nation:
        # a fleet in a captured hex is expelled (rules-notes/001 §4.8); with no rule for
        # where it goes, it is lost
        who, pts = s.fleet[z]
        s.fleet = {k: v for k, v in s.fleet.items() if k != z}
        s.event("hgw_fleet_lost", zone=z, nation=who, points=pts)


def siberian_locked(s: HgwState, z: int) -> bool:
    sib = siberia(s)
    if sib is None or z != sib:
        return False
    d = parse_date(opt(s, "hgw_siberia_moves_from"))
    return d is not None and month(s) < d


def stack_limit(s: HgwState, z: int) -> int | None:
    box = geo.graph(s).box.get(z)
    if box is not None:
        return box.get("stacking")
    return opt(s, "hgw_stacking")


def opponents(s: HgwState, nation: str) -> list[str]:
    return [n for slot in s.board.turn_slots for n in slot if s.at_war(n, nation)]


def g_ports(s: HgwState) -> frozenset:
    got = s.board.cache.get("hgw_ports")
    if got is None:
        got = s.board.cache["hgw_ports"] = frozenset(
            z for z, f in s.board.flags.items() if "port" in f or "naval_port" in f
        )
    return got
