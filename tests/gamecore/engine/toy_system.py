"""A test-only toy rule system (issue #22): three phases of its own, two action kinds, a
combat results table as a typed option, its own victory rule — registered with the kernel
from outside the engine package, which knows nothing of it.

- ``levy`` (decisions): pay ``levy_cost`` for a ``soldier`` in a zone you hold;
- ``assault`` (decisions): every soldier of one zone attacks a neighbouring land zone
  another nation holds or nobody holds; ``converge``: the soldiers of every zone next to
  the target attack it in one engagement (participants standing in several zones); the odds column (attack strength : defence strength, rounded down, within
  the table's columns) and a die give the result: ``AE`` the attackers die, ``A1`` one
  attacker dies, ``EX`` one of each, ``D1`` one defender dies, ``DE`` the defenders die
  and the attackers take the zone;
- ``tribute`` (automatic): the nation collects its zones' values (a zone stormed by a
  ``DE`` result is devastated: it yields one less, through the kernel's zone economy);
- its own state part, ``losses``: soldiers each nation lost attacking.

At the round limit the nation holding the most zones wins.

The toy brings its own parts, like any rule system, from this module alone: a validator
check (``TOY001``: a nation that cannot afford one soldier at the start) and a play-mode
adapter (:class:`ToyPlay`: in the assault phase a click on your soldiers' zone, then on
a zone next to it, makes that ``assault``)."""

from __future__ import annotations

from gamecore.engine.actions import Action
from gamecore.engine.options import OptionSpec
from gamecore.engine.parts import Part
from gamecore.engine.playview import PlayAdapter
from gamecore.engine.state import state_class
from gamecore.engine.systems import (
    ActionKind,
    Phase,
    RuleSystem,
    SystemCheck,
    get_system,
    register_system,
)
from gamecore.engine.turns import END
from gamecore.model import RulesetDoc

RESULTS = ("AE", "A1", "EX", "D1", "DE")

#: odds column -> result for die faces 1..6
CRT = {
    "1:2": ["AE", "AE", "A1", "A1", "EX", "D1"],
    "1:1": ["AE", "A1", "A1", "EX", "D1", "DE"],
    "2:1": ["A1", "A1", "EX", "D1", "DE", "DE"],
    "3:1": ["A1", "EX", "D1", "DE", "DE", "DE"],
}

TOY_RULESET = """
[ruleset]
id = "toy"
name = "Toy war"
system = "toy"
phases = ["levy", "assault", "tribute"]

[options]
levy_cost = 2

[units.soldier]
domain = "land"
cost = 2
attack = 2
defense = 3
movement = 1
"""


def _column(att: int, dfn: int, crt: dict) -> str:
    cols = sorted(crt, key=lambda c: int(c.split(":")[0]) / int(c.split(":")[1]))
    best = cols[0]
    for c in cols:
        a, d = (int(x) for x in c.split(":"))
        if att * d >= dfn * a:
            best = c
    return best


def levy_actions(s) -> list[Action]:
    n = s.current_nation
    if s.banks.get(n, 0) < s.rules.options["levy_cost"]:
        return [END]
    return [Action("levy", zone=z) for z in sorted(s.zones_of(n))] + [END]


def apply_levy(s, a: Action) -> None:
    n = s.current_nation
    s.banks[n] -= s.rules.options["levy_cost"]
    s.add_unit(n, "soldier", a.zone)
    s.event("levy", nation=n, zone=a.zone)


def assault_actions(s) -> list[Action]:
    n = s.current_nation
    out = []
    for z in sorted(s.at):
        mine = tuple(u for u in s.at[z] if s.units[u].nation == n and not s.units[u].flags)
        if not mine:
            continue
        for t in s.board.nbrs.get(z, ()):
            if s.board.kind[t] == "land" and s.owner.get(t) != n:
                out.append(Action("assault", units=mine, path=(z, t)))
    # an engagement whose participants stand in several zones: every fresh soldier next
    # to the target attacks it at once
    targets = sorted({a.path[1] for a in out})
    for t in targets:
        froms = [
            z
            for z in sorted(s.board.nbrs.get(t, ()))
            if any(s.units[u].nation == n and not s.units[u].flags for u in s.units_in(z))
        ]
        if len(froms) >= 2:
            units = tuple(
                u
                for z in froms
                for u in s.units_in(z)
                if s.units[u].nation == n and not s.units[u].flags
            )
            out.append(Action("converge", units=tuple(sorted(units)), zone=t))
    return out + [END]


