"""The hex graph the Hitler's Global War rules walk, derived once per game from the board
and the map (shared by every clone through ``Board.cache``), and the searches over it:
friendly reach for movement (seeds/001 MOVEMENT), supply traces (seeds/001 SUPPLY) and
short distances (the 3-hex capture of an unsupplied hex).

Hexside rules (HGW-CONTRACT): land hexsides join land hexes; a border with
``props["all_sea"]`` is crossed by nothing; a land-land strait link (a crossing arrow) is
crossed by movement, attacks and supply but never by a retreat; ``props["road"]`` on a
border lets supply leave a mountain, desert or jungle hex by that hexside."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from gamecore.engine.board import Board
from gamecore.engine.state import GameState
from gamecore.hgw.state import HgwState
from gamecore.model.map import Map, border_key

#: terrains supply may enter but not pass through (unless it leaves by a road, or, for
#: desert and jungle, the hex holds the side's occupation marker won by combat)
NO_PASS = frozenset({"mountain", "desert", "jungle"})
MARKER_PASS = frozenset({"desert", "jungle"})
#: terrains without an inherent garrison (rules-notes/001 §1.5)
NO_GARRISON = frozenset({"desert", "jungle", "island"})


class Hexside(NamedTuple):
    """The hexside between land hexes ``a`` < ``b`` (equal to, and hashed as, the map's
    ``border_key(a, b)``, so a plain pair finds it in a set)."""

    a: int
    b: int

    @classmethod
    def between(cls, x: int, y: int) -> Hexside:
        return cls(*border_key(x, y))

    def other(self, z: int) -> int:
        """The hex across the hexside from ``z`` (one of its two)."""
        return self.a if self.b == z else self.b


class StraitStep(NamedTuple):
    """From a sea hex, the sea hex ``sea`` beyond the crossing-arrow hexside between land
    hexes ``a`` and ``b`` (open while both are friendly to the mover)."""

    sea: int
    a: int
    b: int


class Passage(NamedTuple):
    """From a sea hex, the sea hex ``sea`` beyond a passage between two sea areas, open
    while the hex ``control`` is friendly to the mover."""

    sea: int
    control: int


#: a test of a hex: whether it is friendly to the side moving or tracing supply
Friendly = Callable[[int], bool]


@dataclass(frozen=True)
class HexGraph:
    code: dict  # hex id -> zone
    nbrs: dict  # zone -> zones reached by land movement, attack and supply
    retreat: dict  # zone -> zones a retreat may reach (no crossing arrows)
    crossing: frozenset[Hexside]  # the crossing arrows
    road: frozenset[Hexside]  # hexsides with a printed road
    garrison: dict  # zone -> inherent garrison SPs (0 or 1)
    box: dict  # zone -> {"stacking": None|int, "retreat": bool} for off-map boxes
    region: dict  # zone -> country key
    terrain: dict  # zone -> terrain
    sea: dict  # zone -> zones one sea step away (sea hexes, coasts, boxes' sea arrows)
    area: dict  # sea zone -> its named sea area (Zone.region of a sea hex)
    control: dict  # sea zone -> the hex that must be friendly to pass it (seeds/001 Sea Route 4)
    #: sea zone -> ((sea zone, land a, land b), ...): the sea hexes at the two ends of a
    #: crossing-arrow hexside a|b, joined through it only while a and b are both friendly
    #: to the mover (rules-notes/001 §1.1, §4.10)
    strait: dict[int, tuple[StraitStep, ...]] = field(default_factory=dict)
    #: zone -> its hex row (``Zone.props["hex"]``), for the half-cost high rows
    row: dict = field(default_factory=dict)
    #: sea zone -> ((sea zone, controlling hex), ...): the passages between sea areas
    #: (a sea link with ``props["sea_control"]``: Gibraltar, the Danish straits, the Kiel
    #: canal, the Bosporus), not in ``sea``; a sea route takes one only while that hex is
    #: friendly (seeds/001 Sea Route 4; rules-notes/001 §1.3 control hexes)
    passage: dict[int, tuple[Passage, ...]] = field(default_factory=dict)


def graph(s: GameState) -> HexGraph:
    """The game's hex graph (built on first use, then kept with the board)."""
    g = s.board.cache.get("hgw_graph")
    if g is None:
        g = s.board.cache["hgw_graph"] = _build(s.board, s.pack.map)
    return g


