"""Convoy raiding on convoy lines (option ``convoy_mode = "raid"``): Global War's opposed-roll
mechanism, beside the g40 ``convoy_disruption`` of :mod:`gamecore.rules.economy`.

Sources: seeds/000 §1.6 and §9.11 (open and closed lines, raiders move then raid, opposed
D6 per raider, the difference is lost at once, most IPP at stake first, intersections,
per-line and nation cap per calendar turn, escorts), T 9-7 (sequence: announce in combat
move; opposed rolls; escort defensive fire), T 9-8 (raider and convoy modifiers), §9.12
(optional surface raiders, move >= 3, never where escorts are), §15.7 (advanced escort);
rules-notes/000 §4.5 and the choices of §6.24 written down in global_war.toml.

Data: ``Line(kind="convoy")`` of the map (path, start/end zones, per-nation ``values``);
raider modifiers are unit ``props.raid_modifier``; the convoy side's are options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.engine.options import OptionSpec
from gamecore.engine.state import COMBAT, ESCORT, FOUGHT, MINES, MOVED
from gamecore.errors import RulesError

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.board import ConvoyLine
    from gamecore.engine.state import GameState


def enabled(s: GameState) -> bool:
    return s.rules.options.get("convoy_mode") == "raid"


def has_tech(s: GameState, n: str, tech: str) -> bool:
    """Whether ``n`` has technology ``tech``: an ``awards`` entry ``tech:<nation>:<tech>``
    (the hook the technology rules set)."""
    return f"tech:{n}:{tech}" in s.awards


def lines_at(s: GameState, z: int) -> list[ConvoyLine]:
    return [ln for ln in s.board.convoy_lines if z in ln.path]


def line_open(s: GameState, ln: ConvoyLine, n: str) -> bool:
    """§9.11: a line that ends in a land zone possessed by an Enemy (of ``n``, a nation
    with a value on it) is closed for ``n``; a sea-zone end never closes it."""
    for z in ln.ends:
        if s.board.is_land(z):
            o = s.owner.get(z)
            if o is not None and s.at_war(n, o):
                return False
    return True


def at_stake(s: GameState, z: int, raider: str) -> dict[str, dict[int, int]]:
    """IPP each enemy of ``raider`` can still lose on the open lines through sea zone
    ``z`` this calendar turn: nation -> line id -> IPP."""
    out: dict[str, dict[int, int]] = {}
    for ln in lines_at(s, z):
        for n, value in ln.values:
            if not s.at_war(raider, n) or not line_open(s, ln, n):
                continue
            left = value - s.convoy_lost.get((ln.id, n), 0)
            if left > 0:
                out.setdefault(n, {})[ln.id] = left
    return out


def _is_sub(t) -> bool:
    return t.domain == "sea" and t.first_strike and t.submerge


def _escorts(s: GameState, z: int) -> list[int]:
    return [u for u in s.units_in(z) if s.units[u].flags & ESCORT]


def may_lay_mines(s: GameState, uid: int) -> bool:
    """§9.13 [optional]: units with ``props.mine_warfare`` (Submarine, Heavy Cruiser) may
    raid with mines instead: +0, immune to escort fire, allowed where escorts are (our
    choice, rules-notes/000 §6.25)."""
    u = s.units[uid]
    if not s.rules.options.get("convoy_mine_warfare"):
        return False
    if uid in s.raiders or u.on or u.flags & FOUGHT or not s.board.is_sea(u.zone):
        return False
    if not s.rules.units[u.type].props.get("mine_warfare"):
        return False
    return bool(at_stake(s, u.zone, u.nation))


def may_raid(s: GameState, uid: int) -> bool:
    u = s.units[uid]
    if uid in s.raiders or u.on or u.flags & FOUGHT or not s.board.is_sea(u.zone):
        return False
    t = s.rules.units[u.type]
    opts = s.rules.options
    if not _is_sub(t):
        if not opts.get("convoy_surface_raiders") or not t.is_surface_warship or t.attack <= 0:
            return False
        if t.movement < int(opts["convoy_surface_raider_move"]):
            return False
        if any(s.at_war(u.nation, s.units[e].nation) for e in _escorts(s, u.zone)):
            return False  # §9.12 not where enemy ships are on escort duty
    return bool(at_stake(s, u.zone, u.nation))


def may_escort(s: GameState, uid: int) -> bool:
    u = s.units[uid]
    t = s.rules.units[u.type]
    if u.flags & (ESCORT | MOVED) or u.on or not t.is_surface_warship or t.attack <= 0:
        return False  # rules-notes/000 §6.37: a warship has an Attack value
    if u.type in (s.rules.options.get("convoy_escort_excluded") or ()):
        return False  # §15.7 advanced escort
    return s.board.is_sea(u.zone) and bool(lines_at(s, u.zone))


def combat_move_actions(s: GameState) -> list[Action]:
    """Raid and escort announcements of the current nation (T 9-7 step 1, §9.11)."""
    if not enabled(s) or not s.board.convoy_lines:
        return []
    n = s.current_nation
    out = []
    for uid, u in sorted(s.units.items()):
        if u.nation != n or not s.board.is_sea(u.zone):
            continue
        if may_raid(s, uid):
            out.append(Action("raid", units=(uid,), zone=u.zone))
        if may_lay_mines(s, uid):
            out.append(Action("raid", units=(uid,), zone=u.zone, mode="mine"))
        if may_escort(s, uid):
            out.append(Action("escort", units=(uid,), zone=u.zone))
    return out


def apply_raid(s: GameState, a: Action) -> None:
    uid = a.units[0] if a.units else 0
    mines = a.mode == "mine"
    ok = may_lay_mines if mines else may_raid
    if uid not in s.units or s.units[uid].nation != s.current_nation or not ok(s, uid):
        raise RulesError(f"unit {uid} cannot raid a convoy line now")
    u = s.units[uid]
    s.raiders[uid] = u.zone
    flags = u.flags | MOVED | COMBAT | (MINES if mines else 0)
    s.set_unit(uid, moves=0, flags=flags)
    s.event("raid_declared", unit=uid, zone=u.zone, nation=u.nation)


def apply_escort(s: GameState, a: Action) -> None:
    uid = a.units[0] if a.units else 0
    if uid not in s.units or s.units[uid].nation != s.current_nation or not may_escort(s, uid):
        raise RulesError(f"unit {uid} cannot escort here")
    u = s.units[uid]
    # escorts give up their combat movement and stay with the convoy until their next turn
    s.set_unit(uid, moves=0, flags=u.flags | ESCORT)
    s.bump()
    s.event("escort", unit=uid, zone=u.zone, nation=u.nation)


def convoy_modifier(s: GameState, z: int, defender: str) -> int:
    """T 9-8 convoy modifiers: +``convoy_escort_bonus`` per escorting surface warship of
    the defender's friends in the zone, plus ``convoy_tech_bonus`` per technology, plus
    ``convoy_patrol_bonus`` when an aircraft of theirs is on air patrol over the zone."""
    opts = s.rules.options
    mod = 0
    if opts["convoy_patrol_bonus"] and any(
        pz == z and u in s.units and s.friendly(s.units[u].nation, defender)
        for u, pz in s.patrols.items()
    ):
        mod += int(opts["convoy_patrol_bonus"])
    bonus = int(opts["convoy_escort_bonus"])
    for e in _escorts(s, z):
        if s.friendly(s.units[e].nation, defender):
            mod += bonus
    for tech, v in sorted((opts.get("convoy_tech_bonus") or {}).items()):
        if has_tech(s, defender, tech):
            mod += int(v)
    return mod


def raid_modifier(s: GameState, uid: int) -> int:
    if s.units[uid].flags & MINES:
        return int(s.rules.options["convoy_mine_modifier"])
    return int(s.rules.units[s.units[uid].type].props.get("raid_modifier", 0))


def _order(stake: dict[str, dict[int, int]]) -> list[str]:
    return sorted(stake, key=lambda m: (-sum(stake[m].values()), m))


def raid(s: GameState, uid: int) -> dict[str, int]:
    """One raiding unit's opposed roll (T 9-7 step 2); returns the IPP each nation lost."""
    u = s.units[uid]
    z = u.zone
    stake = at_stake(s, z, u.nation)
    if not stake:
        s.event("convoy_raid", unit=uid, zone=z, nation=u.nation, loss=0, reason="nothing")
        return {}
    die = int(s.rules.options["convoy_raid_die"])
    order = _order(stake)
    defender = order[0]
    rr = s.rng.roll(die)
    cr = s.rng.roll(die)
    r = rr + raid_modifier(s, uid)
    c = cr + convoy_modifier(s, z, defender)
    left = max(0, r - c)
    lost: dict[str, int] = {}
    for m in order:  # the one with most at stake first, until its IPP are used up
        lines = sorted(stake[m].items(), key=lambda kv: (-kv[1], kv[0]))
        for lid, rem in lines:  # the defender's split at intersections: biggest line first
            if left <= 0:
                break
            take = min(left, rem)
            s.convoy_lost[(lid, m)] = s.convoy_lost.get((lid, m), 0) + take
            lost[m] = lost.get(m, 0) + take
            left -= take
    for m, amount in sorted(lost.items()):
        s.banks[m] = max(0, s.banks.get(m, 0) - amount)  # paid to the bank
        s.settle_earmarks(m)
    s.event(
        "convoy_raid",
        unit=uid,
        zone=z,
        nation=u.nation,
        defender=defender,
        raider_roll=[rr, r],
        convoy_roll=[cr, c],
        lost=lost,
    )
    return lost


