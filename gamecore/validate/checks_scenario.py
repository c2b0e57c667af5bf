"""Scenario checks (SCN…): each scenario against its ruleset and the map."""

from __future__ import annotations

import difflib
from collections import defaultdict

from gamecore.errors import ConditionError
from gamecore.ops.scenario import SetBank, SetIncomeOverride, SetTurnOrder
from gamecore.validate.registry import Fix, check


@check("SCN001", "error", "scenario", "ruleset cannot be loaded", scenario=True)
def ruleset_loads(ctx):
    if ctx.ruleset is None:
        yield ctx.issue(
            "SCN001",
            f"scenario {ctx.scenario.id}: ruleset {ctx.scenario.ruleset!r} "
            f"cannot be used: {ctx.ruleset_error}",
        )


@check("SCN002", "error", "scenario", "unknown unit type", scenario=True)
def unknown_units(ctx):
    rs = ctx.ruleset
    if rs is None:
        return
    bad = defaultdict(set)
    for st in ctx.scenario.units:
        if st.unit_type not in rs.units:
            bad[st.unit_type].add(st.zone)
    for unit, zones in sorted(bad.items()):
        yield ctx.issue(
            "SCN002",
            f"unit type {unit!r} is not in ruleset {ctx.scenario.ruleset} "
            f"(placed in {len(zones)} zone(s))" + _did_you_mean(unit, rs.units),
            zones=sorted(z for z in zones if z in ctx.map.zones),
        )


