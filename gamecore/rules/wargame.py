"""The War Game: World War II (Jeff Stein, seeds/002) as a ruleset of the ``aa`` system:
the mechanisms the A&A family did not have, each switched on by an option of
``resources/rulesets/war_game.toml`` and off (inert) in every other ruleset.

rules-notes/002_war_game_ww2.md §2-§4 summarise the rules; docs/war_game_rules.md says
how each is done here and what is not done."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.engine.options import OptionSpec
from gamecore.engine.state import AMPHIB, FOUGHT, MOVED
from gamecore.errors import RulesError
from gamecore.model.sharing import sharing_pair, sharing_pairs

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState

_MOVED_OR_FOUGHT = MOVED | FOUGHT

_OWNER = "gamecore.rules.wargame"

OPTIONS = (
    OptionSpec(
        "wg_nations",
        "list",
        [],
        doc="The War Game nations (rules-notes/002 §2.1); empty: not a War Game ruleset",
        owner=_OWNER,
    ),
    OptionSpec("wg_teams", "table", {}, doc="team -> its nations (§2.1)", owner=_OWNER),
    OptionSpec(
        "wg_turn_slots",
        "list",
        [],
        doc="the turn slots of a game turn, each a list of nations that move and fight "
        "together (§2.2, §4.3); a scenario's turn order should match",
        owner=_OWNER,
    ),
    OptionSpec("wg_turn_months", "int", 6, doc="months in a game turn (§2.2)", owner=_OWNER),
    OptionSpec("wg_turn1_start", "date", "1939-07", doc="when game turn 1 starts", owner=_OWNER),
    OptionSpec("wg_start_turn", "int", 6, doc="the game turn the scenario starts", owner=_OWNER),
    OptionSpec("wg_end_turn", "int", 13, doc="the last game turn (§2.8)", owner=_OWNER),
    OptionSpec(
        "wg_recruit_occupied_cap",
        "int",
        4,
        doc="seeds/002 §4.8: infantry recruited in an occupied territory: half its value, "
        'never more than this (unit props.place = "recruit", option typed_placement)',
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_occupied_halves",
        "bool",
        False,
        doc="seeds/002 §4.8: with production_limited_by_value, a factory in a territory "
        "not originally its holder's makes half the value (rounded down)",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_air_vs_lone_sub",
        "str",
        "",
        choices=("", "half_down", "half_up"),
        doc='seeds/002 "Submarine": aircraft attacking submarines without a combat ship on '
        'their side roll at half their value, rounded down or up ("": the rule is off)',
        owner=_OWNER,
    ),
)

OPTIONS = (
    *OPTIONS,
    OptionSpec(
        "wg_share_land",
        "list",
        [],
        doc="seeds/002 §2.3: groups of nations that may share land (stand in, move "
        "into, land aircraft on each other's territory); a friendly nation outside the "
        "mover's group is closed to it (Japan and the U.S.S.R. share with no one); "
        "empty: every friend shares",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_liberates",
        "table",
        {},
        doc="seeds/002 §2.3 liberation: liberator -> the nations whose original "
        "territories it gives back when it retakes them; a liberator not listed keeps "
        "what it takes; empty: every friend liberates for every friend",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_victory",
        "table",
        {},
        doc="seeds/002 §2.8 victory, checked at the end of each game turn: axis, allies "
        "(nation lists), allies_if_axis_land_below, allies_hold and axis_hold (zone names "
        "or codes; '@tag': the zones whose props.victory_set names the tag), "
        "default_winner at the end of wg_end_turn; empty: off",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_lend_lease",
        "table",
        {},
        doc="seeds/002 §2.7 lend-lease: donors (donor -> recipients), cap_fraction "
        "(1/N of the donor's money, rounded up: N), free (the first dollars a recipient "
        "gets each turn buy anything), purpose (the earmark the rest goes to), step "
        "(amounts offered in steps of this); given in the donor's purchase phase",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_hostile_terrain",
        "table",
        {},
        doc="seeds/002 §4.9 hostile-terrain lines: a land unit crossing a border whose "
        "props.hostile_terrain is a key here rolls a die when it moves (non-combat, or "
        "into an empty territory) or with each attack roll (combat); a roll at or above "
        "'loss_from' destroys it; aircraft are not affected; empty: off",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_neutral_invasion",
        "table",
        {},
        doc="seeds/002 §4.10 invading an uncontrolled neutral: fee_multiplier (times the "
        "value, paid to the bank), auto_loss_above (a value above it costs a land unit "
        "without a roll); the nearest opponent rolls a die, at most the value: the "
        "invader loses a unit; with no land unit left the neutral goes to the nearest "
        "enemy; empty: off",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_factory_downgrade",
        "bool",
        False,
        doc="seeds/002 §4.8 on conquest: a factory in a conquered territory (not the "
        "conqueror's original) whose value is below its type's props.occupied_min_value "
        "becomes the type it upgrades from, or is removed if it has none",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_factory_reduction",
        "bool",
        False,
        doc="seeds/002 §4.8 voluntary reduction: in its purchase phase the owner may reduce "
        "a major factory to a minor or scrap a factory (action reduce_factory), no refund",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_transports_no_return",
        "bool",
        False,
        doc='seeds/002 "Submarine": a transport sunk by an attacking submarine in general '
        "fire does not fire back (the subs' hits are placed before the defender rolls)",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_take_vacated",
        "list",
        [],
        doc="seeds/002 §2.3: groups of friendly nations that may take each other's "
        "vacated (empty) land for themselves by a non-combat move, without a declaration "
        "of war (Japan with Germany and with Italy); empty: off",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_loss_of_surprise",
        "bool",
        False,
        doc="seeds/002 §4.5 loss of surprise: landers whose sea zone was cleared by ships "
        "able to bombard (they fought the sea battle there) do not roll in round 1 of the "
        "land battle; they may still be taken as casualties",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_scorched_earth",
        "bool",
        False,
        doc="seeds/002 §4.8 scorched earth: before each round of a land battle the "
        "defender may declare (decision 'scorch') that it reduces its factory there; if it "
        "survives the round a major becomes a minor, a minor is destroyed",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_sea_retreat_limits",
        "bool",
        False,
        doc="seeds/002 §4.4: a defending fleet may not retreat to the sea zone a remaining "
        "attacking combat ship came from, nor to one that had combat this turn",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_no_build_with_allies",
        "list",
        [],
        doc="seeds/002 §2.3: these nations (the U.S.S.R.) build and place nothing in a "
        "territory while another nation's units stand there",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_pass_through",
        "bool",
        False,
        doc="seeds/002 §4.6 naval pass-through: in combat orders ships may go through a "
        "sea zone held by enemy combat ships to the zone beyond (move mode 'pass'); they "
        "get through if, after round 1 of the battle there (fought first), no enemy combat "
        "ship is left; else they stay and fire their round-1 shots there",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_carrier_own_only",
        "bool",
        False,
        doc='seeds/002 "Aircraft carrier": aircraft land only on carriers of their own '
        "nation (allied carriers and the room allied aircraft take are not counted)",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_support_shots",
        "bool",
        False,
        doc='seeds/002 "Artillery": units with props.support_shot that stayed put fire one '
        "shot in round 1 into an attack on a neighbouring land zone, one per attacking land "
        "unit crossing that border; never casualties",
        owner=_OWNER,
    ),
    OptionSpec(
        "wg_repair",
        "list",
        [],
        doc="seeds/002 §4.7 battleship repair: rows [up to cost, minimum value, needs a "
        "factory] by the repair cost rolled on a die (fixed for the ship once rolled); a "
        "damaged ship in a sea zone next to a friendly territory of that kind is repaired "
        "at the start of its owner's turn for that cost; empty: off",
        owner=_OWNER,
    ),
)


# ---------------------------------------------------------------- sharing (§2.3)
def scenario_matrix(s: GameState, kind: str) -> set[tuple[str, str]] | None:
    """The pairs of ``kind`` in the scenario's sharing matrix (``Scenario.props
    ["sharing"]``, edited with ``SetSharing`` on the editor's Sharing page), or None when
    the scenario has none. Read once per game (the board is built per game)."""
    cache = s.board.cache
    key = ("wg_sharing", kind)
    if key not in cache:
        scn = getattr(s, "scenario", None)
        cache[key] = None if scn is None else sharing_pairs(scn.props, kind)
    return cache[key]


def shares_land(s: GameState, a: str, b: str) -> bool:
    """seeds/002 "Friendly territory" (rules-notes/002 §2.3): may nation ``a`` stand in,
    move into and land aircraft on land held by its friend ``b``? Not simply "same
    team": Japan and the U.S.S.R. share land with no one. The scenario's sharing matrix
    ("land" pairs) decides when the scenario has one; else option ``wg_share_land``."""
    if a == b:
        return True
    pairs = scenario_matrix(s, "land")
    if pairs is not None:
        return sharing_pair("land", a, b) in pairs
    groups = s.rules.options.get("wg_share_land") or ()
    if not groups:
        return True
    return any(a in g and b in g for g in groups)


def may_take_vacated(s: GameState, a: str, b: str) -> bool:
    """seeds/002 "Friendly territory" (rules-notes/002 §2.3): may ``a`` take land its
    friend ``b`` has left empty, for itself, without a declaration of war (Japan and
    Germany or Italy; option ``wg_take_vacated``: groups of nations)? Nations that
    share land never take each other's ("Germany and Italy must respect each other's
    ownership")."""
    groups = s.rules.options.get("wg_take_vacated") or ()
    if not groups or a == b or shares_land(s, a, b):
        return False
    return any(a in g and b in g for g in groups)


