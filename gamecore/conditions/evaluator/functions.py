"""What each function of the condition language does, as closures over a world."""

from __future__ import annotations

from collections.abc import Callable

from gamecore.conditions.evaluator.values import (
    EVENT_SCOPES,
    SIGNATURES,
    EventPattern,
    Nations,
    UnitFilter,
    Zones,
    _err,
    _sea_range,
    _suggest,
    _union_filters,
)
from gamecore.model.calendar import calendar_month

# ------------------------------------------------------------------ implementations
# Each takes (node, positional closures, keyword closures) and returns a closure.


def _units_matching(w, who, zones, flt):
    total = 0
    for z in zones:
        for nation, unit_type, count in w.unit_counts(z):
            if nation in who and (flt is None or flt.matches(w.unit_classes(unit_type))):
                total += count
    return total


def _comp_values(v):
    kind, payload = v
    return payload


def i_controls(node, p, kw):
    who_f, zones_f = p

    def f(w, e):
        who, zones = who_f(w, e), zones_f(w, e)
        return bool(zones) and all(w.owner(z) in who for z in zones)

    return f


def i_all(node, p, kw):
    (c,) = p

    def f(w, e):
        kind, payload = c(w, e)
        return all(payload) if kind == "results" else bool(payload)

    return f


def i_any(node, p, kw):
    (c,) = p

    def f(w, e):
        kind, payload = c(w, e)
        return any(payload) if kind == "results" else bool(payload)

    return f


def i_count(node, p, kw):
    (c,) = p

    def f(w, e):
        kind, payload = c(w, e)
        return sum(payload) if kind == "results" else len(payload)

    return f


def i_at_war(node, p, kw):
    a_f, b_f = p
    board_f = kw.get("board")

    def f(w, e):
        a, b = a_f(w, e), b_f(w, e)
        if board_f is not None:
            region = w.regions.get(board_f(w, e), frozenset())
            b = {n for n in b if any(w.owner(z) == n for z in region)}
        return any(x != y and w.relation(x, y) == "war" for x in a for y in b)

    return f


def _one(node, nations):
    if len(nations) != 1:
        raise _err(node, "expected one nation, got " + (", ".join(sorted(nations)) or "none"))
    return next(iter(nations))


def i_relation(node, p, kw):
    a_f, b_f = p
    return lambda w, e: w.relation(_one(node, a_f(w, e)), _one(node, b_f(w, e)))


def named_relation_type(events, types: dict, a: str, b: str, status: str) -> str:
    """The named relationship type of ``a`` and ``b`` whose relation is ``status`` now:
    the last ``relation_type`` fact, else ``types`` (``"A|B"`` -> name, the scenario's
    start; ``types["@status"]`` maps a name to its relation status). A name whose status
    is not the relation's any more (the relation changed another way) gives the status."""
    key = "|".join(sorted((a, b)))
    name = None
    for ev in reversed(events):
        if ev.get("type") == "relation_type" and ev.get("pair") == key:
            name = ev.get("name")
            break
    if name is None:
        name = types.get(key)
    if not name:
        return status
    of = types.get("@status") or {}
    return name if of.get(name, status) == status else status


def i_facilities(node, p, kw):
    """The number of facilities of type ``t`` in the zones (the world's
    ``facility_types(zone)``; a world without facilities has none)."""
    z_f, t_f = p

    def f(w, e):
        kinds = getattr(w, "facility_types", None)
        if kinds is None:
            return 0
        want = str(t_f(w, e))
        return sum(1 for z in z_f(w, e) for k in kinds(z) if k == want)

    return f


def i_relation_type(node, p, kw):
    """The named relationship type of two nations (TripleA's "War", "Unprovoked",
    "Friendly_Neutral", ...): the last ``relation_type`` fact of the game (effect
    ``change_relation`` with a type), else the scenario prop ``relation_types`` (``"A|B"``
    -> type, sorted pair), else the relation itself."""
    a_f, b_f = p

    def f(w, e):
        a, b = _one(node, a_f(w, e)), _one(node, b_f(w, e))
        return named_relation_type(
            w.events, getattr(w, "relation_types", None) or {}, a, b, w.relation(a, b)
        )

    return f


def i_units(node, p, kw):
    who_f, zones_f, flt_f = p
    return lambda w, e: _units_matching(
        w, who_f(w, e), zones_f(w, e), flt_f(w, e) if flt_f else None
    )


def i_none(node, p, kw):
    units = i_units(node, p, kw)
    return lambda w, e: units(w, e) == 0


def i_alignment(node, p, kw):
    (z_f,) = p

    def f(w, e):
        zones = z_f(w, e)
        return w.alignment(next(iter(zones))) if len(zones) == 1 else None

    return f


def i_round(node, p, kw):
    return lambda w, e: w.round


def i_turn(node, p, kw):
    (who_f,) = p
    if who_f is None:
        return lambda w, e: w.round
    return lambda w, e: max((w.turn_of(n) for n in who_f(w, e)), default=0)