def apply_assault(s, a: Action) -> None:
    z, t = a.path
    _engage(s, t, [s.units[u] for u in a.units])


def apply_converge(s, a: Action) -> None:
    _engage(s, a.zone, [s.units[u] for u in a.units])


def _engage(s, t: int, att: list) -> None:
    """One engagement: ``att`` (from one zone or several) against the target zone ``t``."""
    n = s.current_nation
    ut = s.rules.units
    dfn = [s.units[u] for u in s.units_in(t)]
    strength = sum(ut[u.type].attack for u in att)
    defence = sum(ut[u.type].defense for u in dfn)
    col = _column(strength, max(1, defence), s.rules.options["crt"])
    roll = s.rng.roll(6)
    res = s.rules.options["crt"][col][roll - 1]
    froms = sorted({u.zone for u in att})
    s.event("assault", nation=n, zone=t, column=col, roll=roll, result=res, **{"from": froms})
    s.remember("attacked", by=n, zone=t, against=s.owner.get(t))
    for u in att:
        s.set_unit(u.id, flags=1)  # fought: no second assault this turn
    if res in ("AE", "A1", "EX"):
        s.losses = {**s.losses, n: s.losses.get(n, 0) + (len(att) if res == "AE" else 1)}
    if res == "AE":
        for u in att:
            s.remove_unit(u.id, "combat")
    if res in ("A1", "EX"):
        s.remove_unit(att[0].id, "combat")
    if res in ("D1", "EX") and dfn:
        s.remove_unit(dfn[0].id, "combat")
    if res == "DE" or not s.units_in(t):
        for u in dfn:
            if u.id in s.units:
                s.remove_unit(u.id, "combat")
        for u in att:
            if u.id in s.units:
                s.move_unit(u.id, t)
        if any(u.id in s.units for u in att):
            s.owner[t] = n
            s.bump()
            s.event("capture", zone=t, nation=n)
            if res == "DE":
                s.devastate(t, 1)  # the kernel's zone economy: a stormed zone yields less


def tribute(s) -> None:
    n = s.current_nation
    amount = s.territory_income(n)  # the zones' values, less devastation
    s.banks[n] = s.banks.get(n, 0) + amount
    s.income[n] = amount
    s.event("income", nation=n, amount=amount)


#: the toy's own part of the state: soldiers each nation lost in its assaults
PARTS = (
    Part(
        "losses",
        lambda s: {},
        "share",
        snapshot=lambda v: dict(sorted(v.items())),
        doc="nation -> soldiers lost attacking (replaced, never changed)",
    ),
)
ToyState = state_class("ToyState", PARTS, __name__)


# ---------------------------------------------------------------------- its own parts
def check_levy_money(ctx):
    """TOY001: every nation of the scenario can afford a soldier at the start (its bank
    is at least the ruleset's ``levy_cost``), or its levy phase offers nothing."""
    rs = ctx.ruleset
    cost = rs.options.get("levy_cost", 0) if rs is not None else 0
    for n, bank in sorted(ctx.scenario.banks.items()):
        if bank < cost:
            yield ctx.issue("TOY001", f"{n} starts with {bank}, less than a soldier ({cost})")


