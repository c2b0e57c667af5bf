"""Combat: the per-unit dice resolver of the A&A family, parameterised by the ruleset.

A battle runs in rounds: every unit rolls one die of the ruleset's size and hits when the
roll is at most its value (attack for the attacker, defence for the defender) after
modifiers (support, terrain) combined by the ruleset's modifier policy. Casualties are
chosen by their owner through a casualty profile.

Sources (tests cite them): rules-notes/004 §4.3 (rounds, attacker retreat to a friendly
zone units came from, amphibious land units do not retreat, two-hit units, support, air
vs subs needs a destroyer, transports taken last and lost when alone), §4.4 (AA fire
before the first round, 3 shots at air, hit on 1), §4.5 (shore bombardment: once, one
ship per landed unit, victims fire back), §4.6 (bombing raids: one air-battle round at 1,
built-in AA per raider, bomber 1d6+2, tac 1d6, damage caps), §4.7 (scramble up to 3 per
air base to an adjacent sea zone under attack), seeds/004 "Summary of play".

Global War 1936-1945 (seeds/000; rules-notes/000 §4.4, §4.9) switches on, through ruleset
options and data: first strike and air superiority in round 1 only (T 9-1, T 9-2), target
selection (T 9-1), the defender's first-strike dice and double casualties of borders and
facilities (§12.7 fortifications, §1.23 Maginot Line, §9.2), cities and surrounded cities
(§1.16), border terrain crossed to the roundel (§1.7, Board.border_terrain), desert
breakdown (§1.9), amphibious round 1 and double casualties (§9.8), bombardment as first
strike and coastal artillery (§9.9, §12.9). Every default keeps the A&A behaviour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.engine.board import NEUTRAL
from gamecore.engine.decisions import Decision
from gamecore.engine.options import OptionSpec
from gamecore.engine.state import (
    AIRBORNE,
    AMPHIB,
    ASSAULT,
    EVENT_LOGS,
    FOUGHT,
    PASSING,
    RETREATED,
    SCRAMBLED,
    SUBMERGED,
    UNLOADED,
    Unit,
)
from gamecore.errors import RulesError
from gamecore.rules import control, supply, tech, wargame
from gamecore.rules.modifiers import modified
from gamecore.rules.state import Battle

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState

CASUALTY_PROFILES = ("cheapest", "preserve_attack", "preserve_defense", "keep_land")


class DiceResolver:
    """The per-unit dice resolver of this module, as a pluggable object."""

    @staticmethod
    def find_battles(s):
        return find_battles(s)

    @staticmethod
    def combat_actions(s):
        return combat_actions(s)

    @staticmethod
    def apply_combat_action(s, a):
        return apply_combat_action(s, a)


#: combat resolvers by name (ruleset option ``combat_resolver``). A firepower-table
#: resolver (Hitler's Global War) registers here with the same three functions.
RESOLVERS: dict[str, object] = {"dice": DiceResolver}


def register_resolver(name: str, resolver: object) -> None:
    RESOLVERS[name] = resolver


def resolver(s) -> DiceResolver:
    return RESOLVERS[s.rules.options["combat_resolver"]]


_SAFETY_ROUNDS = 500


# ---------------------------------------------------------------------- finding battles
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
        if t.domain == "land" and not t.cannot_capture:
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


def attacking_nations(s: GameState) -> frozenset[str]:
    """The current nation, or every friendly nation of its slot when they play together."""
    n = s.current_nation
    if s.rules.options.get("slot_mode") != "together":
        return frozenset((n,))
    return frozenset(m for m in s.board.turn_slots[s.slot] if s.friendly(n, m))


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


# ---------------------------------------------------------------------- actions
def combat_actions(s: GameState) -> list[Action]:
    b = s.battle
    if b is None:
        bombs = [x for x in s.battles if x[1] == "bomb"]
        todo = bombs or s.battles
        if s.landing:
            # a landing from a contested sea zone waits for the sea battle there
            seas = {z for z, k in s.battles if s.board.is_sea(z)}
            held = {
                s.units[u].zone for u in s.landing if u in s.units and s.amph_from.get(u) in seas
            }
            todo = [x for x in todo if x[0] not in held] or todo
        if s.rules.options.get("wg_pass_through"):
            # seeds/002 §4.6: a zone ships are passing into waits for the zone they pass
            todo = [x for x in todo if x[0] not in _awaiting_passes(s)] or todo
        fights = [Action("fight", zone=z, mode=k) for z, k in todo]
        shells = shell_actions(s) if s.rules.options["shell_facilities"] else []
        if shells and not fights:
            return [*shells, Action.end_phase()]
        return fights + shells
    d = s.decision
    if d is None:
        return []
    if d.kind == "casualties":
        return [Action.casualties(p) for p in s.rules.options["casualty_profiles"]]
    if d.kind == "retreat" and d.about == "att":
        acts = [Action.press()] + [Action.retreat(z) for z in retreat_zones(s, b)]
        if can_submerge(s, b):
            acts.append(Action.submerge())
        if s.rules.options["air_retreat_apart"] and can_air_retreat(s, b):
            acts.append(Action("air_retreat"))
        return acts
    if d.kind == "retreat":
        return [Action.press()] + [Action.retreat(z) for z in defender_retreat_zones(s, b)]
    if d.kind == "fire_mode":  # seeds/002 "Bomber", "Artillery"
        side, typ = d.about.split(":", 1)
        return [Action("fire_mode", type=typ, mode=m) for m in fire_mode_choices(s, b, side, typ)]
    if d.kind == "submerge":  # the defender's submarines stay or submerge
        return [Action.press(), Action.submerge()]
    if d.kind == "scorch":  # seeds/002 §4.8: the defender reduces its factory, or not
        return [Action.press(), Action("scorch")]
    if d.kind in (
        "scramble",
        "kamikaze",
        "intercept",
    ):  # how many fighters / tokens (about: the most)
        return [Action(d.kind, count=k) for k in range(int(d.about) + 1)]
    return []


def shell_actions(s: GameState) -> list[Action]:
    """Seeds/003 SHORE BOMBARDMENT "Cruisers and Battleships may Bombard attack an adjacent
    Land zones facilities. This attack may not be intercepted.": one ``shell`` action per
    (sea zone, facility) where the nation to move has ships of the ``shell_facilities``
    types that have not fought this turn, next to a land zone of a nation it is at war
    with whose facility can take more damage."""
    table = s.rules.options["shell_facilities"]
    n = s.current_nation
    fts = s.rules.facility_types
    out = []
    for f in sorted(s.facilities.values(), key=lambda f: f.id):
        ft = fts.get(f.type)
        o = s.owner.get(f.zone)
        if ft is None or not ft.max_damage or f.damage >= ft.max_damage:
            continue
        if o is None or o == n or not s.at_war(n, o):
            continue
        for sz in s.board.coast.get(f.zone, ()):
            ships = tuple(
                uid
                for uid in sorted(s.units_in(sz))
                if s.units[uid].nation == n
                and s.units[uid].type in table
                and not s.units[uid].flags & FOUGHT
            )
            if ships:
                out.append(Action("shell", units=ships, zone=sz, target=f.id))
    return out


def apply_shell(s: GameState, a: Action) -> None:
    """Shell facility ``a.target`` from sea zone ``a.zone`` with ships ``a.units``: each
    rolls a ``shell_die`` (D6), its damage capped at its ``shell_facilities`` value (the
    sheet's "@": Cruiser 2, Battle Cruiser 3, Battleship 4, Heavy Battleship 5); the total
    is added to the facility (at most its ``max_damage``). The ships have fought: they do
    not shell again this turn nor move in non-combat movement."""
    if a not in shell_actions(s):
        raise RulesError(f"cannot shell facility {a.target} from zone {a.zone}")
    table = s.rules.options["shell_facilities"]
    die = int(s.rules.options["shell_die"])
    f = s.facilities[a.target]
    ft = s.rules.facility_types[f.type]
    rolls = []
    for uid in a.units:
        u = s.units[uid]
        rolls.append(min(s.rng.roll(die), int(table[u.type])))
        s.set_unit(uid, flags=u.flags | FOUGHT)
    new = min(ft.max_damage, f.damage + sum(rolls))
    s.facilities[f.id] = f._replace(damage=new)
    s.bump()
    s.event(
        "shelled",
        zone=f.zone,
        facility=f.id,
        by=s.current_nation,
        rolls=rolls,
        damage=new - f.damage,
    )


def ask(s: GameState, b: Battle, kind: str, side: str) -> bool:
    """The battle's ``side`` ("att" or "def") decides ``kind`` ("casualties": a casualty
    profile; "retreat": press on, retreat (or submerge)); a defender-less side's choice
    falls to the attacker. The default policy (the ruleset's casualty order; press on)
    answers for a side no player plays. True when a player was asked."""
    owner = b.attacker if side == "att" else (b.defender or b.attacker)
    if kind == "casualties":
        default = Action.casualties(s.rules.options["casualty_order"])
    else:
        default = Action.press()
    return decide(s, b, Decision(owner, kind, side), default)


def decide(s: GameState, b: Battle, d: Decision, default: Action) -> bool:
    """Make ``d`` the pending decision. When the game offers its kind and its owner plays,
    the owner answers it (True); else the default policy's answer ``default`` is applied
    now, through the same code as a player's answer (False). Decisions whose default
    answer changes nothing (press on; the casualty order that stands) are not even made
    when the game does not offer them."""
    s.decision = d
    if d.kind in s.decisions and d.owner in _players(s):
        return True
    answer(s, b, default)
    return False


def _players(s: GameState) -> frozenset[str]:
    cache = s.board.cache
    p = cache.get("players")
    if p is None:
        p = cache["players"] = frozenset(n for slot in s.board.turn_slots for n in slot)
    return p


def _asked(s: GameState, kind: str, side: str) -> bool:
    d = s.decision
    return d is not None and d.kind == kind and d.about == side


def apply_combat_action(s: GameState, a: Action) -> None:
    b = s.battle
    if a.kind == "fight":
        start_battle(s, a.zone, a.mode)
        return
    if b is None:
        raise RulesError(f"no battle in progress for '{a.kind}'")
    if answer(s, b, a):
        run(s)


def answer(s: GameState, b: Battle, a: Action) -> bool:
    """Apply the answer ``a`` to the pending decision of battle ``b`` (a player's, or the
    default policy's); True when the battle goes on (run it), False when it ended or
    waits for another decision."""
    if a.kind == "casualties":
        if _asked(s, "casualties", "att"):
            b.profiles["att"] = a.profile
            s.decision = None
            if b.defender and sides(s, b)[1]:
                ask(s, b, "casualties", "def")
        else:
            b.profiles["def"] = a.profile
            s.decision = None
    elif a.kind == "press":
        if _asked(s, "retreat", "att") and defender_retreat_zones(s, b):
            s.decision = None
            if ask(s, b, "retreat", "def"):
                return False
        s.decision = None
    elif a.kind == "retreat":
        if _asked(s, "retreat", "def"):
            defender_retreat(s, b, a.zone)
            return False
        s.decision = None
        return retreat(s, b, a.zone)
    elif a.kind == "scorch":
        b.scorch = b.round + 1  # for the coming round
        s.event("scorch_declared", zone=b.zone, nation=b.defender, round=b.scorch)
        s.decision = None
    elif a.kind == "submerge":
        ut = s.rules.units
        if _asked_kind(s, "submerge"):  # the defender's
            for u in sides(s, b)[1]:
                if ut[u.type].submerge:
                    s.set_unit(u.id, flags=u.flags | SUBMERGED)
            s.event("submerge", zone=b.zone, nation=b.defender, side="defender")
        else:
            for u in sides(s, b)[0]:
                if ut[u.type].submerge:
                    s.set_unit(u.id, flags=u.flags | SUBMERGED | FOUGHT)
            s.event("submerge", zone=b.zone, nation=b.attacker)
        s.decision = None
    elif a.kind == "fire_mode":
        d = s.decision
        if d is None or d.kind != "fire_mode":
            raise RulesError("no fire mode to choose now")
        side, typ = d.about.split(":", 1)
        if a.type != typ or a.mode not in fire_mode_choices(s, b, side, typ):
            raise RulesError(f"'{a.mode}' is not a fire mode of {typ} now")
        b.modes.setdefault(side, {})[typ] = a.mode
        s.decision = None
    elif a.kind == "air_retreat":
        if not (_asked(s, "retreat", "att") and can_air_retreat(s, b)):
            raise RulesError("the attacker's aircraft cannot retreat apart now")
        air_retreat(s, b)
        s.decision = None
    elif a.kind == "scramble":
        if not _asked_kind(s, "scramble") or not 0 <= a.count <= int(s.decision.about):
            raise RulesError("no scramble to decide")
        s.decision = None
        scramble(s, b, a.count)
    elif a.kind == "intercept":
        if not _asked_kind(s, "intercept") or not 0 <= a.count <= int(s.decision.about):
            raise RulesError("no interception to decide")
        s.decision = None
        resolve_raid(s, b, a.count)
        return False  # a raid has no rounds
    elif a.kind == "kamikaze":
        if not _asked_kind(s, "kamikaze") or not 0 <= a.count <= int(s.decision.about):
            raise RulesError("no kamikaze strike to decide")
        s.decision = None
        kamikaze(s, b, a.count)
    else:
        raise RulesError(f"'{a.kind}' answers no battle decision")
    return s.decision is None


def _asked_kind(s: GameState, kind: str) -> bool:
    return s.decision is not None and s.decision.kind == kind


def start_battle(s: GameState, zone: int, kind: str) -> None:
    key = (zone, kind)
    if key not in s.battles:
        raise RulesError(f"no battle to fight in zone {zone}")
    s.battles = tuple(x for x in s.battles if x != key)
    n = s.current_nation
    o = s.owner.get(zone)
    if (
        s.board.is_land(zone)
        and s.is_neutral_owner(o)
        and s.rules.options.get("wg_neutral_invasion")
    ):
        # seeds/002 §4.10: a fee, the nearest opponent's risk roll, maybe the neutral
        # goes over to the enemy
        nations = attacking_nations(s)
        mine = [u for u in s.units_in(zone) if s.units[u].nation in nations]
        wargame.invade_neutral(s, zone, n, mine)
        o = s.owner.get(zone)
    if s.board.is_land(zone) and s.is_neutral_owner(o) and o not in s.enemies(n):
        _violate_neutral(s, zone, n, o)
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
        if raiders and interceptors:  # how many aircraft intercept (default: all)
            room = len(interceptors)
            d = Decision(defender or n, "intercept", str(room))
            decide(s, b, d, Action("intercept", count=room))
            return
        resolve_raid(s, b)
        return
    if "casualties" in s.decisions:
        b.chosen = 1
        if ask(s, b, "casualties", "att"):
            return
    run(s)


def _violate_neutral(s: GameState, zone: int, n: str, o: str | None) -> None:

    target = o if o is not None else NEUTRAL
    s.set_relation(n, target, "war", initiated_by=n)
    # the invaded neutral joins the other side; an attack on a strict neutral turns the
    # remaining strict neutrals against the attacker (seeds/004 "Unfriendly neutrals",
    # "Strict neutrals")
    side = s.board.alliance_of.get(n)
    others = sorted({a for a in s.board.alliance_of.values() if a is not None and a != side})
    if side is not None and len(others) == 1 and zone in s.alignment:
        was = s.alignment[zone]
        s.alignment[zone] = f"pro_{others[0]}"
        s.bump()
        if was == "strict":
            flipped = []
            for z in sorted(s.alignment):
                if z != zone and s.alignment[z] == "strict":
                    s.alignment[z] = f"pro_{others[0]}"
                    flipped.append(z)
            if flipped:
                s.event("neutrals_aligned", zones=flipped, alignment=f"pro_{others[0]}")
    army = s.board.standing_army.get(zone, 0)
    key = f"activated:{zone}"
    if army and key not in s.awards:
        s.awards.add(key)
        typ = s.rules.options["standing_army_unit"]
        if typ in s.rules.units:
            for _ in range(army):
                s.add_unit(target, typ, zone, flags=0)
            s.event("neutral_army", zone=zone, nation=target, type=typ, count=army)
    s.event("neutral_violated", zone=zone, by=n)


# ---------------------------------------------------------------------- the round loop
def sides(s: GameState, b: Battle) -> tuple[list[Unit], list[Unit]]:
    att: list[Unit] = []
    dfn: list[Unit] = []
    en = s.enemies(b.attacker)
    ut = s.rules.units
    held = b.waiting
    for uid in s.units_in(b.zone):
        u = s.units[uid]
        if u.on or u.flags & (SUBMERGED | RETREATED):
            continue
        if ut[u.type].infrastructure or (held and uid in held):
            continue
        if u.nation == b.attacker or u.nation in b.attackers:
            att.append(u)
        elif u.nation in en:
            dfn.append(u)
    return att, dfn


def run(s: GameState) -> None:
    b = s.battle
    assert b is not None
    opts = s.rules.options
    while True:
        if s.decision is not None:
            return
        att, dfn = sides(s, b)
        if not b.pre_done:
            if b.pre_stage == 0 and not (att and dfn):
                b.pre_done = True
            else:
                if not pre_battle(s, b):
                    return  # a player decides (scramble, kamikaze)
                b.pre_done = True
                att, dfn = sides(s, b)
        if _settled(s, b, att, dfn):
            finish(s, b)
            return
        if (
            "submerge" in s.decisions
            and b.dived <= b.round
            and b.round + 1 >= int(opts["defender_submerge_from_round"])
            and defender_can_submerge(s, b)
        ):
            # before each round the defender may submerge its submarines (G40 2E, the
            # 3G40 handbook; Global War §9.4, §9.10): issue #23 points 1 and 13
            b.dived = b.round + 1
            if decide(s, b, Decision(b.defender, "submerge", "def"), Action.press()):
                return
            continue
        if (
            "scorch" in s.decisions
            and b.scorch_asked <= b.round
            and wargame.may_scorch(s, b.zone, b.defender)
        ):
            # seeds/002 §4.8 scorched earth: before each round the defender may declare
            b.scorch_asked = b.round + 1
            if decide(s, b, Decision(b.defender, "scorch", "def"), Action.press()):
                return
            continue
        if "casualties" in s.decisions and b.chosen <= b.round:
            b.chosen = b.round + 1  # each side chooses its casualties again every round
            if ask(s, b, "casualties", "att"):
                return
        if _multi_die(s) and _ask_fire_modes(s, b):
            return
        b.round += 1
        fight_round(s, b, att, dfn)
        if b.scorch == b.round:
            if sides(s, b)[1]:  # seeds/002 §4.8: it happens if the defender survives
                wargame.scorch(s, b.zone)
            b.scorch = 0
        if b.round == 1 and opts.get("wg_pass_through"):
            resolve_passes(s, b)  # seeds/002 §4.6: did the passing ships get through?
        if b.waiting:
            release_waiting(s, b)
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
                return
            if defender_retreat_zones(s, b) and ask(s, b, "retreat", "def"):
                return


def _settled(s: GameState, b: Battle, att: list[Unit], dfn: list[Unit]) -> bool:
    """True when the battle is over: a side is gone, or neither can hurt the other."""
    if not att or not dfn:
        return True
    opts = s.rules.options
    # unescorted transports die (rules-notes/004 §4.3); AA guns alone do not defend
    # (issue #23 point 2): the side is lost without a round
    trans = bool(opts.get("unescorted_transports_die"))
    aa = not opts.get("aa_alone_defends", True)
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


def _can_hurt(s: GameState, firers: list[Unit], stat: str, targets: list[Unit]) -> bool:
    ut = s.rules.units
    det = any(ut[u.type].detector for u in firers)
    for f in firers:
        t = ut[f.type]
        if t.stat(stat, f.damage > 0) <= 0:
            continue
        key = (t.cannot_target, t.domain, det)
        if any(_eligible(ut[x.type], key) for x in targets):
            return True
    return False


def _eligible(target_type, key) -> bool:
    cannot, fdom, det = key[0], key[1], key[2]
    if target_type.domain in cannot or target_type.id in cannot:
        return False
    if fdom in target_type.hidden_from and not det:
        return False
    return True


def _border_mods(s, units, zone, side, mods, battle_round) -> None:
    """Attacks across a river, mountain or fortified border (rules-notes/003 §4.3-4.4,
    rules-notes/000 §1.9): attackers that crossed it get the border's ``attack``
    modifier; defenders get its ``defense`` modifier while any attacker crossed one."""
    ut = s.rules.units
    effects = s.rules.borders
    edges = _facility_edges(s, zone)

    def crossed(u) -> frozenset[str]:
        return crossed_effects(s, zone, u, edges)

    # §1.7 border terrain: the terrain crossed from the entry border to the roundel
    bt = s.board.border_terrain
    bt_on = bool(bt) and battle_round <= int(s.rules.options["border_terrain_rounds"])

    def terrain_crossed(u) -> frozenset[str]:
        o = s.origins.get(u.id)
        return bt.get((zone, o), frozenset()) if o is not None and o != zone else frozenset()

    if side == "att":
        for i, u in enumerate(units):
            for f in crossed(u):
                e = effects.get(f)
                if e and _active(e, battle_round):
                    m = e.attack.get(u.type, e.attack.get(ut[u.type].domain))
                    if m:
                        mods[i].append(m)
            if bt_on:
                for name in sorted(terrain_crossed(u)):
                    tm = s.rules.terrain_of(name).attack
                    m = tm.get(u.type, tm.get(ut[u.type].domain))
                    if m:
                        mods[i].append(m)
        return
    attackers = [s.units[x] for x in s.units_in(zone) if s.units[x].nation == s.current_nation]
    used = set()
    for a in attackers:
        used |= crossed(a)
    if bt_on:
        over: set[str] = set()
        for a in attackers:
            over |= terrain_crossed(a)
        for name in sorted(over):
            tm = s.rules.terrain_of(name).defense
            for i, u in enumerate(units):
                m = tm.get(u.type, tm.get(ut[u.type].domain))
                if m:
                    mods[i].append(m)
    for f in used:
        e = effects.get(f)
        if e and _active(e, battle_round):
            for i, u in enumerate(units):
                m = e.defense.get(u.type, e.defense.get(ut[u.type].domain))
                if m:
                    mods[i].append(m)


def _facility_edges(s: GameState, zone: int) -> list[tuple[int | None, str]]:
    """(border it guards or None for the whole zone, border effect) of the operative
    facilities in ``zone`` that act as a border attribute (Global War §12.7 fortification,
    §12.8 special fortification zones)."""
    out = []
    fts = s.rules.facility_types
    for f in s.facilities_in(zone):
        ft = fts.get(f.type)
        if ft is not None and ft.border_effect and s.facility_operative(f):
            out.append((s.board.facility_border.get(f.id), ft.border_effect))
    return out


def crossed_effects(
    s: GameState, zone: int, u: Unit, edges: list[tuple[int | None, str]] | None = None
) -> frozenset[str]:
    """The border effects (``[borders.*]`` ids) unit ``u`` crossed to attack ``zone``: the
    attributes of the border from the zone it came from, plus those of facilities
    guarding that border or the whole zone."""
    o = s.origins.get(u.id)
    if o is None or o == zone:
        return frozenset()
    fl = s.board.border_flags.get((o, zone) if o < zone else (zone, o), frozenset())
    if fl and f"lines_fell:{zone}" in s.awards:
        fl = fl - frozenset(s.rules.options.get("fortified_lines_fall") or ())
    if edges is None:
        edges = _facility_edges(s, zone)
    more = {e for edge, e in edges if edge is None or edge == o}
    return fl | more if more else fl


def border_crossers(
    s: GameState, zone: int, units: list[Unit], effects: list[str], battle_round: int
) -> frozenset[int]:
    """The land units among ``units`` that crossed one of ``effects`` (``[borders.*]``
    ids, or border terrain met on the way to the roundel, §1.7) to attack ``zone``, while
    that effect lasts (its ``rounds``; border terrain: ``border_terrain_rounds``)."""
    ut = s.rules.units
    wanted = frozenset(effects)
    edges = _facility_edges(s, zone)
    bt = s.board.border_terrain
    bt_on = bool(bt) and battle_round <= int(s.rules.options["border_terrain_rounds"])
    out = set()
    for u in units:
        if ut[u.type].domain != "land":
            continue
        for name in crossed_effects(s, zone, u, edges) & wanted:
            e = s.rules.borders.get(name)
            if e is not None and _active(e, battle_round):
                out.add(u.id)
        o = s.origins.get(u.id)
        if bt_on and o is not None and o != zone and bt.get((zone, o), frozenset()) & wanted:
            out.add(u.id)
    return frozenset(out)


def _active(e, battle_round: int) -> bool:
    return not e.rounds or battle_round <= e.rounds


def border_first_strike(s: GameState, b: Battle, att: list[Unit]) -> list[tuple[int, tuple]]:
    """The defender's first-strike dice of the borders the attackers crossed, as (value,
    hit key): Global War §12.7 a fortification's 2 rolls at 5, §1.23 the Maginot Line's
    2 at 6, in round 1. Each effect fires once per battle round, however many crossed."""
    effects = s.rules.borders
    if not effects:
        return []
    edges = _facility_edges(s, b.zone)
    used: set[str] = set()
    for u in att:
        used |= crossed_effects(s, b.zone, u, edges)
    dice: list[tuple[int, tuple]] = []
    for name in sorted(used):
        e = effects.get(name)
        if e is None or not e.first_strike_rolls or not _active(e, b.round):
            continue
        cannot = tuple(
            d for d in ("land", "sea", "facility", "air") if d not in e.first_strike_targets
        )
        dice += [(e.first_strike_value, (cannot, "land", False))] * e.first_strike_rolls
    return dice


def double_casualty_units(s: GameState, b: Battle, att: list[Unit]) -> frozenset[int]:
    """Attackers that take two casualties per hit this round (§9.2): those that crossed a
    border whose effect has ``double_casualties`` for their domain (the Maginot Line)."""
    effects = s.rules.borders
    if not effects or not any(e.double_casualties for e in effects.values()):
        return frozenset()
    ut = s.rules.units
    edges = _facility_edges(s, b.zone)
    out = set()
    for u in att:
        for name in crossed_effects(s, b.zone, u, edges):
            e = effects.get(name)
            if e and ut[u.type].domain in e.double_casualties and _active(e, b.round):
                out.add(u.id)
    return frozenset(out)


def city_terrain(s: GameState, zone: int) -> str:
    """The terrain a zone flagged ``city`` adds to its own (§1.16): the ruleset's
    ``city_terrain``, or ``surrounded_city_terrain`` while the city is surrounded."""
    opts = s.rules.options
    if "city" not in s.board.flags.get(zone, ()):
        return ""
    sur = opts["surrounded_city_terrain"]
    if sur and city_surrounded(s, zone):
        return sur
    return opts["city_terrain"]


def city_surrounded(s: GameState, zone: int) -> bool:
    """§1.16: a city is surrounded when every adjacent land zone is possessed by an enemy
    of its possessor and it has no operative facility of the ruleset's
    ``city_supply_facilities`` (an undamaged Air Base or naval facility). A city next to a
    neutral, or with no land neighbour (an island), is never surrounded. Blockades of its
    naval facilities are not considered."""
    owner = s.owner.get(zone)
    if owner is None:
        return False
    if s.rules.options["city_surrounded_by"] == "supply":
        # seeds/003 CITIES: surrounded when it cannot trace a supply path to another
        # friendly land zone (blockaded ports and no rail lines available)
        return not supply.reaches_friendly_land(s, owner, zone)
    board = s.board
    nb = [n for n in board.nbrs[zone] if board.is_land(n)]
    if not nb:
        return False
    en = s.enemies(owner)
    for n in nb:
        o = s.owner.get(n)
        if o is None or s.is_neutral_owner(o) or o not in en:
            return False
    keep = s.rules.options.get("city_supply_facilities") or ()
    for f in s.facilities_in(zone):
        ft = s.rules.facility_types.get(f.type)
        if ft is not None and ft.id in keep and s.facility_operative(f):
            return False
    return True


def fire_values(
    s: GameState,
    units: list[Unit],
    stat: str,
    zone: int,
    side: str,
    battle_round: int = 1,
) -> list[int]:
    """Each unit's hit value after support and terrain, combined by the modifier policy."""
    ut = s.rules.units
    opts = s.rules.options
    base = [ut[u.type].stat(stat, u.damage > 0) for u in units]
    mods: list[list[int]] = [[] for _ in units]
    # support (artillery +1 to one infantry; fighter or tank +1 to one tac bomber);
    # a unit receives at most one support bonus
    offers = []
    for u in units:
        for sup in ut[u.type].support:
            if sup.stat == stat:
                offers.append(sup)
    if offers:
        offers.sort(key=lambda x: -x.value)
        got = [False] * len(units)
        for sup in offers:
            left = sup.count
            for i, u in enumerate(units):
                if left <= 0:
                    break
                if not got[i] and u.type in sup.targets:
                    got[i] = True
                    mods[i].append(sup.value)
                    left -= 1
    names = [s.board.terrain[zone]]
    extra = city_terrain(s, zone)
    if extra and extra != names[0]:
        names.append(extra)
    for name in names:
        terr = s.rules.terrain_of(name)
        tm = terr.attack if side == "att" else terr.defense
        if tm:
            for i, u in enumerate(units):
                m = tm.get(u.type, tm.get(ut[u.type].domain))
                if m:
                    mods[i].append(m)
    if s.rules.borders:
        _border_mods(s, units, zone, side, mods, battle_round)
    if side == "att" and stat == "attack" and battle_round <= 1:
        # §9.15 / §12.1 Airborne: +1 Attack in round 1 of an Airborne Assault (the unit's
        # props.airborne_assault_attack), a bonus under the modifier policy
        for i, u in enumerate(units):
            if u.flags & AIRBORNE:
                boost = ut[u.type].props.get("airborne_assault_attack")
                if isinstance(boost, int) and boost > base[i]:
                    mods[i].append(boost - base[i])
    dice = s.rules.dice
    policy = opts["modifier_policy"]
    tie = opts["modifier_tiebreak"]
    floor = opts["modifier_floor"]
    return [modified(base[i], mods[i], policy, tie, floor, dice) for i in range(len(units))]


def _volley(
    s: GameState,
    b: Battle,
    units: list[Unit],
    side: str,
    sup: bool,
    record: dict[int, int] | None = None,
    faces: list | None = None,
) -> list[tuple]:
    """The hits of one side's fire in battle ``b``: values after modifiers, air
    superiority (``sup``) and target selection for that side. ``faces`` collects each
    die as [unit type, value to hit, face rolled]."""
    stat = "attack" if side == "att" else "defense"
    values = fire_values(s, units, stat, b.zone, side, b.round)
    if _multi_die(s):
        return _roll_multi(s, b, units, values, stat, side, record, faces)
    sel = target_selection(s, units, b.zone, side)
    hits, _ = _roll(s, units, values, sup, sel, record, faces)
    return hits


def fire_mode_choices(s: GameState, b: Battle, side: str, typ: str) -> tuple[str, ...]:
    """The fire modes a side may pick for its units of type ``typ`` this round:
    seeds/002 "Bomber" (attacking: its ``fire_modes``), "Artillery" (defending: "air",
    its hits go to attacking aircraft first, or "land")."""
    t = s.rules.units[typ]
    if side == "att" and t.fire_modes:
        return tuple(t.fire_modes)
    if side == "def" and t.props.get("defense_air_first"):
        return ("air", "land")
    return ()


def default_fire_mode(s: GameState, b: Battle, side: str, typ: str) -> str:
    """The default policy: the mode with the most expected hits on units it may hit (the
    unit type's default mode on a tie); artillery keeps its air-first defence."""
    t = s.rules.units[typ]
    if side == "def":
        return "air"
    att, dfn = sides(s, b)
    enemy = dfn if side == "att" else att
    best, score = t.default_fire_mode, -1
    for m in (t.default_fire_mode, *t.fire_modes):
        fm = t.fire_modes[m]
        ok = any(not fm.targets or s.rules.units[u.type].domain in fm.targets for u in enemy)
        sc = sum(fm.rolls) if ok else 0
        if sc > score:
            best, score = m, sc
    return best


def _ask_fire_modes(s: GameState, b: Battle) -> bool:
    """Before each round, each side picks the fire mode of its units that have a choice
    (decision "fire_mode", one per side and unit type); True while a player decides."""
    if b.moded != b.round + 1:
        b.moded = b.round + 1
        b.modes = {}
    att, dfn = sides(s, b)
    for side, units in (("att", att), ("def", dfn)):
        done = b.modes.get(side, {})
        for typ in sorted({u.type for u in units}):
            if typ in done or not fire_mode_choices(s, b, side, typ):
                continue
            owner = b.attacker if side == "att" else (b.defender or b.attacker)
            d = Decision(owner, "fire_mode", f"{side}:{typ}")
            default = Action("fire_mode", type=typ, mode=default_fire_mode(s, b, side, typ))
            if decide(s, b, d, default):
                return True
    return False


def _multi_die(s: GameState) -> bool:
    """Does any unit type of the ruleset roll several dice or choose a fire mode (The
    War Game, seeds/002 "Battleship", "Bomber")? Other rulesets keep the one-die path."""
    cache = s.board.cache
    key = ("multi_die", id(s.rules))
    v = cache.get(key)
    if v is None:
        v = cache[key] = any(
            t.multi_die or t.props.get("defense_air_first") for t in s.rules.units.values()
        )
    return v


def _roll_multi(
    s: GameState,
    b: Battle,
    units: list[Unit],
    values: list[int],
    stat: str,
    side: str,
    record: dict[int, int] | None = None,
    faces: list | None = None,
) -> list[tuple]:
    """One side's fire when units may roll several dice (seeds/002 "Battleship": 8 and 6,
    damaged only the 8) or fire by a mode chosen this round (seeds/002 "Bomber": bombs at
    8, 8 on land or sea units, or guns at 2 on anything). The modifiers of a unit's one
    value (``values``) move each of its dice alike. seeds/002 "Artillery": a defending
    artillery's hits go to attacking aircraft first (hit key preferring "air") unless the
    defender switched it to land-first this round (``Battle.modes["def"]``).
    seeds/002 "Submarine": aircraft firing at a side of submarines alone roll at half
    (rounded down, option ``wg_air_vs_lone_sub``) unless a combat ship fires with them."""
    ut = s.rules.units
    det = any(ut[u.type].detector for u in units)
    dice = s.rules.dice
    modes = b.modes.get(side, {}) if b.modes else {}
    halve = _air_vs_lone_sub(s, b, units, side)
    hits: list[tuple] = []
    for u, v in zip(units, values, strict=True):
        t = ut[u.type]
        damaged = u.damage > 0
        base = t.stat(stat, damaged)
        delta = v - base if base > 0 else 0
        air_first = side == "def" and t.props.get("defense_air_first") and modes.get(t.id) != "land"
        for dv, cannot in t.dice(stat, damaged, modes.get(t.id, "")):
            value = max(0, min(dice, dv + delta))
            if halve and t.domain == "air":
                value = (value + 1) // 2 if halve == "half_up" else value // 2
            if value <= 0:
                continue
            r = s.rng.roll(dice)
            if record is not None and u.id not in record:
                record[u.id] = r
            if faces is not None:
                faces.append([t.id, value, r])
            if r <= value:
                hits.append(
                    (cannot, t.domain, det, "air") if air_first else (cannot, t.domain, det)
                )
    return hits


def _air_vs_lone_sub(s: GameState, b: Battle, units: list[Unit], side: str) -> str:
    """seeds/002 "Submarine": aircraft attacking a sub without help roll at half their
    value unless a combat ship (not a transport) is in the round with them."""
    how = s.rules.options.get("wg_air_vs_lone_sub", "")
    if not how or side != "att":
        return ""
    ut = s.rules.units
    att, dfn = sides(s, b)
    enemy = dfn if side == "att" else att
    if not enemy or not all(ut[u.type].submerge and ut[u.type].first_strike for u in enemy):
        return ""
    return "" if any(ut[u.type].is_warship for u in units) else how


def _roll(
    s: GameState,
    units: list[Unit],
    values: list[int],
    air_superiority: bool = False,
    selection: list[tuple[int, tuple[str, ...]]] | None = None,
    record: dict[int, int] | None = None,
    faces: list | None = None,
) -> tuple[list[tuple], list[int]]:
    """Hits as (cannot_target, firer domain, side has detector) keys, plus the rolls. With
    ``air_superiority`` the hits of units with that flag carry a fourth element, "air":
    they go to aircraft first (Global War T 9-1). With ``selection`` (per unit: target
    selection number and classes), a hit rolled at or under the number carries a fifth
    element, the classes the firing side picks its victim from (("*",): any)."""
    ut = s.rules.units
    det = any(ut[u.type].detector for u in units)
    dice = s.rules.dice
    hits = []
    rolls = []
    for i, (u, v) in enumerate(zip(units, values, strict=True)):
        if v <= 0:
            continue
        r = s.rng.roll(dice)
        rolls.append(r)
        if record is not None:
            record[u.id] = r
        if faces is not None:
            faces.append([u.type, v, r])
        if r <= v:
            t = ut[u.type]
            pref = "air" if air_superiority and t.air_superiority else ""
            if selection is not None and r <= selection[i][0]:
                hits.append((t.cannot_target, t.domain, det, pref, selection[i][1] or ("*",)))
            elif pref:
                hits.append((t.cannot_target, t.domain, det, pref))
            else:
                hits.append((t.cannot_target, t.domain, det))
    return hits, rolls


def target_selection(
    s: GameState, units: list[Unit], zone: int, side: str
) -> list[tuple[int, tuple[str, ...]]] | None:
    """Per unit, its target selection number and the classes it picks from (T 9-1): the
    unit type's own, or the terrain's for defenders (§1.16 infantry-class in a city: 1 vs
    vehicles), the larger. None when nobody has any (the usual case, kept fast)."""
    ut = s.rules.units
    out = [(ut[u.type].target_selection, ut[u.type].target_selection_of) for u in units]
    if side == "def" and s.board.is_land(zone):
        names = [s.board.terrain[zone]]
        extra = city_terrain(s, zone)
        if extra and extra != names[0]:
            names.append(extra)
        for name in names:
            ter = s.rules.terrain_of(name)
            tab = ter.defense_target_selection
            if not tab:
                continue
            for i, u in enumerate(units):
                n = tab.get(u.type, tab.get(ut[u.type].domain, 0))
                if n > out[i][0]:
                    of = ter.target_selection_of_types
                    picks = of.get(u.type, of.get(ut[u.type].domain)) if of else None
                    out[i] = (n, ter.target_selection_of if picks is None else picks)
    return out if any(n for n, _ in out) else None


def _breakdowns(s: GameState, b: Battle, rolled: dict[int, int]) -> None:
    """§1.9 desert breakdown: attackers whose roll reached the ``breakdown`` number of a
    terrain that applies to them (the zone's, or border terrain they crossed this round)
    leave the battle for the friendly land zone they attacked from (a choice: the rulebook
    says "must retreat"; a unit that came from the sea stays and fights on)."""
    rules = s.rules
    zone = b.zone
    zone_ter = [s.board.terrain[zone]]
    extra = city_terrain(s, zone)
    if extra:
        zone_ter.append(extra)
    bt_on = b.round <= int(rules.options["border_terrain_rounds"])
    from gamecore.rules.movement import MoveContext

    ctx = None
    gone = []
    for uid in sorted(rolled):
        u = s.units.get(uid)
        if u is None or u.zone != zone:
            continue
        o = s.origins.get(uid)
        names = list(zone_ter)
        if bt_on and o is not None:
            names += sorted(s.board.border_terrain.get((zone, o), ()))
        t = rules.units[u.type]
        broke = False
        for name in names:
            ter = rules.terrain_of(name)
            if ter.breakdown and rolled[uid] >= ter.breakdown and _is_of(t, ter.breakdown_of):
                broke = True
                break
        if not broke or o is None or o == zone or not s.board.is_land(o):
            continue
        if ctx is None:
            ctx = MoveContext(s, b.attacker, combat=False)
        if ctx.status(o) != "F":
            continue
        s.move_unit(uid, o, flags=u.flags | RETREATED | FOUGHT)
        gone.append(uid)
    if gone:
        s.event("breakdown", zone=zone, units=gone)


def _is_of(t, classes: tuple[str, ...]) -> bool:
    if "*" in classes:
        return True
    return t.domain in classes or t.id in classes or t.props.get("class") in classes


def _roll_fixed(s: GameState, dice: list[tuple[int, tuple]]) -> list[tuple]:
    """Hits of dice that belong to no unit (a fortification's first strike)."""
    return [key for value, key in dice if s.rng.roll(s.rules.dice) <= value]


def order_units(s: GameState, units: list[Unit], profile: str, attacker: bool, zone: int):
    """Casualty order: first to go first."""
    ut = s.rules.units

    def key(u: Unit):
        t = ut[u.type]
        if profile == "preserve_attack":
            return (t.attack, t.cost, u.id)
        if profile == "preserve_defense":
            return (t.defense, t.cost, u.id)
        if profile == "keep_land":
            return (t.domain == "land", t.cost, u.id)
        return (t.cost, t.attack + t.defense, u.id)

    order = sorted(units, key=key)
    if attacker and s.board.is_land(zone):
        # keep the best unit that can take the zone for last
        cap = [u for u in order if ut[u.type].domain == "land" and not ut[u.type].cannot_capture]
        if cap:
            best = max(cap, key=lambda u: (ut[u.type].cost, u.id))
            order.remove(best)
            order.append(best)
    return order


def assign_hits(
    s: GameState,
    targets: list[Unit],
    hits: list[tuple],
    profile: str,
    attacker: bool,
    zone: int,
    exclude: set[int] | frozenset[int] = frozenset(),
    double: frozenset[int] = frozenset(),
) -> tuple[list[Unit], dict[int, int]]:
    """Owner's casualty choice by ``profile``: returns (killed, {unit: new damage}).
    A hit with a preferred domain (air superiority) goes to a unit of that domain when
    one is eligible. A hit on a unit of ``double`` takes a second unit of ``double``
    eligible for it (double casualties, Global War §9.2)."""
    if not hits or not targets:
        return [], {}
    ut = s.rules.units
    order = [u for u in order_units(s, targets, profile, attacker, zone) if u.id not in exclude]
    first = s.rules.options.get("border_casualties_first")
    if attacker and first and s.battle is not None and s.board.is_land(zone):
        # seeds/003 River and Mountain rules: while the effect lasts, the attacker's
        # losses come from the land units that crossed it first
        crossers = border_crossers(s, zone, order, first, s.battle.round)
        if crossers:
            order = [u for u in order if u.id in crossers] + [
                u for u in order if u.id not in crossers
            ]
    if attacker and s.rules.options.get("amphibious_casualties_first"):
        # §9.8: with land-side attackers in the battle, amphibious units go first
        order = [u for u in order if u.flags & AMPHIB] + [u for u in order if not u.flags & AMPHIB]
    hp = {u.id: ut[u.type].hits - u.damage for u in order}
    absorb = s.rules.options["two_hit_absorb_first"]
    elig_count = {k: sum(_eligible(ut[u.type], k) for u in order) for k in set(hits)}
    killed: list[Unit] = []
    # target-selection hits first (the firing side picks), then by how few units fit
    for k in sorted(hits, key=lambda k: (len(k) < 5, elig_count[k], repr(k))):
        alive = [u for u in order if hp[u.id] > 0 and _eligible(ut[u.type], k)]
        if not alive:
            continue
        if len(k) > 3 and k[3]:
            alive = [u for u in alive if ut[u.type].domain == k[3]] or alive
        target = None
        if len(k) > 4:
            # T 9-1: the firing side picks; the engine's pick is the most expensive unit
            # of the classes allowed (a damaged one first, then the lowest id)
            picks = [u for u in alive if _is_of(ut[u.type], k[4])]
            if picks:
                target = max(picks, key=lambda u: (ut[u.type].cost, -hp[u.id], -u.id))
        if target is None:
            armed = [u for u in alive if not ut[u.type].defenseless] or alive
            if absorb:
                target = next((u for u in armed if hp[u.id] > 1), None)
            if target is None:
                target = armed[0]
        hp[target.id] -= 1
        if hp[target.id] == 0:
            killed.append(target)
        if target.id in double:
            other = [u for u in order if u.id in double and hp[u.id] > 0 and u is not target]
            second = next((u for u in other if _eligible(ut[u.type], k)), None)
            if second is not None:
                hp[second.id] -= 1
                if hp[second.id] == 0:
                    killed.append(second)
    damaged = {
        u.id: ut[u.type].hits - hp[u.id]
        for u in order
        if hp[u.id] > 0 and hp[u.id] < ut[u.type].hits - u.damage
    }
    return killed, damaged


def _kill(s: GameState, u: Unit, reason: str) -> None:
    if u.id not in s.units:
        return
    removed = s.remove_unit(u.id, reason)
    if s.airlift and s.battle is not None and s.battle.round <= 1:
        # §9.15: the aircraft of an Airborne Assault lost in round 1 takes its load along
        for para, plane in sorted(s.airlift.items()):
            if plane == u.id and para in s.units:
                removed += s.remove_unit(para, reason)
    if s.log_mode in EVENT_LOGS:
        s.event("lost", unit=u.id, type=u.type, nation=u.nation, zone=u.zone, reason=reason)
        for cid in removed[1:]:
            s.event("lost", unit=cid, zone=u.zone, reason="cargo")


def _apply_casualties(s: GameState, killed: list[Unit], damaged: dict[int, int]) -> None:
    for uid, d in damaged.items():
        if uid in s.units:
            s.set_unit(uid, damage=d)
    for u in killed:
        _kill(s, u, "combat")


def fight_round(s: GameState, b: Battle, att: list[Unit], dfn: list[Unit]) -> None:
    ut = s.rules.units
    opts = s.rules.options
    att_det = any(ut[u.type].detector for u in att)
    def_det = any(ut[u.type].detector for u in dfn)
    # first strike in every round (A&A subs) or in the first N rounds (Global War T 9-1);
    # air superiority: fighters' hits go to aircraft first in the first N rounds
    fsr = int(opts["first_strike_rounds"] or 0)
    fs_on = not fsr or b.round <= fsr
    asr = int(opts["air_superiority_rounds"] or 0)
    sup = bool(asr) and b.round <= asr
    # 1. surprise strike: first-strike units fire first unless the enemy has a detector;
    #    their victims are removed before they can fire back. The borders crossed may add
    #    the defender's own first-strike dice (fortifications) and double casualties.
    # seeds/003 SUBMARINE SPECIAL RULES: the types of ``first_strike_every_round`` strike
    # first on every round, whatever ``first_strike_rounds`` says for the others
    every = opts["first_strike_every_round"]
    attack_only = opts["first_strike_attack_only"]  # first strike only when attacking
    fs_att = [
        u for u in att if ut[u.type].first_strike and not def_det and (fs_on or u.type in every)
    ]
    fs_def = [
        u
        for u in dfn
        if ut[u.type].first_strike
        and u.type not in attack_only
        and not att_det
        and (fs_on or u.type in every)
    ]
    fixed = border_first_strike(s, b, att) if s.board.is_land(b.zone) else []
    double = double_casualty_units(s, b, att) if fixed or s.rules.borders else frozenset()
    if s.rules.options.get("amphibious_double_casualties"):
        double = double | amphibious_doubles(s, b, att)
    doomed = set(b.doomed) if b.round == 1 else set()
    report: dict = {"zone": b.zone, "round": b.round}
    rolled: dict[int, int] = {}  # attackers' rolls (desert breakdown)
    # the play mode's log shows each die: [[first strike att, def], [general att, def]]
    dice: list[list[list]] | None = [[[], []], [[], []]] if s.log_mode == "play" else None
    fs_faces = dice[0] if dice is not None else [None, None]
    gen_faces = dice[1] if dice is not None else [None, None]
    if fs_att or fs_def or fixed:
        h_att = _volley(s, b, fs_att, "att", sup, rolled, fs_faces[0])
        h_def = _volley(s, b, fs_def, "def", sup, None, fs_faces[1])
        h_def += _roll_fixed(s, fixed)
        k_def, d_def = assign_hits(s, dfn, h_att, b.profiles["def"], False, b.zone, doomed)
        k_att, d_att = assign_hits(
            s, att, h_def, b.profiles["att"], True, b.zone, doomed, double=double
        )
        _apply_casualties(s, k_def, d_def)
        _apply_casualties(s, k_att, d_att)
        report["first_strike"] = [len(h_att), len(h_def)]
        fired = {u.id for u in fs_att} | {u.id for u in fs_def}
        att = [u for u in att if u.id in s.units and u.id not in fired]
        dfn = [u for u in dfn if u.id in s.units and u.id not in fired]
        att = [s.units[u.id] for u in att]
        dfn = [s.units[u.id] for u in dfn]
        targets_att = [s.units[u.id] for u in sides(s, b)[0]]
        targets_def = [s.units[u.id] for u in sides(s, b)[1]]
    else:
        targets_att, targets_def = att, dfn
    if b.round == 1 and opts.get("wg_loss_of_surprise") and s.board.is_land(b.zone):
        quiet = wargame.surprise_lost(s, att)  # seeds/002 §4.5: they may still be hit
        if quiet:
            att = [u for u in att if u.id not in quiet]
            s.event("surprise_lost", zone=b.zone, units=sorted(quiet))
    # 2. general fire, casualties removed after both sides rolled
    h_sub: list = []
    if opts.get("wg_transports_no_return") and s.board.is_sea(b.zone):
        # seeds/002 "Submarine": a transport hit by a sub never fires back - the
        # attacking subs' hits are placed first and transports they sink do not roll
        subs = [u for u in att if ut[u.type].first_strike]
        if subs and any(ut[u.type].transport_capacity for u in dfn):
            h_sub = _volley(s, b, subs, "att", sup, rolled, gen_faces[0])
            k_sub, d_sub = assign_hits(
                s, targets_def, h_sub, b.profiles["def"], False, b.zone, doomed
            )
            sunk = {u.id for u in k_sub if ut[u.type].transport_capacity}
            dfn = [u for u in dfn if u.id not in sunk]
            att = [u for u in att if not ut[u.type].first_strike]
            h_def = _volley(s, b, dfn, "def", sup, None, gen_faces[1])
            _apply_casualties(s, k_sub, d_sub)
            targets_def = [s.units[u.id] for u in sides(s, b)[1]]
            h_att = _volley(s, b, att, "att", sup, rolled, gen_faces[0])
        else:
            h_att = _volley(s, b, att, "att", sup, rolled, gen_faces[0])
            h_def = _volley(s, b, dfn, "def", sup, None, gen_faces[1])
    else:
        h_att = _volley(s, b, att, "att", sup, rolled, gen_faces[0])
        h_def = _volley(s, b, dfn, "def", sup, None, gen_faces[1])
    k_def, d_def = assign_hits(s, targets_def, h_att, b.profiles["def"], False, b.zone, doomed)
    k_att, d_att = assign_hits(
        s, targets_att, h_def, b.profiles["att"], True, b.zone, doomed, double=double
    )
    _apply_casualties(s, k_def, d_def)
    _apply_casualties(s, k_att, d_att)
    if doomed:
        for uid in sorted(doomed):
            u = s.units.get(uid)
            if u is not None:
                _kill(s, u, "combat")
        b.doomed = ()
    report["hits"] = [len(h_att) + len(h_sub), len(h_def)]
    if dice is not None:
        report["dice"] = dice
    s.event("round", **report)
    if rolled and _breakdown_possible(s):
        _breakdowns(s, b, rolled)
    if rolled and opts.get("wg_hostile_terrain"):
        wargame.hostile_combat_losses(s, b.zone, rolled)  # seeds/002 §4.9


def _breakdown_possible(s: GameState) -> bool:
    hit = s.board.cache.get("breakdown")
    if hit is None:
        hit = s.board.cache["breakdown"] = any(t.breakdown for t in s.rules.terrain.values())
    return hit


# ---------------------------------------------------------------------- before round 1
def pre_battle(s: GameState, b: Battle) -> bool:
    """The steps before round 1, in order: scrambles, kamikaze strikes, then AA fire,
    coastal fire and bombardment, amphibious hold-outs. A step whose decision the game
    offers (``decisions`` "scramble", "kamikaze") asks its owner and returns False; the
    answer resumes here. Not offered, each follows its default policy (all it may)."""
    opts = s.rules.options
    if b.pre_stage == 0:
        b.pre_stage = 1
        if s.board.is_sea(b.zone) and opts.get("scramble"):
            room = len(scramble_candidates(s, b))  # how many scramble (default: all)
            d = Decision(b.defender or b.attacker, "scramble", str(room))
            if room and decide(s, b, d, Action("scramble", count=room)):
                return False
    if b.pre_stage == 1:
        b.pre_stage = 2
        if opts.get("kamikaze") and s.board.is_sea(b.zone):
            nation, room = kamikaze_room(s, b)  # tokens spent (default: all it may)
            if not room:
                kamikaze(s, b)  # nothing to choose (a token-less strike is still logged)
            elif decide(
                s, b, Decision(nation, "kamikaze", str(room)), Action("kamikaze", count=room)
            ):
                return False
    b.pre_stage = 3
    att, dfn = sides(s, b)
    if opts.get("aa_fire") and att and dfn:
        doom = bool(opts.get("aa_victims_fire"))
        aa_fire(s, b, att, dfn, doom=doom)
        if opts.get("aa_fire_attacker"):
            # Global War §12.2: "An Attacking or Defending AA Artillery rolls ..."
            att, dfn = sides(s, b)
            if att and dfn:
                aa_fire(s, b, dfn, att, attacking_guns=True, doom=doom)
    coastal = coastal_fire(s, b) if s.board.is_land(b.zone) else None
    if opts.get("shore_bombardment") and s.board.is_land(b.zone):
        bombard(s, b)
    if opts.get("wg_support_shots") and s.board.is_land(b.zone):
        support_fire(s, b)
    if coastal:  # fired at the same time as the bombardment (§9.9): removed now
        _apply_casualties(s, *coastal)
    first = opts.get("amphibious_first_round") or ()
    if first and s.board.is_land(b.zone):
        # §9.8: only aircraft and these classes attack from the sea in round 1
        ut = s.rules.units
        b.waiting = tuple(
            sorted(
                u.id
                for u in sides(s, b)[0]
                if u.flags & AMPHIB
                and not u.flags & ASSAULT  # any land unit attacks from an Attack Transport
                and ut[u.type].domain == "land"
                and not _is_of(ut[u.type], first)
            )
        )
    return True


def aa_fire(
    s: GameState,
    b: Battle,
    att: list[Unit],
    dfn: list[Unit],
    attacking_guns: bool = False,
    doom: bool = False,
) -> None:
    """Defending AA fires once at attacking air before the first round (rules-notes/004
    §4.4); each AA unit has ``aa_shots`` shots, one per target, hitting on ``aa_value``.
    ``attacking_guns``: the attacker's guns (``dfn``, the firing side) fire at the
    defender's aircraft (``att``, the targets) instead (option ``aa_fire_attacker``).
    ``doom``: the aircraft shot down still fire in round 1 and are removed after it
    (option ``aa_victims_fire``, Global War §12.2), like bombardment victims."""
    ut = s.rules.units
    guns = [u for u in dfn if ut[u.type].aa_shots and ut[u.type].aa_value]
    if not guns:
        return
    domains = set()
    for g in guns:
        domains.update(ut[g.type].aa_targets)
    targets = [u for u in att if ut[u.type].domain in domains]
    if not targets:
        return
    left = len(targets)
    hits = 0
    dice = s.rules.dice
    for g in guns:
        t = ut[g.type]
        n = min(t.aa_shots, left)
        left -= n
        for _ in range(n):
            if s.rng.roll(dice) <= t.aa_value:
                hits += 1
        if left <= 0:
            break
    if hits:
        key = (tuple(d for d in ("land", "sea", "facility", "air") if d not in domains), "aa", True)
        side = "def" if attacking_guns else "att"
        killed, damaged = assign_hits(
            s, targets, [key] * hits, b.profiles[side], not attacking_guns, b.zone, set(b.doomed)
        )
        if doom:
            _apply_casualties(s, [], damaged)
            b.doomed = tuple(sorted({*b.doomed, *(u.id for u in killed)}))
        else:
            _apply_casualties(s, killed, damaged)
    ev = {"side": "attacker"} if attacking_guns else {}
    s.event("aa", zone=b.zone, shots=len(targets) - max(left, 0), hits=hits, **ev)


def _bombarding_ships(s: GameState, b: Battle) -> tuple[list[Unit], list[Unit], list[int]]:
    """(landed land units, ships that will bombard, sea zones landed from)."""
    ut = s.rules.units
    att, dfn = sides(s, b)
    landed = [u for u in att if u.flags & AMPHIB and ut[u.type].domain == "land"]
    if not landed or not dfn:
        return landed, [], []
    seas = sorted({s.amph_from[u.id] for u in landed if u.id in s.amph_from})
    ships = []
    if s.rules.options.get("shore_bombardment"):
        for z in seas:
            for uid in s.units_in(z):
                u = s.units[uid]
                t = ut[u.type]
                if u.nation == b.attacker and t.bombard and not u.on and not u.flags & FOUGHT:
                    ships.append(u)
        if s.rules.options["bombard_per_landed_unit"]:
            ships = ships[: len(landed)]
    return landed, ships, seas


def coastal_fire(s: GameState, b: Battle) -> tuple[list[Unit], dict[int, int]] | None:
    """§12.9 / §9.9: the defender's coastal artillery in the zone fires one shot at
    ``coastal_value`` per attacking ship that bombards or unloaded the invasion, at most
    ``coastal_shots`` per facility, as first strike. The attacker takes the losses by its
    casualty profile, transports not kept for last. Returns (killed, damaged), applied
    after the bombardment (both fire at the same time)."""
    fts = s.rules.facility_types
    guns = []
    for f in s.facilities_in(b.zone):
        ft = fts.get(f.type)
        if ft is not None and ft.coastal_shots and ft.coastal_value and s.facility_operative(f):
            guns.append(ft)
    if not guns or not s.amph_from:
        return None
    landed, ships, seas = _bombarding_ships(s, b)
    if not landed:
        return None
    ut = s.rules.units
    seen = {u.id for u in ships}
    for z in seas:
        for uid in s.units_in(z):
            u = s.units[uid]
            if u.nation == b.attacker and ut[u.type].transport_capacity and uid not in seen:
                if u.flags & UNLOADED:
                    ships.append(u)
                    seen.add(uid)
    if not ships:
        return None
    left = len(ships)
    hits = 0
    for ft in guns:
        n = min(ft.coastal_shots, left)
        left -= n
        hits += sum(1 for _ in range(n) if s.rng.roll(s.rules.dice) <= ft.coastal_value)
        if left <= 0:
            break
    s.event("coastal_artillery", zone=b.zone, shots=len(ships) - max(left, 0), hits=hits)
    if not hits:
        return None
    order = order_units(s, ships, b.profiles["att"], False, b.zone)
    hp = {u.id: ut[u.type].hits - u.damage for u in order}
    absorb = s.rules.options["two_hit_absorb_first"]
    for _ in range(hits):
        alive = [u for u in order if hp[u.id] > 0]
        if not alive:
            break
        target = next((u for u in alive if hp[u.id] > 1), None) if absorb else None
        hp[(target or alive[0]).id] -= 1
    killed = [u for u in order if hp[u.id] <= 0]
    damaged = {
        u.id: ut[u.type].hits - hp[u.id] for u in order if 0 < hp[u.id] < ut[u.type].hits - u.damage
    }
    return killed, damaged


def bombard(s: GameState, b: Battle) -> None:
    """Shore bombardment in support of an amphibious assault (rules-notes/004 §4.5)."""
    ut = s.rules.units
    landed, ships, _ = _bombarding_ships(s, b)
    dfn = sides(s, b)[1]
    if not landed or not dfn or not ships:
        return
    dice = s.rules.dice
    hits = 0
    for u in ships:
        t = ut[u.type]
        # seeds/002 §4.5: a battleship bombards with both its dice (8 and 6)
        for v in t.bombard_rolls or (t.bombard,):
            if s.rng.roll(dice) <= v:
                hits += 1
        s.set_unit(u.id, flags=u.flags | FOUGHT)
    if hits:
        key = ((), "sea", True)
        killed, damaged = assign_hits(
            s, dfn, [key] * hits, b.profiles["def"], False, b.zone, set(b.doomed)
        )
        for uid, d in damaged.items():
            s.set_unit(uid, damage=d)
        if s.rules.options["bombard_victims_fire"]:
            b.doomed = tuple(sorted({*b.doomed, *(u.id for u in killed)}))
        else:  # first strike (Global War §9.9): removed before they fire
            for u in killed:
                _kill(s, u, "combat")
    s.event("bombard", zone=b.zone, ships=len(ships), hits=hits)


# ---------------------------------------------------------- naval pass-through (seeds/002)
def _passers(s: GameState, zone: int | None = None) -> list[Unit]:
    """Ships of the attacking nations passing through ``zone`` (any zone: None)."""
    nations = attacking_nations(s)
    return [
        u
        for u in s.units.values()
        if u.flags & PASSING
        and u.nation in nations
        and (zone is None or s.origins.get(u.id) == zone)
    ]


def _awaiting_passes(s: GameState) -> set[int]:
    """Zones holding ships whose pass-through is not decided yet."""
    return {u.zone for u in _passers(s)}


def _turn_back(s: GameState, units: list[Unit], zone: int) -> list[Unit]:
    """Failed passers go back into the zone they tried to pass, with their cargo."""
    back = []
    for u in units:
        for cid in [i for i in s.units_in(u.zone) if s.units[i].on == u.id]:
            s.move_unit(cid, zone)
        s.move_unit(u.id, zone, flags=(u.flags & ~PASSING) | FOUGHT)
        back.append(s.units[u.id])
    return back


def unassisted_passes(s: GameState) -> None:
    """seeds/002 §4.6: "part of a fleet fights in sea zone 1 so the rest can go on": ships
    passing a zone where none of their side attacks stay there and fight (a failed pass)."""
    by_zone: dict[int, list[Unit]] = {}
    for u in _passers(s):
        by_zone.setdefault(s.origins[u.id], []).append(u)
    nations = attacking_nations(s)
    for z, units in sorted(by_zone.items()):
        if not any(
            s.units[i].nation in nations and not s.units[i].flags & PASSING for i in s.units_in(z)
        ):
            _turn_back(s, units, z)
            s.event("pass_through", zone=z, units=[u.id for u in units], passed=False)


def resolve_passes(s: GameState, b: Battle) -> None:
    """After round 1 of the battle in the zone being passed (seeds/002 §4.6): with no
    enemy combat ship left there (transports do not stop a pass), the passing ships got
    through; else they stay in this zone and fire their round-1 shots here at once."""
    passers = _passers(s, b.zone)
    if not passers:
        return
    ut = s.rules.units
    dfn = sides(s, b)[1]
    blocked = any(ut[u.type].is_warship and not ut[u.type].transport_capacity for u in dfn)
    if not blocked:
        for u in passers:
            s.set_unit(u.id, flags=u.flags & ~PASSING)
        s.event("pass_through", zone=b.zone, units=[u.id for u in passers], passed=True)
        return
    back = _turn_back(s, passers, b.zone)
    s.event("pass_through", zone=b.zone, units=[u.id for u in back], passed=False)
    hits = _volley(s, b, back, "att", False)
    if hits:
        killed, damaged = assign_hits(s, dfn, hits, b.profiles["def"], False, b.zone)
        _apply_casualties(s, killed, damaged)


def support_fire(s: GameState, b: Battle) -> None:
    """seeds/002 "Artillery" support shots (rules-notes/002 §3, §4.2): before round 1's
    casualties, artillery in neighbouring zones fires once into the attack; the victims
    are chosen by the defender and still fire in round 1 (the casualty line). The guns
    never become casualties and count as having fought."""
    dfn = sides(s, b)[1]
    if not dfn:
        return
    guns = wargame.support_artillery(s, b.zone, attacking_nations(s))
    if not guns:
        return
    ut = s.rules.units
    det = any(ut[u.type].detector for u in sides(s, b)[0])
    hits = []
    for u in guns:
        t = ut[u.type]
        for v, cannot in t.dice("attack", u.damage > 0):
            if s.rng.roll(s.rules.dice) <= v:
                hits.append((cannot, t.domain, det))
        s.set_unit(u.id, flags=u.flags | FOUGHT)
        s.remember("wg_supported", unit=u.id, zone=b.zone)  # it may follow (noncombat)
    if hits:
        killed, damaged = assign_hits(s, dfn, hits, b.profiles["def"], False, b.zone, set(b.doomed))
        for uid, d in damaged.items():
            s.set_unit(uid, damage=d)
        b.doomed = tuple(sorted({*b.doomed, *(u.id for u in killed)}))
    s.event("support_fire", zone=b.zone, units=[u.id for u in guns], hits=len(hits))


def scramble_candidates(s: GameState, b: Battle) -> list[tuple[int, int]]:
    """(fighter, air base zone) that may scramble into the sea zone's battle, in the order
    they go: defending fighters on an operative air base next to it, up to each base's
    limit, when the defender has units there (rules-notes/004 §4.7)."""
    ut = s.rules.units
    en = s.enemies(b.attacker)
    if not sides(s, b)[1]:
        return []
    out = []
    for land in s.board.coast.get(b.zone, ()):
        if s.owner.get(land) not in en:
            continue
        limit = 0
        for f in s.facilities_in(land):
            ft = s.rules.facility_types.get(f.type)
            if ft and ft.scramble and s.facility_operative(f):
                # seeds/000 §7.8 Radar: air bases scramble any number of fighters
                limit += tech.facility_value(s, s.owner.get(land), ft, "scramble")
        if not limit:
            continue
        for uid in s.units_in(land):
            if limit <= 0:
                break
            u = s.units[uid]
            if u.nation in en and ut[u.type].scramble and not u.flags & SCRAMBLED:
                out.append((uid, land))
                limit -= 1
    return out


def scramble(s: GameState, b: Battle, count: int | None = None) -> None:
    """The first ``count`` candidates scramble (None: all, the default policy)."""
    moved = list(b.scrambled)
    for uid, land in scramble_candidates(s, b)[:count]:
        u = s.units[uid]
        s.move_unit(uid, b.zone, flags=u.flags | SCRAMBLED)
        moved.append((uid, land))
    if len(moved) != len(b.scrambled):
        s.event("scramble", zone=b.zone, units=[m[0] for m in moved[len(b.scrambled) :]])
    b.scrambled = tuple(moved)


def kamikaze_room(s: GameState, b: Battle) -> tuple[str, int]:
    """(nation K, tokens it may spend) in a kamikaze zone of K whose units are attacked
    there: up to ``kamikaze_per_battle`` and one per attacking surface warship."""
    k = s.board.kamikaze_zones.get(b.zone)
    if k is None:
        return "", 0
    ut = s.rules.units
    att, dfn = sides(s, b)
    owners = {u.nation for u in dfn}
    nation = k or (b.defender or "")
    if nation not in owners or s.tokens.get(nation, 0) <= 0:
        return nation, 0
    targets = [u for u in att if ut[u.type].is_surface_warship]
    n = min(s.tokens[nation], int(s.rules.options["kamikaze_per_battle"]), len(targets))
    return nation, n


def kamikaze(s: GameState, b: Battle, spend: int | None = None) -> None:
    """Kamikaze strikes (rules-notes/004 §4.8): in a kamikaze zone of nation K whose units
    are attacked there, K spends tokens (``spend``; None: as many as it may, the default
    policy), each rolling one die against an attacking surface warship (hit on
    ``kamikaze_value``), before the battle."""
    nation, room = kamikaze_room(s, b)
    ut = s.rules.units
    targets = [u for u in sides(s, b)[0] if ut[u.type].is_surface_warship]
    if (
        not targets
        or s.tokens.get(nation, 0) <= 0
        or nation not in {u.nation for u in sides(s, b)[1]}
    ):
        return
    n = room if spend is None else min(spend, room)
    opts = s.rules.options
    value = int(opts["kamikaze_value"])
    hits = sum(1 for _ in range(n) if s.rng.roll(s.rules.dice) <= value)
    s.tokens[nation] -= n
    if hits:
        key = (("land", "air", "facility"), "kamikaze", True)
        killed, damaged = assign_hits(s, targets, [key] * hits, b.profiles["att"], True, b.zone)
        _apply_casualties(s, killed, damaged)
    s.event("kamikaze", zone=b.zone, nation=nation, tokens=n, hits=hits)


def release_waiting(s: GameState, b: Battle) -> None:
    """After round 1 of an amphibious assault (§9.8): the held-out land units join if an
    amphibious unit of the first-round classes survived; otherwise they go back aboard a
    transport of theirs in the sea zone they landed from (a choice), or are lost when none
    is left there."""
    ut = s.rules.units
    first = s.rules.options.get("amphibious_first_round") or ()
    held, b.waiting = b.waiting, ()
    att, _ = sides(s, b)
    if any(u.flags & AMPHIB and _is_of(ut[u.type], first) for u in att):
        s.event("amphibious_join", zone=b.zone, units=list(held))
        return
    back, lost = [], []
    for uid in held:
        u = s.units.get(uid)
        if u is None:
            continue
        sea = s.amph_from.get(uid)
        ship = None
        if sea is not None:
            ship = next(
                (
                    x
                    for x in s.units_in(sea)
                    if s.units[x].nation == u.nation and ut[s.units[x].type].transport_capacity
                ),
                None,
            )
        if ship is None:
            _kill(s, u, "combat")
            lost.append(uid)
            continue
        s.move_unit(uid, sea, on=ship, flags=(u.flags & ~AMPHIB) | RETREATED | FOUGHT)
        s.amph_from.pop(uid, None)
        back.append(uid)
    s.event("amphibious_back", zone=b.zone, units=back, lost=lost)


def amphibious_doubles(s: GameState, b: Battle, att: list[Unit]) -> frozenset[int]:
    """§9.2 / §9.8: amphibious land units take double casualties in the first N rounds,
    except the exempt unit types (Marines)."""
    n = int(s.rules.options["amphibious_double_casualties"] or 0)
    if not n or b.round > n:
        return frozenset()
    ut = s.rules.units
    exempt = s.rules.options.get("amphibious_double_exempt") or ()
    return frozenset(
        u.id
        for u in att
        if u.flags & AMPHIB
        and not u.flags & ASSAULT  # §9.8: no double casualties from an Attack Transport
        and ut[u.type].domain == "land"
        and u.type not in exempt
    )


# ---------------------------------------------------------------------- ending
def retreat_zones(s: GameState, b: Battle) -> list[int]:
    opts = s.rules.options
    if b.kind == "bomb" or not opts.get("attacker_retreat"):
        return []
    if b.round < int(opts["attacker_retreat_from_round"]):
        return []
    att, dfn = sides(s, b)
    if not att or not dfn:
        return []
    ut = s.rules.units
    board = s.board
    from gamecore.rules.movement import MoveContext

    ctx = MoveContext(s, b.attacker, combat=False)
    surface = [u for u in att if ut[u.type].domain != "air"]
    if board.is_land(b.zone):
        if not opts.get("amphibious_retreat") and any(u.flags & AMPHIB for u in surface):
            if not opts.get("partial_amphibious_retreat"):
                return []
            # G40 2E (issue #23 point 4): aircraft and the land units that came over land
            # may retreat; the units that landed from the sea stay and fight on
            surface = [u for u in surface if not u.flags & AMPHIB]
            if not surface and not any(ut[u.type].domain == "air" for u in att):
                return []
        if any(u.flags & AIRBORNE for u in surface):
            return []  # §9.15 "An Airborne Assaulting unit cannot retreat from combat"
        if not surface:
            return [b.zone]  # air breaks off (it lands in non-combat move)
        zs = {s.origins.get(u.id) for u in surface}
        nb = set(board.nbrs[b.zone])
        return sorted(
            z
            for z in zs
            if z is not None
            and z in nb
            and board.is_land(z)
            and ctx.status(z) == "F"
            and not wargame.hostile_border(s, z, b.zone)  # seeds/002 §4.9: no retreat over
        )
    if not surface:
        return [b.zone]
    zs = {s.origins.get(u.id) for u in surface}
    nb = set(board.sea_nbrs[b.zone])
    return sorted(z for z in zs if z is not None and z in nb and z not in ctx.enemy_any)


def defender_retreat_zones(s: GameState, b: Battle) -> list[int]:
    """Where the defender may retreat, when the ruleset lets defenders retreat (The War
    Game WWII, rules-notes/002 §4.4): adjacent zones friendly to it and free of enemies."""
    opts = s.rules.options
    if b.kind == "bomb" or not opts.get("defender_retreat") or not b.defender:
        return []
    if b.round < int(opts["defender_retreat_from_round"]):
        return []
    att, dfn = sides(s, b)
    if not att or not dfn:
        return []
    from gamecore.rules.movement import MoveContext

    ctx = MoveContext(s, b.defender, combat=False)
    board = s.board
    if board.is_land(b.zone):
        return [
            z
            for z in board.land_nbrs[b.zone]
            if ctx.status(z) == "F" and not wargame.hostile_border(s, z, b.zone)
        ]
    out = [z for z in board.sea_nbrs[b.zone] if z not in ctx.enemy_any]
    if opts.get("wg_sea_retreat_limits"):
        # seeds/002 "Retreat" (rules-notes/002 §4.4): not where a remaining attacking
        # combat ship came from, nor a zone that had combat this turn
        ut = s.rules.units
        came = {s.origins.get(u.id) for u in att if ut[u.type].is_warship}
        fought = {
            h.get("zone")
            for h in s.history
            if h.get("type") == "attacked" and h.get("round") == s.round and h.get("zone") != b.zone
        }
        out = [z for z in out if z not in came and z not in fought]
    return out


def defender_retreat(s: GameState, b: Battle, zone: int) -> None:
    if zone not in defender_retreat_zones(s, b):
        raise RulesError(f"the defender cannot retreat to zone {zone}")
    _, dfn = sides(s, b)
    ut = s.rules.units
    for u in dfn:
        cargo = s.cargo_of(u.id) if ut[u.type].transport_capacity else []
        s.move_unit(u.id, zone, flags=u.flags | RETREATED)
        for cid in cargo:
            s.move_unit(cid, zone)
    s.event("retreat", zone=b.zone, to=zone, units=len(dfn), side="defender")
    finish(s, b)


def can_air_retreat(s: GameState, b: Battle) -> bool:
    """Seeds/003 RETREATING FROM ATTACKS "AIRCRAFT: May retreat Separate from other unit
    types, in any round instead of rolling, all Aircraft retreat at the same time." (option
    ``air_retreat_apart``): the attacker has aircraft and other units still fighting, and
    may retreat at all this round (``attacker_retreat``, ``attacker_retreat_from_round``)."""
    opts = s.rules.options
    if b.kind == "bomb" or not opts.get("attacker_retreat"):
        return False
    if b.round < int(opts["attacker_retreat_from_round"]):
        return False
    att, dfn = sides(s, b)
    if not dfn:
        return False
    ut = s.rules.units
    air = [u for u in att if ut[u.type].domain == "air"]
    return bool(air) and len(air) < len(att)


def air_retreat(s: GameState, b: Battle) -> None:
    """The attacker's aircraft leave the battle together; the rest fight on. They stay in
    the zone, as aircraft that break off a battle do, and fly to a landing zone "up to
    remaining movement" in non-combat movement."""
    ut = s.rules.units
    air = [u for u in sides(s, b)[0] if ut[u.type].domain == "air"]
    for u in air:
        s.set_unit(u.id, flags=u.flags | RETREATED | FOUGHT)
    s.event("air_retreat", zone=b.zone, nation=b.attacker, units=len(air))


def can_submerge(s: GameState, b: Battle) -> bool:
    if b.kind == "bomb":
        return False
    ut = s.rules.units
    att, dfn = sides(s, b)
    if not dfn or (_detector_blocks(s) and any(ut[u.type].detector for u in dfn)):
        return False
    return any(ut[u.type].submerge for u in att)


def defender_can_submerge(s: GameState, b: Battle) -> bool:
    """The defender has submarines that may submerge: the attacker has no detector
    (destroyer) in the battle."""
    if b.kind == "bomb" or not b.defender:
        return False
    ut = s.rules.units
    att, dfn = sides(s, b)
    if not att or (_detector_blocks(s) and any(ut[u.type].detector for u in att)):
        return False
    return any(ut[u.type].submerge for u in dfn)


def _detector_blocks(s: GameState) -> bool:
    return bool(s.rules.options["submerge_blocked_by_detector"])


def retreat(s: GameState, b: Battle, zone: int) -> bool:
    """The attacker retreats to ``zone``; True when the battle goes on (a partial
    amphibious retreat leaves the units that landed from the sea fighting)."""
    if zone not in retreat_zones(s, b):
        raise RulesError(f"cannot retreat to zone {zone}")
    att, _ = sides(s, b)
    ut = s.rules.units
    stay: list[Unit] = []
    if (
        s.board.is_land(b.zone)
        and s.rules.options.get("partial_amphibious_retreat")
        and not s.rules.options.get("amphibious_retreat")
    ):
        stay = [u for u in att if u.flags & AMPHIB and ut[u.type].domain != "air"]
        att = [u for u in att if u not in stay]
    # seeds/003 RETREATING FROM ATTACKS: land and naval units "must retreat to any adjacent
    # zone that attackers came from. They do not all need to move to the same location, but
    # all must leave the battle at same time": each goes back where it came from when that
    # is a zone the side may retreat to; the others (and aircraft) go to ``zone``
    legal = set(retreat_zones(s, b)) if s.rules.options.get("retreat_to_origins") else set()
    where: dict[int, int] = {}
    for u in att:
        fl = u.flags | RETREATED | FOUGHT
        to = zone
        o = s.origins.get(u.id)
        if legal and ut[u.type].domain != "air" and o in legal and o != b.zone:
            to = o
        where[to] = where.get(to, 0) + 1
        if to == b.zone:
            s.set_unit(u.id, flags=fl)
            continue
        cargo = s.cargo_of(u.id) if ut[u.type].transport_capacity else []
        s.move_unit(u.id, to, flags=fl)
        for cid in cargo:
            s.move_unit(cid, to)
    extra = {"stay": len(stay)} if stay else {}
    if len(where) > 1:
        s.event(
            "retreat", zone=b.zone, to=zone, units=len(att), split=sorted(where.items()), **extra
        )
    else:
        s.event("retreat", zone=b.zone, to=zone, units=len(att), **extra)
    if stay:
        return True
    finish(s, b)
    return False


def landings(s: GameState, sea: int, cleared: bool) -> None:
    """After the sea battle in ``sea``: the land units that landed from it while enemy
    warships held it (option ``contested_landing``, issue #23 point 3) go ahead when the
    attacker cleared the zone; otherwise they go back aboard their transport wherever it
    is now, and are lost with it."""
    mine = sorted(u for u in s.landing if s.amph_from.get(u) == sea)
    back, lost = [], []
    for uid in mine:
        tid = s.landing.pop(uid)
        u = s.units.get(uid)
        if u is None or cleared:
            continue
        tr = s.units.get(tid)
        if tr is None:
            _kill(s, u, "combat")
            lost.append(uid)
            continue
        s.move_unit(uid, tr.zone, on=tid, flags=u.flags & ~AMPHIB)
        s.amph_from.pop(uid, None)
        back.append(uid)
    if back or lost:
        s.event("landing_called_off", zone=sea, units=back, lost=lost)


def finish(s: GameState, b: Battle) -> None:
    if b.waiting:
        release_waiting(s, b)
    if b.doomed:  # shot down or bombarded before a round 1 that was never fought
        for uid in b.doomed:
            u = s.units.get(uid)
            if u is not None:
                _kill(s, u, "combat")
        b.doomed = ()
    att, dfn = sides(s, b)
    ut = s.rules.units
    for u in att:
        s.set_unit(u.id, flags=u.flags | FOUGHT)
    owner = None
    if s.board.is_land(b.zone) and att and not dfn:
        land = [u for u in att if ut[u.type].domain == "land" and not ut[u.type].cannot_capture]
        if land and s.owner.get(b.zone) not in s.friends(b.attacker):
            # the nation with the most land units there takes it (joint attacks)
            counts: dict[str, int] = {}
            for u in land:
                counts[u.nation] = counts.get(u.nation, 0) + 1
            taker = max(sorted(counts), key=lambda x: (counts[x], x == b.attacker))
            owner = control.capture(s, b.zone, taker)
    for uid, home in b.scrambled:
        u = s.units.get(uid)
        if u is None:
            continue
        if s.owner.get(home) in s.friends(u.nation):
            s.move_unit(uid, home, flags=u.flags & ~SCRAMBLED)
    result = "attacker" if att and not dfn else ("defender" if dfn and not att else "draw")
    s.event("battle_end", zone=b.zone, result=result, rounds=b.round, owner=owner)
    if s.landing and s.board.is_sea(b.zone):
        if not dfn and s.rules.options.get("wg_loss_of_surprise"):
            wargame.note_cleared(s, b.zone, att)  # seeds/002 §4.5 loss of surprise
        landings(s, b.zone, cleared=not dfn)
    s.battle = None
    s.decision = None
    control.check_victory(s)


# ---------------------------------------------------------------------- bombing raids
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
    keys = [(("air", "sea", "facility"), "air", False) for _ in hits]
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


# ---------------------------------------------------------------------- options
#: the options this module reads (declared for the rule system: typed, checked at load)
OPTIONS = (
    OptionSpec(
        "combat_resolver",
        "str",
        "dice",
        doc="the combat resolver (gamecore.rules.combat.RESOLVERS): 'dice' rolls per unit, a hit when the roll <= its value",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "casualty_order",
        "str",
        "cheapest",
        choices=CASUALTY_PROFILES,
        doc="default casualty profile (see gamecore.rules.combat)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "casualty_profiles",
        "list",
        ["cheapest", "preserve_attack", "preserve_defense"],
        choices=CASUALTY_PROFILES,
        doc="casualty profiles a side may choose from",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "two_hit_absorb_first",
        "bool",
        True,
        doc="multi-hit units take damage before anything dies",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "aa_alone_defends",
        "bool",
        True,
        doc="false: AA guns (no attack, no defence) alone do not defend a zone; after their "
        "shots at aircraft they are lost without a round and the attacker takes the zone "
        "(G40 2E, issue #23 point 2)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "aa_fire_attacker",
        "bool",
        False,
        doc="the attacker's AA guns fire at the defending aircraft before round 1 too "
        "(after the defender's; Global War §12.2 'An Attacking or Defending AA Artillery')",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "contested_landing",
        "bool",
        False,
        doc="an amphibious assault may unload from a sea zone holding enemy warships: the "
        "sea battle there is fought first; the landing goes ahead if the attacker clears "
        "the zone, else the units go back aboard (or are lost with their transport)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "partial_amphibious_retreat",
        "bool",
        False,
        doc="with amphibious_retreat off: aircraft and the land units that came over land "
        "may still retreat, the units that landed from the sea fight on (G40 2E; TripleA's "
        "'Partial Amphibious Retreat')",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "first_strike_attack_only",
        "list",
        [],
        doc="unit types whose first strike applies only when they attack (Global War §12.2 "
        "artillery: the text does not say; [] is the ruleset's reading, both sides)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "aa_victims_fire",
        "bool",
        False,
        doc="aircraft shot down by AA before round 1 still fire in round 1 and are removed "
        "after it (Global War §12.2 'those aircraft make their Attack/Defense rolls as normal')",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "defender_submerge_from_round",
        "int",
        1,
        doc="decision 'submerge': the first round the defender's submarines may submerge "
        "before (1: before round 1, G40 2E; 2: after one round, Global War §9.4)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "submerge_blocked_by_detector",
        "bool",
        True,
        doc="an enemy detector (destroyer) in the battle forbids submerging (G40 2E); "
        "false: submarines may always submerge (Global War §9.4, §9.10)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "attacker_retreat",
        "bool",
        True,
        doc="the attacker may retreat after a combat round",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "attacker_retreat_from_round",
        "int",
        1,
        doc="may retreat after this many rounds",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "defender_retreat",
        "bool",
        False,
        doc="The War Game: the defender may retreat after a round",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "defender_retreat_from_round",
        "int",
        1,
        doc="the defender may retreat after this many rounds",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "amphibious_retreat",
        "bool",
        False,
        doc="land units landed from the sea may not retreat",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "max_combat_rounds",
        "int",
        0,
        doc="0: until one side is gone or the attacker retreats",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "aa_fire",
        "bool",
        True,
        doc="anti-aircraft guns fire at attacking aircraft before the first round",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "shore_bombardment",
        "bool",
        True,
        doc="warships bombard in support of an amphibious assault",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "bombard_per_landed_unit",
        "bool",
        True,
        doc="at most one bombarding ship per land unit landed",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "unescorted_transports_die",
        "bool",
        True,
        doc="defenceless units left alone against armed enemies are lost",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "first_strike_rounds",
        "int",
        0,
        doc="first-strike units strike first only in the first N rounds (0: every round) (seeds/000 T 9-1)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "shell_facilities",
        "table",
        {},
        doc="seeds/003 shore bombardment of facilities: unit type -> damage cap of its die (empty: no shelling)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "shell_die",
        "int",
        6,
        doc="die of a ship shelling a facility",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "first_strike_every_round",
        "list",
        [],
        doc="unit types whose first strike lasts every round whatever first_strike_rounds says (seeds/003: submarines)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "air_superiority_rounds",
        "int",
        0,
        doc="air-superiority units' hits go to aircraft first in the first N rounds (0: never) (seeds/000 T 9-1)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "city_terrain",
        "str",
        "",
        doc="terrain whose effects a zone flagged city adds to its own ('': none) (seeds/000 §1.16)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "surrounded_city_terrain",
        "str",
        "",
        doc="terrain a surrounded city adds instead ('': none) (seeds/000 §1.16)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "city_supply_facilities",
        "list",
        [],
        doc="facility types that keep a city from being surrounded",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "border_terrain_rounds",
        "int",
        1,
        doc="with roundel_terrain: the terrain crossed to the roundel applies in the first N rounds (seeds/000 §1.7)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "amphibious_first_round",
        "list",
        [],
        doc="unit types, domains or classes of amphibious land units that attack in round 1 ([]: all) (seeds/000 §9.8)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "amphibious_double_casualties",
        "int",
        0,
        doc="amphibious land units take double casualties in the first N rounds (0: never) (seeds/000 §9.9)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "amphibious_double_exempt",
        "list",
        [],
        doc="unit types exempt from amphibious double casualties",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "city_surrounded_by",
        "str",
        "neighbours",
        choices=("neighbours", "supply"),
        doc="when a city is surrounded: 'neighbours' (seeds/000 §1.16: every land neighbour an enemy's, no supply facility) or 'supply' (seeds/003: no supply path by rail or unblockaded port to another friendly land zone)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "air_retreat_apart",
        "bool",
        False,
        doc="seeds/003: the attacker's aircraft may retreat together apart from the other units (an 'air_retreat' answer to the retreat decision)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "retreat_to_origins",
        "bool",
        False,
        doc="seeds/003: a retreating attacker's land and naval units each go back to the zone they came from (when the side may retreat there), not all to one zone",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "border_casualties_first",
        "list",
        [],
        doc="seeds/003 rivers, mountain borders: [borders.*] ids (or border terrain) whose land crossers are the attacker's first casualties while the effect lasts",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "amphibious_casualties_first",
        "bool",
        False,
        doc="amphibious land units are taken as casualties before the other attackers",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "bombard_victims_fire",
        "bool",
        True,
        doc="units hit by bombardment fire back in round 1 (A&A); false: removed at once (Global War)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "fortified_lines_fall",
        "list",
        [],
        doc="border effects of fortified lines destroyed when the zone they guard is first conquered (seeds/000 §1.22)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "scramble",
        "bool",
        True,
        doc="fighters may scramble from an air base to an adjacent sea zone's battle",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "kamikaze",
        "bool",
        False,
        doc="kamikaze tokens may strike attacking ships",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "kamikaze_per_battle",
        "int",
        2,
        doc="tokens spent at most per battle (policy)",
        owner="gamecore.rules.combat",
    ),
    OptionSpec(
        "kamikaze_value", "int", 2, doc="a token hits on <= this", owner="gamecore.rules.combat"
    ),
    OptionSpec(
        "carpet_dice_terrain",
        "table",
        {},
        doc="terrain -> change of carpet-bombing dice (e.g. { jungle = -2 }) (seeds/000 §9.17)",
        owner="gamecore.rules.combat",
    ),
)
