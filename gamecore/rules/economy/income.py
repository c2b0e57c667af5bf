"""Income: national objectives, purchase permissions, convoy losses, peace-time income and
the war bonus, collecting income and production capacity."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.engine.objectives import outcome
from gamecore.engine.state import Fac
from gamecore.rules import tech

if TYPE_CHECKING:  # pragma: no cover
    from gamecore.engine.state import GameState


# ---------------------------------------------------------------------- income
def objectives_income(s: GameState, n: str) -> tuple[int, list[str]]:
    """Bonus income of ``n``'s national objectives checked at collect income."""

    total = 0
    met = []
    for obj in s.scenario.objectives.values():
        if obj.kind != "objective" or obj.owner != n:
            continue
        if obj.props.get("check", "collect_income") != "collect_income":
            continue
        if obj.once and f"objective:{obj.id}" in s.awards:
            continue
        uses = obj.props.get("uses")  # paid at most N times (TripleA's ``uses``)
        if isinstance(uses, int) and uses > 1 and f"objective:{obj.id}:{uses - 1}" in s.awards:
            continue
        out = outcome(s, obj)
        if out.met:
            total += out.income
            met.append(obj.id)
            if obj.once:
                s.awards.add(f"objective:{obj.id}")
            elif isinstance(uses, int) and uses > 1:
                k = next(i for i in range(uses) if f"objective:{obj.id}:{i}" not in s.awards)
                s.awards.add(f"objective:{obj.id}:{k}")
    return total, met


def purchase_permissions(s: GameState, n: str) -> set[str]:
    """Unit types objectives checked at purchase allow ``n`` to buy (``allow_purchase``:
    China's artillery while the Burma Road is open, seeds/004 "China rules")."""

    extra: set[str] = set()
    for obj in s.scenario.objectives.values():
        if obj.props.get("check") != "purchase" or obj.owner != n:
            continue
        out = outcome(s, obj)
        if out.met:
            for name, args in out.effects:
                if name == "allow_purchase" and len(args) >= 2 and n in args[0].split(","):
                    extra.update(a.strip() for a in args[1].split(","))
    return extra


def convoy_losses(s: GameState, n: str) -> int:
    """Convoy disruption against ``n`` (rules-notes/004 §4.9): enemy units in a convoy zone
    next to land ``n`` controls roll their ``convoy_dice``; each die of 1..convoy_hit_max
    costs that many IPCs, capped by the value of the exposed territories."""
    opts = s.rules.options
    if not opts.get("convoy_disruption") or s.rules.nation_rules(n).convoy_immune:
        return 0
    en = s.enemies(n)
    ut = s.rules.units
    hit_max = int(opts["convoy_hit_max"])
    total = 0
    for z in s.board.convoy_zones:
        exposed = [x for x in s.board.coast.get(z, ()) if s.owner.get(x) == n]
        cap = sum(s.board.value[x] for x in exposed)
        if cap <= 0:
            continue
        dice = 0
        for uid in s.units_in(z):
            u = s.units[uid]
            if u.nation in en and not u.on:
                dice += ut[u.type].convoy_dice
        if not dice:
            continue
        loss = 0
        for _ in range(dice):
            r = s.rng.roll(s.rules.dice)
            if r <= hit_max:
                loss += r
        loss = min(loss, cap)
        if loss:
            s.event("convoy", zone=z, nation=n, dice=dice, loss=loss)
        total += loss
    return total


def initial_peace_income(s: GameState) -> dict[str, int]:
    """Peacetime income levels at the start (option ``income_model = "peacetime"``,
    seeds/000 §2.4, §5): the scenario's ``income_overrides``, else its
    ``props.peacetime_income`` table, else the nation's ``props.peacetime_income``; nations
    with none collect their zones' values."""
    if s.rules.options.get("income_model") != "peacetime":
        return {}
    out = {}
    table = s.scenario.props.get("peacetime_income")
    table = table if isinstance(table, dict) else {}
    for n in s.board.nations:
        v = s.scenario.income_overrides.get(n)
        if v is None:
            v = table.get(n)
        if v is None:
            nat = s.pack.nations.get(n)
            v = nat.props.get("peacetime_income") if nat is not None else None
        if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
            out[n] = v
    return out


def at_war_with_major(s: GameState, n: str) -> bool:
    return any(s.at_war(n, m) and s.board.nation_kind.get(m) == "major" for m in s.board.nations)