def _build(board: Board, m: Map) -> HexGraph:
    all_sea: set[Hexside] = set()
    road: set[Hexside] = set()
    for key, b in m.borders.items():
        if b.props.get("all_sea"):
            all_sea.add(Hexside.between(*key))
        if b.props.get("road"):
            road.add(Hexside.between(*key))
    crossing: set[Hexside] = set()
    for lk in m.links.values():
        if lk.kind == "strait" and lk.a in m.zones and lk.b in m.zones:
            if board.kind.get(lk.a) == "land" and board.kind.get(lk.b) == "land":
                crossing.add(Hexside.between(lk.a, lk.b))
    # a Border row joins two land zones even without a shared edge (the Siberia box,
    # drawn apart, borders the Ural hexes: HGW-CONTRACT)
    extra: dict[int, list[int]] = {}
    for (a, b), bd in m.borders.items():
        if a in m.zones and b in m.zones and not bd.impassable:
            if board.kind.get(a) == "land" and board.kind.get(b) == "land":
                if a not in board.impassable and b not in board.impassable:
                    extra.setdefault(a, []).append(b)
                    extra.setdefault(b, []).append(a)
    nbrs: dict[int, tuple[int, ...]] = {}
    retreat: dict[int, tuple[int, ...]] = {}
    garrison: dict[int, int] = {}
    box: dict[int, dict] = {}
    for z in board.zones:
        zn = m.zones[z]
        if board.kind[z] != "land" or z in board.impassable:
            nbrs[z] = retreat[z] = ()
            continue
        ns = []
        for n in (*board.land_nbrs.get(z, ()), *extra.get(z, ())):
            if n in ns:
                continue
            key = border_key(z, n)
            if key in all_sea and key not in crossing:
                continue
            ns.append(n)
        for side in crossing:
            if z in side:
                other = side.other(z)
                if other not in ns and other not in board.impassable:
                    ns.append(other)
        ns.sort()
        nbrs[z] = tuple(ns)
        retreat[z] = tuple(n for n in ns if border_key(z, n) not in crossing)
        if zn.kind == "offmap":
            spec = zn.props.get("box") if isinstance(zn.props.get("box"), dict) else {}
            box[z] = {"stacking": spec.get("stacking"), "retreat": bool(spec.get("retreat"))}
        g = zn.props.get("garrison")
        if isinstance(g, int) and not isinstance(g, bool):
            garrison[z] = max(0, min(1, g))
        else:
            garrison[z] = 0 if (zn.terrain in NO_GARRISON or zn.kind == "offmap") else 1
    code = {m.zones[z].code: z for z in board.zones if m.zones[z].code}
    sea: dict[int, list[int]] = {}
    area: dict[int, str] = {}
    control: dict[int, int] = {}
    passage: dict[int, list[Passage]] = {}
    shut: set[tuple[int, int]] = set()
    for lk in m.links.values():
        ctl = lk.props.get("sea_control")
        if lk.kind == "not_adjacent" or ctl is None or str(ctl) not in code:
            continue
        if board.kind.get(lk.a) == "sea" and board.kind.get(lk.b) == "sea":
            shut.add(border_key(lk.a, lk.b))
            passage.setdefault(lk.a, []).append(Passage(lk.b, code[str(ctl)]))
            passage.setdefault(lk.b, []).append(Passage(lk.a, code[str(ctl)]))
    for z in board.zones:
        if board.kind[z] != "sea" or z in board.impassable:
            continue
        area[z] = board.region.get(z) or ""
        ctl = m.zones[z].props.get("sea_control")
        if ctl is not None and str(ctl) in code:
            control[z] = code[str(ctl)]
        steps = sea.setdefault(z, [])
        steps += [
            n
            for n in board.sea_nbrs.get(z, ())
            if n not in board.impassable and border_key(z, n) not in shut
        ]
        for n in board.coast.get(z, ()):
            if board.kind.get(n) == "land" and n not in board.impassable:
                steps.append(n)
                sea.setdefault(n, []).append(z)
    for lk in m.links.values():  # the sea arrows of off-map boxes (HGW-CONTRACT)
        if lk.kind == "offmap" and lk.a in area or lk.kind == "offmap" and lk.b in area:
            s_, b_ = (lk.a, lk.b) if lk.a in area else (lk.b, lk.a)
            if b_ in board.zones and b_ not in area:
                sea.setdefault(s_, []).append(b_)
                sea.setdefault(b_, []).append(s_)
    strait: dict[int, list[StraitStep]] = {}
    for a, b in sorted(crossing):
        ends = sorted(
            x for x in area if a in board.coast.get(x, ()) and b in board.coast.get(x, ())
        )
        for i, x in enumerate(ends):
            for y in ends[i + 1 :]:
                if y not in board.sea_nbrs.get(x, ()):
                    strait.setdefault(x, []).append(StraitStep(y, a, b))
                    strait.setdefault(y, []).append(StraitStep(x, a, b))
    row: dict[int, int] = {}
    for z in board.zones:
        rc = m.zones[z].props.get("hex")
        if isinstance(rc, (list, tuple)) and rc and isinstance(rc[0], int):
            row[z] = rc[0]
    return HexGraph(
        code=code,
        nbrs=nbrs,
        retreat=retreat,
        crossing=frozenset(crossing),
        road=frozenset(road),
        garrison=garrison,
        box=box,
        region=dict(board.region),
        terrain=dict(board.terrain),
        sea={z: tuple(sorted(set(v))) for z, v in sea.items()},
        area=area,
        control=control,
        strait={z: tuple(v) for z, v in strait.items()},
        row=row,
        passage={z: tuple(sorted(set(v))) for z, v in passage.items()},
    )


