"""The A&A family's casualty decision as the play mode shows it: the round's dice and hits
before the side chooses its losses (rules-notes/004 §4.3: "both sides roll ... Casualties
are chosen by their owner and removed after both sides have fired").

The engine asks for the casualty answer before the round is fought, and a round's dice
are drawn from the game's one seeded generator. So the round is fought on a copy of the
game with the answers the rules' default policy gives: the dice it shows are the dice the
real round rolls, as long as no choice still to come changes who fires - no first-strike
hit (its victims fire no more), no other decision before the round (a fire mode), no fire
before round 1 (AA guns, bombardment). Otherwise only what is certain is shown and the
player orders the losses blind, as the profile does. Nothing here changes the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.actions import Action
from gamecore.engine.playview import LossChoice
from gamecore.engine.rng import Rng
from gamecore.rules.battle.units import sides

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState

#: how many answers the copy gives at most before the round is fought
_MAX_STEPS = 32


def unit_kind(state: GameState, u) -> str:
    """A unit as the loss list words it; units of one kind are interchangeable."""
    t = state.rules.units[u.type]
    extra = " (damaged)" if u.damage else ""
    if u.nation not in (state.battle.attacker, state.battle.defender):
        extra += f" ({u.nation})"
    return f"{u.type}{extra}" if t.hits <= 1 else f"{u.type}{extra}, {t.hits - u.damage} hits left"


def dice_words(faces) -> str:
    """One side's dice of a battle round (the round event's ``dice``: unit type, the
    value it hits at or under, the face), by type and value: "infantry@1: 3 1* ·
    armor@3: 2*" (a * marks a hit); "no dice" when it rolled none."""
    groups: dict[tuple[str, int], list[str]] = {}
    for t, v, r in faces or ():
        groups.setdefault((t, v), []).append(f"{r}*" if r <= v else str(r))
    if not groups:
        return "no dice"
    return " · ".join(f"{t}@{v}: {' '.join(rs)}" for (t, v), rs in groups.items())


class _Recorder(Rng):
    """The copy's generator, noting each die with the log's length when it was rolled:
    the dice of an event are those rolled after the event before it (the AA guns'
    ``aa`` event logs its shots and hits, not its faces)."""

    __slots__ = ("faces", "game")

    def roll(self, sides: int) -> int:
        r = super().roll(sides)
        self.faces.append((len(self.game.log), r))
        return r


def _fight_copy(state: GameState, answer: Action, default):
    """Answer the pending casualty decision with ``answer`` on a copy, then every other
    decision with ``default(copy, legal)``, until the round is fought: (the copy, the
    events from the answer on, the kinds of other decisions answered on the way,
    whether it got to the round, the dice rolled: (index in those events of the event
    they were rolled for, face))."""
    c = state.clone()
    n0 = len(c.log)
    rec = _Recorder.__new__(_Recorder)
    rec.state, rec.draws, rec.faces, rec.game = c.rng.state, c.rng.draws, [], c
    c.rng = rec
    rnd = state.battle.round + 1
    others: list[str] = []
    c.apply(answer, check=False)

    def faces():
        return [(at - n0, r) for at, r in rec.faces]

    for _ in range(_MAX_STEPS):
        if any(e.get("e") == "round" and e.get("round") == rnd for e in c.log[n0:]):
            return c, c.log[n0:], others, True, faces()
        d = c.decision
        if d is None or c.battle is None or c.is_terminal():
            break
        if d.kind != "casualties":
            others.append(d.kind)
        c.apply(default(c, c.legal_actions()), check=False)
    return c, c.log[n0:], others, False, faces()


#: what the fire before round 1 is called, by its event
_BEFORE = {"aa": "AA fire", "bombard": "bombardment", "coastal": "coastal guns"}


def _fire_before(events: list[dict], faces: list[tuple[int, int]], upto: int) -> list[str]:
    """The fire before round 1 (AA guns, bombardment) in words, from the events before
    index ``upto``: its dice and hits ("AA fire: 5 1 3 - 1 hit(s)"); a fire's dice are
    those rolled since the fire before it."""
    out = []
    start = 0  # (a fire's losses are logged before its own event: its dice come first)
    for i, e in enumerate(events[:upto]):
        if "hits" not in e:
            continue
        rolled = [str(r) for at, r in faces if start <= at <= i]
        start = i + 1
        if rolled:
            name = _BEFORE.get(e.get("e", ""), e.get("e", "fire").replace("_", " "))
            out.append(f"{name}: {' '.join(rolled)} - {e['hits']} hit(s)")
    return out


def _losses(copy: GameState, hp: dict[int, int]) -> tuple[int, ...]:
    """The units of ``hp`` (id -> hit points before the round) hit on ``copy``, one
    entry per hit point lost, in id order."""
    ut = copy.rules.units
    picks: list[int] = []
    for uid, before in hp.items():
        u = copy.units.get(uid)
        now = 0 if u is None else ut[u.type].hits - u.damage
        picks += [uid] * max(0, before - now)
    return tuple(picks)