def _defensive_fire(s: GameState, z: int, raiders: list[int]) -> None:
    """T 9-7 step 3: one roll per escort (at its Defense, on the combat die) against the
    raiders of the zone, each hit sinks one (cheapest first); with ``convoy_asw_tech`` each
    raiding submarine also takes a shot at ``convoy_asw_value``. Mines are immune (§9.13)."""
    opts = s.rules.options
    targets = [u for u in raiders if u in s.units and not s.units[u].flags & MINES]
    if not targets:
        return
    targets.sort(key=lambda u: (s.rules.units[s.units[u].type].cost, u))
    n = s.units[targets[0]].nation
    hits = 0
    if opts["convoy_escort_fire"]:
        for e in _escorts(s, z):
            eu = s.units[e]
            if s.at_war(n, eu.nation):
                value = s.rules.units[eu.type].stat("defense", eu.damage > 0)
                if s.rng.roll(s.rules.dice) <= value:
                    hits += 1
    sunk = targets[:hits]
    asw = opts.get("convoy_asw_tech") or ""
    if asw and any(s.at_war(n, m) and has_tech(s, m, asw) for m in s.board.nations):
        value = int(opts["convoy_asw_value"])
        for uid in targets[hits:]:
            if _is_sub(s.rules.units[s.units[uid].type]) and s.rng.roll(s.rules.dice) <= value:
                sunk.append(uid)
    for uid in sunk:
        s.remove_unit(uid, "escort fire")
        s.event("raider_sunk", unit=uid, zone=z)


