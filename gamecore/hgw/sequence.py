"""Campaign Game II's player-turn sequence (seeds/001 CAMPAIGN GAME II): "1. Check game
turn events, 2. Strategic Warfare, 3. Movement Phase: a. Naval Movement ... c. Land
Movement, 4. Combat Phase ...", and its FIREPOWER TABLE change.

- The game-turn events (entries into the war, mobilisation) are the turn start
  (:func:`gamecore.hgw.turn.begin_turn`), as in Campaign Game I.
- The phases ``strategic`` (:mod:`gamecore.hgw.strategic`), ``naval`` and ``research``
  (:mod:`gamecore.hgw.research`) are registered by the system and played where a
  ruleset lists them (the Campaign Game II ruleset of the campaign pack; ``hgw.toml``
  does not, so Barbarossa and the Fall of Germany play as before).
- Naval movement: "Remove Expended markers" (the turn start clears them), "Naval units
  change bases (conduct one fleet at a time)": the action ``hgw_rebase`` moves a fleet,
  or some of its points, from its port along a sea route of any length ("Change base /
  holding area: Unlimited", RANGES) to another friendly port; a fleet that arrived this
  turn does not move again. Interceptions (the Fleet Intercept Table), patrols and
  coastal air strikes are not done.
- ``hgw_fire_groups``: "firepower attacks from sea or involving air strength [may] be
  made in excess of ten points. All points can fire. Just resolve them in groups of ten
  and with whatever remains for the final fire" (:func:`fire`)."""

from __future__ import annotations

import heapq

from gamecore.engine.actions import Action
from gamecore.hgw import geo
from gamecore.hgw.options import hgw_option, opt
from gamecore.hgw.state import Fleet, HgwState
from gamecore.hgw.tables import FIRE_COLS, fire_columns, firepower
from gamecore.hgw.world import enemy_hex, friendly, g_ports

END = Action.end_phase()

OPTIONS = (
    hgw_option(
        "hgw_fire_groups",
        "bool",
        False,
        "fire from sea or with air over ten points resolves in groups of ten and the "
        "remainder, a die each (CAMPAIGN GAME II, FIREPOWER TABLE); off: capped at ten",
    ),
)


def fire(s: HgwState, strength: int, modifier: int = 0) -> tuple[int, list[int]]:
    """(SPs lost, dice thrown) for fire from sea or with air of ``strength`` points: one
    die on the column ``min(10, strength)``; with ``hgw_fire_groups`` a strength over ten
    throws a die for each group of ten and one for the rest (seeds/001 CAMPAIGN GAME II,
    FIREPOWER TABLE). One die is thrown even for no strength (the rolls of the basic
    game's naval fire stay where they were)."""
    fp = opt(s, "hgw_firepower")
    if strength <= FIRE_COLS or not opt(s, "hgw_fire_groups"):
        die = s.rng.roll(6)
        return firepower(fp, min(FIRE_COLS, strength), die + modifier), [die]
    hits, dice = 0, []
    for col in fire_columns(strength):
        die = s.rng.roll(6)
        dice.append(die)
        hits += firepower(fp, col, die + modifier)
    return hits, dice


# -- naval movement: fleets change bases ---------------------------------------------------
def port_seas(s: HgwState, z: int) -> list[int]:
    """The sea hexes a fleet based in ``z`` sails from: those across its sea hexsides,
    and a passage's two sea hexes when ``z`` is the hex controlling it ("Kiel (hex 1236)
    is a port both on the Atlantic and the Baltic", NAVAL ACTION, Fleet Movement 6: this
    board's Kiel touches no sea, the canal is a passage it controls)."""
    g = geo.graph(s)
    by_control = s.board.cache.get("hgw_passage_ports")
    if by_control is None:
        by_control = {}
        for x, steps in g.passage.items():
            for p in steps:
                by_control.setdefault(p.control, set()).update((x, p.sea))
        s.board.cache["hgw_passage_ports"] = by_control
    own = [x for x in g.sea.get(z, ()) if x in g.area]
    return sorted({*own, *by_control.get(z, ())})


def fleet_areas(s: HgwState, z: int) -> set[str]:
    """The sea areas a fleet based in ``z`` sails on (:func:`port_seas`)."""
    g = geo.graph(s)
    return {g.area[x] for x in port_seas(s, z)}


