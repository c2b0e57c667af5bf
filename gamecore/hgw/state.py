"""The hgw game state: the named records the rules keep (an army, a fleet, a beachhead,
the exploitation under way, the losses waiting for their owner's choice), the state parts
declared on the kernel (:mod:`gamecore.engine.parts`) and :class:`HgwState`, the typed
state every rule function of the package takes.

The records are named tuples: a saved game, a log and a snapshot hold them as the plain
lists they always were (``json`` writes a tuple as a list), and a clone shares them."""

from __future__ import annotations

from typing import NamedTuple

from gamecore.engine.parts import Part
from gamecore.engine.state import GameState, state_class

INF, MECH, FORT, AMPH = "inf", "mech", "fort", "amph"
SP_TYPES = (INF, MECH)  # the SPs of armies that fire (forts stand in their hex, in no army)
#: every SP type an army holds: amphibious SPs (Fall of Germany) move with the army and
#: count for stacking and against advances, but neither assault nor defensively assault
#: (seeds/001 AMPHIBIOUS INVASIONS, Amphibious Strength Points 1-2)
ARMY_TYPES = (INF, MECH, AMPH)
#: the season index of Winter in a "3-seasons" calendar (Spring, Summer, Winter)
WINTER = 2


class Army(NamedTuple):
    """An army (seeds/001 ARMIES): every SP but a fort belongs to exactly one; it stands
    in one hex, and vanishes when it has no SP left."""

    nation: str
    name: str
    zone: int  # the hex it stands in


class Fleet(NamedTuple):
    """A fleet based in a coastal hex (seeds/001 Fleet Naval Fire 1)."""

    nation: str
    points: int  # naval fire points left


class Beachhead(NamedTuple):
    """A hex invaded from the sea: its invaders trace supply to it the next turn
    (seeds/001 Invasion Procedure 4)."""

    nation: str
    round: int  # the round of the invasion


class Exploit(NamedTuple):
    """The exploitation under way (seeds/001 Exploitation)."""

    army: int  # the army attacking now (0: none yet)
    target: int  # the hex it attacks (0: none named, or its advance was rolled)
    done: frozenset[int]  # armies whose exploitation is over


class PendingLoss(NamedTuple):
    """Losses waiting for their owner's decision ``hgw_losses`` (seeds/001 Assault
    Resolution 5)."""

    sps: tuple[int, ...]  # the SPs they may fall on
    hits: int
    reason: str


#: no exploitation under way (a new turn's value)
NO_EXPLOIT = Exploit(0, 0, frozenset())


def _sorted_items(d: dict) -> dict:
    return {str(k): (list(v) if isinstance(v, tuple) else v) for k, v in sorted(d.items())}


