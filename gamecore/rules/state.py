"""The A&A family's parts of a game state (gamecore.engine.parts): what its mechanisms
keep beyond the core state — battles, purchases and placements, the turn's movement
records, Global War's politics, technologies, logistics and economy. Each is declared
once: its value in a new game, how a clone copies it, its form in a snapshot."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gamecore.engine.parts import Part
from gamecore.engine.state import state_class

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


@dataclass
class Battle:
    """A battle being fought (one zone, to its end)."""

    zone: int
    attacker: str
    defender: str | None
    kind: str = "battle"  # "battle" | "bomb"
    round: int = 0
    profiles: dict[str, str] = field(default_factory=dict)  # "att"/"def" -> profile
    pre_done: bool = False
    scrambled: tuple[tuple[int, int], ...] = ()  # (unit, home zone)
    doomed: tuple[int, ...] = ()  # hit by bombardment: fire in round 1, then removed
    attackers: tuple[str, ...] = ()  # nations attacking together (default: the attacker)
    # Global War §9.8: amphibious land units that may not attack in round 1 (held out)
    waiting: tuple[int, ...] = ()
    # the steps before round 1 done so far (scramble, kamikaze, the rest): a step whose
    # decision is offered to a player waits for the answer
    pre_stage: int = 0
    # the round whose casualty profiles the sides last chose (decision "casualties")
    chosen: int = 0
    # the round before which the defender last chose whether its submarines submerge
    # (decision "submerge")
    dived: int = 0
    # seeds/002 "Bomber", "Artillery": the fire modes chosen for this round, per side
    # ("att"/"def") and unit type (decision "fire_mode"); the round they were chosen for
    modes: dict[str, dict[str, str]] = field(default_factory=dict)
    moded: int = 0
    # seeds/002 §4.8 scorched earth: the round before which the defender last chose
    # (decision "scorch") and the round it declared for (0: none)
    scorch_asked: int = 0
    scorch: int = 0
    # the units a side's owner picked to take this round's hits, first to go first (a
    # unit with several hits left may be named once per hit): a ``casualties`` answer
    # naming units (the play mode, after seeing the round's dice); () follows the profile
    picks: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def copy(self) -> Battle:
        return Battle(
            self.zone,
            self.attacker,
            self.defender,
            self.kind,
            self.round,
            dict(self.profiles),
            self.pre_done,
            self.scrambled,
            self.doomed,
            self.attackers,
            self.waiting,
            self.pre_stage,
            self.chosen,
            self.dived,
            {k: dict(v) for k, v in self.modes.items()},
            self.moded,
            self.scorch_asked,
            self.scorch,
            dict(self.picks),
        )


def _empty_dict(s: GameState) -> dict:
    return {}


def _empty_set(s: GameState) -> set:
    return set()


def _empty_tuple(s: GameState) -> tuple:
    return ()


def _none(s: GameState) -> None:
    return None


def _sorted_dict(v: dict) -> dict:
    return dict(sorted(v.items()))


def _tokens(s: GameState) -> dict[str, int]:
    """Kamikaze tokens (3G40) from the nations' ``props.kamikaze_tokens``."""
    out = {}
    for n, nat in s.pack.nations.items():
        k = nat.props.get("kamikaze_tokens")
        if isinstance(k, int) and k > 0:
            out[n] = k
    return out


def _closed_links(s: GameState) -> frozenset:
    return frozenset(
        (min(lk.a, lk.b), max(lk.a, lk.b))
        for lk in s.pack.map.links.values()
        if lk.props.get("closed") and lk.kind in ("strait", "canal")
    )


def _alignment(s: GameState) -> dict[int, str]:
    """Neutral politics only where the map says how a neutral zone leans (zone or nation
    ``props.alignment``)."""
    out = {}
    board, pack = s.board, s.pack
    for z in board.zones:
        if board.kind[z] != "land" or not s.is_neutral_owner(s.owner.get(z)):
            continue
        al = pack.map.zones[z].props.get("alignment")
        o = s.owner.get(z)
        if al is None and o in pack.nations:
            al = pack.nations[o].props.get("alignment")
        if isinstance(al, str) and al:
            out[z] = al
    return out


def _peace_income(s: GameState) -> dict[str, int]:
    from gamecore.rules.economy import initial_peace_income

    return initial_peace_income(s)


