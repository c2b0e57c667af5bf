"""The ``hgw`` rule system: Hitler's Global War's Barbarossa rules on the kernel.

Read the package docstring (:mod:`gamecore.hgw`) for the action vocabulary; the rules
and the choices made where the rulebook is silent are in docs/hitlers_global_war.md."""

from __future__ import annotations

import heapq
from itertools import combinations
from typing import Any

from gamecore.engine.actions import Action
from gamecore.engine.decisions import Decision
from gamecore.engine.options import OptionSpec
from gamecore.engine.parts import Part
from gamecore.engine.state import MOVED, state_class
from gamecore.engine.systems import ActionKind, Phase, RuleSystem
from gamecore.engine.turns import END
from gamecore.errors import RulesError
from gamecore.hgw import geo
from gamecore.hgw.tables import (
    ADVANCE,
    FIREPOWER,
    FRIENDLY,
    advance_range,
    advance_succeeds,
    check_tables,
    firepower,
)
from gamecore.model.calendar import calendar_month, parse_date, season_of

INF, MECH, FORT, AMPH = "inf", "mech", "fort", "amph"
SP_TYPES = (INF, MECH)  # the SPs of armies that fire (forts stand in their hex, in no army)
#: every SP type an army holds: amphibious SPs (Fall of Germany) move with the army and
#: count for stacking and against advances, but neither assault nor defensively assault
#: (seeds/001 AMPHIBIOUS INVASIONS, Amphibious Strength Points 1-2)
ARMY_TYPES = (INF, MECH, AMPH)
#: the season index of Winter in a "3-seasons" calendar (Spring, Summer, Winter)
WINTER = 2

# ---------------------------------------------------------------------- state parts


def _sorted_items(d: dict) -> dict:
    return {str(k): (list(v) if isinstance(v, tuple) else v) for k, v in sorted(d.items())}


PARTS = (
    Part(
        "armies",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        doc="army id -> (nation, name, zone): every SP belongs to exactly one army",
    ),
    Part(
        "army_of",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        doc="SP (unit id) -> its army id",
    ),
    Part("next_army", lambda s: 1, "share", snapshot=lambda v: v, doc="the next army id"),
    Part(
        "occupied",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        doc="zone -> nation whose occupation marker (won by combat advance) stands there",
    ),
    Part(
        "permanent",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        doc="zone -> devastated points that can never be repaired",
    ),
    Part(
        "declared",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        doc="army -> the hex its initial attack was announced against (this turn)",
    ),
    Part(
        "advanced",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        doc="army -> hexes it advanced into this turn (+1 each to its next advance roll)",
    ),
    Part(
        "assaulted",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        doc="armies that assaulted this turn",
    ),
    Part(
        "defended",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        doc="armies that made their defensive assault this turn",
    ),
    Part(
        "failed", lambda s: frozenset(), "share", snapshot=sorted, doc="armies whose advance failed"
    ),
    Part(
        "no_garrison",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        doc="hexes whose garrison was destroyed this combat phase",
    ),
    Part(
        "exploit",
        lambda s: (0, 0, frozenset()),
        "share",
        snapshot=lambda v: [v[0], v[1], sorted(v[2])],
        doc="exploitation: (the army attacking now, its target or 0, armies done)",
    ),
    Part(
        "dqueue",
        lambda s: (),
        "share",
        snapshot=list,
        doc="hexes still to be offered their defensive assault (the pending decision first)",
    ),
    Part(
        "fort_fired",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        sparse=True,
        doc="hexes whose forts made their defensive assault this turn",
    ),
    Part(
        "absorbed",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        sparse=True,
        doc="hex -> losses its forts absorbed this turn (one per fort SP a turn)",
    ),
    Part(
        "invading",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        sparse=True,
        doc="armies whose announced attack this turn is an amphibious invasion",
    ),
    Part(
        "amphibious",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        sparse=True,
        doc="the army making an amphibious advance now (exploitation), until it rolls",
    ),
    Part(
        "beachhead",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        sparse=True,
        doc="hex -> (nation, round): invaded hexes its invaders trace supply to next turn",
    ),
    Part(
        "fleet",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        sparse=True,
        doc="hex -> (nation, naval fire points) of the fleet based there",
    ),
    Part(
        "fleet_spent",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        sparse=True,
        doc="hexes whose fleet lost a naval battle this turn (Expended)",
    ),
    Part(
        "lend",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        sparse=True,
        doc="nation -> lend-lease PP given to it, spent in its next production phase",
    ),
    Part(
        "shipped",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        sparse=True,
        doc="sea area -> SPs the current side moved through it this turn (its capacity)",
    ),
    Part(
        "pending_loss",
        lambda s: (),
        "share",
        snapshot=list,
        doc="losses waiting for their owner's decision hgw_losses: (SPs, hits, reason)",
    ),
    Part(
        "cut",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        doc="the current side's armies without full supply at the start of its turn",
    ),
)
HgwState = state_class("HgwState", PARTS, __name__)


# ---------------------------------------------------------------------- options
def _o(name, type, default, doc):
    return OptionSpec(name, type, default, doc=doc, owner="gamecore.hgw")


OPTIONS = (
    _o("hgw_axis", "str", "AXIS", "the Axis nation"),
    _o("hgw_soviet", "str", "SOV", "the Soviet nation"),
    _o(
        "hgw_home",
        "table",
        {"AXIS": ["Germany"], "SOV": ["USSR", "Siberia"]},
        "nation -> its home countries (Zone.region)",
    ),
    _o(
        "hgw_separate",
        "list",
        [],
        "[[nation, nation], ...]: sides that never share hexes even in one alliance",
    ),
    _o(
        "hgw_sea_capacity",
        "table",
        {},
        "nation -> {sea area: SPs a turn through it, -1 unlimited}; none: no sea movement",
    ),
    _o(
        "hgw_sea_supply",
        "table",
        {},
        "nation -> [sea areas it traces supply through without moving SPs there]",
    ),
    _o(
        "hgw_sea_box_limit",
        "table",
        {},
        'nation -> {"box box ...": SPs a turn moved by sea to or from those boxes}',
    ),
    _o(
        "hgw_lend_lease",
        "table",
        {},
        'lend-lease: {from = "ALL", to = "SOV", max = 4, depots = {hex = PP}}; {} none',
    ),
    _o("hgw_invasion_range", "int", 6, "sea hexes an amphibious invasion route may run"),
    _o(
        "hgw_sea_half_rows",
        "int",
        12,
        "a sea route entering a hex of a lower row number costs half a hex (0: off)",
    ),
    _o(
        "hgw_invasion_extension",
        "int",
        12,
        "hexes more per amph SP expended on an invasion route (0: no extension)",
    ),
    _o(
        "hgw_fleets",
        "table",
        {},
        "nation -> {hex: naval fire points}: the fleets at the start (Fleet Naval Fire 1)",
    ),
    _o("hgw_coastal_air", "list", [6, 10], "coastal air fire: [at a hex, at a box (Axis invader)]"),
    OptionSpec(
        "hgw_victory",
        "str",
        "barbarossa",
        choices=("barbarossa", "fall_of_germany"),
        doc="the victory conditions (rules-notes/001 §2.8)",
        owner="gamecore.hgw",
    ),
    OptionSpec(
        "hgw_unsupplied_capture",
        "str",
        "reach",
        choices=("reach", "closest_pp"),
        doc="who takes an unsupplied hex: an opponent tracing supply with an army within 3 "
        "hexes (reach), or the opponent with the closest undevastated PP (closest_pp: Fall "
        "of Germany special rule 4)",
        owner="gamecore.hgw",
    ),
    _o("hgw_soviet_ratio", "list", [2, 3], "Fall of Germany: Soviet PP >= a/b of the Allied"),
    _o("hgw_allies", "str", "ALL", "the Western Allies nation"),
    _o("hgw_stacking", "int", 10, "SPs per hex at the end of movement (boxes: no limit)"),
    _o("hgw_max_armies", "int", 12, "armies per side"),
    OptionSpec(
        "hgw_sp_types",
        "list",
        ["inf", "mech"],
        choices=("inf", "mech", "fort", "amph"),
        doc="the SP types a side may build (fort: forts)",
        owner="gamecore.hgw",
    ),
    _o("hgw_max_forts", "int", 7, "fort counters (hexes with forts) per side"),
    _o("hgw_fire_cap", "int", 10, "SPs of a hex that fire in one assault"),
    _o("hgw_repair_cost", "int", 3, "PP per devastated point repaired"),
    _o(
        "hgw_income_modifier", "table", {"AXIS": -17}, "nation -> PP added to its income every turn"
    ),
    _o("hgw_winter", "list", [4, 2, 1], "Russian winter: +N the 1st, 2nd, later winters"),
    _o("hgw_winter_nations", "list", ["AXIS"], "nations the Russian winter hits"),
    _o("hgw_winter_region", "str", "USSR", "the country whose hexes have the Russian winter"),
    _o(
        "hgw_terrain_advance",
        "table",
        {"mountain": 2, "swamp": 1, "desert": -1, "jungle": 1},
        "terrain -> advance roll modifier into it",
    ),
    _o("hgw_moscow_hex", "str", "1144", "Moscow for the Axis victory (the text: 1142 or 1144)"),
    _o("hgw_leningrad_hex", "str", "0942", "Leningrad (Axis victory)"),
    _o("hgw_stalingrad_hex", "str", "1446", "Stalingrad (Axis victory)"),
    _o("hgw_berlin_hex", "str", "1237", "Berlin (Soviet victory)"),
    _o("hgw_siberia_hex", "str", "SIB", "the Siberia box's hex id"),
    _o("hgw_siberia_moves_from", "date", "1941-09", "Siberian SPs may move from this date"),
    _o(
        "hgw_siberia_income",
        "list",
        [["1941-09", 8], ["1943-01", 12]],
        "[[date, PP], ...]: Siberia's production from each date",
    ),
    _o(
        "hgw_firepower",
        "table",
        FIREPOWER,
        "FIREPOWER TABLE: roll 1..7 -> SPs lost at strength 1..10",
    ),
    _o(
        "hgw_advance", "table", ADVANCE, "ADVANCE TABLE: mech 0..10 -> top roll vs friendly, 0..10+"
    ),
)


# ---------------------------------------------------------------------- helpers
def opt(s, name: str):
    return s.rules.options[name]


def playing(s) -> frozenset:
    """The nations that take turns: a hex held by any other nation (the Western Allies
    sitting out Barbarossa) counts as held by neither side."""
    got = s.board.cache.get("hgw_playing")
    if got is None:
        got = s.board.cache["hgw_playing"] = frozenset(
            n for slot in s.board.turn_slots for n in slot
        )
    return got


def separate(s, a: str, b: str) -> bool:
    """Nations that never enter each other's hexes nor trace supply through them even
    when one player runs both (seeds/001 ALLIED-SOVIET CO-OPERATION 2; the Fall of
    Germany two-player variant puts the Allies and the Soviets in one alliance)."""
    pairs = opt(s, "hgw_separate")
    return bool(pairs) and ([a, b] in pairs or [b, a] in pairs)


def friendly(s, nation: str, z: int) -> bool:
    o = s.owner.get(z)
    if o is None:
        return False
    if o == nation:
        return True
    return o in playing(s) and s.friendly(o, nation) and not separate(s, o, nation)


def enemy_hex(s, nation: str, z: int) -> bool:
    """A hex the side may attack: held by a nation in the turn order it is at war with.
    Never a hex of a co-operating side (seeds/001 ALLIED-SOVIET CO-OPERATION 1: the
    Soviets and the Allies are at peace), never a neutral's (Barbarossa special rule 1)."""
    o = s.owner.get(z)
    return o is not None and o != nation and o in playing(s) and s.at_war(o, nation)