def at_peace(s: GameState, n: str) -> bool:
    """Whether ``n`` collects its peacetime income (§5: until at war with a Major)."""
    return (
        s.rules.options.get("income_model") == "peacetime"
        and n in s.peace_income
        and not at_war_with_major(s, n)
    )


def income_level(s: GameState, n: str) -> int:
    """The income level of ``n`` now (§11.6): the held zones' values at war; at peace the
    peacetime tracker, never more than the held zones' values (its Wartime Income)."""
    base = s.territory_income(n)
    if at_peace(s, n):
        return min(s.peace_income[n], base)
    return base


def raise_peace_income(s: GameState, n: str, amount: int) -> None:
    """A permanent change of ``n``'s peacetime income (§5.3 NRS triggers, per-turn rolls,
    §5.6 the US -8); takes effect at once."""
    if n in s.peace_income:
        s.peace_income[n] = max(0, s.peace_income[n] + amount)
        s.event("peace_income", nation=n, change=amount, level=s.peace_income[n])


def peace_capture(s: GameState, zone: int, prev: str | None, new: str) -> None:
    """Capturing a zone at peace raises the captor's peacetime income by its value and
    lowers the former owner's (rules-notes/000 §6.38)."""
    if s.rules.options.get("income_model") != "peacetime":
        return
    v = s.board.value.get(zone, 0)
    if not v:
        return
    if at_peace(s, new):
        raise_peace_income(s, new, v)
    if prev is not None and prev != new and at_peace(s, prev):
        raise_peace_income(s, prev, -v)


def war_bonus_income(s: GameState, n: str) -> int:
    """Wartime Bonus Income (§5.4): the nation's ``props.war_bonus_income`` while at war
    with a Major."""
    nat = s.pack.nations.get(n)
    v = nat.props.get("war_bonus_income", 0) if nat is not None else 0
    if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
        return 0
    return v if at_war_with_major(s, n) else 0


def collect_income(s: GameState, n: str) -> int:
    if f"surrendered:{n}" in s.awards:  # §9.22 (control.check_surrender)
        s.income[n] = 0
        s.event("income", nation=n, amount=0, reason="surrendered")
        return 0
    if not s.rules.options.get("income_without_capital") and not s.has_capital(n):
        s.income[n] = 0
        s.event("income", nation=n, amount=0, reason="capital held by the enemy")
        return 0
    peace = at_peace(s, n)
    base = income_level(s, n)
    war = war_bonus_income(s, n)
    bonus, met = objectives_income(s, n)
    loss = convoy_losses(s, n)
    amount = max(0, base + war + bonus - loss + s.income_mod.get(n, 0))  # + event changes
    s.banks[n] = s.banks.get(n, 0) + amount
    s.income[n] = amount
    _earmarked_income(s, n)
    if peace or war:
        s.event(
            "income",
            nation=n,
            amount=amount,
            territory=base,
            objectives=met,
            convoy=loss,
            peacetime=peace,
            war_bonus=war,
        )
    else:
        s.event("income", nation=n, amount=amount, territory=base, objectives=met, convoy=loss)
    return amount


def _earmarked_income(s: GameState, n: str) -> None:
    """Option ``earmarked_income`` (nation -> {purpose: amount}): money the nation gets
    each time it collects income that only that purpose may spend (lend-lease aid that
    buys only some unit classes; option ``earmarks`` says which). Paid after the income
    event, so a game without it logs exactly what it did before."""
    for purpose, amount in sorted(
        (s.rules.options.get("earmarked_income") or {}).get(n, {}).items()
    ):
        s.earmark(n, purpose, int(amount))


def production_capacity(s: GameState, f: Fac) -> int:
    """Units a facility may place this turn: its production, less damage (and, with
    ``production_limited_by_value``, at most the zone's value, unless the facility type
    says ``props.fixed_production``: The War Game's minor factory, seeds/002 §4.8)."""
    ft = s.rules.facility_types.get(f.type)
    if ft is None or not ft.production or not s.facility_operative(f):
        return 0
    prod = ft.production
    if s.techs:  # seeds/000 §7.8 Improved Factories / Construction: the owner's
        prod = tech.facility_value(s, s.owner.get(f.zone), ft, "production")
    cap = max(0, prod - f.damage)
    if s.rules.options.get("production_limited_by_value") and not ft.props.get("fixed_production"):
        value = s.board.value[f.zone]
        if s.rules.options.get("wg_occupied_halves") and s.board.original.get(
            f.zone
        ) != s.owner.get(f.zone):
            value //= 2  # seeds/002 §4.8: an occupied territory's factory makes half
        cap = min(cap, value)
    return cap