def sea_steps(g: HexGraph, x: int, friendly: Friendly) -> Iterable[int]:
    """The hexes one sea step from sea hex ``x``: its sea hexsides, coasts and sea
    arrows, and the sea hexes beyond a crossing-arrow hexside whose two land hexes are
    both ``friendly`` (rules-notes/001 §1.1: "A sea route may cross a crossing-arrow
    hexside only if both adjacent hexes are friendly"; seeds/001 Sea Route 2), and the
    sea hexes beyond a passage between two seas whose controlling hex is ``friendly``
    (``HexGraph.passage``: Gibraltar, East Denmark, Kiel, Istanbul; seeds/001 Sea Route
    4). Sea movement, sea supply and invasion routes all step through here."""
    yield from g.sea.get(x, ())
    for st in g.strait.get(x, ()):
        if friendly(st.a) and friendly(st.b):
            yield st.sea
    for ps in g.passage.get(x, ()):
        if friendly(ps.control):
            yield ps.sea


def sea_cost(g: HexGraph, z: int, below: int) -> int:
    """Half movement points of entering hex ``z`` on a sea route: 1 in a hex above row
    ``below`` (rows 01-11 when ``below`` is 12: rules-notes/001 §1.2, seeds/001 Sea
    Route 7), else 2; 0 for ``below`` turns the rule off (every hex 2)."""
    r = g.row.get(z)
    return 1 if below and r is not None and r < below else 2


def components(s: GameState, friendly: Friendly) -> dict[int, int]:
    """zone -> component label of the hexes ``friendly(zone)`` holds, joined by land
    hexsides and crossing arrows (seeds/001 MOVEMENT: a connected chain of friendly hexes)."""
    g = graph(s)
    label: dict[int, int] = {}
    for z in s.board.zones:
        if z in label or not g.nbrs.get(z) and z not in g.box or not friendly(z):
            continue
        label[z] = z
        todo = [z]
        while todo:
            x = todo.pop()
            for n in g.nbrs[x]:
                if n not in label and friendly(n):
                    label[n] = z
                    todo.append(n)
    return label