def zone_of_code(s, code: str) -> int | None:
    return geo.graph(s).code.get(code)


def month(s) -> int:
    return calendar_month(s.scenario.start, s.scenario.calendar, s.round)


def is_winter(s) -> bool:
    if s.scenario.calendar != "3-seasons":
        return False
    return season_of(s.scenario.start, s.scenario.calendar, s.round)[1] == WINTER


def winters(s) -> int:
    """Which winter this is (1 = the first), 0 outside winter."""
    if not is_winter(s):
        return 0
    cal, start = s.scenario.calendar, s.scenario.start
    return sum(1 for r in range(1, s.round + 1) if season_of(start, cal, r)[1] == WINTER)


def winter_mod(s, nation: str, z: int) -> int:
    """Russian winter (seeds/001 RUSSIAN WINTER): added to an attack or defensive-assault
    roll of ``nation``'s armies standing in hex ``z``."""
    k = winters(s)
    if not k or nation not in opt(s, "hgw_winter_nations"):
        return 0
    if geo.graph(s).region.get(z) != opt(s, "hgw_winter_region"):
        return 0
    steps = opt(s, "hgw_winter")
    return int(steps[min(k, len(steps)) - 1]) if steps else 0


def siberia(s) -> int | None:
    return zone_of_code(s, opt(s, "hgw_siberia_hex"))


def pp(s, z: int) -> int:
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


def home(s, nation: str) -> frozenset:
    return frozenset(opt(s, "hgw_home").get(nation, ()))


def army_sps(s, aid: int) -> list[int]:
    a = s.armies.get(aid)
    if a is None:
        return []
    af = s.army_of
    return [u for u in s.at.get(a[2], ()) if af.get(u) == aid]


def army_count(s, aid: int) -> tuple[int, int]:
    """(infantry, mechanized) SPs of the army (its amphibious SPs: ``army_amph``)."""
    inf = mech = 0
    for u in army_sps(s, aid):
        t = s.units[u].type
        if t == MECH:
            mech += 1
        elif t == INF:
            inf += 1
    return inf, mech


def army_amph(s, aid: int) -> int:
    return sum(1 for u in army_sps(s, aid) if s.units[u].type == AMPH)


def armies_of(s, nation: str) -> list[int]:
    return sorted(a for a, v in s.armies.items() if v[0] == nation)


def armies_in(s, z: int, nation: str | None = None) -> list[int]:
    found = {s.army_of[u] for u in s.at.get(z, ()) if u in s.army_of}
    return sorted(a for a in found if nation is None or s.armies[a][0] == nation)


def building(s, u) -> bool:
    """A fort SP under construction (seeds/001 Fort Strength Under Construction): it
    counts neither in battle nor for stacking until its side's next production phase."""
    return u.type == FORT and u.damage > 0


def sp_in(s, z: int) -> int:
    """SPs in the hex that count (for stacking and against an advance)."""
    units = s.units
    return sum(1 for u in s.at.get(z, ()) if not building(s, units[u]))


def forts_in(s, z: int, nation: str | None = None) -> list[int]:
    """Completed fort SPs in the hex (of ``nation``)."""
    return [
        u
        for u in s.at.get(z, ())
        if s.units[u].type == FORT
        and not building(s, s.units[u])
        and (nation is None or s.units[u].nation == nation)
    ]


def fort_hexes(s, nation: str) -> set[int]:
    return {u.zone for u in s.units.values() if u.type == FORT and u.nation == nation}


def new_army(s, nation: str, z: int, name: str = "") -> int:
    aid = s.next_army
    s.next_army = aid + 1
    s.armies[aid] = (nation, name or f"Army {aid}", z)
    return aid


def prune(s, aid: int) -> None:
    """An army with no SP left vanishes (seeds/001 ARMIES)."""
    if aid in s.armies and not army_sps(s, aid):
        nation, name, z = s.armies.pop(aid)
        s.event("hgw_army_gone", army=aid, name=name, zone=z, nation=nation)


def kill(s, uid: int, reason: str) -> None:
    aid = s.army_of.pop(uid, None)
    s.remove_unit(uid, reason)
    if aid is not None:
        prune(s, aid)


def set_owner(s, z: int, nation: str, why: str) -> None:
    old = s.owner.get(z)
    s.owner[z] = nation
    s.bump()
    s.event("capture", zone=z, nation=nation, old=old, why=why)
    if s.fleet and z in s.fleet and s.fleet[z][0] != nation:
        # a fleet in a captured hex is expelled (rules-notes/001 §4.8); with no rule for
        # where it goes, it is lost
        who, pts = s.fleet[z]
        s.fleet = {k: v for k, v in s.fleet.items() if k != z}
        s.event("hgw_fleet_lost", zone=z, nation=who, points=pts)


def siberian_locked(s, z: int) -> bool:
    sib = siberia(s)
    if sib is None or z != sib:
        return False
    d = parse_date(opt(s, "hgw_siberia_moves_from"))
    return d is not None and month(s) < d


def stack_limit(s, z: int) -> int | None:
    box = geo.graph(s).box.get(z)
    if box is not None:
        return box.get("stacking")
    return opt(s, "hgw_stacking")


# ---------------------------------------------------------------------- seas
def sea_left(s, nation: str, area: str) -> float:
    """SPs the side may still move through the sea area this turn (seeds/001 Strength
    Point Movement Across Seas: per side and sea, per turn; -1 is unlimited)."""
    cap = opt(s, "hgw_sea_capacity").get(nation, {}).get(area, 0)
    if cap < 0:
        return float("inf")
    return cap - s.shipped.get(area, 0)


def supply_seas(s, nation: str) -> frozenset:
    """The side's friendly seas (seeds/001 Supply Route 1: a sea it may move at least one
    SP through; Supply Route 3: the Soviet lakes, for supply only)."""
    caps = opt(s, "hgw_sea_capacity").get(nation, {})
    extra = opt(s, "hgw_sea_supply").get(nation, ())
    return frozenset([a for a, c in caps.items() if c != 0] + list(extra))


def move_reach(s, nation: str, z: int, k: int) -> dict[int, tuple[str, ...]]:
    """Where ``k`` SPs in friendly hex ``z`` may move this phase -> the sea areas the move
    uses (() for a move over land). A move may mix land legs through friendly hexes and
    sea legs through seas with room for ``k`` more SPs this turn, as many as it likes
    (seeds/001 Strength Point Movement Across Seas 2); a sea leg lands only in a friendly
    coastal hex or box. The smallest set of sea areas is charged (ties: in name order)."""
    fr = lambda x: friendly(s, nation, x)  # noqa: E731
    comp = geo.components(s, fr)
    if z not in comp:
        return {}
    out = {d: () for d, lab in comp.items() if lab == comp[z] and d != z}
    caps = opt(s, "hgw_sea_capacity").get(nation, {})
    allowed = sorted(a for a in caps if sea_left(s, nation, a) >= k)
    if not allowed:
        return out
    cache = s.board.cache.setdefault("hgw_sea_reach", {})
    if cache.get("epoch") != s.epoch:
        cache.clear()
        cache["epoch"] = s.epoch
    g = geo.graph(s)
    for size in range(1, len(allowed) + 1):
        for seas in combinations(allowed, size):
            key = (nation, comp[z], seas)
            got = cache.get(key)
            if got is None:
                net = geo.sea_net(s, seas, fr)
                seen = {d for d, lab in comp.items() if lab == comp[z]}
                todo = list(seen)
                while todo:
                    x = todo.pop()
                    for n in (*g.nbrs.get(x, ()), *geo.landings(g, net, x)):
                        if n not in seen and fr(n):
                            seen.add(n)
                            todo.append(n)
                got = cache[key] = frozenset(seen)
            for d in sorted(got):
                if d != z and d not in out:
                    out[d] = seas
    limits = box_limits(s, nation)
    if limits:
        for d in [d for d, seas in out.items() if seas]:
            for key, group, cap in limits:
                if (z in group or d in group) and cap - s.shipped.get(key, 0) < k:
                    del out[d]
                    break
    return out


def box_limits(s, nation: str) -> list[tuple[str, frozenset, int]]:
    """(key, boxes, SPs a turn): seeds/001 ATLANTIC OCEAN, "no more than three strength
    points may travel to or from the U.S. or Canada each turn" (option
    hgw_sea_box_limit = {nation: {"1909 1614": 3}})."""
    out = []
    g = geo.graph(s)
    for key, cap in sorted(opt(s, "hgw_sea_box_limit").get(nation, {}).items()):
        group = frozenset(g.code[c] for c in str(key).split() if c in g.code)
        out.append(("@" + key, group, int(cap)))
    return out


# ---------------------------------------------------------------------- supply
def sources(s, nation: str, home_only: bool) -> list[int]:
    hs = home(s, nation)
    g = geo.graph(s)
    heads = [
        z
        for z, (who, made) in s.beachhead.items()
        if who == nation and s.round <= made + 1 and s.owner.get(z) == nation
    ]
    return heads + [
        z
        for z, o in s.owner.items()
        if o is not None
        and friendly(s, nation, z)
        and (not home_only or g.region.get(z) in hs)
        and pp(s, z) > 0
    ]


def supplied(s, nation: str, home_only: bool) -> set[int]:
    """Hexes in full supply (``home_only``: traced to a friendly home-country
    undevastated PP) or defence supply (any friendly undevastated PP)."""
    return geo.trace(
        s,
        sources(s, nation, home_only),
        lambda z: friendly(s, nation, z),
        occupied_by=nation,
        seas=supply_seas(s, nation),
    )


def opponents(s, nation: str) -> list[str]:
    return [n for slot in s.board.turn_slots for n in slot if s.at_war(n, nation)]