def _did_you_mean(word, options):
    import difflib

    close = difflib.get_close_matches(word, list(options), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


@check("SCN003", "error", "scenario", "units in the wrong domain", scenario=True)
def unit_domains(ctx):
    rs = ctx.ruleset
    if rs is None:
        return
    zones = ctx.map.zones
    sc = ctx.scenario
    per_zone = defaultdict(list)
    for st in sc.units:
        if st.zone in zones and st.unit_type in rs.units:
            per_zone[st.zone].append(st)
    for zid, stacks in sorted(per_zone.items()):
        kind = zones[zid].kind
        if kind == "land":
            for st in stacks:
                if rs.units[st.unit_type].domain == "sea":
                    yield ctx.issue(
                        "SCN003",
                        f"{st.count} {st.nation} {st.unit_type} (naval) "
                        f"placed on land in {ctx.zone_desc(zid)}",
                        zones=[zid],
                    )
        elif kind in ("sea", "lake"):
            yield from _cargo_fits(ctx, zid, stacks, rs)
        elif kind == "impassable":
            yield ctx.issue(
                "SCN003", f"units placed in impassable {ctx.zone_desc(zid)}", zones=[zid]
            )


def _cargo_fits(ctx, zid, stacks, rs):
    sc = ctx.scenario
    side = defaultdict(lambda: {"land": 0, "land_cap": 0, "air": 0, "air_cap": 0})
    for st in stacks:
        u = rs.units[st.unit_type]
        key = sc.alliance_of(st.nation) or st.nation
        s = side[key]
        if u.domain == "land":
            if not u.transport_cost:
                yield ctx.issue(
                    "SCN003",
                    f"{st.nation} {st.unit_type} cannot be carried by sea "
                    f"but is placed in {ctx.zone_desc(zid)}",
                    zones=[zid],
                )
            s["land"] += u.transport_cost * st.count
        elif u.domain == "air":
            if not u.carrier_cost:
                yield ctx.issue(
                    "SCN003",
                    f"{st.nation} {st.unit_type} cannot land on a carrier "
                    f"but is placed in {ctx.zone_desc(zid)}",
                    zones=[zid],
                )
            s["air"] += u.carrier_cost * st.count
        elif u.domain == "sea":
            s["land_cap"] += u.transport_capacity * st.count
            s["air_cap"] += u.carrier_capacity * st.count
    for key, s in sorted(side.items()):
        if s["land"] > s["land_cap"]:
            yield ctx.issue(
                "SCN003",
                f"{key}: land units in {ctx.zone_desc(zid)} need "
                f"{s['land']} transport space, transports there carry {s['land_cap']}",
                zones=[zid],
            )
        if s["air"] > s["air_cap"]:
            yield ctx.issue(
                "SCN003",
                f"{key}: aircraft in {ctx.zone_desc(zid)} need {s['air']} "
                f"carrier space, carriers there hold {s['air_cap']}",
                zones=[zid],
            )


@check("SCN004", "error", "scenario", "set-up refers to missing zones or nations", scenario=True)
def dangling_setup(ctx):
    sc, zones, nations = ctx.scenario, ctx.map.zones, ctx.pack.nations
    for st in sc.units:
        if st.zone not in zones:
            yield ctx.issue(
                "SCN004",
                f"{st.count} {st.unit_type} of {st.nation} placed in zone "
                f"id {st.zone}, which does not exist",
            )
        if st.nation not in nations:
            yield ctx.issue(
                "SCN004",
                f"units of unknown nation {st.nation!r} in {ctx.zone_desc(st.zone)}",
                zones=[st.zone] if st.zone in zones else [],
            )
        if st.count <= 0:
            yield ctx.issue(
                "SCN004",
                f"a stack of {st.count} {st.unit_type} in {ctx.zone_desc(st.zone)}",
                zones=[st.zone] if st.zone in zones else [],
            )
    for zid, o in sc.ownership.items():
        if zid not in zones:
            yield ctx.issue("SCN004", f"ownership given for zone id {zid}, which does not exist")
            continue
        for who in (o.owner, o.original):
            if who is not None and who not in nations:
                yield ctx.issue(
                    "SCN004",
                    f"{ctx.zone_desc(zid)} is owned by unknown nation {who!r}",
                    zones=[zid],
                )
        if zones[zid].kind in ("sea", "lake") and o.owner:
            yield ctx.issue(
                "SCN004",
                f"sea {ctx.zone_desc(zid)} has an owner ({o.owner}); sea zones are not owned",
                severity="warning",
                zones=[zid],
            )
    for al in sc.alliances.values():
        for m in al.members:
            if m not in nations:
                yield ctx.issue("SCN004", f"alliance {al.id} lists unknown nation {m!r}")
    for key in sc.relations:
        for n in key:
            if n not in nations:
                yield ctx.issue("SCN004", f"a relation names unknown nation {n!r}")


def _playable(ctx):
    return [n for n in ctx.pack.nations.values() if n.playable and n.kind != "neutral"]


@check("SCN005", "warning", "scenario", "capital missing or not held", scenario=True)
def capitals(ctx):
    sc = ctx.scenario
    for n in _playable(ctx):
        if n.kind != "major":
            continue
        if n.capital is None:
            yield ctx.issue("SCN005", f"{n.name} ({n.id}) has no capital")
        elif n.capital not in ctx.map.zones:
            yield ctx.issue(
                "SCN005",
                f"{n.name}'s capital is zone id {n.capital}, which does not exist",
                severity="error",
            )
        elif sc.owner_of(n.capital) != n.id:
            owner = sc.owner_of(n.capital) or "nobody"
            yield ctx.issue(
                "SCN005",
                f"{n.name}'s capital {ctx.zone_desc(n.capital)} is held by {owner} at the start",
                zones=[n.capital],
            )


@check("SCN006", "warning", "scenario", "relation missing between rival nations", scenario=True)
def relations(ctx):
    sc = ctx.scenario
    players = sorted(n.id for n in _playable(ctx))
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            al_a, al_b = sc.alliance_of(a), sc.alliance_of(b)
            if sc.relation(a, b) is None and al_a != al_b:
                yield ctx.issue(
                    "SCN006",
                    f"no relation between {a} and {b} (different alliances: "
                    f"{al_a or 'none'} and {al_b or 'none'}); it defaults to peace",
                )


@check("SCN007", "error", "scenario", "turn order does not cover the nations", scenario=True)
def turn_order(ctx):
    sc = ctx.scenario
    sid = sc.id
    seen = defaultdict(int)
    for slot in sc.turn_order:
        if not slot:
            yield ctx.issue(
                "SCN007",
                "the turn order has an empty slot",
                fix=_turn_order_fix("Remove the empty slots", sid, lambda n, first: True),
            )
        for n in slot:
            seen[n] += 1
    for n, count in sorted(seen.items()):
        if n not in ctx.pack.nations:
            yield ctx.issue(
                "SCN007",
                f"the turn order names unknown nation {n!r}",
                fix=_turn_order_fix(
                    f"Remove {n} from the turn order", sid, lambda m, first, n=n: m != n
                ),
            )
        elif count > 1:
            yield ctx.issue(
                "SCN007",
                f"{n} moves {count} times a round in the turn order",
                fix=_turn_order_fix(
                    f"Keep only the first turn of {n}",
                    sid,
                    lambda m, first, n=n: m != n or first,
                ),
            )
    for n in _playable(ctx):
        if n.id not in seen:
            yield ctx.issue(
                "SCN007",
                f"playable nation {n.name} ({n.id}) is missing from the turn order",
                fix=_turn_order_fix(
                    f"Add {n.id} to the end of the turn order", sid, lambda m, first: True, n.id
                ),
            )


def _turn_order_fix(label: str, sid: str, keep, append: str | None = None) -> Fix:
    """A Fix rewriting scenario ``sid``'s turn order from the pack it is applied to:
    nations ``keep(nation, first_time_seen)`` stay, empty slots go, ``append`` gets a
    slot of its own at the end."""

    def make(pack):
        seen: set[str] = set()
        slots = []
        for slot in pack.scenarios[sid].turn_order:
            kept = []
            for n in slot:
                if keep(n, n not in seen) and n not in kept:
                    kept.append(n)
                seen.add(n)
            if kept:
                slots.append(kept)
        if append is not None and append not in seen:
            slots.append([append])
        return SetTurnOrder(sid, slots)

    return Fix(label, make)


@check("SCN008", "warning", "scenario", "income differs from the owned zones", scenario=True)
def income(ctx):
    sc = ctx.scenario
    computed = defaultdict(int)
    for zid, o in sc.ownership.items():
        if o.owner and zid in ctx.map.zones:
            computed[o.owner] += ctx.map.zones[zid].value
    for nation, value in sorted(sc.income_overrides.items()):
        if value != computed[nation]:
            yield ctx.issue(
                "SCN008",
                f"{nation}: income is set to {value}, but its zones are worth {computed[nation]}",
                fix=Fix(
                    "Use the owned zones' worth (remove the override)",
                    lambda pack, sid=sc.id, n=nation: SetIncomeOverride(sid, n, None),
                ),
            )


@check(
    "SCN009",
    "error",
    "scenario",
    "objective does not parse or names unknown things",
    scenario=True,
    # conditions name zones by code or name; the world's adjacency comes from shapes
    reads=("zone.name", "zone.code", "zone.kind", "zone.geometry"),
)
def objectives_compile(ctx):
    from gamecore.conditions import check_objective

    for obj in ctx.scenario.objectives.values():
        for err in check_objective(obj, ctx.world):
            yield ctx.issue(
                "SCN009", f"objective {obj.id} ({obj.name}): {err}", refs={"objectives": [obj.id]}
            )
        if obj.owner and not _owner_known(ctx, obj.owner):
            yield ctx.issue(
                "SCN009",
                f"objective {obj.id}: owner {obj.owner!r} is no nation or alliance",
                refs={"objectives": [obj.id]},
            )


def _owner_known(ctx, owner: str) -> bool:
    parts = [p.strip() for p in owner.replace("|", ",").split(",")]
    alliances = {a.casefold() for a in ctx.scenario.alliances}
    return all(p in ctx.pack.nations or p.casefold() in alliances for p in parts if p)


@check("SCN010", "info", "scenario", "objective already true or never reachable", scenario=True)
def objectives_at_start(ctx):
    from gamecore.conditions import compile_objective, evaluate_objective

    sc = ctx.scenario
    for obj in sc.objectives.values():
        try:
            compiled = compile_objective(obj, ctx.world)
            now = evaluate_objective(compiled, ctx.world).satisfied
        except ConditionError:
            continue  # reported by SCN009
        if now and obj.kind == "victory":
            yield ctx.issue(
                "SCN010",
                f"victory condition {obj.id} ({obj.name}) is already met at the start",
                refs={"objectives": [obj.id]},
            )
        elif now and obj.once:
            yield ctx.issue(
                "SCN010",
                f"one-time objective {obj.id} ({obj.name}) is already met at the start",
                refs={"objectives": [obj.id]},
            )
        elif (
            not now
            and obj.owner
            and obj.kind != "event"  # an event's owner is whose turn it runs in
            and _static(obj)
            and not _reachable(ctx, compiled, obj)
        ):
            yield ctx.issue(
                "SCN010",
                f"objective {obj.id} ({obj.name}) stays false even if its "
                f"side owned every land zone, at war or at peace: can it ever be met?",
                refs={"objectives": [obj.id]},
            )


_DYNAMIC_WORDS = (
    "ever(",
    "first_time(",
    "units(",
    "none(",
    "income(",
    "bank(",
    "round(",
    "turn(",
    "vp(",
    "tokens(",
    "alignment(",
    "is_phase(",
    "param(",
    # the calendar and politics (gamecore.rules.politics)
    "date(",
    "year(",
    "month(",
    "triggered(",
    "surrendered(",
    "is_neutral(",
)


def _static(obj) -> bool:
    """Only ownership and relations can be varied by the reachability heuristic."""
    return not any(word in obj.condition for word in _DYNAMIC_WORDS)


def _reachable(ctx, compiled, obj) -> bool:
    """Heuristic: the objective holds in some best case: the owner's side owns all land,
    with the start's relations, with everyone at war, or with everyone at peace."""
    from gamecore.conditions import ScenarioWorld, evaluate_objective

    sc = ctx.scenario
    owner = obj.owner.split("|")[0].split(",")[0].strip()
    al = next(
        (
            a
            for a in sc.alliances.values()
            if a.id.casefold() == owner.casefold() or owner in a.members
        ),
        None,
    )
    holder = owner if owner in ctx.pack.nations else (al.members[0] if al and al.members else None)
    if holder is None:
        return True
    for relation in (None, "war", "peace"):
        w = ScenarioWorld(ctx.pack, sc, ctx.ruleset, ctx.adjacency)
        for zid, z in ctx.map.zones.items():
            if z.kind == "land":
                w.set_owner(zid, holder)
        if relation:
            ids = list(ctx.pack.nations)
            for i, a in enumerate(ids):
                for b in ids[i + 1 :]:
                    if sc.alliance_of(a) != sc.alliance_of(b) or sc.alliance_of(a) is None:
                        w.set_relation(a, b, relation)
        try:
            if evaluate_objective(compiled, w).satisfied:
                return True
        except ConditionError:
            return True
    return False


@check("SCN011", "error", "scenario", "negative bank", scenario=True)
def banks(ctx):
    for nation, amount in sorted(ctx.scenario.banks.items()):
        if amount < 0 and nation in ctx.pack.nations:
            yield ctx.issue(
                "SCN011",
                f"{nation} starts with a negative bank ({amount})",
                fix=Fix(
                    "Start with an empty bank",
                    lambda pack, sid=ctx.scenario.id, n=nation: SetBank(sid, n, 0),
                ),
            )
        elif amount < 0:
            yield ctx.issue("SCN011", f"{nation} starts with a negative bank ({amount})")
        if nation not in ctx.pack.nations:
            yield ctx.issue("SCN011", f"a bank is given for unknown nation {nation!r}")


@check("SCN012", "error", "scenario", "enemies share a zone at the start", scenario=True)
def enemies_together(ctx):
    """rules-notes/004 §5.22: no zone holds units of two nations at war at the start."""
    sc = ctx.scenario
    by_zone: dict[int, set[str]] = defaultdict(set)
    for st in sc.units:
        if st.count > 0:
            by_zone[st.zone].add(st.nation)
    for zid, nations in sorted(by_zone.items()):
        ordered = sorted(nations)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 :]:
                rel = sc.relation(a, b)
                if rel is not None and rel.status == "war":
                    yield ctx.issue(
                        "SCN012",
                        f"{ctx.zone_desc(zid)} holds units of {a} and {b}, "
                        "who are at war, at the start",
                        zones=[zid] if zid in ctx.map.zones else [],
                    )