def vacated(s: GameState, zone: int) -> bool:
    """No unit at all stands in ``zone`` ([AMBIGUOUS] "vacated" read as held and empty)."""
    return not s.units_in(zone)


def takes_vacated(s: GameState, units, path) -> bool:
    """§2.3: does the current nation's non-combat move of ``units`` along ``path`` end
    with a land unit in a partner's vacated land (see :func:`may_take_vacated`), which it
    then takes for itself (the caller captures it)?"""
    if not s.rules.options.get("wg_take_vacated") or s.phase == "combat_move":
        return False
    dest = path[-1]
    o = s.owner.get(dest)
    n = s.current_nation
    if o is None or o == n or not s.board.is_land(dest) or not may_take_vacated(s, n, o):
        return False
    ut = s.rules.units
    return any(
        u in s.units and s.units[u].zone == dest and ut[s.units[u].type].domain == "land"
        for u in units
    )


def shares_air(s: GameState, a: str, b: str) -> bool:
    """§2.3: may ``a``'s aircraft land on land held by its friend ``b``? The matrix's "air"
    pairs when the scenario has a matrix; else as land (:func:`shares_land`)."""
    if a == b:
        return True
    pairs = scenario_matrix(s, "air")
    if pairs is not None:
        return sharing_pair("air", a, b) in pairs
    return shares_land(s, a, b)