def _events_in_scope(w, scope):
    if scope in (None, "ever"):
        return w.events
    return [ev for ev in w.events if ev.get("round") == w.round]


def i_ever(node, p, kw):
    pat_f, scope_f = p

    def f(w, e):
        scope = scope_f(w, e) if scope_f else None
        if scope not in (None, *EVENT_SCOPES):
            raise _err(
                node, f"unknown event scope {scope!r}; one of {', '.join(sorted(EVENT_SCOPES))}"
            )
        pat = pat_f(w, e)
        return any(pat.matches(ev) for ev in _events_in_scope(w, scope))

    return f


def i_first_time(node, p, kw):
    (pat_f,) = p

    def f(w, e):
        pat = pat_f(w, e)
        hits = [ev for ev in w.events if pat.matches(ev)]
        return len(hits) == 1 and hits[0].get("round") == w.round

    return f


def i_is_phase(node, p, kw):
    (s_f,) = p
    return lambda w, e: w.phase == s_f(w, e)


def _sum_over(method):
    def impl(node, p, kw):
        (who_f,) = p
        return lambda w, e: sum(getattr(w, method)(n) for n in who_f(w, e))

    return impl


def i_param(node, p, kw):
    (s_f,) = p

    def f(w, e):
        key = s_f(w, e)
        if key not in w.params:
            raise _err(node, f"scenario parameter {key!r} is not set")
        return w.params[key]

    return f


def i_capital_held(node, p, kw):
    (n_f,) = p
    by_f = kw.get("by")

    def f(w, e):
        nation = _one(node, n_f(w, e))
        capital = w.nations[nation].capital if nation in w.nations else None
        if capital is None:
            return False
        holders = by_f(w, e) if by_f else {nation}
        return w.owner(capital) in holders

    return f


def i_has_tech(node, p, kw):
    """``has_tech(N, name)``: N has developed technology ``name`` (Global War §7.8; T 3-1
    "Technological Superiority")."""
    n_f, t_f = p

    def f(w, e):
        nation = _one(node, n_f(w, e))
        name = t_f(w, e)
        known = getattr(w, "technologies", None)
        if known is not None and name not in known:
            raise _err(node, f"unknown technology {name!r}" + _suggest(name, known))
        fn = getattr(w, "has_tech", None)
        return bool(fn(nation, name)) if fn is not None else False

    return f


def i_value(node, p, kw):
    (z_f,) = p
    return lambda w, e: sum(w.zones[z].value for z in z_f(w, e) if z in w.zones)


def i_min(node, p, kw):
    return lambda w, e: min(f(w, e) for f in p)


def i_max(node, p, kw):
    return lambda w, e: max(f(w, e) for f in p)


def i_sz(node, p, kw):
    def f(w, e):
        out = set()
        for g in p:
            v = g(w, e)
            if isinstance(v, tuple) and v and v[0] == "range":
                out |= _sea_range(w, v[1], v[2])
            else:
                out |= _sea_range(w, v, v)
        return Zones(out)

    return f


def i_original(node, p, kw):
    (who_f,) = p

    def f(w, e):
        who = who_f(w, e)
        return Zones(z for z in w.zones if w.original(z) in who)

    return f


def i_region(node, p, kw):
    (s_f,) = p

    def f(w, e):
        name = s_f(w, e)
        if name not in w.regions:
            raise _err(node, f"unknown region {name!r}" + _suggest(name, w.regions))
        return Zones(w.regions[name])

    return f


def i_owned_by(node, p, kw):
    (who_f,) = p

    def f(w, e):
        who = who_f(w, e)
        return Zones(z for z in w.zones if w.owner(z) in who)

    return f


def i_neutrals(node, p, kw):
    (s_f,) = p

    def f(w, e):
        align = s_f(w, e) if s_f else "any"
        out = set()
        for z in w.zones:
            orig = w.original(z)
            nation = w.nations.get(orig) if orig else None
            if nation is None or nation.kind != "neutral":
                continue
            original_alignment = w.zones[z].props.get("alignment") or nation.props.get("alignment")
            if align == "any" or original_alignment == align:
                out.add(z)
        return Zones(out)

    return f


def i_victory_cities(node, p, kw):
    board_f = kw.get("board")

    def f(w, e):
        zones = {z.id for z in w.zones.values() if "victory_city" in z.flags}
        if board_f is not None:
            zones &= w.regions.get(board_f(w, e), frozenset())
        return Zones(zones)

    return f


def i_capitals(node, p, kw):
    return lambda w, e: Zones(n.capital for n in w.nations.values() if n.capital is not None)


def _kind_filter(kinds):
    def impl(node, p, kw):
        (z_f,) = p
        return lambda w, e: Zones(z for z in z_f(w, e) if z in w.zones and w.zones[z].kind in kinds)

    return impl


def i_adjacent(node, p, kw):
    (z_f,) = p

    def f(w, e):
        zones = z_f(w, e)
        out = set()
        for z in zones:
            out.update(w.adjacent(z))
        return Zones(out - zones)

    return f