#: the sea routes of some sea areas (:func:`sea_net`): (sea hex -> route label, label ->
#: the land hexes and boxes on that route's shores)
SeaNet = tuple[dict[int, int], dict[int, tuple[int, ...]]]


def sea_net(s: GameState, seas: Iterable[str], friendly: Friendly) -> SeaNet:
    """The sea routes through the sea areas ``seas`` (seeds/001 SEA MOVEMENT, Sea Route):
    sea hexes joined by sea hexsides, any length; a sea hex with a controlling hex
    (``Zone.props["sea_control"]``) only while ``friendly(that hex)``, and likewise a
    passage between two sea areas (``HexGraph.passage``: Gibraltar, East Denmark, Kiel,
    Istanbul). Returns (sea zone -> route label, label -> the land hexes and
    boxes on that route's shores)."""
    g = graph(s)
    label: dict[int, int] = {}
    shore: dict[int, tuple[int, ...]] = {}
    seas = frozenset(seas)

    def open_(x: int) -> bool:
        c = g.control.get(x)
        return g.area.get(x) in seas and (c is None or friendly(c))

    for z in sorted(g.area):
        if z in label or not open_(z):
            continue
        label[z] = z
        todo, coast = [z], set()
        while todo:
            x = todo.pop()
            for n in sea_steps(g, x, friendly):
                if n in g.area:
                    if n not in label and open_(n):
                        label[n] = z
                        todo.append(n)
                else:
                    coast.add(n)
        shore[z] = tuple(sorted(coast))
    return label, shore


def landings(g: HexGraph, net: SeaNet, z: int) -> list[int]:
    """Land hexes and boxes one sea leg from land hex ``z`` through ``net`` (sea_net)."""
    label, shore = net
    out: list[int] = []
    seen = set()
    for x in g.sea.get(z, ()):
        lab = label.get(x)
        if lab is not None and lab not in seen:
            seen.add(lab)
            out += [n for n in shore[lab] if n != z]
    return out


def trace(
    s: HgwState,
    sources: Iterable[int],
    friendly: Friendly,
    occupied_by: str | None = None,
    seas: Iterable[str] = frozenset(),
) -> set[int]:
    """Every friendly hex that traces supply to one of ``sources`` (seeds/001 SUPPLY,
    Line of Supply): a chain of friendly hexes, not across all-sea hexsides; a mountain,
    desert or jungle hex may end the chain but passes supply on only by a road hexside
    toward the source, or (desert, jungle) while it holds ``occupied_by``'s occupation
    marker. Searched outward from the sources. ``seas``: the side's friendly seas, which
    a supply route may cross from coast to coast (seeds/001 SEA MOVEMENT, Supply Route 1;
    a sea leg is no road, so it does not carry supply on out of a mountain)."""
    g = graph(s)
    occ = s.occupied
    net = sea_net(s, seas, friendly) if seas else None
    reached = set()
    todo: deque[int] = deque()
    for z in sources:
        if friendly(z) and z not in reached:
            reached.add(z)
            todo.append(z)
    passed = set(reached)  # the sources pass supply on whatever their terrain
    while todo:
        p = todo.popleft()
        steps = g.nbrs[p] if net is None else (*g.nbrs[p], *landings(g, net, p))
        for x in steps:
            if not friendly(x):
                continue
            reached.add(x)
            if x in passed:
                continue
            t = g.terrain.get(x, "clear")
            ok = (
                t not in NO_PASS
                or border_key(p, x) in g.road
                or (t in MARKER_PASS and occupied_by is not None and occ.get(x) == occupied_by)
            )
            if ok:
                passed.add(x)
                todo.append(x)
    return reached


def within(s: GameState, starts: Iterable[int], limit: int) -> dict[int, int]:
    """zone -> hexes from the nearest of ``starts`` (at most ``limit``), over land
    hexsides and crossing arrows whoever holds them."""
    g = graph(s)
    dist = {z: 0 for z in starts}
    todo = deque(dist)
    while todo:
        x = todo.popleft()
        if dist[x] >= limit:
            continue
        for n in g.nbrs[x]:
            if n not in dist:
                dist[n] = dist[x] + 1
                todo.append(n)
    return dist
