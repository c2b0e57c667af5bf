"""Campaign Game II's research and technology (seeds/001 RESEARCH AND TECHNOLOGY: Item
Cost, Research, Research Special Cases, RESEARCH RESULTS, EFFICIENCY TABLE).

- ``hgw_tech``: ``{"items": {item: [cost at tech level 0, 1, ...]}, "start": {nation:
  {item: level}}}``; a cost of 0 is a prohibited level (the table's "P"). An item listed
  there is built at its side's current cost (Item Cost 1-3), kept in half points (the
  Record Sheet's "blank squares ... for fractions"); a build of several pays the rounded-up
  sum. With ``{}`` (every scenario before Campaign Game II) the ruleset's unit costs hold.
- The research phase (after production, with what is left of the budget): ``hgw_research``
  (type: item, count: 1 or 2 PP) moves the item's marker that many spaces, at most 2 PP an
  item a turn (1 for the Soviets until they and the Axis have attacked one another, Special
  Case 1; 1 for an item cheaper than both other sides', Special Case 2), never beyond
  space 5 (Research 9); ``hgw_resolve`` (type) rolls for it: the letter under the space
  (``hgw_research["results"]``: AUTHORED, the printed track is lost) is A (the next tech
  level), B (one PP less, half a PP when the next level is only one away, nothing when
  less; an A when another side has the item cheaper, Special Case 3, not at a prohibited
  level, Special Case 4) or C (no change; a second die on the Efficiency Table moves the
  marker back); after A or B the marker returns to the start. Research not resolved keeps
  its marker (Research 8). What is left of the budget is then lost.
- The record is the state part ``tech``: nation -> item -> :class:`Tech`."""

from __future__ import annotations

from typing import Any, NamedTuple

from gamecore.engine.actions import Action
from gamecore.hgw.options import hgw_option, opt
from gamecore.hgw.state import HgwState

END = Action.end_phase()

#: seeds/001 EFFICIENCY TABLE: die -> spaces the marker moves back (6: to the start)
EFFICIENCY = {1: 0, 2: 1, 3: 2, 4: 2, 5: 3, 6: 5}
#: Research 9: "An item can never be advanced beyond step 5, Research Complete"
LAST_SPACE = 5

OPTIONS = (
    hgw_option(
        "hgw_tech",
        "table",
        {},
        '{"items": {item: [PP at tech level 0, 1, ...; 0 prohibited]}, "start": {nation: '
        "{item: level}}}: costs by tech level (RESEARCH AND TECHNOLOGY); {} fixed costs",
    ),
    hgw_option(
        "hgw_research",
        "table",
        {},
        '{"results": {"1".."5": six letters A/B/C, for die 1..6}}: the research track '
        "(RESEARCH RESULTS); {} no research",
    ),
)


class Tech(NamedTuple):
    """A side's record of one item: its tech level, its cost in half PP (0: prohibited),
    its research marker's space (0: the start), PP put in this turn and that turn's round."""

    level: int
    half: int
    space: int = 0
    spent: int = 0
    spent_round: int = 0


def _costs(s: HgwState, item: str) -> list[int]:
    return list(opt(s, "hgw_tech").get("items", {}).get(item, ()))


def init_tech(s: HgwState) -> None:
    """The Start levels of every side (Item Cost 5), at the set-up."""
    tech = opt(s, "hgw_tech")
    if not tech:
        return
    out: dict[str, dict[str, Tech]] = {}
    nations = [n for slot in s.board.turn_slots for n in slot]
    for n in nations:
        start = tech.get("start", {}).get(n, {})
        rec = {}
        for item, costs in sorted(tech.get("items", {}).items()):
            lv = min(int(start.get(item, 0)), len(costs) - 1)
            rec[item] = Tech(lv, round(2 * costs[lv]))
        out[n] = rec
    s.tech = out