def i_home(node, p, kw):
    (n_f,) = p

    def f(w, e):
        nation = _one(node, n_f(w, e))
        return Zones(w.nations[nation].home_zones) if nation in w.nations else Zones()

    return f


def _alliance_members(w, nation):
    return {m for members in w.alliances.values() if nation in members for m in members}


def i_allies_of(node, p, kw):
    (n_f,) = p

    def f(w, e):
        nation = _one(node, n_f(w, e))
        return Nations(_alliance_members(w, nation) - {nation})

    return f


def i_enemies_of(node, p, kw):
    (n_f,) = p

    def f(w, e):
        nation = _one(node, n_f(w, e))
        return Nations(n for n in w.nations if n != nation and w.relation(nation, n) == "war")

    return f


def i_enemies_side(node, p, kw):
    (n_f,) = p

    def f(w, e):
        nation = _one(node, n_f(w, e))
        mine = _alliance_members(w, nation)
        others = set().union(*w.alliances.values()) if w.alliances else set()
        return Nations(others - mine)

    return f


def i_alliance(node, p, kw):
    (s_f,) = p

    def f(w, e):
        name = s_f(w, e)
        for key, members in w.alliances.items():
            if key.casefold() == str(name).casefold():
                return Nations(members)
        raise _err(node, f"unknown alliance {name!r}")

    return f


def i_type(node, p, kw):
    return lambda w, e: _union_filters([f(w, e) for f in p]) if p else UnitFilter(frozenset())


def _event(type_, fields):
    def impl(node, p, kw):
        def f(w, e):
            values = {}
            for name, g in zip(fields, p, strict=True):
                values[name] = frozenset(g(w, e))
            if "by" in kw:
                values["by"] = frozenset(kw["by"](w, e))
            return EventPattern(type_, **values)

        return f

    return impl


def _date_index(w) -> int:
    d = getattr(w, "date_index", None)
    if d is None:
        sc = getattr(w, "scenario", None)
        d = calendar_month(getattr(sc, "start", ""), getattr(sc, "calendar", "year"), w.round)
    return d


def i_date(node, p, kw):
    return lambda w, e: _date_index(w)


def i_year(node, p, kw):
    return lambda w, e: _date_index(w) // 12


def i_month(node, p, kw):
    return lambda w, e: _date_index(w) % 12 + 1


def i_is_neutral(node, p, kw):
    """seeds/000 §4.6: a power is neutral until it is at war with a Major Power."""
    (n_f,) = p

    def f(w, e):
        nation = _one(node, n_f(w, e))
        return not any(
            m.kind == "major" and m.id != nation and w.relation(nation, m.id) == "war"
            for m in w.nations.values()
        )

    return f


def i_triggered(node, p, kw):
    (s_f,) = p

    def f(w, e):
        name = s_f(w, e)
        return any(ev.get("type") == "trigger" and ev.get("name") == name for ev in w.events)

    return f


def i_surrendered(node, p, kw):
    (n_f,) = p

    def f(w, e):
        nation = _one(node, n_f(w, e))
        return any(
            ev.get("type") == "surrendered" and ev.get("against") == nation for ev in w.events
        )

    return f


_IMPLS: dict[str, Callable] = {
    "controls": i_controls,
    "all": i_all,
    "any": i_any,
    "count": i_count,
    "at_war": i_at_war,
    "relation": i_relation,
    "none": i_none,
    "units": i_units,
    "alignment": i_alignment,
    "round": i_round,
    "turn": i_turn,
    "ever": i_ever,
    "first_time": i_first_time,
    "is_phase": i_is_phase,
    "income": _sum_over("income"),
    "bank": _sum_over("bank"),
    "vp": _sum_over("victory_points"),
    "tokens": _sum_over("victory_points"),
    "param": i_param,
    "capital_held": i_capital_held,
    "has_tech": i_has_tech,
    "value": i_value,
    "min": i_min,
    "date": i_date,
    "year": i_year,
    "month": i_month,
    "is_neutral": i_is_neutral,
    "triggered": i_triggered,
    "relation_type": i_relation_type,
    "facilities": i_facilities,
    "surrendered": i_surrendered,
    "max": i_max,
    "sz": i_sz,
    "original": i_original,
    "region": i_region,
    "board": i_region,
    "owned_by": i_owned_by,
    "controlled_by": i_owned_by,
    "neutrals": i_neutrals,
    "victory_cities": i_victory_cities,
    "capitals": i_capitals,
    "land": _kind_filter(("land",)),
    "sea": _kind_filter(("sea",)),
    "adjacent": i_adjacent,
    "home": i_home,
    "allies_of": i_allies_of,
    "enemies_of": i_enemies_of,
    "enemies_side": i_enemies_side,
    "alliance": i_alliance,
    "type": i_type,
    "attacked": _event("attacked", ("by", "zones")),
    "declared_war": _event("declared_war", ("by", "against")),
    "captured": _event("captured", ("by", "zones")),
    "liberated": _event("liberated", ("zones",)),
    "controlled": _event("captured", ("by", "zones")),
}
assert set(_IMPLS) == set(SIGNATURES)
