"""The condition language itself: parsing, positions of errors, name checking, semantics."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.conditions import (
    compile_expression,
    evaluate,
    parse_expression,
    rules_to_objectives,
)
from gamecore.errors import ConditionError

from .world3g40 import world, zid


def error_of(text, w=None):
    with pytest.raises(ConditionError) as exc:
        compile_expression(text, w or world())
    return exc.value


def test_syntax_error_has_line_and_column():
    err = error_of("controls(GER,\n  Poland")
    assert (err.line, err.column) == (2, 9)
    assert "expected ')'" in str(err)


def test_unknown_zone_is_flagged_with_suggestion():
    err = error_of("controls(GER, Polnad)")
    assert (err.line, err.column) == (1, 15)
    assert "unknown zone or region 'Polnad'" in str(err)
    assert "did you mean 'Poland'" in str(err)


def test_unknown_nation_and_function():
    assert "unknown nation or alliance 'GRE'" in str(error_of("controls(GRE, Poland)"))
    err = error_of("contorls(GER, Poland)")
    assert "unknown function 'contorls'" in str(err) and "controls" in str(err)


def test_no_python_is_ever_evaluated():
    err = error_of("__import__('os')")
    assert "unknown function '__import__'" in str(err)
    assert "unexpected character" in str(error_of("__import__('os').system('true')"))
    with pytest.raises(ConditionError):
        compile_expression("().__class__", world())


def test_type_errors_are_reported():
    assert "gives a number, expected a condition" in str(
        error_of("count(t in {Poland}: true) and round()")
    )
    assert "unknown relation 'wr'" in str(error_of("relation(GER, SOV) == wr"))
    assert "needs 2 argument" in str(error_of("controls(GER)"))


def test_multiword_and_quoted_names():
    w = world()
    assert evaluate("controls(USA, Eastern United States)", w) is True
    assert evaluate('controls(FRA, "French Indo-China")', w) is True
    err = error_of("controls(FRA, French Indo-China)")
    assert 'quotes, "French Indo-China"' in str(err)


def test_set_algebra_and_counts():
    w = world()
    assert evaluate("count(original(GER))", w) == 5
    assert evaluate("count(original(GER) - {Poland, Denmark})", w) == 3
    assert evaluate("count(original(GER) & region(europe_continent))", w) == 5
    assert evaluate("count(sz(92..99))", w) == 8
    assert evaluate("count({92, 93, 125})", w) == 3
    assert evaluate("value(owned_by(GER))", w) == 17


def test_relations_and_alliances():
    w = world()
    assert evaluate("at_war(GER, FRA) and not at_war(GER, SOV)", w) is True
    assert evaluate("relation(GER, FRA) == war", w) is True
    assert evaluate("at_war(axis, allies)", w) is True
    assert evaluate("count(t in {Germany}: at_war(enemies_of(GER), GER))", w) == 1


def test_history_and_first_time():
    w = world()
    poland = zid(w, "Poland")
    assert evaluate("ever(captured(SOV, Poland))", w) is False
    w.log("captured", by="SOV", zone=poland, **{"from": "GER"})
    assert evaluate("ever(captured(SOV, Poland))", w) is True
    assert evaluate("first_time(captured(allies, Poland))", w) is True
    w.round = 2
    assert evaluate("first_time(captured(allies, Poland))", w) is False
    assert evaluate("ever(captured(SOV, Poland), this_round)", w) is False


def test_capital_income_bank_round():
    w = world()
    assert evaluate("capital_held(GER)", w) is True
    w.set_owner(zid(w, "Germany"), "SOV")
    assert evaluate("capital_held(GER)", w) is False
    assert evaluate("capital_held(GER, by=allies)", w) is True
    w.set_bank("GER", 30)
    assert evaluate("bank(GER) >= 30 and round() == 1 and turn(GER) < 2", w) is True
    assert evaluate("income(SOV)", w) == 10 + 5  # the Soviet zones plus Germany


def test_self_refers_to_the_owner():
    w = world()
    (obj,) = rules_to_objectives("objective x { owner: GER if: controls(self, Poland) bonus: 1 }")
    from gamecore.conditions import evaluate_objective

    assert evaluate_objective(obj, w).income == 1
    with pytest.raises(ConditionError, match="no owner"):
        evaluate("controls(self, Poland)", w)


def test_rule_block_errors_have_positions():
    with pytest.raises(ConditionError) as exc:
        rules_to_objectives("objective a {\n  owner: GER\n  wen: true }")
    assert exc.value.line == 3 and "expected a field" in str(exc.value)


_ATOMS = {
    "true": True,
    "false": False,
    "controls(GER, Poland)": True,
    "at_war(GER, SOV)": False,
    "round() >= 1": True,
    "count(original(ITA)) > 4": False,
}


@st.composite
def _exprs(draw, depth=3):
    """(text, expected truth value) built together, so the oracle needs no evaluator."""
    if depth == 0 or draw(st.booleans()):
        atom = draw(st.sampled_from(sorted(_ATOMS)))
        return atom, _ATOMS[atom]
    op = draw(st.sampled_from(["and", "or", "not"]))
    a_text, a = draw(_exprs(depth - 1))
    if op == "not":
        return f"not ({a_text})", not a
    b_text, b = draw(_exprs(depth - 1))
    return f"({a_text}) {op} ({b_text})", (a and b) if op == "and" else (a or b)


@settings(max_examples=60, deadline=None)
@given(_exprs())
def test_boolean_structure_matches_expected_truth(case):
    text, expected = case
    w = world()
    assert compile_expression(text, w).evaluate(w) is expected


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40))
def test_arbitrary_text_never_raises_anything_but_condition_error(text):
    try:
        compile_expression(text, world())
    except ConditionError as err:
        assert err.line >= 1 and err.column >= 1


def test_parse_positions_of_nodes():
    node = parse_expression("not controls(GER, Poland)")
    assert (node.line, node.col) == (1, 1)
    assert (node.operand.line, node.operand.col) == (1, 5)


def test_income_follows_the_scenarios_income_override():
    from gamecore.conditions import ScenarioWorld

    from .world3g40 import build_pack

    pack = build_pack()
    pack.scenarios["1940"].income_overrides["GER"] = 30
    w = ScenarioWorld(pack, "1940")
    assert evaluate("income(GER)", w) == 30
    assert evaluate("income(ITA)", w) == 8  # no override: the owned zones' values