def liberates(s: GameState, liberator: str, original: str) -> bool:
    """seeds/002 "Liberation" (rules-notes/002 §2.3): does ``liberator`` give an original
    territory of ``original`` back when it retakes it? Japan and the U.S.S.R. never do;
    China keeps Soviet originals. The scenario's matrix ("liberate" pairs [liberator,
    original owner]) decides when the scenario has one; else option ``wg_liberates``."""
    pairs = scenario_matrix(s, "liberate")
    if pairs is not None:
        return liberator == original or (liberator, original) in pairs
    tab = s.rules.options.get("wg_liberates")
    if not tab:
        return True
    return original in (tab.get(liberator) or ())


# ---------------------------------------------------------------- factories (§4.8)
def downgrade_on_conquest(s: GameState, zone: int, holder: str) -> None:
    """seeds/002 "Factories" (rules-notes/002 §4.8 "On conquest"): when ``zone`` is taken
    by a nation it did not originally belong to, a factory its halved (occupied) value
    cannot support is downgraded or removed at once. Read as the build minimums
    (facility type ``props.occupied_min_value``: a major needs 8, a minor 4): a major
    below its minimum becomes the type it upgrades from (minor), and a minor below its
    minimum is removed - the notes' [AMBIGUOUS] "<4 major, <2 minor" of the halved value."""
    if not s.rules.options.get("wg_factory_downgrade") or s.owner.get(zone) != holder:
        return
    if s.board.original.get(zone) == holder:
        return  # back with its original owner: not occupied
    value = s.board.value.get(zone, 0)
    fts = s.rules.facility_types
    for f in sorted(s.facilities.values(), key=lambda f: f.id):
        if f.zone != zone:
            continue
        ft = fts.get(f.type)
        was = f.type
        while ft is not None:
            need = ft.props.get("occupied_min_value")
            if not isinstance(need, int) or value >= need:
                break
            ft = fts.get(ft.upgrade_from) if ft.upgrade_from else None
        if ft is None:
            del s.facilities[f.id]
            s.event("facility_removed", facility=f.id, zone=zone, reason="conquest", was=was)
        elif ft.id != was:
            s.facilities[f.id] = f._replace(type=ft.id, damage=0)
            s.event("facility_changed", facility=f.id, type=ft.id, reason="conquest", was=was)


