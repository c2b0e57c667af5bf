"""The A&A family's phases: which actions each offers, what happens when it begins and
ends, and the turn and round hooks of the kernel's sequence of play
(:mod:`gamecore.engine.turns`). :mod:`gamecore.rules.aa` registers them by name.

The phase list comes from the ruleset (``phases = [...]``), so a ruleset that collects
income first only reorders data; the mechanisms live in :mod:`gamecore.rules` (movement,
combat, economy, control, convoys, supply, politics, technologies).
"""

from __future__ import annotations

from itertools import chain

from gamecore.engine.actions import Action
from gamecore.engine.options import OptionSpec
from gamecore.engine.state import (
    HELD,
    RETREATED,
    SUBMERGED,
    GameState,
)
from gamecore.engine.turns import END
from gamecore.rules import (
    combat,
    control,
    convoy,
    economy,
    movement,
    patrol,
    politics,
    supply,
    tech,
    variable_end,
    wargame,
    wargame_battle,
)


# ---------------------------------------------------------------------- legal actions
def surrendered_now(s: GameState) -> bool:
    """seeds/000 §9.22: a surrendered nation does nothing."""
    return s.battle is None and control.surrendered(s, s.current_nation)


def purchase_actions(s: GameState) -> list[Action]:
    return (
        tech.filter_actions(s, economy.purchase_actions(s))
        + tech.research_actions(s)
        + wargame.lend_lease_actions(s)  # seeds/002 §2.7, in the donor's purchase phase
        + wargame.reduce_factory_actions(s)  # seeds/002 §4.8 voluntary reduction
        + [END]
    )


def politics_phase_actions(s: GameState) -> list[Action]:
    return politics_actions(s) + [END]


def combat_move_actions(s: GameState) -> list[Action]:
    return list(chain.from_iterable(combat_move_segments(s)))


def combat_move_segments(s: GameState) -> list[list[Action]]:
    """Declarations of war (when no politics phase), moves, raids, patrols, the end."""
    parts = movement.move_segments(s, combat=True)
    if s.rules.options.get("declare_war") and "politics" not in s.rules.phases:
        parts.insert(0, politics_actions(s))
    parts.append(convoy.combat_move_actions(s) + patrol.combat_move_actions(s) + [END])
    return parts


def combat_actions(s: GameState) -> list[Action]:
    return combat.resolver(s).combat_actions(s) or [END]


def noncombat_move_actions(s: GameState) -> list[Action]:
    return list(chain.from_iterable(noncombat_move_segments(s)))


def noncombat_move_segments(s: GameState) -> list[list[Action]]:
    parts = movement.move_segments(s, combat=False)
    parts.append([END])
    return parts


def place_actions(s: GameState) -> list[Action]:
    return (
        tech.filter_actions(s, economy.place_actions(s))
        + economy.upgrade_actions(s)
        + supply.lend_lease_actions(s)
        + [END]
    )


def is_legal_buy(s: GameState, a: Action, legal: list[Action]) -> bool:
    """Several of a type at once, within money and the purchase rules."""
    return a.count > 1 and economy.can_buy(s, a.type, a.count) and tech.may_buy(s, a.type)


def is_legal_move(s: GameState, a: Action, legal: list[Action]) -> bool:
    """A move of any units that each may take this path (groups combine: infantry and
    artillery attack together), within the transport's or the carriers' room."""
    want = set(a.units)
    if not want or len(want) != len(a.units):
        return False
    allowed: set[int] = set()
    other_transport: set[int] = set()
    for x in legal:
        if x.kind == "move" and x.path == a.path and x.mode == a.mode and x.target == a.target:
            if x.transport == a.transport:
                allowed.update(x.units)
            elif x.transport and a.transport:
                other_transport.update(x.units)  # the same load onto another transport
    if not want <= allowed and not a.transport and not a.mode and len(a.path) > 2:
        # a route the player forced through waypoints (the legal moves name one route
        # per destination): legal when the same search finds it through those zones
        for x in movement.route_moves(s, a.path[0], tuple(a.path[1:-1])):
            if x.path == a.path:
                allowed.update(x.units)
    if not want <= allowed:
        # the legal moves name one transport per sea zone; the player may pick another
        # of that zone's (movement.transport_choices); its room is checked below
        if not (
            want <= other_transport
            and a.transport in movement.transport_choices(s, sorted(want), a.path)
        ):
            return False
    if not movement.blitz_pairing_ok(s, sorted(want), a.path):
        return False
    if not movement.towing_ok(s, sorted(want), a.path):
        return False  # seeds/000 §12.2: towed 1:1 by Motorized Infantry
    if a.mode in ("rail", "cross", "naval") and not movement.special_move_ok(s, a, sorted(want)):
        return False  # seeds/000 §10.4 rail capacity, §1.20 crossing limit, §10.6
    ut = s.rules.units
    if a.transport:
        tr = s.units[a.transport]
        free = ut[tr.type].transport_capacity - s.cargo_load(a.transport)
        return sum(ut[s.units[u].type].transport_cost for u in want) <= free
    dest = a.path[-1]
    if s.phase == "noncombat_move" and s.board.is_sea(dest):
        air = [u for u in want if ut[s.units[u].type].domain == "air"]
        if air:
            ctx = movement.MoveContext(s, s.current_nation, combat=False)
            need = sum(max(1, ut[s.units[u].type].carrier_cost) for u in air)
            room = ctx.carrier_free().get(dest, 0)
            room += sum(
                ut[s.units[u].type].stat("carrier_capacity", s.units[u].damage > 0)
                for u in want
                if ut[s.units[u].type].carrier_capacity
            )
            return need <= room
    return True


