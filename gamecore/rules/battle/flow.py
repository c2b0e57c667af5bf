"""The battle's driver: which battles the nation to move must fight, how one starts, and
:func:`run`, the only loop that moves a battle on - before round 1, then round after
round, each a pass over the ruleset's steps (:mod:`.steps`), until a side is gone, a side
retreats or a player has a decision to make. A decision the default policy answers is
answered here, through the same code as a player's answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.decisions import Decision
from gamecore.engine.state import RETREATED, SUBMERGED, Unit
from gamecore.errors import RulesError
from gamecore.rules.battle.answer import answer
from gamecore.rules.battle.ask import ask, default_answer, player_decides, put
from gamecore.rules.battle.before import kamikaze, kamikaze_room, scramble_candidates
from gamecore.rules.battle.context import Round
from gamecore.rules.battle.core import can_submerge
from gamecore.rules.battle.end import finish
from gamecore.rules.battle.raids import raid_sides, resolve_raid
from gamecore.rules.battle.retreat import defender_retreat_zones, retreat_zones
from gamecore.rules.battle.steps import stage
from gamecore.rules.battle.units import (
    _can_hurt,
    _kill,
    attacking_nations,
    lone_rules,
    sides,
    takes_zone,
)
from gamecore.rules.state import Battle

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


_SAFETY_ROUNDS = 500


def find_battles(s: GameState) -> tuple[tuple[int, str], ...]:
    """Battles the current nation must fight: bombing raids first, then sea, then land."""
    n = s.current_nation
    en = s.enemies(n)
    ut = s.rules.units
    board = s.board
    mine: set[int] = set()
    capturer: set[int] = set()
    nations = attacking_nations(s)
    for u in s.units.values():
        if u.nation not in nations or u.on or u.flags & (SUBMERGED | RETREATED):
            continue
        t = ut[u.type]
        if t.infrastructure:
            continue
        mine.add(u.zone)
        if takes_zone(t):
            capturer.add(u.zone)
    attackable = s.rules.options.get("neutrals") == "attackable"
    sea, land = [], []
    for z in sorted(mine):
        enemy = _enemy_present(s, z, en)
        if board.is_land(z):
            o = s.owner.get(z)
            neutral = attackable and s.is_neutral_owner(o) and o not in en
            if neutral and (z in capturer or _neutral_units(s, z)):
                land.append((z, ""))
            elif enemy or (o in en and z in capturer):
                land.append((z, ""))
        elif enemy:
            sea.append((z, ""))
    bombs = sorted({s.units[u].zone for u in s.raids if u in s.units})
    return tuple([(z, "bomb") for z in bombs] + sea + land)


def _enemy_present(s: GameState, z: int, en: frozenset[str]) -> bool:
    ut = s.rules.units
    for uid in s.units_in(z):
        u = s.units[uid]
        if u.nation in en and not u.on and not u.flags & SUBMERGED:
            if not ut[u.type].infrastructure:
                return True
    return False


def _neutral_units(s: GameState, z: int) -> bool:
    return any(s.is_neutral_owner(s.units[u].nation) for u in s.units_in(z))


def start_battle(s: GameState, zone: int, kind: str) -> None:
    key = (zone, kind)
    if key not in s.battles:
        raise RulesError(f"no battle to fight in zone {zone}")
    s.battles = tuple(x for x in s.battles if x != key)
    n = s.current_nation
    begin = Round(s, None)
    begin.zone = zone
    for st in stage(s, "start"):
        st.run(begin)
    o = s.owner.get(zone)
    en = s.enemies(n)
    counts: dict[str, int] = {}
    for uid in s.units_in(zone):
        u = s.units[uid]
        if u.nation in en:
            counts[u.nation] = counts.get(u.nation, 0) + 1
    if o in counts:
        defender = o
    elif counts:
        defender = max(sorted(counts), key=counts.__getitem__)
    else:
        defender = o if o in en else None
    nations = attacking_nations(s)
    present = sorted({s.units[u].nation for u in s.units_in(zone)} & nations)
    b = Battle(zone, n, defender, kind or "battle", attackers=tuple(present or (n,)))
    opts = s.rules.options
    b.profiles = {"att": opts["casualty_order"], "def": opts["casualty_order"]}
    s.battle = b
    s.decision = None
    s.event("battle", zone=zone, attacker=n, defender=defender, kind=b.kind)
    s.remember("attacked", by=n, zone=zone, against=defender)
    if b.kind == "bomb":
        raiders, interceptors = raid_sides(s, b)
        if not (raiders and interceptors):
            resolve_raid(s, b)
            return
        # how many aircraft intercept (default: all)
        put(s, Decision(defender or n, "intercept", str(len(interceptors))))
    elif "casualties" in s.decisions:
        b.chosen = 1
        ask(s, b, "casualties", "att")
    run(s)


def run(s: GameState) -> None:
    """Move the battle on until it ends or a player has a decision to make."""
    b = s.battle
    assert b is not None
    opts = s.rules.options
    while True:
        if s.decision is not None:
            if player_decides(s):
                return
            answer(s, b, default_answer(s, b, s.decision))
            if s.battle is not b:
                return
            continue
        att, dfn = sides(s, b)
        if not b.pre_done:
            if b.pre_stage == 0 and not (att and dfn):
                b.pre_done = True
            else:
                if not pre_battle(s, b):
                    continue  # a decision was put (scramble, kamikaze)
                b.pre_done = True
                att, dfn = sides(s, b)
        if _settled(s, b, att, dfn):
            finish(s, b)
            return
        ahead = Round(s, b, att, dfn)
        if any(st.run(ahead) for st in stage(s, "before_round")):
            continue  # a decision was put
        b.round += 1
        fight_round(s, b, att, dfn)
        after = Round(s, b)
        for st in stage(s, "after_round"):
            st.run(after)
        att, dfn = sides(s, b)
        if _settled(s, b, att, dfn):
            finish(s, b)
            return
        limit = opts.get("max_combat_rounds") or _SAFETY_ROUNDS
        if b.round >= limit:
            finish(s, b)
            return
        if "retreat" in s.decisions:
            if retreat_zones(s, b) or can_submerge(s, b):
                ask(s, b, "retreat", "att")
                continue
            if defender_retreat_zones(s, b):
                ask(s, b, "retreat", "def")
                continue


def _settled(s: GameState, b: Battle, att: list[Unit], dfn: list[Unit]) -> bool:
    """True when the battle is over: a side is gone, or neither can hurt the other."""
    if not att or not dfn:
        return True
    # unescorted transports die (rules-notes/004 §4.3); AA guns alone do not defend
    # (issue #23 point 2): the side is lost without a round (the calculator: the same
    # lone_rules, Prepared.kind_of)
    trans, aa = lone_rules(s.rules)
    if trans or aa:
        ut = s.rules.units
        for mine, theirs, stat in ((dfn, att, "attack"), (att, dfn, "defense")):
            if all(ut[u.type].lone_defenseless(trans, aa) for u in mine) and _can_hurt(
                s, theirs, stat, mine
            ):
                for u in mine:
                    _kill(s, u, "combat")
                s.event("defenseless_lost", zone=b.zone, units=[u.id for u in mine])
                return True
    if not _can_hurt(s, att, "attack", dfn) and not _can_hurt(s, dfn, "defense", att):
        return True
    return False


def pre_battle(s: GameState, b: Battle) -> bool:
    """The steps before round 1, in order: scrambles, kamikaze strikes, then the ruleset's
    ``pre_battle`` steps (AA fire, coastal fire and bombardment, amphibious hold-outs). A
    step with a decision puts it and returns False; once answered, the driver resumes
    here at the next step. Not offered to a player, each follows its default policy (all
    it may)."""
    opts = s.rules.options
    if b.pre_stage == 0:
        b.pre_stage = 1
        if s.board.is_sea(b.zone) and opts.get("scramble"):
            room = len(scramble_candidates(s, b))  # how many scramble (default: all)
            if room:
                put(s, Decision(b.defender or b.attacker, "scramble", str(room)))
                return False
    if b.pre_stage == 1:
        b.pre_stage = 2
        if opts.get("kamikaze") and s.board.is_sea(b.zone):
            nation, room = kamikaze_room(s, b)  # tokens spent (default: all it may)
            if not room:
                kamikaze(s, b)  # nothing to choose (a token-less strike is still logged)
            else:
                put(s, Decision(nation, "kamikaze", str(room)))
                return False
    b.pre_stage = 3
    rnd = Round(s, b)
    for st in stage(s, "pre_battle"):
        st.run(rnd)
    return True


def fight_round(s: GameState, b: Battle, att: list[Unit], dfn: list[Unit]) -> None:
    """One round: the ruleset's ``round`` steps, in order (see ``steps_for``)."""
    rnd = Round.of_round(s, b, att, dfn)
    for st in stage(s, "round"):
        st.run(rnd)
