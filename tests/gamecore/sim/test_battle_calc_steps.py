"""The battle calculator builds its model from the battle steps the ruleset plays
(gamecore/rules/battle/calc.py; docs/architecture.md, "The battle pipeline").

Sources: rules-notes/004_3g40_handbook.md §4.4 (AA fire before round 1); seeds/000 (Global
War) §12.7 "Fortifications Defend the first round of combat on a "5" with two first strike
rolls"; seeds/003 SUBMARINE SPECIAL RULES "Submarines have first strike on all rounds of
combat".
"""

from __future__ import annotations

import sys

import pytest

from gamecore.rules import load_ruleset
from gamecore.rules.battle.steps import STEPS, steps_for
from gamecore.sim.battle import BattleContext, calculate, prepare
from gamecore.sim.battle.coverage import MODELLED, undeclared


def _without(name: str, monkeypatch) -> None:
    """The calculator walks the ruleset's steps less the one named ``name``."""
    module = sys.modules["gamecore.sim.battle.prepare"]  # the package's `prepare` is a function
    real = module.steps_for

    def fewer(rules):
        return tuple(st for st in real(rules) if st.name != name)

    monkeypatch.setattr(module, "steps_for", fewer)


def test_aa_fire_is_the_aa_fire_steps_part(monkeypatch):
    # rules-notes/004 §4.4: defending AA fires once at attacking aircraft before round 1;
    # the calculator fires it because the ruleset plays the aa_fire step
    att, dfn = "3 fighter", "1 aaa, 1 infantry"
    with_aa = calculate("g40", att, dfn, method="exact")
    no_aa = calculate("g40", att, dfn, BattleContext(aa=False), method="exact")
    assert with_aa.attacker_win < no_aa.attacker_win
    _without("aa_fire", monkeypatch)
    stepless = calculate("g40", att, dfn, method="exact")
    assert stepless.attacker_win == no_aa.attacker_win
    assert stepless.rounds == no_aa.rounds


def test_a_fortifications_dice_come_from_the_border_dice_step(monkeypatch):
    # seeds/000 §12.7: two first-strike rolls at 5 in round 1, against land units
    gw = load_ruleset("global_war")
    ctx = BattleContext(borders=("fortified",))
    prep = prepare(gw, "4 infantry", "2 infantry", ctx)
    assert "border_dice" in prep.plan.parts
    dice = prep.plan.first_strike_dice
    assert [(v, r) for v, _, r in dice] == [(5, 1), (5, 1)]
    assert all("land" not in key[0] for _, key, _ in dice)
    fortified = calculate(gw, "4 infantry", "2 infantry", ctx, method="exact")
    _without("border_dice", monkeypatch)
    bare = calculate(gw, "4 infantry", "2 infantry", ctx, method="exact")
    assert fortified.attacker_win < bare.attacker_win


def test_house_submarines_strike_first_every_round_through_their_step():
    # seeds/003 SUBMARINE SPECIAL RULES: first strike on all rounds, unless a destroyer
    house = prepare("global_war_house", "2 submarine", "1 heavy_cruiser")
    assert "first_strike_every_round" in house.plan.parts
    assert "submarine" in house.plan.first_strike_every
    assert house.fs_until is None  # every round
    gw = prepare("global_war", "2 submarine", "1 heavy_cruiser")
    assert "first_strike_every_round" not in gw.plan.parts
    assert gw.fs_until == 1  # Global War T 9-1: round 1 only


@pytest.mark.parametrize("name", ["g40", "global_war", "global_war_house", "war_game"])
def test_every_step_the_calculator_plays_gave_its_part(name):
    rules = load_ruleset(name)
    prep = prepare(rules, "2 infantry", "2 infantry")
    played = [st.name for st in steps_for(rules) if getattr(st, "calc", None)]
    assert prep.plan.parts == played


def test_a_step_with_no_calculator_part_and_no_word_is_caught():
    class NewRule:
        name = "new_rule"
        stage = "round"
        doc = "a rule the calculator was never told about"
        replaces = ()

        def applies(self, rules):
            return True

        def run(self, rnd):
            pass

    assert undeclared() == []
    assert undeclared((*STEPS, NewRule())) == ["new_rule"]
    NewRule.calc = lambda self, plan: None  # a hook that does not say what it does
    assert undeclared((NewRule(),)) == ["new_rule"]
    NewRule.calc_doc = "modelled"
    assert undeclared((NewRule(),)) == []


def test_the_modelled_steps_are_read_from_the_steps():
    with_part = {st.name for st in STEPS if getattr(st, "calc_doc", "")}
    assert MODELLED.keys() <= with_part
    for st in STEPS:
        if getattr(st, "calc", None) is not None:
            assert getattr(st, "calc_doc", ""), st.name


def test_support_is_handed_out_by_one_rule_for_units_and_for_states():
    # rules-notes/004 §4.3 "Support: artillery +1 to one infantry or mech (attack only)":
    # each offer to at most its count, each receiver at most one bonus, bigger first.
    # The played battle hands it to units (counts 1), the calculator to every state of
    # a cell at once (arrays): the same function, fire.hand_out_support.
    import numpy as np

    from gamecore.rules.battle.fire import hand_out_support

    offers = [(1, 1, ("infantry", "mech_infantry")), (2, 1, ("infantry",))] * 2
    units = ["infantry", "mech_infantry", "infantry", "tank"]
    got = [1] * len(units)
    out = list(
        hand_out_support(offers, got, lambda ts: [i for i, u in enumerate(units) if u in ts], min)
    )
    bonus = {i: v for i, v, n in out if n}
    # the +2 offers go first, to the two infantry; the +1 offers to the mech, then none
    assert bonus == {0: 2, 2: 2, 1: 1} and got == [0, 0, 0, 1]
    # per state: (infantry, mech) counts (0, 1), (1, 1), (3, 2)
    left = {"inf": np.array([0, 1, 3]), "mech": np.array([1, 1, 2])}
    out = [
        (c, v, n.tolist())
        for c, v, n in hand_out_support(
            [(v, np.array([k, k, k]), ts) for v, k, ts in offers],
            left,
            lambda ts: [
                c for c in ("inf", "mech") if {"inf": "infantry", "mech": "mech_infantry"}[c] in ts
            ],
            np.minimum,
        )
        if n.any()
    ]
    given = {}
    for c, v, n in out:
        given.setdefault((c, v), [0, 0, 0])
        given[(c, v)] = [a + b for a, b in zip(given[(c, v)], n, strict=True)]
    assert given[("inf", 2)] == [0, 1, 2]
    assert given[("inf", 1)] == [0, 0, 1] and given[("mech", 1)] == [1, 1, 1]
    assert left["inf"].tolist() == [0, 0, 0] and left["mech"].tolist() == [0, 0, 1]