class ToyPlay(PlayAdapter):
    """The toy in the play mode: assaults are clicked on the map."""

    phase_titles = {
        "levy": "Levy: pick a zone, then Do",
        "assault": "Assault: click your soldiers, then a zone next to them",
    }
    click_phases = ("assault",)
    map_kinds = ("assault",)

    def click_verb(self, phase: str) -> str:
        return "assault"

    def owns_zone(self, state, player: str, z: int) -> bool:
        return any(state.units[u].nation == player for u in state.units_in(z))

    def actions_from(self, session, zone: int) -> list[Action]:
        return [a for a in session.legal() if a.kind == "assault" and a.path[0] == zone]


class ToySystem(RuleSystem):
    name = "toy"
    title = "test-only toy war: levy, assault by a combat results table, tribute"

    def __init__(self) -> None:
        super().__init__()
        self.add_phase(Phase("levy", levy_actions, doc="buy soldiers"))
        self.add_phase(Phase("assault", assault_actions, doc="attack by the CRT"))
        self.add_phase(Phase("tribute", run=tribute, doc="one per zone held"))
        self.add_action(ActionKind("levy", apply_levy, doc="zone"))
        self.add_action(ActionKind("assault", apply_assault, doc="units, path (from, to)"))
        self.add_action(
            ActionKind("converge", apply_converge, doc="units from several zones, zone: target")
        )
        self.add_check(
            SystemCheck("TOY001", "warning", "nation cannot afford a soldier", check_levy_money)
        )
        self.set_play_adapter(ToyPlay())
        self._specs = {
            **super().option_specs(),
            "levy_cost": OptionSpec("levy_cost", "int", 3, doc="price of a soldier"),
            "crt": OptionSpec("crt", "table", CRT, doc="odds column -> results for die 1..6"),
        }

    def option_specs(self):
        return self._specs

    def describe(self, state, action):
        if action.kind == "levy":
            return f"Levy a soldier in zone {action.zone}"
        return None

    def state_class(self) -> type:
        return ToyState

    def check_options(self, checker, opts) -> None:
        for col, row in opts["crt"].items():
            if not isinstance(row, list) or len(row) != 6 or any(r not in RESULTS for r in row):
                checker.fail(f"options.crt.{col}", f"must be six of {', '.join(RESULTS)}")

    def begin_turn(self, s) -> None:
        for u in list(s.units.values()):
            if u.flags:
                s.units[u.id] = u._replace(flags=0)
        s.bump()
        s.event("turn", round=s.round, nation=s.current_nation)

    def end_round(self, s) -> None:
        s.event("round_end", round=s.round)
        if s.max_rounds is not None and s.round >= s.max_rounds:
            held = {n: len(s.zones_of(n)) for slot in s.board.turn_slots for n in slot}
            best = max(held.values())
            leaders = sorted(n for n, v in held.items() if v == best)
            s.winner = s.side_of(leaders[0]) if len(leaders) == 1 else None
            s.terminal = True
            s.end_reason = "round limit: most zones"
            s.event("game_end", winner=s.winner, reason=s.end_reason)


def system() -> ToySystem:
    """The toy system, registered once per process."""
    try:
        return get_system("toy")  # type: ignore[return-value]
    except Exception:
        return register_system(ToySystem())  # type: ignore[return-value]


def toy_pack(rounds: int = 4):
    """A 3x3 board of land zones: North holds the top row, South the bottom one, the
    middle row is nobody's."""
    from gamecore.engine.testmaps import grid_pack

    system()
    pack = grid_pack(
        ["abc", "def", "ghi"],
        zones={
            **{z: {"owner": "NOR"} for z in "abc"},
            **{z: {"owner": "SOU"} for z in "ghi"},
        },
        nations={"NOR": {"alliance": "north"}, "SOU": {"alliance": "south"}},
        relations={("NOR", "SOU"): "war"},
        units=[("b", "NOR", "soldier", 3), ("h", "SOU", "soldier", 3)],
        banks={"NOR": 4, "SOU": 4},
        ruleset="toy",
        rounds=rounds,
    )
    pack.rulesets["toy"] = RulesetDoc("toy", TOY_RULESET)
    return pack


__all__ = ["CRT", "TOY_RULESET", "ToyPlay", "ToySystem", "toy_pack", "system"]
