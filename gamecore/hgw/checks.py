"""Scenario checks of Hitler's Global War (HGW…): what a scenario played by the ``hgw``
rule system must satisfy at the start (rules-notes/001 §5.2) and the errata of the
rulebook it should catch (rules-notes/001 §0.3, §5.5). The system brings them to the
validator (:data:`CHECKS`, :meth:`gamecore.engine.systems.RuleSystem.validator_checks`),
which runs them only on scenarios whose ruleset's system is ``hgw``; they never raise on
bad data: every value read from
``Scenario.props`` and the options is type-checked, and what cannot be read is an issue.

The start position (supply, income) is the rule system's own, set up from a tolerant
copy of the scenario and read with its functions (:mod:`gamecore.hgw.audit`).

Scenario data read (HGW-CONTRACT, tools/hgw_board): ``props["hgw_armies"]`` (set-up army
names: name, nation, zone_code), ``props["hgw_devastated"]`` (hex id -> points,
permanent), ``props["hgw_start_production"]`` (nation -> the printed production at start),
``props["hgw_boxes"]`` (the off-map boxes the scenario declares), ``props["hgw_victory"]``
(nation -> hold_all / take_any hex ids), ``props["hgw_siberia"]`` (its box), and the
``hgw_*`` options."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from gamecore.engine.systems import SystemCheck
from gamecore.hgw import audit, geo
from gamecore.hgw.state import ARMY_TYPES, FORT, SP_TYPES
from gamecore.hgw.supply import supplied
from gamecore.hgw.world import pp
from gamecore.model.calendar import months_per_round, parse_date

#: ground SP types (stacking counts them; tactical air and forts do not: seeds/001 STACKING)
GROUND = ("inf", "mech", "amph", "para")
#: the victory-hex options: option -> (the city, the option naming the side whose home it is in)
VICTORY = {
    "hgw_leningrad_hex": ("Leningrad", "hgw_soviet"),
    "hgw_moscow_hex": ("Moscow", "hgw_soviet"),
    "hgw_stalingrad_hex": ("Stalingrad", "hgw_soviet"),
    "hgw_berlin_hex": ("Berlin", "hgw_axis"),
}
#: hex ids listed in one message at most
SHOWN = 8


# ---------------------------------------------------------------------- helpers
#: the checks, in code order (the system's package hands them to the system)
CHECKS: list[SystemCheck] = []


def hgw_check(code: str, severity: str, title: str):
    """A scenario check of the hgw system (the validator runs it on the scenarios whose
    ruleset plays hgw: the others' scenarios are not its)."""

    def deco(fn):
        CHECKS.append(SystemCheck(code, severity, title, fn))
        return fn

    return deco


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _codes(ctx) -> dict[str, int]:
    key = "hgw_codes"
    if key not in ctx.shared:
        ctx.shared[key] = audit.hex_codes(ctx.pack)
    return ctx.shared[key]


def _options(ctx) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The options the game plays by (the ruleset's, then the scenario's that the system
    accepts) and the scenario's refused options: [(name, why)]."""
    key = ("hgw_options", ctx.scenario.id)
    if key not in ctx.shared:
        refused = audit.refused_options(ctx.ruleset, ctx.scenario.options)
        out = dict(ctx.ruleset.options)
        out.update((k, v) for k, v in ctx.scenario.options.items() if k not in refused)
        ctx.shared[key] = (out, sorted(refused.items()))
    return ctx.shared[key]


def _start(ctx):
    """(start state, why) of the scenario, once per validation run."""
    key = ("hgw_start", ctx.scenario.id)
    if key not in ctx.shared:
        ctx.shared[key] = audit.start_state(ctx.pack, ctx.scenario.id)
    return ctx.shared[key]


def _hex(ctx, zid: int) -> str:
    z = ctx.map.zones.get(zid)
    if z is None:
        return f"#{zid}"
    if z.name and z.name != z.code:
        return f"{z.code} ({z.name})"
    return z.code or f"#{zid}"


def _list(ctx, zids) -> str:
    zids = list(zids)
    shown = ", ".join(_hex(ctx, z) for z in zids[:SHOWN])
    return shown + (f" and {len(zids) - SHOWN} more" if len(zids) > SHOWN else "")


def _groups(ctx, forts: bool = False) -> dict[tuple[int, str], dict[str, int]]:
    """(zone, nation) -> {unit type: SPs} of the set-up's stacks with a positive whole
    count on a known zone: the armies the rule system forms (one per hex and nation;
    forts stand in their hex in no army, seeds/001 FORTIFICATIONS). ``forts``: the
    forts instead."""
    out: dict[tuple[int, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for st in ctx.scenario.units:
        if (st.unit_type == FORT) != forts:
            continue
        if st.zone in ctx.map.zones and _int(st.count) and st.count > 0:
            out[(st.zone, str(st.nation))][str(st.unit_type)] += st.count
    return out


def _army_names(ctx) -> dict[tuple[int, str], str]:
    names = {}
    rows = ctx.scenario.props.get("hgw_armies")
    codes = _codes(ctx)
    for row in rows if isinstance(rows, list) else ():
        if isinstance(row, dict) and isinstance(row.get("zone_code"), str):
            z = codes.get(row["zone_code"])
            if z is not None and isinstance(row.get("name"), str):
                names[(z, str(row.get("nation")))] = row["name"]
    return names


def _on_friendly(ctx, z: int, nation: str) -> bool:
    """Whether SPs of ``nation`` may stand in ``z`` at the start: a box, or a land hex
    held by a friend (rules-notes/001 §5.2.4)."""
    zone = ctx.map.zones[z]
    if zone.kind == "offmap":
        return True
    owner = ctx.scenario.owner_of(z)
    return (
        zone.kind == "land"
        and isinstance(owner, str)
        and audit.friendly_to(ctx.scenario, owner, nation)
    )


def _army(ctx, z: int, nation: str) -> str:
    name = _army_names(ctx).get((z, nation))
    return f"{nation} army '{name}'" if name else f"an {nation} army"


# ---------------------------------------------------------------------- checks
@hgw_check("HGW001", "error", "a hex friendly to two sides, or a side without one")
def friendly_once(ctx):
    """rules-notes/001 §5.2.2 (seeds/001 HEX CONTROL AND GARRISONS; the set-up's friendly
    areas): the sides are the turn order's slots; no hex is friendly to two of them (Axis,
    Soviet and Allied friendly areas are disjoint), and every side has a friendly hex."""
    sc = ctx.scenario
    slots = audit.slots(sc)
    held: dict[int, int] = defaultdict(int)
    for zid, own in sorted(sc.ownership.items()):
        o = own.owner
        if zid not in ctx.map.zones or not isinstance(o, str):
            continue
        friends = [
            i for i, slot in enumerate(slots) if any(audit.friendly_to(sc, o, n) for n in slot)
        ]
        for i in friends:
            held[i] += 1
        if len(friends) > 1:
            a, b = ("/".join(slots[i]) for i in friends[:2])
            yield ctx.issue(
                "HGW001",
                f"hex {_hex(ctx, zid)}, held by {o}, is friendly to two sides, {a} and {b} "
                "(rules-notes/001 §5.2.2)",
                zones=[zid],
            )
    for i, slot in enumerate(slots):
        if not held.get(i):
            yield ctx.issue(
                "HGW001",
                f"{'/'.join(slot)} has no friendly hex at the start (rules-notes/001 §5.2.2)",
            )


@hgw_check("HGW002", "error", "more armies or forts than a side may have")
def army_limit(ctx):
    """rules-notes/001 §5.2.3, seeds/001 MILITARY RECORD SHEET ("each side has the use of
    up to twelve armies, never more"): the SPs of a side in one hex form one army; and
    at most ``hgw_max_forts`` (7) fort counters, hexes with forts, a side."""
    opts = _options(ctx)[0]
    for what, limit, groups in (
        ("armies", opts.get("hgw_max_armies", 12), _groups(ctx)),
        ("fort counters", opts.get("hgw_max_forts", 7), _groups(ctx, forts=True)),
    ):
        per: dict[str, list[int]] = defaultdict(list)
        for z, n in sorted(groups):
            per[n].append(z)
        for n, zones in sorted(per.items()):
            if _int(limit) and len(zones) > limit:
                yield ctx.issue(
                    "HGW002",
                    f"{n} sets up {len(zones)} {what} (in {len(zones)} hexes); a side has at "
                    f"most {limit} (rules-notes/001 §5.2.3)",
                    zones=zones,
                )


@hgw_check("HGW003", "error", "army not on a friendly hex or in a box")
def army_placement(ctx):
    """rules-notes/001 §5.2.4 (seeds/001 MOVEMENT: armies stand in friendly hexes) and
    §5.2.7 (forts sit on friendly hexes): every army and fort stands on a hex friendly to
    its side, or in an off-map box."""
    sc = ctx.scenario
    placed = [(k, False) for k in _groups(ctx)] + [(k, True) for k in _groups(ctx, forts=True)]
    unaligned = _options(ctx)[0].get("hgw_unaligned") or []
    for (z, n), fort in sorted(placed):
        if _on_friendly(ctx, z, n):
            continue
        zone = ctx.map.zones[z]
        owner = sc.owner_of(z)
        if not fort and owner is None and zone.region in unaligned:
            continue  # an unaligned country's army: it may not move until the country
            # joins (seeds/001 ACTIVITY LIMITATIONS 2: the Italian army)
        if zone.kind != "land":
            why = f"{_a(zone.kind)} hex" + (f" of {zone.region}" if zone.region else "")
        elif owner is None:
            why = "a neutral hex" + (f" of {zone.region}" if zone.region else "")
        else:
            why = f"a hex held by {owner}"
        who = f"{_a(n)} fort" if fort else _army(ctx, z, n)
        yield ctx.issue(
            "HGW003",
            f"{who} stands in {_hex(ctx, z)}, {why}, not a hex friendly to {n} "
            f"(rules-notes/001 §5.2.{7 if fort else 4})",
            zones=[z],
        )


@hgw_check("HGW004", "error", "more ground SPs in a hex than stacking allows")
def stacking(ctx):
    """rules-notes/001 §5.2.4, seeds/001 STACKING 1 and 3: at most ten ground SPs in a hex
    (the option ``hgw_stacking``); no limit in off-map boxes (``props["box"]["stacking"]``)."""
    limit = _options(ctx)[0].get("hgw_stacking", 10)
    per: dict[int, int] = defaultdict(int)
    for (z, _n), types in _groups(ctx).items():
        per[z] += sum(c for t, c in types.items() if t in GROUND)
    for z, total in sorted(per.items()):
        zone = ctx.map.zones[z]
        cap = limit
        if zone.kind == "offmap":
            spec = zone.props.get("box")
            cap = spec.get("stacking") if isinstance(spec, dict) else None
            if not _int(cap):
                continue
        if total > cap:
            yield ctx.issue(
                "HGW004",
                f"{_hex(ctx, z)} holds {total} ground SPs; at most {cap} may stand in a hex "
                "(rules-notes/001 §5.2.4, seeds/001 STACKING)",
                zones=[z],
            )


@hgw_check("HGW005", "error", "SPs of a type or count the scenario does not allow")
def sp_types(ctx):
    """rules-notes/001 §5.2.5 (Barbarossa: infantry and mechanized only, §2.2): every SP
    is of a type both the ruleset and the hgw system know; a set-up stack holds a whole,
    positive number of SPs."""
    listed = _options(ctx)[0].get("hgw_sp_types")
    listed = listed if isinstance(listed, list) else list(SP_TYPES)
    allowed = [t for t in listed if t in (*ARMY_TYPES, FORT) and t in ctx.ruleset.units]
    bad: dict[str, set[int]] = defaultdict(set)
    for i, st in enumerate(ctx.scenario.units, start=1):
        zones = [st.zone] if st.zone in ctx.map.zones else []
        if not _int(st.count) or st.count < 1:
            yield ctx.issue(
                "HGW005",
                f"set-up stack {i} ({st.nation} {st.unit_type}) holds {st.count!r} SPs, not a "
                "positive whole number (rules-notes/001 §5.2.4)",
                zones=zones,
            )
        if st.unit_type not in allowed:
            bad[str(st.unit_type)].update(zones)
    for t, zones in sorted(bad.items()):
        yield ctx.issue(
            "HGW005",
            f"SP type {t!r} is not allowed in this scenario (allowed: {', '.join(allowed)}; "
            "rules-notes/001 §5.2.5)",
            zones=sorted(zones),
        )


@hgw_check("HGW006", "error", "devastation unreadable or above the hex's PP")
def devastation(ctx):
    """rules-notes/001 §5.2.9 (seeds/001 BARBAROSSA SCENARIO SET-UP AND SPECIAL RULES,
    PRODUCTION: Repairing Devastated Production): devastated points lie on existing land
    hexes, never exceed the hex's production points, and permanent points are devastated
    points (``permanent``: true for all of them, or a number up to ``points``)."""
    raw = ctx.scenario.props.get("hgw_devastated")
    if raw is None:
        return
    if not isinstance(raw, dict):
        yield ctx.issue("HGW006", "scenario data hgw_devastated is not a table of hex ids")
        return
    codes = _codes(ctx)
    for code in sorted(raw, key=str):
        spec = raw[code]
        z = codes.get(str(code))
        if z is None:
            yield ctx.issue(
                "HGW006",
                f"hgw_devastated names hex {str(code)[:40]!r}, which is on no zone of the map "
                "(rules-notes/001 §5.5)",
            )
            continue
        zone = ctx.map.zones[z]
        pts = spec.get("points") if isinstance(spec, dict) else None
        perm = spec.get("permanent", False) if isinstance(spec, dict) else None
        if not _int(pts) or pts < 0:
            yield ctx.issue(
                "HGW006",
                f"hgw_devastated[{zone.code}] must be {{points: a whole number >= 0, "
                f"permanent: true/false}}, not {str(spec)[:60]}",
                zones=[z],
            )
            continue
        if zone.kind not in ("land", "offmap"):
            yield ctx.issue(
                "HGW006", f"devastation in {_hex(ctx, z)}, {_a(zone.kind)} hex", zones=[z]
            )
        elif pts > zone.value:
            yield ctx.issue(
                "HGW006",
                f"{_hex(ctx, z)} has {pts} devastated points but only {zone.value} PP "
                "(rules-notes/001 §5.2.9)",
                zones=[z],
            )
        if not isinstance(perm, bool) and not (_int(perm) and 0 <= perm <= pts):
            yield ctx.issue(
                "HGW006",
                f"{_hex(ctx, z)}: permanent devastation {str(perm)[:20]} is not among its "
                f"{pts} devastated points (rules-notes/001 §5.2.9)",
                zones=[z],
            )


@hgw_check("HGW007", "warning", "declared start production is not the income")
def start_production(ctx):
    """rules-notes/001 §5.2.10 (seeds/001 AXIS/SOVIET PRODUCTION AT START, PRODUCTION):
    the production printed for each side (``props["hgw_start_production"]``) equals what
    the rule system computes at the start: the undevastated PP it holds in full supply,
    before the scenario's income modifier (Barbarossa's Axis -17). A warning with both
    figures and the PP the game does not count."""
    declared = ctx.scenario.props.get("hgw_start_production")
    if declared is None:
        declared = _options(ctx)[0].get("hgw_start_production")
    if declared is None:
        return
    if not isinstance(declared, dict) or not all(_int(v) for v in declared.values()):
        yield ctx.issue(
            "HGW007",
            "scenario data hgw_start_production is not a table nation -> production points",
        )
        return
    s, _why = _start(ctx)
    if s is None:
        return  # HGW016 says why
    for n, want in sorted(declared.items(), key=lambda kv: str(kv[0])):
        if n not in ctx.pack.nations:
            yield ctx.issue("HGW007", f"hgw_start_production names no nation {str(n)[:40]!r}")
            continue
        got = audit.home_income(s, n)
        if got == want:
            continue
        full = supplied(s, n, True)
        missed = sorted(z for z, o in s.owner.items() if o == n and pp(s, z) and z not in full)
        why = ""
        if missed:
            pts = sum(pp(s, z) for z in missed)
            why = f"; {pts} PP {n} holds are not in full supply and do not count: " + _list(
                ctx, missed
            )
        yield ctx.issue(
            "HGW007",
            f"{n}'s production at start is declared {want} but the game computes {got} "
            f"(undevastated PP in full supply){why} (rules-notes/001 §5.2.10)",
            zones=missed,
        )


def _pockets(s, zones: list[int]) -> list[list[int]]:
    """``zones`` split into groups joined by land hexsides (one issue per pocket)."""
    g = geo.graph(s)
    left = set(zones)
    out = []
    for z in zones:
        if z not in left:
            continue
        left.discard(z)
        part, todo = [z], [z]
        while todo:
            x = todo.pop()
            for n in g.nbrs.get(x, ()):
                if n in left:
                    left.discard(n)
                    part.append(n)
                    todo.append(n)
        out.append(sorted(part))
    return out


@hgw_check("HGW008", "error", "army or friendly hex out of supply at the start")
def defence_supply(ctx):
    """rules-notes/001 §5.2.11, seeds/001 SUPPLY (Line of Supply 2, 3; Unsupplied Hexes),
    traced by the rule system's own supply search. Three severities:

    - error: an army or a fort on a friendly hex that traces no defence supply (a chain of
      friendly hexes to a friendly undevastated PP) at the start: it is eliminated at its
      side's first supply check;
    - warning: friendly hexes without defence supply that an opponent takes at that side's
      first supply check without a fight (it traces supply into the hex and has a supplied
      army within 3 hexes): a set-up the first turn changes by itself;
    - info: the other friendly hexes without defence supply. The rulebook leaves an empty
      unsupplied hex friendly until an opponent can take it, and its own geography has
      such hexes (islands, deserts, mountain valleys nobody reaches), so they are no fault.
    """
    s, _why = _start(ctx)
    if s is None:
        return
    for n in audit.sides(ctx.scenario):
        if n not in ctx.pack.nations:
            continue
        out = audit.out_of_supply(s, n)
        for z in out["armies"]:
            if not _on_friendly(ctx, z, n):
                continue  # HGW003: an army on a hex not its side's never traces supply
            yield ctx.issue(
                "HGW008",
                f"{_army(ctx, z, n)} in {_hex(ctx, z)} traces no supply to a friendly "
                f"undevastated PP: it is eliminated at {n}'s first supply check "
                "(rules-notes/001 §5.2.11, seeds/001 SUPPLY)",
                zones=[z],
            )
        defence = supplied(s, n, False)
        for z, nation in sorted(_groups(ctx, forts=True)):
            if nation != n or z in defence or not _on_friendly(ctx, z, n):
                continue
            if ctx.map.zones[z].kind == "offmap":
                continue
            yield ctx.issue(
                "HGW008",
                f"{n}'s fort in {_hex(ctx, z)} traces no supply to a friendly undevastated "
                f"PP: it is eliminated at {n}'s first supply check (rules-notes/001 "
                "§5.2.11, seeds/001 FORTIFICATIONS, SUPPLY)",
                zones=[z],
            )
        taken = audit.captured_if_unsupplied(s, n, out["hexes"])
        for part in _pockets(s, out["hexes"]):
            regions = sorted({ctx.map.zones[z].region for z in part if ctx.map.zones[z].region})
            lost = [z for z in part if z in taken]
            kept = [z for z in part if z not in taken]
            where = f"{n} hex(es) of {', '.join(regions) or 'no country'}"
            if lost:
                yield ctx.issue(
                    "HGW008",
                    f"{len(lost)} {where} trace no supply to a friendly undevastated PP and "
                    f"fall to {'/'.join(sorted({taken[z] for z in lost}))} without a fight "
                    f"at {n}'s first supply check: {_list(ctx, lost)} (rules-notes/001 "
                    "§5.2.11, seeds/001 SUPPLY, Unsupplied Hexes)",
                    zones=lost,
                    severity="warning",
                )
            if kept:
                yield ctx.issue(
                    "HGW008",
                    f"{len(kept)} {where} trace no supply to a friendly undevastated PP but "
                    f"no opponent can take them at the first supply check, so they stay "
                    f"{n}'s: {_list(ctx, kept)} (seeds/001 SUPPLY, Unsupplied Hexes)",
                    zones=kept,
                    severity="info",
                )


@hgw_check("HGW009", "warning", "army not in full supply at the start")
def full_supply(ctx):
    """rules-notes/001 §5.2.11, seeds/001 SUPPLY (Line of Supply 1): armies that should act
    on the first turn trace full supply (to a friendly home-country undevastated PP)."""
    s, _why = _start(ctx)
    if s is None:
        return
    for n in audit.sides(ctx.scenario):
        if n not in ctx.pack.nations:
            continue
        for z in audit.out_of_supply(s, n)["full"]:
            yield ctx.issue(
                "HGW009",
                f"{_army(ctx, z, n)} in {_hex(ctx, z)} is only in defence supply: no chain "
                f"of friendly hexes to a home-country PP of {n} (rules-notes/001 §5.2.11)",
                zones=[z],
            )


def _victory_props(ctx, opts) -> list[tuple[str, list]]:
    """[(what, hex ids)] the scenario's ``props["hgw_victory"]`` declares."""
    raw = ctx.scenario.props.get("hgw_victory")
    out = []
    if not isinstance(raw, dict):
        return out
    for nation, spec in raw.items():
        if not isinstance(spec, dict):
            continue
        for key in ("hold_all", "take_any"):
            if key in spec:
                out.append((f"{nation}.{key}", spec[key]))
    return out


@hgw_check("HGW010", "error", "victory hex missing, of the wrong country or defined twice")
def victory_hexes(ctx):
    """rules-notes/001 §5.2.12 and §5.5 (seeds/001 BARBAROSSA VICTORY CONDITIONS; the
    erratum Moscow 1142 vs 1144, §0.3): each victory-hex option names an existing land hex
    of the right country (Leningrad, Moscow, Stalingrad in the Soviet home, Berlin in the
    Axis home); the hexes the scenario declares (``props["hgw_victory"]``) exist and are
    the ones the options make the game play by."""
    opts, _bad = _options(ctx)
    codes = _codes(ctx)
    home = opts.get("hgw_home") if isinstance(opts.get("hgw_home"), dict) else {}
    for key, (city, side_opt) in VICTORY.items():
        code = str(opts.get(key))
        z = codes.get(code)
        if z is None:
            yield ctx.issue(
                "HGW010",
                f"{city} (option {key}) is hex {code[:40]!r}, which is on no zone of the map "
                "(a hex reference that resolves to nothing: rules-notes/001 §5.5)",
            )
            continue
        zone = ctx.map.zones[z]
        side = opts.get(side_opt)
        countries = home.get(side, []) if isinstance(side, str) else []
        countries = countries if isinstance(countries, list) else []
        if zone.kind != "land" or (countries and zone.region not in countries):
            yield ctx.issue(
                "HGW010",
                f"{city} (option {key}) is hex {_hex(ctx, z)}, {_a(zone.kind)} hex of "
                f"{zone.region or 'no country'}, not of {' or '.join(map(str, countries)) or 'a country'} "
                "(rules-notes/001 §5.2.12)",
                zones=[z],
            )
    axis_need = {
        str(opts.get(k)) for k in ("hgw_leningrad_hex", "hgw_moscow_hex", "hgw_stalingrad_hex")
    }
    sov_need = {str(opts.get("hgw_berlin_hex"))}
    for what, listed in _victory_props(ctx, opts):
        if not isinstance(listed, list) or not all(isinstance(c, str) for c in listed):
            yield ctx.issue("HGW010", f"scenario data hgw_victory.{what} is not a list of hex ids")
            continue
        missing = [c for c in listed if c not in codes]
        if missing:
            yield ctx.issue(
                "HGW010",
                f"hgw_victory.{what} names hex(es) {', '.join(repr(c[:40]) for c in missing[:SHOWN])}, "
                "on no zone of the map (rules-notes/001 §5.5)",
            )
            continue
        nation = what.split(".", 1)[0]
        want = (
            axis_need
            if nation == opts.get("hgw_axis")
            else sov_need
            if nation == opts.get("hgw_soviet")
            else None
        )
        if want is not None and set(listed) != want:
            yield ctx.issue(
                "HGW010",
                f"the scenario's victory hexes for {nation} ({', '.join(sorted(listed))}) are "
                f"not the ones the game plays by (options: {', '.join(sorted(want))}): one "
                "place defined twice (Moscow is 1142 in the victory text, 1144 elsewhere: "
                "rules-notes/001 §0.3, §5.5)",
                zones=sorted(codes[c] for c in set(listed) ^ want if c in codes),
            )


@hgw_check("HGW011", "warning", "victory already won at the start")
def victory_at_start(ctx):
    """rules-notes/001 §5.2.12 (seeds/001 BARBAROSSA VICTORY CONDITIONS): neither side's
    instant-win hexes are already all its friends' at turn 0."""
    opts, _bad = _options(ctx)
    codes = _codes(ctx)
    sc = ctx.scenario
    ax, sov = opts.get("hgw_axis"), opts.get("hgw_soviet")
    for side, keys in (
        (ax, ("hgw_leningrad_hex", "hgw_moscow_hex", "hgw_stalingrad_hex")),
        (sov, ("hgw_berlin_hex",)),
    ):
        zones = [codes.get(str(opts.get(k))) for k in keys]
        if not isinstance(side, str) or None in zones:
            continue  # HGW010
        owners = [sc.owner_of(z) for z in zones]
        if all(isinstance(o, str) and audit.friendly_to(sc, o, side) for o in owners):
            yield ctx.issue(
                "HGW011",
                f"{side} already holds its victory hex(es) {_list(ctx, zones)} at the start: "
                "it wins on the first move (rules-notes/001 §5.2.12)",
                zones=zones,
            )


@hgw_check("HGW012", "error", "declared off-map box missing")
def boxes(ctx):
    """rules-notes/001 §5.2.20 (seeds/001 BARBAROSSA SPECIAL RULES 6: US 1909, Canada 1614,
    French Africa 2828, British Africa 4639, India 2656): every box the scenario declares
    (``props["hgw_boxes"]``, ``props["hgw_siberia"]["box"]``) is an off-map box zone."""
    props = ctx.scenario.props
    raw = props.get("hgw_boxes")
    listed: list = []
    if raw is not None:
        if not isinstance(raw, list):
            yield ctx.issue("HGW012", "scenario data hgw_boxes is not a list of hex ids")
        else:
            listed = list(raw)
    sib = props.get("hgw_siberia")
    if isinstance(sib, dict) and "box" in sib:
        listed.append(sib["box"])
    codes = _codes(ctx)
    for code in dict.fromkeys(map(str, listed)):
        z = codes.get(code)
        if z is None:
            yield ctx.issue(
                "HGW012",
                f"the scenario declares the off-map box {code[:40]!r}, on no zone of the map "
                "(rules-notes/001 §5.2.20)",
            )
        elif ctx.map.zones[z].kind != "offmap":
            yield ctx.issue(
                "HGW012",
                f"the scenario declares {_hex(ctx, z)} an off-map box, but it is "
                f"{_a(ctx.map.zones[z].kind)} hex (rules-notes/001 §5.2.20)",
                zones=[z],
            )


@hgw_check("HGW013", "error", "set-up army row without its hex or its SPs")
def army_rows(ctx):
    """rules-notes/001 §5.5 (the Barbarossa set-up leaves out Army Group Center's hex,
    §0.3) and §5.2.4 (every army has an SP): each row of ``props["hgw_armies"]`` has a
    name, a nation of the turn order and a hex id on the map, that hex holds SPs of that
    nation, and no hex is named twice for one nation."""
    rows = ctx.scenario.props.get("hgw_armies")
    if rows is None:
        return
    if not isinstance(rows, list):
        yield ctx.issue("HGW013", "scenario data hgw_armies is not a list of army rows")
        return
    codes = _codes(ctx)
    sides = audit.sides(ctx.scenario)
    groups = _groups(ctx)
    seen: dict[tuple[int, str], str] = {}
    for i, row in enumerate(rows, start=1):
        if not isinstance(row, dict):
            yield ctx.issue(
                "HGW013", f"hgw_armies row {i} is not a table (name, nation, zone_code)"
            )
            continue
        name = row.get("name")
        label = f"'{name[:40]}'" if isinstance(name, str) and name else f"row {i}"
        if not isinstance(name, str) or not name.strip():
            yield ctx.issue("HGW013", f"hgw_armies row {i} has no army name")
        nation = row.get("nation")
        if not isinstance(nation, str) or nation not in sides:
            yield ctx.issue(
                "HGW013",
                f"set-up army {label} belongs to {str(nation)[:40]!r}, not a nation of the "
                f"turn order ({', '.join(sides)})",
            )
            continue
        code = row.get("zone_code")
        if code is None or (isinstance(code, str) and not code.strip()):
            yield ctx.issue(
                "HGW013",
                f"set-up army {label} ({nation}) has no location: the row misses its hex "
                "(as seeds/001 does for Army Group Center: rules-notes/001 §0.3, §5.5)",
            )
            continue
        z = codes.get(code) if isinstance(code, str) else None
        if z is None:
            yield ctx.issue(
                "HGW013",
                f"set-up army {label} ({nation}) stands in hex {str(code)[:40]!r}, on no zone "
                "of the map (a hex reference that resolves to nothing: rules-notes/001 §5.5)",
            )
            continue
        sps = sum(groups.get((z, nation), {}).values())
        if not sps:
            yield ctx.issue(
                "HGW013",
                f"set-up army {label} ({nation}) in {_hex(ctx, z)} has no SP there: an army "
                "has at least one (rules-notes/001 §5.2.4)",
                zones=[z],
            )
        if (z, nation) in seen:
            yield ctx.issue(
                "HGW013",
                f"set-up armies {seen[(z, nation)]} and {label} both name {_hex(ctx, z)}: the "
                f"{nation} SPs of a hex form one army",
                zones=[z],
            )
        else:
            seen[(z, nation)] = label


@hgw_check("HGW014", "error", "calendar or turn range not HGW's")
def calendar(ctx):
    """rules-notes/001 §5.2.1 and §2.3 (seeds/001 SEQUENCE OF PLAY; BARBAROSSA FIRST TURN –
    FINAL TURN, Summer 1941 – Winter 1943): three seasons a year (calendar "3-seasons"),
    a start date that is the first month of a season, and a last turn."""
    sc = ctx.scenario
    if sc.calendar != "3-seasons":
        yield ctx.issue(
            "HGW014",
            f"calendar is {str(sc.calendar)[:40]!r}; Hitler's Global War has three seasons a "
            'year (calendar "3-seasons": Spring, Summer, Winter)',
        )
    start = parse_date(sc.start) if isinstance(sc.start, str) else None
    if start is None:
        yield ctx.issue("HGW014", f"start date {str(sc.start)[:40]!r} is not a date (YYYY-MM)")
    elif months_per_round("3-seasons") and start % 12 % 4:
        yield ctx.issue(
            "HGW014",
            f"start date {sc.start} is not the first month of a season (January Spring, May "
            "Summer, September Winter)",
        )
    if not _int(sc.rounds) or sc.rounds < 1:
        yield ctx.issue(
            "HGW014",
            f"the scenario's turns ({sc.rounds!r}) are not a positive number: the Soviet "
            "victory is decided at the last turn",
        )


@hgw_check("HGW015", "error", "scheduled Siberia production without the Siberia box")
def siberia_box(ctx):
    """rules-notes/001 §5.2.14 (seeds/001 BARBAROSSA SPECIAL RULES 3, 4): Siberia's
    scheduled production and its SPs' move date need the Siberia box (option
    ``hgw_siberia_hex``) on the map as an off-map box."""
    opts, _bad = _options(ctx)
    schedule = opts.get("hgw_siberia_income")
    if not schedule:
        return
    code = str(opts.get("hgw_siberia_hex"))
    z = _codes(ctx).get(code)
    if z is None or ctx.map.zones[z].kind != "offmap":
        what = "is on no zone of the map" if z is None else f"is {_a(ctx.map.zones[z].kind)} hex"
        yield ctx.issue(
            "HGW015",
            f"Siberia's production is scheduled (option hgw_siberia_income) but its box "
            f"{code[:40]!r} (option hgw_siberia_hex) {what}, not an off-map box "
            "(rules-notes/001 §5.2.14)",
            zones=[z] if z is not None else [],
        )


@hgw_check("HGW016", "error", "options or set-up the rule system cannot use")
def usable(ctx):
    """rules-notes/001 §5.2 (every value the game reads is readable): the scenario's
    options pass the hgw system's option checks, and the rule system can set up the
    start position (supply and income are read from it)."""
    for name, why in _options(ctx)[1]:
        yield ctx.issue("HGW016", f"option {name[:40]} {why}")
    s, why = _start(ctx)
    if s is None:
        yield ctx.issue("HGW016", f"the hgw rule system cannot set the scenario up: {why}")


@hgw_check("HGW017", "warning", "scheduled date outside the scenario's turns")
def schedule_dates(ctx):
    """rules-notes/001 §5.2.14 (an event's turn lies inside the scenario's range, or it is
    harmlessly unused); seeds/001 BARBAROSSA SPECIAL RULES 3-5: Siberia's move date and
    production dates fall within the first and last turn."""
    sc = ctx.scenario
    start = parse_date(sc.start) if isinstance(sc.start, str) else None
    step = months_per_round(sc.calendar) if isinstance(sc.calendar, str) else None
    if start is None or step is None or not _int(sc.rounds) or sc.rounds < 1:
        return  # HGW014
    last = start + (min(sc.rounds, 10**6) - 1) * step
    opts, _bad = _options(ctx)
    dates = [("hgw_siberia_moves_from", opts.get("hgw_siberia_moves_from"))]
    sched = opts.get("hgw_siberia_income")
    for i, item in enumerate(sched if isinstance(sched, list) else ()):
        if isinstance(item, list) and item:
            dates.append((f"hgw_siberia_income[{i}]", item[0]))
    for name, d in dates:
        m = parse_date(str(d)) if d is not None else None
        if m is not None and not start <= m <= last:
            yield ctx.issue(
                "HGW017",
                f"option {name} is dated {d}, outside the scenario's turns "
                f"({sc.start} .. {last // 12:04d}-{last % 12 + 1:02d}): it never applies",
            )


# ---------------------------------------------------------------------- campaign
def _campaign_names(opts: dict) -> list[tuple[str, str]]:
    """(option, country name) for every country the campaign options name."""
    out: list[tuple[str, str]] = []

    def add(key: str, names) -> None:
        for c in names if isinstance(names, list | dict) else ():
            if isinstance(c, str) and c != "*":
                out.append((key, c))

    add("hgw_unaligned", opts.get("hgw_unaligned"))
    add("hgw_never_align", opts.get("hgw_never_align"))
    add("hgw_capitals", opts.get("hgw_capitals"))
    add("hgw_swap", opts.get("hgw_swap"))
    for k, v in (opts.get("hgw_country_groups") or {}).items():
        add("hgw_country_groups", [k, *(v if isinstance(v, list) else [])])
    for v in (opts.get("hgw_alignment") or {}).values():
        add("hgw_alignment", v)
    for t in (opts.get("hgw_surrender") or {}).values():
        if isinstance(t, dict):
            add("hgw_surrender", list(t.get("cede", ())) + list(t.get("unalign", ())))
    for e in opts.get("hgw_entry") or []:
        if isinstance(e, dict):
            add("hgw_entry", e.get("countries"))
    return out


@hgw_check("HGW030", "error", "a campaign option names a country or hex not on the map")
def campaign_places(ctx):
    """seeds/001 CAMPAIGN GAME I (UNALIGNED COUNTRIES, ENTRY INTO THE WAR, SURRENDER): every
    country the alignment, entry and surrender options name is a country (Zone.region)
    of the map, every capital lies in its country, every hex the terms name is on the
    map (a misspelt name would silently never align, enter or surrender)."""
    opts, _bad = _options(ctx)
    regions = {z.region for z in ctx.map.zones.values() if z.region}
    codes = _codes(ctx)
    groups = opts.get("hgw_country_groups") or {}
    surrender = opts.get("hgw_surrender") or {}
    seen = set()
    for key, c in _campaign_names(opts):
        if c in regions or c in surrender or (key, c) in seen:
            continue
        seen.add((key, c))
        yield ctx.issue("HGW030", f"option {key} names {c[:40]!r}, no country of the map")
    for c, code in sorted((opts.get("hgw_capitals") or {}).items()):
        z = codes.get(str(code))
        members = {c, *(groups.get(c) or [])}
        if z is None:
            yield ctx.issue(
                "HGW030", f"hgw_capitals: {c[:40]}'s capital {str(code)[:12]} is not on the map"
            )
        elif ctx.map.zones[z].region not in members:
            yield ctx.issue(
                "HGW030",
                f"hgw_capitals: {c[:40]}'s capital {_hex(ctx, z)} lies in "
                f"{ctx.map.zones[z].region}",
                zones=[z],
            )
    for c, terms in sorted(surrender.items()):
        if not isinstance(terms, dict):
            continue
        hexes = [*terms.get("hexes", ()), *terms.get("mainland", ()), *terms.get("permanent", {})]
        for h in hexes:
            if str(h) not in codes:
                yield ctx.issue(
                    "HGW030", f"hgw_surrender.{c[:40]} names hex {str(h)[:12]}, not on the map"
                )
    nations = set(ctx.pack.nations)
    for i, e in enumerate(opts.get("hgw_entry") or []):
        if isinstance(e, dict):
            for f in ("nation", "side"):
                if f in e and e[f] not in nations:
                    yield ctx.issue(
                        "HGW030", f"hgw_entry[{i}].{f} names no nation {str(e[f])[:40]!r}"
                    )


@hgw_check("HGW031", "error", "a Campaign II option names a hex not on the map")
def campaign_2_places(ctx):
    """seeds/001 NATIONAL MORALE (the capitals raided, the hexes whose loss counts) and
    U-BOATS / SHIPPING (the U-boats' ports, the supply routes' ends): every hex they name
    is on the map (a misspelt one would silently never count, or a route never be
    attacked)."""
    opts, _bad = _options(ctx)
    codes = _codes(ctx)
    named: list[tuple[str, Any]] = []
    morale = opts.get("hgw_morale") or {}
    if isinstance(morale, dict):
        named += [
            (f"hgw_morale.capitals.{c}", h) for c, h in (morale.get("capitals") or {}).items()
        ]
        for c, hexes in (morale.get("losses") or {}).items():
            named += [(f"hgw_morale.losses.{c}", h) for h in hexes or {}]
    subs = opts.get("hgw_uboats") or {}
    if isinstance(subs, dict):
        for n, ports in (subs.get("start") or {}).items():
            named += [(f"hgw_uboats.start.{n}", h) for h in ports or {}]
        for i, r in enumerate(subs.get("routes") or []):
            if isinstance(r, dict):
                named += [(f"hgw_uboats.routes[{i}].{f}", r.get(f)) for f in ("from", "to")]
    for key, h in named:
        if str(h) not in codes:
            yield ctx.issue("HGW031", f"{key[:60]} names hex {str(h)[:12]!r}, not on the map")