PARTS = (
    # purchases and placement (seeds/000 §7)
    Part(
        "pending",
        _empty_dict,
        snapshot=lambda v: {n: dict(sorted(p.items())) for n, p in sorted(v.items()) if p},
        doc="nation -> {type: count} bought, not yet placed (the per-nation dicts are replaced)",
    ),
    Part("placed", _empty_dict, doc="facility id -> units placed there this turn"),
    Part("built", _empty_set, doc="zones where a facility was built this turn"),
    # battles
    Part(
        "battles",
        _empty_tuple,
        "share",
        snapshot=lambda v: [list(b) for b in v],
        doc="(zone, kind) battles still to fight this combat phase",
    ),
    Part(
        "battle",
        _none,
        "copy_or_none",
        snapshot=lambda b: None if b is None else [b.zone, b.kind, b.round],
        doc="the battle being fought",
    ),
    # the turn's movement records
    Part("origins", _empty_dict, doc="unit -> zone it started the turn in"),
    Part("amph_from", _empty_dict, doc="unit -> sea zone it landed from"),
    Part(
        "landing",
        _empty_dict,
        doc="unit -> transport: landed from a sea zone holding enemy warships, waiting "
        "for that zone's sea battle (option contested_landing)",
    ),
    Part("airlift", _empty_dict, doc="airborne unit -> the aircraft that dropped it (§9.15)"),
    Part("raids", _empty_dict, doc="bomber -> facility it raids"),
    Part("captured", _empty_set, doc="zones captured this turn"),
    # politics and victory
    Part("tokens", _tokens, snapshot=_sorted_dict, doc="nation -> kamikaze tokens left"),
    Part(
        "alignment",
        _alignment,
        snapshot=lambda v: {str(z): a for z, a in sorted(v.items())},
        doc="neutral zone -> how it leans (§4.4-§4.12)",
    ),
    Part(
        "income_mod",
        _empty_dict,
        snapshot=lambda v: {n: x for n, x in sorted(v.items()) if x},
        doc="nation -> permanent income change by events",
    ),
    Part(
        "closed_links",
        _closed_links,
        "share",
        snapshot=lambda v: sorted(list(p) for p in v),
        doc="zone pairs of straits/canals closed by events",
    ),
    Part("vp", _empty_dict, snapshot=_sorted_dict, doc="side -> victory points"),
    # technologies (seeds/000 §7.6-§7.8)
    Part(
        "techs",
        _empty_dict,
        snapshot=lambda v: {t: dict(sorted(p.items())) for t, p in sorted(v.items()) if p},
        doc="chart -> {technology: stages} (the per-chart dicts are replaced)",
    ),
    Part(
        "research",
        _empty_dict,
        snapshot=lambda v: {n: [r, list(t)] for n, (r, t) in sorted(v.items())},
        doc="nation -> (round, technologies rolled that round)",
    ),
    # Global War logistics and economy (seeds/000 §1.20, §5, §7.3, §9.11, §10.4, §11.4)
    Part(
        "logistics",
        _empty_dict,
        snapshot=_sorted_dict,
        doc="per-round counters of rail, narrow crossings, lend-lease",
    ),
    Part(
        "queue",
        _empty_tuple,
        "share",
        snapshot=lambda v: [list(q) for q in v],
        doc="the Production Chart: a tuple of QItem",
    ),
    Part(
        "raiders",
        _empty_dict,
        snapshot=lambda v: {str(u): z for u, z in sorted(v.items())},
        doc="unit -> sea zone: convoy raids declared this combat move",
    ),
    Part(
        "patrols",
        _empty_dict,
        snapshot=lambda v: {str(u): z for u, z in sorted(v.items())},
        sparse=True,
        doc="aircraft -> sea zone: air patrols (seeds/000 §8.7) until their owner's next turn",
    ),
    Part(
        "convoy_lost",
        _empty_dict,
        snapshot=lambda v: {f"{k[0]}|{k[1]}": x for k, x in sorted(v.items())},
        doc="(convoy line, nation) -> IPP lost this calendar turn",
    ),
    Part(
        "peace_income",
        _peace_income,
        snapshot=_sorted_dict,
        doc="nation -> peacetime income level (the tracker of §2.4)",
    ),
)

#: the game state of the A&A family's games
AAState = state_class("AAState", PARTS, __name__)