def resolve_raids(s: GameState) -> frozenset[int]:
    """Every raid declared this combat move, zone by zone, before the battles (a raid
    lasts one round, §9.11); returns the raiders still afloat."""
    raiders = s.raiders
    if not raiders:
        return frozenset()
    s.raiders = {}
    for z in sorted(set(raiders.values())):
        ids = sorted(
            u for u, zz in raiders.items() if zz == z and u in s.units and s.units[u].zone == z
        )
        for uid in ids:
            raid(s, uid)
        _defensive_fire(s, z, ids)
    s.bump()
    return frozenset(u for u in raiders if u in s.units)


def without_escort_battles(
    s: GameState, battles: tuple[tuple[int, str], ...], raiders: frozenset[int]
) -> tuple[tuple[int, str], ...]:
    """§9.11: enemy units may ignore escorts when moving into a sea zone: no sea battle
    where the attacker has only raiders and the defender only ships on escort duty."""
    if not raiders:
        return battles
    out = []
    for z, kind in battles:
        if kind == "" and s.board.is_sea(z):
            here = [s.units[u] for u in s.units_in(z)]
            mine = [u for u in here if u.nation == s.current_nation]
            theirs = [u for u in here if s.at_war(s.current_nation, u.nation)]
            if (
                mine
                and all(u.id in raiders for u in mine)
                and all(u.flags & ESCORT for u in theirs)
            ):
                s.event("escorts_ignored", zone=z)
                continue
        out.append((z, kind))
    return tuple(out)