def politics_actions(s: GameState) -> list[Action]:
    if not s.rules.options.get("declare_war"):
        return []
    n = s.current_nation
    if s.phase == "combat_move" and any(u.nation == n and u.flags & 1 for u in s.units.values()):
        return []  # declarations come at the start of combat move, before any move
    if politics.has_political_actions(s):  # TripleA's political actions
        return [
            Action("declare_war", nation=str(o.props.get("target", "")), type=o.id)
            for o in politics.political_actions(s, n)
        ]
    out = []
    my_side = s.alliance.get(n)  # alliances may change in play (gamecore.rules.politics)
    for x in s.board.nations:
        if x == n or s.board.nation_kind.get(x) == "neutral":
            continue
        if s.relation(n, x) in ("war", "aligned", "controlled"):
            continue
        if my_side is not None and s.alliance.get(x) == my_side:
            continue
        if not s.alive(x):
            continue
        out.append(Action.declare_war(x))
    return politics.filter_declarations(s, n, out)  # option war_gates (seeds/000 §5.5)


# ---------------------------------------------------------------------- apply
def apply_declare_war(s: GameState, a: Action) -> None:
    if a.type:  # a political action of the scenario (TripleA's politicalActionAttachment)
        politics.take_political(s, s.current_nation, a.type)
        return
    declare_war(s, s.current_nation, a.nation)


def apply_combat(s: GameState, a: Action) -> None:
    combat.resolver(s).apply_combat_action(s, a)


def declare_war(s: GameState, n: str, x: str) -> None:
    politics.declare_war(s, n, x)


# ---------------------------------------------------------------------- phases and turns
def together(s: GameState) -> bool:
    """Nations sharing a turn slot play it phase by phase, fighting their battles
    together (option ``slot_mode = "together"``, The War Game WWII's GER+ITA, UK+FRA,
    USA+CHN); by default each nation of a slot takes its whole turn in order."""
    return s.rules.options.get("slot_mode") == "together"


def enter_combat(s: GameState) -> None:
    s.battle = None
    s.decision = None
    raiders = convoy.resolve_raids(s)  # seeds/000 §9.11: one round, before battles
    if together(s) and s.sub > 0:
        s.battles = ()  # the slot's battles were fought together already
    else:
        patrol.decline(s, combat.attacking_nations(s))  # §8.9, §9.10 / seeds/003
        if s.rules.options.get("wg_pass_through"):  # seeds/002 §4.6
            wargame_battle.unassisted_passes(s, combat.attacking_nations(s))
        battles = combat.resolver(s).find_battles(s)
        s.battles = convoy.without_escort_battles(s, battles, raiders)


def exit_combat(s: GameState, n: str) -> None:
    s.raids = {}
    s.battles = ()
    s.battle = None
    s.decision = None
    politics.after_combat(s, n)  # T 4-3 attacked neutrals join the other side


def exit_noncombat_move(s: GameState, n: str) -> None:
    movement.occupy_friendly_neutrals(s, n)
    movement.land_air_units(s, n)


def exit_place(s: GameState, n: str) -> None:
    economy.end_placement(s, n)
    politics.recruit(s, n)  # §4.5 controlled minors' recruitment roll (option)
    economy.lose_unspent(s, n)  # option bank_carry_over


def enter_purchase(s: GameState) -> None:
    """A nation with ``free_units`` (TripleA's NoPUPurchaseDelegate: one unit per X
    territories held, its rulesAttachment's productionPerXTerritories) receives them to
    place, as if bought."""
    n = s.current_nation
    nr = s.rules.nations.get(n)
    if nr is None or not nr.free_units:
        return
    held = sum(1 for o in s.owner.values() if o == n)
    p = dict(s.pending.get(n, {}))  # replaced, never changed in place (clones share it)
    for typ, per in sorted(nr.free_units.items()):
        count = held // per
        if count:
            p[typ] = p.get(typ, 0) + count
            s.event("buy", nation=n, type=typ, count=count, cost=0)
    s.pending[n] = p