PARTS = (
    Part(
        "armies",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        doc="army id -> Army (nation, name, zone): every SP belongs to exactly one army",
    ),
    Part(
        "army_of",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        doc="SP (unit id) -> its army id",
    ),
    Part("next_army", lambda s: 1, "share", snapshot=lambda v: v, doc="the next army id"),
    Part(
        "occupied",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        doc="zone -> nation whose occupation marker (won by combat advance) stands there",
    ),
    Part(
        "permanent",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        doc="zone -> devastated points that can never be repaired",
    ),
    Part(
        "declared",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        doc="army -> the hex its initial attack was announced against (this turn)",
    ),
    Part(
        "advanced",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        doc="army -> hexes it advanced into this turn (+1 each to its next advance roll)",
    ),
    Part(
        "assaulted",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        doc="armies that assaulted this turn",
    ),
    Part(
        "defended",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        doc="armies that made their defensive assault this turn",
    ),
    Part(
        "failed", lambda s: frozenset(), "share", snapshot=sorted, doc="armies whose advance failed"
    ),
    Part(
        "no_garrison",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        doc="hexes whose garrison was destroyed this combat phase",
    ),
    Part(
        "exploit",
        lambda s: NO_EXPLOIT,
        "share",
        snapshot=lambda v: [v.army, v.target, sorted(v.done)],
        doc="exploitation: Exploit (the army attacking now, its target or 0, armies done)",
    ),
    Part(
        "dqueue",
        lambda s: (),
        "share",
        snapshot=list,
        doc="hexes still to be offered their defensive assault (the pending decision first)",
    ),
    Part(
        "fort_fired",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        sparse=True,
        doc="hexes whose forts made their defensive assault this turn",
    ),
    Part(
        "absorbed",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        sparse=True,
        doc="hex -> losses its forts absorbed this turn (one per fort SP a turn)",
    ),
    Part(
        "invading",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        sparse=True,
        doc="armies whose announced attack this turn is an amphibious invasion",
    ),
    Part(
        "amphibious",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        sparse=True,
        doc="the army making an amphibious advance now (exploitation), until it rolls",
    ),
    Part(
        "beachhead",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        sparse=True,
        doc="hex -> Beachhead (nation, round): invaded hexes its invaders trace supply to next turn",
    ),
    Part(
        "fleet",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        sparse=True,
        doc="hex -> Fleet (nation, naval fire points) of the fleet based there",
    ),
    Part(
        "fleet_spent",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        sparse=True,
        doc="hexes whose fleet lost a naval battle this turn (Expended)",
    ),
    Part(
        "rebased",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        sparse=True,
        doc="hexes a fleet changed base to this turn (it does not move again; Campaign II)",
    ),
    Part(
        "lend",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        sparse=True,
        doc="nation -> lend-lease PP given to it, spent in its next production phase",
    ),
    Part(
        "shipped",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        sparse=True,
        doc="sea area -> SPs the current side moved through it this turn (its capacity)",
    ),
    Part(
        "pending_loss",
        lambda s: (),
        "share",
        snapshot=list,
        doc="losses waiting for their owner's decision hgw_losses: a PendingLoss or ()",
    ),
    Part(
        "politics",
        lambda s: {},
        "copy",
        snapshot=lambda v: {k: v[k] for k in sorted(v)},
        sparse=True,
        doc="the campaign's political record (gamecore.hgw.politics): countries violated "
        "this combat phase, joined, surrendered; entries done; mobilisation; winters",
    ),
    Part(
        "air",
        lambda s: {},
        "copy",
        snapshot=_sorted_items,
        sparse=True,
        doc="hex -> Air (nation, bomber, escort, air defence SPs, round of its last raid): "
        "the strategic air markers (Campaign II, gamecore.hgw.strategic)",
    ),
    Part(
        "naval",
        lambda s: {},
        "copy",
        snapshot=lambda v: {
            k: (_sorted_items(x) if isinstance(x, dict) else x) for k, x in sorted(v.items())
        },
        sparse=True,
        doc="U-boats and shipping (Campaign II, gamecore.hgw.uboats): uboats {hex: [nation, "
        "SPs]}, asw {nation: SPs}, loss {nation: PP}, done [[hex, route, round]]",
    ),
    Part(
        "tech",
        lambda s: {},
        "copy",
        snapshot=lambda v: {n: {i: list(r) for i, r in sorted(v[n].items())} for n in sorted(v)},
        sparse=True,
        doc="nation -> item -> Tech (level, cost in half PP, research marker, PP this turn) "
        "(Campaign II research, gamecore.hgw.research)",
    ),
    Part(
        "cut",
        lambda s: frozenset(),
        "share",
        snapshot=sorted,
        doc="the current side's armies without full supply at the start of its turn",
    ),
)


class HgwState(GameState):
    """The state of an hgw game, typed: the core state and the parts above. The rule
    functions take it; the kernel makes games of its subclass :data:`HgwGameState`,
    which :func:`~gamecore.engine.parts.state_class` builds from :data:`PARTS` (slots,
    clone, snapshot). The annotations here name the same parts (a test holds them equal)."""

    __slots__ = ()

    armies: dict[int, Army]
    army_of: dict[int, int]
    next_army: int
    occupied: dict[int, str]
    permanent: dict[int, int]
    declared: dict[int, int]
    advanced: dict[int, int]
    assaulted: frozenset[int]
    defended: frozenset[int]
    failed: frozenset[int]
    no_garrison: frozenset[int]
    exploit: Exploit
    dqueue: tuple[int, ...]
    fort_fired: frozenset[int]
    absorbed: dict[int, int]
    invading: frozenset[int]
    amphibious: frozenset[int]
    beachhead: dict[int, Beachhead]
    fleet: dict[int, Fleet]
    fleet_spent: frozenset[int]
    rebased: frozenset[int]
    lend: dict[str, int]
    shipped: dict[str, int]
    pending_loss: PendingLoss | tuple[()]
    politics: dict[str, object]
    air: dict[int, tuple]
    naval: dict[str, object]
    tech: dict[str, dict]
    cut: frozenset[int]


#: the class of an hgw game's state (gamecore.engine.parts.state_class)
HgwGameState = state_class("HgwGameState", PARTS, __name__, base=HgwState)