def new_calendar_turn(s: GameState) -> None:
    """Damage markers are removed at the start of each calendar turn (§9.11)."""
    if s.convoy_lost:
        s.convoy_lost = {}


# ---------------------------------------------------------------------- options
#: the options this module reads (declared for the rule system: typed, checked at load)
OPTIONS = (
    OptionSpec(
        "convoy_mode",
        "str",
        "",
        choices=("", "raid"),
        doc="'' | 'raid' (§9.11 opposed rolls on convoy lines)",
        owner="gamecore.rules.convoy",
    ),
    OptionSpec("convoy_raid_die", "int", 6, doc="T 9-7: opposed D6", owner="gamecore.rules.convoy"),
    OptionSpec(
        "convoy_patrol_bonus",
        "int",
        0,
        doc="seeds/003 CONVOY MODIFIERS: +2 aircraft on CAP of the sea zone (once, not per aircraft)",
        owner="gamecore.rules.convoy",
    ),
    OptionSpec(
        "convoy_surface_raiders",
        "bool",
        False,
        doc="§9.12 optional: surface ships may raid",
        owner="gamecore.rules.convoy",
    ),
    OptionSpec(
        "convoy_surface_raider_move",
        "int",
        3,
        doc="§9.12 with a move of at least this",
        owner="gamecore.rules.convoy",
    ),
    OptionSpec(
        "convoy_escort_bonus",
        "int",
        1,
        doc="T 9-8 +1 per escorting surface warship",
        owner="gamecore.rules.convoy",
    ),
    OptionSpec(
        "convoy_escort_fire",
        "bool",
        True,
        doc="T 9-7 step 3: escorts roll at their Defense",
        owner="gamecore.rules.convoy",
    ),
    OptionSpec(
        "convoy_escort_excluded",
        "list",
        [],
        doc="§15.7 advanced escort: unit types that may not escort",
        owner="gamecore.rules.convoy",
    ),
    OptionSpec(
        "convoy_tech_bonus",
        "table",
        {},
        doc="T 9-8 technology -> convoy modifier (radar 2, asw 1)",
        owner="gamecore.rules.convoy",
    ),
    OptionSpec(
        "convoy_asw_tech",
        "str",
        "",
        doc="T 9-7 3(c): technology giving a free shot at each raiding sub",
        owner="gamecore.rules.convoy",
    ),
    OptionSpec(
        "convoy_asw_value",
        "int",
        2,
        doc="the ASW technology's shot hits on <= this",
        owner="gamecore.rules.convoy",
    ),
    OptionSpec(
        "convoy_mine_warfare",
        "bool",
        False,
        doc="§9.13 optional: props.mine_warfare units lay mines",
        owner="gamecore.rules.convoy",
    ),
    OptionSpec(
        "convoy_mine_modifier",
        "int",
        0,
        doc="T 9-8 mine warfare +0; mines are immune to escort fire",
        owner="gamecore.rules.convoy",
    ),
)
