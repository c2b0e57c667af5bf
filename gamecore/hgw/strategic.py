"""Campaign Game II's strategic bombing (seeds/001 STRATEGIC BOMBING; the strategic
warfare phase of the Player Turn Sequence, 2.a).

- Bomber, bomber escort and air defence SPs (the items ``bomber``, ``escort``,
  ``air_def`` of ``hgw_tech``: bombers and escorts prohibited until researched, air defence
  buildable at once, STRATEGIC BOMBING 1) are built in the production phase
  (``hgw_build_air``) onto the side's strength point marker in a friendly, supplied
  production hex of its home country: the state part ``air``, hex -> :class:`Air`.
- In his strategic warfare phase a side raids (``hgw_bomb``: path = (the marker's hex,),
  zone = the target) any enemy hex with production within ``hgw_bomber_range`` [its bomber
  tech level] hexes of the marker (3-11, 2): the marker's escorts and the target's air
  defence fire at one another (6), the surviving air defence fires at the bombers (3), the
  surviving bombers fire at the industry (4): the hits are PP devastated, the target's
  first, then (the attacker's choice, default policy) the enemy hexes in range with the
  most PP. Each marker raids once a turn; Soviet and Allied bombers never raid each
  other (7: they are never at war). Fire over ten points is in groups of ten with
  ``hgw_fire_groups``.
- A raid with ``profile = "morale"`` on an enemy morale country's capital lowers its
  morale by the hits instead (5; :mod:`gamecore.hgw.morale`).
- Not done: moving or ferrying the markers (they stay where they were built), missiles,
  atomic bombs. Morale raids (5) are :mod:`gamecore.hgw.morale`'s."""

from __future__ import annotations

from typing import NamedTuple

from gamecore.engine.actions import Action
from gamecore.geometry.hexgrid import hex_distance
from gamecore.hgw.morale import morale, morale_targets, shift
from gamecore.hgw.options import hgw_option, opt
from gamecore.hgw.production import build_zones, production_legal
from gamecore.hgw.research import unit_cost
from gamecore.hgw.sequence import fire
from gamecore.hgw.state import HgwState
from gamecore.hgw.supply import supplied
from gamecore.hgw.world import pp

END = Action.end_phase()

#: the strategic air SP types (items of ``hgw_tech``)
BOMBER, ESCORT, AIR_DEF = "bomber", "escort", "air_def"
AIR_TYPES = (BOMBER, ESCORT, AIR_DEF)

OPTIONS = (
    hgw_option(
        "hgw_bomber_range",
        "list",
        [],
        "hexes a bomber reaches at bomber tech level 0, 1, ... (STRATEGIC BOMBING 2: 3-11); "
        "[] no strategic bombing",
    ),
)


class Air(NamedTuple):
    """A side's strategic air marker in a hex: its bomber, escort and air defence SPs and
    the round it last raided (a raid a turn)."""

    nation: str
    bomber: int = 0
    escort: int = 0
    air_def: int = 0
    raided: int = 0


def _cell(s: HgwState, z: int):
    rc = s.pack.map.zones[z].props.get("hex") if z in s.pack.map.zones else None
    return tuple(rc[:2]) if isinstance(rc, (list, tuple)) and len(rc) >= 2 else None


def bomber_range(s: HgwState, nation: str) -> int:
    levels = opt(s, "hgw_bomber_range")
    rec = s.tech.get(nation, {}).get(BOMBER) if s.tech else None
    if not levels or rec is None:
        return 0
    return int(levels[min(rec.level, len(levels) - 1)])


def reaches(s: HgwState, z: int, t: int, nation: str) -> bool:
    """Whether bombers in ``z`` reach hex ``t`` (STRATEGIC BOMBING 2)."""
    reach = bomber_range(s, nation)
    a, b = _cell(s, z), _cell(s, t)
    return reach > 0 and a is not None and b is not None and hex_distance(a, b) <= reach


def in_range(s: HgwState, z: int, nation: str) -> list[int]:
    """The enemy hexes with undevastated production within bomber range of ``z``."""
    reach = bomber_range(s, nation)
    here = _cell(s, z)
    if reach <= 0 or here is None:
        return []
    out = []
    for t, o in sorted(s.owner.items()):
        if o is None or o == nation or not s.at_war(o, nation) or pp(s, t) < 1:
            continue
        c = _cell(s, t)
        if c is not None and hex_distance(here, c) <= reach:
            out.append(t)
    return out