def reduce_factory_actions(s: GameState) -> list[Action]:
    """seeds/002 "Factories" (rules-notes/002 §4.8 "Voluntary reduction or destruction"):
    in its purchase phase the owner may reduce a major factory to a minor (the type it
    upgrades from) or scrap a factory, with no refund; a factory built or changed this
    turn is left alone. A reduced major still builds as a minor (2 units) that turn."""
    if not s.rules.options.get("wg_factory_reduction"):
        return []
    n = s.current_nation
    fts = s.rules.facility_types
    out = []
    for f in sorted(s.facilities.values(), key=lambda f: f.id):
        ft = fts.get(f.type)
        if ft is None or not ft.production or s.owner.get(f.zone) != n:
            continue
        if (f.zone, f.type) in s.built or (f.zone, f"reduced:{f.id}") in s.built:
            continue
        if ft.upgrade_from and ft.upgrade_from in fts:
            out.append(Action("reduce_factory", type=ft.upgrade_from, target=f.id))
        out.append(Action("reduce_factory", target=f.id))
    return out


def apply_reduce_factory(s: GameState, a: Action) -> None:
    if a not in reduce_factory_actions(s):
        raise RulesError(f"{s.current_nation} cannot reduce facility {a.target} now")
    f = s.facilities[a.target]
    if a.type:
        s.facilities[f.id] = f._replace(type=a.type, damage=0)
        s.built.add((f.zone, f"reduced:{f.id}"))  # not reduced again this turn
        s.event("facility_changed", facility=f.id, type=a.type, reason="reduced", was=f.type)
    else:
        del s.facilities[f.id]
        s.event("facility_removed", facility=f.id, zone=f.zone, reason="scrapped", was=f.type)
    s.bump()


def _factories_in(s: GameState, zone: int) -> list:
    fts = s.rules.facility_types
    return [
        f
        for f in sorted(s.facilities.values(), key=lambda f: f.id)
        if f.zone == zone and (ft := fts.get(f.type)) is not None and ft.production
    ]


def may_scorch(s: GameState, zone: int, defender: str | None) -> bool:
    """seeds/002 §4.8 "Scorched earth": may the defender of a land battle in ``zone``
    declare, before a round, that it reduces its factory there (option
    ``wg_scorched_earth``; the decision "scorch", by default not taken)?"""
    if not s.rules.options.get("wg_scorched_earth") or not defender:
        return False
    if not s.board.is_land(zone) or s.owner.get(zone) != defender:
        return False
    return bool(_factories_in(s, zone))


def scorch(s: GameState, zone: int) -> None:
    """§4.8 scorched earth, once the defender survived the round it declared for: a major
    factory becomes a minor (the type it upgrades from), a minor is destroyed - so it
    takes two rounds to go from major to nothing."""
    fts = s.rules.facility_types
    for f in _factories_in(s, zone)[:1]:
        ft = fts[f.type]
        if ft.upgrade_from and ft.upgrade_from in fts:
            s.facilities[f.id] = f._replace(type=ft.upgrade_from, damage=0)
            s.event("facility_changed", facility=f.id, type=ft.upgrade_from, reason="scorched")
        else:
            del s.facilities[f.id]
            s.event("facility_removed", facility=f.id, zone=zone, reason="scorched", was=f.type)
        s.bump()


# ---------------------------------------------------------------- victory (§2.8)
def _zones_named(s: GameState, refs) -> list[int] | None:
    """Zones by name, code or ``@tag`` (zones whose ``props.victory_set`` is or lists
    the tag); None when a reference names no zone of the board."""
    b = s.board
    by_name = s.board.cache.get("wg_names")
    if by_name is None:
        by_name = {}
        for z in b.zones:
            by_name.setdefault(b.name.get(z, ""), []).append(z)
            by_name.setdefault(b.code.get(z, ""), []).append(z)
        s.board.cache["wg_names"] = by_name
    out: list[int] = []
    for ref in refs:
        if isinstance(ref, str) and ref.startswith("@"):
            tag = ref[1:]
            hit = []
            for zid, zone in s.pack.map.zones.items():
                v = zone.props.get("victory_set")
                if v == tag or (isinstance(v, list) and tag in v):
                    hit.append(zid)
        else:
            hit = by_name.get(ref, [])
        if not hit:
            return None
        out.extend(hit)
    return sorted(set(out))


def land_total(s: GameState, nations) -> int:
    """The value of the land held by ``nations`` (rules-notes/002 §2.5 "1942 total")."""
    want = set(nations)
    v = s.board.value
    return sum(v[z] for z, o in s.owner.items() if o in want and s.board.is_land(z))


def game_turn(s: GameState) -> int:
    """The game turn of the calendar (§2.2): round 1 is ``wg_start_turn``."""
    return int(s.rules.options.get("wg_start_turn", 6)) + s.round - 1