def _why(others: list[str], first_strike: bool, before: bool) -> str:
    if others:
        return f"a choice still to come ({', '.join(sorted(set(others)))})"
    if first_strike:
        return "the first-strike losses (their units fire no more)"
    if before:
        return "the fire before round 1"
    return "how the battle goes on"


def _first_fire(events: list[dict], faces: list[tuple[int, int]], rnd: int) -> tuple:
    """What one answer's copy rolled before the round's general dice: the fire before
    round 1 and the first strike's dice and hits (to compare the answers)."""
    at = next(
        (i for i, e in enumerate(events) if e.get("e") == "round" and e.get("round") == rnd),
        None,
    )
    if at is None:
        return ()
    report = events[at]
    fs_dice = (report.get("dice") or [[[], []]])[0]
    return (
        tuple(_fire_before(events, faces, at)) if rnd == 1 else (),
        repr(fs_dice),
        tuple(report.get("first_strike") or (0, 0)),
    )


def loss_choice(state: GameState, default) -> LossChoice | None:
    """The pending A&A casualty decision seen by its side (:class:`LossChoice`), or None.
    ``default(state, legal)``: the answer the play mode preselects for a decision (the
    rules' default policy)."""
    d, b = state.decision, getattr(state, "battle", None)
    if d is None or b is None or d.kind != "casualties" or b.kind != "battle":
        return None
    legal = state.legal_actions()
    profiles = [a.profile for a in legal if a.kind == "casualties"]
    if not profiles:
        return None
    att, dfn = sides(state, b)
    mine = att if d.about == "att" else dfn
    ut = state.rules.units
    hp = {u.id: ut[u.type].hits - u.damage for u in mine}
    units = tuple((u.id, unit_kind(state, u), hp[u.id]) for u in mine)
    chosen = default(state, legal).profile
    rnd = b.round + 1
    picks: dict[str, tuple[int, ...]] = {}
    shown: list[dict] = []
    others: list[str] = []
    fought = False
    first: set[tuple] = set()  # per answer: the fire before the round's general dice
    for p in [chosen] + [p for p in profiles if p != chosen]:
        copy, events, o, ok, faces = _fight_copy(state, Action.casualties(p), default)
        picks[p] = _losses(copy, hp)
        if p == chosen:
            shown, others, fought, rolled = events, o, ok, faces
        first.add(_first_fire(events, faces, rnd))
    at = next(
        (i for i, e in enumerate(shown) if e.get("e") == "round" and e.get("round") == rnd), None
    )
    report = shown[at] if at is not None else None
    fs = (report or {}).get("first_strike") or [0, 0]
    # (fire before round 1 logs events of its own: AA guns, bombardment)
    before = [e for e in shown[:at] if e.get("e") not in ("action", "lost")]
    certain = fought and not others and not any(fs) and not (rnd == 1 and before)
    # the fire before the general dice (AA guns, bombardment, the first strike) is the
    # same whatever this side answers when every answer's copy rolled the same for it:
    # then its dice and hits are shown before the choice too (#37)
    early = fought and not others and len(first) == 1
    dice: list[tuple[str, str]] = []
    hits = (0, 0)
    dfn_name = b.defender or "defender"
    if report is not None:
        (fs_att, fs_def), (g_att, g_def) = report.get("dice") or ([[], []], [[], []])
        if early and rnd == 1 and at is not None:
            dice += [("before round 1", w) for w in _fire_before(shown, rolled, at)]
        if fs_att or fs_def:  # (the first strike's dice do not depend on the losses)
            dice.append((f"{b.attacker}, first strike", dice_words(fs_att)))
            dice.append((f"{dfn_name}, first strike", dice_words(fs_def)))
            if early:
                dice.append(("first-strike hits", f"{b.attacker} {fs[0]}, {dfn_name} {fs[1]}"))
        if certain:
            dice.append((b.attacker, dice_words(g_att)))
            dice.append((dfn_name, dice_words(g_def)))
            h = report.get("hits") or [0, 0]
            hits = (h[0], h[1])
    note = ""
    if not certain:
        note = (
            ("The fire above rolls the same whatever you pick. " if early and dice else "")
            + f"This round's other dice depend on {_why(others, any(fs), bool(before))}: "
            "pick the order your units go in; they are rolled when you confirm."
        )
    return LossChoice(
        zone=b.zone,
        attacker=b.attacker,
        defender=dfn_name,
        round=rnd,
        side=d.about,
        owner=d.owner,
        dice=tuple(dice),
        hits=hits,
        need=len(picks[chosen]) if certain else 0,
        units=units,
        profiles=picks,
        default=chosen,
        certain=certain,
        note=note,
    )