# -- the strategic warfare phase -------------------------------------------------------------
def strategic_legal(s: HgwState) -> list[Action]:
    """2.a Strategic Bombing: a raid of each marker with bombers that has not raided."""
    n = s.current_nation
    out = []
    for z, a in sorted(s.air.items()):
        if a.nation == n and a.bomber > 0 and a.raided != s.round:
            out += [Action("hgw_bomb", path=(z,), zone=t) for t in in_range(s, z, n)]
            out += [
                Action("hgw_bomb", path=(z,), zone=t, profile="morale")
                for t in sorted(morale_targets(s, n))
                if reaches(s, z, t, n)
            ]
    return [*out, END]


def bomb_error(s: HgwState, a: Action) -> str | None:
    if s.phase != "strategic":
        return "raids are flown in the strategic warfare phase"
    if len(a.path) != 1:
        return "a raid names the bombers' hex (path) and the target (zone)"
    air = s.air.get(a.path[0])
    n = s.current_nation
    if air is None or air.nation != n or air.bomber < 1:
        return "no bombers of the side there"
    if air.raided == s.round:
        return "those bombers have raided this turn"
    if a.profile == "morale":
        if a.zone not in morale_targets(s, n) or not reaches(s, a.path[0], a.zone, n):
            return "not an enemy capital within bomber range (Morale Attacks 1)"
    elif a.profile:
        return 'a raid aims at industry (profile "") or morale ("morale")'
    elif a.zone not in in_range(s, a.path[0], n):
        return "not an enemy production hex within bomber range"
    return None


def apply_bomb(s: HgwState, a: Action) -> None:
    """STRATEGIC BOMBING 3, 4, 6: escorts against air defence, air defence against the
    bombers, the bombers against the industry."""
    (z,) = a.path
    t = a.zone
    n = s.current_nation
    air = s.air[z]
    dfn = s.air.get(t)
    defence = dfn.air_def if dfn is not None and dfn.nation != n else 0
    escort, bombers = air.escort, air.bomber
    dice: dict[str, list[int]] = {}
    if escort and defence:
        on_def, dice["escort"] = fire(s, escort)
        on_esc, dice["escort_defence"] = fire(s, defence)
        defence, escort = max(0, defence - on_def), max(0, escort - on_esc)
    lost = 0
    if defence:
        lost, dice["defence"] = fire(s, defence)
        lost = min(lost, bombers)
        bombers -= lost
    hits = 0
    if bombers:
        hits, dice["bombers"] = fire(s, bombers)
    if a.profile == "morale":  # Morale Attacks 2: the hits are morale lost
        done: dict[int, int] = {}
        shift(s, morale_targets(s, n)[t], -hits, f"morale raid by {n}")
    else:
        done = devastate(s, n, z, t, hits)
    airs = dict(s.air)
    airs[z] = air._replace(bomber=bombers, escort=escort, raided=s.round)
    if dfn is not None and dfn.nation != n:
        airs[t] = dfn._replace(air_def=defence)
    s.air = {k: v for k, v in airs.items() if v.bomber or v.escort or v.air_def}
    s.event(
        "hgw_bomb",
        nation=n,
        zone=t,
        base=z,
        bombers=air.bomber,
        escort=air.escort,
        defence=dfn.air_def if dfn is not None and dfn.nation != n else 0,
        dice=dice,
        bombers_lost=lost,
        hits=hits,
        devastated=done,
        **({"target": "morale"} if a.profile == "morale" else {}),
    )


def devastate(s: HgwState, n: str, z: int, t: int, hits: int) -> dict[int, int]:
    """The raid's hits as devastated PP: the target's first, then the enemy hexes in range
    with the most PP (STRATEGIC BOMBING 4: the attacker decides; default policy)."""
    done: dict[int, int] = {}
    order = [t] + sorted((x for x in in_range(s, z, n) if x != t), key=lambda x: (-pp(s, x), x))
    for x in order:
        if hits <= 0:
            break
        k = min(hits, pp(s, x))
        if k:
            s.devastate(x, k)
            done[x] = k
            hits -= k
    return done