def victory(s: GameState) -> tuple[str | None, str] | None:
    """seeds/002 "Victory conditions" (rules-notes/002 §2.8), at the end of a full game
    turn: the Allies win when the Axis holds land worth less than the threshold and the
    Allies hold their home zones; the Axis wins when it holds more land than the Allies
    and its home zones; at the end of the last game turn the default winner wins.
    Returns (winning side, reason), or None while the game goes on."""
    vic = s.rules.options.get("wg_victory")
    if not vic or s.terminal:
        return None

    axis = list(vic.get("axis", ()))
    allies = list(vic.get("allies", ()))
    if not axis or not allies:
        return None
    side = {"axis": s.side_of(axis[0]), "allies": s.side_of(allies[0])}
    a_land, b_land = land_total(s, axis), land_total(s, allies)

    def holds(team: list[str], key: str) -> bool:
        zones = _zones_named(s, vic.get(key, ()))
        return zones is not None and all(s.owner.get(z) in team for z in zones)

    below = vic.get("allies_if_axis_land_below")
    if isinstance(below, int) and a_land < below and holds(allies, "allies_hold"):
        return side["allies"], f"Axis land {a_land} < {below}, Allied home held"
    if a_land > b_land and holds(axis, "axis_hold"):
        return side["axis"], f"Axis land {a_land} > Allied {b_land}, Axis home held"
    if game_turn(s) >= int(s.rules.options.get("wg_end_turn", 13)):
        who = vic.get("default_winner", "allies")
        return side.get(who, who), f"end of game turn {game_turn(s)}"
    return None


# ---------------------------------------------------------------- lend-lease (§2.7)
def _given(s: GameState, key: str, nation: str) -> int:
    """Lend-lease money ``nation`` gave (key "sender") or got ("receiver") this round."""
    return sum(
        h.get("amount", 0)
        for h in s.history
        if h.get("type") == "wg_lend_lease" and h.get("round") == s.round and h.get(key) == nation
    )


