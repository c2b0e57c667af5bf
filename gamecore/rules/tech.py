"""Technologies: research rolls and what completed technologies change.

Sources: seeds/000 §7.6 (one research die per undamaged, possessed Major Factory; each
technology rolled once per turn; no research beyond Stage II before July 1939), §7.7
(T 7-2: a D12 roll of at least the stage's number completes the stage; nations may start
with progress; the Commonwealth and the two halves of the USA share one chart), §7.8 (the
sixteen technologies and their effects), rules-notes/000 §3.4 and §6.1, §6.7.

Technologies are ruleset data (``[technologies.<id>]``, :class:`~gamecore.engine.ruleset.
Technology`): a list of stage targets, the unit types a completed technology unlocks, and
effects of a few kinds the engine reads here (unit stats, facility production and stats,
costs, income dice; convoy modifiers for the convoy rules). The state keeps each
research track's progress (``GameState.techs``: track -> {technology: stages done}) and
who rolled what this round (``GameState.research``).

Options (ruleset or scenario): ``technologies`` (research offered at all), ``research_cost``
(IPP per die), ``research_die``, ``research_cap`` / ``research_cap_until`` (the stage cap
before a date), ``research_by`` ("major" or "any"), ``tech_tracks`` (nation -> the nation
whose chart it shares), ``tech_units_home_only`` (units a technology unlocks are placed in
the Home Country only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamecore.engine.actions import Action
from gamecore.engine.options import OptionSpec
from gamecore.errors import RulesError
from gamecore.model.calendar import MONTHS_PER_ROUND, calendar_month
from gamecore.model.calendar import parse_date as _month_index

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.actions import Action
    from gamecore.engine.ruleset import FacilityType, UnitType
    from gamecore.engine.state import GameState

#: months per round by scenario calendar
#: months per round by scenario calendar: the one table of the calendar (politics)
CALENDAR_MONTHS = MONTHS_PER_ROUND


# ---------------------------------------------------------------------- dates
def parse_date(text: str) -> tuple[int, int] | None:
    """``"1939-07"`` -> (1939, 7); ``"1939"`` -> (1939, 1); anything else None (the
    calendar's own parser, :func:`gamecore.rules.politics.parse_date`)."""
    i = _month_index(text)
    return None if i is None else (i // 12, i % 12 + 1)


def game_date(s: GameState) -> tuple[int, int] | None:
    """The date of the current round: the scenario's start plus one calendar step per
    round (seeds/000 §6.1: Global War turns are six months). None if the scenario has no
    start date."""
    if _month_index(s.scenario.start) is None:
        return None
    i = calendar_month(s.scenario.start, s.scenario.calendar, s.round)
    return i // 12, i % 12 + 1


# ---------------------------------------------------------------------- progress
def track_of(s: GameState, n: str) -> str:
    """The research chart ``n`` uses (seeds/000 §2.3: the Commonwealth's entities share
    one marker, as do the two halves of the USA): option ``tech_tracks``."""
    tracks = s.rules.options.get("tech_tracks") or {}
    return tracks.get(n, n)


def stage(s: GameState, n: str, tech: str) -> int:
    """Stages of ``tech`` that ``n``'s chart has completed."""
    prog = s.techs.get(track_of(s, n))
    return prog.get(tech, 0) if prog else 0


def has_tech(s: GameState, n: str, tech: str) -> bool:
    """``n`` has developed ``tech`` (every stage complete)."""
    if not s.techs:
        return False
    prog = s.techs.get(track_of(s, n))
    if not prog:
        return False
    t = s.rules.technologies.get(tech)
    return t is not None and prog.get(tech, 0) >= t.stages


def developed(s: GameState, n: str) -> list[str]:
    """The technologies ``n`` has developed, in ruleset order."""
    return [t for t in s.rules.technologies if has_tech(s, n, t)]


def initial_techs(s: GameState) -> dict[str, dict[str, int]]:
    """Head starts (seeds/000 §7.7 "some nations begin with markers on the chart"): the
    scenario's ``props.technologies = {nation: {technology: stages}}``."""
    raw = s.scenario.props.get("technologies") or {}
    if not isinstance(raw, dict):
        raise RulesError("scenario props.technologies: must map nations to {technology: stage}")
    techs = s.rules.technologies
    out: dict[str, dict[str, int]] = {}
    for n, prog in sorted(raw.items()):
        if not isinstance(prog, dict):
            raise RulesError(f"scenario props.technologies.{n}: must map technologies to stages")
        for tid, st in prog.items():
            t = techs.get(tid)
            if t is None:
                known = ", ".join(techs) or "none"
                raise RulesError(
                    f"scenario props.technologies.{n}: no technology '{tid}' ({known})"
                )
            if isinstance(st, bool) or not isinstance(st, int) or not 0 <= st <= t.stages:
                raise RulesError(
                    f"scenario props.technologies.{n}.{tid}: stage must be 0..{t.stages}"
                )
            if st:
                out.setdefault(n, {})[tid] = st
    # a nation sharing another's chart keeps its progress there
    merged: dict[str, dict[str, int]] = {}
    for n, prog in out.items():
        tr = merged.setdefault(track_of(s, n), {})
        for tid, st in prog.items():
            tr[tid] = max(st, tr.get(tid, 0))
    return merged


def start(s: GameState) -> None:
    """A new game's technology state: empty rolls, the scenario's head starts (and their
    awards), and the set-up's unit substitutions (option ``setup_substitutes``: seeds/000
    §15.9, every fighter of a 1936 or 1939 set-up is an Early War Fighter)."""
    s.research = {}
    s.techs = {}
    s.techs = initial_techs(s)
    for tr, prog in s.techs.items():
        for tid, st in prog.items():
            if st >= s.rules.technologies[tid].stages:
                award(s, tr, tid)
    subst = s.rules.options.get("setup_substitutes") or {}
    if subst:
        for uid, u in list(s.units.items()):
            new = subst.get(u.type)
            if new:
                s.units[uid] = u._replace(type=new)


# ---------------------------------------------------------------------- research
def may_research(s: GameState, n: str) -> bool:
    """Research is on and ``n`` may research (seeds/000 §4.5: a controlled minor may not;
    option ``research_by``: "major" (default) or "any")."""
    opts = s.rules.options
    if not opts.get("technologies") or not s.rules.technologies:
        return False
    if opts["research_by"] == "major":
        return s.board.nation_kind.get(n) == "major"
    return True


def research_dice(s: GameState, n: str) -> int:
    """Research dice of ``n`` this turn (seeds/000 §7.6): one per undamaged facility ``n``
    possesses whose type has ``props.research_die`` (the Major Factory). A factory
    repaired this turn counts at once."""
    count = 0
    fts = s.rules.facility_types
    for f in s.facilities.values():
        if f.damage or s.owner.get(f.zone) != n:
            continue
        ft = fts.get(f.type)
        if ft is None:
            continue
        d = ft.props.get("research_die", 0)
        count += int(d) if isinstance(d, int) else 0
    return count


def rolled(s: GameState, n: str) -> tuple[str, ...]:
    """Technologies ``n`` rolled for this round."""
    rnd, techs = s.research.get(n, (0, ()))
    return techs if rnd == s.round else ()


def rolled_on_track(s: GameState, n: str) -> set[str]:
    """Technologies rolled for this round on ``n``'s chart by any nation sharing it
    (seeds/000 §2.3: the shared chart shares the per-turn limit too)."""
    tr = track_of(s, n)
    out: set[str] = set()
    for m, (rnd, techs) in s.research.items():
        if rnd == s.round and track_of(s, m) == tr:
            out.update(techs)
    return out


def stage_cap(s: GameState) -> int | None:
    """The highest stage research may reach now (seeds/000 §7.6: "You cannot research
    beyond stage II before July 1939"): options ``research_cap`` before
    ``research_cap_until``; None: no cap (no date, or past it)."""
    opts = s.rules.options
    until = parse_date(str(opts.get("research_cap_until") or ""))
    if until is None:
        return None
    now = game_date(s)
    if now is None or now >= until:
        return None
    return int(opts["research_cap"])


def research_actions(s: GameState) -> list[Action]:
    """Technologies the current nation may roll for now (one die each)."""

    n = s.current_nation
    if not may_research(s, n):
        return []
    opts = s.rules.options
    done = rolled(s, n)
    if research_dice(s, n) - len(done) <= 0:
        return []
    if int(opts["research_cost"]) > s.spendable(n):  # free money: earmarks buy units
        return []
    cap = stage_cap(s)
    once = opts["research_once_per_turn"]
    taken = rolled_on_track(s, n) if once else set()
    prog = s.techs.get(track_of(s, n), {})
    out = []
    for t in s.rules.technologies.values():
        st = prog.get(t.id, 0)
        if st >= t.stages or (cap is not None and st >= cap) or t.id in taken:
            continue
        out.append(Action.research(t.id))
    return out


def apply_research(s: GameState, a: Action) -> bool:
    """Roll one research die for ``a.type`` (seeds/000 §7.7: success on a roll of at least
    the stage's number completes that stage). Returns whether the roll succeeded."""
    n = s.current_nation
    t = s.rules.technologies.get(a.type)
    if t is None:
        raise RulesError(f"no technology '{a.type}'")
    tr = track_of(s, n)
    prog = dict(s.techs.get(tr, {}))
    st = prog.get(t.id, 0)
    if st >= t.stages:
        raise RulesError(f"{n} has developed {t.id} already")
    opts = s.rules.options
    cost = int(opts["research_cost"])
    if cost > s.spendable(n):
        raise RulesError(f"{n} cannot afford a research die ({cost} IPP)")
    s.pay(n, cost)
    s.research[n] = (s.round, (*rolled(s, n), t.id))
    roll = s.rng.roll(int(opts["research_die"]))
    target = t.targets[st]
    ok = roll >= target
    if ok:
        prog[t.id] = st + 1
        s.techs[tr] = prog  # replaced, never changed in place (clones share it)
        s.bump()
    s.event(
        "research",
        nation=n,
        tech=t.id,
        roll=roll,
        target=target,
        success=ok,
        stage=prog.get(t.id, 0),
        cost=cost,
    )
    if ok and st + 1 == t.stages:
        s.event("tech_developed", nation=n, tech=t.id, track=tr)
        s.remember("tech_developed", tech=t.id, track=tr)
        award(s, tr, t.id)
    return ok


def award(s: GameState, track: str, tech: str) -> None:
    """Mark ``tech`` developed for every nation on chart ``track`` in ``GameState.awards``
    as ``tech:<nation>:<tech>`` (what rules outside this module test, e.g. the convoy
    rules' technology modifiers)."""
    for m in (*s.board.nations, track):
        if track_of(s, m) == track:
            s.awards.add(f"tech:{m}:{tech}")


# ---------------------------------------------------------------------- effects
def unlocked(s: GameState, n: str, unit_type: str) -> bool:
    """``n`` may buy ``unit_type``: no technology unlocks it, or ``n`` has one that does
    (seeds/000 §7.8)."""
    need = s.rules.unit_techs.get(unit_type)
    if not need:
        return True
    return any(has_tech(s, n, t) for t in need)


def unit_bonus(s: GameState, n: str, ut: UnitType, stat: str) -> int:
    """What ``n``'s technologies add to ``stat`` of its units of type ``ut`` (seeds/000
    §7.8 Long Range Aircraft: movement; Radar: interception). Existing units benefit too:
    the engine asks whenever it reads the stat."""
    if not s.techs:
        return 0
    effs = s.rules.tech_effects.get("unit_stat")
    if not effs:
        return 0
    total = 0
    for tid, e in effs:
        if e.stat != stat:
            continue
        v = e.add.get(ut.id, e.add.get(ut.domain, 0))
        if v and has_tech(s, n, tid):
            total += v
    return total


def facility_value(s: GameState, n: str | None, ft: FacilityType, stat: str) -> int:
    """``stat`` of facility type ``ft`` for its owner ``n`` (seeds/000 §7.8 Improved
    Factories and Improved Construction: production; Radar: scramble). A captured improved
    factory helps the captor only if the captor has the technology: the owner's
    technologies count, not the builder's."""
    base = getattr(ft, stat)
    if not s.techs or n is None:
        return base
    kind = "production" if stat == "production" else "facility_stat"
    for tid, e in s.rules.tech_effects.get(kind, ()):
        if kind == "facility_stat" and e.stat != stat:
            continue
        v = e.set.get(ft.id)
        if v is not None and v > base and has_tech(s, n, tid):
            base = v
    return base


def cycle_delta(s: GameState, n: str, typ: str) -> int:
    """Change to each production cycle's price of ``typ`` for ``n`` (seeds/000 §7.8
    Improved Construction: facilities and ships -1 IPP per cycle): for rules that charge
    ``props.cost_schedule`` one instalment at a time."""
    if not s.techs:
        return 0
    effs = s.rules.tech_effects.get("cost")
    if not effs:
        return 0
    rules = s.rules
    if typ in rules.units:
        dom = rules.units[typ].domain
    elif typ in rules.facility_types:
        dom = "facility"
    else:
        return 0
    return sum(e.per_stage for tid, e in effs if dom in e.domains and has_tech(s, n, tid))


def cost_delta(s: GameState, n: str, typ: str) -> int:
    """Change to the whole price of ``typ`` for ``n``: :func:`cycle_delta` for each entry
    of ``props.cost_schedule`` (one cycle if it has none)."""
    d = cycle_delta(s, n, typ)
    if not d:
        return 0
    rules = s.rules
    item = rules.units.get(typ) or rules.facility_types.get(typ)
    sched = item.props.get("cost_schedule") if item is not None else None
    return d * (len(sched) if isinstance(sched, list) and sched else 1)


def price(s: GameState, n: str, typ: str, base: int) -> int:
    """``base`` price changed by the technologies, never below 1 for something that costs."""
    if base <= 0:
        return base
    return max(1, base + cost_delta(s, n, typ))


def income_bonus(s: GameState, n: str) -> int:
    """Extra income of ``n``'s technologies at collect income (seeds/000 §7.8 Wartime
    Economy: 2D6 more IPP while at war with a Major Power; base income unchanged). On a
    shared chart only the chart's own nation rolls (the Commonwealth divides it: not
    modelled)."""
    if not s.techs:
        return 0
    effs = s.rules.tech_effects.get("income")
    if not effs or track_of(s, n) != n:
        return 0
    total = 0
    kinds = s.board.nation_kind
    for tid, e in effs:
        if not has_tech(s, n, tid) or e.dice is None:
            continue
        enemies = [m for m in s.enemies(n) if kinds.get(m) != "neutral"]
        if e.at_war_with == "major":
            enemies = [m for m in enemies if kinds.get(m) == "major"]
        if not enemies:
            continue
        d = e.dice
        amount = max(0, sum(s.rng.roll(d.sides) for _ in range(d.n)) + d.plus)
        s.event("tech_income", nation=n, tech=tid, amount=amount)
        total += amount
    return total


def collect_income(s: GameState, n: str) -> int:
    """Add :func:`income_bonus` to ``n``'s bank and income after its Collect Income."""
    extra = income_bonus(s, n)
    if extra:
        s.banks[n] = s.banks.get(n, 0) + extra
        s.income[n] = s.income.get(n, 0) + extra
    return extra


def convoy_bonus(s: GameState, n: str) -> int:
    """What ``n``'s technologies add to its convoys' escort rolls (seeds/000 §7.8 Advanced
    ASW +1, Radar +2): for the convoy raiding rules."""
    if not s.techs:
        return 0
    return sum(e.value for tid, e in s.rules.tech_effects.get("convoy", ()) if has_tech(s, n, tid))


def available(s: GameState, n: str, typ: str) -> bool:
    """``typ`` is available to ``n`` now (seeds/000 §7.2 Availability Dates: unit
    ``props.available_from = "1939-07"``, or a table by nation with ``"*"`` for the rest).
    Without a scenario date everything is available."""
    when = s.rules.unit_dates.get(typ)
    if when is None:
        return True
    if isinstance(when, dict):
        when = when.get(n, when.get("*"))
    until = parse_date(when) if isinstance(when, str) else None
    now = game_date(s)
    return until is None or now is None or now >= until


def may_buy(s: GameState, typ: str) -> bool:
    """The current nation may buy ``typ`` as far as technologies and dates go."""
    n = s.current_nation
    return (typ not in s.rules.unit_techs or unlocked(s, n, typ)) and available(s, n, typ)


def filter_actions(s: GameState, acts: list[Action]) -> list[Action]:
    """Purchase and place actions without the technology units the current nation may not
    buy yet (§7.8) or units not available yet (§7.2), nor placements of technology units
    outside its Home Country (§7.8, §11.1)."""
    techs = s.rules.unit_techs
    dates = s.rules.unit_dates
    if not techs and not dates:
        return acts
    n = s.current_nation
    out = []
    home: set[int] | None = None
    for a in acts:
        if a.kind == "buy" and a.type in dates and not available(s, n, a.type):
            continue
        if a.type in techs:
            if a.kind == "buy" and not unlocked(s, n, a.type):
                continue
            if a.kind == "place" and home_only(s, a.type):
                if home is None:
                    home = _home_sites(s, n)
                if a.zone not in home:
                    continue
        out.append(a)
    return out


def _home_sites(s: GameState, n: str) -> set[int]:
    """Zones where ``n`` may place a technology unit: its Home Country, and the sea zones
    next to its factories there."""
    from gamecore.rules.economy import factories

    home = home_zones(s, n)
    out = set(home)
    for f in factories(s, n):
        if f.zone in home:
            out.update(s.board.coast.get(f.zone, ()))
    return out


def home_zones(s: GameState, n: str) -> set[int]:
    """``n``'s Home Country (:func:`gamecore.rules.economy.home_country`)."""
    from gamecore.rules.economy import home_country

    return set(home_country(s, n))


def home_only(s: GameState, typ: str) -> bool:
    """Units a technology unlocks are built in the Home Country only (seeds/000 §7.8,
    §11.1 "Advanced Technology"): option ``tech_units_home_only``."""
    return bool(s.rules.unit_techs.get(typ)) and bool(s.rules.options["tech_units_home_only"])


def developed_by_nation(s: GameState) -> dict[str, list[str]]:
    """Nation -> the technologies it has developed, for game summaries (only nations with
    some)."""
    if not s.techs:
        return {}
    nations = [n for slot in s.board.turn_slots for n in slot]
    return {n: d for n in nations if (d := developed(s, n))}


def summary(s: GameState) -> dict[str, Any]:
    """Every chart's progress, for reports: track -> {technology: stage}."""
    return {tr: dict(sorted(p.items())) for tr, p in sorted(s.techs.items()) if p}


__all__ = [
    "CALENDAR_MONTHS",
    "apply_research",
    "available",
    "award",
    "convoy_bonus",
    "collect_income",
    "cost_delta",
    "cycle_delta",
    "developed",
    "developed_by_nation",
    "facility_value",
    "filter_actions",
    "game_date",
    "has_tech",
    "home_only",
    "home_zones",
    "income_bonus",
    "initial_techs",
    "may_buy",
    "may_research",
    "parse_date",
    "price",
    "research_actions",
    "research_dice",
    "stage",
    "stage_cap",
    "start",
    "summary",
    "track_of",
    "unit_bonus",
    "unlocked",
]


# ---------------------------------------------------------------------- options
#: the options this module reads (declared for the rule system: typed, checked at load)
OPTIONS = (
    OptionSpec(
        "technologies",
        "bool",
        False,
        doc="research rolls offered in the purchase phase",
        owner="gamecore.rules.tech",
    ),
    OptionSpec(
        "research_cost",
        "int",
        0,
        doc="IPP per research die (Global War prints none: rules-notes/000 §6.7)",
        owner="gamecore.rules.tech",
    ),
    OptionSpec(
        "research_die",
        "int",
        12,
        doc="a research roll succeeds at >= the stage's number on this die",
        owner="gamecore.rules.tech",
    ),
    OptionSpec(
        "research_once_per_turn",
        "bool",
        True,
        doc="each technology rolled at most once per round",
        owner="gamecore.rules.tech",
    ),
    OptionSpec(
        "research_cap",
        "int",
        2,
        doc="highest stage before research_cap_until",
        owner="gamecore.rules.tech",
    ),
    OptionSpec(
        "research_cap_until",
        "date",
        "",
        doc="'1939-07': the cap applies before this date ('': never)",
        owner="gamecore.rules.tech",
    ),
    OptionSpec(
        "research_by",
        "str",
        "major",
        choices=("major", "any"),
        doc="'major' | 'any': who may research",
        owner="gamecore.rules.tech",
    ),
    OptionSpec(
        "tech_tracks",
        "table",
        {},
        doc="nation -> nation whose chart it shares (Commonwealth, USA)",
        owner="gamecore.rules.tech",
    ),
    OptionSpec(
        "tech_units_home_only",
        "bool",
        True,
        doc="units a technology unlocks are placed in the Home Country",
        owner="gamecore.rules.tech",
    ),
    OptionSpec(
        "setup_substitutes",
        "table",
        {},
        doc="unit type -> unit type the set-up places instead (GW §15.9)",
        owner="gamecore.rules.tech",
    ),
)