def _is_port(s: HgwState, z: int) -> bool:
    ports = g_ports(s)
    return (z in ports if ports else True) and bool(port_seas(s, z))


def rebase_targets(s: HgwState, z: int) -> list[int]:
    """Friendly ports the fleet based in ``z`` may change base to: the end of a sea
    route of any length (RANGES: "Change base / holding area: Unlimited") through sea
    hexes no enemy controls and crossing arrows and passages whose hexes are friendly
    (seeds/001 Sea Route 2, 4), to a hex holding no other side's fleet."""
    f = s.fleet.get(z)
    if f is None or f.nation != s.current_nation:
        return []
    n = f.nation
    g = geo.graph(s)
    fr = lambda x: friendly(s, n, x)  # noqa: E731
    start = port_seas(s, z)
    seen = {x for x in start if x not in g.control or fr(g.control[x])}
    heap = sorted(seen)
    out: set[int] = set()
    while heap:
        x = heapq.heappop(heap)
        for y in geo.sea_steps(g, x, fr):
            if y in g.area:
                if y not in seen and (y not in g.control or fr(g.control[y])):
                    seen.add(y)
                    heapq.heappush(heap, y)
            elif y != z and fr(y) and not enemy_hex(s, n, y) and _is_port(s, y):
                other = s.fleet.get(y)
                if other is None or other.nation == n:
                    out.add(y)
    return sorted(out)


def naval_legal(s: HgwState) -> list[Action]:
    """The naval movement phase: each fleet of the side not moved this turn may change
    base (all its points; a part of them by the same action with a smaller count)."""
    out = []
    for z, f in sorted(s.fleet.items()):
        if f.nation != s.current_nation or z in s.rebased:
            continue
        for t in rebase_targets(s, z):
            out.append(Action("hgw_rebase", path=(z, t), count=f.points))
    return [*out, END]


def rebase_error(s: HgwState, a: Action) -> str | None:
    if s.phase != "naval":
        return "fleets change bases in the naval movement phase"
    if len(a.path) != 2:
        return "a base change names its port and the new one (path)"
    z, t = a.path
    f = s.fleet.get(z)
    if f is None or f.nation != s.current_nation:
        return "no fleet of the side in that hex"
    if z in s.rebased:
        return "that fleet changed base this turn"
    if not isinstance(a.count, int) or not 1 <= a.count <= f.points:
        return f"count must be 1..{f.points} (the fleet's points)"
    if t not in rebase_targets(s, z):
        return "no sea route to a friendly port there"
    return None


def apply_rebase(s: HgwState, a: Action) -> None:
    z, t = a.path
    f = s.fleet[z]
    there = s.fleet.get(t)
    fleets = {**s.fleet, t: Fleet(f.nation, a.count + (there.points if there else 0))}
    if a.count < f.points:
        fleets[z] = Fleet(f.nation, f.points - a.count)
    else:
        del fleets[z]
    s.fleet = fleets
    s.rebased = s.rebased | {t}
    s.event("hgw_rebase", nation=f.nation, path=[z, t], points=a.count)


# -- the bot's naval decision ----------------------------------------------------------------
def bot_naval(s: HgwState) -> Action:
    """A fleet whose port an enemy army stands next to (an advance would expel it: NAVAL
    ACTION, Fleet Movement 5) withdraws to the reachable friendly port farthest from any
    enemy army; a fleet weaker than another of the side's in the same sea joins it (the
    larger fleet wins a naval battle: Naval Battle Resolution 2). Otherwise it stays."""
    n = s.current_nation
    g = geo.graph(s)
    enemy_at = {v.zone for v in s.armies.values() if v.nation != n and s.at_war(v.nation, n)}

    def threat(z: int) -> int:
        near = geo.within(s, [z], 3)
        return min((d for x, d in near.items() if x in enemy_at), default=99)

    for a in naval_legal(s):
        if a.kind != "hgw_rebase":
            continue
        z, t = a.path
        if any(x in enemy_at for x in g.nbrs.get(z, ())) and threat(t) > threat(z):
            best = max(
                (b for b in naval_legal(s) if b.kind == "hgw_rebase" and b.path[0] == z),
                key=lambda b: (threat(b.path[1]), -b.path[1]),
            )
            return best
        other = s.fleet.get(t)
        if (
            other is not None
            and other.points > s.fleet[z].points
            and fleet_areas(s, z) & fleet_areas(s, t)
            and threat(t) > 1
        ):
            return a
    return END