def lend_lease_actions(s: GameState) -> list[Action]:
    """seeds/002 "Lend-Lease" (rules-notes/002 §2.7): the donor gives money to its
    recipients in its turn (here: its purchase phase, so that a recipient sharing its turn
    slot spends it that same turn), in all at most 1/N of its money rounded up."""
    ll = s.rules.options.get("wg_lend_lease")
    if not ll:
        return []
    n = s.current_nation
    recipients = (ll.get("donors") or {}).get(n) or ()
    if not recipients:
        return []
    given = _given(s, "sender", n)
    total = s.banks.get(n, 0) + given
    frac = max(1, int(ll.get("cap_fraction", 3)))
    room = min(-(-total // frac) - given, s.spendable(n))
    step = max(1, int(ll.get("step", 5)))
    out = []
    for r in recipients:
        if r not in s.board.nations or r == n:
            continue
        amounts = list(range(step, room + 1, step))
        if room > 0 and room not in amounts:
            amounts.append(room)
        out += [Action.lend_lease(r, amt) for amt in amounts]
    return out


def apply_lend_lease(s: GameState, a: Action) -> None:
    """Give ``a.count`` to ``a.nation``: the first ``free`` dollars it gets this turn buy
    anything; the rest is earmarked for ``purpose`` (hardware: not infantry), and the
    restriction stays with saved money."""
    if a not in lend_lease_actions(s):
        raise RulesError(f"{s.current_nation} cannot give {a.count} to {a.nation} now")
    ll = s.rules.options["wg_lend_lease"]
    n, r, amt = s.current_nation, a.nation, a.count
    s.pay(n, amt)
    free = max(0, min(amt, int(ll.get("free", 15)) - _given(s, "receiver", r)))
    s.banks[r] = s.banks.get(r, 0) + free
    purpose = ll.get("purpose", "hardware")
    s.earmark(r, purpose, amt - free)
    s.remember("wg_lend_lease", sender=n, receiver=r, amount=amt)
    s.event("lend_lease", sender=n, receiver=r, amount=amt, free=free, earmarked=amt - free)


# ---------------------------------------------------------- hostile terrain (§4.9)
def hostile_border(s: GameState, a: int, b: int) -> str:
    """The hostile-terrain line (Sahara, Siberia, Outback, Himalayas) under the border of
    ``a`` and ``b``: the map border's ``props.hostile_terrain`` when the ruleset's
    ``wg_hostile_terrain`` knows it, else ""."""
    known = s.rules.options.get("wg_hostile_terrain")
    if not known:
        return ""
    lines = s.board.cache.get("wg_hostile")
    if lines is None:
        lines = {}
        for key, border in s.pack.map.borders.items():
            v = border.props.get("hostile_terrain")
            if isinstance(v, str) and v in known:
                lines[key] = v
        s.board.cache["wg_hostile"] = lines
    return lines.get((a, b) if a < b else (b, a), "")


def _loss_from(s: GameState, line: str) -> int:
    row = s.rules.options["wg_hostile_terrain"].get(line) or {}
    return int(row.get("loss_from", 11)) if isinstance(row, dict) else 11


def hostile_move_losses(s: GameState, units, path) -> None:
    """seeds/002 "Hostile terrain" (rules-notes/002 §4.9): each land unit crossing a
    hostile-terrain line rolls a die, and 11-12 destroys it - when it moves without
    fighting, and when it attacks an empty territory (one attack roll each). A crossing
    into a battle is rolled with the attack rolls instead (:func:`hostile_combat_losses`)."""
    if not s.rules.options.get("wg_hostile_terrain") or len(path) < 2:
        return
    ut = s.rules.units
    land = [u for u in units if u in s.units and ut[s.units[u].type].domain == "land"]
    if not land:
        return
    combat = s.phase == "combat_move"
    dest = path[-1]
    en = s.enemies(s.current_nation)
    battle = combat and any(s.units[x].nation in en for x in s.units_in(dest))
    for i in range(len(path) - 1):
        line = hostile_border(s, path[i], path[i + 1])
        if not line or (battle and i == len(path) - 2):
            continue
        need = _loss_from(s, line)
        lost = []
        for uid in land:
            if uid in s.units and s.rng.roll(s.rules.dice) >= need:
                lost.append(uid)
                s.remove_unit(uid, "hostile_terrain")
        s.event("hostile_terrain", line=line, zone=path[i + 1], units=land, lost=lost)
        land = [u for u in land if u in s.units]


def hostile_combat_losses(s: GameState, zone: int, rolled: dict[int, int]) -> None:
    """§4.9: in every round of a battle, an attacking land unit that crossed a hostile-
    terrain line into it and rolled 11-12 is destroyed."""
    ut = s.rules.units
    lost = []
    for uid in sorted(rolled):
        u = s.units.get(uid)
        o = s.origins.get(uid)
        if u is None or u.zone != zone or o is None or ut[u.type].domain != "land":
            continue
        line = hostile_border(s, o, zone)
        if line and rolled[uid] >= _loss_from(s, line):
            s.remove_unit(uid, "hostile_terrain")
            lost.append(uid)
    if lost:
        s.event("hostile_terrain", zone=zone, lost=lost)


# ---------------------------------------------------------- neutral invasion (§4.10)
def nearest_opponent(s: GameState, zone: int, invader: str) -> str | None:
    """The enemy nation geographically nearest to the neutral ``zone`` (rules-notes/002
    §4.10): the author's ``props.nearest_opponent`` ({invader: nation}) on the zone, else
    the enemy holding a zone fewest borders away, ties to the earlier in the turn order."""
    zp = s.pack.map.zones.get(zone)
    over = zp.props.get("nearest_opponent") if zp is not None else None
    if isinstance(over, dict) and over.get(invader) in s.board.nations:
        return over[invader]
    en = s.enemies(invader)
    order = [n for slot in s.board.turn_slots for n in slot]
    seen = {zone}
    frontier = [zone]
    while frontier:
        hits = {s.owner.get(z) for z in frontier} & en
        hits = {n for n in hits if n in s.board.nations and s.board.nation_kind.get(n) != "neutral"}
        if hits:
            return min(hits, key=lambda n: (order.index(n) if n in order else 99, n))
        nxt = []
        for z in frontier:
            for y in s.board.nbrs.get(z, ()):
                if y not in seen:
                    seen.add(y)
                    nxt.append(y)
        frontier = nxt
    return None


def neutral_fee(s: GameState, zone: int) -> int:
    """§4.10: what invading the uncontrolled neutral ``zone`` costs (to the bank)."""
    rule = s.rules.options.get("wg_neutral_invasion") or {}
    return int(rule.get("fee_multiplier", 2)) * s.board.value.get(zone, 0)


def affordable_neutral_moves(s: GameState, actions: list[Action]) -> list[Action]:
    """seeds/002 "Conquering neutral countries" (rules-notes/002 §4.10): an invasion the
    invader cannot pay for is refused. ``actions`` without the combat moves into an
    uncontrolled neutral whose fee is more than the mover's money less the fees of the
    neutrals its units already entered this turn (a second move into one of those is
    free: it is one invasion)."""
    if not s.rules.options.get("wg_neutral_invasion"):
        return actions
    n = s.current_nation
    b = s.board

    def neutral(z: int) -> bool:
        return b.is_land(z) and s.is_neutral_owner(s.owner.get(z))

    entered = {
        u.zone for u in s.units.values() if u.nation == n and u.flags & MOVED and neutral(u.zone)
    }
    budget = s.spendable(n) - sum(neutral_fee(s, z) for z in entered)
    out = []
    for a in actions:
        if a.kind == "move" and a.path:
            z = a.path[-1]
            if z not in entered and neutral(z) and neutral_fee(s, z) > budget:
                continue
        out.append(a)
    return out


def invade_neutral(s: GameState, zone: int, invader: str, attackers) -> None:
    """seeds/002 "Conquering neutral countries" (rules-notes/002 §4.10): the invader pays
    ``fee_multiplier`` x the value to the bank (what it has, if less); the nearest
    opponent rolls a die and a roll at most the value costs the invader one unit (a
    value above ``auto_loss_above``: a land unit without a roll); with no attacking land
    unit left the neutral goes to the nearest enemy nation."""
    rule = s.rules.options.get("wg_neutral_invasion")
    if not rule:
        return
    value = s.board.value.get(zone, 0)
    # refused in combat move when it cannot be paid (affordable_neutral_moves); the
    # min() only guards against money spent since
    fee = min(neutral_fee(s, zone), s.spendable(invader))
    if fee > 0:
        s.pay(invader, fee)
    foe = nearest_opponent(s, zone, invader)
    ut = s.rules.units
    mine = sorted(
        (s.units[u] for u in attackers if u in s.units),
        key=lambda u: (ut[u.type].cost_for(u.nation), u.id),
    )
    land = [u for u in mine if ut[u.type].domain == "land"]
    roll = None
    lost = None
    if value > int(rule.get("auto_loss_above", 11)) and land:
        lost = land[0]
    else:
        roll = s.rng.roll(s.rules.dice)
        if roll <= value and mine:
            lost = mine[0]
    if lost is not None:
        s.remove_unit(lost.id, "neutral_risk")
    s.event(
        "neutral_risk",
        zone=zone,
        by=invader,
        fee=fee,
        roller=foe,
        roll=roll,
        lost=None if lost is None else lost.id,
    )
    if foe is not None and not any(
        u in s.units and ut[s.units[u].type].domain == "land" for u in attackers
    ):
        s.owner[zone] = foe  # the neutral goes over to the nearest enemy
        s.bump()
        s.event("neutral_to_enemy", zone=zone, nation=foe)


# ---------------------------------------------------------- battleship repair (§4.7)
def repair_cost(s: GameState, uid: int) -> int | None:
    """The repair cost rolled for ship ``uid`` (fixed once rolled), or None: none rolled
    yet, or the ship was repaired since (a repair forgets the roll with ``cost=None``, so
    the next damage rolls anew)."""
    for h in reversed(s.history):
        if h.get("type") == "wg_repair_cost" and h.get("unit") == uid:
            return None if h["cost"] is None else int(h["cost"])
    return None


def repair_battleships(s: GameState, n: str) -> None:
    """seeds/002 "Battleship repair" (rules-notes/002 §4.7), at the start of ``n``'s
    turn: a damaged ship gets its repair cost rolled once (a d12, fixed for that ship);
    one in a sea zone next to a friendly territory good for that cost (``wg_repair``
    rows: up to cost, minimum value, needs a factory), held and not a territory whose
    owner does not share land with ``n`` (so no Soviet sites for the Allies, and only
    Soviet ones for the U.S.S.R.), is repaired if ``n`` can pay. Reaching the site
    last turn and being repaired now is how "damaged until the owner's next turn" reads
    here."""
    rows = s.rules.options.get("wg_repair")
    if not rows:
        return
    ut = s.rules.units
    b = s.board
    fac_zones = None
    for u in sorted(s.units.values(), key=lambda u: u.id):
        if u.nation != n or not u.damage or ut[u.type].domain != "sea":
            continue
        cost = repair_cost(s, u.id)
        if cost is None:
            cost = s.rng.roll(s.rules.dice)
            s.remember("wg_repair_cost", unit=u.id, cost=cost)
            s.event("repair_cost", unit=u.id, nation=n, cost=cost)
        row = next((r for r in rows if cost <= r[0]), None)
        if row is None or cost > s.spendable(n):
            continue
        if fac_zones is None:
            fac_zones = {
                f.zone
                for f in s.facilities.values()
                if (ft := s.rules.facility_types.get(f.type)) is not None and ft.production
            }
        need_value, need_factory = int(row[1]), bool(row[2])
        friends = s.friends(n)
        ok = False
        for z in b.coast.get(u.zone, ()):
            o = s.owner.get(z)
            if o not in friends or not shares_land(s, n, o) or s.start_owner.get(z) != o:
                continue
            if b.value.get(z, 0) < need_value or (need_factory and z not in fac_zones):
                continue
            ok = True
            break
        if ok:
            s.pay(n, cost)
            s.set_unit(u.id, damage=0)
            s.remember("wg_repair_cost", unit=u.id, cost=None)
            s.event("repaired", unit=u.id, nation=n, cost=cost, zone=u.zone)


# ---------------------------------------------------------- artillery support (§3)
def support_artillery(s: GameState, zone: int, nations) -> list:
    """seeds/002 "Artillery" support shot (rules-notes/002 §3): artillery of the attacking
    nations that stayed put in a neighbouring land zone fires once, in round 1, into the
    attack - at most one per attacking land unit that crossed that same border, never
    across a hostile-terrain line, never from a transport. Returns the units."""
    ut = s.rules.units
    b = s.board
    out = []
    for y in b.land_nbrs.get(zone, ()):
        if hostile_border(s, y, zone):
            continue
        crossers = sum(
            1
            for uid in s.units_in(zone)
            if s.units[uid].nation in nations
            and ut[s.units[uid].type].domain == "land"
            and s.origins.get(uid) == y
        )
        if not crossers:
            continue
        guns = [
            s.units[uid]
            for uid in s.units_in(y)
            if s.units[uid].nation in nations
            and not s.units[uid].on
            and ut[s.units[uid].type].props.get("support_shot")
            and not s.units[uid].flags & _MOVED_OR_FOUGHT
        ]
        out += sorted(guns, key=lambda u: u.id)[:crossers]
    return out


def follow_moves(s: GameState, ctx, uids) -> dict[int, tuple[int, int]]:
    """seeds/002 "Artillery" (rules-notes/002 §3): artillery that fired a support shot
    this turn may, in non-combat movement, move into the territory it supported if that
    was conquered (taken this turn and now friendly land it may enter). Returns unit ->
    path for those of ``uids`` (units flagged as having fought) that may."""
    if not s.rules.options.get("wg_support_shots") or ctx.combat:
        return {}
    ut = s.rules.units
    want = {u for u in uids if ut[s.units[u].type].props.get("support_shot")}
    if not want:
        return {}
    out: dict[int, tuple[int, int]] = {}
    for h in s.history:
        if h.get("type") != "wg_supported" or h.get("round") != s.round:
            continue
        uid, z = h.get("unit"), h.get("zone")
        u = s.units.get(uid)
        if uid not in want or u is None or u.nation != ctx.n or u.moves <= 0:
            continue
        if z in s.captured and z in s.board.land_nbrs.get(u.zone, ()) and ctx.status(z) == "F":
            out[uid] = (u.zone, z)
    return out


# ------------------------------------------------------- amphibious assaults (§4.5)
def note_cleared(s: GameState, sea: int, attackers) -> None:
    """After a sea battle that cleared ``sea`` for a landing: remember the attacking
    ships able to bombard that had to fight there (:func:`surprise_lost`)."""
    ut = s.rules.units
    ships = sorted(u.id for u in attackers if ut[u.type].bombard)
    if ships:
        s.remember("wg_sea_cleared", zone=sea, ships=ships)


def surprise_lost(s: GameState, attackers) -> set[int]:
    """seeds/002 "Amphibious assaults" (rules-notes/002 §4.5 "Initiative"): if the ships
    meant to bombard had to be used to clear the sea zone, the landers lose their round-1
    attack ("loss of surprise"). Read here as: attacking ships able to bombard fought the
    sea battle that cleared the zone the landers came from this turn. Returns the landers
    that do not roll in round 1 (they may still be taken as casualties)."""
    if not s.rules.options.get("wg_loss_of_surprise"):
        return set()
    ut = s.rules.units
    cleared = {
        h.get("zone")
        for h in s.history
        if h.get("type") == "wg_sea_cleared"
        and h.get("round") == s.round
        and h.get("nation") == s.current_nation
    }
    if not cleared:
        return set()
    return {
        u.id
        for u in attackers
        if u.flags & AMPHIB and ut[u.type].domain == "land" and s.amph_from.get(u.id) in cleared
    }