# ---------------------------------------------------------------------- set-up
def setup(s) -> None:
    scn = s.scenario
    g = geo.graph(s)
    for key in ("hgw_moscow_hex", "hgw_leningrad_hex", "hgw_stalingrad_hex", "hgw_berlin_hex"):
        if opt(s, key) not in g.code:
            raise RulesError(
                f"scenario '{scn.id}': option {key} names hex '{opt(s, key)}', not on the map"
            )
    names: dict[tuple[int, str], str] = {}
    armies = scn.props.get("hgw_armies") or []
    if not isinstance(armies, list):
        raise RulesError(f"scenario '{scn.id}': hgw_armies must be a list of army rows")
    for i, spec in enumerate(armies):
        if not isinstance(spec, dict):
            raise RulesError(f"scenario '{scn.id}': hgw_armies[{i}] must be a table")
        z = g.code.get(str(spec.get("zone_code", "")))
        if z is None:
            raise RulesError(
                f"scenario '{scn.id}': hgw_armies[{i}] names hex "
                f"'{spec.get('zone_code')}', not on the map"
            )
        names[(z, str(spec.get("nation", "")))] = str(spec.get("name", ""))
    groups: dict[tuple[int, str], list[int]] = {}
    for u in sorted(s.units.values()):
        if u.type == FORT:
            continue  # a fort stands in its hex, in no army (seeds/001 FORTIFICATIONS)
        if u.type not in ARMY_TYPES:
            raise RulesError(f"scenario '{scn.id}': unit type '{u.type}' is not an HGW SP type")
        groups.setdefault((u.zone, u.nation), []).append(u.id)
    for (z, nation), ids in sorted(groups.items()):
        name = names.get((z, nation)) or f"{s.board.code.get(z) or z}"
        aid = new_army(s, nation, z, name)
        for u in ids:
            s.army_of[u] = aid
    for nation in {n for n, _, _ in s.armies.values()}:
        if len(armies_of(s, nation)) > opt(s, "hgw_max_armies"):
            raise RulesError(
                f"scenario '{scn.id}': {nation} has more than {opt(s, 'hgw_max_armies')} armies"
            )
    for nation, bases in sorted(opt(s, "hgw_fleets").items()):
        for code, points in sorted(bases.items()):
            z = g.code.get(str(code))
            if z is None or not isinstance(points, int) or points < 1:
                raise RulesError(f"scenario '{scn.id}': hgw_fleets names unknown hex '{code}'")
            s.fleet[z] = (nation, points)
    devastated = scn.props.get("hgw_devastated") or {}
    if not isinstance(devastated, dict):
        raise RulesError(f"scenario '{scn.id}': hgw_devastated must be a table of hex ids")
    for code, spec in sorted(devastated.items(), key=lambda kv: str(kv[0])):
        z = g.code.get(str(code))
        if z is None or not isinstance(spec, dict):
            raise RulesError(f"scenario '{scn.id}': hgw_devastated names unknown hex '{code}'")
        pts = spec.get("points", 0)
        if not isinstance(pts, int) or isinstance(pts, bool) or pts < 0:
            raise RulesError(
                f"scenario '{scn.id}': hgw_devastated['{code}'].points must be a whole number"
            )
        # set before the log's start entry: part of the position, not an event
        dmg = max(0, min(s.board.value[z], s.zone_damage.get(z, 0) + pts))
        s.zone_damage = {**s.zone_damage, z: dmg} if dmg else s.zone_damage
        if spec.get("permanent"):
            s.permanent[z] = s.permanent.get(z, 0) + pts


# ---------------------------------------------------------------------- turns
def begin_turn(s) -> None:
    n = s.current_nation
    for u in list(s.units.values()):
        if u.flags and u.nation == n:
            s.units[u.id] = u._replace(flags=0)
    s.declared = {}
    s.advanced = {}
    s.assaulted = frozenset()
    s.defended = frozenset()
    s.failed = frozenset()
    s.no_garrison = frozenset()
    s.exploit = (0, 0, frozenset())
    s.dqueue = ()
    if s.fort_fired:
        s.fort_fired = frozenset()
    if s.absorbed:
        s.absorbed = {}
    if s.shipped:
        s.shipped = {}
    if s.invading:
        s.invading = frozenset()
    if s.amphibious:
        s.amphibious = frozenset()
    if s.fleet_spent:
        s.fleet_spent = frozenset()
    if s.beachhead:
        s.beachhead = {z: v for z, v in s.beachhead.items() if s.round <= v[1] + 1}
    full = supplied(s, n, True)
    s.cut = frozenset(a for a in armies_of(s, n) if s.armies[a][2] not in full)
    s.bump()
    year, season = season_of(s.scenario.start, s.scenario.calendar, s.round)
    s.event("turn", round=s.round, nation=n, year=year, season=season, cut=sorted(s.cut))


def end_round(s) -> None:
    s.event("round_end", round=s.round)
    if s.max_rounds is not None and s.round >= s.max_rounds and not s.terminal:
        game_end(s, "round limit", "round limit: the Axis did not win")


def game_end(s, why: str, barbarossa: str) -> None:
    """The game ends without a sudden victory (the last turn, or nobody can act);
    ``barbarossa``: the reason a Barbarossa game gives (the Soviets win)."""
    if opt(s, "hgw_victory") == "fall_of_germany":
        fall_of_germany_end(s, why)
    else:
        finish(s, opt(s, "hgw_soviet"), barbarossa)


def total_pp(s, nation: str) -> int:
    """All the side's PP, wherever they are, devastated or not (seeds/001 FALL OF
    GERMANY Victory Conditions 5)."""
    return sum(s.board.value.get(z, 0) for z, o in s.owner.items() if o == nation)


def fall_of_germany_end(s, why: str) -> None:
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


def finish(s, nation: str, reason: str) -> None:
    s.winner = s.side_of(nation)
    s.terminal = True
    s.end_reason = reason
    s.decision = None
    s.event("game_over", winner=s.winner, reason=reason, round=s.round)


def check_victory(s) -> None:
    """seeds/001 BARBAROSSA victory conditions (rules-notes/001 §2.8)."""
    if s.terminal:
        return
    ax, sov = opt(s, "hgw_axis"), opt(s, "hgw_soviet")
    g = geo.graph(s)
    berlin = g.code[opt(s, "hgw_berlin_hex")]
    if opt(s, "hgw_victory") == "fall_of_germany":
        # the game ends at once when the Soviets or the Allies take Berlin
        if s.owner.get(berlin) not in (None, ax):
            fall_of_germany_end(s, f"{s.owner[berlin]} took Berlin")
        return
    if friendly(s, sov, berlin):
        finish(s, sov, "the Soviets took Berlin")
        return
    need = [
        g.code[opt(s, k)] for k in ("hgw_leningrad_hex", "hgw_moscow_hex", "hgw_stalingrad_hex")
    ]
    if all(friendly(s, ax, z) for z in need):
        finish(s, ax, "the Axis holds Leningrad, Moscow and Stalingrad")


# ---------------------------------------------------------------------- movement
def movement_legal(s) -> list[Action]:
    n = s.current_nation
    comp = geo.components(s, lambda z: friendly(s, n, z))
    by_label: dict[int, list[int]] = {}
    for z, lab in comp.items():
        by_label.setdefault(lab, []).append(z)
    mine = armies_of(s, n)
    at_dest: dict[int, list[int]] = {}
    for a in mine:
        at_dest.setdefault(s.armies[a][2], []).append(a)
    room = len(mine) < opt(s, "hgw_max_armies")
    out: list[Action] = []
    for a in mine:
        z = s.armies[a][2]
        if a in s.cut or siberian_locked(s, z) or z not in comp:
            continue
        sps = army_sps(s, a)
        free = tuple(sorted(u for u in sps if not s.units[u].flags & MOVED))
        if not free:
            continue
        whole = len(free) == len(sps)
        by_type = {t: tuple(u for u in free if s.units[u].type == t) for t in SP_TYPES}
        for d in sorted(by_label[comp[z]]):
            if d == z:
                continue
            if whole:
                out.append(Action("hgw_move", units=free, path=(z, d), target=a))
            for b in at_dest.get(d, ()):
                out.append(Action("hgw_move", units=free, path=(z, d), target=b))
            if room and not whole:
                out.append(Action("hgw_move", units=free, path=(z, d)))
            if room and all(by_type.values()):
                for t in SP_TYPES:
                    out.append(Action("hgw_move", units=by_type[t], path=(z, d)))
        if opt(s, "hgw_sea_capacity").get(n):
            out += sea_moves(s, a, z, free, whole, at_dest, room)
    for a in mine:
        amph = tuple(u for u in army_sps(s, a) if s.units[u].type == AMPH)
        if amph:
            out.append(Action("hgw_convert", units=amph))
    return out + [END]


def sea_moves(s, a, z, free, whole, at_dest, room) -> list[Action]:
    """The listed moves that need a sea leg: the army's unmoved SPs together, and one SP
    of each type alone (sea capacity is often one SP a turn)."""
    n = s.current_nation
    out = []
    groups = [free]
    for t in SP_TYPES:
        one = [u for u in free if s.units[u].type == t][:1]
        if one and len(free) > 1:
            groups.append(tuple(one))
    for g in groups:
        for d, seas in sorted(move_reach(s, n, z, len(g)).items()):
            if not seas:
                continue
            if g is free and whole:
                out.append(Action("hgw_move", units=g, path=(z, d), target=a))
            for b in at_dest.get(d, ()):
                out.append(Action("hgw_move", units=g, path=(z, d), target=b))
            if room and not (g is free and whole):
                out.append(Action("hgw_move", units=g, path=(z, d)))
    return out


def convert_error(s, a: Action) -> str | None:
    if s.phase != "movement" or s.decision is not None:
        return "amphibious SPs convert in the movement phase"
    if not a.units or len(set(a.units)) != len(a.units):
        return "name the amphibious SPs"
    for u in a.units:
        x = s.units.get(u)
        if x is None or x.nation != s.current_nation or x.type != AMPH:
            return "only the side's amphibious SPs convert"
    return None


def apply_convert(s, a: Action) -> None:
    """seeds/001 Amphibious Strength Points 3: amphibious SPs become infantry one for
    one during the side's movement phase, never back."""
    for u in a.units:
        s.units[u] = s.units[u]._replace(type=INF)
    s.bump()
    s.event("hgw_convert", nation=s.current_nation, sps=len(a.units))


def move_error(s, a: Action) -> str | None:
    n = s.current_nation
    if s.phase != "movement" or s.decision is not None:
        return "not in the movement phase"
    if len(a.path) != 2 or not a.units:
        return "a move names its SPs and (from, to)"
    z, d = a.path
    aids = {s.army_of.get(u) for u in a.units}
    if len(aids) != 1 or None in aids:
        return "the SPs must belong to one army"
    src = aids.pop()
    if s.armies[src][0] != n or s.armies[src][2] != z:
        return "not an army of the side in that hex"
    if src in s.cut:
        return "an army without full supply may not move"
    if siberian_locked(s, z):
        return "Siberian SPs may not move yet"
    if len(set(a.units)) != len(a.units) or any(s.units[u].flags & MOVED for u in a.units):
        return "an SP moves once a phase"
    if d == z or not friendly(s, n, d) or not friendly(s, n, z):
        return "the move must end in another friendly hex"
    if d not in move_reach(s, n, z, len(a.units)):
        return "no chain of friendly hexes (nor sea route with room) joins the two hexes"
    t = a.target
    if t == src:
        if len(a.units) != len(army_sps(s, src)):
            return "the army moves whole or its SPs join another army"
    elif t:
        if t not in s.armies or s.armies[t][0] != n or s.armies[t][2] != d:
            return "the army to join must be the side's, in the destination hex"
    elif len(armies_of(s, n)) >= opt(s, "hgw_max_armies"):
        return f"no more than {opt(s, 'hgw_max_armies')} armies"
    return None


def apply_move(s, a: Action) -> None:
    why = move_error(s, a)
    if why is not None:
        raise RulesError(f"illegal move: {why}")
    n = s.current_nation
    z, d = a.path
    seas = move_reach(s, n, z, len(a.units))[d]
    if seas:
        s.shipped = {**s.shipped, **{x: s.shipped.get(x, 0) + len(a.units) for x in seas}}
        for key, group, _ in box_limits(s, n):
            if z in group or d in group:
                s.shipped = {**s.shipped, key: s.shipped.get(key, 0) + len(a.units)}
    src = s.army_of[a.units[0]]
    if a.target == src:
        dst = src
        nat, name, _ = s.armies[src]
        s.armies[src] = (nat, name, d)
    elif a.target:
        dst = a.target
    else:
        dst = new_army(s, n, d)
    for u in a.units:
        s.army_of[u] = dst
        s.move_unit(u, d, flags=s.units[u].flags | MOVED)
    if dst != src:
        prune(s, src)
    extra = {"seas": list(seas)} if seas else {}
    s.event("hgw_move", nation=n, sps=len(a.units), army=dst, **{"from": z, "to": d}, **extra)