def collect_income(s: GameState) -> None:
    nr = s.rules.nations.get(s.current_nation)
    if nr is not None and not nr.collects_income:  # TripleA's NoPUEndTurnDelegate
        s.income[s.current_nation] = 0
        return
    economy.collect_income(s, s.current_nation)
    tech.collect_income(s, s.current_nation)  # §7.8 Wartime Economy


def end_turn(s: GameState, n: str) -> None:
    if "noncombat_move" not in s.rules.phases:
        movement.land_air_units(s, n)
    if s.rules.options.get("repair_ships") == "turn_end":
        for u in list(s.units.values()):
            if u.nation == n and u.damage:
                s.set_unit(u.id, damage=0)
    control.check_victory(s)


def end_round(s: GameState) -> None:
    s.event("round_end", round=s.round)
    convoy.new_calendar_turn(s)
    won = wargame.victory(s)  # seeds/002 §2.8: at the end of a full game turn
    if won is not None:
        control.set_winner(s, *won)
        return
    control.check_victory(s, round_end=True)
    if s.terminal:
        return
    if variable_end.game_ends(s):  # seeds/000 §2.1 Variable End (option)
        control.end_by_round_limit(s, reason="variable end")
        return
    if s.max_rounds is not None and s.round >= s.max_rounds:
        control.end_by_round_limit(s)


def stalemate(s: GameState) -> None:
    control.end_by_round_limit(s, reason="stalemate: no nation can act")


def begin_turn(s: GameState) -> None:
    n = s.current_nation
    nations = set(s.board.turn_slots[s.slot]) if together(s) else {n}
    s.start_owner = dict(s.owner)
    s.origins = {}
    s.amph_from = {}
    s.landing = {}
    s.airlift = {}
    s.raids = {}
    s.placed = {}
    s.built = set()
    s.captured = set()
    s.battles = ()
    s.battle = None
    s.decision = None
    bonus = {}
    for m in sorted(nations):
        control.check_surrender(s, m)
        wargame.repair_battleships(s, m)  # seeds/002 §4.7
        if s.rules.options.get("repair_ships") == "naval_base":
            economy.repair_ships_at_bases(s, m)
        bonus[m] = movement.move_bonus_zones(s, m)
    ut = s.rules.units
    for u in list(s.units.values()):
        if u.nation not in nations:
            # out of a battle (submerged, retreated) only for the turn it happened in
            if u.flags & (SUBMERGED | RETREATED):
                s.units[u.id] = u._replace(flags=u.flags & ~(SUBMERGED | RETREATED))
            continue
        t = ut[u.type]
        mv = t.movement
        air_bonus, sea_bonus = bonus[u.nation]
        if s.techs:  # seeds/000 §7.8 Long Range Aircraft: built aircraft upgraded too
            mv += tech.unit_bonus(s, u.nation, t, "movement")
        if t.domain == "air":
            mv += air_bonus.get(u.zone, 0)
        elif t.domain == "sea":
            mv += sea_bonus.get(u.zone, 0)
        flags = u.flags & HELD
        if u.moves != mv or u.flags != flags:
            s.units[u.id] = u._replace(moves=mv, flags=flags)
    patrol.end_patrols(s, nations)
    for m in sorted(nations):
        movement.board_damaged_carriers(s, m)
    s.bump()
    s.event("turn", round=s.round, nation=n, nations=sorted(nations))
    politics.on_turn_start(s)  # calendar and scenario events (option scenario_events)


# ---------------------------------------------------------------------- options
#: the options this module reads (declared for the rule system: typed, checked at load)
OPTIONS = (
    OptionSpec(
        "repair_ships",
        "str",
        "naval_base",
        choices=("naval_base", "turn_end", "never"),
        doc="when damaged ships are repaired: at a naval base, at turn end, never",
        owner="gamecore.rules.phases",
    ),
    OptionSpec(
        "war_scope",
        "str",
        "pair",
        choices=("pair", "alliance"),
        doc="a declaration of war involves the two nations (pair) or their alliances",
        owner="gamecore.rules.phases",
    ),
    OptionSpec(
        "slot_mode",
        "str",
        "sequential",
        choices=("sequential", "together"),
        doc="nations of a turn slot take their turns in order (sequential) or play it phase by phase (together)",
        owner="gamecore.rules.phases",
    ),
)