def unit_cost(s: HgwState, nation: str, t: str, count: int = 1) -> int | None:
    """PP ``count`` SPs of type ``t`` cost the side now (None: prohibited, Item Cost 3)."""
    rec = s.tech.get(nation, {}).get(t) if s.tech else None
    if rec is None:
        return count * s.rules.units[t].cost
    if rec.half <= 0:
        return None
    return -(-count * rec.half // 2)


def _others_best(s: HgwState, nation: str, item: str) -> list[int]:
    return [
        rec[item].half
        for n, rec in sorted(s.tech.items())
        if n != nation and item in rec and rec[item].half > 0
    ]


def research_cap(s: HgwState, nation: str, item: str) -> int:
    """PP the side may still put into the item this turn (Research 3; Special Cases 1-2)."""
    rec = s.tech.get(nation, {}).get(item)
    if rec is None or rec.space >= LAST_SPACE:
        return 0
    cap = 2
    sov, axis = opt(s, "hgw_soviet"), opt(s, "hgw_axis")
    if nation == sov and not s.at_war(sov, axis):
        cap = 1  # Special Case 1: until the two have attacked one another
    others = _others_best(s, nation, item)
    if rec.half > 0 and others and all(rec.half < h for h in others):
        cap = 1  # Special Case 2: cheaper than both others
    done = rec.spent if rec.spent_round == s.round else 0
    return max(0, min(cap - done, LAST_SPACE - rec.space))


def research_legal(s: HgwState) -> list[Action]:
    n = s.current_nation
    bank = s.banks.get(n, 0)
    out = []
    for item, rec in sorted((s.tech.get(n) or {}).items()):
        cap = min(research_cap(s, n, item), bank)
        for k in range(1, cap + 1):
            out.append(Action("hgw_research", type=item, count=k))
        if rec.space:
            out.append(Action("hgw_resolve", type=item))
    return [*out, END]


def research_error(s: HgwState, a: Action) -> str | None:
    n = s.current_nation
    if s.phase != "research":
        return "research is done in the research phase"
    if not opt(s, "hgw_research") or a.type not in (s.tech.get(n) or {}):
        return "no research on that item"
    if a.kind == "hgw_resolve":
        return None if s.tech[n][a.type].space else "its marker is at the start"
    cap = research_cap(s, n, a.type)
    if not isinstance(a.count, int) or not 1 <= a.count <= cap:
        return f"1..{cap} PP on that item this turn (Research 3, Special Cases 1-2)"
    if a.count > s.banks.get(n, 0):
        return "not enough PP left"
    return None


def apply_research(s: HgwState, a: Action) -> None:
    n = s.current_nation
    rec = s.tech[n][a.type]
    done = rec.spent if rec.spent_round == s.round else 0
    rec = rec._replace(space=rec.space + a.count, spent=done + a.count, spent_round=s.round)
    s.banks[n] = s.banks.get(n, 0) - a.count
    _put(s, n, a.type, rec)
    s.event("hgw_research", nation=n, item=a.type, pp=a.count, space=rec.space)


def _put(s: HgwState, n: str, item: str, rec: Tech) -> None:
    s.tech = {**s.tech, n: {**s.tech[n], item: rec}}


def letter(s: HgwState, space: int, die: int) -> str:
    row = str(opt(s, "hgw_research").get("results", {}).get(str(space), "CCCCCC"))
    return row[die - 1]


def apply_resolve(s: HgwState, a: Action) -> None:
    n, item = s.current_nation, a.type
    rec = s.tech[n][item]
    costs = _costs(s, item)
    die = s.rng.roll(6)
    res = letter(s, rec.space, die)
    prohibited = rec.half <= 0
    nxt = round(2 * costs[rec.level + 1]) if rec.level + 1 < len(costs) else None
    got = res
    if res == "B" and not prohibited and any(h < rec.half for h in _others_best(s, n, item)):
        got = "A"  # Special Case 3 (not at prohibited levels: Special Case 4)
    info: dict[str, Any] = {}
    if got == "A" and nxt is not None:
        rec = rec._replace(level=rec.level + 1, half=nxt, space=0)
    elif got == "B" and not prohibited and nxt is not None and nxt > 0:
        gap = rec.half - nxt
        rec = rec._replace(half=rec.half - (2 if gap > 2 else 1 if gap == 2 else 0), space=0)
    elif got in ("A", "B"):
        rec = rec._replace(space=0)  # nothing better to reach
    else:
        back = s.rng.roll(6)
        rec = rec._replace(space=max(0, rec.space - EFFICIENCY[back]))
        info["efficiency"] = back
    _put(s, n, item, rec)
    s.event(
        "hgw_resolve",
        nation=n,
        item=item,
        die=die,
        result=res,
        **({"as": got} if got != res else {}),
        level=rec.level,
        cost=rec.half / 2,
        space=rec.space,
        **info,
    )


def research_exit(s: HgwState, nation: str) -> None:
    """What is left of the budget after research is lost (PRODUCTION: use it or lose it)."""
    left = s.banks.get(nation, 0)
    s.banks[nation] = 0
    if left:
        s.event("hgw_unspent", nation=nation, amount=left)


# -- the bot's research decision --------------------------------------------------------------
#: the items the bot researches first (its spearheads, then the bombers of strategic warfare)
BOT_ORDER = ("mech", "bomber", "inf", "air_def", "escort")


def bot_research(s: HgwState) -> Action:
    """Put what is left into the item of :data:`BOT_ORDER` at the lowest tech level (the
    first in the order among equals: mech, then the bombers that open strategic warfare),
    and resolve an item whose marker stands on space 3 or beyond (the better letters lie
    farther on)."""
    legal = s.legal_actions()
    for a in legal:
        if a.kind == "hgw_resolve" and s.tech[s.current_nation][a.type].space >= 3:
            return a
    order = {t: i for i, t in enumerate(BOT_ORDER)}
    puts = [a for a in legal if a.kind == "hgw_research"]
    if puts:
        rec = s.tech[s.current_nation]
        return min(puts, key=lambda a: (rec[a.type].level, order.get(a.type, 99), a.type, -a.count))
    return END


# -- checks ----------------------------------------------------------------------------------
def check_research(checker, opts: dict) -> None:
    """The shapes of the research options (one line each, never a traceback)."""
    fail = checker.fail
    tech = opts["hgw_tech"]
    items = tech.get("items", {}) if isinstance(tech, dict) else None
    if tech and not isinstance(items, dict):
        fail("options.hgw_tech.items", "must be a table of item -> [costs by level]")
        items = {}
    for item, costs in (items or {}).items():
        if not (
            isinstance(costs, list)
            and costs
            and all(
                isinstance(c, (int, float))
                and not isinstance(c, bool)
                and 0 <= c <= 99
                and float(2 * c).is_integer()
                for c in costs
            )
        ):
            fail(
                f"options.hgw_tech.items.{item}",
                "must be PP by tech level, whole or halves (0 prohibited)",
            )
    start = tech.get("start", {}) if isinstance(tech, dict) else {}
    if not isinstance(start, dict):
        fail("options.hgw_tech.start", "must be a table nation -> {item: level}")
        start = {}
    for n, levels in start.items():
        if not isinstance(levels, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in levels.values()
        ):
            fail(f"options.hgw_tech.start.{n}", "must be a table item -> tech level (0 or more)")
    res = opts["hgw_research"]
    rows = res.get("results", {}) if isinstance(res, dict) else None
    if res and not isinstance(rows, dict):
        fail("options.hgw_research.results", 'must be a table "1".."5" -> six letters')
        rows = {}
    for k, row in (rows or {}).items():
        if k not in {str(i) for i in range(1, LAST_SPACE + 1)} or not (
            isinstance(row, str) and len(row) == 6 and set(row) <= set("ABC")
        ):
            fail(f"options.hgw_research.results.{k}", "must be six letters A, B or C")