def movement_exit(s, nation: str) -> None:
    """Stacking (seeds/001 STACKING): over 10 SPs in a hex at the end of movement, the
    owner eliminates the excess (default policy: infantry first)."""
    for z in sorted({u.zone for u in s.units.values() if u.nation == nation}):
        lim = stack_limit(s, z)
        if lim is None:
            continue
        mine = [
            u
            for u in s.at.get(z, ())
            if s.units[u].nation == nation and not building(s, s.units[u])
        ]
        over = len(mine) - lim
        if over > 0:
            for u in loss_order(s, mine)[:over]:
                kill(s, u, "stacking")
            s.event("hgw_overstack", zone=z, nation=nation, lost=over)


# ---------------------------------------------------------------------- combat helpers
def loss_order(s, uids, first: str = INF) -> list[int]:
    """The order SPs are lost in: ``first`` ("inf", the default policy, or "mech") type
    first, from the largest army first."""
    size: dict[int, int] = {}
    for u in uids:
        a = s.army_of.get(u, 0)
        size[a] = size.get(a, 0) + 1
    return sorted(
        uids,
        key=lambda u: (
            2 if s.units[u].type == FORT else int(s.units[u].type != first),
            -size[s.army_of.get(u, 0)],
            s.army_of.get(u, 0),
            u,
        ),
    )


def take_losses(s, uids, hits: int, reason: str, first: str = INF) -> int:
    lost = 0
    for u in loss_order(s, list(uids), first)[: max(0, hits)]:
        kill(s, u, reason)
        lost += 1
    return lost


def inflict(s, uids, hits: int, reason: str) -> int:
    """Losses chosen by their owner (seeds/001 Assault Resolution 5): the decision
    ``hgw_losses`` when the game offers it and the choice matters (both types among
    the SPs that may be lost, fewer hits than SPs); else the default policy, infantry
    first. Returns the SPs lost: while the decision is pending, the SPs its answer will
    remove (``hits``: the decision is offered only when fewer hits than SPs), so the
    roll's event can record the real count (``s.pending_loss`` says who is choosing)."""
    uids = list(uids)
    if "hgw_losses" in s.decisions and 0 < hits < len(uids):
        types = {s.units[u].type for u in uids}
        if len(types) > 1:
            owner = s.units[uids[0]].nation
            s.pending_loss = (tuple(sorted(uids)), hits, reason)
            s.decision = Decision(owner, "hgw_losses", reason)
            return hits
    return take_losses(s, uids, hits, reason)


def losses_legal(s) -> list[Action]:
    return [Action("hgw_losses", profile=INF), Action("hgw_losses", profile=MECH)]


def losses_error(s, a: Action) -> str | None:
    if s.decision is None or s.decision.kind != "hgw_losses" or not s.pending_loss:
        return "no losses are waiting for a decision"
    if a.profile not in SP_TYPES:
        return "profile: inf or mech (the type lost first)"
    return None


def apply_losses(s, a: Action) -> None:
    why = losses_error(s, a)
    if why:
        raise RulesError(why)
    uids, hits, reason = s.pending_loss
    s.pending_loss = ()
    s.decision = None
    lost = take_losses(s, [u for u in uids if u in s.units], hits, reason, a.profile)
    s.event("hgw_losses", first=a.profile, lost=lost, reason=reason)
    next_defence(s)  # resume the defensive assaults still queued


def fire_strength(s, aids, target: int | None) -> int:
    """Firing strength of armies (inf + mech; mech may not assault into mountain or
    swamp, halved into jungle), capped at ``hgw_fire_cap``. ``target`` None: a
    defensive assault (every SP fires). Invading armies fire with their amphibious SPs
    only (seeds/001 Invasion Assault 2)."""
    if target is not None and aids and all(at_sea(s, a) for a in aids):
        return min(opt(s, "hgw_fire_cap"), sum(army_amph(s, a) for a in aids))
    inf = mech = 0
    for a in aids:
        i, m = army_count(s, a)
        inf += i
        mech += m
    if target is not None:
        t = geo.graph(s).terrain.get(target)
        if t in ("mountain", "swamp"):
            mech = 0
        elif t == "jungle":
            mech //= 2
    return min(opt(s, "hgw_fire_cap"), inf + mech)


def defence_value(s, nation: str, target: int) -> int:
    """What an advance into ``target`` rolls against: FRIENDLY, every SP there (10+ reads
    the last column), its garrison (1) while the hex is empty, or 0."""
    if friendly(s, nation, target):
        return FRIENDLY
    n = sp_in(s, target)
    if n:
        return min(10, n)
    if geo.graph(s).garrison.get(target) and target not in s.no_garrison:
        return 1
    return 0


def at_sea(s, aid: int) -> bool:
    """Whether the army's attack now is seaborne: its announced invasion, not yet
    advanced, or its amphibious advance in exploitation (seeds/001 Amphibious Advance:
    "follows the same rules for amphibious invasions")."""
    return (aid in s.invading and not s.advanced.get(aid)) or aid in s.amphibious


def advance_mech(s, aid: int) -> int:
    """The army's advance strength: its mech (not counted out of a swamp, halved out of a
    jungle), at most 10. An invading army's: its amphibious SPs and as many of its
    infantry and mechanized (seeds/001 AMPHIBIOUS INVASIONS; rules-notes/001 §4.11: 4
    amph + 2 mech + 3 inf advance with 8)."""
    if at_sea(s, aid):
        inf, mech = army_count(s, aid)
        amph = army_amph(s, aid)
        return min(10, amph + min(amph, inf + mech))
    _, mech = army_count(s, aid)
    return mech_advance_strength(s, s.armies[aid][2], mech)


def mech_advance_strength(s, src: int, mech: int) -> int:
    """The advance strength of ``mech`` mechanized SPs advancing out of hex ``src``
    (seeds/001 SWAMP COMBAT, JUNGLE COMBAT: not counted out of a swamp, halved out of a
    jungle), at most 10 (seeds/001 Advance Resolution 2: 10+ reads 10)."""
    t = geo.graph(s).terrain.get(src)
    if t == "swamp":
        mech = 0
    elif t == "jungle":
        mech //= 2
    return min(10, mech)


def advance_modifier(s, nation: str, src: int, target: int, dfn: int, bonus: int) -> int:
    """What is added to the die of ``nation``'s advance from ``src`` into ``target``
    against defence ``dfn`` (:func:`defence_value`): ``bonus`` (seeds/001 Advance
    Resolution 10: +1 per hex the army advanced into this turn), the target's terrain
    (seeds/001 MOUNTAIN / SWAMP / DESERT COMBAT; JUNGLE COMBAT: +1 only into an empty,
    ungarrisoned jungle hex) and the Russian winter of the hex advanced from. The one
    source of the modifier: :func:`apply_advance` rolls with it, :mod:`gamecore.hgw.odds`
    counts the faces with it."""
    terrain = geo.graph(s).terrain.get(target, "clear")
    tmod = int(opt(s, "hgw_terrain_advance").get(terrain, 0))
    if terrain == "jungle" and dfn != 0:
        tmod = 0  # +1 only into an empty, ungarrisoned jungle hex
    return bonus + tmod + winter_mod(s, nation, src)


def can_attack(s, aid: int) -> bool:
    if aid not in s.armies:
        return False
    z = s.armies[aid][2]
    return (
        aid not in s.cut
        and aid not in s.failed
        and not siberian_locked(s, z)
        and bool(army_sps(s, aid))
    )


def attack_targets(s, aid: int) -> list[int]:
    """Adjacent hexes the army may attack across a land hexside or a crossing arrow:
    enemy hexes, and friendly ones (seeds/001 Initial Attack 3, Advance Into Friendly
    Hexes); never a hex neither side controls (Barbarossa special rule 1)."""
    n, _, z = s.armies[aid]
    return [t for t in geo.graph(s).nbrs.get(z, ()) if friendly(s, n, t) or enemy_hex(s, n, t)]


# ---------------------------------------------------------------------- announce
def invasion_targets(s, aid: int) -> list[int]:
    """Hexes the army may invade (seeds/001 Invasion Procedure 2-4): it holds at least
    half amphibious SPs and stands in a port (a hex flagged "port" or "naval_port"; on a
    map without ports, any coastal hex); the target is a land hex held by a side, at the
    end of a sea route of at most ``hgw_invasion_range`` hexes through any sea (the
    transport capacities do not apply; controlling hexes do, seeds/001 Sea Route 4)."""
    return sorted(invasion_routes(s, aid)) if may_sail(s, aid) else []


def may_sail(s, aid: int) -> bool:
    """Whether the army may invade (or advance amphibiously) now: at least half of its
    SPs amphibious, free to attack, in a port (any coastal hex on a map without ports)."""
    z = s.armies[aid][2]
    sps = army_sps(s, aid)
    if not sps or 2 * army_amph(s, aid) < len(sps) or not can_attack(s, aid):
        return False
    g = geo.graph(s)
    ports = g_ports(s)
    return not (ports and z not in ports) and any(x in g.area for x in g.sea.get(z, ()))


def invasion_range(s, aid: int, less: int = 0) -> int:
    """The army's invasion range in half hexes: ``hgw_invasion_range``, plus
    ``hgw_invasion_extension`` for each amph SP it could expend (one is kept), less
    ``less`` hexes (seeds/001 Amphibious Advance: one per hex already advanced)."""
    ext = opt(s, "hgw_invasion_extension")
    rng = opt(s, "hgw_invasion_range") + (ext * max(0, army_amph(s, aid) - 1) if ext else 0)
    return 2 * (rng - less)


def invasion_routes(s, aid: int, less: int = 0) -> dict[int, tuple[int, ...]]:
    """target -> the sea hexes of the cheapest invasion route from the army's hex
    (seeds/001 Invasion Procedure 3; Sea Route 2: across a crossing-arrow hexside only
    when both its hexes are friendly; Sea Route 7: half a hex for each hex entered above
    row ``hgw_sea_half_rows``); ``less``: hexes the army already advanced this turn."""
    n, _, z = s.armies[aid]
    g = geo.graph(s)
    fr = lambda x: friendly(s, n, x)  # noqa: E731
    limit = invasion_range(s, aid, less)
    below = opt(s, "hgw_sea_half_rows")
    cost: dict[int, int] = {}
    parent: dict[int, int | None] = {}
    heap: list[tuple[int, int, int]] = []
    seq = 0
    for x in sorted(g.sea.get(z, ())):
        if x in g.area and (x not in g.control or fr(g.control[x])):
            c = geo.sea_cost(g, x, below)
            if c < limit:
                cost[x], parent[x] = c, None
                heap.append((c, seq, x))
                seq += 1
    heapq.heapify(heap)
    out: dict[int, tuple[int, ...]] = {}
    done: set[int] = set()
    while heap:
        cx, _, x = heapq.heappop(heap)
        if x in done:
            continue
        done.add(x)
        for y in geo.sea_steps(g, x, fr):
            cy = cx + geo.sea_cost(g, y, below)
            if y in g.area:
                if (
                    cy < limit
                    and cy < cost.get(y, limit)
                    and (y not in g.control or fr(g.control[y]))
                ):
                    cost[y], parent[y] = cy, x
                    heapq.heappush(heap, (cy, seq, y))
                    seq += 1
            elif y != z and y not in out and cy <= limit and (fr(y) or enemy_hex(s, n, y)):
                path = [x]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])
                out[y] = tuple(reversed(path))
    return out


def route_cost(s, route, target: int) -> int:
    """Half hexes of an invasion route's sea hexes and its target."""
    g = geo.graph(s)
    below = opt(s, "hgw_sea_half_rows")
    return sum(geo.sea_cost(g, x, below) for x in (*route, target))