@check(
    "SCN013", "warning", "scenario", "units on another nation's neutral territory", scenario=True
)
def units_on_neutrals(ctx):
    """rules-notes/004 §5.21: no units on neutral territory but its own standing army."""
    sc = ctx.scenario
    for st in sc.units:
        owner = sc.owner_of(st.zone)
        nation = ctx.pack.nations.get(owner) if owner else None
        if nation is not None and nation.kind == "neutral" and st.nation != owner:
            yield ctx.issue(
                "SCN013",
                f"{st.count} {st.nation} {st.unit_type} stand on neutral "
                f"{ctx.zone_desc(st.zone)} ({owner})",
                zones=[st.zone],
            )


@check("SCN020", "error", "scenario", "technology head starts not in the ruleset", scenario=True)
def technology_head_starts(ctx):
    """Global War §7.7: "some nations begin with markers on the chart": the scenario's
    ``props.technologies = {nation: {technology: stages}}`` must name the ruleset's
    technologies, nations of the pack and stages the chart has."""
    rs = ctx.ruleset
    raw = ctx.scenario.props.get("technologies")
    if rs is None or raw is None:
        return
    if not isinstance(raw, dict):
        yield ctx.issue("SCN020", "props.technologies must map nations to {technology: stage}")
        return
    techs = getattr(rs, "technologies", {}) or {}
    for nation, prog in sorted(raw.items()):
        if nation not in ctx.pack.nations:
            yield ctx.issue("SCN020", f"technology head start for unknown nation {nation!r}")
        if not isinstance(prog, dict):
            yield ctx.issue(
                "SCN020", f"props.technologies.{nation} must map technologies to stages"
            )
            continue
        for tid, st in sorted(prog.items()):
            t = techs.get(tid)
            if t is None:
                yield ctx.issue(
                    "SCN020",
                    f"{nation}: no technology {tid!r} in ruleset {ctx.scenario.ruleset}"
                    + _did_you_mean(tid, techs),
                )
            elif isinstance(st, bool) or not isinstance(st, int) or not 0 <= st <= t.stages:
                yield ctx.issue("SCN020", f"{nation}: {tid} stage {st!r} is not in 0..{t.stages}")