# -- building in the production phase --------------------------------------------------------
def air_build_legal(s: HgwState) -> list[Action]:
    n = s.current_nation
    bank = s.banks.get(n, 0)
    items = s.tech.get(n, {}) if s.tech else {}
    out = []
    full = supplied(s, n, True)
    for t in AIR_TYPES:
        cost = unit_cost(s, n, t) if t in items else None
        if cost is None or cost > bank:
            continue
        for z in build_zones(s, n):
            if z in full and (z not in s.air or s.air[z].nation == n):
                out.append(Action("hgw_build_air", type=t, zone=z, count=1))
    return out


def with_air_builds(s: HgwState) -> list[Action]:
    """The production phase's actions and, where the side may build them, its strategic
    air SPs (before the phase's end)."""
    base = production_legal(s)
    return [*base[:-1], *air_build_legal(s), base[-1]]


def build_air_error(s: HgwState, a: Action) -> str | None:
    n = s.current_nation
    if s.phase != "production":
        return "not in the production phase"
    items = s.tech.get(n, {}) if s.tech else {}
    if a.type not in AIR_TYPES or a.type not in items:
        return "no strategic air SPs of that type in this game"
    cost = unit_cost(s, n, a.type, a.count)
    if cost is None:
        return f"no {a.type} SPs at the side's tech level (Item Cost 3)"
    if a.count < 1 or cost > s.banks.get(n, 0):
        return "not enough PP"
    if a.zone not in build_zones(s, n) or a.zone not in supplied(s, n, True):
        return "a friendly, supplied production hex of the side's home country"
    if a.zone in s.air and s.air[a.zone].nation != n:
        return "another side's marker is there"
    return None


def apply_build_air(s: HgwState, a: Action) -> None:
    n = s.current_nation
    s.banks[n] -= unit_cost(s, n, a.type, a.count) or 0
    cur = s.air.get(a.zone) or Air(n)
    s.air = {**s.air, a.zone: cur._replace(**{a.type: getattr(cur, a.type) + a.count})}
    s.event("hgw_build", nation=n, zone=a.zone, type=a.type, count=a.count, army=0)


# -- the bot's strategic decisions -----------------------------------------------------------
def bot_strategic(s: HgwState) -> Action:
    """Raid with every marker that can: the target in range whose production is largest
    for the air defence it has (the lost bombers cost more than a point or two)."""
    raids = [a for a in s.legal_actions() if a.kind == "hgw_bomb"]
    if not raids:
        return END
    # a morale raid where the enemy country's morale is already within reach of its first
    # penalty step (NATIONAL MORALE 6): the bombers' expected hits take it there
    first = max((int(at) for at, _ in opt(s, "hgw_morale").get("penalty") or ()), default=None)
    for a in raids:
        if a.profile == "morale" and first is not None:
            c = morale_targets(s, s.current_nation)[a.zone]
            if morale(s, c) - s.air[a.path[0]].bomber // 3 <= first:
                return a
    raids = [a for a in raids if not a.profile] or raids

    def worth(a: Action) -> tuple:
        d = s.air.get(a.zone)
        dfn = d.air_def if d is not None and d.nation != s.current_nation else 0
        return (pp(s, a.zone) - dfn, -a.zone)

    return max(raids, key=worth)


def bot_air_build(s: HgwState) -> Action | None:
    """Build a bomber where the side may and has fewer than one bomber for every ten
    SPs of its own (the raids pay while the enemy has no air defence to speak of), in the
    production hex nearest the enemy; air defence where a marker's hex was raided."""
    n = s.current_nation
    builds = air_build_legal(s)
    if not builds:
        return None
    bombers = sum(v.bomber for v in s.air.values() if v.nation == n)
    sps = sum(1 for u in s.units.values() if u.nation == n)
    mine = [a for a in builds if a.type == BOMBER]
    if mine and bombers * 10 < sps:
        return max(mine, key=lambda a: (len(in_range(s, a.zone, n)), -a.zone))
    return None


def check_strategic(checker, opts: dict) -> None:
    """The shape of ``hgw_bomber_range`` (one line, never a traceback)."""
    rng = opts["hgw_bomber_range"]
    if not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 99 for x in rng):
        checker.fail("options.hgw_bomber_range", "must be hexes (0-99) by bomber tech level")