def replenishment(s, route, target: int, less: int = 0) -> int:
    """Amph SPs an invasion route of these sea hexes into ``target`` expends: one per
    ``hgw_invasion_extension`` hexes (or part) beyond ``hgw_invasion_range`` less ``less``
    (seeds/001 Invasion Procedure 3: the fleet replenishment unit; Amphibious Advance)."""
    over = route_cost(s, route, target) - 2 * (opt(s, "hgw_invasion_range") - less)
    ext = opt(s, "hgw_invasion_extension")
    return -(-over // (2 * ext)) if over > 0 and ext else 0


def g_ports(s) -> frozenset:
    got = s.board.cache.get("hgw_ports")
    if got is None:
        got = s.board.cache["hgw_ports"] = frozenset(
            z for z, f in s.board.flags.items() if "port" in f or "naval_port" in f
        )
    return got


def invade_error(s, a: Action) -> str | None:
    if s.phase != "announce" or len(a.units) != 1:
        return "one army invades, announced in the announce phase"
    (aid,) = a.units
    if aid not in s.armies or s.armies[aid][0] != s.current_nation:
        return "not an army of the side"
    if aid in s.declared:
        return "the army has announced its attack"
    if any(x not in s.invading for x in s.declared):
        return "invasions are declared before the initial attacks"
    if a.zone not in invasion_targets(s, aid):
        return "no invasion route from a port to that hex (half amph SPs, 6 sea hexes)"
    return None


def apply_invade(s, a: Action) -> None:
    (aid,) = a.units
    s.declared = {**s.declared, aid: a.zone}
    s.invading = s.invading | {aid}
    s.event("hgw_invade", army=aid, zone=a.zone, nation=s.current_nation)


def announce_legal(s) -> list[Action]:
    n = s.current_nation
    out = []
    if all(x in s.invading for x in s.declared):
        for a in armies_of(s, n):
            if a not in s.declared:
                for t in invasion_targets(s, a):
                    out.append(Action("hgw_invade", units=(a,), zone=t))
    for a in armies_of(s, n):
        if a in s.declared or not can_attack(s, a):
            continue
        for t in attack_targets(s, a):
            out.append(Action("hgw_attack", units=(a,), zone=t))
    return out + [END]


def apply_attack(s, a: Action) -> None:
    (aid,) = a.units
    s.declared = {**s.declared, aid: a.zone}
    s.event("hgw_attack", army=aid, zone=a.zone, nation=s.current_nation)


# ---------------------------------------------------------------------- defensive assault
def defenders(s, target: int) -> list[int]:
    """Armies in ``target`` that may still make their defensive assault."""
    n = s.current_nation
    return [
        a
        for a in armies_in(s, target)
        if s.armies[a][0] != n and a not in s.defended and army_sps(s, a)
    ]


def fort_ready(s, target: int) -> list[int]:
    """The completed forts of the defender in ``target`` that have not fired this turn
    (they fire with the hex's first defensive assault: a choice, docs)."""
    if target in s.fort_fired:
        return []
    n = s.current_nation
    return [u for u in forts_in(s, target) if s.units[u].nation != n]


def attackers_of(s, target: int) -> list[int]:
    if s.phase == "exploitation":
        xa, xt, _ = s.exploit
        return [xa] if xt == target and xa in s.armies else []
    return sorted(a for a, t in s.declared.items() if t == target and a in s.armies)


def offer_defence(s, targets) -> None:
    """Queue the defensive assaults of ``targets`` and answer them: a decision for the
    defender when the game offers ``hgw_defend``, else the default policy (every
    eligible army fires at the first chance)."""
    s.dqueue = tuple(
        t for t in targets if (defenders(s, t) or fort_ready(s, t)) and attackers_of(s, t)
    )
    next_defence(s)


def next_defence(s) -> None:
    while s.dqueue and not s.terminal:
        t = s.dqueue[0]
        ds = defenders(s, t)
        fs = fort_ready(s, t)
        if not (ds or fs) or not attackers_of(s, t):
            s.dqueue = s.dqueue[1:]
            continue
        owner = s.armies[ds[0]][0] if ds else s.units[fs[0]].nation
        if "hgw_defend" in s.decisions:
            s.decision = Decision(owner, "hgw_defend", s.board.code.get(t) or str(t))
            return
        s.dqueue = s.dqueue[1:]
        defensive_assault(s, t, ds)
        if s.decision is not None:  # the attacker chooses its losses first
            return
    s.decision = None
    xa, xt, done = s.exploit
    if xt and xa not in s.armies:  # the exploiting army died under the defensive assault
        s.exploit = (0, 0, done | {xa})


def defend_legal(s) -> list[Action]:
    t = s.dqueue[0]
    ds = defenders(s, t)
    out = [Action("hgw_defend", units=tuple(ds), zone=t)]  # units=(): the forts alone
    if len(ds) > 1:
        out += [Action("hgw_defend", units=(a,), zone=t) for a in ds]
    return out + [Action("hgw_pass", zone=t)]


def defend_error(s, a: Action) -> str | None:
    if s.decision is None or s.decision.kind != "hgw_defend" or not s.dqueue:
        return "no defensive assault is pending"
    if a.zone != s.dqueue[0]:
        return "not the hex whose defensive assault is pending"
    ds = set(defenders(s, a.zone))
    if a.kind == "hgw_defend" and not set(a.units) <= ds:
        return "only armies of the hex that have not fired may fire"
    if a.kind == "hgw_defend" and not a.units and not fort_ready(s, a.zone):
        return "name the armies that fire"
    return None


def apply_defend(s, a: Action) -> None:
    why = defend_error(s, a)
    if why:
        raise RulesError(why)
    s.dqueue = s.dqueue[1:]
    s.decision = None
    if a.kind == "hgw_defend":
        defensive_assault(s, a.zone, list(a.units))
        if s.decision is not None:  # the attacker chooses its losses first
            return
    else:
        s.event("hgw_pass", zone=a.zone)
    next_defence(s)


def defensive_assault(s, target: int, aids) -> None:
    """seeds/001 Assault Resolution: the hex's chosen armies fire once; the losses fall
    on the armies attacking the hex (default policy: infantry first)."""
    forts = fort_ready(s, target)
    owner = s.armies[aids[0]][0] if aids else s.units[forts[0]].nation
    strength = min(opt(s, "hgw_fire_cap"), fire_strength(s, aids, None) + len(forts))
    if forts:
        s.fort_fired = s.fort_fired | {target}
    die = s.rng.roll(6)
    roll = die + winter_mod(s, owner, target)
    hits = firepower(opt(s, "hgw_firepower"), strength, roll)
    s.defended = s.defended | frozenset(aids)
    attackers = attackers_of(s, target)
    pool = [u for a in attackers for u in army_sps(s, a)]
    if any(at_sea(s, a) for a in attackers):
        # at least half the losses of invaders are amphibious SPs (seeds/001 Defensive
        # Assault 3): the default policy takes amphibious SPs first
        lost = take_losses(s, pool, hits, "defensive assault", AMPH)
    else:
        lost = inflict(s, pool, hits, "defensive assault")
    s.event(
        "hgw_fire",
        kind="defensive",
        zone=target,
        armies=list(aids),
        forts=len(forts),
        strength=strength,
        die=die,
        roll=roll,
        hits=hits,
        lost=lost,
        **_chooser(s),
    )


def _chooser(s) -> dict:
    """The ``chooser`` field of a roll's event whose losses wait for their owner's
    ``hgw_losses`` decision (the event's ``lost`` is then what the answer removes)."""
    if s.pending_loss and s.decision is not None and s.decision.kind == "hgw_losses":
        return {"chooser": s.decision.owner}
    return {}


# ---------------------------------------------------------------------- assault / advance
def assault_error(s, a: Action) -> str | None:
    n = s.current_nation
    if not a.units:
        return "an assault names its armies"
    zones = set()
    for aid in a.units:
        if aid not in s.armies or s.armies[aid][0] != n:
            return f"army {aid} is not the side's"
        if aid in s.assaulted:
            return f"army {aid} has made its assault this turn"
        if not can_attack(s, aid):
            return f"army {aid} may not attack"
        zones.add(s.armies[aid][2])
        if s.phase == "initial":
            if s.declared.get(aid) != a.zone:
                return f"army {aid} did not announce an attack on that hex"
            if s.advanced.get(aid):
                return f"army {aid} has entered its target"
        elif s.phase == "exploitation":
            if s.exploit[:2] != (aid, a.zone):
                return "only the exploiting army attacks its target"
        else:
            return "not in a combat phase"
    if len(zones) != 1:
        return "the armies of one hex assault together"
    if friendly(s, n, a.zone):
        return "friendly armies never assault one another"
    inv = [at_sea(s, x) for x in a.units]
    if any(inv) and not all(inv):
        return "invading armies assault apart from the others"
    if s.phase == "initial" and not any(inv) and pending_invasions(s):
        return "amphibious invasions are resolved before any other attack"
    if not any(inv) and a.zone not in geo.graph(s).nbrs.get(zones.pop(), ()):
        return "the target must be adjacent"
    return None


def assault_groups(s, pairs) -> list[Action]:
    """Assault actions for (army, target) pairs: every army alone, and the armies of a
    hex with one target together."""
    groups: dict[tuple[int, int], list[int]] = {}
    for aid, t in pairs:
        if aid not in s.armies or aid in s.assaulted or not can_attack(s, aid):
            continue
        groups.setdefault((s.armies[aid][2], t), []).append(aid)
    out = []
    for (_, t), aids in sorted(groups.items()):
        if friendly(s, s.current_nation, t):
            continue
        if (
            fire_strength(s, aids, t) == 0
            and sp_in(s, t) == 0
            and not (geo.graph(s).garrison.get(t) and t not in s.no_garrison)
        ):
            continue
        if len(aids) > 1:
            out.append(Action("hgw_assault", units=tuple(sorted(aids)), zone=t))
        out += [Action("hgw_assault", units=(aid,), zone=t) for aid in sorted(aids)]
    return out


def apply_assault(s, a: Action) -> None:
    why = assault_error(s, a)
    if why:
        raise RulesError(f"illegal assault: {why}")
    n = s.current_nation
    aids = list(a.units)
    src = s.armies[aids[0]][2]
    strength = fire_strength(s, aids, a.zone)
    die = s.rng.roll(6)
    roll = die + winter_mod(s, n, src)
    hits = firepower(opt(s, "hgw_firepower"), strength, roll)
    s.assaulted = s.assaulted | frozenset(aids)
    there = [
        u for u in s.at.get(a.zone, ()) if s.units[u].nation != n and not building(s, s.units[u])
    ]
    # forts absorb one loss per fort SP a turn (seeds/001 Effect Of Forts On Combat 3)
    room = len(forts_in(s, a.zone)) - s.absorbed.get(a.zone, 0)
    absorbed = max(0, min(hits, room))
    if absorbed:
        s.absorbed[a.zone] = s.absorbed.get(a.zone, 0) + absorbed
    lost = inflict(s, there, hits - absorbed, "assault")
    garrison = False
    if there and lost == len(there):
        # a hex emptied by losing its armies has no garrison until the combat phase
        # ends (seeds/001 Assault Resolution 8)
        s.no_garrison = s.no_garrison | {a.zone}
    elif not there and hits > 0 and geo.graph(s).garrison.get(a.zone):
        if a.zone not in s.no_garrison:
            s.no_garrison = s.no_garrison | {a.zone}
            garrison = True
    s.event(
        "hgw_fire",
        kind="assault",
        zone=a.zone,
        armies=aids,
        strength=strength,
        die=die,
        roll=roll,
        hits=hits,
        absorbed=absorbed,
        lost=lost,
        garrison=garrison,
        **_chooser(s),
    )


def advance_error(s, a: Action) -> str | None:
    n = s.current_nation
    if len(a.units) != 1:
        return "one army advances at a time"
    (aid,) = a.units
    if aid not in s.armies or s.armies[aid][0] != n:
        return "not an army of the side"
    if not can_attack(s, aid):
        return "the army may not attack"
    invading = at_sea(s, aid)
    if s.phase == "initial":
        if s.declared.get(aid) != a.zone:
            return "the army did not announce an attack on that hex"
        if s.advanced.get(aid):
            return "the army advanced already; it goes on in exploitation"
        if not invading and pending_invasions(s):
            return "amphibious invasions are resolved before any other attack"
    elif s.phase == "exploitation":
        if s.exploit[:2] != (aid, a.zone):
            return "only the exploiting army advances into its target"
    else:
        return "not in a combat phase"
    if not invading and a.zone not in geo.graph(s).nbrs.get(s.armies[aid][2], ()):
        return "the target must be adjacent"
    return None


def pending_invasions(s) -> list[int]:
    """Invading armies still to make their (mandatory) invasion advance."""
    return sorted(
        a
        for a in s.invading
        if a in s.armies and not s.advanced.get(a) and a not in s.failed and army_sps(s, a)
    )


def advance_ok(s, aid: int, mech: int, dfn: int, roll: int) -> bool:
    """Whether army ``aid``'s advance with strength ``mech`` against defence ``dfn``
    succeeds at modified ``roll`` (seeds/001 ADVANCE TABLE); an invasion of a friendly
    coastal hex always does (rules-notes/001 §4.11)."""
    if dfn == FRIENDLY and at_sea(s, aid):
        return True
    return advance_succeeds(opt(s, "hgw_advance"), mech, dfn, roll)


def apply_advance(s, a: Action) -> None:
    why = advance_error(s, a)
    if why:
        raise RulesError(f"illegal advance: {why}")
    n = s.current_nation
    (aid,) = a.units
    t = a.zone
    src = s.armies[aid][2]
    mech = advance_mech(s, aid)
    dfn = defence_value(s, n, t)
    mod = advance_modifier(s, n, src, t, dfn, s.advanced.get(aid, 0))
    die = s.rng.roll(6)
    roll = die + mod
    invasion = at_sea(s, aid)
    ok = advance_ok(s, aid, mech, dfn, roll)
    if aid in s.amphibious:
        s.amphibious = s.amphibious - {aid}
    if dfn != FRIENDLY:  # a battle for the playtest statistics: the advance decides it
        s.event("battle", zone=t, attacker=n, defender=s.owner.get(t), kind="battle")
        s.event("battle_end", zone=t, result="attacker" if ok else "defender")
    s.event(
        "hgw_advance",
        army=aid,
        zone=t,
        mech=mech,
        defence="friendly" if dfn == FRIENDLY else dfn,
        die=die,
        roll=roll,
        success=ok,
    )
    if s.phase == "exploitation":
        xa, _, done = s.exploit
        s.exploit = (xa, 0, done)
    if not ok:
        s.failed = s.failed | {aid}
        return
    enter(s, aid, t, was_friendly=dfn == FRIENDLY)
    s.advanced = {**s.advanced, aid: s.advanced.get(aid, 0) + 1}
    if invasion:  # seeds/001 Invasion Procedure 4: supply traced to the hex next turn
        s.beachhead = {**s.beachhead, t: (n, s.round)}
    check_victory(s)


def enter(s, aid: int, t: int, was_friendly: bool) -> None:
    """A successful advance (seeds/001 Advance Resolution): the defenders retreat or die,
    the army enters, the hex turns friendly, its production is devastated, an occupation
    marker is placed, its garrison is gone for the phase."""
    n = s.current_nation
    g = geo.graph(s)
    src = s.armies[aid][2]
    if not was_friendly:
        for d in armies_in(s, t):
            if s.armies[d][0] != n:
                retreat(s, d, t)
        for u in [u for u in s.at.get(t, ()) if s.units[u].nation != n]:
            kill(s, u, "displaced")  # SPs outside armies (none in Barbarossa)
    for u in army_sps(s, aid):
        s.move_unit(u, t)
    nat, name, _ = s.armies[aid]
    s.armies[aid] = (nat, name, t)
    if not was_friendly:
        set_owner(s, t, n, "advance")
        if s.board.value.get(t, 0):
            s.devastate(t, s.board.value[t])
        if g.region.get(t) in home(s, n):
            s.occupied.pop(t, None)
        else:
            s.occupied[t] = n
        s.no_garrison = s.no_garrison | {t}
    s.event("hgw_enter", army=aid, zone=t, **{"from": src})


def retreat(s, aid: int, frm: int) -> None:
    """A displaced army retreats to an adjacent hex friendly to it (not across a crossing
    arrow or an all-sea hexside; over-stacking allowed), or dies. Off-map boxes other
    than those allowing retreat (Siberia) lose their armies. Default policy: the hex
    with the fewest SPs, then the lowest id."""
    g = geo.graph(s)
    nation = s.armies[aid][0]
    options = []
    box = g.box.get(frm)
    if box is None or box.get("retreat"):
        options = [z for z in g.retreat.get(frm, ()) if friendly(s, nation, z)]
    if not options:
        n_sp = len(army_sps(s, aid))
        for u in army_sps(s, aid):
            kill(s, u, "no retreat")
        s.event("hgw_retreat", army=aid, zone=frm, to=None, lost=n_sp)
        return
    dest = min(options, key=lambda z: (sp_in(s, z), z))
    for u in army_sps(s, aid):
        s.move_unit(u, dest)
    nat, name, _ = s.armies[aid]
    s.armies[aid] = (nat, name, dest)
    s.event("hgw_retreat", army=aid, zone=frm, to=dest)


# ---------------------------------------------------------------------- initial attack
def initial_enter(s) -> None:
    for aid in sorted(s.invading):
        if aid in s.armies and aid in s.declared:
            invasion_at_sea(s, aid, s.declared[aid])
    offer_defence(s, sorted(set(s.declared.values())))


def fleet_areas(s, z: int) -> set[str]:
    g = geo.graph(s)
    return {g.area[x] for x in g.sea.get(z, ()) if x in g.area}


def turn_back(s, aid: int, why: str) -> None:
    s.declared = {k: v for k, v in s.declared.items() if k != aid}
    s.invading = s.invading - {aid}
    s.event("hgw_turned_back", army=aid, why=why)


def invasion_at_sea(s, aid: int, t: int, less: int = 0) -> None:
    """seeds/001 Invasion Resolution steps 2-4, resolved for each invasion in army order
    at the start of the initial attack: every enemy fleet not Expended based on a sea the
    route enters intercepts (Fleet Naval Fire 2, 5; default policy: all of them); both
    sides double their naval fire points and fire at once; at least half the invaders'
    losses are amph SPs (default policy: amph first); the fleet with more points left
    wins (ties: more losses inflicted, then the defender); a losing fleet is Expended, a
    losing invasion returns to port. Then coastal air (6, 10 at an off-map box invaded by
    the Axis) if the target is adjacent to no hex friendly to the invader and holds a
    garrison or an army with infantry; then the escort (the invader's fleet based in the
    army's port) fires once at the target hex (Fleet Naval Fire 4). ``less``: an
    amphibious advance's hexes already advanced (its range is that much shorter)."""
    n, _, port = s.armies[aid]
    g = geo.graph(s)
    route = invasion_routes(s, aid, less).get(t)
    if route is None:
        turn_back(s, aid, "no route")
        return
    areas = {g.area[x] for x in route}
    spend = replenishment(s, route, t, less)
    if spend:
        amph = [u for u in army_sps(s, aid) if s.units[u].type == AMPH][:spend]
        for u in amph:
            kill(s, u, "replenishment")
        s.event("hgw_replenish", army=aid, amph=len(amph), hexes=len(route) + 1)
    esc = s.fleet.get(port)
    escort = esc[1] if esc and esc[0] == n else 0
    fp = opt(s, "hgw_firepower")
    for fz, (o, pts) in sorted(s.fleet.items()):
        if not army_sps(s, aid):
            return
        if not s.at_war(o, n) or fz in s.fleet_spent or pts < 1 or not fleet_areas(s, fz) & areas:
            continue
        d1, d2 = s.rng.roll(6), s.rng.roll(6)
        on_inv = firepower(fp, min(10, 2 * pts), d1)
        on_def = firepower(fp, min(10, 2 * escort), d2) if escort else 0
        lost = take_losses(s, army_sps(s, aid), on_inv, "naval fire", AMPH)
        left = max(0, pts - on_def)
        s.fleet = (
            {**s.fleet, fz: (o, left)} if left else {k: v for k, v in s.fleet.items() if k != fz}
        )
        invader_wins = escort > left or (escort == left and on_def > on_inv)
        s.event(
            "hgw_naval",
            army=aid,
            fleet=fz,
            points=pts,
            escort=escort,
            dice=[d1, d2],
            hits=[on_inv, on_def],
            lost=lost,
            winner=n if invader_wins else o,
        )
        if invader_wins:
            if left:
                s.fleet_spent = s.fleet_spent | {fz}
        else:
            if escort:
                s.fleet_spent = s.fleet_spent | {port}
            turn_back(s, aid, "naval battle lost")
            return
    if not army_sps(s, aid):
        return
    o = s.owner.get(t)
    adjacent = any(friendly(s, n, x) for x in g.nbrs.get(t, ()))
    holds_inf = any(army_count(s, a)[0] for a in armies_in(s, t) if s.armies[a][0] == o)
    if not adjacent and enemy_hex(s, n, t) and (g.garrison.get(t) or holds_inf):
        air = opt(s, "hgw_coastal_air")
        strength = air[1] if t in g.box and n == opt(s, "hgw_axis") else air[0]
        die = s.rng.roll(6)
        hits = firepower(fp, min(10, int(strength)), die)
        lost = take_losses(s, army_sps(s, aid), hits, "coastal air", AMPH)
        s.event(
            "hgw_coastal_air", army=aid, zone=t, strength=strength, die=die, hits=hits, lost=lost
        )
    if escort and army_sps(s, aid) and port not in s.fleet_spent and enemy_hex(s, n, t):
        die = s.rng.roll(6)
        hits = firepower(fp, min(10, escort), die)
        there = [
            u for u in s.at.get(t, ()) if s.units[u].nation != n and not building(s, s.units[u])
        ]
        lost = take_losses(s, there, hits, "naval fire")
        s.event("hgw_support", army=aid, zone=t, strength=escort, die=die, hits=hits, lost=lost)


def initial_legal(s) -> list[Action]:
    inv = pending_invasions(s)
    if inv:  # seeds/001 Invasion Procedure 5, Invasion Resolution step 7: first, and
        # each invading army must attempt its advance
        aid = inv[0]
        t = s.declared[aid]
        out = assault_groups(s, [(aid, t)]) if aid not in s.assaulted else []
        return out + [Action("hgw_advance", units=(aid,), zone=t)]
    fresh = [(a, t) for a, t in sorted(s.declared.items()) if not s.advanced.get(a)]
    out = assault_groups(s, fresh)
    for aid, t in sorted(s.declared.items()):
        if aid in s.armies and not s.advanced.get(aid) and can_attack(s, aid):
            out.append(Action("hgw_advance", units=(aid,), zone=t))
    return out + [END]


# ---------------------------------------------------------------------- exploitation
def exploit_candidates(s) -> list[int]:
    n = s.current_nation
    _, _, done = s.exploit
    return [a for a in armies_of(s, n) if s.advanced.get(a) and a not in done and can_attack(s, a)]


def exploitation_legal(s) -> list[Action]:
    xa, xt, done = s.exploit
    if xt:
        out = assault_groups(s, [(xa, xt)]) if xa not in s.assaulted else []
        return out + [Action("hgw_advance", units=(xa,), zone=xt)]
    out = []
    for a in exploit_candidates(s):
        for t in attack_targets(s, a):
            out.append(Action("hgw_exploit", units=(a,), zone=t))
        for t in amphibious_targets(s, a):
            out.append(Action("hgw_amph_advance", units=(a,), zone=t))
    return out + [END]


def exploit_error(s, a: Action) -> str | None:
    if s.phase != "exploitation" or len(a.units) != 1:
        return "not an exploitation attack"
    xa, xt, _ = s.exploit
    if xt:
        return "the exploiting army must first advance into its target"
    (aid,) = a.units
    if aid not in exploit_candidates(s):
        return "only armies that advanced in the initial attack exploit, one at a time"
    if a.zone not in attack_targets(s, aid):
        return "not an adjacent hex the army may attack"
    return None


def apply_exploit(s, a: Action) -> None:
    why = exploit_error(s, a)
    if why:
        raise RulesError(f"illegal exploitation: {why}")
    (aid,) = a.units
    exploit_next(s, aid, a.zone)
    s.event("hgw_exploit", army=aid, zone=a.zone)
    offer_defence(s, [a.zone])


def exploit_next(s, aid: int, t: int) -> frozenset:
    """Army ``aid`` attacks ``t`` in exploitation; naming another army than the last
    ends the last one's exploitation (seeds/001 Exploitation 2: no return). Returns the
    armies done."""
    xa, _, done = s.exploit
    if xa and xa != aid:
        done = done | {xa}
    s.exploit = (aid, t, done)
    return done


def amphibious_targets(s, aid: int) -> list[int]:
    """Hexes army ``aid`` may advance into amphibiously in exploitation (seeds/001
    Amphibious Advance; rules-notes/001 §4.11): an army that invaded successfully this
    turn, still at least half amphibious SPs and in a port, "in lieu of advance
    resolution" along an invasion route shortened by one hex for each hex it advanced
    (an ordinary advance in between counts too); +1 to the die for each such hex, as any
    advance. Otherwise the invasion's rules: fleets intercept, coastal air fires, the
    defenders defensively assault, the amph SPs assault, amph + as many inf/mech advance."""
    if s.phase != "exploitation" or aid not in s.invading or not s.advanced.get(aid):
        return []
    if aid not in exploit_candidates(s) or not may_sail(s, aid):
        return []
    return sorted(invasion_routes(s, aid, s.advanced[aid]))


def amph_advance_error(s, a: Action) -> str | None:
    if s.phase != "exploitation" or len(a.units) != 1:
        return "not an exploitation attack"
    if s.exploit[1]:
        return "the exploiting army must first advance into its target"
    (aid,) = a.units
    if a.zone not in amphibious_targets(s, aid):
        return (
            "no amphibious advance there (an army that invaded this turn, half amph SPs, "
            "in a port, the route shortened by the hexes advanced)"
        )
    return None


def apply_amph_advance(s, a: Action) -> None:
    why = amph_advance_error(s, a)
    if why:
        raise RulesError(f"illegal amphibious advance: {why}")
    (aid,) = a.units
    done = exploit_next(s, aid, a.zone)
    s.amphibious = s.amphibious | {aid}
    s.event("hgw_amph_advance", army=aid, zone=a.zone, advanced=s.advanced[aid])
    invasion_at_sea(s, aid, a.zone, s.advanced[aid])
    if aid not in s.invading or not army_sps(s, aid):  # turned back at sea, or sunk
        s.amphibious = s.amphibious - {aid}
        s.failed = s.failed | {aid}
        s.exploit = (aid, 0, done)
        return
    offer_defence(s, [a.zone])


def exploitation_exit(s, nation: str) -> None:
    s.no_garrison = frozenset()  # garrisons come back at the end of the combat phase
    s.exploit = (0, 0, frozenset())
    if s.amphibious:
        s.amphibious = frozenset()


# ---------------------------------------------------------------------- supply check
def supply_check(s) -> None:
    """seeds/001 SUPPLY, Unsupplied Hexes: at the end of the side's combat phase, its
    hexes that trace to no friendly undevastated PP are unsupplied: its armies there are
    eliminated, and an opponent that traces supply to the hex and has a supplied army
    within 3 hexes captures it."""
    n = s.current_nation
    ok = supplied(s, n, False)
    lost = sorted(z for z, o in s.owner.items() if o == n and z not in ok)
    if not lost:
        return
    for z in lost:
        for a in armies_in(s, z, n):
            k = len(army_sps(s, a))
            for u in army_sps(s, a):
                kill(s, u, "unsupplied")
            s.event("hgw_unsupplied", army=a, zone=z, lost=k)
        for u in [u for u in s.at.get(z, ()) if s.units[u].nation == n]:
            kill(s, u, "unsupplied")  # forts (seeds/001 Effect Of Forts On Combat 5)
    lost_set = set(lost)
    if opt(s, "hgw_unsupplied_capture") == "closest_pp":
        capture_by_closest_pp(s, n, lost)
        check_victory(s)
        return
    for o in opponents(s, n):
        theirs = supplied(s, o, False)
        reach = geo.trace(
            s,
            sources(s, o, False),
            lambda z, o=o: friendly(s, o, z) or z in lost_set,
            occupied_by=o,
            seas=supply_seas(s, o),
        )
        near = geo.within(
            s, sorted({s.armies[a][2] for a in armies_of(s, o) if s.armies[a][2] in theirs}), 3
        )
        for z in lost:
            if z in lost_set and z in reach and z in near and s.owner.get(z) == n:
                set_owner(s, z, o, "unsupplied")
                lost_set.discard(z)
    check_victory(s)


def capture_by_closest_pp(s, n: str, lost) -> None:
    """seeds/001 SPECIAL RULES FOR THE FALL OF GERMANY 4: an out-of-supply hex becomes
    friendly to the opposing side with the closest undevastated production point; ties
    by a die roll (the highest; still tied: the earlier side in the turn order). Distance
    in hexes over land hexsides and crossing arrows, whoever holds them; a side with no
    undevastated PP on the hex's land mass takes nothing."""
    dist = {}
    for o in opponents(s, n):
        pps = [z for z, w in s.owner.items() if w == o and pp(s, z) > 0]
        dist[o] = geo.within(s, pps, 10**6) if pps else {}
    for z in lost:
        near = [(d[z], o) for o, d in dist.items() if z in d]
        if not near:
            continue
        best = min(k for k, _ in near)
        tied = [o for k, o in near if k == best]
        if len(tied) > 1:
            rolls = {o: s.rng.roll(6) for o in tied}
            top = max(rolls.values())
            s.event("hgw_tie", zone=z, rolls=rolls)
            tied = [o for o in tied if rolls[o] == top]
        set_owner(s, z, tied[0], "unsupplied")


# ---------------------------------------------------------------------- production
def income(s, nation: str) -> int:
    """seeds/001 PRODUCTION: the undevastated PP the side holds that trace supply to a
    friendly home-country undevastated PP, plus its modifier (Barbarossa: Axis -17)."""
    full = supplied(s, nation, True)
    base = sum(pp(s, z) for z in full if s.owner.get(z) == nation)
    mod = int(opt(s, "hgw_income_modifier").get(nation, 0))
    return max(0, base + mod)


def production_enter(s) -> None:
    n = s.current_nation
    for u in list(s.units.values()):
        if u.nation == n and building(s, u):  # completed: a full season has passed
            s.units[u.id] = u._replace(damage=0)
            s.bump()
    amount = income(s, n)
    s.banks[n] = amount  # use it or lose it: nothing carries over
    s.income[n] = amount
    s.event("income", nation=n, amount=amount)
    gift = s.lend.get(n, 0)
    if gift:  # seeds/001 Lend-Lease 3-4: spent in this production phase or lost
        s.lend = {k: v for k, v in s.lend.items() if k != n}
        s.banks[n] = amount + gift
        s.event("hgw_lend_received", nation=n, amount=gift)


def lend_room(s, giver: str) -> tuple[str, int]:
    """(receiver, PP the giver may still lend this turn): seeds/001 ALLIED-SOVIET
    CO-OPERATION, Lend-Lease 1-2: up to 4 PP a turn from the Allied budget, each
    lend-lease depot (0646, 1548) still the receiver's taking its share (2)."""
    ll = opt(s, "hgw_lend_lease")
    if not ll or ll.get("from") != giver:
        return "", 0
    to = str(ll.get("to", ""))
    g = geo.graph(s)
    share = sum(
        int(pts)
        for code, pts in (ll.get("depots") or {}).items()
        if code in g.code and s.owner.get(g.code[code]) == to
    )
    cap = min(int(ll.get("max", 0)), share)
    return to, max(0, min(cap - s.lend.get(to, 0), s.banks.get(giver, 0)))


def lend_error(s, a: Action) -> str | None:
    if s.phase != "production" or s.decision is not None:
        return "lend-lease is given in the production phase"
    to, room = lend_room(s, s.current_nation)
    if not to or a.nation != to or a.count < 1:
        return "no lend-lease from this side to that one"
    if a.count > room:
        return f"at most {room} PP more this turn (the depots held, the budget)"
    return None


def apply_lend(s, a: Action) -> None:
    n = s.current_nation
    s.banks[n] = s.banks.get(n, 0) - a.count
    s.lend = {**s.lend, a.nation: s.lend.get(a.nation, 0) + a.count}
    s.event("hgw_lend", nation=n, to=a.nation, amount=a.count)


def production_exit(s, nation: str) -> None:
    left = s.banks.get(nation, 0)
    s.banks[nation] = 0
    if left:
        s.event("hgw_unspent", nation=nation, amount=left)


def build_zones(s, nation: str) -> list[int]:
    hs = home(s, nation)
    g = geo.graph(s)
    return sorted(
        z for z, o in s.owner.items() if o == nation and g.region.get(z) in hs and pp(s, z) >= 1
    )


def repairable(s, nation: str, z: int) -> int:
    dmg = s.zone_damage.get(z, 0) - s.permanent.get(z, 0)
    return max(0, dmg)


def production_legal(s) -> list[Action]:
    n = s.current_nation
    bank = s.banks.get(n, 0)
    out: list[Action] = []
    to, room = lend_room(s, n)
    if room:
        out += [Action("hgw_lend", nation=to, count=c) for c in sorted({1, room})]
    rc = opt(s, "hgw_repair_cost")
    if bank >= rc:
        full = supplied(s, n, True)
        for z in sorted(full):
            if s.owner.get(z) == n and repairable(s, n, z):
                out.append(Action("hgw_repair", zone=z, count=1))
    if FORT in opt(s, "hgw_sp_types") and s.rules.units[FORT].cost <= bank:
        full = supplied(s, n, True)
        forts = fort_hexes(s, n)
        mine = {v[2] for v in s.armies.values() if v[0] == n}
        room_f = len(forts) < opt(s, "hgw_max_forts")
        for z in sorted((mine | forts) & full):
            if friendly(s, n, z) and (z in forts or room_f):
                out.append(Action("hgw_build", type=FORT, count=1, zone=z))
    room = len(armies_of(s, n)) < opt(s, "hgw_max_armies")
    for z in build_zones(s, n):
        lim = stack_limit(s, z)
        if lim is not None and sp_in(s, z) + 1 > lim:
            continue
        for t in ARMY_TYPES:
            if t not in opt(s, "hgw_sp_types") or s.rules.units[t].cost > bank:
                continue
            for a in armies_in(s, z, n):
                out.append(Action("hgw_build", type=t, count=1, zone=z, target=a))
            if room:
                out.append(Action("hgw_build", type=t, count=1, zone=z))
    return out + [END]


def repair_error(s, a: Action) -> str | None:
    n = s.current_nation
    if s.phase != "production":
        return "not in the production phase"
    if a.count < 1 or s.owner.get(a.zone) != n:
        return "repair points in a hex of the side"
    if a.count > repairable(s, n, a.zone):
        return "no more repairable devastation there"
    if a.count * opt(s, "hgw_repair_cost") > s.banks.get(n, 0):
        return "not enough PP"
    if a.zone not in supplied(s, n, True):
        return "the hex is not in supply"
    return None


def apply_repair(s, a: Action) -> None:
    why = repair_error(s, a)
    if why:
        raise RulesError(f"illegal repair: {why}")
    n = s.current_nation
    s.banks[n] -= a.count * opt(s, "hgw_repair_cost")
    s.devastate(a.zone, -a.count)
    s.event("hgw_repair", nation=n, zone=a.zone, points=a.count)


def build_error(s, a: Action) -> str | None:
    n = s.current_nation
    if s.phase != "production":
        return "not in the production phase"
    if a.type not in opt(s, "hgw_sp_types") or a.count < 1:
        return f"build {' or '.join(opt(s, 'hgw_sp_types'))} SPs"
    if a.type == FORT:
        if a.target:
            return "fort SPs join the hex's fort, never an army"
        if not friendly(s, n, a.zone) or a.zone not in supplied(s, n, True):
            return "forts go to a friendly hex in supply"
        forts = fort_hexes(s, n)
        if a.zone not in forts and len(forts) >= opt(s, "hgw_max_forts"):
            return f"no more than {opt(s, 'hgw_max_forts')} forts"
        if a.count * s.rules.units[FORT].cost > s.banks.get(n, 0):
            return "not enough PP"
        return None
    if a.zone not in build_zones(s, n):
        return "build in a home-country hex of the side with an undevastated PP"
    lim = stack_limit(s, a.zone)
    if lim is not None and sp_in(s, a.zone) + a.count > lim:
        return f"the hex would hold more than {lim} SPs"
    if a.count * s.rules.units[a.type].cost > s.banks.get(n, 0):
        return "not enough PP"
    if a.target:
        if a.target not in s.armies or s.armies[a.target][:3:2] != (n, a.zone):
            return "the army must be the side's, in that hex"
    elif len(armies_of(s, n)) >= opt(s, "hgw_max_armies"):
        return f"no more than {opt(s, 'hgw_max_armies')} armies"
    return None


def apply_build(s, a: Action) -> None:
    why = build_error(s, a)
    if why:
        raise RulesError(f"illegal build: {why}")
    n = s.current_nation
    s.banks[n] -= a.count * s.rules.units[a.type].cost
    if a.type == FORT:  # under construction until the side's next production phase
        for _ in range(a.count):
            s.add_unit(n, FORT, a.zone)
            s.units[s.next_uid - 1] = s.units[s.next_uid - 1]._replace(damage=1)
        s.event("hgw_build", nation=n, zone=a.zone, type=FORT, count=a.count, army=0)
        return
    aid = a.target or new_army(s, n, a.zone)
    for _ in range(a.count):
        u = s.add_unit(n, a.type, a.zone, flags=MOVED)
        s.army_of[u] = aid
    s.event("hgw_build", nation=n, zone=a.zone, type=a.type, count=a.count, army=aid)


# ---------------------------------------------------------------------- description
def describe(s, a: Action) -> str | None:
    """One line for the play mode's action list."""

    def hx(z):
        return s.board.code.get(z) or str(z)

    def army(aid):
        v = s.armies.get(aid)
        return f"{v[1]} ({hx(v[2])})" if v else f"army {aid}"

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

    def own(z):
        v = s.armies.get(a.units[0]) if a.units else None
        return " (friendly)" if v and friendly(s, v[0], z) else ""

    if k == "hgw_attack":
        return f"Announce: {army(a.units[0])} attacks {hx(a.zone)}{own(a.zone)}"
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
                defence_value(s, s.armies[aid][0], a.zone),
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
    return None


# ---------------------------------------------------------------------- the system
def _with_decision(legal):
    def wrapped(s):
        if s.decision is not None and s.decision.kind == "hgw_defend":
            return defend_legal(s)
        if s.decision is not None and s.decision.kind == "hgw_losses":
            return losses_legal(s)
        return legal(s)

    wrapped.__doc__ = legal.__doc__
    return wrapped


def _checked(error):
    def is_legal(s, a, legal) -> bool:
        return error(s, a) is None

    return is_legal


#: the system's action kinds: (kind, apply, error check or None, doc) (docs/hitlers_global_war.md
#: Action vocabulary)
ACTION_KINDS = (
    ("hgw_move", apply_move, move_error, "units, path (from, to), target: army to join (0 new)"),
    (
        "hgw_invade",
        apply_invade,
        invade_error,
        "units (army), zone: announce an amphibious invasion",
    ),
    (
        "hgw_lend",
        apply_lend,
        lend_error,
        "nation (receiver), count (PP): lend-lease in the production phase",
    ),
    ("hgw_convert", apply_convert, convert_error, "units: amphibious SPs that become infantry"),
    ("hgw_attack", apply_attack, None, "units (army), zone: announce an initial attack"),
    ("hgw_assault", apply_assault, assault_error, "units (armies of one hex), zone"),
    ("hgw_advance", apply_advance, advance_error, "units (army), zone"),
    ("hgw_exploit", apply_exploit, exploit_error, "units (army), zone"),
    (
        "hgw_amph_advance",
        apply_amph_advance,
        amph_advance_error,
        "units (army), zone: an amphibious advance in exploitation",
    ),
    ("hgw_defend", apply_defend, defend_error, "zone, units (armies)"),
    ("hgw_pass", apply_defend, defend_error, "zone: no defensive assault"),
    ("hgw_losses", apply_losses, losses_error, "profile: the SP type lost first (inf, mech)"),
    ("hgw_repair", apply_repair, repair_error, "zone, count (points)"),
    ("hgw_build", apply_build, build_error, "zone, type, count, target (army, 0 new)"),
)


class HgwSystem(RuleSystem):
    name = "hgw"
    title = (
        "Hitler's Global War: strength points, Firepower and Advance tables, supply (Barbarossa)"
    )
    offered_decisions = ("hgw_defend", "hgw_losses")
    default_decisions = ()

    def __init__(self) -> None:
        super().__init__()
        ph = self.add_phase
        ph(
            Phase(
                "movement", movement_legal, exit=movement_exit, doc="regroup through friendly hexes"
            )
        )
        ph(Phase("announce", announce_legal, doc="announce every initial attack"))
        ph(
            Phase(
                "initial",
                _with_decision(initial_legal),
                enter=initial_enter,
                doc="defensive assaults, then assaults and advances",
            )
        )
        ph(
            Phase(
                "exploitation",
                _with_decision(exploitation_legal),
                exit=exploitation_exit,
                doc="armies that advanced attack on, one at a time",
            )
        )
        ph(Phase("supply", run=supply_check, doc="unsupplied hexes: armies die, hexes captured"))
        ph(
            Phase(
                "production",
                production_legal,
                enter=production_enter,
                exit=production_exit,
                doc="repair, build (use it or lose it)",
            )
        )
        for name, apply, check, doc in ACTION_KINDS:
            self.add_action(ActionKind(name, apply, check and _checked(check), doc=doc))
        self._specs = {**super().option_specs(), **{o.name: o for o in OPTIONS}}

    def option_specs(self):
        return self._specs

    def state_class(self) -> type:
        return HgwState

    def check_options(self, checker, opts) -> None:
        check_tables(checker, opts)
        for key in ("hgw_stacking", "hgw_max_armies", "hgw_fire_cap", "hgw_repair_cost"):
            if opts[key] < 1:
                checker.fail(f"options.{key}", "must be at least 1")
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in opts["hgw_winter"]):
            checker.fail("options.hgw_winter", "must be whole numbers (+N each winter)")
        for key in ("hgw_income_modifier", "hgw_terrain_advance"):
            for k, v in opts[key].items():
                if not isinstance(v, int) or isinstance(v, bool):
                    checker.fail(f"options.{key}.{k}", "must be a whole number")
        for i, pair in enumerate(opts["hgw_separate"]):
            if not (
                isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)
            ):
                checker.fail(f"options.hgw_separate[{i}]", "must be a pair of nation ids")
        for k, v in opts["hgw_sea_capacity"].items():
            if not isinstance(v, dict) or not all(
                isinstance(c, int) and not isinstance(c, bool) and c >= -1 for c in v.values()
            ):
                checker.fail(
                    f"options.hgw_sea_capacity.{k}", "must map sea areas to SPs (-1 unlimited)"
                )
        for k, v in opts["hgw_sea_box_limit"].items():
            if not isinstance(v, dict) or not all(
                isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in v.values()
            ):
                checker.fail(f"options.hgw_sea_box_limit.{k}", 'must map "box ..." to SPs')
        for k, v in opts["hgw_sea_supply"].items():
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                checker.fail(f"options.hgw_sea_supply.{k}", "must be a list of sea areas")
        for k, v in opts["hgw_home"].items():
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                checker.fail(f"options.hgw_home.{k}", "must be a list of country names")
        for i, item in enumerate(opts["hgw_siberia_income"]):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or parse_date(str(item[0])) is None
                or not isinstance(item[1], int)
            ):
                checker.fail(f"options.hgw_siberia_income[{i}]", "must be [date, PP]")

    def check_ruleset(self, checker, options, units, facilities, terrain, borders) -> None:
        for t in (*options["hgw_sp_types"], *SP_TYPES):  # amph only where it is built
            if t not in units:
                checker.fail("units", f"the hgw system needs unit type '{t}' ([units.{t}])")

    def setup(self, state) -> None:
        setup(state)

    def begin_turn(self, state) -> None:
        begin_turn(state)

    def end_round(self, state) -> None:
        end_round(state)

    def stalemate(self, state) -> None:
        """Nobody can act for a whole round: nothing will change, so the Axis cannot
        win any more (it would have won at once): the Soviets win, as at the end."""
        game_end(
            state,
            "stalemate: no side can act",
            "stalemate: no side can act, the Axis did not win",
        )

    def describe(self, state, action: Action) -> str | None:
        return describe(state, action)

    def income(self, state, nation: str) -> int:
        return income(state, nation)  # (production traced to supply, seeds/001 PRODUCTION)

    def summary(self, state) -> dict[str, Any]:
        sp: dict[str, dict[str, int]] = {}
        for u in state.units.values():
            d = sp.setdefault(u.nation, {INF: 0, MECH: 0})
            d[u.type] = d.get(u.type, 0) + 1
        arm: dict[str, int] = {}
        for n, _, _ in state.armies.values():
            arm[n] = arm.get(n, 0) + 1
        return {
            "sp": dict(sorted(sp.items())),
            "armies": dict(sorted(arm.items())),
            "hexes": {
                n: len(state.zones_of(n))
                for n in sorted({n for sl in state.board.turn_slots for n in sl})
            },
        }