#: effects that name a map link (gamecore/rules/politics.py::set_link) and the link kinds
#: they act on
LINK_EFFECTS = ("open_link", "close_link")
SWITCHABLE_LINKS = ("strait", "canal")


@check("SCN014", "error", "scenario", "event opens or closes a link the map lacks", scenario=True)
def link_effects(ctx):
    """seeds/000 §1.15 (a canal or strait closed, e.g. by treaty, and opened again): an
    ``open_link(name)`` / ``close_link(name)`` effect names a strait or canal link of the map
    (any case); in play an unknown name does nothing but log ``effect_ignored``."""
    from gamecore.conditions import parse_effects
    from gamecore.conditions.evaluator import Compiler
    from gamecore.conditions.parser import Call

    links = sorted(ctx.map.links.values(), key=lambda lk: lk.id)
    switchable = {(lk.name or "").casefold() for lk in links if lk.kind in SWITCHABLE_LINKS}
    others = {(lk.name or "").casefold(): lk for lk in links if lk.kind not in SWITCHABLE_LINKS}
    names = sorted({lk.name for lk in links if lk.name and lk.kind in SWITCHABLE_LINKS})
    compiler = None
    for obj in sorted(ctx.scenario.objectives.values(), key=lambda o: o.id):
        if not obj.effect or not any(w in obj.effect for w in LINK_EFFECTS):
            continue
        try:
            nodes = parse_effects(obj.effect)
        except ConditionError:
            continue  # SCN009 reports it
        for node in nodes:
            if not isinstance(node, Call) or node.fn not in LINK_EFFECTS or not node.args:
                continue
            compiler = compiler or Compiler(ctx.world)
            try:
                name = str(compiler.compile(node.args[0], "sym", set())(ctx.world, {}))
            except (ConditionError, KeyError, TypeError):
                continue  # SCN009 reports it
            key = name.casefold()
            if key in switchable:
                continue
            if key in others:
                what = f"a {others[key].kind} link, which cannot be opened or closed"
            else:
                close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
                what = "no link of the map" + (f" (did you mean {close[0]!r}?)" if close else "")
            yield ctx.issue(
                "SCN014",
                f"{obj.kind} {obj.id} ({obj.name}): {node.fn}({name}) names {what}; "
                f"straits and canals: {_some(names)}",
                refs={"objectives": [obj.id]},
            )


