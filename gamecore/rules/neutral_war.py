"""Declarations of war on neutral minors and what they cost other nations' income.

Source: seeds/000 (Global War 1936-1945) §5.6 "Allied Declaration of War Penalty":
"Until at war with a Major Power, USA suffers a -8 IPP income decrease each time an
Allied power declares war on a Neutral Minor Power." (and the declarer's 10 IPP,
:func:`declared`)

The option ``neutral_war_income_loss`` (alliance of the declarer -> {nation: IPP}) makes it
a rule of the ruleset, for every scenario played on it: each nation named loses that much
of its peacetime income (``economy.raise_peace_income``) while it is at peace (not at war
with a Major, §5), each time a nation of the alliance declares war on a neutral minor,
whichever way that happens:

- a declaration of war on a minor nation outside every Alliance (§5.5, T 4-3), and
- an attack on a land zone held by a neutral (walking into it is a declaration, §5.5).
  A neutral bloc (a nation of kind "neutral", e.g. the sample world's NEU, NAX, NAL)
  stands for many minors, so each of its zones attacked counts once, however the war on
  the bloc began; declaring war on the bloc itself attacks no minor and costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.options import OptionSpec
from gamecore.rules.economy import at_peace, raise_peace_income

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


def _losses(s: GameState, n: str) -> dict:
    table = s.rules.options.get("neutral_war_income_loss") or {}
    row = table.get(s.alliance.get(n)) if isinstance(table, dict) else None
    return row if isinstance(row, dict) else {}


def _penalise(s: GameState, n: str, on: str | int) -> None:
    for nation, amount in sorted(_losses(s, n).items()):
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            continue
        if nation in s.board.nations and at_peace(s, nation):
            raise_peace_income(s, nation, -amount)
            s.event("neutral_war_penalty", nation=nation, by=n, on=on, change=-amount)


def declared(s: GameState, n: str, x: str) -> None:
    """``n`` has just declared war on ``x``: §5.6 when ``x`` is a minor outside every
    Alliance: the income penalty above, and the declarer pays its alliance's
    ``neutral_attack_cost`` ("Great Britain and France/Free France must pay a 10 IPP
    penalty if they declare war on a Neutral Minor Power"; an attack on a neutral bloc's
    zone pays it after combat, ``politics.after_combat``)."""
    if s.board.nation_kind.get(x) != "minor" or s.alliance.get(x) is not None:
        return
    if _losses(s, n):
        _penalise(s, n, x)
    costs = s.rules.options.get("neutral_attack_cost") or {}
    cost = costs.get(s.alliance.get(n), 0) if isinstance(costs, dict) else 0
    if isinstance(cost, int) and not isinstance(cost, bool) and cost > 0:
        paid = min(cost, s.banks.get(n, 0))
        s.banks[n] = s.banks.get(n, 0) - paid
        s.settle_earmarks(n)
        s.event("neutral_attack_cost", nation=n, on=x, paid=paid)


def attacked_neutrals(s: GameState, n: str) -> None:
    """End of ``n``'s combat phase: §5.6 for each land zone held by a neutral that ``n``
    attacked this turn (each zone once in a game)."""
    if not _losses(s, n):
        return
    for h in s.history:
        if h.get("type") != "attacked" or h.get("round") != s.round or h.get("by") != n:
            continue
        z = h.get("zone", -1)
        key = f"neutral_war:{z}"
        if key in s.awards or not s.board.is_land(z):
            continue
        held_by = h.get("against")
        if held_by is not None and s.board.nation_kind.get(held_by) != "neutral":
            continue
        if not s.is_neutral_owner(s.board.original.get(z)):
            continue
        s.awards.add(key)
        _penalise(s, n, z)


OPTIONS = (
    OptionSpec(
        "neutral_war_income_loss",
        "table",
        {},
        doc="§5.6 declarer's alliance -> {nation: IPP} of peacetime income lost each time it declares war on a neutral minor",
        owner="gamecore.rules.neutral_war",
    ),
)
