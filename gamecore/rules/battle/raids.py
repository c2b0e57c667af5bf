"""Bombing raids (rules-notes/004 §4.6: one air-battle round, built-in AA per raider,
bomber 1d6+2, tac 1d6, damage caps; Global War §9.16 escorts, §9.17 carpet bombing)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.state import FOUGHT, RETREATED, Unit
from gamecore.rules import control, tech
from gamecore.rules.battle.before import aa_fire
from gamecore.rules.battle.casualties import assign_hits
from gamecore.rules.battle.fire import _roll
from gamecore.rules.battle.units import Hit, _apply_casualties, _kill

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState
    from gamecore.rules.state import Battle


def carpet_bomb(s: GameState, b: Battle, bombers: list[int]) -> dict:
    """Global War §9.17 carpet bombing, after the raid's interception round: the zone's
    AA artillery fires at the bombers, then each one rolls its ``props.carpet_dice`` (changed
    by the zone's terrain, option ``carpet_dice_terrain``: jungle -2) at
    ``props.carpet_hit`` against the defending land units only, for one round; no other
    defender fires back; the defender chooses its casualties."""
    ut = s.rules.units
    en = s.enemies(b.attacker)
    dfn = [
        s.units[uid]
        for uid in s.units_in(b.zone)
        if s.units[uid].nation in en and not s.units[uid].on
    ]
    aa_fire(s, b, [s.units[u] for u in bombers], dfn)
    left = [s.units[u] for u in bombers if u in s.units]
    table = s.rules.options.get("carpet_dice_terrain") or {}
    terrain = s.board.terrain.get(b.zone, "")
    change = int(table.get(terrain, table.get(terrain.removesuffix("_city"), 0)))
    firers: list[Unit] = []
    values: list[int] = []
    for u in left:
        p = ut[u.type].props
        n = max(0, int(p.get("carpet_dice", 0)) + change)
        firers += [u] * n
        values += [int(p.get("carpet_hit", 0))] * n
        s.set_unit(u.id, flags=u.flags | FOUGHT | RETREATED)
    hits, _ = _roll(s, firers, values)
    targets = [
        u
        for u in dfn
        if u.id in s.units and ut[u.type].domain == "land" and not ut[u.type].infrastructure
    ]
    # land units only: the hits cannot go to aircraft, ships or facilities
    keys = [Hit(("air", "sea", "facility"), "air", False) for _ in hits]
    killed, damaged = assign_hits(s, targets, keys, b.profiles["def"], False, b.zone)
    _apply_casualties(s, killed, damaged)
    s.event("carpet", zone=b.zone, bombers=len(left), dice=len(firers), hits=len(killed))
    return {"carpet_bombers": len(left), "carpet_hits": len(killed)}


def raid_sides(s: GameState, b: Battle) -> tuple[list[int], list[Unit]]:
    """(raiding bombers, the defender's aircraft that may intercept them) of a raid."""
    ut = s.rules.units
    raiders = sorted(
        uid for uid, fid in s.raids.items() if uid in s.units and s.units[uid].zone == b.zone
    )
    en = s.enemies(b.attacker)
    # only the unit types flagged "interceptor" (fighters) intercept, when a ruleset marks
    # any; else every aircraft may (issue #23 point 8)
    only = _interceptor_types(s)
    interceptors = [
        s.units[uid]
        for uid in s.units_in(b.zone)
        if s.units[uid].nation in en
        and ut[s.units[uid].type].domain == "air"
        and (only is None or s.units[uid].type in only)
        and not s.units[uid].on
        and not s.units[uid].flags & RETREATED
    ]
    return raiders, interceptors


def _interceptor_types(s: GameState) -> frozenset[str] | None:
    cache = s.board.cache
    key = ("interceptors", id(s.rules))
    if key not in cache:
        only = frozenset(k for k, t in s.rules.units.items() if t.interceptor)
        cache[key] = only or None
    return cache[key]


def resolve_raid(s: GameState, b: Battle, intercept: int | None = None) -> None:
    """A bombing raid: the interception round (``intercept`` of the defender's aircraft;
    None: all, the default policy), then carpet bombing and the raid on facilities."""
    ut = s.rules.units
    raiders, interceptors = raid_sides(s, b)
    if intercept is not None:
        interceptors = interceptors[:intercept]
    dice = s.rules.dice
    report: dict = {"zone": b.zone, "raiders": len(raiders), "interceptors": len(interceptors)}
    if interceptors and raiders:
        rs = [s.units[u] for u in raiders]
        h_att, _ = _roll(s, rs, [ut[u.type].air_battle for u in rs])
        # seeds/000 §7.8 Radar: fighters +1 interception (the defender's air battle value)
        h_def, _ = _roll(
            s,
            interceptors,
            [
                ut[u.type].air_battle + tech.unit_bonus(s, u.nation, ut[u.type], "air_battle")
                for u in interceptors
            ],
        )
        k_def, d_def = assign_hits(s, interceptors, h_att, b.profiles["def"], False, b.zone)
        k_att, d_att = assign_hits(s, rs, h_def, b.profiles["att"], True, b.zone)
        _apply_casualties(s, k_def, d_def)
        _apply_casualties(s, k_att, d_att)
        report["air_battle"] = [len(h_att), len(h_def)]
    carpet = [uid for uid in raiders if s.raids.get(uid) == 0 and uid in s.units]
    if carpet:
        report.update(carpet_bomb(s, b, carpet))
    for uid in raiders:  # escorts: the air battle was all they fought (§9.16)
        u = s.units.get(uid)
        if u is not None and s.raids.get(uid) == -1:
            s.set_unit(uid, flags=u.flags | FOUGHT | RETREATED)
    damage = 0
    shot_down = 0
    for uid in raiders:
        u = s.units.get(uid)
        if u is None or s.raids.get(uid, 0) <= 0:
            continue
        f = s.facilities.get(s.raids[uid])
        ft = s.rules.facility_types.get(f.type) if f else None
        if f is None or ft is None:
            continue
        if ft.aa_value and s.rng.roll(dice) <= ft.aa_value:
            _kill(s, u, "combat")
            shot_down += 1
            continue
        expr = ut[u.type].bombing
        roll = sum(s.rng.roll(expr.sides) for _ in range(expr.n)) + expr.plus if expr else 0
        roll = max(0, roll)
        f = s.facilities[f.id]
        new = f.damage + roll
        if ft.max_damage:
            new = min(ft.max_damage, new)
        damage += new - f.damage
        s.facilities[f.id] = f._replace(damage=new)
        s.set_unit(uid, flags=u.flags | FOUGHT | RETREATED)
    for uid in raiders:
        s.raids.pop(uid, None)
    report.update(damage=damage, shot_down=shot_down)
    s.event("raid", **report)
    s.battle = None
    s.decision = None
    control.check_victory(s)