def _some(names: list[str], most: int = 8) -> str:
    if not names:
        return "none"
    more = f", … ({len(names) - most} more)" if len(names) > most else ""
    return ", ".join(names[:most]) + more


#: calls whose argument names a region of the map (looked up only when they are evaluated)
REGION_CALLS = ("region", "board")


def _region_names(node) -> list:
    """The literal region names of ``region(...)`` / ``board(...)`` calls under ``node``."""
    from dataclasses import fields, is_dataclass

    from gamecore.conditions.parser import Call, Name, Str

    out = []
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, (list, tuple)):
            todo.extend(n)
            continue
        if not is_dataclass(n):
            continue
        if isinstance(n, Call) and n.fn in REGION_CALLS and n.args:
            arg = n.args[0]
            if isinstance(arg, Name):
                out.append(arg.text)
            elif isinstance(arg, Str):
                out.append(arg.value)
        todo.extend(getattr(n, f.name) for f in fields(n))
    return out


@check(
    "SCN015",
    "error",
    "scenario",
    "war gate or objective names a region the map lacks",
    scenario=True,
    reads=("zone.region",),
)
def missing_regions(ctx):
    """A ``region(R)`` / ``board(R)`` is looked up only when the condition is evaluated, so
    SCN009 cannot see an unknown R, and in play the condition is then false: a war gate
    (``check: war_gate``, seeds/004 THE POLITICAL SITUATION as resources/conditions/
    3g40_politics.txt) on a map without R silently never opens (e.g. the USA's gate names
    the region north_america). The issue names the gate and the region."""
    from gamecore.conditions import parse_expression

    regions = ctx.world.regions
    for obj in sorted(ctx.scenario.objectives.values(), key=lambda o: o.id):
        if "region(" not in obj.condition and "board(" not in obj.condition:
            continue
        try:
            node = parse_expression(obj.condition)
        except ConditionError:
            continue  # SCN009 reports it
        for name in sorted(set(_region_names(node)) - set(regions)):
            what = "war gate" if obj.props.get("check") == "war_gate" else "objective"
            yield ctx.issue(
                "SCN015",
                f"{what} {obj.id} ({obj.name}) names region {name!r}, which this map lacks: "
                + (
                    f"in play the gate is never open ({obj.owner} may declare war on none "
                    "of the nations it allows)"
                    if what == "war gate"
                    else "its condition can never hold"
                ),
                refs={"objectives": [obj.id]},
            )
